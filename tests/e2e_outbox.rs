//! One owner for every board (issue 37): what a decision owes Discord is written with it,
//! and only the process that owns the match publishes it.
//!
//! - A board posted as the click's follow-up, whose answer a crash kept from being noted,
//!   is found after the restart (by the match and turn its buttons name) and loses its
//!   buttons when the next board comes, even when a player acts from it first; it is never
//!   posted a second time.
//! - Stopped by SIGTERM right after a click whose board Discord is slow to take, the bot
//!   publishes that board before it exits with status 0, and nothing is owed after.
//! - Two processes over PostgreSQL: while one posts a board that Discord is slow to make
//!   (owed, and not on Discord yet), the other is killed and restarted; the restarted one
//!   publishes nothing of the live one's matches, so no second board of that turn appears.

mod pg;
mod support;

use std::time::{Duration, Instant};

use discord_double::{perms, shard_of, ChannelId, DiscordDouble, Fault, FaultAction, RecordedMessage, UserId};
use serde_json::json;
use support::{button, is_board, prefer, Choice, Table, TwoProcesses, INVITE_PERMISSIONS, SHARD_COUNT, WAIT};

const HOUR: Duration = Duration::from_secs(3600);

/// The next follow-up (a board the click posts in the thread) is `delayed`: held before
/// Discord makes it, or made and its answer held.
fn followup_held(delayed: FaultAction) -> Fault {
    Fault { method: Some("POST".to_owned()), path_contains: "/webhooks/".to_owned(), action: delayed, times: 1 }
}

/// The messages of `channel` that carry game buttons (Play, or a final board's Rematch).
fn with_game_buttons(double: &DiscordDouble, channel: ChannelId) -> Vec<RecordedMessage> {
    double
        .channel_messages(channel)
        .into_iter()
        .filter(|m| is_board(m) && m.buttons().iter().any(|(_, id)| id.starts_with("eg:h:") || id.starts_with("eg:r:")))
        .collect()
}

/// Makes one decision of whoever is to act, without waiting for its board.
async fn decide_without_waiting(t: &Table) {
    let user = t.to_act().expect("someone is to act");
    let hand = t.open_hand(user).await;
    let prompt = hand.message_id.expect("a prompt");
    let done = match prefer(&["Advance", "Retreat", "Attack"])(&Table::choices(&hand)) {
        Choice::Button(_, id) => t.double.click(user, hand.channel_id, prompt, &id).await,
        Choice::Option(menu, _, value) => {
            t.double.select(user, hand.channel_id, prompt, &menu, &[value.as_str()]).await
        }
    };
    assert!(done.content.starts_with("You "), "{done:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_posted_but_not_noted_before_a_crash_is_found_and_retired() {
    let mut t = Table::new().await;
    let thread = t.start_match(None, Some(5)).await;
    // Boards ride on the clicks in the thread as follow-ups once the first decision is made.
    t.play_turn(prefer(&["Advance", "Retreat", "Attack"])).await;

    // The next new board is a follow-up that Discord makes but whose answer never comes back:
    // the bot dies before it can note it.
    t.double.add_fault(followup_held(FaultAction::DelayAfter(HOUR)));
    let start = Instant::now();
    while t.double.fired_faults().is_empty() {
        assert!(start.elapsed() < WAIT * 3, "no new board came as a follow-up");
        let boards = t.boards().len();
        decide_without_waiting(&t).await;
        let decided = Instant::now();
        // An edit in place (the same player decides again) or the new board, made.
        while t.boards().len() == boards && t.double.fired_faults().is_empty() {
            assert!(decided.elapsed() < WAIT, "the decision's board never came");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    support::wait_until("the follow-up made", || t.board_messages().last().is_some_and(|m| m.interaction_id.is_some()))
        .await;
    t.kill_bot().await;
    t.double.clear_faults();
    let unnoted = t.latest_board();
    let messages_before = t.board_messages().len();
    assert_eq!(with_game_buttons(&t.double, thread).iter().map(|m| m.id).collect::<Vec<_>>(), [unnoted.id]);

    // After the restart, the player acts from the unnoted board at once (before or after the
    // bot finds it: either way it loses its buttons to the next board).
    t.start_bot().await;
    let (actor, _, next) = t.play_turn(prefer(&["Advance", "Retreat", "Attack"])).await;
    t.assert_calm(actor, Some(unnoted.id));
    support::wait_until("the unnoted board retired", || {
        with_game_buttons(&t.double, thread).iter().map(|m| m.id).collect::<Vec<_>>() == [next.id]
    })
    .await;
    // Never posted twice: one message per new board.
    let after: Vec<MessageSummary> = t.board_messages().iter().map(MessageSummary::of).collect();
    let new_messages = after.len() - messages_before;
    assert!(new_messages <= 1, "one new message at most (the next board): {after:#?}");
    let unnoted_now = t.double.message(unnoted.id).expect("the unnoted board");
    assert!(unnoted_now.buttons().is_empty(), "{unnoted_now:?}");

    // The match goes on calmly to its end.
    for _ in 0..400 {
        if support::is_final(&t.latest_board()) {
            break;
        }
        let live = t.board_messages().last().map(|m| m.id);
        let (actor, _, _) = t.play_turn(prefer(&["Attack", "Advance", "Retreat"])).await;
        t.assert_calm(actor, live);
    }
    assert!(support::is_final(&t.latest_board()), "the match ended");
    assert!(with_game_buttons(&t.double, thread).len() <= 1);
    t.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_bot_publishes_what_it_owes_and_exits_0() {
    let mut t = Table::new().await;
    let thread = t.start_match(None, Some(5)).await;
    t.play_turn(prefer(&["Advance", "Retreat", "Attack"])).await;
    // The next board is slow to make; the bot is told to stop as soon as the click is answered.
    t.double.add_fault(followup_held(FaultAction::Delay(Duration::from_millis(1_500))));
    let shown = t.boards().len();
    decide_without_waiting(&t).await;
    let status = t.stop_bot().await;
    assert!(status.success(), "{status:?}");
    assert!(t.boards().len() > shown, "the decision's board was published before the bot exited");
    assert_eq!(with_game_buttons(&t.double, thread).len(), 1);

    // Started again, it owes nothing and posts nothing.
    let messages = t.board_messages().len();
    t.start_bot().await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(t.board_messages().len(), messages, "nothing was owed");
    let live = t.board_messages().last().map(|m| m.id);
    let (actor, _, _) = t.play_turn(prefer(&["Advance", "Retreat", "Attack"])).await;
    t.assert_calm(actor, live);
    t.assert_clean();
}

/// A board message as a failing assertion shows it.
#[derive(Debug)]
#[allow(dead_code)]
struct MessageSummary {
    id: discord_double::MessageId,
    interaction: bool,
    buttons: Vec<String>,
}

impl MessageSummary {
    fn of(m: &RecordedMessage) -> MessageSummary {
        MessageSummary {
            id: m.id,
            interaction: m.interaction_id.is_some(),
            buttons: m.buttons().into_iter().map(|(_, id)| id).collect(),
        }
    }
}

/// A server whose shard is in half `half` of [`TwoProcesses`], with two players.
fn server_in_half(double: &DiscordDouble, half: usize) -> (discord_double::GuildId, ChannelId, [UserId; 2]) {
    let guild = loop {
        let guild = double.add_guild("Salle");
        if usize::from(shard_of(Some(guild.0), SHARD_COUNT) >= 2) == half {
            break guild;
        }
    };
    let channel = double.add_channel(guild, "duels");
    double.set_bot_permissions(guild, INVITE_PERMISSIONS);
    let players = [double.add_user("Ana"), double.add_user("Ben")];
    for p in players {
        double.add_member(guild, p, perms::MEMBER_DEFAULT);
    }
    (guild, channel, players)
}

/// The latest board of a match's thread.
fn latest_board(double: &DiscordDouble, channel: ChannelId) -> Option<RecordedMessage> {
    double.channel_messages(channel).into_iter().rfind(is_board)
}

/// Plays one decision in the match of `thread` by whoever is to act.
async fn decide_in(double: &DiscordDouble, thread: ChannelId, players: [UserId; 2]) {
    let board = latest_board(double, thread).expect("a board");
    let (_, play) = board.buttons().into_iter().find(|(_, id)| id.starts_with("eg:h:")).expect("a Play button");
    let user = support::mentioned(&board.content).unwrap_or(players[0]);
    let hand = double.click(user, thread, board.id, &play).await;
    let prompt = hand.message_id.expect("a prompt");
    let done = match prefer(&["Advance", "Retreat", "Attack"])(&Table::choices(&hand)) {
        Choice::Button(_, id) => double.click(user, thread, prompt, &id).await,
        Choice::Option(menu, _, value) => double.select(user, thread, prompt, &menu, &[value.as_str()]).await,
    };
    assert!(done.content.starts_with("You "), "{done:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_process_publishes_nothing_of_a_live_processs_matches() {
    let double = DiscordDouble::start().await;
    let mut processes = TwoProcesses::new(pg::fresh_database().await, support::START_TIME);
    let (guild, channel, players) = server_in_half(&double, 1);
    processes.start_both(&double).await;

    // A match on the second process's shards.
    let options = json!([{ "type": 1, "name": "challenge", "options": [
        { "type": 6, "name": "opponent", "value": players[1].to_string() },
        { "type": 4, "name": "hits", "value": 5 },
    ] }]);
    let challenge = double.slash_command(players[0], guild, channel, "engarde", options).await;
    let message = challenge.final_message().await.expect("the challenge message");
    let accepted = double.click(players[1], channel, message.id, &button(&message.buttons(), "Accept")).await;
    assert!(accepted.content.contains("accepted"), "{accepted:?}");
    support::wait_until("the first board", || double.threads().iter().any(|th| latest_board(&double, th.id).is_some()))
        .await;
    let thread = double.threads().last().expect("the match's thread").id;
    decide_in(&double, thread, players).await;
    support::wait_until("the second board", || {
        double.channel_messages(thread).iter().filter(|m| is_board(m)).count() >= 2
    })
    .await;

    // Its next new board is slow to come (Discord takes 6 s to make it), and meanwhile the
    // first process is killed and started again: it finds the board owed and not on Discord.
    let hold = Duration::from_secs(6);
    double.add_fault(followup_held(FaultAction::Delay(hold)));
    let start = Instant::now();
    while double.fired_faults().is_empty() {
        assert!(start.elapsed() < WAIT * 3, "no new board came as a follow-up");
        decide_in(&double, thread, players).await;
        // Its board: an edit in place, or the new board held.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let held_at = Instant::now();
    processes.kill(0).await;
    processes.start(&double, 0).await;
    // The restarted process has read what is owed (every second) while the other's answer
    // is held, and again after.
    tokio::time::sleep(hold.saturating_sub(held_at.elapsed()) + Duration::from_secs(3)).await;

    let boards: Vec<RecordedMessage> = double.channel_messages(thread).into_iter().filter(is_board).collect();
    let live = with_game_buttons(&double, thread);
    assert_eq!(
        live.len(),
        1,
        "one board with buttons: {:#?}",
        boards.iter().map(MessageSummary::of).collect::<Vec<_>>()
    );
    // The first board came through the channel (the accepting click was not in the thread);
    // every later one as a click's follow-up, none reposted through the channel.
    let posted_by_channel = boards.iter().skip(1).filter(|m| m.interaction_id.is_none()).count();
    let summary: Vec<MessageSummary> = boards.iter().map(MessageSummary::of).collect();
    assert_eq!(posted_by_channel, 0, "no board reposted through the channel: {summary:#?}");

    // The match goes on, with one live board.
    decide_in(&double, thread, players).await;
    support::wait_until("one live board", || with_game_buttons(&double, thread).len() == 1).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(with_game_buttons(&double, thread).len(), 1);
    processes.kill_both().await;
}
