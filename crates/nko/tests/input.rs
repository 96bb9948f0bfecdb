//! Bad input gets clear errors; arbitrary input never panics.

use miai_nko::{MAX_N, MAX_TABLE_N, Player, State, StateError, WinTable, closed_form};
use proptest::prelude::*;

#[test]
fn errors_name_the_bad_value() {
    let e = State::new(0, 0, Player::Black).unwrap_err();
    assert!(e.to_string().contains("n = 0"), "{e}");
    let e = State::new(7, 9, Player::Black).unwrap_err();
    assert!(
        e.to_string().contains("m = 9") && e.to_string().contains("1..=6"),
        "{e}"
    );
    let e = State::new(MAX_N + 1, 3, Player::Black).unwrap_err();
    assert!(matches!(e, StateError::TooManyKos { .. }), "{e}");
    let e = WinTable::build(MAX_TABLE_N + 1).unwrap_err();
    assert!(e.to_string().contains("10000"), "{e}");
    let e = State::from_signed(5, -2, Player::White).unwrap_err();
    assert!(e.to_string().contains("m = -2"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_numbers_never_panic(n in any::<i64>(), m in any::<i64>(), white in any::<bool>()) {
        let p = if white { Player::White } else { Player::Black };
        let valid = n >= 2 && (n as u64) <= MAX_N && m >= 1 && m < n;
        match State::from_signed(n, m, p) {
            Ok(s) => {
                prop_assert!(valid);
                // The closed form answers any valid state.
                let _ = closed_form::winner(s);
            }
            Err(_) => prop_assert!(!valid),
        }
    }

    #[test]
    fn closed_form_is_colour_symmetric(n in 2u64..MAX_N, m in 1u64..1000) {
        prop_assume!(m < n);
        let s = State::new(n, m, Player::Black).unwrap();
        prop_assert_eq!(closed_form::winner(s.mirrored()), closed_form::winner(s).opponent());
    }
}
