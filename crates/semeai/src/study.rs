//! The validation study: a generator of capturing races on real boards and
//! a comparison of the CGT verdicts with the search.
//!
//! Layout of a generated race (width `w`, top to bottom): an empty row (the
//! liberties of White's safe wall), White's safe wall, two rows of Black's
//! liberty area, Black's essential row, White's essential row, two rows of
//! White's liberty area, Black's safe wall, an empty row. Each cell of a
//! liberty area is empty, an attacker stone (joining the wall: safe; else
//! unknown) or a defender stone (joining the essential row: an extension or
//! an eye wall; else unknown). With probability `shared` one column of the
//! two essential rows is replaced by empty points, a shared liberty. The
//! walls' liberties lie in regions no essential chain touches, so the
//! search never plays there and the walls really are safe.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::analysis::{Options, analyse};
use crate::race::Race;
use crate::verdict::Evaluation;
use miai_search::Limits;

/// One generated race as a race diagram.
pub fn generate(seed: u64, width: usize, shared: f64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rows: Vec<Vec<char>> = Vec::new();
    rows.push(vec!['.'; width]);
    rows.push(vec!['O'; width]);
    let cell = |rng: &mut ChaCha8Rng, defender: char, attacker: char| {
        let r: f64 = rng.random();
        if r < 0.55 {
            '.'
        } else if r < 0.75 {
            attacker
        } else {
            defender
        }
    };
    for _ in 0..2 {
        rows.push((0..width).map(|_| cell(&mut rng, 'X', 'O')).collect());
    }
    let mut black = vec!['E'; width];
    let mut white = vec!['e'; width];
    if rng.random::<f64>() < shared {
        // A shared liberty in an inner column keeps both rows in one piece
        // only if it is at an end: use the last column.
        black[width - 1] = '.';
        white[width - 1] = '.';
    }
    rows.push(black);
    rows.push(white);
    for _ in 0..2 {
        rows.push((0..width).map(|_| cell(&mut rng, 'O', 'X')).collect());
    }
    rows.push(vec!['X'; width]);
    rows.push(vec!['.'; width]);
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Marks the chains of a generated diagram: stones joined to an `E` / `e`
/// row are essential (marked on every stone), lone stones in the liberty
/// areas unknown; the walls stay safe.
fn mark(text: &str) -> Option<Race> {
    let race = Race::parse_diagram(text).ok()?;
    let pos = race.position();
    let g = pos.graph();
    let (w, h) = g.dimensions()?;
    let mut attrs = vec![None; g.len()];
    for chain in pos.chains() {
        let ess = chain
            .stones
            .iter()
            .any(|v| race.attribute(v) == Some(crate::Attribute::Essential));
        let wall = chain
            .stones
            .iter()
            .any(|v| g.xy(v).is_some_and(|(_, y)| y == 1 || y + 2 == h));
        let a = if ess {
            crate::Attribute::Essential
        } else if wall {
            crate::Attribute::Safe
        } else {
            crate::Attribute::Unknown
        };
        for v in chain.stones.iter() {
            attrs[v.index()] = Some(a);
        }
    }
    let _ = w;
    Race::new(pos.clone(), attrs).ok()
}

/// What one race gave.
#[derive(Debug, Clone)]
pub struct Case {
    /// The race diagram (with marks).
    pub diagram: String,
    /// `G`, if the method applies.
    pub sum: Option<String>,
    /// Seed verdict per first player (Black, White): `Some(Some(c))` a
    /// winner, `Some(None)` undecided, `None` no verdict.
    pub seed: Option<[Option<miai_goban::Color>; 2]>,
    /// Stops verdict.
    pub stops: Option<[Option<miai_goban::Color>; 2]>,
    /// Search winners (`None` inside: seki).
    pub search: Option<[Option<miai_goban::Color>; 2]>,
    /// Why the method did not apply.
    pub outside: Vec<String>,
    /// Whether the race has an unknown chain.
    pub has_unknown: bool,
    /// Whether every race sub-position is settled at its root (a plain
    /// liberty count, no tree).
    pub settled_at_root: bool,
    /// Whether the race is inside the counting model's domain (every
    /// sub-position expressed, a sum).
    pub in_domain: bool,
    /// The classes of what the model could not express
    /// ([`crate::Unmodelled::tag`]), one per kind, sorted.
    pub unmodelled: Vec<&'static str>,
    /// The race's verdict as reported (stops inside the domain, the search
    /// outside): the winners, `None` for seki.
    pub decision: Option<[Option<miai_goban::Color>; 2]>,
}

/// Generates and analyses `count` races of width `width`.
pub fn study(first_seed: u64, count: usize, width: usize, shared: f64) -> Vec<Case> {
    let mut out = Vec::new();
    let mut seed = first_seed;
    while out.len() < count {
        seed += 1;
        let text = generate(seed, width, shared);
        let Some(race) = mark(&text) else { continue };
        let options = Options {
            tree_limits: Limits::none().with_nodes(20_000),
            search_limits: Some(Limits::none().with_nodes(400_000)),
            ..Options::default()
        };
        let Ok(a) = analyse(&race, &options) else {
            continue;
        };
        let search = a
            .search
            .and_then(|s| Some([s.black_first?.winner(), s.white_first?.winner()]));
        if search.is_none() {
            continue;
        }
        let pick = |e: Evaluation| a.verdict(e).map(|v| [v.black_first, v.white_first]);
        let d = a.decision(Evaluation::Stops);
        let mut unmodelled: Vec<&'static str> = a
            .subs
            .iter()
            .flat_map(|s| s.unmodelled.iter().map(crate::Unmodelled::tag))
            .collect();
        unmodelled.sort_unstable();
        unmodelled.dedup();
        out.push(Case {
            diagram: render(&race),
            sum: a.sum.map(|g| g.to_string()),
            seed: pick(Evaluation::Seed),
            stops: pick(Evaluation::Stops),
            search,
            outside: a.outside.clone(),
            has_unknown: race
                .position()
                .graph()
                .vertices()
                .any(|v| race.attribute(v) == Some(crate::Attribute::Unknown)),
            settled_at_root: a
                .subs
                .iter()
                .filter_map(|s| s.tree.as_ref())
                .all(|t| t.nodes[0].settled),
            in_domain: a.in_domain(),
            unmodelled,
            decision: d
                .black_first
                .zip(d.white_first)
                .map(|(b, w)| [b.winner(), w.winner()]),
        });
    }
    out
}

/// A race diagram of `race` with its marks.
pub fn render(race: &Race) -> String {
    let pos = race.position();
    let g = pos.graph();
    let Some((w, h)) = g.dimensions() else {
        return String::new();
    };
    let mut s = String::new();
    for y in 0..h {
        let row: Vec<String> = (0..w)
            .filter_map(|x| g.at(x, y))
            .map(|v| {
                let c = match (pos.color_at(v), race.attribute(v)) {
                    (None, _) => '.',
                    (Some(col), a) => {
                        let black = col == miai_goban::Color::Black;
                        match a {
                            Some(crate::Attribute::Essential) => {
                                if black {
                                    'E'
                                } else {
                                    'e'
                                }
                            }
                            Some(crate::Attribute::Unknown) => {
                                if black {
                                    'U'
                                } else {
                                    'u'
                                }
                            }
                            _ => {
                                if black {
                                    'X'
                                } else {
                                    'O'
                                }
                            }
                        }
                    }
                };
                c.to_string()
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    s
}
