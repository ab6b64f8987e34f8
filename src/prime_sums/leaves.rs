//! The leaves of a run of consecutive pieces (segments or windows), summed
//! on one thread with their running sum counted from the run's first
//! number, and how two runs combine in order: the plumbing that lets the
//! pieces be sieved on different threads with answers that do not depend
//! on how the work was split.

use crate::arith::Value;

/// A sum of terms `c · R(t)` over a run, where `R` is a running sum (`S`
/// or `φ`) that the run counts from its own first number: `sum` is the
/// sum so counted, `weight` is `Σ c`, the factor by which the running sum
/// before the run enters the true sum.
#[derive(Clone, Copy, Default)]
pub(super) struct Leaves<V> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
