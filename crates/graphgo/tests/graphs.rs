//! Ultimate positions and outcome classes on non-grid graphs, checked by
//! hand from the seed's definitions (each case says why), and the seed's
//! lemma as a property over random graphs.

use std::sync::Arc;

use miai_goban::Graph;
use miai_graphgo::{Board, Class, GraphGoError, Stones, chinese, outcome, ultimate};
use proptest::prelude::*;

fn graph(n: usize, edges: &[(usize, usize)]) -> Board {
    let g = Graph::from_edges((0..n).map(|i| format!("v{i}")).collect(), edges).unwrap();
    Board::new(Arc::new(g)).unwrap()
}

fn bits(vs: &[usize]) -> u64 {
    vs.iter().fold(0, |a, &v| a | 1 << v)
}

#[test]
fn cycle_c4_two_eyes() {
    // C4 = v0-v1-v2-v3-v0, Black on v0 and v2. White at v1 (or v3) has no
    // liberty and captures nothing (Black keeps v3): forbidden. Black at v1
    // makes the chain {v0,v1,v2} with the single liberty v3. So ultimate,
    // E_B = {v1, v3}, and every class is B.
    let b = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
    let s = Stones {
        black: bits(&[0, 2]),
        white: 0,
    };
    let e = ultimate::eyes(&b, &s).expect("ultimate");
    assert_eq!((e.black, e.white), (bits(&[1, 3]), 0));
    assert_eq!(
        outcome::classes(&b, &[s], 10_000).unwrap(),
        vec![Class::B; 4]
    );
    // Chinese score: all four vertices Black's, White minus Black = -4.
    let c = outcome::classes(&b, &[s], 10_000).unwrap();
    assert!(chinese::is_countable(&b, &s, &c));
    assert_eq!(chinese::score(&s, &c), -4);
    assert!(!chinese::white_wins(-4, 0.0));
}

#[test]
fn complete_bipartite_k23() {
    // K2,3: a0=v0, a1=v1 joined to b0..b2 = v2..v4. White on b0..b2: each
    // b is its own chain with liberties {a0, a1}. Black at a0: no liberty,
    // captures nothing (the b's keep a1): forbidden. White at a0 joins all
    // into one chain with the single liberty a1. Ultimate with E_W = {a0,a1}.
    let b = graph(5, &[(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)]);
    let s = Stones {
        black: 0,
        white: bits(&[2, 3, 4]),
    };
    let e = ultimate::eyes(&b, &s).expect("ultimate");
    assert_eq!((e.black, e.white), (0, bits(&[0, 1])));
    assert_eq!(
        outcome::classes(&b, &[s], 10_000).unwrap(),
        vec![Class::W; 5]
    );
}

#[test]
fn tree_with_a_degree_five_vertex() {
    // The star K1,5 (a tree; the centre v0 has degree 5), Black on v0.
    // Filling a leaf leaves Black four liberties, so it is not ultimate.
    // White can play nowhere (each leaf is suicide), Black fills leaves
    // until two are left, which is ultimate and all Black: every class is
    // B (Black has a B option, White has no option at all).
    let b = graph(6, &[(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]);
    let s = Stones { black: 1, white: 0 };
    assert!(!ultimate::is_ultimate(&b, &s));
    assert_eq!(
        outcome::classes(&b, &[s], 100_000).unwrap(),
        vec![Class::B; 6]
    );
    // With Black on v0 and v1..v3 filled: two eyes left, ultimate.
    let s2 = Stones {
        black: bits(&[0, 1, 2, 3]),
        white: 0,
    };
    assert_eq!(
        ultimate::eyes(&b, &s2).map(|e| e.black),
        Some(bits(&[4, 5]))
    );
}

#[test]
fn empty_path_of_two_is_next_player() {
    // 1x2 (one edge), empty. `X .` is ultimate by the seed's definition:
    // Black at the empty point is suicide, White's play there captures and
    // leaves its stone exactly one liberty. So Black's options are all-B
    // ultimate positions, White's all-W: both vertices are N.
    let b = graph(2, &[(0, 1)]);
    assert!(ultimate::is_ultimate(&b, &Stones { black: 1, white: 0 }));
    let c = outcome::classes(&b, &[Stones::EMPTY], 10_000).unwrap();
    assert_eq!(c, vec![Class::N, Class::N]);
    // N vertices: not Chinese-countable.
    assert!(!chinese::is_countable(&b, &Stones::EMPTY, &c));
}

#[test]
fn single_vertex_is_previous_player() {
    // One vertex, no edge: any stone would have no liberty, so neither
    // player has an option and the empty board is not ultimate: P.
    let b = Board::new(Arc::new(Graph::line(1).unwrap())).unwrap();
    let c = outcome::classes(&b, &[Stones::EMPTY], 10).unwrap();
    assert_eq!(c, vec![Class::P]);
    assert!(chinese::is_countable(&b, &Stones::EMPTY, &c));
    // The P vertex holds no stone: it counts for nobody.
    assert_eq!(chinese::score(&Stones::EMPTY, &c), 0);
}

#[test]
fn classes_after_a_capture_history() {
    // 1x2, r = (empty, `X .`, `. O`): the last colouring `. O` is ultimate
    // (White may not fill its own last liberty; Black's play at A captures
    // and leaves one liberty), so both vertices are W whatever came before.
    let b = graph(2, &[(0, 1)]);
    let r = [
        Stones::EMPTY,
        Stones { black: 1, white: 0 },
        Stones { black: 0, white: 2 },
    ];
    assert_eq!(
        outcome::classes(&b, &r, 100).unwrap(),
        vec![Class::W, Class::W]
    );
}

#[test]
fn history_removes_options() {
    // 1x3 `X . O` (A black, C white), B empty: either player's play at B
    // captures the other's stone, so it is not ultimate. When both
    // successors are already in r (a regular sequence may not repeat them),
    // neither player has an option: every class is P, the seed's "neither"
    // case.
    let b = graph(3, &[(0, 1), (1, 2)]);
    let s = Stones { black: 1, white: 4 };
    assert!(!ultimate::is_ultimate(&b, &s));
    let after_black = s.play(&b, miai_goban::Color::Black, 1).unwrap().stones;
    let after_white = s.play(&b, miai_goban::Color::White, 1).unwrap().stones;
    let r = [after_black, after_white, s];
    assert_eq!(outcome::classes(&b, &r, 1000).unwrap(), vec![Class::P; 3]);
    // Without that history the players do have options, and the classes
    // are not all P.
    assert_ne!(
        outcome::classes(&b, &[s], 100_000).unwrap(),
        vec![Class::P; 3]
    );
}

#[test]
fn bad_inputs_are_errors() {
    let b = graph(2, &[(0, 1)]);
    // A chain without liberties.
    let full = Stones { black: 3, white: 0 };
    assert!(matches!(
        outcome::classes(&b, &[full], 10),
        Err(GraphGoError::NoLiberties { .. })
    ));
    // An empty sequence.
    assert!(outcome::classes(&b, &[], 10).is_err());
    // Too big for the exhaustive recursion.
    let big = Board::new(Arc::new(Graph::grid(5, 5).unwrap())).unwrap();
    assert!(matches!(
        outcome::classes(&big, &[Stones::EMPTY], 10),
        Err(GraphGoError::TooBigForClasses { .. })
    ));
    // A budget too small: a clear error.
    let g3 = Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
    assert!(matches!(
        outcome::classes(&g3, &[Stones::EMPTY], 5),
        Err(GraphGoError::ClassesCutOff { .. })
    ));
    // Empty and disconnected graphs are refused by goban / by Board.
    assert!(Graph::from_edges(vec![], &[]).is_err());
    let g = Graph::from_edges(vec!["a".into(), "b".into()], &[]).unwrap();
    assert!(matches!(
        Board::new(Arc::new(g)),
        Err(GraphGoError::Disconnected { .. })
    ));
}

/// A random connected graph (a random tree plus extra edges) and a random
/// colouring.
fn arb_case() -> impl Strategy<Value = (usize, Vec<(usize, usize)>, Vec<u8>)> {
    (2usize..=9).prop_flat_map(|n| {
        let parents = proptest::collection::vec(any::<prop::sample::Index>(), n - 1);
        let extra = proptest::collection::vec((0..n, 0..n), 0..n);
        let colors = proptest::collection::vec(0u8..3, n);
        (Just(n), parents, extra, colors).prop_map(|(n, parents, extra, colors)| {
            let mut edges = Vec::new();
            for (i, p) in parents.iter().enumerate() {
                let child = i + 1;
                edges.push((p.index(child), child));
            }
            for (a, b) in extra {
                let e = (a.min(b), a.max(b));
                if a != b && !edges.iter().any(|&(x, y)| (x.min(y), x.max(y)) == e) {
                    edges.push(e);
                }
            }
            (n, edges, colors)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The seed's lemma: in an ultimate position every neighbour of an empty
    /// vertex is a stone, all of one colour; so E_B and E_W partition the
    /// empty points.
    #[test]
    fn ultimate_neighbours_are_one_colour((n, edges, colors) in arb_case()) {
        let b = graph(n, &edges);
        let mut s = Stones::EMPTY;
        for (v, c) in colors.iter().enumerate() {
            match c { 1 => s.black |= 1 << v, 2 => s.white |= 1 << v, _ => {} }
        }
        prop_assume!(s.chain_without_liberty(&b).is_none());
        if let Some(e) = ultimate::eyes(&b, &s) {
            let empty = s.empty(&b);
            prop_assert_eq!(e.black | e.white, empty);
            prop_assert_eq!(e.black & e.white, 0);
            for v in 0..n {
                if empty >> v & 1 == 1 {
                    let nb = b.neighbors(v);
                    prop_assert_eq!(nb & empty, 0);
                    prop_assert!(nb & s.black == 0 || nb & s.white == 0);
                }
            }
        }
    }
}
