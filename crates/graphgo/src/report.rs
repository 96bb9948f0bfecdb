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
use crate::error::GraphGoError;
use crate::outcome::{self, Class};
use crate::picture::{self, Mark};
use crate::solver::{Move, Repetition, Solution, Stop};
use crate::stones::Stones;
use crate::{chinese, ultimate};

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
    /// Transposition-table entries in use at the end.
    pub table_entries: usize,
    /// Bytes the transposition table held at the end (it grows with use
    /// up to `--table-mb`, and never beyond what the board can fill).
    pub table_bytes: usize,
    /// The principal variation, `"B A2"`, `"W pass"`.
    pub pv: Vec<String>,
    /// Whether the variation ends where Benson's algorithm settles the
    /// board (rather than in two passes).
    pub pv_ends_settled: bool,
    /// Why the variation was cut short after the score was proven, in
    /// one word (`nodes`, `time`, `cancelled`): the score stands, the
    /// variation is its first moves only.
    pub pv_cut: Option<&'static str>,
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
            rules: repetition.word(),
            komi,
            score: solution.score,
            proven: solution.proven,
            stopped: solution.stop_word(),
            winner: solution
                .score
                .map(|s| if f64::from(-s) >= komi { "W" } else { "B" }),
            nodes: solution.nodes,
            seconds: solution.elapsed.as_secs_f64(),
            table_entries: solution.table_entries,
            table_bytes: solution.table_bytes,
            pv,
            pv_ends_settled: solution.pv_ends_settled,
            pv_cut: solution.pv_cut.map(Stop::word),
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
                "score {s:+} (Black's view, area, {} superko; proven)",
                self.repetition.word()
            )?,
            None => writeln!(
                f,
                "unproven: {} after {} nodes",
                self.stop_text.as_deref().unwrap_or("stopped"),
                self.nodes
            )?,
        }
        if let Some(w) = self.winner {
            writeln!(f, "komi {}: {} wins", self.komi, winner_word(w == "W"))?;
        }
        writeln!(
            f,
            "nodes {} time {:.3?} table {} entries in {} KiB",
            self.nodes,
            self.elapsed,
            self.table_entries,
            self.table_bytes.div_ceil(1024)
        )?;
        writeln!(
            f,
            "pv: {}{}",
            self.pv.join(", "),
            match (self.pv_cut, self.pv_ends_settled) {
                (Some(_), _) => " ... (cut short by the limit; the score stands)",
                (None, true) => " (then settled by Benson)",
                (None, false) => "",
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

/// The winner in words, the same in every report.
fn winner_word(white: bool) -> &'static str {
    if white { "White" } else { "Black" }
}

/// The names of the vertices of `set`.
pub fn names(board: &Board, set: Bits) -> Vec<String> {
    (0..board.len())
        .filter(|v| set >> v & 1 == 1)
        .map(|v| board.name(v))
        .collect()
}

/// The outcome classes of a position with its ultimate status, eyes and
/// Chinese count: the JSON of `miai graphgo classes --json` and its text.
// Fields in alphabetical order: the order the JSON always had.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassesReport {
    /// Whether the position is Chinese-countable.
    pub chinese_countable: bool,
    /// The seed's Chinese count `s_c`, when countable. The seed counts
    /// White minus Black; [`ClassesReport::score`] is the same count from
    /// Black's view, the convention of every other score.
    pub chinese_score: Option<i32>,
    /// The outcome class of each vertex.
    pub classes: Vec<String>,
    /// `E_B`, when the position is ultimate.
    pub eyes_black: Option<Vec<String>>,
    /// `E_W`, when the position is ultimate.
    pub eyes_white: Option<Vec<String>>,
    /// The seed's Jungo count of the stones (White minus Black, as the
    /// seed counts).
    pub jungo_score: i32,
    /// The Chinese count from Black's view (`-s_c`), when countable: the
    /// convention of `solve`'s score.
    pub score: Option<i32>,
    /// Whether the position is ultimate.
    pub ultimate: bool,
    /// The vertices, by name.
    pub vertices: Vec<String>,
    /// Whether White wins against the komi, when countable.
    pub white_wins: Option<bool>,
    /// `B` or `W` against the komi, when countable (as in `solve`'s
    /// report).
    pub winner: Option<&'static str>,
    /// The class marks of the vertices (for pictures).
    #[serde(skip)]
    pub marks: Vec<Mark>,
    #[serde(skip)]
    komi: f64,
    #[serde(skip)]
    s_c: i32,
    #[serde(skip)]
    not_countable_at: Option<String>,
    #[serde(skip)]
    picture: String,
}

impl ClassesReport {
    /// The classes of `stones` on `board`, found by the exhaustive
    /// recursion within `max_nodes`, counted against `komi` (finite: the
    /// caller checks user input).
    ///
    /// # Errors
    /// A board too big for the recursion, or its node budget spent.
    pub fn new(
        board: &Board,
        stones: &Stones,
        max_nodes: u64,
        komi: f64,
    ) -> Result<ClassesReport, GraphGoError> {
        let cls = outcome::classes(board, &[*stones], max_nodes)?;
        let eyes = ultimate::eyes(board, stones);
        let countable = chinese::countable_failure(board, stones, &cls);
        let score = chinese::score(stones, &cls);
        let marks: Vec<Mark> = cls.iter().map(|&c| Mark::from(c)).collect();
        Ok(ClassesReport {
            chinese_countable: countable.is_none(),
            chinese_score: countable.is_none().then_some(score),
            classes: cls.iter().map(Class::to_string).collect(),
            eyes_black: eyes.map(|e| names(board, e.black)),
            eyes_white: eyes.map(|e| names(board, e.white)),
            jungo_score: chinese::jungo_score(stones),
            score: countable.is_none().then_some(-score),
            ultimate: eyes.is_some(),
            vertices: (0..board.len()).map(|v| board.name(v)).collect(),
            white_wins: countable
                .is_none()
                .then(|| chinese::white_wins(score, komi)),
            winner: countable.is_none().then(|| {
                if chinese::white_wins(score, komi) {
                    "W"
                } else {
                    "B"
                }
            }),
            picture: picture::text(board, stones, &marks),
            marks,
            komi,
            s_c: score,
            not_countable_at: countable.map(|v| board.name(v)),
        })
    }
}

impl fmt::Display for ClassesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.picture)?;
        match (&self.eyes_black, &self.eyes_white) {
            (Some(b), Some(w)) => writeln!(f, "ultimate; E_B = {b:?}, E_W = {w:?}")?,
            _ => writeln!(f, "not ultimate")?,
        }
        match &self.not_countable_at {
            None => writeln!(
                f,
                "Chinese-countable; score {:+} (Black's view; the seed's s_c = {}, White minus \
                 Black); komi {}: {} wins",
                -self.s_c,
                self.s_c,
                self.komi,
                winner_word(chinese::white_wins(self.s_c, self.komi))
            ),
            Some(v) => writeln!(f, "not Chinese-countable (see vertex {v})"),
        }
    }
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
            text.starts_with(&format!(
                "score {:+} (Black's view, area, positional superko; proven)\n",
                s.score.unwrap()
            )),
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

    /// The 4-cycle with Black on two opposite vertices: ultimate, both
    /// empty vertices Black's eyes, every class B, so Black owns all four
    /// points (examples/graphgo/c4_two_eyes.graph).
    #[test]
    fn the_classes_of_two_eyes_on_a_cycle() {
        let text = miai_goban::GraphText::parse("a b\nb c\nc d\nd a\nblack: a c\n").unwrap();
        let board = Board::new(Arc::new(text.graph)).unwrap();
        let mut colors = vec![None; board.len()];
        for (v, c) in text.stones {
            colors[v.index()] = Some(c);
        }
        let stones = Stones::from_colors(&board, &colors).unwrap();
        let r = ClassesReport::new(&board, &stones, outcome::DEFAULT_CLASS_NODES, 0.5).unwrap();
        assert_eq!(r.classes, ["B", "B", "B", "B"]);
        assert!(r.ultimate);
        assert_eq!(
            r.eyes_black.as_deref(),
            Some(&["b".to_string(), "d".to_string()][..])
        );
        assert_eq!(r.eyes_white.as_deref(), Some(&[][..]));
        assert_eq!((r.chinese_countable, r.chinese_score), (true, Some(-4)));
        // Black's view, as `solve` scores: Black owns all four points.
        assert_eq!(r.score, Some(4));
        assert_eq!(r.white_wins, Some(false));
        assert_eq!(r.winner, Some("B"));
        let text = r.to_string();
        assert!(
            text.contains("ultimate; E_B = [\"b\", \"d\"], E_W = []\n"),
            "{text}"
        );
        assert!(text.ends_with(
            "Chinese-countable; score +4 (Black's view; the seed's s_c = -4, White minus \
                 Black); komi 0.5: Black wins\n"
        ));
        // The picture: a line per vertex, its stone and its class.
        assert!(text.starts_with("a X b\nb . b\n"), "{text}");
    }
}
