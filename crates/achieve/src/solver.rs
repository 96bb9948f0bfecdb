//! Exact Maker-Breaker search.
//!
//! A position is `(maker cells, breaker cells, side to move)` as `u128`
//! bitsets. At every node the game is reduced to its *minimal residual
//! family*: the winning sets Breaker has not touched (live sets), minus the
//! cells Maker already holds, with duplicates and supersets removed. The
//! value of the game depends only on that family and the side to move:
//! - a set Breaker touched can never be completed (dead-set removal);
//! - a cell Maker holds is already his, so it can be struck from every set;
//! - if residual `A ⊆ B`, completing `B` completes `A`, so `B` is redundant;
//! - a cell in no live set is worth nothing to either side: playing it is a
//!   pass, and in a Maker-Breaker game an extra stone never hurts its owner
//!   (monotonicity), so a pass is never better than a real move.
//!
//! That is why the table key is `(maker ∩ cells of the live sets, live set
//! mask, side)`: it determines the family exactly.
//!
//! Pruning, each sound:
//! - **Immediate wins.** Maker to move with a residual of size 1 wins.
//!   Breaker to move facing two different size-1 residuals (two threats)
//!   loses; facing one, he must block it (forced move).
//! - **Double threats.** A cell in two size-2 residuals with different
//!   partners wins for Maker to move (two threats at once). Breaker to move
//!   must defuse every such cell `x`: play `x`, or, when `x` has exactly two
//!   partners, one partner. No such move: Maker wins.
//! - **Erdős–Selfridge.** With `Φ = Σ 2^-|residual|`, Breaker wins if
//!   `Φ < 1/2` with Maker to move, or `Φ < 1` with Breaker to move.
//! - **Dominated cells.** If every live residual containing `y` also
//!   contains `x`, then taking `x` is at least as good as taking `y` for
//!   *either* player. Proof (swap argument): let `φ` exchange `x` and `y`.
//!   A player holding `x` plays the winning strategy he would have holding
//!   `y` on the board mapped by `φ`. For Maker: the imagined Maker cells
//!   contain a residual `S` and `y`; their real image contains `φ(S ∪ {y})`,
//!   which contains `S` unless `y ∈ S, x ∉ S`, which the hypothesis
//!   excludes. For Breaker: a real Maker residual `S` avoids `x`; if it
//!   avoided `y` too it would be complete in the imagined game; it cannot
//!   contain `y` without `x` by the hypothesis. So only undominated cells
//!   are tried (ties kept once, lowest index).
//!
//! The search is a depth-first AND/OR search with the table, moves ordered
//! by their Erdős–Selfridge weight.
//!
//! The live-set mask is a `u128` for families of at most 128 minimal sets
//! and a wider word array beyond (up to [`MAX_SETS`]); the search is
//! generic over it, so small families run the same code as before.

mod mask;
mod table;

use std::time::Duration;

use miai_search::{Cancel, Limits, Meter, Progress, Stop, TableUsage};

use crate::error::HypergraphError;
use crate::hypergraph::{Hypergraph, MAX_SETS, minimal};
use crate::player::Player;
use mask::{SetMask, Wide};
use table::Table;

/// Fixed-point scale of the Erdős–Selfridge weight: a residual of size `k`
/// weighs `2^(SCALE-k)`; larger residuals weigh 1 (an over-estimate, so the
/// cut-off stays sound).
const SCALE: u32 = 40;

/// The transposition table's default memory (64 MiB; it grows lazily up
/// to the limit).
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The outcome of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Proven: this player wins with best play.
    Proven(Player),
    /// Stopped before a proof.
    CutOff(Stop),
}

impl Verdict {
    /// The proven winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Verdict::Proven(p) => Some(p),
            Verdict::CutOff(_) => None,
        }
    }
}

/// What [`Solver::solve`] found and what it cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveReport {
    /// Proven winner or why the search stopped.
    pub verdict: Verdict,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Table entries in use at the end.
    pub table_used: usize,
}

/// Scratch space for analysing one node; reused, since the analysis ends
/// before any child is searched.
#[derive(Debug)]
struct Scratch<S> {
    residual: Vec<(u32, u128, u16)>,
    components: Vec<u128>,
    weight: [u64; 128],
    member: [S; 128],
    partner: [u128; 128],
}

/// What a node's analysis decided.
enum Analysis<S> {
    /// The side to move wins (`true` = Maker) without search.
    Decided(bool),
    /// The live sets fall into independent components (cell masks,
    /// smallest first); `maker_key`/`live` as for `Moves`.
    Split {
        maker_key: u128,
        live: S,
        components: Vec<u128>,
    },
    /// Search these cells, best first; `key` is the table key.
    Moves {
        maker_key: u128,
        live: S,
        count: usize,
        order: [u8; 128],
    },
}

/// Exact Maker-Breaker solver over one hypergraph.
///
/// ```
/// use miai_achieve::{Hypergraph, Limits, Player, Solver};
/// // Tic-tac-toe lines on a path of 3 cells: {0,1},{1,2}. Maker first takes
/// // 1 and makes a double threat.
/// let h: Hypergraph = "0 1\n1 2".parse().unwrap();
/// let mut s = Solver::new(&h, Limits::none()).unwrap();
/// assert_eq!(s.solve(Player::Maker, &mut |_| {}).verdict.winner(), Some(Player::Maker));
/// assert_eq!(s.solve(Player::Breaker, &mut |_| {}).verdict.winner(), Some(Player::Breaker));
/// ```
#[derive(Debug)]
pub struct Solver {
    engine: Engine,
}

/// The search, monomorphised by the width of the live-set mask.
#[derive(Debug)]
enum Engine {
    Narrow(Box<Search<u128>>),
    Wide4(Box<Search<Wide<4>>>),
    Wide8(Box<Search<Wide<8>>>),
}

/// Runs `$body` with `$s` bound to the engine's search, whatever its width.
macro_rules! each {
    ($engine:expr, $s:ident => $body:expr) => {
        match $engine {
            Engine::Narrow($s) => $body,
            Engine::Wide4($s) => $body,
            Engine::Wide8($s) => $body,
        }
    };
}

impl Solver {
    /// A solver for `game` under `limits` (the table defaults to
    /// [`DEFAULT_TABLE_BYTES`]). Node and time limits count from each
    /// [`solve`](Solver::solve), or from the solver's creation for direct
    /// position queries. Fails if the game has more than [`MAX_SETS`]
    /// minimal winning sets.
    pub fn new(game: &Hypergraph, limits: Limits) -> Result<Solver, HypergraphError> {
        let sets = minimal(game.sets());
        let n = sets.len();
        let engine = if n <= <u128 as SetMask>::BITS {
            Engine::Narrow(Search::new(sets, &limits))
        } else if n <= Wide::<4>::BITS {
            Engine::Wide4(Search::new(sets, &limits))
        } else if n <= Wide::<8>::BITS {
            Engine::Wide8(Search::new(sets, &limits))
        } else {
            return Err(HypergraphError::TooManySets {
                sets: n,
                max: MAX_SETS,
            });
        };
        Ok(Solver { engine })
    }

    /// Use symmetries of the game in the transposition table: each is a
    /// permutation of the cells (`perm[c]` is the image of cell `c`) that
    /// maps the family of minimal winning sets onto itself. A position's
    /// table key becomes the least of its images under the permutations
    /// (and the identity): two positions with the same key are images of
    /// each other under a composition of automorphisms, which maps a
    /// winning strategy to a winning strategy, so they have the same value.
    /// Give the whole group (e.g. the eight symmetries of a square board)
    /// for the most sharing; any subset is sound. Fails, naming the permutation, if one is not a
    /// permutation of the cells or does not preserve the family.
    pub fn with_symmetries(mut self, perms: &[Vec<usize>]) -> Result<Solver, HypergraphError> {
        each!(&mut self.engine, s => s.set_symmetries(perms))?;
        Ok(self)
    }

    /// Also end a node as a Breaker win when the residual family (at most
    /// `max_sets` sets) has a *pairing*: disjoint pairs of empty cells such that
    /// every residual set contains a whole pair. Breaker then answers each
    /// Maker move in a pair with its partner (and plays anywhere otherwise),
    /// so Maker never fills a pair, hence no set; who moves does not
    /// matter. The search for a pairing is a backtracking of at most
    /// `budget` steps per node (0 turns the cut off, the default); not
    /// finding one decides nothing. Sound for any budget; it only changes
    /// how many nodes are searched.
    pub fn with_pairing_cut(mut self, budget: u32, max_sets: usize) -> Solver {
        each!(&mut self.engine, s => {
            s.pairing_budget = budget;
            s.pairing_max_sets = max_sets;
        });
        self
    }

    /// The pairing the pairing cut finds in this position (`maker`,
    /// `breaker` disjoint bitsets), as pairs of cells, or `None` when the
    /// cut is off, the residual family is larger than its `max_sets`, Maker
    /// already holds a set, no set is left, or no pairing is found within
    /// the budget. Used to write a certificate that ends a line with "Breaker
    /// wins from here by this pairing".
    pub(crate) fn pairing(&self, maker: u128, breaker: u128) -> Option<Vec<(usize, usize)>> {
        each!(&self.engine, s => s.pairing(maker, breaker))
    }

    /// Is the pairing cut on?
    pub(crate) fn pairing_cut_on(&self) -> bool {
        each!(&self.engine, s => s.pairing_budget > 0)
    }

    /// Stop (with [`Stop::Cancelled`]) once `cancel` is raised.
    pub fn with_cancel(mut self, cancel: &Cancel) -> Solver {
        each!(&mut self.engine, s => s.meter = Meter::new(s.meter.limits(), Some(cancel)));
        self
    }

    /// Nodes searched since the last `solve` (or creation).
    pub fn nodes(&self) -> u64 {
        each!(&self.engine, s => s.meter.nodes())
    }

    /// Table entries in use and capacity.
    pub fn table_usage(&self) -> (usize, usize) {
        each!(&self.engine, s => (s.table.used(), s.table.capacity()))
    }

    /// Bytes per table entry (48 for families of at most 128 sets, more
    /// for the wider set masks).
    pub fn table_entry_bytes(&self) -> usize {
        each!(&self.engine, s => s.table.entry_bytes())
    }

    /// Solve the empty board with `first` to move. Resets the node count and
    /// clock (the table is kept).
    pub fn solve(&mut self, first: Player, progress: &mut dyn FnMut(&Progress)) -> SolveReport {
        each!(&mut self.engine, s => s.solve(first, progress))
    }

    /// The winner of an arbitrary position (`maker`, `breaker` disjoint
    /// bitsets of cells).
    pub fn winner(
        &mut self,
        maker: u128,
        breaker: u128,
        to_move: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Player, Stop> {
        each!(&mut self.engine, s => s.winner(maker, breaker, to_move, progress))
    }

    /// A move for `to_move` that keeps a win, or `None` if `to_move` loses
    /// (or has no live cell to play). Tries every empty cell of a live set,
    /// best first, so the answer does not rely on the pruning.
    pub fn winning_move(
        &mut self,
        maker: u128,
        breaker: u128,
        to_move: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<usize>, Stop> {
        each!(&mut self.engine, s => s.winning_move(maker, breaker, to_move, progress))
    }
}

/// A symmetry of the game: where each cell goes, where each minimal set
/// goes.
#[derive(Debug, Clone)]
struct Symmetry {
    cell: Vec<u8>,
    set: Vec<u16>,
}

/// The search proper over one family, with live-set masks of type `S`.
#[derive(Debug)]
struct Search<S> {
    sets: Vec<u128>,
    table: Table<S>,
    meter: Meter,
    scratch: Box<Scratch<S>>,
    symmetries: Vec<Symmetry>,
    /// Steps allowed to the pairing search at each node (0: off).
    pairing_budget: u32,
    /// Largest residual family the pairing cut looks at.
    pairing_max_sets: usize,
}

impl<S: SetMask> Search<S> {
    fn new(sets: Vec<u128>, limits: &Limits) -> Box<Search<S>> {
        Box::new(Search {
            table: Table::new(limits.table_bytes_or(DEFAULT_TABLE_BYTES)),
            meter: Meter::new(limits, None),
            scratch: Box::new(Scratch {
                residual: Vec::with_capacity(sets.len()),
                components: Vec::with_capacity(sets.len()),
                weight: [0; 128],
                member: [S::ZERO; 128],
                partner: [0; 128],
            }),
            sets,
            symmetries: Vec::new(),
            pairing_budget: 0,
            pairing_max_sets: 0,
        })
    }

    /// See [`Solver::pairing`]: the same residual family and search as the
    /// cut in [`Search::analyse`].
    fn pairing(&self, maker: u128, breaker: u128) -> Option<Vec<(usize, usize)>> {
        if self.pairing_budget == 0 {
            return None;
        }
        let mut residual = Vec::new();
        for (i, &s) in self.sets.iter().enumerate() {
            if s & breaker == 0 {
                let r = s & !maker;
                if r == 0 {
                    return None;
                }
                residual.push((r.count_ones(), r, i as u16));
            }
        }
        if residual.is_empty() {
            return None;
        }
        keep_minimal(&mut residual);
        if residual.len() > self.pairing_max_sets {
            return None;
        }
        let mut budget = self.pairing_budget;
        let mut partner = [u8::MAX; 128];
        if !has_pairing(&residual, &mut partner, 0, &mut budget) {
            return None;
        }
        // Abandoned pairs are cleared on backtracking: what is left are
        // the pairs of the pairing found.
        Some(
            (0..128)
                .filter_map(|x| {
                    let y = partner[x] as usize;
                    (y < 128 && x < y && partner[y] as usize == x).then_some((x, y))
                })
                .collect(),
        )
    }

    /// Checks and stores the symmetries (see [`Solver::with_symmetries`]).
    fn set_symmetries(&mut self, perms: &[Vec<usize>]) -> Result<(), HypergraphError> {
        let cells = self
            .sets
            .iter()
            .fold(0u128, |a, &s| a | s)
            .checked_ilog2()
            .map_or(0, |b| b as usize + 1);
        let index: std::collections::HashMap<u128, usize> =
            self.sets.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let mut out = Vec::with_capacity(perms.len());
        for (k, perm) in perms.iter().enumerate() {
            let bad = |message: String| HypergraphError::NotASymmetry { index: k, message };
            if perm.len() < cells {
                return Err(bad(format!(
                    "maps {} cells, the sets use {cells}",
                    perm.len()
                )));
            }
            let mut seen = vec![false; perm.len()];
            for &c in perm {
                if c >= perm.len() || c >= 128 || std::mem::replace(&mut seen[c], true) {
                    return Err(bad(format!("cell {c} is out of range or an image twice")));
                }
            }
            let mut set = vec![0u16; S::BITS];
            for (i, &s) in self.sets.iter().enumerate() {
                let image = bits(s).fold(0u128, |a, c| a | 1 << perm[c]);
                let Some(&j) = index.get(&image) else {
                    return Err(bad(format!(
                        "winning set {:?} goes to {:?}, not a minimal winning set",
                        bits(s).collect::<Vec<_>>(),
                        bits(image).collect::<Vec<_>>()
                    )));
                };
                set[i] = j as u16;
            }
            let cell = (0..128)
                .map(|c| perm.get(c).map_or(c as u8, |&p| p as u8))
                .collect();
            out.push(Symmetry { cell, set });
        }
        self.symmetries = out;
        Ok(())
    }

    /// The table key of a position: itself without symmetries, else the
    /// least of its images (live mask first, then Maker's cells).
    #[inline]
    fn key(&self, maker_key: u128, live: S) -> (u128, S) {
        let mut best = (live, maker_key);
        for g in &self.symmetries {
            let l = live.permute(&g.set);
            if l > best.0 {
                continue;
            }
            let m = bits(maker_key).fold(0u128, |a, c| a | 1 << g.cell[c]);
            if (l, m) < best {
                best = (l, m);
            }
        }
        (best.1, best.0)
    }

    /// Solve the empty board with `first` to move. Resets the node count and
    /// clock (the table is kept).
    fn solve(&mut self, first: Player, progress: &mut dyn FnMut(&Progress)) -> SolveReport {
        self.meter.restart();
        let verdict = match self.search(0, 0, first == Player::Maker, progress) {
            Ok(true) => Verdict::Proven(Player::Maker),
            Ok(false) => Verdict::Proven(Player::Breaker),
            Err(c) => Verdict::CutOff(c),
        };
        SolveReport {
            verdict,
            nodes: self.meter.nodes(),
            elapsed: self.meter.elapsed(),
            table_used: self.table.used(),
        }
    }

    /// The winner of an arbitrary position (`maker`, `breaker` disjoint
    /// bitsets of cells).
    fn winner(
        &mut self,
        maker: u128,
        breaker: u128,
        to_move: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Player, Stop> {
        let maker_wins =
            self.search(maker, breaker & !maker, to_move == Player::Maker, progress)?;
        Ok(if maker_wins {
            Player::Maker
        } else {
            Player::Breaker
        })
    }

    /// A move for `to_move` that keeps a win, or `None` if `to_move` loses
    /// (or has no live cell to play). Tries every empty cell of a live set,
    /// best first, so the answer does not rely on the pruning.
    fn winning_move(
        &mut self,
        maker: u128,
        breaker: u128,
        to_move: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<usize>, Stop> {
        let mut live = 0u128;
        let mut weight = [0u64; 128];
        for &s in &self.sets {
            if s & breaker == 0 {
                let r = s & !maker;
                live |= r;
                let w = set_weight(r.count_ones());
                for c in bits(r) {
                    weight[c] += w;
                }
            }
        }
        let mut cells: Vec<usize> = bits(live).collect();
        cells.sort_by_key(|&c| (std::cmp::Reverse(weight[c]), c));
        for c in cells {
            let bit = 1u128 << c;
            let wins = match to_move {
                Player::Maker => {
                    self.sets
                        .iter()
                        .any(|&s| s & breaker == 0 && s & !(maker | bit) == 0)
                        || self.search(maker | bit, breaker, false, progress)?
                }
                Player::Breaker => !self.search(maker, breaker | bit, true, progress)?,
            };
            if wins {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// Counts a node on the meter; reports progress when due.
    #[inline]
    fn tick(&mut self, progress: &mut dyn FnMut(&Progress)) -> Result<(), Stop> {
        self.meter.tick()?;
        if self.meter.report_due() {
            progress(&self.meter.progress(TableUsage {
                used: self.table.used(),
                capacity: self.table.capacity(),
            }));
        }
        Ok(())
    }

    /// Does Maker win from this position?
    fn search(
        &mut self,
        maker: u128,
        breaker: u128,
        maker_to_move: bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<bool, Stop> {
        self.tick(progress)?;
        let (maker_key, live, count, order) = match self.analyse(maker, breaker, maker_to_move) {
            Analysis::Decided(w) => return Ok(w),
            Analysis::Split {
                maker_key,
                live,
                components,
            } => {
                let (maker_key, live) = self.key(maker_key, live);
                if let Some(w) = self.table.probe(maker_key, live, maker_to_move) {
                    return Ok(w);
                }
                if self.pairing_cut() {
                    return Ok(false);
                }
                let before = self.meter.nodes();
                let result =
                    self.search_sum(maker, breaker, maker_to_move, &components, progress)?;
                self.table.store(
                    maker_key,
                    live,
                    maker_to_move,
                    result,
                    self.meter.nodes() - before,
                );
                return Ok(result);
            }
            Analysis::Moves {
                maker_key,
                live,
                count,
                order,
            } => (maker_key, live, count, order),
        };
        let (maker_key, live) = self.key(maker_key, live);
        if let Some(w) = self.table.probe(maker_key, live, maker_to_move) {
            return Ok(w);
        }
        if self.pairing_cut() {
            return Ok(false);
        }
        let before = self.meter.nodes();
        // Maker to move wins if some move wins; Breaker to move wins (Maker
        // loses) if some move wins for him.
        let mut result = !maker_to_move;
        for &c in &order[..count] {
            let bit = 1u128 << c;
            let child = if maker_to_move {
                self.search(maker | bit, breaker, false, progress)?
            } else {
                self.search(maker, breaker | bit, true, progress)?
            };
            if child == maker_to_move {
                result = maker_to_move;
                break;
            }
        }
        self.table.store(
            maker_key,
            live,
            maker_to_move,
            result,
            self.meter.nodes() - before,
        );
        Ok(result)
    }

    /// The pairing cut on the node just analysed (its minimal residual
    /// family is still in the scratch space): does it have a pairing? Run
    /// after the table probe, so that a position met again is answered by
    /// the table and its failed pairing search is not repeated (the result
    /// and the nodes counted are the same as cutting before the probe: the
    /// probe has no side effect and the table holds exact values).
    fn pairing_cut(&mut self) -> bool {
        let residual = &self.scratch.residual;
        if self.pairing_budget == 0 || residual.len() > self.pairing_max_sets {
            return false;
        }
        let mut budget = self.pairing_budget;
        let mut partner = [u8::MAX; 128];
        has_pairing(residual, &mut partner, 0, &mut budget)
    }

    /// A disjoint sum of components. Maker moving first wins the sum iff he
    /// wins some component moving first (he plays there and answers there;
    /// Breaker playing elsewhere only gives him extra moves; conversely
    /// Breaker answers every move in its own component). Breaker moving
    /// first: Maker wins iff he wins some component even moving second, or
    /// wins at least two moving first (Breaker can spoil only one of them
    /// with his move; with one such component Breaker moves there first).
    /// A component is searched alone by giving Breaker every live cell
    /// outside it, which kills exactly the other components' sets.
    fn search_sum(
        &mut self,
        maker: u128,
        breaker: u128,
        maker_to_move: bool,
        components: &[u128],
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<bool, Stop> {
        let all = components.iter().fold(0, |a, &c| a | c);
        let mut first_wins = Vec::new();
        for &c in components {
            if self.search(maker, breaker | (all & !c), true, progress)? {
                if maker_to_move {
                    return Ok(true);
                }
                first_wins.push(c);
                if first_wins.len() >= 2 {
                    return Ok(true);
                }
            }
        }
        match first_wins.as_slice() {
            [c] => self.search(maker, breaker | (all & !c), false, progress),
            _ => Ok(false),
        }
    }

    fn analyse(&mut self, maker: u128, breaker: u128, maker_to_move: bool) -> Analysis<S> {
        let sc = &mut *self.scratch;
        sc.residual.clear();
        for (i, &s) in self.sets.iter().enumerate() {
            if s & breaker == 0 {
                let r = s & !maker;
                if r == 0 {
                    return Analysis::Decided(true); // Maker already holds a set.
                }
                sc.residual.push((r.count_ones(), r, i as u16));
            }
        }
        if sc.residual.is_empty() {
            return Analysis::Decided(false);
        }
        keep_minimal(&mut sc.residual);
        let residual = &sc.residual;

        let mut live_cells = 0u128;
        let mut live = S::ZERO;
        let mut support = 0u128;
        let mut threats = 0u128;
        let mut phi = 0u64;
        for &(k, r, i) in residual {
            live_cells |= r;
            live.insert(i as usize);
            support |= self.sets[i as usize];
            if k == 1 {
                threats |= r;
            }
            phi += set_weight(k);
        }
        if maker_to_move {
            if threats != 0 {
                return Analysis::Decided(true);
            }
            if phi < 1 << (SCALE - 1) {
                return Analysis::Decided(false);
            }
        } else {
            if threats.count_ones() >= 2 {
                return Analysis::Decided(true);
            }
            if phi < 1 << SCALE {
                return Analysis::Decided(false);
            }
        }
        // The pairing cut comes after the table probe, in `search`: it
        // reads `sc.residual`, which stays as it is until the next node.
        // Independent components (sets linked by shared cells).
        sc.components.clear();
        for &(_, r, _) in residual {
            let mut merged = r;
            let mut j = 0;
            while j < sc.components.len() {
                if sc.components[j] & merged != 0 {
                    merged |= sc.components.swap_remove(j);
                } else {
                    j += 1;
                }
            }
            sc.components.push(merged);
        }
        if sc.components.len() >= 2 {
            let mut components = sc.components.clone();
            components.sort_unstable_by_key(|c| (c.count_ones(), *c));
            return Analysis::Split {
                maker_key: maker & support,
                live,
                components,
            };
        }
        for c in bits(live_cells) {
            sc.weight[c] = 0;
            sc.member[c] = S::ZERO;
            sc.partner[c] = 0;
        }
        for (n, &(k, r, _)) in residual.iter().enumerate() {
            let w = set_weight(k);
            for c in bits(r) {
                sc.weight[c] += w;
                sc.member[c].insert(n);
            }
            if k == 2 {
                let p = r.trailing_zeros() as usize;
                let q = 127 - r.leading_zeros() as usize;
                sc.partner[p] |= 1 << q;
                sc.partner[q] |= 1 << p;
            }
        }
        let mut allowed = live_cells;
        if !maker_to_move && threats != 0 {
            allowed = threats; // forced block
        }
        for c in bits(live_cells) {
            let partners = sc.partner[c];
            if partners.count_ones() >= 2 {
                if maker_to_move {
                    return Analysis::Decided(true);
                }
                let defuse = if partners.count_ones() == 2 {
                    partners | 1 << c
                } else {
                    1 << c
                };
                allowed &= defuse;
            }
        }
        if allowed == 0 {
            return Analysis::Decided(true);
        }
        // Undominated cells among the live ones, restricted to `allowed`
        // (a dominated allowed cell is no better than its dominator, which
        // is either tried or already known to lose).
        let mut order = [0u8; 128];
        let mut count = 0;
        for y in bits(allowed) {
            let my = sc.member[y];
            let dominated = bits(live_cells).any(|x| {
                x != y && {
                    let mx = sc.member[x];
                    my.subset_of(mx) && (my != mx || x < y)
                }
            });
            if !dominated {
                order[count] = y as u8;
                count += 1;
            }
        }
        if count == 0 {
            return Analysis::Decided(true);
        }
        let weight = &sc.weight;
        order[..count].sort_unstable_by_key(|&c| (std::cmp::Reverse(weight[c as usize]), c));
        Analysis::Moves {
            maker_key: maker & support,
            live,
            count,
            order,
        }
    }
}

/// The minimal residual family: by size, keep those containing no kept one.
fn keep_minimal(residual: &mut Vec<(u32, u128, u16)>) {
    residual.sort_unstable_by_key(|&(k, _, i)| (k, i));
    let mut kept = 0;
    for j in 0..residual.len() {
        let r = residual[j].1;
        if residual[..kept].iter().all(|&(_, q, _)| q & !r != 0) {
            residual[kept] = residual[j];
            kept += 1;
        }
    }
    residual.truncate(kept);
}

/// Is there a pairing of the residual sets: disjoint pairs of cells (not
/// Maker's: residuals hold none) with every set containing a whole pair?
/// `partner[c]` is `c`'s partner in the pairs chosen so far (`u8::MAX`:
/// none), `used` their cells; a pairing found is left in `partner`.
/// Backtracks on the unpaired set with the fewest free cells; gives up
/// (false) when `budget` steps are spent.
fn has_pairing(
    residual: &[(u32, u128, u16)],
    partner: &mut [u8; 128],
    used: u128,
    budget: &mut u32,
) -> bool {
    // Which sets already hold a chosen pair: kept up to date as pairs are
    // chosen and dropped, rather than recomputed from `partner` at every
    // step (the search spends most of its time here on large families).
    let mut done: Vec<bool> = residual
        .iter()
        .map(|&(_, r, _)| bits(r & used).any(|x| r >> partner[x] & 1 == 1))
        .collect();
    // The sets through each cell (`sets[start[c]..start[c + 1]]`), so that
    // a new pair `{x, y}` looks only at the sets through `x`.
    let mut start = [0u16; 129];
    for &(_, r, _) in residual {
        for c in bits(r) {
            start[c + 1] += 1;
        }
    }
    for c in 0..128 {
        start[c + 1] += start[c];
    }
    let mut fill = start;
    let mut sets = vec![0u16; usize::from(start[128])];
    for (i, &(_, r, _)) in residual.iter().enumerate() {
        for c in bits(r) {
            sets[usize::from(fill[c])] = i as u16;
            fill[c] += 1;
        }
    }
    let through = Through {
        start: &start,
        sets: &sets,
    };
    let mut newly = Vec::with_capacity(residual.len());
    pairing_step(
        residual, &through, &mut done, &mut newly, partner, used, budget,
    )
}

/// The residual sets through each cell (see [`has_pairing`]).
struct Through<'a> {
    start: &'a [u16; 129],
    sets: &'a [u16],
}

/// One step of [`has_pairing`]; `done[i]`: set `i` holds a chosen pair;
/// `newly` is scratch for the sets a pair marks (unmarked on backtracking).
fn pairing_step(
    residual: &[(u32, u128, u16)],
    through: &Through<'_>,
    done: &mut [bool],
    newly: &mut Vec<usize>,
    partner: &mut [u8; 128],
    used: u128,
    budget: &mut u32,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut best: Option<(u32, u128)> = None;
    for (&(_, r, _), &d) in residual.iter().zip(done.iter()) {
        if d {
            continue;
        }
        let free = r & !used;
        let n = free.count_ones();
        if n < 2 {
            return false;
        }
        if best.is_none_or(|(m, _)| n < m) {
            best = Some((n, free));
        }
    }
    let Some((_, free)) = best else {
        return true;
    };
    for x in bits(free) {
        for y in bits(free & !(u128::MAX >> (127 - x))) {
            partner[x] = y as u8;
            partner[y] = x as u8;
            let pair = 1u128 << x | 1u128 << y;
            let mark = newly.len();
            let (a, b) = (through.start[x], through.start[x + 1]);
            for &i in &through.sets[usize::from(a)..usize::from(b)] {
                let i = usize::from(i);
                if !done[i] && residual[i].1 >> y & 1 == 1 {
                    done[i] = true;
                    newly.push(i);
                }
            }
            if pairing_step(residual, through, done, newly, partner, used | pair, budget) {
                return true;
            }
            // Abandoned: cleared, so that a pairing found is read off
            // `partner` alone.
            for &i in &newly[mark..] {
                done[i] = false;
            }
            newly.truncate(mark);
            partner[x] = u8::MAX;
            partner[y] = u8::MAX;
            if *budget == 0 {
                return false;
            }
        }
    }
    false
}

fn set_weight(size: u32) -> u64 {
    if size <= SCALE {
        1 << (SCALE - size)
    } else {
        1
    }
}

/// Indices of the set bits, increasing.
pub(crate) fn bits(mut s: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            Some(c)
        }
    })
}

const _: () = assert!(MAX_SETS == 64 * 8, "MAX_SETS is the widest mask's width");

#[cfg(test)]
mod tests {
    use super::*;

    fn residual(sets: &[&[usize]]) -> Vec<(u32, u128, u16)> {
        sets.iter()
            .enumerate()
            .map(|(i, s)| {
                let m = s.iter().fold(0u128, |a, &c| a | 1 << c);
                (m.count_ones(), m, i as u16)
            })
            .collect()
    }

    #[test]
    fn pairings_are_found_and_refused() {
        let mut partner = [u8::MAX; 128];
        // {0,1,2} and {2,3,4}: pairs {0,1} and {3,4}.
        let yes = residual(&[&[0, 1, 2], &[2, 3, 4]]);
        assert!(has_pairing(&yes, &mut partner, 0, &mut 100));
        // Three 2-sets on a triangle: each needs its own pair, and they
        // overlap.
        let no = residual(&[&[0, 1], &[1, 2], &[0, 2]]);
        assert!(!has_pairing(&no, &mut [u8::MAX; 128], 0, &mut 100));
        // A set of one cell has no pair.
        assert!(!has_pairing(
            &residual(&[&[5]]),
            &mut [u8::MAX; 128],
            0,
            &mut 100
        ));
        // Two sets sharing the same pair are both blocked by it; cell 127
        // is handled.
        let shared = residual(&[&[126, 127], &[125, 126, 127]]);
        assert!(has_pairing(&shared, &mut [u8::MAX; 128], 0, &mut 100));
        // No budget: no answer.
        assert!(!has_pairing(&yes, &mut [u8::MAX; 128], 0, &mut 0));
    }
}
