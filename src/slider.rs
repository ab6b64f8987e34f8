//! Project Euler 244, "Sliders": shortest move sequences between two
//! positions of a sliding puzzle with coloured tiles, how many there are, and
//! the sums of their checksums.
//!
//! A [`Board`] is a rectangle of cells, one of them the gap (`_`), the others
//! tiles of any colours (any printable character). A [`Move`] slides the tile
//! next to the gap into it and is named by the way **the tile** moves, so
//! `L` moves the tile right of the gap to the left. Tiles of one colour are
//! interchangeable: a position is the gap's cell and the colour sequence.
//!
//! # How the search works
//!
//! Boards that an invariant tells apart (colour counts; the tiles' order on
//! one row or column; with all tiles distinct, the permutation's parity with
//! the gap's) are answered at once. Otherwise positions are ranked by a
//! perfect hash, the gap's cell times the number of colour sequences plus
//! the sequence's rank, so each end of the search keeps one byte per position
//! (its distance) in a flat array instead of a hash map; state spaces too
//! large to index (a 15-puzzle has 16! positions) fall back to hash maps and
//! explore only a ball around each end. Breadth-first searches from both ends
//! run layer by layer, the smaller frontier first, until they meet; walks
//! from the meeting layer back to each end keep the positions that lie on
//! shortest paths; a pass forward over those carries, per position,
//! the number of shortest paths to it, the sum of their checksums modulo
//! 100 000 007, and (while it stays small) the multiset of their checksums,
//! which the exact, unreduced sum needs: each path's checksum is reduced on
//! its own, so the reduced sums of the paths cannot be added up exactly.
//!
//! # Examples
//!
//! ```
//! use primeboard::slider::{self, Board};
//!
//! let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
//! let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
//! let paths = slider::shortest_paths(&start, &example)?.expect("reachable");
//! assert_eq!(paths.length(), 5);
//! assert!(paths.paths().any(|p| slider::checksum(&p) == 19_761_398)); // LULUR
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::iter::FusedIterator;
use std::str::FromStr;

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use crate::Error;
pub use crate::sliding_game::Move;

/// The most cells a board may have: each cell takes 4 bits of a `u128`.
pub const MAX_CELLS: usize = 32;
/// The most tile colours a board may have.
pub const MAX_COLOURS: usize = 15;

/// A sliding-puzzle position: a rectangle of coloured tiles and one gap.
///
/// Its text form lists the rows top to bottom, separated by `/` (a newline
/// is accepted too), each row left to right; `_` is the gap and any other
/// printable, non-space character a tile colour.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{Board, Move};
///
/// let board: Board = "_RB/RBB".parse()?;
/// assert_eq!((board.rows(), board.cols(), board.gap()), (2, 3, (0, 0)));
/// assert_eq!(board.apply(Move::Left)?.to_string(), "R_B/RBB");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// The cells in reading order; `None` is the gap.
    cells: Vec<Option<char>>,
    gap: usize,
}

impl FromStr for Board {
    type Err = Error;

    /// Parses the text form.
    ///
    /// # Errors
    ///
    /// - [`Error::EmptyBoard`] for an empty text or an empty row.
    /// - [`Error::RaggedRows`] when a row's length differs from the first's.
    /// - [`Error::InvalidTile`] for a space, control character or other
    ///   whitespace where a tile should be.
    /// - [`Error::GapCount`] unless there is exactly one `_`.
    /// - [`Error::BoardSize`] for fewer than 2 or more than [`MAX_CELLS`]
    ///   cells, or more than [`MAX_COLOURS`] colours.
    fn from_str(text: &str) -> Result<Board, Error> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        let lines: Vec<&str> = text
            .split(['/', '\n'])
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        let cols = lines[0].chars().count();
        if cols == 0 {
            return Err(Error::EmptyBoard);
        }
        let mut cells = Vec::new();
        for (row, line) in lines.iter().enumerate() {
            let got = line.chars().count();
            if got != cols {
                return Err(Error::RaggedRows {
                    row,
                    expected: cols,
                    got,
                });
            }
            for (col, ch) in line.chars().enumerate() {
                if ch.is_whitespace() || ch.is_control() {
                    return Err(Error::InvalidTile { tile: ch, row, col });
                }
                if cells.len() == MAX_CELLS {
                    return Err(Error::BoardSize {
                        cells: lines.len() * cols,
                        colours: 0,
                    });
                }
                cells.push((ch != '_').then_some(ch));
            }
        }
        let gaps = cells.iter().filter(|c| c.is_none()).count();
        if gaps != 1 {
            return Err(Error::GapCount { got: gaps });
        }
        let board = Board {
            rows: lines.len(),
            cols,
            gap: cells.iter().position(Option::is_none).unwrap_or(0),
            cells,
        };
        let colours = board.colours().len();
        if board.cells.len() < 2 || colours > MAX_COLOURS {
            return Err(Error::BoardSize {
                cells: board.cells.len(),
                colours,
            });
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The text form, rows separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.cells.chunks(self.cols).enumerate() {
            if r > 0 {
                write!(f, "/")?;
            }
            row.iter()
                .try_for_each(|c| write!(f, "{}", c.unwrap_or('_')))?;
        }
        Ok(())
    }
}

impl Board {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The gap's cell as (row, column), 0-based from the top-left.
    pub fn gap(&self) -> (usize, usize) {
        (self.gap / self.cols, self.gap % self.cols)
    }

    /// The tile at (row, column): `None` for the gap or a cell off the board.
    pub fn tile(&self, row: usize, col: usize) -> Option<char> {
        (row < self.rows && col < self.cols)
            .then(|| self.cells[row * self.cols + col])
            .flatten()
    }

    /// The colours on the board, in increasing order, with their counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// let board: Board = "_RB/RBB".parse()?;
    /// assert_eq!(board.colours(), [('B', 3), ('R', 2)]);
    /// assert_eq!((board.tile(0, 1), board.tile(0, 0), board.tile(5, 5)), (Some('R'), None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colours(&self) -> Vec<(char, usize)> {
        let mut colours: Vec<(char, usize)> = Vec::new();
        for &c in self.cells.iter().flatten() {
            match colours.binary_search_by_key(&c, |&(k, _)| k) {
                Ok(i) => colours[i].1 += 1,
                Err(i) => colours.insert(i, (c, 1)),
            }
        }
        colours
    }

    /// The cell the tile that makes move `m` comes from, if it is on the board.
    fn source(&self, m: Move) -> Option<usize> {
        let (dr, dc) = m.space_step();
        let (r, c) = (self.gap / self.cols, self.gap % self.cols);
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < self.rows && c < self.cols).then_some(r * self.cols + c)
    }

    /// The board after move `m`.
    ///
    /// # Errors
    ///
    /// - [`Error::IllegalMove`] when no tile stands on the side of the gap
    ///   the move needs (the gap is on the board's edge).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{slider::{Board, Move}, Error};
    ///
    /// let board: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// assert_eq!(board.apply(Move::Up)?.to_string(), "RRBB/_RBB/RRBB/RRBB");
    /// assert!(matches!(board.apply(Move::Down), Err(Error::IllegalMove { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&self, m: Move) -> Result<Board, Error> {
        let (row, col) = self.gap();
        let from = self.source(m).ok_or(Error::IllegalMove {
            letter: m.letter(),
            row,
            col,
        })?;
        let mut next = self.clone();
        next.cells.swap(self.gap, from);
        next.gap = from;
        Ok(next)
    }

    /// The board after the moves, in order.
    ///
    /// # Errors
    ///
    /// - [`Error::IllegalMove`] for the first move that cannot be made.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{self, Board};
    ///
    /// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// let end = start.apply_all(&slider::parse_moves("LULUR")?)?;
    /// assert_eq!(end.to_string(), "RRBB/RBBB/R_RB/RRBB");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_all(&self, moves: &[Move]) -> Result<Board, Error> {
        moves.iter().try_fold(self.clone(), |b, &m| b.apply(m))
    }
}

/// Parses a move string such as `"LULUR"`.
///
/// # Errors
///
/// - [`Error::InvalidMove`] for a character other than `L`, `R`, `U`, `D`.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{parse_moves, Move};
///
/// assert_eq!(parse_moves("LU")?, [Move::Left, Move::Up]);
/// assert!(parse_moves("LX").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, Error> {
    text.chars()
        .map(|c| {
            Move::ALL
                .into_iter()
                .find(|m| m.letter() == c)
                .ok_or(Error::InvalidMove { letter: c })
        })
        .collect()
}

/// A checksum of move sequences: start at 0, then `c = (c · multiplier +
/// ascii(move)) mod modulus` for each move. The default is Project Euler's:
/// multiplier 243, modulus 100 000 007.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{parse_moves, Checksum};
///
/// let moves = parse_moves("LULUR")?;
/// assert_eq!(Checksum::default().of(&moves), 19_761_398);
/// assert_eq!(Checksum::new(10, 1_000).of(&moves), (76 * 10_000 + 85 * 1000 + 76 * 100 + 85 * 10 + 82) % 1000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum {
    multiplier: u64,
    modulus: u64,
}

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum {
            multiplier: 243,
            modulus: 100_000_007,
        }
    }
}

impl Checksum {
    /// A checksum with another multiplier and modulus (`modulus >= 1`; a
    /// modulus of 0 is taken as 1).
    pub fn new(multiplier: u64, modulus: u64) -> Checksum {
        Checksum {
            multiplier,
            modulus: modulus.max(1),
        }
    }

    /// The modulus.
    pub fn modulus(&self) -> u64 {
        self.modulus
    }

    /// One step: `(c · multiplier + ascii(m)) mod modulus`.
    fn step(&self, c: u64, m: Move) -> u64 {
        ((u128::from(c) * u128::from(self.multiplier) + u128::from(m.letter() as u8))
            % u128::from(self.modulus)) as u64
    }

    /// The checksum of a move sequence.
    pub fn of(&self, moves: &[Move]) -> u64 {
        moves.iter().fold(0, |c, &m| self.step(c, m))
    }
}

/// The Project Euler checksum of a move sequence ([`Checksum::default`]).
///
/// # Examples
///
/// ```
/// use primeboard::slider::{checksum, parse_moves};
///
/// assert_eq!(checksum(&parse_moves("LULUR")?), 19_761_398);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn checksum(moves: &[Move]) -> u64 {
    Checksum::default().of(moves)
}

/// `BINOMIAL[n][k] = C(n, k)` for `n, k <= 32`.
const BINOMIAL: [[u64; MAX_CELLS + 1]; MAX_CELLS + 1] = {
    let mut t = [[0u64; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` copies of a nibble pattern across a `u128`.
const fn nibbles(pattern: u128) -> u128 {
    let mut x = 0;
    let mut i = 0;
    while i < 32 {
        x |= pattern << (4 * i);
        i += 1;
    }
    x
}

/// The cells of a code holding `colour` (0 is the gap), as a bit mask, a
/// whole word at a time: flag the zero nibbles of `code ^ colour…`, then
/// gather every fourth bit into the low 32.
#[inline]
fn cells_of(code: u128, colour: u128) -> u32 {
    let x = code ^ (colour * nibbles(1));
    let low = nibbles(7);
    let mut z = !(((x & low) + low) | x | low) >> 3;
    z = (z | (z >> 3)) & (u128::MAX / 0xFFFF * 0x0303);
    z = (z | (z >> 6)) & (u128::MAX / 0xFFFF_FFFF * 0x000F_000F);
    z = (z | (z >> 12)) & (u128::MAX / u128::from(u64::MAX) * 0x0000_00FF_0000_00FF);
    z = (z | (z >> 24))
        & (u128::from(u64::MAX) << 64 | u128::from(u64::MAX))
        & (0xFFFF << 64 | 0xFFFF);
    ((z | (z >> 48)) & 0xFFFF_FFFF) as u32
}

/// The rank of a set of positions in the combinatorial number system:
/// `Σ C(p_i, i)` over its positions `p_1 < p_2 < …`.
#[inline]
fn subset_rank(mut m: u32) -> u64 {
    let (mut i, mut r) = (1, 0);
    while m != 0 {
        r += BINOMIAL[m.trailing_zeros() as usize][i];
        i += 1;
        m &= m - 1;
    }
    r
}

/// `m` with the positions in `taken` (disjoint from `m`) removed and those
/// above them moved down.
fn compress(m: u32, taken: u32) -> u32 {
    let (mut out, mut k) = (0, 0);
    for b in 0..32 {
        if taken >> b & 1 == 0 {
            out |= (m >> b & 1) << k;
            k += 1;
        }
    }
    out
}

/// A board as 4 bits a cell (0 the gap, colours from 1) in a `u128`, with its
/// perfect-hash rank.
#[derive(Clone, Debug)]
struct Space {
    rows: usize,
    cols: usize,
    cells: usize,
    /// The colour counts, colour `k + 1` at index `k`.
    counts: Vec<u64>,
    /// The number of colour sequences: `(cells - 1)! / Π counts!`.
    sequences: u64,
    /// The mixed-radix weight of each colour's rank but the last.
    radix: Vec<u64>,
    /// The state space is too large to index: positions are keyed by their
    /// code, and distances kept in hash maps.
    hashed: bool,
}

impl Space {
    /// The space of `board`'s positions, ranked when it has at most
    /// `max_states` positions (and at most `2^32`), hashed otherwise.
    fn new(board: &Board, max_states: u64) -> Space {
        let counts: Vec<u64> = board.colours().iter().map(|&(_, n)| n as u64).collect();
        let (mut radix, mut weight, mut free) = (Vec::new(), Some(1u64), board.cells.len() - 1);
        for &n in &counts {
            radix.push(weight.unwrap_or(0));
            weight = weight.and_then(|w| w.checked_mul(BINOMIAL[free][n as usize]));
            free -= n as usize;
        }
        radix.pop();
        let cells = board.cells.len();
        let sequences = weight.unwrap_or(u64::MAX);
        let states = u128::from(sequences) * cells as u128;
        let hashed = weight.is_none() || states > u128::from(max_states.min(u64::from(u32::MAX)));
        Space {
            rows: board.rows,
            cols: board.cols,
            cells,
            counts,
            sequences,
            radix,
            hashed,
        }
    }

    /// A position's key: its rank, or its code when the space is hashed.
    #[inline]
    fn key(&self, code: u128) -> u128 {
        if self.hashed {
            code
        } else {
            u128::from(self.rank(code))
        }
    }

    /// The number of positions.
    fn states(&self) -> u128 {
        u128::from(self.sequences) * self.cells as u128
    }

    fn encode(&self, board: &Board) -> u128 {
        let colours = board.colours();
        board.cells.iter().enumerate().fold(0, |code, (i, c)| {
            let k = c.map_or(0, |c| {
                colours
                    .iter()
                    .position(|&(x, _)| x == c)
                    .map_or(0, |k| k + 1)
            });
            code | (k as u128) << (4 * i)
        })
    }

    fn gap(&self, code: u128) -> usize {
        (cells_of(code, 0) & (u32::MAX >> (32 - self.cells))).trailing_zeros() as usize
    }

    /// The perfect-hash rank: gap cell times sequences, plus the colour
    /// sequence's rank. The sequence (the cells without the gap) is ranked
    /// colour by colour: the cells of colour 1 among all its cells by the
    /// combinatorial number system (`Σ C(index, i)`, the `i`-th cell of the
    /// colour at `index`), then those of colour 2 among the cells left, and
    /// so on, in mixed radix; the last colour fills what remains. Table
    /// look-ups and bit scans, no division.
    fn rank(&self, code: u128) -> u64 {
        let gap_mask = cells_of(code, 0) & (u32::MAX >> (32 - self.cells));
        let below_gap = gap_mask - 1;
        let squeeze = |m: u32| (m & below_gap) | ((m >> 1) & !below_gap);
        let (mut rank, mut taken) = (0, 0u32);
        for (colour, radix) in (1..self.counts.len()).zip(&self.radix) {
            let m = squeeze(cells_of(code, colour as u128));
            let r = if taken == 0 {
                subset_rank(m)
            } else {
                subset_rank(compress(m, taken))
            };
            rank += r * radix;
            taken |= m;
        }
        u64::from(gap_mask.trailing_zeros()) * self.sequences + rank
    }

    /// The neighbours of a code: (move, code after it).
    fn moves(&self, code: u128) -> impl Iterator<Item = (Move, u128)> + use<'_> {
        let gap = self.gap(code);
        let (r, c) = (gap / self.cols, gap % self.cols);
        Move::ALL.into_iter().filter_map(move |m| {
            let (dr, dc) = m.space_step();
            let (r2, c2) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
            if r2 >= self.rows || c2 >= self.cols {
                return None;
            }
            let from = r2 * self.cols + c2;
            let tile = (code >> (4 * from)) & 0xF;
            Some((m, code & !(0xF << (4 * from)) | tile << (4 * gap)))
        })
    }
}

/// The shortest-path search, with its memory budget; [`shortest_paths`] is
/// the shortcut for the defaults.
///
/// # Examples
///
/// ```
/// use primeboard::{slider::{Board, Search}, Error};
///
/// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
/// let target: Board = "_BRB/BRBR/RBRB/BRBR".parse()?;
/// let small = Search::new().max_states(1_000);
/// assert!(matches!(small.shortest_paths(&start, &target), Err(Error::SearchTooLarge { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Search {
    max_states: u64,
    max_checksums: usize,
}

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    /// The defaults: up to `2^29` positions (one byte each), and up to `2^20`
    /// distinct (position, checksum) pairs for the exact checksum sum.
    pub fn new() -> Search {
        Search {
            max_states: 1 << 29,
            max_checksums: 1 << 20,
        }
    }

    /// Sets the memory budget, in positions: a state space of at most
    /// `max_states` positions (and at most `2^32`) is indexed by a perfect
    /// hash, one byte per position and end; a larger one is searched with
    /// hash maps from both ends, which may see at most `max_states / 32`
    /// positions (about the same memory) before the search gives up.
    pub fn max_states(mut self, max_states: u64) -> Search {
        self.max_states = max_states;
        self
    }

    /// Sets the most distinct (position, checksum) pairs kept for the exact
    /// sum of checksums; past it, [`ShortestPaths::checksum_sum`] is `None`.
    pub fn max_checksums(mut self, max_checksums: usize) -> Search {
        self.max_checksums = max_checksums;
        self
    }

    /// The shortest paths from `start` to `target`; `Ok(None)` when the
    /// target cannot be reached.
    ///
    /// # Complexity
    ///
    /// Time `O(s · cells · colours)` for the `s` positions the two ends
    /// explore (about twice the positions within half the distance of each
    /// end); memory two bytes per position of the state space when indexed,
    /// a hash map entry per position seen otherwise, plus the positions on
    /// shortest paths. Boards told apart by an invariant (tile order on one
    /// row or column, permutation parity with distinct tiles, colour
    /// counts) answer `None` without searching.
    ///
    /// # Errors
    ///
    /// - [`Error::ShapeMismatch`] when the boards differ in shape.
    /// - [`Error::SearchTooLarge`] when a hashed search sees more positions
    ///   than the budget allows, when the flat arrays cannot be allocated,
    ///   when the shortest length passes 253, or when the path count
    ///   passes `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{slider::{Board, Search}, Error};
    ///
    /// let search = Search::new().max_states(1 << 20).max_checksums(1 << 10);
    /// let start: Board = "_RB/RBB".parse()?;
    /// let target: Board = "BRB/RB_".parse()?;
    /// let paths = search.shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!(start.apply_all(&paths.paths().next().unwrap())?, target);
    /// let other_shape: Board = "_R/BB/RB".parse()?;
    /// assert!(matches!(search.shortest_paths(&start, &other_shape), Err(Error::ShapeMismatch { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortest_paths(
        &self,
        start: &Board,
        target: &Board,
    ) -> Result<Option<ShortestPaths>, Error> {
        if (start.rows, start.cols) != (target.rows, target.cols) {
            return Err(Error::ShapeMismatch {
                expected: (start.rows, start.cols),
                got: (target.rows, target.cols),
            });
        }
        if start.colours() != target.colours() {
            return Ok(None);
        }
        if invariants_differ(start, target) {
            return Ok(None);
        }
        let space = Space::new(start, self.max_states);
        let states = space.states();
        let too_large = Error::SearchTooLarge {
            states,
            max: self.max_states,
        };
        if start == target {
            return ShortestPaths::tally(
                space.clone(),
                vec![vec![space.encode(start)]],
                self.max_checksums,
            )
            .map(Some);
        }
        let mut ends = [
            Side::new(&space, start, &too_large)?,
            Side::new(&space, target, &too_large)?,
        ];
        // Breadth-first from both ends, the smaller frontier first, until a
        // layer reaches a position the other end has seen.
        let (near, length) = loop {
            let a = usize::from(ends[1].frontier.len() < ends[0].frontier.len());
            if ends[a].frontier.is_empty() {
                return Ok(None);
            }
            if usize::from(ends[0].depth) + usize::from(ends[1].depth) >= usize::from(u8::MAX - 1) {
                return Err(too_large);
            }
            let [first, second] = &mut ends;
            let (side, other) = if a == 0 {
                (first, second)
            } else {
                (second, first)
            };
            if let Some(length) = side.expand(&space, other) {
                break (a, length);
            }
            if space.hashed
                && ends.iter().map(Side::seen).sum::<u64>() > self.max_states / HASHED_COST
            {
                return Err(too_large);
            }
        };
        // The positions on shortest paths: those of the last layer whose
        // distances add up, then walks from them back to each end.
        let far = 1 - near;
        let meeting: Vec<u128> = ends[near]
            .frontier
            .iter()
            .copied()
            .filter(|&c| {
                usize::from(ends[near].dist.get(space.key(c)))
                    + usize::from(ends[far].dist.get(space.key(c)))
                    == length
            })
            .collect();
        let mut on_path: HashSet<u128> = meeting.iter().map(|&c| space.key(c)).collect();
        let mut halves = [Vec::new(), Vec::new()];
        for (end, half) in ends.iter().zip(&mut halves) {
            let mut layer = meeting.clone();
            let mut d = end.dist.get(space.key(meeting[0]));
            while d > 0 {
                d -= 1;
                let mut next = Vec::new();
                for &code in &layer {
                    for (_, n) in space.moves(code) {
                        if end.dist.get(space.key(n)) == d && on_path.insert(space.key(n)) {
                            next.push(n);
                        }
                    }
                }
                half.push(std::mem::replace(&mut layer, next));
            }
            half.push(layer);
        }
        // Start's half runs meeting → start: reverse it; target's half runs
        // meeting → target and repeats the meeting layer.
        let [mut from_start, mut to_target] = halves;
        from_start.reverse();
        to_target.remove(0);
        let mut layers = from_start;
        layers.extend(to_target);
        for layer in &mut layers {
            layer.sort_unstable_by_key(|&c| space.key(c));
        }
        ShortestPaths::tally(space, layers, self.max_checksums).map(Some)
    }
}

/// A hashed position costs about this many times the byte an indexed one
/// takes, so a hashed search may see `max_states / HASHED_COST` positions.
const HASHED_COST: u64 = 32;

/// Distances from one end: a flat array indexed by rank while the state
/// space fits the budget, a hash map of the positions seen beyond it.
#[derive(Clone, Debug)]
enum Distances {
    Flat(Vec<u8>),
    Map(HashMap<u128, u8>),
}

impl Distances {
    /// The distance of the position with key `key`, `u8::MAX` if not seen.
    #[inline]
    fn get(&self, key: u128) -> u8 {
        match self {
            Distances::Flat(dist) => dist[key as usize],
            Distances::Map(dist) => dist.get(&key).copied().unwrap_or(u8::MAX),
        }
    }

    /// Records `d` for `key` unless it was seen; whether it was new.
    #[inline]
    fn insert(&mut self, key: u128, d: u8) -> bool {
        match self {
            Distances::Flat(dist) => {
                let new = dist[key as usize] == u8::MAX;
                if new {
                    dist[key as usize] = d;
                }
                new
            }
            Distances::Map(dist) => match dist.entry(key) {
                Entry::Vacant(v) => {
                    v.insert(d);
                    true
                }
                Entry::Occupied(_) => false,
            },
        }
    }
}

/// One end of the two-ended breadth-first search.
struct Side {
    dist: Distances,
    /// The positions at distance `depth`.
    frontier: Vec<u128>,
    depth: u8,
    seen: u64,
}

impl Side {
    fn new(space: &Space, board: &Board, too_large: &Error) -> Result<Side, Error> {
        let mut dist = if space.hashed {
            Distances::Map(HashMap::new())
        } else {
            let states = space.states() as usize;
            let mut dist: Vec<u8> = Vec::new();
            dist.try_reserve_exact(states)
                .map_err(|_| too_large.clone())?;
            dist.resize(states, u8::MAX);
            Distances::Flat(dist)
        };
        let code = space.encode(board);
        dist.insert(space.key(code), 0);
        Ok(Side {
            dist,
            frontier: vec![code],
            depth: 0,
            seen: 1,
        })
    }

    /// The positions seen so far.
    fn seen(&self) -> u64 {
        self.seen
    }

    /// Expands one layer; if it reaches positions `other` has seen, the
    /// shortest length through them.
    fn expand(&mut self, space: &Space, other: &Side) -> Option<usize> {
        let mut next = Vec::new();
        let mut best: Option<usize> = None;
        for &code in &self.frontier {
            for (_, n) in space.moves(code) {
                let key = space.key(n);
                if self.dist.insert(key, self.depth + 1) {
                    next.push(n);
                    let there = other.dist.get(key);
                    if there != u8::MAX {
                        let length = usize::from(self.depth) + 1 + usize::from(there);
                        best = Some(best.map_or(length, |b| b.min(length)));
                    }
                }
            }
        }
        self.seen += next.len() as u64;
        self.frontier = next;
        self.depth += 1;
        best
    }
}

/// Whether an invariant of the moves tells the boards apart: on one row or
/// one column the tiles' order never changes; with all tiles distinct, the
/// parity of the permutation (gap included) changes with every move, as does
/// the parity of the gap's row plus column.
fn invariants_differ(start: &Board, target: &Board) -> bool {
    if start.rows == 1 || start.cols == 1 {
        return !start
            .cells
            .iter()
            .flatten()
            .eq(target.cells.iter().flatten());
    }
    if start.colours().iter().any(|&(_, n)| n > 1) {
        return false;
    }
    // The permutation taking start's cells to target's, and its cycles.
    let position: HashMap<Option<char>, usize> = target
        .cells
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i))
        .collect();
    let mut seen = vec![false; start.cells.len()];
    let mut transpositions = 0;
    for i in 0..start.cells.len() {
        let mut j = i;
        let mut length = 0;
        while !seen[j] {
            seen[j] = true;
            j = position[&start.cells[j]];
            length += 1;
        }
        transpositions += length.max(1) - 1;
    }
    let ((r0, c0), (r1, c1)) = (start.gap(), target.gap());
    (transpositions + r0 + c0 + r1 + c1) % 2 == 1
}

/// Every shortest move sequence between two boards, from [`shortest_paths`]:
/// their length, number and checksum sums, and the sequences themselves.
#[derive(Clone, Debug)]
pub struct ShortestPaths {
    space: Space,
    /// The codes of the positions on shortest paths at each distance from
    /// the start, sorted by rank.
    layers: Vec<Vec<u128>>,
    count: u128,
    checksum_sum_mod: u64,
    checksum_sum: Option<u128>,
}

/// Per position on a shortest path: paths to it, their checksum sum modulo
/// 100 000 007, and their checksums with multiplicities (while kept).
#[derive(Clone, Default)]
struct Tally {
    paths: u128,
    sum_mod: u64,
    checksums: Vec<(u64, u128)>,
}

impl ShortestPaths {
    fn tally(
        space: Space,
        layers: Vec<Vec<u128>>,
        max_checksums: usize,
    ) -> Result<ShortestPaths, Error> {
        let checksum = Checksum::default();
        let m = checksum.modulus;
        let overflow = Error::SearchTooLarge {
            states: space.states(),
            max: u64::MAX,
        };
        let mut exact = true;
        let mut tallies = vec![Tally {
            paths: 1,
            sum_mod: 0,
            checksums: vec![(0, 1)],
        }];
        for d in 1..layers.len() {
            let mut next = vec![Tally::default(); layers[d].len()];
            let keys: Vec<u128> = layers[d].iter().map(|&c| space.key(c)).collect();
            let mut kept = 0;
            for (code, tally) in layers[d - 1].iter().zip(&tallies) {
                for (mv, n) in space.moves(*code) {
                    let Ok(j) = keys.binary_search(&space.key(n)) else {
                        continue;
                    };
                    let t = &mut next[j];
                    let a = u64::from(mv.letter() as u8);
                    t.paths = t.paths.checked_add(tally.paths).ok_or(overflow.clone())?;
                    let add = (u128::from(tally.sum_mod) * 243
                        + (tally.paths % u128::from(m)) * u128::from(a))
                        % u128::from(m);
                    t.sum_mod = ((u128::from(t.sum_mod) + add) % u128::from(m)) as u64;
                    if exact {
                        t.checksums.extend(
                            tally
                                .checksums
                                .iter()
                                .map(|&(c, k)| (checksum.step(c, mv), k)),
                        );
                    }
                }
            }
            for t in &mut next {
                t.checksums.sort_unstable();
                t.checksums.dedup_by(|b, a| {
                    a.0 == b.0 && {
                        a.1 += b.1;
                        true
                    }
                });
                kept += t.checksums.len();
            }
            if kept > max_checksums {
                exact = false;
                next.iter_mut().for_each(|t| t.checksums = Vec::new());
            }
            tallies = next;
        }
        let last = &tallies[0];
        let checksum_sum = if exact {
            last.checksums.iter().try_fold(0u128, |s, &(c, k)| {
                s.checked_add(u128::from(c).checked_mul(k)?)
            })
        } else {
            None
        };
        Ok(ShortestPaths {
            space,
            count: last.paths,
            checksum_sum_mod: last.sum_mod,
            checksum_sum,
            layers,
        })
    }

    /// The number of moves of every shortest path (0 when start = target).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// let target: Board = "_BRB/BRBR/RBRB/BRBR".parse()?;
    /// let paths = shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!(paths.length(), 32);
    /// assert_eq!(paths.count(), paths.paths().count() as u128);
    /// assert_eq!(paths.checksum_sum(), Some(96_356_848));
    /// assert_eq!(paths.checksum_sum_mod(), 96_356_848 % 100_000_007);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn length(&self) -> usize {
        self.layers.len() - 1
    }

    /// The number of shortest move sequences.
    pub fn count(&self) -> u128 {
        self.count
    }

    /// The sum of the shortest paths' checksums, modulo 100 000 007.
    pub fn checksum_sum_mod(&self) -> u64 {
        self.checksum_sum_mod
    }

    /// The exact sum of the shortest paths' checksums (each reduced modulo
    /// 100 000 007 on its own, the sum not reduced), or `None` when the
    /// distinct checksums exceeded [`Search::max_checksums`] on some layer.
    pub fn checksum_sum(&self) -> Option<u128> {
        self.checksum_sum
    }

    /// The shortest move sequences, lazily, in increasing order of their
    /// letters (`D` < `L` < `R` < `U`).
    ///
    /// # Complexity
    ///
    /// `O(length · cells)` per path: a depth-first walk over the positions
    /// on shortest paths, with no dead ends.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
    /// let paths = shortest_paths(&start, &example)?.expect("reachable");
    /// let letters: Vec<String> = paths.paths().map(|p| p.iter().map(|m| m.letter()).collect()).collect();
    /// assert!(letters.contains(&"LULUR".to_string()));
    /// assert!(letters.windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paths(&self) -> Paths<'_> {
        Paths {
            shortest: self,
            stack: vec![(self.layers[0][0], 0)],
            moves: Vec::new(),
            done: false,
        }
    }
}

/// The moves in increasing order of their letters.
const LETTER_ORDER: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

/// The shortest move sequences of a [`ShortestPaths`], from [`ShortestPaths::paths`].
#[derive(Clone, Debug)]
pub struct Paths<'a> {
    shortest: &'a ShortestPaths,
    /// The positions along the current path, each with the next move to try.
    stack: Vec<(u128, usize)>,
    moves: Vec<Move>,
    done: bool,
}

impl Iterator for Paths<'_> {
    type Item = Vec<Move>;

    fn next(&mut self) -> Option<Vec<Move>> {
        let s = self.shortest;
        let length = s.length();
        if self.done {
            return None;
        }
        if length == 0 {
            self.done = true;
            return Some(Vec::new());
        }
        while let Some(&(code, k)) = self.stack.last() {
            let depth = self.stack.len() - 1;
            if k == LETTER_ORDER.len() || depth == length {
                self.stack.pop();
                self.moves.pop();
                continue;
            }
            self.stack[depth].1 += 1;
            let mv = LETTER_ORDER[k];
            let Some((_, n)) = s.space.moves(code).find(|&(m, _)| m == mv) else {
                continue;
            };
            let key = s.space.key(n);
            if s.layers[depth + 1]
                .binary_search_by_key(&key, |&c| s.space.key(c))
                .is_err()
            {
                continue;
            }
            self.stack.push((n, 0));
            self.moves.push(mv);
            if depth + 1 == length {
                return Some(self.moves.clone());
            }
        }
        self.done = true;
        None
    }
}

impl FusedIterator for Paths<'_> {}

/// The shortest paths from `start` to `target` with the default [`Search`].
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
/// assert_eq!((paths.length(), paths.count()), (1, 1));
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
/// # Errors
///
/// As [`Search::shortest_paths`].
///
/// # Examples
///
/// ```
/// use primeboard::slider::{shortest_checksum_sum, Board};
///
/// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
/// let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
/// assert!(shortest_checksum_sum(&start, &example)?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_checksum_sum(start: &Board, target: &Board) -> Result<Option<u128>, Error> {
    Ok(shortest_paths(start, target)?.and_then(|p| p.checksum_sum()))
}
