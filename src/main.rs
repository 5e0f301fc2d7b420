//! The `engarde` binary: runs the Discord bot, or replays a match record, or
//! maintains its database (ratings rebuild, backup, migrate-db).

use clap::Parser;
use engarde::cli::{Command, CommandLine, RatingsCommand};
use engarde::config::{self, Settings};
use engarde::observe::logs::{self, LogFormat};
use engarde::service::{FileClock, Service};
use engarde::{backup, bot_move, discord, migrate_db, observe, rebuild, replay, store};
use tracing_subscriber::EnvFilter;

fn main() {
    let command_line = CommandLine::parse();
    let status = match command_line.command {
        Some(Command::Replay(replay::Args { file })) => replay::run(&file),
        Some(Command::Ratings { command: RatingsCommand::Rebuild(rebuild::Args {}) }) => rebuild::run(),
        Some(Command::Backup(backup::Args { file })) => backup::run(&file),
        Some(Command::BotMove(bot_move::Args { file, seat, level, seed })) => bot_move::run(&file, seat, level, seed),
        Some(Command::MigrateDb(migrate_db::Args { from, to })) => migrate_db::run(&from, &to),
        None => run_bot(),
    };
    std::process::exit(status);
}

fn run_bot() -> i32 {
    let _ = dotenvy::dotenv();
    let format = match LogFormat::from_value(std::env::var(logs::LOG_FORMAT).ok().as_deref()) {
        Ok(format) => format,
        Err(e) => {
            eprintln!("engarde: {e}");
            return 1;
        }
    };
    logs::init(
        EnvFilter::try_from_env(config::LOG_FILTER).unwrap_or_else(|_| EnvFilter::new(config::DEFAULT_LOG_FILTER)),
        format,
    );
    let settings = match Settings::from_env() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("engarde: {e}");
            return 1;
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("engarde: cannot start the async runtime: {e}");
            return 1;
        }
    };
    runtime.block_on(async {
        let pool = match store::open(&settings.database_url).await {
            Ok(pool) => pool,
            Err(e) => {
                eprintln!("engarde: {e}");
                return 1;
            }
        };
        let mut service =
            Service::new(pool).with_rating_policy(settings.rating_policy).with_practice_pace(settings.practice_pace);
        if let Some(path) = &settings.test_clock_file {
            match FileClock::new(path.clone()) {
                Ok(clock) => service = service.with_clock(std::sync::Arc::new(clock)),
                Err(e) => {
                    eprintln!("engarde: {e}");
                    return 2;
                }
            }
        }
        if let Err(e) = observe::start(settings.metrics_addr, &service).await {
            eprintln!("engarde: {e}");
            return 1;
        }
        // It returns once stopped by SIGTERM or Ctrl-C, having finished its work.
        match discord::run(&settings, service).await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("engarde: cannot connect to Discord: {e}");
                1
            }
        }
    })
}
