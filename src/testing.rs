//! What the unit tests share: one seeded generator of test words. (The
//! integration tests have theirs in `tests/common`, which the crate
//! cannot reach.)

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
