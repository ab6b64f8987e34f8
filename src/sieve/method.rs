//! Which method answers [`count_primes`](super::count_primes) and
//! [`sum_primes`](super::sum_primes): the sieve over the range, or the
//! difference of two values of the engine behind
//! [`prime_pi`](super::prime_pi) and [`prime_sum`](super::prime_sum).
//!
//! Each is given a cost in nanoseconds, from times measured on one thread
//! of the machine named in the crate docs' [speed section](crate#speed);
//! the cheaper one runs. Both methods share out their work over the same
//! threads, so the comparison holds on any number of them.

use std::ops::Range;

/// What is added up over the primes of a range.
#[derive(Clone, Copy)]
pub(super) enum Total {
    /// How many there are.
    Count,
    /// Their sum.
    Sum,
}

/// The engine's time for `π(x)` and for `Σ p` (nanoseconds), at
/// `x = 10^{5 + k/2}` for `k = 0, 1, ...`: `π` measured to `10^18` and
/// `Σ p` to `10^16`, then continued at `x^{0.7}` and at 1.5 times `π`.
const ENGINE_NS: [[f64; 30]; 2] = [
    [
        3.1e4, 3.5e4, 3.6e4, 4.9e4, 7.7e4, 1.28e5, 2.2e5, 4.8e5, 8.4e5, 1.64e6, 3.12e6, 5.7e6,
        1.13e7, 2.09e7, 3.95e7, 7.8e7, 1.57e8, 3.3e8, 6.4e8, 1.27e9, 2.59e9, 6.0e9, 1.15e10,
        2.4e10, 4.9e10, 1.08e11, 2.38e11, 5.2e11, 1.15e12, 2.5e12,
    ],
    [
        3.6e4, 3.6e4, 4.2e4, 6.2e4, 1.0e5, 1.6e5, 3.3e5, 6.1e5, 1.2e6, 2.2e6, 4.2e6, 8.0e6, 1.68e7,
        3.1e7, 5.6e7, 1.09e8, 2.64e8, 5.6e8, 1.2e9, 1.8e9, 4.75e9, 8.5e9, 1.8e10, 3.6e10, 7.4e10,
        1.6e11, 3.6e11, 7.8e11, 1.7e12, 3.8e12,
    ],
];

/// The sieve's time per number of the range (nanoseconds) when its end is
/// near `10^k`, `k = 0, 2, 4, ..., 20`, over ranges about as wide as the
/// switch at that height.
const SIEVE_NS: [f64; 11] = [
    0.067, 0.067, 0.067, 0.067, 0.15, 0.21, 0.55, 0.85, 0.85, 1.3, 1.8,
];

/// The sieve's time per integer up to `√hi` for its sieving primes.
const SIEVING_PRIMES_NS: f64 = 1.3;

/// `table[k]` given at `log10 x = first + k · step`, read at `x` between
/// the entries on a log-log scale, and at the nearest end outside them.
fn interpolate(table: &[f64], first: f64, step: f64, x: u64) -> f64 {
    let at = ((x.max(1) as f64).log10() - first) / step;
    let last = table.len() - 1;
    if at <= 0.0 {
        return table[0];
    }
    if at >= last as f64 {
        return table[last];
    }
    let (k, t) = (at.floor() as usize, at.fract());
    (table[k].ln() * (1.0 - t) + table[k + 1].ln() * t).exp()
}

/// The engine's time at `x`; none at `x = 0`.
fn engine_ns(total: Total, x: u64) -> f64 {
    if x == 0 {
        return 0.0;
    }
    interpolate(&ENGINE_NS[total as usize], 5.0, 0.5, x)
}

/// Whether the engine's two values (at `hi - 1` and `lo - 1`) cost less
/// than sieving `lo..hi`.
pub(super) fn prefers_engine(total: Total, range: &Range<u64>) -> bool {
    let Range { start: lo, end: hi } = *range;
    if lo >= hi {
        return false;
    }
    let engine = engine_ns(total, hi - 1) + engine_ns(total, lo.saturating_sub(1));
    let sieve = (hi - lo) as f64 * interpolate(&SIEVE_NS, 0.0, 2.0, hi)
        + SIEVING_PRIMES_NS * (hi as f64).sqrt();
    engine < sieve
}

#[cfg(test)]
mod tests {
    use super::super::{count_primes, primes_in, sum_primes};
    use super::*;

    /// The least width from `lo` that the engine answers.
    fn switch(total: Total, lo: u64) -> u64 {
        let (mut narrow, mut wide) = (0, 1u64 << 40);
        while wide - narrow > 1 {
            let mid = narrow + (wide - narrow) / 2;
            if prefers_engine(total, &(lo..lo + mid)) {
                wide = mid;
            } else {
                narrow = mid;
            }
        }
        wide
    }

    /// Both methods on both sides of the switch, at several heights,
    /// against the primes streamed and added up one by one.
    #[test]
    fn the_switch_gives_the_sieves_answers() {
        for lo in [0, 1, 2, 1_000, 1_000_000, 1_000_000_000, 100_000_000_000] {
            for total in [Total::Count, Total::Sum] {
                let w = switch(total, lo);
                assert!(!prefers_engine(total, &(lo..lo + w - 1)));
                assert!(prefers_engine(total, &(lo..lo + w)));
                for range in [lo..lo + w - 1, lo..lo + w, lo..lo + w + 1] {
                    let (count, sum) = primes_in(range.clone())
                        .unwrap()
                        .fold((0, 0), |(c, s), p| (c + 1, s + u128::from(p)));
                    assert_eq!(count_primes(range.clone()), Ok(count), "{range:?}");
                    assert_eq!(sum_primes(range.clone()), Ok(sum), "{range:?}");
                }
            }
        }
    }

    #[test]
    fn interpolation_meets_the_entries_and_stays_between_them() {
        let table = [1.0, 100.0, 10.0];
        assert_eq!(interpolate(&table, 2.0, 1.0, 100), 1.0);
        assert!((interpolate(&table, 2.0, 1.0, 1000) - 100.0).abs() < 1e-9);
        assert!((interpolate(&table, 2.0, 1.0, 10_000) - 10.0).abs() < 1e-9);
        assert!((interpolate(&table, 2.0, 1.0, 3162) - 31.62).abs() < 0.01);
        assert_eq!(interpolate(&table, 2.0, 1.0, 1), 1.0);
        assert_eq!(interpolate(&table, 2.0, 1.0, u64::MAX), 10.0);
    }

    /// Every table grows with `x`, so that a wider range never turns the
    /// choice back to the sieve at the same end.
    #[test]
    fn costs_grow_with_x() {
        let grows = |table: &[f64]| table.windows(2).all(|w| w[0] <= w[1]);
        assert!(ENGINE_NS.iter().all(|table| grows(table)));
        assert!(grows(&SIEVE_NS));
    }
}
