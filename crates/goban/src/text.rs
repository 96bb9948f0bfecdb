//! Reading text: the byte-order mark and bounded file reads, shared by
//! every reader (diagrams, SGF, graph files) and usable by other crates.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The UTF-8 byte-order mark some editors write at the start of a file.
pub const BOM: char = '\u{feff}';

/// `text` without a leading UTF-8 byte-order mark, if it has one.
///
/// ```
/// assert_eq!(miai_goban::text::strip_bom("\u{feff}(;SZ[9])"), "(;SZ[9])");
/// assert_eq!(miai_goban::text::strip_bom("X O ."), "X O .");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// A file that could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is longer than the limit.
    #[error("{} is larger than the limit of {limit} bytes", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not UTF-8 text (invalid byte at offset {offset})", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Where the first invalid byte is.
        offset: usize,
    },
}

/// Reads the file at `path` as UTF-8 text of at most `max_bytes` bytes,
/// without a leading byte-order mark. Never holds more than `max_bytes + 1`
/// bytes, so an endless file (`/dev/zero`, a pipe) fails quickly with
/// [`ReadError::TooLarge`] instead of filling the memory.
pub fn read_text(path: impl AsRef<Path>, max_bytes: u64) -> Result<String, ReadError> {
    let path = path.as_ref();
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit: max_bytes,
        });
    }
    let text = String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_file_is_refused_at_the_limit() {
        // /dev/zero never ends: the read must stop at the cap.
        let dev_zero = Path::new("/dev/zero");
        if dev_zero.exists() {
            let e = read_text(dev_zero, 1 << 20).unwrap_err();
            assert!(matches!(e, ReadError::TooLarge { limit, .. } if limit == 1 << 20));
            assert!(e.to_string().contains("/dev/zero"), "{e}");
        }
    }

    #[test]
    fn reads_and_strips_the_bom() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path();
        let path = dir.join("bom.txt");
        std::fs::write(&path, "\u{feff}X O").unwrap();
        assert_eq!(read_text(&path, 100).unwrap(), "X O");
        let e = read_text(&path, 3).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { .. }), "{e}");
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&path, 100),
            Err(ReadError::NotUtf8 { .. })
        ));
        let e = read_text(dir.join("missing"), 100).unwrap_err();
        assert!(e.to_string().contains("missing"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
