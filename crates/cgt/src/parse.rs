//! Parsing CGSuite-style game notation.
//!
//! ```text
//! expr    := term (('+' | '-' | '+-' | '±') term)*      a +- b  is  a + ±b
//! term    := '-' term | '+-' term | '±' term | '+' term | primary
//!          | '-' literal                                -1^*  is  (-1) + ^*
//! primary := literal | suffix+ | '{' options '}' | '(' expr ')'
//! literal := INT ('/' INT)? suffix*                     3/4, 2*, 4^, 1/2v2
//!          | INT '.' INT suffix*                        2.5, 0.125* (dyadic only)
//! suffix  := '^' INT? | 'v' INT? | '*' INT?            ^ ^3 v v2 * *5
//! options := slot (sep slot)*      sep: ',' or a run of bars '|', '||', ...
//! ```
//!
//! Bars follow CGSuite's precedence: the longest run of bars splits the
//! braces into Left and Right; a side that still holds bars is one option,
//! the game those bars make (`{a||b|c} = {a|{b|c}}`, `{a|b||c} = {{a|b}|c}`).
//! Columns in errors count characters from 1.

use thiserror::Error;

use crate::error::{ArithmeticError, CgtError};
use crate::game::{MAX_NIMBER, MAX_UPS};
use crate::{Dyadic, Game, Nus};

/// How deeply braces, parentheses and prefix operators may nest.
pub const MAX_DEPTH: usize = 200;

/// Why a game expression could not be read. Every variant names the column
/// (counting characters from 1) and what was expected or wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A character that has no meaning in the notation.
    #[error("column {column}: unexpected character {found:?}; expected {expected}")]
    UnexpectedChar {
        /// Where.
        column: usize,
        /// The character.
        found: char,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A token in the wrong place.
    #[error("column {column}: expected {expected}, found {found:?}")]
    Unexpected {
        /// Where.
        column: usize,
        /// What would have been accepted.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// The input ended too early.
    #[error("column {column}: expected {expected}, found the end of the input")]
    UnexpectedEnd {
        /// Where (one past the last character).
        column: usize,
        /// What would have been accepted.
        expected: &'static str,
    },
    /// A number that is too large or not dyadic.
    #[error("column {column}: bad number {text:?}: {reason}")]
    BadNumber {
        /// Where.
        column: usize,
        /// The number as written.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Two runs of bars of the same, greatest length inside one pair of
    /// braces (`{a|b|c}`): which one splits Left from Right is ambiguous.
    #[error(
        "column {column}: ambiguous bars: a second run of {bars} bar(s) at the same level; expected a longer run to separate Left from Right"
    )]
    AmbiguousBars {
        /// Where the second run starts.
        column: usize,
        /// The length of the runs.
        bars: usize,
    },
    /// Braces without any bar (`{1,2}`).
    #[error("column {column}: expected '|' between Left's and Right's options in these braces")]
    NoBar {
        /// Where the braces open.
        column: usize,
    },
    /// An empty slot between separators (`{1,|0}`).
    #[error("column {column}: expected an option (a game) here")]
    EmptyOption {
        /// Where.
        column: usize,
    },
    /// Nesting beyond [`MAX_DEPTH`].
    #[error("column {column}: nesting deeper than {limit} levels")]
    TooDeep {
        /// Where.
        column: usize,
        /// The limit.
        limit: usize,
    },
    /// The game algebra refused (overflow, too large a nimber).
    #[error("column {column}: {source}")]
    Game {
        /// Where the offending term starts.
        column: usize,
        /// Why.
        source: CgtError,
    },
}

/// The 1-based line and column of the character at 1-based `offset`
/// (a [`ParseError::column`]) in `text`, for input spanning several lines.
pub fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let (mut line, mut col) = (1, 1);
    for c in text.chars().take(offset.saturating_sub(1)) {
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    (line, col)
}

impl ParseError {
    /// Why a bounded evaluation ([`crate::Evaluator`]) was cut off while
    /// the expression was being built, if it was.
    pub fn stop(&self) -> Option<miai_search::Stop> {
        match self {
            ParseError::Game { source, .. } => source.stop(),
            _ => None,
        }
    }

    /// What is wrong, without the column (for messages that name the
    /// place themselves).
    ///
    /// ```
    /// let e = miai_cgt::parse("{1|").unwrap_err();
    /// assert_eq!(e.to_string(), format!("column 4: {}", e.reason()));
    /// ```
    pub fn reason(&self) -> String {
        let full = self.to_string();
        let prefix = format!("column {}: ", self.column());
        match full.strip_prefix(&prefix) {
            Some(rest) => rest.to_string(),
            None => full,
        }
    }

    /// The column (counting characters from 1) the error points at.
    pub fn column(&self) -> usize {
        match self {
            ParseError::UnexpectedChar { column, .. }
            | ParseError::Unexpected { column, .. }
            | ParseError::UnexpectedEnd { column, .. }
            | ParseError::BadNumber { column, .. }
            | ParseError::AmbiguousBars { column, .. }
            | ParseError::NoBar { column }
            | ParseError::EmptyOption { column }
            | ParseError::TooDeep { column, .. }
            | ParseError::Game { column, .. } => *column,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Int(String),
    /// A decimal `int.frac`, as written.
    Decimal(String),
    Slash,
    Star,
    Up,
    Down,
    LBrace,
    RBrace,
    Bars(usize),
    Comma,
    LParen,
    RParen,
    Plus,
    Minus,
    PlusMinus,
    End,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Int(s) | Tok::Decimal(s) => s.clone(),
            Tok::Slash => "/".into(),
            Tok::Star => "*".into(),
            Tok::Up => "^".into(),
            Tok::Down => "v".into(),
            Tok::LBrace => "{".into(),
            Tok::RBrace => "}".into(),
            Tok::Bars(k) => "|".repeat(*k),
            Tok::Comma => ",".into(),
            Tok::LParen => "(".into(),
            Tok::RParen => ")".into(),
            Tok::Plus => "+".into(),
            Tok::Minus => "-".into(),
            Tok::PlusMinus => "+-".into(),
            Tok::End => "end of input".into(),
        }
    }
}

const START_OF_GAME: &str = "a game: a number, '*', '^', 'v', '{', '(', '-' or '+-'";

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        let tok = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(char::is_ascii_digit)
                {
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    toks.push((Tok::Decimal(chars[start..i].iter().collect()), column));
                    continue;
                }
                toks.push((Tok::Int(chars[start..i].iter().collect()), column));
                continue;
            }
            '|' => {
                let start = i;
                while i < chars.len() && chars[i] == '|' {
                    i += 1;
                }
                toks.push((Tok::Bars(i - start), column));
                continue;
            }
            '+' if chars.get(i + 1) == Some(&'-') => {
                i += 2;
                toks.push((Tok::PlusMinus, column));
                continue;
            }
            '±' => Tok::PlusMinus,
            '+' => Tok::Plus,
            '-' => Tok::Minus,
            '/' => Tok::Slash,
            '*' => Tok::Star,
            '^' | '↑' => Tok::Up,
            'v' | '↓' => Tok::Down,
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            ',' => Tok::Comma,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            other => {
                return Err(ParseError::UnexpectedChar {
                    column,
                    found: other,
                    expected: "a number, one of * ^ v { } | , ( ) + - / or ±",
                });
            }
        };
        toks.push((tok, column));
        i += 1;
    }
    toks.push((Tok::End, chars.len() + 1));
    Ok(toks)
}

/// Parses a game expression and returns its canonical form.
///
/// ```
/// use miai_cgt::{parse, Game};
/// assert_eq!(parse("{0|*}").unwrap(), parse("^").unwrap());
/// assert_eq!(parse("{4||2|1}").unwrap(), parse("{4|{2|1}}").unwrap());
/// let err = parse("{1|2").unwrap_err();
/// assert_eq!(err.column(), 5);
/// ```
pub fn parse(text: &str) -> Result<Game, ParseError> {
    // Columns count from after a byte-order mark.
    let text = crate::text::strip_bom(text);
    let toks = lex(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let g = p.expr()?;
    match p.peek() {
        Tok::End => Ok(g),
        other => Err(ParseError::Unexpected {
            column: p.col(),
            expected: "'+', '-', '+-' or the end of the input",
            found: other.describe(),
        }),
    }
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
}

enum Sep {
    Comma,
    Bars(usize),
}

type Slot = (Option<Game>, usize);

fn game_err(column: usize) -> impl Fn(CgtError) -> ParseError {
    move |source| ParseError::Game { column, source }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn col(&self) -> usize {
        self.toks[self.pos].1
    }

    fn bump(&mut self) -> (Tok, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Tok::End => ParseError::UnexpectedEnd {
                column: self.col(),
                expected,
            },
            other => ParseError::Unexpected {
                column: self.col(),
                expected,
                found: other.describe(),
            },
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::TooDeep {
                column: self.col(),
                limit: MAX_DEPTH,
            });
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Game, ParseError> {
        let mut acc = self.term()?;
        loop {
            let column = self.col();
            match self.peek() {
                Tok::Plus => {
                    self.bump();
                    let t = self.term()?;
                    acc = acc.checked_add(t).map_err(game_err(column))?;
                }
                Tok::Minus => {
                    self.bump();
                    let t = self.term()?;
                    acc = acc.checked_sub(t).map_err(game_err(column))?;
                }
                Tok::PlusMinus => {
                    self.bump();
                    let t = self.term()?;
                    let pm = t.plus_minus().map_err(game_err(column))?;
                    acc = acc.checked_add(pm).map_err(game_err(column))?;
                }
                _ => return Ok(acc),
            }
        }
    }

    fn term(&mut self) -> Result<Game, ParseError> {
        self.enter()?;
        let column = self.col();
        let g = match self.peek() {
            Tok::Minus => {
                self.bump();
                if matches!(self.peek(), Tok::Int(_) | Tok::Decimal(_)) {
                    self.literal(true, column)?
                } else {
                    let t = self.term()?;
                    t.checked_neg().map_err(game_err(column))?
                }
            }
            Tok::PlusMinus => {
                self.bump();
                let t = self.term()?;
                t.plus_minus().map_err(game_err(column))?
            }
            Tok::Plus => {
                self.bump();
                self.term()?
            }
            _ => self.primary()?,
        };
        self.depth -= 1;
        Ok(g)
    }

    fn primary(&mut self) -> Result<Game, ParseError> {
        let column = self.col();
        match self.peek() {
            Tok::Int(_) | Tok::Decimal(_) => self.literal(false, column),
            Tok::Star | Tok::Up | Tok::Down => self.suffixes(Dyadic::ZERO, column),
            Tok::LBrace => self.braces(),
            Tok::LParen => {
                self.bump();
                let g = self.expr()?;
                match self.peek() {
                    Tok::RParen => {
                        self.bump();
                        Ok(g)
                    }
                    _ => Err(self.unexpected("')' or an operator")),
                }
            }
            _ => Err(self.unexpected(START_OF_GAME)),
        }
    }

    fn int(&mut self) -> Result<(u64, String, usize), ParseError> {
        match self.bump() {
            (Tok::Int(s), column) => {
                let v = s.parse::<u64>().map_err(|_| ParseError::BadNumber {
                    column,
                    text: s.clone(),
                    reason: "too large",
                })?;
                Ok((v, s, column))
            }
            _ => unreachable!("int() is called only on an Int token"),
        }
    }

    fn literal(&mut self, negative: bool, column: usize) -> Result<Game, ParseError> {
        if let Tok::Decimal(text) = self.peek() {
            let text = text.clone();
            self.bump();
            let x = Dyadic::from_decimal(&text).map_err(|e| ParseError::BadNumber {
                column,
                text: text.clone(),
                reason: match e {
                    ArithmeticError::NotDyadic => {
                        "not a dyadic rational: a decimal must equal m/2^k (2.5, 0.125, 0.75); \
                         0.1 = 1/10 is not"
                    }
                    _ => "too many digits for a 64-bit dyadic",
                },
            })?;
            let x = if negative {
                x.checked_neg().map_err(|e| game_err(column)(e.into()))?
            } else {
                x
            };
            return self.suffixes(x, column);
        }
        let (n, text, _) = self.int()?;
        let too_large = |text: String| ParseError::BadNumber {
            column,
            text,
            reason: "too large (numerators must fit in 64 bits)",
        };
        // i128 first: `-9223372036854775808` (i64::MIN) is in range.
        let n = if negative {
            -i128::from(n)
        } else {
            i128::from(n)
        };
        let n = i64::try_from(n).map_err(|_| too_large(text.clone()))?;
        let mut x = Dyadic::integer(n);
        if matches!(self.peek(), Tok::Slash) {
            self.bump();
            if !matches!(self.peek(), Tok::Int(_)) {
                return Err(self.unexpected("a denominator (a power of two)"));
            }
            let (d, dtext, dcol) = self.int()?;
            let text = format!("{text}/{dtext}");
            if d == 0 || !d.is_power_of_two() {
                return Err(ParseError::BadNumber {
                    column: dcol,
                    text,
                    reason: "the denominator must be a power of two",
                });
            }
            x = Dyadic::new(n, d.trailing_zeros()).map_err(|_| ParseError::BadNumber {
                column,
                text,
                reason: "denominator above 2^62",
            })?;
        }
        self.suffixes(x, column)
    }

    fn count(&mut self) -> Result<Option<u64>, ParseError> {
        if matches!(self.peek(), Tok::Int(_)) {
            Ok(Some(self.int()?.0))
        } else {
            Ok(None)
        }
    }

    /// `x` followed by any `^n`, `vn`, `*n` suffixes.
    fn suffixes(&mut self, x: Dyadic, column: usize) -> Result<Game, ParseError> {
        let mut ups: i64 = 0;
        let mut nimber: u64 = 0;
        let mut any = false;
        loop {
            let scol = self.col();
            let limit_err = |what: &'static str, value: u64, limit: u64| ParseError::Game {
                column: scol,
                source: CgtError::TooLarge { what, value, limit },
            };
            match self.peek() {
                Tok::Up | Tok::Down => {
                    let sign = if matches!(self.peek(), Tok::Up) {
                        1
                    } else {
                        -1
                    };
                    self.bump();
                    let k = self.count()?.unwrap_or(1);
                    if k > MAX_UPS {
                        return Err(limit_err("up multiple", k, MAX_UPS));
                    }
                    ups += sign * k as i64;
                    if ups.unsigned_abs() > MAX_UPS {
                        return Err(limit_err("up multiple", ups.unsigned_abs(), MAX_UPS));
                    }
                }
                Tok::Star => {
                    self.bump();
                    let m = self.count()?.unwrap_or(1);
                    if m > u64::from(MAX_NIMBER) {
                        return Err(limit_err("nimber", m, MAX_NIMBER.into()));
                    }
                    nimber ^= m;
                }
                _ => break,
            }
            any = true;
        }
        if !any {
            return Ok(Game::number(x));
        }
        let nus = Nus {
            number: x,
            ups,
            nimber: nimber as u32,
        };
        Game::nus(nus).map_err(game_err(column))
    }

    fn braces(&mut self) -> Result<Game, ParseError> {
        self.enter()?;
        let (_, open) = self.bump();
        let mut slots: Vec<Slot> = Vec::new();
        let mut seps: Vec<(Sep, usize)> = Vec::new();
        loop {
            let column = self.col();
            let slot = match self.peek() {
                Tok::Comma | Tok::Bars(_) | Tok::RBrace => None,
                _ => Some(self.expr()?),
            };
            slots.push((slot, column));
            let scol = self.col();
            match self.peek() {
                Tok::Comma => seps.push((Sep::Comma, scol)),
                &Tok::Bars(k) => seps.push((Sep::Bars(k), scol)),
                Tok::RBrace => {
                    self.bump();
                    break;
                }
                _ => return Err(self.unexpected("',', '|' or '}'")),
            }
            self.bump();
        }
        let g = build(&slots, &seps, open)?;
        self.depth -= 1;
        Ok(g)
    }
}

/// The game made by `slots` separated by `seps` inside braces opened at
/// column `open`.
fn build(slots: &[Slot], seps: &[(Sep, usize)], open: usize) -> Result<Game, ParseError> {
    let max = seps
        .iter()
        .filter_map(|(s, _)| match s {
            Sep::Bars(k) => Some(*k),
            Sep::Comma => None,
        })
        .max()
        .ok_or(ParseError::NoBar { column: open })?;
    let at: Vec<usize> = seps
        .iter()
        .enumerate()
        .filter_map(|(i, (s, _))| matches!(s, Sep::Bars(k) if *k == max).then_some(i))
        .collect();
    if at.len() > 1 {
        return Err(ParseError::AmbiguousBars {
            column: seps[at[1]].1,
            bars: max,
        });
    }
    let i = at[0];
    let left = side(&slots[..=i], &seps[..i], open)?;
    let right = side(&slots[i + 1..], &seps[i + 1..], open)?;
    Game::from_options(&left, &right).map_err(game_err(open))
}

fn side(slots: &[Slot], seps: &[(Sep, usize)], open: usize) -> Result<Vec<Game>, ParseError> {
    if seps.iter().any(|(s, _)| matches!(s, Sep::Bars(_))) {
        return Ok(vec![build(slots, seps, open)?]);
    }
    if let [(None, _)] = slots {
        return Ok(Vec::new());
    }
    slots
        .iter()
        .map(|&(g, column)| g.ok_or(ParseError::EmptyOption { column }))
        .collect()
}
