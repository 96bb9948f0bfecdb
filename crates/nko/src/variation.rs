//! Principal variations of the `(n, m, t)` model, told in words.

use std::fmt;

use crate::{Ending, Move, Player, State, Step, closed_form};

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.before.to_move();
        let you = me.opponent();
        let (mine, theirs) = (self.before.kos_of(me), self.before.kos_of(you));
        match (self.mv, self.after) {
            (Move::Capture, _) => {
                write!(f, "{me} retakes {you}'s last ko and captures {you}'s group")
            }
            (Move::Fill, Step::Win { .. }) => write!(
                f,
                "{me} must fill his last ko: suicide, {me}'s group is lost"
            ),
            (Move::Fill, Step::Continue(next)) => write!(
                f,
                "{me} fills one of his kos ({mine} -> {} liberties): {next}, {} to move",
                mine - 1,
                next.to_move()
            ),
            (Move::WinKoFight, Step::Win { ending, .. }) => {
                let why = match ending {
                    Ending::LostFightInAtari => "and must fill his last liberty",
                    _ => "and is lost",
                };
                write!(
                    f,
                    "{me} takes a ko and wins the ko fight ({} >= 2*{mine}+1): {you} cannot retake {why}",
                    self.before.n()
                )
            }
            (Move::WinKoFight, Step::Continue(next)) => write!(
                f,
                "{me} takes a ko and wins the ko fight ({} >= 2*{mine}+1); {you}, unable to retake \
                 without repeating a position, fills one of his ({theirs} -> {} kos): {next}, \
                 {me} to move again",
                self.before.n(),
                theirs - 2
            ),
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
}
