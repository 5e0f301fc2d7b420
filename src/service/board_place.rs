//! Where a match's first board goes: in a thread of its own. A challenged match's thread grows
//! from its challenge message, a practice match's from its announcement (the match notes the
//! message: `thread_from`); a tournament match's is opened in the event's channel at its
//! round's start; one whose boards go to another channel than its challenge's opens there with
//! no starter message. A crash between a match being stored and its thread being opened (or
//! opened and not stored) leaves the match in its channel with no board, and its first board is
//! then owed (see `Service::owed_boards`): it too goes to a thread of its own, opened
//! the same way, or found again if Discord opened it (a thread started from a message has the
//! message's id; one opened without a starter message is looked for by its name). Whoever
//! settles it first claims the match ([`Service::claim_board_place`]) and asks again where its
//! board goes, so that two processes never open two threads.

use super::tournament::{as_u32, event_view, TournamentView};
use super::{Result, Service, ServiceError};
use crate::service::marks::Marked;
use crate::store::{self, discord_id, matches};

/// Where a match's next board goes.
#[derive(Clone, Debug)]
pub enum BoardPlace {
    /// In this channel: where the match's boards are (its own thread, or a channel where no
    /// thread could be opened).
    Channel(u64),
    /// In a thread of its own grown from a message (the match's challenge, or its practice
    /// announcement), to open first (or to find again, if it was opened and not stored): a
    /// match not in that thread, no board of it ever posted.
    ThreadFrom {
        /// The message the thread grows from.
        message_id: u64,
    },
    /// In a thread of its own with no starter message, in this channel (see
    /// `BoardPlaceRow::no_thread_noted`): found again by its name if it is open already (the
    /// match may even be in it), else opened.
    OwnThread {
        /// The channel the thread is in, or the thread itself.
        channel_id: u64,
    },
    /// In a thread of its own, to open first in its event's channel: an event's match still
    /// in the event's channel, no board of it ever posted.
    NewThread {
        /// The event (its channel, its name for the thread's).
        event: TournamentView,
        /// The round the match belongs to.
        round: u32,
    },
}

/// The right to settle where a match's first board goes, held until released (or
/// dropped): no other task of this process, and no other process sharing the database,
/// holds it meanwhile.
#[derive(Debug)]
pub struct PlaceClaim {
    database: store::Claim,
    _here: Marked,
}

impl PlaceClaim {
    /// Gives the claim up now (see [`store::Claim::release`]: dropping it may leave it
    /// held a while for other processes).
    ///
    /// # Errors
    /// Internal errors (the claim is then given up when its connection closes).
    pub async fn release(self) -> Result<()> {
        Ok(self.database.release().await?)
    }
}

impl Service {
    /// Where match `match_id`'s next board goes (see [`BoardPlace`]).
    ///
    /// # Errors
    /// An unknown match; internal errors.
    pub async fn board_place(&self, match_id: i64) -> Result<BoardPlace> {
        let mut conn = self.pool().acquire().await?;
        let place = matches::board_place(&mut conn, match_id).await?.ok_or(ServiceError::MatchNotFound(match_id))?;
        Ok(match (place.event_thread, place.thread_from) {
            (Some((event, round)), _) => {
                BoardPlace::NewThread { event: event_view(&mut conn, event).await?, round: as_u32(round) }
            }
            (None, Some(message)) => BoardPlace::ThreadFrom { message_id: discord_id(message) },
            (None, None) if place.no_thread_noted && self.settings(discord_id(place.guild_id)).await?.threads => {
                BoardPlace::OwnThread { channel_id: discord_id(place.channel_id) }
            }
            (None, None) => BoardPlace::Channel(discord_id(place.channel_id)),
        })
    }

    /// Claims match `match_id` for settling where its first board goes (opening its thread
    /// and posting the board), or `None` if another task or process holds it now: that one
    /// opens the thread and posts the board. Ask [`Service::board_place`] again once
    /// claimed: the holder before may have opened the thread. Release the claim
    /// ([`PlaceClaim::release`]) once the board is posted.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn claim_board_place(&self, match_id: i64) -> Result<Option<PlaceClaim>> {
        let Some(here) = self.placing.mark(match_id) else { return Ok(None) };
        let claim = self.pool().try_claim(store::board_place_lock(match_id)).await?;
        Ok(claim.map(|database| PlaceClaim { database, _here: here }))
    }
}
