//! Malformed input gets an error naming the column and what was expected
//! (table in `tests/data/parse_errors.txt`).

use miai_cgt::{ParseError, parse};

#[test]
fn errors_name_the_column_and_what_was_expected() {
    let text = include_str!("data/parse_errors.txt");
    let mut failures = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = raw.split(";;").collect();
        assert_eq!(fields.len(), 3, "line {}: {raw}", i + 1);
        let input = fields[0].trim_end();
        let column: usize = fields[1].trim().parse().unwrap();
        let phrase = fields[2].trim();
        match parse(input) {
            Ok(g) => failures.push(format!("{input:?} parsed as {g}")),
            Err(e) => {
                let msg = e.to_string();
                if e.column() != column
                    || !msg.to_lowercase().contains(&phrase.to_lowercase())
                    || !msg.starts_with(&format!("column {column}:"))
                {
                    failures.push(format!(
                        "{input:?}: got {msg:?} (column {}), expected column {column} and {phrase:?}",
                        e.column()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = "{".repeat(10_000) + &"}".repeat(10_000);
    assert!(matches!(parse(&deep), Err(ParseError::TooDeep { .. })));
    let minus = "-".repeat(10_000) + "1";
    assert!(matches!(parse(&minus), Err(ParseError::TooDeep { .. })));
}

#[test]
fn notation_variants() {
    let p = |s: &str| parse(s).unwrap();
    assert_eq!(p("±1"), p("+-1"));
    assert_eq!(p("+-1"), p("{1|-1}"));
    assert_eq!(p("3 +- 1"), p("{4|2}"));
    assert_eq!(p("^^"), p("^2"));
    assert_eq!(p("v3"), -p("^3"));
    assert_eq!(p("-1^*"), p("-1 + ^ + *"));
    assert_eq!(p("-(1^*)"), p("-1 + v + *"));
    assert_eq!(p("{4||2|1}"), p("{4|{2|1}}"));
    assert_eq!(p("{4|2||1}"), p("{{4|2}|1}"));
    assert_eq!(p("{3||2|1|||0}"), p("{{3|{2|1}}|0}"));
    assert_eq!(p("{4,{3|2}||1|0}"), p("{4,{3|2}|{1|0}}"));
    assert_eq!(p("*2 *"), p("*3"));
    assert_eq!(p("((2))"), p("2"));
    assert_eq!(p(" { 1 , 0 | } "), p("2"));
    // The largest nimbers and up multiples accepted stay quick.
    assert_eq!(p("*255 + *254"), p("*"));
    assert_eq!(p("*256 + *256"), p("0"));
    let big = p("*1024 + *1023");
    assert_eq!(big.to_string(), "*1024+*1023");
    assert_eq!(p(&big.to_string()), big);
    assert_eq!(p("^64 + v64"), p("0"));
    assert_eq!(miai_cgt::parse::line_and_column("1 +\n{2", 7), (2, 3));
}

#[test]
fn dyadic_decimals_are_numbers() {
    let p = |s: &str| parse(s).unwrap();
    assert_eq!(p("2.5"), p("5/2"));
    assert_eq!(p("-0.125"), p("-1/8"));
    assert_eq!(p("{2.5|0.5}"), p("{5/2|1/2}"));
    assert_eq!(p("1.5*"), p("3/2*"));
    assert_eq!(p("3.000"), p("3"));
    assert_eq!(p("2.5").to_string(), "5/2");
}

#[test]
fn the_smallest_integer_reads_back() {
    let text = i64::MIN.to_string();
    let g = parse(&text).unwrap();
    assert_eq!(g.to_string(), text);
    assert_eq!(
        parse(&format!("{text}/2")).unwrap().to_string(),
        "-4611686018427387904"
    );
}
