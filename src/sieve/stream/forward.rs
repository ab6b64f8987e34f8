//! The front end of a stream: segments sieved in increasing order, each
//! sieving prime keeping its next multiple from one segment to the next,
//! and the primes decoded from their bits.

use num_integer::Roots;

use super::{
    BUCKETS_FROM, DECODE_WORDS, DECODED, L1Pieces, SEGMENT_BYTES, SEGMENT_SHIFT,
    prime_pi_upper_bound,
};
use crate::Error;
use crate::sieve::buckets::{self, Buckets};
use crate::sieve::cross::{Classes, FirstMultiple, SievingPrime};
use crate::sieve::presieve::{PRESIEVE_LIMIT, presieve};
use crate::sieve::wheel;

/// Sieving primes brought in together (see [`ForwardSieve::activate`]).
/// Measured on a 32 KiB L1d, 1 MiB L2 core (AMD EPYC, Zen 4), one thread:
/// batches of 64 counted `[10^18, 10^18 + 10^9)` in 0.88× the time of one
/// prime at a time, `[2^64 - 10^10, 2^64)` in 0.93×; batches of 16 were
/// slower, of 256 no faster.
const BATCH: usize = 64;

/// A forward stream of sieved segments covering the numbers `lo..hi`: each
/// set bit is a prime `>= 7` in the range.
#[derive(Clone)]
pub(crate) struct ForwardSieve {
    lo: u64,
    hi: u64,
    /// The first byte of the next segment.
    next_byte: u64,
    /// The byte past the last segment's end.
    end_byte: u64,
    /// The L1 pieces the small sieving primes cross a segment in.
    pieces: L1Pieces,
    /// Sieving primes below [`L1Pieces::small_below`] whose square lies
    /// below the current segment's end.
    small: Classes,
    /// The same for the sieving primes from there to [`BUCKETS_FROM`],
    /// with several multiples a segment: each visits every segment.
    medium: Classes,
    /// The larger ones, on the wheel of 210, each visiting only the
    /// segments it has a multiple in.
    large: Buckets<SEGMENT_SHIFT>,
    /// Sieving primes not yet needed, in increasing order.
    source: Option<Box<SievingPrimes>>,
}

impl ForwardSieve {
    /// Segments for `lo..hi` (`lo < hi`), with room reserved for the sieving
    /// primes the first segment needs (those up to the square root of its
    /// end); later segments add theirs as they come, so memory follows what
    /// has been sieved, not the range's end.
    pub(crate) fn new(lo: u64, hi: u64) -> Result<ForwardSieve, Error> {
        let (next_byte, end_byte) = wheel::byte_range(lo, hi);
        let first_end = u128::from(next_byte + SEGMENT_BYTES as u64) * 30;
        let root = (u128::from(hi - 1).min(first_end) as u64).sqrt();
        let medium_estimate = prime_pi_upper_bound(root.min(BUCKETS_FROM));
        let estimate = prime_pi_upper_bound(root);
        let bytes = estimate.saturating_mul(8);
        let too_large = Error::OutOfMemory { hi, bytes };
        let medium = usize::try_from(medium_estimate)
            .ok()
            .and_then(Classes::with_capacity)
            .ok_or(too_large.clone())?;
        if !buckets::can_hold(estimate) {
            return Err(too_large);
        }
        let largest = (hi - 1).sqrt();
        let large = Buckets::new(next_byte, end_byte, largest);
        let source = SievingPrimes::up_to_root(hi)?.map(Box::new);
        Ok(ForwardSieve {
            lo,
            hi,
            next_byte,
            end_byte,
            pieces: L1Pieces::of_this_core(),
            small: Classes::default(),
            medium,
            large,
            source,
        })
    }

    /// The same stream, its small sieving primes crossing `pieces`.
    #[cfg(test)]
    pub(super) fn with_pieces(self, pieces: L1Pieces) -> ForwardSieve {
        ForwardSieve { pieces, ..self }
    }

    /// Sieves the next segment into `buf`; returns its first byte.
    fn next_into(&mut self, buf: &mut Vec<u8>) -> Option<u64> {
        if self.next_byte >= self.end_byte {
            return None;
        }
        let seg_byte = self.next_byte;
        let len = (self.end_byte - seg_byte).min(SEGMENT_BYTES as u64);
        buf.resize(len as usize, 0);
        self.sieve(buf);
        Some(seg_byte)
    }

    /// Folds `f` over the words of every segment left, each with its
    /// [`word_base`](wheel::word_base): the primes `>= 7` of the range, a
    /// word of the wheel (240 numbers) at a time. Inlined, so that `f` is
    /// compiled with its caller's instructions (the prime-sum engine's `B`
    /// runs in a [`Task`](crate::dispatch::Task) for the widest counts of
    /// bits; out of line, its counts took the portable build's, without
    /// `popcnt`).
    #[inline(always)]
    pub(crate) fn fold_words<B>(mut self, init: B, mut f: impl FnMut(B, u64, u64) -> B) -> B {
        let mut buf = Vec::with_capacity(SEGMENT_BYTES);
        let mut acc = init;
        while let Some(seg_byte) = self.next_into(&mut buf) {
            for w in 0..buf.len().div_ceil(8) {
                acc = f(acc, wheel::word_base(seg_byte, w), wheel::word(&buf, w));
            }
        }
        acc
    }

    /// Sieves every segment left into `out`, which has one byte for each.
    pub(crate) fn fill(mut self, out: &mut [u8]) {
        debug_assert_eq!(out.len() as u64, self.end_byte - self.next_byte);
        for segment in out.chunks_mut(SEGMENT_BYTES) {
            self.sieve(segment);
        }
    }

    /// Sieves the next segment, whose length is that of `seg`, into `seg`.
    fn sieve(&mut self, seg: &mut [u8]) {
        let seg_byte = self.next_byte;
        let seg_end = seg_byte + seg.len() as u64;
        presieve(seg, seg_byte);
        self.activate(seg_byte, seg_end);
        for chunk in seg.chunks_mut(self.pieces.bytes()) {
            self.small.cross(chunk);
        }
        self.medium.cross(seg);
        self.large.cross(seg);
        wheel::clip(seg, seg_byte, self.lo, self.hi);
        self.next_byte = seg_end;
    }

    /// Brings in the sieving primes whose square lies below `30 * seg_end`,
    /// straight from the source's decoded primes, [`in_batches`]: the
    /// smaller ones on the wheel of 30, the bucket primes on that of 210.
    fn activate(&mut self, seg_byte: u64, seg_end: u64) {
        let ForwardSieve {
            lo,
            end_byte,
            pieces,
            small,
            medium,
            large,
            source,
            ..
        } = self;
        let Some(source) = source else {
            return;
        };
        let limit = 30 * u128::from(seg_end);
        let from = (30 * seg_byte).max(*lo);
        loop {
            let primes = source.peek();
            let needed = primes.partition_point(|&p| u128::from(p) * u128::from(p) < limit);
            let needed_primes = &primes[..needed];
            let (smaller, larger) =
                needed_primes.split_at(needed_primes.partition_point(|&p| p < BUCKETS_FROM));
            in_batches(
                smaller,
                |p| FirstMultiple::new(p, from),
                |p, first| {
                    let Some(sp) = SievingPrime::at(p, first, seg_byte, *end_byte) else {
                        return;
                    };
                    if p < pieces.small_below() {
                        small.push(sp);
                    } else {
                        medium.push(sp);
                    }
                },
            );
            in_batches(
                larger,
                |p| FirstMultiple::new_210(p, from),
                |p, first| large.push(p, first),
            );
            let done = needed < primes.len() || primes.is_empty();
            source.advance(needed);
            if done {
                return;
            }
        }
    }
}

/// Brings in `primes` a batch of [`BATCH`] at a time: their first
/// multiples found by `first` in one loop, with no branch to wait on
/// between their divisions, then each put in place by `place`.
#[inline(always)]
fn in_batches(
    primes: &[u64],
    first: impl Fn(u64) -> FirstMultiple,
    mut place: impl FnMut(u64, FirstMultiple),
) {
    let mut firsts = [FirstMultiple::default(); BATCH];
    for batch in primes.chunks(BATCH) {
        for (slot, &p) in firsts.iter_mut().zip(batch) {
            *slot = first(p);
        }
        for (&p, &multiple) in batch.iter().zip(&firsts) {
            place(p, multiple);
        }
    }
}

/// The words of a [`ForwardSieve`]'s segments, decoded into primes a batch
/// of [`DECODE_WORDS`] at a time ([`wheel::decode`]), so that a prime costs a
/// buffer read; or counted a word at a time.
#[derive(Clone)]
pub(super) struct Forward {
    segments: ForwardSieve,
    buf: Vec<u8>,
    seg_byte: u64,
    /// Index of the next word of `buf` to decode.
    next_word: usize,
}

impl Forward {
    pub(super) fn new(lo: u64, hi: u64) -> Result<Forward, Error> {
        Ok(Forward {
            segments: ForwardSieve::new(lo, hi)?,
            buf: Vec::with_capacity(SEGMENT_BYTES),
            seg_byte: 0,
            next_word: 0,
        })
    }

    /// Decodes the next words holding a prime into `out`, and returns how
    /// many primes they hold: 0 when the stream is done.
    #[inline(never)]
    pub(super) fn decode_next(&mut self, out: &mut [u64; DECODED]) -> usize {
        loop {
            if 8 * self.next_word >= self.buf.len() {
                match self.segments.next_into(&mut self.buf) {
                    Some(seg_byte) => {
                        self.seg_byte = seg_byte;
                        self.next_word = 0;
                    }
                    None => return 0,
                }
            }
            let end = (self.next_word + DECODE_WORDS).min(self.buf.len().div_ceil(8));
            let len = wheel::decode(&self.buf, self.next_word..end, self.seg_byte, out);
            self.next_word = end;
            if len > 0 {
                return len;
            }
        }
    }

    /// Ends the stream at the segment holding `hi - 1`: a fold over a
    /// range that the front has narrowed sieves no further.
    pub(super) fn stop_at(&mut self, hi: u64) {
        let end = &mut self.segments.end_byte;
        *end = (*end).min(hi.div_ceil(30));
    }

    /// The number of primes in the words not yet decoded, counted a word at
    /// a time.
    pub(super) fn count_rest(mut self) -> u64 {
        let mut total = wheel::count_ones(&self.buf[(8 * self.next_word).min(self.buf.len())..]);
        while self.segments.next_into(&mut self.buf).is_some() {
            total += wheel::count_ones(&self.buf);
        }
        total
    }
}

/// The sieving primes of a stream, from [`SievingPrimes::up_to_root`]: the
/// primes of a [`Forward`] in increasing order.
#[derive(Clone)]
pub(super) struct SievingPrimes {
    words: Forward,
    /// Primes decoded but not yet yielded: `decoded[at..len]`.
    decoded: Box<[u64; DECODED]>,
    at: usize,
    len: usize,
}

impl SievingPrimes {
    /// The sieving primes a range ending at `hi` needs beyond the pre-sieved
    /// ones: those up to `√(hi - 1)`; `None` when there are none.
    pub(super) fn up_to_root(hi: u64) -> Result<Option<SievingPrimes>, Error> {
        let root = (hi - 1).sqrt();
        if root < PRESIEVE_LIMIT {
            return Ok(None);
        }
        Ok(Some(SievingPrimes {
            words: Forward::new(PRESIEVE_LIMIT, root + 1)?,
            decoded: Box::new([0; DECODED]),
            at: 0,
            len: 0,
        }))
    }

    /// The decoded primes not yet taken, decoding more when none are left:
    /// none at the end.
    #[inline]
    fn peek(&mut self) -> &[u64] {
        if self.at == self.len {
            self.len = self.words.decode_next(&mut self.decoded);
            self.at = 0;
        }
        &self.decoded[self.at..self.len]
    }

    /// Takes the first `n` primes of [`SievingPrimes::peek`].
    #[inline]
    fn advance(&mut self, n: usize) {
        self.at += n;
    }
}

impl Iterator for SievingPrimes {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        let p = *self.peek().first()?;
        self.advance(1);
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sieve::miller_rabin::is_prime;
    use crate::testing::plain_sieve;

    /// A first segment bringing in one sieving prime short of a whole
    /// batch, a whole one, one more, and two (the sieving primes up to
    /// the root of each range's end), of the smaller primes and of the
    /// bucket primes, counts its primes as a plain sieve or Miller–Rabin
    /// does; and one bringing in many decoded buffers of them.
    #[test]
    fn sieving_primes_come_in_batches() {
        let prime = plain_sieve(2000 * 2000);
        let sieving: Vec<u64> = (PRESIEVE_LIMIT..2000)
            .filter(|&n| prime[n as usize])
            .collect();
        for k in [1, BATCH - 1, BATCH, BATCH + 1, 2 * BATCH, 2 * BATCH + 1] {
            let q = sieving[k - 1];
            for hi in [q * q, q * q + 1, q * q + 2] {
                let words = ForwardSieve::new(0, hi).unwrap();
                let count = words.fold_words(0, |n, _, word| n + u64::from(word.count_ones()));
                let expected = prime[7..hi as usize].iter().filter(|&&p| p).count() as u64;
                assert_eq!(count, expected, "{k} sieving primes, hi {hi}");
            }
        }
        // The same for the bucket primes (from 2^22, on the wheel of 210):
        // a first segment bringing in every smaller prime and k of them,
        // over a window of 3 million numbers, in which most of them have a
        // multiple, against a plain sieve of the window.
        let root = BUCKETS_FROM as usize + 10_000;
        let prime = plain_sieve(root);
        let buckets: Vec<u64> = (BUCKETS_FROM..)
            .filter(|&n| prime[n as usize])
            .take(2 * BATCH + 1)
            .collect();
        for k in [1, BATCH - 1, BATCH, BATCH + 1, 2 * BATCH, 2 * BATCH + 1] {
            let q = buckets[k - 1];
            for hi in [q * q, q * q + 1, q * q + 2] {
                let lo = hi - 3_000_000;
                let words = ForwardSieve::new(lo, hi).unwrap();
                let count = words.fold_words(0, |n, _, word| n + u64::from(word.count_ones()));
                let mut composite = vec![false; (hi - lo) as usize];
                for p in (2..=q).filter(|&p| prime[p as usize]) {
                    for n in (lo.div_ceil(p) * p..hi).step_by(p as usize) {
                        composite[(n - lo) as usize] = true;
                    }
                }
                let expected = composite.iter().filter(|&&c| !c).count() as u64;
                assert_eq!(count, expected, "{k} bucket primes, hi {hi}");
            }
        }
        // A first segment at 10^12 brings in the 78 000 sieving primes up
        // to 10^6, over many of their stream's decoded buffers, the last
        // taken in part: against Miller–Rabin, number by number.
        let (lo, hi) = (1_000_000_000_000, 1_000_000_300_000);
        let words = ForwardSieve::new(lo, hi).unwrap();
        let count = words.fold_words(0, |n, _, word| n + u64::from(word.count_ones()));
        let expected = (lo..hi).filter(|&n| is_prime(n)).count() as u64;
        assert_eq!(count, expected, "[{lo}, {hi})");
    }

    #[test]
    fn room_follows_the_first_segment() {
        // `primes_in(1000..u64::MAX)` reserved room for every sieving prime
        // up to 2^32 (2.4 GB) before yielding 1009.
        let segments = ForwardSieve::new(1000, u64::MAX).unwrap();
        assert!(
            segments.medium.capacity() < 2000,
            "{}",
            segments.medium.capacity()
        );
    }
}
