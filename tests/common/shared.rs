//! What the integration tests, the benches and the crate's own unit tests
//! share, each including this file: one seeded generator and one
//! thread-pool helper.

/// The next value of a seeded xorshift generator: reproducible random
/// inputs for the tests that sample on top of their exhaustive sweeps.
pub fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `f()` on a rayon pool of `threads` threads; without the `rayon` feature,
/// where every path runs on one thread, on this one.
pub fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    #[cfg(feature = "rayon")]
    return rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(f);
    #[cfg(not(feature = "rayon"))]
    {
        let _ = threads;
        f()
    }
}
