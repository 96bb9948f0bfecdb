//! GNU Go's owl reader against miai's tsumego solver on the same
//! life-and-death problems: `cargo bench -p miai-gtp --bench gnugo`.
//!
//! Problems: the repository's corpus (`crates/tsumego/tests/data/classic`
//! and `seed003`, posed with their headers) and a sample of Cho Chikun's
//! elementary problems (`../shared/data/tsumego/cho-elementary.jsonl`, or
//! the file `MIAI_CHO_JSONL` names; every `MIAI_GNUGO_EVERY`-th problem,
//! default 9, i.e. 100 of 900). Each problem is posed by miai (region,
//! attacker, tsumego frame for open book problems); GNU Go gets the very
//! same board — frame stones included — and is asked `owl_attack` (the
//! attacker moves first) and `owl_defend` (the defender moves first) for a
//! target stone. miai analyses both first players under the problem's
//! rules (seed rules, N = 2, unless a file says otherwise) within 2,000,000
//! nodes and 10 s per analysis.
//!
//! Answers are compared as classes: with the attacker first `kill` / `ko`
//! / `fail`, with the defender first `live` / `ko` / `fail` (miai's
//! `no-result` and `unproven` are classes of their own; GNU Go's codes 2
//! and 3, KO_A and KO_B, are `ko`). The bench prints the agreement, every
//! difference with both first moves, and the time per problem of each;
//! it asserts that GNU Go answered every query and that miai's proven
//! statuses on the corpus files are the ones the files state.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use miai_goban::{Color, Vertex};
use miai_gtp::client::Client;
use miai_search::Limits;
use miai_tsumego::bench::{BookProblem, book_setup, matches_expect};
use miai_tsumego::problem::file;
use miai_tsumego::report::move_name;
use miai_tsumego::{Options, Problem, ProblemSpec, Regime, Side, Status, analyse};

/// One problem as both programs get it.
struct Case {
    id: String,
    problem: Problem,
    regime: Regime,
    /// The file's stated statuses per first player (corpus files).
    expect: [Option<String>; 2],
    /// Why GNU Go cannot be given the whole problem (headers it has no
    /// notion of).
    caveat: Option<String>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus() -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for dir in ["classic", "seed003"] {
        let d = root().join("crates/tsumego/tests/data").join(dir);
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&d)
            .map_err(|e| format!("{}: {e}", d.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let f = file::parse(&text).map_err(|e| format!("{}: {e}", p.display()))?;
            let regime = f.regime().map_err(|e| e.to_string())?;
            // What the solver gives: the file's `solver-differs` where the
            // published status is not the seed rules' answer.
            let stated = f.stated("expect").map_err(|e| e.to_string())?;
            let differs = f.stated("solver-differs").map_err(|e| e.to_string())?;
            let expect = [Side::Attacker, Side::Defender].map(|s| {
                differs
                    .as_ref()
                    .and_then(|st| st.get(s))
                    .or_else(|| stated.as_ref().and_then(|st| st.get(s)))
                    .map(str::to_string)
            });
            let mut caveats = Vec::new();
            if f.spec.setup.ko.is_some() {
                caveats.push("a ko ban");
            }
            if f.spec.region.is_some() {
                caveats.push("a given region");
            }
            if f.spec.attacker_just_tenukied {
                caveats.push("the attacker's tenuki");
            }
            if regime != Regime::SEED {
                caveats.push("rules other than N = 2");
            }
            let problem =
                Problem::new(f.spec.clone()).map_err(|e| format!("{}: {e}", p.display()))?;
            out.push(Case {
                id: format!(
                    "{dir}/{}",
                    p.file_stem()
                        .map(|s| s.to_string_lossy())
                        .unwrap_or_default()
                ),
                problem,
                regime,
                expect,
                caveat: (!caveats.is_empty()).then(|| caveats.join(", ")),
            });
        }
    }
    Ok(out)
}

fn book(every: usize) -> Result<(Vec<Case>, usize), String> {
    let path = std::env::var_os("MIAI_CHO_JSONL")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/data/tsumego/cho-elementary.jsonl"));
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            println!("(no book problems: {}: {e})", path.display());
            return Ok((Vec::new(), 0));
        }
    };
    let mut out = Vec::new();
    let mut not_posed = 0;
    for (i, line) in text.lines().enumerate() {
        if i % every != 0 || line.trim().is_empty() {
            continue;
        }
        let p: BookProblem =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let id = p.id.clone().unwrap_or_else(|| format!("line {}", i + 1));
        let Ok((setup, _sol)) = book_setup(&p) else {
            not_posed += 1;
            continue;
        };
        match Problem::new(ProblemSpec::new(setup)) {
            Ok(problem) => out.push(Case {
                id: format!("cho/{id}"),
                problem,
                regime: Regime::SEED,
                expect: [None, None],
                caveat: None,
            }),
            Err(_) => not_posed += 1,
        }
    }
    Ok((out, not_posed))
}

/// A defender stone of the target, on the original board.
fn target(problem: &Problem) -> Option<Vertex> {
    let start = problem.start();
    problem
        .target_points()
        .iter()
        .find(|v| start.stones[v.index()] == Some(problem.defender()))
        .and_then(|v| problem.to_original(v))
}

/// miai's class of a status for a first player.
fn miai_class(side: Side, s: Status) -> &'static str {
    match (side, s) {
        (_, Status::Ko { .. }) => "ko",
        (_, Status::NoResult) => "no-result",
        (_, Status::Unproven(_)) => "unproven",
        (Side::Attacker, Status::Dead) => "kill",
        (Side::Attacker, _) => "fail",
        (Side::Defender, Status::Alive | Status::Seki) => "live",
        (Side::Defender, _) => "fail",
    }
}

/// GNU Go's class of an owl answer (`0`, `1 C3`, `2 C3`, `3 C3`).
fn gnugo_class(side: Side, answer: &str) -> (&'static str, Option<String>) {
    let mut w = answer.split_whitespace();
    let code = w.next().unwrap_or("?");
    let mv = w.next().map(str::to_ascii_uppercase);
    let class = match (side, code) {
        (_, "2" | "3") => "ko",
        (Side::Attacker, "1") => "kill",
        (Side::Defender, "1") => "live",
        (_, "0") => "fail",
        _ => "?",
    };
    (class, mv)
}

struct Row {
    id: String,
    side: Side,
    miai: &'static str,
    miai_move: Option<String>,
    gnugo: &'static str,
    gnugo_move: Option<String>,
    caveat: Option<String>,
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn main() -> Result<(), String> {
    let gnugo = ["gnugo", "/usr/games/gnugo"]
        .into_iter()
        .find(|p| {
            std::process::Command::new(p)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .ok_or("gnugo is not installed (apt-get install gnugo)")?;
    let every: usize = std::env::var("MIAI_GNUGO_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(9);
    let mut cases = corpus()?;
    let n_corpus = cases.len();
    let (book_cases, not_posed) = book(every)?;
    cases.extend(book_cases);
    let mut gg = Client::spawn(gnugo, &["--mode", "gtp"]).map_err(|e| e.to_string())?;
    let limits = Limits::none()
        .with_nodes(2_000_000)
        .with_time(Duration::from_secs(10));
    let mut rows = Vec::new();
    let (mut t_miai, mut t_gnugo) = (Vec::new(), Vec::new());
    let mut expect_failures = Vec::new();
    for case in &cases {
        let p = &case.problem;
        let original = p.original();
        let Some((size, _)) = original.graph.dimensions() else {
            continue;
        };
        let Some(t) = target(p) else { continue };
        gg.ok(&format!("boardsize {size}"))?;
        gg.ok("clear_board")?;
        for v in original.graph.vertices() {
            if let Some(c) = original.stones[v.index()] {
                let color = if c == Color::Black { "black" } else { "white" };
                gg.ok(&format!("play {color} {}", original.graph.vertex_name(v)))?;
            }
        }
        let tname = original.graph.vertex_name(t);
        let started = Instant::now();
        let attack = gg.ok(&format!("owl_attack {tname}"))?;
        let defend = gg.ok(&format!("owl_defend {tname}"))?;
        t_gnugo.push(started.elapsed());
        let options = Options {
            regime: case.regime,
            limits,
            ..Options::default()
        };
        let started = Instant::now();
        for (i, (side, owl)) in [(Side::Attacker, &attack), (Side::Defender, &defend)]
            .into_iter()
            .enumerate()
        {
            let a = analyse(p, side, &options, None, None);
            if let Some(want) = &case.expect[i]
                && want != "-"
                && a.status.is_proven()
                && !matches_expect(want, a.status)?
            {
                expect_failures.push(format!(
                    "{} {side} first: {} (file: {want})",
                    case.id,
                    a.status.word()
                ));
            }
            let (gclass, gmove) = gnugo_class(side, owl);
            if gclass == "?" {
                return Err(format!("{}: GNU Go answered {owl:?}", case.id));
            }
            rows.push(Row {
                id: case.id.clone(),
                side,
                miai: miai_class(side, a.status),
                miai_move: a
                    .pv
                    .first()
                    .filter(|_| a.status.is_proven())
                    .map(|&m| move_name(p, m)),
                gnugo: gclass,
                gnugo_move: gmove,
                caveat: case.caveat.clone(),
            });
        }
        t_miai.push(started.elapsed());
    }
    // The summary.
    println!(
        "problems: {} ({} corpus files, {} Cho elementary, every {every}th; {not_posed} not posed)",
        t_gnugo.len(),
        n_corpus,
        cases.len() - n_corpus
    );
    for (label, filter) in [("corpus", "cho/"), ("Cho elementary sample", "")] {
        let sel: Vec<&Row> = rows
            .iter()
            .filter(|r| {
                if filter.is_empty() {
                    r.id.starts_with("cho/")
                } else {
                    !r.id.starts_with(filter)
                }
            })
            .collect();
        for side in [Side::Attacker, Side::Defender] {
            let s: Vec<&&Row> = sel.iter().filter(|r| r.side == side).collect();
            let agree = s.iter().filter(|r| r.miai == r.gnugo).count();
            let unproven = s
                .iter()
                .filter(|r| r.miai == "unproven" || r.miai == "no-result")
                .count();
            let both_win = s
                .iter()
                .filter(|r| r.miai == r.gnugo && (r.miai == "kill" || r.miai == "live"))
                .count();
            let same_move = s
                .iter()
                .filter(|r| {
                    r.miai == r.gnugo
                        && (r.miai == "kill" || r.miai == "live")
                        && r.miai_move.is_some()
                        && r.miai_move == r.gnugo_move
                })
                .count();
            println!(
                "{label}, {side} first: {agree}/{} agree ({unproven} unproven or no result on miai's side); \
                 same first move in {same_move} of {both_win} agreed wins",
                s.len()
            );
        }
    }
    println!("\ndifferences (problem, first player: miai class [move] vs GNU Go class [move]):");
    for r in rows.iter().filter(|r| r.miai != r.gnugo) {
        println!(
            "  {} {} first: miai {} [{}] vs GNU Go {} [{}]{}",
            r.id,
            r.side,
            r.miai,
            r.miai_move.as_deref().unwrap_or("-"),
            r.gnugo,
            r.gnugo_move.as_deref().unwrap_or("-"),
            r.caveat
                .as_ref()
                .map_or(String::new(), |c| format!(" (GNU Go is not told: {c})"))
        );
    }
    let total = |v: &[Duration]| v.iter().sum::<Duration>();
    let max = |v: &[Duration]| v.iter().max().copied().unwrap_or_default();
    let (sm, sg) = (total(&t_miai), total(&t_gnugo));
    let (mm, mg) = (max(&t_miai), max(&t_gnugo));
    println!(
        "\ntime per problem (both first players): miai median {:.1} ms, mean {:.1} ms, max {:.0} ms; \
         GNU Go median {:.1} ms, mean {:.1} ms, max {:.0} ms",
        median(&mut t_miai).as_secs_f64() * 1e3,
        sm.as_secs_f64() * 1e3 / t_miai.len().max(1) as f64,
        mm.as_secs_f64() * 1e3,
        median(&mut t_gnugo).as_secs_f64() * 1e3,
        sg.as_secs_f64() * 1e3 / t_gnugo.len().max(1) as f64,
        mg.as_secs_f64() * 1e3,
    );
    if !expect_failures.is_empty() {
        return Err(format!(
            "miai disagrees with the corpus files: {}",
            expect_failures.join("; ")
        ));
    }
    if t_gnugo.len() != cases.len() {
        return Err(format!(
            "only {} of {} problems reached GNU Go",
            t_gnugo.len(),
            cases.len()
        ));
    }
    Ok(())
}
