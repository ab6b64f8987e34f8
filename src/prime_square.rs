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
//! [`Solver`] keeps the `N`-digit primes with the wanted digit sum as two
//! tables of 10-bit digit masks: for each line and each set of its digits
//! already placed, the digits its next cell may take. The square is filled
//! cell by cell in the order the analysis found best: row 1, column 1, the
//! second diagonal, then row 2, column 2, row 3, and so on. A cell's candidates are the AND of the masks of
//! its lines, so a dead end shows at the first cell that has no digit left.
//! Row 1 is filled first, in increasing order, so the solutions come in
//! groups by first row; each group is sorted and streamed.
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

use std::collections::BTreeSet;
use std::fmt;
use std::iter::FusedIterator;
use std::sync::OnceLock;

use crate::Error;
use crate::sieve;

/// The smallest supported side.
pub const MIN_SIZE: usize = 2;
/// The largest supported side: the mask tables take up to `4.4 · 10^(N-1)` bytes.
pub const MAX_SIZE: usize = 8;

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

    /// Builds the solver: sieves the `N`-digit primes and builds the tables.
    ///
    /// # Complexity
    ///
    /// Time `O(10^N)`, memory `4 · 10^(N-1)` bytes of tables.
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
        let primes = n_digit_primes(size)?
            .iter()
            .copied()
            .filter(|&p| digit_sum_of(p) == digit_sum)
            .collect::<Vec<_>>();
        let tables = Tables::new(size, &primes);
        Ok(Solver {
            size,
            digit_sum,
            top_left,
            primes,
            tables,
        })
    }
}

/// The `size`-digit primes, in increasing order.
/// The `size`-digit primes, sieved once per process and size.
fn n_digit_primes(size: usize) -> Result<&'static [u64], Error> {
    static CACHE: [OnceLock<Vec<u64>>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    if let Some(primes) = CACHE[size].get() {
        return Ok(primes);
    }
    let lo = 10u64.pow(size as u32 - 1);
    let primes = sieve::primes_in(lo..10 * lo)?.collect();
    Ok(CACHE[size].get_or_init(|| primes))
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

/// The masks that drive the search, for one fill order of the cells.
///
/// Each line (row, column, diagonal) has its own order of filling its `N`
/// positions. For step `t` of an order, `masks[o][t][key]` holds the digits
/// allowed at the order's `t`-th position when the positions before it hold
/// the digits of `key` (read in fill order), over the primes with the digit sum.
#[derive(Clone, Debug)]
struct Tables {
    /// The cells, in the order the search fills them.
    cells: Vec<usize>,
    /// For each cell in fill order, its lines (at most 4; the rest point to
    /// [`NO_LINE`]) as (line, start in `masks` of the line's current step).
    links: Vec<[(usize, usize); 4]>,
    /// How many of `links` are real lines.
    real_links: Vec<usize>,
    /// All mask tables, one after another; entry 0 allows every digit.
    masks: Vec<u16>,
}

/// The key slot of the missing lines: always 0, with mask entry 0 all digits.
fn no_line(size: usize) -> usize {
    2 * size + 2
}

impl Tables {
    /// The fill order of the analysis: row 0, column 0, the inner cells of
    /// the second diagonal (bottom to top), then for `k = 1, 2, ...` the
    /// unfilled cells of row `k` and of column `k`. Rows, columns and the
    /// main diagonal are filled from their first digit; the second diagonal
    /// from both ends, then upwards.
    fn new(size: usize, primes: &[u64]) -> Tables {
        let mut cells = Vec::with_capacity(size * size);
        let mut placed = vec![false; size * size];
        let mut push = |cell: usize, cells: &mut Vec<usize>| {
            if !std::mem::replace(&mut placed[cell], true) {
                cells.push(cell);
            }
        };
        (0..size).for_each(|c| push(c, &mut cells));
        (1..size).for_each(|r| push(r * size, &mut cells));
        (1..size - 1)
            .rev()
            .for_each(|r| push(r * size + size - 1 - r, &mut cells));
        (1..size).for_each(|k| push(k * size + k, &mut cells));
        (1..size).for_each(|r| push(r * size + size - 1, &mut cells));
        (1..size).for_each(|c| push((size - 1) * size + c, &mut cells));
        for k in 1..size {
            (k..size).for_each(|c| push(k * size + c, &mut cells));
            (k + 1..size).for_each(|r| push(r * size + k, &mut cells));
        }
        // The cells of each line: rows, columns, main diagonal, then the
        // second diagonal from the bottom-left.
        let mut lines: Vec<Vec<usize>> = Vec::with_capacity(2 * size + 2);
        lines.extend((0..size).map(|r| (0..size).map(|c| r * size + c).collect()));
        lines.extend((0..size).map(|c| (0..size).map(|r| r * size + c).collect()));
        lines.push((0..size).map(|k| k * size + k).collect());
        lines.push((0..size).map(|k| (size - 1 - k) * size + k).collect());
        let time: Vec<usize> = {
            let mut t = vec![0; size * size];
            cells.iter().enumerate().for_each(|(i, &cell)| t[cell] = i);
            t
        };
        let mut orders: Vec<Vec<usize>> = Vec::new();
        let mut masks = vec![0x3FF];
        let mut starts: Vec<Vec<usize>> = Vec::new();
        let mut links = vec![[(no_line(size), 0); 4]; size * size];
        let mut real_links = vec![0; size * size];
        for (line, members) in lines.iter().enumerate() {
            let mut order: Vec<usize> = (0..size).collect();
            order.sort_by_key(|&k| time[members[k]]);
            let o = orders.iter().position(|x| *x == order).unwrap_or_else(|| {
                starts.push(Tables::masks(size, &order, primes, &mut masks));
                orders.push(order.clone());
                orders.len() - 1
            });
            for (step, &k) in order.iter().enumerate() {
                let depth = time[members[k]];
                links[depth][real_links[depth]] = (line, starts[o][step]);
                real_links[depth] += 1;
            }
        }
        Tables {
            cells,
            links,
            real_links,
            masks,
        }
    }

    /// Appends to `masks` the tables of one fill order of a line; returns
    /// where each step's table starts.
    fn masks(size: usize, order: &[usize], primes: &[u64], masks: &mut Vec<u16>) -> Vec<usize> {
        let starts: Vec<usize> = (0..size as u32)
            .map(|t| {
                masks.resize(masks.len() + 10usize.pow(t), 0);
                masks.len() - 10usize.pow(t)
            })
            .collect();
        for &p in primes {
            let digit = |k: usize| (p / 10u64.pow((size - 1 - k) as u32) % 10) as usize;
            let mut key = 0;
            for (t, &k) in order.iter().enumerate() {
                masks[starts[t] + key] |= 1 << digit(k);
                key = 10 * key + digit(k);
            }
        }
        starts
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
    size: usize,
    digit_sum: u32,
    top_left: u8,
    primes: Vec<u64>,
    tables: Tables,
}

impl Solver {
    /// A solver for the IOI'94 task: `5 × 5`, the given digit sum and top-left
    /// digit. [`SolverBuilder`] sets other sizes.
    ///
    /// # Complexity
    ///
    /// Sieves the 5-digit primes and builds 40 KB of tables: well under a millisecond.
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
        self.size
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
        &self.primes
    }

    /// The solutions, in increasing order of their `N²`-digit readings,
    /// found one at a time.
    ///
    /// # Complexity
    ///
    /// A depth-first search; memory `O(N²)`.
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
            search: Search::new(self),
            size: self.size,
            group: Vec::new(),
            lookahead: None,
            done: false,
        }
    }

    /// The number of solutions, without building any square.
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
        let mut search = Search::new(self);
        let mut n = 0;
        while search.advance() {
            n += 1;
        }
        n
    }
}

/// The depth-first search's state: the digits placed, the candidates not yet
/// tried at each depth, and each line's key (its digits so far, in fill order).
#[derive(Clone, Debug)]
struct Search<'a> {
    tables: &'a Tables,
    /// Cells `tables.cells[..depth]` are placed.
    depth: usize,
    digits: Vec<u8>,
    untried: Vec<u16>,
    keys: Vec<usize>,
}

impl<'a> Search<'a> {
    fn new(solver: &'a Solver) -> Search<'a> {
        let cells = solver.size * solver.size;
        let mut search = Search {
            tables: &solver.tables,
            depth: 0,
            digits: vec![0; cells],
            untried: vec![0; cells],
            keys: vec![0; no_line(solver.size) + 1],
        };
        search.untried[0] = search.candidates(0) & (1 << solver.top_left);
        search
    }

    /// The digits allowed at depth `depth`, given the cells before it.
    #[inline]
    fn candidates(&self, depth: usize) -> u16 {
        let [a, b, c, d] = self.tables.links[depth];
        let mask = |(line, start): (usize, usize)| self.tables.masks[start + self.keys[line]];
        mask(a) & mask(b) & mask(c) & mask(d)
    }

    /// The real lines through the cell at `depth`.
    #[inline]
    fn lines(&self, depth: usize) -> &'a [(usize, usize)] {
        &self.tables.links[depth][..self.tables.real_links[depth]]
    }

    /// Moves to the next solution; `false` when there are no more.
    fn advance(&mut self) -> bool {
        let cells = self.digits.len();
        if self.depth == cells {
            self.undo(); // resume after the solution just found
        }
        loop {
            let m = self.untried[self.depth];
            if m == 0 {
                if self.depth == 0 {
                    return false;
                }
                self.undo();
                continue;
            }
            self.untried[self.depth] = m & (m - 1);
            let d = m.trailing_zeros() as u8;
            self.digits[self.tables.cells[self.depth]] = d;
            for &(line, _) in self.lines(self.depth) {
                self.keys[line] = 10 * self.keys[line] + usize::from(d);
            }
            self.depth += 1;
            if self.depth == cells {
                return true;
            }
            self.untried[self.depth] = self.candidates(self.depth);
        }
    }

    /// Takes back the last placed digit.
    #[inline]
    fn undo(&mut self) {
        self.depth -= 1;
        for &(line, _) in self.lines(self.depth) {
            self.keys[line] /= 10;
        }
    }
}

/// The solutions of a [`Solver`], in increasing order, from [`Solver::solutions`].
///
/// The search fills row 0 first, so it finds the solutions grouped by their
/// first row, in increasing order of it; each group is sorted before it is
/// yielded. Only one group is held at a time.
#[derive(Clone, Debug)]
pub struct Solutions<'a> {
    search: Search<'a>,
    size: usize,
    /// The current group, largest first (yielded by popping).
    group: Vec<Square>,
    /// The first square of the next group, already found.
    lookahead: Option<Square>,
    done: bool,
}

impl Solutions<'_> {
    fn found(&mut self) -> Option<Square> {
        if self.done || !self.search.advance() {
            self.done = true;
            return None;
        }
        Some(Square {
            size: self.size,
            digits: self.search.digits.clone(),
        })
    }
}

impl Iterator for Solutions<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if let Some(square) = self.group.pop() {
            return Some(square);
        }
        let first = self.lookahead.take().or_else(|| self.found())?;
        let n = self.size;
        self.group.push(first);
        while let Some(square) = self.found() {
            if square.digits[..n] != self.group[0].digits[..n] {
                self.lookahead = Some(square);
                break;
            }
            self.group.push(square);
        }
        self.group.sort_unstable_by(|a, b| b.cmp(a));
        self.group.pop()
    }

    fn count(mut self) -> usize {
        let mut n = self.group.len() + usize::from(self.lookahead.is_some());
        while !self.done && self.search.advance() {
            n += 1;
        }
        n
    }
}

impl FusedIterator for Solutions<'_> {}

/// The squares of side `size` that use the fewest distinct primes, over every
/// digit sum and top-left digit, in increasing order (the analysis's first variant).
///
/// # Complexity
///
/// Solves every (digit sum, top-left digit) pair: a few tens of milliseconds
/// for `5 × 5`, far longer from `6 × 6` up.
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
    let primes = n_digit_primes(digits)?;
    let low = 10u64.pow(digits as u32 - 1);
    let is_member = |n: u64| n >= low && primes.binary_search(&n).is_ok();
    Ok(primes
        .iter()
        .copied()
        .filter(|&p| {
            let mut r = p;
            (1..digits).all(|_| {
                r = r % low * 10 + r / low;
                is_member(r)
            })
        })
        .collect())
}
