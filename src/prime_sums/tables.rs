//! The tables of the numbers up to `y`: the primes, their weights' running
//! sums, a `π` table of a bit per odd number, and the factor table of the
//! leaves' `m`.

use super::div;
use super::weight::Weight;
use crate::arith::Value;
use crate::sieve::PrimesIn;

/// The primes up to `y` and what the leaves need to know of `n <= y`.
pub(super) struct Tables<W: Weight> {
    /// `primes[b] = p_b` for `1 <= b <= π(y)`; `primes[0] = 1`.
    pub(super) primes: Vec<u32>,
    /// `prefix[b] = Σ_{i <= b} f(p_i)`.
    pub(super) prefix: Vec<W::V>,
    /// `inverse[b] = 1 / p_b`, rounded.
    pub(super) inverse: Vec<f64>,
    /// `π` over the odd numbers, a word of 64 and its count at a time:
    /// bit `i` of `pi_words[i / 64][0]` is set when `2i + 1` is prime (bit
    /// 0 stands for 2), and `pi_words[w][1]` is `π(128 w)`, so that a
    /// lookup reads one cache line.
    pi_words: Vec<[u64; 2]>,
    /// `μ(n) · lpf_index(n)` for squarefree `n` (index capped at
    /// [`UNFACTORED`] `- 1`; `UNFACTORED` for `n = 1`), 0 for the others.
    pub(super) code: Vec<i16>,
}

/// The code of 1, whose least prime factor is none.
pub(super) const UNFACTORED: i16 = i16::MAX;

impl<W: Weight> Tables<W> {
    pub(super) fn new(y: u64) -> Tables<W> {
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
        let mut prefix = Vec::with_capacity(primes.len());
        prefix.push(W::V::default());
        for &p in &primes[1..] {
            let last = *prefix.last().expect("starts with 0");
            prefix.push(last.plus(W::of(p.into())));
        }
        let inverse = primes.iter().map(|&p| 1.0 / f64::from(p)).collect();
        let mut code = vec![UNFACTORED; n + 1];
        for (b, &p) in primes.iter().enumerate().skip(1) {
            let p = p as usize;
            let index = b.min(UNFACTORED as usize - 1) as i16;
            for c in code[p..].iter_mut().step_by(p) {
                *c = if c.abs() == UNFACTORED { -index } else { -*c };
            }
            if p * p <= n {
                code[p * p..].iter_mut().step_by(p * p).for_each(|c| *c = 0);
            }
        }
        Tables {
            primes,
            prefix,
            inverse,
            pi_words,
            code,
        }
    }

    /// `S(v)` for `v <= y`.
    #[inline(always)]
    pub(super) fn sum(&self, v: u64) -> W::V {
        W::over_primes(self.pi(v), &self.prefix)
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

    /// The `y` of the tables.
    pub(super) fn y(&self) -> u64 {
        self.code.len() as u64 - 1
    }

    /// `π(y)`, the index of the last prime.
    pub(super) fn a(&self) -> usize {
        self.primes.len() - 1
    }
}

/// The last `q` of a hard leaf `p q` with `p > √y`: above, `t = x / (p
/// q) < p²` and `φ(t, b - 1) = 1 + S(t) - S(p_{b-1})`.
pub(super) fn hard_up_to(x: u64, p: u64, y: u64) -> u64 {
    div(x, p, p * p).min(y)
}
