//! The board: its text form, its colours, and moves on it.

use std::fmt;
use std::str::FromStr;

use super::{MAX_CELLS, MAX_COLOURS, Move};
use crate::Error;

/// A sliding-puzzle position: a rectangle of coloured tiles and one gap.
///
/// Its text form lists the rows top to bottom, separated by `/` (a newline
/// is accepted too, and one final newline), each row left to right; `_` is
/// the gap and any other printable ASCII character (`!` to `~`) a tile
/// colour. [`FromStr`] and [`Display`](fmt::Display) round-trip (with `/`).
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
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The cells in reading order; `None` is the gap.
    pub(super) cells: Vec<Option<char>>,
    pub(super) gap: usize,
}

impl FromStr for Board {
    type Err = Error;

    /// Parses the text form.
    ///
    /// The text is read row by row and refused as soon as it holds more than
    /// [`MAX_CELLS`] cells, so an oversized text costs no memory.
    ///
    /// # Complexity
    ///
    /// `O(length of the text)` time; memory for at most [`MAX_CELLS`] cells.
    ///
    /// # Errors
    ///
    /// Checked row by row, top to bottom:
    /// - [`Error::EmptyBoard`] for an empty text or an empty row.
    /// - [`Error::RaggedRows`] when a row's length differs from the first's.
    /// - [`Error::BoardSize`] once the rows hold more than [`MAX_CELLS`]
    ///   cells (`colours` is then 0).
    /// - [`Error::InvalidTile`] for a character outside `!` to `~`: a space,
    ///   control character, or any non-ASCII character.
    ///
    /// Then for the whole board:
    /// - [`Error::GapCount`] unless there is exactly one `_`.
    /// - [`Error::BoardSize`] for fewer than 2 cells or more than
    ///   [`MAX_COLOURS`] colours.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{slider::Board, Error};
    ///
    /// let board: Board = "_R\nRB\n".parse()?;
    /// assert_eq!(board.to_string(), "_R/RB");
    /// assert_eq!("_R//RB".parse::<Board>(), Err(Error::EmptyBoard));
    /// assert_eq!(
    ///     "_\u{200B}/RB".parse::<Board>(),
    ///     Err(Error::InvalidTile { tile: '\u{200B}', row: 0, col: 1 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, Error> {
        let text = text.strip_suffix('\n').unwrap_or(text);
        let (mut cells, mut rows, mut cols) = (Vec::with_capacity(MAX_CELLS), 0, 0);
        for (row, line) in text.split(['/', '\n']).enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let got = line.chars().count();
            if got == 0 {
                return Err(Error::EmptyBoard);
            }
            if row == 0 {
                cols = got;
            } else if got != cols {
                return Err(Error::RaggedRows {
                    row,
                    expected: cols,
                    got,
                });
            }
            if cells.len() + got > MAX_CELLS {
                return Err(Error::BoardSize {
                    cells: cells.len() + got,
                    colours: 0,
                });
            }
            for (col, ch) in line.chars().enumerate() {
                if !ch.is_ascii_graphic() {
                    return Err(Error::InvalidTile { tile: ch, row, col });
                }
                cells.push((ch != '_').then_some(ch));
            }
            rows += 1;
        }
        let gaps = cells.iter().filter(|c| c.is_none()).count();
        if gaps != 1 {
            return Err(Error::GapCount { got: gaps });
        }
        let board = Board {
            rows,
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
    /// The number of rows, at least 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// assert_eq!("_R/RB/BB".parse::<Board>()?.rows(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns, at least 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// assert_eq!("_R/RB/BB".parse::<Board>()?.cols(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The gap's cell as (row, column), 0-based from the top-left.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// assert_eq!("RR/B_".parse::<Board>()?.gap(), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn gap(&self) -> (usize, usize) {
        (self.gap / self.cols, self.gap % self.cols)
    }

    /// The tile at (row, column), 0-based: `None` for the gap or a cell off
    /// the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// let board: Board = "_RB/RBB".parse()?;
    /// assert_eq!((board.tile(0, 1), board.tile(0, 0), board.tile(5, 5)), (Some('R'), None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn tile(&self, row: usize, col: usize) -> Option<char> {
        (row < self.rows && col < self.cols)
            .then(|| self.cells[row * self.cols + col])
            .flatten()
    }

    /// The colours on the board, in increasing order, with their counts.
    ///
    /// # Complexity
    ///
    /// `O(cells · colours)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Board;
    ///
    /// let board: Board = "_RB/RBB".parse()?;
    /// assert_eq!(board.colours(), [('B', 3), ('R', 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn colours(&self) -> Vec<(char, u64)> {
        let mut colours: Vec<(char, u64)> = Vec::new();
        for &c in self.cells.iter().flatten() {
            match colours.binary_search_by_key(&c, |&(k, _)| k) {
                Ok(i) => colours[i].1 += 1,
                Err(i) => colours.insert(i, (c, 1)),
            }
        }
        colours
    }

    /// The board after move `m`: the tile on the side of the gap the move
    /// names slides into it (`L` moves the tile right of the gap).
    ///
    /// # Complexity
    ///
    /// `O(cells)` (the board is copied).
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
        let (dr, dc) = m.space_step();
        let from = row
            .checked_add_signed(dr)
            .zip(col.checked_add_signed(dc))
            .filter(|&(r, c)| r < self.rows && c < self.cols)
            .map(|(r, c)| r * self.cols + c)
            .ok_or(Error::IllegalMove {
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
    /// # Complexity
    ///
    /// `O(cells · moves)`.
    ///
    /// # Errors
    ///
    /// - [`Error::IllegalMove`] for the first move that cannot be made.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{Board, Moves};
    ///
    /// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// let end = start.apply_all(&"LULUR".parse::<Moves>()?)?;
    /// assert_eq!(end.to_string(), "RRBB/RBBB/R_RB/RRBB");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_all(&self, moves: &[Move]) -> Result<Board, Error> {
        moves.iter().try_fold(self.clone(), |b, &m| b.apply(m))
    }
}
