//! Independent cross-check (issue 7, "agreement of the superko regime with
//! a plain exhaustive search on small regions"): `analyse` against the
//! plain minimax of `common::reference`, which shares no code with the
//! solver's search, on random small closed problems and on the data files
//! whose region has at most 10 empty points, in both regimes, both players
//! first. Every mismatch is printed with its diagram and both answers.
//!
//! `analyse`'s `Seki` counts as `Alive` here: the reference decides who
//! wins, not the seki refinement.
//!
//! A case whose reference search needs more than the node cap is skipped
//! (and counted); `thorough_*` (ignored: minutes) repeats the data files and
//! larger random problems with a much larger cap.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use miai_tsumego::problem::file;
use miai_tsumego::{
    KoThreats, Limits, Options, Ordering, Outcome, Problem, Regime, Side, Status, ThreatReader,
    analyse, side_threats,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::random::{self, Style};
use common::reference::{reference_threats, reference_threats_in};
use common::{all_queries, describe, reference, reference_status};

/// Nodes per reference query before a case is skipped (a fraction of a
/// second in the dev profile).
const REFERENCE_CAP: u64 = 100_000;

/// The same for the ignored thorough runs.
const THOROUGH_CAP: u64 = 1_000_000;

/// The reference's cap for the framed second-line group, whose ko needs
/// more than the thorough cap.
const FRAME_CAP: u64 = 20_000_000;

/// The book regime with threat counts up to four, the stop on or off.
fn book_counts(book_stop: bool) -> Options {
    Options {
        threat_search: 4,
        book_stop,
        ..options(Regime::BOOK, Ordering::Heuristic)
    }
}

fn options(regime: Regime, ordering: Ordering) -> Options {
    Options {
        regime,
        limits: Limits::none()
            .with_nodes(5_000_000)
            .with_table_bytes(4 << 20),
        ordering,
        all_moves: false,
        max_pv: 0,
        full_status: true,
        threat_search: 0,
        // The reference checks the solver as it runs, eye-shape knowledge
        // (the enclosed regions too) and df-pn+'s initial numbers included.
        eye_shapes: true,
        eye_regions: true,
        eye_room: true,
        eye_room_pair: true,
        eye_room_connect: true,
        eye_room_join_one: true,
        eye_room_capture: true,
        safety: true,
        life: true,
        heuristic_init: true,
        plain_proofs: true,
        book_stop: true,
        zones: false,
        life_zones: false,
        split: None,
    }
}

/// What a batch of comparisons found.
struct Tally {
    cap: u64,
    compared: usize,
    skipped: usize,
    mismatches: Vec<String>,
    statuses: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn new(cap: u64) -> Tally {
        Tally {
            cap,
            compared: 0,
            skipped: 0,
            mismatches: Vec::new(),
            statuses: BTreeMap::new(),
        }
    }

    /// Compares `analyse` with the reference on one problem, regime and
    /// first player.
    fn check(
        &mut self,
        label: &str,
        problem: &Problem,
        regime: Regime,
        first: Side,
        ordering: Ordering,
    ) {
        let got = analyse(problem, first, &options(regime, ordering), None, None).status;
        // Seki is alive refined by a test the reference does not make (the
        // attacker free to pass): the win/loss answer is the same.
        let got = match got {
            Status::Seki => Status::Alive,
            other => other,
        };
        let expected = reference_status(problem, regime, first, self.cap);
        let (Some(expected), true) = (expected, got.is_proven()) else {
            self.skipped += 1;
            return;
        };
        self.compared += 1;
        *self.statuses.entry(expected.word()).or_default() += 1;
        if got != expected {
            let report = format!(
                "MISMATCH {label}: {regime}, {first} first, ordering {ordering:?}\n  \
                 expected (reference): {expected:?}\n  got (analyse):        {got:?}\n{}{}",
                describe(problem),
                all_queries(problem, regime, first, self.cap),
            );
            // Printed at once too, so that a run cut short still shows it.
            eprintln!("{report}");
            self.mismatches.push(report);
        }
    }

    fn count(&self, word: &str) -> usize {
        self.statuses.get(word).copied().unwrap_or(0)
    }

    fn finish(self, what: &str, min_compared: usize) {
        eprintln!(
            "{what}: {} compared, {} skipped (reference over {} nodes or solver cut off), \
             statuses {:?}, {} mismatches",
            self.compared,
            self.skipped,
            self.cap,
            self.statuses,
            self.mismatches.len()
        );
        assert!(
            self.mismatches.is_empty(),
            "{what}: {} of {} comparisons disagree with the reference (printed above)",
            self.mismatches.len(),
            self.compared
        );
        assert!(
            self.compared >= min_compared,
            "{what}: only {} comparisons (at least {min_compared} expected)",
            self.compared
        );
    }
}

/// Random problems (areas of up to `max_area` points, `max_empty` of them
/// empty), odd cases in the [`Style::Mixed`] style; `regime_of` picks the
/// regime per case. Every third case uses a shuffled move order.
fn random_cases(
    seed: u64,
    cases: usize,
    max_area: usize,
    max_empty: usize,
    cap: u64,
    regime_of: impl Fn(&mut ChaCha8Rng) -> Regime,
) -> Tally {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tally = Tally::new(cap);
    for i in 0..cases {
        let spec = alternating(&mut rng, i, max_area, max_empty);
        let problem = match Problem::new(spec) {
            Ok(p) => p,
            Err(e) => panic!("random case {i} cannot be posed: {e}"),
        };
        let regime = regime_of(&mut rng);
        let ordering = if i % 3 == 2 {
            Ordering::Shuffled(rng.random())
        } else {
            Ordering::Heuristic
        };
        for first in [Side::Attacker, Side::Defender] {
            tally.check(
                &format!("random case {i}"),
                &problem,
                regime,
                first,
                ordering,
            );
        }
    }
    tally
}

/// The `i`th random problem of a sample: eye-space problems and mixed ones
/// in turn.
fn alternating(
    rng: &mut ChaCha8Rng,
    i: usize,
    max_area: usize,
    max_empty: usize,
) -> miai_tsumego::ProblemSpec {
    let style = if i % 2 == 1 {
        Style::Mixed
    } else {
        Style::EyeSpace
    };
    random::random_problem(rng, max_area, max_empty, style)
}
#[test]
fn superko_agrees_with_exhaustive_search_on_random_problems() {
    let tally = random_cases(0x5eed_0001, 400, 14, 6, REFERENCE_CAP, |_| Regime::Superko);
    assert!(tally.count("dead") >= 20 && tally.count("alive") >= 10);
    tally.finish("superko, random problems", 600);
}

#[test]
fn seed_regime_agrees_with_exhaustive_search_on_random_problems() {
    let tally = random_cases(0x5eed_0002, 400, 14, 6, REFERENCE_CAP, |rng| Regime::Seed {
        ko_threats: rng.random_range(0..=2),
    });
    assert!(tally.count("dead") >= 20 && tally.count("alive") >= 10);
    tally.finish("seed regime, random problems", 600);
}

// Book semantics (issue 19): the attacker may pass until the defender
// answers a pass with one; the reference plays the same game.
#[test]
fn book_regime_agrees_with_exhaustive_search_on_random_problems() {
    let tally = random_cases(0x5eed_b00c, 400, 14, 6, REFERENCE_CAP, |rng| Regime::Book {
        ko_threats: rng.random_range(0..=2),
    });
    assert!(tally.count("dead") >= 20 && tally.count("alive") >= 10);
    tally.finish("book regime, random problems", 600);
}

// The book regime is another game: on random problems some statuses
// differ from the seed regime's (the attacker, free to wait, kills where
// the seed's rules make it play inside). Each such problem is checked
// against the reference in both regimes by the tests above; here the
// difference itself must show (without the attacker's passes there is
// none).
#[test]
#[ignore = "fails as of issue 19's first cut: these random problems showed no book kill the seed misses"]
fn book_and_seed_regimes_differ_on_random_problems() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_b00d);
    let mut differ = Vec::new();
    let mut book_kills = 0;
    for i in 0..200 {
        let spec = alternating(&mut rng, i, 14, 6);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        for first in [Side::Attacker, Side::Defender] {
            let status = |regime| {
                analyse(
                    &problem,
                    first,
                    &options(regime, Ordering::Heuristic),
                    None,
                    None,
                )
                .status
            };
            let (seed, book) = (status(Regime::SEED), status(Regime::BOOK));
            if seed != book && seed.is_proven() && book.is_proven() {
                if book == Status::Dead {
                    book_kills += 1;
                }
                differ.push(format!(
                    "case {i}, {first} first: seed {seed:?}, book {book:?}\n{}",
                    describe(&problem)
                ));
            }
        }
    }
    eprintln!("{} differences:\n{}", differ.len(), differ.join("\n"));
    assert!(
        book_kills >= 1,
        "no kill of the book regime's that the seed's rules miss"
    );
}

/// The threat-count cases: 150 random problems (regions with up to
/// `empties` empty points, from `seed`), each with a threat number 0..=2,
/// and every small data file with its own number (2 when it states none).
fn threat_cases(seed: u64, empties: usize) -> Vec<(String, Problem, u8)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cases: Vec<(String, Problem, u8)> = Vec::new();
    for i in 0..150 {
        let spec = alternating(&mut rng, i, 14, empties);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        cases.push((format!("random case {i}"), problem, rng.random_range(0..=2)));
    }
    for (name, problem, threats) in small_data_files() {
        cases.push((name, problem, threats.unwrap_or(2)));
    }
    cases
}

/// Every small data file in the seed regime and in the book regime, each
/// with its own threat count (2 where it names none).
fn small_data_files_in_both_regimes() -> Vec<(String, Problem, Regime)> {
    let mut cases = Vec::new();
    for (name, problem, threats) in small_data_files() {
        let n = threats.unwrap_or(2);
        cases.push((
            name.clone(),
            problem.clone(),
            Regime::Seed { ko_threats: n },
        ));
        cases.push((name, problem, Regime::Book { ko_threats: n }));
    }
    cases
}

/// The seed's regime (`seed`) or the book's, with 0 to 2 threats drawn
/// from `rng`.
fn seed_or_book(rng: &mut ChaCha8Rng, seed: bool) -> Regime {
    let ko_threats = rng.random_range(0..=2);
    if seed {
        Regime::Seed { ko_threats }
    } else {
        Regime::Book { ko_threats }
    }
}

/// One file of `tests/data` (`rel`, e.g. `cases/NAME.txt`), parsed.
fn data_file(rel: &str) -> file::ProblemFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    file::parse(&text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The data files whose region has at most 10 empty points, with their
/// `ko-threats`.
fn small_data_files() -> Vec<(String, Problem, Option<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for set in ["classic", "seed003"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(set))
            .unwrap_or_else(|e| panic!("reading tests/data/{set}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let name = format!(
                "{set}/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let parsed = file::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let threats = parsed.header("ko-threats").map(|n| {
                n.parse()
                    .unwrap_or_else(|e| panic!("{name}: ko-threats {n:?}: {e}"))
            });
            // A diagram the region inference cannot pose is another test's
            // business.
            let Ok(problem) = Problem::new(parsed.spec) else {
                continue;
            };
            if problem.empty_points() <= 10 {
                out.push((name, problem, threats));
            }
        }
    }
    out
}

/// Every small data file: superko, the seed regime with N = 0 and with
/// the file's N (2 when it gives none), and the book regime with the
/// file's N, both players first.
fn data_files(cap: u64, extra_ns: &[u8]) -> Tally {
    let files = small_data_files();
    assert!(files.len() >= 20, "only {} small data files", files.len());
    let mut tally = Tally::new(cap);
    for (name, problem, threats) in &files {
        let mut ns = vec![0, threats.unwrap_or(2)];
        ns.extend_from_slice(extra_ns);
        ns.sort_unstable();
        ns.dedup();
        let book = Regime::Book {
            ko_threats: threats.unwrap_or(2),
        };
        let regimes = std::iter::once(Regime::Superko)
            .chain(ns.into_iter().map(|n| Regime::Seed { ko_threats: n }))
            .chain(std::iter::once(book));
        let before = (tally.compared, tally.skipped);
        for regime in regimes {
            for first in [Side::Attacker, Side::Defender] {
                tally.check(name, problem, regime, first, Ordering::Heuristic);
            }
        }
        eprintln!(
            "{name}: {} compared, {} skipped",
            tally.compared - before.0,
            tally.skipped - before.1
        );
    }
    tally
}

#[test]
fn data_files_with_small_regions_agree_with_exhaustive_search() {
    // A lower cap than for the random problems: the larger files would
    // spend it in vain (the thorough run takes them on).
    data_files(REFERENCE_CAP / 3, &[]).finish("data files", 100);
}

/// df-pn+'s initial numbers (`Options::heuristic_init`) change the order
/// of the work, never an answer: on random problems (every regime, both
/// players first, heuristic and shuffled orders) and on every small data
/// file, the search with them and the plain df-pn ((1, 1) for every new
/// child) give the same status, the same reading without threats and the
/// same threat counts; and they do change the work (else this test would
/// compare a search with itself).
#[test]
fn heuristic_initial_numbers_change_the_work_not_the_answers() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_d0f0);
    let mut cases: Vec<(String, Problem, Regime)> = Vec::new();
    for i in 0..90 {
        let spec = alternating(&mut rng, i, 14, 7);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("random case {i}: {e}"));
        let regime = random::regime_in_turn(&mut rng, i);
        cases.push((format!("random case {i}"), problem, regime));
    }
    for (name, problem, threats) in small_data_files() {
        cases.push((
            name,
            problem,
            Regime::Seed {
                ko_threats: threats.unwrap_or(2),
            },
        ));
    }
    let mut mismatches = Vec::new();
    let (mut compared, mut differ) = (0, 0);
    for (i, (name, problem, regime)) in cases.iter().enumerate() {
        let ordering = if i % 2 == 1 {
            Ordering::Shuffled(rng.random())
        } else {
            Ordering::Heuristic
        };
        for first in [Side::Attacker, Side::Defender] {
            let with = Options {
                threat_search: 2,
                ..options(*regime, ordering)
            };
            let plain = Options {
                heuristic_init: false,
                ..with
            };
            let a = analyse(problem, first, &with, None, None);
            let b = analyse(problem, first, &plain, None, None);
            if matches!(a.status, Status::Unproven(_)) || matches!(b.status, Status::Unproven(_)) {
                continue;
            }
            compared += 1;
            if a.nodes != b.nodes {
                differ += 1;
            }
            let ta = a.threats.as_ref().map(|t| t.code());
            let tb = b.threats.as_ref().map(|t| t.code());
            if (a.status, a.without_threats, ta.clone())
                != (b.status, b.without_threats, tb.clone())
            {
                mismatches.push(format!(
                    "{name} ({regime:?}, {first} first, {ordering:?}): {:?} / {:?} / {ta:?} with, {:?} / {:?} / {tb:?} plain\n{}",
                    a.status,
                    a.without_threats,
                    b.status,
                    b.without_threats,
                    describe(problem)
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(compared >= 200, "only {compared} compared");
    assert!(
        differ * 4 >= compared,
        "the initial numbers changed the work in only {differ} of {compared}"
    );
}

/// The seed's tenuki diagram (§2(2), lines 26-31: 手抜きに対する手抜きを禁止する
/// と…黒は自分の目を潰す手を打たざるを得なくなり死んでしまう): when the attacker
/// has just tenuki-ed, the defender may not tenuki, so it must fill one of
/// its own two eyes and dies. The seed states it; the reference agrees.
/// Benson's unconditional life assumes the owner may always pass, which
/// these rules deny here.
#[test]
fn two_eyes_die_when_the_defender_may_not_tenuki() {
    let mut spec = data_file("seed003/02_tenuki.txt").spec;
    spec.attacker_just_tenukied = true;
    let problem = Problem::new(spec).expect("a closed problem");
    for regime in [Regime::Superko, Regime::SEED] {
        assert_eq!(
            reference(
                &problem,
                regime,
                Side::Defender,
                Side::Attacker,
                Side::Defender
            ),
            Some(true),
            "the reference, {regime}"
        );
        let got = analyse(
            &problem,
            Side::Defender,
            &options(regime, Ordering::Heuristic),
            None,
            None,
        )
        .status;
        assert_eq!(got, Status::Dead, "{regime}\n{}", describe(&problem));
    }
}

#[test]
#[ignore = "minutes: the reference's node cap is 10 times the normal one"]
fn thorough_data_files_agree_with_exhaustive_search() {
    data_files(THOROUGH_CAP, &[1, 3]).finish("data files (thorough)", 100);
}

#[test]
#[ignore = "minutes: larger random problems with a large node cap"]
fn thorough_random_problems_agree_with_exhaustive_search() {
    let mut tally = random_cases(0x5eed_0003, 300, 18, 7, THOROUGH_CAP, |rng| {
        if rng.random_bool(0.5) {
            Regime::Superko
        } else {
            Regime::Seed {
                ko_threats: rng.random_range(0..=3),
            }
        }
    });
    tally.statuses.entry("dead").or_default();
    tally.finish("random problems (thorough)", 300);
}

/// The frame decides the second-line group of the CLI's widening tests
/// (`bench_jsonl_a_failing_side_gets_a_wider_frame`): Black A18-D18 under a
/// White wall A17-F17 with F18, the gap at E18. In the frame at reach 2 (a
/// White frame stone on G19) Black, moving first, dies; at reach 3 (G19
/// empty) it gets a ko, and E18 reaches it. The plain minimax says so, and
/// the solver agrees. (Each ko takes the reference several million nodes:
/// about 15 s in all in the test profile.)
#[test]
fn a_tighter_frame_kills_the_second_line_group() {
    let text = "attacker: white\nto-move: black\nboard: 19\ndiagram:\n\
                ┌┬┬┬┬┬┬┬\n●●●●┼○┼┼\n○○○○○○┼┼\n├┼┼┼┼┼┼┼\n";
    for (reach, dies) in [(2, true), (3, false)] {
        let mut spec = file::parse(text).expect("a problem file").spec;
        spec.reach = reach;
        let problem = Problem::new(spec).expect("a framed problem");
        assert_eq!(problem.reach(), Some(reach));
        let regime = Regime::SEED;
        let expected = reference_status(&problem, regime, Side::Defender, FRAME_CAP)
            .unwrap_or_else(|| panic!("reach {reach}: the reference is cut off"));
        if dies {
            assert_eq!(
                expected,
                Status::Dead,
                "reach {reach}\n{}",
                describe(&problem)
            );
        } else {
            assert!(
                matches!(expected, Status::Ko { .. }),
                "reach {reach}: {expected:?}\n{}",
                describe(&problem)
            );
        }
        let got = analyse(
            &problem,
            Side::Defender,
            &options(regime, Ordering::Heuristic),
            None,
            None,
        )
        .status;
        assert_eq!(got, expected, "reach {reach}\n{}", describe(&problem));
    }
    // E18, the book move the CLI test gives, reaches that ko: the frame at
    // reach 3 drawn as White stones (region given), Black on E18, White to
    // move.
    let after = "attacker: white\nto-move: white\nboard: 19\n\
                 region: A19 B19 C19 D19 E19 F19 G19 A18 B18 C18 D18 E18 F18 \
                 A17 B17 C17 D17 E17 F17\ndiagram:\n\
                 ┌┬┬┬┬┬┬○┬\n●●●●●○○┼┼\n○○○○○○○┼┼\n○○○○○○┼┼┼\n├┼┼┼┼┼┼┼┼\n";
    let problem =
        Problem::new(file::parse(after).expect("a problem file").spec).expect("a given region");
    let status = reference_status(&problem, Regime::SEED, Side::Attacker, FRAME_CAP);
    assert!(
        matches!(status, Some(Status::Ko { .. })),
        "after E18: {status:?}\n{}",
        describe(&problem)
    );
}

/// The threat counts the reference implies (see `KoThreats`): the outcome
/// with no threats, then for each side that fails so the fewest threats
/// (1..=`max`) with which it wins, the other side having none. `None` over
/// the cap.
fn reference_counts(
    problem: &Problem,
    first: Side,
    max: u8,
    cap: u64,
) -> Option<(Outcome, Option<u8>, Option<u8>)> {
    reference_counts_in(problem, Regime::SEED, first, max, cap)
}

/// Whether a reference count needs threats on either side (a ko).
fn has_ko(want: (Outcome, Option<u8>, Option<u8>)) -> bool {
    want.1.is_some_and(|t| t > 0) || want.2.is_some_and(|t| t > 0)
}

/// The mismatch, if any, between the solver's threat counts `k` and the
/// reference's `want` (a count cut off by a limit is one).
fn counts_mismatch(
    name: &str,
    first: Side,
    k: &KoThreats,
    want: (Outcome, Option<u8>, Option<u8>),
    problem: &Problem,
) -> Option<String> {
    ((k.plain, k.attacker, k.defender) != want || k.stopped.is_some()).then(|| {
        format!(
            "{name}, {first} first: solver {k:?}, reference {want:?}\n{}",
            describe(problem)
        )
    })
}

/// [`reference_counts`] in `regime` (the seed's or the book's rules).
fn reference_counts_in(
    problem: &Problem,
    regime: Regime,
    first: Side,
    max: u8,
    cap: u64,
) -> Option<(Outcome, Option<u8>, Option<u8>)> {
    let ask = |goal: Side, t: u8| {
        let mut budget = [0, 0];
        budget[goal.index()] = t;
        reference_threats_in(problem, regime, first, goal, budget, cap)
    };
    let plain = if ask(Side::Attacker, 0)? {
        Outcome::AttackerWins
    } else if ask(Side::Defender, 0)? {
        Outcome::DefenderWins
    } else {
        Outcome::NoResult
    };
    let mut need = [None, None];
    for side in [Side::Attacker, Side::Defender] {
        for t in 0..=max {
            if ask(side, t)? {
                need[side.index()] = Some(t);
                break;
            }
        }
    }
    Some((plain, need[0], need[1]))
}

// GoTools-style threat counts (issue 19): the outcome without threats and
// the fewest external ko threats each side needs agree with the
// reference's plain-ko game with threat budgets, on random problems (both
// players first, shuffled orders among them) and on the data files with
// small regions (where the kos are: the seed's ko and approach-ko
// diagrams); and the counts are never `alive` for a position the attacker
// kills without threats.
#[test]
fn threat_counts_agree_with_exhaustive_search() {
    const MAX: u8 = 3;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0019);
    let mut cases: Vec<(String, Problem, Ordering)> = Vec::new();
    for i in 0..80 {
        let spec = alternating(&mut rng, i, 14, 6);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let ordering = if i % 3 == 2 {
            Ordering::Shuffled(rng.random())
        } else {
            Ordering::Heuristic
        };
        cases.push((format!("random case {i}"), problem, ordering));
    }
    for (name, problem, _) in small_data_files() {
        cases.push((name, problem, Ordering::Heuristic));
    }
    // More threats than the small problems' lines can use.
    const PLENTY: u8 = 8;
    let (mut compared, mut skipped, mut kos) = (0, 0, 0);
    // Side counts settled against unlimited threats, and wins without
    // threats the opponent turns with more than `MAX` but not unlimited.
    let (mut unlimited, mut limited, mut plenty) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for (name, problem, ordering) in &cases {
        for first in [Side::Attacker, Side::Defender] {
            let Some(want) = reference_counts(problem, first, MAX, REFERENCE_CAP) else {
                skipped += 1;
                continue;
            };
            let o = Options {
                threat_search: MAX,
                ..options(Regime::SEED, *ordering)
            };
            let a = analyse(problem, first, &o, None, None);
            let Some(k) = a.threats else {
                panic!(
                    "{name}: no threat counts for a proven status {:?}",
                    a.status
                );
            };
            compared += 1;
            kos += usize::from(has_ko(want));
            if let Some(m) = counts_mismatch(name, first, &k, want, problem) {
                mismatches.push(m);
            }
            assert!(
                !(k.plain == Outcome::AttackerWins && k.word() == "alive"),
                "{k:?}"
            );
            // One side's count alone (what the bench asks for the side to
            // play): its fewest threats and, when it wins without, the
            // other side's fewest to turn it.
            for side in [Side::Attacker, Side::Defender] {
                let t = side_threats(problem, first, &[], side, &o, None)
                    .expect("an empty line is legal");
                let (mine, theirs) = match side {
                    Side::Attacker => (want.1, want.2),
                    Side::Defender => (want.2, want.1),
                };
                let opponent = if mine == Some(0) { theirs } else { None };
                // Turned by no number of threats: the reference, with
                // more threats than any line of these small problems
                // can use, agrees.
                if t.unlimited {
                    unlimited += 1;
                    let mut budget = [0, 0];
                    budget[side.other().index()] = PLENTY;
                    // (Over the reference's cap: not compared.)
                    let r = reference_threats(problem, first, side.other(), budget, REFERENCE_CAP);
                    plenty += usize::from(r.is_some());
                    if r == Some(true) {
                        mismatches.push(format!(
                            "{name}, {first} first: the {side} is said to win against unlimited threats, the reference with {PLENTY} does not agree\n{}",
                            describe(problem)
                        ));
                    }
                } else if mine == Some(0) && opponent.is_none() && t.stopped.is_none() {
                    limited += 1;
                }
                if (t.threats, t.opponent) != (mine, opponent) || t.stopped.is_some() {
                    mismatches.push(format!(
                        "{name}, {first} first, the {side}'s count: solver {:?} / {:?}, reference {mine:?} / {opponent:?}\n{}",
                        t.threats,
                        t.opponent,
                        describe(problem)
                    ));
                }
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(
        compared >= 150,
        "only {compared} compared ({skipped} skipped)"
    );
    assert!(kos >= 3, "only {kos} positions that need threats");
    // The opponent's count is settled by the one query against unlimited
    // threats on most clean wins.
    assert!(
        unlimited >= 100 && unlimited > 10 * limited && plenty >= unlimited / 2,
        "{unlimited} clean wins settled against unlimited threats ({plenty} of them checked with {PLENTY}), {limited} not"
    );
    eprintln!(
        "{unlimited} clean wins settled against unlimited threats ({plenty} checked), {limited} not"
    );
}

/// The seed's N = 0 against the threat counts' no-threats reading (issue
/// 19, Prob0136): two different games (docs/tsumego.md, "N = 0 is not
/// 'no threats'"). At N = 0 both sides retake kos at once and a retake
/// cycle is the attacker's failure; without threats neither may retake at
/// once. Each reading is checked against the reference by the tests above;
/// here the difference itself must show on random problems. On these it
/// only ever favours the defender (N = 0 gives the attacker no win the
/// no-threats reading denies it) — observed, not a theorem: an immediate
/// retake is the attacker's too at N = 0, so neither game's moves contain
/// the other's.
#[test]
fn seed_n_zero_and_no_threats_differ_on_random_problems() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0000);
    let (mut same, mut defender_n0, mut attacker_n0) = (0, Vec::new(), Vec::new());
    for i in 0..300 {
        let spec = alternating(&mut rng, i, 14, 6);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        for first in [Side::Attacker, Side::Defender] {
            let opts = Options {
                threat_search: 1,
                ..options(Regime::Seed { ko_threats: 0 }, Ordering::Heuristic)
            };
            let a = analyse(&problem, first, &opts, None, None);
            let n0 = match a.status {
                Status::Dead => Outcome::AttackerWins,
                Status::Alive | Status::Seki => Outcome::DefenderWins,
                _ => continue,
            };
            let Some(plain) = a.threats.as_ref().map(|t| t.plain) else {
                continue;
            };
            if !matches!(plain, Outcome::AttackerWins | Outcome::DefenderWins) {
                continue;
            }
            let case = || {
                format!(
                    "case {i}, {first} first: N = 0 {:?}, no threats {plain:?}\n{}",
                    a.status,
                    describe(&problem)
                )
            };
            match (n0, plain) {
                (x, y) if x == y => same += 1,
                (Outcome::DefenderWins, Outcome::AttackerWins) => defender_n0.push(case()),
                _ => attacker_n0.push(case()),
            }
        }
    }
    eprintln!(
        "{same} agree; N = 0 gives the defender {} more, the attacker {} more",
        defender_n0.len(),
        attacker_n0.len()
    );
    assert!(same >= 300, "only {same} agree");
    assert!(!defender_n0.is_empty(), "N = 0 and no threats never differ");
    assert!(attacker_n0.is_empty(), "{}", attacker_n0.join("\n"));
}

/// The bench skips the seed's reading of a book problem where the book
/// regime's answer implies it (`bench::seed_reading_implied`): the seed's
/// game is the book regime's without the attacker's passes, so the
/// defender fares at least as well under the seed's rules and the
/// attacker no better. Checked here on the search's own answers (each
/// regime checked against the reference by the tests above): one side's
/// threat count (`side_threats`, as the bench asks it) and the N model's
/// status, on random problems and every small data file, N = 0..2, both
/// sides, both players first. A fare ranks a side's count: a win with no
/// threats that the opponent cannot turn, above a win without threats the
/// opponent turns with more threats, above a ko won with fewer threats,
/// above a failure.
#[test]
fn the_seed_rules_never_favour_the_attacker_over_the_book_regime() {
    const MAX: u8 = 2;
    fn fare(t: &miai_tsumego::SideThreats) -> Option<i32> {
        if t.stopped.is_some() {
            return None;
        }
        Some(match (t.threats, t.opponent) {
            (Some(0), None) => 1000,
            (Some(0), Some(k)) => 500 + i32::from(k),
            (Some(n), _) => 100 - i32::from(n),
            (None, _) => 0,
        })
    }
    // The N model's status, as the defender's fare: alive (or in seki)
    // above dead (a ko or no result is not ranked).
    fn n_model(s: Status) -> Option<i32> {
        match s {
            Status::Alive | Status::Seki => Some(1),
            Status::Dead => Some(0),
            _ => None,
        }
    }
    let cases = threat_cases(0x5eed_b00e, 6);
    let (mut compared, mut differ) = (0, 0);
    let mut bad = Vec::new();
    for (name, problem, n) in &cases {
        let (book, seed) = (
            Regime::Book { ko_threats: *n },
            Regime::Seed { ko_threats: *n },
        );
        for first in [Side::Attacker, Side::Defender] {
            for side in [Side::Attacker, Side::Defender] {
                let count = |regime| {
                    let o = Options {
                        threat_search: MAX,
                        ..options(regime, Ordering::Heuristic)
                    };
                    side_threats(problem, first, &[], side, &o, None).expect("an empty line")
                };
                let (b, s) = (count(book), count(seed));
                if let (Some(fb), Some(fs)) = (fare(&b), fare(&s)) {
                    compared += 1;
                    differ += usize::from(fb != fs);
                    let worse = match side {
                        Side::Defender => fs < fb,
                        Side::Attacker => fs > fb,
                    };
                    if worse {
                        bad.push(format!(
                            "{name}, N = {n}, {first} first, {side}'s count: book {b:?}, seed {s:?}\n{}",
                            describe(problem)
                        ));
                    }
                }
            }
            let status = |regime| {
                let o = Options {
                    full_status: false,
                    ..options(regime, Ordering::Heuristic)
                };
                analyse(problem, first, &o, None, None).status
            };
            let (b, s) = (status(book), status(seed));
            if let (Some(fb), Some(fs)) = (n_model(b), n_model(s)) {
                compared += 1;
                differ += usize::from(fb != fs);
                if fs < fb {
                    bad.push(format!(
                        "{name}, N = {n}, {first} first, status: book {b:?}, seed {s:?}\n{}",
                        describe(problem)
                    ));
                }
            }
        }
    }
    eprintln!("{compared} compared, {differ} differ between the regimes");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(compared >= 800, "only {compared} compared");
}

/// Threat queries take the plain query's proofs that met no ko against a
/// side with threats, and a side's count ends at the plain query when its
/// proof met none (`Options::plain_proofs`): that changes the work, never
/// an answer. On random problems (regions with up to 7 empty points, so
/// that kos arise) and every small data file, the seed and book regimes,
/// both players first: the same status and threat counts from `analyse`,
/// and the same count of each side from `side_threats`, with and
/// without, each checked against the reference (`reference_counts`, the
/// seed regime) where it settles; and fewer nodes with.
#[test]
fn plain_proofs_in_threat_queries_change_the_work_not_the_answers() {
    const MAX: u8 = 3;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_1909);
    let mut cases: Vec<(String, Problem, Regime)> = Vec::new();
    for i in 0..100 {
        let spec = alternating(&mut rng, i, 14, 7);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let regime = if i % 2 == 0 {
            Regime::SEED
        } else {
            Regime::BOOK
        };
        cases.push((format!("random case {i}"), problem, regime));
    }
    for (name, problem, _) in small_data_files() {
        cases.push((name.clone(), problem.clone(), Regime::SEED));
        cases.push((name, problem, Regime::BOOK));
    }
    let (mut compared, mut with_kos, mut referenced) = (0, 0, 0);
    let (mut nodes_with, mut nodes_without) = (0u64, 0u64);
    let mut bad = Vec::new();
    for (name, problem, regime) in &cases {
        for first in [Side::Attacker, Side::Defender] {
            let opts = |plain_proofs| Options {
                threat_search: MAX,
                plain_proofs,
                ..options(*regime, Ordering::Heuristic)
            };
            let (on, off) = (
                analyse(problem, first, &opts(true), None, None),
                analyse(problem, first, &opts(false), None, None),
            );
            let counts = |a: &miai_tsumego::Analysis| {
                a.threats
                    .as_ref()
                    .map(|k| (k.plain, k.attacker, k.defender, k.stopped))
            };
            if !on.status.is_proven() || !off.status.is_proven() {
                continue;
            }
            compared += 1;
            nodes_with += on.nodes;
            nodes_without += off.nodes;
            if on.status != off.status || counts(&on) != counts(&off) {
                bad.push(format!(
                    "{name}, {regime}, {first} first: with {:?} {:?}, without {:?} {:?}\n{}",
                    on.status,
                    counts(&on),
                    off.status,
                    counts(&off),
                    describe(problem)
                ));
            }
            if let Some((_, a, d, _)) = counts(&off)
                && (a.is_some_and(|t| t > 0) || d.is_some_and(|t| t > 0))
            {
                with_kos += 1;
            }
            if *regime == Regime::SEED
                && let Some(want) = reference_counts(problem, first, MAX, REFERENCE_CAP)
            {
                referenced += 1;
                let got = counts(&on).map(|(p, a, d, _)| (p, a, d));
                if got != Some(want) {
                    bad.push(format!(
                        "{name}, {first} first: with {got:?}, reference {want:?}\n{}",
                        describe(problem)
                    ));
                }
            }
            for side in [Side::Attacker, Side::Defender] {
                let count = |plain_proofs| {
                    side_threats(problem, first, &[], side, &opts(plain_proofs), None)
                        .expect("an empty line")
                };
                let (on, off) = (count(true), count(false));
                nodes_with += on.nodes;
                nodes_without += off.nodes;
                let answer =
                    |t: &miai_tsumego::SideThreats| (t.threats, t.opponent, t.unlimited, t.stopped);
                if answer(&on) != answer(&off) {
                    bad.push(format!(
                        "{name}, {regime}, {first} first, {side}'s count: with {on:?}, without {off:?}\n{}",
                        describe(problem)
                    ));
                }
            }
        }
    }
    eprintln!(
        "{compared} compared ({with_kos} with a ko count, {referenced} against the reference); \
         nodes {nodes_with} with, {nodes_without} without"
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(compared >= 200 && with_kos >= 5 && referenced >= 50);
    assert!(nodes_with < nodes_without);
}

/// `spec` with its target the chain of one defender stone (the first on
/// the board), so that the rest of the region does not count for the
/// attacker's win: relevance zones can then be smaller than the region.
fn with_one_target(spec: miai_tsumego::ProblemSpec) -> miai_tsumego::ProblemSpec {
    let defender = Problem::new(spec.clone())
        .expect("a legal problem")
        .attacker()
        .opponent();
    let v = spec
        .setup
        .graph
        .vertices()
        .find(|&v| spec.setup.stones[v.index()] == Some(defender));
    miai_tsumego::ProblemSpec {
        targets: v.map(|v| vec![v]),
        ..spec
    }
}

/// `spec` with a pocket of two empty region points far from its area, on
/// the top edge at the right (G..S19's right end: columns 17 and 18 of
/// 0..19), walled in by the attacker's stones: plays there matter to
/// nothing but the stones played there, so the life zones can leave the
/// attacker's out.
fn with_far_pocket(spec: miai_tsumego::ProblemSpec) -> miai_tsumego::ProblemSpec {
    let attacker = Problem::new(spec.clone())
        .expect("a legal problem")
        .attacker();
    let graph = spec.setup.graph.clone();
    let at = |x: usize, y: usize| graph.at(x, y).expect("on the board");
    let mut spec = spec;
    let pocket = [at(16, 0), at(17, 0)];
    for v in [
        at(15, 0),
        at(15, 1),
        at(16, 1),
        at(17, 1),
        at(18, 1),
        at(18, 0),
    ] {
        spec.setup.stones[v.index()] = Some(attacker);
    }
    for v in pocket {
        spec.setup.stones[v.index()] = None;
    }
    let mut region = spec.region.clone().expect("a region");
    region.extend(pocket);
    spec.region = Some(region);
    spec
}

/// The life-zone cases: random problems of the eye-space and mixed styles
/// with a named target chain and a far pocket ([`with_far_pocket`]), the
/// seed and book regimes in turn, and every small data file in both.
fn life_zone_cases(seed: u64, n: usize) -> Vec<(String, Problem, Regime)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cases: Vec<(String, Problem, Regime)> = Vec::new();
    for i in 0..n {
        let spec = with_far_pocket(with_one_target(alternating(&mut rng, i, 20, 9)));
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let regime = seed_or_book(&mut rng, i % 3 == 0);
        cases.push((format!("random case {i} with a pocket"), problem, regime));
    }
    cases.extend(small_data_files_in_both_regimes());
    cases
}

/// A case of the zone checks analysed with zones on and off: its name,
/// problem, regime, first player, and the two analyses.
type ZonePair<'a> = (
    &'a str,
    &'a Problem,
    Regime,
    Side,
    miai_tsumego::Analysis,
    miai_tsumego::Analysis,
);

/// Each case analysed with each player first, with relevance zones on and
/// off (threat counts up to 2; `all_moves` to prove every correct first
/// move): the pairs in which both searches proved a status.
fn zone_pairs(cases: &[(String, Problem, Regime)], all_moves: bool) -> Vec<ZonePair<'_>> {
    zone_pairs_with(cases, all_moves, |o, on| Options { zones: on, ..o })
}

/// [`zone_pairs`] with the zones switched by `switch` (the base options
/// and on or off).
fn zone_pairs_with(
    cases: &[(String, Problem, Regime)],
    all_moves: bool,
    switch: impl Fn(Options, bool) -> Options,
) -> Vec<ZonePair<'_>> {
    let mut pairs = Vec::new();
    for (name, problem, regime) in cases {
        for first in [Side::Attacker, Side::Defender] {
            let opts = |zones| {
                switch(
                    Options {
                        threat_search: 2,
                        all_moves,
                        ..options(*regime, Ordering::Heuristic)
                    },
                    zones,
                )
            };
            let (on, off) = (
                analyse(problem, first, &opts(true), None, None),
                analyse(problem, first, &opts(false), None, None),
            );
            if on.status.is_proven() && off.status.is_proven() {
                pairs.push((name.as_str(), problem, *regime, first, on, off));
            }
        }
    }
    pairs
}

/// Relevance-zone pruning (`Options::zones`) changes the work, never an
/// answer: on random problems (the seed and book regimes, where it acts;
/// small regions, and larger ones where pruning has room) and on every
/// small data file, both players first, `analyse` with and without gives
/// the same status, reading without threats, threat counts and the same
/// set of correct first moves (each proven by its own query, pruned too);
/// with zones, the status agrees with the reference minimax wherever that
/// settles; and the pruning does cut the work somewhere (else this would
/// compare a search with itself).
#[test]
fn relevance_zones_change_the_work_not_the_answers() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_2a0e);
    let mut cases: Vec<(String, Problem, Regime)> = Vec::new();
    for i in 0..150 {
        let (area, empty) = if i % 3 == 2 { (20, 10) } else { (14, 8) };
        let spec = alternating(&mut rng, i, area, empty);
        // Two in three with a target chain: where zones can prune.
        let spec = if i % 3 == 0 {
            spec
        } else {
            with_one_target(spec)
        };
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let regime = seed_or_book(&mut rng, i % 2 == 0);
        cases.push((format!("random case {i}"), problem, regime));
    }
    cases.extend(small_data_files_in_both_regimes());
    let ZoneComparison {
        compared,
        against_reference,
        fewer,
        more,
        bad,
    } = compare_zone_pairs(zone_pairs(&cases, true), "zones");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(
        compared >= 250 && against_reference >= 100,
        "{compared}, {against_reference}"
    );
    assert!(
        fewer + more >= 20,
        "zones changed the work in only {} of {compared}",
        fewer + more
    );
}

/// The cross-check above can fail: with zones made too small on purpose
/// (`search::zone::weaken_for_tests`: a play reads only its own point, a
/// node only the target points), the pruning leaves out plays that
/// refute, and the same comparison finds answers that differ from the
/// search without zones.
#[test]
fn zones_too_small_give_answers_the_cross_check_catches() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_2a0f);
    miai_tsumego::search::zone::weaken_for_tests(true);
    let mut cases: Vec<(String, Problem, Regime)> = Vec::new();
    for i in 0..120 {
        let spec = with_one_target(alternating(&mut rng, i, 16, 9));
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        let regime = if i % 2 == 0 {
            Regime::SEED
        } else {
            Regime::BOOK
        };
        cases.push((format!("random case {i}"), problem, regime));
    }
    for (name, problem, _) in small_data_files() {
        cases.push((name, problem, Regime::SEED));
    }
    // (Threat counts: the first query is the plain one, where zones act;
    // the seed's N model asks with a ko-advantaged side.)
    let pairs = zone_pairs(&cases, false);
    let compared = pairs.len();
    let differ = pairs
        .iter()
        .filter(|(.., on, off)| {
            (on.status, on.without_threats) != (off.status, off.without_threats)
        })
        .count();
    miai_tsumego::search::zone::weaken_for_tests(false);
    eprintln!("{compared} compared, {differ} differ with the weakened zones");
    assert!(
        differ > 0,
        "weakened zones changed none of {compared} answers"
    );
}

/// What a zone check found over its pairs ([`zone_pairs`]): how many
/// were compared, how many of them against the reference minimax, with
/// fewer and with more nodes with the zones, and what disagreed.
struct ZoneComparison {
    compared: usize,
    against_reference: usize,
    fewer: usize,
    more: usize,
    bad: Vec<String>,
}

/// Compares each pair's analyses with the zones (`what`) on and off
/// ([`zone_answer`]), and the status with them against the reference
/// minimax wherever that settles; prints the tally.
fn compare_zone_pairs(pairs: Vec<ZonePair<'_>>, what: &str) -> ZoneComparison {
    let mut tally = Tally::new(REFERENCE_CAP);
    let (mut compared, mut fewer, mut more) = (0, 0, 0);
    let (mut nodes_with, mut nodes_without) = (0u64, 0u64);
    let mut bad = Vec::new();
    for (name, problem, regime, first, on, off) in pairs {
        compared += 1;
        nodes_with += on.nodes;
        nodes_without += off.nodes;
        match on.nodes.cmp(&off.nodes) {
            std::cmp::Ordering::Less => fewer += 1,
            std::cmp::Ordering::Greater => more += 1,
            std::cmp::Ordering::Equal => {}
        }
        if zone_answer(&on) != zone_answer(&off) {
            bad.push(format!(
                "{name}, {regime}, {first} first: with {:?}, without {:?}\n{}",
                zone_answer(&on),
                zone_answer(&off),
                describe(problem)
            ));
        }
        if let Some(expected) = reference_status(problem, regime, first, REFERENCE_CAP) {
            let got = match on.status {
                Status::Seki => Status::Alive,
                other => other,
            };
            tally.compared += 1;
            if got != expected {
                bad.push(format!(
                    "{name}, {regime}, {first} first: with {what} {got:?}, reference {expected:?}\n{}",
                    describe(problem)
                ));
            }
        }
    }
    eprintln!(
        "{compared} compared ({} against the reference); nodes {nodes_with} with {what}, \
         {nodes_without} without; fewer in {fewer}, more in {more}",
        tally.compared
    );
    ZoneComparison {
        compared,
        against_reference: tally.compared,
        fewer,
        more,
        bad,
    }
}

/// The answers of an analysis the zone checks compare: status, reading
/// without threats, threat counts, and the set of correct first moves.
fn zone_answer(a: &miai_tsumego::Analysis) -> String {
    let mut correct = a.correct.clone();
    if let Some(c) = correct.as_mut() {
        c.sort_by_key(|m| format!("{m:?}"));
    }
    format!(
        "{:?} / {:?} / {:?} / {:?}",
        a.status,
        a.without_threats,
        a.threats.as_ref().map(|t| t.code()),
        correct
    )
}

/// The options of the life-zone checks: the solver's defaults for the
/// recognisers in two cases of three (the miai safety and the
/// alternating-play life, whose verdicts read the whole board, off: so
/// that the lines they would close are closed by Benson's test and the
/// eye shapes, whose zones are small), every recogniser in the third.
fn life_zone_options(o: Options, on: bool, case: usize) -> Options {
    let all = case % 3 == 2;
    Options {
        life_zones: on,
        safety: all,
        life: all,
        eye_regions: all,
        ..o
    }
}

/// Life-zone pruning (`Options::life_zones`: the attacker's quiet replies
/// off the zone of the defender's answer to its pass, or of the null
/// move's state proven in the table, left out in the proofs of the
/// defender's life) changes the work, never an answer: on random problems
/// with a named target chain and a far pocket of the region where the
/// attacker's plays matter to nothing, and on every small data file, the
/// seed and book regimes, both players first, `analyse` with and without
/// gives the same status, reading without threats, threat counts and set
/// of correct first moves; with them, the status agrees with the
/// reference minimax wherever that settles; and the pruning changes the
/// work somewhere.
#[test]
fn life_zones_change_the_work_not_the_answers() {
    let cases = life_zone_cases(0x5eed_11fe, 150);
    let pairs = {
        let mut pairs = Vec::new();
        for (i, case) in cases.iter().enumerate() {
            pairs.extend(zone_pairs_with(
                std::slice::from_ref(case),
                true,
                |o, on| life_zone_options(o, on, i),
            ));
        }
        pairs
    };
    let ZoneComparison {
        compared,
        against_reference,
        fewer,
        bad,
        ..
    } = compare_zone_pairs(pairs, "life zones");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(
        compared >= 250 && against_reference >= 100,
        "{compared}, {against_reference}"
    );
    // (9 fewer and 7 more at this writing: the pruning acts where the
    // attacker's pass is proven, and that is searched in its turn.)
    assert!(
        fewer >= 5,
        "life zones saved work in only {fewer} of {compared}"
    );
}

/// The life-zone check above can fail: with the life zones made wrong on
/// purpose, the same comparison finds answers that differ from the search
/// without them. Asserted for the zones that read only the points played
/// (`search::zone::weaken_for_tests` with `weaken_life_for_tests(3)`:
/// Benson's zone, the eye-shape enclosures and the defender's base read
/// nothing, the answer to a pass not its play's surroundings, a play only
/// its point). The subtler variants are counted and printed, not
/// asserted, as none changed an answer here — 1: Benson's zone without
/// the vital regions; 2: the answer to the pass without its play's
/// reading; 3: both, with Benson's zone and the defender's base nothing.
/// In a proof of the defender's goal only the attacker's plays are left
/// out, so the states a zone stands for in these uses differ from the
/// proof's own by attacker stones on points the zone does not hold, and
/// attacker stones cannot break a Benson-alive set (the empty points of
/// its vital regions are liberties of its chains, so next to stones the
/// zone holds); the vital regions are what the zone's general claim needs
/// (any board agreeing on it), not what these uses test
/// (docs/tsumego.md, "life zones").
#[test]
fn life_zones_too_small_give_answers_the_cross_check_catches() {
    let cases = life_zone_cases(0x5eed_11ff, 120);
    let mut differ = [0usize; 5];
    let mut compared = [0usize; 5];
    // (Levels 2 and 3 changed none of the 432 either when last run:
    // docs/tsumego.md; left out here for the time they take.)
    for level in [1u8, 4] {
        miai_tsumego::search::zone::weaken_life_for_tests(level.min(3));
        miai_tsumego::search::zone::weaken_for_tests(level == 4);
        for (i, case) in cases.iter().enumerate() {
            for (.., on, off) in zone_pairs_with(std::slice::from_ref(case), false, |o, on| {
                life_zone_options(o, on, i)
            }) {
                compared[level as usize] += 1;
                if (on.status, on.without_threats) != (off.status, off.without_threats) {
                    differ[level as usize] += 1;
                }
            }
        }
        miai_tsumego::search::zone::weaken_life_for_tests(0);
        miai_tsumego::search::zone::weaken_for_tests(false);
    }
    eprintln!(
        "compared {:?}, differ with the weakened life zones (levels 1 and 4): {:?}",
        [compared[1], compared[4]],
        [differ[1], differ[4]]
    );
    assert!(
        differ[4] > 0,
        "life zones that read only the points played changed none of {} answers",
        compared[4]
    );
}

/// The bench's seed reading of a book problem runs on the book reading's
/// table (`ThreatReader::count_again`): the seed's game is the book
/// regime's after the attacker's pass has been answered (the `book` flag
/// cleared), so the book search's entries for such states hold for the
/// seed's search, and the states with the flag set have keys of their own.
/// On random problems (regions with up to 7 empty points, so that kos
/// arise) and every small data file, N = 0..2, both players first, both
/// sides' counts: the seed count on the book reading's table is the seed
/// count on a table of its own (threats, the opponent's count, whether it
/// holds against unlimited threats, whether it was cut off), and takes
/// fewer nodes in all (the table is used).
#[test]
fn the_seed_reading_on_the_book_readings_table_gives_the_seed_counts() {
    const MAX: u8 = 2;
    let cases = threat_cases(0x5eed_5eed, 7);
    let (mut compared, mut shared_nodes, mut fresh_nodes) = (0, 0, 0);
    let mut bad = Vec::new();
    for (name, problem, n) in &cases {
        let with = |regime| Options {
            threat_search: MAX,
            full_status: false,
            ..options(regime, Ordering::Heuristic)
        };
        let (book, seed) = (
            with(Regime::Book { ko_threats: *n }),
            with(Regime::Seed { ko_threats: *n }),
        );
        for first in [Side::Attacker, Side::Defender] {
            for side in [Side::Attacker, Side::Defender] {
                let (_, mut reader) = ThreatReader::count(problem, first, &[], side, &book, None)
                    .expect("an empty line");
                let shared = reader
                    .count_again(problem, &[], &seed)
                    .expect("an empty line");
                let fresh =
                    side_threats(problem, first, &[], side, &seed, None).expect("an empty line");
                let key = |t: &miai_tsumego::SideThreats| {
                    (t.threats, t.opponent, t.unlimited, t.stopped.is_some())
                };
                compared += 1;
                shared_nodes += shared.nodes;
                fresh_nodes += fresh.nodes;
                if key(&shared) != key(&fresh) {
                    bad.push(format!(
                        "{name}, N = {n}, {first} first, {side}'s count: on the book table {shared:?}, alone {fresh:?}\n{}",
                        describe(problem)
                    ));
                }
            }
        }
    }
    eprintln!(
        "{compared} compared; seed readings {shared_nodes} nodes on the book table, {fresh_nodes} alone"
    );
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    assert!(compared >= 600, "only {compared} compared");
    assert!(
        shared_nodes < fresh_nodes,
        "the book table saved nothing: {shared_nodes} against {fresh_nodes}"
    );
}

/// Cho Elementary Prob0021 after the book's A19: a bent four in the
/// corner that the attacker must start.
const BENT_FOUR_CASE: &str = "cases/cho-elementary-0021-after-a19.txt";

// Book regime threat counts (issue 19): once the defender has answered the
// attacker's pass with its own, the game has stopped and the defender's
// external threats are gone — the attacker, free to pass until then, has
// removed them (the rule that makes a bent four in the corner dead). The
// counts agree with the reference's book game under the same rule on
// random problems and the small data files, both players first.
#[test]
fn book_threat_counts_agree_with_exhaustive_search() {
    const MAX: u8 = 3;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_b0c4);
    let mut cases: Vec<(String, Problem)> = Vec::new();
    for i in 0..120 {
        let spec = alternating(&mut rng, i, 14, 7);
        let problem = Problem::new(spec).unwrap_or_else(|e| panic!("case {i}: {e}"));
        cases.push((format!("random case {i}"), problem));
    }
    for (name, problem, _) in small_data_files() {
        cases.push((name, problem));
    }
    cases.push((
        "cases/cho-elementary-0021-after-a19".into(),
        Problem::new(data_file(BENT_FOUR_CASE).spec).expect("the case poses"),
    ));
    let (mut compared, mut kos) = (0, 0);
    let mut mismatches = Vec::new();
    for (name, problem) in &cases {
        for first in [Side::Attacker, Side::Defender] {
            let Some(want) = reference_counts_in(problem, Regime::BOOK, first, MAX, REFERENCE_CAP)
            else {
                continue;
            };
            let o = Options {
                threat_search: MAX,
                book_stop: true,
                ..options(Regime::BOOK, Ordering::Heuristic)
            };
            let a = analyse(problem, first, &o, None, None);
            let k = a.threats.expect("threat counts for a proven status");
            compared += 1;
            kos += usize::from(has_ko(want));
            if let Some(m) = counts_mismatch(name, first, &k, want, problem) {
                mismatches.push(m);
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(compared >= 100, "only {compared} compared");
    eprintln!("book threat counts: {compared} compared, {kos} with kos");
    assert!(kos >= 3, "only {kos} with kos");
}

// Cho Elementary Prob0021 after the book's B A19 (tests/data/cases): the
// book and GNU Go's owl call White dead; under the seed's rules the ko
// arises only when Black, made to capture after both pass, plays A18 and
// White takes four stones (a bent four in the corner). In the book regime
// the defender's threats are gone by then: dead, with no count to turn it.
#[test]
fn a_bent_four_the_attacker_must_start_is_dead_in_the_book_regime() {
    let parsed = data_file(BENT_FOUR_CASE);
    assert_eq!(parsed.regime().expect("rules"), Regime::BOOK);
    let problem = Problem::new(parsed.spec).expect("the case poses");
    let o = Options {
        max_pv: 40,
        ..book_counts(true)
    };
    let a = analyse(&problem, Side::Defender, &o, None, None);
    let k = a.threats.as_ref().expect("threat counts");
    assert_eq!(
        (k.plain, k.attacker, k.defender),
        (Outcome::AttackerWins, Some(0), None),
        "{k:?}"
    );
    // The seed's N model, which the stop does not reach, still calls it a
    // ko: the counts are the answer, and the line is theirs (the attacker's
    // win without threats), not the N model's ko.
    assert!(matches!(a.status, Status::Ko { .. }), "{a:?}");
    assert!(k.leads, "{k:?}");
    assert!(!k.plain_pv.is_empty());
    assert_eq!(a.pv, k.plain_pv, "{a:?}");
    // Without the rule the ko stays: the defender lives with one threat,
    // and the N model's status stays the answer.
    let k = analyse(&problem, Side::Defender, &book_counts(false), None, None)
        .threats
        .expect("threat counts");
    assert_eq!(k.defender, Some(1), "{k:?}");
    assert!(!k.leads, "{k:?}");
    assert_eq!(
        reference_counts_in(&problem, Regime::BOOK, Side::Defender, 3, REFERENCE_CAP),
        Some((Outcome::AttackerWins, Some(0), None))
    );
}

// Cho Intermediate Prob0434 in the bench's frame at reach 2
// (tests/data/cases): Black, to play, kills outright (no count of White's
// threats up to four turns it), but not with one move for every count:
// the line without threats opens with a move two White threats turn. The
// count's first move is the one the bench credits with the outright kill
// (and holds the book's moves to), so it must win outright itself: played,
// White turns it with no count either. (Before, the count opened with the
// line without threats, A16, a ko; the book's G18 is the same ko, and the
// bench called it wrong against a move no better.)
#[test]
fn an_outright_count_opens_with_a_move_that_wins_outright() {
    let parsed = data_file("cases/cho-intermediate-0434-reach2-frame.txt");
    assert_eq!(parsed.regime().expect("rules"), Regime::BOOK);
    let problem = Problem::new(parsed.spec).expect("the case poses");
    let o = Options {
        max_pv: 40,
        ..book_counts(true)
    };
    let count = |moves: &[miai_tsumego::Mv]| {
        let t = side_threats(&problem, Side::Attacker, moves, Side::Attacker, &o, None)
            .expect("a legal line");
        assert_eq!(t.stopped, None, "after {moves:?}: {t:?}");
        t
    };
    let root = count(&[]);
    assert_eq!((root.threats, root.opponent), (Some(0), None), "{root:?}");
    let first = *root.pv.first().expect("a winning line");
    let after = count(&[first]);
    assert_eq!(
        (after.threats, after.opponent),
        (Some(0), None),
        "the count's first move {first:?} is turned by threats: {after:?}"
    );
}

/// The analysis (the CLI's and the server's) on the same case: dead in
/// the counts, with no count of White threats turning it, so its line and
/// its line without threats open with a move after which White, moving
/// with the most threats tried, still does not live (the line without
/// threats opened with A16, which two threats turn).
#[test]
fn an_outright_analysis_leads_with_a_move_that_wins_outright() {
    let parsed = data_file("cases/cho-intermediate-0434-reach2-frame.txt");
    let problem = Problem::new(parsed.spec).expect("the case poses");
    let o = Options {
        max_pv: 40,
        ..book_counts(true)
    };
    let a = analyse(&problem, Side::Attacker, &o, None, None);
    let k = a.threats.as_ref().expect("threat counts");
    assert_eq!(
        (k.plain, k.attacker, k.defender, k.stopped),
        (Outcome::AttackerWins, Some(0), None, None),
        "{k:?}"
    );
    let first = *a.pv.first().expect("a line");
    assert_eq!(k.plain_pv.first(), Some(&first), "{a:?}");
    let after = side_threats(&problem, Side::Attacker, &[first], Side::Attacker, &o, None)
        .expect("a legal line");
    assert_eq!(
        (after.threats, after.opponent, after.stopped),
        (Some(0), None, None),
        "the analysis's first move {first:?} is turned by threats: {after:?}"
    );
}

// Cho problems whose book move the bench scores a ko, where GNU Go's owl
// calls it unconditional (issue 19, fourteenth session): after the book's
// move the defender, moving first, is dead without threats and lives with
// one external ko threat, in the book regime with its stop. Owl
// finds each ko itself a move or two down the line (the case files' notes
// give it); the counts here agree with the exhaustive reference's book
// game, so the kos are the rules' (a proof stays a proof), not the ko
// model's.
#[test]
fn book_kos_that_owl_calls_unconditional_are_real() {
    for (name, want) in [
        (
            "cases/cho-intermediate-0012-after-b19.txt",
            (Outcome::AttackerWins, Some(0), Some(1)),
        ),
        (
            "cases/cho-intermediate-0023-after-d19.txt",
            (Outcome::AttackerWins, Some(0), Some(1)),
        ),
    ] {
        let parsed = data_file(name);
        assert_eq!(parsed.regime().expect("rules"), Regime::BOOK, "{name}");
        let problem = Problem::new(parsed.spec).expect("the case poses");
        let k = analyse(&problem, Side::Defender, &book_counts(true), None, None)
            .threats
            .expect("threat counts");
        assert_eq!(k.stopped, None, "{name}: {k:?}");
        assert_eq!((k.plain, k.attacker, k.defender), want, "{name}: {k:?}");
        assert_eq!(
            reference_counts_in(&problem, Regime::BOOK, Side::Defender, 3, REFERENCE_CAP),
            Some(want),
            "{name}: the reference"
        );
    }
}

// Two small book problems whose threat counts, with the book regime's stop
// (`Options::book_stop`), once ran to the 5 M-node cap: the proof numbers,
// summed once per path through the passes' transpositions, reached the
// thresholds' cap, and a root at the cap returned from every call at once
// without working on its other (small) number. Capped lower, every count
// finishes in a few tens of thousands of nodes, with and without the plain
// proofs, and the two agree.
#[test]
fn saturated_proof_numbers_do_not_stall_the_book_threat_counts() {
    for name in [
        "classic/16_second_line_side_6.txt",
        "classic/17_second_line_side_7.txt",
    ] {
        let problem = Problem::new(data_file(name).spec).expect("poses");
        for first in [Side::Attacker, Side::Defender] {
            for side in [Side::Attacker, Side::Defender] {
                let count = |plain_proofs| {
                    let o = Options {
                        threat_search: 3,
                        plain_proofs,
                        book_stop: true,
                        limits: Limits::none().with_nodes(200_000).with_table_bytes(4 << 20),
                        ..options(Regime::BOOK, Ordering::Heuristic)
                    };
                    let t = side_threats(&problem, first, &[], side, &o, None).expect("no line");
                    assert_eq!(
                        t.stopped, None,
                        "{name}, {first} first, {side}'s count, plain proofs {plain_proofs}: \
                         stopped after {} nodes",
                        t.nodes
                    );
                    (t.threats, t.opponent, t.unlimited)
                };
                assert_eq!(count(true), count(false), "{name}, {first} first, {side}");
            }
        }
    }
}
