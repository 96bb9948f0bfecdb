//! Bad input gets clear errors, never a panic.

use miai_semeai::{Attribute, Options, Race, RaceError, analyse};
use proptest::prelude::*;

#[test]
fn no_essential_chain() {
    let r = Race::parse("X X .\nO O .\n").unwrap();
    let e = analyse(&r, &Options::default()).unwrap_err();
    assert_eq!(e, RaceError::NoEssential);
    assert!(e.to_string().contains("no chain is marked essential"));
}

#[test]
fn one_colour_only() {
    let r = Race::parse("E E .\nO O .\n").unwrap();
    let e = analyse(&r, &Options::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("only Black chains are marked essential"),
        "{e}"
    );
}

#[test]
fn unclosed_region() {
    let r = Race::parse("open: right\nX . E e . .\nX . E e . .\n").unwrap();
    let e = analyse(&r, &Options::default()).unwrap_err();
    assert!(
        e.to_string().contains("not closed") && e.to_string().contains("right"),
        "{e}"
    );
}

#[test]
fn malformed_diagrams() {
    let e = Race::parse("E e\nE e Q\n").unwrap_err();
    assert!(e.to_string().contains("line 2, column 5"), "{e}");
    let e = Race::parse("E e .\nE e\n").unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    let e = Race::parse("E U .\n. . .\n").unwrap_err();
    assert!(e.to_string().contains("marked both"), "{e}");
    let e = Race::parse("a a .\n").unwrap_err();
    assert!(e.to_string().contains("label `a`"), "{e}");
    let e = Race::parse("E O\nO .\n").unwrap_err();
    assert!(e.to_string().contains("no liberties"), "{e}");
    assert!(Race::parse("\n; nothing\n").is_err());
    assert!(Race::parse("(;SZ[9]AB[zz])").is_err());
}

#[test]
fn sgf_marks() {
    // TR essential, SQ safe, unmarked safe.
    let r = Race::parse("(;GM[1]FF[4]SZ[5]AB[aa][ab]AW[ba][bb]TR[aa][ba])").unwrap();
    let v = |s: &str| r.position().graph().parse_vertex(s).unwrap();
    assert_eq!(r.attribute(v("aa")), Some(Attribute::Essential));
    assert_eq!(r.attribute(v("ba")), Some(Attribute::Essential));
    // Their liberties share one region: it is split between the chains
    // (issue 25), or the report says by name why it cannot be.
    let a = analyse(&r, &Options::default()).unwrap();
    assert!(
        a.subs
            .iter()
            .any(|s| s.scope == miai_semeai::Scope::Outside)
    );
    assert!(a.sum.is_some() || !a.outside.is_empty(), "{:?}", a.outside);
    let r = Race::parse("(;GM[1]FF[4]SZ[5]AB[aa][ab]AW[ba][bb]TR[aa]CR[ba])").unwrap();
    assert_eq!(r.attribute(v("bb")), Some(Attribute::Unknown));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn arbitrary_text_never_panics(s in "[.XOEeSsUuab;\n ]{0,40}") {
        if let Ok(r) = Race::parse(&s) {
            let _ = analyse(&r, &Options::default());
        }
    }
}
