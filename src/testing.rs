//! What the unit tests share with the integration tests and the benches:
//! the seeded generator and the thread-pool helper of `tests/common`,
//! included from there.

#[path = "../tests/common/shared.rs"]
mod shared;

pub(crate) use shared::in_pool;

/// An endless stream of reproducible pseudo-random words from `seed`
/// (non-zero), by the shared xorshift generator.
pub(crate) fn words(seed: u64) -> impl Iterator<Item = u64> {
    let mut state = seed;
    std::iter::repeat_with(move || shared::xorshift(&mut state))
}
