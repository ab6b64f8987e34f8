//! The one place that knows whether the `rayon` feature is on: the crate's
//! parallel paths call these helpers, which run on rayon's pool with the
//! feature and in order on the calling thread without it, with the same
//! results either way. Work too short to gain from threads runs in
//! [`serial`], where the helpers keep to the calling thread.

use std::ops::Range;

#[cfg(feature = "rayon")]
thread_local! {
    /// Whether this thread is inside [`serial`].
    static SERIAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f()` with the helpers below running in order on the calling thread, as
/// without the feature: for work so short that handing it to the pool's
/// threads and waiting for them costs more than it saves.
pub(crate) fn serial<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "rayon")]
    {
        /// Restores the flag as it was, on a panic too.
        struct Restore(bool);
        impl Drop for Restore {
            fn drop(&mut self) {
                SERIAL.set(self.0);
            }
        }
        let _restore = Restore(SERIAL.replace(true));
        f()
    }
    #[cfg(not(feature = "rayon"))]
    f()
}

/// Whether the helpers share the work out on rayon's pool.
#[cfg(feature = "rayon")]
fn parallel() -> bool {
    !SERIAL.get()
}

/// The number of threads the work is shared out to: the size of rayon's
/// current pool, or 1 without the feature or in [`serial`].
pub(crate) fn count() -> usize {
    #[cfg(feature = "rayon")]
    if parallel() {
        return rayon::current_num_threads();
    }
    1
}

/// `f` of every item, in the items' order.
pub(crate) fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "rayon")]
    if parallel() {
        use rayon::prelude::*;
        return items.par_iter().map(f).collect();
    }
    items.iter().map(f).collect()
}

/// `f` of every item, consuming them, stopping at the first error (on
/// rayon's threads, at an error the other threads meet soonest).
pub(crate) fn try_for_each<T: Send, E: Send>(
    items: Vec<T>,
    f: impl Fn(T) -> Result<(), E> + Sync + Send,
) -> Result<(), E> {
    #[cfg(feature = "rayon")]
    if parallel() {
        use rayon::prelude::*;
        return items.into_par_iter().try_for_each(f);
    }
    items.into_iter().try_for_each(f)
}

/// `job(state, i)` for every `i` in `jobs`, combined in the order of `i`
/// by the associative `combine`, from `empty`. Each thread makes its own
/// `state` with `init` and reuses it from job to job. On rayon's threads
/// one index is one job, since the jobs of the crate's callers differ
/// widely in cost.
pub(crate) fn fold_in_order<S, R: Send>(
    jobs: Range<usize>,
    init: impl Fn() -> S + Sync + Send,
    job: impl Fn(&mut S, usize) -> R + Sync + Send,
    empty: impl Fn() -> R + Sync + Send,
    combine: impl Fn(R, R) -> R + Sync + Send,
) -> R {
    #[cfg(feature = "rayon")]
    if parallel() {
        use rayon::prelude::*;
        return jobs
            .into_par_iter()
            .with_max_len(1)
            .map_init(init, job)
            .reduce(empty, combine);
    }
    let mut state = init();
    jobs.fold(empty(), |done, i| combine(done, job(&mut state, i)))
}
