//! The order on canonical forms, memoised.

use super::{Context, Res};
use crate::Game;

impl Context {
    /// `g <= h` for canonical `g`, `h`.
    ///
    /// Plain recursion (`g <= h` iff no `g^L >= h` and no `h^R <= g`) with
    /// four shortcuts: equal ids; two numbers; two nimbers; and a number against a
    /// canonical non-number, where number avoidance lets us ignore the
    /// number's own options (`x <= h` iff no `h^R <= x`).
    pub(crate) fn le(&mut self, g: Game, h: Game) -> Res<bool> {
        if g == h {
            return Ok(true);
        }
        let (xg, xh) = (self.as_number(g), self.as_number(h));
        if let (Some(x), Some(y)) = (xg, xh) {
            return Ok(x <= y);
        }
        self.tick()?;
        if let Some(&b) = self.le_cache.get(&(g, h)) {
            return Ok(b);
        }
        // Two distinct nimbers are confused (`*a - *b = *(a xor b)`): no
        // descent through their quadratic option sets.
        if self.as_nimber(g).is_some() && self.as_nimber(h).is_some() {
            self.le_cache.insert((g, h), false);
            return Ok(false);
        }
        // Necessary conditions from the stops prune most failing cases
        // without descending: g <= h implies LS(g) <= LS(h), RS(g) <= RS(h).
        let (lg, rg) = self.stops(g)?;
        let (lh, rh) = self.stops(h)?;
        let mut result = lg <= lh && rg <= rh;
        if result && xh.is_none() {
            for &hr in self.right(h)?.iter() {
                if self.le(hr, g)? {
                    result = false;
                    break;
                }
            }
        }
        if result && xg.is_none() {
            for &gl in self.left(g)?.iter() {
                if self.le(h, gl)? {
                    result = false;
                    break;
                }
            }
        }
        self.le_cache.insert((g, h), result);
        Ok(result)
    }

    /// Left and right stops, memoised: a number is its own stop; otherwise
    /// `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)`.
    pub(crate) fn stops(&mut self, g: Game) -> Res<(crate::Dyadic, crate::Dyadic)> {
        if let Some(x) = self.as_number(g) {
            return Ok((x, x));
        }
        if let Some(&s) = self.stops_cache.get(&g) {
            return Ok(s);
        }
        let mut ls = None;
        for &gl in self.left(g)?.iter() {
            let r = self.stops(gl)?.1;
            ls = Some(ls.map_or(r, |m: crate::Dyadic| m.max(r)));
        }
        let mut rs = None;
        for &gr in self.right(g)?.iter() {
            let l = self.stops(gr)?.0;
            rs = Some(rs.map_or(l, |m: crate::Dyadic| m.min(l)));
        }
        // A canonical non-number has options on both sides.
        let s = (
            ls.unwrap_or(crate::Dyadic::ZERO),
            rs.unwrap_or(crate::Dyadic::ZERO),
        );
        self.stops_cache.insert(g, s);
        Ok(s)
    }
}
