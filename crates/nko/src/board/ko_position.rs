//! Recognising an n-ko of the model in a Go position.

use miai_goban::{Color, Position, Repetition, Vertex, VertexSet};

use crate::{Player, State, StateError};

use super::BoardError;

/// One ko between the two racing groups: the point next to Black's group
/// and the point next to White's group. Exactly one of them holds a stone
/// (the stone in atari), the other is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ko {
    /// The point whose other neighbours all belong to Black's group (`p` in
    /// the crate docs). Empty when the ko is in Black's shape (then it is a
    /// liberty of Black's group), a White stone in atari otherwise.
    pub black_point: Vertex,
    /// The point whose other neighbours all belong to White's group (`q`).
    /// Empty when the ko is in White's shape, a Black stone in atari
    /// otherwise.
    pub white_point: Vertex,
}

/// A Go position recognised as an n-ko of the model: one Black group and one
/// White group without eyes, whose only liberties are `n` kos between them,
/// and nothing else to play (every empty point is a ko point). See the
/// [module docs](super) for the conditions.
#[derive(Clone, Debug)]
pub struct KoPosition {
    position: Position,
    kos: Vec<Ko>,
    black_group: Vertex,
    white_group: Vertex,
}

fn player(color: Color) -> Player {
    match color {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

impl KoPosition {
    /// Checks that `position` is an n-ko of the model and finds its kos.
    ///
    /// The racing group of each colour is its one chain that is not a
    /// single stone in atari; every single stone in atari must be a ko stone
    /// (its other neighbours in the opposing group, its liberty's other
    /// neighbours in its own colour's group); every empty point must be the
    /// liberty of a ko stone. The rules must be positional superko.
    ///
    /// # Errors
    /// [`BoardError`] naming the first condition that fails and where.
    pub fn recognise(position: &Position) -> Result<Self, BoardError> {
        let rules = position.rules();
        if rules.repetition != Repetition::PositionalSuperko {
            return Err(BoardError::NotPositionalSuperko {
                found: format!("{:?}", rules.repetition),
            });
        }
        let graph = position.graph();
        let name = |v: Vertex| graph.vertex_name(v);
        let chains = position.chains();
        let is_ko_stone = |c: &miai_goban::Chain| c.stones.len() == 1 && c.liberties.len() == 1;
        let mut groups = [None::<Vertex>, None];
        for chain in chains.iter().filter(|c| !is_ko_stone(c)) {
            let slot = &mut groups[chain.color.index()];
            if let Some(first) = *slot {
                return Err(BoardError::SeveralGroups {
                    color: chain.color,
                    first: name(first),
                    second: name(chain.anchor()),
                });
            }
            *slot = Some(chain.anchor());
        }
        let [Some(black_group), Some(white_group)] = groups else {
            let color = if groups[0].is_none() {
                Color::Black
            } else {
                Color::White
            };
            return Err(BoardError::NoGroup { color });
        };
        let stones_of = |c: Color| match c {
            Color::Black => position.chain_stones(black_group),
            Color::White => position.chain_stones(white_group),
        };
        let mut kos = Vec::new();
        let mut ko_liberties = VertexSet::new();
        for chain in chains.iter().filter(|c| is_ko_stone(c)) {
            let stone = chain.anchor();
            let color = chain.color;
            let fail = |reason| BoardError::NotAKo {
                color,
                vertex: name(stone),
                reason,
            };
            let Some(liberty) = chain.liberties.first_vertex() else {
                return Err(fail("it has no liberty"));
            };
            // The stone sits against the opposing group: capturing it gives
            // that group a liberty and nobody else one.
            let enemy = stones_of(color.opponent());
            if !graph
                .neighbors(stone)
                .iter()
                .all(|&u| u == liberty || enemy.contains(u))
            {
                return Err(fail(
                    "its neighbours other than its liberty are not all stones of the opposing group",
                ));
            }
            // Its liberty sits against its own colour's group: the empty
            // point is that group's liberty, and a stone played there by
            // the opponent is alone in atari.
            let own = stones_of(color);
            if !graph
                .neighbors(liberty)
                .iter()
                .all(|&u| u == stone || own.contains(u))
            {
                return Err(fail(
                    "the neighbours of its liberty other than itself are not all stones of its own colour's group",
                ));
            }
            ko_liberties.insert(liberty);
            kos.push(match color {
                Color::Black => Ko {
                    black_point: liberty,
                    white_point: stone,
                },
                Color::White => Ko {
                    black_point: stone,
                    white_point: liberty,
                },
            });
        }
        if let Some(stray) = position.empty_points().find(|&v| !ko_liberties.contains(v)) {
            return Err(BoardError::StrayEmptyPoint {
                vertex: name(stray),
            });
        }
        kos.sort_by_key(|k| k.black_point.index().min(k.white_point.index()));
        Ok(Self {
            position: position.clone(),
            kos,
            black_group,
            white_group,
        })
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The kos, in board order.
    #[must_use]
    pub fn kos(&self) -> &[Ko] {
        &self.kos
    }

    /// Who has the ko in his shape (whose group's liberty it is).
    #[must_use]
    pub fn holder(&self, ko: Ko) -> Player {
        if self.position.color_at(ko.black_point).is_none() {
            Player::Black
        } else {
            Player::White
        }
    }

    /// A stone of `player`'s racing group (its first in vertex order).
    #[must_use]
    pub fn group(&self, player: Player) -> Vertex {
        match player {
            Player::Black => self.black_group,
            Player::White => self.white_group,
        }
    }

    /// All ko points: the only points anyone can ever play.
    #[must_use]
    pub fn ko_region(&self) -> VertexSet {
        let mut region = VertexSet::new();
        for ko in &self.kos {
            region.insert(ko.black_point);
            region.insert(ko.white_point);
        }
        region
    }

    /// The number of kos, `n`.
    #[must_use]
    pub fn n(&self) -> u64 {
        self.kos.len() as u64
    }

    /// The number of kos in Black's shape, `m`.
    #[must_use]
    pub fn m(&self) -> u64 {
        self.kos
            .iter()
            .filter(|&&k| self.holder(k) == Player::Black)
            .count() as u64
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        player(self.position.to_move())
    }

    /// The model's state `(n, m, t)` of this position.
    ///
    /// # Errors
    /// [`StateError`] only if `n` exceeds [`crate::MAX_N`], which no board
    /// reaches.
    pub fn state(&self) -> Result<State, StateError> {
        State::new(self.n(), self.m(), self.to_move())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::diagram::Placement;
    use miai_goban::{Diagram, Graph, Position, Rules, Setup};

    use super::*;

    fn position(diagram: &str, rules: Rules) -> Position {
        let placed = Diagram::parse_plain(diagram)
            .unwrap()
            .place(Placement::default())
            .unwrap();
        Position::from_setup(placed.setup, rules).unwrap()
    }

    const THREE_ONE: &str = "\
X X X X X X X
X . X O X O X
O X O . O . O
O O O O O O O
";

    #[test]
    fn recognises_a_three_ko() {
        let k = KoPosition::recognise(&position(THREE_ONE, Rules::chinese())).unwrap();
        assert_eq!((k.n(), k.m()), (3, 1));
        let g = k.position().graph().clone();
        let names: Vec<_> = k
            .kos()
            .iter()
            .map(|ko| (g.vertex_name(ko.black_point), g.vertex_name(ko.white_point)))
            .collect();
        assert_eq!(
            names,
            [("B3", "B2"), ("D3", "D2"), ("F3", "F2")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        assert_eq!(k.holder(k.kos()[0]), Player::Black);
        assert_eq!(k.holder(k.kos()[2]), Player::White);
        assert_eq!(k.ko_region().len(), 6);
        assert_eq!(k.state().unwrap(), State::new(3, 1, Player::Black).unwrap());
    }

    #[test]
    fn rejects_what_is_not_the_model() {
        let chinese = Rules::chinese();
        // A spare empty point (C5: Black's group gets a liberty, and either
        // side a tempo).
        let stray = "X X . X X\nX X X X X\nX . X O X\nO X O . O\nO O O O O\n";
        assert!(matches!(
            KoPosition::recognise(&position(stray, chinese)),
            Err(BoardError::StrayEmptyPoint { .. })
        ));
        // Simple ko only.
        assert!(matches!(
            KoPosition::recognise(&position(THREE_ONE, Rules::japanese())),
            Err(BoardError::NotPositionalSuperko { .. })
        ));
        // Two White groups (the bottom row cut by a Black stone on D1).
        let cut = "X X X X X X X\nX . X O X O X\nO X O . O . O\nO O O X O O O\n";
        assert!(matches!(
            KoPosition::recognise(&position(cut, chinese)),
            Err(BoardError::SeveralGroups {
                color: Color::White,
                ..
            })
        ));
        // A shared liberty (D3 touches both groups): not a ko point.
        let bad = "X X X X X\nX . X . X\nO X O O O\nO O O O O\n";
        assert_eq!(
            KoPosition::recognise(&position(bad, chinese)).unwrap_err(),
            BoardError::StrayEmptyPoint {
                vertex: "D3".into()
            }
        );
    }

    #[test]
    fn a_graph_board_is_recognised_too() {
        // Two kos on an explicit graph: Black group b0-b1, White group
        // w0-w1; kos (p0, q0) and (p1, q1). Black holds ko 0.
        let names = ["b0", "b1", "w0", "w1", "p0", "q0", "p1", "q1"].map(String::from);
        let edges = [
            (0, 1),
            (2, 3),
            (0, 2),
            (0, 4),
            (4, 5),
            (5, 2),
            (1, 6),
            (6, 7),
            (7, 3),
        ];
        let g = Arc::new(Graph::from_edges(names.to_vec(), &edges).unwrap());
        let mut s = Setup::empty(g);
        for (i, c) in [
            (0, Color::Black),
            (1, Color::Black),
            (2, Color::White),
            (3, Color::White),
        ] {
            s.stones[i] = Some(c);
        }
        s.stones[5] = Some(Color::Black); // Black took ko 0: stone on q0.
        s.stones[6] = Some(Color::White); // White took ko 1: stone on p1.
        let p = Position::from_setup(s, Rules::chinese()).unwrap();
        let k = KoPosition::recognise(&p).unwrap();
        assert_eq!((k.n(), k.m()), (2, 1));
    }
}
