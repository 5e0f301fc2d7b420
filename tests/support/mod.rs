//! End-to-end harness: the real `engarde` binary, unchanged, connected to the
//! local Discord double on 127.0.0.1, with users who click what they see.

#![allow(dead_code)]

use std::process::Stdio;
use std::time::{Duration, Instant};

use discord_double::{perms, ChannelId, DiscordDouble, GuildId, MessageId, RecordedMessage, Reply, UserId};
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// The bot permissions the README's invite link grants: View Channels, Send Messages,
/// Embed Links, Read Message History, Create Public Threads, Send Messages in Threads.
pub const INVITE_PERMISSIONS: u64 = 309_237_763_072;

/// The bot's clock when a test starts: 2026-11-21 08:00 UTC.
pub const START_TIME: i64 = 1_795_248_000;

/// How long any wait may take before a test fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// A server with the bot, two players, a spectator and another bot.
pub struct Table {
    pub double: DiscordDouble,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub alice: UserId,
    pub bob: UserId,
    pub carol: UserId,
    pub robot: UserId,
    /// A member who may manage the server.
    pub dana: UserId,
    dir: tempfile::TempDir,
    bot: Option<Child>,
    /// Every hand a player was shown, as printed privately (for leak checks).
    pub hands_seen: std::sync::Mutex<Vec<String>>,
    /// Latency of every interaction the test made.
    pub latencies: std::sync::Mutex<Vec<Duration>>,
    focus: std::sync::Mutex<Option<ChannelId>>,
    seen_openings: std::sync::Mutex<Vec<MessageId>>,
    /// When set, the bot runs with this `RUST_LOG` and its output goes to [`Table::bot_log`].
    log_filter: Option<String>,
    /// Settings for the bot's next start, besides the table's own (see [`Table::set_bot_env`]).
    extra_env: Vec<(String, String)>,
    /// Whether [`Table::write_transcript`] already wrote this table's transcript.
    transcript_written: std::sync::atomic::AtomicBool,
}

/// The setting that turns transcripts on: a folder, where each test writes what each user
/// saw (see `tools/transcript/README.md`).
pub const TRANSCRIPT_DIR_VAR: &str = "ENGARDE_TRANSCRIPT_DIR";

/// The transcripts' folder, if [`TRANSCRIPT_DIR_VAR`] names one (set but empty is off: it
/// would write into the checkout).
fn transcript_root() -> Option<std::ffi::OsString> {
    std::env::var_os(TRANSCRIPT_DIR_VAR).filter(|dir| !dir.is_empty())
}

impl Drop for Table {
    /// With `ENGARDE_TRANSCRIPT_DIR` set, writes the test's transcript (unless the test
    /// wrote it itself), named after the test binary and the test.
    fn drop(&mut self) {
        if self.transcript_written.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        if transcript_root().is_some() {
            self.write_transcript(&default_transcript_name());
        }
    }
}

/// `<test binary>--<test>`: the binary without Cargo's hash, and the name libtest gives the
/// test's thread (the test's path), e.g. `e2e_forteresse--a_full_match_from_the_challenge_to_the_final_score`.
pub fn default_transcript_name() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|s| s.rsplit_once('-').map_or(s.clone(), |(name, _)| name.to_owned()))
        .unwrap_or_else(|| "test".to_owned());
    let test = std::thread::current().name().filter(|n| *n != "main").unwrap_or("test").replace("::", "--");
    format!("{binary}--{test}")
}

/// A choice offered in a private hand message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A button: label and custom_id.
    Button(String, String),
    /// A select option: menu custom_id, label, value.
    Option(String, String, String),
}

impl Choice {
    pub fn label(&self) -> &str {
        match self {
            Choice::Button(label, _) | Choice::Option(_, label, _) => label,
        }
    }
}

impl Table {
    /// Starts the double and the bot, and waits until the commands are registered.
    pub async fn new() -> Table {
        Table::build(None, &[]).await
    }

    /// Like [`Table::new`], with these settings for the bot from its first start (see
    /// [`Table::set_bot_env`]): `DATABASE_URL` (PostgreSQL), `METRICS_ADDR`…
    pub async fn new_with_env(env: &[(&str, &str)]) -> Table {
        Table::build(None, env).await
    }

    /// Like [`Table::new`], with the bot logging at `filter` (e.g. `info`) into a
    /// file read by [`Table::bot_log`] (kept across restarts).
    pub async fn new_logging(filter: &str) -> Table {
        Table::build(Some(filter.to_owned()), &[]).await
    }

    async fn build(log_filter: Option<String>, env: &[(&str, &str)]) -> Table {
        let double = DiscordDouble::start().await;
        let guild = double.add_guild("Salle d'armes");
        let channel = double.add_channel(guild, "duels");
        let alice = double.add_user("Alice");
        let bob = double.add_user("Bob");
        let carol = double.add_user("Carol");
        let robot = double.add_bot_user("Robot");
        let dana = double.add_user("Dana");
        for user in [alice, bob, carol, robot] {
            double.add_member(guild, user, perms::MEMBER_DEFAULT);
        }
        double.add_member(guild, dana, perms::MEMBER_DEFAULT | perms::MANAGE_GUILD);
        double.set_bot_permissions(guild, INVITE_PERMISSIONS);
        let mut table = Table {
            double,
            guild,
            channel,
            alice,
            bob,
            carol,
            robot,
            dana,
            dir: tempfile::tempdir().expect("a temporary folder"),
            bot: None,
            hands_seen: std::sync::Mutex::new(Vec::new()),
            latencies: std::sync::Mutex::new(Vec::new()),
            focus: std::sync::Mutex::new(None),
            seen_openings: std::sync::Mutex::new(Vec::new()),
            log_filter,
            // The practice bot answers at once in tests.
            extra_env: vec![("PRACTICE_PACE".to_owned(), "0s".to_owned())],
            transcript_written: std::sync::atomic::AtomicBool::new(false),
        };
        for (key, value) in env {
            table.set_bot_env(key, value);
        }
        table.set_time(START_TIME);
        table.start_bot().await;
        table
    }

    /// The bot's clock file (`TEST_CLOCK_FILE`).
    fn clock_file(&self) -> std::path::PathBuf {
        self.dir.path().join("clock")
    }

    /// Sets the bot's clock (unix seconds), atomically: written beside, then renamed
    /// over, so the bot never reads a half-written file.
    pub fn set_time(&self, unix: i64) {
        write_clock(&self.clock_file(), unix);
    }

    /// The bot's clock.
    pub fn now(&self) -> i64 {
        read_clock(&self.clock_file())
    }

    /// Moves the bot's clock forward (Discord's clock of interaction tokens stays: see
    /// `DiscordDouble::advance_clock`).
    pub fn advance(&self, seconds: i64) {
        self.set_time(self.now() + seconds);
    }

    /// The database URL the bot uses.
    pub fn database_url(&self) -> String {
        match self.extra_env.iter().find(|(k, _)| k == "DATABASE_URL") {
            Some((_, url)) => url.clone(),
            None => format!("sqlite://{}", self.dir.path().join("engarde.db").display()),
        }
    }

    /// The bot's working folder (its SQLite database is `engarde.db` there by default).
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// Where the bot's output goes when the table logs (see [`Table::new_logging`]).
    pub fn log_path(&self) -> std::path::PathBuf {
        self.dir.path().join("bot.log")
    }

    /// Where the bot's output goes: the log file when the table logs (the bot logs
    /// to standard output; errors at start-up go to standard error), else the test's.
    fn log_output(&self) -> Stdio {
        match self.log_filter {
            Some(_) => Stdio::from(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(self.log_path())
                    .expect("the bot's log file"),
            ),
            None => Stdio::inherit(),
        }
    }

    /// Everything the bot logged so far (empty unless made with [`Table::new_logging`]).
    pub fn bot_log(&self) -> String {
        std::fs::read_to_string(self.log_path()).unwrap_or_default()
    }

    /// Sets (or replaces) a setting for the bot's next start.
    pub fn set_bot_env(&mut self, key: &str, value: &str) {
        self.extra_env.retain(|(k, _)| k != key);
        self.extra_env.push((key.to_owned(), value.to_owned()));
    }

    /// Starts the bot binary and waits for it to connect and register its commands.
    pub async fn start_bot(&mut self) {
        assert!(self.bot.is_none(), "the bot is already running");
        let identifies = self.double.identify_count();
        let child = Command::new(env!("CARGO_BIN_EXE_engarde"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", "test-token")
            .env("DISCORD_API_URL", self.double.api_url())
            .env("DATABASE_URL", self.database_url())
            .env("DEV_GUILD_ID", self.guild.to_string())
            .env("TEST_CLOCK_FILE", self.clock_file())
            .env("SCHEDULER_INTERVAL", "50ms")
            .env(
                "RUST_LOG",
                self.log_filter
                    .clone()
                    .or_else(|| std::env::var("ENGARDE_TEST_LOG").ok())
                    .unwrap_or_else(|| "warn".into()),
            )
            .envs(self.extra_env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(self.log_output())
            .stderr(self.log_output())
            .kill_on_drop(true)
            .spawn()
            .expect("the engarde binary starts");
        self.bot = Some(child);
        assert!(self.double.wait_for_identifies(identifies + 1, WAIT).await, "the bot did not identify");
        assert!(self.double.wait_for_ready(WAIT).await, "the bot did not get READY");
        assert!(
            self.double.wait_for_command(Some(self.guild), "engarde", WAIT).await,
            "the bot did not register /engarde in the dev guild"
        );
    }

    /// Stops the bot abruptly (SIGKILL) and waits for its connection to drop.
    pub async fn kill_bot(&mut self) {
        let mut child = self.bot.take().expect("the bot is running");
        child.kill().await.expect("the bot can be killed");
        assert!(self.double.wait_for_disconnect(WAIT).await, "the bot's websocket did not close");
    }

    /// Stops the bot as an operator would (SIGTERM) and waits, at most three times
    /// [`WAIT`], for it to exit; its exit status.
    pub async fn stop_bot(&mut self) -> std::process::ExitStatus {
        let mut child = self.bot.take().expect("the bot is running");
        let pid = child.id().expect("the bot's process id").to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().await.expect("kill runs");
        assert!(sent.success(), "SIGTERM sent");
        tokio::time::timeout(WAIT * 3, child.wait()).await.expect("the bot stopped in time").expect("its status")
    }

    fn note_latency(&self, reply: &Reply) {
        self.latencies.lock().unwrap().push(reply.latency);
    }

    /// `/engarde <sub> <options>` by `user` in the duel channel.
    pub async fn command(&self, user: UserId, sub: &str, options: Value) -> Reply {
        self.subcommand(user, "engarde", sub, options).await
    }

    /// `/engarde-admin <sub> <options>` by `user`.
    pub async fn admin_command(&self, user: UserId, sub: &str, options: Value) -> Reply {
        self.subcommand(user, "engarde-admin", sub, options).await
    }

    /// An admin (`dana`) draws the server's boards, and so its prompts, in text: the
    /// `boards` option's registered choice, as a client sends it.
    pub async fn boards_in_text(&self) {
        let commands = self.double.commands(Some(self.guild));
        let admin = commands.iter().find(|c| c["name"] == "engarde-admin").expect("/engarde-admin is registered");
        let config = admin["options"].as_array().unwrap().iter().find(|o| o["name"] == "config").expect("config");
        let option = config["options"].as_array().unwrap().iter().find(|o| o["name"] == "boards").expect("boards");
        let text = option["choices"].as_array().unwrap().iter().find(|c| c["name"] == "text").expect("text");
        let boards = json!([{ "type": option["type"], "name": "boards", "value": text["value"] }]);
        let saved = self.admin_command(self.dana, "config", boards).await;
        assert!(saved.content.contains("Boards: in text"), "{saved:?}");
    }

    async fn subcommand(&self, user: UserId, command: &str, sub: &str, options: Value) -> Reply {
        let options = json!([{ "type": 1, "name": sub, "options": options }]);
        let reply = self.double.slash_command(user, self.guild, self.channel, command, options).await;
        self.note_latency(&reply);
        reply
    }

    /// `user` types `typed` in the option `option` of `/engarde <sub>` (after the
    /// options `before`): the choices the bot offers, as `(name, value)`.
    pub async fn autocomplete(
        &self,
        user: UserId,
        sub: &str,
        before: Value,
        option: &str,
        typed: &str,
    ) -> Vec<(String, Value)> {
        let mut options = before.as_array().cloned().unwrap_or_default();
        // Discord sends what was typed as a string, whatever the option's type.
        options.push(json!({ "type": 3, "name": option, "value": typed, "focused": true }));
        let options = json!([{ "type": 1, "name": sub, "options": options }]);
        self.double.autocomplete(user, self.guild, self.channel, "engarde", options).await
    }

    /// Waits until `check` holds for the messages of `channel`; returns them.
    pub async fn wait_for_messages(
        &self,
        channel: ChannelId,
        what: &str,
        check: impl Fn(&[RecordedMessage]) -> bool,
    ) -> Vec<RecordedMessage> {
        let start = Instant::now();
        loop {
            let messages = self.double.channel_messages(channel);
            if check(&messages) {
                return messages;
            }
            assert!(start.elapsed() < WAIT, "waited in vain for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// `/engarde challenge`.
    pub async fn challenge(&self, from: UserId, to: UserId, variant: Option<&str>, hits: Option<u8>) -> Reply {
        self.challenge_with(from, to, variant, hits, None).await
    }

    /// `/engarde challenge` with a `turn_time` too.
    pub async fn challenge_with(
        &self,
        from: UserId,
        to: UserId,
        variant: Option<&str>,
        hits: Option<u8>,
        turn_time: Option<&str>,
    ) -> Reply {
        let mut options = vec![json!({ "type": 6, "name": "opponent", "value": to.to_string() })];
        if let Some(v) = variant {
            options.push(json!({ "type": 3, "name": "variant", "value": v }));
        }
        if let Some(h) = hits {
            options.push(json!({ "type": 4, "name": "hits", "value": h }));
        }
        if let Some(t) = turn_time {
            options.push(json!({ "type": 3, "name": "turn_time", "value": t }));
        }
        self.command(from, "challenge", Value::Array(options)).await
    }

    /// Clicks a button of a message.
    pub async fn click(&self, user: UserId, message: &RecordedMessage, custom_id: &str) -> Reply {
        let reply = self.double.click(user, message.channel_id, message.id, custom_id).await;
        self.note_latency(&reply);
        reply
    }

    /// Clicks a button of an interaction's response message (e.g. an ephemeral hand).
    pub async fn click_reply(&self, user: UserId, on: &Reply, custom_id: &str) -> Reply {
        let message = on.message_id.expect("the reply made a message");
        let reply = self.double.click(user, on.channel_id, message, custom_id).await;
        self.note_latency(&reply);
        reply
    }

    /// Challenges and accepts; returns the channel the boards go to.
    pub async fn start_match(&self, variant: Option<&str>, hits: Option<u8>) -> ChannelId {
        self.start_match_between(self.alice, self.bob, variant, hits, None).await
    }

    /// `from` challenges `to` (with an optional `turn_time`), `to` accepts;
    /// returns the channel the boards go to, and focuses the helpers on it.
    pub async fn start_match_between(
        &self,
        from: UserId,
        to: UserId,
        variant: Option<&str>,
        hits: Option<u8>,
        turn_time: Option<&str>,
    ) -> ChannelId {
        let threads = self.double.threads().len();
        let reply = self.challenge_with(from, to, variant, hits, turn_time).await;
        self.accept(threads, to, reply).await
    }

    /// Alice challenges Bob to `variant` with rule `options` no slash command offers
    /// (e.g. `{"hand_size": 10}`), written into the pending challenge in the bot's database;
    /// Bob accepts. Returns the channel the boards go to, and focuses the helpers on it.
    pub async fn start_match_with_options(&self, variant: &str, options: Value) -> ChannelId {
        let threads = self.double.threads().len();
        let reply = self.challenge_with(self.alice, self.bob, Some(variant), None, None).await;
        let pool = sqlx::SqlitePool::connect(&self.database_url()).await.expect("the bot's database opens");
        let changed = sqlx::query("UPDATE challenges SET options = ? WHERE status = 'pending'")
            .bind(options.to_string())
            .execute(&pool)
            .await
            .expect("the challenge's options are written");
        assert_eq!(changed.rows_affected(), 1, "one pending challenge");
        pool.close().await;
        self.accept(threads, self.bob, reply).await
    }

    /// `to` accepts the challenge `reply` made; `threads` is how many threads there were
    /// before it. Returns the channel the boards go to, and focuses the helpers on it.
    async fn accept(&self, threads: usize, to: UserId, reply: Reply) -> ChannelId {
        assert!(!reply.ephemeral, "the challenge is public: {reply:?}");
        let message = reply.final_message().await.expect("the challenge message");
        let accept = button(&message.buttons(), "Accept");
        let accepted = self.click(to, &message, &accept).await;
        assert!(accepted.content.contains("accepted"), "{accepted:?}");
        // The first board lands in a new thread, or in the channel (threads off or not allowed).
        let start = Instant::now();
        let channel = loop {
            if let Some(t) = self.double.threads().get(threads) {
                if self.double.channel_messages(t.id).iter().any(|m| !m.embeds.is_empty()) {
                    break t.id;
                }
            }
            let fresh = self
                .double
                .channel_messages(self.channel)
                .into_iter()
                .any(|m| is_board(&m) && !self.seen_openings.lock().unwrap().contains(&m.id));
            if fresh {
                break self.channel;
            }
            assert!(start.elapsed() < WAIT, "the first board never came");
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        for m in self.double.channel_messages(self.channel) {
            self.seen_openings.lock().unwrap().push(m.id);
        }
        self.focus(Some(channel));
        channel
    }

    /// The channel whose boards the helpers read: the one chosen with
    /// [`Table::focus`], else the latest match thread, else the duel channel.
    pub fn board_channel(&self) -> ChannelId {
        if let Some(channel) = *self.focus.lock().unwrap() {
            return channel;
        }
        self.double.threads().last().map_or(self.channel, |t| t.id)
    }

    /// Makes the board helpers read `channel` (a match's thread), for tests with several matches.
    pub fn focus(&self, channel: Option<ChannelId>) {
        *self.focus.lock().unwrap() = channel;
    }

    /// The boards shown so far, one per version: each new board message, and each edit
    /// that shows a board in place (not the edits that only take an old board's buttons off).
    /// The last is the live board as it is now.
    pub fn boards(&self) -> Vec<RecordedMessage> {
        self.double
            .public_history(self.board_channel())
            .into_iter()
            .filter(|m| is_board(m) && !m.components.is_empty())
            .collect()
    }

    /// The board messages of the match, as they are now (old ones without buttons).
    pub fn board_messages(&self) -> Vec<RecordedMessage> {
        self.double.channel_messages(self.board_channel()).into_iter().filter(is_board).collect()
    }

    /// Waits until at least `n` boards have been posted; returns the latest.
    pub async fn wait_for_boards(&self, n: usize) -> RecordedMessage {
        let start = Instant::now();
        loop {
            let boards = self.boards();
            if boards.len() >= n {
                return boards.last().cloned().expect("a board");
            }
            assert!(start.elapsed() < WAIT, "board {n} never came (have {})", boards.len());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// The board message `id` once it is as `done` wants (edited in place), waiting up to
    /// [`WAIT`].
    pub async fn wait_for_board_change(
        &self,
        id: MessageId,
        done: impl Fn(&RecordedMessage) -> bool,
    ) -> RecordedMessage {
        let start = Instant::now();
        loop {
            let board = self.double.message(id).expect("the board");
            if done(&board) {
                return board;
            }
            assert!(start.elapsed() < WAIT, "the board never changed as awaited: {}", board.text());
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// The latest board, as it is now.
    pub fn latest_board(&self) -> RecordedMessage {
        let last = self.board_messages().last().cloned().expect("a board has been posted");
        self.double.message(last.id).expect("the live board")
    }

    /// Opens `user`'s hand from the latest board.
    pub async fn open_hand(&self, user: UserId) -> Reply {
        let board = self.latest_board();
        let play = play_button(&board);
        let reply = self.click(user, &board, &play).await;
        assert!(reply.ephemeral, "hands are private: {reply:?}");
        if let Some(line) = reply.content.lines().find(|l| l.starts_with("**Your hand:**")) {
            self.hands_seen.lock().unwrap().push(line.to_owned());
        }
        reply
    }

    /// The actions a hand message offers.
    pub fn choices(hand: &Reply) -> Vec<Choice> {
        let mut out: Vec<Choice> = hand
            .buttons()
            .into_iter()
            .filter(|(_, id)| id.starts_with("eg:a:"))
            .map(|(label, id)| Choice::Button(label, id))
            .collect();
        out.extend(hand.select_options().into_iter().map(|(menu, label, value)| Choice::Option(menu, label, value)));
        out
    }

    /// Plays one decision of whoever must act, chosen by `policy` from what their
    /// hand offers; returns the new board. Panics if nobody is to act.
    pub async fn play_turn(&self, policy: impl Fn(&[Choice]) -> Choice) -> (UserId, Choice, RecordedMessage) {
        let before = self.boards().len();
        let live_before = self.board_messages().last().map(|m| m.id);
        let user = self.to_act().expect("someone is to act");
        let hand = self.open_hand(user).await;
        let choices = Table::choices(&hand);
        assert!(!choices.is_empty(), "no action offered to the player to act: {hand:?}");
        let choice = policy(&choices);
        let done = match &choice {
            Choice::Button(_, id) => self.click_reply(user, &hand, id).await,
            Choice::Option(menu, _, value) => {
                let reply = self
                    .double
                    .select(user, hand.channel_id, hand.message_id.expect("the hand message"), menu, &[value.as_str()])
                    .await;
                self.note_latency(&reply);
                reply
            }
        };
        assert_eq!(done.kind, 7, "the hand message is updated with what was done: {done:?}");
        assert!(done.content.starts_with("You "), "{done:?}");
        let board = self.wait_for_boards(before + 1).await;
        self.assert_calm(user, live_before);
        (user, choice, board)
    }

    /// The calm thread, after a decision by `actor` (the live board was `live_before`): at
    /// most one message of the match has game buttons, and a new board does not notify the
    /// player who just decided.
    pub fn assert_calm(&self, actor: UserId, live_before: Option<MessageId>) {
        let boards = self.board_messages();
        let live: Vec<&RecordedMessage> = boards
            .iter()
            .filter(|m| m.buttons().iter().any(|(_, id)| id.starts_with("eg:h:") || id.starts_with("eg:r:")))
            .collect();
        assert!(
            live.len() <= 1,
            "more than one board has game buttons: {:#?}\nrefused: {:#?}",
            live.iter().map(|m| (m.id, m.interaction_id, m.edits)).collect::<Vec<_>>(),
            self.double.rejections()
        );
        let latest = boards.last().expect("a board").id;
        if Some(latest) != live_before {
            let notified = self.notified_by(latest);
            assert!(!notified.contains(&actor), "a new board notifies {actor:?}, who just decided: {notified:?}");
        }
    }

    /// The users a message notified when it was posted: those its content mentions that its
    /// `allowed_mentions` lets through (without `allowed_mentions`, every mention notifies).
    pub fn notified_by(&self, message: MessageId) -> Vec<UserId> {
        let id = message.to_string();
        // The request that made it: a post in the channel, or an interaction's follow-up.
        let Some(post) = self.double.requests().into_iter().find(|r| {
            r.method == "POST"
                && r.response["id"].as_str() == Some(id.as_str())
                && (r.path.contains("/messages") || r.path.contains("/webhooks/"))
        }) else {
            return Vec::new();
        };
        let content = post.request["content"].as_str().unwrap_or_default().to_owned();
        let allowed = &post.request["allowed_mentions"];
        let mut out = Vec::new();
        let mut rest = content.as_str();
        while let Some(user) = mentioned(rest) {
            let lets_through = allowed.is_null()
                || allowed["parse"].as_array().is_some_and(|p| p.iter().any(|v| v == "users"))
                || allowed["users"].as_array().is_some_and(|u| u.iter().any(|v| v.as_str() == Some(&user.to_string())));
            if lets_through {
                out.push(user);
            }
            rest = &rest[rest.find("<@").unwrap_or(0) + 2..];
        }
        out
    }

    /// The user the latest board pings, if any.
    pub fn to_act(&self) -> Option<UserId> {
        mentioned(&self.latest_board().content)
    }

    /// Checks the whole test's traffic: Discord accepted everything the bot sent,
    /// no unknown route was used, and no public text shows a hand.
    pub fn assert_clean(&self) {
        self.assert_clean_but(&[]);
    }

    /// [`Table::assert_clean`], but for refusals with one of Discord's error `codes` (the ones
    /// a test provokes on purpose).
    pub fn assert_clean_but(&self, codes: &[u64]) {
        let refused: Vec<_> = self.double.rejections().into_iter().filter(|r| !codes.contains(&r.code)).collect();
        assert!(refused.is_empty(), "Discord refused: {refused:#?}");
        assert!(self.double.unknown_routes().is_empty(), "unknown routes: {:?}", self.double.unknown_routes());
        assert_requests_well_made(&self.double);
        let public = self.double.all_public_text();
        let hands = self.hands_seen.lock().unwrap();
        for text in &public {
            assert!(!text.contains("Your hand"), "a hand in public: {text}");
            assert!(!text.contains("eg:a:"), "an action button in public: {text}");
            // A Ready... Fence! card line of a private prompt ("• **Stop Hit 5** · speed 5 · SP 1 …").
            assert!(!text.contains("** · speed "), "a card of a hand in public: {text}");
            for hand in hands.iter() {
                let cards = hand.trim_start_matches("**Your hand:**").trim();
                if cards.contains('`') {
                    assert!(!text.contains(cards), "a hand ({cards}) in public: {text}");
                }
            }
        }
    }

    /// What each user saw so far, written into `dir` (one JSON document per user and one
    /// for a spectator, the attached files in `files/`; schema: `discord_double::Transcript`).
    /// Returns the documents written.
    pub fn write_transcript_to(&self, dir: &std::path::Path, name: &str) -> std::io::Result<Vec<std::path::PathBuf>> {
        self.double.transcript().write(dir, &self.transcript_about(name))
    }

    /// What a transcript's documents say about the test `name` (their `about`).
    fn transcript_about(&self, name: &str) -> Value {
        json!({
            "test": name,
            "users": { "alice": self.alice.to_string(), "bob": self.bob.to_string(), "carol": self.carol.to_string() },
            "guild": self.guild.to_string(),
            "channel": self.channel.to_string(),
            // The bot's clock (unix seconds) when the transcript was written: `<t:…:R>`
            // timestamps read relative to it.
            "clock": std::fs::read_to_string(self.clock_file()).ok().and_then(|t| t.trim().parse::<i64>().ok()),
            "start_time": START_TIME,
            "panicked": std::thread::panicking(),
        })
    }

    /// With `ENGARDE_TRANSCRIPT_DIR` set, writes what each user saw so far into
    /// `$ENGARDE_TRANSCRIPT_DIR/<name>/` (and not again when the table is dropped); does
    /// nothing otherwise. A failure to write is reported, not fatal; a file the bot sent that
    /// the transcript lost fails the test (unless it is failing already).
    pub fn write_transcript(&self, name: &str) {
        let Some(root) = transcript_root() else {
            return;
        };
        self.transcript_written.store(true, std::sync::atomic::Ordering::Relaxed);
        let dir = std::path::Path::new(&root).join(name);
        let transcript = self.double.transcript();
        match transcript.write(&dir, &self.transcript_about(name)) {
            Ok(files) => eprintln!("transcript: {} documents in {}", files.len(), dir.display()),
            Err(e) => eprintln!("transcript: cannot write {}: {e}", dir.display()),
        }
        let missing = transcript.missing_files();
        if !missing.is_empty() {
            let report = format!("transcript {}: files sent but not kept:\n{}", dir.display(), missing.join("\n"));
            if std::thread::panicking() {
                eprintln!("{report}");
            } else {
                panic!("{report}");
            }
        }
    }

    /// The median latency of the interactions made so far.
    pub fn median_latency(&self) -> Duration {
        let mut l = self.latencies.lock().unwrap().clone();
        l.sort();
        l.get(l.len() / 2).copied().unwrap_or_default()
    }
}

/// Whether a public message is a match's board (its embed's title: `#12 · …`, `n° 12 · …`,
/// `n.º 12 · …`, `第 12 場 · …`).
pub fn is_board(m: &RecordedMessage) -> bool {
    m.embeds.iter().any(|e| {
        e["title"].as_str().is_some_and(|t| {
            let rest = t
                .trim_start_matches("#")
                .trim_start_matches("n° ")
                .trim_start_matches("n.º ")
                .trim_start_matches("第 ");
            rest.starts_with(|c: char| c.is_ascii_digit()) && t.contains(" · ")
        })
    })
}

/// The custom_id of a live board's Play button (named for the game: "My hand", "Fire"…).
pub fn play_button(board: &RecordedMessage) -> String {
    board
        .buttons()
        .into_iter()
        .find(|(_, id)| id.starts_with("eg:h:"))
        .map(|(_, id)| id)
        .unwrap_or_else(|| panic!("no Play button on the board: {:?}", board.buttons()))
}

/// Whether a board is a finished match's: it offers Rematch (unless aborted) and Record, and
/// nothing else.
pub fn is_final(board: &RecordedMessage) -> bool {
    let ids: Vec<String> = board.buttons().into_iter().map(|(_, id)| id).collect();
    !ids.is_empty() && ids.iter().all(|id| id.starts_with("eg:rm:") || id.starts_with("eg:x:"))
}

/// The custom_id of the button labelled `label`.
pub fn button(buttons: &[(String, String)], label: &str) -> String {
    buttons
        .iter()
        .find(|(l, _)| l == label)
        .map(|(_, id)| id.clone())
        .unwrap_or_else(|| panic!("no button `{label}` among {buttons:?}"))
}

/// The first `<@id>` mention in a text.
pub fn mentioned(text: &str) -> Option<UserId> {
    let start = text.find("<@")? + 2;
    let end = start + text[start..].find('>')?;
    text[start..end].parse::<u64>().ok().map(UserId::from)
}

/// A policy that prefers, in order, the first choice whose label starts with
/// one of `prefixes`, else the first choice.
pub fn prefer(prefixes: &'static [&'static str]) -> impl Fn(&[Choice]) -> Choice {
    move |choices| {
        for p in prefixes {
            if let Some(c) = choices.iter().find(|c| c.label().starts_with(p)) {
                return c.clone();
            }
        }
        choices[0].clone()
    }
}

/// Ids of a message, for asserting nothing changed.
pub fn message_ids(messages: &[RecordedMessage]) -> Vec<MessageId> {
    messages.iter().map(|m| m.id).collect()
}

/// Every request the bot made carries what Discord requires: `Authorization: Bot <token>`
/// (the token the bot was given; even on interaction webhooks, which would not need it),
/// a `User-Agent` of the form
/// `DiscordBot ($url, $versionNumber)`, and the `Content-Type` of its body: JSON, or
/// `multipart/form-data` with files. Returns how many requests had a JSON body and how
/// many a multipart one.
pub fn assert_requests_well_made(double: &DiscordDouble) -> (usize, usize) {
    let requests = double.requests();
    assert!(!requests.is_empty(), "the bot made no request");
    let (mut json_bodies, mut multipart) = (0, 0);
    for r in &requests {
        let what = format!("{} {}", r.method, r.path);
        assert_eq!(r.authorization.as_deref(), Some("Bot test-token"), "{what}");
        let agent = r.user_agent.as_deref().unwrap_or_default();
        let inner = agent.strip_prefix("DiscordBot (").and_then(|a| a.strip_suffix(')'));
        let well_formed = inner
            .and_then(|i| i.split_once(", "))
            .is_some_and(|(url, version)| url.starts_with("http") && !version.trim().is_empty());
        assert!(well_formed, "{what}: User-Agent {agent:?} is not `DiscordBot ($url, $versionNumber)`");
        let content_type = r.content_type.as_deref().unwrap_or_default();
        if content_type.starts_with("multipart/form-data") {
            assert!(content_type.contains("boundary="), "{what}: {content_type}");
            multipart += 1;
        } else if !r.request.is_null() {
            assert_eq!(content_type, "application/json", "{what} sends a JSON body");
            json_bodies += 1;
        }
    }
    (json_bodies, multipart)
}

/// Sets the clock that bots started with `TEST_CLOCK_FILE=file` read (unix seconds),
/// atomically: written beside, then renamed over, so a bot never reads a half-written file.
pub fn write_clock(file: &std::path::Path, unix: i64) {
    let next = file.with_extension("next");
    std::fs::write(&next, unix.to_string()).expect("the clock file is writable");
    std::fs::rename(&next, file).expect("the clock file is replaced");
}

/// The clock in `file` (see [`write_clock`]).
pub fn read_clock(file: &std::path::Path) -> i64 {
    std::fs::read_to_string(file).expect("the clock file").trim().parse().expect("a time")
}

/// The gateway shards of a community run by two bot processes.
pub const SHARD_COUNT: u64 = 4;
/// The shards of each of the two processes.
pub const HALVES: [&str; 2] = ["0-1", "2-3"];

/// How one bot process of a sharded community is started.
#[derive(Clone, Debug)]
pub struct ProcessSpec {
    /// The database every process uses.
    pub database_url: String,
    /// The clock file every process reads (`TEST_CLOCK_FILE`).
    pub clock: std::path::PathBuf,
    /// The first and last shard this process runs.
    pub shards: (u64, u64),
    /// How many shards the community has (`SHARD_COUNT`).
    pub shard_count: u64,
    /// Settings besides those above (e.g. `SHUTDOWN_GRACE`).
    pub env: Vec<(String, String)>,
    /// Where the process's output goes (appended), if not the test's.
    pub log: Option<std::path::PathBuf>,
}

/// Starts the bot process `spec` describes and waits until its shards have identified and
/// the commands are registered.
pub async fn start_process(double: &DiscordDouble, spec: &ProcessSpec) -> Child {
    let before = double.identifies_by_shard();
    let output = || match &spec.log {
        Some(path) => Stdio::from(
            std::fs::OpenOptions::new().create(true).append(true).open(path).expect("the process's log file"),
        ),
        None => Stdio::inherit(),
    };
    let (first, last) = spec.shards;
    let child = Command::new(env!("CARGO_BIN_EXE_engarde"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", "test-token")
        .env("DISCORD_API_URL", double.api_url())
        .env("DATABASE_URL", &spec.database_url)
        .env("SHARDS", if first == last { first.to_string() } else { format!("{first}-{last}") })
        .env("SHARD_COUNT", spec.shard_count.to_string())
        .env("TEST_CLOCK_FILE", &spec.clock)
        .env("SCHEDULER_INTERVAL", "50ms")
        .env("RUST_LOG", std::env::var("ENGARDE_TEST_LOG").unwrap_or_else(|_| "warn".into()))
        .envs(spec.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::null())
        .stdout(output())
        .stderr(output())
        .kill_on_drop(true)
        .spawn()
        .expect("the engarde binary starts");
    let start = Instant::now();
    while !(first..=last).all(|s| double.identifies_by_shard().get(&s) > before.get(&s)) {
        assert!(start.elapsed() < WAIT, "the process of shards {first}-{last} did not identify them");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(double.wait_for_command(None, "engarde", WAIT).await, "the commands are registered");
    child
}

/// Starts the bot process that runs half `half` of the shards ([`HALVES`]) over
/// `database_url`, reading its clock from `clock`, and waits until its shards have
/// identified and its commands are registered.
pub async fn start_half(double: &DiscordDouble, database_url: &str, clock: &std::path::Path, half: usize) -> Child {
    let first = 2 * half as u64;
    let spec = ProcessSpec {
        database_url: database_url.to_owned(),
        clock: clock.to_owned(),
        shards: (first, first + 1),
        shard_count: SHARD_COUNT,
        env: Vec::new(),
        log: None,
    };
    start_process(double, &spec).await
}

/// The two bot processes of a community (each running half of the shards, see
/// [`start_half`]) over one database, with the clock file both read.
pub struct TwoProcesses {
    /// The database both processes use.
    pub database_url: String,
    dir: tempfile::TempDir,
    bots: [Option<Child>; 2],
    /// How many shards the community has: each process runs half of them.
    shard_count: u64,
    /// Settings for the processes' next starts (see [`TwoProcesses::set_env`]).
    env: Vec<(String, String)>,
    /// Whether each process's output goes to its log file ([`TwoProcesses::log`]).
    logging: bool,
}

impl TwoProcesses {
    /// Neither process started yet; the clock set to `now`.
    pub fn new(database_url: String, now: i64) -> TwoProcesses {
        TwoProcesses::with_shards(database_url, now, SHARD_COUNT, false)
    }

    /// Like [`TwoProcesses::new`], for a community of `shard_count` shards (an even number:
    /// each process runs half), each process's output in its log file when `logging`.
    pub fn with_shards(database_url: String, now: i64, shard_count: u64, logging: bool) -> TwoProcesses {
        assert!(shard_count >= 2 && shard_count % 2 == 0, "two processes share an even number of shards");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let processes = TwoProcesses { database_url, dir, bots: [None, None], shard_count, env: Vec::new(), logging };
        processes.set_time(now);
        processes
    }

    /// The file both processes read their clock from.
    pub fn clock_file(&self) -> std::path::PathBuf {
        self.dir.path().join("clock")
    }

    /// Sets both processes' clock.
    pub fn set_time(&self, unix: i64) {
        write_clock(&self.clock_file(), unix);
    }

    /// Moves both processes' clock on by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.set_time(read_clock(&self.clock_file()) + seconds);
    }

    /// Sets (or replaces) a setting for the processes' next starts.
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.to_owned(), value.to_owned()));
    }

    /// The shards process `half` runs: first and last.
    pub fn shards_of(&self, half: usize) -> (u64, u64) {
        let each = self.shard_count / 2;
        (half as u64 * each, half as u64 * each + each - 1)
    }

    /// The process whose shards hold `guild`.
    pub fn half_of(&self, guild: GuildId) -> usize {
        usize::from(discord_double::shard_of(Some(guild.0), self.shard_count) >= self.shard_count / 2)
    }

    /// Where process `half` logs (when logging).
    pub fn log_path(&self, half: usize) -> std::path::PathBuf {
        self.dir.path().join(format!("process-{half}.log"))
    }

    /// Everything process `half` logged so far, across its restarts (empty unless logging).
    pub fn log(&self, half: usize) -> String {
        std::fs::read_to_string(self.log_path(half)).unwrap_or_default()
    }

    /// Whether process `half` runs (started, not stopped or killed by the test).
    pub fn is_running(&self, half: usize) -> bool {
        self.bots[half].is_some()
    }

    /// The operating system's id of process `half`, if it runs.
    pub fn pid(&self, half: usize) -> Option<u32> {
        self.bots[half].as_ref().and_then(Child::id)
    }

    /// Starts process `half` and waits until its shards are ready.
    pub async fn start(&mut self, double: &DiscordDouble, half: usize) {
        assert!(self.bots[half].is_none(), "process {half} runs already");
        let spec = ProcessSpec {
            database_url: self.database_url.clone(),
            clock: self.clock_file(),
            shards: self.shards_of(half),
            shard_count: self.shard_count,
            env: self.env.clone(),
            log: self.logging.then(|| self.log_path(half)),
        };
        self.bots[half] = Some(start_process(double, &spec).await);
    }

    /// Starts both processes, one after the other.
    pub async fn start_both(&mut self, double: &DiscordDouble) {
        for half in 0..2 {
            self.start(double, half).await;
        }
    }

    /// Kills process `half` (SIGKILL) and waits for it to end.
    pub async fn kill(&mut self, half: usize) {
        let mut child = self.bots[half].take().expect("the process runs");
        child.kill().await.expect("the process can be killed");
        let _ = child.wait().await;
    }

    /// Asks process `half` to stop (SIGTERM) and waits up to `limit` for it to exit: its exit
    /// status, or `None` if it was still running then (it is then killed, so that the test
    /// never leaves it behind).
    pub async fn terminate(&mut self, half: usize, limit: Duration) -> Option<std::process::ExitStatus> {
        let mut child = self.bots[half].take().expect("the process runs");
        let pid = child.id().expect("a running process has an id");
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()
            .expect("the kill command runs");
        assert!(sent.success(), "SIGTERM could not be sent to process {half} ({pid})");
        match tokio::time::timeout(limit, child.wait()).await {
            Ok(status) => Some(status.expect("the process's exit status")),
            Err(_) => {
                let _ = child.kill().await;
                let _ = child.wait().await;
                None
            }
        }
    }

    /// Kills both processes.
    pub async fn kill_both(&mut self) {
        for half in 0..2 {
            if self.bots[half].is_some() {
                self.kill(half).await;
            }
        }
    }
}

/// `/engarde tournament <sub> <options>` by `user` in `channel`.
pub async fn tournament_command(
    double: &DiscordDouble,
    user: UserId,
    (guild, channel): (GuildId, ChannelId),
    sub: &str,
    options: Value,
) -> Reply {
    let options =
        json!([{ "type": 2, "name": "tournament", "options": [{ "type": 1, "name": sub, "options": options }] }]);
    double.slash_command(user, guild, channel, "engarde", options).await
}

/// Waits until `check` holds, failing the test after three times [`WAIT`].
pub async fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    let start = Instant::now();
    while !check() {
        assert!(start.elapsed() < WAIT * 3, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The option `option` of the registered command at `path` (e.g. `["engarde",
/// "tournament", "create"]`, in `guild`, else global): its type and the value of its
/// choice named `choice`, as a client sends them.
pub fn registered_choice(
    double: &DiscordDouble,
    guild: GuildId,
    path: &[&str],
    option: &str,
    choice: &str,
) -> (Value, Value) {
    let commands = double.commands(Some(guild));
    let commands = if commands.is_empty() { double.commands(None) } else { commands };
    let named = |list: &Value, name: &str| -> Value {
        list.as_array()
            .and_then(|l| l.iter().find(|o| o["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("no {name}"))
    };
    let mut at = named(&Value::Array(commands), path[0]);
    for name in &path[1..] {
        at = named(&at["options"], name);
    }
    let option = named(&at["options"], option);
    (option["type"].clone(), named(&option["choices"], choice)["value"].clone())
}

/// A server whose events go to the first of [`TwoProcesses`] (its shards), with a duel
/// channel, the bot invited, members named `names` and a manager, Dana (Manage Server).
pub struct FirstHalfServer {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub players: Vec<UserId>,
    pub manager: UserId,
}

impl FirstHalfServer {
    /// Adds the server to `double` (its id decides its shard: new ones until one fits).
    pub async fn add(double: &DiscordDouble, names: &[&str]) -> FirstHalfServer {
        let guild = loop {
            let guild = double.add_guild("Salle");
            if discord_double::shard_of(Some(guild.0), SHARD_COUNT) < 2 {
                break guild;
            }
            tokio::time::sleep(Duration::from_millis(3)).await;
        };
        let channel = double.add_channel(guild, "duels");
        double.set_bot_permissions(guild, INVITE_PERMISSIONS);
        let member = |name: &str, permissions: u64| {
            let user = double.add_user(name);
            double.add_member(guild, user, permissions);
            user
        };
        let players = names.iter().map(|name| member(name, perms::MEMBER_DEFAULT)).collect();
        let manager = member("Dana", perms::MEMBER_DEFAULT | perms::MANAGE_GUILD);
        FirstHalfServer { guild, channel, players, manager }
    }
}

/// Opens a tournament in `place` as `manager` (`/engarde tournament create`, with sign-ups
/// and turns of an hour; `rounds` for a Swiss event, else a round robin) and signs
/// `players` up; its announcement, as answered.
pub async fn open_tournament(
    double: &DiscordDouble,
    place: (GuildId, ChannelId),
    manager: UserId,
    name: &str,
    rounds: Option<u8>,
    players: &[UserId],
) -> Reply {
    let format = if rounds.is_some() { "swiss" } else { "round-robin" };
    let (format_type, format) =
        registered_choice(double, place.0, &["engarde", "tournament", "create"], "format", format);
    let mut options = vec![
        json!({ "type": 3, "name": "name", "value": name }),
        json!({ "type": format_type, "name": "format", "value": format }),
        json!({ "type": 3, "name": "turn_time", "value": "1h" }),
        json!({ "type": 3, "name": "signup", "value": "1h" }),
    ];
    if let Some(rounds) = rounds {
        options.push(json!({ "type": 4, "name": "rounds", "value": rounds }));
    }
    let made = tournament_command(double, manager, place, "create", Value::Array(options)).await;
    assert!(made.content.contains("open for sign-ups"), "{made:?}");
    for &user in players {
        let joined = tournament_command(double, user, place, "join", json!([])).await;
        assert!(joined.content.contains("signed up"), "{joined:?}");
    }
    made
}
