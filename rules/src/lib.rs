//! The rules of the two-player duels the bot serves, one folder per game family:
//! [`engarde`] (Reiner Knizia's **En Garde** and its redesign **Kengo**), [`forteresse`]
//! and [`readyfence`] (**Ready... Fence!**). Every game implements one small trait, [`Rules`]; the [`Game`] enum names
//! them and [`Match`] holds a match of any of them.
//!
//! The practice opponent plays any game at three [`Level`]s: [`choose_action`] decides from
//! a seat's [`Knowledge`] ([`Match::knowledge`]), which holds nothing that seat may not see.
//!
//! Pure game logic: no I/O, no async, nothing of Discord or SQL.
//!
//! ```
//! use engarde_rules::{Match, Seat, ToAct, Variant};
//!
//! let variant: Variant = "engarde-standard".parse()?;
//! let mut game = Match::start(variant, &Default::default(), 7, Some(Seat::A))?;
//! let mut played = Vec::new();
//! while let ToAct::One(seat) = game.to_act() {
//!     let action = game.legal_actions(seat)[0];
//!     game.play(seat, action)?;
//!     played.push((seat, action));
//! }
//! assert!(game.is_finished());
//! // The record replays to the same state.
//! let record = game.to_record(&played).to_string();
//! assert_eq!(Match::replay(&record)?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod chance;
pub mod engarde;
pub mod forteresse;
mod illegal;
mod practice;
pub mod readyfence;
mod refused_option;
mod registry;
mod replay_error;
mod rules;
mod seat;
mod to_act;

pub use illegal::{IllegalMove, Message, MessageArg, MESSAGES as ILLEGAL_MOVE_MESSAGES};
pub use practice::{choose_action, Budget, Knowledge, Level, UnknownLevel};
pub use refused_option::{RefusedOption, MESSAGES as REFUSED_OPTION_MESSAGES};
pub use registry::{
    replay, Game, Match, MatchAction, MatchEvent, PublicView, Report, SeatView, UnknownName, Variant, WrongGame,
};
pub use replay_error::{ErrorDetail, ErrorDocument, ReplayError};
pub use rules::{GameVariant, OptionMap, Outcome, Rules};
pub use seat::{BySeat, Seat};
pub use to_act::ToAct;
