//! Prime-square benchmarks: every (digit sum, top-left) task of a size,
//! each square produced.

mod common;

use primeboard::prime_square::SolverBuilder;

/// Solves every task of `size`, producing every square; returns the total
/// number of squares and the digit sum of the last square seen.
fn solve_all(size: usize) -> (usize, u32) {
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
}
