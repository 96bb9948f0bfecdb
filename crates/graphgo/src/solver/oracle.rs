//! A history-free estimate of the value of every position of a small
//! board (issue 20, thirteenth session): df-pn's first proof and
//! disproof numbers on lines ([`super::SolveOptions::dfpn_oracle`]).
//!
//! Every legal colouring of the board (at most [`ORACLE_MAX_VERTICES`]
//! points: 3^13 colourings) is enumerated with its plays for both
//! colours, and the depth-`k` minimax of the area score is computed for
//! all positions at once by `k` rounds of value iteration (a position is
//! the colouring, the player to move and whether the last move was a
//! pass; two passes end the game with the area score). No repetition
//! rule but, optionally, a ban on retaking a single-stone ko at once
//! ([`super::SolveOptions::dfpn_oracle_ko`]): the estimate ignores
//! superko and the history.
//!
//! It is **only an estimate**: it orders df-pn's work and decides
//! nothing (a number it gives is never 0 or infinite), so it cannot make
//! a result wrong, only the search longer or shorter.

use miai_goban::Color;

use crate::board::Board;
use crate::stones::Stones;

/// The largest board the estimate is built for (3^13 = 1,594,323
/// colourings: about 0.4 s to build; the successor lists, freed after
/// the build, take 12 bytes a play, the estimate kept 4 bytes a
/// colouring).
pub const ORACLE_MAX_VERTICES: usize = 13;

/// The depth of the minimax the estimate is (rounds of value iteration).
pub const ORACLE_DEPTH: usize = 24;

/// No ko state ([`Next::ko`]).
const NO_KO: u32 = u32::MAX;

/// A play in the successor lists.
struct Next {
    /// The colouring after it.
    child: u32,
    /// The ko state it leads to (the opponent may not retake at once),
    /// or [`NO_KO`].
    ko: u32,
    /// Where it was played.
    vertex: u8,
}

/// The estimate for every position of one board.
#[derive(Debug)]
pub struct Oracle {
    /// Index contribution of each byte of the Black (`[0]`) and White
    /// (`[1]`) masks: `digit(v) * 3^v`, Black digit 1, White 2.
    byte_index: [Vec<[u32; 256]>; 2],
    /// `value[4 * index + 2 * passed + to_move]` (to_move: 0 Black, 1
    /// White), Black's view.
    value: Vec<i8>,
}

impl Oracle {
    /// The estimate for `board`, or `None` when it has more than
    /// [`ORACLE_MAX_VERTICES`] points. `depth` rounds of value iteration;
    /// with `ko`, an immediate retake of a single-stone ko is forbidden
    /// (the estimate's only repetition rule).
    pub fn build(board: &Board, depth: usize, ko: bool) -> Option<Oracle> {
        let n = board.len();
        if n > ORACLE_MAX_VERTICES || n == 0 {
            return None;
        }
        let nbytes = n.div_ceil(8);
        let pow3: Vec<u32> = (0..n).map(|v| 3u32.pow(v as u32)).collect();
        let mut byte_index = [vec![[0u32; 256]; nbytes], vec![[0u32; 256]; nbytes]];
        for (c, tables) in byte_index.iter_mut().enumerate() {
            for (j, table) in tables.iter_mut().enumerate() {
                for (byte, slot) in table.iter_mut().enumerate() {
                    *slot = (0..8)
                        .filter(|&i| byte >> i & 1 == 1 && 8 * j + i < n)
                        .map(|i| (c as u32 + 1) * pow3[8 * j + i])
                        .sum();
                }
            }
        }
        let total = 3usize.pow(n as u32);
        let decode = |mut idx: usize| -> Stones {
            let mut s = Stones::EMPTY;
            for v in 0..n {
                match idx % 3 {
                    1 => s.black |= 1 << v,
                    2 => s.white |= 1 << v,
                    _ => {}
                }
                idx /= 3;
            }
            s
        };
        let index_of = |s: Stones| colouring_index(&byte_index, s);
        // Successors by colour: CSR over 2 * index + colour; with `ko`,
        // a play that takes one stone and leaves its lone stone in atari
        // leads to a ko state, where the recapture is forbidden.
        let mut start = Vec::with_capacity(2 * total + 1);
        let mut next: Vec<Next> = Vec::new();
        let mut area = vec![0i8; total];
        let mut legal = vec![false; total];
        let mut ko_states: Vec<(u32, u8, u8)> = Vec::new();
        let mut ko_ids: std::collections::HashMap<(u32, u8, u8), u32> =
            std::collections::HashMap::new();
        for (idx, slot) in area.iter_mut().enumerate() {
            let s = decode(idx);
            let ok = s.chain_without_liberty(board).is_none();
            legal[idx] = ok;
            for color in Color::ALL {
                start.push(next.len() as u32);
                if !ok {
                    continue;
                }
                let mut empty = s.empty(board);
                while empty != 0 {
                    let v = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    if let Some(p) = s.play(board, color, v) {
                        let child = index_of(p.stones) as u32;
                        let mut ko_id = NO_KO;
                        if ko
                            && p.captured.count_ones() == 1
                            && board.neighbors(v) & p.stones.of(color) == 0
                            && p.stones.liberties(board, 1 << v) == p.captured
                        {
                            let q = p.captured.trailing_zeros() as u8;
                            let key = (child, color.opponent().index() as u8, q);
                            let fresh_id = ko_states.len() as u32;
                            ko_id = *ko_ids.entry(key).or_insert(fresh_id);
                            if ko_id == fresh_id {
                                ko_states.push(key);
                            }
                        }
                        next.push(Next {
                            child,
                            ko: ko_id,
                            vertex: v as u8,
                        });
                    }
                }
            }
            if ok {
                *slot = s.area_score(board) as i8;
            }
        }
        start.push(next.len() as u32);
        // Depth 0: the area score everywhere.
        let mut value = vec![0i8; 4 * total];
        for idx in 0..total {
            value[4 * idx..4 * idx + 4].fill(area[idx]);
        }
        let mut ko_value: Vec<i8> = ko_states.iter().map(|k| area[k.0 as usize]).collect();
        let mut fresh = value.clone();
        let mut ko_fresh = ko_value.clone();
        // The best play of `to_move` at `idx` (none at `banned`), by the
        // last round's values.
        let best_play = |value: &[i8], ko_value: &[i8], idx: usize, to_move: usize, banned: u8| {
            let black = to_move == 0;
            let other = 1 - to_move;
            let mut best = if black { i8::MIN } else { i8::MAX };
            for k in &next[start[2 * idx + to_move] as usize..start[2 * idx + to_move + 1] as usize]
            {
                if k.vertex == banned {
                    continue;
                }
                let v = if k.ko == NO_KO {
                    value[4 * k.child as usize + other]
                } else {
                    ko_value[k.ko as usize]
                };
                best = if black { best.max(v) } else { best.min(v) };
            }
            best
        };
        for _ in 0..depth {
            for idx in 0..total {
                if !legal[idx] {
                    continue;
                }
                for to_move in 0..2usize {
                    let black = to_move == 0;
                    let other = 1 - to_move;
                    let best = best_play(&value, &ko_value, idx, to_move, u8::MAX);
                    for passed in 0..2usize {
                        // The pass: ends the game after a pass, else
                        // hands the move over with the pass flag set.
                        let pass = if passed == 1 {
                            area[idx]
                        } else {
                            value[4 * idx + 2 + other]
                        };
                        let b = if black {
                            best.max(pass)
                        } else {
                            best.min(pass)
                        };
                        fresh[4 * idx + 2 * passed + to_move] = b;
                    }
                }
            }
            for (i, &(idx, to_move, q)) in ko_states.iter().enumerate() {
                let (idx, to_move) = (idx as usize, usize::from(to_move));
                let best = best_play(&value, &ko_value, idx, to_move, q);
                let pass = value[4 * idx + 2 + (1 - to_move)];
                ko_fresh[i] = if to_move == 0 {
                    best.max(pass)
                } else {
                    best.min(pass)
                };
            }
            std::mem::swap(&mut value, &mut fresh);
            std::mem::swap(&mut ko_value, &mut ko_fresh);
        }
        Some(Oracle { byte_index, value })
    }

    /// The estimate of the position (Black's view): its depth-`d`
    /// minimax value, repetitions allowed.
    pub fn estimate(&self, stones: Stones, to_move: Color, passed: bool) -> i32 {
        let idx = colouring_index(&self.byte_index, stones);
        let t = usize::from(to_move == Color::White);
        i32::from(self.value[4 * idx + 2 * usize::from(passed) + t])
    }
}

/// The index of a colouring (`sum of digit(v) * 3^v`, Black 1, White 2),
/// a byte of each colour's mask at a time.
fn colouring_index(byte_index: &[Vec<[u32; 256]>; 2], s: Stones) -> usize {
    let mut idx = 0u32;
    for (j, (black, white)) in byte_index[0].iter().zip(&byte_index[1]).enumerate() {
        idx += black[(s.black >> (8 * j)) as usize & 0xff];
        idx += white[(s.white >> (8 * j)) as usize & 0xff];
    }
    idx as usize
}
