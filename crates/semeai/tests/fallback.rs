//! Where the counting model cannot express a sub-position (issue 25): the
//! report says which and why, and the race's verdict comes from the board
//! search, seki included; inside the model's domain the verdict is the
//! model's.

use miai_semeai::{
    Evaluation, KoOutcome, Options, Race, RaceOutcome, Report, Source, Unmodelled, analyse,
};

fn analysed(text: &str) -> (Race, miai_semeai::Analysis) {
    race_analysed(Race::parse(text).unwrap())
}

/// A study diagram (chains marked by `study::mark`), analysed.
fn study_analysed(text: &str) -> miai_semeai::Analysis {
    race_analysed(miai_semeai::study::mark(text).unwrap()).1
}

fn race_analysed(race: Race) -> (Race, miai_semeai::Analysis) {
    let options = Options {
        search_limits: Some(miai_search::Limits::none().with_nodes(2_000_000)),
        ..Options::default()
    };
    let a = analyse(&race, &options).unwrap();
    (race, a)
}

fn file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The approach ko of the study (`study-approach-ko.txt`): Black's
/// liberty C7 is settled at once, but a White stone there is in atari
/// (Black C8 captures it, White retakes: a ko). Until the model valued
/// approach kos (issue 25) the race took the search's verdict; now the
/// count values the ko for either side winning it (`ModelKo`): Black's one
/// approach ko is filled last by White, so the kos do not decide, and the
/// verdict is the model's, White whoever starts, as the search says.
#[test]
fn an_approach_ko_that_does_not_decide_is_the_models() {
    let (race, a) = analysed(&file("../../examples/semeai/study-approach-ko.txt"));
    assert!(a.in_domain(), "{:?}", a.fallback);
    let ko = a.ko.as_ref().expect("an approach ko");
    assert_eq!(ko.kos.len(), 1);
    assert_eq!(ko.extra, [0, 0]);
    let d = a.decision(Evaluation::Stops);
    assert_eq!(d.source, Source::Method(Evaluation::Stops));
    assert_eq!(d.black_first, Some(RaceOutcome::WhiteCaptures));
    assert_eq!(d.white_first, Some(RaceOutcome::WhiteCaptures));
    assert_eq!(d.ko, [None, None]);
    let s = a.search.unwrap();
    assert_eq!(
        (s.black_first, s.white_first),
        (d.black_first, d.white_first)
    );
    assert_eq!(s.ko, [None, None]);
    let report = Report::new(&race, &a, Evaluation::Stops);
    let text = report.to_string();
    assert!(
        text.contains("approach kos: C7 (Black's liberty, approach C8)"),
        "{text}"
    );
    assert!(text.contains("the kos do not decide the race"), "{text}");
    assert!(
        text.contains("verdict with the approach kos: White wins whoever plays first"),
        "{text}"
    );
    assert!(!text.contains("DISAGREEMENT"), "{text}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["verdict_source"], "method");
    assert_eq!(json["outcome"], "White wins whoever plays first");
    assert_eq!(json["approach_kos"]["black_extra"], 0);
    assert!(json["approach_kos"]["black_first"].is_null());
}

/// Two approach kos on White's chain (`study::ko_race(3, 0, 2)`, the ko
/// race without an unknown stone): the model values them for either side
/// winning (White winning pays Black one approach move, the other ko
/// being filled last), and with White first the race is a ko that
/// whoever wins captures, the model's verdict, in the text and the JSON;
/// the search with each side as ko master says the same.
#[test]
fn an_approach_ko_that_decides_is_the_models_ko() {
    let (race, a) = analysed(&miai_semeai::study::ko_race(3, 0, 2));
    assert!(a.in_domain(), "{:?}", a.fallback);
    let ko = a.ko.as_ref().expect("approach kos");
    assert_eq!(ko.kos.len(), 2);
    assert_eq!(ko.extra, [0, 1]);
    let d = a.decision(Evaluation::Stops);
    assert_eq!(d.source, Source::Method(Evaluation::Stops));
    let whoever = KoOutcome {
        black_wins_ko: RaceOutcome::BlackCaptures,
        white_wins_ko: RaceOutcome::WhiteCaptures,
    };
    assert_eq!(d.ko, [None, Some(whoever)]);
    assert_eq!(a.search.unwrap().ko, d.ko);
    let report = Report::new(&race, &a, Evaluation::Stops);
    let text = report.to_string();
    assert!(
        text.contains(
            "verdict with the approach kos: Black first: Black captures; White first: ko: whoever wins it captures"
        ),
        "{text}"
    );
    // The count's own verdict (every liberty one move) is not called the
    // verdict where a ko decides.
    assert!(
        text.contains("the count, every liberty one move: stops"),
        "{text}"
    );
    assert!(!text.contains("\nverdict: "), "{text}");
    assert!(!text.contains("DISAGREEMENT"), "{text}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["verdict_source"], "method");
    assert_eq!(json["approach_kos"]["white_extra"], 1);
    assert_eq!(
        json["approach_kos"]["white_first"],
        "ko: whoever wins it captures"
    );
}

/// One eye each and two shared liberties (Hunter 2004, ch. 4; Müller GPW
/// '99): seki, a third outcome, now the model's (issue 25: the shared
/// liberties count for neither side and one more is needed to capture),
/// in the text and the JSON, and the search agrees.
#[test]
fn shared_liberties_give_seki_from_the_model() {
    let (race, a) = analysed(&file("tests/data/race-eye-each-seki.txt"));
    assert!(a.in_domain(), "{:?}", a.fallback);
    let d = a.decision(Evaluation::Stops);
    assert_eq!(d.source, Source::Method(Evaluation::Stops));
    assert_eq!(d.black_first, Some(RaceOutcome::Seki));
    assert_eq!(d.white_first, Some(RaceOutcome::Seki));
    assert_eq!(d.words(), "seki whoever plays first");
    let s = a.search.unwrap();
    assert_eq!(
        (s.black_first, s.white_first),
        (d.black_first, d.white_first)
    );
    let report = Report::new(&race, &a, Evaluation::Stops);
    let text = report.to_string();
    assert!(
        text.contains("verdict: shared liberties A3 C3 (one eye each"),
        "{text}"
    );
    assert!(text.contains("seki whoever plays first"), "{text}");
    assert!(!text.contains("DISAGREEMENT"), "{text}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["verdict_source"], "method");
    assert_eq!(json["outcome"], "seki whoever plays first");
    assert_eq!(json["shared"]["black_first"], "seki");
    assert_eq!(json["shared"]["liberties"][1], "C3");
}

/// A sub-position bounded by both colours whose points cannot be given to
/// one chain (a point as near to both) keeps the search's verdict, with
/// the point named.
#[test]
fn an_unsplit_shared_area_takes_the_verdict_from_the_search() {
    // B3 is as near to Black's liberty A3 as to White's C3... through the
    // open row: Black's chain A4-A5, White's C4-C5, the area between.
    let text = "\
. . . . .
O O O O O
. . . . .
E X . O e
E X . O e
X X . O O
X X . O O
";
    let (race, a) = analysed(text);
    assert!(!a.in_domain());
    assert!(
        a.subs
            .iter()
            .any(|s| s.unmodelled.iter().any(|u| u.tag() == "shared-liberties")),
        "{:?}",
        a.fallback
    );
    assert_eq!(a.decision(Evaluation::Stops).source, Source::Search);
    let out = Report::new(&race, &a, Evaluation::Stops).to_string();
    assert!(out.contains("cannot be given to one of them"), "{out}");
}

/// The seed's race is inside the domain: the verdict is the model's.
#[test]
fn the_seeds_race_is_inside_the_domain() {
    let (race, a) = analysed(&file("../../examples/semeai/seed002-fig2.txt"));
    assert!(a.in_domain(), "{:?}", a.fallback);
    let d = a.decision(Evaluation::Seed);
    assert_eq!(d.source, Source::Method(Evaluation::Seed));
    assert_eq!(d.words(), "the side that plays first wins");
    let json = serde_json::to_value(Report::new(&race, &a, Evaluation::Seed)).unwrap();
    assert_eq!(json["verdict_source"], "method");
}

/// Without the search, a race outside the domain gets no verdict, and the
/// report says why.
#[test]
fn no_search_no_verdict_outside_the_domain() {
    let race = Race::parse(&file("../../examples/semeai/ko-race.txt")).unwrap();
    let a = analyse(&race, &Options::default()).unwrap();
    let d = a.decision(Evaluation::Stops);
    assert_eq!((d.black_first, d.white_first), (None, None));
    let text = Report::new(&race, &a, Evaluation::Stops).to_string();
    assert!(text.contains("no verdict"), "{text}");
}

/// A race decided by a ko (`ko-race.txt`): with White first the outcome
/// depends on who wins the ko, and the report says so ("ko: whoever wins
/// it captures") instead of an integer count or the outcome of play
/// without ko threats alone.
#[test]
fn a_ko_race_is_reported_as_a_ko() {
    let (race, a) = analysed(&file("../../examples/semeai/ko-race.txt"));
    assert!(!a.in_domain());
    let s = a.search.unwrap();
    assert_eq!(s.ko[0], None);
    assert_eq!(
        s.ko[1],
        Some(KoOutcome {
            black_wins_ko: RaceOutcome::BlackCaptures,
            white_wins_ko: RaceOutcome::WhiteCaptures,
        })
    );
    let d = a.decision(Evaluation::Stops);
    assert_eq!(d.source, Source::Search);
    assert_eq!(d.black_first, Some(RaceOutcome::BlackCaptures));
    let words = "Black first: Black captures; White first: ko: whoever wins it captures";
    assert_eq!(d.words(), words);
    let report = Report::new(&race, &a, Evaluation::Stops);
    let text = report.to_string();
    assert!(
        text.contains(&format!("verdict (from the board search): {words}")),
        "{text}"
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["outcome"], words);
    assert_eq!(
        json["search"]["white_first_ko"],
        "ko: whoever wins it captures"
    );
    assert!(json["search"]["black_first_ko"].is_null());
}

/// A race without a ko gets no ko outcome (the seed's race of fig. 2 is
/// too big for a quick search; a plain 3-3 race stands in).
#[test]
fn a_race_without_a_ko_has_no_ko_outcome() {
    let (_, a) = analysed(&file("tests/data/race-3-3.txt"));
    let s = a.search.unwrap();
    assert_eq!(s.ko, [None, None]);
    assert!(!a.decision(Evaluation::Stops).words().contains("ko"));
}

/// Shared liberties between two chains with an eye each, one of them a
/// four-point eye: the rule for small eyes does not hold (a big eye takes
/// the shared liberties), so the race keeps the search's verdict and says
/// why.
#[test]
fn a_big_eye_against_an_eye_with_shared_liberties_goes_to_the_search() {
    let text = miai_semeai::study::shared_race(0, 0, 2, 4, 1);
    let (race, a) = analysed(&text);
    assert!(!a.in_domain());
    assert!(
        a.subs
            .iter()
            .any(|s| s.unmodelled.iter().any(|u| u.tag() == "big-eye-shared")),
        "{:?}",
        a.fallback
    );
    assert_eq!(a.decision(Evaluation::Stops).source, Source::Search);
    let out = Report::new(&race, &a, Evaluation::Stops).to_string();
    assert!(
        out.contains("one of them bigger than three points"),
        "{out}"
    );
    assert!(out.contains("verdict (from the board search)"), "{out}");
}

/// A study race (width 3) with an approach ko on Black's liberty A7
/// (approach A8), filled last by White, and a ko elsewhere: White's
/// capture of Black's unknown stone C8 at C7 leaves White's stone alone
/// in atari, and Black retakes at C8. The tree stops at the settled leaf
/// after the capture and never sees the retake; where the approach ko is
/// fought, that ko decides (the search: with White first, whoever wins
/// the ko captures), so the model leaves the race to the search (issue
/// 25, `Unmodelled::LeafKo`) instead of saying that the kos do not
/// decide.
#[test]
fn an_approach_ko_beside_a_ko_at_a_leaf_goes_to_the_search() {
    let text = "\
. . .
O O O
. O U
. E .
E E E
e e e
. . U
. u .
X X X
. . .
";
    let a = study_analysed(text);
    assert!(!a.in_domain());
    assert!(
        a.subs
            .iter()
            .any(|s| s.unmodelled.contains(&Unmodelled::LeafKo(1))),
        "{:?}",
        a.fallback
    );
    // The model's own ko outcome (none) is not the search's.
    assert_eq!(a.method_ko(Evaluation::Stops), [None, None]);
    let whoever = KoOutcome {
        black_wins_ko: RaceOutcome::BlackCaptures,
        white_wins_ko: RaceOutcome::WhiteCaptures,
    };
    assert_eq!(a.search.unwrap().ko, [None, Some(whoever)]);
    let d = a.decision(Evaluation::Stops);
    assert_eq!(d.source, Source::Search);
    assert_eq!(d.ko, [None, Some(whoever)]);
}

/// A study race (width 3) where a Black stone on White's liberty A4 is in
/// atari and White's capture at A3 is by the essential chain itself
/// (White's two liberties are A4 and A3: the capture leaves White's chain
/// in atari, Black takes it, no ko). Until issue 25's approach kos this
/// counted as an approach-move ko and went to the search; it is a plain
/// count (Black fills A3 first), inside the domain, and agrees with the
/// search.
#[test]
fn a_self_atari_capture_is_no_approach_ko() {
    let text = "\
. . .
O O O
U . U
. . .
E E E
e e e
. e e
. e e
X X X
. . .
";
    let a = study_analysed(text);
    assert!(a.in_domain(), "{:?}", a.fallback);
    assert!(a.ko.is_none());
    let d = a.decision(Evaluation::Stops);
    let s = a.search.unwrap();
    assert_eq!(
        (d.black_first, d.white_first),
        (s.black_first, s.white_first)
    );
    assert_eq!(d.black_first, Some(RaceOutcome::BlackCaptures));
    assert_eq!(d.white_first, Some(RaceOutcome::BlackCaptures));
}
