//! Canonical form of `{L | R}` from canonical options: remove dominated
//! options, bypass reversible ones, repeat until neither applies (Siegel,
//! *Combinatorial Game Theory*, II.2; Lessons in Play ch. 4).

use rustc_hash::FxHashMap;

use super::{Context, Node, Res};
use crate::{Dyadic, Game};

/// Memo of comparisons between subgames `y` and the game being built.
type TempMemo = FxHashMap<(Game, bool), bool>;

impl Context {
    /// The canonical form of `{left | right}`, whose options are canonical.
    pub(crate) fn canon(&mut self, left: Vec<Game>, right: Vec<Game>) -> Res<Game> {
        self.tick()?;
        if let Some(g) = self.all_number_options(&left, &right)? {
            return Ok(g);
        }
        let (mut left, mut right) = (left, right);
        let mut memo = TempMemo::default();
        loop {
            left = self.undominated(left, true)?;
            right = self.undominated(right, false)?;
            let mut changed = false;
            // Left option A is reversible if some A^R <= G; it is replaced by
            // the Left options of that A^R. The test compares values and the
            // value of G never changes, so one memo serves all rounds.
            let mut new_left = Vec::with_capacity(left.len());
            for &a in &left {
                let mut bypassed = false;
                for &ar in self.right(a)?.iter() {
                    if self.temp_ge(&left, &right, ar, &mut memo)? {
                        new_left.extend(self.left(ar)?.iter().copied());
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
                for &bl in self.left(b)?.iter() {
                    if self.temp_le(&left, &right, bl, &mut memo)? {
                        new_right.extend(self.right(bl)?.iter().copied());
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
        if let Some(g) = self.all_number_options(&left, &right)? {
            return Ok(g);
        }
        Ok(self.intern_general(left, right))
    }

    /// `{L | R}` when every option is a number: the simplest number between
    /// if `max L < min R`, else the switch `{max L | min R}` (canonical: a
    /// number option of a hot switch cannot be reversible).
    fn all_number_options(&mut self, left: &[Game], right: &[Game]) -> Res<Option<Game>> {
        let mut lmax: Option<Dyadic> = None;
        let mut rmin: Option<Dyadic> = None;
        for &g in left {
            match self.as_number(g) {
                Some(x) => lmax = Some(lmax.map_or(x, |m| m.max(x))),
                None => return Ok(None),
            }
        }
        for &g in right {
            match self.as_number(g) {
                Some(x) => rmin = Some(rmin.map_or(x, |m| m.min(x))),
                None => return Ok(None),
            }
        }
        match (lmax, rmin) {
            (Some(l), Some(r)) if l >= r => {
                let (gl, gr) = (self.number(l), self.number(r));
                Ok(Some(self.intern_general(vec![gl], vec![gr])))
            }
            _ => {
                let x = Dyadic::simplest_between(lmax, rmin)?;
                Ok(Some(self.number(x)))
            }
        }
    }

    /// Removes duplicates and dominated options: for Left keeps the maximal
    /// ones, for Right the minimal ones.
    fn undominated(&mut self, mut opts: Vec<Game>, left: bool) -> Res<Vec<Game>> {
        opts.sort_unstable_by_key(|g| g.index());
        opts.dedup();
        if opts.len() < 2 {
            return Ok(opts);
        }
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            if !keep[i] {
                continue;
            }
            for j in 0..opts.len() {
                if i == j || !keep[j] {
                    continue;
                }
                // Canonical forms are distinct values, so <= here is strict.
                let dominated = if left {
                    self.le(opts[i], opts[j])?
                } else {
                    self.le(opts[j], opts[i])?
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        Ok(opts
            .into_iter()
            .zip(keep)
            .filter_map(|(g, k)| k.then_some(g))
            .collect())
    }

    /// `y <= G` for `G = {gl | gr}` not (yet) interned: no `G^R <= y` and no
    /// `y^L >= G`.
    fn temp_ge(&mut self, gl: &[Game], gr: &[Game], y: Game, memo: &mut TempMemo) -> Res<bool> {
        if let Some(&b) = memo.get(&(y, true)) {
            return Ok(b);
        }
        self.tick()?;
        let mut result = true;
        for &g in gr {
            if self.le(g, y)? {
                result = false;
                break;
            }
        }
        if result {
            for &yl in self.left(y)?.iter() {
                if self.temp_le(gl, gr, yl, memo)? {
                    result = false;
                    break;
                }
            }
        }
        memo.insert((y, true), result);
        Ok(result)
    }

    /// `G <= y` for `G = {gl | gr}`: no `G^L >= y` and no `y^R <= G`.
    fn temp_le(&mut self, gl: &[Game], gr: &[Game], y: Game, memo: &mut TempMemo) -> Res<bool> {
        if let Some(&b) = memo.get(&(y, false)) {
            return Ok(b);
        }
        self.tick()?;
        let mut result = true;
        for &g in gl {
            if self.le(y, g)? {
                result = false;
                break;
            }
        }
        if result {
            for &yr in self.right(y)?.iter() {
                if self.temp_ge(gl, gr, yr, memo)? {
                    result = false;
                    break;
                }
            }
        }
        memo.insert((y, false), result);
        Ok(result)
    }

    /// Whether `g` is stored as a number.
    pub(crate) fn is_number(&self, g: Game) -> bool {
        matches!(self.node(g), Node::Number(_))
    }
}
