//! [`Sieve`]: every prime up to a bound, bit-packed on the mod-30 wheel.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{Bound, Range, RangeBounds};

use bitvec::prelude::{BitVec, Lsb0};

use super::half_open;
use super::miller_rabin;
use super::wheel::{self, RESIDUES, WHEEL_PRIMES, bit_of};
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
    /// L1 cache, in pieces on every core with the `rayon` feature; memory
    /// `n / 30` bytes plus 1.6% for the prime counts.
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
        raw.resize(len, 0);
        super::pieces::fill(&mut raw, upper_bound + 1)?;
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
            wheel_primes: wheel::wheel_primes_below(upper_bound.saturating_add(1)),
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
    #[must_use]
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
    #[must_use]
    pub fn is_prime(&self, n: u64) -> bool {
        if n > self.upper_bound {
            return miller_rabin::is_prime(n);
        }
        match bit_of(n) {
            None => matches!(n, 2 | 3 | 5),
            Some(bit) => self.bits[bit as usize],
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
    #[must_use]
    pub fn prime_pi(&self, n: u64) -> Option<u64> {
        if n > self.upper_bound {
            return None;
        }
        Some(wheel::wheel_primes_below(n + 1) + self.wheel_bits_below(n + 1))
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
    #[must_use]
    pub fn nth_prime(&self, k: u64) -> Option<u64> {
        let small = k.checked_sub(1)?;
        if small < self.wheel_primes {
            return Some(WHEEL_PRIMES[small as usize]);
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
    /// # Complexity
    ///
    /// `O(1)` to create; the iteration reads the sieve a 64-bit word at a
    /// time, `O(1)` per prime plus `O(n / 240)` word reads in all.
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
    /// assert_eq!(sieve.primes().len(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn primes(&self) -> Primes<'_> {
        self.primes_from(0)
    }

    /// The primes `>= n` up to [`upper_bound`](Sieve::upper_bound), in
    /// increasing order (empty when `n` exceeds the bound).
    ///
    /// # Complexity
    ///
    /// As [`primes`](Sieve::primes).
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
    #[must_use]
    pub fn primes_from(&self, n: u64) -> Primes<'_> {
        self.span(n, self.upper_bound.saturating_add(1))
    }

    /// The primes of `range` (any range of `u64`), double-ended, read from
    /// the sieve without sieving again; `None` when the range reaches past
    /// [`upper_bound`](Sieve::upper_bound), where the sieve cannot answer.
    /// An unbounded end stands for the upper bound.
    ///
    /// [`Primes::len`](ExactSizeIterator::len) counts them in `O(1)`.
    ///
    /// # Complexity
    ///
    /// As [`primes`](Sieve::primes).
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(1000)?;
    /// assert_eq!(sieve.primes_in(90..=101).map(Iterator::collect::<Vec<_>>), Some(vec![97, 101]));
    /// assert_eq!(sieve.primes_in(..100).map(|p| p.len()), Some(25));
    /// assert_eq!(sieve.primes_in(900..).and_then(|mut p| p.next_back()), Some(997));
    /// assert!(sieve.primes_in(900..1002).is_none()); // 1001 is past the bound
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn primes_in(&self, range: impl RangeBounds<u64>) -> Option<Primes<'_>> {
        let known = self.upper_bound.saturating_add(1);
        let hi = match range.end_bound() {
            Bound::Unbounded => known,
            Bound::Included(&hi) => hi.checked_add(1)?,
            Bound::Excluded(&hi) => hi,
        };
        let Range { start: lo, .. } = half_open((range.start_bound().cloned(), Bound::Unbounded));
        (hi <= known).then(|| self.span(lo, hi.max(lo)))
    }

    /// The least prime `> n`, or `None` when there is none up to
    /// [`upper_bound`](Sieve::upper_bound).
    ///
    /// # Complexity
    ///
    /// `O(g / 240)` word reads for a prime gap `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert_eq!(sieve.next_prime(0), Some(2));
    /// assert_eq!(sieve.next_prime(89), Some(97));
    /// assert_eq!(sieve.next_prime(97), None); // 101 is past the bound
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn next_prime(&self, n: u64) -> Option<u64> {
        self.primes_from(n.checked_add(1)?).next()
    }

    /// The greatest prime `< n`, or `None` when there is none, or when `n`
    /// exceeds `upper_bound + 1` (the sieve does not know the numbers
    /// between).
    ///
    /// # Complexity
    ///
    /// `O(g / 240)` word reads for a prime gap `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use primeboard::sieve::Sieve;
    ///
    /// let sieve = Sieve::new(100)?;
    /// assert_eq!(sieve.prev_prime(100), Some(97));
    /// assert_eq!(sieve.prev_prime(3), Some(2));
    /// assert_eq!(sieve.prev_prime(2), None);
    /// assert_eq!(sieve.prev_prime(102), None); // 101 is past the bound
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn prev_prime(&self, n: u64) -> Option<u64> {
        self.primes_in(..n)?.next_back()
    }

    /// The primes in `lo..hi`, for `lo <= hi <= upper_bound + 1`.
    fn span(&self, lo: u64, hi: u64) -> Primes<'_> {
        let lo = lo.min(hi);
        let bit =
            |n: u64| (n / 30 * 8) as usize + RESIDUES.iter().take_while(|&&r| r < n % 30).count();
        let wheel = |n: u64| wheel::wheel_primes_below(n) as u8;
        let below = |n: u64| n.checked_sub(1).and_then(|n| self.prime_pi(n)).unwrap_or(0);
        Primes {
            raw: self.bits.as_raw_slice(),
            small: wheel(lo)..wheel(hi),
            lo_bit: bit(lo),
            hi_bit: bit(hi),
            remaining: (below(hi) - below(lo)) as usize,
        }
    }
}

/// The primes of a [`Sieve`] in increasing order, from [`Sieve::primes`],
/// [`Sieve::primes_from`] and [`Sieve::primes_in`]; double-ended and of
/// known length, read a 64-bit word at a time.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::Sieve;
///
/// let sieve = Sieve::new(100)?;
/// let mut primes = sieve.primes();
/// assert_eq!((primes.next(), primes.next_back(), primes.len()), (Some(2), Some(97), 23));
/// assert_eq!(primes.sum::<u64>(), 1060 - 2 - 97);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Primes<'a> {
    raw: &'a [u8],
    /// Indices into [`WHEEL_PRIMES`] still to yield.
    small: Range<u8>,
    /// Bits `lo_bit..hi_bit` of the sieve are still to scan.
    lo_bit: usize,
    hi_bit: usize,
    remaining: usize,
}

impl Primes<'_> {
    /// Word `w` of the sieve with only its bits in `lo_bit..hi_bit` kept.
    #[inline]
    fn word(&self, w: usize) -> u64 {
        let mut bits = wheel::word(self.raw, w);
        if w == self.lo_bit / 64 {
            bits &= u64::MAX << (self.lo_bit % 64);
        }
        if w == self.hi_bit / 64 {
            bits &= (1 << (self.hi_bit % 64)) - 1;
        }
        bits
    }
}

impl Iterator for Primes<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if let Some(i) = self.small.next() {
            self.remaining -= 1;
            return Some(WHEEL_PRIMES[usize::from(i)]);
        }
        while self.lo_bit < self.hi_bit {
            let w = self.lo_bit / 64;
            let bits = self.word(w);
            if bits != 0 {
                let bit = 64 * w + bits.trailing_zeros() as usize;
                self.lo_bit = bit + 1;
                self.remaining -= 1;
                return Some(wheel::number(bit as u64));
            }
            self.lo_bit = 64 * (w + 1);
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    fn count(self) -> usize {
        self.remaining
    }

    fn last(mut self) -> Option<u64> {
        self.next_back()
    }

    fn fold<B, F: FnMut(B, u64) -> B>(self, init: B, mut f: F) -> B {
        let small = self.small.clone();
        let mut acc = small
            .map(|i| WHEEL_PRIMES[usize::from(i)])
            .fold(init, &mut f);
        if self.lo_bit >= self.hi_bit {
            return acc;
        }
        let (first, last) = (self.lo_bit / 64, (self.hi_bit - 1) / 64);
        acc = wheel::fold_word(acc, self.word(first), wheel::word_base(0, first), &mut f);
        if first == last {
            return acc;
        }
        if last > first + 1 {
            let mut decoded = [0; wheel::DECODED];
            for start in (first + 1..last).step_by(wheel::DECODE_WORDS) {
                let words = start..(start + wheel::DECODE_WORDS).min(last);
                let n = wheel::decode(self.raw, words, 0, &mut decoded);
                acc = decoded[..n].iter().fold(acc, |acc, &p| f(acc, p));
            }
        }
        wheel::fold_word(acc, self.word(last), wheel::word_base(0, last), &mut f)
    }
}

impl DoubleEndedIterator for Primes<'_> {
    fn next_back(&mut self) -> Option<u64> {
        while self.lo_bit < self.hi_bit {
            let w = (self.hi_bit - 1) / 64;
            let bits = self.word(w);
            if bits != 0 {
                let bit = 64 * w + 63 - bits.leading_zeros() as usize;
                self.hi_bit = bit;
                self.remaining -= 1;
                return Some(wheel::number(bit as u64));
            }
            self.hi_bit = 64 * w;
        }
        let i = self.small.next_back()?;
        self.remaining -= 1;
        Some(WHEEL_PRIMES[usize::from(i)])
    }
}

impl ExactSizeIterator for Primes<'_> {}

impl FusedIterator for Primes<'_> {}
