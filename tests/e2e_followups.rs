//! Boards ride on the deciding interaction's own routes (issue "Serving at scale"): a new
//! board is that interaction's public follow-up in the match's thread, and the board it
//! replaces loses its buttons through the token that posted it, all exempt from Discord's
//! global limit. Once the token has expired (15 minutes, by the moved clock), or after a
//! restart, the same boards are edited through the channel's routes, and Discord refuses
//! nothing.

mod support;

use discord_double::RequestRecord;
use support::{prefer, Table};

/// The requests Discord counts against the global limit, and those it does not, that the
/// bot made after the first `from` requests (the interaction callbacks excluded).
fn board_requests(table: &Table, from: usize) -> (Vec<RequestRecord>, Vec<RequestRecord>) {
    let requests: Vec<RequestRecord> = table.double.requests().into_iter().skip(from).collect();
    let (hooks, channels): (Vec<_>, Vec<_>) = requests
        .into_iter()
        .filter(|r| r.path.contains("/channels/") || r.path.contains("/webhooks/"))
        .partition(|r| r.path.contains("/webhooks/"));
    (channels, hooks)
}

/// Plays one decision and returns the counted and exempt board requests it took.
async fn decide(table: &Table) -> (Vec<RequestRecord>, Vec<RequestRecord>) {
    let from = table.double.requests().len();
    table.play_turn(prefer(&["Advance", "Attack", "Retreat"])).await;
    // The board before a new one loses its buttons first; the new one then comes: both are
    // done once the new board is there.
    board_requests(table, from)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_ride_on_the_deciding_interaction_until_its_token_expires_or_the_bot_restarts() {
    let mut table = Table::new().await;
    let thread = table.start_match(None, Some(5)).await;
    let first = table.latest_board();
    assert_eq!(first.channel_id, thread);

    // While the tokens are fresh, every board request goes through an interaction's routes.
    let mut decisions = 0;
    let mut followups = 0;
    while decisions < 4 {
        // A board the bot posted through the channel (the first one: the accepting click
        // was in the channel, not the thread) is reached through the channel: one counted
        // request for that decision, at most.
        let allowed = usize::from(table.latest_board().interaction_id.is_none());
        let (counted, exempt) = decide(&table).await;
        decisions += 1;
        let gets = counted.iter().filter(|r| r.method == "GET").count();
        assert_eq!(gets, 0, "no board is read back: {counted:#?}");
        followups += exempt.iter().filter(|r| r.method == "POST").count();
        assert!(counted.len() <= allowed, "decision {decisions}: counted requests {counted:#?}");
        for r in &exempt {
            assert!((200..300).contains(&r.status), "{} {} answered {}", r.method, r.path, r.status);
        }
    }
    assert!(followups >= 1, "new boards came as follow-ups");
    let live = table.latest_board();
    assert_eq!(live.channel_id, thread, "a follow-up appears in the thread where the click was");
    assert!(live.interaction_id.is_some(), "the live board is a follow-up: {live:?}");

    // Sixteen minutes later, the token that posted the live board has expired: the next
    // decision reaches it through the channel's route, and nothing is refused.
    table.advance(16 * 60);
    table.double.advance_clock(std::time::Duration::from_secs(16 * 60));
    let (counted, _) = decide(&table).await;
    assert!(
        counted.iter().any(|r| r.method == "PATCH" && r.path.contains(&format!("/channels/{thread}/messages/"))),
        "the old board is edited through the channel: {counted:#?}"
    );
    table.assert_clean();

    // A restart forgets every token: boards posted as follow-ups are edited through the
    // channel's route, like any other.
    let from = table.double.requests().len();
    table.kill_bot().await;
    table.start_bot().await;
    let live = table.latest_board();
    let (counted, _) = decide(&table).await;
    let live_edit = format!("/channels/{thread}/messages/{}", live.id);
    assert!(
        counted.iter().any(|r| r.method == "PATCH" && r.path.ends_with(&live_edit)),
        "after a restart the follow-up board is edited through the channel: {counted:#?}"
    );
    let after: Vec<RequestRecord> = table.double.requests().into_iter().skip(from).collect();
    assert!(after.iter().all(|r| r.status != 401), "no expired token was used");
    // And the match goes on to its end.
    for _ in 0..400 {
        if support::is_final(&table.latest_board()) {
            break;
        }
        table.play_turn(prefer(&["Attack", "Advance", "Retreat"])).await;
    }
    assert!(support::is_final(&table.latest_board()), "the match ended");
    table.assert_clean();
}
