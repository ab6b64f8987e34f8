//! Count, list or sum the primes in a range.
//!
//! ```text
//! cargo run --release --example primes -- [count|list|sum] [LO] HI
//! ```
//!
//! `HI` alone means `0..HI`; bounds accept `1e9` notation. The default is
//! `count 1e9`. The answer goes to stdout, the elapsed time to stderr.

mod common;

use std::process::ExitCode;
use std::time::Instant;

use primeboard::sieve;

/// Parses `123` or `1e9` as a `u64`, or says what is wrong.
fn parse_number(text: &str) -> Result<u64, String> {
    common::parse_number(text).ok_or_else(|| format!("not a whole number below 2^64: {text:?}"))
}

fn run(args: &[String]) -> Result<(), String> {
    let (mode, bounds) = match args.first().map(String::as_str) {
        Some(m @ ("count" | "list" | "sum")) => (m, &args[1..]),
        _ => ("count", args),
    };
    let numbers = bounds
        .iter()
        .map(|a| parse_number(a))
        .collect::<Result<Vec<_>, _>>()?;
    let range = match numbers[..] {
        [] => 0..1_000_000_000,
        [hi] => 0..hi,
        [lo, hi] => lo..hi,
        _ => return Err("expected at most two bounds: [LO] HI".into()),
    };
    let start = Instant::now();
    match mode {
        "count" => println!("{}", sieve::count_primes(range).map_err(|e| e.to_string())?),
        "sum" => {
            let primes = sieve::primes_in(range).map_err(|e| e.to_string())?;
            println!("{}", primes.map(u128::from).sum::<u128>());
        }
        _ => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for p in sieve::primes_in(range).map_err(|e| e.to_string())? {
                std::io::Write::write_fmt(&mut out, format_args!("{p}\n"))
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    eprintln!("elapsed: {:.3?}", start.elapsed());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("primes: {message}");
            ExitCode::FAILURE
        }
    }
}
