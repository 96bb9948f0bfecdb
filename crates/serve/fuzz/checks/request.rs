//! Request bodies from any bytes: the first byte picks the endpoint, the
//! rest is the body. Reading and checking the body and answering it (with
//! the searches kept small, see `miai_serve::fuzz::answer`) never panics
//! and never answers 500: a bad body is a 4xx naming what is wrong.

use miai_serve::fuzz::{ENDPOINTS, answer};

/// The check: panics on a defect.
pub fn check(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let endpoint = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    let status = answer(endpoint, body).expect("a known endpoint");
    assert!(
        (200..500).contains(&status),
        "{endpoint}: {status} for {:?}",
        String::from_utf8_lossy(body)
    );
}
