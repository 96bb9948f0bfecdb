//! Where a solve starts: a board and a position with the side to move,
//! read from goban's `.graph` text (stones and `to-move:` in it) or named
//! as a grid `WxH` (the empty board, Black to move).

use std::sync::Arc;

use miai_goban::{Color, Graph, GraphError, GraphText, GraphTextError};

use crate::board::Board;
use crate::error::GraphGoError;
use crate::stones::Stones;

/// A start that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The `.graph` text does not parse.
    #[error(transparent)]
    Text(#[from] GraphTextError),
    /// The graph is no grid goban builds.
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// The graph or its stones do not make a graph-Go position.
    #[error(transparent)]
    Board(#[from] GraphGoError),
    /// A grid not written `WxH`.
    #[error("{text:?}: expected WxH, e.g. 3x3")]
    GridSyntax {
        /// The text given.
        text: String,
    },
    /// A grid side that is not a number.
    #[error("{text:?}: bad {side}")]
    GridSide {
        /// The text given.
        text: String,
        /// `width` or `height`.
        side: &'static str,
        /// Why not.
        source: std::num::ParseIntError,
    },
}

/// A board, a position on it and the side to move.
#[derive(Debug, Clone)]
pub struct Start {
    /// The board.
    pub board: Board,
    /// The stones.
    pub stones: Stones,
    /// The side to move.
    pub to_move: Color,
}

impl Start {
    /// The position of a `.graph` text: its graph, its `black:`/`white:`
    /// stones and its `to-move:` (default Black).
    ///
    /// # Errors
    /// Text that does not parse, a graph too big or not connected, a
    /// chain without liberties.
    pub fn parse(text: &str) -> Result<Start, StartError> {
        let t = GraphText::parse(text)?;
        let board = Board::new(Arc::new(t.graph))?;
        let mut colors = vec![None; board.len()];
        for (v, c) in t.stones {
            colors[v.index()] = Some(c);
        }
        let stones = Stones::from_colors(&board, &colors)?;
        Ok(Start {
            board,
            stones,
            to_move: t.to_move.unwrap_or(Color::Black),
        })
    }

    /// The empty grid `WxH` (e.g. `3x3`), Black to move.
    ///
    /// ```
    /// let start = miai_graphgo::start::Start::grid("2x3")?;
    /// assert_eq!(start.board.len(), 6);
    /// # Ok::<(), miai_graphgo::start::StartError>(())
    /// ```
    ///
    /// # Errors
    /// Text not of the form `WxH`, a size goban or graph Go refuses.
    pub fn grid(text: &str) -> Result<Start, StartError> {
        let Some((w, h)) = text.split_once(['x', 'X']) else {
            return Err(StartError::GridSyntax {
                text: text.to_string(),
            });
        };
        let side = |s: &str, side| {
            s.trim()
                .parse::<usize>()
                .map_err(|source| StartError::GridSide {
                    text: text.to_string(),
                    side,
                    source,
                })
        };
        let graph = Graph::grid(side(w, "width")?, side(h, "height")?)?;
        Ok(Start {
            board: Board::new(Arc::new(graph))?,
            stones: Stones::EMPTY,
            to_move: Color::Black,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_text_gives_its_stones_and_side_to_move() {
        let s = Start::parse("a b\nb c\nblack: a\nwhite: c\nto-move: white\n").unwrap();
        assert_eq!(s.board.len(), 3);
        assert_eq!(s.stones.black.count_ones(), 1);
        assert_eq!(s.stones.white.count_ones(), 1);
        assert_eq!(s.to_move, Color::White);
        // A chain without liberties is refused.
        let err = Start::parse("a b\nblack: a\nwhite: b\n").unwrap_err();
        assert!(matches!(err, StartError::Board(_)), "{err}");
    }

    #[test]
    fn grids_are_wxh_and_checked() {
        let s = Start::grid("3X2").unwrap();
        assert_eq!(s.board.len(), 6);
        assert_eq!((s.stones, s.to_move), (Stones::EMPTY, Color::Black));
        assert!(Start::grid("3by3").unwrap_err().to_string().contains("WxH"));
        assert!(matches!(
            Start::grid("3xq"),
            Err(StartError::GridSide { side: "height", .. })
        ));
        assert!(Start::grid("0x3").is_err());
        assert!(
            Start::grid("9x9")
                .unwrap_err()
                .to_string()
                .contains("at most 64")
        );
    }
}
