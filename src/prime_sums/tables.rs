//! The tables of the numbers up to `y`: the primes, their weights' running
//! sums and a `π` table of a bit per number prime to 30; and the factor
//! table of the leaves' `m`, up to `z >= y`.

use std::ops::Range;

use num_integer::Roots;

use super::weight::{NarrowSums, Prefix, Weight};
use crate::arith::Value;
use crate::sieve::PrimesIn;
use crate::sieve::wheel::{WHEEL_PRIMES, bit_of, wheel_primes_below, word_mask_up_to};

/// The primes up to `y` and what the leaves need to know of `m <= z`.
pub(super) struct Tables<W: Weight> {
    /// `primes[b] = p_b` for `1 <= b <= π(y)`; `primes[0] = 1`.
    pub(super) primes: Vec<u32>,
    /// `prefix[k] = Σ_{i <= b} f(p_i)` for `b = k S`, `S` the weight's
    /// [`Weight::PREFIX_STRIDE`], when it reads them ([`Prefix::Values`]).
    prefix: Vec<W::V>,
    /// `Σ_{i <= b} p_i`, when the weight reads them ([`Prefix::Narrow`]).
    narrow: NarrowSums,
    /// `reciprocals[b] = `[`reciprocal`]`(p_b)` for the primes up to the
    /// leaves' largest `q` ([`Tables::quotient`]); 0 for `p_0 = 1`, which
    /// divides nothing.
    reciprocals: Vec<u64>,
    /// `π` over the numbers prime to 30, a word of 64 (240 numbers) and
    /// its count at a time, in the layout of the crate's sieve: bit `j` of
    /// `pi_words[w][0]` is set when `240 w + WORD_OFFSET[j]` is prime, and
    /// `pi_words[w][1]` is `π(240 w - 1)` for `w >= 1` (3, the primes 2, 3
    /// and 5, for `w = 0`), so that a lookup reads one cache line. Half the
    /// size of a bit per odd number: at `10^18`, 2.1 MB against 3.9 MB.
    pi_words: Vec<[u64; 2]>,
    /// The factor table: for the numbers `m <= z` prime to 210, in order
    /// ([`coprime_number`]), `μ(m) · lpf_index(m)` when `m` is squarefree
    /// and free of primes above `y` (the index capped at [`UNFACTORED`]
    /// `- 1`; `UNFACTORED` for `m = 1`), 0 otherwise. A leaf's `m` and an
    /// ordinary leaf have no factor 2, 3, 5 or 7 ([`SMALL_PRIMES`]), so
    /// the table skips those numbers: 48 entries in 210, against 70 when
    /// it skipped the multiples of 2 and 3 (at `10^18`, 14.7 MB against
    /// 21.4 MB).
    pub(super) factors: Vec<i16>,
    y: u64,
    z: u64,
    pub(super) weight: W,
}

/// The code of 1, whose least prime factor is none.
pub(super) const UNFACTORED: i16 = i16::MAX;

impl<W: Weight> Tables<W> {
    /// The tables for `x` split at `y <= z`.
    pub(super) fn new(x: u64, y: u64, z: u64, weight: W) -> Tables<W> {
        debug_assert!(y <= z);
        // A bit per number prime to 30 up to `y`, and a word to spare.
        let mut wheel = vec![0u64; y as usize / 240 + 2];
        let mut primes = vec![1u32];
        let stream = PrimesIn::new(0..y + 1).expect("the sieving primes below 2^16 fit in memory");
        for p in stream {
            // 2, 3 and 5 have no bit: the counts start at 3.
            if let Some(bit) = bit_of(p) {
                wheel[(bit / 64) as usize] |= 1 << (bit % 64);
            }
            primes.push(p as u32);
        }
        let mut count = WHEEL_PRIMES.len() as u64;
        let pi_words = wheel
            .iter()
            .map(|&word| {
                let before = count;
                count += u64::from(word.count_ones());
                [word, before]
            })
            .collect();
        let (mut prefix, mut narrow) = (Vec::new(), NarrowSums::new(&[]));
        match W::PREFIX {
            Prefix::None => {}
            Prefix::Values => {
                prefix.reserve_exact(primes.len() / W::PREFIX_STRIDE + 1);
                let mut sum = W::V::default();
                prefix.push(sum);
                for (b, &p) in primes.iter().enumerate().skip(1) {
                    sum = sum.plus(weight.of(p.into()));
                    if b % W::PREFIX_STRIDE == 0 {
                        prefix.push(sum);
                    }
                }
            }
            Prefix::Narrow => narrow = NarrowSums::new(&primes),
        }
        // A leaf `p q` with `p > √z` has `q <= √(x / p)`; the other
        // divisors (`D`'s sieving primes, the `q` of the hard leaves and
        // of the windows) are smaller. Past the table, `quotient` divides,
        // so that where it ends changes the speed, never the answer.
        let quick_up_to = (x / (z.sqrt() + 1)).sqrt();
        let reciprocals = std::iter::once(0)
            .chain(
                primes[1..]
                    .iter()
                    .take_while(|&&p| u64::from(p) <= quick_up_to)
                    .map(|&p| reciprocal(p.into())),
            )
            .collect();
        let mut factors = vec![UNFACTORED; coprime_rank(z + 1)];
        // The primes from 11 on, p_5, p_6, ...: each flips the sign of its
        // multiples and, at the first, sets their least factor's index.
        for (b, &p) in primes.iter().enumerate().skip(SMALL_PRIMES + 1) {
            let p = u64::from(p);
            let index = b.min(UNFACTORED as usize - 1) as i16;
            for m in coprime_multiples(p, z) {
                let c = &mut factors[coprime_rank(m)];
                *c = if c.abs() == UNFACTORED { -index } else { -*c };
            }
            for m in coprime_multiples(p * p, z) {
                factors[coprime_rank(m)] = 0;
            }
        }
        // The primes above `y` divide no leaf's `m`.
        let large = PrimesIn::new(y.max(10) + 1..z + 1)
            .expect("the sieving primes below 2^16 fit in memory");
        for p in large {
            for m in coprime_multiples(p, z) {
                factors[coprime_rank(m)] = 0;
            }
        }
        Tables {
            primes,
            prefix,
            narrow,
            reciprocals,
            pi_words,
            factors,
            y,
            z,
            weight,
        }
    }

    /// `⌊n / p_i⌋` for `n < 2^63` and a quotient below `2^51`, `i >= 1`:
    /// a multiplication by the reciprocal for the primes of the table of
    /// reciprocals ([`quotient_by`]), a floating-point division above
    /// ([`quotient`]; at `10^18` the table stops at `1.3 · 10^7`, a third
    /// of `y`, 8.6 MB less).
    #[inline(always)]
    pub(super) fn quotient(&self, n: u64, i: usize) -> u64 {
        let p = u64::from(self.primes[i]);
        match self.reciprocals.get(i) {
            Some(&r) => quotient_by(n, r, shift(p)),
            None => quotient(n, p),
        }
    }

    /// `visit(p_i, ⌊n / p_i⌋)` for every `i` in `indices`, in order, as
    /// [`Tables::quotient`]: two plain loops over slices, without a
    /// bounds check or a choice of method a prime.
    #[inline(always)]
    pub(super) fn quotients(&self, n: u64, indices: Range<usize>, mut visit: impl FnMut(u64, u64)) {
        let Range { start, end } = indices;
        let end = end.max(start);
        let split = end.min(self.reciprocals.len()).max(start);
        let (mut quick, slow) = self.primes[start..end].split_at(split - start);
        let mut reciprocals = self.reciprocals.get(start..split).unwrap_or_default();
        // A run of primes of one length at a time, their shift held.
        while let Some(&first) = quick.first() {
            let s = shift(first.into());
            let run = quick.partition_point(|&p| shift(p.into()) == s);
            let (primes, rest) = quick.split_at(run);
            let (run_reciprocals, rest_reciprocals) = reciprocals.split_at(run);
            for (&p, &r) in primes.iter().zip(run_reciprocals) {
                visit(p.into(), quotient_by(n, r, s));
            }
            (quick, reciprocals) = (rest, rest_reciprocals);
        }
        for &p in slow {
            let p = u64::from(p);
            visit(p, quotient(n, p));
        }
    }

    /// Frees the factor table, the largest (14 MB at `10^18`), once `Φ0`
    /// and the special leaves have read it: `B` and `Σ` do not.
    pub(super) fn drop_factors(&mut self) {
        self.factors = Vec::new();
    }

    /// `S(p_k) = Σ f(p)` over the first `k` primes, `k <= π(y)`.
    #[inline(always)]
    pub(super) fn prefix(&self, k: usize) -> W::V {
        self.weight
            .over_primes(k, &self.prefix, &self.narrow, &self.primes)
    }

    /// `S(v)` for `7 <= v <= y`.
    #[inline(always)]
    pub(super) fn sum(&self, v: u64) -> W::V {
        self.prefix(self.pi_from_7(v))
    }

    /// `π(v)` for `v <= y`.
    #[inline(always)]
    pub(super) fn pi(&self, v: u64) -> usize {
        match v {
            0..7 => wheel_primes_below(v + 1) as usize,
            _ => self.pi_from_7(v),
        }
    }

    /// `π(v)` for `7 <= v <= y`: no branch for the small `v`, which the
    /// table's first word would count wrong.
    #[inline(always)]
    fn pi_from_7(&self, v: u64) -> usize {
        debug_assert!(v >= 7);
        let [word, before] = self.pi_words[(v / 240) as usize];
        (before + u64::from((word & word_mask_up_to(v % 240)).count_ones())) as usize
    }

    /// The `y` of the tables: the primes go up to it.
    pub(super) fn y(&self) -> u64 {
        self.y
    }

    /// The `z` of the tables: the factor table goes up to it.
    pub(super) fn z(&self) -> u64 {
        self.z
    }

    /// `π(y)`, the index of the last prime.
    pub(super) fn a(&self) -> usize {
        self.primes.len() - 1
    }
}

/// How many of the first primes ([`SMALL`]) divide no number of the
/// factor table: [`phi0`](super::phi0) takes `φ(t, 4)` in closed form and
/// the special leaves start at `p_5 = 11`.
pub(super) const SMALL_PRIMES: usize = 4;

/// `p_1 ..= p_4`.
pub(super) const SMALL: [u64; SMALL_PRIMES] = [2, 3, 5, 7];

/// Whether `n` is free of [`SMALL`], prime to 210.
pub(super) const fn free_of_small(n: u64) -> bool {
    let mut k = 0;
    while k < SMALL_PRIMES {
        if n.is_multiple_of(SMALL[k]) {
            return false;
        }
        k += 1;
    }
    true
}

/// The residues modulo 210 prime to it, in order.
const RESIDUES: [u8; 48] = {
    let mut residues = [0; 48];
    let (mut r, mut k) = (1, 0);
    while r < 210 {
        if free_of_small(r) {
            residues[k] = r as u8;
            k += 1;
        }
        r += 1;
    }
    residues
};

/// `RANKS[r]`: how many residues of [`RESIDUES`] lie below `r`, for
/// `r <= 210`.
const RANKS: [u8; 211] = {
    let mut ranks = [0; 211];
    let (mut r, mut k) = (0, 0);
    while r <= 210 {
        ranks[r] = k as u8;
        if k < 48 && RESIDUES[k] as usize == r {
            k += 1;
        }
        r += 1;
    }
    ranks
};

/// `RESIDUE_SUMS[r]`: the sum of the residues of [`RESIDUES`] below `r`,
/// for `r <= 210` (5040 in all).
const RESIDUE_SUMS: [u16; 211] = {
    let mut sums = [0; 211];
    let mut r = 1;
    while r <= 210 {
        let residue = if free_of_small(r as u64 - 1) {
            r - 1
        } else {
            0
        };
        sums[r] = sums[r - 1] + residue as u16;
        r += 1;
    }
    sums
};

/// How many numbers prime to 210 lie below `v`: the index of the first
/// at or above it.
#[inline(always)]
pub(super) fn coprime_rank(v: u64) -> usize {
    (48 * (v / 210) + u64::from(RANKS[(v % 210) as usize])) as usize
}

/// How many numbers prime to 210 lie in `1..=t`, for every `t`.
#[inline(always)]
pub(super) fn coprime_up_to(t: u64) -> u64 {
    48 * (t / 210) + u64::from(RANKS[(t % 210) as usize + 1])
}

/// The sum of the numbers prime to 210 in `1..=t`, for every `t`: with
/// `t = 210 q + r`, the whole periods `k < q` add `Σ (210 k · 48 + 5040) =
/// 5040 q²` (below `2^126`), the rest `210 q` times its count and its
/// residues.
#[inline(always)]
pub(super) fn coprime_sum_up_to(t: u64) -> u128 {
    let (q, r) = (u128::from(t / 210), (t % 210) as usize + 1);
    5040 * q * q + 210 * q * u128::from(RANKS[r]) + u128::from(RESIDUE_SUMS[r])
}

/// The number prime to 210 of index `k`: 1, 11, 13, 17, 19, 23, ...
#[inline(always)]
pub(super) fn coprime_number(k: usize) -> u64 {
    210 * (k / 48) as u64 + u64::from(RESIDUES[k % 48])
}

/// The multiples `d j <= z` with `j` prime to 210, in increasing order.
fn coprime_multiples(d: u64, z: u64) -> impl Iterator<Item = u64> {
    (0..)
        .map(move |k| d * coprime_number(k))
        .take_while(move |&m| m <= z)
}

/// The last `q` of a hard leaf `p q` with `p > √y`: above, `t = x / (p
/// q) < p²` and `φ(t, b - 1) = 1 + S(t) - S(p_{b-1})`.
pub(super) fn hard_up_to(x: u64, p: u64, y: u64) -> u64 {
    div(x, p, p * p).min(y)
}

/// `⌊x / (a b)⌋ = ⌊⌊x / a⌋ / b⌋`, without overflow.
#[inline]
pub(super) fn div(x: u64, a: u64, b: u64) -> u64 {
    x / a / b
}

/// `⌊n / d⌋` for `n < 2^63`, `d < 2^32` and a quotient below `2^51` (the
/// leaves' `t`, below `x / z`), from a floating-point estimate off by at
/// most one: its relative error is below `3 · 2^-53` (a 64-bit division
/// takes several times longer).
#[inline(always)]
pub(super) fn quotient(n: u64, d: u64) -> u64 {
    exact((n as i64 as f64 / d as i64 as f64) as i64 as u64, n, d)
}

/// `⌈2^(63 + ℓ) / d⌉` for `2 <= d < 2^32`, `ℓ` the bits of `d - 1`: with
/// it, [`quotient_by`] divides by `d` in a multiplication and a shift. It
/// is below `2^64`, since `d > 2^(ℓ - 1)`.
fn reciprocal(d: u64) -> u64 {
    debug_assert!((2..1 << 32).contains(&d));
    (1u128 << (64 + shift(d))).div_ceil(u128::from(d)) as u64
}

/// `ℓ - 1`, `ℓ` the bits of `d - 1`, for `d >= 2`.
#[inline(always)]
fn shift(d: u64) -> u32 {
    63 - (d - 1).leading_zeros()
}

/// `⌊n / d⌋` for `n < 2^63`, with `r = `[`reciprocal`]`(d)` and `s =
/// `[`shift`]`(d)`, exactly: with `k = 63 + ℓ` and `r d = 2^k + e`, `0 <= e
/// < d <= 2^ℓ`, `n r / 2^k = n / d + n e / (d 2^k)`, and `n e < 2^k`
/// keeps the floor that of `n / d` (the method of Granlund and
/// Montgomery, 1994).
#[inline(always)]
fn quotient_by(n: u64, r: u64, s: u32) -> u64 {
    ((u128::from(n) * u128::from(r)) >> 64) as u64 >> s
}

/// `⌊n / d⌋` from `q`, off by at most one: `n` and `q` below `2^63`, so
/// that the products stay below `n + d`.
#[inline(always)]
fn exact(mut q: u64, n: u64, d: u64) -> u64 {
    if q * d > n {
        q -= 1;
    } else if (q + 1) * d <= n {
        q += 1;
    }
    debug_assert_eq!(q, n / d);
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`quotient_by`] against the division for every divisor below 2^13
    /// and on both sides of every power of two to 2^32 (where the shift
    /// grows), at numerators on both sides of its multiples, at the top of
    /// the range it takes (`2^63 - 1`) and at random.
    #[test]
    fn reciprocals_divide_exactly() {
        let powers = (13..=32).flat_map(|j| [(1u64 << j) - 1, 1 << j, (1 << j) + 1]);
        let divisors = (2u64..1 << 13).chain(powers).filter(|&d| d < 1 << 32);
        let mut random = crate::testing::words(0xd1_5013);
        for d in divisors {
            let r = reciprocal(d);
            let top = (1u64 << 63) - 1;
            let multiple = top / d * d;
            let mut numerators = vec![
                0,
                1,
                d - 1,
                d,
                d + 1,
                2 * d - 1,
                multiple - 1,
                multiple,
                top,
            ];
            numerators.extend(random.by_ref().take(8).map(|n| n >> 1));
            for n in numerators {
                assert_eq!(quotient_by(n, r, shift(d)), n / d, "{n} / {d}");
            }
        }
    }
    use crate::prime_sums::weight::Count;

    /// The numbers prime to 210 ranked and listed, against a plain
    /// filter, over three periods.
    #[test]
    fn numbers_prime_to_210_are_ranked_in_order() {
        let coprime: Vec<u64> = (1..630)
            .filter(|&m| num_integer::gcd(m, 210) == 1)
            .collect();
        for n in 0..630 {
            assert_eq!(free_of_small(n), num_integer::gcd(n, 210) == 1, "{n}");
        }
        for (k, &m) in coprime.iter().enumerate() {
            assert_eq!(coprime_number(k), m);
            assert_eq!(coprime_rank(m), k);
        }
        for v in 0..630u64 {
            let below = coprime.iter().filter(|&&m| m < v).count();
            assert_eq!(coprime_rank(v), below, "v = {v}");
            assert_eq!(coprime_up_to(v), coprime_rank(v + 1) as u64, "v = {v}");
        }
        // The last period of the `u64`: 2^64 - 1 = 210 q + 15.
        let top = u64::MAX;
        let below_top = (top - 15..=top).filter(|&m| num_integer::gcd(m, 210) == 1);
        assert_eq!(
            coprime_up_to(top),
            coprime_up_to(top - 16) + below_top.count() as u64
        );
        assert_eq!(coprime_up_to(top - 16), 48 * (top / 210));
    }

    /// `⌊n / p_i⌋` for every prime up to `y`, on both sides of the end of
    /// the table of reciprocals, at `n` up to the largest with a quotient
    /// below `2^51` and at multiples of `p_i` and their neighbours, against
    /// the division.
    #[test]
    fn quotients_match_the_division() {
        let (x, y, z) = (10u64.pow(12), 200_000, 200_000);
        let tables = Tables::new(x, y, z, Count);
        let quick = (x / (z.sqrt() + 1)).sqrt();
        let last_quick = tables.pi(quick);
        assert!((1..tables.a()).contains(&last_quick));
        assert_eq!(tables.reciprocals.len(), last_quick + 1);
        let primes = tables.primes.iter().enumerate().skip(1);
        for ((i, &p), random) in primes.zip(crate::testing::words(0x5eed_7ab1e)) {
            let p = u64::from(p);
            let top = (1u64 << 51).saturating_mul(p).min(1 << 63) - 1;
            let random = random % top;
            let multiple = top / p * p;
            for n in [0, 1, p - 1, p, p + 1, random, multiple - 1, multiple, top] {
                assert_eq!(tables.quotient(n, i), n / p, "{n} / {p}");
            }
        }
        // Every range of indices ending or starting around the end of the
        // table of reciprocals or around a power of two (where the primes'
        // shift changes), empty and reversed ones too, visited in order.
        let n = x / 11;
        let powers = (4..)
            .map(|k| tables.pi(1 << k))
            .take_while(|&i| i < last_quick);
        for edge in powers.chain([last_quick]) {
            for (start, end) in
                (edge - 2..edge + 4).flat_map(|s| (s - 1..edge + 4).map(move |e| (s, e)))
            {
                let mut visited = Vec::new();
                tables.quotients(n, start..end, |p, t| visited.push((p, t)));
                let plain: Vec<(u64, u64)> = (start..end)
                    .map(|i| u64::from(tables.primes[i]))
                    .map(|p| (p, n / p))
                    .collect();
                assert_eq!(visited, plain, "{start}..{end}");
            }
        }
    }

    /// `π(v)` for every `v <= y` against a running count by trial
    /// division, `y` on both sides of 7 (the first number in the words),
    /// of a word's end (240) and of a few words.
    #[test]
    fn pi_table_matches_trial_division() {
        for y in [0u64, 1, 2, 5, 6, 7, 8, 239, 240, 241, 479, 480, 481, 5000] {
            let tables = Tables::new(y * y + 1, y, y, Count);
            let mut count = 0;
            for v in 0..=y {
                count +=
                    usize::from(v >= 2 && (2..v).take_while(|d| d * d <= v).all(|d| v % d != 0));
                assert_eq!(tables.pi(v), count, "π({v}), y = {y}");
            }
        }
    }

    /// The factor table against trial division, for every `m` prime to
    /// 210 up to `z`, at `y` on both sides of 11, of the first squares in
    /// the table (11², 13²) and `z` from `y` to past a prime above `y` and
    /// its multiples.
    #[test]
    fn factor_table_matches_trial_division() {
        let ys = [1u64, 4, 7, 10, 11, 12, 120, 121, 122, 168, 169, 170, 20_000];
        let pairs = ys
            .iter()
            .flat_map(|&y| [(y, y), (y, y + 1), (y, 3 * y + 7)]);
        for (y, z) in pairs.chain([(20, 200), (100, 1000), (1000, 4000)]) {
            let tables = Tables::new(z * z, y, z, Count);
            assert_eq!((tables.y(), tables.z()), (y, z));
            assert_eq!(tables.factors.len(), coprime_rank(z + 1), "z = {z}");
            for (k, &code) in tables.factors.iter().enumerate() {
                let m = coprime_number(k);
                let mut rest = m;
                let (mut least, mut sign, mut admissible) = (None, -1i16, true);
                let mut d = 2;
                while rest > 1 {
                    if rest.is_multiple_of(d) {
                        least = least.or(Some(d));
                        rest /= d;
                        sign = -sign;
                        admissible &= !rest.is_multiple_of(d) && d <= y;
                    } else {
                        d += 1;
                    }
                }
                let want = match (least, admissible) {
                    (None, _) => UNFACTORED,
                    (Some(_), false) => 0,
                    (Some(q), true) => {
                        let index = tables.primes.iter().position(|&p| u64::from(p) == q);
                        -sign * index.expect("q <= y is listed") as i16
                    }
                };
                assert_eq!(code, want, "m = {m}, y = {y}, z = {z}");
            }
        }
    }
}
