//! `miai semeai`: analyse a capturing race the way seed 002 does (split,
//! expand, transform, sum, cool, judge) and check the verdict by a plain
//! search on the real board.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use miai_search::Limits;
use miai_semeai::{Evaluation, Expansion, Options, Race, Report, analyse_with, tree_svg};

use crate::search::{LimitArgs, Spinner, ctrl_c, exit_code};

/// Tree nodes per sub-position by default.
const TREE_NODES: u64 = 100_000;
/// Positions the independent search may visit by default.
const SEARCH_NODES: u64 = 10_000_000;

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
    /// Indented text after the summary (what `--trees` alone means).
    Text,
    /// SVG files, one per sub-position (see --out-dir).
    Svg,
}

/// Arguments of `miai semeai`.
#[derive(Debug, clap::Args)]
#[command(
    mut_arg("max_nodes", |a| a.value_parser(search_nodes)),
    after_help = "Examples:\n  miai semeai examples/semeai/seed002-fig2.txt\n  \
    miai semeai examples/semeai/seed002-fig2.txt --points a,b --rounds 1 --trees\n  \
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
    /// The independent search's limits: `--max-nodes` is the positions it
    /// may visit (default 10,000,000; 0 skips the search, as the old
    /// `--search-nodes 0` did); `--time` bounds each tree's expansion and
    /// the search.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Tree nodes per sub-position at most (default 100,000).
    #[arg(long, hide = true, value_parser = Limits::parse_nodes)]
    pub tree_nodes: Option<u64>,
    /// Also show each sub-position's points and trees: `--trees` (or
    /// `--trees text`) prints them after the summary, `--trees svg` writes
    /// one SVG per sub-position into --out-dir.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "text", value_name = "text|svg")]
    pub trees: Option<TreeFormat>,
    /// Directory for the SVG trees.
    #[arg(long, default_value = ".")]
    pub out_dir: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the race as SGF (TR essential, SQ safe, CR unknown as marked, LB labels).
    #[arg(long, value_name = "OUT.sgf")]
    pub write_sgf: Option<PathBuf>,
}

/// Runs `miai semeai`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = crate::input::read(&args.file)?;
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
    let cancel = ctrl_c();
    let spinner = Spinner::new("analysing the race", !args.json);
    let time = args.limits.time;
    let tree_limits = Limits {
        max_nodes: Some(args.tree_nodes.unwrap_or(TREE_NODES)),
        max_time: time,
        table_bytes: None,
    };
    let search_limits = args.limits.or(Limits::none().with_nodes(SEARCH_NODES));
    let options = Options {
        points,
        rounds: args.rounds,
        tree_limits,
        search_limits: (search_limits.max_nodes != Some(0)).then_some(search_limits),
        cancel: Some(cancel.clone()),
    };
    let analysis = analyse_with(&race, &options, &mut |p| spinner.update(p))?;
    spinner.finish();
    if args.trees == Some(TreeFormat::Svg) {
        std::fs::create_dir_all(&args.out_dir)
            .with_context(|| format!("cannot create --out-dir {}", args.out_dir.display()))?;
        for s in &analysis.subs {
            // A sub-position split between the two chains has no tree of
            // its own; each part's is `semeai-subN-partK.svg`.
            let parts = s
                .parts
                .iter()
                .enumerate()
                .map(|(k, p)| (p, format!("-part{}", k + 1)));
            for (t, suffix) in std::iter::once((s, String::new())).chain(parts) {
                if let Some(tree) = &t.tree {
                    let name = format!("semeai-sub{}{suffix}.svg", s.sub.index);
                    let path = args.out_dir.join(name);
                    std::fs::write(&path, tree_svg(&race, t, tree))
                        .with_context(|| format!("writing {}", path.display()))?;
                }
            }
        }
    }
    let report = Report::new(&race, &analysis, args.verdict.evaluation())
        .with_trees(args.trees == Some(TreeFormat::Text));
    if args.json {
        // Through a Value, so the keys come out sorted, as they always have.
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::to_value(&report)?)?
        );
    } else {
        print!("{report}");
    }
    if cancel.is_cancelled() {
        eprintln!("interrupted: results above may be cut off");
    }
    if analysis.sum.is_none() && analysis.outside.is_empty() {
        bail!("no verdict");
    }
    let trees_cut = analysis
        .subs
        .iter()
        .any(|s| matches!(s.expansion, Some(Expansion::CutOff(Some(_)))));
    let search_cut = analysis.search.is_some_and(|s| !s.complete());
    Ok(exit_code(
        !(trees_cut || search_cut || cancel.is_cancelled()),
    ))
}

/// `--max-nodes` of `miai semeai`: a node count, or 0 to skip the search.
fn search_nodes(text: &str) -> Result<u64, miai_search::LimitError> {
    if text.trim().parse::<u64>() == Ok(0) {
        return Ok(0);
    }
    Limits::parse_nodes(text)
}
