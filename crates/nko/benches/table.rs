//! The win table to n = 10,000 by dynamic programming, and the check that
//! the closed form agrees with it on every cell of that range.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use miai_nko::{MAX_TABLE_N, WinTable, closed_form};

fn table(c: &mut Criterion) {
    // Assert the answer being measured, once, over the full range.
    let full = WinTable::build(MAX_TABLE_N).expect("10,000 is within the limit");
    let mut cells = 0u64;
    for (s, w) in full.iter() {
        assert_eq!(
            closed_form::winner(s),
            w,
            "closed form differs from the DP at {s}"
        );
        cells += 1;
    }
    assert_eq!(cells, MAX_TABLE_N * (MAX_TABLE_N - 1));

    let mut group = c.benchmark_group("win_table");
    group.sample_size(10);
    group.bench_function("dp_n_10000", |b| {
        b.iter(|| WinTable::build(black_box(MAX_TABLE_N)).expect("within the limit"));
    });
    group.bench_function("closed_form_all_cells_n_10000", |b| {
        b.iter(|| {
            let mut black = 0u64;
            for n in 2..=black_box(MAX_TABLE_N) {
                for m in 1..n {
                    black += u64::from(closed_form::black_to_move_wins(n, m));
                }
            }
            black
        });
    });
    group.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
