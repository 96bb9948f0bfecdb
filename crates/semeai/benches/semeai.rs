//! Benchmarks: the whole seed-002 analysis of fig. 2 (split, automatic
//! expansion, transformation, verdicts), the independent search on a
//! plain 3-against-3 race, and the validation study in full. Each asserts
//! the answer it measures.

use criterion::{Criterion, criterion_group, criterion_main};
use miai_semeai::{Evaluation, Options, Race, RaceOutcome, analyse};

fn load(name: &str) -> Race {
    let path = format!(
        "{}/../../examples/semeai/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    Race::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    let fig2 = load("seed002-fig2.txt");
    c.bench_function("analyse seed002 fig2 (no search)", |b| {
        b.iter(|| {
            let a = analyse(&fig2, &Options::default()).unwrap();
            assert_eq!(
                a.verdict(Evaluation::Seed).unwrap().words(),
                "the side that plays first wins"
            );
        })
    });
    let plain = load("shared-liberties.txt");
    c.bench_function("analyse + search shared-liberties", |b| {
        b.iter(|| {
            let o = Options {
                search_limits: Some(miai_search::Limits::none().with_nodes(5_000_000)),
                ..Options::default()
            };
            let a = analyse(&plain, &o).unwrap();
            assert_eq!(
                a.search.unwrap().black_first,
                Some(RaceOutcome::BlackCaptures)
            );
        })
    });
}

/// The validation study in full (docs/semeai.md §7): the corpus of width 3
/// and the big-eye class; asserts that every race outside the model's
/// domain reports the search's verdict, that at least 97 % of the
/// verdicts inside it agree with the search, and that the big-eye and
/// shared-liberty classes are inside the domain and agree with the search
/// throughout (seki included).
fn study(c: &mut Criterion) {
    let mut group = c.benchmark_group("study");
    group.sample_size(10);
    group.bench_function("corpus width 3 (300 races)", |b| {
        b.iter(|| {
            let cases = miai_semeai::study::study(3000, 300, 3, 0.15);
            assert_eq!(cases.len(), 300);
            for c in cases.iter().filter(|c| !c.in_domain) {
                assert_eq!(c.decision, c.search);
            }
            // Issue 25's target inside the domain (550 / 552 measured with the
            // escapes; 549 / 552 with the approach kos, ko outcomes
            // included; 535 / 538 with the joint game; 487 / 490 before).
            let (mut n, mut ok) = (0, 0);
            for c in cases.iter().filter(|c| c.in_domain) {
                n += 2;
                ok += c.agreement();
            }
            assert!(100 * ok >= 97 * n, "{ok} / {n}");
        })
    });
    group.bench_function("shared-liberty classes (95 races)", |b| {
        b.iter(|| {
            let cases = miai_semeai::study::shared_study(usize::MAX);
            assert_eq!(cases.len(), 95);
            for c in &cases {
                assert!(c.in_domain, "{}", c.diagram);
                assert_eq!(c.stops, c.search, "{}", c.diagram);
            }
        })
    });
    group.bench_function("ko class (24 races)", |b| {
        b.iter(|| {
            let cases = miai_semeai::study::ko_study(usize::MAX);
            assert_eq!(cases.len(), 24);
            // Every race inside the domain since the approach kos, the
            // model's ko outcomes the search's.
            for c in &cases {
                assert!(c.in_domain, "{}", c.diagram);
                assert_eq!(c.agreement(), 2, "{}", c.diagram);
            }
            assert!(cases.iter().filter(|c| c.ko.is_some()).count() >= 5);
        })
    });
    group.bench_function("big-eye class", |b| {
        b.iter(|| {
            let cases = miai_semeai::study::eye_study(usize::MAX);
            assert!(!cases.is_empty());
            for c in &cases {
                assert!(c.in_domain);
                assert_eq!(c.stops, c.search);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench, study);
criterion_main!(benches);
