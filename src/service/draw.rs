//! Agreeing a draw, an admin's abort, and withdrawing challenges.

use engarde_rules::MatchAction;

use super::challenge::challenge_view;
use super::finish::{end_match, MatchEnd};
use super::play::{board_view, match_players, save_action, ActOutcome};
use super::views::{BoardView, ChallengeView, Player};
use super::{load_game, seat_of, Result, Service, ServiceError};
use super::{Done, Narration};
use crate::store::matches::{self, MatchRow};
use crate::store::{challenges, db_id, discord_id};

/// A draw offered: to show the opponent.
#[derive(Clone, Debug)]
pub struct DrawOffer {
    /// The match.
    pub match_id: i64,
    /// The match version the offer holds for (a move withdraws it).
    pub turn: i64,
    /// Where the match's boards go.
    pub channel_id: u64,
    /// Who offers.
    pub by: Player,
    /// Who may accept.
    pub to: Player,
}

/// The answer to a draw offer.
#[derive(Clone, Debug)]
pub enum DrawAnswer {
    /// Accepted: the match is drawn; the final board.
    Accepted(Box<ActOutcome>),
    /// Declined: play goes on.
    Declined {
        /// Who declined.
        by: Player,
    },
}

impl Service {
    /// An active match of the server, read in a write transaction (and locked in it).
    async fn active_match(&self, conn: &mut dyn crate::store::Exec, guild: u64, match_id: i64) -> Result<MatchRow> {
        matches::lock(conn, match_id).await?;
        let row = matches::get(conn, match_id)
            .await?
            .filter(|r| r.guild_id == db_id(guild))
            .ok_or(ServiceError::MatchNotFound(match_id))?;
        if row.status != "active" {
            return Err(ServiceError::MatchOver);
        }
        Ok(row)
    }

    /// Offers a draw to the opponent; if the opponent had already offered one
    /// at this turn, that is an agreement and the match is drawn at once.
    ///
    /// # Errors
    /// A user not in the match, a match over; internal errors.
    pub async fn offer_draw(
        &self,
        guild: u64,
        match_id: i64,
        user: u64,
        interaction: u64,
    ) -> Result<Result<DrawOffer, DrawAnswer>> {
        let mut tx = self.begin_write().await?;
        let row = self.active_match(&mut tx, guild, match_id).await?;
        let seat = seat_of(&row, user).ok_or(ServiceError::NotInMatch)?;
        if super::practice::practice_of(&row).is_some() {
            return Err(ServiceError::PracticeNoDraw);
        }
        let offered_by_other = row.draw_offer_seat.as_deref() == Some(seat.other().as_str())
            && row.draw_offer_version == Some(row.version);
        if offered_by_other {
            drop(tx);
            return self.answer_draw(guild, match_id, row.version, user, true, interaction).await.map(Err);
        }
        matches::offer_draw(&mut tx, row.id, seat.as_str(), row.version).await?;
        let players = match_players(&row);
        tx.commit().await?;
        Ok(Ok(DrawOffer {
            match_id,
            turn: row.version,
            channel_id: discord_id(row.channel_id),
            by: players.get(seat).clone(),
            to: players.get(seat.other()).clone(),
        }))
    }

    /// Accepts or declines the draw offered at `turn`.
    ///
    /// # Errors
    /// Not the player the offer was made to, an offer that lapsed (a move was
    /// made, or it was declined); internal errors.
    pub async fn answer_draw(
        &self,
        guild: u64,
        match_id: i64,
        turn: i64,
        user: u64,
        accept: bool,
        interaction: u64,
    ) -> Result<DrawAnswer> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let row = self.active_match(&mut tx, guild, match_id).await?;
        let seat = seat_of(&row, user).ok_or(ServiceError::NotInMatch)?;
        let offer = row.draw_offer_seat.as_deref().zip(row.draw_offer_version);
        if offer != Some((seat.other().as_str(), turn)) || row.version != turn {
            return Err(if offer.is_some_and(|(s, _)| s == seat.as_str()) {
                ServiceError::NotForYou
            } else {
                ServiceError::DrawLapsed
            });
        }
        let players = match_players(&row);
        if !accept {
            matches::clear_draw_offer(&mut tx, row.id).await?;
            tx.commit().await?;
            return Ok(DrawAnswer::Declined { by: players.get(seat).clone() });
        }
        let mut game = load_game(&row)?;
        let agree = MatchAction::agree_draw(game.game());
        let events = game.play(seat, agree).map_err(ServiceError::Illegal)?;
        let played = (seat, agree);
        match save_action(&mut tx, &row, &game, played, Some(db_id(interaction)), now).await {
            Err(ServiceError::Stale(_)) => return Err(ServiceError::DrawLapsed),
            other => other?,
        }
        end_match(&mut tx, &row, MatchEnd::Drawn { agreed: true }, now, self.rating_policy).await?;
        tx.commit().await?;
        let board = board_view(&row, &game, players, Narration::Events(events), None);
        Ok(DrawAnswer::Accepted(Box::new(ActOutcome { board, done: Done::DrawAccepted })))
    }

    /// Aborts a match (an admin's decision: the caller checks the permission).
    /// An aborted match does not count. Returns the board to announce it.
    ///
    /// # Errors
    /// An unknown or finished match; internal errors.
    pub async fn abort(&self, guild: u64, match_id: i64, admin_name: &str) -> Result<BoardView> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let row = self.active_match(&mut tx, guild, match_id).await?;
        end_match(&mut tx, &row, MatchEnd::Aborted, now, self.rating_policy).await?;
        let game = load_game(&row)?;
        let players = match_players(&row);
        tx.commit().await?;
        let narration = Narration::Aborted { by: admin_name.to_owned() };
        let mut board = board_view(&row, &game, players, narration, None);
        board.aborted = true;
        Ok(board)
    }

    /// Withdraws the caller's pending challenges in a server (all, or the one to `opponent`).
    ///
    /// # Errors
    /// None pending; internal errors.
    pub async fn cancel_challenges(
        &self,
        guild: u64,
        user: u64,
        opponent: Option<u64>,
    ) -> Result<Vec<(ChallengeView, Option<u64>, u64)>> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let mut out = Vec::new();
        for row in challenges::pending_by(&mut tx, db_id(guild), db_id(user)).await? {
            if opponent.is_some_and(|o| db_id(o) != row.challenged_id) {
                continue;
            }
            if challenges::close(&mut tx, row.id, "cancelled", None, now).await? {
                out.push((
                    challenge_view(&mut tx, &row, self.now()).await?,
                    row.message_id.map(discord_id),
                    discord_id(row.channel_id),
                ));
            }
        }
        if out.is_empty() {
            return Err(ServiceError::NoChallenge);
        }
        tx.commit().await?;
        Ok(out)
    }
}
