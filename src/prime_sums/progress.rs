//! Progress reports from the engine's runs: the fraction of a run's jobs
//! done (its easy-leaf jobs, its windows and its segments), passed to the
//! caller's function after each job. Without a function nothing is counted.

use std::sync::atomic::{AtomicU64, Ordering};

/// Where a run reports its progress, and which part of the caller's whole
/// work it is.
#[derive(Clone, Copy)]
pub(crate) struct Report<'a> {
    to: Option<&'a (dyn Fn(f64) + Sync)>,
    /// The fraction of the whole done before this part starts.
    start: f64,
    /// The fraction of the whole this part stands for.
    share: f64,
}

impl<'a> Report<'a> {
    /// Reports nowhere.
    pub(crate) const NONE: Report<'static> = Report {
        to: None,
        start: 0.0,
        share: 1.0,
    };

    /// Reports the whole work's progress to `to`.
    pub(crate) fn to(to: &'a (dyn Fn(f64) + Sync)) -> Report<'a> {
        Report {
            to: Some(to),
            ..Report::NONE
        }
    }

    /// Part `k` of `n` equal parts of this one.
    pub(crate) fn part(self, k: u32, n: u32) -> Report<'a> {
        let share = self.share / f64::from(n);
        Report {
            start: self.start + share * f64::from(k),
            share,
            ..self
        }
    }

    /// Passes on that the fraction `done` of this part is done.
    pub(crate) fn done(&self, done: f64) {
        if let Some(to) = self.to {
            to(self.start + self.share * done.clamp(0.0, 1.0));
        }
    }
}

/// A run's jobs, counted as they finish, on any thread.
pub(super) struct Jobs<'a> {
    report: Report<'a>,
    total: u64,
    done: AtomicU64,
}

impl<'a> Jobs<'a> {
    /// `total` jobs, none done.
    pub(super) fn new(report: Report<'a>, total: u64) -> Jobs<'a> {
        Jobs {
            report,
            total: total.max(1),
            done: AtomicU64::new(0),
        }
    }

    /// One more job done.
    #[inline]
    pub(super) fn tick(&self) {
        if self.report.to.is_some() {
            let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
            self.report.done(done as f64 / self.total as f64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn parts_cover_the_whole_in_order() {
        let seen = Mutex::new(Vec::new());
        let record = |f: f64| seen.lock().unwrap().push(f);
        let whole = Report::to(&record);
        for k in 0..2 {
            let jobs = Jobs::new(whole.part(k, 2), 4);
            (0..4).for_each(|_| jobs.tick());
        }
        let seen = seen.into_inner().unwrap();
        let expected = [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0];
        assert_eq!(seen, expected);
        Jobs::new(Report::NONE, 3).tick();
    }
}
