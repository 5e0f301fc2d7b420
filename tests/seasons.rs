//! Leaderboard seasons over a real database (SQLite and PostgreSQL): two monthly seasons
//! played through with the clock moved across their boundaries (never slept), each podium
//! claimed once even by two services at once, `ratings rebuild` reproducing both seasons,
//! the all-time board the same as without seasons, and seasons run by hand.

mod fixture;
mod pg;

use engarde::service::ratings::{rate, Outcome, Rating};
use engarde::service::seasons::{period, SeasonMode};
use engarde::service::{Board, ChallengeRequest, PlayerInfo, Service, ServiceError};
use engarde_rules::engarde::Variant;
use engarde_rules::Game;
use fixture::{Fixture, T0};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const BOARD_CHANNEL: u64 = 3_333;
const ADMIN: u64 = 999;

const ALICE: u64 = 101;
const BOB: u64 = 102;
const CAROL: u64 = 103;

fn person(user_id: u64) -> PlayerInfo {
    PlayerInfo { user_id, name: format!("Fencer {user_id}"), bot: false }
}

/// A rating row as stored, every column.
type Row = (i64, String, i64, f64, f64, f64, i64, i64, i64, i64, i64);

impl Fixture {
    /// A match between `a` and `b` that `loser` resigns, a minute after the last event.
    async fn resigned(&self, a: u64, b: u64, loser: u64) -> i64 {
        self.advance(60);
        let challenge = self
            .svc
            .challenge(ChallengeRequest {
                guild_id: GUILD,
                channel_id: CHANNEL,
                challenger: person(a),
                challenged: person(b),
                variant: Some(Variant::EngardeStandard.into()),
                options: Default::default(),
                turn: None,
                interaction_id: self.interaction(),
            })
            .await
            .expect("a challenge");
        let id = self.svc.accept(challenge.id, &person(b)).await.expect("accepted").board.match_id;
        self.advance(60);
        self.svc.resign(GUILD, id, loser, self.interaction()).await.expect("a resignation");
        id
    }

    /// Every stored rating, in a fixed order.
    async fn rating_rows(&self) -> Vec<Row> {
        let sql = "SELECT guild_id, scope, user_id, rating, deviation, volatility, games, wins, losses, draws, \
                   updated_at FROM ratings ORDER BY guild_id, scope, user_id";
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_as(sql).fetch_all(cx).await).expect("ratings")
    }

    /// Every logged rating change, in order.
    async fn changes(&self) -> Vec<(i64, i64, String, i64, f64, f64)> {
        let sql = "SELECT id, match_id, scope, user_id, rating_before, rating_after FROM rating_changes ORDER BY id";
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query_as(sql).fetch_all(cx).await).expect("changes")
    }

    async fn run(&self, sql: &str) -> u64 {
        engarde::with_db!(&mut self.conn().await, |cx| sqlx::query(sql).execute(cx).await.map(|r| r.rows_affected()))
            .expect("a statement")
    }

    /// The season ratings of a season's En Garde board, best first: (user, rating).
    async fn season_board(&self, name: &str) -> Vec<(u64, f64)> {
        let season = self.svc.season_named(GUILD, name).await.expect("a season").id;
        let view = self.svc.season_leaderboard(GUILD, None, Some(season), 1, ALICE).await.expect("a board");
        view.entries.iter().map(|s| (s.player.user_id, s.rating)).collect()
    }

    /// Moves the clock to a second after the end of the month (UTC) it reads.
    fn next_month(&self) {
        self.set(period(SeasonMode::Monthly, self.now()).unwrap().end + 1);
    }
}

/// The matches of both seasons: November's, then December's.
async fn play_two_seasons(f: &Fixture) {
    // November (T0 is 2023-11-14 22:13:20 UTC): Alice beats Bob twice, Carol beats Alice.
    f.resigned(ALICE, BOB, BOB).await;
    f.resigned(BOB, ALICE, BOB).await;
    f.resigned(CAROL, ALICE, ALICE).await;
    // December: Bob beats Alice, Bob beats Carol.
    f.next_month();
    f.advance(3_600);
    f.resigned(BOB, ALICE, ALICE).await;
    f.resigned(CAROL, BOB, CAROL).await;
}

async fn two_monthly_seasons_played_through_and_rebuilt(f: Fixture) {
    f.svc
        .update_settings(
            GUILD,
            ADMIN,
            &engarde::service::settings::SettingsChange {
                board_channel: Some(Some(BOARD_CHANNEL)),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let on = f.svc.set_season_mode(GUILD, ADMIN, SeasonMode::Monthly).await.expect("seasons on");
    let november = on.current.expect("this month's season starts at once");
    assert_eq!((november.name.as_str(), november.starts_at), ("2023-11", T0 + 1), "from when they are turned on");
    assert_eq!(november.ends_at, Some(1_701_388_800), "until 2023-12-01 00:00 UTC");

    // The same matches in a server without seasons, for the all-time board.
    let plain = fixture::fixture_on(store_of(&f)).await;
    play_two_seasons(&f).await;
    play_two_seasons(&plain).await;

    // Each podium once: November's when December's first match is played (the clock was
    // moved past the boundary), then nothing more, even with two services trying at once.
    let second = Service::new(engarde::store::open(&f.url).await.unwrap()).with_clock(f.clock.clone());
    let (one, two) = tokio::join!(f.svc.season_ends(), second.season_ends());
    let mut ends = one.unwrap();
    ends.extend(two.unwrap());
    assert_eq!(ends.len(), 1, "November's podium is claimed once: {ends:?}");
    let nov = &ends[0];
    assert_eq!((nov.season.name.as_str(), nov.guild_id, nov.channel_id), ("2023-11", GUILD, Some(BOARD_CHANNEL)));
    assert_eq!(nov.podiums.len(), 1, "only En Garde was played");
    assert_eq!(nov.podiums[0].game, Game::EnGarde);
    let podium: Vec<u64> = nov.podiums[0].top.iter().map(|s| s.player.user_id).collect();
    assert_eq!(podium.len(), 3);
    assert!(f.svc.season_ends().await.unwrap().is_empty() && second.season_ends().await.unwrap().is_empty());

    // December ends: its podium, once.
    f.next_month();
    let ends = f.svc.season_ends().await.unwrap();
    assert_eq!(ends.iter().map(|e| e.season.name.as_str()).collect::<Vec<_>>(), ["2023-12"]);
    assert_eq!(ends[0].podiums[0].top[0].player.user_id, BOB, "Bob won both his December matches");
    assert!(second.season_ends().await.unwrap().is_empty());

    // Every player starts a season afresh: December's first match is between newcomers.
    let (bob1, alice1) = rate(Rating::NEW, Rating::NEW, Outcome::Win);
    // Then Carol, a newcomer to the season (seat A), resigned to Bob (seat B).
    let (_, bob2) = rate(Rating::NEW, bob1, Outcome::Loss);
    let december = f.season_board("2023-12").await;
    assert!(december.contains(&(ALICE, alice1.rating)), "{december:?}");
    assert_eq!(december[0], (BOB, bob2.rating));
    let november_board = f.season_board("2023-11").await;
    assert_eq!(november_board.len(), 3);
    assert_eq!(november_board.iter().map(|e| e.0).collect::<Vec<_>>(), podium, "the podium is the board's top");

    // The all-time board is the one of the server without seasons, to the last digit.
    plain.set(f.now());
    let all_time: Vec<Row> = f.rating_rows().await.into_iter().filter(|r| !r.1.starts_with("season:")).collect();
    assert_eq!(all_time, plain.rating_rows().await, "seasons leave the all-time ratings alone");
    for game in [None, Some(Board::Game(Game::EnGarde))] {
        assert_eq!(
            f.svc.leaderboard(GUILD, game, 1, ALICE).await.unwrap().entries,
            plain.svc.leaderboard(GUILD, game, 1, ALICE).await.unwrap().entries
        );
    }
    let seasonal = f.rating_rows().await.len() - all_time.len();
    assert_eq!(seasonal, 2 * (3 + 3), "two seasons, three players, two scopes each");

    // A rebuild reproduces both seasons exactly, from the match history: with nothing lost,
    // it changes nothing; with the seasons' ratings and log wiped, it writes them back.
    let (rows, changes) = (f.rating_rows().await, f.changes().await);
    let report = f.svc.rebuild_ratings().await.expect("a rebuild");
    assert_eq!((report.matches, report.seasons, report.changed), (5, 2, 0), "{report:?}");
    assert_eq!((f.rating_rows().await, f.changes().await), (rows.clone(), changes.clone()));
    assert_eq!(f.run("DELETE FROM ratings WHERE scope LIKE 'season:%'").await, seasonal as u64);
    f.run("DELETE FROM rating_changes WHERE scope LIKE 'season:%'").await;
    // Through the binary, as an admin runs it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde"))
        .args(["ratings", "rebuild"])
        .env("DATABASE_URL", &f.url)
        .current_dir(f.dir.path())
        .output()
        .expect("the binary runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said} {}", String::from_utf8_lossy(&out.stderr));
    assert!(
        said.contains("in 1 server and 2 seasons from 5 rated matches")
            && said.contains(&format!("{seasonal} differed from the stored ones")),
        "{said}"
    );
    assert_eq!(f.rating_rows().await, rows, "both seasons rebuilt to the last digit");
    assert_eq!(f.changes().await, changes, "and their log, in the same order");
    let report = f.svc.rebuild_ratings().await.expect("a rebuild");
    assert_eq!((report.seasons, report.changed), (2, 0), "{report:?}");

    // Each player's finishes, latest first.
    let alice = f.svc.stats(GUILD, ALICE, ALICE).await.unwrap().season_finishes;
    let seasons: Vec<&str> = alice.iter().map(|s| s.season.as_str()).collect();
    assert_eq!(seasons, ["2023-12", "2023-11"]);
    let at = |board: &[(u64, f64)]| board.iter().position(|e| e.0 == ALICE).unwrap() + 1;
    assert_eq!((alice[0].rank, alice[0].of, alice[0].rating), (at(&december), 3, alice1.rating));
    assert_eq!((alice[1].rank, alice[1].of), (at(&november_board), 3));
    assert!(plain.svc.stats(GUILD, ALICE, ALICE).await.unwrap().season_finishes.is_empty());

    // The names, newest first, for autocomplete; an unknown one is refused.
    assert_eq!(f.svc.season_names(GUILD, "", 25).await.unwrap(), ["2023-12", "2023-11"]);
    assert_eq!(f.svc.season_names(GUILD, "11", 25).await.unwrap(), ["2023-11"]);
    assert!(matches!(f.svc.season_named(GUILD, "2023-10").await, Err(ServiceError::BadOptions(_))));
    // Another server's season is not this one's.
    assert!(f.svc.season_names(GUILD + 1, "", 25).await.unwrap().is_empty());
    let nov_id = f.svc.season_named(GUILD, "2023-11").await.unwrap().id;
    assert!(matches!(
        f.svc.season_leaderboard(GUILD + 1, None, Some(nov_id), 1, ALICE).await,
        Err(ServiceError::BadOptions(_))
    ));
}

/// Asserts that a use case was refused with the message `id`.
fn refused<T: std::fmt::Debug>(result: Result<T, ServiceError>, id: &str) {
    match result {
        Err(ServiceError::BadOptions(text)) => assert_eq!(text.id, id),
        other => panic!("expected {id}: {other:?}"),
    }
}

async fn seasons_by_hand(f: Fixture) {
    refused(f.svc.end_season(GUILD).await, "error-season-none");
    refused(f.svc.start_season(GUILD, "  ").await, "error-season-name");
    refused(f.svc.start_season(GUILD, &"x".repeat(33)).await, "error-season-name");
    refused(f.svc.start_season(GUILD, "a`b").await, "error-season-name");
    // A match before the season counts in none, even one that ended in the second it starts.
    f.resigned(ALICE, BOB, BOB).await;
    let cup = f.svc.start_season(GUILD, " Winter cup ").await.expect("a season");
    assert_eq!((cup.name.as_str(), cup.ends_at), ("Winter cup", None));
    refused(f.svc.start_season(GUILD, "Other").await, "error-season-running");
    refused(f.svc.set_season_mode(GUILD, ADMIN, SeasonMode::Quarterly).await, "error-season-manual-running");
    f.resigned(CAROL, BOB, BOB).await;
    f.advance(40 * 86_400);
    f.resigned(CAROL, ALICE, ALICE).await;
    let ended = f.svc.end_season(GUILD).await.expect("ended");
    assert_eq!(ended.ends_at, Some(f.now() + 1), "with the end of this second");
    // After its end, matches count in no season.
    f.resigned(BOB, ALICE, ALICE).await;
    let ends = f.svc.season_ends().await.unwrap();
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].channel_id, Some(CHANNEL), "no board channel: where the last match was");
    let top: Vec<u64> = ends[0].podiums[0].top.iter().map(|s| s.player.user_id).collect();
    assert_eq!(top[0], CAROL, "Carol won both her matches of the season");
    assert_eq!(top.len(), 3);
    let board = f.season_board("Winter cup").await;
    assert_eq!(board.len(), 3, "nobody left the season's board for being idle 40 days");
    let games: i64 = f.rating_rows().await.iter().filter(|r| r.1.starts_with("season:")).map(|r| r.6).sum();
    assert_eq!(games, 2 * 2 * 2, "two matches in the season, two players, two scopes");
    refused(f.svc.start_season(GUILD, "Winter cup").await, "error-season-name-taken");

    // Automatic seasons: no season by hand, and theirs end by themselves.
    let on = f.svc.set_season_mode(GUILD, ADMIN, SeasonMode::Quarterly).await.unwrap();
    let quarter = on.current.expect("a quarter's season");
    // 40 days after 2023-11-14: the last quarter of 2023, from now.
    assert_eq!((quarter.name.as_str(), quarter.starts_at), ("2023-Q4", f.now() + 1), "{quarter:?}");
    assert_eq!(quarter.ends_at, Some(1_704_067_200), "until 2024-01-01 00:00 UTC");
    refused(f.svc.start_season(GUILD, "Spring").await, "error-season-automatic");
    refused(f.svc.end_season(GUILD).await, "error-season-ends-itself");
    // Turned off, the current season still runs to its end.
    let off = f.svc.set_season_mode(GUILD, ADMIN, SeasonMode::Off).await.unwrap();
    assert_eq!(off.current.map(|s| s.name), Some(quarter.name.clone()));
    f.resigned(ALICE, CAROL, CAROL).await;
    assert_eq!(f.season_board(&quarter.name).await.len(), 2);
    // And no new season starts after it.
    f.set(quarter.ends_at.unwrap() + 10);
    f.resigned(ALICE, CAROL, CAROL).await;
    assert_eq!(f.svc.season_names(GUILD, "", 25).await.unwrap().len(), 2);
    let report = f.svc.rebuild_ratings().await.unwrap();
    assert_eq!((report.seasons, report.changed), (2, 0), "{report:?}");
}

fn store_of(f: &Fixture) -> fixture::Store {
    if f.url.starts_with("postgres") {
        fixture::Store::Postgres
    } else {
        fixture::Store::Sqlite
    }
}

fixture::on_both_stores!(two_monthly_seasons_played_through_and_rebuilt, seasons_by_hand);
