//! The problem model: a position, the region in play, the target stones and
//! who attacks them.
//!
//! The solver never plays on the whole board. [`Problem::new`] cuts out the
//! region and the chains around it into a small graph of its own (the
//! *solver board*): region points, the stones of every chain touching the
//! region, the empty points next to the region that are not in it, and one
//! extra empty point per surrounding chain that has liberties outside. Points
//! outside the region are never played, so those liberties are permanent:
//! the wall round a closed problem is safe, as a book reader assumes.
//!
//! Region inference (when no region is given), as a reader pasting a book
//! problem expects:
//! 1. *Closed problems.* The open board is what can be reached from far away
//!    (beyond the stones' bounding box) through empty points. Chains
//!    touching it form the wall. If only one colour has wall chains, it is
//!    the attacker; the region is the enclosed area holding the defender's
//!    stones.
//! 2. *Open problems* (the defender's stones see the open board, as in most
//!    book problems drawn in a corner): a *tsumego frame*. The region is the
//!    defender's neighbourhood: the empty points within `reach` steps of its
//!    stones (through empty points and its own stones, never through the
//!    attacker's, inside the stones' bounding box grown by one line, out to
//!    the edge where the defender comes within three lines of it; steps
//!    from the group straight towards the edge are free, so the space
//!    between the group and the edge — its eye space — is always in play,
//!    and the first line reaches one step further, where the edge tesuji
//!    are), those stones, and the attacker's chains touching them, with the
//!    liberties of the weak ones (three liberties or fewer), and every empty
//!    point just outside that lies between two of the attacker's chains
//!    which an empty point of the region beside it also lies between (a
//!    frame stone there would take a liberty from the defender's stone on
//!    that point). The attacker
//!    gets a safe stone on every empty point just outside: what the book
//!    leaves open round the problem is the attacker's. With
//!    [`ProblemSpec::room`], in a live problem, no frame stone takes a
//!    liberty of an empty region point that the attacker's stones
//!    otherwise surround (such points are in play, the frame one step
//!    further). With [`ProblemSpec::exits`], in a kill problem, the frame
//!    points on the open side are *exits* instead: empty, in play, and
//!    the defender's group reaching one has escaped. The attacker is the
//!    colour whose stones lie farther from the board edges the problem
//!    sits on.

pub mod file;
mod region;

use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Rules, Setup, Vertex, VertexSet};

use crate::error::{LineError, ProblemError};
use crate::side::Side;
use crate::state::Mv;

pub use region::RegionKind;

/// How far an open problem's region reaches from the defender's stones.
pub const DEFAULT_REACH: usize = 2;

/// Most points a region may have (the solver's tables are sized for it).
pub const MAX_REGION: usize = 120;

/// What the user gives: a position and optionally the attacker, the region
/// and the last move's nature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemSpec {
    /// The position (usually a 19x19 board), the player to move and a ko
    /// ban for it.
    pub setup: Setup,
    /// The attacking colour; inferred when `None`.
    pub attacker: Option<Color>,
    /// The region in play; inferred when `None`.
    pub region: Option<Vec<Vertex>>,
    /// The attacker's last move was a tenuki (the defender may not tenuki
    /// now).
    pub attacker_just_tenukied: bool,
    /// The target: stones whose chains the attacker must capture (the
    /// defender loses when none of these chains' points holds one of its
    /// stones). `None`: every defender stone in the region, and the defender
    /// loses when it has no stone left there (seed §1).
    pub targets: Option<Vec<Vertex>>,
    /// Open problems: how far (in empty points) the region reaches from the
    /// defender's stones.
    pub reach: usize,
    /// Open problems with the defender to play (a live problem): the frame
    /// leaves the defender's cramped points their room — no frame stone on
    /// a liberty of an empty region point that the attacker's stones
    /// otherwise surround (at most two points round it not the attacker's);
    /// such points are in play and the frame goes one step further.
    pub room: bool,
    /// Open problems with the attacker to play (a kill problem): the frame
    /// has *exit points*, where the defender's group reaching the open
    /// side counts as escaping. A frame point beside an empty point of the
    /// region that touches two empty points off the region (frame points
    /// among them) gets no frame stone: it is in play (the attacker may
    /// block there, its stone safe), not a target point, and a defender
    /// chain holding one of the defender's stones as posed that reaches it
    /// lives (it has a liberty on the open board for good). The defender
    /// plays there only to escape so or to capture. Off by default.
    pub exits: bool,
}

impl ProblemSpec {
    /// A spec with everything inferred.
    pub fn new(setup: Setup) -> ProblemSpec {
        ProblemSpec {
            setup,
            attacker: None,
            region: None,
            attacker_just_tenukied: false,
            targets: None,
            reach: DEFAULT_REACH,
            room: false,
            exits: false,
        }
    }
}

/// A posed problem: the solver board cut out of the original position.
#[derive(Debug, Clone)]
pub struct Problem {
    original: Setup,
    graph: Arc<Graph>,
    start: Setup,
    to_original: Vec<Option<Vertex>>,
    region: VertexSet,
    target_points: VertexSet,
    attacker: Color,
    kind: RegionKind,
    frame: Vec<Vertex>,
    exits: Vec<Vertex>,
    exit_points: VertexSet,
    escape_points: VertexSet,
    reach: usize,
    attacker_just_tenukied: bool,
}

impl Problem {
    /// Poses the problem: checks the position, infers what is not given and
    /// cuts out the solver board.
    pub fn new(spec: ProblemSpec) -> Result<Problem, ProblemError> {
        let rules = Rules::default();
        // The position must be legal as given.
        let original_pos = Position::from_setup(spec.setup.clone(), rules)?;
        let found = region::infer(
            &original_pos,
            spec.attacker,
            spec.region.as_deref(),
            spec.targets.as_deref(),
            spec.reach,
            spec.room,
            spec.exits,
        )?;
        let mut original = spec.setup.clone();
        for &v in &found.frame {
            original.stones[v.index()] = Some(found.attacker);
        }
        let defender = found.attacker.opponent();
        if !found
            .region
            .iter()
            .any(|v| original.stones[v.index()] == Some(defender))
        {
            return Err(ProblemError::NoTarget { defender });
        }
        if found.region.len() > MAX_REGION {
            return Err(ProblemError::TooBig {
                points: found.region.len(),
                max: MAX_REGION,
            });
        }
        let cut = region::cut(&original, &found.region)?;
        let mut start = Setup::empty(cut.graph.clone());
        for (i, o) in cut.to_original.iter().enumerate() {
            if let Some(o) = o {
                start.stones[i] = original.stones[o.index()];
            }
        }
        start.to_move = spec.setup.to_move;
        if let Some(k) = spec.setup.ko {
            let name = spec.setup.graph.vertex_name(k);
            match cut.to_original.iter().position(|o| *o == Some(k)) {
                Some(i) if cut.region.contains(crate::vx(i)) => {
                    start.ko = Some(crate::vx(i));
                }
                _ => {
                    return Err(ProblemError::BadPoint {
                        point: name,
                        reason: "the ko point is not in the region".into(),
                    });
                }
            }
        }
        // The cut position must be legal too (it is, when the original is).
        Position::from_setup(start.clone(), rules)?;
        // The exit points, on the solver board: in play, not targets.
        let mut exit_set = VertexSet::new();
        for (i, o) in cut.to_original.iter().enumerate() {
            if o.is_some_and(|o| found.exits.contains(&o)) {
                exit_set.insert(crate::vx(i));
            }
        }
        let target_points = match &spec.targets {
            None => {
                let mut t = cut.region;
                for e in exit_set.iter() {
                    t.remove(e);
                }
                t
            }
            Some(t) => {
                let mut set = VertexSet::new();
                for &v in t {
                    let name = spec.setup.graph.vertex_name(v);
                    if original_pos.color_at(v) != Some(defender) {
                        return Err(ProblemError::BadPoint {
                            point: name,
                            reason: format!("a target must be a {defender} stone"),
                        });
                    }
                    for s in original_pos.chain_stones(v).iter() {
                        match cut.to_original.iter().position(|o| *o == Some(s)) {
                            Some(i) if cut.region.contains(crate::vx(i)) => {
                                set.insert(crate::vx(i));
                            }
                            _ => {
                                return Err(ProblemError::BadPoint {
                                    point: name,
                                    reason: "the target chain is not in the region".into(),
                                });
                            }
                        }
                    }
                }
                set
            }
        };
        // With exits, only the defender's stones as posed escape: a stone
        // played later beside an exit is no group running out.
        let escape_points = if exit_set.is_empty() {
            target_points
        } else {
            target_points
                .iter()
                .filter(|v| start.stones[v.index()] == Some(defender))
                .collect()
        };
        Ok(Problem {
            original,
            graph: cut.graph,
            start,
            to_original: cut.to_original,
            region: cut.region,
            target_points,
            attacker: found.attacker,
            kind: found.kind,
            frame: found.frame,
            exits: found.exits,
            exit_points: exit_set,
            escape_points,
            reach: spec.reach,
            attacker_just_tenukied: spec.attacker_just_tenukied,
        })
    }

    /// The problem posed by the position after `moves`, played from the
    /// start with `first` to move: the stones, the player to move, the
    /// simple-ko ban the last move left and whether it was the attacker's
    /// tenuki — the position as a state, without the line's history (its
    /// result is the state's own, seed §3).
    pub fn after(&self, first: Side, moves: &[Mv]) -> Result<Problem, LineError> {
        let mut setup = self.start.clone();
        let first_color = self.color_of(first);
        if first_color != setup.to_move {
            setup.ko = None;
        }
        setup.to_move = first_color;
        let rules = Rules::japanese();
        let mut pos = Position::from_setup(setup, rules).map_err(|e| LineError {
            index: 0,
            mv: String::new(),
            reason: e.to_string(),
        })?;
        let mut attacker_tenuki = self.attacker_just_tenukied && first == Side::Defender;
        for (index, &mv) in moves.iter().enumerate() {
            let color = pos.to_move();
            let name = match mv {
                Mv::Play(v) => self.vertex_name(v),
                Mv::Tenuki => "tenuki".into(),
            };
            match mv {
                Mv::Play(v) => {
                    if !self.region.contains(v) {
                        return Err(LineError {
                            index,
                            mv: name,
                            reason: "not in the region".into(),
                        });
                    }
                    pos.play_mut(color, miai_goban::Move::Play(v))
                        .map_err(|e| LineError {
                            index,
                            mv: name,
                            reason: e.to_string(),
                        })?;
                    attacker_tenuki = false;
                }
                Mv::Tenuki => {
                    pos.pass(color);
                    attacker_tenuki = color == self.attacker;
                }
            }
        }
        let mut start = pos.to_setup();
        start.ko = pos.ko_point();
        start.captures = [0, 0];
        Ok(Problem {
            start,
            attacker_just_tenukied: attacker_tenuki,
            ..self.clone()
        })
    }

    /// The attacking colour.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The defending colour (owner of the target stones).
    pub fn defender(&self) -> Color {
        self.attacker.opponent()
    }

    /// The colour playing `side`.
    pub fn color_of(&self, side: Side) -> Color {
        match side {
            Side::Attacker => self.attacker,
            Side::Defender => self.attacker.opponent(),
        }
    }

    /// The role of `color`.
    pub fn side_of(&self, color: Color) -> Side {
        if color == self.attacker {
            Side::Attacker
        } else {
            Side::Defender
        }
    }

    /// How the region was found.
    pub fn region_kind(&self) -> RegionKind {
        self.kind
    }

    /// A framed problem's reach: how far its region reaches from the
    /// defender's stones (`None` for a closed or given region).
    pub fn reach(&self) -> Option<usize> {
        (self.kind == RegionKind::Framed).then_some(self.reach)
    }

    /// Points of the original board that got frame stones.
    pub fn frame(&self) -> &[Vertex] {
        &self.frame
    }

    /// Points of the original board left empty and in play as exits
    /// ([`ProblemSpec::exits`]).
    pub fn exits(&self) -> &[Vertex] {
        &self.exits
    }

    /// The exit points, as solver-board vertices (in the region, not
    /// target points).
    pub fn exit_points(&self) -> &VertexSet {
        &self.exit_points
    }

    /// The points whose defender chains live by reaching a permanent
    /// liberty (a point off the region that is never played): the target
    /// points, or with exits the points of the defender's stones as posed
    /// (a chain holding one of them that reaches an exit has escaped).
    pub fn escape_points(&self) -> &VertexSet {
        &self.escape_points
    }

    /// The original position (with the frame stones, if any).
    pub fn original(&self) -> &Setup {
        &self.original
    }

    /// The solver board.
    pub fn graph(&self) -> &Arc<Graph> {
        &self.graph
    }

    /// The starting position on the solver board (player to move and ko ban
    /// as given).
    pub fn start(&self) -> &Setup {
        &self.start
    }

    /// Whether the attacker's last move was a tenuki.
    pub fn attacker_just_tenukied(&self) -> bool {
        self.attacker_just_tenukied
    }

    /// The region, as solver-board vertices.
    pub fn region(&self) -> &VertexSet {
        &self.region
    }

    /// The points whose defender stones count (the region when no target
    /// was given).
    pub fn target_points(&self) -> &VertexSet {
        &self.target_points
    }

    /// The region, as original-board vertices.
    pub fn original_region(&self) -> Vec<Vertex> {
        self.region
            .iter()
            .filter_map(|v| self.to_original[v.index()])
            .collect()
    }

    /// Empty points of the region at the start.
    pub fn empty_points(&self) -> usize {
        self.region
            .iter()
            .filter(|v| self.start.stones[v.index()].is_none())
            .count()
    }

    /// The original-board vertex of a solver-board vertex (`None` for the
    /// extra liberties).
    pub fn to_original(&self, v: Vertex) -> Option<Vertex> {
        self.to_original.get(v.index()).copied().flatten()
    }

    /// The solver-board vertex of an original-board vertex, if it is on the
    /// solver board.
    pub fn from_original(&self, v: Vertex) -> Option<Vertex> {
        self.to_original
            .iter()
            .position(|o| *o == Some(v))
            .map(crate::vx)
    }

    /// The name of a solver-board vertex on the original board.
    pub fn vertex_name(&self, v: Vertex) -> String {
        match self.to_original(v) {
            Some(o) => self.original.graph.vertex_name(o),
            None => self.graph.vertex_name(v),
        }
    }

    /// A solver-board position put back on the original board.
    pub fn to_original_setup(&self, pos: &Position) -> Setup {
        let mut s = self.original.clone();
        for v in self.region.iter() {
            if let Some(o) = self.to_original(v) {
                s.stones[o.index()] = pos.color_at(v);
            }
        }
        s.to_move = pos.to_move();
        s.ko = None;
        s
    }

    /// The smallest window of a grid board holding the region and its wall
    /// (column, row, width, height; rows from the top), grown by one line.
    pub fn window(&self) -> Option<(usize, usize, usize, usize)> {
        let g = &self.original.graph;
        let (w, h) = g.dimensions()?;
        let mut x0 = usize::MAX;
        let mut y0 = usize::MAX;
        let mut x1 = 0;
        let mut y1 = 0;
        for v in self.to_original.iter().flatten() {
            let (x, y) = g.xy(*v)?;
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if x0 == usize::MAX {
            return None;
        }
        let x0 = x0.saturating_sub(1);
        let y0 = y0.saturating_sub(1);
        let x1 = (x1 + 1).min(w - 1);
        let y1 = (y1 + 1).min(h - 1);
        Some((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    }
}

/// A closed problem from rows, for the crate's unit tests: `X` (Black, the
/// attacker) and `O` (White, the defender) stones and `.` empty points in
/// the region, `#` Black stones and `+` empty points off it (the wall and
/// its permanent liberties); Black to play.
#[cfg(test)]
pub(crate) fn from_rows(rows: &[&str]) -> Problem {
    let (w, h) = (rows[0].len(), rows.len());
    let graph = Arc::new(Graph::grid(w, h).expect("a grid"));
    let mut setup = Setup::empty(graph.clone());
    let mut region = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let v = graph.at(x, y).expect("on the board");
            setup.stones[v.index()] = match c {
                'X' | '#' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            if matches!(c, 'X' | 'O' | '.') {
                region.push(v);
            }
        }
    }
    setup.to_move = Color::Black;
    let mut spec = ProblemSpec::new(setup);
    spec.attacker = Some(Color::Black);
    spec.region = Some(region);
    Problem::new(spec).expect("a legal position")
}
