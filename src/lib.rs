//! Exact, fast solvers for prime and board puzzles, with the prime sieve they
//! stand on.
//!
//! # Overview
//!
//! - [`sieve`]: primes. A bit-packed [`Sieve`](sieve::Sieve) built once and
//!   queried many times, a segmented streaming sieve over any range below
//!   `2^64` ([`primes_in`](sieve::primes_in), [`count_primes`](sieve::count_primes)),
//!   and an exact [`is_prime`](sieve::is_prime) for every `u64`.
//!
//! # Example: primes
//!
//! ```
//! use primeboard::sieve::{self, Sieve};
//!
//! let sieve = Sieve::new(1_000_000)?;
//! assert_eq!(sieve.prime_pi(1_000_000), Some(78_498));
//! assert_eq!(sieve.nth_prime(1), Some(2)); // 1-based
//!
//! // Ranges anywhere below 2^64, from either end, in O(√hi) memory.
//! let top = sieve::primes_in(u64::MAX - 1_000..u64::MAX)?.next_back();
//! assert_eq!(top, Some(18_446_744_073_709_551_557));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! - [`Sieve::new`](sieve::Sieve::new) takes `n / 30` bytes (plus 1.6%) for
//!   the primes up to `n`, and refuses bounds above
//!   [`Sieve::MAX_UPPER_BOUND`](sieve::Sieve::MAX_UPPER_BOUND) (`2^37`, 4.6 GB)
//!   before allocating.
//! - The streaming sieve keeps 12 bytes per sieving prime up to `√hi` and a
//!   256 KiB segment: 100 KB for ranges below `10^12`, 2.4 GB for wide ranges
//!   ending near `2^64`. Ranges narrower than about `√hi / 64` are tested
//!   number by number instead and need almost no memory.
//!
//! # Speed
//!
//! Measured on a 2-core AMD EPYC, single thread, against primesieve 11 in the
//! same session: counting the primes below `10^9` takes 1.4× primesieve's
//! time and below `10^10` 1.6×; summing the primes below `10^9` through
//! [`primes_in`](sieve::primes_in) takes 1.9× primesieve's iterator.
//!
//! # Minimum supported Rust version
//!
//! Rust 1.85 (edition 2024), as `rust-version` in `Cargo.toml` says.
#![deny(missing_docs)]

mod error;
pub mod prime_square;
pub mod sieve;
pub mod slider;
pub mod sliding_game;

pub use error::Error;
