//! Tournaments (migration 0012): events, their entrants, rounds and pairings. Every
//! change of an event's state or round is a conditional update (it names the state or
//! round it expects), so that two processes racing on the same event change it once.

use super::{DbId, Exec};

/// A stored event.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: i64,
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub thread_id: Option<DbId>,
    pub message_id: Option<DbId>,
    pub name: String,
    pub variant: String,
    /// The rules options chosen, as JSON.
    pub options: String,
    /// `swiss` or `round_robin`.
    pub format: String,
    /// Swiss: rounds to play (0: decided at the start); round robin: set at the start.
    pub rounds: i64,
    pub double_rr: bool,
    pub turn_seconds: i64,
    pub round_seconds: i64,
    pub rated: bool,
    pub max_players: i64,
    pub signup_closes_at: i64,
    /// `signup`, `running`, `paused`, `finished` or `cancelled`.
    pub state: String,
    pub current_round: i64,
    pub round_deadline: Option<i64>,
    pub paused_at: Option<i64>,
    pub paused_seconds: i64,
    pub away_allowed: bool,
    /// Round robin: every round's plan, fixed at the start (JSON).
    pub schedule: Option<String>,
    pub created_by: DbId,
    pub created_at: i64,
}

const COLUMNS: &str = "id, guild_id, channel_id, thread_id, message_id, name, variant, options, format, rounds,
    double_rr, turn_seconds, round_seconds, rated, max_players, signup_closes_at, state, current_round,
    round_deadline, paused_at, paused_seconds, away_allowed, schedule, created_by, created_at";

/// An event to insert (in sign-ups).
pub struct NewTournament<'a> {
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub name: &'a str,
    pub variant: &'a str,
    pub options: &'a str,
    pub format: &'a str,
    pub rounds: i64,
    pub double_rr: bool,
    pub turn_seconds: i64,
    pub round_seconds: i64,
    pub rated: bool,
    pub away_allowed: bool,
    pub max_players: i64,
    pub signup_closes_at: i64,
    pub created_by: DbId,
    pub interaction_id: DbId,
    pub now: i64,
}

/// Inserts an event in sign-ups; returns its id.
///
/// # Errors
/// Database errors, a unique violation for a repeated interaction.
pub async fn insert(conn: &mut dyn Exec, t: &NewTournament<'_>) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO tournaments (guild_id, channel_id, name, variant, options, format, rounds, double_rr,
                                  turn_seconds, round_seconds, rated, max_players, signup_closes_at, state,
                                  created_by, interaction_id, created_at, updated_at, away_allowed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'signup', $14, $15, $16, $17, $18)
         RETURNING id",
    )
    .bind(t.guild_id)
    .bind(t.channel_id)
    .bind(t.name)
    .bind(t.variant)
    .bind(t.options)
    .bind(t.format)
    .bind(t.rounds)
    .bind(t.double_rr)
    .bind(t.turn_seconds)
    .bind(t.round_seconds)
    .bind(t.rated)
    .bind(t.max_players)
    .bind(t.signup_closes_at)
    .bind(t.created_by)
    .bind(t.interaction_id)
    .bind(t.now)
    .bind(t.now)
    .bind(t.away_allowed)
    .fetch_one(cx)
    .await)
}

/// The event a command made, if it already made one.
///
/// # Errors
/// Database errors.
pub async fn by_interaction(conn: &mut dyn Exec, interaction: DbId) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT id FROM tournaments WHERE interaction_id = $1")
        .bind(interaction)
        .fetch_optional(cx)
        .await)
}

/// An event by id.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Option<TournamentRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
        .bind(id)
        .fetch_optional(cx)
        .await)
}

/// A server's events not yet over (signing up, running or paused), newest first.
///
/// # Errors
/// Database errors.
pub async fn open_in_guild(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Vec<TournamentRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE guild_id = $1 AND state IN ('signup', 'running', 'paused')
         ORDER BY id DESC"
    ))
    .bind(guild)
    .fetch_all(cx)
    .await)
}

/// A server's latest event in any state, if any.
///
/// # Errors
/// Database errors.
pub async fn latest_in_guild(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<TournamentRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT 1"
    ))
    .bind(guild)
    .fetch_optional(cx)
    .await)
}

/// Events the scheduler may have work on at `now`: sign-ups that closed, and running
/// events whose round's time is up or whose round has no live match left.
///
/// # Errors
/// Database errors.
pub async fn due(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT t.id FROM tournaments t
         WHERE (t.state = 'signup' AND t.signup_closes_at <= $1)
            OR (t.state = 'running' AND (t.round_deadline <= $2 OR NOT EXISTS (
                   SELECT 1 FROM tournament_pairings p JOIN matches m ON m.id = p.match_id
                   WHERE p.tournament_id = t.id AND p.round = t.current_round AND m.status = 'active')))
         ORDER BY t.id",
    )
    .bind(now)
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// The earliest moment an event has time-driven work (a sign-up closing, a round's time
/// up), if any.
///
/// # Errors
/// Database errors.
pub async fn next_due(conn: &mut dyn Exec) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT MIN(CASE WHEN state = 'signup' THEN signup_closes_at ELSE round_deadline END)
         FROM tournaments WHERE state IN ('signup', 'running')",
    )
    .fetch_one(cx)
    .await)
}

/// Remembers the announcement and the event's thread.
///
/// # Errors
/// Database errors.
pub async fn set_posted(conn: &mut dyn Exec, id: i64, message: DbId, thread: Option<DbId>) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET message_id = $1, thread_id = COALESCE($2, thread_id) WHERE id = $3"
    )
    .bind(message)
    .bind(thread)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Moves an event from state `from` to `to`; false if it was not in `from`.
///
/// # Errors
/// Database errors.
pub async fn set_state(conn: &mut dyn Exec, id: i64, from: &str, to: &str, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET state = $1, updated_at = $2 WHERE id = $3 AND state = $4"
    )
    .bind(to)
    .bind(now)
    .bind(id)
    .bind(from)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Starts round `round` of a running (or starting) event whose current round is
/// `round - 1`: the claim that makes a round start once. `rounds` and `schedule` are
/// fixed by the first round. False if another process got there first.
///
/// # Errors
/// Database errors.
pub async fn claim_round(
    conn: &mut dyn Exec,
    id: i64,
    round: i64,
    rounds: i64,
    schedule: Option<&str>,
    deadline: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET state = 'running', current_round = $1, rounds = $2,
                schedule = COALESCE($3, schedule), round_deadline = $4, updated_at = $5
         WHERE id = $6 AND current_round = $7 AND state IN ('signup', 'running')",
    )
    .bind(round)
    .bind(rounds)
    .bind(schedule)
    .bind(deadline)
    .bind(now)
    .bind(id)
    .bind(round - 1)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Ends a running event after its round `round`; false if it moved on.
///
/// # Errors
/// Database errors.
pub async fn finish(conn: &mut dyn Exec, id: i64, round: i64, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET state = 'finished', round_deadline = NULL, updated_at = $1
         WHERE id = $2 AND current_round = $3 AND state = 'running'",
    )
    .bind(now)
    .bind(id)
    .bind(round)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Pauses a running event; false if it was not running.
///
/// # Errors
/// Database errors.
pub async fn pause(conn: &mut dyn Exec, id: i64, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| {
        sqlx::query(
        "UPDATE tournaments SET state = 'paused', paused_at = $1, updated_at = $2 WHERE id = $3 AND state = 'running'"
    )
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected())
    })?;
    Ok(done == 1)
}

/// Resumes a paused event: its round's deadline and the deadlines of its live matches
/// move on by the time paused (a match moved during the pause gets a full turn from now,
/// as if the move had been made now). False if it was not paused.
///
/// # Errors
/// Database errors.
pub async fn resume(conn: &mut dyn Exec, id: i64, now: i64) -> sqlx::Result<bool> {
    let found: Option<Option<i64>> = crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT paused_at FROM tournaments WHERE id = $1 AND state = 'paused'"
    )
    .bind(id)
    .fetch_optional(cx)
    .await)?;
    let Some(Some(paused_at)) = found else { return Ok(false) };
    let paused = (now - paused_at).max(0);
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches
            SET deadline_at = deadline_at + ($1 - CASE WHEN updated_at > $2 THEN updated_at ELSE $3 END)
          WHERE tournament_id = $4 AND status = 'active' AND deadline_at IS NOT NULL",
    )
    .bind(now)
    .bind(paused_at)
    .bind(paused_at)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET state = 'running', paused_at = NULL, paused_seconds = paused_seconds + $1,
                round_deadline = round_deadline + $2, updated_at = $3
         WHERE id = $4 AND state = 'paused'",
    )
    .bind(paused)
    .bind(paused)
    .bind(now)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// A signed-up player.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EntrantRow {
    /// Sign-up order, from 1 (the pairing crate's player id).
    pub player: i64,
    pub user_id: DbId,
    /// 0: before the start; else the first round they could play.
    pub joined_round: i64,
    /// The round during which they left or were removed.
    pub left_round: Option<i64>,
    pub removed: bool,
    /// Their stored name in the server.
    pub name: Option<String>,
}

/// An event's entrants, in sign-up order.
///
/// # Errors
/// Database errors.
pub async fn entrants(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Vec<EntrantRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT e.player, e.user_id, e.joined_round, e.left_round, e.removed,
                (SELECT name FROM players p WHERE p.guild_id = t.guild_id AND p.user_id = e.user_id) AS name
         FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id
         WHERE e.tournament_id = $1 ORDER BY e.player",
    )
    .bind(id)
    .fetch_all(cx)
    .await)
}

/// Signs a player up as the next in order; returns their player number.
///
/// # Errors
/// Database errors, a unique violation if they already are.
pub async fn add_entrant(conn: &mut dyn Exec, id: i64, user: DbId, joined_round: i64) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO tournament_entrants (tournament_id, player, user_id, joined_round)
         VALUES ($1, (SELECT COALESCE(MAX(player), 0) + 1 FROM tournament_entrants WHERE tournament_id = $2), $3, $4)
         RETURNING player",
    )
    .bind(id)
    .bind(id)
    .bind(user)
    .bind(joined_round)
    .fetch_one(cx)
    .await)
}

/// Takes back a sign-up before the event starts; false if there was none.
///
/// # Errors
/// Database errors.
pub async fn delete_entrant(conn: &mut dyn Exec, id: i64, user: DbId) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2"
    )
    .bind(id)
    .bind(user)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Notes that a player left (or was removed) during `round`; false if they already had.
///
/// # Errors
/// Database errors.
pub async fn mark_left(conn: &mut dyn Exec, id: i64, player: i64, round: i64, removed: bool) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournament_entrants SET left_round = $1, removed = $2
         WHERE tournament_id = $3 AND player = $4 AND left_round IS NULL",
    )
    .bind(round)
    .bind(removed)
    .bind(id)
    .bind(player)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// A round as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RoundRow {
    pub round: i64,
    pub bye: Option<i64>,
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

/// Records a round's start.
///
/// # Errors
/// Database errors.
pub async fn insert_round(conn: &mut dyn Exec, id: i64, round: i64, bye: Option<i64>, now: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO tournament_rounds (tournament_id, round, bye, started_at) VALUES ($1, $2, $3, $4)"
    )
    .bind(id)
    .bind(round)
    .bind(bye)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Records a round's end; false if it had already ended.
///
/// # Errors
/// Database errors.
pub async fn end_round(conn: &mut dyn Exec, id: i64, round: i64, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournament_rounds SET ended_at = $1 WHERE tournament_id = $2 AND round = $3 AND ended_at IS NULL"
    )
    .bind(now)
    .bind(id)
    .bind(round)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// An event's rounds, in order.
///
/// # Errors
/// Database errors.
pub async fn rounds(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Vec<RoundRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT round, bye, started_at, ended_at FROM tournament_rounds WHERE tournament_id = $1 ORDER BY round"
    )
    .bind(id)
    .fetch_all(cx)
    .await)
}

/// A pairing as stored, with its match's state.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PairingRow {
    pub round: i64,
    pub board: i64,
    pub first: i64,
    pub second: i64,
    pub match_id: Option<i64>,
    /// `first`, `second`, `draw` or `both_lose`, once known.
    pub outcome: Option<String>,
    /// The match's status (`active`, `finished`, `aborted`), if it has one.
    pub match_status: Option<String>,
}

/// A pairing to insert.
pub struct NewPairing<'a> {
    pub round: i64,
    pub board: i64,
    pub first: i64,
    pub second: i64,
    pub match_id: Option<i64>,
    pub outcome: Option<&'a str>,
}

/// Records a pairing.
///
/// # Errors
/// Database errors.
pub async fn insert_pairing(conn: &mut dyn Exec, id: i64, p: &NewPairing<'_>) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO tournament_pairings (tournament_id, round, board, first, second, match_id, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(p.round)
    .bind(p.board)
    .bind(p.first)
    .bind(p.second)
    .bind(p.match_id)
    .bind(p.outcome)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Records how a pairing ended.
///
/// # Errors
/// Database errors.
pub async fn set_outcome(conn: &mut dyn Exec, id: i64, round: i64, board: i64, outcome: &str) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournament_pairings SET outcome = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4"
    )
    .bind(outcome)
    .bind(id)
    .bind(round)
    .bind(board)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// An event's pairings, by round and board.
///
/// # Errors
/// Database errors.
pub async fn pairings(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Vec<PairingRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT p.round, p.board, p.first, p.second, p.match_id, p.outcome,
                (SELECT status FROM matches m WHERE m.id = p.match_id) AS match_status
         FROM tournament_pairings p WHERE p.tournament_id = $1 ORDER BY p.round, p.board",
    )
    .bind(id)
    .fetch_all(cx)
    .await)
}

/// Marks a match as an event's, in a round.
///
/// # Errors
/// Database errors.
pub async fn tag_match(conn: &mut dyn Exec, match_id: i64, id: i64, round: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET tournament_id = $1, tournament_round = $2,
                away_allowed = (SELECT away_allowed FROM tournaments WHERE id = $1)
         WHERE id = $3"
    )
    .bind(id)
    .bind(round)
    .bind(match_id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Whether a player of an unfinished match of an event's round is away at `now` (an
/// away period started and not settled), in an event that allows away time: such a round
/// waits for them rather than ending on its own clock.
///
/// # Errors
/// Database errors.
pub async fn round_waits_for_away(conn: &mut dyn Exec, id: i64, round: i64, now: i64) -> sqlx::Result<bool> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM matches m JOIN away_periods a
                          ON a.guild_id = m.guild_id AND a.user_id IN (m.seat_a, m.seat_b)
                        WHERE m.tournament_id = $1 AND m.tournament_round = $2 AND m.status = 'active'
                          AND m.away_allowed AND a.settled_at IS NULL AND a.starts_at <= $3)"
    )
    .bind(id)
    .bind(round)
    .bind(now)
    .fetch_one(cx)
    .await)
}

/// Moves the deadline of the round a match belongs to by `seconds`, if that round is its
/// event's current one and the event allows away time (the match's player came back from
/// away time that moved the match's deadline by as much).
///
/// # Errors
/// Database errors.
pub async fn extend_round_for(conn: &mut dyn Exec, match_id: i64, seconds: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE tournaments SET round_deadline = round_deadline + $1
          WHERE away_allowed AND state = 'running' AND round_deadline IS NOT NULL
            AND (id, current_round) IN (SELECT tournament_id, tournament_round FROM matches WHERE id = $2)"
    )
    .bind(seconds)
    .bind(match_id)
    .execute(cx)
    .await
    .map(|_| ()))
}

/// Whether the event a match belongs to is rated (`None` if the match is no event's).
///
/// # Errors
/// Database errors.
pub async fn match_rated(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Option<bool>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT t.rated FROM matches m JOIN tournaments t ON t.id = m.tournament_id WHERE m.id = $1"
    )
    .bind(match_id)
    .fetch_optional(cx)
    .await)
}

/// The role (besides Manage Server) whose members may run a server's events.
///
/// # Errors
/// Database errors.
pub async fn manager_role(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<DbId>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT tournament_role FROM guild_settings WHERE guild_id = $1")
        .bind(guild)
        .fetch_optional(cx)
        .await)
    .map(Option::flatten)
}

/// Sets (or clears) that role; false if the server has no settings row yet.
///
/// # Errors
/// Database errors.
pub async fn set_manager_role(conn: &mut dyn Exec, guild: DbId, role: Option<DbId>) -> sqlx::Result<bool> {
    let done =
        crate::with_db!(conn, |cx| sqlx::query("UPDATE guild_settings SET tournament_role = $1 WHERE guild_id = $2")
            .bind(role)
            .bind(guild)
            .execute(cx)
            .await
            .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// The finished events a user played in a server (withdrawn or not), oldest first.
///
/// # Errors
/// Database errors.
pub async fn finished_for(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<Vec<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT t.id FROM tournaments t JOIN tournament_entrants e ON e.tournament_id = t.id
         WHERE t.guild_id = $1 AND e.user_id = $2 AND t.state = 'finished' AND t.current_round >= e.joined_round
         ORDER BY t.id",
    )
    .bind(guild)
    .bind(user)
    .fetch_all(cx)
    .await)
}
