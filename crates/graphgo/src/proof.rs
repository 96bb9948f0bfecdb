//! The proof file: the two strategy trees behind a solved value, written
//! out so that a second program ([`crate::verify`]) can check them.
//!
//! A proven value `v` needs two proofs: **score >= v** (a Black strategy:
//! one Black move at each Black node, every legal White move at each White
//! node) and **score <= v** (the same with the colours swapped). Each is a
//! tree in preorder, one node a line; the history of a node is the path
//! from the start, so superko is decided by replaying the path.
//!
//! # Format (version 1)
//!
//! ```text
//! miai-graphgo-proof 1
//! vertices 3
//! names a1 b1 c1
//! edges 0-1 1-2
//! start ... B
//! rule positional
//! value 3
//! lower 5
//! play 1
//! all 3 0 2 pass
//! benson
//! benson
//! benson
//! upper 1
//! benson
//! end
//! ```
//!
//! - `vertices N`, `names` (N vertex names, for people; moves are vertex
//!   numbers), `edges` (`a-b` pairs of vertex numbers).
//! - `start` the colouring, one character per vertex (`X` Black, `O`
//!   White, `.` empty), then the player to move (`B` or `W`); no earlier
//!   history.
//! - `rule` `positional` or `situational` superko (suicide forbidden, two
//!   consecutive passes end the game, area score from Black's view).
//! - `value v`: the claim. `lower K` is followed by the K nodes of the
//!   proof of `score >= v`, `upper K` by those of `score <= v`; `end`
//!   closes the file. Lines before `lower` starting with `#` are comments.
//! - A node is one of
//!   - `play M`: the prover moves `M` (a vertex number or `pass`); the
//!     child follows;
//!   - `all K M1 .. MK`: the defender's moves, every legal one, each
//!     once; the K children follow in that order;
//!   - `ended`: the game has just ended by two passes; the area score
//!     must satisfy the claim;
//!   - `benson`: closed by Benson's unconditional life: the prover's
//!     pass-alive stones and territory alone satisfy the claim (for
//!     Black's proof `2 a - n >= v` with `a` Black's pass-alive area, for
//!     White's `n - 2 a <= v`);
//!   - `safe`: the same count with `a` widened by the regions of
//!     [`crate::safety`]: bordered by the prover's pass-alive stones only,
//!     not Benson's territory, every point but one empty one (with at
//!     least two neighbours) next to those stones; a region counts only if
//!     no colouring on the path from the start, the node's own included,
//!     holds all the prover's pass-alive stones and a prover's stone in
//!     the region. (Added after version 1 was first written; files without
//!     it read as before.)
//!
//! # Version 2: shared subproofs (a DAG)
//!
//! Version 2 is version 1 with one more node, `ref N`: it stands for the
//! subproof rooted at node `N` of the same tree (nodes are numbered from 0
//! in preorder within their tree, the `lower`/`upper` line not counted).
//! `N` must come before the `ref` and its subproof must be complete there
//! (not an ancestor of the `ref`), so there are no cycles. The writer uses
//! it for a position reached again (same colouring, player to move and
//! whether the last move was a pass), and the checker
//! ([`crate::verify`]) checks a referenced subproof once, *context-free*:
//! with a history of its own path from `N` downward only (its `all` nodes
//! list every move legal there, a superset of those legal under any longer
//! history), and at every use (the first one and each `ref`) that no
//! colouring entered by a prover's play inside it is in the history
//! above, and that the position at the `ref` is `N`'s. `safe` leaves
//! depend on the history: inside a referenced subproof their regions are
//! checked again against the history of every use.
//! [`Proof::to_text`] writes version 1 when there is no `ref`, so tree
//! proofs read as before.

use std::fmt::{self, Write as _};

use miai_goban::Color;

use crate::solver::{Move, Repetition};

/// The format's first word.
pub const MAGIC: &str = "miai-graphgo-proof";

/// The newest format version read (and written when a proof has a
/// `ref`; version 1 otherwise).
pub const VERSION: u32 = 2;

/// Which bound a tree proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `score >= value`: Black's strategy.
    Lower,
    /// `score <= value`: White's strategy.
    Upper,
}

impl Side {
    /// The player whose strategy the tree is.
    #[must_use]
    pub fn prover(self) -> Color {
        match self {
            Side::Lower => Color::Black,
            Side::Upper => Color::White,
        }
    }

    /// `lower` or `upper`, as in the file.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Side::Lower => "lower",
            Side::Upper => "upper",
        }
    }
}

/// One node of a proof tree (children follow in preorder).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The game ended by two passes.
    Ended,
    /// Closed by Benson's unconditional life.
    Benson,
    /// Closed by Benson's life and the regions of [`crate::safety`].
    Safe,
    /// The prover's move.
    Play(Move),
    /// Every legal move of the defender.
    All(Vec<Move>),
    /// The subproof rooted at an earlier node of the same tree (version
    /// 2).
    Ref(usize),
}

/// A proof tree in preorder, and the file line of each node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// The nodes in preorder.
    pub steps: Vec<Step>,
    /// The 1-based file line of each node (empty when not read from a
    /// file).
    pub lines: Vec<usize>,
}

impl Tree {
    /// Where node `k` is: its file line, or its number.
    #[must_use]
    pub fn place(&self, k: usize) -> String {
        match self.lines.get(k) {
            Some(l) => format!("node {k} (line {l})"),
            None => format!("node {k}"),
        }
    }
}

/// A solved value with its two proofs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Vertex names (moves are indices into this).
    pub names: Vec<String>,
    /// Edges as vertex-number pairs.
    pub edges: Vec<(usize, usize)>,
    /// The start colouring, per vertex.
    pub start: Vec<Option<Color>>,
    /// The player to move at the start.
    pub to_move: Color,
    /// The repetition rule.
    pub rule: Repetition,
    /// The proven value (Black's view, area, komi 0).
    pub value: i32,
    /// The proof of `score >= value`.
    pub lower: Tree,
    /// The proof of `score <= value`.
    pub upper: Tree,
}

/// A proof file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The first line is not `miai-graphgo-proof 1` or `2`.
    #[error("line 1: expected '{MAGIC} 1' or '{MAGIC} {VERSION}', found {found:?}")]
    Version {
        /// The first line.
        found: String,
    },
    /// A line that does not parse.
    #[error("line {line}: {what}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        what: String,
    },
    /// The file ends early.
    #[error("the file ends before {what}")]
    Truncated {
        /// What was expected.
        what: String,
    },
}

impl Proof {
    /// The tree of `side`.
    #[must_use]
    pub fn tree(&self, side: Side) -> &Tree {
        match side {
            Side::Lower => &self.lower,
            Side::Upper => &self.upper,
        }
    }

    /// Nodes in both trees.
    #[must_use]
    pub fn size(&self) -> usize {
        self.lower.steps.len() + self.upper.steps.len()
    }

    /// The file text ([`Proof::parse`] reads it back).
    #[must_use]
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// The format version the text is written in: 2 when a tree has a
    /// `ref`, else 1.
    #[must_use]
    pub fn version(&self) -> u32 {
        let shared = |t: &Tree| t.steps.iter().any(|s| matches!(s, Step::Ref(_)));
        if shared(&self.lower) || shared(&self.upper) {
            2
        } else {
            1
        }
    }

    /// `ref` nodes in both trees.
    #[must_use]
    pub fn refs(&self) -> usize {
        [&self.lower, &self.upper]
            .iter()
            .map(|t| t.steps.iter().filter(|s| matches!(s, Step::Ref(_))).count())
            .sum()
    }

    /// Reads a proof file.
    ///
    /// # Errors
    ///
    /// [`FormatError`] naming the line.
    pub fn parse(text: &str) -> Result<Proof, FormatError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty());
        let first = lines.next().map_or("", |(_, l)| l);
        let version = match first.split_once(' ') {
            Some((MAGIC, "1")) => 1,
            Some((MAGIC, "2")) => 2,
            _ => {
                return Err(FormatError::Version {
                    found: first.to_string(),
                });
            }
        };
        let mut lines = lines.filter(|(_, l)| !l.starts_with('#')).peekable();
        let syntax = |line: usize, what: String| FormatError::Syntax { line, what };
        let (line, w) = field(&mut lines, "vertices")?;
        let n: usize = match w.as_slice() {
            [x] => x.parse().ok(),
            _ => None,
        }
        .filter(|&n| (1..=64).contains(&n))
        .ok_or_else(|| syntax(line, "expected a vertex count from 1 to 64".into()))?;
        let (line, w) = field(&mut lines, "names")?;
        if w.len() != n {
            return Err(syntax(line, format!("{} names for {n} vertices", w.len())));
        }
        let names = w.iter().map(|s| (*s).to_string()).collect();
        let (line, w) = field(&mut lines, "edges")?;
        let mut edges = Vec::with_capacity(w.len());
        for e in w {
            let pair = e
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                .filter(|&(a, b)| a < n && b < n && a != b)
                .ok_or_else(|| syntax(line, format!("bad edge {e:?}")))?;
            edges.push(pair);
        }
        let (line, w) = field(&mut lines, "start")?;
        let [colours, player] = w.as_slice() else {
            return Err(syntax(line, "expected the colouring and B or W".into()));
        };
        if colours.chars().count() != n {
            return Err(syntax(line, format!("the colouring has not {n} points")));
        }
        let start = colours
            .chars()
            .map(|c| match c {
                'X' => Ok(Some(Color::Black)),
                'O' => Ok(Some(Color::White)),
                '.' => Ok(None),
                other => Err(syntax(line, format!("bad point {other:?}"))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let to_move = match *player {
            "B" => Color::Black,
            "W" => Color::White,
            other => return Err(syntax(line, format!("bad player {other:?}"))),
        };
        let (line, w) = field(&mut lines, "rule")?;
        let rule = match w.as_slice() {
            [r] => r
                .parse::<Repetition>()
                .map_err(|e| syntax(line, e.to_string()))?,
            _ => return Err(syntax(line, "expected positional or situational".into())),
        };
        let (line, w) = field(&mut lines, "value")?;
        let value = match w.as_slice() {
            [x] => x.parse::<i32>().ok(),
            _ => None,
        }
        .ok_or_else(|| syntax(line, "expected an integer".into()))?;
        let mut trees = Vec::new();
        for side in [Side::Lower, Side::Upper] {
            let (line, w) = field(&mut lines, side.word())?;
            let count = match w.as_slice() {
                [x] => x.parse::<usize>().ok(),
                _ => None,
            }
            .ok_or_else(|| syntax(line, "expected a node count".into()))?;
            let mut tree = Tree::default();
            for _ in 0..count {
                let (line, text) = lines.next().ok_or_else(|| FormatError::Truncated {
                    what: format!("node {} of the {} proof", tree.steps.len(), side.word()),
                })?;
                let step = parse_step(text, n).map_err(|what| syntax(line, what))?;
                if version < 2 && matches!(step, Step::Ref(_)) {
                    return Err(syntax(line, "'ref' needs version 2".into()));
                }
                tree.steps.push(step);
                tree.lines.push(line);
            }
            trees.push(tree);
        }
        let (line, w) = field(&mut lines, "end")?;
        if !w.is_empty() {
            return Err(syntax(line, "text after 'end'".into()));
        }
        if let Some((line, text)) = lines.next() {
            return Err(syntax(line, format!("text after 'end': {text:?}")));
        }
        let upper = trees.pop().unwrap_or_default();
        let lower = trees.pop().unwrap_or_default();
        Ok(Proof {
            names,
            edges,
            start,
            to_move,
            rule,
            value,
            lower,
            upper,
        })
    }
}

/// The next line, which must start with `name`: its number and the
/// words after the name.
fn field<'t>(
    lines: &mut impl Iterator<Item = (usize, &'t str)>,
    name: &str,
) -> Result<(usize, Vec<&'t str>), FormatError> {
    let (line, text) = lines.next().ok_or_else(|| FormatError::Truncated {
        what: format!("'{name}'"),
    })?;
    let mut words = text.split_whitespace();
    if words.next() != Some(name) {
        return Err(FormatError::Syntax {
            line,
            what: format!("expected '{name}', found {text:?}"),
        });
    }
    Ok((line, words.collect()))
}

fn parse_move(word: &str, n: usize) -> Result<Move, String> {
    if word == "pass" {
        return Ok(Move::Pass);
    }
    word.parse::<usize>()
        .ok()
        .filter(|&v| v < n)
        .map(Move::Play)
        .ok_or_else(|| format!("bad move {word:?}"))
}

fn parse_step(text: &str, n: usize) -> Result<Step, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["ended"] => Ok(Step::Ended),
        ["benson"] => Ok(Step::Benson),
        ["safe"] => Ok(Step::Safe),
        ["play", m] => Ok(Step::Play(parse_move(m, n)?)),
        ["ref", k] => k
            .parse::<usize>()
            .map(Step::Ref)
            .map_err(|_| format!("bad node number {k:?}")),
        ["all", k, moves @ ..] => {
            if k.parse::<usize>().ok() != Some(moves.len()) {
                return Err(format!("'all {k}' lists {} moves", moves.len()));
            }
            Ok(Step::All(
                moves
                    .iter()
                    .map(|m| parse_move(m, n))
                    .collect::<Result<_, _>>()?,
            ))
        }
        _ => Err(format!("not a proof node: {text:?}")),
    }
}

fn write_move(out: &mut String, m: Move) {
    match m {
        Move::Pass => out.push_str("pass"),
        Move::Play(v) => {
            let _ = write!(out, "{v}");
        }
    }
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC} {}", self.version())?;
        writeln!(f, "vertices {}", self.names.len())?;
        writeln!(f, "names {}", self.names.join(" "))?;
        let edges: Vec<String> = self.edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        writeln!(f, "edges {}", edges.join(" "))?;
        let start: String = self
            .start
            .iter()
            .map(|c| match c {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            })
            .collect();
        let player = if self.to_move == Color::Black {
            'B'
        } else {
            'W'
        };
        writeln!(f, "start {start} {player}")?;
        writeln!(f, "rule {}", self.rule.word())?;
        writeln!(f, "value {}", self.value)?;
        let mut line = String::new();
        for side in [Side::Lower, Side::Upper] {
            let tree = self.tree(side);
            writeln!(f, "{} {}", side.word(), tree.steps.len())?;
            for step in &tree.steps {
                line.clear();
                match step {
                    Step::Ended => line.push_str("ended"),
                    Step::Benson => line.push_str("benson"),
                    Step::Safe => line.push_str("safe"),
                    Step::Ref(k) => {
                        let _ = write!(line, "ref {k}");
                    }
                    Step::Play(m) => {
                        line.push_str("play ");
                        write_move(&mut line, *m);
                    }
                    Step::All(ms) => {
                        let _ = write!(line, "all {}", ms.len());
                        for m in ms {
                            line.push(' ');
                            write_move(&mut line, *m);
                        }
                    }
                }
                writeln!(f, "{line}")?;
            }
        }
        writeln!(f, "end")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_reads_and_writes_back() {
        let text = "miai-graphgo-proof 1\nvertices 3\nnames a1 b1 c1\nedges 0-1 1-2\n\
                    start ... B\nrule positional\nvalue 3\nlower 5\nplay 1\nall 3 0 2 pass\n\
                    benson\nbenson\nbenson\nupper 1\nbenson\nend\n";
        let p = Proof::parse(text).unwrap();
        assert_eq!(p.value, 3);
        assert_eq!(p.lower.steps.len(), 5);
        assert_eq!(p.lower.place(1), "node 1 (line 10)");
        assert_eq!(p.upper.lines, vec![15]);
        assert_eq!(p.to_text(), text);
        assert!(matches!(
            Proof::parse(&text.replace("proof 1", "proof 3")),
            Err(FormatError::Version { .. })
        ));
        // A `ref` needs version 2, and then reads and writes back.
        let shared = text.replace("benson\nbenson\nbenson\n", "benson\nref 2\nbenson\n");
        assert!(matches!(
            Proof::parse(&shared),
            Err(FormatError::Syntax { line: 12, .. })
        ));
        let shared = shared.replace("proof 1", "proof 2");
        let p = Proof::parse(&shared).unwrap();
        assert_eq!(p.lower.steps[3], Step::Ref(2));
        assert_eq!((p.version(), p.refs()), (2, 1));
        assert_eq!(p.to_text(), shared);
        assert!(matches!(
            Proof::parse(&text.replace("all 3", "all 4")),
            Err(FormatError::Syntax { line: 10, .. })
        ));
        assert!(matches!(
            Proof::parse(&text.replace("\nend\n", "\n")),
            Err(FormatError::Truncated { .. })
        ));
    }
}
