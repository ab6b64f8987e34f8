//! A plain oracle for prime squares: the cells filled in reading order,
//! each row, column and the main diagonal kept a prefix of some prime found
//! by trial division; the other diagonal is checked at the end.

use super::trial_division;

/// The sum of the decimal digits of `n`.
pub fn digit_sum(mut n: u64) -> u32 {
    let mut s = 0;
    while n > 0 {
        s += (n % 10) as u32;
        n /= 10;
    }
    s
}

/// The search state: the prefix tables and the square so far.
struct Oracle {
    size: usize,
    /// `prefix[k][v]`: `v` is the `k`-digit prefix of a prime with the digit sum.
    prefix: Vec<Vec<bool>>,
    /// The digits in reading order.
    cells: Vec<u64>,
    found: Vec<Vec<u64>>,
}

/// Every `size × size` square of `size`-digit primes with digit sum `s`
/// and top-left digit `d`, as its rows, in increasing order.
pub fn brute_force(size: usize, s: u32, d: u8) -> Vec<Vec<u64>> {
    let lo = 10u64.pow(size as u32 - 1);
    let mut prefix: Vec<Vec<bool>> = (0..=size as u32)
        .map(|k| vec![false; 10usize.pow(k)])
        .collect();
    for p in (lo..10 * lo).filter(|&p| digit_sum(p) == s && trial_division(p)) {
        for k in 1..=size as u32 {
            prefix[k as usize][(p / 10u64.pow(size as u32 - k)) as usize] = true;
        }
    }
    let mut oracle = Oracle {
        size,
        prefix,
        cells: vec![0; size * size],
        found: Vec::new(),
    };
    oracle.cells[0] = u64::from(d);
    if oracle.fits(0) {
        oracle.fill(1);
    }
    oracle.found
}

impl Oracle {
    /// Reads the digits of `cells` as a number.
    fn read(&self, cells: impl Iterator<Item = (usize, usize)>) -> usize {
        cells.fold(0, |v, (r, c)| {
            10 * v + self.cells[r * self.size + c] as usize
        })
    }

    /// Whether the row, the column and, on it, the main diagonal of the
    /// cell `i` are prefixes of primes.
    fn fits(&self, i: usize) -> bool {
        let (r, c) = (i / self.size, i % self.size);
        self.prefix[c + 1][self.read((0..=c).map(|k| (r, k)))]
            && self.prefix[r + 1][self.read((0..=r).map(|k| (k, c)))]
            && (r != c || self.prefix[r + 1][self.read((0..=r).map(|k| (k, k)))])
    }

    /// Tries every digit in cell `i` and the cells after it.
    fn fill(&mut self, i: usize) {
        let n = self.size;
        if i == n * n {
            if self.prefix[n][self.read((0..n).map(|k| (n - 1 - k, k)))] {
                let rows = (0..n).map(|r| self.read((0..n).map(|c| (r, c))) as u64);
                self.found.push(rows.collect());
            }
            return;
        }
        for d in 0..10 {
            self.cells[i] = d;
            if self.fits(i) {
                self.fill(i + 1);
            }
        }
    }
}
