//! [`Engine`]: the answers of the combinatorial engine, with a report of
//! their progress.

use std::ops::{Range, RangeBounds};

use super::method::{self, Total};
use super::{half_open, nth, pieces};
use crate::Error;
use crate::prime_sums::{
    Report, prime_pi_by_residue_reporting, prime_pi_reporting, prime_sum_by_residue_reporting,
    prime_sum_reporting,
};

/// The questions the combinatorial engine answers, asked with options:
/// today, a function that receives the fraction of the work done.
///
/// The free functions [`prime_pi`](super::prime_pi),
/// [`prime_sum`](super::prime_sum), [`nth_prime`](super::nth_prime),
/// [`count_primes`](super::count_primes),
/// [`sum_primes`](super::sum_primes),
/// [`prime_pi_by_residue`](super::prime_pi_by_residue) and
/// [`prime_sum_by_residue`](super::prime_sum_by_residue) are these methods
/// on [`Engine::new`]. With [`Engine::progress`], the engine passes the
/// fraction of its jobs done, from 0 to 1, to the function after each job:
/// a few thousand times a run, from whichever of rayon's threads finished
/// the job. The fraction rises steadily with the jobs but not exactly with
/// time (the first segments hold the most leaves). A range that is sieved
/// rather than counted by the engine reports 1 when it is done. Without a
/// function, nothing is counted.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::Engine;
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// let reports = AtomicU64::new(0);
/// let count = |_done: f64| {
///     reports.fetch_add(1, Ordering::Relaxed);
/// };
/// let engine = Engine::new().progress(&count);
/// assert_eq!(engine.prime_pi(10_000_000_000), 455_052_511);
/// assert!(reports.load(Ordering::Relaxed) > 10);
/// ```
#[derive(Clone, Copy)]
pub struct Engine<'a> {
    report: Report<'a>,
}

impl std::fmt::Debug for Engine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

impl Default for Engine<'_> {
    fn default() -> Self {
        Engine::new()
    }
}

impl<'a> Engine<'a> {
    /// The engine with no progress report.
    #[must_use]
    pub fn new() -> Engine<'static> {
        Engine {
            report: Report::NONE,
        }
    }

    /// The same engine, passing the fraction of each answer's work done to
    /// `report`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    /// use std::sync::Mutex;
    ///
    /// let last = Mutex::new(0.0);
    /// let record = |done: f64| *last.lock().unwrap() = done;
    /// assert_eq!(Engine::new().progress(&record).prime_sum(1_000_000), 37_550_402_023);
    /// assert_eq!(*last.lock().unwrap(), 1.0);
    /// ```
    #[must_use]
    pub fn progress(self, report: &'a (dyn Fn(f64) + Sync)) -> Engine<'a> {
        Engine {
            report: Report::to(report),
        }
    }

    /// [`prime_pi`](super::prime_pi)`(x)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().prime_pi(100), 25);
    /// ```
    #[must_use]
    pub fn prime_pi(&self, x: u64) -> u64 {
        let pi = prime_pi_reporting(x, self.report);
        self.report.done(1.0);
        pi
    }

    /// [`prime_sum`](super::prime_sum)`(x)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().prime_sum(100), 1060);
    /// ```
    #[must_use]
    pub fn prime_sum(&self, x: u64) -> u128 {
        let sum = prime_sum_reporting(x, self.report);
        self.report.done(1.0);
        sum
    }

    /// [`prime_pi_by_residue`](super::prime_pi_by_residue)`(x, q)`.
    ///
    /// # Errors
    ///
    /// As [`prime_pi_by_residue`](super::prime_pi_by_residue).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().prime_pi_by_residue(20, 3)?, vec![1, 3, 4]);
    /// # Ok::<(), primeboard::Error>(())
    /// ```
    pub fn prime_pi_by_residue(&self, x: u64, q: u64) -> Result<Vec<u64>, Error> {
        let classes = prime_pi_by_residue_reporting(x, q, self.report)?;
        self.report.done(1.0);
        Ok(classes)
    }

    /// [`prime_sum_by_residue`](super::prime_sum_by_residue)`(x, q)`.
    ///
    /// # Errors
    ///
    /// As [`prime_sum_by_residue`](super::prime_sum_by_residue).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().prime_sum_by_residue(20, 3)?, vec![3, 7 + 13 + 19, 2 + 5 + 11 + 17]);
    /// # Ok::<(), primeboard::Error>(())
    /// ```
    pub fn prime_sum_by_residue(&self, x: u64, q: u64) -> Result<Vec<u128>, Error> {
        let classes = prime_sum_by_residue_reporting(x, q, self.report)?;
        self.report.done(1.0);
        Ok(classes)
    }

    /// [`nth_prime`](super::nth_prime)`(n)`: the progress is that of its `π`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().nth_prime(25), Some(97));
    /// ```
    #[must_use]
    pub fn nth_prime(&self, n: u64) -> Option<u64> {
        let p = nth::reporting(n, self.report);
        self.report.done(1.0);
        p
    }

    /// [`count_primes`](super::count_primes)`(range)`: by the engine, its
    /// two values each half of the progress; by the sieve, 1 when done.
    ///
    /// # Errors
    ///
    /// As [`count_primes`](super::count_primes).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().count_primes(10..20)?, 4);
    /// # Ok::<(), primeboard::Error>(())
    /// ```
    pub fn count_primes(&self, range: impl RangeBounds<u64>) -> Result<u64, Error> {
        self.over(
            half_open(range),
            Total::Count,
            prime_pi_reporting,
            pieces::count_primes,
        )
    }

    /// [`sum_primes`](super::sum_primes)`(range)`, its progress as for
    /// [`Engine::count_primes`].
    ///
    /// # Errors
    ///
    /// As [`sum_primes`](super::sum_primes).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Engine;
    ///
    /// assert_eq!(Engine::new().sum_primes(10..20)?, 11 + 13 + 17 + 19);
    /// # Ok::<(), primeboard::Error>(())
    /// ```
    pub fn sum_primes(&self, range: impl RangeBounds<u64>) -> Result<u128, Error> {
        self.over(
            half_open(range),
            Total::Sum,
            prime_sum_reporting,
            pieces::sum_primes,
        )
    }

    /// The `total` of the primes in `lo..hi`: `up_to(hi - 1) - up_to(lo - 1)`
    /// by the engine (each value half of the progress when both run), or
    /// `sieved(lo..hi)`, whichever costs less.
    fn over<T: std::ops::Sub<Output = T>>(
        &self,
        range: Range<u64>,
        total: Total,
        up_to: fn(u64, Report) -> T,
        sieved: fn(Range<u64>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let Range { start: lo, end: hi } = range;
        let value = if !method::prefers_engine(total, &range) {
            sieved(range)?
        } else if lo <= 1 {
            up_to(hi - 1, self.report)
        } else {
            up_to(hi - 1, self.report.part(0, 2)) - up_to(lo - 1, self.report.part(1, 2))
        };
        self.report.done(1.0);
        Ok(value)
    }
}
