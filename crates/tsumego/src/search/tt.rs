//! The transposition table: bounded, keyed by state and query.
//!
//! Only two kinds of values enter it: unproven proof and disproof numbers
//! (estimates: any value is safe, a wrong one only slows the search) and
//! results whose proof never looked at a state above the node it proves
//! (history-free, see `search`). A result that depended on the line that
//! reached it is kept by its parent's child list only, never here.
//!
//! The table is a map from 64-bit keys to entries with a fixed bound on the
//! entries it holds: an open-addressing array (linear probing, the key
//! stored in its slot, so a probe usually reads one cache line) that grows
//! by doubling up to the size the memory bound allows and never past it.
//! It behaves as an exact map: what it returns does not depend on its
//! layout, only on the puts and the thinning rule ([`Tt::put`]), so the
//! search does the same work whatever the slot array looks like.

/// One stored node: (phi, delta) from the view of the player to move there,
/// and the work (nodes) spent on it, to choose what to forget; for a proven
/// node, whether its proof met a ko (`NodeValue::ko` in `search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub phi: u32,
    pub delta: u32,
    pub work: u32,
    pub ko: u8,
}

/// A slot of the array: a key and its entry; `work == 0` marks it empty
/// (stored entries have at least 1 of work).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    phi: u32,
    delta: u32,
    work: u32,
    ko: u8,
}

impl Slot {
    #[inline]
    fn entry(&self) -> Entry {
        Entry {
            phi: self.phi,
            delta: self.delta,
            work: self.work,
            ko: self.ko,
        }
    }
}

/// The table: at most [`Tt::max_entries`] entries; when full, the cheapest
/// half of the unproven entries (and then of all) is forgotten.
#[derive(Debug)]
pub(crate) struct Tt {
    slots: Vec<Slot>,
    len: usize,
    max_entries: usize,
    /// The most slots the array may have: its bytes, with the filter's,
    /// stay within the bound.
    max_slots: usize,
    /// A presence filter: bit [`Tt::filter_bit`] of every stored key is
    /// set ([`FILTER_BITS_PER_SLOT`] bits per slot). Most lookups are of
    /// children not in the table; a clear bit answers them from this
    /// array, 48 times smaller than the slots and mostly in the cache,
    /// instead of a miss to memory on the slot array. Bits are set when a
    /// key enters and reset from the kept keys when the array is laid out
    /// again, so a stored key always finds its bit set: the answers are
    /// the map's.
    filter: Vec<u64>,
    /// Times the table was thinned.
    pub collections: u32,
}

/// Bytes of memory per entry the bound allows: `bytes / ENTRY_BYTES`
/// entries at most (a slot takes 24 bytes and half a byte of filter; the
/// array is kept at most about 61% full, so a full table's slots and
/// filter fill the bound).
pub(crate) const ENTRY_BYTES: usize = 40;

/// Bytes of one slot of the array.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// Bits of the presence filter per slot of the array (half a byte: the
/// filter takes 1/48 of the slots' memory).
const FILTER_BITS_PER_SLOT: usize = 4;

/// The array starts with this many slots (at most) and doubles.
const FIRST_SLOTS: usize = 1 << 12;

impl Tt {
    /// A table holding at most `bytes / ENTRY_BYTES` entries (at least
    /// 1024), in an array of at most `bytes` (for the smallest tables,
    /// 1024 entries' worth).
    pub fn new(bytes: usize) -> Tt {
        let max_entries = (bytes / ENTRY_BYTES).max(1024);
        // About 60% full when it holds `max_entries` (61%: the filter's
        // half byte per slot is taken from the slots' share of the bound).
        let max_slots = max_entries * 5 * 48 / (3 * 49);
        let slots = FIRST_SLOTS.min(max_slots);
        Tt {
            slots: vec![Slot::default(); slots],
            filter: vec![0; filter_words(slots)],
            len: 0,
            max_entries,
            max_slots,
            collections: 0,
        }
    }

    /// The key's first slot: the key's high bits scaled to the array
    /// (keys are Zobrist hashes, uniform in every bit).
    #[inline]
    fn home(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The word and bits of `key` in the presence filter: a word chosen
    /// by the key's middle bits (the slot takes its high bits), scaled to
    /// the filter, and two bits of it by its lowest twelve bits. (Two bits
    /// in one word: a key not stored passes about half as often as with
    /// one, for the same single read.)
    #[inline]
    fn filter_bit(&self, key: u64) -> (usize, u64) {
        let w = ((((key >> 12) as u32) as u64 * self.filter.len() as u64) >> 32) as usize;
        (w, 1 << (key & 63) | 1 << ((key >> 6) & 63))
    }

    /// Whether `key` may be stored (false: it is not).
    #[inline]
    pub fn may_hold(&self, key: u64) -> bool {
        let (w, b) = self.filter_bit(key);
        self.filter[w] & b == b
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let n = self.slots.len();
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.work == 0 || s.key == key {
                return i;
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        if !self.may_hold(key) {
            return None;
        }
        self.get_held(key)
    }

    /// [`Tt::get`] of a key the filter passed ([`Tt::may_hold`]).
    #[inline]
    pub fn get_held(&self, key: u64) -> Option<Entry> {
        let s = &self.slots[self.find(key)];
        (s.work != 0).then(|| s.entry())
    }

    /// Reads the first slot of each key, so that a lookup of them soon
    /// after finds it in the cache: the reads are independent and issued
    /// back to back, so their cache misses overlap (a software prefetch
    /// without `unsafe`).
    #[inline]
    pub fn touch_slots(&self, keys: impl Iterator<Item = u64>) {
        let mut x = 0;
        for key in keys {
            x ^= self.slots[self.home(key)].key;
        }
        std::hint::black_box(x);
    }

    /// Stores an entry; a proven entry is never replaced by an unproven one.
    /// A new key in a full table first thins it ([`Tt::collect`]).
    pub fn put(&mut self, key: u64, e: Entry) {
        let e = Entry {
            work: e.work.max(1),
            ..e
        };
        let mut i = self.find(key);
        let old = self.slots[i];
        if old.work != 0 {
            let old_proven = old.phi == 0 || old.delta == 0;
            let new_proven = e.phi == 0 || e.delta == 0;
            if old_proven && !new_proven {
                return;
            }
        } else {
            if self.len >= self.max_entries {
                self.collect();
                i = self.find(key);
            } else if self.len * 5 >= self.slots.len() * 3 && self.slots.len() < self.max_slots {
                self.rebuild((self.slots.len() * 2).min(self.max_slots), |_| true);
                i = self.find(key);
            }
            self.len += 1;
            let (w, b) = self.filter_bit(key);
            self.filter[w] |= b;
        }
        self.slots[i] = Slot {
            key,
            phi: e.phi,
            delta: e.delta,
            work: e.work,
            ko: e.ko,
        };
    }

    /// The entries, in no order.
    fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.slots.iter().filter(|s| s.work != 0).map(Slot::entry)
    }

    /// Forgets about half the entries: the least worked-on unproven ones
    /// first.
    fn collect(&mut self) {
        self.collections += 1;
        let n = self.slots.len();
        let mut works: Vec<u32> = self
            .entries()
            .filter(|e| e.phi != 0 && e.delta != 0)
            .map(|e| e.work)
            .collect();
        let target = self.max_entries / 2;
        if works.len() >= target {
            let k = works.len() - target;
            let i = k.min(works.len() - 1);
            let (_, cut, _) = works.select_nth_unstable(i);
            let cut = *cut;
            self.rebuild(n, |e| e.phi == 0 || e.delta == 0 || e.work > cut);
        }
        if self.len >= target {
            let mut all: Vec<u32> = self.entries().map(|e| e.work).collect();
            let k = all.len() - target;
            let i = k.min(all.len() - 1);
            let (_, cut, _) = all.select_nth_unstable(i);
            let cut = *cut;
            self.rebuild(n, |e| e.work > cut);
        }
    }

    /// Lays the entries `keep` keeps out again in an array of `slots`
    /// slots. For a moment the memory holds the old array and the new one
    /// (growing: half the size and the size), or the array and the kept
    /// entries (thinning: at most 60% of the array's size): at most 1.6
    /// times the bound.
    fn rebuild(&mut self, slots: usize, keep: impl Fn(&Entry) -> bool) {
        let old = if slots == self.slots.len() {
            let kept: Vec<Slot> = self
                .slots
                .iter()
                .filter(|s| s.work != 0 && keep(&s.entry()))
                .copied()
                .collect();
            self.slots.fill(Slot::default());
            kept
        } else {
            std::mem::replace(&mut self.slots, vec![Slot::default(); slots])
        };
        self.len = 0;
        self.filter.clear();
        self.filter.resize(filter_words(self.slots.len()), 0);
        for s in old {
            if s.work != 0 && keep(&s.entry()) {
                let i = self.find(s.key);
                self.slots[i] = s;
                self.len += 1;
                let (w, b) = self.filter_bit(s.key);
                self.filter[w] |= b;
            }
        }
    }

    /// The most entries the table holds.
    pub fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes the slot array and the filter take now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES + self.filter.len() * 8
    }
}

/// Words of the presence filter for an array of `slots` slots.
fn filter_words(slots: usize) -> usize {
    (slots * FILTER_BITS_PER_SLOT).div_ceil(64)
}

/// What the expansion of a node reads of a table: the same code for
/// [`Tt`] and [`SharedTt`], compiled for each.
pub(crate) trait Lookup {
    /// Whether `key` may be stored (false: it is not).
    fn may_hold(&self, key: u64) -> bool;
    fn get(&self, key: u64) -> Option<Entry>;
    /// [`Lookup::get`] of a key [`Lookup::may_hold`] passed.
    fn get_held(&self, key: u64) -> Option<Entry>;
    /// Reads the first slot of each key, to overlap the cache misses.
    fn touch_slots(&self, keys: impl Iterator<Item = u64>);
}

impl Lookup for Tt {
    #[inline]
    fn may_hold(&self, key: u64) -> bool {
        Tt::may_hold(self, key)
    }
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        Tt::get(self, key)
    }
    #[inline]
    fn get_held(&self, key: u64) -> Option<Entry> {
        Tt::get_held(self, key)
    }
    #[inline]
    fn touch_slots(&self, keys: impl Iterator<Item = u64>) {
        Tt::touch_slots(self, keys)
    }
}

impl Lookup for SharedTt {
    #[inline]
    fn may_hold(&self, key: u64) -> bool {
        SharedTt::may_hold(self, key)
    }
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        SharedTt::get(self, key)
    }
    #[inline]
    fn get_held(&self, key: u64) -> Option<Entry> {
        SharedTt::get_tagged(self, key).map(|(e, _)| e)
    }
    #[inline]
    fn touch_slots(&self, keys: impl Iterator<Item = u64>) {
        SharedTt::touch_slots(self, keys)
    }
}

/// A table two searchers of one query share ([`SharedTt`]), with the
/// slots this searcher filled in it (an upper bound on the entries it
/// holds: [`SharedTt::put`] counts the empty slots it fills; with the
/// other thread's count added when it is done), or a searcher's own
/// ([`Tt`]).
#[derive(Debug)]
pub(crate) enum Table {
    Own(Tt),
    Shared(std::sync::Arc<SharedTt>, usize),
}

/// A shared table is grown when more than `1 / GROW_AT` of its slots are
/// filled ...
const GROW_AT: usize = 2;

/// ... to about `SPARE` times the entries (a power of two of slots).
const SPARE: usize = 4;

/// Slots of the smallest [`SharedTt`] [`Table::share`] makes (64 KiB).
const MIN_SHARED_SLOTS: usize = 1 << 12;

impl Table {
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        match self {
            Table::Own(t) => t.get(key),
            Table::Shared(t, _) => t.get(key),
        }
    }

    #[inline]
    pub fn put(&mut self, key: u64, e: Entry, by: u8) {
        match self {
            Table::Own(t) => t.put(key, e),
            Table::Shared(t, filled) => {
                if t.put(key, e, by) {
                    *filled += 1;
                    // Alone on it (no helper holds it: between the split
                    // queries), the searcher grows a table half full.
                    if *filled > t.max_entries() / GROW_AT
                        && !t.at_bound()
                        && std::sync::Arc::strong_count(t) == 1
                    {
                        self.grow();
                    }
                }
            }
        }
    }

    /// Entries stored (in a shared table, the slots filled, by both
    /// threads once [`Table::add_filled`] has counted the other's).
    pub fn len(&self) -> usize {
        match self {
            Table::Own(t) => t.len(),
            Table::Shared(_, filled) => *filled,
        }
    }

    /// Counts `n` slots of the shared table the other thread filled.
    pub fn add_filled(&mut self, n: usize) {
        if let Table::Shared(_, filled) = self {
            *filled += n;
        }
    }

    /// Nodes the threads may search on the shared table, both together,
    /// before it is half full (at least [`MIN_SHARED_SLOTS`] / 4; a node
    /// fills at most a slot or so); `None` once the table is as large as
    /// the memory bound allows (it is not grown again).
    pub fn stretch(&self) -> Option<u64> {
        match self {
            Table::Shared(t, filled) if !t.at_bound() => {
                let half = t.max_entries() / GROW_AT;
                Some(half.saturating_sub(*filled).max(MIN_SHARED_SLOTS / 4) as u64)
            }
            _ => None,
        }
    }

    /// A shared table about four times its entries (a power of two of
    /// slots, at least [`MIN_SHARED_SLOTS`], at most the memory bound).
    fn sized(bytes: usize, entries: usize) -> SharedTt {
        let slots = entries
            .saturating_mul(SPARE)
            .next_power_of_two()
            .max(MIN_SHARED_SLOTS);
        SharedTt::with_slots(bytes, slots)
    }

    /// The shared table, alone, made about four times its entries (copied
    /// over; the old array is freed).
    fn grow(&mut self) {
        if let Table::Shared(t, filled) = self {
            let bigger = Table::sized(t.bound, *filled);
            let n = t
                .entries()
                .filter(|&(k, e, by)| bigger.put(k, e, by))
                .count();
            *self = Table::Shared(std::sync::Arc::new(bigger), n);
        }
    }

    pub fn max_entries(&self) -> usize {
        match self {
            Table::Own(t) => t.max_entries(),
            Table::Shared(t, _) => t.max_entries(),
        }
    }

    pub fn bytes(&self) -> usize {
        match self {
            Table::Own(t) => t.bytes(),
            Table::Shared(t, _) => t.bytes(),
        }
    }

    /// The table made shareable, for the helper to join: a shared table
    /// of the memory bound `bytes` holding this one's entries (as many as
    /// its buckets take), sized about four times them (not the bound: a
    /// short split would pay for allocating and faulting in memory it
    /// never uses); a shared table already half full is grown so. Called
    /// when no helper holds it. Also whether a table was made.
    pub fn share(&mut self, bytes: usize) -> (std::sync::Arc<SharedTt>, bool) {
        let made = match self {
            Table::Own(t) => {
                let shared = Table::sized(bytes, t.len());
                let n = t
                    .slots
                    .iter()
                    .filter(|s| s.work != 0 && shared.put(s.key, s.entry(), 0))
                    .count();
                *self = Table::Shared(std::sync::Arc::new(shared), n);
                true
            }
            Table::Shared(t, filled) if *filled > t.max_entries() / GROW_AT && !t.at_bound() => {
                self.grow();
                true
            }
            Table::Shared(..) => false,
        };
        match self {
            Table::Shared(t, _) => (std::sync::Arc::clone(t), made),
            Table::Own(_) => unreachable!("made shared above"),
        }
    }
}

/// A transposition table several threads read and write at once, without
/// locks: a fixed array of buckets of [`WAYS`] slots, one cache line each
/// (the key's high bits choose the bucket), each slot two words — the
/// entry packed in one ([`SharedTt::pack`]), and a check word, the key xor
/// the entry (Hyatt and Mann's lockless hashing). A slot two threads wrote
/// at once holds a mix whose check word matches no key: it reads as a
/// miss, never as another key's entry. Its memory is fixed at creation,
/// within a memory bound ([`Table::share`] sizes it from the entries and
/// replaces it by a larger one as it fills); a full bucket forgets the least worked-on unproven entry,
/// else the least worked-on one. A proven entry is never replaced by an
/// unproven one of its key (but for a race, which loses the proof only).
/// Lossy, unlike [`Tt`]: the search's values are the same kind
/// (history-free proofs and estimates), only fewer are kept, and the
/// numbers and the work are stored coarser (see [`SharedTt::pack`]).
#[derive(Debug)]
pub(crate) struct SharedTt {
    words: Vec<std::sync::atomic::AtomicU64>,
    buckets: usize,
    /// A presence filter as [`Tt`]'s ([`FILTER_BITS_PER_SLOT`] bits per
    /// slot): the bit of every key stored is set. Bits are never cleared
    /// (a key a bucket forgot keeps its bit: a lookup in vain, never a
    /// wrong answer); after `n` keys stored, a share of about
    /// `1 - exp(-n / (4 * slots))` of the bits is set.
    filter: Vec<std::sync::atomic::AtomicU64>,
    /// The memory bound it was made for (its size may be below it:
    /// [`Table::share`]).
    bound: usize,
}

/// Slots per bucket of a [`SharedTt`] (a cache line of 16-byte slots).
const WAYS: usize = 4;

/// Bytes of one [`SharedTt`] slot.
const SHARED_SLOT_BYTES: usize = 16;

/// Bits of a packed proof or disproof number; the largest value stands for
/// [`INF`](super::INF).
const NUMBER_BITS: u32 = 27;
const NUMBER_MAX: u64 = (1 << NUMBER_BITS) - 1;

impl SharedTt {
    /// A table of at most `bytes` (at least 1024 slots).
    #[cfg(test)]
    pub fn new(bytes: usize) -> SharedTt {
        SharedTt::with_slots(bytes, usize::MAX)
    }

    /// Buckets of a table of at most `bytes` (at least 1024 slots).
    fn max_buckets(bytes: usize) -> usize {
        // A slot's bytes and its half byte of filter.
        (bytes * 2 / (SHARED_SLOT_BYTES * 2 + 1) / WAYS).max(1024 / WAYS)
    }

    /// A table of about `slots` slots, within the memory bound `bytes`.
    pub fn with_slots(bytes: usize, slots: usize) -> SharedTt {
        let buckets = SharedTt::max_buckets(bytes).min(slots.div_ceil(WAYS).max(1024 / WAYS));
        let atomics = |n| {
            (0..n)
                .map(|_| std::sync::atomic::AtomicU64::new(0))
                .collect()
        };
        SharedTt {
            words: atomics(buckets * WAYS * 2),
            buckets,
            filter: atomics(filter_words(buckets * WAYS)),
            bound: bytes,
        }
    }

    /// Whether it is as large as its memory bound allows.
    pub fn at_bound(&self) -> bool {
        self.buckets == SharedTt::max_buckets(self.bound)
    }

    /// Its entries: key, entry, tag (a slot two threads once wrote at
    /// once gives a key no state has, as it reads as a miss now).
    fn entries(&self) -> impl Iterator<Item = (u64, Entry, u8)> + '_ {
        (0..self.buckets * WAYS).filter_map(|slot| {
            let (c, w) = self.load(slot);
            ((w >> 54) & 63 != 0).then(|| {
                let (e, by) = SharedTt::unpack(w);
                (c ^ w, e, by)
            })
        })
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * WAYS
    }

    /// An entry and the tag of its searcher in one word: phi and delta in
    /// [`NUMBER_BITS`] bits each (0 and infinity exact, a number past the
    /// field clamped: the numbers order the work only), the work as its
    /// binary logarithm plus one (6 bits; 0: an empty slot), the ko bits
    /// (3), the tag (1).
    #[inline]
    fn pack(e: Entry, by: u8) -> u64 {
        let number = |x: u32| {
            if x >= super::INF {
                NUMBER_MAX
            } else {
                u64::from(x).min(NUMBER_MAX - 1)
            }
        };
        let work = u64::from(32 - e.work.max(1).leading_zeros());
        number(e.phi)
            | number(e.delta) << NUMBER_BITS
            | work << 54
            | u64::from(e.ko & 7) << 60
            | u64::from(by & 1) << 63
    }

    /// The entry and tag [`SharedTt::pack`] packed (the work rounded down
    /// to a power of two).
    #[inline]
    fn unpack(w: u64) -> (Entry, u8) {
        let number = |c: u64| {
            if c == NUMBER_MAX {
                super::INF
            } else {
                c as u32
            }
        };
        let work = (w >> 54) & 63;
        (
            Entry {
                phi: number(w & NUMBER_MAX),
                delta: number((w >> NUMBER_BITS) & NUMBER_MAX),
                work: if work == 0 { 0 } else { 1 << (work - 1) },
                ko: ((w >> 60) & 7) as u8,
            },
            (w >> 63) as u8,
        )
    }

    /// The slot's words: (check, entry).
    #[inline]
    fn load(&self, slot: usize) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        (
            self.words[slot * 2].load(Relaxed),
            self.words[slot * 2 + 1].load(Relaxed),
        )
    }

    /// The word and bit of `key` in the presence filter.
    #[inline]
    fn filter_bit(&self, key: u64) -> (usize, u64) {
        let i = ((key.rotate_left(32) as u128 * (self.filter.len() as u128 * 64)) >> 64) as usize;
        (i / 64, 1 << (i % 64))
    }

    /// Whether `key` may be stored (false: it is not).
    #[inline]
    pub fn may_hold(&self, key: u64) -> bool {
        let (w, b) = self.filter_bit(key);
        self.filter[w].load(std::sync::atomic::Ordering::Relaxed) & b != 0
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        if !self.may_hold(key) {
            return None;
        }
        self.get_tagged(key).map(|(e, _)| e)
    }

    /// [`SharedTt::get`] (past the filter), with the tag of the searcher
    /// that stored it.
    #[inline]
    pub fn get_tagged(&self, key: u64) -> Option<(Entry, u8)> {
        let base = self.bucket(key);
        for slot in base..base + WAYS {
            let (c, w) = self.load(slot);
            if (w >> 54) & 63 != 0 && c ^ w == key {
                return Some(SharedTt::unpack(w));
            }
        }
        None
    }

    /// Reads the first word of each key's bucket ([`Tt::touch_slots`]).
    #[inline]
    pub fn touch_slots(&self, keys: impl Iterator<Item = u64>) {
        use std::sync::atomic::Ordering::Relaxed;
        let mut x = 0;
        for key in keys {
            x ^= self.words[self.bucket(key) * 2].load(Relaxed);
        }
        std::hint::black_box(x);
    }

    /// Stores an entry, tagged `by` (the searcher's number, 0 or 1); whether
    /// it filled an empty slot.
    pub fn put(&self, key: u64, e: Entry, by: u8) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let new_proven = e.phi == 0 || e.delta == 0;
        let base = self.bucket(key);
        let mut victim = base;
        let mut victim_rank = u64::MAX;
        for slot in base..base + WAYS {
            let (c, w) = self.load(slot);
            let (old, _) = SharedTt::unpack(w);
            let old_proven = old.phi == 0 || old.delta == 0;
            if old.work != 0 && c ^ w == key {
                if old_proven && !new_proven {
                    return false;
                }
                victim = slot;
                victim_rank = u64::MAX;
                break;
            }
            let rank = match (old.work, old_proven) {
                (0, _) => 0,
                (_, false) => 1 << 32 | u64::from(old.work),
                (_, true) => 2 << 32 | u64::from(old.work),
            };
            if rank < victim_rank {
                victim_rank = rank;
                victim = slot;
            }
        }
        let (fw, fb) = self.filter_bit(key);
        if self.filter[fw].load(Relaxed) & fb == 0 {
            self.filter[fw].fetch_or(fb, Relaxed);
        }
        let w = SharedTt::pack(e, by);
        self.words[victim * 2 + 1].store(w, Relaxed);
        self.words[victim * 2].store(key ^ w, Relaxed);
        victim_rank == 0
    }

    pub fn max_entries(&self) -> usize {
        self.buckets * WAYS
    }

    pub fn bytes(&self) -> usize {
        (self.words.len() + self.filter.len()) * 8
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The map the table must behave as: the same puts and thinning rule
    /// on a `HashMap`.
    struct Model {
        map: HashMap<u64, Entry>,
        max_entries: usize,
    }

    impl Model {
        fn put(&mut self, key: u64, e: Entry) {
            if let Some(old) = self.map.get_mut(&key) {
                if (old.phi == 0 || old.delta == 0) && !(e.phi == 0 || e.delta == 0) {
                    return;
                }
                *old = e;
                return;
            }
            if self.map.len() >= self.max_entries {
                let target = self.max_entries / 2;
                let mut works: Vec<u32> = self
                    .map
                    .values()
                    .filter(|e| e.phi != 0 && e.delta != 0)
                    .map(|e| e.work)
                    .collect();
                if works.len() >= target {
                    works.sort_unstable();
                    let cut = works[works.len() - target];
                    self.map
                        .retain(|_, e| e.phi == 0 || e.delta == 0 || e.work > cut);
                }
                if self.map.len() >= target {
                    let mut all: Vec<u32> = self.map.values().map(|e| e.work).collect();
                    all.sort_unstable();
                    let cut = all[all.len() - target];
                    self.map.retain(|_, e| e.work > cut);
                }
            }
            self.map.insert(key, e);
        }
    }

    /// A shared table made from a one-thread table is sized from its
    /// entries, not the memory bound, and holds them; alone, it grows as
    /// it fills, up to the bound and not past it; it answers each key with
    /// its last entry or nothing (a bucket may forget it).
    #[test]
    fn the_shared_table_starts_small_and_grows_to_the_bound() {
        let bound = 8 << 20;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut tt = Tt::new(bound);
        let mut last: HashMap<u64, (u32, u32)> = HashMap::new();
        let entry = |rng: &mut ChaCha8Rng| Entry {
            phi: rng.random_range(1..1000),
            delta: rng.random_range(1..1000),
            work: 1,
            ko: 0,
        };
        for _ in 0..5000 {
            let (k, e) = (rng.random(), entry(&mut rng));
            tt.put(k, e);
            last.insert(k, (e.phi, e.delta));
        }
        let mut table = Table::Own(tt);
        let (shared, made) = table.share(bound);
        assert!(made);
        let slots = shared.max_entries();
        assert!((4 * 5000..=8 * 5000).contains(&slots), "{slots} slots");
        assert!(!shared.at_bound() && shared.bytes() < bound / 8);
        drop(shared);
        let held = |table: &Table, last: &HashMap<u64, (u32, u32)>| {
            let mut hits = 0;
            for (&k, &v) in last {
                if let Some(e) = table.get(k) {
                    assert_eq!((e.phi, e.delta), v, "key {k:x}");
                    hits += 1;
                }
            }
            hits
        };
        assert!(held(&table, &last) * 100 >= last.len() * 99);
        let mut sizes = vec![slots];
        let mut keys: Vec<u64> = last.keys().copied().collect();
        for _ in 0..400_000 {
            let k = if rng.random_bool(0.2) {
                keys[rng.random_range(0..keys.len())]
            } else {
                let k = rng.random();
                keys.push(k);
                k
            };
            let e = entry(&mut rng);
            table.put(k, e, 0);
            last.insert(k, (e.phi, e.delta));
            if table.max_entries() != *sizes.last().expect("a size") {
                sizes.push(table.max_entries());
                assert!(table.bytes() <= bound, "{} bytes", table.bytes());
            }
        }
        assert!(sizes.len() >= 3, "grown only to {sizes:?}");
        assert_eq!(table.stretch(), None, "at the bound: {sizes:?}");
        let hits = held(&table, &last);
        assert!(hits * 2 >= last.len(), "{hits} of {}", last.len());
    }

    /// The shared table's packing keeps proofs exact (0 and infinity), the
    /// numbers below its field's top, the ko bits and the tag; it answers
    /// a key with the entry last put under it, or with nothing (a bucket
    /// may forget it), never with another key's; and a proof is not
    /// replaced by an estimate of its key.
    #[test]
    fn the_shared_table_answers_each_key_with_its_own_entry() {
        let inf = super::super::INF;
        for (phi, delta) in [
            (0, inf),
            (inf, 0),
            (1, 1),
            (123_456, 7),
            (NUMBER_MAX as u32 - 1, 3),
        ] {
            let e = Entry {
                phi,
                delta,
                work: 1 << 20,
                ko: 5,
            };
            assert_eq!(SharedTt::unpack(SharedTt::pack(e, 1)), (e, 1));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let t = SharedTt::new(64 << 10);
        let mut last: HashMap<u64, Entry> = HashMap::new();
        let keys: Vec<u64> = (0..t.max_entries() * 2).map(|_| rng.random()).collect();
        let (mut hits, mut misses) = (0, 0);
        for _ in 0..t.max_entries() * 10 {
            let key = keys[rng.random_range(0..keys.len())];
            if rng.random_bool(0.5) {
                let proven = rng.random_bool(0.3);
                let e = Entry {
                    phi: if proven { 0 } else { rng.random_range(1..1000) },
                    delta: if proven {
                        inf
                    } else {
                        rng.random_range(1..1000)
                    },
                    work: 1 << rng.random_range(0..20),
                    ko: rng.random_range(0..8),
                };
                t.put(key, e, 0);
                let keep = last
                    .get(&key)
                    .is_some_and(|o| o.phi == 0 && !proven && t.get(key) == Some(*o));
                if !keep {
                    last.insert(key, e);
                }
            } else {
                match t.get(key) {
                    Some(e) => {
                        hits += 1;
                        assert_eq!(Some(&e), last.get(&key), "key {key:x}");
                    }
                    None => misses += 1,
                }
            }
        }
        assert!(hits > 1000 && misses > 100, "{hits} hits, {misses} misses");
    }

    /// Random puts and gets, with keys reused and tables small enough to be
    /// thinned many times: the table answers every get as the model map
    /// does, and its slot array stays within the memory bound.
    #[test]
    fn the_table_is_the_bounded_map_it_models() {
        for (seed, bytes) in [(1u64, 0usize), (2, 100_000), (3, 1 << 20)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut tt = Tt::new(bytes);
            let mut model = Model {
                map: HashMap::new(),
                max_entries: tt.max_entries(),
            };
            let keys: Vec<u64> = (0..tt.max_entries() * 3).map(|_| rng.random()).collect();
            for step in 0..tt.max_entries() * 12 {
                let key = keys[rng.random_range(0..keys.len())];
                if rng.random_bool(0.5) {
                    let (phi, delta) = match rng.random_range(0..4) {
                        0 => (0, super::super::INF),
                        1 => (super::super::INF, 0),
                        _ => (rng.random_range(1..50), rng.random_range(1..50)),
                    };
                    let e = Entry {
                        phi,
                        delta,
                        work: rng.random_range(1..200),
                        ko: rng.random_range(0..4),
                    };
                    tt.put(key, e);
                    model.put(key, e);
                    assert_eq!(tt.len(), model.map.len(), "seed {seed}, step {step}");
                } else {
                    assert_eq!(
                        tt.get(key),
                        model.map.get(&key).copied(),
                        "seed {seed}, step {step}"
                    );
                }
                assert!(tt.len() <= tt.max_entries());
                assert!(tt.bytes() <= (bytes.max(1024 * ENTRY_BYTES)) + SLOT_BYTES);
            }
            assert!(
                tt.collections > 2,
                "seed {seed}: {} thinnings",
                tt.collections
            );
        }
    }
}
