//! Project Euler 244, "Sliders": the sum of the checksums of every shortest
//! path from the start board to the target board.
//!
//! ```text
//! cargo run --release --example problem244
//! cargo run --release --example problem244 -- [--show] START TARGET
//! ```
//!
//! Without boards, the statement's start `_RBB/RRBB/RRBB/RRBB` and target
//! `_BRB/BRBR/RBRB/BRBR`, and the answer as the last line of stdout. With
//! boards (rows separated by `/`), the length, the number of shortest paths,
//! both checksum sums and one shortest path; `--show` draws the boards along
//! it. The elapsed time goes to stderr.

use std::process::ExitCode;
use std::time::Instant;

use primeboard::slider::{self, Board};

fn run() -> Result<(), String> {
    let mut show = false;
    let mut boards = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--show" => show = true,
            _ => boards.push(
                arg.parse::<Board>()
                    .map_err(|e| format!("bad board {arg:?}: {e}"))?,
            ),
        }
    }
    let start = Instant::now();
    let (from, to, detailed) = match boards.as_slice() {
        [] => (
            "_RBB/RRBB/RRBB/RRBB".parse().map_err(|e| format!("{e}"))?,
            "_BRB/BRBR/RBRB/BRBR".parse().map_err(|e| format!("{e}"))?,
            false,
        ),
        [a, b] => (a.clone(), b.clone(), true),
        _ => return Err("expected no boards, or START and TARGET".into()),
    };
    let Some(paths) = slider::shortest_paths(&from, &to).map_err(|e| e.to_string())? else {
        eprintln!("elapsed: {:.3?}", start.elapsed());
        println!("unreachable");
        return Ok(());
    };
    if detailed {
        println!("length: {}", paths.length());
        println!("shortest paths: {}", paths.count());
        println!("checksum sum mod 100000007: {}", paths.checksum_sum_mod());
        match paths.checksum_sum() {
            Some(sum) => println!("checksum sum: {sum}"),
            None => println!("checksum sum: too many distinct checksums to keep"),
        }
        let first = paths.paths().next().unwrap_or_default();
        println!(
            "a shortest path: {}",
            first.iter().map(|m| m.letter()).collect::<String>()
        );
        if show {
            let mut board = from.clone();
            println!("{}", board.to_string().replace('/', "\n"));
            for m in first {
                board = board.apply(m).map_err(|e| e.to_string())?;
                println!("\n{m}:\n{}", board.to_string().replace('/', "\n"));
            }
        }
    }
    eprintln!("elapsed: {:.3?}", start.elapsed());
    match paths.checksum_sum() {
        Some(sum) if !detailed => println!("{sum}"),
        None if !detailed => return Err("too many distinct checksums to sum exactly".into()),
        _ => {}
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("problem244: {message}");
            ExitCode::FAILURE
        }
    }
}
