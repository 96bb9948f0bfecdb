//! The proof checker: deliberately plain and independent of the solver. It
//! shares no search or rules code with it: only the file's reader
//! ([`crate::proof`]). The board is rebuilt from the file's edge list as
//! adjacency lists, a position is a vector of points, plays, captures,
//! suicide, superko and the area count are written here again, and so is
//! Benson's algorithm (from its definition, without bit sets).
//!
//! Each of the two trees is replayed from the start with the whole history
//! of its path: a `play` must be a legal move of the prover; an `all` must
//! list exactly the defender's legal moves (each once, the pass included);
//! `ended` must follow two passes, and the area score there must satisfy
//! the claim; `benson` must be closed by the prover's pass-alive area
//! alone; `safe` by that area and the regions of [`crate::safety`]
//! (re-derived here from their definition, with the history condition
//! tested against every colouring of the path); after two passes only
//! `ended` may follow. The history is
//! positional (colourings) or situational (colouring and player to move),
//! a play may not recreate an entry, a pass is always legal, and under the
//! situational rule a pass to a situation seen before is allowed and not
//! recorded again. No memo: every path is replayed, so the time is the
//! size of the trees times the cost of a move.
//!
//! Version 2's `ref N` (see [`crate::proof`]): a subproof some `ref` points
//! to is checked once, where it first occurs, *context-free*: with a
//! history holding only its root's own entry and its own path (so each
//! `all` in it lists every move legal there: a superset of those legal
//! under any longer history, which only forbids more). At each use, its
//! first occurrence and every `ref`, no colouring of the history there may
//! be one a prover's play in it enters (refs inside followed): then each of
//! its prover's plays is legal under that history too, every defender move
//! legal there is answered, and its `ended` and `benson` leaves do not
//! depend on the history; `safe` leaves do: inside a shared subproof
//! each region a `safe` leaf counts for the prover is kept (its pass-alive
//! stones and points), and no colouring of a use's history may forbid one
//! (more history only shrinks the opponent's area). The entered colourings
//! are kept exactly (packed, a bit per colour and point); a filter (the
//! stones all of them hold, the stones any holds; for the regions the
//! stones common to their pass-alive sets and the union of their points)
//! rules most history colourings out, the rest are compared exactly. A `ref` must be at its target's position (colouring, player
//! to move, pass and ended state) and point back to a complete subproof.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use miai_goban::Color;
use serde::Serialize;

use crate::proof::{FormatError, Proof, Side, Step};
use crate::safety::MAX_SEARCHED_POINTS;
use crate::solver::{Move, Repetition};

/// Why a proof is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The file could not be read.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The graph is not one a game can be played on.
    #[error("bad graph: {0}")]
    Graph(String),
    /// The start position has a chain without liberties.
    #[error("the start position has a chain without a liberty at vertex {0}")]
    StartPosition(usize),
    /// A prover's move that is not legal.
    #[error("{side} proof, {place}: the prover's move {mv} is not legal here")]
    IllegalMove {
        /// Which proof.
        side: &'static str,
        /// Where.
        place: String,
        /// The move.
        mv: String,
    },
    /// A node of the wrong kind for the player to move.
    #[error("{side} proof, {place}: {what}")]
    WrongNode {
        /// Which proof.
        side: &'static str,
        /// Where.
        place: String,
        /// What was wrong.
        what: String,
    },
    /// A defender node that leaves out a legal move.
    #[error("{side} proof, {place}: the defender's legal move {mv} is not answered")]
    MissingReply {
        /// Which proof.
        side: &'static str,
        /// Where.
        place: String,
        /// The move left out.
        mv: String,
    },
    /// A defender node listing a move that is illegal or listed twice.
    #[error("{side} proof, {place}: the defender's move {mv} is illegal or listed twice")]
    ExtraReply {
        /// Which proof.
        side: &'static str,
        /// Where.
        place: String,
        /// The move.
        mv: String,
    },
    /// A leaf whose bound does not reach the claim.
    #[error("{side} proof, {place}: the {reason} leaf gives {bound}, short of the claim {claim}")]
    LeafFails {
        /// Which proof.
        side: &'static str,
        /// Where.
        place: String,
        /// `ended`, `benson` or `safe`.
        reason: &'static str,
        /// The bound the checker derived (a score bound from Black's view).
        bound: i32,
        /// The claim, `>= v` or `<= v`.
        claim: String,
    },
    /// A `ref` that does not point to an earlier, complete subproof of the
    /// same position.
    #[error("{side} proof, {place}: bad ref to node {target}: {what}")]
    BadRef {
        /// Which proof.
        side: &'static str,
        /// Where (the `ref`).
        place: String,
        /// The node referred to.
        target: usize,
        /// What was wrong.
        what: String,
    },
    /// A shared subproof whose prover re-enters a colouring of the history
    /// above one of its uses (so that play is illegal there).
    #[error(
        "{side} proof, {place}: the shared subproof at node {target} enters {colouring}, which \
         the history above this use holds"
    )]
    SharedRepeats {
        /// Which proof.
        side: &'static str,
        /// Where (the `ref`, or the shared subproof's own first node).
        place: String,
        /// The shared subproof's root.
        target: usize,
        /// The colouring (`X`, `O`, `.` per vertex; then the player to
        /// move under the situational rule).
        colouring: String,
    },
    /// A shared subproof with a `safe` leaf whose region a colouring of
    /// the history above one of its uses forbids (so the leaf's bound may
    /// fall there).
    #[error(
        "{side} proof, {place}: the history above this use forbids a safe region of the leaf at \
         node {leaf} in the shared subproof at node {target}"
    )]
    SharedForbidsRegion {
        /// Which proof.
        side: &'static str,
        /// Where (the `ref`, or the shared subproof's own first node).
        place: String,
        /// The shared subproof's root.
        target: usize,
        /// The `safe` leaf.
        leaf: usize,
    },
    /// A tree that ends early or has nodes left over.
    #[error("{side} proof: {what}")]
    Shape {
        /// Which proof.
        side: &'static str,
        /// What was wrong.
        what: String,
    },
}

/// What an accepted proof establishes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The value: `score >= value` and `score <= value` are both proven.
    pub value: i32,
    /// The repetition rule.
    pub rule: &'static str,
    /// Nodes of the lower-bound proof.
    pub lower_nodes: usize,
    /// Nodes of the upper-bound proof.
    pub upper_nodes: usize,
    /// Leaves closed by two passes.
    pub ended_leaves: usize,
    /// Leaves closed by Benson's algorithm.
    pub benson_leaves: usize,
    /// Leaves closed by Benson's algorithm and the regions of
    /// [`crate::safety`].
    pub safe_leaves: usize,
    /// Subproofs referred to by `ref` (each checked once, context-free).
    pub shared_subproofs: usize,
    /// `ref` nodes.
    pub refs: usize,
    /// History colourings that a shared subproof's filter (the stones
    /// common to all its prover-entered colourings, and those in any)
    /// ruled out at a use.
    pub filter_hits: usize,
    /// History colourings the filter let through, checked exactly against
    /// the subproof's entered colourings.
    pub exact_checks: usize,
}

/// The checker's verdict as printed by `miai graphgo verify` (text and
/// JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// Whether the proof was accepted.
    pub accepted: bool,
    /// What it establishes, when accepted.
    #[serde(flatten)]
    pub verified: Option<Verified>,
    /// Why it was refused.
    pub error: Option<String>,
}

impl VerifyReport {
    /// The report of a check.
    #[must_use]
    pub fn new(result: &Result<Verified, VerifyError>) -> VerifyReport {
        match result {
            Ok(v) => VerifyReport {
                accepted: true,
                verified: Some(v.clone()),
                error: None,
            },
            Err(e) => VerifyReport {
                accepted: false,
                verified: None,
                error: Some(e.to_string()),
            },
        }
    }
}

impl std::fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.verified, &self.error) {
            (Some(v), _) => writeln!(
                f,
                "accepted: score = {} under {} superko (score >= {} in {} nodes, score <= {} in \
                 {} nodes; leaves: {} ended by two passes, {} by Benson, {} by safe regions; \
                 {} shared subproofs, {} refs, {} history colourings ruled out by the filter, {} \
                 checked exactly)",
                v.value,
                v.rule,
                v.value,
                v.lower_nodes,
                v.value,
                v.upper_nodes,
                v.ended_leaves,
                v.benson_leaves,
                v.safe_leaves,
                v.shared_subproofs,
                v.refs,
                v.filter_hits,
                v.exact_checks
            ),
            (None, Some(e)) => writeln!(f, "refused: {e}"),
            (None, None) => writeln!(f, "refused"),
        }
    }
}

/// Reads and checks a proof file.
///
/// # Errors
///
/// The first fault found, named ([`VerifyError`]).
pub fn verify_text(text: &str) -> Result<Verified, VerifyError> {
    verify(&Proof::parse(text)?)
}

/// Checks a proof.
///
/// # Errors
///
/// The first fault found, named ([`VerifyError`]).
pub fn verify(proof: &Proof) -> Result<Verified, VerifyError> {
    let n = proof.names.len();
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in &proof.edges {
        if a >= n || b >= n || a == b || adj[a].contains(&b) {
            return Err(VerifyError::Graph(format!("edge {a}-{b}")));
        }
        adj[a].push(b);
        adj[b].push(a);
    }
    if proof.start.len() != n {
        return Err(VerifyError::Graph(format!(
            "{} start points for {n} vertices",
            proof.start.len()
        )));
    }
    let rules = Rules {
        adj,
        situational: proof.rule == Repetition::Situational,
        local: RefCell::default(),
    };
    let start: Vec<u8> = proof.start.iter().map(|&c| point(c)).collect();
    for v in 0..n {
        if start[v] != EMPTY && rules.liberties(&start, &rules.chain(&start, v)) == 0 {
            return Err(VerifyError::StartPosition(v));
        }
    }
    let mut out = Verified {
        value: proof.value,
        rule: proof.rule.word(),
        lower_nodes: proof.lower.steps.len(),
        upper_nodes: proof.upper.steps.len(),
        ended_leaves: 0,
        benson_leaves: 0,
        safe_leaves: 0,
        shared_subproofs: 0,
        refs: 0,
        filter_hits: 0,
        exact_checks: 0,
    };
    for side in [Side::Lower, Side::Upper] {
        let tree = proof.tree(side);
        // The nodes some `ref` refers to; a ref may only point back.
        let mut targets = vec![false; tree.steps.len()];
        for (r, step) in tree.steps.iter().enumerate() {
            if let Step::Ref(t) = *step {
                if t >= r {
                    return Err(VerifyError::BadRef {
                        side: side.word(),
                        place: tree.place(r),
                        target: t,
                        what: if t < tree.steps.len() {
                            "a ref may only point to an earlier node".into()
                        } else {
                            "no such node".into()
                        },
                    });
                }
                targets[t] = true;
            }
        }
        let mut check = Check::new(&rules, proof, side, targets);
        let player = point(Some(proof.to_move));
        check.history.insert(rules.key(&start, player));
        check.node(&start, player, false, false)?;
        let tree = proof.tree(side);
        if check.next != tree.steps.len() {
            return Err(VerifyError::Shape {
                side: side.word(),
                what: format!(
                    "{} nodes left over after the tree ends at {}",
                    tree.steps.len() - check.next,
                    tree.place(check.next)
                ),
            });
        }
        out.ended_leaves += check.counts.0;
        out.benson_leaves += check.counts.1;
        out.safe_leaves += check.counts.2;
        out.shared_subproofs += check.shared.len();
        out.refs += check.refs.len();
        out.filter_hits += check.filter_hits;
        out.exact_checks += check.exact_checks;
    }
    Ok(out)
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn point(c: Option<Color>) -> u8 {
    match c {
        None => EMPTY,
        Some(Color::Black) => BLACK,
        Some(Color::White) => WHITE,
    }
}

fn other(p: u8) -> u8 {
    3 - p
}

fn move_text(m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        Move::Play(v) => v.to_string(),
    }
}

/// The board and the repetition rule.
struct Rules {
    adj: Vec<Vec<usize>>,
    situational: bool,
    /// Verdicts of [`Rules::owner_keeps`] by region and its contents.
    local: RefCell<HashMap<LocalKey, bool>>,
}

/// A region's points and what is on them.
type LocalKey = (Vec<usize>, Vec<u8>);

/// One local game of [`Rules::owner_keeps`].
struct LocalGame<'a> {
    rules: &'a Rules,
    region: &'a [usize],
    owner: u8,
    /// Verdicts by the region's contents and whether the owner moves.
    memo: HashMap<(Vec<u8>, bool), bool>,
}

impl LocalGame<'_> {
    fn contents(&self, pos: &[u8]) -> Vec<u8> {
        self.region.iter().map(|&x| pos[x]).collect()
    }

    /// The opponent to move: every play in the region, and a pass while
    /// it has a stone there, must leave the owner a winning answer.
    fn opponent_turn(&mut self, pos: &[u8]) -> bool {
        let key = (self.contents(pos), false);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let opp = other(self.owner);
        let mut win = true;
        if self.region.iter().any(|&x| pos[x] == opp) {
            win = self.owner_turn(pos);
        }
        for &x in self.region {
            if !win {
                break;
            }
            let Some(next) = self.rules.play(pos, opp, x) else {
                continue;
            };
            let lost = self
                .region
                .iter()
                .any(|&y| pos[y] == self.owner && next[y] != self.owner);
            win = !lost && self.owner_turn(&next);
        }
        self.memo.insert(key, win);
        win
    }

    /// The owner to move (an opponent stone is in the region): some play
    /// in the region wins.
    fn owner_turn(&mut self, pos: &[u8]) -> bool {
        let key = (self.contents(pos), true);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut win = false;
        for &x in self.region {
            if let Some(next) = self.rules.play(pos, self.owner, x)
                && self.opponent_turn(&next)
            {
                win = true;
                break;
            }
        }
        self.memo.insert(key, win);
        win
    }
}

impl Rules {
    /// The history entry of a position: the colouring, and under the
    /// situational rule the player to move.
    fn key(&self, pos: &[u8], to_move: u8) -> (Vec<u8>, u8) {
        (pos.to_vec(), if self.situational { to_move } else { 0 })
    }

    /// The connected set of points of `pos[v]`'s kind containing `v`.
    fn chain(&self, pos: &[u8], v: usize) -> Vec<usize> {
        let mut seen = vec![false; pos.len()];
        let mut stack = vec![v];
        let mut out = Vec::new();
        seen[v] = true;
        while let Some(x) = stack.pop() {
            out.push(x);
            for &y in &self.adj[x] {
                if !seen[y] && pos[y] == pos[v] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        out
    }

    fn liberties(&self, pos: &[u8], chain: &[usize]) -> usize {
        let mut libs: Vec<usize> = chain
            .iter()
            .flat_map(|&x| self.adj[x].iter().copied())
            .filter(|&y| pos[y] == EMPTY)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs.len()
    }

    /// The colouring after `player` plays at `v`, or `None` if the point
    /// is taken or the play is suicide.
    fn play(&self, pos: &[u8], player: u8, v: usize) -> Option<Vec<u8>> {
        if pos[v] != EMPTY {
            return None;
        }
        let mut next = pos.to_vec();
        next[v] = player;
        for &y in &self.adj[v] {
            if next[y] == other(player) {
                let chain = self.chain(&next, y);
                if self.liberties(&next, &chain) == 0 {
                    for x in chain {
                        next[x] = EMPTY;
                    }
                }
            }
        }
        let own = self.chain(&next, v);
        (self.liberties(&next, &own) > 0).then_some(next)
    }

    /// Tromp-Taylor area score from Black's view: stones, and empty
    /// regions reaching only one colour.
    fn area_score(&self, pos: &[u8]) -> i32 {
        let mut score = 0;
        let mut seen = vec![false; pos.len()];
        for v in 0..pos.len() {
            match pos[v] {
                BLACK => score += 1,
                WHITE => score -= 1,
                _ if !seen[v] => {
                    let region = self.chain(pos, v);
                    let mut reach = (false, false);
                    for &x in &region {
                        seen[x] = true;
                        for &y in &self.adj[x] {
                            reach.0 |= pos[y] == BLACK;
                            reach.1 |= pos[y] == WHITE;
                        }
                    }
                    let size = region.len() as i32;
                    match reach {
                        (true, false) => score += size,
                        (false, true) => score -= size,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        score
    }

    /// Benson's area of `player` widened by the safe regions (see
    /// [`crate::safety`]) that no colouring of `history` forbids: a region
    /// of non-`player` points, none of them Benson's, whose neighbours
    /// outside it are all pass-alive stones of `player`, and whose points
    /// all touch such a stone but one, which is empty and has at least two
    /// neighbours, or (the searched regions) whose points touching no such
    /// stone are two or more, one of them empty, not all of the region, at
    /// most [`MAX_SEARCHED_POINTS`] points, and where `player` wins the
    /// plain local game of [`Rules::owner_keeps`]; forbidden when some
    /// colouring of the history has every pass-alive stone of `player` and
    /// a `player` stone in the region.
    #[cfg(test)]
    fn safe_area(&self, pos: &[u8], player: u8, history: &HashSet<(Vec<u8>, u8)>) -> Vec<bool> {
        self.safe_area_counting(pos, player, history, &mut Vec::new())
    }

    /// [`Rules::safe_area`], and each region it adds to Benson's area as
    /// (the pass-alive stones of `player`, the region's points), bit sets
    /// pushed on `counted`: a colouring whose `player` stones hold all the
    /// first and one of the second would forbid it.
    fn safe_area_counting(
        &self,
        pos: &[u8],
        player: u8,
        history: &HashSet<(Vec<u8>, u8)>,
        counted: &mut Vec<(u64, u64)>,
    ) -> Vec<bool> {
        let n = pos.len();
        let alive = self.pass_alive(pos, player);
        let mut area = self.benson_area(pos, player);
        let mut seen = vec![false; n];
        for v in 0..n {
            if pos[v] == player || area[v] || seen[v] {
                continue;
            }
            let mut region = Vec::new();
            let mut stack = vec![v];
            seen[v] = true;
            while let Some(x) = stack.pop() {
                region.push(x);
                for &y in &self.adj[x] {
                    if !seen[y] && pos[y] != player {
                        seen[y] = true;
                        stack.push(y);
                    }
                }
            }
            let border_alive = region
                .iter()
                .all(|&x| self.adj[x].iter().all(|&y| pos[y] != player || alive[y]));
            let inner: Vec<usize> = region
                .iter()
                .copied()
                .filter(|&x| !self.adj[x].iter().any(|&y| alive[y]))
                .collect();
            let one_point = border_alive
                && inner.len() == 1
                && pos[inner[0]] == EMPTY
                && self.adj[inner[0]].len() >= 2;
            let searched = border_alive
                && inner.len() < region.len()
                && inner.len() >= 2
                && inner.iter().any(|&x| pos[x] == EMPTY)
                && region.len() <= MAX_SEARCHED_POINTS as usize
                && self.owner_keeps(pos, player, &region);
            if !one_point && !searched {
                continue;
            }
            let forbidden = history.iter().any(|(colouring, _)| {
                (0..n).all(|x| !alive[x] || colouring[x] == player)
                    && region.iter().any(|&x| colouring[x] == player)
            });
            if !forbidden {
                let mut bits = (0u64, 0u64);
                for &x in &region {
                    area[x] = true;
                    bits.1 |= 1 << x;
                }
                for x in (0..n).filter(|&x| alive[x]) {
                    bits.0 |= 1 << x;
                }
                counted.push(bits);
            }
        }
        area
    }

    /// The local game of [`crate::safety::searched_regions`], played out
    /// plainly on whole positions: the opponent of `player` moves first,
    /// in `region` or elsewhere (a pass here); `player` answers in the
    /// region and may pass only when the opponent has no stone left in it;
    /// `player` loses if a stone of its own in the region is captured or it
    /// must answer and cannot. True when `player` wins.
    fn owner_keeps(&self, pos: &[u8], player: u8, region: &[usize]) -> bool {
        let mut memo = self.local.borrow_mut();
        let mut game = LocalGame {
            rules: self,
            region,
            owner: player,
            memo: HashMap::new(),
        };
        let key = (region.to_vec(), region.iter().map(|&x| pos[x]).collect());
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let v = game.opponent_turn(pos);
        memo.insert(key, v);
        v
    }

    /// Benson's pass-alive stones of `player`.
    fn pass_alive(&self, pos: &[u8], player: u8) -> Vec<bool> {
        let area = self.benson_area(pos, player);
        (0..pos.len())
            .map(|v| area[v] && pos[v] == player)
            .collect()
    }

    /// Benson's pass-alive area of `player` (stones and territory): the
    /// points it owns whatever the opponent does.
    fn benson_area(&self, pos: &[u8], player: u8) -> Vec<bool> {
        let n = pos.len();
        // Chains of `player` and regions (connected sets of the other
        // points), each as a list of points.
        let mut chain_of = vec![usize::MAX; n];
        let mut chains: Vec<Vec<usize>> = Vec::new();
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<Vec<usize>> = Vec::new();
        for v in 0..n {
            if pos[v] == player && chain_of[v] == usize::MAX {
                let c = self.chain(pos, v);
                for &x in &c {
                    chain_of[x] = chains.len();
                }
                chains.push(c);
            } else if pos[v] != player && region_of[v] == usize::MAX {
                let mut seen = vec![false; n];
                let mut stack = vec![v];
                let mut r = Vec::new();
                seen[v] = true;
                while let Some(x) = stack.pop() {
                    r.push(x);
                    for &y in &self.adj[x] {
                        if !seen[y] && pos[y] != player {
                            seen[y] = true;
                            stack.push(y);
                        }
                    }
                }
                for &x in &r {
                    region_of[x] = regions.len();
                }
                regions.push(r);
            }
        }
        let touches = |chain: &[usize], r: usize| {
            chain
                .iter()
                .any(|&x| self.adj[x].iter().any(|&y| region_of[y] == r))
        };
        let is_liberty_of = |c: usize, y: usize| self.adj[y].iter().any(|&z| chain_of[z] == c);
        let mut chain_alive = vec![true; chains.len()];
        let mut region_ok = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for c in 0..chains.len() {
                if !chain_alive[c] {
                    continue;
                }
                // Vital regions: healthy, touching the chain, every empty
                // point a liberty of it.
                let vital = (0..regions.len())
                    .filter(|&r| {
                        region_ok[r]
                            && touches(&chains[c], r)
                            && regions[r]
                                .iter()
                                .all(|&y| pos[y] != EMPTY || is_liberty_of(c, y))
                    })
                    .count();
                if vital < 2 {
                    chain_alive[c] = false;
                    changed = true;
                }
            }
            for r in 0..regions.len() {
                if !region_ok[r] {
                    continue;
                }
                let bordered_by_dead = regions[r].iter().any(|&x| {
                    self.adj[x]
                        .iter()
                        .any(|&y| pos[y] == player && !chain_alive[chain_of[y]])
                });
                if bordered_by_dead {
                    region_ok[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let alive_at = |y: usize| pos[y] == player && chain_alive[chain_of[y]];
        let mut area: Vec<bool> = (0..n).map(alive_at).collect();
        if !area.contains(&true) {
            return area;
        }
        for r in 0..regions.len() {
            // Territory: a surviving region whose every empty point
            // touches a pass-alive chain.
            let owned = region_ok[r]
                && regions[r]
                    .iter()
                    .all(|&y| pos[y] != EMPTY || self.adj[y].iter().any(|&z| alive_at(z)));
            if owned {
                for &x in &regions[r] {
                    area[x] = true;
                }
            }
        }
        area
    }
}

struct Check<'a> {
    rules: &'a Rules,
    proof: &'a Proof,
    side: Side,
    history: HashSet<(Vec<u8>, u8)>,
    /// The next node of the tree to read.
    next: usize,
    /// Leaves seen: (ended, benson, safe).
    counts: (usize, usize, usize),
    /// Per node: some `ref` points to it.
    targets: Vec<bool>,
    /// The referred-to subproofs checked so far, by root node.
    shared: HashMap<usize, Shared>,
    /// The roots of the shared subproofs being checked (innermost last).
    inside: Vec<usize>,
    /// Every colouring entered by a prover's play, with its node (in
    /// preorder, so each subproof's are one run).
    entered: Vec<(usize, Packed)>,
    /// Every `ref` checked, with its target (in preorder).
    refs: Vec<(usize, usize)>,
    /// The prover's safe regions counted at `safe` leaves inside shared
    /// subproofs, with their leaf: (pass-alive stones, region points).
    regions: Vec<(usize, (u64, u64))>,
    filter_hits: usize,
    exact_checks: usize,
    /// Cleared history sets to reuse.
    spare: Vec<HashSet<(Vec<u8>, u8)>>,
    /// The packed history of a use (room reused).
    keys: Vec<Packed>,
}

/// A history entry packed exactly: Black's points, White's points, the
/// player to move (0 under the positional rule).
type Packed = (u64, u64, u8);

fn pack(pos: &[u8], tag: u8) -> Packed {
    let mut out = (0u64, 0u64, tag);
    for (v, &p) in pos.iter().enumerate() {
        match p {
            BLACK => out.0 |= 1 << v,
            WHITE => out.1 |= 1 << v,
            _ => {}
        }
    }
    out
}

/// A shared subproof, once checked context-free.
struct Shared {
    /// The position at its root: colouring (with the player under the
    /// situational rule), the player to move, whether the last move was a
    /// pass, whether the game has ended.
    at: (Packed, u8, bool, bool),
    /// One past its last node.
    end: usize,
    /// What every colouring entered by a prover's play in it (refs
    /// followed) has in common.
    filter: Filter,
}

/// An over-approximation of a set of packed colourings: a colouring can
/// be in the set only if it holds every point `all` holds and no point
/// `any` lacks, and its tag is in `tags`.
/// Likewise for the safe regions counted inside: a colouring can forbid
/// one only if its prover's stones hold every stone of `alive` and one of
/// `region`.
#[derive(Clone, Copy, Debug)]
struct Filter {
    all: (u64, u64),
    any: (u64, u64),
    tags: u8,
    alive: u64,
    region: u64,
}

impl Filter {
    const EMPTY: Filter = Filter {
        all: (u64::MAX, u64::MAX),
        any: (0, 0),
        tags: 0,
        alive: u64::MAX,
        region: 0,
    };

    fn add_region(&mut self, r: &(u64, u64)) {
        self.alive &= r.0;
        self.region |= r.1;
    }

    /// Whether the prover's stones `mine` of a colouring may forbid a
    /// region counted inside.
    fn may_forbid(&self, mine: u64) -> bool {
        mine & self.alive == self.alive && mine & self.region != 0
    }

    fn add(&mut self, k: &Packed) {
        self.all = (self.all.0 & k.0, self.all.1 & k.1);
        self.any = (self.any.0 | k.0, self.any.1 | k.1);
        self.tags |= 1 << k.2;
    }

    fn join(&mut self, o: &Filter) {
        self.all = (self.all.0 & o.all.0, self.all.1 & o.all.1);
        self.any = (self.any.0 | o.any.0, self.any.1 | o.any.1);
        self.tags |= o.tags;
        self.alive &= o.alive;
        self.region |= o.region;
    }

    fn may_hold(&self, k: &Packed) -> bool {
        self.tags >> k.2 & 1 == 1
            && k.0 & self.all.0 == self.all.0
            && k.1 & self.all.1 == self.all.1
            && k.0 & !self.any.0 == 0
            && k.1 & !self.any.1 == 0
    }
}

impl<'a> Check<'a> {
    /// A check of one tree of `proof` from its first node, with no
    /// history yet; `targets` marks the nodes some `ref` points to.
    fn new(rules: &'a Rules, proof: &'a Proof, side: Side, targets: Vec<bool>) -> Check<'a> {
        Check {
            rules,
            proof,
            side,
            history: HashSet::new(),
            next: 0,
            counts: (0, 0, 0),
            targets,
            shared: HashMap::new(),
            inside: Vec::new(),
            entered: Vec::new(),
            refs: Vec::new(),
            regions: Vec::new(),
            filter_hits: 0,
            exact_checks: 0,
            spare: Vec::new(),
            keys: Vec::new(),
        }
    }

    fn fault(&self, k: usize, what: String) -> VerifyError {
        VerifyError::WrongNode {
            side: self.side.word(),
            place: self.proof.tree(self.side).place(k),
            what,
        }
    }

    fn claim_holds(&self, bound: i32) -> bool {
        match self.side {
            Side::Lower => bound >= self.proof.value,
            Side::Upper => bound <= self.proof.value,
        }
    }

    fn claim(&self) -> String {
        match self.side {
            Side::Lower => format!(">= {}", self.proof.value),
            Side::Upper => format!("<= {}", self.proof.value),
        }
    }

    /// The defender's legal moves (plays in vertex order, then the pass).
    fn legal(&self, pos: &[u8], player: u8) -> Vec<Move> {
        let mut out: Vec<Move> = (0..pos.len())
            .filter(|&v| {
                self.rules.play(pos, player, v).is_some_and(|next| {
                    !self.history.contains(&self.rules.key(&next, other(player)))
                })
            })
            .map(Move::Play)
            .collect();
        out.push(Move::Pass);
        out
    }

    /// Checks the subtree at the next node for the position `pos` with
    /// `player` to move (`passed`: the last move was a pass; `ended`: two
    /// passes ended the game).
    fn node(
        &mut self,
        pos: &[u8],
        player: u8,
        passed: bool,
        ended: bool,
    ) -> Result<(), VerifyError> {
        let k = self.next;
        if self.targets.get(k) == Some(&true) {
            return self.shared_node(pos, player, passed, ended);
        }
        self.step(pos, player, passed, ended)
    }

    /// Checks the subproof at the next node, which a `ref` refers to,
    /// context-free: with a history of its own position only (so every
    /// `all` in it must list each move legal without the history above,
    /// and it holds under any longer history where its prover's plays stay
    /// legal); then that its prover's entered colourings are not in the
    /// history above this first use.
    fn shared_node(
        &mut self,
        pos: &[u8],
        player: u8,
        passed: bool,
        ended: bool,
    ) -> Result<(), VerifyError> {
        let k = self.next;
        // A spare set (cleared, its room kept): millions of shared
        // subproofs allocating a growing set each made the allocator the
        // bottleneck on 4x5.
        let mut own = self.spare.pop().unwrap_or_default();
        own.insert(self.rules.key(pos, player));
        let above = std::mem::replace(&mut self.history, own);
        self.inside.push(k);
        let r = self.step(pos, player, passed, ended);
        self.inside.pop();
        let mut own = std::mem::replace(&mut self.history, above);
        own.clear();
        self.spare.push(own);
        r?;
        let end = self.next;
        let mut filter = Filter::EMPTY;
        let from = self.entered.partition_point(|e| e.0 < k);
        for e in &self.entered[from..] {
            filter.add(&e.1);
        }
        let from = self.regions.partition_point(|e| e.0 < k);
        for e in &self.regions[from..] {
            filter.add_region(&e.1);
        }
        let from = self.refs.partition_point(|e| e.0 < k);
        for &(_, t) in &self.refs[from..] {
            if let Some(sh) = self.shared.get(&t) {
                filter.join(&sh.filter);
            }
        }
        let tag = if self.rules.situational { player } else { 0 };
        self.shared.insert(
            k,
            Shared {
                at: (pack(pos, tag), player, passed, ended),
                end,
                filter,
            },
        );
        self.use_shared(k, k)
    }

    /// A use of the shared subproof at `t` from node `at` (its own root or
    /// a `ref`): no colouring of the history may be one its prover enters.
    fn use_shared(&mut self, t: usize, at: usize) -> Result<(), VerifyError> {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        keys.extend(self.history.iter().map(|(c, p)| pack(c, *p)));
        let r = self.use_shared_keys(t, at, &keys);
        self.keys = keys;
        r
    }

    fn use_shared_keys(&mut self, t: usize, at: usize, keys: &[Packed]) -> Result<(), VerifyError> {
        for &h in keys {
            let filter = self.shared[&t].filter;
            let mine = self.mine(&h);
            let (enter, forbid) = (filter.may_hold(&h), filter.may_forbid(mine));
            if !enter && !forbid {
                self.filter_hits += 1;
                continue;
            }
            self.exact_checks += 1;
            if forbid && let Some(leaf) = self.forbids(t, mine, &mut HashSet::new()) {
                return Err(VerifyError::SharedForbidsRegion {
                    side: self.side.word(),
                    place: self.proof.tree(self.side).place(at),
                    target: t,
                    leaf,
                });
            }
            if enter && self.enters(t, &h, &mut HashSet::new()) {
                let mut colouring: String = (0..self.rules.adj.len())
                    .map(|v| match (h.0 >> v & 1, h.1 >> v & 1) {
                        (1, _) => 'X',
                        (_, 1) => 'O',
                        _ => '.',
                    })
                    .collect();
                if self.rules.situational {
                    colouring.push_str(if h.2 == BLACK { " B" } else { " W" });
                }
                return Err(VerifyError::SharedRepeats {
                    side: self.side.word(),
                    place: self.proof.tree(self.side).place(at),
                    target: t,
                    colouring,
                });
            }
        }
        Ok(())
    }

    /// The prover's stones of a packed colouring.
    fn mine(&self, h: &Packed) -> u64 {
        match self.side {
            Side::Lower => h.0,
            Side::Upper => h.1,
        }
    }

    /// A `safe` leaf in the shared subproof at `t` (refs followed) with a
    /// counted region that a colouring with the prover's stones `mine`
    /// forbids; `seen`: shared subproofs already searched.
    fn forbids(&self, t: usize, mine: u64, seen: &mut HashSet<usize>) -> Option<usize> {
        if !seen.insert(t) {
            return None;
        }
        let sh = self.shared.get(&t)?;
        let from = self.regions.partition_point(|e| e.0 < t);
        let to = self.regions.partition_point(|e| e.0 < sh.end);
        if let Some(e) = self.regions[from..to]
            .iter()
            .find(|e| mine & e.1.0 == e.1.0 && mine & e.1.1 != 0)
        {
            return Some(e.0);
        }
        let from = self.refs.partition_point(|e| e.0 < t);
        let to = self.refs.partition_point(|e| e.0 < sh.end);
        self.refs[from..to].iter().find_map(|&(_, u)| {
            if self.shared.get(&u)?.filter.may_forbid(mine) {
                self.forbids(u, mine, seen)
            } else {
                None
            }
        })
    }

    /// Whether a prover's play in the shared subproof at `t` (refs
    /// followed) enters `h`; `seen`: shared subproofs already searched.
    fn enters(&self, t: usize, h: &Packed, seen: &mut HashSet<usize>) -> bool {
        if !seen.insert(t) {
            return false;
        }
        let Some(sh) = self.shared.get(&t) else {
            return false;
        };
        let from = self.entered.partition_point(|e| e.0 < t);
        let to = self.entered.partition_point(|e| e.0 < sh.end);
        if self.entered[from..to].iter().any(|e| e.1 == *h) {
            return true;
        }
        let from = self.refs.partition_point(|e| e.0 < t);
        let to = self.refs.partition_point(|e| e.0 < sh.end);
        self.refs[from..to].iter().any(|&(_, u)| {
            self.shared.get(&u).is_some_and(|s| s.filter.may_hold(h)) && self.enters(u, h, seen)
        })
    }

    /// Checks the subtree at the next node (see [`Check::node`]), which no
    /// `ref` refers to, or whose sharing is being handled.
    fn step(
        &mut self,
        pos: &[u8],
        player: u8,
        passed: bool,
        ended: bool,
    ) -> Result<(), VerifyError> {
        let k = self.next;
        let tree = self.proof.tree(self.side);
        let Some(step) = tree.steps.get(k) else {
            return Err(VerifyError::Shape {
                side: self.side.word(),
                what: format!("the tree ends at node {k} before every line is closed"),
            });
        };
        self.next += 1;
        let prover = point(Some(self.side.prover()));
        match step {
            Step::Ended if !ended => Err(self.fault(k, "'ended' but the game goes on".into())),
            _ if ended && *step != Step::Ended => {
                Err(self.fault(k, "the game ended by two passes: expected 'ended'".into()))
            }
            Step::Ended => {
                let score = self.rules.area_score(pos);
                self.counts.0 += 1;
                self.leaf(k, "ended", score)
            }
            Step::Benson => {
                // Black's pass-alive area is Black's (score >= 2 a - n);
                // White's, less any point Black's claims too, is White's
                // (score <= n - 2 a).
                let n = pos.len() as i32;
                let black = self.rules.benson_area(pos, BLACK);
                let bound = match self.side {
                    Side::Lower => 2 * black.iter().filter(|&&b| b).count() as i32 - n,
                    Side::Upper => {
                        let white = self.rules.benson_area(pos, WHITE);
                        let only = (0..pos.len()).filter(|&v| white[v] && !black[v]).count();
                        n - 2 * only as i32
                    }
                };
                self.counts.1 += 1;
                self.leaf(k, "benson", bound)
            }
            Step::Ref(t) => {
                let t = *t;
                let bad = |what: &str| VerifyError::BadRef {
                    side: self.side.word(),
                    place: tree.place(k),
                    target: t,
                    what: what.into(),
                };
                let Some(sh) = self.shared.get(&t) else {
                    return Err(bad(
                        "its subproof is not complete here (it contains the ref)",
                    ));
                };
                let tag = if self.rules.situational { player } else { 0 };
                if sh.at != (pack(pos, tag), player, passed, ended) {
                    return Err(bad(
                        "its position (colouring, player to move, pass) is not this one",
                    ));
                }
                self.refs.push((k, t));
                self.use_shared(t, k)
            }
            Step::Safe => {
                // As `benson`, each side's area widened by its safe regions
                // that the path's colourings allow.
                // Inside a shared subproof the history is its own path
                // only: the prover's regions counted here are kept, and
                // each use checks that its history forbids none of them
                // (the opponent's area only shrinks with more history).
                let n = pos.len() as i32;
                let mut counted = Vec::new();
                let black = self
                    .rules
                    .safe_area_counting(pos, BLACK, &self.history, &mut counted);
                if self.side == Side::Upper {
                    counted.clear();
                }
                let bound = match self.side {
                    Side::Lower => 2 * black.iter().filter(|&&b| b).count() as i32 - n,
                    Side::Upper => {
                        let white =
                            self.rules
                                .safe_area_counting(pos, WHITE, &self.history, &mut counted);
                        let only = (0..pos.len()).filter(|&v| white[v] && !black[v]).count();
                        n - 2 * only as i32
                    }
                };
                self.counts.2 += 1;
                if !self.inside.is_empty() {
                    self.regions.extend(counted.into_iter().map(|r| (k, r)));
                }
                self.leaf(k, "safe", bound)
            }
            Step::Play(m) => {
                if player != prover {
                    return Err(self.fault(
                        k,
                        "a prover's move where the defender is to move (expected 'all')".into(),
                    ));
                }
                let m = *m;
                if !self.legal(pos, player).contains(&m) {
                    return Err(VerifyError::IllegalMove {
                        side: self.side.word(),
                        place: tree.place(k),
                        mv: move_text(m),
                    });
                }
                if let Move::Play(v) = m
                    && let Some(next) = self.rules.play(pos, player, v)
                {
                    let opp = other(player);
                    let tag = if self.rules.situational { opp } else { 0 };
                    self.entered.push((k, pack(&next, tag)));
                }
                self.child(pos, player, passed, m)
            }
            Step::All(moves) => {
                if player == prover {
                    return Err(self.fault(
                        k,
                        "'all' where the prover is to move (expected 'play')".into(),
                    ));
                }
                let legal = self.legal(pos, player);
                let mut listed: Vec<Move> = Vec::with_capacity(moves.len());
                for &m in moves {
                    if !legal.contains(&m) || listed.contains(&m) {
                        return Err(VerifyError::ExtraReply {
                            side: self.side.word(),
                            place: tree.place(k),
                            mv: move_text(m),
                        });
                    }
                    listed.push(m);
                }
                if let Some(&m) = legal.iter().find(|m| !listed.contains(m)) {
                    return Err(VerifyError::MissingReply {
                        side: self.side.word(),
                        place: tree.place(k),
                        mv: move_text(m),
                    });
                }
                for m in listed {
                    self.child(pos, player, passed, m)?;
                }
                Ok(())
            }
        }
    }

    fn leaf(&self, k: usize, reason: &'static str, bound: i32) -> Result<(), VerifyError> {
        if self.claim_holds(bound) {
            Ok(())
        } else {
            Err(VerifyError::LeafFails {
                side: self.side.word(),
                place: self.proof.tree(self.side).place(k),
                reason,
                bound,
                claim: self.claim(),
            })
        }
    }

    /// Plays the legal move `m` and checks the child's subtree.
    fn child(&mut self, pos: &[u8], player: u8, passed: bool, m: Move) -> Result<(), VerifyError> {
        let opp = other(player);
        match m {
            Move::Pass if passed => self.node(pos, opp, true, true),
            Move::Pass => {
                let key = self.rules.key(pos, opp);
                let fresh = self.history.insert(key.clone());
                let r = self.node(pos, opp, true, false);
                if fresh {
                    self.history.remove(&key);
                }
                r
            }
            Move::Play(v) => {
                let next = self
                    .rules
                    .play(pos, player, v)
                    .ok_or_else(|| VerifyError::Graph(format!("move {v} checked legal")))?;
                let key = self.rules.key(&next, opp);
                self.history.insert(key.clone());
                let r = self.node(&next, opp, false, false);
                self.history.remove(&key);
                r
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;
    use proptest::prelude::*;

    use super::*;
    use crate::{Board, Stones, benson};

    /// The checker's rules (positional superko) on `board`'s graph.
    fn plain_rules(board: &Board) -> Rules {
        let n = board.len();
        Rules {
            adj: (0..n)
                .map(|v| {
                    (0..n)
                        .filter(|&u| board.neighbors(v) >> u & 1 == 1)
                        .collect()
                })
                .collect(),
            situational: false,
            local: RefCell::default(),
        }
    }

    /// The 4x3 board, its rules and the position of
    /// [`crate::safety::safe`]'s example: Black's wall around an empty
    /// bent three in the corner.
    fn corner_bent_three() -> (Board, Rules, Vec<u8>) {
        let board = Board::new(Arc::new(Graph::grid(4, 3).unwrap())).unwrap();
        let rules = plain_rules(&board);
        let black: u64 = 0b1011_1110_0100;
        let pos = (0..12)
            .map(|v| if black >> v & 1 == 1 { BLACK } else { EMPTY })
            .collect();
        (board, rules, pos)
    }

    /// The checker's safe regions: the corner bent three of
    /// [`crate::safety::safe`]'s example is Black's unless a colouring of
    /// the history holds the alive stones and a Black stone in it.
    #[test]
    fn plain_safe_regions_follow_the_history() {
        let (_, rules, pos) = corner_bent_three();
        let mut history = HashSet::new();
        history.insert((pos.clone(), 0));
        let benson = rules
            .benson_area(&pos, BLACK)
            .iter()
            .filter(|&&b| b)
            .count();
        let safe = rules.safe_area(&pos, BLACK, &history);
        assert_eq!((benson, safe.iter().filter(|&&b| b).count()), (9, 12));
        assert_eq!(safe, rules.safe_area(&pos, BLACK, &HashSet::new()));
        // The corner point Black earlier (the wall as now): the region
        // is not claimed; with a wall stone missing it is.
        let mut earlier = pos.clone();
        earlier[0] = BLACK;
        history.insert((earlier.clone(), 0));
        assert_eq!(
            rules
                .safe_area(&pos, BLACK, &history)
                .iter()
                .filter(|&&b| b)
                .count(),
            9
        );
        earlier[2] = EMPTY;
        let mut other = HashSet::new();
        other.insert((earlier, 0));
        assert_eq!(
            rules
                .safe_area(&pos, BLACK, &other)
                .iter()
                .filter(|&&b| b)
                .count(),
            12
        );
        // White has nothing there.
        assert!(rules.safe_area(&pos, WHITE, &history).iter().all(|&b| !b));
    }

    /// A `safe` leaf inside a shared subproof is checked context-free
    /// and then against the history of each use: the corner bent three of
    /// the example above closes `score >= 12` (White to move) alone, or
    /// shared; with a colouring above that holds the wall and a Black stone
    /// in the corner, the plain check refuses the leaf (`LeafFails`) and
    /// the shared one the use (`SharedForbidsRegion`), naming the leaf.
    #[test]
    fn a_shared_safe_leaf_is_checked_at_each_use() {
        let (board, rules, pos) = corner_bent_three();
        let mut earlier = pos.clone();
        earlier[0] = BLACK;
        let proof = Proof {
            names: (0..12).map(|v| board.name(v)).collect(),
            edges: Vec::new(),
            start: pos
                .iter()
                .map(|&p| (p == BLACK).then_some(Color::Black))
                .collect(),
            to_move: Color::White,
            rule: Repetition::Positional,
            value: 12,
            lower: crate::proof::Tree {
                steps: vec![Step::Safe],
                lines: Vec::new(),
            },
            upper: crate::proof::Tree::default(),
        };
        let run = |shared: bool, above: bool| {
            let mut check = Check::new(&rules, &proof, Side::Lower, vec![shared]);
            check.history.insert(rules.key(&pos, WHITE));
            if above {
                check.history.insert(rules.key(&earlier, BLACK));
            }
            let r = check.node(&pos, WHITE, false, false);
            (r, check.regions.len())
        };
        assert_eq!(run(false, false), (Ok(()), 0));
        assert_eq!(run(true, false), (Ok(()), 1));
        assert!(
            matches!(
                run(false, true).0,
                Err(VerifyError::LeafFails { bound: 6, .. })
            ),
            "{:?}",
            run(false, true)
        );
        assert!(
            matches!(
                run(true, true).0,
                Err(VerifyError::SharedForbidsRegion {
                    target: 0,
                    leaf: 0,
                    ..
                })
            ),
            "{:?}",
            run(true, true)
        );
    }

    /// The checker's plain local games ([`Rules::owner_keeps`]) claim the
    /// same safe areas as the solver's bit-set search
    /// ([`crate::safety::searched_regions`]) on every third legal colouring
    /// of the 4x3 grid, for both colours, with an empty history; and the
    /// searched regions do fire there.
    #[test]
    fn plain_local_games_agree_with_the_solvers() {
        let board = Board::new(Arc::new(Graph::grid(4, 3).unwrap())).unwrap();
        let n = board.len();
        let rules = plain_rules(&board);
        let mut cache = crate::safety::RegionCache::default();
        let mut fired = 0;
        for code in (0..3u32.pow(12)).step_by(3) {
            let (mut black, mut white, mut c) = (0u64, 0u64, code);
            for v in 0..n {
                match c % 3 {
                    1 => black |= 1 << v,
                    2 => white |= 1 << v,
                    _ => {}
                }
                c /= 3;
            }
            let stones = Stones { black, white };
            if stones.check_liberties(&board).is_err() {
                continue;
            }
            let pos: Vec<u8> = stones.to_colors(&board).into_iter().map(point).collect();
            for (player, color) in [(BLACK, Color::Black), (WHITE, Color::White)] {
                let settled = benson::settle(&board, &stones, color);
                if settled.alive == 0 {
                    continue;
                }
                let searched =
                    crate::safety::searched_regions(&board, &stones, color, &settled, &mut cache);
                fired += usize::from(!searched.is_empty());
                let bits = crate::safety::one_point_regions(&board, &stones, color, &settled)
                    .into_iter()
                    .chain(searched)
                    .fold(settled.area(), |a, r| a | r);
                let plain = rules.safe_area(&pos, player, &HashSet::new());
                for (v, &owned) in plain.iter().enumerate() {
                    assert_eq!(owned, bits >> v & 1 == 1, "{stones:?} {color:?} vertex {v}");
                }
            }
        }
        assert_eq!(cache.region_games.over_budget, 0);
        assert!(fired >= 50, "{fired}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The checker's plain Benson and area count agree with the
        /// solver's bit-set ones on random legal colourings (two
        /// independent implementations of one definition).
        #[test]
        fn plain_benson_and_area_agree_with_the_solvers(
            w in 1usize..5, h in 1usize..5, cells in prop::collection::vec(0u8..6, 16), black_heavy in any::<bool>()
        ) {
            let board = Board::new(Arc::new(Graph::grid(w, h).unwrap())).unwrap();
            let n = board.len();
            let mut stones = Stones::EMPTY;
            // One colour dominates (2 to 4), so that living shapes with
            // eyes are common.
            for (v, &c) in cells.iter().take(n).enumerate() {
                match (c, black_heavy) {
                    (0 | 1, _) => {}
                    (2..=4, true) | (5, false) => stones.black |= 1 << v,
                    _ => stones.white |= 1 << v,
                }
            }
            prop_assume!(stones.check_liberties(&board).is_ok());
            let rules = plain_rules(&board);
            let pos: Vec<u8> = stones.to_colors(&board).into_iter().map(point).collect();
            prop_assert_eq!(rules.area_score(&pos), stones.area_score(&board));
            for (player, color) in [(BLACK, Color::Black), (WHITE, Color::White)] {
                let plain = rules.benson_area(&pos, player);
                let bits = benson::settle(&board, &stones, color).area();
                for (v, &owned) in plain.iter().enumerate() {
                    prop_assert_eq!(owned, bits >> v & 1 == 1, "vertex {}", v);
                }
                // The safe regions, searched ones included: the checker's
                // plain local games agree with the solver's (which may
                // give up on its budget, and then claims less).
                let plain = rules.safe_area(&pos, player, &HashSet::new());
                let settled = benson::settle(&board, &stones, color);
                let mut cache = crate::safety::RegionCache::default();
                let bits = crate::safety::one_point_regions(&board, &stones, color, &settled)
                    .into_iter()
                    .chain(crate::safety::searched_regions(
                        &board, &stones, color, &settled, &mut cache,
                    ))
                    .fold(settled.area(), |a, r| a | r);
                for (v, &owned) in plain.iter().enumerate() {
                    let solver = bits >> v & 1 == 1;
                    if cache.region_games.over_budget == 0 {
                        prop_assert_eq!(owned, solver, "safe, vertex {}", v);
                    } else {
                        prop_assert!(owned || !solver, "safe, vertex {}", v);
                    }
                }
            }
        }
    }
}
