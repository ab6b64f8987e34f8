//! The ordinary leaves of `φ(x, a)`: `Σ μ(n) f(n) φ(x/n, 1)` over the odd
//! squarefree `n <= y`, each in closed form, with
//! `φ(t, 1) = F(t) - f(2) F(t/2)`.

use super::tables::Tables;
use super::weight::Weight;
use crate::arith::Value;

/// The ordinary leaves' sum.
#[inline(always)]
pub(super) fn ordinary<W: Weight>(x: u64, y: u64, tables: &Tables<W>) -> W::V {
    let mut plus = W::V::default();
    let mut minus = W::V::default();
    for n in (1..=y).step_by(2) {
        let code = tables.code[n as usize];
        if code == 0 {
            continue;
        }
        let t = x / n;
        let phi = W::scale(W::prefix(t).minus(W::scale(W::prefix(t / 2), 2)), n);
        if code > 0 {
            plus = plus.plus(phi);
        } else {
            minus = minus.plus(phi);
        }
    }
    plus.minus(minus)
}
