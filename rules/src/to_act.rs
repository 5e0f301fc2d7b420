//! Whose decision a match awaits: one seat, both at once (a simultaneous secret
//! set-up), or nobody once the match is over.

use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// Whose decision a match awaits.
///
/// ```
/// use engarde_rules::{Seat, ToAct};
/// assert!(ToAct::Both.includes(Seat::B));
/// assert_eq!(ToAct::One(Seat::A).single(), Some(Seat::A));
/// assert_eq!(ToAct::Both.single(), None);
/// assert!(ToAct::Nobody.seats().is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToAct {
    /// The match is over.
    Nobody,
    /// One seat decides.
    One(Seat),
    /// Both seats decide, each in secret, in either order (a simultaneous set-up).
    Both,
}

impl ToAct {
    /// Whether `seat` has a decision to make.
    #[must_use]
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            ToAct::Nobody => false,
            ToAct::One(s) => s == seat,
            ToAct::Both => true,
        }
    }

    /// The one seat awaited, if exactly one is.
    #[must_use]
    pub fn single(self) -> Option<Seat> {
        match self {
            ToAct::One(s) => Some(s),
            ToAct::Nobody | ToAct::Both => None,
        }
    }

    /// Every seat awaited, in seat order.
    #[must_use]
    pub fn seats(self) -> &'static [Seat] {
        match self {
            ToAct::Nobody => &[],
            ToAct::One(Seat::A) => &[Seat::A],
            ToAct::One(Seat::B) => &[Seat::B],
            ToAct::Both => &Seat::ALL,
        }
    }

    /// The name used in replay reports: `"a"`, `"b"`, `"both"`, or `None` when finished.
    #[must_use]
    pub fn report_name(self) -> Option<&'static str> {
        match self {
            ToAct::Nobody => None,
            ToAct::One(s) => Some(s.as_str()),
            ToAct::Both => Some("both"),
        }
    }
}

impl From<Option<Seat>> for ToAct {
    fn from(seat: Option<Seat>) -> Self {
        seat.map_or(ToAct::Nobody, ToAct::One)
    }
}
