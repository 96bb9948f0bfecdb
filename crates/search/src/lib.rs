//! The search contract every miai solver shares.
//!
//! A solver takes [`Limits`] (nodes, time, table memory) and an optional
//! [`Cancel`] flag, counts its nodes on a [`Meter`], hands [`Progress`]
//! records to a caller-supplied callback, and when it stops early says why
//! with one [`Stop`] reason. Front ends (the CLI, the web server) validate
//! user-given limits once, with [`Limits::parse_nodes`],
//! [`Limits::parse_time`] and [`Limits::parse_table_mb`], and so never build
//! a `Duration` that panics.
//!
//! ```
//! use miai_search::{Cancel, Limits, Meter, Stop};
//!
//! let limits = Limits::default().with_nodes(1_000);
//! let cancel = Cancel::new();
//! let mut meter = Meter::new(&limits, Some(&cancel));
//! let mut stop = None;
//! for _ in 0..5_000 {
//!     if let Err(s) = meter.tick() {
//!         stop = Some(s);
//!         break;
//!     }
//! }
//! assert_eq!(stop, Some(Stop::Nodes));
//! assert_eq!(meter.nodes(), 1_000);
//! ```
//!
//! Nothing here knows about Go or games: the crate has no dependency but
//! `thiserror` (and `serde` behind the `serde` feature).

mod cancel;
pub mod hash;
mod limits;
mod meter;
mod progress;
mod stop;

pub use cancel::Cancel;
pub use limits::{LimitError, Limits};
pub use meter::{CHECK_EVERY, Meter, REPORT_EVERY};
pub use progress::{Progress, TableUsage};
pub use stop::Stop;
