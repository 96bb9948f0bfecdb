//! A bounded transposition table of exact results.
//!
//! Keys are canonical: `(maker cells that matter, set of live minimal winning
//! sets, side to move)`; the game value is a function of the key (see
//! `solver.rs`), so a hit is exact, never a guess. Four-way buckets; on a
//! miss the entry that cost fewest nodes to compute is replaced.
//!
//! Storage is a flat `Vec` of entries (maker cells, live-set mask, data;
//! 48 bytes with a `u128` mask). The table starts small and doubles
//! (rehashing) when it is half full, up to the byte budget, so memory
//! follows use; a key meeting a full bucket replaces the cheapest entry.
//! Small searches thus stay in cache and big ones use the budget.

use super::mask::SetMask;

/// One entry.
#[derive(Debug, Clone, Copy)]
struct Entry<S> {
    maker: u128,
    live: S,
    data: u64,
}

/// Bytes per entry with a `u128` set mask.
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry<u128>>();

const _: () = assert!(ENTRY_BYTES == 48);

// `data` word: bit 0 valid, bit 1 Maker to move, bit 2 Maker wins, bits 8..
// log2 of the nodes spent.
const VALID: u64 = 1;
const SIDE: u64 = 2;
const WIN: u64 = 4;

/// Entries per bucket.
const WAYS: usize = 4;

/// Entries a fresh table starts with.
const INITIAL: usize = 1 << 12;

#[derive(Debug)]
pub(crate) struct Table<S> {
    entries: Vec<Entry<S>>,
    mask: usize,
    used: usize,
    max_len: usize,
}

impl<S: SetMask> Table<S> {
    const EMPTY: Entry<S> = Entry {
        maker: 0,
        live: S::ZERO,
        data: 0,
    };

    pub(crate) fn new(bytes: usize) -> Table<S> {
        let wanted = (bytes / std::mem::size_of::<Entry<S>>()).max(1024);
        // Largest power of two not above the budget.
        let max_len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let len = max_len.min(INITIAL);
        Table {
            entries: vec![Self::EMPTY; len],
            mask: len - 1,
            used: 0,
            max_len,
        }
    }

    /// Current capacity in entries.
    pub(crate) fn capacity(&self) -> usize {
        self.mask + 1
    }

    /// Bytes per entry.
    pub(crate) fn entry_bytes(&self) -> usize {
        std::mem::size_of::<Entry<S>>()
    }

    /// Double the table and reinsert every entry.
    fn grow(&mut self) {
        let len = (self.mask + 1) * 2;
        let old = std::mem::replace(&mut self.entries, vec![Self::EMPTY; len]);
        self.mask = len - 1;
        self.used = 0;
        for e in old {
            if e.data & VALID != 0 {
                let i = self.bucket(e.maker, e.live, e.data & SIDE != 0);
                if let Some(slot) = (i..i + WAYS).find(|&s| self.entries[s].data & VALID == 0) {
                    self.entries[slot] = e;
                    self.used += 1;
                }
            }
        }
    }

    pub(crate) fn used(&self) -> usize {
        self.used
    }

    fn bucket(&self, maker: u128, live: S, maker_to_move: bool) -> usize {
        let mut h = maker.fold().wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ live.fold().wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(maker_to_move);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 32;
        (h as usize) & self.mask & !(WAYS - 1)
    }

    fn matches(&self, slot: usize, maker: u128, live: S, side: u64) -> bool {
        let e = &self.entries[slot];
        e.data & VALID != 0 && e.data & SIDE == side && e.maker == maker && e.live == live
    }

    /// `Some(maker_wins)` on a hit.
    pub(crate) fn probe(&self, maker: u128, live: S, maker_to_move: bool) -> Option<bool> {
        let i = self.bucket(maker, live, maker_to_move);
        let side = if maker_to_move { SIDE } else { 0 };
        (i..i + WAYS)
            .find(|&s| self.matches(s, maker, live, side))
            .map(|s| self.entries[s].data & WIN != 0)
    }

    pub(crate) fn store(
        &mut self,
        maker: u128,
        live: S,
        maker_to_move: bool,
        maker_wins: bool,
        work: u64,
    ) {
        let side = if maker_to_move { SIDE } else { 0 };
        if self.used * 2 > self.capacity() && self.capacity() < self.max_len {
            self.grow();
        }
        let i = self.bucket(maker, live, maker_to_move);
        let log_work = u64::from(64 - work.leading_zeros());
        let data = VALID | side | if maker_wins { WIN } else { 0 } | log_work << 8;
        let data_of = |s: usize| self.entries[s].data;
        let slot = (i..i + WAYS)
            .find(|&s| self.matches(s, maker, live, side))
            .or_else(|| (i..i + WAYS).find(|&s| data_of(s) & VALID == 0))
            .unwrap_or_else(|| (i..i + WAYS).min_by_key(|&s| data_of(s) >> 8).unwrap_or(i));
        if self.entries[slot].data & VALID == 0 {
            self.used += 1;
        }
        self.entries[slot] = Entry { maker, live, data };
    }
}

#[cfg(test)]
mod tests {
    use super::super::mask::Wide;
    use super::*;

    #[test]
    fn stores_and_finds_exact_keys() {
        let mut t = Table::<u128>::new(1 << 16);
        t.store(5, 9, true, true, 100);
        t.store(5, 9, false, false, 100);
        assert_eq!(t.probe(5, 9, true), Some(true));
        assert_eq!(t.probe(5, 9, false), Some(false));
        assert_eq!(t.probe(5, 8, true), None);
        assert_eq!(t.used(), 2);
    }

    #[test]
    fn wide_keys_differing_only_in_high_sets_are_distinct() {
        let mut t = Table::<Wide<4>>::new(1 << 16);
        let mut a = Wide::<4>::ZERO;
        a.insert(3);
        let mut b = a;
        b.insert(200);
        t.store(1, a, true, true, 10);
        t.store(1, b, true, false, 10);
        assert_eq!(t.probe(1, a, true), Some(true));
        assert_eq!(t.probe(1, b, true), Some(false));
        let mut c = a;
        c.insert(201);
        assert_eq!(t.probe(1, c, true), None);
    }

    #[test]
    fn a_full_bucket_keeps_the_costlier_entry() {
        let mut t = Table::<u128>::new(0); // 1024 entries
        // Fill one bucket with two keys, then a third key hashing anywhere:
        // whatever is evicted, a stored key is either found exactly or absent.
        for k in 0..5000u128 {
            t.store(k, k * 7, k % 2 == 0, k % 3 == 0, k as u64);
        }
        for k in 0..5000u128 {
            if let Some(w) = t.probe(k, k * 7, k % 2 == 0) {
                assert_eq!(w, k % 3 == 0);
            }
        }
        assert!(t.used() <= t.capacity());
        assert_eq!(t.capacity(), 1024);
    }

    #[test]
    fn growing_keeps_every_entry() {
        let mut t = Table::<u128>::new(1 << 30);
        for k in 0..20_000u128 {
            t.store(k, !k, true, k % 5 == 0, 1);
        }
        assert!(t.capacity() >= 16_384);
        let mut kept = 0;
        for k in 0..20_000u128 {
            if let Some(w) = t.probe(k, !k, true) {
                assert_eq!(w, k % 5 == 0);
                kept += 1;
            }
        }
        // Full buckets below half load drop a few entries.
        assert!(kept >= 18_000, "{kept}");
    }
}
