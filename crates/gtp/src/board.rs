//! `showboard`: the board as text, columns lettered as GTP names them.

use miai_goban::graph::GTP_LETTERS;
use miai_goban::{Color, Position};

/// The board drawn with `X` (Black), `O` (White) and `.`, rows numbered
/// from the bottom, columns lettered, the player to move and the captures
/// below. Starts with a newline so the board begins on a line of its own
/// after `= `.
pub fn show(pos: &Position) -> String {
    let g = pos.graph();
    let Some((w, h)) = g.dimensions() else {
        return String::new();
    };
    let letters: String = GTP_LETTERS[..w]
        .iter()
        .map(|&l| format!(" {}", l as char))
        .collect();
    let mut out = format!("\n   {letters}\n");
    for y in 0..h {
        let row = h - y;
        out.push_str(&format!("{row:>2} "));
        for x in 0..w {
            let c = g.at(x, y).and_then(|v| pos.color_at(v));
            out.push_str(match c {
                Some(Color::Black) => " X",
                Some(Color::White) => " O",
                None => " .",
            });
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str(&format!("   {letters}\n"));
    out.push_str(&format!(
        "{} to move; captures: Black {}, White {}\n",
        pos.to_move(),
        pos.captures(Color::Black),
        pos.captures(Color::White)
    ));
    out
}
