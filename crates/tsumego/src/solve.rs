//! Analysis: the status of a problem for a given first player, from a few
//! proof queries, with a principal variation and the correct first moves.

use std::fmt;
use std::time::{Duration, Instant};

use crate::error::LineError;
use crate::problem::Problem;
use crate::regime::Regime;
use crate::search::limit::{Cancel, DEFAULT_LIMITS, Limits, Progress, Stop};
use crate::search::{Answer, Kept, Ordering, Searcher};
use crate::side::Side;
use crate::state::{Ctx, Mv, State, UNLIMITED};

/// The status of the target stones with a given side to move first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The attacker captures them even without ko threats.
    Dead,
    /// They live even without ko threats.
    Alive,
    /// They live (the attacker cannot capture them), but not
    /// unconditionally: were the attacker free to pass, they could not make
    /// two eyes — a seki.
    Seki,
    /// A ko decides: the attacker kills if it has the ko threats
    /// (`attacker_wins_it`), the defender lives if it has them
    /// (`defender_wins_it`); where neither, the ko leads to no result.
    Ko {
        /// The attacker kills when it is ko-advantaged.
        attacker_wins_it: bool,
        /// The defender lives when it is ko-advantaged.
        defender_wins_it: bool,
    },
    /// Neither side can force a result: a long cycle (triple ko, eternal
    /// life...) with no tempo gained.
    NoResult,
    /// The search was cut off.
    Unproven(Stop),
}

impl Status {
    /// A short word: `dead`, `alive`, `ko`, `no-result`, `unproven`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Dead => "dead",
            Status::Alive => "alive",
            Status::Seki => "seki",
            Status::Ko { .. } => "ko",
            Status::NoResult => "no-result",
            Status::Unproven(_) => "unproven",
        }
    }

    /// Whether the search proved this status.
    pub fn is_proven(&self) -> bool {
        !matches!(self, Status::Unproven(_))
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Dead => f.write_str("dead (the attacker kills without ko threats)"),
            Status::Alive => f.write_str("alive (the defender lives without ko threats)"),
            Status::Seki => f.write_str("seki (the defender lives, without two eyes)"),
            Status::Ko {
                attacker_wins_it,
                defender_wins_it,
            } => match (attacker_wins_it, defender_wins_it) {
                (true, true) => f.write_str("ko (whoever has the ko threats wins)"),
                (true, false) => f.write_str(
                    "ko (the attacker kills if it has the ko threats; otherwise no result)",
                ),
                (false, true) => f.write_str(
                    "ko (the defender lives if it has the ko threats; otherwise no result)",
                ),
                (false, false) => f.write_str("ko"),
            },
            Status::NoResult => {
                f.write_str("no result (a long cycle: neither side can force a result)")
            }
            Status::Unproven(s) => write!(f, "unproven ({s})"),
        }
    }
}

/// Who wins a game, or that neither can force it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The attacker captures the target.
    AttackerWins,
    /// The target lives.
    DefenderWins,
    /// Neither side can force a result (a long cycle).
    NoResult,
    /// The search was cut off.
    Unproven(Stop),
}

/// How to analyse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Repetition regime.
    pub regime: Regime,
    /// Node, time and memory limits ([`DEFAULT_LIMITS`] by default). A
    /// limit left open is no limit for nodes and time, and a
    /// [`DEFAULT_TABLE_BYTES`](crate::DEFAULT_TABLE_BYTES) table.
    pub limits: Limits,
    /// Move ordering.
    pub ordering: Ordering,
    /// Also list every correct first move.
    pub all_moves: bool,
    /// Longest principal variation to extract.
    pub max_pv: usize,
    /// The whole status (default): tell seki from unconditional life, and
    /// read a ko or a cycle without threats too (`without_threats`) —
    /// extra proof queries. Off, only what says whether the first player
    /// succeeds is proven: [`Status::Alive`] then means "lives, with two
    /// eyes or in seki", and `without_threats` stays `None` (a benchmark
    /// that scores only who wins saves the queries).
    pub full_status: bool,
    /// Seed regime, with `full_status`: GoTools-style ko-threat counts
    /// ([`KoThreats`]) — the outcome with no threats for either side, then,
    /// for the side that fails so, the fewest external ko threats that turn
    /// the result, tried from 1 up to this many. 0: not counted (the
    /// statuses and node counts of the seed's model alone).
    pub threat_search: u8,
    /// Close search nodes by static eye-space knowledge (`eyes`: an enclosed
    /// eye space of a known shape, with a safe wall): on by default; off,
    /// the plain search (what the recogniser is checked against).
    pub eye_shapes: bool,
    /// With `eye_shapes`: a target chain with two small enclosed regions
    /// (each at most six points, every neighbour the chain's, empty points
    /// the chain need not touch — where Benson's test asks them all to be
    /// its liberties) lives, where the defender is never forced to fill
    /// them and no ko is on the board. Checked against the plain search
    /// (`tests/eyes.rs`); off by default (measured: no gain on the Cho
    /// samples or the corpus, `docs/tsumego.md`).
    pub eye_regions: bool,
    /// With `eye_shapes`: the defender is dead when the points it may
    /// ever hold (the region's points reached from the target points
    /// without crossing a safe attacker stone) hold no attacker stone,
    /// touch nothing outside but safe attacker stones, and at most one of
    /// them (two next to each other with `eye_room_pair`) has no safe
    /// attacker stone beside it — no room for two eyes,
    /// nothing to capture. On by default; checked against the plain search
    /// (`tests/eyes.rs`).
    pub eye_room: bool,
    /// With `eye_room`: the area's points with no safe attacker stone
    /// beside them may also be two points next to each other (the
    /// defender's chains then all end with their liberties there, and the
    /// attacker takes them without a ko: the argument is
    /// `eyes::no_room`'s). On by default; checked against the search
    /// without it (`tests/eyes.rs`).
    pub eye_room_pair: bool,
    /// With `eye_room`: the area may also hold the attacker's unsafe
    /// chains (its placements), when each has two empty points of its own
    /// (no other such chain's) beside it and beside a safe attacker stone:
    /// the attacker joins them to its safe stones first, answering the
    /// defender's play on one point with the other, and the inner points
    /// are then counted as if they were safe (the argument is
    /// `eyes::no_room`'s). Checked against the search without it
    /// (`tests/eyes.rs`).
    pub eye_room_connect: bool,
    /// With `eye_room_connect`: at the attacker's turn, one of the
    /// placements may have a single joining point (the others two or
    /// more), when a stone there takes nothing: the attacker plays it
    /// first, and the joining's argument finishes (`eyes::room`'s).
    /// Checked against the search without it (`tests/eyes.rs`).
    pub eye_room_join_one: bool,
    /// With `eye_room_pair` and `eye_room_connect`: the area may also
    /// hold one placement the attacker cannot join, when it is one stone
    /// in atari whose capture the defender can make only with a stone
    /// that joins its own, and the area with that stone taken has at most
    /// the adjacent pair of inner points (its point and the capturing
    /// one): the capture makes no ko and leaves the room test true
    /// (`eyes::room`'s argument). Checked against the search without it
    /// (`tests/eyes.rs`). Off by default: it fires at about one computed
    /// room test in 10^5 and moves no measured node count beyond df-pn's
    /// reordering (docs/tsumego.md, nineteenth session).
    pub eye_room_capture: bool,
    /// With `eye_shapes`: the defender is safe when Benson's test holds
    /// over its chains joined by *miai pairs* (two empty points each next
    /// to the same chains: the defender answers the attacker's play on one
    /// with the other), at either side's turn where the defender is never
    /// forced to fill its own eyes and no ko is on the board
    /// (`crate::safety`, with its soundness argument). Checked against the
    /// search without it (`tests/safety.rs`). Off by default: it takes a
    /// fifth of the nodes off solved lives but costs 12-15 % more time a
    /// node, so kills take longer by the clock (docs/tsumego.md, "static
    /// safety by miai pairs").
    pub safety: bool,
    /// With `eye_shapes`: the defender is alive by *alternating-play
    /// safety* (Müller 1997): its chains with two or more small enclosed
    /// regions (at most ten points each, attacker
    /// stones and points the chains do not touch allowed) in each of which
    /// it wins a local game — the attacker moves first, the defender
    /// answers in the region or passes, and every chain around the region
    /// keeps a liberty in it whenever the attacker is to move — under the
    /// same turn and ko conditions as `safety` (`crate::life`, with its
    /// soundness argument). Checked against the search without it
    /// (`tests/life.rs`). Asked at the attacker's turn only. Off by
    /// default: it takes 5-9 % of the nodes off Elementary's solved lives
    /// and off kills (Intermediate's solved lives level) and settles one
    /// of the 99 unproven lives in 10 s, at about 12 % more instructions
    /// a node (docs/tsumego.md, "static life under
    /// alternating play").
    pub life: bool,
    /// df-pn+ (Kishimoto and Müller 2005): unexplored children start from
    /// a heuristic proof and disproof number (the defender's eye-space
    /// potential) instead of (1, 1). It orders the work only: proven
    /// answers are the same either way. On by default.
    pub heuristic_init: bool,
    /// Seed and book regimes: a query with external ko threats takes the
    /// proofs of the plain query (no threats) run before it on the same
    /// table where they met no ko against a side with threats: such a
    /// proof holds whatever threats that side has (`NodeValue::ko` in
    /// `search`). It saves work only: answers are the same either way.
    /// On by default.
    pub plain_proofs: bool,
    /// Book regime, the threat counts: once the defender answers the
    /// attacker's pass with its own (the game stops, the attacker must
    /// capture from there), no side has external ko threats left — the
    /// attacker, free to pass until then, has removed the defender's, as
    /// Japanese rules rule a bent four in the corner dead. A defender
    /// that lives only by a ko the attacker must start to capture is then
    /// dead, not a ko. On by default (it acts in the book regime only;
    /// docs/tsumego.md, "where the kos come from").
    pub book_stop: bool,
    /// Seed and book regimes, the plain queries (no ko threats, no
    /// ko-advantaged side, not the seki test): relevance-zone pruning.
    /// Where the side that must refute every move is to play, its null
    /// move is searched first; when the other side wins after it by a
    /// proof that reads only a zone of the region (`search::zone`), the
    /// quiet plays off the zone are left out — they change nothing the
    /// proof read. It saves work only: answers are the same either way.
    pub zones: bool,
    /// Relevance-zone pruning ([`Options::zones`]) in the plain queries
    /// whose goal is the defender's life only (`life-zones` in
    /// [`Knowledge`]): the attacker's quiet replies off the zone of the
    /// defender's answer to a null move (in the book regime, to the
    /// attacker's pass) are left out. Answers are the same either way.
    pub life_zones: bool,
    /// Both cores on one query: a query still open after a first stretch
    /// of [`Split::after`](crate::search::Split::after) nodes
    /// ([`Options::SPLIT_AFTER`] from the command line) is searched on by
    /// a second thread beside the first, on one transposition table both
    /// read and write (lock-free, of the same memory bound; what the
    /// second thread does: [`Split::helper`](crate::search::Split::helper)),
    /// and the first to decide stops the other. The node limit counts both
    /// threads' nodes. Only history-free values enter the table, so the
    /// answers are the same; the node counts are not reproducible (they
    /// depend on the threads' timing). Off by default (docs/tsumego.md,
    /// "a shared-table parallel df-pn").
    pub split: Option<crate::search::Split>,
}

impl Options {
    /// The default [`Options::threat_search`]: up to 4 external ko threats
    /// (a two-step approach ko needs 2 or 3).
    pub const DEFAULT_THREAT_SEARCH: u8 = 4;

    /// The first stretch of [`Options::split`] the command line uses:
    /// most queries end before it (a query a second thread joins pays for
    /// the copy of its table into a shared one).
    pub const SPLIT_AFTER: u64 = crate::search::Split::AFTER;
}

impl Default for Options {
    fn default() -> Self {
        Options {
            regime: Regime::SEED,
            limits: DEFAULT_LIMITS,
            ordering: Ordering::Heuristic,
            all_moves: false,
            max_pv: 40,
            full_status: true,
            threat_search: Options::DEFAULT_THREAT_SEARCH,
            eye_shapes: true,
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
            book_stop: true,
            zones: false,
            life_zones: false,
            split: None,
        }
    }
}

/// One recogniser's switch in [`Options`]: its name for
/// [`Knowledge::set`], what it does, and its field.
struct Switch {
    name: &'static str,
    what: &'static str,
    field: fn(&mut Options) -> &mut bool,
}

/// The recognisers [`Knowledge`] switches, one entry each: a new
/// recogniser's `Options` field is named here and nowhere else.
const SWITCHES: [Switch; 10] = [
    Switch {
        name: "eye-shapes",
        what: "known eye shapes with a safe wall (and, off, every recogniser below)",
        field: |o| &mut o.eye_shapes,
    },
    Switch {
        name: "eye-regions",
        what: "two small enclosed regions make life",
        field: |o| &mut o.eye_regions,
    },
    Switch {
        name: "room",
        what: "no room for two eyes: dead",
        field: |o| &mut o.eye_room,
    },
    Switch {
        name: "room-pair",
        what: "the room test with two inner points next to each other",
        field: |o| &mut o.eye_room_pair,
    },
    Switch {
        name: "room-connect",
        what: "the room test with the attacker's placements joined first",
        field: |o| &mut o.eye_room_connect,
    },
    Switch {
        name: "room-join-one",
        what: "the joining with one placement of one joining point, the attacker to move",
        field: |o| &mut o.eye_room_join_one,
    },
    Switch {
        name: "room-capture",
        what: "the joining with one lone placement in atari, its capture leaving the pair",
        field: |o| &mut o.eye_room_capture,
    },
    Switch {
        name: "safety",
        what: "Benson's test over chains joined by miai pairs",
        field: |o| &mut o.safety,
    },
    Switch {
        name: "life",
        what: "alternating-play safety: small regions the defender answers in",
        field: |o| &mut o.life,
    },
    Switch {
        name: "life-zones",
        what: "relevance zones in the life queries: the attacker's replies off the answer to its pass left out",
        field: |o| &mut o.life_zones,
    },
];

/// The static knowledge an analysis uses, by name: the recognisers of
/// [`Options`] that [`Knowledge::names`] lists, so a front end can switch each for a
/// comparison (`miai tsumego --knowledge no-room-connect`). Proven
/// answers do not depend on them (each is checked against the search
/// without it); node counts and times do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Knowledge {
    /// Bit `i`: the switch `SWITCHES[i]` is on.
    on: u32,
}

impl Default for Knowledge {
    /// [`Options::default`]'s.
    fn default() -> Self {
        Knowledge::of(&Options::default())
    }
}

impl Knowledge {
    /// The names, each with what it switches.
    pub fn names() -> impl Iterator<Item = (&'static str, &'static str)> {
        SWITCHES.iter().map(|s| (s.name, s.what))
    }

    /// The knowledge of `options`.
    pub fn of(options: &Options) -> Self {
        // The fields are read through the same accessors that write them.
        let mut copy = *options;
        let on = SWITCHES
            .iter()
            .enumerate()
            .filter(|(_, s)| *(s.field)(&mut copy))
            .fold(0, |on, (i, _)| on | 1 << i);
        Knowledge { on }
    }

    /// Sets `options`' recognisers to these.
    pub fn apply(&self, options: &mut Options) {
        for (i, s) in SWITCHES.iter().enumerate() {
            *(s.field)(options) = self.on & 1 << i != 0;
        }
    }

    /// Switches the recogniser named `name` (one of [`Knowledge::names`])
    /// on, or off with a `no-` in front; an unknown name is an error that
    /// lists the known ones.
    pub fn set(&mut self, word: &str) -> Result<(), String> {
        let (name, on) = match word.strip_prefix("no-") {
            Some(rest) => (rest, false),
            None => (word, true),
        };
        let Some(i) = SWITCHES.iter().position(|s| s.name == name) else {
            let known: Vec<&str> = Knowledge::names().map(|(n, _)| n).collect();
            return Err(format!(
                "unknown knowledge {word:?}: the names are {} (each switched off with `no-` in front)",
                known.join(", ")
            ));
        };
        if on {
            self.on |= 1 << i;
        } else {
            self.on &= !(1 << i);
        }
        Ok(())
    }

    /// [`Knowledge::set`] for each of the comma-separated words of `list`,
    /// from the defaults.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut k = Knowledge::default();
        for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            k.set(word)?;
        }
        Ok(k)
    }
}

/// The result of [`analyse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Who moved first.
    pub first: Side,
    /// The status.
    pub status: Status,
    /// A principal variation of the deciding query (empty for no result),
    /// as moves from the first player on.
    pub pv: Vec<Mv>,
    /// The first player's correct first moves, when asked for: the moves
    /// that keep the status (for the side the status favours). Empty when
    /// the first player cannot reach it.
    pub correct: Option<Vec<Mv>>,
    /// Seed regime, for a ko or no result: the outcome when neither side
    /// has ko threats, under the plain simple-ko rule — the reading of the
    /// seed's first diagrams, made before it brings in ko threats.
    pub without_threats: Option<Outcome>,
    /// Seed regime, with [`Options::threat_search`]: the status as GoTools
    /// gives it — without threats first, then the ko-threat counts.
    pub threats: Option<KoThreats>,
    /// Set when the principal variation or the correct moves were cut off
    /// (the status itself is still proven).
    pub extraction_stopped: Option<Stop>,
    /// Nodes searched (all queries; with [`Options::split`], both
    /// threads').
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// With [`Options::split`]: what the two threads of its queries did.
    pub split: Option<crate::search::SplitStats>,
}

/// Ko-threat counts as GoTools gives them (seed regime): who wins when
/// neither side has ko threats (the plain simple-ko rule: a ko may not be
/// retaken at once), and for each side the fewest *external ko threats*
/// it needs to win — a threat lets a side retake a ko at once (it is
/// played and answered elsewhere) and is used up; the other side has
/// none. The winner without threats needs 0. These are threats, not the
/// seed's tenukis (`--ko-threats N`, the seed's model, counts tenukis that
/// give the opponent a free move, after which a ko may be retaken at will).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KoThreats {
    /// The outcome with no threats for either side.
    pub plain: Outcome,
    /// The fewest threats with which the attacker kills (0: it kills
    /// without); `None` when it does not kill with [`KoThreats::max`].
    pub attacker: Option<u8>,
    /// The fewest threats with which the defender lives (0: it lives
    /// without); `None` when it does not live with [`KoThreats::max`].
    pub defender: Option<u8>,
    /// The most threats tried.
    pub max: u8,
    /// Set when the search upward was cut off by a limit: a count left
    /// `None` may then be larger than the limit allowed to try.
    pub stopped: Option<Stop>,
    /// The winning line without threats, from the first player on, when
    /// one side wins so (its first move is the move that wins with no
    /// threats, when the first player is that side; where the other side
    /// does not turn it with up to [`KoThreats::max`] threats, a move that
    /// wins against those too; empty if the limits cut that search off).
    pub plain_pv: Vec<Mv>,
    /// The ko line, from the first player on: the side that needs threats
    /// winning with its fewest (empty when no side wins only with threats).
    pub ko_pv: Vec<Mv>,
    /// The counts, not the seed's N model, are the analysis's answer: set in
    /// the book regime with its stop ([`Options::book_stop`]) where the N
    /// model's status does not [agree](KoThreats::agrees_with) — the stop
    /// clears both sides' threats, which the N model's ko-advantaged side
    /// does not see (a bent four the attacker must start: dead by the
    /// counts, a ko by the N model). The principal variation is then the
    /// counts' line without threats, and the report leads with them.
    pub leads: bool,
}

impl KoThreats {
    /// The status in GoTools' sense: `dead` or `alive` when the winner
    /// without threats cannot be beaten with up to [`KoThreats::max`]
    /// threats, `ko` when the other side turns it with some, `no-result`
    /// when neither side wins even with threats, `unproven` when cut off.
    /// Never `alive` for a position the attacker kills without threats.
    pub fn word(&self) -> &'static str {
        match (self.plain, self.attacker, self.defender) {
            (Outcome::Unproven(_), _, _) => "unproven",
            (Outcome::AttackerWins, _, None) | (Outcome::DefenderWins, None, _) => {
                if self.stopped.is_some() {
                    "unproven"
                } else if self.plain == Outcome::AttackerWins {
                    "dead"
                } else {
                    "alive"
                }
            }
            (Outcome::NoResult, None, None) if self.stopped.is_some() => "unproven",
            (Outcome::NoResult, None, None) => "no-result",
            _ => "ko",
        }
    }

    /// Whether the seed's N model's `status` says the same thing as these
    /// counts (a seki is life; a cut-off agrees with nothing). They can
    /// differ: the N model counts tenukis, not threats (at N = 0 both
    /// sides retake at once: a seki where the counts say dead), and the
    /// book regime's stop clears both sides' threats ([`KoThreats::leads`]).
    pub fn agrees_with(&self, status: Status) -> bool {
        let word = match status {
            Status::Seki => Status::Alive.word(),
            s => s.word(),
        };
        status.is_proven() && word == self.word()
    }

    /// A short code in the style of GoTools' counts: the result without
    /// threats (`d` dead, `l` alive, `n` no result, `?` unproven), then
    /// for each side that turns it with threats the count and what it
    /// reaches: `d1l` = dead, the defender lives with one threat; `l2d` =
    /// alive, the attacker kills with two; `n1d2l`.
    pub fn code(&self) -> String {
        let mut out = String::from(match self.plain {
            Outcome::AttackerWins => "d",
            Outcome::DefenderWins => "l",
            Outcome::NoResult => "n",
            Outcome::Unproven(_) => "?",
        });
        if let Some(t) = self.attacker.filter(|&t| t > 0) {
            out.push_str(&format!("{t}d"));
        }
        if let Some(t) = self.defender.filter(|&t| t > 0) {
            out.push_str(&format!("{t}l"));
        }
        out
    }
}

impl fmt::Display for KoThreats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = match self.plain {
            Outcome::AttackerWins => "dead".to_string(),
            Outcome::DefenderWins => "alive".to_string(),
            Outcome::NoResult => "no result".to_string(),
            Outcome::Unproven(s) => format!("unproven ({s})"),
        };
        write!(
            f,
            "{} [{}]: without ko threats {plain}",
            self.word(),
            self.code()
        )?;
        let mut turn = |who: &str, verb: &str, n: Option<u8>| -> fmt::Result {
            match n {
                Some(0) | None => Ok(()),
                Some(1) => write!(f, "; the {who} {verb} with 1 external ko threat"),
                Some(t) => write!(f, "; the {who} {verb} with {t} external ko threats"),
            }
        };
        turn("attacker", "kills", self.attacker)?;
        turn("defender", "lives", self.defender)?;
        let loser = match self.plain {
            Outcome::AttackerWins if self.defender.is_none() => Some("defender does not live"),
            Outcome::DefenderWins if self.attacker.is_none() => Some("attacker does not kill"),
            _ => None,
        };
        if let Some(l) = loser {
            write!(f, "; the {l} with up to {} threats", self.max)?;
        }
        if let Some(s) = self.stopped {
            write!(f, " (the count was cut off: {s})")?;
        }
        Ok(())
    }
}

/// One query: goal side, ko-advantaged side, and (no ko-advantaged side)
/// the external ko threats of each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Query {
    goal: Side,
    master: Option<Side>,
    budget: [u8; 2],
}

impl Query {
    /// A query of the seed's model (or superko): no threat budget.
    fn new(goal: Side, master: Option<Side>) -> Query {
        Query {
            goal,
            master,
            budget: [0, 0],
        }
    }

    /// A query in which `side` has `t` external ko threats, the other none.
    fn threats(goal: Side, side: Side, t: u8) -> Query {
        let mut budget = [0, 0];
        budget[side.index()] = t;
        Query {
            goal,
            master: None,
            budget,
        }
    }

    fn set(&self, s: &mut Searcher) {
        if self.budget == [0, 0] {
            s.set_query(self.goal, self.master);
        } else {
            s.set_query_threats(self.goal, self.budget);
        }
    }
}

/// The fewest external ko threats with which one side wins (GoTools'
/// count for that side alone; see [`KoThreats`]): what a problem with a
/// stated side to play asks, in two to `max + 1` proof queries instead of
/// a whole status. Seed and book regimes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideThreats {
    /// The side whose count this is.
    pub side: Side,
    /// The fewest threats with which `side` wins: `Some(0)` when it wins
    /// with no threats on either side, `None` when it does not win with up
    /// to [`SideThreats::max`] (or the count was cut off: `stopped`).
    pub threats: Option<u8>,
    /// When `side` wins with no threats: the fewest external threats with
    /// which the other side turns the result (it has them, `side` none),
    /// `None` when it does not with up to [`SideThreats::max`]. So `side`
    /// wins outright when `threats == Some(0)` and this is `None`, and by
    /// a ko it is favoured in ("unless the opponent has k threats") when
    /// this is `Some(k)`.
    pub opponent: Option<u8>,
    /// When `side` wins with no threats: the other side cannot turn it
    /// with any number of external threats (proven against threats that
    /// never run out, which settles every count at once; `opponent` is
    /// then `None`).
    pub unlimited: bool,
    /// The most threats tried.
    pub max: u8,
    /// Set when a limit cut the count off before an answer.
    pub stopped: Option<Stop>,
    /// The winning line from the first player on, when `side` wins: the
    /// line without threats when it wins so, else its ko line with its
    /// fewest threats. Its first move (when `side` moves first) is the move
    /// that wins with the fewest threats; when `side` wins outright (the
    /// other's threats asked for and not turning it), a move that wins
    /// against them all (the line without threats may open with one they
    /// turn), the line without threats after it. Empty when the limits cut
    /// the search for that move off.
    pub pv: Vec<Mv>,
    /// Set when the line was cut off (the count itself is proven).
    pub extraction_stopped: Option<Stop>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Checks `moves` from the problem's start with `first` to move: in the
/// region and legal on the board (ko bans depend on the query and are not
/// checked).
fn check_line(
    problem: &Problem,
    first: Side,
    moves: &[Mv],
    regime: Regime,
) -> Result<(), LineError> {
    let ctx = Ctx::new(problem, regime, None);
    let mut s = State::start(problem, &ctx, first);
    for (index, &mv) in moves.iter().enumerate() {
        let bad = |reason: String| LineError {
            index,
            mv: match mv {
                Mv::Play(v) => problem.vertex_name(v),
                Mv::Tenuki => "tenuki".into(),
            },
            reason,
        };
        match mv {
            Mv::Play(v) => {
                if !problem.region().contains(v) {
                    return Err(bad("not in the region".into()));
                }
                s.pos
                    .check(s.pos.to_move(), v)
                    .map_err(|e| bad(e.to_string()))?;
            }
            Mv::Tenuki => {}
        }
        let mut next = s.clone();
        s.play_into(&ctx, mv, &mut next);
        s = next;
    }
    Ok(())
}

/// The searcher's context for `problem` under `options` (its regime and
/// knowledge switches), with `master` the ko-master side if any.
fn search_context(problem: &Problem, options: &Options, master: Option<Side>) -> Ctx {
    let mut ctx = Ctx::new(problem, options.regime, master);
    ctx.eyes = options.eye_shapes;
    ctx.heuristic_init = options.heuristic_init;
    ctx.eye_regions = options.eye_regions;
    ctx.eye_room = options.eye_room;
    ctx.eye_room_pair = options.eye_room_pair;
    ctx.eye_room_connect = options.eye_room_connect;
    ctx.eye_room_join_one = options.eye_room_join_one;
    ctx.eye_room_capture = options.eye_room_capture;
    ctx.safety = options.safety;
    ctx.life = options.life;
    ctx.plain_proofs = options.plain_proofs;
    ctx.book_stop = options.book_stop;
    ctx.zones = options.zones;
    ctx.life_zones = options.life_zones;
    ctx.split = options.split;
    ctx
}

/// The ko-advantaged side (`Ctx::master`) a threat count's context is
/// built with: the defender under superko, as the count always has; none
/// under the seed's and the book's rules, where each query sets the
/// threats.
fn threat_master(options: &Options) -> Option<Side> {
    matches!(options.regime, Regime::Superko).then_some(Side::Defender)
}

/// The fewest external ko threats with which `side` wins the position
/// reached by `moves` from the start with `first` to move (the line is its
/// history, as in [`analyse_after`]): first with no threats on either side
/// (the plain simple-ko rule), then with 1, 2, ... up to
/// `options.threat_search` threats for `side` and none for the other; when
/// it wins without, the other side's fewest threats to turn it (asked
/// against threats that never run out first, then with the most: more
/// threats never hurt; see [`SideThreats::unlimited`]). Under superko there is no
/// threat model and the count is that of the plain superko game (0 or
/// none).
pub fn side_threats(
    problem: &Problem,
    first: Side,
    moves: &[Mv],
    side: Side,
    options: &Options,
    cancel: Option<Cancel>,
) -> Result<SideThreats, LineError> {
    ThreatReader::count(problem, first, moves, side, options, cancel).map(|(t, _)| t)
}

/// A side's threat count ([`side_threats`]) kept with its searcher and
/// transposition table, so that the same count under the seed's rules can
/// follow on that table, or a first move's check
/// ([`ThreatReader::count_again`]).
///
/// The seed's game is the book regime's with the attacker's passes taken
/// away: the two differ only in the root's `book` flag (the only reader of
/// [`Regime::book`] is the starting state; the flag is in a state's key
/// only while it is set, and the queries' salts do not read the regime).
/// Every state of the seed's search is a state of the book regime's game
/// once the attacker's pass has been answered by the defender's (the flag
/// cleared), with the same key and the same value, so the entries the book
/// regime's search stored for such states answer the seed's search too;
/// the states with the flag set have keys of their own and are never
/// looked up by it.
pub struct ThreatReader {
    kept: Option<Kept>,
    options: Options,
    first: Side,
    side: Side,
    /// The problem's starting board, to recognise it again.
    start_hash: u64,
    cancel: Option<Cancel>,
}

impl std::fmt::Debug for ThreatReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreatReader")
            .field("regime", &self.options.regime)
            .field("side", &self.side)
            .field("table_bytes", &self.table_bytes())
            .finish_non_exhaustive()
    }
}

impl ThreatReader {
    /// [`side_threats`], with the searcher kept.
    pub fn count(
        problem: &Problem,
        first: Side,
        moves: &[Mv],
        side: Side,
        options: &Options,
        cancel: Option<Cancel>,
    ) -> Result<(SideThreats, ThreatReader), LineError> {
        check_line(problem, first, moves, options.regime)?;
        let ctx = search_context(problem, options, threat_master(options));
        let start_hash = State::start(problem, &ctx, first).pos.hash();
        let mut s = Searcher::new(ctx, options.limits, options.ordering, cancel.clone(), None);
        let t = count_side(&mut s, problem, first, moves, side, options);
        let reader = ThreatReader {
            kept: Some(s.into_kept()),
            options: *options,
            first,
            side,
            start_hash,
            cancel,
        };
        Ok((t, reader))
    }

    /// The same side's count after `moves` (from the same start, the same
    /// player first; checked as [`side_threats`] checks it) under
    /// `options`, within `options.limits`: on this reader's table when
    /// `options` are this reader's but for the limits, the line's length
    /// and the book flag of the regime (see [`ThreatReader`]: the seed's
    /// reading after the book regime's, or the other way round), else on a
    /// table of its own (the same answer, at the full price). A first
    /// move's check after the status, or the seed's reading of a book
    /// problem, so starts from every entry the reading before it stored.
    pub fn count_again(
        &mut self,
        problem: &Problem,
        moves: &[Mv],
        options: &Options,
    ) -> Result<SideThreats, LineError> {
        check_line(problem, self.first, moves, options.regime)?;
        let ctx = search_context(problem, options, threat_master(options));
        let shares = Options {
            regime: self.options.regime.with_book(options.regime.book()),
            limits: options.limits,
            max_pv: options.max_pv,
            ..self.options
        } == *options
            && State::start(problem, &ctx, self.first).pos.hash() == self.start_hash;
        let Some(kept) = self.kept.take().filter(|_| shares) else {
            return side_threats(
                problem,
                self.first,
                moves,
                self.side,
                options,
                self.cancel.clone(),
            );
        };
        let mut s = Searcher::resume(
            ctx,
            options.limits,
            options.ordering,
            self.cancel.clone(),
            kept,
        );
        // The seed's reading after the book regime's: the book game's
        // proofs order its work.
        s.use_book_twins(self.options.regime.book() && !options.regime.book());
        let t = count_side(&mut s, problem, self.first, moves, self.side, options);
        self.kept = Some(s.into_kept());
        self.options = *options;
        Ok(t)
    }

    /// The memory its transposition table holds, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.kept.as_ref().map_or(0, Kept::table_bytes)
    }
}

/// [`side_threats`]'s count on the searcher `s` (its table as it is; the
/// nodes counted are this count's).
fn count_side(
    s: &mut Searcher,
    problem: &Problem,
    first: Side,
    moves: &[Mv],
    side: Side,
    options: &Options,
) -> SideThreats {
    let started = Instant::now();
    let nodes_before = s.nodes();
    let master = threat_master(options);
    let root = |s: &Searcher| {
        let mut line = vec![State::start(problem, &s.ctx, first)];
        for &mv in moves {
            let last = line.last().expect("a line has a state");
            let mut next = last.clone();
            last.play_into(&s.ctx, mv, &mut next);
            line.push(next);
        }
        line
    };
    let max = if options.regime.seed_rules() {
        options.threat_search
    } else {
        0
    };
    let mut out = SideThreats {
        side,
        threats: None,
        opponent: None,
        unlimited: false,
        max,
        stopped: None,
        pv: Vec::new(),
        extraction_stopped: None,
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    let mut winning = None;
    let ask_value = |s: &mut Searcher, q: Query| {
        q.set(s);
        let line = root(s);
        s.prove(&line, moves)
    };
    let ask = |s: &mut Searcher, q: Query| ask_value(s, q).0;
    // The sides a ko stood against in the plain query's proof
    // (`NodeValue::ko`, with `Options::plain_proofs`). A proof that met
    // none against a side holds whatever threats that side has: a side
    // that fails without threats, no ko standing against it, fails with
    // any number (under the same goal: a cycle without a winner still
    // counts against it); a side that wins, none standing against the
    // other, is not turned by any number of the other's threats. The
    // queries with threats would only repeat it.
    let mut kos = 3;
    for t in 0..=max {
        let q = if t == 0 {
            Query::new(side, master)
        } else {
            Query::threats(side, side, t)
        };
        let (answer, value) = ask_value(s, q);
        if t == 0 && options.plain_proofs && !matches!(answer, Answer::Unknown(_)) {
            kos = value.ko;
        }
        match answer {
            Answer::Yes => {
                out.threats = Some(t);
                winning = Some(q);
                break;
            }
            // Without a ko against it, threats do not help it either.
            Answer::No if t == 0 && kos & (1 << side.index()) == 0 => break,
            Answer::No => {}
            Answer::Unknown(st) => {
                out.stopped = Some(st);
                break;
            }
        }
    }
    // A win without threats: can the other side turn it with threats?
    // Against unlimited threats first, then with the most, then the fewest
    // from 1 up (`count_against`). (The seed's query against a
    // ko-advantaged opponent is no shortcut: there the side that waits N
    // tenukis may then retake at will, so the seed's approach ko is alive
    // at N = 2 and turned by three threats.)
    // The other side's query that `side` was proven to win against with
    // the most threats (the outright win), when it was asked.
    let mut strongest = None;
    if out.threats == Some(0) && max > 0 && kos & (1 << side.other().index()) == 0 {
        out.unlimited = true;
    } else if out.threats == Some(0) && max > 0 {
        let other = side.other();
        // First against threats that never run out: a side that wins so
        // wins against any number (see `count_against`).
        match count_against(s, &ask, other, max) {
            Count::Never => {
                out.unlimited = true;
                strongest = Some(Query::threats(other, other, UNLIMITED));
            }
            Count::Turns(k) => out.opponent = Some(k),
            Count::AtMost(k, st) => {
                out.opponent = Some(k);
                out.stopped = Some(st);
            }
            Count::NotWithin => strongest = Some(Query::threats(other, other, max)),
            Count::Cut(st) => out.stopped = Some(st),
        }
    }
    if let Some(q) = winning {
        q.set(s);
        s.extend_budget();
        let line = root(s);
        out.pv = principal_variation(s, &line, moves, q, options.max_pv);
        // An outright win proven against the other's threats: the first
        // move shown must win so, not only without threats (the line
        // without threats may open with a move the threats turn, while
        // another move wins against them all: Cho Intermediate's
        // Prob0434 in its frame, A16 against C18).
        if let Some(against) = strongest
            && line.last().is_some_and(|r| r.mover(&s.ctx) == side)
            && s.stopped().is_none()
        {
            let pv = std::mem::take(&mut out.pv);
            out.pv = open_outright(s, &root, moves, (q, against), pv, options.max_pv);
        }
        out.extraction_stopped = s.stopped();
    }
    out.nodes = s.nodes() - nodes_before;
    out.elapsed = started.elapsed();
    out
}

/// `pv`, the line of the query `q` (a win without threats for the side to
/// move at the root), made to open with a move that also wins against
/// `against` (the other side's query with the most threats, which the root
/// was proven to lose: the win is outright): `pv` itself when its first
/// move does, else a move that does, followed by `q`'s line after it; empty
/// when the limits stop the search for one. The line without threats may
/// open with a move the threats turn while another move wins against them
/// all (Cho Intermediate's Prob0434 in its frame: A16, a ko, against C18).
/// The current query is left unspecified.
fn open_outright(
    s: &mut Searcher,
    root: &dyn Fn(&Searcher) -> Vec<State>,
    moves: &[Mv],
    (q, against): (Query, Query),
    pv: Vec<Mv>,
    max_pv: usize,
) -> Vec<Mv> {
    let Some(&first_mv) = pv.first() else {
        return pv;
    };
    // The root under each query (a state carries its threat counts).
    q.set(s);
    let line = root(s);
    against.set(s);
    let against_line = root(s);
    match outright_first_move(s, (q, &line), (against, &against_line), moves, first_mv) {
        Some(mv) if mv != first_mv => {
            q.set(s);
            let last = line.last().expect("a line has a state");
            let mut next = last.clone();
            last.play_into(&s.ctx, mv, &mut next);
            let mut l = line.clone();
            l.push(next);
            let mut m = moves.to_vec();
            m.push(mv);
            let mut out = vec![mv];
            out.extend(principal_variation(s, &l, &m, q, max_pv.saturating_sub(1)));
            out
        }
        Some(_) => pv,
        // Not found within the budget: the line is cut short.
        None => Vec::new(),
    }
}

/// The first move of the side to move at the root (of `line`, built under
/// the query `q` it wins, and of `against_line`, the same root built under
/// `against`, a query of the other side's the root was proven to lose)
/// that wins `q` and after which `against`'s goal side does not win:
/// `preferred` when it does both, else the first such move in the search's
/// order, the table's refutations of `against` tried first. `None` when
/// the search is stopped before one is found. The current query is left
/// unspecified.
fn outright_first_move(
    s: &mut Searcher,
    (q, line): (Query, &[State]),
    (against, against_line): (Query, &[State]),
    prefix: &[Mv],
    preferred: Mv,
) -> Option<Mv> {
    // Whether `goal_wins` holds for the query's goal side after `mv`
    // (proven from the table, or by a search); `None` when stopped.
    // (`missing`: the answer for a move that is no child under `query`,
    // the one that does not make it outright.)
    let after = |s: &mut Searcher, query: Query, line: &[State], mv: Mv, missing: bool| {
        query.set(s);
        let Some((_, child)) = s
            .children_of(line, prefix)
            .into_iter()
            .find(|(m, _)| *m == mv)
        else {
            return Some(missing);
        };
        if repeats(s, line, &child) {
            // A cycle closed at once: the goal side does not win it.
            return Some(false);
        }
        if let Some((wins, _)) = s.table_answer(&child) {
            return Some(wins);
        }
        let mut l = line.to_vec();
        l.push(child);
        let mut m = prefix.to_vec();
        m.push(mv);
        match s.prove(&l, &m).0 {
            Answer::Yes => Some(true),
            Answer::No => Some(false),
            Answer::Unknown(_) => None,
        }
    };
    let outright = |s: &mut Searcher, mv: Mv| -> Option<bool> {
        Some(!after(s, against, against_line, mv, true)? && after(s, q, line, mv, false)?)
    };
    against.set(s);
    let children = s.children_of(against_line, prefix);
    let mut order: Vec<Mv> = vec![preferred];
    order.extend(
        children
            .iter()
            .filter(|(mv, child)| {
                *mv != preferred && s.table_answer(child).is_some_and(|(wins, _)| !wins)
            })
            .map(|(mv, _)| *mv),
    );
    for (mv, _) in &children {
        if !order.contains(mv) {
            order.push(*mv);
        }
    }
    for mv in order {
        if outright(s, mv)? {
            return Some(mv);
        }
    }
    None
}

/// How many external ko threats `other` needs to turn a result it loses
/// without threats ([`count_against`]).
enum Count {
    /// None: it loses even with threats that never run out.
    Never,
    /// This many, the fewest.
    Turns(u8),
    /// At most this many (the count from 1 up was cut off).
    AtMost(u8, Stop),
    /// More than the most asked for.
    NotWithin,
    /// Cut off before an answer.
    Cut(Stop),
}

/// The fewest external threats with which `other` (no threats for its
/// opponent) wins, up to `max`, when without threats it loses. Asked
/// first against threats that never run out ([`UNLIMITED`]): one query
/// whose states carry no count down the lines, and a loss there settles
/// every count at once. It is a bound: the winner's positional strategy
/// against unlimited threats also wins against `k` (the plays allowed to
/// `other` are the same while it has threats left, fewer after; a cycle
/// of the bounded game, whose count cannot grow back, is a walk round
/// cycles of the unlimited one, and the cycle rule — the tempo balance,
/// then retakes — adds up over them). Then, as before, with the most
/// (more threats never hurt: a threat need not be used) and the fewest
/// from 1 up.
fn count_against(
    s: &mut Searcher,
    ask: &dyn Fn(&mut Searcher, Query) -> Answer,
    other: Side,
    max: u8,
) -> Count {
    match ask(s, Query::threats(other, other, UNLIMITED)) {
        Answer::No => return Count::Never,
        Answer::Unknown(st) => return Count::Cut(st),
        Answer::Yes => {}
    }
    match ask(s, Query::threats(other, other, max)) {
        Answer::No => Count::NotWithin,
        Answer::Unknown(st) => Count::Cut(st),
        Answer::Yes => {
            for t in 1..max {
                match ask(s, Query::threats(other, other, t)) {
                    Answer::Yes => return Count::Turns(t),
                    Answer::No => {}
                    // The count is an upper bound only.
                    Answer::Unknown(st) => return Count::AtMost(max, st),
                }
            }
            Count::Turns(max)
        }
    }
}

/// Analyses the problem with `first` to move.
pub fn analyse(
    problem: &Problem,
    first: Side,
    options: &Options,
    cancel: Option<Cancel>,
    progress: Option<&mut dyn FnMut(Progress)>,
) -> Analysis {
    match analyse_after(problem, first, &[], options, cancel, progress) {
        Ok(a) => a,
        Err(_) => unreachable!("an empty line has no illegal move"),
    }
}

/// Analyses the position reached by `moves` (from the problem's start with
/// `first` to move) *with that line as its history*: cycles closing on the
/// line count, as they do inside the search. The status is for the player
/// to move after the line (the side `first` if the line has even length).
pub fn analyse_after(
    problem: &Problem,
    first: Side,
    moves: &[Mv],
    options: &Options,
    cancel: Option<Cancel>,
    mut progress: Option<&mut dyn FnMut(Progress)>,
) -> Result<Analysis, LineError> {
    let started = Instant::now();
    // Check the line once (board legality; ko bans depend on the query).
    check_line(problem, first, moves, options.regime)?;
    let ctx = search_context(problem, options, Some(Side::Defender));
    let progress_ref: Option<&mut dyn FnMut(Progress)> = match progress.as_mut() {
        Some(p) => Some(&mut **p),
        None => None,
    };
    let mut searcher = Searcher::new(ctx, options.limits, options.ordering, cancel, progress_ref);
    // The root depends on the query: a ko ban given with the problem binds
    // only a side without threats.
    let root = |s: &Searcher| {
        let mut line = vec![State::start(problem, &s.ctx, first)];
        for &mv in moves {
            let last = line.last().expect("a line has a state");
            let mut next = last.clone();
            last.play_into(&s.ctx, mv, &mut next);
            line.push(next);
        }
        line
    };
    let mut ask = |s: &mut Searcher, q: Query| -> Answer {
        q.set(s);
        let line = root(s);
        s.prove(&line, moves).0
    };
    let (status, decisive) = match options.regime {
        Regime::Superko => {
            let q = Query::new(Side::Attacker, Some(Side::Defender));
            match ask(&mut searcher, q) {
                Answer::Yes => (Status::Dead, Some(q)),
                Answer::No => (
                    Status::Alive,
                    Some(Query::new(Side::Defender, Some(Side::Defender))),
                ),
                Answer::Unknown(s) => (Status::Unproven(s), None),
            }
        }
        Regime::Seed { .. } | Regime::Book { .. } => seed_status(first, &mut searcher, &mut ask),
    };
    // Alive: with two eyes, or in seki? Ask whether the defender still
    // reaches unconditional life when the attacker may pass.
    let status = if status == Status::Alive && options.full_status {
        s_seki(&mut searcher, &root, moves)
    } else {
        status
    };
    let mut without_threats = None;
    let mut threats = None;
    let seed = options.regime.seed_rules();
    if options.full_status && seed && options.threat_search > 0 && status.is_proven() {
        let counted = count_threats(&mut searcher, &mut ask, first, options.threat_search);
        if matches!(status, Status::Ko { .. } | Status::NoResult) {
            without_threats = Some(counted.0.plain);
        }
        threats = Some(counted);
    } else if options.full_status && seed && matches!(status, Status::Ko { .. } | Status::NoResult)
    {
        let kill = ask(&mut searcher, Query::new(Side::Attacker, None));
        let live = ask(&mut searcher, Query::new(Side::Defender, None));
        without_threats = Some(match (kill, live) {
            (Answer::Unknown(s), _) | (_, Answer::Unknown(s)) => Outcome::Unproven(s),
            (Answer::Yes, _) => Outcome::AttackerWins,
            (_, Answer::Yes) => Outcome::DefenderWins,
            _ => Outcome::NoResult,
        });
    }
    let mut pv = Vec::new();
    let mut correct = None;
    if let Some(q) = decisive
        && status.is_proven()
    {
        q.set(&mut searcher);
        searcher.extend_budget();
        let line = root(&searcher);
        pv = principal_variation(&mut searcher, &line, moves, q, options.max_pv);
        if options.all_moves {
            correct = Some(correct_moves(&mut searcher, &line, moves, q));
        }
    }
    // The lines of the threat counts: the move that wins without threats
    // leads, the ko line is given apart.
    let threats = threats.map(|(mut k, plain_q, ko_q)| {
        for (q, out) in [(plain_q, &mut k.plain_pv), (ko_q, &mut k.ko_pv)] {
            if let Some(q) = q {
                q.set(&mut searcher);
                searcher.extend_budget();
                let line = root(&searcher);
                *out = principal_variation(&mut searcher, &line, moves, q, options.max_pv);
            }
        }
        let first_wins_plainly = matches!(
            (k.plain, first),
            (Outcome::AttackerWins, Side::Attacker) | (Outcome::DefenderWins, Side::Defender)
        );
        // An outright win (the other side's threats, up to the most tried,
        // do not turn it): its line opens with a move that wins so, and
        // that move leads the analysis's line too.
        let other = first.other();
        let turned = match other {
            Side::Attacker => k.attacker,
            Side::Defender => k.defender,
        };
        if let Some(q) = plain_q
            && first_wins_plainly
            && k.max > 0
            && turned.is_none()
            && k.stopped.is_none()
            && searcher.stopped().is_none()
            && root(&searcher)
                .last()
                .is_some_and(|r| r.mover(&searcher.ctx) == first)
        {
            let against = Query::threats(other, other, k.max);
            let plain = std::mem::take(&mut k.plain_pv);
            let before = plain.first().copied();
            k.plain_pv = open_outright(
                &mut searcher,
                &root,
                moves,
                (q, against),
                plain,
                options.max_pv,
            );
            // The analysis's line opened with the move the threats turn:
            // it opens with the outright one instead.
            if before.is_some() && pv.first() == before.as_ref() && k.plain_pv.first() != pv.first()
            {
                pv = k.plain_pv.clone();
            }
        }
        k.leads = matches!(options.regime, Regime::Book { .. })
            && options.book_stop
            && !k.agrees_with(status);
        if (first_wins_plainly && matches!(status, Status::Ko { .. } | Status::NoResult) || k.leads)
            && !k.plain_pv.is_empty()
        {
            pv = k.plain_pv.clone();
        }
        k
    });
    Ok(Analysis {
        first,
        status,
        pv,
        correct,
        without_threats,
        threats,
        extraction_stopped: if status.is_proven() {
            searcher.stopped()
        } else {
            None
        },
        nodes: searcher.nodes(),
        elapsed: started.elapsed(),
        split: searcher.split_stats(),
    })
}

/// GoTools-style threat counts (see [`KoThreats`]): the game without
/// threats, the first player's hope asked first, then for each side that
/// fails so its fewest threats, from 1 up to `max`. Returns the counts
/// (lines empty) and the queries of the plain win and of the ko line.
fn count_threats(
    s: &mut Searcher,
    ask: &mut dyn FnMut(&mut Searcher, Query) -> Answer,
    first: Side,
    max: u8,
) -> (KoThreats, Option<Query>, Option<Query>) {
    let mut k = KoThreats {
        plain: Outcome::NoResult,
        attacker: None,
        defender: None,
        max,
        stopped: None,
        plain_pv: Vec::new(),
        ko_pv: Vec::new(),
        leads: false,
    };
    let mut winner = None;
    for side in [first, first.other()] {
        match ask(s, Query::new(side, None)) {
            Answer::Yes => {
                winner = Some(side);
                break;
            }
            Answer::No => {}
            Answer::Unknown(st) => {
                k.plain = Outcome::Unproven(st);
                k.stopped = Some(st);
                return (k, None, None);
            }
        }
    }
    k.plain = match winner {
        Some(Side::Attacker) => Outcome::AttackerWins,
        Some(Side::Defender) => Outcome::DefenderWins,
        None => Outcome::NoResult,
    };
    let mut ko_q = None;
    // The first player's count first: its ko line is the one shown.
    for side in [first, first.other()] {
        let need = if winner == Some(side) {
            Some(0)
        } else {
            let mut found = None;
            for t in 1..=max {
                let q = Query::threats(side, side, t);
                match ask(s, q) {
                    Answer::Yes => {
                        found = Some(t);
                        ko_q.get_or_insert(q);
                        break;
                    }
                    Answer::No => {}
                    Answer::Unknown(st) => {
                        k.stopped = Some(st);
                        break;
                    }
                }
            }
            found
        };
        match side {
            Side::Attacker => k.attacker = need,
            Side::Defender => k.defender = need,
        }
        if k.stopped.is_some() {
            break;
        }
    }
    let plain_q = winner.map(|w| Query::new(w, None));
    (k, plain_q, ko_q)
}

/// The seki test for an alive status (see [`Status::Seki`]). The defender
/// gets the ko threats here: a life that hangs on a ko the seed's rules
/// give it (an approach ko it can wait out) is not a seki.
fn s_seki(s: &mut Searcher, root: &dyn Fn(&Searcher) -> Vec<State>, moves: &[Mv]) -> Status {
    s.set_query_mode(Side::Defender, Some(Side::Defender), true);
    let line = root(s);
    match s.prove(&line, moves).0 {
        Answer::Yes => Status::Alive,
        Answer::No => Status::Seki,
        Answer::Unknown(st) => Status::Unproven(st),
    }
}

/// The seed regime's status: unconditional results first (the side judged
/// is ko-disadvantaged), then with ko advantage (seed §2(1)).
fn seed_status(
    first: Side,
    s: &mut Searcher,
    ask: &mut dyn FnMut(&mut Searcher, Query) -> Answer,
) -> (Status, Option<Query>) {
    let kill = Query::new(Side::Attacker, Some(Side::Defender));
    let live = Query::new(Side::Defender, Some(Side::Attacker));
    // Ask first what the first player hopes for: a book problem's answer
    // is usually a win for it, and a proof is cheaper than a refutation.
    // (Both cannot hold: the attacker killing with the defender's threats
    // and the defender living against the attacker's.)
    let order = if first == Side::Defender {
        [(live, Status::Alive), (kill, Status::Dead)]
    } else {
        [(kill, Status::Dead), (live, Status::Alive)]
    };
    for (q, status) in order {
        match ask(s, q) {
            Answer::Yes => return (status, Some(q)),
            Answer::Unknown(st) => return (Status::Unproven(st), None),
            Answer::No => {}
        }
    }
    let kill_ko = Query::new(Side::Attacker, Some(Side::Attacker));
    let live_ko = Query::new(Side::Defender, Some(Side::Defender));
    let a = match ask(s, kill_ko) {
        Answer::Yes => true,
        Answer::No => false,
        Answer::Unknown(st) => return (Status::Unproven(st), None),
    };
    let b = match ask(s, live_ko) {
        Answer::Yes => true,
        Answer::No => false,
        Answer::Unknown(st) => return (Status::Unproven(st), None),
    };
    match (a, b) {
        (false, false) => (Status::NoResult, None),
        _ => (
            Status::Ko {
                attacker_wins_it: a,
                defender_wins_it: b,
            },
            // The variation and correct moves of the first player's win.
            Some(match (first, a, b) {
                (Side::Defender, _, true) | (_, false, _) => live_ko,
                _ => kill_ko,
            }),
        ),
    }
}

/// Follows the proof of `q` from the line's end: the goal side plays a
/// winning move, the other side the move whose refutation took the most
/// work.
fn principal_variation(
    s: &mut Searcher,
    line: &[State],
    prefix: &[Mv],
    q: Query,
    max: usize,
) -> Vec<Mv> {
    let mut line = line.to_vec();
    let mut moves: Vec<Mv> = prefix.to_vec();
    while moves.len() < max + prefix.len() {
        let last = line.last().expect("a line has a state");
        if last.decided_cheap(&s.ctx).is_some()
            || (last.benson_applies(&s.ctx) && last.benson(&s.ctx).is_some())
        {
            break;
        }
        let mover = last.mover(&s.ctx);
        let children = s.children_of(&line, &moves);
        let mut chosen: Option<(Mv, State, u64)> = None;
        let mut cycle: Option<Mv> = None;
        // The table knows most children: use it first.
        let mut todo = Vec::new();
        let mut all_known = true;
        for (mv, child) in children {
            if repeats(s, &line, &child) {
                // A cycle ends the game; the goal side closes one only when
                // nothing else wins.
                cycle.get_or_insert(mv);
                continue;
            }
            match s.table_answer(&child) {
                Some((true, work)) if mover == q.goal => {
                    chosen = Some((mv, child, work as u64));
                    break;
                }
                Some((true, work)) => {
                    if chosen.as_ref().is_none_or(|c| work as u64 > c.2) {
                        chosen = Some((mv, child.clone(), work as u64));
                    }
                }
                Some((false, _)) if mover == q.goal => {}
                _ => {
                    all_known = false;
                    todo.push((mv, child));
                }
            }
        }
        let decided_by_table = chosen.is_some() && (mover == q.goal || all_known);
        for (mv, child) in todo {
            if decided_by_table {
                break;
            }
            let mut l = line.clone();
            l.push(child.clone());
            let mut m = moves.clone();
            m.push(mv);
            let before = s.nodes();
            let ans = s.prove(&l, &m).0;
            let work = s.nodes() - before;
            if s.stopped().is_some() {
                return moves.split_off(prefix.len());
            }
            match ans {
                Answer::Yes if mover == q.goal => {
                    chosen = Some((mv, child, work));
                    break;
                }
                Answer::Yes if chosen.as_ref().is_none_or(|c| work > c.2) => {
                    chosen = Some((mv, child, work));
                }
                Answer::No if mover != q.goal => return moves.split_off(prefix.len()),
                _ => {}
            }
        }
        match (chosen, cycle) {
            (Some((mv, child, _)), _) => {
                moves.push(mv);
                line.push(child);
            }
            (None, Some(mv)) if mover == q.goal => {
                moves.push(mv);
                break;
            }
            _ => break,
        }
    }
    moves.split_off(prefix.len())
}

/// Whether `child` repeats a state of `line`.
fn repeats(s: &Searcher, line: &[State], child: &State) -> bool {
    let k = child.key(&s.ctx);
    line.iter().any(|x| x.key(&s.ctx) == k)
}

/// The first moves that keep `q`'s goal, when the goal side moves first.
fn correct_moves(s: &mut Searcher, line: &[State], prefix: &[Mv], q: Query) -> Vec<Mv> {
    let root = line.last().expect("a line has a state");
    if root.mover(&s.ctx) != q.goal {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (mv, child) in s.children_of(line, prefix) {
        let mut l = line.to_vec();
        l.push(child);
        let mut m = prefix.to_vec();
        m.push(mv);
        if s.prove(&l, &m).0 == Answer::Yes {
            out.push(mv);
        }
    }
    out
}

#[cfg(test)]
mod knowledge_tests {
    use super::*;

    /// Each name switches a field of its own: off alone, it is the only
    /// one read back off (two names on one field, or a name whose field is
    /// never read, fail here).
    #[test]
    fn each_name_switches_a_field_of_its_own() {
        let mut all = Knowledge::default();
        for (name, _) in Knowledge::names() {
            all.set(name).expect("a known name");
        }
        let mut options = Options::default();
        all.apply(&mut options);
        assert_eq!(Knowledge::of(&options), all);
        for (i, (name, _)) in Knowledge::names().enumerate() {
            let mut k = all;
            k.set(&format!("no-{name}")).expect("a known name");
            let mut options = Options::default();
            k.apply(&mut options);
            assert_eq!(Knowledge::of(&options).on, all.on & !(1 << i), "{name}");
        }
    }
}
