//! End to end, life over weeks: away time and quiet hours as players see them on Discord
//! (the real bot against the Discord double), with the bot's clock moved by the test
//! (`TEST_CLOCK_FILE`), never slept past.

mod support;

use std::time::Duration;

use discord_double::{ChannelId, RecordedMessage, Reply, UserId};
use serde_json::{json, Value};
use support::{mentioned, prefer, Table};

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// Gives the scheduler (every 50 ms) time to act again, to show nothing more happens.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(400)).await;
}

/// `/engarde away <sub> <options>` by `user`.
async fn away(table: &Table, user: UserId, sub: &str, options: Value) -> Reply {
    let options = json!([{ "type": 2, "name": "away", "options": [{ "type": 1, "name": sub, "options": options }] }]);
    table.double.slash_command(user, table.guild, table.channel, "engarde", options).await
}

/// The reminders posted in `channel`.
fn reminders(table: &Table, channel: ChannelId) -> Vec<RecordedMessage> {
    table.double.channel_messages(channel).into_iter().filter(|m| m.content.contains("reminder")).collect()
}

/// The current deadline of the only match, as stored.
async fn stored_deadline(table: &Table) -> i64 {
    let pool = sqlx::SqlitePool::connect(&table.database_url()).await.expect("the bot's database opens");
    let deadline: i64 =
        sqlx::query_scalar("SELECT deadline_at FROM matches").fetch_one(&pool).await.expect("a deadline");
    pool.close().await;
    deadline
}

/// Plays until the latest board awaits `user`.
async fn until_to_act(table: &Table, user: UserId) -> RecordedMessage {
    if table.to_act() != Some(user) {
        table.play_turn(prefer(&["Advance"])).await;
    }
    assert_eq!(table.to_act(), Some(user));
    table.latest_board()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_player_is_shown_away_never_pinged_and_gets_the_time_back_across_a_restart() {
    let mut table = Table::new().await;
    let start = support::START_TIME;
    let until = start + 3 * DAY;
    let gone = away(&table, table.bob, "start", json!([{ "type": 3, "name": "until", "value": "3d" }])).await;
    assert!(gone.ephemeral, "{gone:?}");
    assert!(gone.content.contains("You are away until") && gone.content.contains("14 days"), "{}", gone.content);

    // A challenge to Bob says he is away; he may still accept.
    let thread = table.start_match_between(table.alice, table.bob, None, None, Some("2h")).await;
    let challenge = table
        .double
        .public_history(table.channel)
        .into_iter()
        .find(|m| m.content.contains("challenges"))
        .expect("the challenge message, as first posted");
    assert!(challenge.content.contains(&format!("Bob is away, back <t:{until}:R>")), "{}", challenge.content);

    // The board that awaits Bob says he is away, names him without notifying him, and
    // shows his deadline as it will be: his clock is stopped.
    let board = until_to_act(&table, table.bob).await;
    let began = stored_deadline(&table).await - 2 * HOUR;
    assert!(board.content.contains(&format!("Bob is away, back <t:{until}:R>")), "{}", board.content);
    assert!(!table.notified_by(board.id).contains(&table.bob), "{}", board.content);
    assert!(board.text().contains(&format!("<t:{}:R>", began + 2 * HOUR + (until - start))), "{}", board.text());

    // Past half his turn and past his stored deadline: no reminder, no forfeit.
    let boards = table.boards().len();
    let messages = table.board_messages().len();
    table.set_time(began + 2 * HOUR + 60);
    settle().await;
    assert!(reminders(&table, thread).is_empty(), "no reminder reaches an away player");
    assert_eq!(table.boards().len(), boards, "no forfeit while away");

    // The bot is down when the away time ends; started again, it moves the deadline by
    // exactly the time away.
    table.kill_bot().await;
    table.set_time(until + 10);
    table.start_bot().await;
    let moved = began + 2 * HOUR + (until - start);
    let waited = std::time::Instant::now();
    while stored_deadline(&table).await != moved {
        assert!(waited.elapsed() < support::WAIT, "the deadline never moved to {moved}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    settle().await;
    assert_eq!(stored_deadline(&table).await, moved, "moved once");
    // Not lost on time: no new board, only the live one shown again without the away line
    // (he is back), still awaiting him.
    assert_eq!(table.board_messages().len(), messages, "not lost on time");
    let live = table.latest_board();
    assert!(!live.content.contains("Bob is away"), "{}", live.content);
    assert_eq!(table.to_act(), Some(table.bob));

    // Back, Bob is reminded at half his (moved) turn, and notified.
    table.set_time(moved - HOUR);
    let messages =
        table.wait_for_messages(thread, "a reminder", |m| m.iter().any(|m| m.content.contains("reminder"))).await;
    let reminder = messages.iter().find(|m| m.content.contains("reminder")).unwrap();
    assert_eq!(mentioned(&reminder.content), Some(table.bob), "{}", reminder.content);
    assert!(table.notified_by(reminder.id).contains(&table.bob));
    let again = away(&table, table.bob, "end", json!([])).await;
    assert!(again.content.contains("You are not away"), "{}", again.content);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_allowance_is_enforced_and_bad_dates_refused() {
    let table = Table::new().await;
    let start = support::START_TIME;
    let refused = away(&table, table.bob, "start", json!([{ "type": 3, "name": "until", "value": "15d" }])).await;
    assert!(refused.ephemeral && refused.content.contains("more away time than this server allows"), "{refused:?}");
    let unreadable =
        away(&table, table.bob, "start", json!([{ "type": 3, "name": "until", "value": "someday" }])).await;
    assert!(unreadable.content.contains("can't read `someday`"), "{}", unreadable.content);
    // An admin allows more.
    let set =
        table.admin_command(table.dana, "config", json!([{ "type": 4, "name": "away_allowance", "value": 20 }])).await;
    assert!(set.content.contains("Away time allowed: 20 days per 90 days"), "{}", set.content);
    let gone = away(&table, table.bob, "start", json!([{ "type": 3, "name": "until", "value": "2026-12-06" }])).await;
    assert!(gone.content.contains("You are away until"), "{}", gone.content);
    // Coming back early counts only the time away.
    table.set_time(start + DAY);
    let back = away(&table, table.bob, "end", json!([])).await;
    assert!(back.content.contains("Welcome back") && back.content.contains("1 day of 20 days"), "{}", back.content);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_in_quiet_hours_do_not_notify_and_the_ping_comes_after_them_across_the_autumn_change() {
    let table = Table::new().await;
    // Saturday 24 October 2026, 23:30 in Paris (summer time, UTC+2); that night the clocks
    // go back an hour, so the morning's 08:00 is 07:00 UTC.
    let evening = 1_792_877_400; // 2026-10-24 21:30 UTC
    let morning = 1_792_911_600; // 2026-10-25 07:00 UTC
    table.set_time(evening);
    let zones = table.autocomplete(table.bob, "settings", json!([]), "timezone", "paris").await;
    assert!(zones.iter().any(|(name, _)| name == "Europe/Paris"), "{zones:?}");
    let set = table
        .command(
            table.bob,
            "settings",
            json!([
                { "type": 3, "name": "quiet_hours", "value": "22:00-08:00" },
                { "type": 3, "name": "timezone", "value": "Europe/Paris" }
            ]),
        )
        .await;
    assert!(set.ephemeral && set.content.contains("22:00-08:00") && set.content.contains("Europe/Paris"), "{set:?}");

    let thread = table.start_match_between(table.alice, table.bob, None, None, Some("12h")).await;
    let board = until_to_act(&table, table.bob).await;
    assert!(board.content.contains(&format!("<@{}>", table.bob)), "named: {}", board.content);
    assert!(!table.notified_by(board.id).contains(&table.bob), "a board at night does not notify him");

    // 07:30 in Paris (winter time by now): still quiet; an hour's error would show here.
    table.set_time(morning - 30 * 60);
    settle().await;
    assert!(reminders(&table, thread).is_empty(), "the reminder waits for the morning");
    table.set_time(morning);
    let messages = table
        .wait_for_messages(thread, "the morning's reminder", |m| m.iter().any(|m| m.content.contains("reminder")))
        .await;
    let reminder = messages.iter().find(|m| m.content.contains("reminder")).unwrap();
    assert_eq!(mentioned(&reminder.content), Some(table.bob), "{}", reminder.content);
    assert!(table.notified_by(reminder.id).contains(&table.bob), "the ping comes with the reminder");
    settle().await;
    assert_eq!(reminders(&table, thread).len(), 1, "once");

    // In the daytime a new board notifies him again.
    table.play_turn(prefer(&["Advance"])).await;
    let board = until_to_act(&table, table.bob).await;
    assert!(table.notified_by(board.id).contains(&table.bob), "{}", board.content);
    table.assert_clean();
}

/// The `language` option of `/engarde settings` choosing `name`, as Discord sends it.
fn language_option(table: &Table, name: &str) -> Value {
    let commands = table.double.commands(Some(table.guild));
    let engarde = commands.iter().find(|c| c["name"] == "engarde").expect("/engarde is registered");
    let settings = engarde["options"].as_array().unwrap().iter().find(|o| o["name"] == "settings").expect("settings");
    let option = settings["options"].as_array().unwrap().iter().find(|o| o["name"] == "language").expect("language");
    let choices = option["choices"].as_array().expect("the languages are choices");
    let choice = choices.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no {name} in {choices:?}"));
    json!({ "type": option["type"], "name": "language", "value": choice["value"] })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_language_is_spoken_everywhere_to_that_user() {
    let table = Table::new().await;
    let set = table.command(table.bob, "settings", json!([language_option(&table, "Français")])).await;
    assert!(set.content.contains("Enregistré") && set.content.contains("Vos réglages En Garde"), "{}", set.content);
    assert!(set.content.contains("Langue : Français"), "{}", set.content);
    // Other replies speak French too, errors included; nothing changes on a refusal.
    let bad =
        table.command(table.bob, "settings", json!([{ "type": 3, "name": "timezone", "value": "Mars/Olympus" }])).await;
    assert!(bad.content.contains("n'est pas un fuseau horaire"), "{}", bad.content);
    let shown = table.command(table.bob, "settings", json!([])).await;
    assert!(shown.content.contains("Fuseau horaire : UTC"), "{}", shown.content);
    // Alice's client is English: she is answered in English.
    let hers = table.command(table.alice, "settings", json!([])).await;
    assert!(hers.content.contains("Your En Garde settings"), "{}", hers.content);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn going_away_and_coming_back_show_at_once_on_the_live_board() {
    let table = Table::new().await;
    let start = support::START_TIME;
    table.start_match_between(table.alice, table.bob, None, None, Some("2h")).await;
    let board = until_to_act(&table, table.bob).await;
    assert!(!board.content.contains("away"), "{}", board.content);
    let (messages, stored) = (table.board_messages().len(), stored_deadline(&table).await);
    assert!(board.text().contains(&format!("<t:{stored}:R>")), "{}", board.text());

    // Bob goes away for a day: the board he is awaited on says so at once, edited in place,
    // with his deadline as it will be.
    let until = start + DAY;
    away(&table, table.bob, "start", json!([{ "type": 3, "name": "until", "value": "1d" }])).await;
    let line = format!("Bob is away, back <t:{until}:R>");
    let shown = table.wait_for_board_change(board.id, |b| b.content.contains(&line)).await;
    assert!(shown.text().contains(&format!("<t:{}:R>", stored + DAY)), "{}", shown.text());
    assert_eq!(table.board_messages().len(), messages, "the same board, edited (an edit notifies nobody)");

    // Back early: the line goes, and the deadline is the stored one moved by the time away.
    table.set_time(start + HOUR);
    away(&table, table.bob, "end", json!([])).await;
    let back = table.wait_for_board_change(board.id, |b| !b.content.contains("away")).await;
    assert!(back.text().contains(&format!("<t:{}:R>", stored + HOUR)), "{}", back.text());
    assert_eq!(table.board_messages().len(), messages);
    table.assert_clean();
}
