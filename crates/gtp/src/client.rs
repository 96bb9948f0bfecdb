//! A GTP controller: starts an engine process (GNU Go, `miai gtp`) and
//! exchanges commands with it over its standard streams. The GNU Go
//! comparison bench and the end-to-end tests drive engines with it.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What can go wrong talking to an engine.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The engine could not be started.
    #[error("cannot start {program}: {source}")]
    Start {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// Reading or writing its streams failed.
    #[error("talking to the engine: {0}")]
    Io(#[from] io::Error),
    /// The engine closed its output in the middle of a response.
    #[error("the engine closed its output")]
    Closed,
    /// A response that is not `=` or `?` framed.
    #[error("malformed response {0:?}")]
    Malformed(String),
    /// A response whose id is not the command's.
    #[error("response id {got:?} for command id {sent}")]
    WrongId {
        /// The id sent.
        sent: u64,
        /// The id that came back.
        got: Option<u64>,
    },
}

/// A running engine, ended (`quit`, then killed if still running) when
/// dropped.
#[derive(Debug)]
pub struct Client {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next_id: u64,
}

/// A response: `Ok(text)` for `=`, `Err(message)` for `?`.
pub type Answer = Result<String, String>;

impl Client {
    /// Starts `program` with `args`, its stderr discarded.
    pub fn spawn(program: &str, args: &[&str]) -> Result<Client, ClientError> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Start {
                program: program.to_string(),
                source,
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ClientError::Closed);
        };
        Ok(Client {
            child,
            input,
            output: BufReader::new(output),
            next_id: 1,
        })
    }

    /// Sends one command (with an id of its own, checked in the answer)
    /// and reads its response.
    pub fn send(&mut self, command: &str) -> Result<Answer, ClientError> {
        let id = self.next_id;
        self.next_id += 1;
        writeln!(self.input, "{id} {command}")?;
        self.input.flush()?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(ClientError::Closed);
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                if text.is_empty() {
                    // Stray empty lines before a response.
                    continue;
                }
                break;
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line);
        }
        let (ok, rest) = match text.as_bytes().first() {
            Some(b'=') => (true, &text[1..]),
            Some(b'?') => (false, &text[1..]),
            _ => return Err(ClientError::Malformed(text)),
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let got = rest[..digits].parse::<u64>().ok();
        if got != Some(id) {
            return Err(ClientError::WrongId { sent: id, got });
        }
        let body = rest[digits..]
            .strip_prefix(' ')
            .unwrap_or(&rest[digits..])
            .to_string();
        Ok(if ok { Ok(body) } else { Err(body) })
    }

    /// Sends a command that must succeed; its text, or the error message
    /// as the error.
    pub fn ok(&mut self, command: &str) -> Result<String, String> {
        match self.send(command) {
            Ok(Ok(t)) => Ok(t),
            Ok(Err(m)) => Err(format!("{command}: ? {m}")),
            Err(e) => Err(format!("{command}: {e}")),
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        // Give it no chance to hang the caller.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
