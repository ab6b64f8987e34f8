//! What the unit tests share: one seeded generator of test words (the
//! integration tests have theirs in `tests/common`), and the thread-pool
//! helper of the integration tests, included from there.

#[path = "../tests/common/pool.rs"]
mod pool;

pub(crate) use pool::in_pool;

/// An endless stream of reproducible pseudo-random words from `seed`
/// (non-zero): Marsaglia's xorshift.
pub(crate) fn words(seed: u64) -> impl Iterator<Item = u64> {
    std::iter::successors(Some(seed), |&state| {
        let state = state ^ state << 13;
        let state = state ^ state >> 7;
        Some(state ^ state << 17)
    })
    .skip(1)
}
