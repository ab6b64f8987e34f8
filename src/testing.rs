//! What the unit tests share: the seeded generator and the thread-pool
//! helper of `tests/common`, included from there, and a plain sieve.

#[path = "../tests/common/shared.rs"]
mod shared;

pub(crate) use shared::in_pool;

/// An endless stream of reproducible pseudo-random words from `seed`
/// (non-zero), by the shared xorshift generator.
pub(crate) fn words(seed: u64) -> impl Iterator<Item = u64> {
    let mut state = seed;
    std::iter::repeat_with(move || shared::xorshift(&mut state))
}

/// Whether each `n < limit` is prime, by a plain sieve of a `bool` a number.
pub(crate) fn plain_sieve(limit: usize) -> Vec<bool> {
    let mut prime = vec![true; limit];
    prime[..2.min(limit)].fill(false);
    for p in 2..limit.isqrt() + 1 {
        if prime[p] {
            (p * p..limit).step_by(p).for_each(|m| prime[m] = false);
        }
    }
    prime
}
