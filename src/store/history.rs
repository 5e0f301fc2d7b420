//! Ended matches as players look back on them: history, stats, export.

use super::{DbId, Exec};

/// An ended match (finished or aborted), with its final state.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EndedRow {
    pub id: i64,
    pub guild_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    /// The game, which says how `state` reads.
    pub game: String,
    pub variant: String,
    /// The final state JSON (secret while the match was active).
    pub state: String,
    pub state_format: i64,
    /// `finished` or `aborted`.
    pub status: String,
    /// `a`, `b`, or `None` (a draw, or aborted).
    pub winner: Option<String>,
    pub end_reason: Option<String>,
    pub finished_at: i64,
    /// The bot's level, in a practice match.
    pub practice_level: Option<String>,
    /// The tournament the match was a pairing of, by name, if any.
    pub event: Option<String>,
    /// And its round.
    pub event_round: Option<i64>,
}

const COLUMNS: &str = "id, guild_id, seat_a, seat_b, game, variant, state, state_format, status, winner, end_reason,
                       COALESCE(finished_at, updated_at) AS finished_at, practice_level,
                       (SELECT name FROM tournaments t WHERE t.id = matches.tournament_id) AS event,
                       tournament_round AS event_round";

/// A player's ended matches in a server, newest first, at most `limit`. Each seat's newest
/// come in the order of its index (server, seat, end time: migration 0017), so that
/// `/engarde history` reads ten matches however many its player has ended.
///
/// # Errors
/// Database errors.
pub async fn ended_for(conn: &mut dyn Exec, guild: DbId, user: DbId, limit: i64) -> sqlx::Result<Vec<EndedRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches
         WHERE id IN (SELECT id FROM (SELECT id FROM matches
                                       WHERE guild_id = $1 AND seat_a = $2 AND finished_at IS NOT NULL
                                       ORDER BY finished_at DESC, id DESC LIMIT $4) AS as_a
                      UNION ALL
                      SELECT id FROM (SELECT id FROM matches
                                       WHERE guild_id = $1 AND seat_b = $3 AND finished_at IS NOT NULL
                                       ORDER BY finished_at DESC, id DESC LIMIT $4) AS as_b)
           AND status IN ('finished', 'aborted')
         ORDER BY COALESCE(finished_at, updated_at) DESC, id DESC LIMIT $4"
    ))
    .bind(guild)
    .bind(user)
    .bind(user)
    .bind(limit)
    .fetch_all(cx)
    .await)
}

/// An ended match by id, if it is in `guild`.
///
/// # Errors
/// Database errors.
pub async fn ended(conn: &mut dyn Exec, guild: DbId, id: i64) -> sqlx::Result<Option<EndedRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches WHERE id = $1 AND guild_id = $2 AND status IN ('finished', 'aborted')"
    ))
    .bind(id)
    .bind(guild)
    .fetch_optional(cx)
    .await)
}

/// Whether a match exists in `guild` (in any state).
///
/// # Errors
/// Database errors.
pub async fn exists(conn: &mut dyn Exec, guild: DbId, id: i64) -> sqlx::Result<bool> {
    let n: i64 =
        crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE id = $1 AND guild_id = $2")
            .bind(id)
            .bind(guild)
            .fetch_one(cx)
            .await)?;
    Ok(n > 0)
}

/// How many ended matches a player has in a server (read from the seats' indexes alone).
///
/// # Errors
/// Database errors.
pub async fn ended_count(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM matches WHERE guild_id = $1 AND seat_a = $2 AND finished_at IS NOT NULL)
              + (SELECT COUNT(*) FROM matches WHERE guild_id = $1 AND seat_b = $2 AND finished_at IS NOT NULL)"
    )
    .bind(guild)
    .bind(user)
    .fetch_one(cx)
    .await)
}

/// A player's ended matches in a server that ended after the match `after` (its end time
/// and id; `None`: all of them), oldest first.
///
/// # Errors
/// Database errors.
pub async fn ended_since(
    conn: &mut dyn Exec,
    guild: DbId,
    user: DbId,
    after: Option<(i64, i64)>,
) -> sqlx::Result<Vec<EndedRow>> {
    let (at, id) = after.unwrap_or((i64::MIN, i64::MIN));
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches
         WHERE id IN (SELECT id FROM matches WHERE guild_id = $1 AND seat_a = $2 AND finished_at >= $3
                      UNION ALL
                      SELECT id FROM matches WHERE guild_id = $1 AND seat_b = $2 AND finished_at >= $3)
           AND status IN ('finished', 'aborted')
           AND NOT (COALESCE(finished_at, updated_at) = $3 AND id <= $4)
         ORDER BY COALESCE(finished_at, updated_at), id"
    ))
    .bind(guild)
    .bind(user)
    .bind(at)
    .bind(id)
    .fetch_all(cx)
    .await)
}

/// How an ended match between two players went, for their head-to-head record.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MeetingRow {
    pub seat_a: DbId,
    pub seat_b: DbId,
    pub status: String,
    pub winner: Option<String>,
    pub practice_level: Option<String>,
}

/// The ended matches between two players in a server.
///
/// # Errors
/// Database errors.
pub async fn meetings(conn: &mut dyn Exec, guild: DbId, x: DbId, y: DbId) -> sqlx::Result<Vec<MeetingRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT seat_a, seat_b, status, winner, practice_level FROM matches
         WHERE guild_id = $1 AND seat_a = $2 AND seat_b = $3 AND finished_at IS NOT NULL
         UNION ALL
         SELECT seat_a, seat_b, status, winner, practice_level FROM matches
         WHERE guild_id = $1 AND seat_a = $3 AND seat_b = $2 AND finished_at IS NOT NULL"
    )
    .bind(guild)
    .bind(x)
    .bind(y)
    .fetch_all(cx)
    .await)
}

/// A player's stored running totals (see `service::summary`).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SummaryRow {
    /// The last ended match counted: its end time and id.
    pub through_at: i64,
    pub through_id: i64,
    /// Ended matches counted.
    pub counted: i64,
    /// The totals, as JSON.
    pub summary: String,
}

/// A player's stored running totals in a server, if any.
///
/// # Errors
/// Database errors.
pub async fn summary(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<Option<SummaryRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT through_at, through_id, counted, summary FROM player_summaries WHERE guild_id = $1 AND user_id = $2"
    )
    .bind(guild)
    .bind(user)
    .fetch_optional(cx)
    .await)
}

/// Stores a player's running totals, unless those stored already count more matches.
///
/// # Errors
/// Database errors.
pub async fn put_summary(conn: &mut dyn Exec, guild: DbId, user: DbId, s: &SummaryRow) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO player_summaries (guild_id, user_id, through_at, through_id, counted, summary)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (guild_id, user_id) DO UPDATE SET through_at = excluded.through_at,
             through_id = excluded.through_id, counted = excluded.counted, summary = excluded.summary
         WHERE player_summaries.counted <= excluded.counted"
    )
    .bind(guild)
    .bind(user)
    .bind(s.through_at)
    .bind(s.through_id)
    .bind(s.counted)
    .bind(&s.summary)
    .execute(cx)
    .await
    .map(|_| ()))
}
