//! Two bot processes over one PostgreSQL database, each running half of the gateway
//! shards (`SHARDS=0-1` and `SHARDS=2-3`, `SHARD_COUNT=4`), with matches in servers of both
//! halves, through the Discord double (which routes each server's events to its shard
//! only, as Discord does):
//! - whole matches are played in every server;
//! - two different clicks on the same turn, each delivered to both processes, apply once;
//! - with the clock moved, each reminder and each forfeit is announced once in all, though
//!   both processes run the scheduler;
//! - one process SIGKILLed under load and restarted: nothing acknowledged is lost, every
//!   match's state is what its record replays to, every match has its current board.

mod pg;
mod reliability;
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_double::{perms, shard_of, ChannelId, DiscordDouble, GuildId, RecordedMessage, Reply, UserId};
use serde_json::json;
use support::{
    button, is_board, prefer, Choice, Table, TwoProcesses, INVITE_PERMISSIONS, SHARD_COUNT, START_TIME, WAIT,
};
use tokio::task::JoinSet;

/// Servers in each half.
const GUILDS_PER_HALF: usize = 2;
const HOUR: i64 = 3_600;
const AGGRESSIVE: &[&str] = &["Attack", "Advance 1 + attack", "Advance", "Parry", "Retreat", "Take the hit"];

/// A server: its duel channel and two players.
#[derive(Clone, Copy, Debug)]
struct Server {
    guild: GuildId,
    channel: ChannelId,
    players: [UserId; 2],
    /// The process whose shards hold it.
    half: usize,
}

/// The double, the database, and the two bot processes.
struct Cluster {
    double: DiscordDouble,
    servers: Vec<Server>,
    processes: TwoProcesses,
}

impl Cluster {
    async fn new() -> Cluster {
        let double = DiscordDouble::start().await;
        let database_url = pg::fresh_database().await;
        // Servers until each half holds enough (a server's shard follows from its id).
        let mut servers = Vec::new();
        for n in 0..400 {
            let counts = [0, 1].map(|h| servers.iter().filter(|s: &&Server| s.half == h).count());
            if counts.iter().all(|&c| c >= GUILDS_PER_HALF) {
                break;
            }
            let guild = double.add_guild(&format!("Salle {n}"));
            let half = usize::from(shard_of(Some(guild.0), SHARD_COUNT) >= 2);
            if counts[half] >= GUILDS_PER_HALF {
                continue;
            }
            let channel = double.add_channel(guild, "duels");
            let players = [double.add_user(&format!("A{n}")), double.add_user(&format!("B{n}"))];
            for p in players {
                double.add_member(guild, p, perms::MEMBER_DEFAULT);
            }
            double.set_bot_permissions(guild, INVITE_PERMISSIONS);
            servers.push(Server { guild, channel, players, half });
            tokio::time::sleep(Duration::from_millis(3)).await;
        }
        assert_eq!(servers.len(), 2 * GUILDS_PER_HALF, "servers in both halves of the shards");
        Cluster { double, servers, processes: TwoProcesses::new(database_url, START_TIME) }
    }

    fn set_time(&self, unix: i64) {
        self.processes.set_time(unix);
    }

    fn advance(&self, seconds: i64) {
        self.processes.advance(seconds);
    }

    /// Starts process `half` (its shards of the four) and waits until its shards are ready.
    async fn start(&mut self, half: usize) {
        self.processes.start(&self.double, half).await;
    }

    async fn kill(&mut self, half: usize) {
        self.processes.kill(half).await;
    }

    /// Challenges and accepts in `server`; returns the match's thread.
    async fn start_match(&self, server: &Server, turn_time: Option<&str>) -> ChannelId {
        let [a, b] = server.players;
        let mut options = vec![json!({ "type": 6, "name": "opponent", "value": b.to_string() })];
        options.push(json!({ "type": 4, "name": "hits", "value": 1 }));
        if let Some(t) = turn_time {
            options.push(json!({ "type": 3, "name": "turn_time", "value": t }));
        }
        let threads = self.double.threads().iter().filter(|t| t.guild_id == server.guild).count();
        let options = json!([{ "type": 1, "name": "challenge", "options": options }]);
        let reply = self.double.slash_command(a, server.guild, server.channel, "engarde", options).await;
        let message = reply.final_message().await.expect("the challenge message");
        let accept = button(&message.buttons(), "Accept");
        let accepted = self.double.click(b, message.channel_id, message.id, &accept).await;
        assert!(accepted.content.contains("accepted"), "{accepted:?}");
        let start = Instant::now();
        loop {
            let mine: Vec<_> = self.double.threads().into_iter().filter(|t| t.guild_id == server.guild).collect();
            if let Some(thread) = mine.get(threads) {
                if latest_board(&self.double, thread.id).is_some() {
                    return thread.id;
                }
            }
            assert!(start.elapsed() < WAIT, "the first board never came");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// The latest board of a match's thread.
fn latest_board(double: &DiscordDouble, channel: ChannelId) -> Option<RecordedMessage> {
    double.channel_messages(channel).into_iter().rfind(is_board)
}

/// The messages of a thread containing `text`.
fn containing(double: &DiscordDouble, channel: ChannelId, text: &str) -> usize {
    double.channel_messages(channel).iter().filter(|m| m.content.contains(text)).count()
}

/// Opens the hand of whoever the latest board offers moves to; their prompt and choices.
async fn hand_to_play(double: &DiscordDouble, channel: ChannelId, players: [UserId; 2]) -> Option<(UserId, Reply)> {
    let board = latest_board(double, channel)?;
    let (_, play) = board.buttons().into_iter().find(|(_, id)| id.starts_with("eg:h:"))?;
    let first = support::mentioned(&board.content).unwrap_or(players[0]);
    let order = if first == players[1] { [players[1], players[0]] } else { players };
    for user in order {
        let Ok(hand) = double.try_click(user, channel, board.id, &play).await else { continue };
        if !Table::choices(&hand).is_empty() && hand.message_id.is_some() {
            return Some((user, hand));
        }
    }
    None
}

/// Plays one decision as the players would. Returns false once the match is over. Errors
/// (a process down, a stale prompt) just mean trying again.
async fn step(double: &DiscordDouble, channel: ChannelId, players: [UserId; 2]) -> bool {
    let Some(board) = latest_board(double, channel) else {
        tokio::time::sleep(Duration::from_millis(20)).await;
        return true;
    };
    if support::is_final(&board) {
        return false; // a finished board offers only Rematch and Record
    }
    let Some((user, hand)) = hand_to_play(double, channel, players).await else {
        tokio::time::sleep(Duration::from_millis(20)).await;
        return true;
    };
    let prompt = hand.message_id.expect("a prompt");
    let _ = match prefer(AGGRESSIVE)(&Table::choices(&hand)) {
        Choice::Button(_, id) => double.try_click(user, channel, prompt, &id).await,
        Choice::Option(menu, _, value) => double.try_select(user, channel, prompt, &menu, &[&value]).await,
    };
    let _ = double.wait_for_message(channel, Some(board.id), Duration::from_millis(1_500)).await;
    true
}

async fn play(cluster: Arc<Cluster>, channel: ChannelId, players: [UserId; 2]) {
    while step(&cluster.double, channel, players).await {}
}

/// Waits until every match has a board showing its current version.
async fn wait_for_current_boards(pool: &engarde::store::Pool) {
    let deadline = Instant::now() + WAIT;
    loop {
        let boards = reliability::latest_boards(pool).await;
        let current =
            reliability::matches(pool).await.iter().all(|(id, m)| boards.get(id).is_some_and(|b| b.0 == m.version));
        if current || Instant::now() > deadline {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_the_work_of_both_halves_of_the_shards() {
    let mut cluster = Cluster::new().await;
    cluster.start(0).await;
    cluster.start(1).await;
    let by_shard = cluster.double.identifies_by_shard();
    assert_eq!(by_shard.into_iter().collect::<Vec<_>>(), [(0, 1), (1, 1), (2, 1), (3, 1)], "one session per shard");

    // Whole matches in every server, played at once.
    let mut threads = Vec::new();
    for server in &cluster.servers {
        threads.push((cluster.start_match(server, None).await, server.players));
    }
    let cluster = Arc::new(cluster);
    let mut players = JoinSet::new();
    for &(thread, pair) in &threads {
        players.spawn(play(Arc::clone(&cluster), thread, pair));
    }
    tokio::time::timeout(Duration::from_secs(60), async { while players.join_next().await.is_some() {} })
        .await
        .expect("every match finished in time");
    let pool = reliability::open(&cluster.processes.database_url).await;
    let stored = reliability::matches(&pool).await;
    assert_eq!(stored.len(), threads.len());
    assert!(stored.values().all(|m| m.status == "finished"), "{stored:#?}");
    // Each server's interactions went to its own shard's session only.
    let mut shards_used: Vec<u64> = cluster.servers.iter().map(|s| shard_of(Some(s.guild.0), SHARD_COUNT)).collect();
    shards_used.sort_unstable();
    shards_used.dedup();
    let routed = cluster.double.interactions_by_shard();
    assert_eq!(routed.keys().copied().collect::<Vec<_>>(), shards_used, "interactions by shard: {routed:?}");

    // Two different clicks on the same turn, each delivered to both processes: one applies.
    let server = cluster.servers[0];
    let thread = cluster.start_match(&server, None).await;
    let (user, hand) = hand_to_play(&cluster.double, thread, server.players).await.expect("a hand");
    let versions = reliability::matches(&pool).await;
    let (&id, before) = versions.iter().max_by_key(|(id, _)| **id).expect("the new match");
    let buttons: Vec<String> = Table::choices(&hand)
        .into_iter()
        .filter_map(|c| match c {
            Choice::Button(_, id) if !id.contains("resign") => Some(id),
            _ => None,
        })
        .take(2)
        .collect();
    assert!(!buttons.is_empty(), "moves offered: {hand:?}");
    cluster.double.deliver_interactions_to_every_shard(true);
    let prompt = hand.message_id.expect("a prompt");
    let second = buttons.get(1).unwrap_or(&buttons[0]);
    let answers = tokio::join!(
        cluster.double.try_click(user, thread, prompt, &buttons[0]),
        cluster.double.try_click(user, thread, prompt, second)
    );
    cluster.double.deliver_interactions_to_every_shard(false);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = &reliability::matches(&pool).await[&id];
    assert_eq!(after.version, before.version + 1, "one of the racing clicks applied, once: {answers:?}");
    assert_eq!(after.actions, before.actions + 1);
    reliability::assert_consistent(&pool).await;

    // Reminders and forfeits, with the clock moved: once each in all.
    let mut timed = Vec::new();
    for server in &cluster.servers[1..] {
        timed.push(cluster.start_match(server, Some("2h")).await);
    }
    cluster.advance(HOUR + 1);
    for &thread in &timed {
        let start = Instant::now();
        while containing(&cluster.double, thread, "reminder") == 0 {
            assert!(start.elapsed() < WAIT, "no reminder in {thread}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    for &thread in &timed {
        assert_eq!(containing(&cluster.double, thread, "reminder"), 1, "one reminder in all, in {thread}");
    }
    cluster.advance(HOUR);
    for &thread in &timed {
        let start = Instant::now();
        while containing(&cluster.double, thread, "by timeout") == 0 {
            assert!(start.elapsed() < WAIT, "no forfeit in {thread}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    cluster.advance(10 * HOUR);
    tokio::time::sleep(Duration::from_millis(500)).await;
    for &thread in &timed {
        assert_eq!(containing(&cluster.double, thread, "by timeout"), 1, "one forfeit in all, in {thread}");
    }
    let finished = reliability::matches(&pool).await.values().filter(|m| m.status == "finished").count();
    assert_eq!(finished, threads.len() + timed.len(), "the racing match is still on; the rest are over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_under_load_loses_nothing() {
    let mut cluster = Cluster::new().await;
    cluster.start(0).await;
    cluster.start(1).await;
    let mut threads = Vec::new();
    for server in cluster.servers.clone() {
        threads.push((cluster.start_match(&server, None).await, server.players));
    }
    let mut cluster = Arc::new(cluster);
    let mut players = JoinSet::new();
    for &(thread, pair) in &threads {
        players.spawn(play(Arc::clone(&cluster), thread, pair));
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    players.abort_all();
    while players.join_next().await.is_some() {}
    {
        let cluster = Arc::get_mut(&mut cluster).expect("no player holds the cluster");
        cluster.kill(0).await;
        cluster.start(0).await;
        // Let the scheduler post the boards the crash lost (10 s of the bots' clock).
        cluster.advance(11);
    }
    let pool = reliability::open(&cluster.processes.database_url).await;
    wait_for_current_boards(&pool).await;
    reliability::assert_boards_current(&pool, &cluster.double).await;

    let mut players = JoinSet::new();
    for &(thread, pair) in &threads {
        players.spawn(play(Arc::clone(&cluster), thread, pair));
    }
    tokio::time::timeout(Duration::from_secs(60), async { while players.join_next().await.is_some() {} })
        .await
        .expect("every match finished in time");
    cluster.advance(11);
    wait_for_current_boards(&pool).await;
    let stored = reliability::matches(&pool).await;
    assert!(stored.values().all(|m| m.status == "finished"), "{stored:#?}");
    reliability::assert_consistent(&pool).await;
    let acknowledged = reliability::acknowledged_actions(&cluster.double);
    reliability::assert_acknowledged_applied_once(&pool, &acknowledged).await;
    reliability::assert_boards_current(&pool, &cluster.double).await;
    let actions: i64 = stored.values().map(|m| m.actions).sum();
    assert!(acknowledged.len() as i64 <= actions && !acknowledged.is_empty());
}

/// 2026-12-01 00:00 UTC: the end of the month `START_TIME` (2026-11-21) is in.
const DECEMBER: i64 = 1_796_083_200;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_s_podium_is_posted_once_by_two_processes() {
    let mut cluster = Cluster::new().await;
    let admin = cluster.double.add_user("Admin");
    for server in &cluster.servers {
        cluster.double.add_member(server.guild, admin, perms::MEMBER_DEFAULT | perms::MANAGE_GUILD);
    }
    cluster.start(0).await;
    cluster.start(1).await;
    // Monthly seasons in every server (through each server's own shard), then, a minute
    // later, a match in each that its second player resigns.
    for server in &cluster.servers {
        let options = json!([{ "type": 1, "name": "config", "options": [
            { "type": 3, "name": "seasons", "value": "monthly" }
        ] }]);
        let on = cluster.double.slash_command(admin, server.guild, server.channel, "engarde-admin", options).await;
        assert!(on.content.contains("Saved"), "{on:?}");
    }
    cluster.advance(60);
    for server in &cluster.servers {
        cluster.start_match(server, None).await;
        let loser = server.players[1];
        let options = json!([{ "type": 1, "name": "resign", "options": [] }]);
        let ask = cluster.double.slash_command(loser, server.guild, server.channel, "engarde", options).await;
        let message = ask.message_id.expect("the resignation prompt");
        let done = cluster.double.click(loser, ask.channel_id, message, &button(&ask.buttons(), "Resign")).await;
        assert!(done.content.contains("You resigned"), "{done:?}");
    }
    // December: both processes run the scheduler; each server's podium comes once.
    cluster.set_time(DECEMBER + 60);
    for server in &cluster.servers {
        let start = Instant::now();
        while containing(&cluster.double, server.channel, "is over!") == 0 {
            assert!(start.elapsed() < WAIT, "no podium in {:?}", server.guild);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // Many passes of both schedulers later (and the clock moved on): still once.
    tokio::time::sleep(Duration::from_millis(500)).await;
    cluster.advance(HOUR);
    tokio::time::sleep(Duration::from_millis(500)).await;
    for server in &cluster.servers {
        assert_eq!(containing(&cluster.double, server.channel, "is over!"), 1, "one podium in {:?}", server.guild);
        let podium =
            cluster.double.channel_messages(server.channel).into_iter().find(|m| m.text().contains("is over!"));
        let text = podium.expect("the podium").text();
        assert!(text.contains(&format!("🥇 <@{}>", server.players[0])), "{text}");
    }
}
