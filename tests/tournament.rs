//! Tournaments over a real database (issue #27): a whole Swiss of 7 players (with a late
//! join, a forfeit on time, a withdrawal and a round ended by its clock) and a round robin
//! of 4 (with a withdrawal and forfeits), played through the service with the clock moved
//! by hand; the standings checked against values worked out by hand; the refusals; pause
//! and resume; and two services sharing one PostgreSQL database starting each round once.

mod fixture;
mod pg;

use engarde::service::tournament::{CreateRequest, EventState, Manager, Mine, StandingsView, TournamentView};
use engarde::service::{PlayerInfo, ServiceError};
use engarde_rules::OptionMap;
use engarde_tournament::Format;
use fixture::{fixture, fixture_on, Fixture, Store};

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const ADMIN: u64 = 100;
const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// Player `n` (1 to 9): user id 200 + n, named P1…P9.
fn player(n: u64) -> PlayerInfo {
    PlayerInfo { user_id: 200 + n, name: format!("P{n}"), bot: false }
}

fn number(user: u64) -> u64 {
    user - 200
}

fn admin() -> Manager {
    Manager { user_id: ADMIN, name: "Admin".to_owned(), manage_server: true, roles: Vec::new() }
}

/// A member who may not manage the server, with no role.
fn member(user: u64) -> Manager {
    Manager { user_id: user, name: "Someone".to_owned(), manage_server: false, roles: Vec::new() }
}

/// A member who holds role 77.
fn role_holder(user: u64) -> Manager {
    Manager { roles: vec![77], ..member(user) }
}

fn request(f: &Fixture, format: Format, by: Manager) -> CreateRequest {
    CreateRequest {
        guild_id: GUILD,
        channel_id: CHANNEL,
        creator: by,
        name: "Autumn Cup".to_owned(),
        variant: Some("engarde-standard".parse().unwrap()),
        options: OptionMap::new(),
        format,
        rounds: Some(3),
        double: false,
        turn: Some(std::time::Duration::from_secs(HOUR as u64)),
        round_time: Some(std::time::Duration::from_secs(DAY as u64)),
        rated: true,
        away: false,
        max_players: Some(8),
        signup: Some(std::time::Duration::from_secs(HOUR as u64)),
        interaction_id: f.interaction(),
    }
}

fn refusal(e: ServiceError) -> String {
    match e {
        ServiceError::BadOptions(text) => text.render(engarde::i18n::Lang::En),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The live matches of the event's current round: (match id, seat A's user, seat B's user).
async fn live(f: &Fixture, event: i64) -> Vec<(i64, u64, u64)> {
    let rows: Vec<(i64, i64, i64)> = engarde::with_db!(&mut f.conn().await, |cx| sqlx::query_as(
        "SELECT m.id, m.seat_a, m.seat_b FROM matches m JOIN tournaments t ON t.id = m.tournament_id
         WHERE t.id = $1 AND m.tournament_round = t.current_round AND m.status = 'active' ORDER BY m.id"
    )
    .bind(event)
    .fetch_all(cx)
    .await)
    .unwrap();
    rows.into_iter().map(|(id, a, b)| (id, a as u64, b as u64)).collect()
}

/// The pairings of a round as (first, second) player numbers, and its bye.
async fn round_pairings(f: &Fixture, event: i64, round: i64) -> (Vec<(u64, u64)>, Option<u64>) {
    let rows: Vec<(i64, i64)> = engarde::with_db!(&mut f.conn().await, |cx| sqlx::query_as(
        "SELECT e1.user_id, e2.user_id FROM tournament_pairings p
         JOIN tournament_entrants e1 ON e1.tournament_id = p.tournament_id AND e1.player = p.first
         JOIN tournament_entrants e2 ON e2.tournament_id = p.tournament_id AND e2.player = p.second
         WHERE p.tournament_id = $1 AND p.round = $2 ORDER BY p.board"
    )
    .bind(event)
    .bind(round)
    .fetch_all(cx)
    .await)
    .unwrap();
    let bye: Option<i64> = engarde::with_db!(&mut f.conn().await, |cx| sqlx::query_scalar(
        "SELECT e.user_id FROM tournament_rounds r JOIN tournament_entrants e
             ON e.tournament_id = r.tournament_id AND e.player = r.bye
         WHERE r.tournament_id = $1 AND r.round = $2"
    )
    .bind(event)
    .bind(round)
    .fetch_optional(cx)
    .await)
    .unwrap();
    (rows.into_iter().map(|(a, b)| (number(a as u64), number(b as u64))).collect(), bye.map(|b| number(b as u64)))
}

/// `user` resigns match `id`.
async fn resign(f: &Fixture, id: i64, user: u64) {
    f.svc.resign(GUILD, id, user, f.interaction()).await.expect("resign");
}

/// In every live match of the round, the player with the higher number resigns.
async fn lower_number_wins(f: &Fixture, event: i64) {
    for (id, a, b) in live(f, event).await {
        resign(f, id, a.max(b)).await;
    }
}

async fn tick(f: &Fixture) -> Vec<engarde::service::tournament::TournamentUpdate> {
    f.svc.tournament_tick().await.expect("tick")
}

/// A line of the standings as (name, rank, points, Buchholz, SB, wins, draws, losses), in
/// half points but SB in quarter points.
type Line = (String, u32, u32, u32, u32, u32, u32, u32);

/// The standings, line by line.
fn table(s: &StandingsView) -> Vec<Line> {
    s.lines
        .iter()
        .map(|l| (l.player.name.clone(), l.rank, l.points, l.buchholz, l.sonneborn_berger, l.wins, l.draws, l.losses))
        .collect()
}

async fn view(f: &Fixture, id: i64) -> TournamentView {
    f.svc.tournament(GUILD, id).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_swiss_of_seven_with_a_late_join_a_forfeit_and_a_withdrawal() {
    let f = fixture().await;
    // Bad input changes nothing: a member without the role creates nothing.
    let e = f.svc.create_tournament(request(&f, Format::Swiss, role_holder(300))).await.unwrap_err();
    assert!(refusal(e).contains("Only server managers"));
    assert_eq!(f.rows("tournaments").await, 0);
    // Unless the server names their role.
    f.svc.set_tournament_role(GUILD, ADMIN, Some(77)).await.unwrap();
    let event = f.svc.create_tournament(request(&f, Format::Swiss, role_holder(300))).await.unwrap();
    let cancelled = f.svc.cancel_tournament(GUILD, event.id, &admin()).await.unwrap();
    assert_eq!(cancelled.event.state, EventState::Cancelled);
    let event = f.svc.create_tournament(request(&f, Format::Swiss, admin())).await.unwrap();
    let id = event.id;
    assert_eq!(event.state, EventState::SigningUp);

    for n in 1..=7 {
        let joined = f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
        assert!(!joined.late);
    }
    // Joining twice, a bot, a non-manager's start: refused, nothing changes.
    let e = f.svc.join_tournament(GUILD, id, &player(3)).await.unwrap_err();
    assert!(refusal(e).contains("already signed up"));
    let bot = PlayerInfo { user_id: 999, name: "Robot".to_owned(), bot: true };
    assert!(refusal(f.svc.join_tournament(GUILD, id, &bot).await.unwrap_err()).contains("Bots"));
    assert!(refusal(f.svc.start_tournament(GUILD, id, &member(201)).await.unwrap_err()).contains("Only server"));
    // A forged button: an event of another server, or none.
    assert!(refusal(f.svc.join_tournament(GUILD + 1, id, &player(8)).await.unwrap_err()).contains("no such"));
    assert!(refusal(f.svc.join_tournament(GUILD, id + 100, &player(8)).await.unwrap_err()).contains("no such"));
    assert_eq!(view(&f, id).await.entrants.len(), 7);

    // Nothing happens before sign-ups close; then round 1 starts by itself.
    assert!(tick(&f).await.is_empty());
    f.advance(HOUR);
    let updates = tick(&f).await;
    assert_eq!(updates.len(), 1);
    let start = updates[0].started.as_ref().expect("round 1");
    assert_eq!((start.round, start.boards.len()), (1, 3));
    assert!(start.bye.is_some(), "seven players: one bye");
    assert!(tick(&f).await.is_empty(), "a round starts once");
    let (r1, bye1) = round_pairings(&f, id, 1).await;
    println!("round 1: {r1:?} bye {bye1:?}");

    // A late join during round 1: paired from round 2.
    let late = f.svc.join_tournament(GUILD, id, &player(8)).await.unwrap();
    assert!(late.late);
    assert!(matches!(f.svc.my_tournament(GUILD, id, 208).await.unwrap(), Mine::Late { round: 2, .. }));

    // Round 1: one match lost on time by the player to move first (seat A, the pairing's
    // first); in the others the higher number resigns.
    let matches = live(&f, id).await;
    let (timed_out, a, _) = matches[0];
    for &(m, x, y) in &matches[1..] {
        resign(&f, m, x.max(y)).await;
    }
    assert!(matches!(f.svc.my_tournament(GUILD, id, a).await.unwrap(), Mine::Playing { .. }));
    f.advance(HOUR);
    let boards = f.svc.forfeit_overdue().await.unwrap();
    assert_eq!(boards.len(), 1);
    assert_eq!(f.stored(timed_out).await.end_reason.as_deref(), Some("timeout"));
    assert_eq!(f.stored(timed_out).await.winner.as_deref(), Some("b"));

    let updates = tick(&f).await;
    assert_eq!(updates.len(), 1);
    let standings = updates[0].standings.as_ref().expect("standings after round 1");
    assert_eq!(standings.after_round, 1);
    let start = updates[0].started.as_ref().expect("round 2");
    assert_eq!((start.round, start.boards.len(), start.bye.is_none()), (2, 4, true), "eight players in round 2");
    let (r2, _) = round_pairings(&f, id, 2).await;
    println!("round 2: {r2:?}");
    let e = f.svc.join_tournament(GUILD, id, &player(9)).await.unwrap_err();
    assert!(refusal(e).contains("closed"), "no late join once round 2 has started");

    // Round 2: P8 withdraws (their live match is resigned); one match is left to the
    // round's clock (the player to move loses); in the others the higher number resigns.
    let left = f.svc.leave_tournament(GUILD, id, 208).await.unwrap();
    assert_eq!(left.ended.len(), 1, "the withdrawal ends their live match");
    assert!(matches!(f.svc.my_tournament(GUILD, id, 208).await.unwrap(), Mine::Withdrawn { .. }));
    let matches = live(&f, id).await;
    assert_eq!(matches.len(), 3);
    let (clocked, clocked_a, _) = matches[0];
    for &(m, x, y) in &matches[1..] {
        resign(&f, m, x.max(y)).await;
    }
    // Nobody moves in the clocked match, and the round's time runs out before the
    // scheduler's per-move forfeit settles it: the round's end decides it.
    f.advance(DAY);
    let updates = tick(&f).await;
    assert_eq!(updates.len(), 1);
    assert_eq!(updates[0].ended.len(), 1, "the clocked match is decided by the round's end");
    assert_eq!(f.stored(clocked).await.winner.as_deref(), Some("b"), "the player awaited ({clocked_a}) loses");
    let start = updates[0].started.as_ref().expect("round 3");
    assert_eq!((start.round, start.boards.len(), start.bye.is_some()), (3, 3, true), "seven players left");
    let (r3, bye3) = round_pairings(&f, id, 3).await;
    println!("round 3: {r3:?} bye {bye3:?}");

    // Round 3, the last: the higher number resigns everywhere.
    lower_number_wins(&f, id).await;
    let updates = tick(&f).await;
    assert_eq!(updates.len(), 1);
    assert!(updates[0].finished());
    assert!(updates[0].started.is_none());
    let standings = updates[0].standings.clone().unwrap();
    assert_eq!(standings.event.state, EventState::Finished);
    for line in table(&standings) {
        println!("{line:?}");
    }
    assert_eq!(table(&standings), expected_swiss(&r1, bye1, &r2, &r3, bye3));
    assert_eq!(f.svc.tournament_standings(GUILD, id).await.unwrap().lines, standings.lines);
    assert!(matches!(f.svc.my_tournament(GUILD, id, 201).await.unwrap(), Mine::Over { rank: Some(_), .. }));
    // Rated: its matches changed ratings like any, and they are in the players' history,
    // marked with the event and the round.
    assert!(f.rows("rating_changes").await > 0);
    let history = f.svc.history(GUILD, 203).await.unwrap();
    let events: Vec<_> = history.entries.iter().map(|e| e.event.clone()).collect();
    let cup = |round| Some(("Autumn Cup".to_owned(), round));
    assert_eq!(events, vec![cup(3), cup(2), cup(1)], "P3's three games, newest first");
    let stats = f.svc.stats(GUILD, 203, 203).await.unwrap();
    assert_eq!((stats.tournaments.played, stats.tournaments.best), (1, Some(1)), "P3 won it");
    assert_eq!((stats.record.wins, stats.record.losses), (3, 0));
    let stats = f.svc.stats(GUILD, 208, 208).await.unwrap();
    assert_eq!((stats.tournaments.played, stats.tournaments.best), (1, None), "P8 withdrew: no place");
    assert!(tick(&f).await.is_empty(), "a finished event does nothing more");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_nine_whose_leader_withdraws_in_the_last_round_gives_the_podium_to_the_others() {
    use engarde::discord::render::tournament::{podium, standings as standings_text};
    use engarde::i18n::Lang;
    let f = fixture().await;
    let event = f.svc.create_tournament(CreateRequest { max_players: Some(9), ..request(&f, Format::Swiss, admin()) });
    let id = event.await.unwrap().id;
    for n in 1..=9 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    f.advance(HOUR);
    let start = tick(&f).await[0].started.clone().expect("round 1");
    assert_eq!((start.boards.len(), start.bye.is_some()), (4, true), "nine players: four games and a bye");
    // Rounds 1 and 2: the lower number wins every game, so P1 wins all theirs.
    for round in 2..=3 {
        lower_number_wins(&f, id).await;
        let updates = tick(&f).await;
        assert_eq!(updates[0].started.as_ref().map(|s| s.round), Some(round));
    }
    // Round 3: every game is played (P1 wins again), then P1 leaves before the round ends.
    lower_number_wins(&f, id).await;
    let left = f.svc.leave_tournament(GUILD, id, 201).await.unwrap();
    assert!(left.ended.is_empty(), "P1's game of the round was over");
    let updates = tick(&f).await;
    assert!(updates[0].finished());
    let standings = updates[0].standings.clone().expect("the final standings");
    // P1 stays in the table, first on points, marked as withdrawn, with no place.
    let p1 = standings.lines.iter().find(|l| l.player.name == "P1").expect("P1 is in the table");
    assert_eq!((p1.rank, p1.points, p1.withdrawn, p1.place), (1, 6, true, None), "{:?}", standings.lines);
    let text = standings_text(Lang::En, &standings).join("\n");
    assert!(text.contains("P1 (withdrew)"), "{text}");
    // The others keep the table's order, placed among themselves: the podium is theirs.
    let stayed: Vec<&engarde::service::tournament::StandingLine> =
        standings.lines.iter().filter(|l| !l.withdrawn).collect();
    assert_eq!(stayed.len(), 8);
    for l in &stayed {
        let better = stayed.iter().filter(|o| o.rank < l.rank).count() as u32;
        assert_eq!(l.place, Some(better + 1), "{l:?}");
    }
    let names = |place: u32| -> Vec<String> {
        stayed.iter().filter(|l| l.place == Some(place)).map(|l| l.player.name.clone()).collect()
    };
    let on_podium: Vec<String> = (1..=3).flat_map(names).collect();
    assert!(on_podium.len() >= 3, "three places, ties shared: {:?}", standings.lines);
    let text = podium(Lang::En, &standings);
    assert!(!text.contains("P1"), "P1 withdrew: not on the podium: {text}");
    for name in &on_podium {
        assert!(text.contains(name.as_str()), "{name} is on the podium: {text}");
    }
    // Their stats and `mine` agree with the podium.
    let winner = stayed[0].player.user_id;
    let stats = f.svc.stats(GUILD, winner, winner).await.unwrap();
    assert_eq!(stats.tournaments.best, Some(1), "{} won it", stayed[0].player.name);
    assert!(matches!(f.svc.my_tournament(GUILD, id, winner).await.unwrap(), Mine::Over { rank: Some(1), .. }));
    let stats = f.svc.stats(GUILD, 201, 201).await.unwrap();
    assert_eq!((stats.tournaments.played, stats.tournaments.best), (1, None), "P1 withdrew: no place");
    assert!(matches!(f.svc.my_tournament(GUILD, id, 201).await.unwrap(), Mine::Over { rank: None, .. }));
}

/// The Swiss's standings worked out by hand from its pairings (asserted here, so that a
/// change of pairing shows as such) and the results the test played.
fn expected_swiss(
    r1: &[(u64, u64)],
    bye1: Option<u64>,
    r2: &[(u64, u64)],
    r3: &[(u64, u64)],
    bye3: Option<u64>,
) -> Vec<Line> {
    // The pairings the engarde-tournament crate makes for this event (first, second).
    assert_eq!(r1, &[(1, 2), (3, 6), (4, 5)], "round 1 pairings");
    assert_eq!(bye1, Some(7), "round 1 bye");
    assert_eq!(r2, &[(2, 4), (7, 3), (6, 1), (5, 8)], "round 2 pairings");
    assert_eq!(r3, &[(4, 3), (2, 5), (1, 7)], "round 3 pairings");
    assert_eq!(bye3, Some(6), "round 3 bye");
    // Results. Round 1: P1 (first, to move) lost on time to P2; P3 beat P6, P4 beat P5 (the
    // higher number resigned); P7 bye. Round 2: P8 withdrew (P5 won); P2–P4 was left to the
    // round's clock: P2, first and awaited, lost; P3 beat P7, P1 beat P6. Round 3: P3 beat P4,
    // P2 beat P5, P1 beat P7; P6 bye.
    // Points (half points): P1 L W W = 4; P2 W L W = 4; P3 W W W = 6; P4 W W L = 4;
    // P5 L W L = 2; P6 L L bye = 2; P7 bye L L = 2; P8 L = 0.
    // Buchholz = opponents' points: P1: P2 4 + P6 2 + P7 2 = 8; P2: P1 4 + P4 4 + P5 2 = 10;
    // P3: P6 2 + P7 2 + P4 4 = 8; P4: P5 2 + P2 4 + P3 6 = 12; P5: P4 4 + P8 0 + P2 4 = 8;
    // P6: P3 6 + P1 4 = 10; P7: P3 6 + P1 4 = 10; P8: P5 2 = 2.
    // SB (quarter points) = 2 × the points of each opponent beaten: P1: P6 2 + P7 2 → 8;
    // P2: P1 4 + P5 2 → 12; P3: P6 2 + P7 2 + P4 4 → 16; P4: P5 2 + P2 4 → 12; P5: P8 0 → 0;
    // P6, P7, P8: 0.
    // Order: P3 (6); then at 4, by Buchholz: P4 12, P2 10, P1 8; then at 2: P6 and P7 tie on
    // Buchholz 10 and SB 0 (a shared 5th), P5 8; P8.
    let line = |n: u32, rank, points, bh, sb, w, l| (format!("P{n}"), rank, points, bh, sb, w, 0, l);
    vec![
        line(3, 1, 6, 8, 16, 3, 0),
        line(4, 2, 4, 12, 12, 2, 1),
        line(2, 3, 4, 10, 12, 2, 1),
        line(1, 4, 4, 8, 8, 2, 1),
        line(6, 5, 2, 10, 0, 0, 2),
        line(7, 5, 2, 10, 0, 0, 2),
        line(5, 7, 2, 8, 0, 1, 2),
        line(8, 8, 0, 2, 0, 0, 1),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_with_a_withdrawal() {
    let f = fixture().await;
    let event = f.svc.create_tournament(request(&f, Format::RoundRobin, admin())).await.unwrap();
    let id = event.id;
    for n in 1..=4 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    // Taking back a sign-up, and signing up again, before the start.
    let left = f.svc.leave_tournament(GUILD, id, 204).await.unwrap();
    assert_eq!(left.event.entrants.len(), 3);
    f.svc.join_tournament(GUILD, id, &player(4)).await.unwrap();
    // A manager starts it before sign-ups close.
    let update = f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
    assert_eq!(update.event.rounds, 3, "everyone meets everyone once");
    assert_eq!(update.started.as_ref().unwrap().boards.len(), 2);
    assert!(refusal(f.svc.start_tournament(GUILD, id, &admin()).await.unwrap_err()).contains("already started"));
    let e = f.svc.join_tournament(GUILD, id, &player(5)).await.unwrap_err();
    assert!(refusal(e).contains("closed"), "no late join in a round robin");

    // Round 1: the higher number resigns. The round ends as soon as its matches have.
    lower_number_wins(&f, id).await;
    let update = tick(&f).await.pop().expect("round 1 over");
    assert_eq!(update.started.as_ref().unwrap().round, 2);
    // Round 2: P4 withdraws mid-round (losing their live match); the other match as usual.
    let left = f.svc.leave_tournament(GUILD, id, 204).await.unwrap();
    assert_eq!(left.ended.len(), 1);
    lower_number_wins(&f, id).await;
    let update = tick(&f).await.pop().expect("round 2 over");
    let start = update.started.as_ref().unwrap();
    assert_eq!((start.round, start.boards.len(), start.forfeits.len()), (3, 1, 1), "P4's last game is a forfeit");
    assert_eq!(start.forfeits[0].1.name, "P4");
    lower_number_wins(&f, id).await;
    let update = tick(&f).await.pop().expect("round 3 over");
    assert!(update.finished());
    let standings = update.standings.unwrap();
    // By hand: P1 beat everyone (6 half points), P2 beat P3 and P4 (4), P3 beat P4 (2), P4 0.
    // SB (quarter points, 2 × the points of each opponent beaten): P1 2×(4+2+0) = 12,
    // P2 2×(2+0) = 4, P3 0, P4 0. Buchholz: P1 6, P2 8, P3 10, P4 12. P3 and P4 are not tied
    // on points: no head to head.
    let line = |n: u32, rank, points, bh, sb, w, l| (format!("P{n}"), rank, points, bh, sb, w, 0, l);
    assert_eq!(
        table(&standings),
        vec![
            line(1, 1, 6, 6, 12, 3, 0),
            line(2, 2, 4, 8, 4, 2, 1),
            line(3, 3, 2, 10, 0, 1, 2),
            line(4, 4, 0, 12, 0, 0, 3)
        ]
    );
    assert!(standings.lines[3].withdrawn);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_closing_with_too_few_players_cancel_the_event() {
    let f = fixture().await;
    let mut req = request(&f, Format::Swiss, admin());
    req.max_players = Some(3);
    let id = f.svc.create_tournament(req).await.unwrap().id;
    for n in 1..=3 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    assert!(refusal(f.svc.join_tournament(GUILD, id, &player(4)).await.unwrap_err()).contains("full"));
    f.svc.leave_tournament(GUILD, id, 203).await.unwrap();
    assert!(refusal(f.svc.leave_tournament(GUILD, id, 203).await.unwrap_err()).contains("not playing"));
    f.advance(HOUR);
    let update = tick(&f).await.pop().expect("sign-ups closed");
    assert!(update.cancelled);
    assert_eq!(view(&f, id).await.state, EventState::Cancelled);
    assert_eq!(f.rows("matches").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pause_stops_the_clocks() {
    let f = fixture().await;
    let id = f.svc.create_tournament(request(&f, Format::Swiss, admin())).await.unwrap().id;
    for n in 1..=4 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
    let matches = live(&f, id).await;
    let deadline = f.stored(matches[0].0).await.deadline_at.unwrap();
    let round_deadline = view(&f, id).await.round_deadline.unwrap();
    assert!(refusal(f.svc.pause_tournament(GUILD, id, &member(201)).await.unwrap_err()).contains("Only server"));
    f.advance(10 * 60);
    f.svc.pause_tournament(GUILD, id, &admin()).await.unwrap();
    // Two days paused: no per-move forfeit, no round end.
    f.advance(2 * DAY);
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty());
    assert!(tick(&f).await.is_empty());
    f.svc.resume_tournament(GUILD, id, &admin()).await.unwrap();
    assert_eq!(f.stored(matches[0].0).await.deadline_at, Some(deadline + 2 * DAY));
    assert_eq!(view(&f, id).await.round_deadline, Some(round_deadline + 2 * DAY));
    assert!(refusal(f.svc.resume_tournament(GUILD, id, &admin()).await.unwrap_err()).contains("not paused"));
    assert!(f.svc.forfeit_overdue().await.unwrap().is_empty(), "50 minutes were left");
    f.advance(50 * 60);
    assert_eq!(f.svc.forfeit_overdue().await.unwrap().len(), 2);
    assert!(f.rows("rating_changes").await > 0, "this event is rated");
}

/// Away time in events (issue #28): an event that forbids it (the default) keeps its
/// clocks running for an away player, and its round ends on time; one that allows it
/// stops the player's match clock, waits for them at the round's end, and moves the round's
/// deadline by the time away once they are back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_time_stops_the_round_only_where_the_event_allows_it() {
    for allowed in [false, true] {
        let f = fixture().await;
        let mut req = request(&f, Format::Swiss, admin());
        req.away = allowed;
        let id = f.svc.create_tournament(req).await.unwrap().id;
        for n in 1..=4 {
            f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
        }
        f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
        let matches = live(&f, id).await;
        let (away_match, away_user, _) = matches[0];
        let (other_match, other_a, other_b) = matches[1];
        assert_eq!(
            f.int("SELECT CASE WHEN away_allowed THEN 1 ELSE 0 END FROM matches WHERE id = $1", away_match).await,
            i64::from(allowed),
            "a pairing's match takes the event's away rule"
        );
        let deadline = f.stored(away_match).await.deadline_at.unwrap();
        let round_deadline = view(&f, id).await.round_deadline.unwrap();
        // Seat A moves first: its player goes away for two days, ten minutes in.
        f.advance(10 * 60);
        let away_from = f.now();
        f.svc.go_away(GUILD, away_user, away_from + 2 * DAY).await.unwrap();
        resign(&f, other_match, other_a.max(other_b)).await;
        f.advance(DAY + HOUR);
        let forfeits = f.svc.forfeit_overdue().await.unwrap();
        let ticked = tick(&f).await;
        if !allowed {
            assert_eq!(forfeits.len(), 1, "the away player's clock ran on and the move was missed");
            assert_eq!(f.stored(away_match).await.deadline_at, None, "the match is over");
            assert_eq!(ticked.len(), 1, "round 1 ended on its own clock");
            assert_eq!(view(&f, id).await.current_round, 2);
            continue;
        }
        assert!(forfeits.is_empty(), "the away player's clock is stopped");
        assert!(ticked.is_empty(), "the round waits for the away player's match");
        assert_eq!(view(&f, id).await.current_round, 1);
        f.advance(DAY);
        assert_eq!(f.svc.settle_aways().await.unwrap().moved, 1);
        assert_eq!(f.stored(away_match).await.deadline_at, Some(deadline + 2 * DAY));
        assert_eq!(view(&f, id).await.round_deadline, Some(round_deadline + 2 * DAY));
        assert!(tick(&f).await.is_empty(), "the round's deadline moved as the match's did");
        // The hour the player had left runs out: the match is lost on time, the round ends.
        f.advance(HOUR);
        assert_eq!(f.svc.forfeit_overdue().await.unwrap().len(), 1);
        assert_eq!(tick(&f).await.len(), 1);
        assert_eq!(view(&f, id).await.current_round, 2);
    }
}

/// An event takes the variant's options, as a challenge does: options the rules refuse are
/// refused with the rules' reason, and those they take reach every pairing's match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_plays_with_the_options_it_was_created_with() {
    let f = fixture().await;
    let mut bad = request(&f, Format::RoundRobin, admin());
    bad.variant = Some("ready-fence-advanced".parse().unwrap());
    bad.options = OptionMap::from_iter([("target".to_owned(), 10.into())]);
    let why = refusal(f.svc.create_tournament(bad).await.unwrap_err());
    assert!(why.contains("10"), "{why}");
    assert_eq!(f.rows("tournaments").await, 0, "a refused event is not created");
    let mut req = request(&f, Format::RoundRobin, admin());
    req.options = OptionMap::from_iter([("hits_to_win".to_owned(), 3.into())]);
    let id = f.svc.create_tournament(req).await.unwrap().id;
    for n in 1..=3 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
    let (match_id, _, _) = live(&f, id).await[0];
    let state = f.stored(match_id).await.state;
    assert!(state.contains("\"hits_to_win\":3"), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unrated_event_changes_no_rating() {
    let f = fixture().await;
    let mut req = request(&f, Format::RoundRobin, admin());
    req.rated = false;
    let id = f.svc.create_tournament(req).await.unwrap().id;
    for n in 1..=3 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
    lower_number_wins(&f, id).await;
    assert_eq!(f.rows("rating_changes").await, 0);
    assert_eq!(f.int("SELECT COUNT(*) FROM matches WHERE status = 'finished' AND tournament_id = $1", id).await, 1);
}

/// Two services (two processes' worth) over one PostgreSQL database move the same events
/// at the same moment: each round starts once, each round ends once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_postgresql_start_each_round_once() {
    let f = fixture_on(Store::Postgres).await;
    let pool = engarde::store::open(&f.url).await.expect("second pool");
    let other = engarde::service::Service::new(pool).with_clock(f.clock.clone());
    let mut ids = Vec::new();
    for _ in 0..3 {
        let id = f.svc.create_tournament(request(&f, Format::Swiss, admin())).await.unwrap().id;
        for n in 1..=5 {
            f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
        }
        ids.push(id);
    }
    f.advance(HOUR);
    let (a, b) = tokio::join!(f.svc.tournament_tick(), other.tournament_tick());
    let started: Vec<i64> =
        a.unwrap().into_iter().chain(b.unwrap()).filter(|u| u.started.is_some()).map(|u| u.event.id).collect();
    let mut sorted = started.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ids, "each event's first round started by exactly one of them");
    for &id in &ids {
        assert_eq!(f.int("SELECT COUNT(*) FROM matches WHERE tournament_id = $1", id).await, 2);
        assert_eq!(f.int("SELECT COUNT(*) FROM tournament_rounds WHERE tournament_id = $1", id).await, 1);
        lower_number_wins(&f, id).await;
    }
    let (a, b) = tokio::join!(f.svc.tournament_tick(), other.tournament_tick());
    let updates: Vec<_> = a.unwrap().into_iter().chain(b.unwrap()).collect();
    assert_eq!(updates.len(), 3, "each round ended once");
    for &id in &ids {
        assert_eq!(f.int("SELECT COUNT(*) FROM tournament_rounds WHERE tournament_id = $1", id).await, 2);
        assert_eq!(f.int("SELECT COUNT(*) FROM matches WHERE tournament_id = $1", id).await, 4);
    }
}

/// An event in progress on SQLite, copied to PostgreSQL by `engarde migrate-db`, reads the
/// same there (standings, pairings, who plays whom) and goes on: its next round starts on
/// the copy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_event_is_copied_to_postgresql_and_goes_on() {
    let f = fixture().await;
    f.svc.set_tournament_role(GUILD, ADMIN, Some(77)).await.unwrap();
    let id = f.svc.create_tournament(request(&f, Format::Swiss, admin())).await.unwrap().id;
    for n in 1..=5 {
        f.svc.join_tournament(GUILD, id, &player(n)).await.unwrap();
    }
    f.svc.start_tournament(GUILD, id, &admin()).await.unwrap();
    lower_number_wins(&f, id).await;
    tick(&f).await.pop().expect("round 2 starts");
    f.svc.join_tournament(GUILD, id, &player(6)).await.unwrap_err();

    let target = pg::fresh_database().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_engarde"))
        .args(["migrate-db", "--from", &f.url, "--to", &target])
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let copy = engarde::service::Service::new(engarde::store::open(&target).await.unwrap()).with_clock(f.clock.clone());
    assert_eq!(copy.tournament(GUILD, id).await.unwrap(), view(&f, id).await);
    assert_eq!(
        copy.tournament_standings(GUILD, id).await.unwrap(),
        f.svc.tournament_standings(GUILD, id).await.unwrap()
    );
    for user in 201..=205 {
        assert_eq!(
            copy.my_tournament(GUILD, id, user).await.unwrap(),
            f.svc.my_tournament(GUILD, id, user).await.unwrap()
        );
    }
    // The server's tournament role came along.
    let role_holder = role_holder(300);
    assert!(copy.pause_tournament(GUILD, id, &role_holder).await.is_ok());
    copy.resume_tournament(GUILD, id, &role_holder).await.unwrap();
    // Round 2 ends on the copy, and round 3 starts there, with fresh match ids.
    for (m, a, b) in live(&f, id).await {
        copy.resign(GUILD, m, a.max(b), f.interaction()).await.unwrap();
    }
    let update = copy.tournament_tick().await.unwrap().pop().expect("round 3 starts on the copy");
    let start = update.started.expect("round 3");
    assert_eq!(start.round, 3);
    assert!(start.boards.iter().all(|b| b.match_id > 4), "fresh match ids after the copied ones");
}
