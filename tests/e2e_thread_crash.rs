//! A match's own thread when its opening goes wrong. A challenged match's thread grows from
//! the challenge message (a practice match's from its announcement), so it has that
//! message's id, and Discord refuses a second one for the same message (error 160004): the
//! bot then uses the thread that is there.
//!
//! - Discord opens the thread but its answer is lost (a 500 after the fact): the request is
//!   tried again, refused as a second thread, and the match plays in the first one.
//! - The bot dies after Discord opened the thread and before the thread was stored: after
//!   the restart the owed first board goes to that thread, not to the channel, and no
//!   second thread is opened.
//! - The bot dies before Discord opened the thread: after the restart the thread is opened
//!   from the challenge message, and the first board goes there.
//! - A practice match, in both crash windows: its thread grows from its announcement.
//! - A practice match whose announcement a crash kept from being noted: its thread opens
//!   after the restart with no starter message, and the first board goes there.
//! - A match whose boards go to another channel (its thread opens there with no starter
//!   message), the bot dead after Discord opened the thread: after the restart the thread is
//!   found by its name and the first board goes there; the same if the bot died after
//!   moving the match there, before its first board.

mod support;

use std::time::Duration;

use discord_double::{ChannelId, Fault, FaultAction, MessageId, RecordedMessage};
use serde_json::json;
use support::{wait_until as wait, Table};

const HOUR: Duration = Duration::from_secs(3600);

/// Discord's error code for a message that already has a thread.
const THREAD_ALREADY_CREATED: u64 = 160_004;

/// Requests opening a thread from `message` in `channel`.
fn thread_requests(channel: ChannelId, message: &RecordedMessage, action: FaultAction, times: usize) -> Fault {
    let path_contains = format!("/channels/{channel}/messages/{}/threads", message.id);
    Fault { method: Some("POST".to_owned()), path_contains, action, times }
}

/// A 500 after Discord did the work: the bot never learns that the thread was opened.
fn lost_answer() -> FaultAction {
    FaultAction::ErrorAfter { status: 500, code: 0, message: "Internal Server Error".to_owned() }
}

/// Alice challenges Bob; the challenge message.
async fn challenge(t: &Table) -> RecordedMessage {
    let reply = t.challenge(t.alice, t.bob, None, Some(1)).await;
    reply.final_message().await.expect("the challenge message")
}

/// Bob accepts (the accept's answer only: no waiting for a board).
async fn accept(t: &Table, challenge: &RecordedMessage) {
    let accept = support::button(&challenge.buttons(), "Accept");
    let answered = t.click(t.bob, challenge, &accept).await;
    assert!(answered.content.contains("accepted"), "{answered:?}");
}

/// Alice starts a practice match at Discord's pace; the announcement its thread grows from.
async fn practice(t: &Table) -> MessageId {
    let (kind, easy) = support::registered_choice(&t.double, t.guild, &["engarde", "practice"], "level", "easy");
    let options = json!([
        { "type": 3, "name": "variant", "value": "engarde-standard" },
        { "type": kind, "name": "level", "value": easy },
    ]);
    let reply = t.command(t.alice, "practice", options).await;
    assert!(reply.content.contains("practises"), "the announcement: {reply:?}");
    reply.message_id.expect("the announcement is a message")
}

/// Requests opening a thread from any message of `channel` (a practice announcement's id is
/// not known before the command that makes it is answered, and the thread is asked for at
/// once).
fn any_thread_request(channel: ChannelId, action: FaultAction, times: usize) -> Fault {
    Fault { method: Some("POST".to_owned()), path_contains: format!("/channels/{channel}/messages/"), action, times }
}

/// The match's one thread, grown from `starter`, has its first board, the channel none;
/// the board works.
async fn assert_played_in_its_thread(t: &Table, starter: MessageId) {
    wait("the first board in the match's thread", || {
        t.double.channel_messages(ChannelId::from(starter.get())).iter().any(support::is_board)
    })
    .await;
    let threads = t.double.threads();
    assert_eq!(threads.len(), 1, "one thread: {threads:?}");
    assert_eq!(threads[0].id.0, starter.get(), "the thread grows from the starter message");
    let thread = threads[0].id;
    let boards: Vec<RecordedMessage> =
        t.double.channel_messages(thread).into_iter().filter(support::is_board).collect();
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert!(boards[0].content.starts_with("En garde! **"), "the opening: {}", boards[0].content);
    let in_channel = t.double.channel_messages(t.channel).into_iter().filter(support::is_board).count();
    assert_eq!(in_channel, 0, "no board in the challenge's channel");
    // The database agrees: the match's boards go to the thread.
    let pool = engarde::store::open(&t.database_url()).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let channels: Vec<i64> =
        engarde::with_db!(&mut conn, |cx| sqlx::query_scalar("SELECT channel_id FROM matches").fetch_all(cx).await)
            .unwrap();
    assert_eq!(channels, vec![thread.0 as i64]);
    t.focus(Some(thread));
    let to_act = t.to_act().expect("someone to act");
    let hand = t.open_hand(to_act).await;
    assert!(hand.ephemeral && !Table::choices(&hand).is_empty(), "{hand:?}");
    // Refused only as a second thread from the challenge message, if at all.
    t.assert_clean_but(&[THREAD_ALREADY_CREATED]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_opened_whose_answer_was_lost_is_the_match_s_thread() {
    let t = Table::new().await;
    let challenge = challenge(&t).await;
    t.double.add_fault(thread_requests(t.channel, &challenge, lost_answer(), 1));
    accept(&t, &challenge).await;
    assert_played_in_its_thread(&t, challenge.id).await;
    assert_eq!(t.double.fired_faults().len(), 1);
    let refused: Vec<u64> = t.double.rejections().iter().map(|r| r.code).collect();
    assert_eq!(refused, vec![THREAD_ALREADY_CREATED], "tried again, refused as a second thread");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_after_discord_opened_the_thread_leaves_the_match_in_it() {
    let mut t = Table::new().await;
    // Every answer lost: the bot tries again and again (waiting longer each time), and dies
    // meanwhile, the thread open on Discord and unknown to its database.
    let challenge = challenge(&t).await;
    t.double.add_fault(thread_requests(t.channel, &challenge, lost_answer(), 20));
    accept(&t, &challenge).await;
    wait("the thread, open on Discord", || !t.double.threads().is_empty()).await;
    t.kill_bot().await;
    t.double.clear_faults();
    assert!(t.double.channel_messages(t.channel).iter().all(|m| !support::is_board(m)));
    t.start_bot().await;
    assert_played_in_its_thread(&t, challenge.id).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_before_discord_opened_the_thread_opens_it_after_the_restart() {
    let mut t = Table::new().await;
    let challenge = challenge(&t).await;
    t.double.add_fault(thread_requests(t.channel, &challenge, FaultAction::Delay(HOUR), 1));
    accept(&t, &challenge).await;
    die_when_held(&mut t, "the thread's request, held", 1).await;
    assert!(t.double.threads().is_empty());
    t.start_bot().await;
    assert_played_in_its_thread(&t, challenge.id).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_whose_thread_discord_opened_before_a_crash_plays_in_it() {
    let mut t = Table::new().await;
    t.double.add_fault(any_thread_request(t.channel, lost_answer(), 20));
    let announcement = practice(&t).await;
    wait("the thread, open on Discord", || !t.double.threads().is_empty()).await;
    t.kill_bot().await;
    t.double.clear_faults();
    t.start_bot().await;
    assert_played_in_its_thread(&t, announcement).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_whose_thread_a_crash_kept_from_opening_gets_it_after_the_restart() {
    let mut t = Table::new().await;
    t.double.add_fault(any_thread_request(t.channel, FaultAction::Delay(HOUR), 1));
    let announcement = practice(&t).await;
    die_when_held(&mut t, "the thread's request, held", 1).await;
    assert!(t.double.threads().is_empty());
    t.start_bot().await;
    assert_played_in_its_thread(&t, announcement).await;
}

/// The next `method` request whose path contains `path`, held an hour (the bot dies meanwhile).
fn held(method: &str, path: &str) -> Fault {
    Fault {
        method: Some(method.to_owned()),
        path_contains: path.to_owned(),
        action: FaultAction::Delay(HOUR),
        times: 1,
    }
}

/// Waits until `fired` faults have fired (`what`: the request held), then kills the bot and
/// clears the faults (Discord is well again for the restart).
async fn die_when_held(t: &mut Table, what: &str, fired: usize) {
    wait(what, || t.double.fired_faults().len() == fired).await;
    t.kill_bot().await;
    t.double.clear_faults();
}

/// The match's one thread, opened with no starter message in `parent`, has its first board,
/// the channels none; the board works.
async fn assert_played_in_a_thread_without_starter(t: &Table, parent: ChannelId) {
    wait("the first board in the match's thread", || {
        t.double.threads().iter().any(|th| t.double.channel_messages(th.id).iter().any(support::is_board))
    })
    .await;
    let threads = t.double.threads();
    assert_eq!(threads.len(), 1, "one thread: {threads:?}");
    assert_eq!((threads[0].parent_id, threads[0].starter_message), (parent, None), "{threads:?}");
    let thread = threads[0].id;
    let boards = t.double.channel_messages(thread).into_iter().filter(support::is_board).count();
    assert_eq!(boards, 1, "one first board in the thread");
    for channel in [t.channel, parent] {
        let boards = t.double.channel_messages(channel).into_iter().filter(support::is_board).count();
        assert_eq!(boards, 0, "no board in {channel}");
    }
    t.focus(Some(thread));
    let to_act = t.to_act().expect("someone to act");
    let hand = t.open_hand(to_act).await;
    assert!(hand.ephemeral && !Table::choices(&hand).is_empty(), "{hand:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_whose_announcement_a_crash_kept_from_being_noted_plays_in_a_thread() {
    let mut t = Table::new().await;
    // The announcement is posted; the bot, asking for its id to note it, waits and dies.
    t.double.add_fault(held("GET", "/messages/@original"));
    practice(&t).await;
    die_when_held(&mut t, "the announcement's id, asked for and held", 1).await;
    assert!(t.double.threads().is_empty());
    t.start_bot().await;
    assert_played_in_a_thread_without_starter(&t, t.channel).await;
    t.assert_clean();
}

/// Sends the boards to a channel of their own ("duels"), as an admin; that channel.
async fn boards_channel(t: &Table) -> ChannelId {
    let boards = t.double.add_channel(t.guild, "duels");
    let option = json!([{ "type": 7, "name": "board_channel", "value": boards.to_string() }]);
    let saved = t.admin_command(t.dana, "config", option).await;
    assert!(saved.content.contains(&format!("<#{boards}>")), "{saved:?}");
    boards
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_after_discord_opened_a_thread_in_the_boards_channel_leaves_the_match_in_it() {
    let mut t = Table::new().await;
    let boards = boards_channel(&t).await;
    // The thread opens but its answer is lost; the bot, looking for it, waits and dies.
    let path_contains = format!("/channels/{boards}/threads");
    t.double.add_fault(Fault { method: Some("POST".to_owned()), path_contains, action: lost_answer(), times: 1 });
    let active = format!("/guilds/{}/threads/active", t.guild);
    t.double.add_fault(Fault::once(active, FaultAction::Delay(HOUR)));
    let challenge = challenge(&t).await;
    accept(&t, &challenge).await;
    die_when_held(&mut t, "the look for the lost thread, held", 2).await;
    assert_eq!(t.double.threads().len(), 1, "open on Discord");
    t.start_bot().await;
    assert_played_in_a_thread_without_starter(&t, boards).await;
    t.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_before_the_first_board_in_a_thread_of_the_boards_channel_leaves_it_there() {
    let mut t = Table::new().await;
    let boards = boards_channel(&t).await;
    let challenge = challenge(&t).await;
    // The thread opens and the match moves there; its first board's post waits, and the bot dies.
    t.double.add_fault(held("POST", "/messages"));
    accept(&t, &challenge).await;
    die_when_held(&mut t, "the first board's post, held", 1).await;
    t.start_bot().await;
    assert_played_in_a_thread_without_starter(&t, boards).await;
    t.assert_clean();
}
