//! End to end: Forteresse played by two users through the real bot and the Discord
//! double, from the challenge to the final score: secret set-ups by select menus and by
//! the random button, shots by a ring-cell menu and weapon buttons, both rounds.

mod support;

use std::time::Duration;

use discord_double::{Reply, UserId};
use serde_json::json;
use support::{button, play_button, Table};

/// Alice's hand-placed fortress: walls on row 2 and column B, besieged in the middle.
const WALLS: [&str; 10] = ["B2", "C2", "D2", "E2", "F2", "B3", "B4", "B5", "B6", "F6"];
const BESIEGED: [&str; 5] = ["C4", "D4", "E4", "D5", "E5"];

/// Every user a text mentions, in order.
fn mentions(text: &str) -> Vec<UserId> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find('>') {
            if let Ok(id) = rest[..end].parse::<u64>() {
                out.push(UserId::from(id));
            }
            rest = &rest[end..];
        }
    }
    out
}

/// The select menus of a reply: custom_id and the values offered.
fn menus(reply: &Reply) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (menu, _, value) in reply.select_options() {
        match out.iter_mut().find(|(m, _)| *m == menu) {
            Some((_, values)) => values.push(value),
            None => out.push((menu, vec![value])),
        }
    }
    out
}

/// Places `user`'s fortress by the two select menus; returns the Confirm button's id.
async fn place_by_menus(table: &Table, user: UserId, walls: &[&str], besieged: &[&str]) -> String {
    let prompt = table.open_hand(user).await;
    assert!(prompt.content.contains("Place your fortress"), "{prompt:?}");
    let (walls_menu, offered) = menus(&prompt).into_iter().next().expect("the walls menu");
    assert_eq!(offered.len(), 25, "every fortress cell is offered");
    let step = table.double.select(user, prompt.channel_id, prompt.message_id.unwrap(), &walls_menu, walls).await;
    assert_eq!(step.kind, 7, "the prompt is updated in place: {step:?}");
    assert!(step.ephemeral && step.content.contains("5 besieged"), "{step:?}");
    let (besieged_menu, offered) = menus(&step).into_iter().next().expect("the besieged menu");
    assert_eq!(offered.len(), 15, "the cells left after the walls");
    let preview = table.double.select(user, step.channel_id, step.message_id.unwrap(), &besieged_menu, besieged).await;
    assert!(preview.content.contains("Your fortress"), "{preview:?}");
    let grid: String = preview.content.split("```").nth(1).unwrap_or_default().to_owned();
    assert_eq!(grid.matches('#').count(), 10, "10 walls in the preview: {}", preview.content);
    assert_eq!(grid.matches('O').count(), 5, "5 besieged in the preview: {}", preview.content);
    let confirm = button(&preview.buttons(), "Confirm");
    let done = table.click_reply(user, &preview, &confirm).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
    confirm
}

/// Places `user`'s fortress with the random button; returns the Confirm button's id.
async fn place_at_random(table: &Table, user: UserId) -> String {
    let prompt = table.open_hand(user).await;
    let random = table.click_reply(user, &prompt, &button(&prompt.buttons(), "Random set-up")).await;
    assert!(random.content.contains("A random fortress"), "{random:?}");
    let confirm = button(&random.buttons(), "Confirm");
    let done = table.click_reply(user, &random, &confirm).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
    confirm
}

/// One shot by `user`: the `pick`-th ring cell offered, then the first (cannon) button.
async fn fire(table: &Table, user: UserId, pick: usize) -> Reply {
    let prompt = table.open_hand(user).await;
    assert!(prompt.content.contains("Your shot"), "{prompt:?}");
    let (menu, cells) = menus(&prompt).into_iter().next().expect("the ring-cell menu");
    assert!(!cells.is_empty() && cells.len() <= 24, "{cells:?}");
    let cell = &cells[pick % cells.len()];
    let step = table.double.select(user, prompt.channel_id, prompt.message_id.unwrap(), &menu, &[cell.as_str()]).await;
    assert!(step.content.contains(&format!("Fire from **{cell}**")), "{step:?}");
    let shots: Vec<(String, String)> = step.buttons().into_iter().filter(|(_, id)| id.starts_with("eg:a:")).collect();
    assert!(!shots.is_empty() && shots.len() <= 10, "{shots:?}");
    let (_, shot) = &shots[pick % shots.len()];
    let done = table.click_reply(user, &step, shot).await;
    assert!(done.content.starts_with("You fired"), "{done:?}");
    done
}

/// Plays whatever the latest board asks until the match is over: random set-ups, shots.
async fn play_out(table: &Table) -> usize {
    let mut decisions = 0;
    loop {
        let board = table.latest_board();
        let to_act = mentions(&board.content);
        if to_act.is_empty() {
            return decisions;
        }
        let before = table.boards().len();
        if board.content.contains("place your fortress") {
            place_at_random(table, to_act[0]).await;
        } else {
            fire(table, to_act[0], decisions * 7).await;
        }
        table.wait_for_boards(before + 1).await;
        decisions += 1;
        assert!(decisions < 400, "the match never ended");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_match_from_the_challenge_to_the_final_score() {
    let table = Table::new_logging("info").await;
    table.start_match(Some("forteresse"), None).await;
    let first = table.latest_board();
    assert!(first.content.contains("two rounds"), "{}", first.content);
    assert_eq!(mentions(&first.content).len(), 2, "both are asked to place: {}", first.content);
    assert!(first.text().contains("Still placing their fortress: 🟦 Alice, 🟧 Bob"), "{}", first.text());

    // Alice places hers by the menus; the board then waits for Bob only.
    let alice_setup = place_by_menus(&table, table.alice, &WALLS, &BESIEGED).await;
    let board = table.wait_for_boards(2).await;
    assert!(board.content.contains("Alice") && board.content.contains("placed their fortress"), "{}", board.content);
    assert_eq!(mentions(&board.content), vec![table.bob], "{}", board.content);
    // Bob takes a random one: the shooting starts.
    let bob_setup = place_at_random(&table, table.bob).await;
    let board = table.wait_for_boards(3).await;
    assert!(board.content.contains("Round 1 begins"), "{}", board.content);
    assert!(board.text().contains("A → B") && board.text().contains("B → A"), "{}", board.text());

    // Her own view shows her fortress; it never shows Bob's.
    let shooter = mentions(&board.content)[0];
    let other = if shooter == table.alice { table.bob } else { table.alice };
    let waiting = table.open_hand(other).await;
    assert!(waiting.content.contains("Your fortress") && waiting.content.contains("Waiting for"), "{waiting:?}");
    assert!(menus(&waiting).is_empty(), "no shot offered out of turn");

    let decisions = play_out(&table).await;
    let last = table.latest_board();
    let text = last.text();
    assert!(text.contains("wins the match") || text.contains("drawn"), "{text}");
    assert!(text.contains("Round 2"), "both rounds were played: {text}");
    assert!(support::is_final(&last), "a finished board offers only Rematch and Record");
    eprintln!("Forteresse: {decisions} decisions after the first set-ups; the last board:\n{text}");

    // No set-up in any public message or log line.
    let codes: Vec<String> =
        [alice_setup, bob_setup].iter().map(|id| id.rsplit(':').next().unwrap().to_owned()).collect();
    let log = table.bot_log();
    for text in table.double.all_public_text() {
        for code in &codes {
            assert!(!text.contains(code.as_str()), "a set-up in public: {text}");
        }
        assert!(!text.contains(&WALLS.join(" ")), "Alice's walls in public: {text}");
    }
    for code in &codes {
        assert!(!log.contains(code.as_str()), "a set-up in the log");
    }
    assert!(!log.contains(&WALLS.join(" ")), "Alice's walls in the log");
    table.assert_clean();

    // The record is exported and replays to the final score.
    let history = table.command(table.alice, "history", json!([])).await;
    assert!(history.text().contains("Forteresse"), "{history:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_set_ups_spectators_and_stale_prompts_are_refused() {
    let table = Table::new().await;
    // The challenge names the game; En Garde's hits make no sense here.
    let hits = table.challenge(table.alice, table.bob, Some("forteresse"), Some(3)).await;
    assert!(hits.ephemeral && hits.content.contains("Forteresse has no option `hits_to_win`"), "{hits:?}");
    let challenge = table.challenge(table.alice, table.bob, Some("forteresse"), None).await;
    assert!(challenge.content.contains("**Forteresse**, two rounds"), "{challenge:?}");
    let message = challenge.final_message().await.unwrap();
    table.click(table.bob, &message, &button(&message.buttons(), "Decline")).await;
    let rules =
        table.command(table.carol, "rules", json!([{ "type": 3, "name": "variant", "value": "forteresse" }])).await;
    assert!(rules.ephemeral && rules.content.contains("10 walls and 5 besieged"), "{rules:?}");
    table.start_match(Some("forteresse"), None).await;

    // A forged pick of 9 walls (Discord's client would not send it) is refused.
    let prompt = table.open_hand(table.alice).await;
    let (walls_menu, _) = menus(&prompt).into_iter().next().unwrap();
    let nine = &WALLS[..9];
    assert!(
        table
            .double
            .try_select(table.alice, prompt.channel_id, prompt.message_id.unwrap(), &walls_menu, nine)
            .await
            .is_err(),
        "the double, like Discord, refuses a pick of the wrong size"
    );
    let forged = table
        .double
        .forge_click(table.alice, prompt.channel_id, prompt.message_id.unwrap(), &walls_menu, Some(nine))
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("exactly 10 walls"), "{forged:?}");
    // A ring cell among the besieged, forged too.
    let step =
        table.double.select(table.alice, prompt.channel_id, prompt.message_id.unwrap(), &walls_menu, &WALLS).await;
    let (besieged_menu, _) = menus(&step).into_iter().next().unwrap();
    let forged = table
        .double
        .forge_click(
            table.alice,
            step.channel_id,
            step.message_id.unwrap(),
            // Not the menu shown (a forged id of the same step), with a cell it never offered.
            &besieged_menu.to_uppercase().replace("EG:P:", "eg:p:").replace(":B", ":b"),
            Some(&["A1", "C4", "D4", "E4", "D5"]),
        )
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("not in the fortress"), "{forged:?}");
    assert_eq!(table.boards().len(), 1, "nothing happened");

    // A spectator can neither open a prompt nor place a fortress for someone.
    let board = table.latest_board();
    let spectator = table.click(table.carol, &board, &play_button(&board)).await;
    assert!(spectator.ephemeral && spectator.content.contains("/engarde challenge"), "{spectator:?}");
    let random = table.click_reply(table.alice, &step, &button(&step.buttons(), "Start over")).await;
    let random = table.click_reply(table.alice, &random, &button(&random.buttons(), "Random set-up")).await;
    let confirm = button(&random.buttons(), "Confirm");
    let forged = table
        .double
        .forge_click(table.carol, random.channel_id, random.message_id.unwrap(), &confirm, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("not playing"), "{forged:?}");
    assert_eq!(table.boards().len(), 1, "nothing happened");

    // Both place; then a prompt opened before a shot is out of date after it.
    table.click_reply(table.alice, &random, &confirm).await;
    place_at_random(&table, table.bob).await;
    table.wait_for_boards(3).await;
    let shooter = mentions(&table.latest_board().content)[0];
    let old = table.open_hand(shooter).await;
    let (menu, cells) = menus(&old).into_iter().next().unwrap();
    fire(&table, shooter, 0).await;
    table.wait_for_boards(4).await;
    let stale =
        table.double.select(shooter, old.channel_id, old.message_id.unwrap(), &menu, &[cells[1].as_str()]).await;
    assert!(stale.content.contains("out of date"), "{stale:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarts_during_set_up_and_during_shooting() {
    let mut table = Table::new().await;
    table.start_match(Some("forteresse"), None).await;
    // Alice's set-up prompt, half done: walls chosen, then the bot restarts.
    let prompt = table.open_hand(table.alice).await;
    let (walls_menu, _) = menus(&prompt).into_iter().next().unwrap();
    let step =
        table.double.select(table.alice, prompt.channel_id, prompt.message_id.unwrap(), &walls_menu, &WALLS).await;
    table.kill_bot().await;
    table.start_bot().await;
    // The prompt carries its own state: the next step works after the restart.
    let (besieged_menu, _) = menus(&step).into_iter().next().unwrap();
    let preview =
        table.double.select(table.alice, step.channel_id, step.message_id.unwrap(), &besieged_menu, &BESIEGED).await;
    let done = table.click_reply(table.alice, &preview, &button(&preview.buttons(), "Confirm")).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
    table.wait_for_boards(2).await;
    place_at_random(&table, table.bob).await;
    table.wait_for_boards(3).await;
    for n in 0..4 {
        let shooter = mentions(&table.latest_board().content)[0];
        let before = table.boards().len();
        fire(&table, shooter, n).await;
        table.wait_for_boards(before + 1).await;
    }
    table.kill_bot().await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    table.start_bot().await;
    play_out(&table).await;
    let text = table.latest_board().text();
    assert!(text.contains("wins the match") || text.contains("drawn"), "{text}");
    table.assert_clean();
}
