//! Discord faults, injected by the double while the real bot plays: rate limits
//! (429 with `retry_after`) and server errors (500/502/503) on board posts, slow
//! answers, a dropped websocket (resumed, then a full reconnect), an interaction
//! delivered twice, and an interaction callback that fails. In every case no
//! action is applied twice, and no match is left without its latest board.

mod reliability;
mod support;

use std::time::{Duration, Instant};

use discord_double::{Fault, FaultAction};
use support::{prefer, Choice, Table, WAIT};

const AGGRESSIVE: &[&str] = &["Attack", "Advance 1 + attack", "Advance", "Parry", "Retreat", "Take the hit"];

fn error(status: u16, message: &str) -> FaultAction {
    FaultAction::Error { status, code: 0, message: message.to_owned() }
}

/// A fault on the bot's board posts in a match's thread, once it is under way: follow-ups of
/// the deciding clicks (the clicks of these tests are in the thread, so their boards ride on
/// the interactions' routes).
fn on_posts(_thread: discord_double::ChannelId, action: FaultAction, times: usize) -> Fault {
    Fault { method: Some("POST".to_owned()), path_contains: "/webhooks/".to_owned(), action, times }
}

/// Every match consistent, every acknowledged action logged once, every board current.
async fn assert_nothing_lost(table: &Table) {
    let pool = reliability::open(&table.database_url()).await;
    reliability::assert_consistent(&pool).await;
    reliability::assert_acknowledged_applied_once(&pool, &reliability::acknowledged_actions(&table.double)).await;
    reliability::assert_boards_current(&pool, &table.double).await;
}

/// Plays one decision by hand: the prompt and the choice clicked.
async fn open_and_choose(table: &Table) -> (discord_double::UserId, discord_double::Reply, Choice) {
    let user = table.to_act().expect("someone to act");
    let hand = table.open_hand(user).await;
    let choice = prefer(AGGRESSIVE)(&Table::choices(&hand));
    (user, hand, choice)
}

/// Clicks a choice of a prompt: its button, or its option in a menu.
async fn try_choose(
    table: &Table,
    user: discord_double::UserId,
    hand: &discord_double::Reply,
    choice: &Choice,
) -> Result<discord_double::Reply, discord_double::InteractionError> {
    let message = hand.message_id.expect("the prompt");
    match choice {
        Choice::Button(_, id) => table.double.try_click(user, hand.channel_id, message, id).await,
        Choice::Option(menu, _, value) => {
            table.double.try_select(user, hand.channel_id, message, menu, &[value.as_str()]).await
        }
    }
}

async fn wait_until(what: &str, check: impl Fn() -> bool) {
    let start = Instant::now();
    while !check() {
        assert!(start.elapsed() < WAIT, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limited_and_failing_board_posts_are_retried() {
    let table = Table::new().await;
    let thread = table.start_match(None, Some(5)).await;
    let faults = [
        (FaultAction::RateLimited { retry_after: 0.4 }, 1),
        (error(500, "Internal Server Error"), 1),
        (error(502, "Bad Gateway"), 1),
        (error(503, "Service Unavailable"), 2),
        (FaultAction::RateLimited { retry_after: 0.2 }, 1),
    ];
    let mut fired = 0;
    for (action, times) in faults {
        table.double.add_fault(on_posts(thread, action.clone(), times));
        let before = table.boards().len();
        // The board comes without the scheduler's help: the bot's clock does not move.
        table.play_turn(prefer(AGGRESSIVE)).await;
        fired += times;
        assert_eq!(table.double.fired_faults().len(), fired, "the fault {action:?} fired");
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(table.boards().len(), before + 1, "one board per decision, no duplicate after {action:?}");
    }
    assert_nothing_lost(&table).await;
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_that_cannot_be_posted_is_posted_again_later() {
    let table = Table::new().await;
    let thread = table.start_match(None, Some(5)).await;
    table.play_turn(prefer(AGGRESSIVE)).await;
    let before = table.boards().len();

    // Discord fails every follow-up for a while: the retries give up, and the board stays owed.
    table.double.add_fault(on_posts(thread, error(500, "Internal Server Error"), 100));
    let (user, hand, choice) = open_and_choose(&table).await;
    let done = try_choose(&table, user, &hand, &choice).await.expect("answered");
    assert!(done.content.starts_with("You "), "the move is applied and acknowledged: {done:?}");
    wait_until("the bot to give up posting", || table.double.fired_faults().len() >= 4).await;
    // The outbox loop publishes it through the channel (looking for it first), showing the
    // current turn, without the bot's clock moving.
    let board = table.wait_for_boards(before + 1).await;
    assert!(board.interaction_id.is_none(), "posted through the channel: {board:?}");
    assert!(support::mentioned(&board.content).is_some(), "{}", board.content);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(table.double.fired_faults().len(), 4, "a bounded number of follow-ups");
    assert_eq!(table.boards().len(), before + 1, "posted once");
    table.double.clear_faults();
    assert_nothing_lost(&table).await;
    // And play goes on from it.
    table.play_turn(prefer(AGGRESSIVE)).await;
    assert_nothing_lost(&table).await;
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_discord_and_a_double_click_apply_once() {
    let table = Table::new().await;
    let thread = table.start_match(None, Some(5)).await;
    table.double.add_fault(on_posts(thread, FaultAction::Delay(Duration::from_millis(1_500)), 2));
    table.double.add_fault(Fault::once("/callback", FaultAction::Delay(Duration::from_millis(800))));
    let (user, hand, choice) = open_and_choose(&table).await;
    assert!(hand.latency >= Duration::from_millis(800), "the answer was slowed: {:?}", hand.latency);
    let before = table.boards().len();
    let versions = reliability::matches(&reliability::open(&table.database_url()).await).await;
    // The player clicks twice, impatiently, while Discord is slow.
    let (first, second) =
        tokio::join!(try_choose(&table, user, &hand, &choice), try_choose(&table, user, &hand, &choice));
    let answers = [first.expect("answered"), second.expect("answered")];
    let applied = answers.iter().filter(|r| r.content.starts_with("You ")).count();
    assert_eq!(applied, 1, "one click applies: {answers:?}");
    let refused = answers.iter().find(|r| !r.content.starts_with("You ")).unwrap();
    assert!(refused.ephemeral, "{refused:?}");
    assert!(refused.content.contains("out of date") || refused.content.contains("already"), "{refused:?}");
    table.wait_for_boards(before + 1).await;
    tokio::time::sleep(Duration::from_millis(1_600)).await;
    assert_eq!(table.boards().len(), before + 1, "one board");
    let after = reliability::matches(&reliability::open(&table.database_url()).await).await;
    let (m, was) = versions.iter().next().unwrap();
    assert_eq!(after[m].version, was.version + 1, "applied once");
    assert_nothing_lost(&table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_websocket_resumes_or_reconnects_and_a_replayed_interaction_applies_once() {
    let table = Table::new().await;
    table.start_match(None, Some(5)).await;
    table.play_turn(prefer(AGGRESSIVE)).await;

    // Dropped with a resumable close code: serenity resumes the session.
    let resumes = table.double.resume_count();
    table.double.disconnect_all(4000);
    wait_until("a resume", || table.double.resume_count() > resumes).await;
    table.play_turn(prefer(AGGRESSIVE)).await;

    // The session is forgotten too: the resume fails and the bot identifies anew.
    let identifies = table.double.identify_count();
    table.double.invalidate_sessions();
    table.double.disconnect_all(4000);
    wait_until("a new identify", || table.double.identify_count() > identifies).await;
    assert!(table.double.wait_for_ready(WAIT).await);
    let shown = table.boards().len();
    let (user, hand, choice) = open_and_choose(&table).await;
    let done = try_choose(&table, user, &hand, &choice).await.expect("answered");
    assert!(done.content.starts_with("You "), "{done:?}");
    // The decision's own board first (it follows the answer).
    table.wait_for_boards(shown + 1).await;
    let pool = reliability::open(&table.database_url()).await;
    let before = reliability::matches(&pool).await;
    let posted = table.boards().len();

    // Discord delivers that very interaction again (as after a resume): nothing happens twice.
    let wanted = done.interaction_id.to_string();
    let frame = table
        .double
        .gateway_frames()
        .into_iter()
        .find(|f| f["t"] == "INTERACTION_CREATE" && f["d"]["id"].as_str() == Some(wanted.as_str()))
        .expect("the interaction's dispatch was recorded");
    assert_eq!(table.double.dispatch("INTERACTION_CREATE", frame["d"].clone()), 1);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(reliability::matches(&pool).await, before, "the replayed interaction changed nothing");
    assert_eq!(table.boards().len(), posted, "no board for the replay");
    table.play_turn(prefer(AGGRESSIVE)).await;
    assert_nothing_lost(&table).await;
}

/// A blip on Discord's side: the answer to a click fails once, and the bot tries it again
/// within Discord's 3 seconds, so the player sees it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_that_fails_once_is_sent_again() {
    let mut table = Table::new().await;
    table.double.set_timeout(Duration::from_secs(3));
    table.start_match(None, Some(5)).await;
    let (user, hand, id) = open_and_choose(&table).await;
    let before = table.boards().len();
    let pool = reliability::open(&table.database_url()).await;
    let versions = reliability::matches(&pool).await;
    table.double.add_fault(Fault::once("/callback", error(503, "Service Unavailable")));
    let done = try_choose(&table, user, &hand, &id).await.expect("answered");
    assert!(done.content.starts_with("You "), "{done:?}");
    table.wait_for_boards(before + 1).await;
    let (m, was) = versions.iter().next().unwrap();
    assert_eq!(reliability::matches(&pool).await[m].version, was.version + 1, "applied once");
    assert_eq!(table.boards().len(), before + 1);
    table.play_turn(prefer(AGGRESSIVE)).await;
    assert_nothing_lost(&table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_interaction_callback_loses_nothing_and_the_retry_is_refused() {
    let mut table = Table::new().await;
    table.double.set_timeout(Duration::from_secs(2));
    table.start_match(None, Some(5)).await;
    table.play_turn(prefer(AGGRESSIVE)).await;
    let (user, hand, id) = open_and_choose(&table).await;
    let before = table.boards().len();
    let pool = reliability::open(&table.database_url()).await;
    let versions = reliability::matches(&pool).await;

    // Discord fails the bot's answer, every time it is tried: the player sees "This
    // interaction failed".
    let attempts = usize::try_from(engarde::discord::retry::ATTEMPTS).unwrap();
    table.double.add_fault(Fault { times: attempts, ..Fault::once("/callback", error(500, "Internal Server Error")) });
    let failed = try_choose(&table, user, &hand, &id).await;
    assert!(failed.is_err(), "no answer reached the player: {failed:?}");
    // The move was applied (once) and its board posted all the same.
    table.wait_for_boards(before + 1).await;
    let after = reliability::matches(&pool).await;
    let (m, was) = versions.iter().next().unwrap();
    assert_eq!(after[m].version, was.version + 1);

    // The player tries again: refused, nothing doubled.
    let again = try_choose(&table, user, &hand, &id).await.expect("answered");
    assert!(again.ephemeral, "{again:?}");
    assert!(again.content.contains("out of date") || again.content.contains("already"), "{again:?}");
    assert_eq!(reliability::matches(&pool).await, after);
    assert_eq!(table.boards().len(), before + 1);
    table.play_turn(prefer(AGGRESSIVE)).await;
    assert_nothing_lost(&table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_posted_whose_answer_is_lost_is_not_posted_twice() {
    let table = Table::new().await;
    let thread = table.start_match(None, Some(5)).await;
    // Discord makes the board (the deciding click's follow-up), then answers 500. A
    // follow-up takes no nonce: the bot reads the thread's latest messages, finds the one
    // its interaction made, and does not post it again.
    let requests = |method: &str, path: &str| {
        table.double.requests().into_iter().filter(|r| r.method == method && r.path.contains(path)).count()
    };
    let reads = format!("/channels/{thread}/messages");
    let (boards_before, posts_before, reads_before) =
        (table.boards().len(), requests("POST", "/webhooks/"), requests("GET", &reads));
    let lost = FaultAction::ErrorAfter { status: 500, code: 0, message: "Internal Server Error".to_owned() };
    table.double.add_fault(on_posts(thread, lost, 1));
    table.play_turn(prefer(AGGRESSIVE)).await;
    wait_until("the board post and the look for it", || requests("GET", &reads) > reads_before).await;
    assert_eq!(table.double.fired_faults().len(), 1, "the fault fired");
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(requests("POST", "/webhooks/"), posts_before + 1, "the follow-up was not sent again");
    assert_eq!(table.boards().len(), boards_before + 1, "exactly one board for the decision");
    assert_nothing_lost(&table).await;
    // Play goes on from that board (it was recorded as the live one).
    table.play_turn(prefer(AGGRESSIVE)).await;
    assert_nothing_lost(&table).await;
    table.assert_clean();
}
