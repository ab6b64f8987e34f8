//! Sliding-game benchmarks: `count_grids` at the question's limit and beyond,
//! checked against the problem's answer and sieve-sum values.

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
}
