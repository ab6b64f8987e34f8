//! The large sieving primes, in buckets: a prime with at most a few
//! multiples in a segment waits in the bucket of the segment that holds its
//! next multiple and is visited only there (Tomás Oliveira e Silva's
//! bucket sieve, as primesieve has it), instead of in every segment.
//!
//! The buckets form a ring, one for each of the next segments a multiple
//! can fall in; a bucket is a stack of fixed-size blocks of primes, and an
//! emptied block goes back to a pool, so that the steady state allocates
//! nothing. A waiting prime takes 8 bytes.

use super::cross::SievingPrime;

/// Primes per block: 8 KiB.
const BLOCK_PRIMES: usize = 1024;

/// A sieving prime waiting for the segment of its next multiple.
#[derive(Clone, Copy)]
struct Waiting {
    /// The next multiple's byte in its segment, shifted by 3, and the
    /// wheel phase of its multiplier.
    byte_phase: u32,
    /// `p / 30`, shifted by 3, and the wheel index of `p mod 30`.
    prime: u32,
}

/// A block of waiting primes.
type Block = Vec<Waiting>;

/// The primes waiting for one segment: full blocks and the open one.
#[derive(Clone, Default)]
struct Bucket {
    open: Block,
    full: Vec<Block>,
}

/// The buckets of the segments from the current one on, each of
/// `2^segment_shift` bytes.
#[derive(Clone)]
pub(super) struct Buckets {
    /// `ring[k % ring.len()]`: the primes waiting for segment `k`.
    ring: Vec<Bucket>,
    /// Emptied blocks, for reuse.
    pool: Vec<Block>,
    /// The number of the current segment.
    current: u64,
    /// The bytes of a whole segment, as a power of two.
    segment_shift: u32,
    /// The first byte past the range: multiples there are not kept.
    end_byte: u64,
    /// The first byte of the current segment.
    seg_byte: u64,
}

impl Buckets {
    /// Buckets for the segments of `segment_bytes` bytes (a power of two)
    /// from byte `seg_byte`, for sieving primes below `largest` and a range
    /// ending at byte `end_byte`.
    pub(super) fn new(seg_byte: u64, end_byte: u64, segment_bytes: u64, largest: u64) -> Buckets {
        debug_assert!(segment_bytes.is_power_of_two());
        // The next multiple `p m'` of a multiple `p m` is at most `6 p`
        // further (the wheel's widest gap), `p / 5` bytes.
        let ahead = (largest / 5 / segment_bytes + 2).next_power_of_two();
        Buckets {
            ring: vec![Bucket::default(); ahead as usize],
            pool: Vec::new(),
            current: 0,
            segment_shift: segment_bytes.trailing_zeros(),
            end_byte,
            seg_byte,
        }
    }

    /// Puts `sp`, whose next multiple is `sp.next` bytes past the start of
    /// the current segment, in the bucket of that multiple's segment; drops
    /// it if that is past the range.
    #[inline(always)]
    pub(super) fn push(&mut self, sp: SievingPrime) {
        let next = u64::from(sp.next);
        if self.seg_byte + next >= self.end_byte {
            return;
        }
        let byte = (next & ((1 << self.segment_shift) - 1)) as u32;
        let slot = (self.current + (next >> self.segment_shift)) as usize & (self.ring.len() - 1);
        let waiting = Waiting {
            byte_phase: byte << 3 | u32::from(sp.phase),
            prime: sp.p_div_30 << 3 | u32::from(sp.class),
        };
        let bucket = &mut self.ring[slot];
        if bucket.open.len() == bucket.open.capacity() {
            let fresh = self
                .pool
                .pop()
                .unwrap_or_else(|| Vec::with_capacity(BLOCK_PRIMES));
            let full = std::mem::replace(&mut bucket.open, fresh);
            if !full.is_empty() {
                bucket.full.push(full);
            }
        }
        bucket.open.push(waiting);
    }

    /// Crosses off the multiples in `seg`, the current segment, of the
    /// primes waiting for it, puts each in the bucket of its next multiple,
    /// and moves on to the next segment.
    pub(super) fn cross(&mut self, seg: &mut [u8]) {
        let slot = (self.current as usize) & (self.ring.len() - 1);
        let Bucket { open, mut full } = std::mem::take(&mut self.ring[slot]);
        full.push(open);
        let len = seg.len() as u64;
        for mut block in full {
            for waiting in block.drain(..) {
                let mut sp = SievingPrime {
                    next: waiting.byte_phase >> 3,
                    p_div_30: waiting.prime >> 3,
                    class: (waiting.prime & 7) as u8,
                    phase: (waiting.byte_phase & 7) as u8,
                };
                sp.cross_few(seg);
                // `sp.next` is now counted from the segment's end.
                sp.next = (u64::from(sp.next) + len) as u32;
                self.push(sp);
            }
            if block.capacity() == BLOCK_PRIMES {
                self.pool.push(block);
            }
        }
        self.current += 1;
        self.seg_byte += len;
    }
}
