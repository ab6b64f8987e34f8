//! Exact, fast solvers for four classic prime and board puzzles, and the
//! prime sieve they stand on: a crate to depend on for primes, prime sums and
//! sliding-puzzle searches that are correct beyond doubt.
//!
//! # Overview
//!
//! - [`sieve`]: primes. A bit-packed [`Sieve`](sieve::Sieve) built once and
//!   queried many times, a segmented streaming sieve over any range below
//!   `2^64` ([`primes_in`](sieve::primes_in), [`count_primes`](sieve::count_primes)),
//!   an exact [`is_prime`](sieve::is_prime) for every `u64`,
//!   [`PrimeSums`](sieve::PrimeSums): `π(x)`, `Σp`, `Σp²` without sieving to
//!   `x`, and the toolkit on top: [`nth_prime`](sieve::nth_prime),
//!   [`next_prime`](sieve::next_prime), [`prev_prime`](sieve::prev_prime),
//!   [`count_primes`](sieve::count_primes) and
//!   [`sum_primes`](sieve::sum_primes) over any range by the faster method,
//!   and the primes counted and summed by residue class,
//!   [`prime_pi_by_residue`](sieve::prime_pi_by_residue) and
//!   [`prime_sum_by_residue`](sieve::prime_sum_by_residue).
//! - [`sliding_game`]: Project Euler 313. `S(m, n)` in closed form, a
//!   breadth-first search that proves it, the boards for any target, and
//!   [`count_grids`](sliding_game::count_grids).
//! - [`slider`]: Project Euler 244. Shortest paths between coloured
//!   sliding-puzzle boards of any shape, their number and checksum sums, and
//!   [`shortest_checksum_sum`](slider::shortest_checksum_sum).
//! - [`prime_square`]: IOI'94 "The Primes". A [`Solver`](prime_square::Solver)
//!   for `N × N` squares of primes with one digit sum, streaming its
//!   solutions in order.
//!
//! # Example: primes
//!
//! ```
//! use primeboard::sieve::{self, PrimeSums, Sieve};
//!
//! let sieve = Sieve::new(1_000_000)?;
//! assert_eq!(sieve.prime_pi(1_000_000), Some(78_498));
//! assert_eq!(sieve.nth_prime(1), Some(2)); // 1-based
//!
//! // Ranges anywhere below 2^64, from either end, in O(√hi) memory.
//! let top = sieve::primes_in(u64::MAX - 1_000..u64::MAX)?.next_back();
//! assert_eq!(top, Some(18_446_744_073_709_551_557));
//!
//! // π(x) and prime sums far beyond what can be sieved.
//! assert_eq!(sieve::prime_pi(10_000_000_000), 455_052_511);
//! assert_eq!(PrimeSums::new(10_000_000_000).sum(), 2_220_822_432_581_729_238);
//! assert_eq!(sieve::nth_prime(1_000_000_000), Some(22_801_763_489));
//! assert_eq!(sieve::prev_prime(u64::MAX), Some(18_446_744_073_709_551_557));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: the sliding game
//!
//! ```
//! use primeboard::sliding_game;
//!
//! assert_eq!(sliding_game::min_moves(5, 4)?, Some(25));
//! let proof = sliding_game::search(5, 4)?.expect("solvable");
//! assert_eq!(proof.len(), 25);
//! assert_eq!(sliding_game::count_grids(100)?, 5482);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: sliders
//!
//! ```
//! use primeboard::slider::{self, Board};
//!
//! let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
//! let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
//! let paths = slider::shortest_paths(&start, &example)?.expect("reachable");
//! assert_eq!(paths.path_len(), 5);
//! assert!(paths.paths().any(|p| slider::checksum(&p) == 19_761_398)); // LULUR
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Example: prime squares
//!
//! ```
//! use primeboard::prime_square::Solver;
//!
//! let solver = Solver::new(11, 1)?;
//! let first = solver.solutions().next().expect("the sample has solutions");
//! assert_eq!(first.to_string(), "11351\n14033\n30323\n53201\n13313");
//! assert_eq!(solver.count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! - [`Sieve::new`](sieve::Sieve::new) takes `n / 30` bytes (plus 1.6%) for
//!   the primes up to `n` and refuses bounds above
//!   [`Sieve::MAX_UPPER_BOUND`](sieve::Sieve::MAX_UPPER_BOUND) (`2^37`, 4.6 GB)
//!   before allocating.
//! - The streaming sieve keeps a 1 MiB segment and 8 bytes per sieving
//!   prime above `2^22` that has a multiple left in the range (12 bytes
//!   below): the front end up to `√` of where it has reached, the back end
//!   up to `√hi`. That is under 1 MB for ranges below `10^12`, and at most
//!   400 MB near `10^18` and 1.6 GB near `2^64`, less for a narrower range.
//!   Ranges narrower than about `√hi / 64` are tested number by number
//!   instead and need almost no memory.
//! - [`prime_pi`](sieve::prime_pi), [`prime_sum`](sieve::prime_sum) and
//!   [`PrimeSums`](sieve::PrimeSums) take every `u64`; computing `Σp` for
//!   `x = 10^16` peaks at 18 MB. `Σp²` is reported while it fits in `u128`,
//!   up to `x = 31 543 762 261 366`.
//! - [`count_grids`](sliding_game::count_grids) is exact for every
//!   `prime_limit <= 72 866 938 968 493`; past it the count exceeds
//!   `u128::MAX`, and the limit is refused at once with
//!   [`Error::CountOverflow`].
//! - [`min_moves`](sliding_game::min_moves) takes any `u64` sides and returns
//!   a `u128` (`6 · u64::MAX` does not fit in a `u64`); a
//!   [`sliding_game::Search`] indexes at most `2^32 - 1` positions.
//! - [`slider`] boards have 2 to 32 cells and at most 15 colours. A
//!   [`Search`](slider::Search)'s budget is in bytes (1 GiB by default) and
//!   bounds its peak memory: flat tables of 2 bytes per position while they
//!   fit in half of it, hashed tables from both ends otherwise, and
//!   [`Error::MemoryBudget`] past it.
//! - [`prime_square`] supports sides 2 to 7; a solver's tries take at most
//!   `16 (2N + 2)(N P + 10)` bytes for `P` primes with the digit sum.
//!
//! # Speed
//!
//! The one place for measured figures; item docs refer here. Measured on
//! shared 2-core KVM machines, one thread unless said, as ratios of times
//! against a baseline run in the same session: primesieve 12.16 (and its
//! iterator) and primecount 8.7, built from source for the processor, and
//! primesum 1.7. The first column was measured on an AMD EPYC with AVX-512
//! (Zen 4, family 25 model 17: 32 KiB L1d, 1 MiB L2 a core) after the
//! latest changes, in one run of the crate's bench or in 3 to 9 alternating
//! whole-process pairs; where several figures are given, as many runs gave them,
//! the machine's speed drifting by up to 15% between runs. The second
//! column was measured on an Intel Xeon with AVX-512 (family 6 model 167:
//! 48 KiB L1d, 2 MiB L2 a core) in the session before, in one run of the
//! bench, with the code the same but for the L1 pieces, which are 48 KiB on
//! that core either way. Below 1 the crate is faster.
//!
//! | work | AMD EPYC (Zen 4) | Intel Xeon |
//! |---|---|---|
//! | the sieve, [`primes_in`](sieve::primes_in)`(..).count()`, over `[0, 10^9)`, against primesieve | 0.99×; 1.00× by minima (1.28× by medians, a noisy run); 1.06×; 0.95× (the presieve compiled for AVX2) | 1.22× |
//! | over `[0, 10^10)` | 1.11×, 1.23×, 1.19×, 1.16×, 1.20×; 1.06× (the presieve compiled for AVX2; 1.24× in a run that timed primesieve apart), 1.15× | 1.26× |
//! | over `[10^12, 10^12 + 10^10)` | 1.02×, 1.13×, 1.34×, 1.21×, 1.25× (1.14× in 11 alternating pairs); 1.15×, 1.11× | 1.17× |
//! | over `[10^15, 10^15 + 10^10)` | 1.37×, 1.50×, 1.35×, 1.48×; 1.23× (the medium primes with less than a turn a segment stepping multiple by multiple); 1.18× (the bucket loop in registers); 1.15×, 1.16× | 1.41× |
//! | over `[10^18, 10^18 + 10^9)` | 1.11×, 1.07×, 1.00×, 1.06× (1.16×, 1.18× before the large primes turned on the wheel of 210; 1.40× before the sieving primes came in batches); 1.02×, 1.03× | 1.44× |
//! | over `[2^64 - 10^10, 2^64)` | 1.15×, 1.20×, 1.12× (1.22×, 1.17× before the wheel of 210; 1.40× before the batches), 1.04× (one sample each), and 0.89× primesieve's peak memory (1153 MiB against 1289 MiB) | 1.23×, and 0.98× primesieve's peak memory |
//! | the sieve on both cores, [`primes_in`](sieve::primes_in)`(..).into_par_iter().count()`, against primesieve on 2 threads, over `[0, 10^10)` | 1.07×, 1.02×, 1.14×; 0.92×, 1.05×, 1.04× | — |
//! | over `[10^12, 10^12 + 10^10)` | 1.10×, 1.06×, 1.14×; 1.10×, 1.08× | — |
//! | over `[10^15, 10^15 + 10^10)` | 1.36×, 1.06×, 1.16×; 1.14×, 0.94× | — |
//! | over `[10^18, 10^18 + 10^9)` | 0.95×, 1.03×, 0.91×; 1.10×, 0.87× | — |
//! | over `[2^64 - 10^10, 2^64)` | 1.04×, 0.90×; 0.92× (one sample each) | — |
//! | the primes below `10^9` summed by [`primes_in`](sieve::primes_in)`(..).sum()`, against primesieve's iterator as it times itself | 0.73×, 0.84×, 0.88×, 0.97× | 1.05× |
//! | the same in a plain `for` loop | 1.03×, 1.06×; 0.97× with the loop's place in registers, 0.94×, 0.88× | 1.28× |
//! | the same backwards, `.rev().sum()`, against the same forwards | 1.26×, 1.12×, 1.08×, 1.06× | 1.12× |
//! | [`prime_pi`](sieve::prime_pi)`(10^14)`, against primecount | 0.93×, 1.09×, 1.15×, 1.10×, 0.96×, 1.15× (7 alternating pairs), 0.99×, 0.94× | 1.29× |
//! | [`prime_pi`](sieve::prime_pi)`(10^16)` | 1.21×, 1.15×, 1.22× (2 samples each, a noisy run), 1.10×, 1.03×, 1.12× (and 1.22× in 5 alternating pairs), 1.07×, 1.10×, 1.07×; 1.05×, 1.08× | 1.38× |
//! | the same on both cores, against primecount on 2 threads | 1.15×, 1.13× (3 alternating pairs), 1.14× (5) | 1.39× |
//! | [`prime_pi`](sieve::prime_pi)`(10^17)` | 1.20× (one pair) | — |
//! | [`prime_pi`](sieve::prime_pi)`(10^18)` | 1.18×, one pair; 1.19× in 3; on both cores, against primecount on 2 threads, 1.19× in 3; 1.12× primecount's peak memory (36.3 MB against 32.4 MB); 1.24×, 1.15× (one pair each), on both cores 1.09× (one pair) | 2.02×, for the engine before its queries lost their branches |
//! | [`prime_sum`](sieve::prime_sum)`(10^16)`, against primecount's `π(10^16)` | 2.35×, 2.11×, 1.84× (a block's counters summed at once), 1.97× (the small primes crossed off by a pattern; `prime_sum` 0.93× its time in the run before, primecount 0.87×), 1.78×; 1.65× (with `φ(t, 4)` in closed form; 1.92× in 7 alternating pairs), and 0.40× primesum (3 pairs); 1.70×, 1.62×, 1.64×, 1.62× (`Σ p`'s counters in one word, its hard leaves summed in their terms, blocks of 2 words; 1.67× in 9 alternating pairs); 1.59×, 1.55×, 1.48× (`B`'s words summed from their bits, the windows' leaves in the counters' terms; 1.55× in 9 alternating pairs); 1.51×, 1.76× (one sample, a noisy run) with the queries readied from the nearer end (1.60× in 11 alternating pairs, spread from 1.30× to 2.27×; 1.62× in 9 more, with primecount at 1.3× its time of the quieter runs; 1.59× in 15 in a quiet spell), and 0.32× primesum (3 pairs) | 2.99× (and 0.50× primesum) |
//! | [`prime_sum`](sieve::prime_sum)`(10^18)`: peak memory against primecount's `π(10^18)` | 1.36× (44.0 MB against 32.4 MB), 1.35× (42.7 MiB against 31.6 MiB), 1.33× (41.9 MiB against 31.6 MiB), 1.37× (42.9 MiB against 31.4 MiB), one run each | — |
//! | [`PrimeSums::new`](sieve::PrimeSums::new)`(10^16)`, against [`prime_sum`](sieve::prime_sum)`(10^16)` | 1.64×, 2.00×, 1.97×, 2.01×, 1.97× (one sample each); 1.76× with `Σ p²` left out of the run from `x = 2^46` on (0.73× the time before, 3 alternating pairs; peak memory 22 MiB against 27 MiB); 1.00× (7 alternating pairs; 0.62× the time before in 5) with `(1, p)` counted without squares, at the same peak memory (14 MiB); 0.95×, 1.10× (one sample each), 0.97× (5 pairs) with `φ(t, 4)` in closed form; 0.97×, 1.06×, 1.04×, 1.04× (one or two samples each); 1.15×, 1.00× (one or two samples each) | 1.26× |
//! | [`prime_pi_by_residue`](sieve::prime_pi_by_residue)`(10^14, 4)` (a plain run and one twisted by the character modulo 4), against [`prime_pi`](sieve::prime_pi)`(10^14)` | 2.25×, 2.37× | 2.32× |
//! | the same for `q` = 1, 2 (a plain run) | 0.92× each; 0.92×, 0.98× | 1.0× |
//! | for `q` = 3, 6 (two characters) | 2.4×, 2.5×; 2.5×, 2.6× | 2.8× |
//! | for `q` = 8, 12 (four characters) | 3.1×, 3.2×; 3.0×, 3.1× | 3.3×, 3.5× |
//! | for `q` = 5, 7 (eight classes), 10 (the classes modulo 5) and 9, 11 (twelve) | 6.2×, 6.6×; 6.4×; 8.0×, 7.5×; and, the residue weights' scaling inlined, 6.1×, 6.0×; 5.9×; 6.7×, 6.7× | 6.1×; 7.4× to 7.5× (10 on twelve classes) |
//! | [`nth_prime`](sieve::nth_prime)`(10^12)`, against primecount `--nth-prime` | 1.13×, 1.05× | 1.17× |
//! | [`nth_prime`](sieve::nth_prime)`(10^15)` | 1.18×, 1.29× (one sample each) | 1.38× (one sample each) |
//! | [`count_primes`](sieve::count_primes) over `[10^12, 10^12 + 1.2 · 10^8)`, at the switch, against the faster of the sieve and the engine | 1.02× | 1.03× |
//! | over `[10^14, 10^14 + 1.04 · 10^9)`, at the switch | 0.96× | 0.98× |
//!
//! Earlier figures, measured against the crate's own or plain baselines:
//!
//! - [`Sieve::primes`](sieve::Sieve::primes) summed below `10^9`: about
//!   0.15× the time of summing [`primes_in`](sieve::primes_in), which sieves
//!   afresh (36 ms);
//! - [`prime_pi`](sieve::prime_pi) and [`prime_sum`](sieve::prime_sum) on
//!   both cores: 0.53× to 0.56× the one-thread time at `10^16`;
//!   [`PrimeSums::new`](sieve::PrimeSums::new)`(10^16)`: 1.40× the time of
//!   [`prime_sum`](sieve::prime_sum); at `10^12`, 0.18× the time and 0.13×
//!   the memory of Lucy Hedgehog's method;
//!   [`count_grids`](sliding_game::count_grids) at its largest limit: 0.75 s
//!   on one thread, 0.41 s on both cores;
//! - a 5×5 [`slider`] query with 12 red and 12 blue tiles (67 603 900
//!   positions): 0.075× the time and 0.70× the memory of a plain C
//!   breadth-first search over ranked positions;
//! - a 6×6 [`prime_square`] count (digit sum 20, top-left 6, 242 538
//!   squares) on both cores: 0.51× its one-thread time; every 6×6 task
//!   (`ioi94_primes --size 6 --all`): 7 min 39 s on both cores.
//!
//! # Conventions
//!
//! One word per idea, across the modules:
//!
//! - Ranges of numbers are Rust ranges, with their usual bounds
//!   (`lo..hi` excludes `hi`, `..=n` includes `n`); a single bound says
//!   which it is (`prime_pi(x)`: the primes `<= x`; `count_grids(L)`:
//!   the primes `< L`). `nth_prime` is 1-based.
//! - A number of moves is a `len` ([`Moves::len`](sliding_game::Moves),
//!   [`Solution::len`](sliding_game::Solution::len),
//!   [`ShortestPaths::path_len`](slider::ShortestPaths::path_len)).
//! - Board sides are `u64` in [`sliding_game`], whose boards are formulas
//!   and never held in memory, and `usize` in [`slider`], whose boards are.
//! - Counts are `u64`, or `u128` where they can pass `2^64`; never `usize`.
//! - A budget (`max_states`) is a builder setting with a documented default,
//!   checked before anything large is allocated.
//! - "No answer" is an `Option` (an unreachable board, a prime past a
//!   sieve's bound); bad input is an [`Error`], never a panic.
//!
//! # Crate features
//!
//! - `rayon` (on by default): the long computations run on rayon's global
//!   thread pool, or on the pool the caller [installs]; its size is
//!   `RAYON_NUM_THREADS` or the number of cores. Which calls use threads is
//!   said in their docs: [`count_primes`](sieve::count_primes),
//!   [`Sieve::new`](sieve::Sieve::new), [`PrimesIn`](sieve::PrimesIn) as a
//!   parallel iterator, [`prime_pi`](sieve::prime_pi),
//!   [`prime_sum`](sieve::prime_sum), [`PrimeSums`](sieve::PrimeSums) and
//!   [`count_grids`](sliding_game::count_grids), and [`prime_square`]'s
//!   counts and solutions for sides of 6 and more (in the same order as on
//!   one thread). With
//!   `default-features = false` the crate has no rayon, runs on the calling
//!   thread only, and gives the same answers.
//!
//! [installs]: https://docs.rs/rayon/latest/rayon/struct.ThreadPool.html#method.install
//!
//! # Minimum supported Rust version
//!
//! Rust 1.89 (edition 2024), as `rust-version` in `Cargo.toml` says: the
//! version the whole build, tests included, needs.
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod arith;
#[allow(unsafe_code)]
mod dispatch;
mod error;
mod moves;
pub mod prime_square;
mod prime_sums;
pub mod sieve;
pub mod slider;
pub mod sliding_game;
#[cfg(test)]
mod testing;
mod threads;

pub use error::Error;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
