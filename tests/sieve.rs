//! The `sieve` module against trial division and published prime counts.

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
fn ranges_match_trial_division() {
    for lo in 0..130 {
        for hi in lo..lo + 130 {
            let expected = naive_primes(lo, hi);
            let got: Vec<u64> = sieve::primes_in(lo..hi).unwrap().collect();
            assert_eq!(got, expected, "primes_in({lo}..{hi})");
            assert_eq!(
                sieve::count_primes(lo..hi).unwrap(),
                expected.len() as u64,
                "count_primes({lo}..{hi})"
            );
        }
    }
}

/// Numbers per sieve segment (256 KiB, 30 numbers a byte) and per L1 piece
/// (32 KiB); a unit test in the crate keeps these in step with its constants.
const SEGMENT: u64 = 30 * 256 * 1024;
const PIECE: u64 = 30 * 32 * 1024;

/// The primes below `n` of a byte-per-number sieve, counted at every bound:
/// `counts[hi]` is `π(hi - 1)`, the number of primes `< hi`.
fn counts_below(n: u64) -> Vec<u64> {
    let table = byte_sieve(n);
    let mut counts = vec![0];
    for &prime in &table {
        counts.push(counts.last().unwrap() + u64::from(prime));
    }
    counts
}

#[test]
fn every_bound_up_to_100_000() {
    // Covers p² for every pre-sieved prime and the first streamed ones; the
    // sweep to 400 000 runs in release with the ignored tests.
    every_bound_up_to(100_000);
}

#[test]
#[ignore = "full size: run in release"]
fn every_bound_up_to_400_000() {
    every_bound_up_to(400_000);
}

fn every_bound_up_to(n: u64) {
    let counts = counts_below(n);
    for hi in 0..=n {
        let expected = counts[hi as usize];
        assert_eq!(
            sieve::count_primes(0..hi).unwrap(),
            expected,
            "count_primes(0..{hi})"
        );
        assert_eq!(
            sieve::primes_in(..hi).unwrap().count() as u64,
            expected,
            "primes_in(..{hi})"
        );
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

/// Counts on both sides of `edge`, forwards and backwards, against trial
/// division of the numbers near it: the stream must neither lose nor
/// repeat a prime at the edge.
fn check_edge(lo: u64, edge: u64) {
    let base = edge - 1000;
    let below_base = sieve::count_primes(lo..base).unwrap();
    let all_near = naive_primes(base, edge + 1000);
    for b in [
        edge - 31,
        edge - 30,
        edge - 29,
        edge - 1,
        edge,
        edge + 1,
        edge + 29,
        edge + 30,
        edge + 31,
        edge + 1000,
    ] {
        let near: Vec<u64> = all_near.iter().copied().filter(|&p| p < b).collect();
        let count = sieve::count_primes(lo..b).unwrap();
        assert_eq!(
            count - below_base,
            near.len() as u64,
            "count_primes({lo}..{b})"
        );
        let top: Vec<u64> = sieve::primes_in(lo..b)
            .unwrap()
            .rev()
            .take(near.len())
            .collect();
        assert!(
            top.iter().rev().eq(near.iter()),
            "primes_in({lo}..{b}).rev()"
        );
        let from: Vec<u64> = sieve::primes_in(2 * base - b..b)
            .unwrap()
            .skip_while(|&p| p < base)
            .collect();
        assert_eq!(from, near, "primes_in({}..{b})", 2 * base - b);
    }
}

#[test]
fn segment_and_piece_edges() {
    // From 0 every sieving prime joins on the way; elsewhere the segments
    // and pieces start at the range's first byte, wherever it is.
    check_edge(0, PIECE);
    check_edge(0, SEGMENT);
    check_edge(0, 2 * SEGMENT);
    for lo in [1_000_003, 1_000_000_000_007] {
        let first = lo / 30 * 30;
        check_edge(lo, first + PIECE);
        check_edge(lo, first + 7 * PIECE);
        check_edge(lo, first + SEGMENT);
    }
}

#[test]
fn backwards_across_whole_segments() {
    // The back end moves its sieving primes down one whole segment at a
    // time, then by a shorter step to the range's first byte.
    let n = 3 * SEGMENT + 1000;
    let table = byte_sieve(n);
    for lo in [0, 7, SEGMENT / 2 + 3] {
        let expected: Vec<u64> = (lo..n).filter(|&k| table[k as usize]).collect();
        let mut back: Vec<u64> = sieve::primes_in(lo..n).unwrap().rev().collect();
        back.reverse();
        assert!(back == expected, "primes_in({lo}..{n}).rev()");
    }
    for lo in [1_000_000_000_000u64, 1_000_000_000_000_000] {
        let range = lo..lo + 2 * SEGMENT + 77;
        let forwards: Vec<u64> = sieve::primes_in(range.clone()).unwrap().collect();
        let mut back: Vec<u64> = sieve::primes_in(range.clone()).unwrap().rev().collect();
        back.reverse();
        assert!(back == forwards, "primes_in({range:?}).rev()");
    }
}

#[test]
fn small_and_large_sieving_primes() {
    // Sieving primes below 4096 work per L1 piece, the rest per segment:
    // 4093 and 4099 are the last and first of each, and their squares the
    // bounds at which each first crosses off.
    let table = byte_sieve(17_000_000);
    let below = |hi: u64| table[..hi as usize].iter().filter(|&&p| p).count() as u64;
    for p in [4091u64, 4093, 4099, 4111] {
        for hi in p * p - 2..=p * p + 2 {
            assert_eq!(
                sieve::count_primes(0..hi).unwrap(),
                below(hi),
                "count_primes(0..{hi})"
            );
            assert_eq!(
                sieve::count_primes(hi - 1000..hi).unwrap(),
                below(hi) - below(hi - 1000),
                "count_primes({}..{hi})",
                hi - 1000
            );
        }
    }
}

#[test]
fn testing_and_sieving_agree_at_the_switch() {
    // A range narrower than √hi / 64 is tested number by number.
    for hi in [1_000_000u64, 100_000_007, 10_000_000_000, 10_000_000_019] {
        let root = (hi as f64).sqrt() as u64;
        for width in [root / 64 - 1, root / 64, root / 64 + 1, root / 64 + 2] {
            let lo = hi - width;
            let expected = naive_primes(lo, hi);
            assert_eq!(
                sieve::primes_in(lo..hi).unwrap().collect::<Vec<_>>(),
                expected,
                "{lo}..{hi}"
            );
            assert_eq!(
                sieve::count_primes(lo..hi).unwrap(),
                expected.len() as u64,
                "{lo}..{hi}"
            );
        }
    }
}

#[test]
fn every_kind_of_range() {
    assert_eq!(sieve::count_primes(..=97).unwrap(), 25);
    assert_eq!(sieve::count_primes(..97).unwrap(), 24);
    assert_eq!(sieve::count_primes(97..=97).unwrap(), 1);
    let excluded = (
        std::ops::Bound::Excluded(97),
        std::ops::Bound::Included(101),
    );
    assert_eq!(
        sieve::primes_in(excluded).unwrap().collect::<Vec<_>>(),
        [101]
    );
    let last = (
        std::ops::Bound::Excluded(u64::MAX),
        std::ops::Bound::Unbounded,
    );
    assert_eq!(sieve::count_primes(last).unwrap(), 0);
    assert_eq!(
        sieve::primes_in(u64::MAX - 100..).unwrap().last(),
        Some(18_446_744_073_709_551_557)
    );
    assert_eq!(
        sieve::primes_in(..=u64::MAX).unwrap().next_back(),
        Some(18_446_744_073_709_551_557)
    );
    assert_eq!(sieve::primes_in(1000..).unwrap().next(), Some(1009));
}

#[test]
fn prime_squares_are_composite() {
    let sieve = Sieve::new(2_000_000).unwrap();
    for p in sieve.primes().take_while(|p| p * p <= 2_000_000) {
        for n in [p * p, p * p + 2] {
            assert_eq!(sieve.is_prime(n), trial_division(n), "{n}");
        }
        assert!(!sieve.is_prime(p * p), "{p}^2");
        assert_eq!(sieve::count_primes(p * p..p * p + 1).unwrap(), 0, "{p}^2");
    }
    for p in [1_000_003u64, 2_147_483_647, 4_294_967_291] {
        assert!(sieve::is_prime(p));
        assert!(!sieve::is_prime(p * p), "{p}^2");
        assert_eq!(
            sieve::count_primes(p * p - 1..p * p + 1).unwrap(),
            0,
            "around {p}^2"
        );
    }
}

#[test]
fn near_u64_max() {
    const LARGEST: u64 = 18_446_744_073_709_551_557;
    assert!(sieve::is_prime(LARGEST));
    assert_eq!(
        sieve::primes_in(LARGEST - 1000..u64::MAX)
            .unwrap()
            .next_back(),
        Some(LARGEST)
    );
    assert_eq!(
        sieve::primes_in(LARGEST + 1..u64::MAX).unwrap().next(),
        None
    );
    let window: Vec<u64> = sieve::primes_in(u64::MAX - 1000..u64::MAX)
        .unwrap()
        .collect();
    let tested: Vec<u64> = (u64::MAX - 1000..u64::MAX)
        .filter(|&n| sieve::is_prime(n))
        .collect();
    assert_eq!(window, tested);
    assert_eq!(window.last(), Some(&LARGEST));
    assert_eq!(
        sieve::count_primes(u64::MAX - 1000..u64::MAX).unwrap(),
        tested.len() as u64
    );
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
    assert_eq!(sieve::count_primes(10..10).unwrap(), 0);
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = 100..10;
    assert_eq!(sieve::count_primes(reversed.clone()).unwrap(), 0);
    assert_eq!(sieve::primes_in(reversed).unwrap().next(), None);
}

#[test]
fn public_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Sieve>();
    assert_send_sync::<sieve::PrimesIn>();
    assert_send_sync::<sieve::Primes<'static>>();
    assert_send_sync::<Error>();
}

proptest! {
    #[test]
    fn random_ranges_match_naive(lo in 0u64..3_000_000, width in 0u64..3_000) {
        let expected = naive_primes(lo, lo + width);
        let got: Vec<u64> = sieve::primes_in(lo..lo + width).unwrap().collect();
        prop_assert_eq!(&got, &expected);
        let mut rev: Vec<u64> = sieve::primes_in(lo..lo + width).unwrap().rev().collect();
        rev.reverse();
        prop_assert_eq!(&rev, &expected);
        prop_assert_eq!(sieve::count_primes(lo..lo + width).unwrap(), expected.len() as u64);
    }

    #[test]
    fn both_ends_meet(lo in 0u64..2_000_000, width in 0u64..100_000, pattern in any::<u64>()) {
        let expected: Vec<u64> = sieve::primes_in(lo..lo + width).unwrap().collect();
        let mut it = sieve::primes_in(lo..lo + width).unwrap();
        let (mut front, mut back) = (Vec::new(), Vec::new());
        for k in 0.. {
            let item = if pattern >> (k % 64) & 1 == 1 { it.next().map(|p| front.push(p)) } else { it.next_back().map(|p| back.push(p)) };
            if item.is_none() { break; }
        }
        prop_assert!(it.next().is_none() && it.next_back().is_none());
        back.reverse();
        front.extend(back);
        prop_assert_eq!(front, expected);
    }

    #[test]
    fn windows_anywhere(lo in any::<u64>(), width in 0u64..400) {
        let hi = lo.saturating_add(width);
        let tested: Vec<u64> = (lo..hi).filter(|&n| sieve::is_prime(n)).collect();
        prop_assert_eq!(sieve::primes_in(lo..hi).unwrap().collect::<Vec<_>>(), tested);
    }
}

#[test]
fn square_of_the_first_streamed_sieving_prime_is_crossed_off() {
    // 167² = 27889 was reported prime by every range ending in 27890..=28224:
    // 167 is the first prime past the pre-sieve, and it was only streamed
    // when √(hi - 1) exceeded 167.
    assert_eq!(
        sieve::primes_in(27_880..27_900)
            .unwrap()
            .collect::<Vec<_>>(),
        [27_883, 27_893]
    );
    assert_eq!(sieve::count_primes(0..27_890).unwrap(), 3043);
    for n in 27_880..28_240 {
        let s = Sieve::new(n).unwrap();
        assert!(!s.is_prime(27_889), "Sieve::new({n})");
        assert_eq!(
            s.prime_pi(n),
            Some(naive_primes(0, n + 1).len() as u64),
            "Sieve::new({n})"
        );
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
    use rayon::prelude::*;

    fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    }

    #[test]
    fn pieces_meet_exactly() {
        // Pieces have at least 16 whole segments: ranges of one piece, two
        // and three.
        let lo = 1_000_000_007;
        for width in [
            16 * SEGMENT - 1,
            16 * SEGMENT,
            16 * SEGMENT + 1,
            40 * SEGMENT + 12_345,
        ] {
            let range = lo..lo + width;
            let sequential = sieve::primes_in(range.clone())
                .unwrap()
                .fold((0u64, 0u128), |(c, s), p| (c + 1, s + u128::from(p)));
            for threads in [1, 3] {
                let (count, sum) = in_pool(threads, || {
                    let count = sieve::count_primes(range.clone()).unwrap();
                    let sum = sieve::primes_in(range.clone())
                        .unwrap()
                        .into_par_iter()
                        .map(u128::from)
                        .sum::<u128>();
                    (count, sum)
                });
                assert_eq!((count, sum), sequential, "{range:?} on {threads} threads");
            }
        }
    }

    #[test]
    #[ignore = "full size: run in release"]
    fn a_sieve_built_in_pieces() {
        let n = 17 * SEGMENT + 17;
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

    proptest! {
        #[test]
        fn partly_used_iterators_split_the_rest(lo in 0u64..1_000_000, width in 0u64..3_000_000, front in 0usize..50, back in 0usize..50) {
            let mut primes = sieve::primes_in(lo..lo + width).unwrap();
            let mut expected: Vec<u64> = primes.clone().collect();
            expected.drain(..front.min(expected.len()));
            expected.truncate(expected.len().saturating_sub(back));
            for _ in 0..front { primes.next(); }
            for _ in 0..back { primes.next_back(); }
            let mut got: Vec<u64> = primes.into_par_iter().collect();
            got.sort_unstable();
            prop_assert_eq!(got, expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn folds_after_both_ends_moved(lo in 0u64..3_000_000, width in 0u64..20_000_000, front in 0usize..300, back in 0usize..300) {
        // `fold` and `rfold` read whole words; after `next` and `next_back`
        // they must start and stop exactly where those left off.
        let all: Vec<u64> = sieve::primes_in(lo..lo + width).unwrap().collect();
        let mut primes = sieve::primes_in(lo..lo + width).unwrap();
        for _ in 0..front { primes.next(); }
        for _ in 0..back { primes.next_back(); }
        let rest = &all[front.min(all.len())..all.len().saturating_sub(back).max(front.min(all.len()))];
        let forwards = primes.clone().fold(Vec::new(), |mut v, p| { v.push(p); v });
        prop_assert_eq!(&forwards[..], rest);
        let mut backwards = primes.clone().rfold(Vec::new(), |mut v, p| { v.push(p); v });
        backwards.reverse();
        prop_assert_eq!(&backwards[..], rest);
        prop_assert_eq!(primes.count(), rest.len());
    }
}

// ---------------------------------------------------------------------------
// prime_pi, prime_sum and PrimeSums: the combinatorial engine against a plain
// sieve, Lucy's method, the segmented sieve and published values.
// ---------------------------------------------------------------------------

use common::lucy::lucy_sums;

/// `(π(x), Σ p, Σ p²)` through the three public entry points.
fn engine_sums(x: u64) -> (u64, u128, u128) {
    let sums = sieve::PrimeSums::new(x);
    assert_eq!(sums.x(), x);
    assert_eq!(sieve::prime_pi(x), sums.prime_pi(), "prime_pi({x})");
    assert_eq!(sieve::prime_sum(x), sums.sum(), "prime_sum({x})");
    (sums.prime_pi(), sums.sum(), sums.sum_of_squares().unwrap())
}

/// The sums over `primes_in(0..x + 1)`.
fn streamed_sums(x: u64) -> (u64, u128, u128) {
    sieve::primes_in(0..x + 1)
        .unwrap()
        .fold((0, 0, 0), |(c, s, q), p| {
            let p = u128::from(p);
            (c + 1, s + p, q + p * p)
        })
}

#[test]
fn engine_matches_a_plain_sieve_below_100_000() {
    let n = 100_000;
    let table = byte_sieve(n);
    let (mut c, mut s, mut q) = (0u64, 0u128, 0u128);
    for x in 0..=n {
        if table[x as usize] {
            c += 1;
            s += u128::from(x);
            q += u128::from(x) * u128::from(x);
        }
        assert_eq!(engine_sums(x), (c, s, q), "x = {x}");
    }
}

/// x at the engine's switches: the sieve cut-off 2^12, cubes and squares
/// (where ∛x and √x step), and x = y (⌊x / y⌋ + 1) ± 1 around the segment of
/// 2^21 integers for the y the engine picks near there.
#[test]
fn engine_thresholds() {
    let mut xs = vec![(1 << 12) - 1, 1 << 12, (1 << 12) + 1];
    for k in [50u64, 100, 215, 464, 1000, 2154] {
        for x in [k * k * k, k * k * k * k / 10, (10 * k).pow(2)] {
            if x <= 10_000_000_000 {
                xs.extend([x - 1, x, x + 1]);
            }
        }
    }
    for x in xs {
        let (c, s, q) = lucy_sums(x);
        assert_eq!(engine_sums(x), (c, s, q), "x = {x}");
    }
}

#[test]
fn engine_matches_lucy_at_seeded_random_x() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..60 {
        xorshift(&mut state);
        // x up to 10^5, 10^6, ..., 10^9 in turn.
        let x = state % 10u64.pow(5 + round % 5);
        assert_eq!(engine_sums(x), lucy_sums(x), "x = {x}");
    }
}

#[test]
fn engine_matches_summed_primes_in() {
    for x in [123_456_789u64, 999_999_999, 1_000_000_000] {
        assert_eq!(engine_sums(x), streamed_sums(x), "x = {x}");
    }
}

#[test]
#[ignore = "full size: run in release"]
fn engine_matches_the_segmented_sieve_at_random_x() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for round in 0..12 {
        xorshift(&mut state);
        let x = state % 10u64.pow(9 + round % 2) + 1;
        assert_eq!(engine_sums(x), streamed_sums(x), "x = {x}");
        if round % 4 == 0 {
            let big = state % 100_000_000_000;
            let counted = sieve::count_primes(0..big + 1).unwrap();
            assert_eq!(sieve::prime_pi(big), counted, "prime_pi({big})");
        }
    }
}

#[test]
#[ignore = "full size: run in release"]
fn engine_matches_lucy_up_to_1e11() {
    for x in [
        10_000_000_000u64,
        31_622_776_601,
        99_999_999_977,
        100_000_000_000,
    ] {
        assert_eq!(engine_sums(x), lucy_sums(x), "x = {x}");
    }
}

/// π(10^k) (OEIS A006880) and the sum of the primes below 10^k (OEIS A046731).
const PUBLISHED: &[(u32, u64, u128)] = &[
    (1, 4, 17),
    (2, 25, 1060),
    (3, 168, 76_127),
    (4, 1229, 5_736_396),
    (5, 9592, 454_396_537),
    (6, 78_498, 37_550_402_023),
    (7, 664_579, 3_203_324_994_356),
    (8, 5_761_455, 279_209_790_387_276),
    (9, 50_847_534, 24_739_512_092_254_535),
    (10, 455_052_511, 2_220_822_432_581_729_238),
    (11, 4_118_054_813, 201_467_077_743_744_681_014),
    (12, 37_607_912_018, 18_435_588_552_550_705_911_377),
    (13, 346_065_536_839, 1_699_246_443_377_779_418_889_494),
    (14, 3_204_941_750_802, 157_589_260_710_736_940_541_561_021),
    (
        15,
        29_844_570_422_669,
        14_692_398_516_908_006_398_225_702_366,
    ),
    (
        16,
        279_238_341_033_925,
        1_376_110_854_313_351_899_159_632_866_552,
    ),
];

fn check_published(k_range: std::ops::RangeInclusive<u32>) {
    for &(k, pi, sum) in PUBLISHED.iter().filter(|row| k_range.contains(&row.0)) {
        let x = 10u64.pow(k);
        assert_eq!(sieve::prime_pi(x), pi, "prime_pi(10^{k})");
        assert_eq!(sieve::prime_sum(x), sum, "prime_sum(10^{k})");
    }
}

#[test]
fn published_pi_and_sums() {
    check_published(1..=11);
}

#[test]
#[ignore = "full size: run in release"]
fn published_pi_and_sums_large() {
    check_published(12..=16);
}

#[test]
#[ignore = "full size: run in release"]
fn sum_of_squares_past_u128() {
    let sums = sieve::PrimeSums::new(100_000_000_000_000);
    assert_eq!(sums.prime_pi(), 3_204_941_750_802);
    assert_eq!(
        sums.sum_of_squares(),
        Err(Error::PrimeSumOverflow {
            x: 100_000_000_000_000,
            power: 2
        })
    );
}

#[test]
#[ignore = "full size: run in release"]
fn sum_of_squares_boundary() {
    // The first x whose Σ p² passes u128::MAX, found by bisection on
    // sum_of_squares: the prime 31 543 762 261 367.
    const FIRST: u64 = 31_543_762_261_367;
    assert!(sieve::is_prime(FIRST));
    let below = sieve::PrimeSums::new(FIRST - 1);
    let squares = below.sum_of_squares().unwrap();
    assert!(squares.checked_add(u128::from(FIRST).pow(2)).is_none());
    // count_grids carries Σ p² in 192 bits, by another path of the engine.
    let grids = primeboard::sliding_game::count_grids(FIRST).unwrap();
    assert_eq!(
        grids,
        2 + (squares - 13 - u128::from(below.prime_pi() - 2)) / 12
    );
    assert_eq!(
        sieve::PrimeSums::new(FIRST).sum_of_squares(),
        Err(Error::PrimeSumOverflow { x: FIRST, power: 2 })
    );
}
