//! Printing canonical forms in CGSuite-style notation.
//!
//! Short forms where they apply: numbers (`3`, `-1/8`), `x + n·↑ + *m`
//! (`2*`, `4^`, `-1^*`, `^2*3`), `±x` for `{x | -x}` with `x` a positive
//! number (`+-1`); otherwise braces with comma-separated options (`{1,{3|-1}|-3}`),
//! options ordered by birthday then text. What is printed parses back to
//! the same game.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::context::{self, Context, Node};
use crate::game::{MAX_NIMBER, MAX_UPS};
use crate::{Dyadic, Game, Nus};

/// `x + n·↑ + *m` in a form the parser reads back: one literal when `n`
/// and `m` are within the parser's limits ([`MAX_UPS`], [`MAX_NIMBER`]),
/// else a sum of literals that are (`^65` is `^64+^`, `*1025` is
/// `*1024+*1`, as `*a + *b = *(a xor b)`); a nimber beyond every such sum
/// (`*2048` and up, only built from explicit braces) is written as its
/// braces.
fn print_nus(c: &mut Context, nus: Nus, memo: &mut Memo) -> String {
    let max_ups = i64::try_from(MAX_UPS).unwrap_or(i64::MAX);
    if nus.ups.abs() <= max_ups && nus.nimber <= MAX_NIMBER {
        return nus.to_string();
    }
    let mut terms = Vec::new();
    let mut ups = nus.ups;
    let (mut nimber, mut rest) = (nus.nimber, None);
    if nimber > MAX_NIMBER {
        rest = Some(if nimber ^ MAX_NIMBER <= MAX_NIMBER {
            // MAX < m < 2 MAX: *MAX + *(m xor MAX).
            let k = nimber ^ MAX_NIMBER;
            if k == 1 {
                "*".to_string()
            } else {
                format!("*{k}")
            }
        } else {
            let star = c.nimber(nimber);
            braces(c, star, memo)
        });
        nimber = if nimber ^ MAX_NIMBER <= MAX_NIMBER {
            MAX_NIMBER
        } else {
            0
        };
    }
    let first = Nus {
        number: nus.number,
        ups: ups.clamp(-max_ups, max_ups),
        nimber,
    };
    ups -= first.ups;
    if first.number != Dyadic::ZERO || first.ups != 0 || first.nimber != 0 || rest.is_none() {
        terms.push(first.to_string());
    }
    while ups != 0 {
        let chunk = ups.clamp(-max_ups, max_ups);
        ups -= chunk;
        terms.push(
            Nus {
                number: Dyadic::ZERO,
                ups: chunk,
                nimber: 0,
            }
            .to_string(),
        );
    }
    terms.extend(rest);
    terms.join("+")
}

/// Printed forms of the subgames met so far in one call: a canonical form
/// is a DAG whose shared parts are printed once.
type Memo = FxHashMap<Game, Rc<str>>;

/// The printed form of `g`.
pub(crate) fn to_string(g: Game) -> String {
    context::with(|c| print(c, g, &mut Memo::default()).to_string())
}

fn print(c: &mut Context, g: Game, memo: &mut Memo) -> Rc<str> {
    if let Some(s) = memo.get(&g) {
        return s.clone();
    }
    let s: Rc<str> = if let Ok(Some(nus)) = c.as_nus(g) {
        print_nus(c, nus, memo).into()
    } else {
        match c.node(g) {
            Node::Number(x) => x.to_string().into(),
            Node::General { left, right } => {
                let (left, right) = (left.clone(), right.clone());
                if let ([l], [r]) = (&*left, &*right)
                    && let (Some(x), Some(y)) = (c.as_number(*l), c.as_number(*r))
                    && x.signum() > 0
                    && y.checked_neg().ok() == Some(x)
                {
                    format!("+-{x}").into()
                } else {
                    braces(c, g, memo).into()
                }
            }
        }
    };
    memo.insert(g, s.clone());
    s
}

/// `{L|R}` with the options printed, ordered by birthday then text.
fn braces(c: &mut Context, g: Game, memo: &mut Memo) -> String {
    let (left, right) = match c.node(g) {
        Node::General { left, right } => (left.clone(), right.clone()),
        Node::Number(x) => return x.to_string(),
    };
    let mut out = String::from("{");
    side(c, &left, memo, &mut out);
    out.push('|');
    side(c, &right, memo, &mut out);
    out.push('}');
    out
}

fn side(c: &mut Context, opts: &[Game], memo: &mut Memo, out: &mut String) {
    let mut printed: Vec<(u64, Rc<str>)> = opts
        .iter()
        .map(|&o| (c.birthday(o).unwrap_or(u64::MAX), print(c, o, memo)))
        .collect();
    printed.sort();
    for (i, (_, s)) in printed.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(s);
    }
}
