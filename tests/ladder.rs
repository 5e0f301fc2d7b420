//! Ratings, leaderboards, stats, history and record export over a real SQLite
//! database: a fresh, migrated file per test, a hand-moved clock and a fixed seed.

mod fixture;
mod pg;

use engarde::service::ratings::{rate, Outcome, Rating, RatingPolicy};

/// The scope of every En Garde and Kengo match: the game's.
const ALL: &str = "engarde";
use engarde::service::{Board, ChallengeRequest, MatchResult, PlayerInfo, ServiceError, Streak};
use engarde_rules::engarde::{Action, EnGarde, Variant};
use engarde_rules::{MatchAction, Seat};
use fixture::{Bind, Fixture};

const GUILD: u64 = 1_000;
const OTHER_GUILD: u64 = 2_000;
const CHANNEL: u64 = 3_000;

const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;
const DAVE: u64 = 104;

fn name(user: u64) -> String {
    match user {
        ALICE => "Alice".to_owned(),
        BOB => "Bob".to_owned(),
        CAROL => "Carol".to_owned(),
        DAVE => "Dave".to_owned(),
        n => format!("Player {n}"),
    }
}

fn person(user_id: u64) -> PlayerInfo {
    PlayerInfo { user_id, name: name(user_id), bot: false }
}

/// A rating row as stored.
#[derive(Debug, PartialEq, sqlx::FromRow)]
struct Stored {
    guild_id: i64,
    scope: String,
    user_id: i64,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    wins: i64,
    losses: i64,
    draws: i64,
    updated_at: i64,
}

impl Stored {
    fn rating(&self) -> Rating {
        Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }
}

impl Fixture {
    fn tick(&self) {
        self.advance(60);
    }

    /// Challenge and accept: the new match's id.
    async fn start(&self, guild: u64, a: u64, b: u64, variant: Variant, hits: Option<u8>) -> i64 {
        self.tick();
        let req = ChallengeRequest {
            guild_id: guild,
            channel_id: CHANNEL,
            challenger: person(a),
            challenged: person(b),
            variant: Some(variant.into()),
            options: hits_option(hits),
            turn: None,
            interaction_id: self.interaction(),
        };
        let challenge = self.svc.challenge(req).await.expect("challenge");
        self.svc.accept(challenge.id, &person(b)).await.expect("accept").board.match_id
    }

    /// A match in which `loser` resigns at once.
    async fn resigned(&self, guild: u64, a: u64, b: u64, variant: Variant, loser: u64) -> i64 {
        let id = self.start(guild, a, b, variant, None).await;
        self.tick();
        self.svc.resign(guild, id, loser, self.interaction()).await.expect("resign");
        id
    }

    /// Plays a match out: attack when possible, take hits, else the first legal action.
    async fn play_out(&self, guild: u64, id: i64, a: u64, b: u64) {
        for _ in 0..2_000 {
            let view = self.svc.hand(guild, id, a).await;
            let Ok(view) = view else { return };
            let Some(seat) = view.to_act.single() else { return };
            let user = if seat == Seat::A { a } else { b };
            let hand = self.svc.hand(guild, id, user).await.expect("hand");
            let legal = &hand.legal_actions;
            let action = legal
                .iter()
                .find(|x| matches!(x, MatchAction::EnGarde(Action::Attack { .. } | Action::AdvanceAttack { .. })))
                .or_else(|| legal.iter().find(|x| **x == Action::AcceptHit))
                .or_else(|| legal.iter().find(|x| **x != Action::Resign))
                .copied()
                .expect("a legal action");
            self.tick();
            let req = engarde::service::ActRequest {
                guild_id: guild,
                match_id: id,
                turn: hand.turn,
                user_id: user,
                action,
                interaction_id: self.interaction(),
            };
            self.svc.act(req).await.expect("a legal action is applied");
        }
        panic!("match {id} never ended");
    }

    async fn ratings(&self) -> Vec<Stored> {
        let sql = "SELECT * FROM ratings ORDER BY guild_id, scope, user_id";
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_as(sql).fetch_all(cx).await).expect("ratings")
    }

    async fn rating(&self, guild: u64, scope: &str, user: u64) -> Stored {
        let sql = "SELECT * FROM ratings WHERE guild_id = $1 AND scope = $2 AND user_id = $3";
        engarde::with_db!(&mut self.conn().await, |cx| {
            sqlx::query_as(sql).bind(guild as i64).bind(scope).bind(user as i64).fetch_one(cx).await
        })
        .expect("a rating")
    }

    async fn changes(&self) -> Vec<(i64, i64, String, i64, f64, f64, f64)> {
        let sql =
            "SELECT id, match_id, scope, user_id, score, rating_before, rating_after FROM rating_changes ORDER BY id";
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_as(sql).fetch_all(cx).await).expect("changes")
    }

    /// The stored final game and the stored winner of a match.
    async fn ended(&self, id: i64) -> (EnGarde, Option<String>) {
        let sql = "SELECT state, winner FROM matches WHERE id = $1";
        let (state, winner): (String, Option<String>) =
            engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_as(sql).bind(id).fetch_one(cx).await)
                .expect("match");
        (serde_json::from_str(&state).expect("a valid game"), winner)
    }
}

async fn a_match_end_updates_both_scopes_in_its_transaction(f: Fixture) {
    let id = f.resigned(GUILD, ALICE, BOB, Variant::KengoBasic, BOB).await;
    let (alice, bob) = rate(Rating::NEW, Rating::NEW, Outcome::Win);
    for scope in [ALL, "kengo-basic"] {
        let a = f.rating(GUILD, scope, ALICE).await;
        let b = f.rating(GUILD, scope, BOB).await;
        assert_eq!(a.rating(), alice, "{scope}");
        assert_eq!(b.rating(), bob, "{scope}");
        assert_eq!((a.games, a.wins, a.losses, a.draws), (1, 1, 0, 0));
        assert_eq!((b.games, b.wins, b.losses, b.draws), (1, 0, 1, 0));
    }
    assert!(alice.rating > 1600.0 && alice.deviation > 250.0, "{alice:?}");
    let changes = f.changes().await;
    assert_eq!(changes.len(), 4, "two players in two scopes");
    assert!(changes.iter().all(|c| c.1 == id));
    assert_eq!(f.ratings().await.len(), 4);

    // A match ends once: a second resignation is refused and rates nothing.
    assert!(f.svc.resign(GUILD, id, ALICE, f.interaction()).await.is_err());
    assert_eq!(f.changes().await.len(), 4);

    // The next match starts from the stored ratings.
    f.resigned(GUILD, BOB, ALICE, Variant::EngardeStandard, ALICE).await;
    let (bob2, alice2) = rate(bob, alice, Outcome::Win);
    assert_eq!(f.rating(GUILD, ALL, ALICE).await.rating(), alice2);
    assert_eq!(f.rating(GUILD, ALL, BOB).await.rating(), bob2);
    // The standard scope saw only this match: both new.
    let (fresh_b, fresh_a) = rate(Rating::NEW, Rating::NEW, Outcome::Win);
    assert_eq!(f.rating(GUILD, "engarde-standard", ALICE).await.rating(), fresh_a);
    assert_eq!(f.rating(GUILD, "engarde-standard", BOB).await.rating(), fresh_b);
    // Another server knows nothing of it.
    let other = f.svc.leaderboard(OTHER_GUILD, None, 1, ALICE).await.unwrap();
    assert_eq!((other.total, other.viewer.is_none()), (0, true));
}

async fn stats_after_a_known_series_of_matches(f: Fixture) {
    // 1. Alice and Bob play a one-hit standard match out.
    let first = f.start(GUILD, ALICE, BOB, Variant::EngardeStandard, Some(1)).await;
    f.play_out(GUILD, first, ALICE, BOB).await;
    let (game, winner) = f.ended(first).await;
    let alice_won_first = winner.as_deref() == Some("a");
    // 2.-5.: Bob resigns (kengo), Alice resigns to Carol, Bob resigns (kengo), Bob resigns.
    f.resigned(GUILD, ALICE, BOB, Variant::KengoBasic, BOB).await;
    f.resigned(GUILD, CAROL, ALICE, Variant::EngardeStandard, ALICE).await;
    f.resigned(GUILD, BOB, ALICE, Variant::KengoBasic, BOB).await;
    f.resigned(GUILD, ALICE, BOB, Variant::EngardeStandard, BOB).await;
    // Elsewhere: not counted here.
    f.resigned(OTHER_GUILD, ALICE, BOB, Variant::EngardeStandard, ALICE).await;

    let s = f.svc.stats(GUILD, ALICE, BOB).await.unwrap();
    assert_eq!(s.player.name, "Alice");
    let first_win = u32::from(alice_won_first);
    assert_eq!((s.record.wins, s.record.losses, s.record.draws), (3 + first_win, 1 + (1 - first_win), 0));
    assert_eq!(s.current_streak, Some(Streak { result: MatchResult::Won, len: 2 }));
    assert_eq!(s.best_streak, 2);
    assert_eq!(s.favourite, Some((Variant::EngardeStandard.into(), 3)));
    let (viewer, h2h) = s.head_to_head.clone().expect("Bob looks at Alice");
    assert_eq!(viewer.user_id, BOB);
    assert_eq!((h2h.wins, h2h.losses, h2h.draws), (3 + first_win, 1 - first_win, 0));

    // Rounds: three won by resignation, plus the first match's rounds by their reasons.
    let mut expected: Vec<(&str, u32)> = vec![("resign", 3)];
    let mut lost = 1; // her own resignation to Carol
    for round in game.rounds() {
        match round.winner {
            Some(Seat::A) => match expected.iter_mut().find(|(r, _)| *r == round.reason.as_str()) {
                Some((_, n)) => *n += 1,
                None => expected.push((round.reason.as_str(), 1)),
            },
            Some(Seat::B) => lost += 1,
            None => {}
        }
    }
    let mut got: Vec<(&str, u32)> = s.rounds_won.iter().map(|(how, n)| (how.as_str(), *n)).collect();
    got.sort_unstable();
    expected.sort_unstable();
    assert_eq!(got, expected);
    assert_eq!(s.rounds_lost, lost);
    assert!(s.rounds_won.windows(2).all(|w| w[0].1 >= w[1].1), "most frequent first: {:?}", s.rounds_won);

    // Rating and rank: the overall board.
    let rating = s.ratings.first().map(|(_, r)| r.clone()).expect("Alice is rated");
    let stored = f.rating(GUILD, ALL, ALICE).await;
    assert_eq!((rating.rating, rating.deviation), (stored.rating, stored.deviation));
    assert_eq!(rating.of, 3);
    assert!(rating.provisional, "five matches are not enough");
    let board = f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    assert_eq!(board.viewer.as_ref().map(|v| v.rank), rating.rank);

    // Alice against Carol; Alice looking at herself has no head-to-head.
    let vs_carol = f.svc.stats(GUILD, ALICE, CAROL).await.unwrap().head_to_head.unwrap().1;
    assert_eq!((vs_carol.wins, vs_carol.losses), (0, 1));
    assert!(f.svc.stats(GUILD, ALICE, ALICE).await.unwrap().head_to_head.is_none());
    // Dave has never played.
    let dave = f.svc.stats(GUILD, DAVE, ALICE).await.unwrap();
    assert_eq!((dave.record.games(), dave.ratings.is_empty(), dave.current_streak), (0, true, None));

    // History: newest first, with scores, results and rating changes.
    let h = f.svc.history(GUILD, ALICE).await.unwrap();
    let results: Vec<MatchResult> = h.entries.iter().map(|e| e.result).collect();
    let first_result = if alice_won_first { MatchResult::Won } else { MatchResult::Lost };
    assert_eq!(results, [MatchResult::Won, MatchResult::Won, MatchResult::Lost, MatchResult::Won, first_result]);
    assert_eq!(h.entries[0].score, (1, 0), "a resignation scores the round");
    assert_eq!(h.entries[2].opponent.name, "Carol");
    assert_eq!(h.entries[2].reason, "resign");
    assert_eq!(h.entries[1].variant, engarde_rules::Variant::from(Variant::KengoBasic));
    assert!(h.entries.windows(2).all(|w| w[0].ended_at > w[1].ended_at));
    assert!(h.entries[0].rating_change.unwrap() > 0.0 && h.entries[2].rating_change.unwrap() < 0.0);
    let total = game.rounds_won();
    assert_eq!(h.entries[4].score, (u32::from(total.a), u32::from(total.b)));
}

async fn provisional_players_come_after_established_ones_and_pages_hold_ten(f: Fixture) {
    // Alice and Bob play nine matches: established.
    for i in 0..9 {
        let loser = if i % 3 == 2 { ALICE } else { BOB };
        f.resigned(GUILD, ALICE, BOB, Variant::EngardeStandard, loser).await;
    }
    // Carol beats Dave once: a lucky newcomer, rated far above Alice.
    f.resigned(GUILD, CAROL, DAVE, Variant::EngardeStandard, DAVE).await;
    let alice = f.rating(GUILD, ALL, ALICE).await;
    let carol = f.rating(GUILD, ALL, CAROL).await;
    assert!(carol.rating > alice.rating, "Carol {} Alice {}", carol.rating, alice.rating);
    let board = f.svc.leaderboard(GUILD, None, 1, DAVE).await.unwrap();
    let order: Vec<u64> = board.entries.iter().map(|e| e.player.user_id).collect();
    assert_eq!(order, [ALICE, BOB, CAROL, DAVE]);
    assert_eq!(board.entries.iter().map(|e| e.provisional).collect::<Vec<_>>(), [false, false, true, true]);
    assert_eq!(board.viewer.as_ref().map(|v| v.rank), Some(4));
    assert_eq!((board.entries[0].games, board.entries[0].wins, board.entries[0].losses), (9, 6, 3));

    // Eight more newcomers: 12 players, two pages.
    for n in 0..4 {
        f.resigned(GUILD, 200 + n, 300 + n, Variant::KengoNormal, 300 + n).await;
    }
    let page1 = f.svc.leaderboard(GUILD, None, 1, DAVE).await.unwrap();
    assert_eq!((page1.total, page1.pages, page1.entries.len()), (12, 2, 10));
    let page2 = f.svc.leaderboard(GUILD, None, 2, DAVE).await.unwrap();
    assert_eq!(page2.entries.len(), 2);
    assert_eq!(page2.entries.iter().map(|e| e.rank).collect::<Vec<_>>(), [11, 12]);
    assert_eq!(page2.viewer, page1.viewer, "the viewer's place is shown on every page");
    assert!(page1.entries.iter().chain(&page2.entries).map(|e| e.rank).eq(1..=12));
    // Pages out of range are clamped.
    assert_eq!(f.svc.leaderboard(GUILD, None, 99, DAVE).await.unwrap().page, 2);
    assert_eq!(f.svc.leaderboard(GUILD, None, 0, DAVE).await.unwrap().page, 1);
    // A variant's board holds only its players.
    let kengo = f.svc.leaderboard(GUILD, Some(Board::Variant(Variant::KengoNormal.into())), 1, DAVE).await.unwrap();
    assert_eq!((kengo.total, kengo.viewer.is_none()), (8, true));
}

async fn an_exported_record_replays_to_the_stored_result(f: Fixture) {
    let id = f.start(GUILD, ALICE, BOB, Variant::EngardeAdvanced, Some(2)).await;
    // While the match is played, its record (hands, pile) is secret.
    let refused = f.svc.export_record(GUILD, id).await.unwrap_err();
    assert!(refused.to_string().contains("still being played"), "{refused}");
    f.play_out(GUILD, id, ALICE, BOB).await;
    let (game, winner) = f.ended(id).await;

    let file = f.svc.export_record(GUILD, id).await.unwrap();
    assert_eq!(file.filename, format!("engarde-match-{id}.json"));
    let report = engarde_rules::engarde::replay(&file.json).expect("the exported record replays");
    assert!(report.finished);
    assert_eq!(report.winner.map(|s| s.as_str().to_owned()), winner);
    assert_eq!(report.winner, game.winner());
    assert_eq!(report.rounds.len(), game.rounds().len());
    let json: serde_json::Value = serde_json::from_str(&file.json).unwrap();
    assert_eq!(json["format"], 1);
    assert_eq!(json["variant"], "engarde-advanced");

    // The binary accepts it too.
    let path = f.dir.path().join(&file.filename);
    std::fs::write(&path, &file.json).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde")).arg("replay").arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["winner"].as_str().map(str::to_owned), winner);

    // Not in another server, not an unknown match.
    assert!(matches!(f.svc.export_record(OTHER_GUILD, id).await, Err(ServiceError::MatchNotFound(m)) if m == id));
    assert!(matches!(f.svc.export_record(GUILD, 999).await, Err(ServiceError::MatchNotFound(999))));
}

async fn a_rebuild_reproduces_the_stored_ratings(f: Fixture) {
    let played = f.start(GUILD, ALICE, BOB, Variant::EngardeStandard, Some(1)).await;
    f.play_out(GUILD, played, ALICE, BOB).await;
    for (guild, a, b, variant, loser) in [
        (GUILD, ALICE, CAROL, Variant::KengoBasic, CAROL),
        (GUILD, BOB, CAROL, Variant::EngardeStandard, BOB),
        (OTHER_GUILD, ALICE, BOB, Variant::EngardeBasic, ALICE),
        (GUILD, DAVE, ALICE, Variant::KengoBasic, ALICE),
        (GUILD, CAROL, BOB, Variant::EngardeStandard, CAROL),
    ] {
        f.resigned(guild, a, b, variant, loser).await;
    }
    // Two matches ending in the same second, in the reverse order of their ids:
    // the rebuild follows the order the ratings were applied in.
    let later = f.start(GUILD, ALICE, BOB, Variant::EngardeStandard, None).await;
    let sooner = f.start(GUILD, CAROL, ALICE, Variant::EngardeStandard, None).await;
    f.svc.resign(GUILD, sooner, ALICE, f.interaction()).await.unwrap();
    f.svc.resign(GUILD, later, BOB, f.interaction()).await.unwrap();

    let ratings = f.ratings().await;
    let changes = f.changes().await;
    // Here: all (A, B, C, D), standard (A, B, C), kengo-basic (A, C, D); there: all and basic (A, B).
    assert_eq!(ratings.len(), 14, "{ratings:#?}");
    assert_eq!(changes.len(), 8 * 4);

    let report = f.svc.rebuild_ratings().await.unwrap();
    assert_eq!((report.matches, report.changed, report.servers), (8, 0, 2));
    assert_eq!(report.ratings, ratings.len());
    assert_eq!(f.ratings().await, ratings, "bit for bit");
    assert_eq!(f.changes().await, changes);

    // A damaged table is repaired, through the binary.
    assert!(f.exec("UPDATE ratings SET rating = 0 WHERE user_id = $1", &[Bind::Int(ALICE as i64)]).await > 0);
    assert!(f.exec("DELETE FROM ratings WHERE user_id = $1", &[Bind::Int(DAVE as i64)]).await > 0);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde"))
        .args(["ratings", "rebuild"])
        .env("DATABASE_URL", &f.url)
        .current_dir(f.dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout} {}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("from 8 rated matches") && stdout.contains("differed"), "{stdout}");
    assert_eq!(f.ratings().await, ratings);
    let again = f.svc.rebuild_ratings().await.unwrap();
    assert_eq!(again.changed, 0);
}

async fn draws_count_as_draws_timeouts_as_losses_and_aborts_not_at_all(f: Fixture) {
    // An agreed draw.
    let drawn = f.start(GUILD, ALICE, BOB, Variant::EngardeStandard, None).await;
    let offer = f.svc.offer_draw(GUILD, drawn, ALICE, f.interaction()).await.unwrap().expect("an offer");
    f.svc.answer_draw(GUILD, drawn, offer.turn, BOB, true, f.interaction()).await.unwrap();
    let drawn_at = f.now();
    let (a, b) = rate(Rating::NEW, Rating::NEW, Outcome::Draw);
    let alice = f.rating(GUILD, ALL, ALICE).await;
    assert_eq!((alice.rating(), f.rating(GUILD, ALL, BOB).await.rating()), (a, b));
    assert_eq!((alice.games, alice.wins, alice.losses, alice.draws), (1, 0, 0, 1));

    // An aborted match changes nobody's rating.
    let before = (f.ratings().await, f.changes().await);
    let aborted = f.start(GUILD, ALICE, CAROL, Variant::EngardeStandard, None).await;
    f.svc.abort(GUILD, aborted, "Admin").await.unwrap();
    assert_eq!((f.ratings().await, f.changes().await), before);

    // A missed deadline: whoever was to act loses.
    let late = f.start(GUILD, ALICE, DAVE, Variant::EngardeStandard, None).await;
    let to_act = f.svc.hand(GUILD, late, ALICE).await.unwrap().to_act.single().unwrap();
    f.advance(30 * 86_400);
    assert_eq!(f.svc.forfeit_overdue().await.unwrap().len(), 1);
    let (alice_late, dave_late) = (f.rating(GUILD, ALL, ALICE).await, f.rating(GUILD, ALL, DAVE).await);
    // A month without a game: Alice's deviation grew over the weekly periods before it.
    let idle = RatingPolicy::default().idle_periods(drawn_at, f.now());
    assert!(idle >= 4, "{idle} periods");
    let a_then = a.idle(idle);
    assert!(a_then.deviation > a.deviation);
    if to_act == Seat::A {
        assert_eq!((alice_late.losses, dave_late.wins), (1, 1));
        assert_eq!(alice_late.rating(), rate(a_then, Rating::NEW, Outcome::Loss).0);
    } else {
        assert_eq!((alice_late.wins, dave_late.losses), (1, 1));
        assert_eq!(alice_late.rating(), rate(a_then, Rating::NEW, Outcome::Win).0);
    }

    // Stats and history say the same.
    let s = f.svc.stats(GUILD, ALICE, ALICE).await.unwrap();
    assert_eq!(s.record.games(), 2, "the aborted match does not count");
    assert_eq!(s.record.draws, 1);
    let h = f.svc.history(GUILD, ALICE).await.unwrap();
    let shown: Vec<(MatchResult, &str, bool)> =
        h.entries.iter().map(|e| (e.result, e.reason.as_str(), e.rating_change.is_some())).collect();
    let timed_out = if to_act == Seat::A { MatchResult::Lost } else { MatchResult::Won };
    assert_eq!(
        shown,
        [(timed_out, "timeout", true), (MatchResult::Aborted, "aborted", false), (MatchResult::Drawn, "draw", true)]
    );
    // Every ended match exports, and the rebuild agrees.
    for id in [drawn, aborted, late] {
        let file = f.svc.export_record(GUILD, id).await.unwrap();
        engarde_rules::engarde::replay(&file.json).expect("replays");
    }
    let ratings = f.ratings().await;
    assert_eq!(f.svc.rebuild_ratings().await.unwrap().changed, 0);
    assert_eq!(f.ratings().await, ratings);
}

/// The option changes of a challenge with `hits` to win.
fn hits_option(hits: Option<u8>) -> engarde_rules::OptionMap {
    hits.map(|h| engarde_rules::OptionMap::from_iter([("hits_to_win".to_owned(), h.into())])).unwrap_or_default()
}

#[test]
fn every_command_has_help_and_version_and_usage_errors_exit_2() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde")).args(args).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    for (args, text) in [
        (&["--help"][..], "replay"),
        (&["replay", "--help"], "EXIT STATUS"),
        (&["ratings", "--help"], "rebuild"),
        (&["ratings", "rebuild", "--help"], "EXIT STATUS"),
        (&["backup", "--help"], "never overwrites"),
        (&["--version"], env!("CARGO_PKG_VERSION")),
        (&["ratings", "rebuild", "--version"], env!("CARGO_PKG_VERSION")),
    ] {
        let (status, stdout) = run(args);
        assert_eq!(status, Some(0), "{args:?}");
        assert!(stdout.contains(text), "{args:?}: {stdout}");
    }
    for args in [&["ratings"][..], &["ratings", "rebuild", "now"], &["replay"], &["dance"]] {
        assert_eq!(run(args).0, Some(2), "{args:?} is a usage error");
    }
}

async fn deviation_grows_when_read_and_the_inactive_leave_the_leaderboard_not_their_stats(f: Fixture) {
    let id = f.start(GUILD, ALICE, BOB, Variant::EngardeStandard, Some(1)).await;
    f.play_out(GUILD, id, ALICE, BOB).await;
    let stored = f.rating(GUILD, ALL, ALICE).await;
    let board = f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    assert_eq!(board.total, 2);
    let fresh = board.viewer.clone().expect("Alice is on the board");
    assert!((fresh.deviation - stored.deviation).abs() < 1e-9, "nothing grows within the period");

    // Sixty days later: still on the board, less certain; nothing stored changed.
    f.advance(60 * 86_400);
    let board = f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    let later = board.viewer.clone().expect("still on the board");
    let idle = RatingPolicy::default().idle_periods(stored.updated_at, f.now());
    assert!((later.deviation - stored.rating().idle(idle).deviation).abs() < 1e-9);
    assert!(later.deviation > fresh.deviation, "{} → {}", fresh.deviation, later.deviation);
    assert_eq!(f.rating(GUILD, ALL, ALICE).await, stored, "computed when read, nothing stored");

    // Past 90 days: off the leaderboard, still in their stats, with the grown deviation.
    f.advance(31 * 86_400);
    let board = f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    assert_eq!((board.total, board.viewer.is_none()), (0, true), "{board:?}");
    let stats = f.svc.stats(GUILD, ALICE, ALICE).await.unwrap();
    let (_, summary) = stats.ratings.first().expect("still rated in their stats");
    assert_eq!(summary.rank, None, "inactive: no rank");
    assert!(summary.deviation > later.deviation);
    // A new match brings her back, from the grown deviation; the rebuild agrees.
    let again = f.start(GUILD, ALICE, CAROL, Variant::EngardeStandard, Some(1)).await;
    f.play_out(GUILD, again, ALICE, CAROL).await;
    let board = f.svc.leaderboard(GUILD, None, 1, ALICE).await.unwrap();
    let on_board: Vec<u64> = board.entries.iter().map(|e| e.player.user_id).collect();
    assert!(on_board.contains(&ALICE) && on_board.contains(&CAROL) && !on_board.contains(&BOB), "{on_board:?}");
    assert_eq!(f.svc.rebuild_ratings().await.unwrap().changed, 0);
}

fixture::on_both_stores! {
    a_match_end_updates_both_scopes_in_its_transaction,
    stats_after_a_known_series_of_matches,
    provisional_players_come_after_established_ones_and_pages_hold_ten,
    an_exported_record_replays_to_the_stored_result,
    a_rebuild_reproduces_the_stored_ratings,
    draws_count_as_draws_timeouts_as_losses_and_aborts_not_at_all,
    deviation_grows_when_read_and_the_inactive_leave_the_leaderboard_not_their_stats,
}
