//! The shortest paths found by a search: their count and checksum sums,
//! tallied layer by layer, and the paths themselves, walked lazily.

use std::iter::FusedIterator;

use super::budget::Budget;
use super::rank::Space;
use super::{Checksum, Move, Moves};
use crate::Error;

/// Every shortest move sequence between two boards, from
/// [`Search::shortest_paths`](super::Search::shortest_paths): their length,
/// number and checksum sums, and the sequences themselves.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{shortest_paths, Board};
///
/// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
/// let target: Board = "_BRB/BRBR/RBRB/BRBR".parse()?;
/// let paths = shortest_paths(&start, &target)?.expect("reachable");
/// assert_eq!(paths.path_len(), 32);
/// assert_eq!(paths.count(), paths.paths().count() as u128);
/// let sum: u128 = paths.paths().map(|p| u128::from(paths.checksum().of(&p))).sum();
/// assert_eq!(paths.checksum_sum(), Some(sum));
/// assert_eq!(u128::from(paths.checksum_sum_mod()), sum % 100_000_007);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ShortestPaths {
    space: Space,
    /// The codes of the positions on shortest paths at each distance from
    /// the start, sorted.
    layers: Vec<Vec<u128>>,
    count: u128,
    checksum: Checksum,
    checksum_sum_mod: u64,
    checksum_sum: Option<u128>,
}

/// One checksum of the paths to a position of a layer: (the position's
/// index in its layer, the checksum, the number of paths with it).
type Entry = (usize, u64, u128);

impl ShortestPaths {
    /// Tallies, layer by layer from the start, each position's number of
    /// paths and the sum of their checksums (modulo), and while they stay
    /// within `max_checksums` and the budget, their distinct checksums with
    /// multiplicities, which the exact sum needs: each path's checksum is
    /// reduced on its own, so the reduced sums cannot be added up exactly.
    pub(super) fn tally(
        space: Space,
        layers: Vec<Vec<u128>>,
        checksum: Checksum,
        max_checksums: u64,
        budget: &mut Budget,
    ) -> Result<ShortestPaths, Error> {
        let path_len = layers.len() - 1;
        let mut counts: Vec<(u128, u64)> = budget.filled(1, (1, 0))?;
        let mut entries: Option<Vec<Entry>> = budget.filled(1, (0, 0, 1)).ok();
        for d in 1..layers.len() {
            let mut next = budget.filled(layers[d].len(), (0u128, 0u64))?;
            let mut next_entries = entries.as_ref().map(|_| Vec::new());
            let mut e = 0;
            for (i, (&code, &(paths, sum))) in layers[d - 1].iter().zip(&counts).enumerate() {
                let end = entries
                    .as_ref()
                    .map_or(0, |v| e + v[e..].iter().take_while(|x| x.0 == i).count());
                for (mv, n) in space.moves(code) {
                    let Ok(j) = layers[d].binary_search(&n) else {
                        continue;
                    };
                    let t = &mut next[j];
                    t.0 =
                        t.0.checked_add(paths)
                            .ok_or(Error::PathCountOverflow { path_len })?;
                    t.1 = checksum.step_sum(t.1, sum, paths, mv);
                    if let (Some(old), Some(new)) = (&entries, &mut next_entries) {
                        let pushed = old[e..end].iter().try_for_each(|&(_, c, k)| {
                            budget.push(new, (j, checksum.step(c, mv), k))
                        });
                        // Past the budget, give up the exact sum only.
                        if pushed.is_err() {
                            budget.free(std::mem::take(new));
                            next_entries = None;
                        }
                    }
                }
                e = end;
            }
            budget.free(std::mem::replace(&mut counts, next));
            if let Some(old) = entries.take() {
                budget.free(old);
            }
            entries = next_entries.and_then(|mut new| {
                merge(&mut new);
                if new.len() as u64 > max_checksums {
                    budget.free(new);
                    None
                } else {
                    Some(new)
                }
            });
        }
        let checksum_sum = entries.and_then(|v| {
            v.iter().try_fold(0u128, |s, &(_, c, k)| {
                s.checked_add(u128::from(c).checked_mul(k)?)
            })
        });
        Ok(ShortestPaths {
            space,
            count: counts[0].0,
            checksum,
            checksum_sum_mod: counts[0].1,
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
    /// let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
    /// assert_eq!(shortest_paths(&start, &example)?.map(|p| p.path_len()), Some(5));
    /// assert_eq!(shortest_paths(&start, &start)?.map(|p| p.path_len()), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn path_len(&self) -> usize {
        self.layers.len() - 1
    }

    /// The number of shortest move sequences, at least 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_R/RR".parse()?;
    /// let target: Board = "RR/R_".parse()?;
    /// assert_eq!(shortest_paths(&start, &target)?.map(|p| p.count()), Some(2)); // LU, UL
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn count(&self) -> u128 {
        self.count
    }

    /// The checksum the sums are of.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board, Checksum};
    ///
    /// let board: Board = "_R/RB".parse()?;
    /// assert_eq!(shortest_paths(&board, &board)?.map(|p| p.checksum()), Some(Checksum::default()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checksum(&self) -> Checksum {
        self.checksum
    }

    /// The sum of the shortest paths' checksums, modulo the checksum's
    /// modulus (100 000 007 by default). Always known, however many paths.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_R/RR".parse()?;
    /// let target: Board = "RR/R_".parse()?;
    /// let paths = shortest_paths(&start, &target)?.expect("reachable");
    /// let (lu, ul) = (76 * 243 + 85, 85 * 243 + 76);
    /// assert_eq!(paths.checksum_sum_mod(), lu + ul);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checksum_sum_mod(&self) -> u64 {
        self.checksum_sum_mod
    }

    /// The exact sum of the shortest paths' checksums (each reduced by the
    /// modulus on its own, the sum not reduced), or `None` when the
    /// distinct checksums passed [`Search::max_checksums`](super::Search::max_checksums)
    /// or the memory budget on some layer, or the sum passes `u128::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_R/RR".parse()?;
    /// let target: Board = "RR/R_".parse()?;
    /// let paths = shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!(paths.checksum_sum(), Some((76 * 243 + 85) + (85 * 243 + 76)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checksum_sum(&self) -> Option<u128> {
        self.checksum_sum
    }

    /// The shortest move sequences, lazily, in increasing order of their
    /// letters (`D` < `L` < `R` < `U`).
    ///
    /// # Complexity
    ///
    /// `O(path_len · (cells + log w))` per path, for layers of at most `w`
    /// positions: a depth-first walk over the positions on shortest paths,
    /// which has no dead ends; memory `O(path_len)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{shortest_paths, Board};
    ///
    /// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
    /// let example: Board = "RRBB/RBBB/R_RB/RRBB".parse()?;
    /// let paths = shortest_paths(&start, &example)?.expect("reachable");
    /// let letters: Vec<String> = paths.paths().map(|p| p.to_string()).collect();
    /// assert!(letters.contains(&"LULUR".to_string()));
    /// assert!(letters.windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn paths(&self) -> Paths<'_> {
        Paths {
            shortest: self,
            stack: vec![(self.layers[0][0], 0)],
            moves: Vec::new(),
            left: self.count,
        }
    }
}

/// Sorts the entries by (position, checksum) and merges equal pairs.
fn merge(entries: &mut Vec<Entry>) {
    entries.sort_unstable_by_key(|&(j, c, _)| (j, c));
    entries.dedup_by(|b, a| {
        (a.0, a.1) == (b.0, b.1) && {
            a.2 += b.2;
            true
        }
    });
}

/// The moves in increasing order of their letters.
const LETTER_ORDER: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

/// The shortest move sequences of a [`ShortestPaths`], from
/// [`ShortestPaths::paths`], in increasing order of their letters.
///
/// # Examples
///
/// ```
/// use primeboard::slider::{shortest_paths, Board};
///
/// let start: Board = "_R/RR".parse()?;
/// let target: Board = "RR/R_".parse()?;
/// let mut paths = shortest_paths(&start, &target)?.expect("reachable").paths().collect::<Vec<_>>();
/// assert_eq!(paths.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["LU", "UL"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Paths<'a> {
    shortest: &'a ShortestPaths,
    /// The positions along the current path, each with the next move to try.
    stack: Vec<(u128, usize)>,
    moves: Vec<Move>,
    /// The paths not yet yielded.
    left: u128,
}

impl Iterator for Paths<'_> {
    type Item = Moves;

    fn next(&mut self) -> Option<Moves> {
        let s = self.shortest;
        let length = s.path_len();
        if self.left == 0 {
            return None;
        }
        if length == 0 {
            self.left = 0;
            return Some(Moves::default());
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
            if s.layers[depth + 1].binary_search(&n).is_err() {
                continue;
            }
            self.stack.push((n, 0));
            self.moves.push(mv);
            if depth + 1 == length {
                self.left -= 1;
                return Some(self.moves.clone().into());
            }
        }
        self.left = 0;
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left);
        (left.unwrap_or(usize::MAX), left.ok())
    }
}

impl FusedIterator for Paths<'_> {}
