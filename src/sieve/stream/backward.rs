//! The back end of a stream: segments sieved from the top down. The
//! sieving primes up to `√hi` are kept with the first number of the
//! segment modulo each; moving down a whole segment changes that remainder
//! by a constant, so each finds its first multiple without a division.

use num_integer::Roots;

use super::forward::SievingPrimes;
use super::{
    BUCKETS_FROM, DECODE_WORDS, DECODED, L1Pieces, SEGMENT_BYTES, SEGMENT_SHIFT,
    prime_pi_upper_bound,
};
use crate::Error;
use crate::sieve::buckets::{self, DownBuckets};
use crate::sieve::cross::{Classes, SievingPrime};
use crate::sieve::presieve::presieve;
use crate::sieve::wheel;

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
    Unstarted(Option<SievingPrimes>),
    /// The sieving primes below [`BUCKETS_FROM`], kept with their
    /// remainders (the first `active` have their square below the current
    /// segment's end), and the larger ones in buckets.
    Kept(Vec<Descending>, usize, DownBuckets<SEGMENT_SHIFT>),
    /// Room for them could not be had: streamed afresh for every segment,
    /// each starting point found by a division.
    Streamed(Option<SievingPrimes>),
}

/// The primes `>= 7` in a range, in decreasing order: segments from the top
/// down. Moving one whole segment down changes `s mod p` by a constant per
/// prime, so each sieving prime finds its first multiple in the next
/// segment without a division.
#[derive(Clone)]
pub(super) struct Backward {
    descent: Descent,
    /// The L1 pieces the small sieving primes cross a segment in.
    pieces: L1Pieces,
    /// The primes below [`L1Pieces::small_below`] with a multiple in the
    /// current segment, crossed one L1 piece at a time, and the others
    /// below [`BUCKETS_FROM`].
    small: Classes,
    medium: Classes,
    lo: u64,
    hi: u64,
    lo_byte: u64,
    /// The byte past the next segment's end.
    next_end: u64,
    buf: Vec<u8>,
    seg_byte: u64,
    /// The words of `buf` below this are not decoded yet.
    next_word: usize,
    /// Primes decoded but not yet yielded, `decoded[..len]`, the largest
    /// last: [`DECODE_WORDS`] words at a time, below those decoded before.
    decoded: Box<[u64; DECODED]>,
    len: usize,
}

impl Backward {
    pub(super) fn new(lo: u64, hi: u64) -> Result<Backward, Error> {
        let sieving = SievingPrimes::up_to_root(hi)?;
        let (lo_byte, next_end) = wheel::byte_range(lo, hi);
        Ok(Backward {
            descent: Descent::Unstarted(sieving),
            pieces: L1Pieces::of_this_core(),
            small: Classes::default(),
            medium: Classes::default(),
            lo,
            hi,
            lo_byte,
            next_end,
            buf: Vec::new(),
            seg_byte: 0,
            next_word: 0,
            decoded: Box::new([0; DECODED]),
            len: 0,
        })
    }

    /// Keeps the sieving primes with their remainders for a first segment
    /// starting at number `s` in a range of the bytes `lo_byte..end_byte`
    /// below `hi`, the large ones in buckets, or streams them if the room
    /// cannot be had.
    fn start(
        source: Option<SievingPrimes>,
        s: u64,
        hi: u64,
        lo_byte: u64,
        end_byte: u64,
    ) -> Descent {
        let largest = (hi - 1).sqrt();
        let mut buckets = DownBuckets::new(lo_byte, end_byte, largest);
        let Some(mut source) = source else {
            return Descent::Kept(Vec::new(), 0, buckets);
        };
        let mut kept = Vec::new();
        let room = usize::try_from(prime_pi_upper_bound(largest.min(BUCKETS_FROM))).ok();
        if room.is_none_or(|n| kept.try_reserve_exact(n).is_err())
            || !buckets::can_hold(prime_pi_upper_bound(largest))
        {
            return Descent::Streamed(Some(source));
        }
        let whole = 30 * SEGMENT_BYTES as u64;
        for p in source.by_ref() {
            if p >= BUCKETS_FROM {
                buckets.push_all(SievingPrime::below(p, end_byte - 1));
                break;
            }
            kept.push(Descending {
                p: p as u32,
                rem: (s % p) as u32,
                step: if p > whole { whole } else { whole % p } as u32,
            });
        }
        for p in source {
            buckets.push_all(SievingPrime::below(p, end_byte - 1));
        }
        let active = kept.len();
        Descent::Kept(kept, active, buckets)
    }

    /// Crosses off the multiples of the sieving primes in `buf`, the segment
    /// starting at byte `seg_byte` and ending at byte `seg_end`; `first` for
    /// the top segment, whose remainders the sieving primes already hold.
    fn cross(&mut self, seg_byte: u64, seg_end: u64, first: bool) {
        let s = 30 * seg_byte;
        let limit = 30 * u128::from(seg_end);
        let len = seg_end - seg_byte;
        self.small.clear();
        self.medium.clear();
        let small_below = self.pieces.small_below();
        let mut add = |sp: Option<SievingPrime>, p: u64| match sp {
            Some(sp) if p < small_below => self.small.push(sp),
            Some(sp) => self.medium.push(sp),
            None => {}
        };
        match &mut self.descent {
            Descent::Unstarted(_) => unreachable!("started before crossing"),
            Descent::Kept(kept, active, buckets) => {
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
                buckets.cross(&mut self.buf);
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
        for chunk in self.buf.chunks_mut(self.pieces.bytes()) {
            self.small.cross(chunk);
        }
        self.medium.cross(&mut self.buf);
    }

    fn sieve_next(&mut self) -> bool {
        if self.next_end <= self.lo_byte {
            return false;
        }
        let seg_end = self.next_end;
        let seg_byte = seg_end
            .saturating_sub(SEGMENT_BYTES as u64)
            .max(self.lo_byte);
        let first = matches!(self.descent, Descent::Unstarted(_));
        if let Descent::Unstarted(source) = &mut self.descent {
            let (lo_byte, hi) = (self.lo_byte, self.hi);
            self.descent = Backward::start(source.take(), 30 * seg_byte, hi, lo_byte, seg_end);
        }
        self.buf.resize((seg_end - seg_byte) as usize, 0);
        presieve(&mut self.buf, seg_byte);
        self.cross(seg_byte, seg_end, first);
        wheel::clip(&mut self.buf, seg_byte, self.lo, self.hi);
        self.seg_byte = seg_byte;
        self.next_word = self.buf.len().div_ceil(8);
        self.next_end = seg_byte;
        true
    }

    /// Decodes the next words down holding a prime; `false` when the
    /// stream is done.
    fn refill(&mut self) -> bool {
        loop {
            if self.next_word == 0 && !self.sieve_next() {
                return false;
            }
            let start = self.next_word.saturating_sub(DECODE_WORDS);
            let words = start..self.next_word;
            self.len = wheel::decode(&self.buf, words, self.seg_byte, &mut self.decoded[..]);
            self.next_word = start;
            if self.len > 0 {
                return true;
            }
        }
    }

    /// The same stream, its small sieving primes crossing `pieces`.
    #[cfg(test)]
    pub(super) fn with_pieces(self, pieces: L1Pieces) -> Backward {
        Backward { pieces, ..self }
    }

    /// The range's end: the back end never yielded a prime if the range
    /// still ends there.
    pub(super) fn hi(&self) -> u64 {
        self.hi
    }

    /// Ends the stream at the segment holding `lo`: a fold over a range
    /// that the front has narrowed sieves no further.
    pub(super) fn stop_at(&mut self, lo: u64) {
        self.lo_byte = self.lo_byte.max(lo / 30);
    }

    /// Folds `f` over the primes left, decreasing, from the decoded batches.
    pub(super) fn rfold<B>(mut self, init: B, mut f: impl FnMut(B, u64) -> B) -> B {
        let mut acc = init;
        loop {
            acc = self.decoded[..self.len]
                .iter()
                .rev()
                .fold(acc, |acc, &p| f(acc, p));
            if !self.refill() {
                return acc;
            }
        }
    }

    pub(super) fn next(&mut self) -> Option<u64> {
        if self.len == 0 && !self.refill() {
            return None;
        }
        self.len -= 1;
        Some(self.decoded[self.len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
