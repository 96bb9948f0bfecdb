//! Counting a finished position.

use std::fmt;

use crate::color::Color;
use crate::position::Position;
use crate::rules::{Komi, Scoring};
use crate::vertex::Vertex;
use crate::vertex_set::VertexSet;

/// A count: points for each side and the komi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// Black's points.
    pub black: u32,
    /// White's points (komi not included).
    pub white: u32,
    /// Komi.
    pub komi: Komi,
    /// How it was counted.
    pub scoring: Scoring,
}

impl Score {
    /// Black's points minus White's minus komi, in half points.
    pub fn margin_halves(&self) -> i64 {
        2 * i64::from(self.black) - 2 * i64::from(self.white) - i64::from(self.komi.halves())
    }

    /// The winner; `None` for a draw (jigo).
    pub fn winner(&self) -> Option<Color> {
        match self.margin_halves() {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Score {
    /// `B+3.5`, `W+0.5` or `Draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin_halves();
        let k = Komi::from_halves(m.unsigned_abs().min(i32::MAX as u64) as i32);
        match self.winner() {
            Some(c) => write!(f, "{}+{k}", c.letter()),
            None => f.write_str("Draw"),
        }
    }
}

/// A dead-stone list that names an empty point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0} is marked dead but holds no stone")]
pub struct ScoreError(pub String);

impl Position {
    /// Who owns each point at the end, after removing `dead`: stones own
    /// their point; an empty region (dead stones' points included) is owned
    /// by the colour it reaches if it reaches only one. This is the area
    /// count's map; the territory count uses its empty part.
    pub fn ownership(&self, dead: &VertexSet) -> Result<Vec<Option<Color>>, ScoreError> {
        let g = self.graph();
        if let Some(v) = dead
            .iter()
            .find(|&v| !g.contains(v) || self.color_at(v).is_none())
        {
            return Err(ScoreError(if g.contains(v) {
                g.vertex_name(v)
            } else {
                format!("#{}", v.index())
            }));
        }
        let alive = |v: Vertex| {
            if dead.contains(v) {
                None
            } else {
                self.color_at(v)
            }
        };
        let mut owner: Vec<Option<Color>> = g.vertices().map(alive).collect();
        let mut seen = VertexSet::new();
        for v in g.vertices() {
            if alive(v).is_some() || seen.contains(v) {
                continue;
            }
            let mut region = vec![v];
            let mut reach = [false; 2];
            seen.insert(v);
            let mut i = 0;
            while i < region.len() {
                for &u in g.neighbors(region[i]) {
                    match alive(u) {
                        Some(c) => reach[c.index()] = true,
                        None => {
                            if seen.insert(u) {
                                region.push(u);
                            }
                        }
                    }
                }
                i += 1;
            }
            let who = match reach {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            };
            for r in region {
                owner[r.index()] = who;
            }
        }
        Ok(owner)
    }

    /// Counts the position under its rules, with `dead` stones removed
    /// first (they count as prisoners under territory scoring).
    pub fn score(&self, dead: &VertexSet) -> Result<Score, ScoreError> {
        let rules = self.rules();
        let owner = self.ownership(dead)?;
        let mut pts = [0u32; 2];
        for v in self.graph().vertices() {
            let stone = self.color_at(v).filter(|_| !dead.contains(v));
            match rules.scoring {
                Scoring::Area => {
                    if let Some(c) = owner[v.index()] {
                        pts[c.index()] += 1;
                    }
                }
                Scoring::Stones => {
                    if let Some(c) = stone {
                        pts[c.index()] += 1;
                    }
                }
                Scoring::Territory => {
                    if stone.is_none()
                        && let Some(c) = owner[v.index()]
                    {
                        pts[c.index()] += 1;
                    }
                    if dead.contains(v)
                        && let Some(c) = self.color_at(v)
                    {
                        pts[c.opponent().index()] += 1;
                    }
                }
            }
        }
        if rules.scoring == Scoring::Territory {
            for c in Color::ALL {
                pts[c.index()] += self.captures(c);
            }
        }
        Ok(Score {
            black: pts[0],
            white: pts[1],
            komi: rules.komi,
            scoring: rules.scoring,
        })
    }
}
