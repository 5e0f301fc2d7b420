//! End to end, asynchronous play: deadlines, reminders, forfeits, expiring
//! challenges, server settings, draws and aborts, with the bot's clock moved by
//! the test (`TEST_CLOCK_FILE`) instead of sleeping.

mod support;

use std::time::Duration;

use serde_json::json;
use support::{button, mentioned, prefer, Table};

const HOUR: i64 = 3600;

/// Messages of a channel whose text contains `needle`.
fn containing(table: &Table, channel: discord_double::ChannelId, needle: &str) -> usize {
    table.double.channel_messages(channel).iter().filter(|m| m.text().contains(needle)).count()
}

/// Gives the scheduler (every 50 ms) time to act again, to show nothing more happens.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(400)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_deadline_forfeits_the_match() {
    let table = Table::new().await;
    let thread = table.start_match_between(table.alice, table.bob, None, None, Some("1h")).await;
    let first = table.latest_board();
    let due = support::START_TIME + HOUR;
    assert!(first.text().contains(&format!("due <t:{due}:R>")), "{}", first.text());
    let late = table.to_act().unwrap();
    table.advance(HOUR - 1);
    settle().await;
    assert_eq!(table.boards().len(), 1, "nothing happens before the deadline");
    table.advance(2);
    let board = table.wait_for_boards(2).await;
    assert!(board.content.contains("loses the match by timeout"), "{}", board.content);
    let loser = if late == table.alice { "Alice" } else { "Bob" };
    assert!(board.content.contains(&format!("**{loser}** let the deadline pass")), "{}", board.content);
    assert!(support::is_final(&board), "{board:?}");
    table.advance(10 * HOUR);
    settle().await;
    assert_eq!(containing(&table, thread, "by timeout"), 1, "the forfeit is announced once");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_is_sent_once_at_half_time() {
    let table = Table::new().await;
    let thread = table.start_match_between(table.alice, table.bob, None, None, Some("2h")).await;
    let waiting = table.to_act().unwrap();
    table.advance(HOUR - 60);
    settle().await;
    assert_eq!(containing(&table, thread, "reminder"), 0);
    table.advance(60);
    let messages =
        table.wait_for_messages(thread, "a reminder", |m| m.iter().any(|m| m.content.contains("reminder"))).await;
    let reminder = messages.iter().find(|m| m.content.contains("reminder")).unwrap();
    assert_eq!(mentioned(&reminder.content), Some(waiting), "{}", reminder.content);
    table.advance(30 * 60);
    settle().await;
    assert_eq!(containing(&table, thread, "reminder"), 1, "one reminder per turn");
    // A move starts a new turn: the other player gets their own reminder at its half time.
    table.play_turn(prefer(&["Advance"])).await;
    table.advance(HOUR + 1);
    table
        .wait_for_messages(thread, "a second reminder", |m| {
            m.iter().filter(|m| m.content.contains("reminder")).count() == 2
        })
        .await;
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_waiting_matches_make_one_digest() {
    let table = Table::new().await;
    let with_bob = table.start_match_between(table.alice, table.bob, None, None, Some("2h")).await;
    if table.to_act() != Some(table.alice) {
        table.play_turn(prefer(&["Advance"])).await;
    }
    let with_carol = table.start_match_between(table.carol, table.alice, None, None, Some("2h")).await;
    if table.to_act() != Some(table.alice) {
        table.play_turn(prefer(&["Advance"])).await;
    }
    assert_eq!(table.to_act(), Some(table.alice));
    table.advance(HOUR + 1);
    let messages = table
        .wait_for_messages(table.channel, "a digest", |m| m.iter().any(|m| m.content.contains("matches are waiting")))
        .await;
    let digest = messages.iter().find(|m| m.content.contains("matches are waiting")).unwrap();
    assert_eq!(mentioned(&digest.content), Some(table.alice));
    assert!(digest.content.contains("vs Bob") && digest.content.contains("vs Carol"), "{}", digest.content);
    settle().await;
    assert_eq!(containing(&table, with_bob, "reminder"), 0, "no separate ping");
    assert_eq!(containing(&table, with_carol, "reminder"), 0, "no separate ping");
    assert_eq!(containing(&table, table.channel, "matches are waiting"), 1);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_challenge_expires() {
    let table = Table::new().await;
    let reply = table.challenge(table.alice, table.bob, None, None).await;
    assert!(reply.content.contains("Expires <t:"), "{reply:?}");
    let message = reply.final_message().await.unwrap();
    let accept = button(&message.buttons(), "Accept");
    table.advance(24 * HOUR + 1);
    let start = std::time::Instant::now();
    while !table.double.message(message.id).unwrap().content.contains("expired") {
        assert!(start.elapsed() < support::WAIT, "the challenge message was not closed");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let closed = table.double.message(message.id).unwrap();
    assert!(closed.buttons().is_empty(), "the expired challenge has no buttons");
    // A client still showing the old buttons.
    let late = table.double.forge_click(table.bob, table.channel, message.id, &accept, None).await.unwrap();
    assert!(late.ephemeral && late.content.contains("expired"), "{late:?}");
    // The pair may challenge again.
    let again = table.challenge(table.bob, table.alice, None, None).await;
    assert!(!again.ephemeral, "{again:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_withdrawn_before_its_message_was_known_is_closed() {
    let table = Table::new().await;
    // The bot learns its challenge message's id late (reading the posted reply is slow),
    // and the challenger withdraws meanwhile: `/engarde cancel` cannot close a message it
    // does not know, so the challenge command must.
    table.double.add_fault(discord_double::Fault {
        method: Some("GET".to_owned()),
        path_contains: "/messages/@original".to_owned(),
        action: discord_double::FaultAction::Delay(Duration::from_millis(800)),
        times: 1,
    });
    let reply = table.challenge(table.alice, table.bob, None, None).await;
    let cancel = table.command(table.alice, "cancel", serde_json::json!([])).await;
    assert!(cancel.ephemeral && cancel.content.contains("Withdrawn: 1 challenge"), "{cancel:?}");
    let message = reply.final_message().await.unwrap();
    let start = std::time::Instant::now();
    loop {
        let now = table.double.message(message.id).unwrap();
        if now.content.contains("withdrew") && now.buttons().is_empty() {
            break;
        }
        assert!(start.elapsed() < support::WAIT, "the withdrawn challenge kept its buttons: {now:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(table.double.fired_faults().len(), 1, "the slow read did happen");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_passed_while_the_bot_was_down_is_settled_once_on_start() {
    let mut table = Table::new().await;
    let thread = table.start_match_between(table.alice, table.bob, None, None, Some("1h")).await;
    table.kill_bot().await;
    table.advance(5 * HOUR);
    table.start_bot().await;
    let board = table.wait_for_boards(2).await;
    assert!(board.content.contains("by timeout"), "{}", board.content);
    // Down and up again: nothing is settled twice. (Killed between posting a board
    // and noting it, the bot would post it again: boards are at least once.)
    settle().await;
    table.kill_bot().await;
    table.advance(HOUR);
    table.start_bot().await;
    settle().await;
    assert_eq!(containing(&table, thread, "by timeout"), 1);
    assert_eq!(table.boards().len(), 2);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_are_for_admins_only() {
    let table = Table::new().await;
    // A member without Manage Server, even if Discord let the command through.
    let refused =
        table.admin_command(table.carol, "config", json!([{ "type": 3, "name": "turn_time", "value": "1h" }])).await;
    assert!(refused.ephemeral && refused.content.contains("manage this server"), "{refused:?}");
    let shown = table.admin_command(table.dana, "config", json!([])).await;
    assert!(shown.content.contains("Time for each move: 2 days"), "unchanged: {shown:?}");
    // Bad values are explained and change nothing.
    let bad =
        table.admin_command(table.dana, "config", json!([{ "type": 3, "name": "turn_time", "value": "1m" }])).await;
    assert!(bad.ephemeral && bad.content.contains("between 10 minutes and 14 days"), "{bad:?}");
    let garbled = table
        .admin_command(table.dana, "config", json!([{ "type": 3, "name": "challenge_expiry", "value": "soon" }]))
        .await;
    assert!(garbled.content.contains("could not read"), "{garbled:?}");
    // An admin changes them.
    let saved = table
        .admin_command(
            table.dana,
            "config",
            json!([
                { "type": 3, "name": "turn_time", "value": "3h" },
                { "type": 3, "name": "challenge_expiry", "value": "2h" },
                { "type": 5, "name": "threads", "value": false },
                { "type": 3, "name": "default_variant", "value": "kengo-basic" }
            ]),
        )
        .await;
    assert!(saved.ephemeral && saved.content.contains("Saved"), "{saved:?}");
    assert!(
        saved.content.contains("Time for each move: 3 hours") && saved.content.contains("Kengo (basic)"),
        "{saved:?}"
    );
    // Boards in text.
    table.boards_in_text().await;
    // New challenges follow them: variant, time per move, no thread, boards in text.
    let channel = table.start_match_between(table.alice, table.bob, None, None, None).await;
    assert_eq!(channel, table.channel, "threads are off");
    let board = table.latest_board();
    assert!(board.attachments.is_empty() && board.text().contains("```"), "a board in text: {board:?}");
    assert!(board.text().contains("Kengo (basic)"), "{}", board.text());
    assert!(board.text().contains(&format!("due <t:{}:R>", support::START_TIME + 3 * HOUR)), "{}", board.text());
    // So are the players' prompts.
    let prompt = table.open_hand(table.alice).await.message().expect("the prompt is a message");
    assert!(prompt.attachments.is_empty(), "a prompt in text where boards are: {prompt:?}");
    // Admins may abort a match; others may not.
    let match_id = json!([{ "type": 4, "name": "match", "value": 1 }]);
    let no = table.admin_command(table.alice, "abort", match_id.clone()).await;
    assert!(no.content.contains("manage this server"), "{no:?}");
    let yes = table.admin_command(table.dana, "abort", match_id).await;
    assert!(yes.content.contains("aborted"), "{yes:?}");
    let last = table.wait_for_boards(2).await;
    assert!(last.content.contains("aborted by Dana") && support::is_final(&last), "{}", last.content);
    let hand = table.command(table.alice, "hand", json!([{ "type": 4, "name": "match", "value": 1 }])).await;
    assert!(hand.content.contains("over"), "{hand:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_and_accepted() {
    let table = Table::new().await;
    let thread = table.start_match(None, None).await;
    let board = table.latest_board();
    let offer = table.click(table.alice, &board, &button(&board.buttons(), "Offer draw")).await;
    assert!(offer.ephemeral && offer.content.contains("offered a draw"), "{offer:?}");
    let messages =
        table.wait_for_messages(thread, "the offer", |m| m.iter().any(|m| m.content.contains("offers a draw"))).await;
    let message = messages.into_iter().find(|m| m.content.contains("offers a draw")).unwrap();
    assert_eq!(mentioned(&message.content), Some(table.bob));
    let accept = button(&message.buttons(), "Accept draw");
    for (who, expected) in [(table.carol, "not playing"), (table.alice, "not for you")] {
        let refused = table.click(who, &message, &accept).await;
        assert!(refused.ephemeral && refused.content.contains(expected), "{refused:?}");
    }
    let agreed = table.click(table.bob, &message, &accept).await;
    assert!(agreed.content.contains("Draw agreed") && agreed.components.is_empty(), "{agreed:?}");
    let last = table.wait_for_boards(2).await;
    assert!(last.text().contains("The match is drawn") && last.text().contains("Drawn"), "{}", last.text());
    assert!(support::is_final(&last), "{last:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_draw_and_a_withdrawn_challenge() {
    let table = Table::new().await;
    let thread = table.start_match(None, None).await;
    let board = table.latest_board();
    table.click(table.bob, &board, &button(&board.buttons(), "Offer draw")).await;
    let messages =
        table.wait_for_messages(thread, "the offer", |m| m.iter().any(|m| m.content.contains("offers a draw"))).await;
    let message = messages.into_iter().find(|m| m.content.contains("offers a draw")).unwrap();
    let declined = table.click(table.alice, &message, &button(&message.buttons(), "Decline")).await;
    assert!(declined.content.contains("declined the draw"), "{declined:?}");
    // Play goes on.
    table.play_turn(prefer(&["Advance"])).await;
    // A challenge withdrawn with its button, another with /engarde cancel.
    let c = table.challenge(table.alice, table.carol, None, None).await.final_message().await.unwrap();
    let withdraw = button(&c.buttons(), "Withdraw");
    let not_yours = table.click(table.carol, &c, &withdraw).await;
    assert!(not_yours.content.contains("not for you"), "{not_yours:?}");
    let withdrawn = table.click(table.alice, &c, &withdraw).await;
    assert!(withdrawn.content.contains("withdrew"), "{withdrawn:?}");
    table.challenge(table.carol, table.bob, None, None).await;
    let cancelled = table.command(table.carol, "cancel", json!([])).await;
    assert!(cancelled.content.contains("Withdrawn: 1 challenge."), "{cancelled:?}");
    let none = table.command(table.carol, "cancel", json!([])).await;
    assert!(none.content.contains("no pending challenge"), "{none:?}");
    table.assert_clean();
}
