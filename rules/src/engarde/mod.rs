//! **En Garde** by Reiner Knizia and **Kengo**, its redesign: one family of card
//! fencing games at three levels each (see `rules.md`).
//!
//! ```
//! use engarde_rules::engarde::{Config, EnGarde, SeatedAction, Variant};
//! use engarde_rules::Seat;
//!
//! let mut config = Config::new(Variant::EngardeStandard, 7);
//! config.first_player = Some(Seat::A);
//! let mut game = EnGarde::new(config)?;
//! // Play the first legal action until the match ends (the game counts the actions;
//! // whoever stores a match keeps them, as its log).
//! let mut played = Vec::new();
//! while let Some(seat) = game.to_act() {
//!     let action = game.legal_actions()[0];
//!     game.play(seat, action)?;
//!     played.push(SeatedAction { seat, action });
//! }
//! assert!(game.winner().is_some());
//! // The record replays to the same state.
//! let replayed = EnGarde::from_record(&game.to_record(played))?;
//! assert_eq!(replayed, game);
//! // Views never hold the other hand.
//! let view = game.view(Seat::A);
//! assert_eq!(view.hand, game.hand(Seat::A));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Kengo's eight special cards are optional in Kengo and their effects are not
//! given in the rule text, so they are not implemented.

mod action;
mod action_list;
mod card;
mod event;
mod game;
mod legal;
mod options;
mod pile;
mod record;
mod rules;
mod setup;
mod shuffle;
mod variant;
mod view;

pub use action::{Action, PlayError, SeatedAction};
pub use action_list::{ActionList, MAX_ACTIONS};
pub use card::{Card, Cards, MAX_COPIES, MAX_VALUE};
pub use event::{Event, RoundEndReason, RoundResult};
pub use game::{Attack, Config, EnGarde, Phase, RoundState, SetupError, PISTE_SPACES};
pub use options::{
    BasicLastAttack, EmptyHandAfterParry, FirstPlayer, LungeAttackCards, OptionOverrides, OptionProblem, Options,
    OptionsError, ParryRule, Riposte, RoundStarter, ShortDraw, StartSpaces,
};
pub use pile::{Pile, MAX_DECK};
pub use record::{replay, replay_game, MatchRecord, ReplayReport, RoundSummary, RECORD_FORMAT};
pub use setup::{Setup, STATE_FORMAT};
pub use variant::{Family, Level, UnknownVariant, Variant};
pub use view::{PublicView, SeatView};
