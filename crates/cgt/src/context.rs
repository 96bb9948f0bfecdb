//! The process-wide store of canonical forms and the memoised operations.
//!
//! Design: every [`Game`] is a `u32` index into one interner, which holds
//! only canonical forms, each exactly once. Equal games therefore have equal
//! ids and equality is one integer comparison. The interner and every cache
//! live in one [`Context`] behind one mutex; a public operation takes the
//! lock once and runs to completion with `&mut Context`, so the recursive
//! algorithms pay no locking cost per step and can memoise freely. Threads
//! share all caches and serialise on the lock (operations on the small games
//! of Go are short). A process-wide store, rather than a context object the
//! caller threads through, keeps `Game` a plain `Copy` value with `+`, `-`,
//! `<=`, `==` and `Display`, which is what later crates want.
//!
//! Numbers are stored compactly as [`Node::Number`] and their options are
//! made on demand, so `1000000` costs one node, and the algorithms take
//! number fast paths (number translation, number avoidance) wherever the
//! theory allows.

mod arith;
mod canonical;
mod order;
mod recognise;
mod small;
mod thermal;

use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use rustc_hash::FxHashMap;

use crate::error::CgtError;
use crate::thermograph::Thermograph;
use crate::{Dyadic, Game, Nus};

pub(crate) type Res<T> = Result<T, CgtError>;

/// The options of a stored non-number: (Left's, Right's), sorted by id.
type OptionSets = (Arc<[Game]>, Arc<[Game]>);

/// A stored canonical form.
#[derive(Debug)]
pub(crate) enum Node {
    /// A number (its canonical options are derived when needed).
    Number(Dyadic),
    /// A canonical game that is not a number; options sorted by id.
    General {
        left: Arc<[Game]>,
        right: Arc<[Game]>,
        /// What is known of it from its options alone, computed once.
        facts: Facts,
    },
}

/// Properties of a stored non-number that follow from its options' own,
/// computed when it is stored (so reading them costs no search and no
/// hash lookup).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Facts {
    /// Left and right stops: `LS = max RS(G^L)`, `RS = min LS(G^R)`.
    pub(crate) stops: (Dyadic, Dyadic),
    /// One more than the latest option's birthday; `None` if a number
    /// inside is `-2^63`, whose birthday does not fit.
    pub(crate) birthday: Option<u64>,
    /// `Some(x + n·↑ + *m)` if the game has that form.
    pub(crate) nus: Option<Nus>,
}

/// The interner and the caches. See the module documentation.
#[derive(Debug, Default)]
pub(crate) struct Context {
    nodes: Vec<Node>,
    numbers: FxHashMap<Dyadic, Game>,
    generals: FxHashMap<OptionSets, Game>,
    add_cache: FxHashMap<(Game, Game), Game>,
    neg_cache: FxHashMap<Game, Game>,
    le_cache: FxHashMap<(Game, Game), bool>,
    thermo_cache: FxHashMap<Game, Arc<Thermograph>>,
    cool_cache: FxHashMap<(Game, Dyadic), Game>,
    heat_cache: FxHashMap<(Game, Dyadic), Game>,
    nimbers: Vec<Game>,
    ups: FxHashMap<i64, Game>,
    /// Options held by stored non-numbers, for [`Context::approx_bytes`].
    option_slots: usize,
}

static CONTEXT: LazyLock<Mutex<Context>> = LazyLock::new(|| Mutex::new(Context::default()));

/// Runs `f` with exclusive access to the process-wide context.
pub(crate) fn with<R>(f: impl FnOnce(&mut Context) -> R) -> R {
    // A panic while the lock was held cannot leave a half-written cache
    // entry (entries are inserted whole), so a poisoned lock is safe to use.
    let mut guard: MutexGuard<'_, Context> = CONTEXT.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut guard)
}

/// Left or Right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Left,
    Right,
}

impl Context {
    /// Empties every operation cache; the stored canonical forms (and so
    /// every existing `Game`) stay valid.
    pub(crate) fn clear_caches(&mut self) {
        self.add_cache.clear();
        self.neg_cache.clear();
        self.le_cache.clear();
        self.thermo_cache.clear();
        self.cool_cache.clear();
        self.heat_cache.clear();
    }

    /// The estimated memory of the operation caches alone, in bytes.
    pub(crate) fn cache_bytes(&self) -> usize {
        const ENTRY: usize = 32;
        (self.add_cache.len()
            + self.neg_cache.len()
            + self.le_cache.len()
            + self.cool_cache.len()
            + self.heat_cache.len())
            * ENTRY
            + self.thermo_cache.len() * 8 * ENTRY
    }

    /// The estimated memory of the store and its caches, in bytes: what a
    /// bounded evaluation's memory ceiling is measured against.
    pub(crate) fn approx_bytes(&self) -> usize {
        // A hash-map entry: key, value and the table's overhead (load
        // factor, control bytes), rounded up.
        const ENTRY: usize = 32;
        // A stored non-number: the node, its key in `generals` and two
        // shared option slices' headers.
        const NODE: usize = std::mem::size_of::<Node>() + 3 * ENTRY;
        let entries = self.numbers.len()
            + self.add_cache.len()
            + self.neg_cache.len()
            + self.le_cache.len()
            + self.cool_cache.len()
            + self.heat_cache.len()
            + self.ups.len();
        // A thermograph: a few trajectories of a few points each.
        self.nodes.len() * NODE
            + self.option_slots * 2 * std::mem::size_of::<Game>()
            + entries * ENTRY
            + self.thermo_cache.len() * 8 * ENTRY
    }

    /// Counts one step of a bounded evaluation (see [`crate::Evaluator`]).
    pub(crate) fn tick(&self) -> Res<()> {
        crate::budget::tick(|| self.approx_bytes())
    }

    /// How many canonical forms are stored.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn node(&self, g: Game) -> &Node {
        &self.nodes[g.index()]
    }

    fn push(&mut self, node: Node) -> Game {
        let id = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        // 4 billion canonical forms would not fit in memory anyway.
        assert!(id < u32::MAX, "game store full");
        self.nodes.push(node);
        Game::from_index(id)
    }

    /// The number `x`.
    pub(crate) fn number(&mut self, x: Dyadic) -> Game {
        if let Some(&g) = self.numbers.get(&x) {
            return g;
        }
        let g = self.push(Node::Number(x));
        self.numbers.insert(x, g);
        g
    }

    pub(crate) fn zero(&mut self) -> Game {
        self.number(Dyadic::ZERO)
    }

    /// The number value of `g`, if `g` is a number.
    pub(crate) fn as_number(&self, g: Game) -> Option<Dyadic> {
        match self.node(g) {
            Node::Number(x) => Some(*x),
            Node::General { .. } => None,
        }
    }

    /// Stores a canonical non-number form given its canonical options.
    /// The caller guarantees canonicity.
    pub(crate) fn intern_general(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_unstable_by_key(|g| g.index());
        left.dedup();
        right.sort_unstable_by_key(|g| g.index());
        right.dedup();
        let key: OptionSets = (left.into(), right.into());
        if let Some(&g) = self.generals.get(&key) {
            return g;
        }
        self.option_slots += key.0.len() + key.1.len();
        let facts = self.facts(&key.0, &key.1);
        let g = self.push(Node::General {
            left: key.0.clone(),
            right: key.1.clone(),
            facts,
        });
        self.generals.insert(key, g);
        g
    }

    /// The canonical options of `g` on `side`.
    pub(crate) fn options(&mut self, g: Game, side: Side) -> Res<Arc<[Game]>> {
        match self.node(g) {
            Node::General { left, right, .. } => Ok(match side {
                Side::Left => left.clone(),
                Side::Right => right.clone(),
            }),
            &Node::Number(x) => {
                let (l, r) = number_options(x)?;
                let o = match side {
                    Side::Left => l,
                    Side::Right => r,
                };
                Ok(match o {
                    Some(y) => Arc::from([self.number(y)]),
                    None => Arc::from([]),
                })
            }
        }
    }

    pub(crate) fn left(&mut self, g: Game) -> Res<Arc<[Game]>> {
        self.options(g, Side::Left)
    }

    pub(crate) fn right(&mut self, g: Game) -> Res<Arc<[Game]>> {
        self.options(g, Side::Right)
    }
}

/// The canonical options of the number `x`: integers `n > 0` are `{n-1|}`,
/// `n < 0` are `{|n+1}`, `0 = {|}`, and `m/2^k` is `{x - 2^-k | x + 2^-k}`.
pub(crate) fn number_options(x: Dyadic) -> Res<(Option<Dyadic>, Option<Dyadic>)> {
    if let Some(n) = x.to_integer() {
        return Ok(match n.signum() {
            1 => (Some(Dyadic::integer(n - 1)), None),
            -1 => (None, Some(Dyadic::integer(n + 1))),
            _ => (None, None),
        });
    }
    let step = Dyadic::new(1, x.exponent())?;
    Ok((Some(x.checked_sub(step)?), Some(x.checked_add(step)?)))
}
