//! Matches and their action log.

use sqlx::SqliteConnection;

use super::DbId;

/// A stored match.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MatchRow {
    pub id: i64,
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    pub variant: String,
    pub state: String,
    pub state_format: i64,
    pub version: i64,
    pub status: String,
    pub winner: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, guild_id, channel_id, seat_a, seat_b, variant, state, state_format, version, status, winner, created_at, updated_at";

/// A match to insert.
pub struct NewMatch<'a> {
    pub guild_id: DbId,
    pub channel_id: DbId,
    pub seat_a: DbId,
    pub seat_b: DbId,
    pub variant: &'a str,
    pub state: &'a str,
    pub state_format: i64,
    pub now: i64,
}

/// Inserts an active match at version 0; returns its id.
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut SqliteConnection, m: &NewMatch<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO matches (guild_id, channel_id, seat_a, seat_b, variant, state, state_format, version, status,
                              created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'active', ?, ?) RETURNING id",
    )
    .bind(m.guild_id)
    .bind(m.channel_id)
    .bind(m.seat_a)
    .bind(m.seat_b)
    .bind(m.variant)
    .bind(m.state)
    .bind(m.state_format)
    .bind(m.now)
    .bind(m.now)
    .fetch_one(conn)
    .await
}

/// A match by id.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<MatchRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM matches WHERE id = ?")).bind(id).fetch_optional(conn).await
}

/// The new state after an action.
pub struct StateUpdate<'a> {
    pub id: i64,
    pub expected_version: i64,
    pub state: &'a str,
    pub state_format: i64,
    pub now: i64,
}

/// Stores a new state if the match is still active at `expected_version`;
/// returns false if another action got there first.
///
/// # Errors
/// Database errors.
pub async fn update_state(conn: &mut SqliteConnection, u: &StateUpdate<'_>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE matches SET state = ?, state_format = ?, version = version + 1, updated_at = ?
         WHERE id = ? AND version = ? AND status = 'active'",
    )
    .bind(u.state)
    .bind(u.state_format)
    .bind(u.now)
    .bind(u.id)
    .bind(u.expected_version)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Closes an active match: `status` is `finished` or `aborted`; returns false if
/// it was not active.
///
/// # Errors
/// Database errors.
pub async fn close(
    conn: &mut SqliteConnection,
    id: i64,
    status: &str,
    winner: Option<&str>,
    end_reason: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE matches SET status = ?, winner = ?, end_reason = ?, finished_at = ?, updated_at = ?
         WHERE id = ? AND status = 'active'",
    )
    .bind(status)
    .bind(winner)
    .bind(end_reason)
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a match's boards to another channel (its new thread).
///
/// # Errors
/// Database errors.
pub async fn set_channel(conn: &mut SqliteConnection, id: i64, channel: DbId) -> sqlx::Result<()> {
    sqlx::query("UPDATE matches SET channel_id = ? WHERE id = ?").bind(channel).bind(id).execute(conn).await?;
    Ok(())
}

/// Active matches of a player in a server, oldest first.
///
/// # Errors
/// Database errors.
pub async fn active_for(conn: &mut SqliteConnection, guild: DbId, user: DbId) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM matches WHERE guild_id = ? AND status = 'active' AND (seat_a = ? OR seat_b = ?)
         ORDER BY id"
    ))
    .bind(guild)
    .bind(user)
    .bind(user)
    .fetch_all(conn)
    .await
}

/// The active match between two players in a server, if any.
///
/// # Errors
/// Database errors.
pub async fn active_between(conn: &mut SqliteConnection, guild: DbId, x: DbId, y: DbId) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id FROM matches WHERE guild_id = ? AND status = 'active'
         AND ((seat_a = ? AND seat_b = ?) OR (seat_a = ? AND seat_b = ?)) LIMIT 1",
    )
    .bind(guild)
    .bind(x)
    .bind(y)
    .bind(y)
    .bind(x)
    .fetch_optional(conn)
    .await
}

/// The active match whose boards go to `channel` (its thread), if any.
///
/// # Errors
/// Database errors.
pub async fn active_in_channel(conn: &mut SqliteConnection, channel: DbId) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT id FROM matches WHERE channel_id = ? AND status = 'active' ORDER BY id")
        .bind(channel)
        .fetch_all(conn)
        .await
}

/// One applied action.
pub struct NewAction<'a> {
    pub match_id: i64,
    pub turn: i64,
    pub seat: &'a str,
    pub action: &'a str,
    pub user_id: DbId,
    pub interaction_id: Option<DbId>,
    pub now: i64,
}

/// Appends an action to a match's log.
///
/// # Errors
/// Database errors, including a unique violation for a repeated interaction.
pub async fn insert_action(conn: &mut SqliteConnection, a: &NewAction<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO match_actions (match_id, turn, seat, action, user_id, interaction_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(a.match_id)
    .bind(a.turn)
    .bind(a.seat)
    .bind(a.action)
    .bind(a.user_id)
    .bind(a.interaction_id)
    .bind(a.now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether an interaction already applied an action.
///
/// # Errors
/// Database errors.
pub async fn interaction_applied(conn: &mut SqliteConnection, interaction: DbId) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM match_actions WHERE interaction_id = ?")
        .bind(interaction)
        .fetch_one(conn)
        .await?;
    Ok(n > 0)
}

/// A match's action log, in order, as record JSON objects.
///
/// # Errors
/// Database errors.
pub async fn actions(conn: &mut SqliteConnection, match_id: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT action FROM match_actions WHERE match_id = ? ORDER BY turn")
        .bind(match_id)
        .fetch_all(conn)
        .await
}
