//! `D`, the hard special leaves: the odd numbers up to `x / z` sieved a
//! segment at a time by `p_2, p_3, ...`, up to the last prime with hard
//! leaves; just before `p_b` crosses off its multiples, the segment
//! answers the leaves of `b` in it from its [`Counted`] bits.

use std::ops::Range;

use num_integer::Roots;

use super::counters::{Counted, Counter};
use super::leaves::Leaves;
use super::progress::Jobs;
use super::special::{Phi, special_leaves};
use super::tables::{SMALL_PRIMES, Tables, free_of_small};
use super::weight::Weight;
use crate::arith::Value;
use crate::dispatch::{self, Task};
use crate::threads;

/// The odd numbers free of 3, 5 and 7, a word per 64 from 1 on: bit `i` of
/// word `w` stands for `2 (64 w + i) + 1`, over the period of 105 words.
/// Each segment starts as a copy: the primes `p_2 ..= p_4` have no
/// special leaves ([`phi0`](super::phi0) takes them), and the sieve
/// crosses off from `p_5 = 11`.
const PATTERN: [u64; 105] = {
    let mut pattern = [0u64; 105];
    let mut w = 0;
    while w < 105 {
        let mut bit = 0;
        while bit < 64 {
            if free_of_small(2 * (64 * w + bit) + 1) {
                pattern[w as usize] |= 1 << bit;
            }
            bit += 1;
        }
        w += 1;
    }
    pattern
};

/// The residues modulo 30 prime to 30, each with the distance to the next:
/// the multiples `k p` with such `k` are the ones the sieve crosses off,
/// the others being even or multiples of 3 or 5, crossed off already.
const WHEEL: [(u64, u64); 8] = [
    (1, 6),
    (7, 4),
    (11, 2),
    (13, 4),
    (17, 2),
    (19, 4),
    (23, 6),
    (29, 2),
];

/// `TO_WHEEL[r]`: from a residue `r` modulo 30, the distance up to the
/// first residue of [`WHEEL`] at or above it (1 past 29), and its index.
const TO_WHEEL: [(u64, usize); 30] = {
    let mut table = [(0, 0); 30];
    let mut r = 0;
    while r < 30 {
        let mut index = 0;
        while index < WHEEL.len() && WHEEL[index].0 < r as u64 {
            index += 1;
        }
        table[r] = match index {
            8 => (31 - r as u64, 0),
            _ => (WHEEL[index].0 - r as u64, index),
        };
        r += 1;
    }
    table
};

/// The sieve over the odd numbers below `end`, segment by segment,
/// answering the hard special leaves: what every segment shares.
pub(super) struct HardLeaves<'a, W: Weight> {
    pub(super) x: u64,
    pub(super) y: u64,
    /// `⌊x / (z + 1)⌋ + 1`: every leaf's `t = x / (p_b m)`, `p_b m > z`, is below.
    end: u64,
    /// `b <= general` take every `m`, the others only primes.
    pub(super) general: usize,
    /// `p_counted` is the last prime with hard leaves, `p_b <= x^(1/4)` or
    /// `b <= general`: the primes up to it cross off, counted.
    counted: usize,
    pub(super) tables: &'a Tables<W>,
    /// 64-bit words per segment.
    words: usize,
}

/// One thread's segment: the odd numbers still unsieved, counted, and
/// where each sieving prime crosses off next.
struct Segment<C: Counter> {
    bits: Counted<C>,
    /// The next multiple `k p_b` to cross off, `k` prime to 30, and the
    /// index of `k mod 30` in [`WHEEL`].
    next: Vec<(u64, usize)>,
}

/// What a run of consecutive segments adds to the sums, with `φ` counted
/// from the run's first number; runs combine in order
/// ([`SegmentRun::then`]), so that the segments can be sieved on
/// different threads.
pub(super) struct SegmentRun<V> {
    /// `phi[b]`: `Σ f(j)` over the run's `j` free of `p_1 ..= p_{b-1}`.
    phi: Vec<V>,
    /// `leaves[b]`: the hard leaves of `b`, against the `φ(·, b - 1)`
    /// before the run.
    leaves: Vec<Leaves<V>>,
}

impl<V: Value> SegmentRun<V> {
    /// The run of no segments.
    fn empty(counted: usize) -> SegmentRun<V> {
        SegmentRun {
            phi: vec![V::default(); counted + 1],
            leaves: vec![Leaves::default(); counted + 1],
        }
    }

    /// This run followed by `later`: `later`'s `φ` start where this run's
    /// end.
    fn then(mut self, later: SegmentRun<V>) -> SegmentRun<V> {
        let per_prime = self.phi.iter_mut().zip(&mut self.leaves);
        for ((phi, leaves), (&later_phi, &later_leaves)) in
            per_prime.zip(later.phi.iter().zip(&later.leaves))
        {
            *leaves = leaves.then(*phi, later_leaves);
            *phi = phi.plus(later_phi);
        }
        self
    }

    /// What the run adds to `S(x)`, with nothing before it: `D`.
    pub(super) fn total(&self) -> V {
        self.leaves
            .iter()
            .fold(V::default(), |sum, leaves| sum.plus(leaves.sum))
    }
}

impl<'a, W: Weight> HardLeaves<'a, W> {
    /// The sieve for `x`, split at the tables' `y` and `z`, with `words`
    /// words a segment.
    pub(super) fn new(x: u64, tables: &'a Tables<W>, words: usize) -> Self {
        let (y, z) = (tables.y(), tables.z());
        let end = x / (z + 1) + 1;
        let sieving = tables.pi((end - 1).sqrt());
        // A leaf `p_b m` with `m` composite has `p_b² < m <= z`; the
        // leaves start at `b = 5`.
        let general = tables.pi(z.sqrt()).max(SMALL_PRIMES);
        // A hard leaf `p q` with `b > general` has `p³ q <= x`, `p < x^(1/4)`.
        let counted = tables.pi(x.sqrt().sqrt()).max(general).min(sieving);
        HardLeaves {
            x,
            y,
            end,
            general,
            counted,
            tables,
            words,
        }
    }

    /// Sieves every segment: with several threads, one segment a job (the
    /// leaves crowd the first segments), the runs combined in order.
    pub(super) fn run(&self, jobs: &Jobs) -> SegmentRun<W::V> {
        let count = self.count() as u64;
        if threads::count() > 1 {
            return threads::fold_in_order(
                0..count as usize,
                || self.segment(),
                |segment, i| {
                    let segments = i as u64..i as u64 + 1;
                    dispatch::with_avx512(SieveSegments {
                        hard: self,
                        segments,
                        segment,
                        jobs,
                    })
                },
                || SegmentRun::empty(self.counted),
                SegmentRun::then,
            );
        }
        let segment = &mut self.segment();
        dispatch::with_avx512(SieveSegments {
            hard: self,
            segments: 0..count,
            segment,
            jobs,
        })
    }

    /// How many segments the numbers below `end` take.
    pub(super) fn count(&self) -> usize {
        self.end.div_ceil(128 * self.words as u64) as usize
    }

    /// A segment's buffers.
    fn segment(&self) -> Segment<W::Counter> {
        Segment {
            bits: Counted::new(self.words, self.tables.weight.layout().clone()),
            next: vec![(0, 0); self.counted + 1],
        }
    }

    /// Sieves the segments numbered `segments`, in order, in `segment`.
    #[inline(always)]
    fn sieve(
        &self,
        segments: Range<u64>,
        segment: &mut Segment<W::Counter>,
        jobs: &Jobs,
    ) -> SegmentRun<W::V> {
        let (x, w) = (self.x, &self.tables.weight);
        let span = 128 * self.words as u64;
        let start = segments.start * span;
        let end = (segments.end * span).min(self.end);
        let a = self.tables.a();
        for b in SMALL_PRIMES + 1..=self.counted {
            let p = u64::from(self.tables.primes[b]);
            // The least multiple `k p >= start` with `k` on the wheel, with
            // no division: a segment of every job starts here.
            let k = self.tables.quotient(start + p - 1, b).max(1);
            let (step, index) = TO_WHEEL[(k % 30) as usize];
            segment.next[b] = ((k + step) * p, index);
        }
        let mut run = SegmentRun::empty(self.counted);
        let mut low = start;
        while low < end {
            let high = (low + span).min(end);
            fill_pattern(&mut segment.bits.words, low, high);
            segment.bits.recount();
            let counted = self.counted_from(low);
            for b in SMALL_PRIMES + 1..=counted {
                if b < a {
                    let sieved = Sieved {
                        bits: &mut segment.bits,
                        phi: run.phi[b],
                        low,
                    };
                    // The first run has no `φ` before it to weigh.
                    let (general, tables) = (self.general, self.tables);
                    let leaves = match start {
                        0 => special_leaves::<W, false>(x, tables, general, b, low, high, sieved),
                        _ => special_leaves::<W, true>(x, tables, general, b, low, high, sieved),
                    };
                    run.leaves[b].add(leaves.sum, leaves.weight);
                }
                run.phi[b] = run.phi[b].plus(w.counted(low + 1, segment.bits.total));
                let p = self.tables.primes[b];
                if p < W::RECOUNT_BELOW {
                    if p < PERIODIC_BELOW {
                        clear_periodic(&mut segment.bits.words, p.into(), low, high);
                    } else {
                        self.cross::<false>(segment, b, low, high);
                    }
                    segment.bits.recount();
                } else {
                    self.cross::<true>(segment, b, low, high);
                }
            }
            low = high;
            jobs.tick();
        }
        run
    }

    /// The last prime with hard leaves at or above `low`, whose
    /// predecessors the segment from `low` counts as it crosses them off:
    /// a prime `p_b` above `p_general` has its leaves' `t = x / (p_b q)`
    /// below `x / p_b²`, since `q > p_b`, and then the segments count
    /// only for the primes up to `√(x / low)`.
    #[inline(always)]
    fn counted_from(&self, low: u64) -> usize {
        match low {
            0 => self.counted,
            _ => {
                let root = (self.x / low).sqrt().min(self.y);
                self.tables.pi(root).max(self.general).min(self.counted)
            }
        }
    }
}

/// Sets `words` to the odd numbers in `low..high` free of 3, 5 and 7, a
/// bit each from `low + 1` on, and clears the words beyond.
#[inline(always)]
pub(super) fn fill_pattern(words: &mut [u64], low: u64, high: u64) {
    let bits = ((high - low) / 2) as usize;
    let period = PATTERN.len();
    let mut k = (low / 128) as usize % period;
    for word in &mut words[..bits.div_ceil(64)] {
        *word = PATTERN[k];
        k = if k + 1 == period { 0 } else { k + 1 };
    }
    words[bits.div_ceil(64)..].fill(0);
    if !bits.is_multiple_of(64) {
        words[bits / 64] &= (1 << (bits % 64)) - 1;
    }
}

/// The sieving primes below this cross off a segment by ANDing it with the
/// pattern of their multiples, `p` words long, when their multiples are
/// counted afterwards ([`Weight::RECOUNT_BELOW`]): a few instructions a
/// word against a dozen a multiple. Measured at `10^15`, one thread:
/// the crossing before the recounts in 0.4× the time, `π(x)` in 0.95×;
/// with `Σ p` recounted below 128 rather than 32, `prime_sum` in 0.97×.
const PERIODIC_BELOW: u32 = 128;

/// Clears the bits of the odd multiples of `p < PERIODIC_BELOW` in the
/// segment `low..high` of `words` (a bit per odd number from `low + 1`):
/// bit `i` stands for `low + 1 + 2i`, a multiple of `p` when `i ≡ c (mod
/// p)`, so that the pattern of cleared bits repeats every `p` words. The
/// bits past the segment are clear, as [`fill_pattern`] leaves them, and
/// stay so.
#[inline(always)]
fn clear_periodic(words: &mut [u64], p: u64, low: u64, high: u64) {
    debug_assert!(p % 2 == 1 && p < u64::from(PERIODIC_BELOW));
    // `low + 1 + 2c ≡ 0`: `c ≡ -(low + 1) / 2`, and `1 / 2 ≡ (p + 1) / 2`.
    let c = (p - (low + 1) % p) % p * p.div_ceil(2) % p;
    let mut pattern = [u64::MAX; PERIODIC_BELOW as usize];
    let pattern = &mut pattern[..p as usize];
    for i in (c..64 * p).step_by(p as usize) {
        pattern[(i / 64) as usize] &= !(1 << (i % 64));
    }
    let bits = (high - low) / 2;
    for chunk in words[..bits.div_ceil(64) as usize].chunks_mut(p as usize) {
        for (word, &keep) in chunk.iter_mut().zip(&*pattern) {
            *word &= keep;
        }
    }
}

impl<'a, W: Weight> HardLeaves<'a, W> {
    /// Crosses off the odd multiples of `p_b` in `low..high`, and takes
    /// them out of the counters if `COUNT`.
    #[inline(always)]
    fn cross<const COUNT: bool>(
        &self,
        segment: &mut Segment<W::Counter>,
        b: usize,
        low: u64,
        high: u64,
    ) {
        let p = u64::from(self.tables.primes[b]);
        let Segment { bits, next } = segment;
        let (mut j, mut index) = next[b];
        let mut taken = W::Counter::ZERO;
        let mut crossing = bits.crossing();
        let mut visit = |j: u64| {
            crossing.clear::<COUNT>((j - low) / 2, &mut taken);
        };
        let step = |j: &mut u64, index: &mut usize| {
            *j += WHEEL[*index].1 * p;
            *index = (*index + 1) % WHEEL.len();
        };
        // Whole turns of the wheel, from its first residue.
        while index != 0 && j < high {
            visit(j);
            step(&mut j, &mut index);
        }
        let offsets = WHEEL.map(|(residue, _)| (residue - 1) * p);
        while index == 0 && j + offsets[7] < high {
            for offset in offsets {
                visit(j + offset);
            }
            j += 30 * p;
        }
        while j < high {
            visit(j);
            step(&mut j, &mut index);
        }
        bits.total = bits.total.minus(taken);
        next[b] = (j, index);
    }
}

/// The segments numbered `segments` of `hard`, sieved in `segment`.
struct SieveSegments<'h, 'a, W: Weight> {
    hard: &'h HardLeaves<'a, W>,
    segments: Range<u64>,
    segment: &'h mut Segment<W::Counter>,
    jobs: &'h Jobs<'h>,
}

impl<W: Weight> Task for SieveSegments<'_, '_, W> {
    type Output = SegmentRun<W::V>;
    #[inline(always)]
    fn run(self) -> SegmentRun<W::V> {
        self.hard.sieve(self.segments, self.segment, self.jobs)
    }
}

/// From the segment, sieved up to `p_{b-1}`.
struct Sieved<'s, W: Weight> {
    bits: &'s mut Counted<W::Counter>,
    /// `φ(low - 1, b - 1)`, counted from the run's first number.
    phi: W::V,
    low: u64,
}

impl<W: Weight> Phi<W> for Sieved<'_, W> {
    #[inline(always)]
    fn prepare(&mut self, from: u64, to: u64) {
        let position = |t: u64| t.saturating_sub(self.low).div_ceil(2);
        self.bits.prepare(position(from), position(to));
    }

    /// The bits still set for `low <= j <= t`.
    #[inline(always)]
    fn counter(&mut self, t: u64) -> W::Counter {
        self.bits.below((t - self.low).div_ceil(2))
    }

    /// `φ(low - 1, b - 1)`, and the number of the segment's first bit.
    #[inline(always)]
    fn prior(&self) -> (W::V, u64) {
        (self.phi, self.low + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every odd `p` below [`PERIODIC_BELOW`], over segments from 0 (where
    /// `p` itself goes) and from the multiples of 128 on every residue
    /// modulo `p`, whole words or not, ending on either side of the
    /// pattern's period: exactly the bits of the odd multiples of `p` are
    /// cleared, and those past the segment stay clear.
    #[test]
    fn periodic_crossing_clears_the_multiples() {
        for p in (3..u64::from(PERIODIC_BELOW)).step_by(2) {
            for k in 0..=p {
                let low = 128 * k;
                for bits in [
                    1,
                    63,
                    64,
                    65,
                    64 * p - 1,
                    64 * p,
                    64 * p + 1,
                    5 * 64 * p + 17,
                ] {
                    let high = low + 2 * bits;
                    // The segment's bits set, those past it clear.
                    let mut got = vec![0; bits.div_ceil(64) as usize + 2];
                    for i in 0..bits {
                        got[(i / 64) as usize] |= 1 << (i % 64);
                    }
                    let mut want = got.clone();
                    clear_periodic(&mut got, p, low, high);
                    for i in 0..bits {
                        if (low + 1 + 2 * i) % p == 0 {
                            want[(i / 64) as usize] &= !(1 << (i % 64));
                        }
                    }
                    assert_eq!(got, want, "p = {p}, low = {low}, {bits} bits");
                }
            }
        }
    }

    /// From every `k` below 300, the step to the next `k` prime to 30 and
    /// its residue's index in the wheel, against a search by `gcd`.
    #[test]
    fn steps_to_the_wheel_match_a_search() {
        for k in 0..300u64 {
            let mut next = k;
            while num_integer::gcd(next, 30) > 1 {
                next += 1;
            }
            let (step, index) = TO_WHEEL[(k % 30) as usize];
            assert_eq!(k + step, next, "k = {k}");
            assert_eq!(WHEEL[index].0, next % 30, "k = {k}");
        }
    }
}
