//! The static safety by miai pairs (`Options::safety`, `safety.rs`)
//! checked against the search without it (the other knowledge on in
//! both): random positions in the corner and in the centre of a safe
//! attacker wall, both first players, the seed's rules with N = 2 and
//! N = 0 and the book regime, threat counts up to 2; and every corpus
//! file (`switched`). The status, the seed's ko reading and the threat
//! counts must be the same, and the safety must save nodes in some (it
//! fires).

mod switched;

use switched::Check;

const CHECK: Check = Check {
    label: "the miai safety",
    switch: |options, on| options.safety = on,
    // Two White chains joined by two empty points, each with one eye.
    templates: &[
        &[".O.O.O", "OO.OOO", "OOXOOO"],
        &["O.O.O.", "OO.OO.", "XO.OOO"],
        &[".OO.O", "O..OO", "OOXO.", "XOOOO"],
    ],
    empties: 3..=8,
    seed: 1997,
};

/// Random positions in the corner and the centre: the same answers with
/// the safety as without, fewer nodes in some.
#[test]
fn miai_safety_agrees_with_the_search_without_it_on_random_positions() {
    switched::agrees_on_random_positions(&CHECK);
}

/// Every corpus file under the seed's rules (its own N and the book
/// regime), both first players: the same answers with the safety as
/// without.
#[test]
fn miai_safety_agrees_with_the_search_without_it_on_the_corpus() {
    switched::agrees_on_the_corpus(&CHECK);
}
