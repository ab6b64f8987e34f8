//! IOI'94 "The Primes": `N × N` digit squares whose rows, columns and both
//! diagonals are `N`-digit primes with one digit sum, the top-left digit given.
//!
//! The rows are read left to right, the columns top to bottom, the main
//! diagonal from the top-left cell and the other diagonal from the
//! **bottom-left** cell to the top-right one. A prime may appear in several
//! lines; no line may start with 0 (each is an `N`-digit prime).
//!
//! # How the search works
//!
//! A [`Solver`] keeps the `N`-digit primes with the wanted digit sum (the
//! prime catalogue, sieved once per process) as one trie per line fill
//! order: for each line and each set of its digits already placed, the
//! digits its next cell may take, and the digits its primes allow at
//! every later cell of the line. A cell's candidates are the AND of the
//! masks of its lines; once a digit is placed, every later cell of its
//! lines is checked the same way, so a dead end shows as soon as some cell
//! has no digit left. A line's last cell needs no trie: the digit sum
//! gives its digit.
//!
//! The fill order decides the size of the search. The last row and the
//! last column hold the last digits of the other lines, so all their
//! digits are 1, 3, 7 or 9 and few primes fit them: they go first, after
//! the given top-left digit. Then, one at a time, comes the cell whose
//! lines are the most complete, so that digit sums and primality force the
//! cells early: the diagonals, whose ends are known by then, and the rest.
//!
//! That order does not find the squares in increasing order. [`Solutions`]
//! keeps the squares of its first search and sorts them when there are at
//! most [`SolverBuilder::held`]; with more, it keeps only their distinct
//! first rows and searches again for each first row in increasing order,
//! with that row placed first, holding one group of squares at a time.
//!
//! With the `rayon` feature (on by default), sides of 6 and more are
//! searched on every core of rayon's pool: the search is cut into a
//! thousand or more partial fills, shared out among the threads. Counts and
//! the order of the solutions are the same with and without it.
//!
//! # The 6 × 6 squares
//!
//! The number of 6 × 6 squares for every digit sum `S` and top-left digit
//! `D` that has any (every other pair of the 486 has none: for even `N`
//! the last row's digits are all odd, so `S` is even, and no prime has a
//! digit sum divisible by 3). 201 714 560 squares in all, made by
//! `cargo run --release --example ioi94_primes -- --size=6 --all`.
//!
//! | `S` | `D` = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |
//! |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
//! | 14 | 1 028 | 558 | 334 | 378 | 56 | 18 | 2 | 0 | 4 |
//! | 16 | 23 269 | 26 086 | 21 604 | 6 147 | 4 023 | 2 893 | 1 704 | 769 | 180 |
//! | 20 | 1 053 662 | 860 553 | 608 605 | 413 263 | 364 556 | 242 538 | 169 346 | 86 116 | 42 121 |
//! | 22 | 1 517 628 | 1 530 444 | 1 332 483 | 938 151 | 820 942 | 464 824 | 396 791 | 250 286 | 119 187 |
//! | 26 | 5 372 448 | 5 387 416 | 5 189 006 | 4 652 923 | 4 999 643 | 3 749 718 | 3 002 852 | 2 426 886 | 1 844 462 |
//! | 28 | 11 771 486 | 10 526 464 | 12 694 929 | 10 882 200 | 10 754 096 | 8 970 570 | 9 689 251 | 5 933 213 | 5 663 987 |
//! | 32 | 3 483 446 | 4 759 933 | 4 996 695 | 6 673 191 | 6 934 277 | 7 801 745 | 7 854 688 | 5 736 889 | 5 174 624 |
//! | 34 | 840 508 | 1 057 014 | 1 331 772 | 1 412 704 | 1 564 997 | 1 556 521 | 1 527 133 | 2 118 395 | 1 609 958 |
//! | 38 | 8 789 | 15 429 | 18 974 | 29 011 | 47 585 | 55 497 | 53 814 | 45 697 | 55 476 |
//! | 40 | 2 997 | 3 210 | 6 333 | 8 794 | 12 656 | 16 337 | 24 847 | 32 355 | 29 836 |
//! | 44 | 2 | 2 | 0 | 16 | 25 | 9 | 52 | 79 | 147 |
//! | 46 | 0 | 0 | 0 | 0 | 0 | 0 | 2 | 0 | 0 |
//!
//! # Examples
//!
//! ```
//! use primeboard::prime_square::Solver;
//!
//! let solver = Solver::new(11, 1)?;
//! let first = solver.solutions().next().expect("the sample has solutions");
//! assert_eq!(first.to_string(), "11351\n14033\n30323\n53201\n13313");
//! assert_eq!(solver.count(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod catalogue;
mod fill_order;
mod solutions;
mod solver;
mod square;
mod tables;
mod variants;

pub use solutions::Solutions;
pub use solver::{Solver, SolverBuilder};
pub use square::Square;
pub use variants::{fewest_distinct_primes, rotation_primes};

use crate::Error;

/// The smallest supported side.
pub const MIN_SIZE: usize = 2;
/// The largest supported side.
pub const MAX_SIZE: usize = 7;

/// Checks that `size` is a supported side.
fn check_size(size: usize) -> Result<(), Error> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(Error::UnsupportedSize {
            size,
            min: MIN_SIZE,
            max: MAX_SIZE,
        })
    }
}
