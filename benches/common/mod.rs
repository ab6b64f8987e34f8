//! A criterion-free bench harness: warm-up, timed samples, median.
//!
//! `cargo bench` times every case; `cargo bench -- --test` runs each once and
//! checks its answer. An argument that is not a flag keeps only the cases
//! whose name contains it.
#![allow(dead_code, reason = "each bench uses the parts it needs")]

use std::fmt::Debug;
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "../../tests/common/shared.rs"]
mod shared;

/// How long warm-up and sampling may take for one case.
const WARM_UP: Duration = Duration::from_millis(500);
const SAMPLING: Duration = Duration::from_secs(5);
const MAX_SAMPLES: usize = 15;

/// The harness's settings, read from the command line.
pub struct Bench {
    test: bool,
    filter: Option<String>,
}

impl Bench {
    /// Reads `--test` and an optional name filter; ignores cargo's `--bench`.
    pub fn from_args() -> Bench {
        let mut bench = Bench {
            test: false,
            filter: None,
        };
        for arg in std::env::args().skip(1) {
            match arg.as_str() {
                "--test" => bench.test = true,
                a if a.starts_with('-') => {}
                a => bench.filter = Some(a.to_string()),
            }
        }
        bench
    }

    /// Whether the filter keeps the case `name`.
    fn keeps(&self, name: &str) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|s| name.contains(s.as_str()))
    }

    /// Times `f`, checking every result against `expected`.
    pub fn case<T: PartialEq + Debug>(&self, name: &str, expected: T, mut f: impl FnMut() -> T) {
        if !self.keeps(name) {
            return;
        }
        let mut check = || {
            let start = Instant::now();
            let got = black_box(f());
            let elapsed = start.elapsed();
            assert_eq!(got, expected, "bench case {name} gave a wrong answer");
            elapsed
        };
        if self.test {
            check();
            println!("{name}: ok");
            return;
        }
        sample(name, check);
    }

    /// Times another program as a baseline, sampled as the cases are, when
    /// it is installed: `command` split at spaces, its output checked to
    /// hold `expected`. `--test` leaves baselines out.
    pub fn baseline(&self, name: &str, command: &str, expected: &str) {
        self.time_baseline(name, command, expected, |elapsed, _| elapsed);
    }

    /// [`Bench::baseline`] timed by the program itself: the seconds it
    /// prints right after `expected` (`iter_sum` times its iterator
    /// alone, apart from its start and the count it makes afterwards).
    pub fn baseline_reported(&self, name: &str, command: &str, expected: &str) {
        self.time_baseline(name, command, expected, |_, stdout| {
            let after = &stdout[stdout.find(expected).expect("checked") + expected.len()..];
            let seconds = after.split_whitespace().next().unwrap_or_default();
            let seconds = seconds.trim_end_matches('s').parse::<f64>();
            Duration::from_secs_f64(seconds.expect("the program's own time"))
        });
    }

    /// Samples `command`, timed by `time` from the whole process's time
    /// and its output.
    fn time_baseline(
        &self,
        name: &str,
        command: &str,
        expected: &str,
        time: impl Fn(Duration, &str) -> Duration,
    ) {
        if self.test || !self.keeps(name) {
            return;
        }
        let mut words = command.split(' ');
        let program = words.next().expect("a program");
        let args: Vec<&str> = words.collect();
        let run = || {
            let start = Instant::now();
            let output = Command::new(program).args(&args).output()?;
            let elapsed = start.elapsed();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(stdout.contains(expected), "baseline {name} gave {stdout:?}");
            Ok::<_, std::io::Error>(time(elapsed, &stdout))
        };
        // The first run, a warm-up, tells whether the program is there.
        if run().is_err() {
            println!("{name:<40} ({program} is not installed)");
            return;
        }
        sample(name, || run().expect("it ran before"));
    }
}

/// Runs `f` on a pool of one thread (the one-thread figures), or directly
/// without the `rayon` feature.
pub fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    shared::in_pool(1, f)
}

/// Warms up and samples `check`, which times one run, and prints the
/// median and the minimum.
fn sample(name: &str, mut check: impl FnMut() -> Duration) {
    let begun = Instant::now();
    for _ in 0..3 {
        if begun.elapsed() > WARM_UP {
            break;
        }
        check();
    }
    let begun = Instant::now();
    let mut samples = vec![check()];
    while samples.len() < MAX_SAMPLES && begun.elapsed() < SAMPLING {
        samples.push(check());
    }
    samples.sort();
    println!(
        "{name:<40} median {:>12.3?}   min {:>12.3?}   ({} samples)",
        samples[samples.len() / 2],
        samples[0],
        samples.len()
    );
}
