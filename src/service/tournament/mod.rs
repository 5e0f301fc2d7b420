//! Tournaments (issue #27): a server's players meet in a Swiss or a round robin over
//! days. Pairing and tie-breaks come from the `engarde-tournament` crate; this module
//! stores events, runs their rounds as ordinary matches, and says what to show.
//!
//! - [`signup`]: create, join, leave, remove.
//! - [`rounds`]: the start, each round's start and end (by the scheduler, by time or
//!   when every match of the round has ended), the end of the event.
//! - [`manage`]: pause, resume, cancel.
//! - [`report`]: standings and a player's own pairing.
//!
//! Each use case is one write transaction; every change of an event's state or round is
//! a conditional update, so that several processes sharing a database change it once.

mod manage;
mod report;
mod rounds;
mod signup;

use std::time::Duration;

use engarde_rules::{OptionMap, Variant};
use engarde_tournament::{Format, Outcome, Played, PlayerId, RoundResult};

use super::views::{BoardView, Player};
use super::{Result, ServiceError};
use crate::i18n::Text;
use crate::store::tournaments::{self, EntrantRow, PairingRow, RoundRow, TournamentRow};
use crate::store::{discord_id, Exec};

pub use manage::Cancelled;
pub(crate) use report::event_record;
pub use report::{EventRecord, Mine, StandingLine, StandingsView};
pub use rounds::{RoundStart, TournamentUpdate};
pub use signup::{CreateRequest, JoinOutcome, LeaveOutcome};

/// The fewest players an event starts with.
pub const MIN_PLAYERS: usize = 3;
/// The most players an event may take.
pub const MAX_PLAYERS: u32 = 64;
/// The most rounds a Swiss may have.
pub const MAX_ROUNDS: u32 = 15;
/// The longest an event's name may be, in characters.
pub const NAME_MAX: usize = 60;
/// How long a round may last, at least and at most.
pub const ROUND_RANGE: (Duration, Duration) = (Duration::from_secs(600), Duration::from_secs(60 * 24 * 3600));
/// How long sign-ups may stay open, at least and at most.
pub const SIGNUP_RANGE: (Duration, Duration) = (Duration::from_secs(60), Duration::from_secs(60 * 24 * 3600));
/// A round's time when the creator gives none.
pub const DEFAULT_ROUND: Duration = Duration::from_secs(7 * 24 * 3600);
/// Sign-ups' time when the creator gives none.
pub const DEFAULT_SIGNUP: Duration = Duration::from_secs(24 * 3600);

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventState {
    /// Players may join; it starts when sign-ups close (or a manager starts it).
    SigningUp,
    /// Rounds are being played.
    Running,
    /// A manager paused it: clocks are stopped.
    Paused,
    /// Over, with its final standings.
    Finished,
    /// Called off by a manager, or too few players when sign-ups closed.
    Cancelled,
}

impl EventState {
    fn parse(s: &str) -> Result<EventState> {
        Ok(match s {
            "signup" => EventState::SigningUp,
            "running" => EventState::Running,
            "paused" => EventState::Paused,
            "finished" => EventState::Finished,
            "cancelled" => EventState::Cancelled,
            other => return Err(ServiceError::Internal(format!("tournament state {other}"))),
        })
    }

    /// Whether the event is over (finished or cancelled).
    #[must_use]
    pub fn is_over(self) -> bool {
        matches!(self, EventState::Finished | EventState::Cancelled)
    }
}

/// A signed-up player as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Their number in the event (sign-up order, from 1).
    pub number: u32,
    /// Who they are.
    pub player: Player,
    /// Whether they left or were removed.
    pub withdrawn: bool,
}

/// An event as shown: the announcement, the headers of standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentView {
    pub id: i64,
    pub guild_id: u64,
    /// Where the announcement and the podium are.
    pub channel_id: u64,
    /// The event's own thread, once opened.
    pub thread_id: Option<u64>,
    /// The announcement, once posted.
    pub message_id: Option<u64>,
    pub name: String,
    pub variant: Variant,
    pub format: Format,
    /// Swiss: rounds to play (0 before the start: decided by the number of players);
    /// round robin: 0 before the start.
    pub rounds: u32,
    /// Round robin: everyone meets twice.
    pub double: bool,
    pub turn_seconds: i64,
    pub round_seconds: i64,
    pub rated: bool,
    pub max_players: u32,
    pub signup_closes_at: i64,
    pub state: EventState,
    /// The round being played (0 before the first).
    pub current_round: u32,
    /// When the current round's time is up.
    pub round_deadline: Option<i64>,
    /// Every entrant, in sign-up order.
    pub entrants: Vec<Entrant>,
}

impl TournamentView {
    /// The players still in the event.
    pub fn players(&self) -> impl Iterator<Item = &Entrant> {
        self.entrants.iter().filter(|e| !e.withdrawn)
    }

    /// Whether players may still join: in sign-ups, or a Swiss before its second round.
    #[must_use]
    pub fn open_to_join(&self) -> bool {
        match self.state {
            EventState::SigningUp => true,
            EventState::Running | EventState::Paused => self.format == Format::Swiss && self.current_round <= 1,
            EventState::Finished | EventState::Cancelled => false,
        }
    }
}

/// Who asks for a manager's action: whether they may manage the server, and their roles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manager {
    /// Who.
    pub user_id: u64,
    /// Their display name.
    pub name: String,
    /// Whether they hold Manage Server.
    pub manage_server: bool,
    /// Their roles in the server.
    pub roles: Vec<u64>,
}

/// A refusal worded by message id (see `locales/*/tournament.ftl`).
pub(crate) fn refuse(id: &'static str) -> ServiceError {
    ServiceError::BadOptions(Text::new(id))
}

/// Checks that `who` may run events in `guild`: Manage Server, or the server's
/// tournament role.
pub(crate) async fn check_manager(conn: &mut dyn Exec, guild: u64, who: &Manager) -> Result<()> {
    if who.manage_server {
        return Ok(());
    }
    let role = tournaments::manager_role(conn, crate::store::db_id(guild)).await?;
    match role {
        Some(role) if who.roles.contains(&discord_id(role)) => Ok(()),
        _ => Err(refuse("tournament-error-not-manager")),
    }
}

fn format_of(row: &TournamentRow) -> Result<Format> {
    match row.format.as_str() {
        "swiss" => Ok(Format::Swiss),
        "round_robin" => Ok(Format::RoundRobin),
        other => Err(ServiceError::Internal(format!("tournament {}: format {other}", row.id))),
    }
}

/// The stored name of a format.
pub(crate) fn format_name(format: Format) -> &'static str {
    match format {
        Format::Swiss => "swiss",
        Format::RoundRobin => "round_robin",
    }
}

/// An event as shown to players, read from the database.
///
/// # Errors
/// An unknown event; database errors.
pub(crate) async fn event_view(conn: &mut dyn Exec, id: i64) -> Result<TournamentView> {
    Ok(Event::load(conn, id, None).await?.view())
}

pub(crate) fn as_u32(n: i64) -> u32 {
    u32::try_from(n).unwrap_or_default()
}

fn entrant_player(e: &EntrantRow) -> Player {
    Player { user_id: discord_id(e.user_id), name: e.name.clone().unwrap_or_else(|| "someone".to_owned()) }
}

/// An event read whole: its row, entrants, rounds and pairings.
pub(crate) struct Event {
    pub row: TournamentRow,
    pub format: Format,
    pub variant: Variant,
    pub options: OptionMap,
    pub state: EventState,
    pub entrants: Vec<EntrantRow>,
    pub rounds: Vec<RoundRow>,
    pub pairings: Vec<PairingRow>,
}

impl Event {
    /// Reads event `id`, if it is in `guild` (any server when `None`).
    pub(crate) async fn load(conn: &mut dyn Exec, id: i64, guild: Option<u64>) -> Result<Event> {
        let row = tournaments::get(conn, id)
            .await?
            .filter(|r| guild.is_none_or(|g| discord_id(r.guild_id) == g))
            .ok_or_else(|| refuse("tournament-error-not-found"))?;
        let format = format_of(&row)?;
        let variant: Variant =
            row.variant.parse().map_err(|e| ServiceError::Internal(format!("tournament {id}: {e}")))?;
        let options: OptionMap = serde_json::from_str(&row.options)?;
        let state = EventState::parse(&row.state)?;
        let entrants = tournaments::entrants(conn, id).await?;
        let rounds = tournaments::rounds(conn, id).await?;
        let pairings = tournaments::pairings(conn, id).await?;
        Ok(Event { row, format, variant, options, state, entrants, rounds, pairings })
    }

    pub(crate) fn id(&self) -> i64 {
        self.row.id
    }

    pub(crate) fn view(&self) -> TournamentView {
        let r = &self.row;
        TournamentView {
            id: r.id,
            guild_id: discord_id(r.guild_id),
            channel_id: discord_id(r.channel_id),
            thread_id: r.thread_id.map(discord_id),
            message_id: r.message_id.map(discord_id),
            name: r.name.clone(),
            variant: self.variant,
            format: self.format,
            rounds: as_u32(r.rounds),
            double: r.double_rr,
            turn_seconds: r.turn_seconds,
            round_seconds: r.round_seconds,
            rated: r.rated,
            max_players: as_u32(r.max_players),
            signup_closes_at: r.signup_closes_at,
            state: self.state,
            current_round: as_u32(r.current_round),
            round_deadline: r.round_deadline,
            entrants: self
                .entrants
                .iter()
                .map(|e| Entrant {
                    number: as_u32(e.player),
                    player: entrant_player(e),
                    withdrawn: e.left_round.is_some(),
                })
                .collect(),
        }
    }

    /// The entrant a user is, if any.
    pub(crate) fn entrant_of(&self, user: u64) -> Option<&EntrantRow> {
        self.entrants.iter().find(|e| discord_id(e.user_id) == user)
    }

    /// The entrant with a player number.
    pub(crate) fn entrant(&self, player: i64) -> Option<&EntrantRow> {
        self.entrants.iter().find(|e| e.player == player)
    }

    /// A player number as shown.
    pub(crate) fn player(&self, player: i64) -> Player {
        self.entrant(player).map_or_else(|| Player { user_id: 0, name: "someone".to_owned() }, entrant_player)
    }

    /// Every entrant's player id (withdrawn ones too: they keep their results).
    pub(crate) fn all_ids(&self) -> Vec<PlayerId> {
        self.entrants.iter().map(|e| as_u32(e.player)).collect()
    }

    /// The players who may be paired in `round`: not withdrawn, and joined by then.
    pub(crate) fn active_ids(&self, round: i64) -> Vec<PlayerId> {
        self.entrants
            .iter()
            .filter(|e| e.left_round.is_none() && e.joined_round <= round)
            .map(|e| as_u32(e.player))
            .collect()
    }

    /// The results of every ended round, for pairing and standings.
    pub(crate) fn results(&self) -> Vec<RoundResult> {
        self.rounds
            .iter()
            .filter(|r| r.ended_at.is_some())
            .map(|r| RoundResult {
                games: self
                    .pairings
                    .iter()
                    .filter(|p| p.round == r.round)
                    .filter_map(|p| {
                        Some(Played {
                            first: as_u32(p.first),
                            second: as_u32(p.second),
                            outcome: outcome_of(p.outcome.as_deref()?)?,
                        })
                    })
                    .collect(),
                bye: r.bye.map(as_u32),
            })
            .collect()
    }
}

/// A stored pairing outcome.
pub(crate) fn outcome_of(s: &str) -> Option<Outcome> {
    Some(match s {
        "first" => Outcome::FirstWins,
        "second" => Outcome::SecondWins,
        "draw" => Outcome::Draw,
        "both_lose" => Outcome::BothLose,
        _ => return None,
    })
}

/// An outcome as stored.
pub(crate) fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::FirstWins => "first",
        Outcome::SecondWins => "second",
        Outcome::Draw => "draw",
        Outcome::BothLose => "both_lose",
    }
}

/// Boards of matches an action ended, to post.
pub type EndedBoards = Vec<BoardView>;
