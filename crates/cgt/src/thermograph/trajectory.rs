//! Piecewise-linear functions of the temperature `t` on `[-1, ∞)`, the walls
//! of thermographs. Breakpoints and values are exact dyadic rationals; slopes
//! are integers (thermograph walls only ever have slopes -1, 0 and 1, and
//! their differences -2..2, so every crossing point is dyadic again).

use crate::Dyadic;
use crate::error::ArithmeticError;

/// The lowest temperature a thermograph is drawn from (CGSuite's
/// convention: integers have temperature -1).
pub const T_MIN: Dyadic = Dyadic::integer(-1);

/// One linear piece: value `x0 + slope * (t - t0)` from `t0` up to the start
/// of the next piece (the last piece goes on forever).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Segment {
    /// Where the piece starts.
    pub t0: Dyadic,
    /// The value at `t0`.
    pub x0: Dyadic,
    /// `dx/dt` on the piece.
    pub slope: i64,
}

/// A continuous piecewise-linear function on `[-1, ∞)`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Trajectory {
    segments: Vec<Segment>,
}

impl Trajectory {
    /// The constant function `x`.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            segments: vec![Segment {
                t0: T_MIN,
                x0: x,
                slope: 0,
            }],
        }
    }

    /// The pieces, in increasing `t0`, the first starting at `t = -1`.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The breakpoints `(t, x)` where the slope changes, starting at `t = -1`.
    pub fn breakpoints(&self) -> impl Iterator<Item = (Dyadic, Dyadic)> + '_ {
        self.segments.iter().map(|s| (s.t0, s.x0))
    }

    fn segment_at(&self, t: Dyadic) -> &Segment {
        let i = self.segments.partition_point(|s| s.t0 <= t);
        &self.segments[i.saturating_sub(1)]
    }

    /// The value at `t` (`t < -1` is read on the first piece's line).
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, ArithmeticError> {
        let s = self.segment_at(t);
        s.x0.checked_add(t.checked_sub(s.t0)?.checked_mul_int(s.slope)?)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        self.segment_at(t).slope
    }

    /// `t ↦ self(t) + c·t`.
    pub fn add_slope(&self, c: i64) -> Result<Trajectory, ArithmeticError> {
        let segments = self
            .segments
            .iter()
            .map(|s| {
                Ok(Segment {
                    t0: s.t0,
                    x0: s.x0.checked_add(s.t0.checked_mul_int(c)?)?,
                    slope: s
                        .slope
                        .checked_add(c)
                        .ok_or(ArithmeticError::Overflow("slope"))?,
                })
            })
            .collect::<Result<_, ArithmeticError>>()?;
        Ok(Trajectory { segments })
    }

    fn breakpoint_union(&self, other: &Trajectory) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|s| s.t0)
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// The pointwise maximum (`max = true`) or minimum of two functions.
    pub fn combine(&self, other: &Trajectory, max: bool) -> Result<Trajectory, ArithmeticError> {
        let ts = self.breakpoint_union(other);
        let mut segments = Vec::with_capacity(ts.len() + 2);
        for (i, &t) in ts.iter().enumerate() {
            let end = ts.get(i + 1).copied();
            let (fa, fb) = (self.value_at(t)?, other.value_at(t)?);
            let (sa, sb) = (self.slope_at(t), other.slope_at(t));
            let d0 = fa.checked_sub(fb)?;
            let ds = sa - sb;
            // Which function wins just to the right of t.
            let a_wins = if max {
                d0.signum() > 0 || (d0.signum() == 0 && ds >= 0)
            } else {
                d0.signum() < 0 || (d0.signum() == 0 && ds <= 0)
            };
            let (x0, slope) = if a_wins { (fa, sa) } else { (fb, sb) };
            segments.push(Segment { t0: t, x0, slope });
            // A strict crossing inside (t, end) hands over to the other one.
            if d0.signum() != 0 && ds != 0 && d0.signum() != ds.signum() {
                let cross = t.checked_add(d0.checked_neg()?.checked_div_int(ds)?)?;
                if end.is_none_or(|e| cross < e) {
                    let (x1, s1) = if a_wins {
                        (other.value_at(cross)?, sb)
                    } else {
                        (self.value_at(cross)?, sa)
                    };
                    segments.push(Segment {
                        t0: cross,
                        x0: x1,
                        slope: s1,
                    });
                }
            }
        }
        Ok(Trajectory::merged(segments))
    }

    /// Joins neighbouring pieces with the same slope (the function is
    /// continuous, so they are one line).
    fn merged(segments: Vec<Segment>) -> Trajectory {
        let mut out: Vec<Segment> = Vec::with_capacity(segments.len());
        for s in segments {
            match out.last() {
                Some(last) if last.slope == s.slope => {}
                _ => out.push(s),
            }
        }
        Trajectory { segments: out }
    }

    /// The smallest `t >= -1` with `self(t) <= other(t)`, and the value there;
    /// `None` if there is none.
    pub fn first_meet(
        &self,
        other: &Trajectory,
    ) -> Result<Option<(Dyadic, Dyadic)>, ArithmeticError> {
        let ts = self.breakpoint_union(other);
        for (i, &t) in ts.iter().enumerate() {
            let end = ts.get(i + 1).copied();
            let d0 = self.value_at(t)?.checked_sub(other.value_at(t)?)?;
            if d0.signum() <= 0 {
                return Ok(Some((t, self.value_at(t)?)));
            }
            let ds = self.slope_at(t) - other.slope_at(t);
            if ds < 0 {
                let cross = t.checked_add(d0.checked_div_int(-ds)?)?;
                if end.is_none_or(|e| cross < e) {
                    return Ok(Some((cross, self.value_at(cross)?)));
                }
            }
        }
        Ok(None)
    }

    /// This function below `t`, and the constant `x` from `t` on (the mast).
    pub fn with_mast(&self, t: Dyadic, x: Dyadic) -> Trajectory {
        let mut segments: Vec<Segment> =
            self.segments.iter().copied().filter(|s| s.t0 < t).collect();
        segments.push(Segment {
            t0: t,
            x0: x,
            slope: 0,
        });
        Trajectory::merged(segments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn max_of_crossing_lines() {
        // -t + 2 and t: cross at t = 1, value 1.
        let a = Trajectory::constant(d("2")).add_slope(-1).unwrap();
        let b = Trajectory::constant(d("0")).add_slope(1).unwrap();
        let m = a.combine(&b, true).unwrap();
        assert_eq!(m.value_at(d("0")).unwrap(), d("2"));
        assert_eq!(m.value_at(d("1")).unwrap(), d("1"));
        assert_eq!(m.value_at(d("3")).unwrap(), d("3"));
        assert_eq!(m.segments().len(), 2);
        let (t, x) = a.first_meet(&b).unwrap().unwrap();
        assert_eq!((t, x), (d("1"), d("1")));
    }

    #[test]
    fn half_crossings_are_exact() {
        // 0 - t against 1 + t meet at t = -1/2.
        let l = Trajectory::constant(d("0")).add_slope(-1).unwrap();
        let r = Trajectory::constant(d("1")).add_slope(1).unwrap();
        let (t, x) = l.first_meet(&r).unwrap().unwrap();
        assert_eq!((t, x), (d("-1/2"), d("1/2")));
    }
}
