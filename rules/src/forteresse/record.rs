//! Match records and replay reports: the stable JSON interface of `match-record.md`
//! (section "Forteresse").

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::action::SeatedAction;
use super::event::{Announcement, RoundSummary};
use super::game::{Config, Forteresse};
use super::options::{OptionOverrides, Options};
use crate::{BySeat, ReplayError, Seat, ToAct};

/// The version of the match-record format.
pub const RECORD_FORMAT: u32 = 1;

/// The `game` field of a Forteresse record: always `"forteresse"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameName {
    /// `"forteresse"`.
    #[default]
    #[serde(rename = "forteresse")]
    Forteresse,
}

/// The `variant` field of a Forteresse record: always `"forteresse"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// `"forteresse"`.
    #[default]
    #[serde(rename = "forteresse")]
    Forteresse,
}

/// A Forteresse match record: how the match was set up and every action taken.
///
/// ```
/// use engarde_rules::forteresse::{replay, MatchRecord};
/// let json = r#"{"format": 1, "game": "forteresse", "variant": "forteresse", "actions": []}"#;
/// let record: MatchRecord = serde_json::from_str(json).unwrap();
/// assert!(record.actions.is_empty());
/// let report = replay(json).unwrap();
/// assert_eq!(report.to_act, engarde_rules::ToAct::Both);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Format version, [`RECORD_FORMAT`].
    pub format: u32,
    /// `"forteresse"`.
    pub game: GameName,
    /// `"forteresse"`.
    pub variant: Variant,
    /// Changes to the default options.
    #[serde(default, skip_serializing_if = "OptionOverrides::is_empty")]
    pub options: OptionOverrides,
    /// Who shoots first in round 1. Absent: by `options.first_shooter` if the record sets it,
    /// else `a` (the default of every record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The seed of the tosses (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every action, in order.
    pub actions: Vec<SeatedAction>,
}

/// A record before its actions are read, so that a bad action is reported by its index.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    format: u32,
    game: Option<Value>,
    variant: Variant,
    #[serde(default)]
    options: OptionOverrides,
    #[serde(default)]
    first_player: Option<Seat>,
    #[serde(default)]
    seed: Option<u64>,
    actions: Vec<Value>,
}

/// The outcome of a replay, as `engarde replay` prints it for a Forteresse record
/// (field order as specified in `match-record.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Always `true`.
    pub ok: bool,
    /// `"forteresse"`.
    pub game: GameName,
    /// The round in play (or the last one), 1 or 2.
    pub round: u8,
    /// Every ended round, in order.
    pub rounds: Vec<RoundSummary>,
    /// The sum of the ended rounds' scores.
    pub score: BySeat<u32>,
    /// The match winner, `null` while unfinished or drawn.
    pub winner: Option<Seat>,
    /// Whether the match is over.
    pub finished: bool,
    /// `"a"`, `"b"`, `"both"` or `null` once finished.
    #[serde(with = "to_act_name")]
    pub to_act: ToAct,
    /// Every shot of the current round, as announced.
    pub announcements: Vec<Announcement>,
}

/// `ToAct` as replay reports name it.
mod to_act_name {
    use super::*;

    pub(super) fn serialize<S: Serializer>(to_act: &ToAct, s: S) -> Result<S::Ok, S::Error> {
        to_act.report_name().serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ToAct, D::Error> {
        match Option::<String>::deserialize(d)?.as_deref() {
            None => Ok(ToAct::Nobody),
            Some("both") => Ok(ToAct::Both),
            Some("a") => Ok(ToAct::One(Seat::A)),
            Some("b") => Ok(ToAct::One(Seat::B)),
            Some(other) => Err(serde::de::Error::custom(format!("`{other}` is not a, b, both or null"))),
        }
    }
}

impl Forteresse {
    /// The replay report of the current state.
    #[must_use]
    pub fn report(&self) -> Report {
        Report {
            ok: true,
            game: GameName::Forteresse,
            round: self.round,
            rounds: self.rounds.clone(),
            score: self.score(),
            winner: self.winner(),
            finished: self.is_finished(),
            to_act: self.to_act(),
            announcements: self.announcements.clone(),
        }
    }

    /// This match's record, given the actions played so far (the match counts them, see
    /// [`Forteresse::turn`], but does not keep them): it replays to this exact state.
    #[must_use]
    pub fn to_record(&self, actions: Vec<SeatedAction>) -> MatchRecord {
        debug_assert_eq!(actions.len(), self.turn as usize, "the actions played so far");
        MatchRecord {
            format: RECORD_FORMAT,
            game: GameName::Forteresse,
            variant: Variant::Forteresse,
            options: self.options.overrides_from(),
            first_player: Some(self.first_player),
            seed: Some(self.seed),
            actions,
        }
    }

    /// Replays a record.
    ///
    /// # Errors
    /// [`ReplayError::Malformed`] for an unknown format, [`ReplayError::Illegal`] for the
    /// first action that cannot be played.
    pub fn from_record(record: &MatchRecord) -> Result<Forteresse, ReplayError> {
        let mut game = start(record.format, &record.options, record.first_player, record.seed)?;
        play_all(&mut game, record.actions.iter().copied().map(Ok))?;
        Ok(game)
    }
}

fn start(
    format: u32,
    overrides: &OptionOverrides,
    first_player: Option<Seat>,
    seed: Option<u64>,
) -> Result<Forteresse, ReplayError> {
    if format != RECORD_FORMAT {
        return Err(ReplayError::Malformed(format!("unknown format {format} (expected {RECORD_FORMAT})")));
    }
    let options = Options::default().with(overrides);
    // The record's `first_player` wins; else the option, if the record sets it; else seat A.
    let first_player = first_player.or(if overrides.first_shooter.is_some() { None } else { Some(Seat::A) });
    Forteresse::new(Config { options, seed: seed.unwrap_or(0), first_player })
        .map_err(|e| ReplayError::Malformed(e.to_string()))
}

/// Plays a record's actions on `game`.
fn play_all(
    game: &mut Forteresse,
    actions: impl Iterator<Item = Result<SeatedAction, String>>,
) -> Result<(), ReplayError> {
    crate::replay_error::play_all(actions, |a: SeatedAction| game.play(a.seat, a.action).map(drop))
}

/// Replays a Forteresse match record given as JSON text, as `engarde replay` does.
///
/// # Errors
/// [`ReplayError::Malformed`] for a document that is not a Forteresse record (exit status 2),
/// [`ReplayError::Illegal`] for the first action that cannot be played (exit status 1).
pub fn replay(json: &str) -> Result<Report, ReplayError> {
    replay_game(json).map(|g| g.report())
}

/// Like [`replay`], but returns the match itself.
///
/// # Errors
/// As [`replay`].
pub fn replay_game(json: &str) -> Result<Forteresse, ReplayError> {
    let raw: RawRecord = serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    match &raw.game {
        Some(Value::String(g)) if g == "forteresse" => {}
        Some(other) => {
            return Err(ReplayError::Malformed(format!(
                "`game` is {other}: this reader replays \"forteresse\" records"
            )))
        }
        None => {
            return Err(ReplayError::Malformed(
                "`game` is missing: a record without `game` is an En Garde record; a Forteresse record says \
                 \"game\": \"forteresse\""
                    .to_owned(),
            ))
        }
    }
    let _ = raw.variant;
    let mut game = start(raw.format, &raw.options, raw.first_player, raw.seed)?;
    play_all(&mut game, raw.actions.iter().map(SeatedAction::from_json))?;
    Ok(game)
}
