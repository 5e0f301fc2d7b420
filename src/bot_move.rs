//! `engarde bot-move FILE --seat a|b --level L [--seed N]`: the practice bot's move in
//! a match given by its record, printed as one action in the record's syntax. The bot
//! is given only what the seat may know, as in Discord.

use std::io::Read;

use engarde_rules::{choose_action, Budget, Game, Level, Match, MatchAction, ReplayError, Seat};
use serde_json::Value;

/// `engarde bot-move`'s arguments.
#[derive(Debug, clap::Args)]
#[command(version, after_help = AFTER_HELP)]
pub struct Args {
    /// The record's file, or - for standard input.
    pub file: String,
    /// The seat the bot plays: a or b.
    #[arg(long)]
    pub seat: Seat,
    /// How well it plays: easy, medium or hard.
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// The bot's own randomness (the same seed, the same move).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// What `engarde bot-move --help` adds to the usage.
pub const AFTER_HELP: &str = "\
The record is a match record of any game (see `engarde replay --help`), usually of a
match still being played. The bot sees only what SEAT may see: its own hand or
fortress, the public board and the public history, never the other seat's secrets.
The same record, seat, level and seed always give the same move.

OUTPUT: one JSON action, e.g. {\"seat\": \"b\", \"advance\": 3}

EXIT STATUS:
    0  a move was printed
    1  the record does not replay (its error document is printed), or SEAT has
       nothing to decide now
    2  the document is not a match record (or cannot be read); or bad usage
";

/// Runs the command; returns the exit status.
pub fn run(path: &str, seat: Seat, level: Level, seed: u64) -> i32 {
    let text = if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    let failed = |err: &ReplayError| {
        println!("{}", serde_json::to_string(&err.document()).expect("an error document serialises"));
        err.exit_status()
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => return failed(&ReplayError::Malformed(format!("cannot read {path}: {e}"))),
    };
    let (game, log) = match replayed(&text) {
        Ok(done) => done,
        Err(e) => return failed(&e),
    };
    let knowledge = game.knowledge(seat, &log);
    // The level's iterations without its time cap, so that the same inputs give the same
    // move on any machine, however slow or loaded (Discord's bot keeps the cap).
    let budget = Budget { time: std::time::Duration::MAX, ..Budget::for_level(level) };
    match choose_action(&knowledge, level, seed, budget) {
        Some(action) => {
            println!("{}", action.to_json(seat));
            0
        }
        None => {
            let waiting = game.to_act().report_name().unwrap_or("nobody: the match is over");
            eprintln!("engarde bot-move: seat {} has nothing to decide now (to act: {waiting})", seat.as_str());
            1
        }
    }
}

/// The match a record gives, and its actions.
fn replayed(text: &str) -> Result<(Match, Vec<(Seat, MatchAction)>), ReplayError> {
    let game = Match::replay(text)?;
    // The record replayed, so it is a JSON object whose actions all read.
    let doc: Value = serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
    let kind: Game = game.game();
    let log = doc
        .get("actions")
        .and_then(Value::as_array)
        .map(|actions| actions.iter().map(|a| MatchAction::from_json(kind, a)).collect::<Result<Vec<_>, _>>())
        .transpose()
        .map_err(ReplayError::Malformed)?
        .unwrap_or_default();
    Ok((game, log))
}
