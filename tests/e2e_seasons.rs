//! End to end: leaderboard seasons through the real bot binary and the local Discord
//! double. An admin turns monthly seasons on (a bad value is refused first), a match ends
//! in November, the bot's clock is moved into December (never slept), and the podium is
//! posted once; the past season's board and the player's season finishes are shown.

mod support;

use std::time::{Duration, Instant};

use discord_double::{Reply, UserId};
use serde_json::{json, Value};
use support::{button, Table, START_TIME, WAIT};

/// 2026-12-01 00:00 UTC: the end of the month `START_TIME` (2026-11-21) is in.
const DECEMBER: i64 = 1_796_083_200;
const _: () = assert!(START_TIME < DECEMBER && DECEMBER - START_TIME < 31 * 86_400);

/// `a` challenges `b`, `b` accepts, then `loser` resigns; waits for the match's last board.
async fn rated_match(table: &Table, a: UserId, b: UserId, loser: UserId) {
    let threads = table.double.threads().len();
    let challenge = table.challenge(a, b, None, None).await.final_message().await.expect("a challenge");
    let accepted = table.click(b, &challenge, &button(&challenge.buttons(), "Accept")).await;
    assert!(accepted.content.contains("accepted"), "{accepted:?}");
    let start = Instant::now();
    while table.double.threads().len() == threads
        || table.double.channel_messages(table.double.threads()[threads].id).is_empty()
    {
        assert!(start.elapsed() < WAIT, "the first board never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let ask = table.command(loser, "resign", json!([])).await;
    let done = table.click_reply(loser, &ask, &button(&ask.buttons(), "Resign")).await;
    assert!(done.content.contains("You resigned"), "{done:?}");
    let thread = table.double.threads()[threads].id;
    while !table.double.channel_messages(thread).iter().any(|m| m.text().contains("wins the match")) {
        assert!(start.elapsed() < WAIT, "the last board never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// `/engarde-admin config seasons:<value>` by `user`.
async fn set_seasons(table: &Table, user: UserId, value: &str) -> Reply {
    table.admin_command(user, "config", json!([{ "type": 3, "name": "seasons", "value": value }])).await
}

/// `/engarde-admin season <sub> <options>` by `user` (a subcommand group).
async fn season_command(table: &Table, user: UserId, sub: &str, options: Value) -> Reply {
    let options = json!([{ "type": 2, "name": "season", "options": [{ "type": 1, "name": sub, "options": options }] }]);
    table.double.slash_command(user, table.guild, table.channel, "engarde-admin", options).await
}

/// The podium messages posted in the duel channel so far.
fn podiums(table: &Table) -> Vec<String> {
    table.double.channel_messages(table.channel).iter().map(|m| m.text()).filter(|t| t.contains("is over!")).collect()
}

fn title(reply: &Reply) -> String {
    reply.embeds.first().and_then(|e| e["title"].as_str()).unwrap_or_default().to_owned()
}

fn description(reply: &Reply) -> String {
    reply.embeds.first().and_then(|e| e["description"].as_str()).unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_monthly_season_ends_with_its_podium_once() {
    let mut table = Table::new().await;
    let (alice, bob, carol, dana) = (table.alice, table.bob, table.carol, table.dana);

    // A bad value is refused in a short message and changes nothing; members may not.
    let bad = set_seasons(&table, dana, "weekly").await;
    assert!(bad.ephemeral && bad.content.contains("`weekly` is not a season setting"), "{bad:?}");
    assert!(bad.content.chars().count() < 200, "short: {bad:?}");
    let shown = table.admin_command(dana, "config", json!([])).await;
    assert!(shown.content.contains("Leaderboard seasons: off · no season under way"), "{shown:?}");
    let member = set_seasons(&table, carol, "monthly").await;
    assert!(member.content.contains("manage this server"), "{member:?}");
    // The choices, in the admin's language.
    let offered = table.double.autocomplete(
        dana,
        table.guild,
        table.channel,
        "engarde-admin",
        json!([{ "type": 1, "name": "config", "options": [
            { "type": 3, "name": "seasons", "value": "", "focused": true }
        ] }]),
    );
    let values: Vec<Value> = offered.await.into_iter().map(|(_, v)| v).collect();
    assert_eq!(values, [json!("off"), json!("monthly"), json!("quarterly")]);

    let on = set_seasons(&table, dana, "Monthly").await;
    assert!(on.content.contains("Saved"), "{on:?}");
    assert!(
        on.content.contains(r"monthly (calendar months, UTC) · season **2026\-11**, until <t:1796083200:f>"),
        "{on:?}"
    );
    // Seasons by hand wait while automatic ones run.
    let manual = season_command(&table, dana, "start", json!([{ "type": 3, "name": "name", "value": "Cup" }])).await;
    assert!(manual.ephemeral && manual.content.contains("Seasons are automatic here"), "{manual:?}");

    // November, a minute later (a season starts the second after it is turned on): Alice
    // beats Bob. The season's name is offered.
    table.advance(60);
    rated_match(&table, alice, bob, bob).await;
    let names = table.autocomplete(carol, "leaderboard", json!([]), "season", "").await;
    assert_eq!(names, [("2026-11".to_owned(), json!("2026-11"))]);

    // The clock moves into December: the podium comes, in the channel of the last match.
    table.set_time(DECEMBER + 60);
    let start = Instant::now();
    while podiums(&table).is_empty() {
        assert!(start.elapsed() < WAIT, "the podium never came");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let podium = &podiums(&table)[0];
    // Names are escaped for Markdown (Discord shows `2026-11`), except in a code span.
    assert!(podium.contains(r"**Season 2026\-11 is over!**"), "{podium}");
    assert!(podium.contains(&format!("🥇 <@{alice}>")) && podium.contains(&format!("🥈 <@{bob}>")), "{podium}");
    assert!(podium.contains("`/engarde leaderboard season:2026-11`"), "{podium}");
    let posted = table.double.channel_messages(table.channel).into_iter().find(|m| m.text().contains("is over!"));
    assert!(table.notified_by(posted.expect("the podium").id).is_empty(), "a podium pings nobody");

    // A restart (its scheduler passes at once), then December goes on (the scheduler passes
    // many times meanwhile): still one podium.
    table.kill_bot().await;
    table.start_bot().await;
    rated_match(&table, carol, bob, carol).await;
    table.advance(3_600);
    rated_match(&table, bob, alice, alice).await;
    assert_eq!(podiums(&table).len(), 1, "the podium is posted once");

    // November's board, as it ended; December's is another.
    let november =
        table.command(carol, "leaderboard", json!([{ "type": 3, "name": "season", "value": "2026-11" }])).await;
    assert!(title(&november).contains(r"Season 2026\-11"), "{november:?}");
    assert!(description(&november).starts_with("**1.** Alice"), "{}", description(&november));
    assert!(november.content.contains("no rated match on this board"), "Carol played none: {november:?}");
    let december =
        table.command(carol, "leaderboard", json!([{ "type": 3, "name": "season", "value": "2026-12" }])).await;
    assert!(description(&december).starts_with("**1.** Bob"), "{}", description(&december));
    let unknown =
        table.command(carol, "leaderboard", json!([{ "type": 3, "name": "season", "value": "2025-01" }])).await;
    assert!(unknown.ephemeral && unknown.content.contains("no season named `2025-01`"), "{unknown:?}");
    // Without the option: the all-time board, every match of both seasons.
    let all_time = table.command(carol, "leaderboard", json!([])).await;
    assert!(!title(&all_time).contains("Season"), "{all_time:?}");
    assert_eq!(description(&all_time).lines().count(), 3, "{}", description(&all_time));

    // Alice's stats list her season finish.
    let stats = table.command(alice, "stats", json!([])).await;
    assert!(stats.content.contains("Season finishes:\n• 2026\\-11, En Garde: **#1** of 2 ("), "{stats:?}");

    // December's season ends by itself: no ending by hand.
    let end = season_command(&table, dana, "end", json!([])).await;
    assert!(end.ephemeral && end.content.contains("ends by itself"), "{end:?}");
    table.assert_clean();
}
