//! The counters of the weights split by class: [`Alternating`] for the
//! character modulo 4 and [`ByClass`] per class of positions modulo a
//! period.

use super::{Bits, Counter, Scalar};
use crate::arith::Modulus;

/// The bit positions `i` that are even.
const EVEN: u64 = 0x5555_5555_5555_5555;

/// A [`Scalar`] counter's sums over the bits at even positions less those
/// over the bits at odd ones, wrapping below 0: the numbers `base + 2i`
/// of an odd `base` alternate between the classes 1 and 3 modulo 4, so
/// that these are the sums of the character modulo 4 up to its sign at
/// `base`, with no more room than a count's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Alternating<C>(pub(crate) C);

impl<C: Scalar> Counter for Alternating<C> {
    type Layout = ();
    const ZERO: Self = Alternating(C::ZERO);
    /// `offset` is even: a word's bit `j` has the parity of `j`.
    #[inline(always)]
    fn of(word: u64, offset: u64, (): &()) -> Self {
        let even = C::of(word & EVEN, offset, &());
        Alternating(even.minus(C::of(word & !EVEN, offset, &())))
    }
    #[inline(always)]
    fn bit(bit: u64, i: u64, (): &()) -> Self {
        let plus = C::bit(bit, i, &());
        Alternating(if i.is_multiple_of(2) {
            plus
        } else {
            C::ZERO.minus(plus)
        })
    }
    #[inline(always)]
    fn plus(self, other: Self) -> Self {
        Alternating(self.0.plus(other.0))
    }
    #[inline(always)]
    fn minus(self, other: Self) -> Self {
        Alternating(self.0.minus(other.0))
    }
}

impl<C: Scalar> Scalar for Alternating<C> {
    /// Fields that wrap below 0: [`Bits::wide`] reads them.
    #[inline(always)]
    fn bits(self) -> Bits {
        self.0.bits()
    }
}

/// The classes of the positions modulo a period `L`: `masks[phase * W +
/// c]` has bit `j` set when `(phase + j) mod L = c`, for `phase < L` and
/// `c < W`, the rows as wide as the counters (`L <= W`), the classes from
/// `L` on empty.
#[derive(Clone)]
pub(crate) struct Classes {
    period: Modulus,
    masks: Vec<u64>,
}

impl Classes {
    /// The classes modulo `period`, `1 <= period <= width`, in rows of
    /// `width` masks.
    pub(crate) fn new(period: u64, width: usize) -> Classes {
        let mut masks = vec![0; period as usize * width];
        for (phase, row) in masks.chunks_exact_mut(width).enumerate() {
            // Bit j goes to the class of phase + j, stepped without a division.
            let mut class = phase;
            for j in 0..64 {
                row[class] |= 1 << j;
                class = if class + 1 == period as usize {
                    0
                } else {
                    class + 1
                };
            }
        }
        Classes {
            period: Modulus::new(period),
            masks,
        }
    }
}

/// A [`Scalar`] counter per class of positions modulo a period `L <= N`:
/// `0[c]` sums the positions `i` with `i mod L = c` (the others stay 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ByClass<C, const N: usize>(pub(crate) [C; N]);

impl<C: Scalar, const N: usize> Counter for ByClass<C, N> {
    type Layout = Classes;
    const ZERO: Self = ByClass([C::ZERO; N]);
    /// Every class, empty or not, in a loop of fixed length: it stays in
    /// registers.
    #[inline(always)]
    fn of(word: u64, offset: u64, classes: &Classes) -> Self {
        let phase = classes.period.rem(offset) as usize;
        let masks: &[u64; N] = classes.masks[phase * N..][..N]
            .try_into()
            .expect("a row of masks");
        ByClass(std::array::from_fn(|c| C::of(word & masks[c], offset, &())))
    }
    #[inline(always)]
    fn bit(bit: u64, i: u64, classes: &Classes) -> Self {
        let class = classes.period.rem(i) as usize;
        ByClass(std::array::from_fn(|c| {
            C::bit(bit & u64::from(c == class), i, &())
        }))
    }
    #[inline(always)]
    fn move_bit(
        bit: u64,
        i: u64,
        classes: &Classes,
        [block, group]: [&mut Self; 2],
        to: &mut Self,
    ) {
        let class = classes.period.rem(i) as usize;
        let from = [&mut block.0[class], &mut group.0[class]];
        C::move_bit(bit, i, &(), from, &mut to.0[class]);
    }
    #[inline(always)]
    fn plus(self, other: Self) -> Self {
        ByClass(std::array::from_fn(|c| self.0[c].plus(other.0[c])))
    }
    #[inline(always)]
    fn minus(self, other: Self) -> Self {
        ByClass(std::array::from_fn(|c| self.0[c].minus(other.0[c])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::counters::CountSum;
    use crate::testing::words;

    /// A word's counters by class of position, for every period up to
    /// 100 and offsets on every phase, against the bits sorted one by one.
    #[test]
    fn class_counters_match_the_positions() {
        for (k, word) in (0..400u64).zip(words(5)) {
            let period = 1 + k % 100;
            let classes = Classes::new(period, 100);
            let offset = 64 * (k / 3);
            let mut want = [[0u64; 2]; 100];
            for j in (0..64).filter(|j| word >> j & 1 == 1) {
                let i = offset + j;
                let class = &mut want[(i % period) as usize];
                *class = [class[0] + 1, class[1] + i];
            }
            let got = ByClass::<CountSum, 100>::of(word, offset, &classes);
            let got = got
                .0
                .map(|class| [class.bits().count, class.bits().positions]);
            assert_eq!(got, want, "period {period}, offset {offset}");
        }
    }

    /// A word's alternating counters at offsets up to a segment's last
    /// word, and a bit's at either parity, against the positions summed
    /// one by one with the sign of their parity.
    #[test]
    fn alternating_counters_match_the_signed_positions() {
        let sign = |i: u64| if i.is_multiple_of(2) { 1 } else { -1i64 };
        for (k, word) in (0..300u64).zip(words(6)) {
            let offset = [0, 64 * k, (1 << 20) - 64][k as usize % 3];
            let (mut count, mut positions) = (0i64, 0i64);
            for i in (0..64).filter(|i| word >> i & 1 == 1).map(|i| offset + i) {
                (count, positions) = (count + sign(i), positions + sign(i) * i as i64);
            }
            let got = Alternating::<CountSum>::of(word, offset, &()).bits();
            assert_eq!(Bits::wide(got.count), count as i128 as u128);
            assert_eq!(Bits::wide(got.positions), positions as i128 as u128);
            let i = offset + k % 64;
            let one = Alternating::<CountSum>::bit(1, i, &()).bits();
            assert_eq!(Bits::wide(one.count), sign(i) as i128 as u128);
            assert_eq!(
                Bits::wide(one.positions),
                (sign(i) * i as i64) as i128 as u128
            );
            assert_eq!(Alternating::<CountSum>::bit(0, i, &()).0, CountSum::ZERO);
        }
    }
}
