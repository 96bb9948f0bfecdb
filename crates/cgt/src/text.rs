//! Text input: the byte-order mark.

/// `text` without a leading UTF-8 byte-order mark, if it has one (the
/// same rule as `miai_goban::text::strip_bom`; this crate knows nothing of
/// Go, so it keeps its own copy of the one-liner).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
