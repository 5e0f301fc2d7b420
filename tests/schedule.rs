//! Asynchronous play over a real SQLite database: deadlines and forfeits,
//! reminders, expiring challenges, server settings, draws, aborts, boards
//! owed to Discord and who publishes them. A fresh, migrated file per test, a clock moved by hand
//! (never a sleep) and a fixed seed; every test checks what was stored.

mod fixture;
mod pg;

use std::time::Duration;

use engarde::service::settings::{GuildSettings, SettingsChange};
use engarde::service::{
    AcceptOutcome, ActOutcome, ActRequest, BoardLink, ChallengeRequest, ChallengeView, DrawAnswer, PlayerInfo,
    Reminder, ServiceError,
};
use engarde_rules::engarde::{Action, EnGarde, SeatedAction, Variant};
use engarde_rules::{BySeat, Seat};
use fixture::{Fixture, T0};
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

const GUILD: u64 = 1_000;
const OTHER_GUILD: u64 = 2_000;
const CHANNEL: u64 = 3_000;
const OTHER_CHANNEL: u64 = 3_001;
const THREAD: u64 = 3_002;
const THREAD_2: u64 = 3_003;
const BOARDS: u64 = 3_010;

const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;
const DAVE: u64 = 104;
const ADMIN: u64 = 200;

const MINUTE: i64 = 60;
const HOUR: i64 = 3_600;
const DAY: i64 = 24 * HOUR;

fn secs(s: i64) -> Duration {
    Duration::from_secs(u64::try_from(s).expect("a positive duration"))
}

fn name(user: u64) -> &'static str {
    match user {
        ALICE => "Alice",
        BOB => "Bob",
        CAROL => "Carol",
        DAVE => "Dave",
        _ => "Someone",
    }
}

fn person(user_id: u64) -> PlayerInfo {
    PlayerInfo { user_id, name: name(user_id).to_owned(), bot: false }
}

impl Fixture {
    /// A challenge with every option left to the server.
    fn request(&self, guild_id: u64, channel_id: u64, from: u64, to: u64) -> ChallengeRequest {
        ChallengeRequest {
            guild_id,
            channel_id,
            challenger: person(from),
            challenged: person(to),
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: self.interaction(),
        }
    }

    async fn challenge(&self, from: u64, to: u64) -> ChallengeView {
        self.svc.challenge(self.request(GUILD, CHANNEL, from, to)).await.expect("challenge")
    }

    /// Makes and accepts a challenge.
    async fn start_with(&self, req: ChallengeRequest) -> AcceptOutcome {
        let challenged = req.challenged.user_id;
        let challenge = self.svc.challenge(req).await.expect("challenge");
        self.svc.accept(challenge.id, &person(challenged)).await.expect("accept")
    }

    async fn start(&self, guild: u64, channel: u64, a: u64, b: u64) -> i64 {
        self.start_with(self.request(guild, channel, a, b)).await.board.match_id
    }

    /// One value from a query with one bound id.
    async fn scalar<T>(&self, sql: &str, id: i64) -> T
    where
        T: Send + Unpin,
        (T,): for<'r> sqlx::FromRow<'r, SqliteRow> + for<'r> sqlx::FromRow<'r, PgRow>,
    {
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_scalar(sql).bind(id).fetch_one(cx).await)
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    async fn deadline(&self, id: i64) -> Option<i64> {
        self.scalar("SELECT deadline_at FROM matches WHERE id = $1", id).await
    }

    /// The users in each seat of a match.
    async fn seats(&self, id: i64) -> BySeat<u64> {
        let a: i64 = self.scalar("SELECT seat_a FROM matches WHERE id = $1", id).await;
        let b: i64 = self.scalar("SELECT seat_b FROM matches WHERE id = $1", id).await;
        BySeat { a: a as u64, b: b as u64 }
    }

    async fn seat_of(&self, id: i64, user: u64) -> Seat {
        let seats = self.seats(id).await;
        if seats.a == user {
            Seat::A
        } else {
            assert_eq!(seats.b, user, "{user} plays in match {id}");
            Seat::B
        }
    }

    /// Who is to act in an unfinished match, and their opponent.
    async fn to_act(&self, id: i64) -> (u64, u64) {
        let seat = self.stored(id).await.game().to_act().expect("someone to act");
        let seats = self.seats(id).await;
        (*seats.get(seat), *seats.get(seat.other()))
    }

    /// The request for the first legal action of whoever is to act.
    async fn next_move(&self, id: i64) -> ActRequest {
        let guild: i64 = self.scalar("SELECT guild_id FROM matches WHERE id = $1", id).await;
        let (user, _) = self.to_act(id).await;
        let hand = self.svc.hand(guild as u64, id, user).await.expect("hand");
        ActRequest {
            guild_id: guild as u64,
            match_id: id,
            turn: hand.turn,
            user_id: user,
            action: hand.legal_actions[0],
            interaction_id: self.interaction(),
        }
    }

    /// Whoever is to act plays their first legal action (a few of these never end a match).
    async fn play(&self, id: i64) -> ActOutcome {
        let req = self.next_move(id).await;
        self.svc.act(req).await.expect("a legal action is applied")
    }

    /// Makes `user` the one to act (their opponent moves once if need be).
    async fn make_to_act(&self, id: i64, user: u64) {
        if self.to_act(id).await.0 != user {
            self.play(id).await;
        }
        assert_eq!(self.to_act(id).await.0, user);
    }

    /// Checks that the stored record replays to the stored state; returns the game.
    async fn assert_record_replays(&self, id: i64) -> EnGarde {
        let stored = self.stored(id).await;
        let record = self.svc.record(id).await.expect("record");
        assert_eq!(record["actions"].as_array().map_or(0, Vec::len) as i64, stored.version);
        let replayed =
            EnGarde::from_record(&serde_json::from_value(record.clone()).unwrap()).expect("the record replays");
        assert_eq!(replayed, stored.game(), "the record replays to the stored state");
        replayed
    }
}

/// Reminders in a fixed order: by server, then player.
fn sorted(mut reminders: Vec<Reminder>) -> Vec<Reminder> {
    reminders.sort_by_key(|r| (r.guild_id, r.user_id));
    reminders
}

fn reminded_matches(r: &Reminder) -> Vec<i64> {
    r.matches.iter().map(|m| m.match_id).collect()
}

// 1. Deadlines and forfeits.

async fn the_first_decision_is_due_a_turn_after_acceptance_and_each_action_resets_it(f: Fixture) {
    // The default: two days.
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    assert_eq!(f.scalar::<i64>("SELECT turn_seconds FROM matches WHERE id = $1", id).await, 48 * HOUR);
    assert_eq!(f.deadline(id).await, Some(T0 + 48 * HOUR));

    // The challenge's own turn option, counted from acceptance, not from the challenge.
    let req = ChallengeRequest { turn: Some(secs(2 * HOUR)), ..f.request(GUILD, CHANNEL, ALICE, CAROL) };
    let challenge = f.svc.challenge(req).await.unwrap();
    assert_eq!(challenge.turn_seconds, 2 * HOUR);
    f.advance(10 * MINUTE);
    let accepted = f.svc.accept(challenge.id, &person(CAROL)).await.unwrap();
    let timed = accepted.board.match_id;
    assert_eq!(accepted.board.deadline, Some(f.now() + 2 * HOUR));
    assert_eq!(f.deadline(timed).await, Some(f.now() + 2 * HOUR));

    // The server's setting, unless the challenge names its own.
    f.svc
        .update_settings(GUILD, ADMIN, &SettingsChange { turn: Some(secs(6 * HOUR)), ..Default::default() })
        .await
        .unwrap();
    let server = f.start(GUILD, CHANNEL, BOB, CAROL).await;
    assert_eq!(f.scalar::<i64>("SELECT turn_seconds FROM matches WHERE id = $1", server).await, 6 * HOUR);
    assert_eq!(f.deadline(server).await, Some(f.now() + 6 * HOUR));
    let own = ChallengeRequest { turn: Some(secs(HOUR)), ..f.request(GUILD, CHANNEL, DAVE, BOB) };
    let own = f.start_with(own).await.board.match_id;
    assert_eq!(f.deadline(own).await, Some(f.now() + HOUR));
    // A match keeps the time it started with.
    assert_eq!(f.deadline(id).await, Some(T0 + 48 * HOUR));

    // Each action gives the next decision a full turn from that action's time.
    f.set(T0 + 5 * HOUR);
    let outcome = f.play(id).await;
    assert_eq!(f.deadline(id).await, Some(T0 + 5 * HOUR + 48 * HOUR));
    assert_eq!(outcome.board.deadline, Some(T0 + 5 * HOUR + 48 * HOUR));
    f.set(T0 + 52 * HOUR);
    f.play(id).await;
    assert_eq!(f.deadline(id).await, Some(T0 + 100 * HOUR));
    assert!(f.svc.forfeit_overdue().await.unwrap().iter().all(|b| b.match_id != id), "moved in time");
    assert_eq!(f.stored(id).await.status, "active");
}

async fn a_missed_deadline_loses_the_match_by_timeout_once(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.set(T0 + HOUR);
    f.play(id).await;
    let (late, punctual) = f.to_act(id).await;
    let late_seat = f.seat_of(id, late).await;
    let deadline = T0 + HOUR + 48 * HOUR;
    assert_eq!(f.deadline(id).await, Some(deadline));

    // Before the deadline: nothing.
    let before = f.stored(id).await;
    f.set(deadline - 1);
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
    assert_eq!(f.stored(id).await, before);

    // At the deadline a late move is refused, even before the scheduler runs.
    f.set(deadline);
    let late_move = f.next_move(id).await;
    assert!(matches!(f.svc.act(late_move).await, Err(ServiceError::DeadlinePassed)));
    assert_eq!(f.stored(id).await, before);

    // The player to act loses.
    let boards = f.svc.forfeit_overdue().await.unwrap();
    assert_eq!(boards.len(), 1);
    let board = &boards[0];
    assert_eq!((board.match_id, board.turn, board.deadline), (id, 2, None));
    assert_eq!(board.winner(), Some(late_seat.other()));
    assert_eq!(board.narration, engarde::service::Narration::Timeout { late: late_seat });

    let stored = f.stored(id).await;
    assert_eq!(stored.status, "finished");
    assert_eq!(stored.winner.as_deref(), Some(late_seat.other().as_str()));
    assert_eq!(stored.end_reason.as_deref(), Some("timeout"));
    assert_eq!((stored.deadline_at, stored.finished_at, stored.version), (None, Some(deadline), 2));
    assert_eq!(f.seat_of(id, punctual).await, late_seat.other());

    // The log shows a resignation by the late seat, made by no interaction.
    let seat: String = f.scalar("SELECT seat FROM match_actions WHERE turn = 1 AND match_id = $1", id).await;
    let user: i64 = f.scalar("SELECT user_id FROM match_actions WHERE turn = 1 AND match_id = $1", id).await;
    let interaction: Option<i64> =
        f.scalar("SELECT interaction_id FROM match_actions WHERE turn = 1 AND match_id = $1", id).await;
    let action: String = f.scalar("SELECT action FROM match_actions WHERE turn = 1 AND match_id = $1", id).await;
    assert_eq!((seat.as_str(), user as u64, interaction), (late_seat.as_str(), late, None));
    let action: SeatedAction = serde_json::from_str(&action).unwrap();
    assert_eq!(action, SeatedAction { seat: late_seat, action: Action::Resign });

    let game = f.assert_record_replays(id).await;
    assert!(game.is_finished());
    assert_eq!(game.winner(), Some(late_seat.other()));

    // No double fire, however often the scheduler runs.
    let after = f.stored(id).await;
    for _ in 0..2 {
        assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
        f.advance(DAY);
    }
    assert_eq!(f.stored(id).await, after);
    assert_eq!(f.scalar::<i64>("SELECT COUNT(*) FROM match_actions WHERE match_id = $1", id).await, 2);
    assert!(matches!(f.svc.hand(GUILD, id, late).await, Err(ServiceError::MatchOver)));
    assert!(f.svc.remind().await.unwrap().is_empty());
}

async fn overdue_matches_are_settled_in_deadline_order(f: Fixture) {
    let turn = |h: i64, from: u64, to: u64| ChallengeRequest {
        turn: Some(secs(h * HOUR)),
        ..f.request(GUILD, CHANNEL, from, to)
    };
    let three = f.start_with(turn(3, ALICE, BOB)).await.board.match_id;
    let one = f.start_with(turn(1, CAROL, DAVE)).await.board.match_id;
    let two = f.start_with(turn(2, BOB, CAROL)).await.board.match_id;
    let later = f.start(GUILD, CHANNEL, ALICE, CAROL).await;

    // As after a bot that was down for the three deadlines.
    f.set(T0 + 3 * HOUR);
    let settled: Vec<i64> = f.svc.forfeit_overdue().await.unwrap().iter().map(|b| b.match_id).collect();
    assert_eq!(settled, [one, two, three], "earliest deadline first");
    for id in [one, two, three] {
        let stored = f.stored(id).await;
        assert_eq!((stored.status.as_str(), stored.end_reason.as_deref()), ("finished", Some("timeout")), "{id}");
    }
    assert_eq!(f.stored(later).await.status, "active");
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
}

// 2. Reminders.

async fn a_reminder_comes_once_at_half_the_turn_and_again_for_the_next_turn(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    let (first, second) = f.to_act(id).await;

    f.set(T0 + 24 * HOUR - 1);
    assert!(f.svc.remind().await.unwrap().is_empty(), "not before half the turn");

    f.set(T0 + 24 * HOUR);
    let reminders = f.svc.remind().await.unwrap();
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let r = &reminders[0];
    assert_eq!((r.guild_id, r.user_id, r.channel_id), (GUILD, first, CHANNEL), "the player to act, not the other");
    assert_eq!(reminded_matches(r), [id]);
    assert_eq!((r.matches[0].opponent.as_str(), r.matches[0].deadline), (name(second), T0 + 48 * HOUR));
    assert_eq!(r.matches[0].board, None, "no board was posted");
    assert_eq!(f.stored(id).await.reminded_version, Some(0));

    assert!(f.svc.remind().await.unwrap().is_empty(), "once per turn");
    f.advance(20 * HOUR);
    assert!(f.svc.remind().await.unwrap().is_empty(), "once per turn");

    // The move starts a new turn with its own reminder, in the match's thread.
    f.set(T0 + 30 * HOUR);
    let outcome = f.play(id).await;
    f.svc.set_match_channel(id, THREAD).await.unwrap();
    f.svc.record_board(&outcome.board, THREAD, 555, "").await.unwrap();
    f.set(T0 + 54 * HOUR - 1);
    assert!(f.svc.remind().await.unwrap().is_empty());
    f.set(T0 + 54 * HOUR);
    let reminders = f.svc.remind().await.unwrap();
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let r = &reminders[0];
    assert_eq!((r.user_id, r.channel_id), (second, THREAD));
    assert_eq!((r.matches[0].opponent.as_str(), r.matches[0].deadline), (name(first), T0 + 78 * HOUR));
    assert_eq!(r.matches[0].board, Some(BoardLink { guild_id: GUILD, channel_id: THREAD, message_id: 555 }));
    assert_eq!(f.stored(id).await.reminded_version, Some(1));
    assert!(f.svc.remind().await.unwrap().is_empty());
}

async fn a_player_waiting_in_two_matches_gets_one_digest(f: Fixture) {
    let with_bob = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    let with_carol = f.start(GUILD, CHANNEL, CAROL, ALICE).await;
    f.make_to_act(with_bob, ALICE).await;
    f.make_to_act(with_carol, ALICE).await;
    f.svc.set_match_channel(with_bob, THREAD).await.unwrap();
    f.svc.set_match_channel(with_carol, THREAD_2).await.unwrap();

    f.set(T0 + 24 * HOUR);
    let reminders = f.svc.remind().await.unwrap();
    assert_eq!(reminders.len(), 1, "one ping: {reminders:?}");
    let r = &reminders[0];
    assert_eq!((r.guild_id, r.user_id), (GUILD, ALICE));
    assert_eq!(r.channel_id, CHANNEL, "a digest goes to the channel the matches came from");
    assert_eq!(reminded_matches(r), [with_bob, with_carol]);
    let opponents: Vec<&str> = r.matches.iter().map(|m| m.opponent.as_str()).collect();
    assert_eq!(opponents, ["Bob", "Carol"]);
    for id in [with_bob, with_carol] {
        let stored = f.stored(id).await;
        assert_eq!(stored.reminded_version, Some(stored.version), "match {id} is marked");
    }
    f.advance(HOUR);
    assert!(f.svc.remind().await.unwrap().is_empty(), "neither pings again this turn");
}

async fn players_in_different_servers_are_reminded_separately(f: Fixture) {
    let here = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    let there = f.start(OTHER_GUILD, OTHER_CHANNEL, ALICE, BOB).await;
    let others = f.start(GUILD, CHANNEL, CAROL, DAVE).await;
    f.make_to_act(here, ALICE).await;
    f.make_to_act(there, ALICE).await;
    let (to_act, _) = f.to_act(others).await;

    f.set(T0 + 24 * HOUR);
    let reminders = sorted(f.svc.remind().await.unwrap());
    let summary: Vec<(u64, u64, u64, Vec<i64>)> =
        reminders.iter().map(|r| (r.guild_id, r.user_id, r.channel_id, reminded_matches(r))).collect();
    let mut expected = vec![
        (GUILD, ALICE, CHANNEL, vec![here]),
        (GUILD, to_act, CHANNEL, vec![others]),
        (OTHER_GUILD, ALICE, OTHER_CHANNEL, vec![there]),
    ];
    expected.sort_by_key(|e| (e.0, e.1));
    assert_eq!(summary, expected);
    assert!(f.svc.remind().await.unwrap().is_empty());
}

// 3. Expiring challenges.

async fn an_unanswered_challenge_expires_once(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await;
    assert_eq!(challenge.expires_at, T0 + 24 * HOUR);
    assert_eq!(f.svc.set_challenge_message(challenge.id, 777).await.unwrap(), "pending");
    assert_eq!(f.svc.next_due().await.unwrap(), Some(T0 + 24 * HOUR));

    f.set(T0 + 24 * HOUR - 1);
    assert!(f.svc.expire_challenges().await.unwrap().is_empty());
    assert_eq!(f.challenge_status(challenge.id).await, "pending");

    f.set(T0 + 24 * HOUR);
    let expired = f.svc.expire_challenges().await.unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(
        (expired[0].challenge.id, expired[0].channel_id, expired[0].message_id),
        (challenge.id, CHANNEL, Some(777))
    );
    assert_eq!(f.challenge_status(challenge.id).await, "expired");
    assert!(f.svc.expire_challenges().await.unwrap().is_empty(), "returned once");
    assert_eq!(f.svc.next_due().await.unwrap(), None);

    let late = f.svc.accept(challenge.id, &person(BOB)).await;
    assert!(matches!(late, Err(ServiceError::ChallengeClosed(ref s)) if s == "expired"), "{late:?}");
    assert_eq!(f.rows("matches").await, 0);
}

async fn accepting_a_lapsed_challenge_expires_it_before_the_scheduler_does(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await;
    f.set(challenge.expires_at);
    let late = f.svc.accept(challenge.id, &person(BOB)).await;
    assert!(matches!(late, Err(ServiceError::ChallengeClosed(ref s)) if s == "expired"), "{late:?}");
    assert_eq!(f.challenge_status(challenge.id).await, "expired", "stored as expired");
    assert_eq!(
        f.scalar::<Option<i64>>("SELECT answered_at FROM challenges WHERE id = $1", challenge.id).await,
        Some(f.now())
    );
    assert_eq!(f.rows("matches").await, 0);
    assert!(f.svc.expire_challenges().await.unwrap().is_empty(), "already settled");
    let again = f.svc.accept(challenge.id, &person(BOB)).await;
    assert!(matches!(again, Err(ServiceError::ChallengeClosed(ref s)) if s == "expired"), "{again:?}");

    // A second before its expiry, a challenge is still open.
    let open = f.challenge(ALICE, CAROL).await;
    f.set(open.expires_at - 1);
    f.svc.accept(open.id, &person(CAROL)).await.unwrap();
    assert_eq!(f.challenge_status(open.id).await, "accepted");
}

/// A challenge that expired before its message was known tells whoever records the
/// message, since the scheduler could not close it.
async fn a_challenge_expired_before_its_message_says_so(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await;
    f.set(challenge.expires_at);
    let expired = f.svc.expire_challenges().await.unwrap();
    assert_eq!(expired.iter().map(|e| e.message_id).collect::<Vec<_>>(), vec![None]);
    assert_eq!(f.svc.set_challenge_message(challenge.id, 778).await.unwrap(), "expired");
    let unknown = f.svc.set_challenge_message(challenge.id + 1, 779).await;
    assert!(matches!(unknown, Err(ServiceError::ChallengeNotFound)), "{unknown:?}");
}

async fn a_lapsed_challenge_no_longer_blocks_a_new_one(f: Fixture) {
    let old = f.challenge(ALICE, BOB).await;
    f.svc.set_challenge_message(old.id, 900).await.unwrap();
    f.set(old.expires_at - 1);
    let blocked = f.svc.challenge(f.request(GUILD, CHANNEL, BOB, ALICE)).await;
    assert!(matches!(blocked, Err(ServiceError::ChallengePending(_))), "{blocked:?}");

    // Lapsed, though the scheduler has not run: the pair may fence again.
    f.set(old.expires_at);
    let new = f.svc.challenge(f.request(GUILD, CHANNEL, BOB, ALICE)).await.unwrap();
    assert_eq!(f.challenge_status(old.id).await, "pending", "left for the scheduler to close its message");
    let again = f.svc.challenge(f.request(GUILD, CHANNEL, ALICE, BOB)).await;
    assert!(matches!(again, Err(ServiceError::ChallengePending(_))), "the new one blocks: {again:?}");

    let expired = f.svc.expire_challenges().await.unwrap();
    assert_eq!(expired.iter().map(|e| (e.challenge.id, e.message_id)).collect::<Vec<_>>(), [(old.id, Some(900))]);
    assert_eq!(f.challenge_status(new.id).await, "pending");
    f.svc.accept(new.id, &person(ALICE)).await.unwrap();
}

async fn the_servers_challenge_setting_sets_the_expiry(f: Fixture) {
    let change = SettingsChange { challenge: Some(secs(HOUR)), ..Default::default() };
    f.svc.update_settings(GUILD, ADMIN, &change).await.unwrap();
    let challenge = f.challenge(ALICE, BOB).await;
    assert_eq!(challenge.expires_at, T0 + HOUR);
    assert_eq!(challenge.turn_seconds, 48 * HOUR, "the turn time is another setting");
    assert_eq!(f.scalar::<i64>("SELECT expires_at FROM challenges WHERE id = $1", challenge.id).await, T0 + HOUR);
    // Another server keeps the default.
    let elsewhere = f.svc.challenge(f.request(OTHER_GUILD, OTHER_CHANNEL, ALICE, BOB)).await.unwrap();
    assert_eq!(elsewhere.expires_at, T0 + 24 * HOUR);

    f.set(T0 + HOUR - 1);
    assert!(f.svc.expire_challenges().await.unwrap().is_empty());
    f.set(T0 + HOUR);
    let expired: Vec<i64> = f.svc.expire_challenges().await.unwrap().iter().map(|e| e.challenge.id).collect();
    assert_eq!(expired, [challenge.id]);
    assert_eq!(f.challenge_status(elsewhere.id).await, "pending");
}

// 4. Settings.

async fn settings_default_and_changes_keep_what_is_not_named(f: Fixture) {
    let defaults = f.svc.settings(GUILD).await.unwrap();
    assert_eq!(
        defaults,
        GuildSettings {
            turn: secs(48 * HOUR),
            challenge: secs(24 * HOUR),
            threads: true,
            board_channel: None,
            default_variant: Variant::EngardeStandard.into(),
            language: None,
            pictures: true,
            away_allowance: secs(14 * DAY),
        }
    );
    assert_eq!(f.rows("guild_settings").await, 0, "defaults are not stored");

    let turn = SettingsChange { turn: Some(secs(6 * HOUR)), ..Default::default() };
    let changed = f.svc.update_settings(GUILD, ADMIN, &turn).await.unwrap();
    assert_eq!(changed, GuildSettings { turn: secs(6 * HOUR), ..defaults.clone() });
    let threads = SettingsChange { threads: Some(false), ..Default::default() };
    let changed = f.svc.update_settings(GUILD, ADMIN, &threads).await.unwrap();
    assert_eq!(changed, GuildSettings { turn: secs(6 * HOUR), threads: false, ..defaults.clone() });
    assert_eq!(f.svc.settings(GUILD).await.unwrap(), changed);
    assert_eq!(f.svc.settings(OTHER_GUILD).await.unwrap(), defaults, "per server");

    let g = GUILD as i64;
    assert_eq!(f.scalar::<i64>("SELECT turn_seconds FROM guild_settings WHERE guild_id = $1", g).await, 6 * HOUR);
    assert_eq!(f.scalar::<i64>("SELECT challenge_seconds FROM guild_settings WHERE guild_id = $1", g).await, DAY);
    assert!(!f.scalar::<bool>("SELECT threads FROM guild_settings WHERE guild_id = $1", g).await);
    assert_eq!(
        f.scalar::<Option<i64>>("SELECT board_channel_id FROM guild_settings WHERE guild_id = $1", g).await,
        None
    );
    let variant: String = f.scalar("SELECT default_variant FROM guild_settings WHERE guild_id = $1", g).await;
    assert_eq!(variant, "engarde-standard");
    assert_eq!(f.scalar::<i64>("SELECT updated_by FROM guild_settings WHERE guild_id = $1", g).await, ADMIN as i64);

    // The matches follow: no thread wanted.
    let accepted = f.start_with(f.request(GUILD, CHANNEL, ALICE, BOB)).await;
    assert!(!accepted.thread);

    // Boards in text, then with pictures again.
    assert!(f.svc.board_pictures(GUILD).await.unwrap(), "pictures by default");
    let text = SettingsChange { pictures: Some(false), ..Default::default() };
    assert!(!f.svc.update_settings(GUILD, ADMIN, &text).await.unwrap().pictures);
    assert!(!f.svc.board_pictures(GUILD).await.unwrap());
    assert!(f.svc.board_pictures(OTHER_GUILD).await.unwrap(), "per server");
    let boards: String = f.scalar("SELECT boards FROM guild_settings WHERE guild_id = $1", g).await;
    assert_eq!(boards, "text");
    let pictures = SettingsChange { pictures: Some(true), ..Default::default() };
    assert!(f.svc.update_settings(GUILD, ADMIN, &pictures).await.unwrap().pictures);
    assert!(f.svc.board_pictures(GUILD).await.unwrap());
}

async fn a_servers_language_is_its_admins_choice_else_its_discord_locale_else_english(f: Fixture) {
    use engarde::i18n::Lang;
    assert_eq!(f.svc.server_lang(GUILD).await.unwrap(), Lang::En, "nothing known: English");
    // A locale the bot does not speak: English.
    f.svc.note_guild_locale(GUILD, "de").await.unwrap();
    assert_eq!(f.svc.server_lang(GUILD).await.unwrap(), Lang::En);
    f.svc.note_guild_locale(GUILD, "fr").await.unwrap();
    assert_eq!(f.svc.server_lang(GUILD).await.unwrap(), Lang::Fr, "the server's Discord locale");
    f.svc.note_guild_locale(OTHER_GUILD, "es-419").await.unwrap();
    assert_eq!(f.svc.server_lang(OTHER_GUILD).await.unwrap(), Lang::Es, "Latin American Spanish speaks Spanish");
    assert_eq!(f.rows("guild_settings").await, 0, "a locale is no setting");
    // An admin's choice wins, and survives the locale changing.
    let zh = SettingsChange { language: Some(Some(Lang::ZhTw)), ..Default::default() };
    assert_eq!(f.svc.update_settings(GUILD, ADMIN, &zh).await.unwrap().language, Some(Lang::ZhTw));
    f.svc.note_guild_locale(GUILD, "es-ES").await.unwrap();
    assert_eq!(f.svc.server_lang(GUILD).await.unwrap(), Lang::ZhTw);
    assert_eq!(f.svc.server_lang(OTHER_GUILD).await.unwrap(), Lang::Es, "per server");
    // Other settings keep it; going back to the server's own language.
    let threads = SettingsChange { threads: Some(false), ..Default::default() };
    assert_eq!(f.svc.update_settings(GUILD, ADMIN, &threads).await.unwrap().language, Some(Lang::ZhTw));
    let back = SettingsChange { language: Some(None), ..Default::default() };
    assert_eq!(f.svc.update_settings(GUILD, ADMIN, &back).await.unwrap().language, None);
    assert_eq!(f.svc.server_lang(GUILD).await.unwrap(), Lang::Es, "the latest locale");
}

async fn out_of_range_durations_are_refused_and_store_nothing(f: Fixture) {
    let turn = |s| SettingsChange { turn: Some(secs(s)), ..Default::default() };
    let challenge = |s| SettingsChange { challenge: Some(secs(s)), ..Default::default() };
    let bad = [
        turn(10 * MINUTE - 1),
        turn(14 * DAY + 1),
        challenge(5 * MINUTE - 1),
        challenge(7 * DAY + 1),
        // One good value does not carry a bad one.
        SettingsChange {
            turn: Some(secs(HOUR)),
            challenge: Some(secs(8 * DAY)),
            threads: Some(false),
            ..Default::default()
        },
    ];
    for change in &bad {
        let result = f.svc.update_settings(GUILD, ADMIN, change).await;
        assert!(matches!(result, Err(ServiceError::BadOptions(_))), "{change:?}: {result:?}");
    }
    assert_eq!(f.rows("guild_settings").await, 0);

    // The limits themselves are allowed.
    for change in [turn(10 * MINUTE), turn(14 * DAY), challenge(5 * MINUTE), challenge(7 * DAY)] {
        f.svc.update_settings(GUILD, ADMIN, &change).await.unwrap();
    }
    let stored = f.svc.settings(GUILD).await.unwrap();
    assert_eq!((stored.turn, stored.challenge), (secs(14 * DAY), secs(7 * DAY)));
    // A refusal leaves the stored settings as they were.
    for change in &bad {
        assert!(f.svc.update_settings(GUILD, ADMIN, change).await.is_err());
    }
    assert_eq!(f.svc.settings(GUILD).await.unwrap(), stored);
    let g = GUILD as i64;
    assert_eq!(f.scalar::<i64>("SELECT turn_seconds FROM guild_settings WHERE guild_id = $1", g).await, 14 * DAY);
    assert_eq!(f.scalar::<i64>("SELECT challenge_seconds FROM guild_settings WHERE guild_id = $1", g).await, 7 * DAY);

    // A challenge's own turn time has the same range.
    for s in [10 * MINUTE - 1, 14 * DAY + 1] {
        let req = ChallengeRequest { turn: Some(secs(s)), ..f.request(GUILD, CHANNEL, ALICE, BOB) };
        assert!(matches!(f.svc.challenge(req).await, Err(ServiceError::BadOptions(_))), "{s}");
    }
    assert_eq!(f.rows("challenges").await, 0);
}

async fn a_challenge_without_a_variant_uses_the_servers_default(f: Fixture) {
    let plain = f.challenge(ALICE, BOB).await;
    assert_eq!(plain.variant, engarde_rules::Variant::from(Variant::EngardeStandard));

    let change = SettingsChange { default_variant: Some(Variant::KengoNormal.into()), ..Default::default() };
    f.svc.update_settings(GUILD, ADMIN, &change).await.unwrap();
    let accepted = f.start_with(f.request(GUILD, CHANNEL, CAROL, DAVE)).await;
    assert_eq!(accepted.challenge.variant, engarde_rules::Variant::from(Variant::KengoNormal));
    let id = accepted.board.match_id;
    assert_eq!(f.scalar::<String>("SELECT variant FROM matches WHERE id = $1", id).await, "kengo-normal");
    assert_eq!(f.stored(id).await.game().variant(), Variant::KengoNormal);
    let c: String = f.scalar("SELECT variant FROM challenges WHERE id = $1", accepted.challenge.id).await;
    assert_eq!(c, "kengo-normal");

    // A variant named in the challenge wins.
    let named =
        ChallengeRequest { variant: Some(Variant::EngardeBasic.into()), ..f.request(GUILD, CHANNEL, BOB, CAROL) };
    assert_eq!(f.svc.challenge(named).await.unwrap().variant, engarde_rules::Variant::from(Variant::EngardeBasic));
    // Another server keeps its own default.
    let elsewhere = f.svc.challenge(f.request(OTHER_GUILD, OTHER_CHANNEL, CAROL, DAVE)).await.unwrap();
    assert_eq!(elsewhere.variant, engarde_rules::Variant::from(Variant::EngardeStandard));
}

async fn a_board_channel_takes_the_matches_boards(f: Fixture) {
    // Without one, boards stay in the challenge's channel and a thread grows from its message.
    let challenge = f.challenge(ALICE, BOB).await;
    f.svc.set_challenge_message(challenge.id, 700).await.unwrap();
    let here = f.svc.accept(challenge.id, &person(BOB)).await.unwrap();
    assert_eq!((here.board.channel_id, here.challenge_message, here.thread), (CHANNEL, Some(700), true));

    let change = SettingsChange { board_channel: Some(Some(BOARDS)), ..Default::default() };
    assert_eq!(f.svc.update_settings(GUILD, ADMIN, &change).await.unwrap().board_channel, Some(BOARDS));
    let challenge = f.challenge(CAROL, DAVE).await;
    f.svc.set_challenge_message(challenge.id, 701).await.unwrap();
    let there = f.svc.accept(challenge.id, &person(DAVE)).await.unwrap();
    let id = there.board.match_id;
    assert_eq!(there.board.channel_id, BOARDS);
    assert_eq!(there.challenge_message, None, "no thread from a message in another channel");
    assert_eq!(f.scalar::<i64>("SELECT channel_id FROM matches WHERE id = $1", id).await, BOARDS as i64);
    assert_eq!(
        f.scalar::<Option<i64>>("SELECT home_channel_id FROM matches WHERE id = $1", id).await,
        Some(CHANNEL as i64)
    );
    assert_eq!(f.play(id).await.board.channel_id, BOARDS, "later boards too");
    assert_eq!(f.svc.board(id).await.unwrap().0.channel_id, BOARDS);

    // Back to the challenge's channel.
    let change = SettingsChange { board_channel: Some(None), ..Default::default() };
    assert_eq!(f.svc.update_settings(GUILD, ADMIN, &change).await.unwrap().board_channel, None);
    let back = f.start_with(f.request(GUILD, CHANNEL, BOB, CAROL)).await;
    assert_eq!(back.board.channel_id, CHANNEL);
}

// 5. Draws.

async fn an_accepted_draw_ends_the_match_with_no_winner(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.play(id).await;
    let offer = f.svc.offer_draw(GUILD, id, ALICE, f.interaction()).await.unwrap().expect("an offer, not a draw");
    assert_eq!((offer.match_id, offer.turn, offer.channel_id), (id, 1, CHANNEL));
    assert_eq!((offer.by.user_id, offer.to.user_id), (ALICE, BOB));
    let stored = f.stored(id).await;
    assert_eq!((stored.draw_offer_seat.as_deref(), stored.draw_offer_version), (Some("a"), Some(1)));

    // Only the opponent may accept.
    let own = f.svc.answer_draw(GUILD, id, 1, ALICE, true, f.interaction()).await;
    assert!(matches!(own, Err(ServiceError::NotForYou)), "{own:?}");
    let spectator = f.svc.answer_draw(GUILD, id, 1, CAROL, true, f.interaction()).await;
    assert!(matches!(spectator, Err(ServiceError::NotInMatch)), "{spectator:?}");
    let spectator = f.svc.offer_draw(GUILD, id, CAROL, f.interaction()).await;
    assert!(matches!(spectator, Err(ServiceError::NotInMatch)), "{spectator:?}");
    assert_eq!(f.stored(id).await, stored, "refusals change nothing");

    f.advance(MINUTE);
    let answer = f.svc.answer_draw(GUILD, id, 1, BOB, true, f.interaction()).await.unwrap();
    let DrawAnswer::Accepted(outcome) = answer else { panic!("the draw is agreed: {answer:?}") };
    assert_eq!((outcome.board.winner(), outcome.board.deadline, outcome.board.turn), (None, None, 2));

    let stored = f.stored(id).await;
    assert_eq!(stored.status, "finished");
    assert_eq!(stored.winner, None);
    assert_eq!(stored.end_reason.as_deref(), Some("draw"));
    assert_eq!((stored.deadline_at, stored.draw_offer_seat, stored.finished_at), (None, None, Some(f.now())));
    let game = f.assert_record_replays(id).await;
    assert!(game.is_finished());
    assert_eq!(game.winner(), None);
    let logged = f.svc.record(id).await.unwrap()["actions"].clone();
    assert_eq!(logged.as_array().and_then(|a| a.last()), Some(&serde_json::json!({ "seat": "b", "agree_draw": true })));

    // Over is over.
    let twice = f.svc.answer_draw(GUILD, id, 1, BOB, true, f.interaction()).await;
    assert!(matches!(twice, Err(ServiceError::MatchOver)), "{twice:?}");
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
}

async fn a_move_after_an_offer_makes_it_lapse(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    let (mover, waiting) = f.to_act(id).await;
    // The waiting player offers; the other plays on instead of answering.
    let offer = f.svc.offer_draw(GUILD, id, waiting, f.interaction()).await.unwrap().unwrap();
    assert_eq!(offer.turn, 0);
    f.play(id).await;
    let stored = f.stored(id).await;
    assert_eq!((stored.draw_offer_seat.as_deref(), stored.draw_offer_version), (None, None));
    for turn in [0, 1] {
        let late = f.svc.answer_draw(GUILD, id, turn, mover, true, f.interaction()).await;
        assert!(matches!(late, Err(ServiceError::DrawLapsed)), "turn {turn}: {late:?}");
    }
    assert_eq!(f.stored(id).await, stored);
    assert_eq!(stored.status, "active");
}

async fn a_declined_offer_is_gone(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.svc.offer_draw(GUILD, id, BOB, f.interaction()).await.unwrap().unwrap();
    let answer = f.svc.answer_draw(GUILD, id, 0, ALICE, false, f.interaction()).await.unwrap();
    assert!(matches!(answer, DrawAnswer::Declined { ref by } if by.user_id == ALICE), "{answer:?}");
    let stored = f.stored(id).await;
    assert_eq!((stored.status.as_str(), stored.draw_offer_seat.as_deref(), stored.version), ("active", None, 0));

    let after = f.svc.answer_draw(GUILD, id, 0, ALICE, true, f.interaction()).await;
    assert!(matches!(after, Err(ServiceError::DrawLapsed)), "{after:?}");
    assert_eq!(f.stored(id).await, stored);
    assert_eq!(f.scalar::<i64>("SELECT COUNT(*) FROM match_actions WHERE match_id = $1", id).await, 0);
}

async fn both_players_offering_at_the_same_turn_draw_at_once(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.play(id).await;
    f.play(id).await;
    f.svc.offer_draw(GUILD, id, ALICE, f.interaction()).await.unwrap().expect("an offer");
    let second = f.svc.offer_draw(GUILD, id, BOB, f.interaction()).await.unwrap();
    let Err(DrawAnswer::Accepted(outcome)) = second else { panic!("two offers are an agreement: {second:?}") };
    assert_eq!(outcome.board.winner(), None);
    let stored = f.stored(id).await;
    assert_eq!((stored.status.as_str(), stored.winner, stored.end_reason.as_deref()), ("finished", None, Some("draw")));
    let game = f.assert_record_replays(id).await;
    assert!(game.is_finished() && game.winner().is_none());
}

async fn a_draw_cannot_be_clicked_as_a_move(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.svc.offer_draw(GUILD, id, ALICE, f.interaction()).await.unwrap().unwrap();
    let before = f.stored(id).await;
    for user in [ALICE, BOB] {
        let req = ActRequest { user_id: user, action: Action::AgreeDraw.into(), ..f.next_move(id).await };
        let result = f.svc.act(req).await;
        assert!(matches!(result, Err(ServiceError::NotAMove)), "{user}: {result:?}");
    }
    assert_eq!(f.stored(id).await, before);
    assert_eq!(f.rows("match_actions").await, 0);
}

// 6. Abort.

async fn an_aborted_match_is_over_and_counts_for_nothing(f: Fixture) {
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    f.play(id).await;
    let next = f.next_move(id).await;
    f.advance(MINUTE);

    let wrong_server = f.svc.abort(OTHER_GUILD, id, "Admin").await;
    assert!(matches!(wrong_server, Err(ServiceError::MatchNotFound(m)) if m == id), "{wrong_server:?}");
    let board = f.svc.abort(GUILD, id, "Admin").await.unwrap();
    assert!(board.aborted);
    assert_eq!((board.match_id, board.turn, board.winner()), (id, 1, None));

    let stored = f.stored(id).await;
    assert_eq!(stored.status, "aborted");
    assert_eq!(stored.end_reason.as_deref(), Some("aborted"));
    assert_eq!((stored.winner.as_deref(), stored.deadline_at, stored.finished_at), (None, None, Some(f.now())));
    assert_eq!(stored.version, 1);

    assert!(matches!(f.svc.act(next).await, Err(ServiceError::MatchOver)));
    assert!(matches!(f.svc.hand(GUILD, id, ALICE).await, Err(ServiceError::MatchOver)));
    assert!(matches!(f.svc.offer_draw(GUILD, id, ALICE, f.interaction()).await, Err(ServiceError::MatchOver)));
    assert!(matches!(f.svc.abort(GUILD, id, "Admin").await, Err(ServiceError::MatchOver)));
    assert!(f.svc.active_matches(GUILD, ALICE).await.unwrap().is_empty());
    assert!(f.svc.active_matches(GUILD, BOB).await.unwrap().is_empty());
    assert_eq!(f.stored(id).await, stored);
    assert_eq!(f.rows("rating_changes").await, 0, "an aborted match is not rated");

    // Time no longer touches it.
    f.advance(3 * DAY);
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
    assert!(f.svc.remind().await.unwrap().is_empty());
    assert_eq!(f.stored(id).await, stored);
}

// 7. Boards owed to Discord.

/// What match `id` is owed now: its version and whether a final board.
async fn owed(f: &Fixture, id: i64) -> Option<(i64, bool)> {
    f.svc.owed_board(id).await.unwrap().map(|o| (o.version, o.ended))
}

async fn every_decision_owes_its_board_until_a_board_of_it_is_recorded(f: Fixture) {
    let accepted = f.start_with(f.request(GUILD, CHANNEL, ALICE, BOB)).await;
    let id = accepted.board.match_id;
    // The opening board, owed with the match itself, and drawn as an opening.
    assert_eq!(owed(&f, id).await, Some((0, false)));
    let all = f.svc.owed_boards().await.unwrap();
    assert_eq!(all.iter().map(|o| (o.match_id, o.version, o.guild_id)).collect::<Vec<_>>(), [(id, 0, GUILD)]);
    assert!(matches!(f.svc.owed_board_view(id).await.unwrap().narration, engarde::service::Narration::Opening));
    f.svc.record_board(&accepted.board, CHANNEL, 1, "").await.unwrap();
    assert_eq!(owed(&f, id).await, None);

    f.set(T0 + 100);
    let outcome = f.play(id).await;
    assert_eq!(owed(&f, id).await, Some((1, false)), "a move owes its board");
    let board = f.svc.owed_board_view(id).await.unwrap();
    assert_eq!((board.match_id, board.turn, board.channel_id), (id, 1, CHANNEL));
    assert_eq!(
        board.public,
        engarde_rules::PublicView::EnGarde(f.stored(id).await.game().public_view()),
        "the current board"
    );
    assert_eq!(board.public, outcome.board.public);
    assert_eq!(board.deadline, Some(T0 + 100 + 48 * HOUR));
    assert_eq!((&board.narration, board.fresh), (&outcome.board.narration, outcome.board.fresh), "the move narrated");
    // An older board recorded (a late edit) pays nothing of a newer one.
    f.svc.record_board(&accepted.board, CHANNEL, 1, "").await.unwrap();
    assert_eq!(owed(&f, id).await, Some((1, false)));
    f.svc.record_board(&outcome.board, CHANNEL, 2, "").await.unwrap();
    assert_eq!(owed(&f, id).await, None);
    f.advance(DAY);
    assert_eq!(owed(&f, id).await, None, "time owes nothing");
    assert!(f.svc.owed_boards().await.unwrap().is_empty());
}

async fn an_end_without_a_move_owes_a_final_board_of_the_same_turn(f: Fixture) {
    // A resignation.
    let accepted = f.start_with(f.request(GUILD, CHANNEL, ALICE, BOB)).await;
    let resigned = accepted.board.match_id;
    f.svc.record_board(&accepted.board, CHANNEL, 1, "").await.unwrap();
    f.set(T0 + MINUTE);
    f.svc.resign(GUILD, resigned, ALICE, f.interaction()).await.unwrap();
    let version = f.stored(resigned).await.version;
    assert_eq!(owed(&f, resigned).await, Some((version, true)));
    let board = f.svc.owed_board_view(resigned).await.unwrap();
    assert_eq!((board.match_id, board.turn, board.deadline), (resigned, version, None));
    assert_eq!(board.winner(), Some(Seat::B));

    // A forfeit: the board before it pays nothing of its final board.
    let accepted = f.start_with(f.request(GUILD, CHANNEL, CAROL, DAVE)).await;
    let forfeited = accepted.board.match_id;
    f.svc.record_board(&accepted.board, CHANNEL, 2, "").await.unwrap();
    let deadline = f.deadline(forfeited).await.unwrap();
    f.set(deadline);
    let final_board = f.svc.forfeit_overdue().await.unwrap().pop().expect("a forfeit");
    let version = f.stored(forfeited).await.version;
    assert_eq!((owed(&f, forfeited).await, final_board.turn), (Some((version, true)), version));
    let narrated = f.svc.owed_board_view(forfeited).await.unwrap().narration;
    assert_eq!(narrated, final_board.narration, "published by any process, a forfeit says who was late");
    f.svc.record_board(&accepted.board, CHANNEL, 2, "").await.unwrap();
    assert_eq!(owed(&f, forfeited).await, Some((version, true)), "an older board is not the final one");
    f.svc.record_board(&final_board, CHANNEL, 3, "").await.unwrap();
    assert_eq!(owed(&f, forfeited).await, None);

    // An abort keeps the version: only the final board of that version pays it.
    let accepted = f.start_with(f.request(GUILD, CHANNEL, ALICE, CAROL)).await;
    let aborted = accepted.board.match_id;
    f.svc.record_board(&accepted.board, CHANNEL, 4, "").await.unwrap();
    let final_board = f.svc.abort(GUILD, aborted, "Admin").await.unwrap();
    assert_eq!((owed(&f, aborted).await, final_board.turn), (Some((0, true)), 0));
    f.svc.record_board(&accepted.board, CHANNEL, 4, "").await.unwrap();
    assert_eq!(owed(&f, aborted).await, Some((0, true)), "the board of the same turn is not the final one");
    f.svc.record_board(&final_board, CHANNEL, 5, "").await.unwrap();
    assert_eq!(owed(&f, aborted).await, None);

    let owed_now: Vec<i64> = f.svc.owed_boards().await.unwrap().iter().map(|o| o.match_id).collect();
    assert_eq!(owed_now, [resigned]);
}

async fn boards_posted_are_noted_and_those_left_with_buttons_are_found(f: Fixture) {
    use engarde::service::PostedBoard;
    let accepted = f.start_with(f.request(GUILD, CHANNEL, ALICE, BOB)).await;
    let id = accepted.board.match_id;
    let posted = |message_id, turn| PostedBoard { match_id: id, channel_id: CHANNEL, message_id, turn };
    f.svc.record_board(&accepted.board, CHANNEL, 1, "").await.unwrap();
    assert_eq!(f.svc.boards_with_buttons(id).await.unwrap(), [posted(1, 0)]);
    assert!(f.svc.stale_buttons().await.unwrap().is_empty(), "the current board keeps its buttons");

    // A board posted before a crash, found again: while its match is owed, its publisher
    // settles it.
    let outcome = f.play(id).await;
    f.svc.note_posted_boards(&[posted(2, 1)]).await.unwrap();
    assert_eq!(f.svc.boards_with_buttons(id).await.unwrap(), [posted(1, 0), posted(2, 1)]);
    assert!(f.svc.stale_buttons().await.unwrap().is_empty(), "a match being published is its publisher's");
    f.svc.record_board_retiring(&outcome.board, CHANNEL, 2, "", &[1]).await.unwrap();
    assert_eq!(f.svc.boards_with_buttons(id).await.unwrap(), [posted(2, 1)]);
    assert_eq!(owed(&f, id).await, None);

    // A second copy of a board (a repost whose first post was never noted) is swept.
    f.svc.note_posted_boards(&[posted(3, 1), posted(2, 1)]).await.unwrap();
    assert_eq!(f.svc.stale_buttons().await.unwrap(), [(posted(3, 1), GUILD)]);
    f.svc.buttons_off(3).await.unwrap();
    assert!(f.svc.stale_buttons().await.unwrap().is_empty());
    assert_eq!(f.svc.boards_with_buttons(id).await.unwrap(), [posted(2, 1)]);
}

async fn a_shard_is_its_processs_and_is_taken_over_only_once_its_lease_lapses(f: Fixture) {
    let svc = &f.svc;
    // Leases run on the wall clock, given here.
    let mut now = 1_000;
    svc.take_leases(2, &[0], "a", now + 30).await.unwrap();
    svc.take_leases(2, &[1], "b", now + 30).await.unwrap();
    assert_eq!(svc.leases_held(2, "a", now).await.unwrap(), [0]);
    assert_eq!(svc.leases_held(2, "b", now).await.unwrap(), [1]);
    // A live process's shard is never taken.
    assert!(!svc.take_over_lease(2, 0, "b", now, now + 30).await.unwrap());
    now += 29;
    assert!(svc.take_over_lease(2, 1, "b", now, now + 30).await.unwrap(), "a holder renews its own");
    assert!(!svc.take_over_lease(2, 0, "b", now, now + 30).await.unwrap());

    // "a" died for good: once its lease lapses, "b" takes its shard over.
    now += 1;
    assert_eq!(svc.leases_held(2, "a", now).await.unwrap(), Vec::<u32>::new());
    assert!(svc.take_over_lease(2, 0, "b", now, now + 30).await.unwrap());
    assert_eq!(svc.leases_held(2, "b", now).await.unwrap(), [0, 1]);

    // Its process comes back (a new id): it takes its shard back at once.
    svc.take_leases(2, &[0], "a2", now + 30).await.unwrap();
    assert_eq!(svc.leases_held(2, "a2", now).await.unwrap(), [0]);
    assert_eq!(svc.leases_held(2, "b", now).await.unwrap(), [1]);
    assert!(!svc.take_over_lease(2, 0, "b", now, now + 30).await.unwrap());

    // A shard nobody ever held is taken by whoever asks first.
    assert!(svc.take_over_lease(3, 2, "b", now, now + 30).await.unwrap());
    assert!(!svc.take_over_lease(3, 2, "a2", now, now + 30).await.unwrap());

    // A process that stops hands its shards back: taken over at once.
    svc.release_leases("a2").await.unwrap();
    assert_eq!(svc.leases_held(2, "a2", now).await.unwrap(), Vec::<u32>::new());
    assert!(svc.take_over_lease(2, 0, "b", now, now + 30).await.unwrap());
    assert_eq!(svc.leases_held(2, "b", now).await.unwrap(), [0, 1]);
}

// 8. Withdrawing challenges.

async fn cancel_challenges_withdraws_the_callers_pending_challenges(f: Fixture) {
    let to_bob = f.challenge(ALICE, BOB).await;
    let to_carol = f.challenge(ALICE, CAROL).await;
    f.svc.set_challenge_message(to_carol.id, 800).await.unwrap();
    let from_dave = f.challenge(DAVE, ALICE).await;
    let elsewhere = f.svc.challenge(f.request(OTHER_GUILD, OTHER_CHANNEL, ALICE, DAVE)).await.unwrap();

    // Only the one to a given opponent.
    let one = f.svc.cancel_challenges(GUILD, ALICE, Some(CAROL)).await.unwrap();
    assert_eq!(one.iter().map(|(c, m, ch)| (c.id, *m, *ch)).collect::<Vec<_>>(), [(to_carol.id, Some(800), CHANNEL)]);
    assert_eq!(f.challenge_status(to_carol.id).await, "cancelled");
    assert_eq!(f.challenge_status(to_bob.id).await, "pending");
    let none = f.svc.cancel_challenges(GUILD, ALICE, Some(DAVE)).await;
    assert!(matches!(none, Err(ServiceError::NoChallenge)), "Dave challenged Alice, not the reverse: {none:?}");

    // All the rest, in this server only, and only those Alice made.
    let rest = f.svc.cancel_challenges(GUILD, ALICE, None).await.unwrap();
    assert_eq!(rest.iter().map(|(c, _, _)| c.id).collect::<Vec<_>>(), [to_bob.id]);
    assert_eq!(f.challenge_status(to_bob.id).await, "cancelled");
    assert_eq!(f.challenge_status(from_dave.id).await, "pending");
    assert_eq!(f.challenge_status(elsewhere.id).await, "pending");

    let again = f.svc.cancel_challenges(GUILD, ALICE, None).await;
    assert!(matches!(again, Err(ServiceError::NoChallenge)), "{again:?}");
    let nothing = f.svc.cancel_challenges(GUILD, BOB, None).await;
    assert!(matches!(nothing, Err(ServiceError::NoChallenge)), "{nothing:?}");
    assert_eq!(f.challenge_status(from_dave.id).await, "pending");
}

async fn only_the_challenger_withdraws(f: Fixture) {
    let challenge = f.challenge(ALICE, BOB).await;
    for user in [BOB, CAROL] {
        let result = f.svc.withdraw(challenge.id, user).await;
        assert!(matches!(result, Err(ServiceError::NotForYou)), "{user}: {result:?}");
    }
    assert_eq!(f.challenge_status(challenge.id).await, "pending");
    assert_eq!(f.svc.withdraw(challenge.id, ALICE).await.unwrap().status, "cancelled");
    assert_eq!(f.challenge_status(challenge.id).await, "cancelled");
    let twice = f.svc.withdraw(challenge.id, ALICE).await;
    assert!(matches!(twice, Err(ServiceError::ChallengeClosed(ref s)) if s == "cancelled"), "{twice:?}");
}

// 9. Several processes over one PostgreSQL database (each `Service` here stands for one).

/// A second process's service over the fixture's database.
async fn other_process(f: &Fixture) -> engarde::service::Service {
    let pool = engarde::store::open(&f.url).await.expect("the shared database");
    engarde::service::Service::new(pool).with_clock(f.clock.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_remind_and_forfeit_each_match_once_in_all() {
    let f = fixture::fixture_on(fixture::Store::Postgres).await;
    let other = other_process(&f).await;
    let mut ids = Vec::new();
    for (a, b) in [(ALICE, BOB), (CAROL, DAVE)] {
        ids.push(f.start(GUILD, CHANNEL, a, b).await);
    }
    ids.push(f.start(OTHER_GUILD, CHANNEL, ALICE, BOB).await);
    f.set(T0 + 24 * HOUR);
    // Both processes' passes at once, many times over.
    let mut reminded = Vec::new();
    for _ in 0..5 {
        let (mine, theirs) = tokio::join!(f.svc.remind(), other.remind());
        for r in mine.unwrap().into_iter().chain(theirs.unwrap()) {
            reminded.extend(reminded_matches(&r));
        }
    }
    reminded.sort_unstable();
    assert_eq!(reminded, ids, "each match reminded once in all");
    f.set(T0 + 48 * HOUR);
    let mut forfeited = Vec::new();
    for _ in 0..5 {
        let (mine, theirs) = tokio::join!(f.svc.forfeit_overdue(), other.forfeit_overdue());
        forfeited.extend(mine.unwrap().into_iter().chain(theirs.unwrap()).map(|b| b.match_id));
    }
    forfeited.sort_unstable();
    assert_eq!(forfeited, ids, "each match forfeited once in all");
    for &id in &ids {
        assert_eq!(f.stored(id).await.end_reason.as_deref(), Some("timeout"));
        assert_eq!(f.int("SELECT COUNT(*) FROM match_actions WHERE match_id = $1", id).await, 1, "one resign logged");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_scheduler_pass_is_claimed_by_one_process_at_a_time() {
    let f = fixture::fixture_on(fixture::Store::Postgres).await;
    let other = other_process(&f).await;
    let claim = f.svc.claim_scheduler_pass().await.unwrap().expect("the first process claims the pass");
    assert!(other.claim_scheduler_pass().await.unwrap().is_none(), "the other waits for its next interval");
    drop(claim);
    // The claim's transaction is rolled back as its connection goes back to the pool.
    let start = std::time::Instant::now();
    while other.claim_scheduler_pass().await.unwrap().is_none() {
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "the claim was released");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_copy_made_stale_by_another_process_costs_a_read_not_a_refusal() {
    let f = fixture::fixture_on(fixture::Store::Postgres).await;
    let other = other_process(&f).await;
    let id = f.start(GUILD, CHANNEL, ALICE, BOB).await;
    // The request for the player to act, as the other process shows it (this process's
    // copy stays as it is).
    let request_from_other = || async {
        let (user, _) = f.to_act(id).await;
        let hand = other.hand(GUILD, id, user).await.expect("a hand");
        ActRequest {
            guild_id: GUILD,
            match_id: id,
            turn: hand.turn,
            user_id: user,
            action: hand.legal_actions[0],
            interaction_id: f.interaction(),
        }
    };
    // This process moves (and keeps its copy of the match); the other moves it on.
    f.play(id).await;
    let kept = f.stored(id).await.version;
    other.act(request_from_other().await).await.expect("the other process's move");
    // A move at the current turn through this process, whose copy is a turn behind: applied.
    let req = request_from_other().await;
    assert_eq!(req.turn, kept + 1);
    f.svc.act(req).await.expect("applied after one read, not refused");
    assert_eq!(f.stored(id).await.version, kept + 2);
    // The other process moves again: what this process shows is the match as stored.
    other.act(request_from_other().await).await.expect("the other process's move");
    let (user, _) = f.to_act(id).await;
    assert_eq!(f.svc.hand(GUILD, id, user).await.unwrap().turn, kept + 3, "not this process's copy");
    // A click on a past turn is still refused as out of date.
    let stale = ActRequest { turn: kept + 1, interaction_id: f.interaction(), ..request_from_other().await };
    assert!(matches!(f.svc.act(stale).await, Err(ServiceError::Stale(_))), "stale");
    f.assert_record_replays(id).await;
}

fixture::on_both_stores! {
    the_first_decision_is_due_a_turn_after_acceptance_and_each_action_resets_it,
    a_missed_deadline_loses_the_match_by_timeout_once,
    overdue_matches_are_settled_in_deadline_order,
    a_reminder_comes_once_at_half_the_turn_and_again_for_the_next_turn,
    a_player_waiting_in_two_matches_gets_one_digest,
    players_in_different_servers_are_reminded_separately,
    an_unanswered_challenge_expires_once,
    accepting_a_lapsed_challenge_expires_it_before_the_scheduler_does,
    a_challenge_expired_before_its_message_says_so,
    a_lapsed_challenge_no_longer_blocks_a_new_one,
    the_servers_challenge_setting_sets_the_expiry,
    settings_default_and_changes_keep_what_is_not_named,
    a_servers_language_is_its_admins_choice_else_its_discord_locale_else_english,
    out_of_range_durations_are_refused_and_store_nothing,
    a_challenge_without_a_variant_uses_the_servers_default,
    a_board_channel_takes_the_matches_boards,
    an_accepted_draw_ends_the_match_with_no_winner,
    a_move_after_an_offer_makes_it_lapse,
    a_declined_offer_is_gone,
    both_players_offering_at_the_same_turn_draw_at_once,
    a_draw_cannot_be_clicked_as_a_move,
    an_aborted_match_is_over_and_counts_for_nothing,
    every_decision_owes_its_board_until_a_board_of_it_is_recorded,
    an_end_without_a_move_owes_a_final_board_of_the_same_turn,
    boards_posted_are_noted_and_those_left_with_buttons_are_found,
    a_shard_is_its_processs_and_is_taken_over_only_once_its_lease_lapses,
    cancel_challenges_withdraws_the_callers_pending_challenges,
    only_the_challenger_withdraws,
}
