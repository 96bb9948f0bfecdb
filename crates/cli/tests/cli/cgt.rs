//! `miai cgt` end to end (values from seed 002 and the literature).

use std::process::Command;

fn miai(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .arg("cgt")
        .args(args)
        .output()
        .expect("run miai");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn example() -> String {
    format!(
        "{}/../../examples/cgt/seed002-race.cgt",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn seed002_race_report() {
    let (ok, out, err) = miai(&["{4|0} + {6|{4|0}} - 7"]);
    assert!(ok, "{err}");
    assert!(out.contains("canonical:    {1,{3|-1}|-3}"), "{out}");
    assert!(out.contains("outcome:      N"), "{out}");
    assert!(out.contains("stops:        left 1, right -3"), "{out}");
    assert!(out.contains("mean:         -1"), "{out}");
    assert!(out.contains("temperature:  2"), "{out}");
}

#[test]
fn readme_demo_cools_the_example_file() {
    let (ok, out, err) = miai(&["--file", &example(), "--cool", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("cooled by 2:  -1^*"), "{out}");
    assert!(out.contains("number:     no"), "{out}");
    assert!(out.contains("confused with integers: -1\n"), "{out}");
}

#[test]
fn json_output_is_machine_readable() {
    let (ok, out, err) = miai(&["{4|0}", "--cool", "2", "--heat", "1", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["canonical"], "{4|0}");
    assert_eq!(v["mean"], "2");
    assert_eq!(v["temperature"], "2");
    assert_eq!(v["cooled"]["value"], "2*");
    assert_eq!(v["cooled"]["is_number"], false);
    assert_eq!(
        v["cooled"]["confused_with_integers"],
        serde_json::json!([2])
    );
    // Heating {4|0} by 1 gives {5|-1} (WW ch. 6: {a|b} heated by t is {a+t|b-t}).
    assert_eq!(v["heated"]["value"], "{5|-1}");
    assert_eq!(v["thermograph"]["temperature"], "2");
}

#[test]
fn thermograph_svg_is_written() {
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let path = dir.join("pm1.svg");
    let (ok, out, err) = miai(&["+-1", "--thermograph", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("thermograph:  written to"), "{out}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<polyline") && svg.trim_end().ends_with("</svg>")
    );
    assert!(svg.contains("mean 0 temperature 1"));
}

#[test]
fn bad_input_names_the_column() {
    let (ok, _, err) = miai(&["{1|2"]);
    assert!(!ok);
    assert!(err.contains("column 5"), "{err}");
    assert!(err.contains("expected ',', '|' or '}'"), "{err}");
    let (ok, _, err) = miai(&["1", "--cool", "1/3"]);
    assert!(!ok);
    assert!(err.contains("1/3"), "{err}");
    let (ok, _, err) = miai(&["--file", "/nonexistent/miai.cgt"]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn issue18_limits_cut_off_with_exit_1() {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(["cgt", "99222v2*213", "--max-nodes", "20000"])
        .output()
        .expect("run miai");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cut off (node limit reached)"), "{err}");
    let switches: Vec<String> = (0..40).map(|i| format!("{{{}|{}}}", i + 20, -i)).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(["cgt", &switches.join(" + "), "--table-mb", "16"])
        .output()
        .expect("run miai");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("memory limit reached"), "{err}");
    // Ordinary expressions are unaffected by the limits.
    let (ok, out, err) = miai(&["{4|0}", "--max-nodes", "1000", "--time", "60"]);
    assert!(ok, "{err}");
    assert!(out.contains("temperature:  2"), "{out}");
}

#[test]
fn issue18_endless_file_is_refused() {
    if std::path::Path::new("/dev/zero").exists() {
        let (ok, _, err) = miai(&["--file", "/dev/zero"]);
        assert!(!ok);
        assert!(err.contains("/dev/zero") && err.contains("limit"), "{err}");
    }
}

#[test]
fn issue18_causes_are_not_printed_twice() {
    // The parse error's source (the game algebra's refusal) is part of its
    // message: it used to follow again as "caused by".
    let (ok, _, err) = miai(&["*3000"]);
    assert!(!ok);
    assert_eq!(err.matches("too large").count(), 1, "{err}");
}

#[test]
fn issue21_a_leading_minus_needs_no_double_dash() {
    // -{2|1} = {-1|-2} (negation swaps and negates the options).
    let (ok, out, err) = miai(&["-{2|1}"]);
    assert!(ok, "{err}");
    assert!(out.contains("canonical:    {-1|-2}"), "{out}");
    let (ok, out, err) = miai(&["-1/2*", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["canonical"], "-1/2*");
    // After other flags too.
    let (ok, out, err) = miai(&["--cool", "1", "-{3|-1}"]);
    assert!(ok, "{err}");
    assert!(out.contains("cooled by 1:  {0|-2}"), "{out}");
}

#[test]
fn issue21_all_lists_options_incentives_reduced_form_and_atomic_weight() {
    let (ok, out, err) = miai(&["^", "--all"]);
    assert!(ok, "{err}");
    // The answer first, the details after it.
    assert!(
        out.starts_with("expression:   ^\ncanonical:    ^\n"),
        "{out}"
    );
    // CGSuite's test table: ^ has options {0 | *}; WW ch. 8: aw(^) = 1.
    for line in [
        "left options:     0\n",
        "right options:    *\n",
        "left incentives:  v\n",
        "right incentives: ^*\n",
        "reduced:          0\n",
        "atomic weight:    1\n",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    let (ok, out, err) = miai(&["{1|0}", "--all"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("atomic weight:    not defined: the game is not all-small"),
        "{out}"
    );
    let (ok, out, err) = miai(&["{^2|v}", "--all", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    // The cgt crate's test value (from CGSuite): aw({^2|v}) = 1/2.
    assert_eq!(v["details"]["atomic_weight"], "1/2");
    assert_eq!(v["details"]["all_small"], true);
    // Without --all there are no details.
    let (_, out, _) = miai(&["^"]);
    assert!(!out.contains("atomic weight"), "{out}");
}

#[test]
fn issue21_dyadic_decimals_and_the_refusal_of_others() {
    let (ok, out, err) = miai(&["2.5 + {1.5|0}", "--cool", "0.5"]);
    assert!(ok, "{err}");
    assert!(out.contains("canonical:    {4|5/2}"), "{out}");
    assert!(out.contains("cooled by 1/2:"), "{out}");
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(["cgt", "{2|0.1}"])
        .output()
        .expect("run miai");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("at column 4") && err.contains("not a dyadic rational"),
        "{err}"
    );
    // The column is named once.
    assert_eq!(err.matches("column").count(), 1, "{err}");
}
