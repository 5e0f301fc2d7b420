//! Forteresse through the same use cases as every game, over a real SQLite database:
//! both set-ups owed at once, refusals, a whole match to its record, ratings, history
//! and stats per game, deadlines during the set-up.

mod fixture;
mod pg;

use engarde::service::{ActRequest, ChallengeRequest, Narration, PlayerInfo, ServiceError};
use engarde_rules::forteresse::{Action, Forteresse, Fortress};
use engarde_rules::{Match, MatchAction, Seat, SeatView, ToAct, Variant};
use fixture::Fixture;

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;

fn person(user_id: u64) -> PlayerInfo {
    let name = match user_id {
        ALICE => "Alice",
        BOB => "Bob",
        _ => "Carol",
    };
    PlayerInfo { user_id, name: name.to_owned(), bot: false }
}

fn forteresse() -> Variant {
    "forteresse".parse().expect("a variant")
}

impl Fixture {
    /// Alice challenges Bob to Forteresse, Bob accepts; the match id.
    async fn start(&self) -> i64 {
        let challenge = self
            .svc
            .challenge(ChallengeRequest {
                guild_id: GUILD,
                channel_id: CHANNEL,
                challenger: person(ALICE),
                challenged: person(BOB),
                variant: Some(forteresse()),
                options: Default::default(),
                turn: None,
                interaction_id: self.interaction(),
            })
            .await
            .expect("a challenge");
        self.svc.accept(challenge.id, &person(BOB)).await.expect("accepted").board.match_id
    }

    async fn act(&self, id: i64, user: u64, action: Action) -> Result<engarde::service::ActOutcome, ServiceError> {
        let turn = self.svc.hand(GUILD, id, user).await?.turn;
        let request = ActRequest {
            guild_id: GUILD,
            match_id: id,
            turn,
            user_id: user,
            action: MatchAction::Forteresse(action),
            interaction_id: self.interaction(),
        };
        self.svc.act(request).await
    }

    /// The stored match.
    async fn game(&self, id: i64) -> Forteresse {
        serde_json::from_str(&self.stored(id).await.state).expect("a Forteresse state")
    }
}

fn user(seat: Seat) -> u64 {
    if seat == Seat::A {
        ALICE
    } else {
        BOB
    }
}

/// Plays the match to its end: random set-ups, then each player's first legal shot.
async fn play_to_the_end(f: &Fixture, id: i64) {
    for step in 0..200u64 {
        let game = f.game(id).await;
        match game.to_act() {
            ToAct::Nobody => return,
            ToAct::Both => {
                f.act(id, ALICE, Action::Setup(Fortress::random(step))).await.expect("a set-up");
            }
            ToAct::One(seat) if game.needs_setup(seat) => {
                f.act(id, user(seat), Action::Setup(Fortress::random(step))).await.expect("a set-up");
            }
            ToAct::One(seat) => {
                let shot = game.legal_actions(seat)[0];
                f.act(id, user(seat), shot).await.expect("a legal shot");
            }
        }
    }
    panic!("the match never ended");
}

async fn both_set_ups_are_owed_at_once_and_stay_secret(f: Fixture) {
    let id = f.start().await;
    let alice = f.svc.hand(GUILD, id, ALICE).await.unwrap();
    assert_eq!(alice.to_act, ToAct::Both);
    assert!(alice.legal_actions.is_empty(), "a set-up cannot be listed");
    let SeatView::Forteresse(view) = &alice.view else { panic!("a Forteresse view") };
    assert!(view.needs_setup && view.fortress.is_none());

    // A shot before both set-ups, and an En Garde action, are refused; nothing changes.
    let before = f.stored(id).await;
    let early = f.game(id).await;
    assert!(early.legal_actions(Seat::A).is_empty());
    let shot = Action::Shot(engarde_rules::forteresse::Shot {
        from: "A4".parse().unwrap(),
        weapon: engarde_rules::forteresse::Weapon::Cannon,
        dir: engarde_rules::forteresse::Dir::E,
    });
    assert!(matches!(f.act(id, ALICE, shot).await, Err(ServiceError::Illegal(_))));
    let request = ActRequest {
        guild_id: GUILD,
        match_id: id,
        turn: 0,
        user_id: ALICE,
        action: MatchAction::EnGarde(engarde_rules::engarde::Action::AcceptHit),
        interaction_id: f.interaction(),
    };
    let wrong = f.svc.act(request).await;
    assert!(
        matches!(&wrong, Err(ServiceError::Illegal(why)) if why.to_string().contains("not a move of Forteresse")),
        "{wrong:?}"
    );
    assert!(matches!(f.act(id, CAROL, Action::Setup(Fortress::random(1))).await, Err(ServiceError::NotInMatch)));
    assert_eq!(f.stored(id).await, before, "nothing changed");

    // Alice places hers: the board shows who is still placing, and no fortress.
    let alice_fortress = Fortress::random(7);
    let done = f.act(id, ALICE, Action::Setup(alice_fortress)).await.unwrap();
    assert_eq!(done.board.to_act, ToAct::One(Seat::B));
    let public = serde_json::to_string(&done.board.public).unwrap();
    for cell in alice_fortress.walls().chain(alice_fortress.besieged()) {
        assert!(!public.contains(&format!("\"{cell}\"")), "{cell} of Alice's fortress in public: {public}");
    }
    // A second set-up by Alice is refused.
    assert!(matches!(f.act(id, ALICE, Action::Setup(Fortress::random(8))).await, Err(ServiceError::NotYourTurn(_))));
    // Bob sees his own prompt, not Alice's fortress.
    let bob = f.svc.hand(GUILD, id, BOB).await.unwrap();
    let SeatView::Forteresse(view) = &bob.view else { panic!("a Forteresse view") };
    assert!(view.needs_setup && view.fortress.is_none());
}

async fn a_whole_match_is_recorded_rated_and_counted_per_game(f: Fixture) {
    let id = f.start().await;
    play_to_the_end(&f, id).await;
    let stored = f.stored(id).await;
    let game = f.game(id).await;
    assert_eq!(stored.status, "finished");
    assert_eq!(stored.winner.as_deref(), game.winner().map(Seat::as_str));
    assert_eq!(stored.end_reason.as_deref(), Some("hits"), "played to its end");

    // The record names its game and replays to the stored state.
    let record = f.svc.record(id).await.unwrap();
    assert_eq!(record["game"], "forteresse");
    assert_eq!(record["actions"].as_array().map_or(0, Vec::len) as i64, stored.version);
    let replayed = Match::replay(&record.to_string()).expect("the record replays");
    assert_eq!(replayed, Match::Forteresse(game.clone()));
    let export = f.svc.export_record(GUILD, id).await.unwrap();
    let report = serde_json::to_value(engarde_rules::replay(&export.json).unwrap()).unwrap();
    assert_eq!(report["game"], "forteresse");
    assert_eq!(report["finished"], true);
    assert_eq!(report["rounds"].as_array().map(Vec::len), Some(2));

    // Rated on the Forteresse board and the overall one; history and stats know the game.
    let board = f.svc.leaderboard(GUILD, Some("forteresse".parse().unwrap()), 1, ALICE).await.unwrap();
    assert_eq!(board.total, 2, "both players are rated in Forteresse");
    let other = f.svc.leaderboard(GUILD, Some("engarde-standard".parse().unwrap()), 1, ALICE).await.unwrap();
    assert_eq!(other.total, 0, "not on En Garde's board");
    let history = f.svc.history(GUILD, ALICE).await.unwrap();
    let entry = &history.entries[0];
    assert_eq!(entry.variant, forteresse());
    let score = game.score();
    assert_eq!(entry.score, (score.a, score.b));
    let stats = f.svc.stats(GUILD, ALICE, ALICE).await.unwrap();
    assert_eq!(stats.favourite, Some((forteresse(), 1)));
    let rounds_won: u32 = stats.rounds_won.iter().map(|(how, n)| if *how == "points" { *n } else { 0 }).sum();
    let expected = game.round_scores().iter().filter(|r| r.score.a > r.score.b).count() as u32;
    assert_eq!(rounds_won, expected, "rounds won on points: {:?}", stats.rounds_won);
}

async fn a_set_up_has_a_deadline_and_both_late_call_the_match_off(f: Fixture) {
    let id = f.start().await;
    // Half the time: both are reminded.
    f.advance(25 * 3_600);
    let reminders = f.svc.remind().await.unwrap();
    let reminded: Vec<u64> = reminders.iter().map(|r| r.user_id).collect();
    assert!(reminded.contains(&ALICE) && reminded.contains(&BOB), "{reminded:?}");
    // Past the deadline, neither placed: called off, counting for nobody.
    f.advance(24 * 3_600);
    let boards = f.svc.forfeit_overdue().await.unwrap();
    assert_eq!(boards.len(), 1);
    assert!(boards[0].aborted && boards[0].narration == Narration::CalledOff, "{:?}", boards[0].narration);
    assert_eq!(f.stored(id).await.status, "aborted");
    assert_eq!(f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap().total, 0);

    // In another match, one placed in time: the other loses on time.
    let id = f.start().await;
    f.act(id, BOB, Action::Setup(Fortress::random(3))).await.unwrap();
    f.advance(49 * 3_600);
    let boards = f.svc.forfeit_overdue().await.unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(boards[0].winner(), Some(Seat::B));
    let stored = f.stored(id).await;
    assert_eq!((stored.status.as_str(), stored.end_reason.as_deref()), ("finished", Some("timeout")));
    // The record shows the late player's resignation, and replays.
    let record = f.svc.record(id).await.unwrap();
    assert_eq!(
        record["actions"].as_array().unwrap().last().unwrap(),
        &serde_json::json!({ "seat": "a", "resign": true })
    );
}

fixture::on_both_stores! {
    both_set_ups_are_owed_at_once_and_stay_secret,
    a_whole_match_is_recorded_rated_and_counted_per_game,
    a_set_up_has_a_deadline_and_both_late_call_the_match_off,
}
