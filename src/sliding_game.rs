//! Project Euler 313, "Sliding Game": the least number of moves `S(m, n)`
//! that bring the red counter from the top-left to the bottom-right cell of an
//! `m × n` board whose only space starts bottom-right.
//!
//! # The closed form, in a few lines
//!
//! A position is two cells: the red counter's and the space's. The red
//! counter moves only into the space, so a solution is the red counter's route
//! with walks of the space in between. The first walk, from the far corner to
//! the red counter's first step, costs `m + n - 3`; between two red moves the
//! space needs 2 moves to go round a turn of the route and 4 to get ahead of a
//! straight step. A shortest route never turns back and zigzags as much as it
//! can, which gives
//!
//! - `S(m, n) = 6 max(m, n) + 2 min(m, n) - 13` for `m ≠ n`, both `>= 2`;
//! - `S(n, n) = 8n - 11`;
//! - `S(1, 2) = S(2, 1) = 1`; a `1 × n` board with `n >= 3` cannot be finished.
//!
//! [`search`] proves it board by board by breadth-first search over the
//! positions. `8n - 11 ≡ 5 (mod 8)` is never an odd square, so only the
//! non-square formula meets `p²`; for odd `q` its boards form one interval of
//! `m` ([`boards`]), and a prime `p > 3` contributes `(p² - 1) / 12` grids,
//! so [`count_grids`] is a prime sum: `2 + Σ_{5 ≤ p < L} (p² - 1) / 12`.
//!
//! # Examples
//!
//! ```
//! use primeboard::sliding_game;
//!
//! assert_eq!(sliding_game::min_moves(5, 4)?, Some(25));
//! assert_eq!(sliding_game::search(5, 4)?.map(|s| s.len()), Some(25));
//! assert_eq!(sliding_game::count_grids(100)?, 5482);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::iter::FusedIterator;

use crate::Error;
use crate::arith::{Ring, Value, Wide};
pub use crate::moves::{Move, Moves};

/// Checks that an `rows × cols` board has room for the counter and the space.
fn check_board(rows: u64, cols: u64) -> Result<(), Error> {
    if rows == 0 || cols == 0 || (rows == 1 && cols == 1) {
        return Err(Error::NoRoom { rows, cols });
    }
    Ok(())
}

/// `S(rows, cols)`, the least number of moves, in closed form; `None` for a
/// board that cannot be finished (`1 × n` or `n × 1` with `n >= 3`).
///
/// The result is a `u128` because `6 · u64::MAX` does not fit in a `u64`.
///
/// # Complexity
///
/// `O(1)`.
///
/// # Errors
///
/// - [`Error::NoRoom`] for a board without two cells (a side of 0, or `1 × 1`).
///
/// # Examples
///
/// ```
/// use primeboard::{sliding_game::min_moves, Error};
///
/// assert_eq!(min_moves(2, 2)?, Some(5));
/// assert_eq!(min_moves(5, 4)?, Some(25));
/// assert_eq!(min_moves(1, 3)?, None);
/// assert!(matches!(min_moves(1, 1), Err(Error::NoRoom { rows: 1, cols: 1 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_moves(rows: u64, cols: u64) -> Result<Option<u128>, Error> {
    check_board(rows, cols)?;
    let (big, small) = (u128::from(rows.max(cols)), u128::from(rows.min(cols)));
    Ok(match (big, small) {
        (2, 1) => Some(1),
        (_, 1) => None,
        _ if big == small => Some(8 * big - 11),
        _ => Some(6 * big + 2 * small - 13),
    })
}

/// One shortest solution found by [`search`]: its moves, in order.
///
/// # Examples
///
/// ```
/// use primeboard::sliding_game::search;
///
/// let solution = search(2, 2)?.expect("2x2 can be finished");
/// assert_eq!(solution.to_string().len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    moves: Moves,
}

impl Solution {
    /// The number of moves, `S(m, n)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::search;
    ///
    /// assert_eq!(search(2, 2)?.map(|s| s.len()), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (never: the red counter must move).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::search;
    ///
    /// assert_eq!(search(1, 2)?.map(|s| s.is_empty()), Some(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, first to last.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::{search, Move};
    ///
    /// let solution = search(1, 2)?.expect("1x2 can be finished");
    /// assert_eq!(*solution.moves(), [Move::Right]);
    /// assert_eq!(solution.to_string(), "R");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> &Moves {
        &self.moves
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.moves.fmt(f)
    }
}

/// A breadth-first search for a shortest solution of one board: the
/// independent proof of [`min_moves`], which knows nothing of the closed form.
///
/// It explores the positions (red counter's cell, space's cell), `(rows ·
/// cols)²` of them, keeping one 4-byte parent index per position: a budget
/// of `max_states` positions bounds its memory at about `4 · max_states`
/// bytes, plus the queue. [`search`] is the shortcut with the default budget.
///
/// # Examples
///
/// ```
/// use primeboard::{sliding_game::Search, Error};
///
/// let solution = Search::new(5, 4)?.run()?.expect("5x4 can be finished");
/// assert_eq!(solution.len(), 25);
/// let small = Search::new(20, 20)?.max_states(1000);
/// assert!(matches!(small.run(), Err(Error::SearchTooLarge { states: 160_000, max: 1000 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    rows: u64,
    cols: u64,
    max_states: u64,
}

impl Search {
    /// The default budget: `2^26` positions (256 MiB of parent indices), a
    /// board of up to 90 cells.
    pub const DEFAULT_MAX_STATES: u64 = 1 << 26;

    /// The most positions any search can index: `2^32 - 1`, the width of a
    /// parent index less one value that marks "not seen".
    pub const MAX_STATES: u64 = u32::MAX as u64;

    /// A search of the `rows × cols` board with the default budget.
    ///
    /// # Errors
    ///
    /// - [`Error::NoRoom`] as for [`min_moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{sliding_game::Search, Error};
    ///
    /// assert!(Search::new(2, 3).is_ok());
    /// assert!(matches!(Search::new(1, 1), Err(Error::NoRoom { rows: 1, cols: 1 })));
    /// ```
    pub fn new(rows: u64, cols: u64) -> Result<Search, Error> {
        check_board(rows, cols)?;
        Ok(Search {
            rows,
            cols,
            max_states: Search::DEFAULT_MAX_STATES,
        })
    }

    /// Sets the budget: the most positions the search may index (at most
    /// [`Search::MAX_STATES`] are ever indexed, whatever the budget).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::Search;
    ///
    /// // A 6x6 board has 36² = 1296 positions.
    /// assert!(Search::new(6, 6)?.max_states(1296).run().is_ok());
    /// assert!(Search::new(6, 6)?.max_states(1295).run().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_states(self, max_states: u64) -> Search {
        Search { max_states, ..self }
    }

    /// Runs the search: one shortest solution, or `None` when the game cannot
    /// be finished.
    ///
    /// # Complexity
    ///
    /// Time and memory `O((rows · cols)²)`.
    ///
    /// # Errors
    ///
    /// - [`Error::SearchTooLarge`] when `(rows · cols)²` exceeds the budget
    ///   or [`Search::MAX_STATES`] (then `max` is the smaller of the two), or
    ///   when the memory for that many positions cannot be allocated; found
    ///   before the search starts.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::{Move, Search};
    ///
    /// let solution = Search::new(2, 2)?.run()?.expect("2x2 can be finished");
    /// assert_eq!(solution.len(), 5);
    /// assert_eq!(Search::new(1, 3)?.run()?, None);
    /// assert_eq!(Search::new(1, 2)?.run()?.map(|s| s.moves().to_vec()), Some(vec![Move::Right]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&self) -> Result<Option<Solution>, Error> {
        let (rows, cols) = (self.rows, self.cols);
        let states = (u128::from(rows) * u128::from(cols)).saturating_pow(2);
        let max = self.max_states.min(Search::MAX_STATES);
        let too_large = Error::SearchTooLarge { states, max };
        if states > u128::from(max) {
            return Err(too_large);
        }
        let (r, c, cells) = (rows as usize, cols as usize, (rows * cols) as usize);
        let mut parent: Vec<u32> = Vec::new();
        parent
            .try_reserve_exact(cells * cells)
            .map_err(|_| too_large)?;
        parent.resize(cells * cells, u32::MAX);
        let encode = |red: usize, space: usize| red * cells + space;
        let start = encode(0, cells - 1);
        parent[start] = start as u32;
        let mut queue = VecDeque::from([start as u32]);
        while let Some(state) = queue.pop_front() {
            let state = state as usize;
            let (red, space) = (state / cells, state % cells);
            if red == cells - 1 {
                return Ok(Some(Solution {
                    moves: path(&parent, state, cells, c).into(),
                }));
            }
            for m in Move::ALL {
                let (dr, dc) = m.space_step();
                let (sr, sc) = ((space / c) as isize + dr, (space % c) as isize + dc);
                if sr < 0 || sc < 0 || sr >= r as isize || sc >= c as isize {
                    continue;
                }
                let to = sr as usize * c + sc as usize;
                let next = if to == red {
                    encode(space, to)
                } else {
                    encode(red, to)
                };
                if parent[next] == u32::MAX {
                    parent[next] = state as u32;
                    queue.push_back(next as u32);
                }
            }
        }
        Ok(None)
    }
}

/// A shortest solution of the `rows × cols` game by breadth-first search,
/// or `None` when the game cannot be finished: [`Search`] with the default
/// budget.
///
/// # Complexity
///
/// Time and memory `O((rows · cols)²)`.
///
/// # Errors
///
/// - [`Error::NoRoom`] as for [`min_moves`].
/// - [`Error::SearchTooLarge`] past [`Search::DEFAULT_MAX_STATES`] positions.
///
/// # Examples
///
/// ```
/// use primeboard::{sliding_game::search, Error};
///
/// assert_eq!(search(5, 4)?.map(|s| s.len()), Some(25));
/// assert_eq!(search(1, 3)?, None);
/// assert!(matches!(search(100, 100), Err(Error::SearchTooLarge { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(rows: u64, cols: u64) -> Result<Option<Solution>, Error> {
    Search::new(rows, cols)?.run()
}

/// The moves from the start to `state`, read back through `parent`.
fn path(parent: &[u32], mut state: usize, cells: usize, cols: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    while parent[state] as usize != state {
        let before = parent[state] as usize;
        let (from, to) = (before % cells, state % cells);
        let step = (
            (to / cols) as isize - (from / cols) as isize,
            (to % cols) as isize - (from % cols) as isize,
        );
        moves.push(
            *Move::ALL
                .iter()
                .find(|m| m.space_step() == step)
                .expect("adjacent"),
        );
        state = before;
    }
    moves.reverse();
    moves
}

/// The boards `(rows, cols)` with `S(rows, cols) = target`, from [`boards`].
///
/// Yields the square board first (if any), then each non-square pair
/// `m > n` followed by its transpose, `m` increasing. Exact-size, with
/// `nth` and `last` in `O(1)`.
///
/// # Examples
///
/// ```
/// use primeboard::sliding_game::boards;
///
/// let mut b = boards(49);
/// assert_eq!((b.len(), b.next(), b.last()), (4, Some((8, 7)), Some((4, 9))));
/// ```
#[derive(Clone, Debug)]
pub struct Boards {
    /// `(1, 2)` and `(2, 1)` when the target is 1; the square board otherwise.
    special: Vec<(u64, u64)>,
    /// `m` runs over `next_m..=last_m`, with `n = h - 3m`.
    h: u64,
    next_m: u64,
    last_m: u64,
    /// The transpose of the last pair is due.
    transpose_due: Option<(u64, u64)>,
}

/// Every board `(rows, cols)` with `S(rows, cols) = target`, transposes as
/// separate boards, built from the closed form's interval rather than a scan.
///
/// For odd `q = target`, `6m + 2n - 13 = q` with `m > n >= 2` means
/// `3m + n = h = (q + 13) / 2` and `⌊h/4⌋ + 1 <= m <= ⌊(h - 2)/3⌋`; the square
/// board `n × n` counts when `8n - 11 = q`.
///
/// # Complexity
///
/// `O(1)` to build, `O(1)` per board.
///
/// # Examples
///
/// ```
/// use primeboard::sliding_game::boards;
///
/// let b: Vec<(u64, u64)> = boards(49).collect();
/// assert_eq!(b, [(8, 7), (7, 8), (9, 4), (4, 9)]);
/// assert_eq!(boards(13).collect::<Vec<_>>(), [(3, 3)]);
/// assert_eq!(boards(49).len(), 4);
/// ```
#[must_use]
pub fn boards(target: u64) -> Boards {
    let mut special = Vec::new();
    if target == 1 {
        special = vec![(1, 2), (2, 1)];
    } else if target % 8 == 5 {
        // 8n - 11 = target, with n = (target + 11) / 8 written without overflow.
        let n = target / 8 + 2;
        special.push((n, n));
    }
    let (h, first, last) = match target {
        // h = (q + 13) / 2, written without overflow for q odd.
        q if q % 2 == 1 => {
            let h = q / 2 + 7;
            (h, h / 4 + 1, (h - 2) / 3)
        }
        _ => (0, 1, 0),
    };
    Boards {
        special,
        h,
        next_m: first,
        last_m: last,
        transpose_due: None,
    }
}

impl Iterator for Boards {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        if let Some(board) = self.special.pop() {
            return Some(board);
        }
        if let Some(board) = self.transpose_due.take() {
            return Some(board);
        }
        if self.next_m > self.last_m {
            return None;
        }
        let m = self.next_m;
        self.next_m += 1;
        let n = self.h - 3 * m;
        self.transpose_due = Some((n, m));
        Some((m, n))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining()).unwrap_or(usize::MAX);
        (n, Some(n))
    }

    fn count(self) -> usize {
        self.len()
    }

    fn nth(&mut self, n: usize) -> Option<(u64, u64)> {
        let mut skip = n as u64;
        while skip > 0 && (!self.special.is_empty() || self.transpose_due.is_some()) {
            self.next()?;
            skip -= 1;
        }
        // Whole pairs, then one board into the next pair.
        let pairs = (skip / 2).min((self.last_m + 1).saturating_sub(self.next_m));
        self.next_m += pairs;
        if skip % 2 == 1 {
            self.next()?;
        }
        self.next()
    }

    fn last(mut self) -> Option<(u64, u64)> {
        let n = self.len();
        self.nth(n.checked_sub(1)?)
    }
}

impl Boards {
    /// The number of boards left, as a `u64` (it can pass `usize` on 32-bit targets).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sliding_game::boards;
    ///
    /// // S(m, n) = 10^18 + 1 has about 8 · 10^16 boards: counted, not listed.
    /// assert_eq!(boards(1_000_000_000_000_000_001).remaining(), 83_333_333_333_333_334);
    /// ```
    #[must_use]
    pub fn remaining(&self) -> u64 {
        let pairs = (self.last_m + 1).saturating_sub(self.next_m);
        self.special.len() as u64 + u64::from(self.transpose_due.is_some()) + 2 * pairs
    }
}

impl ExactSizeIterator for Boards {}

impl FusedIterator for Boards {}

/// The number of grids (`m × n` and `n × m` counted apart) with
/// `S(m, n) = p²` for a prime `p < prime_limit` (strict).
///
/// `p = 2` gives no grid, `p = 3` two, and every `p > 3` exactly
/// `(p² - 1) / 12`, so the count is `2 + (Σ p² - π) / 12` over the primes
/// `5 <= p < prime_limit`, from the engine of
/// [`prime_sum`](crate::sieve::prime_sum) weighing each prime `(1, p²)`,
/// with `Σ p²` carried in 192 bits once it may pass `2^128`.
///
/// # Complexity
///
/// That of [`prime_pi`](crate::sieve::prime_pi) and
/// [`prime_sum`](crate::sieve::prime_sum), the sum of squares in 192 bits
/// once `Σ_{n < L} n²` may pass `2^128` (`L` above about `1.007 · 10^13`);
/// the measured time is in the crate docs' [speed section](crate#speed).
///
/// # Errors
///
/// - [`Error::CountOverflow`] when the count exceeds `u128::MAX`: for every
///   `prime_limit > 72 866 938 968 493`, refused before any work.
///
/// # Examples
///
/// ```
/// use primeboard::{sliding_game::count_grids, Error};
///
/// assert_eq!(count_grids(10)?, 8);
/// assert_eq!(count_grids(100)?, 5482);
/// assert!(matches!(count_grids(u64::MAX), Err(Error::CountOverflow { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_grids(prime_limit: u64) -> Result<u128, Error> {
    /// The largest limit whose count fits in `u128`.
    const LAST: u64 = 72_866_938_968_493;
    if prime_limit <= 5 {
        return Ok(if prime_limit > 3 { 2 } else { 0 });
    }
    let overflow = Error::CountOverflow { prime_limit };
    if prime_limit > LAST {
        return Err(overflow);
    }
    let (primes, squares) = crate::prime_sums::count_and_squares(prime_limit - 1);
    // Σ (p² - 1) / 12 over 5 <= p < L: remove p = 2, 3 (4 + 9, and 2 from π).
    let removed = Wide::from_u128(13 + u128::from(primes - 2));
    let count = squares.minus(removed).div_small(12);
    count
        .to_u128()
        .and_then(|c| c.checked_add(2))
        .ok_or(overflow)
}
