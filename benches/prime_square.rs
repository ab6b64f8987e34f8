//! Prime-square benchmarks: every (digit sum, top-left) task of a size,
//! each square produced, and `6 × 6` counts on one thread and on every core.
//!
//! The `6 × 6` cases take seconds a run: `cargo bench -- --test` checks a
//! small `6 × 6` task instead; `cargo bench 6x6` times only the `6 × 6` cases.

mod common;

use primeboard::prime_square::SolverBuilder;

/// Solves every task of `size`, producing every square; returns the total
/// number of squares and the top-left digit of the last square seen.
fn solve_all(size: usize) -> (u64, u32) {
    let mut total = 0;
    let mut checksum = 0;
    for digit_sum in 1..=9 * size as u32 {
        for top_left in 1..=9 {
            let solver = SolverBuilder::new(digit_sum, top_left)
                .size(size)
                .build()
                .expect("valid task");
            for square in solver.solutions() {
                total += 1;
                checksum = square.digit(0, 0).map_or(0, u32::from);
            }
        }
    }
    (total, checksum)
}

/// The number of `size × size` squares with digit sum `digit_sum` and
/// top-left digit `top_left`.
fn count(size: usize, digit_sum: u32, top_left: u8) -> u64 {
    SolverBuilder::new(digit_sum, top_left)
        .size(size)
        .build()
        .map_or(0, |s| s.count())
}

fn main() {
    let bench = common::Bench::from_args();
    bench.case("5x5: all 405 tasks, every square", (2676, 9), || {
        solve_all(5)
    });
    bench.case("5x5: sample 11 1", 3, || {
        SolverBuilder::new(11, 1)
            .build()
            .map_or(0, |s| s.solutions().count())
    });
    // 6x6 counts: one thread (the baseline), then every core. `--test`
    // checks a task of a tenth of a second instead of the long ones.
    let cases: &[(u32, u8, u64)] = if std::env::args().any(|a| a == "--test") {
        &[(14, 1, 1028)]
    } else {
        &[(16, 1, 23_269), (20, 6, 242_538)]
    };
    for &(digit_sum, top_left, expected) in cases {
        let name = format!("6x6: count {digit_sum} {top_left}");
        bench.case(&format!("{name}, one thread"), expected, || {
            common::one_thread(|| count(6, digit_sum, top_left))
        });
        bench.case(&format!("{name}, every core"), expected, || {
            count(6, digit_sum, top_left)
        });
    }
}
