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

    /// Left and right stops: a number is its own stop; otherwise
    /// `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)`, stored with `G`.
    pub(crate) fn stops(&mut self, g: Game) -> Res<(crate::Dyadic, crate::Dyadic)> {
        Ok(self.stops_of(g))
    }
}
