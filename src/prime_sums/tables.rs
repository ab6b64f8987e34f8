//! The tables of the numbers up to `y`: the primes, their weights' running
//! sums and a `π` table of a bit per odd number; and the factor table of
//! the leaves' `m`, up to `z >= y`.

use super::div;
use super::weight::Weight;
use crate::arith::Value;
use crate::sieve::PrimesIn;

/// The primes up to `y` and what the leaves need to know of `m <= z`.
pub(super) struct Tables<W: Weight> {
    /// `primes[b] = p_b` for `1 <= b <= π(y)`; `primes[0] = 1`.
    pub(super) primes: Vec<u32>,
    /// `prefix[k] = Σ_{i <= b} f(p_i)` for `b = k S`, `S` the weight's
    /// [`Weight::PREFIX_STRIDE`], when it reads them
    /// ([`Weight::READS_PREFIX`]; a count is `b` itself).
    prefix: Vec<W::V>,
    /// `inverse[b] = 1 / p_b`, rounded.
    pub(super) inverse: Vec<f64>,
    /// `π` over the odd numbers, a word of 64 and its count at a time:
    /// bit `i` of `pi_words[i / 64][0]` is set when `2i + 1` is prime (bit
    /// 0 stands for 2), and `pi_words[w][1]` is `π(128 w)`, so that a
    /// lookup reads one cache line.
    pi_words: Vec<[u64; 2]>,
    /// The factor table: for the numbers `m <= z` prime to 6, in order
    /// ([`coprime_number`]), `μ(m) · lpf_index(m)` when `m` is squarefree
    /// and free of primes above `y` (the index capped at [`UNFACTORED`]
    /// `- 1`; `UNFACTORED` for `m = 1`), 0 otherwise. A leaf's `m` has no factor 2 or 3, so the table
    /// skips those numbers: a third of the memory, and of the codes a
    /// leaf's search reads.
    pub(super) factors: Vec<i16>,
    y: u64,
    z: u64,
    pub(super) weight: W,
}

/// The code of 1, whose least prime factor is none.
pub(super) const UNFACTORED: i16 = i16::MAX;

impl<W: Weight> Tables<W> {
    /// The tables for `y <= z`.
    pub(super) fn new(y: u64, z: u64, weight: W) -> Tables<W> {
        debug_assert!(y <= z);
        let n = y as usize;
        // A bit per odd number 1, 3, ..., <= y, and a word to spare.
        let words = n.div_ceil(2) / 64 + 2;
        let mut odd = vec![0u64; words];
        let mut primes = vec![1u32];
        let stream = PrimesIn::new(0..y + 1).expect("the sieving primes below 2^16 fit in memory");
        for p in stream {
            // 2 takes the bit of 1, which is not prime.
            let i = if p == 2 { 0 } else { p as usize / 2 };
            odd[i / 64] |= 1 << (i % 64);
            primes.push(p as u32);
        }
        let mut count = 0;
        let pi_words = odd
            .iter()
            .map(|&word| {
                let before = count;
                count += u64::from(word.count_ones());
                [word, before]
            })
            .collect();
        let mut prefix = Vec::new();
        if W::READS_PREFIX {
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
        let inverse = primes.iter().map(|&p| 1.0 / f64::from(p)).collect();
        let mut factors = vec![UNFACTORED; coprime_rank(z + 1)];
        // The primes from 5 on, p_3, p_4, ...: each flips the sign of its
        // multiples and, at the first, sets their least factor's index.
        for (b, &p) in primes.iter().enumerate().skip(3) {
            let p = u64::from(p);
            let index = b.min(UNFACTORED as usize - 1) as i16;
            for m in coprime_multiples(p, z) {
                let c = &mut factors[coprime_index(m)];
                *c = if c.abs() == UNFACTORED { -index } else { -*c };
            }
            for m in coprime_multiples(p * p, z) {
                factors[coprime_index(m)] = 0;
            }
        }
        // The primes above `y` divide no leaf's `m`.
        let large = PrimesIn::new(y.max(4) + 1..z + 1)
            .expect("the sieving primes below 2^16 fit in memory");
        for p in large {
            for m in coprime_multiples(p, z) {
                factors[coprime_index(m)] = 0;
            }
        }
        Tables {
            primes,
            prefix,
            inverse,
            pi_words,
            factors,
            y,
            z,
            weight,
        }
    }

    /// `S(p_k) = Σ f(p)` over the first `k` primes, `k <= π(y)`.
    #[inline(always)]
    pub(super) fn prefix(&self, k: usize) -> W::V {
        self.weight.over_primes(k, &self.prefix, &self.primes)
    }

    /// `S(v)` for `v <= y`.
    #[inline(always)]
    pub(super) fn sum(&self, v: u64) -> W::V {
        self.prefix(self.pi(v))
    }

    /// `π(v)` for `v <= y`.
    #[inline(always)]
    pub(super) fn pi(&self, v: u64) -> usize {
        if v < 2 {
            return 0;
        }
        let i = ((v - 1) / 2) as usize;
        let (w, bit) = (i / 64, i % 64);
        let mask = u64::MAX >> (63 - bit);
        let [word, before] = self.pi_words[w];
        (before + u64::from((word & mask).count_ones())) as usize
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

/// How many numbers prime to 6 lie below `v`: the index of the first
/// at or above it.
pub(super) fn coprime_rank(v: u64) -> usize {
    (2 * (v / 6) + u64::from(v % 6 >= 2)) as usize
}

/// The index of `m`, prime to 6, among the numbers prime to 6.
#[inline(always)]
fn coprime_index(m: u64) -> usize {
    (m / 3) as usize
}

/// The number prime to 6 of index `k`: 1, 5, 7, 11, 13, ...
#[inline(always)]
pub(super) fn coprime_number(k: usize) -> u64 {
    let k = k as u64;
    3 * k + 1 + (k & 1)
}

/// The multiples `d j <= z` with `j` prime to 6, in increasing order, for
/// `d` prime to 6: steps of `4 d` and `2 d` in turn from `d`.
fn coprime_multiples(d: u64, z: u64) -> impl Iterator<Item = u64> {
    std::iter::successors(Some((d, 4 * d, 2 * d)), |&(m, step, other)| {
        Some((m + step, other, step))
    })
    .map(|(m, _, _)| m)
    .take_while(move |&m| m <= z)
}

/// The last `q` of a hard leaf `p q` with `p > √y`: above, `t = x / (p
/// q) < p²` and `φ(t, b - 1) = 1 + S(t) - S(p_{b-1})`.
pub(super) fn hard_up_to(x: u64, p: u64, y: u64) -> u64 {
    div(x, p, p * p).min(y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::weight::Count;

    /// The numbers prime to 6 ranked, indexed and listed, against a plain
    /// filter.
    #[test]
    fn numbers_prime_to_6_are_indexed_in_order() {
        let coprime: Vec<u64> = (1..3000).filter(|m| m % 2 != 0 && m % 3 != 0).collect();
        for (k, &m) in coprime.iter().enumerate() {
            assert_eq!(coprime_number(k), m);
            assert_eq!(coprime_index(m), k);
        }
        for v in 0..3000u64 {
            let below = coprime.iter().filter(|&&m| m < v).count();
            assert_eq!(coprime_rank(v), below, "v = {v}");
        }
    }

    /// The factor table against trial division, for every `m` prime to 6
    /// up to `z`, at `y` on both sides of a prime square and `z` from `y`
    /// to past a prime above `y` and its multiples.
    #[test]
    fn factor_table_matches_trial_division() {
        let ys = [1u64, 4, 5, 6, 7, 24, 25, 26, 48, 49, 50, 20_000];
        let pairs = ys
            .iter()
            .flat_map(|&y| [(y, y), (y, y + 1), (y, 3 * y + 7)]);
        for (y, z) in pairs.chain([(20, 200), (100, 1000), (1000, 4000)]) {
            let tables = Tables::new(y, z, Count);
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
