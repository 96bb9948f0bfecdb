//! Classical capturing races (Richard Hunter, "Counting Liberties and
//! Winning Capturing Races", 2004; Martin Müller, "Race to capture:
//! analyzing semeai in Go", Game Programming Workshop in Japan '99; Teigo
//! Nakamura, "Counting liberties in Go capturing races", Games of No
//! Chance 3, 2009): each data file states its expected result and the rule
//! of thumb behind it; the search must reproduce it, where the race is
//! inside the seed's method the CGT verdicts must agree, and the race's
//! reported verdict (`expect-decision`, seki included) must be the one
//! stated.

use miai_goban::Color;
use miai_semeai::{Evaluation, Options, Race, RaceOutcome, Source, analyse};

fn outcome(word: &str) -> Option<RaceOutcome> {
    match word {
        "Black" => Some(RaceOutcome::BlackCaptures),
        "White" => Some(RaceOutcome::WhiteCaptures),
        "seki" => Some(RaceOutcome::Seki),
        _ => None,
    }
}

#[test]
fn classical_races() {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    let mut models = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("race-") {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        let race = Race::parse(&text).unwrap();
        let options = Options {
            search_limits: Some(miai_search::Limits::none().with_nodes(1_000_000)),
            ..Options::default()
        };
        let a = analyse(&race, &options).unwrap();
        let s = a.search.unwrap();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("; expect-search:") {
                for item in rest.split_whitespace() {
                    let (k, v) = item.split_once('=').unwrap();
                    let got = if k == "black-first" {
                        s.black_first
                    } else {
                        s.white_first
                    };
                    assert_eq!(got, outcome(v), "{name}: {k}");
                }
            }
            if let Some(rest) = line.strip_prefix("; expect-seed:") {
                let v = a.verdict(Evaluation::Seed).unwrap();
                assert_eq!(v.words(), rest.trim(), "{name}");
                // The CGT verdict and the search agree on these.
                assert!(a.disagreements(Evaluation::Seed).is_empty(), "{name}");
                assert!(a.disagreements(Evaluation::Stops).is_empty(), "{name}");
                assert_eq!(v.black_first, s.black_first.and_then(RaceOutcome::winner));
                let _ = Color::Black;
            }
            if let Some(rest) = line.strip_prefix("; expect-decision:") {
                // The race's reported verdict: the model's inside its
                // domain, the search's (seki included) outside it.
                assert_eq!(a.decision(Evaluation::Stops).words(), rest.trim(), "{name}");
            }
            if line.starts_with("; expect-model: yes") {
                // Shared liberties (issue 25): inside the model's domain,
                // the verdict the model's by the shared-liberty rule, seki
                // included, and the search agrees with it.
                assert!(a.in_domain(), "{name}: {:?} {:?}", a.fallback, a.outside);
                assert!(a.shared.is_some(), "{name}");
                let d = a.decision(Evaluation::Stops);
                assert_eq!(d.source, Source::Method(Evaluation::Stops), "{name}");
                assert_eq!(
                    (d.black_first, d.white_first),
                    (s.black_first, s.white_first),
                    "{name}"
                );
                assert!(a.disagreements(Evaluation::Stops).is_empty(), "{name}");
                assert!(a.disagreements(Evaluation::Seed).is_empty(), "{name}");
                models += 1;
            }
        }
    }
    assert!(seen >= 5);
    assert!(models >= 7, "{models}");
}
