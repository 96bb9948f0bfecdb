//! A GTP response (GTP v2, section 2.6): `=[id] result` or
//! `?[id] error_message`, ended by an empty line.

use std::fmt;

use crate::error::GtpError;

/// The answer to one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The command's id, echoed.
    pub id: Option<u64>,
    /// The result text, or the error.
    pub result: Result<String, GtpError>,
}

impl Response {
    /// Whether the command succeeded.
    pub fn is_success(&self) -> bool {
        self.result.is_ok()
    }
}

/// A response body as GTP allows it: no empty line inside (an empty line
/// ends the response), no trailing newline (the terminator adds it).
/// A body that starts with a newline (a board) keeps it, so the first
/// line of the body starts a line of its own.
fn body(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let joined = lines.join("\n");
    if text.starts_with('\n') && !joined.is_empty() {
        format!("\n{joined}")
    } else {
        joined
    }
}

impl fmt::Display for Response {
    /// The response as sent: `=` or `?`, the id if any, a space, the body,
    /// then two newlines.
    ///
    /// ```
    /// use miai_gtp::{GtpError, Response};
    /// let ok = Response { id: Some(3), result: Ok("2".into()) };
    /// assert_eq!(ok.to_string(), "=3 2\n\n");
    /// let err = Response { id: None, result: Err(GtpError::UnknownCommand) };
    /// assert_eq!(err.to_string(), "? unknown command\n\n");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match &self.result {
            Ok(t) => ('=', body(t)),
            Err(e) => ('?', body(&e.to_string())),
        };
        f.write_fmt(format_args!("{mark}"))?;
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        write!(f, " {text}\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_results_and_multi_line_results_keep_the_framing() {
        let r = Response {
            id: None,
            result: Ok(String::new()),
        };
        assert_eq!(r.to_string(), "= \n\n");
        let r = Response {
            id: Some(0),
            result: Ok("\n  A B\n\n1 . .\n".into()),
        };
        // No empty line inside: the client would take it for the end.
        assert_eq!(r.to_string(), "=0 \n  A B\n1 . .\n\n");
        let r = Response {
            id: Some(9),
            result: Err(GtpError::IllegalMove("suicide".into())),
        };
        assert_eq!(r.to_string(), "?9 illegal move: suicide\n\n");
    }
}
