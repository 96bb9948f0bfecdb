//! Bounded evaluation: node, time and memory limits and a cancel flag for
//! everything the game algebra computes on one thread.
//!
//! The algebra runs inside the process-wide store (see `context`), whose
//! public operations are plain functions (`+`, [`Game::cool`], ...), so the
//! limits are not threaded through them: [`Evaluator::run`] installs a
//! [`Meter`] for the current thread, and the store ticks it once per
//! *step*: a canonicalisation (`{L|R}` simplified), a comparison `G <= H`
//! (also one answered from the cache: a canonicalisation of `n` options
//! compares up to `n²` pairs, so counting only new comparisons let one
//! step of a sum of `*256`s take milliseconds), a comparison against a
//! form being built, or a thermograph computed anew. Every step is
//! bounded work, so the node limit bounds the time too. When a limit
//! is reached every operation in progress fails with
//! [`CgtError::Stopped`]; nothing half-computed is cached.
//!
//! The memory ceiling counts what the store and its caches grew by during
//! the evaluation, estimated in bytes ([`Limits::table_bytes`]). The store
//! is shared by the process: when memory stops an evaluation, the operation
//! caches are emptied to give back what they hold (stored canonical forms
//! stay, as every `Game` handle refers to them).
//!
//! ```
//! use miai_cgt::{CgtError, Evaluator};
//! use miai_search::{Limits, Stop};
//! let eval = Evaluator::new(&Limits::default().with_nodes(50), None);
//! let big = eval.run(|| miai_cgt::parse("{9|2} + {8|3} + {7|4} + {6|5} + {5|1} + {4|2}"));
//! assert!(matches!(big, Err(e) if e.stop() == Some(Stop::Nodes)));
//! let small = eval.run(|| miai_cgt::parse("{1|0}")).unwrap();
//! assert_eq!(small.to_string(), "{1|0}");
//! ```

use std::cell::{Cell, RefCell};

use miai_search::{Cancel, Limits, Meter, Stop};

use crate::error::CgtError;

/// The operation caches' estimated size above which a bounded evaluation
/// empties them before it starts.
const CACHE_CEILING: usize = 256 << 20;

/// Runs game computations under [`Limits`] and an optional [`Cancel`].
#[derive(Debug, Clone, Default)]
pub struct Evaluator {
    limits: Limits,
    cancel: Option<Cancel>,
}

/// The meter of the evaluation running on this thread.
struct Budget {
    meter: Meter,
    start_bytes: usize,
    max_bytes: Option<usize>,
}

thread_local! {
    static BUDGET: RefCell<Option<Budget>> = const { RefCell::new(None) };
    /// Whether [`BUDGET`] is set: the unbounded path of [`tick`] reads
    /// only this.
    static BOUNDED: Cell<bool> = const { Cell::new(false) };
}

/// Restores the thread's previous budget, also on panic.
struct Restore(Option<Budget>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        BOUNDED.with(|f| f.set(previous.is_some()));
        BUDGET.with(|b| *b.borrow_mut() = previous);
    }
}

impl Evaluator {
    /// An evaluator with these limits (nodes, time, memory in bytes of
    /// store growth; `None` = unlimited) and cancel flag.
    pub fn new(limits: &Limits, cancel: Option<&Cancel>) -> Evaluator {
        Evaluator {
            limits: *limits,
            cancel: cancel.cloned(),
        }
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs `f` on this thread with a fresh meter; every game operation
    /// inside counts its steps on it and fails with [`CgtError::Stopped`]
    /// once a limit is reached (or the flag is cancelled).
    pub fn run<R>(&self, f: impl FnOnce() -> R) -> R {
        self.run_counted(f).0
    }

    /// [`Evaluator::run`], also giving the number of steps counted.
    pub fn run_counted<R>(&self, f: impl FnOnce() -> R) -> (R, u64) {
        // Bounded evaluations (a server's requests, a fuzzer's inputs) run
        // one after another in one process: each is bounded, but what they
        // leave in the caches adds up, so a large cache is emptied first.
        let start_bytes = crate::context::with(|c| {
            if c.cache_bytes() > CACHE_CEILING {
                c.clear_caches();
            }
            c.approx_bytes()
        });
        let budget = Budget {
            meter: Meter::new(&self.limits, self.cancel.as_ref()),
            start_bytes,
            max_bytes: self.limits.table_bytes,
        };
        let restore = Restore(BUDGET.with(|b| b.borrow_mut().replace(budget)));
        BOUNDED.with(|f| f.set(true));
        let out = f();
        let (nodes, stopped) = BUDGET.with(|b| {
            b.borrow()
                .as_ref()
                .map_or((0, None), |b| (b.meter.nodes(), b.meter.stopped()))
        });
        drop(restore);
        if stopped == Some(Stop::Memory) {
            crate::context::with(|c| c.clear_caches());
        }
        (out, nodes)
    }
}

/// Counts one step on the thread's meter, if an evaluation is bounded;
/// `bytes` is the store's current estimated size.
#[inline]
pub(crate) fn tick(bytes: impl FnOnce() -> usize) -> Result<(), CgtError> {
    if !BOUNDED.with(Cell::get) {
        return Ok(());
    }
    BUDGET.with(|b| {
        let mut b = b.borrow_mut();
        let Some(budget) = b.as_mut() else {
            return Ok(());
        };
        budget.meter.tick().map_err(CgtError::Stopped)?;
        if let Some(max) = budget.max_bytes
            && bytes().saturating_sub(budget.start_bytes) > max
        {
            budget.meter.stop(Stop::Memory);
            return Err(CgtError::Stopped(Stop::Memory));
        }
        Ok(())
    })
}
