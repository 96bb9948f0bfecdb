//! The command loop: lines in, responses out, until `quit` or the end of
//! the input.

use std::io::{self, BufRead, Write};

use crate::engine::Engine;

/// Runs `engine` over `input` (raw bytes: a line that is not UTF-8 is
/// read with its bad bytes replaced, and answered) and writes each
/// response to `output`, flushed at once so a client never waits on a
/// buffer. Ends after `quit` has been answered, or at the end of the
/// input.
pub fn run(engine: &mut Engine, input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<()> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(response) = engine.handle_line(&line) {
            output.write_all(response.to_string().as_bytes())?;
            output.flush()?;
        }
        if engine.has_quit() {
            return Ok(());
        }
    }
}
