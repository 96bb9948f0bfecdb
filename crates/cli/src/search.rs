//! What every solving subcommand shares: the limit flags, the Ctrl-C flag,
//! the progress display and the exit codes.
//!
//! Exit codes, the same for every subcommand (`miai --help` says so too):
//! - 0: the answer is proven (or the command had nothing to prove);
//! - 1: the search was cut off (node or time limit, Ctrl-C), or a checked
//!   claim does not hold (a certificate that fails, a benchmark problem
//!   answered wrong); what was computed is still printed;
//! - 2: bad input or another error; nothing was computed.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use miai_search::{Cancel, Limits, Progress};

/// Exit code of a proven answer.
pub const PROVEN: u8 = 0;
/// Exit code of a search cut off by a limit or Ctrl-C, or a claim refuted.
pub const CUT_OFF: u8 = 1;

/// The exit code for a result that is proven or not.
pub fn exit_code(proven: bool) -> ExitCode {
    ExitCode::from(if proven { PROVEN } else { CUT_OFF })
}

/// The limit flags of every solving subcommand, validated once as they are
/// parsed: a value that is not a positive finite number within range is
/// refused by clap with the flag named. Unset flags take the subcommand's
/// defaults ([`LimitArgs::or`]).
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct LimitArgs {
    /// Node limit: stop, unproven, after this many nodes (a whole number;
    /// `2e6` is read as 2000000). Default: the command's own.
    #[arg(
        long = "max-nodes",
        value_name = "N",
        value_parser = Limits::parse_nodes,
        alias = "nodes",
        alias = "search-nodes",
        help_heading = "Search limits"
    )]
    pub max_nodes: Option<u64>,
    /// Time limit in seconds (`0.5`, `60`; at most a year). Default: the
    /// command's own, usually none.
    #[arg(
        long = "time",
        value_name = "SECONDS",
        value_parser = Limits::parse_time,
        alias = "max-time",
        help_heading = "Search limits"
    )]
    pub time: Option<Duration>,
    /// Transposition-table memory in MiB (tables grow as they fill, up to
    /// this). Default: the command's own.
    #[arg(
        long = "table-mb",
        value_name = "MIB",
        value_parser = Limits::parse_table_mb,
        help_heading = "Search limits"
    )]
    pub table_bytes: Option<usize>,
}

impl LimitArgs {
    /// The limits given on the command line, the rest left open.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            max_time: self.time,
            table_bytes: self.table_bytes,
        }
    }

    /// The limits given, the others taken from `defaults`.
    pub fn or(&self, defaults: Limits) -> Limits {
        self.limits().or(defaults)
    }
}

/// The process's one cancel flag, raised by Ctrl-C. Every search of the
/// process holds a clone, so one Ctrl-C stops whatever runs; the handler is
/// installed on the first call.
pub fn ctrl_c() -> Cancel {
    static FLAG: OnceLock<Cancel> = OnceLock::new();
    FLAG.get_or_init(|| {
        let cancel = Cancel::new();
        let c = cancel.clone();
        // Only one handler per process: if something else set one first,
        // searches go on without Ctrl-C (the default action still kills).
        let _ = ctrlc::set_handler(move || c.cancel());
        cancel
    })
    .clone()
}

/// Whether progress goes to a terminal (a live bar) or not (nothing, or a
/// line per item where a command reports items).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// A spinner on stderr for one long search, hidden when stderr is not a
/// terminal; [`Spinner::update`] shows a [`Progress`] record.
#[derive(Debug, Clone)]
pub struct Spinner(ProgressBar);

impl Spinner {
    /// A spinner labelled `label`, shown only on a terminal and when `show`.
    pub fn new(label: &str, show: bool) -> Spinner {
        if !show || !stderr_is_terminal() {
            return Spinner(ProgressBar::hidden());
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}") {
            bar.set_style(style);
        }
        bar.set_prefix(label.to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        Spinner(bar)
    }

    /// Shows where the search is.
    pub fn update(&self, p: &Progress) {
        self.0.set_message(progress_message(p));
    }

    /// Shows a free-form message.
    pub fn message(&self, msg: String) {
        self.0.set_message(msg);
    }

    /// Runs `f` (which prints) with the spinner out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.0.suspend(f)
    }

    /// Removes the spinner.
    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// One line for a progress record: nodes, rate, table use, depth, and the
/// share of the limit used.
pub fn progress_message(p: &Progress) -> String {
    let mut msg = format!(
        "{} nodes, {:.0} nodes/s",
        p.nodes,
        p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9)
    );
    if p.table.capacity > 0 {
        msg += &format!(
            ", table {:.1}% full",
            100.0 * p.table.used as f64 / p.table.capacity as f64
        );
    }
    if let Some(d) = p.depth {
        msg += &format!(", ply {d}");
    }
    if let Some(f) = p.fraction() {
        msg += &format!(", {:.0}% of the limit", 100.0 * f);
    }
    msg
}

/// A progress bar over `len` items on stderr, hidden when stderr is not a
/// terminal or `show` is false.
pub fn progress_bar(show: bool, len: u64, template: &str) -> ProgressBar {
    if !show || !stderr_is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        limits: LimitArgs,
    }

    #[test]
    fn flags_and_old_spellings_parse() {
        let c = Cli::try_parse_from([
            "x",
            "--max-nodes",
            "2e6",
            "--time",
            "1.5",
            "--table-mb",
            "8",
        ])
        .unwrap();
        assert_eq!(c.limits.max_nodes, Some(2_000_000));
        assert_eq!(c.limits.time, Some(Duration::from_millis(1500)));
        assert_eq!(c.limits.table_bytes, Some(8 << 20));
        let old = Cli::try_parse_from(["x", "--nodes", "5", "--max-time", "2"]).unwrap();
        assert_eq!(old.limits.max_nodes, Some(5));
        assert_eq!(old.limits.time, Some(Duration::from_secs(2)));
    }

    #[test]
    fn bad_values_are_clap_errors_naming_the_flag() {
        for flag in ["--max-nodes", "--time", "--table-mb"] {
            for bad in ["nan", "inf", "-1", "1e300", "0"] {
                let arg = format!("{flag}={bad}");
                let err = Cli::try_parse_from(["x", arg.as_str()])
                    .unwrap_err()
                    .to_string();
                assert!(err.contains(flag), "{err}");
                assert!(err.contains(bad), "{err}");
            }
        }
    }

    #[test]
    fn the_ctrl_c_flag_is_one_flag() {
        assert!(ctrl_c().same_flag(&ctrl_c()));
    }
}
