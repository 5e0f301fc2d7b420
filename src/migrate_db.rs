//! `engarde migrate-db --from sqlite://engarde.db --to postgres://…`: copies a whole
//! SQLite database into an empty PostgreSQL one, checks that every match replays the same
//! on the other side, and says what it copied.
//!
//! The copy is one PostgreSQL transaction: if anything fails, the target stays empty.
//! The source is opened as the bot opens it (and so migrated to the latest schema first).
//! Stop the bot before copying: what it writes meanwhile would not be copied.

use sqlx::sqlite::SqliteRow;
use sqlx::{PgConnection, PgPool, QueryBuilder, Row, SqlitePool};

use crate::maintenance::block_on;
use crate::service::Service;
use crate::store::{self, Backend, Pool};

/// What `engarde migrate-db --help` adds to the usage.
pub const AFTER_HELP: &str = "\
Copies everything (players, matches with their action logs and boards, challenges,
server settings, leaderboard seasons, ratings and their history) from a SQLite database into an empty
PostgreSQL database, in one transaction, then checks that every match's record is the
same on both sides and replays to its stored state. Stop the bot first, then point
DATABASE_URL at the PostgreSQL database.

EXIT STATUS:
    0  copied and checked
    1  a database could not be opened, the target is not empty, or a check failed
    2  bad usage
";

/// `engarde migrate-db`'s arguments.
#[derive(Debug, clap::Args)]
#[command(version, after_help = AFTER_HELP)]
pub struct Args {
    /// The SQLite database to copy, e.g. sqlite://engarde.db.
    #[arg(long)]
    pub from: String,
    /// The empty PostgreSQL database to copy into, e.g. postgres://engarde@db.example/engarde.
    #[arg(long)]
    pub to: String,
}

/// How a column is read and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An integer, maybe NULL.
    Int,
    /// A floating-point number.
    Real,
    /// A text, maybe NULL.
    Text,
    /// A boolean (an integer in SQLite).
    Bool,
}

use Kind::{Bool, Int, Real, Text};

/// A table to copy: its name and its columns. A column the source lacks (added by a
/// migration the source's schema predates, always nullable) is left NULL.
struct Table {
    name: &'static str,
    columns: &'static [(&'static str, Kind)],
    /// The primary key, to copy in a fixed order.
    order: &'static str,
}

/// Every table, parents before children.
const TABLES: &[Table] = &[
    Table {
        name: "players",
        columns: &[("guild_id", Int), ("user_id", Int), ("name", Text), ("first_seen", Int), ("last_seen", Int)],
        order: "guild_id, user_id",
    },
    Table {
        name: "tournaments",
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("thread_id", Int),
            ("message_id", Int),
            ("name", Text),
            ("variant", Text),
            ("options", Text),
            ("format", Text),
            ("rounds", Int),
            ("double_rr", Bool),
            ("turn_seconds", Int),
            ("round_seconds", Int),
            ("rated", Bool),
            ("max_players", Int),
            ("signup_closes_at", Int),
            ("state", Text),
            ("current_round", Int),
            ("round_deadline", Int),
            ("paused_at", Int),
            ("paused_seconds", Int),
            ("away_allowed", Bool),
            ("schedule", Text),
            ("created_by", Int),
            ("interaction_id", Int),
            ("created_at", Int),
            ("updated_at", Int),
        ],
        order: "id",
    },
    Table {
        name: "tournament_entrants",
        columns: &[
            ("tournament_id", Int),
            ("player", Int),
            ("user_id", Int),
            ("joined_round", Int),
            ("left_round", Int),
            ("removed", Bool),
        ],
        order: "tournament_id, player",
    },
    Table {
        name: "tournament_rounds",
        columns: &[("tournament_id", Int), ("round", Int), ("bye", Int), ("started_at", Int), ("ended_at", Int)],
        order: "tournament_id, round",
    },
    Table {
        name: "matches",
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("seat_a", Int),
            ("seat_b", Int),
            ("variant", Text),
            ("state", Text),
            ("state_format", Int),
            ("version", Int),
            ("status", Text),
            ("winner", Text),
            ("end_reason", Text),
            ("created_at", Int),
            ("updated_at", Int),
            ("finished_at", Int),
            ("turn_seconds", Int),
            ("deadline_at", Int),
            ("reminded_version", Int),
            ("home_channel_id", Int),
            ("draw_offer_seat", Text),
            ("draw_offer_version", Int),
            ("game", Text),
            ("practice_seat", Text),
            ("practice_level", Text),
            ("away_allowed", Bool),
            ("quiet_ping_at", Int),
            ("quiet_ping_version", Int),
            ("thread_from", Int),
            ("tournament_id", Int),
            ("tournament_round", Int),
            ("log_folded", Bool),
        ],
        order: "id",
    },
    Table {
        name: "tournament_pairings",
        columns: &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("first", Int),
            ("second", Int),
            ("match_id", Int),
            ("outcome", Text),
        ],
        order: "tournament_id, round, board",
    },
    Table {
        name: "match_actions",
        columns: &[
            ("match_id", Int),
            ("turn", Int),
            ("seat", Text),
            ("action", Text),
            ("user_id", Int),
            ("interaction_id", Int),
            ("created_at", Int),
        ],
        order: "match_id, turn",
    },
    Table { name: "match_logs", columns: &[("match_id", Int), ("actions", Text)], order: "match_id" },
    Table {
        name: "challenges",
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("challenger_id", Int),
            ("challenged_id", Int),
            ("variant", Text),
            ("options", Text),
            ("status", Text),
            ("message_id", Int),
            ("interaction_id", Int),
            ("match_id", Int),
            ("created_at", Int),
            ("answered_at", Int),
            ("turn_seconds", Int),
            ("expires_at", Int),
        ],
        order: "id",
    },
    Table {
        name: "boards",
        columns: &[
            ("match_id", Int),
            ("turn", Int),
            ("channel_id", Int),
            ("message_id", Int),
            ("posted_at", Int),
            ("narration", Text),
            ("ended", Bool),
        ],
        order: "match_id",
    },
    Table {
        name: "board_messages",
        columns: &[("message_id", Int), ("match_id", Int), ("channel_id", Int), ("turn", Int), ("buttons", Bool)],
        order: "message_id",
    },
    Table { name: "board_outbox", columns: &[("match_id", Int), ("version", Int), ("ended", Bool)], order: "match_id" },
    Table {
        name: "guild_settings",
        columns: &[
            ("guild_id", Int),
            ("turn_seconds", Int),
            ("challenge_seconds", Int),
            ("threads", Bool),
            ("board_channel_id", Int),
            ("default_variant", Text),
            ("updated_at", Int),
            ("updated_by", Int),
            ("language", Text),
            ("boards", Text),
            ("away_days", Int),
            ("tournament_role", Int),
        ],
        order: "guild_id",
    },
    Table {
        name: "guild_locales",
        columns: &[("guild_id", Int), ("locale", Text), ("updated_at", Int)],
        order: "guild_id",
    },
    Table {
        name: "guild_seasons",
        columns: &[("guild_id", Int), ("mode", Text), ("updated_at", Int), ("updated_by", Int)],
        order: "guild_id",
    },
    Table {
        name: "seasons",
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("name", Text),
            ("kind", Text),
            ("starts_at", Int),
            ("ends_at", Int),
            ("announced_at", Int),
        ],
        order: "id",
    },
    Table {
        name: "ratings",
        columns: &[
            ("guild_id", Int),
            ("scope", Text),
            ("user_id", Int),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("losses", Int),
            ("draws", Int),
            ("updated_at", Int),
        ],
        order: "guild_id, scope, user_id",
    },
    Table {
        name: "rating_changes",
        columns: &[
            ("id", Int),
            ("match_id", Int),
            ("guild_id", Int),
            ("scope", Text),
            ("user_id", Int),
            ("score", Real),
            ("rating_before", Real),
            ("deviation_before", Real),
            ("volatility_before", Real),
            ("rating_after", Real),
            ("deviation_after", Real),
            ("volatility_after", Real),
        ],
        order: "id",
    },
    Table {
        name: "user_settings",
        columns: &[
            ("user_id", Int),
            ("language", Text),
            ("quiet_hours", Text),
            ("timezone", Text),
            ("digest", Bool),
            ("updated_at", Int),
        ],
        order: "user_id",
    },
    Table {
        name: "away_periods",
        columns: &[
            ("id", Int),
            ("guild_id", Int),
            ("user_id", Int),
            ("starts_at", Int),
            ("ends_at", Int),
            ("settled_at", Int),
        ],
        order: "id",
    },
];

/// The tables whose ids come from an identity column, to move on past the copied ids.
const IDENTITIES: &[&str] = &["tournaments", "matches", "challenges", "rating_changes", "away_periods"];

/// Rows written per statement (PostgreSQL takes at most 65,535 bound values).
const BATCH: usize = 500;

/// One value read from SQLite.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
    Bool(Option<bool>),
}

/// Why a copy failed.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("--from must be a sqlite:// URL, not `{0}`")]
    FromNotSqlite(String),
    #[error("--to must be a postgres:// URL, not `{0}`")]
    ToNotPostgres(String),
    #[error("the source: {0}")]
    Source(store::StoreOpenError),
    #[error("the target: {0}")]
    Target(store::StoreOpenError),
    #[error("the target database is not empty ({0} holds rows): copy into a new, empty database")]
    NotEmpty(&'static str),
    #[error("copying {0}: {1}")]
    Copy(&'static str, sqlx::Error),
    #[error("checking the copy: {0}")]
    Check(String),
}

/// What was copied, table by table, and how many match records were compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Rows copied, by table, in [`TABLES`] order.
    pub rows: Vec<(&'static str, u64)>,
    /// Matches whose record was rebuilt on both sides and found equal.
    pub replayed: u64,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |name| self.rows.iter().find(|(t, _)| *t == name).map_or(0, |(_, n)| *n);
        write!(
            f,
            "copied {} players, {} matches ({} logged actions, {} boards), {} challenges, {} server settings, \
             {} leaderboard seasons, {} ratings and {} rating changes; all {} match records are identical on both sides and replay to \
             their stored states",
            count("players"),
            count("matches"),
            count("match_actions"),
            count("boards"),
            count("challenges"),
            count("guild_settings"),
            count("seasons"),
            count("ratings"),
            count("rating_changes"),
            self.replayed
        )
    }
}

/// Runs `engarde migrate-db`; returns the exit status.
pub fn run(from: &str, to: &str) -> i32 {
    block_on(async {
        match migrate(from, to).await {
            Ok(report) => {
                println!("{report}");
                0
            }
            Err(e) => {
                eprintln!("engarde: migrate-db: {e}");
                1
            }
        }
    })
}

/// Copies the SQLite database `from` into the empty PostgreSQL database `to`, then checks
/// the copy.
///
/// # Errors
/// Bad URLs, unreachable databases, a target that is not empty, a failed copy (nothing
/// is left in the target) or a failed check.
pub async fn migrate(from: &str, to: &str) -> Result<Report, MigrateError> {
    if Backend::of_url(from) != Some(Backend::Sqlite) {
        return Err(MigrateError::FromNotSqlite(store::redact(from)));
    }
    if Backend::of_url(to) != Some(Backend::Postgres) {
        return Err(MigrateError::ToNotPostgres(store::redact(to)));
    }
    let source = store::open(from).await.map_err(MigrateError::Source)?;
    let target = store::open_postgres(to, 4).await.map_err(MigrateError::Target)?;
    let sqlite = source.as_sqlite().cloned().ok_or_else(|| MigrateError::FromNotSqlite(store::redact(from)))?;
    let mut report = copy(&sqlite, &target).await?;
    report.replayed = check(&source, &Pool::Postgres(target.clone()), &report).await?;
    source.close().await;
    target.close().await;
    Ok(report)
}

/// Copies every table in one transaction.
async fn copy(source: &SqlitePool, target: &PgPool) -> Result<Report, MigrateError> {
    let mut tx = target.begin().await.map_err(|e| MigrateError::Copy("the transaction", e))?;
    for table in TABLES {
        let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {}", table.name))
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| MigrateError::Copy(table.name, e))?;
        if n > 0 {
            return Err(MigrateError::NotEmpty(table.name));
        }
    }
    let mut report = Report::default();
    for table in TABLES {
        if table.name == "board_outbox" {
            // The copied matches wrote rows of their own (a trigger): the source's say what is owed.
            sqlx::query("DELETE FROM board_outbox")
                .execute(&mut *tx)
                .await
                .map_err(|e| MigrateError::Copy(table.name, e))?;
        }
        let copied = copy_table(source, &mut tx, table).await.map_err(|e| MigrateError::Copy(table.name, e))?;
        report.rows.push((table.name, copied));
    }
    for name in IDENTITIES {
        // The next id after the copied ones.
        sqlx::query(&format!(
            "SELECT setval(pg_get_serial_sequence('{name}', 'id'), COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
        ))
        .execute(&mut *tx)
        .await
        .map_err(|e| MigrateError::Copy(name, e))?;
    }
    tx.commit().await.map_err(|e| MigrateError::Copy("the commit", e))?;
    Ok(report)
}

/// The columns of a SQLite table.
async fn source_columns(source: &SqlitePool, table: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT name FROM pragma_table_info($1)").bind(table).fetch_all(source).await?;
    Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
}

/// Copies one table; returns its rows.
async fn copy_table(source: &SqlitePool, target: &mut PgConnection, table: &Table) -> sqlx::Result<u64> {
    let present = source_columns(source, table.name).await?;
    // Columns a newer schema added and an older source lacks stay NULL (they are nullable).
    let columns: Vec<(&str, Kind)> =
        table.columns.iter().copied().filter(|(name, _)| present.iter().any(|p| p == name)).collect();
    let names = columns.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
    let rows =
        sqlx::query(&format!("SELECT {names} FROM {} ORDER BY {}", table.name, table.order)).fetch_all(source).await?;
    for batch in rows.chunks(BATCH) {
        let values: Vec<Vec<Value>> =
            batch.iter().map(|row| read_row(row, &columns)).collect::<sqlx::Result<Vec<_>>>()?;
        let mut insert = QueryBuilder::new(format!("INSERT INTO {} ({names}) ", table.name));
        insert.push_values(values, |mut out, row| {
            for value in row {
                match value {
                    Value::Int(v) => out.push_bind(v),
                    Value::Real(v) => out.push_bind(v),
                    Value::Text(v) => out.push_bind(v),
                    Value::Bool(v) => out.push_bind(v),
                };
            }
        });
        insert.build().execute(&mut *target).await?;
    }
    Ok(rows.len() as u64)
}

fn read_row(row: &SqliteRow, columns: &[(&str, Kind)]) -> sqlx::Result<Vec<Value>> {
    columns
        .iter()
        .map(|&(name, kind)| {
            Ok(match kind {
                Int => Value::Int(row.try_get(name)?),
                Real => Value::Real(row.try_get(name)?),
                Text => Value::Text(row.try_get(name)?),
                Bool => Value::Bool(row.try_get(name)?),
            })
        })
        .collect()
}

/// Checks the copy: the same rows in every table, the same ratings, and every match's
/// record the same on both sides and replaying to its stored state (a record is rebuilt
/// from the stored state and the action log, and refused if they disagree). Returns the
/// matches checked.
async fn check(source: &Pool, target: &Pool, report: &Report) -> Result<u64, MigrateError> {
    let fail = |what: String| MigrateError::Check(what);
    let mut conn = target.acquire().await.map_err(|e| fail(e.to_string()))?;
    for &(table, copied) in &report.rows {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        let n: i64 = crate::with_db!(&mut conn, |cx| sqlx::query_scalar(&sql).fetch_one(cx).await)
            .map_err(|e| fail(e.to_string()))?;
        if u64::try_from(n).ok() != Some(copied) {
            return Err(fail(format!("{table}: {copied} rows copied, {n} found")));
        }
    }
    let mut source_conn = source.acquire().await.map_err(|e| fail(e.to_string()))?;
    let ratings = store::ratings::all(&mut source_conn).await.map_err(|e| fail(e.to_string()))?;
    if store::ratings::all(&mut conn).await.map_err(|e| fail(e.to_string()))? != ratings {
        return Err(fail("the ratings differ".to_owned()));
    }
    let ids: Vec<i64> =
        crate::with_db!(&mut conn, |cx| sqlx::query_scalar("SELECT id FROM matches ORDER BY id").fetch_all(cx).await)
            .map_err(|e| fail(e.to_string()))?;
    drop((conn, source_conn));
    let (before, after) = (Service::new(source.clone()), Service::new(target.clone()));
    for &id in &ids {
        let original = before.record(id).await.map_err(|e| fail(format!("match {id} in the source: {e:?}")))?;
        let copied = after.record(id).await.map_err(|e| fail(format!("match {id} in the copy: {e:?}")))?;
        if original != copied {
            return Err(fail(format!("match {id}: its record differs in the copy")));
        }
    }
    Ok(ids.len() as u64)
}
