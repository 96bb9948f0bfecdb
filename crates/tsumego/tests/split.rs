//! Two threads on one query (`Options::split`): the helper thread reads
//! and writes the table the main searcher uses, so a proof either stores
//! is taken by the other. Only history-free values enter the table; these
//! tests check that the answers are the one-thread search's: on every data
//! file (both players first, with threat counts) and on seeded random
//! problems in the three regimes, with the helper joining every query at
//! once (a first stretch of 0 nodes) or after a few nodes. They also check
//! that the helper did search and that each thread read proofs the other
//! stored (else the comparison would be of a search with itself).

#[allow(dead_code, unused_imports)]
mod common;

use std::path::{Path, PathBuf};

use miai_tsumego::problem::file;
use miai_tsumego::{
    Limits, Options, Ordering, Problem, Regime, Side, Split, SplitHelper, SplitStats, Status,
    analyse,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::describe;
use common::random::{self, Style};

fn data_paths() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut paths = Vec::new();
    for dir in ["classic", "seed003", "cases"] {
        let dir = root.join(dir);
        for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let p = e.expect("directory entry").path();
            if p.extension().is_some_and(|x| x == "txt") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    assert!(!paths.is_empty(), "no data files");
    paths
}

/// What the comparison reads of an analysis: the status, the reading
/// without threats and the threat counts.
fn answers(a: &miai_tsumego::Analysis) -> String {
    format!(
        "{:?} / {:?} / {:?}",
        a.status,
        a.without_threats,
        a.threats.as_ref().map(|t| t.code())
    )
}

/// Sums the split runs' statistics.
#[derive(Default)]
struct Seen {
    compared: usize,
    stats: SplitStats,
    /// Shared tables grown (past each analysis's first).
    grown: u32,
    mismatches: Vec<String>,
}

impl Seen {
    fn compare(&mut self, name: &str, problem: &Problem, first: Side, one: &Options, after: u64) {
        let two = Options {
            split: Some(Split {
                after,
                helper: SplitHelper::Plain,
            }),
            ..*one
        };
        let a = analyse(problem, first, one, None, None);
        let b = analyse(problem, first, &two, None, None);
        assert_eq!(a.split, None, "one thread keeps no split statistics");
        let s = b.split.expect("the split analysis's statistics");
        if matches!(a.status, Status::Unproven(_)) || matches!(b.status, Status::Unproven(_)) {
            return;
        }
        self.compared += 1;
        self.stats.queries += s.queries;
        self.stats.helper_first += s.helper_first;
        self.stats.helper_nodes += s.helper_nodes;
        self.grown += s.tables.saturating_sub(1);
        for i in 0..2 {
            self.stats.read_proofs[i] += s.read_proofs[i];
            self.stats.read_other[i] += s.read_other[i];
        }
        if answers(&a) != answers(&b) {
            self.mismatches.push(format!(
                "{name} ({:?}, {first} first, split after {after}): {} one thread, {} two\n{}",
                one.regime,
                answers(&a),
                answers(&b),
                describe(problem)
            ));
        }
    }

    fn finish(self, min_compared: usize) {
        assert!(self.mismatches.is_empty(), "{}", self.mismatches.join("\n"));
        assert!(
            self.compared >= min_compared,
            "only {} compared",
            self.compared
        );
        let s = self.stats;
        assert!(
            s.queries > 0 && s.helper_nodes > 0,
            "the helper never ran: {s:?}"
        );
        assert!(
            s.read_other[0] > 0 && s.read_other[1] > 0,
            "no thread read the other's proofs: {s:?}"
        );
        // The shared table starts small, sized from the entries at the
        // join, and grows between stretches: that path ran too.
        assert!(self.grown > 0, "no shared table grew: {s:?}");
        eprintln!(
            "{} compared, {} tables grown, {s:?}",
            self.compared, self.grown
        );
    }
}

fn options(regime: Regime) -> Options {
    Options {
        regime,
        limits: Limits::none()
            .with_nodes(3_000_000)
            .with_table_bytes(8 << 20),
        ..Options::default()
    }
}

#[test]
fn two_threads_answer_the_data_files_as_one() {
    let mut seen = Seen::default();
    for (i, path) in data_paths().iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("readable data file");
        let f = file::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Ok(p) = Problem::new(f.spec.clone()) else {
            continue;
        };
        let regime = f.regime().expect("valid rules headers");
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        for first in [Side::Attacker, Side::Defender] {
            // The helper joins at once, or after a stretch alone.
            let after = [0, 200][i % 2];
            seen.compare(&name, &p, first, &options(regime), after);
        }
    }
    seen.finish(60);
}

#[test]
fn two_threads_answer_random_problems_as_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5_9117);
    let mut seen = Seen::default();
    for i in 0..120 {
        let style = if i % 2 == 0 {
            Style::EyeSpace
        } else {
            Style::Mixed
        };
        let spec = random::random_problem(&mut rng, 16, 8, style);
        let Ok(problem) = Problem::new(spec) else {
            continue;
        };
        let regime = random::regime_in_turn(&mut rng, i);
        let ordering = if i % 4 == 3 {
            Ordering::Shuffled(rng.random())
        } else {
            Ordering::Heuristic
        };
        let one = Options {
            ordering,
            threat_search: 2,
            ..options(regime)
        };
        for first in [Side::Attacker, Side::Defender] {
            let after = rng.random_range(0..50);
            seen.compare(&format!("random case {i}"), &problem, first, &one, after);
        }
    }
    seen.finish(150);
}
