//! [`Square`]: a solved square and its lines.

use std::collections::BTreeSet;
use std::fmt;

/// A solved square, `N` rows of `N` digits.
///
/// Squares order as their `N²`-digit readings (row 1, then row 2, ...).
///
/// # Examples
///
/// ```
/// use primeboard::prime_square::Solver;
///
/// let solver = Solver::new(11, 1)?;
/// let mut squares = solver.solutions();
/// let (first, second) = (squares.next().unwrap(), squares.next().unwrap());
/// assert_eq!(first.size(), 5);
/// assert!(first < second);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    size: usize,
    /// The digits in reading order, row by row.
    digits: Vec<u8>,
}

impl Square {
    /// The square of side `size` whose digits, in reading order, are `digits`.
    pub(super) fn from_digits(size: usize, digits: Vec<u8>) -> Square {
        debug_assert_eq!(digits.len(), size * size);
        Square { size, digits }
    }

    /// The side `N`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.size(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
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
    #[must_use]
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
    #[must_use]
    pub fn row(&self, row: usize) -> Option<u64> {
        (row < self.size).then(|| self.read((0..self.size).map(|c| (row, c))))
    }

    /// Column `col` (0-based) read top to bottom, or `None` off the square.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.column(0), Some(11351));
    /// assert_eq!(square.column(5), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn column(&self, col: usize) -> Option<u64> {
        (col < self.size).then(|| self.read((0..self.size).map(|r| (r, col))))
    }

    /// The main diagonal, read from the top-left cell to the bottom-right one.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.diagonal(), 14303);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn diagonal(&self) -> u64 {
        self.read((0..self.size).map(|k| (k, k)))
    }

    /// The other diagonal, read from the bottom-left cell to the top-right one.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// let square = Solver::new(11, 1)?.solutions().next().unwrap();
    /// assert_eq!(square.anti_diagonal(), 13331);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
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
    #[must_use]
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
    #[must_use]
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
