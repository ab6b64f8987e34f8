//! The counters of every bit alike ([`Scalar`]): a count, the count and
//! `Σ i` in one word ([`CountSum`]), and `[count, Σ i, Σ i²]`.

use super::{Bits, Counter, MAX_BLOCK_WORDS, POSITION_BITS, Scalar};

/// How many bits are set.
impl Counter for u64 {
    type Layout = ();
    const ZERO: u64 = 0;
    #[inline(always)]
    fn of(word: u64, _: u64, (): &()) -> u64 {
        u64::from(word.count_ones())
    }
    #[inline(always)]
    fn bit(bit: u64, _: u64, (): &()) -> u64 {
        bit
    }
    #[inline(always)]
    fn plus(self, other: u64) -> u64 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn minus(self, other: u64) -> u64 {
        self.wrapping_sub(other)
    }
}

impl Scalar for u64 {
    #[inline(always)]
    fn bits(self) -> Bits {
        Bits {
            count: self,
            positions: 0,
            squares: 0,
        }
    }
}

/// Where a [`CountSum`] keeps the count: `Σ i` over a segment stays below
/// `2^38`, its positions below `2^19` ([`Counted::new`](super::Counted::new)).
const COUNT_SHIFT: u32 = 40;

/// `[count, Σ i]` in one word, as `Σ (2^40 + i)`: half the memory of two
/// words and a single add or subtract a bit, the fields apart as long as
/// `|Σ i| < 2^39` (measured at `10^16`: `prime_sum` in 0.93× the time of
/// `[u64; 2]`). Fields that wrap below 0
/// ([`Alternating`](super::Alternating)) come out sign extended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CountSum(u64);

impl Counter for CountSum {
    type Layout = ();
    const ZERO: CountSum = CountSum(0);
    #[inline(always)]
    fn of(word: u64, offset: u64, (): &()) -> CountSum {
        let bits = Bits::of(word, 1);
        CountSum(bits.count * ((1 << COUNT_SHIFT) + offset) + bits.positions)
    }
    /// Blocks of 2 words, where a count's take 4: a query's last block
    /// costs 7 population counts a word here, 1 there (measured at
    /// `10^16`: `prime_sum` in 0.96× the time of blocks of 4 words;
    /// `prime_pi` 1.02× with blocks of 2).
    const BLOCK_WORDS: usize = 2;
    /// The words' counts and position sums lane by lane, which the
    /// compiler turns into vector population counts (measured: `Σ p` up to
    /// `10^15` in 0.92× the time of a word at a time).
    #[inline(always)]
    fn of_block(words: &[u64], offset: u64, (): &()) -> CountSum {
        let mut positions = [0; MAX_BLOCK_WORDS];
        let positions = &mut positions[..words.len()];
        for (k, (p, word)) in positions.iter_mut().zip(words).enumerate() {
            let count = u64::from(word.count_ones());
            *p = ((1 << COUNT_SHIFT) + offset + 64 * k as u64) * count;
        }
        for (s, mask) in POSITION_BITS.iter().enumerate() {
            for (p, &word) in positions.iter_mut().zip(words) {
                *p += u64::from((word & mask).count_ones()) << s;
            }
        }
        CountSum(positions.iter().sum())
    }
    #[inline(always)]
    fn bit(bit: u64, i: u64, (): &()) -> CountSum {
        CountSum(bit * ((1 << COUNT_SHIFT) + i))
    }
    #[inline(always)]
    fn plus(self, other: CountSum) -> CountSum {
        CountSum(self.0.wrapping_add(other.0))
    }
    #[inline(always)]
    fn minus(self, other: CountSum) -> CountSum {
        CountSum(self.0.wrapping_sub(other.0))
    }
}

impl CountSum {
    /// The count and `Σ i` of a counter whose fields are not below 0 (a
    /// plain one, not [`Alternating`](super::Alternating)): a shift and a mask.
    #[inline(always)]
    pub(crate) fn fields(self) -> (u64, u64) {
        (self.0 >> COUNT_SHIFT, self.0 & ((1 << COUNT_SHIFT) - 1))
    }
}

impl Scalar for CountSum {
    /// `Σ i` from the low 40 bits, sign extended, then the count from the
    /// rest.
    #[inline(always)]
    fn bits(self) -> Bits {
        let unused = 64 - COUNT_SHIFT;
        let positions = ((self.0 << unused) as i64 >> unused) as u64;
        Bits {
            count: (self.0.wrapping_sub(positions) as i64 >> COUNT_SHIFT) as u64,
            positions,
            squares: 0,
        }
    }
}

/// `[count, Σ i, Σ i²]`; positions below 2^20 keep `Σ i²` below 2^64 (a
/// segment's bits number at most that).
impl Counter for [u64; 3] {
    type Layout = ();
    const ZERO: [u64; 3] = [0; 3];
    #[inline(always)]
    fn of(word: u64, offset: u64, (): &()) -> [u64; 3] {
        let bits = Bits::of(word, 2);
        // Σ (o + i) = o c + Σ i, Σ (o + i)² = o² c + 2 o Σ i + Σ i².
        let (c, f, s) = (bits.count, bits.positions, bits.squares);
        [c, offset * c + f, offset * offset * c + 2 * offset * f + s]
    }
    #[inline(always)]
    fn bit(bit: u64, i: u64, (): &()) -> [u64; 3] {
        [bit, bit * i, bit * i * i]
    }
    #[inline(always)]
    fn plus(self, other: [u64; 3]) -> [u64; 3] {
        std::array::from_fn(|k| self[k].wrapping_add(other[k]))
    }
    #[inline(always)]
    fn minus(self, other: [u64; 3]) -> [u64; 3] {
        std::array::from_fn(|k| self[k].wrapping_sub(other[k]))
    }
}

impl Scalar for [u64; 3] {
    #[inline(always)]
    fn bits(self) -> Bits {
        let [count, positions, squares] = self;
        Bits {
            count,
            positions,
            squares,
        }
    }
}
