//! A rematch from an ended match's board: the same variant, options and time per decision.

use engarde_rules::Seat;

use super::challenge::ChallengeRequest;
use super::play::match_players;
use super::practice::{practice_of, PracticeRequest};
use super::views::{BoardView, ChallengeView, PlayerInfo};
use super::{load_game, seat_of, Result, Service, ServiceError};
use crate::store::{db_id, discord_id, matches};

/// What a rematch started.
#[derive(Clone, Debug)]
pub enum Rematch {
    /// A challenge to the other player, to post in `channel_id` (where the first one was).
    Challenge {
        /// The new challenge.
        challenge: ChallengeView,
        /// The channel the ended match's challenge came from.
        channel_id: u64,
    },
    /// A new practice match against the bot, at the same level: its first board.
    Practice(Box<BoardView>),
}

impl Service {
    /// Starts a rematch of an ended match, for one of its players (`user`): a new challenge
    /// to the other one (or a new practice match), with the same variant, options and time
    /// per decision. `interaction_id` makes a repeated click start nothing new.
    ///
    /// # Errors
    /// An unknown match or one still being played, a user not in it, and the refusals of
    /// [`Service::challenge`] and [`Service::practice`]; internal errors.
    pub async fn rematch(
        &self,
        guild_id: u64,
        match_id: i64,
        user: &PlayerInfo,
        interaction_id: u64,
    ) -> Result<Rematch> {
        let row = {
            let mut conn = self.pool.acquire().await?;
            matches::get(&mut conn, match_id)
                .await?
                .filter(|r| r.guild_id == db_id(guild_id))
                .ok_or(ServiceError::MatchNotFound(match_id))?
        };
        let seat = seat_of(&row, user.user_id).ok_or(ServiceError::NotInMatch)?;
        if row.status == "active" {
            return Err(ServiceError::BadOptions(crate::i18n::Text::new("error-rematch-too-early")));
        }
        let game = load_game(&row)?;
        let variant = Some(game.variant());
        let turn = Some(std::time::Duration::from_secs(u64::try_from(row.turn_seconds).unwrap_or(0)));
        let channel_id = discord_id(row.home_channel_id.unwrap_or(row.channel_id));
        let other = match_players(&row).get(seat.other()).clone();
        if let Some(practice) = practice_of(&row) {
            let bot = PlayerInfo { user_id: other.user_id, name: other.name, bot: true };
            let request = PracticeRequest {
                guild_id,
                channel_id,
                player: user.clone(),
                bot,
                variant,
                level: practice.level,
                turn,
            };
            debug_assert_eq!(practice.seat, Seat::B);
            return Ok(Rematch::Practice(Box::new(self.practice(request).await?)));
        }
        let request = ChallengeRequest {
            guild_id,
            channel_id,
            challenger: user.clone(),
            challenged: PlayerInfo { user_id: other.user_id, name: other.name, bot: false },
            variant,
            options: game.option_changes(),
            turn,
            interaction_id,
        };
        let challenge = self.challenge(request).await?;
        Ok(Rematch::Challenge { challenge, channel_id })
    }
}
