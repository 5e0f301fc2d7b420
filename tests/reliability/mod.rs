//! Checks shared by the reliability tests (`e2e_crash`, `e2e_faults`, `e2e_tamper`):
//! read the bot's database and prove nothing was lost, doubled or half-written.

#![allow(dead_code)]

use std::collections::BTreeMap;

use discord_double::DiscordDouble;
use engarde::service::Service;
use engarde::store::Pool;
use engarde_rules::engarde::EnGarde;

/// A connection pool on the bot's database, SQLite (WAL: readable while the bot runs) or
/// PostgreSQL.
pub async fn open(url: &str) -> Pool {
    engarde::store::open(url).await.expect("the bot's database opens")
}

/// What is stored about a match, for before/after comparisons.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Stored {
    pub id: i64,
    pub version: i64,
    pub state: String,
    pub status: String,
    pub actions: i64,
}

/// Every match as stored, by id.
pub async fn matches(pool: &Pool) -> BTreeMap<i64, Stored> {
    let sql = "SELECT m.id, m.version, m.state, m.status,
                      (SELECT COUNT(*) FROM match_actions a WHERE a.match_id = m.id) AS actions
               FROM matches m ORDER BY m.id";
    let mut conn = pool.acquire().await.expect("a connection");
    let rows: Vec<Stored> =
        engarde::with_db!(&mut conn, |cx| sqlx::query_as(sql).fetch_all(cx).await).expect("the matches");
    rows.into_iter().map(|r| (r.id, r)).collect()
}

/// Interactions the bot acknowledged as an applied action: an update of the
/// prompt saying what the player did ("You advance 3.", "You resigned …").
pub fn acknowledged_actions(double: &DiscordDouble) -> Vec<u64> {
    double
        .interaction_responses()
        .into_iter()
        .filter(|r| {
            let text = r.data["content"].as_str().unwrap_or_default();
            r.kind == 7 && text.starts_with("You ") && !text.starts_with("You offered")
        })
        .map(|r| r.interaction_id)
        .collect()
}

/// Every acknowledged action is in the log exactly once (by interaction id).
pub async fn assert_acknowledged_applied_once(pool: &Pool, acknowledged: &[u64]) {
    let mut conn = pool.acquire().await.expect("a connection");
    for &id in acknowledged {
        let sql = "SELECT COUNT(*) FROM match_actions WHERE interaction_id = $1";
        let n: i64 = engarde::with_db!(&mut conn, |cx| {
            sqlx::query_scalar(sql).bind(i64::try_from(id).unwrap()).fetch_one(cx).await
        })
        .unwrap();
        assert_eq!(n, 1, "the acknowledged interaction {id} is logged {n} times");
    }
}

/// Every match is self-consistent: its log holds one action per version, turns
/// 0..version without gaps, no interaction twice, and its stored state is the
/// state its record replays to (`EnGarde::from_record` of `Service::record`).
pub async fn assert_consistent(pool: &Pool) {
    let svc = Service::new(pool.clone());
    let mut conn = pool.acquire().await.expect("a connection");
    let sql = "SELECT COUNT(*) FROM (SELECT interaction_id FROM match_actions WHERE interaction_id IS NOT NULL
                                     GROUP BY interaction_id HAVING COUNT(*) > 1) AS doubled";
    let dup: i64 = engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(sql).fetch_one(cx).await).unwrap();
    assert_eq!(dup, 0, "an interaction applied twice");
    for (id, m) in matches(pool).await {
        assert_eq!(m.actions, m.version, "match {id}: {} logged actions at version {}", m.actions, m.version);
        let sql = "SELECT turn FROM match_actions WHERE match_id = $1 ORDER BY turn";
        let turns: Vec<i64> =
            engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(sql).bind(id).fetch_all(cx).await).unwrap();
        assert_eq!(turns, (0..m.version).collect::<Vec<_>>(), "match {id}: gaps in the log");
        let record = svc.record(id).await.unwrap_or_else(|e| panic!("match {id}: no record: {e:?}"));
        let stored: EnGarde = serde_json::from_str(&m.state).expect("a valid stored state");
        let replayed = EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap())
            .unwrap_or_else(|e| panic!("match {id}: {e}"));
        assert_eq!(replayed, stored, "match {id}: the stored state is not what its record replays to");
    }
}

/// The latest posted board of each match: (turn, message id), from the `boards` table.
pub async fn latest_boards(pool: &Pool) -> BTreeMap<i64, (i64, u64)> {
    // Only each match's latest board is kept (migration 0005).
    let sql = "SELECT match_id, turn, message_id FROM boards";
    let mut conn = pool.acquire().await.expect("a connection");
    let rows: Vec<(i64, i64, i64)> =
        engarde::with_db!(&mut conn, |cx| sqlx::query_as(sql).fetch_all(cx).await).unwrap();
    rows.into_iter().map(|(m, t, msg)| (m, (t, u64::try_from(msg).unwrap()))).collect()
}

/// Every match (active or finished) has a posted board showing its current
/// version, and that message is in Discord with a Play button for that turn
/// (or, finished, with Rematch and Record only).
pub async fn assert_boards_current(pool: &Pool, double: &DiscordDouble) {
    let boards = latest_boards(pool).await;
    for (id, m) in matches(pool).await {
        let Some(&(turn, message)) = boards.get(&id) else { panic!("match {id} has no board at all") };
        assert_eq!(turn, m.version, "match {id}: the latest board shows turn {turn}, the match is at {}", m.version);
        let posted = double
            .message(discord_double::MessageId::from(message))
            .unwrap_or_else(|| panic!("match {id}: board message {message} is not on Discord"));
        let buttons = posted.buttons();
        if m.status == "active" {
            let hand = format!("eg:h:{id}:{turn}");
            assert!(buttons.iter().any(|(_, cid)| *cid == hand), "match {id}: board without {hand}: {buttons:?}");
        } else {
            let only_after = buttons.iter().all(|(_, cid)| cid.starts_with("eg:rm:") || cid.starts_with("eg:x:"));
            assert!(only_after, "match {id}: a finished board with game buttons: {buttons:?}");
        }
    }
}
