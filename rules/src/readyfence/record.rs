//! Match records, replay reports, and the stored state (which is the record: it is replayed,
//! and so validated, when loaded).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::action::{Guard, SeatedAction};
use super::cards::Card;
use super::event::EndReason;
use super::options::{OptionOverrides, Options, Variant};
use super::state::{Config, Phase, Readings, ReadyFence, Sudden};
use super::view::Distance;
use crate::{BySeat, ReplayError, Seat, ToAct};

/// The version of the match-record format (and of the stored state, which is a record) that
/// new bouts write. Format 1 and 2 records are still read and replay as they always did: the
/// format names the readings of the rules the bout plays ([`Readings`]).
pub const RECORD_FORMAT: u32 = 3;

/// The `game` field of a Ready... Fence! record: always `"ready-fence"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameName {
    /// `"ready-fence"`.
    #[default]
    #[serde(rename = "ready-fence")]
    ReadyFence,
}

/// A Ready... Fence! match record: how the bout was set up and every action taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Format version: [`RECORD_FORMAT`], or an older one (1, 2) whose readings the bout keeps
    /// ([`Readings`]).
    pub format: u32,
    /// `"ready-fence"`.
    pub game: GameName,
    /// The mode.
    pub variant: Variant,
    /// Changes to the default options.
    #[serde(default, skip_serializing_if = "OptionOverrides::is_empty")]
    pub options: OptionOverrides,
    /// Who plays first; absent: the seeded coin toss (R2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The seed of the one generator (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The order of the shuffled cards, top first, instead of the initial shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<Card>>,
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
    #[serde(default)]
    deck: Option<Vec<Card>>,
    actions: Vec<Value>,
}

/// The outcome of a replay, as `engarde replay` prints it for a Ready... Fence! record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Always `true`.
    pub ok: bool,
    /// `"ready-fence"`.
    pub game: GameName,
    /// The period in play (or the last one).
    pub period: u8,
    /// Points.
    pub score: BySeat<u32>,
    /// The winner, `null` while unfinished or drawn.
    pub winner: Option<Seat>,
    /// Whether the bout is over.
    pub finished: bool,
    /// `"a"`, `"b"` or `null` once finished.
    #[serde(with = "to_act_name")]
    pub to_act: ToAct,
    /// Why the bout ended (`null` while it goes on).
    pub end: Option<EndReason>,
    /// The fencers' blocks.
    pub positions: BySeat<u8>,
    /// The distance, named.
    pub distance: Distance,
    /// Weapon positions.
    pub weapons: BySeat<Guard>,
    /// Stamina.
    pub stamina: BySeat<u8>,
    /// Cards in the timer pile.
    pub timer: u8,
    /// Extra time's priority holder, `null` outside extra time.
    pub priority: Option<Seat>,
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

impl ReadyFence {
    /// The replay report of the current state.
    #[must_use]
    pub fn report(&self) -> Report {
        let (winner, end) = match self.phase {
            Phase::Over { winner, reason } => (winner, Some(reason)),
            _ => (None, None),
        };
        Report {
            ok: true,
            game: GameName::ReadyFence,
            period: self.period,
            score: self.score,
            winner,
            finished: end.is_some(),
            to_act: self.to_act(),
            end,
            positions: self.pos,
            distance: Distance::of_gap(self.gap()),
            weapons: self.weapon,
            stamina: self.sp,
            timer: u8::try_from(self.timer.len()).unwrap_or(u8::MAX),
            priority: match self.sudden {
                Some(Sudden::ExtraTime(s)) => Some(s),
                _ => None,
            },
        }
    }

    /// This bout's record, with every action played so far (the bout keeps them): it replays
    /// to this exact state.
    #[must_use]
    pub fn to_record(&self) -> MatchRecord {
        MatchRecord {
            format: self.readings.format(),
            game: GameName::ReadyFence,
            variant: self.variant,
            options: self.options.overrides_from(),
            first_player: self.first_given,
            seed: Some(self.seed),
            deck: self.deck_given.clone(),
            actions: self.log.clone(),
        }
    }

    /// The actions played so far.
    #[must_use]
    pub fn actions(&self) -> &[SeatedAction] {
        &self.log
    }

    /// Replays a record.
    ///
    /// # Errors
    /// [`ReplayError::Malformed`] for an unknown format or a bad set-up,
    /// [`ReplayError::Illegal`] for the first action that cannot be played.
    pub fn from_record(record: &MatchRecord) -> Result<ReadyFence, ReplayError> {
        let mut game = start(
            record.format,
            record.variant,
            &record.options,
            record.first_player,
            record.seed,
            record.deck.clone(),
        )?;
        crate::replay_error::play_all(record.actions.iter().copied().map(Ok), |a: SeatedAction| {
            game.play(a.seat, a.action).map(drop)
        })?;
        Ok(game)
    }
}

fn start(
    format: u32,
    variant: Variant,
    overrides: &OptionOverrides,
    first_player: Option<Seat>,
    seed: Option<u64>,
    deck: Option<Vec<Card>>,
) -> Result<ReadyFence, ReplayError> {
    let Some(readings) = Readings::of_format(format) else {
        return Err(ReplayError::Malformed(format!("unknown format {format} (expected 1, 2 or {RECORD_FORMAT})")));
    };
    let options = Options::default().with(overrides);
    ReadyFence::new(Config { variant, options, seed: seed.unwrap_or(0), first_player, deck, readings })
        .map_err(|e| ReplayError::Malformed(e.to_string()))
}

/// Replays a Ready... Fence! match record given as JSON text, as `engarde replay` does.
///
/// # Errors
/// [`ReplayError::Malformed`] for a document that is not a Ready... Fence! record (exit
/// status 2), [`ReplayError::Illegal`] for the first action that cannot be played (exit 1).
pub fn replay(json: &str) -> Result<Report, ReplayError> {
    replay_game(json).map(|g| g.report())
}

/// Like [`replay`], but returns the bout itself.
///
/// # Errors
/// As [`replay`].
pub fn replay_game(json: &str) -> Result<ReadyFence, ReplayError> {
    let raw: RawRecord = serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    match &raw.game {
        Some(Value::String(g)) if g == "ready-fence" => {}
        Some(other) => {
            return Err(ReplayError::Malformed(format!(
                "`game` is {other}: this reader replays \"ready-fence\" records"
            )))
        }
        None => {
            return Err(ReplayError::Malformed(
                "`game` is missing: a record without `game` is an En Garde record; a Ready... Fence! record says \
                 \"game\": \"ready-fence\""
                    .to_owned(),
            ))
        }
    }
    let mut game = start(raw.format, raw.variant, &raw.options, raw.first_player, raw.seed, raw.deck)?;
    crate::replay_error::play_all(raw.actions.iter().map(SeatedAction::from_json), |a: SeatedAction| {
        game.play(a.seat, a.action).map(drop)
    })?;
    Ok(game)
}

impl Serialize for ReadyFence {
    /// The stored state: the bout's record (it holds secrets: the seed).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(s)
    }
}

impl<'de> Deserialize<'de> for ReadyFence {
    /// Loads a stored state by replaying it, so that only a legal bout loads.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let record = MatchRecord::deserialize(d)?;
        ReadyFence::from_record(&record).map_err(serde::de::Error::custom)
    }
}
