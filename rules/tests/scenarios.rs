//! Scenario tests as data, one folder per game: every `FOLDER/NAME.record.json` is a match
//! record (see `match-record.md`), replayed as `engarde replay` does; its outcome must equal
//! `FOLDER/NAME.expected.json`, the exact document `engarde replay` prints. Each folder's
//! `README.md` says what rule each case checks (`forteresse/README.md` also how each
//! expected document was checked).
//!
//! - `scenarios/`: En Garde and Kengo, replayed through [`engarde_rules::replay`] (records
//!   without `game`, as every record written before the other games).
//! - `forteresse/`: Forteresse, replayed through [`engarde_rules::forteresse::replay`]
//!   (a record without `game` is refused there, not taken for En Garde's), and, when the
//!   record names its game, through [`engarde_rules::replay`] too, which must agree.
//! - `readyfence/`: Ready... Fence!, replayed through [`engarde_rules::readyfence::replay`] and
//!   through [`engarde_rules::replay`], which must agree.
//!
//! Every failure is collected and reported together, with its file name.

use std::fs;
use std::path::{Path, PathBuf};

use engarde_rules::ReplayError;
use serde::Serialize;
use serde_json::Value;

const RECORD_SUFFIX: &str = ".record.json";
const EXPECTED_SUFFIX: &str = ".expected.json";

/// One game's folder of scenarios.
struct Folder {
    /// Below `tests/`.
    name: &'static str,
    /// Fewer cases than this means the folder was not read as intended.
    min_cases: usize,
    /// Whether every case must be named in the folder's README.
    readme_lists_every_case: bool,
    /// The order of a successful report's fields (part of the interface), if checked.
    field_order: Option<&'static [&'static str]>,
    /// Replays a record as `engarde replay` does for this game: the report as printed.
    replay: fn(&str) -> Result<String, ReplayError>,
}

fn report<R: Serialize>(replayed: Result<R, ReplayError>) -> Result<String, ReplayError> {
    replayed.map(|r| serde_json::to_string(&r).expect("a report serialises"))
}

/// The keys of a JSON object's text, in the order they are written.
fn keys_in_order(text: &str) -> Vec<String> {
    struct Keys;
    impl<'de> serde::de::Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Vec<String>, M::Error> {
            let mut keys = Vec::new();
            while let Some((key, serde::de::IgnoredAny)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                keys.push(key);
            }
            Ok(keys)
        }
    }
    serde::Deserializer::deserialize_map(&mut serde_json::Deserializer::from_str(text), Keys).unwrap_or_default()
}

/// The replay output document of `text`, as `engarde replay` prints it (with the report's
/// keys in their printed order).
fn outcome(folder: &Folder, text: &str) -> Result<(Value, Vec<String>), String> {
    match (folder.replay)(text) {
        Ok(report) => {
            let value = serde_json::from_str(&report).map_err(|e| format!("the report is not JSON: {e}"))?;
            Ok((value, keys_in_order(&report)))
        }
        Err(err) => {
            let doc = err.to_json();
            let expected_status = if doc["error"]["action"].is_null() { 2 } else { 1 };
            if err.exit_status() != expected_status {
                return Err(format!(
                    "exit status {} for an error with action {}; expected {expected_status}",
                    err.exit_status(),
                    doc["error"]["action"]
                ));
            }
            let printed = serde_json::to_string(&err.document()).expect("an error document serialises");
            if keys_in_order(&printed) != ["ok", "error"] {
                return Err(format!("error document fields out of order: {printed}"));
            }
            Ok((doc, Vec::new()))
        }
    }
}

fn check(folder: &Folder, record: &Path) -> Result<(), String> {
    let name = record.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let stem = name.strip_suffix(RECORD_SUFFIX).unwrap_or(name);
    let expected_path = record.with_file_name(format!("{stem}{EXPECTED_SUFFIX}"));
    let expected_text =
        fs::read_to_string(&expected_path).map_err(|e| format!("no expected file {}: {e}", expected_path.display()))?;
    let expected: Value =
        serde_json::from_str(&expected_text).map_err(|e| format!("{stem}{EXPECTED_SUFFIX} is not JSON: {e}"))?;
    let text = fs::read_to_string(record).map_err(|e| format!("cannot read {name}: {e}"))?;
    let (actual, keys) = outcome(folder, &text)?;
    if actual != expected {
        return Err(format!(
            "outcome differs\n    expected: {}\n    actual:   {}",
            serde_json::to_string(&expected).unwrap_or_default(),
            serde_json::to_string(&actual).unwrap_or_default()
        ));
    }
    // A record that names its game replays the same through the games' registry.
    let names_its_game = serde_json::from_str::<Value>(&text).is_ok_and(|doc| doc["game"].is_string());
    if names_its_game {
        let through_registry = report(engarde_rules::replay(&text))
            .map(|printed| serde_json::from_str::<Value>(&printed).expect("JSON"))
            .unwrap_or_else(|e| e.to_json());
        if through_registry != actual {
            return Err(format!("engarde_rules::replay disagrees: {through_registry}"));
        }
    }
    if let (Some(order), true) = (folder.field_order, actual["ok"] == true) {
        if keys != order {
            return Err(format!("report fields in the order {keys:?}, expected {order:?}"));
        }
    }
    Ok(())
}

fn run(folder: &Folder) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(folder.name);
    let mut records: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(RECORD_SUFFIX)))
        .collect();
    records.sort();

    let mut failures: Vec<String> = records
        .iter()
        .filter_map(|record| {
            check(folder, record)
                .err()
                .map(|why| format!("{}: {why}", record.file_name().unwrap_or_default().to_string_lossy()))
        })
        .collect();

    // An expected file without its record is a case that never runs; a case missing from
    // the README is a case nobody can check.
    let readme = fs::read_to_string(dir.join("README.md")).unwrap_or_default();
    for entry in fs::read_dir(&dir).expect("the scenario folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(EXPECTED_SUFFIX) {
            if !dir.join(format!("{stem}{RECORD_SUFFIX}")).exists() {
                failures.push(format!("{name}: no record {stem}{RECORD_SUFFIX}"));
            }
        }
        if let Some(stem) = name.strip_suffix(RECORD_SUFFIX) {
            if folder.readme_lists_every_case && !readme.contains(&format!("`{stem}`")) {
                failures.push(format!("{name}: not described in README.md"));
            }
        }
    }
    if records.len() < folder.min_cases {
        failures.push(format!(
            "only {} scenarios found in {}; expected at least {}",
            records.len(),
            dir.display(),
            folder.min_cases
        ));
    }

    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n\n{}\n",
        failures.len(),
        records.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_scenario_replays_to_its_expected_outcome() {
    run(&Folder {
        name: "scenarios",
        min_cases: 40,
        readme_lists_every_case: false,
        field_order: None,
        replay: |text| report(engarde_rules::replay(text)),
    });
}

#[test]
fn every_forteresse_scenario_replays_to_its_expected_outcome() {
    run(&Folder {
        name: "forteresse",
        min_cases: 50,
        readme_lists_every_case: true,
        field_order: Some(&["ok", "game", "round", "rounds", "score", "winner", "finished", "to_act", "announcements"]),
        replay: |text| report(engarde_rules::forteresse::replay(text)),
    });
}

#[test]
fn every_ready_fence_scenario_replays_to_its_expected_outcome() {
    run(&Folder {
        name: "readyfence",
        min_cases: 100,
        readme_lists_every_case: true,
        field_order: Some(&[
            "ok",
            "game",
            "period",
            "score",
            "winner",
            "finished",
            "to_act",
            "end",
            "positions",
            "distance",
            "weapons",
            "stamina",
            "timer",
            "priority",
        ]),
        replay: |text| report(engarde_rules::readyfence::replay(text)),
    });
}
