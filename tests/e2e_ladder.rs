//! End to end: leaderboards, stats, history and record export, through the real
//! bot binary and the local Discord double.

mod support;

use std::time::{Duration, Instant};

use discord_double::{perms, Reply, UserId};
use serde_json::{json, Value};
use support::{button, Table, WAIT};

/// `loser` resigns the only match they have, through `/engarde resign`.
async fn resign(table: &Table, loser: UserId) {
    let ask = table.command(loser, "resign", json!([])).await;
    assert!(ask.ephemeral, "{ask:?}");
    let done = table.click_reply(loser, &ask, &button(&ask.buttons(), "Resign")).await;
    assert!(done.content.contains("You resigned"), "{done:?}");
}

/// `a` challenges `b`, `b` accepts, then `loser` resigns; waits for the match's boards.
async fn rated_match(table: &Table, a: UserId, b: UserId, variant: Option<&str>, loser: UserId) {
    let threads = table.double.threads().len();
    let challenge = table.challenge(a, b, variant, None).await.final_message().await.expect("a challenge");
    let accepted = table.click(b, &challenge, &button(&challenge.buttons(), "Accept")).await;
    assert!(accepted.content.contains("accepted"), "{accepted:?}");
    let start = Instant::now();
    while table.double.threads().len() == threads
        || table.double.channel_messages(table.double.threads()[threads].id).is_empty()
    {
        assert!(start.elapsed() < WAIT, "the first board never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    resign(table, loser).await;
    let thread = table.double.threads()[threads].id;
    while !table.double.channel_messages(thread).iter().any(|m| m.text().contains("wins the match")) {
        assert!(start.elapsed() < WAIT, "the last board never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn description(reply: &Reply) -> String {
    reply.embeds.first().and_then(|e| e["description"].as_str()).unwrap_or_default().to_owned()
}

fn footer(reply: &Reply) -> String {
    reply.embeds.first().and_then(|e| e["footer"]["text"].as_str()).unwrap_or_default().to_owned()
}

/// The ranks listed on a leaderboard page, in order.
fn ranks(reply: &Reply) -> Vec<usize> {
    description(reply).lines().filter_map(|l| l.strip_prefix("**")?.split_once(".**")?.0.parse().ok()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaderboard_across_pages_stats_history_and_an_exported_record() {
    let mut table = Table::new().await;
    let more: Vec<UserId> = (1..=9)
        .map(|n| {
            let user = table.double.add_user(&format!("Fencer {n}"));
            table.double.add_member(table.guild, user, perms::MEMBER_DEFAULT);
            user
        })
        .collect();
    let (alice, bob, carol) = (table.alice, table.bob, table.carol);
    // Twelve rated players; Alice loses twice and ends up last, on page 2.
    rated_match(&table, alice, bob, None, alice).await;
    rated_match(&table, carol, alice, Some("kengo-basic"), alice).await;
    for pair in more[..8].chunks(2) {
        rated_match(&table, pair[0], pair[1], None, pair[1]).await;
    }
    rated_match(&table, more[8], carol, None, more[8]).await;

    // Page 1, as Alice: ten players, her own rank below, Next to page 2.
    let board = table.command(alice, "leaderboard", json!([])).await;
    assert!(!board.ephemeral, "the leaderboard is public: {board:?}");
    assert_eq!(ranks(&board), (1..=10).collect::<Vec<_>>(), "{}", description(&board));
    assert!(footer(&board).contains("Page 1/2") && footer(&board).contains("12 rated players"), "{board:?}");
    assert!(
        board.content.contains(&format!("<@{alice}>")) && board.content.contains("you are **#12** of 12"),
        "{board:?}"
    );
    assert!(!description(&board).contains("Alice"), "Alice is not on page 1");
    assert!(description(&board).lines().all(|l| l.contains("?")), "one match each: all provisional");
    assert!(description(&board).contains("1 game (1W 0L 0D)"), "{}", description(&board));
    let buttons = board.message().expect("the leaderboard message").button_values();
    assert_eq!(buttons.len(), 2);
    assert_eq!(buttons[0]["disabled"], true, "no page before the first");
    let message = board.message().expect("the leaderboard message");

    // Alice turns the page in place.
    let next = button(&board.buttons(), "Next ▶");
    assert!(next.starts_with("eg:lb:engarde:2:"), "the server's game, En Garde: {next}");
    let page2 = table.click(alice, &message, &next).await;
    assert_eq!(page2.kind, 7, "the page turns in place: {page2:?}");
    assert_eq!(ranks(&page2), [11, 12]);
    assert!(description(&page2).contains("Alice"), "{}", description(&page2));
    assert!(footer(&page2).contains("Page 2/2"));

    // Carol pressing Alice's buttons gets her own copy, with her own rank.
    let message = page2.message().expect("the page");
    let previous = button(&page2.buttons(), "◀ Previous");
    let carols = table.click(carol, &message, &previous).await;
    assert!(carols.ephemeral && carols.kind == 4, "{carols:?}");
    assert_eq!(ranks(&carols), (1..=10).collect::<Vec<_>>());
    assert!(carols.content.contains(&format!("<@{carol}>: you are **#1** of 12")), "{carols:?}");
    assert_eq!(table.double.message(message.id).map(|m| m.embeds), Some(page2.embeds.clone()), "untouched");

    // After a restart the old buttons still work.
    table.kill_bot().await;
    table.start_bot().await;
    let again = table.click(alice, &message, &previous).await;
    assert_eq!(ranks(&again), (1..=10).collect::<Vec<_>>(), "{again:?}");

    // A variant's board.
    let kengo =
        table.command(bob, "leaderboard", json!([{ "type": 3, "name": "variant", "value": "kengo-basic" }])).await;
    assert!(footer(&kengo).contains("2 rated players") && kengo.buttons().is_empty(), "{kengo:?}");
    assert!(kengo.content.contains("no rated match on this board"), "{kengo:?}");
    assert!(description(&kengo).starts_with("**1.** Carol"), "{}", description(&kengo));

    // Stats of Alice, as Bob sees them.
    let stats = table.command(bob, "stats", json!([{ "type": 6, "name": "player", "value": alice.to_string() }])).await;
    assert!(!stats.ephemeral, "{stats:?}");
    for part in [
        "**Alice**",
        "(provisional) · rank **#12** of 12",
        "Matches: 2 · 0 won, 2 lost, 0 drawn",
        "Streak: 2 losses",
        "0 won (–), 2 lost",
        "Against Bob: 0 won, 1 lost, 0 drawn",
    ] {
        assert!(stats.content.contains(part), "{part} in {}", stats.content);
    }
    let robot =
        table.command(bob, "stats", json!([{ "type": 6, "name": "player", "value": table.robot.to_string() }])).await;
    assert!(robot.ephemeral && robot.content.contains("Bots"), "{robot:?}");

    // History, then the record of the first match as a file.
    let history = table.command(alice, "history", json!([])).await;
    assert!(history.ephemeral, "{history:?}");
    let lines: Vec<&str> = history.content.lines().filter(|l| l.starts_with('•')).collect();
    assert_eq!(lines.len(), 2, "{}", history.content);
    assert!(lines[0].contains("vs Carol") && lines[0].contains("Kengo") && lines[0].contains("**lost** (resignation)"));
    assert!(lines[1].contains("vs Bob") && lines[1].contains("0 – 1") && lines[1].contains("<t:"), "{}", lines[1]);
    let export = history.buttons().into_iter().map(|(_, id)| id).nth(1).expect("an export button per match");
    assert!(export.starts_with("eg:x:"), "{export}");
    let file = table.click_reply(alice, &history, &export).await;
    assert!(file.ephemeral && file.content.contains("engarde replay"), "{file:?}");
    let attachments = file.message().expect("the reply").attachments;
    assert_eq!(attachments.len(), 1, "{file:?}");
    let record = &attachments[0];
    assert!(record.filename.starts_with("engarde-match-") && record.filename.ends_with(".json"), "{record:?}");
    let doc: Value = serde_json::from_slice(&record.data).expect("JSON");
    assert_eq!(doc["format"], 1);
    assert_eq!(doc["actions"], json!([{ "seat": "a", "resign": true }]));
    // `engarde replay` plays it to the stored result: Bob (seat b) won.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(&record.filename);
    std::fs::write(&path, &record.data).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde")).arg("replay").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let outcome: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((outcome["winner"].clone(), outcome["finished"].clone()), (json!("b"), json!(true)));

    // Every request was well made (headers), the JSON ones and the upload of the file.
    let (json_bodies, multipart) = support::assert_requests_well_made(&table.double);
    assert!(json_bodies > 10 && multipart >= 1, "{json_bodies} JSON bodies, {multipart} multipart");
    table.assert_clean();
}
