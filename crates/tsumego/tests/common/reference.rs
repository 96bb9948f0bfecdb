//! A plain exhaustive reference solver for the cross-check: recursive
//! minimax over the whole line, no transposition table, no Benson, written
//! from the rules as the crate documents them (`regime.rs`, `state.rs`,
//! `search.rs`), not from its code. It plays on the problem's solver board
//! with a `miai_goban::Position` that knows nothing of ko
//! (`Repetition::None`): every repetition rule is kept here.
//!
//! The rules, as implemented below:
//!
//! - Moves: a play on an empty region point that is not suicide, or a
//!   tenuki. Empty solver-board points outside the region are never played.
//!   The attacker's *pointless* plays are not moves: a point all of whose
//!   neighbours are attacker stones whose chains have a liberty outside the
//!   region.
//! - Tenuki: the defender may tenuki unless the attacker's last move was a
//!   tenuki; the attacker only when one of its capturing plays is forbidden
//!   (by ko or superko). A player with no move loses.
//! - Exit points (`Problem::exit_points`, a framed kill problem's frame
//!   points on the open side): the defender plays there only when its
//!   stone joins a chain with a stone on an escape point
//!   (`Problem::escape_points`), or captures.
//! - End by the stones: no target point holds a defender stone: the
//!   attacker wins; a defender chain on an escape point (a target point, or
//!   with exits a point of the defender's stones as posed) has a liberty
//!   outside the region (a permanent one): the defender wins.
//! - Superko regime: a play recreating a board (colouring) of the line is
//!   illegal; a ko given with the problem forbids the first player's
//!   capture there on the first move (the board before it is not known).
//! - Seed regime with ko-advantaged side `master` and N ko threats: a side
//!   is *locked* when it is not the master and has tenuki-ed fewer than N
//!   times while holding a ban (`waited < N`). A ko capture (one stone taken
//!   by a lone stone left in atari) bans the retake to the other side if
//!   that side is locked; a ban binds only the locked side, and lasts while
//!   its ko shape does. A tenuki by the locked side while it holds a ban
//!   counts (`waited += 1`); at N its bans go and it is never locked again.
//!   The master may retake at once. The first time a full state (board,
//!   player to move, last tenuki, bans, `waited`) repeats on the line the
//!   game ends: the side with more tenukis round the cycle wins; with equal
//!   counts, a cycle holding an immediate ko retake is won by the defender;
//!   otherwise it is no result, which counts as a loss for the query's goal.
//! - Book regime: the seed regime's rules, and while the state's `book`
//!   flag holds the attacker may tenuki at any time and the defender may
//!   tenuki even right after an attacker's tenuki; that answer (a second
//!   pass) clears the flag for the rest of the game. The flag is part of
//!   the state.
//! - Seed regime with no ko-advantaged side and external ko threats
//!   `budget` ([`reference_threats`]): a ko capture (one stone taken by a
//!   lone stone left in atari) forbids the other side's immediate retake
//!   unless it has a threat left; retaking at once uses one up. Any other
//!   move, a tenuki included, lifts the ban. The ban and the threats left
//!   are part of the state.

use miai_goban::{Color, Move, Position, Repetition, Rules, Suicide, Vertex, VertexSet};
use miai_tsumego::{Problem, Regime, Side};

/// Nodes the reference may visit per query by default.
pub const DEFAULT_CAP: u64 = 3_000_000;

/// Whether `goal` wins the problem with `first` to move, under `regime`
/// with `master` ko-advantaged (seed regime only), or `None` when the
/// search needs more than [`DEFAULT_CAP`] nodes.
pub fn reference(
    problem: &Problem,
    regime: Regime,
    first: Side,
    goal: Side,
    master: Side,
) -> Option<bool> {
    reference_with_cap(problem, regime, first, goal, master, DEFAULT_CAP)
}

/// [`reference`] with a node cap.
pub fn reference_with_cap(
    problem: &Problem,
    regime: Regime,
    first: Side,
    goal: Side,
    master: Side,
    cap: u64,
) -> Option<bool> {
    let mut referee = Referee::new(problem, regime, master, goal, cap);
    let root = referee.root(problem, first);
    if let Some(w) = referee.decided(&root) {
        return Some(w == goal);
    }
    let mut line = vec![root];
    let mut steps = Vec::new();
    let mover_wins = referee.value(&mut line, &mut steps)?;
    Some(mover_wins == (first == goal))
}

/// Whether `goal` wins the problem with `first` to move under the seed
/// regime's plain simple-ko rule when each side has `budget` external ko
/// threats (by [`Side::index`]); `None` over `cap` nodes.
pub fn reference_threats(
    problem: &Problem,
    first: Side,
    goal: Side,
    budget: [u8; 2],
    cap: u64,
) -> Option<bool> {
    reference_threats_in(
        problem,
        Regime::Seed { ko_threats: 0 },
        first,
        goal,
        budget,
        cap,
    )
}

/// [`reference_threats`] in `regime` (the seed's or the book's rules; in
/// the book regime no side has threats left once both have passed:
/// `Options::book_stop`).
pub fn reference_threats_in(
    problem: &Problem,
    regime: Regime,
    first: Side,
    goal: Side,
    budget: [u8; 2],
    cap: u64,
) -> Option<bool> {
    let mut referee = Referee::new(problem, regime, Side::Attacker, goal, cap);
    referee.plain = true;
    let mut root = referee.root(problem, first);
    root.left = budget;
    if let Some(w) = referee.decided(&root) {
        return Some(w == goal);
    }
    let mut line = vec![root];
    let mut steps = Vec::new();
    let mover_wins = referee.value(&mut line, &mut steps)?;
    Some(mover_wins == (first == goal))
}

/// A seed-regime ko ban: the locked side may not play `point`, where it
/// would capture the lone stone on `stone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ban {
    point: Vertex,
    stone: Vertex,
}

/// A state of the game.
#[derive(Debug, Clone)]
struct Node {
    pos: Position,
    last_tenuki: Option<Side>,
    /// Seed regime: the locked side's bans, by increasing point.
    bans: Vec<Ban>,
    /// Seed regime: the locked side's tenukis while holding a ban.
    waited: u8,
    /// The point where the mover would retake, at once, a ko the last move
    /// took (for the cycle rule; not part of the state's identity).
    fresh_ko: Option<Vertex>,
    /// Superko regime: the point the first move may not play (a ko given
    /// with the problem).
    start_ban: Option<Vertex>,
    /// Plain ko rule: the external ko threats each side has left.
    left: [u8; 2],
    /// Book regime: the attacker may still pass.
    book: bool,
}

/// What a move did, for the cycle rule.
#[derive(Debug, Clone, Copy)]
struct Step {
    tenuki_by: Option<Side>,
    retake: bool,
}

struct Referee {
    region: Vec<Vertex>,
    /// Empty solver-board points outside the region: never played, so a
    /// liberty there is permanent.
    outside_list: Vec<Vertex>,
    targets: Vec<Vertex>,
    exits: VertexSet,
    escape_set: VertexSet,
    attacker: Color,
    superko: bool,
    book: bool,
    threats: u8,
    master: Side,
    /// The plain simple-ko rule with threat budgets (no ko-advantaged
    /// side, no bans).
    plain: bool,
    goal: Side,
    nodes: u64,
    cap: u64,
}

impl Referee {
    fn new(problem: &Problem, regime: Regime, master: Side, goal: Side, cap: u64) -> Referee {
        let region = problem.region();
        let outside: VertexSet = problem
            .graph()
            .vertices()
            .filter(|&v| !region.contains(v) && problem.start().stones[v.index()].is_none())
            .collect();
        let (superko, threats) = match regime {
            Regime::Superko => (true, 0),
            Regime::Seed { ko_threats } | Regime::Book { ko_threats } => (false, ko_threats),
        };
        Referee {
            region: region.iter().collect(),
            outside_list: outside.iter().collect(),
            targets: problem.target_points().iter().collect(),
            exits: *problem.exit_points(),
            escape_set: *problem.escape_points(),
            attacker: problem.attacker(),
            superko,
            book: matches!(regime, Regime::Book { .. }),
            threats,
            master,
            plain: false,
            goal,
            nodes: 0,
            cap,
        }
    }

    fn side(&self, c: Color) -> Side {
        if c == self.attacker {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    fn color(&self, s: Side) -> Color {
        match s {
            Side::Attacker => self.attacker,
            Side::Defender => self.attacker.opponent(),
        }
    }

    fn locked(&self, side: Side, waited: u8) -> bool {
        !self.plain && side != self.master && waited < self.threats
    }

    fn root(&self, problem: &Problem, first: Side) -> Node {
        let mut setup = problem.start().clone();
        // The ko given with the problem binds its player to move only.
        let ko = setup
            .ko
            .take()
            .filter(|_| setup.to_move == self.color(first));
        setup.to_move = self.color(first);
        let rules = Rules {
            suicide: Suicide::Forbidden,
            repetition: Repetition::None,
            ..Rules::japanese()
        };
        let pos = Position::from_setup(setup, rules).expect("a posed problem is legal");
        let mut node = Node {
            pos,
            last_tenuki: (problem.attacker_just_tenukied() && first == Side::Defender)
                .then_some(Side::Attacker),
            bans: Vec::new(),
            waited: 0,
            fresh_ko: None,
            start_ban: None,
            left: [0, 0],
            book: self.book,
        };
        if let Some(k) = ko {
            if self.superko {
                node.start_ban = Some(k);
            } else {
                let opp = self.color(first.other());
                let stone = node.pos.graph().neighbors(k).iter().copied().find(|&u| {
                    node.pos.color_at(u) == Some(opp)
                        && node.pos.chain_size(u) == 1
                        && node.pos.atari_liberty(u) == Some(k)
                });
                if let Some(stone) = stone {
                    // The ko was just taken: retaking it at once is a
                    // retake.
                    node.fresh_ko = Some(k);
                    if self.locked(first, 0) {
                        node.bans.push(Ban { point: k, stone });
                    }
                }
            }
        }
        node
    }

    /// The winner by the stones, if the game is over.
    fn decided(&self, n: &Node) -> Option<Side> {
        let d = self.attacker.opponent();
        if !self.targets.iter().any(|&t| n.pos.color_at(t) == Some(d)) {
            return Some(Side::Attacker);
        }
        // A defender chain on an escape point with a liberty outside the
        // region: one of its stones is next to such a point.
        for &o in &self.outside_list {
            for &u in n.pos.graph().neighbors(o) {
                if n.pos.color_at(u) == Some(d)
                    && n.pos.chain_stones(u).intersects(&self.escape_set)
                {
                    return Some(Side::Defender);
                }
            }
        }
        None
    }

    /// The heads of `color`'s chains with a liberty outside the region.
    fn safe_heads(&self, pos: &Position, color: Color) -> Vec<Vertex> {
        let mut heads = Vec::new();
        for &o in &self.outside_list {
            for &u in pos.graph().neighbors(o) {
                if pos.color_at(u) == Some(color)
                    && let Some(h) = pos.chain_head(u)
                    && !heads.contains(&h)
                {
                    heads.push(h);
                }
            }
        }
        heads
    }

    /// A point all of whose neighbours are `color`'s stones with a
    /// permanent liberty (`safe`: the heads of those chains).
    fn pointless(&self, pos: &Position, color: Color, safe: &[Vertex], v: Vertex) -> bool {
        pos.graph().neighbors(v).iter().all(|&u| {
            pos.color_at(u) == Some(color) && pos.chain_head(u).is_some_and(|h| safe.contains(&h))
        })
    }

    /// Whether `color` playing `v` captures.
    fn captures(&self, pos: &Position, color: Color, v: Vertex) -> bool {
        pos.graph()
            .neighbors(v)
            .iter()
            .any(|&u| pos.color_at(u) == Some(color.opponent()) && pos.atari_liberty(u).is_some())
    }

    fn play(&self, n: &Node, v: Vertex) -> (Node, Step) {
        let color = n.pos.to_move();
        let side = self.side(color);
        // The stones this play takes: opponent chains whose last liberty is v.
        let mut taken: Vec<Vertex> = Vec::new();
        for &u in n.pos.graph().neighbors(v) {
            if n.pos.color_at(u) == Some(color.opponent()) && n.pos.atari_liberty(u).is_some() {
                for s in n.pos.chain_stones(u).iter() {
                    if !taken.contains(&s) {
                        taken.push(s);
                    }
                }
            }
        }
        let mut pos = n.pos.clone();
        pos.play_mut(color, Move::Play(v))
            .expect("the play was checked");
        let ko = (taken.len() == 1 && pos.chain_size(v) == 1 && pos.atari_liberty(v).is_some())
            .then(|| taken[0]);
        let mut child = Node {
            pos,
            last_tenuki: None,
            bans: Vec::new(),
            waited: n.waited,
            fresh_ko: ko,
            start_ban: None,
            left: n.left,
            book: n.book,
        };
        if self.plain && n.fresh_ko == Some(v) {
            // A threat played and answered elsewhere, then the retake.
            child.left[side.index()] -= 1;
        }
        if !self.superko {
            for &b in &n.bans {
                let p = &child.pos;
                let holds = p.color_at(b.point).is_none()
                    && p.color_at(b.stone).is_some()
                    && p.chain_size(b.stone) == 1
                    && p.atari_liberty(b.stone) == Some(b.point);
                if holds {
                    child.bans.push(b);
                }
            }
            if let Some(k) = ko
                && self.locked(side.other(), child.waited)
                && !child.bans.iter().any(|b| b.point == k)
            {
                child.bans.push(Ban { point: k, stone: v });
            }
            child.bans.sort_by_key(|b| b.point.index());
        }
        let step = Step {
            tenuki_by: None,
            retake: n.fresh_ko == Some(v),
        };
        (child, step)
    }

    fn tenuki(&self, n: &Node) -> (Node, Step) {
        let color = n.pos.to_move();
        let side = self.side(color);
        let mut child = n.clone();
        if side == Side::Defender && n.last_tenuki == Some(Side::Attacker) {
            // Two passes: the attacker must capture from now on.
            child.book = false;
            if n.book && self.plain {
                // The game stopped: neither side has external threats
                // left (the attacker removed the defender's while it could
                // pass; Japanese confirmation gives neither side threats).
                child.left = [0, 0];
            }
        }
        child.pos.pass(color);
        child.last_tenuki = Some(side);
        child.fresh_ko = None;
        child.start_ban = None;
        if !self.superko && !child.bans.is_empty() && self.locked(side, child.waited) {
            child.waited += 1;
            if !self.locked(side, child.waited) {
                child.bans.clear();
            }
        }
        (
            child,
            Step {
                tenuki_by: Some(side),
                retake: false,
            },
        )
    }

    /// The play of `v` from the line's last state: `Err(captures)` when it
    /// is not a move (`captures`: it would capture but is forbidden by ko
    /// or superko).
    fn try_play(&self, line: &[Node], safe: &[Vertex], v: Vertex) -> Result<(Node, Step), bool> {
        let n = line.last().expect("a line has a state");
        let color = n.pos.to_move();
        let side = self.side(color);
        if n.pos.color_at(v).is_some()
            || side == Side::Attacker && self.pointless(&n.pos, color, safe, v)
            || n.pos.check(color, v).is_err()
        {
            return Err(false);
        }
        let captures = self.captures(&n.pos, color, v);
        if side == Side::Defender
            && self.exits.contains(v)
            && !captures
            && !n.pos.graph().neighbors(v).iter().any(|&u| {
                n.pos.color_at(u) == Some(color)
                    && n.pos.chain_stones(u).intersects(&self.escape_set)
            })
        {
            return Err(false);
        }
        let banned = if self.superko {
            n.start_ban == Some(v)
        } else if self.plain {
            n.fresh_ko == Some(v) && n.left[side.index()] == 0
        } else {
            self.locked(side, n.waited) && n.bans.iter().any(|b| b.point == v)
        };
        if banned {
            return Err(captures);
        }
        let (child, step) = self.play(n, v);
        if self.superko
            && line.iter().any(|m| {
                m.pos.hash() == child.pos.hash() && m.pos.board_bytes() == child.pos.board_bytes()
            })
        {
            return Err(captures);
        }
        Ok((child, step))
    }

    fn same_state(&self, a: &Node, b: &Node) -> bool {
        a.pos.hash() == b.pos.hash()
            && a.pos.to_move() == b.pos.to_move()
            && a.last_tenuki == b.last_tenuki
            && a.waited == b.waited
            && a.left == b.left
            && a.book == b.book
            && (!self.plain || a.fresh_ko == b.fresh_ko)
            && a.bans.len() == b.bans.len()
            && a.bans.iter().zip(&b.bans).all(|(x, y)| x.point == y.point)
            && a.pos.board_bytes() == b.pos.board_bytes()
    }

    /// The winner of a cycle made of `steps` and then `last`.
    fn cycle_winner(&self, steps: &[Step], last: Step) -> Side {
        let mut att = 0;
        let mut def = 0;
        let mut retakes = 0;
        for s in steps.iter().chain(std::iter::once(&last)) {
            match s.tenuki_by {
                Some(Side::Attacker) => att += 1,
                Some(Side::Defender) => def += 1,
                None => {}
            }
            if s.retake {
                retakes += 1;
            }
        }
        match (def, att) {
            (d, a) if d > a => Side::Defender,
            (d, a) if d < a => Side::Attacker,
            _ if retakes > 0 => Side::Defender,
            // No result: a loss for the goal.
            _ => self.goal.other(),
        }
    }

    /// Whether the player to move at the line's end wins (`None`: over the
    /// node cap). Moves are generated one at a time, captures first (for
    /// speed only), the tenuki last: by then it is known whether a capture
    /// of the attacker's is forbidden.
    fn value(&mut self, line: &mut Vec<Node>, steps: &mut Vec<Step>) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return None;
        }
        let n = line.last().expect("a line has a state");
        let color = n.pos.to_move();
        let mover = self.side(color);
        let mut order: Vec<Vertex> = self
            .region
            .iter()
            .copied()
            .filter(|&v| n.pos.color_at(v).is_none())
            .collect();
        order.sort_by_key(|&v| !self.captures(&n.pos, color, v));
        let safe = match mover {
            Side::Attacker => self.safe_heads(&n.pos, color),
            Side::Defender => Vec::new(),
        };
        let mut capture_forbidden = false;
        for v in order {
            match self.try_play(line, &safe, v) {
                Ok((child, step)) => {
                    if self.wins(line, steps, child, step, mover)? {
                        return Some(true);
                    }
                }
                Err(captures) => capture_forbidden |= captures,
            }
        }
        let n = line.last().expect("a line has a state");
        let may_tenuki = match mover {
            Side::Defender => n.book || n.last_tenuki != Some(Side::Attacker),
            Side::Attacker => n.book || capture_forbidden,
        };
        if may_tenuki {
            let (child, step) = self.tenuki(n);
            if self.wins(line, steps, child, step, mover)? {
                return Some(true);
            }
        }
        // Every move loses, or there is none.
        Some(false)
    }

    /// Whether `mover`'s move to `child` wins.
    fn wins(
        &mut self,
        line: &mut Vec<Node>,
        steps: &mut Vec<Step>,
        child: Node,
        step: Step,
        mover: Side,
    ) -> Option<bool> {
        if !self.superko
            && let Some(a) = line.iter().position(|m| self.same_state(m, &child))
        {
            return Some(self.cycle_winner(&steps[a..], step) == mover);
        }
        if let Some(w) = self.decided(&child) {
            return Some(w == mover);
        }
        line.push(child);
        steps.push(step);
        let r = self.value(line, steps);
        line.pop();
        steps.pop();
        Some(!r?)
    }
}
