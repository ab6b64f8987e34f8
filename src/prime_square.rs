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
//! [`Solver`] keeps the `N`-digit primes with the wanted digit sum as
//! tables of 10-bit digit masks: for each line and each set of its digits
//! already placed, the digits its next cell may take. A cell's candidates
//! are the AND of the masks of its lines, so a dead end shows at the first
//! cell that has no digit left.
//!
//! The fill order decides the size of the search. The last row and the last
//! column hold the last digits of the other lines, so all their digits are
//! 1, 3, 7 or 9 and few primes fit them: they go first, after the given
//! top-left digit. Then, one at a time, comes the cell whose lines are the
//! most complete, so that digit sums and primality force the cells early:
//! the diagonals, whose ends are known by then, and the rest. For `5 × 5`
//! this places 1.9 million digits over all 405 tasks, where orders that
//! start from the first row and column, as the analysis's does, place 47 to
//! 186 million.
//!
//! That order does not find the squares in increasing order. [`Solutions`]
//! keeps the squares of its first search and sorts them when there are at
//! most [`HELD`]; with more, it keeps only their distinct first rows and
//! searches again for each first row in increasing order, with that row
//! placed first, holding one group of squares at a time.
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

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::iter::FusedIterator;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::Error;
use crate::sieve;

/// The smallest supported side.
pub const MIN_SIZE: usize = 2;
/// The largest supported side. A [`Solver`] of side `N` keeps up to
/// `2N + 2` mask tables of `2 · 10^N / 9` bytes each: 0.2 MB for `N = 5`,
/// 36 MB for `N = 7`.
pub const MAX_SIZE: usize = 7;

/// A solved square, `N` rows of `N` digits.
///
/// Squares order as their `N²`-digit readings (row 1, then row 2, ...).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    size: usize,
    digits: Vec<u8>,
}

impl Square {
    /// The side `N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The digit in row `row`, column `col` (0-based), or `None` off the square.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.digit(0, 0), Some(1));
    /// assert_eq!(square.digit(4, 4), Some(3));
    /// assert_eq!(square.digit(5, 0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn digit(&self, row: usize, col: usize) -> Option<u8> {
        (row < self.size && col < self.size).then(|| self.digits[row * self.size + col])
    }

    /// Reads the digits of `cells` as a number.
    fn read(&self, cells: impl Iterator<Item = (usize, usize)>) -> u64 {
        cells.fold(0, |n, (r, c)| {
            10 * n + u64::from(self.digits[r * self.size + c])
        })
    }

    /// Row `row` (0-based) read left to right, or `None` off the square.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().nth(1).unwrap();
    /// assert_eq!(square.row(1), Some(33203));
    /// assert_eq!(square.column(1), Some(13043));
    /// assert_eq!((square.diagonal(), square.anti_diagonal()), (13331, 34301));
    /// assert_eq!(square.row(5), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row(&self, row: usize) -> Option<u64> {
        (row < self.size).then(|| self.read((0..self.size).map(|c| (row, c))))
    }

    /// Column `col` (0-based) read top to bottom, or `None` off the square.
    pub fn column(&self, col: usize) -> Option<u64> {
        (col < self.size).then(|| self.read((0..self.size).map(|r| (r, col))))
    }

    /// The main diagonal, read from the top-left cell to the bottom-right one.
    pub fn diagonal(&self) -> u64 {
        self.read((0..self.size).map(|k| (k, k)))
    }

    /// The other diagonal, read from the bottom-left cell to the top-right one.
    pub fn anti_diagonal(&self) -> u64 {
        self.read((0..self.size).map(|k| (self.size - 1 - k, k)))
    }

    /// All `2N + 2` lines: the rows, the columns, then both diagonals.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// let lines = square.lines();
    /// assert_eq!(lines.len(), 12);
    /// assert_eq!(lines[0], 11351); // first row
    /// assert_eq!(lines[11], 13331); // bottom-left to top-right
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lines(&self) -> Vec<u64> {
        let n = self.size;
        let rows = (0..n).filter_map(|r| self.row(r));
        let cols = (0..n).filter_map(|c| self.column(c));
        rows.chain(cols)
            .chain([self.diagonal(), self.anti_diagonal()])
            .collect()
    }

    /// The distinct primes the square uses, in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.distinct_primes().len(), 7); // the square is symmetric
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distinct_primes(&self) -> BTreeSet<u64> {
        self.lines().into_iter().collect()
    }
}

impl fmt::Display for Square {
    /// `N` lines of `N` digits, with no newline after the last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.digits.chunks(self.size).enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            row.iter().try_for_each(|d| write!(f, "{d}"))?;
        }
        Ok(())
    }
}

/// Settings for a [`Solver`] of any supported size; [`Solver::new`] is the
/// shortcut for `5 × 5`.
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::SolverBuilder;
///
/// let solver = SolverBuilder::new(16, 1).size(4).build()?;
/// assert!(solver.solutions().all(|s| s.size() == 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SolverBuilder {
    size: usize,
    digit_sum: u32,
    top_left: u8,
}

impl SolverBuilder {
    /// The settings for a digit sum and a top-left digit, of size 5.
    pub fn new(digit_sum: u32, top_left: u8) -> SolverBuilder {
        SolverBuilder {
            size: 5,
            digit_sum,
            top_left,
        }
    }

    /// Sets the side `N` of the square (and the digits of its primes).
    pub fn size(mut self, size: usize) -> SolverBuilder {
        self.size = size;
        self
    }

    /// Builds the solver: sieves the `N`-digit primes (once per process and
    /// size) and builds the tables.
    ///
    /// # Complexity
    ///
    /// Time and memory `O(N · 10^N)`: up to `2N + 2` tables of
    /// `2 · 10^N / 9` bytes (see [`MAX_SIZE`]).
    ///
    /// # Errors
    ///
    /// - [`Error::InvalidDigit`] when the top-left digit is not in `1..=9`.
    /// - [`Error::UnsupportedSize`] when the size is outside
    ///   [`MIN_SIZE`]`..=`[`MAX_SIZE`].
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{prime_square::SolverBuilder, Error};
    ///
    /// assert!(SolverBuilder::new(11, 1).size(3).build().is_ok());
    /// assert!(matches!(SolverBuilder::new(11, 1).size(1).build(), Err(Error::UnsupportedSize { .. })));
    /// assert!(matches!(SolverBuilder::new(11, 0).build(), Err(Error::InvalidDigit { digit: 0 })));
    /// ```
    pub fn build(self) -> Result<Solver, Error> {
        let SolverBuilder {
            size,
            digit_sum,
            top_left,
        } = self;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::UnsupportedSize {
                size,
                min: MIN_SIZE,
                max: MAX_SIZE,
            });
        }
        if !(1..=9).contains(&top_left) {
            return Err(Error::InvalidDigit { digit: top_left });
        }
        let (primes, digits) = Catalogue::of(size)?.with_digit_sum(digit_sum);
        let layout = Layout::of(size);
        let tables = Tables::new(layout, &layout.search, digits);
        Ok(Solver {
            layout,
            digit_sum,
            top_left,
            primes,
            digits,
            tables,
        })
    }
}

/// The `size`-digit primes grouped by digit sum, sieved once per process
/// and size.
#[derive(Debug)]
struct Catalogue {
    size: usize,
    /// The primes by increasing digit sum, then increasing value.
    primes: Vec<u64>,
    /// The digits of `primes`, `size` a prime, most significant first.
    digits: Vec<u8>,
    /// Digit sum `s` has the primes `primes[starts[s]..starts[s + 1]]`.
    starts: Vec<usize>,
}

impl Catalogue {
    fn of(size: usize) -> Result<&'static Catalogue, Error> {
        static CACHE: [OnceLock<Catalogue>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        if let Some(catalogue) = CACHE[size].get() {
            return Ok(catalogue);
        }
        let lo = 10u64.pow(size as u32 - 1);
        let mut primes: Vec<u64> = sieve::primes_in(lo..10 * lo)?.collect();
        primes.sort_by_key(|&p| digit_sum_of(p));
        let max_sum = 9 * size;
        let starts = (0..=max_sum + 1)
            .map(|s| primes.partition_point(|&p| (digit_sum_of(p) as usize) < s))
            .collect();
        let digits = primes
            .iter()
            .flat_map(|&p| {
                (0..size as u32)
                    .rev()
                    .map(move |k| (p / 10u64.pow(k) % 10) as u8)
            })
            .collect();
        Ok(CACHE[size].get_or_init(|| Catalogue {
            size,
            primes,
            digits,
            starts,
        }))
    }

    /// The primes with digit sum `digit_sum`, in increasing order, and their digits.
    fn with_digit_sum(&self, digit_sum: u32) -> (&[u64], &[u8]) {
        // starts[9 · size + 1] is the end of the primes: larger sums are empty.
        let s = (digit_sum as usize).min(9 * self.size + 1);
        let (start, end) = (self.starts[s], self.starts[(s + 1).min(9 * self.size + 1)]);
        (
            &self.primes[start..end],
            &self.digits[self.size * start..self.size * end],
        )
    }
}

/// The sum of the decimal digits of `n`.
fn digit_sum_of(mut n: u64) -> u32 {
    let mut s = 0;
    while n > 0 {
        s += (n % 10) as u32;
        n /= 10;
    }
    s
}

/// The lines and fill orders of one size, computed once per process.
#[derive(Debug)]
struct Layout {
    size: usize,
    /// The cells of each line: the rows, the columns, the main diagonal,
    /// then the second diagonal from the bottom-left.
    lines: Vec<Vec<usize>>,
    /// The fill order of the whole search.
    search: Vec<usize>,
    /// The fill order of a search with the first row fixed.
    first_row_fixed: Vec<usize>,
}

impl Layout {
    fn of(size: usize) -> &'static Layout {
        static CACHE: [OnceLock<Layout>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
        CACHE[size].get_or_init(|| {
            let mut lines: Vec<Vec<usize>> = Vec::with_capacity(2 * size + 2);
            lines.extend((0..size).map(|r| (0..size).map(|c| r * size + c).collect()));
            lines.extend((0..size).map(|c| (0..size).map(|r| r * size + c).collect()));
            lines.push((0..size).map(|k| k * size + k).collect());
            lines.push((0..size).map(|k| (size - 1 - k) * size + k).collect());
            let last_row = (0..size).map(|c| (size - 1) * size + c);
            let last_column = (0..size).map(|r| r * size + size - 1);
            let head = last_row.chain(last_column);
            let search = Layout::fill_order(size, &lines, [0].into_iter().chain(head.clone()));
            let first_row_fixed = Layout::fill_order(size, &lines, (0..size).chain(head));
            Layout {
                size,
                lines,
                search,
                first_row_fixed,
            }
        })
    }

    /// The cells of `head`, then, one at a time, the cell whose lines are
    /// the most complete: their numbers of placed cells, largest first,
    /// compared as sequences; ties go to the first cell in reading order.
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
}

/// The masks that drive the search, for one fill order of the cells.
///
/// Each line (row, column, diagonal) has its own order of filling its `N`
/// positions. For step `t` of an order, `masks[o][t][key]` holds the digits
/// allowed at the order's `t`-th position when the positions before it hold
/// the digits of `key` (read in fill order), over the primes with the digit sum.
#[derive(Clone, Debug, Default)]
struct Tables {
    /// The cells, in the order the search fills them.
    cells: Vec<usize>,
    /// For each cell in fill order, its lines: always 4, padded with
    /// [`Link::NONE`].
    links: Vec<[Link; 4]>,
    /// All mask tables, one after another; entry 0 allows every digit.
    masks: Vec<u16>,
}

/// A line through a cell, as the search sees it at the cell's depth.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// The line's slot in the search's keys.
    line: u32,
    /// Where the masks of the line's current step start in `Tables::masks`.
    start: u32,
    /// `0xF` for a real line, 0 for padding, whose key stays 0.
    digit_mask: u32,
}

impl Link {
    /// Padding: the key slot that stays 0, and the mask allowing every digit.
    const NONE: Link = Link {
        line: KEY_SLOTS as u32 - 1,
        start: 0,
        digit_mask: 0,
    };
}

/// The search's key slots: the lines of the largest square, and one for padding.
const KEY_SLOTS: usize = 2 * MAX_SIZE + 3;

impl Tables {
    /// The tables for filling the cells in the order `cells`.
    fn new(layout: &Layout, cells: &[usize], digits: &[u8]) -> Tables {
        let size = layout.size;
        let mut time = vec![0; size * size];
        cells
            .iter()
            .enumerate()
            .for_each(|(i, &cell)| time[cell] = i);
        // The order in which each line's positions are filled; lines with
        // the same order share their tables.
        let line_orders: Vec<Vec<usize>> = layout
            .lines
            .iter()
            .map(|members| {
                let mut order: Vec<usize> = (0..size).collect();
                order.sort_by_key(|&k| time[members[k]]);
                order
            })
            .collect();
        let mut orders: Vec<&Vec<usize>> = line_orders.iter().collect();
        orders.sort_unstable();
        orders.dedup();
        // Order `o`'s table for step `t` has `10^t` entries from `start(o, t)`.
        let per_order = (10usize.pow(size as u32) - 1) / 9;
        let start = |o: usize, t: usize| 1 + o * per_order + (10usize.pow(t as u32) - 1) / 9;
        let mut masks = vec![0; 1 + orders.len() * per_order];
        masks[0] = 0x3FF;
        for (o, order) in orders.iter().enumerate() {
            for prime in digits.chunks_exact(size) {
                let mut key = 0;
                for (t, &k) in order.iter().enumerate() {
                    masks[start(o, t) + key] |= 1 << prime[k];
                    key = 10 * key + usize::from(prime[k]);
                }
            }
        }
        let mut links = vec![[Link::NONE; 4]; size * size];
        let mut real_links = vec![0; size * size];
        for (line, (members, order)) in layout.lines.iter().zip(&line_orders).enumerate() {
            let o = orders.partition_point(|x| *x < order);
            for (step, &k) in order.iter().enumerate() {
                let depth = time[members[k]];
                links[depth][real_links[depth]] = Link {
                    line: line as u32,
                    start: start(o, step) as u32,
                    digit_mask: 0xF,
                };
                real_links[depth] += 1;
            }
        }
        Tables {
            cells: cells.to_vec(),
            links,
            masks,
        }
    }

    /// Calls `visit` with the digits by depth of every way to fill the cells
    /// that the lines and `allowed` (a digit mask by depth) permit, until it
    /// breaks.
    fn search(&self, allowed: &[u16], visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>) {
        let mut keys = [0; KEY_SLOTS];
        let mut placed = vec![0; self.cells.len()];
        // A break only ends the search early.
        let _ = self.descend(0, allowed, &mut keys, &mut placed, visit);
    }

    /// Tries every candidate at `depth`, with each line's key (its digits so
    /// far, in its fill order) in `keys`.
    fn descend(
        &self,
        depth: usize,
        allowed: &[u16],
        keys: &mut [u32; KEY_SLOTS],
        placed: &mut [u8],
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if depth == placed.len() {
            return visit(placed);
        }
        let links = &self.links[depth];
        let mut untried = links.iter().fold(allowed[depth], |m, link| {
            m & self.masks[(link.start + keys[link.line as usize]) as usize]
        });
        let saved = links.map(|link| keys[link.line as usize]);
        while untried != 0 {
            let d = untried.trailing_zeros();
            untried &= untried - 1;
            placed[depth] = d as u8;
            for (link, key) in links.iter().zip(saved) {
                keys[link.line as usize] = 10 * key + (d & link.digit_mask);
            }
            self.descend(depth + 1, allowed, keys, placed, visit)?;
        }
        for (link, key) in links.iter().zip(saved) {
            keys[link.line as usize] = key;
        }
        ControlFlow::Continue(())
    }

    /// The digit masks by depth for the top-left digit `top_left` and, when
    /// given, the first row `first_row`.
    fn allowed(&self, top_left: u8, first_row: Option<u64>) -> Vec<u16> {
        let size = self.cells.len().isqrt();
        self.cells
            .iter()
            .map(|&cell| match first_row {
                _ if cell == 0 => 1 << top_left,
                Some(row) if cell < size => 1 << (row / 10u64.pow((size - 1 - cell) as u32) % 10),
                _ => 0x3FF,
            })
            .collect()
    }

    /// The square whose digits by depth are `placed`.
    fn square(&self, placed: &[u8]) -> Square {
        let mut digits = vec![0; placed.len()];
        for (&cell, &d) in self.cells.iter().zip(placed) {
            digits[cell] = d;
        }
        Square {
            size: self.cells.len().isqrt(),
            digits,
        }
    }
}

/// A solver for one (size, digit sum, top-left digit) task: build it once,
/// then stream or count its solutions.
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::Solver;
///
/// let solver = Solver::new(11, 1)?;
/// let squares: Vec<String> = solver.solutions().map(|s| s.to_string()).collect();
/// assert_eq!(squares.len(), 3);
/// assert!(squares.windows(2).all(|w| w[0] < w[1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    layout: &'static Layout,
    digit_sum: u32,
    top_left: u8,
    primes: &'static [u64],
    /// The digits of `primes`.
    digits: &'static [u8],
    tables: Tables,
}

impl Solver {
    /// A solver for the IOI'94 task: `5 × 5`, the given digit sum and top-left
    /// digit. [`SolverBuilder`] sets other sizes.
    ///
    /// # Complexity
    ///
    /// Builds 0.2 MB of tables in about 25 µs (the 5-digit primes are sieved
    /// once per process).
    ///
    /// # Errors
    ///
    /// - [`Error::InvalidDigit`] when `top_left` is not in `1..=9`.
    ///
    /// A digit sum that no 5-digit prime has is not an error: it has no solutions.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{prime_square::Solver, Error};
    ///
    /// assert_eq!(Solver::new(11, 1)?.count(), 3);
    /// assert_eq!(Solver::new(2, 1)?.count(), 0);
    /// assert!(matches!(Solver::new(11, 10), Err(Error::InvalidDigit { digit: 10 })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(digit_sum: u32, top_left: u8) -> Result<Solver, Error> {
        SolverBuilder::new(digit_sum, top_left).build()
    }

    /// The side `N`.
    pub fn size(&self) -> usize {
        self.layout.size
    }

    /// The digit sum of every line.
    pub fn digit_sum(&self) -> u32 {
        self.digit_sum
    }

    /// The top-left digit.
    pub fn top_left(&self) -> u8 {
        self.top_left
    }

    /// The `N`-digit primes with the digit sum, in increasing order: the
    /// candidates for every line.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(23, 1)?.primes().len(), 757);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primes(&self) -> &[u64] {
        self.primes
    }

    /// The solutions, in increasing order of their `N²`-digit readings.
    ///
    /// The first call to `next` runs the whole search. When it finds at most
    /// [`HELD`] squares they are kept, sorted and yielded; otherwise only
    /// the distinct first rows of the squares are kept, and each group of
    /// squares with one first row comes from a search with that row fixed.
    ///
    /// # Complexity
    ///
    /// One depth-first search, and one more per first row when there are
    /// more than [`HELD`] squares; memory `O(N²)` plus at most [`HELD`]
    /// squares or the squares of one first row, and the distinct first rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let solver = Solver::new(11, 1)?;
    /// let mut solutions = solver.solutions();
    /// let first = solutions.next().unwrap();
    /// assert_eq!(first.row(0), Some(11351));
    /// assert!(solutions.all(|s| s > first));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions {
            solver: self,
            squares: Vec::new(),
            rest: None,
        }
    }

    /// The number of solutions, without building any square.
    ///
    /// # Complexity
    ///
    /// One depth-first search; memory `O(N²)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(11, 1)?.count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> u64 {
        let mut n = 0;
        let allowed = self.tables.allowed(self.top_left, None);
        self.tables.search(&allowed, &mut |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// The whole search for [`Solutions`]: keeps the squares in `squares`,
    /// largest first, when there are at most [`HELD`]; otherwise returns
    /// their first rows.
    fn first_search(&self, squares: &mut Vec<Square>) -> Rest {
        let size = self.size();
        let tables = &self.tables;
        // The depths of the first row's cells.
        let row_depths: Vec<usize> = (0..size)
            .filter_map(|c| tables.cells.iter().position(|&cell| cell == c))
            .collect();
        let mut rows: BTreeMap<u64, usize> = BTreeMap::new();
        let mut found = 0;
        tables.search(&tables.allowed(self.top_left, None), &mut |placed| {
            let row = row_depths
                .iter()
                .fold(0, |n, &t| 10 * n + u64::from(placed[t]));
            *rows.entry(row).or_default() += 1;
            found += 1;
            match found <= HELD {
                true => squares.push(tables.square(placed)),
                false => squares.clear(),
            }
            ControlFlow::Continue(())
        });
        if found <= HELD {
            squares.sort_unstable_by(|a, b| b.cmp(a));
            return Rest::default();
        }
        Rest {
            tables: Tables::new(self.layout, &self.layout.first_row_fixed, self.digits),
            rows: rows.into_iter().rev().collect(),
        }
    }
}

/// The most squares [`Solutions`] keeps from its first search; with more,
/// it searches again for each first row.
pub const HELD: usize = 1 << 12;

/// The solutions of a [`Solver`], in increasing order, from [`Solver::solutions`].
///
/// At most [`HELD`] squares, or the squares of one first row, are held at a time.
#[derive(Clone, Debug)]
pub struct Solutions<'a> {
    solver: &'a Solver,
    /// The squares found and not yet yielded, largest first (taken by popping).
    squares: Vec<Square>,
    /// What is left to search; `None` before the first search.
    rest: Option<Rest>,
}

/// The first rows [`Solutions`] has still to search, when its first search
/// found more than [`HELD`] squares.
#[derive(Clone, Debug, Default)]
struct Rest {
    /// The tables for searches with a fixed first row.
    tables: Tables,
    /// The first rows with their numbers of squares, largest first (taken
    /// by popping).
    rows: Vec<(u64, usize)>,
}

impl Iterator for Solutions<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if let Some(square) = self.squares.pop() {
            return Some(square);
        }
        let solver = self.solver;
        let squares = &mut self.squares;
        let rest = self
            .rest
            .get_or_insert_with(|| solver.first_search(squares));
        if let Some(square) = squares.pop() {
            return Some(square);
        }
        let (row, count) = rest.rows.pop()?;
        let tables = &rest.tables;
        let mut left = count;
        tables.search(&tables.allowed(solver.top_left, Some(row)), &mut |placed| {
            squares.push(tables.square(placed));
            left -= 1;
            match left {
                0 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        squares.sort_unstable_by(|a, b| b.cmp(a));
        squares.pop()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.rest {
            Some(rest) => {
                let n =
                    self.squares.len() + rest.rows.iter().map(|&(_, count)| count).sum::<usize>();
                (n, Some(n))
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

/// The squares of side `size` that use the fewest distinct primes, over every
/// digit sum and top-left digit, in increasing order (the analysis's first variant).
///
/// # Complexity
///
/// Solves every (digit sum, top-left digit) pair: about 50 ms for `5 × 5`,
/// tens of minutes for `6 × 6`.
///
/// # Errors
///
/// - [`Error::UnsupportedSize`] as for [`SolverBuilder::build`].
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::fewest_distinct_primes;
///
/// let best = fewest_distinct_primes(4)?;
/// let fewest = best.first().expect("4x4 squares exist").distinct_primes().len();
/// assert!(best.iter().all(|s| s.distinct_primes().len() == fewest));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fewest_distinct_primes(size: usize) -> Result<Vec<Square>, Error> {
    let mut best: Vec<Square> = Vec::new();
    let mut fewest = usize::MAX;
    for digit_sum in 1..=9 * size as u32 {
        for top_left in 1..=9 {
            for square in SolverBuilder::new(digit_sum, top_left)
                .size(size)
                .build()?
                .solutions()
            {
                let distinct = square.distinct_primes().len();
                if distinct < fewest {
                    fewest = distinct;
                    best.clear();
                }
                if distinct == fewest {
                    best.push(square);
                }
            }
        }
    }
    best.sort();
    Ok(best)
}

/// The `digits`-digit primes all of whose rotations are `digits`-digit primes
/// too (the analysis's second variant), in increasing order.
///
/// A rotation moves leading digits to the end: the rotations of 12345 are
/// 23451, 34512, 45123 and 51234. A rotation with a leading 0 is not a
/// `digits`-digit prime, so no such prime contains a 0.
///
/// # Errors
///
/// - [`Error::UnsupportedSize`] when `digits` is outside
///   [`MIN_SIZE`]`..=`[`MAX_SIZE`].
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::rotation_primes;
///
/// assert_eq!(rotation_primes(2)?, [11, 13, 17, 31, 37, 71, 73, 79, 97]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rotation_primes(digits: usize) -> Result<Vec<u64>, Error> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&digits) {
        return Err(Error::UnsupportedSize {
            size: digits,
            min: MIN_SIZE,
            max: MAX_SIZE,
        });
    }
    let catalogue = Catalogue::of(digits)?;
    let low = 10u64.pow(digits as u32 - 1);
    // A rotation keeps the digits, so it is looked up among the primes of the same sum.
    let is_member = |n: u64| {
        n >= low
            && catalogue
                .with_digit_sum(digit_sum_of(n))
                .0
                .binary_search(&n)
                .is_ok()
    };
    let mut rotation = catalogue
        .primes
        .iter()
        .copied()
        .filter(|&p| {
            let mut r = p;
            (1..digits).all(|_| {
                r = r % low * 10 + r / low;
                is_member(r)
            })
        })
        .collect::<Vec<_>>();
    rotation.sort_unstable();
    Ok(rotation)
}
