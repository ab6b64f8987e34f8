//! `prime_square` against the IOI'94 sample, trial division and brute force.

mod common;

use common::*;
use primeboard::Error;
use primeboard::prime_square::{self, Solver, SolverBuilder, Square};
use proptest::prelude::*;

fn digit_sum(mut n: u64) -> u32 {
    let mut s = 0;
    while n > 0 {
        s += (n % 10) as u32;
        n /= 10;
    }
    s
}

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

#[test]
fn every_five_by_five_square_checks_out() {
    let mut total = 0;
    for s in 1..=45 {
        for d in 1..=9 {
            let solver = Solver::new(s, d).unwrap();
            let squares: Vec<Square> = solver.solutions().collect();
            assert!(squares.windows(2).all(|w| w[0] < w[1]), "order for {s} {d}");
            assert_eq!(squares.len() as u64, solver.count(), "count for {s} {d}");
            for square in &squares {
                check_square(square, s, d);
            }
            total += squares.len();
        }
    }
    assert!(total > 0);
}

#[test]
fn more_squares_than_held_come_row_by_row_in_order() {
    let solver = SolverBuilder::new(16, 1).size(6).build().unwrap();
    let count = solver.count();
    assert!(
        count > prime_square::HELD as u64,
        "the case must take the second path"
    );
    let mut solutions = solver.solutions();
    let first = solutions.next().unwrap();
    assert_eq!(
        solutions.size_hint(),
        (count as usize - 1, Some(count as usize - 1))
    );
    check_square(&first, 16, 1);
    let mut previous = first;
    let mut seen = 1;
    for square in solutions {
        assert!(square > previous, "{previous}\n\n{square}");
        check_square(&square, 16, 1);
        previous = square;
        seen += 1;
    }
    assert_eq!(seen, count);
    assert_eq!(solver.solutions().count() as u64, count);
}

/// Brute force: choose every row from the primes (the first starting with
/// the top-left digit) and check the columns and diagonals by trial division.
fn brute_force(size: usize, s: u32, d: u8) -> Vec<String> {
    let lo = 10u64.pow(size as u32 - 1);
    let primes: Vec<u64> = (lo..10 * lo)
        .filter(|&p| trial_division(p) && digit_sum(p) == s)
        .collect();
    let mut out = Vec::new();
    let mut rows = vec![0u64; size];
    fn digit(rows: &[u64], size: usize, r: usize, c: usize) -> u64 {
        rows[r] / 10u64.pow((size - 1 - c) as u32) % 10
    }
    fn rec(
        k: usize,
        size: usize,
        s: u32,
        d: u8,
        primes: &[u64],
        rows: &mut Vec<u64>,
        out: &mut Vec<String>,
    ) {
        if k == size {
            let read = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
                cells.fold(0, |v, (r, c)| 10 * v + digit(rows, size, r, c))
            };
            let lo = 10u64.pow(size as u32 - 1);
            let ok = |v: u64| v >= lo && trial_division(v) && digit_sum(v) == s;
            let cols_ok = (0..size).all(|c| ok(read(&mut (0..size).map(|r| (r, c)))));
            let diag = read(&mut (0..size).map(|i| (i, i)));
            let anti = read(&mut (0..size).map(|i| (size - 1 - i, i)));
            if cols_ok && ok(diag) && ok(anti) {
                out.push(
                    rows.iter()
                        .map(|r| r.to_string())
                        .collect::<Vec<_>>()
                        .join("\n"),
                );
            }
            return;
        }
        for &p in primes {
            if k == 0 && p / 10u64.pow(size as u32 - 1) != u64::from(d) {
                continue;
            }
            rows[k] = p;
            rec(k + 1, size, s, d, primes, rows, out);
        }
    }
    rec(0, size, s, d, &primes, &mut rows, &mut out);
    out
}

/// The solver against [`brute_force`] on every task of one size.
fn check_against_brute_force(size: usize) {
    for s in 1..=9 * size as u32 {
        for d in 1..=9 {
            let solver = SolverBuilder::new(s, d).size(size).build().unwrap();
            let fast: Vec<String> = solver.solutions().map(|q| q.to_string()).collect();
            assert_eq!(
                fast,
                brute_force(size, s, d),
                "size {size}, sum {s}, top-left {d}"
            );
        }
    }
}

#[test]
fn brute_force_agrees_for_size_3() {
    check_against_brute_force(3);
}

#[test]
#[ignore = "full size: run in release"]
fn brute_force_agrees_for_size_4() {
    check_against_brute_force(4);
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
fn variants() {
    let circular = prime_square::rotation_primes(5).unwrap();
    for &p in &circular {
        let s = p.to_string();
        for k in 0..5 {
            let r: u64 = format!("{}{}", &s[k..], &s[..k]).parse().unwrap();
            assert!(r >= 10_000 && trial_division(r), "rotation {r} of {p}");
        }
    }
    let brute: Vec<u64> = (10_000..100_000u64)
        .filter(|&p| {
            let s = p.to_string();
            (0..5).all(|k| {
                let r: u64 = format!("{}{}", &s[k..], &s[..k]).parse().unwrap();
                r >= 10_000 && trial_division(r)
            })
        })
        .collect();
    assert_eq!(circular, brute);
    let fewest = prime_square::fewest_distinct_primes(4).unwrap();
    assert!(!fewest.is_empty());
    let k = fewest[0].distinct_primes().len();
    assert!(fewest.iter().all(|s| s.distinct_primes().len() == k));
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
    for size in [0, 1, 9, usize::MAX] {
        assert!(
            matches!(
                SolverBuilder::new(11, 1).size(size).build(),
                Err(Error::UnsupportedSize { .. })
            ),
            "{size}"
        );
        assert!(matches!(
            prime_square::rotation_primes(size),
            Err(Error::UnsupportedSize { .. })
        ));
    }
    assert_eq!(Solver::new(0, 1).unwrap().count(), 0);
    assert_eq!(Solver::new(u32::MAX, 9).unwrap().count(), 0);
}

proptest! {
    #[test]
    fn random_pairs_give_valid_squares(s in 1u32..=45, d in 1u8..=9) {
        for square in Solver::new(s, d).unwrap().solutions().take(50) {
            check_square(&square, s, d);
        }
    }
}
