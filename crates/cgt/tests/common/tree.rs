//! A game form as a plain tree (no canonical form, no sharing), for the
//! integration tests that compare the library with brute force.

use miai_cgt::PartizanGame;

/// A game form: its Left and Right options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tree {
    pub left: Vec<Tree>,
    pub right: Vec<Tree>,
}

impl PartizanGame for Tree {
    fn left_options(&self) -> Vec<Tree> {
        self.left.clone()
    }
    fn right_options(&self) -> Vec<Tree> {
        self.right.clone()
    }
}
