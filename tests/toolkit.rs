//! The toolkit over the whole `u64` range: `next_prime`, `prev_prime` and
//! `nth_prime` against a byte sieve, the plain Miller–Rabin test and the
//! published `10^k`-th primes; `count_primes` and `sum_primes` over every
//! kind of range and on both sides of the switch between the sieve and the
//! engine, against the same oracles and the primes streamed one by one; and
//! the `Engine`'s progress reports.

mod common;

use std::ops::{Bound, Range, RangeBounds};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use common::miller_rabin::is_prime as oracle_is_prime;
use common::*;
use primeboard::sieve::{self, Engine, PRIMES_BELOW_2_64};

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

// count_primes and sum_primes, and the engine's progress. The oracles: the
// plain Miller–Rabin test for narrow ranges, and for wide ones the crate's
// stream taken one prime at a time (tested against trial division in
// tests/primes_in.rs), never the engine.

/// The count and sum of the primes of `range` from `primes_in`, taken one
/// prime at a time with `next` (not the word-at-a-time count and the fold
/// that `count_primes` and `sum_primes` sieve with).
fn streamed(range: impl RangeBounds<u64>) -> (u64, u128) {
    let (mut count, mut sum) = (0, 0);
    for p in sieve::primes_in(range).unwrap() {
        count += 1;
        sum += u128::from(p);
    }
    (count, sum)
}

/// The count and sum of the primes in `lo..=hi` (none when `lo > hi`), each
/// number tested with the plain Miller–Rabin test.
fn tested(lo: u64, hi: u64) -> (u64, u128) {
    (lo..=hi)
        .filter(|&n| oracle_is_prime(n))
        .fold((0, 0), |(count, sum), p| (count + 1, sum + u128::from(p)))
}

/// Two counts and sums added up.
fn plus(a: (u64, u128), b: (u64, u128)) -> (u64, u128) {
    (a.0 + b.0, a.1 + b.1)
}

/// `count_primes(range)` and `sum_primes(range)`.
fn counted(range: impl RangeBounds<u64> + Clone) -> (u64, u128) {
    (
        sieve::count_primes(range.clone()).unwrap(),
        sieve::sum_primes(range).unwrap(),
    )
}

/// Whether `count_primes` (`sum_primes` when `sum`) answers `range` by the
/// engine, seen from outside: a sieved range reports only its final 1, the
/// engine (at 4096 and above) after each of its jobs too.
fn by_engine(sum: bool, range: Range<u64>) -> bool {
    let reports = AtomicU64::new(0);
    let count = |_: f64| {
        reports.fetch_add(1, Ordering::Relaxed);
    };
    let engine = Engine::new().progress(&count);
    if sum {
        engine.sum_primes(range).unwrap();
    } else {
        engine.count_primes(range).unwrap();
    }
    reports.into_inner() > 1
}

/// The least width `w >= 1` with `engine(w)`: doubled until it holds, then
/// halved in between (the choice is monotone in the width; the callers
/// check it next to the answer).
fn least_width(engine: impl Fn(u64) -> bool) -> u64 {
    let mut wide = 1;
    while !engine(wide) {
        wide *= 2;
    }
    let mut narrow = wide / 2;
    while wide - narrow > 1 {
        let mid = narrow + (wide - narrow) / 2;
        if engine(mid) {
            wide = mid;
        } else {
            narrow = mid;
        }
    }
    wide
}

/// The least width from `lo` that the engine answers.
fn switch_from(sum: bool, lo: u64) -> u64 {
    least_width(|w| by_engine(sum, lo..lo + w))
}

/// The least width up to `hi` that the engine answers.
fn switch_to(sum: bool, hi: u64) -> u64 {
    least_width(|w| by_engine(sum, hi - w..hi))
}

/// A log-uniform random number in `1..=10^digits`.
fn log_uniform(state: &mut u64, digits: f64) -> u64 {
    let unit = (xorshift(state) >> 11) as f64 / (1u64 << 53) as f64;
    10f64.powf(unit * digits) as u64
}

/// Every kind of range (`lo..hi`, `lo..=hi`, `..hi`, `..=hi`, excluded
/// starts and ends, reversed and empty ones) between the small numbers
/// where the wheel, the engine's own sieve below 4096 and the switch from 0
/// and from 2 change, against a byte sieve.
#[test]
#[allow(clippy::reversed_empty_ranges, reason = "reversed ranges on purpose")]
fn count_and_sum_primes_over_every_kind_of_range() {
    let mut points = vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 29, 30, 31, 4095, 4096, 4097];
    for sum in [false, true] {
        for lo in [0, 2] {
            let w = switch_from(sum, lo);
            points.extend([lo + w - 1, lo + w, lo + w + 1]);
        }
    }
    let table = byte_sieve(points.iter().max().unwrap() + 2);
    // below[n]: the count and sum of the primes below n.
    let mut below = vec![(0, 0)];
    for (n, &prime) in table.iter().enumerate() {
        let last = *below.last().unwrap();
        below.push(plus(
            last,
            (u64::from(prime), u128::from(prime) * n as u128),
        ));
    }
    let between = |lo: u64, hi: u64| {
        let (lo, hi) = (lo as usize, hi as usize);
        if lo >= hi {
            (0, 0)
        } else {
            (below[hi].0 - below[lo].0, below[hi].1 - below[lo].1)
        }
    };
    for &b in &points {
        assert_eq!(counted(..b), between(0, b), "..{b}");
        assert_eq!(counted(..=b), between(0, b + 1), "..={b}");
        let to_b = (Bound::Unbounded, Bound::Excluded(b));
        assert_eq!(counted(to_b), between(0, b), "{to_b:?}");
        for &a in &points {
            assert_eq!(counted(a..b), between(a, b), "{a}..{b}");
            assert_eq!(counted(a..=b), between(a, b + 1), "{a}..={b}");
            for range in [
                (Bound::Excluded(a), Bound::Excluded(b)),
                (Bound::Excluded(a), Bound::Included(b)),
                (Bound::Included(a), Bound::Excluded(b)),
            ] {
                let lo = if let Bound::Excluded(a) = range.0 {
                    a + 1
                } else {
                    a
                };
                let hi = if let Bound::Included(b) = range.1 {
                    b + 1
                } else {
                    b
                };
                assert_eq!(counted(range), between(lo, hi), "{range:?}");
            }
        }
    }
    assert_eq!(counted(100..0), (0, 0));
    assert_eq!(counted(3..=2), (0, 0));
    assert_eq!(counted(2..=2), (1, 2));
}

/// Ranges that end at `u64::MAX` (`lo..`, `lo..=u64::MAX`, excluded
/// starts), the largest prime alone, and the empty and reversed ranges up
/// there, against the plain Miller–Rabin test.
#[test]
fn count_and_sum_primes_at_the_top_of_the_range() {
    let top = u64::MAX;
    for d in [1, 2, 57, 58, 59, 60, 100, 1000, 10_000, 100_000] {
        let lo = top - d;
        let from = tested(lo, top);
        assert_eq!(counted(lo..), from, "{lo}..");
        assert_eq!(counted(lo..=top), from, "{lo}..=MAX");
        assert_eq!(counted(lo..top), from, "{lo}..MAX");
        let after = tested(lo + 1, top);
        assert_eq!(counted((Bound::Excluded(lo), Bound::Unbounded)), after);
        assert_eq!(counted((Bound::Excluded(lo), Bound::Included(top))), after);
        assert_eq!(counted((Bound::Excluded(lo), Bound::Excluded(top))), after);
    }
    assert!(tested(top - 1000, top).1 > u128::from(u64::MAX));
    assert_eq!(counted(LARGEST..=LARGEST), (1, u128::from(LARGEST)));
    assert_eq!(counted(LARGEST..LARGEST + 1), (1, u128::from(LARGEST)));
    let around = (Bound::Excluded(LARGEST - 1), Bound::Excluded(LARGEST + 1));
    assert_eq!(counted(around), (1, u128::from(LARGEST)));
    assert_eq!(counted(LARGEST..LARGEST), (0, 0));
    assert_eq!(counted(LARGEST + 1..), (0, 0));
    assert_eq!(counted(top..), (0, 0));
    assert_eq!(counted(top..=top), (0, 0));
    assert_eq!(counted((Bound::Excluded(top), Bound::Unbounded)), (0, 0));
    assert_eq!(
        counted((Bound::Excluded(top), Bound::Included(top))),
        (0, 0)
    );
    assert_eq!(counted(top..0), (0, 0));
    assert_eq!(counted(top..=LARGEST), (0, 0));
    let reversed = (Bound::Excluded(LARGEST), Bound::Included(LARGEST - 1));
    assert_eq!(counted(reversed), (0, 0));
}

/// Sums that do not fit in a `u64`: seeded windows just below `2^64` and
/// near `2^63` (tested number by number), near `2^50` and `2^52` (wide
/// enough there to be sieved), against the plain Miller–Rabin test.
#[test]
fn sum_primes_is_exact_past_u64() {
    let mut state = 0x2545_F491_4F6C_DD1D;
    let mut windows = vec![
        (LARGEST - 1_000_000, 1_000_001),
        (1 << 50, 1_000_000),
        ((1 << 52) - 600_000, 1_200_000),
    ];
    for _ in 0..20 {
        let width = log_uniform(&mut state, 5.0);
        windows.push((u64::MAX - width - xorshift(&mut state) % (1 << 40), width));
        windows.push(((1 << 63) - width / 2 + xorshift(&mut state) % 1000, width));
    }
    for &(lo, width) in &windows[1..3] {
        let primes = sieve::primes_in(lo..lo + width).unwrap();
        assert!(
            format!("{primes:?}").contains("sieved: true"),
            "{lo} + {width}"
        );
    }
    let mut past_u64 = 0;
    for (lo, width) in windows {
        let hi = lo + width - 1;
        let expected = tested(lo, hi);
        past_u64 += usize::from(expected.1 > u128::from(u64::MAX));
        assert_eq!(counted(lo..=hi), expected, "{lo}..={hi}");
        assert_eq!(
            counted((Bound::Excluded(lo - 1), Bound::Included(hi))),
            expected
        );
    }
    assert!(past_u64 >= 25, "only {past_u64} sums past u64");
}

/// Both sides of the switch between the sieve and the engine, found by
/// trying widths, from several starts (0, 1, 2, 3, 10^6 and 10^9 and the
/// prime after each, 10^11) and up to several ends (10^9, the prime after
/// it plus one, 10^11): the ranges one and two numbers either side, and
/// ranges that start or end on a prime, against the stream (the bulk) and
/// the plain Miller–Rabin test (the last 2000 numbers or so).
#[test]
fn count_and_sum_primes_straddle_the_switch() {
    let mut lows = vec![0, 1, 2, 3, 1_000_000, 1_000_000_000, 100_000_000_000];
    lows.extend([1_000_000, 1_000_000_000].map(|h| sieve::next_prime(h).unwrap()));
    for lo in lows {
        for sum in [false, true] {
            let w = switch_from(sum, lo);
            let at = format!("sum {sum}, from {lo}, switch width {w}");
            assert!(!by_engine(sum, lo..lo + w - 1), "{at}");
            assert!(by_engine(sum, lo..lo + w + 1), "{at}");
            let edge = lo + w - 2000;
            let base = streamed(lo..edge);
            let expected = |hi: u64| plus(base, tested(edge, hi - 1));
            for hi in lo + w - 2..=lo + w + 2 {
                assert_eq!(counted(lo..hi), expected(hi), "{lo}..{hi}: {at}");
                assert_eq!(
                    counted(lo..=hi - 1),
                    expected(hi),
                    "{lo}..={}: {at}",
                    hi - 1
                );
                if lo > 0 {
                    let range = (Bound::Excluded(lo - 1), Bound::Excluded(hi));
                    assert_eq!(counted(range), expected(hi), "{range:?}: {at}");
                }
            }
            // Ending on a prime: just past the switch, and just before it.
            let p = sieve::next_prime(lo + w - 2).unwrap();
            let q = sieve::prev_prime(lo + w - 1).unwrap();
            assert!(
                by_engine(sum, lo..p + 1) && !by_engine(sum, lo..q + 1),
                "{at}"
            );
            for end in [p, q] {
                assert_eq!(counted(lo..=end), expected(end + 1), "{lo}..={end}: {at}");
                assert_eq!(counted(lo..end), expected(end), "{lo}..{end}: {at}");
            }
        }
    }
    let highs = [
        1_000_000_000,
        sieve::next_prime(1_000_000_000).unwrap() + 1,
        100_000_000_000,
    ];
    for hi in highs {
        for sum in [false, true] {
            let w = switch_to(sum, hi);
            let at = format!("sum {sum}, up to {hi}, switch width {w}");
            assert!(!by_engine(sum, hi - w + 1..hi), "{at}");
            assert!(by_engine(sum, hi - w - 1..hi), "{at}");
            let edge = hi - w + 2000;
            let base = streamed(edge..hi);
            let expected = |lo: u64| plus(base, tested(lo, edge - 1));
            for lo in hi - w - 2..=hi - w + 2 {
                assert_eq!(counted(lo..hi), expected(lo), "{lo}..{hi}: {at}");
                let range = (Bound::Excluded(lo - 1), Bound::Included(hi - 1));
                assert_eq!(counted(range), expected(lo), "{range:?}: {at}");
            }
            // Starting on a prime: just past the switch, and just before it.
            let p = sieve::prev_prime(hi - w + 1).unwrap();
            let q = sieve::next_prime(hi - w).unwrap();
            assert!(by_engine(sum, p..hi) && !by_engine(sum, q..hi), "{at}");
            for start in [p, q] {
                assert_eq!(counted(start..hi), expected(start), "{start}..{hi}: {at}");
                let range = (Bound::Excluded(start), Bound::Excluded(hi));
                assert_eq!(counted(range), expected(start + 1), "{range:?}: {at}");
            }
        }
    }
}

/// Seeded random ranges, starts log-uniform up to `10^11` and widths
/// log-uniform from 1 to `10^9`, both methods among them, against the
/// plain Miller–Rabin test (up to 20 000 numbers) or the stream.
#[test]
fn count_and_sum_primes_of_random_ranges() {
    let mut state = 0x0DDB_1A5E_5BAD_5EED;
    let (mut engine, mut sieved) = (0, 0);
    for _ in 0..100 {
        let lo = log_uniform(&mut state, 11.0) - 1;
        let width = log_uniform(&mut state, 9.0);
        let hi = lo + width;
        let expected = if width <= 20_000 {
            tested(lo, hi - 1)
        } else {
            streamed(lo..hi)
        };
        assert_eq!(counted(lo..hi), expected, "{lo}..{hi}");
        if by_engine(false, lo..hi) {
            engine += 1;
        } else {
            sieved += 1;
        }
    }
    assert!(
        engine > 10 && sieved > 10,
        "{engine} by the engine, {sieved} sieved"
    );
}

/// A range cut in two at a seeded random point holds the primes of its two
/// parts, whichever method answers each: wide ranges up to `10^12`, where
/// the whole is counted by the engine and the parts often not.
#[test]
fn count_and_sum_primes_add_up_over_a_cut() {
    let mut state = 0xC0FF_EE00_1234_5678;
    for _ in 0..40 {
        let lo = log_uniform(&mut state, 12.0) - 1;
        let width = log_uniform(&mut state, 11.0).max(2);
        let hi = lo.saturating_add(width).min(1_000_000_000_000);
        // Most cuts close to one end, so that one part is narrow.
        let near = log_uniform(&mut state, 9.0).min(hi - lo - 1);
        let cut = if xorshift(&mut state).is_multiple_of(2) {
            lo + near
        } else {
            hi - near
        };
        let whole = counted(lo..hi);
        assert_eq!(
            plus(counted(lo..cut), counted(cut..hi)),
            whole,
            "{lo}..{cut}..{hi}"
        );
        assert_eq!(
            plus(counted(..lo), whole),
            counted(..hi),
            "..{lo} and {lo}..{hi}"
        );
    }
}

/// Sieved ranges wide enough to be cut into pieces of 4 segments for the
/// threads (just below the switch near `3 · 10^12`): a prime on each side of
/// a piece edge, and a seeded start, on 1, 2 and 3 threads, against the
/// stream.
#[test]
fn count_and_sum_primes_sieved_in_pieces() {
    let piece = 4 * SEGMENT;
    let mut state = 0x9E6C_63D0_676A_9A99;
    let edge_prime = sieve::next_prime(3_000_000_000_000 + piece).unwrap();
    let starts = [
        edge_prime - piece,
        edge_prime + 1 - piece,
        3_000_000_000_000 + xorshift(&mut state) % 1_000_000_000,
    ];
    // Counts switch to the engine at about 2 * 10^8 numbers there, sums
    // at about 3.9 * 10^8: the last start is cut into three pieces.
    for (lo, width) in starts
        .into_iter()
        .zip([160_000_000, 165_000_000, 270_000_000])
    {
        let range = lo..lo + width;
        let count_sieved = width <= 165_000_000;
        if count_sieved {
            assert!(!by_engine(false, range.clone()), "{range:?}: counted");
        }
        assert!(!by_engine(true, range.clone()), "{range:?}: summed");
        let expected = streamed(range.clone());
        for threads in [1, 2, 3] {
            let got = in_pool(threads, || counted(range.clone()));
            assert_eq!(got, expected, "{range:?} on {threads} threads");
        }
    }
}

/// Runs `question` on an engine that records each fraction it reports.
fn recorded<T>(question: impl FnOnce(&Engine) -> T) -> (T, Vec<f64>) {
    let seen = Mutex::new(Vec::new());
    let record = |done: f64| seen.lock().unwrap().push(done);
    let answer = question(&Engine::new().progress(&record));
    (answer, seen.into_inner().unwrap())
}

/// What a question reports on one thread, besides its final 1.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reports {
    /// Nothing: a sieved range, or `x` below 4096.
    Nothing,
    /// The engine's jobs, up to 1 when all are done.
    Jobs,
    /// Two values of the engine, each half: 1/2 once the first is done.
    Halves,
}

/// The engine's questions: a name to print, the answer of the free function
/// (without a report) or a published one, what it reports, and the
/// question put to an engine.
type Question = (String, u128, Reports, fn(&Engine) -> u128);

#[allow(clippy::reversed_empty_ranges, reason = "a reversed range on purpose")]
fn questions() -> Vec<Question> {
    use Reports::*;
    let q = |name: &str, free: u128, reports: Reports, asked: fn(&Engine) -> u128| {
        (name.to_string(), free, reports, asked)
    };
    vec![
        q("prime_pi(0)", sieve::prime_pi(0).into(), Nothing, |e| {
            e.prime_pi(0).into()
        }),
        q(
            "prime_pi(4095)",
            sieve::prime_pi(4095).into(),
            Nothing,
            |e| e.prime_pi(4095).into(),
        ),
        q("prime_pi(4096)", sieve::prime_pi(4096).into(), Jobs, |e| {
            e.prime_pi(4096).into()
        }),
        q("prime_pi(10^10)", 455_052_511, Jobs, |e| {
            e.prime_pi(10_000_000_000).into()
        }),
        q("prime_sum(10^6)", 37_550_402_023, Jobs, |e| {
            e.prime_sum(1_000_000)
        }),
        q(
            "prime_sum(2^33 + 1)",
            sieve::prime_sum((1 << 33) + 1),
            Jobs,
            |e| e.prime_sum((1 << 33) + 1),
        ),
        q("nth_prime(0)", 0, Nothing, |e| {
            e.nth_prime(0).unwrap_or(0).into()
        }),
        q("nth_prime(past the end)", 0, Nothing, |e| {
            e.nth_prime(PRIMES_BELOW_2_64 + 1).unwrap_or(0).into()
        }),
        q("nth_prime(25)", 97, Nothing, |e| {
            e.nth_prime(25).unwrap().into()
        }),
        q("nth_prime(10^8)", 2_038_074_743, Jobs, |e| {
            e.nth_prime(100_000_000).unwrap().into()
        }),
        q("count_primes(..10^11)", 4_118_054_813, Jobs, |e| {
            e.count_primes(..100_000_000_000).unwrap().into()
        }),
        q(
            "count_primes(10^9..10^11)",
            4_118_054_813 - 50_847_534,
            Halves,
            |e| {
                e.count_primes(1_000_000_000..100_000_000_000)
                    .unwrap()
                    .into()
            },
        ),
        q(
            "prime_pi_by_residue(10^8, 4)[3]",
            sieve::prime_pi_by_residue(100_000_000, 4).unwrap()[3].into(),
            Halves,
            |e| e.prime_pi_by_residue(100_000_000, 4).unwrap()[3].into(),
        ),
        q(
            "prime_sum_by_residue(10^7, 7)[3]",
            sieve::prime_sum_by_residue(10_000_000, 7).unwrap()[3],
            Jobs,
            |e| e.prime_sum_by_residue(10_000_000, 7).unwrap()[3],
        ),
        q(
            "count_primes(10^9..10^9 + 10^6)",
            streamed(1_000_000_000..1_001_000_000).0.into(),
            Nothing,
            |e| e.count_primes(1_000_000_000..1_001_000_000).unwrap().into(),
        ),
        q(
            "count_primes(top 1000)",
            tested(u64::MAX - 1000, u64::MAX).0.into(),
            Nothing,
            |e| e.count_primes(u64::MAX - 1000..).unwrap().into(),
        ),
        q("count_primes(10..0)", 0, Nothing, |e| {
            e.count_primes(10..0).unwrap().into()
        }),
        q(
            "sum_primes(5000..10^10)",
            sieve::prime_sum(10_000_000_000) - sieve::prime_sum(4999),
            Halves,
            |e| e.sum_primes(5000..10_000_000_000).unwrap(),
        ),
        q(
            "sum_primes(2..=10^10)",
            sieve::prime_sum(10_000_000_000),
            Halves,
            |e| e.sum_primes(2..=10_000_000_000).unwrap(),
        ),
        q(
            "sum_primes(10^9..10^9 + 10^6)",
            streamed(1_000_000_000..1_001_000_000).1,
            Nothing,
            |e| e.sum_primes(1_000_000_000..1_001_000_000).unwrap(),
        ),
        q(
            "sum_primes(top 1000)",
            tested(u64::MAX - 1000, u64::MAX).1,
            Nothing,
            |e| e.sum_primes(u64::MAX - 1000..).unwrap(),
        ),
    ]
}

/// On one thread, each question's reports are fractions in `[0, 1]` in
/// order, the last of them 1: the engine's jobs up to 1 as they finish
/// (every job counted), 1/2 between two values of the engine, only the
/// final 1 for a sieved range or a small `x`. The answers, with a report
/// and without, are the free functions'.
#[test]
fn engine_progress_rises_to_1_on_one_thread() {
    in_pool(1, || {
        for (name, free, reports, asked) in questions() {
            let (answer, seen) = recorded(asked);
            assert_eq!(answer, free, "{name}");
            assert_eq!(asked(&Engine::new()), free, "{name} without a report");
            assert!(
                seen.iter().all(|f| (0.0..=1.0).contains(f)),
                "{name}: {seen:?}"
            );
            assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{name}: {seen:?}");
            assert_eq!(seen.last(), Some(&1.0), "{name}");
            let before_last = seen.len().checked_sub(2).map(|k| seen[k]);
            match reports {
                Reports::Nothing => assert_eq!(seen, [1.0], "{name}"),
                Reports::Jobs => assert_eq!(before_last, Some(1.0), "{name}: {seen:?}"),
                Reports::Halves => assert!(seen.contains(&0.5), "{name}: {seen:?}"),
            }
            if reports != Reports::Nothing {
                assert!(seen.len() > 3 && seen[0] > 0.0, "{name}: {seen:?}");
            }
        }
    });
}

/// On 2 and 3 threads the answers, with a report and without, are those of
/// one thread, and the reports (from whichever thread finished a job) are
/// fractions in `[0, 1]`, the last of them 1.
#[test]
fn engine_answers_are_the_same_on_1_2_and_3_threads() {
    let asked_alone = |question: &Question| question.3(&Engine::new());
    let one: Vec<u128> = in_pool(1, || questions().iter().map(asked_alone).collect());
    for threads in [2, 3] {
        in_pool(threads, || {
            for ((name, free, reports, asked), &alone) in questions().into_iter().zip(&one) {
                assert_eq!(alone, free, "{name}");
                assert_eq!(asked(&Engine::new()), alone, "{name} on {threads} threads");
                let (answer, seen) = recorded(asked);
                assert_eq!(answer, alone, "{name} reported on {threads} threads");
                assert!(
                    seen.iter().all(|f| (0.0..=1.0).contains(f)),
                    "{name}: {seen:?}"
                );
                assert_eq!(seen.last(), Some(&1.0), "{name} on {threads} threads");
                assert_eq!(seen.len() > 1, reports != Reports::Nothing, "{name}");
            }
        });
    }
}

/// One engine and its copy, asked every question in turn: each question's
/// reports are those of a fresh engine, from its own start to 1.
#[test]
fn an_engine_reports_each_question_from_its_start() {
    in_pool(1, || {
        let seen = Mutex::new(Vec::new());
        let record = |done: f64| seen.lock().unwrap().push(done);
        let engine = Engine::new().progress(&record);
        let copy = engine;
        for (name, free, _, asked) in questions() {
            let fresh = recorded(asked).1;
            for e in [&engine, &copy, &engine] {
                assert_eq!(asked(e), free, "{name}");
                let run = std::mem::take(&mut *seen.lock().unwrap());
                assert_eq!(run, fresh, "{name}");
            }
        }
    });
}

/// Seeded random `n` up to `10^9`, log-uniform and uniform: the `n`-th
/// prime is prime by the plain Miller–Rabin test, `n` primes are at most it
/// and `n - 1` below it (by `prime_pi` and by `count_primes`), and the
/// primes next to it are the `(n ± 1)`-th.
#[test]
fn nth_prime_at_random_agrees_with_prime_pi() {
    let mut state = 0x5DEE_CE66_D1CE_4E5B;
    for i in 0..120 {
        let n = if i % 2 == 0 {
            log_uniform(&mut state, 9.0)
        } else {
            1 + xorshift(&mut state) % 1_000_000_000
        };
        let p = sieve::nth_prime(n).unwrap();
        assert!(oracle_is_prime(p), "nth_prime({n}) = {p}");
        assert_eq!(sieve::prime_pi(p), n, "prime_pi(nth_prime({n}) = {p})");
        assert_eq!(sieve::prime_pi(p - 1), n - 1, "prime_pi({p} - 1), n = {n}");
        assert_eq!(sieve::count_primes(..=p), Ok(n), "count_primes(..={p})");
        assert_eq!(sieve::count_primes(..p), Ok(n - 1), "count_primes(..{p})");
        assert_eq!(sieve::nth_prime(n + 1), sieve::next_prime(p), "n = {n}");
        if n > 1 {
            assert_eq!(sieve::nth_prime(n - 1), sieve::prev_prime(p), "n = {n}");
        }
    }
}

/// Around the published `10^k`-th primes, `k` = 6 to 10: the `n`-th prime
/// for every `n` within 30 of `10^k` and for seeded random `n` within
/// `10^6` of it, against the primes streamed out from the published one
/// (downwards from the back end, upwards from the front).
#[test]
fn nth_prime_around_the_published_values() {
    let mut state = 0xB5AD_4ECE_DA1C_E2A9;
    for (k, &anchor) in TEN_POWER_PRIMES.iter().enumerate().take(11).skip(6) {
        let n = 10u64.pow(k as u32);
        let reach = 1_000_000usize.min(n as usize - 1);
        let span = (reach as f64 * (anchor as f64).ln() * 1.3) as u64 + 10_000;
        let below: Vec<u64> = sieve::primes_in(anchor.saturating_sub(span)..anchor)
            .unwrap()
            .rev()
            .take(reach)
            .collect();
        let above: Vec<u64> = sieve::primes_in(anchor + 1..anchor + span)
            .unwrap()
            .take(reach)
            .collect();
        assert_eq!((below.len(), above.len()), (reach, reach), "10^{k}");
        let offsets = (1..=30).chain((0..20).map(|_| 1 + xorshift(&mut state) as usize % reach));
        for j in offsets {
            let m = n - j as u64;
            assert_eq!(sieve::nth_prime(m), Some(below[j - 1]), "nth_prime({m})");
            let m = n + j as u64;
            assert_eq!(sieve::nth_prime(m), Some(above[j - 1]), "nth_prime({m})");
        }
    }
}

/// Seeded random `n` of every bit length: twenty steps up with `next_prime`
/// land on primes of the plain Miller–Rabin test with none between, twenty
/// steps back down with `prev_prime` retrace them, and
/// `prev_prime(next_prime(n)) <= n <= next_prime(prev_prime(n))`, with
/// equality exactly when `n` is prime.
#[test]
fn next_and_prev_prime_retrace_each_other() {
    let mut state = 0x1234_5678_9ABC_DEF1;
    for bits in 1..=64 {
        for _ in 0..5 {
            let n = xorshift(&mut state) >> (64 - bits);
            let mut up = vec![];
            let mut at = n;
            while up.len() < 20 {
                let Some(p) = sieve::next_prime(at) else {
                    break;
                };
                assert!(oracle_is_prime(p), "next_prime({at}) = {p}");
                assert!(
                    (at + 1..p).all(|c| !oracle_is_prime(c)),
                    "next_prime({at}) = {p}"
                );
                up.push(p);
                at = p;
            }
            for pair in up.windows(2) {
                assert_eq!(
                    sieve::prev_prime(pair[1]),
                    Some(pair[0]),
                    "prev_prime({})",
                    pair[1]
                );
            }
            let prime = oracle_is_prime(n);
            if let Some(&q) = up.first() {
                let back = sieve::prev_prime(q);
                assert!(back.is_none_or(|r| r <= n), "prev_prime(next_prime({n}))");
                assert_eq!(back == Some(n), prime, "prev_prime(next_prime({n}))");
            }
            if let Some(r) = sieve::prev_prime(n) {
                assert!(r < n && oracle_is_prime(r), "prev_prime({n}) = {r}");
                assert!(
                    (r + 1..n).all(|c| !oracle_is_prime(c)),
                    "prev_prime({n}) = {r}"
                );
                let forth = sieve::next_prime(r).unwrap();
                assert!(forth >= n, "next_prime(prev_prime({n}))");
                assert_eq!(forth == n, prime, "next_prime(prev_prime({n}))");
            } else {
                assert!(n <= 2, "prev_prime({n}) = None");
            }
        }
    }
}

/// Numbers that fool weaker tests and their neighbours: strong
/// pseudoprimes to several bases, Carmichael numbers, squares of primes up
/// to the largest below `2^32`, Mersenne primes and the powers of two;
/// `next_prime`, `prev_prime` and the one-number range against the plain
/// Miller–Rabin test stepped.
#[test]
fn next_and_prev_prime_next_to_pseudoprimes_and_squares() {
    let mut special = vec![
        2047,
        1_373_653,
        25_326_001,
        3_215_031_751,
        2_152_302_898_747,
        3_474_749_660_383,
        341_550_071_728_321,
        3_825_123_056_546_413_051,
        561,
        1105,
        1729,
        41_041,
        825_265,
        321_197_185,
        5_394_826_801,
        232_250_619_601,
        9_746_347_772_161,
        1_436_697_831_295_441,
        60_977_817_398_996_785,
        7_156_857_700_403_137_441,
        (1 << 31) - 1,
        (1 << 61) - 1,
    ];
    for p in [65_521u64, 4_294_967_291, 3_037_000_493, 2_147_483_647] {
        assert!(oracle_is_prime(p));
        special.push(p * p);
    }
    special.extend((1..64).map(|k| 1u64 << k));
    let next = |n: u64| (n.checked_add(1)?..=u64::MAX).find(|&c| oracle_is_prime(c));
    let prev = |n: u64| (0..n).rev().find(|&c| oracle_is_prime(c));
    for s in special {
        for n in s - 2..=s.saturating_add(2) {
            assert_eq!(sieve::next_prime(n), next(n), "next_prime({n})");
            assert_eq!(sieve::prev_prime(n), prev(n), "prev_prime({n})");
            let alone = tested(n, n);
            assert_eq!(counted(n..=n), alone, "{n}..={n}");
        }
    }
}

/// Some maximal prime gaps `(p, g)` (each longer than every gap below `p`),
/// from 906 up to 1550, the last of them below `2^64`.
const MAXIMAL_GAPS: [(u64, u64); 13] = [
    (218_209_405_436_543, 906),
    (1_693_182_318_746_371, 1132),
    (43_841_547_845_541_059, 1184),
    (55_350_776_431_903_243, 1198),
    (80_873_624_627_234_849, 1220),
    (203_986_478_517_455_989, 1224),
    (804_212_830_686_677_669, 1442),
    (1_425_172_824_437_699_411, 1476),
    (5_733_241_593_241_196_731, 1488),
    (6_787_988_999_657_777_797, 1510),
    (15_570_628_755_536_096_243, 1526),
    (17_678_654_157_568_189_057, 1530),
    (18_361_375_334_787_046_697, 1550),
];

/// Across the maximal gaps (checked here by the plain Miller–Rabin test):
/// every `n` inside steps to the two ends, and the ranges between hold just
/// those two.
#[test]
fn next_and_prev_prime_across_maximal_gaps() {
    for (p, gap) in MAXIMAL_GAPS {
        let q = p + gap;
        assert!(oracle_is_prime(p) && oracle_is_prime(q), "{p} + {gap}");
        assert_eq!(tested(p + 1, q - 1), (0, 0), "{p} + {gap}");
        for n in p..q {
            assert_eq!(sieve::next_prime(n), Some(q), "next_prime({n})");
            assert_eq!(sieve::prev_prime(n + 1), Some(p), "prev_prime({})", n + 1);
        }
        let ends = (2, u128::from(p) + u128::from(q));
        assert_eq!(counted(p..=q), ends, "{p}..={q}");
        assert_eq!(counted(p + 1..q), (0, 0), "{}..{q}", p + 1);
        assert_eq!(counted((Bound::Excluded(p), Bound::Excluded(q))), (0, 0));
        assert_eq!(counted(p - 1..q + 1), ends, "{}..{}", p - 1, q + 1);
    }
}
