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
//!
//! Each node also knows the digits its primes have at every later position
//! of the line (its lookahead word): once a digit is placed, each later
//! cell of its lines is checked against all its lines at once, and a cell
//! with no digit left ends the branch before the cells between.
//!
//! The search keeps every line's node after each of its filled positions,
//! so backing up needs no undoing: a cell reads its lines' nodes at the
//! levels it sits at, which only earlier cells of the fill have written.
//! When a line has two cells left, its digit sum gives the digit of the
//! last one from the digit placed: that step reads no trie node.

use std::ops::{ControlFlow, Range};

use super::MAX_SIZE;
use super::square::Square;

/// The search's line slots: the lines of the largest square, and one for
/// padding, whose node is always one of the "any digit" nodes; a power of
/// two.
const SLOTS: usize = (2 * MAX_SIZE + 3).next_power_of_two();

/// The levels kept per line slot: a line's node after `0..=N` of its
/// positions are filled; a power of two.
const LEVELS: usize = (MAX_SIZE + 1).next_power_of_two();

/// The number of line nodes a partial fill keeps, `SLOTS · LEVELS`: a
/// power of two, so that an index masked by `STATES - 1` needs no bounds
/// check.
const STATES: usize = SLOTS * LEVELS;

/// Where padding links read and write: a level of the padding slot, whose
/// node stays among the "any digit" nodes.
const PAD: u16 = ((SLOTS - 1) * LEVELS) as u16;

/// The most cells of a square.
const CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A node that allows every digit, with its children at nodes 0 to 9:
/// nodes 0 to 9 are all such nodes, so padding stays among them.
const ANY: u32 = 0x3FF;

/// How many positions of a line, from a node's own, a lookahead word holds:
/// 10 bits each.
const AHEAD: usize = 6;

/// The lookahead word of a node that allows every digit everywhere.
const ALL_AHEAD: u64 = (1 << (10 * AHEAD)) - 1;

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

/// The line nodes of a partial fill, by line slot, then by the number of
/// the line's positions filled: copies of the nodes, so that a cell reads
/// its lines' masks without going through the tries.
#[derive(Clone, Copy, Debug)]
pub(super) struct States {
    /// The lookahead word of each node.
    ahead: [u64; STATES],
    /// Where each node's first child is in [`Tables::nodes`].
    first: [u32; STATES],
}

/// A trie node.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The digits the node's primes have at its position and the next
    /// ones: 10 bits a position, up to [`AHEAD`] positions, the node's own
    /// first (its digit mask).
    ahead: u64,
    /// Where the node's first child is in [`Tables::nodes`]: its children
    /// follow in increasing order of their digits. Nodes of the last level
    /// point to the [`ANY`] nodes.
    first: u32,
}

impl Node {
    /// A node that allows every digit everywhere, with its children among
    /// the first 10 nodes.
    const ANY: Node = Node {
        ahead: ALL_AHEAD,
        first: 0,
    };
}

/// The masks that drive the search, for one fill order of the cells.
#[derive(Clone, Debug, Default)]
pub(super) struct Tables {
    /// What the search does at each depth.
    steps: Vec<Step>,
    /// The cells, in the order the search fills them.
    cells: Vec<usize>,
    /// The later cells on three or four lines to check, depth after depth.
    probes: Vec<Probe>,
    /// The later cells on two lines to check, depth after depth.
    twos: Vec<TwoProbe>,
    /// All tries, one after another, after 10 [`Node::ANY`] nodes.
    nodes: Vec<Node>,
    /// The root node of each line.
    roots: Vec<Node>,
}

/// What the search does at one depth.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// The lines through the cell: first the `loads` whose next node is
    /// read from the trie, up to `updates` those left with one cell after
    /// this one, up to `count` those this cell completes, then padding.
    links: [Link; 4],
    /// How many lines take their next node from the trie.
    loads: u8,
    /// How many lines need a next node.
    updates: u8,
    /// How many lines go through the cell.
    count: u8,
    /// The later cells on two lines to check once a digit is placed: a
    /// range of [`Tables::twos`].
    twos: (u32, u32),
    /// The later cells on more lines to check once a digit is placed: a
    /// range of [`Tables::probes`].
    probes: (u32, u32),
}

/// A line through a cell, as the search sees it at the cell's depth.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// Where the line's node is in [`States`] before the cell is filled.
    read: u16,
    /// Where the line's node goes in [`States`] once the cell is filled.
    write: u16,
}

impl Link {
    /// Padding: its node stays an [`ANY`] node.
    const NONE: Link = Link {
        read: PAD,
        write: PAD,
    };
}

/// A later cell to check after a depth is filled: the digits its lines
/// still allow there must not be empty. Lines whose lookahead words do not
/// reach the cell are left out.
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// Where the nodes of the cell's lines are in [`States`], padded with
    /// [`PAD`].
    reads: [u16; 4],
    /// Where the cell's position is in each node's lookahead word.
    shifts: [u8; 4],
}

/// A [`Probe`] of a cell on two lines.
#[derive(Clone, Copy, Debug)]
struct TwoProbe {
    /// Where the nodes of the cell's lines are in [`States`].
    reads: [u16; 2],
    /// Where the cell's position is in each node's lookahead word.
    shifts: [u8; 2],
}

/// A partial fill the search can resume from: the digits of the first
/// `depth` cells of the fill order and the lines' nodes after them.
#[derive(Clone, Debug)]
pub(super) struct Prefix {
    depth: usize,
    placed: [u8; CELLS],
    states: States,
}

impl Tables {
    /// The tables for filling the cells of a square in the order `cells`,
    /// where `lines` are the cells of each line, over the primes whose
    /// digits (`N` a prime) are `digits`.
    pub(super) fn new(lines: &[Vec<usize>], cells: &[usize], digits: &[u8]) -> Tables {
        let size = cells.len().isqrt();
        let mut depth_of_cell = vec![0; size * size];
        cells
            .iter()
            .enumerate()
            .for_each(|(i, &cell)| depth_of_cell[cell] = i);
        // The order in which each line's positions are filled; lines with
        // the same order share their trie.
        let line_orders: Vec<Vec<usize>> = lines
            .iter()
            .map(|members| {
                let mut order: Vec<usize> = (0..size).collect();
                order.sort_by_key(|&k| depth_of_cell[members[k]]);
                order
            })
            .collect();
        let mut orders: Vec<&Vec<usize>> = line_orders.iter().collect();
        orders.sort_unstable();
        orders.dedup();
        let mut nodes = vec![Node::ANY; 10];
        let tries: Vec<Node> = orders
            .iter()
            .map(|order| {
                let start = nodes.len();
                build_trie(&mut nodes, order, digits, size);
                nodes[start]
            })
            .collect();
        // Where line `line`'s node is once `level` of its positions are filled.
        let node_at = |line: usize, level: usize| (line * LEVELS + level) as u16;
        let mut links = vec![[Link::NONE; 4]; size * size];
        let mut used = vec![0; size * size];
        let mut roots = Vec::with_capacity(lines.len());
        for (line, (members, order)) in lines.iter().zip(&line_orders).enumerate() {
            roots.push(tries[orders.partition_point(|x| *x < order)]);
            for (level, &k) in order.iter().enumerate() {
                let depth = depth_of_cell[members[k]];
                links[depth][used[depth]] = Link {
                    read: node_at(line, level),
                    write: node_at(line, level + 1),
                };
                used[depth] += 1;
            }
        }
        // The lines through the cell at each depth.
        let through: Vec<Vec<usize>> = cells
            .iter()
            .map(|&cell| {
                (0..lines.len())
                    .filter(|&l| lines[l].contains(&cell))
                    .collect()
            })
            .collect();
        // The number of positions of `line` filled before `depth`.
        let level = |line: usize, depth: usize| {
            lines[line]
                .iter()
                .filter(|&&c| depth_of_cell[c] < depth)
                .count()
        };
        let mut twos = Vec::new();
        let mut probes = Vec::new();
        let mut ranges = Vec::with_capacity(size * size);
        for d in 0..size * size {
            let starts = (twos.len() as u32, probes.len() as u32);
            // The next cell is checked by its own candidates.
            for k in d + 2..size * size {
                if !through[k].iter().any(|l| through[d].contains(l)) {
                    continue;
                }
                let mut probe = Probe {
                    reads: [PAD; 4],
                    shifts: [0; 4],
                };
                let mut used = 0;
                for &l in &through[k] {
                    let now = level(l, d + 1);
                    let gap = level(l, k) - now;
                    if gap < AHEAD {
                        probe.reads[used] = node_at(l, now);
                        probe.shifts[used] = (10 * gap) as u8;
                        used += 1;
                    }
                }
                match used {
                    0 => {}
                    1 | 2 => twos.push(TwoProbe {
                        reads: [probe.reads[0], probe.reads[1]],
                        shifts: [probe.shifts[0], probe.shifts[1]],
                    }),
                    _ => probes.push(probe),
                }
            }
            ranges.push((
                (starts.0, twos.len() as u32),
                (starts.1, probes.len() as u32),
            ));
        }
        let steps = (0..size * size)
            .map(|d| {
                // The lines whose next node comes from the trie, then those
                // left with one cell (the digit sum gives its digit), then
                // those completed here, then padding.
                let kind = |link: &Link| match usize::from(link.write) % LEVELS {
                    _ if link.read == PAD => 3,
                    level if level + 1 < size => 0,
                    level if level + 1 == size => 1,
                    _ => 2,
                };
                let mut links = links[d];
                links.sort_by_key(kind);
                let count = |k| links.iter().filter(|link| kind(link) < k).count() as u8;
                Step {
                    links,
                    loads: count(1),
                    updates: count(2),
                    count: count(3),
                    twos: ranges[d].0,
                    probes: ranges[d].1,
                }
            })
            .collect();
        Tables {
            steps,
            cells: cells.to_vec(),
            probes,
            twos,
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
        let mut states = States {
            ahead: [ALL_AHEAD; STATES],
            first: [0; STATES],
        };
        for (line, root) in self.roots.iter().enumerate() {
            states.ahead[line * LEVELS] = root.ahead;
            states.first[line * LEVELS] = root.first;
        }
        Prefix {
            depth: 0,
            placed: [0; CELLS],
            states,
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
    fn prefixes(&self, allowed: &[u16], depth: usize) -> Vec<Prefix> {
        let mut prefix = self.root();
        let mut found = Vec::new();
        let _ = self.descend(0, depth, allowed, &mut prefix, &mut |placed, states| {
            let mut copy = Prefix {
                depth,
                placed: [0; CELLS],
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
    pub(super) fn split(&self, allowed: &[u16], wanted: usize) -> Vec<Prefix> {
        (1..self.len())
            .map(|depth| self.prefixes(allowed, depth))
            .find(|prefixes| prefixes.len() >= wanted)
            .unwrap_or_else(|| self.prefixes(allowed, self.len()))
    }

    /// Fills the cells from `from` (where `prefix` stands) to `stop`, in
    /// increasing order of the digits by depth, and calls `visit` with the
    /// digits and the line nodes of each fill, until it breaks; `prefix`
    /// is left in an unspecified state.
    fn descend(
        &self,
        from: usize,
        stop: usize,
        allowed: &[u16],
        prefix: &mut Prefix,
        visit: &mut impl FnMut(&[u8], &States) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Prefix { placed, states, .. } = prefix;
        if from == stop {
            return visit(&placed[..from], states);
        }
        // The digits left to try at each depth.
        let mut untried = [0; CELLS];
        let mut depth = from;
        untried[depth] = self.candidates(depth, allowed, states);
        loop {
            let m = untried[depth];
            if m == 0 {
                if depth == from {
                    return ControlFlow::Continue(());
                }
                depth -= 1;
                continue;
            }
            untried[depth] = m & (m - 1);
            let d = m.trailing_zeros();
            placed[depth] = d as u8;
            let below = (1 << d) - 1;
            let step = &self.steps[depth];
            let (loads, updates) = (usize::from(step.loads), usize::from(step.updates));
            for link in &step.links[..loads] {
                let read = usize::from(link.read) & (STATES - 1);
                let rank = RANK[(states.ahead[read] & below) as usize & ANY as usize];
                let child = self.nodes[(states.first[read] + u32::from(rank)) as usize];
                let write = usize::from(link.write) & (STATES - 1);
                states.ahead[write] = child.ahead;
                states.first[write] = child.first;
            }
            for link in &step.links[loads..updates] {
                // Two cells were left: their digits sum to the smallest
                // digit of the first plus the largest of the second.
                let word = states.ahead[usize::from(link.read) & (STATES - 1)];
                let rest = (word as u32 & ANY).trailing_zeros() + 31
                    - ((word >> 10) as u32 & ANY).leading_zeros();
                let write = usize::from(link.write) & (STATES - 1);
                states.ahead[write] = 1 << (rest - d);
                states.first[write] = 0;
            }
            let (twos, probes) = (step.twos, step.probes);
            if self.twos[twos.0 as usize..twos.1 as usize]
                .iter()
                .any(|probe| Tables::dead_two(probe, states))
                || self.probes[probes.0 as usize..probes.1 as usize]
                    .iter()
                    .any(|probe| Tables::dead(probe, states))
            {
                continue;
            }
            if depth + 1 == stop {
                visit(&placed[..stop], states)?;
                continue;
            }
            depth += 1;
            untried[depth] = self.candidates(depth, allowed, states);
        }
    }

    /// The digits the cell at `depth` may take when the line nodes are `states`.
    #[inline(always)]
    fn candidates(&self, depth: usize, allowed: &[u16], states: &States) -> u32 {
        let step = &self.steps[depth];
        step.links[..usize::from(step.count)]
            .iter()
            .fold(u64::from(allowed[depth]), |m, link| {
                m & states.ahead[usize::from(link.read) & (STATES - 1)]
            }) as u32
            & ANY
    }

    /// Whether a later cell on two lines has no digit left when the line
    /// nodes are `states`.
    fn dead_two(probe: &TwoProbe, states: &States) -> bool {
        let [a, b] = probe
            .reads
            .map(|read| states.ahead[usize::from(read) & (STATES - 1)]);
        a >> probe.shifts[0] & b >> probe.shifts[1] & u64::from(ANY) == 0
    }

    /// Whether a later cell has no digit left when the line nodes are `states`.
    fn dead(probe: &Probe, states: &States) -> bool {
        probe
            .reads
            .iter()
            .zip(probe.shifts)
            .fold(ALL_AHEAD, |m, (&read, shift)| {
                m & states.ahead[usize::from(read) & (STATES - 1)] >> shift
            })
            & u64::from(ANY)
            == 0
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
fn build_trie(nodes: &mut Vec<Node>, order: &[usize], digits: &[u8], size: usize) {
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
    // The primes of each node of the current level, as ranges of `keys`.
    let mut level: Vec<Range<usize>> = std::iter::once(0..keys.len()).collect();
    for t in 0..size {
        let shift = 4 * (size - 1 - t);
        let digit = |key: &u32| key >> shift & 0xF;
        let mut next = Vec::new();
        let next_start = nodes.len() + level.len();
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
            let mut word = 0;
            for key in &keys[range] {
                for (j, k) in (t..size.min(t + AHEAD)).enumerate() {
                    word |= 1 << (10 * j as u32 + (key >> (4 * (size - 1 - k)) & 0xF));
                }
            }
            debug_assert_eq!(word & u64::from(ANY), mask);
            nodes.push(Node {
                ahead: word,
                first: if t + 1 < size { first as u32 } else { 0 },
            });
        }
        level = next;
    }
}
