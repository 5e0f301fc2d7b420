//! Playing: a player's hand and legal actions, an action, a resignation.

use crate::store::Exec;
use engarde_rules::{BySeat, Game, Match, MatchAction, MatchEvent, Seat};

use std::borrow::Cow;
use std::sync::Arc;

use super::finish::{end_match, MatchEnd, WinReason};
use super::hot::{HotMatch, Read};
use super::practice::practice_of;
use super::views::{BoardLink, BoardView, HandView, LiveBoard, Player};
use super::{load_game, seat_of, Result, Service, ServiceError};
use super::{Done, Narration};
use crate::store::matches::{self, MatchRow, Move};
use crate::store::{boards, db_id, discord_id, is_unique_violation};

/// A player's action from a button or menu.
#[derive(Clone, Copy, Debug)]
pub struct ActRequest {
    /// The server the click came from (the match must be there).
    pub guild_id: u64,
    /// The match.
    pub match_id: i64,
    /// The match version the prompt was made for (not checked for a
    /// resignation, which is allowed at any time).
    pub turn: i64,
    /// Who clicked.
    pub user_id: u64,
    /// What they chose.
    pub action: MatchAction,
    /// The interaction (an interaction delivered twice applies once).
    pub interaction_id: u64,
}

/// An applied action: the confirmation for the player and the new public board.
#[derive(Clone, Debug)]
pub struct ActOutcome {
    /// The new board.
    pub board: BoardView,
    /// What the player did, for their own confirmation.
    pub done: Done,
}

/// The match's two players, by the names stored in its server.
pub(crate) fn match_players(row: &MatchRow) -> BySeat<Player> {
    let player = |user: i64, name: &Option<String>| Player {
        user_id: discord_id(user),
        name: name.clone().unwrap_or_else(|| "someone".to_owned()),
    };
    BySeat { a: player(row.seat_a, &row.name_a), b: player(row.seat_b, &row.name_b) }
}

/// Stores an action just played on `game` (loaded from `row`) in one statement, in the
/// caller's transaction: the new state, if the match is still at `row.version`, and the
/// log entry (by the seat's player; `interaction` is the Discord interaction that made
/// it, if any).
///
/// # Errors
/// [`ServiceError::Stale`] if another action got there first,
/// [`ServiceError::AlreadyApplied`] for a repeated interaction; database errors.
pub(crate) async fn save_action(
    conn: &mut dyn Exec,
    row: &MatchRow,
    game: &Match,
    played: (Seat, MatchAction),
    interaction: Option<i64>,
    now: i64,
) -> Result<()> {
    let m = move_of(row, game, played, interaction, now)?;
    stored(matches::advance(conn, &m).await, row)
}

/// The move an action just played on `game` (loaded from `row`) makes.
fn move_of(
    row: &MatchRow,
    game: &Match,
    played: (Seat, MatchAction),
    interaction: Option<i64>,
    now: i64,
) -> Result<Move> {
    let (seat, action) = played;
    Ok(Move {
        match_id: row.id,
        turn: row.version,
        seat: seat.as_str(),
        action: action.to_json(seat).to_string(),
        user_id: if seat == Seat::A { row.seat_a } else { row.seat_b },
        interaction_id: interaction,
        state: game.save()?,
        state_format: i64::from(game.game().state_format()),
        now,
    })
}

/// The row of a match read as `row` once a move is stored, as `match_moves_apply`
/// (migration 0004) changes it: one version on, the new state, the next decision due a
/// full turn from now, any draw offer lapsed.
fn after_move(row: &MatchRow, state: String, now: i64) -> MatchRow {
    MatchRow {
        version: row.version + 1,
        state,
        updated_at: now,
        deadline_at: Some(now + row.turn_seconds),
        draw_offer_seat: None,
        draw_offer_version: None,
        ..row.clone()
    }
}

/// Whether `user`, past the stored deadline of `row`, may still move: their clock is
/// stopped by away time (the deadline moves when it ends). Reads only past the deadline.
async fn waives_deadline(conn: &mut dyn Exec, row: &MatchRow, user: u64, now: i64) -> Result<bool> {
    if row.deadline_at.is_none_or(|d| d > now) {
        return Ok(false);
    }
    Ok(super::life::away::clock_stopped(conn, row, &[db_id(user)], now).await?)
}

/// What storing a move of the match read as `row` came to.
fn stored(outcome: sqlx::Result<bool>, row: &MatchRow) -> Result<()> {
    match outcome {
        Ok(true) => Ok(()),
        Ok(false) => Err(ServiceError::Stale(board_link(row))),
        Err(e) if is_unique_violation(&e) => Err(ServiceError::AlreadyApplied),
        Err(e) => Err(e.into()),
    }
}

/// Where the match's latest board is, if one was posted.
pub(crate) fn board_link(row: &MatchRow) -> Option<BoardLink> {
    Some(BoardLink {
        guild_id: discord_id(row.guild_id),
        channel_id: discord_id(row.board_channel_id?),
        message_id: discord_id(row.board_message_id?),
    })
}

pub(crate) fn board_view(
    row: &MatchRow,
    game: &Match,
    players: BySeat<Player>,
    narration: Narration,
    deadline: Option<i64>,
) -> BoardView {
    BoardView {
        deadline: deadline.filter(|_| !game.is_finished()),
        aborted: row.status == "aborted",
        match_id: row.id,
        guild_id: discord_id(row.guild_id),
        channel_id: discord_id(row.channel_id),
        turn: i64::from(game.turn()),
        public: game.public_view(),
        to_act: game.to_act(),
        outcome: game.outcome(),
        narration,
        players,
        practice: practice_of(row),
        fresh: true,
        actor: None,
        life: Default::default(),
    }
}

/// The match an action is for, with its names and latest board.
///
/// # Errors
/// [`ServiceError::AlreadyApplied`] if this interaction already applied an action;
/// a match unknown in the server; internal errors.
async fn match_for(conn: &mut dyn Exec, req: &ActRequest, interaction: i64) -> Result<MatchRow> {
    let (row, applied) = matches::get_for_interaction(conn, req.match_id, interaction)
        .await?
        .filter(|(r, _)| r.guild_id == db_id(req.guild_id))
        .ok_or(ServiceError::MatchNotFound(req.match_id))?;
    if applied {
        return Err(ServiceError::AlreadyApplied);
    }
    Ok(row)
}

/// An action played on a match as read, not yet stored.
struct Played {
    /// The game after the action.
    game: Match,
    /// The action, by its seat.
    action: (Seat, MatchAction),
    /// The interaction that made it.
    interaction: i64,
    /// What happened, for the narration.
    events: Vec<MatchEvent>,
    players: BySeat<Player>,
    /// Whether the board after the action is a new message (see [`BoardView::fresh`]).
    fresh: bool,
}

/// Checks a click (stored as `interaction`) against the match as read (`game` is its
/// parsed state) and plays it. A move `unbound` by the deadline is not held to it: the
/// practice bot's (it never loses on time, it may only be late after a restart), or a
/// player's whose clock is stopped by their away time (see [`waives_deadline`]).
///
/// # Errors
/// A click from someone not in the match or not to act, a stale prompt, a match over or
/// past its deadline, an illegal action.
fn play_on(
    row: &MatchRow,
    mut game: Match,
    req: &ActRequest,
    now: i64,
    interaction: i64,
    unbound: bool,
) -> Result<Played> {
    let seat = seat_of(row, req.user_id).ok_or(ServiceError::NotInMatch)?;
    if row.status != "active" {
        return Err(ServiceError::MatchOver);
    }
    let resign = req.action.is_resign();
    if !resign && row.version != req.turn {
        return Err(ServiceError::Stale(board_link(row)));
    }
    if !resign && !unbound && row.deadline_at.is_some_and(|d| d <= now) {
        // The scheduler settles the forfeit on its next pass.
        return Err(ServiceError::DeadlinePassed);
    }
    let players = match_players(row);
    if !resign && !game.to_act().includes(seat) {
        let waiting = game.to_act().single().map_or_else(String::new, |s| players.get(s).name.clone());
        return Err(ServiceError::NotYourTurn(waiting));
    }
    let (to_act, rounds) = (game.to_act(), game.ended_rounds().len());
    let events = game.play(seat, req.action).map_err(ServiceError::Illegal)?;
    let action = (seat, req.action);
    let fresh = game.is_finished() || game.to_act() != to_act || game.ended_rounds().len() != rounds;
    Ok(Played { game, action, interaction, events, players, fresh })
}

impl Played {
    /// Stores the action in the caller's transaction (see [`save_action`]).
    async fn save(&self, conn: &mut dyn Exec, row: &MatchRow, now: i64) -> Result<()> {
        save_action(conn, row, &self.game, self.action, Some(self.interaction), now).await
    }

    /// Stores the action on its own, committed with whatever other writes are waiting,
    /// and keeps the match in memory as stored (`read`: the read that found `row`).
    async fn save_grouped(self, service: &Service, row: &MatchRow, read: Read<'_>, now: i64) -> Result<ActOutcome> {
        let m = move_of(row, &self.game, self.action, Some(self.interaction), now)?;
        let state = m.state.clone();
        if let Err(e) = stored(service.group_commit().advance(m).await, row) {
            service.hot.forget(row.id);
            return Err(e);
        }
        let outcome = self.outcome(row, now);
        read.keep_moved(HotMatch { row: after_move(row, state, now), game: self.game });
        Ok(outcome)
    }

    /// The player's confirmation and the new board.
    fn outcome(&self, row: &MatchRow, now: i64) -> ActOutcome {
        let narration = Narration::Events(self.events.clone());
        let done = Done::Action(self.action.1);
        let deadline = Some(now + row.turn_seconds);
        let mut board = board_view(row, &self.game, self.players.clone(), narration, deadline);
        board.fresh = self.fresh;
        board.actor = Some(self.action.0);
        ActOutcome { board, done }
    }
}

impl Service {
    /// A player's hand and, when it is their decision, their legal actions.
    ///
    /// # Errors
    /// An unknown match, a user not in it, a finished match; internal errors.
    pub async fn hand(&self, guild_id: u64, match_id: i64, user: u64) -> Result<HandView> {
        let read = self.hot.read_current(match_id);
        let hot = match read.kept().filter(|h| h.row.guild_id == db_id(guild_id)) {
            Some(hot) => Arc::clone(hot),
            None => {
                let mut conn = self.pool.acquire().await?;
                let row = matches::get(&mut conn, match_id)
                    .await?
                    .filter(|r| r.guild_id == db_id(guild_id))
                    .ok_or(ServiceError::MatchNotFound(match_id))?;
                read.keep_read(HotMatch { game: load_game(&row)?, row })
            }
        };
        let (row, game) = (&hot.row, &hot.game);
        let seat = seat_of(row, user).ok_or(ServiceError::NotInMatch)?;
        if row.status != "active" {
            return Err(ServiceError::MatchOver);
        }
        Ok(HandView {
            match_id,
            turn: row.version,
            seat,
            players: match_players(row),
            view: game.view(seat),
            to_act: game.to_act(),
            legal_actions: game.legal_actions(seat),
            board: board_link(row),
            practice: practice_of(row),
        })
    }

    /// Applies a player's action, in one transaction.
    ///
    /// An ordinary move reads the match without the write lock, then stores the move
    /// in one statement that checks the match is still at the version read (an
    /// optimistic update): it holds the write connection for one step. A move that
    /// ends the match (the last hit, a resignation, allowed at any version) is read
    /// and settled (ratings…) in one write transaction.
    ///
    /// # Errors
    /// A stale prompt, a click from someone not in the match or not to act, an
    /// illegal action, a repeated interaction; internal errors.
    pub async fn act(&self, req: ActRequest) -> Result<ActOutcome> {
        self.act_as(req, db_id(req.interaction_id), false).await
    }

    /// [`Service::act`], with the interaction id to store (a practice bot's move has its
    /// own, see `practice`) and whether the practice bot makes the move.
    pub(crate) async fn act_as(&self, req: ActRequest, interaction: i64, by_bot: bool) -> Result<ActOutcome> {
        if req.action.is_agree_draw() {
            // A draw is agreed through an offer and its acceptance, never by one click.
            return Err(ServiceError::NotAMove);
        }
        let now = self.now();
        if !req.action.is_resign() {
            let read = self.hot.read(req.match_id);
            let kept = read.kept().filter(|h| h.row.guild_id == db_id(req.guild_id)).cloned();
            // The kept row is borrowed, not copied (its state is kilobytes of JSON).
            let played = kept.as_deref().and_then(|h| {
                let played = play_on(&h.row, h.game.clone(), &req, now, interaction, by_bot).ok()?;
                Some((Cow::Borrowed(&h.row), played))
            });
            let (row, played) = match played {
                Some(played) => played,
                // Not kept, or refused as kept: the database has the last word (a refusal
                // may be a repeated interaction, which only the database knows).
                None => {
                    let mut conn = self.pool.acquire().await?;
                    let row = match_for(&mut conn, &req, interaction).await?;
                    let game = load_game(&row)?;
                    let unbound = by_bot || waives_deadline(&mut conn, &row, req.user_id, now).await?;
                    drop(conn);
                    let played = play_on(&row, game, &req, now, interaction, unbound)?;
                    (Cow::Owned(row), played)
                }
            };
            if !played.game.is_finished() {
                return match played.save_grouped(self, &row, read, now).await {
                    Err(ServiceError::Stale(_)) => Err(self.why_not_stored(&req, interaction).await),
                    done => done,
                };
            }
        }
        let mut tx = self.begin_write().await?;
        matches::lock(&mut tx, req.match_id).await?;
        let row = match_for(&mut tx, &req, interaction).await?;
        let unbound = by_bot || waives_deadline(&mut tx, &row, req.user_id, now).await?;
        let played = play_on(&row, load_game(&row)?, &req, now, interaction, unbound)?;
        played.save(&mut tx, &row, now).await?;
        if let Some(winner) = played.game.winner() {
            let reason = if req.action.is_resign() { WinReason::Resign } else { WinReason::Played };
            end_match(&mut tx, &row, MatchEnd::Won { winner, reason }, now, self.rating_policy).await?;
        } else if played.game.is_finished() {
            end_match(&mut tx, &row, MatchEnd::Drawn { agreed: false }, now, self.rating_policy).await?;
        }
        tx.commit().await?;
        Ok(played.outcome(&row, now))
    }

    /// Why a move read at one version could not be stored: this very interaction was
    /// applied meanwhile (delivered twice), the match ended, or it moved on (with a
    /// link to the current board).
    async fn why_not_stored(&self, req: &ActRequest, interaction: i64) -> ServiceError {
        let mut conn = match self.pool.acquire().await {
            Ok(conn) => conn,
            Err(e) => return e.into(),
        };
        match match_for(&mut conn, req, interaction).await {
            Ok(row) if row.status != "active" => ServiceError::MatchOver,
            Ok(row) => ServiceError::Stale(board_link(&row)),
            Err(e) => e,
        }
    }

    /// Resigns a match, whoever's turn it is.
    ///
    /// # Errors
    /// As [`Service::act`].
    pub async fn resign(&self, guild_id: u64, match_id: i64, user_id: u64, interaction_id: u64) -> Result<ActOutcome> {
        // No turn to check: a resignation is never stale.
        let game = self.game_of(guild_id, match_id).await?;
        let action = MatchAction::resign(game);
        self.act(ActRequest { guild_id, match_id, turn: 0, user_id, action, interaction_id }).await
    }

    /// The game of a match in a server.
    ///
    /// # Errors
    /// An unknown match; internal errors.
    pub async fn game_of(&self, guild_id: u64, match_id: i64) -> Result<Game> {
        if let Some(hot) = self.hot.read(match_id).kept().filter(|h| h.row.guild_id == db_id(guild_id)) {
            return Ok(hot.game.game());
        }
        let mut conn = self.pool.acquire().await?;
        let row = matches::get(&mut conn, match_id)
            .await?
            .filter(|r| r.guild_id == db_id(guild_id))
            .ok_or(ServiceError::MatchNotFound(match_id))?;
        row.game.parse().map_err(|e| ServiceError::Internal(format!("match {match_id}: {e}")))
    }

    /// Remembers a board posted (or edited in place) as its match's live board, showing
    /// `narration`.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn record_board(
        &self,
        board: &BoardView,
        channel_id: u64,
        message_id: u64,
        narration: &str,
    ) -> Result<()> {
        self.record_board_retiring(board, channel_id, message_id, narration, &[]).await
    }

    /// [`Service::record_board`], noting too that the messages `retired` (of the same
    /// match) lost their buttons before it was posted; what the match was owed up to this
    /// board is settled.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn record_board_retiring(
        &self,
        board: &BoardView,
        channel_id: u64,
        message_id: u64,
        narration: &str,
        retired: &[u64],
    ) -> Result<()> {
        let row = boards::BoardRow {
            match_id: board.match_id,
            turn: board.turn,
            channel_id: db_id(channel_id),
            message_id: db_id(message_id),
            narration: narration.to_owned(),
            ended: board.is_over(),
            retired: retired.iter().map(|&m| db_id(m)).collect(),
        };
        self.group_commit().record_board(row.clone(), self.now()).await?;
        self.hot.board_posted(&row);
        Ok(())
    }

    /// A match's live board, if one was posted.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn live_board(&self, match_id: i64) -> Result<Option<LiveBoard>> {
        let row = match self.hot.live_board(match_id) {
            Some(row) => Some(row),
            None => {
                let mut conn = self.pool.acquire().await?;
                boards::get(&mut conn, match_id).await?
            }
        };
        Ok(row.map(|b| LiveBoard {
            turn: b.turn,
            channel_id: discord_id(b.channel_id),
            message_id: discord_id(b.message_id),
            narration: b.narration,
            ended: b.ended,
        }))
    }

    /// Notes the message match `match_id`'s own thread grows from (a practice match's
    /// announcement), before the thread is opened: a crash before the thread is stored
    /// then leaves its first board owed there (see [`Service::board_place`]).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn set_thread_from(&self, match_id: i64, message_id: u64) -> Result<()> {
        let mut tx = self.begin_write().await?;
        matches::set_thread_from(&mut tx, match_id, db_id(message_id)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Moves a match's boards to its own thread.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn set_match_channel(&self, match_id: i64, channel_id: u64) -> Result<()> {
        let mut tx = self.begin_write().await?;
        matches::set_channel(&mut tx, match_id, db_id(channel_id)).await?;
        tx.commit().await?;
        Ok(())
    }
}
