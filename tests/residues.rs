//! `prime_pi_by_residue` and `prime_sum_by_residue`: the engine split by
//! class against a byte sieve whose primes are sorted into their classes,
//! the segmented sieve over windows, `prime_pi` and `prime_sum`, and
//! published counts.

mod common;

use common::*;
use primeboard::Error;
use primeboard::sieve::{self, MAX_MODULUS};

/// Every `x <= limit` in turn, each checked modulo the `q` that `moduli(x)`
/// names, against a byte sieve's primes sorted into their classes modulo
/// every `q <= 100` as they come.
fn sweep<I: IntoIterator<Item = u64>>(limit: u64, moduli: impl Fn(u64) -> I) {
    let table = byte_sieve(limit);
    let all = 1..=MAX_MODULUS;
    let mut counts: Vec<Vec<u64>> = all.clone().map(|q| vec![0; q as usize]).collect();
    let mut sums: Vec<Vec<u128>> = all.map(|q| vec![0; q as usize]).collect();
    for x in 0..=limit {
        if table[x as usize] {
            for (i, (counts, sums)) in counts.iter_mut().zip(&mut sums).enumerate() {
                let r = (x % (i as u64 + 1)) as usize;
                counts[r] += 1;
                sums[r] += u128::from(x);
            }
        }
        for q in moduli(x) {
            let i = q as usize - 1;
            check(x, q, &counts[i], &sums[i]);
        }
    }
}

/// Both entry points at `x` modulo `q`, against the sieve's classes.
fn check(x: u64, q: u64, counts: &[u64], sums: &[u128]) {
    assert_eq!(
        sieve::prime_pi_by_residue(x, q).unwrap(),
        counts,
        "π({x}) mod {q}"
    );
    assert_eq!(
        sieve::prime_sum_by_residue(x, q).unwrap(),
        sums,
        "Σp({x}) mod {q}"
    );
}

/// The engine takes over from the sieve at 2^12.
const ENGINE_FROM: u64 = 1 << 12;

/// The moduli whose sums come from runs twisted by characters (`q = 1, 2`
/// in one scalar run, `q = 4` in two, `q = 3, 6` with two characters and
/// `q = 8, 12` with four), those split into 8 or 12 classes, and those
/// (`q = 2k`, `k >= 5` odd) whose odd classes are the classes modulo `k`,
/// `k` split into 8, 12 and 100 classes.
const BY_CHARACTERS: [u64; 7] = [1, 2, 4, 3, 6, 8, 12];
const BY_SHORT_VECTORS: [u64; 4] = [5, 7, 9, 11];
const BY_HALVES: [u64; 3] = [10, 22, 98];

/// The moduli from 13 on share one route (100 classes): each `x` is
/// checked modulo one of them, taken in turn for runs of 100 consecutive
/// `x`, so that every such `q` meets `x` in every class modulo `q`.
fn long_vector_modulus(x: u64) -> u64 {
    13 + (x / 100) % (MAX_MODULUS - 12)
}

#[test]
fn every_modulus_matches_a_sieve_by_class() {
    // Every q at the switch from the sieve to the engine and at x spread
    // over 2 · 10^5 with an odd step, so that they fall on every class.
    let edges = [0, 1, 2, 3, ENGINE_FROM - 1, ENGINE_FROM, ENGINE_FROM + 1];
    sweep(200_000, |x| {
        let checked = edges.contains(&x) || x >= 5000 && (x - 5000).is_multiple_of(9973);
        (1..=MAX_MODULUS).filter(move |_| checked)
    });
}

#[test]
fn every_x_matches_a_sieve_by_class_for_small_moduli() {
    // Every x to 20 000 through each route: the largest q of the 8- and
    // 12-class vectors and the least of the longer ones beside the routes
    // by characters and by halves.
    sweep(20_000, |_| [1, 2, 4, 6, 7, 10, 11, 12, 13, 14]);
}

#[test]
#[ignore = "full size: run in release"]
fn every_x_to_5000_matches_a_sieve_by_class_for_every_modulus() {
    // Every pair (x, q) past the engine's start.
    sweep(5000, |_| 1..=MAX_MODULUS);
}

#[test]
#[ignore = "full size: run in release"]
fn every_x_to_200_000_matches_a_sieve_by_characters() {
    sweep(200_000, |_| BY_CHARACTERS);
}

#[test]
#[ignore = "full size: run in release"]
fn every_x_to_200_000_matches_a_sieve_by_short_vectors() {
    sweep(200_000, |_| BY_SHORT_VECTORS);
}

#[test]
#[ignore = "full size: run in release"]
fn every_x_to_200_000_matches_a_sieve_by_halves() {
    sweep(200_000, |_| BY_HALVES);
}

#[test]
#[ignore = "full size: run in release"]
fn every_x_to_200_000_matches_a_sieve_by_long_vectors() {
    sweep(200_000, |x| [long_vector_modulus(x)]);
}

/// At seeded random `x` below `top` and random `q`: the classes add up to
/// `prime_pi` and `prime_sum`, and the change from `x - 10^6` is the
/// segmented sieve's primes of the window sorted into their classes.
fn check_random_windows(top: u64, cases: usize, seed: u64) {
    let mut state = seed;
    for _ in 0..cases {
        let x = 1_000_000 + xorshift(&mut state) % (top - 1_000_000);
        let q = 1 + xorshift(&mut state) % MAX_MODULUS;
        let lo = x - 1_000_000;
        let (counts, sums) = (
            sieve::prime_pi_by_residue(x, q).unwrap(),
            sieve::prime_sum_by_residue(x, q).unwrap(),
        );
        assert_eq!(
            counts.iter().sum::<u64>(),
            sieve::prime_pi(x),
            "π({x}) mod {q}"
        );
        assert_eq!(
            sums.iter().sum::<u128>(),
            sieve::prime_sum(x),
            "Σp({x}) mod {q}"
        );
        let (mut below, mut sums_below) = (
            sieve::prime_pi_by_residue(lo, q).unwrap(),
            sieve::prime_sum_by_residue(lo, q).unwrap(),
        );
        for p in sieve::primes_in(lo + 1..=x).unwrap() {
            below[(p % q) as usize] += 1;
            sums_below[(p % q) as usize] += u128::from(p);
        }
        assert_eq!(below, counts, "π mod {q} from {lo} to {x}");
        assert_eq!(sums_below, sums, "Σp mod {q} from {lo} to {x}");
    }
}

#[test]
fn classes_match_windows_at_seeded_random_x() {
    check_random_windows(1_000_000_000, 20, 0x5eed_0021);
}

#[test]
#[ignore = "full size: run in release"]
fn classes_match_windows_at_random_x_to_1e11() {
    check_random_windows(100_000_000_000, 10, 0x5eed_1021);
}

/// The primes below `10^k` that are 3 modulo 4 less those that are 1,
/// `k = 1, 2, ...` (OEIS A091295).
const THREE_LESS_ONE_MOD_4: [u64; 14] = [
    1, 2, 7, 10, 25, 147, 218, 446, 551, 5960, 14252, 63337, 118472, 183457,
];

/// The primes below `10^k` that are 1, 3, 7 and 9 modulo 10 (OEIS
/// A073505 to A073508).
const MOD_10: [[u64; 4]; 13] = [
    [0, 1, 1, 0],
    [5, 7, 6, 5],
    [40, 42, 46, 38],
    [306, 310, 308, 303],
    [2387, 2402, 2411, 2390],
    [19617, 19665, 19621, 19593],
    [166_104, 166_230, 166_211, 166_032],
    [1_440_298, 1_440_474, 1_440_495, 1_440_186],
    [12_711_386, 12_712_499, 12_712_314, 12_711_333],
    [113_761_519, 113_765_625, 113_764_039, 113_761_326],
    [1_029_517_130, 1_029_509_448, 1_029_518_337, 1_029_509_896],
    [9_401_960_980, 9_401_979_904, 9_401_997_000, 9_401_974_132],
    [
        86_516_370_000,
        86_516_427_946,
        86_516_367_790,
        86_516_371_101,
    ],
];

/// The published classes below `10^k` modulo 4 (from `π(10^k)`, tested
/// against its own published values, and the difference) and modulo 10.
fn check_published(k_range: std::ops::RangeInclusive<usize>) {
    for k in k_range {
        let x = 10u64.pow(k as u32);
        if let Some(&difference) = THREE_LESS_ONE_MOD_4.get(k - 1) {
            // The odd primes split as (π - 1 ∓ difference) / 2.
            let odd = sieve::prime_pi(x) - 1;
            let one = (odd - difference) / 2;
            let want = vec![0, one, 1, one + difference];
            assert_eq!(
                sieve::prime_pi_by_residue(x, 4).unwrap(),
                want,
                "10^{k} mod 4"
            );
        }
        if let Some(&[one, three, seven, nine]) = MOD_10.get(k - 1) {
            let want = vec![0, one, 1, three, 0, 1, 0, seven, 0, nine];
            assert_eq!(
                sieve::prime_pi_by_residue(x, 10).unwrap(),
                want,
                "10^{k} mod 10"
            );
        }
    }
}

#[test]
fn published_counts_modulo_4_and_10() {
    check_published(1..=11);
}

#[test]
#[ignore = "full size: run in release"]
fn published_counts_modulo_4_and_10_large() {
    check_published(12..=14);
}

#[test]
fn answers_do_not_depend_on_the_threads() {
    for (x, q) in [
        // From 2^32 on the engine shares out its work.
        (5_000_000_000u64, 4u64),
        (12_345_678_901, 12),
        (4_987_654_321, 97),
    ] {
        let one = in_pool(1, || sieve::prime_sum_by_residue(x, q).unwrap());
        for threads in [2, 3, 7] {
            let got = in_pool(threads, || sieve::prime_sum_by_residue(x, q).unwrap());
            assert_eq!(got, one, "x = {x}, q = {q}, {threads} threads");
        }
    }
}

#[test]
fn moduli_out_of_range_are_refused() {
    for q in [0, MAX_MODULUS + 1, u64::MAX] {
        let refused = Err(Error::InvalidModulus {
            q,
            max: MAX_MODULUS,
        });
        assert_eq!(sieve::prime_pi_by_residue(1000, q), refused);
        assert_eq!(
            sieve::prime_sum_by_residue(u64::MAX, q).map(|_| ()),
            refused.map(|_: Vec<u64>| ())
        );
    }
    // The top of the range takes every modulus.
    assert_eq!(sieve::prime_pi_by_residue(1, 100).unwrap(), vec![0; 100]);
}
