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

use crate::prime_sums::SIEVE_BELOW;

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
/// The times are the fastest of several runs in a row, times 1.7 below
/// `10^10` and 1.35 from `10^14` (between on a log scale): what a run
/// after other work takes, measured at the switch by alternating the two
/// methods. Once the engine had become faster (AVX-512, a smaller `π`
/// table), alternating the two methods again at `10^10`, `10^12` and
/// `10^14` gave 0.75 to 0.87 times these for `π`: the `π` row is scaled
/// by 0.78, the `Σ p` row by 0.9. The engine's own times, old against new
/// after its queries lost their branches (7 pairs on the Zen 2 EPYC),
/// scale them again: `π` by 0.92 up to `10^10`, 0.71 at `10^12` and 0.78
/// from `10^14`, `Σ p` by 0.91, 0.89 and 0.88 (between on a log scale).
/// The measured ratio at `10^12` was 0.80, but at the switch it put the
/// crate's bench timed the engine at 0.89× the sieve: 0.71 moves the
/// switch to where the two cost the same. Up to `10^{9.5}` the entries
/// were set anew once the engine kept to the calling thread there (below
/// `2^32`): from the width at which the sieve's time met that of the two
/// engine values, found by alternating the methods (medians of 31 to 301
/// runs on the Xeon, both cores) at `10^5` to `10^{9.5}`, that of `π` to
/// half the sieve's modelled time there, that of `Σ p` scaled with it
/// (and at `10^{9.5}` set from its own switch the same way). With the
/// sieve's 1 MiB segments the entries at `10^10` to `10^11` were set anew
/// the same way, from the widths at which the times met (one thread on
/// the Xeon, medians of 15 to 21 runs in a row of each method): the
/// engine had become faster there than these had said.
const ENGINE_NS: [[f64; 30]; 2] = [
    [
        1.73e4, 1.73e4, 1.96e4, 3.06e4, 6.87e4, 1.13e5, 2.57e5, 4.14e5, 8.11e5, 1.27e6, 2.35e6,
        5.0e6, 9.5e6, 1.95e7, 3.35e7, 6.6e7, 1.31e8, 2.74e8, 5.26e8, 1.04e9, 2.13e9, 4.93e9,
        9.44e9, 1.97e10, 4.02e10, 8.89e10, 1.95e11, 4.27e11, 9.44e11, 2.06e12,
    ],
    [
        2.29e4, 2.29e4, 2.61e4, 4.4e4, 1.02e5, 1.62e5, 4.39e5, 6.03e5, 1.31e6, 2.47e6, 4.3e6,
        8.2e6, 1.72e7, 3.91e7, 6.84e7, 1.29e8, 3.02e8, 6.2e8, 1.28e9, 1.93e9, 5.08e9, 9.15e9,
        1.93e10, 3.85e10, 7.91e10, 1.71e11, 3.85e11, 8.32e11, 1.81e12, 4.07e12,
    ],
];

/// The sieve's time per number of the range (nanoseconds) when its end is
/// near `10^k`, `k = 0, 2, 4, ..., 20`, over ranges about as wide as the
/// switch at that height, in the engine's units: at `10^12` to `10^16` set
/// with the 1 MiB segments so that the switch falls where the two methods'
/// times met (one thread on the Xeon, medians of 3 to 21 runs in a row),
/// within 10% of that width at `10^8` to `10^16`. The entries at `10^18` and
/// `10^20`, where one run of either method takes minutes, are as before.
const SIEVE_NS: [f64; 11] = [
    0.067, 0.067, 0.067, 0.067, 0.25, 0.33, 0.51, 0.87, 1.4, 1.6, 2.0,
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

/// The time of the engine's entry points below
/// [`SIEVE_BELOW`], where they sieve.
const SIEVED_NS: f64 = 3e3;

/// The engine's time at `x`; none at `x = 0`.
fn engine_ns(total: Total, x: u64) -> f64 {
    match x {
        0 => 0.0,
        1..SIEVE_BELOW => SIEVED_NS,
        _ => interpolate(&ENGINE_NS[total as usize], 5.0, 0.5, x),
    }
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
