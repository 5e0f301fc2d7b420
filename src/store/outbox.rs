//! What Discord owes each match (`board_outbox`, written by triggers in the statement that
//! changes a match), the messages with game buttons the bot posted (`board_messages`), and
//! who publishes which shard's boards (`publish_leases`). See `docs/reliability.md`,
//! "Publishing boards".

use sqlx::QueryBuilder;

use super::{DbId, Exec};

/// A board a match is owed: the match as of `version`, and whether it is its final board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Owed {
    pub match_id: i64,
    pub version: i64,
    pub ended: bool,
    /// The match's server (its shard's process publishes it).
    pub guild_id: DbId,
}

/// The boards owed now, oldest match first (at most `limit`).
///
/// # Errors
/// Database errors.
pub async fn owed(conn: &mut dyn Exec, limit: i64) -> sqlx::Result<Vec<Owed>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT o.match_id, o.version, o.ended, m.guild_id FROM board_outbox o JOIN matches m ON m.id = o.match_id
         ORDER BY o.match_id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(cx)
    .await)
}

/// The board match `match_id` is owed, if any.
///
/// # Errors
/// Database errors.
pub async fn owed_of(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Option<Owed>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT o.match_id, o.version, o.ended, m.guild_id FROM board_outbox o JOIN matches m ON m.id = o.match_id
         WHERE o.match_id = $1",
    )
    .bind(match_id)
    .fetch_optional(cx)
    .await)
}

/// Settles what the boards `shown` (match, version, final) paid: a match's owed board goes
/// once a board of its version (a final one, if a final one is owed) or a later one is shown.
///
/// # Errors
/// Database errors.
pub async fn settle(conn: &mut dyn Exec, shown: &[(i64, i64, bool)]) -> sqlx::Result<()> {
    if shown.is_empty() {
        return Ok(());
    }
    crate::with_db!(conn, |cx| {
        let mut delete = QueryBuilder::new("DELETE FROM board_outbox WHERE ");
        let mut first = true;
        for (match_id, version, ended) in shown {
            if !first {
                delete.push(" OR ");
            }
            first = false;
            delete.push("(match_id = ").push_bind(*match_id);
            delete.push(" AND (version < ").push_bind(*version);
            delete.push(" OR (version = ").push_bind(*version);
            delete.push(" AND (").push_bind(*ended).push(" OR NOT ended))))");
        }
        delete.build().execute(cx).await.map(|_| ())
    })
}

/// A message with game buttons the bot posted for a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct BoardMessage {
    pub message_id: DbId,
    pub match_id: i64,
    pub channel_id: DbId,
    /// The match version it shows.
    pub turn: i64,
}

/// Notes messages the bot posted with game buttons (a message noted already keeps its
/// buttons' state and shows the later turn).
///
/// # Errors
/// Database errors.
pub async fn note_messages(conn: &mut dyn Exec, messages: &[BoardMessage]) -> sqlx::Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    let mut sorted: Vec<&BoardMessage> = messages.iter().collect();
    sorted.sort_by_key(|m| m.message_id);
    sorted.dedup_by_key(|m| m.message_id);
    crate::with_db!(conn, |cx| {
        let mut insert =
            QueryBuilder::new("INSERT INTO board_messages (message_id, match_id, channel_id, turn, buttons) ");
        insert.push_values(&sorted, |mut row, m| {
            row.push_bind(m.message_id).push_bind(m.match_id).push_bind(m.channel_id).push_bind(m.turn).push_bind(true);
        });
        insert.push(
            " ON CONFLICT (message_id) DO UPDATE SET turn = excluded.turn WHERE excluded.turn > board_messages.turn",
        );
        insert.build().execute(cx).await.map(|_| ())
    })
}

/// Match `match_id`'s messages whose buttons are still on, oldest first.
///
/// # Errors
/// Database errors.
pub async fn with_buttons(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Vec<BoardMessage>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT message_id, match_id, channel_id, turn FROM board_messages WHERE match_id = $1 AND buttons
         ORDER BY turn, message_id",
    )
    .bind(match_id)
    .fetch_all(cx)
    .await)
}

/// Notes that messages' buttons are off: they are forgotten, as nothing is left to take off
/// them (so the table holds only the messages with buttons, not every board ever posted).
///
/// # Errors
/// Database errors.
pub async fn buttons_off(conn: &mut dyn Exec, messages: &[DbId]) -> sqlx::Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    crate::with_db!(conn, |cx| {
        let mut update = QueryBuilder::new("DELETE FROM board_messages WHERE message_id IN (");
        let mut ids = update.separated(", ");
        for id in messages {
            ids.push_bind(*id);
        }
        update.push(")");
        update.build().execute(cx).await.map(|_| ())
    })
}

/// Messages whose buttons are on though they are not their match's current board, of
/// matches owed nothing (a match being published is left to its publisher), with their
/// server (at most `limit`).
///
/// # Errors
/// Database errors.
pub async fn stale_buttons(conn: &mut dyn Exec, limit: i64) -> sqlx::Result<Vec<(BoardMessage, DbId)>> {
    let rows: Vec<(DbId, i64, DbId, i64, DbId)> = crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT bm.message_id, bm.match_id, bm.channel_id, bm.turn, m.guild_id
         FROM board_messages bm JOIN matches m ON m.id = bm.match_id
         WHERE bm.buttons
           AND NOT EXISTS (SELECT 1 FROM boards b WHERE b.match_id = bm.match_id AND b.message_id = bm.message_id)
           AND NOT EXISTS (SELECT 1 FROM board_outbox o WHERE o.match_id = bm.match_id)
         ORDER BY bm.match_id, bm.message_id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(cx)
    .await)?;
    Ok(rows
        .into_iter()
        .map(|(message_id, match_id, channel_id, turn, guild)| {
            (BoardMessage { message_id, match_id, channel_id, turn }, guild)
        })
        .collect())
}

/// Takes shard `shard` of `count` for `holder` until `until`, whoever held it: a process
/// takes its own shards (at its start, and at each renewal).
///
/// # Errors
/// Database errors.
pub async fn take_lease(conn: &mut dyn Exec, count: u32, shard: u32, holder: &str, until: i64) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO publish_leases (shard_count, shard, holder, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shard_count, shard) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at",
    )
    .bind(i64::from(count))
    .bind(i64::from(shard))
    .bind(holder)
    .bind(until)
    .execute(cx)
    .await
    .map(|_| ()))
}

/// Takes shard `shard` of `count` for `holder` until `until` if nobody holds it at `now`
/// (its lease lapsed, or it never had one) or `holder` does already; whether it did.
///
/// # Errors
/// Database errors.
pub async fn take_over_lease(
    conn: &mut dyn Exec,
    count: u32,
    shard: u32,
    holder: &str,
    now: i64,
    until: i64,
) -> sqlx::Result<bool> {
    let taken = crate::with_db!(conn, |cx| sqlx::query(
        "INSERT INTO publish_leases (shard_count, shard, holder, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shard_count, shard) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE publish_leases.expires_at <= $5 OR publish_leases.holder = excluded.holder",
    )
    .bind(i64::from(count))
    .bind(i64::from(shard))
    .bind(holder)
    .bind(until)
    .bind(now)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(taken == 1)
}

/// The shards of `count` that `holder` holds at `now`.
///
/// # Errors
/// Database errors.
pub async fn leases_held(conn: &mut dyn Exec, count: u32, holder: &str, now: i64) -> sqlx::Result<Vec<u32>> {
    let shards: Vec<i64> = crate::with_db!(conn, |cx| {
        sqlx::query_scalar(
        "SELECT shard FROM publish_leases WHERE shard_count = $1 AND holder = $2 AND expires_at > $3 ORDER BY shard",
    )
    .bind(i64::from(count))
    .bind(holder)
    .bind(now)
    .fetch_all(cx)
    .await
    })?;
    Ok(shards.into_iter().filter_map(|s| u32::try_from(s).ok()).collect())
}

/// Hands back every lease `holder` holds: another process may take them over at once.
///
/// # Errors
/// Database errors.
pub async fn release_leases(conn: &mut dyn Exec, holder: &str) -> sqlx::Result<()> {
    crate::with_db!(conn, |cx| sqlx::query("UPDATE publish_leases SET expires_at = 0 WHERE holder = $1")
        .bind(holder)
        .execute(cx)
        .await
        .map(|_| ()))
}
