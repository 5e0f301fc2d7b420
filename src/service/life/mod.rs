//! Life over weeks (issue #28): away time ([`away`]), quiet hours ([`quiet`]) and each
//! user's own settings ([`user`]), and what they change on a board.

pub mod away;
pub mod quiet;
pub mod user;
pub mod when;

use super::views::{BoardView, Player};
use super::{Result, Service};
use crate::store::life;
use crate::store::{discord_id, matches};

pub use away::{AwaySettled, AwayView};
pub use quiet::{parse_timezone, QuietError, QuietHours, QuietSpan};
pub use user::{UserSettings, UserSettingsChange};
pub use when::parse_until;

/// What a board shows and whom it notifies, given its players' away time and quiet hours
/// when it is published.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLife {
    /// Players of the match away now, with the planned end of their away time.
    pub away: Vec<(Player, i64)>,
    /// Players to act who are named without being notified (away, or in their quiet hours).
    pub silent: Vec<u64>,
    /// Of those, the ones in their quiet hours, with the end of those hours: the turn's
    /// reminder, which notifies them, is due then.
    pub quiet_until: Vec<(u64, i64)>,
}

impl Service {
    /// `board` as published now: its [`BoardLife`], and its deadline as it will be if the
    /// away time of the player it awaits ends as planned (see [`away`]).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn with_life(&self, mut board: BoardView) -> Result<BoardView> {
        if board.is_over() {
            return Ok(board);
        }
        let now = self.now();
        // What a match never changes once begun: from its copy in memory if kept.
        let (guild, users, away_allowed, turn_seconds) = match self.hot.peek(board.match_id) {
            Some(h) => (h.row.guild_id, [h.row.seat_a, h.row.seat_b], h.row.away_allowed, h.row.turn_seconds),
            None => {
                let mut conn = self.pool.acquire().await?;
                let Some(row) = matches::get(&mut conn, board.match_id).await? else { return Ok(board) };
                (row.guild_id, [row.seat_a, row.seat_b], row.away_allowed, row.turn_seconds)
            }
        };
        let mut info = BoardLife::default();
        let to_act: Vec<u64> = board.humans_to_act().map(|p| p.user_id).collect();
        for user in users {
            let Some(p) = self.unsettled_away(guild, user).await? else { continue };
            if p.starts_at > now || p.ends_at <= now {
                continue;
            }
            let user = discord_id(p.user_id);
            let Some(player) = [&board.players.a, &board.players.b].into_iter().find(|pl| pl.user_id == user) else {
                continue;
            };
            info.away.push((player.clone(), p.ends_at));
            if to_act.contains(&user) {
                info.silent.push(user);
                if away_allowed {
                    board.deadline =
                        board.deadline.map(|d| away::moved_deadline(d, turn_seconds, p.starts_at, p.ends_at));
                }
            }
        }
        let away_now = info.silent.clone();
        for user in to_act.into_iter().filter(|u| !away_now.contains(u)) {
            if let Some(end) = self.user_settings(user).await?.quiet.and_then(|q| q.until(now)) {
                info.silent.push(user);
                info.quiet_until.push((user, end));
            }
        }
        board.life = info;
        Ok(board)
    }

    /// Notes that the board of `match_id` at `turn` named its player in their quiet hours,
    /// which end at `at`: the turn's reminder (which notifies them) is due then.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn note_quiet_ping(&self, match_id: i64, turn: i64, at: i64) -> Result<()> {
        let mut tx = self.begin_write().await?;
        life::set_quiet_ping(&mut tx, match_id, turn, at).await?;
        tx.commit().await?;
        Ok(())
    }
}
