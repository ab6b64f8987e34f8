//! `B = Σ_{y < p <= √x} f(p) S(x/p)`: the primes up to `x / y` streamed by
//! the crate's own sieve ([`ForwardSieve`]) a piece at a time, each piece
//! keeping `S` running from its first number, a word of the wheel at a
//! time (a count of its bits for `π`), and reading it at every `x / p` in
//! it; the pieces combine in order ([`PieceRun::then`]).

use num_integer::Roots;

use super::leaves::Leaves;
use super::progress::Jobs;
use super::weight::Weight;
use crate::arith::Value;
use crate::dispatch::{self, Task};
use crate::sieve::wheel::{self, WHEEL_PRIMES};
use crate::sieve::{ForwardSieve, PrimesIn};
use crate::threads;

/// Pieces per thread, so that the last ones to finish are short.
const PIECES_PER_THREAD: u64 = 8;

/// The narrowest and widest piece, in integers: a piece sets up its own
/// sieving primes, up to `√(x / y)`.
const MIN_PIECE: u64 = 1 << 20;
const MAX_PIECE: u64 = 1 << 27;

/// The numbers `0..x / (y + 1) + 1`, cut into pieces for `B`.
pub(super) struct Pieces {
    x: u64,
    y: u64,
    /// The numbers the pieces cover: every `x / p` with `p > y` is below.
    end: u64,
    /// Integers per piece.
    width: u64,
}

/// What a run of consecutive pieces adds to `B`, `S` counted from the
/// run's first number.
#[derive(Clone, Copy, Default)]
struct PieceRun<V> {
    /// `Σ f(p) S(x/p)` over the `p` with `x / p` in the run.
    b: Leaves<V>,
    /// `Σ f(r)` over the run's primes.
    primes: V,
}

impl<V: Value> PieceRun<V> {
    /// This run followed by `later`.
    fn then(self, later: PieceRun<V>) -> PieceRun<V> {
        PieceRun {
            b: self.b.then(self.primes, later.b),
            primes: self.primes.plus(later.primes),
        }
    }
}

impl Pieces {
    /// The pieces for `x` split at `y`, `y < √x`.
    pub(super) fn new(x: u64, y: u64) -> Pieces {
        let end = x / (y + 1) + 1;
        let width = end
            .div_ceil(PIECES_PER_THREAD * threads::count() as u64)
            .clamp(MIN_PIECE, MAX_PIECE);
        Pieces { x, y, end, width }
    }

    /// [`Pieces::new`] with pieces of `width` integers.
    #[cfg(test)]
    fn with_width(x: u64, y: u64, width: u64) -> Pieces {
        Pieces {
            width,
            ..Pieces::new(x, y)
        }
    }

    /// How many pieces there are.
    pub(super) fn count(&self) -> usize {
        self.end.div_ceil(self.width) as usize
    }

    /// `B`, piece by piece on rayon's threads with the `rayon` feature,
    /// each piece a job of `jobs`.
    pub(super) fn sum<W: Weight>(&self, weight: &W, jobs: &Jobs) -> W::V {
        let run = threads::fold_in_order(
            0..self.count(),
            || (),
            |(), i| {
                let (pieces, i) = (self, i as u64);
                let run = dispatch::with_avx512(Piece { pieces, weight, i });
                jobs.tick();
                run
            },
            PieceRun::default,
            PieceRun::then,
        );
        run.b.sum
    }

    /// Piece `i`: its primes streamed once, a word of the wheel at a time,
    /// `S` read at each `x / p` in it as the stream passes it.
    #[inline(always)]
    fn piece<W: Weight>(&self, weight: &W, i: u64) -> PieceRun<W::V> {
        let x = self.x;
        let low = i * self.width;
        let high = (low + self.width).min(self.end);
        // The p with `low <= x / p < high`, largest first: `x / p` grows.
        let last = match low {
            0 => x.sqrt(),
            _ => (x / low).min(x.sqrt()),
        };
        let first = (x / high + 1).max(self.y + 1).min(last + 1);
        let mut quotients = PrimesIn::new(first..last + 1)
            .expect("the sieving primes below 2^16 fit in memory")
            .rev()
            .map(|p| (p, x / p));
        let mut next = quotients.next();
        let mut b = Leaves::default();
        // 2, 3 and 5, which the wheel leaves out, lie below every `x / p`.
        let small = WHEEL_PRIMES.iter().filter(|&p| (low..high).contains(p));
        let small = small.fold(W::V::default(), |sum, &p| sum.plus(weight.of(p)));
        let sieve =
            ForwardSieve::new(low, high).expect("the sieving primes below 2^32 fit in memory");
        let primes = sieve.fold_words(
            small,
            #[inline(always)]
            |sum, base, word| {
                while let Some((p, v)) = next.filter(|&(_, v)| v < base + 240) {
                    let below = weight.wheel_word(base, word & wheel::word_mask_up_to(v - base));
                    b.add(weight.scale(sum.plus(below), p), weight.of(p));
                    next = quotients.next();
                }
                sum.plus(weight.wheel_word(base, word))
            },
        );
        debug_assert!(next.is_none());
        PieceRun { b, primes }
    }
}

/// Piece `i` of `pieces`, a task for the processor's widest counts of bits.
struct Piece<'p, W> {
    pieces: &'p Pieces,
    weight: &'p W,
    i: u64,
}

impl<W: Weight> Task for Piece<'_, W> {
    type Output = PieceRun<W::V>;
    #[inline(always)]
    fn run(self) -> PieceRun<W::V> {
        self.pieces.piece(self.weight, self.i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime_sums::progress::Report;
    use crate::prime_sums::weight::{Count, Linear};
    use crate::testing::in_pool;

    /// `B` from pieces of a few widths, on 1 and 3 threads, against the
    /// sum taken prime by prime, for `x` whose quotients `x / p` fall one
    /// before, on and one after a piece's edge, and for `x / p` at the
    /// last number of the last piece.
    #[test]
    fn pieces_match_the_plain_sum() {
        let limit = 200_000u64;
        let mut primes = PrimesIn::new(0..limit).unwrap().peekable();
        let running: Vec<(u64, u128)> = (0..limit)
            .scan((0, 0), |sums, n| {
                if primes.next_if_eq(&n).is_some() {
                    *sums = (sums.0 + 1, sums.1 + u128::from(n));
                }
                Some(*sums)
            })
            .collect();
        let plain = |x: u64, y: u64| {
            PrimesIn::new(y + 1..x.sqrt() + 1)
                .unwrap()
                .fold((0, 0), |(count, sum), p| {
                    let (c, s) = running[(x / p) as usize];
                    (count + c, sum + u128::from(p) * s)
                })
        };
        let check = |x: u64, y: u64, width: u64| {
            let want = plain(x, y);
            for threads in [1, 3] {
                let got = in_pool(threads, || {
                    let pieces = Pieces::with_width(x, y, width);
                    let jobs = Jobs::new(Report::NONE, pieces.count() as u64);
                    (
                        pieces.sum(&Count, &jobs),
                        pieces.sum(&Linear::<u128>::default(), &jobs),
                    )
                });
                assert_eq!(
                    got, want,
                    "x = {x}, y = {y}, width {width}, {threads} threads"
                );
            }
        };
        let y = 60u64;
        let mut checked = 0;
        for width in [64u64, 1000] {
            for p in [61u64, 67, 97] {
                for k in 2..=4 {
                    for d in [-1i64, 0, 1] {
                        let v = (k * width).checked_add_signed(d).unwrap();
                        for x in [v * p, v * p + p - 1] {
                            assert!(x.sqrt() >= p && x / (y + 1) < limit, "x = {x}");
                            check(x, y, width);
                            checked += 1;
                        }
                    }
                }
            }
            // `x / (y + 1)`, the last number, at a piece's end and past it.
            for end in [2 * width - 1, 2 * width, 2 * width + 1] {
                check(end * (y + 1), y, width);
            }
        }
        assert_eq!(checked, 108);
    }
}
