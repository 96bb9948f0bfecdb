//! The transposition table: bounds on values, keyed by the canonical
//! colouring (under the board's symmetries), the player to move and whether
//! the last move was a pass. Each bound carries the [`Basis`] of its proof:
//! what the history must (not) contain for the bound to hold (see the
//! solver's module docs for the argument).

use crate::board::{Bits, Board};

/// The move stored in an entry: a vertex (in the canonical frame), or one
/// of these markers.
pub const NO_MOVE: u8 = 255;
/// A pass.
pub const PASS: u8 = 254;

/// "No refusal": the largest history index.
pub const NONE: usize = usize::MAX;

/// A 256-bit Bloom filter of colourings (three bits per colouring).
pub type Bloom = [u64; 4];

/// What the proof of one bound leans on.
///
/// The proof of a lower bound (Black's view) is Black's strategy: one
/// Black move at Black's nodes, every legal White move at White's. It stays
/// a proof under another history as long as (1) every colouring Black's
/// chosen plays create is still new, and (2) no White move that the proof
/// did not answer becomes legal. `entered_*`/`bloom` over-approximate the
/// set of colourings of (1) (the prover's *entered* colourings); `min_ref`
/// is the smallest history index that a refused move of the defender
/// referred to, for (2). Upper bounds: the same with the colours swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Basis {
    /// Smallest history index a relevant refusal referred to ([`NONE`]:
    /// none).
    pub min_ref: usize,
    /// Black stones common to every entered colouring (all bits: none
    /// entered).
    pub black_all: Bits,
    /// White stones common to every entered colouring.
    pub white_all: Bits,
    /// Bloom filter of the canonical hashes of the entered colourings.
    pub bloom: Bloom,
}

impl Basis {
    /// Leans on nothing.
    pub const EMPTY: Basis = Basis {
        min_ref: NONE,
        black_all: Bits::MAX,
        white_all: Bits::MAX,
        bloom: [0; 4],
    };

    /// Both proofs' conditions.
    #[inline]
    pub fn join(&mut self, o: &Basis) {
        self.min_ref = self.min_ref.min(o.min_ref);
        self.black_all &= o.black_all;
        self.white_all &= o.white_all;
        for i in 0..4 {
            self.bloom[i] |= o.bloom[i];
        }
    }

    /// Adds an entered colouring (actual frame) with its canonical hash.
    #[inline]
    pub fn enter(&mut self, black: Bits, white: Bits, canon_hash: u64) {
        self.black_all &= black;
        self.white_all &= white;
        bloom_add(&mut self.bloom, canon_hash);
    }

    /// Whether the colouring (actual frame, canonical hash) may be one of
    /// the entered colourings: no false negatives.
    #[inline]
    pub fn may_contain(&self, black: Bits, white: Bits, canon_hash: u64) -> bool {
        black & self.black_all == self.black_all
            && white & self.white_all == self.white_all
            && bloom_has(&self.bloom, canon_hash)
    }

    /// The basis with its stone sets moved by a vertex permutation (masked
    /// to the board first).
    #[inline]
    pub fn permuted(&self, perm: &[u8], all: Bits) -> Basis {
        Basis {
            black_all: Board::permute(perm, self.black_all & all),
            white_all: Board::permute(perm, self.white_all & all),
            ..*self
        }
    }
}

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

/// One stored bound with the conditions under which it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The bound (Black's view).
    pub value: i8,
    /// The symmetry that mapped the searched position to the key.
    pub sym: u8,
    /// 0: no refusal in the proof referred to a colouring before the node.
    /// Otherwise the proof holds only where the last `dep_len` colourings
    /// of the history above the node (in the frame `sym` gives) are the
    /// same set as when it was proven.
    pub dep_len: u32,
    /// Hash of that history segment.
    pub dep_hash: u64,
    /// Entered colourings of the proof, stone sets in the canonical frame
    /// (`min_ref` unused).
    pub basis: Basis,
}

impl Bound {
    /// A bound that needs no proof (the whole score range).
    pub const fn trivial(value: i8) -> Bound {
        Bound {
            value,
            sym: 0,
            dep_len: 0,
            dep_hash: 0,
            basis: Basis::EMPTY,
        }
    }
}

/// One entry: the exact key, a lower and an upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Canonical Black stones.
    pub black: Bits,
    /// Canonical White stones.
    pub white: Bits,
    /// Bit 0: White to move; bit 1: the last move was a pass; bit 7: used.
    pub flags: u8,
    /// Best move found, canonical frame.
    pub best: u8,
    /// Log2 of the nodes the search of this entry took (replacement
    /// priority).
    pub work: u8,
    /// Lower bound `lo <= value`.
    pub lo: Bound,
    /// Upper bound `value <= hi`.
    pub hi: Bound,
    /// A failed attempt to prove `value >= beta` (`value` is beta) with
    /// the depth it had. Not a fact about the value, only that the same
    /// depth-limited attempt fails again where its basis holds; using it
    /// can only make a search less decisive, never wrong.
    pub failed_lo: Bound,
    /// Depth of `failed_lo`.
    pub failed_lo_depth: u16,
    /// A failed attempt to prove `value <= alpha` (`value` is alpha).
    pub failed_hi: Bound,
    /// Depth of `failed_hi`.
    pub failed_hi_depth: u16,
}

// Keep entries reasonably small.
const _: () = assert!(std::mem::size_of::<Entry>() <= 320);

const USED: u8 = 0x80;

/// No failed attempt recorded (depth 0 never blocks a search).
pub const NO_FAILURE: Bound = Bound::trivial(0);

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
    /// The most entries: `2^26` (about 21 GB).
    pub const MAX_BITS: u32 = 26;

    /// A table of `2^bits` entries (at most `2^MAX_BITS`).
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(1, Self::MAX_BITS);
        Table {
            entries: vec![
                Entry {
                    black: 0,
                    white: 0,
                    flags: 0,
                    best: NO_MOVE,
                    work: 0,
                    lo: Bound::trivial(i8::MIN),
                    hi: Bound::trivial(i8::MAX),
                    failed_lo: NO_FAILURE,
                    failed_lo_depth: 0,
                    failed_hi: NO_FAILURE,
                    failed_hi_depth: 0,
                };
                size
            ],
            mask: size - 1,
            stores: 0,
        }
    }

    /// The entry for this key, if stored. A key lives in one of the two
    /// slots of its bucket.
    pub fn probe(&self, black: Bits, white: Bits, flags: u8) -> Option<&Entry> {
        let i = mix(black, white, flags) as usize & self.mask & !1;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.flags == flags | USED && e.black == black && e.white == white)
    }

    /// Stores an entry (the search merges bounds of the same key itself:
    /// it knows which old bounds still hold). The same key is overwritten
    /// in place; otherwise the first slot of the bucket keeps the entry
    /// that cost the most work and the second takes the rest, so the big
    /// subtrees near the root survive floods of small ones.
    pub fn store(&mut self, e: Entry) {
        let i = mix(e.black, e.white, e.flags) as usize & self.mask & !1;
        self.stores += 1;
        let e = Entry {
            flags: e.flags | USED,
            ..e
        };
        let same = |s: &Entry| s.flags == e.flags && s.black == e.black && s.white == e.white;
        if same(&self.entries[i]) {
            self.entries[i] = e;
        } else if same(&self.entries[i + 1]) {
            // Promote the key if it now cost more than the first slot.
            if e.work >= self.entries[i].work {
                self.entries[i + 1] = self.entries[i];
                self.entries[i] = e;
            } else {
                self.entries[i + 1] = e;
            }
        } else if e.work >= self.entries[i].work {
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = e;
        } else {
            self.entries[i + 1] = e;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A basis never denies a colouring that was entered (no false
        /// negatives), also after joining and after a permutation and its
        /// inverse.
        #[test]
        fn basis_has_no_false_negatives(
            entered in proptest::collection::vec((0u64..1 << 12, 0u64..1 << 12), 1..40),
            other in proptest::collection::vec((0u64..1 << 12, 0u64..1 << 12), 0..40),
        ) {
            let all = (1u64 << 12) - 1;
            let mut a = Basis::EMPTY;
            for &(b, w) in &entered {
                a.enter(b, w & !b, mix(b, w & !b, 0));
            }
            let mut c = Basis::EMPTY;
            for &(b, w) in &other {
                c.enter(b, w & !b, mix(b, w & !b, 0));
            }
            c.join(&a);
            // Mirror of a 4x3 grid, an involution.
            let perm: Vec<u8> = (0..12u8).map(|v| (v / 4) * 4 + (3 - v % 4)).collect();
            let back = c.permuted(&perm, all).permuted(&perm, all);
            for &(b, w) in &entered {
                let w = w & !b;
                prop_assert!(a.may_contain(b, w, mix(b, w, 0)));
                prop_assert!(c.may_contain(b, w, mix(b, w, 0)));
                prop_assert!(back.may_contain(b, w, mix(b, w, 0)));
            }
        }
    }

    #[test]
    fn empty_basis_contains_nothing() {
        assert!(!Basis::EMPTY.may_contain(0, 0, mix(0, 0, 0)));
        assert!(!Basis::EMPTY.may_contain(0b101, 0b010, mix(0b101, 0b010, 0)));
    }
}
