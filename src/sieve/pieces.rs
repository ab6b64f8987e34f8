//! Wide ranges cut into pieces of whole segments, one job each on rayon's
//! threads (with the `rayon` feature), each piece sieved with its own
//! sieving primes: the counts, the built [`Sieve`](super::Sieve) and the
//! parallel iterator share this one cut.

use std::ops::Range;

use super::stream::{ForwardSieve, PrimesIn, SEGMENT_BYTES};
use crate::{Error, threads};

/// A piece has at least this many segments (126 million numbers): each
/// piece builds its own sieving primes, which costs about as much as
/// sieving a few segments when `√hi` is large.
pub(super) const MIN_SEGMENTS: u64 = 4;

/// Pieces per thread, so that a thread that finishes early takes another.
const PIECES_PER_THREAD: u64 = 4;

/// `lo..hi` cut into pieces of whole segments for rayon's threads; a
/// single piece on one thread or when the range is too narrow to share.
pub(super) fn pieces(range: Range<u64>) -> Vec<Range<u64>> {
    let Range { start: lo, end: hi } = range;
    let threads = threads::count() as u64;
    if threads == 1 {
        return vec![Range { start: lo, end: hi }];
    }
    let width = hi.saturating_sub(lo);
    let segment = 30 * SEGMENT_BYTES as u64;
    let share = width
        .div_ceil(threads * PIECES_PER_THREAD)
        .div_ceil(segment)
        * segment;
    let piece = share.max(MIN_SEGMENTS * segment);
    // At most `threads * PIECES_PER_THREAD` pieces.
    let count = width.div_ceil(piece).max(1);
    (0..count)
        .map(|i| {
            let start = lo + i * piece;
            start..start.saturating_add(piece).min(hi)
        })
        .collect()
}

/// The number of primes in `range`, the pieces counted on rayon's threads.
pub(super) fn count_primes(range: Range<u64>) -> Result<u64, Error> {
    over_pieces(range, PrimesIn::count_u64)
}

/// The sum of the primes in `range`, the pieces summed on rayon's threads.
pub(super) fn sum_primes(range: Range<u64>) -> Result<u128, Error> {
    over_pieces(range, |primes| primes.fold(0, |sum, p| sum + u128::from(p)))
}

/// The total of `total` over the primes of each piece of `range`.
fn over_pieces<T: std::iter::Sum + Send>(
    range: Range<u64>,
    total: impl Fn(PrimesIn) -> T + Sync + Send,
) -> Result<T, Error> {
    threads::map(&pieces(range), |piece| {
        PrimesIn::new(piece.clone()).map(&total)
    })
    .into_iter()
    .sum()
}

/// Sieves the numbers `0..hi` into `out` (byte `b` for `30b..30b + 30`),
/// the pieces on rayon's threads.
pub(super) fn fill(out: &mut [u8], hi: u64) -> Result<(), Error> {
    let mut jobs = Vec::new();
    let mut rest = out;
    for piece in pieces(0..hi) {
        let bytes = (piece.end.div_ceil(30) - piece.start / 30) as usize;
        let (chunk, tail) = rest.split_at_mut(bytes);
        jobs.push((piece, chunk));
        rest = tail;
    }
    threads::try_for_each(jobs, |(piece, chunk)| {
        ForwardSieve::new(piece.start, piece.end).map(|sieve| sieve.fill(chunk))
    })
}
