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
        for e in &n.edges {
            // A repetition (captures and recaptures) is not part of the
            // seed's trees: skip moves back into the current line.
            if on_path[e.child] {
                continue;
            }
            let g = visit(tree, e.child, memo, on_path);
            let Some(g) = g else {
                on_path[id] = false;
                return None;
            };
            if e.color == Color::Black {
                left.push(g);
            } else {
                right.push(g);
            }
        }
        on_path[id] = false;
        node_value(&left, &right, tree.owner, n.count)
    };
    let v = result.value;
    memo.insert(id, result);
    Some(v)
}

/// The transformation at one node from its (already transformed) options.
/// `count` is the node's own liberty count, used when no option is left.
pub fn node_value(left: &[Game], right: &[Game], owner: Color, count: i64) -> NodeTransform {
    let (mut l, mut r) = (left.to_vec(), right.to_vec());
    let mut pruned = false;
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
    let one = Game::integer(1);
    let (value, replaced) = match (l.is_empty(), r.is_empty()) {
        (true, true) => (Game::integer(count), true),
        (true, false) => match best(&r, Comparison::Less) {
            Some(g) => (g.checked_add(one).unwrap_or(g), true),
            None => (
                Game::from_options(&[], &r).unwrap_or(Game::integer(count)),
                false,
            ),
        },
        (false, true) => match best(&l, Comparison::Greater) {
            Some(g) => (g.checked_sub(one).unwrap_or(g), true),
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
