//! Life and death under repetition: the solver of seed 003 ("試行錯誤方による
//! 死活判定は可能か", 2002), issue 7.
//!
//! A [`Problem`] is a position with a region in play, target stones and an
//! attacker ([`problem`] explains how the region is inferred, with a
//! tsumego frame for open book problems). [`analyse`] answers, for a given
//! first player, *dead*, *alive*, *ko* (who wins it with ko threats) or *no
//! result* (a long cycle), with a principal variation and, on request, all
//! correct first moves.
//!
//! Rules (seed §1–§2, [`Regime`]): the defender loses when all its stones in
//! the region are captured; the attacker loses when it has no attacking
//! move left. Tenuki is a move: the defender may tenuki unless the
//! attacker's last move was a tenuki, the attacker only while a ko capture
//! is forbidden to it. In the seed regime, ko threats follow the seed's N;
//! long cycles are decided by tempo or are no result. Under superko every
//! result is defined.
//!
//! The search is df-pn with a bounded transposition table that never imports
//! a result that depended on the line that reached it ([`search`] has the
//! argument), so results do not depend on move order or on the path to a
//! position — the seed's open problem (§3).

pub mod bench;
pub mod benson;
pub mod error;
pub(crate) mod eyes;
pub(crate) mod life;
pub mod problem;
pub mod regime;
pub mod report;
pub(crate) mod safety;
pub mod search;
pub mod side;
pub mod solution;
pub mod solve;
pub mod state;

pub use error::{LineError, ProblemError};
pub use problem::{Problem, ProblemSpec, RegionKind};
pub use regime::{Regime, RegimeError};
pub use report::Report;
pub use search::limit::{Cancel, DEFAULT_LIMITS, DEFAULT_TABLE_BYTES, Limits, Progress, Stop};
pub use search::{Ordering, Split, SplitHelper, SplitStats};
pub use side::Side;
pub use solve::{
    Analysis, Knowledge, KoThreats, Options, Outcome, SideThreats, Status, ThreatReader, analyse,
    analyse_after, side_threats,
};
pub use state::Mv;

/// The vertex with index `i` of a solver board (always below
/// [`miai_goban::MAX_VERTICES`]: boards are built from graphs).
#[inline]
pub(crate) fn vx(i: usize) -> miai_goban::Vertex {
    miai_goban::Vertex::new(i).expect("solver-board indices are below MAX_VERTICES")
}
