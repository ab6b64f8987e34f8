//! Project Euler 244, "Sliders": the sum of the checksums of every shortest
//! path from the start board to the target board.
//!
//! ```text
//! cargo run --release --example problem244
//! cargo run --release --example problem244 -- [--show] START TARGET
//! ```
//!
//! Without boards, the statement's start `_RBB/RRBB/RRBB/RRBB` and target
//! `_BRB/BRBR/RBRB/BRBR`, after checking the statement's example (`LULUR`,
//! checksum 19761398); the answer is the last line of stdout. With boards
//! (rows separated by `/`), the length, the number of shortest paths, both
//! checksum sums and one shortest path; `--show` draws the boards along it.
//! The elapsed time goes to stderr.

mod common;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use common::Failure;
use primeboard::slider::{self, Board, Moves};

const USAGE: &str = "\
Project Euler 244: the sum of the checksums of every shortest path between
two slider boards.

usage: problem244 [--show] [START TARGET]

  START TARGET  boards, rows separated by '/', '_' the gap (default: the
                statement's _RBB/RRBB/RRBB/RRBB and _BRB/BRBR/RBRB/BRBR,
                printing only the answer)
  --show        draw the boards along one shortest path
";

/// The statement's start, example and target boards, and the example's moves.
const START: &str = "_RBB/RRBB/RRBB/RRBB";
const EXAMPLE: &str = "RRBB/RBBB/R_RB/RRBB";
const EXAMPLE_MOVES: &str = "LULUR";
const TARGET: &str = "_BRB/BRBR/RBRB/BRBR";

fn board(text: &str) -> Result<Board, Failure> {
    text.parse()
        .map_err(|e| Failure::Usage(format!("bad board {text:?}: {e}")))
}

fn run(args: Vec<String>) -> Result<(), Failure> {
    let mut show = false;
    let mut boards = Vec::new();
    for arg in &args {
        match arg.as_str() {
            "--show" => show = true,
            a if a.starts_with("--") => {
                return Err(Failure::Usage(format!("unknown argument {a:?}")));
            }
            a => boards.push(board(a)?),
        }
    }
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let (from, to, detailed) = match boards.as_slice() {
        [] => {
            check_example(&mut out)?;
            (board(START)?, board(TARGET)?, false)
        }
        [a, b] => (a.clone(), b.clone(), true),
        _ => {
            return Err(Failure::Usage(
                "expected no boards, or START and TARGET".into(),
            ));
        }
    };
    let Some(paths) = slider::shortest_paths(&from, &to)? else {
        eprintln!("elapsed: {:.3?}", start.elapsed());
        writeln!(out, "unreachable")?;
        return Ok(());
    };
    if detailed {
        writeln!(out, "length: {}", paths.path_len())?;
        writeln!(out, "shortest paths: {}", paths.count())?;
        writeln!(
            out,
            "checksum sum mod {}: {}",
            paths.checksum().modulus(),
            paths.checksum_sum_mod()
        )?;
        match paths.checksum_sum() {
            Some(sum) => writeln!(out, "checksum sum: {sum}")?,
            None => writeln!(out, "checksum sum: too many distinct checksums to keep")?,
        }
        let first = paths.paths().next().unwrap_or_default();
        writeln!(out, "a shortest path: {first}")?;
        if show {
            let mut board = from.clone();
            writeln!(out, "{}", board.to_string().replace('/', "\n"))?;
            for m in first {
                board = board.apply(m)?;
                writeln!(out, "\n{m}:\n{}", board.to_string().replace('/', "\n"))?;
            }
        }
    }
    eprintln!("elapsed: {:.3?}", start.elapsed());
    if !detailed {
        let sum = paths
            .checksum_sum()
            .ok_or_else(|| Failure::Run("too many distinct checksums to sum exactly".into()))?;
        writeln!(out, "{sum}")?;
    }
    Ok(())
}

/// Checks the statement's example: `LULUR` leads from the start to the
/// example board, is a shortest path there, and has checksum 19761398.
fn check_example(out: &mut impl Write) -> Result<(), Failure> {
    let moves: Moves = EXAMPLE_MOVES.parse()?;
    let (start, example) = (board(START)?, board(EXAMPLE)?);
    let reached = start.apply_all(&moves)?;
    let shortest = slider::shortest_paths(&start, &example)?
        .is_some_and(|p| p.path_len() == moves.len() && p.paths().any(|p| p == moves));
    let checksum = slider::checksum(&moves);
    if reached != example || !shortest || checksum != 19_761_398 {
        return Err(Failure::Run(format!(
            "the statement's example failed: {moves} gives {reached} (shortest: {shortest}), checksum {checksum}"
        )));
    }
    writeln!(
        out,
        "checkpoint: {moves} is a shortest path from {start} to {example}, checksum {checksum}"
    )?;
    Ok(())
}

fn main() -> ExitCode {
    common::main("problem244", USAGE, run)
}
