//! Deterministic Miller–Rabin for every `u64`, in Montgomery form.

/// Bit `n` is set when `n < 64` is prime.
const SMALL_PRIMES_MASK: u64 = {
    let mut mask = 0u64;
    let mut n = 2;
    while n < 64 {
        let mut d = 2;
        let mut prime = true;
        while d * d <= n {
            if n % d == 0 {
                prime = false;
            }
            d += 1;
        }
        if prime {
            mask |= 1 << n;
        }
        n += 1;
    }
    mask
};

/// Trial divisors tried before Miller–Rabin.
const TRIAL: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// Sinclair's seven bases: together they make a strong-probable-prime test
/// exact for every `n < 2^64`.
const BASES: [u64; 7] = [2, 325, 9375, 28178, 450775, 9780504, 1795265022];

/// Whether `n` is prime: exact for every `u64`, by trial division and the
/// strong-probable-prime test to Sinclair's seven bases.
pub(crate) fn is_prime(n: u64) -> bool {
    if n < 64 {
        return (SMALL_PRIMES_MASK >> n) & 1 == 1;
    }
    if TRIAL.iter().any(|&p| n.is_multiple_of(p)) {
        return false;
    }
    if n < 41 * 41 {
        return true;
    }
    let m = Montgomery::new(n);
    BASES.iter().all(|&a| m.is_strong_probable_prime(a))
}

/// Arithmetic modulo an odd `n` with `R = 2^64`.
struct Montgomery {
    n: u64,
    /// `n^-1 mod 2^64`.
    inv: u64,
    /// `R^2 mod n`.
    r2: u64,
}

impl Montgomery {
    fn new(n: u64) -> Montgomery {
        // Newton's iteration doubles the correct low bits: 3 (n*n ≡ 1 mod 8) → 96.
        let mut inv = n;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inv)));
        }
        let r = u128::from(u64::MAX % n + 1);
        let r2 = (r * r % u128::from(n)) as u64;
        Montgomery { n, inv, r2 }
    }

    /// `t / R mod n` for `t < n * R`.
    #[inline]
    fn reduce(&self, t: u128) -> u64 {
        let m = (t as u64).wrapping_mul(self.inv);
        let mn = ((u128::from(m) * u128::from(self.n)) >> 64) as u64;
        let hi = (t >> 64) as u64;
        let (d, borrow) = hi.overflowing_sub(mn);
        if borrow { d.wrapping_add(self.n) } else { d }
    }

    #[inline]
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(u128::from(a) * u128::from(b))
    }

    fn is_strong_probable_prime(&self, base: u64) -> bool {
        let a = base % self.n;
        if a == 0 {
            return true;
        }
        let one = self.reduce(u128::from(self.r2));
        let minus_one = self.n - one;
        let s = (self.n - 1).trailing_zeros();
        let mut d = (self.n - 1) >> s;
        let mut b = self.mul(a, self.r2);
        let mut x = one;
        while d > 0 {
            if d & 1 == 1 {
                x = self.mul(x, b);
            }
            b = self.mul(b, b);
            d >>= 1;
        }
        if x == one || x == minus_one {
            return true;
        }
        for _ in 1..s {
            x = self.mul(x, x);
            if x == minus_one {
                return true;
            }
        }
        false
    }
}
