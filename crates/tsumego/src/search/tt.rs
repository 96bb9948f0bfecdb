//! The transposition table: bounded, keyed by state and query.
//!
//! Only two kinds of values enter it: unproven proof and disproof numbers
//! (estimates: any value is safe, a wrong one only slows the search) and
//! results whose proof never looked at a state above the node it proves
//! (history-free, see `search`). A result that depended on the line that
//! reached it is kept by its parent's child list only, never here.

use rustc_hash::FxHashMap;

/// One stored node: (phi, delta) from the view of the player to move there,
/// and the work (nodes) spent on it, to choose what to forget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub phi: u32,
    pub delta: u32,
    pub work: u32,
}

/// The table: a hash map bounded by entries; when full, the cheapest half
/// of the unproven entries (and then of all) is forgotten.
#[derive(Debug)]
pub(crate) struct Tt {
    map: FxHashMap<u64, Entry>,
    max_entries: usize,
    /// Times the table was thinned.
    pub collections: u32,
}

/// Bytes one entry takes in the map (key, value, control byte, slack).
pub(crate) const ENTRY_BYTES: usize = 40;

impl Tt {
    /// A table holding at most `bytes / ENTRY_BYTES` entries.
    pub fn new(bytes: usize) -> Tt {
        Tt {
            map: FxHashMap::default(),
            max_entries: (bytes / ENTRY_BYTES).max(1024),
            collections: 0,
        }
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.map.get(&key).copied()
    }

    /// Stores an entry; a proven entry is never replaced by an unproven one.
    pub fn put(&mut self, key: u64, e: Entry) {
        if let Some(old) = self.map.get_mut(&key) {
            let old_proven = old.phi == 0 || old.delta == 0;
            let new_proven = e.phi == 0 || e.delta == 0;
            if old_proven && !new_proven {
                return;
            }
            *old = e;
            return;
        }
        if self.map.len() >= self.max_entries {
            self.collect();
        }
        self.map.insert(key, e);
    }

    /// Forgets about half the entries: the least worked-on unproven ones
    /// first.
    fn collect(&mut self) {
        self.collections += 1;
        let mut works: Vec<u32> = self
            .map
            .values()
            .filter(|e| e.phi != 0 && e.delta != 0)
            .map(|e| e.work)
            .collect();
        let target = self.max_entries / 2;
        if works.len() >= target {
            let k = works.len() - target;
            let i = k.min(works.len() - 1);
            let (_, cut, _) = works.select_nth_unstable(i);
            let cut = *cut;
            self.map
                .retain(|_, e| e.phi == 0 || e.delta == 0 || e.work > cut);
        }
        if self.map.len() >= target {
            let mut all: Vec<u32> = self.map.values().map(|e| e.work).collect();
            let k = all.len() - target;
            let i = k.min(all.len() - 1);
            let (_, cut, _) = all.select_nth_unstable(i);
            let cut = *cut;
            self.map.retain(|_, e| e.work > cut);
        }
    }

    /// The most entries the table holds.
    pub fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }
}
