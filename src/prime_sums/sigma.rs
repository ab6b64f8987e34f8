//! `Σ = S(y) - f(1) + Σ_{y < p <= √x} f(p) S(p - 1)`: what `S(x)` adds
//! besides the leaves and `B`, from one pass over the primes up to `√x`.

use num_integer::Roots;

use super::tables::Tables;
use super::weight::Weight;
use crate::arith::Value;
use crate::sieve::PrimesIn;

/// `Σ` for `x`, with the tables up to `y < √x`.
pub(super) fn sigma<W: Weight>(x: u64, tables: &Tables<W>) -> W::V {
    let w = &tables.weight;
    let up_to_y = tables.prefix(tables.a());
    let (_, pairs) = PrimesIn::new(tables.y() + 1..x.sqrt() + 1)
        .expect("the sieving primes below 2^16 fit in memory")
        .fold((up_to_y, W::V::default()), |(sum, pairs), p| {
            (sum.plus(w.of(p)), pairs.plus(w.scale(sum, p)))
        });
    up_to_y.minus(w.of(1)).plus(pairs)
}
