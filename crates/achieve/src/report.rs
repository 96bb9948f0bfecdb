//! Reports of the solvers, each with one `Serialize` form (the JSON of
//! `miai achieve ... --json` and of the server) and one text form
//! (`Display`): a solved game ([`GameReport`], built by [`solve_game`]), a
//! proof search ([`ProveReport`]) and a pairing search
//! ([`PairingReport`]).

use std::fmt;
use std::time::Duration;

use miai_search::{Cancel, Limits, Progress, Stop};
use serde::Serialize;

use crate::certificate::{Certificate, Origin};
use crate::creature::Creature;
use crate::error::HypergraphError;
use crate::hypergraph::Hypergraph;
use crate::pairing::PairingResult;
use crate::player::Player;
use crate::prove::{Attempt, ProveOutcome};
use crate::solver::{Solver, Verdict};
use crate::verify::{Verified, VerifyError};

/// The verdict in words: `Maker wins`, `Breaker wins` or `unproven (why)`.
pub fn verdict_words(verdict: Verdict) -> String {
    match verdict {
        Verdict::Proven(Player::Maker) => "Maker wins".to_string(),
        Verdict::Proven(Player::Breaker) => "Breaker wins".to_string(),
        Verdict::CutOff(c) => format!("unproven ({c})"),
    }
}

/// What became of the certificate asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CertificateNote {
    /// Written to a file.
    Written {
        /// The file.
        path: String,
        /// Strategy moves in it.
        moves: usize,
    },
    /// Offered for download.
    Offered {
        /// Strategy moves in it.
        moves: usize,
        /// Its size in bytes.
        bytes: usize,
        /// The file name offered.
        filename: String,
        /// The player whose strategy it is.
        winner: String,
    },
    /// Not written: why (the limits cut the strategy off).
    NotWritten {
        /// Why.
        not_written: String,
    },
}

/// The game of a creature's family, spelled out (a job's result carries
/// it beside the verdict).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FamilyNote {
    /// The verdict in words ([`verdict_words`]).
    pub verdict: String,
    /// Whether the verdict is proven.
    pub proven: bool,
    /// The creature.
    pub creature: String,
    /// The area.
    pub area: String,
    /// The anchor stone.
    pub anchor: usize,
    /// Whether mirror images count.
    pub mirror: bool,
    /// Whether this is a proof that the creature loses (Maker first,
    /// Breaker wins).
    pub loser_proof: bool,
}

/// A solved (or cut off) game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    /// `maker`, `breaker` or `unproven`.
    pub result: String,
    /// Why the search stopped, when it did.
    pub cut_off: Option<String>,
    /// Who moved first.
    pub first: String,
    /// Cells of the game.
    pub cells: usize,
    /// Its winning sets, as cell lists.
    pub sets: Vec<Vec<usize>>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
    /// The certificate, when one was asked for.
    pub certificate: Option<CertificateNote>,
    /// The family spelled out, when asked for ([`GameReport::with_family_note`]).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub family: Option<FamilyNote>,
    /// The verdict.
    #[serde(skip)]
    pub verdict: Verdict,
    /// Where the game comes from.
    #[serde(skip)]
    pub origin: Origin,
    /// Whether the text form lists the winning sets.
    #[serde(skip)]
    pub show_sets: bool,
    #[serde(skip)]
    elapsed: Duration,
}

impl GameReport {
    /// The report of `verdict` on `game` (`first` moved first).
    pub fn new(
        game: &Hypergraph,
        origin: &Origin,
        first: Player,
        verdict: Verdict,
        nodes: u64,
        elapsed: Duration,
    ) -> GameReport {
        GameReport {
            result: match verdict {
                Verdict::Proven(p) => p.to_string(),
                Verdict::CutOff(_) => "unproven".to_string(),
            },
            cut_off: match verdict {
                Verdict::CutOff(c) => Some(c.to_string()),
                Verdict::Proven(_) => None,
            },
            first: first.to_string(),
            cells: game.cells(),
            sets: game.set_lists(),
            nodes,
            seconds: elapsed.as_secs_f64(),
            certificate: None,
            family: None,
            verdict,
            origin: origin.clone(),
            show_sets: false,
            elapsed,
        }
    }

    /// Whether the verdict is proven.
    pub fn proven(&self) -> bool {
        self.verdict.winner().is_some()
    }

    /// The report with the family spelled out (for a family's game).
    pub fn with_family_note(mut self) -> GameReport {
        if let Origin::Family {
            creature,
            area,
            anchor,
            mirror,
        } = &self.origin
        {
            self.family = Some(FamilyNote {
                verdict: verdict_words(self.verdict),
                proven: self.proven(),
                creature: creature.to_string(),
                area: area.to_string(),
                anchor: *anchor,
                mirror: *mirror,
                loser_proof: self.first == Player::Maker.to_string()
                    && self.verdict.winner() == Some(Player::Breaker),
            });
        }
        self
    }
}

impl fmt::Display for GameReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Origin::Family {
            creature,
            area,
            anchor,
            mirror,
        } = &self.origin
        {
            writeln!(
                f,
                "creature {creature}, area {area}, anchor {anchor} (offsets {:?}){}",
                creature.offsets_about(*anchor).unwrap_or_default(),
                if *mirror { ", mirror images count" } else { "" }
            )?;
        }
        writeln!(
            f,
            "{} cells, {} winning sets, {} moves first",
            self.cells,
            self.sets.len(),
            self.first
        )?;
        if self.show_sets {
            for s in &self.sets {
                writeln!(f, "  {s:?}")?;
            }
        }
        writeln!(
            f,
            "{}: {} nodes, {:.3} s",
            verdict_words(self.verdict),
            self.nodes,
            self.elapsed.as_secs_f64()
        )?;
        if let Some(CertificateNote::Written { path, moves }) = &self.certificate {
            writeln!(f, "certificate: {path} ({moves} strategy moves)")?;
        }
        Ok(())
    }
}

/// What [`solve_game`] found: the report and, when a certificate was asked
/// for and the game was proven, the certificate (or why building it
/// stopped).
#[derive(Debug)]
pub struct Solved {
    /// The search's report (its `certificate` note is for the caller to
    /// fill in, once it has put the certificate somewhere).
    pub report: GameReport,
    /// The winner's strategy, when asked for and the game is proven.
    pub certificate: Option<Result<Certificate, Stop>>,
}

impl Solved {
    /// Offers the certificate for download as `filename` (the server's
    /// way): the report notes it, or why it was not written, and the
    /// certificate's text comes back beside it.
    #[must_use]
    pub fn offer(self, filename: &str) -> (GameReport, Option<String>) {
        let mut report = self.report;
        let body = match self.certificate {
            Some(Ok(cert)) => {
                let text = cert.to_string();
                report.certificate = Some(CertificateNote::Offered {
                    moves: cert.strategy.len(),
                    bytes: text.len(),
                    filename: filename.to_string(),
                    winner: cert.winner.to_string(),
                });
                Some(text)
            }
            Some(Err(cut)) => {
                report.certificate = Some(CertificateNote::NotWritten {
                    not_written: cut.to_string(),
                });
                None
            }
            None => None,
        };
        (report, body)
    }
}

/// Solves `game` with `first` to move under `limits`, stopping once
/// `cancel` is raised; with `certificate`, also writes out the winner's
/// strategy (`on_certificate` is called when that phase starts).
#[allow(clippy::too_many_arguments)]
pub fn solve_game(
    game: &Hypergraph,
    origin: &Origin,
    first: Player,
    limits: Limits,
    cancel: Option<&Cancel>,
    certificate: bool,
    on_certificate: &mut dyn FnMut(),
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Solved, HypergraphError> {
    let mut solver = Solver::new(game, limits)?;
    if let Some(c) = cancel {
        solver = solver.with_cancel(c);
    }
    let result = solver.solve(first, on_progress);
    let certificate = match result.verdict {
        Verdict::Proven(_) if certificate => {
            on_certificate();
            Some(Certificate::build(
                &mut solver,
                game,
                origin.clone(),
                first,
                on_progress,
            ))
        }
        _ => None,
    };
    Ok(Solved {
        report: GameReport::new(
            game,
            origin,
            first,
            result.verdict,
            result.nodes,
            result.elapsed,
        ),
        certificate,
    })
}

/// One attempt of a proof search, as listed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttemptRow {
    /// The area's size.
    pub area: usize,
    /// The anchor stone.
    pub anchor: usize,
    /// `maker wins`, `breaker wins` or `unproven (why)`.
    pub result: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The area's name (a size, or a tile).
    #[serde(skip)]
    pub area_name: String,
}

impl AttemptRow {
    /// The row of one attempt.
    pub fn new(t: &Attempt) -> AttemptRow {
        AttemptRow {
            area: t.area.len(),
            anchor: t.anchor,
            result: match t.verdict {
                Verdict::Proven(p) => format!("{p} wins"),
                Verdict::CutOff(c) => format!("unproven ({c})"),
            },
            nodes: t.nodes,
            seconds: t.elapsed.as_secs_f64(),
            area_name: t.area.to_string(),
        }
    }
}

impl fmt::Display for AttemptRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "area {:>3} anchor {}: {:<20} {:>12} nodes {:>9.3} s",
            self.area_name, self.anchor, self.result, self.nodes, self.seconds
        )
    }
}

/// The smallest area found, and its anchors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The area's size.
    pub area: usize,
    /// The anchors with a Breaker win on it.
    pub anchors: Vec<usize>,
    /// The area's name (a size, or a tile).
    #[serde(skip)]
    pub area_name: String,
}

/// A proof search's result: the area found (if any), whether it is the
/// smallest, and every attempt.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProveReport {
    /// The creature.
    pub creature: String,
    /// The first area with a Breaker win, and its anchors.
    pub found: Option<Found>,
    /// Whether every smaller area was proven a Maker win.
    pub smallest: bool,
    /// Whether some attempt was cut off by the limits.
    pub cut_off: bool,
    /// Whether the search was cancelled.
    pub cancelled: bool,
    /// Every attempt, in order.
    pub attempts: Vec<AttemptRow>,
    /// Where the certificate of the area found was written.
    pub certificate: Option<String>,
    #[serde(skip)]
    min_area: usize,
    #[serde(skip)]
    max_area: usize,
    #[serde(skip)]
    tiles: usize,
    #[serde(skip)]
    outcome_smallest: bool,
}

impl ProveReport {
    /// The report of `outcome` for `creature`, searched over areas
    /// `min_area..=max_area` with tiles of extra span `tiles`.
    pub fn new(
        creature: &Creature,
        outcome: &ProveOutcome,
        min_area: usize,
        max_area: usize,
        tiles: usize,
    ) -> ProveReport {
        ProveReport {
            creature: creature.to_string(),
            found: outcome.found.as_ref().map(|(area, anchors)| Found {
                area: area.len(),
                anchors: anchors.clone(),
                area_name: area.to_string(),
            }),
            smallest: outcome.smallest && outcome.found.is_some(),
            cut_off: outcome.cut_off,
            cancelled: outcome.cancelled,
            attempts: outcome.attempts.iter().map(AttemptRow::new).collect(),
            certificate: None,
            min_area,
            max_area,
            tiles,
            outcome_smallest: outcome.smallest,
        }
    }
}

impl fmt::Display for ProveReport {
    /// The summary (the attempts are listed as they come, one
    /// [`AttemptRow`] each).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.found {
            Some(found) => {
                writeln!(
                    f,
                    "Breaker wins on area {} with anchor{} {:?}: {} is a loser.",
                    found.area_name,
                    if found.anchors.len() > 1 { "s" } else { "" },
                    found.anchors,
                    self.creature
                )?;
                if self.outcome_smallest && self.min_area <= 1 {
                    writeln!(
                        f,
                        "Smallest {}: every smaller area and every anchor tried is a proven Maker win.",
                        if self.tiles > 0 {
                            format!(
                                "area among consecutive areas and tiles of span <= size-1+{}",
                                self.tiles
                            )
                        } else {
                            "consecutive area".to_string()
                        }
                    )?;
                } else if self.outcome_smallest {
                    writeln!(f, "Smallest from --min-area {} on.", self.min_area)?;
                } else {
                    writeln!(
                        f,
                        "Not proven smallest: some smaller area was cut off by the limits."
                    )?;
                }
            }
            None if self.cancelled => writeln!(f, "cancelled")?,
            None => writeln!(
                f,
                "no Breaker win on areas of {}..={} cells ({} areas x anchors tried{}){}",
                self.min_area,
                self.max_area,
                self.attempts.len(),
                if self.tiles > 0 {
                    format!(
                        ", consecutive areas and tiles of span <= size-1+{}",
                        self.tiles
                    )
                } else {
                    ", consecutive only".to_string()
                },
                if self.cut_off {
                    "; some attempts were cut off by the limits"
                } else {
                    "; all proven Maker wins"
                }
            )?,
        }
        if !self.attempts.is_empty() {
            let count = |w: &str| self.attempts.iter().filter(|a| a.result == w).count();
            let (maker, breaker) = (count("maker wins"), count("breaker wins"));
            let other = self.attempts.len() - maker - breaker;
            writeln!(
                f,
                "{} solves (area x anchor): {maker} Maker wins, {breaker} Breaker wins{}; \
                 {} nodes, {:.3} s in all",
                self.attempts.len(),
                if other > 0 {
                    format!(", {other} unproven")
                } else {
                    String::new()
                },
                self.attempts.iter().map(|a| a.nodes).sum::<u64>(),
                self.attempts.iter().map(|a| a.seconds).sum::<f64>()
            )?;
        }
        if let Some(p) = &self.certificate {
            writeln!(f, "certificate: {p}")?;
        }
        Ok(())
    }
}

impl ProveReport {
    /// Every attempt, one row each, in columns aligned over all rows (the
    /// detail behind the summary).
    #[must_use]
    pub fn attempts_table(&self) -> String {
        let rows: Vec<[String; 5]> = self
            .attempts
            .iter()
            .map(|a| {
                [
                    a.area_name.clone(),
                    a.anchor.to_string(),
                    a.result.clone(),
                    a.nodes.to_string(),
                    format!("{:.3}", a.seconds),
                ]
            })
            .collect();
        let header = ["area", "anchor", "result", "nodes", "seconds"];
        let mut width = header.map(str::len);
        for r in &rows {
            for (w, cell) in width.iter_mut().zip(r) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let line = |cells: [&str; 5]| {
            format!(
                "{:>w0$}  {:>w1$}  {:<w2$}  {:>w3$}  {:>w4$}",
                cells[0],
                cells[1],
                cells[2],
                cells[3],
                cells[4],
                w0 = width[0],
                w1 = width[1],
                w2 = width[2],
                w3 = width[3],
                w4 = width[4]
            )
            .trim_end()
            .to_string()
                + "\n"
        };
        let mut out = line(header);
        for r in &rows {
            out.push_str(&line([
                r[0].as_str(),
                r[1].as_str(),
                r[2].as_str(),
                r[3].as_str(),
                r[4].as_str(),
            ]));
        }
        out
    }
}

/// A pairing search's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum PairingOutcome {
    /// A pairing that blocks every placement.
    Found {
        /// Its period.
        period: usize,
        /// One representative pair per class.
        pairs: Vec<(i64, i64)>,
    },
    /// No pairing can exist.
    Impossible {
        /// Why.
        reason: String,
    },
    /// None found within the bound.
    Unknown {
        /// Largest period searched.
        max_period: usize,
        /// Periods whose search ran out of budget.
        budget_exhausted_periods: Vec<usize>,
    },
}

/// The creature a pairing search was about (the server's answer carries
/// it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CreatureNote {
    /// The creature.
    pub creature: String,
    /// Its cells.
    pub cells: Vec<i64>,
    /// Whether mirror images count.
    pub mirror: bool,
}

/// A pairing search's report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairingReport {
    /// What the search found.
    #[serde(flatten)]
    pub outcome: PairingOutcome,
    /// The creature, when asked for ([`PairingReport::with_creature_note`]).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub about: Option<CreatureNote>,
    #[serde(skip)]
    creature: Creature,
    #[serde(skip)]
    mirror: bool,
    #[serde(skip)]
    pairing_text: Option<String>,
}

impl PairingReport {
    /// The report of `result` for `creature`.
    pub fn new(creature: &Creature, mirror: bool, result: &PairingResult) -> PairingReport {
        let (outcome, pairing_text) = match result {
            PairingResult::Found(p) => (
                PairingOutcome::Found {
                    period: p.period,
                    pairs: p.pairs.clone(),
                },
                Some(p.to_string()),
            ),
            PairingResult::Impossible(o) => (
                PairingOutcome::Impossible {
                    reason: o.to_string(),
                },
                None,
            ),
            PairingResult::Unknown {
                max_period,
                exhausted,
            } => (
                PairingOutcome::Unknown {
                    max_period: *max_period,
                    budget_exhausted_periods: exhausted.clone(),
                },
                None,
            ),
        };
        PairingReport {
            outcome,
            about: None,
            creature: creature.clone(),
            mirror,
            pairing_text,
        }
    }

    /// The report with the creature spelled out.
    pub fn with_creature_note(mut self) -> PairingReport {
        self.about = Some(CreatureNote {
            creature: self.creature.to_string(),
            cells: self.creature.cells().to_vec(),
            mirror: self.mirror,
        });
        self
    }
}

impl fmt::Display for PairingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outcome {
            PairingOutcome::Found { .. } => {
                writeln!(
                    f,
                    "pairing found, Breaker blocks every placement of {}: {}",
                    self.creature,
                    self.pairing_text.as_deref().unwrap_or_default()
                )?;
                writeln!(
                    f,
                    "(the pairs repeat with the period: {{a + kP, b + kP}} for all k)"
                )
            }
            PairingOutcome::Impossible { reason } => {
                writeln!(f, "no pairing strategy exists: {reason}")
            }
            PairingOutcome::Unknown {
                max_period,
                budget_exhausted_periods,
            } => {
                write!(
                    f,
                    "unknown: no blocking pairing with period up to {max_period}"
                )?;
                if budget_exhausted_periods.is_empty() {
                    writeln!(f)
                } else {
                    writeln!(
                        f,
                        " (search budget ran out on periods {budget_exhausted_periods:?})"
                    )
                }
            }
        }
    }
}

/// What the certificate checker said: the JSON of `miai achieve verify
/// --json` and its text form.
// Fields in alphabetical order: the order the JSON always had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// Whether the certificate was accepted.
    pub accepted: bool,
    /// Who moves first, when accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// Line ends checked, when accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<usize>,
    /// Positions checked, when accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<usize>,
    /// Why it was rejected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The winner, when accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

impl VerifyReport {
    /// The report of a check.
    #[must_use]
    pub fn new(result: &Result<Verified, VerifyError>) -> VerifyReport {
        match result {
            Ok(v) => VerifyReport {
                accepted: true,
                first: Some(v.first.to_string()),
                lines: Some(v.lines),
                positions: Some(v.positions),
                reason: None,
                winner: Some(v.winner.to_string()),
            },
            Err(e) => VerifyReport {
                accepted: false,
                first: None,
                lines: None,
                positions: None,
                reason: Some(e.to_string()),
                winner: None,
            },
        }
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.winner, &self.first, self.positions, self.lines) {
            (Some(winner), Some(first), Some(positions), Some(lines)) if self.accepted => writeln!(
                f,
                "accepted: {winner} wins with {first} moving first ({positions} positions, {lines} line ends checked)"
            ),
            _ => writeln!(f, "rejected: {}", self.reason.as_deref().unwrap_or("")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::area::Area;
    use crate::family::family;
    use crate::pairing::find_pairing;

    /// The three-in-a-row creature on five cells, anchored on its middle
    /// stone, solved with Maker first and a certificate asked for.
    fn solved_small_family() -> Solved {
        solve_small_family(true)
    }

    /// The same family, with or without a certificate asked for.
    fn solve_small_family(certificate: bool) -> Solved {
        let creature: Creature = "0,1,2".parse().unwrap();
        let area = Area::consecutive(5).unwrap();
        let game = family(&creature, &area, 1, false).unwrap();
        let origin = Origin::Family {
            creature,
            area,
            anchor: 1,
            mirror: false,
        };
        solve_game(
            &game,
            &origin,
            Player::Maker,
            Limits::none(),
            None,
            certificate,
            &mut || {},
            &mut |_| {},
        )
        .unwrap()
    }

    /// The solve report's JSON and text say the same verdict, and the
    /// family note appears only when asked for.
    #[test]
    fn game_report_json_and_text_agree() {
        let solved = solved_small_family();
        let r = solved.report;
        let winner = r.verdict.winner().unwrap();
        assert!(matches!(solved.certificate, Some(Ok(ref c)) if c.winner == winner));
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["result"], winner.to_string());
        assert!(v.get("loser_proof").is_none());
        let text = r.to_string();
        assert!(text.contains(&verdict_words(r.verdict)), "{text}");
        let v = serde_json::to_value(r.with_family_note()).unwrap();
        assert_eq!(v["loser_proof"], winner == Player::Breaker);
        assert_eq!(v["anchor"], 1);
    }

    /// A cut-off solve says why, in words, in both forms.
    #[test]
    fn a_cut_off_game_says_why() {
        let creature: Creature = "0,4,5,7,15".parse().unwrap();
        let area = Area::consecutive(16).unwrap();
        let game = family(&creature, &area, creature.middle(), false).unwrap();
        let solved = solve_game(
            &game,
            &Origin::Sets,
            Player::Maker,
            Limits::none().with_nodes(10),
            None,
            false,
            &mut || {},
            &mut |_| {},
        )
        .unwrap();
        let v = serde_json::to_value(&solved.report).unwrap();
        assert_eq!(v["result"], "unproven");
        assert_eq!(v["cut_off"], Stop::Nodes.to_string());
        assert_eq!(v["nodes"], 10);
        assert!(
            solved
                .report
                .to_string()
                .contains("unproven (node limit reached)")
        );
    }

    /// The pairing report keeps the JSON shape: a `result` tag and its
    /// fields, the creature only when asked for.
    #[test]
    fn pairing_report_shape() {
        let c: Creature = "0,1,2".parse().unwrap();
        let r = PairingReport::new(&c, false, &find_pairing(&c, false, 8, 10_000));
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["result"], "found");
        assert!(v["period"].is_u64());
        assert!(v.get("creature").is_none());
        let v = serde_json::to_value(r.clone().with_creature_note()).unwrap();
        assert_eq!(v["cells"], serde_json::json!([0, 1, 2]));
        assert!(r.to_string().starts_with("pairing found"));
    }

    /// A certificate the solver writes is accepted, with the checker's
    /// counts in both forms; a broken one is rejected with the reason.
    #[test]
    fn verify_report_accepts_a_written_certificate_and_rejects_junk() {
        let solved = solved_small_family();
        let cert = solved.certificate.unwrap().unwrap();
        let result = crate::verify::verify_text(&cert.to_string());
        let v = result.as_ref().unwrap();
        let report = VerifyReport::new(&result);
        assert!(report.accepted);
        assert_eq!(
            report.to_string(),
            format!(
                "accepted: {} wins with maker moving first ({} positions, {} line ends checked)\n",
                cert.winner, v.positions, v.lines
            )
        );
        let json = serde_json::to_string(&report).unwrap();
        assert!(
            json.starts_with(r#"{"accepted":true,"first":"maker","lines":"#),
            "{json}"
        );
        assert!(!json.contains("reason"));

        let junk = crate::verify::verify_text("junk");
        let reason = junk.as_ref().unwrap_err().to_string();
        let report = VerifyReport::new(&junk);
        assert!(!report.accepted);
        assert_eq!(report.to_string(), format!("rejected: {reason}\n"));
        assert_eq!(
            serde_json::to_value(&report).unwrap(),
            serde_json::json!({"accepted": false, "reason": reason})
        );
    }

    /// An offered certificate's note names the file and counts its bytes
    /// and moves; without a certificate asked for, nothing is offered.
    #[test]
    fn an_offered_certificate_is_noted_with_its_size() {
        let solve = solve_small_family;
        let (report, body) = solve(true).offer("x.cert");
        let body = body.unwrap();
        let Some(CertificateNote::Offered {
            moves,
            bytes,
            filename,
            winner,
        }) = report.certificate
        else {
            panic!("no offer: {:?}", report.certificate);
        };
        assert_eq!((bytes, filename.as_str()), (body.len(), "x.cert"));
        assert!(moves > 0);
        assert_eq!(winner, Player::Maker.to_string());
        let (report, body) = solve(false).offer("x.cert");
        assert_eq!((report.certificate, body), (None, None));
    }
}
