//! Runs the independent search on a race file with a large node budget.
//!
//! `cargo run --release -p miai-semeai --example check -- FILE [NODES] [trees]`
//! (`trees`: the whole report with each sub-position's trees)

use miai_semeai::{Evaluation, Options, Race, Report, analyse};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: check FILE [NODES]");
        std::process::exit(2);
    };
    let nodes: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000_000);
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let race = match Race::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let options = Options {
        search_limits: Some(miai_search::Limits::none().with_nodes(nodes)),
        ..Options::default()
    };
    let trees = args.get(3).is_some_and(|s| s == "trees");
    match analyse(&race, &options) {
        Ok(a) if trees => println!(
            "{}",
            Report::new(&race, &a, Evaluation::Stops).with_trees(true)
        ),
        Ok(a) => println!(
            "G = {:?}; search: {:?}",
            a.sum.map(|g| g.to_string()),
            a.search
        ),
        Err(e) => eprintln!("{e}"),
    }
}
