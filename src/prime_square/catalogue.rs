//! The prime catalogue: the `N`-digit primes grouped by digit sum, sieved
//! once per process and size.

use std::sync::OnceLock;

use super::{MAX_SIZE, check_size};
use crate::{Error, sieve};

/// The `size`-digit primes grouped by digit sum.
#[derive(Debug)]
pub(super) struct Catalogue {
    size: usize,
    /// The primes by increasing digit sum, then increasing value.
    primes: Vec<u64>,
    /// The digits of `primes`, `size` a prime, most significant first.
    digits: Vec<u8>,
    /// Digit sum `s` has the primes `primes[starts[s]..starts[s + 1]]`.
    starts: Vec<usize>,
}

impl Catalogue {
    /// The catalogue of `size`-digit primes; the module's one size check.
    ///
    /// Each size's catalogue is sieved once and kept for the rest of the
    /// process: it is the same for every solver of the size, and `8 + N`
    /// bytes a prime (0.11 MB for `N = 5`, 0.96 MB for 6, 8.8 MB for 7).
    ///
    /// # Errors
    ///
    /// - [`Error::UnsupportedSize`] when `size` is outside
    ///   [`MIN_SIZE`](super::MIN_SIZE)`..=`[`MAX_SIZE`].
    pub(super) fn of(size: usize) -> Result<&'static Catalogue, Error> {
        static CACHE: [OnceLock<Catalogue>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        check_size(size)?;
        if let Some(catalogue) = CACHE[size].get() {
            return Ok(catalogue);
        }
        let lo = 10u64.pow(size as u32 - 1);
        let mut primes: Vec<u64> = sieve::primes_in(lo..10 * lo)?.collect();
        primes.shrink_to_fit();
        primes.sort_by_key(|&p| digit_sum_of(p));
        let max_sum = 9 * size;
        let starts = (0..=max_sum + 1)
            .map(|s| primes.partition_point(|&p| (digit_sum_of(p) as usize) < s))
            .collect();
        let mut digits: Vec<u8> = primes
            .iter()
            .flat_map(|&p| {
                (0..size as u32)
                    .rev()
                    .map(move |k| (p / 10u64.pow(k) % 10) as u8)
            })
            .collect();
        digits.shrink_to_fit();
        Ok(CACHE[size].get_or_init(|| Catalogue {
            size,
            primes,
            digits,
            starts,
        }))
    }

    /// The number of digits of the primes.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// Every prime of the catalogue, by digit sum, then value.
    pub(super) fn primes(&self) -> &[u64] {
        &self.primes
    }

    /// The primes with digit sum `digit_sum`, in increasing order, and their digits.
    pub(super) fn with_digit_sum(&self, digit_sum: u32) -> (&[u64], &[u8]) {
        // starts[9 · size + 1] is the end of the primes: larger sums are empty.
        let s = (digit_sum as usize).min(9 * self.size + 1);
        let (start, end) = (self.starts[s], self.starts[(s + 1).min(9 * self.size + 1)]);
        (
            &self.primes[start..end],
            &self.digits[self.size * start..self.size * end],
        )
    }
}

/// The sum of the decimal digits of `n`.
pub(super) fn digit_sum_of(mut n: u64) -> u32 {
    let mut s = 0;
    while n > 0 {
        s += (n % 10) as u32;
        n /= 10;
    }
    s
}
