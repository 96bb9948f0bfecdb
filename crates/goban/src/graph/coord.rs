//! Vertex names: GTP (`A1`..`Z25`, no `I`) and SGF (`aa`..) on grids,
//! given names on explicit graphs.

use super::{Graph, Shape};
use crate::vertex::Vertex;

/// GTP column letters: `A`..`Z` without `I`. The GTP specification stops at
/// 25x25 because these 25 letters are all there are; miai grids stop there
/// too.
pub const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Errors reading a vertex name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// `I` is not a GTP column.
    #[error("{0:?}: GTP coordinates skip the letter I (columns run A-H, J-Z)")]
    LetterI(String),
    /// A grid coordinate off the board.
    #[error("{text:?} is off the {width}x{height} board")]
    OffBoard {
        /// What was read.
        text: String,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// Not a vertex name at all.
    #[error("{0:?} is not a vertex: expected {1}")]
    Unknown(String, &'static str),
}

impl Graph {
    /// The name of `v`: GTP coordinates on grids and tori, the given name on
    /// explicit graphs.
    pub fn vertex_name(&self, v: Vertex) -> String {
        match self.shape {
            Shape::Explicit => self
                .names
                .get(v.index())
                .cloned()
                .unwrap_or_else(|| format!("#{}", v.index())),
            _ => self
                .gtp_name(v)
                .unwrap_or_else(|| format!("#{}", v.index())),
        }
    }

    /// GTP coordinates (`A1` is the bottom-left corner) of a grid or torus
    /// vertex.
    pub fn gtp_name(&self, v: Vertex) -> Option<String> {
        let (x, y) = self.xy(v)?;
        let (_, h) = self.dimensions()?;
        Some(format!("{}{}", GTP_LETTERS[x] as char, h - y))
    }

    /// SGF coordinates (`aa` is the top-left corner) of a grid or torus
    /// vertex.
    pub fn sgf_name(&self, v: Vertex) -> Option<String> {
        let (x, y) = self.xy(v)?;
        Some(format!(
            "{}{}",
            (b'a' + x as u8) as char,
            (b'a' + y as u8) as char
        ))
    }

    /// Reads a vertex: on grids GTP (`C3`, any case) or SGF (`cg`, lower
    /// case); on explicit graphs a vertex name.
    pub fn parse_vertex(&self, text: &str) -> Result<Vertex, CoordError> {
        let t = text.trim();
        let Some((w, h)) = self.dimensions() else {
            return self
                .names
                .iter()
                .position(|n| n == t)
                .map(Vertex::from_index)
                .ok_or_else(|| CoordError::Unknown(t.to_string(), "a vertex name of this graph"));
        };
        let off = || CoordError::OffBoard {
            text: t.to_string(),
            width: w,
            height: h,
        };
        let bytes = t.as_bytes();
        if bytes.len() >= 2
            && bytes[0].is_ascii_alphabetic()
            && bytes[1..].iter().all(u8::is_ascii_digit)
        {
            let letter = bytes[0].to_ascii_uppercase();
            if letter == b'I' {
                return Err(CoordError::LetterI(t.to_string()));
            }
            let x = GTP_LETTERS
                .iter()
                .position(|&l| l == letter)
                .ok_or_else(off)?;
            let row: usize = t[1..].parse().map_err(|_| off())?;
            if x >= w || row == 0 || row > h {
                return Err(off());
            }
            return Ok(Vertex::from_index((h - row) * w + x));
        }
        if bytes.len() == 2 && bytes.iter().all(u8::is_ascii_lowercase) {
            let (x, y) = ((bytes[0] - b'a') as usize, (bytes[1] - b'a') as usize);
            return self.at(x, y).ok_or_else(off);
        }
        Err(CoordError::Unknown(
            t.to_string(),
            "GTP coordinates like C3 or SGF coordinates like cc",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_corners_19() {
        let g = Graph::grid(19, 19).unwrap();
        assert_eq!(g.gtp_name(g.at(0, 18).unwrap()).unwrap(), "A1");
        assert_eq!(g.gtp_name(g.at(18, 0).unwrap()).unwrap(), "T19");
        assert_eq!(g.gtp_name(g.at(8, 0).unwrap()).unwrap(), "J19");
        assert_eq!(g.sgf_name(g.at(18, 0).unwrap()).unwrap(), "sa");
        assert_eq!(g.parse_vertex("t19").unwrap(), g.at(18, 0).unwrap());
        assert_eq!(g.parse_vertex("sa").unwrap(), g.at(18, 0).unwrap());
        assert_eq!(g.parse_vertex("I5"), Err(CoordError::LetterI("I5".into())));
        assert!(matches!(
            g.parse_vertex("U1"),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_vertex("A20"),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_vertex("A0"),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_vertex("zz"),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            g.parse_vertex("hello"),
            Err(CoordError::Unknown(..))
        ));
    }

    #[test]
    fn gtp_letters_run_out_at_25() {
        let g = Graph::grid(25, 25).unwrap();
        assert_eq!(g.gtp_name(g.at(24, 0).unwrap()).unwrap(), "Z25");
        assert_eq!(g.sgf_name(g.at(24, 24).unwrap()).unwrap(), "yy");
    }

    #[test]
    fn every_grid_name_round_trips() {
        let g = Graph::grid(25, 13).unwrap();
        for v in g.vertices() {
            assert_eq!(g.parse_vertex(&g.gtp_name(v).unwrap()).unwrap(), v);
            assert_eq!(g.parse_vertex(&g.sgf_name(v).unwrap()).unwrap(), v);
        }
    }
}
