//! A search state: the board of the solver, plus what the rules need beyond
//! it (the last move's tenuki, the ko bans of the ko-disadvantaged side).

use miai_goban::{
    Color, Illegal, Position, Repetition, Rules, Suicide, Vertex, VertexSet, zobrist,
};

use miai_search::hash::mix64;

use crate::benson;
use crate::problem::Problem;
use crate::regime::Regime;
use crate::side::Side;

/// A move of the search: a stone in the region, or a play elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mv {
    /// A stone on a solver-board vertex.
    Play(Vertex),
    /// A play elsewhere on the board (not a pass: seed §2(2)).
    Tenuki,
}

/// A ko the ko-disadvantaged side may not retake yet: the opponent's single
/// stone on `stone` has just one liberty, `point`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Ban {
    pub point: Vertex,
    pub stone: Vertex,
}

/// What every state of one search shares.
#[derive(Debug, Clone)]
pub(crate) struct Ctx {
    pub region: VertexSet,
    pub region_list: Vec<Vertex>,
    /// The neighbours of each point of `region_list`, four each (a point
    /// with fewer repeats its first); empty when a point has more than four
    /// or none.
    pub region_nb4: Vec<[u16; 4]>,
    /// The points with a neighbour off the region (where a permanent
    /// liberty can be: `crate::eyes`' safety tests look only there).
    pub off_region_near: VertexSet,
    pub attacker: Color,
    pub regime: Regime,
    /// Seed regime: the ko-advantaged side (`None`: neither side has
    /// threats).
    pub master: Option<Side>,
    /// Seed regime: N.
    pub threats: u8,
    /// Seed regime without a ko-advantaged side: the external ko threats
    /// each side has (by [`Side::index`]); a side with one left may retake
    /// a ko at once, using it up (the threat is played and answered
    /// elsewhere). `[0, 0]`: the plain simple-ko rule. [`UNLIMITED`]
    /// threats are never used up.
    pub budget: [u8; 2],
    /// The seki test: both sides may tenuki at any time (as passes), two
    /// tenukis in a row end the game, and the defender wins only by
    /// unconditional life.
    pub free_pass: bool,
    /// The points whose defender stones count: the defender loses when none
    /// of them holds one of its stones.
    pub targets: VertexSet,
    pub target_list: Vec<Vertex>,
    /// Region points next to a permanent liberty.
    pub near_outside: Vec<Vertex>,
    /// Exit points (`ProblemSpec::exits`): the defender plays there only
    /// to escape (to join a chain holding a stone on an `escape_list`
    /// point) or to capture.
    pub exits: VertexSet,
    /// Whether `exits` has a point.
    pub any_exit: bool,
    /// `Problem::escape_points`: a defender chain holding a stone on one
    /// of these that reaches a permanent liberty lives.
    pub escape_list: Vec<Vertex>,
    /// The same, as a set.
    pub near_outside_set: VertexSet,
    /// Stones outside the region next to a permanent liberty (the wall).
    pub wall_list: Vec<Vertex>,
    /// Close nodes by static eye-space knowledge (`crate::eyes`).
    pub eyes: bool,
    /// With `eyes`: a target chain with two small enclosed regions lives
    /// (`crate::eyes::two_regions`).
    pub eye_regions: bool,
    /// With `eyes`: a defender with at most one point of its area away
    /// from the attacker's safe stones is dead (`crate::eyes::no_room`).
    pub eye_room: bool,
    /// With `eye_room`: two inner points next to each other are no room
    /// either (`crate::eyes::no_room`).
    pub eye_room_pair: bool,
    /// With `eye_room`: the area may hold the attacker's unsafe chains when
    /// each has two empty points of its own beside it and beside a safe
    /// stone, to be joined to the safe stones first
    /// (`crate::eyes::no_room`).
    pub eye_room_connect: bool,
    /// With `eye_room_connect`: at the attacker's turn, one unsafe chain
    /// may have a single joining point, which the attacker plays first
    /// (`crate::eyes::room`).
    pub eye_room_join_one: bool,
    /// With `eye_room_pair` and `eye_room_connect`: the area may hold one
    /// unjoinable placement, a lone attacker stone in atari whose capture
    /// leaves the defender the adjacent pair at most, made without a ko
    /// (`crate::eyes::room`).
    pub eye_room_capture: bool,
    /// With `eyes`: the defender is safe by Benson's test over chains
    /// joined by miai pairs (`crate::safety`).
    pub safety: bool,
    /// With `eyes`: the defender is alive by small regions in each of
    /// which it answers the attacker's every play (`crate::life`).
    pub life: bool,
    /// df-pn+: unexplored children start from the eye-space potential
    /// (`crate::search`), not (1, 1).
    pub heuristic_init: bool,
    /// Queries with threats take the plain query's proofs that met no ko
    /// against a side with threats (`Options::plain_proofs`).
    pub plain_proofs: bool,
    /// Book regime: the stop clears the threats (`Options::book_stop`).
    pub book_stop: bool,
    /// Relevance zones in the plain queries (`Options::zones`; see
    /// `crate::search`).
    pub zones: bool,
    /// Relevance zones in the plain queries of the defender's goal only
    /// (`Options::life_zones`).
    pub life_zones: bool,
    /// Two threads divide each query that outlasts a first stretch of
    /// this many nodes (`Options::split`; see `crate::search`).
    pub split: Option<crate::search::Split>,
    /// Each vertex's bit in a zone (its index in `region_list`), or
    /// [`NO_ZONE_BIT`] off the region; all [`NO_ZONE_BIT`] when the region
    /// has more points than a zone has bits (then no zones are kept).
    pub zone_bit: Vec<u8>,
    /// The target points as a zone.
    pub zone_targets: u128,
}

/// [`Ctx::zone_bit`] of a vertex that has no bit.
pub(crate) const NO_ZONE_BIT: u8 = u8::MAX;

impl Ctx {
    pub fn new(problem: &Problem, regime: Regime, master: Option<Side>) -> Ctx {
        let region = *problem.region();
        let g = problem.graph();
        let mut outside = VertexSet::new();
        for v in g.vertices() {
            if !region.contains(v) && problem.start().stones[v.index()].is_none() {
                outside.insert(v);
            }
        }
        let near_outside: Vec<Vertex> = region
            .iter()
            .filter(|&v| g.neighbors(v).iter().any(|u| outside.contains(*u)))
            .collect();
        let near_outside_set = near_outside.iter().copied().collect();
        let region_list: Vec<Vertex> = region.iter().collect();
        let region_nb4: Vec<[u16; 4]> = region_list
            .iter()
            .map_while(|&v| {
                let nb = g.neighbors(v);
                let first = nb.first()?.index() as u16;
                (nb.len() <= 4)
                    .then(|| std::array::from_fn(|k| nb.get(k).map_or(first, |u| u.index() as u16)))
            })
            .collect();
        let region_nb4 = if region_nb4.len() == region_list.len() {
            region_nb4
        } else {
            Vec::new()
        };
        let off_region_near = g
            .vertices()
            .filter(|&v| g.neighbors(v).iter().any(|u| !region.contains(*u)))
            .collect();
        let mut zone_bit = vec![NO_ZONE_BIT; g.len()];
        if region_list.len() <= 128 {
            for (i, v) in region_list.iter().enumerate() {
                zone_bit[v.index()] = i as u8;
            }
        }
        let zone_targets = problem
            .target_points()
            .iter()
            .filter(|v| zone_bit[v.index()] != NO_ZONE_BIT)
            .fold(0u128, |z, v| z | 1u128 << zone_bit[v.index()]);
        let wall_list = g
            .vertices()
            .filter(|&v| {
                !region.contains(v)
                    && problem.start().stones[v.index()].is_some()
                    && g.neighbors(v).iter().any(|u| outside.contains(*u))
            })
            .collect();
        Ctx {
            eyes: true,
            eye_regions: false,
            eye_room: true,
            eye_room_pair: true,
            eye_room_connect: true,
            eye_room_join_one: true,
            eye_room_capture: false,
            safety: false,
            life: false,
            heuristic_init: true,
            plain_proofs: true,
            book_stop: false,
            zones: false,
            life_zones: false,
            split: None,
            zone_bit,
            zone_targets,
            wall_list,
            near_outside,
            near_outside_set,
            exits: *problem.exit_points(),
            any_exit: !problem.exit_points().is_empty(),
            escape_list: problem.escape_points().iter().collect(),
            region_list,
            region_nb4,
            off_region_near,
            region,
            attacker: problem.attacker(),
            regime,
            master,
            free_pass: false,
            budget: [0, 0],
            threats: regime.ko_threats().unwrap_or(0),
            targets: *problem.target_points(),
            target_list: problem.target_points().iter().collect(),
        }
    }

    /// Seed regime without threats for either side: the plain simple-ko
    /// rule (a ko may not be retaken at once; any other move lifts the
    /// ban), the reading of the seed's first diagrams.
    #[inline]
    pub fn plain_ko(&self) -> bool {
        self.regime.seed_rules() && self.master.is_none()
    }

    #[inline]
    pub fn color(&self, side: Side) -> Color {
        match side {
            Side::Attacker => self.attacker,
            Side::Defender => self.attacker.opponent(),
        }
    }

    #[inline]
    pub fn side(&self, color: Color) -> Side {
        if color == self.attacker {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// The rules the board enforces itself: no suicide; simple ko only in
    /// the superko regime (the seed regime keeps its own bans).
    pub fn board_rules(&self) -> Rules {
        Rules {
            suicide: Suicide::Forbidden,
            repetition: if self.regime.seed_rules() {
                Repetition::None
            } else {
                Repetition::PositionalSuperko
            },
            ..Rules::japanese()
        }
    }
}

/// One state of the search.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub pos: Position,
    /// `Some(Attacker)` when the last move was the attacker's tenuki (the
    /// defender may not tenuki now). A defender's tenuki is not recorded:
    /// it constrains nothing, and states that differ only by it are the
    /// same state (so the seed's tempo cycle repeats, §2(4)).
    pub last_tenuki: Option<Side>,
    /// Seed regime: kos the ko-disadvantaged side may not retake yet.
    pub bans: [Option<Ban>; 2],
    /// Seed regime: tenukis the ko-disadvantaged side has played while a
    /// ko was banned to it; at N it may retake kos at once for the rest of
    /// the game (it has found its threats).
    pub waited: [u8; 2],
    /// Seed regime without a ko-advantaged side: the external ko threats
    /// each side has left (see `Ctx::budget`).
    pub left: [u8; 2],
    /// Book regime: the attacker may still pass (tenuki) at any time. A
    /// defender's tenuki right after an attacker's clears it for good
    /// (two passes); from there the seed's rules hold.
    pub book: bool,
}

const KEY_TENUKI: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

/// The key of the book regime's attacker passes still allowed.
pub(crate) const KEY_BOOK: u64 = 0x6a09_e667_f3bc_c909;

/// A threat budget that is never used up (`Ctx::budget`): its side may
/// retake every ko at once. A side that wins against an opponent with
/// unlimited threats wins against any number of them.
pub(crate) const UNLIMITED: u8 = u8::MAX;

/// The key of the external ko threats left (`State::left`): 0 when none.
#[inline]
fn left_key(left: [u8; 2]) -> u64 {
    if left == [0, 0] {
        0
    } else {
        mix64(0x3c3c_0000 | ((left[0] as u64) << 8) | left[1] as u64)
    }
}

/// What the keys of a state's quiet children share ([`State::quiet_child`]),
/// computed once per node: a child's key is this base with the new stone's
/// key, less the ban on its point if there is one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct QuietKeys {
    /// The child's key without its stone: the board, the player to move,
    /// every ban, the waits, the threats left and the book passes.
    base: u64,
}

impl QuietKeys {
    /// The shared part of the keys of `s`'s quiet children.
    #[inline]
    pub fn new(s: &State) -> QuietKeys {
        let pos = &s.pos;
        let board = pos.hash();
        // Situation hash; with no ko ban the search key is the same.
        let board = match pos.to_move().opponent() {
            Color::Black => board,
            Color::White => board ^ zobrist::WHITE_TO_MOVE,
        };
        // A quiet play ends the attacker's tenuki and keeps the rest.
        let rest = Rest {
            last_tenuki: None,
            bans: s.bans,
            waited: s.waited,
            book: s.book,
        };
        QuietKeys {
            base: rest.key(board, s.left),
        }
    }

    /// [`State::quiet_child`] of `s`, whose keys these are.
    #[cfg(test)]
    pub fn child(&self, s: &State, ctx: &Ctx, v: Vertex) -> Option<(u64, u64)> {
        self.child_near(s, ctx, v, true)
    }

    /// [`QuietKeys::child`] when `opp_near` tells whether `v` has an
    /// opponent stone beside it (false: the play captures nothing, and the
    /// neighbours are not read).
    #[inline]
    pub fn child_near(
        &self,
        s: &State,
        ctx: &Ctx,
        v: Vertex,
        opp_near: bool,
    ) -> Option<(u64, u64)> {
        let pos = &s.pos;
        let color = pos.to_move();
        let opp = color.opponent();
        // An opponent chain next to the empty point `v` in atari has `v`
        // as its one liberty: the play captures it.
        if opp_near
            && pos
                .graph()
                .neighbors(v)
                .iter()
                .any(|&u| pos.color_at(u) == Some(opp) && pos.atari_liberty(u).is_some())
        {
            return None;
        }
        let stone = zobrist::stone_key(v, color);
        let board = pos.hash() ^ stone;
        let mut k = self.base ^ stone;
        // A quiet play next to a banned ko's stone is the ko's point: that
        // ban loses its shape.
        for b in s.bans.iter().flatten() {
            if b.point == v {
                k ^= ban_key(b.point);
            }
        }
        debug_assert!({
            let mut child = s.clone();
            s.play_into(ctx, Mv::Play(v), &mut child);
            child.key(ctx) == k && child.pos.hash() == board
        });
        let _ = ctx;
        Some((k, board))
    }
}

/// A state's fields that its key reads besides the board and the threats
/// left ([`State::key`]).
#[derive(Debug, Clone, Copy)]
struct Rest {
    last_tenuki: Option<Side>,
    bans: [Option<Ban>; 2],
    waited: [u8; 2],
    book: bool,
}

impl Rest {
    /// The key of a state with these fields, the board's key `board` and
    /// the threats `left`.
    #[inline]
    fn key(&self, board: u64, left: [u8; 2]) -> u64 {
        let mut k = board;
        if self.book {
            k ^= KEY_BOOK;
        }
        if let Some(s) = self.last_tenuki {
            k ^= KEY_TENUKI[s.index()];
        }
        for b in self.bans.iter().flatten() {
            k ^= ban_key(b.point);
        }
        if self.waited != [0, 0] {
            k ^= mix64(0xa5a5_0000 | ((self.waited[0] as u64) << 8) | self.waited[1] as u64);
        }
        k ^ left_key(left)
    }
}

/// Seed regime: whether `side`, having waited `waited` tenukis, must wait
/// before retaking a ko ([`State::locked`]).
#[inline]
fn locked(ctx: &Ctx, waited: [u8; 2], side: Side) -> bool {
    !ctx.plain_ko() && ctx.master != Some(side) && waited[side.index()] < ctx.threats
}

/// Bans in a canonical order, so equal states have equal keys.
#[inline]
fn canonical(bans: [Option<Ban>; 2]) -> [Option<Ban>; 2] {
    match bans {
        [None, Some(b)] => [Some(b), None],
        [Some(a), Some(b)] if a.point.index() > b.point.index() => [Some(b), Some(a)],
        other => other,
    }
}

/// The key of a seed-regime ko ban on `point`.
#[inline]
fn ban_key(point: Vertex) -> u64 {
    mix64(((point.index() as u64) << 16) | 0x5a)
}

impl State {
    /// The part of [`State::key`] that the external ko threats left
    /// (`State::left`) give: the key XOR this is the key of the same state
    /// with no threats left.
    #[inline]
    pub fn threats_part(&self) -> u64 {
        left_key(self.left)
    }

    /// The problem's starting state with `first` to move. The ko ban and
    /// the attacker's tenuki given with the problem hold only when the side
    /// they concern moves first.
    pub fn start(problem: &Problem, ctx: &Ctx, first: Side) -> State {
        let mut setup = problem.start().clone();
        let mut ko = setup.ko.take();
        let color = ctx.color(first);
        if color != setup.to_move {
            ko = None;
        }
        setup.to_move = color;
        if matches!(ctx.regime, Regime::Superko) || ctx.plain_ko() {
            setup.ko = ko;
        }
        let pos = Position::from_setup(setup, ctx.board_rules())
            .expect("the problem's start was checked when it was posed");
        let mut state = State {
            pos,
            last_tenuki: (problem.attacker_just_tenukied() && first == Side::Defender)
                .then_some(Side::Attacker),
            bans: [None, None],
            waited: [0, 0],
            left: if ctx.plain_ko() { ctx.budget } else { [0, 0] },
            // The seki test has passes of its own.
            book: ctx.regime.book() && !ctx.free_pass,
        };
        if let (true, Some(k)) = (ctx.regime.seed_rules(), ko) {
            let opp = state.pos.to_move().opponent();
            let stone = state.pos.graph().neighbors(k).iter().copied().find(|&u| {
                state.pos.color_at(u) == Some(opp)
                    && state.pos.chain_size(u) == 1
                    && state.pos.atari_liberty(u) == Some(k)
            });
            if let Some(stone) = stone
                && state.locked(ctx, first)
            {
                state.bans[0] = Some(Ban { point: k, stone });
            }
        }
        state
    }

    /// The side to move.
    #[inline]
    pub fn mover(&self, ctx: &Ctx) -> Side {
        ctx.side(self.pos.to_move())
    }

    /// The transposition key: board, player to move, last tenuki and ko
    /// bans.
    pub fn key(&self, ctx: &Ctx) -> u64 {
        let board = if ctx.regime.seed_rules() && !ctx.plain_ko() {
            self.pos.situation_hash()
        } else {
            self.pos.search_key()
        };
        Rest {
            last_tenuki: self.last_tenuki,
            bans: self.bans,
            waited: self.waited,
            book: self.book,
        }
        .key(board, self.left)
    }

    /// The key of the child a tenuki leads to ([`State::key`] of
    /// [`State::play_into`]'s child), without copying the board: a tenuki
    /// changes the player to move and lifts the simple-ko point, and the
    /// state's other fields as [`State::after_tenuki`] says.
    #[inline]
    pub fn tenuki_key(&self, ctx: &Ctx) -> u64 {
        // With no simple-ko point, the search key is the situation hash.
        let board = match self.pos.to_move() {
            Color::Black => self.pos.hash() ^ zobrist::WHITE_TO_MOVE,
            Color::White => self.pos.hash(),
        };
        let r = self.after_tenuki(ctx);
        r.key(board, self.left_after_tenuki(ctx, &r))
    }

    /// The external ko threats left after a tenuki whose fields are `r`:
    /// with [`Ctx::book_stop`], where the defender's pass ends the book
    /// regime's attacker passes (the game stops), no side has threats
    /// left — the attacker, free to pass until then, has removed the
    /// defender's (the rule that makes a bent four in the corner dead).
    #[inline]
    fn left_after_tenuki(&self, ctx: &Ctx, r: &Rest) -> [u8; 2] {
        if ctx.book_stop && self.book && !r.book {
            [0, 0]
        } else {
            self.left
        }
    }

    /// The fields other than the board and the threats left of the child a
    /// tenuki leads to.
    #[inline]
    fn after_tenuki(&self, ctx: &Ctx) -> Rest {
        let color = self.pos.to_move();
        let side = ctx.side(color);
        let mut r = Rest {
            // Book regime: a defender's pass answering the attacker's ends
            // the attacker's passes.
            book: self.book && !(side == Side::Defender && self.last_tenuki.is_some()),
            last_tenuki: (side == Side::Attacker || ctx.free_pass).then_some(side),
            bans: self.bans,
            waited: self.waited,
        };
        if self.banned(color) {
            // The banned side waits; at N it has its threats.
            r.waited[side.index()] += 1;
            if !locked(ctx, r.waited, side) {
                // (A tenuki moves no stone.)
                for slot in r.bans.iter_mut() {
                    if slot.is_some_and(|b| self.pos.color_at(b.stone) != Some(color)) {
                        *slot = None;
                    }
                }
                r.bans = canonical(r.bans);
            }
        }
        r
    }

    /// The child reached by a *quiet* play at `v` (one that captures
    /// nothing), without playing it: its key ([`State::key`]) and its
    /// board hash, or `None` when the play captures (then the child must
    /// be played out). `v` must be a legal play of the player to move.
    ///
    /// A quiet play changes the board by one stone: the hash gains its
    /// key, the player to move changes, no simple-ko ban arises (that needs
    /// a capture), the attacker's tenuki is over, and of the seed regime's
    /// ko bans exactly those on `v` lose their shape (a banned ko's stone
    /// has one liberty, its point, so a quiet play next to it is that
    /// point).
    #[cfg(test)]
    pub fn quiet_child(&self, ctx: &Ctx, v: Vertex) -> Option<(u64, u64)> {
        QuietKeys::new(self).child(self, ctx, v)
    }

    /// The winner if the game is over by the stones: the attacker when no
    /// target point holds a defender stone, the defender when one of its
    /// chains on an escape point (`Problem::escape_points`: a target point,
    /// or with exits a point of its stones as posed) has a permanent
    /// liberty outside the region.
    /// (Benson's test is the searcher's: it needs the moves.)
    pub fn decided_cheap(&self, ctx: &Ctx) -> Option<Side> {
        let d = ctx.attacker.opponent();
        if !ctx
            .target_list
            .iter()
            .any(|&v| self.pos.color_at(v) == Some(d))
        {
            return Some(Side::Attacker);
        }
        for &v in &ctx.near_outside {
            if self.pos.color_at(v) == Some(d)
                && self.holds_escape_point(ctx, self.pos.chain_head(v))
            {
                return Some(Side::Defender);
            }
        }
        None
    }

    /// Whether Benson's test decides here: at the attacker's turn when the
    /// seed's rules do not let it tenuki (no ko banned to it), or in the
    /// seki test. The book regime's attacker passes do not matter: were the
    /// defender to pass for ever (a pass after the attacker's ends them),
    /// the defender captures nothing, so no ko is ever banned to the
    /// attacker and the defender may always pass, the condition of Benson's
    /// theorem; the attacker's stones only grow, so no cycle arises.
    pub fn benson_applies(&self, ctx: &Ctx) -> bool {
        self.mover(ctx) == Side::Attacker && (ctx.free_pass || !self.may_tenuki_seed(ctx, false))
    }

    /// The defender wins by Benson's unconditional life of a target chain.
    pub fn benson(&self, ctx: &Ctx) -> Option<Side> {
        benson::alive_in(&self.pos, ctx.attacker.opponent(), &ctx.targets).then_some(Side::Defender)
    }

    /// Whether `mv` is allowed by the board and the seed regime's bans
    /// (superko is the searcher's business: it needs the line).
    pub fn check(&self, ctx: &Ctx, v: Vertex) -> Result<(), Illegal> {
        let color = self.pos.to_move();
        self.pos.check(color, v)?;
        if ctx.plain_ko() && self.is_retake(v) && self.left[ctx.side(color).index()] == 0 {
            return Err(Illegal::Ko);
        }
        if self
            .bans
            .iter()
            .flatten()
            .any(|b| b.point == v && self.pos.color_at(b.stone) != Some(color))
        {
            return Err(Illegal::Ko);
        }
        Ok(())
    }

    /// Plays on the region: the points where the mover may play, with the
    /// attacker's pointless moves left out: filling a point all of whose
    /// neighbours are its own safe stones (chains with a permanent liberty)
    /// attacks nothing and protects nothing. And, in the same pass over the
    /// region, the defender's eye-space potential (`crate::eyes::potential`: the empty
    /// points of the region next to a defender stone and to no attacker
    /// stone), returned.
    #[cfg(test)]
    pub fn plays_and_potential(&self, ctx: &Ctx, out: &mut Vec<Vertex>) -> u32 {
        let mut seen = Vec::new();
        self.plays_potential_seen(ctx, out, &mut seen)
    }

    /// [`State::plays_and_potential`], with, for each play, the cells of
    /// its neighbours (bit `c` set: a neighbour holds cell value `c` of
    /// `Position::board_bytes`, 0 empty, 1 Black, 2 White) in `seen`.
    pub fn plays_potential_seen(
        &self,
        ctx: &Ctx,
        out: &mut Vec<Vertex>,
        seen_out: &mut Vec<u8>,
    ) -> u32 {
        let color = self.pos.to_move();
        let attacker = color == ctx.attacker;
        let g = self.pos.graph();
        // Heads of the mover's chains with a permanent liberty.
        let mut safe: [Option<Vertex>; 8] = [None; 8];
        let mut n_safe = 0;
        if attacker {
            for &v in &ctx.near_outside {
                if self.pos.color_at(v) == Some(color) {
                    let h = self.pos.chain_head(v);
                    if n_safe < safe.len() && !safe[..n_safe].contains(&h) {
                        safe[n_safe] = h;
                        n_safe += 1;
                    }
                }
            }
            for &v in &ctx.wall_list {
                if self.pos.color_at(v) == Some(color) {
                    let h = self.pos.chain_head(v);
                    if n_safe < safe.len() && !safe[..n_safe].contains(&h) {
                        safe[n_safe] = h;
                        n_safe += 1;
                    }
                }
            }
        }
        let cells = self.pos.board_bytes();
        let ko = self.pos.ko_ban();
        let any_ban = self.bans.iter().any(Option::is_some);
        let def_cell: u8 = match ctx.attacker {
            Color::Black => 2,
            Color::White => 1,
        };
        let own_cell: u8 = match color {
            Color::Black => 1,
            Color::White => 2,
        };
        let mut potential = 0;
        for (i, &v) in ctx.region_list.iter().enumerate() {
            if cells[v.index()] != 0 {
                continue;
            }
            let nb = g.neighbors(v);
            // Bit c set: a neighbour holds cell value c (0 empty).
            let seen = match ctx.region_nb4.get(i) {
                Some(&[a, b, c, d]) => {
                    1 << (cells[usize::from(a)] & 3)
                        | 1 << (cells[usize::from(b)] & 3)
                        | 1 << (cells[usize::from(c)] & 3)
                        | 1 << (cells[usize::from(d)] & 3)
                }
                None => nb.iter().fold(0u8, |m, &u| m | 1 << (cells[u.index()] & 3)),
            };
            let open = seen & 1 != 0;
            if seen & (6 ^ (1 << def_cell)) == 0 && seen & (1 << def_cell) != 0 {
                potential += 1;
            }
            // An exit point: the defender plays there only to escape (a
            // stone of its own beside it, in a chain holding a stone on an
            // escape point) or to capture; a stone there alone would be a
            // safe stone out on the open board.
            if !attacker && ctx.any_exit && ctx.exits.contains(v) && !self.escapes(ctx, v) {
                continue;
            }
            // (Only a point whose neighbours are all the mover's stones can
            // be one: `seen` has no other bit.)
            if attacker
                && n_safe > 0
                && seen == 1 << own_cell
                && nb.iter().all(|&u| {
                    self.pos.color_at(u) == Some(color)
                        && safe[..n_safe].contains(&self.pos.chain_head(u))
                })
            {
                continue;
            }
            // The common case decided here: an empty neighbour makes the
            // play legal on the board unless it is the simple-ko point,
            // and without a seed-regime ban or a retake in question it is
            // legal for the search too ([`State::check`] otherwise).
            if open && ko.is_none() && !any_ban {
                out.push(v);
                seen_out.push(seen);
                continue;
            }
            if self.check(ctx, v).is_ok() {
                out.push(v);
                seen_out.push(seen);
            }
        }
        potential
    }

    /// Whether a defender's stone on the exit point `v` joins a chain
    /// holding a stone on an escape point (it escapes) or captures (an
    /// attacker chain in atari beside it).
    fn escapes(&self, ctx: &Ctx, v: Vertex) -> bool {
        let d = ctx.attacker.opponent();
        self.pos
            .graph()
            .neighbors(v)
            .iter()
            .any(|&u| match self.pos.color_at(u) {
                Some(c) if c == d => self.holds_escape_point(ctx, self.pos.chain_head(u)),
                Some(_) => self.pos.atari_liberty(u) == Some(v),
                None => false,
            })
    }

    /// Whether the defender's chain with head `head` holds a stone on an
    /// escape point (`Problem::escape_points`).
    fn holds_escape_point(&self, ctx: &Ctx, head: Option<Vertex>) -> bool {
        let d = ctx.attacker.opponent();
        ctx.escape_list
            .iter()
            .any(|&t| self.pos.color_at(t) == Some(d) && self.pos.chain_head(t) == head)
    }

    /// Whether the mover may tenuki now, given whether one of its captures
    /// is forbidden by ko (`ko_blocked`; the seed regime's bans are checked
    /// here).
    pub fn may_tenuki(&self, ctx: &Ctx, ko_blocked: bool) -> bool {
        if ctx.free_pass || self.book {
            return true;
        }
        self.may_tenuki_seed(ctx, ko_blocked)
    }

    /// [`State::may_tenuki`] by the seed's rules alone (the book regime's
    /// attacker passes left out).
    pub fn may_tenuki_seed(&self, ctx: &Ctx, ko_blocked: bool) -> bool {
        if ctx.free_pass {
            return true;
        }
        match self.mover(ctx) {
            Side::Defender => self.last_tenuki != Some(Side::Attacker),
            Side::Attacker => {
                ko_blocked
                    || self.banned(ctx.attacker)
                    || (ctx.plain_ko()
                        && self.pos.ko_point().is_some()
                        && self.left[Side::Attacker.index()] == 0)
            }
        }
    }

    /// The sides a ko stands against on the board, as a mask of bits by
    /// [`Side::index`]: the side a simple-ko point bans from retaking at
    /// once, and both sides for a seed-regime ban (their threats let a
    /// side retake only there).
    #[inline]
    pub fn kos(&self, ctx: &Ctx) -> u8 {
        let mut m = 0;
        if let Some((_, color)) = self.pos.ko_ban() {
            m |= 1 << ctx.side(color).index();
        }
        if self.bans.iter().any(Option::is_some) {
            m |= 3;
        }
        m
    }

    /// Whether the mover's capture at a simple-ko point is what the board
    /// forbids (superko regime).
    pub fn simple_ko_blocked(&self) -> bool {
        self.pos.ko_point().is_some()
    }

    /// Whether a ko is banned to `color` now.
    #[inline]
    pub fn banned(&self, color: Color) -> bool {
        self.bans
            .iter()
            .flatten()
            .any(|b| self.pos.color_at(b.stone) != Some(color))
    }

    /// Seed regime: whether `side` must wait before retaking a ko (the
    /// ko-disadvantaged side before its N tenukis).
    #[inline]
    pub fn locked(&self, ctx: &Ctx, side: Side) -> bool {
        locked(ctx, self.waited, side)
    }

    /// Whether the mover's play at `v` retakes a ko at once (a simple-ko
    /// recapture, legal only for a side with threats).
    #[inline]
    pub fn is_retake(&self, v: Vertex) -> bool {
        self.pos.ko_ban() == Some((v, self.pos.to_move()))
    }

    /// Plays `mv` into `out` (copy-make). The move must be legal.
    pub fn play_into(&self, ctx: &Ctx, mv: Mv, out: &mut State) -> u32 {
        out.pos.clone_from(&self.pos);
        out.bans = self.bans;
        out.waited = self.waited;
        out.left = self.left;
        out.book = self.book;
        let color = self.pos.to_move();
        let side = ctx.side(color);
        match mv {
            Mv::Tenuki => {
                out.pos.pass(color);
                let r = self.after_tenuki(ctx);
                out.left = self.left_after_tenuki(ctx, &r);
                out.book = r.book;
                out.last_tenuki = r.last_tenuki;
                out.bans = r.bans;
                out.waited = r.waited;
                0
            }
            Mv::Play(v) => {
                let retake = self.left[side.index()] > 0 && ctx.plain_ko() && self.is_retake(v);
                let info = out.pos.play_unchecked(color, v);
                if retake && info.captured > 0 && out.left[side.index()] != UNLIMITED {
                    // A threat played and answered elsewhere, then the
                    // retake.
                    out.left[side.index()] -= 1;
                }
                out.last_tenuki = None;
                if ctx.regime.seed_rules() {
                    // Drop bans whose ko shape is gone.
                    for slot in out.bans.iter_mut() {
                        if let Some(b) = *slot
                            && !(out.pos.color_at(b.point).is_none()
                                && out.pos.chain_size(b.stone) == 1
                                && out.pos.atari_liberty(b.stone) == Some(b.point))
                        {
                            *slot = None;
                        }
                    }
                    if let Some(k) = info.ko
                        && out.locked(ctx, side.other())
                    {
                        let ban = Ban { point: k, stone: v };
                        if let Some(slot) = out.bans.iter_mut().find(|s| s.is_none()) {
                            *slot = Some(ban);
                        } else {
                            // Two kos already banned: the oldest gives way.
                            out.bans[0] = out.bans[1];
                            out.bans[1] = Some(ban);
                        }
                    }
                    out.canonical_bans();
                }
                info.captured
            }
        }
    }

    /// Puts the bans in a canonical order, so equal states have equal keys.
    fn canonical_bans(&mut self) {
        self.bans = canonical(self.bans);
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::problem::file;

    /// Problems with kos, ko bans and permanent liberties (the seed's
    /// approach ko and its triple ko, a closed classic shape).
    fn problems() -> Vec<Problem> {
        [
            include_str!("../tests/data/seed003/04a_approach_ko_n2.txt"),
            include_str!("../tests/data/seed003/05_triple_ko.txt"),
            include_str!("../tests/data/seed003/01a_ko_just_taken.txt"),
            include_str!("../tests/data/classic/19_l_group.txt"),
        ]
        .iter()
        .map(|t| {
            let f = file::parse(t).expect("test data parses");
            Problem::new(f.spec).expect("test data poses")
        })
        .collect()
    }

    /// Along random lines, every legal play's key computed without playing
    /// (a quiet play) equals the key of the state it leads to, and a play
    /// refused as not quiet does capture; and so does the key of the
    /// tenuki's child ([`State::tenuki_key`]), with and without threats.
    #[test]
    fn quiet_child_keys_are_the_keys_of_the_played_children() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut checked, mut tenukis) = (0, 0);
        for problem in problems() {
            for regime in [
                Regime::Superko,
                Regime::Seed { ko_threats: 0 },
                Regime::Seed { ko_threats: 2 },
                Regime::Book { ko_threats: 2 },
            ] {
                for (master, budget) in [
                    (None, [0, 0]),
                    (None, [1, 0]),
                    (None, [0, UNLIMITED]),
                    (Some(Side::Attacker), [0, 0]),
                    (Some(Side::Defender), [0, 0]),
                ] {
                    let mut ctx = Ctx::new(&problem, regime, master);
                    ctx.budget = budget;
                    for first in [Side::Attacker, Side::Defender] {
                        let mut s = State::start(&problem, &ctx, first);
                        for _ in 0..40 {
                            // The tenuki's child's key, computed without
                            // playing it (whether or not a tenuki is
                            // allowed here).
                            let mut passed = s.clone();
                            s.play_into(&ctx, Mv::Tenuki, &mut passed);
                            assert_eq!(s.tenuki_key(&ctx), passed.key(&ctx));
                            tenukis += 1;
                            let mut plays = Vec::new();
                            let potential = s.plays_and_potential(&ctx, &mut plays);
                            assert_eq!(potential, crate::eyes::potential(&s.pos, &ctx));
                            for &v in &plays {
                                let mut child = s.clone();
                                let captured = s.play_into(&ctx, Mv::Play(v), &mut child);
                                match s.quiet_child(&ctx, v) {
                                    Some((key, board)) => {
                                        assert_eq!(captured, 0);
                                        assert_eq!(key, child.key(&ctx));
                                        assert_eq!(board, child.pos.hash());
                                        checked += 1;
                                    }
                                    None => assert!(captured > 0),
                                }
                            }
                            let mv = if plays.is_empty() || rng.random_bool(0.1) {
                                Mv::Tenuki
                            } else {
                                Mv::Play(*plays.choose(&mut rng).expect("a play"))
                            };
                            let mut next = s.clone();
                            s.play_into(&ctx, mv, &mut next);
                            s = next;
                            if s.decided_cheap(&ctx).is_some() {
                                break;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} quiet plays checked");
        assert!(tenukis > 1000, "only {tenukis} tenukis checked");
    }
}
