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
    let mut life = Life {
        secure: vec![None; tree.nodes.len()],
        first: vec![None; tree.nodes.len()],
        on_path: vec![false; tree.nodes.len()],
    };
    for id in 0..tree.nodes.len() {
        life.secure(tree, id);
    }
    let secure: Vec<bool> = life.secure.iter().map(|s| s == &Some(true)).collect();
    let value = visit(tree, 0, &mut memo, &mut on_path, &secure)?;
    Some(Transformed { nodes: memo, value })
}

/// Where the defender lives with two eyes whatever the attacker does
/// (`secure`), and where it can live if it moves first (`first`), by
/// node; `None` not yet known.
struct Life {
    secure: Vec<Option<bool>>,
    first: Vec<Option<bool>>,
    on_path: Vec<bool>,
}

impl Life {
    /// The defender lives at `id` with the attacker to move: the chain has
    /// two eyes, or every attacker move leaves it a move to secure life
    /// (and the attacker has a move: else nothing changes here).
    fn secure(&mut self, tree: &GameTree, id: usize) -> bool {
        if let Some(b) = self.secure[id] {
            return b;
        }
        let n = &tree.nodes[id];
        if n.alive {
            self.secure[id] = Some(true);
            return true;
        }
        if self.on_path[id] || !n.expanded {
            return false;
        }
        self.on_path[id] = true;
        let attacker: Vec<usize> = n
            .edges
            .iter()
            .filter(|e| e.color != tree.owner)
            .map(|e| e.child)
            .collect();
        let b = !attacker.is_empty() && attacker.iter().all(|&c| self.first(tree, c));
        self.on_path[id] = false;
        self.secure[id] = Some(b);
        b
    }

    /// The defender to move at `id` reaches secure life.
    fn first(&mut self, tree: &GameTree, id: usize) -> bool {
        if let Some(b) = self.first[id] {
            return b;
        }
        let n = &tree.nodes[id];
        if n.alive {
            return true;
        }
        if self.on_path[id] || !n.expanded {
            return false;
        }
        self.on_path[id] = true;
        let own: Vec<usize> = n
            .edges
            .iter()
            .filter(|e| e.color == tree.owner)
            .map(|e| e.child)
            .collect();
        let b = own.iter().any(|&c| self.secure(tree, c));
        self.on_path[id] = false;
        self.first[id] = Some(b);
        b
    }
}

fn visit(
    tree: &GameTree,
    id: usize,
    memo: &mut HashMap<usize, NodeTransform>,
    on_path: &mut [bool],
    secure: &[bool],
) -> Option<Game> {
    if let Some(t) = memo.get(&id) {
        return Some(t.value);
    }
    let n = &tree.nodes[id];
    let result = if secure[id] && !n.alive {
        // The defender lives here whatever the attacker does.
        NodeTransform {
            value: Game::integer(crate::count::life_count(&n.race, tree.owner)),
            pruned: false,
            replaced: false,
        }
    } else if n.settled || n.exhausted || (n.expanded && n.edges.is_empty()) {
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
        let mut lives = false;
        for e in &n.edges {
            // A repetition (captures and recaptures) is not part of the
            // seed's trees: skip moves back into the current line.
            if on_path[e.child] {
                continue;
            }
            let g = visit(tree, e.child, memo, on_path, secure);
            let Some(mut g) = g else {
                on_path[id] = false;
                return None;
            };
            let mut sente = false;
            // The attacker's move into a threat to capture the essential
            // chain: the defender answers at once, the option is worth the
            // answer.
            if e.color != tree.owner
                && let Some(a) = answer(tree, e.child, memo, on_path, e.color, 0)
            {
                g = a;
                sente = true;
            }
            // The defender's move to two eyes: while the attacker has a
            // move here it must play first (its move is charged by the
            // replacement below), so the option is left out. Not at the
            // root: there either side may move first, and the defender
            // moving first lives (inside the tree a node is reached after
            // a move; the rule reads it as the attacker's turn, which is
            // right after the defender's capture and can be wrong after
            // an attacker's move: not yet told apart).
            if e.color == tree.owner && secure[e.child] && id != 0 {
                lives = true;
                continue;
            }
            if e.color == Color::Black {
                left.push((g, sente));
            } else {
                right.push((g, sente));
            }
        }
        on_path[id] = false;
        let attacker_moves = match tree.owner {
            Color::Black => !right.is_empty(),
            Color::White => !left.is_empty(),
        };
        if lives && !attacker_moves {
            // Nothing stops the defender from living.
            let life = Game::integer(crate::count::life_count(&n.race, tree.owner));
            match tree.owner {
                Color::Black => left.push((life, false)),
                Color::White => right.push((life, false)),
            }
        }
        node_value_sente(&left, &right, tree.owner, n.count)
    };
    let v = result.value;
    memo.insert(id, result);
    Some(v)
}

/// How many threats and answers in a row [`answer`] follows.
const MAX_ANSWER_DEPTH: usize = 32;

/// Whether a move of `mover` reaching node `id` decides the race in this
/// sub-position: the owner's essential chain is gone (the attacker's
/// capture) or lives with two eyes (the owner's).
fn decisive(tree: &GameTree, id: usize, mover: Color) -> bool {
    let n = &tree.nodes[id];
    if mover == tree.owner {
        n.alive
    } else {
        n.race.essential_stones(tree.owner).is_empty()
    }
}

/// At node `id`, reached by a move of `mover`: if `mover` now threatens to
/// decide the race (a move of its leads to a decisive node: the attacker
/// capturing the essential chain, the defender making two eyes), the
/// opponent's best answer (its transformed value); `None` if there is no
/// such threat, no answer or no single best one.
fn answer(
    tree: &GameTree,
    id: usize,
    memo: &HashMap<usize, NodeTransform>,
    on_path: &[bool],
    mover: Color,
    depth: usize,
) -> Option<Game> {
    let n = &tree.nodes[id];
    if n.settled || !n.expanded || depth > MAX_ANSWER_DEPTH || mover == tree.owner {
        return None;
    }
    let threat = n
        .edges
        .iter()
        .any(|e| e.color == mover && decisive(tree, e.child, mover));
    if !threat {
        return None;
    }
    let answerer = mover.opponent();
    let answers: Vec<Game> = n
        .edges
        .iter()
        .filter(|e| e.color == answerer && !on_path[e.child])
        // An answer that leaves the chain in atari does not answer: the
        // attacker's move was a plain fill, not a threat.
        .filter(|e| !in_atari(&tree.nodes[e.child].race, tree.owner))
        .filter_map(|e| {
            // An answer that is itself a threat is worth the counter-answer.
            answer(tree, e.child, memo, on_path, answerer, depth + 1)
                .or_else(|| memo.get(&e.child).map(|t| t.value))
        })
        .collect();
    match answerer {
        Color::Black => best(&answers, Comparison::Greater),
        Color::White => best(&answers, Comparison::Less),
    }
}

/// Whether `owner`'s essential chain (all its stones) has one liberty
/// left on the whole board: the attacker captures it with its next move.
fn in_atari(race: &crate::race::Race, owner: Color) -> bool {
    let pos = race.position();
    let mut libs = miai_goban::VertexSet::default();
    for v in race.essential_stones(owner).iter() {
        if pos.color_at(v) == Some(owner) {
            libs |= pos.liberties(v);
        }
    }
    libs.len() == 1
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
    let plain = |o: &[Game]| o.iter().map(|&g| (g, false)).collect::<Vec<_>>();
    node_value_sente(&plain(left), &plain(right), owner, count)
}

/// [`node_value`] where each option says whether it is a sente move
/// already answered (worth the answer): a one-sided node charges a move
/// only to its plain options, and takes the best of them all after the
/// charge.
fn node_value_sente(
    left: &[(Game, bool)],
    right: &[(Game, bool)],
    owner: Color,
    count: i64,
) -> NodeTransform {
    let games = |o: &[(Game, bool)]| o.iter().map(|p| p.0).collect::<Vec<_>>();
    let (mut l, mut r) = (left.to_vec(), right.to_vec());
    let mut pruned = false;
    if !l.is_empty() && !r.is_empty() {
        let whole = Game::from_options(&games(&l), &games(&r)).ok();
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
    // A one-sided node's options with the mover's move charged where it
    // is not an answered sente move.
    let charged = |o: &[(Game, bool)], mover: Color| -> Vec<Game> {
        o.iter()
            .map(|&(g, sente)| if sente { g } else { one_sided(g, mover) })
            .collect()
    };
    let (value, replaced) = match (l.is_empty(), r.is_empty()) {
        (true, true) => (Game::integer(count), true),
        (true, false) => match best(&charged(&r, Color::White), Comparison::Less) {
            Some(g) => (g, true),
            None => (
                Game::from_options(&[], &games(&r)).unwrap_or(Game::integer(count)),
                false,
            ),
        },
        (false, true) => match best(&charged(&l, Color::Black), Comparison::Greater) {
            Some(g) => (g, true),
            None => (
                Game::from_options(&games(&l), &[]).unwrap_or(Game::integer(count)),
                false,
            ),
        },
        (false, false) => (
            Game::from_options(&games(&l), &games(&r)).unwrap_or(Game::integer(count)),
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
/// (`Less` for Right, `Greater` for Left); where none is (confused
/// options, such as a fill `3` and a threat `{63|2}` that lets the
/// defender live), the one best for the player once the opponent answers:
/// Right's with the least left stop, Left's with the greatest right stop.
pub(crate) fn best(options: &[Game], better: Comparison) -> Option<Game> {
    let dominating = options.iter().copied().find(|&g| {
        options.iter().all(|&h| {
            let c = g.compare(h);
            c == better || c == Comparison::Equal
        })
    });
    dominating.or_else(|| match better {
        Comparison::Less => options.iter().copied().min_by_key(|g| g.left_stop()),
        _ => options.iter().copied().max_by_key(|g| g.right_stop()),
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
    fn only_an_answered_option_is_free_of_charge() {
        // White's options at a one-sided node: a plain fill to 1 (charged:
        // 2) and a self-atari answered by Black's capture, worth 2 as it
        // is. The node is worth 2; before, the answered option made every
        // option free and the node took the fill's 1.
        let t = node_value_sente(&[], &[(g("1"), false), (g("2"), true)], Color::Black, 3);
        assert_eq!(t.value, g("2"));
        // With only answered options the answer is taken as it is.
        let t = node_value_sente(&[], &[(g("2"), true)], Color::Black, 3);
        assert_eq!(t.value, g("2"));
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
