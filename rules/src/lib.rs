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
//!
//! # Adding a game
//!
//! A game is a type implementing [`Rules`] in its own folder of this crate (`src/<game>/`),
//! then one line in the registry's `games!` list (`src/registry.rs`), which gives it its
//! [`Game`], [`Variant`], [`Match`] and [`MatchAction`] variants, and one variant of
//! [`IllegalMove`] for its refusals. The bot then needs its words and pictures
//! (`src/present/`), its board and prompt (`src/discord/render/`) and its button codes
//! (`src/discord/codec/`); no use case changes (see `docs/architecture.md`).
//!
//! The contract, shown on a toy game: one pile of counters, each player in turn takes one
//! or two, and whoever takes the last counter wins. (Inside the crate it would name its own
//! [`Game`] and refusals; outside, this sketch borrows En Garde's.)
//!
//! ```
//! use engarde_rules::engarde::PlayError;
//! use engarde_rules::{
//!     BySeat, Game, GameVariant, IllegalMove, OptionMap, Outcome, RefusedOption, ReplayError, Rules, Seat,
//!     ToAct,
//! };
//! use serde::{Deserialize, Serialize};
//! use serde_json::{json, Value};
//!
//! /// The variants: one, a pile of seven.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! struct Seven;
//!
//! impl GameVariant for Seven {
//!     const VARIANTS: &'static [Self] = &[Seven];
//!     fn name(self) -> &'static str { "nim-seven" }
//!     fn title(self) -> &'static str { "Nim (seven)" }
//! }
//!
//! /// A decision: take 1 or 2 counters, resign, or accept a draw.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Take { Counters(u32), Resign, AgreeDraw }
//!
//! /// The whole state; everything is public in this game, so both views are the pile.
//! #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
//! struct Nim { left: u32, to_act: Seat, turn: u32, over: bool, winner: Option<Seat> }
//!
//! impl Rules for Nim {
//!     type Variant = Seven;
//!     type Action = Take;
//!     type Event = Take;
//!     type PublicView = u32;
//!     type SeatView = u32;
//!     type Report = Value;
//!     const GAME: Game = Game::EnGarde; // a real game names its own
//!     const STATE_FORMAT: u32 = 1;
//!
//!     fn start(_: Seven, options: &OptionMap, _seed: u64, first: Option<Seat>) -> Result<Self, RefusedOption> {
//!         match options.keys().next() {
//!             Some(name) => Err(RefusedOption::Unknown { game: Self::GAME, option: name.clone() }),
//!             None => Ok(Nim { left: 7, to_act: first.unwrap_or(Seat::A), turn: 0, over: false, winner: None }),
//!         }
//!     }
//!     fn variant(&self) -> Seven { Seven }
//!     fn option_changes(&self) -> OptionMap { OptionMap::new() }
//!     fn to_act(&self) -> ToAct {
//!         if self.over { ToAct::Nobody } else { ToAct::One(self.to_act) }
//!     }
//!     fn turn(&self) -> u32 { self.turn }
//!     fn legal_actions(&self, seat: Seat) -> Vec<Take> {
//!         if !self.to_act().includes(seat) { return Vec::new() }
//!         (1..=self.left.min(2)).map(Take::Counters).collect()
//!     }
//!     fn play(&mut self, seat: Seat, action: Take) -> Result<Vec<Take>, IllegalMove> {
//!         // Checked first; an illegal action leaves the state untouched.
//!         let refuse = |e| Err(IllegalMove::EnGarde(e));
//!         if self.over { return refuse(PlayError::MatchOver) }
//!         match action {
//!             Take::Resign => (self.over, self.winner) = (true, Some(seat.other())),
//!             Take::AgreeDraw => self.over = true,
//!             _ if seat != self.to_act => return refuse(PlayError::NotYourTurn { to_act: self.to_act }),
//!             Take::Counters(n) if !(1..=2).contains(&n) || n > self.left => return refuse(PlayError::PileTooShort),
//!             Take::Counters(n) => {
//!                 self.left -= n;
//!                 self.to_act = seat.other();
//!                 if self.left == 0 { (self.over, self.winner) = (true, Some(seat)) }
//!             }
//!         }
//!         self.turn += 1;
//!         Ok(vec![action])
//!     }
//!     fn public_view(&self) -> u32 { self.left }
//!     fn view(&self, _: Seat) -> u32 { self.left }
//!     fn outcome(&self) -> Option<Outcome> { self.over.then_some(Outcome { winner: self.winner }) }
//!     fn score(&self) -> BySeat<u32> {
//!         BySeat::new_with(|s| u32::from(self.winner == Some(s)))
//!     }
//!     fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)> {
//!         self.outcome().map(|o| (o.winner, "last_counter")).into_iter().collect()
//!     }
//!     fn resign() -> Take { Take::Resign }
//!     fn agree_draw() -> Take { Take::AgreeDraw }
//!     fn action_to_json(seat: Seat, action: Take) -> Value {
//!         match action {
//!             Take::Counters(n) => json!({ "seat": seat, "take": n }),
//!             Take::Resign => json!({ "seat": seat, "resign": true }),
//!             Take::AgreeDraw => json!({ "seat": seat, "agree_draw": true }),
//!         }
//!     }
//!     fn action_from_json(value: &Value) -> Result<(Seat, Take), String> {
//!         let seat = serde_json::from_value(value["seat"].clone()).map_err(|e| e.to_string())?;
//!         match (value.get("take").and_then(Value::as_u64), value.get("resign"), value.get("agree_draw")) {
//!             (Some(n), None, None) => Ok((seat, Take::Counters(u32::try_from(n).map_err(|e| e.to_string())?))),
//!             (None, Some(_), None) => Ok((seat, Take::Resign)),
//!             (None, None, Some(_)) => Ok((seat, Take::AgreeDraw)),
//!             _ => Err(format!("not a Nim action: {value}")),
//!         }
//!     }
//!     fn to_record(&self, actions: &[(Seat, Take)]) -> Value {
//!         let actions: Vec<Value> = actions.iter().map(|&(s, a)| Self::action_to_json(s, a)).collect();
//!         json!({ "format": 1, "game": "nim", "variant": "nim-seven", "first_player": "a", "actions": actions })
//!     }
//!     fn replay(text: &str) -> Result<Self, ReplayError> {
//!         let doc: Value = serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
//!         let mut game = Self::start(Seven, &OptionMap::new(), 0, Some(Seat::A))
//!             .map_err(|e| ReplayError::Malformed(e.to_string()))?;
//!         for (index, action) in doc["actions"].as_array().into_iter().flatten().enumerate() {
//!             let illegal = |reason: String| ReplayError::Illegal { index, reason };
//!             let (seat, action) = Self::action_from_json(action).map_err(illegal)?;
//!             game.play(seat, action).map_err(|e| illegal(e.to_string()))?;
//!         }
//!         Ok(game)
//!     }
//!     fn report(&self) -> Value {
//!         json!({ "ok": true, "left": self.left, "to_act": self.to_act().report_name() })
//!     }
//! }
//!
//! // The properties every game keeps (the crate's property tests check them for each game):
//! // everything listed is accepted, a refused action changes nothing, records replay exactly.
//! let mut game = Nim::start(Seven, &OptionMap::new(), 0, Some(Seat::A))?;
//! let mut played = Vec::new();
//! while let ToAct::One(seat) = game.to_act() {
//!     let before = game.clone();
//!     assert!(game.play(seat.other(), Take::Counters(1)).is_err());
//!     assert_eq!(game, before, "a refusal changes nothing");
//!     let take = *game.legal_actions(seat).last().unwrap();
//!     game.play(seat, take)?;
//!     played.push((seat, take));
//! }
//! assert_eq!(game.outcome(), Some(Outcome { winner: Some(Seat::B) })); // 2, 2, 2, then B takes the last
//! assert_eq!(Nim::replay(&game.to_record(&played).to_string())?, game);
//! let stored = serde_json::to_string(&game)?;
//! assert_eq!(serde_json::from_str::<Nim>(&stored)?, game);
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
