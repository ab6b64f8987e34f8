//! IOI'94 "The Primes": every square of `N`-digit primes with digit sum `S`
//! and top-left digit `D`, in the USACO "prime3" output form.
//!
//! ```text
//! cargo run --release --example ioi94_primes -- [--size N] [--count] S D
//! cargo run --release --example ioi94_primes -- --size=6 --all
//! echo "11 1" | cargo run --release --example ioi94_primes
//! ```
//!
//! Without `S D` on the command line they are read from standard input, on
//! one line or two (with a prompt when it is a terminal); empty input means
//! the task's sample, `11 1`. Squares are printed in increasing order, `N`
//! lines each, one empty line between two; `NONE` when there is none.
//! `--count` prints the number of squares instead; `--all` prints the count
//! of every (digit sum, top-left digit) pair and their total. The elapsed
//! time goes to stderr.

mod common;

use std::io::{BufWriter, IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use common::Failure;
use primeboard::prime_square::SolverBuilder;

const USAGE: &str = "\
IOI'94 \"The Primes\": squares of N-digit primes with digit sum S whose
top-left digit is D, every row, column and diagonal a prime.

usage: ioi94_primes [--size N] [--count] [S D]
       ioi94_primes [--size N] --all

  S D        the digit sum and the top-left digit; read from standard input
             (one line or two) when not given; empty input means 11 1
  --size N   the side of the square, 2 to 7 (default 5); --size=N also works
  --count    print the number of squares instead of the squares
  --all      print `S D count` for every digit sum S and top-left digit D,
             then `total` and the sum, using every core (progress on stderr)
";

/// What to print.
enum Mode {
    Squares,
    Count,
    All,
}

fn run(args: Vec<String>) -> Result<(), Failure> {
    let mut size = 5;
    let mut mode = Mode::Squares;
    let mut numbers = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let size_value = match arg.as_str() {
            "--count" => {
                mode = Mode::Count;
                continue;
            }
            "--all" => {
                mode = Mode::All;
                continue;
            }
            "--size" => args
                .next()
                .ok_or_else(|| Failure::Usage("--size needs a number".into()))?,
            a if a.starts_with("--size=") => a["--size=".len()..].to_string(),
            a if a.starts_with('-') && a.parse::<i64>().is_err() => {
                return Err(Failure::Usage(format!("unknown option {a:?}")));
            }
            _ => {
                numbers.push(arg);
                continue;
            }
        };
        size = common::parse_number(&size_value)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                Failure::Usage(format!("--size takes a whole number, not {size_value:?}"))
            })?;
    }
    let start = Instant::now();
    let mut out = BufWriter::new(std::io::stdout().lock());
    if let Mode::All = mode {
        if !numbers.is_empty() {
            return Err(Failure::Usage("--all takes no S D".into()));
        }
        all(size, &mut out)?;
    } else {
        let (sum, digit) = task(numbers)?;
        let solver = SolverBuilder::new(sum, digit).size(size).build()?;
        if let Mode::Count = mode {
            writeln!(out, "{}", solver.count())?;
        } else {
            let mut any = false;
            for square in solver.solutions() {
                if any {
                    writeln!(out)?;
                }
                writeln!(out, "{square}")?;
                any = true;
            }
            if !any {
                writeln!(out, "NONE")?;
            }
        }
    }
    out.flush()?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    Ok(())
}

/// The digit sum and top-left digit: from `numbers`, or from standard input.
fn task(mut numbers: Vec<String>) -> Result<(u32, u8), Failure> {
    if numbers.is_empty() {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            eprint!("digit sum S and top-left digit D (--help for more; end with Ctrl-D): ");
        }
        let mut input = String::new();
        stdin
            .lock()
            .read_to_string(&mut input)
            .map_err(|e| Failure::Run(format!("cannot read standard input: {e}")))?;
        numbers = input.split_whitespace().map(String::from).collect();
        if numbers.is_empty() {
            numbers = vec!["11".into(), "1".into()]; // the task's sample
        }
    }
    let [sum, digit] = numbers.as_slice() else {
        return Err(Failure::Usage(format!(
            "expected two numbers, the digit sum S and the top-left digit D, got {}",
            numbers.len()
        )));
    };
    let sum = sum.parse().map_err(|_| {
        Failure::Usage(format!("the digit sum must be a whole number, not {sum:?}"))
    })?;
    let digit = digit.parse().map_err(|_| {
        Failure::Usage(format!("the top-left digit must be a digit, not {digit:?}"))
    })?;
    Ok((sum, digit))
}

/// Prints the count of every (digit sum, top-left digit) pair of `size`,
/// then their total; a progress line on stderr when it is a terminal.
fn all(size: usize, out: &mut impl Write) -> Result<(), Failure> {
    let progress = std::io::stderr().is_terminal();
    // Refuses an unsupported size before 9 · size can overflow.
    SolverBuilder::new(1, 1).size(size).build()?;
    let sums = 1..=9 * size as u32;
    let pairs = 9 * sums.clone().count();
    let mut total: u64 = 0;
    let mut done = 0;
    for sum in sums {
        // The nine tasks of a digit sum side by side, so that no core waits
        // while one task finishes.
        for (digit, count) in (1..=9).zip(counts(size, sum)?) {
            writeln!(out, "{sum} {digit} {count}")?;
            total += count;
            done += 1;
        }
        out.flush()?; // each digit sum's counts as soon as they are known
        if progress {
            eprint!("\r{done}/{pairs} pairs, {total} squares so far");
        }
    }
    if progress {
        eprintln!();
    }
    writeln!(out, "total {total}")?;
    Ok(())
}

/// The number of squares of side `size` and digit sum `sum` for each
/// top-left digit from 1 to 9, the nine counted on rayon's threads.
fn counts(size: usize, sum: u32) -> Result<Vec<u64>, Failure> {
    common::map_on_threads((1..=9u8).collect(), |digit| count(size, sum, digit))
        .into_iter()
        .collect()
}

fn count(size: usize, sum: u32, digit: u8) -> Result<u64, Failure> {
    Ok(SolverBuilder::new(sum, digit).size(size).build()?.count())
}

fn main() -> ExitCode {
    common::main("ioi94_primes", USAGE, run)
}
