//! Matches in play, kept in memory as this process last committed them, so that
//! showing a hand or checking a move needs no database round trip and no parsing.
//!
//! The database stays the truth; this is only a copy, and a missing entry is read
//! from the database (after a restart, every entry is missing). A copy is only ever
//! made from a move this process has just committed, and kept only while nothing else
//! may have changed the match:
//! - a committed move replaces its match's copy, unless a newer one is there already;
//! - every other write (a transaction: a challenge accepted, a draw, a forfeit, an end,
//!   a match moved to its thread…) forgets every copy, when it begins and when it
//!   commits, and a move that read the match before that may not store its copy;
//! - a move found stale forgets its match's copy;
//! - a posted board updates its match's link.
//!
//! Buttons never depend on it: the move itself is checked by the database (its version).

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex, MutexGuard};

use engarde_rules::Game;
use sqlx::{Sqlite, Transaction};

use crate::store::boards::BoardRow;
use crate::store::matches::MatchRow;

/// At most this many copies; past it, all are forgotten (matches in play are far fewer).
const MOST: usize = 20_000;

/// A match as committed, with its game parsed.
#[derive(Debug)]
pub(crate) struct HotMatch {
    /// The stored row (with its players' names and latest board).
    pub row: MatchRow,
    /// The row's state, parsed.
    pub game: Game,
}

/// The copies, shared by every clone of the service.
#[derive(Debug, Default)]
pub(crate) struct HotMatches {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Bumped whenever every copy is forgotten.
    epoch: u64,
    matches: HashMap<i64, Arc<HotMatch>>,
}

impl HotMatches {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the map half-changed.
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The copy of a match, if kept.
    pub fn get(&self, id: i64) -> Option<Arc<HotMatch>> {
        self.lock().matches.get(&id).cloned()
    }

    /// The current epoch: note it before reading a match whose move may be kept.
    pub fn epoch(&self) -> u64 {
        self.lock().epoch
    }

    /// Keeps the match as a move just committed it, read at `epoch`.
    pub fn moved(&self, epoch: u64, hot: HotMatch) {
        let mut inner = self.lock();
        if inner.epoch != epoch {
            return;
        }
        if inner.matches.get(&hot.row.id).is_some_and(|kept| kept.row.version >= hot.row.version) {
            return;
        }
        if inner.matches.len() >= MOST {
            inner.matches.clear();
        }
        inner.matches.insert(hot.row.id, Arc::new(hot));
    }

    /// Points a kept match at a board just posted for it, if it is its latest.
    pub fn board_posted(&self, board: &BoardRow) {
        let mut inner = self.lock();
        let Some(kept) = inner.matches.get_mut(&board.match_id) else { return };
        if kept.row.board_turn.is_some_and(|t| t > board.turn) {
            return;
        }
        let mut row = kept.row.clone();
        (row.board_turn, row.board_channel_id, row.board_message_id) =
            (Some(board.turn), Some(board.channel_id), Some(board.message_id));
        *kept = Arc::new(HotMatch { row, game: kept.game.clone() });
    }

    /// Forgets one match (its copy may be behind the database).
    pub fn forget(&self, id: i64) {
        self.lock().matches.remove(&id);
    }

    /// Forgets every match.
    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.epoch += 1;
        inner.matches.clear();
    }
}

/// A write transaction: beginning and committing it forget every kept match.
pub(crate) struct WriteTx<'a> {
    tx: Transaction<'static, Sqlite>,
    hot: &'a HotMatches,
}

impl<'a> WriteTx<'a> {
    /// Wraps a transaction just begun.
    pub fn new(tx: Transaction<'static, Sqlite>, hot: &'a HotMatches) -> WriteTx<'a> {
        hot.clear();
        WriteTx { tx, hot }
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// Database errors.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let done = self.tx.commit().await;
        self.hot.clear();
        done
    }
}

impl Deref for WriteTx<'_> {
    type Target = Transaction<'static, Sqlite>;

    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl DerefMut for WriteTx<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

#[cfg(test)]
mod tests {
    use engarde_rules::Variant;

    use super::super::{ActRequest, ChallengeRequest, PlayerInfo, Service};
    use crate::store::{self, matches};

    fn person(user_id: u64, name: &str) -> PlayerInfo {
        PlayerInfo { user_id, name: name.to_owned(), bot: false }
    }

    /// The copy a move keeps is the row the database holds after it, field for field
    /// (so `after_move` mirrors migration 0004's trigger), board links included.
    #[tokio::test]
    async fn a_kept_match_is_the_stored_row() {
        let dir = tempfile::tempdir().unwrap();
        let pool = store::open(&format!("sqlite://{}/t.db", dir.path().display())).await.unwrap();
        let svc = Service::new(pool.clone()).with_seeds(std::sync::Arc::new(|| 11));
        let (alice, bob) = (person(101, "Alice"), person(102, "Bob"));
        let challenge = svc
            .challenge(ChallengeRequest {
                guild_id: 1,
                channel_id: 2,
                challenger: alice.clone(),
                challenged: bob.clone(),
                variant: Some(Variant::EngardeStandard),
                hits: None,
                turn: None,
                interaction_id: 1,
            })
            .await
            .unwrap();
        let id = svc.accept(challenge.id, &bob).await.unwrap().board.match_id;
        assert!(svc.hot.get(id).is_none(), "accepting (a transaction) keeps nothing");
        for turn in 0..12 {
            let stored = || async { matches::get(&mut pool.acquire().await.unwrap(), id).await.unwrap().unwrap() };
            let before = stored().await;
            let to_act = if svc.hand(1, id, 101).await.unwrap().view.public.to_act() == Some(engarde_rules::Seat::A) {
                101
            } else {
                102
            };
            let hand = svc.hand(1, id, to_act).await.unwrap();
            let action = hand.view.legal_actions[usize::try_from(turn).unwrap() % hand.view.legal_actions.len()];
            let interaction_id = 100 + u64::try_from(turn).unwrap();
            let req = ActRequest { guild_id: 1, match_id: id, turn, user_id: to_act, action, interaction_id };
            let done = svc.act(req).await.unwrap();
            if done.board.public.winner.is_some() {
                break;
            }
            let kept = svc.hot.get(id).expect("a move keeps its match");
            assert_eq!(kept.row, stored().await, "turn {turn}");
            assert_eq!(kept.row.version, before.version + 1);
            svc.record_board(&done.board, 2, 5_000 + u64::try_from(turn).unwrap()).await.unwrap();
            assert_eq!(svc.hot.get(id).unwrap().row, stored().await, "turn {turn}: after its board");
        }
    }
}
