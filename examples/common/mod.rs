//! Command-line plumbing shared by the examples: `--help`, exit codes, a
//! standard output that may be closed, number parsing, and the one place
//! that knows whether the `rayon` feature is on.
#![allow(dead_code, reason = "each example uses the parts it needs")]

use std::io::Write;
use std::process::ExitCode;

/// Why an example stopped early.
pub enum Failure {
    /// The command line is wrong: a one-line message, exit code 2.
    Usage(String),
    /// The work failed: a one-line message, exit code 1.
    Run(String),
    /// Standard output was closed by its reader: exit code 1, no message.
    Closed,
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Run(format!("cannot write the output: {e}"))
        }
    }
}

impl From<primeboard::Error> for Failure {
    fn from(e: primeboard::Error) -> Failure {
        Failure::Run(e.to_string())
    }
}

/// Runs an example: prints `usage` for `--help` or `-h` (exit 0), otherwise
/// calls `run` with the arguments and turns its [`Failure`] into a message
/// on stderr and an exit code.
pub fn main(
    name: &str,
    usage: &str,
    run: impl FnOnce(Vec<String>) -> Result<(), Failure>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return match writeln!(std::io::stdout(), "{}", usage.trim_end()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("{name}: {message} (see --help)");
            ExitCode::from(2)
        }
        Err(Failure::Run(message)) => {
            eprintln!("{name}: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Closed) => ExitCode::FAILURE,
    }
}

/// Parses a whole number below 2^64 written plainly (`123`), in exponent
/// notation (`1e9`, `25e8`) or as a power of two and a difference
/// (`2^40`, `2^64-59`, `2^32+15`).
pub fn parse_number(text: &str) -> Option<u64> {
    parse_bound(text)?.try_into().ok()
}

/// [`parse_number`] up to `2^64` itself, the end of every range of `u64`.
pub fn parse_bound(text: &str) -> Option<u128> {
    let at_most = |n: u128| (n <= 1 << 64).then_some(n);
    if let Some(power) = text.strip_prefix("2^") {
        let (exponent, offset) = match power.find(['+', '-']) {
            Some(i) => power.split_at(i),
            None => (power, "+0"),
        };
        let base = 1u128
            .checked_shl(exponent.parse().ok()?)
            .filter(|&b| b <= 1 << 64)?;
        let d: u128 = offset[1..].parse().ok()?;
        return at_most(match &offset[..1] {
            "+" => base.checked_add(d)?,
            _ => base.checked_sub(d)?,
        });
    }
    match text.split_once(['e', 'E']) {
        None => at_most(text.parse().ok()?),
        Some((mantissa, exponent)) => {
            let m: u128 = mantissa.parse().ok()?;
            let e: u32 = exponent.parse().ok()?;
            at_most(10u128.checked_pow(e)?.checked_mul(m)?)
        }
    }
}

/// Makes rayon's global pool `threads` threads large; without the `rayon`
/// feature, only one thread is on offer.
pub fn set_threads(threads: usize) -> Result<(), Failure> {
    #[cfg(feature = "rayon")]
    return rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .map_err(|e| Failure::Run(format!("cannot start {threads} threads: {e}")));
    #[cfg(not(feature = "rayon"))]
    return match threads {
        1 => Ok(()),
        _ => Err(Failure::Usage(
            "built without the rayon feature: one thread only".into(),
        )),
    };
}

/// `f` of each item, in order, on rayon's threads with the `rayon` feature.
pub fn map_on_threads<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        items.into_par_iter().map(f).collect()
    }
    #[cfg(not(feature = "rayon"))]
    items.into_iter().map(f).collect()
}
