//! A crash while a tournament round is being posted: the round's matches are stored, the
//! bot opens the first match's thread and posts its board, then dies (SIGKILL) while
//! Discord is still answering its request for the second match's thread. After a
//! restart, the boards the crash left owed go each to a thread of its own, opened as a
//! round's start opens them: no board lands in the event's channel, no match gets two
//! threads, the round is announced once.
//!
//! The crash window is made with the double's faults: the first request for a match's
//! thread is answered, the next ones are held for an hour, and the bot is killed while one
//! is held (so Discord never opened that thread, as when the bot dies before sending it).
//!
//! The same with two processes over one PostgreSQL database, both restarted: each, as it
//! starts, posts the boards it finds owed, at the same time as the other (Discord is slow
//! to open threads meanwhile); a match's thread is opened by one of them only.

mod pg;
mod support;

use std::time::{Duration, Instant};

use discord_double::{perms, ChannelId, Fault, FaultAction, RecordedMessage, UserId};
use support::{wait_until as wait, Table, TwoProcesses};

const HOUR: i64 = 3600;

/// Requests for a new thread in `channel` (the matches' threads: the event's own grows
/// from its announcement, on another route).
fn match_thread_requests(channel: ChannelId, action: FaultAction, times: usize) -> Fault {
    Fault { method: Some("POST".to_owned()), path_contains: format!("/channels/{channel}/threads"), action, times }
}

/// The boards posted in `channel`.
fn boards_in(t: &Table, channel: ChannelId) -> Vec<RecordedMessage> {
    t.double.channel_messages(channel).into_iter().filter(support::is_board).collect()
}

/// The match threads of round 1, by name.
fn round_one_threads(t: &Table) -> Vec<discord_double::ThreadInfo> {
    t.double.threads().into_iter().filter(|th| th.name.contains("· R1:")).collect()
}

/// A server with a six-player event whose sign-ups are closing, its own thread open: the
/// table, and that thread.
async fn event_about_to_start() -> (Table, ChannelId) {
    let t = Table::new().await;
    let others: Vec<UserId> = ["Erin", "Frank", "Grace"]
        .iter()
        .map(|name| {
            let user = t.double.add_user(name);
            t.double.add_member(t.guild, user, perms::MEMBER_DEFAULT);
            user
        })
        .collect();
    let players: Vec<UserId> = [t.alice, t.bob, t.carol].into_iter().chain(others).collect();
    let made = support::open_tournament(&t.double, (t.guild, t.channel), t.dana, "Night Cup", Some(3), &players).await;
    assert!(made.content.contains("Tournament #1"), "{made:?}");
    wait("the event's thread", || !t.double.threads().is_empty()).await;
    let event_thread = t.double.threads()[0].id;
    (t, event_thread)
}

/// After whatever went wrong as round 1 started: each of its three matches ends up with a
/// thread of its own holding its first board, and nothing else was posted (`channel_before`:
/// how many messages the event's channel held before the round).
async fn assert_each_match_in_its_thread(t: &Table, channel_before: usize, event_thread: ChannelId) {
    wait("three threads with a board each", || {
        let threads = round_one_threads(t);
        threads.len() == 3 && threads.iter().all(|th| !boards_in(t, th.id).is_empty())
    })
    .await;
    // A few scheduler passes more: nothing comes twice.
    let settle = Instant::now();
    while settle.elapsed() < Duration::from_millis(600) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let threads = round_one_threads(t);
    assert_eq!(threads.len(), 3, "one thread per match: {threads:?}");
    let header = regex::Regex::new(r"#(\d+) · ").unwrap();
    let mut matches = Vec::new();
    for th in &threads {
        assert_eq!(th.parent_id, t.channel, "{th:?}");
        let boards = boards_in(t, th.id);
        assert_eq!(boards.len(), 1, "thread {}: {boards:?}", th.name);
        let title = boards[0].embeds[0]["title"].as_str().unwrap_or_default().to_owned();
        let id: i64 = header.captures(&title).unwrap_or_else(|| panic!("a match's title: {title}"))[1].parse().unwrap();
        // Its first board, live: the Play button of turn 0, and the opening's words, as the
        // board a round's start posts.
        assert_eq!(support::play_button(&boards[0]), format!("eg:h:{id}:0"), "thread {}", th.name);
        assert!(boards[0].content.starts_with("En garde! **"), "not an opening: {}", boards[0].content);
        matches.push(id);
    }
    matches.sort_unstable();
    matches.dedup();
    assert_eq!(matches.len(), 3, "three matches, one thread each: {matches:?}");
    // The event's channel holds what it held (the announcement): no board; the round is
    // announced once, in the event's thread.
    assert!(boards_in(t, t.channel).is_empty(), "boards in the event's channel");
    assert_eq!(t.double.channel_messages(t.channel).len(), channel_before);
    let announced =
        t.double.channel_messages(event_thread).iter().filter(|m| m.content.contains("round 1** has begun")).count();
    assert_eq!(announced, 1);
    // The database agrees: each match's boards go to its thread, where its board is.
    let pool = engarde::store::open(&t.database_url()).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let sql = "SELECT m.id, m.channel_id, b.channel_id, b.turn FROM matches m JOIN boards b ON b.match_id = m.id
               ORDER BY m.id";
    let rows: Vec<(i64, i64, i64, i64)> =
        engarde::with_db!(&mut conn, |cx| sqlx::query_as(sql).fetch_all(cx).await).unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    for (id, channel, board_channel, turn) in rows {
        let thread = threads
            .iter()
            .find(|th| boards_in(t, th.id)[0].embeds[0]["title"].as_str().unwrap().contains(&format!("#{id} ")));
        let thread = thread.unwrap_or_else(|| panic!("match {id} has no thread"));
        assert_eq!((channel, board_channel, turn), (thread.id.0 as i64, thread.id.0 as i64, 0), "match {id}");
    }
    // The boards work: the player to act in each opens their hand from the thread.
    for th in &threads {
        let board = &boards_in(t, th.id)[0];
        let to_act = support::mentioned(&board.content).expect("the board names who acts");
        let hand = t.click(to_act, board, &support::play_button(board)).await;
        assert!(hand.ephemeral && !Table::choices(&hand).is_empty(), "{hand:?}");
    }
    t.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_cut_short_by_a_crash_gets_its_threads_after_the_restart() {
    let (mut t, event_thread) = event_about_to_start().await;
    // The first match's thread opens; the next requests are held (an hour: for ever here).
    t.double.add_fault(match_thread_requests(t.channel, FaultAction::Delay(Duration::ZERO), 1));
    t.double.add_fault(match_thread_requests(t.channel, FaultAction::Delay(Duration::from_secs(HOUR as u64)), 8));
    let channel_before = t.double.channel_messages(t.channel).len();
    // Sign-ups close: round 1 (three matches) starts at the scheduler's next pass.
    t.advance(HOUR);
    wait("the second thread's request, held", || t.double.fired_faults().len() == 2).await;
    // The request for the second thread was sent after the first match's board was posted.
    let threads = round_one_threads(&t);
    assert_eq!(threads.len(), 1, "{threads:?}");
    assert_eq!(boards_in(&t, threads[0].id).len(), 1, "the first match's board in its thread");
    t.kill_bot().await;
    t.double.clear_faults();
    t.start_bot().await;
    assert_each_match_in_its_thread(&t, channel_before, event_thread).await;
}

/// A 500 after Discord did the work: the bot never learns that the thread was opened.
fn lost_answer() -> FaultAction {
    FaultAction::ErrorAfter { status: 500, code: 0, message: "Internal Server Error".to_owned() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_thread_opened_whose_answer_was_lost_is_not_opened_twice() {
    let (t, event_thread) = event_about_to_start().await;
    t.double.add_fault(match_thread_requests(t.channel, lost_answer(), 1));
    let channel_before = t.double.channel_messages(t.channel).len();
    t.advance(HOUR);
    assert_each_match_in_its_thread(&t, channel_before, event_thread).await;
    assert_eq!(t.double.fired_faults().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_after_discord_opened_a_match_thread_leaves_the_match_in_it() {
    let (mut t, event_thread) = event_about_to_start().await;
    // The first match's thread opens, the second's answer is lost, and the bot, looking for
    // that thread, waits (an hour) and dies: the thread is open on Discord, unknown to the
    // bot's database.
    t.double.add_fault(match_thread_requests(t.channel, FaultAction::Delay(Duration::ZERO), 1));
    t.double.add_fault(match_thread_requests(t.channel, lost_answer(), 1));
    let active = format!("/guilds/{}/threads/active", t.guild);
    t.double.add_fault(Fault::once(active, FaultAction::Delay(Duration::from_secs(HOUR as u64))));
    let channel_before = t.double.channel_messages(t.channel).len();
    t.advance(HOUR);
    wait("the look for the lost thread, held", || t.double.fired_faults().len() == 3).await;
    assert_eq!(round_one_threads(&t).len(), 2, "the first match's and the lost one");
    t.kill_bot().await;
    t.double.clear_faults();
    t.start_bot().await;
    assert_each_match_in_its_thread(&t, channel_before, event_thread).await;
}

/// Two bot processes over one PostgreSQL database, and the double.
struct Cluster {
    double: discord_double::DiscordDouble,
    processes: TwoProcesses,
}

impl Cluster {
    async fn kill_both(&mut self) {
        self.processes.kill_both().await;
        wait("both bots' connections to close", || self.double.open_connections() == 0).await;
    }

    fn round_one_threads(&self) -> Vec<discord_double::ThreadInfo> {
        self.double.threads().into_iter().filter(|th| th.name.contains("· R1:")).collect()
    }

    fn boards_in(&self, channel: ChannelId) -> Vec<RecordedMessage> {
        self.double.channel_messages(channel).into_iter().filter(support::is_board).collect()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_restarted_together_open_each_owed_thread_once() {
    let double = discord_double::DiscordDouble::start().await;
    let database_url = pg::fresh_database().await;
    // A server on the first process's shards (its commands come to that process).
    let names = ["Alice", "Bob", "Carol", "Erin", "Frank", "Grace"];
    let support::FirstHalfServer { guild, channel, players, manager } =
        support::FirstHalfServer::add(&double, &names).await;
    let processes = TwoProcesses::new(database_url, support::START_TIME);
    let mut c = Cluster { double, processes };
    c.processes.start_both(&c.double).await;

    support::open_tournament(&c.double, (guild, channel), manager, "Twin Cup", Some(3), &players).await;
    wait("the event's thread", || !c.double.threads().is_empty()).await;

    // Round 1 starts (in whichever process's scheduler claims the pass): its first thread
    // opens, the second is held, and both processes die.
    c.double.add_fault(match_thread_requests(channel, FaultAction::Delay(Duration::ZERO), 1));
    c.double.add_fault(match_thread_requests(channel, FaultAction::Delay(Duration::from_secs(HOUR as u64)), 8));
    c.processes.set_time(support::START_TIME + HOUR);
    wait("the second thread's request, held", || c.double.fired_faults().len() == 2).await;
    assert_eq!(c.round_one_threads().len(), 1);
    c.kill_both().await;
    c.double.clear_faults();

    // Both start again while Discord takes seconds to open each thread: the first process
    // is still opening one when the second looks for owed boards.
    c.double.add_fault(match_thread_requests(channel, FaultAction::Delay(Duration::from_secs(3)), 8));
    c.processes.start_both(&c.double).await;
    wait("three threads with a board", || {
        c.round_one_threads().iter().filter(|th| !c.boards_in(th.id).is_empty()).count() >= 3
    })
    .await;
    // Longer than a held request: a second thread would have come by now.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let threads = c.round_one_threads();
    assert_eq!(threads.len(), 3, "one thread per match: {:?}", threads.iter().map(|t| &t.name).collect::<Vec<_>>());
    for th in &threads {
        assert_eq!(c.boards_in(th.id).len(), 1, "thread {}", th.name);
    }
    assert!(c.boards_in(channel).is_empty(), "boards in the event's channel");
    assert!(c.double.rejections().is_empty(), "{:?}", c.double.rejections());
    c.kill_both().await;
}
