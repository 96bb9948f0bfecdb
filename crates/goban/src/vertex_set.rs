//! Sets of vertices as fixed-size bitsets.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use crate::vertex::{MAX_VERTICES, Vertex};

const WORDS: usize = MAX_VERTICES / 64;

/// A set of vertices: a 1024-bit bitset, `Copy`, cheap to compare and hash.
/// Regions, chains, liberties and eyes are all `VertexSet`s.
///
/// ```
/// use miai_goban::{Vertex, VertexSet};
/// let mut set = VertexSet::new();
/// set.insert(Vertex::new(3).unwrap());
/// set.insert(Vertex::new(700).unwrap());
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(Vertex::index).collect::<Vec<_>>(), vec![3, 700]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VertexSet([u64; WORDS]);

impl Default for VertexSet {
    fn default() -> Self {
        VertexSet::new()
    }
}

impl VertexSet {
    /// The empty set.
    pub const fn new() -> VertexSet {
        VertexSet([0; WORDS])
    }

    /// The set `{0, 1, ..., n-1}` (all vertices of an `n`-vertex graph).
    pub fn first(n: usize) -> VertexSet {
        let mut set = VertexSet::new();
        let n = n.min(MAX_VERTICES);
        for (w, word) in set.0.iter_mut().enumerate() {
            let lo = w * 64;
            if n >= lo + 64 {
                *word = u64::MAX;
            } else if n > lo {
                *word = (1u64 << (n - lo)) - 1;
            }
        }
        set
    }

    /// Adds `v`; true if it was not there.
    #[inline]
    pub fn insert(&mut self, v: Vertex) -> bool {
        let (w, b) = (v.index() / 64, v.index() % 64);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] |= 1 << b;
        !had
    }

    /// Removes `v`; true if it was there.
    #[inline]
    pub fn remove(&mut self, v: Vertex) -> bool {
        let (w, b) = (v.index() / 64, v.index() % 64);
        let had = self.0[w] >> b & 1 == 1;
        self.0[w] &= !(1 << b);
        had
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: Vertex) -> bool {
        self.0[v.index() / 64] >> (v.index() % 64) & 1 == 1
    }

    /// The number of vertices in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The smallest vertex in the set.
    pub fn first_vertex(&self) -> Option<Vertex> {
        self.iter().next()
    }

    /// Whether every vertex of `self` is in `other`.
    pub fn is_subset(&self, other: &VertexSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// Whether the two sets share a vertex.
    pub fn intersects(&self, other: &VertexSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The vertices in increasing order.
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over a [`VertexSet`] in increasing order.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Iter {
    type Item = Vertex;

    #[inline]
    fn next(&mut self) -> Option<Vertex> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                let b = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Vertex::from_index(self.word * 64 + b));
            }
            self.word += 1;
        }
        None
    }
}

impl IntoIterator for VertexSet {
    type Item = Vertex;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &VertexSet {
    type Item = Vertex;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Vertex> for VertexSet {
    fn from_iter<I: IntoIterator<Item = Vertex>>(iter: I) -> Self {
        let mut set = VertexSet::new();
        for v in iter {
            set.insert(v);
        }
        set
    }
}

impl Extend<Vertex> for VertexSet {
    fn extend<I: IntoIterator<Item = Vertex>>(&mut self, iter: I) {
        for v in iter {
            self.insert(v);
        }
    }
}

impl BitOr for VertexSet {
    type Output = VertexSet;
    /// Union.
    fn bitor(mut self, rhs: VertexSet) -> VertexSet {
        self |= rhs;
        self
    }
}

impl BitOrAssign for VertexSet {
    fn bitor_assign(&mut self, rhs: VertexSet) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

impl BitAnd for VertexSet {
    type Output = VertexSet;
    /// Intersection.
    fn bitand(mut self, rhs: VertexSet) -> VertexSet {
        self &= rhs;
        self
    }
}

impl BitAndAssign for VertexSet {
    fn bitand_assign(&mut self, rhs: VertexSet) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl Sub for VertexSet {
    type Output = VertexSet;
    /// Set difference.
    fn sub(mut self, rhs: VertexSet) -> VertexSet {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= !b;
        }
        self
    }
}

impl Not for VertexSet {
    type Output = VertexSet;
    /// Complement within all [`MAX_VERTICES`] indices; intersect with
    /// [`VertexSet::first`] to stay inside a graph.
    fn not(mut self) -> VertexSet {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

impl fmt::Debug for VertexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Vertex::index))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn v(i: usize) -> Vertex {
        Vertex::from_index(i)
    }

    #[test]
    fn first_n() {
        assert_eq!(VertexSet::first(0).len(), 0);
        assert_eq!(VertexSet::first(65).len(), 65);
        assert_eq!(VertexSet::first(MAX_VERTICES).len(), MAX_VERTICES);
        assert!(VertexSet::first(70).contains(v(69)));
        assert!(!VertexSet::first(70).contains(v(70)));
    }

    proptest! {
        #[test]
        fn agrees_with_btreeset(a in proptest::collection::vec(0usize..MAX_VERTICES, 0..40),
                                b in proptest::collection::vec(0usize..MAX_VERTICES, 0..40)) {
            let sa: VertexSet = a.iter().map(|&i| v(i)).collect();
            let sb: VertexSet = b.iter().map(|&i| v(i)).collect();
            let ta: BTreeSet<usize> = a.iter().copied().collect();
            let tb: BTreeSet<usize> = b.iter().copied().collect();
            prop_assert_eq!(sa.iter().map(Vertex::index).collect::<Vec<_>>(), ta.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!((sa | sb).len(), ta.union(&tb).count());
            prop_assert_eq!((sa & sb).len(), ta.intersection(&tb).count());
            prop_assert_eq!((sa - sb).len(), ta.difference(&tb).count());
            prop_assert_eq!(sa.is_subset(&sb), ta.is_subset(&tb));
            prop_assert_eq!(sa.intersects(&sb), !ta.is_disjoint(&tb));
        }
    }
}
