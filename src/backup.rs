//! `engarde backup FILE`: an online backup of the bot's database (see
//! `store::backup`), safe while the bot runs.

use std::path::{Path, PathBuf};

use crate::maintenance::{block_on, database_url};
use crate::store::backup;

/// `engarde backup`'s arguments.
#[derive(Debug, clap::Args)]
#[command(version, after_help = AFTER_HELP)]
pub struct Args {
    /// Where to write the copy (must not exist).
    pub file: PathBuf,
}

/// What `engarde backup --help` adds to the usage.
pub const AFTER_HELP: &str = "\
The database is DATABASE_URL (from the environment or .env; default sqlite://engarde.db).
The copy is made with SQLite's VACUUM INTO: one consistent snapshot, compacted, while
the bot goes on playing. FILE must not exist: a backup never overwrites anything.
To restore, stop the bot and point DATABASE_URL at the copy (or copy it back).

EXIT STATUS:
    0  the copy is written
    1  the database could not be read or the copy written (FILE exists, no space…)
    2  bad usage
";

/// Runs `engarde backup DEST`; returns the exit status.
pub fn run(dest: &Path) -> i32 {
    let url = database_url();
    block_on(async {
        let done = async {
            let mut conn = backup::open_existing(&url).await?;
            backup::vacuum_into(&mut conn, dest).await
        };
        match done.await {
            Ok(()) => {
                println!("backed up {url} to {}", dest.display());
                0
            }
            Err(e) => {
                eprintln!("engarde backup: {e}");
                1
            }
        }
    })
}
