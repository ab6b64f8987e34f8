//! Wide ranges cut into pieces of whole segments, one job each on rayon's
//! threads (with the `rayon` feature), each piece sieved with its own
//! sieving primes: the counts, the built [`Sieve`](super::Sieve) and the
//! parallel iterator share this one cut.

use std::ops::Range;

use super::stream::{ForwardSieve, PrimesIn, SEGMENT_BYTES, prime_pi_upper_bound};
use crate::{Error, threads};

/// A piece has at least this many segments (126 million numbers), so
/// that no piece brings in its sieving primes for a sliver of a range.
pub(super) const MIN_SEGMENTS: u64 = 4;

/// Pieces per thread at most, so that a thread that finishes early takes
/// another.
const PIECES_PER_THREAD: u64 = 4;

/// A piece's own sieving primes cost about as much as sieving this many
/// numbers a sieving prime: measured on a Zen 4 core, bringing them in
/// took 7 ns a prime near 10^18 and near 2^64, and sieving 0.9 to 1.2 ns
/// a number.
const SETUP_NUMBERS_PER_PRIME: u64 = 8;

/// `lo..hi` cut into pieces of whole segments for rayon's threads; a
/// single piece on one thread or when the range is too narrow to share.
///
/// A thread gets more than one piece only while the sieving primes the
/// extra pieces bring in cost at most an eighth of the thread's share of
/// the work: near 2^64 a piece brings in 203 million primes, as long as
/// sieving a billion numbers takes.
pub(super) fn pieces(range: Range<u64>) -> Vec<Range<u64>> {
    let Range { start: lo, end: hi } = range;
    let threads = threads::count() as u64;
    if threads == 1 {
        return vec![Range { start: lo, end: hi }];
    }
    let width = hi.saturating_sub(lo);
    let segment = 30 * SEGMENT_BYTES as u64;
    let setup = SETUP_NUMBERS_PER_PRIME * prime_pi_upper_bound(hi.saturating_sub(1).isqrt());
    let per_thread = (1 + width / (8 * setup).saturating_mul(threads)).min(PIECES_PER_THREAD);
    let share = width.div_ceil(threads * per_thread).div_ceil(segment) * segment;
    let piece = share.max(MIN_SEGMENTS * segment);
    // At most `threads * per_thread` pieces.
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

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;

    /// The pieces of `range` on a pool of two threads.
    fn on_two_threads(range: Range<u64>) -> Vec<Range<u64>> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(|| pieces(range))
    }

    /// Pieces tile the range in whole segments, four a thread where the
    /// sieving primes are few, one a thread where bringing them in costs
    /// more than an eighth of a thread's share, and a narrow range stays
    /// whole: on either side of the width where a second piece a thread
    /// pays.
    #[test]
    fn pieces_follow_the_cost_of_the_sieving_primes() {
        let segment = 30 * SEGMENT_BYTES as u64;
        let top = u64::MAX - 10_000_000_000;
        let setup = |hi: u64| SETUP_NUMBERS_PER_PRIME * prime_pi_upper_bound((hi - 1).isqrt());
        // Near 10^18 a second piece a thread pays from the least width `w`
        // with `w >= 16 setup(lo + w)` on (8 times the setup, 2 threads).
        let lo = 1_000_000_000_000_000_000;
        let needs = |width: u64| 16 * setup(lo + width);
        let mut two_a_thread = needs(0);
        while needs(two_a_thread) > two_a_thread {
            two_a_thread = needs(two_a_thread);
        }
        for (range, count) in [
            (0..10_000_000_000, 8),
            (1_000_000_000_000_000..1_000_010_000_000_000, 8),
            (top..u64::MAX, 2),
            (top..top + 2_000_000_000, 2),
            (lo..lo + two_a_thread - 1, 2),
            (lo..lo + two_a_thread, 4),
            (1000..1000 + 4 * segment, 1),
            (1000..1000 + 4 * segment + 1, 2),
        ] {
            let pieces = on_two_threads(range.clone());
            assert_eq!(pieces.len(), count, "{range:?}");
            assert_eq!(pieces.first().unwrap().start, range.start);
            assert_eq!(pieces.last().unwrap().end, range.end);
            for pair in pieces.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
                assert_eq!((pair[0].end - pair[0].start) % segment, 0);
            }
        }
    }
}
