//! A small scanner over SGF text that knows where things are: it finds the
//! line and column of syntax errors (the `sgf-parse` crate reports none) and
//! of each node and property, in document order (= pre-order of the tree).

/// A property as written: identifier and its place.
#[derive(Debug, Clone)]
pub(crate) struct ScannedProp {
    pub ident: String,
    pub offset: usize,
}

/// A node as written: its `;` and its properties.
#[derive(Debug, Clone)]
pub(crate) struct ScannedNode {
    pub offset: usize,
    pub props: Vec<ScannedProp>,
}

/// Line and column (both from 1, columns in characters) of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// Scans the whole collection; on a syntax error, its byte offset and what
/// is wrong.
pub(crate) fn scan(text: &str) -> Result<Vec<ScannedNode>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut nodes: Vec<ScannedNode> = Vec::new();
    // Offsets of open '(' and whether the tree has a node yet.
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut trees = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => i += 1,
            b'(' => {
                if let Some(top) = open.last()
                    && !top.1
                {
                    return Err((
                        i,
                        "a game tree must start with a node (';') before any variation".into(),
                    ));
                }
                open.push((i, false));
                i += 1;
            }
            b')' => {
                match open.pop() {
                    None => return Err((i, "')' closes no game tree".into())),
                    Some((_, false)) => {
                        return Err((i, "empty game tree: expected ';' before ')'".into()));
                    }
                    Some(_) => {}
                }
                if open.is_empty() {
                    trees += 1;
                }
                i += 1;
            }
            b';' => {
                let Some(top) = open.last_mut() else {
                    return Err((i, "';' outside a game tree: expected '('".into()));
                };
                top.1 = true;
                nodes.push(ScannedNode {
                    offset: i,
                    props: Vec::new(),
                });
                i += 1;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let ident = &text[start..i];
                if !ident.bytes().all(|c| c.is_ascii_uppercase()) {
                    return Err((
                        start,
                        format!("property {ident:?}: identifiers are upper-case letters in FF[4]"),
                    ));
                }
                let Some(node) = nodes
                    .last_mut()
                    .filter(|_| open.last().is_some_and(|t| t.1))
                else {
                    return Err((
                        start,
                        format!("property {ident} outside a node: expected ';' first"),
                    ));
                };
                node.props.push(ScannedProp {
                    ident: ident.to_string(),
                    offset: start,
                });
                let mut values = 0;
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    let open_at = i;
                    i += 1;
                    loop {
                        match bytes.get(i) {
                            None => {
                                return Err((
                                    open_at,
                                    format!("value of {ident} is never closed with ']'"),
                                ));
                            }
                            Some(b'\\') => i += 2,
                            Some(b']') => {
                                i += 1;
                                break;
                            }
                            Some(_) => i += 1,
                        }
                    }
                    values += 1;
                }
                if values == 0 {
                    return Err((
                        i.min(bytes.len()),
                        format!("property {ident} has no value: expected '['"),
                    ));
                }
            }
            _ => {
                let ch = text[i..].chars().next().unwrap_or('?');
                return Err((
                    i,
                    format!("unexpected {ch:?}: expected '(', ';', ')' or a property"),
                ));
            }
        }
    }
    if let Some(&(at, _)) = open.last() {
        return Err((at, "this game tree is never closed with ')'".into()));
    }
    if trees == 0 {
        return Err((
            text.len(),
            "no game tree: an SGF file starts with '(;'".into(),
        ));
    }
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> (usize, usize) {
        let (off, _) = scan(text).unwrap_err();
        line_col(text, off)
    }

    #[test]
    fn finds_errors() {
        assert_eq!(at("(;B[aa]\n;W[bb"), (2, 3));
        assert_eq!(at("(;B[aa])\n)"), (2, 1));
        assert_eq!(at("(;B[aa]"), (1, 1));
        assert_eq!(at("(;b[aa])"), (1, 3));
        assert_eq!(at("(;B[aa]X)"), (1, 9));
        assert_eq!(at("(;B[aa]*)"), (1, 8));
        assert_eq!(at(""), (1, 1));
        assert_eq!(at("(B[aa])"), (1, 2));
        assert!(scan("(;FF[4]C[a\\]b](;B[aa])(;W[bb]))").is_ok());
    }

    #[test]
    fn nodes_in_document_order() {
        let n = scan("(;SZ[9](;B[aa];W[bb])(;B[cc]))").unwrap();
        assert_eq!(n.len(), 4);
        assert_eq!(n[3].props[0].ident, "B");
        assert_eq!(n[3].props[0].offset, 23);
    }
}
