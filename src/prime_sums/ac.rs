//! The easy special leaves `p_b q` (`q` prime, `t = x / (p_b q) < p_b²`),
//! whose `φ(t, b - 1) = 1 + S(t) - S(p_{b-1})` needs no sieve: `S(t)` from
//! the tables when `t <= y`, from windows of `S` up to `√x` otherwise.

use std::ops::Range;

use num_integer::Roots;

use super::counters::Counter;
use super::d::{HardLeaves, fill_pattern};
use super::leaves::{LeafSum, Leaves};
use super::progress::Jobs;
use super::tables::{SMALL, SMALL_PRIMES, Tables, div, hard_up_to};
use super::weight::Weight;
use crate::arith::Value;
use crate::dispatch::{self, Task};
use crate::threads;

/// The special leaves of `b` with `m = q` prime above `hard_up_to`, none
/// of them sieved: `φ(t, b - 1) = 1` when `t < p_b`, else `1 + S(t) -
/// S(p_{b-1})`, since `t < p_b²` and `t <= y`.
#[inline(always)]
fn easy_leaves<W: Weight>(x: u64, b: usize, hard_up_to: u64, tables: &Tables<W>) -> W::V {
    let (a, w) = (tables.a(), &tables.weight);
    let p = u64::from(tables.primes[b]);
    let first = tables.pi(hard_up_to) + 1;
    // q > x / p² leaves t < p: φ = 1.
    let last_easy = tables.pi(div(x, p, p).min(tables.y())).max(first - 1);
    let y = tables.y();
    // Σ f(q) φ = Σ f(q) (1 - S(p_{b-1})) + Σ f(q) S(t).
    let constant = w.of(1).minus(tables.prefix(b - 1));
    let mut sum = constant
        .mul(tables.prefix(last_easy).minus(tables.prefix(first - 1)))
        .plus(tables.prefix(a).minus(tables.prefix(last_easy)));
    // Up to `s = √(x/p)`, each leaf reads its own `S(t)`: the `q` of
    // `sparse`, whose `t = x / (p q)` is at most `y`.
    let root = (x / p).sqrt();
    let sparse_up_to = tables.pi(root.min(y)).min(last_easy);
    let sparse = first.max(tables.pi(div(x, p, y + 1).min(y)) + 1)..sparse_up_to + 1;
    let after_sparse = sparse.end.max(sparse.start);
    // The primes `r` whose `f(r) S(x / (p r))` the leaves above `s` add up to.
    let mut reflected = 0..0;
    if after_sparse <= last_easy {
        // The q in (low, high], all above s: Σ f(q) S(x/(pq)) counts the
        // pairs of primes q, r with p q r <= x, so it is also
        // Σ_r f(r) (S(min(high, x/(pr))) - S(low)) over r <= x/(p (low + 1)) < s.
        let low = u64::from(tables.primes[after_sparse - 1]).max(root);
        let high = u64::from(tables.primes[last_easy]);
        let last_r = tables.pi(div(x, p, low + 1));
        // r <= x / (p high): S(high).
        let constant_up_to = tables.pi(div(x, p, high).min(y)).min(last_r);
        sum = sum
            .plus(tables.prefix(last_easy).mul(tables.prefix(constant_up_to)))
            .minus(tables.prefix(tables.pi(low)).mul(tables.prefix(last_r)));
        reflected = constant_up_to + 1..last_r + 1;
    }
    let xp = x / p;
    // Plain loops, not iterator adaptors or closures: they stay inlined in
    // the caller's [`Task`], compiled with its instructions.
    let (once, twice) = once_and_twice(sparse, reflected);
    for range in once {
        sum = sum.plus(leaves(tables, xp, range));
    }
    let both = leaves(tables, xp, twice);
    w.scale(sum.plus(both).plus(both), p)
}

/// `Σ f(q) S(x / (p q))` over `q = p_i`, `i` in `indices`, `xp = x / p`.
#[inline(always)]
fn leaves<W: Weight>(tables: &Tables<W>, xp: u64, indices: Range<usize>) -> W::V {
    let mut sum = W::V::default();
    tables.quotients(xp, indices, |q, t| {
        debug_assert!(t <= tables.y());
        sum = sum.plus(tables.weight.scale(tables.sum(t), q));
    });
    sum
}

/// The indices of `a` and `b` as ranges taken once and a range taken
/// twice, where they overlap (the reflected leaves lie among the sparse
/// ones, so that most of them cost nothing of their own).
#[inline(always)]
fn once_and_twice(a: Range<usize>, b: Range<usize>) -> ([Range<usize>; 2], Range<usize>) {
    let (lo, hi) = (a.start.max(b.start), a.end.min(b.end));
    match lo < hi {
        false => ([a, b], 0..0),
        // Below and above the overlap, at most one range each has terms.
        true => ([a.start.min(b.start)..lo, hi..a.end.max(b.end)], lo..hi),
    }
}

/// The easy leaves with `y < t <= √x`: the odd numbers up to `√x` are
/// sieved a window at a time into a table of `S`, from which each leaf
/// reads `S(t)`; the windows combine in order ([`WindowRun::then`]).
pub(super) struct Windows<'h, 'a, W: Weight> {
    hard: &'h HardLeaves<'a, W>,
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
/// the counters of the words before each word, by position from the
/// window's first bit: a leaf's `S(t)` is a counter, summed in the terms
/// of the weight's [`LeafSum`] (for `Σ p`, `prime_sum(10^16)` in 0.975×
/// the time of a value a leaf, 11 pairs; `prime_pi` the same).
struct Table<C> {
    words: Vec<u64>,
    before: Vec<C>,
}

/// What a run of consecutive windows adds, with `S` counted from the
/// run's first number.
#[derive(Clone, Copy, Default)]
struct WindowRun<V> {
    /// `Σ ±f(p q) S(t)` over the leaves with `t` in the run.
    leaves: Leaves<V>,
    /// `Σ f(p)` over the run's primes.
    primes: V,
}

impl<V: Value> WindowRun<V> {
    /// This run followed by `later`.
    fn then(self, later: WindowRun<V>) -> WindowRun<V> {
        WindowRun {
            leaves: self.leaves.then(self.primes, later.leaves),
            primes: self.primes.plus(later.primes),
        }
    }
}

impl<'h, 'a, W: Weight> Windows<'h, 'a, W> {
    pub(super) fn new(hard: &'h HardLeaves<'a, W>, words: usize) -> Self {
        let (x, y, tables) = (hard.x, hard.y, hard.tables);
        Windows {
            hard,
            start: (y + 1) / 128 * 128,
            end: x.sqrt() + 1,
            words,
            last: tables.pi((x / (y + 1)).sqrt().min(y)),
        }
    }

    /// How many windows there are.
    pub(super) fn count(&self) -> usize {
        (self.end - self.start).div_ceil(128 * self.words as u64) as usize
    }

    /// The leaves' sum, window by window on rayon's threads with the
    /// `rayon` feature, each window a job of `jobs`.
    pub(super) fn sum(&self, jobs: &Jobs) -> W::V {
        let tables = self.hard.tables;
        let count = self.count();
        let table = || Table {
            words: vec![0; self.words + 1],
            before: vec![W::Counter::ZERO; self.words + 1],
        };
        let run = threads::fold_in_order(
            0..count,
            table,
            |table, i| {
                let windows = self;
                let run = dispatch::with_avx512(Window { windows, i, table });
                jobs.tick();
                run
            },
            WindowRun::default,
            WindowRun::then,
        );
        // S(start - 1); 2 is not in the tables' odd numbers.
        let before = tables.prefix(tables.pi(self.start.clamp(2, self.hard.y)));
        run.leaves.after(before)
    }

    /// Window `i`, sieved in `table`.
    #[inline(always)]
    fn window(&self, i: usize, table: &mut Table<W::Counter>) -> WindowRun<W::V> {
        let (x, y, tables) = (self.hard.x, self.hard.y, self.hard.tables);
        let w = &tables.weight;
        let low = self.start + (i * 128 * self.words) as u64;
        let high = (low + 128 * self.words as u64).min(self.end);
        let primes = self.fill(table, low, high);
        let mut leaves = Leaves::default();
        for b in self.hard.general + 1..=self.last {
            let p = u64::from(tables.primes[b]);
            // q above the hard leaves and `p`, with y < t = x / (p q) in low..high.
            let above = hard_up_to(x, p, y).max(p).max(div(x, p, high));
            let up_to = div(x, p, low.max(y + 1)).min(y);
            if up_to <= above {
                continue;
            }
            let (first, last) = (tables.pi(above) + 1, tables.pi(up_to));
            let (xp, zero) = (x / p, W::V::default());
            let mut sum = W::Leaves::default();
            tables.quotients(xp, first..last + 1, |q, t| {
                sum.add::<false>(w, zero, low + 1, table.below(w, low, t), q);
            });
            let sum = sum.total(w, zero, low + 1).sum;
            let factors = tables.prefix(last).minus(tables.prefix(first - 1));
            leaves.add(w.scale(sum, p), w.scale(factors, p));
        }
        WindowRun { leaves, primes }
    }

    /// Sieves the odd numbers of `low..high` into `table`; returns their
    /// primes' `Σ f(p)`.
    #[inline(always)]
    fn fill(&self, table: &mut Table<W::Counter>, low: u64, high: u64) -> W::V {
        let hard = self.hard;
        let words = table.words.as_mut_slice();
        fill_pattern(words, low, high);
        for b in SMALL_PRIMES + 1..=hard.tables.pi((high - 1).sqrt()) {
            let p = u64::from(hard.tables.primes[b]);
            let multiple = (low.div_ceil(p) * p).max(p * p);
            let mut i = (multiple + (multiple + 1) % 2 * p - low) / 2;
            while i < (high - low) / 2 {
                words[(i / 64) as usize] &= !(1 << (i % 64));
                i += p;
            }
        }
        if low == 0 {
            // 1 is not prime, and 3, 5 and 7 are.
            words[0] &= !1;
            for &p in SMALL[1..].iter().filter(|&&p| p < high) {
                words[0] |= 1 << (p / 2);
            }
        }
        let weight = &hard.tables.weight;
        let mut sum = W::Counter::ZERO;
        for (w, (&word, before)) in words.iter().zip(&mut table.before).enumerate() {
            *before = sum;
            sum = sum.plus(W::Counter::of(word, 64 * w as u64, weight.layout()));
        }
        weight.counted(low + 1, sum)
    }
}

impl<C: Counter> Table<C> {
    /// The primes `low <= p <= t` of the window from `low`.
    #[inline(always)]
    fn below<W: Weight<Counter = C>>(&self, weight: &W, low: u64, t: u64) -> C {
        let n = (t - low).div_ceil(2);
        let w = (n / 64) as usize;
        let word = self.words[w] & ((1 << (n % 64)) - 1);
        self.before[w].plus(C::of(word, 64 * w as u64, weight.layout()))
    }
}

/// Window `i` of `windows`, sieved in `table`.
struct Window<'w, 'h, 'a, W: Weight> {
    windows: &'w Windows<'h, 'a, W>,
    i: usize,
    table: &'w mut Table<W::Counter>,
}

impl<W: Weight> Task for Window<'_, '_, '_, W> {
    type Output = WindowRun<W::V>;
    #[inline(always)]
    fn run(self) -> WindowRun<W::V> {
        self.windows.window(self.i, self.table)
    }
}

/// The easy leaves of `b`, those of [`easy_leaves`] above the hard ones.
pub(super) struct EasyLeaves<'t, W: Weight> {
    pub(super) x: u64,
    pub(super) y: u64,
    pub(super) b: usize,
    pub(super) tables: &'t Tables<W>,
}

impl<W: Weight> Task for EasyLeaves<'_, W> {
    type Output = W::V;
    #[inline(always)]
    fn run(self) -> W::V {
        let (x, y, b, tables) = (self.x, self.y, self.b, self.tables);
        let p = u64::from(tables.primes[b]);
        easy_leaves::<W>(x, b, hard_up_to(x, p, y).max(p), tables)
    }
}

#[cfg(test)]
mod tests {
    use super::once_and_twice;

    /// Every pair of ranges in `0..8` (disjoint, touching, overlapping,
    /// nested, empty): what is taken once and twice adds up to the two
    /// sums taken one by one.
    #[test]
    fn once_and_twice_cover_both_ranges() {
        let term = |i: usize| 1u64 << (3 * i);
        for a_start in 0..8 {
            for a_end in a_start..8 {
                for b_start in 0..8 {
                    for b_end in b_start..8 {
                        let plain: u64 = (a_start..a_end).chain(b_start..b_end).map(term).sum();
                        let (once, twice) = once_and_twice(a_start..a_end, b_start..b_end);
                        let got: u64 = once.into_iter().flatten().map(term).sum::<u64>()
                            + 2 * twice.map(term).sum::<u64>();
                        assert_eq!(got, plain, "{a_start}..{a_end} and {b_start}..{b_end}");
                    }
                }
            }
        }
    }
}
