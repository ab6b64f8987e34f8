//! The combinatorial engine behind [`prime_pi`](super::prime_pi),
//! [`prime_sum`](super::prime_sum) and [`PrimeSums`](super::PrimeSums):
//! Lagarias, Miller and Odlyzko's method with Deléglise and Rivat's easy
//! leaves, for any completely multiplicative [`Weight`].
//!
//! With `f` the weight, `S(v) = Σ_{p <= v} f(p)` and `φ(v, b)` the sum of
//! `f(n)` over `1 <= n <= v` free of the first `b` primes, and `y >= ∛x`,
//! `a = π(y)`:
//!
//! `S(x) = φ(x, a) - 1 + S(y) - P2`, `P2 = Σ_{y < p <= √x} f(p) (S(x/p) - S(p - 1))`.
//!
//! `φ(x, a)` unfolds by `φ(v, b) = φ(v, b - 1) - f(p_b) φ(v / p_b, b - 1)`
//! into ordinary leaves `μ(n) f(n) φ(x/n, 1)` (odd squarefree `n <= y`,
//! closed form) and special leaves `-μ(m) f(m p_b) φ(x / (m p_b), b - 1)`
//! (`m <= y < m p_b`, least prime factor of `m` above `p_b`). A special
//! leaf whose argument is below `p_b²` and `y` is easy: `φ = 1 + S(t) -
//! S(p_{b-1})` from a table of primes up to `y`, with runs of equal `π(t)`
//! taken at once. The others are hard: the odd numbers below `x / y` are
//! sieved a segment at a time by `p_2, p_3, ...`, and just before `p_b`
//! crosses off its multiples, the segment answers the leaves of `b` in it
//! from a counter per block of bits. After the last sieving prime the same
//! segment holds the primes, from which `P2` reads `S(x/p)`.
//!
//! Everything is a ring operation, so the sums run in wrapping arithmetic
//! and are exact when the true result fits.

use std::marker::PhantomData;
use std::ops::Range;

use num_integer::Roots;

use super::segmented::PrimesIn;
use super::weight::{Bits, Counter, Weight};
use crate::arith::Value;

/// 64-bit words per segment: `2^14` words hold the odd numbers of `2^21`
/// integers in 128 KiB, a quarter of the L2 cache of current x86 cores.
const SEGMENT_WORDS: usize = 1 << 14;

/// Words per counter block: a query reads at most this many words.
const BLOCK_WORDS: usize = 4;
const BLOCK_BITS: u64 = 64 * BLOCK_WORDS as u64;

/// The counted sieving primes below this cross off a segment without
/// counting, and the segment is counted again after each: a prime with
/// many multiples a segment takes them out of the counters slower.
fn recount_below<W: Weight>() -> u32 {
    match W::POWER {
        0 => 128,
        1 => 32,
        _ => 16,
    }
}

/// Blocks per super-block: a run of queries walks the super-blocks' sums,
/// then at most this many blocks' sums per query.
const SUPER_BLOCKS: usize = 16;

/// With several threads, segments per thread when `x / y` is small enough
/// to cut that finely, but no shorter than this many words.
const SEGMENTS_PER_THREAD: usize = 8;
const MIN_SEGMENT_WORDS: usize = 1 << 10;

/// The primes `p_2 ..= p_PRESIEVED` (3, 5, 7) are removed from each segment
/// by copying a pattern; their leaves take `φ` from [`tiny_phi`].
const PRESIEVED: usize = 4;

/// The odd numbers free of 3, 5 and 7, a word per 64 from 1 on: bit `i` of
/// word `w` stands for `2 (64 w + i) + 1`, over the period of 105 words.
const PATTERN: [u64; 105] = {
    let mut pattern = [0u64; 105];
    let mut w = 0;
    while w < 105 {
        let mut bit = 0;
        while bit < 64 {
            let n = 2 * (64 * w + bit) + 1;
            if n % 3 != 0 && n % 5 != 0 && n % 7 != 0 {
                pattern[w as usize] |= 1 << bit;
            }
            bit += 1;
        }
        w += 1;
    }
    pattern
};

/// The residues modulo 30 prime to 30, each with the distance to the next:
/// the multiples `k p` with such `k` are the ones the sieve crosses off,
/// the others being even or multiples of 3 or 5.
const WHEEL: [(u64, u64); 8] = [
    (1, 6),
    (7, 4),
    (11, 2),
    (13, 4),
    (17, 2),
    (19, 4),
    (23, 6),
    (29, 2),
];

/// The residues `k` whose multiples `k p` the sieve crosses off, with the
/// distance to the next, and their modulus: [`WHEEL`] when 3 and 5 come
/// first (always once they are presieved), the odd `k` for them.
#[inline(always)]
fn wheel(p: u64) -> (&'static [(u64, u64)], u64) {
    match p {
        3 | 5 => (&[(1, 2)], 2),
        _ => (&WHEEL, 30),
    }
}

/// The smallest `x` the engine takes: below, `∛x + 1 < √x - 1` fails.
pub(crate) const MIN_X: u64 = 27;

/// `y = α ∛x`, the split between leaves and sieve.
pub(crate) fn split(x: u64) -> u64 {
    let cube_root = x.cbrt();
    let alpha = (x as f64).ln().powi(2) / 90.0;
    let y = (alpha.max(1.0) * cube_root as f64) as u64;
    y.clamp(cube_root + 1, x.sqrt() - 1)
}

/// `⌊x / (a b)⌋ = ⌊⌊x / a⌋ / b⌋`, without overflow.
#[inline]
fn div(x: u64, a: u64, b: u64) -> u64 {
    x / a / b
}

/// `⌊n / d⌋` for `n < 2^63` and `d < 2^32`, from a floating-point
/// estimate off by at most one (a 64-bit division takes several times
/// longer).
#[inline(always)]
fn quotient(n: u64, d: u64) -> u64 {
    exact((n as i64 as f64 / d as i64 as f64) as i64 as u64, n, d)
}

/// [`quotient`] with `1 / d` at hand: a multiplication instead of a division.
#[inline(always)]
fn quotient_by(n: u64, d: u64, inverse: f64) -> u64 {
    exact((n as i64 as f64 * inverse) as i64 as u64, n, d)
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

/// `S(x) = Σ_{p <= x} f(p)` for `x >= MIN_X`, split at `y` ([`split`] in use).
pub(crate) fn prime_sum<W: Weight>(x: u64, y: u64) -> W::V {
    let z = x / (y + 1) + 1;
    fast(Engine::<W> {
        x,
        y,
        words: segment_words(z),
        weight: PhantomData,
    })
}

/// A piece of the engine's work, compiled for the processor's own
/// population count where it has one ([`fast`]): the engine counts bits
/// everywhere. The pieces handed to rayon's threads are tasks of their own,
/// since a closure is compiled apart from its caller.
trait Task {
    type Output;
    fn run(self) -> Self::Output;
}

/// `task.run()`, compiled for `popcnt` if the processor has it.
#[inline(always)]
fn fast<T: Task>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // One of the crate's two `unsafe` calls (the other counts sieve
        // bits): a function compiled for an instruction the processor was
        // just checked to have.
        #[allow(unsafe_code)]
        // SAFETY: the processor supports `popcnt`, checked just above.
        return unsafe { popcnt(task) };
    }
    task.run()
}

/// `task.run()`, inlined and compiled for `popcnt`.
///
/// # Safety
///
/// The processor must support `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
#[allow(unsafe_code)]
unsafe fn popcnt<T: Task>(task: T) -> T::Output {
    task.run()
}

/// The whole engine for `x`, split at `y`, sieving `words` words a segment.
struct Engine<W> {
    x: u64,
    y: u64,
    words: usize,
    weight: PhantomData<W>,
}

impl<W: Weight> Task for Engine<W> {
    type Output = W::V;
    #[inline(always)]
    fn run(self) -> W::V {
        engine::<W>(self.x, self.y, self.words)
    }
}

/// Words per segment for the odd numbers below `z`: with several threads,
/// enough segments for every thread to take several, since the leaves
/// crowd the first ones.
fn segment_words(z: u64) -> usize {
    let all = z.div_ceil(128) as usize;
    let words = match threads() {
        1 => SEGMENT_WORDS,
        n => (all / (SEGMENTS_PER_THREAD * n))
            .next_multiple_of(BLOCK_WORDS * SUPER_BLOCKS)
            .clamp(MIN_SEGMENT_WORDS, SEGMENT_WORDS),
    };
    words.min(all)
}

/// The easy leaves of `b`.
struct Easy<'a, W: Weight> {
    x: u64,
    y: u64,
    b: usize,
    small: &'a Small<W>,
}

impl<W: Weight> Task for Easy<'_, W> {
    type Output = W::V;
    #[inline(always)]
    fn run(self) -> W::V {
        let (x, y, b) = (self.x, self.y, self.b);
        let p = u64::from(self.small.primes[b]);
        easy_leaves::<W>(x, b, hard_up_to(x, p, y).max(p), self.small)
    }
}

/// The segments numbered `segments`, sieved in `segment`.
struct Segments<'h, 'a, W: Weight> {
    hard: &'h Hard<'a, W>,
    segments: Range<u64>,
    segment: &'h mut Segment<W::Counter>,
}

impl<W: Weight> Task for Segments<'_, '_, W> {
    type Output = Run<W::V>;
    #[inline(always)]
    fn run(self) -> Run<W::V> {
        self.hard.sieve(self.segments, self.segment)
    }
}

/// The engine, inlined into its callers so that they choose the instructions.
#[inline(always)]
fn engine<W: Weight>(x: u64, y: u64, words: usize) -> W::V {
    debug_assert!(x >= MIN_X && y > x.cbrt() && (y + 1) * (y + 1) <= x);
    let small = Small::<W>::new(y);
    let a = small.primes.len() - 1;
    let one = W::of(1);

    let hard = Hard::<W>::new(x, y, &small, words);
    let general = hard.general;
    let mut sum = ordinary::<W>(x, y, &small).plus(hard.tiny_leaves());
    let easy = sum_over(general + 1..a, |b| {
        let small = &small;
        fast(Easy { x, y, b, small })
    });
    sum = sum.plus(easy).plus(Middle::new(&hard, words).sum());
    let run = hard.run();
    sum = sum.plus(run.leaves);
    // Σ_{y < p <= √x} f(p) S(p - 1) = S(√x) D - W, from the stream's sums.
    let root_sum = run.root.expect("y < √x < z");
    let p2 = run
        .p2
        .minus(root_sum.mul(run.p2_primes).minus(run.p2_weighted));
    sum.minus(one).plus(small.prefix[a]).minus(p2)
}

/// The primes up to `y` and what the leaves need to know of `n <= y`.
struct Small<W: Weight> {
    /// `primes[b] = p_b` for `1 <= b <= π(y)`; `primes[0] = 1`.
    primes: Vec<u32>,
    /// `prefix[b] = Σ_{i <= b} f(p_i)`.
    prefix: Vec<W::V>,
    /// `inverse[b] = 1 / p_b`, rounded.
    inverse: Vec<f64>,
    /// Bit `i` of `odd[i / 64]`: `2i + 1` is prime (bit 0 stands for 2).
    odd: Vec<u64>,
    /// `π(128 w)` before word `w`.
    before: Vec<u32>,
    /// `μ(n) · lpf_index(n)` for squarefree `n` (index capped at
    /// [`UNFACTORED`] `- 1`; `UNFACTORED` for `n = 1`), 0 for the others.
    code: Vec<i16>,
}

const UNFACTORED: i16 = i16::MAX;

impl<W: Weight> Small<W> {
    fn new(y: u64) -> Small<W> {
        let n = y as usize;
        let bits = n.div_ceil(2); // odd numbers 1, 3, ..., <= y
        let words = bits / 64 + 1;
        let mut odd = vec![u64::MAX; words];
        odd[bits / 64] &= (1u64 << (bits % 64)) - 1;
        odd[bits / 64 + 1..].fill(0);
        let mut p = 3;
        while p * p <= n {
            if odd[p / 128] >> (p / 2 % 64) & 1 == 1 {
                for m in (p * p..=n).step_by(2 * p) {
                    odd[m / 128] &= !(1 << (m / 2 % 64));
                }
            }
            p += 2;
        }
        let mut before = Vec::with_capacity(words);
        let mut count = 0u32;
        let mut primes = vec![1u32, 2];
        for (w, &word) in odd.iter().enumerate() {
            before.push(count);
            count += word.count_ones();
            let mut bits = word;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if w > 0 || i > 0 {
                    primes.push((128 * w + 2 * i + 1) as u32);
                }
            }
        }
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
        Small {
            primes,
            prefix,
            inverse,
            odd,
            before,
            code,
        }
    }

    /// `S(v)` for `v <= y`.
    #[inline(always)]
    fn sum(&self, v: u64) -> W::V {
        W::first_primes(self.pi(v), &self.prefix)
    }

    /// `π(v)` for `v <= y`.
    #[inline(always)]
    fn pi(&self, v: u64) -> usize {
        if v < 2 {
            return 0;
        }
        let i = ((v - 1) / 2) as usize;
        let (w, bit) = (i / 64, i % 64);
        let mask = u64::MAX >> (63 - bit);
        self.before[w] as usize + (self.odd[w] & mask).count_ones() as usize
    }
}

/// The ordinary leaves: `Σ μ(n) f(n) φ(x/n, 1)` over odd squarefree `n <= y`,
/// with `φ(t, 1) = F(t) - f(2) F(t/2)`.
#[inline(always)]
fn ordinary<W: Weight>(x: u64, y: u64, small: &Small<W>) -> W::V {
    let mut plus = W::V::default();
    let mut minus = W::V::default();
    for n in (1..=y).step_by(2) {
        let code = small.code[n as usize];
        if code == 0 {
            continue;
        }
        let t = x / n;
        let phi = W::scale(W::prefix(t).minus(W::scale(W::prefix(t / 2), 2)), n);
        if code > 0 {
            plus = plus.plus(phi);
        } else {
            minus = minus.plus(phi);
        }
    }
    plus.minus(minus)
}

/// The special leaves of `b` with `m = q` prime above `hard_up_to`, none
/// of them sieved: `φ(t, b - 1) = 1` when `t < p_b`, else `1 + S(t) -
/// S(p_{b-1})`, since `t < p_b²` and `t <= y`.
#[inline(always)]
fn easy_leaves<W: Weight>(x: u64, b: usize, hard_up_to: u64, small: &Small<W>) -> W::V {
    let a = small.primes.len() - 1;
    let p = u64::from(small.primes[b]);
    let first = small.pi(hard_up_to) + 1;
    // q > x / p² leaves t < p: φ = 1.
    let last_easy = small.pi(div(x, p, p).min(small_y(small))).max(first - 1);
    let y = small_y(small);
    // Σ f(q) φ = Σ f(q) (1 - S(p_{b-1})) + Σ f(q) S(t).
    let constant = W::of(1).minus(small.prefix[b - 1]);
    let mut sum = constant
        .mul(small.prefix[last_easy].minus(small.prefix[first - 1]))
        .plus(small.prefix[a].minus(small.prefix[last_easy]));
    // Up to `s = √(x/p)`, each leaf reads its own `S(t)`.
    let root = (x / p).sqrt();
    let sparse_up_to = small.pi(root.min(y)).min(last_easy);
    let xp = x / p;
    // The leaves with `t > y` take `S(t)` from the windows ([`Middle`]).
    let mut i = first.max(small.pi(div(x, p, y + 1).min(y)) + 1);
    while i <= sparse_up_to {
        let q = u64::from(small.primes[i]);
        let t = quotient_by(xp, q, small.inverse[i]);
        debug_assert!(t >= p && t <= y && u128::from(t) < u128::from(p) * u128::from(p));
        sum = sum.plus(W::scale(small.sum(t), q));
        i += 1;
    }
    if i <= last_easy {
        // The q in (low, high], all above s: Σ f(q) S(x/(pq)) counts the
        // pairs of primes q, r with p q r <= x, so it is also
        // Σ_r f(r) (S(min(high, x/(pr))) - S(low)) over r <= x/(p (low + 1)) < s.
        let low = u64::from(small.primes[i - 1]).max(root);
        let high = u64::from(small.primes[last_easy]);
        let last_r = small.pi(div(x, p, low + 1));
        // r <= x / (p high): S(high).
        let constant_up_to = small.pi(div(x, p, high).min(y)).min(last_r);
        sum = sum
            .plus(small.prefix[last_easy].mul(small.prefix[constant_up_to]))
            .minus(small.prefix[small.pi(low)].mul(small.prefix[last_r]));
        for j in constant_up_to + 1..=last_r {
            let r = u64::from(small.primes[j]);
            let t = quotient_by(xp, r, small.inverse[j]);
            debug_assert!(t < high);
            sum = sum.plus(W::scale(small.sum(t), r));
        }
    }
    W::scale(sum, p)
}

/// The easy leaves with `y < t <= √x`: the odd numbers up to `√x` are
/// sieved a window at a time into a table of `S`, from which each leaf
/// reads `S(t)`; the windows combine in order ([`Stretch::then`]).
struct Middle<'h, 'a, W: Weight> {
    hard: &'h Hard<'a, W>,
    /// The first number of window 0, a multiple of 128 (`S(t)` is counted
    /// from it), and the end of the last.
    start: u64,
    end: u64,
    /// 64-bit words per window.
    words: usize,
    /// `p_{general+1} ..= p_last` have such leaves.
    last: usize,
}

/// One window's table: the odd primes in it, a bit per odd number, and
/// `Σ f(p)` over the words before each word.
struct Table<V> {
    words: Vec<u64>,
    before: Vec<V>,
}

/// What a run of consecutive windows adds, with `S` counted from the
/// run's first number.
struct Stretch<V> {
    /// `Σ ±f(p q) S(t)` over the leaves with `t` in the run.
    leaves: V,
    /// `Σ ±f(p q)` over them: the factor of the `S` before the run.
    weight: V,
    /// `Σ f(p)` over the run's primes.
    primes: V,
}

impl<V: Value> Stretch<V> {
    /// The run of no windows.
    fn empty() -> Stretch<V> {
        Stretch {
            leaves: V::default(),
            weight: V::default(),
            primes: V::default(),
        }
    }

    /// This run followed by `later`.
    fn then(self, later: Stretch<V>) -> Stretch<V> {
        Stretch {
            leaves: self
                .leaves
                .plus(later.leaves)
                .plus(self.primes.mul(later.weight)),
            weight: self.weight.plus(later.weight),
            primes: self.primes.plus(later.primes),
        }
    }
}

impl<'h, 'a, W: Weight> Middle<'h, 'a, W> {
    fn new(hard: &'h Hard<'a, W>, words: usize) -> Self {
        let (x, y, small) = (hard.x, hard.y, hard.small);
        Middle {
            hard,
            start: (y + 1) / 128 * 128,
            end: x.sqrt() + 1,
            words,
            last: small.pi((x / (y + 1)).sqrt().min(y)),
        }
    }

    /// The leaves' sum, window by window on rayon's threads with the
    /// `rayon` feature.
    fn sum(&self) -> W::V {
        let small = self.hard.small;
        let count = (self.end - self.start).div_ceil(128 * self.words as u64) as usize;
        let table = || Table {
            words: vec![0; self.words + 1],
            before: vec![W::V::default(); self.words + 1],
        };
        let window = |table: &mut Table<W::V>, i: usize| {
            fast(Window {
                middle: self,
                i,
                table,
            })
        };
        #[cfg(feature = "rayon")]
        let stretch = {
            use rayon::prelude::*;
            (0..count)
                .into_par_iter()
                .with_max_len(1)
                .map_init(table, window)
                .reduce(Stretch::empty, Stretch::then)
        };
        #[cfg(not(feature = "rayon"))]
        let stretch = {
            let mut table = table();
            (0..count).fold(Stretch::empty(), |run, i| run.then(window(&mut table, i)))
        };
        // S(start - 1); 2 is not in the tables' odd numbers.
        let before = small.prefix[small.pi(self.start.clamp(2, self.hard.y))];
        stretch.leaves.plus(before.mul(stretch.weight))
    }

    /// Window `i`, sieved in `table`.
    #[inline(always)]
    fn window(&self, i: usize, table: &mut Table<W::V>) -> Stretch<W::V> {
        let (x, y, small) = (self.hard.x, self.hard.y, self.hard.small);
        let low = self.start + (i * 128 * self.words) as u64;
        let high = (low + 128 * self.words as u64).min(self.end);
        let primes = self.fill(table, low, high);
        let (mut leaves, mut weight) = (W::V::default(), W::V::default());
        for b in self.hard.general + 1..=self.last {
            let p = u64::from(small.primes[b]);
            // q above the hard leaves and `p`, with y < t = x / (p q) in low..high.
            let above = hard_up_to(x, p, y).max(p).max(div(x, p, high));
            let up_to = div(x, p, low.max(y + 1)).min(y);
            if up_to <= above {
                continue;
            }
            let (first, last) = (small.pi(above) + 1, small.pi(up_to));
            let xp = x / p;
            let mut sum = W::V::default();
            for i in first..=last {
                let q = u64::from(small.primes[i]);
                let t = quotient_by(xp, q, small.inverse[i]);
                sum = sum.plus(W::scale(table.sum::<W>(low, t), q));
            }
            leaves = leaves.plus(W::scale(sum, p));
            let factors = small.prefix[last].minus(small.prefix[first - 1]);
            weight = weight.plus(W::scale(factors, p));
        }
        Stretch {
            leaves,
            weight,
            primes,
        }
    }

    /// Sieves the odd numbers of `low..high` into `table`; returns their
    /// primes' `Σ f(p)`.
    #[inline(always)]
    fn fill(&self, table: &mut Table<W::V>, low: u64, high: u64) -> W::V {
        let hard = self.hard;
        let words = &mut table.words;
        hard.fill_pattern(words, low, high);
        for b in hard.presieved + 1..=hard.small.pi((high - 1).sqrt()) {
            let p = u64::from(hard.small.primes[b]);
            let multiple = (low.div_ceil(p) * p).max(p * p);
            let mut i = (multiple + (multiple + 1) % 2 * p - low) / 2;
            while i < (high - low) / 2 {
                words[(i / 64) as usize] &= !(1 << (i % 64));
                i += p;
            }
        }
        if low == 0 {
            // 1 is not prime, and the presieved primes are.
            words[0] &= !1;
            for &p in &hard.small.primes[2..=hard.presieved] {
                words[0] |= 1 << (p / 2);
            }
        }
        let mut sum = W::V::default();
        for (w, (&word, before)) in words.iter().zip(&mut table.before).enumerate() {
            *before = sum;
            sum = sum.plus(W::bits(low + 128 * w as u64 + 1, Bits::of(word, W::POWER)));
        }
        sum
    }
}

impl<V: Value> Table<V> {
    /// `Σ f(p)` over the primes `low <= p <= t` of the window from `low`.
    #[inline(always)]
    fn sum<W: Weight<V = V>>(&self, low: u64, t: u64) -> V {
        let n = (t - low).div_ceil(2);
        let w = (n / 64) as usize;
        let word = self.words[w] & ((1 << (n % 64)) - 1);
        self.before[w].plus(W::bits(low + 128 * w as u64 + 1, Bits::of(word, W::POWER)))
    }
}

/// The window `i` of `middle`, sieved in `table`.
struct Window<'m, 'h, 'a, W: Weight> {
    middle: &'m Middle<'h, 'a, W>,
    i: usize,
    table: &'m mut Table<W::V>,
}

impl<W: Weight> Task for Window<'_, '_, '_, W> {
    type Output = Stretch<W::V>;
    #[inline(always)]
    fn run(self) -> Stretch<W::V> {
        self.middle.window(self.i, self.table)
    }
}

/// The last `q` of a hard leaf `p q` with `p > √y`: above, `t = x / (p
/// q) < p²` and `φ(t, b - 1) = 1 + S(t) - S(p_{b-1})`.
fn hard_up_to(x: u64, p: u64, y: u64) -> u64 {
    div(x, p, p * p).min(y)
}

/// The `y` of the tables.
fn small_y<W: Weight>(small: &Small<W>) -> u64 {
    small.code.len() as u64 - 1
}

/// The sieve over the odd numbers below `z`, segment by segment, answering
/// the hard special leaves and `P2`: what every segment shares.
struct Hard<'a, W: Weight> {
    x: u64,
    y: u64,
    z: u64,
    /// `p_2 ..= p_sieving` cross off.
    sieving: usize,
    /// `b <= general` take every `m`, the others only primes.
    general: usize,
    /// `p_counted` is the last prime with hard leaves, `p_b <= x^(1/4)` or
    /// `b <= general`: the sieve counts what the primes up to it leave.
    counted: usize,
    small: &'a Small<W>,
    /// `p_2 ..= p_presieved` are presieved.
    presieved: usize,
    /// The odd numbers free of the presieved primes, a word per 64 from
    /// 1 on, over one period.
    pattern: &'static [u64],
    /// 64-bit words per segment.
    words: usize,
}

/// One thread's segment: the odd numbers still unsieved, with the sums of
/// their weights per block, per super-block and in all.
struct Segment<C> {
    words: Vec<u64>,
    /// A counter per block, of the bits by their position in the segment.
    counters: Vec<C>,
    /// The sums of [`SUPER_BLOCKS`] counters.
    supers: Vec<C>,
    total: C,
    /// The next multiple `k p_b` to cross off, `k` prime to 30, and the
    /// index of `k mod 30` in [`WHEEL`].
    next: Vec<(u64, usize)>,
}

/// What a run of consecutive segments adds to the sums, with `φ` and `S`
/// counted from the run's first number; runs combine in order ([`Run::then`]),
/// so that the segments can be sieved on different threads.
struct Run<V> {
    /// `phi[b]`: `Σ f(j)` over the run's `j` free of `p_1 ..= p_{b-1}`.
    phi: Vec<V>,
    /// `weights[b]`: `Σ ±f(p_b m)` over the run's hard leaves of `b`, the
    /// factor of the `φ` before the run in their sum.
    weights: Vec<V>,
    /// The hard leaves, with `φ` counted from the run's first number.
    leaves: V,
    /// `Σ f(p)` over the run's primes above `p_sieving`.
    primes: V,
    /// `Σ f(p) S(x/p)` over the `P2` primes with `x/p` in the run, with `S`
    /// counted from the run's first number (plus the sieving primes).
    p2: V,
    /// `Σ f(p)` over those `P2` primes.
    p2_primes: V,
    /// `Σ f(p) Σ f(p')` over those `P2` primes `p <= p'`.
    p2_weighted: V,
    /// `S(√x)`, counted as `p2`, if `√x` is in the run.
    root: Option<V>,
}

impl<V: Value> Run<V> {
    /// The run of no segments.
    fn empty(counted: usize) -> Run<V> {
        Run {
            phi: vec![V::default(); counted + 1],
            weights: vec![V::default(); counted + 1],
            leaves: V::default(),
            primes: V::default(),
            p2: V::default(),
            p2_primes: V::default(),
            p2_weighted: V::default(),
            root: None,
        }
    }

    /// This run followed by `later`: `later`'s `φ` and `S` start where this
    /// run's end.
    #[cfg(feature = "rayon")]
    fn then(mut self, later: Run<V>) -> Run<V> {
        let pairs = self.phi.iter_mut().zip(&mut self.weights);
        for ((phi, weight), (&next_phi, &next_weight)) in
            pairs.zip(later.phi.iter().zip(&later.weights))
        {
            self.leaves = self.leaves.plus(phi.mul(next_weight));
            *phi = phi.plus(next_phi);
            *weight = weight.plus(next_weight);
        }
        self.leaves = self.leaves.plus(later.leaves);
        self.p2 = self
            .p2
            .plus(later.p2)
            .plus(self.primes.mul(later.p2_primes));
        self.p2_weighted = self
            .p2_weighted
            .plus(later.p2_weighted)
            .plus(self.p2_primes.mul(later.p2_primes));
        self.p2_primes = self.p2_primes.plus(later.p2_primes);
        self.root = self.root.or(later.root.map(|root| root.plus(self.primes)));
        self.primes = self.primes.plus(later.primes);
        self
    }
}

impl<'a, W: Weight> Hard<'a, W> {
    fn new(x: u64, y: u64, small: &'a Small<W>, words: usize) -> Self {
        let z = x / (y + 1) + 1;
        let sieving = small.pi((z - 1).sqrt());
        let general = small.pi(y.sqrt());
        // Tiny x: too few sieving primes to presieve.
        let (presieved, pattern): (usize, &'static [u64]) = match sieving >= PRESIEVED {
            true => (PRESIEVED, &PATTERN),
            false => (1, &[u64::MAX]),
        };
        // A hard leaf `p q` with `b > general` has `p³ q <= x`, `p < x^(1/4)`.
        let counted = small
            .pi(x.sqrt().sqrt())
            .max(general)
            .max(presieved)
            .min(sieving);
        Hard {
            x,
            y,
            z,
            sieving,
            general,
            counted,
            small,
            presieved,
            pattern,
            words,
        }
    }

    /// The special leaves of the presieved primes, from [`tiny_phi`].
    fn tiny_leaves(&self) -> W::V {
        let a = self.small.primes.len() - 1;
        let mut sum = W::V::default();
        for b in 2..=self.presieved.min(a - 1) {
            let tiny = Tiny::<W> {
                primes: &self.small.primes,
                k: b - 1,
                weight: PhantomData,
            };
            let (leaves, _) =
                special_leaves::<W, false>(self.x, self.small, self.general, b, 0, self.z, tiny);
            sum = sum.plus(leaves);
        }
        sum
    }

    /// Sieves every segment, on rayon's threads with the `rayon` feature.
    fn run(&self) -> Run<W::V> {
        let count = self.z.div_ceil(128 * self.words as u64);
        #[cfg(feature = "rayon")]
        if threads() > 1 {
            use rayon::prelude::*;
            // One segment a job: the leaves crowd the first segments.
            return (0..count as usize)
                .into_par_iter()
                .with_max_len(1)
                .map_init(
                    || self.segment(),
                    |segment, i| {
                        let segments = i as u64..i as u64 + 1;
                        fast(Segments {
                            hard: self,
                            segments,
                            segment,
                        })
                    },
                )
                .reduce(|| Run::empty(self.counted), Run::then);
        }
        let segment = &mut self.segment();
        fast(Segments {
            hard: self,
            segments: 0..count,
            segment,
        })
    }

    /// A segment's buffers.
    fn segment(&self) -> Segment<W::Counter> {
        let supers = self.words.div_ceil(BLOCK_WORDS * SUPER_BLOCKS);
        Segment {
            // A query reads a whole block and super-block: one more of each.
            words: vec![0; self.words + BLOCK_WORDS],
            counters: vec![W::Counter::ZERO; (supers + 1) * SUPER_BLOCKS],
            supers: vec![W::Counter::ZERO; supers + 1],
            total: W::Counter::ZERO,
            next: vec![(0, 0); self.sieving + 1],
        }
    }

    /// Sieves the segments numbered `segments`, in order, in `segment`.
    #[inline(always)]
    fn sieve(&self, segments: Range<u64>, segment: &mut Segment<W::Counter>) -> Run<W::V> {
        let (x, y) = (self.x, self.y);
        let span = 128 * self.words as u64;
        let start = segments.start * span;
        let end = (segments.end * span).min(self.z);
        let a = self.small.primes.len() - 1;
        let root = x.sqrt();
        for b in self.presieved + 1..=self.sieving {
            let p = u64::from(self.small.primes[b]);
            let (wheel, modulus) = wheel(p);
            let mut k = start.div_ceil(p).max(1);
            while num_integer::gcd(k, modulus) > 1 {
                k += 1;
            }
            let index = wheel.iter().position(|&(r, _)| r == k % modulus);
            segment.next[b] = (k * p, index.expect("k is prime to the modulus"));
        }
        // The P2 primes `p` with `x / p` in `start..end`, largest first.
        let last = match start {
            0 => root,
            _ => (x / start).min(root),
        };
        let first = (x / end + 1).max(y + 1).min(last + 1);
        let mut p2_primes = PrimesIn::new(first..last + 1)
            .expect("the sieving primes below 2^16 fit in memory")
            .rev()
            .peekable();
        // Σ f over the primes up to p_sieving, which the sieve removed, less f(1).
        let removed = self.small.prefix[self.sieving].minus(W::of(1));
        let mut run = Run::empty(self.counted);
        let mut low = start;
        while low < end {
            let high = (low + span).min(end);
            self.fill(segment, low, high);
            for b in self.presieved + 1..=self.counted {
                if b < a {
                    let sieved = Sieved {
                        hard: self,
                        segment,
                        phi: run.phi[b],
                        cursor: Cursor::new(),
                        low,
                    };
                    // The first run has no `φ` before it to weigh.
                    let (general, small) = (self.general, self.small);
                    let (sum, weight) = match start {
                        0 => special_leaves::<W, false>(x, small, general, b, low, high, sieved),
                        _ => special_leaves::<W, true>(x, small, general, b, low, high, sieved),
                    };
                    run.leaves = run.leaves.plus(sum);
                    run.weights[b] = run.weights[b].plus(weight);
                }
                run.phi[b] = run.phi[b].plus(W::bits(low + 1, segment.total.bits()));
                if self.small.primes[b] < recount_below::<W>() {
                    self.cross::<false>(segment, b, low, high);
                    self.recount(segment);
                } else {
                    self.cross::<true>(segment, b, low, high);
                }
            }
            // The primes without hard leaves: P2 needs only their result.
            if self.counted < self.sieving {
                for b in self.counted + 1..=self.sieving {
                    self.cross::<false>(segment, b, low, high);
                }
                self.recount(segment);
            }
            let mut cursor = Cursor::new();
            if (low..high).contains(&root) {
                let sum = self.query(segment, &mut cursor, low, root);
                run.root = Some(run.primes.plus(sum).plus(removed));
            }
            while let Some(&p) = p2_primes.peek() {
                let v = x / p;
                if v >= high {
                    break;
                }
                p2_primes.next();
                let sum = run.primes.plus(self.query(segment, &mut cursor, low, v));
                run.p2 = run.p2.plus(W::scale(sum.plus(removed), p));
                run.p2_primes = run.p2_primes.plus(W::of(p));
                run.p2_weighted = run.p2_weighted.plus(W::scale(run.p2_primes, p));
            }
            run.primes = run.primes.plus(W::bits(low + 1, segment.total.bits()));
            low = high;
        }
        run
    }

    /// Sets the bits of the odd numbers in `low..high` and their counters.
    #[inline(always)]
    fn fill(&self, segment: &mut Segment<W::Counter>, low: u64, high: u64) {
        self.fill_pattern(&mut segment.words, low, high);
        self.recount(segment);
    }

    /// Sets the counters of the segment from `low` to its bits.
    #[inline(always)]
    fn recount(&self, segment: &mut Segment<W::Counter>) {
        segment.total = W::Counter::ZERO;
        segment.supers.fill(W::Counter::ZERO);
        for (k, block) in segment.words.chunks(BLOCK_WORDS).enumerate() {
            let mut sum = W::Counter::ZERO;
            for (j, &word) in block.iter().enumerate() {
                let offset = 64 * (k * BLOCK_WORDS + j) as u64;
                sum = sum.plus(W::Counter::of(word, offset));
            }
            segment.counters[k] = sum;
            segment.supers[k / SUPER_BLOCKS] = segment.supers[k / SUPER_BLOCKS].plus(sum);
            segment.total = segment.total.plus(sum);
        }
    }

    /// Sets `words` to the odd numbers in `low..high` free of the presieved
    /// primes, a bit each from `low + 1` on, and clears the words beyond.
    #[inline(always)]
    fn fill_pattern(&self, words: &mut [u64], low: u64, high: u64) {
        let bits = ((high - low) / 2) as usize;
        let period = self.pattern.len();
        let mut k = (low / 128) as usize % period;
        for word in &mut words[..bits.div_ceil(64)] {
            *word = self.pattern[k];
            k = if k + 1 == period { 0 } else { k + 1 };
        }
        words[bits.div_ceil(64)..].fill(0);
        if !bits.is_multiple_of(64) {
            words[bits / 64] &= (1 << (bits % 64)) - 1;
        }
    }

    /// Crosses off the odd multiples of `p_b` in `low..high`, and takes
    /// them out of the counters if `COUNT`.
    #[inline(always)]
    fn cross<const COUNT: bool>(
        &self,
        segment: &mut Segment<W::Counter>,
        b: usize,
        low: u64,
        high: u64,
    ) {
        let p = u64::from(self.small.primes[b]);
        let (wheel, _) = wheel(p);
        let Segment {
            words,
            counters,
            supers,
            total,
            next,
        } = segment;
        let (mut j, mut index) = next[b];
        let mut sum = *total;
        let mut visit = |j: u64| {
            let i = (j - low) / 2;
            let w = (i / 64) as usize;
            if COUNT {
                // The bit's value, without a branch.
                let f = W::Counter::bit(words[w] >> (i % 64) & 1, i);
                let k = (i / BLOCK_BITS) as usize;
                counters[k] = counters[k].minus(f);
                supers[k / SUPER_BLOCKS] = supers[k / SUPER_BLOCKS].minus(f);
                sum = sum.minus(f);
            }
            words[w] &= !(1 << (i % 64));
        };
        let step = |j: &mut u64, index: &mut usize| {
            *j += wheel[*index].1 * p;
            *index = (*index + 1) % wheel.len();
        };
        if wheel.len() == WHEEL.len() {
            // Whole turns of the wheel, from its first residue.
            while index != 0 && j < high {
                visit(j);
                step(&mut j, &mut index);
            }
            let offsets = WHEEL.map(|(residue, _)| (residue - 1) * p);
            while index == 0 && j + offsets[7] < high {
                for offset in offsets {
                    visit(j + offset);
                }
                j += 30 * p;
            }
        }
        while j < high {
            visit(j);
            step(&mut j, &mut index);
        }
        *total = sum;
        next[b] = (j, index);
    }

    /// `Σ f(j)` over the bits still set for `low <= j <= t`, for `t`
    /// increasing from one call to the next with the same `cursor`.
    #[inline(always)]
    fn query(
        &self,
        segment: &Segment<W::Counter>,
        cursor: &mut Cursor<W::Counter>,
        low: u64,
        t: u64,
    ) -> W::V {
        let n = (t - low).div_ceil(2);
        let block = (n / BLOCK_BITS) as usize;
        let first = block / SUPER_BLOCKS * SUPER_BLOCKS;
        while cursor.block < first {
            cursor.sum = cursor.sum.plus(segment.supers[cursor.block / SUPER_BLOCKS]);
            cursor.block += SUPER_BLOCKS;
        }
        // The buffers run a super-block and a block past the segment's end.
        let counters = &segment.counters[first..first + SUPER_BLOCKS];
        let start = block * BLOCK_WORDS;
        let words = &segment.words[start..start + BLOCK_WORDS];
        let sum = cursor
            .sum
            .plus(W::Counter::first(counters, block - first))
            .plus(W::Counter::below(words, 64 * start as u64, n % BLOCK_BITS));
        W::bits(low + 1, sum.bits())
    }
}

/// `Σ f(i)` over `range`, on rayon's threads with the `rayon` feature.
#[inline(always)]
fn sum_over<V: Value>(range: Range<usize>, f: impl Fn(usize) -> V + Sync + Send) -> V {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        // One term a job: the terms differ widely in cost.
        range
            .into_par_iter()
            .with_max_len(1)
            .map(f)
            .reduce(V::default, V::plus)
    }
    #[cfg(not(feature = "rayon"))]
    range.map(f).fold(V::default(), V::plus)
}

/// The number of rayon's threads, or 1 without the feature.
fn threads() -> usize {
    #[cfg(feature = "rayon")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "rayon"))]
    1
}

/// Where a special leaf finds `φ(t, b - 1)`.
trait Phi<V> {
    fn phi(&mut self, t: u64) -> V;
}

/// From the segment, sieved up to `p_{b-1}`, for increasing `t`.
struct Sieved<'h, 'a, W: Weight> {
    hard: &'h Hard<'a, W>,
    segment: &'h Segment<W::Counter>,
    /// `φ(low - 1, b - 1)`, counted from the run's first number.
    phi: W::V,
    cursor: Cursor<W::Counter>,
    low: u64,
}

impl<W: Weight> Phi<W::V> for Sieved<'_, '_, W> {
    #[inline(always)]
    fn phi(&mut self, t: u64) -> W::V {
        let sum = self.hard.query(self.segment, &mut self.cursor, self.low, t);
        self.phi.plus(sum)
    }
}

/// From [`tiny_phi`], for the presieved primes.
struct Tiny<'a, W> {
    primes: &'a [u32],
    k: usize,
    weight: PhantomData<W>,
}

impl<W: Weight> Phi<W::V> for Tiny<'_, W> {
    #[inline(always)]
    fn phi(&mut self, t: u64) -> W::V {
        tiny_phi::<W>(t, self.k, self.primes)
    }
}

/// The special leaves of `b` that are not easy and whose argument `t`
/// lies in `low..high`, in increasing `t`, with `φ(t, b - 1)` from `phi`;
/// and, if `WEIGH`, `Σ ±f(p_b m)` over them: what a constant added to `φ` adds per unit.
#[inline(always)]
fn special_leaves<W: Weight, const WEIGH: bool>(
    x: u64,
    small: &Small<W>,
    general: usize,
    b: usize,
    low: u64,
    high: u64,
    mut phi: impl Phi<W::V>,
) -> (W::V, W::V) {
    let y = small_y(small);
    let p = u64::from(small.primes[b]);
    // t = x / (p m) in low..high: x / (p high) < m <= x / (p low).
    let above = div(x, p, high);
    let up_to = match low {
        0 => y,
        _ => div(x, p, low).min(y),
    };
    let xp = x / p;
    // The leaves of `μ(m) = -1` (with a plus sign), then those of `μ(m) = 1`.
    let mut sums = [W::V::default(); 2];
    let mut weights = [W::V::default(); 2];
    if b <= general {
        let first = above.max(y / p) + 1;
        let codes = small
            .code
            .get(first as usize..=up_to as usize)
            .unwrap_or_default();
        // 64 codes at a time, a bit each for the `m` with leaves, from the top.
        let mut end = codes.len();
        for chunk in codes.rchunks(64) {
            end -= chunk.len();
            let mut padded = [0; 64];
            padded[..chunk.len()].copy_from_slice(chunk);
            let mut mask = leaf_mask(&padded, b);
            // The quotients first, in a loop of their own: their divisions
            // overlap instead of waiting on the queries.
            let mut leaves = [(0, 0); 64];
            let mut count = 0;
            while mask != 0 {
                let i = 63 - mask.leading_zeros() as usize;
                mask ^= 1 << i;
                let m = first + (end + i) as u64;
                leaves[count] = (m, quotient(xp, m));
                count += 1;
            }
            for &(m, t) in &leaves[..count] {
                // Without a branch: the signs follow no pattern.
                let s = usize::from(codes[(m - first) as usize] > 0);
                let leaf = W::scale(phi.phi(t), p * m);
                sums[s] = sums[s].plus(leaf);
                if WEIGH {
                    weights[s] = weights[s].plus(W::of(p * m));
                }
            }
        }
    } else {
        let hard_up_to = hard_up_to(x, p, y).min(up_to);
        let first = small.pi(above.max(p).min(y)) + 1;
        // As above, up to 64 quotients before their queries, from the top.
        let mut top = small.pi(hard_up_to) + 1;
        while top > first {
            let bottom = top.saturating_sub(64).max(first);
            let mut leaves = [(0, 0); 64];
            for (leaf, i) in leaves.iter_mut().zip((bottom..top).rev()) {
                let q = u64::from(small.primes[i]);
                *leaf = (q, quotient_by(xp, q, small.inverse[i]));
            }
            for &(q, t) in &leaves[..top - bottom] {
                sums[0] = sums[0].plus(W::scale(phi.phi(t), p * q));
                if WEIGH {
                    weights[0] = weights[0].plus(W::of(p * q));
                }
            }
            top = bottom;
        }
    }
    (sums[0].minus(sums[1]), weights[0].minus(weights[1]))
}

/// Bit `i` set: `codes[i]` is a leaf's code for `b`, its absolute value
/// above `b` (written to compile to vector compares and a bit gather).
#[inline(always)]
fn leaf_mask(codes: &[i16; 64], b: usize) -> u64 {
    let b = b as u16;
    let mut bytes = [0u8; 64];
    for (byte, &code) in bytes.iter_mut().zip(codes) {
        *byte = u8::from(code.unsigned_abs() > b);
    }
    // Eight bytes of 0 or 1 to eight bits: the products never overlap.
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |mask, (k, eight)| {
            let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

/// `φ(t, k)` by `φ(t, k) = φ(t, k - 1) - f(p_k) φ(t / p_k, k - 1)` down
/// to `φ(t, 0) = F(t)`: `2^k` terms, for the presieved primes.
#[inline(always)]
fn tiny_phi<W: Weight>(t: u64, k: usize, primes: &[u32]) -> W::V {
    match k {
        0 => W::prefix(t),
        _ => {
            let p = u64::from(primes[k]);
            let rest = W::scale(tiny_phi::<W>(t / p, k - 1, primes), p);
            tiny_phi::<W>(t, k - 1, primes).minus(rest)
        }
    }
}

/// Where a run of increasing queries stands: the blocks before `block` (a
/// multiple of [`SUPER_BLOCKS`]) sum to `sum`.
struct Cursor<C> {
    block: usize,
    sum: C,
}

impl<C: Counter> Cursor<C> {
    /// At the segment's start.
    fn new() -> Cursor<C> {
        Cursor {
            block: 0,
            sum: C::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sieve::weight::{Count, Linear, Square};

    /// The engine at every x from its minimum to 30 000, and at every split
    /// y it allows for x below 3000, against a sieve's running sums.
    #[test]
    fn engine_matches_running_sums() {
        let limit = 30_000u64;
        let mut composite = vec![false; limit as usize + 1];
        let (mut count, mut sum, mut squares) = (0u64, 0u128, 0u128);
        for x in 2..=limit {
            if !composite[x as usize] {
                for m in (x * x..=limit).step_by(x as usize) {
                    composite[m as usize] = true;
                }
                count += 1;
                sum += u128::from(x);
                squares += u128::from(x) * u128::from(x);
            }
            if x < MIN_X {
                continue;
            }
            let ys = match x < 3000 {
                true => x.cbrt() + 1..x.sqrt(),
                false => split(x)..split(x) + 1,
            };
            for y in ys {
                if (y + 1) * (y + 1) > x {
                    continue;
                }
                assert_eq!(prime_sum::<Count>(x, y), count, "pi({x}), y = {y}");
                assert_eq!(prime_sum::<Linear<u128>>(x, y), sum, "sum({x}), y = {y}");
                assert_eq!(
                    prime_sum::<Square<u128>>(x, y),
                    squares,
                    "squares({x}), y = {y}"
                );
            }
        }
    }

    /// `f()` on a pool of `threads` threads, or on this one without the
    /// `rayon` feature.
    fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
        #[cfg(feature = "rayon")]
        return rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(f);
        #[cfg(not(feature = "rayon"))]
        {
            let _ = threads;
            f()
        }
    }

    /// Short segments and windows, sieved as one run or as runs combined
    /// on 2 and 3 threads: x whose sieve ends a segment before, at and after
    /// each of the first segment edges, x whose windows end so, and x from
    /// a seeded generator.
    #[test]
    fn runs_of_segments_combine_in_order() {
        let limit = 7_000_000u64;
        let mut composite = vec![false; limit as usize + 1];
        for p in 2..=limit.sqrt() as usize {
            if !composite[p] {
                composite[p * p..]
                    .iter_mut()
                    .step_by(p)
                    .for_each(|c| *c = true);
            }
        }
        let mut sums = Vec::with_capacity(limit as usize + 1);
        let (mut count, mut sum, mut squares) = (0u64, 0u128, 0u128);
        for n in 0..=limit {
            if n >= 2 && !composite[n as usize] {
                let p = u128::from(n);
                (count, sum, squares) = (count + 1, sum + p, squares + p * p);
            }
            sums.push((count, (sum, squares)));
        }
        type All = (Count, (Linear<u128>, Square<u128>));
        let check = |x: u64, y: u64, words: usize| {
            for threads in [1, 2, 3] {
                let got = on_threads(threads, || {
                    fast(Engine::<All> {
                        x,
                        y,
                        words,
                        weight: PhantomData,
                    })
                });
                assert_eq!(
                    got, sums[x as usize],
                    "x = {x}, y = {y}, {words} words, {threads} threads"
                );
                // A count alone has counters of its own (`u64`).
                let count = on_threads(threads, || {
                    fast(Engine::<Count> {
                        x,
                        y,
                        words,
                        weight: PhantomData,
                    })
                });
                assert_eq!(count, sums[x as usize].0, "pi({x}), y = {y}, {words} words");
            }
        };
        let y = 200u64;
        let span = 128 * 64u64;
        for k in 1..=4 {
            for d in [-1i64, 0, 1] {
                let z = (k * span).checked_add_signed(d).unwrap();
                let x = (z - 1) * (y + 1) + y / 2;
                assert_eq!(x / (y + 1) + 1, z);
                check(x, y, 64);
            }
        }
        // Windows of one word, 128 numbers from 128 on: the last ends one
        // before, at and one after the end of `√x`.
        for k in 1..=4 {
            for d in [-1i64, 0, 1] {
                let root = (127 + 128 * k as u64).checked_add_signed(d).unwrap();
                check(root * root + root, y, 1);
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..12 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = 100_000 + state % (limit - 100_000);
            check(x, split(x), 1);
            check(x, split(x), 64);
            check(x, split(x), 1024);
        }
    }

    /// x whose sieve ends a segment before, at and after a segment edge:
    /// `z = ⌊x / (y + 1)⌋ + 1 = k 2^21 + d`, against the segmented sieve.
    #[test]
    #[ignore = "full size: run in release"]
    fn engine_at_segment_edges() {
        let y = 3000u64;
        let span = 128 * SEGMENT_WORDS as u64;
        for k in [1u64, 2] {
            for d in [-1i64, 0, 1] {
                let z = (k * span).checked_add_signed(d).unwrap();
                let x = (z - 1) * (y + 1) + y / 2;
                assert_eq!(x / (y + 1) + 1, z);
                assert!(y > x.cbrt() && (y + 1) * (y + 1) <= x);
                let (count, sum, squares) =
                    PrimesIn::new(0..x + 1)
                        .unwrap()
                        .fold((0u64, 0u128, 0u128), |(c, s, q), p| {
                            let p = u128::from(p);
                            (c + 1, s + p, q + p * p)
                        });
                let got = prime_sum::<(Count, (Linear<u128>, Square<u128>))>(x, y);
                assert_eq!(got, (count, (sum, squares)), "x = {x}, y = {y}");
            }
        }
    }
}
