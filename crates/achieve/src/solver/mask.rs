//! Set masks: which minimal winning sets are live, as a bitset over set
//! indices. Up to 128 sets it is a `u128` (the original, fastest search);
//! larger families (Snaky on 7 x 7 and beyond) use a fixed array of words.
//! The search is generic over the mask and monomorphised, so the `u128`
//! path is the same code as before.

use std::fmt::Debug;

/// A bitset over set indices `0..BITS`.
pub(crate) trait SetMask: Copy + Eq + Ord + Debug + 'static {
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
    /// The image under the index permutation `perm` (index `i` goes to
    /// `perm[i]`).
    fn permute(self, perm: &[u16]) -> Self;
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

    #[inline]
    fn permute(self, perm: &[u16]) -> Self {
        let mut out = 0u128;
        let mut s = self;
        while s != 0 {
            out |= 1 << perm[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        out
    }
}

/// `64 * N` set indices.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
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

    #[inline]
    fn permute(self, perm: &[u16]) -> Self {
        let mut out = Self::ZERO;
        for (k, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                out.insert(usize::from(perm[64 * k + w.trailing_zeros() as usize]));
                w &= w - 1;
            }
        }
        out
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

    #[test]
    fn permuting_agrees_between_widths() {
        // A rotation of 200 indices by 3 (mod 200).
        let perm: Vec<u16> = (0..256u16)
            .map(|i| if i < 200 { (i + 3) % 200 } else { i })
            .collect();
        let idx = [0usize, 1, 63, 64, 65, 127, 198];
        let (mut a, mut w) = (0u128, Wide::<4>::ZERO);
        for &i in &idx {
            if i < 128 {
                a.insert(i);
            }
            w.insert(i);
        }
        let wp = w.permute(&perm);
        let mut expect = Wide::<4>::ZERO;
        for &i in &idx {
            expect.insert(usize::from(perm[i]));
        }
        assert_eq!(wp, expect);
        // The same rotation restricted to 128 indices, on a `u128`.
        let short: Vec<u16> = (0..128u16).map(|i| (i + 3) % 128).collect();
        let want = idx
            .iter()
            .filter(|&&i| i < 128)
            .fold(0u128, |m, &i| m | 1 << short[i]);
        assert_eq!(a.permute(&short), want);
    }
}
