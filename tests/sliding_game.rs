//! `sliding_game` against breadth-first search, direct board loops and
//! sieve sums.

use primeboard::Error;
use primeboard::sieve::{self, Sieve};
use primeboard::sliding_game::{self, Move};

/// Replays `moves` on the board and checks that each is legal and that the
/// red counter ends bottom-right.
fn replay(rows: usize, cols: usize, moves: &[Move]) -> bool {
    let (mut red, mut space) = ((0usize, 0usize), (rows - 1, cols - 1));
    for m in moves {
        let (dr, dc) = match m {
            Move::Left => (0, 1),
            Move::Right => (0, -1),
            Move::Up => (1, 0),
            Move::Down => (-1, 0),
        };
        let (r, c) = (space.0 as isize + dr, space.1 as isize + dc);
        if r < 0 || c < 0 || r >= rows as isize || c >= cols as isize {
            return false;
        }
        let to = (r as usize, c as usize);
        if to == red {
            red = space;
        }
        space = to;
    }
    red == (rows - 1, cols - 1)
}

#[test]
fn closed_form_matches_search_up_to_14() {
    check_closed_form(14);
}

#[test]
#[ignore = "full size: run in release"]
fn closed_form_matches_search_up_to_30() {
    check_closed_form(30);
}

fn check_closed_form(max: u64) {
    for m in 1..=max {
        for n in 1..=max {
            if m == 1 && n == 1 {
                continue;
            }
            let found = sliding_game::Search::new(m, n)
                .unwrap()
                .max_states(u64::MAX)
                .run()
                .unwrap();
            let formula = sliding_game::min_moves(m, n).unwrap();
            assert_eq!(
                found.as_ref().map(|s| s.len() as u128),
                formula,
                "S({m}, {n})"
            );
            if let Some(solution) = found {
                assert!(
                    replay(m as usize, n as usize, solution.moves()),
                    "replay of S({m}, {n}): {solution}"
                );
            }
        }
    }
}

#[test]
fn statement_checkpoints() {
    assert_eq!(sliding_game::min_moves(2, 2).unwrap(), Some(5));
    assert_eq!(sliding_game::min_moves(5, 4).unwrap(), Some(25));
    assert_eq!(sliding_game::min_moves(4, 5).unwrap(), Some(25));
    assert_eq!(sliding_game::min_moves(1, 2).unwrap(), Some(1));
    assert_eq!(sliding_game::min_moves(2, 1).unwrap(), Some(1));
    assert_eq!(sliding_game::min_moves(1, 7).unwrap(), None);
    let table: &[(u64, u128)] = &[(10, 8), (50, 872), (100, 5482), (1000, 4_112_102)];
    for &(limit, grids) in table {
        assert_eq!(
            sliding_game::count_grids(limit).unwrap(),
            grids,
            "count_grids({limit})"
        );
    }
}

#[test]
fn boards_match_a_direct_loop() {
    // Every board with S(m, n) = q for q below 400, found by looping over all
    // boards that could reach it (S(m, n) >= 6 max - 9 for max >= 2).
    for q in 0..400u64 {
        let mut direct = Vec::new();
        for m in 1..=q / 6 + 3 {
            for n in 1..=q / 6 + 3 {
                if (m, n) != (1, 1) && sliding_game::min_moves(m, n).unwrap() == Some(u128::from(q))
                {
                    direct.push((m, n));
                }
            }
        }
        let mut fast: Vec<(u64, u64)> = sliding_game::boards(q).collect();
        for k in 0..fast.len() + 2 {
            let mut partly = sliding_game::boards(q);
            partly.next();
            let tail = fast.get(k + 1).copied();
            assert_eq!(partly.nth(k), tail, "boards({q}).nth({k}) after one");
            assert_eq!(
                sliding_game::boards(q).nth(k),
                fast.get(k).copied(),
                "boards({q}).nth({k})"
            );
        }
        assert_eq!(
            sliding_game::boards(q).last(),
            fast.last().copied(),
            "boards({q}).last()"
        );
        assert_eq!(
            fast.len(),
            sliding_game::boards(q).len(),
            "len of boards({q})"
        );
        fast.sort();
        assert_eq!(fast, direct, "boards({q})");
    }
}

#[test]
fn interval_count_matches_loop_over_n_for_primes_below_2_000() {
    check_interval_count(2_000);
}

#[test]
#[ignore = "full size: run in release"]
fn interval_count_matches_loop_over_n_for_primes_below_10_000() {
    check_interval_count(10_000);
}

fn check_interval_count(limit: u64) {
    for p in Sieve::new(limit).unwrap().primes() {
        let q = p * p;
        // Loop over n: 6m + 2n - 13 = q with m > n >= 2.
        let mut looped = 0u64;
        for n in 2..q {
            let rest = q + 13 - 2 * n;
            if 6 * n + 2 * n > q + 13 {
                break;
            }
            if rest % 6 == 0 && rest / 6 > n {
                looped += 2;
            }
        }
        assert_eq!(sliding_game::boards(q).len() as u64, looped, "p = {p}");
        if p > 3 {
            assert_eq!(looped, (q - 1) / 12, "p = {p}");
        }
    }
}

#[test]
fn count_grids_matches_sieve_sums() {
    let limits: Vec<u64> = (0..200)
        .chain([
            997,
            1000,
            1009,
            (1 << 15) + 1,
            65_536,
            1_000_000,
            (1 << 21) + 1,
            10_000_000,
        ])
        .collect();
    for limit in limits {
        let direct: u128 = sieve::primes_in(0..limit)
            .unwrap()
            .map(|p| sliding_game::boards(p * p).len() as u128)
            .sum();
        assert_eq!(
            sliding_game::count_grids(limit).unwrap(),
            direct,
            "count_grids({limit})"
        );
    }
}

#[test]
fn bad_input() {
    assert_eq!(
        sliding_game::min_moves(0, 5),
        Err(Error::NoRoom { rows: 0, cols: 5 })
    );
    assert_eq!(
        sliding_game::min_moves(1, 1),
        Err(Error::NoRoom { rows: 1, cols: 1 })
    );
    assert!(matches!(
        sliding_game::search(1, 1),
        Err(Error::NoRoom { .. })
    ));
    assert!(matches!(
        sliding_game::search(u64::MAX, u64::MAX),
        Err(Error::SearchTooLarge { .. })
    ));
    assert!(matches!(
        sliding_game::Search::new(20, 20)
            .unwrap()
            .max_states(1000)
            .run(),
        Err(Error::SearchTooLarge {
            states: 160_000,
            max: 1000
        })
    ));
    assert_eq!(
        sliding_game::min_moves(u64::MAX, u64::MAX - 1).unwrap(),
        Some(8 * u128::from(u64::MAX) - 15)
    );
    assert!(matches!(
        sliding_game::count_grids(u64::MAX),
        Err(Error::CountOverflow { .. })
    ));
    assert_eq!(sliding_game::boards(u64::MAX - 1).count(), 0);
}

#[test]
fn boards_for_the_largest_targets() {
    // boards(t) for odd t >= u64::MAX - 13 overflowed in `t + 11` and
    // `t + 13`, yielding boards such as (1, 1).
    for t in (u64::MAX - 40..=u64::MAX).filter(|t| t % 2 == 1) {
        let all = sliding_game::boards(t);
        let n = all.remaining();
        assert!(n > 1 << 60, "boards({t}) has {n} boards");
        let ends = all.clone().take(50).chain(all.skip(n as usize - 50));
        for (m, k) in ends {
            assert_eq!(
                sliding_game::min_moves(m, k).unwrap(),
                Some(u128::from(t)),
                "boards({t}) yields ({m}, {k})"
            );
        }
    }
    assert_eq!(
        sliding_game::boards(u64::MAX - 2).next(),
        Some((u64::MAX / 8 + 2, u64::MAX / 8 + 2))
    );
}

#[test]
fn the_search_refuses_more_positions_than_it_can_index() {
    // Parents were u32 indices: with a budget of 2^32 or more on a board of
    // 65 536 cells or more they truncated.
    let wide = sliding_game::Search::new(256, 256)
        .unwrap()
        .max_states(u64::MAX);
    assert_eq!(
        wide.run(),
        Err(Error::SearchTooLarge {
            states: 1 << 32,
            max: sliding_game::Search::MAX_STATES
        })
    );
    let edge = sliding_game::Search::new(6, 6).unwrap();
    assert!(edge.max_states(36 * 36).run().is_ok());
    assert!(edge.max_states(36 * 36 - 1).run().is_err());
}

#[test]
#[ignore = "full size: run in release (a few seconds)"]
fn count_grids_overflow_boundary() {
    // The largest limit whose count fits in u128; the next prime-free limit
    // above adds p = 72 866 938 968 493 and passes u128::MAX. Found by walking
    // the primes up from count_grids(72 723 993 968 803) with the sieve.
    const LAST: u64 = 72_866_938_968_493;
    assert!(sieve::is_prime(LAST));
    let below = sliding_game::count_grids(LAST).unwrap();
    assert_eq!(below, 340_282_366_920_685_935_355_838_830_508_243_837_014);
    assert!(
        below
            .checked_add((u128::from(LAST) * u128::from(LAST) - 1) / 12)
            .is_none()
    );
    assert_eq!(
        sliding_game::count_grids(LAST + 1),
        Err(Error::CountOverflow {
            prime_limit: LAST + 1
        })
    );
    let sums = sieve::PrimeSums::new(LAST);
    assert!(matches!(
        sums.sum_of_squares(),
        Err(Error::PrimeSumOverflow { power: 2, .. })
    ));
}

// ---------------------------------------------------------------------------
// count_grids on the prime-sum engine: every limit up to 70 000 against a
// plain sieve, random limits against Lucy's method, and the switch from 128
// to 192 bits.
// ---------------------------------------------------------------------------

mod common;

/// `count_grids` from `(π, Σ p²)` over the primes below the limit.
fn grids_from_sums(count: u64, squares: u128) -> u128 {
    match count {
        0 | 1 => 0,
        _ => 2 + (squares - 13 - u128::from(count - 2)) / 12,
    }
}

#[test]
fn count_grids_matches_a_plain_sieve_up_to_70_000() {
    let n = 70_000;
    let table = common::byte_sieve(n);
    let mut direct = 0u128;
    for limit in 0..=n {
        assert_eq!(
            sliding_game::count_grids(limit).unwrap(),
            direct,
            "count_grids({limit})"
        );
        if table[limit as usize] {
            direct += sliding_game::boards(limit * limit).len() as u128;
        }
    }
}

#[test]
fn count_grids_matches_lucy_at_seeded_random_limits() {
    let mut state = 0x0123_4567_89AB_CDEFu64;
    for round in 0..30 {
        common::xorshift(&mut state);
        let limit = state % 10u64.pow(5 + round % 5) + 1;
        let (count, _, squares) = common::lucy::lucy_sums(limit - 1);
        assert_eq!(
            sliding_game::count_grids(limit).unwrap(),
            grids_from_sums(count, squares),
            "count_grids({limit})"
        );
    }
}

#[test]
#[ignore = "full size: run in release"]
fn count_grids_across_the_switch_to_192_bits() {
    // Σ_{n <= x} n² < 2^128 up to x = 10 069 012 961 344, where the engine
    // switches to 192 bits: each step adds (p² - 1) / 12 for a prime p,
    // nothing otherwise, whichever width carried the sum.
    const SWITCH: u64 = 10_069_012_961_344;
    let mut previous = sliding_game::count_grids(SWITCH - 3).unwrap();
    for limit in SWITCH - 2..SWITCH + 5 {
        let now = sliding_game::count_grids(limit).unwrap();
        let p = limit - 1;
        let step = match sieve::is_prime(p) {
            true => (u128::from(p) * u128::from(p) - 1) / 12,
            false => 0,
        };
        assert_eq!(now - previous, step, "count_grids({limit})");
        previous = now;
    }
}
