//! The two-ended breadth-first search: its settings ([`Search`]), the
//! invariants that answer without searching, the distance tables (flat by
//! rank, or hashed by code), and the positions on shortest paths.

use std::collections::HashMap;

use super::budget::Budget;
use super::paths::ShortestPaths;
use super::rank::Space;
use super::{Board, Checksum};
use crate::Error;

/// The longest shortest path a search finds: distances take one byte,
/// `u8::MAX` meaning "not seen".
pub(super) const MAX_PATH_LEN: usize = 253;

/// The flat distance tables (one byte a position and end) are used when
/// they take at most `1 / FLAT_SHARE` of the budget.
const FLAT_SHARE: u64 = 2;

/// The first number of slots of a hashed distance table.
const FIRST_SLOTS: usize = 16;

/// The shortest-path search and its settings; [`shortest_paths`](super::shortest_paths)
/// is the shortcut for the defaults.
///
/// # Examples
///
/// ```
/// use primeboard::{slider::{Board, Search}, Error};
///
/// let start: Board = "_RBB/RRBB/RRBB/RRBB".parse()?;
/// let target: Board = "_BRB/BRBR/RBRB/BRBR".parse()?;
/// assert_eq!(Search::new().shortest_paths(&start, &target)?.map(|p| p.path_len()), Some(32));
/// let small = Search::new().max_bytes(100_000);
/// assert!(matches!(small.shortest_paths(&start, &target), Err(Error::MemoryBudget { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    max_bytes: u64,
    max_checksums: u64,
    checksum: Checksum,
}

impl Default for Search {
    fn default() -> Search {
        Search::new()
    }
}

impl Search {
    /// The defaults: a memory budget of `2^30` bytes (1 GiB), up to `2^20`
    /// distinct (position, checksum) pairs for the exact checksum sum, and
    /// Project Euler's [`Checksum`].
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::Search;
    ///
    /// assert_eq!(Search::new(), Search::default());
    /// ```
    #[must_use]
    pub fn new() -> Search {
        Search {
            max_bytes: 1 << 30,
            max_checksums: 1 << 20,
            checksum: Checksum::default(),
        }
    }

    /// Sets the memory budget in bytes: the most the search's distance
    /// tables, frontiers, positions on shortest paths and tallies take at
    /// once, counted by capacity before each allocation, a growing buffer
    /// and its copy together (a few kilobytes of bookkeeping are not
    /// counted). A search that would pass it returns
    /// [`Error::MemoryBudget`].
    ///
    /// A state space of `s` positions whose two flat distance tables (`2s`
    /// bytes) fit in half the budget is indexed by a perfect hash; a larger
    /// one is searched with hash tables (17 bytes a slot, at most 3/4 full)
    /// from both ends, which then see only the positions near each end.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{slider::{Board, Search}, Error};
    ///
    /// let start: Board = "_RB/RBB".parse()?;
    /// let target: Board = "BRB/RB_".parse()?;
    /// assert!(Search::new().max_bytes(1 << 16).shortest_paths(&start, &target)?.is_some());
    /// assert!(matches!(
    ///     Search::new().max_bytes(8).shortest_paths(&start, &target),
    ///     Err(Error::MemoryBudget { max_bytes: 8, .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: u64) -> Search {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets the most distinct (position, checksum) pairs kept on one layer
    /// for the exact sum of checksums; past it (or past the memory budget),
    /// [`ShortestPaths::checksum_sum`] is `None`, and the rest of the answer
    /// is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::slider::{Board, Search};
    ///
    /// // Two paths, LU and UL, through two positions of one checksum each.
    /// let start: Board = "_R/RR".parse()?;
    /// let target: Board = "RR/R_".parse()?;
    /// let paths = Search::new().max_checksums(1).shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!((paths.checksum_sum(), paths.count()), (None, 2));
    /// let paths = Search::new().max_checksums(2).shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!(paths.checksum_sum(), Some((76 * 243 + 85) + (85 * 243 + 76)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_checksums(mut self, max_checksums: u64) -> Search {
        self.max_checksums = max_checksums;
        self
    }

    /// Sets the checksum whose sums the search reports.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::num::NonZeroU64;
    /// use primeboard::slider::{Board, Checksum, Search};
    ///
    /// let start: Board = "_R/RB".parse()?;
    /// let target: Board = "R_/RB".parse()?;
    /// let small = Checksum::new(3, NonZeroU64::new(7).unwrap());
    /// let paths = Search::new().checksum(small).shortest_paths(&start, &target)?.expect("reachable");
    /// assert_eq!(paths.checksum_sum(), Some(u128::from(u8::try_from('L')? % 7)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checksum(mut self, checksum: Checksum) -> Search {
        self.checksum = checksum;
        self
    }

    /// The shortest paths from `start` to `target`; `Ok(None)` when the
    /// target cannot be reached.
    ///
    /// # Complexity
    ///
    /// Time `O(s · cells · colours)` for the `s` positions the two ends
    /// explore (about twice the positions within half the distance of each
    /// end); memory within the budget ([`Search::max_bytes`]): two bytes per
    /// position of the state space when indexed, 23 to 46 bytes per
    /// position seen when hashed (a 17-byte slot, 3/8 to 3/4 of the slots
    /// used; 68 while a table doubles), plus 16 bytes per position of a
    /// frontier or on a shortest path, and for the exact checksum sum 32
    /// bytes per (position, checksum) pair of two layers. Boards told apart by an invariant (colour
    /// counts; tile order on one row or column; permutation parity with
    /// distinct tiles) answer `None` without searching.
    ///
    /// # Errors
    ///
    /// - [`Error::ShapeMismatch`] when the boards differ in shape.
    /// - [`Error::MemoryBudget`] when the search would pass its memory
    ///   budget (a hashed search of two far-apart positions, or one that
    ///   cannot be reached, ends so).
    /// - [`Error::AllocationFailed`] when the system refuses memory within
    ///   the budget.
    /// - [`Error::PathTooLong`] when the shortest path has more than 253
    ///   moves.
    /// - [`Error::PathCountOverflow`] when there are more shortest paths
    ///   than `u128::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{slider::{Board, Search}, Error};
    ///
    /// let search = Search::new().max_bytes(1 << 20).max_checksums(1 << 10);
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
        if start.colours() != target.colours() || invariants_differ(start, target) {
            return Ok(None);
        }
        // Two tables of one byte a position in `1 / FLAT_SHARE` of the budget.
        let space = Space::new(start, u128::from(self.max_bytes / FLAT_SHARE / 2));
        let mut budget = Budget::new(self.max_bytes, space.states());
        let layers = if start == target {
            let mut only = Vec::new();
            budget.push(&mut only, space.encode(start))?;
            let mut layers = Vec::new();
            budget.push(&mut layers, only)?;
            layers
        } else {
            match self.layers(&space, start, target, &mut budget)? {
                Some(layers) => layers,
                None => return Ok(None),
            }
        };
        ShortestPaths::tally(
            space,
            layers,
            self.checksum,
            self.max_checksums,
            &mut budget,
        )
        .map(Some)
    }

    /// The positions on shortest paths, at each distance from the start,
    /// sorted by code; `None` when the target cannot be reached.
    fn layers(
        &self,
        space: &Space,
        start: &Board,
        target: &Board,
        budget: &mut Budget,
    ) -> Result<Option<Vec<Vec<u128>>>, Error> {
        let mut ends = [
            Side::new(space, start, budget)?,
            Side::new(space, target, budget)?,
        ];
        // Breadth-first from both ends, the smaller frontier first, until a
        // layer reaches a position the other end has seen.
        let (near, length) = loop {
            let a = usize::from(ends[1].frontier.len() < ends[0].frontier.len());
            if ends[a].frontier.is_empty() {
                return Ok(None);
            }
            if usize::from(ends[0].depth) + usize::from(ends[1].depth) >= MAX_PATH_LEN {
                return Err(Error::PathTooLong {
                    max_len: MAX_PATH_LEN,
                });
            }
            let [first, second] = &mut ends;
            let (side, other) = if a == 0 {
                (first, second)
            } else {
                (second, first)
            };
            if let Some(length) = side.expand(space, other, budget)? {
                break (a, length);
            }
        };
        // The positions of the last layer whose distances add up, then walks
        // from them back to each end over the positions one step nearer.
        let far = 1 - near;
        let mut meeting = Vec::new();
        for &c in &ends[near].frontier {
            let key = space.key(c);
            if usize::from(ends[near].dist.get(key)) + usize::from(ends[far].dist.get(key))
                == length
            {
                budget.push(&mut meeting, c)?;
            }
        }
        meeting.sort_unstable();
        let mut halves = [Vec::new(), Vec::new()];
        for (end, half) in ends.iter().zip(&mut halves) {
            let mut layer = Vec::new();
            budget.reserve(&mut layer, meeting.len())?;
            layer.extend_from_slice(&meeting);
            let mut d = end.dist.get(space.key(meeting[0]));
            while d > 0 {
                d -= 1;
                let mut next = Vec::new();
                for &code in &layer {
                    for (_, n) in space.moves(code) {
                        if end.dist.get(space.key(n)) == d {
                            budget.push(&mut next, n)?;
                        }
                    }
                }
                next.sort_unstable();
                next.dedup();
                budget.push(half, std::mem::replace(&mut layer, next))?;
            }
            budget.push(half, layer)?;
        }
        budget.free(meeting);
        for end in ends {
            end.free(budget);
        }
        // Start's half runs meeting → start: reverse it; target's half runs
        // meeting → target and repeats the meeting layer.
        let [mut layers, mut to_target] = halves;
        layers.reverse();
        budget.free(to_target.remove(0));
        budget.reserve(&mut layers, to_target.len())?;
        layers.append(&mut to_target);
        budget.free(to_target);
        Ok(Some(layers))
    }
}

/// A hash table from codes to distances: open addressing with linear
/// probing, at most 3/4 full; code 0 (every cell the gap) marks a free slot.
#[derive(Debug)]
struct Table {
    keys: Vec<u128>,
    dist: Vec<u8>,
    len: usize,
}

impl Table {
    fn new(budget: &mut Budget) -> Result<Table, Error> {
        Ok(Table {
            keys: budget.filled(FIRST_SLOTS, 0)?,
            dist: budget.filled(FIRST_SLOTS, u8::MAX)?,
            len: 0,
        })
    }

    /// The first slot to probe for `key`.
    #[inline]
    fn home(&self, key: u128) -> usize {
        let h = ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (key >> 64) as u64)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> (64 - self.keys.len().trailing_zeros())) as usize
    }

    /// The slot holding `key`, or the free slot where it would go.
    #[inline]
    fn slot(&self, key: u128) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        while self.keys[i] != key && self.keys[i] != 0 {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: u128) -> u8 {
        self.dist[self.slot(key)]
    }

    fn insert(&mut self, key: u128, d: u8, budget: &mut Budget) -> Result<bool, Error> {
        if (self.len + 1) * 4 > self.keys.len() * 3 {
            self.grow(budget)?;
        }
        let i = self.slot(key);
        if self.keys[i] == key {
            return Ok(false);
        }
        self.keys[i] = key;
        self.dist[i] = d;
        self.len += 1;
        Ok(true)
    }

    /// Doubles the slots, the old table alive until its keys have moved.
    fn grow(&mut self, budget: &mut Budget) -> Result<(), Error> {
        let slots = self.keys.len() * 2;
        let keys = budget.filled(slots, 0)?;
        let dist = match budget.filled(slots, u8::MAX) {
            Ok(dist) => dist,
            Err(e) => {
                budget.free(keys);
                return Err(e);
            }
        };
        let old = std::mem::replace(self, Table { keys, dist, len: 0 });
        for (&k, &d) in old.keys.iter().zip(&old.dist).filter(|(k, _)| **k != 0) {
            let i = self.slot(k);
            self.keys[i] = k;
            self.dist[i] = d;
            self.len += 1;
        }
        budget.free(old.keys);
        budget.free(old.dist);
        Ok(())
    }
}

/// Distances from one end: a flat array indexed by rank while the state
/// space fits its share of the budget, a hash table of the positions seen
/// otherwise.
#[derive(Debug)]
enum Distances {
    Flat(Vec<u8>),
    Hashed(Table),
}

impl Distances {
    /// The distance of the position with key `key`, `u8::MAX` if not seen.
    #[inline]
    fn get(&self, key: u128) -> u8 {
        match self {
            Distances::Flat(dist) => dist[key as usize],
            Distances::Hashed(table) => table.get(key),
        }
    }

    /// Records `d` for `key` unless it was seen; whether it was new.
    #[inline]
    fn insert(&mut self, key: u128, d: u8, budget: &mut Budget) -> Result<bool, Error> {
        match self {
            Distances::Flat(dist) => {
                let new = dist[key as usize] == u8::MAX;
                if new {
                    dist[key as usize] = d;
                }
                Ok(new)
            }
            Distances::Hashed(table) => table.insert(key, d, budget),
        }
    }
}

/// One end of the two-ended breadth-first search.
#[derive(Debug)]
struct Side {
    dist: Distances,
    /// The positions at distance `depth`.
    frontier: Vec<u128>,
    depth: u8,
}

impl Side {
    fn new(space: &Space, board: &Board, budget: &mut Budget) -> Result<Side, Error> {
        let mut dist = if space.hashed() {
            Distances::Hashed(Table::new(budget)?)
        } else {
            let states = usize::try_from(space.states()).map_err(|_| budget.over())?;
            Distances::Flat(budget.filled(states, u8::MAX)?)
        };
        let code = space.encode(board);
        dist.insert(space.key(code), 0, budget)?;
        let mut frontier = Vec::new();
        budget.push(&mut frontier, code)?;
        Ok(Side {
            dist,
            frontier,
            depth: 0,
        })
    }

    /// Expands one layer; if it reaches positions `other` has seen, the
    /// shortest length through them.
    fn expand(
        &mut self,
        space: &Space,
        other: &Side,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Error> {
        let mut next = Vec::new();
        let mut best: Option<usize> = None;
        for &code in &self.frontier {
            for (_, n) in space.moves(code) {
                let key = space.key(n);
                if self.dist.insert(key, self.depth + 1, budget)? {
                    budget.push(&mut next, n)?;
                    let there = other.dist.get(key);
                    if there != u8::MAX {
                        let length = usize::from(self.depth) + 1 + usize::from(there);
                        best = Some(best.map_or(length, |b| b.min(length)));
                    }
                }
            }
        }
        budget.free(std::mem::replace(&mut self.frontier, next));
        self.depth += 1;
        Ok(best)
    }

    /// Returns the memory to the budget.
    fn free(self, budget: &mut Budget) {
        match self.dist {
            Distances::Flat(dist) => budget.free(dist),
            Distances::Hashed(table) => {
                budget.free(table.keys);
                budget.free(table.dist);
            }
        }
        budget.free(self.frontier);
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
