//! The segmented sieve: cache-sized segments streamed forwards (sieving primes
//! keep their next multiple between segments) and backwards (each segment's
//! first multiples found afresh), and the choice between sieving and testing.

use std::iter::FusedIterator;
use std::ops::Range;

use num_integer::Roots;

use super::miller_rabin::is_prime;
use super::wheel::{self, Classes, PRESIEVE_LIMIT, SievingPrime, WHEEL_PRIMES, WORD_OFFSET};
use crate::Error;

/// Bytes per segment (30 numbers each): half the L2 cache of current x86 cores.
pub(crate) const SEGMENT_BYTES: usize = 256 * 1024;

/// Bytes per sub-segment that the small sieving primes work through at a
/// time: the L1 data cache of current x86 cores.
const L1_BYTES: usize = 32 * 1024;

/// Sieving primes below this hit every L1 sub-segment dozens of times and
/// work through the sub-segments; larger ones cross off the whole segment at
/// once (measured best at `L1_BYTES / 8` on a 32 KiB L1, 512 KiB L2 core).
const SMALL_PRIME: u64 = L1_BYTES as u64 / 8;

/// A range narrower than `√hi / TEST_RATIO` is tested number by number: that
/// costs about `150 ns` a number, while sieving costs about `2 ns` per
/// integer below `√hi` before the first segment.
const TEST_RATIO: u64 = 64;

/// Whether `lo..hi` is best tested number by number rather than sieved.
fn prefers_testing(lo: u64, hi: u64) -> bool {
    (hi - lo).saturating_mul(TEST_RATIO) < (hi - 1).sqrt()
}

#[derive(Clone)]
/// A forward stream of sieved segments covering the numbers `lo..hi`: each
/// set bit is a prime `>= 7` in the range.
pub(crate) struct Segments {
    lo: u64,
    hi: u64,
    /// First byte of the next segment.
    byte: u64,
    end_byte: u64,
    /// Sieving primes below [`SMALL_PRIME`] whose square lies below the
    /// current segment's end.
    small: Classes,
    /// The same for the larger sieving primes.
    large: Classes,
    /// Sieving primes not yet needed, in increasing order.
    source: Option<Box<Forward>>,
    /// The next prime of `source`, taken but not yet needed.
    pending: Option<u64>,
}

impl Segments {
    /// Segments for `lo..hi` (`lo < hi`), with room reserved for the sieving
    /// primes the first segment needs (those up to the square root of its
    /// end); later segments add theirs as they come, so memory follows what
    /// has been sieved, not the range's end.
    pub(crate) fn new(lo: u64, hi: u64) -> Result<Segments, Error> {
        let (byte, end_byte) = wheel::byte_range(lo, hi);
        let first_end = u128::from(byte + SEGMENT_BYTES as u64) * 30;
        let root = (u128::from(hi - 1).min(first_end) as u64).sqrt();
        let estimate = prime_pi_upper_bound(root);
        let bytes = estimate.saturating_mul(std::mem::size_of::<SievingPrime>() as u64);
        let large = usize::try_from(estimate)
            .ok()
            .and_then(Classes::with_capacity)
            .ok_or(Error::OutOfMemory { hi, bytes })?;
        let source = Forward::sieving_primes(hi)?.map(Box::new);
        Ok(Segments {
            lo,
            hi,
            byte,
            end_byte,
            small: Classes::default(),
            large,
            source,
            pending: None,
        })
    }

    /// Sieves the next segment into `buf`; returns its first byte.
    pub(crate) fn next_into(&mut self, buf: &mut Vec<u8>) -> Option<u64> {
        if self.byte >= self.end_byte {
            return None;
        }
        let seg_byte = self.byte;
        let len = (self.end_byte - seg_byte).min(SEGMENT_BYTES as u64);
        buf.resize(len as usize, 0);
        self.sieve(buf);
        Some(seg_byte)
    }

    /// Sieves every segment left into `out`, which has one byte for each.
    pub(crate) fn fill(mut self, out: &mut [u8]) {
        debug_assert_eq!(out.len() as u64, self.end_byte - self.byte);
        for segment in out.chunks_mut(SEGMENT_BYTES) {
            self.sieve(segment);
        }
    }

    /// Sieves the next segment, whose length is that of `seg`, into `seg`.
    fn sieve(&mut self, seg: &mut [u8]) {
        let seg_byte = self.byte;
        let seg_end = seg_byte + seg.len() as u64;
        wheel::presieve(seg, seg_byte);
        self.activate(seg_byte, seg_end);
        for chunk in seg.chunks_mut(L1_BYTES) {
            self.small.cross(chunk);
        }
        self.large.cross(seg);
        wheel::clip(seg, seg_byte, self.lo, self.hi);
        self.byte = seg_end;
    }

    /// Brings in the sieving primes whose square lies below `30 * seg_end`.
    fn activate(&mut self, seg_byte: u64, seg_end: u64) {
        let limit = 30 * u128::from(seg_end);
        while let Some(p) = self.pending.or_else(|| self.source.as_mut()?.next()) {
            if u128::from(p) * u128::from(p) >= limit {
                self.pending = Some(p);
                return;
            }
            self.pending = None;
            let from = (30 * seg_byte).max(self.lo);
            if let Some(sp) = SievingPrime::new(p, from, seg_byte, u64::MAX) {
                if p < SMALL_PRIME {
                    &mut self.small
                } else {
                    &mut self.large
                }
                .push(sp);
            }
        }
    }
}

/// `π(x)` or more, for reserving room (Rosser–Schoenfeld: `π(x) < 1.25506 x / ln x`).
fn prime_pi_upper_bound(x: u64) -> u64 {
    if x < 17 {
        return 6;
    }
    let x = x as f64;
    (1.25506 * x / x.ln()) as u64 + 1
}

/// Words of a segment decoded into primes at a time by [`Forward::next`].
const DECODE_WORDS: usize = 32;

/// The primes `>= 7` in a range, in increasing order, from [`Segments`].
///
/// `next` decodes [`DECODE_WORDS`] words of the segment into a buffer of
/// primes at a time, so that a prime costs a buffer read; `fold` and
/// `count_rest` read the words directly.
#[derive(Clone)]
pub(crate) struct Forward {
    segments: Segments,
    buf: Vec<u8>,
    seg_byte: u64,
    /// Index of the next word of `buf` to decode.
    next_word: usize,
    /// Primes decoded but not yet yielded: `decoded[at..]`.
    decoded: Vec<u64>,
    at: usize,
}

impl Forward {
    pub(crate) fn new(lo: u64, hi: u64) -> Result<Forward, Error> {
        Ok(Forward {
            segments: Segments::new(lo, hi)?,
            buf: Vec::with_capacity(SEGMENT_BYTES),
            seg_byte: 0,
            next_word: 0,
            decoded: Vec::with_capacity(64 * DECODE_WORDS),
            at: 0,
        })
    }

    /// The sieving primes a range ending at `hi` needs beyond the pre-sieved
    /// ones: those up to `√(hi - 1)`; `None` when there are none.
    fn sieving_primes(hi: u64) -> Result<Option<Forward>, Error> {
        let root = (hi - 1).sqrt();
        (root >= PRESIEVE_LIMIT)
            .then(|| Forward::new(PRESIEVE_LIMIT, root + 1))
            .transpose()
    }

    /// Decodes the next words holding a prime; `false` when the stream is done.
    #[inline(never)]
    fn refill(&mut self) -> bool {
        self.decoded.clear();
        self.at = 0;
        loop {
            if 8 * self.next_word >= self.buf.len() {
                match self.segments.next_into(&mut self.buf) {
                    Some(seg_byte) => {
                        self.seg_byte = seg_byte;
                        self.next_word = 0;
                    }
                    None => return false,
                }
            }
            let end = (self.next_word + DECODE_WORDS).min(self.buf.len().div_ceil(8));
            for w in self.next_word..end {
                let (bits, base) = (
                    wheel::word(&self.buf, w),
                    wheel::word_base(self.seg_byte, w),
                );
                wheel::fold_word((), bits, base, &mut |(), p| self.decoded.push(p));
            }
            self.next_word = end;
            if !self.decoded.is_empty() {
                return true;
            }
        }
    }

    /// The number of primes left, counted a word at a time.
    fn count_rest(mut self) -> u64 {
        let mut total = (self.decoded.len() - self.at) as u64;
        total += wheel::count_ones(&self.buf[(8 * self.next_word).min(self.buf.len())..]);
        while self.segments.next_into(&mut self.buf).is_some() {
            total += wheel::count_ones(&self.buf);
        }
        total
    }
}

impl Iterator for Forward {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.at == self.decoded.len() && !self.refill() {
            return None;
        }
        let p = self.decoded[self.at];
        self.at += 1;
        Some(p)
    }

    fn fold<B, F: FnMut(B, u64) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = self.decoded[self.at..]
            .iter()
            .fold(init, |acc, &p| f(acc, p));
        let mut w = self.next_word;
        loop {
            let words = self.buf.get(8 * w..).unwrap_or_default().chunks(8);
            for (bytes, w) in words.zip(w..) {
                let bits = wheel::word(bytes, 0);
                acc = wheel::fold_word(acc, bits, wheel::word_base(self.seg_byte, w), &mut f);
            }
            match self.segments.next_into(&mut self.buf) {
                Some(seg_byte) => self.seg_byte = seg_byte,
                None => return acc,
            }
            w = 0;
        }
    }
}

/// A sieving prime of the backward stream, with the first number `s` of
/// the current segment modulo `p`.
#[derive(Clone, Copy)]
struct Descending {
    p: u32,
    /// `s mod p`.
    rem: u32,
    /// The length of a whole segment, `30 * SEGMENT_BYTES`, modulo `p`.
    step: u32,
}

/// The sieving primes of the backward stream.
#[derive(Clone)]
enum Descent {
    /// Not needed yet: the stream of sieving primes up to `√hi`, unstarted.
    Unstarted(Option<Forward>),
    /// The sieving primes, kept with their remainders; the first `active`
    /// have their square below the current segment's end.
    Kept(Vec<Descending>, usize),
    /// Room for them could not be had: streamed afresh for every segment,
    /// each starting point found by a division.
    Streamed(Option<Forward>),
}

/// The primes `>= 7` in a range, in decreasing order: segments from the top
/// down. Moving one whole segment down changes `s mod p` by a constant per
/// prime, so each sieving prime finds its first multiple in the next
/// segment without a division.
#[derive(Clone)]
struct Backward {
    descent: Descent,
    /// The primes below [`SMALL_PRIME`] with a multiple in the current
    /// segment, crossed one L1 piece at a time, and the larger ones.
    small: Classes,
    large: Classes,
    lo: u64,
    hi: u64,
    lo_byte: u64,
    /// First byte past the next segment.
    byte: u64,
    buf: Vec<u8>,
    seg_byte: u64,
    /// Index of the word of `buf` below the current one.
    next_word: usize,
    bits: u64,
    base: u64,
}

impl Backward {
    fn new(lo: u64, hi: u64) -> Result<Backward, Error> {
        let sieving = Forward::sieving_primes(hi)?;
        let (lo_byte, byte) = wheel::byte_range(lo, hi);
        Ok(Backward {
            descent: Descent::Unstarted(sieving),
            small: Classes::default(),
            large: Classes::default(),
            lo,
            hi,
            lo_byte,
            byte,
            buf: Vec::new(),
            seg_byte: 0,
            next_word: 0,
            bits: 0,
            base: 0,
        })
    }

    /// Keeps the sieving primes with their remainders for a first segment
    /// starting at number `s`, or streams them if the room cannot be had.
    fn start(source: Option<Forward>, s: u64, hi: u64) -> Descent {
        let Some(source) = source else {
            return Descent::Kept(Vec::new(), 0);
        };
        let mut kept = Vec::new();
        let room = usize::try_from(prime_pi_upper_bound((hi - 1).sqrt())).ok();
        if room.is_none_or(|n| kept.try_reserve_exact(n).is_err()) {
            return Descent::Streamed(Some(source));
        }
        let whole = 30 * SEGMENT_BYTES as u64;
        kept.extend(source.map(|p| Descending {
            p: p as u32,
            rem: (s % p) as u32,
            step: if p > whole { whole } else { whole % p } as u32,
        }));
        let active = kept.len();
        Descent::Kept(kept, active)
    }

    /// Crosses off the multiples of the sieving primes in `buf`, the segment
    /// starting at byte `seg_byte` and ending at byte `seg_end`; `first` for
    /// the top segment, whose remainders the sieving primes already hold.
    fn cross(&mut self, seg_byte: u64, seg_end: u64, first: bool) {
        let s = 30 * seg_byte;
        let limit = 30 * u128::from(seg_end);
        let len = seg_end - seg_byte;
        self.small.clear();
        self.large.clear();
        let mut add = |sp: Option<SievingPrime>, p: u64| match sp {
            Some(sp) if p < SMALL_PRIME => self.small.push(sp),
            Some(sp) => self.large.push(sp),
            None => {}
        };
        match &mut self.descent {
            Descent::Unstarted(_) => unreachable!("started before crossing"),
            Descent::Kept(kept, active) => {
                while *active > 0 && u128::from(kept[*active - 1].p).pow(2) >= limit {
                    *active -= 1;
                }
                // The segment above started at `seg_end`: one whole segment
                // higher, except below the last whole one.
                let whole = seg_end - seg_byte == SEGMENT_BYTES as u64;
                for d in &mut kept[..*active] {
                    let p = u64::from(d.p);
                    if !first {
                        d.rem = if whole {
                            let (rem, borrow) = d.rem.overflowing_sub(d.step);
                            if borrow { rem.wrapping_add(d.p) } else { rem }
                        } else {
                            (s % p) as u32
                        };
                    }
                    let sp = if p * p > s {
                        SievingPrime::new(p, s, seg_byte, seg_end)
                    } else {
                        let gap = match d.rem {
                            0 => 0,
                            rem => p - u64::from(rem),
                        };
                        SievingPrime::at_gap(p, gap, len)
                    };
                    add(sp, p);
                }
            }
            Descent::Streamed(source) => {
                for p in source.iter().cloned().flatten() {
                    if u128::from(p) * u128::from(p) >= limit {
                        break;
                    }
                    add(SievingPrime::new(p, s, seg_byte, seg_end), p);
                }
            }
        }
        for chunk in self.buf.chunks_mut(L1_BYTES) {
            self.small.cross(chunk);
        }
        self.large.cross(&mut self.buf);
    }

    fn sieve_next(&mut self) -> bool {
        if self.byte <= self.lo_byte {
            return false;
        }
        let seg_end = self.byte;
        let seg_byte = seg_end
            .saturating_sub(SEGMENT_BYTES as u64)
            .max(self.lo_byte);
        let first = matches!(self.descent, Descent::Unstarted(_));
        if let Descent::Unstarted(source) = &mut self.descent {
            self.descent = Backward::start(source.take(), 30 * seg_byte, self.hi);
        }
        self.buf.resize((seg_end - seg_byte) as usize, 0);
        wheel::presieve(&mut self.buf, seg_byte);
        self.cross(seg_byte, seg_end, first);
        wheel::clip(&mut self.buf, seg_byte, self.lo, self.hi);
        self.seg_byte = seg_byte;
        self.next_word = self.buf.len().div_ceil(8);
        self.byte = seg_byte;
        true
    }

    fn refill(&mut self) -> bool {
        loop {
            if self.next_word == 0 && !self.sieve_next() {
                return false;
            }
            self.next_word -= 1;
            self.bits = wheel::word(&self.buf, self.next_word);
            self.base = wheel::word_base(self.seg_byte, self.next_word);
            if self.bits != 0 {
                return true;
            }
        }
    }

    /// Folds `f` over the primes left, decreasing, a word at a time.
    fn rfold<B>(mut self, init: B, mut f: impl FnMut(B, u64) -> B) -> B {
        let mut acc = wheel::rfold_word(init, self.bits, self.base, &mut f);
        loop {
            for w in (0..self.next_word).rev() {
                let bits = wheel::word(&self.buf, w);
                acc = wheel::rfold_word(acc, bits, wheel::word_base(self.seg_byte, w), &mut f);
            }
            if !self.sieve_next() {
                return acc;
            }
        }
    }

    fn next(&mut self) -> Option<u64> {
        if self.bits == 0 && !self.refill() {
            return None;
        }
        let top = 63 - self.bits.leading_zeros();
        self.bits &= !(1 << top);
        Some(self.base + WORD_OFFSET[top as usize])
    }
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
    /// Every prime below `lo` was yielded from the front.
    lo: u64,
    /// Every prime at or above `hi` was yielded from the back.
    hi: u64,
    /// `None`: the range is narrow and tested number by number.
    sieved: Option<Box<(Forward, Backward)>>,
}

impl std::fmt::Debug for PrimesIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrimesIn")
            .field("remaining", &(self.lo..self.hi))
            .field("sieved", &self.sieved.is_some())
            .finish()
    }
}

impl PrimesIn {
    pub(crate) fn new(range: Range<u64>) -> Result<PrimesIn, Error> {
        let Range { start: lo, end: hi } = range;
        let sieved = if lo >= hi || prefers_testing(lo, hi) {
            None
        } else {
            Some(Box::new((Forward::new(lo, hi)?, Backward::new(lo, hi)?)))
        };
        Ok(PrimesIn { lo, hi, sieved })
    }

    /// Takes the streams when the back end was never used, so that the rest
    /// of the range is the front stream's.
    fn untouched_back(&mut self) -> Option<Box<(Forward, Backward)>> {
        let hi = self.hi;
        self.sieved.take_if(|s| s.1.hi == hi)
    }

    /// The numbers not yet passed by either end.
    #[cfg(feature = "rayon")]
    pub(crate) fn remaining(&self) -> Range<u64> {
        self.lo..self.hi
    }

    /// The number of primes left, a word at a time where it can.
    pub(crate) fn count_u64(mut self) -> u64 {
        match self.untouched_back() {
            Some(streams) => self.wheel_primes().count() as u64 + streams.0.count_rest(),
            None => self.fold(0, |n, _| n + 1),
        }
    }

    /// [`Iterator::next`] when the front has no decoded prime ready.
    fn next_slow(&mut self) -> Option<u64> {
        let (lo, hi) = (self.lo, self.hi);
        let found = match &mut self.sieved {
            None => (lo..hi).find(|&n| is_prime(n)),
            Some(_) if lo < 7 => self.wheel_primes().next().or_else(|| self.front_next(hi)),
            Some(_) => self.front_next(hi),
        };
        match found {
            Some(p) => self.lo = p + 1,
            None => self.lo = self.hi,
        }
        found
    }

    /// The next prime of the front stream, if below `hi`.
    #[inline]
    fn front_next(&mut self, hi: u64) -> Option<u64> {
        self.sieved.as_mut()?.0.next().filter(|&p| p < hi)
    }

    /// The primes 2, 3, 5 left in the range, smallest first.
    fn wheel_primes(&self) -> impl DoubleEndedIterator<Item = u64> + use<> {
        let (lo, hi) = (self.lo, self.hi);
        WHEEL_PRIMES
            .into_iter()
            .filter(move |p| (lo..hi).contains(p))
    }
}

impl Iterator for PrimesIn {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        // The common case: the next prime is decoded already.
        if let Some(streams) = &mut self.sieved {
            let front = &mut streams.0;
            if let Some(&p) = front.decoded.get(front.at)
                && p < self.hi
                && self.lo >= 7
            {
                front.at += 1;
                self.lo = p + 1;
                return Some(p);
            }
        }
        self.next_slow()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let width = self.hi.saturating_sub(self.lo);
        (0, usize::try_from(width).ok())
    }

    fn count(self) -> usize {
        self.count_u64() as usize
    }

    fn fold<B, F: FnMut(B, u64) -> B>(mut self, init: B, mut f: F) -> B {
        let (lo, hi) = (self.lo, self.hi);
        let Some(mut streams) = self.sieved.take() else {
            return (lo..hi).filter(|&n| is_prime(n)).fold(init, f);
        };
        let acc = self.wheel_primes().fold(init, &mut f);
        streams.0.segments.end_byte = streams.0.segments.end_byte.min(hi.div_ceil(30));
        streams
            .0
            .fold(acc, |acc, p| if p < hi { f(acc, p) } else { acc })
    }

    fn last(mut self) -> Option<u64> {
        self.next_back()
    }
}

impl DoubleEndedIterator for PrimesIn {
    fn next_back(&mut self) -> Option<u64> {
        let (lo, hi) = (self.lo, self.hi);
        let found = match &mut self.sieved {
            None => (lo..hi).rev().find(|&n| is_prime(n)),
            Some(streams) => match streams.1.next().filter(|&p| p >= lo) {
                Some(p) => Some(p),
                None => self.wheel_primes().next_back(),
            },
        };
        match found {
            Some(p) => self.hi = p,
            None => self.hi = self.lo,
        }
        found
    }

    fn rfold<B, F: FnMut(B, u64) -> B>(mut self, init: B, mut f: F) -> B {
        let (lo, hi) = (self.lo, self.hi);
        let Some(mut streams) = self.sieved.take() else {
            return (lo..hi).rev().filter(|&n| is_prime(n)).fold(init, f);
        };
        streams.1.lo_byte = streams.1.lo_byte.max(lo / 30);
        let acc = streams
            .1
            .rfold(init, |acc, p| if p >= lo { f(acc, p) } else { acc });
        self.wheel_primes().rev().fold(acc, f)
    }
}

impl FusedIterator for PrimesIn {}

/// The number of primes in `range`, choosing between sieving and testing.
#[cfg(not(feature = "rayon"))]
pub(crate) fn count_primes(range: Range<u64>) -> Result<u64, Error> {
    Ok(PrimesIn::new(range)?.count_u64())
}

#[cfg(feature = "rayon")]
pub(crate) use super::parallel::count_primes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_the_integration_tests_assume() {
        // `tests/sieve.rs` probes the edges at these sizes: change both together.
        assert_eq!(
            (SEGMENT_BYTES, L1_BYTES, SMALL_PRIME),
            (256 * 1024, 32 * 1024, 4096)
        );
    }

    #[test]
    fn room_follows_the_first_segment() {
        // `primes_in(1000..u64::MAX)` reserved room for every sieving prime
        // up to 2^32 (2.4 GB) before yielding 1009.
        let segments = Segments::new(1000, u64::MAX).unwrap();
        assert!(
            segments.large.capacity() < 2000,
            "{}",
            segments.large.capacity()
        );
    }

    #[test]
    fn streamed_descent_agrees_with_kept() {
        // The back end streams its sieving primes afresh for every segment
        // when it cannot keep them; both ways must give the same primes.
        let whole = 30 * SEGMENT_BYTES as u64;
        for (lo, hi) in [
            (0, 2 * whole + 99),
            (1_000_000_000_000, 1_000_000_000_000 + 2 * whole + 7),
        ] {
            let mut kept = Backward::new(lo, hi).unwrap();
            let mut streamed = kept.clone();
            let Descent::Unstarted(source) = &mut streamed.descent else {
                unreachable!("a new stream is unstarted")
            };
            streamed.descent = Descent::Streamed(source.take());
            let kept: Vec<u64> = std::iter::from_fn(|| kept.next()).collect();
            let streamed: Vec<u64> = std::iter::from_fn(|| streamed.next()).collect();
            assert!(kept == streamed, "{lo}..{hi}");
            assert!(kept.len() > 1000);
        }
    }
}
