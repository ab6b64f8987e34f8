//! The crate's one door to the processor's own instructions, and the only
//! file with `unsafe` in it.
//!
//! A hot loop is written once, in portable Rust, as a [`Task`].
//! [`with_popcnt`], [`with_avx2`] and [`with_avx512`] look at the processor
//! they run on and run the task compiled for the best instruction set it
//! has, up to theirs: AVX-512, AVX2 with `popcnt`, `popcnt` alone, or the
//! portable build. The compiled variants are safe functions with
//! `#[target_feature]`; calling one is `unsafe` only because the compiler
//! cannot see the check made just before.
//!
//! One loop is not left to the compiler: [`expand_bits`], which turns a
//! sieve's bits into numbers with AVX-512's byte compression, beside its
//! portable twin.

/// The widest variant the dispatchers may choose (0 the portable build, 1
/// `popcnt`, 2 AVX2, 3 AVX-512): tests lower it to run the narrower
/// variants on a processor that has the wider. Every variant gives the same
/// answers, so that a test that lowers it cannot upset one running beside.
#[cfg(test)]
pub(crate) static CEILING: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(3);

/// Whether the dispatchers may choose the variant of `level` (`CEILING`
/// in the unit tests; every variant the processor has otherwise).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn allowed(level: u8) -> bool {
    #[cfg(test)]
    return CEILING.load(std::sync::atomic::Ordering::Relaxed) >= level;
    #[cfg(not(test))]
    return level <= 3;
}

/// Work for [`with_popcnt`] or [`with_avx2`]. Its `run` is
/// `#[inline(always)]`, and so is what it calls in its hot loops, so that
/// they are compiled into each variant: a closure would not do, since the
/// compiler may keep it out of line, compiled portably. Work handed to
/// rayon's threads is a task of its own in each job, since a job is
/// compiled apart from its caller.
pub(crate) trait Task {
    /// What the task computes.
    type Output;
    /// Does the work.
    fn run(self) -> Self::Output;
}

/// `task.run()`, compiled for `popcnt` when the processor has it, portably
/// otherwise: for the prime-sum engine, whose scalar loops AVX2 makes
/// slower (1.1× at `10^14`, measured).
#[inline(always)]
pub(crate) fn with_popcnt<T: Task>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    if allowed(1) && std::arch::is_x86_feature_detected!("popcnt") {
        #[allow(unsafe_code)]
        // SAFETY: the processor has `popcnt`, checked just above.
        return unsafe { popcnt(task) };
    }
    task.run()
}

/// `task.run()`, compiled for AVX2 and `popcnt` when the processor has
/// both, as [`with_popcnt`] otherwise: for loops that vectorise, such as
/// counting the bits of a long buffer.
#[inline(always)]
pub(crate) fn with_avx2<T: Task>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if allowed(2) && has!("popcnt") && has!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: the processor has AVX2 and `popcnt`, checked just above.
            return unsafe { avx2(task) };
        }
    }
    with_popcnt(task)
}

/// `task.run()`, compiled for AVX-512 (with its population counts of
/// vectors, AVX2, BMI2 and `popcnt`) when the processor has it, as
/// [`with_popcnt`] otherwise: for the prime-sum engine, whose sums by
/// residue class count a word's bits in every class at once
/// (`prime_pi_by_residue(10^14, 7)` in 0.88× the time, measured; `π` and
/// `Σp` the same or faster).
#[inline(always)]
pub(crate) fn with_avx512<T: Task>(task: T) -> T::Output {
    #[cfg(target_arch = "x86_64")]
    if allowed(3) && has_avx512() {
        #[allow(unsafe_code)]
        // SAFETY: the processor has every feature `avx512` is compiled for,
        // checked just above.
        return unsafe { avx512(task) };
    }
    with_popcnt(task)
}

/// Whether the processor has every feature [`avx512`] is compiled for.
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    use std::arch::is_x86_feature_detected as has;
    let vectors = has!("avx512f") && has!("avx512bw") && has!("avx512vl");
    let others = has!("avx512dq") && has!("avx512vpopcntdq") && has!("avx2");
    vectors && others && has!("bmi2") && has!("popcnt")
}

/// `task.run()` compiled for AVX-512, AVX2, BMI2 and `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512vpopcntdq")]
#[target_feature(enable = "avx2,bmi2,popcnt")]
fn avx512<T: Task>(task: T) -> T::Output {
    task.run()
}

/// `task.run()` compiled for AVX2 and `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn avx2<T: Task>(task: T) -> T::Output {
    task.run()
}

/// `task.run()` compiled for `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn popcnt<T: Task>(task: T) -> T::Output {
    task.run()
}

/// How the bits of [`expand_bits`]'s words stand for numbers: bit `b` of
/// word `k` for `base + k·step + offsets[b]`.
pub(crate) struct Numbering<'a> {
    pub(crate) base: u64,
    pub(crate) step: u64,
    pub(crate) offsets: &'a [u8; 64],
}

/// Writes the numbers of the set bits of `bytes`, lowest first, to the
/// start of `out`, and returns how many there are: `bytes` is read as
/// little-endian 64-bit words (the last one padded with zeros), numbered
/// by `numbering`.
///
/// With AVX-512's byte compression (VBMI2) a word's offsets are gathered in
/// one instruction and widened to numbers eight at a time; otherwise the
/// bits are visited one by one.
///
/// # Panics
///
/// If `out` has room for fewer than 64 numbers a word: a word's numbers
/// are written eight at a time, past the last one too.
pub(crate) fn expand_bits(bytes: &[u8], numbering: &Numbering, out: &mut [u64]) -> usize {
    assert!(out.len() >= 8 * bytes.len().next_multiple_of(8));
    #[cfg(target_arch = "x86_64")]
    if allowed(3) && has_vbmi2() {
        // SAFETY: the processor has every feature `expand_bits_vbmi2` is
        // compiled for, checked just above.
        return unsafe { expand_bits_vbmi2(bytes, numbering, out) };
    }
    expand_bits_portable(bytes, numbering, out)
}

/// [`expand_bits`] a bit at a time.
fn expand_bits_portable(bytes: &[u8], numbering: &Numbering, out: &mut [u64]) -> usize {
    let Numbering {
        base,
        step,
        offsets,
    } = *numbering;
    let mut n = 0;
    for (k, mut bits) in words(bytes).enumerate() {
        let first = base + k as u64 * step;
        while bits != 0 {
            out[n] = first + u64::from(offsets[bits.trailing_zeros() as usize]);
            n += 1;
            bits &= bits - 1;
        }
    }
    n
}

/// The little-endian 64-bit words of `bytes`, the last one padded with
/// zeros: whole words read as such, without a copy a word.
#[inline(always)]
fn words(bytes: &[u8]) -> impl Iterator<Item = u64> {
    let (whole, tail) = bytes.as_chunks::<8>();
    let last = (!tail.is_empty()).then(|| {
        let mut word = [0; 8];
        word[..tail.len()].copy_from_slice(tail);
        u64::from_le_bytes(word)
    });
    whole
        .iter()
        .map(|&word| u64::from_le_bytes(word))
        .chain(last)
}

/// Whether the processor has every feature [`expand_bits_vbmi2`] is
/// compiled for.
#[cfg(target_arch = "x86_64")]
fn has_vbmi2() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("avx512f") && has!("avx512bw") && has!("avx512vbmi2") && has!("popcnt")
}

/// [`expand_bits`] a word at a time: the offsets of its set bits compressed
/// into the low bytes of a vector, then widened and added to the word's
/// base eight at a time, the vector shifted down eight bytes after each.
/// The first sixteen are written whatever the word holds, which spares a
/// branch on the count in the common case.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
fn expand_bits_vbmi2(bytes: &[u8], numbering: &Numbering, out: &mut [u64]) -> usize {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi64, _mm512_alignr_epi64, _mm512_castsi512_si128,
        _mm512_cvtepu8_epi64, _mm512_loadu_si512, _mm512_maskz_compress_epi8, _mm512_set1_epi64,
        _mm512_setzero_si512, _mm512_storeu_si512,
    };
    let Numbering {
        base,
        step,
        offsets,
    } = *numbering;
    // SAFETY: `offsets` is 64 readable bytes.
    let table = unsafe { _mm512_loadu_si512(offsets.as_ptr().cast::<__m512i>()) };
    let mut n = 0;
    for (k, bits) in words(bytes).enumerate() {
        let mut packed = _mm512_maskz_compress_epi8(bits, table);
        let first = _mm512_set1_epi64((base + k as u64 * step) as i64);
        let count = bits.count_ones() as usize;
        let mut g = 0;
        while g < count.max(16) {
            let numbers =
                _mm512_add_epi64(_mm512_cvtepu8_epi64(_mm512_castsi512_si128(packed)), first);
            let to: &mut [u64; 8] = (&mut out[n + g..n + g + 8]).try_into().expect("8 numbers");
            // SAFETY: `to` is 64 writable bytes.
            unsafe { _mm512_storeu_si512(to.as_mut_ptr().cast::<__m512i>(), numbers) };
            packed = _mm512_alignr_epi64::<1>(_mm512_setzero_si512(), packed);
            g += 8;
        }
        n += count;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of some words, counted.
    struct Ones<'a>(&'a [u64]);

    impl Task for Ones<'_> {
        type Output = u32;
        #[inline(always)]
        fn run(self) -> u32 {
            self.0.iter().map(|w| w.count_ones()).sum()
        }
    }

    /// Both ways of expanding bits agree, and give the numbers of the bits
    /// one by one: words with 0, 1, 8 and 16 bits set and one more (the
    /// edges of the eight-number stores), every bit, and random words, in
    /// buffers of every length up to five words (the last word cut short),
    /// at bases up to the top of `u64`.
    #[test]
    fn expanded_bits_are_the_numbers_of_the_set_bits() {
        let offsets: [u8; 64] = std::array::from_fn(|b| (3 * b + b % 7) as u8);
        let mut words = vec![0, 1, u64::MAX, 1 << 63];
        for ones in [8, 9, 16, 17, 63] {
            words.push(u64::MAX >> (64 - ones));
            words.push(u64::MAX << (64 - ones));
        }
        words.extend(crate::testing::words(9).take(40));
        words.extend(
            crate::testing::words(10)
                .take(40)
                .map(|w| w & w >> 1 & w >> 2),
        );
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let step = 1000;
        for base in [0, 1 << 40, u64::MAX - (words.len() as u64 + 1) * step] {
            for len in (0..=40).chain((40..bytes.len()).step_by(13)) {
                let bytes = &bytes[bytes.len() - len..];
                let mut expected = Vec::new();
                for (k, chunk) in bytes.chunks(8).enumerate() {
                    for b in 0..8 * chunk.len() {
                        if chunk[b / 8] >> (b % 8) & 1 == 1 {
                            expected.push(base + k as u64 * step + u64::from(offsets[b]));
                        }
                    }
                }
                let mut out = vec![0; 8 * len.next_multiple_of(8)];
                let numbering = Numbering {
                    base,
                    step,
                    offsets: &offsets,
                };
                let n = expand_bits(bytes, &numbering, &mut out);
                assert_eq!(out[..n], expected, "{len} bytes from {base}");
                let n = expand_bits_portable(bytes, &numbering, &mut out);
                assert_eq!(out[..n], expected, "{len} bytes from {base}");
                #[cfg(target_arch = "x86_64")]
                if has_vbmi2() {
                    // SAFETY: checked just above.
                    let n = unsafe { expand_bits_vbmi2(bytes, &numbering, &mut out) };
                    assert_eq!(out[..n], expected, "{len} bytes from {base}");
                }
            }
        }
    }

    /// Every variant the processor can run gives what the portable build
    /// gives.
    #[test]
    fn variants_agree() {
        let words: Vec<u64> = crate::testing::words(5).take(1000).collect();
        let portable = Ones(&words).run();
        assert_eq!(with_popcnt(Ones(&words)), portable);
        assert_eq!(with_avx2(Ones(&words)), portable);
        assert_eq!(with_avx512(Ones(&words)), portable);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("popcnt") {
                #[allow(unsafe_code)]
                // SAFETY: checked just above.
                let got = unsafe { popcnt(Ones(&words)) };
                assert_eq!(got, portable);
            }
            if has!("popcnt") && has!("avx2") {
                #[allow(unsafe_code)]
                // SAFETY: checked just above.
                let got = unsafe { avx2(Ones(&words)) };
                assert_eq!(got, portable);
            }
            if has_avx512() {
                #[allow(unsafe_code)]
                // SAFETY: checked just above.
                let got = unsafe { avx512(Ones(&words)) };
                assert_eq!(got, portable);
            }
        }
    }
}
