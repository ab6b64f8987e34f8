//! The bit-packed `Sieve` and `is_prime` against trial division, a byte
//! sieve and published prime counts.

mod common;

use common::*;
use primeboard::Error;
use primeboard::sieve::{self, Sieve};
use proptest::prelude::*;

#[test]
fn sieve_matches_trial_division_below_100_000() {
    let n = 100_000;
    let sieve = Sieve::new(n).unwrap();
    let mut count = 0;
    for k in 0..=n {
        let prime = trial_division(k);
        assert_eq!(sieve.is_prime(k), prime, "is_prime({k})");
        assert_eq!(sieve::is_prime(k), prime, "sieve::is_prime({k})");
        count += u64::from(prime);
        assert_eq!(sieve.prime_pi(k), Some(count), "prime_pi({k})");
        if prime {
            assert_eq!(sieve.nth_prime(count), Some(k), "nth_prime({count})");
        }
    }
    assert_eq!(sieve.nth_prime(count + 1), None);
    assert_eq!(sieve.prime_pi(n + 1), None);
    assert_eq!(sieve.primes().collect::<Vec<_>>(), naive_primes(0, n + 1));
}

#[test]
fn every_small_bound() {
    for n in 0..400 {
        let sieve = Sieve::new(n).unwrap();
        let expected = naive_primes(0, n + 1);
        assert_eq!(sieve.upper_bound(), n);
        assert_eq!(
            sieve.primes().collect::<Vec<_>>(),
            expected,
            "Sieve::new({n}).primes()"
        );
        assert_eq!(sieve.primes().count(), expected.len(), "count for {n}");
        let mut rev: Vec<u64> = sieve.primes().rev().collect();
        rev.reverse();
        assert_eq!(rev, expected, "reverse for {n}");
        for from in 0..n + 3 {
            let tail: Vec<u64> = expected.iter().copied().filter(|&p| p >= from).collect();
            assert_eq!(
                sieve.primes_from(from).collect::<Vec<_>>(),
                tail,
                "primes_from({from}) of {n}"
            );
            assert_eq!(sieve.primes_from(from).len(), tail.len());
        }
        assert_eq!(sieve.nth_prime(0), None);
    }
}

#[test]
fn every_sieve_up_to_60_000() {
    let table = byte_sieve(60_000);
    let primes: Vec<u64> = (0..=60_000).filter(|&k| table[k as usize]).collect();
    for n in 0..=60_000u64 {
        let sieve = Sieve::new(n).unwrap();
        let pi = primes.partition_point(|&p| p <= n);
        assert!(
            sieve.primes().eq(primes[..pi].iter().copied()),
            "Sieve::new({n}).primes()"
        );
        assert_eq!(sieve.primes().len(), pi, "Sieve::new({n}).primes().len()");
        assert_eq!(
            sieve.prime_pi(n),
            Some(pi as u64),
            "Sieve::new({n}).prime_pi({n})"
        );
        assert_eq!(
            sieve.prime_pi(n + 1),
            None,
            "Sieve::new({n}).prime_pi({})",
            n + 1
        );
        let last = pi.checked_sub(1).map(|i| primes[i]);
        assert_eq!(
            sieve.nth_prime(pi as u64),
            last,
            "Sieve::new({n}).nth_prime({pi})"
        );
        assert_eq!(
            sieve.nth_prime(pi as u64 + 1),
            None,
            "Sieve::new({n}).nth_prime({})",
            pi + 1
        );
        for k in n.saturating_sub(40)..n + 40 {
            let expected = table
                .get(k as usize)
                .copied()
                .unwrap_or_else(|| trial_division(k));
            assert_eq!(sieve.is_prime(k), expected, "Sieve::new({n}).is_prime({k})");
        }
    }
}

#[test]
fn miller_rabin_matches_trial_division_on_hard_cases() {
    // Carmichael numbers and strong pseudoprimes to small bases.
    for n in [
        561u64,
        1105,
        1729,
        2047,
        3277,
        4033,
        25_326_001,
        3_215_031_751,
        2_152_302_898_747,
        3_474_749_660_383,
        341_550_071_728_321,
    ] {
        assert!(!sieve::is_prime(n), "{n}");
    }
    for n in (1u64 << 32) - 1000..(1 << 32) + 1000 {
        assert_eq!(sieve::is_prime(n), trial_division(n), "{n}");
    }
}

/// Primes known by name: the largest below `2^31` (a Mersenne prime), `2^32`
/// and `10^12`, the Mersenne prime `2^61 - 1`, the largest below `2^64`.
const KNOWN_PRIMES: [u64; 5] = [
    2_147_483_647,
    4_294_967_291,
    999_999_999_989,
    2_305_843_009_213_693_951,
    18_446_744_073_709_551_557,
];

/// Composites by their prime factors: Carmichael numbers, strong
/// pseudoprimes to the first 1, 4, 5, 6, 8 and 11 prime bases (the last,
/// `3 825 123 056 546 413 051`, passes every base up to 31), the square of
/// the largest prime below `2^32`, and `u64::MAX`.
const KNOWN_COMPOSITES: &[&[u64]] = &[
    &[3, 11, 17],
    &[7, 13, 19],
    &[23, 89],
    &[151, 751, 28_351],
    &[6763, 10_627, 29_947],
    &[1303, 16_927, 157_543],
    &[10_670_053, 32_010_157],
    &[149_491, 747_451, 34_233_211],
    &[4_294_967_291, 4_294_967_291],
    &[3, 5, 17, 257, 641, 65_537, 6_700_417],
];

#[test]
fn the_miller_rabin_oracle_matches_trial_division() {
    // The oracle the tests compare wide windows with, checked on its own.
    for n in (0..100_000).chain((1 << 32) - 1000..(1 << 32) + 1000) {
        assert_eq!(miller_rabin::is_prime(n), trial_division(n), "{n}");
    }
    for p in KNOWN_PRIMES {
        assert!(miller_rabin::is_prime(p), "{p}");
    }
    for factors in KNOWN_COMPOSITES {
        assert!(factors.iter().all(|&f| trial_division(f)), "{factors:?}");
        let n = factors.iter().product::<u64>();
        assert!(!miller_rabin::is_prime(n), "{n} = {factors:?}");
    }
}

#[test]
fn is_prime_matches_the_oracle() {
    for p in KNOWN_PRIMES {
        assert!(sieve::is_prime(p), "{p}");
    }
    for factors in KNOWN_COMPOSITES {
        let n = factors.iter().product::<u64>();
        assert!(!sieve::is_prime(n), "{n} = {factors:?}");
    }
    // Seeded random n of every size, from 1 to 64 bits.
    let mut state = 0x5DEE_CE66_D1CE_4E5Bu64;
    for round in 0..200_000u64 {
        let n = xorshift(&mut state) >> (round % 64);
        assert_eq!(sieve::is_prime(n), miller_rabin::is_prime(n), "{n}");
    }
}

#[test]
fn published_prime_counts() {
    // OEIS A006880: π(10^k).
    let table: &[(u64, u64)] = &[
        (10, 4),
        (100, 25),
        (1_000, 168),
        (10_000, 1229),
        (100_000, 9592),
        (1_000_000, 78_498),
        (10_000_000, 664_579),
    ];
    for &(x, pi) in table {
        assert_eq!(
            sieve::count_primes(0..x).unwrap(),
            pi,
            "count_primes(0..{x})"
        );
        assert_eq!(
            Sieve::new(x).unwrap().prime_pi(x),
            Some(pi),
            "Sieve::new({x})"
        );
    }
}

#[test]
#[ignore = "full size: run in release"]
fn published_prime_counts_large() {
    let table: &[(u64, u64)] = &[
        (100_000_000, 5_761_455),
        (1_000_000_000, 50_847_534),
        (10_000_000_000, 455_052_511),
    ];
    for &(x, pi) in table {
        assert_eq!(
            sieve::count_primes(0..x).unwrap(),
            pi,
            "count_primes(0..{x})"
        );
    }
    let sieve = Sieve::new(1_000_000_000).unwrap();
    assert_eq!(sieve.prime_pi(1_000_000_000), Some(50_847_534));
    assert_eq!(sieve.nth_prime(50_847_534), Some(999_999_937));
}

#[test]
fn bad_input() {
    assert!(matches!(
        Sieve::new(u64::MAX),
        Err(Error::SieveTooLarge {
            upper_bound: u64::MAX,
            ..
        })
    ));
    assert!(matches!(
        Sieve::new(Sieve::MAX_UPPER_BOUND + 1),
        Err(Error::SieveTooLarge { .. })
    ));
}

#[test]
fn public_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Sieve>();
    assert_send_sync::<sieve::PrimesIn>();
    assert_send_sync::<sieve::Primes<'static>>();
    assert_send_sync::<Error>();
}

#[test]
fn sieve_folds_across_decoded_batches() {
    // `fold` decodes the words between the first and the last a batch at
    // a time: ranges whose inner words end on either side of a batch's.
    let n = 4 * DECODED + 1000;
    let sieve = Sieve::new(n).unwrap();
    let table = byte_sieve(n);
    for lo in [0, 239, 240, 241, DECODED - 1, DECODED + 239] {
        for batches in 1..=3 {
            let edge = lo / 240 * 240 + 240 + batches * DECODED;
            for hi in [edge - 240, edge - 1, edge, edge + 1, edge + 240, edge + 241] {
                let expected: u64 = (lo..hi).filter(|&k| table[k as usize]).sum();
                let got = sieve.primes_in(lo..hi).unwrap().sum::<u64>();
                assert_eq!(got, expected, "fold {lo}..{hi}");
            }
        }
    }
}

#[test]
fn sieve_ranges_every_pair() {
    // Word edges (64 bits = 240 numbers) and the sieve's own end.
    for n in [0u64, 1, 2, 7, 239, 240, 241, 479, 480, 500] {
        let sieve = Sieve::new(n).unwrap();
        for lo in 0..=n + 2 {
            for hi in lo..=n + 3 {
                let got = sieve.primes_in(lo..hi);
                if hi > n + 1 {
                    assert!(got.is_none(), "Sieve::new({n}).primes_in({lo}..{hi})");
                    continue;
                }
                let expected = naive_primes(lo, hi);
                let got = got.unwrap();
                assert_eq!(
                    got.len(),
                    expected.len(),
                    "Sieve::new({n}).primes_in({lo}..{hi}).len()"
                );
                assert_eq!(
                    got.clone().collect::<Vec<_>>(),
                    expected,
                    "Sieve::new({n}).primes_in({lo}..{hi})"
                );
                assert_eq!(
                    got.clone().fold(Vec::new(), |mut v, p| {
                        v.push(p);
                        v
                    }),
                    expected,
                    "fold {lo}..{hi} of {n}"
                );
                let mut back: Vec<u64> = got.rev().collect();
                back.reverse();
                assert_eq!(back, expected, "rev {lo}..{hi} of {n}");
            }
            let next = naive_primes(lo + 1, n + 1).first().copied();
            assert_eq!(
                sieve.next_prime(lo),
                next,
                "Sieve::new({n}).next_prime({lo})"
            );
            let prev = (lo <= n + 1)
                .then(|| naive_primes(0, lo).last().copied())
                .flatten();
            assert_eq!(
                sieve.prev_prime(lo),
                prev,
                "Sieve::new({n}).prev_prime({lo})"
            );
        }
        assert_eq!(
            sieve.primes_in(..).map(|p| p.len()),
            Some(naive_primes(0, n + 1).len())
        );
        assert_eq!(
            sieve.primes_in(..=n).map(|p| p.len()),
            Some(naive_primes(0, n + 1).len())
        );
        assert!(sieve.primes_in(..=n + 1).is_none());
    }
    let sieve = Sieve::new(100).unwrap();
    assert_eq!(sieve.next_prime(u64::MAX), None);
    assert_eq!(sieve.prev_prime(u64::MAX), None);
    assert!(sieve.primes_in(..=u64::MAX).is_none());
}

proptest! {
    #[test]
    fn sieve_ranges_match_the_stream(lo in 0u64..2_000_000, width in 0u64..200_000, pattern in any::<u64>()) {
        let sieve = Sieve::new(2_200_000).unwrap();
        let expected: Vec<u64> = sieve::primes_in(lo..lo + width).unwrap().collect();
        let got = sieve.primes_in(lo..lo + width).unwrap();
        prop_assert_eq!(got.len(), expected.len());
        prop_assert_eq!(got.clone().map(u128::from).sum::<u128>(), expected.iter().map(|&p| u128::from(p)).sum::<u128>());
        let mut it = got;
        let (mut front, mut back) = (Vec::new(), Vec::new());
        for k in 0.. {
            let item = if pattern >> (k % 64) & 1 == 1 { it.next().map(|p| front.push(p)) } else { it.next_back().map(|p| back.push(p)) };
            if item.is_none() { break; }
        }
        prop_assert_eq!(it.len(), 0);
        back.reverse();
        front.extend(back);
        prop_assert_eq!(front, expected);
    }
}

/// The parallel paths give the sequential answers, whatever the threads.
#[cfg(feature = "rayon")]
mod parallel {
    use super::*;

    #[test]
    #[ignore = "full size: run in release"]
    fn a_sieve_built_in_pieces() {
        let n = 5 * SEGMENT + 17;
        let table = byte_sieve(n);
        let built = in_pool(3, || Sieve::new(n).unwrap());
        let expected = (0..=n).filter(|&k| table[k as usize]);
        assert!(
            built.primes().eq(expected),
            "Sieve::new({n}) built in pieces"
        );
        assert_eq!(
            built.prime_pi(n),
            Some(table.iter().filter(|&&p| p).count() as u64)
        );
    }
}
