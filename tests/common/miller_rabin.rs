//! A deterministic Miller–Rabin test for every `u64`, written plainly:
//! 128-bit products reduced by `%`, and the first twelve primes as bases,
//! which no odd composite below `3.18 · 10^23` passes (Sorenson and
//! Webster, 2015), with none of the crate's code.

/// The first twelve primes: the trial divisors and the bases.
const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// `a b mod m`.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `a^e mod m`, by squaring.
fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    while e > 0 {
        if e & 1 == 1 {
            result = mul_mod(result, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    result
}

/// Whether odd `n > a` is a strong probable prime to the base `a`, with
/// `n - 1 = d 2^s`, `d` odd.
fn strong_probable_prime(n: u64, a: u64, d: u64, s: u32) -> bool {
    let mut x = pow_mod(a, d, n);
    if x == 1 || x == n - 1 {
        return true;
    }
    for _ in 1..s {
        x = mul_mod(x, x, n);
        if x == n - 1 {
            return true;
        }
    }
    false
}

/// Whether `n` is prime: trial division by the bases, then the strong
/// probable-prime test to each of them.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| strong_probable_prime(n, a, d, s))
}

/// The primes in `lo..hi`, each number tested.
pub fn primes(lo: u64, hi: u64) -> Vec<u64> {
    (lo..hi).filter(|&n| is_prime(n)).collect()
}
