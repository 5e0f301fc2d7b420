//! The live public board of each match: the latest board message, edited in place while
//! the same player decides again (see `docs/boards.md`).

use sqlx::QueryBuilder;

use super::outbox::{self, BoardMessage};
use super::{DbId, Exec};

/// A posted board.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct BoardRow {
    pub match_id: i64,
    /// The match version the message shows now.
    pub turn: i64,
    pub channel_id: DbId,
    pub message_id: DbId,
    /// The narration lines the message shows (every decision since it was posted).
    pub narration: String,
    /// Whether it is the match's final board.
    pub ended: bool,
    /// Messages of the match whose buttons were taken off before it was posted.
    #[sqlx(skip)]
    pub retired: Vec<DbId>,
}

/// Records a posted or edited board as its match's live one, unless the one recorded
/// shows a later turn, or the same turn (a repeat keeps the first) but for the final
/// board of a match ended without a move (an abort, a forfeit).
///
/// # Errors
/// Database errors.
pub async fn insert(conn: &mut dyn Exec, board: &BoardRow, now: i64) -> sqlx::Result<()> {
    insert_all(conn, &[(board.clone(), now)]).await
}

/// Records posted boards, each with when it was posted, as [`insert`] does for one: first
/// as messages with game buttons (`board_messages`: a crash after this leaves a message that
/// is known, never one that is lost), then as their matches' live boards in one statement,
/// then as paid (their matches' owed boards settled, see [`super::outbox::settle`]).
///
/// # Errors
/// Database errors.
pub async fn insert_all(conn: &mut dyn Exec, boards: &[(BoardRow, i64)]) -> sqlx::Result<()> {
    // In match order: two statements racing on the same boards lock them in the same order.
    let mut sorted: Vec<&(BoardRow, i64)> = boards.iter().collect();
    sorted.sort_by_key(|(b, _)| (b.match_id, b.turn, b.ended));
    // A final board has no game buttons (only Rematch and Record): its message is not kept.
    let messages: Vec<BoardMessage> = sorted
        .iter()
        .filter(|(b, _)| !b.ended)
        .map(|(b, _)| BoardMessage {
            message_id: b.message_id,
            match_id: b.match_id,
            channel_id: b.channel_id,
            turn: b.turn,
        })
        .collect();
    outbox::note_messages(conn, &messages).await?;
    let finals = sorted.iter().filter(|(b, _)| b.ended).map(|(b, _)| b.message_id);
    let retired: Vec<DbId> = sorted.iter().flat_map(|(b, _)| b.retired.iter().copied()).chain(finals).collect();
    outbox::buttons_off(conn, &retired).await?;
    crate::with_db!(conn, |cx| {
        let mut insert = QueryBuilder::new(
            "INSERT INTO boards (match_id, turn, channel_id, message_id, posted_at, narration, ended) ",
        );
        insert.push_values(&sorted, |mut row, (b, now)| {
            row.push_bind(b.match_id)
                .push_bind(b.turn)
                .push_bind(b.channel_id)
                .push_bind(b.message_id)
                .push_bind(*now)
                .push_bind(&b.narration)
                .push_bind(b.ended);
        });
        insert.push(
            " ON CONFLICT (match_id) DO UPDATE SET turn = excluded.turn, channel_id = excluded.channel_id,
               message_id = excluded.message_id, posted_at = excluded.posted_at,
               narration = excluded.narration, ended = excluded.ended
             WHERE excluded.turn > boards.turn OR (excluded.turn = boards.turn AND excluded.ended AND NOT boards.ended)",
        );
        insert.build().execute(cx).await.map(|r| r.rows_affected())
    })?;
    let shown: Vec<(i64, i64, bool)> = sorted.iter().map(|(b, _)| (b.match_id, b.turn, b.ended)).collect();
    outbox::settle(conn, &shown).await
}

/// A match's live board, if one was posted.
///
/// # Errors
/// Database errors.
pub async fn get(conn: &mut dyn Exec, match_id: i64) -> sqlx::Result<Option<BoardRow>> {
    crate::with_db!(conn, |cx| sqlx::query_as(
        "SELECT match_id, turn, channel_id, message_id, narration, ended FROM boards WHERE match_id = $1",
    )
    .bind(match_id)
    .fetch_optional(cx)
    .await)
}
