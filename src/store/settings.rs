//! Per-server settings.

use super::{DbId, Exec};

/// A server's stored settings.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SettingsRow {
    pub turn_seconds: i64,
    pub challenge_seconds: i64,
    pub threads: bool,
    pub board_channel_id: Option<DbId>,
    pub default_variant: String,
    /// The language an admin chose for public messages; `None`: the server's locale.
    pub language: Option<String>,
    /// How boards are drawn: `picture` or `text`; `None`: pictures.
    pub boards: Option<String>,
}

/// A server's settings, if it ever changed them.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<Option<SettingsRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT turn_seconds, challenge_seconds, threads, board_channel_id, default_variant, language, boards
         FROM guild_settings WHERE guild_id = $1",
    )
    .bind(guild)
    .fetch_optional(cx)
    .await)
}

/// Stores a server's settings.
///
/// # Errors
/// Database errors.
pub async fn put(conn: &mut dyn Exec, guild: DbId, s: &SettingsRow, admin: DbId, now: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO guild_settings (guild_id, turn_seconds, challenge_seconds, threads, board_channel_id,
                                     default_variant, updated_at, updated_by, language, boards)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (guild_id) DO UPDATE SET turn_seconds = excluded.turn_seconds,
             challenge_seconds = excluded.challenge_seconds, threads = excluded.threads,
             board_channel_id = excluded.board_channel_id, default_variant = excluded.default_variant,
             language = excluded.language, boards = excluded.boards, updated_at = excluded.updated_at,
             updated_by = excluded.updated_by",
    )
    .bind(guild)
    .bind(s.turn_seconds)
    .bind(s.challenge_seconds)
    .bind(s.threads)
    .bind(s.board_channel_id)
    .bind(&s.default_variant)
    .bind(now)
    .bind(admin)
    .bind(&s.language)
    .bind(&s.boards)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// How a server's public messages look: the language an admin chose, the Discord locale it
/// reported last, and how its boards are drawn (`boards`).
///
/// # Errors
/// Database errors.
pub async fn presentation(
    conn: &mut dyn Exec,
    guild: DbId,
) -> sqlx::Result<(Option<String>, Option<String>, Option<String>)> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT (SELECT language FROM guild_settings WHERE guild_id = $1),
                (SELECT locale FROM guild_locales WHERE guild_id = $1),
                (SELECT boards FROM guild_settings WHERE guild_id = $1)",
    )
    .bind(guild)
    .fetch_one(cx)
    .await)
}

/// A server's languages: the one an admin chose, and the Discord locale it reported last.
///
/// # Errors
/// Database errors.
pub async fn languages(conn: &mut dyn Exec, guild: DbId) -> sqlx::Result<(Option<String>, Option<String>)> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT (SELECT language FROM guild_settings WHERE guild_id = $1),
                (SELECT locale FROM guild_locales WHERE guild_id = $1)",
    )
    .bind(guild)
    .fetch_one(cx)
    .await)
}

/// Remembers the Discord locale a server reported; returns whether it changed.
///
/// # Errors
/// Database errors.
pub async fn note_locale(conn: &mut dyn Exec, guild: DbId, locale: &str, now: i64) -> sqlx::Result<bool> {
    let changed = crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO guild_locales (guild_id, locale, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at
         WHERE guild_locales.locale <> excluded.locale",
    )
    .bind(guild)
    .bind(locale)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(changed > 0)
}
