//! Sliding-game benchmarks: `count_grids` at the question's limit and beyond,
//! up to the largest limit whose count fits in `u128`, checked against the
//! problem's answer and values found by two methods.

mod common;

use primeboard::sliding_game::count_grids;

fn main() {
    let bench = common::Bench::from_args();
    bench.case("count_grids(1e6)", Ok(2_057_774_861_813_004), || {
        count_grids(1_000_000)
    });
    bench.case(
        "count_grids(1e12)",
        Ok(1_017_742_330_514_805_145_619_676_589_830_416),
        || count_grids(1_000_000_000_000),
    );
    // The largest limit whose count fits in u128 (established with Lucy's
    // method, which the engine replaced, and checked by the ignored test
    // count_grids_overflow_boundary).
    bench.case(
        "count_grids(72 866 938 968 493)",
        Ok(340_282_366_920_685_935_355_838_830_508_243_837_014),
        || count_grids(72_866_938_968_493),
    );
}
