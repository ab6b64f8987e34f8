//! `prime_square` against the IOI'94 sample, trial division and brute force.

mod common;

use std::iter::FusedIterator;

use common::prime_square::{brute_force, digit_sum};
use common::*;
use primeboard::Error;
use primeboard::prime_square::{self, Solutions, Solver, SolverBuilder, Square};
use proptest::prelude::*;

/// Checks every line of `square` from its digits, independently of `lines()`.
fn check_square(square: &Square, digit_sum_wanted: u32, top_left: u8) {
    let n = square.size();
    let d = |r: usize, c: usize| u64::from(square.digit(r, c).unwrap());
    let read = |cells: Vec<(usize, usize)>| cells.into_iter().fold(0, |v, (r, c)| 10 * v + d(r, c));
    let mut lines = Vec::new();
    for i in 0..n {
        lines.push(read((0..n).map(|c| (i, c)).collect()));
        lines.push(read((0..n).map(|r| (r, i)).collect()));
    }
    lines.push(read((0..n).map(|k| (k, k)).collect()));
    lines.push(read((0..n).map(|k| (n - 1 - k, k)).collect()));
    for line in lines {
        assert!(
            line >= 10u64.pow(n as u32 - 1),
            "{line} has a leading zero in\n{square}"
        );
        assert!(trial_division(line), "{line} is not prime in\n{square}");
        assert_eq!(
            digit_sum(line),
            digit_sum_wanted,
            "digit sum of {line} in\n{square}"
        );
    }
    assert_eq!(square.digit(0, 0), Some(top_left));
}

/// The rows of `square`, read from its digits.
fn rows(square: &Square) -> Vec<u64> {
    (0..square.size()).map(|r| square.row(r).unwrap()).collect()
}

#[test]
fn sample_byte_for_byte() {
    let expected = "11351\n14033\n30323\n53201\n13313\n\n11351\n33203\n30323\n14033\n33311\n\n13313\n13043\n32303\n50231\n13331";
    let solver = Solver::new(11, 1).unwrap();
    let got: Vec<String> = solver.solutions().map(|s| s.to_string()).collect();
    assert_eq!(got.join("\n\n"), expected);
    assert_eq!(solver.count(), 3);
    assert_eq!(solver.solutions().count(), 3);
}

#[test]
fn prime_counts() {
    let all: usize = (1..=45)
        .map(|s| Solver::new(s, 1).unwrap().primes().len())
        .sum();
    assert_eq!(all, 8363);
    assert_eq!(Solver::new(23, 1).unwrap().primes().len(), 757);
    let most = (1..=45).max_by_key(|&s| Solver::new(s, 1).unwrap().primes().len());
    assert_eq!(most, Some(23));
}

/// The solver against [`brute_force`] on every (digit sum, top-left digit)
/// task of one size: the squares, their order, `count` and every line.
/// Returns the number of squares.
fn check_against_brute_force(size: usize) -> usize {
    check_top_left_digits(size, 1..=9)
}

/// [`check_against_brute_force`] for the top-left digits `digits` alone.
fn check_top_left_digits(size: usize, digits: std::ops::RangeInclusive<u8>) -> usize {
    let mut total = 0;
    for s in 1..=9 * size as u32 {
        for d in digits.clone() {
            let solver = SolverBuilder::new(s, d).size(size).build().unwrap();
            let squares: Vec<Square> = solver.solutions().collect();
            for square in &squares {
                check_square(square, s, d);
            }
            let fast: Vec<Vec<u64>> = squares.iter().map(rows).collect();
            assert_eq!(
                fast,
                brute_force(size, s, d),
                "size {size}, sum {s}, top-left {d}"
            );
            assert_eq!(
                solver.count(),
                squares.len() as u64,
                "count for {size} {s} {d}"
            );
            total += squares.len();
        }
    }
    total
}

#[test]
fn brute_force_agrees_for_size_2() {
    assert!(check_against_brute_force(2) > 0);
}

#[test]
fn brute_force_agrees_for_size_3() {
    // No 3x3 square exists: the brute force finds none either.
    assert_eq!(check_against_brute_force(3), 0);
}

#[test]
fn brute_force_agrees_for_size_4() {
    assert!(check_against_brute_force(4) > 0);
}

// Size 5 in three parts, so that the test threads share it.
#[test]
#[ignore = "full size: run in release"]
fn brute_force_agrees_for_size_5_top_left_1_to_3() {
    assert!(check_top_left_digits(5, 1..=3) > 0);
}

#[test]
#[ignore = "full size: run in release"]
fn brute_force_agrees_for_size_5_top_left_4_to_6() {
    assert!(check_top_left_digits(5, 4..=6) > 0);
}

#[test]
#[ignore = "full size: run in release"]
fn brute_force_agrees_for_size_5_top_left_7_to_9() {
    assert!(check_top_left_digits(5, 7..=9) > 0);
}

/// The squares of a solver holding `held`, checked against `expected`.
fn with_held(size: usize, s: u32, d: u8, held: u64, expected: &[Square]) {
    let solver = SolverBuilder::new(s, d)
        .size(size)
        .held(held)
        .build()
        .unwrap();
    let mut solutions = solver.solutions();
    let mut got = Vec::new();
    while let Some(square) = solutions.next() {
        let left = expected.len() - got.len() - 1;
        assert_eq!(solutions.size_hint(), (left, Some(left)), "held {held}");
        got.push(square);
    }
    assert_eq!(got, expected, "held {held}");
    assert_eq!(solutions.next(), None, "fused");
    assert_eq!(solver.solutions().count(), expected.len(), "held {held}");
}

#[test]
fn held_threshold_and_each_side_of_it() {
    // 5x5, digit sum 23, top-left 3: the task with the most squares.
    let squares: Vec<Square> = Solver::new(23, 3).unwrap().solutions().collect();
    let n = squares.len() as u64;
    assert!(n > 2 && n <= 4096, "the default holds them all");
    assert!(squares.windows(2).all(|w| w[0] < w[1]));
    for held in [0, 1, n - 1, n, n + 1, u64::MAX] {
        with_held(5, 23, 3, held, &squares);
    }
}

#[test]
fn six_by_six_in_order_both_ways() {
    // 6x6 runs on every core with the rayon feature; both ways of producing
    // the squares (held, or searched row by row) must give one order.
    let solver = SolverBuilder::new(14, 1).size(6).build().unwrap();
    let squares: Vec<Square> = solver.solutions().collect();
    assert!(squares.len() > 100);
    assert!(squares.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(solver.count(), squares.len() as u64);
    for square in &squares {
        check_square(square, 14, 1);
    }
    for held in [0, 10, squares.len() as u64 - 1] {
        with_held(6, 14, 1, held, &squares);
    }
}

#[test]
#[ignore = "full size: run in release"]
fn six_by_six_many_squares_row_by_row() {
    let solver = SolverBuilder::new(16, 1).size(6).build().unwrap();
    let count = solver.count();
    assert!(count > 4096, "the case must take the row-by-row path");
    let mut previous: Option<Square> = None;
    let mut seen = 0;
    for square in solver.solutions() {
        check_square(&square, 16, 1);
        assert!(previous.as_ref().is_none_or(|p| *p < square));
        previous = Some(square);
        seen += 1;
    }
    assert_eq!(seen, count);
}

#[test]
fn second_diagonal_is_read_from_the_bottom_left() {
    // Count, over all 5x5 tasks, the squares whose top-right-to-bottom-left
    // reading of the second diagonal is not a valid line: reading it the wrong
    // way would drop them.
    let mut differs = 0;
    for s in 1..=45 {
        for d in 1..=9 {
            for square in Solver::new(s, d).unwrap().solutions() {
                let wrong_way = square
                    .anti_diagonal()
                    .to_string()
                    .chars()
                    .rev()
                    .collect::<String>();
                let wrong: u64 = wrong_way.parse().unwrap();
                if wrong < 10_000 || !trial_division(wrong) {
                    differs += 1;
                }
            }
        }
    }
    assert!(differs > 0);
    let square = Solver::new(11, 1).unwrap().solutions().next().unwrap();
    assert_eq!(square.anti_diagonal(), 13331); // 1, 3, 3, 3, 1 from the bottom-left
}

#[test]
fn rotation_primes_against_trial_division() {
    for digits in 2..=5u32 {
        let lo = 10u64.pow(digits - 1);
        let rotations = |p: u64| {
            let s = p.to_string();
            (0..digits as usize)
                .map(move |k| format!("{}{}", &s[k..], &s[..k]).parse::<u64>().unwrap())
        };
        let brute: Vec<u64> = (lo..10 * lo)
            .filter(|&p| rotations(p).all(|r| r >= lo && trial_division(r)))
            .collect();
        assert_eq!(
            prime_square::rotation_primes(digits as usize).unwrap(),
            brute,
            "{digits}"
        );
    }
}

#[test]
fn fewest_distinct_primes_of_size_4() {
    let fewest = prime_square::fewest_distinct_primes(4).unwrap();
    assert!(!fewest.is_empty());
    let k = fewest[0].distinct_primes().len();
    assert!(fewest.iter().all(|s| s.distinct_primes().len() == k));
    assert!(fewest.windows(2).all(|w| w[0] < w[1]));
    // No square of size 4 uses fewer primes.
    for s in 1..=36 {
        for d in 1..=9 {
            for rows in brute_force(4, s, d) {
                let mut lines = rows.clone();
                let digit = |r: usize, c: usize| rows[r] / 10u64.pow(3 - c as u32) % 10;
                let read = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
                    cells.fold(0, |v, (r, c)| 10 * v + digit(r, c))
                };
                lines.extend((0..4).map(|c| read(&mut (0..4).map(|r| (r, c)))));
                lines.push(read(&mut (0..4).map(|i| (i, i))));
                lines.push(read(&mut (0..4).map(|i| (3 - i, i))));
                lines.sort_unstable();
                lines.dedup();
                assert!(lines.len() >= k, "{rows:?} uses {} primes", lines.len());
            }
        }
    }
}

#[test]
fn bad_input() {
    assert_eq!(
        Solver::new(11, 0).unwrap_err(),
        Error::InvalidDigit { digit: 0 }
    );
    assert!(matches!(
        Solver::new(11, 10),
        Err(Error::InvalidDigit { digit: 10 })
    ));
    for size in [0, 1, 8, 9, 1 << 32, usize::MAX] {
        let unsupported = Err(Error::UnsupportedSize {
            size,
            min: prime_square::MIN_SIZE,
            max: prime_square::MAX_SIZE,
        });
        assert_eq!(
            SolverBuilder::new(11, 1).size(size).build().map(|_| ()),
            unsupported,
            "{size}"
        );
        assert_eq!(prime_square::rotation_primes(size).map(|_| ()), unsupported);
        // fewest_distinct_primes returned Ok(vec![]) for 0 and 1 << 32 and
        // overflowed for usize::MAX.
        assert_eq!(
            prime_square::fewest_distinct_primes(size).map(|_| ()),
            unsupported
        );
    }
    // The size is checked before the digit.
    assert!(matches!(
        SolverBuilder::new(11, 0).size(0).build(),
        Err(Error::UnsupportedSize { .. })
    ));
    assert_eq!(Solver::new(0, 1).unwrap().count(), 0);
    assert_eq!(Solver::new(u32::MAX, 9).unwrap().count(), 0);
    assert_eq!(Solver::new(u32::MAX, 9).unwrap().solutions().next(), None);
}

#[test]
fn public_types_are_send_sync_and_iterators_complete() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Solver>();
    send_sync::<SolverBuilder>();
    send_sync::<Square>();
    send_sync::<Solutions<'_>>();
    fn iterator<T: Iterator + FusedIterator + Clone + std::fmt::Debug>() {}
    iterator::<Solutions<'_>>();
}

proptest! {
    #[test]
    fn random_pairs_give_valid_squares(s in 1u32..=45, d in 1u8..=9) {
        for square in Solver::new(s, d).unwrap().solutions().take(50) {
            check_square(&square, s, d);
        }
    }
}
