//! `slider` against the plain oracles of `tests/common/slider.rs` (every
//! move sequence enumerated; breadth-first search over board texts), with
//! every pair of positions on tiny boards, the thresholds of the search,
//! its memory as the allocator sees it, and the boards of the problem.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::num::NonZeroU64;

use common::slider as oracle;
use primeboard::Error;
use primeboard::slider::{self, Board, Checksum, Move, Moves, Search, ShortestPaths};
use proptest::prelude::*;

/// The allocator, counting the bytes each thread holds and their peak.
struct Counting;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters are plain thread-local cells that do not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        let _ = HELD.try_with(|h| h.set(h.get().saturating_sub(layout.size())));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // Count the old and new blocks together, as a move would hold them.
            grow(new_size);
            let _ = HELD.try_with(|h| h.set(h.get().saturating_sub(layout.size())));
        }
        p
    }
}

fn grow(bytes: usize) {
    let _ = HELD.try_with(|h| {
        h.set(h.get() + bytes);
        let _ = PEAK.try_with(|p| p.set(p.get().max(h.get())));
    });
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The result of `f` and the most bytes this thread held while it ran,
/// above what it held before.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let out = f();
    (out, PEAK.with(Cell::get) - before)
}

/// What a search holds beyond its budget: the boards' colour lists, the
/// state space's few vectors, the invariant check's small map.
const BOOKKEEPING: usize = 8 << 10;

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// Checks a search's answer against the oracle's paths, for `checksum`:
/// length, count, both sums, and the paths themselves in order. An exact
/// sum of `None` is accepted when `exact_optional`.
fn check(
    got: &Option<ShortestPaths>,
    expected: &Option<Vec<String>>,
    checksum: Checksum,
    exact_optional: bool,
    what: &str,
) {
    match (got, expected) {
        (None, None) => {}
        (Some(got), Some(paths)) => {
            assert_eq!(got.path_len(), paths[0].len(), "{what}: length");
            assert_eq!(got.count(), paths.len() as u128, "{what}: count");
            let sums: Vec<u128> = paths
                .iter()
                .map(|p| {
                    u128::from(oracle::checksum(
                        p,
                        checksum.multiplier(),
                        checksum.modulus(),
                    ))
                })
                .collect();
            let sum: u128 = sums.iter().sum();
            if !(exact_optional && got.checksum_sum().is_none()) {
                assert_eq!(got.checksum_sum(), Some(sum), "{what}: exact sum");
            }
            assert_eq!(
                u128::from(got.checksum_sum_mod()),
                sum % u128::from(checksum.modulus()),
                "{what}: sum mod"
            );
            let walked: Vec<String> = got.paths().map(|p| p.to_string()).collect();
            assert_eq!(&walked, paths, "{what}: paths");
        }
        (got, expected) => panic!(
            "{what}: search says {:?}, oracle {:?}",
            got.as_ref().map(ShortestPaths::path_len),
            expected.as_ref().map(|p| p[0].len())
        ),
    }
}

#[test]
fn every_pair_of_positions_on_tiny_boards() {
    let mut hashed_answers = 0;
    for seed in oracle::SEEDS {
        for shape in oracle::shapes(seed) {
            let boards = oracle::arrangements(&shape);
            let dists: Vec<_> = boards.iter().map(|b| oracle::distances(b)).collect();
            let s = oracle::positions(&shape);
            assert_eq!(boards.len() as u64, s, "{shape}");
            // All pairs while there are at most 120 positions (every
            // 1- to 5-cell board, 6 cells with repeated colours); all
            // targets from every eleventh start beyond.
            let step = if boards.len() <= 120 { 1 } else { 11 };
            for (i, start) in boards.iter().enumerate().step_by(step) {
                for (j, target) in boards.iter().enumerate() {
                    let expected = oracle::shortest_paths(start, &dists[i], target, &dists[j]);
                    let (a, b) = (board(start), board(target));
                    let what = format!("{start} -> {target}");
                    let got = slider::shortest_paths(&a, &b).unwrap();
                    check(&got, &expected, Checksum::default(), false, &what);
                    // Just below the switch to flat tables: hashed tables,
                    // which may run out of budget but never answer wrongly.
                    match Search::new().max_bytes(4 * s - 1).shortest_paths(&a, &b) {
                        Ok(got) => {
                            check(&got, &expected, Checksum::default(), true, &what);
                            hashed_answers +=
                                u32::from(got.as_ref().is_some_and(|p| p.path_len() > 0));
                        }
                        Err(e) => assert!(matches!(e, Error::MemoryBudget { .. }), "{what}: {e}"),
                    }
                }
            }
        }
    }
    assert!(
        hashed_answers > 10_000,
        "only {hashed_answers} hashed searches answered"
    );
}

#[test]
fn every_checksum_is_honoured() {
    // `Search` used to re-code the step with 243 and ignore its checksum.
    let start = "_RB/BRG";
    let from = oracle::distances(start);
    for (multiplier, modulus) in [
        (243, 100_000_007),
        (0, 7),
        (1, 1),
        (10, 1000),
        (u64::MAX, u64::MAX),
        (3, 2),
    ] {
        let checksum = Checksum::new(multiplier, NonZeroU64::new(modulus).unwrap());
        let search = Search::new().checksum(checksum);
        for target in oracle::arrangements(start) {
            let expected =
                oracle::shortest_paths(start, &from, &target, &oracle::distances(&target));
            let got = search
                .shortest_paths(&board(start), &board(&target))
                .unwrap();
            check(
                &got,
                &expected,
                checksum,
                false,
                &format!("{start} -> {target} mod {modulus}"),
            );
            if let Some(got) = got {
                assert_eq!(got.checksum(), checksum);
            }
        }
    }
}

/// The smallest budget at which `search` answers in full (exact sum
/// included) within `lo..=hi`, found by bisection: the charges do not
/// depend on the budget while they fit, so a full answer at one budget
/// means one at every larger budget with the same kind of table.
fn least_budget(a: &Board, b: &Board, lo: u64, hi: u64) -> Option<u64> {
    let full = |m: u64| {
        matches!(Search::new().max_bytes(m).shortest_paths(a, b),
            Ok(Some(p)) if p.checksum_sum().is_some())
    };
    if !full(hi) {
        return None;
    }
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if full(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}

#[test]
fn budget_edges() {
    let pairs = [
        ("_RB/BRG", "GRB/BR_"),
        ("_RRB/RBBB/RBBR", "BBBR/RRBR/BB_R"),
        ("_RBB/RRBB/RRBB/RRBB", "RRBB/RBBB/R_RB/RRBB"),
        ("_RBB/RRBB/RRBB/RRBB", "_BRB/BRBR/RBRB/BRBR"),
        ("abcd/efgh/ijkl/mno_", "abcd/efgh/ijk_/mnol"),
    ];
    for (start, target) in pairs {
        let (a, b) = (board(start), board(target));
        let expected = if oracle::positions(start) > 1 << 20 {
            oracle::brute_force(start, target, 4)
        } else {
            oracle::paths_between(start, target)
        };
        let switch = 4 * oracle::positions(start);
        // Each side of the switch from hashed to flat tables.
        for max in [switch - 1, switch] {
            match Search::new().max_bytes(max).shortest_paths(&a, &b) {
                Ok(got) => check(&got, &expected, Checksum::default(), true, start),
                Err(e) => assert!(
                    matches!(
                        e,
                        Error::MemoryBudget { .. } | Error::AllocationFailed { .. }
                    ),
                    "{start}: {e}"
                ),
            }
        }
        // Hashed tables below the switch, flat ones from it on.
        for (lo, hi) in [(0, switch - 1), (switch, switch.max(1 << 26))] {
            let Some(least) = least_budget(&a, &b, lo, hi) else {
                continue;
            };
            let what = format!("{start} -> {target} at {least} bytes");
            let (got, held) = peak(|| Search::new().max_bytes(least).shortest_paths(&a, &b));
            check(&got.unwrap(), &expected, Checksum::default(), false, &what);
            assert!(held <= least as usize + BOOKKEEPING, "{what}: held {held}");
            if least > lo {
                match Search::new().max_bytes(least - 1).shortest_paths(&a, &b) {
                    Err(Error::MemoryBudget { max_bytes, .. }) => assert_eq!(max_bytes, least - 1),
                    Ok(got) => {
                        assert!(
                            got.as_ref().is_some_and(|p| p.checksum_sum().is_none()),
                            "{what}"
                        );
                        check(&got, &expected, Checksum::default(), true, &what);
                    }
                    Err(e) => panic!("{what}: {e}"),
                }
            }
        }
    }
}

#[test]
fn budget_bounds_the_peak() {
    // A 4x7 board with an unbounded budget used to reserve 1.12 GB and
    // peak at 1.73 GB; a budget now bounds what the search holds.
    let start = board("_RRRRRR/RRRRRRR/BBBBBBB/BBBBBBB");
    let target = board("_BRBRBR/BRBRBRB/RBRBRBR/BRBRBRB");
    let near = start
        .apply_all(&"LULURDRU".parse::<Moves>().unwrap())
        .unwrap();
    for max in [0, 1, 100, 10_000, 100_000, 1 << 20, 1 << 22, 1 << 24] {
        for b in [&target, &near] {
            let (got, held) = peak(|| Search::new().max_bytes(max).shortest_paths(&start, b));
            assert!(
                held <= max as usize + BOOKKEEPING,
                "budget {max}: held {held} ({:?})",
                got.map(|p| p.map(|p| p.path_len()))
            );
        }
    }
    let (got, _) = peak(|| {
        Search::new()
            .max_bytes(1 << 24)
            .shortest_paths(&start, &near)
    });
    assert_eq!(got.unwrap().map(|p| p.path_len()), Some(8));
}

#[test]
fn allocation_failure_is_an_error() {
    // 5·10^14 positions: flat tables under an unbounded budget, which the
    // allocator refuses (it used to abort).
    let start = board("_RRRRRRR/RRRBBBBB/BBBBBGGG/GGGGGGGG");
    let target = board("RRRRRRR_/RRRBBBBB/BBBBBGGG/GGGGGGGG");
    assert!(matches!(
        Search::new()
            .max_bytes(u64::MAX)
            .shortest_paths(&start, &target),
        Err(Error::AllocationFailed { .. })
    ));
    // The default budget searches it with hash tables.
    let paths = slider::shortest_paths(&start, &target).unwrap().unwrap();
    assert_eq!((paths.path_len(), paths.count()), (7, 1));
}

#[test]
fn errors_say_what_to_do() {
    let messages = [
        (
            Error::MemoryBudget {
                states: 100,
                max_bytes: 10,
            },
            "a search over 100 positions needs more than its memory budget of 10 bytes",
        ),
        (
            Error::AllocationFailed { bytes: 1 << 40 },
            "the system could not allocate 1099511627776 bytes; lower the search's memory budget",
        ),
        (
            Error::PathTooLong { max_len: 253 },
            "the shortest path is longer than 253 moves, the longest supported",
        ),
        (
            Error::PathCountOverflow { path_len: 250 },
            "the shortest paths of 250 moves number more than u128::MAX",
        ),
        (
            Error::InvalidMove {
                letter: 'x',
                index: 2,
            },
            "'x' at index 2 is not a move (L, R, U or D)",
        ),
    ];
    for (e, text) in messages {
        assert_eq!(e.to_string(), text);
    }
}

#[test]
fn statement_boards() {
    let start = board("_RBB/RRBB/RRBB/RRBB");
    let example = board("RRBB/RBBB/R_RB/RRBB");
    let lulur: Moves = "LULUR".parse().unwrap();
    assert_eq!(slider::checksum(&lulur), 19_761_398);
    assert_eq!(start.apply_all(&lulur).unwrap(), example);
    let paths = slider::shortest_paths(&start, &example).unwrap().unwrap();
    assert_eq!(paths.path_len(), 5);
    assert!(paths.paths().any(|p| p == lulur));
    let target = "_BRB/BRBR/RBRB/BRBR";
    let expected = oracle::paths_between("_RBB/RRBB/RRBB/RRBB", target);
    let got = slider::shortest_paths(&start, &board(target)).unwrap();
    check(&got, &expected, Checksum::default(), false, "the problem");
    // The answer to Project Euler 244, known from the problem's site.
    assert_eq!(
        slider::shortest_checksum_sum(&start, &board(target)).unwrap(),
        Some(96_356_848)
    );
}

#[test]
fn fifteen_puzzle_is_searched_with_hashing() {
    // 16! positions: too many to index, so a small ball around each end.
    let solved = "abcd/efgh/ijkl/mno_";
    let moves: Moves = "DDRULDRRUL".parse().unwrap();
    let scrambled = board(solved).apply_all(&moves).unwrap().to_string();
    let paths = slider::shortest_paths(&board(solved), &board(&scrambled)).unwrap();
    let brute = oracle::brute_force(solved, &scrambled, moves.len());
    check(&paths, &brute, Checksum::default(), false, "15-puzzle");
    // Two tiles swapped: the parity invariant answers at once.
    let swapped = board("bacd/efgh/ijkl/mno_");
    assert!(
        slider::shortest_paths(&board(solved), &swapped)
            .unwrap()
            .is_none()
    );
}

#[test]
fn brute_force_agrees_on_rank_table_edges() {
    // 32 cells (the largest boards) with one or two odd tiles: ranked
    // spaces whose ranks use the binomial table's last rows.
    for start in [
        "_RRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRB",
        "_RRRRRRRRRRRRRRR/RRRRRRRRRRRRRRBB",
    ] {
        let from = oracle::distances(start);
        // Targets within 16 moves (farther ones have millions of paths).
        let mut targets: Vec<&String> = from
            .iter()
            .filter(|(_, d)| **d <= 16)
            .map(|(t, _)| t)
            .collect();
        targets.sort();
        for target in targets.iter().step_by(targets.len() / 20) {
            let expected = oracle::shortest_paths(start, &from, target, &oracle::distances(target));
            let got = slider::shortest_paths(&board(start), &board(target)).unwrap();
            check(
                &got,
                &expected,
                Checksum::default(),
                false,
                &format!("{start} -> {target}"),
            );
        }
    }
}

#[test]
fn start_is_target() {
    let b = board("_RBB/RRBB/RRBB/RRBB");
    let paths = slider::shortest_paths(&b, &b).unwrap().unwrap();
    assert_eq!(
        (paths.path_len(), paths.count(), paths.checksum_sum()),
        (0, 1, Some(0))
    );
    assert_eq!(paths.paths().collect::<Vec<_>>(), vec![Moves::default()]);
}

#[test]
fn unreachable_cases() {
    let unreachable = |a: &str, b: &str| {
        let (a, b) = (board(a), board(b));
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
fn bad_boards() {
    let parse = |s: &str| s.parse::<Board>();
    assert_eq!(parse(""), Err(Error::EmptyBoard));
    assert_eq!(parse("\n"), Err(Error::EmptyBoard));
    // An empty row after the first used to be `RaggedRows`.
    for text in ["_R//RB", "_R/", "_R/RB/", "/_R", "_R\n\nRB", "_R/RB\n\n"] {
        assert_eq!(parse(text), Err(Error::EmptyBoard), "{text:?}");
    }
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
        parse("_R/\tB"),
        Err(Error::InvalidTile {
            tile: '\t',
            row: 1,
            col: 0
        })
    );
    assert_eq!(
        parse("_"),
        Err(Error::BoardSize {
            cells: 1,
            colours: 1 - 1
        })
    );
    assert_eq!(
        parse(&format!("_{}", "R".repeat(31))).map(|b| b.cols()),
        Ok(32)
    );
    assert_eq!(
        parse(&format!("_{}", "R".repeat(32))),
        Err(Error::BoardSize {
            cells: 33,
            colours: 0
        })
    );
    assert_eq!(
        parse(&format!("_R{}", "/RR".repeat(15))).map(|b| b.rows()),
        Ok(16)
    );
    assert_eq!(
        parse(&format!("_R{}", "/RR".repeat(16))),
        Err(Error::BoardSize {
            cells: 34,
            colours: 0
        })
    );
    assert!(matches!(
        parse("_abcdefghijklmnop"),
        Err(Error::BoardSize { colours: 16, .. })
    ));
    assert_eq!(parse("_abcdefghijklmno").map(|b| b.colours().len()), Ok(15));
    assert_eq!(parse("_R\nRB"), parse("_R/RB"));
    assert_eq!(parse("_R\r\nRB\r\n"), parse("_R/RB"));
    let (a, b) = (board("_R/RB"), board("_RR"));
    assert!(matches!(
        slider::shortest_paths(&a, &b),
        Err(Error::ShapeMismatch { .. })
    ));
    assert_eq!(
        a.apply(Move::Down),
        Err(Error::IllegalMove {
            letter: 'D',
            row: 0,
            col: 0
        })
    );
    assert_eq!(
        "LQ".parse::<Moves>(),
        Err(Error::InvalidMove {
            letter: 'Q',
            index: 1
        })
    );
}

#[test]
fn invisible_characters_are_not_tiles() {
    // Invisible and non-printable characters used to be taken as tiles.
    for ch in [
        '\u{200B}', '\u{FEFF}', '\u{AD}', '\u{301}', '\u{E000}', '\u{7F}', '\u{A0}', 'é',
    ] {
        assert_eq!(
            format!("_R/R{ch}").parse::<Board>(),
            Err(Error::InvalidTile {
                tile: ch,
                row: 1,
                col: 1
            }),
            "U+{:04X}",
            u32::from(ch)
        );
    }
    // Every character: a tile exactly when it is printable ASCII.
    for ch in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
        let parsed = format!("_{ch}").parse::<Board>();
        match ch {
            '_' => assert_eq!(parsed, Err(Error::GapCount { got: 2 })),
            // An empty second row; a line ending, which leaves one cell.
            '/' => assert_eq!(parsed, Err(Error::EmptyBoard)),
            '\n' | '\r' => assert_eq!(
                parsed,
                Err(Error::BoardSize {
                    cells: 1,
                    colours: 0
                })
            ),
            '!'..='~' => assert_eq!(parsed.map(|b| b.tile(0, 1)), Ok(Some(ch))),
            _ => assert_eq!(
                parsed,
                Err(Error::InvalidTile {
                    tile: ch,
                    row: 0,
                    col: 1
                })
            ),
        }
    }
}

#[test]
fn oversized_text_costs_no_memory() {
    // 100 MB of `/` used to be split into a vector of rows first (1.7 GB).
    let slashes = "/".repeat(10 << 20);
    let (got, held) = peak(|| slashes.parse::<Board>());
    assert_eq!(got, Err(Error::EmptyBoard));
    assert!(held < 4096, "held {held}");
    for text in [
        "R/".repeat(5 << 20),
        "R".repeat(10 << 20),
        format!("_R{}", "/RR".repeat(3 << 20)),
    ] {
        let (got, held) = peak(|| text.parse::<Board>());
        assert!(
            matches!(got, Err(Error::BoardSize { colours: 0, .. })),
            "{:?}",
            got
        );
        assert!(held < 4096, "held {held}");
    }
}

#[test]
fn paths_iterator_is_exact_and_fused() {
    let (a, b) = (board("_RB/RBB"), board("BRB/RB_"));
    let paths = slider::shortest_paths(&a, &b).unwrap().unwrap();
    let mut it = paths.paths();
    let total = paths.count() as usize;
    for left in (0..total).rev() {
        assert!(it.next().is_some());
        assert_eq!(it.size_hint(), (left, Some(left)));
    }
    assert_eq!((it.next(), it.next()), (None, None));
    let _ = it.clone();
    let _ = format!("{it:?}");
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Board>();
    check::<ShortestPaths>();
    check::<slider::Paths<'_>>();
    check::<Search>();
    check::<Checksum>();
    check::<Move>();
    check::<Moves>();
    fn fused<T: std::iter::FusedIterator + Clone + std::fmt::Debug>() {}
    fused::<slider::Paths<'_>>();
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
    fn moves_round_trip(letters in "[LRUD]{0,40}") {
        let moves: Moves = letters.parse().unwrap();
        prop_assert_eq!(moves.len(), letters.len());
        prop_assert_eq!(moves.to_string(), letters);
    }

    #[test]
    fn any_text_parses_or_errs(text in "\\PC{0,40}|[_RB/\n]{0,40}") {
        if let Ok(board) = text.parse::<Board>() {
            prop_assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        }
        let _ = text.parse::<Moves>();
    }

    #[test]
    fn random_walks_bound_the_shortest_length(moves in proptest::collection::vec(0usize..4, 0..30)) {
        let start = board("_RB/BRG/GBR");
        let mut b = start.clone();
        let mut walked = 0;
        for m in moves {
            if let Ok(next) = b.apply(Move::ALL[m]) {
                b = next;
                walked += 1;
            }
        }
        let paths = slider::shortest_paths(&start, &b).unwrap().unwrap();
        prop_assert!(paths.path_len() <= walked);
        prop_assert_eq!(paths.path_len() % 2, walked % 2);
    }
}
