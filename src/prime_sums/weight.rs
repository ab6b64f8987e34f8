//! The weights the prime-sum engine adds up: `f(n) = n^k` for `k = 0, 1, 2`,
//! completely multiplicative, and pairs of them for several sums in one
//! pass; [`residue`](super::residue) splits them by class.

use std::marker::PhantomData;

use super::counters::{Bits, CountSum, Counter, Scalar};
use super::leaves::{LeafSum, Products, Scaled};
use super::tables::{SMALL, SMALL_PRIMES, coprime_sum_up_to, coprime_up_to};
use crate::arith::{Ring, Value};

/// A completely multiplicative weight `f` with `f(1) = 1`, its values in a
/// wrapping [`Value`].
pub(crate) trait Weight: Sync {
    /// The sums' type.
    type V: Value;
    /// The segment counters' type.
    type Counter: Counter;
    /// How the hard leaves of a prime in a segment add up.
    type Leaves: LeafSum<Self>;
    /// The highest power of `n` in `f`: which parts of [`Bits`] it reads.
    const POWER: u32;
    /// `f(n)`.
    fn of(&self, n: u64) -> Self::V;
    /// `F(t) = Σ_{1 <= j <= t} f(j)`.
    fn prefix(&self, t: u64) -> Self::V;
    /// `v · f(n)`.
    fn scale(&self, v: Self::V, n: u64) -> Self::V;
    /// `Σ f(base + 2i)` over the set bits `i` that `counter` summarises.
    fn counted(&self, base: u64, counter: Self::Counter) -> Self::V;
    /// What the counters need to know of the positions.
    fn layout(&self) -> &<Self::Counter as Counter>::Layout;
    /// `φ(t, k) = Σ f(j)` over the `j <= t` free of the first `k <= 4`
    /// primes, for [`phi0`](super::phi0): `2^k` terms
    /// ([`free_of`]), unless the weight has a closed form.
    #[inline(always)]
    fn phi_small(&self, t: u64, k: usize) -> Self::V {
        free_of(self, t, &SMALL[..k])
    }
    /// `Σ f(n)` over the numbers `n` of the set bits of a word of the
    /// mod-30 wheel, `base` being its
    /// [`word_base`](crate::sieve::wheel::word_base).
    fn wheel_word(&self, base: u64, word: u64) -> Self::V;
    /// The counted sieving primes below this cross off a segment of the
    /// hard leaves' sieve without counting, and the segment is counted
    /// again after each: a prime with many multiples a segment takes them
    /// out of the counters slower (measured: 256 for a count; 32 for `Σ p`
    /// and 16 for `Σ p²` while the small primes crossed off one multiple at
    /// a time, and once they cross off by a periodic pattern 128 for `Σ p`,
    /// 0.97× the time at `10^15`, and 48 for `Σ p²`, `PrimeSums::new` in
    /// 0.93× to 0.96×, where 128 took 1.08×).
    const RECOUNT_BELOW: u32 = match Self::POWER {
        0 => 256,
        1 => 128,
        _ => 48,
    };
    /// How the tables keep the running sums [`Weight::over_primes`] reads.
    const PREFIX: Prefix = Prefix::Values;
    /// The tables keep every this many primes' running sum, the values
    /// being large; a sum between adds the primes since the last kept.
    const PREFIX_STRIDE: usize = 1;
    /// `Σ f(p)` over the first `k` primes `primes[1..=k]`, from `prefix`,
    /// their running sums of every [`Weight::PREFIX_STRIDE`]-th
    /// (`prefix[0] = 0`), or from `narrow`, every running sum kept narrow
    /// ([`Prefix`] says which the tables keep).
    #[inline(always)]
    fn over_primes(
        &self,
        k: usize,
        prefix: &[Self::V],
        _narrow: &NarrowSums,
        primes: &[u32],
    ) -> Self::V {
        if Self::PREFIX_STRIDE == 1 {
            return prefix[k];
        }
        let kept = k / Self::PREFIX_STRIDE;
        let since = &primes[kept * Self::PREFIX_STRIDE + 1..=k];
        since
            .iter()
            .fold(prefix[kept], |sum, &p| sum.plus(self.of(p.into())))
    }
}

/// The running sums `Σ f(p)` over the primes up to `y` that the tables
/// keep for a weight.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prefix {
    /// None: the weight knows them without (a count is `k` itself).
    None,
    /// The weight's values, every [`Weight::PREFIX_STRIDE`]-th.
    Values,
    /// Every one as [`NarrowSums`], exact for `f(p) = p`: a quarter of
    /// the memory of 128-bit values.
    Narrow,
}

/// `Σ_{1 <= i <= k} p_i` for every `k`, in a little over 4 bytes each: a
/// 64-bit sum before each block of `2^shift` primes and a 32-bit sum
/// within it, the blocks as long as sums of primes with the largest's bit
/// length stay below `2^32` (128 primes for `y = 3 · 10^7` at `x = 10^18`:
/// 7.7 MB, against 15 MB in 64 bits and 30 MB in 128).
pub(crate) struct NarrowSums {
    /// The sum of the primes before each block.
    blocks: Vec<u64>,
    /// The sum of the primes from the block's first to each.
    within: Vec<u32>,
    shift: u32,
}

impl NarrowSums {
    /// The running sums of `primes[1..]` (`primes[0] = 1` stands for no
    /// prime), which increase.
    pub(crate) fn new(primes: &[u32]) -> NarrowSums {
        let largest = primes.last().copied().unwrap_or(0);
        // At most 31, so that shifting a `usize` by it never overflows.
        let shift = largest.leading_zeros().min(31);
        let mut sums = NarrowSums {
            blocks: Vec::with_capacity((primes.len() >> shift) + 1),
            within: Vec::with_capacity(primes.len()),
            shift,
        };
        let (mut total, mut within) = (0u64, 0u32);
        for (k, &p) in primes.iter().enumerate() {
            if k.trailing_zeros() >= shift {
                sums.blocks.push(total);
                within = 0;
            }
            // `2^shift` primes of fewer bits than `32 - shift` add up to
            // less than `2^32`.
            let p = if k == 0 { 0 } else { p };
            (total, within) = (total + u64::from(p), within + p);
            sums.within.push(within);
        }
        sums
    }

    /// `Σ_{1 <= i <= k} p_i`.
    #[inline(always)]
    pub(crate) fn get(&self, k: usize) -> u64 {
        self.blocks[k >> self.shift] + u64::from(self.within[k])
    }
}

/// `Σ f(j)` over the `j <= t` free of `primes`, by the recurrence
/// `φ(t, k) = φ(t, k - 1) - f(p_k) φ(t / p_k, k - 1)` down to `φ(t, 0) =
/// F(t)`.
#[inline(always)]
fn free_of<W: Weight + ?Sized>(weight: &W, t: u64, primes: &[u64]) -> W::V {
    match primes.split_last() {
        None => weight.prefix(t),
        Some((&p, rest)) => {
            let multiples = weight.scale(free_of(weight, t / p, rest), p);
            free_of(weight, t, rest).minus(multiples)
        }
    }
}

/// A weight that is a polynomial in `n`, so that its sum over a word's set
/// bits follows from their [`Bits`].
pub(crate) trait Polynomial: Weight<Counter: Scalar> {
    /// `Σ f(base + 2i)` over the set bits `i` that `bits` summarises.
    fn bits(&self, base: u64, bits: Bits) -> Self::V;
    /// [`Weight::wheel_word`] from the word's [`Bits`], not number by
    /// number (measured at `10^16`, with `B`'s words compiled in its task:
    /// `prime_sum` in 0.97× the time, 15 pairs).
    #[inline(always)]
    fn wheel_bits(&self, base: u64, word: u64) -> Self::V {
        self.bits(base + 1, Bits::of_wheel(word, Self::POWER))
    }
}

/// A weight whose sums over arithmetic progressions have a closed form.
pub(crate) trait Progression: Weight {
    /// `Σ_{0 <= i < terms} f(first + step i)`.
    fn progression(&self, first: u64, step: u64, terms: u64) -> Self::V;
}

/// `f(n) = 1`: sums are counts.
#[derive(Clone, Copy, Default)]
pub(crate) struct Count;

impl Weight for Count {
    type V = u64;
    type Counter = u64;
    type Leaves = Scaled<u64>;
    const POWER: u32 = 0;
    const PREFIX: Prefix = Prefix::None;

    #[inline]
    fn of(&self, _: u64) -> u64 {
        1
    }
    #[inline]
    fn prefix(&self, t: u64) -> u64 {
        t
    }
    #[inline]
    fn scale(&self, v: u64, _: u64) -> u64 {
        v
    }
    /// For `k = 4`, the numbers prime to 210: 48 a period.
    #[inline(always)]
    fn phi_small(&self, t: u64, k: usize) -> u64 {
        match k {
            SMALL_PRIMES => coprime_up_to(t),
            _ => free_of(self, t, &SMALL[..k]),
        }
    }
    #[inline(always)]
    fn counted(&self, _: u64, counter: u64) -> u64 {
        counter
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
    /// `k` itself: no table to read.
    #[inline(always)]
    fn over_primes(&self, k: usize, _: &[u64], _: &NarrowSums, _: &[u32]) -> u64 {
        k as u64
    }
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> u64 {
        self.wheel_bits(base, word)
    }
}

impl Polynomial for Count {
    #[inline]
    fn bits(&self, _: u64, bits: Bits) -> u64 {
        bits.count
    }
}

impl Progression for Count {
    #[inline]
    fn progression(&self, _: u64, _: u64, terms: u64) -> u64 {
        terms
    }
}

/// `f(n) = n`, in the ring `R`.
#[derive(Clone, Copy)]
pub(crate) struct Linear<R>(PhantomData<R>);

impl<R> Default for Linear<R> {
    fn default() -> Self {
        Linear(PhantomData)
    }
}

impl<R: Ring> Weight for Linear<R> {
    type V = R;
    type Counter = CountSum;
    type Leaves = Products;
    const POWER: u32 = 1;
    const PREFIX: Prefix = Prefix::Narrow;

    #[inline]
    fn of(&self, n: u64) -> R {
        R::from_u128(n.into())
    }
    #[inline]
    fn prefix(&self, t: u64) -> R {
        let t = u128::from(t);
        // t (t + 1) < 2^128 for t < 2^64.
        R::from_u128(t * (t + 1) / 2)
    }
    #[inline]
    fn scale(&self, v: R, n: u64) -> R {
        v.times(n.into())
    }
    #[inline(always)]
    fn counted(&self, base: u64, counter: CountSum) -> R {
        self.bits(base, counter.bits())
    }
    /// For `k = 4`, the numbers prime to 210 summed in closed form, where
    /// the terms take 15 divisions (1.3% of `prime_sum(10^16)` by profile).
    #[inline(always)]
    fn phi_small(&self, t: u64, k: usize) -> R {
        match k {
            SMALL_PRIMES => R::from_u128(coprime_sum_up_to(t)),
            _ => free_of(self, t, &SMALL[..k]),
        }
    }
    /// The running sum kept narrow, exact.
    #[inline(always)]
    fn over_primes(&self, k: usize, _: &[R], narrow: &NarrowSums, _: &[u32]) -> R {
        R::from_u128(narrow.get(k).into())
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> Self::V {
        self.wheel_bits(base, word)
    }
}

impl<R: Ring> Polynomial for Linear<R> {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> R {
        let (count, positions) = (Bits::wide(bits.count), Bits::wide(bits.positions));
        R::from_u128(
            count
                .wrapping_mul(base.into())
                .wrapping_add(positions.wrapping_mul(2)),
        )
    }
}

impl<R: Ring> Progression for Linear<R> {
    #[inline]
    fn progression(&self, first: u64, step: u64, terms: u64) -> R {
        // terms first + step terms (terms - 1) / 2, the halving exact in
        // 128 bits before the products wrap.
        let terms = u128::from(terms);
        let pairs = terms * terms.saturating_sub(1) / 2;
        R::from_u128(terms)
            .times(first.into())
            .plus(R::from_u128(pairs).times(step.into()))
    }
}

/// `f(n) = n²`, in the ring `R`.
pub(crate) struct Square<R>(PhantomData<R>);

impl<R> Default for Square<R> {
    fn default() -> Self {
        Square(PhantomData)
    }
}

impl<R: Ring> Weight for Square<R> {
    type V = R;
    type Counter = [u64; 3];
    type Leaves = Scaled<R>;
    const POWER: u32 = 2;

    #[inline]
    fn of(&self, n: u64) -> R {
        let n = u128::from(n);
        R::from_u128(n * n)
    }
    #[inline]
    fn prefix(&self, t: u64) -> R {
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
    fn scale(&self, v: R, n: u64) -> R {
        let n = u128::from(n);
        v.times(n * n)
    }
    #[inline(always)]
    fn counted(&self, base: u64, counter: [u64; 3]) -> R {
        self.bits(base, counter.bits())
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> Self::V {
        self.wheel_bits(base, word)
    }
}

impl<R: Ring> Polynomial for Square<R> {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> R {
        // Σ (base + 2i)² = count base² + 4 base Σi + 4 Σi².
        let base = u128::from(base);
        R::from_u128(base * base)
            .times(Bits::wide(bits.count))
            .plus(R::from_u128(
                Bits::wide(bits.positions).wrapping_mul(4 * base),
            ))
            .plus(R::from_u128(Bits::wide(bits.squares).wrapping_mul(4)))
    }
}

/// Two weights at once, the second of the higher power: its counters
/// serve both.
impl<A: Polynomial, B: Polynomial> Weight for (A, B) {
    type V = (A::V, B::V);
    /// `(1, p)` counts in `[count, Σ i]`, not in the `[count, Σ i, Σ i²]`
    /// of the squares (measured with the narrow running sums below:
    /// `PrimeSums::new(10^16)` in 0.62× the time, and in that of
    /// `prime_sum`).
    type Counter = B::Counter;
    type Leaves = Scaled<Self::V>;
    const POWER: u32 = {
        assert!(
            A::POWER <= B::POWER,
            "the pair's second weight is its higher power"
        );
        B::POWER
    };
    /// The members' own running sums, unless one keeps values: a count
    /// reads none and `Σ p`'s are narrow (for `(1, p)`, about 4 bytes a
    /// prime up to `y` against 32 for a pair of values).
    const PREFIX: Prefix = match (A::PREFIX, B::PREFIX) {
        (Prefix::Values, _) | (_, Prefix::Values) => Prefix::Values,
        _ => Prefix::Narrow,
    };

    #[inline]
    fn of(&self, n: u64) -> Self::V {
        (self.0.of(n), self.1.of(n))
    }
    #[inline]
    fn prefix(&self, t: u64) -> Self::V {
        (self.0.prefix(t), self.1.prefix(t))
    }
    #[inline]
    fn scale(&self, v: Self::V, n: u64) -> Self::V {
        (self.0.scale(v.0, n), self.1.scale(v.1, n))
    }
    /// Each member's own: its closed form where it has one, where the
    /// pair's terms would divide 15 times for both.
    #[inline(always)]
    fn phi_small(&self, t: u64, k: usize) -> Self::V {
        (self.0.phi_small(t, k), self.1.phi_small(t, k))
    }
    #[inline(always)]
    fn counted(&self, base: u64, counter: B::Counter) -> Self::V {
        self.bits(base, counter.bits())
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> Self::V {
        self.wheel_bits(base, word)
    }
    #[inline(always)]
    fn over_primes(
        &self,
        k: usize,
        prefix: &[Self::V],
        narrow: &NarrowSums,
        primes: &[u32],
    ) -> Self::V {
        if Self::PREFIX == Prefix::Values {
            return prefix[k];
        }
        (
            self.0.over_primes(k, &[], narrow, primes),
            self.1.over_primes(k, &[], narrow, primes),
        )
    }
}

impl<A: Polynomial, B: Polynomial> Polynomial for (A, B) {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> Self::V {
        (self.0.bits(base, bits), self.1.bits(base, bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sieve::wheel;
    use crate::testing::words;

    /// The narrow running sums against plain 64-bit ones at every `k`, for
    /// largest values of 1 to 32 bits (blocks of `2^31` down to 1 entry),
    /// the values near the largest so that each block's sum nears `2^32`.
    #[test]
    fn narrow_sums_match_plain_sums() {
        for top_bits in [1u32, 2, 7, 12, 25, 31, 32] {
            let largest = u32::MAX >> (32 - top_bits);
            let count = largest.min(700);
            let step = largest / count;
            let mut primes = vec![1];
            primes.extend((0..count).rev().map(|i| largest - i * step));
            let narrow = NarrowSums::new(&primes);
            assert_eq!(narrow.shift, 32 - top_bits);
            let mut sum = 0u64;
            for (k, &p) in primes.iter().enumerate() {
                sum += if k == 0 { 0 } else { u64::from(p) };
                assert_eq!(narrow.get(k), sum, "largest {largest}, k = {k}");
            }
        }
    }

    #[test]
    fn bit_summaries_match_the_bits() {
        for word in words(1).take(200) {
            let set: Vec<u64> = (0..64).filter(|i| word >> i & 1 == 1).collect();
            let bits = Bits::of(word, 2);
            assert_eq!(bits.count, set.len() as u64);
            assert_eq!(bits.positions, set.iter().sum::<u64>());
            assert_eq!(bits.squares, set.iter().map(|i| i * i).sum::<u64>());
            let base = 1_000_000_007u64;
            let squares: u128 = set.iter().map(|i| u128::from(base + 2 * i).pow(2)).sum();
            assert_eq!(Square::<u128>::default().bits(base, bits), squares);
        }
    }

    /// A wheel word's sums, for every weight that reads its bits, against
    /// its numbers summed one by one: words with every bit, none, each
    /// single bit and random ones, at bases from 0 to the last word below
    /// `2^64`.
    #[test]
    fn wheel_words_match_their_numbers() {
        let singles = (0..64).map(|j| 1u64 << j);
        let all = [0, u64::MAX]
            .into_iter()
            .chain(singles)
            .chain(words(7).take(200));
        let top = (u64::MAX - 239) / 30 * 30;
        let weights = (
            Count,
            (Linear::<u128>::default(), Square::<u128>::default()),
        );
        for (k, word) in all.enumerate() {
            for base in [0, 240 * k as u64, 1 << 40, top] {
                // Modulo 2^128, as the weights' values.
                let want = wheel::fold_word((0u64, (0u128, 0u128)), word, base, &mut |sums, n| {
                    let (c, (s, q)) = sums;
                    let n = u128::from(n);
                    (c + 1, (s + n, q.wrapping_add(n.wrapping_mul(n))))
                });
                assert_eq!(
                    weights.0.wheel_word(base, word),
                    want.0,
                    "{word:#x} at {base}"
                );
                assert_eq!(weights.1.0.wheel_word(base, word), want.1.0);
                assert_eq!(weights.1.1.wheel_word(base, word), want.1.1);
                assert_eq!(weights.wheel_word(base, word), want);
            }
        }
    }

    #[test]
    fn prefix_sums_match_the_definition() {
        let (mut one, mut two) = (0u128, 0u128);
        for t in 0..1000u64 {
            one += u128::from(t);
            two += u128::from(t) * u128::from(t);
            assert_eq!(Linear::<u128>::default().prefix(t), one);
            assert_eq!(Square::<u128>::default().prefix(t), two);
        }
    }

    /// `φ(t, k)` for every `k <= 4` and every `t` over two periods of 210
    /// and a half, against the sums of the `j <= t` free of the first `k`
    /// primes, taken one by one.
    #[test]
    fn small_phi_matches_the_definition() {
        for k in 0..=SMALL_PRIMES {
            let (mut count, mut one, mut two) = (0u64, 0u128, 0u128);
            for t in 0..530u64 {
                if t > 0 && SMALL[..k].iter().all(|&p| !t.is_multiple_of(p)) {
                    count += 1;
                    one += u128::from(t);
                    two += u128::from(t) * u128::from(t);
                }
                assert_eq!(Count.phi_small(t, k), count, "φ({t}, {k})");
                assert_eq!(Linear::<u128>::default().phi_small(t, k), one);
                assert_eq!(Square::<u128>::default().phi_small(t, k), two);
                let all = (Count, (Linear::<u128>::default(), Square::default()));
                assert_eq!(all.phi_small(t, k), (count, (one, two)));
            }
        }
        // The closed forms against the terms at the top of the range, on
        // either side of a period's end.
        let period_end = u64::MAX / 210 * 210;
        for t in [
            u64::MAX - 210,
            period_end - 1,
            period_end,
            u64::MAX - 1,
            u64::MAX,
        ] {
            assert_eq!(Count.phi_small(t, 4), free_of(&Count, t, &SMALL));
            let linear = Linear::<u128>::default();
            assert_eq!(linear.phi_small(t, 4), free_of(&linear, t, &SMALL));
        }
    }
}
