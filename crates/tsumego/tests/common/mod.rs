//! Shared by the cross-check: a plain exhaustive reference solver
//! ([`reference`]), random small problems ([`random`]) and the statuses the
//! reference implies, derived the way `solve.rs` documents it.

pub mod random;
pub mod reference;

use std::fmt::Write;

use miai_goban::{Color, Diagram, Position, Rules};
use miai_tsumego::{Problem, Regime, Side, Status};

pub use reference::{reference, reference_with_cap};

/// The status the reference implies for `first` to move, or `None` when a
/// query is over the node cap.
///
/// Superko: dead iff the attacker wins. Seed regime (`solve.rs`): dead iff
/// the attacker wins with the defender ko-advantaged; else alive iff the
/// defender wins with the attacker ko-advantaged; else a ko from the two
/// queries where the goal side has the advantage, or no result when both
/// fail.
pub fn reference_status(
    problem: &Problem,
    regime: Regime,
    first: Side,
    cap: u64,
) -> Option<Status> {
    let ask =
        |goal: Side, master: Side| reference_with_cap(problem, regime, first, goal, master, cap);
    match regime {
        Regime::Superko => Some(if ask(Side::Attacker, Side::Defender)? {
            Status::Dead
        } else {
            Status::Alive
        }),
        Regime::Seed { .. } | Regime::Book { .. } => {
            if ask(Side::Attacker, Side::Defender)? {
                return Some(Status::Dead);
            }
            if ask(Side::Defender, Side::Attacker)? {
                return Some(Status::Alive);
            }
            let a = ask(Side::Attacker, Side::Attacker)?;
            let b = ask(Side::Defender, Side::Defender)?;
            Some(if a || b {
                Status::Ko {
                    attacker_wins_it: a,
                    defender_wins_it: b,
                }
            } else {
                Status::NoResult
            })
        }
    }
}

/// The reference's answer to every query, for a mismatch report.
pub fn all_queries(problem: &Problem, regime: Regime, first: Side, cap: u64) -> String {
    let mut out = String::new();
    let masters: &[Side] = match regime {
        Regime::Superko => &[Side::Defender],
        Regime::Seed { .. } | Regime::Book { .. } => &[Side::Defender, Side::Attacker],
    };
    for goal in [Side::Attacker, Side::Defender] {
        for &master in masters {
            let r = reference_with_cap(problem, regime, first, goal, master, cap);
            let _ = writeln!(
                out,
                "    reference: goal {goal}, ko-advantaged {master}: {}",
                match r {
                    Some(true) => "goal wins",
                    Some(false) => "goal does not win",
                    None => "over the node cap",
                }
            );
        }
    }
    out
}

/// The problem as text: attacker, region, the ko and tenuki given with it,
/// and a diagram of the original board around the region (`X` Black, `O`
/// White, `.` an empty region point, `-` an empty point outside it), then the
/// same in the box style of the data files.
pub fn describe(problem: &Problem) -> String {
    let mut out = String::new();
    let original = problem.original();
    let region: Vec<_> = problem.original_region();
    let names: Vec<String> = region
        .iter()
        .map(|&v| original.graph.vertex_name(v))
        .collect();
    let _ = writeln!(
        out,
        "  attacker: {}; region ({} empty): {}",
        color_name(problem.attacker()),
        problem.empty_points(),
        names.join(" ")
    );
    if let Some(k) = problem.start().ko {
        let _ = writeln!(
            out,
            "  ko: {} (for {} to move)",
            problem.vertex_name(k),
            color_name(problem.start().to_move)
        );
    }
    if problem.attacker_just_tenukied() {
        let _ = writeln!(out, "  tenuki: attacker (its last move was a tenuki)");
    }
    let Some((x0, y0, w, h)) = problem.window() else {
        return out;
    };
    let g = &original.graph;
    for y in y0..y0 + h {
        out.push_str("    ");
        for x in x0..x0 + w {
            let Some(v) = g.at(x, y) else { continue };
            out.push(match original.stones[v.index()] {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if region.contains(&v) => '.',
                None => '-',
            });
            out.push(' ');
        }
        out.push('\n');
    }
    let mut setup = original.clone();
    setup.ko = None;
    if let Ok(pos) = Position::from_setup(setup, Rules::default())
        && let Some(d) = Diagram::window(&pos, x0, y0, w, h)
    {
        for line in d.write_box().lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
    out
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
