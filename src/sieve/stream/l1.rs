//! The pieces a segment is crossed in by the small sieving primes: as large
//! as the core's L1 data cache, read once at run time.

use std::sync::OnceLock;

/// The piece sizes the sieve chooses among, in bytes: the largest that fits
/// in the core's L1 data cache, or the smallest when that cannot be read.
/// Measured on a 32 KiB L1d core (AMD EPYC, Zen 4), 32 KiB pieces counted
/// `[0, 10^10)` in 0.89× the time of 48 KiB ones and `[10^12, 10^12 +
/// 10^10)` in 0.98×; on a 48 KiB L1d core (Intel Xeon), 32 and 64 KiB
/// pieces took 1.04× to 1.5× the time of 48 KiB ones at every height tried.
/// The tests probe the edges of each size.
pub(super) const PIECE_BYTES: [usize; 3] = [32 * 1024, 48 * 1024, 64 * 1024];

/// The L1 pieces of a segment, and which sieving primes work through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct L1Pieces {
    bytes: usize,
}

impl L1Pieces {
    /// The pieces for the core this runs on, its L1d size read once.
    pub(super) fn of_this_core() -> L1Pieces {
        static BYTES: OnceLock<usize> = OnceLock::new();
        L1Pieces {
            bytes: *BYTES.get_or_init(|| piece_bytes(l1d_bytes())),
        }
    }

    /// Every piece size the sieve may choose, for the tests that sieve
    /// with each, whatever this core's.
    #[cfg(test)]
    pub(super) fn every() -> [L1Pieces; PIECE_BYTES.len()] {
        PIECE_BYTES.map(|bytes| L1Pieces { bytes })
    }

    /// Bytes per piece.
    pub(super) fn bytes(self) -> usize {
        self.bytes
    }

    /// Sieving primes below this hit every piece dozens of times and work
    /// through the pieces; larger ones cross off the whole segment at once.
    /// Measured best at a quarter of the piece's bytes on the Xeon (48 KiB
    /// pieces, 1 MiB segments): `[0, 10^9)` counted in 0.94× the time of an
    /// eighth and of a half, `[10^12, 10^12 + 10^10)` in 0.97×.
    pub(super) fn small_below(self) -> u64 {
        self.bytes as u64 / 4
    }
}

/// The largest of [`PIECE_BYTES`] that fits in an L1d of `l1d` bytes; the
/// smallest when none does or the size is unknown.
fn piece_bytes(l1d: Option<usize>) -> usize {
    let fits = |&bytes: &usize| l1d.is_some_and(|l1d| bytes <= l1d);
    PIECE_BYTES
        .into_iter()
        .rfind(fits)
        .unwrap_or(PIECE_BYTES[0])
}

/// The L1 data cache's bytes, from Linux's description of the first core's
/// caches; `None` elsewhere.
fn l1d_bytes() -> Option<usize> {
    let caches = std::fs::read_dir("/sys/devices/system/cpu/cpu0/cache").ok()?;
    caches.flatten().find_map(|cache| {
        let read = |name: &str| std::fs::read_to_string(cache.path().join(name)).ok();
        let is_l1d = read("level")?.trim() == "1" && read("type")?.trim() == "Data";
        is_l1d.then(|| parse_size(read("size")?.trim())).flatten()
    })
}

/// Bytes in a size as Linux writes it: `32K`, `1M` or a plain number.
fn parse_size(size: &str) -> Option<usize> {
    let (digits, unit) = size.split_at(
        size.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(size.len()),
    );
    let scale = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        _ => return None,
    };
    digits.parse::<usize>().ok()?.checked_mul(scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_piece_that_fits() {
        let k = 1024;
        for (l1d, bytes) in [
            (None, 32 * k),
            (Some(0), 32 * k),
            (Some(16 * k), 32 * k),
            (Some(32 * k), 32 * k),
            (Some(48 * k - 1), 32 * k),
            (Some(48 * k), 48 * k),
            (Some(64 * k - 1), 48 * k),
            (Some(64 * k), 64 * k),
            (Some(128 * k), 64 * k),
        ] {
            assert_eq!(piece_bytes(l1d), bytes, "{l1d:?}");
        }
        assert!(PIECE_BYTES.contains(&L1Pieces::of_this_core().bytes()));
        // The small sieving primes' edges the integration tests probe.
        let small_below = L1Pieces::every().map(L1Pieces::small_below);
        assert_eq!(small_below, [8192, 12288, 16384]);
    }

    #[test]
    fn sizes_as_linux_writes_them() {
        assert_eq!(parse_size("48K"), Some(48 * 1024));
        assert_eq!(parse_size("1M"), Some(1 << 20));
        assert_eq!(parse_size("4096"), Some(4096));
        for bad in ["", "K", "32 K", "32G", "-32K", "99999999999999999999M"] {
            assert_eq!(parse_size(bad), None, "{bad:?}");
        }
    }
}
