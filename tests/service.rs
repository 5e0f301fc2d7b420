//! The match service over a real SQLite database: a fresh, migrated file per
//! test, a hand-moved clock and a fixed seed.

mod fixture;
mod pg;

use engarde::discord::render;
use engarde::service::{
    ActOutcome, ActRequest, ChallengeRequest, ChallengeView, HandView, PlayerInfo, Service, ServiceError,
};
use engarde_rules::engarde::{Action, EnGarde, MatchRecord, Phase, SeatedAction, Variant};
use engarde_rules::{MatchAction, Seat};
use fixture::{Bind, Fixture};

const GUILD: u64 = 1_000;
const OTHER_GUILD: u64 = 2_000;
const CHANNEL: u64 = 3_000;
const OTHER_CHANNEL: u64 = 3_001;
const THREAD: u64 = 3_002;

const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;
const ROBOT: u64 = 104;

fn person(user_id: u64) -> PlayerInfo {
    let name = match user_id {
        ALICE => "Alice",
        BOB => "Bob",
        CAROL => "Carol",
        ROBOT => "Robot",
        _ => "Someone",
    };
    PlayerInfo { user_id, name: name.to_owned(), bot: user_id == ROBOT }
}

/// Whose decision is awaited, and what they may do.
struct Turn {
    user: u64,
    other: u64,
    hand: HandView,
}

impl Turn {
    fn legal(&self) -> Vec<Action> {
        self.hand
            .legal_actions
            .iter()
            .map(|a| match a {
                MatchAction::EnGarde(a) => *a,
                other => panic!("not an En Garde action: {other:?}"),
            })
            .collect()
    }

    fn request(&self, action: impl Into<MatchAction>, interaction_id: u64) -> ActRequest {
        ActRequest {
            guild_id: GUILD,
            match_id: self.hand.match_id,
            turn: self.hand.turn,
            user_id: self.user,
            action: action.into(),
            interaction_id,
        }
    }
}

impl Fixture {
    fn tick(&self) {
        self.advance(60);
    }

    fn request(&self, guild_id: u64, from: u64, to: u64, hits: Option<u8>) -> ChallengeRequest {
        ChallengeRequest {
            guild_id,
            channel_id: CHANNEL,
            challenger: person(from),
            challenged: person(to),
            variant: Some(Variant::EngardeStandard.into()),
            options: hits_option(hits),
            turn: None,
            interaction_id: self.interaction(),
        }
    }

    async fn challenge(&self, from: u64, to: u64) -> Result<ChallengeView, ServiceError> {
        self.svc.challenge(self.request(GUILD, from, to, None)).await
    }

    /// Challenge and accept in `channel`: the new match's id.
    async fn start_match_in(&self, guild: u64, channel: u64, a: u64, b: u64) -> i64 {
        let req = ChallengeRequest { channel_id: channel, ..self.request(guild, a, b, None) };
        let challenge = self.svc.challenge(req).await.expect("challenge");
        let accepted = self.svc.accept(challenge.id, &person(b)).await.expect("accept");
        assert_eq!(accepted.board.turn, 0);
        accepted.board.match_id
    }

    async fn start_match(&self, a: u64, b: u64) -> i64 {
        self.start_match_in(GUILD, CHANNEL, a, b).await
    }

    /// `SELECT COUNT(*) FROM {from}`, with `key` bound to its one parameter.
    async fn count(&self, from: &str, key: i64) -> i64 {
        self.int(&format!("SELECT COUNT(*) FROM {from}"), key).await
    }

    async fn actions_stored(&self, id: i64) -> i64 {
        self.count("match_actions WHERE match_id = $1", id).await
    }

    async fn actions_at(&self, id: i64, turn: i64) -> i64 {
        self.count(&format!("match_actions WHERE turn = {turn} AND match_id = $1"), id).await
    }

    async fn hand(&self, id: i64, user: u64) -> HandView {
        self.svc.hand(GUILD, id, user).await.expect("hand")
    }

    /// The player to act in an unfinished match (every match here has Alice in
    /// it), with their hand.
    async fn turn(&self, id: i64) -> Turn {
        let alice = self.hand(id, ALICE).await;
        let seat = alice.to_act.single().expect("someone to act");
        let players = alice.players;
        let (user, other) = (players.get(seat).user_id, players.get(seat.other()).user_id);
        Turn { user, other, hand: self.hand(id, user).await }
    }

    /// Plays the legal action `pick` chooses for whoever is to act.
    async fn play(&self, id: i64, pick: impl Fn(&[Action]) -> Action) -> ActOutcome {
        self.tick();
        let turn = self.turn(id).await;
        let action = pick(&turn.legal());
        self.svc.act(turn.request(action, self.interaction())).await.expect("a legal action is applied")
    }

    /// Submits an action that must be refused; checks that the match row did
    /// not change at all, and returns the refusal.
    async fn refused(&self, req: ActRequest) -> ServiceError {
        let before = self.stored(req.match_id).await;
        let actions = self.actions_stored(req.match_id).await;
        let err = self.svc.act(req).await.expect_err("the action is refused");
        assert_eq!(self.stored(req.match_id).await, before, "a refused action changed the match: {err:?}");
        assert_eq!(self.actions_stored(req.match_id).await, actions, "a refused action was logged: {err:?}");
        err
    }
}

/// Cycles through the legal actions: a varied but deterministic player.
fn cycle(step: usize) -> impl Fn(&[Action]) -> Action {
    move |legal| legal[step % legal.len()]
}

/// Runs two `act` calls at once on the multi-thread runtime.
async fn race(svc: &Service, x: ActRequest, y: ActRequest) -> [Result<ActOutcome, ServiceError>; 2] {
    let (s1, s2) = (svc.clone(), svc.clone());
    let one = tokio::spawn(async move { s1.act(x).await });
    let two = tokio::spawn(async move { s2.act(y).await });
    [one.await.expect("task"), two.await.expect("task")]
}

// 1. Starting a match.

async fn an_accepted_challenge_starts_a_match_with_private_hands(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await.unwrap();
    assert_eq!((challenge.challenger.user_id, challenge.challenged.user_id), (ALICE, BOB));
    let accepted = f.svc.accept(challenge.id, &person(BOB)).await.unwrap();
    let id = accepted.board.match_id;
    assert_eq!(f.challenge_status(challenge.id).await, "accepted");

    let stored = f.stored(id).await;
    assert_eq!((stored.version, stored.status.as_str(), stored.winner.as_deref()), (0, "active", None));
    assert_eq!(f.actions_stored(id).await, 0);
    assert_eq!(accepted.board.public, engarde_rules::PublicView::EnGarde(stored.game().public_view()));

    let to_act = accepted.board.to_act.single().expect("someone opens");
    for (user, seat) in [(ALICE, Seat::A), (BOB, Seat::B)] {
        let hand = f.hand(id, user).await;
        assert_eq!((hand.seat, hand.turn), (seat, 0));
        assert_eq!(eg(&hand.view).hand.len(), 5, "{seat} is dealt 5 cards");
        assert_eq!(eg(&hand.view).hand, stored.game().hand(seat));
        assert_eq!(hand.legal_actions.is_empty(), seat != to_act, "only {to_act} may act");
    }

    assert!(matches!(f.svc.hand(GUILD, id, CAROL).await, Err(ServiceError::NotInMatch)));
    assert!(matches!(f.svc.hand(OTHER_GUILD, id, ALICE).await, Err(ServiceError::MatchNotFound(m)) if m == id));
}

// 2. Challenges refused, declined, withdrawn, repeated.

async fn impossible_challenges_are_refused_and_store_nothing(f: Fixture) {
    assert!(matches!(f.challenge(ALICE, ALICE).await, Err(ServiceError::ChallengeSelf)));
    assert!(matches!(f.challenge(ALICE, ROBOT).await, Err(ServiceError::ChallengeBot)));
    for hits in [0, 16] {
        let result = f.svc.challenge(f.request(GUILD, ALICE, BOB, Some(hits))).await;
        assert!(matches!(result, Err(ServiceError::BadOptions(_))), "{hits} hits: {result:?}");
    }
    assert_eq!(f.rows("challenges").await, 0);

    let longest = f.svc.challenge(f.request(GUILD, ALICE, BOB, Some(15))).await.unwrap();
    assert_eq!(longest.options["hits_to_win"], 15);
}

async fn a_pending_challenge_or_an_unfinished_match_blocks_another(f: Fixture) {
    let first = f.challenge(ALICE, BOB).await.unwrap();
    for (from, to) in [(ALICE, BOB), (BOB, ALICE)] {
        let result = f.challenge(from, to).await;
        assert!(matches!(result, Err(ServiceError::ChallengePending(_))), "{from} → {to}: {result:?}");
    }
    // The same pair in another server is another matter.
    f.svc.challenge(f.request(OTHER_GUILD, ALICE, BOB, None)).await.unwrap();

    let id = f.svc.accept(first.id, &person(BOB)).await.unwrap().board.match_id;
    for (from, to) in [(ALICE, BOB), (BOB, ALICE)] {
        let result = f.challenge(from, to).await;
        assert!(matches!(result, Err(ServiceError::AlreadyPlaying(_, m)) if m == id), "{from} → {to}: {result:?}");
    }
    assert_eq!(f.count("challenges WHERE guild_id = $1", GUILD as i64).await, 1);

    // Once it is over, they may fence again.
    f.svc.resign(GUILD, id, BOB, f.interaction()).await.unwrap();
    f.challenge(BOB, ALICE).await.unwrap();
}

async fn only_the_challenged_player_accepts_and_only_once(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await.unwrap();
    for user in [CAROL, ALICE] {
        let result = f.svc.accept(challenge.id, &person(user)).await;
        assert!(matches!(result, Err(ServiceError::NotForYou)), "{user}: {result:?}");
    }
    assert_eq!(f.challenge_status(challenge.id).await, "pending");
    f.svc.accept(challenge.id, &person(BOB)).await.unwrap();
    let again = f.svc.accept(challenge.id, &person(BOB)).await;
    assert!(matches!(again, Err(ServiceError::ChallengeClosed(ref s)) if s == "accepted"), "{again:?}");
    assert_eq!(f.rows("matches").await, 1);
    assert!(matches!(f.svc.accept(9_999, &person(BOB)).await, Err(ServiceError::ChallengeNotFound)));
}

async fn declining_and_withdrawing_close_a_challenge_differently(f: Fixture) {
    let declined = f.challenge(ALICE, BOB).await.unwrap();
    let withdrawn = f.challenge(ALICE, CAROL).await.unwrap();
    assert!(matches!(f.svc.decline(declined.id, CAROL).await, Err(ServiceError::NotForYou)));

    assert_eq!(f.svc.decline(declined.id, BOB).await.unwrap().status, "declined");
    assert_eq!(f.svc.decline(withdrawn.id, ALICE).await.unwrap().status, "cancelled");
    assert_eq!(f.challenge_status(declined.id).await, "declined");
    assert_eq!(f.challenge_status(withdrawn.id).await, "cancelled");

    let twice = f.svc.decline(declined.id, BOB).await;
    assert!(matches!(twice, Err(ServiceError::ChallengeClosed(ref s)) if s == "declined"), "{twice:?}");
    let late = f.svc.accept(withdrawn.id, &person(CAROL)).await;
    assert!(matches!(late, Err(ServiceError::ChallengeClosed(ref s)) if s == "cancelled"), "{late:?}");
    // A closed challenge no longer blocks a new one.
    f.challenge(BOB, ALICE).await.unwrap();
}

async fn a_repeated_slash_command_makes_one_challenge(f: Fixture) {
    let req = f.request(GUILD, ALICE, BOB, Some(3));
    let first = f.svc.challenge(req.clone()).await.unwrap();
    let second = f.svc.challenge(req).await.unwrap();
    assert_eq!(first, second);
    assert_eq!(f.rows("challenges").await, 1);
}

// 3. Refused actions change nothing.

async fn refused_actions_leave_the_stored_match_untouched(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    let opening = f.turn(id).await;
    f.play(id, cycle(0)).await;
    let turn = f.turn(id).await;
    assert_eq!(turn.hand.turn, 1);
    let legal = turn.legal()[0];

    // The old prompt, and one from the future.
    let old = opening.request(opening.legal()[0], f.interaction());
    let future = ActRequest { turn: 2, ..turn.request(legal, f.interaction()) };
    for stale in [old, future] {
        assert!(matches!(f.refused(stale).await, ServiceError::Stale(_)), "turn {}", stale.turn);
    }

    let theirs = ActRequest { user_id: turn.other, ..turn.request(legal, f.interaction()) };
    let waiting_for = turn.hand.players.get(turn.hand.seat).name.clone();
    assert!(matches!(f.refused(theirs).await, ServiceError::NotYourTurn(name) if name == waiting_for));

    let spectator = ActRequest { user_id: CAROL, ..turn.request(legal, f.interaction()) };
    assert!(matches!(f.refused(spectator).await, ServiceError::NotInMatch));

    let illegal = illegal_action(&turn.hand);
    assert!(!turn.legal().contains(&illegal));
    let err = f.refused(turn.request(illegal, f.interaction())).await;
    assert!(matches!(err, ServiceError::Illegal(_)), "{illegal:?}: {err:?}");

    // The right player, the right turn, a legal action: it goes through.
    f.svc.act(turn.request(legal, f.interaction())).await.unwrap();
    assert_eq!(f.stored(id).await.version, 2);
}

/// An action the player to act may not take now.
fn illegal_action(hand: &HandView) -> Action {
    match eg(&hand.view).public.phase {
        Phase::Turn { .. } => Action::AcceptHit,
        _ => Action::Advance(eg(&hand.view).hand.iter().next().expect("a card in hand")),
    }
}

// 4. and 5. Concurrency: racing clicks and repeated interactions.

async fn two_clicks_racing_on_one_turn_apply_once(f: Fixture) {
    let mut id = f.start_match(ALICE, BOB).await;
    let mut matches = 1;
    for round in 0..50 {
        if f.stored(id).await.status != "active" {
            id = f.start_match(ALICE, BOB).await;
            matches += 1;
        }
        let turn = f.turn(id).await;
        let before = f.stored(id).await;
        let (x, y) = (turn.legal()[0], turn.legal()[turn.legal().len() - 1]);
        let results = race(&f.svc, turn.request(x, f.interaction()), turn.request(y, f.interaction())).await;

        let won: Vec<usize> = (0..2).filter(|&i| results[i].is_ok()).collect();
        assert_eq!(won.len(), 1, "race {round}: exactly one click applies: {results:?}");
        let lost = &results[1 - won[0]];
        assert!(matches!(lost, Err(ServiceError::Stale(_))), "race {round}: the other is stale: {lost:?}");

        assert_eq!(f.stored(id).await.version, before.version + 1, "race {round}");
        assert_eq!(f.actions_at(id, before.version).await, 1, "race {round}");
        let applied = *typed(f.svc.record(id).await.unwrap()).actions.last().unwrap();
        assert_eq!(applied.action, [x, y][won[0]], "race {round}: the stored action is the winner's");
    }
    eprintln!("50 races over {matches} match(es)");
}

async fn moves_committed_together_each_get_their_own_answer(f: Fixture) {
    let mut ids = Vec::new();
    for opponent in 200..216 {
        ids.push(f.start_match(ALICE, opponent).await);
    }
    for round in 0..5 {
        // One move in every match at once, and in every third match a second click racing it.
        let mut tasks = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let turn = f.turn(id).await;
            let legal = turn.legal();
            let mut requests = vec![turn.request(legal[0], f.interaction())];
            if i % 3 == 0 {
                requests.push(turn.request(legal[legal.len() - 1], f.interaction()));
            }
            for req in requests {
                let svc = f.svc.clone();
                tasks.push((id, tokio::spawn(async move { svc.act(req).await })));
            }
        }
        let mut applied = std::collections::HashMap::new();
        for (id, task) in tasks {
            match task.await.expect("task") {
                Ok(_) => *applied.entry(id).or_insert(0) += 1,
                Err(ServiceError::Stale(_)) => {}
                Err(e) => panic!("round {round}, match {id}: {e:?}"),
            }
        }
        for &id in &ids {
            assert_eq!(applied.get(&id), Some(&1), "round {round}: one move per match applies");
            assert_eq!(f.stored(id).await.version, round + 1, "round {round}");
            assert_eq!(f.actions_at(id, round).await, 1, "round {round}");
            assert_record_replays(&f, id).await;
        }
    }
}

async fn an_interaction_delivered_twice_applies_once(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    let turn = f.turn(id).await;
    let req = turn.request(turn.legal()[0], f.interaction());
    f.svc.act(req).await.unwrap();
    assert!(matches!(f.refused(req).await, ServiceError::AlreadyApplied));
    // Even as the next turn's prompt, the same interaction does nothing.
    assert!(matches!(f.refused(ActRequest { turn: 1, ..req }).await, ServiceError::AlreadyApplied));
    assert_eq!((f.stored(id).await.version, f.actions_stored(id).await), (1, 1));
}

async fn an_interaction_delivered_twice_at_once_applies_once(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    for round in 0..30 {
        if f.stored(id).await.status != "active" {
            break;
        }
        let turn = f.turn(id).await;
        let before = f.stored(id).await.version;
        let req = turn.request(turn.legal()[0], f.interaction());
        let results = race(&f.svc, req, req).await;
        let ok = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 1, "round {round}: {results:?}");
        assert!(results.iter().any(|r| matches!(r, Err(ServiceError::AlreadyApplied))), "round {round}: {results:?}");
        assert_eq!(f.stored(id).await.version, before + 1, "round {round}");
        let logged = f.count("match_actions WHERE interaction_id = $1", req.interaction_id as i64);
        assert_eq!(logged.await, 1, "round {round}");
    }
}

async fn a_resignation_racing_a_move_is_never_stale(f: Fixture) {
    for round in 0..30 {
        let id = f.start_match(ALICE, BOB).await;
        let turn = f.turn(id).await;
        let (s1, s2) = (f.svc.clone(), f.svc.clone());
        let (quitter, resign_id) = (turn.other, f.interaction());
        let resign = tokio::spawn(async move { s1.resign(GUILD, id, quitter, resign_id).await });
        let act = turn.request(turn.legal()[0], f.interaction());
        let play = tokio::spawn(async move { s2.act(act).await });
        let (resigned, played) = (resign.await.unwrap(), play.await.unwrap());

        assert!(resigned.is_ok(), "round {round}: resigning is always allowed: {resigned:?}");
        assert!(played.is_ok() || matches!(played, Err(ServiceError::MatchOver)), "round {round}: {played:?}");
        let stored = f.stored(id).await;
        assert_eq!((stored.status.as_str(), stored.end_reason.as_deref()), ("finished", Some("resign")));
        assert_eq!(stored.version, 1 + i64::from(played.is_ok()), "round {round}");
    }
}

// 6. Records: a whole match, and a resignation.

/// Checks that the stored record replays to the stored state, and returns the game.
async fn assert_record_replays(f: &Fixture, id: i64) -> EnGarde {
    let stored = f.stored(id).await;
    let game = stored.game();
    let record = f.svc.record(id).await.unwrap();
    assert_eq!(record["actions"].as_array().map_or(0, Vec::len) as i64, stored.version);
    assert_eq!(
        EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap()).unwrap(),
        game,
        "the record replays to the stored state"
    );
    let report = engarde_rules::engarde::replay(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!((report.finished, report.winner), (game.is_finished(), game.winner()));
    assert_eq!(stored.winner.as_deref(), game.winner().map(Seat::as_str));
    game
}

async fn a_whole_match_is_recorded_and_replays_to_the_stored_state(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    let mut step = 0;
    while f.stored(id).await.status == "active" {
        let outcome = f.play(id, cycle(step)).await;
        step += 1;
        assert_eq!(outcome.board.turn, step as i64);
        assert!(step < 5_000, "the match never ended");
    }
    let stored = f.stored(id).await;
    assert_eq!((stored.status.as_str(), stored.end_reason.as_deref()), ("finished", Some("hits")));
    assert_eq!(stored.version, step as i64);
    assert_eq!(f.actions_stored(id).await, step as i64);

    let game = assert_record_replays(&f, id).await;
    let winner = game.winner().expect("a winner");
    assert_eq!(*game.score().get(winner), game.options().hits_to_win);

    assert!(matches!(f.svc.hand(GUILD, id, ALICE).await, Err(ServiceError::MatchOver)));
    assert!(matches!(f.svc.resign(GUILD, id, ALICE, f.interaction()).await, Err(ServiceError::MatchOver)));
    assert!(f.svc.active_matches(GUILD, ALICE).await.unwrap().is_empty());
}

async fn a_record_whose_log_does_not_replay_to_the_state_is_refused(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    for step in 0..4 {
        f.play(id, cycle(step)).await;
    }
    assert_record_replays(&f, id).await;
    // An action of the log changed to another legal one: the count agrees, the replay does not.
    let first = f.text("SELECT action FROM match_actions WHERE match_id = $1 AND turn = 0", id).await;
    let record = typed(f.svc.record(id).await.unwrap());
    let game = EnGarde::from_record(&MatchRecord { actions: Vec::new(), ..record.clone() }).unwrap();
    let seat = game.to_act().unwrap();
    let other =
        game.legal_actions().into_iter().map(|action| SeatedAction { seat, action }).find(|a| *a != record.actions[0]);
    let other = serde_json::to_string(&other.expect("another opening move")).unwrap();
    let set_first = "UPDATE match_actions SET action = $1 WHERE match_id = $2 AND turn = 0";
    assert_eq!(f.exec(set_first, &[Bind::Text(&other), Bind::Int(id)]).await, 1);
    let refused = f.svc.record(id).await.expect_err("the log no longer replays to the state");
    assert!(refused.is_internal() && format!("{refused:?}").contains("does not replay"), "{refused:?}");
    // An action missing from the log.
    assert_eq!(f.exec(set_first, &[Bind::Text(&first), Bind::Int(id)]).await, 1);
    f.svc.record(id).await.expect("the log mended");
    assert_eq!(f.exec("DELETE FROM match_actions WHERE match_id = $1 AND turn = 3", &[Bind::Int(id)]).await, 1);
    let refused = f.svc.record(id).await.expect_err("an action is missing");
    assert!(refused.is_internal() && format!("{refused:?}").contains("disagree"), "{refused:?}");
}

async fn resigning_mid_match_ends_it_for_the_opponent(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    for step in 0..7 {
        f.play(id, cycle(step)).await;
    }
    // Resigning is allowed out of turn.
    let turn = f.turn(id).await;
    let quitter = f.hand(id, turn.other).await.seat;
    let outcome = f.svc.resign(GUILD, id, turn.other, f.interaction()).await.unwrap();
    assert_eq!(outcome.board.winner(), Some(quitter.other()));

    let stored = f.stored(id).await;
    assert_eq!(stored.status, "finished");
    assert_eq!(stored.winner.as_deref(), Some(quitter.other().as_str()));
    assert_eq!(stored.end_reason.as_deref(), Some("resign"));
    assert_eq!(stored.version, 8);
    assert_record_replays(&f, id).await;
    let logged = typed(f.svc.record(id).await.unwrap()).actions;
    assert_eq!(logged.last().map(|a| (a.seat, a.action)), Some((quitter, Action::Resign)));
}

// 7. Which match a command means.

async fn active_matches_and_which_match_a_command_means(f: Fixture) {
    let resolve = |channel, named| f.svc.resolve_match(GUILD, channel, ALICE, named);
    assert!(f.svc.active_matches(GUILD, ALICE).await.unwrap().is_empty());
    assert!(matches!(resolve(CHANNEL, None).await, Err(ServiceError::NoMatch)));

    let with_bob = f.start_match_in(GUILD, CHANNEL, ALICE, BOB).await;
    assert_eq!(resolve(OTHER_CHANNEL, None).await.unwrap(), with_bob, "the only match, from anywhere");
    let list = f.svc.active_matches(GUILD, ALICE).await.unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].match_id, list[0].opponent.as_str(), list[0].score), (with_bob, "Bob", (0, 0)));
    let bobs = f.svc.active_matches(GUILD, BOB).await.unwrap();
    assert_ne!(list[0].your_turn, bobs[0].your_turn, "exactly one of them is to act");

    let with_carol = f.start_match_in(GUILD, OTHER_CHANNEL, CAROL, ALICE).await;
    let ids: Vec<i64> = f.svc.active_matches(GUILD, ALICE).await.unwrap().iter().map(|m| m.match_id).collect();
    assert_eq!(ids, [with_bob, with_carol]);
    assert!(matches!(resolve(THREAD, None).await, Err(ServiceError::SeveralMatches)));
    assert_eq!(resolve(CHANNEL, None).await.unwrap(), with_bob, "the match in this channel");
    assert_eq!(resolve(OTHER_CHANNEL, None).await.unwrap(), with_carol, "the match in this channel");
    assert_eq!(resolve(CHANNEL, Some(with_carol)).await.unwrap(), with_carol, "the match named");

    f.svc.set_match_channel(with_bob, THREAD).await.unwrap();
    assert_eq!(resolve(THREAD, None).await.unwrap(), with_bob, "the match in this thread");
    assert!(matches!(resolve(CHANNEL, None).await, Err(ServiceError::SeveralMatches)));

    assert!(f.svc.active_matches(OTHER_GUILD, ALICE).await.unwrap().is_empty());
    assert!(matches!(f.svc.resolve_match(OTHER_GUILD, CHANNEL, ALICE, None).await, Err(ServiceError::NoMatch)));

    f.svc.resign(GUILD, with_bob, BOB, f.interaction()).await.unwrap();
    assert_eq!(resolve(THREAD, None).await.unwrap(), with_carol, "a finished match no longer counts");
}

// 8. Nothing secret in public messages.

/// A player's hand as their private message prints it (the backtick list).
fn printed_hand(hand: &HandView) -> String {
    let text = render::hand_text(engarde::i18n::Lang::En, hand);
    let line = text.lines().find_map(|l| l.strip_prefix("**Your hand:** ")).expect("a hand line");
    line.to_owned()
}

/// Checks that a rendered public board shows neither hand.
fn assert_no_hand_in(board: &engarde::service::BoardView, hands: &[HandView]) {
    for lang in engarde::i18n::Lang::ALL {
        let json = serde_json::to_string(&render::board(lang, board)).unwrap();
        assert!(!json.to_lowercase().contains("hand:"), "turn {}: {json}", board.turn);
        for hand in hands.iter().filter(|h| !eg(&h.view).hand.is_empty()) {
            let printed = printed_hand(hand);
            assert!(printed.contains('`'), "{printed}");
            assert!(!json.contains(&printed), "turn {}: {}'s hand {printed} in {json}", board.turn, hand.seat);
        }
    }
}

async fn public_boards_show_no_hand(f: Fixture) {
    let id = f.start_match(ALICE, BOB).await;
    for step in 0..40 {
        let outcome = f.play(id, cycle(step)).await;
        let stored = f.stored(id).await;
        if stored.status != "active" {
            break;
        }
        let hands = [f.hand(id, ALICE).await, f.hand(id, BOB).await];
        let (board, _) = f.svc.board(id).await.unwrap();
        assert_eq!(board.public, engarde_rules::PublicView::EnGarde(stored.game().public_view()));
        assert_eq!(outcome.board.public, board.public);
        assert_eq!(board.turn, stored.version);
        assert_no_hand_in(&outcome.board, &hands);
        assert_no_hand_in(&board, &hands);
    }
}

/// The En Garde view inside a seat's view.
fn eg(view: &engarde_rules::SeatView) -> &engarde_rules::engarde::SeatView {
    match view {
        engarde_rules::SeatView::EnGarde(v) => v,
        other => panic!("not an En Garde view: {other:?}"),
    }
}

/// A stored match's record, as En Garde's typed record.
fn typed(record: serde_json::Value) -> MatchRecord {
    serde_json::from_value(record).expect("an En Garde record")
}

/// The option changes of a challenge with `hits` to win.
fn hits_option(hits: Option<u8>) -> engarde_rules::OptionMap {
    hits.map(|h| engarde_rules::OptionMap::from_iter([("hits_to_win".to_owned(), h.into())])).unwrap_or_default()
}

fixture::on_both_stores! {
    an_accepted_challenge_starts_a_match_with_private_hands,
    impossible_challenges_are_refused_and_store_nothing,
    a_pending_challenge_or_an_unfinished_match_blocks_another,
    only_the_challenged_player_accepts_and_only_once,
    declining_and_withdrawing_close_a_challenge_differently,
    a_repeated_slash_command_makes_one_challenge,
    refused_actions_leave_the_stored_match_untouched,
    two_clicks_racing_on_one_turn_apply_once,
    moves_committed_together_each_get_their_own_answer,
    an_interaction_delivered_twice_applies_once,
    an_interaction_delivered_twice_at_once_applies_once,
    a_resignation_racing_a_move_is_never_stale,
    a_whole_match_is_recorded_and_replays_to_the_stored_state,
    a_record_whose_log_does_not_replay_to_the_state_is_refused,
    resigning_mid_match_ends_it_for_the_opponent,
    active_matches_and_which_match_a_command_means,
    public_boards_show_no_hand,
}
