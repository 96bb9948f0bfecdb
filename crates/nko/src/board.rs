//! The n-ko on a real Go board: positions built and recognised with
//! [`miai_goban`], solved by a plain exhaustive search over full game
//! histories under positional superko, to check the `(n, m, t)` model
//! against the game it abstracts.
//!
//! # Which positions
//!
//! [`KoPosition::recognise`] accepts a Go position (any [`miai_goban`]
//! board: a grid or an explicit graph) as an n-ko of the model when
//!
//! * each colour has exactly one chain that is not a single stone in atari:
//!   the racing groups;
//! * every single stone in atari is a *ko stone*: its other neighbours are
//!   stones of the opposing group, and the other neighbours of its liberty
//!   are stones of its own colour's group. So the ko's empty point is a
//!   liberty of exactly one racing group, and a stone played there by the
//!   opponent captures the ko stone and is itself alone in atari;
//! * every empty point is a ko point (the liberty of a ko stone);
//! * the rules are positional superko (suicide allowed or not).
//!
//! Then the groups have no eyes and no liberties but the kos in their
//! shape, and **the only legal moves in the whole position are takes and
//! fills**: the search plays every legal move and needs no restriction to a
//! "ko region". That last condition is essential, not a convenience: an
//! empty point elsewhere (a dame, a point inside a living wall's territory
//! or eye) is a move that changes the position without touching the kos, a
//! tempo that is stronger than a pass (it also wipes out the superko
//! history, since no earlier position can recur after it). The model has
//! no such move, so such positions are rejected
//! ([`BoardError::StrayEmptyPoint`]) rather than searched with their other
//! moves left out. Living walls are not needed: each racing group is
//! walled in by the other and by the board's edge.
//!
//! [`grid_setup`] builds every `(n, m, t)` with any choice of which kos are
//! Black's, on a `(2n + 1) x 4` grid with every point but the kos' empty
//! points occupied.
//!
//! # The search
//!
//! [`BoardSearch`] is minimax over the Go game itself: a
//! [`miai_goban::Game`] with its full history, every legal move (the
//! position's rules: occupation, suicide, positional superko against every
//! position since the start, hash hits confirmed by comparing boards). A
//! move that captures the opposing racing group wins; one that removes the
//! mover's own group (suicide, where allowed) loses; a player with no legal
//! move loses; with passes, two passes in a row are a draw. It keeps no
//! transposition table: two nodes with the same board but different
//! histories are different games, and the trees are small (at most 5,396
//! nodes for a cell with `n <= 5` without passes, 24,950 with passes and
//! `n = 4`).

mod error;
mod ko_position;
mod layout;
mod search;

pub use error::BoardError;
pub use ko_position::{Ko, KoPosition};
pub use layout::{MAX_LAYOUT_N, grid_setup};
pub use search::{BoardSearch, MAX_BOARD_N};
