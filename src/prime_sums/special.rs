//! The special leaves `-μ(m) f(p_b m) φ(x / (p_b m), b - 1)` that are not
//! easy, summed in increasing `t = x / (p_b m)` for whoever knows
//! `φ(t, b - 1)` ([`Phi`]): the hard leaves' sieve.

use super::leaves::{LeafSum, Leaves};
use super::tables::{Tables, coprime_number, coprime_rank, div, hard_up_to, quotient};
use super::weight::Weight;
use crate::arith::Value;

/// Where a special leaf finds `φ(t, b - 1)`: `prior`, its value before a
/// segment, plus [`Weight::counted`]`(base, counter(t))` ([`LeafSum`]).
pub(super) trait Phi<W: Weight> {
    /// Readies [`Phi::counter`] for every `t` in `from..=to`.
    fn prepare(&mut self, from: u64, to: u64);
    /// The segment's bits up to `t`.
    fn counter(&mut self, t: u64) -> W::Counter;
    /// `prior` and `base`.
    fn prior(&self) -> (W::V, u64);
}

/// The special leaves of `b` that are not easy and whose argument `t`
/// lies in `low..high`, in increasing `t`, with `φ(t, b - 1)` from `phi`;
/// and, if `WEIGH` (or if the weight's [`LeafSum`] counts it anyway),
/// their weight `Σ ±f(p_b m)`: what a constant added to `φ` adds per unit.
#[inline(always)]
pub(super) fn special_leaves<W: Weight, const WEIGH: bool>(
    x: u64,
    tables: &Tables<W>,
    general: usize,
    b: usize,
    low: u64,
    high: u64,
    mut phi: impl Phi<W>,
) -> Leaves<W::V> {
    let (y, z, w) = (tables.y(), tables.z(), &tables.weight);
    let p = u64::from(tables.primes[b]);
    // t = x / (p m) in low..high: x / (p high) < m <= x / (p low).
    let above = div(x, p, high);
    let up_to = match low {
        0 => z,
        _ => div(x, p, low).min(z),
    };
    let xp = x / p;
    let (prior, base) = phi.prior();
    // The leaves of `μ(m) = -1` (with a plus sign), then those of `μ(m) = 1`.
    let mut sums = [W::Leaves::default(); 2];
    if b <= general {
        let first = above.max(z / p) + 1;
        // The `m` in `first..=up_to`, all prime to 210, by their index.
        let start = coprime_rank(first);
        let codes = tables
            .factors
            .get(start..coprime_rank(up_to + 1))
            .unwrap_or_default();
        if !codes.is_empty() {
            phi.prepare(quotient(xp, up_to), quotient(xp, first));
        }
        // 64 codes at a time, a bit each for the `m` with leaves, from the top.
        let mut end = codes.len();
        for chunk in codes.rchunks(64) {
            end -= chunk.len();
            let mut padded = [0; 64];
            padded[..chunk.len()].copy_from_slice(chunk);
            let mut mask = leaf_mask(&padded, b);
            // The quotients first, in a loop of their own: their divisions
            // overlap instead of waiting on the queries.
            let mut leaves = [(0, 0, 0); 64];
            let mut count = 0;
            while mask != 0 {
                let i = 63 - mask.leading_zeros() as usize;
                mask ^= 1 << i;
                let m = coprime_number(start + end + i);
                leaves[count] = (m, quotient(xp, m), chunk[i]);
                count += 1;
            }
            for &(m, t, code) in &leaves[..count] {
                // Without a branch: the signs follow no pattern.
                let s = usize::from(code > 0);
                sums[s].add::<WEIGH>(w, prior, base, phi.counter(t), p * m);
            }
        }
    } else {
        // `m = q` prime, `q <= y`; `p q > z` since `p > √z`.
        let hard_up_to = hard_up_to(x, p, y).min(up_to);
        let first = tables.pi(above.max(p).min(y)) + 1;
        // As above, up to 64 quotients before their queries, from the top.
        let mut top = tables.pi(hard_up_to) + 1;
        if top > first {
            phi.prepare(tables.quotient(xp, top - 1), tables.quotient(xp, first));
        }
        while top > first {
            let bottom = top.saturating_sub(64).max(first);
            let mut leaves = [(0, 0); 64];
            for (leaf, i) in leaves.iter_mut().zip((bottom..top).rev()) {
                let q = u64::from(tables.primes[i]);
                *leaf = (q, tables.quotient(xp, i));
            }
            for &(q, t) in &leaves[..top - bottom] {
                sums[0].add::<WEIGH>(w, prior, base, phi.counter(t), p * q);
            }
            top = bottom;
        }
    }
    let [plus, minus] = sums.map(|sum| sum.total(w, prior, base));
    Leaves {
        sum: plus.sum.minus(minus.sum),
        weight: plus.weight.minus(minus.weight),
    }
}

/// Bit `i` set: `codes[i]` is a leaf's code for `b`, its absolute value
/// above `b` (written to compile to vector compares and a bit gather).
#[inline(always)]
fn leaf_mask(codes: &[i16; 64], b: usize) -> u64 {
    let b = b as u16;
    let mut bytes = [0u8; 64];
    for (byte, &code) in bytes.iter_mut().zip(codes) {
        *byte = u8::from(code.unsigned_abs() > b);
    }
    // Eight bytes of 0 or 1 to eight bits: the products never overlap.
    bytes
        .chunks_exact(8)
        .enumerate()
        .fold(0, |mask, (k, eight)| {
            let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            mask | (eight.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}
