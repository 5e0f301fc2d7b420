//! The latest public board message posted for each match.

use sqlx::QueryBuilder;

use super::{DbId, Exec};

/// A posted board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct BoardRow {
    pub match_id: i64,
    pub turn: i64,
    pub channel_id: DbId,
    pub message_id: DbId,
}

/// Records a posted board as its match's latest, unless one of the same or a later
/// turn is already recorded (a repeat for the same turn keeps the first).
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut dyn Exec, board: BoardRow, now: i64) -> sqlx::Result<()> {
    insert_all(conn, &[(board, now)]).await
}

/// Records posted boards, each with when it was posted, in one statement (all or none),
/// as [`insert`] does for one.
///
/// # Errors
/// Database errors.
pub async fn insert_all(conn: &mut dyn Exec, boards: &[(BoardRow, i64)]) -> sqlx::Result<()> {
    // In match order: two statements racing on the same boards lock them in the same order.
    let mut sorted: Vec<&(BoardRow, i64)> = boards.iter().collect();
    sorted.sort_by_key(|(b, _)| (b.match_id, b.turn));
    crate::with_db!(conn, |cx| {
        let mut insert = QueryBuilder::new("INSERT INTO boards (match_id, turn, channel_id, message_id, posted_at) ");
        insert.push_values(&sorted, |mut row, (b, now)| {
            row.push_bind(b.match_id).push_bind(b.turn).push_bind(b.channel_id).push_bind(b.message_id).push_bind(*now);
        });
        insert.push(
            " ON CONFLICT (match_id) DO UPDATE SET turn = excluded.turn, channel_id = excluded.channel_id,
               message_id = excluded.message_id, posted_at = excluded.posted_at
             WHERE excluded.turn > boards.turn",
        );
        insert.build().execute(cx).await.map(|r| r.rows_affected())
    })?;
    Ok(())
}
