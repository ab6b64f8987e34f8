//! [`PrimesIn`] as rayon's parallel iterator: the range left is cut into
//! [`pieces`], each streamed on one of rayon's threads.

use std::ops::Range;

use rayon::iter::Either;
use rayon::iter::plumbing::UnindexedConsumer;
use rayon::prelude::*;

use super::miller_rabin::is_prime;
use super::pieces::pieces;
use super::stream::PrimesIn;

/// The primes of one piece, tested number by number if the piece's own
/// sieving primes cannot be allocated.
fn piece_primes(range: Range<u64>) -> impl Iterator<Item = u64> {
    match PrimesIn::new(range.clone()) {
        Ok(primes) => Either::Left(primes),
        Err(_) => Either::Right(range.filter(|&n| is_prime(n))),
    }
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
            .into_par_iter()
            .flat_map_iter(piece_primes)
            .drive_unindexed(consumer)
    }

    /// Each piece counted a word at a time.
    fn count(self) -> usize {
        pieces(self.range)
            .into_par_iter()
            .map(|piece| match PrimesIn::new(piece.clone()) {
                Ok(primes) => primes.count_u64() as usize,
                Err(_) => piece.filter(|&n| is_prime(n)).count(),
            })
            .sum()
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
