//! Costs that stay flat as the history grows (issue #41), on both databases:
//!
//! - every statement that start-up, a scheduler pass and the read commands (leaderboard,
//!   season leaderboard, stats, history, matches, standings, autocomplete, a record) run
//!   is captured as it runs (sqlx's own statement log) and explained: none may read the
//!   whole of a table that grows with the matches (SQLite: no `SCAN` of it; PostgreSQL,
//!   with whole reads and joins of whole tables priced out: no `Seq Scan` of it, no index
//!   scan without a condition);
//! - the scale bench's seeded database (`benches/scale/seed.rs`) is the store's: every
//!   record replays to its stored state, and a ratings rebuild reproduces every rating;
//! - a player's stats from their running totals (`player_summaries`) are the stats counted
//!   from scratch, after more matches end, and after one ends at an earlier moment;
//! - folding ended matches' action logs (`Service::fold_logs`) keeps every record as it
//!   was, and every rating as a rebuild makes it.

mod pg;
#[allow(dead_code)]
#[path = "../benches/scale/seed.rs"]
mod seed;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use engarde::service::Service;
use engarde::store::{self, Pool};
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::Layer;

/// Tables whose rows grow with the matches played: never read whole by the bot's
/// everyday work.
const GROWING: &[&str] = &["matches", "match_actions", "boards", "challenges", "rating_changes", "ratings", "players"];

/// Partial indexes, which hold only the rows in play (active matches, pending challenges):
/// reading one whole reads no history.
const IN_PLAY_ONLY: &[&str] =
    &["matches_remind_at", "matches_quiet_ping", "matches_practice_active", "challenges_pending", "challenges_expiry"];

/// Collects the SQL text of every statement sqlx runs (its `sqlx::query` events, some
/// sent from SQLite's worker threads: hence one collector for the process) while
/// [`COLLECTING`] is set.
struct Statements;

static COLLECTED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
static COLLECTING: AtomicBool = AtomicBool::new(false);
/// The tests of this file run one at a time: statements are collected process-wide.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Installs the collector (once per process), before any statement runs.
fn collect_statements() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let subscriber =
            tracing_subscriber::registry().with(Statements.with_filter(
                tracing_subscriber::filter::Targets::new().with_target("sqlx::query", tracing::Level::TRACE),
            ));
        tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");
    });
}

struct SqlField<'a>(&'a mut Option<String>, &'a mut Option<String>);

impl Visit for SqlField<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "db.statement" if !value.trim().is_empty() => *self.0 = Some(value.trim().to_owned()),
            "summary" => *self.1 = Some(value.trim().to_owned()),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "summary" && self.1.is_none() {
            *self.1 = Some(format!("{value:?}").trim_matches('"').to_owned());
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Statements {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != "sqlx::query" || !COLLECTING.load(Ordering::SeqCst) {
            return;
        }
        let (mut statement, mut summary) = (None, None);
        event.record(&mut SqlField(&mut statement, &mut summary));
        if let Some(sql) = statement.or(summary) {
            COLLECTED.lock().expect("not poisoned").insert(sql);
        }
    }
}

/// Runs start-up, one scheduler pass and every read command as the bot does, and returns
/// the statements they ran.
async fn everyday_statements(pool: &Pool, seeded: &seed::Seeded) -> BTreeSet<String> {
    COLLECTED.lock().expect("not poisoned").clear();
    COLLECTING.store(true, Ordering::SeqCst);
    let service = Service::new(pool.clone());
    let (guild, heavy, light) = (seeded.big_guild as u64, seeded.heavy_player as u64, seeded.light_player as u64);
    service.owed_boards().await.expect("boards owed");
    service.next_due().await.expect("next due");
    let claim = service.claim_scheduler_pass().await.expect("a claim").expect("claimed");
    service.expire_challenges().await.expect("expiries");
    service.settle_aways().await.expect("away time");
    service.forfeit_overdue().await.expect("deadlines");
    service.tournament_tick().await.expect("tournaments");
    service.remind().await.expect("reminders");
    service.season_ends().await.expect("seasons");
    service.practice_due().await.expect("practice");
    service.stale_buttons().await.expect("the sweep");
    service.fold_logs().await.expect("folding");
    claim.release().await.expect("released");
    service.leaderboard(guild, None, 1, heavy).await.expect("leaderboard");
    service.season_leaderboard(guild, None, seeded.season, 1, heavy).await.expect("season leaderboard");
    service.stats(guild, heavy, light).await.expect("stats");
    service.history(guild, heavy).await.expect("history");
    let mine = service.active_matches(guild, heavy).await.expect("matches");
    service.season_names(guild, "S", 25).await.expect("season names");
    service.tournament_standings(guild, seeded.tournament.expect("a tournament")).await.expect("standings");
    let history = service.history(guild, light).await.expect("history");
    if let Some(entry) = history.entries.first() {
        service.export_record(guild, entry.match_id).await.expect("a record");
    }
    if let Some(m) = mine.first() {
        service.board_in(guild, m.match_id).await.expect("a board");
    }
    COLLECTING.store(false, Ordering::SeqCst);
    let found = COLLECTED.lock().expect("not poisoned").clone();
    found
}

/// Whether a statement is one to explain (not a transaction's or a lock's).
fn explainable(sql: &str) -> bool {
    let first = sql.split_whitespace().next().unwrap_or_default().to_ascii_uppercase();
    matches!(first.as_str(), "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "WITH")
        && !sql.contains("pg_advisory")
        && !sql.contains("pg_try_advisory")
        && !sql.contains("_sqlx_migrations")
}

/// The tables a statement names, by the names (or aliases) it reads them under.
fn names_of(sql: &str) -> Vec<(String, String)> {
    let re = regex::Regex::new(r"(?i)\b(?:FROM|JOIN)\s+([a-z_]+)(?:\s+(?:AS\s+)?([a-z_]+))?").expect("a regex");
    const KEYWORDS: &[&str] =
        &["where", "on", "left", "join", "group", "order", "limit", "inner", "union", "using", "set", "values"];
    re.captures_iter(sql)
        .map(|c| {
            let table = c[1].to_ascii_lowercase();
            let alias = c
                .get(2)
                .map(|m| m.as_str().to_ascii_lowercase())
                .filter(|a| !KEYWORDS.contains(&a.as_str()))
                .unwrap_or_else(|| table.clone());
            (table, alias)
        })
        .collect()
}

/// SQLite: the growing tables the plan of `sql` reads whole, or as good as whole: a `SCAN`
/// (but of a partial index of rows in play), a search bounded above only (`(x<?)`: all
/// the history before a moment), or a search of a whole server's matches (`(guild_id=?)`)
/// that is not read in index order to a `LIMIT`.
async fn sqlite_full_scans(pool: &sqlx::SqlitePool, sql: &str) -> Vec<String> {
    let names = names_of(sql);
    let plan: Vec<(i64, i64, i64, String)> =
        sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}")).fetch_all(pool).await.unwrap_or_else(|e| {
            panic!("EXPLAIN QUERY PLAN failed: {e}\n{sql}");
        });
    let sorted = plan.iter().any(|(_, _, _, d)| d.starts_with("USE TEMP B-TREE FOR ORDER BY"));
    let upper_only = regex::Regex::new(r"\(\w+<\?\)$").expect("a regex");
    plan.iter()
        .filter_map(|(_, _, _, detail)| {
            let (kind, rest) = detail.split_once(' ')?;
            let named = rest.split_whitespace().next()?.to_ascii_lowercase();
            let table = names.iter().find(|(_, alias)| *alias == named).map_or(named, |(t, _)| t.clone());
            if !GROWING.contains(&table.as_str()) {
                return None;
            }
            let index = detail.split(" INDEX ").nth(1).and_then(|rest| rest.split_whitespace().next());
            let in_play = index.is_some_and(|i| IN_PLAY_ONLY.contains(&i));
            let whole = match kind {
                "SCAN" => !in_play,
                "SEARCH" if !in_play => {
                    upper_only.is_match(detail)
                        || (detail.ends_with("(guild_id=?)") && (sorted || !sql.contains("LIMIT")))
                }
                _ => false,
            };
            whole.then(|| detail.clone())
        })
        .collect()
}

/// PostgreSQL: the growing tables the generic plan of `sql` scans whole.
async fn postgres_full_scans(conn: &mut sqlx::PgConnection, sql: &str) -> Vec<String> {
    let params = (1..=20).rev().find(|n| sql.contains(&format!("${n}"))).unwrap_or(0);
    sqlx::query(&format!("PREPARE explained AS {sql}"))
        .execute(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("PREPARE failed: {e}\n{sql}"));
    let args = if params == 0 { String::new() } else { format!("({})", vec!["NULL"; params].join(", ")) };
    let plan: serde_json::Value = sqlx::query_scalar(&format!("EXPLAIN (FORMAT JSON) EXECUTE explained{args}"))
        .fetch_one(&mut *conn)
        .await
        .unwrap_or_else(|e| panic!("EXPLAIN failed: {e}\n{sql}"));
    sqlx::query("DEALLOCATE explained").execute(&mut *conn).await.expect("deallocate");
    let mut found = Vec::new();
    walk(&plan[0]["Plan"], &mut found);
    found
}

fn walk(node: &serde_json::Value, found: &mut Vec<String>) {
    let kind = node["Node Type"].as_str().unwrap_or_default();
    let table = node["Relation Name"].as_str().unwrap_or_default();
    if GROWING.contains(&table) {
        let whole = match kind {
            "Seq Scan" => true,
            "Index Scan" | "Index Only Scan" => {
                node.get("Index Cond").is_none()
                    && !IN_PLAY_ONLY.contains(&node["Index Name"].as_str().unwrap_or_default())
            }
            _ => false,
        };
        if whole {
            found.push(format!("{kind} on {table}"));
        }
    }
    for child in node["Plans"].as_array().into_iter().flatten() {
        walk(child, found);
    }
}

/// A seeded database on `url`, as the scale bench seeds it, small.
async fn seeded(url: &str) -> (Pool, seed::Seeded) {
    let pool = store::open(url).await.expect("the database opens");
    let mut plan = seed::Plan::for_matches(1_500, now());
    plan.servers = 12;
    let seeded = seed::seed(&pool, &plan).await.expect("seeded");
    (pool, seeded)
}

async fn no_full_scans(url: &str) {
    collect_statements();
    let (pool, seeded) = seeded(url).await;
    let statements = everyday_statements(&pool, &seeded).await;
    assert!(statements.len() > 20, "the statements were captured: {statements:?}");
    let mut scans = Vec::new();
    match &pool {
        Pool::Sqlite(p) => {
            for sql in statements.iter().filter(|s| explainable(s)) {
                for detail in sqlite_full_scans(p, sql).await {
                    scans.push(format!("{detail}\n    in {sql}"));
                }
            }
        }
        Pool::Postgres(p) => {
            let mut conn = p.acquire().await.expect("a connection");
            sqlx::query("ANALYZE").execute(&mut *conn).await.expect("analyze");
            // A small table is read whole more cheaply than through an index, so its plans
            // are not those of a big one: with whole reads and joins of whole tables priced
            // out, a plan that still reads a growing table whole has no index to go by.
            for setting in ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"] {
                sqlx::query(&format!("SET {setting} = off")).execute(&mut *conn).await.expect("set");
            }
            sqlx::query("SET plan_cache_mode = force_generic_plan").execute(&mut *conn).await.expect("set");
            for sql in statements.iter().filter(|s| explainable(s)) {
                for detail in postgres_full_scans(&mut conn, sql).await {
                    scans.push(format!("{detail}\n    in {sql}"));
                }
            }
        }
    }
    assert!(scans.is_empty(), "full scans of growing tables:\n{}", scans.join("\n\n"));
}

async fn seeded_records_replay_and_ratings_rebuild_the_same(url: &str) {
    let (pool, seeded) = seeded(url).await;
    let service = Service::new(pool.clone());
    let ids: Vec<i64> = {
        let mut conn = pool.acquire().await.expect("a connection");
        engarde::with_db!(&mut conn, |cx| sqlx::query_scalar("SELECT id FROM matches ORDER BY id").fetch_all(cx).await)
            .expect("ids")
    };
    assert_eq!(ids.len(), seeded.matches);
    for id in ids {
        service.record(id).await.unwrap_or_else(|e| panic!("match {id}'s record: {e:?}"));
    }
    let report = service.rebuild_ratings().await.expect("a rebuild");
    assert!(report.matches > 1_000 && report.seasons > 0, "{report:?}");
    assert_eq!(report.changed, 0, "a second rebuild reproduces every rating");
    let stats = service.stats(seeded.big_guild as u64, seeded.heavy_player as u64, 0).await.expect("stats");
    assert!(stats.record.games() > 10, "the most active player played: {:?}", stats.record);
}

/// A clock stopped at a moment.
struct At(i64);

impl engarde::service::clock::Clock for At {
    fn now(&self) -> i64 {
        self.0
    }
}

/// Every match's record, by id.
async fn records(service: &Service, pool: &Pool) -> Vec<(i64, serde_json::Value)> {
    let ids: Vec<i64> = {
        let mut conn = pool.acquire().await.expect("a connection");
        engarde::with_db!(&mut conn, |cx| sqlx::query_scalar("SELECT id FROM matches ORDER BY id").fetch_all(cx).await)
            .expect("ids")
    };
    let mut all = Vec::with_capacity(ids.len());
    for id in ids {
        all.push((id, service.record(id).await.unwrap_or_else(|e| panic!("match {id}'s record: {e:?}"))));
    }
    all
}

async fn count(pool: &Pool, sql: &str) -> i64 {
    let mut conn = pool.acquire().await.expect("a connection");
    engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(sql).fetch_one(cx).await).expect("a count")
}

async fn folded_logs_keep_every_record_and_rating(url: &str) {
    let (pool, _) = seeded(url).await;
    let unfolded = count(&pool, "SELECT COUNT(*) FROM matches WHERE status <> 'active' AND NOT log_folded").await;
    assert!(unfolded > 10, "some ended matches are recent: {unfolded}");
    let before = records(&Service::new(pool.clone()), &pool).await;
    // A year on, every ended match is due; each pass folds a few.
    let later = Service::new(pool.clone()).with_clock(std::sync::Arc::new(At(now() + 365 * 86_400)));
    let mut folded = 0;
    loop {
        let n = later.fold_logs().await.expect("folding");
        if n == 0 {
            break;
        }
        folded += n;
    }
    assert_eq!(folded as i64, unfolded);
    assert_eq!(later.fold_logs().await.expect("folding"), 0, "nothing twice");
    let left = "SELECT COUNT(*) FROM match_actions a JOIN matches m ON m.id = a.match_id WHERE m.status <> 'active'";
    assert_eq!(count(&pool, left).await, 0, "no ended match keeps a row per action");
    assert!(count(&pool, "SELECT COUNT(*) FROM match_actions").await > 0, "matches in play keep theirs");
    assert_eq!(records(&later, &pool).await, before, "every record is the same, and replays");
    let report = later.rebuild_ratings().await.expect("a rebuild");
    assert_eq!(report.changed, 0, "every rating rebuilds the same");
}

/// Ends match `id` (in play) as won by seat a at `at`, with the store's own statement.
async fn end_match_at(pool: &Pool, id: i64, at: i64) {
    let mut conn = pool.acquire().await.expect("a connection");
    assert!(store::matches::close(&mut conn, id, "finished", Some("a"), "resign", at).await.expect("closed"));
}

/// A match in play of `user` in `guild`.
async fn in_play_of(pool: &Pool, guild: i64, user: i64) -> i64 {
    let mut conn = pool.acquire().await.expect("a connection");
    store::matches::active_for(&mut conn, guild, user).await.expect("matches")[0].id
}

/// `user`'s stats counted from scratch (their running totals forgotten first).
async fn fresh_stats(
    service: &Service,
    pool: &Pool,
    guild: i64,
    user: i64,
    viewer: i64,
) -> engarde::service::PlayerStats {
    let mut conn = pool.acquire().await.expect("a connection");
    engarde::with_db!(&mut conn, |cx| sqlx::query("DELETE FROM player_summaries").execute(cx).await.map(|_| ()))
        .expect("forgot");
    service.stats(guild as u64, user as u64, viewer as u64).await.expect("stats")
}

async fn stats_from_running_totals_are_stats_from_scratch(url: &str) {
    let (pool, seeded) = seeded(url).await;
    let service = Service::new(pool.clone());
    let (guild, heavy, light) = (seeded.big_guild, seeded.heavy_player, seeded.light_player);
    let stats = |user: i64, viewer: i64| service.stats(guild as u64, user as u64, viewer as u64);
    let first = fresh_stats(&service, &pool, guild, heavy, light).await;
    assert!(first.record.games() > 10 && first.favourite.is_some(), "{first:?}");
    assert_eq!(stats(heavy, light).await.expect("stats"), first, "read again from the totals");
    // A match of theirs ends: the totals count it, as counting from scratch does.
    end_match_at(&pool, in_play_of(&pool, guild, heavy).await, now()).await;
    let moved = stats(heavy, light).await.expect("stats");
    assert_eq!(moved.record.games(), first.record.games() + 1);
    assert_eq!(moved, fresh_stats(&service, &pool, guild, heavy, light).await);
    stats(heavy, light).await.expect("the totals kept again");
    // One ends at a moment before the last counted (a clock set back): counted all again.
    end_match_at(&pool, in_play_of(&pool, guild, heavy).await, now() - 30 * 86_400).await;
    let back = stats(heavy, light).await.expect("stats");
    assert_eq!(back.record.games(), first.record.games() + 2);
    assert_eq!(back, fresh_stats(&service, &pool, guild, heavy, light).await);
    // Every player of the biggest server: the same whichever way.
    let players: Vec<i64> = {
        let mut conn = pool.acquire().await.expect("a connection");
        engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(
            "SELECT DISTINCT seat_b FROM matches WHERE guild_id = $1 ORDER BY seat_b LIMIT 20"
        )
        .bind(guild)
        .fetch_all(cx)
        .await)
        .expect("players")
    };
    for user in players {
        let kept = stats(user, heavy).await.expect("stats");
        assert_eq!(kept, fresh_stats(&service, &pool, guild, user, heavy).await, "player {user}");
    }
}

fn now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("after 1970");
    i64::try_from(since.as_secs()).expect("in range")
}

fn sqlite_url() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a folder");
    let url = format!("sqlite://{}", dir.path().join("scale.db").display());
    (dir, url)
}

#[tokio::test]
async fn sqlite_everyday_statements_scan_no_growing_table() {
    let _serial = SERIAL.lock().await;
    let (_dir, url) = sqlite_url();
    no_full_scans(&url).await;
}

#[tokio::test]
async fn postgres_everyday_statements_scan_no_growing_table() {
    let _serial = SERIAL.lock().await;
    no_full_scans(&pg::fresh_database().await).await;
}

#[tokio::test]
async fn sqlite_seeded_records_replay_and_ratings_rebuild_the_same() {
    let _serial = SERIAL.lock().await;
    let (_dir, url) = sqlite_url();
    seeded_records_replay_and_ratings_rebuild_the_same(&url).await;
}

#[tokio::test]
async fn postgres_seeded_records_replay_and_ratings_rebuild_the_same() {
    let _serial = SERIAL.lock().await;
    seeded_records_replay_and_ratings_rebuild_the_same(&pg::fresh_database().await).await;
}

#[tokio::test]
async fn sqlite_folded_logs_keep_every_record_and_rating() {
    let _serial = SERIAL.lock().await;
    let (_dir, url) = sqlite_url();
    folded_logs_keep_every_record_and_rating(&url).await;
}

#[tokio::test]
async fn postgres_folded_logs_keep_every_record_and_rating() {
    let _serial = SERIAL.lock().await;
    folded_logs_keep_every_record_and_rating(&pg::fresh_database().await).await;
}

#[tokio::test]
async fn sqlite_stats_from_running_totals_are_stats_from_scratch() {
    let _serial = SERIAL.lock().await;
    let (_dir, url) = sqlite_url();
    stats_from_running_totals_are_stats_from_scratch(&url).await;
}

#[tokio::test]
async fn postgres_stats_from_running_totals_are_stats_from_scratch() {
    let _serial = SERIAL.lock().await;
    stats_from_running_totals_are_stats_from_scratch(&pg::fresh_database().await).await;
}
