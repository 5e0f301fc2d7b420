//! `engarde migrate-db`: a SQLite database made by playing matches of every game (finished
//! and unfinished, with boards, a pending challenge, server settings and ratings) is copied
//! by the real binary into a fresh PostgreSQL database; every match's record is the same on
//! both sides, the leaderboards and stats are the same, and the service over the copy
//! serves it (an unfinished match goes on, a new challenge gets a fresh id).

mod fixture;
mod pg;

use std::process::Command;
use std::time::Duration;

use engarde::service::seasons::SeasonMode;
use engarde::service::settings::SettingsChange;
use engarde::service::{ActRequest, Board, ChallengeRequest, PlayerInfo, Service};
use engarde_rules::forteresse::{Action as Shot, Fortress};
use engarde_rules::{Game, MatchAction, Seat, ToAct, Variant};
use fixture::{Fixture, Store};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const ADMIN: u64 = 999;

const VARIANTS: [&str; 7] = [
    "engarde-basic",
    "engarde-standard",
    "engarde-advanced",
    "kengo-basic",
    "kengo-normal",
    "kengo-advanced",
    "forteresse",
];

fn person(user_id: u64) -> PlayerInfo {
    PlayerInfo { user_id, name: format!("Fencer {user_id}"), bot: false }
}

impl Fixture {
    async fn start(&self, variant: &str, a: u64, b: u64) -> i64 {
        let challenge = self
            .svc
            .challenge(ChallengeRequest {
                guild_id: GUILD,
                channel_id: CHANNEL,
                challenger: person(a),
                challenged: person(b),
                variant: Some(variant.parse::<Variant>().expect("a variant")),
                options: Default::default(),
                turn: None,
                interaction_id: self.interaction(),
            })
            .await
            .expect("a challenge");
        let accepted = self.svc.accept(challenge.id, &person(b)).await.expect("accepted");
        self.svc.record_board(&accepted.board, CHANNEL, self.interaction(), "").await.expect("a board");
        accepted.board.match_id
    }

    /// Plays up to `moves` decisions of a match between `a` and `b` (any game) through
    /// `svc`, each followed by its board; true if the match ended.
    async fn play(&self, svc: &Service, id: i64, (a, b): (u64, u64), moves: usize) -> bool {
        for step in 0..moves {
            let hand = svc.hand(GUILD, id, a).await.expect("a hand");
            let seat = match hand.to_act {
                ToAct::Nobody => return true,
                ToAct::Both => Seat::A,
                ToAct::One(seat) => seat,
            };
            let user = if seat == Seat::A { a } else { b };
            let hand = svc.hand(GUILD, id, user).await.expect("a hand");
            let action = match hand.legal_actions.iter().find(|m| !m.is_resign() && !m.is_agree_draw()) {
                Some(_) if hand.legal_actions.len() > 1 => {
                    let playable: Vec<_> =
                        hand.legal_actions.iter().filter(|m| !m.is_resign() && !m.is_agree_draw()).collect();
                    *playable[step % playable.len()]
                }
                Some(&only) => only,
                // A Forteresse set-up cannot be listed: a random one.
                None => MatchAction::Forteresse(Shot::Setup(Fortress::random(id as u64 * 1_000 + step as u64))),
            };
            let request = ActRequest {
                guild_id: GUILD,
                match_id: id,
                turn: hand.turn,
                user_id: user,
                action,
                interaction_id: self.interaction(),
            };
            let done = svc.act(request).await.expect("a legal action");
            svc.record_board(&done.board, CHANNEL, self.interaction(), "").await.expect("a board");
            self.advance(1);
            if done.board.outcome.is_some() {
                return true;
            }
        }
        false
    }
}

/// Runs the real binary's `migrate-db`.
fn migrate(from: &str, to: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_engarde"))
        .args(["migrate-db", "--from", from, "--to", to])
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_played_sqlite_database_is_copied_to_postgresql_and_replays_identically() {
    let f = fixture::fixture_on(Store::Sqlite).await;
    f.svc
        .update_settings(
            GUILD,
            ADMIN,
            &SettingsChange { turn: Some(Duration::from_secs(6 * 3600)), threads: Some(false), ..Default::default() },
        )
        .await
        .expect("settings");
    // Monthly seasons: every rated match also counts in this month's season.
    f.svc.set_season_mode(GUILD, ADMIN, SeasonMode::Monthly).await.expect("seasons");
    f.advance(60);
    let mut unfinished = Vec::new();
    for (i, variant) in VARIANTS.iter().enumerate() {
        let pair = (200 + 2 * i as u64, 201 + 2 * i as u64);
        // Two finished matches (rated), then one left in play.
        for _ in 0..2 {
            let id = f.start(variant, pair.0, pair.1).await;
            if !f.play(&f.svc, id, pair, 3_000).await {
                f.svc.resign(GUILD, id, pair.1, f.interaction()).await.expect("a resignation");
            }
        }
        let id = f.start(variant, pair.1, pair.0).await;
        assert!(!f.play(&f.svc, id, (pair.1, pair.0), 5).await, "{variant}: five decisions do not end a match");
        unfinished.push((id, (pair.1, pair.0)));
    }
    let pending = f
        .svc
        .challenge(ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: person(300),
            challenged: person(301),
            variant: None,
            options: Default::default(),
            turn: None,
            interaction_id: f.interaction(),
        })
        .await
        .expect("a pending challenge");

    let target = pg::fresh_database().await;
    let out = migrate(&f.url, &target);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "migrate-db failed: {said}{}", String::from_utf8_lossy(&out.stderr));
    let matches = VARIANTS.len() * 3;
    assert!(
        said.contains(&format!("{matches} matches"))
            && said.contains("1 server settings")
            && said.contains("1 leaderboard seasons"),
        "says what it copied: {said}"
    );
    assert!(said.contains(&format!("all {matches} match records are identical")), "{said}");

    // Every match's record, the same on both sides, and every leaderboard and stats.
    let copy = Service::new(engarde::store::open(&target).await.expect("the copy opens"))
        .with_clock(f.clock.clone())
        .with_seeds(std::sync::Arc::new(|| 7));
    for id in 1..=matches as i64 {
        assert_eq!(copy.record(id).await.unwrap(), f.svc.record(id).await.unwrap(), "match {id}");
    }
    for game in [Game::EnGarde, Game::Forteresse] {
        let board = Some(Board::Game(game));
        assert_eq!(
            copy.leaderboard(GUILD, board, 1, 200).await.unwrap(),
            f.svc.leaderboard(GUILD, board, 1, 200).await.unwrap(),
            "{game:?}"
        );
    }
    let season = f.svc.seasons_overview(GUILD).await.unwrap().current.expect("this month's season");
    assert_eq!(copy.seasons_overview(GUILD).await.unwrap(), f.svc.seasons_overview(GUILD).await.unwrap());
    for game in [Game::EnGarde, Game::Forteresse] {
        let board = Some(Board::Game(game));
        let theirs = f.svc.season_leaderboard(GUILD, board, Some(season.id), 1, 200).await.unwrap();
        assert!(theirs.total > 0, "{game:?} was played in the season");
        assert_eq!(copy.season_leaderboard(GUILD, board, Some(season.id), 1, 200).await.unwrap(), theirs);
    }
    for user in [200, 201, 212, 213] {
        assert_eq!(copy.stats(GUILD, user, user).await.unwrap(), f.svc.stats(GUILD, user, user).await.unwrap());
        assert_eq!(copy.history(GUILD, user).await.unwrap(), f.svc.history(GUILD, user).await.unwrap());
    }
    assert_eq!(copy.settings(GUILD).await.unwrap(), f.svc.settings(GUILD).await.unwrap());

    // The copy is served: the pending challenge is accepted, each unfinished match goes
    // on, a new challenge gets an id after the copied ones.
    let accepted = copy.accept(pending.id, &person(301)).await.expect("the copied challenge is accepted");
    assert_eq!(accepted.board.match_id, matches as i64 + 1, "a fresh match id");
    for &(id, pair) in &unfinished {
        let logged = |record: serde_json::Value| record["actions"].as_array().map_or(0, Vec::len);
        let before = logged(copy.record(id).await.unwrap());
        f.play(&copy, id, pair, 1).await;
        assert_eq!(logged(copy.record(id).await.unwrap()), before + 1, "match {id} goes on in the copy");
    }

    // A second copy into the same database is refused, and changes nothing.
    let again = migrate(&f.url, &target);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"), "{again:?}");
    assert_eq!(copy.record(1).await.unwrap(), f.svc.record(1).await.unwrap());
}

#[test]
fn only_sqlite_to_postgresql_is_copied() {
    let out = migrate("postgres://a@127.0.0.1:1/x", "sqlite://y.db");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--from must be a sqlite:// URL"), "{out:?}");
}
