//! Thermographs: the left and right walls of a game as exact
//! piecewise-linear functions of the temperature, and the mast.

mod svg;
mod trajectory;

pub use trajectory::{Segment, T_MIN, Trajectory};

use crate::Dyadic;
use crate::error::ArithmeticError;

/// The thermograph of a game (Winning Ways ch. 6; Siegel, *Combinatorial
/// Game Theory*, II.5), on `t >= -1` as CGSuite draws it.
///
/// Below the [`temperature`](Self::temperature) the walls are the left and
/// right scaffolds (`max (R_t(G^L) - t)` and `min (L_t(G^R) + t)`); from the
/// temperature up both walls are the vertical mast at the
/// [`mean`](Self::mean). A number `x = m/2^k` has temperature `-1/2^k`
/// (integers `-1`), so its thermograph is (almost) all mast.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Thermograph {
    left_wall: Trajectory,
    right_wall: Trajectory,
    temperature: Dyadic,
    mean: Dyadic,
}

impl Thermograph {
    /// The thermograph of an integer (or anything that is a bare mast).
    pub fn mast(x: Dyadic) -> Thermograph {
        Thermograph {
            left_wall: Trajectory::constant(x),
            right_wall: Trajectory::constant(x),
            temperature: T_MIN,
            mean: x,
        }
    }

    /// The thermograph with the given left and right scaffolds: the walls
    /// follow them up to the first temperature where they meet, and the mast
    /// goes on from there.
    pub fn from_scaffolds(
        left: &Trajectory,
        right: &Trajectory,
    ) -> Result<Thermograph, ArithmeticError> {
        let (temperature, mean) = left.first_meet(right)?.ok_or(ArithmeticError::Overflow(
            "thermograph walls that never meet",
        ))?;
        Ok(Thermograph {
            left_wall: left.with_mast(temperature, mean),
            right_wall: right.with_mast(temperature, mean),
            temperature,
            mean,
        })
    }

    /// The left wall `L_t(G)`: the value Left can secure when it moves
    /// first in `G` cooled by `t`.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left_wall
    }

    /// The right wall `R_t(G)`.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right_wall
    }

    /// The temperature: where the walls meet and the mast begins.
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The mean value: where the mast stands.
    pub fn mean(&self) -> Dyadic {
        self.mean
    }

    /// The picture as a complete SVG document, drawn as CGSuite and Winning
    /// Ways draw thermographs: temperature `t` upward (from `t = -1` for
    /// numbers, else from `t = 0`), the value axis *reversed* so larger
    /// values (good for Left) are on the left; the left wall (red) on the
    /// left, the right wall (blue) on the right, the mast above the
    /// temperature. Floating point is used only for pixel positions.
    pub fn to_svg(&self, title: &str) -> String {
        svg::render(self, title)
    }
}
