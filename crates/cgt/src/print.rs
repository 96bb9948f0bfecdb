//! Printing canonical forms in CGSuite-style notation.
//!
//! Short forms where they apply: numbers (`3`, `-1/8`), `x + n·↑ + *m`
//! (`2*`, `4^`, `-1^*`, `^2*3`), `±x` for `{x | -x}` with `x` a positive
//! number (`+-1`); otherwise braces with comma-separated options (`{1,{3|-1}|-3}`),
//! options ordered by birthday then text. What is printed parses back to
//! the same game.

use crate::context::{self, Context, Node};
use crate::game::{MAX_NIMBER, MAX_UPS};
use crate::{Dyadic, Game, Nus};

/// `x + n·↑ + *m` in a form the parser reads back: one literal when `n`
/// and `m` are within the parser's limits ([`MAX_UPS`], [`MAX_NIMBER`]),
/// else a sum of literals that are (`^65` is `^64+^`, `*257` is
/// `*256+*1`, as `*a + *b = *(a xor b)`).
fn print_nus(nus: Nus) -> String {
    let max_ups = i64::try_from(MAX_UPS).unwrap_or(i64::MAX);
    if nus.ups.abs() <= max_ups && nus.nimber <= MAX_NIMBER {
        return nus.to_string();
    }
    let mut terms = Vec::new();
    let mut ups = nus.ups;
    let (mut nimber, mut rest) = (nus.nimber, 0);
    if nimber > MAX_NIMBER && nimber ^ MAX_NIMBER <= MAX_NIMBER {
        // 256 < m < 512: *256 + *(m xor 256).
        rest = nimber ^ MAX_NIMBER;
        nimber = MAX_NIMBER;
    }
    let first = Nus {
        number: nus.number,
        ups: ups.clamp(-max_ups, max_ups),
        nimber,
    };
    ups -= first.ups;
    terms.push(first.to_string());
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
    if rest != 0 {
        terms.push(if rest == 1 {
            "*".to_string()
        } else {
            format!("*{rest}")
        });
    }
    terms.join("+")
}

/// The printed form of `g`.
pub(crate) fn to_string(g: Game) -> String {
    context::with(|c| print(c, g))
}

fn print(c: &mut Context, g: Game) -> String {
    if let Ok(Some(nus)) = c.as_nus(g) {
        return print_nus(nus);
    }
    let (left, right) = match c.node(g) {
        Node::General { left, right } => (left.clone(), right.clone()),
        Node::Number(x) => return x.to_string(),
    };
    if let ([l], [r]) = (&*left, &*right)
        && let (Some(x), Some(y)) = (c.as_number(*l), c.as_number(*r))
        && x.signum() > 0
        && y.checked_neg().ok() == Some(x)
    {
        return format!("+-{x}");
    }
    let side = |c: &mut Context, opts: &[Game]| -> String {
        let mut printed: Vec<(u64, String)> = opts
            .iter()
            .map(|&o| (c.birthday(o).unwrap_or(u64::MAX), print(c, o)))
            .collect();
        printed.sort();
        printed
            .into_iter()
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(",")
    };
    let l = side(c, &left);
    let r = side(c, &right);
    format!("{{{l}|{r}}}")
}
