//! Cross-checks: on plain races (every liberty a separate pocket, no
//! shared liberties, no unknown chains) the seed's verdict, the stops
//! verdict, the independent search and the textbook rule (Hunter 2004,
//! ch. 1: more liberties wins, equal liberties the side to move wins) all
//! agree; and the study generator's races never make the analysis panic.

use miai_goban::Color;
use miai_semeai::{Evaluation, Options, Race, RaceOutcome, analyse, study};
use proptest::prelude::*;

/// A race of width 2k+1 with Black pockets and White pockets at the odd
/// columns where the mask bits are set.
fn pocket_race(k: usize, black: u32, white: u32) -> (Race, i64, i64) {
    let w = 2 * k + 1;
    let row = |c: char, mask: u32| -> String {
        (0..w)
            .map(|x| {
                if x % 2 == 1 && mask >> (x / 2) & 1 == 1 {
                    ". "
                } else if c == 'O' {
                    "O "
                } else {
                    "X "
                }
            })
            .collect()
    };
    let text = format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n",
        ". ".repeat(w),
        "O ".repeat(w),
        row('O', black),
        "E ".repeat(w),
        "e ".repeat(w),
        row('X', white),
        "X ".repeat(w),
        ". ".repeat(w)
    );
    let nb = (0..k).filter(|i| black >> i & 1 == 1).count() as i64;
    let nw = (0..k).filter(|i| white >> i & 1 == 1).count() as i64;
    (Race::parse(&text).unwrap(), nb, nw)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn plain_races_agree(k in 2usize..5, black in 1u32..16, white in 1u32..16) {
        let mask = (1u32 << k) - 1;
        let (black, white) = (black & mask, white & mask);
        prop_assume!(black != 0 && white != 0);
        let (race, nb, nw) = pocket_race(k, black, white);
        let options = Options { search_limits: Some(miai_search::Limits::none().with_nodes(2_000_000)), ..Options::default() };
        let a = analyse(&race, &options).unwrap();
        prop_assert_eq!(a.sum.unwrap(), miai_cgt::Game::integer(nb - nw));
        let rule = |first: Color| if nb > nw { Color::Black } else if nb < nw { Color::White } else { first };
        let s = a.search.unwrap();
        prop_assert_eq!(s.black_first.and_then(RaceOutcome::winner), Some(rule(Color::Black)));
        prop_assert_eq!(s.white_first.and_then(RaceOutcome::winner), Some(rule(Color::White)));
        for e in [Evaluation::Seed, Evaluation::Stops] {
            let v = a.verdict(e).unwrap();
            prop_assert_eq!(v.black_first, Some(rule(Color::Black)));
            prop_assert_eq!(v.white_first, Some(rule(Color::White)));
        }
    }
}

#[test]
fn generated_races_analyse_without_panic() {
    // A handful of the study's races: each is inside or outside the method
    // and the search finishes on these small boards.
    let cases = study::study(7, 6, 3, 0.3);
    assert_eq!(cases.len(), 6);
    for c in &cases {
        assert!(c.search.is_some());
        assert!(c.sum.is_some() || !c.outside.is_empty() || c.seed.is_none());
    }
}

/// The study in CI at a small size: the big-eye class's first races
/// (straight and bent three, with and without an eye outside) are inside
/// the model's domain and agree with the search; in the corpus, every race
/// outside the domain takes its reported verdict from the search.
#[test]
fn the_study_at_a_small_size() {
    let eyes = study::eye_study(12);
    assert!(eyes.len() >= 10);
    for c in &eyes {
        assert_eq!(c.class, "big-eye");
        assert!(c.in_domain, "{}", c.diagram);
        assert_eq!(c.stops, c.search, "{}", c.diagram);
    }
    let corpus = study::study(3000, 8, 3, 0.15);
    for c in &corpus {
        assert_eq!(c.class, "corpus");
        if !c.in_domain {
            assert_eq!(c.decision, c.search, "{}", c.diagram);
            assert!(!c.unmodelled.is_empty() || c.sum.is_none(), "{}", c.diagram);
        }
    }
}

/// The issue-25 target at CI size: on the first 100 width-3 and 40
/// width-4 corpus races, the method's verdict (stops) agrees with the
/// search on at least 97 % of the verdicts inside the model's domain
/// (before the sente refinements of docs/semeai.md §5 it was about 88 %);
/// where either finds a ko that decides, agreeing means the same ko
/// outcome ([`study::Case::agreement`]).
#[test]
fn the_corpus_agrees_inside_the_domain() {
    let mut cases = study::study(3000, 100, 3, 0.15);
    cases.extend(study::study(4000, 40, 4, 0.15));
    let (mut n, mut ok) = (0, 0);
    for c in cases.iter().filter(|c| c.in_domain) {
        n += 2;
        ok += c.agreement();
    }
    assert!(n >= 200, "{n} verdicts in the domain");
    assert!(100 * ok >= 97 * n, "{ok} / {n}");
}

/// Approach kos at CI size (issue 25): the corpus races whose approach
/// kos the model values are inside the domain (all of them were outside,
/// `approach-move`, before) and agree with the search, the ko outcome
/// included.
#[test]
fn corpus_approach_kos_are_inside_the_domain() {
    let mut cases = study::study(3000, 100, 3, 0.15);
    cases.extend(study::study(4000, 40, 4, 0.15));
    let valued: Vec<&study::Case> = cases
        .iter()
        .filter(|c| c.approach_kos && c.in_domain)
        .collect();
    assert!(!valued.is_empty());
    for c in &valued {
        assert_eq!(c.agreement(), 2, "{}", c.diagram);
    }
}

/// The textbook classes of shared liberties (issue 25; small boards, so
/// all 95 run in CI): every race (no eyes, eye against no eye, one eye
/// each) is inside the model's domain, and its verdict, seki included, is
/// the search's.
#[test]
fn the_shared_liberty_classes_agree() {
    let cases = study::shared_study(usize::MAX);
    assert_eq!(cases.len(), 95);
    let mut seki = 0;
    for c in &cases {
        assert!(c.in_domain, "{}", c.diagram);
        assert_eq!(c.stops, c.search, "{}", c.diagram);
        assert_eq!(c.decision, c.search, "{}", c.diagram);
        seki += c.search.iter().flatten().filter(|w| w.is_none()).count();
    }
    assert!(seki > 0);
}

/// The ko class (issue 25; `study::ko_study`, 24 small races): every
/// race is inside the model's domain now, its approach kos valued for
/// either side winning them ([`miai_semeai::ModelKo`]): where the ko
/// decides (5 races, one first player each) the model's ko outcome is the
/// search's (the search with each side as ko master), elsewhere the
/// verdict is the search's. Before, the 20 races with a ko liberty that
/// matters were outside the domain (`approach-move`).
#[test]
fn the_ko_class_is_valued_by_the_model() {
    let cases = study::ko_study(usize::MAX);
    assert_eq!(cases.len(), 24);
    let mut kos = 0;
    for c in &cases {
        assert_eq!(c.class, "ko");
        assert!(c.in_domain, "{:?}\n{}", c.unmodelled, c.diagram);
        assert_eq!(c.agreement(), 2, "{}", c.diagram);
        assert_eq!(c.model_ko, c.search_ko, "{}", c.diagram);
        kos += c.model_ko.iter().flatten().count();
    }
    assert_eq!(kos, 5);
}

/// Joined liberty areas at CI size (issue 25): on the first 100 width-3
/// and 40 width-4 corpus races, the races whose two liberty areas meet
/// (all outside the domain before the joint game, docs/semeai.md §7)
/// are inside the model's domain now where the joint tree has no ko, or
/// its kos valued with each side as the ko master do not decide (issue
/// 25, eighth session), and their verdicts agree with the search.
#[test]
fn joined_areas_are_inside_the_domain() {
    let mut cases = study::study(3000, 100, 3, 0.15);
    cases.extend(study::study(4000, 40, 4, 0.15));
    let joined: Vec<&study::Case> = cases.iter().filter(|c| c.joint).collect();
    let inside: Vec<&&study::Case> = joined.iter().filter(|c| c.in_domain).collect();
    let (mut n, mut ok) = (0, 0);
    for c in &inside {
        let (Some(v), Some(s)) = (c.stops, c.search) else {
            continue;
        };
        n += 2;
        ok += (0..2).filter(|&i| v[i] == s[i]).count();
    }
    // 6 of 18 measured (none before; most of the others have a ko in
    // the joint tree, which the model leaves to the search); 5 of 18 since
    // issue 25's fifth session: the joint game plays the race's other
    // sub-positions too, and on one width-4 race (the 14th) it meets a ko
    // retake in Black's other area that the separate tree never reached
    // (that race keeps the search's verdict; the search finds no ko that
    // decides). 13 of 18 since the eighth session, the joint games whose
    // kos do not decide (with either side winning every ko the same
    // outcomes) inside too; their verdicts agree 25 / 26 (96.2 %, 10 / 10
    // before on 5 races): the one that disagrees is a ko the search finds
    // and the masters' games do not (docs/semeai.md §7; the whole
    // CI-size domain keeps the target, above).
    assert!(
        18 * inside.len() >= 13 * joined.len(),
        "{} of {}",
        inside.len(),
        joined.len()
    );
    assert!(100 * ok >= 96 * n, "{ok} / {n}");
}

/// The study's trees have the CLI's node limit ([`miai_semeai::TREE_NODES`],
/// issue 25): this width-4 corpus race's joint game has more than the
/// 20,000 positions the study allowed before (it was `incomplete`, outside
/// the domain); now it is inside and agrees with the search.
#[test]
fn a_joint_game_past_the_old_study_limit_is_in_the_domain() {
    let cases = study::study(4148, 1, 4, 0.15);
    let c = &cases[0];
    assert!(c.joint, "{}", c.diagram);
    assert!(c.in_domain, "{:?}\n{}", c.unmodelled, c.diagram);
    assert_eq!(c.agreement(), 2, "{}", c.diagram);
    let race = study::mark(&study::generate(4149, 4, 0.15)).expect("a race");
    let a = analyse(&race, &Options::default()).expect("analysis");
    let nodes: usize = a
        .subs
        .iter()
        .filter_map(|s| s.joint.as_ref())
        .map(|t| t.nodes.len())
        .sum();
    assert!(nodes > 20_000, "{nodes} positions");
}
