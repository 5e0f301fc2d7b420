//! The rules of Reiner Knizia's **En Garde** and of **Kengo**, its redesign:
//! states, legal actions, resolution, per-player views, rule options, seeded
//! shuffles and replayable match records.
//!
//! Pure game logic: no I/O, no async, nothing of Discord or SQL.
//!
//! ```
//! use engarde_rules::{Game, GameConfig, Seat, SeatedAction, Variant};
//!
//! let mut config = GameConfig::new(Variant::EngardeStandard, 7);
//! config.first_player = Some(Seat::A);
//! let mut game = Game::new(config)?;
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
//! let replayed = Game::from_record(&game.to_record(played))?;
//! assert_eq!(replayed, game);
//! // Views never hold the other hand.
//! let view = game.view(Seat::A);
//! assert_eq!(view.hand, game.hand(Seat::A));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Kengo's eight special cards are optional in Kengo and their effects are not
//! given in the rule text, so they are not implemented.

#![warn(missing_docs)]

mod action;
mod card;
mod event;
pub mod forteresse;
mod game;
mod legal;
mod options;
mod record;
mod seat;
mod setup;
mod shuffle;
mod to_act;
mod variant;
mod view;

pub use action::{Action, PlayError, SeatedAction};
pub use card::{Card, Cards, MAX_VALUE};
pub use event::{Event, RoundEndReason, RoundResult};
pub use game::{Attack, Game, GameConfig, Phase, RoundState, SetupError, PISTE_SPACES};
pub use options::{
    BasicLastAttack, EmptyHandAfterParry, FirstPlayer, LungeAttackCards, OptionOverrides, Options, OptionsError,
    ParryRule, Riposte, RoundStarter, ShortDraw, StartSpaces,
};
pub use record::{replay, replay_game, MatchRecord, ReplayError, ReplayReport, RoundSummary, RECORD_FORMAT};
pub use seat::{BySeat, Seat};
pub use setup::{Setup, STATE_FORMAT};
pub use to_act::ToAct;
pub use variant::{Family, Level, UnknownVariant, Variant};
pub use view::{PublicView, SeatView};
