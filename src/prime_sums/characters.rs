//! The weights twisted by real Dirichlet characters: completely
//! multiplicative weights whose values are vectors with a component per
//! character ([`Characters`], the `q` dividing 24, for which those are all
//! the characters there are), or a scalar for the one character modulo 4
//! that is not principal ([`ModFour`]); [`from_characters`] turns their
//! sums into sums by class.

use super::counters::{Alternating, ByClass, Classes, Scalar};
use super::leaves::Scaled;
use super::residue::{class_prefix, plus_two, position_period};
use super::weight::{Polynomial, Progression, Weight};
use crate::arith::{Modulus, Ring, Value};
use crate::sieve::wheel;

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
/// [`Residue`](super::residue::Residue); [`from_characters`] turns the
/// sums into classes.
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
    type Leaves = Scaled<Self::V>;
    const POWER: u32 = G::POWER;
    /// Counters by class take a bit out slower than a count's (measured
    /// for `q = 4` between 24 and 2048).
    const RECOUNT_BELOW: u32 = 32 >> G::POWER;
    /// As for [`Residue`](super::residue::Residue).
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
    /// Number by number, each with its characters' values.
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> Self::V {
        wheel::fold_word(Self::V::default(), word, base, &mut |sum, n| {
            sum.plus(self.of(n))
        })
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
    for p in dividing(x, q) {
        let class = &mut classes[(p % q) as usize];
        *class = class.plus(g.of(p));
    }
    classes
}

/// The primes `p <= x` that divide `q | 24`: 2 and 3 at most.
fn dividing(x: u64, q: u64) -> impl Iterator<Item = u64> {
    [2, 3]
        .into_iter()
        .filter(move |&p| q.is_multiple_of(p) && p <= x)
}

/// The principal character's sum modulo `q | 24`, `Σ g(p)` over the primes
/// `p <= x` prime to `q`, from `all`, the sum over every prime `p <= x`:
/// the first of [`from_characters`]'s sums.
pub(super) fn principal<G: Weight>(x: u64, q: u64, g: &G, all: G::V) -> G::V {
    dividing(x, q).fold(all, |sum, p| sum.minus(g.of(p)))
}

/// `f(n) = χ(n) g(n)` for the character `χ` modulo 4 that is not
/// principal (1 on the class 1, -1 on the class 3, 0 on the evens): a
/// scalar weight, its counters [`Alternating`], so that a run costs
/// about what one of `g` does.
#[derive(Clone, Copy)]
pub(crate) struct ModFour<G>(pub(crate) G);

impl<G: Weight<V: Ring>> ModFour<G> {
    /// `χ(n) v`, selected without a branch (the classes of the leaves'
    /// `n` come at random).
    #[inline(always)]
    fn signed(n: u64, v: G::V) -> G::V {
        let zero = G::V::default();
        let odd = if n % 4 == 1 { v } else { zero.minus(v) };
        if n % 2 == 1 { odd } else { zero }
    }
}

/// The bits of a word of the mod-30 wheel whose numbers are 1 modulo 4
/// when its [`word_base`](crate::sieve::wheel::word_base) is 0 modulo 4:
/// byte `j`'s residue `r` is at `30 j + r`, `2j + r` modulo 4.
const WHEEL_ONE_MOD_FOUR: u64 = {
    let mut mask = 0;
    let mut bit = 0;
    while bit < 64 {
        if (2 * (bit / 8) + wheel::RESIDUES[bit as usize % 8]) % 4 == 1 {
            mask |= 1 << bit;
        }
        bit += 1;
    }
    mask
};

impl<G> Weight for ModFour<G>
where
    G: Polynomial<V: Ring> + Progression,
{
    type V = G::V;
    type Counter = Alternating<G::Counter>;
    type Leaves = Scaled<Self::V>;
    const POWER: u32 = G::POWER;

    #[inline]
    fn of(&self, n: u64) -> G::V {
        Self::signed(n, self.0.of(n))
    }
    fn prefix(&self, t: u64) -> G::V {
        class_prefix(&self.0, 1, 4, t).minus(class_prefix(&self.0, 3, 4, t))
    }
    #[inline]
    fn scale(&self, v: G::V, n: u64) -> G::V {
        Self::signed(n, self.0.scale(v, n))
    }
    /// `base` is odd: the positions counted with a plus sign hold the
    /// numbers in its class, those with a minus sign the other class.
    #[inline(always)]
    fn counted(&self, base: u64, counter: Self::Counter) -> G::V {
        Self::signed(base, self.0.bits(base, counter.bits()))
    }
    #[inline(always)]
    fn layout(&self) -> &() {
        &()
    }
    /// The word split by class, each part summed by `g`: `base` is even,
    /// and the classes swap when it is 2 modulo 4.
    #[inline(always)]
    fn wheel_word(&self, base: u64, word: u64) -> G::V {
        let one = self.0.wheel_word(base, word & WHEEL_ONE_MOD_FOUR);
        let three = self.0.wheel_word(base, word & !WHEEL_ONE_MOD_FOUR);
        Self::signed(base + 1, one.minus(three))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::counters::{CountSum, Counter};
    use crate::prime_sums::weight::{Count, Linear};
    use crate::testing::words;

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

    /// The weights twisted by the character modulo 4: `F(t)` against the
    /// definition, `f(m) f(n) = f(mn)`, and the sums over a sieve word's
    /// bits, from its counter and on the mod-30 wheel, against its numbers
    /// one by one, for bases in either class.
    #[test]
    fn the_character_modulo_4_multiplies() {
        let (counts, sums) = (ModFour(Count), ModFour(Linear::<u128>::default()));
        let (mut count, mut sum) = (0u64, 0u128);
        for t in 0..200u64 {
            if t > 0 {
                (count, sum) = (Value::plus(count, counts.of(t)), sum.plus(sums.of(t)));
            }
            assert_eq!((counts.prefix(t), sums.prefix(t)), (count, sum), "t = {t}");
        }
        for (m, n) in [(1, 1), (2, 3), (3, 3), (5, 7), (7, 11), (9, 13), (15, 6)] {
            assert_eq!(sums.scale(sums.of(m), n), sums.of(m * n), "{m} {n}");
            assert_eq!(counts.scale(counts.of(m), n), counts.of(m * n), "{m} {n}");
        }
        for (k, word) in (0..200u64).zip(words(7)) {
            let base = 1_000_000_001 + 2 * k;
            let numbers = (0..64).filter(|i| word >> i & 1 == 1).map(|i| base + 2 * i);
            let want = numbers.fold(0, |s: u128, n| s.plus(sums.of(n)));
            let counter = <Alternating<CountSum>>::of(word, 0, &());
            assert_eq!(sums.counted(base, counter), want, "base {base}");
            let base = wheel::word_base(k, 0);
            let want = wheel::fold_word(0, word, base, &mut |s: u128, n| s.plus(sums.of(n)));
            assert_eq!(sums.wheel_word(base, word), want, "wheel base {base}");
        }
    }
}
