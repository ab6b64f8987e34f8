//! The combinatorial engine behind [`prime_pi`], [`prime_sum`],
//! [`PrimeSums`] and the sums by residue class: Gourdon's decomposition of
//! the method of Lagarias, Miller, Odlyzko, Deléglise and Rivat, for any
//! completely multiplicative [`Weight`] `f`, its values in
//! a commutative ring (integers modulo `2^k`, or vectors of them indexed by
//! the classes modulo `q` or by characters, [`residue`] and [`characters`]).
//!
//! With `S(v) = Σ_{p <= v} f(p)`, `φ(v, b)` the sum of `f(n)` over
//! `1 <= n <= v` free of the first `b` primes, `∛x < y <= z < √x`
//! ([`Split`]) and `a = π(y)`:
//!
//! `S(x) = φ(x, a) - f(1) + S(y) - P2`, `P2 = Σ_{y < p <= √x} f(p) (S(x/p) - S(p - 1))`.
//!
//! `φ(x, a)` unfolds by `φ(v, b) = φ(v, b - 1) - f(p_b) φ(v / p_b, b - 1)`,
//! down to `b = 4` (the primes 2, 3, 5, 7), into leaves `μ(n) f(n) φ(x/n,
//! ·)`, `n` squarefree, free of 2, 3, 5 and 7 and of primes above `y`:
//! ordinary ones `n <= z`, and special ones `n = p_b m`, `b > 4`, with `m
//! <= z < p_b m` and every prime factor of `m` above `p_b`. Gourdon's `S(x)
//! = A - B + C + D + Φ0 + Σ` gathers the terms, each part in a file of its
//! own:
//!
//! - [`phi0`]: `Φ0`, the ordinary leaves `μ(n) f(n) φ(x/n, 4)`, in closed
//!   form;
//! - [`ac`]: `A + C`, the easy special leaves (`m = q` prime, `t = x /
//!   (p_b q) < p_b²`), whose `φ(t, b - 1) = f(1) + S(t) - S(p_{b-1})` is
//!   read from the [`tables`] when `t <= y` and from windows of `S` up to
//!   `√x` otherwise: `A` for `p_b > x^{1/4}`, `C` below, in one loop a
//!   prime;
//! - [`d`]: `D`, the other special leaves, answered while the odd numbers
//!   below `x / z` are sieved a segment at a time, from the segment's
//!   [`counters`] ([`special`] lists them in increasing `t`);
//! - [`b`]: `B = Σ_{y < p <= √x} f(p) S(x/p)`, from the crate's streaming
//!   sieve up to `x / y`;
//! - [`sigma`]: `Σ = S(y) - f(1) + Σ_{y < p <= √x} f(p) S(p - 1)`, from the
//!   primes up to `√x`.
//!
//! The pieces sieved on different threads combine in order ([`leaves`]),
//! so that the answer does not depend on the number of threads. Every
//! step is a ring operation, so the sums run in wrapping arithmetic and
//! are exact when the true result fits.

mod ac;
mod b;
mod characters;
mod counters;
mod d;
mod leaves;
mod phi0;
mod progress;
mod residue;
mod sigma;
mod special;
mod sums;
mod tables;
mod weight;

use num_integer::Roots;

pub(crate) use progress::Report;
pub use residue::MAX_MODULUS;
pub(crate) use residue::{prime_pi_by_residue_reporting, prime_sum_by_residue_reporting};
pub use sums::PrimeSums;

use crate::arith::{Ring, Value, Wide};
use crate::sieve::PrimesIn;
use crate::{dispatch, threads};
use ac::{EasyLeaves, Windows};
use b::Pieces;
use d::HardLeaves;
use progress::Jobs;
use tables::Tables;
use weight::{Count, Linear, Square, Weight};

/// `π(x)`, the number of primes `p <= x`, for every `u64` `x`.
///
/// Below `2^12` the primes are sieved and counted; above, they are counted
/// without being listed, by the combinatorial engine described at
/// [`prime_sum`] with every prime weighing 1. For many `x` below one
/// bound, [`Sieve::prime_pi`](crate::sieve::Sieve::prime_pi) answers each
/// in constant time.
///
/// # Complexity
///
/// Time `O(x^{2/3} log log x / α)` for the sieves below `x / z` and `x /
/// y` plus `O(x^{2/3} / log² x)` leaves, memory `O(z)`: about `0.8 z`
/// bytes plus 32 bytes per prime up to `y`, with `y = α ∛x`, `α =
/// max((ln x)² / 90, (ln x)⁴ / 93 500)` (the two meet near `10^14`) and
/// `z = y`, which measured best.
/// The measured time and memory, as ratios to primecount's, are in the
/// crate docs' [speed section](crate#speed).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::prime_pi;
///
/// assert_eq!(prime_pi(0), 0);
/// assert_eq!(prime_pi(100), 25);
/// assert_eq!(prime_pi(1_000_000_000_000), 37_607_912_018);
/// ```
#[must_use]
pub fn prime_pi(x: u64) -> u64 {
    weighed(x, Count, Report::NONE)
}

/// `Σ p`, the sum of the primes `p <= x`, exact for every `u64` `x` (it is
/// below `4 · 10^36`).
///
/// Below `2^12` the primes are sieved and added up. Above, Gourdon's
/// decomposition of the combinatorial method runs with the weight `f(n) =
/// n`, which is completely multiplicative: with `y = α ∛x` and `z >= y`,
/// `S(x) = A - B + C + D + Φ0 + Σ`. `Φ0` and `Σ` are closed forms over the
/// ordinary leaves and the primes up to `√x`; `A + C`, the easy special
/// leaves, read `S(t)` from a table of the primes up to `y` or from
/// windows of the primes up to `√x`; `D`, the hard ones, is answered while
/// the odd numbers below `x / z` are sieved a 2^20-integer segment at a
/// time, from a sum per 512-integer block; `B = Σ_{y < p <= √x} p S(x/p)`
/// streams the primes up to `x / y` through the crate's own sieve. Every
/// step is a ring operation, so the sums are carried modulo `2^128` and
/// are exact because the result fits.
///
/// With the `rayon` feature the segments are sieved on rayon's threads,
/// shortened to about eight per thread where `x / z` is small (to no less
/// than `2^17` integers): each run of segments counts `φ` from its own
/// first number and keeps, for every sieving prime, the weights of its
/// leaves, so that the runs combine in order afterwards (a product of the
/// earlier runs' `φ` and the later runs' weights). `B`'s pieces combine
/// the same way; the easy leaves are shared out one sieving prime at a
/// time.
///
/// # Complexity
///
/// As [`prime_pi`]; the measured ratios are in the crate docs'
/// [speed section](crate#speed).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::prime_sum;
///
/// assert_eq!(prime_sum(10), 2 + 3 + 5 + 7);
/// assert_eq!(prime_sum(1_000_000_000_000), 18_435_588_552_550_705_911_377);
/// ```
#[must_use]
pub fn prime_sum(x: u64) -> u128 {
    weighed(x, Linear::default(), Report::NONE)
}

/// [`prime_pi`], its progress passed to `report`.
pub(crate) fn prime_pi_reporting(x: u64, report: Report) -> u64 {
    weighed(x, Count, report)
}

/// [`prime_sum`], its progress passed to `report`.
pub(crate) fn prime_sum_reporting(x: u64, report: Report) -> u128 {
    weighed(x, Linear::default(), report)
}

/// Below this, adding up a sieve's primes beats the engine.
pub(crate) const SIEVE_BELOW: u64 = 1 << 12;

/// Below this the engine keeps to the calling thread: handing its parts to
/// rayon's pool and waiting for them cost more than the second core saved.
/// Measured on two cores: at `10^5` and `10^6` the pool took 4.3× and 4.7×
/// the time of the calling thread alone, at `10^9` 1.2×, at `4 · 10^9`
/// about the same, at `10^10` 0.77×.
const SERIAL_BELOW: u64 = 1 << 32;

/// `Σ f(p)` over the primes `p <= x`, by the faster method for `x`, its
/// progress passed to `report`.
fn weighed<W: Weight>(x: u64, weight: W, report: Report) -> W::V {
    if x < SIEVE_BELOW.max(MIN_X) {
        PrimesIn::new(0..x + 1)
            .expect("the sieving primes below 2^6 fit in memory")
            .fold(W::V::default(), |s, p| s.plus(weight.of(p)))
    } else if x < SERIAL_BELOW {
        threads::serial(|| engine(x, Split::of(x), weight, report))
    } else {
        engine(x, Split::of(x), weight, report)
    }
}

/// `π(x)` and `Σ p²` over the primes `p <= x`, exact for every `x`: what
/// [`count_grids`](crate::sliding_game::count_grids) needs. The squares are
/// carried in 128 bits while `Σ_{n <= x} n² < 2^128`, in 192 above.
pub(crate) fn count_and_squares(x: u64) -> (u64, Wide) {
    if Square::<Wide>::default().prefix(x).to_u128().is_some() {
        let (count, squares) = weighed(x, (Count, Square::default()), Report::NONE);
        (count, Wide::from_u128(squares))
    } else {
        weighed(x, (Count, Square::default()), Report::NONE)
    }
}

/// The smallest `x` the engine takes: below, `∛x + 1 < √x - 1` fails.
const MIN_X: u64 = 27;

/// Gourdon's two parameters: the primes of `φ(x, π(y))` go up to `y`, the
/// leaves' `m` up to `z`, with `∛x < y <= z < √x`.
#[derive(Clone, Copy, Debug)]
struct Split {
    y: u64,
    z: u64,
}

impl Split {
    /// `y = α_y ∛x` and `z = α_z y`. The best `α_y` was measured at
    /// `10^14`, `10^16` and `10^18` (about 31 there, where `(ln x)² / 90`
    /// gives 19 and takes 1.1× the time).
    fn of(x: u64) -> Split {
        let cube_root = x.cbrt();
        let ln = (x as f64).ln();
        let alpha_y = (ln * ln / 90.0).max(ln.powi(4) / 93_500.0);
        let y = (alpha_y.max(1.0) * cube_root as f64) as u64;
        let y = y.clamp(cube_root + 1, x.sqrt() - 1);
        let z = (ALPHA_Z * y as f64) as u64;
        Split {
            y,
            z: z.clamp(y, x.sqrt() - 1),
        }
    }
}

/// `z / y`, which primecount also sets to 1 on one thread. Measured
/// beside it: 1.5, 2, 3 and 4 at `10^15`, also with `α_y` lowered to 5 to
/// 12, none faster beyond the noise; at `10^16`, `α_z = 2` with `α_y = 12`
/// took 0.94× the time in the median of 11 pairs but the same at the
/// minimum. A larger `z` shortens `D`'s sieve but adds ordinary leaves and
/// general hard ones.
const ALPHA_Z: f64 = 1.0;

/// 64-bit words per segment: `2^13` words hold the odd numbers of `2^20`
/// integers in 64 KiB, about the L1 data cache of current x86 cores (48
/// KiB on the one measured). Measured at `10^15`: 0.94× the time of `2^14`
/// words (5 pairs), and `2^12` words 1.09× the time of `2^13`; at `10^17`,
/// `2^13` and `2^14` the same within the noise. No more, so that the
/// counters' positions stay below `2^19` ([`counters::CountSum`]).
const SEGMENT_WORDS: usize = 1 << 13;

/// With several threads, segments per thread when `x / z` is small enough
/// to cut that finely, but no shorter than this many words.
const SEGMENTS_PER_THREAD: usize = 8;
const MIN_SEGMENT_WORDS: usize = 1 << 10;

/// Words per segment for the odd numbers below `end`: with several
/// threads, enough segments for every thread to take several, since the
/// leaves crowd the first ones.
fn segment_words(end: u64) -> usize {
    let all = end.div_ceil(128) as usize;
    let words = match threads::count() {
        1 => SEGMENT_WORDS,
        n => (all / (SEGMENTS_PER_THREAD * n))
            .next_multiple_of(counters::MAX_BLOCK_WORDS * counters::SUPER_BLOCKS)
            .clamp(MIN_SEGMENT_WORDS, SEGMENT_WORDS),
    };
    words.min(all)
}

/// `S(x) = Σ_{p <= x} f(p)` for `x >= MIN_X`, split at `split`
/// ([`Split::of`] in use), with segments as long as the thread count
/// wants.
fn engine<W: Weight>(x: u64, split: Split, weight: W, report: Report) -> W::V {
    let end = x / (split.z + 1) + 1;
    engine_in_segments(x, split, segment_words(end), weight, report)
}

/// [`engine`] sieving `words` words a segment.
fn engine_in_segments<W: Weight>(
    x: u64,
    Split { y, z }: Split,
    words: usize,
    weight: W,
    report: Report,
) -> W::V {
    debug_assert!(x >= MIN_X && y > x.cbrt() && y <= z && (z + 1) * (z + 1) <= x);
    // Each part that counts bits is a task for the processor's widest
    // counts of bits ([`dispatch::with_avx512`]).
    let mut tables = Tables::new(x, y, z, weight);
    let a = tables.a();
    let hard = HardLeaves::<W>::new(x, &tables, words);
    let windows = Windows::new(&hard, words);
    let pieces = Pieces::new(x, y);
    let easy_jobs = a.saturating_sub(hard.general + 1);
    let all_jobs = easy_jobs + windows.count() + hard.count() + pieces.count();
    let jobs = Jobs::new(report, all_jobs as u64);
    let easy = threads::fold_in_order(
        hard.general + 1..a,
        || (),
        |(), b| {
            let tables = &tables;
            let leaves = dispatch::with_avx512(EasyLeaves { x, y, b, tables });
            jobs.tick();
            leaves
        },
        W::V::default,
        W::V::plus,
    );
    let leaves = phi0::phi0(x, &tables)
        .plus(easy)
        .plus(windows.sum(&jobs))
        .plus(hard.run(&jobs).total());
    // `B` and `Σ` sieve on without the factor table, so that their
    // sieves' memory takes its place rather than adding to it.
    tables.drop_factors();
    leaves
        .minus(pieces.sum(&tables.weight, &jobs))
        .plus(sigma::sigma(x, &tables))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::in_pool;

    /// `(π, (Σ p, Σ p²))`, the engine's three sums at once.
    type Sums = (u64, (u128, u128));

    /// `sums` with the prime `p` added.
    fn with_prime((count, (sum, squares)): Sums, p: u64) -> Sums {
        let p = u128::from(p);
        (count + 1, (sum + p, squares + p * p))
    }

    /// The [`Sums`] over the primes `p <= n`, for every `n <= limit`, from
    /// the crate's streaming sieve, which shares nothing with the engine.
    fn running_sums(limit: u64) -> Vec<Sums> {
        let mut primes = PrimesIn::new(0..limit + 1).expect("small").peekable();
        let mut sums = (0, (0, 0));
        (0..=limit)
            .map(|n| {
                if primes.next_if_eq(&n).is_some() {
                    sums = with_prime(sums, n);
                }
                sums
            })
            .collect()
    }

    /// The engine's three sums at once.
    fn all() -> (Count, (Linear<u128>, Square<u128>)) {
        (Count, (Linear::default(), Square::default()))
    }

    /// The count and `Σ p` at once, in the sums' counters and narrow
    /// running sums of `Σ p`, not those of the squares.
    fn count_and_sum() -> (Count, Linear<u128>) {
        (Count, Linear::default())
    }

    /// The engine at every x from its minimum to 30 000: at every split
    /// `y <= z` it allows for x below 1000, at [`Split::of`]'s `y` with
    /// `z` from `y` to its largest above, against a sieve's running sums.
    #[test]
    fn engine_matches_running_sums() {
        let sums = running_sums(30_000);
        for x in MIN_X..=30_000 {
            let largest = x.sqrt() - 1;
            let splits: Vec<Split> = match x < 1000 {
                true => (x.cbrt() + 1..=largest)
                    .flat_map(|y| (y..=largest).map(move |z| Split { y, z }))
                    .collect(),
                false => {
                    let y = Split::of(x).y;
                    [y, y + 1, 2 * y, largest]
                        .into_iter()
                        .filter(|&z| z <= largest)
                        .map(|z| Split { y, z })
                        .collect()
                }
            };
            for split in splits {
                assert_eq!(
                    engine(x, split, all(), Report::NONE),
                    sums[x as usize],
                    "x = {x}, {split:?}"
                );
                assert_eq!(
                    engine(x, split, Count, Report::NONE),
                    sums[x as usize].0,
                    "pi({x}), {split:?}"
                );
                let (count, (sum, _)) = sums[x as usize];
                assert_eq!(
                    engine(x, split, count_and_sum(), Report::NONE),
                    (count, sum),
                    "pi({x}) and its sum, {split:?}"
                );
            }
        }
    }

    /// The engine compiled for each instruction set up to the processor's
    /// (the portable build, `popcnt`, AVX-512), at `x` spread to `10^6`
    /// with short segments, against a sieve's running sums.
    #[test]
    fn every_instruction_set_gives_the_same_sums() {
        use std::sync::atomic::Ordering::Relaxed;
        let limit = 1_000_000;
        let sums = running_sums(limit);
        for ceiling in [0, 1, 3] {
            crate::dispatch::CEILING.store(ceiling, Relaxed);
            for x in (MIN_X..=limit).step_by(9_973).chain([limit]) {
                let split = Split::of(x);
                let got = engine_in_segments(x, split, 16, all(), Report::NONE);
                assert_eq!(got, sums[x as usize], "x = {x}, instructions {ceiling}");
            }
        }
        crate::dispatch::CEILING.store(3, Relaxed);
    }

    /// Short segments and windows, sieved as one run or as runs combined
    /// on 2 and 3 threads: x whose sieve ends a segment before, at and after
    /// each of the first segment edges, x whose windows end so, and x spread
    /// over the whole table.
    #[test]
    fn runs_of_segments_combine_in_order() {
        let limit = 7_000_000u64;
        let sums = running_sums(limit);
        let check = |x: u64, split: Split, words: usize| {
            for threads in [1, 2, 3] {
                let got = in_pool(threads, || {
                    engine_in_segments(x, split, words, all(), Report::NONE)
                });
                assert_eq!(
                    got, sums[x as usize],
                    "x = {x}, {split:?}, {words} words, {threads} threads"
                );
                // A count alone has counters of its own (`u64`).
                let count = in_pool(threads, || {
                    engine_in_segments(x, split, words, Count, Report::NONE)
                });
                assert_eq!(
                    count, sums[x as usize].0,
                    "pi({x}), {split:?}, {words} words"
                );
                let (count, (sum, _)) = sums[x as usize];
                let pair = in_pool(threads, || {
                    engine_in_segments(x, split, words, count_and_sum(), Report::NONE)
                });
                assert_eq!(pair, (count, sum), "pi({x}) and its sum, {split:?}");
            }
        };
        // The sieve's end `x / (z + 1) + 1` one before, at and one after
        // the first segment edges, with `z = y` and `z = 2 y`.
        let y = 200u64;
        let span = 128 * 64u64;
        for (z, edges) in [(y, 4), (2 * y, 2)] {
            for k in 1..=edges {
                for d in [-1i64, 0, 1] {
                    let end = (k * span).checked_add_signed(d).unwrap();
                    let x = (end - 1) * (z + 1) + z / 2;
                    assert_eq!(x / (z + 1) + 1, end);
                    check(x, Split { y, z }, 64);
                }
            }
        }
        // Windows of one word, 128 numbers from 128 on: the last ends one
        // before, at and one after the end of `√x`.
        for k in 1..=4 {
            for d in [-1i64, 0, 1] {
                let root = (127 + 128 * k as u64).checked_add_signed(d).unwrap();
                check(root * root + root, Split { y, z: y }, 1);
            }
        }
        // Twelve x spread evenly from 10^5, with an odd step so that they
        // fall on every residue the segment and window edges care about,
        // with `z = y` and `z = 2 y`.
        for k in 0..12 {
            let x = 100_000 + k * 577_777;
            let Split { y, .. } = Split::of(x);
            for split in [Split { y, z: y }, Split { y, z: 2 * y }] {
                check(x, split, 1);
                check(x, split, 64);
                check(x, split, 1024);
            }
        }
    }

    /// A prime `p` above `√y` stops being counted from the first segment
    /// above `x / p²`: x chosen so that `x / low` is `p² - 1`, `p²` or
    /// `p² + 1` at the edge `low` of a 128-number segment, on 1 and 2
    /// threads.
    #[test]
    fn counting_stops_where_a_prime_has_no_more_leaves() {
        let limit = 4_000_000u64;
        let sums = running_sums(limit);
        for p in [17u64, 19, 23, 29, 31] {
            let first = (p * p).div_ceil(128);
            for k in [first, first + 1, first + 7] {
                let low = 128 * k;
                for x in [p * p * low - low, p * p * low, p * p * low + low] {
                    let y = x.cbrt() + 1;
                    assert!(p * p > y && p.pow(4) <= x && x <= limit, "p = {p}, x = {x}");
                    let split = Split { y, z: y };
                    for threads in [1, 2] {
                        let got = in_pool(threads, || {
                            engine_in_segments(x, split, 1, all(), Report::NONE)
                        });
                        assert_eq!(got, sums[x as usize], "x = {x}, p = {p}, {threads} threads");
                    }
                }
            }
        }
    }

    /// x whose sieve ends a segment before, at and after a segment edge:
    /// `⌊x / (z + 1)⌋ + 1 = k 2^20 + d` with `z = y`, against the segmented
    /// sieve.
    #[test]
    #[ignore = "full size: run in release"]
    fn engine_at_segment_edges() {
        let y = 3000u64;
        let span = 128 * SEGMENT_WORDS as u64;
        for k in [1u64, 2] {
            for d in [-1i64, 0, 1] {
                let end = (k * span).checked_add_signed(d).unwrap();
                let x = (end - 1) * (y + 1) + y / 2;
                assert_eq!(x / (y + 1) + 1, end);
                assert!(y > x.cbrt() && (y + 1) * (y + 1) <= x);
                let sums = PrimesIn::new(0..x + 1)
                    .unwrap()
                    .fold((0, (0, 0)), with_prime);
                let got = in_pool(1, || {
                    engine_in_segments(x, Split { y, z: y }, SEGMENT_WORDS, all(), Report::NONE)
                });
                assert_eq!(got, sums, "x = {x}, y = {y}");
            }
        }
    }
}
