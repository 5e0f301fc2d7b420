//! Storage faults, at the service level over real SQLite files: a database
//! locked by another writer, a read-only database, databases left by older
//! versions (only the first migration; every migration before the compaction of
//! 0005; before matches named their game and ratings were per game, 0007 and 0008),
//! and the online backup (`engarde backup`).
//! In each case: a clear error or success, and nothing half-written.

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use engarde::service::{ActRequest, ChallengeRequest, PlayerInfo, Service, ServiceError};
use engarde_rules::engarde::{EnGarde, SeatedAction, Variant};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{ConnectOptions, Connection, SqliteConnection, SqlitePool};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;
const DANA: u64 = 104;

/// The busy timeout `engarde::store::open` sets.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

fn person(user_id: u64) -> PlayerInfo {
    PlayerInfo { user_id, name: format!("Player {user_id}"), bot: false }
}

fn url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("engarde.db").display())
}

/// The SQLite pool of a store just opened (these tests are about SQLite files).
fn sqlite(
    opened: Result<engarde::store::Pool, engarde::store::StoreOpenError>,
) -> Result<SqlitePool, engarde::store::StoreOpenError> {
    opened.map(|pool| pool.as_sqlite().expect("a SQLite store").clone())
}

fn service(pool: SqlitePool) -> Service {
    Service::new(engarde::store::Pool::Sqlite(pool)).with_seeds(Arc::new(|| 7))
}

/// Starts a match between `a` and `b`; returns its id.
async fn start(svc: &Service, a: u64, b: u64, interaction: u64) -> i64 {
    let challenge = svc
        .challenge(ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: person(a),
            challenged: person(b),
            variant: Some(Variant::EngardeStandard.into()),
            options: serde_json::json!({ "hits_to_win": 1 }).as_object().cloned().unwrap_or_default(),
            turn: None,
            interaction_id: interaction,
        })
        .await
        .expect("a challenge");
    svc.accept(challenge.id, &person(b)).await.expect("accepted").board.match_id
}

/// The next legal action of a match, as a request with this interaction id.
async fn next_move(svc: &Service, match_id: i64, players: [u64; 2], interaction: u64) -> ActRequest {
    for user in players {
        let hand = svc.hand(GUILD, match_id, user).await.expect("a hand");
        if let Some(&action) = hand.legal_actions.first() {
            return ActRequest {
                guild_id: GUILD,
                match_id,
                turn: hand.turn,
                user_id: user,
                action,
                interaction_id: interaction,
            };
        }
    }
    panic!("nobody is to act in match {match_id}");
}

/// Everything a use case could have written about a match.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    row: (i64, String, String, Option<i64>),
    actions: Vec<(i64, String, Option<i64>)>,
    /// The latest board recorded: its turn and message.
    board: Option<(i64, i64)>,
}

async fn snapshot(pool: &SqlitePool, match_id: i64) -> Snapshot {
    let row = sqlx::query_as("SELECT version, state, status, deadline_at FROM matches WHERE id = ?")
        .bind(match_id)
        .fetch_one(pool)
        .await
        .expect("the match row");
    let actions =
        sqlx::query_as("SELECT turn, action, interaction_id FROM match_actions WHERE match_id = ? ORDER BY turn")
            .bind(match_id)
            .fetch_all(pool)
            .await
            .expect("the action log");
    let board = sqlx::query_as("SELECT turn, message_id FROM boards WHERE match_id = ?")
        .bind(match_id)
        .fetch_optional(pool)
        .await
        .expect("the board");
    Snapshot { row, actions, board }
}

/// Another process's writer: a connection holding SQLite's write lock.
async fn lock_for_writing(url: &str) -> SqliteConnection {
    let mut other = SqliteConnectOptions::from_str(url).unwrap().connect().await.expect("a second connection");
    sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.expect("the write lock");
    other
}

async fn integrity(pool: &SqlitePool) -> String {
    sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("integrity_check runs")
}

/// A fresh database with one match between Alice and Bob.
async fn one_match() -> (tempfile::TempDir, SqlitePool, Service, i64) {
    let dir = tempfile::tempdir().unwrap();
    let pool = sqlite(engarde::store::open(&url(&dir)).await).unwrap();
    let svc = service(pool.clone());
    let m = start(&svc, ALICE, BOB, 1).await;
    (dir, pool, svc, m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_waits_for_another_writer_and_then_applies_once() {
    let (dir, pool, svc, m) = one_match().await;
    let request = next_move(&svc, m, [ALICE, BOB], 10).await;
    let before = snapshot(&pool, m).await;

    let mut other = lock_for_writing(&url(&dir)).await;
    let started = Instant::now();
    let acting = tokio::spawn({
        let svc = svc.clone();
        async move { svc.act(request).await }
    });
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    assert!(!acting.is_finished(), "the action waits for the lock");
    assert_eq!(snapshot(&pool, m).await, before, "nothing written while locked");
    sqlx::query("COMMIT").execute(&mut other).await.unwrap();
    let done = acting.await.unwrap().expect("the action applies once the lock is released");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(1_200) && waited < BUSY_TIMEOUT, "waited {waited:?}");
    assert!(matches!(done.done, engarde::service::Done::Action(_)), "{:?}", done.done);

    let after = snapshot(&pool, m).await;
    assert_eq!(after.row.0, before.row.0 + 1);
    assert_eq!(after.actions.len(), before.actions.len() + 1);
    assert_eq!(after.actions.last().unwrap().2, Some(10));
    // The same interaction again: refused, nothing more.
    assert!(matches!(svc.act(request).await, Err(ServiceError::AlreadyApplied)));
    assert_eq!(snapshot(&pool, m).await, after);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_fails_cleanly_when_the_lock_outlasts_the_busy_timeout() {
    let (dir, pool, svc, m) = one_match().await;
    let request = next_move(&svc, m, [ALICE, BOB], 10).await;
    let before = snapshot(&pool, m).await;

    let mut other = lock_for_writing(&url(&dir)).await;
    let started = Instant::now();
    let failed = svc.act(request).await.expect_err("the database stayed locked");
    let waited = started.elapsed();
    assert!(waited >= BUSY_TIMEOUT - Duration::from_millis(100), "gave up after {waited:?}, before the busy timeout");
    assert!(waited < BUSY_TIMEOUT * 2, "waited {waited:?}");
    // The database out of reach for a while: the user is told to try again in a moment,
    // the detail is for the log.
    assert!(matches!(failed, ServiceError::Unavailable(_)), "{failed:?}");
    assert!(failed.is_internal(), "{failed:?}");
    let shown = failed.to_string();
    assert!(shown.contains("Try again in a moment"), "{shown}");
    assert!(!shown.contains("lock") && !shown.contains("database"), "no detail shown: {shown}");
    assert!(format!("{failed:?}").contains("locked"), "the detail says why: {failed:?}");
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();

    // Nothing half-written; the same click afterwards applies normally, once.
    assert_eq!(snapshot(&pool, m).await, before);
    svc.act(request).await.expect("applies once the database is free");
    let after = snapshot(&pool, m).await;
    assert_eq!(after.row.0, before.row.0 + 1);
    assert_eq!(after.actions.len(), before.actions.len() + 1);
    assert_eq!(integrity(&pool).await, "ok");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_refuses_writes_clearly_and_stays_intact() {
    let (dir, pool, svc, m) = one_match().await;
    let before = snapshot(&pool, m).await;
    let request = next_move(&svc, m, [ALICE, BOB], 10).await;
    pool.close().await;

    // The file opened read-only (as when the disk or the file's mode forbids
    // writing; the tests run as root, for whom file modes do not apply).
    let ro = SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::from_str(&url(&dir)).unwrap().read_only(true))
        .await
        .unwrap();
    let svc_ro = service(ro.clone());
    // Reading still works…
    let hand = svc_ro.hand(GUILD, m, request.user_id).await.expect("reads work");
    assert!(!hand.legal_actions.is_empty());
    // …writing is refused with the apology, for a move and for a new challenge.
    let failed = svc_ro.act(request).await.expect_err("a read-only database");
    assert!(matches!(failed, ServiceError::Unavailable(_)), "{failed:?}");
    assert!(failed.to_string().contains("Try again in a moment"), "{failed}");
    assert!(format!("{failed:?}").contains("readonly"), "the log says why: {failed:?}");
    let refused = svc_ro
        .challenge(ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: person(CAROL),
            challenged: person(DANA),
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: 99,
        })
        .await
        .expect_err("read-only");
    assert!(matches!(refused, ServiceError::Unavailable(_)), "{refused:?}");
    // The bot's prober sees it: reads answer, a write does not.
    svc_ro.probe_database(false).await.expect("a read answers");
    let probe = svc_ro.probe_database(true).await.expect_err("a write is refused");
    assert_eq!(engarde::store::unavailable(&probe), Some(engarde::store::Unavailable::NoWrites), "{probe:?}");
    ro.close().await;

    // Reopened normally: intact, unchanged, and the move can be made.
    let pool = sqlite(engarde::store::open(&url(&dir)).await).expect("reopens");
    assert_eq!(integrity(&pool).await, "ok");
    assert_eq!(snapshot(&pool, m).await, before);
    let svc = service(pool.clone());
    svc.act(request).await.expect("writable again");
    assert_eq!(snapshot(&pool, m).await.row.0, before.row.0 + 1);
}

/// A database as an older version left it: only the migrations up to `version`.
async fn database_at(dir: &tempfile::TempDir, version: i64) -> SqlitePool {
    let options = SqliteConnectOptions::from_str(&url(dir)).unwrap().create_if_missing(true);
    let old = SqlitePoolOptions::new().connect_with(options).await.unwrap();
    let mut migrator = sqlx::migrate!("./migrations/sqlite");
    migrator.migrations =
        migrator.migrations.iter().filter(|m| m.version <= version).cloned().collect::<Vec<_>>().into();
    // Numbers may have gaps (helpers of a round each take their own); `version` is one.
    assert_eq!(migrator.migrations.last().map(|m| m.version), Some(version));
    migrator.run(&old).await.expect("the older migrations");
    old
}

/// A real game two moves in, stored as match 5 the way migration 0001 laid it out,
/// with its players and its log (interactions 500 and 501), its state in format 1
/// (with the actions in it). Returns the game.
async fn insert_old_match(old: &SqlitePool) -> EnGarde {
    let mut game = EnGarde::new(engarde_rules::engarde::Config::new(Variant::EngardeStandard, 11)).unwrap();
    let mut played = Vec::new();
    for _ in 0..2 {
        let seat = game.to_act().unwrap();
        let action = game.legal_actions()[0];
        game.play(seat, action).unwrap();
        played.push(SeatedAction { seat, action });
    }
    let mut state = serde_json::to_value(&game).unwrap();
    let fields = state.as_object_mut().unwrap();
    fields.insert("format".into(), 1.into());
    fields.remove("turn").expect("format 2 counts the actions");
    fields.insert("actions".into(), serde_json::to_value(&played).unwrap());
    let state = state.to_string();
    for (user, name) in [(ALICE, "Alice"), (BOB, "Bob")] {
        sqlx::query("INSERT INTO players VALUES (?, ?, ?, 1, 1)")
            .bind(GUILD as i64)
            .bind(user as i64)
            .bind(name)
            .execute(old)
            .await
            .unwrap();
    }
    sqlx::query(
        "INSERT INTO matches (id, guild_id, channel_id, seat_a, seat_b, variant, state, state_format, version, status,
                              created_at, updated_at)
         VALUES (5, ?, ?, ?, ?, 'engarde-standard', ?, 1, 2, 'active', 1, 1)",
    )
    .bind(GUILD as i64)
    .bind(CHANNEL as i64)
    .bind(ALICE as i64)
    .bind(BOB as i64)
    .bind(&state)
    .execute(old)
    .await
    .unwrap();
    for (turn, action) in played.iter().enumerate() {
        let user = if action.seat == engarde_rules::Seat::A { ALICE } else { BOB };
        sqlx::query("INSERT INTO match_actions VALUES (5, ?, ?, ?, ?, ?, 1)")
            .bind(turn as i64)
            .bind(action.seat.as_str())
            .bind(serde_json::to_string(action).unwrap())
            .bind(user as i64)
            .bind(500 + turn as i64)
            .execute(old)
            .await
            .unwrap();
    }
    game
}

/// Opens the database as the bot does at start-up, and checks every migration applied.
async fn open_migrated(dir: &tempfile::TempDir) -> SqlitePool {
    let pool = sqlite(engarde::store::open(&url(dir)).await).expect("migrates");
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&pool)
        .await
        .unwrap();
    let latest: Vec<i64> = sqlx::migrate!("./migrations/sqlite").iter().map(|m| m.version).collect();
    assert_eq!(applied, latest);
    assert_eq!(integrity(&pool).await, "ok");
    pool
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_the_first_migration_is_upgraded_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let old = database_at(&dir, 1).await;
    let game = insert_old_match(&old).await;
    old.close().await;

    // The bot starts on it: every migration is applied, the row is intact and playable.
    let pool = open_migrated(&dir).await;
    let (stored, state_format, version, turn_seconds): (String, i64, i64, i64) =
        sqlx::query_as("SELECT state, state_format, version, turn_seconds FROM matches WHERE id = 5")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(version, 2, "the row is intact");
    let game_name: String = sqlx::query_scalar("SELECT game FROM matches WHERE id = 5").fetch_one(&pool).await.unwrap();
    assert_eq!(game_name, "engarde", "a match of before the other games is an En Garde match");
    let practice: Option<String> =
        sqlx::query_scalar("SELECT practice_seat FROM matches WHERE id = 5").fetch_one(&pool).await.unwrap();
    assert_eq!(practice, None, "a match of before practice matches is between two people");
    // The state is now of format 2, the actions left to the log.
    assert_eq!(state_format, 2);
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(stored, serde_json::to_value(&game).unwrap(), "the state is the same game");
    assert_eq!(turn_seconds, 172_800, "new columns get their documented defaults");
    let svc = service(pool.clone());
    let record = svc.record(5).await.expect("the old match has a record");
    assert_eq!(EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap()).unwrap(), game);
    let request = next_move(&svc, 5, [ALICE, BOB], 900).await;
    svc.act(request).await.expect("the old match plays on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compacting_keeps_the_log_and_the_latest_board_of_each_match() {
    let dir = tempfile::tempdir().unwrap();
    let old = database_at(&dir, 4).await;
    let game = insert_old_match(&old).await;
    // One board per turn, as versions up to 0004 kept them.
    for turn in 0..=2i64 {
        sqlx::query("INSERT INTO boards VALUES (5, ?, ?, ?, 1)")
            .bind(turn)
            .bind(CHANNEL as i64)
            .bind(7_000 + turn)
            .execute(&old)
            .await
            .unwrap();
    }
    old.close().await;

    let pool = open_migrated(&dir).await;
    let boards: Vec<(i64, i64)> =
        sqlx::query_as("SELECT turn, message_id FROM boards WHERE match_id = 5").fetch_all(&pool).await.unwrap();
    assert_eq!(boards, [(2, 7_002)], "only the latest board is kept");
    let schema: String = sqlx::query_scalar("SELECT sql FROM sqlite_schema WHERE name = 'match_actions'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(schema.ends_with("WITHOUT ROWID"), "{schema}");

    let svc = service(pool.clone());
    let record = svc.record(5).await.expect("the log is intact");
    assert_eq!(EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap()).unwrap(), game);
    // A stale click links to the latest board.
    let mut stale = next_move(&svc, 5, [ALICE, BOB], 902).await;
    stale.turn -= 1;
    match svc.act(stale).await {
        Err(ServiceError::Stale(Some(link))) => assert!(link.url().ends_with("/7002"), "{}", link.url()),
        other => panic!("expected a stale click with a link: {other:?}"),
    }
    // An interaction of the old log is still applied only once.
    let replayed = ActRequest { interaction_id: 501, ..next_move(&svc, 5, [ALICE, BOB], 0).await };
    assert!(matches!(svc.act(replayed).await, Err(ServiceError::AlreadyApplied)));
    // The move trigger still works; a board of a later turn replaces the kept one, an older one does not.
    let done = svc.act(next_move(&svc, 5, [ALICE, BOB], 903).await).await.expect("the match plays on");
    svc.record_board(&done.board, CHANNEL, 7_003, "").await.unwrap();
    let older = engarde::service::BoardView { turn: 1, ..done.board.clone() };
    svc.record_board(&older, CHANNEL, 6_999, "").await.unwrap();
    let boards: Vec<(i64, i64)> =
        sqlx::query_as("SELECT turn, message_id FROM boards WHERE match_id = 5").fetch_all(&pool).await.unwrap();
    assert_eq!(boards, [(3, 7_003)]);
    assert_eq!(integrity(&pool).await, "ok");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_and_ratings_of_before_the_other_games_become_en_garde_s() {
    // A database at migration 0007 (0008 only renames data): one match played out and
    // rated, with its overall ratings under the old scope `all`, and one in play. Played
    // by today's service, then taken back to 0007: the additions of 0009 on dropped.
    let dir = tempfile::tempdir().unwrap();
    let latest = sqlx::migrate!("./migrations/sqlite").iter().map(|m| m.version).max().unwrap();
    let old = database_at(&dir, latest).await;
    let svc = service(old.clone());
    let finished = start(&svc, ALICE, BOB, 1).await;
    let mut interaction = 100;
    loop {
        let request = next_move(&svc, finished, [ALICE, BOB], interaction).await;
        interaction += 1;
        if svc.act(request).await.expect("a move").board.winner().is_some() {
            break;
        }
    }
    let in_play = start(&svc, CAROL, DANA, 2).await;
    drop(svc);
    // On one connection: another one's stale schema would refuse to make again an index
    // of a name it still knows.
    let mut conn = old.acquire().await.unwrap();
    for undo in [
        "DROP TABLE player_summaries",
        "DROP INDEX matches_to_fold",
        "ALTER TABLE matches DROP COLUMN log_folded",
        "DROP TABLE match_logs",
        "DROP INDEX challenges_pending",
        "DROP INDEX challenges_expiry",
        "CREATE INDEX challenges_pending ON challenges (guild_id, status)",
        "CREATE INDEX challenges_expiry ON challenges (status, expires_at)",
        "DROP INDEX matches_by_updated",
        "DROP INDEX matches_by_guild_updated",
        "CREATE INDEX matches_by_guild_status ON matches (guild_id, status)",
        "DROP INDEX matches_remind_at",
        "DROP INDEX matches_quiet_ping",
        "DROP INDEX matches_by_guild_seat_a",
        "DROP INDEX matches_by_guild_seat_b",
        "CREATE INDEX matches_by_guild_seat_a ON matches (guild_id, seat_a, status)",
        "CREATE INDEX matches_by_guild_seat_b ON matches (guild_id, seat_b, status)",
        "DROP TABLE publish_leases",
        "DROP TABLE board_messages",
        "DROP TRIGGER board_owed_when_changed",
        "DROP TRIGGER board_owed_when_made",
        "DROP TABLE board_outbox",
        "ALTER TABLE matches DROP COLUMN thread_from",
        "DROP TABLE seasons",
        "DROP TABLE guild_seasons",
        "DROP TABLE user_settings",
        "DROP TABLE away_periods",
        "ALTER TABLE guild_settings DROP COLUMN away_days",
        "ALTER TABLE matches DROP COLUMN quiet_ping_version",
        "ALTER TABLE matches DROP COLUMN quiet_ping_at",
        "ALTER TABLE matches DROP COLUMN away_allowed",
        "DROP TABLE tournament_pairings",
        "DROP TABLE tournament_rounds",
        "DROP TABLE tournament_entrants",
        "ALTER TABLE matches DROP COLUMN tournament_round",
        "ALTER TABLE matches DROP COLUMN tournament_id",
        "DROP TABLE tournaments",
        "ALTER TABLE guild_settings DROP COLUMN tournament_role",
        "ALTER TABLE guild_settings DROP COLUMN boards",
        "ALTER TABLE boards DROP COLUMN ended",
        "ALTER TABLE boards DROP COLUMN narration",
        "DROP TABLE guild_locales",
        "ALTER TABLE guild_settings DROP COLUMN language",
        "DROP INDEX matches_practice_active",
        "ALTER TABLE matches DROP COLUMN practice_level",
        "ALTER TABLE matches DROP COLUMN practice_seat",
        "DELETE FROM _sqlx_migrations WHERE version > 7",
    ] {
        sqlx::query(undo).execute(&mut *conn).await.unwrap_or_else(|e| panic!("{undo}: {e}"));
    }
    drop(conn);
    // Written as the versions before 0008 wrote them.
    sqlx::query("UPDATE ratings SET scope = 'all' WHERE scope = 'engarde'").execute(&old).await.unwrap();
    sqlx::query("UPDATE rating_changes SET scope = 'all' WHERE scope = 'engarde'").execute(&old).await.unwrap();
    let ratings_before: Vec<(String, i64, f64)> =
        sqlx::query_as("SELECT scope, user_id, rating FROM ratings ORDER BY scope, user_id")
            .fetch_all(&old)
            .await
            .unwrap();
    assert_eq!(ratings_before.iter().filter(|r| r.0 == "all").count(), 2);
    old.close().await;

    let pool = open_migrated(&dir).await;
    let games: Vec<String> = sqlx::query_scalar("SELECT DISTINCT game FROM matches").fetch_all(&pool).await.unwrap();
    assert_eq!(games, ["engarde"], "every match so far is an En Garde match");
    let ratings_after: Vec<(String, i64, f64)> =
        sqlx::query_as("SELECT scope, user_id, rating FROM ratings ORDER BY scope, user_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let renamed: Vec<(String, i64, f64)> = ratings_before
        .into_iter()
        .map(|(scope, user, rating)| (if scope == "all" { "engarde".to_owned() } else { scope }, user, rating))
        .collect();
    let mut renamed = renamed;
    renamed.sort_by(|x, y| (&x.0, x.1).cmp(&(&y.0, y.1)));
    assert_eq!(ratings_after, renamed, "the overall ratings are En Garde's, the numbers untouched");
    let svc = service(pool.clone());
    // The En Garde board shows them; a rebuild reproduces them exactly.
    let board = svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    assert_eq!(board.total, 2);
    let rebuilt = svc.rebuild_ratings().await.unwrap();
    assert_eq!(rebuilt.changed, 0, "{rebuilt:?}");
    // The match in play plays on, and the finished one replays.
    svc.act(next_move(&svc, in_play, [CAROL, DANA], 900).await).await.expect("the old match plays on");
    let record = svc.record(finished).await.unwrap();
    assert!(engarde_rules::replay(&record.to_string()).is_ok());
}

/// `engarde backup FILE` with `DATABASE_URL` set: (exit status, stdout, stderr).
fn backup_cli(database_url: &str, dest: &std::path::Path) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde"))
        .arg("backup")
        .arg(dest)
        .env_clear()
        .env("DATABASE_URL", database_url)
        .current_dir(dest.parent().unwrap())
        .output()
        .expect("the engarde binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_online_backup_is_a_consistent_copy_that_replays_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let pool = sqlite(engarde::store::open(&url(&dir)).await).unwrap();
    let svc = service(pool.clone());
    // A finished match and one in progress.
    let done = start(&svc, ALICE, BOB, 1).await;
    let mut interaction = 100;
    while svc.hand(GUILD, done, ALICE).await.is_ok() {
        let request = next_move(&svc, done, [ALICE, BOB], interaction).await;
        interaction += 1;
        svc.act(request).await.expect("a legal move");
    }
    let live = start(&svc, CAROL, DANA, 2).await;
    for _ in 0..3 {
        let request = next_move(&svc, live, [CAROL, DANA], interaction).await;
        interaction += 1;
        svc.act(request).await.unwrap();
    }

    // Online: the bot's pool stays open, and another connection is mid-read.
    let mut reader = SqliteConnectOptions::from_str(&url(&dir)).unwrap().connect().await.unwrap();
    let mut read_tx = reader.begin().await.unwrap();
    let _: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches").fetch_one(&mut *read_tx).await.unwrap();
    let copy = dir.path().join("backup.db");
    let (status, stdout, stderr) = backup_cli(&url(&dir), &copy);
    assert_eq!(status, 0, "{stdout}{stderr}");
    assert!(stdout.contains("backup.db"), "{stdout}");
    read_tx.rollback().await.unwrap();

    // The copy: opens, is intact, and every match in it replays to its stored state.
    let copy_url = format!("sqlite://{}", copy.display());
    let copied = sqlite(engarde::store::open(&copy_url).await).expect("the copy opens");
    assert_eq!(integrity(&copied).await, "ok");
    let copied_svc = service(copied.clone());
    for m in [done, live] {
        let record = copied_svc.record(m).await.expect("a record");
        let original = svc.record(m).await.unwrap();
        assert_eq!(record, original);
        let json = serde_json::to_string(&record).unwrap();
        let report = engarde_rules::engarde::replay(&json).expect("the copy's record replays");
        assert_eq!(report.finished, m == done);
        assert_eq!(snapshot(&copied, m).await, snapshot(&pool, m).await);
    }

    // Never overwrites: the same name again fails, and the copy is untouched.
    let size = std::fs::metadata(&copy).unwrap().len();
    let (status, _, stderr) = backup_cli(&url(&dir), &copy);
    assert_eq!(status, 1);
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), size);
    // A database that does not exist is not created by a backup.
    let missing = format!("sqlite://{}", dir.path().join("nope.db").display());
    let (status, _, stderr) = backup_cli(&missing, &dir.path().join("other.db"));
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("cannot open the database"), "{stderr}");
    assert!(!dir.path().join("nope.db").exists() && !dir.path().join("other.db").exists());
    // Usage.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde")).arg("backup").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_writes_clearly_and_loses_nothing() {
    let (dir, pool, _, m) = one_match().await;
    let before = snapshot(&pool, m).await;
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(&pool).await.unwrap();
    pool.close().await;

    // The database may not grow past its current size: a full disk, as SQLite sees it.
    let options = SqliteConnectOptions::from_str(&url(&dir)).unwrap().pragma("max_page_count", pages.to_string());
    let full = SqlitePoolOptions::new().connect_with(options).await.unwrap();
    let svc_full = service(full.clone());
    let mut refused = None;
    for i in 0..500u64 {
        let request = ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: PlayerInfo { user_id: 10_000 + 2 * i, name: "x".repeat(200), bot: false },
            challenged: PlayerInfo { user_id: 10_001 + 2 * i, name: "y".repeat(200), bot: false },
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: 1_000 + i,
        };
        let challenges: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges").fetch_one(&full).await.unwrap();
        match svc_full.challenge(request).await {
            Ok(_) => {}
            Err(e) => {
                // Nothing of the refused use case was written.
                let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges").fetch_one(&full).await.unwrap();
                assert_eq!(after, challenges, "a refused challenge left a row");
                refused = Some(e);
                break;
            }
        }
    }
    let refused = refused.expect("the database filled up");
    assert!(matches!(refused, ServiceError::Unavailable(_)), "{refused:?}");
    assert!(refused.to_string().contains("Try again in a moment"), "{refused}");
    assert!(format!("{refused:?}").contains("full"), "the log says why: {refused:?}");
    full.close().await;

    // Room again: intact, the match unchanged and playable.
    let pool = sqlite(engarde::store::open(&url(&dir)).await).expect("reopens");
    assert_eq!(integrity(&pool).await, "ok");
    assert_eq!(snapshot(&pool, m).await, before);
    let svc = service(pool.clone());
    let request = next_move(&svc, m, [ALICE, BOB], 77).await;
    svc.act(request).await.expect("writable again");
}
