//! **Forteresse**: a secret siege on two 7×7 grids (`forteresse.md`).
//!
//! Each player hides 10 walls and 5 besieged in the central 5×5 fortress of their grid, then
//! the players take turns firing from the 24 ring cells of the enemy grid, each once per
//! round, with a rifle or a cannon; the rules answer each shot truthfully. Two rounds; per
//! round a player scores 7 per besieged killed, 3 per cannon and 1 per rifle the opponent
//! fired.
//!
//! ```
//! use engarde_rules::forteresse::{Action, Config, Fortress, Forteresse, SeatedAction};
//! use engarde_rules::{Seat, ToAct};
//!
//! let mut config = Config::new(42);
//! config.first_player = Some(Seat::A);
//! let mut game = Forteresse::new(config)?;
//! let mut played = Vec::new();
//! // Both set-ups are owed at once, in either order; they cannot be listed.
//! assert_eq!(game.to_act(), ToAct::Both);
//! for (seat, seed) in [(Seat::B, 2), (Seat::A, 1)] {
//!     let action = Action::Setup(Fortress::random(seed));
//!     game.play(seat, action)?;
//!     played.push(SeatedAction { seat, action });
//! }
//! // Then shots, until both rounds are over: here always the first legal one.
//! while let Some(seat) = game.to_act().single() {
//!     let action = match game.legal_actions(seat).first() {
//!         Some(&shot) => shot,
//!         None => Action::Setup(Fortress::random(u64::from(game.turn()))), // round 2's set-ups
//!     };
//!     game.play(seat, action)?;
//!     played.push(SeatedAction { seat, action });
//!     if game.to_act() == ToAct::Both {
//!         for seat in Seat::ALL {
//!             let action = Action::Setup(Fortress::random(u64::from(game.turn())));
//!             game.play(seat, action)?;
//!             played.push(SeatedAction { seat, action });
//!         }
//!     }
//! }
//! assert!(game.is_finished() && game.round_scores().len() == 2);
//! // The record replays to the same match, and the saved state loads to it.
//! assert_eq!(Forteresse::from_record(&game.to_record(played))?, game);
//! let saved = serde_json::to_string(&game)?;
//! assert_eq!(serde_json::from_str::<Forteresse>(&saved)?, game);
//! // The public view holds no fortress; a seat's view holds only its own.
//! assert!(game.view(Seat::A).fortress.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Readings of the rules
//!
//! Where `forteresse.md` leaves a choice it names an option ([`Options`]); these points are
//! how the engine shows them:
//!
//! - **Announcements** ([`Announcement`], the `announcements` of a replay report) carry
//!   `answer` and, exactly when the rules announce it, `cell`. Under `rifle_answer =
//!   without_cell` a rifle's kill reads `"answer": "besieged"` with no `cell` (the besieged
//!   is still killed and counted). Under `miss_answer = silence` a miss reads `"answer":
//!   "silence"`: the word "nothing" is never said, and the record shows that nothing was.
//!   As every hit is announced, silence tells the shooter what "nothing" would, so both
//!   mark the ray as empty on the attack grid.
//! - **Attack grids** ([`AttackGrid`]) use the announcements only: a hit with its cell marks
//!   the cell and the ray's cells before it; a miss marks the whole ray; a rifle's wall, or a
//!   kill without its cell, marks nothing. No deduction across shots.
//! - **Whose decision** ([`Forteresse::to_act`]): both seats while both set-ups are owed,
//!   then the one that still owes, then the shooter. There is no pause between rounds:
//!   round 1's last shot opens round 2, so under `round2_setup = fresh` `to_act` is `Both`
//!   (new set-ups) right after it, and under `same_as_round1` it is round 2's first shooter
//!   (round 1's set-ups are restored intact and no set-up action is played).
//! - **`round2_first = lower_round1_score`** on equal round-1 scores falls back to `swap`.
//! - **`tie = kills_then_fewer_shots`**: more besieged killed over both rounds wins, then
//!   fewer shots fired over both rounds; still equal, a draw.
//! - **`setup_rule = besieged_must_be_reachable`**: the text asks for "an empty or wall-only
//!   line to the ring", but with 5 besieged that never refuses anything (a border besieged
//!   touches the ring; an inner one has 8 disjoint lines and only 4 other besieged could
//!   block them), while F2.1 sets the rule against a "fully walled in" besieged. The engine
//!   reads it as: every besieged is the first occupied cell of at least one legal shot's ray
//!   on the untouched fortress (walls block). It is checked when the set-up is played
//!   ([`Fortress::check_rule`]).
//! - **Resign and draws**: [`Action::Resign`] ends the match at once, the other seat
//!   winning; [`Action::AgreeDraw`] ends it with no winner. Either is open to either seat
//!   until the end, and neither is listed by [`Forteresse::legal_actions`]. The round in
//!   play is not scored.
//! - **Tosses**: `first_shooter = random` draws from stream 0 of the seed (the same draw as
//!   En Garde's first player), `round2_first = random` from stream 1.

mod action;
mod cell;
mod event;
mod fortress;
mod game;
mod options;
mod record;
mod rng;
mod rules;
mod state;
mod view;

pub use action::{Action, PlayError, SeatedAction, Shot, StopReason, Weapon};
pub use cell::{ray, Cell, Dir, Dirs, DirsIter, ParseError};
pub use event::{Announcement, AnswerKind, Event, RoundSummary};
pub use fortress::{Fortress, FortressError, Occupant, BESIEGED, WALLS};
pub use game::{Config, Finish, Forteresse, Phase, SetupError, ROUNDS};
pub use options::{
    DirectionRule, ExtraShot, FirstShooter, MissAnswer, OptionOverrides, Options, RifleAnswer, Round2First,
    Round2Setup, SetupRule, Tie,
};
pub use record::{replay, replay_game, GameName, MatchRecord, Report, Variant, RECORD_FORMAT};
pub use state::{Saved, SavedFortress, SavedShot, STATE_FORMAT};
pub use view::{AttackCell, AttackGrid, DefenceCell, DefenceGrid, EndedRound, Grid, LegalFrom, PublicView, SeatView};
