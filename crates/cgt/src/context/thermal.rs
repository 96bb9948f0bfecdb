//! Thermographs, cooling, heating and birthdays, memoised.

use std::sync::Arc;

use super::{Context, Res};
use crate::error::CgtError;
use crate::thermograph::{Thermograph, Trajectory};
use crate::{Dyadic, Game};

impl Context {
    /// The thermograph of `g`: integers are a bare mast from `t = -1`;
    /// otherwise the left scaffold is `max (R_t(G^L) - t)`, the right
    /// scaffold `min (L_t(G^R) + t)`, and the mast starts where they meet.
    pub(crate) fn thermograph(&mut self, g: Game) -> Res<Arc<Thermograph>> {
        if let Some(th) = self.thermo_cache.get(&g) {
            return Ok(th.clone());
        }
        self.tick()?;
        let th = match self.as_number(g) {
            Some(x) if x.is_integer() => Thermograph::mast(x),
            _ => {
                let mut left: Option<Trajectory> = None;
                for &a in self.left(g)?.iter() {
                    let w = self.thermograph(a)?.right_wall().add_slope(-1)?;
                    left = Some(match left {
                        None => w,
                        Some(l) => l.combine(&w, true)?,
                    });
                }
                let mut right: Option<Trajectory> = None;
                for &b in self.right(g)?.iter() {
                    let w = self.thermograph(b)?.left_wall().add_slope(1)?;
                    right = Some(match right {
                        None => w,
                        Some(r) => r.combine(&w, false)?,
                    });
                }
                match (left, right) {
                    (Some(l), Some(r)) => Thermograph::from_scaffolds(&l, &r)?,
                    // Only integers lack options on a side, and they are
                    // handled above; keep a sane answer regardless.
                    _ => Thermograph::mast(self.stops(g)?.0),
                }
            }
        };
        let th = Arc::new(th);
        self.thermo_cache.insert(g, th.clone());
        Ok(th)
    }

    /// `g` cooled by `t >= 0`, as CGSuite computes it: a number stays; if `g`
    /// is already infinitely close to a number at some `t' < t` (i.e. its
    /// temperature is below `t`) the result is its mean; otherwise
    /// `{G^L_t - t | G^R_t + t}`. At `t` equal to the temperature the
    /// infinitesimal part is kept: `cool({4|0}, 2) = 2*`.
    pub(crate) fn cool(&mut self, g: Game, t: Dyadic) -> Res<Game> {
        if t.signum() < 0 {
            return Err(CgtError::NegativeTemperature(t));
        }
        if self.is_number(g) || t == Dyadic::ZERO {
            return Ok(g);
        }
        if let Some(&c) = self.cool_cache.get(&(g, t)) {
            return Ok(c);
        }
        let th = self.thermograph(g)?;
        let c = if th.temperature() < t {
            self.number(th.mean())
        } else {
            let (plus_t, minus_t) = (self.number(t), self.number(t.checked_neg()?));
            let mut left = Vec::new();
            for &a in self.left(g)?.iter() {
                let ca = self.cool(a, t)?;
                left.push(self.add(ca, minus_t)?);
            }
            let mut right = Vec::new();
            for &b in self.right(g)?.iter() {
                let cb = self.cool(b, t)?;
                right.push(self.add(cb, plus_t)?);
            }
            self.canon(left, right)?
        };
        self.cool_cache.insert((g, t), c);
        Ok(c)
    }

    /// `g` heated by `t >= 0` (the integral `∫^t G`): a number stays;
    /// otherwise `{∫G^L + t | ∫G^R - t}`, on the canonical form.
    pub(crate) fn heat(&mut self, g: Game, t: Dyadic) -> Res<Game> {
        if t.signum() < 0 {
            return Err(CgtError::NegativeTemperature(t));
        }
        if self.is_number(g) || t == Dyadic::ZERO {
            return Ok(g);
        }
        if let Some(&h) = self.heat_cache.get(&(g, t)) {
            return Ok(h);
        }
        let (plus_t, minus_t) = (self.number(t), self.number(t.checked_neg()?));
        let mut left = Vec::new();
        for &a in self.left(g)?.iter() {
            let ha = self.heat(a, t)?;
            left.push(self.add(ha, plus_t)?);
        }
        let mut right = Vec::new();
        for &b in self.right(g)?.iter() {
            let hb = self.heat(b, t)?;
            right.push(self.add(hb, minus_t)?);
        }
        let h = self.canon(left, right)?;
        self.heat_cache.insert((g, t), h);
        Ok(h)
    }

    /// The birthday of the canonical form: `|n|` for an integer,
    /// `ceil|x| + k` for `x = m/2^k`, else one more than the latest option.
    pub(crate) fn birthday(&mut self, g: Game) -> Res<u64> {
        self.birthday_of(g)
            .ok_or(CgtError::Arithmetic(crate::ArithmeticError::Overflow(
                "dyadic negation",
            )))
    }
}
