//! The crate's one door to the processor's own instructions, and the only
//! file with `unsafe` in it.
//!
//! A hot loop is written once, in portable Rust, as a closure.
//! [`with_popcnt`] and [`with_avx2`] look at the processor they run on and
//! run the closure compiled for the best instruction set it has, up to
//! theirs: AVX2 with `popcnt`, `popcnt` alone, or the portable build. The compiled variants are safe functions with
//! `#[target_feature]`; calling one is `unsafe` only because the compiler
//! cannot see the check made just before.

/// `work()`, compiled for `popcnt` when the processor has it, portably
/// otherwise: for the prime-sum engine, whose scalar loops AVX2 makes
/// slower (1.1× at `10^14`, measured).
///
/// The closure is inlined into each compiled variant, and so is what it
/// calls through `#[inline(always)]`; a function it calls that is not
/// inlined keeps the portable build. Work handed to rayon's threads calls
/// `with_popcnt` again inside each job, since a job is compiled apart from its
/// caller.
#[inline(always)]
pub(crate) fn with_popcnt<R>(work: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[allow(unsafe_code)]
        // SAFETY: the processor has `popcnt`, checked just above.
        return unsafe { popcnt(work) };
    }
    work()
}

/// `work()`, compiled for AVX2 and `popcnt` when the processor has both,
/// as [`with_popcnt`] otherwise: for loops that vectorise, such as
/// counting the bits of a long buffer.
#[inline(always)]
pub(crate) fn with_avx2<R>(work: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("popcnt") && has!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: the processor has AVX2 and `popcnt`, checked just above.
            return unsafe { avx2(work) };
        }
    }
    with_popcnt(work)
}

/// `work()` compiled for AVX2 and `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn avx2<R>(work: impl FnOnce() -> R) -> R {
    work()
}

/// `work()` compiled for `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn popcnt<R>(work: impl FnOnce() -> R) -> R {
    work()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant the processor can run gives what the portable build
    /// gives.
    #[test]
    fn variants_agree() {
        let ones = |words: &[u64]| words.iter().map(|w| w.count_ones()).sum::<u32>();
        let words: Vec<u64> = crate::testing::words(5).take(1000).collect();
        let portable = ones(&words);
        assert_eq!(with_popcnt(|| ones(&words)), portable);
        assert_eq!(with_avx2(|| ones(&words)), portable);
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("popcnt") {
                #[allow(unsafe_code)]
                // SAFETY: checked just above.
                let got = unsafe { popcnt(|| ones(&words)) };
                assert_eq!(got, portable);
            }
            if has!("popcnt") && has!("avx2") {
                #[allow(unsafe_code)]
                // SAFETY: checked just above.
                let got = unsafe { avx2(|| ones(&words)) };
                assert_eq!(got, portable);
            }
        }
    }
}
