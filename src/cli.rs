//! The command line (clap, derived: `--help` and `--version` at every level, usage
//! errors with exit status 2), and what the maintenance subcommands (`backup`,
//! `ratings rebuild`) share: the database setting and a small async runtime.

use std::future::Future;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::config::DEFAULT_DATABASE_URL;

/// `DATABASE_URL` from the environment or `.env`, else the default file.
#[must_use]
pub fn database_url() -> String {
    let _ = dotenvy::dotenv();
    std::env::var("DATABASE_URL")
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// Runs a command's async body to completion; returns its exit status (1 if no
/// runtime could be started).
pub fn block_on(body: impl Future<Output = i32>) -> i32 {
    match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime.block_on(body),
        Err(e) => {
            eprintln!("engarde: cannot start the async runtime: {e}");
            1
        }
    }
}

/// `engarde`: with no command, runs the bot (settings from the environment and `.env`).
#[derive(Debug, Parser)]
#[command(name = "engarde", version, about = "En Garde for Discord: two-player duels in your Discord server")]
#[command(after_help = "With no command, runs the bot: settings from the environment and .env (see README).")]
pub struct CommandLine {
    /// What to do instead of running the bot.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The maintenance commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay a match record of any game and print the outcome as JSON.
    #[command(version, after_help = crate::replay::AFTER_HELP)]
    Replay {
        /// The record's file, or - for standard input.
        file: String,
    },
    /// Maintain the servers' Glicko-2 ratings.
    #[command(version)]
    Ratings {
        /// What to do with them.
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Print the practice bot's move for a seat of a match given by its record.
    #[command(version, name = "bot-move", after_help = crate::bot_move::AFTER_HELP)]
    BotMove {
        /// The record's file, or - for standard input.
        file: String,
        /// The seat the bot plays: a or b.
        #[arg(long)]
        seat: engarde_rules::Seat,
        /// How well it plays: easy, medium or hard.
        #[arg(long, default_value = "medium")]
        level: engarde_rules::Level,
        /// The bot's own randomness (the same seed, the same move).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Copy a whole SQLite database into an empty PostgreSQL database, and check the copy.
    #[command(version, after_help = crate::migrate_db::AFTER_HELP)]
    MigrateDb {
        /// The SQLite database to copy, e.g. sqlite://engarde.db.
        #[arg(long)]
        from: String,
        /// The empty PostgreSQL database to copy into, e.g. postgres://engarde@db.example/engarde.
        #[arg(long)]
        to: String,
    },
    /// Copy the database to FILE, safely while the bot runs.
    #[command(version, after_help = crate::backup::AFTER_HELP)]
    Backup {
        /// Where to write the copy (must not exist).
        file: PathBuf,
    },
}

/// `engarde ratings …`.
#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Recompute every rating from the stored match history.
    #[command(version, after_help = crate::rebuild::AFTER_HELP)]
    Rebuild,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        CommandLine::command().debug_assert();
    }

    #[test]
    fn help_and_version_at_every_level_and_usage_errors_are_2() {
        for args in [
            &["engarde", "--help"][..],
            &["engarde", "--version"],
            &["engarde", "replay", "--help"],
            &["engarde", "ratings", "--help"],
            &["engarde", "ratings", "rebuild", "--help"],
            &["engarde", "ratings", "rebuild", "--version"],
            &["engarde", "backup", "-h"],
            &["engarde", "bot-move", "--help"],
            &["engarde", "migrate-db", "--help"],
        ] {
            let e = CommandLine::try_parse_from(args).expect_err("help and version stop the parse");
            assert_eq!(e.exit_code(), 0, "{args:?}");
        }
        for args in [
            &["engarde", "replay"][..],
            &["engarde", "ratings"],
            &["engarde", "backup"],
            &["engarde", "dance"],
            &["engarde", "migrate-db", "--from", "sqlite://x"],
        ] {
            let e = CommandLine::try_parse_from(args).expect_err("a usage error");
            assert_eq!(e.exit_code(), 2, "{args:?}");
        }
        let replay = CommandLine::try_parse_from(["engarde", "replay", "-"]).unwrap();
        assert!(matches!(replay.command, Some(Command::Replay { file }) if file == "-"));
        assert!(CommandLine::try_parse_from(["engarde"]).unwrap().command.is_none());
        let bot =
            CommandLine::try_parse_from(["engarde", "bot-move", "m.json", "--seat", "b", "--level", "hard"]).unwrap();
        assert!(matches!(
            bot.command,
            Some(Command::BotMove { seat: engarde_rules::Seat::B, level: engarde_rules::Level::Hard, seed: 0, .. })
        ));
        for args in [
            &["engarde", "bot-move", "m.json"][..],
            &["engarde", "bot-move", "m.json", "--seat", "c"],
            &["engarde", "bot-move", "m.json", "--seat", "a", "--level", "expert"],
        ] {
            let e = CommandLine::try_parse_from(args).expect_err("a usage error");
            assert_eq!(e.exit_code(), 2, "{args:?}");
        }
    }
}
