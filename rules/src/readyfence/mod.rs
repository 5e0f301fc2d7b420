//! **Ready... Fence!** (Pronti... A Voi!), épée with fencing cards (`ready-fence.md`), in its
//! tutorial, basic and advanced modes (variants `ready-fence-tutorial`, `ready-fence-basic`,
//! `ready-fence-advanced`).
//!
//! Two fencers on a strip of 10 blocks play turns of game actions (move, change weapon
//! position, discard/draw, stall, retreat) and open **phrases** with a red card; the
//! defender answers card by card (parries, counter-attacks, special cards) or without a card,
//! until a touch, a double touch or no point. Bouts go to 5, 10 or 15 points over 1, 2 or 3
//! periods timed by a pile of cards, with extra time on a tie.
//!
//! ```
//! use engarde_rules::readyfence::{Config, ReadyFence, Variant};
//! use engarde_rules::ToAct;
//!
//! let mut game = ReadyFence::new(Config::new(Variant::Basic, 7))?;
//! let mut steps = 0;
//! while let ToAct::One(seat) = game.to_act() {
//!     let legal = game.legal_actions(seat);
//!     // Any listed action is accepted; here the last one (plays a card when one is legal).
//!     game.play(seat, legal[legal.len() - 1])?;
//!     steps += 1;
//!     assert!(steps < 10_000);
//! }
//! assert!(game.is_finished());
//! // The record replays to the same bout; the stored state is the record.
//! assert_eq!(ReadyFence::from_record(&game.to_record())?, game);
//! let saved = serde_json::to_string(&game)?;
//! assert_eq!(serde_json::from_str::<ReadyFence>(&saved)?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The card table is data
//!
//! `cards.json` (beside this file) holds every copy's printed speed, SP cost and mode marks,
//! each ASSUMPTION of `ready-fence.md` beside its value. It is loaded once and validated
//! ([`CardTable::from_json`]: 54 copies; tutorial 41, basic 35; every speed, SP cost and mark
//! present; copies of one face alike; two yellow Straight Thrusts in basic). A card's
//! procedure (what it may answer, what it does) is code ([`Kind`]).
//!
//! # Decisions, one at a time
//!
//! Every decision is one small [`Action`], listed completely by
//! [`ReadyFence::legal_actions`] (everything listed is accepted, nothing else is):
//!
//! - **Mulligan** (R2.4): the first player, then the other, each `mulligan` or `keep`
//!   (only `keep` under `mulligan = off`).
//! - **A turn** (R3) is a sequence of game actions, one decision each; the turn state tracks
//!   what has been used. After one non-play action a second one (or a Play) is owed; the turn
//!   ends by itself after a Play, a Stall, a second non-play action, an action that empties
//!   the timer, a point (leaving the strip), or when no second action is legal. Under
//!   `short_turn = allow`, `end_turn` ends it after one action.
//! - **The tutorial's free swap** after a turn without a phrase: `swap` a card or `pass`.
//! - **A phrase**: whoever must answer the pending threat chooses an `answer` card, a no-card
//!   `parry` or `distance`, or `concede`. After a successful defence of the first attack the
//!   opener may `renew`, `feint` or `pass`; then a parrier holding a Glide Attack may `glide`
//!   or `pass`; then the riposte, if any, must be answered. A player with no legal answer at
//!   all does not decide: the threat scores at once.
//!
//! # Match records
//!
//! A record says `"format"`: 3 (new bouts: the readings settled after the differential fuzz
//! too), 2 (the readings settled after the first engine) or 1 (the first engine's readings);
//! every record keeps the readings of its format (see [`Readings`]),
//! `"game": "ready-fence"`, a `variant`, optional `options` (the option names
//! of `ready-fence.md` section (d) and `target`: 5, 10 or 15), optional `first_player`
//! (absent: the seeded coin toss of R2.3), optional `seed` (default 0), optional `deck` (the
//! order of the cards to shuffle, top first, instead of the initial shuffle: the 41 tutorial
//! cards, the 33 basic cards other than the two yellow Straight Thrusts, or all 54), and
//! `actions`. Cards are written by kind and printed speed, `"stop_hit:5"`, or by kind alone
//! for speedless cards, `"joker"`; a card with an Angulation attached is written
//! `["stop_hit:5", "angulation"]`. Each action is `{"seat": "a", KEY: VALUE}` with one key:
//!
//! | key | value | action |
//! | --- | --- | --- |
//! | `mulligan` | `true` | take the mulligan |
//! | `keep` | `true` | keep the hand |
//! | `move` | `"forward"` / `"back"` | move one block |
//! | `weapon` | `"line"` / `"inv"` / `"eng"` | change weapon position |
//! | `swap` | card | Discard/Draw (B, A), or the tutorial's free swap |
//! | `stall` | `true` | Stall (B, A) |
//! | `retreat` | `true` or card | Retreat (A), with the card swapped if any |
//! | `end_turn` | `true` | end a one-action turn (`short_turn = allow`) |
//! | `play` | card(s) | open a phrase: role *opening* (red) |
//! | `answer` | card(s) | answer the threat: role *parry* (P&R, Ceding, Infighting), *counter* (Stop Hit, Disengage), *counter-time*, or *immediate* (Joker, Feint in Time, Ceding against Glide or Flanconade), decided by the card and the threat |
//! | `parry` | `true` | parry without a card |
//! | `distance` | `true` or card | Defence by Distance, with the discarded card when the defender chooses it (tutorial; advanced under `distance_pick = choice`) |
//! | `concede` | `true` | let the threat score |
//! | `renew` | `true` | Renewed Attack: the first attack again at +2 |
//! | `feint` | card(s) or `true` | Feint option 1 with a new opening card (role *feint card*), or option 2 (`true`) |
//! | `glide` | card(s) | Glide Attack as bonus riposte (role *glide riposte*) |
//! | `pass` | `true` | decline a renew/feint, a Glide bonus, or the free swap |
//! | `resign`, `agree_draw` | `true` | as for every game |
//!
//! The replay output has `ok`, `game`, `period`, `score` (points), `winner`, `finished`,
//! `to_act`, `end` (why the bout ended: `target`, `points`, `extra_time_point`, `priority`,
//! `tie_touch`, `empty_hand`, `tie_double`, `resign`, `draw_agreed`), `positions`,
//! `distance` (`short`, `lunge`, `long`, `out_of_distance`), `weapons`, `stamina`, `timer`
//! (timer pile size) and `priority` (extra time's priority holder), in that order; errors
//! take the common form.
//!
//! # Determinism
//!
//! One ChaCha8 generator per bout (stream 0 of the seed, the crate's shared `chance` module), drawn only in
//! the order of R12: the initial Fisher–Yates shuffle (skipped when the record gives `deck`),
//! the first-player toss (skipped when the record gives `first_player`), each mulligan
//! reshuffle, each random Defence by Distance pick, each period reshuffle, the extra-time
//! selection, the priority toss. Hands, piles and the generator are in no view.
//!
//! # Readings of the rules
//!
//! Where `ready-fence.md` leaves something open that is not a Decision, the engine reads it so:
//!
//! - **Seats and colours**: seat A is Green (blocks counted from its end, faces up the strip),
//!   seat B is Red.
//! - **Targets** (option `target`): tutorial 5, 10 or 15 in one period; basic 5 (1 period) or
//!   10 (2); advanced 5 (1) or 15 (3). Another combination is refused.
//! - **Dealing**: the first player's hand is dealt first, then the other's, then the timer
//!   (top first), then the reserve. In basic each player's sixth card is a yellow Straight
//!   Thrust. The tutorial draws (refills, free swap, Defence by Distance) from the timer,
//!   which is its draw pile, and its mulligan returns cards to that pile; under
//!   `tutorial_timer = twelve` the other undealt cards are set aside as a reserve that the
//!   tutorial never uses.
//! - **Turn actions need a non-empty timer** to draw from (Discard/Draw, the swap of a
//!   Retreat) or burn (Stall); within a period the timer is never empty at a turn.
//! - **No-card Parry** costs at least 1 SP (so SP 0 forbids it, R6.4); its speed is
//!   2 × SP + inv. It may answer either player's riposte (P&R, Infighting or Glide bonus)
//!   under `nocard_targets = opening_and_riposte_parry`; Defence by Distance only D's
//!   answer to the first attack (opening or renewed). Neither answers Counter-time or a
//!   counter-attack.
//! - **"Would stop the threat"** (`nocard_precondition = strict`): a legal, affordable card
//!   that scores at once, a parry with speed ≥ the threat, or a counter-attack faster than it.
//! - **Defence by Distance's card**: basic picks at random among the hand except the protected
//!   yellow Straight Thrust; a player with no such card discards nothing and draws nothing.
//! - **Readings and the record format.** Format 3 records (and every new bout) play the
//!   readings settled after the first engine and those settled after the differential fuzz;
//!   format 2 records keep the first set only, format 1 records the first engine's readings,
//!   so that a stored record always replays the same ([`Readings`] lists the differences).
//! - **Renewed Attack and Feint** are offered to the opener right after D's successful defence
//!   of the first attack (before any Glide bonus or riposte): a parry card (P&R, Ceding plain,
//!   Infighting), a no-card Parry or Defence by Distance; never after a counter-attack, whatever
//!   `renewed` says (format 1: `after_any_defence` also after an overtaking counter-attack).
//!   Only after a phrase opened at lunge distance (format 2 and 1: also after an Infighting
//!   opened at short distance), and once per phrase: after a Renewed Attack is defended the
//!   opener is not asked again (format 2 and 1: Feint could still follow it).
//!   Feint option 2 (stop the phrase) is always offered there, even with no replacement card
//!   (format 1: only when a riposte was pending). Feint's replacement must
//!   be a legal opening at the distance the phrase opened at, counts as a main card, and is
//!   compared with the defence's speed (a card parry's effective speed, a no-card Parry's
//!   speed, a counter-attack's speed; 0 for Defence by Distance under `compare_zero`).
//! - **Glide bonus** comes after P&R, Ceding (plain) or an Infighting parry (format 1: not
//!   after Infighting) and after a no-card Parry; its riposte is answered as a Glide Attack,
//!   at the distance where the parry happened.
//! - **`rps_effect = only_when_winning`** gates the weapon-position modifiers (INV +1 on
//!   defence, ENG −1 on attacks) by the cycle; the printed card boosts (Beat's and Flick's +1
//!   against point-in-line, the Straight Thrust's +2) apply as printed (format 1 also gated
//!   Beat's and Flick's +1).
//! - **`joker_scope = colour_bound`**: the Joker answers neither a Toe-touch nor an Infighting
//!   (the entries tagged \[joker\]), as attack, riposte or renewed attack.
//! - **A penalty during Defence by Distance or a Retreat with swap** (leaving the strip) ends
//!   the phrase or turn at once: no discard, no draw, no swap.
//! - **Angulation** adds +2 to the card it is attached to; on a parry card (`angulation =
//!   any`) also to that card's riposte. It never goes on a speedless card.
//! - **Ripostes** are Straight Thrust-like red attacks for weapon modifiers (ENG −1 applies;
//!   the LINE/INV +2 only under `riposte_boost = on`; Beat and Flick boosts do not apply).
//! - **Infighting's push** (`infighting_step = push`) sends the attacker back 1 block; into
//!   the end zone it is a penalty.
//! - **Extra time** (R11.4): fencers go on guard and weapons reset as for a period
//!   (`period_reset`), stamina is kept; the remaining discards stay discarded.
//! - **The tutorial's tie** (R11.5): checked at the start of each turn. A player whose hand is
//!   empty loses (both empty: the opener of the last phrase loses); a player who holds cards
//!   plays on, even with none that can open, and loses only if no action at all is legal.
//!   (Format 1 read "an empty hand" as a hand without a red lunge card.) Two hands with no
//!   opening card left can play on without end: resigning or agreeing a draw ends such a bout.
//! - **`turn_after_phrase = alternate_plain`** gives the same order as the default: a phrase
//!   always ends its opener's turn.
//! - **`deck_marks = custom`** reads per-copy `custom_modes` from `cards.json`; the shipped
//!   table has none, so it builds the derived decks until real per-copy marks are written in.
//! - **`period_end`**: a turn always stops after the action that empties the timer; the options
//!   differ within a phrase: under `immediately` a Defence by Distance that draws the last card
//!   ends the phrase at once with no point (no Renewed Attack, Feint or Glide bonus after it).
//! - **`extra_timer` and `refill_order`** never differ in practice with the shipped table: a
//!   basic or advanced period always ends with at least 12 discards (every timer card leaves
//!   through a discard, a burn or a draw matched by a discard), so extra time always finds 4;
//!   and the tutorial's refill order matters only when the draw pile runs short during a
//!   refill, which the engine handles (scorer first, or the opener) but no scenario reaches.
//! - **The turn after a point outside a phrase** (leaving the strip) passes to the opponent;
//!   in the tutorial the free swap may come first.
//! - **Resign and draws** are open to either seat at any time until the end, and not listed.
//! - **Discarded cards** are not shown (only the pile's size).

mod action;
mod cards;
mod event;
mod legal;
mod options;
mod phrase;
mod record;
mod rules;
mod state;
mod turn;
mod view;

pub use action::{Action, Guard, SeatedAction, Step, ACTION_KEYS};
pub use cards::{table, Card, CardCopy, CardTable, Kind, DECK_SIZES};
pub use event::{EndReason, Event, Points, Role};
pub use options::*;
pub use phrase::{GLIDE_BONUS_SPEED, RIPOSTE_LOSS};
pub use record::{replay, replay_game, GameName, MatchRecord, Report, RECORD_FORMAT};
pub use state::{mode_deck, Census, Config, Readings, ReadyFence, SetupError, MAX_SP};
pub(crate) use state::{Phase, Stage};
pub use turn::{Decision, PlayError};
pub use view::{Awaiting, Distance, PhraseStep, PhraseView, PublicView, SeatView, TurnView};
