//! Sieve benchmarks: counting, summing and building, checked against known
//! prime counts (OEIS A006880, and primesieve's counts of the windows) and
//! sums (OEIS A046731, and primesum's sums of the windows); one-thread
//! sieve counts at every height to `2^64` (and on every core from `10^10`
//! on, beside primesieve on as many threads) and sums through each way of
//! iterating beside primesieve 12 and its iterator (the baselines, timed
//! when `primesieve` and `iter_sum` are installed); `count_primes` and
//! `sum_primes` at their switch beside each method forced; `nth_prime`
//! beside primecount's `--nth-prime`; the prime-sum engine
//! of `prime_pi`, `prime_sum` and `PrimeSums` at 10^12 and 10^13 on every
//! core, and at 10^14 and 10^16 on one thread beside primecount's `π(x)` on
//! one thread (the baseline, timed when the `primecount` program is
//! installed); `prime_pi_by_residue` at 10^14 for every modulus up to 12,
//! on one thread, beside `prime_pi(10^14)`.

mod common;

use primeboard::sieve::{self, PrimeSums, Sieve};

/// `Σ p²` over the primes up to `10^12`: the new engine and the Lucy's
/// method it replaced agree on it.
const SQUARES_1E12: u128 = 12_212_907_966_177_661_747_436_156_685_876_997;

fn main() {
    let bench = common::Bench::from_args();
    bench.case("count_primes(0..1e9)", Ok(50_847_534), || {
        sieve::count_primes(0..1_000_000_000)
    });
    bench.case("count_primes(0..1e10)", Ok(455_052_511), || {
        sieve::count_primes(0..10_000_000_000)
    });
    bench.case("sum primes_in(0..1e9)", 24_739_512_092_254_535, || {
        sieve::primes_in(0..1_000_000_000)
            .map(|it| it.sum::<u64>())
            .unwrap_or(0)
    });
    if let Ok(built) = Sieve::new(1_000_000_000) {
        bench.case(
            "sum Sieve::new(1e9).primes()",
            24_739_512_092_254_535,
            || built.primes().sum::<u64>(),
        );
    }
    bench.case("Sieve::new(1e9).prime_pi", Some(50_847_534), || {
        Sieve::new(1_000_000_000)
            .ok()
            .and_then(|s| s.prime_pi(1_000_000_000))
    });
    bench.case("count_primes(2^64-1e4..2^64)", Ok(218), || {
        sieve::count_primes(u64::MAX - 10_000..u64::MAX)
    });
    bench.case("count_primes(1e15..1e15+1e9)", Ok(28_946_421), || {
        sieve::count_primes(1_000_000_000_000_000..1_000_001_000_000_000)
    });
    // `count_primes` at its switch near 10^12 and 10^14 (`sum_primes`, whose
    // switch lies wider, with it), one thread, beside the sieve and the engine
    // each forced (the counts from primesieve, the sums from primesum).
    for (name, lo, width, count, sum) in [
        (
            "1e12..+1.2e8",
            1_000_000_000_000u64,
            120_000_000u64,
            4_341_914u64,
            4_342_174_528_878_054_246u128,
        ),
        (
            "1e14..+1.04e9",
            100_000_000_000_000,
            1_040_000_000,
            32_260_336,
            3_226_050_376_087_979_501_498,
        ),
    ] {
        let range = lo..lo + width;
        let engine = || sieve::prime_pi(range.end - 1) - sieve::prime_pi(lo - 1);
        bench.case(
            &format!("one thread: count_primes({name})"),
            Ok(count),
            || common::one_thread(|| sieve::count_primes(range.clone())),
        );
        bench.case(
            &format!("one thread: primes_in({name}).count()"),
            Ok(count as usize),
            || common::one_thread(|| sieve::primes_in(range.clone()).map(Iterator::count)),
        );
        bench.case(
            &format!("one thread: π differences ({name})"),
            count,
            || common::one_thread(engine),
        );
        bench.case(&format!("one thread: sum_primes({name})"), Ok(sum), || {
            common::one_thread(|| sieve::sum_primes(range.clone()))
        });
    }
    // The n-th prime on one thread, beside primecount's on one thread.
    for (name, n, p) in [
        ("1e12", 1_000_000_000_000u64, 29_996_224_275_833u64),
        ("1e15", 1_000_000_000_000_000, 37_124_508_045_065_437),
    ] {
        let primecount = format!("primecount --nth-prime {name} --threads=1");
        bench.baseline(
            &format!("baseline: {primecount}"),
            &primecount,
            &p.to_string(),
        );
        bench.case(&format!("one thread: nth_prime({name})"), Some(p), || {
            common::one_thread(|| sieve::nth_prime(n))
        });
    }
    // Backwards against forwards over 5·10^7 numbers near 10^18, where the
    // sieving primes (up to 10^9) outnumber the primes yielded.
    let near = 1_000_000_000_000_000_000..1_000_000_000_050_000_000;
    let sum = |p: u64| u128::from(p);
    let forwards = sieve::primes_in(near.clone()).map(|it| it.map(sum).sum::<u128>());
    bench.case("sum primes_in(1e18..1e18+5e7)", forwards.clone(), || {
        sieve::primes_in(near.clone()).map(|it| it.map(sum).sum::<u128>())
    });
    bench.case("sum primes_in(1e18..1e18+5e7).rev()", forwards, || {
        sieve::primes_in(near.clone()).map(|it| it.rev().map(sum).sum::<u128>())
    });
    // One thread over ranges of 10^9 and 10^10 numbers at every height,
    // beside primesieve on one thread (HI inclusive there).
    let heights: [(&str, u64, u64, u64); 6] = [
        ("0..1e9", 0, 1_000_000_000, 50_847_534),
        ("0..1e10", 0, 10_000_000_000, 455_052_511),
        (
            "1e12..+1e10",
            1_000_000_000_000,
            10_000_000_000,
            361_840_208,
        ),
        (
            "1e15..+1e10",
            1_000_000_000_000_000,
            10_000_000_000,
            289_531_946,
        ),
        (
            "1e18..+1e9",
            1_000_000_000_000_000_000,
            1_000_000_000,
            24_127_085,
        ),
        (
            "2^64-1e10..2^64",
            u64::MAX - 9_999_999_999,
            10_000_000_000,
            225_402_976,
        ),
    ];
    for (name, lo, width, count) in heights {
        let last = lo + (width - 1);
        let primesieve = format!("primesieve {lo} {last} -t1 -c -q");
        bench.baseline(
            &format!("baseline: primesieve {name} -t1"),
            &primesieve,
            &count.to_string(),
        );
        bench.case(
            &format!("one thread: primes_in({name}).count()"),
            Ok(count as usize),
            || common::one_thread(|| sieve::primes_in(lo..=last).map(Iterator::count)),
        );
    }
    // Every core (rayon's pool) over the same ranges but the first, beside
    // primesieve on as many threads.
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        for (name, lo, width, count) in heights.into_iter().skip(1) {
            let last = lo + (width - 1);
            bench.baseline(
                &format!("baseline: primesieve {name} -t{threads}"),
                &format!("primesieve {lo} {last} -t{threads} -c -q"),
                &count.to_string(),
            );
            bench.case(
                &format!("{threads} threads: primes_in({name}).into_par_iter().count()"),
                Ok(count as usize),
                || sieve::primes_in(lo..=last).map(|primes| primes.into_par_iter().count()),
            );
        }
    }
    // The primes below 10^9 summed on one thread, beside primesieve's
    // iterator as it times itself: through `sum`, through a plain `for`
    // loop, backwards.
    let below_1e9 = 24_739_512_092_254_535u64;
    bench.baseline_reported(
        "baseline: iter_sum 1e9 (its own time)",
        "iter_sum 1000000000",
        &format!("sum={below_1e9}"),
    );
    bench.case("one thread: primes_in(..1e9).sum()", Ok(below_1e9), || {
        common::one_thread(|| sieve::primes_in(..1_000_000_000).map(|it| it.sum::<u64>()))
    });
    bench.case(
        "one thread: for p in primes_in(..1e9)",
        Ok(below_1e9),
        || {
            common::one_thread(|| {
                let mut sum = 0;
                for p in sieve::primes_in(..1_000_000_000)? {
                    sum += p;
                }
                Ok::<u64, primeboard::Error>(sum)
            })
        },
    );
    bench.case(
        "one thread: primes_in(..1e9).rev().sum()",
        Ok(below_1e9),
        || common::one_thread(|| sieve::primes_in(..1_000_000_000).map(|it| it.rev().sum::<u64>())),
    );
    bench.case("prime_pi(1e6)", 78_498, || sieve::prime_pi(1_000_000));
    bench.case("prime_pi(1e12)", 37_607_912_018, || {
        sieve::prime_pi(1_000_000_000_000)
    });
    bench.case("prime_pi(1e13)", 346_065_536_839, || {
        sieve::prime_pi(10_000_000_000_000)
    });
    bench.case("prime_sum(1e13)", 1_699_246_443_377_779_418_889_494, || {
        sieve::prime_sum(10_000_000_000_000)
    });
    // One thread, beside the baseline.
    let pi_1e16 = 279_238_341_033_925;
    let sum_1e16 = 1_376_110_854_313_351_899_159_632_866_552;
    let large = [
        (
            "1e14",
            3_204_941_750_802,
            157_589_260_710_736_940_541_561_021,
        ),
        ("1e16", pi_1e16, sum_1e16),
    ];
    for (name, pi, sum) in large {
        let x = name.parse::<f64>().expect("a number") as u64;
        let primecount = format!("primecount {name} --threads=1");
        bench.baseline(
            &format!("baseline: {primecount}"),
            &primecount,
            &pi.to_string(),
        );
        bench.case(&format!("one thread: prime_pi({name})"), pi, || {
            common::one_thread(|| sieve::prime_pi(x))
        });
        bench.case(&format!("one thread: prime_sum({name})"), sum, || {
            common::one_thread(|| sieve::prime_sum(x))
        });
    }
    // Primes by residue class, one thread, beside `prime_pi(1e14)` above:
    // modulo 4 the published split (OEIS A091295), every other modulus up
    // to 12 adding up to π.
    let pi_1e14 = 3_204_941_750_802;
    bench.case(
        "one thread: prime_pi_by_residue(1e14, 4)",
        Ok(vec![0, 1_602_470_783_672, 1, 1_602_470_967_129]),
        || common::one_thread(|| sieve::prime_pi_by_residue(100_000_000_000_000, 4)),
    );
    for q in (1..=12).filter(|&q| q != 4) {
        let name = format!("one thread: prime_pi_by_residue(1e14, {q}), summed");
        bench.case(&name, Ok(pi_1e14), || {
            common::one_thread(|| {
                let classes = sieve::prime_pi_by_residue(100_000_000_000_000, q)?;
                Ok::<u64, primeboard::Error>(classes.iter().sum())
            })
        });
    }
    bench.case(
        "one thread: PrimeSums::new(1e16)",
        (pi_1e16, sum_1e16),
        || {
            common::one_thread(|| {
                let sums = PrimeSums::new(10_000_000_000_000_000);
                (sums.prime_pi(), sums.sum())
            })
        },
    );
    bench.case(
        "PrimeSums::new(1e12)",
        (
            37_607_912_018,
            18_435_588_552_550_705_911_377,
            Ok(SQUARES_1E12),
        ),
        || {
            let sums = PrimeSums::new(1_000_000_000_000);
            (sums.prime_pi(), sums.sum(), sums.sum_of_squares())
        },
    );
}
