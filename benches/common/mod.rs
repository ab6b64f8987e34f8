//! A criterion-free bench harness: warm-up, timed samples, median.
//!
//! `cargo bench` times every case; `cargo bench -- --test` runs each once and
//! checks its answer. An argument that is not a flag keeps only the cases
//! whose name contains it.

use std::fmt::Debug;
use std::hint::black_box;
use std::time::{Duration, Instant};

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

    /// Times `f`, checking every result against `expected`.
    pub fn case<T: PartialEq + Debug>(&self, name: &str, expected: T, mut f: impl FnMut() -> T) {
        if self
            .filter
            .as_ref()
            .is_some_and(|s| !name.contains(s.as_str()))
        {
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
}
