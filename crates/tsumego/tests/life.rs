//! The static life test under alternating play (`Options::life`,
//! `life.rs`) checked against the search without it (the other knowledge
//! on in both): random positions in the corner and in the centre of a
//! safe attacker wall, both first players, the seed's rules with N = 2 and
//! N = 0 and the book regime, threat counts up to 2; and every corpus
//! file (`switched`). The status, the seed's ko reading and the threat
//! counts must be the same, and the test must save nodes in some (it
//! fires).

mod switched;

use switched::Check;

const CHECK: Check = Check {
    label: "the life test",
    switch: |options, on| options.life = on,
    // White groups with small eye regions that Benson's test does not
    // count yet: a corner square, an L with a Black poke, an eye shared by
    // two chains, a false eye.
    templates: &[
        &["..O..O", "..OOXO", "OOOOOO"],
        &[".XO.O.", ".OOOOO", "OOXOO."],
        &["X.O.O.", ".OO.OO", "OO.OXO", "XOOOOO"],
        &[".O.OX.", "OO.OOO", "X.OO.O"],
        &[".O.O.", "O.O.O", "OO.OO", "XOOOX"],
    ],
    empties: 3..=9,
    seed: 335,
};

/// Random positions in the corner and the centre: the same answers with
/// the life test as without, fewer nodes in some.
#[test]
fn life_agrees_with_the_search_without_it_on_random_positions() {
    switched::agrees_on_random_positions(&CHECK);
}

/// Every corpus file under the seed's rules (its own N and the book
/// regime), both first players: the same answers with the life test as
/// without.
#[test]
fn life_agrees_with_the_search_without_it_on_the_corpus() {
    switched::agrees_on_the_corpus(&CHECK);
}
