//! The weights the prime-sum engine adds up: `f(n) = n^k` for `k = 0, 1, 2`,
//! completely multiplicative, and pairs of them for several sums in one pass.

use std::marker::PhantomData;

use super::counters::{Bits, Counter};
use crate::arith::{Ring, Value};

/// A completely multiplicative weight `f` with `f(1) = 1`, its values in a
/// wrapping [`Value`].
pub(crate) trait Weight {
    /// The sums' type.
    type V: Value;
    /// The segment counters' type: [`Bits`] up to [`Weight::POWER`].
    type Counter: Counter;
    /// The highest power of `n` in `f`: which parts of [`Bits`] it reads.
    const POWER: u32;
    /// `f(n)`.
    fn of(n: u64) -> Self::V;
    /// `F(t) = Σ_{1 <= j <= t} f(j)`.
    fn prefix(t: u64) -> Self::V;
    /// `v · f(n)`.
    fn scale(v: Self::V, n: u64) -> Self::V;
    /// `Σ f(base + 2i)` over the set bits `i` that `bits` summarises.
    fn bits(base: u64, bits: Bits) -> Self::V;
    /// Whether [`Weight::over_primes`] reads the running sums: the tables
    /// keep them only then.
    const READS_PREFIX: bool = true;
    /// `Σ f(p)` over the first `k` primes, from `prefix`, their running
    /// sums (`prefix[0] = 0`).
    #[inline(always)]
    fn over_primes(k: usize, prefix: &[Self::V]) -> Self::V {
        prefix[k]
    }
}

/// `f(n) = 1`: sums are counts.
pub(crate) struct Count;

impl Weight for Count {
    type V = u64;
    type Counter = u64;
    const POWER: u32 = 0;
    const READS_PREFIX: bool = false;

    #[inline]
    fn of(_: u64) -> u64 {
        1
    }
    #[inline]
    fn prefix(t: u64) -> u64 {
        t
    }
    #[inline]
    fn scale(v: u64, _: u64) -> u64 {
        v
    }
    #[inline]
    fn bits(_: u64, bits: Bits) -> u64 {
        bits.count
    }
    /// `k` itself: no table to read.
    #[inline(always)]
    fn over_primes(k: usize, _: &[u64]) -> u64 {
        k as u64
    }
}

/// `f(n) = n`, in the ring `R`.
pub(crate) struct Linear<R>(PhantomData<R>);

impl<R: Ring> Weight for Linear<R> {
    type V = R;
    type Counter = [u64; 2];
    const POWER: u32 = 1;

    #[inline]
    fn of(n: u64) -> R {
        R::from_u128(n.into())
    }
    #[inline]
    fn prefix(t: u64) -> R {
        let t = u128::from(t);
        // t (t + 1) < 2^128 for t < 2^64.
        R::from_u128(t * (t + 1) / 2)
    }
    #[inline]
    fn scale(v: R, n: u64) -> R {
        v.times(n.into())
    }
    #[inline]
    fn bits(base: u64, bits: Bits) -> R {
        R::from_u128(u128::from(bits.count) * u128::from(base) + u128::from(2 * bits.positions))
    }
}

/// `f(n) = n²`, in the ring `R`.
pub(crate) struct Square<R>(PhantomData<R>);

impl<R: Ring> Weight for Square<R> {
    type V = R;
    type Counter = [u64; 3];
    const POWER: u32 = 2;

    #[inline]
    fn of(n: u64) -> R {
        let n = u128::from(n);
        R::from_u128(n * n)
    }
    #[inline]
    fn prefix(t: u64) -> R {
        // t (t + 1) (2t + 1) / 6, the divisions done on the factors first,
        // in 64 bits: exactly one of t, t + 1 is even and one of t, t + 1,
        // 2t + 1 is a multiple of 3 (with t = 3q + r, it is q, q + 1 or 2q + 1
        // times 3), and the even factor stays even once divided by 3.
        let (q, r) = (t / 3, t % 3);
        let (mut a, mut b, mut c) = (u128::from(t), u128::from(t) + 1, 2 * u128::from(t) + 1);
        match r {
            0 => a = q.into(),
            1 => c = u128::from(2 * q + 1),
            _ => b = u128::from(q) + 1,
        }
        if t.is_multiple_of(2) {
            a >>= 1;
        } else {
            b >>= 1;
        }
        R::from_u128(a).times(b).times(c)
    }
    #[inline]
    fn scale(v: R, n: u64) -> R {
        let n = u128::from(n);
        v.times(n * n)
    }
    #[inline]
    fn bits(base: u64, bits: Bits) -> R {
        // Σ (base + 2i)² = count base² + 4 base Σi + 4 Σi².
        let base = u128::from(base);
        R::from_u128(base * base)
            .times(bits.count.into())
            .plus(R::from_u128(4 * base * u128::from(bits.positions)))
            .plus(R::from_u128(4 * u128::from(bits.squares)))
    }
}

/// Two weights at once.
impl<A: Weight, B: Weight> Weight for (A, B) {
    type V = (A::V, B::V);
    /// Every pair the engine sums takes squares.
    type Counter = [u64; 3];
    const POWER: u32 = if A::POWER > B::POWER {
        A::POWER
    } else {
        B::POWER
    };

    #[inline]
    fn of(n: u64) -> Self::V {
        (A::of(n), B::of(n))
    }
    #[inline]
    fn prefix(t: u64) -> Self::V {
        (A::prefix(t), B::prefix(t))
    }
    #[inline]
    fn scale(v: Self::V, n: u64) -> Self::V {
        (A::scale(v.0, n), B::scale(v.1, n))
    }
    #[inline]
    fn bits(base: u64, bits: Bits) -> Self::V {
        (A::bits(base, bits), B::bits(base, bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_sums_match_the_definition() {
        let (mut one, mut two) = (0u128, 0u128);
        for t in 0..1000u64 {
            one += u128::from(t);
            two += u128::from(t) * u128::from(t);
            assert_eq!(Linear::<u128>::prefix(t), one);
            assert_eq!(Square::<u128>::prefix(t), two);
        }
    }
}
