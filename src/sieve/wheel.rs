//! The mod-30 wheel: bit layout, crossing-off kernels and pre-sieve patterns.
//!
//! Byte `b` of a sieve buffer stands for the 30 numbers `30b..30b+30`; its
//! bit `k` (least significant first) stands for `30b + RESIDUES[k]`, the only
//! numbers of that block coprime to 30. A set bit means "not yet crossed off".
//!
//! A sieving prime `p = 30 pq + RESIDUES[pi]` crosses off `p * m` for the
//! multipliers `m` coprime to 30, walking `m` through the wheel: its state is
//! the byte of the next multiple and the wheel index `mi` of `m`.

use std::sync::OnceLock;

/// The residues modulo 30 that are coprime to 30, one per bit of a byte.
pub(crate) const RESIDUES: [u64; 8] = [1, 7, 11, 13, 17, 19, 23, 29];

/// The primes `2, 3, 5`, which the wheel does not store.
pub(crate) const WHEEL_PRIMES: [u64; 3] = [2, 3, 5];

/// How many of the primes 2, 3, 5 are `< n`.
pub(crate) fn wheel_primes_below(n: u64) -> u64 {
    WHEEL_PRIMES.iter().filter(|&&p| p < n).count() as u64
}

/// `INDEX[r]` is the bit of residue `r` modulo 30, or 8 when `gcd(r, 30) > 1`.
pub(crate) const INDEX: [u8; 30] = {
    let mut t = [8u8; 30];
    let mut k = 0;
    while k < 8 {
        t[RESIDUES[k] as usize] = k as u8;
        k += 1;
    }
    t
};

/// `NEXT[r]` is the wheel index of the smallest residue `>= r`.
const NEXT: [u8; 30] = {
    let mut t = [0u8; 30];
    let mut r = 0;
    let mut k = 0;
    while r < 30 {
        if RESIDUES[k] < r as u64 {
            k += 1;
        }
        t[r] = k as u8;
        r += 1;
    }
    t
};

/// `INVERSE[k]` is the inverse of `RESIDUES[k]` modulo 30.
const INVERSE: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut k = 0;
    while k < 8 {
        let mut inv = 1;
        while RESIDUES[k] * inv % 30 != 1 {
            inv += 1;
        }
        t[k] = inv;
        k += 1;
    }
    t
};

/// `MASK[pi][mi]` clears the bit of `p * m` for `p ≡ RESIDUES[pi]`,
/// `m ≡ RESIDUES[mi]` (mod 30).
const MASK: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut pi = 0;
    while pi < 8 {
        let mut mi = 0;
        while mi < 8 {
            let r = (RESIDUES[pi] * RESIDUES[mi] % 30) as usize;
            t[pi][mi] = !(1u8 << INDEX[r]);
            mi += 1;
        }
        pi += 1;
    }
    t
};

/// `OFFSET[pi][k]`: byte offset of `p * (m + RESIDUES[k] - 1)` from
/// `p * m` for `m ≡ 1 (mod 30)`, less its `pq * (RESIDUES[k] - 1)` part.
const OFFSET: [[usize; 8]; 8] = {
    let mut t = [[0usize; 8]; 8];
    let mut pi = 0;
    while pi < 8 {
        let mut k = 0;
        while k < 8 {
            t[pi][k] = (RESIDUES[pi] * RESIDUES[k] / 30) as usize;
            k += 1;
        }
        pi += 1;
    }
    t
};

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

/// One sieving prime and the next multiple it has to cross off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SievingPrime {
    /// Byte of the next multiple, relative to the start of the next segment.
    pub(crate) next: u32,
    /// `p / 30`.
    pq: u32,
    /// Wheel index of `p mod 30`.
    pi: u8,
    /// Wheel index of the multiplier of the next multiple.
    mi: u8,
}

impl SievingPrime {
    /// The state for `p` (a prime `> 5`, below 2^32) whose next multiple is
    /// the first `p * m >= max(p * p, from)` with `m` coprime to 30, relative
    /// to the segment starting at byte `seg_byte` (`30 * seg_byte <= from`).
    ///
    /// Returns `None` when that multiple lies at or past byte `end_byte`.
    pub(crate) fn new(p: u64, from: u64, seg_byte: u64, end_byte: u64) -> Option<SievingPrime> {
        let m = (p * p).max(from).div_ceil(p);
        let mi = NEXT[(m % 30) as usize];
        let m = u128::from(m / 30 * 30 + RESIDUES[usize::from(mi)]);
        let byte = u128::from(p) * m / 30;
        if byte >= u128::from(end_byte) {
            return None;
        }
        Some(SievingPrime {
            next: (byte as u64 - seg_byte) as u32,
            pq: (p / 30) as u32,
            pi: INDEX[(p % 30) as usize],
            mi,
        })
    }

    /// The state for `p` (a prime, `7 <= p < 2^32`) in a segment of `len`
    /// bytes starting at a multiple `s` of 30 with `p * p <= s`, given the gap
    /// `(p - s mod p) mod p` from `s` to the first multiple of `p`: no
    /// division, so that a stream can move its primes from segment to
    /// segment by updating `s mod p` alone.
    ///
    /// Returns `None` when no multiple `p * m` with `m` coprime to 30 lies in
    /// the segment.
    #[inline]
    pub(crate) fn at_gap(p: u64, gap: u64, len: u64) -> Option<SievingPrime> {
        if gap >= 30 * len {
            return None;
        }
        let pi = INDEX[(p % 30) as usize];
        // The multiplier of `s + gap` modulo 30, as `s + gap ≡ gap (mod 30)`.
        let q = gap % 30 * INVERSE[usize::from(pi)] % 30;
        let mi = NEXT[q as usize];
        let byte = (gap + (RESIDUES[usize::from(mi)] - q) * p) / 30;
        (byte < len).then_some(SievingPrime {
            next: byte as u32,
            pq: (p / 30) as u32,
            pi,
            mi,
        })
    }

    /// Crosses off every multiple that falls in `seg`, leaving `next`
    /// relative to the byte just past `seg`.
    #[inline]
    pub(crate) fn cross(&mut self, seg: &mut [u8]) {
        let i = self.next as usize;
        if i >= seg.len() {
            self.next = (i - seg.len()) as u32;
            return;
        }
        let (pq, mi) = (self.pq as usize, usize::from(self.mi));
        let (next, mi) = match self.pi {
            0 => cross_class::<0>(seg, i, mi, pq),
            1 => cross_class::<1>(seg, i, mi, pq),
            2 => cross_class::<2>(seg, i, mi, pq),
            3 => cross_class::<3>(seg, i, mi, pq),
            4 => cross_class::<4>(seg, i, mi, pq),
            5 => cross_class::<5>(seg, i, mi, pq),
            6 => cross_class::<6>(seg, i, mi, pq),
            _ => cross_class::<7>(seg, i, mi, pq),
        };
        self.next = next as u32;
        self.mi = mi as u8;
    }
}

/// Sieving primes kept apart by residue class, so that crossing them off runs
/// one loop specialised for each class, with no dispatch per prime.
#[derive(Clone, Debug, Default)]
pub(crate) struct Classes([Vec<SievingPrime>; 8]);

impl Classes {
    /// Room for about `n` primes, shared evenly by the classes (as the
    /// primes are, by Dirichlet's theorem), or `None` if it cannot be had.
    pub(crate) fn with_capacity(n: usize) -> Option<Classes> {
        let mut classes = Classes::default();
        let share = n / 8 + n / 64 + 64;
        for class in &mut classes.0 {
            class.try_reserve_exact(share).ok()?;
        }
        Some(classes)
    }

    /// Room for how many primes, over all classes.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.0.iter().map(Vec::capacity).sum()
    }

    pub(crate) fn clear(&mut self) {
        self.0.iter_mut().for_each(Vec::clear);
    }

    pub(crate) fn push(&mut self, sp: SievingPrime) {
        self.0[usize::from(sp.pi)].push(sp);
    }

    /// Crosses off every multiple of every prime that falls in `seg`.
    pub(crate) fn cross(&mut self, seg: &mut [u8]) {
        let [c0, c1, c2, c3, c4, c5, c6, c7] = &mut self.0;
        cross_each::<0>(c0, seg);
        cross_each::<1>(c1, seg);
        cross_each::<2>(c2, seg);
        cross_each::<3>(c3, seg);
        cross_each::<4>(c4, seg);
        cross_each::<5>(c5, seg);
        cross_each::<6>(c6, seg);
        cross_each::<7>(c7, seg);
    }
}

/// [`SievingPrime::cross`] for each of `primes`, all of residue class `PI`.
fn cross_each<const PI: usize>(primes: &mut [SievingPrime], seg: &mut [u8]) {
    for sp in primes {
        let i = sp.next as usize;
        if i >= seg.len() {
            sp.next = (i - seg.len()) as u32;
            continue;
        }
        let (next, mi) = cross_class::<PI>(seg, i, usize::from(sp.mi), sp.pq as usize);
        sp.next = next as u32;
        sp.mi = mi as u8;
    }
}

/// Crosses off the multiples in `seg` of a prime `30 pq + RESIDUES[PI]`
/// whose next multiple is at byte `i < seg.len()` with multiplier phase `mi`.
///
/// A wheel cycle covers eight multiples and exactly `p` bytes, at offsets
/// fixed per residue class: the current cycle is finished step by step, then
/// whole cycles are crossed with constant masks, then the last partial cycle.
/// Returns the next multiple's byte relative to the end of `seg`, and its phase.
#[inline(always)]
fn cross_class<const PI: usize>(seg: &mut [u8], i: usize, mi: usize, pq: usize) -> (usize, usize) {
    let len = seg.len();
    let p = 30 * pq + RESIDUES[PI] as usize;
    let o = [
        OFFSET[PI][0],
        pq * 6 + OFFSET[PI][1],
        pq * 10 + OFFSET[PI][2],
        pq * 12 + OFFSET[PI][3],
        pq * 16 + OFFSET[PI][4],
        pq * 18 + OFFSET[PI][5],
        pq * 22 + OFFSET[PI][6],
        pq * 28 + OFFSET[PI][7],
    ];
    let m = MASK[PI];
    // The cycle holding byte `i` starts `o[mi]` bytes earlier, perhaps
    // before `seg`: only the offsets `>= o[mi]` are visited from it.
    let start = i.wrapping_sub(o[mi]);
    for k in mi..8 {
        let pos = start.wrapping_add(o[k]);
        if pos >= len {
            return (pos - len, k);
        }
        seg[pos] &= m[k];
    }
    let mut c = start.wrapping_add(p);
    while c + o[7] < len {
        let cycle = &mut seg[c..=c + o[7]];
        cycle[o[0]] &= m[0];
        cycle[o[1]] &= m[1];
        cycle[o[2]] &= m[2];
        cycle[o[3]] &= m[3];
        cycle[o[4]] &= m[4];
        cycle[o[5]] &= m[5];
        cycle[o[6]] &= m[6];
        cycle[o[7]] &= m[7];
        c += p;
    }
    for k in 0..7 {
        let pos = c + o[k];
        if pos >= len {
            return (pos - len, k);
        }
        seg[pos] &= m[k];
    }
    (c + o[7] - len, 7)
}

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
                    let (pq, pi) = ((q / 30) as u32, INDEX[(q % 30) as usize]);
                    SievingPrime {
                        next: pq,
                        pq,
                        pi,
                        mi: 0,
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
pub(crate) fn presieve(seg: &mut [u8], seg_byte: u64) {
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

/// Keeps only the bits of `seg` (starting at byte `seg_byte`) whose numbers
/// lie in `lo..hi`.
pub(crate) fn clip(seg: &mut [u8], seg_byte: u64, lo: u64, hi: u64) {
    let Some(last) = seg.len().checked_sub(1) else {
        return;
    };
    let first_num = 30 * u128::from(seg_byte);
    let keep = |b: u128, k: usize| {
        let n = first_num + 30 * b + u128::from(RESIDUES[k]);
        n >= u128::from(lo) && n < u128::from(hi)
    };
    for b in [0, last] {
        for k in 0..8 {
            if !keep(b as u128, k) {
                seg[b] &= !(1 << k);
            }
        }
    }
}

/// `WORD_OFFSET[j]`: the number of bit `j` of a 64-bit word less the number
/// `30 b` of the word's first byte `b`.
pub(crate) const WORD_OFFSET: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = 30 * (j as u64 / 8) + RESIDUES[j % 8];
        j += 1;
    }
    t
};

/// Folds `f` over the numbers of the set bits of one word, `base` being
/// [`word_base`] of the word.
#[inline(always)]
pub(crate) fn fold_word<B>(
    mut acc: B,
    mut bits: u64,
    base: u64,
    f: &mut impl FnMut(B, u64) -> B,
) -> B {
    while bits != 0 {
        acc = f(acc, base + WORD_OFFSET[bits.trailing_zeros() as usize]);
        bits &= bits - 1;
    }
    acc
}

/// [`fold_word`] from the highest set bit down.
#[inline(always)]
pub(crate) fn rfold_word<B>(
    mut acc: B,
    mut bits: u64,
    base: u64,
    f: &mut impl FnMut(B, u64) -> B,
) -> B {
    while bits != 0 {
        let top = 63 - bits.leading_zeros() as usize;
        acc = f(acc, base + WORD_OFFSET[top]);
        bits &= !(1 << top);
    }
    acc
}

/// `30 b` for the first byte `b` of word `w` of a buffer starting at byte
/// `seg_byte`: add [`WORD_OFFSET`] to get a bit's number.
#[inline]
pub(crate) fn word_base(seg_byte: u64, w: usize) -> u64 {
    30 * (seg_byte + 8 * w as u64)
}

/// The number of bit `bit` of a sieve whose byte 0 stands for `0..30`.
#[inline]
pub(crate) fn number(bit: u64) -> u64 {
    30 * (bit / 8) + RESIDUES[(bit % 8) as usize]
}

/// The byte holding `n`'s wheel slot, and the first byte past `hi`'s.
pub(crate) fn byte_range(lo: u64, hi: u64) -> (u64, u64) {
    (lo / 30, hi.div_ceil(30))
}

/// Reads the little-endian 64-bit word at `seg[8w..8w+8]`, padding past the end with zeros.
#[inline]
pub(crate) fn word(seg: &[u8], w: usize) -> u64 {
    let start = 8 * w;
    if let Some(chunk) = seg.get(start..start + 8) {
        u64::from_le_bytes(chunk.try_into().expect("8 bytes"))
    } else {
        let mut bytes = [0u8; 8];
        let tail = &seg[start.min(seg.len())..];
        bytes[..tail.len()].copy_from_slice(tail);
        u64::from_le_bytes(bytes)
    }
}

/// Number of set bits of `seg`, a word at a time, with the processor's own
/// population count where it has one.
pub(crate) fn count_ones(seg: &[u8]) -> u64 {
    crate::dispatch::with_avx2(|| count_ones_portable(seg))
}

#[inline(always)]
fn count_ones_portable(seg: &[u8]) -> u64 {
    let mut chunks = seg.chunks_exact(8);
    let mut total: u64 = (&mut chunks)
        .map(|c| u64::from(u64::from_le_bytes(c.try_into().expect("8 bytes")).count_ones()))
        .sum();
    total += chunks
        .remainder()
        .iter()
        .map(|b| u64::from(b.count_ones()))
        .sum::<u64>();
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_ones_paths_agree() {
        // Exercises the processor-specific path (where the machine has it)
        // against the portable one on every length and alignment up to 300.
        let bytes: Vec<u8> = (0u32..600)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for start in 0..9 {
            for len in 0..300 {
                let slice = &bytes[start..start + len];
                let naive: u64 = slice.iter().map(|b| u64::from(b.count_ones())).sum();
                assert_eq!(count_ones(slice), naive, "{start} {len}");
                assert_eq!(count_ones_portable(slice), naive, "{start} {len}");
            }
        }
    }
}
