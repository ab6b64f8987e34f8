//! The streaming sieve, `primes_in`, against trial division, a byte sieve
//! and a Miller–Rabin test: every bound, the edges of segments and pieces,
//! the squares of the sieving primes, both ends, and the switch between
//! sieving and testing. (`count_primes` answers wide ranges by the engine:
//! its switch is tested with the toolkit.)

mod common;

use common::*;
use primeboard::sieve::{self, Sieve};
use proptest::prelude::*;

/// The primes of `range`, sieved (or tested) and counted a word at a time,
/// whatever its width.
fn sieve_count(range: impl std::ops::RangeBounds<u64>) -> u64 {
    sieve::primes_in(range).unwrap().count() as u64
}

#[test]
fn ranges_match_trial_division() {
    for lo in 0..130 {
        for hi in lo..lo + 130 {
            let expected = naive_primes(lo, hi);
            let got: Vec<u64> = sieve::primes_in(lo..hi).unwrap().collect();
            assert_eq!(got, expected, "primes_in({lo}..{hi})");
            assert_eq!(
                sieve_count(lo..hi),
                expected.len() as u64,
                "count_primes({lo}..{hi})"
            );
        }
    }
}

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
        assert_eq!(sieve_count(0..hi), expected, "count_primes(0..{hi})");
        assert_eq!(
            sieve::primes_in(..hi).unwrap().count() as u64,
            expected,
            "primes_in(..{hi})"
        );
    }
}

/// Counts on both sides of `edge`, forwards and backwards, against trial
/// division of the numbers near it: the stream must neither lose nor
/// repeat a prime at the edge.
fn check_edge(lo: u64, edge: u64) {
    let base = edge - 1000;
    let below_base = sieve_count(lo..base);
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
        let count = sieve_count(lo..b);
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
    // The pieces of every size the sieve may choose are probed, whichever
    // this core's is.
    for piece in PIECES {
        check_edge(0, piece);
        for lo in [1_000_003, 1_000_000_000_007] {
            let first = lo / 30 * 30;
            check_edge(lo, first + piece);
            check_edge(lo, first + 7 * piece);
        }
    }
    check_edge(0, SEGMENT);
    check_edge(0, 2 * SEGMENT);
    for lo in [1_000_003, 1_000_000_000_007] {
        check_edge(lo, lo / 30 * 30 + SEGMENT);
    }
}

#[test]
fn decoded_batch_edges() {
    // Each end decodes its bits a batch of words at a time: from 0, from a
    // range's first byte (lo), and down from its last (hi).
    check_edge(0, DECODED);
    check_edge(0, 2 * DECODED);
    check_edge(0, SEGMENT + DECODED);
    let lo = 1_000_000_007;
    check_edge(lo, lo / 30 * 30 + DECODED);
    let table = byte_sieve(3 * SEGMENT + 1000);
    let primes = |b: u64, hi: u64| (b..hi).filter(|&n| table[n as usize]).collect::<Vec<_>>();
    for hi in [SEGMENT, 3 * SEGMENT + 1000] {
        let last = hi.div_ceil(30) * 30;
        for edge in [last - DECODED, last - 2 * DECODED] {
            for b in [edge - 30, edge - 1, edge, edge + 1, edge + 30] {
                let down: Vec<u64> = sieve::primes_in(b..hi).unwrap().rev().collect();
                let up: Vec<u64> = sieve::primes_in(b..hi).unwrap().collect();
                assert!(down.iter().rev().eq(up.iter()), "{b}..{hi}");
                assert_eq!(up, primes(b, hi), "{b}..{hi}");
            }
        }
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
    // Sieving primes below a quarter of the L1 piece's bytes (8192, 12288
    // or 16384, whichever piece the core takes) work per piece, the rest
    // per segment: the two primes on either side of each bound, and their
    // squares the bounds at which each first crosses off.
    let table = byte_sieve(269_600_000);
    let between = |lo: u64, hi: u64| {
        table[lo as usize..hi as usize]
            .iter()
            .filter(|&&p| p)
            .count() as u64
    };
    for p in [
        8179u64, 8191, 8209, 8219, 12277, 12281, 12289, 12301, 16369, 16381, 16411, 16417,
    ] {
        // The primes below `p² - 1002`, counted once.
        let base = between(0, p * p - 1002);
        let below = |hi: u64| base + between(p * p - 1002, hi);
        for hi in p * p - 2..=p * p + 2 {
            assert_eq!(sieve_count(0..hi), below(hi), "count_primes(0..{hi})");
            assert_eq!(
                sieve_count(hi - 1000..hi),
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
            assert_eq!(sieve_count(lo..hi), expected.len() as u64, "{lo}..{hi}");
        }
    }
}

#[test]
fn every_kind_of_range() {
    assert_eq!(sieve_count(..=97), 25);
    assert_eq!(sieve_count(..97), 24);
    assert_eq!(sieve_count(97..=97), 1);
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
    assert_eq!(sieve_count(last), 0);
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

/// Whether `primes` sieves its range rather than testing each number, as
/// its `Debug` says.
fn is_sieved(primes: &sieve::PrimesIn) -> bool {
    format!("{primes:?}").contains("sieved: true")
}

/// The primes of `range` forwards, backwards and counted, against the
/// Miller–Rabin oracle; `sieved` says whether the range must be sieved.
fn check_against_the_oracle(range: std::ops::Range<u64>, sieved: bool) {
    let expected = miller_rabin::primes(range.start, range.end);
    let primes = sieve::primes_in(range.clone()).unwrap();
    assert_eq!(is_sieved(&primes), sieved, "primes_in({range:?}) sieved");
    assert!(primes.eq(expected.iter().copied()), "primes_in({range:?})");
    let back = sieve::primes_in(range.clone()).unwrap().rev();
    assert!(
        back.eq(expected.iter().rev().copied()),
        "primes_in({range:?}).rev()"
    );
    assert_eq!(
        sieve_count(range.clone()),
        expected.len() as u64,
        "count_primes({range:?})"
    );
}

#[test]
fn prime_squares_are_composite() {
    let sieve = Sieve::new(2_000_000).unwrap();
    for p in sieve.primes().take_while(|p| p * p <= 2_000_000) {
        for n in [p * p, p * p + 2] {
            assert_eq!(sieve.is_prime(n), trial_division(n), "{n}");
        }
        assert!(!sieve.is_prime(p * p), "{p}^2");
    }
    // Ranges this narrow are tested, not sieved.
    for p in [1_000_003u64, 2_147_483_647, 4_294_967_291] {
        assert!(sieve::is_prime(p));
        assert!(!sieve::is_prime(p * p), "{p}^2");
        assert_eq!(sieve_count(p * p - 1..p * p + 1), 0, "around {p}^2");
    }
}

/// The ranges that start at `p²`, that end at it and that straddle it,
/// just wide enough to be sieved and, for `p > 31`, narrower than `2p`:
/// the square root of their last number is below `p + 1`, so that `p` is
/// their largest sieving prime.
fn around_the_square(p: u64) -> [std::ops::Range<u64>; 3] {
    let square = p * p;
    let width = (p / 64 + 2).max(64);
    [
        square..square + width,
        (square + 1).saturating_sub(width)..square + 1,
        square.saturating_sub(width / 2)..square + width / 2,
    ]
}

#[test]
fn sieved_ranges_cross_off_prime_squares() {
    // Every prime below 2^15, past each end of the small sieving primes
    // (8192, 12288 and 16384, for pieces of 32, 48 and 64 KiB), then the
    // three primes on either side of 2^16, of 2^20 (a segment's bytes,
    // from which a medium prime steps from multiple to multiple) and
    // of 2^22 (where the buckets start), and one on either side of 2^24
    // (the largest sieving primes of ranges near 2^48); the largest of all
    // runs in release.
    let mut primes = miller_rabin::primes(0, 1 << 15);
    for (power, count) in [
        (1u64 << 14, 3),
        (1 << 16, 3),
        (1 << 20, 3),
        (1 << 22, 3),
        (1 << 24, 1),
    ] {
        let above = (power..).filter(|&n| miller_rabin::is_prime(n));
        let below = (0..power).rev().filter(|&n| miller_rabin::is_prime(n));
        primes.extend(above.take(count).chain(below.take(count)));
    }
    for p in primes {
        for range in around_the_square(p) {
            check_against_the_oracle(range, true);
        }
    }
}

#[test]
#[ignore = "full size: run in release"]
fn the_largest_sieving_prime_crosses_off_its_square() {
    // 4 294 967 291, the largest prime below 2^32, is the largest sieving
    // prime of any range; it is √ of the last number of the range that
    // ends at its square. (The ranges that start there take as long, and
    // every smaller prime has them.)
    let [_, ending, _] = around_the_square(4_294_967_291);
    check_against_the_oracle(ending, true);
}

/// The largest prime below `2^64`.
const LARGEST: u64 = 18_446_744_073_709_551_557;

#[test]
fn near_u64_max() {
    // A thousand numbers are tested one by one, below √hi / 64 = 2^26.
    check_against_the_oracle(u64::MAX - 1000..u64::MAX, false);
    let window = sieve::primes_in(LARGEST - 1000..).unwrap();
    assert_eq!(window.last(), Some(LARGEST));
    assert_eq!(sieve::primes_in(LARGEST + 1..).unwrap().next(), None);
    assert_eq!(sieve_count(LARGEST..), 1);
}

#[test]
fn wide_windows_match_the_oracle() {
    // Windows twice as wide as √hi / 64, the width below which they would
    // be tested, up to 2^52; the one near 2^64 runs in release.
    for hi in [1u64 << 32, 1 << 40, 1 << 48, (1 << 52) + 1_000_003] {
        let width = 2 * (hi.isqrt() / 64);
        check_against_the_oracle(hi - width..hi, true);
    }
}

#[test]
fn a_prime_whose_last_multiple_the_presieve_crossed_is_left_out() {
    // A sieving prime whose one multiple `p m` left before the end of the
    // range has 7 | m, which the presieve crossed off, is not kept. Ranges
    // from just below `p m` end before, at and after its next multiple
    // `p (m + 2)`, with `m + 2` prime so that only `p` crosses that one
    // off: a small, a medium and a bucket prime (from `2^22`); and the
    // bucket prime with `11 | m`, as the buckets' wheel of 210 skips the
    // multipliers divisible by 7.
    let wheel = |m: u64| [2, 3, 5].iter().all(|&q| !m.is_multiple_of(q));
    for (p, q) in [(1009u64, 7), (13_001, 7), (4_194_319, 7), (4_194_319, 11)] {
        let divides = |m: u64| m.is_multiple_of(q) && (q == 7 || !m.is_multiple_of(7));
        let m = (p..)
            .find(|&m| divides(m) && wheel(m) && wheel(m + 2) && trial_division(m + 2))
            .unwrap();
        for hi in p * (m + 2) - 1..=p * (m + 2) + 2 {
            check_against_the_oracle(p * m - 1..hi, true);
        }
    }
}

#[test]
#[ignore = "full size: run in release"]
fn a_sieved_window_near_u64_max() {
    // 5 · 2^24 numbers, 1.25 times √hi / 64, sieved by every prime below
    // 2^32: 2.4 GB of sieving primes for each pass.
    check_against_the_oracle(u64::MAX - (5 << 24)..u64::MAX, true);
}

#[test]
fn empty_and_reversed_ranges() {
    assert_eq!(sieve_count(10..10), 0);
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = 100..10;
    assert_eq!(sieve_count(reversed.clone()), 0);
    assert_eq!(sieve::primes_in(reversed).unwrap().next(), None);
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
        prop_assert_eq!(sieve_count(lo..lo + width), expected.len() as u64);
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
    assert_eq!(sieve_count(0..27_890), 3043);
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

/// The parallel paths give the sequential answers, whatever the threads.
#[cfg(feature = "rayon")]
mod parallel {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn pieces_meet_exactly() {
        // Pieces have at least 4 whole segments: ranges of one piece, two
        // and three.
        let lo = 1_000_000_007;
        for width in [
            4 * SEGMENT - 1,
            4 * SEGMENT,
            4 * SEGMENT + 1,
            10 * SEGMENT + 12_345,
        ] {
            let range = lo..lo + width;
            let sequential = sieve::primes_in(range.clone())
                .unwrap()
                .fold((0u64, 0u128), |(c, s), p| (c + 1, s + u128::from(p)));
            for threads in [1, 3] {
                let (count, sum) = in_pool(threads, || {
                    let primes = sieve::primes_in(range.clone()).unwrap();
                    let count = primes.into_par_iter().count() as u64;
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

#[test]
fn bucket_primes_across_segments() {
    // Near 2^46 the sieving primes from 2^22 (the first in buckets) to
    // √hi have one or two multiples a segment: every bucket holds some
    // thousands of them (more than a block), each moves from bucket to
    // bucket, and some skip a segment. Two segments and a bit, from either
    // end; the windows near 10^15 and 2^63, where most skip many segments,
    // run in release.
    let lo = (1u64 << 46) - 12_345;
    check_against_the_oracle(lo..lo + 2 * SEGMENT + 7, true);
}

#[test]
#[ignore = "full size: run in release"]
fn bucket_primes_far_apart() {
    // Near 2^63 a window is sieved from √hi / 64 = 47 million numbers on.
    for (lo, width) in [
        (1_000_000_000_000_000u64 - 999, 2 * SEGMENT + 7),
        ((1 << 63) - 3 * SEGMENT, 8 * SEGMENT + 7),
    ] {
        check_against_the_oracle(lo..lo + width, true);
    }
}

#[cfg(feature = "rayon")]
#[test]
fn pieces_with_bucket_primes_agree() {
    // Twelve segments near 2^46 cut into pieces for three threads, each
    // piece with buckets of its own, against one thread and one piece.
    let range = (1u64 << 46)..(1 << 46) + 12 * SEGMENT;
    use rayon::prelude::*;
    let par_count = || {
        sieve::primes_in(range.clone())
            .unwrap()
            .into_par_iter()
            .count()
    };
    let one = in_pool(1, par_count) as u64;
    let three = in_pool(3, par_count) as u64;
    assert_eq!(one, three);
    let back = sieve::primes_in(range.clone()).unwrap().rev().count() as u64;
    assert_eq!(one, back);
}
