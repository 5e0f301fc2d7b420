//! Group commit: the single-statement writes of many use cases, gathered into one
//! statement.
//!
//! Every commit costs more than its own pages (on PostgreSQL, a round trip to the server
//! and a flush of its log); on SQLite, it makes every reading connection drop
//! its page cache (SQLite does so whenever another connection changed the database),
//! and it is a round trip to the database thread. Under load, many players' moves and
//! posted boards wait for the write connection at once; one task takes all that are
//! waiting and writes them in one multi-row statement (one per kind), so that they are
//! committed together. Nothing waits for a batch to fill: a lone write goes at once.
//!
//! Each write is still all or nothing, and its caller hears back only once it is
//! committed. If a batch's statement fails (one move was stale, a repeated interaction
//! violated a unique key, the disk is full…) nothing of it is written, and its writes
//! are tried again one by one, so that each gets its own answer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::boards::{self, BoardRow};
use super::matches::{self, Move};
use super::{Conn, Pool};

/// The most writes of one kind in one statement (9 bound values per move).
const MOST: usize = 64;

/// Called after each write, committed or not, before its callers hear of it, with the
/// matches whose moves it tried to store.
pub type AfterWrite = Arc<dyn Fn(&[i64]) + Send + Sync>;

/// A handle on the task that writes; cheap to clone.
#[derive(Clone, Debug)]
pub struct GroupCommit {
    jobs: mpsc::UnboundedSender<Job>,
}

/// Who waits for a write's outcome.
type Waiting<T> = oneshot::Sender<sqlx::Result<T>>;

/// A posted board and when it was posted.
type PostedBoard = (BoardRow, i64);

/// One write and who waits for its outcome.
#[derive(Debug)]
enum Job {
    Move(Move, Waiting<bool>),
    Board(BoardRow, i64, Waiting<()>),
}

impl GroupCommit {
    /// Starts the writing task on the current tokio runtime, over `writer` (a pool of
    /// one connection); `after` runs after each write. The task ends when the last
    /// handle is dropped.
    #[must_use]
    pub fn start(writer: Pool, after: AfterWrite) -> GroupCommit {
        let (jobs, queue) = mpsc::unbounded_channel();
        tokio::spawn(run(writer, after, queue));
        GroupCommit { jobs }
    }

    /// Stores a move (see [`matches::advance`]): true once committed, false if the
    /// match was no longer at the move's turn (nothing written).
    ///
    /// # Errors
    /// Database errors, including a unique violation for a repeated interaction.
    pub async fn advance(&self, m: Move) -> sqlx::Result<bool> {
        let (done, outcome) = oneshot::channel();
        self.send(Job::Move(m, done))?;
        outcome.await.map_err(|_| stopped())?
    }

    /// Records a posted board (see [`boards::insert`]).
    ///
    /// # Errors
    /// Database errors.
    pub async fn record_board(&self, board: BoardRow, now: i64) -> sqlx::Result<()> {
        let (done, outcome) = oneshot::channel();
        self.send(Job::Board(board, now, done))?;
        outcome.await.map_err(|_| stopped())?
    }

    fn send(&self, job: Job) -> sqlx::Result<()> {
        self.jobs.send(job).map_err(|_| stopped())
    }
}

/// The error a caller gets if the writing task is gone (its runtime shut down).
fn stopped() -> sqlx::Error {
    sqlx::Error::WorkerCrashed
}

/// How long the writing task keeps the write connection while writes keep coming: it then
/// lets a waiting write transaction have it (the pool serves its waiters in turn).
const HOLD: Duration = Duration::from_millis(4);

/// How long the writing task waits, holding the write connection, for the next write
/// once the queue is empty, before it gives the connection back.
const LINGER: Duration = Duration::from_micros(500);

async fn run(writer: Pool, after: AfterWrite, mut queue: mpsc::UnboundedReceiver<Job>) {
    while let Some(first) = queue.recv().await {
        // One connection for every batch while writes keep coming: each time a connection
        // goes back to sqlx's pool it is tested, a round trip to the database (on SQLite,
        // to the connection's thread), which would otherwise follow every batch.
        let mut conn = match writer.acquire().await {
            Ok(conn) => conn,
            Err(e) => {
                fail_batch(gather(first, &mut queue), &e);
                continue;
            }
        };
        let held = Instant::now();
        let mut next = Some(first);
        while let Some(job) = next.take() {
            let Batch { moves, boards } = gather(job, &mut queue);
            if !moves.is_empty() {
                let began = Instant::now();
                let ok = write_moves(&mut conn, &*after, moves).await;
                crate::observe::metrics::db_transaction_of("group_commit_moves", began.elapsed(), ok);
            }
            if !boards.is_empty() {
                let began = Instant::now();
                let ok = write_boards(&mut conn, &*after, boards).await;
                crate::observe::metrics::db_transaction_of("group_commit_boards", began.elapsed(), ok);
            }
            if held.elapsed() >= HOLD {
                break;
            }
            next = match queue.try_recv() {
                Ok(job) => Some(job),
                Err(_) => tokio::time::timeout(LINGER, queue.recv()).await.ok().flatten(),
            };
        }
    }
}

/// The writes taken from the queue at once, by kind.
#[derive(Default)]
struct Batch {
    moves: Vec<(Move, Waiting<bool>)>,
    boards: Vec<(PostedBoard, Waiting<()>)>,
}

/// The writes waiting now, from `first` on, at most [`MOST`] of each kind.
fn gather(first: Job, queue: &mut mpsc::UnboundedReceiver<Job>) -> Batch {
    let Batch { mut moves, mut boards } = Batch::default();
    let mut next = Some(first);
    while let Some(job) = next.take() {
        // A move whose caller stopped waiting (its click was answered "try again in a
        // moment" while the database was away) was told nothing was done: nothing is. (A
        // posted board is recorded all the same: it is on Discord.)
        match job {
            Job::Move(_, done) if done.is_closed() => {}
            Job::Move(m, done) => moves.push((m, done)),
            Job::Board(b, now, done) => boards.push(((b, now), done)),
        }
        if moves.len() < MOST && boards.len() < MOST {
            next = queue.try_recv().ok();
        }
    }
    Batch { moves, boards }
}

/// Tells the callers of a batch that the write connection could not be had.
fn fail_batch(batch: Batch, e: &sqlx::Error) {
    let Batch { moves, boards } = batch;
    fail_all(moves.into_iter().map(|(_, done)| done), e);
    fail_all(boards.into_iter().map(|(_, done)| done), e);
}

/// Writes a batch of moves; whether the database took them (each may still have been
/// stale).
async fn write_moves(
    conn: &mut Conn,
    after: &(dyn Fn(&[i64]) + Send + Sync),
    jobs: Vec<(Move, Waiting<bool>)>,
) -> bool {
    let (moves, waiting): (Vec<Move>, Vec<_>) = jobs.into_iter().unzip();
    let ids: Vec<i64> = moves.iter().map(|m| m.match_id).collect();
    // A batch with a stale move writes nothing, as one that failed.
    if moves.len() > 1 && matches!(matches::advance_all(conn, &moves).await, Ok(true)) {
        answer(after, &ids, waiting.into_iter().map(|done| (done, Ok(true))));
        return true;
    }
    let mut outcomes = Vec::with_capacity(moves.len());
    for (m, done) in moves.iter().zip(waiting) {
        outcomes.push((done, matches::advance(conn, m).await));
    }
    let ok = outcomes.iter().all(|(_, o)| o.is_ok());
    answer(after, &ids, outcomes);
    ok
}

/// Records a batch of posted boards; whether every one was recorded.
async fn write_boards(
    conn: &mut Conn,
    after: &(dyn Fn(&[i64]) + Send + Sync),
    jobs: Vec<(PostedBoard, Waiting<()>)>,
) -> bool {
    let (rows, waiting): (Vec<PostedBoard>, Vec<_>) = jobs.into_iter().unzip();
    if rows.len() > 1 && boards::insert_all(conn, &rows).await.is_ok() {
        answer(after, &[], waiting.into_iter().map(|done| (done, Ok(()))));
        return true;
    }
    let mut outcomes = Vec::with_capacity(rows.len());
    for ((b, now), done) in rows.iter().zip(waiting) {
        outcomes.push((done, boards::insert(conn, b, *now).await));
    }
    let ok = outcomes.iter().all(|(_, o)| o.is_ok());
    answer(after, &[], outcomes);
    ok
}

/// Runs `after` (the writes of the moves of `matches` are done), then tells each caller
/// its outcome.
fn answer<T>(
    after: &(dyn Fn(&[i64]) + Send + Sync),
    matches: &[i64],
    outcomes: impl IntoIterator<Item = (Waiting<T>, sqlx::Result<T>)>,
) {
    after(matches);
    for (done, outcome) in outcomes {
        let _ = done.send(outcome);
    }
}

/// Tells every waiting caller that the write connection could not be had.
fn fail_all<T>(waiting: impl Iterator<Item = Waiting<T>>, e: &sqlx::Error) {
    for done in waiting {
        // An I/O error: the database was out of reach (see `store::unavailable`).
        let _ = done.send(Err(sqlx::Error::Io(std::io::Error::other(format!("no write connection: {e}")))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::matches::NewMatch;

    /// A fresh SQLite store in `dir` with `n` active matches at version 0; their ids.
    async fn store_with_matches(dir: &tempfile::TempDir, n: i64) -> (Pool, Vec<i64>) {
        let url = format!("sqlite://{}", dir.path().join("engarde.db").display());
        let pool = crate::store::open(&url).await.expect("a store");
        let mut conn = pool.acquire().await.expect("a connection");
        let mut ids = Vec::new();
        for i in 0..n {
            let m = NewMatch {
                guild_id: 1,
                channel_id: 2,
                seat_a: 100 + 2 * i,
                seat_b: 101 + 2 * i,
                game: "engarde",
                variant: "standard",
                state: "{}",
                state_format: 1,
                turn_seconds: 60,
                home_channel_id: 2,
                now: 0,
                practice: None,
                thread_from: None,
            };
            ids.push(matches::insert(&mut conn, &m).await.expect("a match"));
        }
        (pool, ids)
    }

    fn a_move(match_id: i64, turn: i64, interaction_id: i64) -> Move {
        Move {
            match_id,
            turn,
            seat: "a",
            action: r#"{"seat":"a","advance":1}"#.to_owned(),
            user_id: 100,
            interaction_id: Some(interaction_id),
            state: format!("{{\"turn\":{}}}", turn + 1),
            state_format: 1,
            now: 10,
        }
    }

    fn a_board(match_id: i64, turn: i64) -> BoardRow {
        BoardRow {
            match_id,
            turn,
            channel_id: 2,
            message_id: 1_000 + match_id,
            narration: "narrated".to_owned(),
            ended: false,
            retired: Vec::new(),
        }
    }

    async fn rows(pool: &Pool, sql: &str) -> Vec<(i64, i64)> {
        let mut conn = pool.acquire().await.expect("a connection");
        let Conn::Sqlite(c) = &mut conn else { unreachable!("a SQLite store") };
        sqlx::query_as(sql).fetch_all(&mut **c).await.expect("rows")
    }

    async fn versions(pool: &Pool) -> Vec<(i64, i64)> {
        rows(pool, "SELECT id, version FROM matches ORDER BY id").await
    }

    async fn boards_of(pool: &Pool) -> Vec<(i64, i64)> {
        rows(pool, "SELECT match_id, turn FROM boards ORDER BY match_id").await
    }

    /// On a one-thread runtime, writes sent together are all queued before the writing task
    /// runs, so they make one batch.
    #[tokio::test(flavor = "current_thread")]
    async fn writes_sent_together_are_committed_together_and_settled_first() {
        let dir = tempfile::tempdir().expect("a directory");
        let (pool, ids) = store_with_matches(&dir, 2).await;
        let settled = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = Arc::clone(&settled);
        let after: AfterWrite = Arc::new(move |m: &[i64]| seen.lock().expect("unpoisoned").extend_from_slice(m));
        let gc = GroupCommit::start(crate::store::writer_for(&pool, Arc::new(|_, _| {})), after);
        let (a, b, board) = tokio::join!(
            gc.advance(a_move(ids[0], 0, 1)),
            gc.advance(a_move(ids[1], 0, 2)),
            gc.record_board(a_board(ids[0], 1), 10),
        );
        assert!(a.expect("stored") && b.expect("stored"));
        board.expect("recorded");
        assert_eq!(versions(&pool).await, vec![(ids[0], 1), (ids[1], 1)]);
        assert_eq!(boards_of(&pool).await, vec![(ids[0], 1)]);
        assert_eq!(*settled.lock().expect("unpoisoned"), vec![ids[0], ids[1]]);
    }

    /// A stale move or a repeated interaction fails its batch's statement, which writes
    /// nothing; each write is then tried on its own and gets its own answer.
    #[tokio::test(flavor = "current_thread")]
    async fn a_failing_write_leaves_the_others_of_its_batch_committed() {
        let dir = tempfile::tempdir().expect("a directory");
        let (pool, ids) = store_with_matches(&dir, 2).await;
        let gc = GroupCommit::start(crate::store::writer_for(&pool, Arc::new(|_, _| {})), Arc::new(|_: &[i64]| {}));
        let (stale, fresh, board) = tokio::join!(
            gc.advance(a_move(ids[0], 5, 1)),
            gc.advance(a_move(ids[1], 0, 2)),
            gc.record_board(a_board(ids[1], 1), 10),
        );
        assert!(!stale.expect("refused, not failed"), "a move at a turn the match is not at is stale");
        assert!(fresh.expect("stored"));
        board.expect("recorded");
        assert_eq!(versions(&pool).await, vec![(ids[0], 0), (ids[1], 1)]);
        assert_eq!(boards_of(&pool).await, vec![(ids[1], 1)]);
        let (repeated, next, board) = tokio::join!(
            gc.advance(a_move(ids[0], 0, 2)),
            gc.advance(a_move(ids[1], 1, 3)),
            gc.record_board(a_board(ids[0], 0), 11),
        );
        assert!(repeated.is_err(), "an interaction applies once");
        assert!(next.expect("stored"));
        board.expect("recorded");
        assert_eq!(versions(&pool).await, vec![(ids[0], 0), (ids[1], 2)]);
        assert_eq!(boards_of(&pool).await, vec![(ids[0], 0), (ids[1], 1)]);
    }
}
