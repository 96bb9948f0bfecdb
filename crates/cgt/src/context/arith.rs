//! Sum and negation of canonical forms, memoised.

use super::{Context, Node, Res};
use crate::Game;

impl Context {
    /// The canonical form of `g + h`.
    ///
    /// Two numbers add directly; a number `x` is added to a non-number `h`
    /// by translation (`h + x = {h^L + x | h^R + x}`, number avoidance), so a
    /// number's options are never expanded; otherwise the definition
    /// `{g^L + h, g + h^L | g^R + h, g + h^R}`. Memoised on the unordered pair.
    pub(crate) fn add(&mut self, g: Game, h: Game) -> Res<Game> {
        let (xg, xh) = (self.as_number(g), self.as_number(h));
        match (xg, xh) {
            (Some(x), Some(y)) => return Ok(self.number(x.checked_add(y)?)),
            (Some(x), _) if x == crate::Dyadic::ZERO => return Ok(h),
            (_, Some(y)) if y == crate::Dyadic::ZERO => return Ok(g),
            _ => {}
        }
        let key = if g.index() <= h.index() {
            (g, h)
        } else {
            (h, g)
        };
        if let Some(&s) = self.add_cache.get(&key) {
            return Ok(s);
        }
        // Nim addition: *a + *b = *(a xor b), without the quadratic sum.
        if let (Some(a), Some(b)) = (self.as_nimber(g), self.as_nimber(h)) {
            let s = self.nimber(a ^ b);
            self.add_cache.insert(key, s);
            return Ok(s);
        }
        // Put the number (if any) second.
        let (g, h) = if xg.is_some() { (h, g) } else { (g, h) };
        let h_is_number = self.is_number(h);
        let (gl, gr) = (self.left(g)?, self.right(g)?);
        let mut left = Vec::with_capacity(gl.len() + 2);
        let mut right = Vec::with_capacity(gr.len() + 2);
        for &a in gl.iter() {
            left.push(self.add(a, h)?);
        }
        for &b in gr.iter() {
            right.push(self.add(b, h)?);
        }
        if !h_is_number {
            for &a in self.left(h)?.iter() {
                left.push(self.add(g, a)?);
            }
            for &b in self.right(h)?.iter() {
                right.push(self.add(g, b)?);
            }
        }
        let s = self.canon(left, right)?;
        self.add_cache.insert(key, s);
        Ok(s)
    }

    /// The canonical form of `-g` (negating a canonical form gives a
    /// canonical form, so no simplification is needed).
    pub(crate) fn neg(&mut self, g: Game) -> Res<Game> {
        if let Some(x) = self.as_number(g) {
            return Ok(self.number(x.checked_neg()?));
        }
        if let Some(&n) = self.neg_cache.get(&g) {
            return Ok(n);
        }
        self.tick()?;
        let (l, r) = match self.node(g) {
            Node::General { left, right, .. } => (left.clone(), right.clone()),
            Node::Number(_) => unreachable!("numbers handled above"),
        };
        let mut nl = Vec::with_capacity(r.len());
        for &b in r.iter() {
            nl.push(self.neg(b)?);
        }
        let mut nr = Vec::with_capacity(l.len());
        for &a in l.iter() {
            nr.push(self.neg(a)?);
        }
        let n = self.intern_general(nl, nr);
        self.neg_cache.insert(g, n);
        self.neg_cache.insert(n, g);
        Ok(n)
    }

    /// `g - h`.
    pub(crate) fn sub(&mut self, g: Game, h: Game) -> Res<Game> {
        let nh = self.neg(h)?;
        self.add(g, nh)
    }
}
