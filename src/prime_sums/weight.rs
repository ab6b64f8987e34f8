//! The weights the prime-sum engine adds up: `f(n) = n^k` for `k = 0, 1, 2`,
//! completely multiplicative, pairs of them for several sums in one pass,
//! and any of them split by the class of `n` modulo `q` ([`Residue`]).

use std::marker::PhantomData;

use super::counters::{Bits, ByClass, Classes, Counter, Scalar};
use crate::arith::{Ring, Value};

/// A completely multiplicative weight `f` with `f(1) = 1`, its values in a
/// wrapping [`Value`].
pub(crate) trait Weight: Sync {
    /// The sums' type.
    type V: Value;
    /// The segment counters' type.
    type Counter: Counter;
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
    /// `Σ f(base + 2i)` over the set bits `i` of `word`.
    #[inline(always)]
    fn word(&self, base: u64, word: u64) -> Self::V {
        self.counted(base, Self::Counter::of(word, 0, self.layout()))
    }
    /// Whether [`Weight::over_primes`] reads the running sums: the tables
    /// keep them only then.
    const READS_PREFIX: bool = true;
    /// The tables keep every this many primes' running sum, the values
    /// being large; a sum between adds the primes since the last kept.
    const PREFIX_STRIDE: usize = 1;
    /// `Σ f(p)` over the first `k` primes `primes[1..=k]`, from `prefix`,
    /// their running sums of every [`Weight::PREFIX_STRIDE`]-th
    /// (`prefix[0] = 0`).
    #[inline(always)]
    fn over_primes(&self, k: usize, prefix: &[Self::V], primes: &[u32]) -> Self::V {
        let kept = k / Self::PREFIX_STRIDE;
        let since = &primes[kept * Self::PREFIX_STRIDE + 1..=k];
        since
            .iter()
            .fold(prefix[kept], |sum, &p| sum.plus(self.of(p.into())))
    }
}

/// A weight that is a polynomial in `n`, so that its sum over a word's set
/// bits follows from their [`Bits`].
pub(crate) trait Polynomial: Weight<Counter: Scalar> {
    /// `Σ f(base + 2i)` over the set bits `i` that `bits` summarises.
    fn bits(&self, base: u64, bits: Bits) -> Self::V;
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
    const POWER: u32 = 0;
    const READS_PREFIX: bool = false;

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
    fn over_primes(&self, k: usize, _: &[u64], _: &[u32]) -> u64 {
        k as u64
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
pub(crate) struct Linear<R>(PhantomData<R>);

impl<R> Default for Linear<R> {
    fn default() -> Self {
        Linear(PhantomData)
    }
}

impl<R: Ring> Weight for Linear<R> {
    type V = R;
    type Counter = [u64; 2];
    const POWER: u32 = 1;

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
    fn counted(&self, base: u64, counter: [u64; 2]) -> R {
        self.bits(base, counter.bits())
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
}

impl<R: Ring> Polynomial for Linear<R> {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> R {
        R::from_u128(u128::from(bits.count) * u128::from(base) + u128::from(2 * bits.positions))
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
}

impl<R: Ring> Polynomial for Square<R> {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> R {
        // Σ (base + 2i)² = count base² + 4 base Σi + 4 Σi².
        let base = u128::from(base);
        R::from_u128(base * base)
            .times(bits.count.into())
            .plus(R::from_u128(4 * base * u128::from(bits.positions)))
            .plus(R::from_u128(4 * u128::from(bits.squares)))
    }
}

/// Two weights at once.
impl<A: Polynomial, B: Polynomial> Weight for (A, B) {
    type V = (A::V, B::V);
    /// Every pair the engine sums takes squares.
    type Counter = [u64; 3];
    const POWER: u32 = if A::POWER > B::POWER {
        A::POWER
    } else {
        B::POWER
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
    #[inline(always)]
    fn counted(&self, base: u64, counter: [u64; 3]) -> Self::V {
        self.bits(base, counter.bits())
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
}

impl<A: Polynomial, B: Polynomial> Polynomial for (A, B) {
    #[inline]
    fn bits(&self, base: u64, bits: Bits) -> Self::V {
        (self.0.bits(base, bits), self.1.bits(base, bits))
    }
}

/// The sums of a weight split by the class of `n` modulo `q <= N`:
/// `sums[r]` for the class `r`, the entries from `q` on 0. It carries `q`
/// (0 in the zero vector, which every `q` shares), so that products, in
/// the ring where `e_r e_s = e_{rs mod q}`, need nothing else.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PerClass<V, const N: usize> {
    q: u8,
    pub(crate) sums: [V; N],
}

/// Equal sums are equal vectors, whether they carry `q` or not.
impl<V: PartialEq, const N: usize> PartialEq for PerClass<V, N> {
    fn eq(&self, other: &Self) -> bool {
        self.sums == other.sums
    }
}

impl<V: Value, const N: usize> Default for PerClass<V, N> {
    fn default() -> Self {
        PerClass {
            q: 0,
            sums: [V::default(); N],
        }
    }
}

impl<V: Value, const N: usize> Value for PerClass<V, N> {
    #[inline(always)]
    fn plus(self, other: Self) -> Self {
        PerClass {
            q: self.q.max(other.q),
            sums: std::array::from_fn(|r| self.sums[r].plus(other.sums[r])),
        }
    }
    #[inline(always)]
    fn minus(self, other: Self) -> Self {
        PerClass {
            q: self.q.max(other.q),
            sums: std::array::from_fn(|r| self.sums[r].minus(other.sums[r])),
        }
    }
    /// The convolution `Σ_{r, s} a_r b_s e_{rs mod q}`.
    fn mul(self, other: Self) -> Self {
        let mut product = PerClass::default();
        if self.q == 0 || other.q == 0 {
            return product;
        }
        let q = usize::from(self.q);
        product.q = self.q;
        for (r, &a) in self.sums[..q].iter().enumerate() {
            // rs mod q, stepping s.
            let mut rs = 0;
            for &b in &other.sums[..q] {
                product.sums[rs] = product.sums[rs].plus(a.mul(b));
                rs += r;
                if rs >= q {
                    rs -= q;
                }
            }
        }
        product
    }
}

/// `f(n) = g(n) e_{n mod q}`, the weight `g` split by the class of `n`
/// modulo `q <= N`: completely multiplicative, since `g` is and `e_r e_s
/// = e_{rs mod q}`. Its counters keep a [`Scalar`] one per class of
/// positions `i` modulo `L`, `q` or `q / 2` for an even `q`: the class of
/// the number `base + 2i` modulo `q` follows from that of `i` modulo `L`.
pub(crate) struct Residue<G, const N: usize> {
    g: G,
    q: usize,
    period: usize,
    classes: Classes,
}

impl<G, const N: usize> Residue<G, N> {
    /// `g` split modulo `q`, `1 <= q <= min(N, 255)`.
    pub(crate) fn new(g: G, q: u64) -> Self {
        debug_assert!((1..=N.min(255) as u64).contains(&q));
        let period = if q % 2 == 0 { q / 2 } else { q };
        Residue {
            g,
            q: q as usize,
            period: period as usize,
            classes: Classes::new(period),
        }
    }

    /// The zero vector of the classes modulo `q`.
    #[inline(always)]
    fn zero<V: Value>(&self) -> PerClass<V, N> {
        PerClass {
            q: self.q as u8,
            sums: [V::default(); N],
        }
    }

    /// `n mod q`.
    #[inline(always)]
    fn class(&self, n: u64) -> usize {
        (n % self.q as u64) as usize
    }
}

impl<G, const N: usize> Weight for Residue<G, N>
where
    G: Polynomial + Progression,
{
    type V = PerClass<G::V, N>;
    type Counter = ByClass<G::Counter, N>;
    const POWER: u32 = G::POWER;
    /// About 200 bytes a running sum at most, as for the scalars' 16.
    const PREFIX_STRIDE: usize = N.div_ceil(8);

    #[inline]
    fn of(&self, n: u64) -> Self::V {
        let mut value: Self::V = self.zero();
        value.sums[self.class(n)] = self.g.of(n);
        value
    }
    fn prefix(&self, t: u64) -> Self::V {
        let mut value: Self::V = self.zero();
        let q = self.q as u64;
        for (r, sum) in value.sums[..self.q].iter_mut().enumerate() {
            // The class of r from its least positive member.
            let first = if r == 0 { q } else { r as u64 };
            let terms = if t >= first { (t - first) / q + 1 } else { 0 };
            *sum = self.g.progression(first, q, terms);
        }
        value
    }
    #[inline]
    fn scale(&self, v: Self::V, n: u64) -> Self::V {
        let (q, s) = (self.q, self.class(n));
        let mut value: Self::V = self.zero();
        // r s mod q, stepping r.
        let mut rs = 0;
        for &sum in &v.sums[..q] {
            value.sums[rs] = value.sums[rs].plus(self.g.scale(sum, n));
            rs += s;
            if rs >= q {
                rs -= q;
            }
        }
        value
    }
    #[inline(always)]
    fn counted(&self, base: u64, counter: Self::Counter) -> Self::V {
        let q = self.q;
        let mut value: Self::V = self.zero();
        // The class of base + 2c, stepping c.
        let mut r = self.class(base);
        for &by_class in &counter.0[..self.period] {
            value.sums[r] = value.sums[r].plus(self.g.counted(base, by_class));
            r += 2;
            while r >= q {
                r -= q;
            }
        }
        value
    }
    #[inline(always)]
    fn layout(&self) -> &Classes {
        &self.classes
    }
    /// The running sum kept, and each prime since added to its class alone.
    #[inline(always)]
    fn over_primes(&self, k: usize, prefix: &[Self::V], primes: &[u32]) -> Self::V {
        let kept = k / Self::PREFIX_STRIDE;
        let mut value = prefix[kept];
        value.q = self.q as u8;
        for &p in &primes[kept * Self::PREFIX_STRIDE + 1..=k] {
            let r = self.class(p.into());
            value.sums[r] = value.sums[r].plus(self.g.of(p.into()));
        }
        value
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
            assert_eq!(Linear::<u128>::default().prefix(t), one);
            assert_eq!(Square::<u128>::default().prefix(t), two);
        }
    }

    /// The class-split weights modulo every `q <= 100`: `F(t)` against the
    /// definition, and products of `f(m)` and `f(n)`, by `scale` and by the
    /// ring's product, against `f(mn)`.
    #[test]
    fn residue_weights_multiply_as_classes() {
        for q in 1..=100u64 {
            let counts = Residue::<Count, 100>::new(Count, q);
            let sums = Residue::<Linear<u128>, 100>::new(Linear::default(), q);
            let (mut count, mut sum) = (PerClass::default(), PerClass::default());
            for t in 0..=3 * q + 5 {
                if t > 0 {
                    count = count.plus(counts.of(t));
                    sum = sum.plus(sums.of(t));
                }
                assert_eq!(counts.prefix(t), count, "q = {q}, t = {t}");
                assert_eq!(sums.prefix(t), sum, "q = {q}, t = {t}");
            }
            for (m, n) in [(1, 1), (2, q), (3, 7), (q + 1, 2 * q + 3), (99, 98)] {
                assert_eq!(sums.scale(sums.of(m), n), sums.of(m * n), "{m} {n} mod {q}");
                assert_eq!(
                    sums.of(m).mul(sums.of(n)),
                    sums.of(m * n),
                    "{m} {n} mod {q}"
                );
            }
        }
    }
}
