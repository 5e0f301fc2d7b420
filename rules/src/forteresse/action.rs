//! What a player does (a set-up, a shot, resign, agree to a draw), in the match-record
//! syntax, and why an action may be refused.

use std::fmt;

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::cell::{Cell, Dir, Dirs};
use super::fortress::{Fortress, FortressError};
use crate::{Seat, ToAct};

/// A shot's weapon (F3.1), chosen freely each shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Destroys the first wall or besieged on its ray. Each use gives the opponent 3 points.
    Cannon,
    /// Kills a besieged met first; a wall stops it unharmed. Each use gives the opponent 1 point.
    Rifle,
}

impl Weapon {
    /// Both weapons.
    pub const ALL: [Weapon; 2] = [Weapon::Cannon, Weapon::Rifle];

    /// The name in match records: `"cannon"` or `"rifle"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Weapon::Cannon => "cannon",
            Weapon::Rifle => "rifle",
        }
    }

    /// What one use gives the opponent (F6): 3 for a cannon, 1 for a rifle.
    #[must_use]
    pub const fn cost(self) -> u32 {
        match self {
            Weapon::Cannon => 3,
            Weapon::Rifle => 1,
        }
    }
}

impl fmt::Display for Weapon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A shot: from a ring cell of the enemy grid, with a weapon, toward a direction.
/// Serialised as in match records: `{"from": "A4", "weapon": "cannon", "dir": "E"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    /// The ring cell fired from.
    pub from: Cell,
    /// The weapon.
    pub weapon: Weapon,
    /// The direction.
    pub dir: Dir,
}

impl fmt::Display for Shot {
    /// `cannon A4 E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.weapon, self.from, self.dir)
    }
}

/// One decision of a player.
///
/// [`Action::Resign`] and [`Action::AgreeDraw`] are open to either seat at any time until the
/// match ends; a set-up is owed by each seat at the start of a round (in either order); a shot
/// is the shooter's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// This seat's secret set-up for the current round.
    Setup(Fortress),
    /// A shot at the enemy fortress.
    Shot(Shot),
    /// Give up the match: the other seat wins at once.
    Resign,
    /// Accept a draw offer: the match ends with no winner.
    AgreeDraw,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Setup(_) => f.write_str("place a fortress"),
            Action::Shot(s) => write!(f, "shoot: {s}"),
            Action::Resign => f.write_str("resign"),
            Action::AgreeDraw => f.write_str("agree to a draw"),
        }
    }
}

/// An action with the seat that took it: one entry of a match record's `actions`, e.g.
/// `{"seat": "a", "shot": {"from": "A4", "weapon": "cannon", "dir": "E"}}`.
///
/// ```
/// use engarde_rules::forteresse::{Action, SeatedAction, Weapon};
/// let json = r#"{"seat":"b","shot":{"from":"G4","weapon":"rifle","dir":"W"}}"#;
/// let act: SeatedAction = serde_json::from_str(json).unwrap();
/// assert!(matches!(act.action, Action::Shot(s) if s.weapon == Weapon::Rifle));
/// assert_eq!(serde_json::to_string(&act).unwrap(), json);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatedAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
}

/// The keys of an action in a record, besides `seat`.
const ACTION_KEYS: [&str; 4] = ["fortress", "shot", "resign", "agree_draw"];

impl Serialize for SeatedAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("seat", &self.seat)?;
        match &self.action {
            Action::Setup(f) => map.serialize_entry("fortress", f)?,
            Action::Shot(shot) => map.serialize_entry("shot", shot)?,
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

fn cell_of(v: &Value) -> Result<Cell, String> {
    v.as_str().ok_or_else(|| format!("{v} is not a cell (a text like \"B2\")"))?.parse().map_err(|e| format!("{e}"))
}

fn cells_of(obj: &Map<String, Value>, key: &str) -> Result<Vec<Cell>, String> {
    obj[key].as_array().ok_or_else(|| format!("`{key}` must be a list of cells"))?.iter().map(cell_of).collect()
}

/// Checks that `obj` has exactly the keys `keys`.
fn exact_keys(obj: &Map<String, Value>, what: &str, keys: &[&str]) -> Result<(), String> {
    if obj.len() == keys.len() && keys.iter().all(|k| obj.contains_key(*k)) {
        Ok(())
    } else {
        let list: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
        let list = if list.len() == 2 { list.join(" and ") } else { list.join(", ") };
        Err(format!("`{what}` needs exactly {list}"))
    }
}

fn shot_of(v: &Value) -> Result<Shot, String> {
    let obj = v.as_object().ok_or("`shot` must be an object")?;
    exact_keys(obj, "shot", &["from", "weapon", "dir"])?;
    let from = cell_of(&obj["from"])?;
    let weapon = match obj["weapon"].as_str() {
        Some("cannon") => Weapon::Cannon,
        Some("rifle") => Weapon::Rifle,
        _ => return Err(format!("{} is not a weapon (\"cannon\" or \"rifle\")", obj["weapon"])),
    };
    let dir = obj["dir"]
        .as_str()
        .ok_or_else(|| format!("{} is not a direction (N, NE, E, SE, S, SW, W or NW)", obj["dir"]))?
        .parse()
        .map_err(|e| format!("{e}"))?;
    Ok(Shot { from, weapon, dir })
}

fn fortress_of(v: &Value) -> Result<Fortress, String> {
    let obj = v.as_object().ok_or("`fortress` must be an object")?;
    exact_keys(obj, "fortress", &["walls", "besieged"])?;
    Fortress::new(&cells_of(obj, "walls")?, &cells_of(obj, "besieged")?).map_err(|e| e.to_string())
}

impl SeatedAction {
    /// Reads one action of a record.
    ///
    /// # Errors
    /// A plain-words reason if the action is malformed, including a set-up that breaks F2.1
    /// (wrong counts, a ring cell, a repeated cell).
    pub fn from_json(v: &Value) -> Result<SeatedAction, String> {
        let obj = v.as_object().ok_or("an action must be a JSON object")?;
        let seat = match obj.get("seat").and_then(Value::as_str) {
            Some("a") => Seat::A,
            Some("b") => Seat::B,
            _ => return Err("an action needs `seat`: \"a\" or \"b\"".to_owned()),
        };
        if let Some(key) = obj.keys().find(|k| *k != "seat" && !ACTION_KEYS.contains(&k.as_str())) {
            return Err(format!("unknown action `{key}` (a Forteresse action is one of {})", ACTION_KEYS.join(", ")));
        }
        let mut keys = obj.keys().filter(|k| *k != "seat");
        let (Some(key), None) = (keys.next(), keys.next()) else {
            return Err(format!("an action needs exactly one of: {}", ACTION_KEYS.join(", ")));
        };
        let value = &obj[key];
        let flag = |action| {
            if value == &Value::Bool(true) {
                Ok(action)
            } else {
                Err(format!("`{key}` must be true"))
            }
        };
        let action = match key.as_str() {
            "fortress" => Action::Setup(fortress_of(value)?),
            "shot" => Action::Shot(shot_of(value)?),
            "resign" => flag(Action::Resign)?,
            "agree_draw" => flag(Action::AgreeDraw)?,
            _ => unreachable!("keys were checked"),
        };
        Ok(SeatedAction { seat, action })
    }
}

/// Why a player has stopped shooting for the round (F5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// They killed all 5 enemy besieged.
    AllKilled,
    /// They used all 24 ring cells.
    NoCellsLeft,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::AllKilled => "killed all 5 besieged",
            StopReason::NoCellsLeft => "used all 24 ring cells",
        })
    }
}

/// Why an action was refused. The game is left untouched; the text holds no secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The match has ended.
    MatchOver,
    /// Another seat's decision is awaited.
    NotYourTurn {
        /// Whose decision is awaited.
        to_act: ToAct,
    },
    /// A shot by a player who has stopped for this round.
    Stopped(StopReason),
    /// A shot before both set-ups of the round are in.
    SetupsPending,
    /// A second set-up by the same seat in a round.
    AlreadySetUp,
    /// A set-up that breaks option `setup_rule`.
    BadSetup(FortressError),
    /// A shot from a fortress cell.
    NotARingCell(Cell),
    /// A ring cell this player already used this round.
    CellUsed(Cell),
    /// A direction that does not point into the fortress from that cell.
    BadDirection {
        /// The ring cell.
        from: Cell,
        /// The direction tried.
        dir: Dir,
        /// The legal directions from that cell.
        legal: Dirs,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::MatchOver => f.write_str("the match is over"),
            PlayError::NotYourTurn { to_act } => match to_act.single() {
                Some(seat) => write!(f, "not your turn: it is {seat}'s shot"),
                None => f.write_str("not your turn"),
            },
            PlayError::Stopped(why) => write!(f, "you have stopped shooting this round: you {why}"),
            PlayError::SetupsPending => {
                f.write_str("both set-ups are not in yet: no shot before both fortresses are placed")
            }
            PlayError::AlreadySetUp => f.write_str("you already placed your fortress this round"),
            PlayError::BadSetup(e) => e.fmt(f),
            PlayError::NotARingCell(c) => {
                write!(f, "{c} is not a ring cell: shots are fired from columns A and G and rows 1 and 7")
            }
            PlayError::CellUsed(c) => write!(f, "{c} was already used this round"),
            PlayError::BadDirection { from, dir, legal } => {
                let ways = if legal.len() == 1 { "the only way in is" } else { "the ways in are" };
                write!(f, "{from} {dir} does not point into the fortress: from {from} {ways} {legal}")
            }
        }
    }
}

impl std::error::Error for PlayError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<SeatedAction, String> {
        SeatedAction::from_json(&serde_json::from_str(json).unwrap())
    }

    #[test]
    fn actions_read_and_write_the_record_syntax() {
        for json in [
            r#"{"seat":"a","shot":{"from":"A4","weapon":"cannon","dir":"E"}}"#,
            r#"{"seat":"b","resign":true}"#,
            r#"{"seat":"a","agree_draw":true}"#,
            r#"{"seat":"a","fortress":{"walls":["B2","C2","D2","E2","F2","B3","C3","D3","E3","F3"],"besieged":["B4","C4","D4","E4","F4"]}}"#,
        ] {
            let act = read(json).unwrap();
            assert_eq!(serde_json::to_string(&act).unwrap(), json);
        }
    }

    #[test]
    fn malformed_actions_say_why() {
        let cases = [
            (r#"{"seat":"c","resign":true}"#, "an action needs `seat`: \"a\" or \"b\""),
            (
                r#"{"seat":"a","advance":3}"#,
                "unknown action `advance` (a Forteresse action is one of fortress, shot, resign, agree_draw)",
            ),
            (r#"{"seat":"a"}"#, "an action needs exactly one of: fortress, shot, resign, agree_draw"),
            (r#"{"seat":"a","resign":false}"#, "`resign` must be true"),
            (
                r#"{"seat":"a","shot":{"from":"A4","weapon":"bow","dir":"E"}}"#,
                "\"bow\" is not a weapon (\"cannon\" or \"rifle\")",
            ),
            (
                r#"{"seat":"a","shot":{"from":"A4","weapon":"rifle","dir":"UP"}}"#,
                "`UP` is not a direction (one of N, NE, E, SE, S, SW, W, NW)",
            ),
            (r#"{"seat":"a","shot":{"from":"A4","weapon":"rifle"}}"#, "`shot` needs exactly `from`, `weapon`, `dir`"),
            (r#"{"seat":"a","fortress":{"walls":[]}}"#, "`fortress` needs exactly `walls` and `besieged`"),
            (
                r#"{"seat":"a","shot":{"from":"Z9","weapon":"rifle","dir":"E"}}"#,
                "`Z9` is not a cell (a column A to G and a row 1 to 7, like B2)",
            ),
        ];
        for (json, reason) in cases {
            assert_eq!(read(json), Err(reason.to_owned()), "{json}");
        }
    }

    #[test]
    fn refusals_read_plainly() {
        let a1: Cell = "A1".parse().unwrap();
        let a4: Cell = "A4".parse().unwrap();
        let rule = super::super::options::DirectionRule::EntersFortress;
        let e = PlayError::BadDirection { from: a1, dir: Dir::E, legal: a1.dirs_in(rule) };
        assert_eq!(e.to_string(), "A1 E does not point into the fortress: from A1 the only way in is SE");
        let e = PlayError::BadDirection { from: a4, dir: Dir::N, legal: a4.dirs_in(rule) };
        assert_eq!(e.to_string(), "A4 N does not point into the fortress: from A4 the ways in are NE, E and SE");
        assert_eq!(PlayError::CellUsed(a4).to_string(), "A4 was already used this round");
        assert_eq!(PlayError::NotYourTurn { to_act: ToAct::One(Seat::B) }.to_string(), "not your turn: it is B's shot");
    }
}
