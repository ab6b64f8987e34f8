//! [`PrimeSums`]: `π(x)`, `Σ p` and `Σ p²` from one run of the engine.

use super::weight::{Count, Linear, Square};
use super::{Report, weighed};
use crate::Error;
use crate::arith::Wide;

/// From this `x` on, `Σ p²` exceeds `u128::MAX` (it does from about `3.15 ·
/// 10^13`) and its lower bound `(Σ p)² / π(x)` shows it, with a margin of
/// 7 or more: [`PrimeSums::new`] leaves the squares out of the engine's run.
/// Were the bound ever not to show it, the squares would run in 192 bits,
/// so that the answer never rests on this constant.
const SQUARES_PAST_U128_FROM: u64 = 1 << 46;

/// The prime counts and prime power sums of every prime `p <= x`:
/// `Σ p⁰ = π(x)`, `Σ p¹` and `Σ p²`.
///
/// All three come from one run of the engine of [`prime_pi`](super::prime_pi)
/// and [`prime_sum`](super::prime_sum), with the weight `(1, p, p²)` carried
/// modulo `2^64`, `2^128` and `2^128`. `π(x)` and `Σ p` always fit, so they
/// are exact. `Σ p²` lies between `(Σ p)² / π(x)` and `x Σ p`: below `2^128`
/// when the upper bound is, above when the lower bound is, and in between
/// (`x` near `3 · 10^13`) the engine runs again in 192 bits. From `x = 2^46`
/// on, where `Σ p²` is past `2^128` by far, the run carries `(1, p)` alone.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::PrimeSums;
///
/// let sums = PrimeSums::new(10_000_000_000);
/// assert_eq!(sums.prime_pi(), 455_052_511);
/// assert_eq!(sums.sum(), 2_220_822_432_581_729_238);
/// assert_eq!(sums.sum_of_squares()?, 14_692_485_666_215_945_973_239_505_690);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrimeSums {
    x: u64,
    count: u64,
    sum: u128,
    /// `Σ p²`, `None` when it exceeds `u128::MAX`.
    squares: Option<u128>,
}

impl PrimeSums {
    /// Computes `π(x)`, `Σ p` and `Σ p²` over the primes `p <= x` (inclusive).
    ///
    /// # Complexity
    ///
    /// As [`prime_sum`](super::prime_sum): the sums share the sieve and the
    /// leaves. Below `x = 2^46`, in about 1.3 to 2 times its time and
    /// memory; from `2^46` on, where `Σ p²` is past `2^128` and left out of
    /// the run, in about its time and memory, `π(x)` coming with `Σ p`
    /// almost free (see the crate docs' [speed section](crate#speed)).
    /// Near the `x` where `Σ p²` passes `2^128`, where its bounds
    /// `(Σ p)² / π(x)` and `x Σ p` straddle `2^128`, the squares are
    /// computed a second time, in 192 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(100).sum(), 1060);
    /// assert_eq!(PrimeSums::new(0).prime_pi(), 0);
    /// ```
    #[must_use]
    pub fn new(x: u64) -> PrimeSums {
        // `Some(Σ p²)` when `x Σ p` fits (its upper bound), else `None`.
        let (count, sum, squares) = if x < SQUARES_PAST_U128_FROM {
            let (count, (sum, squares)) = weighed(
                x,
                (Count, (Linear::default(), Square::default())),
                Report::NONE,
            );
            let fits = u128::from(x).checked_mul(sum).is_some();
            (count, sum, fits.then_some(squares))
        } else {
            let (count, sum) = weighed(x, (Count, Linear::default()), Report::NONE);
            (count, sum, None)
        };
        // (Σ p)² / π(x) <= Σ p²: past 2^128 once (Σ p / 2^64)² >= π(x).
        let high = sum >> 64;
        let squares = squares.or_else(|| {
            if high * high >= u128::from(count) {
                None
            } else {
                weighed(x, Square::<Wide>::default(), Report::NONE).to_u128()
            }
        });
        PrimeSums {
            x,
            count,
            sum,
            squares,
        }
    }

    /// The `x` the sums run up to (inclusive).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(7).x(), 7);
    /// ```
    #[must_use]
    pub fn x(&self) -> u64 {
        self.x
    }

    /// `π(x)`, the number of primes `<= x`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(100_000_000_000).prime_pi(), 4_118_054_813);
    /// ```
    #[must_use]
    pub fn prime_pi(&self) -> u64 {
        self.count
    }

    /// `Σ p` over the primes `p <= x`; it always fits in `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(10).sum(), 2 + 3 + 5 + 7);
    /// ```
    #[must_use]
    pub fn sum(&self) -> u128 {
        self.sum
    }

    /// `Σ p²` over the primes `p <= x`.
    ///
    /// # Errors
    ///
    /// - [`Error::PrimeSumOverflow`] when the sum exceeds `u128::MAX`: for
    ///   every `x` from the prime `31 543 762 261 367` on.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{sieve::PrimeSums, Error};
    ///
    /// assert_eq!(PrimeSums::new(10).sum_of_squares()?, 4 + 9 + 25 + 49);
    /// // PrimeSums::new(10u64.pow(14)).sum_of_squares() is an
    /// // Err(Error::PrimeSumOverflow { x: 10u64.pow(14), power: 2 }).
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum_of_squares(&self) -> Result<u128, Error> {
        self.squares.ok_or(Error::PrimeSumOverflow {
            x: self.x,
            power: 2,
        })
    }
}
