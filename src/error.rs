//! The crate's one error type.

/// Everything that can go wrong in `primeboard`.
///
/// Every variant names the input that caused it. Input is validated once, by
/// the constructor or function that takes it, before any large allocation.
/// Queries on a value that was built successfully fail only where the answer
/// itself cannot be represented (such as
/// [`PrimeSums::sum_of_squares`](crate::sieve::PrimeSums::sum_of_squares)
/// past `u128`); "no answer" is an `Option`, not an error.
///
/// # Examples
///
/// ```
/// use primeboard::{sliding_game, Error};
///
/// match sliding_game::min_moves(1, 1) {
///     Err(Error::NoRoom { rows, cols }) => assert_eq!((rows, cols), (1, 1)),
///     other => panic!("unexpected {other:?}"),
/// }
/// let message = sliding_game::min_moves(0, 3).unwrap_err().to_string();
/// assert_eq!(message, "a 0x3 board has no room for a counter and a space");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A sieve was asked to hold more numbers than it supports.
    ///
    /// [`Sieve::new`](crate::sieve::Sieve::new) refuses an upper bound above
    /// [`Sieve::MAX_UPPER_BOUND`](crate::sieve::Sieve::MAX_UPPER_BOUND), or one
    /// whose bit array the allocator cannot provide. Use the streaming
    /// [`primes_in`](crate::sieve::primes_in) and
    /// [`count_primes`](crate::sieve::count_primes) for larger ranges.
    #[error(
        "a sieve up to {upper_bound} needs {bytes} bytes, more than can be allocated (the largest supported upper bound is {max})"
    )]
    SieveTooLarge {
        /// The upper bound that was asked for.
        upper_bound: u64,
        /// The bytes its bit array would take.
        bytes: u64,
        /// The largest upper bound accepted.
        max: u64,
    },

    /// A streaming sieve could not allocate the sieving primes of its first
    /// segment.
    ///
    /// The first segment of a range starting near `lo` needs an 8-byte
    /// record per prime up to `√lo`: up to 1.6 GB near `2^64`. Ask for a
    /// narrower range (narrow ranges are tested prime by prime and need no
    /// sieving primes).
    #[error("sieving up to {hi} needs {bytes} bytes of sieving primes, more than can be allocated")]
    OutOfMemory {
        /// The end of the range.
        hi: u64,
        /// The bytes that were asked for.
        bytes: u64,
    },

    /// A prime power sum does not fit in `u128`.
    ///
    /// [`PrimeSums::sum_of_squares`](crate::sieve::PrimeSums::sum_of_squares)
    /// reports it once `Σp²` passes `u128::MAX`, for every `x` from the
    /// prime `31 543 762 261 367` on; [`PrimeSums::prime_pi`](crate::sieve::PrimeSums::prime_pi)
    /// and [`PrimeSums::sum`](crate::sieve::PrimeSums::sum) are exact for every `x`.
    #[error("the sum of p^{power} over the primes up to {x} does not fit in u128")]
    PrimeSumOverflow {
        /// The bound of the sum.
        x: u64,
        /// The power `k` of `Σ p^k`.
        power: u32,
    },

    /// A modulus for primes by residue class is out of range.
    ///
    /// [`prime_pi_by_residue`](crate::sieve::prime_pi_by_residue) and
    /// [`prime_sum_by_residue`](crate::sieve::prime_sum_by_residue) take
    /// every modulus from 1 to
    /// [`MAX_MODULUS`](crate::sieve::MAX_MODULUS).
    #[error("the modulus {q} is not in 1..={max}")]
    InvalidModulus {
        /// The modulus asked for.
        q: u64,
        /// The largest modulus accepted.
        max: u64,
    },

    /// A sliding-game board has no room for both the red counter and the space.
    ///
    /// Every board needs at least two cells: neither side may be 0, and
    /// `1 × 1` is too small.
    #[error("a {rows}x{cols} board has no room for a counter and a space")]
    NoRoom {
        /// The rows asked for.
        rows: u64,
        /// The columns asked for.
        cols: u64,
    },

    /// A breadth-first search would visit more positions than its budget.
    ///
    /// Raise the budget, or use the closed form for large boards.
    #[error("the search has {states} positions, more than the budget of {max}")]
    SearchTooLarge {
        /// The positions the search would need.
        states: u128,
        /// The budget it was given.
        max: u64,
    },

    /// The grid count of [`count_grids`](crate::sliding_game::count_grids)
    /// exceeds `u128::MAX`: for every `prime_limit` above 72 866 938 968 493.
    #[error("the grid count for primes below {prime_limit} exceeds u128::MAX")]
    CountOverflow {
        /// The limit that was asked for.
        prime_limit: u64,
    },

    /// A prime square's top-left digit is not in `1..=9`.
    ///
    /// The top-left digit starts the first row, the first column and the
    /// main diagonal, so it cannot be 0.
    #[error("the top-left digit must be in 1..=9, not {digit}")]
    InvalidDigit {
        /// The digit given.
        digit: u8,
    },

    /// A prime square of this size is not supported.
    ///
    /// The number of `N`-digit primes grows as `10^N`; sizes from
    /// [`MIN_SIZE`](crate::prime_square::MIN_SIZE) to
    /// [`MAX_SIZE`](crate::prime_square::MAX_SIZE) are supported.
    #[error("a {size}x{size} prime square is not supported (sizes {min} to {max} are)")]
    UnsupportedSize {
        /// The size asked for.
        size: usize,
        /// The smallest supported size.
        min: usize,
        /// The largest supported size.
        max: usize,
    },

    /// A slider board's text has no cells, or one of its rows is empty (a
    /// `/` or newline at either end, or two in a row; one final newline is
    /// allowed).
    #[error("the board is empty or has an empty row")]
    EmptyBoard,

    /// A slider board's rows differ in length.
    #[error("row {row} has {got} cells, but the first row has {expected}")]
    RaggedRows {
        /// The row (0-based) that differs.
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        got: usize,
    },

    /// A slider board's text has a character that cannot be a tile.
    ///
    /// Tiles are the printable ASCII characters `!` to `~` other than `_`
    /// (the gap): spaces, control characters and every non-ASCII character
    /// (invisible ones such as U+200B or U+00AD, combining marks, private
    /// use) are refused, so that a board's text shows every cell.
    #[error("{tile:?} at row {row}, column {col} cannot be a tile")]
    InvalidTile {
        /// The character.
        tile: char,
        /// Its row (0-based).
        row: usize,
        /// Its column (0-based).
        col: usize,
    },

    /// A slider board does not have exactly one gap (`_`).
    #[error("a board needs exactly one gap `_`, this one has {got}")]
    GapCount {
        /// The gaps found.
        got: usize,
    },

    /// A slider board has too few or too many cells, or too many colours.
    ///
    /// Boards need 2 to [`MAX_CELLS`](crate::slider::MAX_CELLS) cells and at
    /// most [`MAX_COLOURS`](crate::slider::MAX_COLOURS) colours.
    #[error("a board of {cells} cells and {colours} colours is not supported")]
    BoardSize {
        /// The cells (at least), or those found.
        cells: usize,
        /// The colours found (0 when the size alone is out of range).
        colours: usize,
    },

    /// A move has no tile to slide: the gap is on the board's edge.
    #[error("no tile can move {letter} into the gap at row {row}, column {col}")]
    IllegalMove {
        /// The move's letter.
        letter: char,
        /// The gap's row.
        row: usize,
        /// The gap's column.
        col: usize,
    },

    /// A move string has a character other than `L`, `R`, `U`, `D`.
    ///
    /// Moves are written in upper case with nothing between them.
    #[error("{letter:?} at index {index} is not a move (L, R, U or D)")]
    InvalidMove {
        /// The character.
        letter: char,
        /// Its index among the string's characters (0-based).
        index: usize,
    },

    /// Two slider boards of different shapes were compared.
    #[error("the boards differ in shape: {expected:?} and {got:?} (rows, columns)")]
    ShapeMismatch {
        /// The first board's (rows, columns).
        expected: (usize, usize),
        /// The second board's (rows, columns).
        got: (usize, usize),
    },

    /// A slider search would pass its memory budget.
    ///
    /// The budget ([`Search::max_bytes`](crate::slider::Search::max_bytes))
    /// bounds the search's peak memory; the search stops as soon as the
    /// next allocation would pass it. Raise the budget, or ask about
    /// positions closer together.
    #[error(
        "a search over {states} positions needs more than its memory budget of {max_bytes} bytes"
    )]
    MemoryBudget {
        /// The positions of the state space.
        states: u128,
        /// The budget it was given, in bytes.
        max_bytes: u64,
    },

    /// The allocator refused memory that the budget allowed.
    ///
    /// The system has less memory free than the search's budget
    /// ([`Search::max_bytes`](crate::slider::Search::max_bytes)); lower the
    /// budget to what the machine can give.
    #[error("the system could not allocate {bytes} bytes; lower the search's memory budget")]
    AllocationFailed {
        /// The bytes asked for.
        bytes: u64,
    },

    /// The shortest slider path is longer than the search supports.
    ///
    /// Distances are kept in one byte a position: paths of up to `max_len`
    /// moves are found. Split the question at an intermediate board.
    #[error("the shortest path is longer than {max_len} moves, the longest supported")]
    PathTooLong {
        /// The longest supported path, in moves.
        max_len: usize,
    },

    /// There are more shortest slider paths than a `u128` can count.
    ///
    /// Only possible for very long paths; split the question at an
    /// intermediate board.
    #[error("the shortest paths of {path_len} moves number more than u128::MAX")]
    PathCountOverflow {
        /// The length of the shortest paths, in moves.
        path_len: usize,
    },
}
