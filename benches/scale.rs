//! Scale: what a big community's history costs the bot, at 10k, 100k or 1M finished matches.
//!
//! ```sh
//! cargo bench --bench scale -- --matches 1000000 --database both
//! ```
//!
//! Seeds a fresh database (`scale/seed.rs`: finished matches of every variant over Zipf-
//! sized servers and players, 5% as many in play with deadlines over the next two days,
//! monthly seasons and Swiss tournaments in the biggest servers; ratings by the bot's own
//! rebuild), then measures, through the bot's own service and store:
//!
//! - the database's bytes per finished match, by table (SQLite: its pages once the WAL is
//!   folded in; PostgreSQL: every relation's size, indexes and TOAST included);
//! - start-up to ready: the database opened and migrated, the boards owed found, the next
//!   due moment read (what the bot does before its scheduler's first pass; connecting the
//!   gateway's shards does not depend on the data);
//! - one scheduler pass (every step of `discord::scheduler`'s pass, without Discord) with
//!   nothing due, and with 2,000 reminders due;
//! - p50, p99 and max of each read command, offered at `--rate` requests/s (default 50):
//!   the leaderboard (all-time, and the latest ended season), the stats and the history of
//!   the biggest server's most active player, their matches in play (also the `match`
//!   options' autocomplete), a finished tournament's standings, the seasons' autocomplete;
//! - `ratings rebuild` of the whole database (and that it reproduces every rating);
//! - `migrate-db` of the whole SQLite database into a fresh PostgreSQL one (SQLite runs);
//! - the peak memory of this process while it runs the bot's start-up, passes and reads
//!   (VmHWM, reset after seeding).
//!
//! `--database sqlite|postgres|both` (default sqlite; PostgreSQL is a server the bench
//! starts from the machine's installation, durable, as the load bench's); `--keep FILE`
//! keeps the seeded SQLite database (for `cargo bench --bench load -- --from-db FILE`);
//! `--from FILE` measures an already seeded SQLite file instead of seeding one.
//! A debug build checks that it runs: `cargo test --bench scale -- --matches 2000`.

/// The test harness's PostgreSQL server.
#[path = "../tests/pg/mod.rs"]
mod pg;
#[path = "scale/seed.rs"]
mod seed;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use engarde::service::Service;
use engarde::store::{self, Pool};

const USAGE: &str = "\
cargo bench --bench scale -- [OPTIONS]

  --matches N        finished matches to seed (default 10000)
  --in-play M        matches in play (default: 5% of N)
  --servers S        servers (default N/100, at least 10)
  --players P        players, all servers together (default N/5, at least 40)
  --database D       sqlite (default), postgres, or both
  --rate R           read requests offered per second (default 50)
  --requests K       requests per read command (default 200)
  --keep FILE        keep the seeded SQLite database in FILE
  --from FILE        measure this seeded SQLite database (copied first) instead of seeding
  --no-migrate-db    skip migrate-db (SQLite runs)
";

#[derive(Clone, Debug)]
struct Args {
    matches: usize,
    in_play: Option<usize>,
    servers: Option<usize>,
    players: Option<usize>,
    databases: Vec<Backend>,
    rate: f64,
    requests: usize,
    keep: Option<PathBuf>,
    from: Option<PathBuf>,
    migrate_db: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    Sqlite,
    Postgres,
}

fn fail(message: &str) -> ! {
    eprintln!("scale: {message}\n\n{USAGE}");
    std::process::exit(2);
}

fn num<T: std::str::FromStr>(s: &str) -> T {
    s.parse().unwrap_or_else(|_| fail(&format!("`{s}` is not a number")))
}

fn parse_args() -> Args {
    let mut args = Args {
        matches: 10_000,
        in_play: None,
        servers: None,
        players: None,
        databases: vec![Backend::Sqlite],
        rate: 50.0,
        requests: 200,
        keep: None,
        from: None,
        migrate_db: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().unwrap_or_else(|| fail(&format!("{name} needs a value")));
        match a.as_str() {
            "--matches" => args.matches = num(&value("--matches")),
            "--in-play" => args.in_play = Some(num(&value("--in-play"))),
            "--servers" => args.servers = Some(num(&value("--servers"))),
            "--players" => args.players = Some(num(&value("--players"))),
            "--database" => {
                args.databases = match value("--database").as_str() {
                    "sqlite" => vec![Backend::Sqlite],
                    "postgres" => vec![Backend::Postgres],
                    "both" => vec![Backend::Sqlite, Backend::Postgres],
                    other => fail(&format!("--database must be sqlite, postgres or both, not `{other}`")),
                }
            }
            "--rate" => args.rate = num(&value("--rate")),
            "--requests" => args.requests = num(&value("--requests")),
            "--keep" => args.keep = Some(PathBuf::from(value("--keep"))),
            "--from" => args.from = Some(PathBuf::from(value("--from"))),
            "--no-migrate-db" => args.migrate_db = false,
            // `cargo bench` and `cargo test` pass these to every bench binary.
            "--bench" | "--nocapture" => {}
            "--help" | "-h" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            other => fail(&format!("unknown option `{other}`")),
        }
    }
    if args.matches < 100 {
        fail("--matches must be at least 100");
    }
    if args.rate <= 0.0 || args.requests == 0 {
        fail("--rate and --requests must be positive");
    }
    if args.from.is_some() && args.databases != [Backend::Sqlite] {
        fail("--from is a SQLite file: use it with --database sqlite");
    }
    args
}

fn main() {
    let args = parse_args();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    let mut failed = false;
    for &backend in &args.databases {
        if let Err(e) = runtime.block_on(run(&args, backend)) {
            eprintln!("scale: {backend:?}: {e}");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// A figure's line of the report.
fn line(what: &str, figure: String) {
    println!("| {what} | {figure} |");
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

async fn run(args: &Args, backend: Backend) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let file = dir.path().join("scale.db");
    let url = match backend {
        Backend::Sqlite => format!("sqlite://{}", file.display()),
        Backend::Postgres => {
            pg::set_durable(true);
            pg::fresh_database().await
        }
    };
    let mut plan = seed::Plan::for_matches(args.matches, now());
    plan.in_play = args.in_play.unwrap_or(plan.in_play);
    plan.servers = args.servers.unwrap_or(plan.servers);
    plan.players = args.players.unwrap_or(plan.players);

    let seeded = if let Some(from) = &args.from {
        std::fs::copy(from, &file).map_err(|e| format!("copying {}: {e}", from.display()))?;
        let pool = store::open(&url).await.map_err(|e| e.to_string())?;
        let found = seed::find_targets(&pool).await?;
        pool.close().await;
        found
    } else {
        let started = Instant::now();
        let pool = store::open(&url).await.map_err(|e| e.to_string())?;
        let seeded = seed::seed(&pool, &plan).await?;
        pool.close().await;
        println!(
            "seeded {} matches ({} actions) over {} servers and {} players on {backend:?} in {:.1} s",
            seeded.matches,
            seeded.actions,
            plan.servers,
            plan.players,
            started.elapsed().as_secs_f64()
        );
        seeded
    };
    println!("\n{backend:?}, {} finished matches, {} in play\n", args.matches, plan.in_play);
    println!("| figure | measured |");
    println!("| --- | --- |");

    let sizes = size_by_table(&url).await?;
    let finished = sizes.finished.max(1) as f64;
    line(
        "database per finished match",
        format!("{:.0} bytes ({:.1} MB in all)", sizes.total as f64 / finished, sizes.total as f64 / 1e6),
    );
    for (table, bytes) in sizes.tables.iter().filter(|(_, b)| *b as f64 / finished >= 50.0) {
        line(&format!("… of which {table}"), format!("{:.0} bytes", *bytes as f64 / finished));
    }

    let heavy: i64 = {
        let mut conn = pool_for_counts(&url).await?;
        engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(
            "SELECT COUNT(*) FROM matches WHERE guild_id = $1 AND (seat_a = $2 OR seat_b = $2) AND finished_at IS NOT NULL"
        )
        .bind(seeded.big_guild)
        .bind(seeded.heavy_player)
        .fetch_one(cx)
        .await)
        .map_err(|e| e.to_string())?
    };
    line("the most active player's ended matches (stats reads them all)", heavy.to_string());

    reset_peak_memory();
    // Start-up to ready: what the bot does before its first scheduler pass.
    let started = Instant::now();
    let pool = store::open(&url).await.map_err(|e| e.to_string())?;
    let service = Service::new(pool.clone());
    let owed = service.owed_boards().await.map_err(|e| format!("{e:?}"))?;
    service.next_due().await.map_err(|e| format!("{e:?}"))?;
    line("start-up to ready (open, migrate, boards owed, next due)", ms(started.elapsed()));
    if !owed.is_empty() {
        line("boards owed at start (should be none)", owed.len().to_string());
    }

    let mut passes = Vec::new();
    for _ in 0..20 {
        let (took, reminders) = scheduler_pass(&service).await?;
        if reminders > 0 {
            return Err(format!("a pass with nothing due sent {reminders} reminders"));
        }
        passes.push(took);
    }
    passes.sort();
    line("scheduler pass, nothing due (median of 20; max)", format!("{}; {}", ms(passes[10]), ms(passes[19])));
    let due = make_reminders_due(&pool, 2_000).await?;
    let (took, reminders) = scheduler_pass(&service).await?;
    line(&format!("scheduler pass, {due} reminders due ({reminders} messages)"), ms(took));

    for read in Read::ALL {
        let latencies = paced(args, || read.run(&service, &seeded)).await?;
        line(
            &format!("{} (p50 / p99 / max)", read.name()),
            format!("{} / {} / {}", ms(pct(&latencies, 50)), ms(pct(&latencies, 99)), ms(pct(&latencies, 100))),
        );
    }

    let started = Instant::now();
    let report = service.rebuild_ratings().await.map_err(|e| format!("{e:?}"))?;
    line(
        "ratings rebuild",
        format!(
            "{:.2} s ({} matches, {} ratings, {} changed)",
            started.elapsed().as_secs_f64(),
            report.matches,
            report.ratings,
            report.changed
        ),
    );
    if report.changed != 0 {
        return Err(format!("ratings rebuild changed {} ratings of a rebuilt database", report.changed));
    }
    line("peak memory of the bot's work (VmHWM)", format!("{:.1} MB", peak_memory_kb() as f64 / 1e3));
    pool.close().await;

    if backend == Backend::Sqlite && args.migrate_db {
        let target = pg::fresh_database().await;
        let started = Instant::now();
        let report = engarde::migrate_db::migrate(&url, &target).await.map_err(|e| format!("migrate-db: {e}"))?;
        line(
            "migrate-db to PostgreSQL (copy and check)",
            format!("{:.1} s ({} records replayed)", started.elapsed().as_secs_f64(), report.replayed),
        );
    }
    if let (Backend::Sqlite, Some(keep)) = (backend, &args.keep) {
        let pool = store::open(&url).await.map_err(|e| e.to_string())?;
        let sqlite = pool.as_sqlite().ok_or("not SQLite")?;
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(sqlite).await.map_err(|e| e.to_string())?;
        pool.close().await;
        std::fs::copy(&file, keep).map_err(|e| format!("keeping {}: {e}", keep.display()))?;
        println!("\nkept the seeded database in {}", keep.display());
    }
    Ok(())
}

/// A connection for the bench's own counts.
async fn pool_for_counts(url: &str) -> Result<store::Conn, String> {
    let pool = store::open(url).await.map_err(|e| e.to_string())?;
    pool.acquire().await.map_err(|e| e.to_string())
}

/// One scheduler pass as `discord::scheduler` makes it, without Discord: its time and the
/// reminders it found.
async fn scheduler_pass(service: &Service) -> Result<(Duration, usize), String> {
    let e = |e: engarde::service::ServiceError| format!("scheduler: {e:?}");
    let started = Instant::now();
    let claim = service.claim_scheduler_pass().await.map_err(e)?.ok_or("the pass is claimed elsewhere")?;
    service.expire_challenges().await.map_err(e)?;
    service.settle_aways().await.map_err(e)?;
    service.forfeit_overdue().await.map_err(e)?;
    service.tournament_tick().await.map_err(e)?;
    let reminders = service.remind().await.map_err(e)?.len();
    service.season_ends().await.map_err(e)?;
    service.practice_due().await.map_err(e)?;
    service.owed_boards().await.map_err(e)?;
    service.fold_logs().await.map_err(e)?;
    service.next_due().await.map_err(e)?;
    claim.release().await.map_err(|e| e.to_string())?;
    Ok((started.elapsed(), reminders))
}

/// Makes `n` matches in play due for their reminder (past half their time, not reminded).
async fn make_reminders_due(pool: &Pool, n: i64) -> Result<u64, String> {
    let mut conn = pool.acquire().await.map_err(|e| e.to_string())?;
    engarde::with_db!(&mut conn, |cx| sqlx::query(
        "UPDATE matches SET reminded_version = NULL WHERE id IN (
             SELECT id FROM matches WHERE status = 'active' AND deadline_at > $1
                AND deadline_at - turn_seconds / 2 <= $1 AND tournament_id IS NULL
              ORDER BY id LIMIT $2)"
    )
    .bind(now())
    .bind(n)
    .execute(cx)
    .await
    .map(|r| r.rows_affected()))
    .map_err(|e| e.to_string())
}

/// The read commands measured.
#[derive(Clone, Copy, Debug)]
enum Read {
    Leaderboard,
    SeasonLeaderboard,
    Stats,
    History,
    Matches,
    Standings,
    SeasonAutocomplete,
}

impl Read {
    const ALL: [Read; 7] = [
        Read::Leaderboard,
        Read::SeasonLeaderboard,
        Read::Stats,
        Read::History,
        Read::Matches,
        Read::Standings,
        Read::SeasonAutocomplete,
    ];

    fn name(self) -> &'static str {
        match self {
            Read::Leaderboard => "leaderboard, all-time, biggest server",
            Read::SeasonLeaderboard => "leaderboard, a season",
            Read::Stats => "stats of the most active player",
            Read::History => "history of the most active player",
            Read::Matches => "matches in play (and the match autocomplete)",
            Read::Standings => "tournament standings",
            Read::SeasonAutocomplete => "season autocomplete",
        }
    }

    async fn run(self, service: &Service, s: &seed::Seeded) -> Result<(), String> {
        let (guild, heavy, light) = (s.big_guild as u64, s.heavy_player as u64, s.light_player as u64);
        let e = |e: engarde::service::ServiceError| format!("{}: {e:?}", self.name());
        match self {
            Read::Leaderboard => service.leaderboard(guild, None, 1, heavy).await.map(drop).map_err(e),
            Read::SeasonLeaderboard => {
                service.season_leaderboard(guild, None, s.season, 1, heavy).await.map(drop).map_err(e)
            }
            Read::Stats => service.stats(guild, heavy, light).await.map(drop).map_err(e),
            Read::History => service.history(guild, heavy).await.map(drop).map_err(e),
            Read::Matches => service.active_matches(guild, heavy).await.map(drop).map_err(e),
            Read::Standings => match s.tournament {
                Some(id) => service.tournament_standings(guild, id).await.map(drop).map_err(e),
                None => Err("no tournament seeded in the biggest server".to_owned()),
            },
            Read::SeasonAutocomplete => service.season_names(guild, "S1", 25).await.map(drop).map_err(e),
        }
    }
}

/// Runs `request` `args.requests` times, one every `1 / args.rate` seconds (a request
/// that starts late starts at once); the latency of each.
async fn paced<F, Fut>(args: &Args, mut request: F) -> Result<Vec<Duration>, String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), String>>,
{
    let every = Duration::from_secs_f64(1.0 / args.rate);
    let start = tokio::time::Instant::now();
    let mut latencies = Vec::with_capacity(args.requests);
    for i in 0..args.requests {
        tokio::time::sleep_until(start + every * i as u32).await;
        let began = Instant::now();
        request().await?;
        latencies.push(began.elapsed());
    }
    latencies.sort();
    Ok(latencies)
}

/// The `p`th percentile of sorted latencies (100: the maximum).
fn pct(sorted: &[Duration], p: usize) -> Duration {
    let i = (sorted.len() * p).div_ceil(100).saturating_sub(1).min(sorted.len() - 1);
    sorted[i]
}

/// The database's size, in all and by table (indexes and TOAST with their table).
struct Sizes {
    total: u64,
    tables: Vec<(String, u64)>,
    finished: u64,
}

async fn size_by_table(url: &str) -> Result<Sizes, String> {
    let pool = store::open(url).await.map_err(|e| e.to_string())?;
    let e = |e: sqlx::Error| format!("sizes: {e}");
    let finished: i64 = engarde::with_db!(&mut pool.acquire().await.map_err(e)?, |cx| sqlx::query_scalar(
        "SELECT COUNT(*) FROM matches WHERE status = 'finished'"
    )
    .fetch_one(cx)
    .await)
    .map_err(e)?;
    let (total, mut tables): (u64, Vec<(String, u64)>) = match &pool {
        Pool::Sqlite(p) => {
            sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(p).await.map_err(e)?;
            let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(p).await.map_err(e)?;
            let free: i64 = sqlx::query_scalar("PRAGMA freelist_count").fetch_one(p).await.map_err(e)?;
            let page: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(p).await.map_err(e)?;
            // Each index counted with its table (dbstat names b-trees; sqlite_schema says whose).
            let rows: Vec<(String, i64)> = sqlx::query_as(
                "SELECT COALESCE(s.tbl_name, d.name), SUM(d.pgsize) FROM dbstat d
                   LEFT JOIN sqlite_schema s ON s.name = d.name
                  GROUP BY 1 ORDER BY 2 DESC",
            )
            .fetch_all(p)
            .await
            .map_err(e)?;
            (((pages - free) * page) as u64, rows.into_iter().map(|(t, b)| (t, b as u64)).collect())
        }
        Pool::Postgres(p) => {
            sqlx::query("VACUUM ANALYZE").execute(p).await.map_err(e)?;
            let rows: Vec<(String, i64)> = sqlx::query_as(
                "SELECT c.relname::text, pg_total_relation_size(c.oid) FROM pg_class c
                   JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 2 DESC",
            )
            .fetch_all(p)
            .await
            .map_err(e)?;
            (rows.iter().map(|(_, b)| *b as u64).sum(), rows.into_iter().map(|(t, b)| (t, b as u64)).collect())
        }
    };
    tables.retain(|(_, b)| *b > 0);
    pool.close().await;
    Ok(Sizes { total, tables, finished: finished as u64 })
}

/// Forgets this process's peak memory so far (Linux: `clear_refs` 5 resets VmHWM).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// This process's peak resident memory, in KB.
fn peak_memory_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
