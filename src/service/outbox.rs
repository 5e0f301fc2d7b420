//! What Discord owes each match, the messages with game buttons the bot posted, and the
//! leases that say which process publishes which shard's boards (see `docs/reliability.md`,
//! "Publishing boards"). A decision's transaction writes what its match is owed (a trigger
//! on `matches`); publishing it settles it ([`Service::record_board`]).

use engarde_rules::Match;

use super::play::{board_link, board_view, match_players};
use super::queries::with_log;
use super::{BoardView, Narration, Result, Service, ServiceError};
use crate::store::{db_id, discord_id, matches, outbox};

/// A board a match is owed: the match as of `version`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwedBoard {
    /// The match.
    pub match_id: i64,
    /// The match version whose board is owed.
    pub version: i64,
    /// Whether it is the match's final board.
    pub ended: bool,
    /// The match's server.
    pub guild_id: u64,
}

impl From<outbox::Owed> for OwedBoard {
    fn from(o: outbox::Owed) -> OwedBoard {
        OwedBoard { match_id: o.match_id, version: o.version, ended: o.ended, guild_id: discord_id(o.guild_id) }
    }
}

/// A message with game buttons the bot posted for a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PostedBoard {
    /// The match.
    pub match_id: i64,
    /// Where it is.
    pub channel_id: u64,
    /// The message.
    pub message_id: u64,
    /// The match version it shows.
    pub turn: i64,
}

impl From<outbox::BoardMessage> for PostedBoard {
    fn from(m: outbox::BoardMessage) -> PostedBoard {
        PostedBoard {
            match_id: m.match_id,
            channel_id: discord_id(m.channel_id),
            message_id: discord_id(m.message_id),
            turn: m.turn,
        }
    }
}

/// The most owed boards (or stale messages) read at once.
const READ_AT_ONCE: i64 = 500;

impl Service {
    /// The boards owed now, by match (at most a few hundred, oldest match first).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn owed_boards(&self) -> Result<Vec<OwedBoard>> {
        let mut conn = self.pool().acquire().await?;
        Ok(outbox::owed(&mut conn, READ_AT_ONCE).await?.into_iter().map(OwedBoard::from).collect())
    }

    /// The board match `match_id` is owed, if any.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn owed_board(&self, match_id: i64) -> Result<Option<OwedBoard>> {
        let mut conn = self.pool().acquire().await?;
        Ok(outbox::owed_of(&mut conn, match_id).await?.map(OwedBoard::from))
    }

    /// Settles match `match_id`'s owed board: a board of `version` (final or not) shows.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn settle_owed(&self, match_id: i64, version: i64, ended: bool) -> Result<()> {
        let mut conn = self.writer.acquire().await?;
        Ok(outbox::settle(&mut conn, &[(match_id, version, ended)]).await?)
    }

    /// The board a match is owed, as the match stands (a later decision's board covers an
    /// earlier one's), narrated from the match itself: its first board opens it, a forfeit's
    /// says who let the deadline pass, any other board narrates the match's last action
    /// (replayed from its record) and is a new message when that action changed who decides.
    ///
    /// # Errors
    /// An unknown match; internal errors (a log that does not replay).
    pub async fn owed_board_view(&self, match_id: i64) -> Result<BoardView> {
        let mut conn = self.pool().acquire().await?;
        let (row, game, logged) = with_log(&mut conn, match_id).await?.ok_or(ServiceError::MatchNotFound(match_id))?;
        let end_reason = matches::end_reason(&mut conn, match_id).await?;
        drop(conn);
        let mut board = board_view(&row, &game, match_players(&row), Narration::Status, row.deadline_at);
        let Some(&(seat, _)) = logged.last() else {
            if board_link(&row).is_none() && !board.is_over() {
                board.narration = Narration::Opening;
            }
            return Ok(board);
        };
        if end_reason.as_deref() == Some("timeout") {
            // A forfeit is logged as the late player's resignation.
            board.narration = Narration::Timeout { late: seat };
            return Ok(board);
        }
        if row.status == "aborted" {
            return Ok(board);
        }
        // Who decided, and the rounds ended, before and after each action.
        let mut steps = Vec::with_capacity(logged.len() + 1);
        let mut last = Vec::new();
        Match::replay_steps(&game.to_record(&logged).to_string(), |m, _, events| {
            steps.push((m.to_act(), m.ended_rounds().len()));
            last = events.to_vec();
        })
        .map_err(|e| ServiceError::Internal(format!("match {match_id}: the log does not replay: {e}")))?;
        if let [.., before, after] = steps.as_slice() {
            board.fresh = game.is_finished() || before != after;
        }
        board.narration = Narration::Events(last);
        board.actor = Some(seat);
        Ok(board)
    }

    /// Match `match_id`'s messages whose buttons are still on (its current board among them).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn boards_with_buttons(&self, match_id: i64) -> Result<Vec<PostedBoard>> {
        let mut conn = self.pool().acquire().await?;
        Ok(outbox::with_buttons(&mut conn, match_id).await?.into_iter().map(PostedBoard::from).collect())
    }

    /// Notes messages with game buttons the bot found it had posted (a post whose answer a
    /// crash or a failure lost).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn note_posted_boards(&self, found: &[PostedBoard]) -> Result<()> {
        let rows: Vec<outbox::BoardMessage> = found
            .iter()
            .map(|b| outbox::BoardMessage {
                message_id: db_id(b.message_id),
                match_id: b.match_id,
                channel_id: db_id(b.channel_id),
                turn: b.turn,
            })
            .collect();
        let mut conn = self.writer.acquire().await?;
        Ok(outbox::note_messages(&mut conn, &rows).await?)
    }

    /// Notes that a message's game buttons are off.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn buttons_off(&self, message_id: u64) -> Result<()> {
        let mut conn = self.writer.acquire().await?;
        Ok(outbox::buttons_off(&mut conn, &[db_id(message_id)]).await?)
    }

    /// Messages whose buttons are on though they are not their match's current board (of
    /// matches owed nothing), each with its match's server.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn stale_buttons(&self) -> Result<Vec<(PostedBoard, u64)>> {
        let mut conn = self.pool().acquire().await?;
        let stale = outbox::stale_buttons(&mut conn, READ_AT_ONCE).await?;
        Ok(stale.into_iter().map(|(m, guild)| (PostedBoard::from(m), discord_id(guild))).collect())
    }

    /// Takes `shards` of `count` for `holder` until `until`, whoever held them. Leases are
    /// about processes, not games: their times are the wall clock's (unix seconds), never
    /// the service's clock, which tests move.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn take_leases(&self, count: u32, shards: &[u32], holder: &str, until: i64) -> Result<()> {
        let mut conn = self.writer.acquire().await?;
        for &shard in shards {
            outbox::take_lease(&mut conn, count, shard, holder, until).await?;
        }
        Ok(())
    }

    /// Takes shard `shard` of `count` for `holder` until `until` if nobody else holds it at
    /// `now` (see [`Service::take_leases`]); whether `holder` holds it.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn take_over_lease(&self, count: u32, shard: u32, holder: &str, now: i64, until: i64) -> Result<bool> {
        let mut conn = self.writer.acquire().await?;
        Ok(outbox::take_over_lease(&mut conn, count, shard, holder, now, until).await?)
    }

    /// The shards of `count` that `holder` holds at `now`.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn leases_held(&self, count: u32, holder: &str, now: i64) -> Result<Vec<u32>> {
        let mut conn = self.pool().acquire().await?;
        Ok(outbox::leases_held(&mut conn, count, holder, now).await?)
    }

    /// Hands back every lease `holder` holds (it is stopping).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn release_leases(&self, holder: &str) -> Result<()> {
        let mut conn = self.writer.acquire().await?;
        Ok(outbox::release_leases(&mut conn, holder).await?)
    }
}
