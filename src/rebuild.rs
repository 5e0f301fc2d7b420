//! `engarde ratings rebuild`: recomputes every rating from the stored match
//! history (see `service::ratings`) and says whether anything changed.

use crate::maintenance::{block_on, database_url};
use crate::service::Service;
use crate::store;

/// `engarde ratings rebuild`'s arguments: none, and its help.
#[derive(Debug, clap::Args)]
#[command(version, after_help = AFTER_HELP)]
pub struct Args {}

/// What `engarde ratings rebuild --help` adds to the usage.
pub const AFTER_HELP: &str = "\
The database is DATABASE_URL (from the environment or .env; default sqlite://engarde.db).
Matches are replayed in the order their ratings were first applied, so a rebuild of an
intact database reproduces the stored ratings exactly; it also rates matches that ended
before ratings existed. Every leaderboard season is replayed too (each match in the
stored season that held its end), beside the all-time ratings. It is one transaction:
safe while the bot runs. RATING_PERIOD (default 7d) must be the bot's: deviations grow
over the rating periods between matches.

EXIT STATUS:
    0  rebuilt
    1  the database could not be opened or written
    2  bad usage
";

/// Runs `engarde ratings rebuild`; returns the exit status.
pub fn run() -> i32 {
    let url = database_url();
    let policy = match crate::config::rating_policy(|key| std::env::var(key).ok()) {
        Ok(policy) => policy,
        Err(e) => {
            eprintln!("engarde: {e}");
            return 2;
        }
    };
    block_on(async {
        let pool = match store::open(&url).await {
            Ok(pool) => pool,
            Err(e) => {
                eprintln!("engarde: {e}");
                return 1;
            }
        };
        match Service::new(pool).with_rating_policy(policy).rebuild_ratings().await {
            Ok(report) => {
                let seasons = match report.seasons {
                    0 => String::new(),
                    1 => " and 1 season".to_owned(),
                    n => format!(" and {n} seasons"),
                };
                println!(
                    "rebuilt {} rating{} in {} server{}{seasons} from {} rated match{}: {}",
                    report.ratings,
                    if report.ratings == 1 { "" } else { "s" },
                    report.servers,
                    if report.servers == 1 { "" } else { "s" },
                    report.matches,
                    if report.matches == 1 { "" } else { "es" },
                    if report.changed == 0 {
                        "identical to the stored ones".to_owned()
                    } else {
                        format!("{} differed from the stored ones and were replaced", report.changed)
                    }
                );
                0
            }
            Err(e) => {
                eprintln!("engarde: cannot rebuild the ratings: {e:?}");
                1
            }
        }
    })
}
