//! The errors a command answers with. Each message starts with the
//! standard GTP v2 error text where the specification has one
//! (`unknown command`, `syntax error`, `illegal move`, `cannot undo`,
//! `unacceptable size`, `cannot load file`), then says what was wrong.

/// Why a command failed; its text is the GTP error message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GtpError {
    /// A command name the engine does not know.
    #[error("unknown command")]
    UnknownCommand,
    /// An id with no command after it.
    #[error("syntax error: an id with no command")]
    NoCommand,
    /// Arguments that cannot be read.
    #[error("syntax error: {0}")]
    Syntax(String),
    /// A move the rules forbid.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// `undo` with nothing to take back.
    #[error("cannot undo")]
    CannotUndo,
    /// A board size outside 2..=25.
    #[error("unacceptable size: {0}")]
    UnacceptableSize(String),
    /// A file that cannot be read or is not a game record / problem.
    #[error("cannot load file: {0}")]
    CannotLoad(String),
    /// An analysis that cannot be run on this position (no stone at the
    /// point, a race without two chains, a board too big...).
    #[error("{0}")]
    Analysis(String),
}
