//! [`Game`]: a handle to a canonical form in the process-wide store.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

use crate::context::{self, Node, Side};
use crate::error::CgtError;
use crate::thermograph::Thermograph;
use crate::{Comparison, Dyadic, Nus, Outcome, ParseError};

/// The largest nimber `*m` and up multiple `n·↑` built on request (their
/// canonical forms have `m` options and depth `n`).
pub const MAX_NIMBER: u32 = 1024;
/// See [`MAX_NIMBER`].
pub const MAX_UPS: u64 = 64;

/// A short partizan game in canonical form (Left = Black = the maximiser).
///
/// A `Game` is a `Copy` handle into a process-wide, thread-safe store that
/// holds every canonical form once, so `==` is value equality in O(1) and
/// `Hash` agrees with it. `<=`, `<`, `>=`, `>` are the game order (a
/// partial order: [`PartialOrd::partial_cmp`] is `None` for confused games).
///
/// ```
/// use miai_cgt::Game;
/// let g: Game = "{4|0} + {6|{4|0}} - 7".parse().unwrap();
/// assert_eq!(g.to_string(), "{1,{3|-1}|-3}");
/// assert_eq!(g.cool(2.into()).unwrap().to_string(), "-1^*");
/// assert_eq!(g.temperature().unwrap(), 2.into());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game(u32);

impl Game {
    pub(crate) const fn from_index(i: u32) -> Game {
        Game(i)
    }

    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of this canonical form in the store: equal games, equal ids.
    /// Ids depend on the order games were built in; use them as keys, never
    /// as data.
    pub const fn id(self) -> u32 {
        self.0
    }

    /// How many canonical forms the process has stored so far.
    pub fn store_size() -> usize {
        context::with(|c| c.len())
    }

    /// The estimated memory of the process-wide store and its operation
    /// caches, in bytes. Stored canonical forms stay for the life of the
    /// process (every `Game` refers to one); a long-running caller (the web
    /// server) checks this against its own ceiling.
    pub fn store_bytes() -> usize {
        context::with(|c| c.approx_bytes())
    }

    /// Empties the process-wide operation caches (sums, comparisons,
    /// thermographs, cooling, ...). Stored canonical forms, and so every
    /// `Game`, stay valid. For cold-cache benchmarks and to bound memory in
    /// long runs; results are unchanged, only recomputed.
    pub fn clear_caches() {
        context::with(|c| c.clear_caches());
    }

    /// `0 = {|}`.
    pub fn zero() -> Game {
        context::with(|c| c.zero())
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Game {
        Game::number(Dyadic::integer(n))
    }

    /// The number `x`.
    pub fn number(x: Dyadic) -> Game {
        context::with(|c| c.number(x))
    }

    /// The nimber `*m` (`m <= MAX_NIMBER`).
    pub fn nimber(m: u32) -> Result<Game, CgtError> {
        if m > MAX_NIMBER {
            return Err(CgtError::TooLarge {
                what: "nimber",
                value: m.into(),
                limit: MAX_NIMBER.into(),
            });
        }
        Ok(context::with(|c| c.nimber(m)))
    }

    /// `* = {0|0}`.
    pub fn star() -> Game {
        context::with(|c| c.nimber(1))
    }

    /// `↑ = {0|*}`.
    pub fn up() -> Game {
        Game::nus(Nus {
            number: Dyadic::ZERO,
            ups: 1,
            nimber: 0,
        })
        .unwrap_or_else(|_| Game::zero())
    }

    /// `x + n·↑ + *m` (`|n| <= MAX_UPS`, `m <= MAX_NIMBER`).
    pub fn nus(nus: Nus) -> Result<Game, CgtError> {
        if nus.ups.unsigned_abs() > MAX_UPS {
            return Err(CgtError::TooLarge {
                what: "up multiple",
                value: nus.ups.unsigned_abs(),
                limit: MAX_UPS,
            });
        }
        if nus.nimber > MAX_NIMBER {
            return Err(CgtError::TooLarge {
                what: "nimber",
                value: nus.nimber.into(),
                limit: MAX_NIMBER.into(),
            });
        }
        context::with(|c| c.nus(nus))
    }

    /// `±x = {x | -x}` for a game `x`.
    pub fn plus_minus(self) -> Result<Game, CgtError> {
        context::with(|c| {
            let n = c.neg(self)?;
            c.canon(vec![self], vec![n])
        })
    }

    /// The canonical form of `{left | right}`.
    ///
    /// ```
    /// use miai_cgt::Game;
    /// let z = Game::zero();
    /// assert_eq!(Game::from_options(&[z], &[z]).unwrap(), Game::star());
    /// assert_eq!(Game::from_options(&[z], &[]).unwrap(), Game::integer(1));
    /// ```
    pub fn from_options(left: &[Game], right: &[Game]) -> Result<Game, CgtError> {
        context::with(|c| c.canon(left.to_vec(), right.to_vec()))
    }

    /// Parses CGSuite-style notation; see [`crate::parse()`].
    pub fn parse(text: &str) -> Result<Game, ParseError> {
        crate::parse::parse(text)
    }

    /// Left's options of the canonical form.
    pub fn left_options(self) -> Vec<Game> {
        context::with(|c| c.options(self, Side::Left).map(|o| o.to_vec())).unwrap_or_default()
    }

    /// Right's options of the canonical form.
    pub fn right_options(self) -> Vec<Game> {
        context::with(|c| c.options(self, Side::Right).map(|o| o.to_vec())).unwrap_or_default()
    }

    /// Left's incentives `G^L - G`, one per Left option of the canonical
    /// form (in the order of [`Game::left_options`]): what moving gains
    /// Left (Lessons in Play, ch. 6; Winning Ways, ch. 6). For `↑ = {0|*}`
    /// it is `0 - ↑ = ↓`.
    ///
    /// ```
    /// use miai_cgt::Game;
    /// let up: Game = "^".parse().unwrap();
    /// assert_eq!(up.left_incentives().unwrap()[0].to_string(), "v");
    /// assert_eq!(up.right_incentives().unwrap()[0].to_string(), "^*");
    /// ```
    pub fn left_incentives(self) -> Result<Vec<Game>, CgtError> {
        context::with(|c| {
            let opts = c.options(self, Side::Left)?;
            opts.iter().map(|&o| c.sub(o, self)).collect()
        })
    }

    /// Right's incentives `G - G^R`, one per Right option (in the order of
    /// [`Game::right_options`]); positive where moving gains Right.
    pub fn right_incentives(self) -> Result<Vec<Game>, CgtError> {
        context::with(|c| {
            let opts = c.options(self, Side::Right)?;
            opts.iter().map(|&o| c.sub(self, o)).collect()
        })
    }

    /// Whether the game is all-small: every subposition, itself included,
    /// has moves for both players or for neither (`*`, `↑`, `{0|↑}`; not
    /// `1`, not `{0|-1}`). All-small games are infinitesimal.
    pub fn is_all_small(self) -> bool {
        context::with(|c| c.is_all_small(self, &mut Default::default())).unwrap_or(false)
    }

    /// The atomic weight ("uppitiness") of an all-small game: the game `W`
    /// with `G` close to `W·↑` (Winning Ways, ch. 8, the atomic weight
    /// calculus; Siegel, *Combinatorial Game Theory*, II.7). `Ok(None)`
    /// when it is not defined here: the game is not all-small. Games born
    /// on day 1024 or later whose weight needs the remote star are refused
    /// ([`CgtError::TooLarge`]).
    ///
    /// ```
    /// use miai_cgt::Game;
    /// let aw = |s: &str| s.parse::<Game>().unwrap().atomic_weight().unwrap().map(|w| w.to_string());
    /// assert_eq!(aw("^").as_deref(), Some("1"));
    /// assert_eq!(aw("{^2|v}").as_deref(), Some("1/2"));
    /// assert_eq!(aw("{1|0}"), None);
    /// ```
    pub fn atomic_weight(self) -> Result<Option<Game>, CgtError> {
        context::with(|c| {
            if !c.is_all_small(self, &mut Default::default())? {
                return Ok(None);
            }
            c.atomic_weight(self, &mut Default::default()).map(Some)
        })
    }

    /// The reduced canonical form: the simplest game that differs from
    /// this one by an infinitesimal (Grossman and Siegel, "Reductions of
    /// partizan games"; CGSuite's `ReducedCanonicalForm`). Numbers plus
    /// infinitesimals reduce to the number (`2^* -> 2`); `{{2|0},1*|*}`
    /// reduces to `{1|0}`.
    ///
    /// ```
    /// use miai_cgt::Game;
    /// let g: Game = "{{2|0},1*|*}".parse().unwrap();
    /// assert_eq!(g.reduced_canonical_form().unwrap().to_string(), "{1|0}");
    /// ```
    pub fn reduced_canonical_form(self) -> Result<Game, CgtError> {
        context::with(|c| c.reduced(self, &mut Default::default()))
    }

    /// `self + other`; an error only on arithmetic overflow.
    pub fn checked_add(self, other: Game) -> Result<Game, CgtError> {
        context::with(|c| c.add(self, other))
    }

    /// `self - other`.
    pub fn checked_sub(self, other: Game) -> Result<Game, CgtError> {
        context::with(|c| c.sub(self, other))
    }

    /// `-self`.
    pub fn checked_neg(self) -> Result<Game, CgtError> {
        context::with(|c| c.neg(self))
    }

    /// How `self` compares with `other` in the game order.
    pub fn compare(self, other: Game) -> Comparison {
        if self == other {
            return Comparison::Equal;
        }
        // Comparison does no arithmetic beyond ordering dyadics, so it
        // cannot overflow; the Err arm is unreachable in practice.
        let (le, ge) =
            context::with(|c| Ok::<_, CgtError>((c.le(self, other)?, c.le(other, self)?)))
                .unwrap_or((false, false));
        match (le, ge) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// `self || other`: neither `<=` nor `>=`.
    pub fn is_confused_with(self, other: Game) -> bool {
        self.compare(other) == Comparison::Confused
    }

    /// `self <| other`: less than or confused with (not `>=`).
    pub fn less_or_confused(self, other: Game) -> bool {
        !matches!(self.compare(other), Comparison::Greater | Comparison::Equal)
    }

    /// `self |> other`: greater than or confused with (not `<=`).
    pub fn greater_or_confused(self, other: Game) -> bool {
        !matches!(self.compare(other), Comparison::Less | Comparison::Equal)
    }

    /// The outcome class.
    pub fn outcome(self) -> Outcome {
        match self.compare(Game::zero()) {
            Comparison::Greater => Outcome::L,
            Comparison::Less => Outcome::R,
            Comparison::Equal => Outcome::P,
            Comparison::Confused => Outcome::N,
        }
    }

    /// The left stop: the number reached when Left starts and both play
    /// well, stopping at the first number.
    pub fn left_stop(self) -> Dyadic {
        self.stops().0
    }

    /// The right stop.
    pub fn right_stop(self) -> Dyadic {
        self.stops().1
    }

    /// `(left stop, right stop)`.
    pub fn stops(self) -> (Dyadic, Dyadic) {
        // Stops only take maxima and minima of option stops: no arithmetic.
        context::with(|c| c.stops(self)).unwrap_or((Dyadic::ZERO, Dyadic::ZERO))
    }

    /// The thermograph.
    pub fn thermograph(self) -> Result<Thermograph, CgtError> {
        context::with(|c| c.thermograph(self).map(|t| (*t).clone()))
    }

    /// The mean value (where the thermograph's mast stands).
    pub fn mean(self) -> Result<Dyadic, CgtError> {
        context::with(|c| c.thermograph(self).map(|t| t.mean()))
    }

    /// The temperature, CGSuite's convention: `-1` for integers, `-1/2^k`
    /// for `m/2^k`, `0` for infinitesimals, positive for hot games.
    pub fn temperature(self) -> Result<Dyadic, CgtError> {
        context::with(|c| c.thermograph(self).map(|t| t.temperature()))
    }

    /// `self` cooled by `t >= 0` (CGSuite's `Cool`); see the crate docs.
    pub fn cool(self, t: Dyadic) -> Result<Game, CgtError> {
        context::with(|c| c.cool(self, t))
    }

    /// `self` heated by `t >= 0` (CGSuite's `Heat`, `∫^t G`).
    pub fn heat(self, t: Dyadic) -> Result<Game, CgtError> {
        context::with(|c| c.heat(self, t))
    }

    /// Chilling: cooling by 1.
    pub fn chill(self) -> Result<Game, CgtError> {
        self.cool(Dyadic::ONE)
    }

    /// The birthday of the canonical form.
    pub fn birthday(self) -> Result<u64, CgtError> {
        context::with(|c| c.birthday(self))
    }

    /// The number value, if this is a number.
    pub fn as_number(self) -> Option<Dyadic> {
        context::with(|c| c.as_number(self))
    }

    /// Whether this is a number.
    pub fn is_number(self) -> bool {
        self.as_number().is_some()
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.as_number().is_some_and(Dyadic::is_integer)
    }

    /// Whether this is infinitesimal: both stops are 0 (so `-x < G < x` for
    /// every positive number `x`). `0` counts as infinitesimal.
    pub fn is_infinitesimal(self) -> bool {
        self.stops() == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// Whether this is a nimber `*m` (`0 = *0` included).
    pub fn is_nimber(self) -> bool {
        self.as_nimber().is_some()
    }

    /// `Some(m)` if this is `*m`.
    pub fn as_nimber(self) -> Option<u32> {
        context::with(|c| c.as_nimber(self))
    }

    /// Whether this is a switch `{x | y}` of two numbers `x >= y` (a
    /// number plus `±`-something, Winning Ways' simplest hot games;
    /// `x = y` gives `x*`).
    pub fn is_switch(self) -> bool {
        context::with(|c| match c.node(self) {
            Node::General { left, right, .. } if left.len() == 1 && right.len() == 1 => {
                c.is_number(left[0]) && c.is_number(right[0])
            }
            _ => false,
        })
    }

    /// `Some(x + n·↑ + *m)` if this game has that form.
    pub fn as_nus(self) -> Option<Nus> {
        context::with(|c| c.as_nus(self)).ok().flatten()
    }

    /// The integers this game is confused with, if there are at most
    /// `limit` candidates between its stops; `None` if there are more.
    pub fn confused_integers(self, limit: u64) -> Option<Vec<i64>> {
        let (ls, rs) = self.stops();
        let (lo, hi) = (rs.floor(), ls.ceil());
        if hi.abs_diff(lo) > limit {
            return None;
        }
        Some(
            (lo..=hi)
                .filter(|&n| self.is_confused_with(Game::integer(n)))
                .collect(),
        )
    }
}

impl PartialOrd for Game {
    fn partial_cmp(&self, other: &Game) -> Option<Ordering> {
        match self.compare(*other) {
            Comparison::Less => Some(Ordering::Less),
            Comparison::Equal => Some(Ordering::Equal),
            Comparison::Greater => Some(Ordering::Greater),
            Comparison::Confused => None,
        }
    }
}

/// Panics only on dyadic overflow (numerators beyond `i64`); use
/// [`Game::checked_add`] where values may be that large.
impl Add for Game {
    type Output = Game;
    fn add(self, other: Game) -> Game {
        match self.checked_add(other) {
            Ok(g) => g,
            Err(e) => panic!("game sum: {e}"),
        }
    }
}

/// Panics only on dyadic overflow; see [`Game::checked_sub`].
impl Sub for Game {
    type Output = Game;
    fn sub(self, other: Game) -> Game {
        match self.checked_sub(other) {
            Ok(g) => g,
            Err(e) => panic!("game difference: {e}"),
        }
    }
}

/// Panics only on dyadic overflow (`-i64::MIN`); see [`Game::checked_neg`].
impl Neg for Game {
    type Output = Game;
    fn neg(self) -> Game {
        match self.checked_neg() {
            Ok(g) => g,
            Err(e) => panic!("game negation: {e}"),
        }
    }
}

impl From<i64> for Game {
    fn from(n: i64) -> Game {
        Game::integer(n)
    }
}

impl From<Dyadic> for Game {
    fn from(x: Dyadic) -> Game {
        Game::number(x)
    }
}

impl FromStr for Game {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Game, ParseError> {
        crate::parse::parse(s)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::print::to_string(*self))
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game#{}({})", self.0, self)
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    /// A game deserialises from its notation (anything [`parse()`](crate::parse::parse) reads).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        crate::parse::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Game {
    /// A game serialises as its printed canonical form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}
