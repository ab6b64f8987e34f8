//! Independent oracles shared by the tests: written plainly, with none of the
//! crate's code, so that a fast path is always compared with a slow one.
#![allow(dead_code)] // each test file uses its own part

pub mod lucy;
pub mod miller_rabin;
pub mod prime_square;
mod shared;
pub mod slider;

#[allow(unused_imports, reason = "each test file uses its own part")]
pub use shared::{in_pool, xorshift};

/// Numbers per sieve segment (1 MiB, 30 numbers a byte), per L1 piece (32,
/// 48 or 64 KiB: the sieve takes the largest that fits in the core's L1d)
/// and per batch of words a stream decodes into primes at a time (32 words
/// of 8 bytes); a unit test in the crate keeps these in step with its
/// constants.
pub const SEGMENT: u64 = 30 * 1024 * 1024;
pub const PIECES: [u64; 3] = [30 * 32 * 1024, 30 * 48 * 1024, 30 * 64 * 1024];
pub const DECODED: u64 = 30 * 32 * 8;

/// Whether `n` is prime, by trial division by every integer up to `√n`.
pub fn trial_division(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

/// The primes in `lo..hi`, by trial division of every number.
pub fn naive_primes(lo: u64, hi: u64) -> Vec<u64> {
    (lo..hi).filter(|&n| trial_division(n)).collect()
}

/// A byte per number: `table[n]` says whether `n <= n_max` is prime
/// (Eratosthenes, one `bool` per number, no wheel, no segments).
pub fn byte_sieve(n_max: u64) -> Vec<bool> {
    let n = n_max as usize;
    let mut table = vec![true; n + 1];
    table[0] = false;
    if n >= 1 {
        table[1] = false;
    }
    let mut p = 2;
    while p * p <= n {
        if table[p] {
            for m in (p * p..=n).step_by(p) {
                table[m] = false;
            }
        }
        p += 1;
    }
    table
}
