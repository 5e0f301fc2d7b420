//! End to end: Ready... Fence! played by two users through the real bot and the Discord
//! double: a whole basic bout from the challenge to the last touch (opening with a parry
//! without a card), an advanced phrase with a Feint, a period change, every mode played to
//! its end, and spectators and stale clicks refused.
//!
//! Deals that a scene needs are fixed by writing the match's stored state (which is its match
//! record) with a `deck` order while the bot is stopped, right after the challenge is
//! accepted: the bot reads it back, replayed and so validated, when it starts again.

mod support;

use std::cell::Cell;

use discord_double::{Reply, UserId};
use engarde_rules::readyfence::{mode_deck, table, Card, Options, Variant};
use serde_json::{json, Value};
use support::{button, play_button, Choice, Table};

/// The faces of a mode's shuffled deck: `first` (top first), then the rest in table order.
fn deck(variant: Variant, first: &[&str]) -> Vec<String> {
    let t = table();
    let mut rest: Vec<Card> = mode_deck(variant, &Options::default())
        .into_iter()
        .filter(|&id| variant != Variant::Basic || !t.copy(id).yellow)
        .map(|id| t.card(id))
        .collect();
    let mut out = Vec::new();
    for name in first {
        let card: Card = name.parse().expect("a card");
        let at = rest.iter().position(|&c| c == card).unwrap_or_else(|| panic!("{name} is not left in the deck"));
        rest.remove(at);
        out.push(card.to_string());
    }
    out.extend(rest.iter().map(ToString::to_string));
    out
}

/// Replaces the new match's deal (nothing played yet) by `deck`, Alice (Green) first.
async fn fix_deal(table: &mut Table, variant: Variant, options: Value, deck: Vec<String>) {
    table.kill_bot().await;
    let record = json!({
        "format": 1,
        "game": "ready-fence",
        "variant": variant.as_str(),
        "options": options,
        "first_player": "a",
        "seed": 7,
        "deck": deck,
        "actions": [],
    });
    let pool = sqlx::SqlitePool::connect(&table.database_url()).await.expect("the bot's database opens");
    let changed = sqlx::query("UPDATE matches SET state = ? WHERE status = 'active' AND version = 0")
        .bind(record.to_string())
        .execute(&pool)
        .await
        .expect("the match's state is written");
    assert_eq!(changed.rows_affected(), 1, "one new match");
    pool.close().await;
    table.start_bot().await;
}

/// `user` opens their prompt and takes the choice labelled `label` (a button or a menu
/// option); returns the prompt as updated ("You …") and the new board's text.
async fn choose(table: &Table, user: UserId, label: &str) -> (Reply, String) {
    let before = table.boards().len();
    let hand = table.open_hand(user).await;
    let choices = Table::choices(&hand);
    let choice = choices
        .iter()
        .find(|c| c.label() == label)
        .unwrap_or_else(|| panic!("`{label}` is not offered: {choices:?}\n{}", hand.content))
        .clone();
    let done = match &choice {
        Choice::Button(_, id) => table.click_reply(user, &hand, id).await,
        Choice::Option(menu, _, value) => {
            table.double.select(user, hand.channel_id, hand.message_id.unwrap(), menu, &[value.as_str()]).await
        }
    };
    assert!(done.content.starts_with("You "), "{done:?}");
    let board = table.wait_for_boards(before + 1).await;
    (done, board.text())
}

/// A policy that plays a bout forward: keeps hands, attacks when it can, closes in, and
/// answers attacks with its first choice or, every other time, concedes (so bouts end).
/// Every seventh decision it takes another of its choices in turn instead: on some deals
/// (matches are dealt at random) "close in, else the first choice" alone goes round in
/// circles, both players moving and passing with no card played and the timer stopped.
fn attacking() -> impl Fn(&[Choice]) -> Choice {
    let answers = Cell::new(0u32);
    let calls = Cell::new(0usize);
    move |choices: &[Choice]| {
        calls.set(calls.get() + 1);
        if calls.get() % 7 == 0 {
            return choices[(calls.get() / 7) % choices.len()].clone();
        }
        let find = |prefix: &str| choices.iter().find(|c| c.label().starts_with(prefix)).cloned();
        if let Some(c) = find("Keep this hand").or_else(|| find("Attack:")).or_else(|| find("Move forward")) {
            return c;
        }
        if let Some(concede) = find("Concede the touch") {
            answers.set(answers.get() + 1);
            if answers.get() % 2 == 0 {
                return concede;
            }
        }
        choices[0].clone()
    }
}

/// The alt text of the latest board's picture (what the picture shows, in words).
fn picture_alt(table: &Table) -> String {
    let board = table.latest_board();
    board.attachments.first().and_then(|a| a.description.clone()).expect("the board's picture has alt text")
}

/// Plays with `policy` until nobody is to act; returns how many decisions were taken.
async fn play_out(table: &Table, policy: impl Fn(&[Choice]) -> Choice) -> usize {
    let mut decisions = 0;
    while table.to_act().is_some() {
        table.play_turn(&policy).await;
        decisions += 1;
        assert!(decisions < 600, "the bout never ended:\n{}", table.latest_board().text());
    }
    decisions
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_basic_bout_from_the_challenge_to_the_last_touch_with_a_parry_without_a_card() {
    let mut table = Table::new().await;
    let challenge = table.challenge(table.alice, table.bob, Some("ready-fence-basic"), None).await;
    assert!(challenge.content.contains("**Ready... Fence! (basic)**, first to 5 points, 1 period"), "{challenge:?}");
    let message = challenge.final_message().await.unwrap();
    table.click(table.bob, &message, &button(&message.buttons(), "Decline")).await;
    table.start_match(Some("ready-fence-basic"), None).await;
    let first = table.latest_board();
    assert!(first.content.contains("En garde!") && first.content.contains("mulligan"), "{}", first.content);
    // Alice holds two parries and a Stop Hit; Bob only attacks (and his yellow Straight Thrust 3).
    let alice = ["parry_riposte:5", "stop_hit:5", "straight_thrust:4", "beat_thrust:4", "parry_riposte:4"];
    let bob = ["beat_thrust:5", "straight_thrust:5", "toe_touch:5", "fleche:5", "fleche:6"];
    let order = deck(Variant::Basic, &[&alice[..], &bob[..]].concat());
    fix_deal(&mut table, Variant::Basic, json!({}), order).await;

    // The first prompt: the hand in one line, and only the legal choices; what each card
    // does comes on demand, in a message of its own.
    let prompt = table.open_hand(table.alice).await;
    assert!(prompt.content.contains("**Your hand:** `Straight Thrust 3`"), "{}", prompt.content);
    assert!(!prompt.content.contains("parries"), "no card's rules on the prompt: {}", prompt.content);
    assert!(prompt.content.chars().count() <= 600 && prompt.components.len() <= 3, "{prompt:?}");
    assert!(prompt.content.contains("**Mulligan**"), "{}", prompt.content);
    let rules = table.click_reply(table.alice, &prompt, &button(&prompt.buttons(), "📖 Card rules")).await;
    assert!(rules.ephemeral && rules.kind == 4, "a new private message: {rules:?}");
    assert!(rules.content.contains("• **Parry-Riposte 5** · speed 5 · SP 1 · blue, parry: parries"), "{rules:?}");
    let (menu, _, _) = rules.select_options().into_iter().next().expect("the menu of every card");
    let toe =
        table.double.select(table.alice, rules.channel_id, rules.message_id.unwrap(), &menu, &["toe_touch"]).await;
    assert!(
        toe.kind == 7 && toe.content.contains("**Toe-touch**") && toe.content.contains("cannot be parried"),
        "{toe:?}"
    );
    let labels: Vec<String> = Table::choices(&prompt).iter().map(|c| c.label().to_owned()).collect();
    assert_eq!(labels, ["Take the mulligan", "Keep this hand"]);
    let out_of_turn = table.open_hand(table.bob).await;
    assert!(out_of_turn.content.contains("Waiting for Alice"), "{}", out_of_turn.content);
    assert!(Table::choices(&out_of_turn).is_empty(), "nothing offered out of turn");

    choose(&table, table.alice, "Keep this hand").await;
    let (_, board) = choose(&table, table.bob, "Keep this hand").await;
    assert!(board.contains("your turn: two actions"), "{board}");
    assert!(board.contains("long (2 empty blocks)"), "{board}");
    let alt = picture_alt(&table);
    assert!(alt.contains("blue on block 4, orange on block 7"), "the picture shows the fencers on guard: {alt}");
    // Alice's turn: the game actions of a turn, then an attack after one of them.
    let turn = table.open_hand(table.alice).await;
    let labels: Vec<String> = Table::choices(&turn).iter().map(|c| c.label().to_owned()).collect();
    for expected in ["Move forward", "Move back", "Stall (+2 SP)", "Weapon: invitation", "Weapon: engagement"] {
        assert!(labels.iter().any(|l| l == expected), "{expected} among {labels:?}");
    }
    assert!(labels.iter().any(|l| l.starts_with("Discard ")), "Discard/Draw is offered: {labels:?}");
    assert!(!labels.iter().any(|l| l.starts_with("Attack:")), "no attack out of distance: {labels:?}");
    let (moved, board) = choose(&table, table.alice, "Move forward").await;
    assert!(board.contains("moves to block 5") && board.contains("your turn goes on"), "{board}");
    assert!(board.contains("lunge (1 empty block)"), "{board}");
    // Her turn goes on: the next prompt replaces the one she clicked, and she attacks from it.
    assert!(moved.content.starts_with("You moved forward.\n") && moved.content.contains("**Your turn goes on**"));
    let attack = Table::choices(&moved)
        .into_iter()
        .find_map(|c| match c {
            Choice::Button(label, id) if label == "Attack: Straight Thrust 4" => Some(id),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no attack offered in place: {moved:?}"));
    assert!(!Table::choices(&moved).iter().any(|c| c.label() == "Stall (+2 SP)"), "no Stall after an action");
    let before = table.boards().len();
    let done = table.click_reply(table.alice, &moved, &attack).await;
    assert_eq!(done.content, "You attacked with Straight Thrust 4.", "the phrase passes to Bob: no prompt");
    let board = table.wait_for_boards(before + 1).await.text();
    assert!(board.contains("opens a phrase with **Straight Thrust 4** at speed **4**"), "{board}");
    assert!(board.contains("answer Straight Thrust 4 at speed 4"), "{board}");
    assert!(
        board.contains("1. G 🟦 Alice, attack: Straight Thrust 4 → speed **4**"),
        "the phrase, card by card: {board}"
    );

    // Bob holds no card that answers: he may parry without a card, break distance, or concede.
    let answer = table.open_hand(table.bob).await;
    let labels: Vec<String> = Table::choices(&answer).iter().map(|c| c.label().to_owned()).collect();
    assert_eq!(labels, ["Parry without a card", "Defence by Distance", "Concede the touch"], "{}", answer.content);
    assert!(
        answer.content.contains("**Answer** Straight Thrust 4 at speed 4: without a card, or concede"),
        "{answer:?}"
    );
    eprintln!("ready-fence-basic, a board:\n{board}\n\na prompt:\n{}\n", answer.text());
    let (done, board) = choose(&table, table.bob, "Parry without a card").await;
    // The phrase is over and the turn is Bob's: his turn's prompt follows in place.
    assert!(done.content.starts_with("You parried without a card.\n"), "{done:?}");
    assert!(done.content.contains("**Your turn**") && Table::choices(&done).len() > 3, "{done:?}");
    assert!(board.contains("parries without a card at speed **4** (2 SP)"), "{board}");
    assert!(board.contains("The phrase ends with no point."), "{board}");
    assert!(board.contains("stamina 4"), "Bob paid 2 of his 6: {board}");

    let decisions = play_out(&table, attacking()).await;
    let last = table.latest_board();
    let text = last.text();
    assert!(text.contains("wins the bout"), "{text}");
    assert!(support::is_final(&last), "a finished board offers only Rematch and Record");
    eprintln!("Ready... Fence! basic: {decisions} decisions after the first phrase; the last board:\n{text}");
    table.assert_clean();

    // Ratings, history and the record's export work as for the other games.
    let history = table.command(table.alice, "history", json!([])).await;
    assert!(history.text().contains("Ready... Fence!"), "{history:?}");
    let stats = table.command(table.bob, "stats", json!([])).await;
    assert!(stats.text().contains("Ready... Fence!"), "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_advanced_phrase_with_a_feint() {
    let mut table = Table::new().await;
    table.start_match(Some("ready-fence-advanced"), None).await;
    let alice = ["beat_thrust:4", "feint", "straight_thrust:6", "stop_hit:4", "straight_thrust:4", "disengage:4"];
    let bob = ["parry_riposte:5", "parry_riposte:4", "straight_thrust:3", "beat_thrust:5", "stop_hit:5", "flick:4"];
    let order = deck(Variant::Advanced, &[&alice[..], &bob[..]].concat());
    fix_deal(&mut table, Variant::Advanced, json!({}), order).await;
    choose(&table, table.alice, "Keep this hand").await;
    choose(&table, table.bob, "Keep this hand").await;
    let turn = table.open_hand(table.alice).await;
    let rules = table.click_reply(table.alice, &turn, &button(&turn.buttons(), "📖 Card rules")).await;
    assert!(rules.content.contains("• **Feint** · SP 0 · orange, bonus: after your first attack"), "{}", rules.content);
    assert!(
        Table::choices(&turn).iter().any(|c| c.label() == "Retreat 2 blocks"),
        "the advanced game's retreat: {:?}",
        Table::choices(&turn)
    );
    choose(&table, table.alice, "Move forward").await;
    // Beat Thrust 4 gains 1 against Bob's point-in-line.
    let (_, board) = choose(&table, table.alice, "Attack: Beat Thrust 4").await;
    assert!(board.contains("1. G 🟦 Alice, attack: Beat Thrust 4 → speed **5**"), "{board}");
    let (_, board) = choose(&table, table.bob, "Parry-Riposte 5").await;
    assert!(board.contains("parries with **Parry-Riposte 5** at speed **5**"), "{board}");
    assert!(board.contains("2. R 🟧 Bob, parry: Parry-Riposte 5 → speed **5**"), "{board}");
    assert!(board.contains("your attack was stopped: renew it, feint, or pass"), "{board}");
    let feint = table.open_hand(table.alice).await;
    let labels: Vec<String> = Table::choices(&feint).iter().map(|c| c.label().to_owned()).collect();
    assert!(labels.contains(&"Feint into Straight Thrust 6".to_owned()), "{labels:?}");
    assert!(labels.contains(&"Feint: stop the phrase".to_owned()) && labels.contains(&"Pass".to_owned()), "{labels:?}");
    let (done, board) = choose(&table, table.alice, "Feint into Straight Thrust 6").await;
    assert_eq!(done.content, "You feinted into Straight Thrust 6.");
    // Straight Thrust 6 against the parry's 5: Alice scores.
    assert!(board.contains("feints into **Straight Thrust 6** at speed **6**"), "{board}");
    assert!(board.contains("Touch for **Alice**") && board.contains("**🟦 Alice** 1 – 0 **🟧 Bob**"), "{board}");
    assert!(board.contains("go back on guard"), "{board}");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_period_bout_changes_period_when_the_timer_runs_out() {
    let table = Table::new().await;
    // `hits` is the target in points; the basic game plays to 5 or 10.
    let refused = table.challenge(table.alice, table.bob, Some("ready-fence-basic"), Some(15)).await;
    assert!(refused.ephemeral && refused.content.contains("not played to 15 points (it may be: 5, 10)"), "{refused:?}");
    table.start_match(Some("ready-fence-basic"), Some(10)).await;
    let first = table.latest_board();
    assert!(first.text().contains("1 of 2") && first.text().contains("12 cards left"), "{}", first.text());
    // Burn the timer: stall when allowed, else discard and draw, and step about.
    let policy = |choices: &[Choice]| {
        for prefix in ["Keep this hand", "Stall", "Discard ", "Move forward", "Move back", "Weapon:"] {
            if let Some(c) = choices.iter().find(|c| c.label().starts_with(prefix)) {
                return c.clone();
            }
        }
        choices[0].clone()
    };
    let mut decisions = 0;
    loop {
        let (_, _, board) = table.play_turn(policy).await;
        decisions += 1;
        if board.content.contains("Period 2 begins") {
            let text = board.text();
            assert!(text.contains("Period 1 is over."), "{text}");
            assert!(text.contains("2 of 2") && text.contains("12 cards left"), "a new timer: {text}");
            let alt = picture_alt(&table);
            assert!(alt.contains("blue on block 4, orange on block 7"), "fencers on guard: {alt}");
            break;
        }
        assert!(decisions < 80, "the period never ended: {}", board.text());
    }
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tutorial_and_the_advanced_game_play_to_their_end() {
    let table = Table::new().await;
    for variant in ["ready-fence-tutorial", "ready-fence-advanced"] {
        table.start_match(Some(variant), None).await;
        // Both keep, then the first turn's first action: show what each player sees.
        let policy = attacking();
        for _ in 0..3 {
            table.play_turn(&policy).await;
        }
        let user = table.to_act().expect("a turn goes on");
        let prompt = table.open_hand(user).await;
        assert!(prompt.content.contains("**Your hand:**") && !Table::choices(&prompt).is_empty(), "{prompt:?}");
        eprintln!("{variant}, a board:\n{}\n\na prompt:\n{}\n", table.latest_board().text(), prompt.text());
        let decisions = 3 + play_out(&table, policy).await;
        let text = table.latest_board().text();
        assert!(text.contains("wins the bout") || text.contains("drawn"), "{variant}: {text}");
        eprintln!("{variant}: {decisions} decisions");
    }
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_and_stale_clicks_are_refused() {
    let table = Table::new().await;
    let rules = table
        .command(table.carol, "rules", json!([{ "type": 3, "name": "variant", "value": "ready-fence-advanced" }]))
        .await;
    let expected = engarde::discord::render::split_message(&engarde::present::readyfence::rules_summary(
        engarde::i18n::Lang::En,
        Variant::Advanced,
    ));
    let mut pages = vec![rules.content.clone()];
    pages.extend(rules.wait_followups(expected.len() - 1, support::WAIT).await.into_iter().map(|m| m.content));
    assert_eq!(pages, expected, "the whole text, in order");
    let all = pages.join("\n");
    assert!(rules.ephemeral && pages.len() >= 2, "the rules and the cards take several messages: {pages:?}");
    assert!(pages.iter().all(|p| p.chars().count() <= 2000), "{pages:?}");
    for card in ["**Straight Thrust**", "**Feint in Time**", "**Joker**", "**Feint**", "**Renewed Attack**"] {
        assert!(all.contains(card), "{card} is explained: {all}");
    }

    table.start_match(Some("ready-fence-basic"), None).await;
    let board = table.latest_board();
    let alice_first = support::mentioned(&board.content) == Some(table.alice);
    let (first, second) = if alice_first { (table.alice, table.bob) } else { (table.bob, table.alice) };

    // A spectator can neither open a prompt nor act for a player.
    let spectator = table.click(table.carol, &board, &play_button(&board)).await;
    assert!(spectator.ephemeral && spectator.content.contains("/engarde challenge"), "{spectator:?}");
    let prompt = table.open_hand(first).await;
    let keep = Table::choices(&prompt)
        .into_iter()
        .find_map(|c| match c {
            Choice::Button(label, id) if label == "Keep this hand" => Some(id),
            _ => None,
        })
        .expect("a Keep button");
    let forged = table
        .double
        .forge_click(table.carol, prompt.channel_id, prompt.message_id.unwrap(), &keep, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("not playing"), "{forged:?}");
    // Nor can the other player act out of turn.
    let forged = table
        .double
        .forge_click(second, prompt.channel_id, prompt.message_id.unwrap(), &keep, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("not your turn"), "{forged:?}");
    // Nor can the player to act take a decision not offered (a move before the mulligan).
    let forged_move = keep.replace(":Rk", ":Rf");
    assert_ne!(forged_move, keep);
    let forged = table
        .double
        .forge_click(first, prompt.channel_id, prompt.message_id.unwrap(), &forged_move, None)
        .await
        .expect("the bot answers");
    assert!(forged.ephemeral && forged.content.contains("not allowed"), "{forged:?}");
    assert_eq!(table.boards().len(), 1, "nothing happened");

    // Two prompts open; the decision taken in one makes the other stale.
    let again = table.open_hand(first).await;
    let done = table.click_reply(first, &again, &keep).await;
    assert!(done.content.starts_with("You kept"), "{done:?}");
    table.wait_for_boards(2).await;
    let stale = table.click_reply(first, &prompt, &keep).await;
    assert!(stale.ephemeral && stale.content.contains("out of date"), "{stale:?}");
    // The old board's Play button, from a client that still shows it.
    let old = table
        .double
        .forge_click(second, board.channel_id, board.id, &play_button(&board), None)
        .await
        .expect("the bot answers");
    assert!(old.content.contains("That board is out of date"), "{old:?}");
    assert_eq!(table.boards().len(), 2, "the stale click did nothing");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_resignation_and_deadlines_work_as_for_the_other_games() {
    let table = Table::new().await;
    // A draw offered on the board and accepted.
    let thread = table.start_match(Some("ready-fence-advanced"), None).await;
    let board = table.latest_board();
    let offer = table.click(table.alice, &board, &button(&board.buttons(), "Offer draw")).await;
    assert!(offer.ephemeral && offer.content.contains("offered a draw"), "{offer:?}");
    let messages =
        table.wait_for_messages(thread, "the offer", |m| m.iter().any(|m| m.content.contains("offers a draw"))).await;
    let message = messages.into_iter().find(|m| m.content.contains("offers a draw")).unwrap();
    table.click(table.bob, &message, &button(&message.buttons(), "Accept draw")).await;
    let last = table.wait_for_boards(2).await;
    assert!(last.text().contains("agree to a draw") && last.text().contains("Drawn"), "{}", last.text());

    // A resignation in the middle of a phrase.
    table.start_match(Some("ready-fence-basic"), None).await;
    let policy = attacking();
    while !table.latest_board().content.contains("answer ") {
        table.play_turn(&policy).await;
    }
    let defender = table.to_act().unwrap();
    let board = table.latest_board();
    let ask = table.click(defender, &board, &button(&board.buttons(), "Resign")).await;
    let before = table.boards().len();
    let done = table.click_reply(defender, &ask, &button(&ask.buttons(), "Resign")).await;
    assert!(done.content.contains("resigned"), "{done:?}");
    let last = table.wait_for_boards(before + 1).await;
    assert!(last.text().contains("wins the bout by resignation"), "{}", last.text());

    // A deadline let pass: the late player loses by timeout.
    table.start_match_between(table.alice, table.bob, Some("ready-fence-tutorial"), None, Some("1h")).await;
    let late = table.to_act().unwrap();
    table.advance(3_601);
    let last = table.wait_for_boards(2).await;
    let loser = if late == table.alice { "Alice" } else { "Bob" };
    assert!(last.content.contains(&format!("**{loser}** let the deadline pass")), "{}", last.content);
    assert!(support::is_final(&last), "{last:?}");
    table.assert_clean();

    // Stats and history count Ready... Fence! as its own game.
    let stats = table.command(table.alice, "stats", json!([])).await;
    assert!(stats.text().contains("Ready... Fence!"), "{}", stats.text());
}
