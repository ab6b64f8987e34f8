//! [`PrimeSums`] and the choice between a plain sieve and the combinatorial
//! engine of [`lmo`](super::lmo) for `π(x)` and the prime sums.

use super::lmo;
use super::segmented::PrimesIn;
use super::weight::{Count, Linear, Square, Weight};
use crate::Error;
use crate::arith::{Ring, Value, Wide};

/// Below this, adding up a sieve's primes beats the engine.
const SIEVE_BELOW: u64 = 1 << 12;

/// `Σ f(p)` over the primes `p <= x`, by the faster method for `x`.
pub(crate) fn weighed<W: Weight>(x: u64) -> W::V {
    if x < SIEVE_BELOW.max(lmo::MIN_X) {
        PrimesIn::new(0..x + 1)
            .expect("the sieving primes below 2^6 fit in memory")
            .fold(W::V::default(), |s, p| s.plus(W::of(p)))
    } else {
        lmo::prime_sum::<W>(x, lmo::split(x))
    }
}

/// `π(x)` and `Σ p²` over the primes `p <= x`, exact for every `x`: what
/// [`count_grids`](crate::sliding_game::count_grids) needs. The squares are
/// carried in 128 bits while `Σ_{n <= x} n² < 2^128`, in 192 above.
pub(crate) fn count_and_squares(x: u64) -> (u64, Wide) {
    if Square::<Wide>::prefix(x).to_u128().is_some() {
        let (count, squares) = weighed::<(Count, Square<u128>)>(x);
        (count, Wide::from_u128(squares))
    } else {
        weighed::<(Count, Square<Wide>)>(x)
    }
}

/// The prime counts and prime power sums of every prime `p <= x`:
/// `Σ p⁰ = π(x)`, `Σ p¹` and `Σ p²`.
///
/// All three come from one run of the engine of [`prime_pi`](super::prime_pi)
/// and [`prime_sum`](super::prime_sum), with the weight `(1, p, p²)` carried
/// modulo `2^64`, `2^128` and `2^128`. `π(x)` and `Σ p` always fit, so they
/// are exact. `Σ p²` lies between `(Σ p)² / π(x)` and `x Σ p`: below `2^128`
/// when the upper bound is, above when the lower bound is, and in between
/// (`x` near `3 · 10^13`) the engine runs again in 192 bits.
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
    /// As [`prime_sum`](super::prime_sum), in about 1.4 times its time and
    /// memory (measured at `10^16`, one thread: 1.40× the time, 25 MB): the three sums share
    /// the sieve and the leaves. Near the `x` where `Σ p²` passes `2^128`, where
    /// its bounds `(Σ p)² / π(x)` and `x Σ p` straddle `2^128`, the squares
    /// are computed a second time, in 192 bits.
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
        let (count, (sum, squares)) = weighed::<(Count, (Linear<u128>, Square<u128>))>(x);
        let fits = u128::from(x).checked_mul(sum).is_some();
        // (Σ p)² / π(x) <= Σ p²: past 2^128 once (Σ p / 2^64)² >= π(x).
        let high = sum >> 64;
        let squares = if fits {
            Some(squares)
        } else if high * high >= u128::from(count) {
            None
        } else {
            weighed::<Square<Wide>>(x).to_u128()
        };
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
