//! Away time: a player stops their clocks for a while.
//!
//! How deadlines move, exactly, across restarts and several processes: an away period is
//! stored (`away_periods`) and nothing else changes while it runs. Meanwhile the scheduler
//! forfeits no decision awaited from the player in a match that allows away time
//! (`matches.away_allowed`), sends them no reminder, and boards show each such deadline as
//! it will be if the period ends as planned. When the period ends (`/engarde away end`, or
//! its planned end passing), one transaction moves the deadline of every decision then
//! awaited from the player by the time the period overlapped that decision
//! ([`moved_deadline`]) and marks the period settled; both are conditional updates, so this
//! happens once, whichever process (or restart) gets there first. A decision that began
//! and ended inside the period needs nothing: the player decided, the clock never ran out.

use std::time::Duration;

use super::super::schedule::to_act_users;
use super::super::settings::{load, AWAY_WINDOW};
use super::super::{Result, Service, ServiceError};
use crate::i18n::Text;
use crate::store::life::{self, AwayRow};
use crate::store::matches::{self, MatchRow};
use crate::store::{db_id, Exec};

/// The deadline of a decision once an away period `[start, end)` of the player it awaits
/// is over: moved by the time the period overlapped the decision. The decision began
/// `turn_seconds` before its deadline as stored before any move (`deadline - turn_seconds`
/// never falls after a later period's start, since a move is never longer than the period
/// it is for), so the overlap is `end - max(start, began)`, never negative.
#[must_use]
pub fn moved_deadline(deadline: i64, turn_seconds: i64, start: i64, end: i64) -> i64 {
    let began = deadline - turn_seconds;
    deadline + (end - start.max(began)).max(0)
}

/// Seconds of the periods `[start, end)` inside the window `[from, to)`.
#[must_use]
pub fn time_in_window(periods: impl IntoIterator<Item = (i64, i64)>, from: i64, to: i64) -> i64 {
    periods.into_iter().map(|(s, e)| (e.min(to) - s.max(from)).max(0)).sum()
}

/// A player's away time in a server, as the commands show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwayView {
    /// When it ends (unix seconds): planned, or now once ended.
    pub until: i64,
    /// Away time counted in the 90 days up to `until`, this period included.
    pub used: Duration,
    /// The server's allowance per 90 days.
    pub allowance: Duration,
    /// Matches whose deadlines moved (once the period ended).
    pub moved: usize,
    /// The player's matches in play in the server: their boards show the change.
    pub matches: Vec<i64>,
}

/// What settling the away periods that ended did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AwaySettled {
    /// Matches whose deadline moved.
    pub moved: usize,
    /// The matches in play of the players whose away time ended: their boards show it.
    pub matches: Vec<i64>,
}

fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

fn duration(s: i64) -> Duration {
    Duration::from_secs(u64::try_from(s).unwrap_or_default())
}

/// The planned end of the away period of `user` running at `now` in a server, if any.
///
/// # Errors
/// Database errors.
pub(crate) async fn away_until(conn: &mut dyn Exec, guild: i64, user: i64, now: i64) -> sqlx::Result<Option<i64>> {
    Ok(life::running_for(conn, guild, &[user], now).await?.iter().find(|p| p.ends_at > now).map(|p| p.ends_at))
}

/// Whether the clock of a decision awaited from `users` in `row` is stopped at `now`: the
/// match allows away time and one of them has an away period not settled yet (running, or
/// over and about to move the deadline).
///
/// # Errors
/// Database errors.
pub(crate) async fn clock_stopped(conn: &mut dyn Exec, row: &MatchRow, users: &[i64], now: i64) -> sqlx::Result<bool> {
    if !row.away_allowed || users.is_empty() {
        return Ok(false);
    }
    Ok(!life::running_for(conn, row.guild_id, users, now).await?.is_empty())
}

/// Ends an away period's effect: moves the deadlines it overlapped and marks it settled,
/// in the caller's transaction. The number of matches whose deadline moved, and the
/// player's matches in play; nothing if it was settled already.
async fn settle(conn: &mut dyn Exec, p: &AwayRow, now: i64) -> Result<AwaySettled> {
    let mut settled = AwaySettled::default();
    if !life::settle_away(conn, p.id, now).await? {
        return Ok(settled);
    }
    for row in matches::active_for(conn, p.guild_id, p.user_id).await? {
        settled.matches.push(row.id);
        let Some(deadline) = row.deadline_at else { continue };
        if !row.away_allowed || !to_act_users(&row)?.contains(&p.user_id) {
            continue;
        }
        let new = moved_deadline(deadline, row.turn_seconds, p.starts_at, p.ends_at);
        if new != deadline && life::set_deadline(conn, row.id, row.version, new).await? {
            settled.moved += 1;
            if row.tournament_id.is_some() {
                // The round waited for this match while its player was away: its own
                // deadline moves as the match's did.
                crate::store::tournaments::extend_round_for(conn, row.id, new - deadline).await?;
            }
        }
    }
    Ok(settled)
}

impl Service {
    /// Starts an away period of `user` in a server until `until` (unix seconds), or moves
    /// the end of the one running. Refused past the server's allowance: the away time in
    /// the 90 days up to `until`, this period included, may not exceed it.
    ///
    /// # Errors
    /// An end not in the future, past the allowance; internal errors.
    pub async fn go_away(&self, guild_id: u64, user_id: u64, until: i64) -> Result<AwayView> {
        let now = self.now();
        if until <= now {
            return Err(ServiceError::BadOptions(Text::new("life-error-away-past")));
        }
        let (guild, user) = (db_id(guild_id), db_id(user_id));
        let mut tx = self.begin_write().await?;
        let allowance = load(&mut tx, guild_id).await?.away_allowance;
        let mut running = life::unsettled(&mut tx, guild, user).await?;
        if let Some(over) = running.filter(|p| p.ends_at <= now) {
            settle(&mut tx, &over, now).await?;
            running = None;
        }
        let start = running.map_or(now, |p| p.starts_at);
        let from = until - secs(AWAY_WINDOW);
        let before = life::away_since(&mut tx, guild, user, from).await?;
        let earlier = time_in_window(
            before.iter().filter(|p| Some(p.id) != running.map(|r| r.id)).map(|p| (p.starts_at, p.ends_at)),
            from,
            until,
        );
        let used = earlier + time_in_window([(start, until)], from, until);
        if used > secs(allowance) {
            let left = (secs(allowance) - earlier - time_in_window([(start, now)], from, until)).max(0);
            return Err(ServiceError::BadOptions(
                Text::new("life-error-allowance").arg("allowance", allowance).arg("left", duration(left)),
            ));
        }
        match running {
            Some(p) => {
                life::set_away_end(&mut tx, p.id, until).await?;
            }
            None => {
                life::insert_away(&mut tx, guild, user, now, until).await?;
            }
        }
        let matches = matches::active_for(&mut tx, guild, user).await?.iter().map(|m| m.id).collect();
        let committed = tx.commit().await;
        self.aways.changed((guild, user));
        committed?;
        Ok(AwayView { until, used: duration(used), allowance, moved: 0, matches })
    }

    /// Ends the away period of `user` running in a server now: their clocks start again,
    /// each deadline moved by the time the period overlapped its decision.
    ///
    /// # Errors
    /// Not away; internal errors.
    pub async fn come_back(&self, guild_id: u64, user_id: u64) -> Result<AwayView> {
        let now = self.now();
        let (guild, user) = (db_id(guild_id), db_id(user_id));
        let mut tx = self.begin_write().await?;
        let allowance = load(&mut tx, guild_id).await?.away_allowance;
        let Some(mut p) = life::unsettled(&mut tx, guild, user).await?.filter(|p| p.starts_at <= now) else {
            return Err(ServiceError::BadOptions(Text::new("life-error-not-away")));
        };
        if p.ends_at > now {
            life::set_away_end(&mut tx, p.id, now).await?;
            p.ends_at = now;
        }
        let settled = settle(&mut tx, &p, now).await?;
        let from = now - secs(AWAY_WINDOW);
        let used = time_in_window(
            life::away_since(&mut tx, guild, user, from).await?.iter().map(|p| (p.starts_at, p.ends_at)),
            from,
            now,
        );
        let committed = tx.commit().await;
        self.aways.changed((guild, user));
        committed?;
        Ok(AwayView { until: now, used: duration(used), allowance, moved: settled.moved, matches: settled.matches })
    }

    /// The end of the away period of `user` running in a server, if any.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn away(&self, guild_id: u64, user_id: u64) -> Result<Option<i64>> {
        let mut conn = self.pool.acquire().await?;
        Ok(away_until(&mut conn, db_id(guild_id), db_id(user_id), self.now()).await?)
    }

    /// Settles every away period whose planned end has passed (see the module's
    /// documentation), each in its own transaction: the matches whose deadline moved, and
    /// those whose boards show the change.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn settle_aways(&self) -> Result<AwaySettled> {
        let now = self.now();
        let due = {
            let mut conn = self.pool.acquire().await?;
            life::ended_unsettled(&mut conn, now).await?
        };
        let mut all = AwaySettled::default();
        for p in due {
            let mut tx = self.begin_write().await?;
            let settled = settle(&mut tx, &p, now).await?;
            let committed = tx.commit().await;
            self.aways.changed((p.guild_id, p.user_id));
            committed?;
            all.moved += settled.moved;
            all.matches.extend(settled.matches);
        }
        Ok(all)
    }

    /// The away period of `user` in a server not settled yet, if any (at most one: running,
    /// to come, or over and about to move deadlines), kept in memory once read, as
    /// servers' looks are ([`super::super::settings::Kept`]).
    ///
    /// # Errors
    /// Internal errors.
    pub(crate) async fn unsettled_away(&self, guild: i64, user: i64) -> Result<Option<AwayRow>> {
        if let Some(p) = self.aways.get((guild, user)) {
            return Ok(p);
        }
        let read = self.aways.reading();
        let mut conn = self.pool.acquire().await?;
        let p = life::unsettled(&mut conn, guild, user).await?;
        self.aways.keep((guild, user), p, read);
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_moves_by_the_overlap_with_its_decision() {
        // A two-day decision begun at 0, away from 10 to 110: a hundred seconds more.
        assert_eq!(moved_deadline(200, 200, 10, 110), 300);
        // Begun during the away time (at 50): moved by the part after it began.
        assert_eq!(moved_deadline(250, 200, 10, 110), 310);
        // Begun after it ended: unchanged.
        assert_eq!(moved_deadline(400, 200, 10, 110), 400);
        // Two periods in one decision: each moves it by its own length.
        let once = moved_deadline(1000, 1000, 100, 200);
        assert_eq!(moved_deadline(once, 1000, 300, 350), 1150);
    }

    #[test]
    fn away_time_is_counted_inside_the_window() {
        assert_eq!(time_in_window([(0, 10), (20, 40)], 5, 30), 15);
        assert_eq!(time_in_window([(50, 60)], 0, 40), 0);
    }
}
