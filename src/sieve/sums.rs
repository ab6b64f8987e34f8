//! [`PrimeSums`]: `π(x)`, `Σp` and `Σp²` over the primes up to `x`, without
//! sieving to `x`.

use num_integer::Roots;

use super::segmented::PrimesIn;
use crate::Error;

/// Below this, summing a sieve's primes beats the combinatorial method.
const SIEVE_BELOW: u64 = 1 << 15;

/// The prime counts and prime power sums of every prime `p <= x`:
/// `Σ p⁰ = π(x)`, `Σ p¹` and `Σ p²`, exact in `u128`.
///
/// For `x` below `2^15` the primes are sieved and added up. Above, Lucy
/// Hedgehog's method works on the values `v = ⌊x / i⌋` in `O(√x)` memory:
/// start from `S(v) = Σ_{2≤n≤v} n^k` and, for each prime `p ≤ √x`, remove the
/// numbers whose least prime factor is `p`, `S(v) -= p^k (S(v / p) - S(p - 1))`.
/// Of the values above `√x` it updates only those that `S(x)` depends on
/// (`⌊x / i⌋` for squarefree `i`, until the least prime factor of `i`),
/// which at `x = 10^12` is one update in eleven. Up to `x = 10^13` the sums
/// of squares are carried modulo `2^128`, exact because
/// `Σ p² ≤ x Σ p < 2^128` there; above, in 192 bits.
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
    /// `Σ p²`, exact (it stays below `2^192` for every `x <= MAX_X`).
    squares: Wide,
}

impl PrimeSums {
    /// The largest `x` accepted: `10^14` (about 20 seconds, and 1.2 GB of tables).
    pub const MAX_X: u64 = 100_000_000_000_000;

    /// Computes `π(x)`, `Σ p` and `Σ p²` over the primes `p <= x` (inclusive).
    ///
    /// # Complexity
    ///
    /// Time `O(x^{3/4} / log x)`, memory about `90 √x` bytes (`130 √x` above
    /// `10^13`); below `2^15`, a sieve. `x = 10^12` takes about 0.4 s.
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
        let (count, sum, squares) = sums::<Packed>(x)?;
        Ok(PrimeSums {
            x,
            count,
            sum: sum.get(),
            squares,
        })
    }

    /// `π(x)` and `Σ p²` alone, skipping `Σ p`: what
    /// [`count_grids`](crate::sliding_game::count_grids) needs.
    pub(crate) fn count_and_squares(x: u64) -> Result<(u64, Wide), Error> {
        if x > PrimeSums::MAX_X {
            return Err(Error::PrimeSumsTooLarge {
                x,
                max: PrimeSums::MAX_X,
            });
        }
        let (count, (), squares) = sums::<()>(x)?;
        Ok((count, squares))
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
    /// assert_eq!(PrimeSums::new(100_000_000_000)?.prime_pi(), 4_118_054_813);
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
    /// - [`Error::PrimeSumOverflow`] when the sum exceeds `u128::MAX`
    ///   (`x` above about `3 · 10^13`); it is computed exactly in 192 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::PrimeSums;
    ///
    /// assert_eq!(PrimeSums::new(10)?.sum_of_squares()?, 4 + 9 + 25 + 49);
    /// // PrimeSums::new(73_000_000_000_000)?.sum_of_squares() is an
    /// // Err(Error::PrimeSumOverflow { .. }): the sum passes 2^128.
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sum_of_squares(&self) -> Result<u128, Error> {
        self.squares.to_u128().ok_or(Error::PrimeSumOverflow {
            x: self.x,
            power: 2,
        })
    }
}

/// `π(x)`, `Σ p` (in `S1`) and `Σ p²` by the fastest method for `x`.
fn sums<S1: Ring>(x: u64) -> Result<(u64, S1, Wide), Error> {
    Ok(if x < SIEVE_BELOW {
        let primes = PrimesIn::new(0..x + 1)?;
        let (count, sum, squares) = primes.fold((0, 0, 0), |(c, s, q), p| {
            let p = u128::from(p);
            (c + 1, s + p, q + p * p)
        });
        (count, S1::product(sum, 1, 1), Wide::from_u128(squares))
    } else if x <= WIDE_ABOVE {
        let (count, sum, squares) = lucy::<S1, Packed>(x);
        (count, sum, Wide::from_u128(squares.get()))
    } else {
        lucy::<S1, Wide>(x)
    })
}

/// Above this, `Σ p²` is carried in 192 bits: below it, `x · Σ p < 2^128`
/// bounds the true sum, so 128 bits modulo `2^128` are exact.
const WIDE_ABOVE: u64 = 10_000_000_000_000;

/// The arithmetic a prime power sum is carried in: `u64`, `u128` or
/// [`Wide`], all wrapping, or `()` for a sum that is not wanted.
pub(crate) trait Ring: Copy {
    /// The narrower type that holds the sum exactly at the values `v <= √x`,
    /// for a compact table of them.
    type Small: Ring;
    /// `a · b · c`, wrapping.
    fn product(a: u128, b: u128, c: u64) -> Self;
    fn minus(self, other: Self) -> Self;
    fn times(self, m: u64) -> Self;
    fn widen(small: Self::Small) -> Self;
}

/// `Σ_{2 ≤ n ≤ v} n` in the ring `S` (`v < 2^63`).
fn sum_up_to<S: Ring>(v: u64) -> S {
    let (a, b) = match v % 2 {
        0 => (v / 2, v + 1),
        _ => (v, v.div_ceil(2)),
    };
    S::product(a.into(), b.into(), 1).minus(S::product(1, 1, u64::from(v >= 1)))
}

/// `Σ_{2 ≤ n ≤ v} n²` in the ring `S`: `v (v + 1) (2v + 1) / 6 - 1`, the
/// divisions done on the factors first (`v <= PrimeSums::MAX_X`, so they
/// fit in `u64`).
fn squares_up_to<S: Ring>(v: u64) -> S {
    let (mut a, mut b, mut c) = (v, v + 1, 2 * v + 1);
    if a % 2 == 0 {
        a /= 2
    } else {
        b /= 2
    }
    if a % 3 == 0 {
        a /= 3;
    } else if b % 3 == 0 {
        b /= 3;
    } else {
        c /= 3;
    }
    S::product(a.into(), b.into(), c).minus(S::product(1, 1, u64::from(v >= 1)))
}

impl Ring for () {
    type Small = ();
    fn product(_: u128, _: u128, _: u64) {}
    fn minus(self, _: ()) {}
    fn times(self, _: u64) {}
    fn widen(_: ()) {}
}

impl Ring for u64 {
    type Small = u64;

    fn product(a: u128, b: u128, c: u64) -> u64 {
        (a as u64).wrapping_mul(b as u64).wrapping_mul(c)
    }

    #[inline]
    fn minus(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }

    #[inline]
    fn times(self, m: u64) -> u64 {
        self.wrapping_mul(m)
    }

    fn widen(small: u64) -> u64 {
        small
    }
}

/// As a sum of squares, exact below `x = 1.4 · 10^13` (`√x³ / 3 < 2^64`);
/// as a sum of primes, below `x = 3.4 · 10^19`.
impl Ring for u128 {
    type Small = u64;

    fn product(a: u128, b: u128, c: u64) -> u128 {
        a.wrapping_mul(b).wrapping_mul(u128::from(c))
    }

    #[inline]
    fn minus(self, other: u128) -> u128 {
        self.wrapping_sub(other)
    }

    #[inline]
    fn times(self, m: u64) -> u128 {
        self.wrapping_mul(u128::from(m))
    }

    #[inline]
    fn widen(small: u64) -> u128 {
        u128::from(small)
    }
}

/// A `u128` kept as two `u64` halves: aligned to 8 bytes, so that a table
/// entry beside a `u64` count takes 24 bytes rather than 32.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packed([u64; 2]);

impl Packed {
    #[inline]
    fn new(v: u128) -> Packed {
        Packed([v as u64, (v >> 64) as u64])
    }

    #[inline]
    pub(crate) fn get(self) -> u128 {
        u128::from(self.0[0]) | (u128::from(self.0[1]) << 64)
    }
}

/// A `u64` kept as two `u32` halves: aligned to 4 bytes, so that a table
/// entry beside a `u32` count takes 12 bytes rather than 16.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Half([u32; 2]);

impl Half {
    #[inline]
    fn new(v: u64) -> Half {
        Half([v as u32, (v >> 32) as u32])
    }

    #[inline]
    fn get(self) -> u64 {
        u64::from(self.0[0]) | (u64::from(self.0[1]) << 32)
    }
}

/// As [`u64`].
impl Ring for Half {
    type Small = Half;

    fn product(a: u128, b: u128, c: u64) -> Half {
        Half::new(u64::product(a, b, c))
    }

    #[inline]
    fn minus(self, other: Half) -> Half {
        Half::new(self.get().wrapping_sub(other.get()))
    }

    #[inline]
    fn times(self, m: u64) -> Half {
        Half::new(self.get().wrapping_mul(m))
    }

    #[inline]
    fn widen(small: Half) -> Half {
        small
    }
}

/// As [`u128`].
impl Ring for Packed {
    type Small = Half;

    fn product(a: u128, b: u128, c: u64) -> Packed {
        Packed::new(u128::product(a, b, c))
    }

    #[inline]
    fn minus(self, other: Packed) -> Packed {
        Packed::new(self.get().wrapping_sub(other.get()))
    }

    #[inline]
    fn times(self, m: u64) -> Packed {
        Packed::new(self.get().wrapping_mul(u128::from(m)))
    }

    #[inline]
    fn widen(small: Half) -> Packed {
        Packed::new(u128::from(small.get()))
    }
}

/// A 192-bit unsigned integer, wrapping: `lo + 2^128 hi`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wide {
    lo: u128,
    hi: u64,
}

impl Wide {
    pub(crate) fn from_u128(lo: u128) -> Wide {
        Wide { lo, hi: 0 }
    }

    /// The value, if it fits in `u128`.
    pub(crate) fn to_u128(self) -> Option<u128> {
        (self.hi == 0).then_some(self.lo)
    }

    /// `self / d` for `0 < d < 2^63`.
    pub(crate) fn div_small(self, d: u64) -> Wide {
        let d128 = u128::from(d);
        let hi = self.hi / d;
        let rem = u128::from(self.hi % d);
        // (rem · 2^128 + lo) / d, in two 64-bit halves.
        let upper = (rem << 64) | (self.lo >> 64);
        let q1 = upper / d128;
        let lower = ((upper % d128) << 64) | (self.lo & u128::from(u64::MAX));
        let q0 = lower / d128;
        Wide {
            lo: (q1 << 64) | q0,
            hi,
        }
    }
}

impl Ring for Wide {
    type Small = u128;

    #[inline]
    fn widen(small: u128) -> Wide {
        Wide::from_u128(small)
    }

    fn product(a: u128, b: u128, c: u64) -> Wide {
        Wide::from_u128(a.wrapping_mul(b)).times(c)
    }

    #[inline]
    fn minus(self, other: Wide) -> Wide {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        Wide {
            lo,
            hi: self
                .hi
                .wrapping_sub(other.hi)
                .wrapping_sub(u64::from(borrow)),
        }
    }

    #[inline]
    fn times(self, m: u64) -> Wide {
        let m = u128::from(m);
        let low = (self.lo & u128::from(u64::MAX)) * m;
        let mid = (self.lo >> 64) * m + (low >> 64);
        let lo = (mid << 64) | (low & u128::from(u64::MAX));
        let hi = ((mid >> 64) as u64).wrapping_add(self.hi.wrapping_mul(m as u64));
        Wide { lo, hi }
    }
}

/// Lucy Hedgehog's method for `π`, `Σ p` and `Σ p²` at `x`, with `Σ p` in
/// the arithmetic `S1` and `Σ p²` in `S2`.
///
/// `small[v]` holds the sums over `2..=v` of the numbers not yet crossed off
/// for `v <= r = ⌊√x⌋`, `large[i]` the same for `⌊x / i⌋`. For each prime
/// `p <= r` the numbers whose least prime factor is `p` are removed:
/// `S(v) -= p^k (S(⌊v / p⌋) - S(p - 1))` for every `v >= p²`. The small
/// values fall into blocks of equal `⌊v / p⌋`, so each block subtracts one
/// precomputed amount.
///
/// Of the large values, only those the answer at `x` depends on are kept up
/// to date: `S(x)` reads `S(x / p)` before `p` is removed, which reads
/// `S(x / (pq))` before `q < p` is removed, and so on. So `large[i]` is
/// needed only for squarefree `i`, and only until the prime `lpf(i)`. The
/// squarefree `i` stay in a list in increasing order, from which each prime
/// drops the `i` it is the least prime factor of: at `x = 10^12` this makes
/// 27 million updates of large values instead of 290 million. A large value
/// reads `S(⌊x / (ip)⌋)` from `large[ip]` while `ip <= r`, else from `small`.
fn lucy<S1: Ring, S2: Ring>(x: u64) -> (u64, S1, S2) {
    let r = x.sqrt() as usize;
    let mut small: Vec<Sums<u32, S1::Small, S2::Small>> = (0..=r as u64)
        .map(|v| Sums {
            count: v.saturating_sub(1) as u32,
            sum: sum_up_to(v),
            squares: squares_up_to(v),
        })
        .collect();
    // The large values still changing, by increasing `i`, in
    // `needed[start..end]`; `done[i]` holds `S(x / i)` once it stops.
    let mut needed: Vec<Needed<S1, S2>> = squarefree_with_least_factor(r)
        .into_iter()
        .map(|(i, least)| {
            let v = x / u64::from(i);
            Needed {
                i,
                least,
                sums: Sums {
                    count: v.saturating_sub(1),
                    sum: sum_up_to(v),
                    squares: squares_up_to(v),
                },
            }
        })
        .collect();
    let (mut start, mut end) = (0, needed.len());
    let zero = Sums {
        count: 0,
        sum: S1::product(0, 0, 0),
        squares: S2::product(0, 0, 0),
    };
    let mut done: Vec<Sums<u64, S1, S2>> = vec![zero; r + 1];
    for p in 2..=r {
        if small[p].count == small[p - 1].count {
            continue; // not prime
        }
        let below = small[p - 1];
        let p64 = p as u64;
        let p2 = p64 * p64;
        // What p removes from S(v), given S(v / p) = from, in both widths.
        let removed_small = |from: Sums<u32, S1::Small, S2::Small>| Sums {
            count: from.count - below.count,
            sum: from.sum.minus(below.sum).times(p64),
            squares: from.squares.minus(below.squares).times(p2),
        };
        let removed = |from: Sums<u64, S1, S2>| Sums {
            count: from.count - u64::from(below.count),
            sum: from.sum.minus(S1::widen(below.sum)).times(p64),
            squares: from.squares.minus(S2::widen(below.squares)).times(p2),
        };
        // Values with i > x / p² do not change any more.
        let last = (x / p2).min(r as u64) as u32;
        while end > start && needed[end - 1].i > last {
            end -= 1;
            done[needed[end].i as usize] = needed[end].sums;
        }
        // Downwards, so that S(x / (ip)), which stops at p, is done before
        // i reads it; the values that go on are packed at the top.
        let mut kept = end;
        for k in (start..end).rev() {
            let Needed { i, least, sums } = needed[k];
            let i = i as usize;
            if least as usize <= p {
                done[i] = sums;
                continue;
            }
            let from = match i * p <= r {
                true => done[i * p],
                false => {
                    let from = small[(x / (i as u64 * p64)) as usize];
                    Sums {
                        count: u64::from(from.count),
                        sum: S1::widen(from.sum),
                        squares: S2::widen(from.squares),
                    }
                }
            };
            kept -= 1;
            needed[kept] = Needed {
                i: i as u32,
                least,
                sums: sums.minus(removed(from)),
            };
        }
        start = kept;
        for q in (p..=r / p).rev() {
            let d = removed_small(small[q]);
            let block = q * p..(q * p + p).min(r + 1);
            small[block].iter_mut().for_each(|s| *s = s.minus(d));
        }
    }
    // i = 1 has no least prime factor: it is never dropped.
    let Sums {
        count,
        sum,
        squares,
    } = needed[start].sums;
    (count, sum, squares)
}

/// The squarefree numbers up to `r` in increasing order, each with its least
/// prime factor (`u32::MAX` for 1, which has none).
fn squarefree_with_least_factor(r: usize) -> Vec<(u32, u32)> {
    // least[n]: the least prime factor of n; 0 marks n as not squarefree.
    let mut least = vec![u32::MAX; r + 1];
    for p in 2..=r {
        if least[p] == u32::MAX {
            for m in (p..=r).step_by(p) {
                least[m] = least[m].min(p as u32);
            }
            for m in (p.saturating_mul(p)..=r).step_by(p * p) {
                least[m] = 0;
            }
        }
    }
    // 1 comes first even when r = 0: S(x / 1) is the answer.
    std::iter::once((1, u32::MAX))
        .chain(
            (2..=r)
                .filter(|&n| least[n] != 0)
                .map(|n| (n as u32, least[n])),
        )
        .collect()
}

/// A large value `S(x / i)` that [`lucy`] keeps updating until the prime
/// `least`, the least prime factor of `i`.
#[derive(Clone, Copy)]
struct Needed<S1, S2> {
    i: u32,
    least: u32,
    sums: Sums<u64, S1, S2>,
}

/// The three running sums of one value in [`lucy`]: the count in `C`
/// (`u32` for the values up to `√x`, `u64` above), the sums in their rings.
#[derive(Clone, Copy)]
struct Sums<C, S1, S2> {
    count: C,
    sum: S1,
    squares: S2,
}

impl<C: std::ops::Sub<Output = C>, S1: Ring, S2: Ring> Sums<C, S1, S2> {
    #[inline]
    fn minus(self, other: Sums<C, S1, S2>) -> Sums<C, S1, S2> {
        Sums {
            count: self.count - other.count,
            sum: self.sum.minus(other.sum),
            squares: self.squares.minus(other.squares),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lucy's method, below the size where [`sums`] hands it work, in every
    /// arithmetic, against trial division at every `x`.
    #[test]
    fn lucy_matches_trial_division_at_every_small_x() {
        let (mut count, mut sum, mut squares) = (0u64, 0u128, 0u128);
        for x in 0..20_000u64 {
            if x >= 2 && (2..x).take_while(|d| d * d <= x).all(|d| x % d != 0) {
                count += 1;
                sum += u128::from(x);
                squares += u128::from(x) * u128::from(x);
            }
            let (c, s, q) = lucy::<Packed, Packed>(x);
            assert_eq!((c, s.get(), q.get()), (count, sum, squares), "x = {x}");
            let (c, (), q) = lucy::<(), Wide>(x);
            assert_eq!((c, q), (count, Wide::from_u128(squares)), "x = {x}");
        }
    }

    #[test]
    fn squarefree_numbers_with_their_least_factors() {
        let least = |n: u32| (2..=n).find(|d| n % d == 0).unwrap_or(u32::MAX);
        let squarefree = |n: u32| (2..=n).take_while(|d| d * d <= n).all(|d| n % (d * d) != 0);
        let expected: Vec<(u32, u32)> = (1..=1000)
            .filter(|&n| squarefree(n))
            .map(|n| (n, least(n)))
            .collect();
        assert_eq!(squarefree_with_least_factor(1000), expected);
    }
}
