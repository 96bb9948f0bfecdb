//! The transposition table: bounds on history-independent values, keyed by
//! the canonical colouring (under the board's symmetries), the player to
//! move and whether the last move was a pass.

use crate::board::Bits;

/// The move stored in an entry: a vertex (in the canonical frame), or one
/// of these markers.
pub const NO_MOVE: u8 = 255;
/// A pass.
pub const PASS: u8 = 254;

/// One entry: the exact key, and bounds `lo <= value <= hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Canonical Black stones.
    pub black: Bits,
    /// Canonical White stones.
    pub white: Bits,
    /// Bit 0: White to move; bit 1: the last move was a pass; bit 7: used.
    pub flags: u8,
    /// Lower bound of the value (Black's view).
    pub lo: i8,
    /// Upper bound.
    pub hi: i8,
    /// Best move found, canonical frame.
    pub best: u8,
    /// The symmetry that mapped the searched position to the key.
    pub sym: u8,
    /// Whether the value was proven without any refusal caused by a
    /// colouring played before the node.
    pub independent: bool,
    /// Hash of the exact history (set of earlier entries) it was proven
    /// under: the entry is always valid under the same history.
    pub history: u64,
    /// Bloom filter of the (canonical) colourings the proof visited: an
    /// independent entry is valid under a history none of whose colourings
    /// is in it.
    pub bloom: Bloom,
}

/// A 256-bit Bloom filter of colourings (three bits per colouring).
pub type Bloom = [u64; 4];

/// Adds a colouring's hash to a filter.
#[inline]
pub fn bloom_add(b: &mut Bloom, h: u64) {
    for k in 0..3 {
        let bit = (h >> (8 * k)) & 255;
        b[(bit >> 6) as usize] |= 1 << (bit & 63);
    }
}

/// Whether a colouring's hash may be in a filter.
#[inline]
pub fn bloom_has(b: &Bloom, h: u64) -> bool {
    (0..3).all(|k| {
        let bit = (h >> (8 * k)) & 255;
        b[(bit >> 6) as usize] >> (bit & 63) & 1 == 1
    })
}

/// Union of two filters.
#[inline]
pub fn bloom_or(a: &mut Bloom, b: &Bloom) {
    for i in 0..4 {
        a[i] |= b[i];
    }
}

// Keep entries small.
const _: () = assert!(std::mem::size_of::<Entry>() <= 72);

const USED: u8 = 0x80;

/// A fixed-size, always-replace table.
#[derive(Debug)]
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// Entries written (for statistics).
    pub stores: u64,
}

/// A 64-bit mix of a key.
pub fn mix(black: Bits, white: Bits, flags: u8) -> u64 {
    // splitmix64 finaliser over the key words.
    let mut z = black.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ white.rotate_left(29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
        ^ u64::from(flags);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.min(30);
        Table {
            entries: vec![
                Entry {
                    black: 0,
                    white: 0,
                    flags: 0,
                    lo: i8::MIN,
                    hi: i8::MAX,
                    best: NO_MOVE,
                    sym: 0,
                    independent: false,
                    history: 0,
                    bloom: [0; 4],
                };
                size
            ],
            mask: size - 1,
            stores: 0,
        }
    }

    /// The entry for this key, if stored.
    pub fn probe(&self, black: Bits, white: Bits, flags: u8) -> Option<Entry> {
        let e = self.entries[mix(black, white, flags) as usize & self.mask];
        (e.flags == flags | USED && e.black == black && e.white == white).then_some(e)
    }

    /// Stores an entry (always replacing; a same-key entry proven under
    /// the same conditions is merged).
    pub fn store(&mut self, e: Entry) {
        let slot = &mut self.entries[mix(e.black, e.white, e.flags) as usize & self.mask];
        self.stores += 1;
        if slot.flags == e.flags | USED
            && slot.black == e.black
            && slot.white == e.white
            && slot.independent == e.independent
            && slot.history == e.history
            && slot.sym == e.sym
            && slot.bloom == e.bloom
        {
            slot.lo = slot.lo.max(e.lo);
            slot.hi = slot.hi.min(e.hi);
            if e.best != NO_MOVE {
                slot.best = e.best;
            }
            return;
        }
        *slot = Entry {
            flags: e.flags | USED,
            ..e
        };
    }
}
