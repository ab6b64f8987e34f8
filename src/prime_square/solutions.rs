//! The solution stream: [`Solutions`] yields the squares in increasing
//! order without holding more than a bounded number of them.

use std::iter::FusedIterator;

use super::solver::{Found, Solver};
use super::square::Square;
use super::tables::Tables;
use crate::threads;

/// The solutions of a [`Solver`], in increasing order, from [`Solver::solutions`].
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
    solver: &'a Solver,
    /// The squares found and not yet yielded, largest first (taken by popping).
    squares: Vec<Square>,
    /// What is left to search; `None` before the first search.
    rest: Option<Rest>,
}

/// The first rows [`Solutions`] has still to search.
#[derive(Clone, Debug, Default)]
struct Rest {
    /// The tables for searches with a fixed first row.
    tables: Tables,
    /// The first rows with their numbers of squares, largest first (taken
    /// by popping).
    rows: Vec<(u64, u64)>,
}

impl<'a> Solutions<'a> {
    /// The solutions of `solver`, before any search.
    pub(super) fn new(solver: &'a Solver) -> Solutions<'a> {
        Solutions {
            solver,
            squares: Vec::new(),
            rest: None,
        }
    }

    /// Runs the first search, keeping its squares or its first rows.
    fn start(&mut self) {
        let squares = &mut self.squares;
        self.rest = Some(match self.solver.first_search() {
            Found::Squares(mut found) => {
                found.reverse();
                *squares = found;
                Rest::default()
            }
            Found::Rows(tables, mut rows) => {
                rows.reverse();
                Rest {
                    tables: *tables,
                    rows,
                }
            }
        });
    }

    /// Searches the next first rows: as many at once as the solver runs
    /// in parallel, within its budget of held squares (always one row).
    fn refill(&mut self) {
        let solver = self.solver;
        let Some(rest) = self.rest.as_mut() else {
            return;
        };
        let mut batch = Vec::new();
        let mut held = 0;
        while let Some(&(row, count)) = rest.rows.last() {
            if !batch.is_empty()
                && (batch.len() >= solver.rows_at_once() || held + count > solver.held())
            {
                break;
            }
            batch.push((row, count));
            held += count;
            rest.rows.pop();
        }
        let tables = &rest.tables;
        let groups = threads::map(&batch, |&(row, count)| {
            solver.row_squares(tables, row, count)
        });
        self.squares = groups.into_iter().flatten().rev().collect();
    }
}

impl Iterator for Solutions<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.squares.is_empty() {
            if self.rest.is_none() {
                self.start();
            }
            if self.squares.is_empty() {
                self.refill();
            }
        }
        self.squares.pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.rest {
            Some(rest) => {
                let left = rest.rows.iter().map(|&(_, count)| count).sum::<u64>();
                let n = usize::try_from(left)
                    .ok()
                    .and_then(|left| left.checked_add(self.squares.len()));
                (n.unwrap_or(usize::MAX), n)
            }
            None => (0, None),
        }
    }

    fn count(self) -> usize {
        match &self.rest {
            Some(_) => self.size_hint().0,
            None => self.solver.count() as usize,
        }
    }
}

impl FusedIterator for Solutions<'_> {}
