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

/// The widest variant the dispatchers may choose (0 the portable build, 1
/// `popcnt`, 2 AVX2, 3 AVX-512): tests lower it to run the narrower
/// variants on a processor that has the wider. Every variant gives the same
/// answers, so that a test that lowers it cannot upset one running beside.
#[cfg(test)]
pub(crate) static CEILING: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(3);

/// Whether the dispatchers may choose the variant of `level` ([`CEILING`]
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
