//! The searches of a solver: [`Solutions`] yields the squares in increasing
//! order without holding more than a bounded number of them, and counts
//! them without building any.

use std::collections::BTreeMap;
use std::iter::FusedIterator;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use super::fill_order::FillOrders;
use super::square::Square;
use super::tables::{Prefix, Tables};
use crate::threads;

/// The smallest side whose searches are shared out among the threads, when
/// there are several; smaller ones take milliseconds.
const PARALLEL_SIZE: usize = 6;

/// How many partial fills a parallel search is cut into, at least: enough
/// for the threads to share out subtrees of very different sizes.
const PIECES: usize = 1 << 10;

/// The solutions of a [`Solver`](super::Solver), in increasing order, from
/// [`Solver::solutions`](super::Solver::solutions).
///
/// At most [`SolverBuilder::held`](super::SolverBuilder::held) squares, or
/// the squares of a few first rows, are held at a time.
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::Solver;
///
/// let solver = Solver::new(11, 1)?;
/// let mut solutions = solver.solutions();
/// assert_eq!(solutions.next().map(|s| s.row(0)), Some(Some(11351)));
/// assert_eq!(solutions.size_hint(), (2, Some(2)));
/// assert_eq!(solutions.count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions<'a> {
    /// The solver's tables, for the whole search.
    tables: &'a Tables,
    /// The lines and fill orders of the size.
    orders: &'static FillOrders,
    /// The digits of the primes with the digit sum, `N` a prime.
    digits: &'static [u8],
    top_left: u8,
    /// The most squares the first search may hold.
    held: u64,
    /// The squares found and not yet yielded, largest first (taken by popping).
    squares: Vec<Square>,
    /// The first rows left to search; `None` before the first search.
    rows_left: Option<RowsLeft>,
}

/// The first rows [`Solutions`] has still to search.
#[derive(Clone, Debug, Default)]
struct RowsLeft {
    /// The tables for searches with a fixed first row.
    tables: Tables,
    /// The first rows with their numbers of squares, largest first (taken
    /// by popping).
    rows: Vec<(u64, u64)>,
}

/// What the first search of [`Solutions`] found: the squares, or, when
/// there are more than it may hold, their first rows.
enum Found {
    /// Every square, in increasing order.
    Squares(Vec<Square>),
    /// Too many squares to hold.
    Rows {
        /// The tables for searches with a fixed first row.
        tables: Box<Tables>,
        /// The distinct first rows with their numbers of squares, in
        /// increasing order.
        rows: Vec<(u64, u64)>,
    },
}

impl<'a> Solutions<'a> {
    /// The solutions of a solver, before any search: the squares of side
    /// `orders.size` and top-left digit `top_left` whose lines are primes
    /// with the digits `digits`, searched with `tables`, holding at most
    /// `held` squares from the first search.
    pub(super) fn new(
        tables: &'a Tables,
        orders: &'static FillOrders,
        digits: &'static [u8],
        top_left: u8,
        held: u64,
    ) -> Solutions<'a> {
        Solutions {
            tables,
            orders,
            digits,
            top_left,
            held,
            squares: Vec::new(),
            rows_left: None,
        }
    }

    /// The number of all the solutions, by one search that builds no square.
    pub(super) fn count_all(&self) -> u64 {
        let tables = self.tables;
        let allowed = tables.allowed(self.top_left, None);
        let count_from = |prefix: &Prefix| {
            let mut n = 0;
            tables.search(prefix, &allowed, &mut |_| {
                n += 1;
                ControlFlow::Continue(())
            });
            n
        };
        threads::map(&self.starts(&allowed), count_from)
            .into_iter()
            .sum()
    }

    /// Whether the searches are shared out among several threads.
    fn parallel(&self) -> bool {
        self.orders.size >= PARALLEL_SIZE && threads::count() > 1
    }

    /// The partial fills the whole search starts from, in its order: at
    /// least [`PIECES`] of them when it runs in parallel, otherwise the
    /// empty fill alone.
    fn starts(&self, allowed: &[u16]) -> Vec<Prefix> {
        if self.parallel() {
            self.tables.split(allowed, PIECES)
        } else {
            vec![self.tables.root()]
        }
    }

    /// The whole search: the squares when there are at most `held`,
    /// otherwise their first rows.
    fn first_search(&self) -> Found {
        let tables = self.tables;
        let allowed = tables.allowed(self.top_left, None);
        // The depths of the first row's cells.
        let row_depths: Vec<usize> = (0..self.orders.size).map(|c| tables.depth_of(c)).collect();
        let found = AtomicU64::new(0);
        // The first rows with their numbers of squares, and the squares
        // while the whole search has found at most `held`.
        let part = |prefix: &Prefix| {
            let mut rows: BTreeMap<u64, u64> = BTreeMap::new();
            let mut squares = Vec::new();
            tables.search(prefix, &allowed, &mut |placed| {
                let row = row_depths
                    .iter()
                    .fold(0, |n, &t| 10 * n + u64::from(placed[t]));
                *rows.entry(row).or_default() += 1;
                if found.fetch_add(1, Ordering::Relaxed) < self.held {
                    squares.push(tables.square(placed));
                }
                ControlFlow::Continue(())
            });
            (rows, squares)
        };
        let parts = threads::map(&self.starts(&allowed), part);
        if found.into_inner() <= self.held {
            let mut squares: Vec<Square> = parts.into_iter().flat_map(|(_, s)| s).collect();
            squares.sort_unstable();
            return Found::Squares(squares);
        }
        let mut rows: BTreeMap<u64, u64> = BTreeMap::new();
        for (part_rows, _) in parts {
            for (row, n) in part_rows {
                *rows.entry(row).or_default() += n;
            }
        }
        let orders = self.orders;
        Found::Rows {
            tables: Box::new(Tables::new(
                &orders.lines,
                &orders.first_row_fixed,
                self.digits,
            )),
            rows: rows.into_iter().collect(),
        }
    }

    /// Runs the first search, keeping its squares or its first rows.
    fn start(&mut self) {
        self.rows_left = Some(match self.first_search() {
            Found::Squares(mut found) => {
                found.reverse();
                self.squares = found;
                RowsLeft::default()
            }
            Found::Rows { tables, mut rows } => {
                rows.reverse();
                RowsLeft {
                    tables: *tables,
                    rows,
                }
            }
        });
    }

    /// How many first rows are searched at once.
    fn rows_at_once(&self) -> usize {
        if self.parallel() {
            4 * threads::count()
        } else {
            1
        }
    }

    /// Searches the next first rows: as many at once as run in parallel,
    /// within the budget of held squares (always one row).
    fn refill(&mut self) {
        let (at_once, held) = (self.rows_at_once(), self.held);
        let Some(rows_left) = self.rows_left.as_mut() else {
            return;
        };
        let mut batch = Vec::new();
        let mut in_batch = 0;
        while let Some(&(row, count)) = rows_left.rows.last() {
            if !batch.is_empty() && (batch.len() >= at_once || in_batch + count > held) {
                break;
            }
            batch.push((row, count));
            in_batch += count;
            rows_left.rows.pop();
        }
        let (tables, top_left) = (&rows_left.tables, self.top_left);
        let groups = threads::map(&batch, |&(row, count)| {
            row_squares(tables, top_left, row, count)
        });
        self.squares = groups.into_iter().flatten().rev().collect();
    }
}

/// The `count` squares with top-left digit `top_left` whose first row is
/// `row`, in increasing order, searched with `tables`, the tables of
/// [`Found::Rows`].
fn row_squares(tables: &Tables, top_left: u8, row: u64, count: u64) -> Vec<Square> {
    let mut squares = Vec::new();
    let mut left = count;
    let allowed = tables.allowed(top_left, Some(row));
    tables.search(&tables.root(), &allowed, &mut |placed| {
        squares.push(tables.square(placed));
        left -= 1;
        match left {
            0 => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    });
    squares.sort_unstable();
    squares
}

impl Iterator for Solutions<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.squares.is_empty() {
            if self.rows_left.is_none() {
                self.start();
            }
            if self.squares.is_empty() {
                self.refill();
            }
        }
        self.squares.pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.rows_left {
            Some(rows_left) => {
                let left = rows_left.rows.iter().map(|&(_, count)| count).sum::<u64>();
                let n = usize::try_from(left)
                    .ok()
                    .and_then(|left| left.checked_add(self.squares.len()));
                (n.unwrap_or(usize::MAX), n)
            }
            None => (0, None),
        }
    }

    fn count(self) -> usize {
        match &self.rows_left {
            Some(_) => self.size_hint().0,
            None => self.count_all() as usize,
        }
    }
}

impl FusedIterator for Solutions<'_> {}
