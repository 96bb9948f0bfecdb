//! Errors of the game algebra (parse errors live in [`crate::parse`]).

use thiserror::Error;

/// An exact computation could not be carried out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArithmeticError {
    /// A dyadic numerator or exponent left its range (`i64`, `2^62`).
    #[error("arithmetic overflow: {0} out of range")]
    Overflow(&'static str),
    /// A quotient or a fraction that is not a dyadic rational.
    #[error("not a dyadic rational (the denominator must be a power of two)")]
    NotDyadic,
    /// Text that is not a number.
    #[error("not a number: {0:?}")]
    BadNumber(String),
}

/// An operation on games failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CgtError {
    /// Exact arithmetic failed (overflow) inside a game operation.
    #[error(transparent)]
    Arithmetic(#[from] ArithmeticError),
    /// Cooling and heating take a temperature `t >= 0`.
    #[error("temperature {0} is negative; cooling and heating need t >= 0")]
    NegativeTemperature(crate::Dyadic),
    /// A nimber or up-multiple too large to build.
    #[error("{what} {value} is too large (limit {limit})")]
    TooLarge {
        /// What was too large.
        what: &'static str,
        /// The value asked for.
        value: u64,
        /// The largest value accepted.
        limit: u64,
    },
    /// A bounded evaluation ([`crate::Evaluator`]) was cut off: a limit was
    /// reached or it was cancelled.
    #[error("cut off: {0}")]
    Stopped(miai_search::Stop),
}

impl CgtError {
    /// Why the evaluation was cut off, if it was.
    pub fn stop(&self) -> Option<miai_search::Stop> {
        match self {
            CgtError::Stopped(s) => Some(*s),
            _ => None,
        }
    }
}
