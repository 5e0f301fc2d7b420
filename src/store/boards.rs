//! Public board messages posted for each match.

use sqlx::SqliteConnection;

use super::DbId;

/// A posted board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct BoardRow {
    pub match_id: i64,
    pub turn: i64,
    pub channel_id: DbId,
    pub message_id: DbId,
}

/// Inserting boards, before their `VALUES`.
pub const INSERT: &str = "INSERT INTO boards (match_id, turn, channel_id, message_id, posted_at) ";
/// After the `VALUES`: a repeat for the same turn keeps the first.
pub const ON_CONFLICT: &str = " ON CONFLICT (match_id, turn) DO NOTHING";

/// Records a posted board (a repeat for the same turn keeps the first).
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut SqliteConnection, board: BoardRow, now: i64) -> sqlx::Result<()> {
    sqlx::query(&format!("{INSERT} VALUES (?, ?, ?, ?, ?){ON_CONFLICT}"))
        .bind(board.match_id)
        .bind(board.turn)
        .bind(board.channel_id)
        .bind(board.message_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}
