//! Challenges: made by a slash command, answered by a button.

use super::{DbId, Exec};

/// A stored challenge.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: i64,
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub challenger_id: DbId,
    pub challenged_id: DbId,
    pub variant: String,
    pub options: String,
    pub status: String,
    pub message_id: Option<DbId>,
    pub match_id: Option<i64>,
    pub created_at: i64,
    /// Seconds for each decision in the match.
    pub turn_seconds: i64,
    /// When the challenge lapses if unanswered.
    pub expires_at: i64,
}

/// A challenge to insert.
pub struct NewChallenge<'a> {
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub challenger_id: DbId,
    pub challenged_id: DbId,
    pub variant: &'a str,
    pub options: &'a str,
    pub interaction_id: DbId,
    pub turn_seconds: i64,
    pub expires_at: i64,
    pub now: i64,
}

const COLUMNS: &str = "id, guild_id, channel_id, challenger_id, challenged_id, variant, options, status, message_id,
     match_id, created_at, turn_seconds, expires_at";

/// Inserts a pending challenge; returns its id.
///
/// # Errors
/// Database errors, including a unique violation for a repeated interaction.
pub async fn insert(conn: &mut dyn Exec, c: &NewChallenge<'_>) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, variant, options, status,
                                 interaction_id, created_at, turn_seconds, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10) RETURNING id",
    )
    .bind(c.guild_id)
    .bind(c.channel_id)
    .bind(c.challenger_id)
    .bind(c.challenged_id)
    .bind(c.variant)
    .bind(c.options)
    .bind(c.interaction_id)
    .bind(c.now)
    .bind(c.turn_seconds)
    .bind(c.expires_at)
    .fetch_one(cx)
    .await)
}

/// The challenge made by an interaction, if any.
///
/// # Errors
/// Database errors.
pub async fn by_interaction(conn: &mut dyn Exec, interaction: DbId) -> sqlx::Result<Option<ChallengeRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM challenges WHERE interaction_id = $1"))
        .bind(interaction)
        .fetch_optional(cx)
        .await)
}

/// A challenge by id.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Option<ChallengeRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
        .bind(id)
        .fetch_optional(cx)
        .await)
}

/// A pending challenge between two players (either way round) in a server that
/// has not lapsed by `now` (a lapsed one is expired, whether or not the
/// scheduler has got to it yet).
///
/// # Errors
/// Database errors.
pub async fn pending_between(
    conn: &mut dyn Exec,
    guild: DbId,
    x: DbId,
    y: DbId,
    now: i64,
) -> sqlx::Result<Option<ChallengeRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE guild_id = $1 AND status = 'pending' AND expires_at > $2
         AND ((challenger_id = $3 AND challenged_id = $4) OR (challenger_id = $5 AND challenged_id = $6)) LIMIT 1"
    ))
    .bind(guild)
    .bind(now)
    .bind(x)
    .bind(y)
    .bind(y)
    .bind(x)
    .fetch_optional(cx)
    .await)
}

/// Closes a pending challenge with `status`; returns false if it was no longer pending.
///
/// # Errors
/// Database errors.
pub async fn close(conn: &mut dyn Exec, id: i64, status: &str, match_id: Option<i64>, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE challenges SET status = $1, match_id = $2, answered_at = $3 WHERE id = $4 AND status = 'pending'",
    )
    .bind(status)
    .bind(match_id)
    .bind(now)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Remembers the public message that shows the challenge; returns the challenge's
/// status (`None`: no such challenge).
///
/// # Errors
/// Database errors.
pub async fn set_message(conn: &mut dyn Exec, id: i64, message: DbId) -> sqlx::Result<Option<String>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "UPDATE challenges SET message_id = $1 WHERE id = $2 RETURNING status"
    )
    .bind(message)
    .bind(id)
    .fetch_optional(cx)
    .await)
}

/// Pending challenges whose time ran out at or before `now`.
///
/// # Errors
/// Database errors.
pub async fn lapsed(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<ChallengeRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at, id"
    ))
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// A player's pending challenges in a server (made by them), oldest first.
///
/// # Errors
/// Database errors.
pub async fn pending_by(conn: &mut dyn Exec, guild: DbId, challenger: DbId) -> sqlx::Result<Vec<ChallengeRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE guild_id = $1 AND challenger_id = $2 AND status = 'pending' ORDER BY id"
    ))
    .bind(guild)
    .bind(challenger)
    .fetch_all(cx)
    .await)
}

/// The earliest expiry of a pending challenge.
///
/// # Errors
/// Database errors.
pub async fn next_expiry(conn: &mut dyn Exec) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT MIN(expires_at) FROM challenges WHERE status = 'pending'")
        .fetch_one(cx)
        .await)
}
