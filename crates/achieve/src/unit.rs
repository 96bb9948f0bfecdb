//! Work units: a proof cut into subproblems that separate processes (or
//! machines) solve on their own, and the merge that puts the answers back
//! together into the root verdict and one certificate.
//!
//! Three JSON documents, each with `format`, `version` ([`VERSION`]) and
//! `engine` (`"achieve"`) first, so that a reader can refuse what it does
//! not know:
//!
//! - the **split manifest** ([`SplitManifest`], `format: "miai-split"`): the
//!   problem (the game, who moves first, where it comes from), the depth,
//!   the limits, and the top of the game tree as a list of nodes: inner
//!   nodes (side to move, `[cell, child]` edges), ended lines (who won) and
//!   units (an id);
//! - a **unit** ([`Unit`], `format: "miai-unit"`): the problem, the moves
//!   played from the empty board (alternating, `first` first), the limits and
//!   whether to write the winner's strategy; any `miai` binary solves it
//!   alone ([`solve_unit`]);
//! - a **result** ([`UnitResult`], `format: "miai-unit-result"`): the unit's
//!   id and moves again, the winner (or why the search stopped), nodes,
//!   seconds and, when asked for, the winner's strategy from that position
//!   as certificate `move` lines.
//!
//! The top tree is the game tree of the first `depth` moves, with every
//! empty cell of a live winning set tried at every node (the moves the
//! certificate checker replays; cells in no live set are passes and never
//! tried), positions merged by the certificate's key (Maker's cells in the
//! live sets, the live sets' union, the side to move; equal keys are the
//! same game), and lines that end inside it (Maker holds a set, or no set
//! is live) decided there. Every position at depth `depth` that is not
//! decided is one unit. The solver's move pruning is *not* used above the
//! units: it is sound for the value, but the certificate must answer every
//! loser move, so the top tree keeps them all.
//!
//! [`merge`] rebuilds the top tree from the manifest's problem and depth
//! (and refuses a manifest whose tree differs), evaluates it by minimax
//! from the unit results (a node is decided when the side to move has a
//! child it wins, or loses every child), and, when the root is decided and
//! the units carry strategies, writes one certificate: the top tree's
//! winning moves plus the union of the units' strategies. The union is a
//! sound strategy because every entry's move keeps a won position won and
//! every position it leads to has an entry in the union (see
//! `docs/achieve.md`); `miai achieve verify` checks it like any other.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::time::Duration;

use miai_search::{Cancel, Limits, Progress, Stop};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::area::Area;
use crate::certificate::{Certificate, Origin};
use crate::creature::Creature;
use crate::error::HypergraphError;
use crate::family::family;
use crate::hypergraph::{Hypergraph, cells_of};
use crate::player::Player;
use crate::report::GameReport;
use crate::solver::{Solver, Verdict};

/// The version of the three formats written here.
pub const VERSION: u32 = 1;
/// The `engine` field of this crate's documents.
pub const ENGINE: &str = "achieve";
/// The most units one split may write.
pub const MAX_UNITS: usize = 200_000;

/// A certificate key (Maker's live cells, live cells) and the reply.
type StrategyEntry = ((u128, u128), usize);

const SPLIT_FORMAT: &str = "miai-split";
const UNIT_FORMAT: &str = "miai-unit";
const RESULT_FORMAT: &str = "miai-unit-result";

/// Why a split, a unit or a merge cannot be used.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum UnitError {
    /// Not JSON of the expected shape.
    #[error("{what}: {message}")]
    Json {
        /// Which document.
        what: &'static str,
        /// The parser's message (with line and column).
        message: String,
    },
    /// Another format, engine or version than this binary reads.
    #[error(
        "{what}: format {format:?} engine {engine:?} version {version}: this miai reads format {expected:?}, engine \"achieve\", version 1"
    )]
    Format {
        /// Which document.
        what: &'static str,
        /// Its format field.
        format: String,
        /// Its engine field.
        engine: String,
        /// Its version field.
        version: u32,
        /// The format expected.
        expected: &'static str,
    },
    /// The problem's game is not valid.
    #[error("problem: {0}")]
    Game(#[from] HypergraphError),
    /// The problem's origin fields are not valid or do not give its sets.
    #[error("problem: {0}")]
    Problem(String),
    /// A move of a unit cannot be played.
    #[error("unit {id}: move {index} (cell {cell}) {why}")]
    Move {
        /// The unit.
        id: String,
        /// 0-based index of the move.
        index: usize,
        /// The cell.
        cell: usize,
        /// Why not.
        why: &'static str,
    },
    /// The depth asks for too many units.
    #[error("depth {depth} gives more than {max} units: choose a smaller depth")]
    TooManyUnits {
        /// The depth asked for.
        depth: usize,
        /// [`MAX_UNITS`].
        max: usize,
    },
    /// The manifest's tree is not the tree of its problem and depth.
    #[error("split manifest: its tree is not the top tree of its problem at depth {depth}")]
    TreeMismatch {
        /// The manifest's depth.
        depth: usize,
    },
    /// A result that belongs to no unit of the split, or to another position.
    #[error("result {id}: {why}")]
    Stray {
        /// The result's id.
        id: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A result field that cannot be read.
    #[error("result {id}: {why}")]
    BadResult {
        /// The result's id.
        id: String,
        /// What is wrong.
        why: String,
    },
    /// Results missing for the root to be decided.
    #[error(
        "{missing} of {units} units have no result (first: {first}); the root is not decided without them"
    )]
    Missing {
        /// How many are missing.
        missing: usize,
        /// Units of the split.
        units: usize,
        /// The first missing id.
        first: String,
    },
    /// A certificate was asked for but a unit the proof needs has none.
    #[error("unit {id} has no strategy: split with certificates to merge one")]
    NoStrategy {
        /// The unit.
        id: String,
    },
}

/// A problem as written in the JSON documents: the game (cells and winning
/// sets as cell lists), who moves first and, for a creature's family, the
/// creature, area, anchor and mirror flag (checked against the sets on
/// reading).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProblemJson {
    /// Cells `0..cells`.
    pub cells: usize,
    /// Winning sets, one cell list each.
    pub sets: Vec<Vec<usize>>,
    /// `maker` or `breaker`.
    pub first: String,
    /// The creature, e.g. `0,4,5,7,15` (a family's game only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<String>,
    /// The area: `14` or `tile 0,1,4,5`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    /// The anchor stone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<usize>,
    /// Whether mirror images count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mirror: Option<bool>,
}

/// A problem: the game, where it comes from and who moves first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The game.
    pub game: Hypergraph,
    /// Where it comes from (written into the certificate).
    pub origin: Origin,
    /// Who moves first.
    pub first: Player,
}

impl Problem {
    /// The JSON form.
    pub fn to_json(&self) -> ProblemJson {
        let mut p = ProblemJson {
            cells: self.game.cells(),
            sets: self.game.set_lists(),
            first: self.first.to_string(),
            creature: None,
            area: None,
            anchor: None,
            mirror: None,
        };
        if let Origin::Family {
            creature,
            area,
            anchor,
            mirror,
        } = &self.origin
        {
            p.creature = Some(creature.to_string());
            p.area = Some(area.to_string());
            p.anchor = Some(*anchor);
            p.mirror = Some(*mirror);
        }
        p
    }

    /// Reads the JSON form; a family's sets must be the family of its
    /// creature, area and anchor.
    ///
    /// # Errors
    /// A bad game, origin or first player.
    pub fn from_json(p: &ProblemJson) -> Result<Problem, UnitError> {
        let first = p.first.parse::<Player>().map_err(UnitError::Problem)?;
        let game = Hypergraph::new(p.cells, &p.sets)?;
        let bad = |e: &dyn std::fmt::Display| UnitError::Problem(e.to_string());
        let origin = match (&p.creature, &p.area, p.anchor) {
            (None, None, None) => Origin::Sets,
            (Some(c), Some(a), Some(anchor)) => {
                let creature: Creature = c.parse().map_err(|e| bad(&e))?;
                let area = match a.strip_prefix("tile") {
                    Some(t) => Area::parse_tile(t).map_err(|e| bad(&e))?,
                    None => {
                        let k = a.trim().parse::<usize>().map_err(|_| {
                            UnitError::Problem(format!("area `{a}` is not a size or a tile"))
                        })?;
                        Area::consecutive(k).map_err(|e| bad(&e))?
                    }
                };
                let mirror = p.mirror.unwrap_or(false);
                let derived = family(&creature, &area, anchor, mirror).map_err(|e| bad(&e))?;
                if derived.set_lists() != game.set_lists() || derived.cells() != game.cells() {
                    return Err(UnitError::Problem(format!(
                        "the sets are not the family of creature {creature} on area {area} \
                         (anchor {anchor})"
                    )));
                }
                return Ok(Problem {
                    game: derived,
                    origin: Origin::Family {
                        creature,
                        area,
                        anchor,
                        mirror,
                    },
                    first,
                });
            }
            _ => {
                return Err(UnitError::Problem(
                    "give creature, area and anchor together, or none of them".into(),
                ));
            }
        };
        Ok(Problem {
            game,
            origin,
            first,
        })
    }
}

/// Limits as written in a unit: `null` is "no limit" (the table: the
/// solver's default).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct LimitsJson {
    /// Nodes at most.
    pub max_nodes: Option<u64>,
    /// Seconds at most.
    pub max_seconds: Option<f64>,
    /// Table bytes at most.
    pub table_bytes: Option<usize>,
}

impl From<Limits> for LimitsJson {
    fn from(l: Limits) -> LimitsJson {
        LimitsJson {
            max_nodes: l.max_nodes,
            max_seconds: l.max_time.map(|t| t.as_secs_f64()),
            table_bytes: l.table_bytes,
        }
    }
}

impl LimitsJson {
    /// The limits (a negative or non-finite time is no limit).
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            max_time: self
                .max_seconds
                .and_then(|s| Duration::try_from_secs_f64(s).ok()),
            table_bytes: self.table_bytes,
        }
    }
}

/// One subproblem: the position after `moves` (from the empty board,
/// alternating, the problem's `first` first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// `miai-unit`.
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// [`ENGINE`].
    pub engine: String,
    /// The unit's name, unique within its split (`u00000`, ...).
    pub id: String,
    /// The problem.
    pub problem: ProblemJson,
    /// Cells played from the empty board.
    pub moves: Vec<usize>,
    /// The search's limits.
    pub limits: LimitsJson,
    /// Whether the result carries the winner's strategy.
    pub certificate: bool,
}

/// The answer to one [`Unit`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitResult {
    /// `miai-unit-result`.
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// [`ENGINE`].
    pub engine: String,
    /// The unit's id.
    pub id: String,
    /// The unit's moves (checked by the merge).
    pub moves: Vec<usize>,
    /// `maker` or `breaker`; `null` when the search stopped first.
    pub winner: Option<String>,
    /// Why the search stopped (`nodes`, `time`, `memory`, `cancelled`).
    pub cut_off: Option<String>,
    /// Nodes searched (the strategy's writing included).
    pub nodes: u64,
    /// Seconds of the search (and of writing the strategy).
    pub seconds: f64,
    /// The winner's strategy from the unit's position, one certificate
    /// `move` line body each (`maker-cells live-cells reply`, hex hex
    /// decimal), when the unit asked for it and the search was proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Vec<String>>,
}

/// A node of the top tree, as written in the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TreeNode {
    /// The side to move tries every `[cell, child node]`.
    Inner {
        /// `maker` or `breaker`.
        to_move: String,
        /// `[cell, index of the child node]`.
        children: Vec<[usize; 2]>,
    },
    /// A line that ended inside the top tree.
    Ended {
        /// Who won it.
        winner: String,
    },
    /// A position solved by a unit.
    Unit {
        /// The unit's id.
        id: String,
    },
}

/// The split's manifest (`split.json`): the problem, the top tree and the
/// number of units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SplitManifest {
    /// `miai-split`.
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// [`ENGINE`].
    pub engine: String,
    /// The problem.
    pub problem: ProblemJson,
    /// Moves in the top tree.
    pub depth: usize,
    /// The units' limits.
    pub limits: LimitsJson,
    /// Whether the units write strategies.
    pub certificate: bool,
    /// Units written.
    pub units: usize,
    /// The top tree, root first.
    pub tree: Vec<TreeNode>,
}

/// A split: its manifest and its units.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// The manifest.
    pub manifest: SplitManifest,
    /// The units, in order of their ids.
    pub units: Vec<Unit>,
}

/// The file name of a unit (`u00017.json`) in the split's directory.
pub fn unit_file(id: &str) -> String {
    format!("{id}.json")
}

/// The file name of a unit's result (`u00017.result.json`).
pub fn result_file(id: &str) -> String {
    format!("{id}.result.json")
}

/// The file name of the split's manifest.
pub const MANIFEST_FILE: &str = "split.json";

#[derive(Debug, Clone)]
enum Kind {
    Inner(Vec<(usize, usize)>),
    Ended(Player),
    Unit(usize),
}

#[derive(Debug, Clone)]
struct Node {
    /// The certificate key: Maker's cells in the live sets, their union.
    key: (u128, u128),
    to_move: Player,
    kind: Kind,
}

/// The top tree in memory.
struct Top {
    nodes: Vec<Node>,
    /// Each unit's moves.
    units: Vec<Vec<usize>>,
}

fn live_all(sets: &[u128], breaker: u128) -> u128 {
    sets.iter()
        .filter(|&&s| s & breaker == 0)
        .fold(0, |a, &s| a | s)
}

fn unit_id(i: usize) -> String {
    format!("u{i:05}")
}

impl Top {
    fn build(game: &Hypergraph, first: Player, depth: usize) -> Result<Top, UnitError> {
        let mut top = Top {
            nodes: Vec::new(),
            units: Vec::new(),
        };
        let mut index = HashMap::new();
        let mut path = Vec::new();
        top.expand(
            game.sets(),
            (0, 0, first),
            depth,
            &mut path,
            &mut index,
            depth,
        )?;
        Ok(top)
    }

    fn expand(
        &mut self,
        sets: &[u128],
        (maker, breaker, to_move): (u128, u128, Player),
        left: usize,
        path: &mut Vec<usize>,
        index: &mut HashMap<(u128, u128, Player), usize>,
        depth: usize,
    ) -> Result<usize, UnitError> {
        let live = live_all(sets, breaker);
        let key = (maker & live, live);
        let ended = if sets.iter().any(|&s| s & !maker == 0) {
            Some(Player::Maker)
        } else if live == 0 {
            Some(Player::Breaker)
        } else {
            None
        };
        if let Some(w) = ended {
            self.nodes.push(Node {
                key,
                to_move,
                kind: Kind::Ended(w),
            });
            return Ok(self.nodes.len() - 1);
        }
        if let Some(&i) = index.get(&(key.0, key.1, to_move)) {
            return Ok(i);
        }
        let me = self.nodes.len();
        index.insert((key.0, key.1, to_move), me);
        if left == 0 {
            if self.units.len() >= MAX_UNITS {
                return Err(UnitError::TooManyUnits {
                    depth,
                    max: MAX_UNITS,
                });
            }
            self.nodes.push(Node {
                key,
                to_move,
                kind: Kind::Unit(self.units.len()),
            });
            self.units.push(path.clone());
            return Ok(me);
        }
        self.nodes.push(Node {
            key,
            to_move,
            kind: Kind::Inner(Vec::new()),
        });
        let mut children = Vec::new();
        for c in cells_of(live & !maker) {
            let bit = 1u128 << c;
            let next = match to_move {
                Player::Maker => (maker | bit, breaker, Player::Breaker),
                Player::Breaker => (maker, breaker | bit, Player::Maker),
            };
            path.push(c);
            let child = self.expand(sets, next, left - 1, path, index, depth)?;
            path.pop();
            children.push((c, child));
        }
        self.nodes[me].kind = Kind::Inner(children);
        Ok(me)
    }

    fn json(&self) -> Vec<TreeNode> {
        self.nodes
            .iter()
            .map(|n| match &n.kind {
                Kind::Inner(ch) => TreeNode::Inner {
                    to_move: n.to_move.to_string(),
                    children: ch.iter().map(|&(c, i)| [c, i]).collect(),
                },
                Kind::Ended(w) => TreeNode::Ended {
                    winner: w.to_string(),
                },
                Kind::Unit(u) => TreeNode::Unit { id: unit_id(*u) },
            })
            .collect()
    }
}

/// Cuts `problem` into the units of its top tree of `depth` moves (see the
/// module documentation); the units search under `limits` and write
/// strategies when `certificate`.
///
/// # Errors
/// More than [`MAX_UNITS`] units.
pub fn split(
    problem: &Problem,
    depth: usize,
    limits: Limits,
    certificate: bool,
) -> Result<Split, UnitError> {
    let top = Top::build(&problem.game, problem.first, depth)?;
    let pj = problem.to_json();
    let lj = LimitsJson::from(limits);
    let units = top
        .units
        .iter()
        .enumerate()
        .map(|(i, moves)| Unit {
            format: UNIT_FORMAT.into(),
            version: VERSION,
            engine: ENGINE.into(),
            id: unit_id(i),
            problem: pj.clone(),
            moves: moves.clone(),
            limits: lj,
            certificate,
        })
        .collect::<Vec<_>>();
    Ok(Split {
        manifest: SplitManifest {
            format: SPLIT_FORMAT.into(),
            version: VERSION,
            engine: ENGINE.into(),
            problem: pj,
            depth,
            limits: lj,
            certificate,
            units: units.len(),
            tree: top.json(),
        },
        units,
    })
}

fn check_format(
    what: &'static str,
    format: &str,
    engine: &str,
    version: u32,
    expected: &'static str,
) -> Result<(), UnitError> {
    if format != expected || engine != ENGINE || version != VERSION {
        return Err(UnitError::Format {
            what,
            format: format.into(),
            engine: engine.into(),
            version,
            expected,
        });
    }
    Ok(())
}

fn from_json<T: for<'de> Deserialize<'de>>(what: &'static str, text: &str) -> Result<T, UnitError> {
    serde_json::from_str(text).map_err(|e| UnitError::Json {
        what,
        message: e.to_string(),
    })
}

/// The header every document starts with, read first so that a wrong
/// format or version is named as such rather than as a missing field.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    format: String,
    #[serde(default)]
    version: u32,
    #[serde(default)]
    engine: String,
}

fn read_checked<T: for<'de> Deserialize<'de>>(
    what: &'static str,
    text: &str,
    expected: &'static str,
) -> Result<T, UnitError> {
    let h: Header = from_json(what, text)?;
    check_format(what, &h.format, &h.engine, h.version, expected)?;
    from_json(what, text)
}

impl Unit {
    /// Reads a unit, refusing another format, engine or version.
    ///
    /// # Errors
    /// Not a version-1 achieve unit.
    pub fn from_json(text: &str) -> Result<Unit, UnitError> {
        read_checked("unit", text, UNIT_FORMAT)
    }

    /// The position after the moves: `(maker, breaker, side to move)`.
    ///
    /// # Errors
    /// A move off the board or on an occupied cell, or a move after the
    /// game ended.
    pub fn position(&self, problem: &Problem) -> Result<(u128, u128, Player), UnitError> {
        let sets = problem.game.sets();
        let (mut maker, mut breaker, mut to_move) = (0u128, 0u128, problem.first);
        for (index, &cell) in self.moves.iter().enumerate() {
            let bad = |why| UnitError::Move {
                id: self.id.clone(),
                index,
                cell,
                why,
            };
            if cell >= problem.game.cells() {
                return Err(bad("is off the board"));
            }
            let bit = 1u128 << cell;
            if (maker | breaker) & bit != 0 {
                return Err(bad("is on an occupied cell"));
            }
            if sets.iter().any(|&s| s & !maker == 0) || live_all(sets, breaker) == 0 {
                return Err(bad("comes after the game ended"));
            }
            match to_move {
                Player::Maker => maker |= bit,
                Player::Breaker => breaker |= bit,
            }
            to_move = to_move.other();
        }
        Ok((maker, breaker, to_move))
    }
}

impl UnitResult {
    /// Reads a result, refusing another format, engine or version.
    ///
    /// # Errors
    /// Not a version-1 achieve result.
    pub fn from_json(text: &str) -> Result<UnitResult, UnitError> {
        read_checked("result", text, RESULT_FORMAT)
    }

    /// The winner, `None` if the search stopped first.
    ///
    /// # Errors
    /// A winner that is not `maker` or `breaker`.
    pub fn winner(&self) -> Result<Option<Player>, UnitError> {
        self.winner
            .as_deref()
            .map(|w| {
                w.parse::<Player>().map_err(|why| UnitError::BadResult {
                    id: self.id.clone(),
                    why,
                })
            })
            .transpose()
    }

    fn strategy_entries(&self) -> Result<Vec<StrategyEntry>, UnitError> {
        let bad = |why: String| UnitError::BadResult {
            id: self.id.clone(),
            why,
        };
        let Some(lines) = &self.strategy else {
            return Err(UnitError::NoStrategy {
                id: self.id.clone(),
            });
        };
        lines
            .iter()
            .map(|l| {
                let p: Vec<&str> = l.split_whitespace().collect();
                let [m, live, c] = p.as_slice() else {
                    return Err(bad(format!("strategy line `{l}` has not three fields")));
                };
                let hex = |s: &str| {
                    u128::from_str_radix(s, 16)
                        .map_err(|_| bad(format!("strategy line `{l}`: `{s}` is not hex")))
                };
                let cell = c
                    .parse::<usize>()
                    .map_err(|_| bad(format!("strategy line `{l}`: `{c}` is not a cell")))?;
                Ok(((hex(m)?, hex(live)?), cell))
            })
            .collect()
    }
}

impl SplitManifest {
    /// Reads a manifest, refusing another format, engine or version.
    ///
    /// # Errors
    /// Not a version-1 achieve split manifest.
    pub fn from_json(text: &str) -> Result<SplitManifest, UnitError> {
        read_checked("split manifest", text, SPLIT_FORMAT)
    }
}

/// Solves one unit under `limits` (normally [`LimitsJson::limits`] of the
/// unit; the caller may override them), stopping once `cancel` is raised.
///
/// # Errors
/// A bad problem or move list.
pub fn solve_unit(
    unit: &Unit,
    limits: Limits,
    cancel: Option<&Cancel>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<UnitResult, UnitError> {
    check_format(
        "unit",
        &unit.format,
        &unit.engine,
        unit.version,
        UNIT_FORMAT,
    )?;
    let problem = Problem::from_json(&unit.problem)?;
    let position = unit.position(&problem)?;
    let mut solver = Solver::new(&problem.game, limits)?;
    if let Some(c) = cancel {
        solver = solver.with_cancel(c);
    }
    let start = std::time::Instant::now();
    let (winner, cut_off, strategy) = if unit.certificate {
        match Certificate::build_from(
            &mut solver,
            &problem.game,
            problem.origin.clone(),
            problem.first,
            position,
            progress,
        ) {
            Ok(cert) => (
                Some(cert.winner),
                None,
                Some(
                    cert.strategy
                        .iter()
                        .map(|(&(m, l), &c)| format!("{m:x} {l:x} {c}"))
                        .collect(),
                ),
            ),
            Err(stop) => (None, Some(stop), None),
        }
    } else {
        let (m, b, to_move) = position;
        match solver.winner(m, b, to_move, progress) {
            Ok(w) => (Some(w), None, None),
            Err(stop) => (None, Some(stop), None),
        }
    };
    Ok(UnitResult {
        format: RESULT_FORMAT.into(),
        version: VERSION,
        engine: ENGINE.into(),
        id: unit.id.clone(),
        moves: unit.moves.clone(),
        winner: winner.map(|w| w.to_string()),
        cut_off: cut_off.map(|s| s.word().to_string()),
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
        strategy,
    })
}

/// What [`merge`] found.
#[derive(Debug, Clone)]
pub struct Merged {
    /// The problem.
    pub problem: Problem,
    /// The root's verdict.
    pub verdict: Verdict,
    /// Nodes of all units read.
    pub nodes: u64,
    /// Seconds of all units read (summed: CPU time, not wall time).
    pub seconds: f64,
    /// Units of the split.
    pub units: usize,
    /// Units with a result.
    pub solved: usize,
    /// Nodes of the top tree (inner, ended, unit).
    pub tree_nodes: usize,
    /// The merged certificate, when asked for and the root is proven.
    pub certificate: Option<Certificate>,
}

fn stop_from_word(w: &str) -> Option<Stop> {
    [Stop::Nodes, Stop::Time, Stop::Memory, Stop::Cancelled]
        .into_iter()
        .find(|s| s.word() == w)
}

/// Combines unit results by minimax on the top tree into the root verdict
/// and, with `certificate`, one certificate for the whole game.
///
/// # Errors
/// A manifest whose tree is not its problem's, a result for no unit (or
/// another position), results missing where the root needs them, or a
/// certificate asked for from units without strategies.
pub fn merge(
    manifest: &SplitManifest,
    results: &[UnitResult],
    certificate: bool,
) -> Result<Merged, UnitError> {
    check_format(
        "split manifest",
        &manifest.format,
        &manifest.engine,
        manifest.version,
        SPLIT_FORMAT,
    )?;
    let problem = Problem::from_json(&manifest.problem)?;
    let top = Top::build(&problem.game, problem.first, manifest.depth)?;
    if top.json() != manifest.tree || top.units.len() != manifest.units {
        return Err(UnitError::TreeMismatch {
            depth: manifest.depth,
        });
    }
    let mut by_unit: Vec<Option<&UnitResult>> = vec![None; top.units.len()];
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for r in results {
        check_format("result", &r.format, &r.engine, r.version, RESULT_FORMAT)?;
        let stray = |why| UnitError::Stray {
            id: r.id.clone(),
            why,
        };
        let i =
            r.id.strip_prefix('u')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&i| i < top.units.len() && unit_id(i) == r.id)
                .ok_or_else(|| stray("no unit of the split has this id"))?;
        if r.moves != top.units[i] {
            return Err(stray("its moves are not the unit's"));
        }
        if by_unit[i].is_some() {
            return Err(stray("given twice"));
        }
        r.winner()?;
        by_unit[i] = Some(r);
        nodes += r.nodes;
        seconds += r.seconds;
    }
    // Minimax, children before parents (a child's index is larger than
    // its first parent's, except for transpositions, which are memoised).
    let mut value: Vec<Option<Option<Player>>> = vec![None; top.nodes.len()];
    let root = eval(&top, &by_unit, 0, &mut value)?;
    let solved = by_unit.iter().filter(|r| r.is_some()).count();
    let verdict = match root {
        Some(w) => Verdict::Proven(w),
        None => {
            if let Some(i) = by_unit.iter().position(Option::is_none) {
                return Err(UnitError::Missing {
                    missing: by_unit.len() - solved,
                    units: by_unit.len(),
                    first: unit_id(i),
                });
            }
            let stop = by_unit
                .iter()
                .flatten()
                .find_map(|r| r.cut_off.as_deref().and_then(stop_from_word))
                .unwrap_or(Stop::Nodes);
            Verdict::CutOff(stop)
        }
    };
    let certificate = match (certificate, root) {
        (true, Some(winner)) => {
            let mut strategy = BTreeMap::new();
            let mut seen = vec![false; top.nodes.len()];
            assemble(&top, &by_unit, &value, winner, 0, &mut seen, &mut strategy)?;
            Some(Certificate {
                origin: problem.origin.clone(),
                game: problem.game.clone(),
                first: problem.first,
                winner,
                within: None,
                start: crate::certificate::Start::empty(),
                strategy,
                pairings: BTreeMap::new(),
            })
        }
        _ => None,
    };
    Ok(Merged {
        problem,
        verdict,
        nodes,
        seconds,
        units: top.units.len(),
        solved,
        tree_nodes: top.nodes.len(),
        certificate,
    })
}

/// The value of node `i`: `Some(winner)` or `None` (not decided by the
/// results given).
fn eval(
    top: &Top,
    by_unit: &[Option<&UnitResult>],
    i: usize,
    value: &mut [Option<Option<Player>>],
) -> Result<Option<Player>, UnitError> {
    if let Some(v) = value[i] {
        return Ok(v);
    }
    let node = &top.nodes[i];
    let v = match &node.kind {
        Kind::Ended(w) => Some(*w),
        Kind::Unit(u) => match by_unit[*u] {
            Some(r) => r.winner()?,
            None => None,
        },
        Kind::Inner(children) => {
            let mut all_lost = true;
            let mut won = false;
            for &(_, c) in children {
                match eval(top, by_unit, c, value)? {
                    Some(w) if w == node.to_move => {
                        won = true;
                        break;
                    }
                    Some(_) => {}
                    None => all_lost = false,
                }
            }
            if won {
                Some(node.to_move)
            } else if all_lost {
                Some(node.to_move.other())
            } else {
                None
            }
        }
    };
    value[i] = Some(v);
    Ok(v)
}

/// Adds the winner's moves of the top tree below node `i` and the
/// strategies of the units they lead to. The first entry for a position
/// stays (any entry is a winning move whose continuation is in the map).
fn assemble(
    top: &Top,
    by_unit: &[Option<&UnitResult>],
    value: &[Option<Option<Player>>],
    winner: Player,
    i: usize,
    seen: &mut [bool],
    strategy: &mut BTreeMap<(u128, u128), usize>,
) -> Result<(), UnitError> {
    if seen[i] {
        return Ok(());
    }
    seen[i] = true;
    let node = &top.nodes[i];
    match &node.kind {
        Kind::Ended(_) => Ok(()),
        Kind::Unit(u) => {
            let Some(r) = by_unit[*u] else {
                return Err(UnitError::NoStrategy { id: unit_id(*u) });
            };
            for (key, cell) in r.strategy_entries()? {
                strategy.entry(key).or_insert(cell);
            }
            Ok(())
        }
        Kind::Inner(children) => {
            if node.to_move == winner {
                let Some(&(cell, c)) = children
                    .iter()
                    .find(|&&(_, c)| value[c] == Some(Some(winner)))
                else {
                    return Ok(()); // not reached for a decided root
                };
                strategy.entry(node.key).or_insert(cell);
                assemble(top, by_unit, value, winner, c, seen, strategy)
            } else {
                for &(_, c) in children {
                    assemble(top, by_unit, value, winner, c, seen, strategy)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for SplitManifest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ended = self
            .tree
            .iter()
            .filter(|n| matches!(n, TreeNode::Ended { .. }))
            .count();
        writeln!(
            f,
            "{} units after {} move{} ({} top-tree nodes, {} lines ended inside it){}",
            self.units,
            self.depth,
            if self.depth == 1 { "" } else { "s" },
            self.tree.len(),
            ended,
            if self.certificate {
                "; the units write strategies"
            } else {
                ""
            }
        )
    }
}

impl fmt::Display for UnitResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match (&self.winner, &self.cut_off) {
            (Some(w), _) => format!("{}{} wins", w[..1].to_uppercase(), &w[1..]),
            (None, Some(c)) => format!("unproven ({c} limit)"),
            (None, None) => "unproven".to_string(),
        };
        write!(
            f,
            "{}: {verdict}: {} nodes, {:.3} s",
            self.id, self.nodes, self.seconds
        )?;
        if let Some(s) = &self.strategy {
            write!(f, ", {} strategy moves", s.len())?;
        }
        Ok(())
    }
}

/// A merge, as printed: the game's report as `solve` prints it (nodes and
/// seconds summed over the units) and how it was put together.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MergeReport {
    /// The verdict, as `solve` reports it.
    #[serde(flatten)]
    pub game: GameReport,
    /// Units of the split.
    pub units: usize,
    /// Units with a result.
    pub solved: usize,
    /// Moves in the top tree.
    pub depth: usize,
    /// Nodes of the top tree.
    pub tree_nodes: usize,
}

impl MergeReport {
    /// The report of `merged`, split at `depth`.
    pub fn new(merged: &Merged, depth: usize) -> MergeReport {
        MergeReport {
            game: GameReport::new(
                &merged.problem.game,
                &merged.problem.origin,
                merged.problem.first,
                merged.verdict,
                merged.nodes,
                Duration::try_from_secs_f64(merged.seconds).unwrap_or_default(),
            ),
            units: merged.units,
            solved: merged.solved,
            depth,
            tree_nodes: merged.tree_nodes,
        }
    }
}

impl fmt::Display for MergeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.game)?;
        writeln!(
            f,
            "merged {} of {} unit results by minimax on the top {} move{} ({} nodes); \
             nodes and seconds are the units' sums",
            self.solved,
            self.units,
            self.depth,
            if self.depth == 1 { "" } else { "s" },
            self.tree_nodes
        )
    }
}
