//! Independent cross-check: a plain minimax over full game histories,
//! written here on top of goban's `Position` (a separate rules engine), with
//! no transposition table and no pruning, agrees with the fast solver on
//! tiny graphs. Its only shortcut is a memo keyed by the *whole* history
//! set, which cannot change the value: two nodes with the same position,
//! player, pass flag and set of earlier colourings have identical subtrees.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use miai_goban::{
    Color, Graph, Komi, Move, Position, Repetition, Rules, Scoring, Setup, Suicide, VertexSet,
};
use miai_graphgo::{Bits, Board, Deepening, Repetition as Rep, SolveOptions, Stones, solver};

/// The brute force's memo budget: tiny graphs only.
const MEMO_CAP: usize = 50_000;

type Key = (Vec<u8>, Color, bool, BTreeSet<(Vec<u8>, u8)>);

struct Brute {
    situational: bool,
    memo: HashMap<Key, i64>,
    over: bool,
}

fn rules() -> Rules {
    Rules {
        suicide: Suicide::Forbidden,
        // The brute force keeps its own history; the engine only plays.
        repetition: Repetition::None,
        scoring: Scoring::Area,
        komi: Komi::from_halves(0),
    }
}

impl Brute {
    fn tag(&self, to_move: Color) -> u8 {
        if self.situational {
            1 + to_move as u8
        } else {
            0
        }
    }

    /// Black's optimal area margin from `pos` with `history` (earlier
    /// colourings, the current one included).
    fn value(
        &mut self,
        pos: &Position,
        passed: bool,
        history: &mut BTreeSet<(Vec<u8>, u8)>,
    ) -> i64 {
        let key: Key = (
            pos.board_bytes().to_vec(),
            pos.to_move(),
            passed,
            history.clone(),
        );
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        if self.memo.len() >= MEMO_CAP {
            self.over = true;
            return 0;
        }
        let me = pos.to_move();
        let black = me == Color::Black;
        let mut best: Option<i64> = None;
        let consider = |v: i64, best: &mut Option<i64>| {
            *best = Some(match *best {
                None => v,
                Some(b) if black => b.max(v),
                Some(b) => b.min(v),
            });
        };
        // Pass.
        if passed {
            let s = pos.score(&VertexSet::new()).expect("no dead stones given");
            consider(s.margin_halves() / 2, &mut best);
        } else {
            let mut next = pos.clone();
            next.play_mut(me, Move::Pass).expect("pass is legal");
            let k = (next.board_bytes().to_vec(), self.tag(next.to_move()));
            let added = history.insert(k.clone());
            let v = self.value(&next, true, history);
            if added {
                history.remove(&k);
            }
            consider(v, &mut best);
        }
        for v in pos.legal_plays(me) {
            let mut next = pos.clone();
            if next.play_mut(me, Move::Play(v)).is_err() {
                continue;
            }
            let k = (next.board_bytes().to_vec(), self.tag(next.to_move()));
            if history.contains(&k) {
                continue;
            }
            history.insert(k.clone());
            let val = self.value(&next, false, history);
            history.remove(&k);
            consider(val, &mut best);
        }
        let v = best.expect("pass is always possible");
        self.memo.insert(key, v);
        v
    }
}

/// The brute-force value, or `None` when it exceeds its budget.
fn brute(graph: &Arc<Graph>, situational: bool) -> Option<i64> {
    brute_from(&Position::empty(graph.clone(), rules()), situational)
}

/// The brute-force value of `pos` as a fresh start (its colouring is the
/// whole history), or `None` when it exceeds its budget.
fn brute_from(pos: &Position, situational: bool) -> Option<i64> {
    let pos = pos.clone();
    let mut b = Brute {
        situational,
        memo: HashMap::new(),
        over: false,
    };
    let mut h = BTreeSet::new();
    h.insert((pos.board_bytes().to_vec(), b.tag(pos.to_move())));
    let v = b.value(&pos, false, &mut h);
    (!b.over).then_some(v)
}

/// Plain alpha-beta over full histories (no table), pass tried first as
/// in Tromp's 2x2 program; alpha-beta does not change the minimax value.
fn alphabeta(
    pos: &Position,
    passed: bool,
    situational: bool,
    history: &mut Vec<(Vec<u8>, u8)>,
    mut alpha: i64,
    mut beta: i64,
    budget: &mut u64,
) -> Option<i64> {
    *budget = budget.checked_sub(1)?;
    let me = pos.to_move();
    let black = me == Color::Black;
    let tag = |c: Color| if situational { 1 + c as u8 } else { 0 };
    let mut best = if black { i64::MIN } else { i64::MAX };
    let mut children: Vec<(Position, bool)> = Vec::new();
    let mut next = pos.clone();
    next.play_mut(me, Move::Pass).ok()?;
    children.push((next, true));
    for v in pos.legal_plays(me) {
        let mut next = pos.clone();
        if next.play_mut(me, Move::Play(v)).is_ok() {
            children.push((next, false));
        }
    }
    for (next, is_pass) in children {
        let value = if is_pass && passed {
            pos.score(&VertexSet::new()).ok()?.margin_halves() / 2
        } else {
            let k = (next.board_bytes().to_vec(), tag(next.to_move()));
            let seen = history.contains(&k);
            if seen && !is_pass {
                continue;
            }
            if !seen {
                history.push(k);
            }
            let r = alphabeta(&next, is_pass, situational, history, alpha, beta, budget);
            if !seen {
                history.pop();
            }
            r?
        };
        if black {
            best = best.max(value);
            alpha = alpha.max(value);
        } else {
            best = best.min(value);
            beta = beta.min(value);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

fn brute_ab(graph: &Arc<Graph>, situational: bool) -> Option<i64> {
    brute_ab_from(
        &Position::empty(graph.clone(), rules()),
        situational,
        1_500_000,
    )
}

fn brute_ab_from(pos: &Position, situational: bool, mut budget: u64) -> Option<i64> {
    let pos = pos.clone();
    let tag = if situational {
        1 + pos.to_move() as u8
    } else {
        0
    };
    let mut h = vec![(pos.board_bytes().to_vec(), tag)];
    alphabeta(
        &pos,
        false,
        situational,
        &mut h,
        i64::MIN + 1,
        i64::MAX - 1,
        &mut budget,
    )
}

fn fast(graph: &Arc<Graph>, rep: Rep, benson: bool, threads: usize) -> i32 {
    let board = Board::new(graph.clone()).unwrap();
    let opts = SolveOptions {
        repetition: rep,
        benson,
        threads,
        ..SolveOptions::default()
    };
    let s = solver::solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
    assert!(s.proven);
    s.score.unwrap()
}

fn named(n: usize, edges: &[(usize, usize)]) -> Arc<Graph> {
    Arc::new(Graph::from_edges((0..n).map(|i| format!("v{i}")).collect(), edges).unwrap())
}

fn tiny_graphs() -> Vec<(&'static str, Arc<Graph>)> {
    vec![
        ("1x1", Arc::new(Graph::line(1).unwrap())),
        ("1x2", Arc::new(Graph::line(2).unwrap())),
        ("1x3", Arc::new(Graph::line(3).unwrap())),
        ("1x4", Arc::new(Graph::line(4).unwrap())),
        ("triangle", named(3, &[(0, 1), (1, 2), (2, 0)])),
        ("star K1,3", named(4, &[(0, 1), (0, 2), (0, 3)])),
        (
            "K4",
            named(4, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]),
        ),
        ("cycle C4", named(4, &[(0, 1), (1, 2), (2, 3), (3, 0)])),
        ("1x5", Arc::new(Graph::line(5).unwrap())),
        ("2x2", Arc::new(Graph::grid(2, 2).unwrap())),
        (
            "cycle C5",
            named(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
        ),
        (
            "K2,3",
            named(5, &[(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)]),
        ),
        (
            "degree-5 star K1,5",
            named(6, &[(0, 1), (0, 2), (0, 3), (0, 4), (0, 5)]),
        ),
        ("1x6", Arc::new(Graph::line(6).unwrap())),
        ("paw", named(4, &[(0, 1), (1, 2), (2, 0), (2, 3)])),
    ]
}

#[test]
fn solver_agrees_with_full_history_minimax_positional() {
    let mut checked = Vec::new();
    for (name, g) in tiny_graphs() {
        let Some(want) = brute(&g, false).or_else(|| brute_ab(&g, false)) else {
            continue;
        };
        for benson in [true, false] {
            for threads in [1, 2] {
                assert_eq!(
                    i64::from(fast(&g, Rep::Positional, benson, threads)),
                    want,
                    "{name}, benson {benson}, {threads} threads"
                );
            }
        }
        checked.push(name);
    }
    eprintln!("checked (positional): {checked:?}");
    assert!(
        checked.len() >= 5,
        "too few graphs within the brute force's budget: {checked:?}"
    );
}

#[test]
fn solver_agrees_with_full_history_minimax_situational() {
    let mut checked = Vec::new();
    for (name, g) in tiny_graphs() {
        let Some(want) = brute(&g, true).or_else(|| brute_ab(&g, true)) else {
            continue;
        };
        for threads in [1, 2] {
            assert_eq!(
                i64::from(fast(&g, Rep::Situational, true, threads)),
                want,
                "{name}, {threads} threads"
            );
        }
        checked.push(name);
    }
    eprintln!("checked (situational): {checked:?}");
    assert!(
        checked.len() >= 5,
        "too few graphs within the brute force's budget: {checked:?}"
    );
}

/// The solver's value of `pos` as a fresh start, with the default options
/// on `threads` threads.
fn fast_from(pos: &Position, rep: Rep, threads: usize) -> i64 {
    let d = SolveOptions::default();
    fast_with(pos, rep, d.reductions, d.guess, d.deepening, threads)
}

/// Mid-game positions of boards too big for the brute force from the
/// empty board: a fixed pseudo-random sequence of legal plays (a linear
/// congruential generator, so the cases never change) that nearly fills
/// the board, then both searches from there. These positions start with
/// captures and ko shapes, where the table's history handling matters.
#[test]
fn solver_agrees_with_full_history_minimax_from_midgame_positions() {
    let mut checked = Vec::new();
    for (name, trial, pos) in midgame_positions() {
        for (situational, rep) in [(false, Rep::Positional), (true, Rep::Situational)] {
            // Plain alpha-beta over full histories; most positions are
            // over its small budget and skipped.
            let Some(want) = brute_ab_from(&pos, situational, 20_000) else {
                continue;
            };
            for threads in [1, 2] {
                assert_eq!(
                    fast_from(&pos, rep, threads),
                    want,
                    "{name} trial {trial} {rep:?} {threads} threads: {:?}",
                    pos.stones()
                );
            }
            checked.push((name, trial, situational));
        }
    }
    eprintln!("checked (mid-game): {} cases: {checked:?}", checked.len());
    assert!(
        checked.len() >= 12,
        "too few cases within the brute force's budget: {checked:?}"
    );
}

/// The mid-game starts: on each board a fixed pseudo-random sequence of
/// legal plays (a linear congruential generator, so the cases never
/// change) that nearly fills it, eight trials a board.
fn midgame_positions() -> Vec<(&'static str, usize, Position)> {
    let boards: Vec<(&str, Arc<Graph>, usize)> = vec![
        ("2x3", Arc::new(Graph::grid(2, 3).unwrap()), 5),
        ("1x7", Arc::new(Graph::line(7).unwrap()), 6),
        ("2x4", Arc::new(Graph::grid(2, 4).unwrap()), 7),
        ("3x3", Arc::new(Graph::grid(3, 3).unwrap()), 8),
        ("torus 2x3", Arc::new(Graph::torus(2, 3).unwrap()), 5),
        (
            "cycle C6",
            named(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]),
            5,
        ),
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % bound.max(1)
    };
    let mut out = Vec::new();
    for (name, g, plays) in boards {
        for trial in 0..8 {
            let mut pos = Position::empty(g.clone(), rules());
            for _ in 0..plays + trial % 3 {
                let me = pos.to_move();
                let legal = pos.legal_plays(me);
                if legal.is_empty() {
                    break;
                }
                let v = legal[next(legal.len())];
                pos.play_mut(me, Move::Play(v)).expect("legal play");
            }
            out.push((name, trial, pos));
        }
    }
    out
}

/// The solver's value of `pos` as a fresh start with or without
/// late-move reductions, with a first guess, a deepening schedule and
/// one or two threads.
fn fast_with(
    pos: &Position,
    rep: Rep,
    reductions: bool,
    guess: Option<i32>,
    deepening: Deepening,
    threads: usize,
) -> i64 {
    let board = Board::new(pos.graph().clone()).unwrap();
    let stones = Stones::from_colors(&board, &pos.stones()).unwrap();
    let opts = SolveOptions {
        repetition: rep,
        reductions,
        guess,
        deepening,
        threads,
        ..SolveOptions::default()
    };
    let s = solver::solve_quietly(&board, stones, pos.to_move(), &opts);
    assert!(s.proven);
    i64::from(s.score.unwrap())
}

/// The solver's value of `pos` running only the attempts `guess`
/// expects to succeed (`None` if that left it unproven by the horizon
/// 200).
fn expected_only(pos: &Position, rep: Rep, reductions: bool, guess: i32) -> Option<i64> {
    let board = Board::new(pos.graph().clone()).unwrap();
    let stones = Stones::from_colors(&board, &pos.stones()).unwrap();
    let opts = SolveOptions {
        repetition: rep,
        reductions,
        guess: Some(guess),
        expect_guess: true,
        max_depth: 200,
        ..SolveOptions::default()
    };
    let s = solver::solve_quietly(&board, stones, pos.to_move(), &opts);
    s.proven.then(|| i64::from(s.score.unwrap()))
}

/// The tiny graphs from the empty board and the mid-game positions, each
/// with its name: the starts of the in-search checks.
fn named_starts() -> Vec<(String, Position)> {
    let mut starts: Vec<(String, Position)> = tiny_graphs()
        .into_iter()
        .map(|(name, g)| (name.to_string(), Position::empty(g, rules())))
        .collect();
    starts.extend(
        midgame_positions()
            .into_iter()
            .map(|(name, trial, pos)| (format!("{name} trial {trial}"), pos)),
    );
    starts
}

/// A named start under one superko rule, with its full-history value.
struct Valued<'a> {
    name: &'a str,
    pos: &'a Position,
    rep: Rep,
    /// The value by the full-history alpha-beta.
    want: i64,
    board: &'a Board,
    stones: Stones,
}

/// Runs `check` on every named start under both superko rules whose
/// full-history value the brute-force alpha-beta finds within 20,000
/// nodes; asserts that at least 30 were checked and returns how many.
fn for_each_valued_start(what: &str, mut check: impl FnMut(&Valued)) -> usize {
    let mut checked = 0;
    for (name, pos) in &named_starts() {
        let board = Board::new(pos.graph().clone()).unwrap();
        let stones = Stones::from_colors(&board, &pos.stones()).unwrap();
        for (situational, rep) in [(false, Rep::Positional), (true, Rep::Situational)] {
            let Some(want) = brute_ab_from(pos, situational, 20_000) else {
                continue;
            };
            check(&Valued {
                name,
                pos,
                rep,
                want,
                board: &board,
                stones,
            });
            checked += 1;
        }
    }
    assert!(
        checked >= 30,
        "{what}: too few starts within the budgets: {checked}"
    );
    checked
}

/// Late-move reductions (a shallower horizon for the prover's late moves)
/// and the first guess of the null-window tests change only how the value
/// is found: with and without them, and from guesses below and above the
/// value, the solver agrees with the full-history searches on the
/// tiny graphs from the empty board and on the mid-game positions, under
/// both superko rules; on two threads too ([`SolveOptions::threads`]:
/// the sides of each test at once, sharing the table).
#[test]
fn reductions_and_guesses_agree_with_full_history_minimax() {
    let checked = for_each_valued_start("reductions and guesses", |v| {
        let (name, pos, rep, want) = (v.name, v.pos, v.rep, v.want);
        let n = pos.graph().len() as i32;
        let at = i32::try_from(want).unwrap();
        for reductions in [false, true] {
            // One thread, and two sharing the table (the two sides of
            // each test at once).
            for threads in [1, 2] {
                for guess in [None, Some(-n), Some(at + 1)] {
                    assert_eq!(
                        fast_with(pos, rep, reductions, guess, Deepening::Auto, threads),
                        want,
                        "{name} {rep:?} reductions {reductions} guess {guess:?} \
                         {threads} threads"
                    );
                }
            }
            // Only the side a guess expects: the right guess proves
            // the value; a wrong one may leave it unproven, never wrong.
            for guess in [at, at + 1, at - 1] {
                let got = expected_only(pos, rep, reductions, guess);
                assert!(
                    got == Some(want) || (guess != at && got.is_none()),
                    "{name} {rep:?} reductions {reductions} expecting {guess}: {got:?}"
                );
            }
            // Either deepening schedule on any graph (the default
            // picks one by the board's shape).
            for deepening in [Deepening::One, Deepening::Half] {
                assert_eq!(
                    fast_with(pos, rep, reductions, None, deepening, 1),
                    want,
                    "{name} {rep:?} reductions {reductions} {deepening:?}"
                );
            }
        }
    });
    eprintln!("checked (reductions and guesses): {checked} starts");
}

/// Free answers ([`SolveOptions::free_captures`]: the prover's capture of
/// the stone just played costs no ply) and a doomed side searched
/// shallower ([`SolveOptions::doomed_lag`]: once one side of a test has
/// ended open at the horizon, the other runs `doomed_lag` plies shallower)
/// change only where the tests are decided: with them (free captures; 1,
/// 2 and 4 plies of lag; 4 with free captures), with and without
/// reductions, from a guess above the value and on two threads, the solver
/// agrees with the full-history searches on the tiny graphs and the
/// mid-game positions (lines among them), under both superko rules.
#[test]
fn free_captures_and_a_shallower_doomed_side_agree_with_full_history_minimax() {
    let variants: Vec<(&str, SolveOptions)> = vec![
        (
            "free captures",
            SolveOptions {
                free_captures: true,
                ..SolveOptions::default()
            },
        ),
        (
            "lag 1",
            SolveOptions {
                doomed_lag: 1,
                ..SolveOptions::default()
            },
        ),
        (
            "lag 2",
            SolveOptions {
                doomed_lag: 2,
                ..SolveOptions::default()
            },
        ),
        (
            "lag 4",
            SolveOptions {
                doomed_lag: 4,
                ..SolveOptions::default()
            },
        ),
        (
            "lag 4, free captures",
            SolveOptions {
                doomed_lag: 4,
                free_captures: true,
                ..SolveOptions::default()
            },
        ),
    ];
    let checked = for_each_valued_start("free captures, doomed lag", |v| {
        for (variant, base) in &variants {
            for reductions in [false, true] {
                for (threads, guess) in [(1, None), (2, None), (1, Some(v.want as i32 + 1))] {
                    let opts = SolveOptions {
                        repetition: v.rep,
                        reductions,
                        threads,
                        guess,
                        ..*base
                    };
                    let s = solver::solve_quietly(v.board, v.stones, v.pos.to_move(), &opts);
                    assert_eq!(
                        s.score.map(i64::from),
                        Some(v.want),
                        "{} {:?} {variant} reductions {reductions} \
                         {threads} threads guess {guess:?}",
                        v.name,
                        v.rep
                    );
                }
            }
        }
    });
    eprintln!("checked (free captures, doomed lag): {checked} starts");
}

/// The best-first proof search ([`SolveOptions::dfpn`]) decides each
/// null-window test without a horizon, with its leaves evaluated by the
/// alpha-beta at a small horizon and its proven nodes stored in the
/// table with their bases: on the tiny graphs from the empty board and
/// the mid-game positions, under both superko rules, with leaf horizons
/// 0 and 2, weak and summed proof numbers, mirrored moves merged where a
/// symmetry fixes the history, guesses above and below the value, and
/// a ply cap of 6 (which may leave a test open, but never decides it
/// wrongly), it agrees with the full-history searches.
#[test]
fn best_first_proof_search_agrees_with_full_history_minimax() {
    let dfpn = SolveOptions {
        dfpn: true,
        ..SolveOptions::default()
    };
    let variants: Vec<(&str, SolveOptions)> = vec![
        ("df-pn", dfpn),
        (
            "df-pn, leaf horizon 2",
            SolveOptions {
                dfpn_leaf_depth: 2,
                ..dfpn
            },
        ),
        (
            "df-pn, summed numbers",
            SolveOptions {
                dfpn_weak: false,
                ..dfpn
            },
        ),
        (
            "df-pn, mirrored moves merged",
            SolveOptions {
                dfpn_twins: true,
                ..dfpn
            },
        ),
        (
            "df-pn, mirrored moves merged, leaf horizon 1",
            SolveOptions {
                dfpn_twins: true,
                dfpn_leaf_depth: 1,
                ..dfpn
            },
        ),
        (
            "df-pn, mirrored moves merged, estimated first numbers",
            SolveOptions {
                dfpn_twins: true,
                dfpn_oracle: 8,
                ..dfpn
            },
        ),
        (
            "df-pn, estimated first numbers, df-pn's variation",
            SolveOptions {
                dfpn_oracle: 8,
                dfpn_pv: true,
                ..dfpn
            },
        ),
        (
            "df-pn, estimated first numbers (k = 2), leaf horizon 1",
            SolveOptions {
                dfpn_oracle: 2,
                dfpn_leaf_depth: 1,
                ..dfpn
            },
        ),
        (
            "df-pn, no reductions, keeping game",
            SolveOptions {
                dfpn_leaf_depth: 1,
                reductions: false,
                keeping: true,
                ..dfpn
            },
        ),
    ];
    let mut capped_open = 0;
    let checked = for_each_valued_start("df-pn", |v| {
        let (name, rep, want) = (v.name, v.rep, v.want);
        let to_move = v.pos.to_move();
        for (variant, base) in &variants {
            for guess in [None, Some(want as i32 + 1), Some(want as i32 - 1)] {
                let opts = SolveOptions {
                    repetition: rep,
                    guess,
                    ..*base
                };
                let s = solver::solve_quietly(v.board, v.stones, to_move, &opts);
                assert_eq!(
                    s.score.map(i64::from),
                    Some(want),
                    "{name} {rep:?} {variant} guess {guess:?}"
                );
            }
        }
        // A ply cap far below the lines' length: open or right.
        let opts = SolveOptions {
            repetition: rep,
            dfpn_max_ply: 6,
            ..dfpn
        };
        let s = solver::solve_quietly(v.board, v.stones, to_move, &opts);
        match s.score {
            Some(got) => assert_eq!(i64::from(got), want, "{name} {rep:?} ply cap 6"),
            None => capped_open += 1,
        }
    });
    eprintln!("checked (df-pn): {checked} starts, {capped_open} left open by a ply cap of 6");
}

/// The colouring of `code` (base 3 per vertex: 0 empty, 1 Black, 2
/// White) when every chain has a liberty.
fn colouring(board: &Board, code: u32) -> Option<Stones> {
    let (mut black, mut white, mut c) = (0u64, 0u64, code);
    for v in 0..board.len() {
        match c % 3 {
            1 => black |= 1 << v,
            2 => white |= 1 << v,
            _ => {}
        }
        c /= 3;
    }
    let s = Stones { black, white };
    let empty = s.empty(board);
    let mut rest = black | white;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        let mine = if black >> v & 1 == 1 { black } else { white };
        let chain = board.flood(1 << v, mine);
        rest &= !chain;
        if board.adjacent(chain) & empty == 0 {
            return None;
        }
    }
    Some(s)
}

/// The solver's value of `stones` with `to_move` as a fresh start, with
/// or without the safe regions.
fn fast_stones(board: &Board, stones: Stones, to_move: Color, rep: Rep, safety: bool) -> i64 {
    let opts = SolveOptions {
        repetition: rep,
        safety,
        ..SolveOptions::default()
    };
    let s = solver::solve_quietly(board, stones, to_move, &opts);
    assert!(s.proven);
    i64::from(s.score.unwrap())
}

/// The safe regions beyond Benson ([`miai_graphgo::safety`]) on the legal
/// colourings of the 4x3 grid where one side has such a region (a fixed
/// sample of them), with either player to move and under both superko
/// rules: the static bounds they give hold for the value the solver finds
/// without them (Benson's bounds only, the solver the tests above check
/// against the full-history searches), and the solver with them finds the
/// same value. Plain alpha-beta over full histories checks the value too
/// where it fits its budget (few do: the owner's captures reopen the
/// board and the lines of throw-ins and recaptures are long).
#[test]
fn safe_regions_agree_with_the_solver_without_them() {
    on_big_stack(safe_regions_check);
}

/// Whether the full-history search confirms the bounds `[lo, hi]` of
/// `pos` by two null-window tests (at `lo`: does Black keep it? at `hi`),
/// far cheaper than the value; panics where a test contradicts them,
/// `false` where either runs out of budget.
fn bounds_hold(pos: &Position, situational: bool, lo: i64, hi: i64, what: &str) -> bool {
    let tag = if situational {
        1 + pos.to_move() as u8
    } else {
        0
    };
    let mut ok = true;
    for (alpha, beta) in [(lo - 1, lo), (hi, hi + 1)] {
        let mut hist = vec![(pos.board_bytes().to_vec(), tag)];
        let mut budget = BRUTE_BUDGET;
        match alphabeta(pos, false, situational, &mut hist, alpha, beta, &mut budget) {
            Some(v) => assert!(
                (beta == lo && v >= lo) || (alpha == hi && v <= hi),
                "{what} [{lo}, {hi}], situational {situational}: \
                 full-history test at [{alpha}, {beta}] gave {v}"
            ),
            None => ok = false,
        }
    }
    ok
}

/// The position of the colouring `s` on `board` (the graph `g`), `to_move`
/// to play, no ko, under the crosscheck's `rules()`.
fn position(g: &Arc<Graph>, board: &Board, s: Stones, to_move: Color) -> Position {
    let setup = Setup {
        graph: g.clone(),
        stones: s.to_colors(board),
        to_move,
        ko: None,
        captures: [0, 0],
    };
    Position::from_setup(setup, rules()).unwrap()
}

/// Runs `check` on a thread with a 1 GiB stack: the searches recurse once
/// per ply, and superko lines are long.
fn on_big_stack(check: fn()) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(check)
        .unwrap()
        .join()
        .unwrap();
}

fn safe_regions_check() {
    use miai_graphgo::safety;
    let g = Arc::new(Graph::grid(4, 3).unwrap());
    let board = Board::new(g.clone()).unwrap();
    let n = board.len() as i64;
    let mut found = Vec::new();
    for code in 0..3u32.pow(12) {
        let Some(s) = colouring(&board, code) else {
            continue;
        };
        let bs = safety::safe(&board, &s, Color::Black);
        let ws = safety::safe(&board, &s, Color::White);
        if bs.regions.is_empty() && ws.regions.is_empty() {
            continue;
        }
        let b = bs.settled.area() | bs.extra();
        let w = (ws.settled.area() | ws.extra()) & !b;
        let lo = 2 * i64::from(b.count_ones()) - n;
        let hi = n - 2 * i64::from(w.count_ones());
        found.push((s, lo, hi));
    }
    assert!(found.len() >= 100, "{}", found.len());
    let step = (found.len() / 40).max(1);
    let (mut checked, mut brute) = (0, 0);
    for &(s, lo, hi) in found.iter().step_by(step) {
        for to_move in [Color::Black, Color::White] {
            for (situational, rep) in [(false, Rep::Positional), (true, Rep::Situational)] {
                let want = fast_stones(&board, s, to_move, rep, false);
                assert!(
                    lo <= want && want <= hi,
                    "{s:?} {to_move:?} {rep:?}: static [{lo}, {hi}], value {want}"
                );
                let got = fast_stones(&board, s, to_move, rep, true);
                assert_eq!(got, want, "{s:?} {to_move:?} {rep:?}");
                checked += 1;
                let pos = position(&g, &board, s, to_move);
                if let Some(v) = brute_ab_from(&pos, situational, 20_000) {
                    assert_eq!(v, want, "{s:?} {to_move:?} {rep:?}: full-history search");
                    brute += 1;
                }
            }
        }
    }
    eprintln!(
        "safe regions: {} colourings, {checked} cases, {brute} also by full-history search",
        found.len()
    );
    assert!(checked >= 100, "{checked}");
}

/// The legal colourings of `board` (every `every`-th code) where a claim
/// widens either colour's static area: `areas` gives a colour's area
/// without the claim and with it; each colouring comes with the static
/// bounds the widened areas give, `(stones, lo, hi)`.
fn widened_colourings(
    board: &Board,
    every: usize,
    mut areas: impl FnMut(&Stones, Color) -> (Bits, Bits),
) -> Vec<(Stones, i64, i64)> {
    let n = board.len() as i64;
    let mut found = Vec::new();
    for code in (0..3u32.pow(board.len() as u32)).step_by(every) {
        let Some(s) = colouring(board, code) else {
            continue;
        };
        let mut area = [0, 0];
        let mut wider = false;
        for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
            let (base, widened) = areas(&s, c);
            area[i] = widened;
            wider |= widened != base;
        }
        if !wider {
            continue;
        }
        let b = area[0];
        let wh = area[1] & !b;
        let lo = 2 * i64::from(b.count_ones()) - n;
        let hi = n - 2 * i64::from(wh.count_ones());
        found.push((s, lo, hi));
    }
    found
}

/// A claim's check on a sample of `found` (every `len / sample`-th), with
/// either player to move and under both superko rules: the static bounds
/// hold for the value the solver finds without any safe region (Benson
/// only), and the solver with each of `variants` (the default options of
/// the rule, the claim switched on) finds the same value; full-history
/// alpha-beta confirms the bounds themselves by null-window tests where
/// they fit its budget. `label` names the board and the claim in the
/// messages. Returns the cases, the claims the variants' searches made
/// (`claims`) and the cases full history confirmed.
fn sample_agrees(
    g: &Arc<Graph>,
    board: &Board,
    found: &[(Stones, i64, i64)],
    sample: usize,
    variants: &[fn(SolveOptions) -> SolveOptions],
    claims: fn(&solver::SearchStats) -> u64,
    label: &str,
) -> (usize, u64, usize) {
    let (mut checked, mut made, mut brute) = (0, 0, 0);
    let step = (found.len() / sample).max(1);
    for &(s, lo, hi) in found.iter().step_by(step) {
        for to_move in [Color::Black, Color::White] {
            for (situational, rep) in [(false, Rep::Positional), (true, Rep::Situational)] {
                let opts = SolveOptions {
                    repetition: rep,
                    safety: false,
                    ..SolveOptions::default()
                };
                let plain = solver::solve_quietly(board, s, to_move, &opts);
                let want = i64::from(plain.score.unwrap());
                assert!(
                    lo <= want && want <= hi,
                    "{label} {s:?} {to_move:?} {rep:?}: static [{lo}, {hi}], value {want}"
                );
                for (i, variant) in variants.iter().enumerate() {
                    let with = variant(SolveOptions {
                        repetition: rep,
                        ..SolveOptions::default()
                    });
                    let got = solver::solve_quietly(board, s, to_move, &with);
                    assert_eq!(
                        got.score.map(i64::from),
                        Some(want),
                        "{label} {s:?} {to_move:?} {rep:?}: variant {i}"
                    );
                    made += claims(&got.stats);
                }
                checked += 1;
                let pos = position(g, board, s, to_move);
                let what = format!("{label} {s:?} {to_move:?}");
                brute += usize::from(bounds_hold(&pos, situational, lo, hi, &what));
            }
        }
    }
    (checked, made, brute)
}

/// The regions of two or more inner points that a local search claims
/// ([`miai_graphgo::safety::searched_regions`]) on the legal colourings of
/// the 4x3 grid and every 7th of the 5x3 grid, where they widen the static
/// bounds beyond Benson's and the one-point regions' (a fixed sample of
/// them), with either player to move and under both superko rules: the
/// widened bounds hold for the value the solver finds without any safe
/// region, and the solver with them finds the same value; full-history
/// alpha-beta confirms the value where it fits its budget.
#[test]
fn searched_regions_agree_with_the_solver_without_them() {
    on_big_stack(searched_regions_check);
}

/// Full-history alpha-beta's node budget per case in
/// [`searched_regions_agree_with_the_solver_without_them`].
const BRUTE_BUDGET: u64 = 30_000;

fn searched_regions_check() {
    use miai_graphgo::{benson, safety};
    let (mut checked, mut brute, mut widened) = (0, 0, 0);
    for (w, h, every, sample) in [(4, 3, 1, 40), (5, 3, 7, 24)] {
        let g = Arc::new(Graph::grid(w, h).unwrap());
        let board = Board::new(g.clone()).unwrap();
        let mut cache = safety::RegionCache::default();
        let found = widened_colourings(&board, every, |s, c| {
            let st = benson::settle(&board, s, c);
            let one = safety::one_point_regions(&board, s, c, &st);
            let searched = safety::searched_regions(&board, s, c, &st, &mut cache);
            let base = one.iter().fold(st.area(), |a, r| a | r);
            (base, searched.iter().fold(base, |a, r| a | r))
        });
        assert!(found.len() >= sample, "{w}x{h}: {}", found.len());
        widened += found.len();
        let step = (found.len() / sample).max(1);
        for &(s, lo, hi) in found.iter().step_by(step) {
            for to_move in [Color::Black, Color::White] {
                for rep in [Rep::Positional, Rep::Situational] {
                    let opts = SolveOptions {
                        repetition: rep,
                        safety: false,
                        ..SolveOptions::default()
                    };
                    let plain = solver::solve_quietly(&board, s, to_move, &opts);
                    let want = i64::from(plain.score.unwrap());
                    assert!(
                        lo <= want && want <= hi,
                        "{w}x{h} {s:?} {to_move:?} {rep:?}: static [{lo}, {hi}], value {want}"
                    );
                    let got = fast_stones(&board, s, to_move, rep, true);
                    assert_eq!(got, want, "{w}x{h} {s:?} {to_move:?} {rep:?}");
                    checked += 1;
                }
            }
        }
        // Full-history alpha-beta on the claims themselves: a null window
        // at `lo` (does Black keep `lo`?) and at `hi`, which is far cheaper
        // than the value, on every colouring of the sample where both fit
        // the budget.
        for &(s, lo, hi) in found.iter().step_by(step) {
            for to_move in [Color::Black, Color::White] {
                for situational in [false, true] {
                    let pos = position(&g, &board, s, to_move);
                    let what = format!("{w}x{h} {s:?} {to_move:?}: static");
                    brute += usize::from(bounds_hold(&pos, situational, lo, hi, &what));
                }
            }
        }
    }
    eprintln!(
        "searched regions: {widened} colourings widened, {checked} cases, \
         {brute} also by full-history search"
    );
    assert!(checked >= 200, "{checked}");
    assert!(brute >= 12, "{brute}");
}

/// The keeping game ([`miai_graphgo::keeping`]): on a fixed sample of the
/// legal colourings of the 3x3, 4x3 and 5x3 grids,
/// with either player to move, each side's best target in the keeping
/// game (the highest score Black reaches never losing a stone, the lowest
/// White holds Black to never losing one) is a bound of the value the
/// solver finds without the keeping game, under both superko rules, and
/// the solver with it finds the same value; full-history alpha-beta
/// confirms the bounds themselves by null-window tests where they fit its
/// budget.
#[test]
fn keeping_game_bounds_agree_with_the_solver_without_them() {
    on_big_stack(keeping_check);
}

fn keeping_check() {
    use miai_graphgo::keeping::{KeepCache, Verdict};
    let (mut checked, mut brute, mut bounds) = (0, 0, 0);
    for (w, h, every, sample) in [(3, 3, 7, 30), (4, 3, 331, 30), (5, 3, 10_007, 20)] {
        let g = Arc::new(Graph::grid(w, h).unwrap());
        let board = Board::new(g.clone()).unwrap();
        let n = board.len() as i32;
        let mut cache = KeepCache::with_budget(20_000);
        let mut found: Vec<(Stones, Color, i32, i32)> = Vec::new();
        for code in (0..3u32.pow(board.len() as u32)).step_by(every) {
            let Some(s) = colouring(&board, code) else {
                continue;
            };
            for to_move in [Color::Black, Color::White] {
                let mut test = |keeper, t| cache.test(&board, s, to_move, false, keeper, t);
                // Black's best target and White's among the six most
                // extreme (where the solver uses the game: the whole
                // board, or nearly); the worst score always holds.
                let lo = (n - 5..=n)
                    .rev()
                    .find(|&t| test(Color::Black, t) == Verdict::Wins)
                    .unwrap_or(-n);
                let hi = (-n..=-n + 5)
                    .find(|&t| test(Color::White, t) == Verdict::Wins)
                    .unwrap_or(n);
                if lo > -n || hi < n {
                    found.push((s, to_move, lo, hi));
                }
            }
        }
        assert!(found.len() >= sample, "{w}x{h}: {}", found.len());
        bounds += found.len();
        let step = (found.len() / sample).max(1);
        for &(s, to_move, lo, hi) in found.iter().step_by(step) {
            for (situational, rep) in [(false, Rep::Positional), (true, Rep::Situational)] {
                let opts = SolveOptions {
                    repetition: rep,
                    keeping: false,
                    ..SolveOptions::default()
                };
                let plain = solver::solve_quietly(&board, s, to_move, &opts);
                let want = plain.score.unwrap();
                assert!(
                    lo <= want && want <= hi,
                    "{w}x{h} {s:?} {to_move:?} {rep:?}: keeping [{lo}, {hi}], value {want}"
                );
                let with = SolveOptions {
                    keeping: true,
                    ..opts
                };
                let got = solver::solve_quietly(&board, s, to_move, &with);
                assert_eq!(got.score, Some(want), "{w}x{h} {s:?} {to_move:?} {rep:?}");
                checked += 1;
                let pos = position(&g, &board, s, to_move);
                let what = format!("{w}x{h} {s:?} {to_move:?} {rep:?}: keeping");
                let (lo, hi) = (i64::from(lo), i64::from(hi));
                brute += usize::from(bounds_hold(&pos, situational, lo, hi, &what));
            }
        }
    }
    eprintln!(
        "keeping game: {bounds} positions with a bound, {checked} cases, \
         {brute} also by full-history search"
    );
    assert!(checked >= 120, "{checked}");
    // Few fit: the extreme targets need the whole fight played out (10
    // of 166 measured, with this budget or four times it).
    assert!(brute >= 8, "{brute}");
}

/// The solver with the keeping game inside the search (where its bounds
/// meet the history: the region basis, the table's reuse) agrees with the
/// full-history searches on the tiny graphs from the empty board and on
/// the mid-game positions, under both superko rules, and with guesses
/// below and above the value (both one-sided searches use it); at least
/// one of those solves is closed by the game somewhere.
#[test]
fn keeping_game_agrees_with_full_history_minimax() {
    let cutoffs = solves_agree_with_full_history(
        "keeping game",
        |opts| SolveOptions {
            keeping: true,
            ..opts
        },
        |stats| stats.keep_cutoffs,
    );
    assert!(
        cutoffs >= 100,
        "the keeping game closed too little: {cutoffs}"
    );
}

/// Every valued start solved with the options `with` makes of the
/// defaults (the start's repetition rule, and guesses none, below and
/// above the value) gives the full-history value; the sum of `count` over
/// those solves' statistics.
fn solves_agree_with_full_history(
    label: &str,
    with: impl Fn(SolveOptions) -> SolveOptions,
    count: impl Fn(&solver::SearchStats) -> u64,
) -> u64 {
    let mut counted = 0;
    let checked = for_each_valued_start(label, |v| {
        let n = v.pos.graph().len() as i32;
        let at = i32::try_from(v.want).unwrap();
        for guess in [None, Some(-n), Some(at + 1)] {
            let opts = with(SolveOptions {
                repetition: v.rep,
                guess,
                ..SolveOptions::default()
            });
            let s = solver::solve_quietly(v.board, v.stones, v.pos.to_move(), &opts);
            assert_eq!(
                s.score.map(i64::from),
                Some(v.want),
                "{} {:?} guess {guess:?}",
                v.name,
                v.rep
            );
            counted += count(&s.stats);
        }
    });
    eprintln!("checked ({label}): {checked} starts, {counted} cutoffs by it");
    counted
}

/// Safety under alternating play ([`miai_graphgo::safety::alternating`]:
/// blocks that are not pass-alive, kept safe by small regions in each of
/// which the owner answers every play) on the legal colourings of the 4x3
/// grid, every 7th of the 5x3 grid and every 61st of the 4x4 grid where it
/// widens the static bounds beyond Benson's and the safe regions' (a fixed
/// sample of them), with either player to move and under both superko
/// rules: the widened bounds hold for the value the solver finds without
/// any safe region (Benson only), and the solver with the new claims in
/// the search finds the same value; full-history alpha-beta confirms the
/// widened bounds themselves by null-window tests where they fit its
/// budget.
#[test]
fn alternating_safety_agrees_with_the_solver_without_it() {
    on_big_stack(alternating_check);
}

fn alternating_check() {
    use miai_graphgo::safety;
    let (mut checked, mut brute, mut widened, mut claims) = (0, 0, 0, 0);
    for (w, h, every, sample) in [(4, 3, 1, 40), (5, 3, 7, 30), (4, 4, 61, 20)] {
        let g = Arc::new(Graph::grid(w, h).unwrap());
        let board = Board::new(g.clone()).unwrap();
        let mut cache = safety::RegionCache::default();
        let found = widened_colourings(&board, every, |s, c| {
            let safe = safety::safe(&board, s, c);
            let base = safe.settled.area() | safe.extra();
            let (walls, regions) = safety::alternating(&board, s, c, &mut cache);
            (base, base | walls | regions)
        });
        assert!(found.len() >= sample, "{w}x{h}: {}", found.len());
        widened += found.len();
        let (c, k, b) = sample_agrees(
            &g,
            &board,
            &found,
            sample,
            &[|opts| SolveOptions {
                alternating: true,
                ..opts
            }],
            |stats| stats.alternating_claims,
            &format!("{w}x{h} alternating"),
        );
        (checked, claims, brute) = (checked + c, claims + k, brute + b);
    }
    eprintln!(
        "alternating safety: {widened} colourings widened, {checked} cases \
         ({claims} static bounds widened in their searches), \
         {brute} also by full-history search"
    );
    assert!(checked >= 300, "{checked}");
    assert!(claims >= 400, "{claims}");
    assert!(brute >= 12, "{brute}");
}

/// The solver with alternating-play safety inside the search (where its
/// claims meet the history: the region basis, the table's reuse) agrees
/// with the full-history searches on the tiny graphs from the empty board
/// and on the mid-game positions, under both superko rules, and with
/// guesses below and above the value; its claims decide nodes somewhere.
#[test]
fn alternating_safety_agrees_with_full_history_minimax() {
    let cutoffs = solves_agree_with_full_history(
        "alternating safety",
        |opts| SolveOptions {
            alternating: true,
            ..opts
        },
        |stats| stats.alternating_cutoffs,
    );
    assert!(
        cutoffs >= 5,
        "alternating safety closed too little: {cutoffs}"
    );
}

/// The static area of `color` with the safe regions and
/// [`miai_graphgo::safety::alternating`]'s claim, and with the enclosed
/// regions added the way the solver adds them under
/// [`SolveOptions::enclosed`] (walled by the pass-alive stones; with
/// `alternating`, also the big regions of
/// [`miai_graphgo::safety::alternating_with`] and the regions walled by its
/// blocks): `(without, with)`.
fn enclosed_areas(
    board: &Board,
    s: &Stones,
    color: Color,
    alternating: bool,
    cache: &mut miai_graphgo::safety::RegionCache,
) -> (Bits, Bits) {
    use miai_graphgo::safety;
    let safe = safety::safe(board, s, color);
    let alive = safe.settled.alive;
    let mut base = safe.settled.area() | safe.extra();
    if alternating {
        let (walls, regions) = safety::alternating(board, s, color, cache);
        base |= walls | regions;
    }
    let mut with = safe.settled.area() | safe.extra();
    for r in safety::enclosed_regions(board, s, color, alive, alive, with, cache) {
        with |= r;
    }
    if alternating {
        let (walls, regions, _) = safety::alternating_with(board, s, color, cache, true);
        with |= walls | regions;
        if walls != 0 {
            let more = safety::enclosed_regions(
                board,
                s,
                color,
                walls | alive,
                alive & !walls,
                with,
                cache,
            );
            for r in more {
                with |= r;
            }
        }
    }
    (base, with | base)
}

/// The enclosed regions ([`miai_graphgo::safety::enclosed_regions`],
/// [`SolveOptions::enclosed`]) on every 31st legal colouring of the 4x4
/// grid and every 101st of 5x3, alone and with alternating-play safety,
/// where they widen the static bounds (a fixed sample of them), with
/// either player to move and under both superko rules: the widened bounds
/// hold for the value the solver finds without any safe region (Benson
/// only), and the solver with the claim in the search finds the same
/// value; full-history alpha-beta confirms the widened bounds themselves
/// by null-window tests where they fit its budget.
#[test]
fn enclosed_regions_agree_with_the_solver_without_them() {
    on_big_stack(enclosed_check);
}

fn enclosed_check() {
    use miai_graphgo::safety;
    let (mut checked, mut brute, mut widened, mut claims) = (0, 0, 0, 0);
    for (w, h, every, sample) in [(4, 4, 31, 30), (5, 3, 101, 20), (4, 3, 1, 80)] {
        let g = Arc::new(Graph::grid(w, h).unwrap());
        let board = Board::new(g.clone()).unwrap();
        let mut cache = safety::RegionCache::default();
        let found = widened_colourings(&board, every, |s, c| {
            enclosed_areas(&board, s, c, true, &mut cache)
        });
        eprintln!("{w}x{h}: {} colourings widened", found.len());
        assert!(found.len() >= sample, "{w}x{h}: {}", found.len());
        widened += found.len();
        let (c, k, b) = sample_agrees(
            &g,
            &board,
            &found,
            sample,
            &[
                |opts| SolveOptions {
                    enclosed: true,
                    ..opts
                },
                |opts| SolveOptions {
                    alternating: true,
                    enclosed: true,
                    ..opts
                },
            ],
            |stats| stats.enclosed_claims,
            &format!("{w}x{h} enclosed"),
        );
        (checked, claims, brute) = (checked + c, claims + k, brute + b);
    }
    eprintln!(
        "enclosed regions: {widened} colourings widened, {checked} cases \
         ({claims} static bounds with an enclosed region in their searches), \
         {brute} also by full-history search"
    );
    assert!(checked >= 200, "{checked}");
    assert!(claims >= 100, "{claims}");
    assert!(brute >= 12, "{brute}");
}

/// The solver with the enclosed regions inside the search (where their
/// claims meet the history: the region basis, the table's reuse), alone
/// and with alternating-play safety, agrees with the full-history searches
/// on the tiny graphs from the empty board and on the mid-game positions,
/// under both superko rules, and with guesses below and above the value.
#[test]
fn enclosed_regions_agree_with_full_history_minimax() {
    for alternating in [false, true] {
        solves_agree_with_full_history(
            "enclosed regions",
            |opts| SolveOptions {
                alternating,
                enclosed: true,
                ..opts
            },
            |stats| stats.enclosed_claims,
        );
    }
}
