//! Primes: a bit-packed sieve, a segmented streaming sieve, and an exact
//! primality test for every `u64`.
//!
//! - [`Sieve`] holds every prime up to a bound (8 bits per 30 numbers) and
//!   answers [`Sieve::is_prime`], [`Sieve::prime_pi`] and [`Sieve::nth_prime`]
//!   in constant time, and [`Sieve::primes_in`], [`Sieve::next_prime`] and
//!   [`Sieve::prev_prime`] without sieving again. Build it once, query it
//!   many times.
//! - [`primes_in`] streams the primes of any range of `u64`, from either
//!   end, in `O(√hi)` memory.
//! - [`is_prime`] decides a single number with a deterministic Miller–Rabin
//!   test; [`next_prime`] and [`prev_prime`] step from any `u64` to its
//!   neighbours in microseconds.
//! - [`prime_pi`], [`prime_sum`] and [`PrimeSums`] give `π(x)`, `Σp` and
//!   `Σp²` for every `u64` `x`, by a combinatorial method (Gourdon's
//!   decomposition of Deléglise and Rivat's) in about
//!   `x^{2/3}` time and a few megabytes, without sieving to `x`;
//!   [`nth_prime`] inverts `π` for every `n` up to [`PRIMES_BELOW_2_64`].
//! - [`prime_pi_by_residue`] and [`prime_sum_by_residue`] split `π(x)` and
//!   `Σp` by the class of `p` modulo any `q` up to [`MAX_MODULUS`], by the
//!   same engine.
//! - [`count_primes`] and [`sum_primes`] count and add up the primes of any
//!   range by the faster method: the sieve for a narrow range, two values
//!   of the engine for a wide one.
//! - [`Engine`] asks the same questions with a progress report, for the
//!   computations that take minutes.
//!
//! # The wheel and the segments
//!
//! Only numbers coprime to 30 are stored: byte `b` holds the eight numbers
//! `30b + {1, 7, 11, 13, 17, 19, 23, 29}`. The streaming sieve works through
//! 1 MiB segments (31.5 million numbers, half or all of an L2 cache). Each segment
//! starts as the AND of periodic patterns with the multiples of 7 to 163
//! already removed. The smallest sieving primes then work through it one
//! L1-sized piece at a time: pieces of 32, 48 or 64 KiB, the largest that
//! fits in the core's L1 data cache (read at run time on Linux; 32 KiB
//! elsewhere), for the primes below a quarter of the piece's bytes. The
//! sieving primes from there up to `2^22` work over the whole segment;
//! each crosses off its multiples eight at a time, one wheel turn per step,
//! with bit masks fixed at compile time, the primes kept apart by residue
//! class so that each class runs its own loop; those with less than a turn
//! in the segment (from `2^20`) step from multiple to multiple in one loop
//! instead, which leaves it by one branch. The larger ones have
//! at most a few multiples in a segment: each waits in the bucket of the
//! segment that holds its next multiple (a ring of buckets, one for each
//! segment ahead, of 8 KiB blocks from a pool), is visited only there, and
//! moves on to the bucket of its next multiple. Counting and iteration read
//! the segment a 64-bit word at a time (`count_ones`, with the processor's
//! popcount where it has one, and `trailing_zeros`).
//!
//! The front end of a stream keeps each sieving prime's next multiple from
//! segment to segment, and takes in the primes up to `√` of each segment's
//! end as it reaches them, so its memory follows what it has sieved. The
//! back end keeps the sieving primes up to `2^20` with the first number of
//! its segment modulo each: moving down one whole segment changes that
//! remainder by a constant, so it finds every first multiple without a
//! division; the larger ones wait in buckets for the segment of their next
//! multiple below, down to their square.
//!
//! A range narrower than about `√hi / 64` is not sieved at all: each number
//! is tested with [`is_prime`], so a window of a hundred numbers near `2^64`
//! answers in microseconds.
//!
//! # Threads
//!
//! With the `rayon` feature (on by default), [`count_primes`] and
//! [`Sieve::new`] cut wide ranges into pieces of at least 4 segments, a few
//! per thread of rayon's pool, and [`PrimesIn`] implements rayon's
//! `IntoParallelIterator` the same way. Every piece keeps its own sieving
//! primes. [`prime_pi`], [`prime_sum`] and [`PrimeSums`] share out the
//! segments of their sieve and their easy leaves. The answers are the same
//! on any number of threads and without the feature.
//!
//! # Examples
//!
//! ```
//! use primeboard::sieve::{self, Sieve};
//!
//! // Build once, query many times.
//! let small = Sieve::new(10_000)?;
//! assert_eq!(small.prime_pi(10_000), Some(1229));
//!
//! // Stream a range without holding it.
//! assert_eq!(sieve::count_primes(1_000_000..2_000_000)?, 70_435);
//! // Near 2^64 a narrow range is tested, not sieved: microseconds.
//! let last = sieve::primes_in(u64::MAX - 1000..)?.next_back();
//! assert_eq!(last, Some(18_446_744_073_709_551_557));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod buckets;
mod cross;
mod engine;
mod method;
mod miller_rabin;
mod neighbours;
mod nth;
mod packed;
#[cfg(feature = "rayon")]
mod parallel;
mod pieces;
mod presieve;
mod stream;
pub(crate) mod wheel;

use std::ops::{Bound, Range, RangeBounds};

pub use crate::prime_sums::{MAX_MODULUS, PrimeSums, prime_pi, prime_sum};
pub use engine::Engine;
pub use neighbours::{next_prime, prev_prime};
pub use nth::{PRIMES_BELOW_2_64, nth_prime};
pub use packed::{Primes, Sieve};
#[cfg(feature = "rayon")]
pub use parallel::ParPrimesIn;
pub(crate) use stream::ForwardSieve;
pub use stream::PrimesIn;

use crate::Error;

/// Whether `n` is prime, exactly, for every `u64`.
///
/// Trial division by the primes below 41, then the strong-probable-prime
/// test to the seven bases of Jim Sinclair, which has no pseudoprime below
/// `2^64`. For many queries below one bound, [`Sieve::is_prime`] is faster.
///
/// # Complexity
///
/// `O(log n)` modular multiplications (Montgomery form, 128-bit products).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::is_prime;
///
/// assert!(is_prime(2) && is_prime(97) && !is_prime(1) && !is_prime(91));
/// assert!(is_prime(18_446_744_073_709_551_557)); // the largest u64 prime
/// assert!(!is_prime(3_215_031_751)); // a strong pseudoprime to bases 2, 3, 5, 7
/// ```
#[must_use]
pub fn is_prime(n: u64) -> bool {
    miller_rabin::is_prime(n)
}

/// The numbers of `range` as a half-open `lo..hi`.
///
/// `..=u64::MAX` becomes `..u64::MAX`, which holds the same primes since
/// `u64::MAX = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417` is composite.
fn half_open(range: impl RangeBounds<u64>) -> Range<u64> {
    let lo = match range.start_bound() {
        Bound::Included(&lo) => lo,
        Bound::Excluded(&lo) => lo.saturating_add(1),
        Bound::Unbounded => 0,
    };
    let hi = match range.end_bound() {
        Bound::Included(&hi) => hi.saturating_add(1),
        Bound::Excluded(&hi) => hi,
        Bound::Unbounded => u64::MAX,
    };
    match range.start_bound() {
        Bound::Excluded(&u64::MAX) => lo..lo,
        _ => lo..hi,
    }
}

/// The number of primes in `range`: any range of `u64` (`lo..hi`,
/// `lo..=hi`, `lo..`, `..hi`, `..`), by the faster of two methods.
///
/// A wide range is answered by the engine of [`prime_pi`] as
/// `π(hi - 1) - π(lo - 1)`; a narrow one is sieved in cache-sized segments
/// and counted a word at a time, or, next to `√hi`, tested number by
/// number. The switch lies where the two cost the same on the machine of
/// the crate docs' [speed section](crate#speed): from about `2.5 · 10^5`
/// numbers starting at 0, `5.5 · 10^6` near `10^9`, `1.4 · 10^7` near
/// `10^10`, `1.3 · 10^8` near `10^12`, `1.2 · 10^9` near `10^14` and
/// `1.3 · 10^10` near `10^16` (1.3 to 2.5 times as many for sums). To
/// sieve whatever the width, count [`primes_in`]`(range)`.
///
/// An empty or reversed range holds no primes.
///
/// # Complexity
///
/// The cheaper of the engine's time at `hi` and `lo` (about `x^{2/3}`, see
/// [`prime_pi`]) and the sieve's: time `O(w log log hi + √hi)` for a
/// range of width `w`, memory about 8 bytes per sieving prime up to `√hi`
/// that has a multiple in the range (`O(√hi / log hi)`), grown as the
/// segments advance, and one 1 MiB segment. With the `rayon` feature each
/// thread sieves its own piece with its own sieving primes: near `2^64`
/// that is up to 1.6 GB per thread.
///
/// # Errors
///
/// - [`Error::OutOfMemory`] when the range is sieved and the sieving
///   primes of its first segment cannot be allocated: only for ranges
///   starting near `2^64`, whose first segment already needs up to 1.6 GB
///   of them.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::count_primes;
///
/// assert_eq!(count_primes(0..100)?, 25);
/// assert_eq!(count_primes(..=97)?, 25);
/// assert_eq!(count_primes(100..0)?, 0); // reversed: empty
/// assert_eq!(count_primes(u64::MAX - 100..)?, 3);
/// // A trillion numbers, by the engine: milliseconds.
/// assert_eq!(count_primes(..1_000_000_000_000)?, 37_607_912_018);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_primes(range: impl RangeBounds<u64>) -> Result<u64, Error> {
    Engine::new().count_primes(range)
}

/// The sum of the primes in `range`, any range of `u64`, by the faster of
/// two methods, exact (every such sum is below `2^128`).
///
/// As [`count_primes`]: a wide range is answered by the engine of
/// [`prime_sum`] as `Σp(hi - 1) - Σp(lo - 1)`, a narrow one is sieved (or
/// tested) and its primes added up, the switch where the two cost the same.
///
/// # Complexity
///
/// As [`count_primes`], with the engine's time for [`prime_sum`].
///
/// # Errors
///
/// - [`Error::OutOfMemory`] as for [`count_primes`].
///
/// # Examples
///
/// ```
/// use primeboard::sieve::sum_primes;
///
/// assert_eq!(sum_primes(0..10)?, 2 + 3 + 5 + 7);
/// assert_eq!(sum_primes(90..=101)?, 97 + 101);
/// assert_eq!(sum_primes(..1_000_000_000_000)?, 18_435_588_552_550_705_911_377);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sum_primes(range: impl RangeBounds<u64>) -> Result<u128, Error> {
    Engine::new().sum_primes(range)
}

/// The number of primes `p <= x` in each class modulo `q`, for every `u64`
/// `x` and every modulus `1 <= q <=` [`MAX_MODULUS`]: entry `r` counts the
/// primes with `p mod q = r`.
///
/// The engine of [`prime_pi`] with every prime weighing `e_{p mod q}`, a
/// unit vector of the classes: the weight `n ↦ e_{n mod q}` is completely
/// multiplicative in the ring of vectors indexed by the classes, where
/// `e_r e_s = e_{rs mod q}`, and every step of the engine is a ring
/// operation. The sieve of its hard leaves keeps a counter per class of
/// positions modulo `q` (or `q / 2`: only odd numbers are sieved). When `q`
/// divides 24, the real Dirichlet characters modulo `q` are all its
/// characters, and the engine runs in their basis instead, where a product
/// is a sign per component: `(χ(p))_χ` for each prime, the classes
/// recovered at the end by the characters' orthogonality. The principal
/// character's sums for `q = 1, 2, 4` are [`prime_pi`]'s own, and the other
/// character modulo 4 runs on its own in scalars, its counters taking the
/// bits of one class less those of the other, at about 1.3 times the cost
/// of [`prime_pi`]. This is the
/// extension of the combinatorial method to primes in progressions by
/// Deléglise, Dusart and Roblot (2004), with every class at once. Below
/// `2^12` the primes are sieved and sorted into their classes.
///
/// # Complexity
///
/// As [`prime_pi`], each leaf and each sieve word costing `O(q)` instead
/// of `O(1)` (`O(φ(q))` through the characters); the vectors are kept 2,
/// 4, 8, 12 or 100 entries long, the least that holds them, and `q = 1, 2,
/// 4` take one or two runs of scalars. The measured time
/// for each `q <= 12`, as ratios to `prime_pi(x)`, is in the crate docs'
/// [speed section](crate#speed).
///
/// # Errors
///
/// [`Error::InvalidModulus`] when `q` is 0 or above [`MAX_MODULUS`].
///
/// # Examples
///
/// ```
/// use primeboard::sieve::prime_pi_by_residue;
///
/// // 2, 5, 13, 17, 29, 37, 41, 53, 61, 73, 89, 97 and 3, 7, 11, 19, ...
/// assert_eq!(prime_pi_by_residue(100, 4)?, vec![0, 11, 1, 13]);
/// // Chebyshev's bias: below 10^9, more primes are 3 than 1 modulo 4.
/// let classes = prime_pi_by_residue(1_000_000_000, 4)?;
/// assert_eq!((classes[1], classes[3]), (25_423_491, 25_424_042));
/// assert!(prime_pi_by_residue(100, 0).is_err());
/// # Ok::<(), primeboard::Error>(())
/// ```
pub fn prime_pi_by_residue(x: u64, q: u64) -> Result<Vec<u64>, Error> {
    Engine::new().prime_pi_by_residue(x, q)
}

/// The sum of the primes `p <= x` in each class modulo `q`, for every
/// `u64` `x` and every modulus `1 <= q <=` [`MAX_MODULUS`]: entry `r` adds
/// up the primes with `p mod q = r`, exactly.
///
/// As [`prime_pi_by_residue`], with the weight `p e_{p mod q}` of
/// [`prime_sum`].
///
/// # Complexity
///
/// As [`prime_pi_by_residue`], with the engine's time for [`prime_sum`].
///
/// # Errors
///
/// [`Error::InvalidModulus`] when `q` is 0 or above [`MAX_MODULUS`].
///
/// # Examples
///
/// ```
/// use primeboard::sieve::{prime_sum, prime_sum_by_residue};
///
/// // 2 + 5 + 11 + 17 + 23 + 29 + 41 + 47 + ... and 3 alone, 7 + 13 + 19 + ...
/// let sums = prime_sum_by_residue(1_000_000, 3)?;
/// assert_eq!(sums[0], 3);
/// assert_eq!(sums.iter().sum::<u128>(), prime_sum(1_000_000));
/// # Ok::<(), primeboard::Error>(())
/// ```
pub fn prime_sum_by_residue(x: u64, q: u64) -> Result<Vec<u128>, Error> {
    Engine::new().prime_sum_by_residue(x, q)
}

/// A streaming iterator over the primes in `range` (any range of `u64`),
/// increasing from the front and decreasing from the back.
///
/// An empty or reversed range yields nothing. Nothing is sieved until the
/// first prime is asked for; each end then sieves one 1 MiB segment at a
/// time. Each end keeps its sieving primes from segment to segment, the
/// large ones in the buckets of the segments they have a multiple in, so
/// going backwards costs about as much as going forwards.
///
/// # Complexity
///
/// As [`count_primes`], plus `O(1)` per prime yielded. Memory: as
/// [`count_primes`] for each end that is used; the back end takes the
/// primes up to `√hi` at its first step (up to 1.6 GB and seconds for a
/// wide range ending near `2^64`, where a narrow range is tested in
/// microseconds).
///
/// # Errors
///
/// - [`Error::OutOfMemory`] as for [`count_primes`].
///
/// # Examples
///
/// ```
/// use primeboard::sieve::primes_in;
///
/// let primes: Vec<u64> = primes_in(90..110)?.collect();
/// assert_eq!(primes, [97, 101, 103, 107, 109]);
/// assert_eq!(primes_in(90..110)?.rev().next(), Some(109));
/// assert_eq!(primes_in(1000..)?.next(), Some(1009));
/// let sum: u64 = primes_in(..1_000_000)?.sum();
/// assert_eq!(sum, 37_550_402_023);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn primes_in(range: impl RangeBounds<u64>) -> Result<PrimesIn, Error> {
    PrimesIn::new(half_open(range))
}
