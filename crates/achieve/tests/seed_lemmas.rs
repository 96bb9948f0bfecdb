//! Seed 004's Lemmas 2, 4 and 5: the families come out exactly as printed,
//! the solver finds the seed's winner, and the certificate it writes is
//! accepted by the independent checker (and rejected once tampered with).

mod common;

use miai_achieve::{Area, Certificate, Creature, Limits, Player, Solver, family, verify};

struct Case {
    name: String,
    creature: Creature,
    area: usize,
    anchor: usize,
    winner: Player,
    family: Vec<Vec<usize>>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/seed_lemmas.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            let family = f[5]
                .split('}')
                .filter_map(|s| {
                    let s = s.trim_start_matches([',', ' ', '{']);
                    (!s.is_empty())
                        .then(|| s.split(',').map(|c| c.trim().parse().unwrap()).collect())
                })
                .collect();
            Case {
                name: f[0].into(),
                creature: f[1].parse().unwrap(),
                area: f[2].parse().unwrap(),
                anchor: f[3].parse().unwrap(),
                winner: f[4].parse().unwrap(),
                family,
            }
        })
        .collect()
}

#[test]
fn families_match_the_seed() {
    let cases = cases();
    assert_eq!(cases.len(), 3);
    for case in cases {
        let area = Area::consecutive(case.area).unwrap();
        let h = family(&case.creature, &area, case.anchor, false).unwrap();
        assert_eq!(h.set_lists(), case.family, "{}", case.name);
        assert_eq!(case.creature.middle(), case.anchor);
    }
}

#[test]
fn solver_finds_the_seed_winner_with_a_checked_certificate() {
    for case in cases() {
        let area = Area::consecutive(case.area).unwrap();
        let h = family(&case.creature, &area, case.anchor, false).unwrap();
        let mut solver = Solver::new(&h, Limits::none()).unwrap();
        let report = solver.solve(Player::Maker, &mut |_| {});
        assert_eq!(report.verdict.winner(), Some(case.winner), "{}", case.name);

        let origin = miai_achieve::Origin::Family {
            creature: case.creature.clone(),
            area: area.clone(),
            anchor: case.anchor,
            mirror: false,
        };
        let cert = Certificate::build(&mut solver, &h, origin, Player::Maker, &mut |_| {}).unwrap();
        assert_eq!(cert.winner, case.winner);
        let text = cert.to_string();
        let checked = verify::verify_text(&text).unwrap();
        assert_eq!(checked.winner, case.winner, "{}", case.name);
        assert!(checked.lines > 0);

        // Drop the first answer (the root's, reached by every line): rejected.
        let pos = text.find("\nmove ").unwrap() + 1;
        let end = pos + text[pos..].find('\n').unwrap() + 1;
        let dropped = format!("{}{}", &text[..pos], &text[end..]).replace(
            &format!("moves {}", cert.strategy.len()),
            &format!("moves {}", cert.strategy.len() - 1),
        );
        assert!(matches!(
            verify::verify_text(&dropped),
            Err(verify::VerifyError::MissingAnswer { .. })
        ));
        // A family that is not the creature's (one cell added to the first
        // set): rejected before any replay.
        let altered: Vec<String> = text
            .lines()
            .scan(false, |done, l| {
                if !*done && l.starts_with("set ") {
                    *done = true;
                    let cells: Vec<usize> = l[4..].split(' ').map(|c| c.parse().unwrap()).collect();
                    let extra = (0..).find(|c| !cells.contains(c)).unwrap();
                    Some(format!("{l} {extra}"))
                } else {
                    Some(l.to_string())
                }
            })
            .collect();
        assert!(
            matches!(
                verify::verify_text(&altered.join("\n")),
                Err(verify::VerifyError::FamilyMismatch { .. })
            ),
            "{}",
            case.name
        );

        // Tamper: change one response to a losing one; the checker must say no.
        let tampered = tamper(&text, &h);
        assert!(
            verify::verify_text(&tampered).is_err(),
            "{}: tampered certificate accepted",
            case.name
        );
    }
}

/// Replace the first strategy response by a different empty cell after which
/// the mover (the certificate's winner) loses, found with a plain minimax
/// written here (independent of the solver).
fn tamper(text: &str, h: &miai_achieve::Hypergraph) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let winner_is_maker = text.contains("\nwinner maker");
    // The strategy line with the fewest live cells keeps the plain
    // minimax small.
    let stones = |l: &str| -> u32 {
        let f: Vec<&str> = l.split_whitespace().collect();
        128 - u128::from_str_radix(f[2], 16).unwrap().count_ones()
            + u128::from_str_radix(f[1], 16).unwrap().count_ones()
    };
    let mut candidates: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("move "))
        .collect();
    candidates.sort_by_key(|&i| std::cmp::Reverse(stones(&lines[i])));
    for first in candidates {
        let parts: Vec<String> = lines[first].split_whitespace().map(String::from).collect();
        // A move line is keyed by (Maker's live cells, live cells L); a
        // concrete position with that key: Breaker on every cell outside L.
        let m = u128::from_str_radix(&parts[1], 16).unwrap();
        let live = u128::from_str_radix(&parts[2], 16).unwrap();
        let n = h.cells();
        let b = ((1u128 << n) - 1) & !live;
        let orig: usize = parts[3].parse().unwrap();
        for c in 0..n {
            let bit = 1u128 << c;
            // Only legal replies: empty cells (the checker rejects others
            // anyway, which would prove nothing here).
            if c == orig || (m | b) & bit != 0 {
                continue;
            }
            let loses = if winner_is_maker {
                !common::plain_maker_wins(h.sets(), n, m | bit, b, false)
            } else {
                common::plain_maker_wins(h.sets(), n, m, b | bit, true)
            };
            if loses {
                lines[first] = format!("move {} {} {}", parts[1], parts[2], c);
                return lines.join("\n") + "\n";
            }
        }
    }
    panic!("no strategy line has a losing alternative");
}
