//! `engarde replay FILE`: plays a match record through the rules crate and
//! prints the outcome JSON (see `match-record.md`).

use std::io::Read;

/// What `engarde replay --help` adds to the usage: the output and the exit statuses.
pub const AFTER_HELP: &str = "\
The record is the JSON match-record format (format 1) of any game: its \"game\"
field names it (\"engarde\", the default, or \"forteresse\"). The outcome is one
JSON document on standard output; every game's has ok, score, winner, finished and
to_act, and each adds its own fields:
    En Garde:   {\"ok\": true, \"rounds\": [...], \"score\": {...}, \"winner\": ...,
                 \"finished\": ..., \"to_act\": ..., \"positions\": {...}, \"pile\": N}
    Forteresse: {\"ok\": true, \"game\": \"forteresse\", \"round\": N, \"rounds\": [...],
                 \"score\": {...}, \"winner\": ..., \"finished\": ..., \"to_act\": ...,
                 \"announcements\": [...]}

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
