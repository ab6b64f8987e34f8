//! `prime_pi`, `prime_sum` and `PrimeSums`: the combinatorial engine
//! against a plain sieve, Lucy's method, the segmented sieve and
//! published values.

mod common;

use common::lucy::{U192, lucy_squares, lucy_sums};
use common::*;
use primeboard::Error;
use primeboard::sieve;

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

/// The `x` where `li(x³) = 2^128`, by bisection: `Σ_{p <= x} p²` is about
/// `li(x³)`, which is `N / L Σ_k k! / L^k` for `N = x³`, `L = ln N`, the
/// series cut where its terms are below `10^-20`.
fn where_li_of_the_cube_is_2_to_128() -> u64 {
    let li_of_cube = |x: f64| {
        let (n, l) = (x.powi(3), 3.0 * x.ln());
        let series: f64 = (0..20)
            .scan(1.0, |term, k| {
                let this = *term;
                *term *= f64::from(k + 1) / l;
                Some(this)
            })
            .sum();
        n / l * series
    };
    let (mut lo, mut hi) = (1e12, 1e15);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        match li_of_cube(mid) < 2f64.powi(128) {
            true => lo = mid,
            false => hi = mid,
        }
    }
    lo as u64
}

#[test]
fn lucy_squares_matches_the_plain_sums() {
    // The oracle of the boundary below, checked on its own.
    let table = byte_sieve(3000);
    let mut squares = 0u128;
    for x in 0..=3000 {
        if table[x as usize] {
            squares += u128::from(x) * u128::from(x);
        }
        assert_eq!(lucy_squares(x).to_u128(), Some(squares), "x = {x}");
    }
    let mut state = 0x0DDB_1A5E_5BAD_5EEDu64;
    for round in 0..20 {
        let x = xorshift(&mut state) % 10u64.pow(5 + round % 5);
        assert_eq!(lucy_squares(x).to_u128(), Some(lucy_sums(x).2), "x = {x}");
    }
    // Past 2^128, where the wrapping sums would lose the carry.
    let max = U192::from_u128(u128::MAX);
    assert_eq!(max.plus(U192::from_u128(1)).to_u128(), None);
    assert_eq!(max.plus(max).minus(max).to_u128(), Some(u128::MAX));
    let product = max.times(1 << 40);
    assert_eq!(product.to_u128(), None);
    let back = product.minus(max.times((1 << 40) - 1));
    assert_eq!(back.to_u128(), Some(u128::MAX));
}

#[test]
#[ignore = "full size: run in release"]
fn sum_of_squares_boundary() {
    // The first prime whose Σ p² passes u128::MAX, without the crate: from
    // where li(x³) = 2^128, Lucy's exact Σ p² in 192 bits, then prime by
    // prime (the Miller–Rabin oracle) to where the sum passes u128::MAX.
    let start = where_li_of_the_cube_is_2_to_128();
    let (mut n, mut squares) = (start, lucy_squares(start));
    // Σ_{p <= n} p² = squares, at each step.
    while squares.to_u128().is_none() {
        if miller_rabin::is_prime(n) {
            squares = squares.minus(U192::square(n));
        }
        n -= 1;
    }
    let first = loop {
        n += 1;
        if miller_rabin::is_prime(n) {
            let next = squares.plus(U192::square(n));
            if next.to_u128().is_none() {
                break n;
            }
            squares = next;
        }
    };
    assert!(first.abs_diff(start) < 100_000_000, "li(x³) was far off");
    let below = squares.to_u128().unwrap();
    // The docs of `PrimeSums::sum_of_squares` name it.
    assert_eq!(first, 31_543_762_261_367);
    let last = sieve::PrimeSums::new(first - 1);
    assert_eq!(last.sum_of_squares(), Ok(below));
    assert_eq!(
        sieve::PrimeSums::new(first).sum_of_squares(),
        Err(Error::PrimeSumOverflow { x: first, power: 2 })
    );
    // count_grids carries Σ p² in 192 bits, by another path of the engine.
    let grids = primeboard::sliding_game::count_grids(first).unwrap();
    assert_eq!(
        grids,
        2 + (below - 13 - u128::from(last.prime_pi() - 2)) / 12
    );
}

#[test]
fn prime_sums_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<sieve::PrimeSums>();
}
