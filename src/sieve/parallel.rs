//! The `rayon` paths: a wide range is cut into pieces of whole segments,
//! each sieved by its own stream on one of rayon's threads.
//!
//! Every piece keeps its own sieving primes up to `√hi`, so pieces are
//! long (at least [`MIN_SEGMENTS`] segments) and only as many as keep every
//! thread busy. Counts and sums add up the same in any order, so the
//! answers do not depend on the number of threads.

use std::ops::Range;

use rayon::iter::Either;
use rayon::iter::plumbing::UnindexedConsumer;
use rayon::prelude::*;

use super::miller_rabin::is_prime;
use super::segmented::{PrimesIn, SEGMENT_BYTES, Segments};
use crate::Error;

/// The fewest segments in a piece: setting up the sieving primes of a piece
/// costs about as much as sieving a few segments when `√hi` is large.
const MIN_SEGMENTS: u64 = 16;

/// Pieces per thread, so that a thread that finishes early takes another.
const PIECES_PER_THREAD: u64 = 4;

/// `lo..hi` cut into pieces of whole segments for rayon's threads; a single
/// piece when the range is too narrow to share.
pub(crate) fn pieces(range: Range<u64>) -> impl IndexedParallelIterator<Item = Range<u64>> {
    let Range { start: lo, end: hi } = range;
    let width = hi.saturating_sub(lo);
    let segment = 30 * SEGMENT_BYTES as u64;
    let threads = rayon::current_num_threads() as u64;
    let share = width
        .div_ceil(threads * PIECES_PER_THREAD)
        .div_ceil(segment)
        * segment;
    let piece = share.max(MIN_SEGMENTS * segment);
    // At most `threads * PIECES_PER_THREAD` pieces.
    let count = width.div_ceil(piece).max(1) as usize;
    (0..count).into_par_iter().map(move |i| {
        let start = lo + i as u64 * piece;
        start..start.saturating_add(piece).min(hi)
    })
}

/// The primes of one piece, tested number by number if the piece's own
/// sieving primes cannot be allocated.
fn piece_primes(range: Range<u64>) -> impl Iterator<Item = u64> {
    match PrimesIn::new(range.clone()) {
        Ok(primes) => Either::Left(primes),
        Err(_) => Either::Right(range.filter(|&n| is_prime(n))),
    }
}

/// The number of primes in `range`, the pieces counted on rayon's threads.
pub(crate) fn count_primes(range: Range<u64>) -> Result<u64, Error> {
    pieces(range)
        .map(|piece| PrimesIn::new(piece).map(PrimesIn::count_u64))
        .sum()
}

/// Sieves the numbers `0..hi` into `out` (byte `b` for `30b..30b + 30`),
/// the pieces on rayon's threads.
pub(crate) fn fill(out: &mut [u8], hi: u64) -> Result<(), Error> {
    let piece_bytes = |piece: &Range<u64>| (piece.end.div_ceil(30) - piece.start / 30) as usize;
    let pieces: Vec<Range<u64>> = pieces(0..hi).collect();
    let mut chunks = Vec::with_capacity(pieces.len());
    let mut rest = out;
    for piece in &pieces {
        let (chunk, tail) = rest.split_at_mut(piece_bytes(piece));
        chunks.push(chunk);
        rest = tail;
    }
    pieces
        .into_par_iter()
        .zip(chunks)
        .try_for_each(|(piece, chunk)| Segments::new(piece.start, piece.end).map(|s| s.fill(chunk)))
}

/// A parallel iterator over the primes of a [`PrimesIn`], from its
/// [`IntoParallelIterator`] implementation (crate feature `rayon`).
///
/// The primes left in the iterator's range are cut into pieces of whole
/// segments, each sieved on one of rayon's threads; the order in which they
/// reach the consumer is not increasing, but every reduction that does not
/// depend on order (`sum`, `count`, `min`, `max`, …) gives the same answer as
/// the sequential iterator.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::primes_in;
/// use rayon::prelude::*;
///
/// let largest = primes_in(0..100_000_000)?.into_par_iter().max();
/// assert_eq!(largest, Some(99_999_989));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParPrimesIn {
    range: Range<u64>,
}

impl ParallelIterator for ParPrimesIn {
    type Item = u64;

    fn drive_unindexed<C: UnindexedConsumer<u64>>(self, consumer: C) -> C::Result {
        pieces(self.range)
            .flat_map_iter(piece_primes)
            .drive_unindexed(consumer)
    }
}

/// Splits the primes left in the range across rayon's threads (crate
/// feature `rayon`).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::primes_in;
/// use rayon::prelude::*;
///
/// let sum: u128 = primes_in(0..10_000_000)?.into_par_iter().map(u128::from).sum();
/// assert_eq!(sum, 3_203_324_994_356);
/// let twins = primes_in(0..10_000_000)?.into_par_iter().filter(|&p| primeboard::sieve::is_prime(p + 2)).count();
/// assert_eq!(twins, 58_980);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl IntoParallelIterator for PrimesIn {
    type Iter = ParPrimesIn;
    type Item = u64;

    fn into_par_iter(self) -> ParPrimesIn {
        ParPrimesIn {
            range: self.remaining(),
        }
    }
}
