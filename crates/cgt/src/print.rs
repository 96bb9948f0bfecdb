//! Printing canonical forms in CGSuite-style notation.
//!
//! Short forms where they apply: numbers (`3`, `-1/8`), `x + n·↑ + *m`
//! (`2*`, `4^`, `-1^*`, `^2*3`), `±x` for `{x | -x}` with `x` a positive
//! number (`+-1`); otherwise braces with comma-separated options (`{1,{3|-1}|-3}`),
//! options ordered by birthday then text. What is printed parses back to
//! the same game.

use crate::Game;
use crate::context::{self, Context, Node};

/// The printed form of `g`.
pub(crate) fn to_string(g: Game) -> String {
    context::with(|c| print(c, g))
}

fn print(c: &mut Context, g: Game) -> String {
    if let Ok(Some(nus)) = c.as_nus(g) {
        return nus.to_string();
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
