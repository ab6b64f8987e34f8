//! The `n`-th prime for every `n` up to `π(2^64 - 1)`: an estimate from
//! the inverse of Riemann's `R`, one `π` by the engine, then the primes
//! between the estimate and the answer counted and streamed.

use super::{Engine, count_primes, next_prime, prev_prime, primes_in};
use crate::prime_sums::{Report, prime_pi_reporting};

/// `π(2^64 - 1)`, the number of primes below `2^64` (computed by the engine
/// in an ignored test; published by Oliveira e Silva and by primecount).
pub const PRIMES_BELOW_2_64: u64 = 425_656_284_035_217_743;

/// The `n`-th prime, 1-based (`nth_prime(1) == Some(2)`), for every `n` up
/// to [`PRIMES_BELOW_2_64`]; `None` for `n == 0` and past it.
///
/// `x` with `R(x) = n` is found by Newton's method on Gram's series for
/// Riemann's `R`, which is within about `√x / ln x` of the answer;
/// [`prime_pi`](super::prime_pi) counts the primes up to `x`, and the
/// primes between `x` and the answer are counted a window at a time from
/// `x`, down when `π(x) >= n`, up otherwise, and streamed in the last
/// window. For many `n` below one bound,
/// [`Sieve::nth_prime`](super::Sieve::nth_prime) answers each in
/// `O(log n)` from a built sieve.
///
/// # Complexity
///
/// As [`prime_pi`](super::prime_pi) at `x ≈ n ln n`, plus the sieve of the
/// `O(√x)` numbers between the estimate and the answer (up to `1.6 GB` of
/// sieving primes near `2^64`; if they cannot be had, the primes are
/// stepped over with [`next_prime`] or [`prev_prime`] instead). The
/// measured time, as a ratio to primecount's, is in the crate docs'
/// [speed section](crate#speed).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::nth_prime;
///
/// assert_eq!(nth_prime(0), None);
/// assert_eq!(nth_prime(1), Some(2));
/// assert_eq!(nth_prime(25), Some(97));
/// assert_eq!(nth_prime(1_000_000_000), Some(22_801_763_489));
/// ```
#[must_use]
pub fn nth_prime(n: u64) -> Option<u64> {
    Engine::new().nth_prime(n)
}

/// [`nth_prime`], the progress of its `π` passed to `report`.
pub(super) fn reporting(n: u64, report: Report) -> Option<u64> {
    if n == 0 || n > PRIMES_BELOW_2_64 {
        return None;
    }
    let x = estimate(n);
    let below = prime_pi_reporting(x, report);
    Some(if below >= n {
        walk(x, below - n, true)
    } else {
        walk(x, n - below - 1, false)
    })
}

/// The prime `k` places from `x`: below the greatest prime `<= x` (`k = 0`
/// for that prime itself) when `down`, above the least prime `> x`
/// otherwise; there are more than `k` primes on that side.
///
/// The primes are counted a window at a time, each window wide enough for
/// the `k` primes left by the prime number theorem; the window that holds
/// the answer is then streamed to it. If the sieving primes cannot be had,
/// the primes are stepped over one by one.
fn walk(x: u64, k: u64, down: bool) -> u64 {
    let (mut edge, mut k) = (x, k);
    loop {
        let width = ((k + 1) as f64 * (edge as f64).ln() * 1.25) as u64 + 1000;
        // `u64::MAX` is composite: `..u64::MAX` holds every prime.
        let window = if down {
            edge.saturating_sub(width)..edge.saturating_add(1)
        } else {
            edge + 1..edge.saturating_add(width)
        };
        assert!(!window.is_empty(), "more than k primes on that side");
        let Ok(count) = count_primes(window.clone()) else {
            return step(edge, k, down);
        };
        if count > k {
            let found = match primes_in(window) {
                Ok(mut primes) if down => primes.nth_back(k as usize),
                Ok(mut primes) => primes.nth(k as usize),
                Err(_) => return step(edge, k, down),
            };
            return found.expect("the window holds more than k primes");
        }
        k -= count;
        edge = if down {
            window.start - 1
        } else {
            window.end - 1
        };
    }
}

/// [`walk`] by [`prev_prime`] or [`next_prime`], one prime at a time.
fn step(x: u64, k: u64, down: bool) -> u64 {
    let found = if down {
        (0..=k).try_fold(x.saturating_add(1), |n, _| prev_prime(n))
    } else {
        (0..=k).try_fold(x, |n, _| next_prime(n))
    };
    found.expect("more than k primes on that side")
}

/// An `x` near the `n`-th prime: the root of `R(x) = n` by Newton's method
/// (`R'(x) ≈ 1 / ln x`), at least 2 and at most `2^64 - 1`.
pub(super) fn estimate(n: u64) -> u64 {
    let n = n as f64;
    let mut x = (n * n.ln().max(1.0)).max(2.0);
    for _ in 0..64 {
        let step = (riemann_r(x) - n) * x.ln();
        x = (x - step).max(2.0);
        if step.abs() < 0.5 {
            break;
        }
    }
    x as u64
}

/// Riemann's `R(x) = 1 + Σ_{k >= 1} (ln x)^k / (k · k! · ζ(k + 1))`
/// (Gram's series), for `x >= 2`.
fn riemann_r(x: f64) -> f64 {
    let l = x.ln();
    let mut sum = 1.0;
    // (ln x)^k / k!
    let mut power = 1.0;
    for k in 1..400 {
        let k = f64::from(k);
        power *= l / k;
        let term = power / (k * zeta(k + 1.0));
        sum += term;
        if k > l && term < 1e-12 * sum {
            break;
        }
    }
    sum
}

/// Riemann's `ζ(s)` for real `s >= 2`: the first 15 terms, then the
/// Euler–Maclaurin tail from 16 with four Bernoulli terms, relative error
/// below `10^-14`.
fn zeta(s: f64) -> f64 {
    const N: f64 = 16.0;
    // B_{2j} / (2j)!.
    const BERNOULLI: [f64; 4] = [1.0 / 12.0, -1.0 / 720.0, 1.0 / 30_240.0, -1.0 / 1_209_600.0];
    let head: f64 = (1..16).map(|n| f64::from(n).powf(-s)).sum();
    let mut tail = N.powf(1.0 - s) / (s - 1.0) + N.powf(-s) / 2.0;
    // s (s + 1) ... (s + 2j - 2) N^{-s - 2j + 1}.
    let mut rising = s * N.powf(-s - 1.0);
    for (j, b) in BERNOULLI.iter().enumerate() {
        tail += b * rising;
        let j = j as f64;
        rising *= (s + 2.0 * j + 1.0) * (s + 2.0 * j + 2.0) / (N * N);
    }
    head + tail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeta_matches_known_values() {
        let pi = std::f64::consts::PI;
        assert!((zeta(2.0) - pi * pi / 6.0).abs() < 1e-14);
        assert!((zeta(4.0) - pi.powi(4) / 90.0).abs() < 1e-14);
        assert!((zeta(3.0) - 1.202_056_903_159_594_2).abs() < 1e-14);
        assert!((zeta(60.0) - 1.0).abs() < 1e-17);
    }

    /// `R(10^k)` against the published values (rounded), for the heights
    /// where Newton's method starts.
    #[test]
    fn riemann_r_matches_published_values() {
        for (x, r) in [
            (1e3, 168.359_446_281),
            (1e6, 78_527.399_429_128),
            (1e9, 50_847_455.427_721_4),
            (1e12, 37_607_910_542.225_91),
        ] {
            assert!((riemann_r(x) - r).abs() < 1e-12 * r, "R({x})");
        }
    }

    /// The estimate lands on both sides of the answer, so that both walks
    /// run in the tests that sweep every `n`.
    #[test]
    fn estimates_fall_on_both_sides() {
        let (mut above, mut below) = (0, 0);
        for n in 1..20_000 {
            if crate::sieve::prime_pi(estimate(n)) >= n {
                above += 1;
            } else {
                below += 1;
            }
        }
        assert!(above > 1000 && below > 1000, "{above} above, {below} below");
    }
}
