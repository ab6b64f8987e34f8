//! The weights split by the class of `n` modulo `q`: completely
//! multiplicative weights whose values are vectors in the ring of the
//! classes ([`Residue`], every `q`), where [`characters`]
//! twists them by the real characters instead; and the sums by class for
//! every modulus up to [`MAX_MODULUS`], which choose between the two.

use super::characters::{self, Characters, ModFour};
use super::counters::{ByClass, Classes};
use super::leaves::Scaled;
use super::weight::{Count, Linear, NarrowSums, Polynomial, Progression, Weight};
use super::{Report, weighed};
use crate::Error;
use crate::arith::{Modulus, Ring, Value};
use crate::sieve::wheel;
use num_integer::{ExtendedGcd, Integer};

/// The period `L` of the positions `i` whose numbers `base + 2i` share a
/// class modulo `q`: `q` for an odd `q`, `q / 2` for an even one.
pub(super) fn position_period(q: u64) -> u64 {
    if q.is_multiple_of(2) { q / 2 } else { q }
}

/// The class modulo `q >= 2` of `n + 2`, `n` being in the class `r`.
#[inline(always)]
pub(super) fn plus_two(r: usize, q: usize) -> usize {
    let r = r + 2;
    if r >= q { r - q } else { r }
}

/// `Σ g(j)` over `1 <= j <= t` with `j mod q = r`: a progression from the
/// class's least positive member.
pub(super) fn class_prefix<G: Progression>(g: &G, r: usize, q: u64, t: u64) -> G::V {
    let first = if r == 0 { q } else { r as u64 };
    let terms = if t >= first { (t - first) / q + 1 } else { 0 };
    g.progression(first, q, terms)
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

impl<V: Value + PartialEq, const N: usize> Value for PerClass<V, N> {
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
    /// The convolution `Σ_{r, s} a_r b_s e_{rs mod q}`, over the classes
    /// `r` with `a_r != 0` (a sum over primes is 0 off the units but for
    /// the primes dividing `q`).
    fn mul(self, other: Self) -> Self {
        let mut product = PerClass::default();
        if self.q == 0 || other.q == 0 {
            return product;
        }
        let q = usize::from(self.q);
        product.q = self.q;
        let zero = V::default();
        for (r, &a) in self.sums[..q]
            .iter()
            .enumerate()
            .filter(|&(_, &a)| a != zero)
        {
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
/// = e_{rs mod q}`. Its counters keep a [`Scalar`](super::counters::Scalar)
/// one per class of positions `i` modulo `L`, `q` or `q / 2` for an even
/// `q`: the class of the number `base + 2i` modulo `q` follows from that of
/// `i` modulo `L`.
pub(crate) struct Residue<G, const N: usize> {
    g: G,
    q: usize,
    modulus: Modulus,
    classes: Classes,
    /// `sources[s]`, for a class `s` prime to `q`: entry `k < q` is `k
    /// s^-1 mod q`, the class that multiplying by `s` takes to `k`, and
    /// the entries from `q` on are `N - 1` (an empty class, or none when
    /// `q = N`), so that [`Weight::scale`] gathers; `None` for the other
    /// classes.
    sources: Vec<Option<[u8; N]>>,
    /// `positions[b][k]`: the class `c` of the positions whose numbers
    /// `b + 2c` modulo `q` are in the class `k`, `N - 1` (whose counter
    /// is always 0, `L < N`) where there is none, so that
    /// [`Weight::counted`] gathers too.
    positions: Vec<[u8; N]>,
    /// `wheel_classes[b][j]`: the class of `b + WORD_OFFSET[j]`, the
    /// number of a wheel word's bit `j` when its base is in the class `b`.
    wheel_classes: Vec<[u8; 64]>,
}

impl<G, const N: usize> Residue<G, N> {
    /// `g` split modulo `q`, `1 <= q <= min(N, 255)`.
    pub(crate) fn new(g: G, q: u64) -> Self {
        debug_assert!((1..=N.min(255) as u64).contains(&q));
        let period = position_period(q);
        let sources = (0..q as i64)
            .map(|s| {
                let ExtendedGcd { gcd, x, .. } = s.extended_gcd(&(q as i64));
                let inverse = (gcd == 1).then(|| x.rem_euclid(q as i64) as u64)?;
                Some(std::array::from_fn(|k| match k as u64 {
                    k if k < q => (k * inverse % q) as u8,
                    _ => (N - 1) as u8,
                }))
            })
            .collect();
        debug_assert!(period < N as u64);
        let positions = (0..q)
            .map(|b| {
                let mut classes = [(N - 1) as u8; N];
                for c in 0..period {
                    classes[((b + 2 * c) % q) as usize] = c as u8;
                }
                classes
            })
            .collect();
        let wheel_classes = (0..q)
            .map(|b| wheel::WORD_OFFSET.map(|offset| ((b + offset) % q) as u8))
            .collect();
        Residue {
            g,
            q: q as usize,
            modulus: Modulus::new(q),
            classes: Classes::new(period, N),
            sources,
            positions,
            wheel_classes,
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
        self.modulus.rem(n) as usize
    }
}

impl<G, const N: usize> Weight for Residue<G, N>
where
    G: Polynomial + Progression,
    G::V: PartialEq,
{
    type V = PerClass<G::V, N>;
    type Counter = ByClass<G::Counter, N>;
    type Leaves = Scaled<Self::V>;
    const POWER: u32 = G::POWER;
    /// As for [`Characters`].
    const RECOUNT_BELOW: u32 = 32 >> G::POWER;
    /// At most 32 bytes of running sums a prime, twice a sum's in `u128`:
    /// 200 MB for `q = 100` at `2^64`.
    const PREFIX_STRIDE: usize = size_of::<PerClass<G::V, N>>().div_ceil(32);

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
            *sum = class_prefix(&self.g, r, q, t);
        }
        value
    }
    #[inline(always)]
    fn scale(&self, v: Self::V, n: u64) -> Self::V {
        let (q, s) = (self.q, self.class(n));
        if let Some(sources) = &self.sources[s] {
            // A permutation of the classes: a gather, with no carried sum.
            // The sources are below `N` already; `min` says so to the
            // compiler, which then checks no bounds (a checked index took
            // 1.18× the time at `q = 11`).
            let sums = std::array::from_fn(|k| {
                let source = usize::from(sources[k]).min(N - 1);
                self.g.scale(v.sums[source], n)
            });
            return PerClass { q: q as u8, sums };
        }
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
        let positions = &self.positions[self.class(base)];
        // A gather, as in `scale`, where a sum into the class of each
        // position in turn stored to and loaded from a varying place.
        let sums = std::array::from_fn(|k| {
            let c = usize::from(positions[k]).min(N - 1);
            self.g.counted(base, counter.0[c])
        });
        PerClass {
            q: self.q as u8,
            sums,
        }
    }
    #[inline(always)]
    fn layout(&self) -> &Classes {
        &self.classes
    }
    /// Each number added to its class alone, not as a vector, the classes
    /// of the word's bits read from a table.
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> Self::V {
        let classes = &self.wheel_classes[self.class(base)];
        let mut value: Self::V = self.zero();
        let mut bits = word;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            // A class, below `N`: the `min` only tells the compiler so.
            let r = usize::from(classes[j]).min(N - 1);
            value.sums[r] = value.sums[r].plus(self.g.of(base + wheel::WORD_OFFSET[j]));
            bits &= bits - 1;
        }
        value
    }
    /// The running sum kept, and each prime since added to its class alone.
    #[inline(always)]
    fn over_primes(&self, k: usize, prefix: &[Self::V], _: &NarrowSums, primes: &[u32]) -> Self::V {
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

/// The largest modulus of [`prime_pi_by_residue`](crate::sieve::prime_pi_by_residue)
/// and [`prime_sum_by_residue`](crate::sieve::prime_sum_by_residue).
pub const MAX_MODULUS: u64 = 100;

/// The number of primes `p <= x` in each class modulo `q`, its progress
/// passed to `report`.
pub(crate) fn prime_pi_by_residue_reporting(
    x: u64,
    q: u64,
    report: Report,
) -> Result<Vec<u64>, Error> {
    by_residue(x, q, Count, report)
}

/// The sum of the primes `p <= x` in each class modulo `q`, its progress
/// passed to `report`.
pub(crate) fn prime_sum_by_residue_reporting(
    x: u64,
    q: u64,
    report: Report,
) -> Result<Vec<u128>, Error> {
    by_residue(x, q, Linear::default(), report)
}

/// `Σ g(p)` over the primes `p <= x` in each class modulo `q`: the engine
/// with the weight `g` twisted by the real characters modulo `q` when `q`
/// divides 24 (in runs of `g` and [`ModFour`] for `q = 1, 2, 4`, in one
/// of [`Characters`] for the others), from the classes modulo `q / 2` when
/// that is odd, split by class otherwise ([`Residue`]), its vectors as
/// short as `q` allows.
fn by_residue<G>(x: u64, q: u64, g: G, report: Report) -> Result<Vec<G::V>, Error>
where
    G: Polynomial<V: Ring + Into<u128>> + Progression + Copy,
{
    fn characters<G, const K: usize, const P: usize>(
        x: u64,
        q: u64,
        g: G,
        report: Report,
    ) -> Vec<G::V>
    where
        G: Polynomial<V: Ring + Into<u128>> + Progression + Copy,
    {
        let sums = weighed(x, Characters::<G, K, P>::new(g, q), report);
        characters::from_characters(x, q, &g, &sums.0)
    }
    fn classes<G: Polynomial<V: Ring> + Progression, const N: usize>(
        x: u64,
        q: u64,
        g: G,
        report: Report,
    ) -> Vec<G::V> {
        let sums = weighed(x, Residue::<G, N>::new(g, q), report).sums;
        sums[..q as usize].to_vec()
    }
    Ok(match q {
        // The principal character's sum from a run of `g` itself, and the
        // other character modulo 4 from a scalar run of its own.
        1 | 2 => {
            let all = weighed(x, g, report);
            characters::from_characters(x, q, &g, &[characters::principal(x, q, &g, all)])
        }
        4 => {
            let all = weighed(x, g, report.part(0, 2));
            let signed = weighed(x, ModFour(g), report.part(1, 2));
            let sums = [characters::principal(x, q, &g, all), signed];
            characters::from_characters(x, q, &g, &sums)
        }
        3 | 6 => characters::<G, 2, 3>(x, q, g, report),
        8 | 12 => characters::<G, 4, 6>(x, q, g, report),
        // An odd class modulo `2k`, `k` odd, is a class modulo `k`.
        10.. if q % 4 == 2 && q <= MAX_MODULUS => {
            let k = q / 2;
            let halves = by_residue(x, k, g, report)?;
            let mut classes = vec![G::V::default(); q as usize];
            for (r, sum) in halves.into_iter().enumerate() {
                classes[if r % 2 == 1 { r } else { r + k as usize }] = sum;
            }
            // 2, the even prime, counted among the odd class `k + 2`.
            if x >= 2 {
                let two = g.of(2);
                classes[k as usize + 2] = classes[k as usize + 2].minus(two);
                classes[2] = two;
            }
            classes
        }
        5 | 7 => classes::<G, 8>(x, q, g, report),
        9 | 11 => classes::<G, 12>(x, q, g, report),
        13..=MAX_MODULUS => classes::<G, { MAX_MODULUS as usize }>(x, q, g, report),
        _ => {
            return Err(Error::InvalidModulus {
                q,
                max: MAX_MODULUS,
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::weight::{Count, Linear};

    /// `scale(v, n)` for a vector `v` with every class filled, and `n` in
    /// every class modulo `q` (the units, by a permutation, and the
    /// others), against the ring's product `v f(n)`, for every `q <= N`.
    fn check_scale<const N: usize>() {
        for q in 1..=N as u64 {
            let sums = Residue::<Linear<u128>, N>::new(Linear::default(), q);
            let v = sums.prefix(7 * q + 3);
            for n in 1..=2 * q + 1 {
                let product = v.mul(sums.of(n));
                assert_eq!(sums.scale(v, n), product, "{n} mod {q}");
            }
        }
    }

    /// The sums over a wheel word's primes by class, against its numbers
    /// one by one, modulo every `q <= N`, for bases (multiples of 30) in
    /// every class they can be in.
    fn check_wheel_words<const N: usize>() {
        for q in 1..=N as u64 {
            let sums = Residue::<Linear<u128>, N>::new(Linear::default(), q);
            for (k, word) in (0..3 * q).zip(crate::testing::words(q)) {
                let base = wheel::word_base(1_000_000 + k, 0);
                let want = wheel::fold_word(PerClass::default(), word, base, &mut |s, n| {
                    s.plus(sums.of(n))
                });
                assert_eq!(sums.wheel_word(base, word), want, "{base} mod {q}");
            }
        }
    }

    #[test]
    fn wheel_words_match_their_numbers() {
        check_wheel_words::<12>();
        check_wheel_words::<100>();
    }

    #[test]
    fn scaled_vectors_match_the_product() {
        check_scale::<12>();
        check_scale::<100>();
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
