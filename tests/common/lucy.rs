//! Lucy Hedgehog's method, written plainly: `π(x)`, `Σ p` and `Σ p²` over
//! the primes `p <= x` in `O(x^{3/4})` time and `O(√x)` memory, with none
//! of the crate's code.
//!
//! `S(v)` starts as the sum of `f(n)` over `2 <= n <= v`, for every
//! `v = ⌊x / i⌋`; each prime `p <= √x` in turn removes the `n` whose least
//! prime factor is `p`: `S(v) -= f(p) (S(⌊v / p⌋) - S(p - 1))` for
//! `v >= p²`. What is left is the sum over the primes.

/// What the method carries for each `v`: sums of `f(n)` in wrapping
/// arithmetic, which are exact when the true results fit; `S(p)` differs
/// from `S(p - 1)` exactly when `p` is prime.
trait Sums: Copy + PartialEq {
    /// The sums over `2 <= n <= v`.
    fn integers(v: u64) -> Self;
    /// `self - f(p) (from - below)`.
    fn remove(self, from: Self, below: Self, p: u64) -> Self;
}

/// `⌊√x⌋`.
fn isqrt(x: u64) -> u64 {
    let mut r = (x as f64).sqrt() as u64;
    while u128::from(r) * u128::from(r) > u128::from(x) {
        r -= 1;
    }
    while u128::from(r + 1) * u128::from(r + 1) <= u128::from(x) {
        r += 1;
    }
    r
}

/// The sums over the primes `p <= x`.
fn lucy<S: Sums>(x: u64) -> S {
    let r = isqrt(x);
    // small[v] = S(v) for v <= r; large[i] = S(x / i) for 1 <= i <= r.
    let mut small: Vec<S> = (0..=r).map(S::integers).collect();
    let mut large: Vec<S> = (0..=r)
        .map(|i| S::integers(x.checked_div(i).unwrap_or(0)))
        .collect();
    for p in 2..=r {
        if small[p as usize] == small[p as usize - 1] {
            continue;
        }
        let below = small[p as usize - 1];
        for i in 1..=r {
            let v = x / i;
            if v < p * p {
                break;
            }
            let from = if i * p <= r {
                large[(i * p) as usize]
            } else {
                small[(v / p) as usize]
            };
            large[i as usize] = large[i as usize].remove(from, below, p);
        }
        for v in (p * p..=r).rev() {
            let from = small[(v / p) as usize];
            small[v as usize] = small[v as usize].remove(from, below, p);
        }
    }
    match x {
        0 => S::integers(0),
        _ => large[1],
    }
}

/// `v (v + 1) / 2` and `v (v + 1) (2v + 1) / 6` as factors below `2^65`,
/// the divisions done first.
fn triangle_and_pyramid(v: u128) -> ([u128; 2], [u128; 3]) {
    let (mut a, mut b) = (v, v + 1);
    if a % 2 == 0 {
        a /= 2
    } else {
        b /= 2
    }
    let mut c = 2 * v + 1;
    if a % 3 == 0 {
        a /= 3
    } else if b % 3 == 0 {
        b /= 3
    } else {
        c /= 3
    }
    let triangle = match v % 2 {
        0 => [v / 2, v + 1],
        _ => [v, v.div_ceil(2)],
    };
    (triangle, [a, b, c])
}

/// `(count, Σ n, Σ n²)` modulo `2^128`.
impl Sums for [u128; 3] {
    fn integers(v: u64) -> Self {
        if v < 2 {
            return [0; 3];
        }
        let ([t0, t1], [a, b, c]) = triangle_and_pyramid(u128::from(v));
        let v = u128::from(v);
        [
            v - 1,
            t0.wrapping_mul(t1) - 1,
            a.wrapping_mul(b).wrapping_mul(c).wrapping_sub(1),
        ]
    }

    fn remove(self, from: Self, below: Self, p: u64) -> Self {
        let p = u128::from(p);
        let powers = [1, p, p * p];
        std::array::from_fn(|k| {
            self[k].wrapping_sub(from[k].wrapping_sub(below[k]).wrapping_mul(powers[k]))
        })
    }
}

/// `(π(x), Σ p, Σ p²)`; the sums wrap modulo `2^128`, so they are exact
/// while the true values fit: `Σ p` for every `x`, `Σ p²` up to about
/// `3 · 10^13` ([`lucy_squares`] is exact beyond).
pub fn lucy_sums(x: u64) -> (u64, u128, u128) {
    let [count, sum, squares] = lucy::<[u128; 3]>(x);
    (count as u64, sum, squares)
}

/// A 192-bit unsigned integer, three 64-bit limbs from the lowest, in
/// wrapping arithmetic: wide enough for `Σ n²` over `n <= x` for any `u64`
/// `x`, which is below `2^192`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct U192([u64; 3]);

impl U192 {
    pub const ZERO: U192 = U192([0; 3]);

    /// `n`, widened.
    pub fn from_u128(n: u128) -> U192 {
        U192([n as u64, (n >> 64) as u64, 0])
    }

    /// `n²`.
    pub fn square(n: u64) -> U192 {
        U192::from_u128(u128::from(n) * u128::from(n))
    }

    /// The value, if it fits in `u128`.
    pub fn to_u128(self) -> Option<u128> {
        let [low, high, top] = self.0;
        (top == 0).then_some(u128::from(low) | u128::from(high) << 64)
    }

    /// `self + other`, wrapping.
    pub fn plus(self, other: U192) -> U192 {
        let mut limbs = [0; 3];
        let mut carry = false;
        for (k, limb) in limbs.iter_mut().enumerate() {
            let (sum, c1) = self.0[k].overflowing_add(other.0[k]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = c1 || c2;
        }
        U192(limbs)
    }

    /// `self - other`, wrapping.
    pub fn minus(self, other: U192) -> U192 {
        let mut limbs = [0; 3];
        let mut borrow = false;
        for (k, limb) in limbs.iter_mut().enumerate() {
            let (difference, b1) = self.0[k].overflowing_sub(other.0[k]);
            let (difference, b2) = difference.overflowing_sub(u64::from(borrow));
            *limb = difference;
            borrow = b1 || b2;
        }
        U192(limbs)
    }

    /// `self · m`, wrapping.
    pub fn times(self, m: u128) -> U192 {
        // Schoolbook: each limb of `m` times those of `self`, shifted.
        let mut product = U192::ZERO;
        for (shift, m) in [m as u64, (m >> 64) as u64].into_iter().enumerate() {
            if m == 0 {
                continue;
            }
            let mut limbs = [0; 3];
            let mut carry = 0u128;
            for (limb, &a) in limbs[shift..].iter_mut().zip(&self.0) {
                let t = u128::from(a) * u128::from(m) + carry;
                *limb = t as u64;
                carry = t >> 64;
            }
            product = product.plus(U192(limbs));
        }
        product
    }
}

/// `Σ n²` in 192 bits.
impl Sums for U192 {
    fn integers(v: u64) -> Self {
        if v < 2 {
            return U192::ZERO;
        }
        let (_, [a, b, c]) = triangle_and_pyramid(u128::from(v));
        let squares = U192::from_u128(a).times(b).times(c);
        squares.minus(U192::from_u128(1))
    }

    fn remove(self, from: Self, below: Self, p: u64) -> Self {
        let removed = from.minus(below).times(u128::from(p) * u128::from(p));
        self.minus(removed)
    }
}

/// `Σ p²` over the primes `p <= x`, exact for every `x`.
pub fn lucy_squares(x: u64) -> U192 {
    lucy::<U192>(x)
}
