//! [`FillOrders`]: which cell the search fills next.
//!
//! The last row and the last column hold the last digits of the other
//! lines, so all their digits are 1, 3, 7 or 9 and few primes fit them:
//! they go first, after the given top-left digit. Then, one at a time, comes
//! the cell whose lines are the most complete, so that digit sums and
//! primality force the cells early.

use std::sync::OnceLock;

use super::MAX_SIZE;

/// The two orders in which the search fills the cells of a square of one
/// size, and the lines they are computed from.
#[derive(Debug)]
pub(super) struct FillOrders {
    /// The side `N`.
    pub(super) size: usize,
    /// The cells of each line, in reading order (`row * N + column`): the
    /// rows, the columns, the main diagonal, then the second diagonal from
    /// the bottom-left.
    pub(super) lines: Vec<Vec<usize>>,
    /// The cells in the order of the whole search.
    pub(super) whole_search: Vec<usize>,
    /// The cells in the order of a search whose first row is given.
    pub(super) first_row_fixed: Vec<usize>,
}

impl FillOrders {
    /// The fill orders of side `size`, which must be at most [`MAX_SIZE`].
    ///
    /// Each size's are computed once and kept for the rest of the process:
    /// they are the same for every solver of the size, and small (a few
    /// kilobytes for `7 × 7`).
    pub(super) fn of(size: usize) -> &'static FillOrders {
        static CACHE: [OnceLock<FillOrders>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        CACHE[size].get_or_init(|| {
            let mut lines: Vec<Vec<usize>> = Vec::with_capacity(2 * size + 2);
            lines.extend((0..size).map(|r| (0..size).map(|c| r * size + c).collect()));
            lines.extend((0..size).map(|c| (0..size).map(|r| r * size + c).collect()));
            lines.push((0..size).map(|k| k * size + k).collect());
            lines.push((0..size).map(|k| (size - 1 - k) * size + k).collect());
            let last_row = (0..size).map(|c| (size - 1) * size + c);
            let last_column = (0..size).map(|r| r * size + size - 1);
            let head = last_row.chain(last_column);
            let whole_search = fill_order(size, &lines, [0].into_iter().chain(head.clone()));
            let first_row_fixed = fill_order(size, &lines, (0..size).chain(head));
            FillOrders {
                size,
                lines,
                whole_search,
                first_row_fixed,
            }
        })
    }
}

/// The cells of `head`, then, one at a time, the cell whose lines are the
/// most complete: their numbers of placed cells, largest first, compared as
/// sequences; ties go to the first cell in reading order.
fn fill_order(
    size: usize,
    lines: &[Vec<usize>],
    mut head: impl Iterator<Item = usize>,
) -> Vec<usize> {
    let through: Vec<Vec<usize>> = (0..size * size)
        .map(|cell| {
            (0..lines.len())
                .filter(|&l| lines[l].contains(&cell))
                .collect()
        })
        .collect();
    let mut filled = vec![0; lines.len()];
    let mut order: Vec<usize> = Vec::with_capacity(size * size);
    while order.len() < size * size {
        let completeness = |cell: usize| {
            let mut counts: Vec<usize> = through[cell].iter().map(|&l| filled[l]).collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            counts
        };
        let next = head.next().unwrap_or_else(|| {
            (0..size * size)
                .filter(|cell| !order.contains(cell))
                .map(|cell| (completeness(cell), cell))
                .max_by(|(a, x), (b, y)| a.cmp(b).then(y.cmp(x)))
                .map_or(0, |(_, cell)| cell)
        });
        if !order.contains(&next) {
            order.push(next);
            through[next].iter().for_each(|&l| filled[l] += 1);
        }
    }
    order
}
