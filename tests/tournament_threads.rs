//! Where a tournament match's first board goes, over a real database (SQLite and
//! PostgreSQL): a thread of its own while the match is still in the event's channel with
//! no board posted, else where its boards are; and the claim that lets one task or process
//! only open that thread.

mod fixture;
mod pg;

use engarde::service::tournament::{CreateRequest, Manager};
use engarde::service::BoardPlace;
use engarde::service::{PlayerInfo, ServiceError};
use engarde_tournament::Format;
use fixture::{on_both_stores, Fixture};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const HOUR: u64 = 3600;

/// An event of four players whose first round has started; its two matches' first boards.
async fn round_started(f: &Fixture) -> (i64, Vec<engarde::service::BoardView>) {
    let admin = Manager { user_id: 100, name: "Admin".to_owned(), manage_server: true, roles: Vec::new() };
    let event = f
        .svc
        .create_tournament(CreateRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            creator: admin,
            name: "Night Cup".to_owned(),
            variant: Some("engarde-standard".parse().unwrap()),
            options: Default::default(),
            format: Format::Swiss,
            rounds: Some(2),
            double: false,
            turn: Some(std::time::Duration::from_secs(HOUR)),
            round_time: Some(std::time::Duration::from_secs(24 * HOUR)),
            rated: false,
            away: false,
            max_players: Some(8),
            signup: Some(std::time::Duration::from_secs(HOUR)),
            interaction_id: f.interaction(),
        })
        .await
        .unwrap();
    for n in 1..=4 {
        let who = PlayerInfo { user_id: 200 + n, name: format!("P{n}"), bot: false };
        f.svc.join_tournament(GUILD, event.id, &who).await.unwrap();
    }
    f.advance(HOUR as i64);
    let mut updates = f.svc.tournament_tick().await.unwrap();
    let start = updates.pop().and_then(|u| u.started).expect("round 1 started");
    assert_eq!(start.boards.len(), 2);
    (event.id, start.boards)
}

async fn a_new_matchs_first_board_goes_to_a_thread_until_one_is_opened_or_a_board_posted(f: Fixture) {
    let (event, boards) = round_started(&f).await;
    let (one, two) = (boards[0].match_id, boards[1].match_id);
    for id in [one, two] {
        match f.svc.board_place(id).await.unwrap() {
            BoardPlace::NewThread { event: e, round } => assert_eq!((e.id, e.channel_id, round), (event, CHANNEL, 1)),
            other => panic!("match {id}: {other:?}"),
        }
    }
    // Its thread opened: the match's boards go there.
    f.svc.set_match_channel(one, 9_001).await.unwrap();
    assert!(matches!(f.svc.board_place(one).await.unwrap(), BoardPlace::Channel(9_001)));
    // No thread could be opened, and the board was posted in the event's channel: it stays.
    f.svc.record_board(&boards[1], CHANNEL, 9_500, "").await.unwrap();
    assert!(matches!(f.svc.board_place(two).await.unwrap(), BoardPlace::Channel(CHANNEL)));
    // An unknown match is said so.
    assert!(matches!(f.svc.board_place(999).await, Err(ServiceError::MatchNotFound(999))));
}

async fn a_matchs_first_board_is_placed_by_one_holder_at_a_time(f: Fixture) {
    let (_, boards) = round_started(&f).await;
    let (one, two) = (boards[0].match_id, boards[1].match_id);
    // A second service: another process on PostgreSQL (its own lock), another on SQLite's
    // one process as far as the database goes (granted there: the marks are per service).
    let pool = engarde::store::open(&f.url).await.unwrap();
    let other = engarde::service::Service::new(pool).with_clock(f.clock.clone());
    let held = f.svc.claim_board_place(one).await.unwrap().expect("a free match is claimed");
    assert!(f.svc.claim_board_place(one).await.unwrap().is_none(), "claimed twice in one process");
    if f.url.starts_with("postgres") {
        assert!(other.claim_board_place(one).await.unwrap().is_none(), "claimed by two processes");
    }
    let two_held = other.claim_board_place(two).await.unwrap().expect("another match is free");
    held.release().await.unwrap();
    assert!(other.claim_board_place(one).await.unwrap().is_some(), "free again once released");
    two_held.release().await.unwrap();
    assert!(f.svc.claim_board_place(two).await.unwrap().is_some(), "free again once released");
}

on_both_stores!(
    a_new_matchs_first_board_goes_to_a_thread_until_one_is_opened_or_a_board_posted,
    a_matchs_first_board_is_placed_by_one_holder_at_a_time,
);
