//! Match records: the stable JSON replay format (see `match-record.md`).
//!
//! A record fixes everything chance decides (decks, seed, first player) and
//! lists every action, so it replays to the same match in every version.

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::action::{Action, SeatedAction};
use super::card::{Card, Cards};
use super::game::{Config, EnGarde, SetupError};
use super::options::{OptionOverrides, Options};
use super::variant::Variant;
use crate::{BySeat, ReplayError, Seat};

/// The version of the match-record format.
pub const RECORD_FORMAT: u32 = 1;

/// A match record: how a match was set up and every action taken.
///
/// ```
/// use engarde_rules::engarde::{replay, MatchRecord};
/// let json = r#"{ "format": 1, "variant": "engarde-basic", "seed": 3, "actions": [] }"#;
/// let record: MatchRecord = serde_json::from_str(json).unwrap();
/// assert!(record.actions.is_empty());
/// let report = replay(json).unwrap();
/// assert_eq!(report.to_act, Some(engarde_rules::Seat::A));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Format version, [`RECORD_FORMAT`].
    pub format: u32,
    /// The game, `engarde` (records without it are En Garde records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<crate::Game>,
    /// The variant.
    pub variant: Variant,
    /// Changes to the variant's default options.
    #[serde(default, skip_serializing_if = "is_default")]
    pub options: OptionOverrides,
    /// Who starts round 1 (default `a`, unless `options.first_player` says otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// Fixed decks for the first rounds, top card first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<Vec<Card>>,
    /// Seed of every shuffle not given in `decks` (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every action, in order.
    pub actions: Vec<SeatedAction>,
}

fn is_default(o: &OptionOverrides) -> bool {
    *o == OptionOverrides::default()
}

/// The key of an action in a record, besides `seat`.
const ACTION_KEYS: [&str; 8] =
    ["advance", "retreat", "attack", "advance_attack", "parry", "accept_hit", "resign", "agree_draw"];

impl Serialize for SeatedAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("seat", &self.seat)?;
        match self.action {
            Action::Advance(c) => map.serialize_entry("advance", &c)?,
            Action::Retreat(c) => map.serialize_entry("retreat", &c)?,
            Action::Attack { card, count } => map.serialize_entry("attack", &Cards::of(card, count))?,
            Action::AdvanceAttack { advance, attack, count } => {
                #[derive(Serialize)]
                struct Lunge {
                    advance: Card,
                    attack: Cards,
                }
                map.serialize_entry("advance_attack", &Lunge { advance, attack: Cards::of(attack, count) })?;
            }
            Action::Parry(cards) => map.serialize_entry("parry", &cards)?,
            Action::AcceptHit => map.serialize_entry("accept_hit", &true)?,
            Action::Resign => map.serialize_entry("resign", &true)?,
            Action::AgreeDraw => map.serialize_entry("agree_draw", &true)?,
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for SeatedAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SeatedAction::from_json(&Value::deserialize(d)?).map_err(D::Error::custom)
    }
}

fn card_of(v: &Value) -> Result<Card, String> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .and_then(Card::new)
        .ok_or_else(|| format!("{v} is not a card value (1 to 5)"))
}

fn cards_of(v: &Value, what: &str) -> Result<Vec<Card>, String> {
    let list = v.as_array().ok_or_else(|| format!("`{what}` must be a list of card values"))?;
    if list.is_empty() {
        return Err(format!("`{what}` needs at least one card"));
    }
    list.iter().map(card_of).collect()
}

/// Attack cards, which must all share one value.
fn attack_of(v: &Value, what: &str) -> Result<(Card, u8), String> {
    let cards = cards_of(v, what)?;
    let card = cards[0];
    if cards.iter().any(|&c| c != card) {
        return Err(format!("the cards of `{what}` must all have the same value"));
    }
    u8::try_from(cards.len()).map(|n| (card, n)).map_err(|_| "too many cards".to_owned())
}

fn flag(v: &Value, key: &str) -> Result<(), String> {
    if v == &Value::Bool(true) {
        Ok(())
    } else {
        Err(format!("`{key}` must be true"))
    }
}

impl SeatedAction {
    /// Reads one action of a record, e.g. `{ "seat": "a", "attack": [4, 4] }`.
    ///
    /// # Errors
    /// A plain-words reason if the action is malformed.
    pub fn from_json(v: &Value) -> Result<SeatedAction, String> {
        let obj: &Map<String, Value> = v.as_object().ok_or("an action must be a JSON object")?;
        let seat = match obj.get("seat").and_then(Value::as_str) {
            Some("a") => Seat::A,
            Some("b") => Seat::B,
            _ => return Err("an action needs `seat`: \"a\" or \"b\"".to_owned()),
        };
        if let Some(key) = obj.keys().find(|k| *k != "seat" && !ACTION_KEYS.contains(&k.as_str())) {
            return Err(format!("unknown action `{key}`"));
        }
        let mut keys = obj.keys().filter(|k| *k != "seat");
        let (Some(key), None) = (keys.next(), keys.next()) else {
            return Err(format!("an action needs exactly one of: {}", ACTION_KEYS.join(", ")));
        };
        let value = &obj[key];
        let action = match key.as_str() {
            "advance" => Action::Advance(card_of(value)?),
            "retreat" => Action::Retreat(card_of(value)?),
            "attack" => {
                let (card, count) = attack_of(value, "attack")?;
                Action::Attack { card, count }
            }
            "advance_attack" => {
                let lunge = value.as_object().ok_or("`advance_attack` must be an object")?;
                if lunge.len() != 2 || !lunge.contains_key("advance") || !lunge.contains_key("attack") {
                    return Err("`advance_attack` needs exactly `advance` and `attack`".to_owned());
                }
                let advance = card_of(&lunge["advance"])?;
                let (attack, count) = attack_of(&lunge["attack"], "attack")?;
                Action::AdvanceAttack { advance, attack, count }
            }
            "parry" => Action::Parry(cards_of(value, "parry")?.into_iter().collect()),
            "accept_hit" => {
                flag(value, key)?;
                Action::AcceptHit
            }
            "resign" => {
                flag(value, key)?;
                Action::Resign
            }
            "agree_draw" => {
                flag(value, key)?;
                Action::AgreeDraw
            }
            _ => unreachable!("keys were checked"),
        };
        Ok(SeatedAction { seat, action })
    }
}

/// A record before its actions are read, so a bad action is reported by index.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    format: u32,
    /// `"engarde"` or absent (records written before the other games).
    #[serde(default)]
    game: Option<crate::Game>,
    variant: Variant,
    #[serde(default)]
    options: OptionOverrides,
    #[serde(default)]
    first_player: Option<Seat>,
    #[serde(default)]
    decks: Vec<Vec<Card>>,
    #[serde(default)]
    seed: Option<u64>,
    actions: Vec<Value>,
}

impl From<SetupError> for ReplayError {
    fn from(e: SetupError) -> Self {
        ReplayError::Malformed(e.to_string())
    }
}

/// One ended round in a replay report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    /// The winner, `null` for a drawn round.
    pub winner: Option<Seat>,
    /// `hit`, `stuck`, `hand_count`, `position`, `drawn` or `resign`.
    pub reason: super::event::RoundEndReason,
}

/// The outcome of a replay, printed by `engarde replay` (field order as specified).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayReport {
    /// Always `true`.
    pub ok: bool,
    /// Every ended round, in order.
    pub rounds: Vec<RoundSummary>,
    /// Rounds won over the match.
    pub score: BySeat<u8>,
    /// The match winner, `null` while unfinished.
    pub winner: Option<Seat>,
    /// Whether the match is over.
    pub finished: bool,
    /// Whose decision is awaited, `null` once finished.
    pub to_act: Option<Seat>,
    /// The fencers' spaces in the current round.
    pub positions: BySeat<u8>,
    /// Cards left in the current round's pile.
    pub pile: usize,
    /// Games won, for best-of matches only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<BySeat<u8>>,
}

impl ReplayReport {
    /// The report of a game's current state.
    #[must_use]
    pub fn of(game: &EnGarde) -> ReplayReport {
        ReplayReport {
            ok: true,
            rounds: game.rounds().iter().map(|r| RoundSummary { winner: r.winner, reason: r.reason }).collect(),
            score: game.rounds_won(),
            winner: game.winner(),
            finished: game.is_finished(),
            to_act: game.to_act(),
            positions: game.round().positions,
            pile: game.round().pile.len(),
            games: (game.options().best_of > 1).then(|| game.games()),
        }
    }
}

fn config(
    variant: Variant,
    overrides: &OptionOverrides,
    first_player: Option<Seat>,
    decks: Vec<Vec<Card>>,
    seed: Option<u64>,
) -> Result<Config, ReplayError> {
    let options = Options::for_variant(variant).with(overrides).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    // The record's `first_player` wins; else the option; else seat A.
    let first_player = first_player.or(if overrides.first_player.is_some() { None } else { Some(Seat::A) });
    Ok(Config { variant, options, seed: seed.unwrap_or(0), first_player, decks })
}

/// A record's format and game: version 1, and En Garde (or no game named).
fn check_header(format: u32, game: Option<crate::Game>) -> Result<(), ReplayError> {
    if format != RECORD_FORMAT {
        return Err(ReplayError::Malformed(format!("unknown format {format} (expected 1)")));
    }
    match game {
        None | Some(crate::Game::EnGarde) => Ok(()),
        #[allow(unreachable_patterns)]
        Some(other) => Err(ReplayError::Malformed(format!("a record of `{other}` is not an En Garde record"))),
    }
}

/// Plays a record's actions on `game`.
fn play_all(
    game: &mut EnGarde,
    actions: impl Iterator<Item = Result<SeatedAction, String>>,
) -> Result<(), ReplayError> {
    crate::replay_error::play_all(actions, |a: SeatedAction| game.play(a.seat, a.action).map(drop))
}

impl EnGarde {
    /// Replays a record.
    ///
    /// # Errors
    /// [`ReplayError`]: a bad set-up, or the first action that cannot be played.
    pub fn from_record(record: &MatchRecord) -> Result<EnGarde, ReplayError> {
        check_header(record.format, record.game)?;
        let config = config(record.variant, &record.options, record.first_player, record.decks.clone(), record.seed)?;
        let mut game = EnGarde::new(config)?;
        play_all(&mut game, record.actions.iter().copied().map(Ok))?;
        Ok(game)
    }

    /// This match's record, given the actions played so far (a game counts them, see
    /// [`EnGarde::turn`], but does not keep them): with those, it replays to this exact state.
    #[must_use]
    pub fn to_record(&self, actions: Vec<SeatedAction>) -> MatchRecord {
        debug_assert_eq!(actions.len(), self.turn as usize, "the actions played so far");
        MatchRecord {
            format: RECORD_FORMAT,
            game: None,
            variant: self.variant,
            options: self.options.overrides_from(self.variant),
            first_player: Some(self.first_player),
            decks: self.decks.clone(),
            seed: Some(self.seed),
            actions,
        }
    }
}

/// Replays a match record given as JSON text, as `engarde replay` does.
///
/// # Errors
/// [`ReplayError::Malformed`] for a document that is not a match record,
/// [`ReplayError::Illegal`] for the first action that cannot be played.
pub fn replay(json: &str) -> Result<ReplayReport, ReplayError> {
    replay_game(json).map(|g| ReplayReport::of(&g))
}

/// Like [`replay`], but returns the game itself.
///
/// # Errors
/// As [`replay`].
pub fn replay_game(json: &str) -> Result<EnGarde, ReplayError> {
    let raw: RawRecord = serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    check_header(raw.format, raw.game)?;
    let config = config(raw.variant, &raw.options, raw.first_player, raw.decks, raw.seed)?;
    let mut game = EnGarde::new(config)?;
    play_all(&mut game, raw.actions.iter().map(SeatedAction::from_json))?;
    Ok(game)
}
