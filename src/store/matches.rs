//! Matches and their action log.

use sqlx::QueryBuilder;

use super::{DbId, Exec};

/// A stored match.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MatchRow {
    pub id: i64,
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    /// The game (`engarde_rules::Game` by name), which says how `state` and the log read.
    pub game: String,
    pub variant: String,
    pub state: String,
    pub state_format: i64,
    pub version: i64,
    pub status: String,
    pub winner: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Seconds allowed for each decision.
    pub turn_seconds: i64,
    /// When the current decision is due (unix seconds); `None` once over.
    pub deadline_at: Option<i64>,
    /// The version whose reminder was sent.
    pub reminded_version: Option<i64>,
    /// The channel the challenge was made in.
    pub home_channel_id: Option<DbId>,
    /// The seat with a pending draw offer.
    pub draw_offer_seat: Option<String>,
    /// The version the draw offer was made at.
    pub draw_offer_version: Option<i64>,
    /// Seat A's stored name in the server (read with the match: one round trip).
    pub name_a: Option<String>,
    /// Seat B's stored name in the server.
    pub name_b: Option<String>,
    /// The version the latest board shows, if one was posted.
    pub board_turn: Option<i64>,
    /// Where the latest board was posted.
    pub board_channel_id: Option<DbId>,
    /// The latest board's message.
    pub board_message_id: Option<DbId>,
    /// In a practice match, the bot's seat (`a` or `b`); `None` between two people.
    pub practice_seat: Option<String>,
    /// In a practice match, the bot's level (`engarde_rules::Level` by name).
    pub practice_level: Option<String>,
    /// Whether away time moves this match's deadlines (see `service::life::away`).
    pub away_allowed: bool,
    /// The tournament the match is a pairing of, if any.
    pub tournament_id: Option<i64>,
}

/// A match's columns, with its players' names and its latest board: everything a use
/// case shows, in one statement (each statement is a round trip to the database thread).
const COLUMNS: &str =
    "id, guild_id, channel_id, seat_a, seat_b, game, variant, state, state_format, version, status, winner,
     created_at, updated_at, turn_seconds, deadline_at, reminded_version, home_channel_id, draw_offer_seat,
     draw_offer_version, practice_seat, practice_level, away_allowed, tournament_id,
     (SELECT name FROM players p WHERE p.guild_id = matches.guild_id AND p.user_id = matches.seat_a) AS name_a,
     (SELECT name FROM players p WHERE p.guild_id = matches.guild_id AND p.user_id = matches.seat_b) AS name_b,
     (SELECT turn FROM boards b WHERE b.match_id = matches.id) AS board_turn,
     (SELECT channel_id FROM boards b WHERE b.match_id = matches.id) AS board_channel_id,
     (SELECT message_id FROM boards b WHERE b.match_id = matches.id) AS board_message_id";

/// A match to insert.
pub struct NewMatch<'a> {
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    pub game: &'a str,
    pub variant: &'a str,
    pub state: &'a str,
    pub state_format: i64,
    pub turn_seconds: i64,
    pub home_channel_id: DbId,
    pub now: i64,
    /// A practice match: the bot's seat and level by name.
    pub practice: Option<(&'a str, &'a str)>,
    /// The message the match's own thread will grow from (its challenge), if known.
    pub thread_from: Option<DbId>,
}

/// Inserts an active match at version 0, its first decision due in `turn_seconds`; returns its id.
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut dyn Exec, m: &NewMatch<'_>) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO matches (guild_id, channel_id, seat_a, seat_b, game, variant, state, state_format, version,
                              status, created_at, updated_at, turn_seconds, deadline_at, home_channel_id,
                              practice_seat, practice_level, thread_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 'active', $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
    )
    .bind(m.guild_id)
    .bind(m.channel_id)
    .bind(m.seat_a)
    .bind(m.seat_b)
    .bind(m.game)
    .bind(m.variant)
    .bind(m.state)
    .bind(m.state_format)
    .bind(m.now)
    .bind(m.now)
    .bind(m.turn_seconds)
    .bind(m.now + m.turn_seconds)
    .bind(m.home_channel_id)
    .bind(m.practice.map(|(seat, _)| seat))
    .bind(m.practice.map(|(_, level)| level))
    .bind(m.thread_from)
    .fetch_one(cx)
    .await)
}

/// Notes the message match `id`'s own thread will grow from (a practice match's
/// announcement, once posted).
///
/// # Errors
/// Database errors.
pub async fn set_thread_from(conn: &mut dyn Exec, id: i64, message_id: DbId) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query("UPDATE matches SET thread_from = $1 WHERE id = $2")
        .bind(message_id)
        .bind(id)
        .execute(cx)
        .await
        .map(|_| ()))
}

/// Where a match's next board goes, as far as the database says (see
/// `Service::board_place`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPlaceRow {
    /// Where its boards go now.
    pub channel_id: DbId,
    /// No board of it was ever posted, it is an event's match, and it is still in the
    /// event's channel: the event and round (its own thread not opened yet).
    pub event_thread: Option<(i64, i64)>,
    /// No board of it was ever posted, and its own thread grows from this message but its
    /// boards are not there (a thread started from a message has the message's id): the
    /// thread was not opened, or opened and not stored, before a crash.
    pub thread_from: Option<DbId>,
    /// Its server.
    pub guild_id: DbId,
    /// No board of it was ever posted, it is no event's match, and no message its thread
    /// grows from is noted: its thread (if the server's matches get one) opens with no
    /// starter message (its boards go to another channel than its challenge's), or a crash
    /// came between its practice announcement and the announcement's note. The thread may
    /// be open already, and the match in it.
    pub no_thread_noted: bool,
}

/// Where match `match_id`'s next board goes; `None` for an unknown match.
///
/// # Errors
/// Database errors.
pub async fn board_place(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Option<BoardPlaceRow>> {
    /// The row as read, before what it says is worked out.
    #[derive(sqlx::FromRow)]
    struct Read {
        guild_id: DbId,
        channel_id: DbId,
        event: Option<i64>,
        round: Option<i64>,
        in_event: bool,
        thread_from: Option<DbId>,
        unposted: bool,
    }
    let row: Option<Read> = crate::with_db!(conn, |cx| {
        sqlx::query_as(
            "SELECT m.guild_id, m.channel_id, t.id AS event, m.tournament_round AS round,
                    m.tournament_id IS NOT NULL AS in_event, m.thread_from,
                    NOT EXISTS (SELECT 1 FROM boards b WHERE b.match_id = m.id) AS unposted
               FROM matches m
               LEFT JOIN tournaments t ON t.id = m.tournament_id AND t.channel_id = m.channel_id
              WHERE m.id = $1",
        )
        .bind(match_id)
        .fetch_optional(cx)
        .await
    })?;
    Ok(row.map(|r| BoardPlaceRow {
        channel_id: r.channel_id,
        event_thread: r.event.zip(r.round).filter(|_| r.unposted),
        thread_from: r.thread_from.filter(|&from| r.unposted && from != r.channel_id),
        guild_id: r.guild_id,
        no_thread_noted: r.unposted && !r.in_event && r.thread_from.is_none(),
    }))
}

/// A match by id.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Option<MatchRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM matches WHERE id = $1"))
        .bind(id)
        .fetch_optional(cx)
        .await)
}

/// Locks a match's row until the end of the caller's write transaction, so that what the
/// transaction reads of the match stays true until it commits: on PostgreSQL, a move
/// stored meanwhile by another connection (moves take no write lock, see
/// [`crate::store::Pool::begin_write`]) waits for it, and the row is then read as
/// committed. On SQLite, nothing to do: the write transaction already excludes every
/// other writer.
///
/// # Errors
/// Database errors.
pub async fn lock(conn: &mut dyn Exec, id: i64) -> sqlx::Result<()> {
    match conn.db() {
        crate::store::Db::Sqlite(_) => Ok(()),
        crate::store::Db::Postgres(cx) => {
            sqlx::query("SELECT id FROM matches WHERE id = $1 FOR UPDATE").bind(id).execute(cx).await?;
            Ok(())
        }
    }
}

/// A match by id, and whether `interaction` already applied an action (one round trip).
///
/// # Errors
/// Database errors.
pub async fn get_for_interaction(
    conn: &mut dyn Exec,
    id: i64,
    interaction: DbId,
) -> sqlx::Result<Option<(MatchRow, bool)>> {
    #[derive(sqlx::FromRow)]
    struct Found {
        #[sqlx(flatten)]
        row: MatchRow,
        applied: bool,
    }
    let found: Option<Found> = crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS}, EXISTS (SELECT 1 FROM match_actions WHERE interaction_id = $1) AS applied
         FROM matches WHERE id = $2"
    ))
    .bind(interaction)
    .bind(id)
    .fetch_optional(cx)
    .await)?;
    Ok(found.map(|f| (f.row, f.applied)))
}

/// A move to store: the action (as in a match record) and the state it led to.
#[derive(Clone, Debug)]
pub struct Move {
    pub match_id: i64,
    /// The match version the action was played at (its 0-based index in the log).
    pub turn: i64,
    pub seat: &'static str,
    pub action: String,
    pub user_id: DbId,
    /// The Discord interaction that made it, if any (an interaction applies once).
    pub interaction_id: Option<DbId>,
    pub state: String,
    pub state_format: i64,
    pub now: i64,
}

/// The message `match_moves_apply` (migration 0004) fails a stale move with.
const STALE_MOVE: &str = "engarde: stale move";

/// Stores a new state and appends the action that made it, in one statement (one
/// round trip, atomic on its own), if the match is still active at the move's turn;
/// returns false, with nothing written, if another action got there first. The next
/// decision is due a full turn from now, and any draw offer lapses.
///
/// # Errors
/// Database errors, including a unique violation for a repeated interaction.
pub async fn advance(conn: &mut dyn Exec, m: &Move) -> sqlx::Result<bool> {
    advance_all(conn, std::slice::from_ref(m)).await
}

/// Stores several moves (of different matches) in one statement: all of them, or none
/// (false if one was stale; errors as [`advance`]).
///
/// # Errors
/// As [`advance`].
pub async fn advance_all(conn: &mut dyn Exec, moves: &[Move]) -> sqlx::Result<bool> {
    // Each row inserted into `match_moves` (migration 0004 on SQLite, 0001 on PostgreSQL)
    // stores a state and logs an action, or fails the statement if stale. Rows are
    // applied in match order, so that two statements racing on the same matches (from
    // two processes) lock them in the same order.
    let mut sorted: Vec<&Move> = moves.iter().collect();
    sorted.sort_by_key(|m| (m.match_id, m.turn));
    let done = crate::with_db!(conn, |cx| {
        let mut insert = QueryBuilder::new(
            "INSERT INTO match_moves (match_id, turn, seat, action, user_id, interaction_id, created_at, state, state_format) ",
        );
        insert.push_values(&sorted, |mut row, m| {
            row.push_bind(m.match_id)
                .push_bind(m.turn)
                .push_bind(m.seat)
                .push_bind(m.action.as_str())
                .push_bind(m.user_id)
                .push_bind(m.interaction_id)
                .push_bind(m.now)
                .push_bind(m.state.as_str())
                .push_bind(m.state_format);
        });
        insert.build().execute(cx).await.map(|r| r.rows_affected())
    });
    match done {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.message() == STALE_MOVE => Ok(false),
        Err(e) => Err(e),
    }
}

/// Closes an active match: `status` is `finished` or `aborted`; returns false if
/// it was not active.
///
/// # Errors
/// Database errors.
pub async fn close(
    conn: &mut dyn Exec,
    id: i64,
    status: &str,
    winner: Option<&str>,
    end_reason: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET status = $1, winner = $2, end_reason = $3, finished_at = $4, updated_at = $5,
                deadline_at = NULL, draw_offer_seat = NULL, draw_offer_version = NULL
         WHERE id = $6 AND status = 'active'",
    )
    .bind(status)
    .bind(winner)
    .bind(end_reason)
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Moves a match's boards to another channel (its new thread).
///
/// # Errors
/// Database errors.
pub async fn set_channel(conn: &mut dyn Exec, id: i64, channel: DbId) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query("UPDATE matches SET channel_id = $1 WHERE id = $2")
        .bind(channel)
        .bind(id)
        .execute(cx)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// Active matches of a player in a server, oldest first (an active match has no end time:
/// its seat's index finds it among the player's matches at once).
///
/// # Errors
/// Database errors.
pub async fn active_for(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<Vec<MatchRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches
         WHERE id IN (SELECT id FROM matches WHERE guild_id = $1 AND seat_a = $2 AND finished_at IS NULL
                      UNION ALL
                      SELECT id FROM matches WHERE guild_id = $1 AND seat_b = $3 AND finished_at IS NULL)
           AND status = 'active'
         ORDER BY id"
    ))
    .bind(guild)
    .bind(user)
    .bind(user)
    .fetch_all(cx)
    .await)
}

/// The active match between two players in a server, if any.
///
/// # Errors
/// Database errors.
pub async fn active_between(conn: &mut dyn Exec, guild: DbId, x: DbId, y: DbId) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| {
        sqlx::query_scalar(
        "SELECT id FROM matches
         WHERE id IN (SELECT id FROM matches WHERE guild_id = $1 AND seat_a = $2 AND seat_b = $3 AND finished_at IS NULL
                      UNION ALL
                      SELECT id FROM matches WHERE guild_id = $1 AND seat_a = $4 AND seat_b = $5 AND finished_at IS NULL)
           AND status = 'active' LIMIT 1",
    )
    .bind(guild)
    .bind(x)
    .bind(y)
    .bind(y)
    .bind(x)
    .fetch_optional(cx)
    .await
    })
}

/// Every active practice match, in one statement (the scheduler checks which await the bot).
///
/// # Errors
/// Database errors.
pub async fn active_practice(conn: &mut dyn Exec) -> sqlx::Result<Vec<MatchRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches WHERE status = 'active' AND practice_seat IS NOT NULL ORDER BY id"
    ))
    .fetch_all(cx)
    .await)
}

/// The active match whose boards go to `channel` (its thread), if any.
///
/// # Errors
/// Database errors.
pub async fn active_in_channel(conn: &mut dyn Exec, channel: DbId) -> sqlx::Result<Vec<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT id FROM matches WHERE channel_id = $1 AND status = 'active' ORDER BY id"
    )
    .bind(channel)
    .fetch_all(cx)
    .await)
}

/// A match's action log, in order, as record JSON objects: its rows in `match_actions`, or
/// its folded log (see [`fold_log`]).
///
/// # Errors
/// Database errors.
pub async fn actions(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Vec<String>> {
    let logged: Vec<String> = crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT action FROM match_actions WHERE match_id = $1 ORDER BY turn"
    )
    .bind(match_id)
    .fetch_all(cx)
    .await)?;
    if !logged.is_empty() {
        return Ok(logged);
    }
    let folded: Option<String> =
        crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT actions FROM match_logs WHERE match_id = $1")
            .bind(match_id)
            .fetch_optional(cx)
            .await)?;
    Ok(folded.map(|log| unfold(&log)).unwrap_or_default())
}

/// The separator of a folded log's actions (an action's JSON has no line break).
const FOLD_SEPARATOR: char = '\n';

/// A folded log's actions.
fn unfold(log: &str) -> Vec<String> {
    if log.is_empty() {
        return Vec::new();
    }
    log.split(FOLD_SEPARATOR).map(str::to_owned).collect()
}

/// Ended matches over since before `before` whose action log is not folded yet, at most
/// `limit`, the longest over first (through their own index: `matches_to_fold`).
///
/// # Errors
/// Database errors.
pub async fn to_fold(conn: &mut dyn Exec, before: i64, limit: i64) -> sqlx::Result<Vec<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT id FROM matches WHERE finished_at IS NOT NULL AND NOT log_folded AND finished_at < $1
         ORDER BY finished_at, id LIMIT $2"
    )
    .bind(before)
    .bind(limit)
    .fetch_all(cx)
    .await)
}

/// Folds an ended match's action log into one row of `match_logs` (its actions in order,
/// each exactly as logged) and removes its rows from `match_actions`; false if the match is
/// still active or already folded. Its record reads the same afterwards ([`actions`]).
///
/// # Errors
/// Database errors.
pub async fn fold_log(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<bool> {
    let marked = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET log_folded = TRUE WHERE id = $1 AND finished_at IS NOT NULL AND status <> 'active'
            AND NOT log_folded"
    )
    .bind(match_id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    if marked != 1 {
        return Ok(false);
    }
    let logged: Vec<String> = crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT action FROM match_actions WHERE match_id = $1 ORDER BY turn"
    )
    .bind(match_id)
    .fetch_all(cx)
    .await)?;
    let log = logged.join(&FOLD_SEPARATOR.to_string());
    crate::with_db!(conn, |cx| sqlx::query("INSERT INTO match_logs (match_id, actions) VALUES ($1, $2)")
        .bind(match_id)
        .bind(&log)
        .execute(cx)
        .await
        .map(|_| ()))?;
    crate::with_db!(conn, |cx| sqlx::query("DELETE FROM match_actions WHERE match_id = $1")
        .bind(match_id)
        .execute(cx)
        .await
        .map(|_| ()))?;
    Ok(true)
}

/// Active matches whose current decision was due at or before `now`, earliest first.
///
/// # Errors
/// Database errors.
pub async fn overdue(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<MatchRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches WHERE status = 'active' AND deadline_at <= $1
           AND NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.id = matches.tournament_id AND t.state = 'paused')
         ORDER BY deadline_at, id"
    ))
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// Active matches past half their turn time (or whose board named their player in their
/// quiet hours, and those hours are over) whose player has not been reminded this turn.
/// Each way of being due is found through its own index of the decisions still to remind
/// (migration 0017), so that matches reminded already cost nothing here.
///
/// # Errors
/// Database errors.
pub async fn reminders_due(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<MatchRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches
         WHERE id IN (SELECT id FROM matches
                       WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
                         AND deadline_at - turn_seconds / 2 <= $1
                      UNION
                      SELECT id FROM matches
                       WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
                         AND quiet_ping_at IS NOT NULL AND quiet_ping_at <= $1 AND quiet_ping_version = version)
           AND deadline_at > $2
           AND NOT EXISTS (SELECT 1 FROM tournaments t WHERE t.id = matches.tournament_id AND t.state = 'paused')
         ORDER BY guild_id, deadline_at, id"
    ))
    .bind(now)
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// Notes that the reminder for `version` was sent; false if it already was.
///
/// # Errors
/// Database errors.
pub async fn mark_reminded(conn: &mut dyn Exec, id: i64, version: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET reminded_version = $1
         WHERE id = $2 AND version = $3 AND status = 'active' AND (reminded_version IS NULL OR reminded_version <> $4)",
    )
    .bind(version)
    .bind(id)
    .bind(version)
    .bind(version)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// The earliest moment something is due: a deadline or a reminder (the earliest of the
/// decisions' deadlines, of the moments half the time of a decision still to remind is
/// up, and of the quiet hours' ends that hold a ping; each the first entry of an index).
///
/// # Errors
/// Database errors.
pub async fn next_due(conn: &mut dyn Exec) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT MIN(due) FROM (
             SELECT MIN(deadline_at) AS due FROM matches WHERE status = 'active'
             UNION ALL
             SELECT MIN(deadline_at - turn_seconds / 2) FROM matches
              WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
             UNION ALL
             SELECT MIN(quiet_ping_at) FROM matches
              WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
                AND quiet_ping_at IS NOT NULL AND quiet_ping_version = version
         ) AS soonest",
    )
    .fetch_one(cx)
    .await)
}

/// Records a draw offer by `seat` at `version`; false if the match moved on.
///
/// # Errors
/// Database errors.
pub async fn offer_draw(conn: &mut dyn Exec, id: i64, seat: &str, version: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET draw_offer_seat = $1, draw_offer_version = $2
         WHERE id = $3 AND version = $4 AND status = 'active'",
    )
    .bind(seat)
    .bind(version)
    .bind(id)
    .bind(version)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Withdraws or declines a pending draw offer.
///
/// # Errors
/// Database errors.
pub async fn clear_draw_offer(conn: &mut dyn Exec, id: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET draw_offer_seat = NULL, draw_offer_version = NULL WHERE id = $1"
    )
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// How match `id` ended (`hits`, `resign`, `timeout`, `aborted`…), if it has.
///
/// # Errors
/// Database errors.
pub async fn end_reason(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Option<String>> {
    let found: Option<Option<String>> =
        crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT end_reason FROM matches WHERE id = $1")
            .bind(id)
            .fetch_optional(cx)
            .await)?;
    Ok(found.flatten())
}

/// How many matches are being played (not over), in every server.
///
/// # Errors
/// Database errors.
pub async fn count_active(conn: &mut dyn Exec) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE status = 'active'")
        .fetch_one(cx)
        .await)
}
