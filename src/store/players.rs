//! Players seen in each server.

use super::{DbId, Exec};

/// Records a player (or refreshes their display name). An unchanged name seen again
/// within a day writes nothing (`last_seen` is to the day): matches kept in memory
/// carry their players' names, and a changed player row makes them all be read again.
///
/// # Errors
/// Database errors.
pub async fn upsert(conn: &mut dyn Exec, guild: DbId, user: DbId, name: &str, now: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO players (guild_id, user_id, name, first_seen, last_seen) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen
         WHERE players.name IS DISTINCT FROM excluded.name OR players.last_seen <= excluded.last_seen - 86400",
    )
    .bind(guild)
    .bind(user)
    .bind(name)
    .bind(now)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A player's name in a server, if seen.
///
/// # Errors
/// Database errors.
pub async fn name(conn: &mut dyn Exec, guild: DbId, user: DbId) -> sqlx::Result<Option<String>> {
    crate::with_db!(conn, |cx| sqlx::query_scalar("SELECT name FROM players WHERE guild_id = $1 AND user_id = $2")
        .bind(guild)
        .bind(user)
        .fetch_optional(cx)
        .await)
}
