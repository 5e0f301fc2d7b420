//! Tournaments end to end (issue #27): the real bot against the Discord double. A whole
//! Swiss of 7 players (a late join, a forfeit on time, a withdrawal, a restart mid-round,
//! the clock moved between rounds) and a round robin of 4, played by users who click and
//! type what they see; the standings read as posted and checked against values worked out
//! by hand; and the refusals (a non-manager, joining twice, a forged Join button, joining a
//! closed event).

mod support;

use std::time::{Duration, Instant};

use discord_double::{perms, ChannelId, RecordedMessage, Reply, UserId};
use serde_json::{json, Value};
use support::{Table, WAIT};

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// `/engarde tournament <sub> <options>` by `user` in the table's channel.
async fn tournament(t: &Table, user: UserId, sub: &str, options: Value) -> Reply {
    let options =
        json!([{ "type": 2, "name": "tournament", "options": [{ "type": 1, "name": sub, "options": options }] }]);
    t.double.slash_command(user, t.guild, t.channel, "engarde", options).await
}

/// The `format` option of `/engarde tournament create` for `choice` (`swiss` or
/// `round-robin`), with the type and value the bot registered for it.
fn format_option(t: &Table, choice: &str) -> Value {
    let commands = t.double.commands(Some(t.guild));
    let engarde = commands.iter().find(|c| c["name"] == "engarde").expect("/engarde");
    let find = |v: &Value, name: &str| -> Value {
        v["options"].as_array().unwrap().iter().find(|o| o["name"] == name).cloned().unwrap_or_else(|| panic!("{name}"))
    };
    let option = find(&find(&find(engarde, "tournament"), "create"), "format");
    let value = option["choices"].as_array().unwrap().iter().find(|c| c["name"] == choice).expect("the choice")
        ["value"]
        .clone();
    json!({ "type": option["type"], "name": "format", "value": value })
}

/// Adds members named `names` to the table's server.
fn members(t: &Table, names: &[&str]) -> Vec<UserId> {
    names
        .iter()
        .map(|name| {
            let user = t.double.add_user(name);
            t.double.add_member(t.guild, user, perms::MEMBER_DEFAULT);
            user
        })
        .collect()
}

/// Waits a little longer than usual (the scheduler runs every 50 ms; a round's threads go
/// through Discord's per-channel thread limit).
async fn wait_long(what: &str, mut check: impl FnMut() -> bool) {
    let start = Instant::now();
    while !check() {
        assert!(start.elapsed() < WAIT * 4, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The announcement of event `id`.
fn announcement(t: &Table, id: i64) -> Option<RecordedMessage> {
    let join = format!("eg:tj:{id}");
    t.double.channel_messages(t.channel).into_iter().find(|m| {
        m.content.contains(&format!("(tournament #{id})"))
            && (m.buttons().iter().any(|(_, c)| *c == join) || m.edits > 0)
    })
}

/// The event's thread (grown from its announcement).
fn event_thread(t: &Table, announcement: &RecordedMessage) -> ChannelId {
    t.double
        .threads()
        .into_iter()
        .find(|th| th.starter_message == Some(announcement.id))
        .map(|th| th.id)
        .expect("the event has its thread")
}

/// The pairings of round `round` as posted in the event's thread: (first, second, match id).
async fn round_pairings(t: &Table, thread: ChannelId, round: u32) -> Vec<(String, String, i64)> {
    let header = format!("round {round}** has begun");
    let message = wait_long_for(t, thread, &header).await;
    let line = regex::Regex::new(r"• (\S+) vs (\S+) \(match #(\d+)\)").unwrap();
    line.captures_iter(&message.content).map(|c| (c[1].to_owned(), c[2].to_owned(), c[3].parse().unwrap())).collect()
}

async fn wait_long_for(t: &Table, channel: ChannelId, text: &str) -> RecordedMessage {
    let mut found = None;
    wait_long(text, || {
        found = t.double.channel_messages(channel).into_iter().find(|m| m.content.contains(text));
        found.is_some()
    })
    .await;
    found.unwrap()
}

/// `user` resigns match `id` (the command, then the confirmation), and the match's final
/// board comes.
async fn resign(t: &Table, user: UserId, id: i64) {
    let ask = t.command(user, "resign", json!([{ "type": 4, "name": "match", "value": id }])).await;
    let done = t.click_reply(user, &ask, &format!("eg:ry:{id}")).await;
    assert!(done.content.contains("You resigned"), "{done:?}");
}

/// How many match threads round `round` has.
fn match_threads(t: &Table, round: u32) -> usize {
    t.double.threads().iter().filter(|th| th.name.contains(&format!("· R{round}:"))).count()
}

/// Waits until round `round` has `n` match threads, each with its board.
async fn wait_round_posted(t: &Table, round: u32, n: usize) {
    let posted = || {
        let threads: Vec<_> =
            t.double.threads().into_iter().filter(|th| th.name.contains(&format!("· R{round}:"))).collect();
        threads.len() == n && threads.iter().all(|th| t.double.channel_messages(th.id).iter().any(support::is_board))
    };
    let start = Instant::now();
    while !posted() {
        let threads: Vec<_> = t
            .double
            .threads()
            .into_iter()
            .map(|th| {
                (th.name.clone(), t.double.channel_messages(th.id).iter().filter(|m| support::is_board(m)).count())
            })
            .collect();
        assert!(start.elapsed() < WAIT * 4, "round {round}: waited in vain for {n} threads with boards: {threads:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_swiss_of_seven_played_on_discord() {
    let mut t = Table::new().await;
    let others = members(&t, &["Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"]);
    // P1…P7 in sign-up order; P8 joins late.
    let players = [t.alice, t.bob, t.carol, others[0], others[1], others[2], others[3]];
    let names = ["Alice", "Bob", "Carol", "Erin", "Frank", "Grace", "Heidi", "Ivan"];
    let user_of = |name: &str| -> UserId {
        let i = names.iter().position(|n| *n == name).unwrap_or_else(|| panic!("unknown player {name}"));
        if i < 7 {
            players[i]
        } else {
            others[4]
        }
    };
    let number = |name: &str| names.iter().position(|n| *n == name).unwrap() + 1;
    let create = json!([
        { "type": 3, "name": "name", "value": "Autumn Cup" },
        format_option(&t, "swiss"),
        { "type": 4, "name": "rounds", "value": 3 },
        { "type": 3, "name": "turn_time", "value": "1h" },
        { "type": 3, "name": "round_time", "value": "1d" },
        { "type": 4, "name": "max_players", "value": 8 },
        { "type": 3, "name": "signup", "value": "1h" },
    ]);
    // A member who cannot manage the server creates nothing.
    let refused = tournament(&t, t.alice, "create", create.clone()).await;
    assert!(refused.ephemeral && refused.content.contains("Only server managers"), "{refused:?}");
    let made = tournament(&t, t.dana, "create", create).await;
    assert!(made.content.contains("Tournament #1") && made.ephemeral, "{made:?}");
    wait_long("the announcement", || announcement(&t, 1).is_some()).await;
    let posted = announcement(&t, 1).unwrap();
    assert!(posted.content.contains("Players (0/8)"), "{}", posted.content);
    let thread = event_thread(&t, &posted);

    for (i, &user) in players.iter().enumerate() {
        let reply = t.click(user, &posted, "eg:tj:1").await;
        assert!(reply.ephemeral && reply.content.contains("You are signed up"), "{i}: {reply:?}");
    }
    // The announcement lists them, edited in place.
    wait_long("seven players on the announcement", || {
        t.double.message(posted.id).is_some_and(|m| m.content.contains("Players (7/8)") && m.content.contains("Heidi"))
    })
    .await;
    // Joining twice, a forged button for an event that does not exist, a non-manager's start.
    let twice = t.click(t.carol, &posted, "eg:tj:1").await;
    assert!(twice.content.contains("already signed up"), "{twice:?}");
    let forged = t.double.forge_click(others[5], t.channel, posted.id, "eg:tj:77", None).await.unwrap();
    assert!(forged.ephemeral && forged.content.contains("no such tournament"), "{forged:?}");
    let start = tournament(&t, t.alice, "start", json!([])).await;
    assert!(start.content.contains("Only server managers"), "{start:?}");
    let standings = tournament(&t, t.bob, "mine", json!([])).await;
    assert!(standings.content.contains("sign-ups close"), "{standings:?}");

    // Sign-ups close: round 1 starts by itself, each match in its own thread.
    t.advance(HOUR);
    let r1 = round_pairings(&t, thread, 1).await;
    assert_eq!(r1.len(), 3);
    wait_round_posted(&t, 1, 3).await;
    // A late join, from the announcement's button.
    let late = t.click(others[4], &posted, "eg:tj:1").await;
    assert!(late.content.contains("paired from round 2"), "{late:?}");

    // Round 1: the first match is lost on time by its first player (to move first); in the
    // others the higher number resigns.
    for (a, b, id) in &r1[1..] {
        let loser = if number(a) > number(b) { a } else { b };
        resign(&t, user_of(loser), *id).await;
    }
    t.advance(HOUR);
    let r2 = round_pairings(&t, thread, 2).await;
    wait_long_for(&t, thread, "standings after round 1").await;
    assert_eq!(r2.len(), 4, "eight players in round 2: {r2:?}");
    wait_round_posted(&t, 2, 4).await;
    // Round 2 has started: the announcement has no buttons left, and a forged Join is
    // refused.
    wait_long("the announcement without buttons", || {
        t.double.message(posted.id).is_some_and(|m| m.buttons().is_empty())
    })
    .await;
    let closed = t.double.forge_click(others[5], t.channel, posted.id, "eg:tj:1", None).await.unwrap();
    assert!(closed.ephemeral && closed.content.contains("closed to new players"), "{closed:?}");

    // Round 2: Ivan withdraws (his live match is lost); the bot restarts mid-round; then the
    // higher numbers resign but in the first remaining match, which the clock decides.
    let left = tournament(&t, others[4], "leave", json!([])).await;
    assert!(left.content.contains("withdrawn"), "{left:?}");
    let remaining: Vec<_> = r2.iter().filter(|(a, b, _)| a != "Ivan" && b != "Ivan").cloned().collect();
    t.kill_bot().await;
    t.start_bot().await;
    let mine = tournament(&t, user_of(&remaining[0].0), "mine", json!([])).await;
    assert!(mine.content.contains("round 2") && mine.content.contains(&format!("#{}", remaining[0].2)), "{mine:?}");
    for (a, b, id) in &remaining[1..] {
        let loser = if number(a) > number(b) { a } else { b };
        resign(&t, user_of(loser), *id).await;
    }
    t.advance(DAY);
    let r3 = round_pairings(&t, thread, 3).await;
    assert_eq!(r3.len(), 3);
    wait_round_posted(&t, 3, 3).await;
    for (a, b, id) in &r3 {
        let loser = if number(a) > number(b) { a } else { b };
        resign(&t, user_of(loser), *id).await;
    }
    let last = wait_long_for(&t, thread, "final standings").await;
    // As worked out by hand in tests/tournament.rs (the same pairings and results).
    let expected = [
        "`1.` Carol: **3** (3-0-0) · Buchholz 4 · SB 4",
        "`2.` Erin: **2** (2-0-1) · Buchholz 6 · SB 3",
        "`3.` Bob: **2** (2-0-1) · Buchholz 5 · SB 3",
        "`4.` Alice: **2** (2-0-1) · Buchholz 4 · SB 2",
        "`5.` Grace: **1** (0-0-2) · Buchholz 5 · SB 0",
        "`5.` Heidi: **1** (0-0-2) · Buchholz 5 · SB 0",
        "`7.` Frank: **1** (1-0-2) · Buchholz 4 · SB 0",
        "`8.` Ivan (withdrew): **0** (0-0-1) · Buchholz 1 · SB 0",
    ];
    let lines: Vec<&str> = last.content.lines().skip(1).collect();
    assert_eq!(lines, expected, "{}", last.content);
    let podium = wait_long_for(&t, t.channel, "is over!").await;
    assert!(
        podium.content.contains("🥇 Carol") && podium.content.contains("🥈 Erin") && podium.content.contains("🥉 Bob"),
        "{}",
        podium.content
    );
    // Every round's matches had their own threads; no request Discord would refuse.
    assert_eq!((match_threads(&t, 1), match_threads(&t, 2), match_threads(&t, 3)), (3, 4, 3));
    assert_eq!(t.double.rate_limit_stats().limited_global, 0);
    t.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_played_on_discord() {
    let t = Table::new().await;
    let erin = members(&t, &["Erin"])[0];
    let players = [t.alice, t.bob, t.carol, erin];
    let names = ["Alice", "Bob", "Carol", "Erin"];
    let number = |name: &str| names.iter().position(|n| *n == name).unwrap() + 1;
    let create = json!([
        { "type": 3, "name": "name", "value": "Spring League" },
        format_option(&t, "round-robin"),
        { "type": 3, "name": "turn_time", "value": "1h" },
        { "type": 3, "name": "round_time", "value": "1d" },
        { "type": 5, "name": "rated", "value": false },
    ]);
    tournament(&t, t.dana, "create", create).await;
    wait_long("the announcement", || announcement(&t, 1).is_some()).await;
    let posted = announcement(&t, 1).unwrap();
    let thread = event_thread(&t, &posted);
    for user in players {
        let joined = tournament(&t, user, "join", json!([])).await;
        assert!(joined.content.contains("signed up"), "{joined:?}");
    }
    let started = tournament(&t, t.dana, "start", json!([])).await;
    assert!(started.content.contains("has started"), "{started:?}");
    let late = tournament(&t, t.robot, "join", json!([])).await;
    assert!(late.content.contains("Bots") || late.content.contains("closed"), "{late:?}");
    // The announcement loses its buttons: nobody may join a round robin once it runs.
    wait_long("the announcement without buttons", || {
        t.double.message(posted.id).is_some_and(|m| m.buttons().is_empty())
    })
    .await;

    let mut standings = None;
    for round in 1..=3 {
        let pairings = round_pairings(&t, thread, round).await;
        // The clock moves between rounds (less than a move's time: nobody loses on time).
        t.advance(10 * 60);
        if round == 2 {
            // Erin withdraws mid-round: her live match is lost; her last game a forfeit.
            let left = tournament(&t, erin, "leave", json!([])).await;
            assert!(left.content.contains("withdrawn"), "{left:?}");
        }
        for (a, b, id) in &pairings {
            if round >= 2 && (a == "Erin" || b == "Erin") {
                continue;
            }
            // The higher number resigns.
            let loser = if number(a) > number(b) { a } else { b };
            resign(&t, players[number(loser) - 1], *id).await;
        }
        if round == 3 {
            standings = Some(wait_long_for(&t, thread, "final standings").await);
        }
    }
    let last = standings.unwrap();
    let lines: Vec<&str> = last.content.lines().skip(1).collect();
    assert_eq!(
        lines,
        [
            "`1.` Alice: **3** (3-0-0) · SB 3 · head to head 0",
            "`2.` Bob: **2** (2-0-1) · SB 1 · head to head 0",
            "`3.` Carol: **1** (1-0-2) · SB 0 · head to head 0",
            "`4.` Erin (withdrew): **0** (0-0-3) · SB 0 · head to head 0",
        ],
        "{}",
        last.content
    );
    let mine = tournament(&t, t.alice, "mine", json!([])).await;
    assert!(mine.content.contains("finished first"), "{mine:?}");
    let page = tournament(&t, t.carol, "standings", json!([])).await;
    assert!(page.content.contains("`3.` Carol"), "{page:?}");
    t.assert_clean();
}

/// A 64-player event whose first round starts 32 matches at once: every thread and board
/// goes through the rate-limit gate, and Discord never answers with a global 429.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_thirty_two_matches_stays_within_discords_limits() {
    let t = Table::new().await;
    let names: Vec<String> = (1..=64).map(|i| format!("Fencer{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let players = members(&t, &refs);
    let create = json!([
        { "type": 3, "name": "name", "value": "Grand Open" },
        format_option(&t, "swiss"),
        { "type": 4, "name": "rounds", "value": 6 },
    ]);
    tournament(&t, t.dana, "create", create).await;
    wait_long("the announcement", || announcement(&t, 1).is_some()).await;
    let posted = announcement(&t, 1).unwrap();
    let thread = event_thread(&t, &posted);
    let joined = std::time::Instant::now();
    for &user in &players {
        let reply = tournament(&t, user, "join", json!([])).await;
        assert!(reply.content.contains("signed up"), "{reply:?}");
    }
    let joining = joined.elapsed();
    let full = tournament(&t, t.alice, "join", json!([])).await;
    assert!(full.content.contains("full"), "{full:?}");
    // The announcement's edits were merged: it shows all 64 in the end, with far fewer edits.
    wait_long("64 players on the announcement", || {
        t.double.message(posted.id).is_some_and(|m| m.content.contains("Players (64/64)"))
    })
    .await;
    let edits = t.double.message(posted.id).unwrap().edits;
    let started = std::time::Instant::now();
    tournament(&t, t.dana, "start", json!([])).await;
    let pairings = round_pairings(&t, thread, 1).await;
    assert_eq!(pairings.len(), 32);
    wait_round_posted(&t, 1, 32).await;
    let stats = t.double.rate_limit_stats();
    println!(
        "64 joins in {joining:?} ({edits} announcement edits); 32 matches posted in {:?}; {} counted requests, \
         {} route 429s, {} global 429s",
        started.elapsed(),
        stats.counted,
        stats.limited_user,
        stats.limited_global
    );
    assert_eq!(stats.limited_global, 0, "no global 429");
    assert!(edits < 64, "the announcement's edits were merged ({edits})");
    t.assert_clean();
}
