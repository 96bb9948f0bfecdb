//! Reading a GTP command line (GTP v2, section 2.4 "Preprocessing" and
//! section 2.5 "Commands").
//!
//! Preprocessing, in the order the specification gives it:
//! 1. every control character except HT and LF is removed (CR included);
//! 2. a `#` and everything after it on the line is removed (a comment);
//! 3. every HT becomes a space;
//! 4. a line left empty or holding only white space is discarded.
//!
//! What remains is `[id] command_name [arguments]`, fields separated by
//! spaces; the id is a non-negative integer that the response echoes.

/// One command, after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The numeric id, when the line began with one.
    pub id: Option<u64>,
    /// The command's name (as given; names are case-sensitive in GTP).
    pub name: String,
    /// The arguments.
    pub args: Vec<String>,
}

/// What a raw input line is after preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Empty, white space or a comment: no response at all.
    Nothing,
    /// A command.
    Command(Command),
    /// An id with no command after it: answered with an error that echoes
    /// the id.
    IdOnly(u64),
}

/// The preprocessed text of `raw` (one line, its LF removed or not):
/// control characters other than HT removed, the comment cut, HT turned
/// into a space.
///
/// ```
/// use miai_gtp::command::preprocess;
/// assert_eq!(preprocess("play b d4\r\n"), "play b d4");
/// assert_eq!(preprocess("1\tname # what is your name"), "1 name ");
/// ```
pub fn preprocess(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        match c {
            '#' => break,
            '\t' => out.push(' '),
            '\n' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Reads one raw input line.
///
/// ```
/// use miai_gtp::command::{parse_line, Line};
/// let Line::Command(c) = parse_line("12 play W c3") else { panic!() };
/// assert_eq!((c.id, c.name.as_str(), c.args.len()), (Some(12), "play", 2));
/// assert_eq!(parse_line("   # only a comment"), Line::Nothing);
/// ```
pub fn parse_line(raw: &str) -> Line {
    let text = preprocess(raw);
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Line::Nothing;
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        // An id too large for u64 is still an id; keep what fits.
        let id = first.parse::<u64>().unwrap_or(u64::MAX);
        match words.next() {
            Some(name) => (Some(id), name),
            None => return Line::IdOnly(id),
        }
    } else {
        (None, first)
    };
    Line::Command(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(raw: &str) -> Command {
        match parse_line(raw) {
            Line::Command(c) => c,
            other => panic!("{raw:?} gave {other:?}"),
        }
    }

    #[test]
    fn control_characters_go_tabs_become_spaces_comments_are_cut() {
        assert_eq!(preprocess("a\u{7}b\rc\td"), "abc d");
        assert_eq!(preprocess("play b a1 # comment # more"), "play b a1 ");
        assert_eq!(preprocess("#"), "");
        // Non-ASCII text survives (a file name, say).
        assert_eq!(preprocess("loadsgf 詰碁.sgf"), "loadsgf 詰碁.sgf");
    }

    #[test]
    fn empty_white_space_and_comment_lines_are_nothing() {
        for raw in ["", "\n", "\r\n", " \t ", "# comment", "  # x\r"] {
            assert_eq!(parse_line(raw), Line::Nothing, "{raw:?}");
        }
    }

    #[test]
    fn ids_and_arguments_are_split_on_any_run_of_spaces_and_tabs() {
        let c = command("  7\tplay \t B   D4  \r\n");
        assert_eq!(c.id, Some(7));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["B", "D4"]);
        let c = command("showboard");
        assert_eq!((c.id, c.args.len()), (None, 0));
        assert_eq!(parse_line("42"), Line::IdOnly(42));
        assert_eq!(parse_line("42 # just an id"), Line::IdOnly(42));
        // A name that starts with a digit but is not all digits is a name.
        assert_eq!(command("4x4").name, "4x4");
    }
}
