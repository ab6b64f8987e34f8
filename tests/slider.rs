//! `slider` against brute-force enumeration of move sequences, and the
//! boards of the problem statement.

use primeboard::Error;
use primeboard::slider::{self, Board, Checksum, Move, Search};
use proptest::prelude::*;

/// The oracle: every legal move sequence of the least length that reaches
/// `target` (up to `max_len`), found by enumerating all sequences.
fn brute_force(start: &Board, target: &Board, max_len: usize) -> Option<Vec<Vec<Move>>> {
    let mut frontier: Vec<(Board, Vec<Move>)> = vec![(start.clone(), Vec::new())];
    for _ in 0..=max_len {
        let found: Vec<Vec<Move>> = frontier
            .iter()
            .filter(|(b, _)| b == target)
            .map(|(_, m)| m.clone())
            .collect();
        if !found.is_empty() {
            return Some(found);
        }
        frontier = frontier
            .iter()
            .flat_map(|(b, moves)| {
                Move::ALL.into_iter().filter_map(move |m| {
                    let next = b.apply(m).ok()?;
                    let mut path = moves.clone();
                    path.push(m);
                    Some((next, path))
                })
            })
            .collect();
    }
    None
}

/// Every arrangement of the tiles of `board` with the gap anywhere.
fn arrangements(board: &Board) -> Vec<Board> {
    let text = board.to_string();
    let cells: Vec<char> = text.chars().filter(|&c| c != '/').collect();
    let mut perms: Vec<Vec<char>> = vec![Vec::new()];
    let mut pool = cells.clone();
    pool.sort_unstable();
    for _ in 0..cells.len() {
        perms = perms
            .into_iter()
            .flat_map(|p| {
                let mut left = pool.clone();
                for c in &p {
                    let i = left.iter().position(|x| x == c).unwrap();
                    left.remove(i);
                }
                left.dedup();
                left.into_iter().map(move |c| {
                    let mut q = p.clone();
                    q.push(c);
                    q
                })
            })
            .collect();
    }
    perms
        .into_iter()
        .map(|p| {
            let rows: Vec<String> = p.chunks(board.cols()).map(|r| r.iter().collect()).collect();
            rows.join("/").parse().unwrap()
        })
        .collect()
}

#[test]
fn statement_boards() {
    let start: Board = "_RBB/RRBB/RRBB/RRBB".parse().unwrap();
    let example: Board = "RRBB/RBBB/R_RB/RRBB".parse().unwrap();
    let lulur = slider::parse_moves("LULUR").unwrap();
    assert_eq!(slider::checksum(&lulur), 19_761_398);
    assert_eq!(start.apply_all(&lulur).unwrap(), example);
    let paths = slider::shortest_paths(&start, &example).unwrap().unwrap();
    assert_eq!(paths.length(), 5);
    assert!(paths.paths().any(|p| p == lulur));
    let target: Board = "_BRB/BRBR/RBRB/BRBR".parse().unwrap();
    let shortest = slider::shortest_paths(&start, &target).unwrap().unwrap();
    check_consistent(&start, &target, &shortest);
}

/// The path iterator agrees with the counts and sums, and every path is a
/// legal shortest path.
fn check_consistent(start: &Board, target: &Board, paths: &slider::ShortestPaths) {
    let all: Vec<Vec<Move>> = paths.paths().collect();
    assert_eq!(all.len() as u128, paths.count(), "{start} -> {target}");
    assert!(all.windows(2).all(|w| {
        w[0].iter()
            .map(|m| m.letter())
            .lt(w[1].iter().map(|m| m.letter()))
    }));
    let sums: Vec<u128> = all
        .iter()
        .map(|p| u128::from(slider::checksum(p)))
        .collect();
    assert_eq!(paths.checksum_sum(), Some(sums.iter().sum()));
    assert_eq!(
        u128::from(paths.checksum_sum_mod()),
        sums.iter().sum::<u128>() % 100_000_007
    );
    for p in &all {
        assert_eq!(p.len(), paths.length());
        assert_eq!(&start.apply_all(p).unwrap(), target);
    }
}

#[test]
fn brute_force_agrees_on_tiny_boards() {
    for seed in [
        "_R/RB", "_RB/RBB", "_R/BR/GR", "_RGB", "R_RB", "_RB/BGR", "_RR/BBG", "_ab/cde",
    ] {
        let seed: Board = seed.parse().unwrap();
        let boards = arrangements(&seed);
        let max_len = if boards.len() <= 12 { 14 } else { 10 };
        let step = boards.len() / 12 + 1;
        for start in boards.iter().step_by(step) {
            for target in boards.iter().skip(1).step_by(step) {
                let fast = slider::shortest_paths(start, target).unwrap();
                match (fast, brute_force(start, target, max_len)) {
                    (None, None) => {}
                    (Some(fast), Some(mut slow)) => {
                        slow.sort_by_key(|p| p.iter().map(|m| m.letter()).collect::<String>());
                        assert_eq!(
                            fast.paths().collect::<Vec<_>>(),
                            slow,
                            "{start} -> {target}"
                        );
                        check_consistent(start, target, &fast);
                    }
                    (Some(fast), None) => assert!(
                        fast.length() > max_len,
                        "{start} -> {target}: brute force found nothing"
                    ),
                    (None, Some(_)) => panic!("{start} -> {target}: search says unreachable"),
                }
            }
        }
    }
}

#[test]
fn unreachable_cases() {
    let unreachable = |a: &str, b: &str| {
        let (a, b) = (a.parse::<Board>().unwrap(), b.parse::<Board>().unwrap());
        let none = slider::shortest_paths(&a, &b).unwrap().is_none();
        none && slider::shortest_checksum_sum(&a, &b).unwrap().is_none()
    };
    assert!(unreachable("_R/RB", "_B/BR"), "different colour counts");
    assert!(
        unreachable("_RB", "_BR"),
        "one row: the tiles' order never changes"
    );
    assert!(unreachable("_a/bc", "_b/ac"), "2x2: the tiles only rotate");
    assert!(
        unreachable("_ab/cde", "_ba/cde"),
        "distinct tiles: parity with the gap"
    );
    assert!(!unreachable("_ab/cde", "a_b/cde"));
}

#[test]
fn fifteen_puzzle_is_searched_with_hashing() {
    // 16! positions: too many to index, so a small ball around each end.
    let solved: Board = "abcd/efgh/ijkl/mno_".parse().unwrap();
    let moves = slider::parse_moves("DDRULDRRUL").unwrap();
    let scrambled = solved.apply_all(&moves).unwrap();
    let paths = slider::shortest_paths(&solved, &scrambled)
        .unwrap()
        .unwrap();
    assert!(paths.length() <= moves.len() && paths.length() % 2 == 0);
    check_consistent(&solved, &scrambled, &paths);
    let brute = brute_force(&solved, &scrambled, paths.length()).unwrap();
    assert_eq!(brute.len() as u128, paths.count());
    // Two tiles swapped: the parity invariant answers at once.
    let swapped: Board = "bacd/efgh/ijkl/mno_".parse().unwrap();
    assert!(slider::shortest_paths(&solved, &swapped).unwrap().is_none());
}

#[test]
fn start_is_target() {
    let board: Board = "_RBB/RRBB/RRBB/RRBB".parse().unwrap();
    let paths = slider::shortest_paths(&board, &board).unwrap().unwrap();
    assert_eq!(
        (paths.length(), paths.count(), paths.checksum_sum()),
        (0, 1, Some(0))
    );
    assert_eq!(paths.paths().collect::<Vec<_>>(), vec![Vec::<Move>::new()]);
}

#[test]
fn bad_input() {
    let parse = |s: &str| s.parse::<Board>();
    assert_eq!(parse(""), Err(Error::EmptyBoard));
    assert_eq!(
        parse("_R/RBB"),
        Err(Error::RaggedRows {
            row: 1,
            expected: 2,
            got: 3
        })
    );
    assert_eq!(parse("RR/BB"), Err(Error::GapCount { got: 0 }));
    assert_eq!(parse("__/BB"), Err(Error::GapCount { got: 2 }));
    assert_eq!(
        parse("_ /BB"),
        Err(Error::InvalidTile {
            tile: ' ',
            row: 0,
            col: 1
        })
    );
    assert_eq!(
        parse("_\t/BB"),
        Err(Error::InvalidTile {
            tile: '\t',
            row: 0,
            col: 1
        })
    );
    assert!(matches!(parse("_"), Err(Error::BoardSize { .. })));
    assert!(matches!(
        parse(&format!("_{}", "R".repeat(40))),
        Err(Error::BoardSize { .. })
    ));
    assert!(matches!(
        parse("_abcdefghijklmnop"),
        Err(Error::BoardSize { .. })
    ));
    assert_eq!(parse("_R\nRB"), parse("_R/RB"));
    assert_eq!(parse("_R/RB\n"), parse("_R/RB"));
    let a = parse("_R/RB").unwrap();
    let b = parse("_RR").unwrap();
    assert!(matches!(
        slider::shortest_paths(&a, &b),
        Err(Error::ShapeMismatch { .. })
    ));
    assert!(matches!(
        a.apply(Move::Down),
        Err(Error::IllegalMove {
            letter: 'D',
            row: 0,
            col: 0
        })
    ));
    assert!(matches!(
        slider::parse_moves("LQ"),
        Err(Error::InvalidMove { letter: 'Q' })
    ));
    let big: Board = "_RRRRR/RRRRRR/RRRBBB/BBBBBB/BBBBBB".parse().unwrap();
    let far: Board = "RRRRRB/RRRRRR/RRRBBB/BBBBBB/BBBBB_".parse().unwrap();
    assert!(matches!(
        Search::new().max_states(1000).shortest_paths(&big, &far),
        Err(Error::SearchTooLarge { .. })
    ));
    assert_eq!(Checksum::new(243, 0).modulus(), 1);
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Board>();
    check::<slider::ShortestPaths>();
    check::<Search>();
}

proptest! {
    #[test]
    fn parse_print_round_trip(cells in proptest::collection::vec(prop::sample::select(vec!['R', 'B', 'G', '#']), 1..12), cols in 1usize..5, gap in any::<prop::sample::Index>()) {
        let mut cells = cells;
        cells.truncate(cells.len() / cols * cols);
        prop_assume!(cells.len() >= 2);
        let g = gap.index(cells.len());
        cells[g] = '_';
        let rows: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
        let text = rows.join("/");
        let board: Board = text.parse().unwrap();
        prop_assert_eq!(board.to_string(), text);
    }

    #[test]
    fn any_text_parses_or_errs(text in ".{0,40}") {
        let _ = text.parse::<Board>();
    }

    #[test]
    fn random_walks_bound_the_shortest_length(moves in proptest::collection::vec(0usize..4, 0..30)) {
        let start: Board = "_RB/BRG/GBR".parse().unwrap();
        let mut board = start.clone();
        let mut walked = 0;
        for m in moves {
            if let Ok(next) = board.apply(Move::ALL[m]) {
                board = next;
                walked += 1;
            }
        }
        let paths = slider::shortest_paths(&start, &board).unwrap().unwrap();
        prop_assert!(paths.length() <= walked);
        prop_assert_eq!(paths.length() % 2, walked % 2);
    }
}
