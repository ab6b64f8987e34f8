//! The one thread-pool helper of the tests, the benches and the crate's
//! own unit tests, which include this file.

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
