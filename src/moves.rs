//! The four moves of a sliding puzzle on a grid with one empty cell, and
//! sequences of them in their letter form (`"LULUR"`).

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::Error;

/// A move: the piece next to the empty cell slides into it. A move is named
/// by the direction **the piece** travels; the empty cell travels the
/// opposite way.
///
/// Its letter form is `L`, `R`, `U` or `D` ([`Move::letter`], [`Display`](fmt::Display)).
///
/// # Examples
///
/// ```
/// use primeboard::slider::Move;
///
/// assert_eq!(Move::ALL.map(Move::letter), ['L', 'R', 'U', 'D']);
/// assert_eq!(Move::from_letter('U'), Some(Move::Up));
/// assert_eq!(Move::Down.to_string(), "D");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The piece right of the empty cell moves left: `L`.
    Left,
    /// The piece left of the empty cell moves right: `R`.
    Right,
    /// The piece below the empty cell moves up: `U`.
    Up,
    /// The piece above the empty cell moves down: `D`.
    Down,
}

impl Move {
    /// All four moves, in the order `L`, `R`, `U`, `D`.
    pub const ALL: [Move; 4] = [Move::Left, Move::Right, Move::Up, Move::Down];

    /// The move's letter: `'L'`, `'R'`, `'U'` or `'D'`.
    ///
    /// # Complexity
    ///
    /// `O(1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Move;
    ///
    /// assert_eq!(Move::Up.letter(), 'U');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Move::Left => 'L',
            Move::Right => 'R',
            Move::Up => 'U',
            Move::Down => 'D',
        }
    }

    /// The move whose letter is `letter` (upper case only), if any.
    ///
    /// # Complexity
    ///
    /// `O(1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Move;
    ///
    /// assert_eq!(Move::from_letter('L'), Some(Move::Left));
    /// assert_eq!(Move::from_letter('l'), None);
    /// ```
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            _ => None,
        }
    }

    /// The row and column step of the *empty cell* for this move.
    pub(crate) fn space_step(self) -> (isize, isize) {
        match self {
            Move::Left => (0, 1),
            Move::Right => (0, -1),
            Move::Up => (1, 0),
            Move::Down => (-1, 0),
        }
    }
}

impl fmt::Display for Move {
    /// The move's letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A sequence of moves, first to last; its text form is the moves' letters
/// with nothing between them (`"LULUR"`), and [`FromStr`] and
/// [`Display`](fmt::Display) round-trip.
///
/// It dereferences to a slice of [`Move`]s, so slice methods (`len`,
/// `iter`, indexing) apply.
///
/// # Examples
///
/// ```
/// use primeboard::{slider::{Move, Moves}, Error};
///
/// let moves: Moves = "LULUR".parse()?;
/// assert_eq!(moves.len(), 5);
/// assert_eq!(moves[1], Move::Up);
/// assert_eq!(moves.to_string(), "LULUR");
/// assert_eq!("LX".parse::<Moves>(), Err(Error::InvalidMove { letter: 'X', index: 1 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Moves(Vec<Move>);

impl Moves {
    /// The moves as a slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{Move, Moves};
    ///
    /// let moves: Moves = [Move::Left, Move::Up].into_iter().collect();
    /// assert_eq!(moves.as_slice(), [Move::Left, Move::Up]);
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.0
    }
}

impl Deref for Moves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl From<Vec<Move>> for Moves {
    fn from(moves: Vec<Move>) -> Moves {
        Moves(moves)
    }
}

impl From<Moves> for Vec<Move> {
    fn from(moves: Moves) -> Vec<Move> {
        moves.0
    }
}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Moves {
        Moves(iter.into_iter().collect())
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PartialEq<[Move]> for Moves {
    fn eq(&self, other: &[Move]) -> bool {
        self.0 == other
    }
}

impl<const N: usize> PartialEq<[Move; N]> for Moves {
    fn eq(&self, other: &[Move; N]) -> bool {
        self.0 == other
    }
}

impl FromStr for Moves {
    type Err = Error;

    /// Parses the letters `L`, `R`, `U`, `D`, one move each, nothing between
    /// them; the empty text is the empty sequence.
    ///
    /// # Errors
    ///
    /// - [`Error::InvalidMove`] for the first character that is not one of
    ///   the four letters (lower case included).
    fn from_str(text: &str) -> Result<Moves, Error> {
        text.chars()
            .enumerate()
            .map(|(index, letter)| {
                Move::from_letter(letter).ok_or(Error::InvalidMove { letter, index })
            })
            .collect()
    }
}

impl fmt::Display for Moves {
    /// The letters of the moves, nothing between them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|m| write!(f, "{m}"))
    }
}
