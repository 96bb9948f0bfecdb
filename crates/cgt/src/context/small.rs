//! What CGSuite users ask of infinitesimals and of games up to
//! infinitesimals: all-smallness, atomic weight and the reduced canonical
//! form.
//!
//! Atomic weight follows the atomic weight calculus of Winning Ways
//! (ch. 8) and Siegel, *Combinatorial Game Theory* (II.7): for an
//! all-small `G` let `G'' = {aw(G^L) - 2 | aw(G^R) + 2}`. Then
//! `aw(G) = G''` unless `G''` is an integer; in that "eccentric" case the
//! remote star `☆` decides: if `G > ☆`, `aw(G)` is the largest integer
//! `x` with `x ◁ aw(G^R) + 2` for every `G^R`; if `G < ☆`, the least
//! integer `x` with `x ▷ aw(G^L) - 2` for every `G^L`; otherwise `G''`.
//!
//! The reduced canonical form (Grossman and Siegel, "Reductions of
//! partizan games"; Siegel II.6) is the simplest game infinitesimally
//! close to `G`: options reduced first, then Inf-dominated options removed
//! and Inf-reversible ones bypassed, where `G <=_Inf H` means
//! `G <= H + ε` for every number `ε > 0`, i.e. the right stop of `H - G`
//! is at least 0.

use rustc_hash::FxHashMap;

use super::{Context, Node, Res, Side};
use crate::error::CgtError;
use crate::{Dyadic, Game};

/// How far the eccentric case of the atomic weight calculus searches for
/// its integer before giving up (the answer lies between the stops of the
/// options' weights, so this is never reached by games that fit in memory).
const ECCENTRIC_SEARCH: i64 = 1 << 20;

/// The largest remote star built (`*N` with `N` a power of two above the
/// birthday): games born later than this have no atomic weight computed.
pub(crate) const MAX_REMOTE_STAR: u64 = 1024;

impl Context {
    /// Whether `g` is all-small: every subposition (itself included) has
    /// options for both players or for neither. Such games are
    /// infinitesimal, and the ones atomic weight is defined for.
    pub(crate) fn is_all_small(&mut self, g: Game, memo: &mut FxHashMap<Game, bool>) -> Res<bool> {
        if let Some(x) = self.as_number(g) {
            return Ok(x == Dyadic::ZERO);
        }
        if let Some(&b) = memo.get(&g) {
            return Ok(b);
        }
        let (left, right) = match self.node(g) {
            Node::General { left, right, .. } => (left.clone(), right.clone()),
            Node::Number(_) => return Ok(false),
        };
        let mut small = !left.is_empty() && !right.is_empty();
        for &o in left.iter().chain(right.iter()) {
            if !small {
                break;
            }
            small = self.is_all_small(o, memo)?;
        }
        memo.insert(g, small);
        Ok(small)
    }

    /// The atomic weight of the all-small game `g` (the caller checks
    /// all-smallness); see the module documentation.
    pub(crate) fn atomic_weight(&mut self, g: Game, memo: &mut FxHashMap<Game, Game>) -> Res<Game> {
        if let Some(&w) = memo.get(&g) {
            return Ok(w);
        }
        self.tick()?;
        // `n·↑ + *m` weighs `n` (the defining example).
        if let Some(nus) = self.as_nus(g)?
            && nus.number == Dyadic::ZERO
        {
            let w = self.number(Dyadic::integer(nus.ups));
            memo.insert(g, w);
            return Ok(w);
        }
        let two = self.number(Dyadic::integer(2));
        let mut lw = Vec::new();
        for &gl in self.options(g, Side::Left)?.iter() {
            let a = self.atomic_weight(gl, memo)?;
            lw.push(self.sub(a, two)?);
        }
        let mut rw = Vec::new();
        for &gr in self.options(g, Side::Right)?.iter() {
            let a = self.atomic_weight(gr, memo)?;
            rw.push(self.add(a, two)?);
        }
        let candidate = self.canon(lw.clone(), rw.clone())?;
        let w = match self.as_number(candidate).and_then(Dyadic::to_integer) {
            Some(n) => self.eccentric(g, n, &lw, &rw)?,
            None => candidate,
        };
        memo.insert(g, w);
        Ok(w)
    }

    /// The eccentric case: `G'' = n` is an integer; compare `g` with a
    /// remote star.
    fn eccentric(&mut self, g: Game, n: i64, lw: &[Game], rw: &[Game]) -> Res<Game> {
        let birthday = self.birthday(g)?;
        if birthday >= MAX_REMOTE_STAR {
            return Err(CgtError::TooLarge {
                what: "birthday for an atomic weight",
                value: birthday,
                limit: MAX_REMOTE_STAR - 1,
            });
        }
        // `*N` with `N` above the birthday is no subposition of `g`, nor is
        // `*N + *m` for `m < N` (a power of two keeps `N xor m >= N`).
        let far = (birthday + 1).next_power_of_two();
        let star = self.nimber(u32::try_from(far).unwrap_or(u32::MAX));
        if self.le(star, g)? {
            // Largest integer x with x ◁ every right weight (not x >= r).
            for x in n..n.saturating_add(ECCENTRIC_SEARCH) {
                let next = self.number(Dyadic::integer(x + 1));
                if !self.all_not_le(rw, next, true)? {
                    return Ok(self.number(Dyadic::integer(x)));
                }
            }
        } else if self.le(g, star)? {
            // Least integer x with x ▷ every left weight (not x <= l).
            for x in (n.saturating_sub(ECCENTRIC_SEARCH)..=n).rev() {
                let next = self.number(Dyadic::integer(x - 1));
                if !self.all_not_le(lw, next, false)? {
                    return Ok(self.number(Dyadic::integer(x)));
                }
            }
        } else {
            return Ok(self.number(Dyadic::integer(n)));
        }
        Err(CgtError::TooLarge {
            what: "atomic weight search",
            value: ECCENTRIC_SEARCH.unsigned_abs(),
            limit: ECCENTRIC_SEARCH.unsigned_abs(),
        })
    }

    /// For every `o` in `opts`: not `o <= x` (when `rights`, i.e. `x ◁ o`)
    /// or not `x <= o` (`x ▷ o`).
    fn all_not_le(&mut self, opts: &[Game], x: Game, rights: bool) -> Res<bool> {
        for &o in opts {
            let le = if rights {
                self.le(o, x)?
            } else {
                self.le(x, o)?
            };
            if le {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `g <=_Inf h`: `g <= h + ε` for every number `ε > 0`, i.e. the right
    /// stop of `h - g` is at least 0.
    fn inf_le(&mut self, g: Game, h: Game) -> Res<bool> {
        let d = self.sub(h, g)?;
        Ok(self.stops(d)?.1 >= Dyadic::ZERO)
    }

    /// The reduced canonical form of `g`; see the module documentation.
    pub(crate) fn reduced(&mut self, g: Game, memo: &mut FxHashMap<Game, Game>) -> Res<Game> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        self.tick()?;
        let (ls, rs) = self.stops(g)?;
        if ls == rs {
            // Infinitely close to the number `ls`.
            let r = self.number(ls);
            memo.insert(g, r);
            return Ok(r);
        }
        let mut left = Vec::new();
        for &gl in self.options(g, Side::Left)?.iter() {
            left.push(self.reduced(gl, memo)?);
        }
        let mut right = Vec::new();
        for &gr in self.options(g, Side::Right)?.iter() {
            right.push(self.reduced(gr, memo)?);
        }
        loop {
            left = self.inf_undominated(left, true)?;
            right = self.inf_undominated(right, false)?;
            let mut changed = false;
            // G^L is Inf-reversible through G^LR when G^LR <=_Inf G; its
            // Left options (already reduced) replace it. `g` is compared, as
            // every step keeps the value within an infinitesimal of it.
            let mut new_left = Vec::with_capacity(left.len());
            for &a in &left {
                let mut bypassed = false;
                for &ar in self.options(a, Side::Right)?.iter() {
                    if self.inf_le(ar, g)? {
                        new_left.extend(self.options(ar, Side::Left)?.iter().copied());
                        bypassed = true;
                        break;
                    }
                }
                changed |= bypassed;
                if !bypassed {
                    new_left.push(a);
                }
            }
            let mut new_right = Vec::with_capacity(right.len());
            for &b in &right {
                let mut bypassed = false;
                for &bl in self.options(b, Side::Left)?.iter() {
                    if self.inf_le(g, bl)? {
                        new_right.extend(self.options(bl, Side::Right)?.iter().copied());
                        bypassed = true;
                        break;
                    }
                }
                changed |= bypassed;
                if !bypassed {
                    new_right.push(b);
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                break;
            }
        }
        let r = self.canon(left, right)?;
        memo.insert(g, r);
        Ok(r)
    }

    /// Removes Inf-dominated options (for Left those `<=_Inf` another kept
    /// one; for Right those `>=_Inf`), keeping one of each Inf-equivalent
    /// group.
    fn inf_undominated(&mut self, mut opts: Vec<Game>, left: bool) -> Res<Vec<Game>> {
        opts.sort_unstable_by_key(|g| g.index());
        opts.dedup();
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i == j || !keep[j] || !keep[i] {
                    continue;
                }
                let dominated = if left {
                    self.inf_le(opts[i], opts[j])?
                } else {
                    self.inf_le(opts[j], opts[i])?
                };
                if dominated {
                    keep[i] = false;
                }
            }
        }
        Ok(opts
            .into_iter()
            .zip(keep)
            .filter_map(|(g, k)| k.then_some(g))
            .collect())
    }
}
