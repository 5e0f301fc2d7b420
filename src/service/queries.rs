//! Read-only use cases: a player's matches, which match a command means, the
//! current board, a match record.

use engarde_rules::{Match, MatchAction, Seat};

use super::play::{board_link, board_view, match_players};
use super::views::{BoardLink, BoardView};
use super::Narration;
use super::{load_game, seat_of, Result, Service, ServiceError};
use crate::store::matches::MatchRow;
use crate::store::{db_id, matches, Exec};

/// One of a player's unfinished matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// The match id.
    pub match_id: i64,
    /// The opponent's name.
    pub opponent: String,
    /// The variant.
    pub variant: engarde_rules::Variant,
    /// Whether the player's decision is awaited.
    pub your_turn: bool,
    /// Score in the current game: the player's, then the opponent's.
    pub score: (u32, u32),
    /// The latest board.
    pub board: Option<BoardLink>,
}

impl Service {
    /// A player's unfinished matches in a server.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn active_matches(&self, guild_id: u64, user: u64) -> Result<Vec<MatchSummary>> {
        let mut conn = self.pool.acquire().await?;
        let rows = matches::active_for(&mut conn, db_id(guild_id), db_id(user)).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let Some(seat) = seat_of(&row, user) else { continue };
            let game = load_game(&row)?;
            let players = match_players(&row);
            let score = game.score();
            out.push(MatchSummary {
                match_id: row.id,
                opponent: players.get(seat.other()).name.clone(),
                variant: game.variant(),
                your_turn: game.to_act().includes(seat),
                score: (*score.get(seat), *score.get(seat.other())),
                board: board_link(&row),
            });
        }
        Ok(out)
    }

    /// The match a command means: the one named, else the caller's match in
    /// this thread or channel, else their only unfinished match in the server.
    ///
    /// # Errors
    /// No match, several matches; internal errors.
    pub async fn resolve_match(&self, guild_id: u64, channel_id: u64, user: u64, named: Option<i64>) -> Result<i64> {
        if let Some(id) = named {
            return Ok(id);
        }
        let mut conn = self.pool.acquire().await?;
        let mine = matches::active_for(&mut conn, db_id(guild_id), db_id(user)).await?;
        let here: Vec<i64> = mine.iter().filter(|m| m.channel_id == db_id(channel_id)).map(|m| m.id).collect();
        match (here.as_slice(), mine.as_slice()) {
            ([one], _) => Ok(*one),
            (_, [one]) => Ok(one.id),
            (_, []) => Err(ServiceError::NoMatch),
            _ => Err(ServiceError::SeveralMatches),
        }
    }

    /// The current public board of a match (to post again, or to link).
    ///
    /// # Errors
    /// An unknown match; internal errors.
    pub async fn board(&self, match_id: i64) -> Result<(BoardView, Option<BoardLink>)> {
        let mut conn = self.pool.acquire().await?;
        let row = matches::get(&mut conn, match_id).await?.ok_or(ServiceError::MatchNotFound(match_id))?;
        let game = load_game(&row)?;
        let players = match_players(&row);
        let link = board_link(&row);
        Ok((board_view(&row, &game, players, Narration::Status, row.deadline_at), link))
    }

    /// The current public board of a match of a server, for a spectator.
    ///
    /// # Errors
    /// A match unknown in the server; internal errors.
    pub async fn board_in(&self, guild_id: u64, match_id: i64) -> Result<BoardView> {
        let (board, _) = self.board(match_id).await?;
        if board.guild_id != guild_id {
            return Err(ServiceError::MatchNotFound(match_id));
        }
        Ok(board)
    }

    /// A match's record, rebuilt from its stored set-up and action log.
    ///
    /// # Errors
    /// An unknown match; internal errors (also if the log does not replay to the state).
    pub async fn record(&self, match_id: i64) -> Result<serde_json::Value> {
        // One read transaction: the row and its log as of the same commit.
        let mut tx = self.pool.begin().await?;
        let (_, game, logged) = with_log(&mut tx, match_id).await?.ok_or(ServiceError::MatchNotFound(match_id))?;
        if logged.len() != game.turn() as usize {
            return Err(ServiceError::Internal(format!("match {match_id}: action log and state disagree")));
        }
        let record = game.to_record(&logged);
        if Match::replay(&record.to_string()).ok().as_ref() != Some(&game) {
            return Err(ServiceError::Internal(format!(
                "match {match_id}: the action log does not replay to the state"
            )));
        }
        Ok(record)
    }
}

/// A match as stored, its game, and every action of its log by seat, read with the
/// caller's connection (in a transaction, the three agree); `None` for an unknown match.
///
/// # Errors
/// A log entry that does not read; database errors.
pub(crate) async fn with_log(
    conn: &mut dyn Exec,
    match_id: i64,
) -> Result<Option<(MatchRow, Match, Vec<(Seat, MatchAction)>)>> {
    let Some(row) = matches::get(conn, match_id).await? else { return Ok(None) };
    let game = load_game(&row)?;
    let mut logged = Vec::new();
    for text in matches::actions(conn, match_id).await? {
        let value: serde_json::Value = serde_json::from_str(&text)?;
        let action = MatchAction::from_json(game.game(), &value)
            .map_err(|e| ServiceError::Internal(format!("match {match_id}: logged action: {e}")))?;
        logged.push(action);
    }
    Ok(Some((row, game, logged)))
}
