//! Reading the user's input files, bounded: an endless file (`/dev/zero`, a
//! pipe) or a huge one is refused with its path and the limit instead of
//! filling the memory; a UTF-8 byte-order mark is dropped.

use std::path::Path;

/// The largest input file any subcommand reads (problem sets, SGF, graphs,
/// expressions, certificates): far above any real one.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The text of the file at `path`, at most [`MAX_INPUT_BYTES`] bytes.
pub fn read(path: &Path) -> anyhow::Result<String> {
    Ok(miai_goban::read_text(path, MAX_INPUT_BYTES)?)
}
