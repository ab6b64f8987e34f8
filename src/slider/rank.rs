//! Positions as codes (4 bits a cell in a `u128`) and their perfect-hash
//! rank: the gap's cell times the number of colour sequences, plus the
//! sequence's rank in a mixed radix of combinatorial number systems.

use super::{Board, MAX_CELLS, Move};

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

/// 32 copies of a nibble pattern across a `u128`.
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

/// The positions of one board's colours and shape: codes of 4 bits a cell
/// (0 the gap, colours from 1) in a `u128`, with their perfect-hash rank.
#[derive(Clone, Debug)]
pub(super) struct Space {
    rows: usize,
    cols: usize,
    cells: usize,
    /// The colour counts, colour `k + 1` at index `k`.
    counts: Vec<u64>,
    /// The number of colour sequences, `(cells - 1)! / Π counts!`, or
    /// `None` past `u64::MAX`.
    sequences: Option<u64>,
    /// The mixed-radix weight of each colour's rank but the last.
    radix: Vec<u64>,
    /// Positions are keyed by their code (for hash tables), not their rank.
    hashed: bool,
}

impl Space {
    /// The space of `board`'s positions, ranked when it has at most
    /// `max_ranked` positions, keyed by code otherwise.
    pub(super) fn new(board: &Board, max_ranked: u128) -> Space {
        let counts: Vec<u64> = board.colours().iter().map(|&(_, n)| n).collect();
        let cells = board.cells.len();
        let (mut radix, mut weight, mut free) = (Vec::new(), Some(1u64), cells - 1);
        for &n in &counts {
            radix.push(weight.unwrap_or(0));
            weight = weight.and_then(|w| w.checked_mul(BINOMIAL[free][n as usize]));
            free -= n as usize;
        }
        radix.pop();
        let mut space = Space {
            rows: board.rows,
            cols: board.cols,
            cells,
            counts,
            sequences: weight,
            radix,
            hashed: true,
        };
        space.hashed = weight.is_none() || space.states() > max_ranked;
        space
    }

    /// Whether positions are keyed by code rather than rank.
    pub(super) fn hashed(&self) -> bool {
        self.hashed
    }

    /// A position's key: its rank, or its code when the space is hashed.
    #[inline]
    pub(super) fn key(&self, code: u128) -> u128 {
        if self.hashed {
            code
        } else {
            u128::from(self.rank(code))
        }
    }

    /// The number of positions: cells times colour sequences (more than
    /// `u64::MAX · 32` saturates, which no board of [`MAX_CELLS`] reaches).
    pub(super) fn states(&self) -> u128 {
        self.sequences
            .map_or(u128::MAX, |s| u128::from(s) * self.cells as u128)
    }

    /// The code of `board`.
    pub(super) fn encode(&self, board: &Board) -> u128 {
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
    /// look-ups and bit scans, no division. Only called on a ranked space,
    /// whose sequences fit in `u64`.
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
        u64::from(gap_mask.trailing_zeros()) * self.sequences.unwrap_or(0) + rank
    }

    /// The neighbours of a code: (move, code after it).
    pub(super) fn moves(&self, code: u128) -> impl Iterator<Item = (Move, u128)> + use<'_> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of every colour split of every board shape up to 9
    /// cells gets a distinct rank below the number of states: the rank is
    /// a bijection (checked by enumeration, not by the rank's own formula).
    #[test]
    fn rank_is_a_bijection() {
        for cells in 2..=9usize {
            for cols in (1..=cells).filter(|c| cells % c == 0) {
                for colours in 1..cells {
                    // `colours` colours with counts as even as possible.
                    let tiles: String = (0..cells - 1)
                        .map(|i| char::from(b'a' + (i * colours / (cells - 1)) as u8))
                        .collect();
                    let text: String = std::iter::once('_')
                        .chain(tiles.chars())
                        .collect::<Vec<_>>()
                        .chunks(cols)
                        .map(|r| r.iter().collect::<String>())
                        .collect::<Vec<_>>()
                        .join("/");
                    let board: Board = text.parse().unwrap();
                    let space = Space::new(&board, u128::MAX);
                    let states = space.states();
                    let mut seen = vec![false; states as usize];
                    let mut stack = vec![space.encode(&board)];
                    let mut found = 0;
                    while let Some(code) = stack.pop() {
                        let r = space.rank(code) as usize;
                        assert!(r < seen.len(), "{text}: rank {r} out of range");
                        if !seen[r] {
                            seen[r] = true;
                            found += 1;
                            stack.extend(space.moves(code).map(|(_, n)| n));
                        }
                    }
                    // Rows or columns of one cell keep the tiles' order: only
                    // the gap moves. Otherwise every arrangement is reached
                    // when two tiles share a colour.
                    if cols > 1 && cells / cols > 1 && colours < cells - 1 {
                        assert_eq!(found as u128, states, "{text}");
                    }
                }
            }
        }
    }
}
