//! The streaming sieve: [`PrimesIn`] joins a [`forward`] end, which sieves
//! segments in increasing order, and a [`backward`] end, which sieves them
//! from the top down, and tests a range number by number instead where
//! that is cheaper than sieving.

mod backward;
mod forward;
mod l1;

use std::iter::FusedIterator;
use std::ops::Range;

use num_integer::Roots;

use super::miller_rabin::is_prime;
use super::wheel::{DECODE_WORDS, DECODED, WHEEL_PRIMES};
use crate::Error;
use backward::Backward;
use forward::Forward;
pub(crate) use forward::ForwardSieve;
use l1::L1Pieces;

/// Bytes per segment (30 numbers each): half the 2 MiB L2 cache of the
/// 48 KiB L1d, 2 MiB L2 core the sieve is tuned on (Intel Xeon, AVX-512).
/// Counting `[10^12, 10^12 + 10^10)` took 0.76× the time with 1 MiB segments
/// as with 256 KiB, `[10^15, 10^15 + 10^10)` 0.91×, and `[0, 10^9)` 0.97×;
/// 512 KiB and 2 MiB segments were slower at one height or another. On a
/// 32 KiB L1d, 1 MiB L2 core (AMD EPYC, Zen 4), 512 KiB segments took 1.01×
/// the time at `10^12` and 1.05× at `10^15`.
pub(crate) const SEGMENT_BYTES: usize = 1024 * 1024;

/// [`SEGMENT_BYTES`] as a power of two.
const SEGMENT_SHIFT: u32 = SEGMENT_BYTES.trailing_zeros();

/// Sieving primes from this on have at most a few multiples in a segment
/// and wait in buckets for the segments they have one in. Measured on a 32
/// KiB L1, 512 KiB L2 core (Zen 2): a count over `[10^15, 10^15 + 3 · 10^9)`
/// takes 0.92× the time with buckets from 4 times the segment's bytes than
/// from 2 times, and 8 times is no faster; on a 48 KiB L1, 2 MiB L2 core, 2
/// times had measured best beside 4 and 1 with 256 KiB segments.
const BUCKETS_FROM: u64 = 4 * SEGMENT_BYTES as u64;

/// A range narrower than `√hi / TEST_RATIO` is tested number by number: that
/// costs about `150 ns` a number, while sieving costs about `2 ns` per
/// integer below `√hi` before the first segment.
const TEST_RATIO: u64 = 64;

/// Whether `lo..hi` is best tested number by number rather than sieved.
fn prefers_testing(lo: u64, hi: u64) -> bool {
    (hi - lo).saturating_mul(TEST_RATIO) < (hi - 1).sqrt()
}

/// `π(x)` or more, for reserving room (Rosser–Schoenfeld: `π(x) < 1.25506 x / ln x`).
pub(in crate::sieve) fn prime_pi_upper_bound(x: u64) -> u64 {
    if x < 17 {
        return 6;
    }
    let x = x as f64;
    (1.25506 * x / x.ln()) as u64 + 1
}

/// An iterator over the primes in a range, from [`primes_in`](super::primes_in).
///
/// It yields the primes in increasing order from the front and in decreasing
/// order from the back ([`DoubleEndedIterator`]); the two ends meet without
/// yielding a prime twice. Memory stays `O(√hi)` whatever the range's width.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::primes_in;
///
/// let mut primes = primes_in(10..=30)?;
/// assert_eq!((primes.next(), primes.next_back()), (Some(11), Some(29)));
/// assert_eq!(primes.collect::<Vec<_>>(), [13, 17, 19, 23]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct PrimesIn {
    /// The primes the front end decoded and has not yet yielded are
    /// `decoded[at..len]`. The three are kept apart from the rest and
    /// handed to [`Stream::next_slow`] by value (the buffer by its heap
    /// address), so that the compiler can keep them in registers through
    /// a loop calling `next`.
    at: usize,
    len: usize,
    /// Room for [`DECODED`] numbers, whose length the compiler knows, so
    /// that reading one checks its index against a constant.
    decoded: Box<[u64; DECODED]>,
    /// On the heap, so that handing it to [`Stream::next_slow`] does not
    /// hand over the address of this struct: then the compiler keeps `at`,
    /// `len` and the buffer's address in registers through a loop calling
    /// `next`, with no load or store a prime.
    stream: Box<Stream>,
}

/// What a [`PrimesIn`] holds beside its decoded primes.
#[derive(Clone)]
struct Stream {
    /// Every prime below `lo` was yielded from the front, or below the
    /// front's last decoded prime yielded ([`PrimesIn::lo`]).
    lo: u64,
    /// Every prime at or above `hi` was yielded from the back.
    hi: u64,
    /// `None`: the range is narrow and tested number by number.
    ends: Option<Box<Ends>>,
}

/// The two ends of a sieved range.
#[derive(Clone)]
struct Ends {
    front: Forward,
    back: Backward,
}

impl std::fmt::Debug for PrimesIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrimesIn")
            .field("remaining", &(self.lo()..self.stream.hi))
            .field("sieved", &self.stream.ends.is_some())
            .finish()
    }
}

impl PrimesIn {
    pub(crate) fn new(range: Range<u64>) -> Result<PrimesIn, Error> {
        let Range { start: lo, end: hi } = range;
        let ends = if lo >= hi || prefers_testing(lo, hi) {
            None
        } else {
            let (front, back) = (Forward::new(lo, hi)?, Backward::new(lo, hi)?);
            Some(Box::new(Ends { front, back }))
        };
        Ok(PrimesIn {
            at: 0,
            len: 0,
            decoded: Box::new([0; DECODED]),
            stream: Box::new(Stream { lo, hi, ends }),
        })
    }

    /// Every prime below this was yielded from the front: the fast path of
    /// [`Iterator::next`] leaves `stream.lo` behind and moves on in the
    /// front's decoded primes.
    fn lo(&self) -> u64 {
        match self.at {
            0 => self.stream.lo,
            at => self.stream.lo.max(self.decoded[at - 1] + 1),
        }
    }

    /// Takes the ends when the back end was never used, so that the rest
    /// of the range is the front end's.
    fn untouched_back(&mut self) -> Option<Box<Ends>> {
        let hi = self.stream.hi;
        self.stream.ends.take_if(|ends| ends.back.hi() == hi)
    }

    /// The numbers not yet passed by either end.
    #[cfg(feature = "rayon")]
    pub(in crate::sieve) fn remaining(&self) -> Range<u64> {
        self.lo()..self.stream.hi
    }

    /// The number of primes left, a word at a time where it can.
    pub(crate) fn count_u64(mut self) -> u64 {
        let decoded = (self.len - self.at) as u64;
        let wheel = wheel_primes(self.lo(), self.stream.hi).count() as u64;
        match self.untouched_back() {
            Some(ends) => wheel + decoded + ends.front.count_rest(),
            None => self.fold(0, |n, _| n + 1),
        }
    }
}

/// How many of the increasing `primes` lie below `hi`, found from the top:
/// those at or above it are the few the back end has yielded.
fn below(primes: &[u64], hi: u64) -> usize {
    primes.iter().rposition(|&p| p < hi).map_or(0, |k| k + 1)
}

/// The primes 2, 3, 5 in `lo..hi`, smallest first.
fn wheel_primes(lo: u64, hi: u64) -> impl DoubleEndedIterator<Item = u64> {
    WHEEL_PRIMES
        .into_iter()
        .filter(move |p| (lo..hi).contains(p))
}

impl Stream {
    /// [`Iterator::next`] when the front has no decoded prime ready
    /// (`at == len`, passed in with the front's `decoded` buffer): the next
    /// prime, and where the decoded primes now are.
    fn next_slow(
        &mut self,
        at: usize,
        decoded: &mut [u64; DECODED],
    ) -> (Option<u64>, usize, usize) {
        let Some(ends) = &mut self.ends else {
            let found = (self.lo..self.hi).find(|&n| is_prime(n));
            self.lo = found.map_or(self.hi, |p| p + 1);
            return (found, 0, 0);
        };
        if at > 0 {
            self.lo = self.lo.max(decoded[at - 1] + 1);
        }
        if self.lo >= self.hi {
            return (None, 0, 0);
        }
        if let Some(p) = wheel_primes(self.lo, self.hi).next() {
            self.lo = p + 1;
            return (Some(p), at, at);
        }
        let decoded_len = ends.front.decode_next(decoded);
        let len = below(&decoded[..decoded_len], self.hi);
        if len == 0 {
            self.lo = self.hi;
            return (None, 0, 0);
        }
        (Some(decoded[0]), 1, len)
    }
}

impl Iterator for PrimesIn {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        // The common case: the next prime is decoded already (the front
        // decodes nothing before 2, 3 and 5 are yielded, and keeps no
        // decoded prime at or above `hi`).
        if self.at < self.len {
            self.at += 1;
            return Some(self.decoded[self.at - 1]);
        }
        let found;
        (found, self.at, self.len) = self.stream.next_slow(self.at, &mut self.decoded);
        found
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let width = self.stream.hi.saturating_sub(self.lo());
        (0, usize::try_from(width).ok())
    }

    fn count(self) -> usize {
        self.count_u64() as usize
    }

    fn fold<B, F: FnMut(B, u64) -> B>(self, init: B, mut f: F) -> B {
        let (lo, hi) = (self.lo(), self.stream.hi);
        let Some(mut ends) = self.stream.ends else {
            return (lo..hi).filter(|&n| is_prime(n)).fold(init, f);
        };
        let acc = wheel_primes(lo, hi).fold(init, &mut f);
        let mut decoded = self.decoded;
        let mut acc = decoded[self.at..self.len]
            .iter()
            .fold(acc, |acc, &p| f(acc, p));
        ends.front.stop_at(hi);
        loop {
            let len = ends.front.decode_next(&mut decoded);
            if len == 0 {
                return acc;
            }
            let primes = &decoded[..below(&decoded[..len], hi)];
            acc = primes.iter().fold(acc, |acc, &p| f(acc, p));
        }
    }

    fn last(mut self) -> Option<u64> {
        self.next_back()
    }
}

impl DoubleEndedIterator for PrimesIn {
    fn next_back(&mut self) -> Option<u64> {
        let (lo, hi) = (self.lo(), self.stream.hi);
        self.stream.lo = lo;
        let found = match &mut self.stream.ends {
            None => (lo..hi).rev().find(|&n| is_prime(n)),
            Some(ends) => match ends.back.next().filter(|&p| p >= lo) {
                Some(p) => Some(p),
                None => wheel_primes(lo, hi).next_back(),
            },
        };
        let hi = found.unwrap_or(lo);
        self.stream.hi = hi;
        // The front keeps no decoded prime the back has yielded.
        while self.len > self.at && self.decoded[self.len - 1] >= hi {
            self.len -= 1;
        }
        found
    }

    fn rfold<B, F: FnMut(B, u64) -> B>(self, init: B, mut f: F) -> B {
        let (lo, hi) = (self.lo(), self.stream.hi);
        let Some(mut ends) = self.stream.ends else {
            return (lo..hi).rev().filter(|&n| is_prime(n)).fold(init, f);
        };
        ends.back.stop_at(lo);
        let acc = ends
            .back
            .rfold(init, |acc, p| if p >= lo { f(acc, p) } else { acc });
        wheel_primes(lo, hi).rev().fold(acc, f)
    }
}

impl FusedIterator for PrimesIn {}

#[cfg(test)]
mod tests {
    use super::super::wheel;
    use super::*;

    #[test]
    fn edges_the_integration_tests_assume() {
        // `tests/common/mod.rs` has these sizes for the edges the tests probe,
        // and the tests cut pieces of 4 segments: change both together.
        assert_eq!(
            (SEGMENT_BYTES, l1::PIECE_BYTES, BUCKETS_FROM),
            (1024 * 1024, [32 * 1024, 48 * 1024, 64 * 1024], 1 << 22)
        );
        assert_eq!(DECODE_WORDS, 32);
        assert_eq!(super::super::pieces::MIN_SEGMENTS, 4);
    }

    /// A fingerprint of a set of numbers: their count and two sums, one of
    /// them of the numbers scrambled, so that a number missed, added or
    /// moved changes it. Streams of increasing or of decreasing numbers are
    /// equal when their sets are.
    fn fingerprint(numbers: impl Iterator<Item = u64>) -> (u64, u64, u64) {
        numbers.fold((0, 0, 0), |(len, sum, scrambled), n| {
            let mixed = (n ^ n >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            (
                len + 1,
                sum.wrapping_add(n),
                scrambled.wrapping_add(mixed ^ mixed >> 32),
            )
        })
    }

    /// The integration tests check the pieces of this core's L1 size
    /// against their oracles; here every other size sieves exactly the
    /// same bits, forwards and backwards, over ranges that hold every
    /// piece's small-prime edge and its square (16384² < 3 · 10^8), every
    /// piece edge of whole segments and of a partial one, and a range
    /// narrower than one piece.
    #[test]
    fn every_piece_size_sieves_alike() {
        let whole = 30 * SEGMENT_BYTES as u64;
        for (lo, hi) in [
            (0, 300_000_000),
            (1_000_000_000_000 - 7, 1_000_000_000_000 + 2 * whole + 1001),
            (123_456_789, 123_456_789 + 30 * 32 * 1024 - 13),
        ] {
            let forward = |pieces| {
                let sieve = ForwardSieve::new(lo, hi).unwrap().with_pieces(pieces);
                let mut primes = Vec::new();
                sieve.fold_words((), |(), base, word| {
                    wheel::fold_word((), word, base, &mut |(), p| primes.push(p))
                });
                fingerprint(primes.into_iter().filter(|p| (lo..hi).contains(p)))
            };
            let backward = |pieces| {
                let mut sieve = Backward::new(lo, hi).unwrap().with_pieces(pieces);
                fingerprint(std::iter::from_fn(|| sieve.next()).filter(|p| (lo..hi).contains(p)))
            };
            let [first, others @ ..] = L1Pieces::every();
            let want = forward(first);
            assert_eq!(backward(first), want, "{lo}..{hi}");
            for pieces in others {
                assert_eq!(forward(pieces), want, "{lo}..{hi}, {pieces:?}");
                assert_eq!(backward(pieces), want, "{lo}..{hi}, {pieces:?}");
            }
        }
    }
}
