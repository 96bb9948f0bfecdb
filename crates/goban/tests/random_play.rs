//! Random games on several graphs, checked against a plain reference
//! implementation written here (flood fill on a `Vec<Option<Color>>`), and
//! against the invariants: incremental hash == recomputed hash, every chain
//! has a liberty, undo restores the position, superko never repeats.

use std::collections::HashSet;
use std::sync::Arc;

use miai_goban::{Color, Game, Graph, Illegal, Move, Position, Repetition, Rules, Suicide, Vertex};
use proptest::prelude::*;

/// The reference: the rules of Go spelt out as plainly as possible.
#[derive(Clone)]
struct Plain {
    adj: Vec<Vec<usize>>,
    board: Vec<Option<Color>>,
    ko: Option<(usize, Color)>,
    suicide: bool,
}

impl Plain {
    fn new(g: &Graph, suicide: bool) -> Plain {
        Plain {
            adj: g
                .vertices()
                .map(|v| g.neighbors(v).iter().map(|u| u.index()).collect())
                .collect(),
            board: vec![None; g.len()],
            ko: None,
            suicide,
        }
    }

    /// The chain through `v` and its number of liberties.
    fn chain(board: &[Option<Color>], adj: &[Vec<usize>], v: usize) -> (Vec<usize>, usize) {
        let c = board[v];
        let mut seen = vec![false; board.len()];
        let mut libs = vec![false; board.len()];
        let mut stack = vec![v];
        let mut stones = vec![];
        seen[v] = true;
        while let Some(x) = stack.pop() {
            stones.push(x);
            for &u in &adj[x] {
                if board[u].is_none() {
                    libs[u] = true;
                } else if board[u] == c && !seen[u] {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        (stones, libs.iter().filter(|&&l| l).count())
    }

    /// Plays on a copy; returns the result and the stones captured.
    fn after(&self, c: Color, v: usize) -> Result<(Plain, usize), Illegal> {
        if self.board[v].is_some() {
            return Err(Illegal::Occupied);
        }
        if self.ko == Some((v, c)) {
            return Err(Illegal::Ko);
        }
        let mut next = self.clone();
        next.board[v] = Some(c);
        let mut captured = vec![];
        for &u in &self.adj[v] {
            if next.board[u] == Some(c.opponent()) {
                let (stones, libs) = Plain::chain(&next.board, &next.adj, u);
                if libs == 0 {
                    for s in stones {
                        next.board[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, libs) = Plain::chain(&next.board, &next.adj, v);
        if libs == 0 {
            if !self.suicide {
                return Err(Illegal::Suicide);
            }
            for s in own.iter() {
                next.board[*s] = None;
            }
        }
        next.ko = None;
        if captured.len() == 1 && own.len() == 1 && libs == 1 {
            next.ko = Some((captured[0], c.opponent()));
        }
        Ok((next, captured.len()))
    }
}

fn random_graph(n: usize, edges: &[(usize, usize)]) -> Graph {
    let mut set = HashSet::new();
    let list: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(a, b)| (a % n, b % n))
        .filter(|&(a, b)| a != b && set.insert((a.min(b), a.max(b))))
        .collect();
    Graph::from_edges((0..n).map(|i| format!("v{i}")).collect(), &list).unwrap()
}

fn graphs(kind: u8, n: usize, edges: &[(usize, usize)]) -> Graph {
    match kind % 5 {
        0 => Graph::grid(5, 5).unwrap(),
        1 => Graph::torus(4, 4).unwrap(),
        2 => Graph::line(7).unwrap(),
        3 => Graph::grid(3, 4).unwrap(),
        _ => random_graph(n, edges),
    }
}

/// Plays the choices on both implementations and compares everything.
fn cross_check(graph: Graph, suicide: bool, choices: &[u16]) -> Result<(), TestCaseError> {
    let g = Arc::new(graph);
    let rules = Rules {
        suicide: if suicide {
            Suicide::Allowed
        } else {
            Suicide::Forbidden
        },
        repetition: Repetition::SimpleKo,
        ..Rules::chinese()
    };
    let mut fast = Position::empty(g.clone(), rules);
    let mut plain = Plain::new(&g, suicide);
    let mut color = Color::Black;
    for &choice in choices {
        let mut legal = vec![];
        for v in g.vertices() {
            let f = fast.check(color, v);
            let p = plain.after(color, v.index()).map(|_| ());
            prop_assert_eq!(f, p, "legality of {} at {}", color, v.index());
            if f.is_ok() {
                legal.push(v);
            }
        }
        let k = choice as usize % (legal.len() + 1);
        if k == legal.len() {
            fast.pass(color);
            plain.ko = None;
        } else {
            let v = legal[k];
            let (next, captured) = plain.after(color, v.index()).unwrap();
            let info = fast.play_mut(color, Move::Play(v)).unwrap();
            prop_assert_eq!(info.captured as usize, captured);
            plain = next;
        }
        prop_assert_eq!(fast.stones(), plain.board.clone());
        prop_assert_eq!(fast.hash(), fast.recompute_hash());
        for v in g.vertices() {
            if plain.board[v.index()].is_some() {
                let (stones, libs) = Plain::chain(&plain.board, &plain.adj, v.index());
                prop_assert!(libs > 0, "a chain without liberties");
                prop_assert_eq!(fast.liberty_count(v), libs);
                prop_assert_eq!(fast.chain_size(v), stones.len());
                prop_assert_eq!(fast.atari_liberty(v).is_some(), libs == 1);
            }
        }
        if let Err(e) = fast.validate() {
            return Err(TestCaseError::fail(e));
        }
        color = color.opponent();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fast_board_agrees_with_plain_rules(
        kind in 0u8..5,
        n in 4usize..14,
        edges in proptest::collection::vec((0usize..14, 0usize..14), 0..30),
        suicide in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        cross_check(graphs(kind, n, &edges), suicide, &choices)?;
    }

    #[test]
    fn undo_restores_exactly(
        kind in 0u8..5,
        n in 4usize..14,
        edges in proptest::collection::vec((0usize..14, 0usize..14), 0..30),
        choices in proptest::collection::vec(any::<u16>(), 0..80),
    ) {
        let g = Arc::new(graphs(kind, n, &edges));
        let mut game = Game::new(Position::empty(g, Rules::tromp_taylor()));
        let mut trail = vec![game.position().clone()];
        for &c in &choices {
            let moves = game.legal_moves(game.position().to_move());
            let mv = moves[c as usize % moves.len()];
            game.play(mv).unwrap();
            trail.push(game.position().clone());
        }
        while game.undo().is_some() {
            trail.pop();
            prop_assert_eq!(game.position(), trail.last().unwrap());
            prop_assert_eq!(game.position().hash(), trail.last().unwrap().hash());
        }
        prop_assert_eq!(trail.len(), 1);
    }

    #[test]
    fn a_game_without_undo_plays_the_same(
        kind in 0u8..5,
        n in 4usize..12,
        edges in proptest::collection::vec((0usize..12, 0usize..12), 0..24),
        situational in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..150),
    ) {
        // Same legal moves (superko included: the history is kept), same
        // positions, but no undo.
        let g = Arc::new(graphs(kind, n, &edges));
        let rules = Rules {
            repetition: if situational {
                Repetition::SituationalSuperko
            } else {
                Repetition::PositionalSuperko
            },
            ..Rules::chinese()
        };
        let mut full = Game::new(Position::empty(g.clone(), rules));
        let mut lean = Game::new(Position::empty(g, rules)).without_undo();
        for &c in &choices {
            let color = full.position().to_move();
            let moves = full.legal_moves(color);
            prop_assert_eq!(&moves, &lean.legal_moves(color));
            let mv = moves[c as usize % moves.len()];
            full.play(mv).unwrap();
            lean.play(mv).unwrap();
            prop_assert_eq!(full.position(), lean.position());
        }
        prop_assert_eq!(full.history(), lean.history());
        prop_assert!(lean.undo().is_none());
    }

    #[test]
    fn superko_never_repeats(
        kind in 0u8..5,
        n in 4usize..10,
        edges in proptest::collection::vec((0usize..10, 0usize..10), 0..20),
        situational in any::<bool>(),
        suicide in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 0..150),
    ) {
        let g = Arc::new(graphs(kind, n, &edges));
        let rules = Rules {
            suicide: if suicide { Suicide::Allowed } else { Suicide::Forbidden },
            repetition: if situational { Repetition::SituationalSuperko } else { Repetition::PositionalSuperko },
            ..Rules::chinese()
        };
        let mut game = Game::new(Position::empty(g, rules));
        let mut seen: Vec<(Vec<Option<Color>>, Color)> = vec![(game.position().stones(), game.position().to_move())];
        for &c in &choices {
            let color = game.position().to_move();
            let moves = game.legal_moves(color);
            // Mostly plays: passes only when nothing else is legal or rarely.
            let plays: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
            let mv = if plays.is_empty() || c % 17 == 0 { Move::Pass } else { plays[c as usize % plays.len()] };
            game.play(mv).unwrap();
            let now = (game.position().stones(), game.position().to_move());
            if let Move::Play(_) = mv {
                let repeated = if situational {
                    seen.contains(&now)
                } else {
                    seen.iter().any(|s| s.0 == now.0)
                };
                prop_assert!(!repeated, "a superko rule let a position repeat");
            }
            seen.push(now);
        }
        // And every play refused for superko does repeat.
        let color = game.position().to_move();
        for v in game.position().graph().vertices() {
            if game.position().check(color, v).is_ok() && game.check(color, Move::Play(v)).is_err() {
                let mut p = game.position().clone();
                p.play_unchecked(color, v);
                let now = (p.stones(), p.to_move());
                prop_assert!(seen.iter().any(|s| s.0 == now.0 && (!situational || s.1 == now.1)));
            }
        }
    }
}

#[test]
fn vertex_out_of_range_is_an_error() {
    let g = Arc::new(Graph::grid(3, 3).unwrap());
    let p = Position::empty(g, Rules::chinese());
    assert_eq!(
        p.check(Color::Black, Vertex::new(9).unwrap()),
        Err(Illegal::OffBoard)
    );
}
