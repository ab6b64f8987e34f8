//! Slider oracles, on their own representation (a board is its text, `_`
//! the gap, rows split by `/`): every move sequence enumerated, a plain
//! breadth-first search over the texts, a board's number of positions, and
//! the small boards the tests sweep.

use std::collections::{HashMap, VecDeque};

/// The text after the move named `letter` (the tile moves that way, the gap
/// the other way), or `None` if no tile stands there.
pub fn apply(text: &str, letter: char) -> Option<String> {
    let rows: Vec<Vec<char>> = text.split('/').map(|r| r.chars().collect()).collect();
    let (gr, gc) = rows
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.iter().position(|&c| c == '_').map(|c| (r, c)))?;
    let (dr, dc): (isize, isize) = match letter {
        'L' => (0, 1),
        'R' => (0, -1),
        'U' => (1, 0),
        'D' => (-1, 0),
        _ => return None,
    };
    let (r, c) = (gr as isize + dr, gc as isize + dc);
    if r < 0 || c < 0 || r as usize >= rows.len() || c as usize >= rows[0].len() {
        return None;
    }
    let mut rows = rows;
    let tile = rows[r as usize][c as usize];
    rows[r as usize][c as usize] = '_';
    rows[gr][gc] = tile;
    Some(
        rows.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/"),
    )
}

/// The letters of the four moves, in increasing order.
pub const LETTERS: [char; 4] = ['D', 'L', 'R', 'U'];

/// Every move sequence of the least length (up to `max_len`) from `start`
/// to `target`, found by enumerating all sequences, sorted.
pub fn brute_force(start: &str, target: &str, max_len: usize) -> Option<Vec<String>> {
    let mut frontier: Vec<(String, String)> = vec![(start.to_string(), String::new())];
    for _ in 0..=max_len {
        let mut found: Vec<String> = frontier
            .iter()
            .filter(|(b, _)| b == target)
            .map(|(_, m)| m.clone())
            .collect();
        if !found.is_empty() {
            found.sort();
            return Some(found);
        }
        frontier = frontier
            .iter()
            .flat_map(|(b, moves)| {
                LETTERS
                    .into_iter()
                    .filter_map(move |l| Some((apply(b, l)?, format!("{moves}{l}"))))
            })
            .collect();
    }
    None
}

/// Breadth-first distances from `start` to every text it reaches.
pub fn distances(start: &str) -> HashMap<String, usize> {
    let mut dist = HashMap::from([(start.to_string(), 0)]);
    let mut queue = VecDeque::from([start.to_string()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        for l in LETTERS {
            if let Some(n) = apply(&b, l)
                && !dist.contains_key(&n)
            {
                dist.insert(n.clone(), d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Every shortest move sequence from `start` to `target`, sorted, given
/// the distances from each (from [`distances`]); `None` when `target` is
/// not reached.
pub fn shortest_paths(
    start: &str,
    from_start: &HashMap<String, usize>,
    target: &str,
    to_target: &HashMap<String, usize>,
) -> Option<Vec<String>> {
    // Walk forward from the start over texts one step further each time,
    // keeping only those from which the target is still at the right distance.
    let length = *from_start.get(target)?;
    let mut paths = vec![(start.to_string(), String::new())];
    for step in 1..=length {
        paths = paths
            .into_iter()
            .flat_map(|(b, moves)| {
                LETTERS.into_iter().filter_map(move |l| {
                    let n = apply(&b, l)?;
                    (from_start.get(&n) == Some(&step)
                        && to_target.get(&n) == Some(&(length - step)))
                    .then(|| (n, format!("{moves}{l}")))
                })
            })
            .collect();
    }
    let mut found: Vec<String> = paths.into_iter().map(|(_, m)| m).collect();
    found.sort();
    Some(found)
}

/// Every shortest move sequence from `start` to `target`, sorted, or `None`
/// when `target` is not reached: [`shortest_paths`] with the distances
/// from each.
pub fn paths_between(start: &str, target: &str) -> Option<Vec<String>> {
    shortest_paths(start, &distances(start), target, &distances(target))
}

/// The checksum of a move string: `c = (c · multiplier + ascii) mod modulus`.
pub fn checksum(moves: &str, multiplier: u64, modulus: u64) -> u64 {
    moves.bytes().fold(0u128, |c, a| {
        (c * u128::from(multiplier) + u128::from(a)) % u128::from(modulus)
    }) as u64
}

/// Every arrangement of the characters of `text` (a board's text) with the
/// same shape: each distinct permutation of its cells, rows re-cut.
pub fn arrangements(text: &str) -> Vec<String> {
    let cols = text.split('/').next().map_or(0, |r| r.chars().count());
    let mut pool: Vec<char> = text.chars().filter(|&c| c != '/').collect();
    pool.sort_unstable();
    let mut out = Vec::new();
    permute(&mut pool.clone(), &mut Vec::new(), &mut out);
    out.into_iter()
        .map(|cells| board_text(&cells, cols))
        .collect()
}

/// The text of a board whose cells, row by row, are `cells`, `cols` a row.
pub fn board_text(cells: &[char], cols: usize) -> String {
    cells
        .chunks(cols)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The number of positions of a board text: its cells times the distinct
/// arrangements of its tiles.
pub fn positions(text: &str) -> u64 {
    let cells = text.chars().filter(|&c| c != '/').count() as u64;
    let tiles: Vec<char> = text.chars().filter(|&c| c != '/' && c != '_').collect();
    let mut sequences = 1u64;
    let mut placed = 0u64;
    let mut colours = tiles.clone();
    colours.sort_unstable();
    colours.dedup();
    for c in colours {
        for _ in 0..tiles.iter().filter(|&&t| t == c).count() {
            placed += 1;
            sequences *= placed;
        }
        for k in 1..=tiles.iter().filter(|&&t| t == c).count() as u64 {
            sequences /= k;
        }
    }
    cells * sequences
}

/// Boards of 2 to 6 cells in several colourings (one colour, two, three,
/// all distinct), as the texts of one row: [`shapes`] gives their other
/// shapes.
pub const SEEDS: &[&str] = &[
    "_R", "_RR", "_RB", "_RRR", "_RRB", "_RBG", "_RRRR", "_RRBB", "_RBGY", "_RRRBB", "_RRBBG",
    "_RBGYW",
];

/// Every shape a seed's cells can take: each divisor as the column count.
pub fn shapes(seed: &str) -> Vec<String> {
    let cells: Vec<char> = seed.chars().collect();
    (1..=cells.len())
        .filter(|c| cells.len().is_multiple_of(*c))
        .map(|cols| board_text(&cells, cols))
        .collect()
}

/// Every distinct permutation of the sorted multiset `left`, appended to
/// `prefix`.
fn permute(left: &mut Vec<char>, prefix: &mut Vec<char>, out: &mut Vec<Vec<char>>) {
    if left.is_empty() {
        out.push(prefix.clone());
        return;
    }
    for i in 0..left.len() {
        if i > 0 && left[i] == left[i - 1] {
            continue;
        }
        let c = left.remove(i);
        prefix.push(c);
        permute(left, prefix, out);
        prefix.pop();
        left.insert(i, c);
    }
}
