//! Practice matches against the bot, through the service over SQLite and PostgreSQL:
//! played to the end in every game, never rated nor counted, the bot never acting out
//! of turn or twice for one decision, never late, never reminded, taking no draw.

mod fixture;
mod pg;

use std::collections::BTreeSet;

use engarde::service::settings::SettingsChange;
use engarde::service::{ActRequest, BoardPlace, PlayerInfo, PracticeRequest, Service, ServiceError};
use engarde_rules::{choose_action, Budget, Game, Level, Match, MatchAction, Seat, ToAct, Variant};
use fixture::Fixture;

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 3_000;
const ALICE: u64 = 101;
const BOT: u64 = 999;

fn alice() -> PlayerInfo {
    PlayerInfo { user_id: ALICE, name: "Alice".to_owned(), bot: false }
}

fn bot() -> PlayerInfo {
    PlayerInfo { user_id: BOT, name: "En Garde".to_owned(), bot: true }
}

fn request(variant: &str, level: Level) -> PracticeRequest {
    PracticeRequest {
        guild_id: GUILD,
        channel_id: CHANNEL,
        player: alice(),
        bot: bot(),
        variant: Some(variant.parse::<Variant>().expect("a variant")),
        level,
        turn: None,
    }
}

/// The match as stored, and its log.
async fn stored(f: &Fixture, id: i64) -> (Match, Vec<(Seat, MatchAction)>, String) {
    let game: Game = f.text("SELECT game FROM matches WHERE id = $1", id).await.parse().expect("a game");
    let format = f.int("SELECT state_format FROM matches WHERE id = $1", id).await;
    let state = f.text("SELECT state FROM matches WHERE id = $1", id).await;
    let status = f.text("SELECT status FROM matches WHERE id = $1", id).await;
    let sql = "SELECT action FROM match_actions WHERE match_id = $1 ORDER BY turn";
    let actions: Vec<String> =
        engarde::with_db!(&mut f.conn().await, |cx| sqlx::query_scalar(sql).bind(id).fetch_all(cx).await)
            .expect("the log");
    let log = actions
        .iter()
        .map(|a| MatchAction::from_json(game, &serde_json::from_str(a).expect("JSON")).expect("an action"))
        .collect();
    (Match::load(game, u32::try_from(format).unwrap(), &state).expect("a valid state"), log, status)
}

/// Alice's move: the easy practice opponent's choice for her seat (her own knowledge only).
fn alice_move(game: &Match, log: &[(Seat, MatchAction)], seed: u64) -> MatchAction {
    let knowledge = game.knowledge(Seat::A, log);
    choose_action(&knowledge, Level::Easy, seed, Budget::for_level(Level::Easy)).expect("Alice has a move")
}

/// Plays a practice match to its end: Alice by the easy opponent, the bot by
/// `practice_move`. Returns the number of decisions.
async fn play_out(f: &Fixture, id: i64) -> usize {
    let mut decisions = 0;
    loop {
        let (game, log, status) = stored(f, id).await;
        if status != "active" {
            return decisions;
        }
        assert_eq!(log.len(), game.turn() as usize, "the log holds every action");
        let to_act = game.to_act();
        if to_act.includes(Seat::B) {
            let before = log.len();
            let done = f.svc.practice_move(id).await.expect("the bot moves").expect("the bot had a decision to make");
            let (_, after, _) = stored(f, id).await;
            assert_eq!(after.len(), before + 1, "one move for one decision");
            assert_eq!(after.last().unwrap().0, Seat::B, "the bot played its own seat");
            assert!(done.board.practice.is_some(), "a practice board says so");
        } else {
            assert_eq!(to_act, ToAct::One(Seat::A), "someone is to act in an active match");
            // Not the bot's turn: it does nothing.
            assert!(f.svc.practice_move(id).await.expect("no error").is_none(), "the bot acted out of turn");
            let hand = f.svc.hand(GUILD, id, ALICE).await.expect("Alice's hand");
            let action = alice_move(&game, &log, decisions as u64);
            let req = ActRequest {
                guild_id: GUILD,
                match_id: id,
                turn: hand.turn,
                user_id: ALICE,
                action,
                interaction_id: f.interaction(),
            };
            f.svc.act(req).await.expect("Alice's move is legal");
        }
        f.advance(5);
        decisions += 1;
        assert!(decisions < 2_000, "the practice match never ended");
    }
}

async fn a_practice_match_of_every_game_is_played_to_the_end_and_never_counted(f: Fixture) {
    for (variant, level) in [
        ("engarde-standard", Level::Medium),
        ("kengo-normal", Level::Easy),
        ("forteresse", Level::Medium),
        ("ready-fence-basic", Level::Hard),
    ] {
        let board = f.svc.practice(request(variant, level)).await.expect("a practice match starts");
        assert_eq!(board.practice.map(|p| (p.seat, p.level)), Some((Seat::B, level)));
        assert_eq!(board.players.b.user_id, BOT);
        let decisions = play_out(&f, board.match_id).await;
        assert!(decisions > 2, "{variant}: {decisions} decisions");
        // The finished match replays from its record, as any match does.
        let record = f.svc.export_record(GUILD, board.match_id).await.expect("the record of a practice match");
        let (game, _, _) = stored(&f, board.match_id).await;
        assert_eq!(Match::replay(&record.json).expect("the record replays"), game, "{variant}");
    }
    assert_eq!(f.rows("ratings").await, 0, "practice is never rated");
    assert_eq!(f.rows("rating_changes").await, 0);
    let stats = f.svc.stats(GUILD, ALICE, ALICE).await.expect("stats");
    assert_eq!(stats.record.games(), 0, "practice results count in no record: {stats:?}");
    assert!(stats.ratings.is_empty());
    let history = f.svc.history(GUILD, ALICE).await.expect("history");
    assert_eq!(history.entries.len(), 4, "practice matches are in the player's history");
    assert!(history.entries.iter().all(|e| e.practice.is_some() && e.rating_change.is_none()));
    for game in Game::ALL {
        let board = engarde::service::Board::Game(*game);
        let lb = f.svc.leaderboard(GUILD, Some(board), 0, ALICE).await.expect("leaderboard");
        assert!(lb.entries.is_empty() && lb.viewer.is_none(), "practice is on no leaderboard: {lb:?}");
    }
}

async fn one_decision_is_made_once_even_by_two_processes(f: Fixture) {
    // The bot moves first in Forteresse (both place their fortresses at once).
    let board = f.svc.practice(request("forteresse", Level::Hard)).await.expect("a practice match");
    // A second process over the same database: its own memory, the same store.
    let other = Service::new(f.svc.pool().clone()).with_clock(f.clock.clone());
    let (a, b) = tokio::join!(f.svc.practice_move(board.match_id), other.practice_move(board.match_id));
    let made = [a.expect("no error"), b.expect("no error")].into_iter().flatten().count();
    assert_eq!(made, 1, "exactly one of the two attempts made the bot's set-up");
    let (game, log, _) = stored(&f, board.match_id).await;
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(game.to_act(), ToAct::One(Seat::A), "Alice's set-up is awaited");
    // And once made, nobody makes it again.
    assert!(other.practice_move(board.match_id).await.expect("no error").is_none());
}

async fn the_bot_is_never_late_never_reminded_and_takes_no_draw(f: Fixture) {
    let board = f.svc.practice(request("forteresse", Level::Easy)).await.expect("a practice match");
    let id = board.match_id;
    // Alice places her fortress first: the bot's set-up alone is awaited.
    let (game, log, _) = stored(&f, id).await;
    let req = ActRequest {
        guild_id: GUILD,
        match_id: id,
        turn: 0,
        user_id: ALICE,
        action: alice_move(&game, &log, 1),
        interaction_id: f.interaction(),
    };
    let done = f.svc.act(req).await.expect("Alice's set-up");
    // Its board was posted (the bot waits for it: its own board must come after).
    assert!(f.svc.practice_due().await.expect("due").is_empty(), "not before the board of Alice's move");
    f.svc.record_board(&done.board, CHANNEL, 1, "").await.expect("the board is recorded");
    // Days pass (the bot was down): no forfeit, no reminder for the bot.
    f.advance(10 * 24 * 3600);
    let forfeits = f.svc.forfeit_overdue().await.expect("forfeits");
    assert!(forfeits.iter().all(|b| b.match_id != id), "the bot lost on time: {forfeits:?}");
    assert!(f.svc.remind().await.expect("reminders").is_empty(), "nobody to remind while the bot is awaited");
    assert_eq!(f.svc.practice_due().await.expect("due"), vec![id], "the scheduler finds the bot's decision");
    let moved = f.svc.practice_move(id).await.expect("no error").expect("the bot, late, still moves");
    f.svc.record_board(&moved.board, CHANNEL, 2, "").await.expect("the board is recorded");
    // It may shoot first too; then it is Alice's turn.
    while !f.svc.practice_due().await.expect("due").is_empty() {
        let moved = f.svc.practice_move(id).await.expect("no error").expect("the bot's shot");
        f.svc.record_board(&moved.board, CHANNEL, 3, "").await.expect("the board is recorded");
    }
    assert_eq!(stored(&f, id).await.0.to_act(), ToAct::One(Seat::A));
    // A draw is refused, and changes nothing.
    let offer = f.svc.offer_draw(GUILD, id, ALICE, f.interaction()).await;
    assert!(matches!(offer, Err(ServiceError::PracticeNoDraw)), "{offer:?}");
    // Alice's shot is awaited: she is reminded halfway, then loses on time, unrated.
    f.advance(25 * 3600);
    let reminders = f.svc.remind().await.expect("reminders");
    assert_eq!(reminders.iter().map(|r| r.user_id).collect::<Vec<_>>(), vec![ALICE]);
    f.advance(24 * 3600);
    let forfeits = f.svc.forfeit_overdue().await.expect("forfeits");
    let last = forfeits.iter().find(|b| b.match_id == id).expect("Alice lost on time");
    assert_eq!(last.winner(), Some(Seat::B));
    assert_eq!(f.rows("rating_changes").await, 0);
}

async fn one_practice_match_at_a_time_and_never_a_challenge_to_the_bot(f: Fixture) {
    let first = f.svc.practice(request("engarde-standard", Level::Easy)).await.expect("a practice match");
    let again = f.svc.practice(request("kengo-normal", Level::Easy)).await;
    assert!(matches!(&again, Err(ServiceError::AlreadyPlaying(_, id)) if *id == first.match_id), "{again:?}");
    let players: BTreeSet<u64> = [first.players.a.user_id, first.players.b.user_id].into();
    assert_eq!(players, [ALICE, BOT].into());
    let bad_turn =
        PracticeRequest { turn: Some(std::time::Duration::from_secs(1)), ..request("kengo-normal", Level::Easy) };
    assert!(matches!(f.svc.practice(bad_turn).await, Err(ServiceError::BadOptions(_))));
}

/// Where a practice match's first board goes, before any is posted: a thread grown from its
/// announcement once noted; before that (a crash came between the announcement and its
/// note), a thread of its own with no starter message, if the server's matches get threads.
async fn a_practice_matchs_first_board_goes_to_a_thread_of_its_own(f: Fixture) {
    let id = f.svc.practice(request("engarde-standard", Level::Easy)).await.unwrap().match_id;
    let place = f.svc.board_place(id).await.unwrap();
    assert!(matches!(place, BoardPlace::OwnThread { channel_id: CHANNEL }), "{place:?}");
    let threads_off = SettingsChange { threads: Some(false), ..Default::default() };
    f.svc.update_settings(GUILD, ALICE, &threads_off).await.unwrap();
    let place = f.svc.board_place(id).await.unwrap();
    assert!(matches!(place, BoardPlace::Channel(CHANNEL)), "no threads on this server: {place:?}");
    let threads_on = SettingsChange { threads: Some(true), ..Default::default() };
    f.svc.update_settings(GUILD, ALICE, &threads_on).await.unwrap();
    f.svc.set_thread_from(id, 4_000).await.unwrap();
    let place = f.svc.board_place(id).await.unwrap();
    assert!(matches!(place, BoardPlace::ThreadFrom { message_id: 4_000 }), "{place:?}");
    f.svc.set_match_channel(id, 4_000).await.unwrap();
    let place = f.svc.board_place(id).await.unwrap();
    assert!(matches!(place, BoardPlace::Channel(4_000)), "in its thread: {place:?}");
}

fixture::on_both_stores! {
    a_practice_matchs_first_board_goes_to_a_thread_of_its_own,
    a_practice_match_of_every_game_is_played_to_the_end_and_never_counted,
    one_decision_is_made_once_even_by_two_processes,
    the_bot_is_never_late_never_reminded_and_takes_no_draw,
    one_practice_match_at_a_time_and_never_a_challenge_to_the_bot,
}
