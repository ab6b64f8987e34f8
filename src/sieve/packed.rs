//! [`Sieve`]: every prime up to a bound, bit-packed on the mod-30 wheel.

use std::fmt;
use std::iter::FusedIterator;

use bitvec::prelude::{BitVec, Lsb0};

use super::miller_rabin;
use super::segmented::Segments;
use super::wheel::{self, INDEX, RESIDUES};
use crate::Error;

/// Bytes of the bit array between two stored prime counts.
const BLOCK_BYTES: usize = 512;

/// Every prime up to a bound, stored as one bit per number coprime to 30
/// (8 bits per 30 numbers), with a running prime count every 4096 bits.
///
/// Build it once, then answer [`is_prime`](Sieve::is_prime),
/// [`prime_pi`](Sieve::prime_pi) and [`nth_prime`](Sieve::nth_prime) in
/// constant time and iterate with [`primes`](Sieve::primes).
///
/// # Examples
///
/// ```
/// use primeboard::sieve::Sieve;
///
/// let sieve = Sieve::new(1_000_000)?;
/// assert!(sieve.is_prime(999_983));
/// assert_eq!(sieve.prime_pi(1_000_000), Some(78_498));
/// assert_eq!(sieve.nth_prime(78_498), Some(999_983));
/// assert_eq!(sieve.primes().take(5).collect::<Vec<_>>(), [2, 3, 5, 7, 11]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Sieve {
    upper_bound: u64,
    /// Bit `8b + k` is set when `30b + RESIDUES[k]` is a prime `<= upper_bound`.
    bits: BitVec<u8, Lsb0>,
    /// `ranks[j]`: set bits in the first `j * BLOCK_BYTES` bytes.
    ranks: Vec<u64>,
    /// How many of 2, 3, 5 are `<= upper_bound`.
    wheel_primes: u64,
}

impl fmt::Debug for Sieve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sieve")
            .field("upper_bound", &self.upper_bound)
            .finish_non_exhaustive()
    }
}

impl Sieve {
    /// The largest upper bound [`Sieve::new`] accepts: `2^37`, a 4.6 GB bit array.
    pub const MAX_UPPER_BOUND: u64 = 1 << 37;

    /// Sieves every prime `<= upper_bound` (inclusive).
    ///
    /// # Complexity
    ///
    /// Time `O(n log log n)` for `n = upper_bound`, segment by segment in the
    /// L1 cache; memory `n / 30` bytes plus 1.6% for the prime counts.
    ///
    /// # Errors
    ///
    /// - [`Error::SieveTooLarge`] when `upper_bound` exceeds
    ///   [`Sieve::MAX_UPPER_BOUND`] or the bit array cannot be allocated; the
    ///   check comes before any allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::{sieve::Sieve, Error};
    ///
    /// assert_eq!(Sieve::new(100)?.prime_pi(100), Some(25));
    /// assert!(matches!(Sieve::new(u64::MAX), Err(Error::SieveTooLarge { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(upper_bound: u64) -> Result<Sieve, Error> {
        let bytes = upper_bound / 30 + 1;
        let too_large = Error::SieveTooLarge {
            upper_bound,
            bytes,
            max: Sieve::MAX_UPPER_BOUND,
        };
        if upper_bound > Sieve::MAX_UPPER_BOUND {
            return Err(too_large);
        }
        let len = bytes as usize;
        let mut raw: Vec<u8> = Vec::new();
        raw.try_reserve_exact(len).map_err(|_| too_large.clone())?;
        let mut ranks: Vec<u64> = Vec::new();
        ranks
            .try_reserve_exact(len / BLOCK_BYTES + 2)
            .map_err(|_| too_large)?;
        let mut segments = Segments::new(0, upper_bound + 1)?;
        let mut buf = Vec::new();
        while segments.next_into(&mut buf).is_some() {
            raw.extend_from_slice(&buf);
        }
        raw.resize(len, 0);
        let mut total = 0;
        ranks.push(0);
        for block in raw.chunks(BLOCK_BYTES) {
            total += wheel::count_ones(block);
            ranks.push(total);
        }
        Ok(Sieve {
            upper_bound,
            bits: BitVec::from_vec(raw),
            ranks,
            wheel_primes: [2, 3, 5].iter().filter(|&&p| p <= upper_bound).count() as u64,
        })
    }

    /// The bound the sieve was built with: it knows every prime `<=` it.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// assert_eq!(Sieve::new(1000)?.upper_bound(), 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn upper_bound(&self) -> u64 {
        self.upper_bound
    }

    /// Whether `n` is prime.
    ///
    /// Up to [`upper_bound`](Sieve::upper_bound) this is one bit look-up;
    /// above it, the exact Miller–Rabin test of [`is_prime`](super::is_prime).
    ///
    /// # Complexity
    ///
    /// `O(1)` up to the bound, `O(log n)` multiplications above it.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert!(sieve.is_prime(97) && !sieve.is_prime(91));
    /// assert!(sieve.is_prime(1_000_000_007)); // beyond the bound: tested
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_prime(&self, n: u64) -> bool {
        if n > self.upper_bound {
            return miller_rabin::is_prime(n);
        }
        match INDEX[(n % 30) as usize] {
            8 => matches!(n, 2 | 3 | 5),
            k => self.bits[(n / 30 * 8) as usize + usize::from(k)],
        }
    }

    /// `π(n)`: the number of primes `<= n`, or `None` when `n` exceeds
    /// [`upper_bound`](Sieve::upper_bound).
    ///
    /// # Complexity
    ///
    /// `O(1)`: a stored count and at most 512 bytes of popcount.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert_eq!(sieve.prime_pi(1), Some(0));
    /// assert_eq!(sieve.prime_pi(2), Some(1));
    /// assert_eq!(sieve.prime_pi(100), Some(25));
    /// assert_eq!(sieve.prime_pi(101), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prime_pi(&self, n: u64) -> Option<u64> {
        if n > self.upper_bound {
            return None;
        }
        Some(self.wheel_primes_upto(n) + self.wheel_bits_below(n + 1))
    }

    /// How many of 2, 3, 5 are `<= n`.
    fn wheel_primes_upto(&self, n: u64) -> u64 {
        [2, 3, 5].iter().filter(|&&p| p <= n).count() as u64
    }

    /// Set bits for numbers `< n` (`n <= upper_bound + 1`).
    fn wheel_bits_below(&self, n: u64) -> u64 {
        let byte = (n / 30) as usize;
        let block = byte / BLOCK_BYTES;
        let raw = self.bits.as_raw_slice();
        let mut count = self.ranks[block] + wheel::count_ones(&raw[block * BLOCK_BYTES..byte]);
        if let Some(&last) = raw.get(byte) {
            let below = RESIDUES.iter().take_while(|&&r| r < n % 30).count();
            count += u64::from((u16::from(last) & ((1u16 << below) - 1)).count_ones());
        }
        count
    }

    /// The `k`-th prime, 1-based (`nth_prime(1) == Some(2)`), or `None` when
    /// `k == 0` or the sieve holds fewer than `k` primes.
    ///
    /// # Complexity
    ///
    /// `O(log n)`: a binary search over the stored counts, then one block.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert_eq!(sieve.nth_prime(1), Some(2));
    /// assert_eq!(sieve.nth_prime(25), Some(97));
    /// assert_eq!(sieve.nth_prime(26), None);
    /// assert_eq!(sieve.nth_prime(0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nth_prime(&self, k: u64) -> Option<u64> {
        let small = k.checked_sub(1)?;
        if small < self.wheel_primes {
            return Some([2, 3, 5][small as usize]);
        }
        let rank = small - self.wheel_primes; // 0-based among the wheel bits
        let block = self.ranks.partition_point(|&r| r <= rank).checked_sub(1)?;
        let raw = self.bits.as_raw_slice();
        let mut left = rank - self.ranks[block];
        for (i, &byte) in raw.iter().enumerate().skip(block * BLOCK_BYTES) {
            let ones = u64::from(byte.count_ones());
            if left < ones {
                let mut b = byte;
                for _ in 0..left {
                    b &= b - 1;
                }
                return Some(wheel::number(8 * i as u64 + u64::from(b.trailing_zeros())));
            }
            left -= ones;
        }
        None
    }

    /// The primes up to [`upper_bound`](Sieve::upper_bound), in increasing order.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(30)?;
    /// let primes: Vec<u64> = sieve.primes().collect();
    /// assert_eq!(primes, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    /// assert_eq!(sieve.primes().rev().next(), Some(29));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primes(&self) -> Primes<'_> {
        self.primes_from(0)
    }

    /// The primes `>= n` up to [`upper_bound`](Sieve::upper_bound), in
    /// increasing order (empty when `n` exceeds the bound).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert_eq!(sieve.primes_from(90).collect::<Vec<_>>(), [97]);
    /// assert_eq!(sieve.primes_from(101).next(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primes_from(&self, n: u64) -> Primes<'_> {
        let start = n.min(self.upper_bound + 1);
        let lo_bit =
            (start / 30 * 8) as usize + RESIDUES.iter().take_while(|&&r| r < start % 30).count();
        let hi_bit = self.bits.len();
        let small_lo = [2, 3, 5].iter().filter(|&&p| p < start).count() as u8;
        let small_hi = self.wheel_primes as u8;
        let below = start
            .checked_sub(1)
            .and_then(|n| self.prime_pi(n))
            .unwrap_or(0);
        let remaining = (self.prime_pi(self.upper_bound).unwrap_or(0) - below) as usize;
        Primes {
            sieve: self,
            small: small_lo.min(small_hi)..small_hi,
            lo_bit,
            hi_bit,
            remaining,
        }
    }
}

/// The primes of a [`Sieve`] in increasing order, from
/// [`Sieve::primes`] and [`Sieve::primes_from`]; double-ended.
#[derive(Clone, Debug)]
pub struct Primes<'a> {
    sieve: &'a Sieve,
    /// Indices into `[2, 3, 5]` still to yield.
    small: std::ops::Range<u8>,
    /// Bits `lo_bit..hi_bit` of the sieve are still to scan.
    lo_bit: usize,
    hi_bit: usize,
    remaining: usize,
}

impl Iterator for Primes<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if let Some(i) = self.small.next() {
            self.remaining -= 1;
            return Some([2, 3, 5][usize::from(i)]);
        }
        let bit = self.sieve.bits[self.lo_bit..self.hi_bit].first_one()? + self.lo_bit;
        self.lo_bit = bit + 1;
        self.remaining -= 1;
        Some(wheel::number(bit as u64))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    fn count(self) -> usize {
        self.remaining
    }
}

impl DoubleEndedIterator for Primes<'_> {
    fn next_back(&mut self) -> Option<u64> {
        if let Some(bit) = self.sieve.bits[self.lo_bit..self.hi_bit].last_one() {
            self.hi_bit = self.lo_bit + bit;
            self.remaining -= 1;
            return Some(wheel::number(self.hi_bit as u64));
        }
        let i = self.small.next_back()?;
        self.remaining -= 1;
        Some([2, 3, 5][usize::from(i)])
    }
}

impl ExactSizeIterator for Primes<'_> {}

impl FusedIterator for Primes<'_> {}
