//! End to end: a practice match against the bot itself, through the real bot and the
//! Discord double: `/engarde practice`, the bot's moves announced on the board like
//! anyone's, never pinged, played to the end, unrated; and the bot, restarted while its
//! decision was awaited, makes it on its return.

mod support;

use discord_double::{RecordedMessage, UserId};
use serde_json::json;
use support::{mentioned, Table, WAIT};

/// Every user a text mentions.
fn mentions(text: &str) -> Vec<UserId> {
    text.split("<@").skip(1).filter_map(|rest| rest.split('>').next()?.parse::<u64>().ok()).map(UserId::from).collect()
}

fn field(board: &RecordedMessage, name: &str) -> Option<String> {
    board
        .embeds
        .iter()
        .flat_map(|e| e["fields"].as_array().cloned().unwrap_or_default())
        .find_map(|f| (f["name"].as_str() == Some(name)).then(|| f["value"].as_str().unwrap_or_default().to_owned()))
}

fn is_over(board: &RecordedMessage) -> bool {
    support::is_final(board)
}

/// The `level` option of `/engarde practice` as a client sends it: the value of the
/// registered choice named `level`.
fn level_option(table: &Table, level: &str) -> serde_json::Value {
    let commands = table.double.commands(Some(table.guild));
    let engarde = commands.iter().find(|c| c["name"] == "engarde").expect("/engarde is registered");
    let practice = engarde["options"].as_array().unwrap().iter().find(|o| o["name"] == "practice").expect("practice");
    let option = practice["options"].as_array().unwrap().iter().find(|o| o["name"] == "level").expect("level");
    let choices = option["choices"].as_array().expect("the levels are choices");
    assert_eq!(choices.len(), 3, "easy, medium, hard: {choices:?}");
    let choice = choices.iter().find(|c| c["name"] == level).expect("the level is offered");
    json!({ "type": option["type"], "name": "level", "value": choice["value"] })
}

/// Alice starts a practice match; returns its first board (the bot may already have
/// answered it). The channel gets the announcement, and nothing else: the match lives in
/// the thread grown from it.
async fn start_practice(table: &Table, variant: &str, level: &str) -> RecordedMessage {
    let option = level_option(table, level);
    let threads = table.double.threads().len();
    let before = table.double.channel_messages(table.channel).len();
    let reply = table
        .command(table.alice, "practice", json!([{ "type": 3, "name": "variant", "value": variant }, option]))
        .await;
    assert!(!reply.ephemeral, "the practice match is announced: {reply:?}");
    assert!(reply.content.contains("practises") && reply.content.contains("not rated"), "{reply:?}");
    let start = std::time::Instant::now();
    let thread = loop {
        if let Some(thread) = table.double.threads().get(threads) {
            break thread.clone();
        }
        assert!(start.elapsed() < WAIT, "the practice match has no thread");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    };
    assert_eq!(thread.starter_message, reply.message_id, "the thread grows from the announcement");
    table.focus(Some(thread.id));
    table.wait_for_boards(1).await;
    let channel = table.double.channel_messages(table.channel);
    assert_eq!(channel.len(), before + 1, "the channel shows the announcement only: {channel:?}");
    table.boards()[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_match_is_played_to_the_end_against_the_bot() {
    let table = Table::new().await;
    let bot = table.double.bot_user();
    let first = start_practice(&table, "engarde-standard", "easy").await;
    let practice = field(&first, "Practice").expect("the board says it is a practice match");
    assert!(practice.contains("easy") && practice.contains("not rated"), "{practice}");
    assert!(first.buttons().iter().all(|(label, _)| label != "Offer draw"), "no draw against the bot");
    let mut alice_moves = 0;
    loop {
        let latest = table.latest_board();
        if is_over(&latest) {
            break;
        }
        // The bot never shows a "thinking" board: every board awaits Alice.
        assert_eq!(
            mentioned(&latest.content),
            Some(table.alice),
            "only Alice is ever named to act: {}",
            latest.content
        );
        table.play_turn(|choices| choices[alice_moves % choices.len()].clone()).await;
        alice_moves += 1;
        assert!(alice_moves < 300, "the match never ended");
    }
    let boards = table.boards();
    // One board version per decision of Alice's (the bot's answer comes on the same board).
    assert!(alice_moves >= 5 && boards.len() <= alice_moves + 1, "{alice_moves} moves, {} boards", boards.len());
    let bot_name =
        practice.trim_start_matches("vs ").trim_start_matches("🟧 ").split(" (").next().unwrap_or_default().to_owned();
    let bot_moves = boards.iter().filter(|b| b.content.contains(&format!("**{bot_name}**"))).count();
    assert!(bot_moves >= 5, "the bot's moves are announced by name on the boards ({bot_moves})");
    for board in &boards {
        assert!(!mentions(&board.content).contains(&bot), "the bot pinged itself: {}", board.content);
    }
    let last = boards.last().unwrap();
    let status = field(last, "Status").unwrap_or_default();
    assert!(status.contains("wins the match") || status.contains("Drawn"), "{status}");
    // Never rated, in no record, but in the history, marked.
    let stats = table.command(table.alice, "stats", json!([])).await;
    let stats = stats.final_message().await.map_or(stats.content.clone(), |m| m.content);
    assert!(stats.contains("has not finished a match"), "practice counts in no record: {stats}");
    let history = table.command(table.alice, "history", json!([])).await;
    let history = history.final_message().await.map_or(history.content.clone(), |m| m.content);
    assert!(history.contains("practice (easy), not rated"), "{history}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarted_while_its_move_is_awaited_makes_it_on_its_return() {
    let mut table = Table::new().await;
    // A bot that waits an hour before each move: it is stopped while waiting.
    table.kill_bot().await;
    table.set_bot_env("PRACTICE_PACE", "1h");
    table.start_bot().await;
    // In Forteresse both place their fortresses first: the bot's set-up is awaited at once.
    let first = start_practice(&table, "forteresse", "medium").await;
    assert!(first.content.contains(&format!("<@{}>", table.alice)), "Alice places too: {}", first.content);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(table.boards().len(), 1, "the bot is still waiting");
    table.kill_bot().await;
    table.set_bot_env("PRACTICE_PACE", "0s");
    table.start_bot().await;
    // On its return the scheduler finds the bot's decision and makes it.
    let start = std::time::Instant::now();
    let board = loop {
        let boards = table.boards();
        if boards.len() >= 2 {
            break boards[1].clone();
        }
        assert!(start.elapsed() < WAIT, "the bot never made its set-up after the restart");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(board.content.contains("has placed their fortress"), "{}", board.content);
    assert_eq!(mentioned(&board.content), Some(table.alice), "Alice's set-up is what is awaited now");
    table.assert_clean();
}
