//! Every solving subcommand takes the same limit flags, validated once:
//! a value that is not a positive finite number in range is refused before
//! any work, with the flag and the value named, exit code 2, and never a
//! panic (`Duration::from_secs_f64` used to panic on `nan` and `1e300`).

use std::process::Command;

/// The solving subcommands, each with arguments that would run it.
const SOLVERS: &[&[&str]] = &[
    &["cgt", "{1|-1}"],
    &["tsumego", "examples/tsumego-missing.txt"],
    &["tsumego", "bench", "examples/tsumego-missing.jsonl"],
    &["graphgo", "solve", "--board", "2x2"],
    &["semeai", "examples/semeai/seed002-fig2.txt"],
    &["nko", "4", "2", "--passes"],
    &["nko", "verify", "--max-n", "4"],
    &["achieve", "solve", "--creature", "0,1", "--area", "4"],
    &["achieve", "prove", "--creature", "0,1"],
];

const FLAGS: &[&str] = &["--max-nodes", "--time", "--table-mb"];
const BAD: &[&str] = &["nan", "inf", "-1", "1e300", "0"];

fn run(args: &[String]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("miai runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn every_solver_refuses_bad_limits_by_name() {
    for solver in SOLVERS {
        for flag in FLAGS {
            // semeai's search may be skipped with 0 nodes, as before.
            if solver[0] == "semeai" && *flag == "--max-nodes" {
                continue;
            }
            for bad in BAD {
                let mut args: Vec<String> = solver.iter().map(|s| s.to_string()).collect();
                args.push(format!("{flag}={bad}"));
                let (code, err) = run(&args);
                let what = args.join(" ");
                assert_eq!(code, Some(2), "{what}: {err}");
                assert!(err.contains(flag), "{what}: the flag is not named: {err}");
                assert!(err.contains(bad), "{what}: the value is not named: {err}");
                assert!(!err.contains("panicked"), "{what}: {err}");
            }
        }
    }
}

#[test]
fn every_solver_accepts_the_same_good_limits() {
    for solver in SOLVERS {
        let mut args: Vec<String> = solver.iter().map(|s| s.to_string()).collect();
        args.extend(["--max-nodes", "2e3", "--time", "30", "--table-mb", "1"].map(String::from));
        let (code, err) = run(&args);
        // Proven (0), cut off (1) or a missing input file (2, said so), but
        // never a refusal of the flags themselves.
        assert!(
            !err.contains("invalid value") && !err.contains("unexpected argument"),
            "{}: {err}",
            args.join(" ")
        );
        assert!(matches!(code, Some(0..=2)), "{}: {err}", args.join(" "));
    }
}
