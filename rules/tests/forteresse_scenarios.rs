//! Forteresse scenario tests as data: every `forteresse/NAME.record.json` is a match record
//! (see `match-record.md`, section "Forteresse"), replayed through
//! [`engarde_rules::forteresse::replay`]; its outcome must equal `forteresse/NAME.expected.json`,
//! the exact document `engarde replay` prints. `forteresse/README.md` says what each case checks
//! and how its expected document was checked.
//!
//! Every failure is collected and reported together, with its file name.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Fewer cases than this means the folder was not read as intended.
const MIN_CASES: usize = 50;

const RECORD_SUFFIX: &str = ".record.json";
const EXPECTED_SUFFIX: &str = ".expected.json";

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("forteresse")
}

/// The replay output document of `text`, as `engarde replay` prints it.
fn outcome(text: &str) -> Result<Value, String> {
    match engarde_rules::forteresse::replay(text) {
        Ok(report) => serde_json::to_value(report).map_err(|e| format!("the report does not serialise: {e}")),
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
            Ok(doc)
        }
    }
}

fn check(record: &Path) -> Result<(), String> {
    let name = record.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let stem = name.strip_suffix(RECORD_SUFFIX).unwrap_or(name);
    let expected_path = record.with_file_name(format!("{stem}{EXPECTED_SUFFIX}"));
    let expected_text =
        fs::read_to_string(&expected_path).map_err(|e| format!("no expected file {}: {e}", expected_path.display()))?;
    let expected: Value =
        serde_json::from_str(&expected_text).map_err(|e| format!("{stem}{EXPECTED_SUFFIX} is not JSON: {e}"))?;
    let text = fs::read_to_string(record).map_err(|e| format!("cannot read {name}: {e}"))?;
    let actual = outcome(&text)?;
    if actual != expected {
        return Err(format!(
            "outcome differs\n    expected: {}\n    actual:   {}",
            serde_json::to_string(&expected).unwrap_or_default(),
            serde_json::to_string(&actual).unwrap_or_default()
        ));
    }
    // The report's field order is part of the interface.
    if actual["ok"] == true {
        let keys: Vec<&str> = actual.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
        let order = ["ok", "game", "round", "rounds", "score", "winner", "finished", "to_act", "announcements"];
        if keys != order {
            return Err(format!("report fields in the order {keys:?}, expected {order:?}"));
        }
    }
    Ok(())
}

#[test]
fn every_forteresse_scenario_replays_to_its_expected_outcome() {
    let dir = scenario_dir();
    let mut records: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(RECORD_SUFFIX)))
        .collect();
    records.sort();

    let mut failures: Vec<String> = records
        .iter()
        .filter_map(|record| {
            check(record)
                .err()
                .map(|why| format!("{}: {why}", record.file_name().unwrap_or_default().to_string_lossy()))
        })
        .collect();

    // An expected file without its record is a case that never runs; a case missing from the
    // README is a case nobody can check.
    let readme = fs::read_to_string(dir.join("README.md")).unwrap_or_default();
    for entry in fs::read_dir(&dir).expect("the scenario folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(EXPECTED_SUFFIX) {
            if !dir.join(format!("{stem}{RECORD_SUFFIX}")).exists() {
                failures.push(format!("{name}: no record {stem}{RECORD_SUFFIX}"));
            }
        }
        if let Some(stem) = name.strip_suffix(RECORD_SUFFIX) {
            if !readme.contains(&format!("`{stem}`")) {
                failures.push(format!("{name}: not described in README.md"));
            }
        }
    }
    if records.len() < MIN_CASES {
        failures.push(format!(
            "only {} scenarios found in {}; expected at least {MIN_CASES}",
            records.len(),
            dir.display()
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
