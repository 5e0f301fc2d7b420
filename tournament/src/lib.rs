//! Tournament pairing and standings for En Garde for Discord: Swiss and round robin.
//!
//! Pure: no I/O, no async, no Discord, no database. The caller numbers the players
//! ([`PlayerId`], e.g. their sign-up order), keeps the finished rounds ([`RoundResult`]) and
//! asks for the next round or the standings; every answer is computed from those alone, so
//! it is the same after a restart.
//!
//! - [`swiss`] pairs the next Swiss round: players of equal score meet, nobody meets the same
//!   opponent twice, seats alternate and an odd field gives a bye, optimally by maximum-weight
//!   matching over all pairs (the priorities are those of [`PlanCost`]).
//! - [`round_robin`] schedules every round of a (double) round robin by the circle method.
//! - [`standings`] ranks the players: points, then Buchholz and Sonneborn–Berger (Swiss), or
//!   Sonneborn–Berger and head to head (round robin); [`places`] places those who did not
//!   withdraw among themselves, for the podium.
//!
//! Points are counted in half points ([`HalfPoints`]): a win 2, a draw 1, a loss or a double
//! loss 0, a Swiss bye 2.
//!
//! # Examples
//!
//! Pair a four-player Swiss, play its first round and read the standings:
//!
//! ```
//! use engarde_tournament::{standings, swiss, Format, HalfPoints, Outcome, Played, RoundResult};
//!
//! let players = [1, 2, 3, 4];
//! let plan = swiss(&players, &[]);
//! assert_eq!(plan.pairings.len(), 2);
//! assert_eq!(plan.bye, None);
//!
//! // The first mover of each game wins.
//! let round = RoundResult {
//!     games: plan.pairings.iter().map(|p| Played { first: p.first, second: p.second, outcome: Outcome::FirstWins }).collect(),
//!     bye: plan.bye,
//! };
//! let winners: Vec<u32> = plan.pairings.iter().map(|p| p.first).collect();
//! let past = vec![round];
//!
//! let table = standings(&players, &past, Format::Swiss);
//! assert_eq!(table[0].points, HalfPoints(2));
//! assert!(winners.contains(&table[0].player));
//!
//! // Round two: the two winners meet, and so do the two losers; no pair meets again.
//! let next = swiss(&players, &past);
//! let winners_game = next.pairings.iter().find(|p| winners.contains(&p.first)).unwrap();
//! assert!(winners.contains(&winners_game.second));
//! ```
//!
//! A round robin of three players: three rounds, each player resting once.
//!
//! ```
//! use engarde_tournament::round_robin;
//!
//! let rounds = round_robin(&[1, 2, 3], false);
//! assert_eq!(rounds.len(), 3);
//! assert_eq!(rounds.iter().map(|r| r.bye.unwrap()).collect::<Vec<_>>(), vec![1, 2, 3]);
//! ```

mod history;
mod matching;
mod round_robin;
mod standings;
mod swiss;
mod types;

pub use round_robin::round_robin;
pub use standings::{places, standings};
pub use swiss::{swiss, PlanCost, SwissField, SEAT_BALANCE_LIMIT};
pub use types::{Format, HalfPoints, Outcome, Pairing, Played, PlayerId, RoundPlan, RoundResult, Standing};
