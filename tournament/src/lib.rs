//! Tournament pairing and standings for En Garde for Discord: Swiss and round robin.
//!
//! Pure: no I/O, no async, no Discord, no database.

mod history;
mod matching;
mod round_robin;
mod standings;
mod swiss;
mod types;

pub use round_robin::round_robin;
pub use standings::standings;
pub use swiss::{swiss, PlanCost, SwissField, SEAT_BALANCE_LIMIT};
pub use types::{Format, HalfPoints, Outcome, Pairing, Played, PlayerId, RoundPlan, RoundResult, Standing};
