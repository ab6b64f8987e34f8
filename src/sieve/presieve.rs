//! The first pass over a segment: the multiples of the primes 7 to 163
//! removed by ANDing periodic patterns, built once per process, instead of
//! being crossed off one by one.

use std::sync::OnceLock;

use super::cross::SievingPrime;
use super::wheel::INDEX;
use crate::dispatch::Task;

/// Primes below this bound are removed by copying pre-sieved patterns.
pub(crate) const PRESIEVE_LIMIT: u64 = 167;

/// Pre-sieved groups: each pattern is periodic with the product of its primes
/// as period (in bytes), since 30 and the product are coprime. After the
/// first, which is copied, the patterns are ANDed into a segment four at a
/// time in one pass; 163 joins a pair so that no period is shorter than 899.
const PRESIEVE_GROUPS: [&[u64]; 16] = [
    &[7, 11, 13, 17],
    &[19, 23, 163],
    &[29, 31],
    &[37, 41],
    &[43, 47],
    &[53, 59],
    &[61, 67],
    &[71, 73],
    &[79, 83],
    &[89, 97],
    &[101, 103],
    &[107, 109],
    &[113, 127],
    &[131, 137],
    &[139, 149],
    &[151, 157],
];

/// The pre-sieve patterns, built once per process.
fn patterns() -> &'static [Vec<u8>] {
    static PATTERNS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        PRESIEVE_GROUPS
            .iter()
            .map(|group| {
                let period: u64 = group.iter().product();
                let mut bytes = vec![0xFF; period as usize];
                for &q in *group {
                    // Crossing from q * 1 rather than q * q also removes q itself.
                    let (p_div_30, class) = ((q / 30) as u32, INDEX[(q % 30) as usize]);
                    SievingPrime {
                        next: p_div_30,
                        p_div_30,
                        class,
                        phase: 0,
                    }
                    .cross(&mut bytes);
                }
                bytes
            })
            .collect()
    })
}

/// Fills `seg` (byte `seg_byte` onwards) with the numbers coprime to every
/// prime below [`PRESIEVE_LIMIT`], except that those primes themselves and 1
/// are handled: primes `7..PRESIEVE_LIMIT` are kept, 1 is removed.
///
/// Compiled for AVX2 where the processor has it, its passes over the segment
/// 32 bytes at a time (16 in the portable build): measured on a 32 KiB L1d,
/// 1 MiB L2 core (AMD EPYC, Zen 4), one thread, `[0, 10^10)` counted in
/// 0.97× the time of the portable build (15 pairs); AVX-512 was no faster,
/// and presieving each L1 piece just before its small primes cross it was
/// slower (1.04×).
pub(crate) fn presieve(seg: &mut [u8], seg_byte: u64) {
    crate::dispatch::with_avx2(Presieve { seg, seg_byte });
}

/// [`presieve`] as a task for the processor's instructions.
struct Presieve<'a> {
    seg: &'a mut [u8],
    seg_byte: u64,
}

impl Task for Presieve<'_> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        presieve_portable(self.seg, self.seg_byte);
    }
}

#[inline(always)]
fn presieve_portable(seg: &mut [u8], seg_byte: u64) {
    let (first, rest) = patterns().split_first().expect("patterns");
    let offset = |pattern: &[u8]| (seg_byte % pattern.len() as u64) as usize;
    let mut done = 0;
    let mut off = offset(first);
    while done < seg.len() {
        let n = (first.len() - off).min(seg.len() - done);
        seg[done..done + n].copy_from_slice(&first[off..off + n]);
        done += n;
        off = 0;
    }
    for quad in rest.chunks(4) {
        // A short last group repeats a pattern: ANDing it twice is harmless.
        let p: [&[u8]; 4] = std::array::from_fn(|i| quad[i.min(quad.len() - 1)].as_slice());
        let mut off = p.map(offset);
        let mut done = 0;
        while done < seg.len() {
            let n = (0..4)
                .map(|i| p[i].len() - off[i])
                .min()
                .expect("four")
                .min(seg.len() - done);
            let dst = &mut seg[done..done + n];
            let [a, b, c, d] = std::array::from_fn(|i| &p[i][off[i]..off[i] + n]);
            for ((((x, a), b), c), d) in dst.iter_mut().zip(a).zip(b).zip(c).zip(d) {
                *x &= a & b & c & d;
            }
            for i in 0..4 {
                off[i] = (off[i] + n) % p[i].len();
            }
            done += n;
        }
    }
    let end = seg_byte + seg.len() as u64;
    if seg_byte == 0 && end > 0 {
        seg[0] &= !1; // 1 is not prime
    }
    // The patterns removed their own primes; put back those in the segment.
    for &q in PRESIEVE_GROUPS.iter().flat_map(|g| g.iter()) {
        if (seg_byte..end).contains(&(q / 30)) {
            seg[(q / 30 - seg_byte) as usize] |= 1 << INDEX[(q % 30) as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sieve::wheel::RESIDUES;

    /// The presieve compiled for each instruction set up to the
    /// processor's keeps exactly the numbers with no prime factor below
    /// [`PRESIEVE_LIMIT`], and those primes themselves (not 1): segments of
    /// lengths about the vector widths and one longer than the longest
    /// period (`19 · 23 · 163` bytes), from byte 0, from either side of the
    /// first pattern's period and near the top of `u64`, against division
    /// by each prime.
    #[test]
    fn keeps_the_numbers_without_small_factors() {
        use std::sync::atomic::Ordering::Relaxed;
        let small: Vec<u64> = (7..PRESIEVE_LIMIT)
            .filter(|&q| (2..q).all(|d| q % d != 0))
            .collect();
        let first_period = 7 * 11 * 13 * 17;
        let top = u64::MAX / 30 - 80_000;
        for ceiling in [0, 1, 2] {
            crate::dispatch::CEILING.store(ceiling, Relaxed);
            for seg_byte in [
                0,
                1,
                first_period - 1,
                first_period,
                3 * first_period + 5,
                top,
            ] {
                for len in [1, 31, 32, 33, 63, 64, 65, 71_237] {
                    let mut seg = vec![0; len];
                    presieve(&mut seg, seg_byte);
                    for (byte, b) in (seg_byte..).zip(&seg) {
                        for (j, &r) in RESIDUES.iter().enumerate() {
                            let n = 30 * byte + r;
                            let kept = n != 1 && small.iter().all(|&q| n == q || n % q != 0);
                            assert_eq!(b >> j & 1 == 1, kept, "n {n}, instructions {ceiling}");
                        }
                    }
                }
            }
        }
        crate::dispatch::CEILING.store(3, Relaxed);
    }
}
