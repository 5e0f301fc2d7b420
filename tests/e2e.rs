//! End to end: the real bot binary against the local Discord double, played
//! by users who only click what Discord would show them.

mod support;

use std::time::Duration;

use serde_json::json;
use support::{button, mentioned, play_button, prefer, Choice, Table};

/// Prefer attacking, then parrying, then advancing: rounds end quickly.
const AGGRESSIVE: &[&str] = &["Attack", "Advance 1 + attack", "Advance", "Parry", "Retreat", "Take the hit"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_standard_match_from_challenge_to_the_final_hit() {
    let table = Table::new().await;
    let thread = table.start_match(None, None).await;
    assert_ne!(thread, table.channel, "the match gets its own thread");
    let first = table.latest_board();
    assert!(first.content.contains("En garde!"), "{}", first.content);
    assert!(first.content.contains("starts round 1"), "{}", first.content);
    let embed = first.embeds[0].to_string();
    assert!(embed.contains("Distance") && embed.contains("Pile") && embed.contains("15 cards"), "{embed}");
    assert!(mentioned(&first.content).is_some(), "the player to act is pinged");

    let mut turns = 0;
    while table.to_act().is_some() {
        table.play_turn(prefer(AGGRESSIVE)).await;
        turns += 1;
        assert!(turns < 2_000, "the match never ended");
    }
    let last = table.latest_board();
    let text = last.text();
    assert!(text.contains("wins the match"), "{text}");
    let labels: Vec<String> = last.buttons().into_iter().map(|(label, _)| label).collect();
    assert_eq!(labels, ["Rematch", "Record"], "a finished board offers a rematch and the record only");
    assert!(text.contains(" 5 – ") || text.contains(" – 5 "), "the final score shows 5 hits: {text}");
    // Every board carries its picture, with alt text, shown as the embed's image.
    for board in table.board_messages() {
        assert_eq!(board.attachments.len(), 1, "{board:?}");
        let picture = &board.attachments[0];
        assert_eq!(picture.filename, "board.png");
        assert!(picture.data.starts_with(b"\x89PNG"), "a PNG");
        assert!(picture.description.as_deref().is_some_and(|alt| alt.contains("piste")), "alt text: {picture:?}");
        assert_eq!(board.embeds[0]["image"]["url"], "attachment://board.png");
        assert!(!board.text().contains("```"), "no text drawing beside the picture");
    }
    // One live board: every older board has lost its buttons.
    let messages = table.board_messages();
    assert!(messages[..messages.len() - 1].iter().all(|m| m.components.is_empty()), "old boards keep no buttons");
    assert!(
        messages.len() < turns,
        "same-player decisions edit the board in place ({} boards, {turns} decisions)",
        messages.len()
    );
    table.assert_clean();
    let interactions = table.latencies.lock().unwrap().len();
    eprintln!(
        "full match: {turns} decisions, {interactions} interactions, median latency {:?}",
        table.median_latency()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_advanced_lunge_answered_by_a_retreat() {
    let table = Table::new().await;
    table.start_match(Some("engarde-advanced"), Some(15)).await;
    // Advance slowly until someone can lunge; then lunge; the defender retreats.
    let mut saw = false;
    for _ in 0..400 {
        let Some(user) = table.to_act() else { break };
        let hand = table.open_hand(user).await;
        let choices = Table::choices(&hand);
        let lunge = choices.iter().find(|c| c.label().contains("+ attack")).cloned();
        let retreat = choices.iter().find(|c| c.label().starts_with("Retreat")).cloned();
        let defending = hand.content.contains("You are attacked");
        let before = table.boards().len();
        let choice = if let Some(r) = retreat.filter(|_| defending && hand.content.contains("retreat")) {
            saw = true;
            r
        } else if let Some(l) = lunge {
            l
        } else {
            prefer(&["Advance 1", "Advance 2", "Advance", "Parry", "Retreat"])(&choices)
        };
        let done = match &choice {
            Choice::Button(_, id) => table.click_reply(user, &hand, id).await,
            Choice::Option(menu, _, value) => {
                table.double.select(user, hand.channel_id, hand.message_id.unwrap(), menu, &[value.as_str()]).await
            }
        };
        assert!(done.content.starts_with("You "), "{done:?}");
        let board = table.wait_for_boards(before + 1).await;
        if saw {
            assert!(board.content.contains("escapes the lunge"), "{}", board.content);
            // The attacker plays again normally, unless the retreat ended the round (the
            // pile ran out, or the attacker is stuck): then the next round's starter plays.
            let lunger = mentioned(&board.content).expect("someone to act");
            if !board.content.contains(" begins: ") {
                assert_ne!(lunger, user, "after a retreat the attacker plays again: {}", board.content);
            }
            break;
        }
    }
    assert!(saw, "no lunge was answered by a retreat");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_the_wrong_player_are_refused_and_nothing_changes() {
    let table = Table::new().await;
    // Only Bob may answer Alice's challenge.
    let challenge = table.challenge(table.alice, table.bob, None, None).await.final_message().await.unwrap();
    let accept = button(&challenge.buttons(), "Accept");
    let refused = table.click(table.carol, &challenge, &accept).await;
    assert!(refused.ephemeral && refused.content.contains("not for you"), "{refused:?}");
    table.click(table.bob, &challenge, &accept).await;
    table.wait_for_boards(1).await;

    // A spectator opening a hand.
    let board = table.latest_board();
    let play = play_button(&board);
    let spectator = table.click(table.carol, &board, &play).await;
    assert!(spectator.ephemeral && spectator.content.contains("/engarde challenge"), "{spectator:?}");
    assert_eq!(spectator.embeds.len(), 1, "the spectator sees the board: {spectator:?}");
    assert!(spectator.embeds[0]["title"].as_str().is_some_and(|t| t.starts_with("#1 · ")), "{spectator:?}");

    // The player to act's private buttons, forged by a spectator and by the opponent.
    let to_act = table.to_act().unwrap();
    let other = if to_act == table.alice { table.bob } else { table.alice };
    let hand = table.open_hand(to_act).await;
    let (_, action) = hand.buttons().into_iter().find(|(_, id)| id.starts_with("eg:a:")).expect("an action");
    let boards = table.boards().len();
    for intruder in [table.carol, other] {
        let forged = table
            .double
            .forge_click(intruder, hand.channel_id, hand.message_id.unwrap(), &action, None)
            .await
            .expect("the bot answers");
        assert!(forged.ephemeral, "{forged:?}");
        assert!(forged.content.contains("not playing") || forged.content.contains("not your turn"), "{forged:?}");
    }
    // The opponent's own "Play" shows their hand but no action.
    let waiting = table.open_hand(other).await;
    assert!(Table::choices(&waiting).is_empty(), "{waiting:?}");
    assert!(waiting.content.contains("Waiting for"), "{waiting:?}");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(table.boards().len(), boards, "nothing happened");
    // The real player can still play that very button.
    let done = table.click_reply(to_act, &hand, &action).await;
    assert!(done.content.starts_with("You "), "{done:?}");
    table.wait_for_boards(boards + 1).await;
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_boards_and_prompts_are_recognised() {
    let table = Table::new().await;
    table.start_match(None, None).await;
    let old_board = table.latest_board();
    let user = table.to_act().unwrap();
    let old_hand = table.open_hand(user).await;
    let (_, first) = old_hand.buttons().into_iter().find(|(_, id)| id.starts_with("eg:a:")).unwrap();
    table.click_reply(user, &old_hand, &first).await;
    table.wait_for_boards(2).await;
    let boards = table.boards().len();

    // The old board has lost its buttons; its Play button, clicked from a client that still
    // shows it: the current state, with a link to the current board.
    let play = play_button(&old_board);
    assert!(table.double.message(old_board.id).unwrap().components.is_empty(), "the old board is not live");
    let stale =
        table.double.forge_click(user, old_board.channel_id, old_board.id, &play, None).await.expect("the bot answers");
    assert!(stale.ephemeral && stale.content.contains("out of date"), "{stale:?}");
    assert!(stale.content.contains("https://discord.com/channels/"), "a link to the current board: {stale:?}");

    // An old prompt's action button (sent again, e.g. from another client): refused with a link.
    let again = table
        .double
        .forge_click(user, old_hand.channel_id, old_hand.message_id.unwrap(), &first, None)
        .await
        .expect("the bot answers");
    assert!(again.ephemeral, "{again:?}");
    assert!(again.content.contains("out of date") || again.content.contains("already"), "{again:?}");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(table.boards().len(), boards, "nothing happened");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_ends_the_match() {
    let table = Table::new().await;
    table.start_match(None, None).await;
    table.play_turn(prefer(&["Advance"])).await;
    let board = table.latest_board();
    let resign = button(&board.buttons(), "Resign");
    // A spectator cannot resign for anyone.
    let refused = table.click(table.carol, &board, &resign).await;
    assert!(refused.content.contains("not playing"), "{refused:?}");
    // Bob asks, then thinks better of it.
    let ask = table.click(table.bob, &board, &resign).await;
    assert!(ask.ephemeral && ask.content.contains("Resign match"), "{ask:?}");
    let cancel = table.click_reply(table.bob, &ask, &button(&ask.buttons(), "Keep fencing")).await;
    assert!(cancel.content.contains("Carry on"), "{cancel:?}");
    // Then resigns for real, whatever the turn.
    let ask = table.click(table.bob, &board, &resign).await;
    let done = table.click_reply(table.bob, &ask, &button(&ask.buttons(), "Resign")).await;
    assert!(done.content.contains("You resigned"), "{done:?}");
    let last = table.wait_for_boards(3).await;
    assert!(last.content.contains("resigns") && last.content.contains("wins the match"), "{}", last.content);
    let labels: Vec<String> = last.buttons().into_iter().map(|(label, _)| label).collect();
    assert_eq!(labels, ["Rematch", "Record"]);
    // The record, then the pictures: the end with every secret shown, and the animated replay.
    let record = table.click(table.alice, &last, &button(&last.buttons(), "Record")).await;
    assert!(record.ephemeral, "{record:?}");
    let start = std::time::Instant::now();
    let pictures = loop {
        let found = table.double.ephemerals_for(table.alice).into_iter().rev().find(|m| m.attachments.len() == 2);
        if let Some(found) = found {
            break found;
        }
        assert!(start.elapsed() < support::WAIT, "the replay never came");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let names: Vec<&str> = pictures.attachments.iter().map(|a| a.filename.as_str()).collect();
    assert_eq!(names, ["match-1-end.png", "match-1-replay.gif"], "{names:?}");
    assert!(pictures.attachments[1].data.starts_with(b"GIF89a"), "an animated GIF");
    assert!(pictures.attachments.iter().all(|a| a.description.as_deref().is_some_and(|d| !d.is_empty())), "alt texts");
    // Shown side by side in a gallery (a layout message), each with its alt text.
    assert!(pictures.is_layout() && pictures.content.is_empty(), "{pictures:?}");
    let shown: Vec<(String, Option<String>)> = pictures
        .gallery_items()
        .iter()
        .map(|i| {
            (
                i["media"]["attachment_id"].as_str().unwrap_or_default().to_string(),
                i["description"].as_str().map(String::from),
            )
        })
        .collect();
    let attached: Vec<(String, Option<String>)> =
        pictures.attachments.iter().map(|a| (a.id.to_string(), a.description.clone())).collect();
    assert_eq!(shown, attached, "the gallery shows both pictures with their alt texts");
    // Either player may ask for a rematch: a new challenge with the same terms.
    let rematch = table.click(table.bob, &last, &button(&last.buttons(), "Rematch")).await;
    assert!(rematch.ephemeral && rematch.content.contains("Rematch"), "{rematch:?}");
    let start = std::time::Instant::now();
    let challenge = loop {
        let found = table
            .double
            .channel_messages(table.channel)
            .into_iter()
            .rev()
            .find(|m| m.buttons().iter().any(|(label, _)| label == "Accept") && m.content.contains("<@"));
        if let Some(found) = found {
            break found;
        }
        assert!(start.elapsed() < support::WAIT, "the rematch challenge never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    assert!(challenge.content.contains(&format!("<@{}>", table.alice)), "Alice is challenged: {}", challenge.content);
    assert!(challenge.content.contains("En Garde (standard)"), "{}", challenge.content);
    // The finished match is gone from Alice's list.
    let list = table.command(table.alice, "matches", json!([])).await;
    assert!(list.content.contains("no unfinished match"), "{list:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarts_mid_match_and_play_continues() {
    let mut table = Table::new().await;
    table.start_match(Some("kengo-normal"), Some(2)).await;
    for _ in 0..3 {
        table.play_turn(prefer(&["Advance"])).await;
    }
    let before = table.latest_board();
    table.kill_bot().await;
    table.start_bot().await;
    // The board posted before the restart still works.
    assert_eq!(table.latest_board().id, before.id);
    let mut turns = 0;
    while table.to_act().is_some() {
        table.play_turn(prefer(AGGRESSIVE)).await;
        turns += 1;
        assert!(turns < 1_000);
    }
    assert!(table.latest_board().text().contains("wins the match"));
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_challenges_are_refused_with_a_reason() {
    let table = Table::new().await;
    let myself = table.challenge(table.alice, table.alice, None, None).await;
    assert!(myself.ephemeral && myself.content.contains("yourself"), "{myself:?}");
    let robot = table.challenge(table.alice, table.robot, None, None).await;
    assert!(robot.ephemeral && robot.content.contains("Bots"), "{robot:?}");
    let bad_variant = table.challenge(table.alice, table.bob, Some("chess"), None).await;
    assert!(bad_variant.ephemeral && bad_variant.content.contains("no variant `chess`"), "{bad_variant:?}");
    // A pending challenge, then a second one.
    let first = table.challenge(table.alice, table.bob, None, Some(3)).await;
    assert!(first.content.contains("first to 3 hits"), "{first:?}");
    let twice = table.challenge(table.bob, table.alice, None, None).await;
    assert!(twice.ephemeral && twice.content.contains("pending challenge"), "{twice:?}");
    // Declined: the buttons are gone and the pair may challenge again.
    let message = first.final_message().await.unwrap();
    let declined = table.click(table.bob, &message, &button(&message.buttons(), "Decline")).await;
    assert!(declined.content.contains("declined") && declined.components.is_empty(), "{declined:?}");
    // A match in progress blocks another challenge.
    table.start_match(None, None).await;
    let busy = table.challenge(table.bob, table.alice, None, None).await;
    assert!(busy.ephemeral && busy.content.contains("unfinished match"), "{busy:?}");
    // In a direct message (which Discord does not offer: a modified client) the commands
    // refuse politely.
    let dm = table
        .double
        .forge_dm_slash_command(table.alice, "engarde", json!([{ "type": 1, "name": "matches", "options": [] }]))
        .await
        .expect("answered");
    assert!(dm.ephemeral, "{dm:?}");
    // Commands: matches, hand, rules.
    let list = table.command(table.alice, "matches", json!([])).await;
    assert!(list.ephemeral && list.content.contains("vs Bob"), "{list:?}");
    let hand = table.command(table.bob, "hand", json!([])).await;
    assert!(hand.ephemeral && hand.content.contains("Your hand"), "{hand:?}");
    let rules =
        table.command(table.carol, "rules", json!([{ "type": 3, "name": "variant", "value": "kengo-advanced" }])).await;
    assert!(rules.ephemeral && rules.content.contains("Kengo (advanced)"), "{rules:?}");
    table.assert_clean();
}

#[test]
fn the_invite_permissions_are_the_ones_documented() {
    use discord_double::perms::*;
    let expected = VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    assert_eq!(support::INVITE_PERMISSIONS, expected);
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains(&format!("permissions={expected}")), "the README's invite link grants {expected}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_thread_permissions_the_boards_go_to_the_channel() {
    use discord_double::perms::*;
    let table = Table::new().await;
    table.double.set_bot_permissions(table.guild, VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | READ_MESSAGE_HISTORY);
    let channel = table.start_match(None, Some(1)).await;
    assert_eq!(channel, table.channel, "no thread could be made");
    assert!(table.double.threads().is_empty());
    let mut turns = 0;
    while table.to_act().is_some() {
        table.play_turn(prefer(AGGRESSIVE)).await;
        turns += 1;
        assert!(turns < 500);
    }
    assert!(table.latest_board().text().contains("wins the match"));
    // Without Attach Files, the boards are drawn in text.
    for board in table.board_messages() {
        assert!(board.attachments.is_empty() && board.embeds[0]["image"].is_null(), "{board:?}");
        assert!(board.text().contains("```"), "the piste in text: {}", board.text());
    }
    // The refused thread and the first picture are the only requests Discord turned down:
    // the bot remembers the channel takes no files.
    let refused = table.double.rejections();
    assert!(refused.iter().all(|r| r.status == 403), "{refused:#?}");
    assert!(refused.len() <= 2, "one refused thread, one refused picture: {refused:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_autocomplete_through_discord() {
    let table = Table::new().await;
    let values = |choices: &[(String, serde_json::Value)]| -> Vec<String> {
        choices.iter().map(|(_, v)| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect()
    };
    let opponent = json!([{ "type": 6, "name": "opponent", "value": table.bob.to_string() }]);

    // /engarde challenge variant: typing "kengo" offers the three Kengo variants…
    let kengo = table.autocomplete(table.alice, "challenge", opponent.clone(), "variant", "kengo").await;
    assert_eq!(values(&kengo), ["kengo-basic", "kengo-normal", "kengo-advanced"], "{kengo:?}");
    // …typing nothing offers every variant (never more than Discord's 25).
    let all = table.autocomplete(table.alice, "challenge", opponent, "variant", "").await;
    let all_values = values(&all);
    assert!(all_values.len() >= 7 && all_values.len() <= 25, "{all:?}");
    for v in ["engarde-standard", "kengo-advanced", "forteresse"] {
        assert!(all_values.iter().any(|x| x == v), "{v} offered: {all:?}");
    }

    // /engarde leaderboard variant: games too.
    let boards = values(&table.autocomplete(table.alice, "leaderboard", json!([]), "variant", "").await);
    assert!(boards.len() <= 25, "{boards:?}");
    for v in ["engarde", "forteresse", "engarde-standard", "kengo-basic"] {
        assert!(boards.iter().any(|x| x == v), "{v} offered: {boards:?}");
    }

    // /engarde hand match: the user's unfinished matches.
    assert!(table.autocomplete(table.alice, "hand", json!([]), "match", "").await.is_empty());
    table.start_match(None, Some(5)).await;
    let matches = table.autocomplete(table.alice, "hand", json!([]), "match", "").await;
    assert_eq!(matches.len(), 1, "{matches:?}");
    assert!(matches[0].0.starts_with('#') && matches[0].0.contains("Bob"), "{matches:?}");
    assert!(matches[0].1.is_i64(), "a match id: {matches:?}");
    assert!(table.autocomplete(table.carol, "hand", json!([]), "match", "").await.is_empty(), "not Carol's");

    // Every answer was a type-8 result Discord accepts.
    let results = table.double.interaction_responses().iter().filter(|r| r.kind == 8).count();
    assert_eq!(results, 6);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_for_servers_only() {
    let table = Table::new().await;
    let commands = table.double.commands(Some(table.guild));
    assert!(commands.len() >= 2, "{commands:#?}");
    for c in &commands {
        assert_eq!(c["contexts"], json!([0]), "{} is server-only: {c}", c["name"]);
    }
    // So Discord does not offer them in a DM with the bot…
    let dm = table.double.dm_channel(table.alice);
    let options = json!([{ "type": 1, "name": "matches", "options": [] }]);
    for name in ["engarde", "engarde-admin"] {
        let offered = table.double.try_slash_command(table.alice, None, dm, name, options.clone()).await;
        assert!(matches!(offered, Err(discord_double::InteractionError::NotInThisContext(_))), "{name}: {offered:?}");
    }
    // …and a modified client that sends one anyway gets a polite private refusal.
    let forged = table.double.forge_dm_slash_command(table.alice, "engarde", options).await.expect("answered");
    assert!(forged.ephemeral && forged.content.contains("server"), "{forged:?}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_with_more_choices_than_buttons_offers_a_select_menu() {
    let table = Table::new().await;
    // With the usual 5 cards a group of actions never holds more than 5 (at most one
    // advance-and-attack per card in hand), so the hands are made larger: a rule option no
    // slash command offers, written into the challenge before it is accepted.
    table.start_match_with_options("engarde-advanced", json!({ "hand_size": 10, "copies": 10 })).await;
    // Advance slowly: at lunging distance a hand of 10 offers more advance-and-attack
    // combinations than a row of 5 buttons holds, so they come in a select menu.
    let mut picked = None;
    for _ in 0..400 {
        let Some(user) = table.to_act() else { break };
        let hand = table.open_hand(user).await;
        let menus: Vec<serde_json::Value> = hand
            .components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 3)
            .collect();
        let before = table.boards().len();
        if let Some(menu) = menus.iter().find(|m| m["options"].as_array().is_some_and(|o| o.len() > 5)) {
            let options = menu["options"].as_array().unwrap();
            assert!(options.len() <= 25, "{menu}");
            assert!(menu["id"].is_u64(), "Discord numbers the menu: {menu}");
            let custom_id = menu["custom_id"].as_str().unwrap();
            let last = options.last().unwrap();
            let (label, value) = (last["label"].as_str().unwrap(), last["value"].as_str().unwrap());
            let done = table.double.select(user, hand.channel_id, hand.message_id.unwrap(), custom_id, &[value]).await;
            assert_eq!(done.kind, 7, "{done:?}");
            assert!(done.content.starts_with("You "), "{done:?}");
            table.wait_for_boards(before + 1).await;
            picked = Some((options.len(), label.to_owned()));
            break;
        }
        let choices = Table::choices(&hand);
        let choice =
            prefer(&["Advance 1", "Advance 2", "Retreat 1", "Advance", "Parry", "Retreat", "Take the hit"])(&choices);
        let done = match &choice {
            Choice::Button(_, id) => table.click_reply(user, &hand, id).await,
            Choice::Option(menu, _, value) => {
                table.double.select(user, hand.channel_id, hand.message_id.unwrap(), menu, &[value.as_str()]).await
            }
        };
        assert!(done.content.starts_with("You "), "{done:?}");
        table.wait_for_boards(before + 1).await;
    }
    let (options, label) = picked.expect("a hand offered a select menu of more than 5 choices");
    eprintln!("picked {label:?} from a select menu of {options} choices");
    table.assert_clean();
}

/// The transcript writer tells each user exactly what the double showed them, in order:
/// the same public messages for everyone (their last version as the double holds them), each
/// ephemeral message only to its owner (every version, as the double kept them), each
/// user's own clicks, and pings only where `allowed_mentions` lets them through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_transcript_tells_each_user_what_they_saw() {
    use serde_json::Value;

    let table = Table::new().await;
    let thread = table.start_match(None, None).await;
    let first_board = table.latest_board();
    let first_to_act = mentioned(&first_board.content).expect("the first board pings");
    table.play_turn(prefer(&["Advance"])).await;
    let board = table.latest_board();
    let refused = table.click(table.carol, &board, &button(&board.buttons(), "Resign")).await;
    assert!(refused.ephemeral, "{refused:?}");

    let dir = tempfile::tempdir().expect("a temporary folder");
    let written = table.write_transcript_to(dir.path(), "transcript").expect("the transcript is written");
    assert_eq!(written.len(), 4, "alice, bob, carol and a spectator: {written:?}");
    let doc = |name: &str| -> Value {
        let text = std::fs::read(dir.path().join(format!("{name}.json"))).expect("the document");
        serde_json::from_slice(&text).expect("the document is JSON")
    };
    let (alice, bob, carol, spectator) = (doc("alice"), doc("bob"), doc("carol"), doc("spectator"));
    let index = doc("index");
    assert_eq!(index["documents"].as_array().map(Vec::len), Some(4), "{index}");
    let entries = |d: &Value| d["entries"].as_array().cloned().unwrap_or_default();
    let id = |u: discord_double::UserId| Value::String(u.to_string());
    let public = |d: &Value| -> Vec<Value> {
        entries(d).into_iter().filter(|e| e["kind"] == "message" && e["ephemeral"] == false).collect()
    };

    for (d, who) in
        [(&alice, Some(table.alice)), (&bob, Some(table.bob)), (&carol, Some(table.carol)), (&spectator, None)]
    {
        assert_eq!(d["schema"], "engarde-transcript/1");
        assert_eq!(d["viewer"]["id"], who.map_or(Value::Null, id), "{}", d["viewer"]);
        let seqs: Vec<u64> = entries(d).iter().filter_map(|e| e["seq"].as_u64()).collect();
        assert!(seqs.windows(2).all(|w| w[0] < w[1]), "entries in order: {seqs:?}");
        for e in entries(d) {
            // Ephemeral messages, forms and clicks belong to the viewer alone.
            if e["ephemeral"] == true {
                assert_eq!(Some(&e["interaction"]["user"]), who.map(id).as_ref(), "someone else's ephemeral: {e}");
            }
            if e["kind"] == "action" {
                assert_eq!(Some(&e["user"]), who.map(id).as_ref(), "someone else's click: {e}");
                assert_eq!(e["answered"], true, "{e}");
            }
            // Edits never ping.
            if e["event"] == "edit" {
                assert_eq!(e["pings"], serde_json::json!([]), "{e}");
            }
        }
        // Everyone sees the same public messages.
        assert_eq!(public(d), public(&spectator), "{}", d["viewer"]);
    }

    // The public story: the challenge (pinging Bob only) in the channel, the thread, then the
    // boards in it; each message's last version is what the double holds.
    let story = public(&spectator);
    let creates: Vec<&Value> = story.iter().filter(|e| e["event"] == "create").collect();
    let challenge = creates.first().expect("the challenge");
    assert_eq!(challenge["channel"], Value::String(table.channel.to_string()));
    assert_eq!(challenge["pings"], serde_json::json!([id(table.bob)]), "{challenge}");
    assert_eq!(challenge["interaction"]["name"], "engarde challenge", "{challenge}");
    let threads: Vec<Value> = entries(&spectator).into_iter().filter(|e| e["kind"] == "thread").collect();
    assert_eq!(threads.first().map(|t| t["channel"].clone()), Some(Value::String(thread.to_string())));
    assert!(threads[0]["seq"].as_u64() > challenge["seq"].as_u64(), "the thread comes after the challenge");
    let in_thread: Vec<&&Value> =
        creates.iter().filter(|e| e["channel"] == Value::String(thread.to_string())).collect();
    assert!(in_thread.len() >= 2, "two boards at least: {in_thread:?}");
    assert_eq!(in_thread[0]["message"], Value::String(first_board.id.to_string()));
    assert_eq!(in_thread[0]["pings"], serde_json::json!([id(first_to_act)]), "the first board pings whoever acts");
    assert!(in_thread[0]["seq"].as_u64() > threads[0]["seq"].as_u64());
    for channel in [table.channel, thread] {
        let held = table.double.channel_messages(channel);
        let told: Vec<&&Value> =
            creates.iter().filter(|e| e["channel"] == Value::String(channel.to_string())).collect();
        assert_eq!(told.len(), held.len(), "every message of {channel} is told once");
        for m in held {
            let last = story.iter().rev().find(|e| e["message"] == Value::String(m.id.to_string())).expect("told");
            assert_eq!(last["content"].as_str(), Some(m.content.as_str()));
            assert_eq!(last["embeds"].as_array(), Some(&m.embeds));
            assert_eq!(last["components"].as_array(), Some(&m.components), "{}", m.id);
        }
    }

    // Each user's ephemeral messages: every version the double kept, in order, and only theirs.
    for (d, user) in [(&alice, table.alice), (&bob, table.bob), (&carol, table.carol)] {
        let told: Vec<(Value, Value)> = entries(d)
            .into_iter()
            .filter(|e| e["ephemeral"] == true && e["event"] != "delete")
            .map(|e| (e["message"].clone(), e["content"].clone()))
            .collect();
        let kept: Vec<(Value, Value)> = table
            .double
            .ephemeral_history_for(user)
            .into_iter()
            .map(|m| (Value::String(m.id.to_string()), Value::String(m.content)))
            .collect();
        assert_eq!(told, kept, "{}'s ephemeral messages", d["viewer"]["name"]);
    }
    assert!(public(&spectator).len() < entries(&alice).len(), "Alice also sees her hand and her clicks");
    assert!(entries(&spectator).iter().all(|e| e["kind"] != "action" && e["ephemeral"] != true));

    // What each did, in order: Alice's challenge first, Bob's Accept, Carol's refused Resign.
    let actions = |d: &Value| -> Vec<Value> { entries(d).into_iter().filter(|e| e["kind"] == "action").collect() };
    let alice_did = actions(&alice);
    assert_eq!(alice_did[0]["type"], "command");
    assert_eq!(alice_did[0]["command"], "/engarde challenge opponent:@Bob", "{}", alice_did[0]);
    assert_eq!(actions(&bob)[0]["label"], "Accept", "{}", actions(&bob)[0]);
    let carol_did = actions(&carol);
    assert_eq!(carol_did.len(), 1, "{carol_did:?}");
    assert_eq!(carol_did[0]["label"], "Resign");
    let carol_saw: Vec<Value> = entries(&carol).into_iter().filter(|e| e["ephemeral"] == true).collect();
    assert_eq!(carol_saw.len(), 1, "{carol_saw:?}");
    assert_eq!(carol_saw[0]["content"].as_str(), Some(refused.content.as_str()));
    assert!(carol_saw[0]["seq"].as_u64() > carol_did[0]["seq"].as_u64(), "the answer follows the click");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_boards_channel_each_match_gets_a_thread_there() {
    let table = Table::new().await;
    let boards = table.double.add_channel(table.guild, "duels");
    let option = json!([{ "type": 7, "name": "board_channel", "value": boards.to_string() }]);
    let saved = table.admin_command(table.dana, "config", option).await;
    assert!(saved.content.contains(&format!("<#{boards}>")), "{saved:?}");
    let thread = table.start_match(None, Some(1)).await;
    let threads = table.double.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    assert_eq!((threads[0].id, threads[0].parent_id), (thread, boards), "a thread of its own, in the boards' channel");
    assert_eq!(threads[0].starter_message, None, "the challenge is in another channel");
    assert!(table.double.channel_messages(boards).iter().all(|m| !support::is_board(m)), "no board beside the thread");
    let hand = table.open_hand(table.to_act().expect("someone to act")).await;
    assert!(hand.ephemeral && !Table::choices(&hand).is_empty(), "{hand:?}");
    table.assert_clean();
}
