//! An event's rounds: the start (sign-ups closed with enough players, or a manager's
//! start), each round's start (its matches created as ordinary matches, one per pairing),
//! each round's end (every match over, or the round's time up: unfinished matches decided
//! by the usual time rules), and the end of the event.

use engarde_rules::{BySeat, Match, MatchAction, Seat, ToAct};
use engarde_tournament::{round_robin, swiss, Format, Outcome, RoundPlan};

use super::report::{standings_of, StandingsView};
use super::{as_u32, check_manager, outcome_name, refuse, EndedBoards, Event, EventState, Manager, TournamentView};
use super::{MAX_ROUNDS, MIN_PLAYERS};
use crate::service::finish::{end_match, MatchEnd, WinReason};
use crate::service::hot::WriteTx;
use crate::service::play::{board_view, match_players, save_action};
use crate::service::views::{BoardView, Player};
use crate::service::{load_game, seat_among, Narration, Result, Service, ServiceError};
use crate::store::matches::{self, MatchRow};
use crate::store::tournaments::{self, NewPairing};
use crate::store::{discord_id, DbId};

/// A round that has just started.
#[derive(Clone, Debug)]
pub struct RoundStart {
    /// The round (from 1).
    pub round: u32,
    /// The first board of each of its matches, to post (each in its own thread).
    pub boards: Vec<BoardView>,
    /// Who sits out (Swiss: a bye worth a point; round robin: a rest).
    pub bye: Option<Player>,
    /// Games won by forfeit because a player had withdrawn: (winner, withdrawn).
    pub forfeits: Vec<(Player, Player)>,
}

/// What the scheduler (or a manager's start) changed in an event.
#[derive(Clone, Debug)]
pub struct TournamentUpdate {
    /// The event as it now stands.
    pub event: TournamentView,
    /// The final boards of matches decided because the round's time was up.
    pub ended: EndedBoards,
    /// The standings after the round that ended, if one did.
    pub standings: Option<StandingsView>,
    /// The round that started, if one did.
    pub started: Option<RoundStart>,
    /// Sign-ups closed with too few players: the event is cancelled.
    pub cancelled: bool,
}

impl TournamentUpdate {
    /// Whether the event ended with this update (its podium to post).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.event.state == EventState::Finished && self.standings.is_some()
    }
}

impl Service {
    /// A manager starts an event before its sign-ups close.
    ///
    /// # Errors
    /// Not a manager, an event not in sign-ups, fewer than three players; internal errors.
    pub async fn start_tournament(&self, guild: u64, id: i64, by: &Manager) -> Result<TournamentUpdate> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        check_manager(&mut tx, guild, by).await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        if event.state != EventState::SigningUp {
            return Err(refuse("tournament-error-already-started"));
        }
        if event.entrants.len() < MIN_PLAYERS {
            return Err(refuse("tournament-error-too-few"));
        }
        let started =
            self.begin_event(&mut tx, &event, now).await?.ok_or_else(|| refuse("tournament-error-already-started"))?;
        let event = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(TournamentUpdate { event, ended: Vec::new(), standings: None, started: Some(started), cancelled: false })
    }

    /// Moves every event that time or its matches made due: sign-ups closed, rounds over.
    /// Each event in its own transaction; an event another process moved meanwhile is
    /// left alone (every change is a conditional update).
    ///
    /// # Errors
    /// Internal errors (an event that fails is logged and the others still move).
    pub async fn tournament_tick(&self) -> Result<Vec<TournamentUpdate>> {
        let due = {
            let mut conn = self.pool().acquire().await?;
            tournaments::due(&mut conn, self.now()).await?
        };
        let mut updates = Vec::new();
        for id in due {
            match self.advance_tournament(id).await {
                Ok(Some(update)) => updates.push(update),
                Ok(None) => {}
                Err(e) => tracing::error!(tournament = id, error = ?e, "moving a tournament on failed"),
            }
        }
        Ok(updates)
    }

    /// The earliest moment an event has time-driven work, if any.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn tournament_next_due(&self) -> Result<Option<i64>> {
        let mut conn = self.pool().acquire().await?;
        Ok(tournaments::next_due(&mut conn).await?)
    }

    /// Moves one event on, if anything is due: `None` if not (or another process did).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn advance_tournament(&self, id: i64) -> Result<Option<TournamentUpdate>> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let event = Event::load(&mut tx, id, None).await?;
        let update = match event.state {
            EventState::SigningUp if event.row.signup_closes_at <= now => {
                if event.entrants.len() < MIN_PLAYERS {
                    if !tournaments::set_state(&mut tx, id, "signup", "cancelled", now).await? {
                        return Ok(None);
                    }
                    let event = Event::load(&mut tx, id, None).await?.view();
                    TournamentUpdate { event, ended: Vec::new(), standings: None, started: None, cancelled: true }
                } else {
                    let Some(started) = self.begin_event(&mut tx, &event, now).await? else { return Ok(None) };
                    let event = Event::load(&mut tx, id, None).await?.view();
                    TournamentUpdate {
                        event,
                        ended: Vec::new(),
                        standings: None,
                        started: Some(started),
                        cancelled: false,
                    }
                }
            }
            EventState::Running => {
                let round = event.row.current_round;
                let live =
                    event.pairings.iter().any(|p| p.round == round && p.match_status.as_deref() == Some("active"));
                let time_up = event.row.round_deadline.is_some_and(|d| d <= now)
                    && !(event.row.away_allowed && tournaments::round_waits_for_away(&mut tx, id, round, now).await?);
                if live && !time_up {
                    return Ok(None);
                }
                let Some(ended) = self.end_round(&mut tx, &event, now).await? else { return Ok(None) };
                let event = Event::load(&mut tx, id, None).await?;
                let standings = standings_of(&event);
                let next = round + 1;
                let started = if round >= event.row.rounds || event.active_ids(next).len() < 2 {
                    if !tournaments::finish(&mut tx, id, round, now).await? {
                        return Ok(None);
                    }
                    None
                } else {
                    self.start_round(&mut tx, &event, next, event.row.rounds, None, now).await?
                };
                let view = Event::load(&mut tx, id, None).await?.view();
                let standings = StandingsView { event: view.clone(), ..standings };
                TournamentUpdate { event: view, ended, standings: Some(standings), started, cancelled: false }
            }
            _ => return Ok(None),
        };
        tx.commit().await?;
        Ok(Some(update))
    }

    /// Fixes the number of rounds (and a round robin's schedule), then starts round 1.
    async fn begin_event(&self, tx: &mut WriteTx<'_>, event: &Event, now: i64) -> Result<Option<RoundStart>> {
        let players = event.active_ids(0);
        let (rounds, schedule) = match event.format {
            Format::Swiss => {
                let auto = (usize::BITS - (players.len().max(2) - 1).leading_zeros()).clamp(1, MAX_ROUNDS);
                let wanted = if event.row.rounds > 0 { as_u32(event.row.rounds) } else { auto };
                // Nobody can meet more opponents than there are.
                let most = u32::try_from(players.len().saturating_sub(1)).unwrap_or(MAX_ROUNDS).max(1);
                (i64::from(wanted.min(most)), None)
            }
            Format::RoundRobin => {
                let plan = round_robin(&players, event.row.double_rr);
                (i64::try_from(plan.len()).unwrap_or_default(), Some(serde_json::to_string(&plan)?))
            }
        };
        self.start_round(tx, event, 1, rounds, schedule.as_deref(), now).await
    }

    /// Starts round `round` (claiming it: `None` if another process did), creating a
    /// match for each pairing between present players and a forfeit for each pairing
    /// with a withdrawn one.
    async fn start_round(
        &self,
        tx: &mut WriteTx<'_>,
        event: &Event,
        round: i64,
        rounds: i64,
        schedule: Option<&str>,
        now: i64,
    ) -> Result<Option<RoundStart>> {
        let id = event.id();
        let deadline = now + event.row.round_seconds;
        if !tournaments::claim_round(tx, id, round, rounds, schedule, deadline, now).await? {
            return Ok(None);
        }
        let plan = match event.format {
            Format::Swiss => swiss(&event.active_ids(round), &event.results()),
            Format::RoundRobin => {
                let text = schedule.or(event.row.schedule.as_deref()).ok_or_else(|| {
                    ServiceError::Internal(format!("tournament {id}: a round robin without a schedule"))
                })?;
                let plans: Vec<RoundPlan> = serde_json::from_str(text)?;
                plans.into_iter().nth(usize::try_from(round - 1).unwrap_or(usize::MAX)).unwrap_or_default()
            }
        };
        tournaments::insert_round(tx, id, round, plan.bye.map(i64::from), now).await?;
        let mut start = RoundStart {
            round: as_u32(round),
            boards: Vec::new(),
            bye: plan.bye.map(|b| event.player(i64::from(b))),
            forfeits: Vec::new(),
        };
        for (board, pairing) in (1..).zip(&plan.pairings) {
            let (first, second) = (i64::from(pairing.first), i64::from(pairing.second));
            let gone = |p: i64| event.entrant(p).is_none_or(|e| e.left_round.is_some());
            let forfeit = match (gone(first), gone(second)) {
                (false, false) => None,
                (false, true) => Some(Outcome::FirstWins),
                (true, false) => Some(Outcome::SecondWins),
                (true, true) => Some(Outcome::BothLose),
            };
            let mut new =
                NewPairing { round, board, first, second, match_id: None, outcome: forfeit.map(outcome_name) };
            match forfeit {
                Some(outcome) => {
                    let (winner, loser) =
                        if outcome == Outcome::SecondWins { (second, first) } else { (first, second) };
                    if outcome != Outcome::BothLose {
                        start.forfeits.push((event.player(winner), event.player(loser)));
                    }
                }
                None => {
                    let board_view = self.create_match(tx, event, round, first, second, now).await?;
                    new.match_id = Some(board_view.match_id);
                    start.boards.push(board_view);
                }
            }
            tournaments::insert_pairing(tx, id, &new).await?;
        }
        Ok(Some(start))
    }

    /// Creates a pairing's match (first on seat A, to move first), as an accepted
    /// challenge does: an ordinary match with boards, prompts, reminders and forfeits.
    async fn create_match(
        &self,
        tx: &mut WriteTx<'_>,
        event: &Event,
        round: i64,
        first: i64,
        second: i64,
        now: i64,
    ) -> Result<BoardView> {
        let game = Match::start(event.variant, &event.options, (self.seeds)(), Some(Seat::A))
            .map_err(|e| ServiceError::Internal(format!("tournament {}: new game: {e}", event.id())))?;
        let state = game.save()?;
        let user = |p: i64| event.entrant(p).map_or(0, |e| e.user_id);
        let match_id = matches::insert(
            tx,
            &matches::NewMatch {
                guild_id: event.row.guild_id,
                channel_id: event.row.channel_id,
                seat_a: user(first),
                seat_b: user(second),
                game: game.game().name(),
                variant: event.variant.name(),
                state: &state,
                state_format: i64::from(game.game().state_format()),
                turn_seconds: event.row.turn_seconds,
                home_channel_id: event.row.channel_id,
                now,
                practice: None,
                thread_from: None,
            },
        )
        .await?;
        tournaments::tag_match(tx, match_id, event.id(), round).await?;
        Ok(BoardView {
            match_id,
            guild_id: discord_id(event.row.guild_id),
            channel_id: discord_id(event.row.channel_id),
            turn: 0,
            public: game.public_view(),
            to_act: game.to_act(),
            outcome: None,
            narration: Narration::Opening,
            players: BySeat { a: event.player(first), b: event.player(second) },
            deadline: Some(now + event.row.turn_seconds),
            aborted: false,
            practice: None,
            fresh: true,
            actor: None,
            life: Default::default(),
        })
    }

    /// Ends the current round: its unfinished matches are decided on time, every
    /// pairing's outcome recorded. `None` if another process ended it.
    async fn end_round(&self, tx: &mut WriteTx<'_>, event: &Event, now: i64) -> Result<Option<EndedBoards>> {
        let id = event.id();
        let round = event.row.current_round;
        if !tournaments::end_round(tx, id, round, now).await? {
            return Ok(None);
        }
        let mut ended = Vec::new();
        for pairing in event.pairings.iter().filter(|p| p.round == round && p.outcome.is_none()) {
            let Some(match_id) = pairing.match_id else { continue };
            if let Some(board) = self.decide_on_time(tx, match_id, now).await? {
                ended.push(board);
            }
            let row = matches::get(tx, match_id)
                .await?
                .ok_or_else(|| ServiceError::Internal(format!("tournament {id}: match {match_id} gone")))?;
            tournaments::set_outcome(tx, id, round, pairing.board, outcome_name(outcome_of_match(&row))).await?;
        }
        Ok(Some(ended))
    }

    /// Decides a match still live when its round's time is up, by the usual time rules:
    /// the player awaited loses; both awaited, both lose (the match is called off: no
    /// rating, no points). `None` if the match had already ended.
    async fn decide_on_time(&self, tx: &mut WriteTx<'_>, match_id: i64, now: i64) -> Result<Option<BoardView>> {
        matches::lock(tx, match_id).await?;
        let Some(row) = matches::get(tx, match_id).await? else { return Ok(None) };
        if row.status != "active" {
            return Ok(None);
        }
        let mut game = load_game(&row)?;
        match game.to_act() {
            ToAct::One(late) => {
                let resign = MatchAction::resign(game.game());
                game.play(late, resign).map_err(ServiceError::Illegal)?;
                save_action(tx, &row, &game, (late, resign), None, now).await?;
                let end = MatchEnd::Won { winner: late.other(), reason: WinReason::Timeout };
                end_match(tx, &row, end, now, self.rating_policy).await?;
                Ok(Some(board_view(&row, &game, match_players(&row), Narration::Timeout { late }, None)))
            }
            ToAct::Both | ToAct::Nobody => {
                end_match(tx, &row, MatchEnd::Aborted, now, self.rating_policy).await?;
                let mut board = board_view(&row, &game, match_players(&row), Narration::CalledOff, None);
                board.aborted = true;
                Ok(Some(board))
            }
        }
    }
}

/// How an ended match counts for its pairing (seat A is the pairing's first player).
fn outcome_of_match(row: &MatchRow) -> Outcome {
    match (row.status.as_str(), row.winner.as_deref()) {
        ("finished", Some("a")) => Outcome::FirstWins,
        ("finished", Some("b")) => Outcome::SecondWins,
        ("finished", _) => Outcome::Draw,
        _ => Outcome::BothLose,
    }
}

/// Resigns `user`'s live match `match_id` in the caller's transaction (a player who
/// leaves an event forfeits it, by the usual resignation): its final board, or `None` if
/// it had already ended.
pub(super) async fn resign_live(
    svc: &Service,
    tx: &mut WriteTx<'_>,
    match_id: i64,
    user: DbId,
    now: i64,
) -> Result<Option<BoardView>> {
    matches::lock(tx, match_id).await?;
    let Some(row) = matches::get(tx, match_id).await? else { return Ok(None) };
    if row.status != "active" {
        return Ok(None);
    }
    let Some(seat) = seat_among(row.seat_a, row.seat_b, user) else { return Ok(None) };
    let mut game = load_game(&row)?;
    let resign = MatchAction::resign(game.game());
    let events = game.play(seat, resign).map_err(ServiceError::Illegal)?;
    save_action(tx, &row, &game, (seat, resign), None, now).await?;
    end_match(tx, &row, MatchEnd::Won { winner: seat.other(), reason: WinReason::Resign }, now, svc.rating_policy)
        .await?;
    Ok(Some(board_view(&row, &game, match_players(&row), Narration::Events(events), None)))
}

/// Ends every live match of an event (a cancellation): aborted, counting for nobody.
pub(super) async fn abort_live(
    svc: &Service,
    tx: &mut WriteTx<'_>,
    event: &Event,
    by: &str,
    now: i64,
) -> Result<EndedBoards> {
    let mut ended = Vec::new();
    for pairing in &event.pairings {
        let Some(match_id) = pairing.match_id.filter(|_| pairing.match_status.as_deref() == Some("active")) else {
            continue;
        };
        matches::lock(tx, match_id).await?;
        let Some(row) = matches::get(tx, match_id).await? else { continue };
        if row.status != "active" {
            continue;
        }
        let game = load_game(&row)?;
        end_match(tx, &row, MatchEnd::Aborted, now, svc.rating_policy).await?;
        let mut board = board_view(&row, &game, match_players(&row), Narration::Aborted { by: by.to_owned() }, None);
        board.aborted = true;
        ended.push(board);
    }
    Ok(ended)
}
