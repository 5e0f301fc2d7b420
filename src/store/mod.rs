//! Storage: sqlx over SQLite (the default: a file, one process) or PostgreSQL (a
//! server shared by several processes), behind one interface. Every function takes a
//! connection or a transaction of either ([`Exec`]), so the service layer decides the
//! transaction boundaries and never sees which database it talks to.
//!
//! A query is written once, with `$1`-style parameters (both databases read them), and
//! run on either backend's connection by [`with_db!`](crate::with_db), which compiles its
//! body once per backend. Where the two need different SQL, the function says so.
//! Each backend has its own migrations (`migrations/sqlite`, `migrations/postgres`),
//! embedded and run at start-up.

pub mod backup;
pub mod boards;
pub mod challenges;
pub mod group_commit;
pub mod history;
pub mod life;
pub mod matches;
pub mod outbox;
pub mod players;
pub mod ratings;
pub mod seasons;
pub mod settings;
pub mod tournaments;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgConnection, PgPool, Postgres, Sqlite, SqliteConnection, SqlitePool, Transaction};

/// A Discord snowflake as stored (signed 64-bit integers in both databases).
pub type DbId = i64;

/// Converts a Discord id for storage. Snowflakes fit in 63 bits.
#[must_use]
pub fn db_id(id: u64) -> DbId {
    i64::try_from(id).unwrap_or(i64::MAX)
}

/// Converts a stored id back to a Discord id.
#[must_use]
pub fn discord_id(id: DbId) -> u64 {
    u64::try_from(id).unwrap_or_default()
}

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// `sqlite://…`: a file, for one process.
    Sqlite,
    /// `postgres://…` or `postgresql://…`: a server, for any number of processes.
    Postgres,
}

impl Backend {
    /// The backend of a `DATABASE_URL`, if it names one.
    #[must_use]
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// A pool of connections to either database.
#[derive(Clone, Debug)]
pub enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A connection taken from a [`Pool`]; back to the pool when dropped.
#[derive(Debug)]
pub enum Conn {
    Sqlite(PoolConnection<Sqlite>),
    Postgres(PoolConnection<Postgres>),
}

/// A transaction on either database; rolled back if dropped uncommitted.
#[derive(Debug)]
pub enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// A connection of either database, borrowed for one statement.
#[derive(Debug)]
pub enum Db<'a> {
    Sqlite(&'a mut SqliteConnection),
    Postgres(&'a mut PgConnection),
}

/// Anything a statement can run on: a connection or a transaction of either database.
pub trait Exec: Send {
    /// The connection, by backend.
    fn db(&mut self) -> Db<'_>;
}

impl Exec for SqliteConnection {
    fn db(&mut self) -> Db<'_> {
        Db::Sqlite(self)
    }
}

impl Exec for PgConnection {
    fn db(&mut self) -> Db<'_> {
        Db::Postgres(self)
    }
}

impl Exec for Conn {
    fn db(&mut self) -> Db<'_> {
        match self {
            Conn::Sqlite(c) => Db::Sqlite(c),
            Conn::Postgres(c) => Db::Postgres(c),
        }
    }
}

impl Exec for Tx {
    fn db(&mut self) -> Db<'_> {
        match self {
            Tx::Sqlite(t) => Db::Sqlite(t),
            Tx::Postgres(t) => Db::Postgres(t),
        }
    }
}

/// Runs `$body` with `$c` bound to the backend's own connection (`&mut SqliteConnection`
/// or `&mut PgConnection`) of `$conn` (anything [`Exec`]): the body is compiled once for
/// each backend, so one query text serves both.
#[macro_export]
macro_rules! with_db {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $crate::store::Exec::db($conn) {
            $crate::store::Db::Sqlite($c) => $body,
            $crate::store::Db::Postgres($c) => $body,
        }
    };
}

/// The key of the transaction-level advisory lock every PostgreSQL write transaction takes
/// (see [`Pool::begin_write`]): "En Garde" in ASCII.
pub const WRITE_LOCK: i64 = 0x456e_2047_6172_6465;

impl Pool {
    /// Which database this is.
    #[must_use]
    pub fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// A connection from the pool.
    ///
    /// # Errors
    /// Database errors (none free in time, the server gone…).
    pub async fn acquire(&self) -> sqlx::Result<Conn> {
        Ok(match self {
            Pool::Sqlite(p) => Conn::Sqlite(p.acquire().await?),
            Pool::Postgres(p) => Conn::Postgres(p.acquire().await?),
        })
    }

    /// A transaction for reads (a consistent view on SQLite; on PostgreSQL, each statement
    /// sees what was committed before it began).
    ///
    /// # Errors
    /// Database errors.
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin().await?),
            Pool::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }

    /// A write transaction that holds the database's write lock from its first statement
    /// to its end, so that write transactions run one at a time whichever process runs
    /// them, as SQLite always does: what a use case reads before it writes cannot change
    /// under it. On SQLite, `BEGIN IMMEDIATE`; on PostgreSQL, a transaction-level advisory
    /// lock ([`WRITE_LOCK`]), released at commit or rollback. Single-statement moves do
    /// not take it: each checks its match's version itself.
    ///
    /// # Errors
    /// Database errors.
    pub async fn begin_write(&self) -> sqlx::Result<Tx> {
        Ok(match self {
            Pool::Sqlite(p) => Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(p) => {
                let mut tx = p.begin().await?;
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(WRITE_LOCK).execute(&mut *tx).await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// Closes every connection.
    pub async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Postgres(p) => p.close().await,
        }
    }

    /// How many of the pool's connections are in use (not idle), for the metrics.
    #[must_use]
    pub fn in_use(&self) -> usize {
        let (size, idle) = match self {
            Pool::Sqlite(p) => (p.size(), p.num_idle()),
            Pool::Postgres(p) => (p.size(), p.num_idle()),
        };
        usize::try_from(size).unwrap_or(0).saturating_sub(idle)
    }

    /// Asks the database something, to learn whether it answers: a read (`SELECT 1`), or
    /// with `write`, a write that changes nothing (on SQLite, the database's
    /// `user_version` set to itself, which writes a page like any commit; PostgreSQL's
    /// read-only states are not probed: `SELECT 1` there).
    ///
    /// # Errors
    /// Database errors.
    pub async fn probe(&self, write: bool) -> sqlx::Result<()> {
        match self {
            Pool::Sqlite(p) if write => {
                let mut conn = p.acquire().await?;
                let version: i64 = sqlx::query_scalar("PRAGMA user_version").fetch_one(&mut *conn).await?;
                sqlx::query(&format!("PRAGMA user_version = {version}")).execute(&mut *conn).await?;
            }
            Pool::Sqlite(p) => {
                sqlx::query("SELECT 1").execute(p).await?;
            }
            Pool::Postgres(p) => {
                sqlx::query("SELECT 1").execute(p).await?;
            }
        }
        Ok(())
    }

    /// The SQLite pool, if this is SQLite (backups, storage tests).
    #[must_use]
    pub fn as_sqlite(&self) -> Option<&SqlitePool> {
        match self {
            Pool::Sqlite(p) => Some(p),
            Pool::Postgres(_) => None,
        }
    }
}

/// The key of the advisory lock the scheduler's passes take (see [`Pool::try_claim`]).
pub const SCHEDULER_LOCK: i64 = 0x456e_2047_6172_6501;

/// The key of the advisory lock that settles where match `match_id`'s first board goes
/// (a thread of its own, see `Service::claim_board_place`): one key per match,
/// in a range of its own, far from [`SCHEDULER_LOCK`].
#[must_use]
pub const fn board_place_lock(match_id: i64) -> i64 {
    0x4f77_6564_0000_0000_i64.wrapping_add(match_id)
}

/// A claim on work that several processes offer to do, held until dropped (see
/// [`Pool::try_claim`]).
#[derive(Debug)]
pub struct Claim {
    /// The transaction holding the lock, on PostgreSQL; rolling it back releases the lock
    /// (and so does the server if this process dies).
    held: Option<Tx>,
}

impl Claim {
    /// Gives the claim up now. Dropping it gives it up too, but on PostgreSQL only once the
    /// pool uses its connection again (sqlx sends a dropped transaction's rollback then), so
    /// another process may find the work still claimed for a while.
    ///
    /// # Errors
    /// Database errors (the lock is then released when the connection closes).
    pub async fn release(self) -> sqlx::Result<()> {
        match self.held {
            Some(tx) => tx.rollback().await,
            None => Ok(()),
        }
    }
}

impl Pool {
    /// Claims the work named by `key` for as long as the returned [`Claim`] lives, or
    /// `None` if another process holds it now. On PostgreSQL, a transaction-level
    /// advisory lock taken without waiting (`pg_try_advisory_xact_lock`) in a transaction
    /// kept open; on SQLite, whose database one process uses, always granted.
    ///
    /// # Errors
    /// Database errors.
    pub async fn try_claim(&self, key: i64) -> sqlx::Result<Option<Claim>> {
        match self {
            Pool::Sqlite(_) => Ok(Some(Claim { held: None })),
            Pool::Postgres(p) => {
                let mut tx = p.begin().await?;
                let got: bool =
                    sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)").bind(key).fetch_one(&mut *tx).await?;
                Ok(got.then_some(Claim { held: Some(Tx::Postgres(tx)) }))
            }
        }
    }
}

impl Tx {
    /// Commits the transaction.
    ///
    /// # Errors
    /// Database errors.
    pub async fn commit(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(t) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }

    /// Rolls the transaction back.
    ///
    /// # Errors
    /// Database errors.
    pub async fn rollback(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(t) => t.rollback().await,
            Tx::Postgres(t) => t.rollback().await,
        }
    }
}

/// Opens and migrates the database `url` names: a SQLite file (created if missing) or a
/// PostgreSQL database (which must exist; its tables are created by the migrations).
///
/// SQLite: WAL mode and a busy timeout let concurrent interactions wait for each other
/// instead of failing.
///
/// # Errors
/// A bad URL, an unreachable or unreadable database, or a failed migration.
pub async fn open(url: &str) -> Result<Pool, StoreOpenError> {
    match Backend::of_url(url) {
        Some(Backend::Sqlite) => open_sqlite(url).await.map(Pool::Sqlite),
        Some(Backend::Postgres) => open_postgres(url, 16).await.map(Pool::Postgres),
        None => Err(StoreOpenError::Url(format!("unknown scheme in `{}`", redact(url)))),
    }
}

async fn open_sqlite(url: &str) -> Result<SqlitePool, StoreOpenError> {
    let options = SqliteConnectOptions::from_str(url)
        .map_err(|e| StoreOpenError::Url(e.to_string()))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    // A local file cannot drop a connection: no liveness ping (a round trip to its thread) per use case.
    let pool = SqlitePoolOptions::new()
        .max_connections(4)
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(StoreOpenError::Open)?;
    sqlx::migrate!("./migrations/sqlite").run(&pool).await.map_err(StoreOpenError::Migrate)?;
    Ok(pool)
}

/// Opens a PostgreSQL database with at most `connections` connections, and migrates it
/// (migrations take a lock of their own, so processes starting together migrate once).
///
/// # Errors
/// As [`open`].
pub async fn open_postgres(url: &str, connections: u32) -> Result<PgPool, StoreOpenError> {
    let options = PgConnectOptions::from_str(url).map_err(|e| StoreOpenError::Url(e.to_string()))?;
    let pool = PgPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(StoreOpenError::Open)?;
    sqlx::migrate!("./migrations/postgres").run(&pool).await.map_err(StoreOpenError::Migrate)?;
    Ok(pool)
}

/// A database URL without its password, fit for messages.
#[must_use]
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let Some((credentials, host)) = rest.rsplit_once('@') else { return url.to_owned() };
    let user = credentials.split(':').next().unwrap_or_default();
    format!("{scheme}://{user}@{host}")
}

/// Told of every row a connection inserts, updates or deletes: its table and rowid, as
/// the statement runs (before its commit). It runs on the connection's thread and must
/// not use the database.
pub type RowChanged = Arc<dyn Fn(&str, i64) + Send + Sync>;

/// The pool write transactions and grouped writes use. On SQLite, one connection to the
/// database `pool` opens, so that write transactions wait for each other in this process
/// instead of in SQLite's busy handler; it connects on first use, and `changed` hears of
/// every row it changes (SQLite's update hook). On PostgreSQL, the pool itself (the
/// server orders writers; see [`Pool::begin_write`]), and `changed` hears nothing: see
/// [`Pool::reports_changes`].
#[must_use]
pub fn writer_for(pool: &Pool, changed: RowChanged) -> Pool {
    match pool {
        Pool::Sqlite(pool) => Pool::Sqlite(
            SqlitePoolOptions::new()
                .max_connections(1)
                .test_before_acquire(false)
                .after_connect(move |conn, _| {
                    let changed = Arc::clone(&changed);
                    Box::pin(async move {
                        conn.lock_handle().await?.set_update_hook(move |row| changed(row.table, row.rowid));
                        Ok(())
                    })
                })
                .connect_lazy_with((*pool.connect_options()).clone()),
        ),
        Pool::Postgres(_) => pool.clone(),
    }
}

impl Pool {
    /// Whether a writer made by [`writer_for`] reports the rows it changes (SQLite, whose
    /// writer is the only one); on PostgreSQL other processes write too, and nothing is
    /// reported.
    #[must_use]
    pub fn reports_changes(&self) -> bool {
        self.backend() == Backend::Sqlite
    }
}

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreOpenError {
    /// `DATABASE_URL` is neither a SQLite nor a PostgreSQL URL.
    #[error(
        "DATABASE_URL is not a valid database URL ({0}); use for example sqlite://engarde.db or \
         postgres://engarde@127.0.0.1/engarde"
    )]
    Url(String),
    /// The file could not be opened or created.
    #[error("cannot open the database: {0}")]
    Open(sqlx::Error),
    /// A migration failed.
    #[error("cannot migrate the database: {0}")]
    Migrate(sqlx::migrate::MigrateError),
}

/// Whether an error is a unique-key violation.
#[must_use]
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// How a database error that is no fault of the request's fails: the database is out of
/// reach for a while (see [`unavailable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// No connection or no answer: the server stopped or unreachable, the pool's wait
    /// spent, a lock held past the busy timeout.
    Unreachable,
    /// The database answers but cannot write: a full disk, a read-only file or file
    /// system, an I/O error.
    NoWrites,
}

/// Whether `e` says the database is away for a while rather than that the request was
/// wrong: a connection refused or lost, the pool's wait spent, PostgreSQL shutting down or
/// starting (class 08, 57P01–57P03, 53xxx), or on SQLite a full disk, a read-only
/// database, an I/O error or a lock held past the busy timeout. Trying again later may
/// succeed, and nothing was changed.
#[must_use]
pub fn unavailable(e: &sqlx::Error) -> Option<Unavailable> {
    match e {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => Some(Unavailable::Unreachable),
        sqlx::Error::Database(db) => {
            let code = db.code()?;
            if let Ok(extended) = code.parse::<u32>() {
                // SQLite's result codes: the primary code is the low byte.
                return match extended & 0xff {
                    // SQLITE_BUSY, SQLITE_LOCKED
                    5 | 6 => Some(Unavailable::Unreachable),
                    // SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN
                    8 | 10 | 13 | 14 => Some(Unavailable::NoWrites),
                    _ => None,
                };
            }
            // PostgreSQL's SQLSTATE.
            match code.as_ref() {
                c if c.starts_with("08") || c.starts_with("53") => Some(Unavailable::Unreachable),
                "57P01" | "57P02" | "57P03" => Some(Unavailable::Unreachable),
                // read_only_sql_transaction: a standby, or default_transaction_read_only.
                "25006" => Some(Unavailable::NoWrites),
                _ => None,
            }
        }
        _ => None,
    }
}
