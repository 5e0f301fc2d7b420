//! A player's running totals for `/engarde stats`: their record, streaks, rounds won by
//! how and favourite variant, over every ended match of theirs in a server, oldest first.
//! Stored (`player_summaries`) with the last match they count, and brought up to date
//! with the matches that ended since, so that `stats` reads what is new rather than a
//! whole history (issue #41). A summary that no longer agrees with the number of the
//! player's ended matches (one ended at a moment before the last counted) is made again.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ladder::{MatchResult, Record, Streak};
use super::{load_state, seat_among, Result};
use crate::store::history::{self, EndedRow, SummaryRow};
use crate::store::{DbId, Exec};

/// The running totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Totals {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The result repeated at the end of the history, and how many times.
    pub current: Option<(Outcome, u32)>,
    /// The longest run of wins.
    pub best: u32,
    /// The run of wins at the end of the history.
    pub run_of_wins: u32,
    /// Rounds won, by how, in the order each way first appeared.
    pub rounds_won: Vec<(String, u32)>,
    pub rounds_lost: u32,
    /// Finished matches by variant, with the position of the last one among all counted.
    pub variants: BTreeMap<String, (u32, u64)>,
}

/// A counted result, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Outcome {
    Won,
    Lost,
    Drawn,
}

impl Outcome {
    fn of(result: MatchResult) -> Option<Outcome> {
        match result {
            MatchResult::Won => Some(Outcome::Won),
            MatchResult::Lost => Some(Outcome::Lost),
            MatchResult::Drawn => Some(Outcome::Drawn),
            MatchResult::Aborted => None,
        }
    }

    fn result(self) -> MatchResult {
        match self {
            Outcome::Won => MatchResult::Won,
            Outcome::Lost => MatchResult::Lost,
            Outcome::Drawn => MatchResult::Drawn,
        }
    }
}

impl Totals {
    /// The record counted.
    pub fn record(&self) -> Record {
        Record { wins: self.wins, losses: self.losses, draws: self.draws }
    }

    /// The run of equal results at the end.
    pub fn current_streak(&self) -> Option<Streak> {
        self.current.map(|(o, len)| Streak { result: o.result(), len })
    }

    /// Counts one more ended match of `user`'s, the `position`th of all counted (from 0).
    fn add(&mut self, row: &EndedRow, user: DbId, position: u64) -> Result<()> {
        let Some(seat) = seat_among(row.seat_a, row.seat_b, user) else { return Ok(()) };
        let result = super::ladder::result_for(row, seat);
        // Aborted matches count for nobody; practice matches against the bot neither.
        let Some(outcome) = Outcome::of(result).filter(|_| row.practice_level.is_none()) else { return Ok(()) };
        match outcome {
            Outcome::Won => self.wins += 1,
            Outcome::Lost => self.losses += 1,
            Outcome::Drawn => self.draws += 1,
        }
        self.current = match self.current {
            Some((o, len)) if o == outcome => Some((o, len + 1)),
            _ => Some((outcome, 1)),
        };
        self.run_of_wins = if outcome == Outcome::Won { self.run_of_wins + 1 } else { 0 };
        self.best = self.best.max(self.run_of_wins);
        let entry = self.variants.entry(row.variant.clone()).or_default();
        *entry = (entry.0 + 1, position);
        let game = load_state(row.id, &row.game, row.state_format, &row.state)?;
        for (winner, how) in game.ended_rounds() {
            match winner {
                Some(w) if w == seat => match self.rounds_won.iter_mut().find(|(h, _)| h == how) {
                    Some((_, n)) => *n += 1,
                    None => self.rounds_won.push((how.to_owned(), 1)),
                },
                Some(_) => self.rounds_lost += 1,
                None => {}
            }
        }
        Ok(())
    }
}

impl super::Service {
    /// `user`'s running totals in `guild`, brought up to date (and stored again if they
    /// moved), read with `conn`.
    ///
    /// # Errors
    /// Internal errors.
    pub(crate) async fn player_totals(&self, conn: &mut dyn Exec, guild: DbId, user: DbId) -> Result<Totals> {
        let stored = history::summary(conn, guild, user).await?;
        let ended = history::ended_count(conn, guild, user).await?;
        let kept = stored.and_then(|s| Some((serde_json::from_str::<Totals>(&s.summary).ok()?, s)));
        let (mut totals, mut counted, after) = match kept {
            Some((totals, s)) => (totals, s.counted, Some((s.through_at, s.through_id))),
            None => (Totals::default(), 0, None),
        };
        let mut new = history::ended_since(conn, guild, user, after).await?;
        if counted + new.len() as i64 != ended {
            // Something ended at a moment before the last match counted: count all again.
            (totals, counted) = (Totals::default(), 0);
            new = history::ended_since(conn, guild, user, None).await?;
        }
        let Some(last) = new.last() else { return Ok(totals) };
        let (through_at, through_id) = (last.finished_at, last.id);
        for (i, row) in new.iter().enumerate() {
            totals.add(row, user, counted as u64 + i as u64)?;
        }
        counted += new.len() as i64;
        let row = SummaryRow { through_at, through_id, counted, summary: serde_json::to_string(&totals)? };
        let mut tx = self.begin_write().await?;
        history::put_summary(&mut tx, guild, user, &row).await?;
        tx.commit().await?;
        Ok(totals)
    }
}
