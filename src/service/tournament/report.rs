//! What players read: the standings, and their own pairing.

use engarde_tournament::{places, standings};

use super::{as_u32, refuse, Event, EventState, TournamentView};
use crate::service::play::board_link;
use crate::service::views::{BoardLink, Player};
use crate::service::{Result, Service};
use crate::store::{db_id, matches, tournaments};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    /// 1-based; tied players share a rank. A player who withdrew keeps theirs.
    pub rank: u32,
    /// Their place among the players who did not withdraw (ties share it), as the podium
    /// gives it; `None` for a player who withdrew.
    pub place: Option<u32>,
    pub player: Player,
    /// Points, in half points.
    pub points: u32,
    /// Buchholz (Swiss), in half points.
    pub buchholz: u32,
    /// Sonneborn–Berger, in quarter points.
    pub sonneborn_berger: u32,
    /// Head to head among the tied (round robin), in half points.
    pub head_to_head: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Whether they left or were removed.
    pub withdrawn: bool,
}

/// The standings of an event after its ended rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsView {
    pub event: TournamentView,
    /// Rounds ended so far.
    pub after_round: u32,
    /// Best first.
    pub lines: Vec<StandingLine>,
}

/// Where a player stands in an event: `/engarde tournament mine`.
#[derive(Clone, Debug, PartialEq)]
pub enum Mine {
    /// Signed up; the event has not started.
    SignedUp { event: TournamentView },
    /// Playing this round against `opponent`: their match (and its board, if posted).
    Playing { event: TournamentView, round: u32, opponent: Player, match_id: i64, board: Option<BoardLink> },
    /// This round's game is over (or was a forfeit): waiting for the next round.
    Waiting { event: TournamentView, round: u32 },
    /// Sitting out this round.
    Bye { event: TournamentView, round: u32 },
    /// Joined late: paired from `round`.
    Late { event: TournamentView, round: u32 },
    /// Left or was removed.
    Withdrawn { event: TournamentView },
    /// The event is over: their final place among the players who did not withdraw (none
    /// for one who did, or an event cancelled).
    Over { event: TournamentView, rank: Option<u32> },
}

/// A player's finished events in a server, for their stats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventRecord {
    /// Finished events they played in.
    pub played: u32,
    /// Their best final place among the players who did not withdraw, if any.
    pub best: Option<u32>,
}

/// The record of `user` in the finished events of `guild` (stored ids).
pub(crate) async fn event_record(conn: &mut dyn crate::store::Exec, guild: i64, user: i64) -> Result<EventRecord> {
    let mut record = EventRecord::default();
    for id in tournaments::finished_for(conn, guild, user).await? {
        let event = Event::load(conn, id, None).await?;
        let place = standings_of(&event)
            .lines
            .iter()
            .find(|l| l.player.user_id == crate::store::discord_id(user))
            .and_then(|l| l.place);
        record.played += 1;
        record.best = match (record.best, place) {
            (Some(b), Some(p)) => Some(b.min(p)),
            (b, p) => b.or(p),
        };
    }
    Ok(record)
}

/// The standings of an event as loaded.
pub(super) fn standings_of(event: &Event) -> StandingsView {
    let results = event.results();
    let table = standings(&event.all_ids(), &results, event.format);
    let withdrew = |id: i64| event.entrant(id).is_some_and(|e| e.left_round.is_some());
    let placed = places(&table, |p| withdrew(i64::from(p)));
    let lines = table
        .into_iter()
        .zip(placed)
        .map(|(s, place)| {
            let id = i64::from(s.player);
            StandingLine {
                rank: s.rank,
                place,
                player: event.player(id),
                points: s.points.0,
                buchholz: s.buchholz.0,
                sonneborn_berger: s.sonneborn_berger,
                head_to_head: s.head_to_head.0,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                withdrawn: withdrew(id),
            }
        })
        .collect();
    StandingsView { event: event.view(), after_round: u32::try_from(results.len()).unwrap_or_default(), lines }
}

impl Service {
    /// The event a command names, else the server's latest one not over, else its latest.
    ///
    /// # Errors
    /// No event in the server; internal errors.
    pub async fn pick_tournament(&self, guild: u64, id: Option<i64>) -> Result<i64> {
        let mut conn = self.pool().acquire().await?;
        if let Some(id) = id {
            return Ok(Event::load(&mut conn, id, Some(guild)).await?.id());
        }
        let open = tournaments::open_in_guild(&mut conn, db_id(guild)).await?;
        if let Some(t) = open.first() {
            return Ok(t.id);
        }
        let latest = tournaments::latest_in_guild(&mut conn, db_id(guild)).await?;
        latest.map(|t| t.id).ok_or_else(|| refuse("tournament-error-none"))
    }

    /// An event as it stands.
    ///
    /// # Errors
    /// An event unknown in the server; internal errors.
    pub async fn tournament(&self, guild: u64, id: i64) -> Result<TournamentView> {
        let mut conn = self.pool().acquire().await?;
        Ok(Event::load(&mut conn, id, Some(guild)).await?.view())
    }

    /// The standings of an event after its ended rounds.
    ///
    /// # Errors
    /// An event unknown in the server; internal errors.
    pub async fn tournament_standings(&self, guild: u64, id: i64) -> Result<StandingsView> {
        let mut conn = self.pool().acquire().await?;
        let event = Event::load(&mut conn, id, Some(guild)).await?;
        Ok(standings_of(&event))
    }

    /// Where `user` stands in an event.
    ///
    /// # Errors
    /// Not in the event, an event unknown in the server; internal errors.
    pub async fn my_tournament(&self, guild: u64, id: i64, user: u64) -> Result<Mine> {
        let mut conn = self.pool().acquire().await?;
        let event = Event::load(&mut conn, id, Some(guild)).await?;
        let view = event.view();
        let Some(me) = event.entrant_of(user) else { return Err(refuse("tournament-error-not-in")) };
        let round = event.row.current_round;
        if event.state.is_over() {
            let rank = (event.state == EventState::Finished)
                .then(|| standings_of(&event).lines.iter().find(|l| l.player.user_id == user).and_then(|l| l.place))
                .flatten();
            return Ok(Mine::Over { event: view, rank });
        }
        if me.left_round.is_some() {
            return Ok(Mine::Withdrawn { event: view });
        }
        if event.state == EventState::SigningUp {
            return Ok(Mine::SignedUp { event: view });
        }
        if me.joined_round > round {
            return Ok(Mine::Late { round: as_u32(me.joined_round), event: view });
        }
        let pairing =
            event.pairings.iter().find(|p| p.round == round && (p.first == me.player || p.second == me.player));
        let Some(pairing) = pairing else { return Ok(Mine::Bye { event: view, round: as_u32(round) }) };
        match pairing.match_id.filter(|_| pairing.match_status.as_deref() == Some("active")) {
            Some(match_id) => {
                let opponent = event.player(if pairing.first == me.player { pairing.second } else { pairing.first });
                let board = matches::get(&mut conn, match_id).await?.as_ref().and_then(board_link);
                Ok(Mine::Playing { event: view, round: as_u32(round), opponent, match_id, board })
            }
            None => Ok(Mine::Waiting { event: view, round: as_u32(round) }),
        }
    }
}
