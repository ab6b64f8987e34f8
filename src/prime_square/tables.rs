//! The search tables: one trie of the primes per line fill order, and the
//! depth-first fill driven by them.
//!
//! Each line (row, column, diagonal) fills its `N` positions in the order
//! the search reaches them. A trie of the primes with the wanted digit sum,
//! read in that order, has one node per prefix: a 10-bit mask of the digits
//! the next position may take, and where the node's children start. A
//! cell's candidates are the AND of the masks of its lines' current nodes,
//! so a dead end shows at the first cell that has no digit left. The tries
//! hold only the prefixes that occur, at most `N` nodes a prime, where
//! tables indexed by every possible prefix would take `10^N` entries.

use std::ops::{ControlFlow, Range};

use super::MAX_SIZE;
use super::order::Layout;
use super::square::Square;

/// The search's line slots: the lines of the largest square, and one for
/// padding, whose node is always one of the "any digit" nodes; a power of
/// two, so that a slot number masked by `SLOTS - 1` needs no bounds check.
const SLOTS: usize = (2 * MAX_SIZE + 3).next_power_of_two();

/// A node that allows every digit, with its children at nodes 0 to 9:
/// nodes 0 to 9 are all such nodes, so padding stays among them.
const ANY: u32 = 0x3FF;

/// The number of set bits of each 10-bit mask.
static RANK: [u8; 1 << 10] = {
    let mut rank = [0; 1 << 10];
    let mut m = 0;
    while m < 1 << 10 {
        rank[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    rank
};

/// The line nodes of a partial fill, by line slot.
pub(super) type States = [u32; SLOTS];

/// The masks that drive the search, for one fill order of the cells.
#[derive(Clone, Debug, Default)]
pub(super) struct Tables {
    /// The cells, in the order the search fills them.
    cells: Vec<usize>,
    /// For each cell in fill order, its lines: always 4, padded with
    /// [`Link::NONE`].
    links: Vec<[Link; 4]>,
    /// For each depth, the later cells (as depths) whose lines all reach
    /// them once this depth is filled: their candidates are known then,
    /// and a cell with none ends the branch before the cells between.
    checks: Vec<Vec<usize>>,
    /// All tries, one after another, after the 10 [`ANY`] nodes: bits 0 to
    /// 9 of a node are its digit mask, bits 10 and up where its first child
    /// is, relative to the start of its trie.
    nodes: Vec<u32>,
    /// The root node of each line slot.
    roots: States,
}

/// A line through a cell, as the search sees it at the cell's depth.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// The line's slot in the search's states.
    slot: u32,
    /// Where the line's trie starts in [`Tables::nodes`].
    trie: u32,
}

impl Link {
    /// Padding: the slot whose node stays an [`ANY`] node.
    const NONE: Link = Link {
        slot: SLOTS as u32 - 1,
        trie: 0,
    };
}

/// A partial fill the search can resume from: the digits of the first
/// `depth` cells of the fill order and the lines' nodes after them.
#[derive(Clone, Debug)]
pub(super) struct Prefix {
    depth: usize,
    placed: [u8; MAX_SIZE * MAX_SIZE],
    states: States,
}

impl Tables {
    /// The tables for filling the cells of `layout` in the order `cells`,
    /// over the primes whose digits (`N` a prime) are `digits`.
    pub(super) fn new(layout: &Layout, cells: &[usize], digits: &[u8]) -> Tables {
        let size = layout.size;
        let mut time = vec![0; size * size];
        cells
            .iter()
            .enumerate()
            .for_each(|(i, &cell)| time[cell] = i);
        // The order in which each line's positions are filled; lines with
        // the same order share their trie.
        let line_orders: Vec<Vec<usize>> = layout
            .lines
            .iter()
            .map(|members| {
                let mut order: Vec<usize> = (0..size).collect();
                order.sort_by_key(|&k| time[members[k]]);
                order
            })
            .collect();
        let mut orders: Vec<&Vec<usize>> = line_orders.iter().collect();
        orders.sort_unstable();
        orders.dedup();
        let mut nodes = vec![ANY; 10];
        let tries: Vec<u32> = orders
            .iter()
            .map(|order| {
                let start = nodes.len() as u32;
                build_trie(&mut nodes, order, digits, size);
                start
            })
            .collect();
        let mut links = vec![[Link::NONE; 4]; size * size];
        let mut used = vec![0; size * size];
        let mut roots = [0; SLOTS];
        for (line, (members, order)) in layout.lines.iter().zip(&line_orders).enumerate() {
            let trie = tries[orders.partition_point(|x| *x < order)];
            roots[line] = trie;
            for &k in order {
                let depth = time[members[k]];
                links[depth][used[depth]] = Link {
                    slot: line as u32,
                    trie,
                };
                used[depth] += 1;
            }
        }
        let mut checks = vec![Vec::new(); size * size];
        for (k, &cell) in cells.iter().enumerate() {
            let ready = layout
                .lines
                .iter()
                .filter(|members| members.contains(&cell))
                .flatten()
                .map(|&c| time[c])
                .filter(|&t| t < k)
                .max();
            if let Some(d) = ready.filter(|&d| d + 1 < k) {
                checks[d].push(k);
            }
        }
        Tables {
            cells: cells.to_vec(),
            links,
            checks,
            nodes,
            roots,
        }
    }

    /// The number of cells.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The depth at which the search fills `cell`.
    pub(super) fn depth_of(&self, cell: usize) -> usize {
        self.cells.iter().position(|&c| c == cell).unwrap_or(0)
    }

    /// The empty fill, where every search starts.
    pub(super) fn root(&self) -> Prefix {
        Prefix {
            depth: 0,
            placed: [0; MAX_SIZE * MAX_SIZE],
            states: self.roots,
        }
    }

    /// Calls `visit` with the digits by depth of every way to fill the cells
    /// after `from` that the lines and `allowed` (a digit mask by depth)
    /// permit, in increasing order of the digits by depth, until it breaks.
    pub(super) fn search(
        &self,
        from: &Prefix,
        allowed: &[u16],
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) {
        let mut prefix = from.clone();
        // A break only ends the search early.
        let _ = self.descend(
            from.depth,
            self.len(),
            allowed,
            &mut prefix,
            &mut |placed, _| visit(placed),
        );
    }

    /// The partial fills of the first `depth` cells from which the search
    /// goes on, in the order the search meets them.
    #[cfg(feature = "rayon")]
    fn prefixes(&self, allowed: &[u16], depth: usize) -> Vec<Prefix> {
        let mut prefix = self.root();
        let mut found = Vec::new();
        let _ = self.descend(0, depth, allowed, &mut prefix, &mut |placed, states| {
            let mut copy = Prefix {
                depth,
                placed: [0; MAX_SIZE * MAX_SIZE],
                states: *states,
            };
            copy.placed[..depth].copy_from_slice(placed);
            found.push(copy);
            ControlFlow::Continue(())
        });
        found
    }

    /// The partial fills of the first depth with at least `wanted` of them
    /// (or of the last depth), in the order the search meets them.
    #[cfg(feature = "rayon")]
    pub(super) fn split(&self, allowed: &[u16], wanted: usize) -> Vec<Prefix> {
        (1..self.len())
            .map(|depth| self.prefixes(allowed, depth))
            .find(|prefixes| prefixes.len() >= wanted)
            .unwrap_or_else(|| self.prefixes(allowed, self.len()))
    }

    /// Tries every candidate at `depth`, and calls `visit` with the digits
    /// and the line nodes of each fill of the cells before `stop`.
    fn descend(
        &self,
        depth: usize,
        stop: usize,
        allowed: &[u16],
        prefix: &mut Prefix,
        visit: &mut impl FnMut(&[u8], &States) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if depth == stop {
            return visit(&prefix.placed[..depth], &prefix.states);
        }
        let links = &self.links[depth];
        let words =
            links.map(|link| self.nodes[prefix.states[link.slot as usize & (SLOTS - 1)] as usize]);
        let mut untried = self.candidates(depth, allowed, &prefix.states);
        let saved = links.map(|link| prefix.states[link.slot as usize & (SLOTS - 1)]);
        let checks = &self.checks[depth];
        while untried != 0 {
            let d = untried.trailing_zeros();
            untried &= untried - 1;
            prefix.placed[depth] = d as u8;
            let below = (1 << d) - 1;
            for (link, word) in links.iter().zip(words) {
                prefix.states[link.slot as usize & (SLOTS - 1)] =
                    link.trie + (word >> 10) + u32::from(RANK[(word & below & ANY) as usize]);
            }
            if checks
                .iter()
                .any(|&k| self.candidates(k, allowed, &prefix.states) == 0)
            {
                continue;
            }
            self.descend(depth + 1, stop, allowed, prefix, visit)?;
        }
        for (link, state) in links.iter().zip(saved) {
            prefix.states[link.slot as usize & (SLOTS - 1)] = state;
        }
        ControlFlow::Continue(())
    }

    /// The digits the cell at `depth` may take when its lines' nodes are `states`.
    fn candidates(&self, depth: usize, allowed: &[u16], states: &States) -> u32 {
        self.links[depth]
            .iter()
            .fold(u32::from(allowed[depth]), |m, link| {
                m & self.nodes[states[link.slot as usize & (SLOTS - 1)] as usize]
            })
            & ANY
    }

    /// The digit masks by depth for the top-left digit `top_left` and, when
    /// given, the first row `first_row`.
    pub(super) fn allowed(&self, top_left: u8, first_row: Option<u64>) -> Vec<u16> {
        let size = self.cells.len().isqrt();
        self.cells
            .iter()
            .map(|&cell| match first_row {
                _ if cell == 0 => 1 << top_left,
                Some(row) if cell < size => 1 << (row / 10u64.pow((size - 1 - cell) as u32) % 10),
                _ => ANY as u16,
            })
            .collect()
    }

    /// The square whose digits by depth are `placed`.
    pub(super) fn square(&self, placed: &[u8]) -> Square {
        let mut digits = vec![0; placed.len()];
        for (&cell, &d) in self.cells.iter().zip(placed) {
            digits[cell] = d;
        }
        Square::from_digits(self.cells.len().isqrt(), digits)
    }
}

/// Appends to `nodes` the trie of the primes whose digits (`size` a prime)
/// are `digits`, read in the position order `order`: its nodes level by
/// level, each level's nodes in increasing order of their prefixes.
fn build_trie(nodes: &mut Vec<u32>, order: &[usize], digits: &[u8], size: usize) {
    // Each prime's digits in `order`, 4 bits each, the first the highest.
    let mut keys: Vec<u32> = digits
        .chunks_exact(size)
        .map(|prime| {
            order
                .iter()
                .fold(0, |key, &k| key << 4 | u32::from(prime[k]))
        })
        .collect();
    keys.sort_unstable();
    let start = nodes.len();
    // The primes of each node of the current level, as ranges of `keys`.
    let mut level: Vec<Range<usize>> = std::iter::once(0..keys.len()).collect();
    for t in 0..size {
        let shift = 4 * (size - 1 - t);
        let digit = |key: &u32| key >> shift & 0xF;
        let mut next = Vec::new();
        let next_start = nodes.len() - start + level.len();
        for range in level {
            let first = next_start + next.len();
            let mut mask = 0;
            let mut i = range.start;
            while i < range.end {
                let d = digit(&keys[i]);
                let j = i + keys[i..range.end].partition_point(|key| digit(key) == d);
                mask |= 1 << d;
                if t + 1 < size {
                    next.push(i..j);
                }
                i = j;
            }
            debug_assert!(first < 1 << 22, "trie offsets fit in 22 bits");
            nodes.push(mask | (first as u32) << 10);
        }
        level = next;
    }
}
