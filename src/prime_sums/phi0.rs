//! `Φ0`, the ordinary leaves of `φ(x, a)`: `Σ μ(n) f(n) φ(x/n, 1)` over
//! the odd squarefree `n <= z` free of primes above `y`, each in closed
//! form, with `φ(t, 1) = F(t) - f(2) F(t/2)`.

use super::tables::{Tables, coprime_number};
use super::weight::Weight;
use crate::arith::Value;

/// The ordinary leaves' sum.
#[inline(always)]
pub(super) fn phi0<W: Weight>(x: u64, tables: &Tables<W>) -> W::V {
    // [μ(n) = 1, μ(n) = -1]
    let mut sums = [W::V::default(); 2];
    let w = &tables.weight;
    let mut add = |n: u64, s: usize| {
        let t = x / n;
        let phi = w.scale(w.prefix(t).minus(w.scale(w.prefix(t / 2), 2)), n);
        sums[s] = sums[s].plus(phi);
    };
    // Each odd squarefree `n` is `m` or `3 m`, `m` prime to 6 (μ(3 m) = -μ(m)).
    for (k, &code) in tables.factors.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let m = coprime_number(k);
        let s = usize::from(code < 0);
        add(m, s);
        if 3 * m <= tables.z() {
            add(3 * m, 1 - s);
        }
    }
    sums[0].minus(sums[1])
}
