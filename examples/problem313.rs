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

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use common::Failure;
use primeboard::sliding_game::count_grids;

const USAGE: &str = "\
Project Euler 313: the number of grids with S(m, n) = p^2 for a prime p < N.

usage: problem313 [--prime-limit=N] [--skip-checkpoints]

  --prime-limit=N     primes below N (default 1e6; accepts 1e12 notation)
  --skip-checkpoints  do not verify the statement's checkpoints first
";

fn run(args: Vec<String>) -> Result<(), Failure> {
    let mut limit = 1_000_000;
    let mut checkpoints = true;
    for arg in args {
        if arg == "--skip-checkpoints" {
            checkpoints = false;
        } else if let Some(value) = arg.strip_prefix("--prime-limit=") {
            limit = common::parse_number(value).ok_or_else(|| {
                Failure::Usage(format!(
                    "--prime-limit takes a whole number below 2^64, not {value:?}"
                ))
            })?;
        } else {
            return Err(Failure::Usage(format!("unknown argument {arg:?}")));
        }
    }
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    if checkpoints {
        for (checkpoint, expected) in [(10, 8), (100, 5482)] {
            let got = count_grids(checkpoint)?;
            if got != expected {
                return Err(Failure::Run(format!(
                    "checkpoint failed: count_grids({checkpoint}) = {got}, expected {expected}"
                )));
            }
            writeln!(
                out,
                "checkpoint: primes below {checkpoint} give {got} grids"
            )?;
        }
    }
    let count = count_grids(limit)?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    writeln!(out, "{count}")?;
    Ok(())
}

fn main() -> ExitCode {
    common::main("problem313", USAGE, run)
}
