//! A game as a user names it: a creature, an area (consecutive cells or a
//! tile), an anchor stone and the mirror flag, checked once for the CLI and
//! the server alike; its family with the placements behind it (the seed's
//! Fig. 4, 7, 8) and the name of its certificate file.

use serde::Serialize;

use crate::area::Area;
use miai_search::{Cancel, Limits, Stop};

use crate::certificate::{Certificate, Origin};
use crate::creature::Creature;
use crate::error::{AreaError, CreatureError, HypergraphError};
use crate::family::family;
use crate::hypergraph::Hypergraph;
use crate::player::Player;
use crate::solver::Solver;

/// A spec that does not name a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The consecutive area is not valid.
    #[error("area: {k}: {source}")]
    Area {
        /// The cells asked for.
        k: usize,
        /// Why not.
        source: AreaError,
    },
    /// The tile does not parse or does not tile the line.
    #[error("tile: {tile:?}: {source}")]
    Tile {
        /// The tile as given.
        tile: String,
        /// Why not.
        source: AreaError,
    },
    /// Both an area and a tile.
    #[error("give either area (consecutive cells) or tile, not both")]
    BothAreas,
    /// Neither an area nor a tile.
    #[error("give area (a number of consecutive cells) or tile (cells, e.g. \"0,1,4,5\")")]
    NoArea,
    /// The anchor is not one of the creature's stones.
    #[error("anchor: {0}")]
    Anchor(CreatureError),
}

/// A creature on an area about an anchor stone: one achievement game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The creature.
    pub creature: Creature,
    /// The area its anchor stone is placed on.
    pub area: Area,
    /// The anchor stone (0-based, in increasing order of cells).
    pub anchor: usize,
    /// Whether mirror images count too.
    pub mirror: bool,
}

impl GameSpec {
    /// The game of `creature` on `area` consecutive cells or on `tile`
    /// (exactly one of them), about `anchor` (default: the middle stone).
    ///
    /// ```
    /// use miai_achieve::spec::GameSpec;
    /// let spec = GameSpec::new("0,1,2".parse()?, Some(5), None, None, false)?;
    /// assert_eq!(spec.anchor, 1);
    /// assert_eq!(spec.family()?.set_lists().len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A bad area or tile, both or neither of them, an anchor beyond the
    /// creature's stones.
    pub fn new(
        creature: Creature,
        area: Option<usize>,
        tile: Option<&str>,
        anchor: Option<usize>,
        mirror: bool,
    ) -> Result<GameSpec, SpecError> {
        let area = match (area, tile) {
            (Some(k), None) => {
                Area::consecutive(k).map_err(|source| SpecError::Area { k, source })?
            }
            (None, Some(t)) => Area::parse_tile(t).map_err(|source| SpecError::Tile {
                tile: t.to_string(),
                source,
            })?,
            (Some(_), Some(_)) => return Err(SpecError::BothAreas),
            (None, None) => return Err(SpecError::NoArea),
        };
        let anchor = anchor.unwrap_or(creature.middle());
        creature.check_anchor(anchor).map_err(SpecError::Anchor)?;
        Ok(GameSpec {
            creature,
            area,
            anchor,
            mirror,
        })
    }

    /// The game's winning sets.
    ///
    /// # Errors
    /// None for a checked spec; the family's own errors otherwise.
    pub fn family(&self) -> Result<Hypergraph, CreatureError> {
        family(&self.creature, &self.area, self.anchor, self.mirror)
    }

    /// Where the game comes from, for its certificate.
    #[must_use]
    pub fn origin(&self) -> Origin {
        Origin::Family {
            creature: self.creature.clone(),
            area: self.area.clone(),
            anchor: self.anchor,
            mirror: self.mirror,
        }
    }

    /// The placements of the creature whose anchor stone lies in the
    /// area: one per area cell (and per mirrored shape with `mirror`),
    /// each with all its cells on the line.
    #[must_use]
    pub fn placements(&self) -> Vec<Placement> {
        let cells = self.creature.cells();
        let a = cells[self.anchor];
        let mut shapes: Vec<(bool, Vec<i64>)> =
            vec![(false, cells.iter().map(|c| c - a).collect())];
        if self.mirror {
            shapes.push((true, cells.iter().map(|c| a - c).collect()));
        }
        let mut out = Vec::new();
        for (mirrored, shape) in &shapes {
            for &cell in self.area.cells() {
                out.push(Placement {
                    anchor_at: cell,
                    cells: shape.iter().map(|o| cell + o).collect(),
                    mirrored: *mirrored,
                });
            }
        }
        out
    }

    /// The file name of the game's certificate, e.g.
    /// `0_4_5_7_15-area14-anchor2.cert` or `0_1_2-tile0_1_4_5-anchor1-mirror.cert`.
    #[must_use]
    pub fn certificate_filename(&self) -> String {
        let joined = |cells: &[i64]| {
            cells
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("_")
        };
        format!(
            "{}-{}-anchor{}{}.cert",
            joined(self.creature.cells()),
            if self.area.is_consecutive() {
                format!("area{}", self.area.len())
            } else {
                format!("tile{}", joined(self.area.cells()))
            },
            self.anchor,
            if self.mirror { "-mirror" } else { "" }
        )
    }
}

/// Why a spec's certificate was not built.
#[derive(Debug, thiserror::Error)]
pub enum SpecCertificateError {
    /// The spec names no family (an anchor beyond the stones).
    #[error(transparent)]
    Family(#[from] CreatureError),
    /// The family is too big for the solver.
    #[error(transparent)]
    Game(#[from] HypergraphError),
    /// The limits stopped the strategy's search.
    #[error("{0}")]
    Stopped(Stop),
}

impl GameSpec {
    /// The winner's strategy with `first` to move, searched within
    /// `limits` and stopped once `cancel` is raised.
    ///
    /// # Errors
    /// A spec naming no family, a family too big, a stopped search.
    pub fn certificate(
        &self,
        first: Player,
        limits: Limits,
        cancel: Option<&Cancel>,
    ) -> Result<Certificate, SpecCertificateError> {
        let game = self.family()?;
        let mut solver = Solver::new(&game, limits)?;
        if let Some(c) = cancel {
            solver = solver.with_cancel(c);
        }
        Certificate::build(&mut solver, &game, self.origin(), first, &mut |_| {})
            .map_err(SpecCertificateError::Stopped)
    }
}

/// One placement of the creature: where its anchor stone sits and the
/// cells it covers on the line (some may lie outside the area).
// Fields in alphabetical order: the order the server's JSON always had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The area cell under the anchor stone.
    pub anchor_at: i64,
    /// The cells covered, on the line.
    pub cells: Vec<i64>,
    /// Whether this is the mirror image.
    pub mirrored: bool,
}

/// The area of a [`FamilyReport`].
// Fields in alphabetical order: the order the server's JSON always had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaReport {
    /// The area's cells.
    pub cells: Vec<i64>,
    /// Whether they are consecutive.
    pub consecutive: bool,
    /// Its name (`Display`).
    pub name: String,
    /// The period of its tiling of the line.
    pub period: usize,
    /// The translates of the tiling within one period.
    pub translates: Vec<i64>,
}

/// A game's family and the placements behind it: the JSON of
/// `POST /api/achieve/family`.
// Fields in alphabetical order: the order the server's JSON always had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// The anchor stone.
    pub anchor: usize,
    /// The area.
    pub area: AreaReport,
    /// The creature's cells.
    pub cells: Vec<i64>,
    /// The creature (`Display`).
    pub creature: String,
    /// The winning sets as area indices.
    pub game_sets: Vec<Vec<usize>>,
    /// How many of them are minimal.
    pub minimal_sets: usize,
    /// Whether mirror images count.
    pub mirror: bool,
    /// The creature's cells relative to its anchor stone.
    pub offsets: Vec<i64>,
    /// The placements whose anchor stone lies in the area.
    pub placements: Vec<Placement>,
    /// The winning sets as cells on the line.
    pub sets: Vec<Vec<i64>>,
    /// The creature's span.
    pub span: i64,
}

impl FamilyReport {
    /// The family of `spec`.
    ///
    /// # Errors
    /// The family's own errors (none for a checked spec).
    pub fn new(spec: &GameSpec) -> Result<FamilyReport, CreatureError> {
        let game = spec.family()?;
        let c = &spec.creature;
        let area = &spec.area;
        let game_sets = game.set_lists();
        Ok(FamilyReport {
            anchor: spec.anchor,
            area: AreaReport {
                cells: area.cells().to_vec(),
                consecutive: area.is_consecutive(),
                name: area.to_string(),
                period: area.period(),
                translates: area.translates().to_vec(),
            },
            cells: c.cells().to_vec(),
            creature: c.to_string(),
            sets: game_sets
                .iter()
                .map(|s| s.iter().map(|&i| game.label(i)).collect())
                .collect(),
            game_sets,
            minimal_sets: game.minimal_sets().len(),
            mirror: spec.mirror,
            offsets: c.offsets_about(spec.anchor).unwrap_or_default(),
            placements: spec.placements(),
            span: c.span(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn spec(c: &str, area: Option<usize>, tile: Option<&str>) -> Result<GameSpec, SpecError> {
        GameSpec::new(c.parse().unwrap(), area, tile, None, false)
    }

    #[test]
    fn a_spec_needs_exactly_one_area_and_a_real_anchor() {
        assert_eq!(spec("0,1,2", None, None), Err(SpecError::NoArea));
        assert_eq!(
            spec("0,1,2", Some(3), Some("0,1")),
            Err(SpecError::BothAreas)
        );
        assert!(matches!(
            spec("0,1,2", Some(0), None),
            Err(SpecError::Area { k: 0, .. })
        ));
        let bad_tile = spec("0,1,2", None, Some("0,x")).unwrap_err();
        assert!(
            bad_tile.to_string().starts_with("tile: \"0,x\": "),
            "{bad_tile}"
        );
        let far = GameSpec::new("0,1,2".parse().unwrap(), Some(5), None, Some(3), false);
        assert!(matches!(far, Err(SpecError::Anchor(_))));
        // The default anchor is the middle stone.
        assert_eq!(spec("0,4,5,7,15", Some(14), None).unwrap().anchor, 2);
    }

    #[test]
    fn certificate_filenames_name_the_game() {
        let s = spec("0,4,5,7,15", Some(14), None).unwrap();
        assert_eq!(s.certificate_filename(), "0_4_5_7_15-area14-anchor2.cert");
        let t =
            GameSpec::new("0,1".parse().unwrap(), None, Some("0,1,4,5"), Some(0), true).unwrap();
        assert_eq!(
            t.certificate_filename(),
            "0_1-tile0_1_4_5-anchor0-mirror.cert"
        );
    }

    #[test]
    fn the_family_report_counts_a_placement_per_area_cell() {
        // Three in a row on five cells, anchored in the middle: the
        // placements centred on cells 0..5, cut to the area.
        let r = FamilyReport::new(&spec("0,1,2", Some(5), None).unwrap()).unwrap();
        assert_eq!(r.placements.len(), 5);
        assert_eq!(r.placements[0].cells, vec![-1, 0, 1]);
        assert_eq!(r.offsets, vec![-1, 0, 1]);
        assert_eq!(r.area.cells, vec![0, 1, 2, 3, 4]);
        assert_eq!(r.sets.len(), r.game_sets.len());
    }

    #[test]
    fn a_spec_certificate_is_accepted_by_the_checker_or_says_it_stopped() {
        let s = spec("0,1,2", Some(5), None).unwrap();
        let cert = s.certificate(Player::Maker, Limits::none(), None).unwrap();
        let v = crate::verify::verify_text(&cert.to_string()).unwrap();
        assert_eq!(v.first, Player::Maker);
        let cut = s.certificate(Player::Maker, Limits::none().with_nodes(1), None);
        assert!(
            matches!(cut, Err(SpecCertificateError::Stopped(_))),
            "{cut:?}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The placements drawn are the family's sets: each placement's
        /// cells inside the area, as area indices, in the library's order
        /// (duplicates dropped), for any creature, area, anchor and mirror.
        #[test]
        fn placements_cut_to_the_area_are_the_family(
            cells in proptest::collection::btree_set(-10i64..20, 1..6),
            k in 1usize..24,
            anchor_pick in 0usize..6,
            mirror in any::<bool>(),
        ) {
            let cells: Vec<i64> = cells.into_iter().collect();
            let c = Creature::new(&cells).expect("distinct cells");
            let anchor = anchor_pick % c.len();
            let spec = GameSpec::new(c, Some(k), None, Some(anchor), mirror).expect("a valid spec");
            let game = spec.family().expect("a valid anchor");
            let mut masks: Vec<u128> = Vec::new();
            for p in spec.placements() {
                prop_assert!(p.cells.contains(&p.anchor_at));
                let mask = p
                    .cells
                    .iter()
                    .filter_map(|x| spec.area.cells().iter().position(|a| a == x))
                    .fold(0u128, |m, i| m | 1 << i);
                if !masks.contains(&mask) {
                    masks.push(mask);
                }
            }
            prop_assert_eq!(masks.as_slice(), game.sets());
        }
    }
}
