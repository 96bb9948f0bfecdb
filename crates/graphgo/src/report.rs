//! The report of a whole-board solve: the [`Solution`] with its principal
//! variation replayed (move names and the position after each move), the
//! winner against a komi, the owners of the final position and, when
//! asked, the outcome classes of the start. One `Serialize` form (the
//! JSON of `miai graphgo solve --json`) and one text form (`Display`).

use std::fmt;
use std::time::Duration;

use miai_goban::Color;
use serde::Serialize;

use crate::board::{Bits, Board};
use crate::outcome::{self, Class};
use crate::picture::{self, Mark};
use crate::solver::{Move, Repetition, Solution};
use crate::stones::Stones;

/// A position by the names of its stones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Position {
    /// Black stones, by vertex name.
    pub black: Vec<String>,
    /// White stones, by vertex name.
    pub white: Vec<String>,
}

impl Position {
    /// The position of `stones` on `board`.
    pub fn new(board: &Board, stones: &Stones) -> Position {
        Position {
            black: names(board, stones.black),
            white: names(board, stones.white),
        }
    }
}

/// One move of the principal variation and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// `B` or `W`.
    pub player: char,
    /// The vertex's name, or `pass`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move (captures taken).
    pub position: Position,
}

/// What a solve found, ready to print or send.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolveReport {
    /// Vertices of the board.
    pub vertices: usize,
    /// `positional` or `situational`.
    pub rules: &'static str,
    /// White's komi (decides only the winner).
    pub komi: f64,
    /// The optimal area score from Black's view, when proven.
    pub score: Option<i32>,
    /// Whether the score is proven.
    pub proven: bool,
    /// Why the search stopped early, in one word (`nodes`, `time`,
    /// `cancelled`, `depth`).
    pub stopped: Option<&'static str>,
    /// `B` or `W` against the komi, when proven.
    pub winner: Option<&'static str>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The principal variation, `"B A2"`, `"W pass"`.
    pub pv: Vec<String>,
    /// Whether the variation ends where Benson's algorithm settles the
    /// board (rather than in two passes).
    pub pv_ends_settled: bool,
    /// The position after each move of the variation.
    pub pv_steps: Vec<Step>,
    /// The position at the end of the variation.
    #[serde(rename = "final")]
    pub final_position: Position,
    /// The owner of each vertex at the end: `B`, `W` or `-`.
    pub owner: Vec<&'static str>,
    /// The outcome classes of the start, when asked for and computed.
    pub classes: Option<Vec<String>>,
    /// Why the classes were not computed, when asked for.
    pub classes_note: Option<String>,
    /// The final position's stones (for pictures).
    #[serde(skip)]
    pub final_stones: Stones,
    /// The owner marks of the final position (for pictures).
    #[serde(skip)]
    pub marks: Vec<Mark>,
    #[serde(skip)]
    repetition: Repetition,
    #[serde(skip)]
    elapsed: Duration,
    #[serde(skip)]
    stop_text: Option<String>,
    #[serde(skip)]
    picture: String,
}

impl SolveReport {
    /// The report of `solution`, found from `stones` with `to_move` to
    /// play; `classes` also computes the start's outcome classes (an
    /// exhaustive recursion: on a board too big for it the report says
    /// why instead). `komi` must be finite (the caller checks user input).
    pub fn new(
        board: &Board,
        stones: Stones,
        to_move: Color,
        repetition: Repetition,
        komi: f64,
        solution: &Solution,
        classes: bool,
    ) -> SolveReport {
        let mut cur = stones;
        let mut side = to_move;
        let mut pv = Vec::with_capacity(solution.pv.len());
        let mut pv_steps = Vec::with_capacity(solution.pv.len());
        for m in &solution.pv {
            let name = match m {
                Move::Pass => "pass".to_string(),
                Move::Play(v) => {
                    if let Some(p) = cur.play(board, side, *v) {
                        cur = p.stones;
                    }
                    board.name(*v)
                }
            };
            pv.push(format!("{} {name}", side.letter()));
            pv_steps.push(Step {
                player: side.letter(),
                mv: name,
                position: Position::new(board, &cur),
            });
            side = side.opponent();
        }
        let (start_classes, classes_note) = if classes {
            match outcome::classes(board, &[stones], outcome::DEFAULT_CLASS_NODES) {
                Ok(c) => (Some(c), None),
                Err(e) => (None, Some(e.to_string())),
            }
        } else {
            (None, None)
        };
        let marks = picture::owner_marks(board, &cur);
        SolveReport {
            vertices: board.len(),
            rules: match repetition {
                Repetition::Positional => "positional",
                Repetition::Situational => "situational",
            },
            komi,
            score: solution.score,
            proven: solution.proven,
            stopped: solution.stop_word(),
            winner: solution
                .score
                .map(|s| if f64::from(-s) >= komi { "W" } else { "B" }),
            nodes: solution.nodes,
            seconds: solution.elapsed.as_secs_f64(),
            pv,
            pv_ends_settled: solution.pv_ends_settled,
            pv_steps,
            final_position: Position::new(board, &cur),
            owner: marks
                .iter()
                .map(|m| match m {
                    Mark::Black => "B",
                    Mark::White => "W",
                    _ => "-",
                })
                .collect(),
            classes: start_classes
                .as_ref()
                .map(|c| c.iter().map(Class::to_string).collect()),
            classes_note,
            final_stones: cur,
            picture: picture::text(board, &cur, &marks),
            marks,
            repetition,
            elapsed: solution.elapsed,
            stop_text: solution.stop_text(),
        }
    }
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Some(s) => writeln!(
                f,
                "score {s:+} (Black's view, area, {:?} superko; proven)",
                self.repetition
            )?,
            None => writeln!(
                f,
                "unproven: {} after {} nodes",
                self.stop_text.as_deref().unwrap_or("stopped"),
                self.nodes
            )?,
        }
        if let Some(w) = self.winner {
            writeln!(f, "komi {}: {} wins", self.komi, w)?;
        }
        writeln!(f, "nodes {} time {:.3?}", self.nodes, self.elapsed)?;
        writeln!(
            f,
            "pv: {}{}",
            self.pv.join(", "),
            if self.pv_ends_settled {
                " (then settled by Benson)"
            } else {
                ""
            }
        )?;
        f.write_str(&self.picture)?;
        if let Some(c) = &self.classes {
            writeln!(f, "classes at the start: {}", c.join(" "))?;
        }
        if let Some(note) = &self.classes_note {
            writeln!(f, "classes not computed: {note}")?;
        }
        Ok(())
    }
}

/// The names of the vertices of `set`.
pub fn names(board: &Board, set: Bits) -> Vec<String> {
    (0..board.len())
        .filter(|v| set >> v & 1 == 1)
        .map(|v| board.name(v))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use miai_goban::Graph;

    use super::*;
    use crate::solver::{SolveOptions, solve_quietly};

    /// The replayed variation ends in the final position, each step's
    /// position follows from the last by the step's move, and the text
    /// and JSON say the same score.
    #[test]
    fn the_variation_is_replayed_step_by_step() {
        let board = Board::new(Arc::new(Graph::line(3).unwrap())).unwrap();
        let opts = SolveOptions::default();
        let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
        let r = SolveReport::new(
            &board,
            Stones::EMPTY,
            Color::Black,
            opts.repetition,
            0.5,
            &s,
            true,
        );
        assert_eq!(r.pv_steps.len(), s.pv.len());
        assert_eq!(
            r.pv_steps.last().map(|s| &s.position),
            Some(&r.final_position)
        );
        let mut cur = Stones::EMPTY;
        for (i, (step, m)) in r.pv_steps.iter().zip(&s.pv).enumerate() {
            let side = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if let Move::Play(v) = m {
                cur = cur.play(&board, side, *v).unwrap().stones;
            }
            assert_eq!(step.position, Position::new(&board, &cur));
            assert_eq!(r.pv[i], format!("{} {}", step.player, step.mv));
        }
        let text = r.to_string();
        assert!(
            text.starts_with(&format!("score {:+}", s.score.unwrap())),
            "{text}"
        );
        assert_eq!(
            r.classes.as_ref().map(Vec::len),
            Some(3),
            "{:?}",
            r.classes_note
        );
    }

    /// A cut-off solve says why in words, never in Rust's Debug form.
    #[test]
    fn a_cut_off_says_why_in_words() {
        let board = Board::new(Arc::new(Graph::grid(4, 4).unwrap())).unwrap();
        let opts = SolveOptions {
            limits: miai_search::Limits::none().with_nodes(100),
            ..SolveOptions::default()
        };
        let s = solve_quietly(&board, Stones::EMPTY, Color::Black, &opts);
        let r = SolveReport::new(
            &board,
            Stones::EMPTY,
            Color::Black,
            opts.repetition,
            0.0,
            &s,
            false,
        );
        assert_eq!(r.stopped, Some("nodes"));
        let text = r.to_string();
        assert!(
            text.starts_with("unproven: node limit reached after 100 nodes"),
            "{text}"
        );
        assert!(!text.contains("Some("), "{text}");
    }
}
