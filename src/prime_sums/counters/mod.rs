//! The counters of the hard leaves' sieve: a segment's bits summarised as
//! [`Bits`] per block of [`Counter::BLOCK_WORDS`] words and per super-block of
//! [`SUPER_BLOCKS`] blocks, so that `Σ f(j)` over the bits below any
//! position takes one of the super-blocks' running sums (computed once for
//! a run of queries, [`Counted::prepare`]), a running sum of a
//! super-block's counters and one of a block's words ([`Counted::below`]).

mod classes;
mod plain;

pub(crate) use classes::{Alternating, ByClass, Classes};
pub(crate) use plain::CountSum;

use crate::sieve::wheel::WORD_OFFSET;

/// The set bits of one sieve word, summarised: bit `i` stands for the
/// number `base + 2i`.
#[derive(Clone, Copy)]
pub(crate) struct Bits {
    /// How many bits are set.
    pub(crate) count: u64,
    /// `Σ i` over the set bits (only when the weight's power is `>= 1`).
    pub(crate) positions: u64,
    /// `Σ i²` over the set bits (only when the weight's power is 2).
    pub(crate) squares: u64,
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

/// The position of bit `j` of a word of the crate's sieve, on the wheel of
/// 30: its number is `base + WORD_OFFSET[j]`, odd, so `base + 1 + 2i` for
/// `i = (WORD_OFFSET[j] - 1) / 2`, below 120.
const fn wheel_position(j: usize) -> u64 {
    (WORD_OFFSET[j] - 1) / 2
}

/// Masks of the bits `j` of a wheel word whose [`wheel_position`] has bit
/// `s` set, `s = 0..7`.
const WHEEL_POSITION_BITS: [u64; 7] = {
    let mut masks = [0; 7];
    let mut j = 0;
    while j < 64 {
        let mut s = 0;
        while s < 7 {
            masks[s] |= (wheel_position(j) >> s & 1) << j;
            s += 1;
        }
        j += 1;
    }
    masks
};

/// `BYTE_SUMS[wheel][k][v]`: the count, `Σ i` and `Σ i²` of the positions
/// `i` of the set bits of a word whose byte `k` is `v` (its others 0),
/// bit `j` at position `j`, or at [`wheel_position`]`(j)` if `wheel` is 1,
/// packed in fields of 8, 16 and 24 bits from bit 0, wide enough for a
/// whole word's sums (at most 64, 7 616 and 906 304), so that the bytes'
/// entries add up without carries.
static BYTE_SUMS: [[[u64; 256]; 8]; 2] = {
    let mut table = [[[0; 256]; 8]; 2];
    let mut wheel = 0;
    while wheel < 2 {
        let mut k = 0;
        while k < 8 {
            let mut v = 0;
            while v < 256 {
                let (mut count, mut positions, mut squares) = (0, 0, 0);
                let mut j = 8 * k;
                while j < 8 * k + 8 {
                    if v >> (j - 8 * k) & 1 == 1 {
                        let i = if wheel == 1 {
                            wheel_position(j)
                        } else {
                            j as u64
                        };
                        (count, positions, squares) = (count + 1, positions + i, squares + i * i);
                    }
                    j += 1;
                }
                table[wheel][k][v] = count | positions << 8 | squares << 24;
                v += 1;
            }
            k += 1;
        }
        wheel += 1;
    }
    table
};

impl Bits {
    /// A field in 128 bits, its sign extended: the fields of an
    /// [`Alternating`] counter wrap below 0,
    /// and the others stay below `2^63` (a segment's positions are below
    /// `2^20`), so that sums in a ring of at most 128 bits are exact.
    #[inline(always)]
    pub(crate) fn wide(field: u64) -> u128 {
        field as i64 as i128 as u128
    }

    /// Summarises `word`, bit `j` at position `j`, up to the `power` a
    /// weight needs.
    #[inline(always)]
    pub(crate) fn of(word: u64, power: u32) -> Bits {
        Bits::summarise(word, power, &POSITION_BITS, &BYTE_SUMS[0])
    }

    /// Summarises a word of the crate's sieve, whose bit `j` stands for
    /// `base + WORD_OFFSET[j] = base + 1 + 2i` at [`wheel_position`] `i`,
    /// up to the `power` a weight needs: so that a weight sums the word's
    /// numbers at once, not one by one.
    #[inline(always)]
    pub(crate) fn of_wheel(word: u64, power: u32) -> Bits {
        Bits::summarise(word, power, &WHEEL_POSITION_BITS, &BYTE_SUMS[1])
    }

    /// Summarises `word` by population counts of its bits masked by the
    /// `planes` of its positions up to `Σ i`, by the table of its `bytes`
    /// for `Σ i²` (a third of the instructions of the 21 counts it would
    /// take).
    #[inline(always)]
    fn summarise<const N: usize>(
        word: u64,
        power: u32,
        planes: &[u64; N],
        bytes: &[[u64; 256]; 8],
    ) -> Bits {
        if power >= 2 {
            let packed: u64 = (0..8)
                .map(|k| bytes[k][usize::from((word >> (8 * k)) as u8)])
                .sum();
            return Bits {
                count: packed & 0xFF,
                positions: packed >> 8 & 0xFFFF,
                squares: packed >> 24,
            };
        }
        let count = u64::from(word.count_ones());
        let mut positions = 0;
        if power >= 1 {
            for (s, mask) in planes.iter().enumerate() {
                positions += u64::from((word & mask).count_ones()) << s;
            }
        }
        Bits {
            count,
            positions,
            squares: 0,
        }
    }
}

/// The most words a counter block holds ([`Counter::BLOCK_WORDS`]).
pub(super) const MAX_BLOCK_WORDS: usize = 4;

/// Blocks per super-block: a run of queries reads the super-blocks'
/// running sums, then at most this many blocks' sums per query.
pub(super) const SUPER_BLOCKS: usize = 4;

/// The set bits of a run of sieve words, summarised for positions `i`
/// counted from the run's first bit, to what a weight needs and no
/// further: a segment's counters, in machine words however wide the
/// weight's values, turned into values once per query.
pub(crate) trait Counter: Copy {
    /// What the counter needs to know of the positions beyond `i` itself:
    /// nothing for the [`Scalar`] ones, the classes of `i` for [`ByClass`].
    type Layout: Clone + Send + Sync;
    /// No bits.
    const ZERO: Self;
    /// Words per counter block, at most [`MAX_BLOCK_WORDS`]: a query
    /// reads at most this many words.
    const BLOCK_WORDS: usize = MAX_BLOCK_WORDS;
    /// Bits per counter block.
    const BLOCK_BITS: u64 = 64 * Self::BLOCK_WORDS as u64;
    /// The bits of `word`, whose bit 0 is at position `offset`.
    fn of(word: u64, offset: u64, layout: &Self::Layout) -> Self;
    /// The bit at position `i`, if `bit` is 1; nothing if it is 0.
    fn bit(bit: u64, i: u64, layout: &Self::Layout) -> Self;
    /// Moves the bit at position `i`, if `bit` is 1, out of both `from`
    /// and into `to`, in place: a [`ByClass`] counter touches the bit's
    /// class alone.
    #[inline(always)]
    fn move_bit(bit: u64, i: u64, layout: &Self::Layout, from: [&mut Self; 2], to: &mut Self) {
        let moved = Self::bit(bit, i, layout);
        for counter in from {
            *counter = counter.minus(moved);
        }
        *to = to.plus(moved);
    }
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;
    /// The sum of `counters[..k]`, `k <= SUPER_BLOCKS`: every running
    /// sum, then the `k`-th read from them, with no branch on `k` (a
    /// sum of masked counters compiled to a branch a counter, which the
    /// queries' random `k` mispredict).
    #[inline(always)]
    fn sum_before(counters: &[Self; SUPER_BLOCKS], k: usize) -> Self {
        let mut sums = [Self::ZERO; SUPER_BLOCKS + 1];
        for (j, &counter) in counters.iter().enumerate() {
            sums[j + 1] = sums[j].plus(counter);
        }
        sums[k]
    }
    /// The bits of a block's `words` (`BLOCK_WORDS` of them), whose first
    /// bit is at position `offset`.
    #[inline(always)]
    fn of_block(words: &[u64], offset: u64, layout: &Self::Layout) -> Self {
        word_by_word(words, offset, layout)
    }
    /// The bits at positions below `n < BLOCK_BITS` of a block's `words`,
    /// whose first bit is at position `offset`: the block's bits from `n`
    /// on masked off, with no branch on `n`.
    #[inline(always)]
    fn below(words: &[u64], offset: u64, n: u64, layout: &Self::Layout) -> Self {
        let mut kept = [0; MAX_BLOCK_WORDS];
        for (k, (kept, &word)) in kept.iter_mut().zip(words).enumerate() {
            let bits = n.saturating_sub(64 * k as u64).min(64) as u32;
            *kept = word & 1u64.checked_shl(bits).unwrap_or(0).wrapping_sub(1);
        }
        Self::of_block(&kept[..words.len()], offset, layout)
    }
}

/// [`Counter::of_block`] as the sum of its words' counters.
#[inline(always)]
fn word_by_word<C: Counter>(words: &[u64], offset: u64, layout: &C::Layout) -> C {
    let mut sum = C::ZERO;
    for (k, &word) in words.iter().enumerate() {
        sum = sum.plus(C::of(word, offset + 64 * k as u64, layout));
    }
    sum
}

/// A counter of every bit alike, whose sums are [`Bits`].
pub(crate) trait Scalar: Counter<Layout = ()> {
    /// As [`Bits`], for [`Polynomial::bits`](super::weight::Polynomial::bits).
    fn bits(self) -> Bits;
}

/// A segment's bits, a bit per odd number, with their sums per block, per
/// super-block and in all, by position `i` from the segment's first bit.
pub(super) struct Counted<C: Counter> {
    /// The bits, a block and a super-block longer than the segment: a
    /// query reads whole ones.
    pub(super) words: Vec<u64>,
    /// A counter per block.
    counters: Vec<C>,
    /// The sums of [`SUPER_BLOCKS`] counters.
    supers: Vec<C>,
    /// `before[k]`: the sum of `supers[..k]`, for the `k` up to where
    /// [`Counted::prepare`] last reached.
    before: Vec<C>,
    /// The sum of every counter.
    pub(super) total: C,
    layout: C::Layout,
}

impl<C: Counter> Counted<C> {
    /// Room for a segment of `words <= 2^13` words, all clear: its
    /// positions, a block and a super-block past its end included, stay
    /// below `2^19`.
    pub(super) fn new(words: usize, layout: C::Layout) -> Counted<C> {
        assert!(words <= super::SEGMENT_WORDS, "a segment of {words} words");
        let supers = words.div_ceil(C::BLOCK_WORDS * SUPER_BLOCKS);
        Counted {
            words: vec![0; (supers + 1) * SUPER_BLOCKS * C::BLOCK_WORDS],
            counters: vec![C::ZERO; (supers + 1) * SUPER_BLOCKS],
            supers: vec![C::ZERO; supers + 1],
            before: vec![C::ZERO; supers + 1],
            total: C::ZERO,
            layout,
        }
    }

    /// Sets every counter to the bits: the blocks' counters in one loop,
    /// then the super-blocks' sums of them (for `Σ p`, 0.5× the time of
    /// one loop over the super-blocks and their blocks, measured at
    /// `10^15`; the count the same).
    #[inline(always)]
    pub(super) fn recount(&mut self) {
        let blocks = self.words.chunks_exact(C::BLOCK_WORDS);
        for (k, (counter, block)) in self.counters.iter_mut().zip(blocks).enumerate() {
            *counter = C::of_block(block, k as u64 * C::BLOCK_BITS, &self.layout);
        }
        let mut total = C::ZERO;
        let supers = self.counters.chunks_exact(SUPER_BLOCKS);
        for (super_sum, counters) in self.supers.iter_mut().zip(supers) {
            *super_sum = counters.iter().fold(C::ZERO, |sum, &c| sum.plus(c));
            total = total.plus(*super_sum);
        }
        self.total = total;
    }

    /// The bits and their counters as slices, for a run of
    /// [`Crossing::clear`]: held in registers, where a store through the
    /// vectors would have the compiler load their addresses and lengths
    /// again at every bit.
    #[inline(always)]
    pub(super) fn crossing(&mut self) -> Crossing<'_, C> {
        Crossing {
            words: &mut self.words,
            counters: &mut self.counters,
            supers: &mut self.supers,
            layout: &self.layout,
        }
    }

    /// Readies [`Counted::below`] for the positions `from..=to`: the
    /// running sums of the super-blocks in one pass, where a walk from
    /// query to query took a branch that the queries' random steps
    /// mispredicted; up from the segment's start, or down from its
    /// [`total`](Counted::total) when its end is nearer (for the primes
    /// with a few leaves a segment, anywhere in it: measured at `10^16`,
    /// `prime_sum` in 0.96× the time, 11 pairs, `prime_pi` 0.98×, 13).
    #[inline(always)]
    pub(super) fn prepare(&mut self, from: u64, to: u64) {
        let super_block =
            |n: u64| ((n / C::BLOCK_BITS) as usize / SUPER_BLOCKS).min(self.supers.len() - 1);
        let (first, last) = (super_block(from), super_block(to));
        if last < self.supers.len() - first {
            let mut sum = C::ZERO;
            for (before, &super_sum) in self.before[..=last].iter_mut().zip(&self.supers) {
                *before = sum;
                sum = sum.plus(super_sum);
            }
        } else {
            let mut sum = self.total;
            let supers = self.before[first..].iter_mut().zip(&self.supers[first..]);
            for (before, &super_sum) in supers.rev() {
                sum = sum.minus(super_sum);
                *before = sum;
            }
        }
    }

    /// The bits at positions below `n`, in the span [`Counted::prepare`]
    /// last readied.
    #[inline(always)]
    pub(super) fn below(&self, n: u64) -> C {
        let block = (n / C::BLOCK_BITS) as usize;
        let super_start = block / SUPER_BLOCKS * SUPER_BLOCKS;
        // The buffers run a super-block and a block past the segment's end.
        let counters = self.counters[super_start..super_start + SUPER_BLOCKS]
            .try_into()
            .expect("a super-block of counters");
        let start = block * C::BLOCK_WORDS;
        let words = &self.words[start..start + C::BLOCK_WORDS];
        self.before[block / SUPER_BLOCKS]
            .plus(C::sum_before(counters, block - super_start))
            .plus(C::below(
                words,
                64 * start as u64,
                n % C::BLOCK_BITS,
                &self.layout,
            ))
    }
}

/// A segment's bits, crossed off one at a time ([`Counted::crossing`]).
pub(super) struct Crossing<'c, C: Counter> {
    words: &'c mut [u64],
    counters: &'c mut [C],
    supers: &'c mut [C],
    layout: &'c C::Layout,
}

impl<C: Counter> Crossing<'_, C> {
    /// Clears bit `i`, and, if `COUNT`, moves it out of its block's and
    /// super-block's counters into `taken` (nothing if the bit was clear),
    /// for the caller to take out of [`Counted::total`].
    #[inline(always)]
    pub(super) fn clear<const COUNT: bool>(&mut self, i: u64, taken: &mut C) {
        let w = (i / 64) as usize;
        if COUNT {
            // The bit's value, without a branch.
            let bit = self.words[w] >> (i % 64) & 1;
            let k = (i / C::BLOCK_BITS) as usize;
            let from = [&mut self.counters[k], &mut self.supers[k / SUPER_BLOCKS]];
            C::move_bit(bit, i, self.layout, from, taken);
        }
        self.words[w] &= !(1 << (i % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::words;

    /// Counters of words at offsets up to a segment's last word, and of
    /// single bits, against the positions summed one by one.
    #[test]
    fn counters_match_the_positions() {
        for (k, word) in (0..300u64).zip(words(2)) {
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
            assert_eq!(<u64 as Counter>::of(word, offset, &()), sums[0]);
            let pair = CountSum::of(word, offset, &()).bits();
            assert_eq!([pair.count, pair.positions], [sums[0], sums[1]]);
            assert_eq!(<[u64; 3]>::of(word, offset, &()), sums);
            let i = offset + k % 64;
            let one = CountSum::bit(1, i, &()).bits();
            assert_eq!([one.count, one.positions], [1, i]);
            assert_eq!(CountSum::bit(0, i, &()), CountSum::ZERO);
            assert_eq!(<[u64; 3]>::bit(1, i, &()), [1, i, i * i]);
            assert_eq!(<[u64; 3]>::bit(0, i, &()), [0; 3]);
            let bits = <[u64; 3]>::of(word, offset, &())
                .minus(<[u64; 3]>::ZERO)
                .bits();
            assert_eq!(
                (bits.count, bits.positions, bits.squares),
                (sums[0], sums[1], sums[2])
            );
        }
    }

    /// The sums of a block's first counters and of its words' first bits,
    /// at every length and every bit position of a block and over the whole
    /// block, against the bits added one by one.
    #[test]
    fn block_sums_match_the_bits() {
        fn check<C: Counter + PartialEq + std::fmt::Debug>(
            words: &[u64; MAX_BLOCK_WORDS],
            offset: u64,
            layout: &C::Layout,
        ) {
            // The block's first `BLOCK_WORDS` words.
            let words = &words[..C::BLOCK_WORDS];
            let bit = |i: u64| C::bit(words[(i / 64) as usize] >> (i % 64) & 1, offset + i, layout);
            let counters: [C; SUPER_BLOCKS] = std::array::from_fn(|k| {
                C::of(
                    words[k % words.len()].rotate_left(k as u32),
                    64 * k as u64,
                    layout,
                )
            });
            for k in 0..=SUPER_BLOCKS {
                let plain = counters[..k].iter().fold(C::ZERO, |s, &c| s.plus(c));
                assert_eq!(C::sum_before(&counters, k), plain, "first {k} counters");
            }
            let mut plain = C::ZERO;
            for n in 0..C::BLOCK_BITS {
                assert_eq!(C::below(words, offset, n, layout), plain, "bits below {n}");
                plain = plain.plus(bit(n));
            }
            assert_eq!(C::of_block(words, offset, layout), plain, "the whole block");
        }
        let mut random = words(3);
        for k in 0..40u64 {
            let block: [u64; MAX_BLOCK_WORDS] = match k {
                0 => [u64::MAX; MAX_BLOCK_WORDS],
                _ => std::array::from_fn(|_| random.next().expect("endless")),
            };
            let offset = 256 * k;
            check::<u64>(&block, offset, &());
            check::<CountSum>(&block, offset, &());
            check::<[u64; 3]>(&block, offset, &());
            check::<Alternating<u64>>(&block, offset, &());
            check::<Alternating<CountSum>>(&block, offset, &());
            // Periods dividing the block, and not, up to the longest.
            for period in [1, 2, 3, 7, 50, 99] {
                let classes = Classes::new(period, 100);
                check::<ByClass<u64, 100>>(&block, offset, &classes);
                check::<ByClass<CountSum, 100>>(&block, offset + 64, &classes);
            }
        }
    }

    /// The longest segment with every bit set, where a [`CountSum`]'s
    /// fields are at their largest, and its alternating sums: the total
    /// and the queries at the end, against the sums in closed form.
    #[test]
    fn packed_counters_hold_the_longest_segment() {
        let words = crate::prime_sums::SEGMENT_WORDS;
        let n = 64 * words as u64;
        let mut counted = Counted::<CountSum>::new(words, ());
        counted.words[..words].fill(u64::MAX);
        counted.recount();
        counted.prepare(0, n);
        for sums in [counted.total.bits(), counted.below(n).bits()] {
            assert_eq!([sums.count, sums.positions], [n, n * (n - 1) / 2]);
        }
        let last = counted.below(n - 1).bits();
        assert_eq!([last.count, last.positions], [n - 1, (n - 1) * (n - 2) / 2]);
        let mut alternating = Counted::<Alternating<CountSum>>::new(words, ());
        alternating.words[..words].fill(u64::MAX);
        alternating.recount();
        // Even positions less odd ones: -n/2 for the positions, 0 for the count.
        let sums = alternating.total.bits();
        assert_eq!([sums.count, sums.positions], [0, (n / 2).wrapping_neg()]);
    }

    #[test]
    #[should_panic(expected = "a segment of")]
    fn longer_segments_are_refused() {
        Counted::<CountSum>::new(crate::prime_sums::SEGMENT_WORDS + 1, ());
    }

    /// Every query of a segment of random bits, prepared up to either side
    /// of a super-block's edge or to the end, against the bits below it
    /// added one by one, after clearing bits one by one (each moved out of
    /// its counters alone); for plain counters and for counters by class
    /// of position.
    #[test]
    fn queries_match_the_bits() {
        fn check<C: Counter + PartialEq + std::fmt::Debug>(layout: C::Layout) {
            let words = 3 * C::BLOCK_WORDS * SUPER_BLOCKS + 5;
            let mut counted = Counted::<C>::new(words, layout.clone());
            for (w, word) in counted.words[..words]
                .iter_mut()
                .zip(crate::testing::words(4))
            {
                *w = word;
            }
            counted.recount();
            for i in (0..64 * words as u64).step_by(7) {
                let mut taken = C::ZERO;
                counted.crossing().clear::<true>(i, &mut taken);
                counted.total = counted.total.minus(taken);
            }
            let bit = |c: &Counted<C>, i: u64| {
                C::bit(c.words[(i / 64) as usize] >> (i % 64) & 1, i, &layout)
            };
            let end = 64 * words as u64;
            let sums: Vec<C> = (0..end)
                .scan(C::ZERO, |sum, i| {
                    let before = *sum;
                    *sum = sum.plus(bit(&counted, i));
                    Some(before)
                })
                .collect();
            assert_eq!(
                counted.total,
                sums[sums.len() - 1].plus(bit(&counted, end - 1))
            );
            // Prepared from and to each side of a super-block's edge, from
            // the start and to the end: up from the start, down from the
            // end, and at the switch between the two.
            let span = C::BLOCK_BITS * SUPER_BLOCKS as u64;
            let edges = (1..=3).flat_map(|k| [k * span - 1, k * span, k * span + 1]);
            let edges: Vec<u64> = [0].into_iter().chain(edges).chain([end - 1]).collect();
            for &first in &edges {
                for &last in edges.iter().filter(|&&last| last >= first) {
                    counted.prepare(first, last);
                    for n in first..=last {
                        let want = sums[n as usize];
                        assert_eq!(counted.below(n), want, "bits below {n} in {first}..={last}");
                    }
                }
            }
        }
        check::<CountSum>(());
        check::<[u64; 3]>(());
        check::<Alternating<CountSum>>(());
        for period in [1, 2, 11, 12] {
            check::<ByClass<CountSum, 12>>(Classes::new(period, 12));
        }
    }
}
