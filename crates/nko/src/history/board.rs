//! An explicit ko board: each of `n` kos is in Black's shape, in White's
//! shape, or filled (settled).

use crate::{Player, State};

/// The state of every ko. Bit `i` of `unfilled` says ko `i` is still open;
/// bit `i` of `black` (only for open kos) says it is in Black's shape (Black
/// took it last, so its empty point is Black's liberty). `filled_black`
/// records who filled each settled ko, which completes the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KoBoard {
    n: u32,
    unfilled: u32,
    black: u32,
    filled_black: u32,
}

impl KoBoard {
    /// The board of `state`: kos `0..m` in Black's shape, the rest in White's.
    ///
    /// # Panics
    /// Never for `state.n() <= 16`; larger `n` are not representable and the
    /// callers reject them first.
    #[must_use]
    pub fn from_state(state: State) -> Self {
        let n = state.n().min(16) as u32;
        Self {
            n,
            unfilled: (1 << n) - 1,
            black: (1 << state.m().min(16)) - 1,
            filled_black: 0,
        }
    }

    /// Number of kos, open or settled.
    #[must_use]
    pub fn n(self) -> u32 {
        self.n
    }

    /// Mask of open kos.
    #[must_use]
    pub fn unfilled(self) -> u32 {
        self.unfilled
    }

    /// Mask of open kos in Black's shape.
    #[must_use]
    pub fn black(self) -> u32 {
        self.black
    }

    /// Mask of settled kos filled by Black.
    #[must_use]
    pub fn filled_black(self) -> u32 {
        self.filled_black
    }

    fn held_mask(self, player: Player) -> u32 {
        match player {
            Player::Black => self.black,
            Player::White => self.unfilled & !self.black,
        }
    }

    /// The open kos in `player`'s shape: his group's liberties.
    pub fn kos_held_by(self, player: Player) -> impl Iterator<Item = u32> {
        let mask = self.held_mask(player);
        (0..self.n).filter(move |i| mask >> i & 1 == 1)
    }

    /// How many liberties `player`'s group has.
    #[must_use]
    pub fn kos_of(self, player: Player) -> u32 {
        self.held_mask(player).count_ones()
    }

    /// `player` takes ko `ko` (which must be in the opponent's shape).
    #[must_use]
    pub fn take(self, ko: u32, player: Player) -> Self {
        let bit = 1 << ko;
        Self {
            black: match player {
                Player::Black => self.black | bit,
                Player::White => self.black & !bit,
            },
            ..self
        }
    }

    /// `player` fills ko `ko` (which must be in his own shape).
    #[must_use]
    pub fn fill(self, ko: u32, player: Player) -> Self {
        let bit = 1 << ko;
        Self {
            unfilled: self.unfilled & !bit,
            black: self.black & !bit,
            filled_black: match player {
                Player::Black => self.filled_black | bit,
                Player::White => self.filled_black,
            },
            ..self
        }
    }

    /// A history holding only this position: a bit set indexed by the
    /// `black` mask (positions with the same settled kos differ only there).
    #[must_use]
    pub fn fresh_history(self) -> Vec<u64> {
        let mut h = vec![0u64; (1usize << self.n).div_ceil(64)];
        let i = self.black as usize;
        h[i >> 6] |= 1 << (i & 63);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_and_fill_move_liberties() {
        let b = KoBoard::from_state(State::new(5, 2, Player::Black).unwrap());
        assert_eq!((b.kos_of(Player::Black), b.kos_of(Player::White)), (2, 3));
        let t = b.take(4, Player::Black);
        assert_eq!((t.kos_of(Player::Black), t.kos_of(Player::White)), (3, 2));
        let f = t.fill(0, Player::Black);
        assert_eq!((f.kos_of(Player::Black), f.kos_of(Player::White)), (2, 2));
        assert_eq!(f.filled_black(), 1);
        assert_eq!(f.unfilled(), 0b11110);
        assert_eq!(f.fresh_history(), vec![1u64 << 0b10010]);
    }
}
