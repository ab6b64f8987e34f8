//! Command-line helpers shared by the examples.

/// Parses a whole number below 2^64 written plainly (`123`) or in
/// exponent notation (`1e9`, `25e8`).
pub fn parse_number(text: &str) -> Option<u64> {
    match text.split_once(['e', 'E']) {
        None => text.parse().ok(),
        Some((mantissa, exponent)) => {
            let m: u64 = mantissa.parse().ok()?;
            let e: u32 = exponent.parse().ok()?;
            10u64.checked_pow(e)?.checked_mul(m)
        }
    }
}
