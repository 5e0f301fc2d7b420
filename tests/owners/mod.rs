//! Harness of the owner tests (`e2e_owners.rs`): a community of two `engarde` processes
//! (`SHARD_COUNT=2`, one shard each) over one PostgreSQL database, through the Discord
//! double; players who click what they see and log every click; notes of posted boards
//! made slow on demand by a trigger in the database (the bot's code untouched); and a
//! watch that samples which messages carry a match's game buttons.

#![allow(dead_code)]

pub mod notes;
pub mod play;
pub mod watch;

use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_double::{perms, shard_of, ChannelId, DiscordDouble, GuildId, UserId};
use serde_json::json;

use crate::support::{self, TwoProcesses, INVITE_PERMISSIONS, START_TIME, WAIT};

/// The community's shards: one per process.
pub const SHARDS: u64 = 2;

/// A setting read from the environment (for longer runs by hand), else `default`.
pub fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("{name}={v:?} is not a valid value")),
        Err(_) => default,
    }
}

/// Duel channels in each server: Discord opens 10 threads a channel in 10 s, and each
/// match has its thread.
const CHANNELS: usize = 4;

/// A server, on the shard of one process.
#[derive(Clone, Debug)]
pub struct Server {
    pub guild: GuildId,
    /// Its duel channels, where matches are challenged in turn.
    pub channels: Vec<ChannelId>,
    /// The process whose shard holds it.
    pub half: usize,
}

/// A match being played, as the test knows it.
#[derive(Clone, Debug)]
pub struct Match {
    pub id: i64,
    /// Where its boards go.
    pub thread: ChannelId,
    pub players: [UserId; 2],
    /// The process whose shard holds its server.
    pub half: usize,
    pub variant: &'static str,
}

/// What starting a match takes: the double, the servers, and a count of the players made.
#[derive(Clone)]
pub struct Lobby {
    pub double: Arc<DiscordDouble>,
    pub servers: Arc<[Server; 2]>,
    users: Arc<std::sync::atomic::AtomicUsize>,
}

/// The double, the database and the two processes.
pub struct Community {
    pub double: Arc<DiscordDouble>,
    pub processes: TwoProcesses,
    pub lobby: Lobby,
    /// The bot's database, read by the test.
    pub pool: engarde::store::Pool,
    pub notes: notes::SlowNotes,
}

impl Lobby {
    /// Two new members of the server of process `half`.
    fn new_players(&self, half: usize) -> [UserId; 2] {
        let guild = self.servers[half].guild;
        [0, 1].map(|_| {
            let n = self.users.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let user = self.double.add_user(&format!("Fencer {n}"));
            self.double.add_member(guild, user, perms::MEMBER_DEFAULT);
            user
        })
    }

    /// Two new players challenge each other to `variant` (`hits` to win) in the server of
    /// process `half`; returns the match once its first board is up in its thread. A
    /// challenge or an acceptance the bot did not answer in time (a loaded machine) is
    /// tried again by two new players, up to three times in all.
    pub async fn start_match(&self, half: usize, variant: &'static str, hits: u8) -> Match {
        let mut tries = Vec::new();
        for _ in 0..3 {
            match self.try_start_match(half, variant, hits).await {
                Ok(m) => return m,
                Err(why) => tries.push(why),
            }
        }
        panic!("a {variant} match on the shard of process {half} did not start: {tries:#?}")
    }

    async fn try_start_match(&self, half: usize, variant: &'static str, hits: u8) -> Result<Match, String> {
        let server = &self.servers[half];
        // The matches of a server go to its channels in turn.
        let channel = server.channels[self.users.load(std::sync::atomic::Ordering::Relaxed) / 4 % CHANNELS];
        let players = self.new_players(half);
        let [a, b] = players;
        let options = json!([{ "type": 1, "name": "challenge", "options": [
            { "type": 6, "name": "opponent", "value": b.to_string() },
            { "type": 3, "name": "variant", "value": variant },
            { "type": 4, "name": "hits", "value": hits },
        ] }]);
        let reply = self
            .double
            .try_slash_command(a, Some(server.guild), channel, "engarde", options)
            .await
            .map_err(|e| format!("the challenge: {e}"))?;
        let message = reply.final_message().await.ok_or("no challenge message")?;
        let accept = support::button(&message.buttons(), "Accept");
        // Unanswered, the acceptance may still have started the match: its thread tells.
        let accepted = self.double.try_click(b, message.channel_id, message.id, &accept).await;
        if let Ok(accepted) = &accepted {
            if !accepted.content.contains("accepted") {
                return Err(format!("the acceptance was refused: {accepted:?}"));
            }
        }
        let start = Instant::now();
        loop {
            // The match's thread: started from its challenge.
            let threads = self
                .double
                .threads()
                .into_iter()
                .filter(|t| t.starter_message == Some(message.id) || t.id.0 == message.id.0);
            for thread in threads {
                let boards = self.double.messages_with_buttons(Some(thread.id), |id| id.starts_with("eg:h:"));
                let ours = boards.iter().flat_map(|b| &b.custom_ids).find_map(|id| watch::game_match(id));
                if let Some(id) = ours {
                    return Ok(Match { id, thread: thread.id, players, half, variant });
                }
            }
            if start.elapsed() > WAIT {
                return Err(format!("no first board within {WAIT:?} (the acceptance: {:?})", accepted.err()));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

impl Community {
    /// A double (with Discord's rate limits when `rate_limits`), a fresh database migrated
    /// and fitted with the slow-notes trigger, a server on each shard, and both processes
    /// started with `env` (their output in log files, see [`TwoProcesses::log`]).
    pub async fn new(rate_limits: bool, env: &[(&str, &str)]) -> Community {
        let mut double = DiscordDouble::start().await;
        // A click nobody answers fails after this (Discord gives up after 3 s).
        double.set_timeout(Duration::from_secs(4));
        if rate_limits {
            double.set_rate_limits(discord_double::RateLimits::discord());
        }
        let database_url = crate::pg::fresh_database().await;
        // The bot's tables first (the processes find them migrated), then the trigger.
        let pool = crate::reliability::open(&database_url).await;
        let notes = notes::SlowNotes::install(&database_url).await;
        let mut found: [Option<Server>; 2] = [None, None];
        for n in 0..400 {
            if found.iter().all(Option::is_some) {
                break;
            }
            let guild = double.add_guild(&format!("Salle {n}"));
            let half = usize::from(shard_of(Some(guild.0), SHARDS) == 1);
            if found[half].is_some() {
                tokio::time::sleep(Duration::from_millis(3)).await;
                continue;
            }
            let channels = (0..CHANNELS).map(|c| double.add_channel(guild, &format!("duels-{c}"))).collect();
            double.set_bot_permissions(guild, INVITE_PERMISSIONS);
            found[half] = Some(Server { guild, channels, half });
        }
        let servers = found.map(|s| s.expect("a server on each shard"));
        let mut processes = TwoProcesses::with_shards(database_url, START_TIME, SHARDS, true);
        // Logs read by the test, without colours.
        processes.set_env("NO_COLOR", "1");
        for (k, v) in env {
            processes.set_env(k, v);
        }
        let double = Arc::new(double);
        processes.start_both(&double).await;
        let lobby = Lobby { double: Arc::clone(&double), servers: Arc::new(servers), users: Arc::default() };
        Community { double, processes, lobby, pool, notes }
    }

    /// See [`Lobby::start_match`].
    pub async fn start_match(&self, half: usize, variant: &'static str, hits: u8) -> Match {
        self.lobby.start_match(half, variant, hits).await
    }

    /// Starts matches `(half, variant, hits)` a few at a time (see [`Lobby::start_match`]),
    /// as players would challenge each other; in the order asked.
    pub async fn start_matches(&self, wanted: &[(usize, &'static str, u8)]) -> Vec<Match> {
        let mut started = Vec::new();
        for wave in wanted.chunks(4) {
            let mut starting = tokio::task::JoinSet::new();
            for (i, &(half, variant, hits)) in wave.iter().enumerate() {
                let lobby = self.lobby.clone();
                starting.spawn(async move { (i, lobby.start_match(half, variant, hits).await) });
            }
            let mut these = Vec::new();
            while let Some(done) = starting.join_next().await {
                these.push(done.unwrap_or_else(|e| panic!("a match did not start: {e}")));
            }
            these.sort_by_key(|(i, _)| *i);
            started.extend(these.into_iter().map(|(_, m)| m));
        }
        started
    }

    /// A match's stored version (how many decisions it has had).
    pub async fn version(&self, match_id: i64) -> i64 {
        crate::reliability::matches(&self.pool).await.get(&match_id).map_or(-1, |m| m.version)
    }

    /// Waits until the stored version of `match_id` is past `before`; false if it is not
    /// within `limit`.
    pub async fn wait_for_version_past(&self, match_id: i64, before: i64, limit: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < limit {
            if self.version(match_id).await > before {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }

    /// Waits (up to [`WAIT`]) until every match's noted board shows its version: no note
    /// of a board is in flight.
    pub async fn wait_for_notes(&self) {
        let start = Instant::now();
        loop {
            let noted = crate::reliability::latest_boards(&self.pool).await;
            let stored = crate::reliability::matches(&self.pool).await;
            if stored.iter().all(|(id, m)| noted.get(id).is_some_and(|b| b.0 >= m.version)) {
                return;
            }
            assert!(start.elapsed() < WAIT, "boards still not noted: {noted:?} for {stored:?}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Lines of both processes' logs that contain `text`, each with its process.
    pub fn logged(&self, text: &str) -> Vec<String> {
        (0..2)
            .flat_map(|half| {
                self.processes
                    .log(half)
                    .lines()
                    .filter(|l| l.contains(text))
                    .map(|l| format!("process {half}: {l}"))
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}

/// The failures a finished test shows about its boards, each explaining itself: a match not
/// over, a match left with game buttons on any message at the end, a match seen by the
/// watch with several live boards for longer than `settle` (any time, for zero), and, for
/// zero, any moment of the double's history with several at once.
pub async fn board_failures(c: &Community, matches: &[Match], seen: &watch::Seen, settle: Duration) -> Vec<String> {
    let mut failures = Vec::new();
    let stored = crate::reliability::matches(&c.pool).await;
    for m in matches {
        let status = stored.get(&m.id).map_or("missing", |s| s.status.as_str());
        if status != "finished" {
            failures.push(format!("match {} ({}, thread {}) is {status}, not finished", m.id, m.variant, m.thread));
        }
    }
    for (match_id, live) in watch::live_boards(&c.double) {
        let messages: Vec<String> = live.iter().map(|b| format!("message {} {:?}", b.id, b.custom_ids)).collect();
        let owner = matches.iter().find(|m| m.id == match_id).map_or(String::new(), |m| {
            format!(" ({}, on the shard of process {}, thread {})", m.variant, m.half, m.thread)
        });
        failures.push(format!("match {match_id}{owner} ended with game buttons left live: {}", messages.join(", ")));
    }
    let lasting = seen.lasting(settle);
    if !lasting.is_empty() {
        failures.push(format!(
            "second live boards seen by the watch ({} samples, settling allowed {settle:?}):\n{}",
            seen.samples,
            watch::describe(&lasting)
        ));
    }
    if settle.is_zero() {
        let mut by_match: std::collections::BTreeMap<i64, Vec<Vec<discord_double::MessageId>>> = Default::default();
        for (match_id, messages) in watch::overlaps_in_history(&c.double) {
            by_match.entry(match_id).or_default().push(messages);
        }
        for (match_id, sets) in by_match {
            let shown: Vec<String> = sets.iter().take(3).map(|set| format!("{set:?}")).collect();
            failures.push(format!(
                "the double's history shows match {match_id} with several live boards at once, {} times: {}{}",
                sets.len(),
                shown.join(", "),
                if sets.len() > 3 { ", …" } else { "" }
            ));
        }
    }
    failures
}

/// Every match has exactly its record: each stored state is what its record replays to,
/// the log has one action per version and no interaction twice, and every move a player
/// was told was made is in the log exactly once (panics, naming the match, otherwise).
pub async fn assert_records(c: &Community) {
    crate::reliability::assert_consistent(&c.pool).await;
    let acknowledged = crate::reliability::acknowledged_actions(&c.double);
    crate::reliability::assert_acknowledged_applied_once(&c.pool, &acknowledged).await;
}

/// What the processes logged about boards they posted again, for a failure's report.
pub fn reposts_logged(c: &Community) -> String {
    // Today's words ("publishing an owed board"), and those of the code before the outbox.
    let mut lines = c.logged("publishing an owed board");
    lines.extend(c.logged("posting a missing board again"));
    if lines.is_empty() {
        "no process logged a board posted again".to_owned()
    } else {
        format!("boards posted again:\n{}", lines.join("\n"))
    }
}

/// A match as the players and the database see it, for a failure's report: its stored
/// version, status and noted board, and the last messages of its thread with their buttons.
pub async fn describe_match(c: &Community, m: &Match) -> String {
    let stored = crate::reliability::matches(&c.pool).await;
    let noted = crate::reliability::latest_boards(&c.pool).await;
    let (version, status) = stored.get(&m.id).map_or((-1, "missing".to_owned()), |s| (s.version, s.status.clone()));
    let messages = c.double.messages_with_buttons(Some(m.thread), |_| true);
    let shown: Vec<String> = messages
        .iter()
        .rev()
        .take(4)
        .map(|b| format!("  message {} {:?} {:?}", b.id, b.custom_ids, b.content.lines().next().unwrap_or("")))
        .collect();
    format!(
        "match {} ({}, process {}, thread {}): version {version}, {status}, noted board {:?}; latest messages with \
         buttons:\n{}",
        m.id,
        m.variant,
        m.half,
        m.thread,
        noted.get(&m.id),
        shown.join("\n")
    )
}

/// The last warnings and errors each process logged (across its restarts), for a failure's
/// report.
pub fn warnings_logged(c: &Community) -> String {
    let mut out = Vec::new();
    for half in 0..2 {
        let log = c.processes.log(half);
        let lines: Vec<&str> = log.lines().filter(|l| l.contains(" WARN ") || l.contains(" ERROR ")).collect();
        let last = &lines[lines.len().saturating_sub(12)..];
        out.push(format!("process {half}: {} warnings and errors, the last:", lines.len()));
        out.extend(last.iter().map(|l| format!("  {l}")));
    }
    out.join("\n")
}
