//! The weights the prime-sum engine adds up: `f(n) = n^k` for `k = 0, 1, 2`,
//! completely multiplicative, and pairs of them for several sums in one pass.

use std::marker::PhantomData;

use crate::arith::{Ring, Value};

/// The set bits of one sieve word, summarised: bit `i` stands for the
/// number `base + 2i`.
#[derive(Clone, Copy)]
pub(crate) struct Bits {
    /// How many bits are set.
    pub(crate) count: u64,
    /// `Σ i` over the set bits (only when the weight's power is `>= 1`).
    pub(crate) first: u64,
    /// `Σ i²` over the set bits (only when the weight's power is 2).
    pub(crate) second: u64,
}

/// Masks of the bit positions `i` whose bit `s` is set, `s = 0..6`.
const POSITION_BITS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// `BYTE_SUMS[k][v]`: the count, `Σ i` and `Σ i²` of the set bits `i` of a
/// word whose byte `k` is `v` (its others 0), packed in fields of 8, 16 and
/// 24 bits from bit 0, wide enough for a whole word's sums (64, 2016 and
/// 85 344), so that the bytes' entries add up without carries.
static BYTE_SUMS: [[u64; 256]; 8] = {
    let mut table = [[0; 256]; 8];
    let mut k = 0;
    while k < 8 {
        let mut v = 0;
        while v < 256 {
            let (mut count, mut first, mut second) = (0, 0, 0);
            let mut j = 0;
            while j < 8 {
                if v >> j & 1 == 1 {
                    let i = 8 * k as u64 + j;
                    (count, first, second) = (count + 1, first + i, second + i * i);
                }
                j += 1;
            }
            table[k][v] = count | first << 8 | second << 24;
            v += 1;
        }
        k += 1;
    }
    table
};

impl Bits {
    /// Summarises `word` up to the `power` a weight needs: by population
    /// counts up to `Σ i`, by a table of its bytes for `Σ i²` (a third of
    /// the instructions of the 21 counts it would take).
    #[inline(always)]
    pub(crate) fn of(word: u64, power: u32) -> Bits {
        if power >= 2 {
            let packed: u64 = (0..8)
                .map(|k| BYTE_SUMS[k][usize::from((word >> (8 * k)) as u8)])
                .sum();
            return Bits {
                count: packed & 0xFF,
                first: packed >> 8 & 0xFFFF,
                second: packed >> 24,
            };
        }
        let count = u64::from(word.count_ones());
        let mut first = 0;
        if power >= 1 {
            for (s, mask) in POSITION_BITS.iter().enumerate() {
                first += u64::from((word & mask).count_ones()) << s;
            }
        }
        Bits {
            count,
            first,
            second: 0,
        }
    }
}

/// The set bits of a run of sieve words, summarised as [`Bits`] for
/// positions `i` counted from the run's first bit, to the power a weight
/// needs and no further: a segment's counters, in machine words however
/// wide the weight's values, turned into values once per query.
pub(crate) trait Counter: Copy {
    /// No bits.
    const ZERO: Self;
    /// The bits of `word`, whose bit 0 is at position `offset`.
    fn of(word: u64, offset: u64) -> Self;
    /// The bit at position `i`, if `bit` is 1; nothing if it is 0.
    fn bit(bit: u64, i: u64) -> Self;
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;
    /// As [`Bits`], for [`Weight::bits`].
    fn bits(self) -> Bits;
    /// The sum of `counters[..k]`.
    #[inline(always)]
    fn first(counters: &[Self], k: usize) -> Self {
        counters[..k].iter().fold(Self::ZERO, |sum, &c| sum.plus(c))
    }
    /// The bits at positions below `n` of `words`, whose first bit is at
    /// position `offset`.
    #[inline(always)]
    fn below(words: &[u64], offset: u64, n: u64) -> Self {
        let (whole, rest) = ((n / 64) as usize, n % 64);
        let mut sum = Self::ZERO;
        for (w, &word) in words[..whole].iter().enumerate() {
            sum = sum.plus(Self::of(word, offset + 64 * w as u64));
        }
        if rest > 0 {
            let word = words[whole] & ((1 << rest) - 1);
            sum = sum.plus(Self::of(word, offset + 64 * whole as u64));
        }
        sum
    }
}

/// How many bits are set.
impl Counter for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn of(word: u64, _: u64) -> u64 {
        u64::from(word.count_ones())
    }
    #[inline(always)]
    fn bit(bit: u64, _: u64) -> u64 {
        bit
    }
    #[inline(always)]
    fn plus(self, other: u64) -> u64 {
        self + other
    }
    #[inline(always)]
    fn minus(self, other: u64) -> u64 {
        self - other
    }
    #[inline(always)]
    fn bits(self) -> Bits {
        Bits {
            count: self,
            first: 0,
            second: 0,
        }
    }
    /// Every counter, masked: no branch on `k`.
    #[inline(always)]
    fn first(counters: &[u64], k: usize) -> u64 {
        let keep = |j: usize| u64::from(j < k).wrapping_neg();
        (0..counters.len()).map(|j| counters[j] & keep(j)).sum()
    }
    /// Every word, masked: no branch on `n`.
    #[inline(always)]
    fn below(words: &[u64], _: u64, n: u64) -> u64 {
        let mut sum = 0;
        for (w, &word) in words.iter().enumerate() {
            // The low min(n - 64 w, 64) bits, or none.
            let bits = n.saturating_sub(64 * w as u64).min(64);
            let mask = ((1u128 << bits) - 1) as u64;
            sum += u64::from((word & mask).count_ones());
        }
        sum
    }
}

/// `[count, Σ i, Σ i²]` up to the power `N - 1`; positions below 2^20 keep
/// `Σ i²` below 2^64 (a segment's bits number at most that).
impl<const N: usize> Counter for [u64; N] {
    const ZERO: [u64; N] = [0; N];
    #[inline(always)]
    fn of(word: u64, offset: u64) -> [u64; N] {
        let bits = Bits::of(word, N as u32 - 1);
        // Σ (o + i) = o c + Σ i, Σ (o + i)² = o² c + 2 o Σ i + Σ i².
        let (c, f, s) = (bits.count, bits.first, bits.second);
        let sums = [c, offset * c + f, offset * offset * c + 2 * offset * f + s];
        std::array::from_fn(|k| sums[k])
    }
    #[inline(always)]
    fn bit(bit: u64, i: u64) -> [u64; N] {
        let sums = [bit, bit * i, bit * i * i];
        std::array::from_fn(|k| sums[k])
    }
    #[inline(always)]
    fn plus(self, other: [u64; N]) -> [u64; N] {
        std::array::from_fn(|k| self[k] + other[k])
    }
    #[inline(always)]
    fn minus(self, other: [u64; N]) -> [u64; N] {
        std::array::from_fn(|k| self[k] - other[k])
    }
    #[inline(always)]
    fn bits(self) -> Bits {
        let sum = |k: usize| self.get(k).copied().unwrap_or(0);
        Bits {
            count: sum(0),
            first: sum(1),
            second: sum(2),
        }
    }
}

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
    /// `Σ f(p)` over the first `k` primes, from `prefix`, their running
    /// sums (`prefix[0] = 0`).
    #[inline(always)]
    fn first_primes(k: usize, prefix: &[Self::V]) -> Self::V {
        prefix[k]
    }
}

/// `f(n) = 1`: sums are counts.
pub(crate) struct Count;

impl Weight for Count {
    type V = u64;
    type Counter = u64;
    const POWER: u32 = 0;

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
    fn first_primes(k: usize, _: &[u64]) -> u64 {
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
        R::from_u128(u128::from(bits.count) * u128::from(base) + u128::from(2 * bits.first))
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
            .plus(R::from_u128(4 * base * u128::from(bits.first)))
            .plus(R::from_u128(4 * u128::from(bits.second)))
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
    fn bit_summaries_match_the_bits() {
        let mut word = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            word = word.rotate_left(7) ^ word.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let set: Vec<u64> = (0..64).filter(|i| word >> i & 1 == 1).collect();
            let bits = Bits::of(word, 2);
            assert_eq!(bits.count, set.len() as u64);
            assert_eq!(bits.first, set.iter().sum::<u64>());
            assert_eq!(bits.second, set.iter().map(|i| i * i).sum::<u64>());
            let base = 1_000_000_007u64;
            let squares: u128 = set.iter().map(|i| u128::from(base + 2 * i).pow(2)).sum();
            assert_eq!(Square::<u128>::bits(base, bits), squares);
        }
    }

    /// Counters of words at offsets up to a segment's last word, and of
    /// single bits, against the positions summed one by one.
    #[test]
    fn counters_match_the_positions() {
        let mut word = 0x2545_F491_4F6C_DD1Du64;
        for k in 0..300u64 {
            word = word.rotate_left(11) ^ word.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let offset = [0, 64 * k, (1 << 20) - 64][k as usize % 3];
            let set: Vec<u64> = (0..64)
                .filter(|i| word >> i & 1 == 1)
                .map(|i| offset + i)
                .collect();
            let sums = [
                set.len() as u64,
                set.iter().sum(),
                set.iter().map(|i| i * i).sum(),
            ];
            assert_eq!(<u64 as Counter>::of(word, offset), sums[0]);
            assert_eq!(<[u64; 2]>::of(word, offset), [sums[0], sums[1]]);
            assert_eq!(<[u64; 3]>::of(word, offset), sums);
            let i = offset + k % 64;
            assert_eq!(<[u64; 3]>::bit(1, i), [1, i, i * i]);
            assert_eq!(<[u64; 3]>::bit(0, i), [0; 3]);
            let bits = <[u64; 3]>::of(word, offset).minus(<[u64; 3]>::ZERO).bits();
            assert_eq!(
                (bits.count, bits.first, bits.second),
                (sums[0], sums[1], sums[2])
            );
        }
    }

    /// The sums of a block's first counters and of its words' first bits,
    /// at every length and every bit position of a block, against the bits
    /// added one by one.
    #[test]
    fn block_sums_match_the_bits() {
        fn check<C: Counter + PartialEq + std::fmt::Debug>(words: &[u64; 4], offset: u64) {
            let bit = |i: u64| C::bit(words[(i / 64) as usize] >> (i % 64) & 1, offset + i);
            let counters: Vec<C> = (0..16u64)
                .map(|k| C::of(words[k as usize % 4].rotate_left(k as u32), 64 * k))
                .collect();
            for k in 0..=16 {
                let plain = counters[..k].iter().fold(C::ZERO, |s, &c| s.plus(c));
                assert_eq!(C::first(&counters, k), plain, "first {k} counters");
            }
            let mut plain = C::ZERO;
            for n in 0..=256 {
                assert_eq!(C::below(words, offset, n), plain, "bits below {n}");
                if n < 256 {
                    plain = plain.plus(bit(n));
                }
            }
        }
        let mut word = 0x9E37_79B9_7F4A_7C15u64;
        for k in 0..40u64 {
            let mut words = [0; 4];
            for w in &mut words {
                word = word.rotate_left(7) ^ word.wrapping_mul(0x2545_F491_4F6C_DD1D);
                *w = word;
            }
            if k == 0 {
                words = [u64::MAX; 4];
            }
            let offset = 256 * k;
            check::<u64>(&words, offset);
            check::<[u64; 2]>(&words, offset);
            check::<[u64; 3]>(&words, offset);
        }
    }

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
