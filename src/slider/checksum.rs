//! The checksum of a move sequence, one step at a time and summed over
//! many paths at once.

use std::num::NonZeroU64;

use super::Move;

/// A checksum of move sequences: start at 0, then `c = (c · multiplier +
/// ascii(move)) mod modulus` for each move (`L` = 76, `R` = 82, `U` = 85,
/// `D` = 68). The default is Project Euler's: multiplier 243, modulus
/// 100 000 007. A [`Search`](super::Search) sums the checksum it is given
/// ([`Search::checksum`](super::Search::checksum)).
///
/// The modulus is a [`NonZeroU64`]: a zero modulus cannot be asked for.
///
/// # Examples
///
/// ```
/// use std::num::NonZeroU64;
/// use primeboard::slider::{Checksum, Moves};
///
/// let moves: Moves = "LULUR".parse()?;
/// assert_eq!(Checksum::default().of(&moves), 19_761_398);
/// let small = Checksum::new(10, NonZeroU64::new(1_000).unwrap());
/// assert_eq!(small.of(&moves), (76 * 10_000 + 85 * 1000 + 76 * 100 + 85 * 10 + 82) % 1000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Checksum {
    multiplier: u64,
    modulus: NonZeroU64,
}

impl Default for Checksum {
    /// Project Euler 244's checksum: multiplier 243, modulus 100 000 007.
    fn default() -> Checksum {
        Checksum::new(243, NonZeroU64::new(100_000_007).expect("not zero"))
    }
}

impl Checksum {
    /// A checksum with another multiplier and modulus. Any values work:
    /// the arithmetic is done in `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::num::NonZeroU64;
    /// use primeboard::slider::{Checksum, Move};
    ///
    /// let c = Checksum::new(u64::MAX, NonZeroU64::MAX);
    /// assert_eq!(c.of(&[Move::Left, Move::Left]), 76);
    /// ```
    #[must_use]
    pub const fn new(multiplier: u64, modulus: NonZeroU64) -> Checksum {
        Checksum {
            multiplier,
            modulus,
        }
    }

    /// The multiplier.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Checksum;
    ///
    /// assert_eq!(Checksum::default().multiplier(), 243);
    /// ```
    #[must_use]
    pub const fn multiplier(&self) -> u64 {
        self.multiplier
    }

    /// The modulus, at least 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Checksum;
    ///
    /// assert_eq!(Checksum::default().modulus(), 100_000_007);
    /// ```
    #[must_use]
    pub const fn modulus(&self) -> u64 {
        self.modulus.get()
    }

    /// One step: `(c · multiplier + ascii(m)) mod modulus`.
    #[inline]
    pub(super) fn step(&self, c: u64, m: Move) -> u64 {
        self.step_sum(0, c, 1, m)
    }

    /// `acc` plus the step summed over `paths` paths whose checksums sum to
    /// `sum`, modulo the modulus: `(acc + sum · multiplier + paths ·
    /// ascii(m)) mod modulus`, for `acc` and `sum` below the modulus.
    #[inline]
    pub(super) fn step_sum(&self, acc: u64, sum: u64, paths: u128, m: Move) -> u64 {
        let modulus = u128::from(self.modulus.get());
        // A product of two values below 2^64 fits in u128, and so does a sum
        // of three remainders.
        let a = u128::from(sum) * u128::from(self.multiplier) % modulus;
        let b = (paths % modulus) * u128::from(m.letter() as u8) % modulus;
        ((u128::from(acc) + a + b) % modulus) as u64
    }

    /// The checksum of a move sequence.
    ///
    /// # Complexity
    ///
    /// `O(moves)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{Checksum, Move};
    ///
    /// assert_eq!(Checksum::default().of(&[]), 0);
    /// assert_eq!(Checksum::default().of(&[Move::Up, Move::Down]), (85 * 243 + 68) % 100_000_007);
    /// ```
    #[must_use]
    pub fn of(&self, moves: &[Move]) -> u64 {
        moves.iter().fold(0, |c, &m| self.step(c, m))
    }
}
