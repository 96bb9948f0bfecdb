//! A small scanner over SGF text that knows where things are: it checks the
//! syntax of the whole collection, naming the line and column of an error,
//! and returns the nodes of the first game tree in document order (=
//! pre-order of the tree), each with its parent, its place and its
//! properties' raw values. It works with explicit stacks, never by
//! recursion, so no nesting depth or length of line overflows the stack.

/// A property as written: identifier, its place and its raw values (the
/// text between `[` and `]`, escapes kept).
#[derive(Debug, Clone)]
pub(crate) struct ScannedProp {
    pub ident: String,
    pub offset: usize,
    pub values: Vec<String>,
}

/// A node as written: its `;`, its parent (index of an earlier node) and
/// its properties.
#[derive(Debug, Clone)]
pub(crate) struct ScannedNode {
    pub offset: usize,
    pub at: (usize, usize),
    pub parent: Option<usize>,
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

/// Line and column of increasing offsets in linear total time (a
/// 100,000-node record on one line would make [`line_col`] quadratic).
struct Places<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    column: usize,
}

impl Places<'_> {
    fn at(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        if offset < self.offset {
            return line_col(self.text, offset);
        }
        for c in self.text[self.offset..offset].chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset = offset;
        (self.line, self.column)
    }
}

/// Scans the whole collection; on a syntax error, its byte offset and what
/// is wrong. Returns the nodes of the first game tree.
pub(crate) fn scan(text: &str) -> Result<Vec<ScannedNode>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut places = Places {
        text,
        offset: 0,
        line: 1,
        column: 1,
    };
    let mut nodes: Vec<ScannedNode> = Vec::new();
    // Per open '(': its offset, whether the tree has a node yet, and the
    // last node before it (the parent of the variation's first node).
    let mut open: Vec<(usize, bool, Option<usize>)> = Vec::new();
    // The node new nodes hang from.
    let mut last: Option<usize> = None;
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
                open.push((i, false, last));
                i += 1;
            }
            b')' => {
                match open.pop() {
                    None => return Err((i, "')' closes no game tree".into())),
                    Some((_, false, _)) => {
                        return Err((i, "empty game tree: expected ';' before ')'".into()));
                    }
                    Some((_, true, before)) => last = before,
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
                if trees == 0 {
                    nodes.push(ScannedNode {
                        offset: i,
                        at: places.at(i),
                        parent: last,
                        props: Vec::new(),
                    });
                    last = Some(nodes.len() - 1);
                }
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
                if !open.last().is_some_and(|t| t.1) {
                    return Err((
                        start,
                        format!("property {ident} outside a node: expected ';' first"),
                    ));
                }
                let mut values = Vec::new();
                loop {
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if i >= bytes.len() || bytes[i] != b'[' {
                        break;
                    }
                    let open_at = i;
                    i += 1;
                    let value_start = i;
                    loop {
                        match bytes.get(i) {
                            None => {
                                return Err((
                                    open_at,
                                    format!("value of {ident} is never closed with ']'"),
                                ));
                            }
                            Some(b'\\') => i += 2,
                            Some(b']') => break,
                            Some(_) => i += 1,
                        }
                    }
                    // `i` is at a ']' (ASCII), so both ends are char boundaries.
                    values.push(text[value_start..i].to_string());
                    i += 1;
                }
                if values.is_empty() {
                    return Err((
                        i.min(bytes.len()),
                        format!("property {ident} has no value: expected '['"),
                    ));
                }
                if trees == 0
                    && let Some(node) = nodes.last_mut()
                {
                    node.props.push(ScannedProp {
                        ident: ident.to_string(),
                        offset: start,
                        values,
                    });
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
    if let Some(&(at, _, _)) = open.last() {
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
