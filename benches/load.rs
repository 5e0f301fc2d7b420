//! Load: how fast and how lean the bot serves, measured through the Discord double.
//!
//! ```sh
//! cargo bench --bench load -- [--matches N] [--seconds S] [--seed-matches K] [--max-interactions M]
//! ```
//!
//! `cargo bench` builds the release `engarde` binary itself (this target runs the binary
//! Cargo built for it, `target/release/engarde`; `--bot PATH` runs another). The bench
//! starts the local Discord double (127.0.0.1 only), starts the bot against it, and plays
//! N matches at once between 2N simulated users, who click through legal actions as a
//! player would: a challenge, its Accept, then for every decision the board's Play
//! button (an ephemeral hand) and one of the offered actions, parrying when attacked.
//! When a match ends the pair challenges again. After S seconds (or M interactions) it
//! stops, then runs the same generator against the ceiling (a minimal serenity bot that
//! only acknowledges each interaction: this binary with `--ceiling-bot`), and prints one
//! table: interactions/s, latency from the double dispatching an interaction to receiving
//! the bot's answer (p50, p95, p99, max), failures (no answer within 3 s, or an error
//! answer), the CPU per interaction and the times the bot's threads slept (voluntary
//! context switches: a count of wake-ups, steadier than CPU time on a noisy machine), the
//! bot's peak memory (VmHWM), and the database growth per finished match.
//!
//! `--rate R` offers R interactions/s in all (each user pauses between clicks) to read
//! the latency at a given load; without it every user clicks again as soon as answered,
//! which measures the most the bot sustains. CI runs it briefly as a smoke test in a
//! debug build: `cargo test --bench load -- --matches 20 --seconds 3 --warmup 1`.
//!
//! `--seed-matches K` first stores K finished matches (played through the service, then
//! copied) so the figures hold for a database that has been in use; `--from-db FILE`
//! starts the bot on a copy of a SQLite database seeded by the scale bench (`cargo bench
//! --bench scale -- --keep FILE`: a big community's history in other servers). `--no-ceiling` skips
//! the ceiling; `--warmup S` (default 2) is played but not counted. `--ceiling-boards`
//! makes the ceiling also send the calm thread's requests (a board follow-up after each
//! action, the buttons taken off the board before): what Discord's traffic alone costs.
//!
//! `--limits on|off` switches Discord's rate limits in the double (on by default); the
//! report then counts the requests per decision that Discord counts against the bot's
//! global limit, those on interaction routes (exempt), and 429s by scope. `--pictures
//! on|off` draws boards and prompts as pictures (the default, as in production) or in text
//! (each server's owner sets `boards: text` first); `--pictures both` runs the bot in text,
//! then with pictures, and reports what pictures add to its CPU per interaction. With
//! `LOAD_ROUTES=1` in the environment it also prints the requests of the measured window by
//! route (and whether Discord counts them against the global limit). A pair that stops, or
//! a board later than 3 s, is reported with the last messages of its thread.
//!
//! `--database postgres` runs the bot over PostgreSQL: a server started by the bench from
//! the machine's installation (as the tests start theirs, but durable: `fsync` and
//! synchronous commits on), a fresh database per run. `--processes 2` (PostgreSQL only)
//! runs two bot processes, each with half of four shards, and the pairs play in two
//! servers, one in each half. `--compare` runs SQLite with one process, then PostgreSQL
//! with one and with two, and prints them side by side (no ceiling).

#[path = "load/ceiling.rs"]
mod ceiling;
/// The test harness's PostgreSQL server.
#[path = "../tests/pg/mod.rs"]
mod pg;
#[path = "load/seed.rs"]
mod seed;
/// The end-to-end harness: what a player is offered in a hand, and how to read it.
#[path = "../tests/support/mod.rs"]
mod support;

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_double::{
    perms, ChannelId, DiscordDouble, GuildId, InteractionError, MessageId, RateLimits, RecordedMessage, Reply, UserId,
};
use serde_json::json;
use support::Choice;
use tokio::process::{Child, Command};

/// The permissions of the README's invite link.
const INVITE_PERMISSIONS: u64 = 309_237_730_304;
/// Discord's interaction window: an answer later than this is a failure.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// How long a board may take to appear after an action before it counts as late.
const BOARD_WITHIN: Duration = Duration::from_secs(3);

#[derive(Clone, Debug)]
struct Args {
    matches: usize,
    seconds: f64,
    warmup: f64,
    max_interactions: Option<u64>,
    seed_matches: usize,
    /// A seeded SQLite database the bot starts on (a copy of it).
    from_db: Option<PathBuf>,
    bot: PathBuf,
    ceiling: bool,
    /// Offered load in interactions per second (0: as fast as the bot answers).
    rate: f64,
    /// The ceiling's users click a one-button message instead of board- and hand-shaped ones.
    tiny_ceiling: bool,
    /// The ceiling also makes the calm thread's traffic: a board follow-up after each
    /// action, and the buttons taken off the board before.
    ceiling_boards: bool,
    /// The ceiling is offered the interactions/s the bot sustained, so that both are
    /// measured at the same load (CPU per interaction falls as a process gets busier: fewer
    /// of its threads' sleeps and wake-ups per interaction).
    ceiling_same_rate: bool,
    /// The variant the pairs challenge each other to (`None`: the server's default).
    variant: Option<String>,
    /// The bot's database.
    database: Database,
    /// Bot processes (2: each runs half of four shards; PostgreSQL only).
    processes: usize,
    /// SQLite with one process, PostgreSQL with one and with two, side by side.
    compare: bool,
    /// Discord's rate limits on in the double (`--limits on`, the default) or off.
    limits: bool,
    /// Boards with their pictures (`--pictures on`, the default, as in production) or in
    /// text (the servers' `boards: text` setting).
    pictures: bool,
    /// Both, one after the other (`--pictures both`): what pictures add.
    pictures_both: bool,
    /// Each bot process serves its metrics (`METRICS_ADDR`), scraped every second
    /// (`--metrics`): what a scrape costs, against a run without.
    metrics: bool,
}

/// The database a run's bot uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Database {
    Sqlite,
    Postgres,
}

const USAGE: &str = "\
cargo bench --bench load -- [OPTIONS]

  --matches N            concurrent matches (2N users), default 200
  --seconds S            measured duration, default 60
  --warmup S             played before measuring, default 2
  --max-interactions M   stop after M measured interactions
  --seed-matches K       store K finished matches before starting the bot
  --from-db FILE         start the bot on a copy of this SQLite database (seeded by
                         cargo bench --bench scale -- --keep FILE)
  --rate R               offer R interactions/s in all (users pause between clicks);
                         default 0: every user clicks again as soon as answered (saturation)
  --bot PATH             the engarde binary (default: the one Cargo built for this bench)
  --no-ceiling           skip the ceiling run
  --tiny-ceiling         the ceiling's users click a one-button message rather than
                         messages shaped like a board and a hand
  --ceiling-boards       the ceiling also makes the calm thread's traffic (a board
                         follow-up after each action, the board before's buttons taken off)
  --ceiling-same-rate    the ceiling is offered the interactions/s the bot sustained
                         (CPU per interaction compared at the same load)
  --variant V            the variant to play, e.g. forteresse (default: engarde-standard)
  --database D           sqlite (default) or postgres (a server the bench starts)
  --processes N          1 (default) or 2 bot processes (2: PostgreSQL, each with half of 4 shards)
  --compare              SQLite (1 process), PostgreSQL (1 process), PostgreSQL (2 processes)
  --limits on|off        Discord's rate limits in the double (default on)
  --pictures on|off|both boards and prompts with pictures (default on, as in production) or
                         in text; both: text, then pictures, and what pictures add
  --metrics              each bot process serves its metrics (METRICS_ADDR), scraped every
                         second as Prometheus would; compare with runs without
";

fn parse_args() -> Args {
    let mut args = Args {
        matches: 200,
        seconds: 60.0,
        warmup: 2.0,
        max_interactions: None,
        seed_matches: 0,
        from_db: None,
        bot: PathBuf::from(env!("CARGO_BIN_EXE_engarde")),
        ceiling: true,
        rate: 0.0,
        tiny_ceiling: false,
        ceiling_boards: false,
        ceiling_same_rate: false,
        variant: None,
        database: Database::Sqlite,
        processes: 1,
        compare: false,
        limits: true,
        pictures: true,
        pictures_both: false,
        metrics: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().unwrap_or_else(|| fail(&format!("{name} needs a value")));
        match a.as_str() {
            "--matches" => args.matches = num(&value("--matches")),
            "--seconds" => args.seconds = num(&value("--seconds")),
            "--warmup" => args.warmup = num(&value("--warmup")),
            "--max-interactions" => args.max_interactions = Some(num(&value("--max-interactions"))),
            "--seed-matches" => args.seed_matches = num(&value("--seed-matches")),
            "--from-db" => args.from_db = Some(PathBuf::from(value("--from-db"))),
            "--bot" => args.bot = PathBuf::from(value("--bot")),
            "--no-ceiling" => args.ceiling = false,
            "--tiny-ceiling" => args.tiny_ceiling = true,
            "--ceiling-boards" => args.ceiling_boards = true,
            "--ceiling-same-rate" => args.ceiling_same_rate = true,
            "--rate" => args.rate = num(&value("--rate")),
            "--variant" => args.variant = Some(value("--variant")),
            "--database" => {
                args.database = match value("--database").as_str() {
                    "sqlite" => Database::Sqlite,
                    "postgres" => Database::Postgres,
                    other => fail(&format!("--database must be sqlite or postgres, not `{other}`")),
                }
            }
            "--processes" => args.processes = num(&value("--processes")),
            "--compare" => args.compare = true,
            "--metrics" => args.metrics = true,
            "--limits" => {
                args.limits = match value("--limits").as_str() {
                    "on" => true,
                    "off" => false,
                    other => fail(&format!("--limits must be on or off, not `{other}`")),
                }
            }
            "--pictures" => {
                (args.pictures, args.pictures_both) = match value("--pictures").as_str() {
                    "on" => (true, false),
                    "off" => (false, false),
                    "both" => (true, true),
                    other => fail(&format!("--pictures must be on, off or both, not `{other}`")),
                }
            }
            // `cargo bench` passes --bench to every bench binary.
            "--bench" => {}
            "--help" | "-h" => {
                print!("{USAGE}");
                std::process::exit(0);
            }
            other => fail(&format!("unknown option `{other}`")),
        }
    }
    if args.matches == 0 {
        fail("--matches must be at least 1");
    }
    if !(1..=2).contains(&args.processes) || (args.processes == 2 && args.database != Database::Postgres) {
        fail("--processes must be 1, or 2 with --database postgres");
    }
    if (args.seed_matches > 0 || args.from_db.is_some()) && (args.database != Database::Sqlite || args.compare) {
        fail("--seed-matches and --from-db are for SQLite runs");
    }
    if args.seed_matches > 0 && args.from_db.is_some() {
        fail("--seed-matches and --from-db do not go together");
    }
    args
}

fn num<T: std::str::FromStr>(s: &str) -> T {
    s.parse().unwrap_or_else(|_| fail(&format!("`{s}` is not a number")))
}

fn fail(message: &str) -> ! {
    eprintln!("load: {message}\n\n{USAGE}");
    std::process::exit(2);
}

fn main() {
    if std::env::args().any(|a| a == "--ceiling-bot") {
        std::process::exit(ceiling::run());
    }
    let args = parse_args();
    // Measured as a server would run: every commit flushed to disk.
    pg::set_durable(true);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a tokio runtime");
    let ok = runtime.block_on(run(args));
    // Do not wait for stragglers (e.g. the double's lingering tasks).
    runtime.shutdown_timeout(Duration::from_secs(1));
    std::process::exit(if ok { 0 } else { 1 });
}

/// What the simulated users saw.
#[derive(Default)]
struct Stats {
    /// Latencies of the interactions answered in the measured window.
    latencies: Vec<Duration>,
    /// Interactions not answered within 3 s.
    timeouts: u64,
    /// Interactions answered with an error (or with something other than expected).
    errors: u64,
    /// Boards not posted within 3 s of the action.
    late_boards: u64,
    /// From a decision (its click) to its board visible (measured window).
    board_latencies: Vec<Duration>,
    /// Actions applied (measured window).
    actions: u64,
    /// Matches played to the end (measured window).
    finished: u64,
    /// A few error answers, to show.
    samples: Vec<String>,
}

impl Stats {
    fn merge(&mut self, o: Stats) {
        self.latencies.extend(o.latencies);
        self.timeouts += o.timeouts;
        self.errors += o.errors;
        self.late_boards += o.late_boards;
        self.board_latencies.extend(o.board_latencies);
        self.actions += o.actions;
        self.finished += o.finished;
        for s in o.samples {
            if self.samples.len() < 5 {
                self.samples.push(s);
            }
        }
    }

    fn failures(&self) -> u64 {
        self.timeouts + self.errors
    }
}

/// What the generator shares between its simulated pairs.
struct Ctx {
    double: DiscordDouble,
    guild: GuildId,
    channel: ChannelId,
    measure_from: Instant,
    end: Instant,
    max: Option<u64>,
    counted: AtomicU64,
}

impl Ctx {
    fn done(&self) -> bool {
        Instant::now() >= self.end || self.max.is_some_and(|m| self.counted.load(Ordering::Relaxed) >= m)
    }

    fn measuring(&self) -> bool {
        let now = Instant::now();
        now >= self.measure_from && now < self.end
    }

    /// Notes an interaction's outcome; returns the reply if it is what a player expects.
    fn note(
        &self,
        stats: &mut Stats,
        what: &str,
        result: Result<Reply, InteractionError>,
        expected: impl Fn(&Reply) -> bool,
    ) -> Option<Reply> {
        let measuring = self.measuring();
        match result {
            Ok(reply) => {
                if measuring {
                    stats.latencies.push(reply.latency);
                    self.counted.fetch_add(1, Ordering::Relaxed);
                }
                if expected(&reply) {
                    return Some(reply);
                }
                if measuring {
                    stats.errors += 1;
                }
                if stats.samples.len() < 5 {
                    stats.samples.push(format!("{what}: {}", reply.content.lines().next().unwrap_or_default()));
                }
                None
            }
            Err(InteractionError::NoResponse { .. }) => {
                if measuring {
                    stats.timeouts += 1;
                }
                None
            }
            Err(e) => {
                // The generator clicked something a user could not: a bug here, not in the bot.
                if stats.samples.len() < 5 {
                    stats.samples.push(format!("{what}: generator error {e}"));
                }
                if measuring {
                    stats.errors += 1;
                }
                None
            }
        }
    }
}

/// A pair's pauses between clicks, so that all pairs together offer `--rate`.
struct Pace {
    every: Option<Duration>,
    next: Instant,
}

impl Pace {
    fn new(args: &Args, rng: &mut Rng) -> Pace {
        let every = (args.rate > 0.0).then(|| Duration::from_secs_f64(args.matches as f64 / args.rate));
        // Spread the pairs' first clicks over one interval.
        let phase = every.map_or(Duration::ZERO, |e| e.mul_f64(rng.below(1000) as f64 / 1000.0));
        Pace { every, next: Instant::now() + phase }
    }

    /// Waits for this pair's next slot (a slow answer is not made up for with a burst).
    async fn wait(&mut self) {
        let Some(every) = self.every else { return };
        let now = Instant::now();
        if self.next + every < now {
            self.next = now;
        }
        tokio::time::sleep_until(self.next.into()).await;
        self.next += every;
    }
}

/// A small deterministic random source per simulated pair.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// As a player would: parry when attacked, usually attack when possible, else anything.
fn pick(rng: &mut Rng, choices: &[Choice]) -> usize {
    let find = |p: &str| choices.iter().position(|c| c.label().starts_with(p));
    if let Some(i) = find("Parry") {
        return i;
    }
    if let Some(i) = find("Attack").or_else(|| choices.iter().position(|c| c.label().contains("+ attack"))) {
        if rng.below(4) > 0 {
            return i;
        }
    }
    let moves: Vec<usize> = (0..choices.len()).filter(|&i| !choices[i].label().starts_with("Take the hit")).collect();
    if moves.is_empty() {
        return rng.below(choices.len());
    }
    moves[rng.below(moves.len())]
}

/// Whether a choice only leads to the next step of a prompt (a Forteresse menu).
fn is_step(choice: &Choice) -> bool {
    matches!(choice, Choice::Option(menu, ..) if menu.starts_with("eg:p:"))
}

/// The first `<@id>` mention in a text.
fn mentioned(text: &str) -> Option<UserId> {
    let start = text.find("<@")? + 2;
    let end = start + text[start..].find('>')?;
    text[start..end].parse::<u64>().ok().map(UserId::from)
}

fn button(buttons: &[(String, String)], label: &str) -> Option<String> {
    buttons.iter().find(|(l, _)| l == label).map(|(_, id)| id.clone())
}

/// One pair of users playing matches against `engarde`, one after another.
async fn play_matches(
    ctx: Arc<Ctx>,
    (guild, channel): (GuildId, ChannelId),
    a: UserId,
    b: UserId,
    seed: u64,
    args: Arc<Args>,
) -> Stats {
    let mut stats = Stats::default();
    let mut rng = Rng(seed | 1);
    let mut pace = Pace::new(&args, &mut rng);
    let mut swap = false;
    let d = &ctx.double;
    'matches: while !ctx.done() {
        let (from, to) = if swap { (b, a) } else { (a, b) };
        swap = !swap;
        let mut challenge = vec![json!({ "type": 6, "name": "opponent", "value": to.to_string() })];
        if let Some(variant) = &args.variant {
            challenge.push(json!({ "type": 3, "name": "variant", "value": variant }));
        }
        let options = json!([{ "type": 1, "name": "challenge", "options": challenge }]);
        pace.wait().await;
        let r = d.try_slash_command(from, Some(guild), channel, "engarde", options).await;
        let Some(challenge) =
            ctx.note(&mut stats, "challenge", r, |r| !r.ephemeral && r.buttons().iter().any(|(l, _)| l == "Accept"))
        else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let (Some(message), Some(accept)) = (challenge.message_id, button(&challenge.buttons(), "Accept")) else {
            continue;
        };
        let mut accepted = false;
        for _ in 0..3 {
            pace.wait().await;
            let r = d.try_click(to, channel, message, &accept).await;
            if ctx.note(&mut stats, "accept", r, |r| r.content.contains("accepted")).is_some() {
                accepted = true;
                break;
            }
        }
        if !accepted {
            break;
        }
        // The match gets a thread started from the challenge message: same id.
        let thread = ChannelId::from(message.get());
        let Some(mut board) = first_board(&ctx, &mut stats, thread, message.get()).await else {
            break;
        };
        loop {
            if ctx.done() {
                break 'matches;
            }
            let Some(play) = play_button(&board) else {
                if board.components.is_empty() {
                    // Retired: its successor is on its way.
                    board = newer_board(&ctx, thread, board).await;
                    continue;
                }
                if ctx.measuring() {
                    stats.finished += 1;
                }
                continue 'matches;
            };
            let Some(user) = mentioned(&board.content) else {
                stats.samples.push(format!("a board pings nobody: {}", board.content));
                break 'matches;
            };
            pace.wait().await;
            let r = d.try_click(user, thread, board.id, &play).await;
            let Some(mut hand) = ctx.note(&mut stats, "hand", r, |r| r.ephemeral && !r.components.is_empty()) else {
                // As a player told the board is out of date: on to the newer one, if any.
                board = newer_board(&ctx, thread, board).await;
                continue;
            };
            // A prompt in steps (Forteresse): take a random set-up, or pick a ring cell, until
            // actions are offered.
            for _ in 0..2 {
                if !support::Table::choices(&hand).iter().all(is_step) {
                    break;
                }
                let message = hand.message_id.expect("the prompt is a message");
                let options = hand.select_options();
                pace.wait().await;
                let r = match button(&hand.buttons(), "Random set-up") {
                    Some(random) => d.try_click(user, hand.channel_id, message, &random).await,
                    None if !options.is_empty() => {
                        let (menu, _, value) = &options[rng.below(options.len())];
                        d.try_select(user, hand.channel_id, message, menu, &[value.as_str()]).await
                    }
                    None => break,
                };
                match ctx.note(&mut stats, "step", r, |r| r.kind == 7 && !r.components.is_empty()) {
                    Some(next) => hand = next,
                    None => break,
                }
            }
            let offered: Vec<Choice> = support::Table::choices(&hand).into_iter().filter(|c| !is_step(c)).collect();
            if offered.is_empty() {
                if ctx.measuring() {
                    stats.errors += 1;
                }
                continue;
            }
            let hand_message = hand.message_id.expect("the hand is a message");
            pace.wait().await;
            let decided = Instant::now();
            let r = match &offered[pick(&mut rng, &offered)] {
                Choice::Button(_, id) => d.try_click(user, hand.channel_id, hand_message, id).await,
                Choice::Option(menu, _, value) => {
                    d.try_select(user, hand.channel_id, hand_message, menu, &[value.as_str()]).await
                }
            };
            if ctx.note(&mut stats, "act", r, |r| r.kind == 7 && r.content.starts_with("You")).is_none() {
                // A move answered too late may still have been applied: its board is the newer one.
                board = newer_board(&ctx, thread, board).await;
                continue;
            }
            if ctx.measuring() {
                stats.actions += 1;
            }
            match next_board(&ctx, &mut stats, thread, &board).await {
                Some(next) => {
                    if ctx.measuring() {
                        stats.board_latencies.push(decided.elapsed());
                    }
                    board = next;
                }
                None => break 'matches,
            }
        }
    }
    stats
}

/// A board's Play button (named for the game; `eg:h:` ids), if it is live.
fn play_button(board: &RecordedMessage) -> Option<String> {
    board.buttons().into_iter().find(|(_, id)| id.starts_with("eg:h:")).map(|(_, id)| id)
}

/// The board shown after `board`: a new board message in the thread, or `board` edited in
/// place (the same player deciding again: its Play button names a later turn), waiting up
/// to `within`.
async fn changed_board(
    ctx: &Ctx,
    thread: ChannelId,
    board: &RecordedMessage,
    within: Duration,
) -> Option<RecordedMessage> {
    let start = Instant::now();
    let play = play_button(board);
    loop {
        let step = Duration::from_millis(5).min(within.saturating_sub(start.elapsed()));
        if let Some(next) = ctx.double.wait_for_message(thread, Some(board.id), step).await {
            return Some(next);
        }
        if let Some(now) = ctx.double.message(board.id) {
            if play_button(&now) != play && !(now.components.is_empty() && play.is_some()) {
                return Some(now);
            }
        }
        if start.elapsed() >= within {
            return None;
        }
    }
}

/// The board after `board` in a match thread if one came (after a click that failed, such
/// as a move answered too late but applied, whose board makes `board` out of date), else
/// `board`.
async fn newer_board(ctx: &Ctx, thread: ChannelId, board: RecordedMessage) -> RecordedMessage {
    changed_board(ctx, thread, &board, Duration::from_millis(100)).await.unwrap_or(board)
}

/// A match's first board, the first message in its thread after message `after`.
async fn first_board(ctx: &Ctx, stats: &mut Stats, thread: ChannelId, after: u64) -> Option<RecordedMessage> {
    let board = ctx.double.wait_for_message(thread, Some(after.into()), BOARD_WITHIN + Duration::from_secs(10)).await;
    // At the end of the run, waiting stops: not a pair that stopped.
    if board.is_none() && !ctx.done() {
        let challenge = ctx.double.message(MessageId::from(after));
        let shown = challenge.map(|c| format!("thread {:?}, edits {}, «{}»", c.thread, c.edits, c.content));
        let inside = ctx.double.channel_messages(thread).len();
        stats.samples.push(format!(
            "no board in thread {thread}: pair stopped; challenge {shown:?}; {inside} messages in the thread"
        ));
    }
    board
}

/// The board shown after `board` (a new one, or the same edited in place); a late one is
/// counted.
async fn next_board(
    ctx: &Ctx,
    stats: &mut Stats,
    thread: ChannelId,
    board: &RecordedMessage,
) -> Option<RecordedMessage> {
    if let Some(next) = changed_board(ctx, thread, board, BOARD_WITHIN).await {
        return Some(next);
    }
    if ctx.measuring() {
        stats.late_boards += 1;
    }
    let late = Instant::now();
    let next = changed_board(ctx, thread, board, Duration::from_secs(10)).await;
    if next.is_some() && stats.late_boards <= 3 {
        stats.samples.push(format!(
            "a board {:?} late: {}",
            late.elapsed() + BOARD_WITHIN,
            thread_tail(ctx, thread, board)
        ));
    }
    if next.is_none() {
        stats
            .samples
            .push(format!("no board in thread {thread} for 13 s: pair stopped; {}", thread_tail(ctx, thread, board)));
    }
    next
}

/// The thread's last messages, for a pair that stopped: each one's id, edits, buttons and
/// first line (and which was the board the pair waited on).
fn thread_tail(ctx: &Ctx, thread: ChannelId, waited: &RecordedMessage) -> String {
    let messages = ctx.double.channel_messages(thread);
    let last: Vec<String> = messages
        .iter()
        .rev()
        .take(3)
        .map(|m| {
            let mark = if m.id == waited.id { "*" } else { "" };
            let line = m.content.lines().last().unwrap_or_default();
            format!("{mark}{} edits {} buttons {} «{line}»", m.id, m.edits, m.buttons().len())
        })
        .collect();
    format!("waited on {:?} (Play {:?}); last: {}", waited.id, play_button(waited), last.join(" | "))
}

/// One pair clicking the ceiling bot's messages as fast as it answers: like a pair in
/// a match, each user in turn clicks the board's Play button, then an action button
/// of their hand (both only acknowledged). With `--tiny-ceiling`, the users click the
/// one button of a one-button message instead.
async fn ack_loop(ctx: Arc<Ctx>, a: UserId, b: UserId, seed: u64, args: Arc<Args>) -> Stats {
    let mut stats = Stats::default();
    let mut pace = Pace::new(&args, &mut Rng(seed | 1));
    let mut targets = Vec::new();
    while targets.is_empty() && !ctx.done() {
        let found = if args.tiny_ceiling {
            canned(&ctx, &mut stats, a, None).await.map(|m| vec![(a, m.clone()), (b, m)])
        } else {
            let board = canned(&ctx, &mut stats, a, Some("board")).await;
            let hand_a = canned(&ctx, &mut stats, a, Some("hand")).await;
            let hand_b = canned(&ctx, &mut stats, b, Some("hand")).await;
            board
                .zip(hand_a)
                .zip(hand_b)
                .map(|((board, hand_a), hand_b)| vec![(a, board.clone()), (a, hand_a), (b, board), (b, hand_b)])
        };
        targets = found.unwrap_or_default();
    }
    for (user, (message, button)) in targets.iter().cycle() {
        if ctx.done() {
            break;
        }
        pace.wait().await;
        let r = ctx.double.try_click(*user, ctx.channel, *message, button).await;
        ctx.note(&mut stats, "ack", r, |r| r.kind == 6);
    }
    stats
}

/// Asks the ceiling bot for a message of the given shape, as `user`; returns it with
/// the button to click on it.
async fn canned(
    ctx: &Ctx,
    stats: &mut Stats,
    user: UserId,
    shape: Option<&'static str>,
) -> Option<(MessageId, String)> {
    let options =
        shape.map_or_else(|| json!([]), |s| json!([{ "type": 3, "name": ceiling::SHAPE_OPTION, "value": s }]));
    let r = ctx.double.try_slash_command(user, Some(ctx.guild), ctx.channel, "ack", options).await;
    let reply = ctx.note(stats, "command", r, |r| !r.buttons().is_empty())?;
    let button = match shape {
        None => ceiling::ACK_BUTTON.to_owned(),
        Some("board") => reply.buttons().into_iter().find(|(_, id)| id.starts_with("eg:h:"))?.1,
        Some(_) => reply.buttons().first()?.1.clone(),
    };
    Some((reply.message_id?, button))
}

/// Which bot a run is against.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Engarde,
    Ceiling,
}

/// One run's figures.
struct Outcome {
    stats: Stats,
    window: Duration,
    peak_kb: Option<u64>,
    db_per_match: Option<f64>,
    seeded: Option<(usize, u64)>,
    /// CPU time used in the measured window by the bot, and by the double with the generator.
    cpu: Option<(Duration, Duration)>,
    /// The times the bot's threads went to sleep waiting (voluntary context switches) in
    /// the measured window: each a wake-up to pay, and far less noisy than CPU time.
    sleeps: Option<u64>,
    /// Requests the double saw in the measured window: counted against the global limit,
    /// and 429s by scope (global, route, shared).
    limits: Limits,
}

/// What the double's rate limits saw in the measured window.
#[derive(Clone, Copy, Debug, Default)]
struct Limits {
    counted: u64,
    /// Requests on interaction routes (callbacks, follow-ups and their edits).
    exempt: u64,
    global: u64,
    route: u64,
    shared: u64,
}

fn limits_between(from: &discord_double::RateLimitStats, to: &discord_double::RateLimitStats) -> Limits {
    Limits {
        counted: to.counted - from.counted,
        exempt: to.exempt - from.exempt,
        global: to.limited_global - from.limited_global,
        route: to.limited_user - from.limited_user,
        shared: to.limited_shared - from.limited_shared,
    }
}

async fn run(args: Args) -> bool {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "load: {} matches at once ({} users), {} s measured after {} s warm-up, offered {}, {cores} cores, \
         limits {}, pictures {}, bot {}",
        args.matches,
        args.matches * 2,
        args.seconds,
        args.warmup,
        if args.rate > 0.0 { format!("{} interactions/s", args.rate) } else { "as fast as answered".to_owned() },
        if args.limits { "on" } else { "off" },
        if args.pictures { "on" } else { "off" },
        args.bot.display()
    );
    if args.compare {
        return compare(&args).await;
    }
    // With `--pictures both`, the bot in text first, then with pictures (reported below).
    let text = if args.pictures_both {
        let text = Args { pictures: false, ..args.clone() };
        match run_target(Target::Engarde, &text, args.database, args.processes).await {
            Ok(o) => Some(o),
            Err(e) => {
                eprintln!("load: pictures off: {e}");
                return false;
            }
        }
    } else {
        None
    };
    let ours = match run_target(Target::Engarde, &args, args.database, args.processes).await {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            return false;
        }
    };
    let ceiling = if args.ceiling {
        let ceiling_args = if args.ceiling_same_rate {
            let rate = ours.stats.latencies.len() as f64 / ours.window.as_secs_f64().max(1e-9);
            println!("the ceiling is offered the bot's rate: {rate:.0} interactions/s");
            Args { rate, ..args.clone() }
        } else {
            args.clone()
        };
        match run_target(Target::Ceiling, &ceiling_args, Database::Sqlite, 1).await {
            Ok(o) => Some(o),
            Err(e) => {
                eprintln!("load: ceiling: {e}");
                None
            }
        }
    } else {
        None
    };
    report(&args, &ours, ceiling.as_ref());
    if let Some(text) = &text {
        pictures_report(text, &ours);
    }
    if ours.stats.actions == 0 {
        // Not a speed check: a run where no action got through means the bot or the
        // generator is broken.
        eprintln!("load: no action was applied");
        return false;
    }
    true
}

/// SQLite with one process, PostgreSQL with one and with two, one after the other.
async fn compare(args: &Args) -> bool {
    let runs = [(Database::Sqlite, 1), (Database::Postgres, 1), (Database::Postgres, 2)];
    let mut rows = Vec::new();
    for (database, processes) in runs {
        match run_target(Target::Engarde, args, database, processes).await {
            Ok(o) => rows.push((database, processes, o)),
            Err(e) => {
                eprintln!("load: {database:?} with {processes} process(es): {e}");
                return false;
            }
        }
    }
    println!();
    println!(
        "| database | bot processes | interactions/s | p50 | p99 | max | failures | bot CPU per interaction | bot peak memory |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (database, processes, o) in &rows {
        let f = figures(o);
        let cpu = o.cpu.map_or_else(
            || "–".to_owned(),
            |c| format!("{:.0} µs", c.0.as_secs_f64() * 1e6 / o.stats.latencies.len().max(1) as f64),
        );
        println!(
            "| {} | {processes} | {:.0} | {} | {} | {} | {} | {cpu} | {} |",
            match database {
                Database::Sqlite => "SQLite",
                Database::Postgres => "PostgreSQL",
            },
            f.rate,
            ms(f.p50),
            ms(f.p99),
            ms(f.max),
            o.stats.failures(),
            o.peak_kb.map_or_else(|| "–".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0)),
        );
    }
    for (_, _, o) in &rows {
        for sample in &o.stats.samples {
            println!("  sample: {sample}");
        }
    }
    rows.iter().all(|(_, _, o)| o.stats.actions > 0)
}

/// The shards of each of two processes, of four.
const HALVES: [&str; 2] = ["0-1", "2-3"];
const SHARD_COUNT: u64 = 4;

/// The option `boards: text` of `/engarde-admin config` as registered (in `scope`, or
/// globally).
fn text_boards_option(double: &DiscordDouble, scope: Option<GuildId>) -> Option<serde_json::Value> {
    let commands = double.commands(scope);
    let admin = commands.iter().find(|c| c["name"] == "engarde-admin")?;
    let config = admin["options"].as_array()?.iter().find(|o| o["name"] == "config")?;
    let option = config["options"].as_array()?.iter().find(|o| o["name"] == "boards")?;
    let text = option["choices"].as_array()?.iter().find(|c| c["name"] == "text")?;
    Some(serde_json::json!({ "type": option["type"], "name": "boards", "value": text["value"] }))
}

async fn run_target(target: Target, args: &Args, database: Database, processes: usize) -> Result<Outcome, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let db_path = dir.path().join("engarde.db");
    let sqlite = database == Database::Sqlite;
    let db_url = match database {
        Database::Sqlite => format!("sqlite://{}", db_path.display()),
        Database::Postgres => pg::fresh_database().await,
    };
    let mut double = DiscordDouble::start().await;
    double.set_recording(false);
    double.set_timeout(ANSWER_WITHIN);
    if args.limits {
        double.set_rate_limits(RateLimits::discord());
    }
    // One server; with two processes, one in each half of the shards.
    let mut servers: Vec<(GuildId, ChannelId)> = Vec::new();
    let mut halves = [false; 2];
    for n in 0..400 {
        if servers.len() == processes {
            break;
        }
        let guild = double.add_guild(&format!("Salle de charge {n}"));
        let half = usize::from(discord_double::shard_of(Some(guild.get()), SHARD_COUNT) >= 2);
        if processes > 1 && halves[half] {
            continue;
        }
        halves[half] = true;
        servers.push((guild, double.add_channel(guild, "duels")));
        double.set_bot_permissions(guild, INVITE_PERMISSIONS);
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    if servers.len() < processes {
        return Err("no servers in both halves of the shards".to_owned());
    }
    let (guild, channel) = servers[0];
    let users: Vec<UserId> = (0..args.matches * 2).map(|i| double.add_user(&format!("Fencer {i}"))).collect();
    for &u in &users {
        for &(g, _) in &servers {
            double.add_member(g, u, perms::MEMBER_DEFAULT);
        }
    }

    let mut seeded = None;
    let (mut size_before, mut finished_before) = (0, 0);
    if target == Target::Engarde && sqlite {
        if let Some(from) = &args.from_db {
            std::fs::copy(from, &db_path).map_err(|e| format!("copying {}: {e}", from.display()))?;
            let (size, finished) = seed::db_size(&db_url).await?;
            println!("starting on {}: {finished} finished matches, {:.1} MB", from.display(), size as f64 / 1e6);
            seeded = Some((finished as usize, size));
        }
        if args.seed_matches > 0 {
            let started = Instant::now();
            let ids: Vec<u64> = users.iter().map(|u| u.get()).collect();
            seed::seed(&db_url, guild.get(), channel.get(), &ids, args.seed_matches).await?;
            let (size, finished) = seed::db_size(&db_url).await?;
            println!(
                "seeded {finished} finished matches in {:.1} s: database {:.1} MB ({:.1} KB per match)",
                started.elapsed().as_secs_f64(),
                size as f64 / 1e6,
                size as f64 / 1e3 / finished.max(1) as f64
            );
            seeded = Some((args.seed_matches, size));
        }
        // The size of an empty (or seeded) database, to measure growth.
        (size_before, finished_before) = seed::db_size(&db_url).await?;
    }

    let identifies = double.identify_count();
    let mut children = Vec::new();
    let mut metrics_addrs = Vec::new();
    for (k, shards) in HALVES.iter().enumerate().take(processes) {
        let log = std::fs::File::create(dir.path().join(format!("bot{k}.log"))).map_err(|e| format!("bot log: {e}"))?;
        let mut command = match target {
            Target::Engarde => Command::new(&args.bot),
            Target::Ceiling => {
                let mut c = Command::new(std::env::current_exe().map_err(|e| format!("this binary: {e}"))?);
                c.arg("--ceiling-bot");
                c
            }
        };
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", "load-token")
            .env("DISCORD_API_URL", double.api_url())
            .env("DATABASE_URL", &db_url)
            .env("RUST_LOG", "warn")
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .kill_on_drop(true);
        if target == Target::Ceiling && args.ceiling_boards {
            command.env("CEILING_BOARDS", "1");
        }
        if target == Target::Engarde && args.metrics {
            let addr = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map_err(|e| format!("a port for METRICS_ADDR: {e}"))?;
            command.env("METRICS_ADDR", addr.to_string());
            metrics_addrs.push(addr);
        }
        if processes > 1 {
            command.env("SHARDS", shards).env("SHARD_COUNT", SHARD_COUNT.to_string());
        } else {
            command.env("DEV_GUILD_ID", guild.to_string());
        }
        children.push(command.spawn().map_err(|e| format!("cannot start {}: {e}", args.bot.display()))?);
    }
    let pids: Vec<u32> = children.iter().filter_map(Child::id).collect();
    let connect = Duration::from_secs(30);
    let sessions = if processes > 1 { SHARD_COUNT as u32 } else { 1 };
    if !double.wait_for_identifies(identifies + sessions, connect).await || !double.wait_for_ready(connect).await {
        return Err(format!("the bot did not connect; its log: {}", tail(&dir.path().join("bot0.log"))));
    }
    let scope = (processes == 1).then_some(guild);
    if target == Target::Engarde && !double.wait_for_command(scope, "engarde", connect).await {
        return Err("the bot did not register /engarde".to_owned());
    }
    if target == Target::Engarde && !args.pictures {
        // Each server's owner chooses text boards, as an admin would: the option's
        // registered choice, as a client sends it.
        for &(g, c) in &servers {
            let text = text_boards_option(&double, scope).ok_or("/engarde-admin config has no `boards: text`")?;
            let options = serde_json::json!([{ "type": 1, "name": "config", "options": [text] }]);
            let reply = double.slash_command(double.owner_user(), g, c, "engarde-admin", options).await;
            if reply.kind != 4 || reply.content.is_empty() {
                return Err(format!("the server did not take text boards: {reply:?}"));
            }
        }
    }

    // The ceiling's users click in a thread, as `engarde`'s play in their match's: an
    // interaction in a thread carries the thread's channel object, twice a text channel's.
    let channel = match target {
        Target::Engarde => channel,
        Target::Ceiling => double.add_thread(guild, channel, "ceiling"),
    };
    let start = Instant::now();
    let measure_from = start + Duration::from_secs_f64(args.warmup);
    let ctx = Arc::new(Ctx {
        double,
        guild,
        channel,
        measure_from,
        end: measure_from + Duration::from_secs_f64(args.seconds),
        max: args.max_interactions,
        counted: AtomicU64::new(0),
    });
    let mut tasks = Vec::new();
    let shared_args = Arc::new(args.clone());
    for (i, pair) in users.chunks(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let ctx = Arc::clone(&ctx);
        let args = Arc::clone(&shared_args);
        let seed = 0x9E37_79B9 ^ ((i as u64) << 20);
        let server = servers[i % servers.len()];
        tasks.push(tokio::spawn(async move {
            match target {
                Target::Engarde => play_matches(ctx, server, a, b, seed, args).await,
                Target::Ceiling => ack_loop(ctx, a, b, seed, args).await,
            }
        }));
    }
    let bots_cpu = || pids.iter().map(|p| cpu_time(&p.to_string())).sum::<Option<Duration>>();
    let bots_sleeps = || pids.iter().map(|&p| voluntary_switches(p)).sum::<Option<u64>>();
    let (cpu_from, sleeps_from) = {
        tokio::time::sleep_until(measure_from.into()).await;
        ((bots_cpu(), cpu_time("self")), bots_sleeps())
    };
    let limits_from = ctx.double.rate_limit_stats();
    let scraper = (!metrics_addrs.is_empty()).then(|| tokio::spawn(scrape_every_second(metrics_addrs, ctx.end)));
    tokio::time::sleep_until(ctx.end.into()).await;
    if let Some(scraper) = scraper {
        let (scrapes, bytes) = scraper.await.map_err(|e| format!("the scraper panicked: {e}"))??;
        println!("{} metrics: {scrapes} scrapes of /metrics, {} bytes each", name(target), bytes / scrapes.max(1));
    }
    let limits_to = ctx.double.rate_limit_stats();
    let limits = limits_between(&limits_from, &limits_to);
    if std::env::var_os("LOAD_ROUTES").is_some() {
        for (route, to) in &limits_to.by_route {
            let from = limits_from.by_route.get(route).map_or(0, |r| r.requests);
            println!("  route {route} counted {} requests {}", to.counted, to.requests - from);
        }
    }
    let cpu = match (cpu_from, (bots_cpu(), cpu_time("self"))) {
        ((Some(b0), Some(s0)), (Some(b1), Some(s1))) => Some((b1 - b0, s1 - s0)),
        _ => None,
    };
    let sleeps = sleeps_from.zip(bots_sleeps()).map(|(from, to)| to.saturating_sub(from));
    let mut stats = Stats::default();
    for t in tasks {
        stats.merge(t.await.map_err(|e| format!("a simulated pair panicked: {e}"))?);
    }
    let window = Instant::now().min(ctx.end) - ctx.measure_from;
    // The processes' peak memory, added up.
    let peak_kb = pids.iter().map(|&p| proc_status_kb(p, "VmHWM")).sum::<Option<u64>>();
    for mut child in children {
        let _ = child.kill().await;
    }
    let db_per_match = match seed::db_size(&db_url).await {
        _ if target != Target::Engarde || !sqlite => None,
        Ok((size, finished)) => {
            let grown = finished.saturating_sub(finished_before);
            (grown > 0).then(|| (size.saturating_sub(size_before)) as f64 / grown as f64)
        }
        // Another bot (`--bot`) may have migrated the database past this build's schema.
        Err(e) => {
            eprintln!("load: the database's size is not measured: {e}");
            None
        }
    };
    if stats.failures() > 0 || stats.late_boards > 0 {
        for (k, _) in pids.iter().enumerate() {
            eprintln!("{} bot log {k} (last lines): {}", name(target), tail(&dir.path().join(format!("bot{k}.log"))));
        }
    }
    Ok(Outcome { stats, window, peak_kb, db_per_match, seeded, cpu, sleeps, limits })
}

/// Scrapes `/metrics` of every address once a second until `end`, as Prometheus would;
/// how many scrapes, and their bytes in all.
async fn scrape_every_second(addrs: Vec<std::net::SocketAddr>, end: Instant) -> Result<(u64, u64), String> {
    let client = reqwest::Client::new();
    let (mut scrapes, mut bytes) = (0, 0);
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    while Instant::now() < end {
        tick.tick().await;
        for addr in &addrs {
            let body = client
                .get(format!("http://{addr}/metrics"))
                .send()
                .await
                .and_then(reqwest::Response::error_for_status)
                .map_err(|e| format!("scraping {addr}: {e}"))?
                .bytes()
                .await
                .map_err(|e| format!("scraping {addr}: {e}"))?;
            scrapes += 1;
            bytes += body.len() as u64;
        }
    }
    Ok((scrapes, bytes))
}

fn name(target: Target) -> &'static str {
    match target {
        Target::Engarde => "engarde",
        Target::Ceiling => "ceiling",
    }
}

fn tail(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(10)..].join("\n")
}

/// CPU time (user + system) a process has used so far, from `/proc/<pid>/stat`.
fn cpu_time(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports in clock ticks, 100 per second on every platform Rust supports here.
    Some(Duration::from_millis(ticks * 10))
}

/// The voluntary context switches of all of a process's threads so far (each thread's
/// `/proc/<pid>/task/<tid>/status`).
fn voluntary_switches(pid: u32) -> Option<u64> {
    let mut total = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()? {
        let status = std::fs::read_to_string(task.ok()?.path().join("status")).unwrap_or_default();
        let line = status.lines().find(|l| l.starts_with("voluntary_ctxt_switches"));
        total += line.and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()).unwrap_or(0);
    }
    Some(total)
}

/// A `kB` line of `/proc/<pid>/status` (e.g. VmHWM, the peak resident set).
fn proc_status_kb(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

struct Figures {
    rate: f64,
    p50: Duration,
    p95: Duration,
    p99: Duration,
    max: Duration,
}

fn figures(o: &Outcome) -> Figures {
    let mut l = o.stats.latencies.clone();
    l.sort();
    Figures {
        rate: l.len() as f64 / o.window.as_secs_f64().max(1e-9),
        p50: percentile(&l, 0.50),
        p95: percentile(&l, 0.95),
        p99: percentile(&l, 0.99),
        max: l.last().copied().unwrap_or_default(),
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The bot's CPU per interaction in text and with pictures, side by side (`--pictures both`).
fn pictures_report(text: &Outcome, pictures: &Outcome) {
    let per = |o: &Outcome| {
        let n = o.stats.latencies.len().max(1) as f64;
        o.cpu.map(|c| c.0.as_secs_f64() * 1e6 / n)
    };
    println!();
    println!("| pictures | interactions/s | bot CPU per interaction |");
    println!("| --- | --- | --- |");
    for (name, o) in [("off (text boards and prompts)", text), ("on", pictures)] {
        let cpu = per(o).map_or_else(|| "–".to_owned(), |c| format!("{c:.0} µs"));
        println!("| {name} | {:.0} | {cpu} |", figures(o).rate);
    }
    if let (Some(off), Some(on)) = (per(text), per(pictures)) {
        println!("\npictures add {:+.0}% to the bot's CPU per interaction (budget: +50%)", (on / off - 1.0) * 100.0);
    }
}

fn report(args: &Args, ours: &Outcome, ceiling: Option<&Outcome>) {
    let o = figures(ours);
    let c = ceiling.map(figures);
    let cell = |f: &dyn Fn(&Figures) -> String| c.as_ref().map_or_else(|| "–".to_owned(), f);
    let ratio =
        |x: f64, y: Option<f64>| y.filter(|y| *y > 0.0).map_or_else(|| "–".to_owned(), |y| format!("{:.2}", x / y));
    let mb = |kb: Option<u64>| kb.map_or_else(|| "–".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0));
    println!();
    let ceiling_name = if args.ceiling_boards { "ceiling (acks and boards)" } else { "ceiling (ack only)" };
    println!("| figure | engarde | {ceiling_name} | engarde / ceiling |");
    println!("| --- | --- | --- | --- |");
    println!(
        "| interactions/s sustained | {:.0} | {} | {} |",
        o.rate,
        cell(&|c| format!("{:.0}", c.rate)),
        ratio(o.rate, c.as_ref().map(|c| c.rate))
    );
    for (label, ours_d, their) in [
        ("latency p50", o.p50, c.as_ref().map(|c| c.p50)),
        ("latency p95", o.p95, c.as_ref().map(|c| c.p95)),
        ("latency p99", o.p99, c.as_ref().map(|c| c.p99)),
        ("latency max", o.max, c.as_ref().map(|c| c.max)),
    ] {
        println!(
            "| {label} | {} | {} | {} |",
            ms(ours_d),
            their.map_or_else(|| "–".to_owned(), ms),
            ratio(ours_d.as_secs_f64(), their.map(|t| t.as_secs_f64()))
        );
    }
    let failures = |s: &Stats| format!("{} ({} unanswered in 3 s, {} errors)", s.failures(), s.timeouts, s.errors);
    println!(
        "| failures | {} | {} | |",
        failures(&ours.stats),
        ceiling.map_or_else(|| "–".to_owned(), |c| failures(&c.stats))
    );
    println!("| boards later than 3 s | {} | – | |", ours.stats.late_boards);
    let mut boards = ours.stats.board_latencies.clone();
    boards.sort();
    println!("| decision to board visible p99 | {} | – | |", ms(percentile(&boards, 0.99)));
    let l = ours.limits;
    println!(
        "| Discord requests counted against the global limit, per decision | {:.2} | – | |",
        l.counted as f64 / ours.stats.actions.max(1) as f64
    );
    println!(
        "| Discord requests on interaction routes (exempt), per decision | {:.2} | – | |",
        l.exempt as f64 / ours.stats.actions.max(1) as f64
    );
    println!("| 429s: global / route / shared | {} / {} / {} | – | |", l.global, l.route, l.shared);
    println!(
        "| interactions measured | {} | {} | |",
        ours.stats.latencies.len(),
        cell(&|_| { ceiling.map_or(0, |c| c.stats.latencies.len()).to_string() })
    );
    println!("| actions applied / matches finished | {} / {} | – | |", ours.stats.actions, ours.stats.finished);
    let per = |o: &Outcome, which: usize| {
        let n = o.stats.latencies.len().max(1) as f64;
        o.cpu.map_or_else(|| "–".to_owned(), |c| format!("{:.0} µs", [c.0, c.1][which].as_secs_f64() * 1e6 / n))
    };
    println!(
        "| CPU per interaction: bot | {} | {} | |",
        per(ours, 0),
        ceiling.map_or_else(|| "–".to_owned(), |c| per(c, 0))
    );
    println!(
        "| CPU per interaction: double + generator | {} | {} | |",
        per(ours, 1),
        ceiling.map_or_else(|| "–".to_owned(), |c| per(c, 1))
    );
    let sleeps = |o: &Outcome| {
        o.sleeps.map_or_else(|| "–".to_owned(), |n| format!("{:.2}", n as f64 / o.stats.latencies.len().max(1) as f64))
    };
    println!(
        "| bot threads' sleeps (voluntary context switches) per interaction | {} | {} | |",
        sleeps(ours),
        ceiling.map_or_else(|| "–".to_owned(), sleeps)
    );
    println!(
        "| bot peak memory (VmHWM) | {} | {} | |",
        mb(ours.peak_kb),
        ceiling.map_or_else(|| "–".to_owned(), |c| mb(c.peak_kb))
    );
    println!(
        "| database growth per finished match | {} | – | |",
        ours.db_per_match.map_or_else(|| "–".to_owned(), |b| format!("{:.1} KB", b / 1e3))
    );
    if let Some((n, size)) = ours.seeded {
        println!("| database with {n} seeded finished matches | {:.1} MB | – | |", size as f64 / 1e6);
    }
    println!();
    println!(
        "window {:.1} s, {} matches at once{}",
        ours.window.as_secs_f64(),
        args.matches,
        if args.seed_matches > 0 { format!(", {} seeded matches", args.seed_matches) } else { String::new() }
    );
    for s in ours.stats.samples.iter().chain(ceiling.map(|c| &c.stats.samples).into_iter().flatten()) {
        println!("  sample: {s}");
    }
}
