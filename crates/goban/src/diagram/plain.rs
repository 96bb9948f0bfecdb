//! Plain diagrams: `X O .` (also `# @ +`, lower-case `x o`).

use super::{Diagram, DiagramError, Edges, check_row_width, check_size, derr, rows};
use crate::color::Color;

pub(crate) fn parse(text: &str) -> Result<Diagram, DiagramError> {
    let mut stones = Vec::new();
    let mut width = None;
    let body = rows(text)?;
    for &(line, row) in &body {
        let mut count = 0;
        for (col, ch) in row.chars().enumerate() {
            let stone = match ch {
                ' ' | '\t' => continue,
                'X' | 'x' | '#' => Some(Color::Black),
                'O' | 'o' | '@' => Some(Color::White),
                '.' | '+' => None,
                _ => {
                    return Err(derr(
                        line,
                        col + 1,
                        format!("{ch:?} is not a point: expected X, O, . (or #, @, +)"),
                    ));
                }
            };
            stones.push(stone);
            count += 1;
        }
        check_row_width(&mut width, count, line)?;
    }
    let width = width.unwrap_or(0);
    let height = body.len();
    check_size(width, height)?;
    Ok(Diagram {
        width,
        height,
        marks: vec![None; stones.len()],
        stones,
        edges: Edges::ALL,
    })
}

pub(crate) fn write(d: &Diagram) -> String {
    let mut out = String::new();
    for r in 0..d.height {
        let row: Vec<&str> = d.stones[r * d.width..(r + 1) * d.width]
            .iter()
            .map(|s| match s {
                Some(Color::Black) => "X",
                Some(Color::White) => "O",
                None => ".",
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternative_glyphs_agree() {
        assert_eq!(parse("X O .\n. x o").unwrap(), parse("#@+\n+#@").unwrap());
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = parse("X O .\nX Q .\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse("\nX O .\nX O\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        let e = parse("X\n\nO\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse("   \n").is_err());
    }
}
