//! Creating an event, joining it, leaving it, removing a player.

use std::time::Duration;

use engarde_rules::{OptionMap, Variant};
use engarde_tournament::Format;

use super::rounds::resign_live;
use super::{check_manager, format_name, refuse, EndedBoards, Event, EventState, Manager, TournamentView};
use super::{DEFAULT_ROUND, DEFAULT_SIGNUP, MAX_PLAYERS, MAX_ROUNDS, NAME_MAX, ROUND_RANGE, SIGNUP_RANGE};
use crate::i18n::Text;
use crate::service::views::PlayerInfo;
use crate::service::{settings, Result, Service, ServiceError};
use crate::store::tournaments::{self, NewTournament};
use crate::store::{db_id, is_unique_violation, players};

/// `/engarde tournament create`.
#[derive(Clone, Debug)]
pub struct CreateRequest {
    pub guild_id: u64,
    /// Where the command was used: the announcement goes there.
    pub channel_id: u64,
    /// Who creates it (checked as a manager).
    pub creator: Manager,
    pub name: String,
    /// `None`: the server's default variant.
    pub variant: Option<Variant>,
    /// Changes to the variant's default options.
    pub options: OptionMap,
    pub format: Format,
    /// Swiss: rounds to play; `None`: as many as the players make needed (log2).
    pub rounds: Option<u32>,
    /// Round robin: everyone twice.
    pub double: bool,
    /// Time per decision; `None`: the server's default.
    pub turn: Option<Duration>,
    /// How long a round may last; `None`: a week.
    pub round_time: Option<Duration>,
    pub rated: bool,
    /// Whether players may take away time during the event (their match clocks stop, and
    /// a round waits for a match whose player is away).
    pub away: bool,
    /// `None`: [`MAX_PLAYERS`].
    pub max_players: Option<u32>,
    /// How long sign-ups stay open; `None`: a day.
    pub signup: Option<Duration>,
    /// The command's interaction (a repeat makes nothing new).
    pub interaction_id: u64,
}

/// A player joined.
#[derive(Clone, Debug)]
pub struct JoinOutcome {
    /// The event as it now stands.
    pub event: TournamentView,
    /// Whether they joined a running Swiss (they start with the next round).
    pub late: bool,
}

/// A player left or was removed.
#[derive(Clone, Debug)]
pub struct LeaveOutcome {
    /// The event as it now stands.
    pub event: TournamentView,
    /// The final board of the match they forfeited, if one was live.
    pub ended: EndedBoards,
}

fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

impl Service {
    /// Creates an event in sign-ups.
    ///
    /// # Errors
    /// Not a manager, a name empty or too long, values out of range, options that do not
    /// fit the variant; internal errors.
    pub async fn create_tournament(&self, req: CreateRequest) -> Result<TournamentView> {
        let name = req.name.trim().to_owned();
        if name.is_empty() || name.chars().count() > NAME_MAX || name.chars().any(char::is_control) {
            return Err(ServiceError::BadOptions(Text::new("tournament-error-name").arg("max", NAME_MAX as i64)));
        }
        let turn =
            req.turn.map(|t| settings::in_range("error-turn-time-range", t, settings::TURN_RANGE)).transpose()?;
        let round =
            settings::in_range("tournament-error-round-time", req.round_time.unwrap_or(DEFAULT_ROUND), ROUND_RANGE)?;
        let signup =
            settings::in_range("tournament-error-signup-time", req.signup.unwrap_or(DEFAULT_SIGNUP), SIGNUP_RANGE)?;
        let max_players = req.max_players.unwrap_or(MAX_PLAYERS);
        if !(3..=MAX_PLAYERS).contains(&max_players) {
            return Err(ServiceError::BadOptions(
                Text::new("tournament-error-max-players").arg("max", i64::from(MAX_PLAYERS)),
            ));
        }
        if req.rounds.is_some_and(|r| !(1..=MAX_ROUNDS).contains(&r)) {
            return Err(ServiceError::BadOptions(
                Text::new("tournament-error-rounds").arg("max", i64::from(MAX_ROUNDS)),
            ));
        }
        let now = self.now();
        let mut tx = self.begin_write().await?;
        if let Some(id) = tournaments::by_interaction(&mut tx, db_id(req.interaction_id)).await? {
            return Ok(Event::load(&mut tx, id, Some(req.guild_id)).await?.view());
        }
        check_manager(&mut tx, req.guild_id, &req.creator).await?;
        let server = settings::load(&mut tx, req.guild_id).await?;
        let variant = req.variant.unwrap_or(server.default_variant);
        let turn = turn.unwrap_or(server.turn);
        if round < turn {
            return Err(refuse("tournament-error-round-shorter-than-turn"));
        }
        let options =
            serde_json::to_string(&super::super::challenge::challenge_options(variant, req.options.clone())?)?;
        let guild = db_id(req.guild_id);
        players::upsert(&mut tx, guild, db_id(req.creator.user_id), &req.creator.name, now).await?;
        let new = NewTournament {
            guild_id: guild,
            channel_id: db_id(req.channel_id),
            name: &name,
            variant: variant.name(),
            options: &options,
            format: format_name(req.format),
            rounds: i64::from(if req.format == Format::Swiss { req.rounds.unwrap_or(0) } else { 0 }),
            double_rr: req.format == Format::RoundRobin && req.double,
            turn_seconds: secs(turn),
            round_seconds: secs(round),
            rated: req.rated,
            away_allowed: req.away,
            max_players: i64::from(max_players),
            signup_closes_at: now + secs(signup),
            created_by: db_id(req.creator.user_id),
            interaction_id: db_id(req.interaction_id),
            now,
        };
        let id = match tournaments::insert(&mut tx, &new).await {
            Err(e) if is_unique_violation(&e) => return Err(ServiceError::AlreadyApplied),
            other => other?,
        };
        let view = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(view)
    }

    /// Remembers the announcement of an event and its thread.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn set_tournament_posted(&self, id: i64, message: u64, thread: Option<u64>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        tournaments::set_posted(&mut tx, id, db_id(message), thread.map(db_id)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Signs a player up: in sign-ups, or late in a Swiss before its second round starts
    /// (they are paired from the next round).
    ///
    /// # Errors
    /// A bot, an event closed to joining or full, someone already in it (or who left it);
    /// internal errors.
    pub async fn join_tournament(&self, guild: u64, id: i64, who: &PlayerInfo) -> Result<JoinOutcome> {
        if who.bot {
            return Err(refuse("tournament-error-bot"));
        }
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        let view = event.view();
        if let Some(e) = event.entrant_of(who.user_id) {
            return Err(refuse(if e.left_round.is_some() {
                "tournament-error-left"
            } else {
                "tournament-error-already-in"
            }));
        }
        if !view.open_to_join() {
            return Err(refuse("tournament-error-closed"));
        }
        if event.entrants.len() >= view.max_players as usize {
            return Err(refuse("tournament-error-full"));
        }
        let late = event.state != EventState::SigningUp;
        // A late joiner plays from the next round.
        let joined_round = if late { event.row.current_round + 1 } else { 0 };
        players::upsert(&mut tx, db_id(guild), db_id(who.user_id), &who.name, now).await?;
        match tournaments::add_entrant(&mut tx, id, db_id(who.user_id), joined_round).await {
            Err(e) if is_unique_violation(&e) => return Err(refuse("tournament-error-already-in")),
            other => other?,
        };
        let event = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(JoinOutcome { event, late })
    }

    /// A player leaves: before the start, their sign-up is taken back; during the event,
    /// they withdraw: their live match is lost (resigned) and their remaining games are
    /// forfeits.
    ///
    /// # Errors
    /// Not in the event, an event over; internal errors.
    pub async fn leave_tournament(&self, guild: u64, id: i64, user: u64) -> Result<LeaveOutcome> {
        self.withdraw_entrant(guild, id, user, false).await
    }

    /// A manager removes a player, as if they had left.
    ///
    /// # Errors
    /// Not a manager, the player not in the event, an event over; internal errors.
    pub async fn remove_from_tournament(&self, guild: u64, id: i64, by: &Manager, user: u64) -> Result<LeaveOutcome> {
        {
            let mut conn = self.pool().acquire().await?;
            check_manager(&mut conn, guild, by).await?;
        }
        self.withdraw_entrant(guild, id, user, true).await
    }

    async fn withdraw_entrant(&self, guild: u64, id: i64, user: u64, removed: bool) -> Result<LeaveOutcome> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        if event.state.is_over() {
            return Err(refuse("tournament-error-over"));
        }
        let Some(entrant) = event.entrant_of(user).filter(|e| e.left_round.is_none()) else {
            return Err(refuse(if removed { "tournament-error-not-entrant" } else { "tournament-error-not-in" }));
        };
        let mut ended = Vec::new();
        if event.state == EventState::SigningUp {
            tournaments::delete_entrant(&mut tx, id, entrant.user_id).await?;
        } else {
            tournaments::mark_left(&mut tx, id, entrant.player, event.row.current_round, removed).await?;
            let current = event.pairings.iter().filter(|p| {
                p.round == event.row.current_round && (p.first == entrant.player || p.second == entrant.player)
            });
            for pairing in current {
                if let Some(match_id) = pairing.match_id {
                    if let Some(board) = resign_live(self, &mut tx, match_id, entrant.user_id, now).await? {
                        ended.push(board);
                    }
                }
            }
        }
        let view = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(LeaveOutcome { event: view, ended })
    }
}
