//! The toolkit over the whole `u64` range: `next_prime`, `prev_prime` and
//! `nth_prime` against a byte sieve, the plain Miller–Rabin test and the
//! published `10^k`-th primes.

mod common;

use common::miller_rabin::is_prime as oracle_is_prime;
use common::*;
use primeboard::sieve::{self, PRIMES_BELOW_2_64};

/// The greatest prime below `2^64`.
const LARGEST: u64 = u64::MAX - 58;

/// The primes up to `n_max`, from the byte sieve.
fn primes_up_to(n_max: u64) -> Vec<u64> {
    let table = byte_sieve(n_max);
    (0..=n_max).filter(|&n| table[n as usize]).collect()
}

#[test]
fn next_and_prev_prime_for_every_n_up_to_200_000() {
    let primes = primes_up_to(200_100);
    let mut k = 0; // primes[k] is the least prime > n
    for n in 0..=200_000u64 {
        while primes[k] <= n {
            k += 1;
        }
        assert_eq!(sieve::next_prime(n), Some(primes[k]), "next_prime({n})");
        let prev = primes[..k].iter().rev().find(|&&p| p < n).copied();
        assert_eq!(sieve::prev_prime(n), prev, "prev_prime({n})");
    }
}

/// Every `n` in windows at `2^32`, `2^63` and the top of the range, against
/// the plain Miller–Rabin test stepped one number at a time.
#[test]
fn next_and_prev_prime_in_windows_up_to_2_64() {
    let next = |n: u64| (n + 1..=u64::MAX).find(|&c| oracle_is_prime(c));
    let prev = |n: u64| (0..n).rev().find(|&c| oracle_is_prime(c));
    for start in [1 << 32, (1 << 63) - 2000, u64::MAX - 3000] {
        let (mut up, mut down) = (next(start), prev(start));
        for n in start..start + 3000 {
            if up.is_some_and(|p| p <= n) {
                up = next(n);
            }
            if oracle_is_prime(n - 1) {
                down = Some(n - 1);
            }
            assert_eq!(sieve::next_prime(n), up, "next_prime({n})");
            assert_eq!(sieve::prev_prime(n), down, "prev_prime({n})");
        }
    }
    assert_eq!(sieve::next_prime(LARGEST - 1), Some(LARGEST));
    assert_eq!(sieve::next_prime(LARGEST), None);
    assert_eq!(sieve::next_prime(u64::MAX), None);
    assert_eq!(sieve::prev_prime(u64::MAX), Some(LARGEST));
    assert_eq!(sieve::prev_prime(2), None);
    assert_eq!(sieve::prev_prime(0), None);
}

/// Random `n` against the oracle, on top of the sweeps.
#[test]
fn next_and_prev_prime_at_random() {
    let mut state = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..300 {
        let n = xorshift(&mut state);
        let up = (n + 1..=u64::MAX).find(|&c| oracle_is_prime(c));
        let down = (0..n).rev().find(|&c| oracle_is_prime(c));
        assert_eq!(sieve::next_prime(n), up, "next_prime({n})");
        assert_eq!(sieve::prev_prime(n), down, "prev_prime({n})");
    }
}

/// Every `n` whose prime is below `10^6`: the estimate falls on both sides
/// of the answer many times over (a unit test counts them).
#[test]
fn nth_prime_for_every_n_below_78_498() {
    let primes = primes_up_to(1_000_000);
    assert_eq!(sieve::nth_prime(0), None);
    for (i, &p) in primes.iter().enumerate() {
        let n = i as u64 + 1;
        assert_eq!(sieve::nth_prime(n), Some(p), "nth_prime({n})");
    }
}

/// OEIS A006988: the `10^k`-th prime.
const TEN_POWER_PRIMES: [u64; 17] = [
    2,
    29,
    541,
    7_919,
    104_729,
    1_299_709,
    15_485_863,
    179_424_673,
    2_038_074_743,
    22_801_763_489,
    252_097_800_623,
    2_760_727_302_517,
    29_996_224_275_833,
    323_780_508_946_331,
    3_475_385_758_524_527,
    37_124_508_045_065_437,
    394_906_913_903_735_329,
];

#[test]
fn nth_prime_matches_the_published_values() {
    for (k, &p) in TEN_POWER_PRIMES.iter().enumerate().take(12) {
        assert_eq!(sieve::nth_prime(10u64.pow(k as u32)), Some(p), "10^{k}");
    }
    assert_eq!(sieve::nth_prime(PRIMES_BELOW_2_64 + 1), None);
    assert_eq!(sieve::nth_prime(u64::MAX), None);
}

#[test]
#[ignore = "full size: run in release"]
fn nth_prime_matches_the_published_values_large() {
    for (k, &p) in TEN_POWER_PRIMES.iter().enumerate().skip(12) {
        assert_eq!(sieve::nth_prime(10u64.pow(k as u32)), Some(p), "10^{k}");
    }
}

/// The top of the range: minutes on two cores, so `.ci/run` skips it; run
/// it with `cargo test --release -- --ignored top_of_the_range`.
#[test]
#[ignore = "top of the range: minutes in release"]
fn top_of_the_range() {
    assert_eq!(sieve::prime_pi(u64::MAX), PRIMES_BELOW_2_64);
    assert_eq!(sieve::nth_prime(PRIMES_BELOW_2_64), Some(LARGEST));
    assert_eq!(
        sieve::nth_prime(PRIMES_BELOW_2_64 - 1),
        sieve::prev_prime(LARGEST)
    );
}
