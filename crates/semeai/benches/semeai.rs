//! Benchmarks: the whole seed-002 analysis of fig. 2 (split, automatic
//! expansion, transformation, verdicts) and the independent search on a
//! plain 3-against-3 race. Each asserts the answer it measures.

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

criterion_group!(benches, bench);
criterion_main!(benches);
