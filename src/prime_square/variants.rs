//! The analysis's two variants: the squares with the fewest distinct
//! primes, and the primes all of whose rotations are prime.

use super::catalogue::{Catalogue, digit_sum_of};
use super::solver::SolverBuilder;
use super::square::Square;
use crate::Error;

/// The squares of side `size` that use the fewest distinct primes, over every
/// digit sum and top-left digit, in increasing order (the analysis's first variant).
///
/// # Complexity
///
/// Solves every (digit sum, top-left digit) pair, producing every square:
/// the time of streaming all [`Solver::solutions`](super::Solver::solutions)
/// of the size, which is long from `6 × 6` on; memory for the squares kept.
///
/// # Errors
///
/// - [`Error::UnsupportedSize`] when `size` is outside
///   [`MIN_SIZE`](super::MIN_SIZE)`..=`[`MAX_SIZE`](super::MAX_SIZE).
///
/// # Examples
///
/// ```
/// use primeboard::{prime_square::fewest_distinct_primes, Error};
///
/// let best = fewest_distinct_primes(4)?;
/// let fewest = best.first().expect("4x4 squares exist").distinct_primes().len();
/// assert!(best.iter().all(|s| s.distinct_primes().len() == fewest));
/// assert!(matches!(fewest_distinct_primes(0), Err(Error::UnsupportedSize { size: 0, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fewest_distinct_primes(size: usize) -> Result<Vec<Square>, Error> {
    let catalogue = Catalogue::of(size)?;
    let mut best: Vec<Square> = Vec::new();
    let mut fewest = usize::MAX;
    for digit_sum in 1..=9 * catalogue.size() as u32 {
        // One solver's tables serve the nine top-left digits of its digit sum.
        let solver = SolverBuilder::new(digit_sum, 1).size(size).build()?;
        for top_left in 1..=9 {
            for square in solver.with_top_left(top_left).solutions() {
                let distinct = square.distinct_primes().len();
                if distinct < fewest {
                    fewest = distinct;
                    best.clear();
                }
                if distinct == fewest {
                    best.push(square);
                }
            }
        }
    }
    best.sort();
    Ok(best)
}

/// The `digits`-digit primes all of whose rotations are `digits`-digit primes
/// too (the analysis's second variant), in increasing order.
///
/// A rotation moves leading digits to the end: the rotations of 12345 are
/// 23451, 34512, 45123 and 51234. A rotation with a leading 0 is not a
/// `digits`-digit prime, so no such prime contains a 0.
///
/// # Complexity
///
/// `O(P · N · log P)` for the `P` primes of `N = digits` digits, after
/// sieving them once per process (`O(10^N)`); memory `O(P)`.
///
/// # Errors
///
/// - [`Error::UnsupportedSize`] when `digits` is outside
///   [`MIN_SIZE`](super::MIN_SIZE)`..=`[`MAX_SIZE`](super::MAX_SIZE).
///
/// # Examples
///
/// ```
/// use primeboard::{prime_square::rotation_primes, Error};
///
/// assert_eq!(rotation_primes(2)?, [11, 13, 17, 31, 37, 71, 73, 79, 97]);
/// assert!(matches!(rotation_primes(1), Err(Error::UnsupportedSize { size: 1, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rotation_primes(digits: usize) -> Result<Vec<u64>, Error> {
    let catalogue = Catalogue::of(digits)?;
    let low = 10u64.pow(digits as u32 - 1);
    // Whether `n` is a `digits`-digit prime: a rotation keeps the digits,
    // so it is looked up among the primes of the same digit sum.
    let is_prime = |n: u64| {
        n >= low
            && catalogue
                .with_digit_sum(digit_sum_of(n))
                .0
                .binary_search(&n)
                .is_ok()
    };
    let mut rotation = catalogue
        .primes()
        .iter()
        .copied()
        .filter(|&p| {
            let mut r = p;
            (1..digits).all(|_| {
                r = r % low * 10 + r / low;
                is_prime(r)
            })
        })
        .collect::<Vec<_>>();
    rotation.sort_unstable();
    Ok(rotation)
}
