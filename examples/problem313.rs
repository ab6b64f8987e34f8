//! Project Euler 313, "Sliding Game": how many grids have `S(m, n) = p²` for
//! a prime `p` below the limit?
//!
//! ```text
//! cargo run --release --example problem313 -- [--prime-limit=N] [--skip-checkpoints]
//! ```
//!
//! `N` defaults to `10^6` and accepts `1e12` notation. Unless skipped, the
//! statement's checkpoints (limits 10 → 8, 100 → 5482) are verified first.
//! The count is the last line of stdout; the elapsed time goes to stderr.

mod common;

use std::process::ExitCode;
use std::time::Instant;

use primeboard::sliding_game::count_grids;

/// Parses `123` or `1e9` as a `u64`, or says what is wrong.
fn parse_number(text: &str) -> Result<u64, String> {
    common::parse_number(text)
        .ok_or_else(|| format!("--prime-limit takes a whole number below 2^64, not {text:?}"))
}

fn run() -> Result<(), String> {
    let mut limit = 1_000_000;
    let mut checkpoints = true;
    for arg in std::env::args().skip(1) {
        if arg == "--skip-checkpoints" {
            checkpoints = false;
        } else if let Some(value) = arg.strip_prefix("--prime-limit=") {
            limit = parse_number(value)?;
        } else {
            return Err(format!(
                "unknown argument {arg:?} (expected --prime-limit=N or --skip-checkpoints)"
            ));
        }
    }
    let start = Instant::now();
    if checkpoints {
        for (checkpoint, expected) in [(10, 8), (100, 5482)] {
            let got = count_grids(checkpoint).map_err(|e| e.to_string())?;
            if got != expected {
                return Err(format!(
                    "checkpoint failed: count_grids({checkpoint}) = {got}, expected {expected}"
                ));
            }
            println!("checkpoint: primes below {checkpoint} give {got} grids");
        }
    }
    let count = count_grids(limit).map_err(|e| e.to_string())?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    println!("{count}");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("problem313: {message}");
            ExitCode::FAILURE
        }
    }
}
