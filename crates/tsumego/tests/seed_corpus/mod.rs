//! The corpus files (classic and seed-003) under the seed's rules, shared
//! by the cross-checks that run every one of them (`tests/eyes.rs`,
//! `tests/switched`).

use std::path::Path;

use miai_tsumego::problem::file;
use miai_tsumego::{Problem, Regime};

/// The corpus files (classic and seed-003) under the seed's rules, in
/// name order: each posed, with its regime and its path.
pub fn seed_rule_corpus() -> Vec<(Problem, Regime, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut out = Vec::new();
    for dir in ["classic", "seed003"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("the corpus is there")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("readable");
            let f = file::parse(&text).expect("the corpus parses");
            let regime = f.regime().expect("valid rules");
            if !regime.seed_rules() {
                continue;
            }
            let problem = Problem::new(f.spec.clone()).expect("the corpus poses");
            out.push((problem, regime, path.display().to_string()));
        }
    }
    out
}
