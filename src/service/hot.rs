//! Matches in play, kept in memory as last committed, so that showing a hand or
//! checking a move needs no database round trip and no parsing.
//!
//! The database stays the truth; this is only a copy, and a missing entry is read from
//! the database (after a restart, every entry is missing). The write connection reports
//! every row it changes (SQLite's update hook); once the write is committed, the changes
//! are settled here: a match whose row changed is forgotten, and so is every match if a
//! player's stored name changed. A copy is made from a read or a move only if nothing
//! else changed its match in between:
//! - a read ([`HotMatches::read`]) is registered before it looks at the copy or at the
//!   database, and counts the changes settled for its match while it lasts;
//! - a read from the database is kept if no change was settled meanwhile, a read that
//!   stored a move if the only change was its own move;
//! - a move found stale forgets its match's copy;
//! - a posted board updates the copy's link; the latest link of each match is kept
//!   apart, since boards are recorded while moves are in flight.
//!
//! Buttons never depend on it: the move itself is checked by the database (its version).
//!
//! On SQLite, one bot process writes the database (the maintenance commands that run
//! beside it, `backup` and `ratings rebuild`, change no match), so the copies are exact.
//! On PostgreSQL, other processes write too, and no hook reports their changes: the copies
//! are *shared* ([`HotMatches::new`]). Then a copy is never shown ([`HotMatches::read_current`]
//! reads the database for hands and boards); it only lets a move be checked and rendered
//! without a read, and the database checks the move's version and the match's status as it
//! stores it, so a copy that another process made stale costs one read (the move refused
//! as kept, or found stale as stored, is decided on the match read afresh), never a wrong
//! answer. This process's own changes are noted without the hook: its moves by their
//! matches, and any write transaction forgets every copy.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use engarde_rules::Match;

use crate::store::boards::BoardRow;
use crate::store::matches::MatchRow;
use crate::store::{Db, Exec, Tx};

/// At most this many copies, and board links; past it, all are forgotten (matches in
/// play are far fewer).
const MOST: usize = 20_000;

/// A match as committed, with its game parsed.
#[derive(Clone, Debug)]
pub(crate) struct HotMatch {
    /// The stored row (with its players' names and latest board).
    pub row: MatchRow,
    /// The row's state, parsed.
    pub game: Match,
}

/// The copies, shared by every clone of the service.
#[derive(Debug, Default)]
pub(crate) struct HotMatches {
    inner: Mutex<Inner>,
    /// Rows changed by writes not yet settled (filled by the write connection's thread).
    pending: Mutex<Pending>,
    /// Whether other processes write the database too (PostgreSQL), unseen here.
    shared: bool,
}

#[derive(Debug, Default)]
struct Inner {
    matches: HashMap<i64, Arc<HotMatch>>,
    /// Reads in flight, by match.
    reading: HashMap<i64, Reading>,
    /// The latest board posted for each match.
    boards: HashMap<i64, BoardRow>,
}

impl Inner {
    /// Forgets every copy, and keeps no read in flight.
    fn forget_all(&mut self) {
        self.matches.clear();
        for reading in self.reading.values_mut() {
            // More than any read's own move.
            reading.changes = reading.changes.saturating_add(2);
        }
    }
}

/// The reads of one match in flight.
#[derive(Debug, Default)]
struct Reading {
    /// How many.
    count: u32,
    /// Changes of the match settled since the first of them began.
    changes: u32,
}

/// Changes written but not yet settled.
#[derive(Debug, Default)]
struct Pending {
    matches: Vec<i64>,
    /// A change that may concern any match (a player's name).
    all: bool,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Every change under these locks is complete before any call that could panic.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl HotMatches {
    /// Copies for one process that sees every write (SQLite: `shared` false), or for one
    /// of several processes writing the same database (PostgreSQL: `shared` true).
    pub fn new(shared: bool) -> HotMatches {
        HotMatches { shared, ..HotMatches::default() }
    }

    /// Settles a grouped write that tried to store moves of `moved` (see
    /// [`HotMatches::settle`]); without the update hook, each counts as a change of its match.
    pub fn settle_moves(&self, moved: &[i64]) {
        if self.shared {
            lock(&self.pending).matches.extend_from_slice(moved);
        }
        self.settle();
    }

    /// Begins a read of a match to show it (a hand, a board): as [`HotMatches::read`], but
    /// with no copy when other processes may have changed the match unseen, so that what is
    /// shown is read from the database.
    pub fn read_current(&self, id: i64) -> Read<'_> {
        let mut read = self.read(id);
        if self.shared {
            read.kept = None;
        }
        read
    }

    /// Notes a row the write connection changed (`table`, `rowid`), as SQLite reports it:
    /// while the statement runs, before its commit.
    pub fn row_changed(&self, table: &str, rowid: i64) {
        match table {
            "matches" => lock(&self.pending).matches.push(rowid),
            // Kept copies carry their players' names.
            "players" => lock(&self.pending).all = true,
            _ => {}
        }
    }

    /// Applies the changes noted so far: call it once a write is committed (or rolled
    /// back), while still holding the write connection.
    pub fn settle(&self) {
        self.apply(self.take());
    }

    /// Takes the changes noted so far (see [`HotMatches::apply`]).
    fn take(&self) -> Pending {
        std::mem::take(&mut *lock(&self.pending))
    }

    /// Applies changes taken once they are committed.
    fn apply(&self, pending: Pending) {
        if pending.matches.is_empty() && !pending.all {
            return;
        }
        let mut inner = lock(&self.inner);
        if pending.all {
            inner.forget_all();
        }
        for id in pending.matches {
            inner.matches.remove(&id);
            if let Some(reading) = inner.reading.get_mut(&id) {
                reading.changes = reading.changes.saturating_add(1);
            }
        }
    }

    /// Begins a read of a match whose outcome may be kept: note it before looking at
    /// the copy or at the database.
    pub fn read(&self, id: i64) -> Read<'_> {
        let mut inner = lock(&self.inner);
        inner.reading.entry(id).or_default().count += 1;
        let kept = inner.matches.get(&id).cloned();
        Read { hot: self, id, kept }
    }

    /// Points a kept match at a board just posted for it, if it is its latest.
    pub fn board_posted(&self, board: &BoardRow) {
        let mut inner = lock(&self.inner);
        if inner.boards.get(&board.match_id).is_some_and(|b| !replaces(board, b)) {
            // The database keeps the first board of a turn (but a match's final board).
            return;
        }
        if inner.boards.len() >= MOST {
            // Links of long-finished matches: forget them, and whatever may lack a link.
            inner.boards.clear();
            inner.forget_all();
        }
        inner.boards.insert(board.match_id, board.clone());
        let Some(kept) = inner.matches.get_mut(&board.match_id) else { return };
        // Copied only if a read in flight still holds it.
        link(&mut Arc::make_mut(kept).row, board);
    }

    /// The live board of a match, if kept (never when other processes may post boards).
    pub fn live_board(&self, id: i64) -> Option<BoardRow> {
        if self.shared {
            return None;
        }
        lock(&self.inner).boards.get(&id).cloned()
    }

    /// The copy of a match, if kept, without beginning a read: for what a match never
    /// changes once begun (its server, players and time rules).
    pub fn peek(&self, id: i64) -> Option<Arc<HotMatch>> {
        lock(&self.inner).matches.get(&id).cloned()
    }

    /// Forgets one match (its copy may be behind the database).
    pub fn forget(&self, id: i64) {
        lock(&self.inner).matches.remove(&id);
    }

    /// The copy of a match, if kept (for tests).
    #[cfg(test)]
    pub fn get(&self, id: i64) -> Option<Arc<HotMatch>> {
        lock(&self.inner).matches.get(&id).cloned()
    }
}

/// Whether a board recorded after `old` takes its place (as [`crate::store::boards::insert`]
/// decides).
fn replaces(new: &BoardRow, old: &BoardRow) -> bool {
    new.turn > old.turn || (new.turn == old.turn && new.ended && !old.ended)
}

/// Sets a row's latest board.
fn link(row: &mut MatchRow, board: &BoardRow) {
    (row.board_turn, row.board_channel_id, row.board_message_id) =
        (Some(board.turn), Some(board.channel_id), Some(board.message_id));
}

/// A read of a match in flight (see [`HotMatches::read`]); it ends when dropped.
#[must_use]
pub(crate) struct Read<'a> {
    hot: &'a HotMatches,
    id: i64,
    kept: Option<Arc<HotMatch>>,
}

impl Read<'_> {
    /// The copy kept when the read began, if any.
    pub fn kept(&self) -> Option<&Arc<HotMatch>> {
        self.kept.as_ref()
    }

    /// Keeps `hot`, the match as read from the database during this read, unless
    /// something changed it meanwhile; returns it either way.
    pub fn keep_read(self, hot: HotMatch) -> Arc<HotMatch> {
        self.keep(hot, 0)
    }

    /// Keeps `hot`, the match as a move of this read stored it (and was just committed,
    /// and settled), unless something else changed it meanwhile.
    pub fn keep_moved(self, hot: HotMatch) -> Arc<HotMatch> {
        self.keep(hot, 1)
    }

    /// Keeps `hot` if exactly `own` changes of the match were settled during this read.
    fn keep(self, mut hot: HotMatch, own: u32) -> Arc<HotMatch> {
        let mut inner = lock(&self.hot.inner);
        let unchanged = inner.reading.get(&self.id).is_some_and(|r| r.changes == own);
        if let Some(board) = inner.boards.get(&self.id) {
            if hot.row.board_turn.is_none_or(|t| t < board.turn) {
                link(&mut hot.row, board);
            }
        }
        let hot = Arc::new(hot);
        let newer = inner.matches.get(&self.id).is_some_and(|kept| kept.row.version >= hot.row.version);
        if unchanged && !newer && hot.row.status == "active" {
            if inner.matches.len() >= MOST {
                inner.matches.clear();
            }
            inner.matches.insert(self.id, Arc::clone(&hot));
        }
        hot
    }
}

impl Drop for Read<'_> {
    fn drop(&mut self) {
        let mut inner = lock(&self.hot.inner);
        if let Some(reading) = inner.reading.get_mut(&self.id) {
            reading.count -= 1;
            if reading.count == 0 {
                inner.reading.remove(&self.id);
            }
        }
    }
}

/// A write transaction: once it ends, the changes it wrote are settled.
pub(crate) struct WriteTx<'a> {
    tx: Tx,
    hot: &'a HotMatches,
    /// When it began (for the metrics).
    began: std::time::Instant,
}

impl<'a> WriteTx<'a> {
    /// Wraps a transaction just begun.
    pub fn new(tx: Tx, hot: &'a HotMatches) -> WriteTx<'a> {
        WriteTx { tx, hot, began: std::time::Instant::now() }
    }

    /// Commits the transaction.
    ///
    /// # Errors
    /// Database errors.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let WriteTx { tx, hot, began } = self;
        // The connection goes back to the pool as the commit ends, and the next writer's
        // changes may be noted before this line runs again: take this transaction's now.
        let mut changes = hot.take();
        // No hook saw what it changed: it may have changed any match.
        changes.all |= hot.shared;
        let done = tx.commit().await;
        hot.apply(changes);
        crate::observe::metrics::db_transaction(began.elapsed(), done.is_ok());
        done
    }
}

impl Exec for WriteTx<'_> {
    fn db(&mut self) -> Db<'_> {
        self.tx.db()
    }
}

#[cfg(test)]
mod tests {
    use engarde_rules::engarde::Variant;

    use super::super::{load_game, ActRequest, ChallengeRequest, PlayerInfo, Service};
    use super::HotMatch;
    use crate::store::{self, matches};

    fn person(user_id: u64, name: &str) -> PlayerInfo {
        PlayerInfo { user_id, name: name.to_owned(), bot: false }
    }

    async fn service(dir: &tempfile::TempDir) -> Service {
        let pool = store::open(&format!("sqlite://{}/t.db", dir.path().display())).await.unwrap();
        Service::new(pool).with_seeds(std::sync::Arc::new(|| 11))
    }

    /// A match between `a` and `b` in server 1, as accepted (challenge `interaction`).
    async fn start(svc: &Service, a: &PlayerInfo, b: &PlayerInfo, interaction: u64) -> i64 {
        let challenge = svc
            .challenge(ChallengeRequest {
                guild_id: 1,
                channel_id: 2,
                challenger: a.clone(),
                challenged: b.clone(),
                variant: Some(engarde_rules::Variant::EnGarde(Variant::EngardeStandard)),
                options: Default::default(),
                turn: None,
                interaction_id: interaction,
            })
            .await
            .unwrap();
        svc.accept(challenge.id, b).await.unwrap().board.match_id
    }

    async fn stored(svc: &Service, id: i64) -> matches::MatchRow {
        matches::get(&mut svc.pool().acquire().await.unwrap(), id).await.unwrap().unwrap()
    }

    /// The copy a move keeps is the row the database holds after it, field for field
    /// (so `after_move` mirrors migration 0004's trigger), board links included.
    #[tokio::test]
    async fn a_kept_match_is_the_stored_row() {
        let dir = tempfile::tempdir().unwrap();
        let svc = service(&dir).await;
        let id = start(&svc, &person(101, "Alice"), &person(102, "Bob"), 1).await;
        assert!(svc.hot.get(id).is_none(), "nothing is kept before it is read");
        for turn in 0..12 {
            let before = stored(&svc, id).await;
            let to_act = if svc.hand(1, id, 101).await.unwrap().to_act.single() == Some(engarde_rules::Seat::A) {
                101
            } else {
                102
            };
            assert_eq!(svc.hot.get(id).unwrap().row, before, "a hand keeps the match as read");
            let hand = svc.hand(1, id, to_act).await.unwrap();
            let action = hand.legal_actions[usize::try_from(turn).unwrap() % hand.legal_actions.len()];
            let interaction_id = 100 + u64::try_from(turn).unwrap();
            let req = ActRequest { guild_id: 1, match_id: id, turn, user_id: to_act, action, interaction_id };
            let done = svc.act(req).await.unwrap();
            if done.board.winner().is_some() {
                break;
            }
            let kept = svc.hot.get(id).expect("a move keeps its match");
            assert_eq!(kept.row, stored(&svc, id).await, "turn {turn}");
            assert_eq!(kept.row.version, before.version + 1);
            svc.record_board(&done.board, 2, 5_000 + u64::try_from(turn).unwrap(), "").await.unwrap();
            assert_eq!(svc.hot.get(id).unwrap().row, stored(&svc, id).await, "turn {turn}: after its board");
        }
    }

    /// A transaction forgets the copies of the matches it changed, and only those.
    #[tokio::test]
    async fn a_write_forgets_only_the_matches_it_changed() {
        let dir = tempfile::tempdir().unwrap();
        let svc = service(&dir).await;
        let (alice, bob, carol) = (person(101, "Alice"), person(102, "Bob"), person(103, "Carol"));
        let first = start(&svc, &alice, &bob, 1).await;
        let second = start(&svc, &carol, &bob, 2).await;
        svc.hand(1, first, 101).await.unwrap();
        svc.hand(1, second, 103).await.unwrap();
        svc.set_match_channel(first, 77).await.unwrap();
        assert!(svc.hot.get(first).is_none(), "the changed match is forgotten");
        assert!(svc.hot.get(second).is_some(), "the other one is kept");
        svc.hand(1, first, 101).await.unwrap();
        assert_eq!(svc.hot.get(first).unwrap().row.channel_id, 77, "read again as changed");
        start(&svc, &alice, &carol, 3).await;
        assert!(svc.hot.get(first).is_some() && svc.hot.get(second).is_some(), "a new match changes neither");
    }

    /// Kept matches carry their players' names: a changed name forgets them all.
    #[tokio::test]
    async fn a_changed_name_forgets_every_copy() {
        let dir = tempfile::tempdir().unwrap();
        let svc = service(&dir).await;
        let (alice, bob, carol) = (person(101, "Alice"), person(102, "Bob"), person(103, "Carol"));
        let id = start(&svc, &alice, &bob, 1).await;
        start(&svc, &carol, &person(104, "Dave"), 2).await;
        svc.hand(1, id, 101).await.unwrap();
        start(&svc, &alice, &carol, 3).await;
        assert!(svc.hot.get(id).is_some(), "the same names seen again change nothing");
        start(&svc, &carol, &person(102, "Robert"), 4).await;
        assert!(svc.hot.get(id).is_none());
        let hand = svc.hand(1, id, 101).await.unwrap();
        assert_eq!(hand.players.b.name, "Robert");
    }

    /// A read is kept only if no change of its match was settled while it lasted, but
    /// for its own move.
    #[tokio::test]
    async fn a_read_raced_by_a_change_is_not_kept() {
        let dir = tempfile::tempdir().unwrap();
        let svc = service(&dir).await;
        let id = start(&svc, &person(101, "Alice"), &person(102, "Bob"), 1).await;
        let copy = || async {
            let row = stored(&svc, id).await;
            HotMatch { game: load_game(&row).unwrap(), row }
        };
        let changed = |times: usize| {
            for _ in 0..times {
                svc.hot.row_changed("matches", id);
            }
            svc.hot.settle();
        };

        let read = svc.hot.read(id);
        changed(1);
        read.keep_read(copy().await);
        assert!(svc.hot.get(id).is_none(), "a read that a write overtook");

        let read = svc.hot.read(id);
        changed(2);
        read.keep_moved(copy().await);
        assert!(svc.hot.get(id).is_none(), "a move with another change beside it");

        let read = svc.hot.read(id);
        changed(1);
        read.keep_moved(copy().await);
        assert!(svc.hot.get(id).is_some(), "a move alone");

        let (early, late) = (svc.hot.read(id), svc.hot.read(id));
        svc.hot.row_changed("matches", id);
        assert!(svc.hot.get(id).is_some(), "a change counts once committed");
        changed(0);
        assert!(svc.hot.get(id).is_none());
        drop(early);
        late.keep_read(copy().await);
        assert!(svc.hot.get(id).is_none(), "counted for every read in flight");
        svc.hot.read(id).keep_read(copy().await);
        assert!(svc.hot.get(id).is_some(), "a read alone");
    }

    /// Under racing hands, moves, boards, draw offers and matches moved to a thread,
    /// whatever is kept once everything is settled is the stored row.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn racing_writes_never_leave_a_copy_behind() {
        use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
        use std::sync::Arc;

        let dir = tempfile::tempdir().unwrap();
        let svc = service(&dir).await;
        let mut played = Vec::new();
        for k in 0..6 {
            let (a, b) = (person(200 + 2 * k, &format!("A{k}")), person(201 + 2 * k, &format!("B{k}")));
            played.push((start(&svc, &a, &b, 10 + k).await, a.user_id, b.user_id));
        }
        let interactions = Arc::new(AtomicU64::new(1_000));
        let mut tasks = tokio::task::JoinSet::new();
        for &(id, a, b) in &played {
            for worker in 0..4u64 {
                let (svc, next) = (svc.clone(), Arc::clone(&interactions));
                tasks.spawn(async move {
                    for step in 0..40u64 {
                        let user = if (worker + step) % 2 == 0 { a } else { b };
                        match (worker + step) % 6 {
                            0 => drop(svc.offer_draw(1, id, a, next.fetch_add(1, SeqCst)).await),
                            1 => drop(svc.set_match_channel(id, 500 + step).await),
                            _ => {
                                let Ok(hand) = svc.hand(1, id, user).await else { return };
                                let mut moves = hand.legal_actions.iter();
                                let Some(&action) = moves.find(|a| !a.is_resign() && !a.is_agree_draw()) else {
                                    continue;
                                };
                                let interaction_id = next.fetch_add(1, SeqCst);
                                let req = ActRequest {
                                    guild_id: 1,
                                    match_id: id,
                                    turn: hand.turn,
                                    user_id: user,
                                    action,
                                    interaction_id,
                                };
                                if let Ok(done) = svc.act(req).await {
                                    let message = next.fetch_add(1, SeqCst);
                                    svc.record_board(&done.board, 500 + step, message, "").await.unwrap();
                                }
                            }
                        }
                    }
                });
            }
        }
        while let Some(done) = tasks.join_next().await {
            done.unwrap();
        }
        for &(id, a, _) in &played {
            if let Some(kept) = svc.hot.get(id) {
                assert_eq!(kept.row, stored(&svc, id).await, "match {id}, as left");
            }
            if svc.hand(1, id, a).await.is_ok() {
                assert_eq!(svc.hot.get(id).expect("read again").row, stored(&svc, id).await, "match {id}, read again");
            }
        }
        let versions: i64 = {
            let mut total = 0;
            for &(id, ..) in &played {
                total += stored(&svc, id).await.version;
            }
            total
        };
        assert!(versions > 50, "the matches moved on ({versions} moves in all)");
    }
}
