//! IOI'94 "The Primes": every square of `N`-digit primes with digit sum `S`
//! and top-left digit `D`, in the USACO "prime3" output form.
//!
//! ```text
//! cargo run --release --example ioi94_primes -- [--size N] [--count] S D
//! echo "11 1" | cargo run --release --example ioi94_primes
//! ```
//!
//! Without `S D` on the command line they are read from standard input, on
//! one line or two; empty input means the task's sample, `11 1`. Squares are printed in increasing order, `N` lines each,
//! one empty line between two; `NONE` when there is none. `--count` prints
//! the number of squares instead. The elapsed time goes to stderr.

use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use primeboard::prime_square::SolverBuilder;

fn run() -> Result<(), String> {
    let mut size = 5;
    let mut count = false;
    let mut numbers = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--count" => count = true,
            "--size" => {
                let value = args.next().ok_or("--size needs a number")?;
                size = value
                    .parse()
                    .map_err(|_| format!("--size takes a whole number, not {value:?}"))?;
            }
            _ => numbers.push(arg),
        }
    }
    if numbers.is_empty() {
        let mut input = String::new();
        std::io::stdin()
            .read_to_string(&mut input)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        numbers = input.split_whitespace().map(String::from).collect();
        if numbers.is_empty() {
            numbers = vec!["11".into(), "1".into()]; // the task's sample
        }
    }
    let [sum, digit] = numbers.as_slice() else {
        return Err(format!(
            "expected two numbers, the digit sum S and the top-left digit D, got {}",
            numbers.len()
        ));
    };
    let sum: u32 = sum
        .parse()
        .map_err(|_| format!("the digit sum must be a whole number, not {sum:?}"))?;
    let digit: u8 = digit
        .parse()
        .map_err(|_| format!("the top-left digit must be a digit, not {digit:?}"))?;
    let start = Instant::now();
    let solver = SolverBuilder::new(sum, digit)
        .size(size)
        .build()
        .map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let write_error = |e: std::io::Error| format!("cannot write: {e}");
    if count {
        writeln!(out, "{}", solver.count()).map_err(write_error)?;
    } else {
        let mut any = false;
        for square in solver.solutions() {
            if any {
                writeln!(out).map_err(write_error)?;
            }
            writeln!(out, "{square}").map_err(write_error)?;
            any = true;
        }
        if !any {
            writeln!(out, "NONE").map_err(write_error)?;
        }
    }
    out.flush().map_err(write_error)?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ioi94_primes: {message}");
            ExitCode::FAILURE
        }
    }
}
