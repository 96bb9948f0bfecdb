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
pub fn mark(text: &str) -> Option<Race> {
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
    /// The race's class: `corpus` (the random generator) or a textbook
    /// class (`big-eye`).
    pub class: &'static str,
    /// The race diagram (with marks).
    pub diagram: String,
    /// `G`, if the method applies.
    pub sum: Option<String>,
    /// Seed verdict per first player (Black, White): `Some(Some(c))` a
    /// winner, `Some(None)` undecided or seki (shared liberties), `None`
    /// no verdict.
    pub seed: Option<[Option<miai_goban::Color>; 2]>,
    /// Stops verdict (`Some(None)`: seki).
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
    /// Whether a sub-position is valued by a joint game (its two liberty
    /// areas meet, [`crate::joint`]).
    pub joint: bool,
    /// The search found a ko that decides the race for some first player
    /// (the outcome when each side wins the ko differs), in words.
    pub ko: Option<String>,
    /// Where an approach ko decides the race by the model (Black first,
    /// White first; [`crate::ModelKo`]), the outcome when each side wins
    /// it.
    pub model_ko: [Option<crate::KoOutcome>; 2],
    /// Where a ko decides it by the search ([`crate::SearchResult::ko`]).
    pub search_ko: [Option<crate::KoOutcome>; 2],
    /// Whether the model valued approach kos in it ([`crate::ModelKo`]).
    pub approach_kos: bool,
    /// Where the joint game met kos: its outcomes with Black, then White
    /// as the ko master ([`crate::Analysis::joint_kos`]).
    pub joint_kos: Option<[[Option<crate::RaceOutcome>; 2]; 2]>,
    /// The search's outcomes without ko threats (Black first, White
    /// first).
    pub search_outcomes: Option<[crate::RaceOutcome; 2]>,
}

impl Case {
    /// With the joint game's kos valued ([`Case::joint_kos`]): the first
    /// players (of two) for which the model agrees with the search, as
    /// [`Case::agreement`] counts (a ko outcome where the two masters'
    /// outcomes differ); `None` without them.
    pub fn joint_ko_agreement(&self) -> Option<usize> {
        let jk = self.joint_kos?;
        let s = self.search_outcomes?;
        Some(
            (0..2)
                .filter(|&i| {
                    let (b, w) = (jk[0][i], jk[1][i]);
                    let model = match (b, w) {
                        (Some(b), Some(w)) if b != w => Some(crate::KoOutcome {
                            black_wins_ko: b,
                            white_wins_ko: w,
                        }),
                        _ => None,
                    };
                    if model.is_some() || self.search_ko[i].is_some() {
                        model == self.search_ko[i]
                    } else {
                        b == Some(s[i])
                    }
                })
                .count(),
        )
    }
}

impl Case {
    /// The first players (of two) for which the model's verdict (stops)
    /// agrees with the search: where either finds a ko that decides, the
    /// two ko outcomes must be the same (who must win it for what); else
    /// the winners.
    pub fn agreement(&self) -> usize {
        let (Some(v), Some(s)) = (self.stops, self.search) else {
            return 0;
        };
        (0..2)
            .filter(|&i| {
                if self.model_ko[i].is_some() || self.search_ko[i].is_some() {
                    self.model_ko[i] == self.search_ko[i]
                } else {
                    v[i] == s[i]
                }
            })
            .count()
    }
}

/// A big eye: its name, its points, its vital point.
pub type Eye = (
    &'static str,
    &'static [(usize, usize)],
    Option<(usize, usize)>,
);

/// The big eyes of the textbook class: name, points (x, y from the top
/// left of Black's group), the vital point if the shape has one.
pub const EYES: &[Eye] = &[
    ("straight three", &[(0, 0), (1, 0), (2, 0)], Some((1, 0))),
    ("bent three", &[(0, 0), (1, 0), (1, 1)], Some((1, 0))),
    ("square four", &[(1, 0), (2, 0), (1, 1), (2, 1)], None),
    (
        "pyramid four",
        &[(1, 0), (2, 0), (3, 0), (2, 1)],
        Some((2, 0)),
    ),
    (
        "bulky five",
        &[(1, 0), (2, 0), (3, 0), (1, 1), (2, 1)],
        Some((2, 0)),
    ),
    (
        "crossed five",
        &[(2, 0), (1, 1), (2, 1), (3, 1), (2, 2)],
        Some((2, 1)),
    ),
    (
        "rabbity six",
        &[(2, 0), (1, 1), (2, 1), (3, 1), (2, 2), (3, 2)],
        Some((2, 1)),
    ),
];

/// A big-eye race as a race diagram: Black's essential group fills
/// columns A-E except the eye's points (White's unknown stone on the vital
/// point with `vital`) and, with `outside`, one liberty at the bottom
/// left; White's essential column F has `white` liberties in column G,
/// every other row, behind them Black's safe wall.
pub fn eye_race(
    eye: &[(usize, usize)],
    vital: Option<(usize, usize)>,
    outside: bool,
    white: usize,
) -> String {
    let height = (2 * white).max(7);
    let mut rows = Vec::new();
    for y in 0..height {
        let row: Vec<String> = (0..9)
            .map(|x| {
                let c = match x {
                    0..=4 if vital == Some((x, y)) => 'u',
                    0..=4 if eye.contains(&(x, y)) || (outside && x == 0 && y + 1 == height) => '.',
                    0..=4 => 'E',
                    5 => 'e',
                    6 if y % 2 == 0 && y / 2 < white => '.',
                    6 | 7 => 'X',
                    _ => '.',
                };
                c.to_string()
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n") + "\n"
}

/// The textbook class of big eyes against no eye on real boards: every
/// shape of [`EYES`] (with White's stone on the vital point where it has
/// one), with and without one outside liberty, against White's liberties
/// from two below to one above the eye's count (3, 5, 8, 12 less the
/// vital stone, plus the outside liberty): `EYES.len() * 2 * 4` races,
/// the first `count` of them. Each case's class is `big-eye`.
pub fn eye_study(count: usize) -> Vec<Case> {
    let mut out = Vec::new();
    for &(_, eye, vital) in EYES {
        let n = eye.len() as i64;
        let libs = n * (n - 3) / 2 + 3 - i64::from(vital.is_some());
        for outside in [false, true] {
            let l = libs + i64::from(outside);
            for white in (l - 2).max(1)..=(l + 1) {
                if out.len() >= count {
                    return out;
                }
                let Ok(race) = Race::parse_diagram(&eye_race(eye, vital, outside, white as usize))
                else {
                    continue;
                };
                if let Some(c) = case(&race, "big-eye") {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// A race with strict shared liberties on a real board, the textbook
/// layout of `tests/data/race-shared-*.txt`: Black's essential row above
/// White's, `shared` shared liberties between them (every other column
/// from A), Black's `black_out` outside liberties in pockets of White's
/// safe wall above (every other column from B), White's `white_out` in
/// pockets of Black's wall below. With `black_eye > 0` Black's group
/// reaches the top edge instead, with a straight eye of that many points
/// there (and no outside liberties); `white_eye` likewise at the bottom.
pub fn shared_race(
    black_out: usize,
    white_out: usize,
    shared: usize,
    black_eye: usize,
    white_eye: usize,
) -> String {
    let w = (2 * black_out.max(white_out) + 1)
        .max(2 * shared + 1)
        .max(black_eye.max(white_eye) + 2)
        .max(5);
    let row = |f: &dyn Fn(usize) -> char| -> String {
        (0..w)
            .map(|x| f(x).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let pocket = |x: usize, n: usize| x % 2 == 1 && x / 2 < n;
    let eye = |x: usize, n: usize| x >= 1 && x <= n;
    let mut rows = Vec::new();
    if black_eye > 0 {
        rows.push(row(&|x| if eye(x, black_eye) { '.' } else { 'E' }));
        rows.push(row(&|_| 'E'));
    } else {
        rows.push(row(&|_| '.'));
        rows.push(row(&|_| 'O'));
        rows.push(row(&|x| if pocket(x, black_out) { '.' } else { 'O' }));
        rows.push(row(&|_| 'E'));
    }
    rows.push(row(&|x| {
        if x % 2 == 0 && x / 2 < shared {
            '.'
        } else {
            'E'
        }
    }));
    rows.push(row(&|_| 'e'));
    if white_eye > 0 {
        rows.push(row(&|x| if eye(x, white_eye) { '.' } else { 'e' }));
    } else {
        rows.push(row(&|x| if pocket(x, white_out) { '.' } else { 'X' }));
        rows.push(row(&|_| 'X'));
        rows.push(row(&|_| '.'));
    }
    rows.join("\n") + "\n"
}

/// The textbook classes of shared liberties on real boards ([`shared_race`]),
/// the first `count` of them, in this order: `no-eye-shared` (no eyes,
/// 2 or 3 shared liberties, outside liberties 0-3 each: 32 races, where
/// seki is a third outcome), `eye-vs-no-eye` (Black's straight eye of
/// 1-3 points, 1-3 shared liberties, White's outside liberties from two
/// below to one above Black's eye and shared liberties together: 36
/// races), `eye-each` (one eye of 1-3 points each, 1-3 shared liberties:
/// 27 races).
pub fn shared_study(count: usize) -> Vec<Case> {
    let mut specs: Vec<(&'static str, [usize; 5])> = Vec::new();
    for shared in 2..=3 {
        for b in 0..=3 {
            for w in 0..=3 {
                specs.push(("no-eye-shared", [b, w, shared, 0, 0]));
            }
        }
    }
    for eye in 1..=3 {
        for shared in 1..=3 {
            let l: usize = eye + shared;
            for w in l.saturating_sub(2)..=l + 1 {
                specs.push(("eye-vs-no-eye", [0, w, shared, eye, 0]));
            }
        }
    }
    for be in 1..=3 {
        for we in 1..=3 {
            for shared in 1..=3 {
                specs.push(("eye-each", [0, 0, shared, be, we]));
            }
        }
    }
    let mut out = Vec::new();
    for (class, [b, w, s, be, we]) in specs {
        if out.len() >= count {
            break;
        }
        let Ok(race) = Race::parse_diagram(&shared_race(b, w, s, be, we)) else {
            continue;
        };
        if let Some(c) = case(&race, class) {
            out.push(c);
        }
    }
    out
}

/// A ko race on a real board (the shape of `examples/semeai/ko-race.txt`):
/// Black's essential row with `black` liberties in pockets of White's safe
/// wall above; White's essential row below with `kos` liberties that
/// Black can fill only into atari, White capturing with a stone that is
/// itself in atari (a ko), then `white` plain pocket liberties.
pub fn ko_race(black: usize, white: usize, kos: usize) -> String {
    let w = (2 * black + 1).max(2 * (white + kos) - 1).max(3);
    let row = |f: &dyn Fn(usize) -> char| -> String {
        (0..w)
            .map(|x| f(x).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let lib = |x: usize| x.is_multiple_of(2) && x / 2 < kos + white;
    let ko = |x: usize| x.is_multiple_of(2) && x / 2 < kos;
    [
        row(&|_| '.'),
        row(&|_| 'O'),
        row(&|x| {
            if x % 2 == 1 && x / 2 < black {
                '.'
            } else {
                'O'
            }
        }),
        row(&|_| 'E'),
        row(&|_| 'e'),
        row(&|x| match x {
            x if lib(x) => '.',
            x if x % 2 == 1 => 'e',
            _ => 'X',
        }),
        row(&|x| if ko(x) { '.' } else { 'X' }),
        row(&|_| 'X'),
        row(&|_| '.'),
    ]
    .join("\n")
        + "\n"
}

/// The textbook class of ko races ([`ko_race`]), the first `count` of
/// them: Black's 1-4 liberties against White's 1-2 ko liberties and 0-2
/// plain ones (24 races). The model cannot count a ko: every one of them
/// is outside its domain and takes the search's verdict, a ko outcome
/// where the ko decides. Each case's class is `ko`.
pub fn ko_study(count: usize) -> Vec<Case> {
    let mut out = Vec::new();
    for kos in 1..=2 {
        for white in 0..=2 {
            for black in 1..=4 {
                if out.len() >= count {
                    return out;
                }
                let Ok(race) = Race::parse_diagram(&ko_race(black, white, kos)) else {
                    continue;
                };
                if let Some(c) = case(&race, "ko") {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Generates and analyses `count` races of width `width`.
pub fn study(first_seed: u64, count: usize, width: usize, shared: f64) -> Vec<Case> {
    study_with(first_seed, count, width, shared, false)
}

/// [`study`], with the joint games' kos valued by a ko master each where
/// `joint_kos` ([`crate::value_joint_kos`], [`Case::joint_kos`]; a
/// measurement, slower).
pub fn study_with(
    first_seed: u64,
    count: usize,
    width: usize,
    shared: f64,
    joint_kos: bool,
) -> Vec<Case> {
    let mut out = Vec::new();
    let mut seed = first_seed;
    while out.len() < count {
        seed += 1;
        let text = generate(seed, width, shared);
        let Some(race) = mark(&text) else { continue };
        if let Some(c) = case_with(&race, "corpus", joint_kos) {
            out.push(c);
        }
    }
    out
}

/// Analyses one race of the study with the study's limits (each tree the
/// CLI's default, [`crate::TREE_NODES`] positions; the search 400,000);
/// `None` if the analysis fails or the search does not finish.
fn case(race: &Race, class: &'static str) -> Option<Case> {
    case_with(race, class, false)
}

/// [`case`], with the joint games' kos valued where `joint_kos`.
fn case_with(race: &Race, class: &'static str, joint_kos: bool) -> Option<Case> {
    {
        let options = Options {
            tree_limits: crate::default_tree_limits(),
            search_limits: Some(Limits::none().with_nodes(400_000)),
            ..Options::default()
        };
        let Ok(mut a) = analyse(race, &options) else {
            return None;
        };
        if joint_kos {
            crate::analysis::value_joint_kos(race, &mut a, &options);
        }
        let search = a
            .search
            .and_then(|s| Some([s.black_first?.winner(), s.white_first?.winner()]));
        search?;
        // The model's outcomes, seki as `None` like the search's (shared
        // liberties); an undecided seed verdict is `None` too.
        let pick = |e: Evaluation| {
            a.method_outcomes(e)
                .map(|o| o.map(|r| r.and_then(crate::RaceOutcome::winner)))
        };
        let d = a.decision(Evaluation::Stops);
        let mut unmodelled: Vec<&'static str> = a
            .subs
            .iter()
            .flat_map(|s| s.unmodelled.iter().map(crate::Unmodelled::tag))
            .collect();
        unmodelled.sort_unstable();
        unmodelled.dedup();
        Some(Case {
            class,
            diagram: render(race),
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
            joint: a.subs.iter().any(|s| s.joint.is_some()),
            unmodelled,
            ko: (d.ko.iter().any(Option::is_some)).then(|| d.words()),
            model_ko: a.method_ko(Evaluation::Stops),
            search_ko: a.search.map_or([None, None], |s| s.ko),
            approach_kos: a.ko.is_some(),
            joint_kos: a.joint_kos,
            search_outcomes: a
                .search
                .and_then(|s| Some([s.black_first?, s.white_first?])),
            decision: d
                .black_first
                .zip(d.white_first)
                .map(|(b, w)| [b.winner(), w.winner()]),
        })
    }
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
