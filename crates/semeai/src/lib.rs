//! miai-semeai: capturing races (攻合い, semeai) analysed with
//! combinatorial game theory, the system of seed 002, automated.
//!
//! 1. A [`Race`] is a position with an attribute per chain: essential,
//!    safe, unknown ([`Attribute`]), read from a race diagram or SGF.
//! 2. [`split`] cuts it into [`SubPosition`]s bounded by essential and safe
//!    chains; one bounded by both colours' chains is split again into
//!    shared liberties and one-colour parts ([`shared`]), the shared
//!    liberties counted by the Go players' rule, seki an outcome.
//! 3. [`count`] gives empty points their [`PointAttribute`] (useful /
//!    useless), liberty counts (手数) and the settled test.
//! 4. A [`GameTree`] per sub-position is expanded automatically or at the
//!    user's points; [`transform`] applies the seed's tree transformation.
//! 5. [`judge`] turns the sum `G` into a [`Verdict`], by the seed's rule on
//!    `cool(G, 2)` or by the stops of `cool(G, 1)` ([`Evaluation`]).
//! 6. [`search_race`] checks the verdict by plain alternating play.
//! 7. A [`Report`] (text and JSON) or a [`View`] (what a page draws) tells
//!    the result; [`Race::to_diagram`] and [`Race::to_sgf`] write the race
//!    back.
//!
//! ```
//! use miai_semeai::{Race, Options, analyse, Evaluation};
//! // Black (E) and White (e) each have two liberties in their own corner.
//! let race = Race::parse_diagram("
//!     . . E e . .
//!     O O E e X X
//!     O O E e X X
//! ").unwrap();
//! let a = analyse(&race, &Options::default()).unwrap();
//! assert_eq!(a.sum.unwrap().to_string(), "0");
//! assert_eq!(a.verdict(Evaluation::Seed).unwrap().words(), "the side that plays first wins");
//! ```

#![forbid(unsafe_code)]

mod analysis;
mod attribute;
pub mod count;
mod error;
pub mod joint;
mod limit;
mod race;
mod region;
mod report;
mod search;
pub mod shared;
pub mod study;
mod transform;
mod tree;
mod verdict;
mod view;

pub use analysis::{
    Analysis, ApproachKo, Decision, JointKo, ModelKo, Options, Source, SubAnalysis, Unmodelled,
    analyse, analyse_with, outcome_words, owner, race_area, value_joint_kos,
};
pub use attribute::{Attribute, PointAttribute};
pub use error::{InputError, RaceError, WriteError};
pub use limit::{TREE_NODES, default_tree_limits};
pub use race::{Race, SIDES, race_rules};
pub use region::{Scope, SubPosition, split};
pub use report::{
    ApproachKoReport, JointKoReport, Report, SearchReport, SubReport, VerdictReport, scope_words,
    transformed_tree, tree_svg, verdict_text,
};
pub use search::{
    KoOutcome, RaceOutcome, SearchResult, search_race, search_race_kos, search_race_master,
    search_race_with,
};
pub use transform::{NodeTransform, Transformed, node_value, transform};
pub use tree::{Edge, Expansion, GameTree, Node};
pub use verdict::{Evaluation, Verdict, judge};
pub use view::{
    BoardView, CanonicalNode, CanonicalTree, DRAWN_NODES, DrawnMove, DrawnNode, DrawnTree,
    LabelView, PointView, Step, StepError, SubDrawing, TreeDrawing, View, apply_steps,
    canonical_tree,
};
