//! `engarde bot-move`: the practice bot's move for a seat of a match record, printed
//! as one action in the record's syntax, legal, the same for the same inputs.

use std::process::{Command, Output};

use engarde_rules::{Game, Match, MatchAction, Seat, ToAct, Variant};
use serde_json::Value;

fn bot_move(dir: &tempfile::TempDir, record: &str, args: &[&str]) -> Output {
    let path = dir.path().join("match.json");
    std::fs::write(&path, record).expect("the record is written");
    Command::new(env!("CARGO_BIN_EXE_engarde")).arg("bot-move").arg(&path).args(args).output().expect("the binary runs")
}

/// A match of `variant` after `plies` actions picked deterministically, and its record.
fn in_progress(variant: &str, plies: usize) -> (Match, String) {
    let variant: Variant = variant.parse().expect("a variant");
    let mut game = Match::start(variant, &Default::default(), 11, Some(Seat::A)).expect("a match");
    let mut played = Vec::new();
    for i in 0..plies {
        let ToAct::One(seat) = game.to_act() else { break };
        let legal = game.legal_actions(seat);
        let action = legal[(i * 7) % legal.len()];
        game.play(seat, action).expect("a listed action is legal");
        played.push((seat, action));
    }
    let record = game.to_record(&played).to_string();
    (game, record)
}

fn printed_action(out: &Output, game: Game) -> (Seat, MatchAction) {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one JSON document on one line: {text}");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    MatchAction::from_json(game, &value).expect("an action in the record's syntax")
}

#[test]
fn the_move_is_legal_for_the_seat_and_the_same_for_the_same_inputs() {
    let dir = tempfile::tempdir().unwrap();
    for (variant, plies) in [("engarde-standard", 5), ("kengo-normal", 8), ("engarde-advanced", 0)] {
        let (game, record) = in_progress(variant, plies);
        let ToAct::One(seat) = game.to_act() else { panic!("{variant}: someone is to act") };
        for level in ["easy", "medium", "hard"] {
            let args = ["--seat", seat.as_str(), "--level", level, "--seed", "3"];
            let out = bot_move(&dir, &record, &args);
            let (by, action) = printed_action(&out, game.game());
            assert_eq!(by, seat, "{variant} {level}: the action is the seat's");
            let mut after = game.clone();
            after.play(seat, action).unwrap_or_else(|e| panic!("{variant} {level}: {action:?} is illegal: {e}"));
            let again = bot_move(&dir, &record, &args);
            assert_eq!(again.stdout, out.stdout, "{variant} {level}: the same inputs give the same move");
        }
    }
}

#[test]
fn a_secret_set_up_is_made_for_a_forteresse_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (game, record) = in_progress("forteresse", 0);
    assert_eq!(game.to_act(), ToAct::Both);
    for seat in Seat::ALL {
        let out = bot_move(&dir, &record, &["--seat", seat.as_str(), "--level", "medium"]);
        let (by, action) = printed_action(&out, Game::Forteresse);
        assert_eq!(by, seat);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("\"fortress\""), "a set-up: {text}");
        game.clone().play(seat, action).expect("the set-up is legal");
    }
}

#[test]
fn a_seat_with_nothing_to_decide_and_a_bad_record_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (game, record) = in_progress("engarde-standard", 3);
    let ToAct::One(seat) = game.to_act() else { panic!("someone is to act") };
    let out = bot_move(&dir, &record, &["--seat", seat.other().as_str()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to decide"), "{out:?}");
    let out = bot_move(&dir, "{\"format\": 1, \"variant\": \"nope\"}", &["--seat", "a"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("the error document");
    assert_eq!(doc["ok"], false);
    let out = bot_move(&dir, &record, &["--seat", "c"]);
    assert_eq!(out.status.code(), Some(2), "a usage error: {out:?}");
}
