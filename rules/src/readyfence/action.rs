//! What a player decides, one small decision at a time, in the match-record syntax (see the
//! module documentation of [`readyfence`](super) for the whole syntax).

use std::fmt;

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::cards::{Card, Kind};
use crate::Seat;

/// A weapon position (R5.1): Point-in-Line beats Invitation, Invitation beats Engagement,
/// Engagement beats Point-in-Line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    /// Point-in-Line (`line`), everyone's start.
    Line,
    /// Invitation (`inv`).
    Inv,
    /// Engagement (`eng`).
    Eng,
}

impl Guard {
    /// The three positions.
    pub const ALL: [Guard; 3] = [Guard::Line, Guard::Inv, Guard::Eng];

    /// The name in records and views.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Guard::Line => "line",
            Guard::Inv => "inv",
            Guard::Eng => "eng",
        }
    }

    /// Whether this position beats `other` in the cycle.
    #[must_use]
    pub const fn beats(self, other: Guard) -> bool {
        matches!((self, other), (Guard::Line, Guard::Inv) | (Guard::Inv, Guard::Eng) | (Guard::Eng, Guard::Line))
    }
}

/// A one-block move (R3): toward the opponent or away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Toward the opponent.
    Forward,
    /// Away from the opponent, toward one's own end zone.
    Back,
}

/// One decision of a player: a game action of a turn, a card or no-card action of a phrase,
/// a mulligan decision, or resign / agree to a draw. Small and `Copy`: cards are named by
/// their face ([`Card`]); an Angulation is a flag on the card it attaches to.
///
/// A turn is a sequence of these (R3): each game action is one decision, and the turn ends
/// by itself when it is complete (after a Play, a Stall, or a second non-play action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take the mulligan (R2.4).
    Mulligan,
    /// Keep the dealt hand.
    Keep,
    /// Move one block.
    Move(Step),
    /// Change the weapon position to this one.
    Weapon(Guard),
    /// Discard this card and draw one from the timer: the turn's Discard/Draw (B, A), or the
    /// tutorial's free swap after a turn without a phrase.
    Swap(Card),
    /// Stall (B, A): the whole turn, +2 SP, the top timer card burned.
    Stall,
    /// Retreat (A): back 2 blocks, with an optional swap of this card.
    Retreat(Option<Card>),
    /// End the turn after one non-play action (only under `short_turn = allow`).
    EndTurn,
    /// Open a phrase with this red card (the turn's last action), with an Angulation or not.
    Play {
        /// The opening card.
        card: Card,
        /// Whether an Angulation is attached.
        angulation: bool,
    },
    /// Answer the pending threat with this card (a parry, counter-attack or special card).
    Answer {
        /// The answering card.
        card: Card,
        /// Whether an Angulation is attached.
        angulation: bool,
    },
    /// Parry without a card (R8.3).
    Parry,
    /// Defence by Distance (R8.4), with the card to discard when the defender chooses it
    /// (tutorial; advanced under `distance_pick = choice`), else `None`.
    Distance(Option<Card>),
    /// Let the pending threat score instead of answering (option `concede`).
    Concede,
    /// Play Renewed Attack (R9.5): the first attack returns at +2.
    Renew,
    /// Play Feint (R9.6): option 1 with a new opening card, or option 2 (`card: None`).
    Feint {
        /// The replacement card (option 1), or none (option 2).
        card: Option<Card>,
        /// Whether an Angulation is attached to the replacement.
        angulation: bool,
    },
    /// Riposte with a Glide Attack as a bonus after one's own successful parry (R9.2).
    Glide {
        /// The Glide Attack.
        card: Card,
        /// Whether an Angulation is attached.
        angulation: bool,
    },
    /// Decline an optional step: a Renewed Attack, Feint or Glide bonus that could follow, or
    /// the tutorial's free swap.
    Pass,
    /// Give up the bout: the other seat wins at once.
    Resign,
    /// Accept a draw offer: the bout ends with no winner.
    AgreeDraw,
}

fn with_angulation(f: &mut fmt::Formatter<'_>, card: Card, angulation: bool) -> fmt::Result {
    if angulation {
        write!(f, "{card} with an angulation")
    } else {
        write!(f, "{card}")
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Mulligan => f.write_str("take the mulligan"),
            Action::Keep => f.write_str("keep the hand"),
            Action::Move(Step::Forward) => f.write_str("move forward"),
            Action::Move(Step::Back) => f.write_str("move back"),
            Action::Weapon(g) => write!(f, "weapon to {}", g.as_str()),
            Action::Swap(c) => write!(f, "discard {c} and draw"),
            Action::Stall => f.write_str("stall"),
            Action::Retreat(None) => f.write_str("retreat"),
            Action::Retreat(Some(c)) => write!(f, "retreat, discarding {c} and drawing"),
            Action::EndTurn => f.write_str("end the turn"),
            Action::Play { card, angulation } => {
                f.write_str("open with ")?;
                with_angulation(f, card, angulation)
            }
            Action::Answer { card, angulation } => {
                f.write_str("answer with ")?;
                with_angulation(f, card, angulation)
            }
            Action::Parry => f.write_str("parry without a card"),
            Action::Distance(None) => f.write_str("defence by distance"),
            Action::Distance(Some(c)) => write!(f, "defence by distance, discarding {c}"),
            Action::Concede => f.write_str("concede"),
            Action::Renew => f.write_str("renewed attack"),
            Action::Feint { card: None, .. } => f.write_str("feint and stop the phrase"),
            Action::Feint { card: Some(card), angulation } => {
                f.write_str("feint into ")?;
                with_angulation(f, card, angulation)
            }
            Action::Glide { card, angulation } => {
                f.write_str("riposte with ")?;
                with_angulation(f, card, angulation)
            }
            Action::Pass => f.write_str("pass"),
            Action::Resign => f.write_str("resign"),
            Action::AgreeDraw => f.write_str("agree to a draw"),
        }
    }
}

/// An action with the seat that took it: one entry of a match record's `actions`, e.g.
/// `{"seat": "a", "play": "straight_thrust:3"}`.
///
/// ```
/// use engarde_rules::readyfence::{Action, SeatedAction};
/// for json in [
///     r#"{"seat":"a","play":"straight_thrust:3"}"#,
///     r#"{"seat":"b","answer":["stop_hit:5","angulation"]}"#,
///     r#"{"seat":"a","move":"forward"}"#,
///     r#"{"seat":"b","distance":true}"#,
/// ] {
///     let act: SeatedAction = serde_json::from_str(json).unwrap();
///     assert_eq!(serde_json::to_string(&act).unwrap(), json);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatedAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
}

/// The keys of an action in a record, besides `seat`.
pub const ACTION_KEYS: [&str; 19] = [
    "mulligan",
    "keep",
    "move",
    "weapon",
    "swap",
    "stall",
    "retreat",
    "end_turn",
    "play",
    "answer",
    "parry",
    "distance",
    "concede",
    "renew",
    "feint",
    "glide",
    "pass",
    "resign",
    "agree_draw",
];

/// A card with an optional Angulation as written: `"card"` or `["card", "angulation"]`.
fn cards_value(card: Card, angulation: bool) -> Value {
    if angulation {
        Value::Array(vec![Value::String(card.to_string()), Value::String(Kind::Angulation.id().to_owned())])
    } else {
        Value::String(card.to_string())
    }
}

fn card_of(key: &str, v: &Value) -> Result<Card, String> {
    v.as_str().ok_or_else(|| format!("`{key}` needs a card, like \"stop_hit:5\""))?.parse()
}

fn cards_of(key: &str, v: &Value) -> Result<(Card, bool), String> {
    match v {
        Value::String(_) => Ok((card_of(key, v)?, false)),
        Value::Array(items) => match items.as_slice() {
            [card, bonus] if bonus.as_str() == Some(Kind::Angulation.id()) => Ok((card_of(key, card)?, true)),
            [card] => Ok((card_of(key, card)?, false)),
            _ => Err(format!("`{key}` is a card, or a card and \"angulation\"")),
        },
        _ => Err(format!("`{key}` needs a card, like \"stop_hit:5\"")),
    }
}

impl SeatedAction {
    /// The action as written in a record.
    #[must_use]
    pub fn to_json(self) -> Value {
        let mut map = Map::new();
        map.insert("seat".to_owned(), Value::String(self.seat.as_str().to_owned()));
        let t = Value::Bool(true);
        let (key, value) = match self.action {
            Action::Mulligan => ("mulligan", t),
            Action::Keep => ("keep", t),
            Action::Move(Step::Forward) => ("move", Value::String("forward".to_owned())),
            Action::Move(Step::Back) => ("move", Value::String("back".to_owned())),
            Action::Weapon(g) => ("weapon", Value::String(g.as_str().to_owned())),
            Action::Swap(c) => ("swap", Value::String(c.to_string())),
            Action::Stall => ("stall", t),
            Action::Retreat(None) => ("retreat", t),
            Action::Retreat(Some(c)) => ("retreat", Value::String(c.to_string())),
            Action::EndTurn => ("end_turn", t),
            Action::Play { card, angulation } => ("play", cards_value(card, angulation)),
            Action::Answer { card, angulation } => ("answer", cards_value(card, angulation)),
            Action::Parry => ("parry", t),
            Action::Distance(None) => ("distance", t),
            Action::Distance(Some(c)) => ("distance", Value::String(c.to_string())),
            Action::Concede => ("concede", t),
            Action::Renew => ("renew", t),
            Action::Feint { card: None, .. } => ("feint", t),
            Action::Feint { card: Some(card), angulation } => ("feint", cards_value(card, angulation)),
            Action::Glide { card, angulation } => ("glide", cards_value(card, angulation)),
            Action::Pass => ("pass", t),
            Action::Resign => ("resign", t),
            Action::AgreeDraw => ("agree_draw", t),
        };
        map.insert(key.to_owned(), value);
        Value::Object(map)
    }

    /// Reads one action of a record.
    ///
    /// # Errors
    /// A plain-words reason if the action is malformed.
    pub fn from_json(v: &Value) -> Result<SeatedAction, String> {
        let obj = v.as_object().ok_or("an action must be a JSON object")?;
        let seat = match obj.get("seat").and_then(Value::as_str) {
            Some("a") => Seat::A,
            Some("b") => Seat::B,
            _ => return Err("an action needs `seat`: \"a\" or \"b\"".to_owned()),
        };
        if let Some(key) = obj.keys().find(|k| *k != "seat" && !ACTION_KEYS.contains(&k.as_str())) {
            return Err(format!(
                "unknown action `{key}` (a Ready... Fence! action is one of {})",
                ACTION_KEYS.join(", ")
            ));
        }
        let mut keys = obj.keys().filter(|k| *k != "seat");
        let (Some(key), None) = (keys.next(), keys.next()) else {
            return Err(format!("an action needs exactly one of: {}", ACTION_KEYS.join(", ")));
        };
        let value = &obj[key];
        let key = key.as_str();
        let flag = |action| {
            if value == &Value::Bool(true) {
                Ok(action)
            } else {
                Err(format!("`{key}` must be true"))
            }
        };
        let optional_card = |value: &Value| -> Result<Option<Card>, String> {
            match value {
                Value::Bool(true) => Ok(None),
                Value::String(_) => Ok(Some(card_of(key, value)?)),
                _ => Err(format!("`{key}` is true or a card")),
            }
        };
        let action = match key {
            "mulligan" => flag(Action::Mulligan)?,
            "keep" => flag(Action::Keep)?,
            "move" => match value.as_str() {
                Some("forward") => Action::Move(Step::Forward),
                Some("back") => Action::Move(Step::Back),
                _ => return Err("`move` is \"forward\" or \"back\"".to_owned()),
            },
            "weapon" => match value.as_str() {
                Some("line") => Action::Weapon(Guard::Line),
                Some("inv") => Action::Weapon(Guard::Inv),
                Some("eng") => Action::Weapon(Guard::Eng),
                _ => return Err("`weapon` is \"line\", \"inv\" or \"eng\"".to_owned()),
            },
            "swap" => Action::Swap(card_of(key, value)?),
            "stall" => flag(Action::Stall)?,
            "retreat" => Action::Retreat(optional_card(value)?),
            "end_turn" => flag(Action::EndTurn)?,
            "play" => {
                let (card, angulation) = cards_of(key, value)?;
                Action::Play { card, angulation }
            }
            "answer" => {
                let (card, angulation) = cards_of(key, value)?;
                Action::Answer { card, angulation }
            }
            "parry" => flag(Action::Parry)?,
            "distance" => Action::Distance(optional_card(value)?),
            "concede" => flag(Action::Concede)?,
            "renew" => flag(Action::Renew)?,
            "feint" => {
                if value == &Value::Bool(true) {
                    Action::Feint { card: None, angulation: false }
                } else {
                    let (card, angulation) = cards_of(key, value)?;
                    Action::Feint { card: Some(card), angulation }
                }
            }
            "glide" => {
                let (card, angulation) = cards_of(key, value)?;
                Action::Glide { card, angulation }
            }
            "pass" => flag(Action::Pass)?,
            "resign" => flag(Action::Resign)?,
            "agree_draw" => flag(Action::AgreeDraw)?,
            _ => return Err(format!("unknown action `{key}`")),
        };
        Ok(SeatedAction { seat, action })
    }
}

impl Serialize for SeatedAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Value::Object(obj) = self.to_json() else { unreachable!("an action is an object") };
        let mut map = s.serialize_map(Some(obj.len()))?;
        // `seat` first, as records write it.
        map.serialize_entry("seat", &obj["seat"])?;
        for (k, v) in obj.iter().filter(|(k, _)| *k != "seat") {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for SeatedAction {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SeatedAction::from_json(&Value::deserialize(d)?).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<SeatedAction, String> {
        SeatedAction::from_json(&serde_json::from_str(json).unwrap())
    }

    #[test]
    fn every_action_reads_and_writes_the_record_syntax() {
        for json in [
            r#"{"seat":"a","mulligan":true}"#,
            r#"{"seat":"b","keep":true}"#,
            r#"{"seat":"a","move":"back"}"#,
            r#"{"seat":"a","weapon":"eng"}"#,
            r#"{"seat":"a","swap":"beat_thrust:4"}"#,
            r#"{"seat":"a","stall":true}"#,
            r#"{"seat":"a","retreat":true}"#,
            r#"{"seat":"a","retreat":"joker"}"#,
            r#"{"seat":"a","end_turn":true}"#,
            r#"{"seat":"a","play":["fleche:5","angulation"]}"#,
            r#"{"seat":"b","answer":"counter_time"}"#,
            r#"{"seat":"b","parry":true}"#,
            r#"{"seat":"b","distance":"flick:4"}"#,
            r#"{"seat":"b","concede":true}"#,
            r#"{"seat":"a","renew":true}"#,
            r#"{"seat":"a","feint":true}"#,
            r#"{"seat":"a","feint":"straight_thrust:6"}"#,
            r#"{"seat":"b","glide":"glide_attack:4"}"#,
            r#"{"seat":"a","pass":true}"#,
            r#"{"seat":"a","resign":true}"#,
            r#"{"seat":"b","agree_draw":true}"#,
        ] {
            let act = read(json).unwrap();
            assert_eq!(serde_json::to_string(&act).unwrap(), json);
        }
    }

    #[test]
    fn malformed_actions_say_why() {
        let cases = [
            (r#"{"seat":"a","advance":3}"#, "unknown action `advance`"),
            (r#"{"seat":"a","play":"stop_hit"}"#, "`stop_hit` needs its speed, like \"stop_hit:4\""),
            (r#"{"seat":"a","play":"joker:3"}"#, "`joker:3`: a joker has no speed, write \"joker\""),
            (r#"{"seat":"a","play":"sabre:3"}"#, "`sabre` is not a Ready... Fence! card"),
            (r#"{"seat":"a","move":"left"}"#, "`move` is \"forward\" or \"back\""),
            (r#"{"seat":"a","answer":["stop_hit:5","joker"]}"#, "`answer` is a card, or a card and \"angulation\""),
            (r#"{"seat":"a","stall":false}"#, "`stall` must be true"),
            (r#"{"seat":"a","stall":true,"pass":true}"#, "an action needs exactly one of"),
        ];
        for (json, start) in cases {
            let err = read(json).unwrap_err();
            assert!(err.starts_with(start), "{json}: {err}");
        }
    }
}
