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
