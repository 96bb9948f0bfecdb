//! Principal variations of the `(n, m, t)` model, told in words.

use std::fmt;

use crate::{Move, Player, State, Step, closed_form};

/// One move of a principal variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The state before the move.
    pub before: State,
    /// The move.
    pub mv: Move,
    /// What it led to.
    pub after: Step,
}

/// A principal variation: the winner plays a winning move (by the proven
/// closed form; a won ko fight before a fill); the loser plays the move that keeps the game going longest
/// among his options (a fill before an immediately losing move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The moves, at most the requested number.
    pub plies: Vec<Ply>,
    /// Whether the game goes on after the last ply shown.
    pub truncated: bool,
}

fn step_winner(step: Step) -> Option<Player> {
    match step {
        Step::Win { winner, .. } => Some(winner),
        Step::Continue(s) => Some(closed_form::winner(s)),
    }
}

/// The principal variation from `state`, at most `max_plies` moves.
///
/// ```
/// use miai_nko::{Player, State, variation};
/// let v = variation::principal_variation(State::new(3, 1, Player::Black)?, 10);
/// assert_eq!(v.plies.len(), 1);
/// assert!(!v.truncated);
/// # Ok::<(), miai_nko::StateError>(())
/// ```
#[must_use]
pub fn principal_variation(state: State, max_plies: usize) -> Variation {
    let mut plies = Vec::new();
    let mut current = state;
    loop {
        if plies.len() >= max_plies {
            return Variation {
                plies,
                truncated: true,
            };
        }
        let me = current.to_move();
        let winner = closed_form::winner(current);
        let options: Vec<(Move, Step)> = current
            .moves()
            .into_iter()
            .filter_map(|mv| current.play(mv).map(|s| (mv, s)))
            .collect();
        let chosen = if winner == me {
            // Prefer the ko fight to the fill when both win: it shows the
            // fights, and it is the line the proof follows.
            options
                .iter()
                .rev()
                .find(|(_, s)| step_winner(*s) == Some(me))
                .copied()
        } else {
            options
                .iter()
                .find(|(_, s)| matches!(s, Step::Continue(_)))
                .or(options.first())
                .copied()
        };
        let Some((mv, after)) = chosen else {
            // Every state has a move (fill or capture); kept for safety.
            return Variation {
                plies,
                truncated: false,
            };
        };
        plies.push(Ply {
            before: current,
            mv,
            after,
        });
        match after {
            Step::Continue(next) => current = next,
            Step::Win { .. } => {
                return Variation {
                    plies,
                    truncated: false,
                };
            }
        }
    }
}

impl fmt::Display for Ply {
    /// The ply as a sentence: who does what, why it works (the fight
    /// oracle `n >= 2k + 1`), how the kos change and the state it leads
    /// to, e.g. "Black takes one of White's kos and wins the fight (50 kos,
    /// Black holds 17: 50 >= 2 x 17 + 1). White cannot retake without
    /// repeating a position, so he fills one of his own kos: White 33 -> 31
    /// kos, Black 17 -> 18. Now (49, 18, 0), Black to move again."
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.before.to_move();
        let you = me.opponent();
        let (mine, theirs) = (self.before.kos_of(me), self.before.kos_of(you));
        let n = self.before.n();
        let fight = |f: &mut fmt::Formatter<'_>| {
            write!(
                f,
                "{me} takes one of {you}'s kos and wins the fight ({n} kos, {me} holds \
                 {mine}: {n} >= 2 x {mine} + 1)."
            )
        };
        match (self.mv, self.after) {
            (Move::Capture, _) => write!(
                f,
                "{you} holds a single ko: {me} takes it, filling the last liberty of \
                 {you}'s group, and captures the group."
            ),
            (Move::Fill, Step::Win { .. }) => write!(
                f,
                "{me} can only fill his last ko: that is suicide, and {me}'s group is lost."
            ),
            (Move::Fill, Step::Continue(next)) => write!(
                f,
                "{me} fills one of his own kos: {me} {mine} -> {} kos, {you} keeps {theirs}. \
                 Now {next}, {you} to move.",
                mine - 1
            ),
            (Move::WinKoFight, Step::Win { .. }) => {
                fight(f)?;
                write!(
                    f,
                    " {you} cannot retake without repeating a position and, with one ko \
                     left, must fill his last liberty: {you}'s group is lost."
                )
            }
            (Move::WinKoFight, Step::Continue(next)) => {
                fight(f)?;
                write!(
                    f,
                    " {you} cannot retake without repeating a position, so he fills one of \
                     his own kos: {you} {theirs} -> {} kos, {me} {mine} -> {} kos. Now {next}, \
                     {me} to move again.",
                    theirs - 2,
                    mine + 1
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variation_ends_with_the_predicted_winner() {
        for n in 2..40 {
            for m in 1..n {
                for p in [Player::Black, Player::White] {
                    let s = State::new(n, m, p).unwrap();
                    let v = principal_variation(s, usize::MAX);
                    assert!(!v.truncated);
                    let last = v.plies.last().unwrap();
                    assert_eq!(step_winner(last.after), Some(closed_form::winner(s)), "{s}");
                    assert!(matches!(last.after, Step::Win { .. }));
                    // Each ply removes a ko, so the game is short.
                    assert!(v.plies.len() < n as usize);
                }
            }
        }
    }

    /// Every sentence of the story names the kos each side holds before and
    /// after as the states say, and the state it leads to.
    #[test]
    fn the_story_counts_the_kos_as_the_states_do() {
        for n in 2..30 {
            for m in 1..n {
                for p in [Player::Black, Player::White] {
                    let v = principal_variation(State::new(n, m, p).unwrap(), usize::MAX);
                    for ply in &v.plies {
                        let text = ply.to_string();
                        assert!(text.ends_with('.'), "{text}");
                        assert!(!text.contains("his ("), "{text}");
                        let Step::Continue(next) = ply.after else {
                            assert!(text.contains("captures") || text.contains("is lost"));
                            continue;
                        };
                        assert!(text.contains(&format!("Now {next}, ")), "{text}");
                        for side in [Player::Black, Player::White] {
                            let (a, b) = (ply.before.kos_of(side), next.kos_of(side));
                            let said = if a == b {
                                format!("{side} keeps {a}")
                            } else {
                                format!("{side} {a} -> {b} kos")
                            };
                            assert!(text.contains(&said), "{said:?} in {text}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_seed_example_reads_as_a_story() {
        let s = State::new(50, 17, Player::Black).unwrap();
        let first = principal_variation(s, 1).plies[0].to_string();
        assert_eq!(
            first,
            "Black takes one of White's kos and wins the fight (50 kos, Black holds 17: \
             50 >= 2 x 17 + 1). White cannot retake without repeating a position, so he \
             fills one of his own kos: White 33 -> 31 kos, Black 17 -> 18 kos. Now \
             (49, 18, 0), Black to move again."
        );
    }
}
