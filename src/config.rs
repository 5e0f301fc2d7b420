//! Settings, from the environment and `.env` (see `.env.example`).

use std::env;
use std::path::PathBuf;

use crate::service::ratings::RatingPolicy;
use std::time::Duration;

/// Every environment variable the bot reads, in the order of the README's settings table
/// and of `.env.example` (a test checks that the three agree). Reading a variable that is
/// not listed here panics in debug builds.
pub const VARIABLES: &[&str] = &[
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "SHARDS",
    "SHARD_COUNT",
    "DEV_GUILD_ID",
    "DISCORD_API_URL",
    LOG_FILTER,
    crate::observe::logs::LOG_FORMAT,
    "METRICS_ADDR",
    "SCHEDULER_INTERVAL",
    "RATING_PERIOD",
    "LEADERBOARD_INACTIVE_AFTER",
    "PRACTICE_PACE",
    "SHUTDOWN_GRACE",
    "TEST_CLOCK_FILE",
];

/// The log filter's variable (tracing's `EnvFilter` syntax), read by `main`.
pub const LOG_FILTER: &str = "RUST_LOG";

/// The log filter when [`LOG_FILTER`] is unset or malformed.
pub const DEFAULT_LOG_FILTER: &str = "info,serenity=warn";

/// A setting's value through `get`, trimmed; `None` when unset or blank.
fn present(get: &impl Fn(&str) -> Option<String>, key: &str) -> Option<String> {
    debug_assert!(VARIABLES.contains(&key), "{key} is read but not listed in config::VARIABLES");
    get(key).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// The bot's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: String,
    /// The database (`DATABASE_URL`): SQLite (default `sqlite://engarde.db`) or PostgreSQL.
    pub database_url: String,
    /// A server to register the commands in instantly (`DEV_GUILD_ID`); otherwise global.
    pub dev_guild_id: Option<u64>,
    /// Base URL of the Discord API (`DISCORD_API_URL`), for tests against a local double.
    pub api_url: Option<String>,
    /// How often deadlines, reminders and expiries are checked (`SCHEDULER_INTERVAL`, default 30s).
    pub scheduler_interval: Duration,
    /// For tests: read the time from this file (`TEST_CLOCK_FILE`) instead of the system clock.
    pub test_clock_file: Option<PathBuf>,
    /// The rating period (`RATING_PERIOD`, default 7d) and the inactivity after which a
    /// player leaves the leaderboard (`LEADERBOARD_INACTIVE_AFTER`, default 90d).
    pub rating_policy: RatingPolicy,
    /// How long the practice bot waits before each of its moves (`PRACTICE_PACE`,
    /// default 1s), so that a player sees their own move's board before the answer.
    pub practice_pace: Duration,
    /// The gateway shards this process runs (`SHARDS`, `SHARD_COUNT`).
    pub shards: Shards,
    /// Where to serve `/metrics`, `/healthz` and `/readyz` (`METRICS_ADDR`, such as
    /// `127.0.0.1:9464`); `None` (the default): nowhere, and no metrics are kept.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// How long a stopping process (SIGTERM, Ctrl-C) spends publishing the boards it owes
    /// before it hands them to another process (`SHUTDOWN_GRACE`, default 10s).
    pub shutdown_grace: Duration,
}

/// The default pause before each of the practice bot's moves.
pub const DEFAULT_PRACTICE_PACE: Duration = Duration::from_secs(1);

/// The gateway shards a process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// Every shard, as many as Discord recommends (`GET /gateway/bot`): one process.
    Recommended,
    /// Shards `first..=last` of `count` (`SHARDS=first-last`, `SHARD_COUNT=count`): one of
    /// several processes sharing a PostgreSQL database, which together run `0..count`.
    Range { first: u32, last: u32, count: u32 },
}

/// The most shards a bot may be told to run (Discord's own limit is far below).
const MOST_SHARDS: u32 = 65_536;

/// The default scheduler interval.
pub const DEFAULT_SCHEDULER_INTERVAL: Duration = Duration::from_secs(30);

/// The default time a stopping process spends publishing what it owes.
pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The default database: a file in the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://engarde.db";

/// A missing or malformed setting, with how to fix it (one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error(
        "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications (Bot > Reset Token) \
         and put DISCORD_TOKEN=<token> in .env or the environment"
    )]
    MissingToken,
    #[error("DEV_GUILD_ID must be a server id (a number, right-click the server > Copy Server ID), not `{0}`")]
    BadGuildId(String),
    #[error("DISCORD_API_URL must be an http:// or https:// URL, not `{0}`")]
    BadApiUrl(String),
    #[error(
        "DATABASE_URL must be a sqlite: URL such as sqlite://engarde.db or a postgres:// URL such as \
         postgres://engarde:secret@db.example/engarde, not `{0}`"
    )]
    BadDatabaseUrl(String),
    #[error("PRACTICE_PACE must be a duration from 0s to 1h such as 1s, not `{0}`")]
    BadPracticePace(String),
    #[error("SCHEDULER_INTERVAL must be a duration from 50ms to 10m such as 30s, not `{0}`")]
    BadInterval(String),
    #[error("SHUTDOWN_GRACE must be a duration from 0s to 10m such as 10s, not `{0}`")]
    BadShutdownGrace(String),
    #[error("RATING_PERIOD must be a duration from 1h to 365d such as 7d, not `{0}`")]
    BadRatingPeriod(String),
    #[error("LEADERBOARD_INACTIVE_AFTER must be a duration from 1d to 3650d such as 90d, not `{0}`")]
    BadInactiveAfter(String),
    #[error("SHARD_COUNT must be the total number of shards, from 1 to 65536, such as 4, not `{0}`")]
    BadShardCount(String),
    #[error("SHARDS must be a shard id or an inclusive range of ids below SHARD_COUNT such as 0-1, not `{0}`")]
    BadShards(String),
    #[error("SHARDS is set, so SHARD_COUNT must be too (the total number of shards across every process)")]
    ShardsWithoutCount,
    #[error("METRICS_ADDR must be an address and port to listen on such as 127.0.0.1:9464, not `{0}`")]
    BadMetricsAddr(String),
}

/// The rating settings (`RATING_PERIOD`, `LEADERBOARD_INACTIVE_AFTER`) read through `get`:
/// the bot and `engarde ratings rebuild` must agree on them.
///
/// # Errors
/// A malformed or out-of-range setting.
pub fn rating_policy(get: impl Fn(&str) -> Option<String>) -> Result<RatingPolicy, SettingsError> {
    let present = |key: &str| present(&get, key);
    let seconds = |key: &str, range: std::ops::RangeInclusive<u64>, bad: fn(String) -> SettingsError| match present(key)
    {
        None => Ok(None),
        Some(v) => humantime::parse_duration(&v)
            .ok()
            .map(|d| d.as_secs())
            .filter(|s| range.contains(s))
            .map(|s| Some(i64::try_from(s).unwrap_or(i64::MAX)))
            .ok_or(bad(v)),
    };
    let default = RatingPolicy::default();
    Ok(RatingPolicy {
        period: seconds("RATING_PERIOD", 3_600..=365 * 86_400, SettingsError::BadRatingPeriod)?
            .unwrap_or(default.period),
        inactive_after: seconds(
            "LEADERBOARD_INACTIVE_AFTER",
            86_400..=3_650 * 86_400,
            SettingsError::BadInactiveAfter,
        )?
        .unwrap_or(default.inactive_after),
    })
}

/// The shards from `SHARDS` (`3` or `0-1`, inclusive) and `SHARD_COUNT`: both unset, the
/// recommended count in this process; `SHARD_COUNT` alone, all of them in this process.
fn shards(range: Option<String>, count: Option<String>) -> Result<Shards, SettingsError> {
    let count = match count {
        None if range.is_some() => return Err(SettingsError::ShardsWithoutCount),
        None => return Ok(Shards::Recommended),
        Some(c) => {
            c.parse::<u32>().ok().filter(|n| (1..=MOST_SHARDS).contains(n)).ok_or(SettingsError::BadShardCount(c))?
        }
    };
    let Some(range) = range else { return Ok(Shards::Range { first: 0, last: count - 1, count }) };
    let bounds = match range.split_once('-') {
        Some((first, last)) => first.trim().parse::<u32>().ok().zip(last.trim().parse::<u32>().ok()),
        None => range.parse::<u32>().ok().map(|id| (id, id)),
    };
    match bounds {
        Some((first, last)) if first <= last && last < count => Ok(Shards::Range { first, last, count }),
        _ => Err(SettingsError::BadShards(range)),
    }
}

impl Settings {
    /// Reads the settings from the process environment.
    ///
    /// # Errors
    /// The first missing or malformed setting.
    pub fn from_env() -> Result<Settings, SettingsError> {
        Settings::from_lookup(|key| env::var(key).ok())
    }

    /// Reads the settings through `get` (testable without touching the environment).
    ///
    /// # Errors
    /// The first missing or malformed setting.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Settings, SettingsError> {
        let present = |key: &str| present(&get, key);
        let token = present("DISCORD_TOKEN").ok_or(SettingsError::MissingToken)?;
        let database_url = present("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        if crate::store::Backend::of_url(&database_url).is_none() {
            return Err(SettingsError::BadDatabaseUrl(crate::store::redact(&database_url)));
        }
        let dev_guild_id = match present("DEV_GUILD_ID") {
            None => None,
            Some(v) => Some(v.parse::<u64>().ok().filter(|&id| id > 0).ok_or(SettingsError::BadGuildId(v))?),
        };
        let api_url = match present("DISCORD_API_URL") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_owned())
            }
            Some(v) => return Err(SettingsError::BadApiUrl(v)),
        };
        let scheduler_interval = match present("SCHEDULER_INTERVAL") {
            None => DEFAULT_SCHEDULER_INTERVAL,
            Some(v) => humantime::parse_duration(&v)
                .ok()
                .filter(|d| (Duration::from_millis(50)..=Duration::from_secs(600)).contains(d))
                .ok_or(SettingsError::BadInterval(v))?,
        };
        let practice_pace = match present("PRACTICE_PACE") {
            None => DEFAULT_PRACTICE_PACE,
            Some(v) => humantime::parse_duration(&v)
                .ok()
                .filter(|d| *d <= Duration::from_secs(3600))
                .ok_or(SettingsError::BadPracticePace(v))?,
        };
        let shutdown_grace = match present("SHUTDOWN_GRACE") {
            None => DEFAULT_SHUTDOWN_GRACE,
            Some(v) => humantime::parse_duration(&v)
                .ok()
                .filter(|d| *d <= Duration::from_secs(600))
                .ok_or(SettingsError::BadShutdownGrace(v))?,
        };
        let test_clock_file = present("TEST_CLOCK_FILE").map(PathBuf::from);
        let rating_policy = rating_policy(&get)?;
        let shards = shards(present("SHARDS"), present("SHARD_COUNT"))?;
        let metrics_addr = match present("METRICS_ADDR") {
            None => None,
            Some(v) => Some(v.parse::<std::net::SocketAddr>().map_err(|_| SettingsError::BadMetricsAddr(v))?),
        };
        Ok(Settings {
            token,
            database_url,
            dev_guild_id,
            api_url,
            scheduler_interval,
            test_clock_file,
            rating_policy,
            practice_pace,
            shards,
            metrics_addr,
            shutdown_grace,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(pairs: &[(&str, &str)]) -> Result<Settings, SettingsError> {
        Settings::from_lookup(|k| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| (*v).to_owned()))
    }

    #[test]
    fn defaults_and_errors() {
        assert_eq!(from(&[]), Err(SettingsError::MissingToken));
        assert_eq!(from(&[("DISCORD_TOKEN", "  ")]), Err(SettingsError::MissingToken));
        let s = from(&[("DISCORD_TOKEN", "t")]).unwrap();
        assert_eq!(s.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(s.dev_guild_id, None);
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("DEV_GUILD_ID", "abc")]),
            Err(SettingsError::BadGuildId("abc".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("DISCORD_API_URL", "localhost:1")]),
            Err(SettingsError::BadApiUrl("localhost:1".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("DATABASE_URL", "mysql://u:secret@x/db")]),
            Err(SettingsError::BadDatabaseUrl("mysql://u@x/db".into())),
            "an unknown database, named without its password"
        );
        let s = from(&[("DISCORD_TOKEN", "t"), ("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/engarde")]).unwrap();
        assert_eq!(s.database_url, "postgres://u:p@127.0.0.1:5432/engarde");
        let s = from(&[("DISCORD_TOKEN", "t"), ("DEV_GUILD_ID", "42"), ("DISCORD_API_URL", "http://127.0.0.1:9/")])
            .unwrap();
        assert_eq!(s.dev_guild_id, Some(42));
        assert_eq!(s.api_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(s.scheduler_interval, DEFAULT_SCHEDULER_INTERVAL);
        assert_eq!(s.shutdown_grace, DEFAULT_SHUTDOWN_GRACE);
        assert_eq!(s.practice_pace, DEFAULT_PRACTICE_PACE);
        assert_eq!(s.metrics_addr, None);
        let watched = from(&[("DISCORD_TOKEN", "t"), ("METRICS_ADDR", "127.0.0.1:9464")]).unwrap();
        assert_eq!(watched.metrics_addr, Some("127.0.0.1:9464".parse().unwrap()));
        for bad in ["9464", "localhost:9464", "127.0.0.1"] {
            assert_eq!(
                from(&[("DISCORD_TOKEN", "t"), ("METRICS_ADDR", bad)]).unwrap_err(),
                SettingsError::BadMetricsAddr(bad.to_owned())
            );
        }
        let paced = from(&[("DISCORD_TOKEN", "t"), ("PRACTICE_PACE", "0s")]).unwrap();
        assert_eq!(paced.practice_pace, Duration::ZERO);
        for bad in ["soon", "2h", "-1s"] {
            assert_eq!(
                from(&[("DISCORD_TOKEN", "t"), ("PRACTICE_PACE", bad)]).unwrap_err(),
                SettingsError::BadPracticePace(bad.to_owned())
            );
        }
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("SCHEDULER_INTERVAL", "soon")]),
            Err(SettingsError::BadInterval("soon".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("SHUTDOWN_GRACE", "11m")]),
            Err(SettingsError::BadShutdownGrace("11m".into()))
        );
        let s =
            from(&[("DISCORD_TOKEN", "t"), ("SCHEDULER_INTERVAL", "200ms"), ("TEST_CLOCK_FILE", "/tmp/c")]).unwrap();
        assert_eq!(s.scheduler_interval, Duration::from_millis(200));
        assert_eq!(s.test_clock_file, Some(PathBuf::from("/tmp/c")));
        assert_eq!(s.rating_policy, RatingPolicy::default());
        let s =
            from(&[("DISCORD_TOKEN", "t"), ("RATING_PERIOD", "1d"), ("LEADERBOARD_INACTIVE_AFTER", "30d")]).unwrap();
        assert_eq!(s.rating_policy, RatingPolicy { period: 86_400, inactive_after: 30 * 86_400 });
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("RATING_PERIOD", "5m")]),
            Err(SettingsError::BadRatingPeriod("5m".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "t"), ("LEADERBOARD_INACTIVE_AFTER", "never")]),
            Err(SettingsError::BadInactiveAfter("never".into()))
        );
    }

    #[test]
    fn shards() {
        let shards = |pairs: &[(&str, &str)]| {
            let mut all = vec![("DISCORD_TOKEN", "t")];
            all.extend_from_slice(pairs);
            from(&all).map(|s| s.shards)
        };
        assert_eq!(shards(&[]), Ok(Shards::Recommended));
        assert_eq!(
            shards(&[("SHARDS", "0-1"), ("SHARD_COUNT", "4")]),
            Ok(Shards::Range { first: 0, last: 1, count: 4 })
        );
        assert_eq!(
            shards(&[("SHARDS", " 2 - 3 "), ("SHARD_COUNT", "4")]),
            Ok(Shards::Range { first: 2, last: 3, count: 4 })
        );
        assert_eq!(shards(&[("SHARDS", "3"), ("SHARD_COUNT", "4")]), Ok(Shards::Range { first: 3, last: 3, count: 4 }));
        assert_eq!(shards(&[("SHARD_COUNT", "2")]), Ok(Shards::Range { first: 0, last: 1, count: 2 }));
        assert_eq!(shards(&[("SHARDS", "0-1")]), Err(SettingsError::ShardsWithoutCount));
        for (range, count) in [("2-4", "4"), ("1-0", "4"), ("a-b", "4"), ("4", "4"), ("-1", "4")] {
            assert_eq!(
                shards(&[("SHARDS", range), ("SHARD_COUNT", count)]),
                Err(SettingsError::BadShards(range.trim().to_owned())),
                "{range} of {count}"
            );
        }
        for count in ["0", "x", "70000"] {
            assert_eq!(shards(&[("SHARD_COUNT", count)]), Err(SettingsError::BadShardCount(count.to_owned())));
        }
    }
}
