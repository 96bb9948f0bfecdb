//! What `miai nko` reports and `miai serve` sends: a state in words, the
//! answer to a query with or without passes, and the rows of the win table.

use std::fmt::{self, Write as _};
use std::io;

use miai_search::{Cancel, Limits, Stop};
use serde::Serialize;

use crate::history::{HistorySearch, Rules};
use crate::passes::{self, NaivePassTable, PROVEN_PASS_MAX_N};
use crate::state::Step;
use crate::variation::Variation;
use crate::{
    Ending, MAX_TABLE_N, Move, Outcome, Player, SearchError, State, StateError, WinTable,
    closed_form,
};

/// A state in words: its kos, who holds how many, who moves.
#[must_use]
pub fn describe(state: State) -> String {
    format!(
        "{state}: {} kos, Black holds {}, White {}, {} to move",
        state.n(),
        state.kos_of(Player::Black),
        state.kos_of(Player::White),
        state.to_move()
    )
}

/// The answer for a state without passes (the proven closed form), the
/// seed's claim and a principal variation: the JSON of `miai nko N M
/// --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Query {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// Always false here.
    pub passes: bool,
    /// `B` or `W`.
    pub winner: char,
    /// Always true: the closed form is proven.
    pub proven: bool,
    /// The seed's claim, if it makes one.
    pub seed_claim: Option<char>,
    /// Whether the seed's claim is wrong.
    pub seed_wrong: bool,
    /// The principal variation, a ply per entry.
    pub variation: Vec<String>,
    /// Whether the variation was cut short.
    pub variation_truncated: bool,
    /// The state asked about (for the text form).
    #[serde(skip)]
    state: State,
}

impl Query {
    /// The answer for `state`, with the variation `pv`.
    #[must_use]
    pub fn new(state: State, pv: &Variation) -> Query {
        let winner = closed_form::winner(state);
        let seed = closed_form::seed_claim(state);
        Query {
            n: state.n(),
            m: state.m(),
            t: state.t(),
            passes: false,
            winner: winner.letter(),
            proven: true,
            seed_claim: seed.map(Player::letter),
            seed_wrong: seed.is_some_and(|s| s != winner),
            variation: pv.plies.iter().map(ToString::to_string).collect(),
            variation_truncated: pv.truncated,
            state,
        }
    }
}

/// The text of `miai nko N M`: the state, the verdict, the seed's claim and
/// the principal variation, one ply a line.
impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.state;
        let winner = closed_form::winner(state);
        writeln!(f, "{}", describe(state))?;
        writeln!(
            f,
            "Verdict: {winner} wins (proven closed form; equal to the DP for n <= {MAX_TABLE_N} and to the full-history brute force for n <= 6)"
        )?;
        match closed_form::seed_claim(state) {
            Some(claim) if claim != winner => writeln!(
                f,
                "Seed 000 claims {claim} wins: the seed is WRONG here (its residues are shifted; see crates/nko/README.md)"
            )?,
            Some(claim) => writeln!(f, "Seed 000 claims {claim} wins: agrees")?,
            None => writeln!(f, "Seed 000 states nothing about this state")?,
        }
        writeln!(f, "Principal variation:")?;
        for (i, ply) in self.variation.iter().enumerate() {
            writeln!(f, "  {:>3}. {ply}", i + 1)?;
        }
        if self.variation_truncated {
            writeln!(f, "  ... (more; raise --max-plies)")?;
        }
        Ok(())
    }
}

/// The largest `n` a pass query plays out with the brute force.
pub const PASS_SEARCH_MAX_N: u64 = 8;

/// The outcome of a state with passes: the brute force for small `n`, else
/// the seed's pass rule, with what backs it.
#[derive(Debug, Clone)]
pub struct PassQuery {
    /// The state.
    pub state: State,
    /// The seed's pass rule.
    pub rule: Outcome,
    /// The full-history brute force, run for `n <= PASS_SEARCH_MAX_N`
    /// (`None` beyond, or when it was stopped).
    pub searched: Option<Outcome>,
    /// Why the brute force stopped, if it did.
    pub stopped: Option<Stop>,
    /// The answer: the brute force where run, else the rule.
    pub outcome: Outcome,
    /// Whether the rule is backed by the brute force at this `n`.
    pub proven: bool,
    /// The naive `(n, m, t)` recursion with a pass move (a different game).
    pub naive: Option<Outcome>,
}

/// The JSON of `miai nko N M --passes --json`.
#[derive(Debug, Clone, Serialize)]
pub struct PassJson {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// Always true here.
    pub passes: bool,
    /// `B`, `W` or `D`.
    pub winner: char,
    /// Whether the answer is proven.
    pub proven: bool,
    /// The naive recursion's answer.
    pub naive_recursion: Option<char>,
}

impl PassQuery {
    /// Answers `state` with passes allowed; the brute force runs within
    /// `limits` and stops when `cancel` is raised (the rule answers then).
    ///
    /// # Errors
    /// A search error other than a stop.
    pub fn new(
        state: State,
        limits: &Limits,
        cancel: Option<&Cancel>,
    ) -> Result<PassQuery, SearchError> {
        let rule = passes::proven_outcome(state);
        let (mut searched, mut stopped) = (None, None);
        if state.n() <= PASS_SEARCH_MAX_N {
            match HistorySearch::new(Rules::PassesAllowed, limits, cancel).solve(state) {
                Ok(o) => searched = Some(o),
                Err(SearchError::Stopped { stop, .. }) => stopped = Some(stop),
                Err(e) => return Err(e),
            }
        }
        Ok(PassQuery {
            state,
            rule,
            searched,
            stopped,
            outcome: searched.unwrap_or(rule),
            proven: passes::is_proven(state),
            naive: NaivePassTable::build(state.n().clamp(2, MAX_TABLE_N))
                .ok()
                .and_then(|t| t.outcome(state).ok()),
        })
    }

    /// Its JSON.
    #[must_use]
    pub fn json(&self) -> PassJson {
        PassJson {
            n: self.state.n(),
            m: self.state.m(),
            t: self.state.t(),
            passes: true,
            winner: self.outcome.letter(),
            proven: self.proven,
            naive_recursion: self.naive.map(Outcome::letter),
        }
    }

    /// What backs the answer, in words.
    #[must_use]
    pub fn how(&self) -> String {
        if self.searched.is_some() {
            "full-history brute force, just run".to_string()
        } else if self.proven {
            format!(
                "seed's pass rule, verified by the full-history brute force for n <= {PROVEN_PASS_MAX_N}"
            )
        } else {
            format!(
                "seed's pass rule; NOT proven at this n (brute force verified only n <= {PROVEN_PASS_MAX_N})"
            )
        }
    }
}

/// The text of `miai nko N M --passes`: the state, the verdict and what
/// backs it, the seed's pass rule and the naive recursion where it differs.
impl fmt::Display for PassQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} (passes allowed; two passes in a row: draw)",
            describe(self.state)
        )?;
        writeln!(f, "Verdict: {} ({})", self.outcome, self.how())?;
        let rule = self.rule;
        if self.searched.is_some_and(|o| o != rule) {
            writeln!(
                f,
                "The seed's pass rule says {rule}: the seed is WRONG here"
            )?;
        } else {
            writeln!(f, "Seed 000's pass rule says {rule}: agrees")?;
        }
        if let Some(nv) = self.naive.filter(|&nv| nv != self.outcome) {
            writeln!(
                f,
                "Note: the naive (n, m, t) recursion with a pass move says {nv}; it is a different game (a pass mid-fight changes the fight)"
            )?;
        }
        Ok(())
    }
}

/// A state as the server sends it: its numbers, the side to move and who
/// holds how many kos.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StateJson {
    /// Black's kos in the seed's sense (`kos_of(Black)`).
    pub black_kos: u64,
    /// Black's kos `m`.
    pub m: u64,
    /// Kos.
    pub n: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// `B` or `W`.
    pub to_move: char,
    /// White's kos.
    pub white_kos: u64,
}

impl From<State> for StateJson {
    fn from(s: State) -> StateJson {
        StateJson {
            black_kos: s.kos_of(Player::Black),
            m: s.m(),
            n: s.n(),
            t: s.t(),
            to_move: s.to_move().letter(),
            white_kos: s.kos_of(Player::White),
        }
    }
}

/// How a variation ends: the winner and the way the fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EndJson {
    /// `capture`, `suicide` or `lost-fight-in-atari`.
    pub how: &'static str,
    /// `B` or `W`.
    pub winner: char,
}

/// One ply of a principal variation as the server sends it: who moved,
/// what, in words, and the state before and after (or the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyJson {
    /// The state after the ply, `None` when it ended the fight.
    pub after: Option<StateJson>,
    /// The state before the ply.
    pub before: StateJson,
    /// How the fight ended, when the ply ended it.
    pub end: Option<EndJson>,
    /// `capture`, `fill` or `win-ko-fight`.
    #[serde(rename = "move")]
    pub mv: &'static str,
    /// `B` or `W`.
    pub player: char,
    /// The ply in words.
    pub text: String,
}

/// The word of a move (`capture`, `fill`, `win-ko-fight`).
#[must_use]
pub fn move_word(mv: Move) -> &'static str {
    match mv {
        Move::Capture => "capture",
        Move::Fill => "fill",
        Move::WinKoFight => "win-ko-fight",
    }
}

/// The word of an ending (`capture`, `suicide`, `lost-fight-in-atari`).
#[must_use]
pub fn ending_word(e: Ending) -> &'static str {
    match e {
        Ending::Capture => "capture",
        Ending::Suicide => "suicide",
        Ending::LostFightInAtari => "lost-fight-in-atari",
    }
}

/// The plies of `pv`, as the server sends them.
#[must_use]
pub fn plies_json(pv: &Variation) -> Vec<PlyJson> {
    pv.plies
        .iter()
        .map(|p| {
            let (after, end) = match p.after {
                Step::Continue(s) => (Some(StateJson::from(s)), None),
                Step::Win { winner, ending } => (
                    None,
                    Some(EndJson {
                        how: ending_word(ending),
                        winner: winner.letter(),
                    }),
                ),
            };
            PlyJson {
                after,
                before: StateJson::from(p.before),
                end,
                mv: move_word(p.mv),
                player: p.before.to_move().letter(),
                text: p.to_string(),
            }
        })
        .collect()
}

/// The answer for one state, with or without passes.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum StateAnswer {
    /// Without passes: the proven closed form and its variation.
    ClosedForm(Query),
    /// With passes: the outcome only.
    Passes {
        /// The answer's fields.
        #[serde(flatten)]
        answer: PassJson,
        /// What backs the answer, in words ([`PassQuery::how`]).
        how: String,
        /// Why there is no variation.
        note: &'static str,
        /// The seed's pass rule, `B`, `W` or `D`.
        seed_rule: char,
    },
}

/// A state's verdict and best play, the drill-down of a table cell: the
/// JSON of `GET /api/nko/state` (one flat object: the answer's fields
/// beside these).
#[derive(Debug, Clone, Serialize)]
pub struct StateReport {
    /// The answer.
    #[serde(flatten)]
    pub answer: StateAnswer,
    /// The state in words ([`describe`]).
    pub description: String,
    /// The principal variation ply by ply (none with passes).
    pub plies: Vec<PlyJson>,
    /// The state.
    pub state: StateJson,
    /// The side to move, `B` or `W`.
    pub to_move: char,
}

impl StateReport {
    /// The report of `state`: with `passes` the pass query (its brute
    /// force unlimited for small `n`), else the closed form with at most
    /// `max_plies` plies of the principal variation.
    ///
    /// # Errors
    /// A search error of the pass query's brute force.
    pub fn new(state: State, passes: bool, max_plies: usize) -> Result<StateReport, SearchError> {
        let (answer, plies) = if passes {
            let pq = PassQuery::new(state, &Limits::none(), None)?;
            let answer = StateAnswer::Passes {
                answer: pq.json(),
                how: pq.how(),
                note: "with passes the model gives the outcome only: no principal variation",
                seed_rule: pq.rule.letter(),
            };
            (answer, Vec::new())
        } else {
            let pv = crate::variation::principal_variation(state, max_plies);
            (
                StateAnswer::ClosedForm(Query::new(state, &pv)),
                plies_json(&pv),
            )
        };
        Ok(StateReport {
            answer,
            description: describe(state),
            plies,
            state: StateJson::from(state),
            to_move: state.to_move().letter(),
        })
    }
}

/// One cell of the win table: state `(n, m, t)` and its winner.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Kos.
    pub n: u64,
    /// Black's kos.
    pub m: u64,
    /// Side to move, the seed's index.
    pub t: usize,
    /// The side to move, `B` or `W`.
    pub to_move: char,
    /// `B`, `W` or `D`.
    pub winner: char,
    /// Whether the seed's claim (if any) disagrees.
    pub seed_wrong: bool,
    /// Whether the value is proven (always, without passes).
    pub proven: bool,
}

impl Row {
    /// Appends the row's JSON, exactly as `serde_json` writes it (fields in
    /// declaration order, no spaces).
    fn push_json(&self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(b"{\"n\":");
        push_u64(buf, self.n);
        buf.extend_from_slice(b",\"m\":");
        push_u64(buf, self.m);
        buf.extend_from_slice(b",\"t\":");
        push_u64(buf, self.t as u64);
        buf.extend_from_slice(b",\"to_move\":\"");
        push_char(buf, self.to_move);
        buf.extend_from_slice(b"\",\"winner\":\"");
        push_char(buf, self.winner);
        buf.extend_from_slice(b"\",\"seed_wrong\":");
        buf.extend_from_slice(if self.seed_wrong { b"true" } else { b"false" });
        buf.extend_from_slice(b",\"proven\":");
        buf.extend_from_slice(if self.proven { b"true" } else { b"false" });
        buf.push(b'}');
    }
}

/// Appends the decimal digits of `x`.
fn push_u64(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Appends a letter (`B`, `W`, `D`: plain ASCII, nothing to escape).
fn push_char(buf: &mut Vec<u8>, c: char) {
    let mut utf8 = [0u8; 4];
    buf.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
}

/// Adds one to the decimal number written in `text[from..]` (digits only).
fn increment_digits(text: &mut Vec<u8>, from: usize) {
    let mut i = text.len();
    while i > from {
        i -= 1;
        if text[i] == b'9' {
            text[i] = b'0';
        } else {
            text[i] += 1;
            return;
        }
    }
    // All nines: one more digit.
    text.insert(from, b'1');
}

/// The ends of JSON rows after `"m":M`, one per side to move, outcome,
/// `seed_wrong` and `proven`: `,"t":0,"to_move":"B",...}` as
/// [`Row::push_json`] writes it.
struct RowTails(Vec<Vec<u8>>);

impl RowTails {
    const OUTCOMES: [Outcome; 3] = [Outcome::BlackWins, Outcome::WhiteWins, Outcome::Draw];

    fn index(p: Player, o: Outcome, seed_wrong: bool, proven: bool) -> usize {
        let o = match o {
            Outcome::BlackWins => 0,
            Outcome::WhiteWins => 1,
            Outcome::Draw => 2,
        };
        ((p.index() * 3 + o) * 2 + usize::from(seed_wrong)) * 2 + usize::from(proven)
    }

    fn new() -> RowTails {
        let mut tails = vec![Vec::new(); 24];
        for p in [Player::Black, Player::White] {
            for o in Self::OUTCOMES {
                for seed_wrong in [false, true] {
                    for proven in [false, true] {
                        let row = Row {
                            n: 0,
                            m: 0,
                            t: p.index(),
                            to_move: p.letter(),
                            winner: o.letter(),
                            seed_wrong,
                            proven,
                        };
                        let mut text = Vec::new();
                        row.push_json(&mut text);
                        // After `{"n":0,"m":0`.
                        let tail = text.split_off(b"{\"n\":0,\"m\":0".len());
                        tails[Self::index(p, o, seed_wrong, proven)] = tail;
                    }
                }
            }
        }
        RowTails(tails)
    }

    fn get(&self, p: Player, o: Outcome, seed_wrong: bool, proven: bool) -> &[u8] {
        &self.0[Self::index(p, o, seed_wrong, proven)]
    }
}

/// The cells of the win table up to `max_n`, with or without passes: the
/// DP without passes, the proven pass rule with them.
#[derive(Debug, Clone)]
pub struct Table {
    dp: Option<WinTable>,
    max_n: u64,
}

impl Table {
    /// The table up to `max_n`.
    ///
    /// # Errors
    /// `max_n` below 2 or above [`MAX_TABLE_N`].
    pub fn new(max_n: u64, passes: bool) -> Result<Table, StateError> {
        if max_n < 2 {
            return Err(StateError::TooFewKos { n: max_n });
        }
        if max_n > MAX_TABLE_N {
            return Err(StateError::TooManyKos {
                n: max_n,
                limit: MAX_TABLE_N,
            });
        }
        Ok(Table {
            dp: if passes {
                None
            } else {
                Some(WinTable::build(max_n)?)
            },
            max_n,
        })
    }

    /// A cell's outcome, whether the seed's claim there is wrong, and
    /// whether the outcome is proven.
    ///
    /// # Errors
    /// A state outside the table.
    pub fn cell(&self, s: State) -> Result<(Outcome, bool, bool), StateError> {
        Ok(match &self.dp {
            Some(t) => (
                Outcome::win_for(t.winner(s)?),
                closed_form::seed_is_wrong(s),
                true,
            ),
            // With passes the proven rule is the seed's own: no disagreement
            // in the brute-forced range, and unproven beyond it.
            None => (passes::proven_outcome(s), false, passes::is_proven(s)),
        })
    }

    /// Every cell, both sides to move.
    ///
    /// # Errors
    /// None in practice: every state is inside the table.
    pub fn rows(&self) -> Result<Vec<Row>, StateError> {
        self.iter_rows().collect()
    }

    /// Every cell, both sides to move, one at a time in the order of
    /// [`Table::rows`]: row `n`, then `m`, Black to move before White.
    pub fn iter_rows(&self) -> impl Iterator<Item = Result<Row, StateError>> + '_ {
        (2..=self.max_n).flat_map(move |n| {
            (1..n).flat_map(move |m| {
                [Player::Black, Player::White].map(move |p| {
                    let s = State::new(n, m, p)?;
                    let (o, seed_wrong, proven) = self.cell(s)?;
                    Ok(Row {
                        n,
                        m,
                        t: s.t(),
                        to_move: p.letter(),
                        winner: o.letter(),
                        seed_wrong,
                        proven,
                    })
                })
            })
        })
    }

    /// Writes [`Table::rows`] as one JSON array, the bytes
    /// `serde_json::to_string(&rows)` gives, a row at a time: memory stays
    /// constant beyond the table (the array for `n <= 10,000` has 10^8 rows,
    /// some 8.5 GB) and the cost is two copies per row: the row's start
    /// `,{"n":N,"m":M` is kept as text and only its `M` is counted up in
    /// place, and its end (`,"t":..}`) is one of 24 texts made once.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write_json(&self, out: &mut impl io::Write) -> io::Result<()> {
        const CHUNK: usize = 1 << 16;
        let tails = RowTails::new();
        let mut buf = Vec::with_capacity(CHUNK + 256);
        buf.push(b'[');
        // `,{"n":N,"m":M`: the row's start with its separator (dropped
        // before the first row).
        let mut head = Vec::with_capacity(48);
        let mut skip = 1;
        for n in 2..=self.max_n {
            head.clear();
            head.extend_from_slice(b",{\"n\":");
            push_u64(&mut head, n);
            head.extend_from_slice(b",\"m\":");
            let m_at = head.len();
            head.push(b'0');
            for m in 1..n {
                increment_digits(&mut head, m_at);
                for p in [Player::Black, Player::White] {
                    let s = State::new(n, m, p).map_err(io::Error::other)?;
                    let (o, seed_wrong, proven) = self.cell(s).map_err(io::Error::other)?;
                    buf.extend_from_slice(&head[skip..]);
                    skip = 0;
                    buf.extend_from_slice(tails.get(p, o, seed_wrong, proven));
                }
            }
            if buf.len() >= CHUNK {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
        buf.push(b']');
        out.write_all(&buf)
    }

    /// The largest `n` of the table.
    #[must_use]
    pub fn max_n(&self) -> u64 {
        self.max_n
    }

    /// Whether this is the table with passes.
    #[must_use]
    pub fn passes(&self) -> bool {
        self.dp.is_none()
    }

    /// The table as text with `side` to move (`miai nko table`): a row per
    /// `n`, a letter per `m` (lower-case where the seed's closed form is
    /// wrong), then how often the seed is wrong, and, with passes, where
    /// the rows stop being proven.
    ///
    /// # Errors
    /// None in practice: every state is inside the table.
    pub fn text(&self, side: Player) -> Result<String, StateError> {
        let passes = self.passes();
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = writeln!(
            out,
            "{} to move{}; row n, column m = 1..n-1. B Black wins, W White wins, D draw{}",
            side,
            if passes { ", passes allowed" } else { "" },
            if passes {
                ""
            } else {
                "; lower-case: the seed's closed form says otherwise"
            }
        );
        let (mut wrong, mut claimed, mut unproven) = (0u64, 0u64, false);
        for n in 2..=self.max_n {
            let _ = write!(out, "{n:>5} ");
            for m in 1..n {
                let s = State::new(n, m, side)?;
                let (o, seed_wrong, proven) = self.cell(s)?;
                unproven |= !proven;
                if closed_form::seed_claim(s).is_some() && !passes {
                    claimed += 1;
                }
                wrong += u64::from(seed_wrong);
                let c = o.letter();
                out.push(if seed_wrong {
                    c.to_ascii_lowercase()
                } else {
                    c
                });
            }
            out.push('\n');
        }
        if !passes {
            let _ = writeln!(
                out,
                "The seed's claims disagree with the proven table on {wrong} of {claimed} cells shown."
            );
        }
        if unproven {
            let _ = writeln!(
                out,
                "Rows with n > {PROVEN_PASS_MAX_N} follow the seed's pass rule and are not proven."
            );
        }
        Ok(out)
    }

    /// The table as an SVG picture with `side` to move (the seed's
    /// picture), in the web page's palette ([`PALETTE`]): black where Black
    /// wins, white where White wins, blue-grey for a draw, a red frame where
    /// the seed's formula is wrong; a legend on top.
    ///
    /// # Errors
    /// None in practice: every state is inside the table.
    pub fn svg(&self, side: Player) -> Result<String, StateError> {
        let passes = self.passes();
        let max_n = self.max_n;
        let size = if max_n <= 60 {
            12u64
        } else {
            (720 / max_n).max(1)
        };
        let (left, top) = (40u64, 56u64);
        let width = (left + size * max_n + 20).max(560);
        let height = top + size * max_n + 20;
        let mut s = String::new();
        // Writing into a String cannot fail.
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
        );
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="14">n-ko under superko, {side} to move{}; m (Black's kos) across, n down</text>"#,
            if passes { ", passes allowed" } else { "" },
        );
        // The legend: a swatch and its words per kind of cell.
        let mut legend = vec![
            (Outcome::BlackWins, "Black wins"),
            (Outcome::WhiteWins, "White wins"),
        ];
        if passes {
            legend.push((Outcome::Draw, "draw"));
        }
        let mut x = left;
        for (o, words) in legend {
            let _ = writeln!(
                s,
                r#"<rect x="{x}" y="22" width="12" height="12" fill="{}" stroke="{}" stroke-width="1"/><text x="{}" y="32">{words}</text>"#,
                PALETTE.fill(o),
                PALETTE.line,
                x + 16
            );
            x += 16 + 7 * words.len() as u64 + 14;
        }
        if !passes {
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="23" width="10" height="10" fill="{}" stroke="{}" stroke-width="2"/><text x="{}" y="32">the seed's formula says otherwise</text>"#,
                x + 1,
                PALETTE.white_wins,
                PALETTE.wrong,
                x + 16
            );
        }
        for n in 2..=max_n {
            let y = top + (n - 1) * size;
            if n % 10 == 0 || n == 2 {
                let _ = writeln!(s, r#"<text x="4" y="{}">{n}</text>"#, y + size);
            }
            for m in 1..n {
                let st = State::new(n, m, side)?;
                let (o, seed_wrong, _) = self.cell(st)?;
                let x = left + (m - 1) * size;
                let _ = writeln!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{}" stroke="{}" stroke-width="0.5"/>"#,
                    PALETTE.fill(o),
                    PALETTE.line
                );
                if seed_wrong && size >= 6 {
                    // A 2-pixel frame inside the cell, as the page draws it.
                    let _ = writeln!(
                        s,
                        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
                        x + 1,
                        y + 1,
                        size - 2,
                        size - 2,
                        PALETTE.wrong
                    );
                }
            }
        }
        let _ = writeln!(s, "</svg>");
        Ok(s)
    }
}

/// The colours of the win table, the same in the CLI's SVG and on the web
/// page (`crates/serve/assets/style.css`: `--black-win`, `--white-win`,
/// `--draw`, the red frame of `td.wrong`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// A cell Black wins.
    pub black_wins: &'static str,
    /// A cell White wins.
    pub white_wins: &'static str,
    /// A drawn cell (with passes).
    pub draw: &'static str,
    /// The frame of a cell where the seed's formula is wrong.
    pub wrong: &'static str,
    /// Cell borders.
    pub line: &'static str,
}

/// The win table's colours: see [`Palette`].
pub const PALETTE: Palette = Palette {
    black_wins: "#2b2b2b",
    white_wins: "#ffffff",
    draw: "#9fb6cd",
    wrong: "#d9412e",
    line: "#a8a294",
};

impl Palette {
    /// The fill of a cell with this outcome.
    #[must_use]
    pub fn fill(&self, o: Outcome) -> &'static str {
        match o {
            Outcome::BlackWins => self.black_wins,
            Outcome::WhiteWins => self.white_wins,
            Outcome::Draw => self.draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_pass_query_falls_back_to_the_rule_and_says_why() {
        let s = State::new(7, 3, Player::Black).unwrap();
        let q = PassQuery::new(s, &Limits::none().with_nodes(5), None).unwrap();
        assert_eq!(q.stopped, Some(Stop::Nodes));
        assert_eq!(q.searched, None);
        assert_eq!(q.outcome, q.rule);
        let full = PassQuery::new(s, &Limits::none(), None).unwrap();
        assert_eq!(full.stopped, None);
        assert!(full.searched.is_some());
    }

    #[test]
    fn table_rows_cover_every_cell() {
        let rows = Table::new(5, false).unwrap().rows().unwrap();
        // (n, m) with 1 <= m < n <= 5: 10 pairs, each with both sides to move.
        assert_eq!(rows.len(), 20);
        assert!(Table::new(1, false).is_err());
    }

    /// The streamed JSON is the bytes serde_json writes for the rows, with
    /// and without passes (draws, unproven rows and the seed's errors
    /// included).
    #[test]
    fn the_streamed_json_is_serde_jsons() {
        // 2: a single cell pair; 120: m and n cross 9 -> 10 and 99 -> 100.
        for (max_n, passes) in [
            (2, false),
            (3, false),
            (40, false),
            (120, false),
            (12, true),
            (PROVEN_PASS_MAX_N + 3, true),
        ] {
            let table = Table::new(max_n, passes).unwrap();
            let mut streamed = Vec::new();
            table.write_json(&mut streamed).unwrap();
            let rows = table.rows().unwrap();
            let expected = serde_json::to_string(&rows).unwrap();
            assert_eq!(String::from_utf8(streamed.clone()).unwrap(), expected);
            let parsed: Vec<serde_json::Value> = serde_json::from_slice(&streamed).unwrap();
            assert_eq!(parsed.len(), rows.len());
        }
        let mut digits = b"x0".to_vec();
        for k in 1..=10_001u64 {
            increment_digits(&mut digits, 1);
            assert_eq!(digits[1..], *k.to_string().as_bytes());
        }
        let mut buf = Vec::new();
        for x in [0, 7, 10, 99, 100, 12345, u64::MAX] {
            buf.clear();
            push_u64(&mut buf, x);
            assert_eq!(buf, x.to_string().into_bytes());
        }
    }

    // The cells below are the hand-worked ones of tests/data/hand_cells.txt:
    // (3,1,0) Black wins, the seed says White; (3,2,0) Black wins, agreed;
    // (4,2,0) White wins, the seed says Black.

    #[test]
    fn the_text_table_has_a_letter_per_cell_and_counts_the_seeds_errors() {
        let table = Table::new(5, false).unwrap();
        let text = table.text(Player::Black).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("Black to move; row n, column m"));
        let rows: Vec<(&str, &str)> = lines[1..5].iter().map(|l| l.split_at(6)).collect();
        assert_eq!(rows[0].0, "    2 ");
        // n - 1 letters on row n: 1 + 2 + 3 + 4 cells.
        let letters: usize = rows.iter().map(|(_, cells)| cells.len()).sum();
        assert_eq!(letters, 10);
        assert_eq!(rows[1].1, "bB");
        assert_eq!(&rows[2].1[1..2], "w");
        let wrong = rows
            .iter()
            .flat_map(|(_, cells)| cells.chars())
            .filter(char::is_ascii_lowercase)
            .count();
        let claimed = (2..=5u64)
            .flat_map(|n| (1..n).map(move |m| (n, m)))
            .filter(|&(n, m)| {
                closed_form::seed_claim(State::new(n, m, Player::Black).unwrap()).is_some()
            })
            .count();
        assert!(wrong >= 2);
        assert_eq!(
            lines[5],
            format!(
                "The seed's claims disagree with the proven table on {wrong} of {claimed} cells shown."
            )
        );
        assert_eq!(lines.len(), 6);
    }

    #[test]
    fn the_text_table_with_passes_says_where_it_is_unproven() {
        let small = Table::new(PROVEN_PASS_MAX_N, true).unwrap();
        let text = small.text(Player::White).unwrap();
        assert!(text.starts_with("White to move, passes allowed;"));
        assert!(!text.contains("disagree"));
        assert!(!text.contains("not proven"));
        let big = Table::new(PROVEN_PASS_MAX_N + 1, true).unwrap();
        let text = big.text(Player::White).unwrap();
        assert!(text.ends_with(&format!(
            "Rows with n > {PROVEN_PASS_MAX_N} follow the seed's pass rule and are not proven.\n"
        )));
    }

    #[test]
    fn the_svg_colours_each_cell_by_its_winner_and_frames_the_seeds_errors() {
        let svg = Table::new(5, false).unwrap().svg(Player::Black).unwrap();
        assert!(svg.starts_with("<svg "));
        assert!(svg.ends_with("</svg>\n"));
        // 12-pixel cells from (40, 56); row n at y = 56 + 12 (n - 1).
        let cell = |m: u64, n: u64, fill: &str| {
            format!(
                r#"<rect x="{}" y="{}" width="12" height="12" fill="{fill}""#,
                40 + 12 * (m - 1),
                56 + 12 * (n - 1)
            )
        };
        let cells = svg.matches(r#"width="12" height="12" fill="#).count();
        // 10 cells and the two swatches of the legend.
        assert_eq!(cells, 12);
        assert!(
            svg.contains(&cell(1, 3, PALETTE.black_wins)),
            "(3,1,0): Black wins"
        );
        assert!(
            svg.contains(&cell(2, 3, PALETTE.black_wins)),
            "(3,2,0): Black wins"
        );
        assert!(
            svg.contains(&cell(2, 4, PALETTE.white_wins)),
            "(4,2,0): White wins"
        );
        // The seed is wrong at (3,1,0): a frame inside its cell; it is
        // right at (3,2,0): none there.
        let frame = |m: u64, n: u64| {
            format!(
                r#"<rect x="{}" y="{}" width="10" height="10" fill="none" stroke="{}""#,
                41 + 12 * (m - 1),
                57 + 12 * (n - 1),
                PALETTE.wrong
            )
        };
        assert!(svg.contains(&frame(1, 3)));
        assert!(!svg.contains(&frame(2, 3)));
        // The legend names every colour used.
        assert!(svg.contains("Black wins") && svg.contains("White wins"));
        assert!(!svg.contains("draw"));
    }

    /// The page and the SVG use one palette: the colours of the page's
    /// stylesheet are the SVG's.
    #[test]
    fn the_svg_palette_is_the_pages() {
        let css = include_str!("../../serve/assets/style.css");
        for (var, colour) in [
            ("--black-win", PALETTE.black_wins),
            ("--white-win", PALETTE.white_wins),
            ("--draw", PALETTE.draw),
        ] {
            assert!(css.contains(&format!("{var}: {colour};")), "{var}");
        }
        assert!(css.contains(&format!(
            "td.wrong {{ box-shadow: inset 0 0 0 2px {};",
            PALETTE.wrong
        )));
        let svg = Table::new(6, true).unwrap().svg(Player::White).unwrap();
        assert!(svg.contains(PALETTE.draw) && svg.contains("draw"));
    }

    #[test]
    fn the_query_text_gives_the_verdict_the_seeds_claim_and_the_variation() {
        // (5,2,0): Black wins the fight, then captures; the seed says White.
        let s = State::new(5, 2, Player::Black).unwrap();
        let full = crate::variation::principal_variation(s, 40);
        assert!(full.plies.len() > 1, "(5,2,0) takes more than one ply");
        let pv = crate::variation::principal_variation(s, 1);
        let text = Query::new(s, &pv).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], describe(s));
        assert!(lines[1].starts_with("Verdict: Black wins (proven closed form"));
        assert!(lines[2].starts_with("Seed 000 claims White wins: the seed is WRONG here"));
        assert_eq!(lines[3], "Principal variation:");
        assert_eq!(lines[4], format!("    1. {}", pv.plies[0]));
        assert_eq!(lines.len(), 4 + pv.plies.len() + usize::from(pv.truncated));
        assert!(pv.truncated);
        assert_eq!(lines[lines.len() - 1], "  ... (more; raise --max-plies)");
    }

    #[test]
    fn plies_json_follows_the_variation_to_its_end() {
        let s = State::new(3, 2, Player::Black).unwrap();
        let pv = crate::variation::principal_variation(s, 40);
        let plies = plies_json(&pv);
        assert_eq!(plies.len(), pv.plies.len());
        assert_eq!(plies[0].before, StateJson::from(s));
        assert_eq!(plies[0].player, 'B');
        let last = plies.last().unwrap();
        assert_eq!(last.after, None);
        // (3,2,0): Black captures (hand_cells.txt).
        assert_eq!(
            last.end,
            Some(EndJson {
                how: "capture",
                winner: 'B'
            })
        );
        for pair in plies.windows(2) {
            assert_eq!(pair[0].after, Some(pair[1].before));
        }
    }

    /// The state report is one flat object: the answer's fields beside the
    /// state, its words and the plies; with passes no plies and a note.
    #[test]
    fn the_state_report_is_flat_with_or_without_passes() {
        let s = State::new(5, 2, Player::Black).unwrap();
        let v = serde_json::to_value(StateReport::new(s, false, 40).unwrap()).unwrap();
        assert_eq!(v["winner"], "B");
        assert_eq!(v["seed_wrong"], true);
        assert_eq!(v["to_move"], "B");
        assert_eq!(v["state"]["white_kos"], 3);
        assert_eq!(v["description"], describe(s));
        let plies = v["plies"].as_array().unwrap();
        assert_eq!(plies.len(), v["variation"].as_array().unwrap().len());
        assert_eq!(plies[0]["move"], "win-ko-fight");

        let p = serde_json::to_value(StateReport::new(s, true, 40).unwrap()).unwrap();
        assert_eq!(p["passes"], true);
        assert_eq!(p["plies"], serde_json::json!([]));
        assert_eq!(p["how"], "full-history brute force, just run");
        assert!(
            p["note"]
                .as_str()
                .unwrap()
                .contains("no principal variation")
        );
        assert!(p.get("answer").is_none() && p.get("variation").is_none());
    }
}
