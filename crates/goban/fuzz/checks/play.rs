//! Bytes as moves on a small board: the incremental hash equals the
//! recomputed one and the internal bookkeeping stays consistent.

use std::sync::Arc;

use miai_goban::{Graph, Move, Position, Rules, Vertex};

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Some((&size, moves)) = data.split_first() else {
        return;
    };
    let side = 2 + usize::from(size % 6);
    let Ok(g) = Graph::grid(side, side) else {
        return;
    };
    let mut pos = Position::empty(Arc::new(g), Rules::tromp_taylor());
    for &b in moves {
        let color = pos.to_move();
        let mv = match Vertex::new(usize::from(b)) {
            Some(v) if v.index() < side * side => Move::Play(v),
            _ => Move::Pass,
        };
        let _ = pos.play_mut(color, mv);
        assert_eq!(pos.hash(), pos.recompute_hash());
    }
    assert!(pos.validate().is_ok());
}
