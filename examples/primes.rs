//! Count, list or sum the primes in a range.
//!
//! ```text
//! cargo run --release --example primes -- [--threads N] [count|list|sum] [LO] HI
//! ```
//!
//! `HI` alone means `0..HI`; bounds accept `1e9` notation. The default is
//! `count 1e9`. Counting and summing use every core (with the default
//! `rayon` feature), or `N` threads. The answer goes to stdout, the elapsed
//! time to stderr.

mod common;

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use common::Failure;
use primeboard::sieve;

const USAGE: &str = "\
Count, list or sum the primes p with LO <= p < HI.

usage: primes [--threads N] [count|list|sum] [LO] HI

  HI alone means 0..HI; bounds accept 1e9 notation (default: count 1e9)
  --threads N  count and sum on N threads (default: every core)
";

/// Runs the rest of the program on `threads` threads.
fn use_threads(threads: &str) -> Result<(), Failure> {
    let n: usize = match threads.parse() {
        Ok(n) if n > 0 => n,
        _ => {
            return Err(Failure::Usage(format!(
                "--threads takes a positive whole number, not {threads:?}"
            )));
        }
    };
    common::set_threads(n)
}

fn run(mut args: Vec<String>) -> Result<(), Failure> {
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        let n = args
            .get(i + 1)
            .cloned()
            .ok_or_else(|| Failure::Usage("--threads needs a number".into()))?;
        use_threads(&n)?;
        args.drain(i..i + 2);
    } else if let Some(i) = args.iter().position(|a| a.starts_with("--threads=")) {
        use_threads(&args.remove(i)["--threads=".len()..])?;
    }
    let (mode, bounds) = match args.first().map(String::as_str) {
        Some(m @ ("count" | "list" | "sum")) => (m, &args[1..]),
        _ => ("count", &args[..]),
    };
    let numbers = bounds
        .iter()
        .map(|a| {
            common::parse_number(a)
                .ok_or_else(|| Failure::Usage(format!("not a whole number below 2^64: {a:?}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let range = match numbers[..] {
        [] => 0..1_000_000_000,
        [hi] => 0..hi,
        [lo, hi] => lo..hi,
        _ => {
            return Err(Failure::Usage(
                "expected at most two bounds: [LO] HI".into(),
            ));
        }
    };
    let start = Instant::now();
    let mut out = BufWriter::new(std::io::stdout().lock());
    match mode {
        "count" => writeln!(out, "{}", sieve::count_primes(range)?)?,
        "sum" => writeln!(out, "{}", common::sum_primes(sieve::primes_in(range)?))?,
        _ => {
            for p in sieve::primes_in(range)? {
                writeln!(out, "{p}")?;
            }
        }
    }
    out.flush()?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    Ok(())
}

fn main() -> ExitCode {
    common::main("primes", USAGE, run)
}
