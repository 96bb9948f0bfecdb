//! Depth-first proof-number search (df-pn, Nagai 2002) that stays sound
//! under repetition.
//!
//! One *query* asks whether a given side (the goal) wins from a state. The
//! seed regime is a game that may go round for ever; it is played as a
//! *first-cycle game*: the first time a state repeats on the line, the game
//! ends and the cycle decides — the side that played more tenukis round it
//! wins (it gained tempo every lap), an equal count is no result, which a
//! query counts as a loss for its goal. Ehrenfeucht and Mycielski (1979)
//! showed that first-cycle games of this kind (mean-payoff games) have the
//! same value as the infinite game and that positional strategies are
//! optimal, so the value of a state does not depend on the line that
//! reached it — the property the seed (§3) asks for.
//!
//! What can depend on the line is the value a *search* computes for an
//! inner node: a cycle closing on a state above the node cuts the game
//! short. The graph-history-interaction problem is a table that imports
//! such a value elsewhere. Here each proven value carries `dep`, the
//! shallowest depth of a line state its proof looked at (a cycle leaf, or a
//! superko-illegal play). A node at depth `d` whose proof has `dep >= d`
//! proved the first-cycle game *from itself*, i.e. its true value; only
//! such values enter the table. Importing true values anywhere is sound:
//! the winner's optimal positional strategy still wins the search tree
//! with imported true values (every cycle it allows is a winning cycle, and
//! every imported node it reaches has its value). Values that depended on
//! the line stay in the parent's child list for as long as the parent is
//! being searched, and are recomputed otherwise.
//!
//! The superko regime forbids a play that recreates a board of the line, so
//! the same `dep` bookkeeping covers the plays it forbids; a proof is
//! stored only when no forbidden play referred to a board above the node,
//! and the boards its own subtree repeats are all inside it.

pub mod limit;
pub(crate) mod tt;
pub mod zone;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};
use std::time::Instant;

use miai_goban::Vertex;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use crate::regime::Regime;
use crate::side::Side;
use crate::state::{Ctx, KEY_BOOK, Mv, QuietKeys, State};
use limit::{Cancel, DEFAULT_TABLE_BYTES, Limits, Progress, Stop, TableUsage};
use miai_search::Meter;
use miai_search::hash::mix64;
use tt::{Entry, Lookup, SharedTt, Table, Tt};
use zone::{ALL, Zone};

/// Proof numbers at or above this are infinite.
pub(crate) const INF: u32 = u32::MAX / 4;
/// The most an unproven node's summed number may reach ([`summarise`]),
/// well below the thresholds' cap (`INF - 1`). The sums count a state
/// once per path to it, so on a graph with many transpositions (the book
/// regime's passes commute with the plays) they grow exponentially; were
/// they capped at the thresholds' cap, a root whose number reached it
/// would return at once from every call of [`Searcher::mid`] — the other
/// number, small, never worked on — and the search would spin to the
/// node limit. Capped below it, the node keeps working on the other
/// number. (Numbers order the work only: proofs are unchanged.)
const SATURATED: u32 = INF / 2;
/// `dep` of a history-free value.
const FREE: u32 = u32::MAX;

/// Move ordering: natural (by heuristic) or shuffled by a seed (for the
/// ordering-independence tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ordering {
    /// Captures, ataris and liberties of weak chains first.
    #[default]
    Heuristic,
    /// A random order from this seed.
    Shuffled(u64),
}

/// A child in a node's list.
#[derive(Debug, Clone, Copy)]
struct Child {
    mv: Mv,
    phi: u32,
    delta: u32,
    dep: u32,
    /// Proven: [`NodeValue::ko`].
    ko: u8,
}

impl Child {
    /// A child whose value is known (a leaf).
    fn known(mv: Mv, v: NodeValue, dep: u32) -> Child {
        Child {
            mv,
            phi: v.phi,
            delta: v.delta,
            dep,
            ko: v.ko,
        }
    }
}

/// A node's result, from the view of its player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NodeValue {
    pub phi: u32,
    pub delta: u32,
    pub dep: u32,
    /// A proven value only: whether its proof met a ko — a node of the
    /// proof (the winning child of each node its winner moves at, every
    /// child of the others) with a simple-ko point or a seed-regime ban
    /// on the board ([`State::has_ko`]). A proof that met none holds
    /// whatever external ko threats either side has: threats change a
    /// side's moves only where a ko stands (a retake at once, and the
    /// attacker's tenuki while a retake is banned to it), the cycle rule
    /// counts such retakes only, and the leaves (the stones' verdicts,
    /// Benson, the eye shapes, cycles of the line) do not read the
    /// threats. False for unproven values.
    pub ko: u8,
}

/// A searcher's transposition table and board facts, kept for another
/// searcher of the same problem ([`Searcher::into_kept`]).
pub(crate) struct Kept {
    tt: Table,
    facts: Facts,
}

impl Kept {
    /// The memory its transposition table holds, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }
}

/// The searcher: one per analysis; its table is shared by the queries.
pub(crate) struct Searcher<'c> {
    pub ctx: Ctx,
    pub tt: Table,
    salt: u64,
    goal: Side,
    /// Counts the nodes since the start of the analysis or, after
    /// [`Searcher::extend_budget`], since the extension.
    meter: Meter,
    /// Nodes counted before the meter's start (by earlier meters).
    nodes_before: u64,
    /// The analysis's limits, as given.
    limits: Limits,
    started: Instant,
    progress: Option<&'c mut dyn FnMut(Progress)>,
    ordering: Ordering,
    rng: ChaCha8Rng,
    /// The line: states by depth.
    stack: Vec<State>,
    /// Keys of the line's states (seed regime) or boards (superko), with
    /// the first depth each appears at.
    on_line: Line,
    /// Tenukis by [attacker, defender] and immediate ko retakes, before
    /// each depth of the line.
    tenukis: Vec<[u32; 3]>,
    plays: Vec<Vertex>,
    /// The cells beside each of `plays` ([`State::plays_potential_seen`]).
    plays_seen: Vec<u8>,
    /// The children of a node being expanded that the table values: their
    /// index in the child list, their key, and the part of the key their
    /// threats left give ([`State::threats_part`]).
    pending: Vec<(usize, u64, u64)>,
    /// What the searcher computes of a board alone (Benson's test, the
    /// eye-space class, ...), cached by board.
    facts: Facts,
    order_scratch: OrderScratch,
    benson_scratch: crate::benson::Scratch,
    /// Child lists by depth, reused from node to node.
    child_lists: Vec<Vec<Child>>,
    /// The salts of the plain queries (the seed's rules, no threats, no
    /// ko-advantaged side, not the seki test) run on this table, by goal.
    plain_salts: [Option<u64>; 2],
    /// The current query's plain proofs, when it has threats
    /// ([`Import`]).
    import: Option<Import>,
    /// The current query keeps relevance zones and prunes by null moves
    /// (`Options::zones`, a plain query: see [`Searcher::mid`]).
    zmode: bool,
    /// The seed's reading on a table the book regime's search filled
    /// ([`Searcher::use_book_twins`]).
    twins: bool,
    /// The zones of the proven goal wins in the table, by salted key.
    zones: FxHashMap<u64, Zone>,
    /// Two threads on a query (`Options::split`): the main searcher's
    /// state for it.
    par: Option<Box<Par>>,
    /// This searcher's part in a query two threads divide.
    role: Role,
    /// The marks of the nodes the main searcher is in ([`Busy`]).
    busy: Option<Arc<Busy>>,
    /// What the threads of the split queries did.
    split_stats: SplitStats,
    /// The helper's children to read [`Busy`] for: index and key.
    marked: Vec<(usize, u64)>,
}

/// A searcher's part in a query ([`Searcher::prove`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Alone.
    Solo,
    /// With a helper beside it: it marks the nodes it is in.
    Main,
    /// Beside the main searcher: it reads the marks as raised numbers.
    Helper,
}

/// Slots of [`Busy`] (a power of two).
const BUSY_SLOTS: usize = 1 << 16;

/// The nodes the main searcher of a split query is in (its line), as
/// counts by the salted key's low bits: the helper reads a child marked
/// here with raised numbers — Kaneko's (2010) virtual proof numbers — so
/// that it works beside the main searcher's line, not on it. The marks
/// order the helper's work only; a collision raises a number in vain.
#[derive(Debug)]
struct Busy(Vec<AtomicU32>);

impl Busy {
    fn new() -> Busy {
        Busy((0..BUSY_SLOTS).map(|_| AtomicU32::new(0)).collect())
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU32 {
        &self.0[key as usize & (BUSY_SLOTS - 1)]
    }
}

/// A number the helper reads for a child the main searcher is in: twice
/// and one more ([`Busy`]), below [`SATURATED`].
#[inline]
fn virtual_number(x: u32) -> u32 {
    x.saturating_mul(2).saturating_add(1).min(SATURATED).max(x)
}

/// What the two threads of the split queries did (`Options::split`): the
/// nodes of each, and how many of the proven children each one's
/// expansions read from the table the other had stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SplitStats {
    /// Queries a second thread joined.
    pub queries: u32,
    /// Of them, those the helper decided first.
    pub helper_first: u32,
    /// Nodes of the main searcher in those queries, from the join on.
    pub main_nodes: u64,
    /// Nodes of the helper.
    pub helper_nodes: u64,
    /// Proven children read from the table while two threads searched,
    /// by reader (main, helper).
    pub read_proofs: [u64; 2],
    /// Of them, the ones the other thread had stored.
    pub read_other: [u64; 2],
    /// Shared tables made by the split's own copies: one at the
    /// analysis's first join, and one each time a half-full table was
    /// grown between stretches (a table grown by a searcher alone is not
    /// counted; docs/tsumego.md).
    pub tables: u32,
    /// Bytes of the largest shared table.
    pub table_bytes: u64,
}

impl std::fmt::Display for SplitStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let share = |i: usize| {
            if self.read_proofs[i] == 0 {
                "-".to_string()
            } else {
                format!(
                    "{:.0} %",
                    100.0 * self.read_other[i] as f64 / self.read_proofs[i] as f64
                )
            }
        };
        write!(
            f,
            "split: {} queries joined ({} decided by the helper), {} + {} nodes \
             (main + helper) after the joins, proofs read from the other: {} / {}, \
             {} shared tables, the largest {:.1} MiB",
            self.queries,
            self.helper_first,
            self.main_nodes,
            self.helper_nodes,
            share(0),
            share(1),
            self.tables,
            self.table_bytes as f64 / f64::from(1 << 20)
        )
    }
}

impl SplitStats {
    fn add(&mut self, o: &SplitStats) {
        self.queries += o.queries;
        self.helper_first += o.helper_first;
        self.main_nodes += o.main_nodes;
        self.helper_nodes += o.helper_nodes;
        for i in 0..2 {
            self.read_proofs[i] += o.read_proofs[i];
            self.read_other[i] += o.read_other[i];
        }
        self.tables += o.tables;
        self.table_bytes = self.table_bytes.max(o.table_bytes);
    }
}

/// The main searcher's state for the split queries.
struct Par {
    /// Nodes a query is searched alone before the helper joins it.
    after: u64,
    /// What joins it.
    mode: SplitHelper,
    /// The analysis's cancel flag.
    cancel: Option<Cancel>,
    table_bytes: usize,
    busy: Arc<Busy>,
    /// The helper's board facts and zones, kept from query to query.
    helper: Option<(Facts, FxHashMap<u64, Zone>)>,
}

/// Both cores on one query ([`Options::split`](crate::Options::split)):
/// when a query still open after its first stretch gets a second thread,
/// and what that thread does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Split {
    /// Nodes a query is searched alone before the helper joins it
    /// ([`Split::AFTER`] by default).
    pub after: u64,
    /// What joins it ([`SplitHelper::Plain`] by default).
    pub helper: SplitHelper,
}

impl Split {
    /// The default first stretch (`--split` on the command line): most
    /// queries end before it.
    pub const AFTER: u64 = 500_000;
}

impl Default for Split {
    fn default() -> Split {
        Split {
            after: Split::AFTER,
            helper: SplitHelper::Plain,
        }
    }
}

/// What a split query does after its first stretch (docs/tsumego.md,
/// "a shared-table parallel df-pn": the three were measured, the plain
/// helper is the default; `--split-helper` on the command line).
// (The hidden variant is a test's, not a marker of more to come.)
#[allow(clippy::manual_non_exhaustive)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SplitHelper {
    /// A helper thread, df-pn as the main searcher's on the shared table.
    #[default]
    Plain,
    /// A helper thread reading the nodes of the main searcher's line with
    /// raised numbers (Kaneko's virtual proof numbers): measured worse.
    Virtual,
    /// No helper: the main searcher goes on alone on the shared table
    /// (what the table alone costs; a measurement's).
    NoHelper,
    /// The helper alone, on this thread, takes the query over after the
    /// first stretch, and the main searcher goes on from its table (the
    /// unit tests' way to have every split query answered by a helper).
    #[doc(hidden)]
    HelperAlone,
}

/// What a helper thread is given for one query.
struct HelperJob {
    ctx: Ctx,
    limits: Limits,
    cancel: Cancel,
    table: Arc<SharedTt>,
    busy: Arc<Busy>,
    goal: Side,
    salt: u64,
    plain_salts: [Option<u64>; 2],
    twins: bool,
    virtual_numbers: bool,
    facts: Facts,
    zones: FxHashMap<u64, Zone>,
    line: Vec<State>,
    moves: Vec<Mv>,
}

/// What it gives back.
struct HelperOut {
    answer: Answer,
    value: NodeValue,
    nodes: u64,
    facts: Facts,
    zones: FxHashMap<u64, Zone>,
    stats: SplitStats,
    /// Slots of the shared table it filled.
    filled: usize,
}

impl HelperJob {
    fn run(self) -> HelperOut {
        let mut s = Searcher::new_with(
            self.ctx,
            self.limits,
            Ordering::Heuristic,
            Some(self.cancel.clone()),
            None,
            Table::Shared(self.table, 0),
        );
        s.facts = self.facts;
        s.zones = self.zones;
        s.goal = self.goal;
        s.salt = self.salt;
        s.plain_salts = self.plain_salts;
        s.twins = self.twins;
        s.busy = self.virtual_numbers.then_some(self.busy);
        s.role = Role::Helper;
        let (answer, value) = s.prove_solo(&self.line, &self.moves);
        if !matches!(answer, Answer::Unknown(_)) {
            self.cancel.cancel();
        }
        HelperOut {
            answer,
            value,
            nodes: s.nodes(),
            facts: s.facts,
            zones: s.zones,
            stats: s.split_stats,
            filled: s.tt.len(),
        }
    }
}

/// [`NodeValue::ko`]'s bit, with zones, for a proof that met a cycle leaf
/// (above the sides' ko bits: the threat queries read those only).
const CYCLE: u8 = 4;

/// Whether a node where the goal's opponent moves searches its null move
/// (the tenuki's child) first, while it stays within the threshold its
/// siblings leave it. (Not the attacker's pass in the life queries: it
/// waits its turn by df-pn's own choice, and prunes once proven. Put
/// first it cost more than it saved: docs/tsumego.md, "life zones".)
const NULL_FIRST: bool = true;

/// The key tag of the zone of a defender's *answer to the attacker's pass*
/// (life queries, the book regime): at a state `T` the attacker's pass
/// reached (the defender to move, `last_tenuki` the attacker's), proven a
/// defender win by a play `q` whose proof is free of the line, of kos and
/// of cycles, the zone `base ∪ Z_q ∪ play(q)` (`Z_q` the zone of `q`'s
/// child) is kept under `T`'s salted key with this tag.
///
/// It is a zone of the *null move's state* `N0` of the node `N` the pass
/// came from (`N`'s board, the defender to move, the fields a quiet play
/// leaves): `T` and `N0` differ only in `last_tenuki`, which a play clears,
/// so `q`'s child is the same state from both. A state `S` with `N0`'s
/// fields that agrees with `N`'s board on the zone allows `q` with the
/// same captures and the same new chain (`play(q)`), and `q`'s child from
/// `S` agrees with `q`'s child from `T` on `Z_q`, with the same fields: a
/// defender win. So every quiet attacker play off the zone at `N` is a
/// defender win, answered by `q` — the pruning of `Searcher::mid` for
/// the attacker's null move. (The pass's own proof is no such zone when
/// the defender answers the pass with a pass: that ends the attacker's
/// passes, which the null move's state does not; such a proof leaves no
/// tagged zone and prunes nothing.)
const PASS_ANSWER: u64 = 0x51ed_270a_4f3b_9c1d;

/// Zones kept at most: past this the map is emptied (a missing zone is
/// [`ALL`]: no pruning, never a wrong one).
const MAX_ZONES: usize = 1 << 22;

/// The null move of a node where the goal's opponent moves (see
/// [`Searcher::mid`]).
#[derive(Debug, Clone, Copy)]
enum Null {
    /// Not used: every child is searched.
    Off,
    /// The tenuki's child not settled yet: the null move's state
    /// (`pass` false), or the book regime's attacker's pass, whose proven
    /// answer by a play proves the null move (`pass` true;
    /// [`PASS_ANSWER`]).
    Pending { pass: bool },
    /// Proven a win of the goal by a history-free proof with this zone;
    /// `played`: the node's plays (as a zone), the ones left out included.
    Proven {
        zone: Zone,
        dep: u32,
        ko: u8,
        played: Zone,
    },
}

/// Where a query with external ko threats finds the proofs of a plain
/// query run before it on the same table (`Options::plain_proofs`): a
/// state's entry there, under the key of the same state with no threats
/// left and the plain query's salt, proves the same result in this query
/// when it is a win of the plain query's goal (a win that counts a cycle
/// without a winner against it: so it wins whatever the goal) and its
/// proof met no ko against a side that has threats here
/// ([`NodeValue::ko`]).
#[derive(Debug, Clone, Copy)]
struct Import {
    salt: u64,
    goal: Side,
    /// The sides with threats in this query, as [`NodeValue::ko`]'s bits.
    mask: u8,
}

impl Import {
    /// The entry of the state with key `key` (without the salt) and
    /// threats part `part` ([`State::threats_part`]), `mover` to move
    /// there, from the plain proofs, when they prove it here.
    #[inline]
    fn value<L: Lookup>(&self, tt: &L, key: u64, part: u64, mover: Side) -> Option<Entry> {
        let e = tt.get(key ^ part ^ self.salt)?;
        let winner = match (e.phi, e.delta) {
            (0, _) => mover,
            (_, 0) => mover.other(),
            _ => return None,
        };
        (winner == self.goal && e.ko & self.mask == 0).then_some(e)
    }
}

/// The keys of the line's states with the first depth each appears at: a
/// map, and in front of it a filter of counts by the key's top bits, so
/// that the lookups of a node's children (nearly all of them misses) read
/// one small array instead of the map.
#[derive(Debug)]
struct Line {
    map: FxHashMap<u64, u32>,
    /// Keys in the map by their top [`LINE_FILTER_BITS`] bits.
    filter: Vec<u16>,
}

/// Bits of a key that index [`Line`]'s filter.
const LINE_FILTER_BITS: u32 = 12;

impl Default for Line {
    fn default() -> Line {
        Line {
            map: FxHashMap::default(),
            filter: vec![0; 1 << LINE_FILTER_BITS],
        }
    }
}

impl Line {
    #[inline]
    fn slot(k: u64) -> usize {
        (k >> (64 - LINE_FILTER_BITS)) as usize
    }

    /// Puts `k` at depth `d` unless it is on the line already.
    fn enter(&mut self, k: u64, d: u32) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.map.entry(k) {
            e.insert(d);
            self.filter[Line::slot(k)] += 1;
        }
    }

    /// Takes `k` off the line if it entered at depth `d`.
    fn leave(&mut self, k: u64, d: u32) {
        if self.map.get(&k) == Some(&d) {
            self.map.remove(&k);
            self.filter[Line::slot(k)] -= 1;
        }
    }

    /// The depth `k` entered the line at, if it is on it.
    #[inline]
    fn get(&self, k: u64) -> Option<&u32> {
        if self.filter[Line::slot(k)] == 0 {
            return None;
        }
        self.map.get(&k)
    }

    fn clear(&mut self) {
        for &k in self.map.keys() {
            self.filter[Line::slot(k)] = 0;
        }
        self.map.clear();
    }
}

/// A query's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The goal side wins.
    Yes,
    /// It does not (the other side wins, or no result).
    No,
    /// Cut off.
    Unknown(Stop),
}

impl<'c> Searcher<'c> {
    pub fn new(
        ctx: Ctx,
        limits: Limits,
        ordering: Ordering,
        cancel: Option<Cancel>,
        progress: Option<&'c mut dyn FnMut(Progress)>,
    ) -> Searcher<'c> {
        let tt = Table::Own(Tt::new(limits.table_bytes_or(DEFAULT_TABLE_BYTES)));
        Searcher::new_with(ctx, limits, ordering, cancel, progress, tt)
    }

    fn new_with(
        ctx: Ctx,
        limits: Limits,
        ordering: Ordering,
        cancel: Option<Cancel>,
        progress: Option<&'c mut dyn FnMut(Progress)>,
        tt: Table,
    ) -> Searcher<'c> {
        let seed = match ordering {
            Ordering::Shuffled(s) => s,
            Ordering::Heuristic => 0,
        };
        let par = ctx.split.map(|split| {
            Box::new(Par {
                after: split.after,
                mode: split.helper,
                cancel: cancel.clone(),
                table_bytes: limits.table_bytes_or(DEFAULT_TABLE_BYTES),
                busy: Arc::new(Busy::new()),
                helper: None,
            })
        });
        Searcher {
            par,
            role: Role::Solo,
            busy: None,
            split_stats: SplitStats::default(),
            marked: Vec::new(),
            tt,
            ctx,
            salt: 0,
            goal: Side::Attacker,
            meter: Meter::new(&limits, cancel.as_ref()),
            nodes_before: 0,
            limits,
            started: Instant::now(),
            progress,
            ordering,
            rng: ChaCha8Rng::seed_from_u64(seed),
            stack: Vec::new(),
            on_line: Line::default(),
            tenukis: Vec::new(),
            plays: Vec::new(),
            plays_seen: Vec::new(),
            pending: Vec::new(),
            facts: Facts::new(),
            order_scratch: OrderScratch::default(),
            benson_scratch: crate::benson::Scratch::default(),
            child_lists: Vec::new(),
            plain_salts: [None, None],
            import: None,
            twins: false,
            zmode: false,
            zones: FxHashMap::default(),
        }
    }

    /// Seed regime, no ko-advantaged side: a query in which each side has
    /// `budget` external ko threats (by [`Side::index`]). The threats left
    /// are part of each state's key, so these queries share the table with
    /// each other and with the plain query (`[0, 0]`) of the same goal.
    pub fn set_query_threats(&mut self, goal: Side, budget: [u8; 2]) {
        self.set_query_mode(goal, None, false);
        self.ctx.budget = budget;
    }

    /// Switches to another query (goal and ko-advantaged side) on the same
    /// table; the keys are salted so the queries do not mix.
    pub fn set_query(&mut self, goal: Side, master: Option<Side>) {
        self.set_query_mode(goal, master, false);
    }

    /// [`Searcher::set_query`], optionally as the seki test (see
    /// `Ctx::free_pass`).
    pub fn set_query_mode(&mut self, goal: Side, master: Option<Side>, free_pass: bool) {
        self.goal = goal;
        self.ctx.master = master;
        self.ctx.free_pass = free_pass;
        self.ctx.budget = [0, 0];
        let n = self.ctx.regime.ko_threats().map_or(0, |n| n as u64 + 1);
        self.salt = mix64(
            0x1234_5678
                ^ ((goal.index() as u64) << 1)
                ^ ((master.map_or(3, |m| m.index()) as u64) << 2)
                ^ ((free_pass as u64) << 5)
                ^ (n << 8),
        );
    }

    /// Records the current query's salt when it is a plain one, and finds
    /// the plain proofs a query with threats may take ([`Import`]): those
    /// of the side without threats when both sides' plain queries ran.
    fn set_import(&mut self) {
        self.import = None;
        let ctx = &self.ctx;
        if !ctx.regime.seed_rules() || ctx.master.is_some() || ctx.free_pass {
            return;
        }
        if ctx.budget == [0, 0] {
            self.plain_salts[self.goal.index()] = Some(self.salt);
            return;
        }
        if !ctx.plain_proofs {
            return;
        }
        let mask = u8::from(ctx.budget[0] > 0) | u8::from(ctx.budget[1] > 0) << 1;
        let sides = if ctx.budget[0] > 0 {
            [Side::Defender, Side::Attacker]
        } else {
            [Side::Attacker, Side::Defender]
        };
        self.import = sides.into_iter().find_map(|goal| {
            self.plain_salts[goal.index()].map(|salt| Import { salt, goal, mask })
        });
    }

    /// Whether the goal side wins from `line`'s last state, the earlier
    /// states being the line that reached it.
    pub fn prove(&mut self, line: &[State], moves: &[Mv]) -> (Answer, NodeValue) {
        if self.par.is_some() {
            return self.prove_split(line, moves);
        }
        self.prove_solo(line, moves)
    }

    /// What the split queries' threads did (`Options::split`; `None`
    /// without it).
    pub fn split_stats(&self) -> Option<SplitStats> {
        self.par.as_ref().map(|_| self.split_stats)
    }

    /// Nodes the analysis may still search (`None`: no limit).
    fn nodes_left(&self) -> Option<u64> {
        self.meter
            .limits()
            .max_nodes
            .map(|m| m.saturating_sub(self.meter.nodes()))
    }

    /// A new meter: at most `max_nodes` more nodes, the analysis's time
    /// limit as it stands, `cancel`'s flag.
    fn remeter(&mut self, max_nodes: Option<u64>, cancel: Option<&Cancel>) {
        let elapsed = self.started.elapsed();
        let limits = Limits {
            max_nodes,
            max_time: self.limits.max_time.map(|t| t.saturating_sub(elapsed)),
            ..self.limits
        };
        self.nodes_before += self.meter.nodes();
        self.meter = Meter::new(&limits, cancel);
    }

    /// [`Searcher::prove`] with `Options::split`: alone for its first
    /// stretch of nodes, then, if the query is still open, with a
    /// helper thread beside it on a table both read and write
    /// ([`SharedTt`]); the first to decide stops the other. Only
    /// history-free values enter the table, so a proof one thread stored
    /// is the state's true value for the other too. The remaining node
    /// budget is halved between them, the time limit holds for both.
    fn prove_split(&mut self, line: &[State], moves: &[Mv]) -> (Answer, NodeValue) {
        let par = self.par.as_ref().expect("a split searcher");
        let (cancel, after) = (par.cancel.clone(), par.after);
        if self.meter.stopped().is_some() {
            return self.prove_solo(line, moves);
        }
        let left = self.nodes_left();
        let capped = left.is_none_or(|l| l > after);
        self.remeter(Some(left.map_or(after, |l| l.min(after))), cancel.as_ref());
        let r = self.prove_solo(line, moves);
        let mut left = left.map(|l| l.saturating_sub(self.meter.nodes()));
        if !(capped && r.0 == Answer::Unknown(Stop::Nodes)) {
            self.remeter(left, cancel.as_ref());
            if let Answer::Unknown(s) = r.0 {
                self.meter.stop(s);
            }
            return r;
        }
        // Both threads, in stretches between which the shared table,
        // sized at the join from the entries so far, may grow.
        let mut first = true;
        loop {
            let par = self.par.as_mut().expect("a split searcher");
            let mode = par.mode;
            let (table, made) = self.tt.share(par.table_bytes);
            // (Without a helper the searcher grows the table as it goes:
            // no stretches, no restarts from the root.)
            let stretch = self.tt.stretch().filter(|_| mode != SplitHelper::NoHelper);
            let more = stretch.is_some_and(|s| left.is_none_or(|l| l > s));
            let budget = match (left, stretch) {
                (Some(l), Some(s)) => Some(l.min(s)),
                (l, s) => l.or(s),
            };
            let start = SplitStats {
                queries: u32::from(first),
                tables: u32::from(made),
                table_bytes: table.bytes() as u64,
                ..SplitStats::default()
            };
            let (r, spent) = self.split_stretch(line, moves, table, budget, mode, start);
            first = false;
            left = left.map(|l| l.saturating_sub(spent));
            self.remeter(left, cancel.as_ref());
            if !(more && r.0 == Answer::Unknown(Stop::Nodes)) {
                if let Answer::Unknown(s) = r.0 {
                    self.meter.stop(s);
                }
                return r;
            }
        }
    }

    /// One stretch of a split query on the shared `table`: at most
    /// `budget` nodes (both threads'), shared by the threads as `mode`
    /// says; the answer and the nodes spent. The books after it: the
    /// statistics (`stats` and the stretch's), the helper's facts and
    /// zones kept, its nodes counted and its slots filled.
    fn split_stretch(
        &mut self,
        line: &[State],
        moves: &[Mv],
        table: Arc<SharedTt>,
        budget: Option<u64>,
        mode: SplitHelper,
        mut stats: SplitStats,
    ) -> ((Answer, NodeValue), u64) {
        let par = self.par.as_ref().expect("a split searcher");
        let cancel = par.cancel.clone();
        let busy = Arc::clone(&par.busy);
        let query = cancel.as_ref().map_or_else(Cancel::new, Cancel::child);
        let decided = |a: Answer| !matches!(a, Answer::Unknown(_));
        let (r, out, by_helper) = match mode {
            SplitHelper::NoHelper => {
                // (Alone on it, the searcher may grow it as it goes.)
                drop(table);
                self.remeter(budget, cancel.as_ref());
                (self.prove_solo(line, moves), None, false)
            }
            SplitHelper::HelperAlone => {
                self.remeter(Some(0), cancel.as_ref());
                let out = self
                    .helper_job(line, moves, table, budget, &query, false)
                    .run();
                let by_helper = decided(out.answer);
                ((out.answer, out.value), Some(out), by_helper)
            }
            SplitHelper::Plain | SplitHelper::Virtual => {
                self.remeter(budget.map(|l| l.div_ceil(2)), Some(&query));
                let job = self.helper_job(
                    line,
                    moves,
                    table,
                    budget.map(|l| l / 2),
                    &query,
                    mode == SplitHelper::Virtual,
                );
                self.busy = Some(busy);
                self.role = Role::Main;
                let (mine, out) = std::thread::scope(|sc| {
                    let h = sc.spawn(move || job.run());
                    let mine = self.prove_solo(line, moves);
                    if decided(mine.0) {
                        query.cancel();
                    }
                    (mine, h.join().expect("the helper thread"))
                });
                self.role = Role::Solo;
                if !decided(mine.0) && decided(out.answer) {
                    ((out.answer, out.value), Some(out), true)
                } else {
                    (mine, Some(out), false)
                }
            }
        };
        let main_nodes = self.meter.nodes();
        stats.main_nodes = main_nodes;
        let mut spent = main_nodes;
        if let Some(out) = out {
            stats.helper_nodes = out.nodes;
            stats.helper_first = u32::from(by_helper);
            for i in 0..2 {
                stats.read_proofs[i] += out.stats.read_proofs[i];
                stats.read_other[i] += out.stats.read_other[i];
            }
            if let Some(p) = self.par.as_mut() {
                p.helper = Some((out.facts, out.zones));
            }
            self.tt.add_filled(out.filled);
            self.nodes_before += out.nodes;
            spent += out.nodes;
        }
        self.split_stats.add(&stats);
        (r, spent)
    }

    /// The helper's job for the current query on the shared `table`:
    /// the query's context, goal, salt, plain proofs and twins, the
    /// helper's facts and zones from the queries before, at most
    /// `max_nodes`, the analysis's time left, `query`'s cancel flag.
    fn helper_job(
        &mut self,
        line: &[State],
        moves: &[Mv],
        table: Arc<SharedTt>,
        max_nodes: Option<u64>,
        query: &Cancel,
        virtual_numbers: bool,
    ) -> HelperJob {
        let par = self.par.as_mut().expect("a split searcher");
        let busy = Arc::clone(&par.busy);
        let (facts, zones) = par
            .helper
            .take()
            .unwrap_or_else(|| (Facts::new(), FxHashMap::default()));
        HelperJob {
            ctx: self.ctx.clone(),
            limits: Limits {
                max_nodes,
                max_time: self
                    .limits
                    .max_time
                    .map(|t| t.saturating_sub(self.started.elapsed())),
                ..self.limits
            },
            cancel: query.clone(),
            table,
            busy,
            goal: self.goal,
            salt: self.salt,
            plain_salts: self.plain_salts,
            twins: self.twins,
            virtual_numbers,
            facts,
            zones,
            line: line.to_vec(),
            moves: moves.to_vec(),
        }
    }

    /// [`Searcher::prove`] on this thread alone.
    fn prove_solo(&mut self, line: &[State], moves: &[Mv]) -> (Answer, NodeValue) {
        self.set_import();
        let ctx = &self.ctx;
        self.zmode = (ctx.zones || (ctx.life_zones && self.goal == Side::Defender))
            && ctx.plain_ko()
            && ctx.budget == [0, 0]
            && !ctx.free_pass
            && ctx.zone_bit.iter().any(|&b| b != crate::state::NO_ZONE_BIT);
        self.load(line, moves, false);
        let d = line.len() - 1;
        let root = &self.stack[d];
        // (Benson's test is `mid`'s: it holds only where the defender may
        // pass.)
        if let Some(w) = root.decided_cheap(&self.ctx) {
            let v = self.leaf(root.mover(&self.ctx) == w);
            return (self.answer(d, v), v);
        }
        let mut v = NodeValue {
            phi: 1,
            delta: 1,
            dep: FREE,
            ko: 0,
        };
        while v.phi != 0 && v.delta != 0 && self.meter.stopped().is_none() {
            v = self.mid(d, INF - 1, INF - 1);
        }
        // A cycle may close on a state of the line above the root: a ko
        // there counts as met.
        v.ko |= line[..d].iter().fold(0, |m, s| m | s.kos(&self.ctx));
        (self.answer(d, v), v)
    }

    /// Puts a line on the stack: `moves[i]` leads from `line[i]` to
    /// `line[i + 1]`; the last state is entered too when `enter_last`.
    fn load(&mut self, line: &[State], moves: &[Mv], enter_last: bool) {
        self.stack.clear();
        self.on_line.clear();
        self.tenukis.clear();
        self.tenukis.push([0, 0, 0]);
        for (i, s) in line.iter().enumerate() {
            self.stack.push(s.clone());
            if i + 1 < line.len() || enter_last {
                self.enter(i);
            }
            if let Some(&mv) = moves.get(i) {
                let t = self.counts_after(i, mv);
                self.tenukis.push(t);
            }
        }
    }

    /// The line's counters after `mv` from the state at depth `d`:
    /// tenukis by side, and immediate ko retakes.
    #[inline]
    fn counts_after(&self, d: usize, mv: Mv) -> [u32; 3] {
        let mut t = self.tenukis[d];
        let s = &self.stack[d];
        match mv {
            Mv::Tenuki => t[s.mover(&self.ctx).index()] += 1,
            Mv::Play(v) => {
                if s.is_retake(v) {
                    t[2] += 1;
                }
            }
        }
        t
    }

    fn answer(&self, d: usize, v: NodeValue) -> Answer {
        if let Some(s) = self.meter.stopped()
            && v.phi != 0
            && v.delta != 0
        {
            return Answer::Unknown(s);
        }
        let mover_wins = v.phi == 0;
        let goal_moves = self.stack[d].mover(&self.ctx) == self.goal;
        if mover_wins == goal_moves {
            Answer::Yes
        } else {
            Answer::No
        }
    }

    #[inline]
    fn leaf(&self, mover_wins: bool) -> NodeValue {
        if mover_wins {
            NodeValue {
                phi: 0,
                delta: INF,
                dep: FREE,
                ko: 0,
            }
        } else {
            NodeValue {
                phi: INF,
                delta: 0,
                dep: FREE,
                ko: 0,
            }
        }
    }

    /// The line key of the state at depth `d`: the full state in the seed
    /// regime, the board under superko.
    fn line_key(&self, s: &State) -> u64 {
        if self.ctx.regime.seed_rules() {
            s.key(&self.ctx)
        } else {
            s.pos.hash()
        }
    }

    /// Puts the state at depth `d` on the line.
    fn enter(&mut self, d: usize) {
        let k = self.line_key(&self.stack[d]);
        self.on_line.enter(k, d as u32);
    }

    /// The line's key of the state at depth `d` whose key
    /// ([`State::key`]) is `key`: the key itself (seed regime) or its
    /// board's hash (superko).
    #[inline]
    fn line_key_at(&self, d: usize, key: u64) -> u64 {
        if self.ctx.regime.seed_rules() {
            key
        } else {
            self.stack[d].pos.hash()
        }
    }

    /// [`Searcher::enter`] of a state whose key ([`State::key`]) is `key`.
    #[inline]
    fn enter_key(&mut self, d: usize, key: u64) {
        let k = self.line_key_at(d, key);
        self.on_line.enter(k, d as u32);
    }

    /// Takes the state at depth `d`, whose key is `key`, off the line.
    #[inline]
    fn leave_key(&mut self, d: usize, key: u64) {
        let k = self.line_key_at(d, key);
        self.on_line.leave(k, d as u32);
    }

    /// Nodes searched in the analysis so far (all queries).
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes_before + self.meter.nodes()
    }

    /// Why the search stopped, if a limit was reached or it was cancelled.
    #[inline]
    pub fn stopped(&self) -> Option<Stop> {
        self.meter.stopped()
    }

    fn tick(&mut self) {
        if self.meter.tick().is_ok()
            && self.meter.report_due()
            && let Some(p) = self.progress.as_mut()
        {
            let mut r = self.meter.progress(TableUsage {
                used: self.tt.len(),
                capacity: self.tt.max_entries(),
            });
            // The analysis's totals, across budget extensions.
            r.nodes += self.nodes_before;
            r.max_nodes = r.max_nodes.map(|m| m.saturating_add(self.nodes_before));
            r.elapsed = self.started.elapsed();
            r.max_time = self.limits.max_time;
            p(r);
        }
    }

    /// The children of the node at depth `d`, with their values, and the
    /// `dep` of the move generation itself (superko-forbidden plays), and
    /// that of the tenuki's permission.
    fn expand(&mut self, d: usize, own: u64) -> (Vec<Child>, u32, u32) {
        let mut plays = std::mem::take(&mut self.plays);
        plays.clear();
        // The plays in generation order: the heuristic order is put on the
        // children only when the node goes on to choose among them
        // ([`Searcher::order_children`]).
        let mut seen = std::mem::take(&mut self.plays_seen);
        seen.clear();
        let potential = self.stack[d].plays_potential_seen(&self.ctx, &mut plays, &mut seen);
        if self.stack.len() <= d + 1 {
            let s = self.stack[d].clone();
            self.stack.push(s);
        }
        let mover = self.stack[d].mover(&self.ctx);
        let mut children = self.take_child_list(d);
        let mut gen_dep = FREE;
        let superko = matches!(self.ctx.regime, Regime::Superko);
        let mut ko_blocked = superko && self.stack[d].simple_ko_blocked();
        let mut ko_dep = FREE;
        // Heads of the defender's chains that reach a permanent liberty:
        // a quiet defender play joining none of them (and not itself next
        // to one) cannot end the game.
        let mut outside_heads: [Option<Vertex>; 8] = [None; 8];
        let mut n_outside = 0;
        let defender = self.ctx.attacker.opponent();
        if mover == Side::Defender {
            let pos = &self.stack[d].pos;
            for &v in &self.ctx.near_outside {
                if pos.color_at(v) == Some(defender) {
                    let h = pos.chain_head(v);
                    if !outside_heads[..n_outside].contains(&h) {
                        if n_outside == outside_heads.len() {
                            // Too many to track: play every child out.
                            n_outside = usize::MAX;
                            break;
                        }
                        outside_heads[n_outside] = h;
                        n_outside += 1;
                    }
                }
            }
        }
        // df-pn+ (Kishimoto and Müller 2005): the children not yet in the
        // table start from the defender's eye-space potential at this
        // node instead of (1, 1) — the order of the work only.
        let init = if self.ctx.heuristic_init {
            initial(potential, mover)
        } else {
            (1, 1)
        };
        // The children the table must value: their index and key. They are
        // looked up together at the end, after one pass that reads their
        // slots back to back, so that the cache misses overlap instead of
        // stalling the generation one by one (nothing is stored while a
        // node is expanded, so the values are the same).
        let mut pending = std::mem::take(&mut self.pending);
        pending.clear();
        let quiet_keys = QuietKeys::new(&self.stack[d]);
        // A quiet play retakes no ko: its child has the node's threats.
        let quiet_part = self.stack[d].threats_part();
        // The cells of the mover's and the opponent's stones
        // ([`State::plays_potential_seen`]'s bits).
        let (own_bit, opp_bit) = match self.stack[d].pos.to_move() {
            miai_goban::Color::Black => (1 << 1, 1 << 2),
            miai_goban::Color::White => (1 << 2, 1 << 1),
        };
        for (&v, &nb) in plays.iter().zip(&seen) {
            // Most plays capture nothing and cannot decide the game: their
            // key is computed without playing them.
            let quiet = match mover {
                Side::Attacker => true,
                Side::Defender => {
                    n_outside != usize::MAX && {
                        let pos = &self.stack[d].pos;
                        !self.ctx.near_outside_set.contains(v)
                            && (nb & own_bit == 0
                                || !pos.graph().neighbors(v).iter().any(|&u| {
                                    pos.color_at(u) == Some(defender)
                                        && outside_heads[..n_outside].contains(&pos.chain_head(u))
                                }))
                    }
                }
            };
            if let Some((key, board)) = quiet
                .then(|| quiet_keys.child_near(&self.stack[d], &self.ctx, v, nb & opp_bit != 0))
                .flatten()
            {
                if superko && let Some(&a) = self.on_line.get(board) {
                    gen_dep = gen_dep.min(a);
                    continue;
                }
                let c = self.cycle(d, Mv::Play(v), key, mover.other()).ok_or(key);
                push_child(&mut children, &mut pending, Mv::Play(v), c, quiet_part);
                continue;
            }
            let (parent, rest) = self.stack.split_at_mut(d + 1);
            let captured = parent[d].play_into(&self.ctx, Mv::Play(v), &mut rest[0]);
            if superko && let Some(&a) = self.on_line.get(rest[0].pos.hash()) {
                gen_dep = gen_dep.min(a);
                if captured > 0 && mover == Side::Attacker {
                    ko_blocked = true;
                    ko_dep = ko_dep.min(a);
                }
                continue;
            }
            // Only an attacker's capture can leave no target, only a
            // defender's play can reach a permanent liberty.
            let check = match mover {
                Side::Attacker => captured > 0,
                Side::Defender => !self.ctx.near_outside.is_empty(),
            };
            let c = self.child_value(d, Mv::Play(v), check);
            let part = self.stack[d + 1].threats_part();
            push_child(&mut children, &mut pending, Mv::Play(v), c, part);
        }
        if !ko_blocked {
            ko_dep = FREE;
        } else if superko && self.stack[d].simple_ko_blocked() {
            // The simple-ko ban is part of the state, not of the line.
            ko_dep = FREE;
        }
        if self.stack[d].may_tenuki(&self.ctx, ko_blocked) {
            let c = if self.ctx.free_pass && self.stack[d].last_tenuki.is_some() {
                // Two passes: the game ends; the defender has not reached
                // unconditional life (it would have been decided).
                Ok(Child::known(
                    Mv::Tenuki,
                    self.leaf(mover.other() == Side::Attacker),
                    FREE,
                ))
            } else {
                // A tenuki decides nothing by the stones: its child is
                // valued by its key alone, without playing it.
                let key = self.stack[d].tenuki_key(&self.ctx);
                self.cycle(d, Mv::Tenuki, key, mover.other()).ok_or(key)
            };
            // A tenuki uses no threat.
            push_child(&mut children, &mut pending, Mv::Tenuki, c, quiet_part);
        }
        // The children the table's filter rules out start from `init`
        // at once; the others are looked up, their slots read first.
        // With threats, a child not in the table may be proven by the
        // plain query's proofs ([`Import`]).
        // The helper's children to read the marks of (before the filter
        // leaves some out: a child the main searcher is in for the first
        // time is in no table yet).
        let marked = (self.role == Role::Helper).then(|| {
            let mut m = std::mem::take(&mut self.marked);
            m.clear();
            m.extend(pending.iter().map(|&(i, key, _)| (i, key)));
            m
        });
        let (salt, im, twins) = (self.salt, self.import, self.twins);
        let (children_mut, pending_ref) = (&mut children, &mut pending);
        match &self.tt {
            Table::Own(tt) => {
                value_children(
                    tt,
                    salt,
                    im,
                    twins,
                    mover,
                    init,
                    own,
                    children_mut,
                    pending_ref,
                );
            }
            Table::Shared(tt, _) => {
                value_children(
                    &**tt,
                    salt,
                    im,
                    twins,
                    mover,
                    init,
                    own,
                    children_mut,
                    pending_ref,
                );
            }
        }
        if self.role != Role::Solo {
            self.split_reads(&mut children, &pending, marked.as_deref().unwrap_or(&[]));
        }
        if let Some(m) = marked {
            self.marked = m;
        }
        self.pending = pending;
        if let Ordering::Shuffled(_) = self.ordering {
            children.shuffle(&mut self.rng);
        }
        self.plays = plays;
        self.plays_seen = seen;
        (children, gen_dep, ko_dep)
    }

    /// With two threads on the query: counts the proven children the
    /// table gave (and those the other thread stored), and in the helper
    /// raises the numbers of the open children the main searcher is in
    /// ([`Busy`]).
    #[inline(never)]
    fn split_reads(
        &mut self,
        children: &mut [Child],
        pending: &[(usize, u64, u64)],
        marked: &[(usize, u64)],
    ) {
        let Table::Shared(t, _) = &self.tt else {
            return;
        };
        let (me, salt) = (usize::from(self.role == Role::Helper), self.salt);
        for &(i, key, _) in pending {
            let c = &children[i];
            if c.phi == 0 || c.delta == 0 {
                self.split_stats.read_proofs[me] += 1;
                if t.get_tagged(key ^ salt)
                    .is_some_and(|(_, by)| usize::from(by) != me)
                {
                    self.split_stats.read_other[me] += 1;
                }
            }
        }
        let Some(b) = &self.busy else { return };
        for &(i, key) in marked {
            let c = &mut children[i];
            if c.phi != 0 && c.delta != 0 && b.slot(key ^ salt).load(AtomicOrdering::Relaxed) > 0 {
                c.phi = virtual_number(c.phi);
                c.delta = virtual_number(c.delta);
            }
        }
    }

    /// Puts the children of the node at depth `d` (as [`Searcher::expand`]
    /// lists them: the plays in generation order, then the tenuki) in the
    /// heuristic order, when that is the searcher's ordering.
    fn order_children(&mut self, d: usize, children: &mut [Child]) {
        if let Ordering::Heuristic = self.ordering {
            order(&self.stack[d], &self.ctx, children, &mut self.order_scratch);
        }
    }

    /// The (empty) child list of depth `d`, to be given back with
    /// [`Searcher::give_child_list`].
    fn take_child_list(&mut self, d: usize) -> Vec<Child> {
        if self.child_lists.len() <= d {
            self.child_lists.resize_with(d + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.child_lists[d]);
        list.clear();
        list
    }

    fn give_child_list(&mut self, d: usize, list: Vec<Child>) {
        self.child_lists[d] = list;
    }

    /// The value of the child now at depth `d + 1`, reached by `mv`, when
    /// it is a leaf (a cycle, or decided by the stones), else its key, for
    /// the table (`Err`); `check`: whether the move may have decided the
    /// game by the stones.
    fn child_value(&mut self, d: usize, mv: Mv, check: bool) -> Result<Child, u64> {
        let child = &self.stack[d + 1];
        let key = child.key(&self.ctx);
        let mover = child.mover(&self.ctx);
        if let Some(c) = self.cycle(d, mv, key, mover) {
            return Ok(c);
        }
        let child = &self.stack[d + 1];
        if let Some(w) = check.then(|| child.decided_cheap(&self.ctx)).flatten() {
            return Ok(Child::known(mv, self.leaf(mover == w), FREE));
        }
        Err(key)
    }

    /// Seed regime: the child of depth `d` reached by `mv` (key `key`,
    /// `mover` to move) as a cycle leaf, if it repeats a state of the line.
    /// (The test, asked of every child, is inlined; the leaf is not.)
    #[inline(always)]
    fn cycle(&self, d: usize, mv: Mv, key: u64, mover: Side) -> Option<Child> {
        if self.ctx.regime.seed_rules()
            && let Some(&a) = self.on_line.get(key)
        {
            return Some(self.cycle_leaf(d, mv, a, mover));
        }
        None
    }

    /// The cycle leaf reached by `mv` from depth `d`, repeating the state
    /// of depth `a` of the line.
    #[inline(never)]
    fn cycle_leaf(&self, d: usize, mv: Mv, a: u32, mover: Side) -> Child {
        // A cycle: the side with more tenukis round it wins; with none
        // gained, a ko both sides keep retaking at once (both have
        // threats) is the attacker's failure (the seed's convention:
        // repetition is the attacker's responsibility), any other cycle
        // (triple ko, eternal life) is no result.
        let t = self.counts_after(d, mv);
        let from = self.tenukis[a as usize];
        let att = t[0] - from[0];
        let def = t[1] - from[1];
        let retakes = t[2] - from[2];
        let winner = match def.cmp(&att) {
            std::cmp::Ordering::Greater => Some(Side::Defender),
            std::cmp::Ordering::Less => Some(Side::Attacker),
            std::cmp::Ordering::Equal if retakes > 0 => Some(Side::Defender),
            std::cmp::Ordering::Equal => None,
        };
        // No result counts as a loss for the goal.
        let winner = winner.unwrap_or(self.goal.other());
        // The same lines repeat the same states on every board that agrees
        // with this one where they play: the cycle reads no point itself.
        // With zones, the proofs that met a cycle are marked ([`CYCLE`]):
        // a null move's proof is used only without one.
        Child::known(
            mv,
            NodeValue {
                ko: if self.zmode { CYCLE } else { 0 },
                ..self.leaf(mover == winner)
            },
            a,
        )
    }

    /// Benson's test on the state at depth `d`, cached by board.
    fn benson(&mut self, d: usize) -> Option<Side> {
        let pos = &self.stack[d].pos;
        let (ctx, scratch) = (&self.ctx, &mut self.benson_scratch);
        let alive = *self.facts.slot(pos.hash()).benson.get_or_insert_with(|| {
            crate::benson::alive_in_with(pos, ctx.attacker.opponent(), &ctx.targets, scratch)
        });
        alive.then_some(Side::Defender)
    }

    /// The node at depth `d` as a leaf won by the defender when Benson's
    /// test decides there (`applies`: at an attacker's turn, when the
    /// attacker cannot tenuki by the seed's rules, or in the seki test; see
    /// `mid` and `State::benson_applies`). Stored.
    fn benson_leaf(&mut self, d: usize, key: u64, applies: bool) -> Option<NodeValue> {
        let mover = self.stack[d].mover(&self.ctx);
        if !applies {
            return None;
        }
        let w = self.benson(d)?;
        let v = NodeValue {
            ko: self.stack[d].kos(&self.ctx),
            ..self.leaf(mover == w)
        };
        let zone = if self.zmode && self.goal == Side::Defender {
            let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
            zone::benson(pos, ctx) | zone::base(pos, ctx, self.goal)
        } else {
            ALL
        };
        self.store(d, key, v, 1, zone);
        Some(v)
    }

    /// The node at depth `d` as a leaf decided by static eye-space
    /// knowledge (`crate::eyes`), when it decides there. Stored: the verdict
    /// is the state's own value, whatever the line.
    fn eye_leaf(&mut self, d: usize, key: u64) -> Option<NodeValue> {
        let s = &self.stack[d];
        if s.pos.ko_point().is_some() || s.bans.iter().any(Option::is_some) {
            return None;
        }
        let ctx = &self.ctx;
        let f = self.facts.slot(s.pos.hash());
        let class = *f
            .class
            .get_or_insert_with(|| crate::eyes::classify(&s.pos, ctx));
        let s = &self.stack[d];
        // What the verdict read: the eye space around the target stones,
        // or the area reached from every target point (the want of room,
        // the two regions).
        let mut from_all_targets = true;
        // The miai safety reads the whole board: its proof is stored for
        // every board (no zone).
        let mut whole_board = false;
        let w = match crate::eyes::verdict(s, &self.ctx, class) {
            Some(w) => {
                from_all_targets = false;
                w
            }
            None if self.ctx.eye_room && self.room(d) => Side::Attacker,
            None if self.ctx.safety
                && crate::safety::applies(&self.stack[d], &self.ctx)
                && self.safety(d) =>
            {
                whole_board = true;
                Side::Defender
            }
            // (At the attacker's turn only: asked at the defender's too,
            // it saved 0.2 % of the nodes on Elementary's solved lives, at
            // the cost of a test at twice the boards.)
            None if self.ctx.life
                && self.stack[d].mover(&self.ctx) == Side::Attacker
                && crate::safety::applies(&self.stack[d], &self.ctx)
                && self.life(d) =>
            {
                whole_board = true;
                Side::Defender
            }
            None => {
                let s = &self.stack[d];
                if !(self.ctx.eye_regions
                    && !self.ctx.free_pass
                    && crate::eyes::quiet(s, &self.ctx))
                {
                    return None;
                }
                let ctx = &self.ctx;
                let f = self.facts.slot(s.pos.hash());
                let alive = *f
                    .regions
                    .get_or_insert_with(|| crate::eyes::two_regions(&s.pos, ctx));
                if !alive {
                    return None;
                }
                Side::Defender
            }
        };
        let s = &self.stack[d];
        let zone = if self.zmode && !whole_board {
            zone::enclosure(&s.pos, &self.ctx, from_all_targets, w)
                | zone::base(&s.pos, &self.ctx, self.goal)
        } else {
            ALL
        };
        let v = NodeValue {
            ko: s.kos(&self.ctx),
            ..self.leaf(s.mover(&self.ctx) == w)
        };
        self.store(d, key, v, 1, zone);
        Some(v)
    }

    /// Whether the defender at depth `d` is safe by miai pairs
    /// (`crate::safety::safe`), cached by board.
    fn safety(&mut self, d: usize) -> bool {
        let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
        *self
            .facts
            .slot(pos.hash())
            .safety
            .get_or_insert_with(|| crate::safety::safe(pos, ctx))
    }

    /// Whether the defender at depth `d` is alive under alternating play
    /// (`crate::life::alive`), cached by board.
    fn life(&mut self, d: usize) -> bool {
        let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
        *self
            .facts
            .slot(pos.hash())
            .life
            .get_or_insert_with(|| crate::life::alive(pos, ctx))
    }

    /// Whether the defender at depth `d` is dead by want of room
    /// (`crate::eyes::room`: the board's answer cached by board, read for
    /// the side to move).
    fn room(&mut self, d: usize) -> bool {
        let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
        let room = *self
            .facts
            .slot(pos.hash())
            .room
            .get_or_insert_with(|| crate::eyes::room(pos, ctx));
        match room {
            crate::eyes::Room::Dead => true,
            crate::eyes::Room::DeadAttackerFirst => {
                self.stack[d].mover(&self.ctx) == Side::Attacker
            }
            crate::eyes::Room::Open => false,
        }
    }

    /// Its transposition table and board facts, for another searcher of
    /// the same problem ([`Searcher::resume`]).
    pub fn into_kept(self) -> Kept {
        Kept {
            tt: self.tt,
            facts: self.facts,
        }
    }

    /// A searcher with `kept`'s table and board facts (from a searcher of
    /// the same problem whose context differs from `ctx` at most in the
    /// regime's book flag: see `solve::ThreatReader`).
    pub fn resume(
        ctx: Ctx,
        limits: Limits,
        ordering: Ordering,
        cancel: Option<Cancel>,
        kept: Kept,
    ) -> Searcher<'c> {
        let mut s = Searcher::new_with(ctx, limits, ordering, cancel, None, kept.tt);
        s.facts = kept.facts;
        s
    }

    /// The seed's reading on a table the book regime's search filled: a
    /// child not in the table starts from the book game's proven value of
    /// its twin (the same state with the `book` flag set), when there is
    /// one — the initial numbers only (see [`value_with_twins`]).
    pub fn use_book_twins(&mut self, on: bool) {
        self.twins = on;
    }

    /// Lets the search go on after a stop on the node limit, within what
    /// is left of the analysis's node limit (for principal variations and
    /// correct moves after the status is known): the limits hold for the
    /// analysis as a whole, so the extraction draws on the nodes the
    /// status left and stops, flagged, when they run out (its first moves
    /// mostly come from the table without search). The time limit and
    /// the cancel flag still hold, counted from the start of the analysis;
    /// a search stopped by either stays stopped.
    pub fn extend_budget(&mut self) {
        if self.meter.stopped().is_some_and(|s| s != Stop::Nodes) {
            return;
        }
        let spent = self.nodes();
        if self.limits.max_nodes.is_some_and(|m| spent >= m) {
            self.meter.stop(Stop::Nodes);
            return;
        }
        let cancel = self.meter.cancel_flag().cloned();
        let left = self.limits.max_nodes.map(|m| m - spent);
        self.remeter(left, cancel.as_ref());
    }

    /// The proven value of `child` for the current query, from the table:
    /// whether the goal side wins there, and the work spent on it.
    pub fn table_answer(&self, child: &State) -> Option<(bool, u32)> {
        let e = self.tt.get(child.key(&self.ctx) ^ self.salt)?;
        if e.phi != 0 && e.delta != 0 {
            return None;
        }
        let mover_wins = e.phi == 0;
        Some((mover_wins == (child.mover(&self.ctx) == self.goal), e.work))
    }

    /// Multiple-iterative deepening at depth `d` with thresholds on phi and
    /// delta.
    fn mid(&mut self, d: usize, th_phi: u32, th_delta: u32) -> NodeValue {
        self.tick();
        // The node's key, for the line and the table.
        let key = self.stack[d].key(&self.ctx);
        let start_nodes = self.nodes();
        // In the seed regime the tenuki permission is known before the
        // moves are generated: test first, expand only if needed.
        if self.ctx.regime.seed_rules()
            && let Some(v) = self.benson_leaf(d, key, self.stack[d].benson_applies(&self.ctx))
        {
            return v;
        }
        if self.ctx.eyes
            && self.ctx.regime.seed_rules()
            && let Some(v) = self.eye_leaf(d, key)
        {
            return v;
        }
        let (mut children, gen_dep, ko_dep) = self.expand(d, key ^ self.salt);
        // Benson's test assumes the owner may always pass. Here the
        // defender may pass (tenuki) except right after an attacker's
        // tenuki, and the attacker may tenuki only while a ko is banned to
        // it — which, with the defender passing, never happens again. So
        // the test decides at an attacker's turn when it cannot tenuki now
        // (and always in the seki test, where both may pass). Elsewhere it
        // is skipped: sound, the search finds the life a move later.
        if matches!(self.ctx.regime, Regime::Superko)
            && let Some(v) = self.benson_leaf(
                d,
                key,
                self.stack[d].mover(&self.ctx) == Side::Attacker
                    && (self.ctx.free_pass || !children.iter().any(|c| c.mv == Mv::Tenuki)),
            )
        {
            self.give_child_list(d, children);
            return v;
        }
        if children.is_empty() {
            // No move: the player to move loses.
            let v = NodeValue {
                phi: INF,
                delta: 0,
                dep: gen_dep,
                ko: self.stack[d].kos(&self.ctx),
            };
            let zone = if self.zmode && self.stack[d].mover(&self.ctx) != self.goal {
                self.goal_zone(d, &children, Null::Off)
            } else {
                ALL
            };
            self.store(d, key, v, 1, zone);
            self.give_child_list(d, children);
            return v;
        }
        self.enter_key(d, key);
        let mark = (self.role == Role::Main)
            .then_some(key ^ self.salt)
            .inspect(|&k| {
                if let Some(b) = &self.busy {
                    b.slot(k).fetch_add(1, AtomicOrdering::Relaxed);
                }
            });
        let mut t = self.tenukis[d];
        // Relevance zones: where the goal's opponent moves, its null move
        // (a pass that leaves the node's fields as a quiet play would: the
        // defender's tenuki when the attacker did not just pass, or a
        // proof in the table) is searched first; proven a goal win by a
        // proof that met no cycle and no ko, with zone Z, every quiet play
        // off Z (on a point empty all along the line) leads to a state that
        // agrees with the null move's on Z, with the same fields: a goal
        // win too, left out. (Captures are kept: they change more than
        // their point.) Not where a ko point or a ban is on the board.
        let null_move = self.zmode && self.stack[d].mover(&self.ctx) != self.goal;
        let mut null = if null_move {
            self.null_start(d, &children)
        } else {
            Null::Off
        };
        if let Null::Proven { zone, .. } = null {
            let played = self.prune(d, &mut children, zone);
            if let Null::Proven { played: p, .. } = &mut null {
                *p = played;
            }
        }
        // Most nodes return at once, their numbers past the thresholds:
        // the order of the children matters only to the choice below (the
        // numbers do not depend on it), so it is put on them only then.
        let mut ordered = false;
        let v = loop {
            if let Null::Pending { pass } = null
                && let Some(c) = children.iter().find(|c| c.mv == Mv::Tenuki)
                && (c.phi == 0 || c.delta == 0)
            {
                // The tenuki's child is the null move's state, or the
                // attacker's pass whose answer by a play is the null
                // move's proof: settled.
                let zone = if c.phi == 0 && c.dep == FREE && c.ko == 0 {
                    let key = self.stack[d].tenuki_key(&self.ctx) ^ self.salt;
                    let key = if pass { key ^ PASS_ANSWER } else { key };
                    self.zones.get(&key).copied().unwrap_or(ALL)
                } else {
                    ALL
                };
                null = if zone != ALL {
                    let (dep, ko) = (c.dep, c.ko);
                    let played = self.prune(d, &mut children, zone);
                    Null::Proven {
                        zone,
                        dep,
                        ko,
                        played,
                    }
                } else {
                    Null::Off
                };
            }
            let v = summarise(&children, gen_dep, ko_dep);
            if v.phi >= th_phi || v.delta >= th_delta || self.meter.stopped().is_some() {
                break v;
            }
            if !ordered {
                self.order_children(d, &mut children);
                ordered = true;
            }
            // The most proving child and the runner-up's delta.
            // (Only the children the value counts: a play a proven null
            // move left out is never searched.)
            let mut best = 0;
            let mut d2 = INF;
            for (i, c) in children.iter().enumerate().skip(1) {
                if c.delta < children[best].delta {
                    d2 = children[best].delta;
                    best = i;
                } else if c.delta < d2 {
                    d2 = c.delta;
                }
            }
            if let Null::Pending { pass: false } = null
                && NULL_FIRST
                && let Some(ti) = children.iter().position(|c| c.mv == Mv::Tenuki)
                && ti != best
            {
                // The null move first, while it stays within the threshold
                // its siblings leave it.
                let others = children
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != ti)
                    .map(|(_, c)| c.delta)
                    .min()
                    .unwrap_or(INF);
                let th = th_phi
                    .min(others.saturating_add(others / 4).saturating_add(1))
                    .min(INF - 1);
                if children[ti].delta < th {
                    best = ti;
                    d2 = others;
                }
            }
            let c = children[best];
            let child_th_phi = th_delta
                .saturating_sub(v.delta)
                .saturating_add(c.phi)
                .min(INF - 1);
            let child_th_delta = th_phi
                .min(d2.saturating_add(d2 / 4).saturating_add(1))
                .min(INF - 1);
            {
                let (parent, rest) = self.stack.split_at_mut(d + 1);
                parent[d].play_into(&self.ctx, c.mv, &mut rest[0]);
            }
            t = self.counts_after(d, c.mv);
            if self.tenukis.len() <= d + 1 {
                self.tenukis.push(t);
            } else {
                self.tenukis[d + 1] = t;
            }
            let r = self.mid(d + 1, child_th_phi, child_th_delta);
            let ch = &mut children[best];
            ch.phi = r.phi;
            ch.delta = r.delta;
            ch.dep = r.dep;
            ch.ko = r.ko;
            // The child's own expansion overwrote deeper stack slots only.
        };
        let _ = t;
        let mut v = v;
        if let Null::Proven { dep, ko, .. } = null
            && v.delta == 0
        {
            v.dep = v.dep.min(dep);
            v.ko |= ko;
        }
        let mut zone = ALL;
        if self.zmode {
            let mover = self.stack[d].mover(&self.ctx);
            let goal_wins = if mover == self.goal {
                v.phi == 0
            } else {
                v.delta == 0
            };
            if goal_wins {
                zone = self.goal_zone(d, &children, null);
                if mover == Side::Defender
                    && self.stack[d].last_tenuki == Some(Side::Attacker)
                    && self.stack[d].book
                    && v.dep == FREE
                    && self.stack[d].kos(&self.ctx) == 0
                    && let Some(z) = self.pass_answer_zone(d, &children)
                {
                    let key = self.stack[d].key(&self.ctx) ^ self.salt ^ PASS_ANSWER;
                    if self.zones.len() >= MAX_ZONES {
                        self.zones.clear();
                    }
                    self.zones.insert(key, z);
                }
            }
        }
        v.ko |= self.stack[d].kos(&self.ctx);
        self.give_child_list(d, children);
        if let Some(k) = mark
            && let Some(b) = &self.busy
        {
            b.slot(k).fetch_sub(1, AtomicOrdering::Relaxed);
        }
        self.leave_key(d, key);
        let work = (self.nodes() - start_nodes).min(u32::MAX as u64) as u32;
        self.store(d, key, v, work.max(1), zone);
        v
    }

    /// Puts the null move's state of the node at depth `d` at depth
    /// `d + 1`: the node's board with the other player to move and no
    /// simple-ko point, and the fields a quiet play leaves (no attacker's
    /// tenuki, the book passes as they are).
    fn null_into(&mut self, d: usize) {
        let (parent, rest) = self.stack.split_at_mut(d + 1);
        parent[d].play_into(&self.ctx, Mv::Tenuki, &mut rest[0]);
        rest[0].last_tenuki = None;
        rest[0].book = parent[d].book;
        rest[0].left = parent[d].left;
    }

    /// The null move of the node at depth `d` (its children expanded):
    /// proven when the table has its state proven for the goal with a zone
    /// and no ko or cycle met; pending when the tenuki's child is that
    /// state (settled in `mid`); otherwise off (also with a ko point or a
    /// ban on the board).
    fn null_start(&mut self, d: usize, children: &[Child]) -> Null {
        if self.stack[d].bans.iter().any(Option::is_some) || self.stack[d].pos.ko_point().is_some()
        {
            return Null::Off;
        }
        self.null_into(d);
        let key = self.stack[d + 1].key(&self.ctx);
        // A proof in the table is the state's true value.
        if let Some(e) = self.tt.get(key ^ self.salt)
            && e.phi == 0
            && e.ko == 0
            && let Some(&zone) = self.zones.get(&(key ^ self.salt))
        {
            return Null::Proven {
                zone,
                dep: FREE,
                ko: e.ko,
                played: 0,
            };
        }
        if !children.iter().any(|c| c.mv == Mv::Tenuki) {
            return Null::Off;
        }
        if self.stack[d].tenuki_key(&self.ctx) == key {
            Null::Pending { pass: false }
        } else if self.goal == Side::Defender && self.stack[d].book {
            // The book regime's attacker may pass: its tenuki's child is
            // not the null move's state (the defender's next tenuki would
            // end the passes), but the two have the same children by
            // plays, so a defender's play that answers the pass answers
            // the null move too ([`PASS_ANSWER`]).
            Null::Pending { pass: true }
        } else {
            Null::Off
        }
    }

    /// Leaves out the quiet plays off `zone` (the zone of the proven null
    /// move) among the children of the node at depth `d`: they are taken
    /// off the list. Returns the plays the list had, as a zone.
    fn prune(&self, d: usize, children: &mut Vec<Child>, zone: Zone) -> Zone {
        // A point that held a stone anywhere on the line is kept: a play
        // there may repeat a state of the line (a capture and a replay),
        // which the null move's proof, on a board where it is empty, never
        // met.
        let mut held: Zone = 0;
        for s in &self.stack[..=d] {
            for (i, &v) in self.ctx.region_list.iter().enumerate().take(128) {
                if s.pos.color_at(v).is_some() {
                    held |= 1u128 << i;
                }
            }
        }
        let zone = zone | held;
        let pos = &self.stack[d].pos;
        let opp = pos.to_move().opponent();
        let mut played: Zone = 0;
        children.retain(|c| {
            let Mv::Play(p) = c.mv else { return true };
            played |= zone::bit(&self.ctx, p);
            let captures = pos
                .graph()
                .neighbors(p)
                .iter()
                .any(|&u| pos.color_at(u) == Some(opp) && pos.atari_liberty(u).is_some());
            captures || zone & zone::bit(&self.ctx, p) != 0
        });
        played
    }

    /// The zone of the child reached by `mv` from the node at depth `d`,
    /// proven a win of the goal: its proof's, from the zones kept with the
    /// table; the target points for a capture of every target stone;
    /// nothing for a target chain at a permanent liberty (the play's
    /// reading, [`zone::play`], covers it) or a cycle; otherwise (a value
    /// bound to the line, a zone not kept) everything.
    fn child_zone(&mut self, d: usize, mv: Mv) -> Zone {
        let key = match mv {
            Mv::Tenuki => self.stack[d].tenuki_key(&self.ctx),
            Mv::Play(_) => {
                let (parent, rest) = self.stack.split_at_mut(d + 1);
                parent[d].play_into(&self.ctx, mv, &mut rest[0]);
                self.stack[d + 1].key(&self.ctx)
            }
        };
        if let Some(&z) = self.zones.get(&(key ^ self.salt)) {
            return z;
        }
        if let Mv::Play(_) = mv {
            match self.stack[d + 1].decided_cheap(&self.ctx) {
                Some(Side::Attacker) => return zone::targets(&self.ctx),
                Some(Side::Defender) => return 0,
                None => {}
            }
        }
        if self.ctx.regime.seed_rules() && self.on_line.get(key).is_some() {
            return 0;
        }
        ALL
    }

    /// The zone of the node at depth `d` proven a win of the goal, from its
    /// children (as its value counts them) and its null move
    /// ([`zone`](crate::search::zone) says what each part reads).
    fn goal_zone(&mut self, d: usize, children: &[Child], null: Null) -> Zone {
        let mut z = zone::base(&self.stack[d].pos, &self.ctx, self.goal);
        if self.stack[d].mover(&self.ctx) == self.goal {
            // A winning child the value stands for (as bound to the line as
            // it), with the smallest zone.
            let dep = children
                .iter()
                .filter(|c| c.delta == 0)
                .map(|c| c.dep)
                .max()
                .unwrap_or(FREE);
            let mut best: Option<(Zone, Mv)> = None;
            for c in children.iter().filter(|c| c.delta == 0 && c.dep >= dep) {
                let cz = self.child_zone(d, c.mv);
                if cz != ALL && best.is_none_or(|(b, _)| cz.count_ones() < b.count_ones()) {
                    best = Some((cz, c.mv));
                }
            }
            let Some((cz, mv)) = best else {
                return ALL;
            };
            z |= cz;
            if let Mv::Play(p) = mv {
                z |= zone::play(&self.stack[d].pos, &self.ctx, p, self.goal);
            }
            return z;
        }
        // Every child the value counts, with what its play reads; and every
        // empty point that is no play here, where a play would count (so
        // that it stays no play).
        let mut played: Zone = 0;
        for c in children {
            let cz = self.child_zone(d, c.mv);
            if cz == ALL {
                return ALL;
            }
            z |= cz;
            if let Mv::Play(p) = c.mv {
                played |= zone::bit(&self.ctx, p);
                z |= zone::play(&self.stack[d].pos, &self.ctx, p, self.goal);
            }
        }
        let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
        let counted = match null {
            Null::Proven {
                zone, played: p, ..
            } => {
                played = p;
                z |= if self.goal == Side::Defender {
                    zone::close_defender(pos, ctx, zone)
                } else {
                    zone::close(pos, ctx, zone)
                };
                zone
            }
            _ => ALL,
        };
        for (i, &q) in ctx.region_list.iter().enumerate().take(128) {
            if counted & played & (1u128 << i) == 0
                && counted & (1u128 << i) != 0
                && pos.color_at(q).is_none()
            {
                z |= zone::play(pos, ctx, q, self.goal);
            }
        }
        z
    }

    /// At a state the book regime's attacker's pass reached, proven a
    /// defender win: the zone of its answer by a play ([`PASS_ANSWER`]),
    /// from the winning plays whose proofs are free of the line, of kos
    /// and of cycles, the smallest; `None` without one.
    fn pass_answer_zone(&mut self, d: usize, children: &[Child]) -> Option<Zone> {
        let mut best: Option<(Zone, Vertex)> = None;
        for c in children {
            let Mv::Play(q) = c.mv else { continue };
            if c.delta != 0 || c.dep != FREE || c.ko != 0 {
                continue;
            }
            let cz = self.child_zone(d, c.mv);
            if cz != ALL && best.is_none_or(|(b, _)| cz.count_ones() < b.count_ones()) {
                best = Some((cz, q));
            }
        }
        let (cz, q) = best?;
        let (pos, ctx) = (&self.stack[d].pos, &self.ctx);
        let mut z = zone::base(pos, ctx, self.goal) | cz;
        if zone::weak_life() & 2 == 0 {
            z |= zone::play(pos, ctx, q, self.goal);
        }
        Some(z)
    }

    /// Stores the value of the node at depth `d` (unless bound to the line
    /// above it), with the zone of a proven goal win ([`ALL`]: none).
    fn store(&mut self, d: usize, key: u64, v: NodeValue, work: u32, zone: Zone) {
        let proven = v.phi == 0 || v.delta == 0;
        if proven && v.dep < d as u32 {
            return;
        }
        if !proven && self.meter.stopped().is_some() {
            return;
        }
        debug_assert_eq!(key, self.stack[d].key(&self.ctx));
        let key = key ^ self.salt;
        if self.zmode && proven && zone != ALL {
            if self.zones.len() >= MAX_ZONES {
                self.zones.clear();
            }
            self.zones.insert(key, zone);
        }
        self.tt.put(
            key,
            Entry {
                phi: v.phi,
                delta: v.delta,
                work,
                ko: v.ko,
            },
            u8::from(self.role == Role::Helper),
        );
    }

    /// The children of the state at depth `d` of `line`, with their values
    /// from the table where known (for principal variations).
    pub fn children_of(&mut self, line: &[State], moves: &[Mv]) -> Vec<(Mv, State)> {
        self.load(line, moves, true);
        let d = line.len() - 1;
        let own = self.stack[d].key(&self.ctx) ^ self.salt;
        let (mut children, _, _) = self.expand(d, own);
        self.order_children(d, &mut children);
        let mut out = Vec::new();
        for c in &children {
            let mut s = self.stack[d].clone();
            self.stack[d].play_into(&self.ctx, c.mv, &mut s);
            out.push((c.mv, s));
        }
        self.give_child_list(d, children);
        self.on_line.clear();
        out
    }
}

/// Values the `pending` children (index, key, threats part) of a node
/// where `mover` moves from the table `tt` (for the current query's salt,
/// with its plain proofs `im` and book twins `twins`), else `init`. The
/// children the table's filter rules out start from `init` at once and
/// leave `pending`; the others are looked up, their slots read first.
/// With threats, a child not in the table may be proven by the plain
/// query's proofs ([`Import`]). `own`: the node's own salted key, whose
/// slot is read with theirs (the node's store reads it).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn value_children<L: Lookup>(
    tt: &L,
    salt: u64,
    im: Option<Import>,
    twins: bool,
    mover: Side,
    init: (u32, u32),
    own: u64,
    children: &mut [Child],
    pending: &mut Vec<(usize, u64, u64)>,
) {
    match im {
        None if twins => value_with_twins(tt, salt, init, children, pending),
        None => {
            pending.retain(|&(i, key, _)| {
                let hold = tt.may_hold(key ^ salt);
                if !hold {
                    (children[i].phi, children[i].delta) = init;
                }
                hold
            });
            // (With the node's own slot, which its store will read: its
            // miss overlaps theirs.)
            tt.touch_slots(
                pending
                    .iter()
                    .map(|&(_, key, _)| key ^ salt)
                    .chain(std::iter::once(own)),
            );
            for &(i, key, _) in pending.iter() {
                let c = &mut children[i];
                (c.phi, c.delta, c.ko) = match tt.get_held(key ^ salt) {
                    Some(e) => (e.phi, e.delta, e.ko),
                    None => (init.0, init.1, 0),
                };
            }
        }
        Some(im) => value_with_import(tt, salt, im, mover.other(), init, twins, children, pending),
    }
}

/// The values of the `pending` children (index, key, threats part) of a
/// node whose children have `mover` to move, in a query with threats that
/// takes the plain query's proofs ([`Import`]): the table's entry, else
/// the plain proof's, else (`twins`) the book twin's numbers
/// ([`twin_numbers`]), else `init`.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn value_with_import<L: Lookup>(
    tt: &L,
    salt: u64,
    im: Import,
    mover: Side,
    init: (u32, u32),
    twins: bool,
    children: &mut [Child],
    pending: &[(usize, u64, u64)],
) {
    tt.touch_slots(
        pending
            .iter()
            .map(|&(_, key, _)| key ^ salt)
            .filter(|&k| tt.may_hold(k)),
    );
    for &(i, key, part) in pending {
        let c = &mut children[i];
        (c.phi, c.delta, c.ko) = match tt.get(key ^ salt) {
            Some(e) => (e.phi, e.delta, e.ko),
            None => match im.value(tt, key, part, mover) {
                Some(e) => (e.phi, e.delta, e.ko),
                None if twins => {
                    let (phi, delta) = twin_numbers(tt, key ^ salt, init);
                    (phi, delta, 0)
                }
                None => (init.0, init.1, 0),
            },
        };
    }
}

/// Values the `pending` children from the table, and those not in it from
/// their book twins' entries (the key with [`KEY_BOOK`]): a twin proven a
/// win for its mover starts the child at (1, [`TWIN_WEIGHT`] × init), one
/// proven a loss at ([`TWIN_WEIGHT`] × init, 1), so that df-pn tries first
/// what the book game proved. Initial numbers order the work and prove
/// nothing: a child is proven only by its own search.
fn value_with_twins<L: Lookup>(
    tt: &L,
    salt: u64,
    init: (u32, u32),
    children: &mut [Child],
    pending: &[(usize, u64, u64)],
) {
    for &(i, key, _) in pending {
        let c = &mut children[i];
        if let Some(e) = tt.get(key ^ salt) {
            (c.phi, c.delta, c.ko) = (e.phi, e.delta, e.ko);
            continue;
        }
        (c.phi, c.delta) = twin_numbers(tt, key ^ salt, init);
        c.ko = 0;
    }
}

/// The initial numbers of a child not in the table (salted key `salted`)
/// from its book twin's entry ([`value_with_twins`]), else `init`.
#[inline]
fn twin_numbers<L: Lookup>(tt: &L, salted: u64, init: (u32, u32)) -> (u32, u32) {
    let big = init.0.max(init.1).saturating_mul(TWIN_WEIGHT);
    match tt.get(salted ^ KEY_BOOK) {
        Some(e) if e.phi == 0 => (1, big),
        Some(e) if e.delta == 0 => (big, 1),
        Some(e) => (e.phi.clamp(1, big), e.delta.clamp(1, big)),
        None => init,
    }
}

/// How much dearer a child's side looks when its book twin is proven
/// against it ([`value_with_twins`]).
const TWIN_WEIGHT: u32 = 8;

/// Puts a child in the list: known (`Ok`), or to be valued from the table
/// by its key (`Err`), with its index in `pending`.
#[inline]
fn push_child(
    children: &mut Vec<Child>,
    pending: &mut Vec<(usize, u64, u64)>,
    mv: Mv,
    c: Result<Child, u64>,
    part: u64,
) {
    match c {
        Ok(c) => children.push(c),
        Err(key) => {
            pending.push((children.len(), key, part));
            children.push(Child {
                mv,
                phi: 0,
                delta: 0,
                dep: FREE,
                ko: 0,
            });
        }
    }
}

/// df-pn+ initial numbers: (phi, delta) of the unexplored children of a
/// node where `mover` moves and the defender's eye-space potential is
/// `potential` (`crate::eyes::potential`), from the children's mover's
/// view. The attacker's cost to kill grows with the potential (1 + half
/// of it); the defender's cost to live is left at 1. Never 0 nor
/// infinite: these numbers order the work and prove nothing.
#[inline]
fn initial(potential: u32, mover: Side) -> (u32, u32) {
    let attacker = 1 + potential / 2;
    let defender = 1;
    match mover {
        // The children are the attacker's to move.
        Side::Defender => (attacker, defender),
        Side::Attacker => (defender, attacker),
    }
}

/// phi and delta of a node from its children, with the `dep` of a proof.
fn summarise(children: &[Child], gen_dep: u32, ko_dep: u32) -> NodeValue {
    let mut phi = INF;
    let mut delta: u32 = 0;
    for c in children {
        phi = phi.min(c.delta);
        delta = delta.saturating_add(c.phi);
    }
    let delta = delta.min(INF);
    if phi == 0 {
        // Won: by the least history-bound winning child.
        let dep_of = |c: &Child| {
            if c.mv == Mv::Tenuki {
                c.dep.min(ko_dep)
            } else {
                c.dep
            }
        };
        let dep = children
            .iter()
            .filter(|c| c.delta == 0)
            .map(dep_of)
            .max()
            .unwrap_or(FREE);
        // Free of kos when a winning child as little bound to the line
        // is: the proof the `dep` stands for.
        let ko = children
            .iter()
            .filter(|c| c.delta == 0 && dep_of(c) >= dep)
            .map(|c| c.ko)
            .min()
            .unwrap_or(0);
        NodeValue {
            phi: 0,
            delta: INF,
            dep,
            ko,
        }
    } else if delta == 0 {
        let dep = children
            .iter()
            .map(|c| c.dep)
            .min()
            .unwrap_or(FREE)
            .min(gen_dep);
        NodeValue {
            phi: INF,
            delta: 0,
            dep,
            ko: children.iter().fold(0, |m, c| m | c.ko),
        }
    } else {
        NodeValue {
            phi,
            delta: delta.min(SATURATED),
            dep: FREE,
            ko: 0,
        }
    }
}

/// Scratch space of the move ordering, kept by the searcher so that
/// ordering a node allocates nothing.
#[derive(Debug, Default)]
struct OrderScratch {
    /// Distinct liberties by chain head (index), saturating.
    libs: Vec<u8>,
    /// What a neighbour adds to a play's score, by vertex (index).
    worth: Vec<i32>,
    /// Sort keys: the score reversed above, the list index below.
    keys: Vec<u64>,
    /// The children in their first order.
    children: Vec<Child>,
}

/// Heuristic order of a node's children: the plays (at the front of the
/// list, in generation order) by captures and ataris, then liberties of
/// the chains in the fewest liberties, then the rest; ties keep the
/// generation order; the tenuki (last) stays last.
///
/// A play scores, for each neighbour: an empty point 1; a stone of the
/// mover's chain of one liberty 40, of more 2; an opponent's chain of one
/// liberty 100 (a capture), of `l` liberties `20 / l`. A play outside the
/// region loses 50.
// Not inlined: a profile then shows it apart from the search.
#[inline(never)]
fn order(state: &State, ctx: &Ctx, children: &mut [Child], scratch: &mut OrderScratch) {
    let n_plays = children
        .iter()
        .take_while(|c| matches!(c.mv, Mv::Play(_)))
        .count();
    let children = &mut children[..n_plays];
    if children.len() < 2 {
        return;
    }
    let pos = &state.pos;
    let me = pos.to_move();
    let g = pos.graph();
    let n = g.len();
    // Distinct liberties of every chain in one sweep over the empty
    // points: each empty point counts once for each distinct chain next
    // to it.
    let libs = &mut scratch.libs;
    libs.clear();
    libs.resize(n, 0);
    let cells = pos.board_bytes();
    for e in pos.empty_points() {
        let nb = g.neighbors(e);
        if nb.len() > 4 {
            for (i, &u) in nb.iter().enumerate() {
                let Some(h) = pos.chain_head(u) else { continue };
                if nb[..i].iter().any(|&w| pos.chain_head(w) == Some(h)) {
                    continue;
                }
                let l = &mut libs[h.index()];
                *l = l.saturating_add(1);
            }
            continue;
        }
        // The heads counted at this point so far.
        let mut seen = [usize::MAX; 4];
        let mut k = 0;
        for &u in nb {
            if cells[u.index()] == 0 {
                continue;
            }
            let Some(h) = pos.chain_head(u) else { continue };
            let h = h.index();
            if seen[..k].contains(&h) {
                continue;
            }
            seen[k] = h;
            k += 1;
            let l = &mut libs[h];
            *l = l.saturating_add(1);
        }
    }
    // What each point adds to the score of a play next to it, in one pass
    // over the stones.
    let worth = &mut scratch.worth;
    worth.clear();
    worth.resize(n, 1);
    let own: u8 = match me {
        miai_goban::Color::Black => 1,
        miai_goban::Color::White => 2,
    };
    for (v, &c) in g.vertices().zip(cells) {
        if c == 0 {
            continue;
        }
        let Some(h) = pos.chain_head(v) else { continue };
        let l = i32::from(libs[h.index()]);
        worth[v.index()] = if c == own {
            if l == 1 { 40 } else { 2 }
        } else if l == 1 {
            100 // a capture
        } else {
            20 / l
        };
    }
    let keys = &mut scratch.keys;
    keys.clear();
    keys.extend(children.iter().enumerate().map(|(i, c)| {
        // (Only plays are here: the tenuki is after them.)
        let s = match c.mv {
            Mv::Play(v) => {
                let s: i32 = g.neighbors(v).iter().map(|&u| worth[u.index()]).sum();
                if ctx.region.contains(v) { s } else { s - 50 }
            }
            Mv::Tenuki => -1000,
        };
        // Highest score first; equal scores in generation order.
        (u64::from((1_000_000 - s) as u32) << 32) | i as u64
    }));
    keys.sort_unstable();
    scratch.children.clear();
    scratch.children.extend_from_slice(children);
    for (slot, &k) in children.iter_mut().zip(keys.iter()) {
        *slot = scratch.children[(k & u64::from(u32::MAX)) as usize];
    }
}

/// What the searcher knows of one board, each fact computed when first
/// asked for. Every fact is a function of the board alone (and of the
/// problem, fixed for a searcher), never of the line or the query.
#[derive(Debug, Clone, Copy, Default)]
struct BoardFacts {
    /// The board's hash (0 with nothing known).
    hash: u64,
    /// Benson's unconditional life of a target chain.
    benson: Option<bool>,
    /// The eye-space class (`crate::eyes::classify`).
    class: Option<crate::eyes::Class>,
    /// Whether a target chain has two enclosed regions
    /// (`crate::eyes::two_regions`).
    regions: Option<bool>,
    /// Whether the defender is dead by want of room (`crate::eyes::room`).
    room: Option<crate::eyes::Room>,
    /// Whether the defender is safe by miai pairs (`crate::safety::safe`).
    safety: Option<bool>,
    /// Whether the defender is alive under alternating play
    /// (`crate::life::alive`).
    life: Option<bool>,
}

/// A direct-mapped cache of [`BoardFacts`] by board hash: one slot per
/// hash's low bits, a board evicting the one before it. Its size is fixed
/// ([`FACTS_SLOTS`] slots), which bounds a problem's memory; the facts are
/// the board's own, so a miss only costs the work again and the search's
/// answers and node counts do not depend on what is cached.
#[derive(Debug)]
struct Facts {
    slots: Vec<BoardFacts>,
}

/// Slots of the [`Facts`] cache (a power of two).
const FACTS_SLOTS: usize = 1 << 16;

impl Facts {
    fn new() -> Facts {
        Facts {
            slots: vec![BoardFacts::default(); FACTS_SLOTS],
        }
    }

    /// The facts of the board with hash `h`: the cached ones, or a cleared
    /// slot for it.
    #[inline]
    fn slot(&mut self, h: u64) -> &mut BoardFacts {
        let f = &mut self.slots[(h as usize) & (FACTS_SLOTS - 1)];
        if f.hash != h {
            *f = BoardFacts {
                hash: h,
                ..BoardFacts::default()
            };
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{Split, SplitHelper};
    use crate::problem::file;
    use crate::{Analysis, Limits, Options, Problem, Side, Status, analyse};

    fn answers(a: &Analysis) -> String {
        format!(
            "{:?} / {:?} / {:?}",
            a.status,
            a.without_threats,
            a.threats.as_ref().map(|t| t.code())
        )
    }

    /// Every query of an analysis handed to a helper searcher at once and
    /// answered by it alone (`SplitHelper::HelperAlone`: the helper's job is
    /// built from the query as in a split — context, goal, salt, plain
    /// proofs — and the main searcher goes on, for the next queries and
    /// the lines, on the table the helper filled): the answers are one
    /// searcher's, on every data file, both players first. (In a real split
    /// the helper decides first only now and then; this checks that path
    /// on every query.)
    #[test]
    fn a_helper_alone_answers_every_query_as_one_searcher() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let (mut compared, mut by_helper) = (0, 0);
        let mut mismatches = Vec::new();
        for dir in ["classic", "seed003", "cases"] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
                .expect("the data directory")
                .map(|e| e.expect("an entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect();
            paths.sort();
            for path in paths {
                let text = std::fs::read_to_string(&path).expect("readable");
                let f = file::parse(&text).expect("a valid data file");
                let Ok(p) = Problem::new(f.spec.clone()) else {
                    continue;
                };
                let one = Options {
                    regime: f.regime().expect("valid rules headers"),
                    limits: Limits::none()
                        .with_nodes(3_000_000)
                        .with_table_bytes(8 << 20),
                    ..Options::default()
                };
                for first in [Side::Attacker, Side::Defender] {
                    let a = analyse(&p, first, &one, None, None);
                    let two = Options {
                        split: Some(Split {
                            after: 0,
                            helper: SplitHelper::HelperAlone,
                        }),
                        ..one
                    };
                    let b = analyse(&p, first, &two, None, None);
                    if matches!(a.status, Status::Unproven(_)) {
                        continue;
                    }
                    compared += 1;
                    by_helper += b.split.expect("split statistics").helper_first;
                    if answers(&a) != answers(&b) {
                        mismatches.push(format!(
                            "{} {first} first: {} alone, {} by helpers",
                            path.display(),
                            answers(&a),
                            answers(&b)
                        ));
                    }
                }
            }
        }
        assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
        assert!(compared >= 60, "only {compared} compared");
        assert!(
            by_helper >= 100,
            "only {by_helper} queries answered by a helper"
        );
    }
}
