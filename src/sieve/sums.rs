//! [`PrimeSums`]: `π(x)`, `Σp` and `Σp²` over the primes up to `x`, without
//! sieving to `x`.

use num_integer::Roots;

use super::segmented::PrimesIn;
use crate::Error;

/// Below this, summing a sieve's primes beats the combinatorial method.
const SIEVE_BELOW: u64 = 1 << 21;

/// The prime counts and prime power sums of every prime `p <= x`:
/// `Σ p⁰ = π(x)`, `Σ p¹` and `Σ p²`, exact in `u128`.
///
/// For `x` below `2^21` the primes are sieved and added up. Above, Lucy
/// Hedgehog's method computes the three sums at every value `⌊x / i⌋` at once
/// in `O(x^{3/4})` time and `O(√x)` memory: start from `Σ_{2≤n≤v} n^k` and,
/// for each prime `p ≤ √x`, remove the numbers whose least prime factor is
/// `p`, `S(v) -= p^k (S(v / p) - S(p - 1))`. The sums of squares are carried
/// modulo `2^128` and reported only when the bound `Σ p² ≤ x Σ p` proves the
/// true value fits.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::PrimeSums;
///
/// let sums = PrimeSums::new(10_000_000_000)?;
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
    /// `Σ p² mod 2^128`, exact when `squares_fit`.
    squares: u128,
    squares_fit: bool,
}

impl PrimeSums {
    /// The largest `x` accepted: `10^14` (about a minute, and 1 GB of tables).
    pub const MAX_X: u64 = 100_000_000_000_000;

    /// Computes `π(x)`, `Σ p` and `Σ p²` over the primes `p <= x` (inclusive).
    ///
    /// # Complexity
    ///
    /// Time `O(x^{3/4})`, memory `96 √x` bytes; below `2^21`, a sieve.
    ///
    /// # Errors
    ///
    /// - [`Error::PrimeSumsTooLarge`] when `x > PrimeSums::MAX_X`, found
    ///   before allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{sieve::PrimeSums, Error};
    ///
    /// assert_eq!(PrimeSums::new(100)?.sum(), 1060);
    /// assert!(matches!(PrimeSums::new(u64::MAX), Err(Error::PrimeSumsTooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(x: u64) -> Result<PrimeSums, Error> {
        if x > PrimeSums::MAX_X {
            return Err(Error::PrimeSumsTooLarge {
                x,
                max: PrimeSums::MAX_X,
            });
        }
        let (count, sum, squares) = if x < SIEVE_BELOW {
            sieve_sums(x)?
        } else {
            lucy_sums(x)
        };
        let squares_fit = u128::from(x).checked_mul(sum).is_some();
        Ok(PrimeSums {
            x,
            count,
            sum,
            squares,
            squares_fit,
        })
    }

    /// The `x` the sums run up to (inclusive).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(7)?.x(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    /// assert_eq!(PrimeSums::new(1_000_000_000_000)?.prime_pi(), 37_607_912_018);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    /// assert_eq!(PrimeSums::new(10)?.sum(), 2 + 3 + 5 + 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum(&self) -> u128 {
        self.sum
    }

    /// `Σ p²` over the primes `p <= x`.
    ///
    /// # Errors
    ///
    /// - [`Error::PrimeSumOverflow`] when `x · Σ p` exceeds `u128::MAX`
    ///   (`x` above about `2.2 · 10^13`): the sum may then not fit in `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{sieve::PrimeSums, Error};
    ///
    /// assert_eq!(PrimeSums::new(10)?.sum_of_squares()?, 4 + 9 + 25 + 49);
    /// let huge = PrimeSums::new(100_000_000_000_000)?;
    /// assert!(matches!(huge.sum_of_squares(), Err(Error::PrimeSumOverflow { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum_of_squares(&self) -> Result<u128, Error> {
        if self.squares_fit {
            Ok(self.squares)
        } else {
            Err(Error::PrimeSumOverflow {
                x: self.x,
                power: 2,
            })
        }
    }
}

/// The three sums by sieving.
fn sieve_sums(x: u64) -> Result<(u64, u128, u128), Error> {
    PrimesIn::new(0..x.saturating_add(1)).map(|primes| {
        primes.fold((0, 0, 0), |(c, s, q), p| {
            let p = u128::from(p);
            (c + 1, s + p, q + p * p)
        })
    })
}

/// `Σ_{2 ≤ n ≤ v} n⁰`, `n¹` and `n²`, the last modulo `2^128`.
fn initial(v: u64) -> (u64, u128, u128) {
    if v < 2 {
        return (0, 0, 0);
    }
    let v128 = u128::from(v);
    // v (v + 1) / 2 and v (v + 1) (2v + 1) / 6, dividing before multiplying.
    let (mut a, mut b, mut c) = (v128, v128 + 1, 2 * v128 + 1);
    if a % 2 == 0 {
        a /= 2
    } else {
        b /= 2
    }
    let triangle = a * b;
    if a % 3 == 0 {
        a /= 3;
    } else if b % 3 == 0 {
        b /= 3;
    } else {
        c /= 3;
    }
    (
        v - 1,
        triangle - 1,
        a.wrapping_mul(b).wrapping_mul(c).wrapping_sub(1),
    )
}

/// Lucy Hedgehog's method: the three sums for every `⌊x / i⌋`, returned at `x`.
fn lucy_sums(x: u64) -> (u64, u128, u128) {
    let r = x.sqrt() as usize;
    // small[v] = S(v) for v <= r; large[i] = S(x / i) for 1 <= i <= r.
    let mut small: Vec<(u64, u128, u128)> = (0..=r as u64).map(initial).collect();
    let mut large: Vec<(u64, u128, u128)> = (0..=r as u64)
        .map(|i| initial(x.checked_div(i).unwrap_or(0)))
        .collect();
    for p in 2..=r {
        if small[p].0 == small[p - 1].0 {
            continue; // not prime
        }
        let (c0, s0, q0) = small[p - 1];
        let p64 = p as u64;
        let (p1, p2) = (u128::from(p64), u128::from(p64 * p64));
        let square = p64 * p64;
        let update = |target: &mut (u64, u128, u128), from: (u64, u128, u128)| {
            target.0 -= from.0 - c0;
            target.1 -= p1 * (from.1 - s0);
            target.2 = target
                .2
                .wrapping_sub(p2.wrapping_mul(from.2.wrapping_sub(q0)));
        };
        let last_large = (x / square).min(r as u64) as usize;
        for i in 1..=last_large {
            let ip = i * p;
            let from = if ip <= r {
                large[ip]
            } else {
                small[(x / ip as u64) as usize]
            };
            update(&mut large[i], from);
        }
        if (square as usize) <= r {
            for v in (square as usize..=r).rev() {
                let from = small[v / p];
                update(&mut small[v], from);
            }
        }
    }
    large[1]
}
