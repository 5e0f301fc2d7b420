//! Ratings: one Glicko-2 rating per player, server and scope (`all` or a
//! variant), the log of every change, and the matches a rebuild replays.

use super::{DbId, Exec};

/// A player's rating in one scope of a server.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub guild_id: DbId,
    pub scope: String,
    pub user_id: DbId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "guild_id, scope, user_id, rating, deviation, volatility, games, wins, losses, draws, updated_at";

/// A player's rating in a scope, if they have played a rated match in it.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, guild: DbId, scope: &str, user: DbId) -> sqlx::Result<Option<RatingRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM ratings WHERE guild_id = $1 AND scope = $2 AND user_id = $3"
    ))
    .bind(guild)
    .bind(scope)
    .bind(user)
    .fetch_optional(cx)
    .await)
}

/// Stores a rating (inserted or replaced).
///
/// # Errors
/// Database errors.
pub async fn put(conn: &mut dyn Exec, r: &RatingRow) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(&format!(
        "INSERT INTO ratings ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (guild_id, scope, user_id) DO UPDATE SET
           rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
           games = excluded.games, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
           updated_at = excluded.updated_at"
    ))
    .bind(r.guild_id)
    .bind(&r.scope)
    .bind(r.user_id)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(r.games)
    .bind(r.wins)
    .bind(r.losses)
    .bind(r.draws)
    .bind(r.updated_at)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// One player's rating change from one match.
#[derive(Clone, Debug, PartialEq)]
pub struct NewChange<'a> {
    pub match_id: i64,
    pub guild_id: DbId,
    pub scope: &'a str,
    pub user_id: DbId,
    /// 1 won, 0.5 drawn, 0 lost.
    pub score: f64,
    /// rating, deviation, volatility before.
    pub before: (f64, f64, f64),
    /// rating, deviation, volatility after.
    pub after: (f64, f64, f64),
}

/// Logs a rating change (after the ones already logged), numbered one past the last: as
/// SQLite numbers rows by itself, so that a rebuild (which clears the log first) numbers
/// them the same way on PostgreSQL, whose identity column would go on counting. Write
/// transactions run one at a time, so two never take the same number.
///
/// # Errors
/// Database errors, including a unique violation if the match was already rated.
pub async fn insert_change(conn: &mut dyn Exec, c: &NewChange<'_>) -> sqlx::Result<()> {
    insert_numbered(conn, None, c).await
}

/// Logs a rating change as number `id` (a rebuild, which cleared the log first, numbers
/// its changes from 1 as [`insert_change`] would).
///
/// # Errors
/// Database errors.
pub async fn insert_change_as(conn: &mut dyn Exec, id: i64, c: &NewChange<'_>) -> sqlx::Result<()> {
    insert_numbered(conn, Some(id), c).await
}

/// Logs a rating change as number `id`, or as the next number when `None`.
async fn insert_numbered(conn: &mut dyn Exec, id: Option<i64>, c: &NewChange<'_>) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO rating_changes (id, match_id, guild_id, scope, user_id, score, rating_before, deviation_before,
                                     volatility_before, rating_after, deviation_after, volatility_after)
         VALUES (COALESCE($1, (SELECT COALESCE(MAX(id), 0) + 1 FROM rating_changes)),
                 $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(id)
    .bind(c.match_id)
    .bind(c.guild_id)
    .bind(c.scope)
    .bind(c.user_id)
    .bind(c.score)
    .bind(c.before.0)
    .bind(c.before.1)
    .bind(c.before.2)
    .bind(c.after.0)
    .bind(c.after.1)
    .bind(c.after.2)
    .execute(cx)
    .await
    .map(|_| ()))
}

/// A leaderboard line: a rating with the player's stored name.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct StandingRow {
    pub user_id: DbId,
    pub name: Option<String>,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// When their last rated match in the scope ended.
    pub updated_at: i64,
    /// Their volatility (to grow the deviation over idle periods).
    pub volatility: f64,
}

/// Every rated player of a scope, as stored (the service ranks them as of now).
///
/// # Errors
/// Database errors.
pub async fn standings(conn: &mut dyn Exec, guild: DbId, scope: &str) -> sqlx::Result<Vec<StandingRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT r.user_id, p.name, r.rating, r.deviation, r.games, r.wins, r.losses, r.draws, r.updated_at,
                r.volatility
         FROM ratings r LEFT JOIN players p ON p.guild_id = r.guild_id AND p.user_id = r.user_id
         WHERE r.guild_id = $1 AND r.scope = $2",
    )
    .bind(guild)
    .bind(scope)
    .fetch_all(cx)
    .await)
}

/// How a player's rating in a scope moved in a match, if it was rated.
///
/// # Errors
/// Database errors.
pub async fn change_in(
    conn: &mut dyn Exec,
    match_id: i64,
    scope: &str,
    user: DbId,
) -> sqlx::Result<Option<(f64, f64)>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT rating_before, rating_after FROM rating_changes WHERE match_id = $1 AND scope = $2 AND user_id = $3",
    )
    .bind(match_id)
    .bind(scope)
    .bind(user)
    .fetch_optional(cx)
    .await)
}

/// Every rating of every server, in a fixed order (for comparisons).
///
/// # Errors
/// Database errors.
pub async fn all(conn: &mut dyn Exec) -> sqlx::Result<Vec<RatingRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM ratings ORDER BY guild_id, scope, user_id"
    ))
    .fetch_all(cx)
    .await)
}

/// Forgets every rating and change (before a rebuild, in its transaction).
///
/// # Errors
/// Database errors.
pub async fn clear(conn: &mut dyn Exec) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query("DELETE FROM rating_changes").execute(cx).await.map(|r| r.rows_affected()))?;
    crate::with_db!(conn, |cx| sqlx::query("DELETE FROM ratings").execute(cx).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// A match that counts for the ratings.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RatedMatch {
    pub id: i64,
    pub guild_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    pub variant: String,
    /// `a`, `b`, or `None` for a draw.
    pub winner: Option<String>,
    pub finished_at: i64,
}

/// Every match that counts for the ratings (finished, not aborted), in the order
/// their ratings were applied: first those ended before ratings existed (by end
/// time), then the others in the order of their logged changes.
///
/// # Errors
/// Database errors.
pub async fn rated_matches(conn: &mut dyn Exec) -> sqlx::Result<Vec<RatedMatch>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT m.id, m.guild_id, m.seat_a, m.seat_b, m.variant, m.winner,
                COALESCE(m.finished_at, m.updated_at) AS finished_at
         FROM matches m LEFT JOIN (SELECT match_id, MIN(id) AS seq FROM rating_changes GROUP BY match_id) c
           ON c.match_id = m.id
         WHERE m.status = 'finished' AND m.practice_seat IS NULL
         ORDER BY c.seq IS NOT NULL, c.seq, COALESCE(m.finished_at, m.updated_at), m.id",
    )
    .fetch_all(cx)
    .await)
}
