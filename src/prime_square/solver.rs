//! [`Solver`] and [`SolverBuilder`]: one (size, digit sum, top-left digit)
//! task and its tables, whose searches [`Solutions`] runs.

use std::sync::Arc;

use super::catalogue::Catalogue;
use super::fill_order::FillOrders;
use super::solutions::Solutions;
use super::tables::Tables;
use crate::Error;

/// The default of [`SolverBuilder::held`].
const DEFAULT_HELD: u64 = 1 << 12;

/// Settings for a [`Solver`] of any supported size; [`Solver::new`] is the
/// shortcut for `5 × 5` with the defaults.
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
    held: u64,
}

impl SolverBuilder {
    /// The settings for a digit sum and a top-left digit, of size 5, holding
    /// up to 4096 squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::SolverBuilder;
    ///
    /// assert_eq!(SolverBuilder::new(11, 1).build()?.size(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(digit_sum: u32, top_left: u8) -> SolverBuilder {
        SolverBuilder {
            size: 5,
            digit_sum,
            top_left,
            held: DEFAULT_HELD,
        }
    }

    /// Sets the side `N` of the square (and the digits of its primes).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::SolverBuilder;
    ///
    /// assert_eq!(SolverBuilder::new(11, 1).size(3).build()?.size(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn size(mut self, size: usize) -> SolverBuilder {
        self.size = size;
        self
    }

    /// Sets how many squares [`Solver::solutions`] may hold from its first
    /// search (default 4096): with more, it keeps only their first rows and
    /// searches again for each. A tuning setting: the squares and their
    /// order do not depend on it.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::SolverBuilder;
    ///
    /// let all = |held| -> Result<Vec<_>, primeboard::Error> {
    ///     Ok(SolverBuilder::new(11, 1).held(held).build()?.solutions().collect())
    /// };
    /// assert_eq!(all(0)?, all(4096)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn held(mut self, held: u64) -> SolverBuilder {
        self.held = held;
        self
    }

    /// Builds the solver: sieves the `N`-digit primes (once per process and
    /// size) and builds the tries of those with the digit sum.
    ///
    /// The sieved primes of a size stay in memory for the rest of the
    /// process, `8 + N` bytes a prime: 0.11 MB for `N = 5`, 0.96 MB for 6,
    /// 8.8 MB for 7. The tries belong to the solver and go with it.
    ///
    /// # Complexity
    ///
    /// Time `O(10^N)` for the first solver of a size (the sieve), then
    /// `O(N · P log P)` per line fill order for the `P` primes with the
    /// digit sum; memory at most `16 · (2N + 2) · (N · P + 10)` bytes.
    ///
    /// # Errors
    ///
    /// - [`Error::UnsupportedSize`] when the size is outside
    ///   [`MIN_SIZE`](super::MIN_SIZE)`..=`[`MAX_SIZE`](super::MAX_SIZE).
    /// - [`Error::InvalidDigit`] when the top-left digit is not in `1..=9`.
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
            held,
        } = self;
        let catalogue = Catalogue::of(size)?;
        if !(1..=9).contains(&top_left) {
            return Err(Error::InvalidDigit { digit: top_left });
        }
        let (primes, digits) = catalogue.with_digit_sum(digit_sum);
        let orders = FillOrders::of(size);
        let tables = Tables::new(&orders.lines, &orders.whole_search, digits);
        Ok(Solver {
            orders,
            digit_sum,
            top_left,
            held,
            primes,
            digits,
            tables: Arc::new(tables),
        })
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
    /// The lines and fill orders of the size.
    orders: &'static FillOrders,
    digit_sum: u32,
    top_left: u8,
    held: u64,
    primes: &'static [u64],
    /// The digits of `primes`.
    digits: &'static [u8],
    /// The tables of the whole search, which do not depend on the top-left
    /// digit: shared by the clones of the solver and by
    /// [`with_top_left`](Solver::with_top_left).
    tables: Arc<Tables>,
}

impl Solver {
    /// A solver for the IOI'94 task: `5 × 5`, the given digit sum and top-left
    /// digit. [`SolverBuilder`] sets other sizes.
    ///
    /// # Complexity
    ///
    /// As [`SolverBuilder::build`].
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
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(11, 1)?.size(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn size(&self) -> usize {
        self.orders.size
    }

    /// The digit sum of every line.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(11, 1)?.digit_sum(), 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn digit_sum(&self) -> u32 {
        self.digit_sum
    }

    /// The top-left digit.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(11, 1)?.top_left(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
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
    #[must_use]
    pub fn primes(&self) -> &[u64] {
        self.primes
    }

    /// The solutions, in increasing order of their `N²`-digit readings.
    ///
    /// The first call to `next` runs the whole search. When it finds at most
    /// [`SolverBuilder::held`] squares they are kept, sorted and yielded;
    /// otherwise only the distinct first rows of the squares are kept, and
    /// each group of squares with one first row comes from a search with
    /// that row fixed. With the `rayon` feature, for sides of 6 and more,
    /// the first search runs on every core, and so do the searches of
    /// several first rows at once; the order is the same.
    ///
    /// # Complexity
    ///
    /// One depth-first search, and one more per first row when there are
    /// more than [`SolverBuilder::held`] squares; memory `O(N²)` plus at
    /// most that many squares or the squares of a few first rows, and the
    /// distinct first rows.
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
    #[must_use]
    pub fn solutions(&self) -> Solutions<'_> {
        Solutions::new(
            &self.tables,
            self.orders,
            self.digits,
            self.top_left,
            self.held,
        )
    }

    /// The number of solutions, without building any square.
    ///
    /// With the `rayon` feature, sides of 6 and more are counted on every
    /// core of rayon's pool; the count is the same.
    ///
    /// # Complexity
    ///
    /// One depth-first search; memory `O(N²)`, and `O(N²)` per thread.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::prime_square::Solver;
    ///
    /// assert_eq!(Solver::new(11, 1)?.count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn count(&self) -> u64 {
        self.solutions().count_all()
    }

    /// The solver of the same size, digit sum and settings for the top-left
    /// digit `top_left`, which must be in `1..=9`: it shares this solver's
    /// tables instead of building them again.
    pub(super) fn with_top_left(&self, top_left: u8) -> Solver {
        debug_assert!((1..=9).contains(&top_left));
        Solver {
            top_left,
            ..self.clone()
        }
    }
}
