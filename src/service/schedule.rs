//! Work that time makes due: expired challenges, reminders, forfeits on missed
//! deadlines, and boards that failed to post. Everything it needs is in the
//! database, so it survives restarts; every item is settled by a conditional
//! update in its own transaction, under the database's write lock, so nothing fires
//! twice, however many processes share the database (each pass is also claimed by one
//! process: [`Service::claim_scheduler_pass`]).

use std::collections::BTreeSet;

use engarde_rules::{BySeat, Match, MatchAction, ToAct};

use super::challenge::challenge_view;
use super::finish::{end_match, MatchEnd, WinReason};
use super::life::away::away_until;
use super::life::user::load_user;
use super::play::{board_link, board_view, match_players, save_action};
use super::practice::practice_of;
use super::views::{BoardLink, BoardView, ChallengeView};
use super::Narration;
use super::{load_game, Result, Service};
use crate::store::matches::{self, MatchRow};
use crate::store::{challenges, discord_id};

/// A challenge nobody answered in time.
#[derive(Clone, Debug)]
pub struct ExpiredChallenge {
    /// The challenge.
    pub challenge: ChallengeView,
    /// Its server.
    pub guild_id: u64,
    /// Where its message is.
    pub channel_id: u64,
    /// Its message, to close.
    pub message_id: Option<u64>,
}

/// One ping for a player: one match, or a digest of several.
#[derive(Clone, Debug)]
pub struct Reminder {
    /// The server.
    pub guild_id: u64,
    /// Who is reminded.
    pub user_id: u64,
    /// Where to post it.
    pub channel_id: u64,
    /// The matches waiting for them.
    pub matches: Vec<ReminderItem>,
}

/// One match in a reminder.
#[derive(Clone, Debug)]
pub struct ReminderItem {
    /// The match.
    pub match_id: i64,
    /// The opponent's name.
    pub opponent: String,
    /// When the decision is due.
    pub deadline: i64,
    /// The latest board.
    pub board: Option<BoardLink>,
}

impl Service {
    /// Claims one pass of the scheduler for this process, or `None` if another process
    /// sharing the database is making one now: every process runs the scheduler, and
    /// whichever claims a pass settles, announces and reposts what is due, once. The claim
    /// lasts until dropped (and ends with the process). Each item is still settled by a
    /// conditional update in its own transaction (see [`Service::forfeit_overdue`]…), so
    /// even two passes at once would fire nothing twice but a missing board's repost,
    /// which the claim keeps to one process.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn claim_scheduler_pass(&self) -> Result<Option<crate::store::Claim>> {
        Ok(self.pool.try_claim(crate::store::SCHEDULER_LOCK).await?)
    }

    /// Expires every pending challenge whose time ran out.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn expire_challenges(&self) -> Result<Vec<ExpiredChallenge>> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let mut out = Vec::new();
        for row in challenges::lapsed(&mut tx, now).await? {
            if challenges::close(&mut tx, row.id, "expired", None, now).await? {
                out.push(ExpiredChallenge {
                    challenge: challenge_view(&mut tx, &row, self.now()).await?,
                    guild_id: discord_id(row.guild_id),
                    channel_id: discord_id(row.channel_id),
                    message_id: row.message_id.map(discord_id),
                });
            }
        }
        tx.commit().await?;
        Ok(out)
    }

    /// Settles every missed deadline, earliest first: the player who was to act
    /// loses the match by timeout. Returns the final boards to post.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn forfeit_overdue(&self) -> Result<Vec<BoardView>> {
        let now = self.now();
        let due = {
            let mut conn = self.pool.acquire().await?;
            matches::overdue(&mut conn, now).await?
        };
        let mut boards = Vec::new();
        for row in due {
            if let Some(board) = self.forfeit(row.id, now).await? {
                boards.push(board);
            }
        }
        Ok(boards)
    }

    /// One forfeit, in its own transaction; `None` if the match moved on meanwhile.
    async fn forfeit(&self, match_id: i64, now: i64) -> Result<Option<BoardView>> {
        let mut tx = self.begin_write().await?;
        matches::lock(&mut tx, match_id).await?;
        let Some(row) = matches::get(&mut tx, match_id).await? else { return Ok(None) };
        if row.status != "active" || row.deadline_at.is_none_or(|d| d > now) {
            return Ok(None);
        }
        let mut game = load_game(&row)?;
        // A player away has their clock stopped: the deadline moves when they are back.
        if super::life::away::clock_stopped(&mut tx, &row, &to_act_users(&row)?, now).await? {
            return Ok(None);
        }
        let late = match game.to_act() {
            ToAct::Nobody => return Ok(None),
            // The practice bot is never late: the scheduler makes its move (see `practice`).
            ToAct::One(late) if practice_of(&row).is_some_and(|p| p.seat == late) => return Ok(None),
            ToAct::One(late) => late,
            // Neither player made their opening decision (a secret set-up) in time: the
            // match never really began, so it is called off and counts for nobody.
            ToAct::Both => return self.call_off(tx, &row, &game, now).await.map(Some),
        };
        // The record shows a resignation, so it replays; the match ends by timeout.
        let resign = MatchAction::resign(game.game());
        game.play(late, resign).map_err(super::ServiceError::Illegal)?;
        match save_action(&mut tx, &row, &game, (late, resign), None, now).await {
            Err(super::ServiceError::Stale(_)) => return Ok(None),
            other => other?,
        }
        end_match(
            &mut tx,
            &row,
            MatchEnd::Won { winner: late.other(), reason: WinReason::Timeout },
            now,
            self.rating_policy,
        )
        .await?;
        let players = match_players(&row);
        tx.commit().await?;
        Ok(Some(board_view(&row, &game, players, Narration::Timeout { late }, None)))
    }

    /// Ends a match whose players both let its first deadline pass, as an abort.
    async fn call_off(
        &self,
        mut tx: super::hot::WriteTx<'_>,
        row: &MatchRow,
        game: &Match,
        now: i64,
    ) -> Result<BoardView> {
        end_match(&mut tx, row, MatchEnd::Aborted, now, self.rating_policy).await?;
        tx.commit().await?;
        let mut board = board_view(row, game, match_players(row), Narration::CalledOff, None);
        board.aborted = true;
        Ok(board)
    }

    /// Reminders due: when half of a decision's time has passed, or when the quiet hours
    /// in which its board named the player are over. A player gets one ping per match per
    /// turn; one listing all their waiting matches in a server when they have several (a
    /// digest), unless they turned digests off: then each due match on its own, in its
    /// thread. Nobody is reminded while away or in their quiet hours: their reminders wait
    /// (unsent, so still due) until they are back or the hours are over.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn remind(&self) -> Result<Vec<Reminder>> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let due = matches::reminders_due(&mut tx, now).await?;
        // The players to remind, by server: whoever is to act in a due match.
        let mut players_due = BTreeSet::new();
        for row in &due {
            for user in to_act_users(row)? {
                players_due.insert((row.guild_id, user));
            }
        }
        let mut reminders = Vec::new();
        for (guild, user) in players_due {
            if away_until(&mut tx, guild, user, now).await?.is_some() {
                continue;
            }
            let settings = load_user(&mut tx, user).await?;
            if settings.quiet.is_some_and(|q| q.until(now).is_some()) {
                continue;
            }
            // Every match in the server waiting for them goes in the same message (with
            // digests off, only the due ones, each in a message of its own).
            let mut waiting = Vec::new();
            for row in matches::active_for(&mut tx, guild, user).await? {
                let is_due = due.iter().any(|d| d.id == row.id);
                if (settings.digest || is_due) && to_act_users(&row)?.contains(&user) {
                    matches::mark_reminded(&mut tx, row.id, row.version).await?;
                    waiting.push(row);
                }
            }
            let groups: Vec<Vec<MatchRow>> =
                if settings.digest { vec![waiting] } else { waiting.into_iter().map(|row| vec![row]).collect() };
            for group in groups {
                if let Some(reminder) = reminder_of(guild, user, &group, now) {
                    reminders.push(reminder);
                }
            }
        }
        tx.commit().await?;
        Ok(reminders)
    }

    /// The earliest moment anything is due (a reminder, a deadline, an expiry, the end of
    /// an away period).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn next_due(&self) -> Result<Option<i64>> {
        let mut conn = self.pool.acquire().await?;
        let a = matches::next_due(&mut conn).await?;
        let b = challenges::next_expiry(&mut conn).await?;
        let c = crate::store::life::next_away_end(&mut conn).await?;
        Ok(a.into_iter().chain(b).chain(c).min())
    }
}

/// One reminder to `user` of the matches `waiting` for them in a server: in the match's
/// thread for one, in the channel the first came from for several; `None` for none.
fn reminder_of(guild: i64, user: i64, waiting: &[MatchRow], now: i64) -> Option<Reminder> {
    let channel = match waiting {
        [] => return None,
        [only] => only.channel_id,
        [first, ..] => first.home_channel_id.unwrap_or(first.channel_id),
    };
    let matches = waiting
        .iter()
        .map(|row| {
            let players = match_players(row);
            let opponent = if row.seat_a == user { players.b.name } else { players.a.name };
            ReminderItem {
                match_id: row.id,
                opponent,
                deadline: row.deadline_at.unwrap_or(now),
                board: board_link(row),
            }
        })
        .collect();
    Some(Reminder { guild_id: discord_id(guild), user_id: discord_id(user), channel_id: discord_id(channel), matches })
}

/// The users whose decision a match awaits (never the practice bot: it is not reminded).
pub(crate) fn to_act_users(row: &MatchRow) -> Result<Vec<i64>> {
    let game = load_game(row)?;
    let users = BySeat { a: row.seat_a, b: row.seat_b };
    let bot = practice_of(row).map(|p| p.seat);
    Ok(game.to_act().seats().iter().filter(|&&s| Some(s) != bot).map(|&s| *users.get(s)).collect())
}
