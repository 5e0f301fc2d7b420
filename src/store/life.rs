//! Per-user settings and away periods (migration 0013).

use super::{DbId, Exec};

/// A user's stored settings (the same in every server).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct UserSettingsRow {
    /// The language chosen (a folder of `locales/`); `None`: the Discord client's locale.
    pub language: Option<String>,
    /// Quiet hours as `HH:MM-HH:MM` in `timezone`; `None`: none.
    pub quiet_hours: Option<String>,
    /// An IANA time zone; `None`: UTC.
    pub timezone: Option<String>,
    /// Whether reminders of several matches come as one digest.
    pub digest: bool,
}

/// A user's settings, if they ever changed them.
///
/// # Errors
/// Database errors.
pub async fn user_settings(conn: &mut dyn Exec, user: DbId) -> sqlx::Result<Option<UserSettingsRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT language, quiet_hours, timezone, digest FROM user_settings WHERE user_id = $1"
    )
    .bind(user)
    .fetch_optional(cx)
    .await)
}

/// Stores a user's settings.
///
/// # Errors
/// Database errors.
pub async fn put_user_settings(conn: &mut dyn Exec, user: DbId, s: &UserSettingsRow, now: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO user_settings (user_id, language, quiet_hours, timezone, digest, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, quiet_hours = excluded.quiet_hours,
             timezone = excluded.timezone, digest = excluded.digest, updated_at = excluded.updated_at",
    )
    .bind(user)
    .bind(&s.language)
    .bind(&s.quiet_hours)
    .bind(&s.timezone)
    .bind(s.digest)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A stored away period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AwayRow {
    pub id: i64,
    pub guild_id: DbId,
    pub user_id: DbId,
    pub starts_at: i64,
    /// The planned end, or the actual one once ended early.
    pub ends_at: i64,
    /// When the deadlines it moved were moved; `None` until then.
    pub settled_at: Option<i64>,
}

const AWAY_COLUMNS: &str = "id, guild_id, user_id, starts_at, ends_at, settled_at";

/// A user's away periods in a server that end after `since`, oldest first.
///
/// # Errors
/// Database errors.
pub async fn away_since(conn: &mut dyn Exec, guild: DbId, user: DbId, since: i64) -> sqlx::Result<Vec<AwayRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {AWAY_COLUMNS} FROM away_periods WHERE guild_id = $1 AND user_id = $2 AND ends_at > $3
         ORDER BY starts_at, id"
    ))
    .bind(guild)
    .bind(user)
    .bind(since)
    .fetch_all(cx)
    .await)
}

/// The user's away period in a server that is not settled yet (at most one), if any.
///
/// # Errors
/// Database errors.
pub async fn unsettled(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<Option<AwayRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {AWAY_COLUMNS} FROM away_periods WHERE guild_id = $1 AND user_id = $2 AND settled_at IS NULL
         ORDER BY id LIMIT 1"
    ))
    .bind(guild)
    .bind(user)
    .fetch_optional(cx)
    .await)
}

/// Every unsettled away period that has started by `now` in a server, for the given users.
///
/// # Errors
/// Database errors.
pub async fn running_for(conn: &mut dyn Exec, guild: DbId, users: &[DbId], now: i64) -> sqlx::Result<Vec<AwayRow>> {
    let (a, b) = (users.first().copied().unwrap_or(-1), users.get(1).copied().unwrap_or(-1));
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {AWAY_COLUMNS} FROM away_periods
         WHERE guild_id = $1 AND user_id IN ($2, $3) AND settled_at IS NULL AND starts_at <= $4 ORDER BY id"
    ))
    .bind(guild)
    .bind(a)
    .bind(b)
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// Starts an away period; its id.
///
/// # Errors
/// Database errors.
pub async fn insert_away(conn: &mut dyn Exec, guild: DbId, user: DbId, starts: i64, ends: i64) -> sqlx::Result<i64> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO away_periods (guild_id, user_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id"
    )
    .bind(guild)
    .bind(user)
    .bind(starts)
    .bind(ends)
    .fetch_one(cx)
    .await)
}

/// Moves the end of an unsettled away period; false if it was settled meanwhile.
///
/// # Errors
/// Database errors.
pub async fn set_away_end(conn: &mut dyn Exec, id: i64, ends: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE away_periods SET ends_at = $1 WHERE id = $2 AND settled_at IS NULL"
    )
    .bind(ends)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Marks an away period settled; false if it already was (another process settled it).
///
/// # Errors
/// Database errors.
pub async fn settle_away(conn: &mut dyn Exec, id: i64, now: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE away_periods SET settled_at = $1 WHERE id = $2 AND settled_at IS NULL"
    )
    .bind(now)
    .bind(id)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Unsettled away periods that ended by `now`, oldest end first.
///
/// # Errors
/// Database errors.
pub async fn ended_unsettled(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<AwayRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {AWAY_COLUMNS} FROM away_periods WHERE settled_at IS NULL AND ends_at <= $1 ORDER BY ends_at, id"
    ))
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// The earliest end of an unsettled away period.
///
/// # Errors
/// Database errors.
pub async fn next_away_end(conn: &mut dyn Exec) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT MIN(ends_at) FROM away_periods WHERE settled_at IS NULL")
        .fetch_one(cx)
        .await)
}

/// Sets a match's deadline if it is still at `version`; false if it moved on.
///
/// # Errors
/// Database errors.
pub async fn set_deadline(conn: &mut dyn Exec, id: i64, version: i64, deadline: i64) -> sqlx::Result<bool> {
    let done = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET deadline_at = $1 WHERE id = $2 AND version = $3 AND status = 'active'"
    )
    .bind(deadline)
    .bind(id)
    .bind(version)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Notes that a match's board at `version` named its player in their quiet hours: the
/// turn's reminder is due at `at`.
///
/// # Errors
/// Database errors.
pub async fn set_quiet_ping(conn: &mut dyn Exec, id: i64, version: i64, at: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE matches SET quiet_ping_at = $1, quiet_ping_version = $2 WHERE id = $3 AND version = $4"
    )
    .bind(at)
    .bind(version)
    .bind(id)
    .bind(version)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}
