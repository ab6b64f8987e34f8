//! The primes next to any `u64`: the numbers coprime to 30 on one side,
//! each tested with [`is_prime`] until one is prime.

use super::is_prime;
use super::wheel::RESIDUES;

/// `UP[r]`: the distance from a number `≡ r (mod 30)` up to the next number
/// coprime to 30 (0 when it is coprime itself).
const UP: [u64; 30] = wheel_steps(true);
/// `DOWN[r]`: the distance down to the previous number coprime to 30.
const DOWN: [u64; 30] = wheel_steps(false);

const fn wheel_steps(up: bool) -> [u64; 30] {
    let mut steps = [0; 30];
    let mut r = 0;
    while r < 30 {
        let mut d = 0;
        loop {
            let s = if up { (r + d) % 30 } else { (r + 30 - d) % 30 };
            let mut k = 0;
            while k < RESIDUES.len() && RESIDUES[k] != s as u64 {
                k += 1;
            }
            if k < RESIDUES.len() {
                break;
            }
            d += 1;
        }
        steps[r] = d as u64;
        r += 1;
    }
    steps
}

/// The primes below 7, which the wheel skips.
const WHEEL_PRIMES: [u64; 3] = [2, 3, 5];

/// The least prime `> n`, or `None` for `n >= 2^64 - 59`, the largest `u64`
/// prime.
///
/// Steps over the numbers coprime to 30 above `n` and tests each with
/// [`is_prime`]; [`Sieve::next_prime`](super::Sieve::next_prime) answers
/// from a built sieve instead.
///
/// # Complexity
///
/// `O(g)` tests for the gap `g` to the next prime, `g / 4` of them past the
/// wheel: a few microseconds anywhere, since gaps below `2^64` are shorter
/// than 1600.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::next_prime;
///
/// assert_eq!(next_prime(0), Some(2));
/// assert_eq!(next_prime(7), Some(11));
/// assert_eq!(next_prime(1_000_000_000_000), Some(1_000_000_000_039));
/// assert_eq!(next_prime(u64::MAX - 59), Some(u64::MAX - 58));
/// assert_eq!(next_prime(u64::MAX - 58), None);
/// ```
#[must_use]
pub fn next_prime(n: u64) -> Option<u64> {
    if let Some(&p) = WHEEL_PRIMES.iter().find(|&&p| p > n) {
        return Some(p);
    }
    let mut c = n.checked_add(1)?;
    loop {
        c = c.checked_add(UP[(c % 30) as usize])?;
        if is_prime(c) {
            return Some(c);
        }
        c = c.checked_add(1)?;
    }
}

/// The greatest prime `< n`, or `None` for `n <= 2`.
///
/// Steps down over the numbers coprime to 30 below `n` and tests each
/// with [`is_prime`]; [`Sieve::prev_prime`](super::Sieve::prev_prime)
/// answers from a built sieve instead.
///
/// # Complexity
///
/// As [`next_prime`]: a few microseconds anywhere.
///
/// # Examples
///
/// ```
/// use primeboard::sieve::prev_prime;
///
/// assert_eq!(prev_prime(2), None);
/// assert_eq!(prev_prime(3), Some(2));
/// assert_eq!(prev_prime(100), Some(97));
/// assert_eq!(prev_prime(u64::MAX), Some(18_446_744_073_709_551_557));
/// ```
#[must_use]
pub fn prev_prime(n: u64) -> Option<u64> {
    if n <= 7 {
        return WHEEL_PRIMES.iter().rev().copied().find(|&p| p < n);
    }
    // 7 is coprime to 30 and prime: the walk stops there at the latest.
    let mut c = n - 1;
    loop {
        c -= DOWN[(c % 30) as usize];
        if is_prime(c) {
            return Some(c);
        }
        c -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_land_on_the_wheel() {
        for r in 0..30u64 {
            for s in [UP[r as usize], 30 - DOWN[r as usize]] {
                assert!(RESIDUES.contains(&((r + s) % 30)), "{r} + {s}");
            }
            let between = |d: u64, down: bool| {
                let s = if down {
                    (r + 30 - d) % 30
                } else {
                    (r + d) % 30
                };
                RESIDUES.contains(&s)
            };
            assert!((0..UP[r as usize]).all(|d| !between(d, false)));
            assert!((0..DOWN[r as usize]).all(|d| !between(d, true)));
        }
    }
}
