//! Hostile users, end to end: tampered components sent by a modified client
//! (`forge_click`) and commands where they do not belong. Each gets a short,
//! private refusal and changes nothing: the stored matches are read before and
//! after from the bot's database. And the bot's own log, at info level, holds
//! no hand and no seed.

mod reliability;
mod support;

use std::time::Duration;

use discord_double::{perms, ChannelId, Fault, FaultAction, InteractionError, MessageId, Reply, UserId};
use serde_json::json;
use support::{play_button, prefer, Table};

const AGGRESSIVE: &[&str] = &["Attack", "Advance 1 + attack", "Advance", "Parry", "Retreat", "Take the hit"];

/// A tampered click: what it is, who sends it, where, the `custom_id`, and words the refusal must hold.
type Case<'a> = (&'a str, UserId, ChannelId, MessageId, String, &'a [&'a str]);

/// The match id and turn of a board, from its Play button (`eg:h:MATCH:TURN`).
fn board_ids(board: &discord_double::RecordedMessage) -> (i64, i64) {
    let play = play_button(board);
    let parts: Vec<&str> = play.split(':').collect();
    (parts[2].parse().unwrap(), parts[3].parse().unwrap())
}

/// A refusal: private, short, not an internal error.
fn assert_refused(what: &str, reply: &Reply, expect: &[&str]) {
    assert!(reply.ephemeral, "{what}: the refusal is private: {reply:?}");
    assert!(reply.kind == 4, "{what}: a new private message, the clicked one untouched: {reply:?}");
    assert!(!reply.content.is_empty() && reply.content.chars().count() <= 300, "{what}: {reply:?}");
    assert!(reply.components.is_empty(), "{what}: no buttons offered: {reply:?}");
    assert!(!reply.content.contains("Sorry"), "{what}: not an internal error: {reply:?}");
    assert!(expect.iter().any(|e| reply.content.contains(e)), "{what}: expected one of {expect:?}: {reply:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tampered_components_and_misplaced_commands_are_refused_and_change_nothing() {
    let table = Table::new().await;
    let eve = table.double.add_user("Eve");
    let finn = table.double.add_user("Finn");
    for u in [eve, finn] {
        table.double.add_member(table.guild, u, perms::MEMBER_DEFAULT);
    }
    // Match 2, elsewhere: Eve and Finn.
    let thread2 = table.start_match_between(eve, finn, None, Some(5), None).await;
    let (m2, turn2) = board_ids(&table.latest_board());
    // Match 1, Alice and Bob, a move in (so that there is a past turn).
    let thread1 = table.start_match(None, Some(5)).await;
    table.play_turn(prefer(&["Advance"])).await;
    let (m1, turn) = board_ids(&table.latest_board());
    assert!(turn >= 1 && m1 != m2);
    let to_act = table.to_act().unwrap();
    let other = if to_act == table.alice { table.bob } else { table.alice };
    let hand = table.open_hand(to_act).await;
    let (_, real) = hand.buttons().into_iter().find(|(_, id)| id.starts_with("eg:a:")).expect("an action");
    let code = real.rsplit(':').next().unwrap().to_owned();
    let prompt = hand.message_id.unwrap();

    // Another server with the bot, where Alice and Bob are members too; a bot message there.
    let guild2 = table.double.add_guild("Other club");
    let channel2 = table.double.add_channel(guild2, "elsewhere");
    table.double.set_bot_permissions(guild2, support::INVITE_PERMISSIONS);
    for u in [table.alice, table.bob, table.carol, table.dana] {
        table.double.add_member(guild2, u, perms::MEMBER_DEFAULT);
    }
    let elsewhere = table
        .double
        .slash_command(
            table.carol,
            guild2,
            channel2,
            "engarde",
            json!([{ "type": 1, "name": "challenge", "options": [{ "type": 6, "name": "opponent", "value": table.dana.to_string() }] }]),
        )
        .await;
    let elsewhere = elsewhere.final_message().await.expect("a challenge message in the other server").id;

    let pool = reliability::open(&table.database_url()).await;
    let before = reliability::matches(&pool).await;
    let boards_before = (table.double.channel_messages(thread1).len(), table.double.channel_messages(thread2).len());

    let forge = |user: UserId, channel: ChannelId, message: MessageId, id: String| {
        let double = &table.double;
        async move { double.forge_click(user, channel, message, &id, None).await.expect("the bot answers") }
    };
    let long = format!("eg:a:{m1}:{turn}:{}", "p1".repeat(50));
    assert!(long.len() > 100);
    let cases: Vec<Case> = vec![
        (
            "another match's move",
            to_act,
            hand.channel_id,
            prompt,
            format!("eg:a:{m2}:{turn2}:{code}"),
            &["not playing"],
        ),
        // Another match's Play button shows its public board, as to any spectator.
        (
            "another match's Play",
            to_act,
            hand.channel_id,
            prompt,
            format!("eg:h:{m2}:{turn2}"),
            &["/engarde challenge"],
        ),
        ("another match's resignation", to_act, hand.channel_id, prompt, format!("eg:ry:{m2}"), &["not playing"]),
        ("the other seat's prompt", other, hand.channel_id, prompt, real.clone(), &["not your turn"]),
        ("a past turn", to_act, hand.channel_id, prompt, format!("eg:a:{m1}:{}:{code}", turn - 1), &["out of date"]),
        ("a future turn", to_act, hand.channel_id, prompt, format!("eg:a:{m1}:{}:{code}", turn + 1), &["out of date"]),
        ("an unknown action code", to_act, hand.channel_id, prompt, format!("eg:a:{m1}:{turn}:z9"), &["not valid"]),
        ("a card that does not exist", to_act, hand.channel_id, prompt, format!("eg:a:{m1}:{turn}:v7"), &["not valid"]),
        ("a draw as one click", to_act, hand.channel_id, prompt, format!("eg:a:{m1}:{turn}:d"), &["not valid"]),
        ("a negative match", to_act, hand.channel_id, prompt, format!("eg:a:-{m1}:{turn}:{code}"), &["not valid"]),
        ("an id over 100 characters", to_act, hand.channel_id, prompt, long, &["not valid"]),
        ("another namespace", to_act, hand.channel_id, prompt, format!("xx:a:{m1}:{turn}:{code}"), &["not valid"]),
        ("a spectator's move", table.carol, hand.channel_id, prompt, real.clone(), &["not playing"]),
        ("a spectator's resignation", table.carol, hand.channel_id, prompt, format!("eg:ry:{m1}"), &["not playing"]),
        (
            "a draw accepted with no offer",
            other,
            hand.channel_id,
            prompt,
            format!("eg:dy:{m1}:{turn}"),
            &["lapsed", "no draw", "not"],
        ),
        (
            "a match that does not exist",
            to_act,
            hand.channel_id,
            prompt,
            format!("eg:a:{}:{turn}:{code}", m1 + 1000),
            &["no match"],
        ),
        (
            "a challenge that does not exist",
            table.carol,
            hand.channel_id,
            prompt,
            "eg:ca:987654".to_owned(),
            &["no longer exists"],
        ),
        ("from another server", to_act, channel2, elsewhere, real.clone(), &["no match"]),
    ];
    let tried = cases.len();
    for (what, user, channel, message, id, expect) in cases {
        let reply = forge(user, channel, message, id).await;
        assert_refused(what, &reply, expect);
    }

    // Select menus with forged values: not a code, an illegal move, nothing, several.
    let menu = format!("eg:s:{m1}:{turn}");
    for (what, values, expect) in [
        ("a forged value", vec!["zz"], &["not valid"][..]),
        ("an illegal move", vec!["p11111"], &["not allowed", "not valid"]),
        ("no value", vec![], &["not valid"]),
    ] {
        let reply =
            table.double.forge_click(to_act, hand.channel_id, prompt, &menu, Some(&values)).await.expect("answered");
        assert_refused(what, &reply, expect);
    }

    // Commands in a direct message.
    let dm_channel = table.double.dm_channel(table.alice);
    for sub in ["hand", "matches", "resign", "challenge"] {
        let options = if sub == "challenge" {
            json!([{ "type": 6, "name": "opponent", "value": table.bob.to_string() }])
        } else {
            json!([])
        };
        let options = json!([{ "type": 1, "name": sub, "options": options }]);
        // Discord does not offer the server-only command in a DM; a modified client sends it.
        let offered = table.double.try_slash_command(table.alice, None, dm_channel, "engarde", options.clone()).await;
        assert!(matches!(offered, Err(InteractionError::NotInThisContext(_))), "{offered:?}");
        let dm = table.double.forge_dm_slash_command(table.alice, "engarde", options).await.expect("answered");
        assert!(dm.ephemeral && dm.content.contains("server"), "/engarde {sub} in a DM: {dm:?}");
    }

    // Nothing changed: the stored matches, the boards, and no challenge was made by a DM.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(reliability::matches(&pool).await, before, "a tampered input changed a match");
    assert_eq!(
        (table.double.channel_messages(thread1).len(), table.double.channel_messages(thread2).len()),
        boards_before,
        "a tampered input posted something"
    );
    eprintln!("{} tampered components and 4 DM commands refused", tried + 3);
    // The real button still works for its owner.
    let done = table.click_reply(to_act, &hand, &real).await;
    assert!(done.content.starts_with("You "), "{done:?}");
    reliability::assert_consistent(&pool).await;
    // Discord accepted every refusal (none too long, all well-formed).
    let refused: Vec<_> = table.double.rejections();
    assert!(refused.is_empty(), "{refused:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_overlong_option_is_refused_within_discords_limits() {
    let table = Table::new().await;
    // Discord lets a string option hold 6000 characters; the refusal must still fit a message.
    let long = "9".repeat(5_000) + "`@everyone";
    let reply = table.challenge_with(table.alice, table.bob, None, None, Some(&long)).await;
    assert!(reply.ephemeral && reply.content.contains("30m, 12h or 2d"), "{reply:?}");
    assert!(reply.content.chars().count() < 200, "{} characters", reply.content.chars().count());
    let reply = table.challenge(table.alice, table.bob, Some(&"x".repeat(5_000)), None).await;
    assert!(reply.ephemeral && reply.content.contains("no variant"), "{reply:?}");
    assert!(reply.content.chars().count() < 500);
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_at_info_level_holds_no_hand_and_no_seed() {
    let table = Table::new_logging("info").await;
    let thread = table.start_match(None, Some(1)).await;
    // Exercise the error paths too: a board that cannot be posted (the deciding click's
    // follow-up in the thread), then reposted (through the channel).
    assert_eq!(table.latest_board().channel_id, thread);
    table.double.add_fault(Fault {
        method: Some("POST".to_owned()),
        path_contains: "/webhooks/".to_owned(),
        action: FaultAction::Error { status: 500, code: 0, message: "Internal Server Error".to_owned() },
        times: 4,
    });
    let user = table.to_act().unwrap();
    let hand = table.open_hand(user).await;
    let choice = prefer(AGGRESSIVE)(&Table::choices(&hand));
    let support::Choice::Button(_, id) = choice else { panic!("a button") };
    table.click_reply(user, &hand, &id).await;
    let start = std::time::Instant::now();
    while table.double.fired_faults().len() < 4 {
        assert!(start.elapsed() < support::WAIT);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    table.advance(11);
    table.wait_for_boards(2).await;
    let mut turns = 0;
    while table.to_act().is_some() {
        table.play_turn(prefer(AGGRESSIVE)).await;
        turns += 1;
        assert!(turns < 500);
    }
    // Tampered and refused input is logged too: still nothing secret.
    let _ = table.command(table.carol, "hand", json!([])).await;

    let log = table.bot_log();
    assert!(log.contains("connected to Discord"), "the log was captured: {log}");
    assert!(log.contains("could not post a board") && log.contains("publishing an owed board"), "{log}");
    let lower = log.to_lowercase();
    for secret_word in ["seed", "hand", "pile", "deck", "\"state\""] {
        assert!(!lower.contains(secret_word), "the log mentions `{secret_word}`: {log}");
    }
    let pool = reliability::open(&table.database_url()).await;
    for (id, m) in reliability::matches(&pool).await {
        let state: serde_json::Value = serde_json::from_str(&m.state).unwrap();
        let seed = state["seed"].as_u64().expect("a seed").to_string();
        assert!(!log.contains(&seed), "match {id}'s seed {seed} is in the log");
    }
    let hands = table.hands_seen.lock().unwrap().clone();
    assert!(!hands.is_empty());
    for hand in hands {
        let cards = hand.trim_start_matches("**Your hand:**").trim().to_owned();
        assert!(!log.contains(&cards), "a hand ({cards}) is in the log");
    }
}
