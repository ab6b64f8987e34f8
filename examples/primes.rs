//! Count, sum or list the primes in a range, and find the n-th prime or
//! the primes next to a number.
//!
//! ```text
//! cargo run --release --example primes -- [--threads N] COMMAND ...
//! ```
//!
//! See `--help` for the commands. The answer goes to stdout, the elapsed
//! time to stderr, and, when stderr is a terminal, the progress of long
//! counts too.

mod common;

use std::io::{BufWriter, IsTerminal, Write};
use std::ops::Bound;
use std::process::ExitCode;
use std::time::Instant;

use common::Failure;
use primeboard::sieve::{self, Engine};

const USAGE: &str = "\
Count, sum or list the primes p with LO <= p < HI, find the N-th prime or
the primes next to N.

usage: primes [--threads N] [COMMAND] ...

  count [LO] HI         how many primes (the default command: count 1e9)
  sum [LO] HI           their sum
  count --mod Q HI      how many primes below HI in each class modulo Q
                        (1 to 100), a line a class
  sum --mod Q HI        their sum in each class modulo Q
  list [LO] HI          the primes, one a line
  nth N                 the N-th prime (nth 1 is 2)
  next N                the least prime > N
  prev N                the greatest prime < N (N up to 2^64)

  HI alone means 0..HI. Numbers accept 1e18 and 2^64-59 notation; HI may
  be 2^64, the end of the u64 range. Counts and sums take the faster of a
  sieve and the combinatorial engine; progress goes to stderr when it is a
  terminal.
  --threads N  work on N threads (default: every core)
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

/// Takes `--NAME VALUE` or `--NAME=VALUE` out of `args`.
fn take_option(args: &mut Vec<String>, name: &str) -> Result<Option<String>, Failure> {
    let flag = format!("--{name}");
    if let Some(i) = args.iter().position(|a| *a == flag) {
        let value = args
            .get(i + 1)
            .cloned()
            .ok_or_else(|| Failure::Usage(format!("{flag} needs a number")))?;
        args.drain(i..i + 2);
        return Ok(Some(value));
    }
    let prefix = format!("{flag}=");
    Ok(args
        .iter()
        .position(|a| a.starts_with(&prefix))
        .map(|i| args.remove(i)[prefix.len()..].to_string()))
}

/// `text` as a number below `2^64`.
fn number(text: &str) -> Result<u64, Failure> {
    common::parse_number(text)
        .ok_or_else(|| Failure::Usage(format!("not a whole number below 2^64: {text:?}")))
}

/// `LO..HI` from `[LO] HI`, with `HI = 2^64` for the end of the range.
fn range(bounds: &[String]) -> Result<(Bound<u64>, Bound<u64>), Failure> {
    let bound = |text: &String| {
        common::parse_bound(text)
            .ok_or_else(|| Failure::Usage(format!("not a whole number up to 2^64: {text:?}")))
    };
    let end = |hi: u128| match u64::try_from(hi) {
        Ok(hi) => Bound::Excluded(hi),
        Err(_) => Bound::Unbounded,
    };
    match bounds {
        [] => Ok((Bound::Included(0), Bound::Excluded(1_000_000_000))),
        [hi] => Ok((Bound::Included(0), end(bound(hi)?))),
        [lo, hi] => Ok((Bound::Included(number(lo)?), end(bound(hi)?))),
        _ => Err(Failure::Usage(
            "expected at most two bounds: [LO] HI".into(),
        )),
    }
}

/// The progress on stderr, overwritten in place, when it is a terminal.
fn show_progress(done: f64) {
    eprint!("\r{:5.1}%", 100.0 * done);
}

/// The primes' counts or sums below `HI` by class modulo `q`, a line a
/// class: the engine's values at `HI - 1`.
fn by_residue<T: std::fmt::Display>(
    out: &mut impl Write,
    bounds: &[String],
    q: u64,
    up_to: impl Fn(u64) -> Result<Vec<T>, primeboard::Error>,
) -> Result<(), Failure> {
    let last = match range(bounds)? {
        (Bound::Included(0), Bound::Excluded(hi)) if bounds.len() == 1 => hi.saturating_sub(1),
        (Bound::Included(0), Bound::Unbounded) if bounds.len() == 1 => u64::MAX,
        _ => return Err(Failure::Usage("--mod takes one bound: HI".into())),
    };
    // HI = 0 or 1: no primes.
    for (r, class) in up_to(last)?.iter().enumerate() {
        writeln!(out, "{r} mod {q}: {class}")?;
    }
    Ok(())
}

/// The one number a command takes.
fn single(args: &[String], command: &str) -> Result<u64, Failure> {
    match args {
        [n] => number(n),
        _ => Err(Failure::Usage(format!("{command} takes one number N"))),
    }
}

fn run(mut args: Vec<String>) -> Result<(), Failure> {
    if let Some(n) = take_option(&mut args, "threads")? {
        use_threads(&n)?;
    }
    let modulus = take_option(&mut args, "mod")?
        .map(|q| number(&q))
        .transpose()?;
    let (command, rest) = match args.first().map(String::as_str) {
        Some(c @ ("count" | "list" | "sum" | "nth" | "next" | "prev")) => (c, &args[1..]),
        _ => ("count", &args[..]),
    };
    let terminal = std::io::stderr().is_terminal();
    let engine = if terminal {
        Engine::new().progress(&show_progress)
    } else {
        Engine::new()
    };
    let start = Instant::now();
    let mut out = BufWriter::new(std::io::stdout().lock());
    match (command, modulus) {
        ("count", Some(q)) => by_residue(&mut out, rest, q, |x| engine.prime_pi_by_residue(x, q))?,
        ("sum", Some(q)) => by_residue(&mut out, rest, q, |x| engine.prime_sum_by_residue(x, q))?,
        (_, Some(_)) => return Err(Failure::Usage("--mod goes with count and sum".into())),
        ("count", None) => writeln!(out, "{}", engine.count_primes(range(rest)?)?)?,
        ("sum", None) => writeln!(out, "{}", engine.sum_primes(range(rest)?)?)?,
        ("nth", None) => {
            let n = single(rest, command)?;
            let none = || match n {
                0 => Failure::Usage("the primes are numbered from 1".into()),
                _ => Failure::Run(format!(
                    "there are {} primes below 2^64, fewer than {n}",
                    sieve::PRIMES_BELOW_2_64
                )),
            };
            writeln!(out, "{}", engine.nth_prime(n).ok_or_else(none)?)?;
        }
        ("next", None) => {
            let n = single(rest, command)?;
            let none = || Failure::Run(format!("no prime above {n} is below 2^64"));
            writeln!(out, "{}", sieve::next_prime(n).ok_or_else(none)?)?;
        }
        ("prev", None) => {
            // prev 2^64: u64::MAX is composite, so the answer is the same.
            let n = match rest {
                [n] if common::parse_bound(n) == Some(1 << 64) => u64::MAX,
                _ => single(rest, command)?,
            };
            let none = || Failure::Run(format!("no prime is below {n}"));
            writeln!(out, "{}", sieve::prev_prime(n).ok_or_else(none)?)?;
        }
        _ => {
            for p in sieve::primes_in(range(rest)?)? {
                writeln!(out, "{p}")?;
            }
        }
    }
    if terminal && command != "list" {
        eprint!("\r       \r");
    }
    out.flush()?;
    eprintln!("elapsed: {:.3?}", start.elapsed());
    Ok(())
}

fn main() -> ExitCode {
    common::main("primes", USAGE, run)
}
