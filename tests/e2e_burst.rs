//! Bursts at Discord's pace: the real bot against the double with Discord's rate limits on
//! (`RateLimits::discord()`). Matches are seeded in the database (through the service, with
//! the bot's clock), spread over many channels as real servers spread them, then:
//!
//! (b) a restart finds every match's board missing and posts them all again;
//! (a) every match's reminder falls due at once;
//! (c) every match runs out of time in the same minute (a final board each, and the board
//!     before it retired).
//!
//! Each burst must drain with no global 429, route 429s below 1 per 1,000 requests, nothing
//! lost, and an interaction made in the middle of it answered within 3 seconds. The size is
//! `ENGARDE_BURST_MATCHES` (default 150; the sizes are 2,000 reminders, 500 reposts,
//! 200 finishes). Drain times are printed (`cargo test --test e2e_burst -- --nocapture`).
//! Measured on a loaded 2-core machine: 150 matches drain in 3.6 s / 5.0 s / 13.6 s, 2,000 in
//! 52.8 s / 54.9 s / 108.5 s (2,000, 2,000 and 4,000 counted requests: the gate's 40 per
//! second), with no 429 of any scope and clicks answered in 3–10 ms.

mod support;

use std::time::{Duration, Instant};

use discord_double::{ChannelId, RateLimitStats, RateLimits};
use engarde::service::settings::SettingsChange;
use engarde::service::{ChallengeRequest, FileClock, PlayerInfo, Service};
use serde_json::json;
use support::Table;

/// Matches per channel (each channel's message bucket drains 5 per 5 s).
const PER_CHANNEL: usize = 4;

fn burst_size() -> usize {
    std::env::var("ENGARDE_BURST_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(150)
}

/// Seeds `n` active matches, each between two players of its own, `PER_CHANNEL` to a
/// channel; their ids and channels. No board is recorded: the bot owes each one. The server
/// keeps its matches in their channels (threads off): an owed first board in a server with
/// threads would open its match's thread first (see `service::BoardPlace`), and the bursts
/// are of boards, one request each, as for matches whose threads are open already.
async fn seed(table: &Table, n: usize) -> Vec<(i64, ChannelId)> {
    let url = table.database_url();
    let clock_path = std::path::Path::new(url.trim_start_matches("sqlite://")).with_file_name("clock");
    let pool = engarde::store::open(&url).await.expect("the bot's database");
    let clock = FileClock::new(clock_path).expect("the bot's clock");
    let service = Service::new(pool).with_clock(std::sync::Arc::new(clock));
    let threads_off = SettingsChange { threads: Some(false), ..Default::default() };
    service.update_settings(table.guild.get(), table.dana.get(), &threads_off).await.expect("threads off");
    let mut channels = Vec::new();
    let mut seeded = Vec::with_capacity(n);
    for i in 0..n {
        if i % PER_CHANNEL == 0 {
            channels.push(table.double.add_channel(table.guild, &format!("duels-{}", i / PER_CHANNEL)));
        }
        let channel = *channels.last().expect("a channel");
        let person = |id: u64| PlayerInfo { user_id: id, name: format!("Fencer {id}"), bot: false };
        let (a, b) = (1_000_000 + 2 * i as u64, 1_000_001 + 2 * i as u64);
        let request = ChallengeRequest {
            guild_id: table.guild.get(),
            channel_id: channel.get(),
            challenger: person(a),
            challenged: person(b),
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: 5_000_000 + i as u64,
        };
        let challenge = service.challenge(request).await.expect("a challenge");
        let accepted = service.accept(challenge.id, &person(b)).await.expect("accepted");
        seeded.push((accepted.board.match_id, channel));
    }
    seeded
}

/// The double's statistics since `before`.
fn since(before: &RateLimitStats, now: &RateLimitStats) -> (u64, u64, u64, u64) {
    (
        now.counted - before.counted,
        now.limited_global - before.limited_global,
        now.limited_user - before.limited_user,
        now.limited_shared - before.limited_shared,
    )
}

/// Waits until `done` holds (the burst drained), making an interaction once the burst is
/// under way; the drain time and the interaction's latency.
async fn drain(table: &Table, what: &str, limit: Duration, done: impl Fn() -> bool) -> (Duration, Duration) {
    let start = Instant::now();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let latency = click(table).await;
    while !done() {
        assert!(start.elapsed() < limit, "{what}: not drained after {limit:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (start.elapsed(), latency)
}

/// A player clicks their live board's Play button (Alice's match, played through Discord);
/// once the match is over, a slash command instead. The answer's latency.
async fn click(table: &Table) -> Duration {
    let board = table.latest_board();
    let play = board.buttons().into_iter().map(|(_, id)| id).find(|id| id.starts_with("eg:h:"));
    let reply = match (play, table.to_act()) {
        (Some(play), Some(user)) => table.click(user, &board, &play).await,
        _ => table.command(table.alice, "rules", json!({})).await,
    };
    reply.latency
}

fn check(table: &Table, what: &str, before: &RateLimitStats, drained: Duration, latency: Duration) {
    let now = table.double.rate_limit_stats();
    let (counted, global, route, shared) = since(before, &now);
    println!(
        "burst {what}: drained in {drained:.1?}, {counted} counted requests, 429s global {global} route {route} \
         shared {shared}, interaction answered in {latency:.0?}"
    );
    assert_eq!(global, 0, "{what}: no global 429");
    assert!(route * 1000 < counted.max(1), "{what}: route 429s below 1 per 1,000 requests ({route} of {counted})");
    assert_eq!(now.bans, 0, "{what}: never banned");
    assert!(latency < Duration::from_secs(3), "{what}: the interaction waited {latency:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bursts_drain_at_discords_pace() {
    let n = burst_size();
    let mut table = Table::new().await;
    table.double.set_rate_limits(RateLimits::discord());
    // A match played through Discord, whose player clicks during each burst (a week per
    // decision: it neither forfeits nor is reminded during the bursts).
    table.start_match_between(table.alice, table.bob, None, Some(5), Some("7d")).await;
    table.kill_bot().await;
    let seeded = seed(&table, n).await;
    let channels: Vec<ChannelId> = {
        let mut c: Vec<ChannelId> = seeded.iter().map(|&(_, c)| c).collect();
        c.dedup();
        c
    };
    let messages = |table: &Table| channels.iter().map(|&c| table.double.channel_messages(c).len()).sum::<usize>();
    // Time for each burst: the global budget (40/s) or one channel's bucket, with room.
    let limit = Duration::from_secs(30 + (2 * n as u64) / 15);

    // (b) A restart owes every board.
    table.start_bot().await;
    let before = table.double.rate_limit_stats();
    table.advance(11);
    let (drained, latency) = drain(&table, "restart", limit, || messages(&table) >= n).await;
    check(&table, &format!("(b) restart with {n} boards to repost"), &before, drained, latency);
    for &(_, c) in &seeded {
        assert!(!table.double.channel_messages(c).is_empty());
    }
    assert_eq!(messages(&table), n, "one board per match, no duplicate");

    // (a) Every reminder at once (a decision's time is 2 days by default; reminders at half).
    let before = table.double.rate_limit_stats();
    let start_count = messages(&table);
    table.advance(24 * 3600 + 60);
    let (drained, latency) = drain(&table, "reminders", limit, || messages(&table) >= start_count + n).await;
    check(&table, &format!("(a) {n} reminders due at once"), &before, drained, latency);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(messages(&table), start_count + n, "one reminder per match, none twice");

    // (c) Every match runs out of time in the same minute: a final board each.
    let before = table.double.rate_limit_stats();
    let start_count = messages(&table);
    table.advance(24 * 3600 + 60);
    let (drained, latency) = drain(&table, "finishes", limit, || messages(&table) >= start_count + n).await;
    check(&table, &format!("(c) {n} matches finishing together"), &before, drained, latency);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(messages(&table), start_count + n, "one final board per match");
}
