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
//! digits its next cell may take. A cell's candidates are the AND of the
//! masks of its lines, so a dead end shows at the first cell that has no
//! digit left.
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
mod order;
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
