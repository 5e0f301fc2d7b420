//! Players seen in each server.

use sqlx::SqliteConnection;

use super::DbId;

/// Records a player (or refreshes their display name). An unchanged name seen again
/// within a day writes nothing (`last_seen` is to the day): matches kept in memory
/// carry their players' names, and a changed player row makes them all be read again.
///
/// # Errors
/// Database errors.
pub async fn upsert(conn: &mut SqliteConnection, guild: DbId, user: DbId, name: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO players (guild_id, user_id, name, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen
         WHERE name IS NOT excluded.name OR last_seen <= excluded.last_seen - 86400",
    )
    .bind(guild)
    .bind(user)
    .bind(name)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// A player's name in a server, if seen.
///
/// # Errors
/// Database errors.
pub async fn name(conn: &mut SqliteConnection, guild: DbId, user: DbId) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM players WHERE guild_id = ? AND user_id = ?")
        .bind(guild)
        .bind(user)
        .fetch_optional(conn)
        .await
}
