//! A best-first proof search of one null-window test (df-pn: depth-first
//! proof-number search), horizon-free, beside the alpha-beta.
//!
//! The test `value >= beta` is an AND/OR tree: at a node where the prover
//! (Black for `>= beta`, White for `< beta`, the two are the same tree)
//! moves, one proven child proves the node; where the defender moves,
//! every legal child must be proven. Df-pn keeps a *proof number* (how
//! many leaves at least must still be proven) and a *disproof number* for
//! every node and always expands below the most-proving leaf, depth-first
//! with thresholds (Nagai 2002).
//!
//! Soundness under superko. The numbers only order the work; they are
//! kept in a table of their own by position, history-blind, and never
//! decide anything: a number read from that table is never 0 (proven) or
//! infinite. What decides a node is exactly what decides it in the
//! alpha-beta: the proven bounds `lo <= value <= hi` with their bases
//! (`tt::Basis`), from
//!
//! - the leaf evaluation, which *is* the alpha-beta's `Search::search`
//!   at a small horizon (by default 0: the main table's bounds that the
//!   history allows, Benson's and the safe regions' bounds, two passes);
//! - the node's children, joined as `search` joins them (one child for
//!   the mover's own bound, every child and the refusals for the other),
//!   under the history of the current path: df-pn descends one path at a
//!   time, so the history stack is exact at every node it works on.
//!
//! A proven node's bounds go into the main table with their bases, so the
//! alpha-beta's argument (docs/graphgo.md, "Repetition and the
//! transposition table") is what keeps them sound under another history;
//! a child proven earlier under this node stays in the node's list only
//! while the node is being worked on (same history), and is re-read from
//! the main table (basis checked) on the next visit. Positional superko
//! forbids a colouring twice on a path, so every path is finite; a cap on
//! the ply keeps df-pn out of the very long superko-legal lines.

use super::*;

/// "Infinite" proof or disproof number (sums saturate here).
const INF: u64 = 1 << 60;

/// Children's thresholds grow by this fraction over the second-best
/// sibling's number (the 1 + epsilon trick: fewer re-expansions).
const EPS_NUM: u64 = 1;
const EPS_DEN: u64 = 4;

/// The proof-number table: history-blind ordering hints by position, in
/// a fixed array of two-entry buckets (an entry with a smaller sum of
/// numbers, less work behind it, is replaced first). A first version
/// (a hash map cleared when full, at 2^23 positions) was cleared every
/// few million expansions on 1x12.
pub(super) struct PnTable {
    slots: Vec<PnSlot>,
}

#[derive(Clone, Copy, Default)]
struct PnSlot {
    key: HistKey,
    used: bool,
    pn: u64,
    dn: u64,
}

impl PnTable {
    /// The bytes of one position's slot.
    pub(super) const SLOT_BYTES: usize = std::mem::size_of::<PnSlot>();

    pub(super) fn new(bits: u32) -> PnTable {
        PnTable { slots: Vec::new() }.sized(bits)
    }

    fn sized(mut self, bits: u32) -> PnTable {
        self.slots = vec![PnSlot::default(); 1 << bits.clamp(1, 30)];
        self
    }

    fn bucket(&self, k: &HistKey) -> usize {
        let h = mix(k.0, k.1, k.2);
        (h as usize) & (self.slots.len() - 1) & !1
    }

    fn get(&self, k: &HistKey) -> Option<(u64, u64)> {
        let b = self.bucket(k);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.used && s.key == *k)
            .map(|s| (s.pn, s.dn))
    }

    fn put(&mut self, k: HistKey, (pn, dn): (u64, u64)) {
        let b = self.bucket(&k);
        let new = PnSlot {
            key: k,
            used: true,
            pn,
            dn,
        };
        let pair = &mut self.slots[b..b + 2];
        if let Some(s) = pair.iter_mut().find(|s| s.used && s.key == k) {
            *s = new;
            return;
        }
        let weight = |s: &PnSlot| if s.used { s.pn.saturating_add(s.dn) } else { 0 };
        let i = usize::from(weight(&pair[1]) < weight(&pair[0]));
        pair[i] = new;
    }

    pub(super) fn clear(&mut self) {
        self.slots.fill(PnSlot::default());
    }
}

/// A child of a df-pn node.
struct Kid {
    mv: u8,
    played: Option<Played>,
    pn: u64,
    dn: u64,
    out: Outcome,
    /// The symmetries (bit `i`: the board's symmetry `i`) whose image of
    /// this child is a sibling left out ([`SolveOptions::dfpn_twins`]).
    twins: u32,
}

/// Where a child lives in the history.
struct Entered {
    stones: Stones,
    passed: bool,
    own_index: usize,
    pushed: bool,
    /// A pass to a situation seen before (situational rule): not pushed,
    /// the result may depend on the whole history.
    whole: bool,
}

impl Search<'_> {
    /// Whether `out` proves the prover's side of the test `>= beta`
    /// (prover Black: `lo >= beta`; White: `hi < beta`), or refutes it.
    fn dfpn_state(&self, out: &Outcome, beta: i32) -> Option<bool> {
        let prover_black = self.mode != Mode::Upper;
        let for_prover = if prover_black {
            out.lo >= beta
        } else {
            out.hi < beta
        };
        let against = if prover_black {
            out.hi < beta
        } else {
            out.lo >= beta
        };
        if for_prover {
            Some(true)
        } else if against {
            Some(false)
        } else {
            None
        }
    }

    /// Pushes the child of `kid` (if the rule records it).
    fn dfpn_enter(
        &mut self,
        stones: Stones,
        to_move: Color,
        own_index: usize,
        kid: &Kid,
    ) -> Entered {
        let opp = to_move.opponent();
        match kid.played {
            Some(p) => {
                let key = self.hist_key(p.stones, opp);
                self.push(key);
                Entered {
                    stones: p.stones,
                    passed: false,
                    own_index: self.history.len() - 1,
                    pushed: true,
                    whole: false,
                }
            }
            None => {
                let key = self.hist_key(stones, opp);
                let situational = self.opts.repetition == Repetition::Situational;
                if situational && self.index.contains_key(&key) {
                    Entered {
                        stones,
                        passed: true,
                        own_index: self.history.len(),
                        pushed: false,
                        whole: true,
                    }
                } else if situational {
                    self.push(key);
                    Entered {
                        stones,
                        passed: true,
                        own_index: self.history.len() - 1,
                        pushed: true,
                        whole: false,
                    }
                } else {
                    Entered {
                        stones,
                        passed: true,
                        own_index,
                        pushed: false,
                        whole: false,
                    }
                }
            }
        }
    }

    fn dfpn_leave(&mut self, e: &Entered, out: &mut Outcome) {
        if e.pushed {
            self.pop();
        }
        if e.whole {
            out.lo_basis.min_ref = 0;
            out.hi_basis.min_ref = 0;
            out.fail.min_ref = 0;
        }
    }

    /// The numbers of a child whose bounds are `out`.
    fn dfpn_numbers(&self, out: &Outcome, beta: i32, key: Option<HistKey>) -> (u64, u64) {
        match self.dfpn_state(out, beta) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => key
                .and_then(|k| self.pn_table.get(&k))
                .filter(|&(p, d)| p > 0 && d > 0 && p < INF && d < INF)
                .unwrap_or_else(|| self.first_numbers(key, beta)),
        }
    }

    /// A fresh child's numbers: `(1, 1)`, or with
    /// [`SolveOptions::dfpn_oracle`] `(1, k)` / `(k, 1)` by whether the
    /// history-free estimate of its value passes the test for the prover.
    fn first_numbers(&self, key: Option<HistKey>, beta: i32) -> (u64, u64) {
        let (Some(oracle), Some((cb, cw, flags))) = (&self.oracle, key) else {
            return (1, 1);
        };
        let to_move = if flags & 1 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let est = oracle.estimate(
            Stones {
                black: cb,
                white: cw,
            },
            to_move,
            flags & 2 != 0,
        );
        let prover_black = self.mode != Mode::Upper;
        let prover_wins = if prover_black {
            est >= beta
        } else {
            est < beta
        };
        let k = self.opts.dfpn_oracle.clamp(1, INF / 4);
        if prover_wins { (1, k) } else { (k, 1) }
    }

    /// Keeps the root's children as they stand in the stats (the
    /// frontier of a test that does not end).
    fn dfpn_record_root(&mut self, kids: &[Kid], beta: i32) {
        let big = |x: u64| if x >= INF - 2 { u64::MAX } else { x };
        self.stats.dfpn_root = Some(DfpnRoot {
            beta,
            lower: self.mode != Mode::Upper,
            cap: self.dfpn_cap,
            children: kids
                .iter()
                .map(|k| DfpnChild {
                    vertex: (k.mv < PASS).then_some(usize::from(k.mv)),
                    pn: big(k.pn),
                    dn: big(k.dn),
                    lo: k.out.lo,
                    hi: k.out.hi,
                })
                .collect(),
        });
    }

    /// The board symmetries other than the identity (bit `i`: symmetry
    /// `i`) that fix every colouring of the history, with
    /// [`SolveOptions::dfpn_twins`]; 0 otherwise.
    fn fixing_symmetries(&self) -> u32 {
        if !self.opts.dfpn_twins || !self.opts.symmetry {
            return 0;
        }
        let nbytes = self.board.len().div_ceil(8);
        let mut mask = 0;
        for (i, bytes) in self.byte_perms.iter().enumerate().skip(1).take(31) {
            // The latest colourings first: they are the least symmetric.
            let fixed = self.history.iter().rev().all(|&(b, w, _)| {
                permute_bytes(bytes, nbytes, b) == b && permute_bytes(bytes, nbytes, w) == w
            });
            if fixed {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The table key of the numbers of a position.
    fn pn_key(&self, stones: Stones, to_move: Color, passed: bool) -> HistKey {
        let (cb, cw, _) = self.canonical(stones);
        (cb, cw, to_move.index() as u8 | (u8::from(passed) << 1))
    }

    /// The test `value >= beta` from the root (pushed, history index 0),
    /// by df-pn; the proven bounds it found (undecided only if stopped or
    /// every line ran into the ply cap).
    pub(super) fn dfpn_test(&mut self, stones: Stones, to_move: Color, beta: i32) -> (i32, i32) {
        self.dfpn_test_at(stones, to_move, false, beta, 0)
    }

    /// The test `value >= beta` at a position pushed at history index
    /// `own_index` (the root's is 0; the principal variation's and the
    /// proof walk's children with [`SolveOptions::dfpn_pv`]), by df-pn.
    pub(super) fn dfpn_test_at(
        &mut self,
        stones: Stones,
        to_move: Color,
        passed: bool,
        beta: i32,
        own_index: usize,
    ) -> (i32, i32) {
        let own = self.search(
            stones,
            to_move,
            passed,
            beta - 1,
            beta,
            self.opts.dfpn_leaf_depth,
            0,
            own_index,
        );
        if self.stop.is_some() {
            return (own.lo, own.hi);
        }
        if self.dfpn_state(&own, beta).is_some() {
            return (own.lo, own.hi);
        }
        // The numbers are forgotten for each root test; a variation's or
        // a proof walk's tests keep them while the test is the same (they
        // are only hints, and clearing the table for each of a walk's
        // thousands of tests cost more than the tests).
        if own_index == 0 || self.pn_for != Some((beta, self.mode)) {
            self.pn_table.clear();
        }
        self.pn_for = Some((beta, self.mode));
        // Thresholds below "infinite": a node whose lines all ran into
        // the ply cap (numbers INF - 1) ends the run, undecided; the cap
        // then grows by half and the test runs again (the proven bounds
        // stay in the table, the numbers are forgotten).
        let mut cap = self.opts.dfpn_max_ply.max(1);
        loop {
            self.dfpn_cap = cap;
            let (_, _, out) = self.mid(
                stones,
                to_move,
                passed,
                own,
                beta,
                INF - 1,
                INF - 1,
                0,
                own_index,
            );
            if self.stop.is_some() || self.dfpn_state(&out, beta).is_some() {
                return (out.lo, out.hi);
            }
            if cap >= self.opts.max_depth {
                return (out.lo, out.hi);
            }
            cap = (cap + cap / 2).min(self.opts.max_depth);
            self.pn_table.clear();
        }
    }

    /// One df-pn node (pushed at `own_index`, its leaf evaluation `own`
    /// undecided): works below it until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`, or it is decided; returns
    /// the numbers and the proven bounds.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self,
        stones: Stones,
        to_move: Color,
        passed: bool,
        own: Outcome,
        beta: i32,
        th_pn: u64,
        th_dn: u64,
        ply: usize,
        own_index: usize,
    ) -> (u64, u64, Outcome) {
        let board = self.board;
        let n = board.len() as i32;
        let alpha = beta - 1;
        let nodes_before = self.meter.nodes();
        if ply >= self.dfpn_cap {
            // Too deep: look bad for both sides, decide nothing.
            return (INF - 1, INF - 1, own);
        }
        self.stats.expanded += 1;
        let black = to_move == Color::Black;
        let prover_black = self.mode != Mode::Upper;
        let prover = black == prover_black;
        let (cb, cw, sym) = self.canonical(stones);
        let flags = to_move.index() as u8 | (u8::from(passed) << 1);
        let entry = self.table.probe_map(cb, cw, flags, |e| *e);
        let tt_move = entry.map_or(NO_MOVE, |e| e.best);
        let order = self.move_order(stones, to_move, passed, tt_move, sym);
        let opp = to_move.opponent();
        let mut refused = NONE;
        let mut kids: Vec<Kid> = Vec::with_capacity(order.len());
        let leaf_depth = self.opts.dfpn_leaf_depth;
        let fixing = self.fixing_symmetries();
        let nbytes = board.len().div_ceil(8);
        for (mv, played) in order {
            let kid = Kid {
                mv,
                played,
                pn: 1,
                dn: 1,
                out: Outcome::exact(0),
                twins: 0,
            };
            if played.is_none() && passed {
                // The second pass ends the game.
                let out = Outcome::exact(stones.area_score(board));
                let (pn, dn) = self.dfpn_numbers(&out, beta, None);
                kids.push(Kid { pn, dn, out, ..kid });
                continue;
            }
            if let Some(p) = played {
                let key = self.hist_key(p.stones, opp);
                if let Some(&i) = self.index.get(&key) {
                    // A refused play: the bound that needs every move of
                    // this player depends on the refusal.
                    refused = refused.min(i);
                    continue;
                }
                if fixing != 0 {
                    // A symmetry fixing the history maps an earlier
                    // child onto this one: same value, left out.
                    let twin = kids.iter_mut().find_map(|k| {
                        let q = k.played?.stones;
                        (1..32)
                            .filter(|&i| fixing >> i & 1 == 1)
                            .find(|&i| {
                                let bytes = &self.byte_perms[i];
                                permute_bytes(bytes, nbytes, q.black) == p.stones.black
                                    && permute_bytes(bytes, nbytes, q.white) == p.stones.white
                            })
                            .map(|i| (k, i))
                    });
                    if let Some((k, i)) = twin {
                        k.twins |= 1 << i;
                        continue;
                    }
                }
            }
            let e = self.dfpn_enter(stones, to_move, own_index, &kid);
            let mut out = self.search(
                e.stones,
                opp,
                e.passed,
                alpha,
                beta,
                leaf_depth,
                ply + 1,
                e.own_index,
            );
            self.dfpn_leave(&e, &mut out);
            if self.stop.is_some() {
                return (INF - 1, INF - 1, own);
            }
            let key = self.pn_key(e.stones, opp, e.passed);
            let (pn, dn) = self.dfpn_numbers(&out, beta, Some(key));
            kids.push(Kid { pn, dn, out, ..kid });
        }
        // The summed number: weak proof numbers (Ueda et al. 2008: the
        // largest plus one per other child), which do not blow up where
        // transpositions are counted many times, or plain sums.
        let weak = self.opts.dfpn_weak;
        let numbers = |kids: &[Kid]| -> (u64, u64) {
            let (mut min, mut sum, mut max, mut open) = (INF, 0u64, 0u64, 0u64);
            for k in kids {
                let (m, s) = if prover { (k.pn, k.dn) } else { (k.dn, k.pn) };
                min = min.min(m);
                sum = sum.saturating_add(s);
                max = max.max(s);
                open += u64::from(s > 0);
            }
            // INF: decided; INF - 1: every line of a child the node
            // needs ran into the ply cap; a sum stops short of both.
            let sum = if max >= INF - 1 {
                max
            } else if weak {
                (max + open.saturating_sub(1)).min(INF - 2)
            } else {
                sum.min(INF - 2)
            };
            if prover { (min, sum) } else { (sum, min) }
        };
        loop {
            if ply == 0 && own_index == 0 {
                self.dfpn_record_root(&kids, beta);
            }
            let (pn, dn) = numbers(&kids);
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
                break;
            }
            // The most-proving child: least proof number where the prover
            // moves, least disproof number where the defender does.
            let key_of = |k: &Kid| if prover { k.pn } else { k.dn };
            let mut best = 0;
            let mut second = INF;
            for (i, k) in kids.iter().enumerate() {
                let v = key_of(k);
                if v < key_of(&kids[best]) {
                    second = key_of(&kids[best]);
                    best = i;
                } else if i != best && v < second {
                    second = v;
                }
            }
            if key_of(&kids[best]) >= INF - 1 {
                // Only children cut by the ply cap are left.
                break;
            }
            let grown = |s: u64| -> u64 {
                if s >= INF - 2 {
                    // A saturated sum (or the cap) beside: no limit short
                    // of the cap, so the child can still move.
                    INF - 1
                } else {
                    let g = s + (s * EPS_NUM).div_ceil(EPS_DEN);
                    g.max(s + 1).min(INF - 2)
                }
            };
            let k = &kids[best];
            let (cth_pn, cth_dn) = if prover {
                (
                    th_pn.min(grown(second)),
                    (th_dn - dn).saturating_add(k.dn).min(INF),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(k.pn).min(INF),
                    th_dn.min(grown(second)),
                )
            };
            let kid_view = Kid {
                mv: k.mv,
                played: k.played,
                pn: k.pn,
                dn: k.dn,
                out: k.out,
                twins: 0,
            };
            let e = self.dfpn_enter(stones, to_move, own_index, &kid_view);
            let (cpn, cdn, mut out) = self.mid(
                e.stones,
                opp,
                e.passed,
                kid_view.out,
                beta,
                cth_pn,
                cth_dn,
                ply + 1,
                e.own_index,
            );
            self.dfpn_leave(&e, &mut out);
            if self.stop.is_some() {
                return (INF - 1, INF - 1, own);
            }
            let k = &mut kids[best];
            k.out = out;
            (k.pn, k.dn) = match self.dfpn_state(&out, beta) {
                Some(true) => (0, INF),
                Some(false) => (INF, 0),
                None => (cpn.max(1), cdn.max(1)),
            };
            if (cpn >= INF - 1 && cdn >= INF - 1) && self.dfpn_state(&out, beta).is_none() {
                // The ply cap: this child is out of reach both ways.
                (k.pn, k.dn) = (INF - 1, INF - 1);
            }
        }
        // The node's proven bounds from its children, as `search` joins
        // them: the mover's own bound from one child, the other from
        // every child and the refusals.
        let mut out = own;
        let mut one = if black { -n - 1 } else { n + 1 };
        let mut every = one;
        let mut one_basis = Basis::EMPTY;
        let mut every_basis = Basis::EMPTY;
        every_basis.min_ref = refused;
        let mut best_move = NO_MOVE;
        for k in &kids {
            let r = &k.out;
            let all_side = if black { &r.hi_basis } else { &r.lo_basis };
            // A left-out twin has this child's value; its proof is this
            // one moved by the symmetry, and so is its basis.
            for i in (1..32).filter(|&i| k.twins >> i & 1 == 1) {
                every_basis.join(&all_side.permuted(&board.symmetries()[i], board.all()));
            }
            if black {
                if r.lo > one || best_move == NO_MOVE {
                    if r.lo > one {
                        one = r.lo;
                        one_basis = r.lo_basis;
                    }
                    best_move = k.mv;
                }
                every = every.max(r.hi);
                every_basis.join(&r.hi_basis);
            } else {
                if r.hi < one || best_move == NO_MOVE {
                    if r.hi < one {
                        one = r.hi;
                        one_basis = r.hi_basis;
                    }
                    best_move = k.mv;
                }
                every = every.min(r.lo);
                every_basis.join(&r.lo_basis);
            }
        }
        if black {
            if one > out.lo {
                out.lo = one;
                out.lo_basis.join(&one_basis);
            }
            if every < out.hi {
                out.hi = every;
                out.hi_basis.join(&every_basis);
            }
        } else {
            if one < out.hi {
                out.hi = one;
                out.hi_basis.join(&one_basis);
            }
            if every > out.lo {
                out.lo = every;
                out.lo_basis.join(&every_basis);
            }
        }
        let (pn, dn) = match self.dfpn_state(&out, beta) {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => {
                let (p, d) = numbers(&kids);
                (p.max(1), d.max(1))
            }
        };
        let canon_move = if best_move < PASS {
            board.symmetries()[sym][best_move as usize]
        } else {
            best_move
        };
        let lo = self.bound(out.lo, true, &out.lo_basis, sym, own_index);
        let hi = self.bound(out.hi, false, &out.hi_basis, sym, own_index);
        // The failure records of the alpha-beta's attempts stay (they
        // are facts about depth-limited attempts, whatever df-pn does).
        let (failed_lo, failed_lo_depth, failed_hi, failed_hi_depth) =
            entry.map_or((NO_FAILURE, 0, NO_FAILURE, 0), |e| {
                (
                    e.failed_lo,
                    e.failed_lo_depth,
                    e.failed_hi,
                    e.failed_hi_depth,
                )
            });
        self.table.store(Entry {
            black: cb,
            white: cw,
            flags,
            best: canon_move,
            work: (64 - (self.meter.nodes() - nodes_before + 1).leading_zeros()) as u8,
            lo,
            hi,
            failed_lo,
            failed_lo_depth,
            failed_hi,
            failed_hi_depth,
            settled: false,
        });
        if pn > 0 && dn > 0 && pn < INF - 1 && dn < INF - 1 {
            self.pn_table.put((cb, cw, flags), (pn, dn));
        }
        (pn, dn, out)
    }
}
