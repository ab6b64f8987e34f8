//! The leaves of a run of consecutive pieces (segments or windows), summed
//! on one thread with their running sum counted from the run's first
//! number, and how two runs combine in order: the plumbing that lets the
//! pieces be sieved on different threads with answers that do not depend
//! on how the work was split.

use super::counters::CountSum;
use super::weight::{Linear, Weight};
use crate::arith::{Ring, Value};

/// A sum of terms `c · R(t)` over a run, where `R` is a running sum (`S`
/// or `φ`) that the run counts from its own first number: `sum` is the
/// sum so counted, `weight` is `Σ c`, the factor by which the running sum
/// before the run enters the true sum.
#[derive(Clone, Copy, Default)]
pub(crate) struct Leaves<V> {
    pub(super) sum: V,
    pub(super) weight: V,
}

impl<V: Value> Leaves<V> {
    /// Adds terms whose sum is `sum` and whose factors add up to `weight`.
    #[inline(always)]
    pub(super) fn add(&mut self, sum: V, weight: V) {
        self.sum = self.sum.plus(sum);
        self.weight = self.weight.plus(weight);
    }

    /// This run's leaves followed by `later`'s, `total` being this run's
    /// whole running sum: `later`'s running sum starts where this run's
    /// ends.
    #[inline]
    pub(super) fn then(self, total: V, later: Leaves<V>) -> Leaves<V> {
        Leaves {
            sum: self.sum.plus(later.sum).plus(total.mul(later.weight)),
            weight: self.weight.plus(later.weight),
        }
    }

    /// The true sum, the running sum before the run being `before`.
    #[inline]
    pub(super) fn after(self, before: V) -> V {
        self.sum.plus(before.mul(self.weight))
    }
}

/// The hard leaves `f(n) φ(t)` of one prime in one segment, summed as
/// they come: `φ(t)` is `prior`, its value before the segment, plus
/// [`Weight::counted`]`(base, counter)`, the segment's bits up to `t`.
pub(crate) trait LeafSum<W: Weight + ?Sized>: Copy + Default {
    /// Adds the leaf `f(n) φ(t)`, and `f(n)` to the weight if `WEIGH`.
    fn add<const WEIGH: bool>(
        &mut self,
        w: &W,
        prior: W::V,
        base: u64,
        counter: W::Counter,
        n: u64,
    );
    /// The leaves added, and their weight.
    fn total(self, w: &W, prior: W::V, base: u64) -> Leaves<W::V>;
}

/// Each leaf turned into a value and scaled as it comes.
#[derive(Clone, Copy, Default)]
pub(crate) struct Scaled<V>(Leaves<V>);

impl<W: Weight + ?Sized> LeafSum<W> for Scaled<W::V> {
    #[inline(always)]
    fn add<const WEIGH: bool>(
        &mut self,
        w: &W,
        prior: W::V,
        base: u64,
        counter: W::Counter,
        n: u64,
    ) {
        let leaf = w.scale(prior.plus(w.counted(base, counter)), n);
        let weight = if WEIGH { w.of(n) } else { W::V::default() };
        self.0.add(leaf, weight);
    }
    #[inline(always)]
    fn total(self, _: &W, _: W::V, _: u64) -> Leaves<W::V> {
        self.0
    }
}

/// For `f(n) = n` ([`Linear`]) over its [`CountSum`] counters, the leaves
/// kept in the counters' terms, `Σ n c`, `Σ n Σ i` and `Σ n` modulo
/// `2^128` (two multiplications of 64 by 64 bits a leaf), and turned into
/// a value once per prime and segment:
/// `Σ n φ(t) = prior Σ n + base Σ n c + 2 Σ n Σ i` (measured at `10^16`:
/// `prime_sum` in 0.96× the time of scaling each leaf's value).
#[derive(Clone, Copy, Default)]
pub(crate) struct Products {
    counts: u128,
    positions: u128,
    weight: u128,
}

impl<R: Ring> LeafSum<Linear<R>> for Products {
    #[inline(always)]
    fn add<const WEIGH: bool>(&mut self, _: &Linear<R>, _: R, _: u64, counter: CountSum, n: u64) {
        let (count, positions) = counter.fields();
        let n = u128::from(n);
        self.counts = self.counts.wrapping_add(n * u128::from(count));
        self.positions = self.positions.wrapping_add(n * u128::from(positions));
        self.weight = self.weight.wrapping_add(n);
    }
    #[inline(always)]
    fn total(self, _: &Linear<R>, prior: R, base: u64) -> Leaves<R> {
        let counted = self
            .counts
            .wrapping_mul(base.into())
            .wrapping_add(self.positions.wrapping_mul(2));
        let weight = R::from_u128(self.weight);
        Leaves {
            sum: prior.mul(weight).plus(R::from_u128(counted)),
            weight,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::counters::Counter;

    /// Terms `c_j R(t_j)` over a run cut at every place: the halves
    /// combined give the whole, whatever the running sum before.
    #[test]
    fn runs_combine_in_order() {
        // R counts from the run's start: values[j] at each number j.
        let values: [u64; 8] = [3, 0, 5, 1, 4, 1, 5, 9];
        let terms: [(usize, u64); 6] = [(0, 2), (2, 7), (3, 1), (5, 3), (6, 8), (7, 5)];
        let run = |range: std::ops::Range<usize>| {
            let mut leaves = Leaves::default();
            for &(t, c) in terms.iter().filter(|(t, _)| range.contains(t)) {
                let running: u64 = values[range.start..=t].iter().sum();
                leaves.add(c * running, c);
            }
            leaves
        };
        for before in [0, 11] {
            let whole = run(0..8).after(before);
            for cut in 0..=8 {
                let total: u64 = values[..cut].iter().sum();
                let combined = run(0..cut).then(total, run(cut..8));
                assert_eq!(combined.after(before), whole, "cut at {cut}");
            }
        }
    }

    /// The leaves of `Σ p` kept in the counters' terms against each scaled
    /// as it comes, in 64 and 128 bits, with and without a prior `φ`, for
    /// counters up to a whole segment's (every position below `2^19` set)
    /// and `n` up to `2^63`, whose products wrap.
    #[test]
    fn products_match_the_scaled_leaves() {
        fn check<R: Ring + std::fmt::Debug>() {
            let w = Linear::<R>::default();
            let words = crate::prime_sums::SEGMENT_WORDS as u64;
            let whole = (0..words).fold(CountSum::ZERO, |sum, k| {
                sum.plus(CountSum::of(u64::MAX, 64 * k, &()))
            });
            let mut random = crate::testing::words(8);
            let mut next = || random.next().expect("endless");
            for prior in [R::default(), R::from_u128(u128::MAX / 3)] {
                let base = 1_000_000_000_001;
                let (mut products, mut scaled) = (Products::default(), Scaled::default());
                for k in 0..500 {
                    let counter = match k {
                        0 => whole,
                        _ => (0..k % 5).fold(CountSum::ZERO, |sum, _| {
                            let (word, offset) = (next(), 64 * (next() % words));
                            sum.plus(CountSum::of(word, offset, &()))
                        }),
                    };
                    let n = [next() >> 1, next() >> 11, 11 * 13][k % 3];
                    LeafSum::<Linear<R>>::add::<true>(&mut products, &w, prior, base, counter, n);
                    LeafSum::<Linear<R>>::add::<true>(&mut scaled, &w, prior, base, counter, n);
                }
                let got = LeafSum::<Linear<R>>::total(products, &w, prior, base);
                let want = LeafSum::<Linear<R>>::total(scaled, &w, prior, base);
                assert_eq!((got.sum, got.weight), (want.sum, want.weight));
            }
        }
        check::<u64>();
        check::<u128>();
    }
}
