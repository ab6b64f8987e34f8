//! Wrapping integer arithmetic for the prime sums: `u64`, `u128` and a
//! 192-bit [`Wide`], each the ring of integers modulo `2^bits`.
//!
//! A sum computed with `+`, `-` and `×` alone is exact in such a ring
//! whenever its true value lies in `[0, 2^bits)`, however far the
//! intermediate values stray; the prime-sum engine relies on that.

/// A value the prime-sum engine adds up: a ring element, or a tuple of them.
pub(crate) trait Value: Copy + Default + Send + Sync {
    /// `self + other`, wrapping.
    fn plus(self, other: Self) -> Self;
    /// `self - other`, wrapping.
    fn minus(self, other: Self) -> Self;
    /// `self · other`, wrapping (componentwise for tuples).
    fn mul(self, other: Self) -> Self;
}

/// The integers modulo `2^bits`.
pub(crate) trait Ring: Value + PartialEq {
    /// `v` modulo `2^bits`.
    fn from_u128(v: u128) -> Self;
    /// `self · m`, wrapping.
    fn times(self, m: u128) -> Self;
}

impl Value for u64 {
    #[inline]
    fn plus(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline]
    fn minus(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }
    #[inline]
    fn mul(self, other: u64) -> u64 {
        self.wrapping_mul(other)
    }
}

impl Ring for u64 {
    #[inline]
    fn from_u128(v: u128) -> u64 {
        v as u64
    }
    #[inline]
    fn times(self, m: u128) -> u64 {
        self.wrapping_mul(m as u64)
    }
}

impl Value for u128 {
    #[inline]
    fn plus(self, other: u128) -> u128 {
        self.wrapping_add(other)
    }
    #[inline]
    fn minus(self, other: u128) -> u128 {
        self.wrapping_sub(other)
    }
    #[inline]
    fn mul(self, other: u128) -> u128 {
        self.wrapping_mul(other)
    }
}

impl Ring for u128 {
    #[inline]
    fn from_u128(v: u128) -> u128 {
        v
    }
    #[inline]
    fn times(self, m: u128) -> u128 {
        self.wrapping_mul(m)
    }
}

impl<A: Value, B: Value> Value for (A, B) {
    #[inline]
    fn plus(self, other: (A, B)) -> (A, B) {
        (self.0.plus(other.0), self.1.plus(other.1))
    }
    #[inline]
    fn minus(self, other: (A, B)) -> (A, B) {
        (self.0.minus(other.0), self.1.minus(other.1))
    }
    #[inline]
    fn mul(self, other: (A, B)) -> (A, B) {
        (self.0.mul(other.0), self.1.mul(other.1))
    }
}

/// A 192-bit unsigned integer, wrapping: `lo + 2^128 hi`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wide {
    lo: u128,
    hi: u64,
}

const LOW: u128 = u64::MAX as u128;

impl Wide {
    /// The value, if it fits in `u128`.
    pub(crate) fn to_u128(self) -> Option<u128> {
        (self.hi == 0).then_some(self.lo)
    }

    /// `self / d` for `0 < d < 2^64`.
    pub(crate) fn div_small(self, d: u64) -> Wide {
        let d128 = u128::from(d);
        let hi = self.hi / d;
        let rem = u128::from(self.hi % d);
        // (rem · 2^128 + lo) / d, in two 64-bit halves.
        let upper = (rem << 64) | (self.lo >> 64);
        let q1 = upper / d128;
        let lower = ((upper % d128) << 64) | (self.lo & LOW);
        let q0 = lower / d128;
        Wide {
            lo: (q1 << 64) | q0,
            hi,
        }
    }
}

impl Value for Wide {
    #[inline]
    fn plus(self, other: Wide) -> Wide {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        Wide {
            lo,
            hi: self
                .hi
                .wrapping_add(other.hi)
                .wrapping_add(u64::from(carry)),
        }
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
    fn mul(self, other: Wide) -> Wide {
        // (a + 2^128 b)(c + 2^128 d) = (a + 2^128 b) c + 2^128 ad mod 2^192.
        let product = self.times(other.lo);
        Wide {
            lo: product.lo,
            hi: product
                .hi
                .wrapping_add((self.lo as u64).wrapping_mul(other.hi)),
        }
    }
}

impl Ring for Wide {
    #[inline]
    fn from_u128(v: u128) -> Wide {
        Wide { lo: v, hi: 0 }
    }

    #[inline]
    fn times(self, m: u128) -> Wide {
        let (l0, l1) = (self.lo & LOW, self.lo >> 64);
        let (m0, m1) = (m & LOW, m >> 64);
        let p00 = l0 * m0;
        let p01 = l0 * m1;
        let p10 = l1 * m0;
        let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
        let top = (mid >> 64) as u64;
        let hi = top
            .wrapping_add((p01 >> 64) as u64)
            .wrapping_add((p10 >> 64) as u64)
            .wrapping_add((l1 as u64).wrapping_mul(m1 as u64))
            .wrapping_add(self.hi.wrapping_mul(m0 as u64));
        Wide {
            lo: (mid << 64) | (p00 & LOW),
            hi,
        }
    }
}

/// Remainders modulo a fixed `d`, `1 <= d < 2^32`, by multiplications
/// instead of a division: with `c = ⌈2^128 / d⌉`, `n mod d` is the high
/// half of `(c n mod 2^128) d` for every `n < 2^64` (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Modulus {
    d: u64,
    c: u128,
}

impl Modulus {
    pub(crate) fn new(d: u64) -> Modulus {
        debug_assert!((1..1 << 32).contains(&d));
        // 2^128 itself for d = 1, which wraps to 0: every remainder is 0.
        let c = (u128::MAX / u128::from(d)).wrapping_add(1);
        Modulus { d, c }
    }

    /// `n mod d`.
    #[inline(always)]
    pub(crate) fn rem(self, n: u64) -> u64 {
        let fraction = self.c.wrapping_mul(u128::from(n));
        // The high half of fraction · d, d < 2^32: no carry is lost.
        let d = u128::from(self.d);
        let high = (fraction >> 64) * d + (((fraction & u128::from(u64::MAX)) * d) >> 64);
        (high >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every modulus up to 300 and a few large ones, at numbers near 0,
    /// the multiples of each, and the top of the range, against `%`.
    #[test]
    fn remainders_match_division() {
        let moduli = (1..=300).chain([65_535, 65_536, 4_294_967_291, u32::MAX.into()]);
        for d in moduli {
            let modulus = Modulus::new(d);
            let near = |n: u64| (0..3).map(move |k| n.wrapping_add(k).wrapping_sub(1));
            let numbers = (0..1000)
                .chain((1..20).flat_map(|k| near(k * d)))
                .chain(near(u64::MAX - 1))
                .chain(near(1 << 63));
            for n in numbers {
                assert_eq!(modulus.rem(n), n % d, "{n} mod {d}");
            }
        }
    }

    /// Wide against u128 on values that fit, and against the algebra
    /// `(2^128 - 1)² = 2^256 - 2^129 + 1 ≡ 1 - 2^129 (mod 2^192)` on one that does not.
    #[test]
    fn wide_arithmetic() {
        let samples = [
            0u128,
            1,
            2,
            3,
            12,
            u64::MAX.into(),
            1 << 64,
            12_345_678_901_234_567_890,
        ];
        for &a in &samples {
            for &b in &samples {
                let (wa, wb) = (Wide::from_u128(a), Wide::from_u128(b));
                if let Some(s) = a.checked_add(b) {
                    assert_eq!(wa.plus(wb).to_u128(), Some(s));
                }
                if let Some(p) = a.checked_mul(b) {
                    assert_eq!(wa.times(b).to_u128(), Some(p));
                    assert_eq!(wa.mul(wb).to_u128(), Some(p));
                }
                if a >= b {
                    assert_eq!(wa.minus(wb).to_u128(), Some(a - b));
                }
                if b > 0 && b < 1 << 64 {
                    assert_eq!(wa.div_small(b as u64).to_u128(), Some(a / b));
                }
            }
        }
        let max = Wide::from_u128(u128::MAX);
        let square = max.times(u128::MAX);
        assert_eq!(square, max.mul(max));
        // 1 - 2^129 mod 2^192 = 2^192 - 2^129 + 1.
        let expected = Wide {
            lo: 1,
            hi: u64::MAX - 1,
        };
        assert_eq!(square, expected);
        assert_eq!(
            square
                .plus(Wide::from_u128(u128::MAX))
                .minus(Wide::from_u128(u128::MAX)),
            square
        );
        // 2^192 - 2^129 = 2^129 (2^63 - 1), and 7 divides 2^63 - 1.
        let seventh = square.minus(Wide::from_u128(1)).div_small(7);
        assert_eq!(seventh.times(7).plus(Wide::from_u128(1)), square);
    }
}
