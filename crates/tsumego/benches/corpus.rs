//! Bench binary: the solver on the repository's own test corpus
//! (`tests/data/classic` and `tests/data/seed003`), every status the files
//! state, asserted as it is measured.
//!
//! ```text
//! cargo bench -p miai-tsumego --bench corpus             # 5 rounds
//! cargo bench -p miai-tsumego --bench corpus -- --rounds 1 --verbose
//! cargo bench -p miai-tsumego --bench corpus -- classic/   # names containing it
//! cargo bench -p miai-tsumego --bench corpus -- --threat-search 0
//! cargo bench -p miai-tsumego --bench corpus -- --plain-init
//! cargo bench -p miai-tsumego --bench corpus -- --regions --no-room
//! cargo bench -p miai-tsumego --bench corpus -- --safety
//! ```
//!
//! `--threat-search N` sets `Options::threat_search` (the ko-threat counts
//! of each analysis; default `Options::DEFAULT_THREAT_SEARCH`; 0: the
//! seed's statuses alone, the figure of the versions before the counts).
//! `--plain-init` turns `Options::heuristic_init` off (plain df-pn, the
//! figure of the versions before df-pn+). `--regions` turns
//! `Options::eye_regions` on (off by default), `--no-room`
//! `Options::eye_room` off (`--no-room` alone: the figure of the versions
//! before them). `--safety` turns `Options::safety` on (off by default).
//!
//! It prints the nodes searched (exact, the same on every machine), the
//! best wall time of the rounds and the time per node. Node counts are the
//! figure to compare between versions of the search; under
//! `valgrind --tool=callgrind` (one round) instructions per node are the
//! machine-independent cost of a node.
//!
//! A file's `solver-differs` header (a documented difference from the
//! published status) replaces its `expect` header, as in `tests/corpus.rs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use miai_tsumego::problem::file::{self, ProblemFile};
use miai_tsumego::{DEFAULT_LIMITS, Options, Problem, Side, analyse};

/// One analysis to run: a file, a first player and the status word it must
/// give.
struct Case {
    name: String,
    problem: Problem,
    options: Options,
    first: Side,
    want: String,
}

fn files(dir: &str) -> Result<Vec<PathBuf>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .map_err(|e| format!("{}: {e}", root.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The status a file's header `key` states for `first`.
fn wanted(f: &ProblemFile, key: &str, first: Side) -> Result<Option<String>, String> {
    Ok(f.stated(key)
        .map_err(|e| e.to_string())?
        .and_then(|s| s.get(first).map(str::to_string)))
}

fn cases() -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for dir in ["classic", "seed003"] {
        for path in files(dir)? {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let f: ProblemFile =
                file::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let regime = f.regime().map_err(|e| format!("{}: {e}", path.display()))?;
            let problem =
                Problem::new(f.spec.clone()).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            for first in [Side::Attacker, Side::Defender] {
                let err = |e: String| format!("{}: {e}", path.display());
                let want = match wanted(&f, "solver-differs", first).map_err(err)? {
                    Some(w) => Some(w),
                    None => wanted(&f, "expect", first).map_err(err)?,
                };
                let Some(want) = want else {
                    continue;
                };
                out.push(Case {
                    name: format!("{dir}/{name}"),
                    problem: problem.clone(),
                    options: Options {
                        regime,
                        limits: DEFAULT_LIMITS.with_nodes(3_000_000),
                        ..Options::default()
                    },
                    first,
                    want,
                });
            }
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let mut rounds = 5usize;
    let mut verbose = false;
    let mut threat_search = Options::DEFAULT_THREAT_SEARCH;
    let mut heuristic_init = true;
    let mut eye_regions = false;
    let mut eye_room = true;
    let mut safety = false;
    let mut filters: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => {
                    eprintln!("--rounds: expected a positive number");
                    return ExitCode::FAILURE;
                }
            },
            "--verbose" => verbose = true,
            "--plain-init" => heuristic_init = false,
            "--regions" => eye_regions = true,
            "--no-room" => eye_room = false,
            "--safety" => safety = true,
            "--threat-search" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => threat_search = n,
                None => {
                    eprintln!("--threat-search: expected a number 0..=255");
                    return ExitCode::FAILURE;
                }
            },
            // `cargo bench` passes `--bench`.
            "--bench" => {}
            _ => filters.push(a),
        }
    }
    let cases = match cases() {
        Ok(c) if filters.is_empty() => c,
        Ok(c) => c
            .into_iter()
            .filter(|c| filters.iter().any(|f| c.name.contains(f.as_str())))
            .collect(),
        Err(e) => {
            eprintln!("corpus bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    let cases: Vec<Case> = cases
        .into_iter()
        .map(|mut c| {
            c.options.threat_search = threat_search;
            c.options.heuristic_init = heuristic_init;
            c.options.eye_regions = eye_regions;
            c.options.eye_room = eye_room;
            c.options.safety = safety;
            c
        })
        .collect();
    let mut best = vec![Duration::MAX; cases.len()];
    let mut nodes = vec![0u64; cases.len()];
    let mut failures = Vec::new();
    for round in 0..rounds {
        for (i, c) in cases.iter().enumerate() {
            let started = Instant::now();
            let a = analyse(&c.problem, c.first, &c.options, None, None);
            best[i] = best[i].min(started.elapsed());
            nodes[i] = a.nodes;
            let got = a.status.word();
            if round == 0 && got != c.want {
                failures.push(format!(
                    "{} {} first: expected {}, got {}",
                    c.name, c.first, c.want, a.status
                ));
            }
        }
    }
    if verbose {
        for (i, c) in cases.iter().enumerate() {
            println!(
                "{:<48} {:<9} {:>9} nodes {:>10.3} ms",
                c.name,
                format!("{}", c.first),
                nodes[i],
                best[i].as_secs_f64() * 1e3
            );
        }
    }
    let total_nodes: u64 = nodes.iter().sum();
    let total: Duration = best.iter().sum();
    println!(
        "corpus: {} analyses, {} nodes, {:.1} ms (best of {} rounds), {:.2} µs per node",
        cases.len(),
        total_nodes,
        total.as_secs_f64() * 1e3,
        rounds,
        total.as_secs_f64() * 1e6 / total_nodes.max(1) as f64
    );
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!("wrong answers:\n{}", failures.join("\n"));
        ExitCode::FAILURE
    }
}
