//! Checks the table of known values in `tests/data/known_values.txt`, each
//! line citing its source in the literature.

use miai_cgt::{Comparison, Dyadic, Game, Outcome, parse};

fn game(text: &str, line: usize) -> Game {
    parse(text).unwrap_or_else(|e| panic!("line {line}: cannot parse {text:?}: {e}"))
}

fn dyadic(text: &str, line: usize) -> Dyadic {
    text.parse()
        .unwrap_or_else(|e| panic!("line {line}: bad number {text:?}: {e}"))
}

/// The games of a CGSuite-style list `{a,b,...}` (commas inside braces
/// belong to the options).
fn list(text: &str) -> Vec<String> {
    let inner = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or_else(|| panic!("not a list: {text}"));
    let (mut items, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        items.push(cur);
    }
    items
}

fn equal_games(
    got: Game,
    expected: &str,
    line: usize,
    what: impl Fn() -> String,
) -> Result<(), String> {
    let want = game(expected, line);
    if got == want {
        Ok(())
    } else {
        Err(format!("{} is {got}, expected {expected}", what()))
    }
}

fn check(line: usize, expr: &str, property: &str, expected: &str) -> Result<(), String> {
    let g = game(expr, line);
    let (prop, arg) = match property.split_once(' ') {
        Some((p, a)) => (p, Some(a.trim())),
        None => (property, None),
    };
    let got: String = match prop {
        "=" => {
            let want = game(expected, line);
            return if g == want {
                Ok(())
            } else {
                Err(format!("{expr} = {g}, expected {expected} = {want}"))
            };
        }
        "cool" | "heat" => {
            let t = dyadic(arg.unwrap_or("?"), line);
            let r =
                if prop == "cool" { g.cool(t) } else { g.heat(t) }.map_err(|e| e.to_string())?;
            let want = game(expected, line);
            return if r == want {
                Ok(())
            } else {
                Err(format!("{prop}({expr}, {t}) = {r}, expected {expected}"))
            };
        }
        "atomic_weight" => match g.atomic_weight().map_err(|e| e.to_string())? {
            None => "undefined".to_string(),
            Some(w) => {
                return equal_games(w, expected, line, || format!("atomic weight of {expr}"));
            }
        },
        "reduced" => {
            let r = g.reduced_canonical_form().map_err(|e| e.to_string())?;
            return equal_games(r, expected, line, || format!("reduced form of {expr}"));
        }
        "left_options" | "right_options" | "left_incentives" | "right_incentives" => {
            let got = match prop {
                "left_options" => g.left_options(),
                "right_options" => g.right_options(),
                "left_incentives" => g.left_incentives().map_err(|e| e.to_string())?,
                _ => g.right_incentives().map_err(|e| e.to_string())?,
            };
            let mut want: Vec<Game> = list(expected).iter().map(|t| game(t, line)).collect();
            let mut got_sorted = got.clone();
            want.sort_by_key(|g| g.id());
            got_sorted.sort_by_key(|g| g.id());
            return if got_sorted == want {
                Ok(())
            } else {
                let shown: Vec<String> = got.iter().map(Game::to_string).collect();
                Err(format!(
                    "{prop} of {expr} are {{{}}}, expected {expected}",
                    shown.join(",")
                ))
            };
        }
        "print" => g.to_string(),
        "mean" => g.mean().map_err(|e| e.to_string())?.to_string(),
        "temperature" => g.temperature().map_err(|e| e.to_string())?.to_string(),
        "left_stop" => g.left_stop().to_string(),
        "right_stop" => g.right_stop().to_string(),
        "birthday" => g.birthday().map_err(|e| e.to_string())?.to_string(),
        "outcome" => {
            let o: Outcome = g.outcome();
            o.to_string()
        }
        "cmp" => {
            let h = game(arg.unwrap_or("?"), line);
            let c: Comparison = g.compare(h);
            c.to_string()
        }
        "infinitesimal" => g.is_infinitesimal().to_string(),
        "number" => g.is_number().to_string(),
        "left_wall" | "right_wall" => {
            let t = dyadic(arg.unwrap_or("?"), line);
            let th = g.thermograph().map_err(|e| e.to_string())?;
            let wall = if prop == "left_wall" {
                th.left_wall()
            } else {
                th.right_wall()
            };
            wall.value_at(t).map_err(|e| e.to_string())?.to_string()
        }
        other => panic!("line {line}: unknown property {other:?}"),
    };
    if got == expected {
        Ok(())
    } else {
        Err(format!(
            "{property} of {expr} is {got}, expected {expected}"
        ))
    }
}

#[test]
fn known_values_from_the_literature() {
    let text = include_str!("data/known_values.txt");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = raw.split(";;").map(str::trim).collect();
        assert_eq!(fields.len(), 4, "line {line}: expected 4 fields: {raw}");
        assert!(!fields[3].is_empty(), "line {line}: no source cited");
        if let Err(e) = check(line, fields[0], fields[1], fields[2]) {
            failures.push(format!("line {line}: {e} [{}]", fields[3]));
        }
        checked += 1;
    }
    assert!(checked > 80, "only {checked} checks read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
