//! A grid layout realising any n-ko of the model.

use std::sync::Arc;

use miai_goban::{Color, Graph, Setup};

use crate::Player;

use super::BoardError;

/// The largest `n` [`grid_setup`] builds: the board is `2n + 1` wide and
/// grids are at most 25 wide.
pub const MAX_LAYOUT_N: usize = 12;

/// The n-ko on a `(2n + 1) x 4` grid, every point occupied except one point
/// of each ko. `black_holds[i]` says ko `i` (counting from the left) is in
/// Black's shape.
///
/// ```text
///   X X X X X X X     row 4: Black's group (with the X of row 3)
///   X . X O X O X     row 3: the kos' Black points (p)
///   O X O . O . O     row 2: the kos' White points (q)
///   O O O O O O O     row 1: White's group (with the O of row 2)
/// ```
///
/// This is `(3, 1)`: Black has taken the left ko (his stone on B2, in atari;
/// B3 is his group's liberty), White the other two (her stones on D3, F3;
/// D2, F2 are her liberties). A ko's Black point touches only Black's group
/// and the ko's White point; its White point touches only White's group and
/// the Black point. No other point is empty, so no move exists but takes and
/// fills.
///
/// ```
/// use miai_goban::Rules;
/// use miai_nko::Player;
/// use miai_nko::board::{KoPosition, grid_setup};
/// let setup = grid_setup(&[true, false, false], Player::Black)?;
/// let position = setup.into_position(Rules::chinese())?;
/// let ko = KoPosition::recognise(&position)?;
/// assert_eq!((ko.n(), ko.m()), (3, 1));
/// # Ok::<(), miai_nko::board::BoardError>(())
/// ```
///
/// # Errors
/// [`BoardError::BadLayout`] unless `2 <= n <= MAX_LAYOUT_N` and both sides
/// hold at least one ko.
pub fn grid_setup(black_holds: &[bool], to_move: Player) -> Result<Setup, BoardError> {
    let n = black_holds.len();
    let m = black_holds.iter().filter(|&&b| b).count();
    if !(2..=MAX_LAYOUT_N).contains(&n) || m == 0 || m == n {
        return Err(BoardError::BadLayout {
            n,
            m,
            max_n: MAX_LAYOUT_N,
        });
    }
    let width = 2 * n + 1;
    let graph = Arc::new(Graph::grid(width, 4).map_err(|_| BoardError::BadLayout {
        n,
        m,
        max_n: MAX_LAYOUT_N,
    })?);
    let mut setup = Setup::empty(graph.clone());
    setup.to_move = match to_move {
        Player::Black => Color::Black,
        Player::White => Color::White,
    };
    for x in 0..width {
        for y in 0..4 {
            let stone = match (y, x % 2 == 1) {
                (0, _) | (1, false) => Some(Color::Black),
                // Ko (x - 1) / 2: the taker's stone sits on the point next
                // to the opposing group.
                (1, true) => (!black_holds[x / 2]).then_some(Color::White),
                (2, true) => black_holds[x / 2].then_some(Color::Black),
                _ => Some(Color::White),
            };
            if let Some(v) = graph.at(x, y) {
                setup.stones[v.index()] = stone;
            }
        }
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use miai_goban::{Diagram, Position, Rules};

    use super::*;

    #[test]
    fn draws_the_documented_diagram() {
        let setup = grid_setup(&[true, false, false], Player::Black).unwrap();
        let p = Position::from_setup(setup, Rules::chinese()).unwrap();
        let d = Diagram::from_position(&p).unwrap();
        assert_eq!(
            d.write_plain(),
            "X X X X X X X\nX . X O X O X\nO X O . O . O\nO O O O O O O\n"
        );
    }

    #[test]
    fn rejects_impossible_layouts() {
        assert!(grid_setup(&[true], Player::Black).is_err());
        assert!(grid_setup(&[true, true], Player::Black).is_err());
        assert!(grid_setup(&[false; 3], Player::White).is_err());
        let mut thirteen = [false; 13];
        thirteen[0] = true;
        assert!(grid_setup(&thirteen, Player::White).is_err());
        thirteen[0] = false;
        thirteen[12] = true;
        assert!(grid_setup(&thirteen[1..], Player::White).is_ok());
    }
}
