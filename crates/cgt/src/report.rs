//! The analysis of one game expression, as `miai cgt` prints it and the
//! web server's `/api/cgt` sends it: canonical form, outcome, stops, mean,
//! temperature, birthday, thermograph, and optionally the game cooled and
//! heated. Computed under an [`Evaluator`]'s limits.

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use crate::context;
use crate::error::CgtError;
use crate::parse::{ParseError, line_and_column};
use crate::{Dyadic, Evaluator, Game, Outcome, Thermograph};

/// How many integers a cooled value is checked for confusion with.
pub const CONFUSED_LIMIT: u64 = 1000;

/// The analysis of a game expression.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The expression as given (trimmed).
    pub expression: String,
    /// Its canonical form.
    pub canonical: Game,
    /// The outcome class (`L`, `R`, `N`, `P`).
    pub outcome: String,
    /// The outcome class in words ("the first player wins").
    pub outcome_words: String,
    /// Left's stop.
    pub left_stop: Dyadic,
    /// Right's stop.
    pub right_stop: Dyadic,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature.
    pub temperature: Dyadic,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// The game cooled, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cooled: Option<Cooled>,
    /// The game heated, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heated: Option<Heated>,
    /// Options, incentives, reduced canonical form and atomic weight, when
    /// asked for ([`analyse_detailed`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Details>,
    /// The thermograph.
    pub thermograph: Thermograph,
    /// Where the thermograph was written as SVG, if it was (set by the
    /// caller that writes it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thermograph_svg: Option<PathBuf>,
}

/// The game cooled by `t`.
#[derive(Debug, Clone, Serialize)]
pub struct Cooled {
    /// The temperature.
    pub t: Dyadic,
    /// The cooled game.
    pub value: Game,
    /// Whether it is a number.
    pub is_number: bool,
    /// The integers it is confused with; `None` when there are more than
    /// [`CONFUSED_LIMIT`] candidates between its stops.
    pub confused_with_integers: Option<Vec<i64>>,
    /// Its stops (to say where the candidates lie when they are not listed).
    #[serde(skip)]
    pub stops: (Dyadic, Dyadic),
}

/// What CGSuite users ask next: the canonical form's options and
/// incentives, its reduced canonical form and its atomic weight.
#[derive(Debug, Clone, Serialize)]
pub struct Details {
    /// Left's options of the canonical form.
    pub left_options: Vec<Game>,
    /// Right's options of the canonical form.
    pub right_options: Vec<Game>,
    /// Left's incentives `G^L - G`, in the order of `left_options`.
    pub left_incentives: Vec<Game>,
    /// Right's incentives `G - G^R`, in the order of `right_options`.
    pub right_incentives: Vec<Game>,
    /// The reduced canonical form (the simplest game infinitesimally close).
    pub reduced: Game,
    /// Whether the game is all-small.
    pub all_small: bool,
    /// The atomic weight; `None` when it is not defined (or not computed:
    /// see `atomic_weight_note`).
    pub atomic_weight: Option<Game>,
    /// Why there is no atomic weight, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight_note: Option<String>,
}

/// The game heated by `t`.
#[derive(Debug, Clone, Serialize)]
pub struct Heated {
    /// The temperature.
    pub t: Dyadic,
    /// The heated game.
    pub value: Game,
}

/// Why an expression could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The expression does not parse (or its terms overflow).
    #[error("cannot parse {origin} at {}: {}", place(*line, *column, *multiline), source.reason())]
    Parse {
        /// Where the text came from ("the expression", a file name).
        origin: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// Whether the text has several lines (the line is then named).
        multiline: bool,
        /// What is wrong.
        source: ParseError,
    },
    /// A computation failed (overflow, a negative temperature).
    #[error("{what}: {source}")]
    Game {
        /// What was being computed.
        what: &'static str,
        /// Why it failed.
        source: CgtError,
    },
    /// A limit was reached or the evaluation was cancelled.
    #[error("cut off: {0}")]
    Stopped(miai_search::Stop),
}

impl AnalysisError {
    /// Why the analysis was cut off, if it was.
    pub fn stop(&self) -> Option<miai_search::Stop> {
        match self {
            AnalysisError::Stopped(s) => Some(*s),
            _ => None,
        }
    }
}

/// `column C`, or `line L, column C` for text of several lines.
fn place(line: usize, column: usize, multiline: bool) -> String {
    if multiline {
        format!("line {line}, column {column}")
    } else {
        format!("column {column}")
    }
}

/// The outcome class in words.
pub fn outcome_words(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left (Black) wins",
        Outcome::R => "Right (White) wins",
        Outcome::N => "the first player wins",
        Outcome::P => "the second player wins",
    }
}

/// A failed computation: a cut-off becomes [`AnalysisError::Stopped`].
fn game_error(what: &'static str) -> impl Fn(CgtError) -> AnalysisError {
    move |e| match e {
        CgtError::Stopped(s) => AnalysisError::Stopped(s),
        source => AnalysisError::Game { what, source },
    }
}

/// Parses `text` (from `origin`, named in errors) and analyses it under
/// `eval`'s limits: canonical form, stops, mean, temperature, thermograph,
/// and the game cooled by `cool` and heated by `heat` when given.
///
/// ```
/// use miai_cgt::{Evaluator, report::analyse};
/// let r = analyse("{4|0} + {6|{4|0}} - 7", "the expression", None, None, &Evaluator::default()).unwrap();
/// assert_eq!(r.canonical.to_string(), "{1,{3|-1}|-3}");
/// assert!(r.to_string().contains("temperature:  2"));
/// ```
pub fn analyse(
    text: &str,
    origin: &str,
    cool: Option<Dyadic>,
    heat: Option<Dyadic>,
    eval: &Evaluator,
) -> Result<Report, AnalysisError> {
    analyse_detailed(text, origin, cool, heat, false, eval)
}

/// [`analyse`], and with `details` also the [`Details`]: options,
/// incentives, reduced canonical form and atomic weight.
///
/// ```
/// use miai_cgt::{Evaluator, report::analyse_detailed};
/// let r = analyse_detailed("^", "the expression", None, None, true, &Evaluator::default()).unwrap();
/// let d = r.details.unwrap();
/// assert_eq!(d.atomic_weight.unwrap().to_string(), "1");
/// assert_eq!(d.reduced.to_string(), "0");
/// ```
pub fn analyse_detailed(
    text: &str,
    origin: &str,
    cool: Option<Dyadic>,
    heat: Option<Dyadic>,
    details: bool,
    eval: &Evaluator,
) -> Result<Report, AnalysisError> {
    eval.run(|| analyse_unbounded(text, origin, cool, heat, details))
}

/// The details of `game`, failing only on a cut-off or overflow.
fn details(game: Game) -> Result<Details, AnalysisError> {
    let reduced = game
        .reduced_canonical_form()
        .map_err(game_error("reduced canonical form"))?;
    let left_incentives = game.left_incentives().map_err(game_error("incentives"))?;
    let right_incentives = game.right_incentives().map_err(game_error("incentives"))?;
    let all_small = game.is_all_small();
    let (atomic_weight, atomic_weight_note) = match game.atomic_weight() {
        Ok(Some(w)) => (Some(w), None),
        Ok(None) => (
            None,
            Some("not defined: the game is not all-small".to_string()),
        ),
        Err(CgtError::Stopped(s)) => return Err(AnalysisError::Stopped(s)),
        Err(e) => (None, Some(format!("not computed: {e}"))),
    };
    Ok(Details {
        left_options: game.left_options(),
        right_options: game.right_options(),
        left_incentives,
        right_incentives,
        reduced,
        all_small,
        atomic_weight,
        atomic_weight_note,
    })
}

fn analyse_unbounded(
    text: &str,
    origin: &str,
    cool: Option<Dyadic>,
    heat: Option<Dyadic>,
    with_details: bool,
) -> Result<Report, AnalysisError> {
    let game = crate::parse(text).map_err(|e| {
        if let Some(s) = e.stop() {
            return AnalysisError::Stopped(s);
        }
        let body = crate::text::strip_bom(text);
        let (line, column) = line_and_column(body, e.column());
        AnalysisError::Parse {
            origin: origin.to_string(),
            line,
            column,
            multiline: body.trim_end().contains('\n'),
            source: e,
        }
    })?;
    // The fallible forms of the queries: inside a bounded evaluation a
    // cut-off must not turn into a wrong answer.
    let (left_stop, right_stop) = context::with(|c| c.stops(game)).map_err(game_error("stops"))?;
    let outcome = outcome(game)?;
    let thermograph = context::with(|c| c.thermograph(game).map(|t| (*t).clone()))
        .map_err(game_error("thermograph"))?;
    let cooled = match cool {
        Some(t) => {
            let value = context::with(|c| c.cool(game, t)).map_err(game_error("cooling"))?;
            let stops = context::with(|c| c.stops(value)).map_err(game_error("cooling"))?;
            Some(Cooled {
                t,
                value,
                is_number: value.is_number(),
                confused_with_integers: confused_integers(value, stops, CONFUSED_LIMIT)?,
                stops,
            })
        }
        None => None,
    };
    let heated = match heat {
        Some(t) => Some(Heated {
            t,
            value: context::with(|c| c.heat(game, t)).map_err(game_error("heating"))?,
        }),
        None => None,
    };
    let birthday = context::with(|c| c.birthday(game)).map_err(game_error("birthday"))?;
    let details = if with_details {
        Some(details(game)?)
    } else {
        None
    };
    Ok(Report {
        expression: crate::text::strip_bom(text).trim().to_string(),
        canonical: game,
        outcome: outcome.to_string(),
        outcome_words: outcome_words(outcome).to_string(),
        left_stop,
        right_stop,
        mean: thermograph.mean(),
        temperature: thermograph.temperature(),
        birthday,
        cooled,
        heated,
        details,
        thermograph,
        thermograph_svg: None,
    })
}

/// `g <= h` and `h <= g`, failing on a cut-off.
fn order(g: Game, h: Game) -> Result<(bool, bool), AnalysisError> {
    context::with(|c| Ok((c.le(g, h)?, c.le(h, g)?))).map_err(game_error("comparison"))
}

fn outcome(g: Game) -> Result<Outcome, AnalysisError> {
    Ok(match order(g, Game::zero())? {
        (true, true) => Outcome::P,
        (false, true) => Outcome::L,
        (true, false) => Outcome::R,
        (false, false) => Outcome::N,
    })
}

fn confused_integers(
    g: Game,
    (ls, rs): (Dyadic, Dyadic),
    limit: u64,
) -> Result<Option<Vec<i64>>, AnalysisError> {
    let (lo, hi) = (rs.floor(), ls.ceil());
    if hi.abs_diff(lo) > limit {
        return Ok(None);
    }
    let mut out = Vec::new();
    for n in lo..=hi {
        if order(g, Game::integer(n))? == (false, false) {
            out.push(n);
        }
    }
    Ok(Some(out))
}

impl Report {
    /// The thermograph as an SVG document, titled with the canonical form.
    pub fn thermograph_svg(&self) -> String {
        self.thermograph.to_svg(&self.canonical.to_string())
    }
}

impl fmt::Display for Report {
    /// The text report of `miai cgt`, one item a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "expression:   {}", self.expression)?;
        writeln!(f, "canonical:    {}", self.canonical)?;
        writeln!(f, "outcome:      {} ({})", self.outcome, self.outcome_words)?;
        writeln!(
            f,
            "stops:        left {}, right {}",
            self.left_stop, self.right_stop
        )?;
        writeln!(f, "mean:         {}", self.mean)?;
        writeln!(f, "temperature:  {}", self.temperature)?;
        writeln!(f, "birthday:     {}", self.birthday)?;
        if let Some(c) = &self.cooled {
            writeln!(f, "cooled by {}:  {}", c.t, c.value)?;
            writeln!(
                f,
                "  number:     {}",
                if c.is_number { "yes" } else { "no" }
            )?;
            match &c.confused_with_integers {
                Some(v) if v.is_empty() => writeln!(f, "  confused with integers: none")?,
                Some(v) => {
                    let list: Vec<String> = v.iter().map(i64::to_string).collect();
                    writeln!(f, "  confused with integers: {}", list.join(", "))?;
                }
                None => writeln!(
                    f,
                    "  confused with integers: too many to list (stops {} and {})",
                    c.stops.0, c.stops.1
                )?,
            }
        }
        if let Some(h) = &self.heated {
            writeln!(f, "heated by {}:  {}", h.t, h.value)?;
        }
        if let Some(d) = &self.details {
            let list = |v: &[Game]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.iter().map(Game::to_string).collect::<Vec<_>>().join(", ")
                }
            };
            writeln!(f, "left options:     {}", list(&d.left_options))?;
            writeln!(f, "right options:    {}", list(&d.right_options))?;
            writeln!(f, "left incentives:  {}", list(&d.left_incentives))?;
            writeln!(f, "right incentives: {}", list(&d.right_incentives))?;
            writeln!(f, "reduced:          {}", d.reduced)?;
            match (&d.atomic_weight, &d.atomic_weight_note) {
                (Some(w), _) => writeln!(f, "atomic weight:    {w}")?,
                (None, Some(note)) => writeln!(f, "atomic weight:    {note}")?,
                (None, None) => writeln!(f, "atomic weight:    not defined")?,
            }
        }
        if let Some(p) = &self.thermograph_svg {
            writeln!(f, "thermograph:  written to {}", p.display())?;
        }
        Ok(())
    }
}
