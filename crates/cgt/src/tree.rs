//! A small trait for game trees, so other crates (capturing races, Go
//! positions) get canonical forms generically.

use std::collections::HashMap;
use std::hash::Hash;

use crate::Game;
use crate::error::CgtError;

/// A short partizan game given by its moves: Left's and Right's options.
///
/// Implement [`left_options`](Self::left_options) and
/// [`right_options`](Self::right_options); where a position's value is
/// known without expanding it (a settled liberty count, say), return it from
/// [`known_value`](Self::known_value) and its options are never asked for.
///
/// ```
/// use miai_cgt::{Game, PartizanGame};
///
/// /// A pile that Left may take 1 from and Right may take 2 from.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Pile(u32);
/// impl PartizanGame for Pile {
///     fn left_options(&self) -> Vec<Pile> {
///         if self.0 >= 1 { vec![Pile(self.0 - 1)] } else { vec![] }
///     }
///     fn right_options(&self) -> Vec<Pile> {
///         if self.0 >= 2 { vec![Pile(self.0 - 2)] } else { vec![] }
///     }
/// }
/// assert_eq!(Pile(0).canonical_form().unwrap(), Game::zero());
/// assert_eq!(Pile(1).canonical_form().unwrap(), Game::integer(1));
/// ```
pub trait PartizanGame: Sized {
    /// The positions Left can move to.
    fn left_options(&self) -> Vec<Self>;

    /// The positions Right can move to.
    fn right_options(&self) -> Vec<Self>;

    /// The value of this position if known without search (default: none).
    fn known_value(&self) -> Option<Game> {
        None
    }

    /// The canonical form, by plain recursion (no transposition table).
    fn canonical_form(&self) -> Result<Game, CgtError> {
        if let Some(g) = self.known_value() {
            return Ok(g);
        }
        let left = self
            .left_options()
            .iter()
            .map(PartizanGame::canonical_form)
            .collect::<Result<Vec<_>, _>>()?;
        let right = self
            .right_options()
            .iter()
            .map(PartizanGame::canonical_form)
            .collect::<Result<Vec<_>, _>>()?;
        Game::from_options(&left, &right)
    }

    /// The canonical form, remembering every position's value in `table`
    /// (positions reached by different move orders are solved once).
    fn canonical_form_with(&self, table: &mut HashMap<Self, Game>) -> Result<Game, CgtError>
    where
        Self: Clone + Eq + Hash,
    {
        if let Some(&g) = table.get(self) {
            return Ok(g);
        }
        let g = match self.known_value() {
            Some(g) => g,
            None => {
                let mut left = Vec::new();
                for o in self.left_options() {
                    left.push(o.canonical_form_with(table)?);
                }
                let mut right = Vec::new();
                for o in self.right_options() {
                    right.push(o.canonical_form_with(table)?);
                }
                Game::from_options(&left, &right)?
            }
        };
        table.insert(self.clone(), g);
        Ok(g)
    }
}
