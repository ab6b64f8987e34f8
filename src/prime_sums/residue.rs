//! The weights split by the class of `n` modulo `q`: completely
//! multiplicative weights whose values are vectors, in the ring of the
//! classes ([`Residue`], every `q`) or in the basis of the real Dirichlet
//! characters ([`Characters`], the `q` dividing 24, for which those are all
//! the characters there are).

use super::counters::{ByClass, Classes};
use super::weight::{Polynomial, Progression, Weight};
use crate::arith::{Modulus, Ring, Value};
use num_integer::{ExtendedGcd, Integer};

/// The period `L` of the positions `i` whose numbers `base + 2i` share a
/// class modulo `q`: `q` for an odd `q`, `q / 2` for an even one.
fn position_period(q: u64) -> u64 {
    if q.is_multiple_of(2) { q / 2 } else { q }
}

/// The class modulo `q` of `n + 2`, `n` being in the class `r`.
#[inline(always)]
fn plus_two(r: usize, q: usize) -> usize {
    let mut r = r + 2;
    while r >= q {
        r -= q;
    }
    r
}

/// `Σ g(j)` over `1 <= j <= t` with `j mod q = r`: a progression from the
/// class's least positive member.
fn class_prefix<G: Progression>(g: &G, r: usize, q: u64, t: u64) -> G::V {
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
/// = e_{rs mod q}`. Its counters keep a [`Scalar`] one per class of
/// positions `i` modulo `L`, `q` or `q / 2` for an even `q`: the class of
/// the number `base + 2i` modulo `q` follows from that of `i` modulo `L`.
pub(crate) struct Residue<G, const N: usize> {
    g: G,
    q: usize,
    modulus: Modulus,
    period: usize,
    classes: Classes,
    /// `sources[s]`, for a class `s` prime to `q`: entry `k < q` is `k
    /// s^-1 mod q`, the class that multiplying by `s` takes to `k`, and
    /// the entries from `q` on are `N - 1` (an empty class, or none when
    /// `q = N`), so that [`Weight::scale`] gathers; `None` for the other
    /// classes.
    sources: Vec<Option<[u8; N]>>,
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
        Residue {
            g,
            q: q as usize,
            modulus: Modulus::new(q),
            period: period as usize,
            classes: Classes::new(period, N),
            sources,
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
    #[inline]
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
        let q = self.q;
        let mut value: Self::V = self.zero();
        // The class of base + 2c, stepping c.
        let mut r = self.class(base);
        for &by_class in &counter.0[..self.period] {
            value.sums[r] = value.sums[r].plus(self.g.counted(base, by_class));
            r = plus_two(r, q);
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

/// The real Dirichlet characters modulo `q`, for `q` dividing 24, the
/// moduli whose group of units has exponent 2, so that these are all
/// `φ(q)` of its characters: `χ_j(r)` for every class `r` (0 off the
/// units), found among the sign patterns on the units as those that
/// multiply.
pub(super) fn real_characters(q: u64) -> Vec<Vec<i8>> {
    debug_assert!(24 % q == 0);
    let units: Vec<u64> = (0..q).filter(|&r| num_integer::gcd(r, q) == 1).collect();
    let characters: Vec<Vec<i8>> = (0..1u32 << units.len())
        .map(|signs| {
            let sign = |r: u64| match units.iter().position(|&u| u == r) {
                Some(i) => 1 - 2 * (signs >> i & 1) as i8,
                None => 0,
            };
            (0..q).map(sign).collect()
        })
        .filter(|chi: &Vec<i8>| {
            let at = |r: u64| chi[r as usize];
            units
                .iter()
                .all(|&a| units.iter().all(|&b| at(a * b % q) == at(a) * at(b)))
        })
        .collect();
    debug_assert_eq!(characters.len(), units.len());
    characters
}

/// The sums of a weight twisted by the real characters, one a component:
/// the ring `R^K`, its products componentwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PerCharacter<V, const K: usize>(pub(crate) [V; K]);

impl<V: Value, const K: usize> Default for PerCharacter<V, K> {
    fn default() -> Self {
        PerCharacter([V::default(); K])
    }
}

impl<V: Value, const K: usize> Value for PerCharacter<V, K> {
    #[inline(always)]
    fn plus(self, other: Self) -> Self {
        PerCharacter(std::array::from_fn(|j| self.0[j].plus(other.0[j])))
    }
    #[inline(always)]
    fn minus(self, other: Self) -> Self {
        PerCharacter(std::array::from_fn(|j| self.0[j].minus(other.0[j])))
    }
    #[inline(always)]
    fn mul(self, other: Self) -> Self {
        PerCharacter(std::array::from_fn(|j| self.0[j].mul(other.0[j])))
    }
}

/// `f(n) = g(n) (χ_1(n), ..., χ_K(n))` for the real characters `χ_j`
/// modulo `q` dividing 24, `φ(q) <= K`: completely multiplicative in the
/// ring `R^K`, where products are componentwise, so that a leaf's product
/// is a sign per component instead of a permutation of the classes. The
/// counters keep one per class of positions modulo `L <= P`, as for
/// [`Residue`]; [`from_characters`] turns the sums into classes.
pub(crate) struct Characters<G: Weight, const K: usize, const P: usize> {
    g: G,
    q: u64,
    modulus: Modulus,
    period: usize,
    classes: Classes,
    /// `values[r].0[j] = χ_j(r)` in the ring: 0, 1 or -1.
    values: Vec<PerCharacter<G::V, K>>,
}

impl<G: Weight<V: Ring>, const K: usize, const P: usize> Characters<G, K, P> {
    /// `g` twisted by the characters modulo `q`, `q | 24`, `φ(q) <= K`,
    /// `q <= 2P`.
    pub(crate) fn new(g: G, q: u64) -> Self {
        let characters = real_characters(q);
        debug_assert!(characters.len() <= K && q <= 2 * P as u64);
        let values = (0..q as usize)
            .map(|r| {
                PerCharacter(std::array::from_fn(|j| {
                    match characters.get(j).map(|chi| chi[r]) {
                        Some(1) => G::V::from_u128(1),
                        Some(-1) => G::V::from_u128(u128::MAX),
                        _ => G::V::default(),
                    }
                }))
            })
            .collect();
        let period = position_period(q);
        Characters {
            g,
            q,
            modulus: Modulus::new(q),
            period: period as usize,
            classes: Classes::new(period, P),
            values,
        }
    }

    /// `χ_j(n)` for every `j`.
    #[inline(always)]
    fn at(&self, n: u64) -> PerCharacter<G::V, K> {
        self.values[self.modulus.rem(n) as usize]
    }

    /// `χ_j(n) v` for every `j`.
    #[inline(always)]
    fn times(chi: PerCharacter<G::V, K>, v: G::V) -> PerCharacter<G::V, K> {
        PerCharacter(chi.0.map(|chi| chi.mul(v)))
    }
}

impl<G, const K: usize, const P: usize> Weight for Characters<G, K, P>
where
    G: Polynomial<V: Ring> + Progression,
{
    type V = PerCharacter<G::V, K>;
    type Counter = ByClass<G::Counter, P>;
    const POWER: u32 = G::POWER;
    /// Counters by class take a bit out slower than a count's (measured
    /// for `q = 4` between 24 and 2048).
    const RECOUNT_BELOW: u32 = 32 >> G::POWER;
    /// As for [`Residue`].
    const PREFIX_STRIDE: usize = size_of::<PerCharacter<G::V, K>>().div_ceil(32);

    #[inline]
    fn of(&self, n: u64) -> Self::V {
        Self::times(self.at(n), self.g.of(n))
    }
    fn prefix(&self, t: u64) -> Self::V {
        let q = self.q;
        let mut sum = PerCharacter::default();
        for (r, &chi) in self.values.iter().enumerate() {
            sum = sum.plus(Self::times(chi, class_prefix(&self.g, r, q, t)));
        }
        sum
    }
    #[inline]
    fn scale(&self, v: Self::V, n: u64) -> Self::V {
        let chi = self.at(n);
        PerCharacter(std::array::from_fn(|j| {
            self.g.scale(v.0[j], n).mul(chi.0[j])
        }))
    }
    #[inline(always)]
    fn counted(&self, base: u64, counter: Self::Counter) -> Self::V {
        let q = self.q as usize;
        let mut sum = PerCharacter::default();
        // The class of base + 2c, stepping c.
        let mut r = self.modulus.rem(base) as usize;
        for &by_class in &counter.0[..self.period] {
            let value = self.g.counted(base, by_class);
            sum = sum.plus(Self::times(self.values[r], value));
            r = plus_two(r, q);
        }
        sum
    }
    #[inline(always)]
    fn layout(&self) -> &Classes {
        &self.classes
    }
}

/// The sums of `g(p)` over the primes `p <= x` by class modulo `q | 24`,
/// from their character sums `sums[j] = Σ χ_j(p) g(p)`: for a unit `a`,
/// `Σ_j χ_j(a) sums[j]` is `φ(q)` times its class's sum (which fits, and
/// so is exact in wrapping arithmetic); the other classes hold only the
/// primes dividing `q`, whose characters are 0, each added to its class.
pub(super) fn from_characters<G: Weight<V: Ring + Into<u128>>>(
    x: u64,
    q: u64,
    g: &G,
    sums: &[G::V],
) -> Vec<G::V> {
    let characters = real_characters(q);
    let units = characters.len() as u128;
    let mut classes: Vec<G::V> = (0..q as usize)
        .map(|a| {
            let weighed = characters.iter().zip(sums).map(|(chi, &sum)| match chi[a] {
                1 => sum,
                -1 => G::V::default().minus(sum),
                _ => G::V::default(),
            });
            let total = weighed.fold(G::V::default(), G::V::plus);
            G::V::from_u128(total.into() / units)
        })
        .collect();
    for p in [2, 3]
        .into_iter()
        .filter(|&p| q.is_multiple_of(p) && p <= x)
    {
        let class = &mut classes[(p % q) as usize];
        *class = class.plus(g.of(p));
    }
    classes
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

    /// The real characters modulo each `q | 24`: `φ(q)` of them, each
    /// multiplicative, and orthogonal, so that they tell the units apart.
    #[test]
    fn real_characters_are_all_the_characters() {
        for q in [1u64, 2, 3, 4, 6, 8, 12, 24] {
            let characters = real_characters(q);
            let units: Vec<usize> = (0..q as usize)
                .filter(|&r| num_integer::gcd(r as u64, q) == 1)
                .collect();
            assert_eq!(characters.len(), units.len(), "q = {q}");
            for (j, chi) in characters.iter().enumerate() {
                for (k, psi) in characters.iter().enumerate() {
                    let dot: i32 = units.iter().map(|&r| i32::from(chi[r] * psi[r])).sum();
                    let want = if j == k { units.len() as i32 } else { 0 };
                    assert_eq!(dot, want, "q = {q}, characters {j} and {k}");
                }
            }
        }
    }

    /// The weights twisted by the characters modulo each `q | 24`: `F(t)`
    /// against the definition, and `f(m) f(n) = f(mn)`.
    #[test]
    fn character_weights_multiply() {
        for q in [1u64, 2, 3, 4, 6, 8, 12, 24] {
            let sums = Characters::<Linear<u128>, 8, 12>::new(Linear::default(), q);
            let mut sum = PerCharacter::default();
            for t in 0..=3 * q + 5 {
                if t > 0 {
                    sum = sum.plus(sums.of(t));
                }
                assert_eq!(sums.prefix(t), sum, "q = {q}, t = {t}");
            }
            for (m, n) in [(1, 1), (2, q), (5, 7), (q + 1, 2 * q + 5), (25, 49)] {
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
