//! Hash mixing shared by the solvers' transposition tables.

/// The splitmix64 finaliser: a bijective mix of 64 bits in which every input
/// bit affects every output bit. Tables index with its low bits, so keys
/// that differ only in their high bits still spread.
#[inline]
pub const fn mix64(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The splitmix64 generator step: the next state and its output. With a
/// fixed seed it gives reproducible Zobrist keys.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    (state, mix64(state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs of splitmix64 seeded with 0 (Vigna's reference
        // implementation).
        let (s, a) = splitmix64(0);
        let (_, b) = splitmix64(s);
        assert_eq!(a, 0xe220_a839_7b1d_cdaf);
        assert_eq!(b, 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn mix64_fixes_zero_and_spreads_one_bit() {
        assert_eq!(mix64(0), 0);
        // One input bit flips about half of the output bits.
        for bit in 0..64 {
            let d = (mix64(1 << bit) ^ mix64(0)).count_ones();
            assert!((16..=48).contains(&d), "bit {bit}: {d} bits differ");
        }
    }
}
