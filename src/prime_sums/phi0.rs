//! `Φ0`, the ordinary leaves of `φ(x, a)`: `Σ μ(n) f(n) φ(x/n, k)` over
//! the squarefree `n <= z` free of the first `k` primes and of primes
//! above `y`, `k = 4` (or `a`, when `y < 7`), each `φ(x/n, k)` in closed
//! form ([`Weight::phi_small`]). The special leaves start at `p_{k+1}`.

use super::tables::{SMALL_PRIMES, Tables, coprime_number};
use super::weight::Weight;
use crate::arith::Value;

/// The ordinary leaves' sum.
#[inline(always)]
pub(super) fn phi0<W: Weight>(x: u64, tables: &Tables<W>) -> W::V {
    let w = &tables.weight;
    let k = SMALL_PRIMES.min(tables.a());
    // [μ(n) = 1, μ(n) = -1]
    let mut sums = [W::V::default(); 2];
    // The `n` are the factor table's numbers with a code: prime to 210.
    for (i, &code) in tables.factors.iter().enumerate() {
        if code != 0 {
            let n = coprime_number(i);
            let s = usize::from(code < 0);
            sums[s] = sums[s].plus(w.scale(w.phi_small(x / n, k), n));
        }
    }
    sums[0].minus(sums[1])
}
