//! Printing canonical forms in CGSuite-style notation.
//!
//! Short forms where they apply: numbers (`3`, `-1/8`), `x + n·↑ + *m`
//! (`2*`, `4^`, `-1^*`, `^2*3`), `±x` for `{x | -x}` with `x` a positive
//! number (`+-1`); otherwise braces with comma-separated options (`{1,{3|-1}|-3}`),
//! options ordered by birthday then text. What is printed parses back to
//! the same game.

use std::rc::Rc;
use std::sync::Arc;

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
fn print_nus(c: &mut Context, nus: Nus, memo: &mut Memo) -> Option<String> {
    let max_ups = i64::try_from(MAX_UPS).unwrap_or(i64::MAX);
    if nus.ups.abs() <= max_ups && nus.nimber <= MAX_NIMBER {
        return Some(nus.to_string());
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
            braces(c, star, memo)?
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
    Some(terms.join("+"))
}

/// The longest form printed. A canonical form is a DAG; written out as a
/// tree it can be exponentially longer (a sum of 40 switches), so beyond
/// this a game prints as a note saying so instead of exhausting memory.
pub const MAX_PRINTED: usize = 1 << 20;

/// What the printed forms of one call may hold in all.
const MAX_MEMO_BYTES: usize = 32 << 20;

/// Printed forms of the subgames met so far in one call (`None`: too
/// long): a canonical form is a DAG whose shared parts are printed once.
#[derive(Default)]
struct Memo {
    forms: FxHashMap<Game, Option<Rc<str>>>,
    bytes: usize,
}

/// The printed form of `g`, or a note if it is longer than
/// [`MAX_PRINTED`] characters.
pub(crate) fn to_string(g: Game) -> String {
    context::with(|c| {
        // Lengths first: a form too long to write out is known as such
        // without building megabytes of text (heat(*14, 1) took 0.5 s).
        let printed = match measure(c, g, &mut Lengths::default()) {
            Some(_) => print(c, g, &mut Memo::default()),
            None => None,
        };
        match printed {
            Some(s) => s.to_string(),
            None => format!(
                "<a canonical form too large to print: over {MAX_PRINTED} characters written out>"
            ),
        }
    })
}

/// The lengths of the printed forms of the subgames met so far in one
/// call, and their total, as [`Memo`] keeps the forms.
#[derive(Default)]
struct Lengths {
    len: FxHashMap<Game, Option<usize>>,
    bytes: usize,
}

/// How a game is written: a literal (a number, `x + n·↑ + *m`, `+-x`),
/// or braces around its options. [`measure`] and [`print`] both start
/// here, so they cannot disagree on which games take braces.
enum Form {
    Literal(String),
    Braces(Arc<[Game]>, Arc<[Game]>),
}

/// `g`'s [`Form`], or `None` if its literal cannot be written
/// ([`print_nus`] gave up).
fn form(c: &mut Context, g: Game, memo: &mut Memo) -> Option<Form> {
    if let Ok(Some(nus)) = c.as_nus(g) {
        return print_nus(c, nus, memo).map(Form::Literal);
    }
    match c.node(g) {
        Node::Number(x) => Some(Form::Literal(x.to_string())),
        Node::General { left, right, .. } => {
            let (left, right) = (left.clone(), right.clone());
            if let ([l], [r]) = (&*left, &*right)
                && let (Some(x), Some(y)) = (c.as_number(*l), c.as_number(*r))
                && x.signum() > 0
                && y.checked_neg().ok() == Some(x)
            {
                Some(Form::Literal(format!("+-{x}")))
            } else {
                Some(Form::Braces(left, right))
            }
        }
    }
}

/// The length of [`print`]'s answer without writing it, by the same walk
/// and the same limits; `None` where [`print`] gives up. (A remote nimber's
/// braces inside a sum are measured apart, which only makes this more
/// lenient than [`print`], never stricter.)
fn measure(c: &mut Context, g: Game, m: &mut Lengths) -> Option<usize> {
    if let Some(&n) = m.len.get(&g) {
        return n;
    }
    let n = match form(c, g, &mut Memo::default()) {
        None => None,
        Some(Form::Literal(s)) => Some(s.len()),
        Some(Form::Braces(left, right)) => measure_side(c, &left, m, 1)
            .and_then(|out| measure_side(c, &right, m, out + 1))
            .map(|n| n + 1),
    };
    let n = n.filter(|&n| n <= MAX_PRINTED && m.bytes + n <= MAX_MEMO_BYTES);
    m.bytes += n.unwrap_or(0);
    m.len.insert(g, n);
    n
}

/// [`side`] measured: the length written so far (`out`) with the options
/// appended, or `None`.
fn measure_side(c: &mut Context, opts: &[Game], m: &mut Lengths, out: usize) -> Option<usize> {
    let mut total = 0;
    for &o in opts {
        total += measure(c, o, m)? + 1;
    }
    if out + total > MAX_PRINTED {
        return None;
    }
    Some(out + total.saturating_sub(1))
}

fn print(c: &mut Context, g: Game, memo: &mut Memo) -> Option<Rc<str>> {
    if let Some(s) = memo.forms.get(&g) {
        return s.clone();
    }
    let s: Option<Rc<str>> = match form(c, g, memo) {
        None => None,
        Some(Form::Literal(s)) => Some(s.into()),
        Some(Form::Braces(left, right)) => write_braces(c, &left, &right, memo).map(Into::into),
    };
    let s = s.filter(|s| s.len() <= MAX_PRINTED && memo.bytes + s.len() <= MAX_MEMO_BYTES);
    memo.bytes += s.as_ref().map_or(0, |s| s.len());
    memo.forms.insert(g, s.clone());
    s
}

/// `{L|R}` with the options printed, ordered by birthday then text.
fn braces(c: &mut Context, g: Game, memo: &mut Memo) -> Option<String> {
    match c.node(g) {
        Node::General { left, right, .. } => {
            let (left, right) = (left.clone(), right.clone());
            write_braces(c, &left, &right, memo)
        }
        Node::Number(x) => Some(x.to_string()),
    }
}

/// `{left|right}`, each side as [`side`] writes it.
fn write_braces(c: &mut Context, left: &[Game], right: &[Game], memo: &mut Memo) -> Option<String> {
    let mut out = String::from("{");
    side(c, left, memo, &mut out)?;
    out.push('|');
    side(c, right, memo, &mut out)?;
    out.push('}');
    Some(out)
}

/// Appends the options, or `None` (nothing appended) if that would make
/// the form longer than [`MAX_PRINTED`].
fn side(c: &mut Context, opts: &[Game], memo: &mut Memo, out: &mut String) -> Option<()> {
    let mut printed: Vec<(u64, Rc<str>)> = Vec::with_capacity(opts.len());
    for &o in opts {
        printed.push((c.birthday(o).unwrap_or(u64::MAX), print(c, o, memo)?));
    }
    let total: usize = printed.iter().map(|(_, s)| s.len() + 1).sum();
    if out.len() + total > MAX_PRINTED {
        return None;
    }
    printed.sort();
    for (i, (_, s)) in printed.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(s);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_lengths_are_the_printed_lengths() {
        let corpus = include_str!("../tests/data/print-corpus.tsv");
        for line in corpus.lines() {
            let g: Game = line.split('\t').next().unwrap().parse().unwrap();
            for g in [g, g.heat(Dyadic::ONE).unwrap()] {
                context::with(|c| {
                    let printed = print(c, g, &mut Memo::default());
                    let measured = measure(c, g, &mut Lengths::default());
                    assert_eq!(measured, printed.map(|s| s.len()), "{line}");
                });
            }
        }
    }

    #[test]
    fn a_form_too_long_to_write_out_prints_as_a_note() {
        // The sum of many distinct switches is a small DAG whose tree form
        // doubles with every switch: 18 of them write out to 1.5 MB, 20 to
        // about 6 MB.
        let g = (0..20).fold(Game::zero(), |acc, i| {
            let s: Game = format!("{{{}|{}}}", i + 20, -i).parse().unwrap();
            acc + s
        });
        let text = g.to_string();
        assert!(
            text.starts_with("<a canonical form too large to print"),
            "{} characters",
            text.len()
        );
        // A small form is untouched.
        let h: Game = "{4|0} + {6|{4|0}} - 7".parse().unwrap();
        assert_eq!(h.to_string(), "{1,{3|-1}|-3}");
    }
}
