//! Whether the processor counts the bits of a word in one instruction (x86-64's `popcnt`,
//! which baseline x86-64 lacks). X3 counting live
//! options afresh ([`ByCounts`](super::apply::ByCounts)) pays only with it: q14 takes
//! 14–19 % less time than with tallies, while counted in software q12 and q13 took a
//! quarter longer. The instruction is looked for at run time, so that one binary runs
//! everywhere and uses it where the processor has it
//! ([`DenseSearch::run`](super::search::DenseSearch::run) enters a copy of the search loop
//! compiled with it).

/// True when `u64::count_ones` is one instruction on this processor: built for a target
/// with `popcnt`, or on x86-64 a processor that has it (detected once, then cached by the
/// standard library); aarch64 always counts bits in its vector unit.
pub(crate) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cfg!(target_feature = "popcnt") || std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(target_arch = "aarch64")]
    {
        true
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}
