//! The transposition table: bounds on values, keyed by the canonical
//! colouring (under the board's symmetries), the player to move and whether
//! the last move was a pass. Each bound carries the [`Basis`] of its proof:
//! what the history must (not) contain for the bound to hold (see the
//! solver's module docs for the argument).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

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
    /// Answer zone of the static safety proofs ([`crate::safety`]) the
    /// proof leans on: besides the Bloom filter's colourings (with the
    /// common stones), any colouring holding `region_all` and a stone of
    /// the prover in this set may be entered.
    pub region: Bits,
    /// The prover's stones common to the colourings of `region` (its
    /// pass-alive stones there; all bits: no such proof).
    pub region_all: Bits,
}

impl Basis {
    /// Leans on nothing.
    pub const EMPTY: Basis = Basis {
        min_ref: NONE,
        black_all: Bits::MAX,
        white_all: Bits::MAX,
        bloom: [0; 4],
        region: 0,
        region_all: Bits::MAX,
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
        self.region |= o.region;
        self.region_all &= o.region_all;
    }

    /// Adds an entered colouring (actual frame) with its canonical hash.
    #[inline]
    pub fn enter(&mut self, black: Bits, white: Bits, canon_hash: u64) {
        self.black_all &= black;
        self.white_all &= white;
        bloom_add(&mut self.bloom, canon_hash);
    }

    /// Whether the colouring (actual frame, canonical hash) may be one of
    /// the entered colourings of a proof by Black (`black_prover`) or by
    /// White: no false negatives.
    #[inline]
    pub fn may_contain(
        &self,
        black: Bits,
        white: Bits,
        canon_hash: u64,
        black_prover: bool,
    ) -> bool {
        let mine = if black_prover { black } else { white };
        (black & self.black_all == self.black_all
            && white & self.white_all == self.white_all
            && bloom_has(&self.bloom, canon_hash))
            || (mine & self.region != 0 && mine & self.region_all == self.region_all)
    }

    /// The basis with its stone sets moved by a vertex permutation (masked
    /// to the board first).
    #[inline]
    pub fn permuted(&self, perm: &[u8], all: Bits) -> Basis {
        Basis {
            black_all: Board::permute(perm, self.black_all & all),
            white_all: Board::permute(perm, self.white_all & all),
            region: Board::permute(perm, self.region & all),
            region_all: Board::permute(perm, self.region_all & all),
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
    /// The static bounds at the node were Benson's alone (no safe region
    /// was a candidate, so they hold under every history) and `lo`, `hi`
    /// are at least as tight: where both hold, a probe needs not compute
    /// them again.
    pub settled: bool,
}

// Keep entries reasonably small.
const _: () = assert!(std::mem::size_of::<Entry>() <= 384);

const USED: u8 = 0x80;

/// No failed attempt recorded (depth 0 never blocks a search).
pub const NO_FAILURE: Bound = Bound::trivial(0);

/// The entry of a slot nothing was stored in.
const EMPTY: Entry = Entry {
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
    settled: false,
};

/// Bytes per entry: the entry and its half of a bucket's key line.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>() + std::mem::size_of::<KeyLine>() / 2;

/// What a slot's key line holds of its entry: the key, the two bounds'
/// values and the work (the replacement priority).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct KeySlot {
    black: Bits,
    white: Bits,
    /// As [`Entry::flags`] (0: nothing stored).
    flags: u8,
    lo: i8,
    hi: i8,
    work: u8,
}

impl KeySlot {
    fn of(e: &Entry) -> KeySlot {
        KeySlot {
            black: e.black,
            white: e.white,
            flags: e.flags,
            lo: e.lo.value,
            hi: e.hi.value,
            work: e.work,
        }
    }

    #[inline]
    fn is(&self, black: Bits, white: Bits, flags: u8) -> bool {
        self.flags == flags | USED && self.black == black && self.white == white
    }
}

/// The keys of one bucket's two slots in one cache line, apart from the
/// entries (320 bytes each): a probe that misses reads this line only, and
/// the move ordering's probes (which need only the bounds' values) never
/// read an entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(64))]
struct KeyLine([KeySlot; 2]);

/// A fast hasher for big-bucket indices (the splitmix64 finaliser).
#[derive(Debug, Default)]
struct IndexHasher(u64);

impl std::hash::Hasher for IndexHasher {
    fn finish(&self) -> u64 {
        miai_search::hash::mix64(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_usize(&mut self, i: usize) {
        self.0 = i as u64;
    }
}

/// The buckets in use: where each is in `buckets`, by bucket index.
#[derive(Debug, Default)]
struct Sparse {
    index: HashMap<usize, u32, BuildHasherDefault<IndexHasher>>,
    buckets: Vec<[Entry; 2]>,
}

/// How the buckets are held: only those in use (while few are), or all.
#[derive(Debug)]
enum Slots {
    /// The buckets in use.
    Sparse(Sparse),
    /// Every bucket: `2 * index` and `2 * index + 1` are its slots, and
    /// `keys[index]` their keys.
    Dense {
        entries: Vec<Entry>,
        keys: Vec<KeyLine>,
    },
}

/// A two-way bucketed table bounded by a byte budget that grows with use.
///
/// It behaves exactly as a fixed table of the full size (the *cap*, the
/// most entries the budget allows, a power of two): the same keys are
/// kept and replaced, so a search sees the same hits and counts the same
/// nodes whatever the budget's size once it is reached. While few buckets
/// are in use they are held in a hash map, costing memory only for what
/// is stored; once a sixteenth of them are, the map is spread into the
/// full array (the map then holds about a tenth of the array's bytes).
#[derive(Debug)]
pub struct Table {
    slots: Slots,
    /// `cap - 1`.
    mask: usize,
    used: usize,
    /// Entries written (for statistics).
    pub stores: u64,
}

/// A 64-bit mix of a key: the key words folded, then the splitmix64
/// finaliser.
pub fn mix(black: Bits, white: Bits, flags: u8) -> u64 {
    miai_search::hash::mix64(
        black.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ white.rotate_left(29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
            ^ u64::from(flags),
    )
}

/// The slots `(first, second)` of one bucket after storing `e` where they
/// held `(s0, s1)`. The same key is overwritten in place; otherwise the
/// first slot keeps the entry that cost the most work and the second takes
/// the rest, so the big subtrees near the root survive floods of small
/// ones.
fn place(s0: Entry, s1: Entry, e: Entry) -> (Entry, Entry) {
    let same = |s: &Entry| s.flags == e.flags && s.black == e.black && s.white == e.white;
    if same(&s0) {
        (e, s1)
    } else if same(&s1) {
        // Promote the key if it now cost more than the first slot.
        if e.work >= s0.work { (e, s0) } else { (s0, e) }
    } else if e.work >= s0.work {
        (e, s0)
    } else {
        (s0, e)
    }
}

impl Table {
    /// The most entries a table may have: `2^32` (about 1.2 TB), far
    /// above any byte budget accepted.
    const MAX_ENTRIES: usize = 1 << 32;

    /// A table of at most `bytes` bytes: the largest power of two of
    /// entries that fits, at least 2. It starts empty and grows with use.
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).clamp(2, Self::MAX_ENTRIES);
        let cap = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: Slots::Sparse(Sparse::default()),
            mask: cap - 1,
            used: 0,
            stores: 0,
        }
    }

    /// Entries the table holds room for now (a table still held sparsely
    /// counts the slots of its buckets in use).
    pub fn capacity(&self) -> usize {
        match &self.slots {
            Slots::Sparse(m) => 2 * m.buckets.capacity(),
            Slots::Dense { entries, .. } => entries.len(),
        }
    }

    /// Bytes the table holds now: the slots, plus the index of a table
    /// still held sparsely.
    pub fn allocated_bytes(&self) -> usize {
        match &self.slots {
            Slots::Sparse(m) => {
                // A hash map entry: key, value and a control byte,
                // rounded up.
                m.buckets.capacity() * 2 * ENTRY_BYTES + m.index.capacity() * 17
            }
            Slots::Dense { entries, .. } => entries.len() * ENTRY_BYTES,
        }
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.used
    }

    /// Entries the table may grow to.
    pub fn cap(&self) -> usize {
        self.mask + 1
    }

    /// The bucket index of a key.
    #[inline]
    fn bucket(&self, black: Bits, white: Bits, flags: u8) -> usize {
        (mix(black, white, flags) as usize & self.mask) >> 1
    }

    /// The entry for this key, if stored. A key lives in one of the two
    /// slots of its bucket.
    pub fn probe(&self, black: Bits, white: Bits, flags: u8) -> Option<&Entry> {
        let b = self.bucket(black, white, flags);
        match &self.slots {
            Slots::Sparse(m) => m.buckets[*m.index.get(&b)? as usize]
                .iter()
                .find(|e| e.flags == flags | USED && e.black == black && e.white == white),
            Slots::Dense { entries, keys } => {
                let i = keys[b].0.iter().position(|k| k.is(black, white, flags))?;
                Some(&entries[2 * b + i])
            }
        }
    }

    /// The values of the key's lower and upper bounds, if stored (read
    /// from the key line alone when the table is spread).
    #[inline]
    pub fn probe_values(&self, black: Bits, white: Bits, flags: u8) -> Option<(i8, i8)> {
        match &self.slots {
            Slots::Sparse(_) => self
                .probe(black, white, flags)
                .map(|e| (e.lo.value, e.hi.value)),
            Slots::Dense { keys, .. } => {
                let b = self.bucket(black, white, flags);
                let k = keys[b].0.iter().find(|k| k.is(black, white, flags))?;
                Some((k.lo, k.hi))
            }
        }
    }

    /// Stores an entry (the search merges bounds of the same key itself:
    /// it knows which old bounds still hold): the same key in place, else
    /// the costlier entry first (see `place`).
    pub fn store(&mut self, e: Entry) {
        let b = self.bucket(e.black, e.white, e.flags);
        self.stores += 1;
        let e = Entry {
            flags: e.flags | USED,
            ..e
        };
        let in_use = |s: &Entry| usize::from(s.flags & USED != 0);
        match &mut self.slots {
            Slots::Dense { entries, keys } => {
                // As `place`, decided on the key line, moving only the
                // entries that change.
                let [k0, k1] = keys[b].0;
                let key = KeySlot::of(&e);
                let used = |k: &KeySlot| usize::from(k.flags & USED != 0);
                let same =
                    |k: &KeySlot| k.flags == e.flags && k.black == e.black && k.white == e.white;
                let (a, c) = if same(&k0) {
                    entries[2 * b] = e;
                    (key, k1)
                } else if e.work < k0.work {
                    entries[2 * b + 1] = e;
                    (k0, key)
                } else {
                    entries[2 * b + 1] = entries[2 * b];
                    entries[2 * b] = e;
                    (key, k0)
                };
                self.used = self.used + used(&a) + used(&c) - used(&k0) - used(&k1);
                keys[b] = KeyLine([a, c]);
            }
            Slots::Sparse(m) => {
                let next = m.buckets.len() as u32;
                let at = *m.index.entry(b).or_insert(next);
                if at == next {
                    m.buckets.push([EMPTY; 2]);
                }
                let pair = &mut m.buckets[at as usize];
                let [s0, s1] = *pair;
                let (a, c) = place(s0, s1, e);
                self.used = self.used + in_use(&a) + in_use(&c) - in_use(&s0) - in_use(&s1);
                *pair = [a, c];
                if m.buckets.len() * 16 >= self.cap() / 2 {
                    self.spread();
                }
            }
        }
    }

    /// Moves the buckets in use into the full array.
    fn spread(&mut self) {
        let cap = self.cap();
        if let Slots::Sparse(m) = &mut self.slots {
            let m = std::mem::take(m);
            let mut entries = vec![EMPTY; cap];
            let mut keys = vec![KeyLine::default(); cap / 2];
            for (b, at) in m.index {
                let pair = &m.buckets[at as usize];
                entries[2 * b..2 * b + 2].copy_from_slice(pair);
                keys[b] = KeyLine([KeySlot::of(&pair[0]), KeySlot::of(&pair[1])]);
            }
            self.slots = Slots::Dense { entries, keys };
        }
    }
}

/// The table of a solve on two threads ([`crate::SolveOptions::threads`]):
/// the same two-way buckets, cut into shards by the high bits of a key's
/// mix, each shard a [`Table`] behind its own lock. A reader copies what it
/// needs out of an entry while it holds the shard's lock, so an entry is
/// never seen half written (no torn reads), and a writer replaces a whole
/// entry under the lock. What two threads can do to each other is only
/// what one thread's later store does to an earlier one: a store
/// overwrites the key's entry with the bounds its searcher read and
/// proved, so a bound the other thread stored in between can be lost
/// (information, never soundness: every stored bound is proven, with the
/// basis it needs under the history of whoever reads it).
#[derive(Debug)]
pub struct SharedTable {
    shards: Vec<std::sync::Mutex<Table>>,
    /// `64 - log2(shards)`: a key's shard is its mix shifted by this.
    shift: u32,
}

impl SharedTable {
    /// Shards of a shared table (a power of two): enough that two threads
    /// rarely wait for each other's lock.
    pub const SHARDS: usize = 256;

    /// A table of at most `bytes` bytes, in [`SharedTable::SHARDS`] shards
    /// (fewer when the budget is smaller than a shard of two entries
    /// each), each growing with use as a [`Table`] does.
    pub fn new(bytes: usize) -> SharedTable {
        let wanted = (bytes / ENTRY_BYTES).clamp(2, Table::MAX_ENTRIES);
        let cap = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let shards = (cap / 2).clamp(1, Self::SHARDS);
        let per = (cap / shards) * ENTRY_BYTES;
        SharedTable {
            shards: (0..shards)
                .map(|_| std::sync::Mutex::new(Table::new(per)))
                .collect(),
            shift: 64 - shards.trailing_zeros(),
        }
    }

    /// The shard of a key, locked (a poisoned lock is taken over: a
    /// thread that panicked mid-store left a whole entry or none, since
    /// stores write whole entries).
    fn shard(&self, black: Bits, white: Bits, flags: u8) -> std::sync::MutexGuard<'_, Table> {
        let i = if self.shift >= 64 {
            0
        } else {
            (mix(black, white, flags) >> self.shift) as usize
        };
        self.shards[i]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `f` of the key's entry, if stored, read under the shard's lock.
    pub fn probe_map<R>(
        &self,
        black: Bits,
        white: Bits,
        flags: u8,
        f: impl FnOnce(&Entry) -> R,
    ) -> Option<R> {
        self.shard(black, white, flags)
            .probe(black, white, flags)
            .map(f)
    }

    /// Stores an entry under its shard's lock (as [`Table::store`]).
    pub fn store(&self, e: Entry) {
        self.shard(e.black, e.white, e.flags).store(e);
    }

    /// Sums a count over the shards.
    fn sum(&self, f: impl Fn(&Table) -> usize) -> usize {
        self.shards
            .iter()
            .map(|s| f(&s.lock().unwrap_or_else(std::sync::PoisonError::into_inner)))
            .sum()
    }

    /// Entries in use.
    pub fn used(&self) -> usize {
        self.sum(Table::used)
    }

    /// Entries the shards hold room for now.
    pub fn capacity(&self) -> usize {
        self.sum(Table::capacity)
    }

    /// Bytes the shards hold now.
    pub fn allocated_bytes(&self) -> usize {
        self.sum(Table::allocated_bytes)
    }

    /// Entries the table may grow to.
    pub fn cap(&self) -> usize {
        self.sum(Table::cap)
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
                prop_assert!(a.may_contain(b, w, mix(b, w, 0), true));
                prop_assert!(c.may_contain(b, w, mix(b, w, 0), true));
                prop_assert!(back.may_contain(b, w, mix(b, w, 0), true));
            }
        }
    }

    fn entry(black: Bits, white: Bits, flags: u8, work: u8, best: u8) -> Entry {
        Entry {
            black,
            white,
            flags,
            work,
            best,
            ..EMPTY
        }
    }

    /// A table held densely from the start: the fixed table the growing
    /// one must behave as.
    fn dense(bytes: usize) -> Table {
        let mut t = Table::new(bytes);
        t.spread();
        t
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// A table that starts sparse and is spread when it fills holds,
        /// after every store, exactly what a table allocated at its full
        /// size holds: the same probes hit with the same entries.
        #[test]
        fn a_growing_table_behaves_as_the_full_one(
            cap_bits in 1u32..9,
            ops in proptest::collection::vec((0u64..60, 0u64..3, 0u8..2, 0u8..6, any::<u8>()), 1..300),
        ) {
            let bytes = (1usize << cap_bits) * ENTRY_BYTES;
            let mut lazy = Table::new(bytes);
            let mut full = dense(bytes);
            prop_assert_eq!(full.capacity(), 1 << cap_bits);
            // The slots as `place` fills them, an entry array alone (the
            // spread table decides on its key lines instead).
            let mut reference = vec![EMPTY; 1 << cap_bits];
            for &(b, w, f, work, best) in &ops {
                let mut e = entry(b, w << 40, f, work, best);
                e.lo.value = best as i8;
                e.hi.value = work as i8;
                lazy.store(e);
                full.store(e);
                let at = 2 * full.bucket(e.black, e.white, e.flags);
                let e = Entry { flags: e.flags | USED, ..e };
                (reference[at], reference[at + 1]) = place(reference[at], reference[at + 1], e);
                prop_assert_eq!(lazy.used(), full.used());
                for &(b, w, f, _, _) in &ops {
                    let w = w << 40;
                    let found = full.probe(b, w, f);
                    prop_assert_eq!(lazy.probe(b, w, f), found);
                    let at = 2 * full.bucket(b, w, f);
                    let expected = reference[at..at + 2]
                        .iter()
                        .find(|e| e.flags == f | USED && e.black == b && e.white == w);
                    prop_assert_eq!(found, expected);
                    let values = found.map(|e| (e.lo.value, e.hi.value));
                    prop_assert_eq!(full.probe_values(b, w, f), values);
                    prop_assert_eq!(lazy.probe_values(b, w, f), values);
                }
            }
        }
    }

    /// Two threads storing and reading the same keys of a shared table
    /// never see a torn entry: every entry read is one that was stored
    /// whole (its fields all derive from the writer's number), and each
    /// key keeps its own.
    #[test]
    fn a_shared_table_is_never_read_torn() {
        let table = SharedTable::new((1 << 12) * ENTRY_BYTES);
        let whole = |e: &Entry| {
            let t = e.best;
            e.work == t
                && e.lo.value == t as i8
                && e.hi.dep_len == u32::from(t)
                && e.failed_hi_depth == u16::from(t)
        };
        std::thread::scope(|scope| {
            for t in [1u8, 2] {
                let table = &table;
                scope.spawn(move || {
                    for round in 0..20u64 {
                        for k in 0..2000u64 {
                            let mut e = entry(k + 1, round, 0, t, t);
                            e.lo.value = t as i8;
                            e.hi.dep_len = u32::from(t);
                            e.failed_hi_depth = u16::from(t);
                            table.store(e);
                            let read =
                                table.probe_map(k + 1, round, 0, |e| (whole(e), e.black, e.white));
                            if let Some((ok, b, w)) = read {
                                assert!(ok && b == k + 1 && w == round);
                            }
                        }
                    }
                });
            }
        });
        assert!(table.used() > 0 && table.used() <= table.cap());
        assert!(table.allocated_bytes() >= table.used() * ENTRY_BYTES);
    }

    #[test]
    fn a_huge_budget_allocates_little() {
        let mut t = Table::new(30_000 << 20);
        assert!(t.cap() >= 1 << 26);
        for k in 0..1000u64 {
            t.store(entry(k, 0, 0, 1, 0));
        }
        assert!(t.capacity() <= 1 << 12, "{}", t.capacity());
        assert!((0..1000u64).all(|k| t.probe(k, 0, 0).is_some()));
    }

    #[test]
    fn a_small_budget_is_spread_into_its_array() {
        let mut t = Table::new((1 << 10) * ENTRY_BYTES);
        for k in 0..1000u64 {
            t.store(entry(k, 0, 0, 1, 0));
        }
        assert_eq!(t.capacity(), 1 << 10);
        assert!(t.used() <= 1 << 10);
    }

    #[test]
    fn the_default_budget_is_the_old_default_size() {
        let t = Table::new(super::super::DEFAULT_TABLE_BYTES);
        assert_eq!(t.cap(), 1 << 18);
    }

    #[test]
    fn allocated_bytes_follow_the_slots() {
        let mut t = Table::new((1 << 10) * ENTRY_BYTES);
        assert_eq!(t.allocated_bytes(), 0);
        t.store(entry(1, 0, 0, 1, 0));
        let sparse = t.allocated_bytes();
        assert!(
            (2 * ENTRY_BYTES..64 * ENTRY_BYTES).contains(&sparse),
            "{sparse}"
        );
        t.spread();
        assert_eq!(t.allocated_bytes(), (1 << 10) * ENTRY_BYTES);
    }

    /// The region part of a basis (a safe-region proof): it may contain
    /// exactly the colourings holding `region_all` and a prover's stone in
    /// `region`, for the prover's colour only; joins and a symmetry and
    /// back keep it.
    #[test]
    fn a_region_basis_names_its_colourings() {
        let r = Basis {
            region: 0b1000,
            region_all: 0b0110,
            ..Basis::EMPTY
        };
        let h = mix(0b1110, 0, 0);
        assert!(r.may_contain(0b1110, 0, h, true));
        assert!(!r.may_contain(0b1010, 0, h, true));
        assert!(!r.may_contain(0b0110, 0b1000, h, true));
        assert!(!r.may_contain(0b1110, 0, h, false));
        assert!(r.may_contain(0, 0b1110, h, false));
        let mut j = Basis::EMPTY;
        j.enter(0b1, 0, mix(0b1, 0, 0));
        j.join(&r);
        assert!(j.may_contain(0b1110, 0, h, true));
        assert!(j.may_contain(0b1, 0, mix(0b1, 0, 0), true));
        let perm: Vec<u8> = (0..12u8).map(|v| (v / 4) * 4 + (3 - v % 4)).collect();
        let all = (1 << 12) - 1;
        let back = j.permuted(&perm, all).permuted(&perm, all);
        assert!(back.may_contain(0b1110, 0, h, true));
        assert!(!back.may_contain(0b1010, 0, h, true));
    }

    #[test]
    fn empty_basis_contains_nothing() {
        assert!(!Basis::EMPTY.may_contain(0, 0, mix(0, 0, 0), true));
        assert!(!Basis::EMPTY.may_contain(0b101, 0b010, mix(0b101, 0b010, 0), false));
    }
}
