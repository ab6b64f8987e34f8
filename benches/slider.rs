//! Slider benchmarks: the Project Euler 244 instance, and a 5x5 board with
//! 12 red and 12 blue tiles (67 603 900 positions), each checked against an
//! answer found another way.

mod common;

use primeboard::slider::{self, Board};

fn board(text: &str) -> Board {
    text.parse().expect("a valid board")
}

fn main() {
    let bench = common::Bench::from_args();
    let start = board("_RBB/RRBB/RRBB/RRBB");
    let target = board("_BRB/BRBR/RBRB/BRBR");
    // The expected sum: each shortest path walked and its checksum added,
    // rather than the search's tally.
    let walked: u128 = slider::shortest_paths(&start, &target)
        .expect("a search within the default budget")
        .expect("reachable")
        .paths()
        .map(|p| u128::from(slider::checksum(&p)))
        .sum();
    bench.case(
        "Project Euler 244 (4x4, 102 960 positions)",
        Ok(Some(walked)),
        || slider::shortest_checksum_sum(&start, &target),
    );
    let start = board("_RRRR/RRRRR/RRRBB/BBBBB/BBBBB");
    let target = board("_BRBR/BRBRB/RBRBR/BRBRB/RBRBR");
    bench.case(
        "5x5, 12 red and 12 blue: length",
        Ok(Some(FIVE_BY_FIVE_LENGTH)),
        || slider::shortest_paths(&start, &target).map(|p| p.map(|p| p.path_len())),
    );
}

/// The distance between the two 5x5 boards, as a plain one-ended
/// breadth-first search over ranked positions (the baseline) finds it.
const FIVE_BY_FIVE_LENGTH: usize = 58;
