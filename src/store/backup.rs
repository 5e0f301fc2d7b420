//! Online backups: a consistent copy of the live database with SQLite's
//! `VACUUM INTO`, safe while the bot runs (it reads one snapshot; writers go on).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, SqliteConnection};

/// Why a backup could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// `DATABASE_URL` is not a SQLite URL.
    #[error("DATABASE_URL is not a valid SQLite URL ({0}); use for example sqlite://engarde.db")]
    Url(String),
    /// `DATABASE_URL` is a PostgreSQL database, which has its own tools.
    #[error(
        "DATABASE_URL is a PostgreSQL database: back it up with PostgreSQL's own pg_dump \
         (engarde backup copies SQLite files)"
    )]
    Postgres,
    /// The database could not be opened (it must exist).
    #[error("cannot open the database: {0}")]
    Open(sqlx::Error),
    /// The destination exists: a backup never overwrites anything.
    #[error("{} already exists; choose a new file name (a backup never overwrites)", .0.display())]
    Exists(PathBuf),
    /// The destination path is not valid UTF-8 (SQLite takes UTF-8 names).
    #[error("the backup file name must be valid UTF-8")]
    BadPath,
    /// The destination could not be created.
    #[error("cannot create {}: {}", .0.display(), .1)]
    Create(PathBuf, std::io::Error),
    /// SQLite failed to write the copy.
    #[error("the backup failed: {0}")]
    Vacuum(sqlx::Error),
}

/// Opens an existing database for a backup (never creates one).
///
/// # Errors
/// A bad URL, or a missing or unreadable file.
pub async fn open_existing(url: &str) -> Result<SqliteConnection, BackupError> {
    if super::Backend::of_url(url) == Some(super::Backend::Postgres) {
        return Err(BackupError::Postgres);
    }
    SqliteConnectOptions::from_str(url)
        .map_err(|e| BackupError::Url(e.to_string()))?
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(5))
        .connect()
        .await
        .map_err(BackupError::Open)
}

/// Writes a consistent, compacted copy of the database to `dest`, which must
/// not exist. The name is claimed first (created empty, exclusively), so two
/// backups racing for one name cannot overwrite each other; a failed copy
/// removes the file it claimed.
///
/// # Errors
/// `dest` exists or cannot be created; SQLite errors.
pub async fn vacuum_into(conn: &mut SqliteConnection, dest: &Path) -> Result<(), BackupError> {
    let name = dest.to_str().ok_or(BackupError::BadPath)?;
    match std::fs::OpenOptions::new().write(true).create_new(true).open(dest) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(BackupError::Exists(dest.to_owned())),
        Err(e) => return Err(BackupError::Create(dest.to_owned(), e)),
    }
    // SQLite accepts an empty file as the destination of VACUUM INTO.
    if let Err(e) = sqlx::query("VACUUM INTO $1").bind(name).execute(&mut *conn).await {
        let _ = std::fs::remove_file(dest);
        return Err(BackupError::Vacuum(e));
    }
    Ok(())
}
