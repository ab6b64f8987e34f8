//! Lucy Hedgehog's method, written plainly: `π(x)`, `Σ p` and `Σ p²` over
//! the primes `p <= x` in `O(x^{3/4})` time and `O(√x)` memory, with none
//! of the crate's code.

/// `(π(x), Σ p, Σ p²)`; the sums wrap modulo `2^128`, so they are exact
/// while the true values fit (every `x` below `10^13`).
pub fn lucy_sums(x: u64) -> (u64, u128, u128) {
    let mut r = (x as f64).sqrt() as u64;
    while r * r > x {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= x {
        r += 1;
    }
    // S_k(v) = Σ_{2 <= n <= v} n^k, wrapping.
    let initial = |v: u64| -> [u128; 3] {
        let v = u128::from(v);
        if v < 2 {
            return [0; 3];
        }
        let squares = if v % 2 == 0 {
            (v / 2).wrapping_mul(v + 1)
        } else {
            v.wrapping_mul(v.div_ceil(2))
        };
        let cubes = {
            // v (v + 1) (2v + 1) / 6 with the divisions done first.
            let (mut a, mut b, mut c) = (v, v + 1, 2 * v + 1);
            if a % 2 == 0 {
                a /= 2
            } else {
                b /= 2
            }
            if a % 3 == 0 {
                a /= 3
            } else if b % 3 == 0 {
                b /= 3
            } else {
                c /= 3
            }
            a.wrapping_mul(b).wrapping_mul(c)
        };
        [v - 1, squares.wrapping_sub(1), cubes.wrapping_sub(1)]
    };
    // small[v] = S(v) for v <= r; large[i] = S(x / i) for 1 <= i <= r.
    let mut small: Vec<[u128; 3]> = (0..=r).map(initial).collect();
    let mut large: Vec<[u128; 3]> = (0..=r)
        .map(|i| initial(x.checked_div(i).unwrap_or(0)))
        .collect();
    for p in 2..=r {
        if small[p as usize][0] == small[p as usize - 1][0] {
            continue;
        }
        let below = small[p as usize - 1];
        let powers = [1u128, u128::from(p), u128::from(p) * u128::from(p)];
        let remove = |s: &mut [u128; 3], from: [u128; 3]| {
            for k in 0..3 {
                s[k] = s[k].wrapping_sub(from[k].wrapping_sub(below[k]).wrapping_mul(powers[k]));
            }
        };
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
            remove(&mut large[i as usize], from);
        }
        for v in (p * p..=r).rev() {
            let from = small[(v / p) as usize];
            remove(&mut small[v as usize], from);
        }
    }
    let s = if x == 0 { [0; 3] } else { large[1] };
    (s[0] as u64, s[1], s[2])
}
