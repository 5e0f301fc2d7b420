//! The two seats of a duel and a container holding one value per seat.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A seat at the table: `A` is the challenger, who fences from the low end of
/// the piste; `B` is the challenged player, at the high end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// The challenger, starting at the low end of the piste.
    A,
    /// The challenged player, starting at the high end of the piste.
    B,
}

impl Seat {
    /// Both seats, `A` first.
    pub const ALL: [Seat; 2] = [Seat::A, Seat::B];

    /// The opponent's seat.
    #[must_use]
    #[inline]
    pub fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// The seat's name in match records: `"a"` or `"b"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Seat::A => "a",
            Seat::B => "b",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::A => "A",
            Seat::B => "B",
        })
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "a" | "A" => Ok(Seat::A),
            "b" | "B" => Ok(Seat::B),
            _ => Err(format!("`{s}` is not a seat (expected `a` or `b`)")),
        }
    }
}

/// One value for each seat.
///
/// ```
/// use engarde_rules::{BySeat, Seat};
/// let mut score = BySeat::new_with(|_| 0u8);
/// *score.get_mut(Seat::B) += 1;
/// assert_eq!(score, BySeat { a: 0, b: 1 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySeat<T> {
    /// The value for seat A.
    pub a: T,
    /// The value for seat B.
    pub b: T,
}

impl<T> BySeat<T> {
    /// Builds both values from a function of the seat.
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat { a: f(Seat::A), b: f(Seat::B) }
    }

    /// The value for `seat`.
    #[inline]
    pub fn get(&self, seat: Seat) -> &T {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
        }
    }

    /// The value for `seat`, mutably.
    #[inline]
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::A => &mut self.a,
            Seat::B => &mut self.b,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat { a: f(self.a), b: f(self.b) }
    }
}
