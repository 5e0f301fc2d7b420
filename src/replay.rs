//! `engarde replay FILE`: plays a match record through the rules crate and
//! prints the outcome JSON (see `match-record.md`).

use std::io::Read;

/// `engarde replay`'s arguments.
#[derive(Debug, clap::Args)]
#[command(version, after_help = AFTER_HELP)]
pub struct Args {
    /// The record's file, or - for standard input.
    pub file: String,
}

/// What `engarde replay --help` adds to the usage: every game, its report's fields, and the
/// exit statuses.
pub const AFTER_HELP: &str = "\
The record is the JSON match-record format of any game; its \"game\" field names it:
\"engarde\" (the default when absent: En Garde and Kengo), \"forteresse\" or
\"ready-fence\" (Ready... Fence!). \"format\" is 1; a Ready... Fence! record may say 2 or 3.
Ready... Fence! formats name the rule readings a bout plays, and each replays as it always
did: 1 the first engine's; 2 those settled after it; 3 (new bouts) also those settled after
a differential fuzz: Renewed Attack and Feint follow only a phrase opened at lunge distance,
and only once per phrase together.
The outcome is one JSON document on standard output. Every game's has ok, score, winner,
finished and to_act; each adds its own fields, in this order:

  En Garde and Kengo (variants engarde-basic, engarde-standard, engarde-advanced,
  kengo-basic, kengo-normal, kengo-advanced):
    {\"ok\": true, \"rounds\": [{\"winner\": \"a\", \"reason\": \"hit\"}, ...],
     \"score\": {\"a\": N, \"b\": N}, \"winner\": ..., \"finished\": ..., \"to_act\": ...,
     \"positions\": {\"a\": N, \"b\": N}, \"pile\": N}
    rounds: every ended round (reason: hit, stuck, hand_count, position, drawn, resign);
    score: rounds won; positions and pile: the current round.

  Forteresse (variant forteresse):
    {\"ok\": true, \"game\": \"forteresse\", \"round\": N,
     \"rounds\": [{\"score\": {...}, \"killed\": {...}, \"cannon\": {...}, \"rifle\": {...}}, ...],
     \"score\": {...}, \"winner\": ..., \"finished\": ..., \"to_act\": ...,
     \"announcements\": [{\"seat\": \"a\", \"from\": \"A4\", \"weapon\": \"cannon\", \"dir\": \"E\",
                        \"answer\": \"wall\", \"cell\": \"C4\"}, ...]}
    score: the ended rounds' scores added; to_act may be \"both\" (both set-ups owed);
    announcements: every shot of the current round (cell only when announced).

  Ready... Fence! (variants ready-fence-tutorial, ready-fence-basic, ready-fence-advanced):
    {\"ok\": true, \"game\": \"ready-fence\", \"period\": N, \"score\": {\"a\": N, \"b\": N},
     \"winner\": ..., \"finished\": ..., \"to_act\": ..., \"end\": ...,
     \"positions\": {\"a\": N, \"b\": N}, \"distance\": \"lunge\",
     \"weapons\": {\"a\": \"line\", \"b\": \"inv\"}, \"stamina\": {\"a\": N, \"b\": N},
     \"timer\": N, \"priority\": null}
    score: points; end: why the bout ended (target, points, extra_time_point, priority,
    tie_touch, empty_hand, tie_double, resign, draw_agreed), null while it goes on;
    distance: short, lunge, long or out_of_distance; weapons: line, inv or eng;
    timer: cards in the timer pile; priority: extra time's priority holder.

EXIT STATUS:
    0  the record replayed
    1  an action is illegal or malformed: {\"ok\": false, \"error\": {\"action\": INDEX, \"reason\": \"...\"}}
    2  the document is not a match record (or cannot be read): \"action\": null; or bad usage
";

/// Runs `engarde replay PATH` (`-`: standard input); returns the exit status.
pub fn run(path: &str) -> i32 {
    let text = if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    // Printed from the typed documents, so that their fields come in the documented order.
    let failed = |err: &engarde_rules::ReplayError| {
        (err.exit_status(), serde_json::to_string(&err.document()).expect("an error document serialises"))
    };
    let (status, doc) = match text {
        Err(e) => failed(&engarde_rules::ReplayError::Malformed(format!("cannot read {path}: {e}"))),
        Ok(text) => match engarde_rules::replay(&text) {
            Ok(report) => (0, serde_json::to_string(&report).expect("a report serialises")),
            Err(err) => failed(&err),
        },
    };
    println!("{doc}");
    status
}

#[cfg(test)]
mod tests {
    use super::AFTER_HELP;
    use engarde_rules::Game;

    /// Every game is named, with each of its variants and every field of its report.
    #[test]
    fn the_help_documents_every_game_and_every_report_field() {
        for &game in Game::ALL {
            assert!(AFTER_HELP.contains(&format!("\"{}\"", game.name())), "{game}");
            for variant in game.variants() {
                assert!(AFTER_HELP.contains(variant.name()), "{variant}");
                let record = serde_json::json!({
                    "format": 1, "game": game.name(), "variant": variant.name(), "seed": 1, "actions": []
                });
                let report = engarde_rules::replay(&record.to_string()).expect("an empty record replays");
                let value = serde_json::to_value(&report).unwrap();
                for key in value.as_object().unwrap().keys() {
                    assert!(AFTER_HELP.contains(&format!("\"{key}\"")), "{variant}: field {key}");
                }
            }
        }
    }
}
