//! Away time, quiet hours and per-user settings over a real database (SQLite and
//! PostgreSQL): the arithmetic of moved deadlines, the allowance, reminders held back, and
//! what boards and challenges say. A clock moved by hand, never a sleep.

mod fixture;
mod pg;

use std::time::Duration;

use engarde::i18n::Lang;
use engarde::service::life::{QuietSpan, UserSettingsChange};
use engarde::service::settings::SettingsChange;
use engarde::service::{ChallengeRequest, PlayerInfo, Service, ServiceError};
use fixture::{Fixture, T0};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const THREAD: u64 = 3_002;
const THREAD_2: u64 = 3_003;
const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;
const ADMIN: u64 = 200;

const HOUR: i64 = 3_600;
const DAY: i64 = 24 * HOUR;
const TURN: i64 = 48 * HOUR;

fn person(user_id: u64) -> PlayerInfo {
    let name = match user_id {
        ALICE => "Alice",
        BOB => "Bob",
        _ => "Carol",
    };
    PlayerInfo { user_id, name: name.to_owned(), bot: false }
}

impl Fixture {
    /// A match between `a` and `b` (the challenger and the challenged), accepted now.
    async fn start(&self, a: u64, b: u64) -> i64 {
        let req = ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: person(a),
            challenged: person(b),
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: self.interaction(),
        };
        let challenge = self.svc.challenge(req).await.expect("challenge");
        self.svc.accept(challenge.id, &person(b)).await.expect("accept").board.match_id
    }

    /// Who is to act in a match.
    async fn to_act(&self, id: i64) -> u64 {
        let board = self.svc.board(id).await.expect("board").0;
        let user = board.humans_to_act().next().expect("someone to act").user_id;
        user
    }

    /// Whoever is to act plays their first legal action.
    async fn play(&self, id: i64) {
        let user = self.to_act(id).await;
        let hand = self.svc.hand(GUILD, id, user).await.expect("hand");
        let req = engarde::service::ActRequest {
            guild_id: GUILD,
            match_id: id,
            turn: hand.turn,
            user_id: user,
            action: hand.legal_actions[0],
            interaction_id: self.interaction(),
        };
        self.svc.act(req).await.expect("a legal action");
    }

    /// Makes `user` the one to act.
    async fn make_to_act(&self, id: i64, user: u64) {
        if self.to_act(id).await != user {
            self.play(id).await;
        }
        assert_eq!(self.to_act(id).await, user);
    }

    async fn deadline(&self, id: i64) -> i64 {
        self.maybe_int("SELECT deadline_at FROM matches WHERE id = $1", id).await.expect("a deadline")
    }

    /// The users reminded now, with the matches of each reminder.
    async fn reminded(&self) -> Vec<(u64, u64, Vec<i64>)> {
        let mut out: Vec<_> = self
            .svc
            .remind()
            .await
            .expect("reminders")
            .into_iter()
            .map(|r| (r.user_id, r.channel_id, r.matches.iter().map(|m| m.match_id).collect()))
            .collect();
        out.sort();
        out
    }
}

fn refused_with(result: Result<impl std::fmt::Debug, ServiceError>, id: &str) {
    match result {
        Err(ServiceError::BadOptions(text)) => assert_eq!(text.id, id, "{text:?}"),
        other => panic!("expected {id}, got {other:?}"),
    }
}

/// A service over the fixture's database, as a restarted process would have.
async fn restarted(f: &Fixture) -> Service {
    let pool = engarde::store::open(&f.url).await.expect("the database");
    Service::new(pool).with_clock(f.clock.clone())
}

// 1. Away time.

async fn deadlines_move_by_exactly_the_time_away_across_a_restart(f: Fixture) {
    // Bob is to act in one match from the start; in the other, Carol is, and moves while
    // Bob is away.
    let waiting = f.start(ALICE, BOB).await;
    f.make_to_act(waiting, BOB).await;
    let begun = f.deadline(waiting).await - TURN;
    let later = f.start(BOB, CAROL).await;
    f.make_to_act(later, CAROL).await;

    f.set(T0 + HOUR);
    let away_from = f.now();
    let until = away_from + 3 * DAY;
    let view = f.svc.go_away(GUILD, BOB, until).await.expect("away");
    assert_eq!((view.until, view.used), (until, Duration::from_secs(3 * DAY as u64)));
    assert_eq!(f.svc.away(GUILD, BOB).await.unwrap(), Some(until));

    // Carol moves during the away time: Bob's new decision starts then.
    f.set(T0 + 10 * HOUR);
    f.play(later).await;
    assert_eq!(f.to_act(later).await, BOB);
    let later_began = f.now();

    // Past the stored deadline, during the away time: no forfeit, no reminder.
    f.set(begun + TURN + HOUR);
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty(), "the clock is stopped");
    assert_eq!(f.stored(waiting).await.status, "active");
    assert!(f.reminded().await.is_empty(), "nobody pings an away player");
    // Boards show the deadline as it will be.
    let board = f.svc.with_life(f.svc.board(waiting).await.unwrap().0).await.unwrap();
    assert_eq!(board.deadline, Some(begun + TURN + 3 * DAY));
    assert_eq!(board.life.away.iter().map(|(p, t)| (p.user_id, *t)).collect::<Vec<_>>(), [(BOB, until)]);
    assert_eq!(board.life.silent, [BOB]);

    // The process restarts; the away time ends while it is down, and the new process
    // settles it: each deadline moved by exactly its overlap with the away time.
    let svc = restarted(&f).await;
    f.set(until + 5);
    assert_eq!(svc.settle_aways().await.unwrap().moved, 2);
    assert_eq!(f.deadline(waiting).await, begun + TURN + (until - away_from));
    assert_eq!(f.deadline(later).await, later_began + TURN + (until - later_began));
    // Once: another pass (another process) moves nothing again.
    assert_eq!(f.svc.settle_aways().await.unwrap().moved, 0);
    assert_eq!(svc.settle_aways().await.unwrap().moved, 0);
    assert_eq!(f.deadline(waiting).await, begun + TURN + (until - away_from));
    assert_eq!(svc.away(GUILD, BOB).await.unwrap(), None);

    // The moved deadline is a deadline like any other.
    f.set(begun + TURN + 3 * DAY - 1);
    assert!(svc.forfeit_overdue().await.unwrap().iter().all(|b| b.match_id != waiting));
    f.set(begun + TURN + 3 * DAY);
    assert!(svc.forfeit_overdue().await.unwrap().iter().any(|b| b.match_id == waiting));
    assert_eq!(f.stored(waiting).await.status, "finished");
}

async fn coming_back_early_moves_deadlines_by_the_time_actually_away(f: Fixture) {
    let id = f.start(ALICE, BOB).await;
    f.make_to_act(id, BOB).await;
    let deadline = f.deadline(id).await;
    refused_with(f.svc.come_back(GUILD, BOB).await, "life-error-not-away");
    f.set(T0 + 2 * HOUR);
    f.svc.go_away(GUILD, BOB, T0 + 2 * HOUR + 7 * DAY).await.unwrap();
    f.set(T0 + 2 * HOUR + DAY + 30);
    let back = f.svc.come_back(GUILD, BOB).await.unwrap();
    assert_eq!(back.moved, 1);
    assert_eq!(back.used, Duration::from_secs((DAY + 30) as u64), "only the time actually away counts");
    assert_eq!(f.deadline(id).await, deadline + DAY + 30);
    refused_with(f.svc.come_back(GUILD, BOB).await, "life-error-not-away");
    // Alice's clock never stopped: a decision of hers is not moved by Bob's away time.
    f.play(id).await;
    let hers = f.deadline(id).await;
    f.svc.go_away(GUILD, BOB, f.now() + DAY).await.unwrap();
    f.advance(DAY + 1);
    f.svc.settle_aways().await.unwrap();
    assert_eq!(f.deadline(id).await, hers);
}

async fn an_away_player_may_still_move_after_the_stored_deadline(f: Fixture) {
    let id = f.start(ALICE, BOB).await;
    f.make_to_act(id, BOB).await;
    let deadline = f.deadline(id).await;
    f.svc.go_away(GUILD, BOB, f.now() + 5 * DAY).await.unwrap();
    f.set(deadline + HOUR);
    f.play(id).await;
    assert_eq!(f.to_act(id).await, ALICE, "Bob's move was taken");
    assert_eq!(f.deadline(id).await, f.now() + TURN, "Alice's clock runs from his move");
    // Alice is not away: her clock is held to its deadline.
    f.set(f.now() + TURN);
    assert!(f.svc.forfeit_overdue().await.unwrap().iter().any(|b| b.match_id == id));
}

async fn the_allowance_is_enforced_over_a_rolling_90_days(f: Fixture) {
    // The default: 14 days.
    refused_with(f.svc.go_away(GUILD, BOB, T0 + 15 * DAY).await, "life-error-allowance");
    assert_eq!(f.rows("away_periods").await, 0, "a refusal stores nothing");
    refused_with(f.svc.go_away(GUILD, BOB, T0 - 1).await, "life-error-away-past");
    f.svc.go_away(GUILD, BOB, T0 + 10 * DAY).await.unwrap();
    f.set(T0 + 10 * DAY);
    f.svc.settle_aways().await.unwrap();
    // Ten days used: five more is too much, four is not.
    f.set(T0 + 20 * DAY);
    let refused = f.svc.go_away(GUILD, BOB, T0 + 25 * DAY).await;
    match &refused {
        Err(ServiceError::BadOptions(text)) => {
            assert_eq!(text.id, "life-error-allowance");
            let shown = text.render(Lang::En);
            assert!(shown.contains("4 days"), "the days left: {shown}");
        }
        other => panic!("{other:?}"),
    }
    let view = f.svc.go_away(GUILD, BOB, T0 + 24 * DAY).await.unwrap();
    assert_eq!(view.used, Duration::from_secs(14 * DAY as u64));
    // Stretching the running period counts it whole.
    refused_with(f.svc.go_away(GUILD, BOB, T0 + 24 * DAY + HOUR).await, "life-error-allowance");
    assert_eq!(f.svc.away(GUILD, BOB).await.unwrap(), Some(T0 + 24 * DAY), "unchanged");
    // Another server, or another player, has its own count.
    f.svc.go_away(GUILD + 1, BOB, T0 + 30 * DAY).await.unwrap();
    f.svc.go_away(GUILD, ALICE, T0 + 30 * DAY).await.unwrap();
    // Ninety days later the old periods are out of the window.
    f.set(T0 + 120 * DAY);
    f.svc.settle_aways().await.unwrap();
    f.svc.go_away(GUILD, BOB, T0 + 134 * DAY).await.unwrap();
    // The server may allow more (or none).
    f.svc
        .update_settings(
            GUILD,
            ADMIN,
            &SettingsChange { away_allowance: Some(Duration::from_secs(30 * DAY as u64)), ..Default::default() },
        )
        .await
        .unwrap();
    f.svc.go_away(GUILD, BOB, T0 + 150 * DAY).await.unwrap();
    refused_with(
        f.svc
            .update_settings(
                GUILD,
                ADMIN,
                &SettingsChange { away_allowance: Some(Duration::from_secs(91 * DAY as u64)), ..Default::default() },
            )
            .await,
        "life-error-allowance-range",
    );
    assert_eq!(f.svc.settings(GUILD).await.unwrap().away_allowance, Duration::from_secs(30 * DAY as u64));
}

async fn a_match_that_forbids_away_time_keeps_its_deadlines(f: Fixture) {
    let id = f.start(ALICE, BOB).await;
    f.make_to_act(id, BOB).await;
    let deadline = f.deadline(id).await;
    f.exec("UPDATE matches SET away_allowed = FALSE WHERE id = $1", &[fixture::Bind::Int(id)]).await;
    f.svc.go_away(GUILD, BOB, f.now() + 5 * DAY).await.unwrap();
    let board = f.svc.with_life(f.svc.board(id).await.unwrap().0).await.unwrap();
    assert_eq!(board.deadline, Some(deadline), "the board shows the deadline unmoved");
    f.set(deadline);
    assert!(f.svc.forfeit_overdue().await.unwrap().iter().any(|b| b.match_id == id), "lost on time");
}

async fn a_challenge_to_an_away_player_says_so_and_may_be_accepted(f: Fixture) {
    f.svc.go_away(GUILD, BOB, T0 + 2 * DAY).await.unwrap();
    let req = ChallengeRequest {
        guild_id: GUILD,
        channel_id: CHANNEL,
        challenger: person(ALICE),
        challenged: person(BOB),
        variant: None,
        options: Default::default(),
        turn: None,
        interaction_id: f.interaction(),
    };
    let challenge = f.svc.challenge(req).await.unwrap();
    assert_eq!(challenge.challenged_away_until, Some(T0 + 2 * DAY));
    let (text, _) = engarde::discord::render::challenge(Lang::Fr, &challenge);
    assert!(text.contains(&format!("Bob est en congé, de retour <t:{}:R>", T0 + 2 * DAY)), "{text}");
    f.svc.accept(challenge.id, &person(BOB)).await.expect("an away player may accept");
    let to_carol = ChallengeRequest { challenged: person(CAROL), interaction_id: f.interaction(), ..challenge_req() };
    assert_eq!(f.svc.challenge(to_carol).await.unwrap().challenged_away_until, None);
}

fn challenge_req() -> ChallengeRequest {
    ChallengeRequest {
        guild_id: GUILD,
        channel_id: CHANNEL,
        challenger: person(ALICE),
        challenged: person(BOB),
        variant: None,
        options: Default::default(),
        turn: None,
        interaction_id: 0,
    }
}

// 2. Quiet hours and digests.

/// 2026-03-28 12:00 UTC: the day before Paris moves to summer time.
const SPRING: i64 = 1_774_699_200;

async fn reminders_wait_for_the_end_of_quiet_hours_across_a_daylight_saving_change(f: Fixture) {
    f.set(SPRING);
    let id = f.start(ALICE, BOB).await;
    f.make_to_act(id, BOB).await;
    let quiet = UserSettingsChange {
        quiet_hours: Some(QuietSpan::parse("22:00-08:00").ok()),
        timezone: Some(chrono_tz::Europe::Paris),
        ..Default::default()
    };
    f.svc.update_user_settings(BOB, &quiet).await.unwrap();
    // A board at 23:00 Paris (22:00 UTC, winter time) names Bob without notifying him.
    f.set(SPRING + 10 * HOUR);
    let board = f.svc.with_life(f.svc.board(id).await.unwrap().0).await.unwrap();
    assert_eq!(board.life.silent, [BOB]);
    // The night ends at 08:00 Paris, summer time by then: 06:00 UTC.
    let morning = SPRING + 18 * HOUR;
    assert_eq!(board.life.quiet_until, [(BOB, morning)]);
    f.svc.note_quiet_ping(id, board.turn, morning).await.unwrap();
    // The reminder that carries the ping comes at the end of the night, not before.
    f.set(morning - 1);
    assert!(f.reminded().await.is_empty());
    f.set(morning);
    assert_eq!(f.reminded().await, [(BOB, CHANNEL, vec![id])]);
    assert!(f.reminded().await.is_empty(), "once per turn");
    let board = f.svc.with_life(f.svc.board(id).await.unwrap().0).await.unwrap();
    assert!(board.life.silent.is_empty(), "in the morning a board notifies him");

    // The next turn starts at 22:00 Paris (summer time, 20:00 UTC): its reminder, at
    // half the turn, falls at 22:00 the next evening, in the quiet hours; it waits for
    // 08:00 Paris (06:00 UTC), ten hours later.
    f.set(morning + 14 * HOUR);
    f.play(id).await;
    f.play(id).await;
    assert_eq!(f.to_act(id).await, BOB);
    let half = f.deadline(id).await - TURN / 2;
    assert_eq!(half, morning + 38 * HOUR);
    f.set(half);
    assert!(f.reminded().await.is_empty(), "held back at night");
    f.set(half + 10 * HOUR - 1);
    assert!(f.reminded().await.is_empty(), "held back at night");
    f.set(half + 10 * HOUR);
    assert_eq!(f.reminded().await, [(BOB, CHANNEL, vec![id])]);
}

async fn with_digests_off_each_match_is_reminded_on_its_own(f: Fixture) {
    let one = f.start(ALICE, BOB).await;
    let two = f.start(CAROL, BOB).await;
    f.make_to_act(one, BOB).await;
    f.make_to_act(two, BOB).await;
    f.svc.set_match_channel(one, THREAD).await.unwrap();
    f.svc.set_match_channel(two, THREAD_2).await.unwrap();
    let off = UserSettingsChange { digest: Some(false), ..Default::default() };
    assert!(!f.svc.update_user_settings(BOB, &off).await.unwrap().digest);
    f.set(T0 + TURN / 2);
    assert_eq!(f.reminded().await, [(BOB, THREAD, vec![one]), (BOB, THREAD_2, vec![two])]);
}

async fn user_settings_default_and_keep_what_is_not_named(f: Fixture) {
    let s = f.svc.user_settings(ALICE).await.unwrap();
    assert_eq!((s.language, s.quiet, s.timezone, s.digest), (None, None, chrono_tz::UTC, true));
    assert_eq!(f.svc.user_lang(ALICE).await.unwrap(), None);
    let fr = UserSettingsChange { language: Some(Some(Lang::Fr)), ..Default::default() };
    f.svc.update_user_settings(ALICE, &fr).await.unwrap();
    assert_eq!(f.svc.user_lang(ALICE).await.unwrap(), Some(Lang::Fr));
    let hours = UserSettingsChange { quiet_hours: Some(QuietSpan::parse("23:30-07:00").ok()), ..Default::default() };
    let s = f.svc.update_user_settings(ALICE, &hours).await.unwrap();
    assert_eq!(s.language, Some(Lang::Fr), "kept");
    assert_eq!(s.quiet.map(|q| (q.span().text(), q.tz())), Some(("23:30-07:00".to_owned(), chrono_tz::UTC)));
    // A new time zone carries the hours with it.
    let tz = UserSettingsChange { timezone: Some(chrono_tz::Asia::Taipei), ..Default::default() };
    let s = f.svc.update_user_settings(ALICE, &tz).await.unwrap();
    assert_eq!(s.quiet.map(|q| q.tz()), Some(chrono_tz::Asia::Taipei));
    let none = UserSettingsChange { quiet_hours: Some(None), language: Some(None), ..Default::default() };
    let s = f.svc.update_user_settings(ALICE, &none).await.unwrap();
    assert_eq!((s.quiet, s.language, s.timezone), (None, None, chrono_tz::Asia::Taipei));
    assert_eq!(f.svc.user_settings(ALICE).await.unwrap(), s, "as stored");
}

fixture::on_both_stores! {
    deadlines_move_by_exactly_the_time_away_across_a_restart,
    coming_back_early_moves_deadlines_by_the_time_actually_away,
    an_away_player_may_still_move_after_the_stored_deadline,
    the_allowance_is_enforced_over_a_rolling_90_days,
    a_match_that_forbids_away_time_keeps_its_deadlines,
    a_challenge_to_an_away_player_says_so_and_may_be_accepted,
    reminders_wait_for_the_end_of_quiet_hours_across_a_daylight_saving_change,
    with_digests_off_each_match_is_reminded_on_its_own,
    user_settings_default_and_keep_what_is_not_named,
}
