//! Set masks: which minimal winning sets are live, as a bitset over set
//! indices. Up to 128 sets it is a `u128` (the original, fastest search);
//! larger families (Snaky on 7 x 7 and beyond) use a fixed array of words.
//! The search is generic over the mask and monomorphised, so the `u128`
//! path is the same code as before.

use std::fmt::Debug;

/// A bitset over set indices `0..BITS`.
pub(crate) trait SetMask: Copy + Eq + Debug + 'static {
    /// How many sets the mask indexes.
    const BITS: usize;
    /// The empty mask.
    const ZERO: Self;
    /// Adds index `i` (`i < BITS`).
    fn insert(&mut self, i: usize);
    /// `self ⊆ other`.
    fn subset_of(self, other: Self) -> bool;
    /// A 64-bit digest for the table's bucket hash.
    fn fold(self) -> u64;
}

impl SetMask for u128 {
    const BITS: usize = 128;
    const ZERO: Self = 0;

    #[inline]
    fn insert(&mut self, i: usize) {
        *self |= 1 << i;
    }

    #[inline]
    fn subset_of(self, other: Self) -> bool {
        self & !other == 0
    }

    #[inline]
    fn fold(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).rotate_left(17)
    }
}

/// `64 * N` set indices.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> SetMask for Wide<N> {
    const BITS: usize = 64 * N;
    const ZERO: Self = Wide([0; N]);

    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    fn subset_of(self, other: Self) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    #[inline]
    fn fold(self) -> u64 {
        self.0
            .iter()
            .enumerate()
            .fold(0u64, |h, (k, &w)| h ^ w.rotate_left((17 * k as u32) % 64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_masks_agree_with_u128_on_the_low_bits() {
        let idx = [0usize, 1, 63, 64, 65, 127];
        let mut a = 0u128;
        let mut w = Wide::<4>::ZERO;
        for &i in &idx {
            a.insert(i);
            w.insert(i);
        }
        let mut b = a;
        let mut v = w;
        b.insert(5);
        v.insert(5);
        assert!(a.subset_of(b) && w.subset_of(v));
        assert!(!b.subset_of(a) && !v.subset_of(w));
        let mut x = w;
        x.insert(200);
        assert!(w.subset_of(x) && !x.subset_of(w));
        assert_ne!(x, w);
        assert_eq!(Wide::<4>::BITS, 256);
    }
}
