//! Work units: split, solve every unit apart (through its JSON text, as
//! another process would), merge; the verdict equals the single-process
//! solver's (and, on small games, a plain minimax's), and the merged
//! certificate passes the independent checker, on every seed lemma and on
//! random hypergraphs.

mod common;

use miai_achieve::unit::{
    Problem, SplitManifest, Unit, UnitError, UnitResult, merge, solve_unit, split,
};
use miai_achieve::{
    Area, Certificate, Creature, Hypergraph, Limits, Origin, Player, Solver, Verdict, family,
    verify,
};
use proptest::prelude::*;

/// Split at `depth`, solve every unit from its JSON text, merge from JSON
/// text; the merged verdict and (with certificates) the certificate's text.
fn round_trip(problem: &Problem, depth: usize) -> (Verdict, Option<String>) {
    let s = split(problem, depth, Limits::none(), true).unwrap();
    let manifest = SplitManifest::from_json(&serde_json::to_string(&s.manifest).unwrap()).unwrap();
    assert_eq!(manifest, s.manifest);
    let results: Vec<UnitResult> = s
        .units
        .iter()
        .map(|u| {
            let u = Unit::from_json(&serde_json::to_string(u).unwrap()).unwrap();
            let r = solve_unit(&u, u.limits.limits(), None, &mut |_| {}).unwrap();
            UnitResult::from_json(&serde_json::to_string(&r).unwrap()).unwrap()
        })
        .collect();
    let merged = merge(&manifest, &results, true).unwrap();
    assert_eq!(merged.units, s.units.len());
    assert_eq!(merged.solved, s.units.len());
    (merged.verdict, merged.certificate.map(|c| c.to_string()))
}

fn single(problem: &Problem) -> Verdict {
    let mut solver = Solver::new(&problem.game, Limits::none()).unwrap();
    solver.solve(problem.first, &mut |_| {}).verdict
}

fn check(problem: &Problem, depth: usize) -> Verdict {
    let expected = single(problem);
    let (verdict, cert) = round_trip(problem, depth);
    assert_eq!(verdict, expected, "depth {depth}");
    let cert = cert.expect("a proven root gives a certificate");
    let verified = verify::verify_text(&cert).unwrap();
    assert_eq!(Some(verified.winner), expected.winner());
    assert_eq!(verified.first, problem.first);
    verdict
}

fn lemma(creature: &str, area: usize) -> Problem {
    let creature: Creature = creature.parse().unwrap();
    let area = Area::consecutive(area).unwrap();
    let game = family(&creature, &area, creature.middle(), false).unwrap();
    Problem {
        game,
        origin: Origin::Family {
            anchor: creature.middle(),
            creature,
            area,
            mirror: false,
        },
        first: Player::Maker,
    }
}

#[test]
fn every_seed_lemma_round_trips_at_depths_0_to_2() {
    let text = include_str!("data/seed_lemmas.txt");
    let mut seen = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let problem = lemma(f[1], f[2].parse().unwrap());
        let winner: Player = f[4].parse().unwrap();
        for depth in 0..=2 {
            assert_eq!(check(&problem, depth), Verdict::Proven(winner), "{}", f[0]);
        }
        seen += 1;
    }
    assert_eq!(seen, 3);
}

#[test]
fn the_merged_certificate_is_the_family_s_and_verify_rechecks_the_family() {
    let problem = lemma("0,4,5,7,15", 14);
    let (_, cert) = round_trip(&problem, 1);
    let cert: Certificate = cert.unwrap().parse().unwrap();
    assert_eq!(cert.origin, problem.origin);
    assert_eq!(cert.game.set_lists(), problem.game.set_lists());
    // A strategy with one answer changed to an occupied cell is refused.
    let mut bad = cert.clone();
    let (&key, _) = bad.strategy.iter().next().unwrap();
    bad.strategy.insert(key, 200);
    assert!(verify::verify(&bad).is_err());
}

#[test]
fn missing_results_are_named_unless_the_root_is_decided_without_them() {
    let problem = lemma("0,4,5,7,15", 14);
    let s = split(&problem, 1, Limits::none(), false).unwrap();
    let results: Vec<UnitResult> = s
        .units
        .iter()
        .map(|u| solve_unit(u, Limits::none(), None, &mut |_| {}).unwrap())
        .collect();
    // Maker moves first and Breaker wins: every Maker move is needed.
    let err = merge(&s.manifest, &results[1..], false).unwrap_err();
    assert!(
        matches!(&err, UnitError::Missing { missing: 1, first, .. } if first == "u00000"),
        "{err}"
    );
    // A certificate asked for from units that wrote no strategy.
    let err = merge(&s.manifest, &results, true).unwrap_err();
    assert!(matches!(err, UnitError::NoStrategy { .. }), "{err}");
    let merged = merge(&s.manifest, &results, false).unwrap();
    assert_eq!(merged.verdict, Verdict::Proven(Player::Breaker));
    assert_eq!(merged.nodes, results.iter().map(|r| r.nodes).sum::<u64>());
}

#[test]
fn a_result_for_another_position_or_version_is_refused() {
    let problem = lemma("0,4,5,7,15", 14);
    let s = split(&problem, 1, Limits::none(), false).unwrap();
    let mut results: Vec<UnitResult> = s
        .units
        .iter()
        .map(|u| solve_unit(u, Limits::none(), None, &mut |_| {}).unwrap())
        .collect();
    results[3].moves = vec![4];
    let err = merge(&s.manifest, &results, false).unwrap_err();
    assert!(matches!(err, UnitError::Stray { .. }), "{err}");
    let text = serde_json::to_string(&results[0])
        .unwrap()
        .replace("\"version\":1", "\"version\":2");
    let err = UnitResult::from_json(&text).unwrap_err();
    assert!(matches!(err, UnitError::Format { version: 2, .. }), "{err}");
    let mut manifest = s.manifest.clone();
    manifest.depth = 2;
    let err = merge(&manifest, &[], false).unwrap_err();
    assert!(matches!(err, UnitError::TreeMismatch { .. }), "{err}");
}

#[test]
fn a_unit_whose_sets_are_not_its_creature_s_family_is_refused() {
    let problem = lemma("0,4,5,7,15", 14);
    let s = split(&problem, 1, Limits::none(), false).unwrap();
    let mut u = s.units[0].clone();
    u.problem.sets.pop();
    let err = solve_unit(&u, Limits::none(), None, &mut |_| {}).unwrap_err();
    assert!(matches!(err, UnitError::Problem(_)), "{err}");
    let mut u = s.units[0].clone();
    u.moves = vec![3, 3];
    let err = solve_unit(&u, Limits::none(), None, &mut |_| {}).unwrap_err();
    assert!(matches!(err, UnitError::Move { index: 1, .. }), "{err}");
}

#[test]
fn a_cut_off_unit_leaves_the_root_unproven() {
    let problem = lemma("0,4,5,7,15", 14);
    let s = split(&problem, 1, Limits::none().with_nodes(3), false).unwrap();
    let results: Vec<UnitResult> = s
        .units
        .iter()
        .map(|u| solve_unit(u, u.limits.limits(), None, &mut |_| {}).unwrap())
        .collect();
    assert!(results.iter().any(|r| r.winner.is_none()));
    let merged = merge(&s.manifest, &results, false).unwrap();
    assert!(matches!(merged.verdict, Verdict::CutOff(_)));
}

fn hypergraph() -> impl Strategy<Value = (Hypergraph, Player)> {
    (1usize..=9).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::btree_set(0..n, 1..=4), 1..=7),
            any::<bool>(),
        )
            .prop_map(move |(sets, maker_first)| {
                let sets: Vec<Vec<usize>> =
                    sets.into_iter().map(|s| s.into_iter().collect()).collect();
                (
                    Hypergraph::new(n, &sets).unwrap(),
                    if maker_first {
                        Player::Maker
                    } else {
                        Player::Breaker
                    },
                )
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn random_hypergraphs_round_trip((game, first) in hypergraph(), depth in 0usize..=3) {
        let problem = Problem { game: game.clone(), origin: Origin::Sets, first };
        let verdict = check(&problem, depth);
        let plain = common::plain_maker_wins(game.sets(), game.cells(), 0, 0, first == Player::Maker);
        prop_assert_eq!(
            verdict,
            Verdict::Proven(if plain { Player::Maker } else { Player::Breaker })
        );
    }
}
