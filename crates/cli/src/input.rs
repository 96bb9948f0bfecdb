//! Reading the user's input files, bounded: an endless file (`/dev/zero`, a
//! pipe) or a huge one is refused with its path and the limit instead of
//! filling the memory; a UTF-8 byte-order mark is dropped.

use std::path::Path;

/// The largest input file any subcommand reads (problem sets, SGF, graphs,
/// expressions, certificates): far above any real one.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

/// The largest proof or certificate a `verify` subcommand reads: Breaker
/// strategies on 7 x 7 boards run to about 75 MB (docs/achieve.md), the 4x5
/// Graph Go proof to 230 MB (docs/graphgo.md).
pub const MAX_CERTIFICATE_BYTES: u64 = 1 << 30;

/// The text of the file at `path`, at most [`MAX_INPUT_BYTES`] bytes.
pub fn read(path: &Path) -> anyhow::Result<String> {
    Ok(miai_goban::read_text(path, MAX_INPUT_BYTES)?)
}

/// The text of the proof or certificate at `path`, at most
/// [`MAX_CERTIFICATE_BYTES`] bytes.
pub fn read_certificate(path: &Path) -> anyhow::Result<String> {
    Ok(miai_goban::read_text(path, MAX_CERTIFICATE_BYTES)?)
}
