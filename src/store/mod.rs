//! Storage: sqlx over SQLite. Every function takes a connection (or a
//! transaction), so the service layer decides the transaction boundaries.

pub mod backup;
pub mod boards;
pub mod challenges;
pub mod group_commit;
pub mod history;
pub mod matches;
pub mod players;
pub mod ratings;
pub mod settings;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

/// A Discord snowflake as stored (SQLite integers are signed 64-bit).
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

/// Opens (creating it if missing) and migrates the database.
///
/// WAL mode and a busy timeout let concurrent interactions wait for each
/// other instead of failing.
///
/// # Errors
/// A bad URL, an unreadable file, or a failed migration.
pub async fn open(url: &str) -> Result<SqlitePool, StoreOpenError> {
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
    sqlx::migrate!("./migrations").run(&pool).await.map_err(StoreOpenError::Migrate)?;
    Ok(pool)
}

/// Told of every row a connection inserts, updates or deletes: its table and rowid, as
/// the statement runs (before its commit). It runs on the connection's thread and must
/// not use the database.
pub type RowChanged = Arc<dyn Fn(&str, i64) + Send + Sync>;

/// A pool of one connection to the database `pool` opens, for writing: write
/// transactions then wait for each other in this process instead of in SQLite's busy
/// handler. It connects on first use; `changed` hears of every row it changes.
#[must_use]
pub fn writer_for(pool: &SqlitePool, changed: RowChanged) -> SqlitePool {
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
        .connect_lazy_with((*pool.connect_options()).clone())
}

/// Why the database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum StoreOpenError {
    /// `DATABASE_URL` is not a SQLite URL.
    #[error("DATABASE_URL is not a valid SQLite URL ({0}); use for example sqlite://engarde.db")]
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
