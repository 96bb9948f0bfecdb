//! Box-drawing diagrams, the style of seed 003.

use super::{Diagram, DiagramError, Edges, Mark, check_row_width, check_size, derr, rows};
use crate::color::Color;

/// Edge flags of an empty glyph: (top, bottom, left, right).
fn empty_glyph(ch: char) -> Option<(bool, bool, bool, bool)> {
    Some(match ch {
        '┌' => (true, false, true, false),
        '┬' => (true, false, false, false),
        '┐' => (true, false, false, true),
        '├' => (false, false, true, false),
        '┼' => (false, false, false, false),
        '┤' => (false, false, false, true),
        '└' => (false, true, true, false),
        '┴' => (false, true, false, false),
        '┘' => (false, true, false, true),
        _ => return None,
    })
}

fn glyph_for(top: bool, bottom: bool, left: bool, right: bool) -> char {
    match (top, bottom, left, right) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (true, _, _, _) => '┬',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}

struct Cell {
    line: usize,
    column: usize,
    flags: Option<(bool, bool, bool, bool)>,
}

pub(crate) fn parse(text: &str) -> Result<Diagram, DiagramError> {
    let body = rows(text)?;
    let mut stones = Vec::new();
    let mut marks = Vec::new();
    let mut cells: Vec<Cell> = Vec::new();
    let mut width = None;
    for &(line, row) in &body {
        let mut count = 0;
        for (col, ch) in row.chars().enumerate() {
            if ch == '(' || ch == '（' {
                if count == 0 {
                    return Err(derr(
                        line,
                        col + 1,
                        "a caption must follow the row it describes",
                    ));
                }
                break; // a caption: the rest of the line is not board
            }
            let (stone, mark) = match ch {
                '●' => (Some(Color::Black), None),
                '○' => (Some(Color::White), None),
                '△' => (Some(Color::White), Some(Mark::Triangle)),
                '▲' => (Some(Color::Black), Some(Mark::Triangle)),
                '▼' => (Some(Color::Black), Some(Mark::TriangleDown)),
                _ if empty_glyph(ch).is_some() => (None, None),
                _ => {
                    return Err(derr(
                        line,
                        col + 1,
                        format!(
                            "{ch:?} is not a box-diagram point: expected one of ┌┬┐├┼┤└┴┘●○△▲▼"
                        ),
                    ));
                }
            };
            stones.push(stone);
            marks.push(mark);
            cells.push(Cell {
                line,
                column: col + 1,
                flags: empty_glyph(ch),
            });
            count += 1;
        }
        check_row_width(&mut width, count, line)?;
    }
    let width = width.unwrap_or(0);
    let height = body.len();
    check_size(width, height)?;
    // Each side: Some(true) once a glyph on it shows the edge, Some(false)
    // once one shows the board going on; both is a contradiction.
    let mut sides: [Option<(bool, usize)>; 4] = [None; 4];
    let names = ["top", "bottom", "left", "right"];
    for (i, cell) in cells.iter().enumerate() {
        let Some((t, b, l, r)) = cell.flags else {
            continue;
        };
        let (x, y) = (i % width, i / width);
        let on_side = [y == 0, y + 1 == height, x == 0, x + 1 == width];
        for (k, says) in [t, b, l, r].into_iter().enumerate() {
            if says && !on_side[k] {
                return Err(derr(
                    cell.line,
                    cell.column,
                    format!(
                        "a {} edge glyph away from the {} side of the diagram",
                        names[k], names[k]
                    ),
                ));
            }
            if on_side[k] {
                match sides[k] {
                    None => sides[k] = Some((says, i)),
                    Some((prev, _)) if prev != says => {
                        return Err(derr(
                            cell.line,
                            cell.column,
                            format!(
                                "this glyph says the {} side is {} but an earlier one on that side says it is {}",
                                names[k],
                                if says {
                                    "the board's edge"
                                } else {
                                    "not an edge"
                                },
                                if prev {
                                    "the board's edge"
                                } else {
                                    "not an edge"
                                }
                            ),
                        ));
                    }
                    _ => {}
                }
            }
        }
    }
    let side = |k: usize| sides[k].is_some_and(|s| s.0);
    Ok(Diagram {
        width,
        height,
        stones,
        marks,
        edges: Edges {
            top: side(0),
            bottom: side(1),
            left: side(2),
            right: side(3),
        },
    })
}

pub(crate) fn write(d: &Diagram) -> String {
    let mut out = String::new();
    for y in 0..d.height {
        for x in 0..d.width {
            let i = y * d.width + x;
            let ch = match (d.stones[i], &d.marks[i]) {
                (Some(Color::Black), Some(Mark::TriangleDown)) => '▼',
                (Some(Color::Black), Some(Mark::Triangle)) => '▲',
                (Some(Color::White), Some(Mark::Triangle | Mark::TriangleDown)) => '△',
                (Some(Color::Black), _) => '●',
                (Some(Color::White), _) => '○',
                (None, _) => glyph_for(
                    d.edges.top && y == 0,
                    d.edges.bottom && y + 1 == d.height,
                    d.edges.left && x == 0,
                    d.edges.right && x + 1 == d.width,
                ),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_board_round_trip() {
        let text = "┌●┐\n├○┤\n└┴┘\n";
        let d = parse(text).unwrap();
        assert_eq!(d.edges, Edges::ALL);
        assert_eq!(write(&d), text);
    }

    #[test]
    fn contradictions_are_errors() {
        // ┬ in the second row.
        let e = parse("┌┬┬\n├┬┼\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        // ┬ and ┼ in the same top row.
        let e = parse("┌┬┼\n├┼┼\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        // A stray character.
        let e = parse("┌┬┬\n├X┼\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
        // Ragged rows.
        let e = parse("┌┬┬\n├┼\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn captions_are_skipped() {
        let d = parse("┌●┬(note)\n├○┼\n").unwrap();
        assert_eq!(d.width, 3);
    }
}
