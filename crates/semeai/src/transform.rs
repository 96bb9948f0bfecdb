//! The seed's tree transformation (seed 002 §3, after [3]): leaves to root,
//! at a node whose temperature is below 1 prune the moves of the player who
//! owns the essential chain; then a node with moves for one player only is
//! replaced, `{ | n} -> n+1`, `{-n | } -> -n-1`.

use std::collections::HashMap;

use miai_cgt::{Comparison, Dyadic, Game};
use miai_goban::Color;

use crate::tree::GameTree;

/// What the transformation did at one node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeTransform {
    /// The node's value after the transformation.
    pub value: Game,
    /// The owner's moves were pruned here (temperature below 1).
    pub pruned: bool,
    /// The node was one-sided and replaced.
    pub replaced: bool,
}

/// The transformed value of every reachable node (`None` while the tree has
/// a reachable `nil`).
#[derive(Debug, Clone)]
pub struct Transformed {
    /// Per node id.
    pub nodes: HashMap<usize, NodeTransform>,
    /// The root's value.
    pub value: Game,
}

/// Applies the transformation to the tree.
pub fn transform(tree: &GameTree) -> Option<Transformed> {
    let mut memo: HashMap<usize, NodeTransform> = HashMap::new();
    let mut on_path = vec![false; tree.nodes.len()];
    let value = visit(tree, 0, &mut memo, &mut on_path)?;
    Some(Transformed { nodes: memo, value })
}

fn visit(
    tree: &GameTree,
    id: usize,
    memo: &mut HashMap<usize, NodeTransform>,
    on_path: &mut [bool],
) -> Option<Game> {
    if let Some(t) = memo.get(&id) {
        return Some(t.value);
    }
    let n = &tree.nodes[id];
    let result = if n.settled || n.exhausted || (n.expanded && n.edges.is_empty()) {
        NodeTransform {
            value: Game::integer(n.count),
            pruned: false,
            replaced: false,
        }
    } else if !n.expanded {
        return None;
    } else {
        on_path[id] = true;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut sente = [false, false];
        for e in &n.edges {
            // A repetition (captures and recaptures) is not part of the
            // seed's trees: skip moves back into the current line.
            if on_path[e.child] {
                continue;
            }
            let g = visit(tree, e.child, memo, on_path);
            let Some(mut g) = g else {
                on_path[id] = false;
                return None;
            };
            // The attacker's move into a threat to capture: the defender
            // answers at once, the option is worth the answer.
            if e.color != tree.owner
                && let Some(a) = answer(tree, e.child, memo, on_path)
            {
                g = a;
                sente[usize::from(e.color == Color::White)] = true;
            }
            if e.color == Color::Black {
                left.push(g);
            } else {
                right.push(g);
            }
        }
        on_path[id] = false;
        node_value_sente(&left, &right, sente, tree.owner, n.count)
    };
    let v = result.value;
    memo.insert(id, result);
    Some(v)
}

/// Whether the owner's essential chain is gone at node `id`.
fn captured(tree: &GameTree, id: usize) -> bool {
    tree.nodes[id].race.essential_stones(tree.owner).is_empty()
}

/// At node `id`, reached by an attacker's move: if the attacker threatens
/// to capture the essential chain (a move of its leads to a node where the
/// chain is gone), the defender's best answer (its transformed value);
/// `None` if there is no such threat, no answer or no single best one.
fn answer(
    tree: &GameTree,
    id: usize,
    memo: &HashMap<usize, NodeTransform>,
    on_path: &[bool],
) -> Option<Game> {
    let n = &tree.nodes[id];
    if n.settled || !n.expanded {
        return None;
    }
    let threat = n
        .edges
        .iter()
        .any(|e| e.color != tree.owner && captured(tree, e.child));
    if !threat {
        return None;
    }
    let answers: Vec<Game> = n
        .edges
        .iter()
        .filter(|e| e.color == tree.owner && !on_path[e.child])
        .filter_map(|e| memo.get(&e.child).map(|t| t.value))
        .collect();
    match tree.owner {
        Color::Black => best(&answers, Comparison::Greater),
        Color::White => best(&answers, Comparison::Less),
    }
}

/// The transformation at one node from its (already transformed) options.
/// `count` is the node's own liberty count, used when no option is left.
///
/// - Pruning: at a node whose temperature is below 1 the owner's moves are
///   pruned, but only where both players have moves: a node where only
///   one side can move (the defender capturing the attacker's stones
///   inside its own eye, say) keeps them, and the replacement below
///   charges the move.
/// - Replacement of a one-sided node by its dominating option `G`: `G+1`
///   (`G-1` for Black's moves), the seed's `{ | n} -> n+1`.
/// - Sente (in [`transform`]): an attacker's move that threatens to
///   capture the essential chain (the throw-ins inside a big eye that the
///   defender must capture) is answered at once; the option is worth the
///   defender's best answer, and a one-sided node left with it is worth
///   that answer, no move charged.
pub fn node_value(left: &[Game], right: &[Game], owner: Color, count: i64) -> NodeTransform {
    node_value_sente(left, right, [false, false], owner, count)
}

/// [`node_value`] where some options are sente moves already answered
/// (`sente[0]` Black's, `sente[1]` White's): a one-sided node left with
/// such an option is worth it as it is, no move charged.
fn node_value_sente(
    left: &[Game],
    right: &[Game],
    sente: [bool; 2],
    owner: Color,
    count: i64,
) -> NodeTransform {
    let (mut l, mut r) = (left.to_vec(), right.to_vec());
    let mut pruned = false;
    if !l.is_empty() && !r.is_empty() {
        let whole = Game::from_options(&l, &r).ok();
        let cold = whole
            .and_then(|g| g.temperature().ok())
            .is_some_and(|t| t < Dyadic::integer(1));
        if cold {
            pruned = true;
            match owner {
                Color::Black => l.clear(),
                Color::White => r.clear(),
            }
        }
    }
    let (value, replaced) = match (l.is_empty(), r.is_empty()) {
        (true, true) => (Game::integer(count), true),
        (true, false) => match best(&r, Comparison::Less) {
            Some(g) if sente[1] => (g, true),
            Some(g) => (one_sided(g, Color::White), true),
            None => (
                Game::from_options(&[], &r).unwrap_or(Game::integer(count)),
                false,
            ),
        },
        (false, true) => match best(&l, Comparison::Greater) {
            Some(g) if sente[0] => (g, true),
            Some(g) => (one_sided(g, Color::Black), true),
            None => (
                Game::from_options(&l, &[]).unwrap_or(Game::integer(count)),
                false,
            ),
        },
        (false, false) => (
            Game::from_options(&l, &r).unwrap_or(Game::integer(count)),
            false,
        ),
    };
    NodeTransform {
        value,
        pruned,
        replaced,
    }
}

/// The value of a node where only `mover` can move, to `g`: `g` with one
/// move charged to the mover.
fn one_sided(g: Game, mover: Color) -> Game {
    let one = Game::integer(1);
    match mover {
        Color::White => g.checked_add(one),
        Color::Black => g.checked_sub(one),
    }
    .unwrap_or(g)
}

/// The option that is at least as good as every other for its player
/// (`Less` for Right, `Greater` for Left), if there is one.
fn best(options: &[Game], better: Comparison) -> Option<Game> {
    options.iter().copied().find(|&g| {
        options.iter().all(|&h| {
            let c = g.compare(h);
            c == better || c == Comparison::Equal
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Game {
        s.parse().unwrap()
    }

    #[test]
    fn cold_node_prunes_the_owner_and_adds_one() {
        // {5|4} (Black essential) has temperature -1/2: Black's move is
        // pruned and {|4} becomes 5 (the seed's {|n} -> n+1).
        let t = node_value(&[g("5")], &[g("4")], Color::Black, 0);
        assert!(t.pruned && t.replaced);
        assert_eq!(t.value, g("5"));
        // The mirror for White: {-4|-5} -> {-4|} -> -5.
        let t = node_value(&[g("-4")], &[g("-5")], Color::White, 0);
        assert_eq!(t.value, g("-5"));
    }

    #[test]
    fn hot_node_is_kept() {
        // {6|{4|0}} has temperature 2 or more: nothing is pruned.
        let t = node_value(
            &[g("6"), g("5")],
            &[g("{4|0}"), g("{5|0}")],
            Color::Black,
            2,
        );
        assert!(!t.pruned && !t.replaced);
        assert_eq!(t.value, g("{6|{4|0}}"));
    }
}
