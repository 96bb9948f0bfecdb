//! Building and recognising nimbers, ups and their sums with numbers
//! (`x + n·↑ + *m`), for the parser and the printer.

use super::{Context, Facts, Node, Res};
use crate::{Dyadic, Game, Nus};

/// The birthday of the number `x = m/2^k`: `ceil|x| + k`; `None` for
/// `-2^63` (its magnitude does not fit).
pub(crate) fn number_birthday(x: Dyadic) -> Option<u64> {
    let a = x.checked_neg().ok()?.max(x);
    Some(a.ceil().unsigned_abs() + u64::from(x.exponent()))
}

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

    /// `Some(m)` if `g = *m`.
    pub(crate) fn as_nimber(&self, g: Game) -> Option<u32> {
        match self.nus_of(g) {
            Some(Nus {
                number: Dyadic::ZERO,
                ups: 0,
                nimber,
            }) => Some(nimber),
            _ => None,
        }
    }

    /// `Some(x + n·↑ + *m)` if `g` has that form (read from the facts
    /// stored with `g`; see [`Context::facts`]).
    pub(crate) fn as_nus(&self, g: Game) -> Res<Option<Nus>> {
        Ok(self.nus_of(g))
    }

    fn nus_of(&self, g: Game) -> Option<Nus> {
        match self.node(g) {
            &Node::Number(x) => Some(Nus::number(x)),
            Node::General { facts, .. } => facts.nus,
        }
    }

    /// The stops of `g` (a number is its own stops).
    pub(crate) fn stops_of(&self, g: Game) -> (Dyadic, Dyadic) {
        match self.node(g) {
            &Node::Number(x) => (x, x),
            Node::General { facts, .. } => facts.stops,
        }
    }

    /// The birthday of `g`; `None` if it does not fit (a number `-2^63`
    /// inside).
    pub(crate) fn birthday_of(&self, g: Game) -> Option<u64> {
        match self.node(g) {
            &Node::Number(x) => number_birthday(x),
            Node::General { facts, .. } => facts.birthday,
        }
    }

    /// The [`Facts`] of the canonical non-number `{left | right}` (sorted
    /// canonical options, both sides non-empty), from its options' own.
    ///
    /// The form `x + n·↑ + *m` is recognised by the shape of the canonical
    /// forms of those values (Siegel, *Combinatorial Game Theory*, II.4;
    /// Winning Ways ch. 7-8): `x + *m = {x, x*, ..., x*(m-1) | same}`;
    /// `x↑* = {x, x* | x}` and `x↓* = {x | x, x*}`; otherwise, for
    /// `n >= 0`, `{x | x + n·↑ + *m} = x + (n+1)·↑ + *(m xor 1)` and its
    /// negative. No other canonical form has a value of that kind.
    pub(crate) fn facts(&self, left: &[Game], right: &[Game]) -> Facts {
        let stops = (
            left.iter()
                .map(|&o| self.stops_of(o).1)
                .max()
                .unwrap_or(Dyadic::ZERO),
            right
                .iter()
                .map(|&o| self.stops_of(o).0)
                .min()
                .unwrap_or(Dyadic::ZERO),
        );
        let mut birthday = Some(0u64);
        for &o in left.iter().chain(right) {
            birthday = match (birthday, self.birthday_of(o)) {
                (Some(b), Some(ob)) => Some(b.max(ob.saturating_add(1))),
                _ => None,
            };
        }
        Facts {
            stops,
            birthday,
            nus: self.recognise_nus(left, right),
        }
    }

    fn recognise_nus(&self, left: &[Game], right: &[Game]) -> Option<Nus> {
        let num = |g: Game| self.as_number(g);
        if left == right {
            // x + *m: the options are x + *k for k < m, each once.
            let x = self.nus_of(*left.first()?)?.number;
            let mut seen = vec![false; left.len()];
            for &o in left {
                let v = self.nus_of(o)?;
                let k = usize::try_from(v.nimber).ok()?;
                if v.number != x || v.ups != 0 || k >= seen.len() || seen[k] {
                    return None;
                }
                seen[k] = true;
            }
            return Some(Nus {
                number: x,
                ups: 0,
                nimber: u32::try_from(left.len()).ok()?,
            });
        }
        let star_of = |x: Dyadic| Nus {
            number: x,
            ups: 0,
            nimber: 1,
        };
        match (left, right) {
            // {x, x* | x} = x↑*.
            (&[a, b], &[r]) => {
                let x = num(r)?;
                let other = if a == r {
                    b
                } else if b == r {
                    a
                } else {
                    return None;
                };
                (self.nus_of(other)? == star_of(x)).then_some(Nus {
                    number: x,
                    ups: 1,
                    nimber: 1,
                })
            }
            // {x | x, x*} = x↓*.
            (&[l], &[a, b]) => {
                let x = num(l)?;
                let other = if a == l {
                    b
                } else if b == l {
                    a
                } else {
                    return None;
                };
                (self.nus_of(other)? == star_of(x)).then_some(Nus {
                    number: x,
                    ups: -1,
                    nimber: 1,
                })
            }
            (&[l], &[r]) => {
                if let Some(x) = num(l) {
                    let v = self.nus_of(r)?;
                    if num(r).is_none() && v.number == x && v.ups >= 0 {
                        return Some(Nus {
                            number: x,
                            ups: v.ups.checked_add(1)?,
                            nimber: v.nimber ^ 1,
                        });
                    }
                }
                if let Some(x) = num(r) {
                    let v = self.nus_of(l)?;
                    if num(l).is_none() && v.number == x && v.ups <= 0 {
                        return Some(Nus {
                            number: x,
                            ups: v.ups.checked_sub(1)?,
                            nimber: v.nimber ^ 1,
                        });
                    }
                }
                None
            }
            _ => None,
        }
    }
}
