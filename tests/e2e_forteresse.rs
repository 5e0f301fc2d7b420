//! End to end: Forteresse played by two users through the real bot and the Discord
//! double, from the challenge to the final score: secret set-ups on the grid of buttons, from
//! two lists (for phones) and by the random button, shots aimed on the target (a ring-cell
//! menu, then weapon and direction buttons), both rounds.

mod support;

use std::time::Duration;

use discord_double::{Reply, UserId};
use serde_json::json;
use support::{button, play_button, Table};

/// Alice's hand-placed fortress: walls on row 2 and column B, besieged in the middle.
const WALLS: [&str; 10] = ["B2", "C2", "D2", "E2", "F2", "B3", "B4", "B5", "B6", "F6"];
const BESIEGED: [&str; 5] = ["C4", "D4", "E4", "D5", "E5"];

/// Bob's fortress: walls on row 6 and column F, besieged in the middle.
const WALLS_B: [&str; 10] = ["B6", "C6", "D6", "E6", "F6", "F2", "F3", "F4", "F5", "B2"];
const BESIEGED_B: [&str; 5] = ["C3", "D3", "E3", "C4", "D4"];

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

/// The custom_id of the grid button of `cell` (its label ends with the cell's name).
fn cell_button(reply: &Reply, cell: &str) -> String {
    let suffix = format!(" {cell}");
    reply
        .buttons()
        .into_iter()
        .find(|(label, _)| label.ends_with(&suffix))
        .map(|(_, id)| id)
        .unwrap_or_else(|| panic!("no button for {cell}: {:?}", reply.buttons()))
}

/// Opens `user`'s set-up and taps `walls` then `besieged` on the grid; returns the preview.
async fn tap_fortress(table: &Table, user: UserId, walls: &[&str], besieged: &[&str]) -> Reply {
    let prompt = table.open_hand(user).await;
    assert!(prompt.content.contains("Place your fortress"), "{prompt:?}");
    let mut grid = table.click_reply(user, &prompt, &button(&prompt.buttons(), "Place on the grid")).await;
    assert_eq!(grid.kind, 7, "the prompt is updated in place: {grid:?}");
    assert_eq!(grid.buttons().len(), 25, "a button per fortress cell: {grid:?}");
    assert!(grid.content.contains("Walls **0**/10"), "{grid:?}");
    for (n, cell) in walls.iter().chain(besieged).enumerate() {
        grid = table.click_reply(user, &grid, &cell_button(&grid, cell)).await;
        assert!(grid.ephemeral && grid.kind == 7, "{grid:?}");
        if n == 9 {
            assert!(grid.content.contains("place a besieged"), "{grid:?}");
            assert!(grid.buttons().iter().filter(|(l, _)| l.starts_with("🧱")).count() == 10, "{grid:?}");
        }
    }
    grid
}

/// Places `user`'s fortress on the grid of buttons; returns the Confirm button's id.
async fn place_on_grid(table: &Table, user: UserId, walls: &[&str], besieged: &[&str]) -> String {
    let preview = tap_fortress(table, user, walls, besieged).await;
    assert!(preview.content.contains("Your fortress"), "{preview:?}");
    preview_picture(table, &preview);
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
    preview_picture(table, &random);
    let confirm = button(&random.buttons(), "Confirm");
    let done = table.click_reply(user, &random, &confirm).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
    confirm
}

/// The picture of a whole set-up's preview (the grid's, the lists' or a random one): the
/// prompt's picture of the fortress, with its alt text, and no text layout beside it.
/// Returns its bytes.
fn preview_picture(table: &Table, preview: &Reply) -> Vec<u8> {
    assert!(!preview.content.contains("```") && !preview.content.contains("`#` wall"), "{preview:?}");
    let files = attachments(table, preview);
    assert_eq!(files.iter().map(|a| a.filename.as_str()).collect::<Vec<_>>(), ["view.png"], "{preview:?}");
    let alt = files[0].description.clone().unwrap_or_default();
    assert!(alt.contains("your fortress in the making: 10 walls and 5 besieged placed"), "{alt}");
    files[0].data.clone()
}

/// One shot by `user`, aimed on the target: the `pick`-th ring cell offered, then one of the
/// weapon and direction buttons.
async fn fire(table: &Table, user: UserId, pick: usize) -> Reply {
    let prompt = table.open_hand(user).await;
    assert!(prompt.content.contains("Your shot") && !prompt.content.contains("```"), "{prompt:?}");
    // The target is in the prompt's picture, beside the shooter's own fortress.
    let view = attachments(table, &prompt);
    assert_eq!(view.iter().map(|a| a.filename.as_str()).collect::<Vec<_>>(), ["view.png"]);
    let alt = view[0].description.clone().unwrap_or_default();
    assert!(alt.contains("what you know of the enemy's fortress"), "{alt}");
    let (menu, cells) = menus(&prompt).into_iter().next().expect("the ring-cell menu");
    assert!(!cells.is_empty() && cells.len() <= 24, "{cells:?}");
    let cell = &cells[pick % cells.len()];
    let step = table.double.select(user, prompt.channel_id, prompt.message_id.unwrap(), &menu, &[cell.as_str()]).await;
    assert!(step.content.contains(&format!("Fire from **{cell}**")), "{step:?}");
    assert!(!step.content.contains("```"), "the target is shown as a picture: {step:?}");
    // The aim picture replaces the prompt's: the target, the ring cell and its directions.
    let pictures = attachments(table, &step);
    assert_eq!(pictures.iter().map(|a| a.filename.as_str()).collect::<Vec<_>>(), ["aim.png"]);
    let (width, height) = png_size(&pictures[0].data);
    assert_eq!(width, height, "the square target grid");
    let alt = pictures[0].description.clone().unwrap_or_default();
    assert!(alt.contains(&format!("From {cell} you may fire toward")), "the alt text names the cell: {alt}");
    let shots: Vec<(String, String)> = step.buttons().into_iter().filter(|(_, id)| id.starts_with("eg:a:")).collect();
    assert!(!shots.is_empty() && shots.len() <= 6, "at most 3 directions × 2 weapons: {shots:?}");
    let (_, shot) = &shots[pick % shots.len()];
    let done = table.click_reply(user, &step, shot).await;
    assert!(done.content.starts_with("You fired"), "{done:?}");
    done
}

/// The files attached to the message a reply shows (the prompt it updated).
fn attachments(table: &Table, reply: &Reply) -> Vec<discord_double::RecordedAttachment> {
    let id = reply.message_id.expect("the reply's message");
    table.double.message(id).expect("the prompt").attachments
}

/// A PNG's width and height.
fn png_size(data: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(data)).read_info().expect("a PNG");
    (reader.info().width, reader.info().height)
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

    // Alice places hers on the grid; the board then waits for Bob only.
    let alice_setup = place_on_grid(&table, table.alice, &WALLS, &BESIEGED).await;
    let board = table.wait_for_boards(2).await;
    assert!(board.content.contains("Alice") && board.content.contains("placed their fortress"), "{}", board.content);
    assert_eq!(mentions(&board.content), vec![table.bob], "{}", board.content);
    // Bob takes a random one: the shooting starts.
    let bob_setup = place_at_random(&table, table.bob).await;
    let board = table.wait_for_boards(3).await;
    assert!(board.content.contains("Round 1 begins"), "{}", board.content);
    assert_eq!(board.attachments.len(), 1, "both attack grids in one picture: {board:?}");
    let alt = board.attachments[0].description.clone().unwrap_or_default();
    assert!(alt.contains("Round 1"), "the alt text says what the picture shows: {alt}");

    // Her own view shows her fortress; it never shows Bob's.
    let shooter = mentions(&board.content)[0];
    let other = if shooter == table.alice { table.bob } else { table.alice };
    let waiting = table.open_hand(other).await;
    assert!(waiting.content.contains("Your fortress") && waiting.content.contains("Waiting for"), "{waiting:?}");
    assert!(menus(&waiting).is_empty(), "no shot offered out of turn");

    // Aiming, then Back: the prompt's own picture comes back with its ring-cell menu.
    let prompt = table.open_hand(shooter).await;
    assert_eq!(attachments(&table, &prompt).len(), 1, "the prompt's picture");
    let view = attachments(&table, &prompt)[0].data.clone();
    let (menu, cells) = menus(&prompt).into_iter().next().expect("the ring-cell menu");
    let step =
        table.double.select(shooter, prompt.channel_id, prompt.message_id.unwrap(), &menu, &[cells[0].as_str()]).await;
    assert_eq!(attachments(&table, &step)[0].filename, "aim.png");
    let back = table.click_reply(shooter, &step, &button(&step.buttons(), "Back")).await;
    assert!(back.content.contains("Your shot") && !menus(&back).is_empty(), "{back:?}");
    let again = attachments(&table, &back);
    assert_eq!((again.len(), again[0].filename.as_str()), (1, "view.png"));
    assert_eq!(again[0].data, view, "the same view as before aiming");

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
    let export = history.buttons().into_iter().map(|(_, id)| id).find(|id| id.starts_with("eg:x:")).expect("Export");
    let file = table.click_reply(table.alice, &history, &export).await;
    let record = file.message().expect("the record").attachments[0].data.clone();
    round_end_board_shows_the_ended_round(&table, &String::from_utf8(record).unwrap());
}

/// The board that ends round 1 shows round 1 as it ended (its grids, shots, tallies and
/// scores), and the next board round 2's fresh grids; both pictures are the ones the
/// match's record draws at those points.
fn round_end_board_shows_the_ended_round(table: &Table, record: &str) {
    use engarde::present::picture;
    use engarde_rules::forteresse::Event;
    use engarde_rules::{Match, MatchEvent};
    let boards = table.boards();
    let at = boards.iter().position(|b| b.content.contains("Round 1 is over")).expect("the board that ends round 1");
    let (ended, next) = (&boards[at], &boards[at + 1]);
    let (ended_text, next_text) = (ended.text(), next.text());
    assert!(ended_text.contains("Latest shots") && ended_text.matches("(stopped)").count() == 2, "{ended_text}");
    assert!(ended_text.contains("1 of 2") && !ended_text.contains("2 of 2"), "round 1's tallies: {ended_text}");
    assert!(next_text.contains("2 of 2") && !next_text.contains("Latest shots"), "round 2's: {next_text}");
    let alt = |b: &discord_double::RecordedMessage| b.attachments[0].description.clone().unwrap_or_default();
    assert!(
        alt(ended).starts_with("Round 1 of 2") && alt(next).starts_with("Round 2 of 2"),
        "{} / {}",
        alt(ended),
        alt(next)
    );
    assert!(alt(next).contains("blue 0, orange 0 of 5"), "nothing killed yet in round 2: {}", alt(next));
    // The pictures: round 1's end as the record draws it, not round 2's empty grids.
    let mut drawn = None;
    Match::replay_steps(record, |game, _, events| {
        let ends = events.iter().any(|e| matches!(e, MatchEvent::Forteresse(Event::RoundEnded { round: 1, .. })));
        if ends {
            let public = game.public_view();
            drawn = Some((picture::board(&public, events), picture::board(&public, &[])));
        }
    })
    .expect("the record replays");
    let (round_end, round_2) = drawn.expect("round 1 ended");
    assert_eq!(ended.attachments[0].data, round_end.png.to_vec(), "the round-ending board's picture");
    assert_ne!(round_end, round_2, "round 1's grids, not round 2's");
    assert_ne!(ended.attachments[0].data, next.attachments[0].data);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_set_ups_spectators_and_stale_prompts_are_refused() {
    let table = Table::new().await;
    // The challenge names the game; En Garde's hits make no sense here.
    let hits = table.challenge(table.alice, table.bob, Some("forteresse"), Some(3)).await;
    assert!(hits.ephemeral && hits.content.contains("Forteresse has no option “hits\\_to\\_win”"), "{hits:?}");
    let challenge = table.challenge(table.alice, table.bob, Some("forteresse"), None).await;
    assert!(challenge.content.contains("**Forteresse**, two rounds"), "{challenge:?}");
    let message = challenge.final_message().await.unwrap();
    table.click(table.bob, &message, &button(&message.buttons(), "Decline")).await;
    let rules =
        table.command(table.carol, "rules", json!([{ "type": 3, "name": "variant", "value": "forteresse" }])).await;
    assert!(rules.ephemeral && rules.content.contains("10 walls and 5 besieged"), "{rules:?}");
    table.start_match(Some("forteresse"), None).await;

    // A forged grid step (11 walls, which no button offers) is refused, and so is a tap on
    // an empty cell of a full grid; the prompt stays as it was.
    let prompt = table.open_hand(table.alice).await;
    let grid = table.click_reply(table.alice, &prompt, &button(&prompt.buttons(), "Place on the grid")).await;
    let tap = cell_button(&grid, "B2");
    let forged_id = tap.replace(":t00000000000000", ":t00007ff0000000");
    assert_ne!(forged_id, tap);
    let forged = table
        .double
        .forge_click(table.alice, grid.channel_id, grid.message_id.unwrap(), &forged_id, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.kind == 4 && forged.content.contains("not valid"), "{forged:?}");
    let preview = tap_fortress(&table, table.alice, &WALLS, &BESIEGED).await;
    let change = table.click_reply(table.alice, &preview, &button(&preview.buttons(), "Change")).await;
    assert!(change.content.contains("tap a piece to take it off"), "{change:?}");
    let empty = cell_button(&change, "C3");
    assert!(
        table.double.try_click(table.alice, change.channel_id, change.message_id.unwrap(), &empty).await.is_err(),
        "an empty cell of a full grid is greyed"
    );
    // A modified client sends it anyway (from another prompt, where no button is greyed).
    let forged = table
        .double
        .forge_click(table.alice, grid.channel_id, grid.message_id.unwrap(), &empty, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("take one off first"), "{forged:?}");
    // Taking a wall off and putting it elsewhere gives a new preview.
    let step = table.click_reply(table.alice, &change, &cell_button(&change, "B2")).await;
    assert!(step.content.contains("Walls **9**/10"), "{step:?}");
    let step = table.click_reply(table.alice, &step, &cell_button(&step, "C3")).await;
    assert!(step.content.contains("Your fortress") && step.buttons().iter().any(|(l, _)| l == "Confirm"), "{step:?}");
    assert_eq!(table.boards().len(), 1, "nothing happened");

    // A spectator can neither open a prompt nor place a fortress for someone.
    let board = table.latest_board();
    let spectator = table.click(table.carol, &board, &play_button(&board)).await;
    assert!(spectator.ephemeral && spectator.content.contains("/engarde challenge"), "{spectator:?}");
    let random = table.click_reply(table.alice, &step, &button(&step.buttons(), "Random set-up")).await;
    assert!(random.content.contains("A random fortress"), "{random:?}");
    preview_picture(&table, &random);
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
    // Alice's set-up prompt, half done: the walls tapped, then the bot restarts.
    let half = tap_fortress(&table, table.alice, &WALLS, &[]).await;
    table.kill_bot().await;
    table.start_bot().await;
    // Meanwhile Bob places his: the match moves on, Alice's set-up in the making stays valid.
    place_at_random(&table, table.bob).await;
    table.wait_for_boards(2).await;
    // The prompt carries its own state: the next taps work after the restart.
    let mut grid = half;
    for cell in BESIEGED {
        grid = table.click_reply(table.alice, &grid, &cell_button(&grid, cell)).await;
        assert!(!grid.content.contains("out of date"), "{grid:?}");
    }
    let done = table.click_reply(table.alice, &grid, &button(&grid.buttons(), "Confirm")).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
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

/// The `n`-th select menu of a reply, as sent to Discord.
fn select_menu(reply: &Reply, n: usize) -> serde_json::Value {
    let menus: Vec<serde_json::Value> = reply
        .components
        .iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .collect();
    menus.get(n).cloned().unwrap_or_else(|| panic!("no select menu {n}: {:?}", reply.components))
}

/// A select's option values, and those it shows picked (`default`).
fn offered(menu: &serde_json::Value) -> (Vec<String>, Vec<String>) {
    let options = menu["options"].as_array().expect("a string select's options");
    let value = |o: &serde_json::Value| o["value"].as_str().unwrap().to_owned();
    (options.iter().map(value).collect(), options.iter().filter(|o| o["default"] == true).map(value).collect())
}

/// `user` picks `values` in the `n`-th select of `reply`.
async fn pick(table: &Table, user: UserId, reply: &Reply, n: usize, values: &[&str]) -> Reply {
    let id = select_menu(reply, n)["custom_id"].as_str().unwrap().to_owned();
    table.double.select(user, reply.channel_id, reply.message_id.unwrap(), &id, values).await
}

/// The alt text of the picture a reply's message shows (its only attachment).
fn picture_alt(table: &Table, reply: &Reply) -> String {
    let files = attachments(table, reply);
    assert_eq!(files.iter().map(|a| a.filename.as_str()).collect::<Vec<_>>(), ["view.png"], "{reply:?}");
    files[0].description.clone().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_sets_up_from_the_lists_the_other_on_the_grid_then_the_first_shot() {
    let mut table = Table::new().await;
    table.start_match(Some("forteresse"), None).await;

    // Alice, on her phone: the start offers the lists beside the grid and the random set-up.
    let prompt = table.open_hand(table.alice).await;
    let labels: Vec<String> = prompt.buttons().into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, ["Place on the grid", "Choose from lists", "Random set-up"]);
    let lists = table.click_reply(table.alice, &prompt, &button(&prompt.buttons(), "Choose from lists")).await;
    assert!(lists.ephemeral && lists.kind == 7, "the prompt is updated in place: {lists:?}");
    assert!(lists.content.contains("10 walls in the first list"), "{lists:?}");
    assert!(picture_alt(&table, &lists).contains("0 walls and 0 besieged placed"), "the empty fortress");
    let walls = select_menu(&lists, 0);
    assert_eq!((walls["min_values"].as_u64(), walls["max_values"].as_u64()), (Some(10), Some(10)));
    let (cells, chosen) = offered(&walls);
    assert_eq!((cells.len(), cells[0].as_str(), cells[24].as_str()), (25, "B2", "F6"));
    assert!(chosen.is_empty());
    let selects = lists.components.iter().filter(|r| r["components"][0]["type"] == 3).count();
    assert_eq!(selects, 1, "no besieged before the walls: {lists:?}");
    // Discord's client sends exactly 10, each once.
    let nine = &WALLS[..9];
    let refused = table.double.try_select(
        table.alice,
        lists.channel_id,
        lists.message_id.unwrap(),
        walls["custom_id"].as_str().unwrap(),
        nine,
    );
    assert!(refused.await.is_err(), "9 walls cannot be sent");

    // Ten walls: drawn in the picture, listed, and the besieged offered among the 15 others.
    let besieged_step = pick(&table, table.alice, &lists, 0, &WALLS).await;
    assert!(besieged_step.content.contains("Walls **10**/10"), "{besieged_step:?}");
    assert!(besieged_step.content.contains(&format!("🧱 {}", WALLS.join(" "))), "{besieged_step:?}");
    assert!(picture_alt(&table, &besieged_step).contains("10 walls and 0 besieged placed"));
    let (cells, chosen) = offered(&select_menu(&besieged_step, 0));
    assert_eq!(chosen.len(), 10, "the walls stay picked");
    let besieged = select_menu(&besieged_step, 1);
    assert_eq!((besieged["min_values"].as_u64(), besieged["max_values"].as_u64()), (Some(5), Some(5)));
    let (others, _) = offered(&besieged);
    assert_eq!(others.len(), 15);
    assert!(others.iter().all(|c| !WALLS.contains(&c.as_str())) && cells.len() == 25, "{others:?}");

    // A modified client sends a wall as a besieged (from another message, where no select
    // limits the values): refused in words, nothing changes.
    let besieged_id = besieged["custom_id"].as_str().unwrap().to_owned();
    let board = table.latest_board();
    let forged = table
        .double
        .forge_click(table.alice, board.channel_id, board.id, &besieged_id, Some(&["B2", "C4", "D4", "E4", "D5"]))
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.kind == 4 && forged.content.contains("B2 holds a wall"), "{forged:?}");
    assert_eq!(table.boards().len(), 1, "nothing happened");

    // The bot restarts between the walls and the besieged: the lists carry their own state.
    table.kill_bot().await;
    table.start_bot().await;
    let preview = pick(&table, table.alice, &besieged_step, 1, &BESIEGED).await;
    assert!(preview.content.contains("Your fortress"), "{preview:?}");
    preview_picture(&table, &preview);
    let labels: Vec<String> = preview.buttons().into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, ["Confirm", "Change", "Random set-up", "Clear"], "the grid's own preview");
    // Change: back to the lists, both choices pre-selected; another pick of besieged.
    let change = table.click_reply(table.alice, &preview, &button(&preview.buttons(), "Change")).await;
    let (_, walls_chosen) = offered(&select_menu(&change, 0));
    let (_, besieged_chosen) = offered(&select_menu(&change, 1));
    assert_eq!((walls_chosen.len(), besieged_chosen.len()), (10, 5), "{change:?}");
    assert!(BESIEGED.iter().all(|c| besieged_chosen.contains(&c.to_string())));
    let moved = ["C4", "D4", "E4", "D5", "C6"];
    let preview = pick(&table, table.alice, &change, 1, &moved).await;
    assert!(preview.content.contains("Your fortress"), "{preview:?}");
    let change = table.click_reply(table.alice, &preview, &button(&preview.buttons(), "Change")).await;
    let preview = pick(&table, table.alice, &change, 1, &BESIEGED).await;
    let alice_confirm = button(&preview.buttons(), "Confirm");
    let done = table.click_reply(table.alice, &preview, &alice_confirm).await;
    assert!(done.content.contains("Your fortress is placed"), "{done:?}");
    table.wait_for_boards(2).await;
    // An old prompt's lists change nothing once the fortress is placed.
    let stale = table
        .double
        .forge_click(
            table.alice,
            besieged_step.channel_id,
            besieged_step.message_id.unwrap(),
            &besieged_id,
            Some(&BESIEGED),
        )
        .await
        .expect("the bot answers");
    assert!(stale.ephemeral && stale.content.contains("already placed"), "{stale:?}");

    // Bob, on a desktop, places his on the grid; the shooting starts.
    let bob_confirm = place_on_grid(&table, table.bob, &WALLS_B, &BESIEGED_B).await;
    let board = table.wait_for_boards(3).await;
    assert!(board.content.contains("Round 1 begins"), "{}", board.content);
    // Alice's set-up is the one she chose: the same action as the grid makes of those cells.
    let code = |id: &str| id.rsplit(':').next().unwrap().to_owned();
    let grid_made = {
        use engarde_rules::forteresse::{Action, Fortress};
        let mask = |cells: &[&str]| {
            cells.iter().fold(0u32, |m, c| {
                m | 1 << c.parse::<engarde_rules::forteresse::Cell>().unwrap().fortress_index().unwrap()
            })
        };
        let f = Fortress::from_masks(mask(&WALLS), mask(&BESIEGED)).unwrap();
        engarde::discord::custom_id::encode_action(engarde_rules::MatchAction::Forteresse(Action::Setup(f)))
    };
    assert_eq!(code(&alice_confirm), grid_made, "Alice's fortress from the lists");
    assert_ne!(code(&alice_confirm), code(&bob_confirm));
    let waiting = table.open_hand(table.alice).await;
    assert!(waiting.content.contains("🧱 10 · 👑 5"), "{waiting:?}");

    // The first shot.
    let shooter = mentions(&board.content)[0];
    fire(&table, shooter, 0).await;
    let board = table.wait_for_boards(4).await;
    assert!(board.text().contains("Latest shots"), "{}", board.text());
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_set_up_is_previewed_in_the_grids_picture_and_in_text_without_pictures() {
    let table = Table::new().await;
    table.start_match(Some("forteresse"), None).await;
    // Random set-up: the fortress in the prompt's picture, as the grid's preview draws it.
    let prompt = table.open_hand(table.alice).await;
    let random = table.click_reply(table.alice, &prompt, &button(&prompt.buttons(), "Random set-up")).await;
    assert!(random.content.contains("A random fortress") && random.kind == 7, "{random:?}");
    let drawn = preview_picture(&table, &random);
    // The same fortress previewed from the grid (Change, one piece off and on again) is the
    // same picture.
    let change = table.click_reply(table.alice, &random, &button(&random.buttons(), "Change")).await;
    let piece = change
        .buttons()
        .into_iter()
        .find(|(label, _)| label.starts_with("🧱"))
        .map(|(label, _)| label.rsplit(' ').next().unwrap_or_default().to_owned())
        .expect("a wall on the grid");
    let off = table.click_reply(table.alice, &change, &cell_button(&change, &piece)).await;
    assert!(off.content.contains("Walls **9**/10"), "{off:?}");
    let grid = table.click_reply(table.alice, &off, &cell_button(&off, &piece)).await;
    assert!(grid.content.contains("Your fortress"), "{grid:?}");
    assert_eq!(preview_picture(&table, &grid), drawn, "the grid's preview of the same fortress");
    // Another random one: a picture again.
    let again = table.click_reply(table.alice, &grid, &button(&grid.buttons(), "Random set-up")).await;
    assert!(again.content.contains("A random fortress"), "{again:?}");
    let another = table.click_reply(table.alice, &again, &button(&again.buttons(), "Another random one")).await;
    assert!(another.content.contains("A random fortress"), "{another:?}");
    preview_picture(&table, &another);

    // Boards (and so prompts) in text: the random fortress in the text layout, no picture.
    table.boards_in_text().await;
    let prompt = table.open_hand(table.bob).await;
    let random = table.click_reply(table.bob, &prompt, &button(&prompt.buttons(), "Random set-up")).await;
    assert!(random.content.contains("A random fortress") && random.content.contains("`#` wall"), "{random:?}");
    let grid: String = random.content.split("```").nth(1).unwrap_or_default().to_owned();
    assert_eq!((grid.matches('#').count(), grid.matches('O').count()), (10, 5), "{}", random.content);
    assert!(attachments(&table, &random).is_empty(), "no picture: {random:?}");
    let another = table.click_reply(table.bob, &random, &button(&random.buttons(), "Another random one")).await;
    assert!(another.content.contains("```") && attachments(&table, &another).is_empty(), "{another:?}");
    table.assert_clean();
}
