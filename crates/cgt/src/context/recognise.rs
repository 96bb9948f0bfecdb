//! Building and recognising nimbers, ups and their sums with numbers
//! (`x + n·↑ + *m`), for the parser and the printer.

use super::{Context, Node, Res};
use crate::{Dyadic, Game, Nus};

impl Context {
    /// `*m`, canonically `{*0, ..., *(m-1) | *0, ..., *(m-1)}`.
    pub(crate) fn nimber(&mut self, m: u32) -> Game {
        if self.nimbers.is_empty() {
            let z = self.zero();
            self.nimbers.push(z);
        }
        while self.nimbers.len() <= m as usize {
            let opts = self.nimbers.clone();
            let g = self.intern_general(opts.clone(), opts);
            self.nimbers.push(g);
        }
        self.nimbers[m as usize]
    }

    /// `n·↑` (`n < 0` gives `|n|·↓`), built as a sum from `↑ = {0|*}`.
    pub(crate) fn ups(&mut self, n: i64) -> Res<Game> {
        if n == 0 {
            return Ok(self.zero());
        }
        if let Some(&g) = self.ups.get(&n) {
            return Ok(g);
        }
        let g = if n < 0 {
            let p = self.ups(-n)?;
            self.neg(p)?
        } else if n == 1 {
            let (z, s) = (self.zero(), self.nimber(1));
            self.intern_general(vec![z], vec![s])
        } else {
            let (one, rest) = (self.ups(1)?, self.ups(n - 1)?);
            self.add(one, rest)?
        };
        self.ups.insert(n, g);
        Ok(g)
    }

    /// `x + n·↑ + *m`.
    pub(crate) fn nus(&mut self, nus: Nus) -> Res<Game> {
        let x = self.number(nus.number);
        let u = self.ups(nus.ups)?;
        let s = self.nimber(nus.nimber);
        let us = self.add(u, s)?;
        self.add(x, us)
    }

    /// `Some(m)` if `g = *m`: a canonical nimber has the same options on
    /// both sides, and they are exactly `*0, ..., *(m-1)`.
    pub(crate) fn as_nimber(&mut self, g: Game) -> Option<u32> {
        if let Some(x) = self.as_number(g) {
            return (x == Dyadic::ZERO).then_some(0);
        }
        if let Some(&m) = self.nimber_cache.get(&g) {
            return m;
        }
        let (l, r) = match self.node(g) {
            Node::General { left, right } => (left.clone(), right.clone()),
            Node::Number(_) => return None,
        };
        let result = if l != r {
            None
        } else {
            let mut seen = vec![false; l.len()];
            let mut ok = true;
            for &o in l.iter() {
                match self.as_nimber(o) {
                    Some(k) if (k as usize) < seen.len() && !seen[k as usize] => {
                        seen[k as usize] = true;
                    }
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            ok.then(|| u32::try_from(l.len()).unwrap_or(u32::MAX))
        };
        self.nimber_cache.insert(g, result);
        result
    }

    /// `Some(x + n·↑ + *m)` if `g` has that form. Such a `g` is infinitely
    /// close to `x = LS(g) = RS(g)`; `g - x` is then tried against `n·↑ + *m`
    /// for `|n|` up to its birthday (`n·↑` is born on day `n + 1`).
    pub(crate) fn as_nus(&mut self, g: Game) -> Res<Option<Nus>> {
        if let Some(x) = self.as_number(g) {
            return Ok(Some(Nus::number(x)));
        }
        if let Some(&n) = self.nus_cache.get(&g) {
            return Ok(n);
        }
        let (ls, rs) = self.stops(g)?;
        let mut result = None;
        if ls == rs {
            let minus_x = self.number(ls.checked_neg()?);
            let h = self.add(g, minus_x)?;
            if let Some(m) = self.as_nimber(h) {
                result = Some(Nus {
                    number: ls,
                    ups: 0,
                    nimber: m,
                });
            } else {
                let b = self.birthday(h)? as i64;
                'search: for k in 1..=b {
                    for n in [k, -k] {
                        let u = self.ups(-n)?;
                        let rest = self.add(h, u)?;
                        if let Some(m) = self.as_nimber(rest) {
                            result = Some(Nus {
                                number: ls,
                                ups: n,
                                nimber: m,
                            });
                            break 'search;
                        }
                    }
                }
            }
        }
        self.nus_cache.insert(g, result);
        Ok(result)
    }
}
