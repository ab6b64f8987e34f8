//! Project Euler 244, "Sliders": shortest move sequences between two
//! positions of a sliding puzzle with coloured tiles, how many there are, and
//! the sums of their checksums.
//!
//! A [`Board`] is a rectangle of cells, one of them the gap (`_`), the others
//! tiles of any colours (printable ASCII characters). A [`Move`] slides the
//! tile next to the gap into it and is named by the way **the tile** moves,
//! so `L` moves the tile right of the gap to the left; [`Moves`] is a
//! sequence of them, written `"LULUR"`. Tiles of one colour are
//! interchangeable: a position is the gap's cell and the colour sequence.
//!
//! # How the search works
//!
//! One file per part: `board` (the text form and moves), `checksum`,
//! `rank` (the perfect hash), `search` (the invariants, the two-ended
//! breadth-first search and its distance tables), `budget` (the memory
//! budget), `paths` (the tallies and the path walk).
//!
//! Boards that an invariant tells apart (colour counts; the tiles' order on
//! one row or column; with all tiles distinct, the permutation's parity with
//! the gap's) are answered at once. Otherwise positions are ranked by a
//! perfect hash, the gap's cell times the number of colour sequences plus
//! the sequence's rank, so each end of the search keeps one byte per
//! position (its distance) in a flat array; state spaces too large for the
//! budget (a 15-puzzle has 16! positions) are keyed by their 128-bit codes
//! in open-addressing hash tables, and explore only a ball around each end.
//! Every sizeable allocation is charged to the memory budget
//! ([`Search::max_bytes`]) before it is made.
//!
//! Breadth-first searches from both ends run layer by layer, the smaller
//! frontier first, until they meet; walks from the meeting layer back to
//! each end keep the positions that lie on shortest paths; a pass forward
//! over those carries, per position, the number of shortest paths to it,
//! the sum of their checksums modulo the [`Checksum`]'s modulus, and (while
//! it stays small) the multiset of their checksums, which the exact,
//! unreduced sum needs: each path's checksum is reduced on its own, so the
//! reduced sums of the paths cannot be added up exactly.
//!
//! # Examples
//!
//! ```
//! use primeboard::slider::{self, Board};
//!
//! let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
//! let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
//! let paths = slider::shortest_paths(&start, &example)?.expect("reachable");
//! assert_eq!(paths.path_len(), 5);
//! let lulur: slider::Moves = "LULUR".parse()?;
//! assert_eq!(slider::checksum(&lulur), 19_761_398);
//! assert!(paths.paths().any(|p| p == lulur));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod budget;
mod checksum;
mod paths;
mod rank;
mod search;

pub use self::board::Board;
pub use self::checksum::Checksum;
pub use self::paths::{Paths, ShortestPaths};
pub use self::search::Search;
use crate::Error;
pub use crate::moves::{Move, Moves};

/// The most cells a board may have: each cell takes 4 bits of a `u128`.
pub const MAX_CELLS: usize = 32;
/// The most tile colours a board may have (colour 0 of a cell's 4 bits is
/// the gap).
pub const MAX_COLOURS: usize = 15;

/// The Project Euler checksum of a move sequence ([`Checksum::default`]).
///
/// # Complexity
///
/// `O(moves)`.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{checksum, Moves};
///
/// assert_eq!(checksum(&"LULUR".parse::<Moves>()?), 19_761_398);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn checksum(moves: &[Move]) -> u64 {
    Checksum::default().of(moves)
}

/// The shortest paths from `start` to `target` with the default [`Search`];
/// `Ok(None)` when the target cannot be reached.
///
/// # Complexity
///
/// As [`Search::shortest_paths`].
///
/// # Errors
///
/// As [`Search::shortest_paths`].
///
/// # Examples
///
/// ```
/// use primeboard::slider::{shortest_paths, Board};
///
/// let a: Board = "_R/RB".parse()?;
/// let b: Board = "R_/RB".parse()?;
/// let paths = shortest_paths(&a, &b)?.expect("reachable");
/// assert_eq!((paths.path_len(), paths.count()), (1, 1));
/// let wrong_colours: Board = "_R/BB".parse()?;
/// assert!(shortest_paths(&a, &wrong_colours)?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_paths(start: &Board, target: &Board) -> Result<Option<ShortestPaths>, Error> {
    Search::new().shortest_paths(start, target)
}

/// Project Euler 244's quantity: the exact sum of the checksums of every
/// shortest path from `start` to `target`, or `None` when the target cannot
/// be reached or the sum cannot be kept exactly within the default budget.
///
/// # Complexity
///
/// As [`Search::shortest_paths`].
///
/// # Errors
///
/// As [`Search::shortest_paths`].
///
/// # Examples
///
/// ```
/// use primeboard::slider::{self, shortest_checksum_sum, Board};
///
/// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
/// let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
/// let paths = slider::shortest_paths(&start, &example)?.expect("reachable");
/// let sum = paths.paths().map(|p| u128::from(slider::checksum(&p))).sum();
/// assert_eq!(shortest_checksum_sum(&start, &example)?, Some(sum));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_checksum_sum(start: &Board, target: &Board) -> Result<Option<u128>, Error> {
    Ok(shortest_paths(start, target)?.and_then(|p| p.checksum_sum()))
}
