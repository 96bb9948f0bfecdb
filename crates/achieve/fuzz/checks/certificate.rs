//! Certificates from any text: reading never panics, what reads prints back
//! to the same certificate, and a small one is verified (accepted or
//! refused) without panicking.

use miai_achieve::{Certificate, verify};

/// The largest game verified here (verification walks the strategy).
const VERIFY_CELLS: usize = 16;

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(cert) = text.parse::<Certificate>() {
        let printed = cert.to_string();
        assert_eq!(
            printed.parse::<Certificate>().as_ref(),
            Ok(&cert),
            "{printed:?}"
        );
        if cert.game.cells() <= VERIFY_CELLS {
            let _ = verify::verify(&cert);
        }
    }
}
