//! Races whose liberty areas meet (issue 25): a sub-position bounded by
//! essential chains of both colours.
//!
//! The model splits such a sub-position in two kinds of points:
//!
//! - the **shared liberties**: empty points next to both essential chains;
//! - the rest, each point given to the chain whose liberties reach it
//!   first (through the region's points), each connected part then valued
//!   by a tree of its own like any sub-position of one colour.
//!
//! The shared liberties enter the verdict by the Go players' rule, as
//! Müller formalised it ("Race to capture: analyzing semeai in Go", Game
//! Programming Workshop in Japan '99) and Hunter teaches it (*Counting
//! Liberties and Winning Capturing Races*, 2004): with no eye on either
//! side a shared liberty helps the side that does not have to fill it,
//! and seki comes when neither side can afford to; with an eye against
//! no eye they count for the eye; with one small eye each they count for
//! neither, and one more is needed before a side can capture ([`Shared`]).

use miai_goban::{Color, Vertex, VertexSet};

use crate::attribute::Attribute;
use crate::race::Race;
use crate::search::RaceOutcome;
use crate::verdict::{Evaluation, Verdict, judge};

/// How a sub-position with essential chains of both colours splits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Split {
    /// The shared liberties: empty points next to both essential chains.
    pub shared: VertexSet,
    /// The parts of the rest, each with the colour whose liberty area it
    /// is.
    pub parts: Vec<(Color, VertexSet)>,
}

/// Why a sub-position with both colours' chains cannot be split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsplit {
    /// This point is as near to one chain's liberties as to the other's.
    Tie(Vertex),
    /// This unknown chain lies in both chains' liberty areas.
    Straddles(Vertex),
}

/// Splits `region` (bounded by essential chains of both colours) into the
/// shared liberties and one-colour parts.
pub fn split_shared(race: &Race, region: &VertexSet) -> Result<Split, Unsplit> {
    let pos = race.position();
    let graph = pos.graph();
    let ess = [
        race.essential_stones(Color::Black),
        race.essential_stones(Color::White),
    ];
    let touches = |v: Vertex, i: usize| graph.neighbors(v).iter().any(|&u| ess[i].contains(u));
    let shared: VertexSet = region
        .iter()
        .filter(|&v| pos.color_at(v).is_none() && touches(v, 0) && touches(v, 1))
        .collect();
    let rest = *region - shared;
    // Breadth-first distances from each chain through the rest.
    let n = graph.len();
    let mut dist = [vec![u32::MAX; n], vec![u32::MAX; n]];
    for (i, d) in dist.iter_mut().enumerate() {
        let mut queue: std::collections::VecDeque<Vertex> =
            rest.iter().filter(|&v| touches(v, i)).collect();
        for &v in &queue {
            d[v.index()] = 0;
        }
        while let Some(v) = queue.pop_front() {
            for &u in graph.neighbors(v) {
                if rest.contains(u) && d[u.index()] == u32::MAX {
                    d[u.index()] = d[v.index()] + 1;
                    queue.push_back(u);
                }
            }
        }
    }
    let mut side = [VertexSet::default(), VertexSet::default()];
    for v in rest.iter() {
        let (b, w) = (dist[0][v.index()], dist[1][v.index()]);
        match b.cmp(&w) {
            std::cmp::Ordering::Less => side[0].insert(v),
            std::cmp::Ordering::Greater => side[1].insert(v),
            // Reached by neither: no part of the race.
            std::cmp::Ordering::Equal if b == u32::MAX => false,
            std::cmp::Ordering::Equal => return Err(Unsplit::Tie(v)),
        };
    }
    for v in rest.iter() {
        if race.attribute(v) == Some(Attribute::Unknown) {
            let chain = pos.chain_stones(v);
            if !chain.is_subset(&side[0]) && !chain.is_subset(&side[1]) {
                return Err(Unsplit::Straddles(v));
            }
        }
    }
    let mut parts = Vec::new();
    for (i, c) in [Color::Black, Color::White].into_iter().enumerate() {
        let mut seen = VertexSet::default();
        for start in side[i].iter() {
            if seen.contains(start) {
                continue;
            }
            let mut part = VertexSet::default();
            let mut stack = vec![start];
            seen.insert(start);
            while let Some(v) = stack.pop() {
                part.insert(v);
                for &u in graph.neighbors(v) {
                    if side[i].contains(u) && seen.insert(u) {
                        stack.push(u);
                    }
                }
            }
            parts.push((c, part));
        }
    }
    Ok(Split { shared, parts })
}

/// The shared liberties of a race and how they count (Müller GPW '99,
/// Hunter 2004). With `G` the sum of every count (the parts of the split
/// sub-positions included, the shared liberties not), Black captures iff a
/// plain race worth `G - margin[0]` is Black's, White captures iff a plain
/// race worth `G + margin[1]` is White's, and otherwise it is seki; where
/// `S` is the number of shared liberties:
///
/// | eyes | `margin` | |
/// |---|---|---|
/// | none | `[S-1, S-1]` | a side captures with `S-1` liberties more than the other's if it moves first, `S` if second; else seki |
/// | Black's only | `[-S, S]` | the shared liberties count for Black: a plain race `G + S`, no seki |
/// | White's only | `[S, -S]` | they count for White: `G - S` |
/// | one small eye each | `[S, S]` | they count for neither, and filling the last one puts the filler in atari: as no eyes with `S+1` |
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    /// The shared liberties.
    pub liberties: Vec<Vertex>,
    /// Whether Black's, White's essential chain has an eye.
    pub eyes: [bool; 2],
    /// The shifts of `G` for Black's and White's captures.
    pub margin: [i64; 2],
    /// The seed's evaluation.
    pub seed: Option<SharedVerdict>,
    /// The stops evaluation.
    pub stops: Option<SharedVerdict>,
    /// Where the race has joined liberty areas ([`crate::joint`]): the two
    /// games judged, for Black's capture and for White's, each with the
    /// margin of its leaves' shared liberties inside the joint game
    /// (`margin` is then the root's, for the words only).
    pub joint: Option<[miai_cgt::Game; 2]>,
}

/// The margins `[m_B, m_W]` for `s` shared liberties and the eyes of
/// Black's and White's chains (the table of [`Shared`]); none without a
/// shared liberty.
pub fn margins(s: usize, eyes: [bool; 2]) -> [i64; 2] {
    let s = s as i64;
    if s == 0 {
        return [0, 0];
    }
    match eyes {
        [false, false] => [s - 1, s - 1],
        [true, false] => [-s, s],
        [false, true] => [s, -s],
        [true, true] => [s, s],
    }
}

/// The verdict of one evaluation on a race with shared liberties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedVerdict {
    /// The plain verdict on `G - margin[0]` (whether Black captures).
    pub black: Verdict,
    /// The plain verdict on `G + margin[1]` (whether White captures).
    pub white: Verdict,
    /// The outcome with Black first (`None`: undecided).
    pub black_first: Option<RaceOutcome>,
    /// The outcome with White first.
    pub white_first: Option<RaceOutcome>,
}

impl Shared {
    /// The shared liberties `liberties` with the eyes of Black and White
    /// and the sum `g` of the counts, judged by both evaluations.
    pub fn new(liberties: Vec<Vertex>, eyes: [bool; 2], g: miai_cgt::Game) -> Shared {
        let margin = margins(liberties.len(), eyes);
        let shift = |m: i64| g.checked_add(miai_cgt::Game::integer(m)).ok();
        let games = shift(-margin[0]).zip(shift(margin[1])).map(|(b, w)| [b, w]);
        let verdict = |e: Evaluation| games.and_then(|g| SharedVerdict::new(g, e));
        Shared {
            liberties,
            eyes,
            margin,
            seed: verdict(Evaluation::Seed),
            stops: verdict(Evaluation::Stops),
            joint: None,
        }
    }

    /// A race with joined liberty areas ([`crate::joint`]): `games` are
    /// the sums judged for Black's capture and for White's, each with its
    /// margins already taken at the joint game's leaves; `liberties` the
    /// shared liberties at the start.
    pub fn joint(liberties: Vec<Vertex>, eyes: [bool; 2], games: [miai_cgt::Game; 2]) -> Shared {
        let verdict = |e: Evaluation| SharedVerdict::new(games, e);
        Shared {
            margin: margins(liberties.len(), eyes),
            liberties,
            eyes,
            seed: verdict(Evaluation::Seed),
            stops: verdict(Evaluation::Stops),
            joint: Some(games),
        }
    }

    /// The verdict of an evaluation.
    pub fn verdict(&self, e: Evaluation) -> Option<&SharedVerdict> {
        match e {
            Evaluation::Seed => self.seed.as_ref(),
            Evaluation::Stops => self.stops.as_ref(),
        }
    }

    /// The rule applied, in words.
    pub fn rule_words(&self) -> String {
        let s = self.liberties.len();
        match self.eyes {
            [false, false] => format!(
                "no eye on either side: a side captures if its count exceeds the other's by {} moving first, by {s} moving second; else seki",
                s.saturating_sub(1)
            ),
            [true, false] => format!("Black's eye against no eye: the {s} count for Black"),
            [false, true] => format!("White's eye against no eye: the {s} count for White"),
            [true, true] => format!(
                "one eye each: the {s} count for neither; a side captures if its count exceeds the other's by {s} moving first, by {} moving second; else seki",
                s + 1
            ),
        }
    }
}

impl SharedVerdict {
    fn new(games: [miai_cgt::Game; 2], e: Evaluation) -> Option<SharedVerdict> {
        let black = judge(games[0], e).ok()?;
        let white = judge(games[1], e).ok()?;
        let one = |b: Option<Color>, w: Option<Color>, first: Color| -> Option<RaceOutcome> {
            let (b, w) = (b?, w?);
            // The mover's own capture first: both can hold only with a
            // negative margin sum, which the rule never gives.
            let (mine, theirs) = match first {
                Color::Black => (b == Color::Black, w == Color::White),
                Color::White => (w == Color::White, b == Color::Black),
            };
            Some(match (first, mine, theirs) {
                (Color::Black, true, _) => RaceOutcome::BlackCaptures,
                (Color::White, true, _) => RaceOutcome::WhiteCaptures,
                (Color::Black, false, true) => RaceOutcome::WhiteCaptures,
                (Color::White, false, true) => RaceOutcome::BlackCaptures,
                (_, false, false) => RaceOutcome::Seki,
            })
        };
        Some(SharedVerdict {
            black_first: one(black.black_first, white.black_first, Color::Black),
            white_first: one(black.white_first, white.white_first, Color::White),
            black,
            white,
        })
    }
}
