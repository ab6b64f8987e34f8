//! The large sieving primes, in buckets: a prime with at most a few
//! multiples in a segment waits in the bucket of the segment that holds its
//! next multiple and is visited only there (Tomás Oliveira e Silva's
//! bucket sieve, as primesieve has it), instead of in every segment.
//!
//! The buckets form a ring, one for each of the next segments a multiple
//! can fall in, turned by one bucket after each segment (the buckets move,
//! not the primes in them); a bucket is a stack of fixed-size blocks of
//! primes, and an emptied block goes back to a pool, so that the steady
//! state allocates nothing. A waiting prime takes 8 bytes.
//!
//! Going forwards, the large primes turn on the modulo-210 wheel: their
//! multipliers skip the multiples of 7 too, a seventh fewer multiples to
//! cross than on the modulo-30 wheel of the smaller primes (as primesieve's
//! large primes do).

use super::cross::{FirstMultiple, SievingPrime};
use super::wheel::{INDEX, RESIDUES, RESIDUES_210};

/// Primes per block: 8 KiB (16 in the unit tests, so that blocks fill
/// and come back in their small ranges).
const BLOCK_PRIMES: usize = if cfg!(test) { 16 } else { 1024 };

/// Whether the buckets' blocks for `primes` sieving primes (8 bytes each)
/// can be had: reserved and given back at once, before a stream starts,
/// since the blocks themselves are taken as the buckets fill.
pub(super) fn can_hold(primes: u64) -> bool {
    let mut room: Vec<u64> = Vec::new();
    usize::try_from(primes).is_ok_and(|n| room.try_reserve_exact(n).is_ok())
}

/// One spoke of the modulo-210 wheel, for a prime `p` of a residue class
/// modulo 30 and a multiplier `m` of a residue modulo 210.
#[derive(Clone, Copy)]
struct Spoke {
    /// Clears the bit of `p m`.
    mask: u8,
    /// How much `m` grows to the next residue (to 211 from 209).
    gap: u8,
    /// The byte distance from `p m` to the next multiple, less `p / 30`
    /// times `gap`.
    offset: u8,
    /// The index of the next residue.
    next: u8,
}

impl Spoke {
    /// The byte distance from `p m` to the next multiple, for `p / 30 =
    /// p_div_30`.
    #[inline(always)]
    fn step(self, p_div_30: u32) -> u64 {
        u64::from(p_div_30) * u64::from(self.gap) + u64::from(self.offset)
    }
}

/// `SPOKES[class][phase]`: the spoke for `p ≡ RESIDUES[class]` (mod 30)
/// and `m ≡ RESIDUES_210[phase]` (mod 210). With `p = 30 a + r` and `m =
/// 210 t + s`, the byte of `p m` is `7 r t + a m + floor(r s / 30)`, so
/// from `s` to the next residue `s'` (211 after 209) it grows by `a (s' -
/// s) + floor(r s' / 30) - floor(r s / 30)`. Each row has room for every
/// phase of [`PHASE_BITS`] bits, so that a phase read from a [`Waiting`]
/// indexes it without a bounds check; the last 16 are never reached.
const SPOKES: [[Spoke; 1 << PHASE_BITS]; 8] = {
    let mut t = [[Spoke {
        mask: 0,
        gap: 0,
        offset: 0,
        next: 0,
    }; 1 << PHASE_BITS]; 8];
    let mut class = 0;
    while class < 8 {
        let r = RESIDUES[class];
        let mut phase = 0;
        while phase < 48 {
            let s = RESIDUES_210[phase];
            let next = if phase == 47 {
                211
            } else {
                RESIDUES_210[phase + 1]
            };
            t[class][phase] = Spoke {
                mask: !(1u8 << INDEX[(r * s % 30) as usize]),
                gap: (next - s) as u8,
                offset: (r * next / 30 - r * s / 30) as u8,
                next: ((phase + 1) % 48) as u8,
            };
            phase += 1;
        }
        class += 1;
    }
    t
};

/// The widest gap between the multipliers of a prime on either wheel: 10
/// on the modulo-210 wheel (from 199 to 209), 6 on the modulo-30 one.
const WIDEST_GAP: u64 = 10;
const _: () = {
    let mut phase = 0;
    while phase < 48 {
        assert!(SPOKES[0][phase].gap as u64 <= WIDEST_GAP);
        phase += 1;
    }
};

/// A sieving prime waiting for the segment of its next multiple.
#[derive(Clone, Copy)]
struct Waiting {
    /// The next multiple's byte in its segment, shifted by [`PHASE_BITS`],
    /// and the wheel phase of its multiplier.
    byte_phase: u32,
    /// `p / 30`, shifted by 3, and the wheel index of `p mod 30`.
    prime: u32,
}

/// The bits of a phase on either wheel (48 spokes at most).
const PHASE_BITS: u32 = 6;

/// A block of waiting primes.
type Block = Vec<Waiting>;

/// The primes waiting for one segment: full blocks and the open one.
#[derive(Clone, Default)]
struct Bucket {
    open: Block,
    full: Vec<Block>,
}

impl Bucket {
    /// Whether no prime waits here.
    fn is_empty(&self) -> bool {
        self.open.is_empty() && self.full.is_empty()
    }

    /// Puts `waiting` in the open block, first swapping a full one for a
    /// block from `pool`.
    #[inline(always)]
    fn push(&mut self, pool: &mut Vec<Block>, waiting: Waiting) {
        if self.open.len() == self.open.capacity() {
            self.open_fresh(pool);
        }
        self.open.push(waiting);
    }

    /// Files the open block with the full ones and opens one from `pool`
    /// (or a new one): out of the crossing loop, whose registers it would
    /// otherwise take.
    #[cold]
    #[inline(never)]
    fn open_fresh(&mut self, pool: &mut Vec<Block>) {
        let fresh = pool
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(BLOCK_PRIMES));
        let full = std::mem::replace(&mut self.open, fresh);
        if !full.is_empty() {
            self.full.push(full);
        }
    }
}

/// A ring of buckets, one for each of the next segments a multiple can
/// fall in, and the pool of emptied blocks.
#[derive(Clone)]
struct Ring {
    /// `buckets[i]`: the primes waiting for the segment `i` segments past
    /// the current one.
    buckets: Vec<Bucket>,
    /// Emptied blocks, for reuse.
    pool: Vec<Block>,
}

impl Ring {
    /// Room for multiples up to [`WIDEST_GAP`] times `p` away (and a byte)
    /// for the primes `p <= largest`, in segments of `2^SHIFT` bytes, a
    /// byte of which, shifted by [`PHASE_BITS`], fits a `u32`.
    fn new<const SHIFT: u32>(largest: u64) -> Ring {
        const { assert!(SHIFT + PHASE_BITS <= 32) };
        let ahead = largest * WIDEST_GAP / 30 / (1 << SHIFT) + 2;
        Ring {
            buckets: vec![Bucket::default(); ahead as usize],
            pool: Vec::new(),
        }
    }

    /// Crosses off the multiples in `seg`, the current segment, of the
    /// primes waiting for it, by `cross_block`, which passes each on to the
    /// bucket of its next one, perhaps the current one again: the bucket is
    /// taken until it stays empty. Then moves on to the next segment.
    #[inline(always)]
    fn cross(
        &mut self,
        seg: &mut [u8],
        cross_block: impl Fn(&[Waiting], &mut [u8], &mut [Bucket], &mut Vec<Block>),
    ) {
        let Ring { buckets, pool } = self;
        while !buckets[0].is_empty() {
            let Bucket { open, mut full } = std::mem::take(&mut buckets[0]);
            full.push(open);
            for mut block in full {
                cross_block(&block, seg, buckets, pool);
                if block.capacity() == BLOCK_PRIMES {
                    block.clear();
                    pool.push(block);
                }
            }
        }
        buckets.rotate_left(1);
    }
}

/// The byte of the next multiple of a prime in its segment, and the number
/// of segments it lies past the current one, for a distance of `next`
/// bytes from the current segment's start (or end, going down).
#[inline(always)]
fn split<const SHIFT: u32>(next: u64) -> (u32, usize) {
    ((next & ((1 << SHIFT) - 1)) as u32, (next >> SHIFT) as usize)
}

impl Waiting {
    /// `sp` waiting at byte `byte` of its segment.
    #[inline(always)]
    fn new(sp: &SievingPrime, byte: u32) -> Waiting {
        Waiting::at(byte, sp.phase, Waiting::pack(sp.p_div_30, sp.class))
    }

    /// The prime `prime` (packed by [`Waiting::pack`]) waiting at byte
    /// `byte` of its segment, its multiplier at `phase`.
    #[inline(always)]
    fn at(byte: u32, phase: u8, prime: u32) -> Waiting {
        Waiting {
            byte_phase: byte << PHASE_BITS | u32::from(phase),
            prime,
        }
    }

    /// The prime `30 p_div_30 + RESIDUES[class]`, packed.
    #[inline(always)]
    fn pack(p_div_30: u32, class: u8) -> u32 {
        p_div_30 << 3 | u32::from(class)
    }

    /// The byte of the next multiple in its segment.
    #[inline(always)]
    fn byte(self) -> u32 {
        self.byte_phase >> PHASE_BITS
    }

    /// The wheel phase of the next multiple's multiplier.
    #[inline(always)]
    fn phase(self) -> u8 {
        (self.byte_phase & ((1 << PHASE_BITS) - 1)) as u8
    }

    /// The sieving prime, on the modulo-30 wheel.
    #[inline(always)]
    fn prime(self) -> SievingPrime {
        SievingPrime {
            next: self.byte(),
            p_div_30: self.prime >> 3,
            class: (self.prime & 7) as u8,
            phase: self.phase(),
        }
    }
}

/// The buckets of the segments from the current one up, each of `2^SHIFT`
/// bytes, for a stream going forwards.
#[derive(Clone)]
pub(super) struct Buckets<const SHIFT: u32> {
    ring: Ring,
    /// The first byte past the range: multiples there are not kept.
    end_byte: u64,
    /// The first byte of the current segment.
    seg_byte: u64,
}

impl<const SHIFT: u32> Buckets<SHIFT> {
    /// Buckets for the segments from byte `seg_byte`, for sieving primes
    /// up to `largest` and a range ending at byte `end_byte`.
    pub(super) fn new(seg_byte: u64, end_byte: u64, largest: u64) -> Buckets<SHIFT> {
        Buckets {
            ring: Ring::new::<SHIFT>(largest),
            end_byte,
            seg_byte,
        }
    }

    /// Brings in the prime `p`, whose first multiple `first` (on the
    /// modulo-210 wheel, from [`FirstMultiple::new_210`]) lies in the
    /// current segment or after it: puts it in the bucket of that
    /// multiple's segment, unless it has no multiple left to cross in the
    /// range.
    #[inline(always)]
    pub(super) fn push(&mut self, p: u64, first: FirstMultiple) {
        if first.byte >= self.end_byte {
            return;
        }
        let class = INDEX[(p % 30) as usize];
        let p_div_30 = (p / 30) as u32;
        let spoke = SPOKES[usize::from(class)][usize::from(first.phase)];
        if first.keeps(spoke.step(p_div_30), self.end_byte) {
            let (byte, ahead) = split::<SHIFT>(first.byte - self.seg_byte);
            let waiting = Waiting::at(byte, first.phase, Waiting::pack(p_div_30, class));
            let Ring { buckets, pool } = &mut self.ring;
            buckets[ahead].push(pool, waiting);
        }
    }

    /// Crosses off the multiples in `seg`, the current segment, of the
    /// primes waiting for it, and moves on to the next segment.
    ///
    /// A prime crosses off one multiple a visit and goes to the bucket of
    /// its next one. No loop runs for a varying number of multiples, so
    /// that no branch is mispredicted a prime; nor is a prime checked
    /// against the range's end: one whose next multiple lies past it waits
    /// in a bucket that is never crossed (or, in the last segment, finds
    /// no byte to cross), and takes no more room there than it did.
    pub(super) fn cross(&mut self, seg: &mut [u8]) {
        self.ring.cross(seg, cross_block::<SHIFT>);
        self.seg_byte += seg.len() as u64;
    }
}

/// The crossing loop of [`Buckets::cross`], over one block: kept out of
/// line, so that its values stay in registers.
#[inline(never)]
fn cross_block<const SHIFT: u32>(
    block: &[Waiting],
    seg: &mut [u8],
    buckets: &mut [Bucket],
    pool: &mut Vec<Block>,
) {
    for &waiting in block {
        let byte = waiting.byte() as usize;
        let class = (waiting.prime & 7) as usize;
        let spoke = SPOKES[class][usize::from(waiting.phase())];
        if let Some(bits) = seg.get_mut(byte) {
            *bits &= spoke.mask;
        }
        let next = byte as u64 + spoke.step(waiting.prime >> 3);
        let (byte, ahead) = split::<SHIFT>(next);
        buckets[ahead].push(pool, Waiting::at(byte, spoke.next, waiting.prime));
    }
}

/// The buckets of the segments from the current one down, each of
/// `2^SHIFT` bytes, for a stream going backwards: a prime waits for the
/// segment of its next multiple below, at a distance counted down from
/// that segment's last byte.
#[derive(Clone)]
pub(super) struct DownBuckets<const SHIFT: u32> {
    ring: Ring,
    /// The last byte of the current segment (one past it for an empty
    /// range is never needed: the stream stops first).
    top_byte: u64,
    /// The first byte of the range: multiples below are not kept.
    lo_byte: u64,
}

impl<const SHIFT: u32> DownBuckets<SHIFT> {
    /// Buckets for the segments down from the one ending just before byte
    /// `end_byte`, for sieving primes up to `largest` and a range starting
    /// at byte `lo_byte`.
    pub(super) fn new(lo_byte: u64, end_byte: u64, largest: u64) -> Self {
        debug_assert!(end_byte > 0);
        DownBuckets {
            ring: Ring::new::<SHIFT>(largest),
            top_byte: end_byte - 1,
            lo_byte,
        }
    }

    /// Puts `sp`, whose next multiple below is `sp.next` bytes below the
    /// last byte of the current segment, in the bucket of that multiple's
    /// segment; drops it if that lies below the range or below `p²`.
    #[inline(always)]
    pub(super) fn push(&mut self, sp: SievingPrime) {
        let Ring { buckets, pool } = &mut self.ring;
        push_below::<SHIFT>(buckets, pool, self.top_byte, self.lo_byte, &sp);
    }

    /// [`DownBuckets::push`] for a prime that may have no multiple.
    pub(super) fn push_all(&mut self, sp: Option<SievingPrime>) {
        if let Some(sp) = sp {
            self.push(sp);
        }
    }

    /// Crosses off the multiples in `seg`, the current segment, of the
    /// primes waiting for it, down to `p²`, puts each in the bucket of its
    /// next multiple below, and moves on to the segment below.
    pub(super) fn cross(&mut self, seg: &mut [u8]) {
        let len = seg.len() as u64;
        let (top_byte, lo_byte) = (self.top_byte, self.lo_byte);
        self.ring.cross(seg, |block, seg, buckets, pool| {
            for waiting in block {
                let mut sp = waiting.prime();
                // No lower than `p²`: below it, `p` itself would go.
                let floor = top_byte.saturating_sub(sp.square_byte());
                if sp.cross_few_down(seg, floor) {
                    // `sp.next` is now counted down from below the segment.
                    sp.next = (u64::from(sp.next) + len) as u32;
                    push_below::<SHIFT>(buckets, pool, top_byte, lo_byte, &sp);
                }
            }
        });
        self.top_byte = self.top_byte.saturating_sub(len);
    }
}

/// Puts `sp`, whose next multiple below is `sp.next` bytes below byte
/// `top_byte`, the last of the current segment, in the bucket of that
/// multiple's segment, its byte counted down from that segment's last;
/// drops it if the multiple lies below byte `lo_byte` or below `p²`.
#[inline(always)]
fn push_below<const SHIFT: u32>(
    buckets: &mut [Bucket],
    pool: &mut Vec<Block>,
    top_byte: u64,
    lo_byte: u64,
    sp: &SievingPrime,
) {
    let down = u64::from(sp.next);
    let Some(byte) = top_byte.checked_sub(down) else {
        return;
    };
    if byte < lo_byte.max(sp.square_byte()) {
        return;
    }
    let (within, ahead) = split::<SHIFT>(down);
    buckets[ahead].push(pool, Waiting::new(sp, within));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sieve::presieve::{PRESIEVE_LIMIT, presieve};
    use crate::sieve::wheel::RESIDUES;
    use crate::testing::plain_sieve;

    /// The numbers of the set bits of `seg`, whose byte 0 is byte `seg_byte`.
    fn numbers(seg: &[u8], seg_byte: u64) -> impl Iterator<Item = u64> + '_ {
        seg.iter().enumerate().flat_map(move |(b, &bits)| {
            (0..8)
                .filter(move |k| bits >> k & 1 == 1)
                .map(move |k| 30 * (seg_byte + b as u64) + RESIDUES[k])
        })
    }

    /// Segments of 64 bytes, every sieving prime above the pre-sieve in
    /// buckets, forwards and backwards: blocks fill and are reused, primes
    /// skip segments and stop at the range's end or at `p²`, against a
    /// plain sieve, for ranges ending anywhere from one segment to many.
    #[test]
    fn buckets_sieve_like_a_plain_sieve() {
        assert_eq!(BLOCK_PRIMES, 16);
        const SEGMENT: u64 = 64;
        let limit = 30 * 6000;
        let prime = plain_sieve(limit);
        let primes: Vec<u64> = (PRESIEVE_LIMIT..limit as u64)
            .filter(|&n| prime[n as usize])
            .collect();
        for end_byte in (1..=6000u64)
            .step_by(97)
            .chain([63, 64, 65, 128, 129, 6000])
        {
            let largest = (30 * end_byte - 1).isqrt();
            let sieving = || primes.iter().copied().take_while(move |&p| p <= largest);
            let mut found = Vec::new();
            // Forwards: each prime joins when its square is reached.
            let mut up = Buckets::<6>::new(0, end_byte, largest);
            let mut joining = sieving().peekable();
            for seg_byte in (0..end_byte).step_by(SEGMENT as usize) {
                let mut seg = vec![0; SEGMENT.min(end_byte - seg_byte) as usize];
                presieve(&mut seg, seg_byte);
                let seg_end = seg_byte + seg.len() as u64;
                while let Some(p) = joining.next_if(|&p| p * p < 30 * seg_end) {
                    up.push(p, FirstMultiple::new_210(p, 30 * seg_byte));
                }
                up.cross(&mut seg);
                found.extend(numbers(&seg, seg_byte));
            }
            let expected: Vec<u64> = (7..30 * end_byte).filter(|&n| prime[n as usize]).collect();
            assert_eq!(found, expected, "forwards to byte {end_byte}");
            // Backwards: every prime at its greatest multiple from the start.
            let mut down = DownBuckets::<6>::new(0, end_byte, largest);
            for p in sieving() {
                down.push_all(SievingPrime::below(p, end_byte - 1));
            }
            let mut found = Vec::new();
            let mut seg_end = end_byte;
            while seg_end > 0 {
                let seg_byte = seg_end.saturating_sub(SEGMENT);
                let mut seg = vec![0; (seg_end - seg_byte) as usize];
                presieve(&mut seg, seg_byte);
                down.cross(&mut seg);
                let mut numbers: Vec<u64> = numbers(&seg, seg_byte).collect();
                numbers.reverse();
                found.extend(numbers);
                seg_end = seg_byte;
            }
            found.reverse();
            assert_eq!(found, expected, "backwards from byte {end_byte}");
        }
    }

    /// Each spoke crosses the bit of `p m` and steps to the byte of the next
    /// multiple on the modulo-210 wheel, for primes of every class (the
    /// first prime of each from 2^22 up) and the largest below 2^32, over
    /// two turns of the wheel from `m = 1` and near `2^64 / p`.
    #[test]
    fn spokes_step_from_multiple_to_multiple() {
        let coprime = |m: u64| [2, 3, 5, 7].iter().all(|&q| !m.is_multiple_of(q));
        let primes = [
            4_194_319u64,
            4_194_329,
            4_194_353,
            4_194_371,
            4_194_397,
            4_194_403,
        ];
        let primes: Vec<u64> = primes
            .into_iter()
            .chain([4_194_451, 4_194_527, 4_294_967_291])
            .collect();
        let classes = primes
            .iter()
            .fold(0u8, |seen, &p| seen | 1 << INDEX[(p % 30) as usize]);
        assert_eq!(classes, u8::MAX);
        for p in primes {
            let class = usize::from(INDEX[(p % 30) as usize]);
            for start in [1, (u64::MAX / p - 420) / 210 * 210 + 1] {
                let mut phase = 0;
                let mut multipliers = (start..start + 420).filter(|&m| coprime(m));
                let mut m = multipliers.next().unwrap();
                for next in multipliers {
                    let spoke = SPOKES[class][phase];
                    assert_eq!(RESIDUES_210[phase], m % 210);
                    let bit = INDEX[(p * m % 30) as usize];
                    assert_eq!(spoke.mask, !(1 << bit));
                    let (byte, next_byte) = (p * m / 30, p * next / 30);
                    assert_eq!(byte + spoke.step((p / 30) as u32), next_byte, "p {p} m {m}");
                    (m, phase) = (next, usize::from(spoke.next));
                }
            }
        }
    }

    /// The ring has a bucket for the segment of every next multiple a
    /// prime up to `largest` can step to, from any byte of the current
    /// segment, without coming round to the current segment's own bucket.
    #[test]
    fn the_ring_reaches_the_farthest_multiple() {
        fn check<const SHIFT: u32>() {
            let segment_bytes = 1u64 << SHIFT;
            for largest in [200u64, 4_194_319, 65_521, 1 << 24, 4_294_967_291] {
                let ring = Ring::new::<SHIFT>(largest);
                let farthest = SPOKES
                    .iter()
                    .flatten()
                    .map(|spoke| spoke.step((largest / 30) as u32))
                    .max()
                    .unwrap();
                // From the last byte of the segment.
                let ahead = (segment_bytes - 1 + farthest) >> SHIFT;
                assert!(
                    ahead < ring.buckets.len() as u64,
                    "{largest} {segment_bytes}"
                );
            }
        }
        check::<6>();
        check::<20>();
    }
}
