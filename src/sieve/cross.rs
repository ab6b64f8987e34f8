//! Crossing off: a sieving prime's multiples `p * m`, `m` coprime to 30,
//! cleared from a segment eight at a time, one wheel turn per step, with
//! masks and offsets fixed at compile time for each residue class of `p`.
//!
//! A sieving prime `p = 30 p_div_30 + RESIDUES[class]` keeps the byte of its
//! next multiple and the wheel index `phase` of that multiple's `m`. The
//! first multiple of a large prime is found here on the wheel of 210, whose
//! crossing is the [buckets'](super::buckets).

use super::presieve::PRESIEVE_LIMIT;
use super::wheel::{INDEX, INVERSE, NEXT, NEXT_210, RESIDUES, RESIDUES_210};

/// Presieved primes: a sieving prime is not kept when its one multiple
/// left in a range has a multiplier divisible by one of them.
const PRESIEVED: [u64; 4] = [7, 11, 13, 17];
const _: () = assert!(PRESIEVED[3] < PRESIEVE_LIMIT);

/// `7 * 11 * 13 * 17`.
const PRESIEVED_PRODUCT: u64 = PRESIEVED[0] * PRESIEVED[1] * PRESIEVED[2] * PRESIEVED[3];

/// Bit `m` (least significant first in each word) is set when `m` is
/// coprime to [`PRESIEVED_PRODUCT`].
const COPRIME: [u64; PRESIEVED_PRODUCT.div_ceil(64) as usize] = {
    let mut t = [0u64; PRESIEVED_PRODUCT.div_ceil(64) as usize];
    let mut m = 0;
    while m < PRESIEVED_PRODUCT {
        let mut k = 0;
        while k < PRESIEVED.len() && m % PRESIEVED[k] != 0 {
            k += 1;
        }
        if k == PRESIEVED.len() {
            t[(m / 64) as usize] |= 1 << (m % 64);
        }
        m += 1;
    }
    t
};

/// Whether `m` has none of [`PRESIEVED`] as a factor.
#[inline]
fn coprime_to_presieved(m: u64) -> bool {
    let r = m % PRESIEVED_PRODUCT;
    COPRIME[(r / 64) as usize] >> (r % 64) & 1 == 1
}

/// `MASK[class][phase]` clears the bit of `p * m` for `p ≡ RESIDUES[class]`,
/// `m ≡ RESIDUES[phase]` (mod 30).
const MASK: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut class = 0;
    while class < 8 {
        let mut phase = 0;
        while phase < 8 {
            let r = (RESIDUES[class] * RESIDUES[phase] % 30) as usize;
            t[class][phase] = !(1u8 << INDEX[r]);
            phase += 1;
        }
        class += 1;
    }
    t
};

/// `OFFSET[class][k]`: byte offset of `p * (m + RESIDUES[k] - 1)` from
/// `p * m` for `m ≡ 1 (mod 30)`, less its `p_div_30 * (RESIDUES[k] - 1)` part.
const OFFSET: [[usize; 8]; 8] = {
    let mut t = [[0usize; 8]; 8];
    let mut class = 0;
    while class < 8 {
        let mut k = 0;
        while k < 8 {
            t[class][k] = (RESIDUES[class] * RESIDUES[k] / 30) as usize;
            k += 1;
        }
        class += 1;
    }
    t
};

/// The first multiple `p * m >= max(p * p, from)` of a sieving prime `p`
/// with `m` on a wheel (coprime to 30, or to 210 for the large primes):
/// found with a division and no branch, so that a loop over many primes
/// overlaps their divisions.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FirstMultiple {
    /// The byte of `p * m`.
    pub(super) byte: u64,
    /// The multiplier, on the wheel.
    pub(super) m: u64,
    /// The wheel index of `m` modulo the wheel's modulus.
    pub(super) phase: u8,
}

impl FirstMultiple {
    /// The first multiple for `p` (from [`PRESIEVE_LIMIT`] up, below 2^32)
    /// with `m` coprime to 30.
    #[inline(always)]
    pub(crate) fn new(p: u64, from: u64) -> FirstMultiple {
        FirstMultiple::on_wheel(p, from, 30, &RESIDUES, &NEXT)
    }

    /// The first multiple for `p` (from [`PRESIEVE_LIMIT`] up, below 2^32)
    /// with `m` coprime to 210.
    #[inline(always)]
    pub(crate) fn new_210(p: u64, from: u64) -> FirstMultiple {
        FirstMultiple::on_wheel(p, from, 210, &RESIDUES_210, &NEXT_210)
    }

    /// The first multiple for `p` with `m` on the wheel of `modulus` (a
    /// multiple of 30), its `residues` and their `next` table.
    #[inline(always)]
    fn on_wheel(p: u64, from: u64, modulus: u64, residues: &[u64], next: &[u8]) -> FirstMultiple {
        debug_assert!(p >= PRESIEVE_LIMIT);
        let first = (p * p).max(from).div_ceil(p);
        let phase = next[(first % modulus) as usize];
        let residue = residues[usize::from(phase)];
        // `m = modulus a + r`: `p m / 30 = p a modulus / 30 + p r / 30`, all
        // in 64 bits.
        let byte = p * (first / modulus) * (modulus / 30) + p * residue / 30;
        FirstMultiple {
            byte,
            m: first - first % modulus + residue,
            phase,
        }
    }

    /// Whether, this multiple lying before byte `end_byte` and the next
    /// one `step` bytes after it, a multiple is left to cross before
    /// `end_byte`: the next one, or this one unless the presieve has
    /// crossed it (its `m` divisible by 7, 11, 13 or 17). Near the top of a
    /// range many large primes have neither, and are not kept.
    #[inline(always)]
    pub(super) fn keeps(self, step: u64, end_byte: u64) -> bool {
        debug_assert!(self.byte < end_byte);
        // One branch, on a condition near the top of a range as often true
        // as not.
        (self.byte + step < end_byte) | coprime_to_presieved(self.m)
    }
}

/// One sieving prime and the next multiple it has to cross off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SievingPrime {
    /// Byte of the next multiple, relative to the start of the next segment.
    pub(crate) next: u32,
    /// `p / 30`.
    pub(super) p_div_30: u32,
    /// Wheel index of `p mod 30`.
    pub(super) class: u8,
    /// Wheel index of the multiplier of the next multiple.
    pub(super) phase: u8,
}

impl SievingPrime {
    /// The state for `p` (a prime from [`PRESIEVE_LIMIT`] up, below 2^32)
    /// whose next multiple is the first `p * m >= max(p * p, from)` with `m`
    /// coprime to 30, relative to the segment starting at byte `seg_byte`
    /// (`30 * seg_byte <= from`).
    ///
    /// Returns `None` when no multiple left to cross lies before byte
    /// `end_byte`: none at all, or only one whose `m` is divisible by 7, 11,
    /// 13 or 17, which the presieve has crossed off. Near the top of a range
    /// many large primes are such, and are not kept.
    #[inline]
    pub(crate) fn new(p: u64, from: u64, seg_byte: u64, end_byte: u64) -> Option<SievingPrime> {
        SievingPrime::at(p, FirstMultiple::new(p, from), seg_byte, end_byte)
    }

    /// [`SievingPrime::new`] from the first multiple, found apart.
    #[inline(always)]
    pub(crate) fn at(
        p: u64,
        first: FirstMultiple,
        seg_byte: u64,
        end_byte: u64,
    ) -> Option<SievingPrime> {
        let FirstMultiple { byte, phase, .. } = first;
        if byte >= end_byte {
            return None;
        }
        let class = INDEX[(p % 30) as usize];
        let step = step(p as usize / 30, usize::from(class), usize::from(phase)) as u64;
        first.keeps(step, end_byte).then(|| SievingPrime {
            next: (byte - seg_byte) as u32,
            p_div_30: (p / 30) as u32,
            class,
            phase,
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
        let class = INDEX[(p % 30) as usize];
        // The multiplier of `s + gap` modulo 30, as `s + gap ≡ gap (mod 30)`.
        let q = gap % 30 * INVERSE[usize::from(class)] % 30;
        let phase = NEXT[q as usize];
        let byte = (gap + (RESIDUES[usize::from(phase)] - q) * p) / 30;
        (byte < len).then_some(SievingPrime {
            next: byte as u32,
            p_div_30: (p / 30) as u32,
            class,
            phase,
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
        let (p_div_30, phase) = (self.p_div_30 as usize, usize::from(self.phase));
        let (next, phase) = match self.class {
            0 => cross_class::<0>(seg, i, phase, p_div_30),
            1 => cross_class::<1>(seg, i, phase, p_div_30),
            2 => cross_class::<2>(seg, i, phase, p_div_30),
            3 => cross_class::<3>(seg, i, phase, p_div_30),
            4 => cross_class::<4>(seg, i, phase, p_div_30),
            5 => cross_class::<5>(seg, i, phase, p_div_30),
            6 => cross_class::<6>(seg, i, phase, p_div_30),
            _ => cross_class::<7>(seg, i, phase, p_div_30),
        };
        self.next = next as u32;
        self.phase = phase as u8;
    }
}

/// `GAP[phase]`: how much the multiplier grows from the residue of `phase`
/// to the next one (29 to 31 from the last).
const GAP: [usize; 8] = [6, 4, 2, 4, 2, 4, 6, 2];

/// `STEP[class][phase]`: the byte distance from the multiple `p m` to the
/// next one, less `p / 30` times [`GAP`]`[phase]`, for `p ≡
/// RESIDUES[class]` and `m ≡ RESIDUES[phase]` (mod 30).
const STEP: [[usize; 8]; 8] = {
    let mut t = [[0usize; 8]; 8];
    let mut class = 0;
    while class < 8 {
        let mut phase = 0;
        while phase < 8 {
            // From `30 a + r` to `30 a + r'` (or `30 (a + 1) + 1` after 29):
            // the bytes `r_p m / 30` differ by `OFFSET[class][phase + 1] -
            // OFFSET[class][phase]`, plus `r_p` for a new turn.
            t[class][phase] = if phase < 7 {
                OFFSET[class][phase + 1] - OFFSET[class][phase]
            } else {
                RESIDUES[class] as usize - OFFSET[class][7]
            };
            phase += 1;
        }
        class += 1;
    }
    t
};

/// The byte distance from the multiple `p m` to the next one, for `p / 30
/// = p_div_30`, `p ≡ RESIDUES[class]` and `m ≡ RESIDUES[phase]` (mod 30).
#[inline(always)]
fn step(p_div_30: usize, class: usize, phase: usize) -> usize {
    p_div_30 * GAP[phase] + STEP[class][phase]
}

impl SievingPrime {
    /// The state of `p` (a prime `> 5`, below `2^32`) at its greatest
    /// multiple `p m` with `m` coprime to 30 in a byte `<= top_byte`, its
    /// `next` counting the bytes down from `top_byte` to it; `None` if there
    /// is none.
    pub(crate) fn below(p: u64, top_byte: u64) -> Option<SievingPrime> {
        // The greatest `m` with `p m < 30 (top_byte + 1)`.
        let m = (30 * u128::from(top_byte) + 29) / u128::from(p);
        let m = u64::try_from(m).unwrap_or(u64::MAX);
        let (turns, r) = (m / 30, (m % 30) as usize);
        let (turns, phase) = match r {
            0 => (turns.checked_sub(1)?, 7),
            _ => {
                let next = usize::from(NEXT[r]);
                (
                    turns,
                    if RESIDUES[next] as usize == r {
                        next
                    } else {
                        next - 1
                    },
                )
            }
        };
        let byte = p * turns + p * RESIDUES[phase] / 30;
        Some(SievingPrime {
            next: (top_byte - byte) as u32,
            p_div_30: (p / 30) as u32,
            class: INDEX[(p % 30) as usize],
            phase: phase as u8,
        })
    }

    /// The byte of `p²`.
    #[inline(always)]
    pub(crate) fn square_byte(&self) -> u64 {
        let p = 30 * u64::from(self.p_div_30) + RESIDUES[usize::from(self.class)];
        p * p / 30
    }

    /// Crosses off, going down, the multiples in `seg` of a prime with a
    /// few at most there, from tables: `next` counts the bytes down
    /// from the last byte of `seg` to the next multiple, and the multiples
    /// more than `floor` bytes down are left alone. Returns whether the
    /// prime has multiples below `seg` still, `next` then counting down
    /// from the byte just below `seg`.
    #[inline(always)]
    pub(crate) fn cross_few_down(&mut self, seg: &mut [u8], floor: u64) -> bool {
        let (class, mut phase) = (usize::from(self.class), usize::from(self.phase));
        let p_div_30 = self.p_div_30 as usize;
        let len = seg.len();
        let limit = usize::try_from(floor).map_or(len, |floor| len.min(floor + 1));
        let mut down = self.next as usize;
        while down < limit {
            seg[len - 1 - down] &= MASK[class][phase];
            phase = (phase + 7) % 8;
            down += step(p_div_30, class, phase);
        }
        self.phase = phase as u8;
        match down.checked_sub(len) {
            Some(below) => {
                self.next = below as u32;
                true
            }
            None => false,
        }
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
        self.0[usize::from(sp.class)].push(sp);
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

/// [`SievingPrime::cross`] for each of `primes`, all of residue class `CLASS`.
fn cross_each<const CLASS: usize>(primes: &mut [SievingPrime], seg: &mut [u8]) {
    for sp in primes {
        let i = sp.next as usize;
        if i >= seg.len() {
            sp.next = (i - seg.len()) as u32;
            continue;
        }
        let (next, phase) =
            cross_class::<CLASS>(seg, i, usize::from(sp.phase), sp.p_div_30 as usize);
        sp.next = next as u32;
        sp.phase = phase as u8;
    }
}

/// Crosses off the multiples in `seg` of a prime `30 p_div_30 + RESIDUES[CLASS]`
/// whose next multiple is at byte `i < seg.len()` with multiplier phase `phase`.
///
/// A wheel cycle covers eight multiples and exactly `p` bytes, at offsets
/// fixed per residue class: the current cycle is finished step by step, then
/// whole cycles are crossed with constant masks, then the last partial cycle.
/// A prime of `seg.len()` bytes or more steps from multiple to multiple.
/// Returns the next multiple's byte relative to the end of `seg`, and its phase.
#[inline(always)]
fn cross_class<const CLASS: usize>(
    seg: &mut [u8],
    i: usize,
    phase: usize,
    p_div_30: usize,
) -> (usize, usize) {
    let len = seg.len();
    let p = 30 * p_div_30 + RESIDUES[CLASS] as usize;
    let m = MASK[CLASS];
    if p >= len {
        // Not a whole turn in `seg`: multiple by multiple, one loop with
        // one exit (two loops' varying trip counts cost a mispredicted
        // branch each, a prime and segment).
        let (mut pos, mut k) = (i, phase);
        while pos < len {
            seg[pos] &= m[k];
            pos += step(p_div_30, CLASS, k);
            k = (k + 1) % 8;
        }
        return (pos - len, k);
    }
    let o = [
        OFFSET[CLASS][0],
        p_div_30 * 6 + OFFSET[CLASS][1],
        p_div_30 * 10 + OFFSET[CLASS][2],
        p_div_30 * 12 + OFFSET[CLASS][3],
        p_div_30 * 16 + OFFSET[CLASS][4],
        p_div_30 * 18 + OFFSET[CLASS][5],
        p_div_30 * 22 + OFFSET[CLASS][6],
        p_div_30 * 28 + OFFSET[CLASS][7],
    ];
    // The cycle holding byte `i` starts `o[phase]` bytes earlier, perhaps
    // before `seg`: only the offsets `>= o[phase]` are visited from it.
    let start = i.wrapping_sub(o[phase]);
    for k in phase..8 {
        let pos = start.wrapping_add(o[k]);
        if pos >= len {
            return (pos - len, k);
        }
        seg[pos] &= m[k];
    }
    let mut c = start.wrapping_add(p);
    // Every offset is below `p` (`OFFSET[CLASS][7] < RESIDUES[CLASS]`):
    // asserted once, it lets the compiler drop the bounds checks of the
    // whole turns below.
    assert!(o.iter().all(|&offset| offset < p));
    if let Some(rest) = seg.get_mut(c..) {
        for cycle in rest.chunks_exact_mut(p) {
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
    }
    for k in 0..8 {
        let pos = c + o[k];
        if pos >= len {
            return (pos - len, k);
        }
        seg[pos] &= m[k];
    }
    (c + p - len, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiplier `m` of the multiple `p * m` a state crosses next.
    fn multiplier(sp: SievingPrime, p: u64, seg_byte: u64) -> u64 {
        let m_mod_30 = RESIDUES[usize::from(sp.phase)];
        let residue = p * m_mod_30 % 30;
        let n = 30 * u128::from(seg_byte + u64::from(sp.next)) + u128::from(residue);
        let m = (n / u128::from(p)) as u64;
        assert_eq!(u128::from(m) * u128::from(p), n);
        assert_eq!(m % 30, m_mod_30);
        m
    }

    /// Whether the presieve crossed off `p * m`.
    fn crossed_by_presieve(m: u64) -> bool {
        PRESIEVED.iter().any(|&q| m.is_multiple_of(q))
    }

    /// From starts near `p * p` and near the top of the range, the first
    /// multiple is the first one coprime to 30, and a prime whose one
    /// multiple before the end the presieve crossed gets no state.
    #[test]
    fn first_multiples_leave_out_what_the_presieve_crossed() {
        let wheel = |m: u64| [2, 3, 5].iter().all(|&q| !m.is_multiple_of(q));
        for p in [167u64, 173, 2003, 65_521, 4_294_967_291] {
            let top = (u64::MAX / p * p - 1000 * p).max(p * p);
            for base in [p * p - 3 * p, top] {
                for from in (base..base.saturating_add(600 * p)).step_by(p as usize / 7 + 1) {
                    let first = (p * p).max(from).div_ceil(p);
                    let seg_byte = from / 30;
                    let sp = SievingPrime::new(p, from, seg_byte, u64::MAX).unwrap();
                    let m = multiplier(sp, p, seg_byte);
                    assert_eq!(Some(m), (first..).find(|&k| wheel(k)));
                    let byte = seg_byte + u64::from(sp.next);
                    assert!(SievingPrime::new(p, from, seg_byte, byte).is_none());
                    let kept = SievingPrime::new(p, from, seg_byte, byte + 1);
                    assert_eq!(kept.is_some(), !crossed_by_presieve(m), "p {p} from {from}");
                    let after = (m + 1..).find(|&k| wheel(k)).unwrap();
                    let end = (u128::from(p) * u128::from(after) / 30) as u64;
                    let kept = SievingPrime::new(p, from, seg_byte, end + 1);
                    assert!(kept.is_some_and(|sp| multiplier(sp, p, seg_byte) == m));
                    let kept = SievingPrime::new(p, from, seg_byte, end);
                    assert_eq!(kept.is_some(), !crossed_by_presieve(m));
                }
            }
        }
    }

    /// A prime crosses off the same multiples whether a segment holds a
    /// whole turn of its wheel (`p` bytes) or not: segments of `p - 1`,
    /// `p` and `p + 1` bytes, a prime of every class, from starts on
    /// every phase, against the multiples of `p` found by division.
    #[test]
    fn crossing_on_either_side_of_a_turn_a_segment() {
        for p in [211u64, 307, 251, 223, 227, 229, 233, 239] {
            for len in [p - 1, p, p + 1] {
                let mut phases = [false; 8];
                for start in (p * p / 30 + 1..).step_by(3).take(p as usize / 3) {
                    let mut sp = SievingPrime::new(p, 30 * start, start, u64::MAX).unwrap();
                    phases[usize::from(sp.phase)] = true;
                    let mut bytes = vec![0xFF; 4 * len as usize];
                    for seg in bytes.chunks_mut(len as usize) {
                        sp.cross(seg);
                    }
                    for (byte, b) in (start..).zip(&bytes) {
                        for (j, &r) in RESIDUES.iter().enumerate() {
                            let n = 30 * byte + r;
                            let kept = b >> j & 1 == 1;
                            assert_eq!(kept, !n.is_multiple_of(p), "p {p} len {len} n {n}");
                        }
                    }
                }
                assert_eq!(phases, [true; 8], "p {p}: a start on every phase");
            }
        }
    }

    /// On the modulo-210 wheel, the first multiple is `p m` for the first
    /// `m >= max(p, ⌈from / p⌉)` coprime to 210, at the byte of `p m`, from
    /// starts near `p * p` and near the top of the range.
    #[test]
    fn first_multiples_on_the_wheel_of_210() {
        let coprime = |m: u64| [2, 3, 5, 7].iter().all(|&q| !m.is_multiple_of(q));
        for p in [4_194_319u64, 4_194_329, 65_521, 4_294_967_291] {
            let top = u64::MAX / p * p - 1000 * p;
            for base in [p * p - 3 * p, top] {
                for from in (base..base.saturating_add(600 * p)).step_by(p as usize / 7 + 1) {
                    let first = FirstMultiple::new_210(p, from);
                    let least = (p * p).max(from).div_ceil(p);
                    assert_eq!(Some(first.m), (least..).find(|&m| coprime(m)));
                    assert_eq!(RESIDUES_210[usize::from(first.phase)], first.m % 210);
                    let n = u128::from(p) * u128::from(first.m);
                    assert_eq!(u128::from(first.byte), n / 30, "p {p} from {from}");
                }
            }
        }
    }
}
