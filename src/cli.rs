//! The command line (clap, derived: `--help` and `--version` at every level, usage
//! errors with exit status 2): the list of commands. Each command's arguments and help
//! text live in its own module, beside what it does (`replay::Args`, `backup::Args`…).

use clap::{Parser, Subcommand};

use crate::{backup, bot_move, migrate_db, rebuild, replay};

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
    Replay(replay::Args),
    /// Maintain the servers' Glicko-2 ratings.
    #[command(version)]
    Ratings {
        /// What to do with them.
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Print the practice bot's move for a seat of a match given by its record.
    #[command(name = "bot-move")]
    BotMove(bot_move::Args),
    /// Copy a whole SQLite database into an empty PostgreSQL database, and check the copy.
    MigrateDb(migrate_db::Args),
    /// Copy the database to FILE, safely while the bot runs.
    Backup(backup::Args),
}

/// `engarde ratings …`.
#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Recompute every rating from the stored match history.
    Rebuild(rebuild::Args),
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
        assert!(matches!(replay.command, Some(Command::Replay(replay::Args { file })) if file == "-"));
        assert!(CommandLine::try_parse_from(["engarde"]).unwrap().command.is_none());
        let bot =
            CommandLine::try_parse_from(["engarde", "bot-move", "m.json", "--seat", "b", "--level", "hard"]).unwrap();
        assert!(matches!(
            bot.command,
            Some(Command::BotMove(bot_move::Args {
                seat: engarde_rules::Seat::B,
                level: engarde_rules::Level::Hard,
                seed: 0,
                ..
            }))
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
