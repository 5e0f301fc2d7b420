//! The end of a match: everything that must happen in the transaction that ends it.

use crate::store::Exec;
use engarde_rules::Seat;

use super::ratings::RatingPolicy;
use super::{Result, ServiceError};
use crate::store::matches::{self, MatchRow};

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// A player won: by hits, by the other's resignation, or because the other let a deadline pass.
    Won {
        /// The winner.
        winner: Seat,
        /// Why.
        reason: WinReason,
    },
    /// A draw: agreed by the players, or played out to an equal result.
    Drawn {
        /// Whether the players agreed it (rather than playing it out).
        agreed: bool,
    },
    /// An admin aborted the match: it does not count.
    Aborted,
}

/// Why a match was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The game was played to its end: En Garde's hits (or games), Forteresse's points.
    Played,
    /// The loser resigned.
    Resign,
    /// The loser missed a deadline.
    Timeout,
}

impl MatchEnd {
    /// The stored `end_reason`: `hits` is a game played to its own end (a draw too,
    /// when it was not agreed), a name kept from the first game.
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            MatchEnd::Won { reason: WinReason::Played, .. } | MatchEnd::Drawn { agreed: false } => "hits",
            MatchEnd::Won { reason: WinReason::Resign, .. } => "resign",
            MatchEnd::Won { reason: WinReason::Timeout, .. } => "timeout",
            MatchEnd::Drawn { agreed: true } => "draw",
            MatchEnd::Aborted => "aborted",
        }
    }

    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            MatchEnd::Won { winner, .. } => Some(winner),
            MatchEnd::Drawn { .. } | MatchEnd::Aborted => None,
        }
    }
}

/// Closes a match in the caller's transaction. Every path that ends a match
/// (the last hit, a resignation, a timeout, an agreed draw, an abort) goes
/// through here, so what must follow an end (ratings, stats) happens once.
///
/// # Errors
/// A match that was no longer active; database errors.
pub(crate) async fn end_match(
    conn: &mut dyn Exec,
    row: &MatchRow,
    end: MatchEnd,
    now: i64,
    policy: RatingPolicy,
) -> Result<()> {
    let status = if end == MatchEnd::Aborted { "aborted" } else { "finished" };
    let winner = end.winner().map(Seat::as_str);
    if !matches::close(conn, row.id, status, winner, end.reason(), now).await? {
        return Err(ServiceError::MatchOver);
    }
    // A practice match against the bot is never rated, nor a pairing of an unrated event.
    let unrated_event = match row.tournament_id {
        Some(_) => crate::store::tournaments::match_rated(conn, row.id).await? == Some(false),
        None => false,
    };
    if row.practice_seat.is_none() && !unrated_event {
        super::ratings::rate_match(conn, row, end, now, policy).await?;
    }
    Ok(())
}
