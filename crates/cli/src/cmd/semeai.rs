//! `miai semeai`: analyse a capturing race the way seed 002 does (split,
//! expand, transform, sum, cool, judge) and check the verdict by a plain
//! search on the real board.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context as _, bail};
use miai_semeai::{
    Analysis, Evaluation, Options, Race, Scope, SearchLimit, SubAnalysis, Verdict, analyse_with,
};
use serde_json::{Value, json};

/// Which verdict to lead with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum VerdictKind {
    /// The stops of cool(G, 1) (agrees with the search most often; see
    /// docs/semeai.md).
    Stops,
    /// The seed's three rules on g = cool(G, 2).
    Seed,
}

impl VerdictKind {
    /// The library's evaluation for this choice.
    pub fn evaluation(self) -> Evaluation {
        match self {
            VerdictKind::Stops => Evaluation::Stops,
            VerdictKind::Seed => Evaluation::Seed,
        }
    }
}

/// How to show the trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TreeFormat {
    /// Indented text (default).
    Text,
    /// SVG files, one per sub-position (see --out-dir).
    Svg,
}

/// Arguments of `miai semeai`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  miai semeai examples/semeai/seed002-fig2.txt\n  \
    miai semeai examples/semeai/seed002-fig2.txt --points a,b --rounds 1\n  \
    miai semeai race.sgf --verdict seed --json\n\n\
    Race diagrams: . empty, X/O safe stones, E/e essential, U/u unknown, \
    S/s safe (explicit), other lower-case letters and digits label empty \
    points. SGF: TR essential, SQ safe, CR/MA unknown. See docs/semeai.md."
)]
pub struct Args {
    /// The race: a race diagram or an SGF file.
    pub file: PathBuf,
    /// Candidate points for the expansion (labels or coordinates), used at
    /// every unsettled node, as the seed's user does; without it the
    /// expansion is automatic over the useful points.
    #[arg(long, value_delimiter = ',', value_name = "a,b")]
    pub points: Vec<String>,
    /// With --points: expansion rounds, each expanding every unsettled
    /// node (the seed's fig. 13 is round 1, fig. 15 round 2); 0 = until
    /// settled.
    #[arg(long, default_value_t = 0)]
    pub rounds: usize,
    /// Which verdict to give first (both are always printed).
    #[arg(long, value_enum, default_value_t = VerdictKind::Stops)]
    pub verdict: VerdictKind,
    /// Tree nodes per sub-position at most.
    #[arg(long, default_value_t = 100_000)]
    pub tree_nodes: u64,
    /// Positions the independent search may visit (0 skips it).
    #[arg(long, default_value_t = 10_000_000)]
    pub search_nodes: u64,
    /// Draw the trees as text or SVG.
    #[arg(long, value_enum, default_value_t = TreeFormat::Text)]
    pub trees: TreeFormat,
    /// Directory for the SVG trees.
    #[arg(long, default_value = ".")]
    pub out_dir: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the race as SGF (TR essential, CR unknown, LB labels).
    #[arg(long, value_name = "OUT.sgf")]
    pub write_sgf: Option<PathBuf>,
}

/// Runs `miai semeai`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let race = Race::parse(&text).with_context(|| format!("in {}", args.file.display()))?;
    if let Some(out) = &args.write_sgf {
        let Some(text) = race.to_sgf() else {
            bail!("the board is not a grid: no SGF");
        };
        std::fs::write(out, text).with_context(|| format!("writing {}", out.display()))?;
    }
    let mut points = Vec::new();
    for p in &args.points {
        points.push(race.point(p.trim())?);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let c = cancel.clone();
        let _ = ctrlc::set_handler(move || c.store(true, Ordering::Relaxed));
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) || args.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_message("analysing the race");
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    let options = Options {
        points,
        rounds: args.rounds,
        tree_limit: SearchLimit {
            nodes: args.tree_nodes,
            cancel: Some(cancel.clone()),
        },
        search_limit: (args.search_nodes > 0).then(|| SearchLimit {
            nodes: args.search_nodes,
            cancel: Some(cancel.clone()),
        }),
    };
    let analysis = analyse_with(&race, &options, &mut |n| {
        bar.set_message(format!("searching the race: {n} positions"));
    })?;
    bar.finish_and_clear();
    let lead = args.verdict.evaluation();
    if args.trees == TreeFormat::Svg {
        std::fs::create_dir_all(&args.out_dir)?;
        for s in &analysis.subs {
            if let Some(tree) = &s.tree {
                let path = args.out_dir.join(format!("semeai-sub{}.svg", s.sub.index));
                std::fs::write(&path, tree_svg(&race, s, tree))
                    .with_context(|| format!("writing {}", path.display()))?;
            }
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&to_json(&race, &analysis, lead))?
        );
    } else {
        print!("{}", to_text(&race, &analysis, lead));
    }
    if cancel.load(Ordering::Relaxed) {
        eprintln!("interrupted: results above may be cut off");
    }
    if analysis.sum.is_none() && analysis.outside.is_empty() {
        bail!("no verdict");
    }
    Ok(ExitCode::SUCCESS)
}

/// Point names joined by spaces (labels where the diagram has them).
pub fn pts(race: &Race, set: impl IntoIterator<Item = miai_goban::Vertex>) -> String {
    set.into_iter()
        .map(|v| race.name(v))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a sub-position is for the race, in words.
pub fn scope_words(s: &SubAnalysis) -> String {
    match s.scope {
        Scope::Race(c) => format!("{c}'s essential chain"),
        Scope::Idle => "no essential chain (not part of the race)".into(),
        Scope::Outside => "essential chains of both colours: outside the method".into(),
    }
}

/// A verdict with its value and rule, in one line.
pub fn verdict_text(v: &Verdict) -> String {
    let val = |d: Option<miai_cgt::Dyadic>| d.map_or("-".into(), |d| d.to_string());
    match v.evaluation {
        Evaluation::Seed => format!(
            "seed rule {} on g = cool(G,2) = {}: adjusted value {} (Black first), {} (White first): {}",
            v.rule,
            v.g,
            val(v.black_first_value),
            val(v.white_first_value),
            v.words()
        ),
        Evaluation::Stops => format!(
            "stops of cool(G,1) = {}: left stop {}, right stop {}: {}",
            v.g,
            val(v.black_first_value),
            val(v.white_first_value),
            v.words()
        ),
    }
}

/// The text report of `miai semeai`.
pub fn to_text(race: &Race, a: &Analysis, lead: Evaluation) -> String {
    let mut o = String::new();
    for s in &a.subs {
        if s.scope == Scope::Idle {
            continue;
        }
        let _ = writeln!(o, "{}: {}", s.sub.name(race), scope_words(s));
        let _ = writeln!(o, "  region: {}", pts(race, s.sub.region.iter()));
        let useless: Vec<_> = s
            .points
            .iter()
            .filter(|p| p.1 == miai_semeai::PointAttribute::Useless)
            .map(|p| p.0)
            .collect();
        let _ = writeln!(o, "  useless points: {}", pts(race, useless));
        if let Some(t) = &s.tree {
            let _ = writeln!(o, "  search region: {}", pts(race, s.search_region.iter()));
            let _ = writeln!(o, "  tree before the transformation:");
            for line in t.render(&|v| race.name(v), 200).lines() {
                let _ = writeln!(o, "    {line}");
            }
            let _ = writeln!(
                o,
                "  value before: {}",
                s.raw_value.map_or("nil".into(), |g| g.to_string())
            );
            match &s.transformed {
                Some(tr) => {
                    let _ = writeln!(o, "  tree after the transformation:");
                    for line in transformed_tree(race, t, tr, 200).lines() {
                        let _ = writeln!(o, "    {line}");
                    }
                    let pruned = tr.nodes.values().filter(|n| n.pruned).count();
                    let _ = writeln!(
                        o,
                        "  after the transformation ({pruned} node(s) pruned): {}",
                        tr.value
                    );
                }
                None => {
                    let _ = writeln!(o, "  after the transformation: nil (tree incomplete)");
                }
            }
        }
    }
    for why in &a.outside {
        let _ = writeln!(o, "{why}");
    }
    if let Some(g) = a.sum {
        let _ = writeln!(o, "G = {g}");
        let mut vs: Vec<&Verdict> = a.verdict(lead).into_iter().collect();
        for e in [Evaluation::Stops, Evaluation::Seed] {
            if e != lead {
                vs.extend(a.verdict(e));
            }
        }
        for (i, v) in vs.iter().enumerate() {
            let tag = if i == 0 { "verdict" } else { "also" };
            let _ = writeln!(o, "{tag}: {}", verdict_text(v));
        }
    }
    if let Some(s) = a.search {
        let show = |r: Option<miai_semeai::RaceOutcome>| match r {
            Some(miai_semeai::RaceOutcome::BlackCaptures) => "Black captures".to_string(),
            Some(miai_semeai::RaceOutcome::WhiteCaptures) => "White captures".to_string(),
            Some(miai_semeai::RaceOutcome::Seki) => "seki".to_string(),
            None => "cut off".to_string(),
        };
        let _ = writeln!(
            o,
            "search ({} positions): Black first: {}; White first: {}",
            s.nodes,
            show(s.black_first),
            show(s.white_first)
        );
        for e in [lead] {
            for d in a.disagreements(e) {
                let _ = writeln!(o, "DISAGREEMENT ({e}): {d}");
            }
        }
    }
    o
}

/// The transformed tree as text: each node with its value after the
/// transformation; at a node where the owner's moves were pruned they are
/// left out.
pub fn transformed_tree(
    race: &Race,
    t: &miai_semeai::GameTree,
    tr: &miai_semeai::Transformed,
    max_lines: usize,
) -> String {
    /// What the recursive walk reads and writes, so it takes two arguments
    /// besides itself.
    struct Walk<'a> {
        race: &'a Race,
        t: &'a miai_semeai::GameTree,
        tr: &'a miai_semeai::Transformed,
        out: String,
        lines: usize,
        max: usize,
    }
    impl Walk<'_> {
        fn walk(&mut self, id: usize, depth: usize) {
            let (t, tr) = (self.t, self.tr);
            let Some(n) = tr.nodes.get(&id) else { return };
            let node = &t.nodes[id];
            if depth > 64 || !node.expanded || node.settled {
                return;
            }
            for e in &node.edges {
                if n.pruned && e.color == t.owner {
                    continue;
                }
                if self.lines >= self.max {
                    return;
                }
                self.lines += 1;
                let who = if e.color == miai_goban::Color::Black {
                    "B"
                } else {
                    "W"
                };
                let value = tr
                    .nodes
                    .get(&e.child)
                    .map_or("-".into(), |c| c.value.to_string());
                let _ = writeln!(
                    self.out,
                    "{}{who} {}: {value}",
                    "  ".repeat(depth),
                    self.race.name(e.at)
                );
                self.walk(e.child, depth + 1);
            }
        }
    }
    let root = tr.nodes.get(&0).map_or("-".into(), |n| n.value.to_string());
    let mut w = Walk {
        race,
        t,
        tr,
        out: format!("root: {root}\n"),
        lines: 0,
        max: max_lines,
    };
    w.walk(0, 1);
    w.out
}

/// The report as JSON (`miai semeai --json`; `POST /api/semeai` adds to it).
pub fn to_json(race: &Race, a: &Analysis, lead: Evaluation) -> Value {
    let subs: Vec<Value> = a
        .subs
        .iter()
        .map(|s| {
            json!({
                "index": s.sub.index,
                "scope": scope_words(s),
                "region": s.sub.region.iter().map(|v| race.name(v)).collect::<Vec<_>>(),
                "points": s.points.iter().map(|(v, p)| json!([race.name(*v), p.to_string()])).collect::<Vec<_>>(),
                "search_region": s.search_region.iter().map(|v| race.name(v)).collect::<Vec<_>>(),
                "tree": s.tree.as_ref().map(|t| t.render(&|v| race.name(v), 500)),
                "raw_value": s.raw_value.map(|g| g.to_string()),
                "value": s.transformed.as_ref().map(|t| t.value.to_string()),
            })
        })
        .collect();
    let verdict = |v: Option<&Verdict>| {
        v.map(|v| {
            json!({
                "g": v.g.to_string(),
                "rule": v.rule,
                "black_first_value": v.black_first_value.map(|d| d.to_string()),
                "white_first_value": v.white_first_value.map(|d| d.to_string()),
                "black_first": v.black_first.map(|c| c.to_string()),
                "white_first": v.white_first.map(|c| c.to_string()),
                "words": v.words(),
                "note": v.note,
            })
        })
    };
    let outcome = |r: Option<miai_semeai::RaceOutcome>| {
        r.map(|r| match r.winner() {
            Some(c) => c.to_string(),
            None => "seki".into(),
        })
    };
    json!({
        "subpositions": subs,
        "outside": a.outside,
        "G": a.sum.map(|g| g.to_string()),
        "verdict": verdict(a.verdict(lead)),
        "seed_verdict": verdict(a.seed.as_ref()),
        "stops_verdict": verdict(a.stops.as_ref()),
        "search": a.search.map(|s| json!({
            "black_first": outcome(s.black_first),
            "white_first": outcome(s.white_first),
            "nodes": s.nodes,
        })),
        "disagreements": a.disagreements(lead),
    })
}

/// A simple layered drawing of a sub-position's tree: Black's moves go
/// left, White's right, as in the seed's figures.
pub fn tree_svg(race: &Race, s: &SubAnalysis, tree: &miai_semeai::GameTree) -> String {
    struct Item {
        x: f64,
        y: f64,
        label: String,
        parent: Option<(f64, f64, String)>,
    }
    let mut items: Vec<Item> = Vec::new();
    let mut next_x = 0.0;
    #[allow(clippy::too_many_arguments)]
    fn place(
        t: &miai_semeai::GameTree,
        race: &Race,
        id: usize,
        depth: usize,
        edge: Option<(f64, f64, String)>,
        items: &mut Vec<Item>,
        next_x: &mut f64,
        budget: &mut usize,
    ) -> f64 {
        let n = &t.nodes[id];
        let label = if n.settled || n.exhausted {
            n.count.to_string()
        } else if n.expanded {
            String::new()
        } else {
            "nil".into()
        };
        let y = 40.0 + depth as f64 * 70.0;
        let idx = items.len();
        items.push(Item {
            x: 0.0,
            y,
            label,
            parent: edge,
        });
        let mut xs = Vec::new();
        if n.expanded && depth < 12 && *budget > 0 {
            for e in &n.edges {
                if *budget == 0 {
                    break;
                }
                *budget -= 1;
                let tag = format!(
                    "{}{}",
                    if e.color == miai_goban::Color::Black {
                        "B "
                    } else {
                        "W "
                    },
                    race.name(e.at)
                );
                xs.push(place(
                    t,
                    race,
                    e.child,
                    depth + 1,
                    Some((0.0, y, tag)),
                    items,
                    next_x,
                    budget,
                ));
            }
        }
        let x = if xs.is_empty() {
            *next_x += 60.0;
            *next_x
        } else {
            xs.iter().sum::<f64>() / xs.len() as f64
        };
        items[idx].x = x;
        // Children recorded the parent's y; fix their parent x now.
        for it in items.iter_mut().skip(idx + 1) {
            if let Some(p) = &mut it.parent
                && p.1 == y
                && p.0 == 0.0
            {
                p.0 = x;
            }
        }
        x
    }
    let mut budget = 400;
    place(tree, race, 0, 0, None, &mut items, &mut next_x, &mut budget);
    let w = next_x + 60.0;
    let h = items.iter().map(|i| i.y).fold(0.0, f64::max) + 40.0;
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"12\">\n<title>{} tree</title>\n",
        s.sub.name(race)
    );
    for it in &items {
        if let Some((px, py, tag)) = &it.parent {
            let _ = writeln!(
                o,
                "<line x1=\"{px}\" y1=\"{py}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{tag}</text>",
                it.x,
                it.y,
                (px + it.x) / 2.0,
                (py + it.y) / 2.0
            );
        }
    }
    for it in &items {
        let _ = writeln!(
            o,
            "<circle cx=\"{}\" cy=\"{}\" r=\"13\" fill=\"white\" stroke=\"black\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            it.x,
            it.y,
            it.x,
            it.y + 4.0,
            it.label
        );
    }
    o.push_str("</svg>\n");
    o
}
