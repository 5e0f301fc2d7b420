//! Leaderboard seasons: how each server runs them, and the seasons themselves (see
//! `service::seasons`). A season's ratings are ordinary rows of `ratings` under a season
//! scope; this module keeps only the seasons' names and times.

use super::{DbId, Exec};

/// A season as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SeasonRow {
    pub id: i64,
    pub guild_id: DbId,
    pub name: String,
    /// `manual`, `monthly` or `quarterly`.
    pub kind: String,
    /// Unix seconds, included.
    pub starts_at: i64,
    /// Unix seconds, excluded; `None`: started by hand and still open.
    pub ends_at: Option<i64>,
    /// When its podium was claimed for posting.
    pub announced_at: Option<i64>,
}

const COLUMNS: &str = "id, guild_id, name, kind, starts_at, ends_at, announced_at";

/// How a server runs its seasons (`off`, `monthly`, `quarterly`), if an admin ever chose.
///
/// # Errors
/// Database errors.
pub async fn mode(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<String>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT mode FROM guild_seasons WHERE guild_id = $1")
        .bind(guild)
        .fetch_optional(cx)
        .await)
}

/// Stores how a server runs its seasons.
///
/// # Errors
/// Database errors.
pub async fn set_mode(conn: &mut dyn Exec, guild: DbId, mode: &str, admin: DbId, now: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO guild_seasons (guild_id, mode, updated_at, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (guild_id) DO UPDATE SET mode = excluded.mode, updated_at = excluded.updated_at,
             updated_by = excluded.updated_by",
    )
    .bind(guild)
    .bind(mode)
    .bind(now)
    .bind(admin)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A season to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeason<'a> {
    pub guild_id: DbId,
    pub name: &'a str,
    pub kind: &'a str,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
}

/// Creates a season, numbered one past the last (write transactions run one at a time, so
/// two never take the same number); `None` if the server already has one of that name.
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut dyn Exec, s: &NewSeason<'_>) -> sqlx::Result<Option<i64>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "INSERT INTO seasons (id, guild_id, name, kind, starts_at, ends_at)
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM seasons), $1, $2, $3, $4, $5)
         ON CONFLICT (guild_id, name) DO NOTHING
         RETURNING id",
    )
    .bind(s.guild_id)
    .bind(s.name)
    .bind(s.kind)
    .bind(s.starts_at)
    .bind(s.ends_at)
    .fetch_optional(cx)
    .await)
}

/// The server's season that holds the moment `at`, if any.
///
/// # Errors
/// Database errors.
pub async fn at(conn: &mut dyn Exec, guild: DbId, at: i64) -> sqlx::Result<Option<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM seasons
         WHERE guild_id = $1 AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2)
         ORDER BY starts_at DESC LIMIT 1"
    ))
    .bind(guild)
    .bind(at)
    .fetch_optional(cx)
    .await)
}

/// The server's latest season (the one that started last), if any.
///
/// # Errors
/// Database errors.
pub async fn latest(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM seasons WHERE guild_id = $1 ORDER BY starts_at DESC, id DESC LIMIT 1"
    ))
    .bind(guild)
    .fetch_optional(cx)
    .await)
}

/// The server's season of this name, if any.
///
/// # Errors
/// Database errors.
pub async fn named(conn: &mut dyn Exec, guild: DbId, name: &str) -> sqlx::Result<Option<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM seasons WHERE guild_id = $1 AND name = $2"
    ))
    .bind(guild)
    .bind(name)
    .fetch_optional(cx)
    .await)
}

/// A season by its number.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, id: i64) -> sqlx::Result<Option<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM seasons WHERE id = $1"))
        .bind(id)
        .fetch_optional(cx)
        .await)
}

/// The server's seasons, newest first.
///
/// # Errors
/// Database errors.
pub async fn of_guild(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Vec<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM seasons WHERE guild_id = $1 ORDER BY starts_at DESC, id DESC"
    ))
    .bind(guild)
    .fetch_all(cx)
    .await)
}

/// Every season of every server (for a rebuild).
///
/// # Errors
/// Database errors.
pub async fn all(conn: &mut dyn Exec) -> sqlx::Result<Vec<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!("SELECT {COLUMNS} FROM seasons ORDER BY id"))
        .fetch_all(cx)
        .await)
}

/// Ends an open season at `at`; whether it was open.
///
/// # Errors
/// Database errors.
pub async fn end(conn: &mut dyn Exec, id: i64, at: i64) -> sqlx::Result<bool> {
    let n =
        crate::with_db!(conn, |cx| sqlx::query("UPDATE seasons SET ends_at = $2 WHERE id = $1 AND ends_at IS NULL")
            .bind(id)
            .bind(at)
            .execute(cx)
            .await
            .map(|r| r.rows_affected()))?;
    Ok(n > 0)
}

/// Seasons over by `now` whose podium nobody has claimed yet, earliest end first.
///
/// # Errors
/// Database errors.
pub async fn to_announce(conn: &mut dyn Exec, now: i64) -> sqlx::Result<Vec<SeasonRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM seasons WHERE announced_at IS NULL AND ends_at <= $1 ORDER BY ends_at, id"
    ))
    .bind(now)
    .fetch_all(cx)
    .await)
}

/// Claims a season's podium for posting: whether this caller is the one (a conditional
/// update, so that one claim wins however many processes try).
///
/// # Errors
/// Database errors.
pub async fn claim_announcement(conn: &mut dyn Exec, id: i64, now: i64) -> sqlx::Result<bool> {
    let n = crate::with_db!(conn, |cx| sqlx::query(
        "UPDATE seasons SET announced_at = $2 WHERE id = $1 AND announced_at IS NULL"
    )
    .bind(id)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n > 0)
}

/// The channel of the server's last match (the one its challenge was made in), if any.
///
/// # Errors
/// Database errors.
pub async fn last_match_channel(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<DbId>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar(
        "SELECT COALESCE(home_channel_id, channel_id) FROM matches
         WHERE guild_id = $1 AND practice_seat IS NULL
         ORDER BY updated_at DESC, id DESC LIMIT 1"
    )
    .bind(guild)
    .fetch_optional(cx)
    .await)
}
