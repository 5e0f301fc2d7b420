//! Checks shared by the reliability tests (`e2e_crash`, `e2e_faults`, `e2e_tamper`):
//! read the bot's database and prove nothing was lost, doubled or half-written.

#![allow(dead_code)]

use std::collections::BTreeMap;

use discord_double::DiscordDouble;
use engarde::service::Service;
use engarde_rules::engarde::EnGarde;
use sqlx::SqlitePool;

/// A connection pool on the bot's database (WAL: readable while the bot runs).
pub async fn open(url: &str) -> SqlitePool {
    SqlitePool::connect(url).await.expect("the bot's database opens")
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
pub async fn matches(pool: &SqlitePool) -> BTreeMap<i64, Stored> {
    let rows: Vec<Stored> = sqlx::query_as(
        "SELECT m.id, m.version, m.state, m.status,
                (SELECT COUNT(*) FROM match_actions a WHERE a.match_id = m.id) AS actions
         FROM matches m ORDER BY m.id",
    )
    .fetch_all(pool)
    .await
    .expect("the matches");
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
pub async fn assert_acknowledged_applied_once(pool: &SqlitePool, acknowledged: &[u64]) {
    for &id in acknowledged {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM match_actions WHERE interaction_id = ?")
            .bind(i64::try_from(id).unwrap())
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(n, 1, "the acknowledged interaction {id} is logged {n} times");
    }
}

/// Every match is self-consistent: its log holds one action per version, turns
/// 0..version without gaps, no interaction twice, and its stored state is the
/// state its record replays to (`EnGarde::from_record` of `Service::record`).
pub async fn assert_consistent(pool: &SqlitePool) {
    let svc = Service::new(pool.clone());
    let dup: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT interaction_id FROM match_actions WHERE interaction_id IS NOT NULL
                                GROUP BY interaction_id HAVING COUNT(*) > 1)",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(dup, 0, "an interaction applied twice");
    for (id, m) in matches(pool).await {
        assert_eq!(m.actions, m.version, "match {id}: {} logged actions at version {}", m.actions, m.version);
        let turns: Vec<i64> = sqlx::query_scalar("SELECT turn FROM match_actions WHERE match_id = ? ORDER BY turn")
            .bind(id)
            .fetch_all(pool)
            .await
            .unwrap();
        assert_eq!(turns, (0..m.version).collect::<Vec<_>>(), "match {id}: gaps in the log");
        let record = svc.record(id).await.unwrap_or_else(|e| panic!("match {id}: no record: {e:?}"));
        let stored: EnGarde = serde_json::from_str(&m.state).expect("a valid stored state");
        let replayed = EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap())
            .unwrap_or_else(|e| panic!("match {id}: {e}"));
        assert_eq!(replayed, stored, "match {id}: the stored state is not what its record replays to");
    }
}

/// The latest posted board of each match: (turn, message id), from the `boards` table.
pub async fn latest_boards(pool: &SqlitePool) -> BTreeMap<i64, (i64, u64)> {
    let rows: Vec<(i64, i64, i64)> =
        sqlx::query_as("SELECT match_id, MAX(turn), message_id FROM boards GROUP BY match_id")
            .fetch_all(pool)
            .await
            .unwrap();
    rows.into_iter().map(|(m, t, msg)| (m, (t, u64::try_from(msg).unwrap()))).collect()
}

/// Every match (active or finished) has a posted board showing its current
/// version, and that message is in Discord with a Play button for that turn
/// (or, finished, with no buttons).
pub async fn assert_boards_current(pool: &SqlitePool, double: &DiscordDouble) {
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
            assert!(buttons.is_empty(), "match {id}: a finished board with buttons");
        }
    }
}
