//! The mod-30 wheel's bit layout, and reading primes out of it.
//!
//! Byte `b` of a sieve buffer stands for the 30 numbers `30b..30b+30`; its
//! bit `k` (least significant first) stands for `30b + RESIDUES[k]`, the only
//! numbers of that block coprime to 30. A set bit means "not yet crossed off".
//! The crossing off is [`cross`](super::cross)'s, the first pass over a
//! segment [`presieve`](super::presieve)'s.

use std::ops::Range;

use crate::dispatch::{Numbering, Task};

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
pub(super) const NEXT: [u8; 30] = {
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
pub(super) const INVERSE: [u64; 8] = {
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

/// The residues modulo 210 that are coprime to 210: the spokes of the wheel
/// the large sieving primes turn on, which skips the multipliers divisible
/// by 7 as well (a seventh fewer multiples to cross than modulo 30).
pub(super) const RESIDUES_210: [u64; 48] = {
    let mut t = [0u64; 48];
    let (mut r, mut k) = (1, 0);
    while r < 210 {
        if r % 2 != 0 && r % 3 != 0 && r % 5 != 0 && r % 7 != 0 {
            t[k] = r;
            k += 1;
        }
        r += 1;
    }
    t
};

/// `NEXT_210[r]` is the index in [`RESIDUES_210`] of the smallest residue
/// `>= r` (there is one: 209 is coprime to 210).
pub(super) const NEXT_210: [u8; 210] = {
    let mut t = [0u8; 210];
    let (mut r, mut k) = (0, 0);
    while r < 210 {
        if RESIDUES_210[k] < r as u64 {
            k += 1;
        }
        t[r] = k as u8;
        r += 1;
    }
    t
};

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

/// [`WORD_OFFSET`] in bytes (each is below 240), for [`decode`].
const WORD_OFFSET_BYTES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        t[j] = WORD_OFFSET[j] as u8;
        j += 1;
    }
    t
};

/// Words of a sieve decoded into primes at a time by [`decode`]'s callers:
/// a few thousand numbers, so that the primes stay in L1.
pub(crate) const DECODE_WORDS: usize = 32;

/// Room for the primes of [`DECODE_WORDS`] words: at most 64 a word.
pub(crate) const DECODED: usize = 64 * DECODE_WORDS;

/// Writes the numbers of the set bits of the words `words` of `seg` (a
/// buffer starting at byte `seg_byte`) to the start of `out`, in increasing
/// order, and returns how many there are. `out` needs room for 64 numbers a
/// word (see [`expand_bits`](crate::dispatch::expand_bits)).
pub(crate) fn decode(seg: &[u8], words: Range<usize>, seg_byte: u64, out: &mut [u64]) -> usize {
    let bytes = &seg[(8 * words.start).min(seg.len())..(8 * words.end).min(seg.len())];
    let base = word_base(seg_byte, words.start);
    let numbering = Numbering {
        base,
        step: 240,
        offsets: &WORD_OFFSET_BYTES,
    };
    crate::dispatch::expand_bits(bytes, &numbering, out)
}

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

/// The bits of a word standing for the numbers `base + d'` with `d' <= d`,
/// `base` being the word's [`word_base`]: read from a table for the
/// distances within a word (the engine's `π` table looks them up).
#[inline(always)]
pub(crate) fn word_mask_up_to(d: u64) -> u64 {
    if d < 240 {
        MASKS_UP_TO[d as usize]
    } else {
        u64::MAX
    }
}

/// `MASKS_UP_TO[d]`: [`word_mask_up_to`]`(d)` for `d < 240`, the bits of
/// the whole bytes below `d`'s and of the residues up to `d mod 30` in its
/// own.
const MASKS_UP_TO: [u64; 240] = {
    let mut masks = [0; 240];
    let mut d = 0;
    while d < 240 {
        let bits = match d % 30 {
            29 => 8 * (d / 30) + 8,
            r => 8 * (d / 30) + NEXT[r + 1] as usize,
        };
        masks[d] = ((1u128 << bits) - 1) as u64;
        d += 1;
    }
    masks
};

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

/// The bit of `n` in a sieve whose byte 0 stands for `0..30`, the inverse
/// of [`number`]; `None` when `n` shares a factor with 30.
#[inline]
pub(crate) fn bit_of(n: u64) -> Option<u64> {
    match INDEX[(n % 30) as usize] {
        8 => None,
        k => Some(n / 30 * 8 + u64::from(k)),
    }
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
    crate::dispatch::with_avx2(CountOnes(seg))
}

/// [`count_ones`] as a task for the processor's instructions.
struct CountOnes<'a>(&'a [u8]);

impl Task for CountOnes<'_> {
    type Output = u64;
    #[inline(always)]
    fn run(self) -> u64 {
        count_ones_portable(self.0)
    }
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

    /// Every distance within a word and past it: the mask holds exactly
    /// the bits whose numbers are at most that far from the word's base.
    #[test]
    fn word_masks_stop_at_the_distance() {
        for d in 0..300u64 {
            let want = (0..64)
                .filter(|&j| WORD_OFFSET[j] <= d)
                .fold(0u64, |m, j| m | 1 << j);
            assert_eq!(word_mask_up_to(d), want, "d = {d}");
        }
    }

    /// Every number below 3000 to its bit and back, and none for the
    /// numbers that share a factor with 30.
    #[test]
    fn bits_and_numbers_are_inverse() {
        for n in 0..3000u64 {
            match bit_of(n) {
                Some(bit) => assert_eq!(number(bit), n),
                None => assert!(num_integer::gcd(n, 30) > 1, "{n}"),
            }
        }
    }

    #[test]
    fn count_ones_paths_agree() {
        // Exercises the processor-specific path (where the machine has it)
        // against the portable one on every length and alignment up to 300.
        let bytes: Vec<u8> = crate::testing::words(6)
            .flat_map(u64::to_le_bytes)
            .take(600)
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
