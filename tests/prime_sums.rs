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
    // Every x past the engine's switches below 10^5: from 2^12 on it runs
    // (below, the primes are sieved: its own least x, 27, is out of
    // reach), with y at its least, ∛x + 1, up to x = 18 862, and the steps
    // of ∛x, √x and x^(1/4) up to 46, 316 and 17.
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

/// `⌊∛x⌋`.
fn cube_root(x: u64) -> u64 {
    let mut r = (x as f64).cbrt() as u64;
    while u128::from(r).pow(3) > u128::from(x) {
        r -= 1;
    }
    while u128::from(r + 1).pow(3) <= u128::from(x) {
        r += 1;
    }
    r
}

/// The engine's split `y = α ∛x`, `α = max((ln x)² / 90, (ln x)⁴ / 93 500)`
/// (the formula of its docs), rounded and bounded as its code does: `⌊max(α, 1) ⌊∛x⌋⌋`,
/// clamped to `⌊∛x⌋ + 1 ..= ⌊√x⌋ - 1`. The thresholds below are computed
/// from it.
fn split(x: u64) -> u64 {
    let cube_root = cube_root(x);
    let ln = (x as f64).ln();
    let alpha = (ln * ln / 90.0).max(ln.powi(4) / 93_500.0);
    let y = (alpha.max(1.0) * cube_root as f64) as u64;
    y.clamp(cube_root + 1, x.isqrt() - 1)
}

/// The end of the engine's sieve for `D`: it sieves the odd numbers below
/// `end = ⌊x / (z + 1)⌋ + 1`, with `z = y` (its `α_z` is 1).
fn sieve_end(x: u64) -> u64 {
    x / (split(x) + 1) + 1
}

/// Integers per segment of the engine's sieve on one thread (its docs).
const ENGINE_SEGMENT: u64 = 1 << 21;

/// The least `x` in `lo..=hi` where `holds` does, given that it fails at
/// `lo` and holds at `hi`: an `x` where `holds` steps from false to true.
fn first_where(mut lo: u64, mut hi: u64, holds: impl Fn(u64) -> bool) -> u64 {
    assert!(!holds(lo) && holds(hi), "no step in {lo}..={hi}");
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match holds(mid) {
            true => hi = mid,
            false => lo = mid,
        }
    }
    hi
}

/// `x - 1`, `x` and `x + 1`, each with what `x` is.
fn around(x: u64, why: String) -> [(u64, String); 3] {
    [x - 1, x, x + 1].map(|n| (n, format!("{why} at {x}")))
}

/// `sums` with the primes of `range` added.
fn add_primes(sums: (u64, u128, u128), range: std::ops::Range<u64>) -> (u64, u128, u128) {
    let primes = miller_rabin::primes(range.start, range.end);
    primes.into_iter().fold(sums, |(c, s, q), p| {
        let p = u128::from(p);
        (c + 1, s + p, q + p * p)
    })
}

/// The engine at each `x` of `cases`, on one thread and on two (on this
/// one twice without the `rayon` feature), against Lucy's method, or
/// against the sums at the `x` before plus the primes between by the
/// Miller–Rabin oracle where that is quicker (testing a number costs about
/// as much as 64 of Lucy's `x^(3/4)` steps); each case says what its `x` is.
fn check_engine_at(mut cases: Vec<(u64, String)>) {
    cases.sort();
    let mut known: Option<(u64, (u64, u128, u128))> = None;
    for (x, why) in cases {
        let expected = match known {
            Some((before, sums)) if 64 * (x - before) <= (x as f64).powf(0.75) as u64 => {
                add_primes(sums, before + 1..x + 1)
            }
            _ => lucy_sums(x),
        };
        known = Some((x, expected));
        for threads in [1, 2] {
            let got = in_pool(threads, || engine_sums(x));
            assert_eq!(got, expected, "x = {x}: {why}, {threads} threads");
        }
    }
}

/// The first `x` where y takes one of `values` (increasing), with that value.
fn where_y_takes(values: impl Iterator<Item = u64>) -> (u64, u64) {
    values
        .map(|target| (first_where(4096, 1 << 40, |x| split(x) >= target), target))
        .find(|&(x, target)| split(x) == target)
        .expect("y takes one of them")
}

#[test]
fn engine_where_y_steps() {
    // y steps where ∛x does, at cubes, and between them where α ∛x passes
    // an integer. Some of its values are edges of the engine's tables: y
    // a prime (the last of the leaves' primes, up to y), the square of a
    // prime (the last of the primes up to √y, whose leaves take every m)
    // or 128 k - 1 (the windows of S from y + 1 start at a multiple of
    // 128). y skips values at cubes: each of these is the first value
    // from a start that y takes.
    let mut cases = Vec::new();
    for c in [47u64, 100, 215, 464, 1000, 2154] {
        cases.extend(around(c.pow(3), format!("∛x reaches {c}")));
    }
    for c in [1000u64, 2000] {
        let (cube, next) = (c.pow(3), (c + 1).pow(3));
        let x = first_where(cube, next - 1, |x| split(x) > split(cube));
        let why = format!("α ∛x reaches y = {} for ∛x = {c}", split(x));
        cases.extend(around(x, why));
    }
    let primes = |from: u64| (from..).filter(|&n| miller_rabin::is_prime(n));
    let mut values = Vec::new();
    for from in [211, 1999, 9973] {
        values.push((where_y_takes(primes(from)), "a prime"));
    }
    for from in [29, 53, 97] {
        let squares = primes(from).map(|q| q * q);
        values.push((where_y_takes(squares), "a prime's square"));
    }
    for from in [2u64, 16, 96] {
        let ends = (from..).map(|k| 128 * k - 1);
        values.push((where_y_takes(ends), "128 k - 1"));
    }
    for ((x, y), what) in values {
        cases.extend(around(x, format!("y = {y}, {what},")));
    }
    check_engine_at(cases);
}

#[test]
fn engine_where_the_sieve_ends_at_a_segment_edge() {
    // end = k 2^21 - 1 ..= k 2^21 + 2: the last segment one odd number
    // short, full, or followed by one holding no odd number or one. On two
    // threads the segments are shorter, their runs combined in order.
    let mut cases = Vec::new();
    for k in [1, 2] {
        for d in [-1, 0, 1, 2] {
            let target = (k * ENGINE_SEGMENT).checked_add_signed(d).unwrap();
            let x = first_where(4096, 1 << 44, |x| sieve_end(x) >= target);
            assert_eq!(sieve_end(x), target, "x = {x}");
            let why = format!("end = {k} · 2^21 {d:+}, y = {}", split(x));
            cases.push((x, why));
        }
    }
    check_engine_at(cases);
}

#[test]
fn engine_where_a_sieving_prime_joins() {
    // The sieve crosses off by the primes up to √(end - 1), and the windows
    // of S hold the leaves of the same primes: q joins at end = q² + 1.
    let mut cases = Vec::new();
    for q in [101u64, 1009, 1447] {
        assert!(miller_rabin::is_prime(q));
        for target in [q * q, q * q + 1, q * q + 2] {
            let x = first_where(4096, 1 << 44, |x| sieve_end(x) >= target);
            assert_eq!(sieve_end(x), target, "x = {x}");
            cases.push((x, format!("end = {target}, {q}² + {}", target - q * q)));
        }
    }
    check_engine_at(cases);
}

#[test]
fn engine_where_square_and_fourth_roots_step() {
    // √x steps at squares: the P2 primes run up to it and the sieve reads
    // S(√x); a prime square brings in a prime. x^(1/4) steps at fourth
    // powers: the primes up to it have hard leaves, which the sieve counts;
    // the counted primes below 48, 128 or 256 (by the weight, a private
    // constant; 16 and 32 before) cross off uncounted and recount the
    // segment, those below 128 by a periodic pattern, so the fourth powers
    // of the primes on either side are here.
    let mut cases = Vec::new();
    for r in [1000u64, 2150, 10_000, 46_416, 100_000, 1009, 10_007, 99_991] {
        cases.extend(around(r * r, format!("√x reaches {r}")));
    }
    for q in [
        13u64, 17, 19, 29, 31, 37, 41, 43, 47, 53, 113, 127, 131, 137, 251, 257,
    ] {
        assert!(miller_rabin::is_prime(q));
        cases.extend(around(q.pow(4), format!("x^(1/4) reaches {q}")));
    }
    check_engine_at(cases);
}

#[test]
fn engine_where_a_leaf_turns_hard() {
    // A special leaf p q of primes p < q <= y, p above √y, has the argument
    // t = ⌊x / (p q)⌋: it is hard from t = p² on (x = p³ q), easy below,
    // its φ from the table of primes up to y, and that φ is 1 below t = p
    // (x = p² q). For each p, q is the first prime above p and the last
    // one such a leaf has.
    let mut cases = Vec::new();
    for (p, power) in [
        (13u64, 3),
        (17, 3),
        (19, 3),
        (23, 3),
        (101, 2),
        (331, 2),
        (1009, 2),
    ] {
        let at = |q: u64| p.pow(power) * q;
        let has_leaf = |q: u64| q <= split(at(q)) && p * p > split(at(q));
        let mut primes = (p + 1..).filter(|&n| miller_rabin::is_prime(n));
        let first = primes.next().unwrap();
        let last = primes.take_while(|&q| has_leaf(q)).last().unwrap();
        for q in [first, last] {
            assert!(has_leaf(q), "{p} {q}");
            let t = match power {
                3 => format!("{p}²"),
                _ => format!("{p}"),
            };
            let why = format!("t = {t} for q = {q}, y = {}", split(at(q)));
            cases.extend(around(at(q), why));
        }
    }
    check_engine_at(cases);
}

#[test]
fn engine_where_it_shares_out_its_work() {
    // Below 2^32 the engine keeps to the calling thread; from there on its
    // parts go to the pool, on one thread and on two alike.
    check_engine_at(around(1 << 32, "the switch to the pool".into()).into());
}

#[test]
#[ignore = "full size: run in release"]
fn engine_where_sqrt_x_is_at_a_segment_edge() {
    // √x = 2^21 - 2 ..= 2^21 + 1: the sieve reads S(√x) at the end of its
    // first segment or at the start of the second.
    let mut cases = Vec::new();
    for r in [ENGINE_SEGMENT - 1, ENGINE_SEGMENT, ENGINE_SEGMENT + 1] {
        for x in [r * r - 1, r * r] {
            assert!(sieve_end(x) > 2 * ENGINE_SEGMENT, "x = {x}");
            cases.push((x, format!("√x = {}", x.isqrt())));
        }
    }
    check_engine_at(cases);
}

#[test]
#[ignore = "full size: run in release"]
fn engine_where_the_windows_of_s_end_at_an_edge() {
    // On one thread the windows of S are segments too: from
    // ⌊(y + 1) / 128⌋ 128 up to √x + 1, one window one number short of
    // 2^21, one exactly, or a second holding one number or two.
    let start = |x: u64| (split(x) + 1) / 128 * 128;
    let mut cases = Vec::new();
    for d in [-1, 0, 1, 2] {
        let length = ENGINE_SEGMENT.checked_add_signed(d).unwrap();
        // √x = start + length - 1, start depending on x: a fixed point.
        let mut r = ENGINE_SEGMENT;
        for _ in 0..10 {
            r = start(r * r) + length - 1;
        }
        assert_eq!(r, start(r * r) + length - 1, "no fixed point for {d:+}");
        assert!(sieve_end(r * r) > ENGINE_SEGMENT, "√x = {r}");
        cases.push((r * r, format!("windows of 2^21 {d:+} numbers")));
    }
    check_engine_at(cases);
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
fn squares_left_out_from_2_to_46() {
    // From 2^46 on, PrimeSums::new leaves Σ p² (past u128::MAX there) out
    // of the engine's run: on either side of that switch its count and sum
    // are those of the entry points that compute them alone.
    for x in [(1 << 46) - 1, 1 << 46, (1 << 46) + 1] {
        let sums = sieve::PrimeSums::new(x);
        assert_eq!(sums.prime_pi(), sieve::prime_pi(x), "x = {x}");
        assert_eq!(sums.sum(), sieve::prime_sum(x), "x = {x}");
        let past = Err(Error::PrimeSumOverflow { x, power: 2 });
        assert_eq!(sums.sum_of_squares(), past, "x = {x}");
    }
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
