//! The settings are named the same in three places: the variables the code reads
//! (`config::VARIABLES`, which `Settings::from_lookup` is held to), `.env.example`, and the
//! README's settings table.

use std::cell::RefCell;
use std::collections::BTreeSet;

use engarde::config::{Settings, LOG_FILTER, VARIABLES};

fn read(file: &str) -> String {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The names in `names`, refusing any named twice.
fn once(what: &str, names: Vec<String>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for name in names {
        assert!(seen.insert(name.clone()), "{what} names {name} twice");
    }
    seen
}

fn listed() -> BTreeSet<String> {
    once("config::VARIABLES", VARIABLES.iter().map(|v| (*v).to_owned()).collect())
}

/// A variable's name at the start of a line of `.env.example`, set or commented out
/// (`NAME=value` or `#NAME=`); comment prose is not a variable.
fn env_example_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim_start_matches('#').split_once('='))
        .map(|(name, _)| name)
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        .map(str::to_owned)
        .collect()
}

/// The first column of the table under the README's `## Settings` heading: `` `NAME` ``.
fn readme_table_names(text: &str) -> Vec<String> {
    let section = text.split("\n## Settings\n").nth(1).expect("the README has a `## Settings` section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with('|')).skip(2).collect();
    assert!(!rows.is_empty(), "the README's settings section has a table");
    rows.iter()
        .map(|row| {
            let first = row.split('|').nth(1).unwrap_or_default().trim();
            first
                .strip_prefix('`')
                .and_then(|f| f.strip_suffix('`'))
                .unwrap_or_else(|| panic!("a settings row starts with a `NAME`: {row}"))
                .to_owned()
        })
        .collect()
}

#[test]
fn the_code_reads_exactly_the_listed_variables() {
    let asked = RefCell::new(Vec::new());
    let lookup = |key: &str| {
        asked.borrow_mut().push(key.to_owned());
        (key == "DISCORD_TOKEN").then(|| "token".to_owned())
    };
    Settings::from_lookup(lookup).expect("defaults for everything but the token");
    let mut read = BTreeSet::from_iter(asked.into_inner());
    read.insert(LOG_FILTER.to_owned());
    assert_eq!(read, listed(), "the variables Settings reads (and main's log filter) are config::VARIABLES");
}

#[test]
fn env_example_names_every_variable() {
    let names = once(".env.example", env_example_names(&read(".env.example")));
    assert_eq!(names, listed(), ".env.example and config::VARIABLES");
}

#[test]
fn the_readme_settings_table_names_every_variable() {
    let names = once("the README's settings table", readme_table_names(&read("README.md")));
    assert_eq!(names, listed(), "the README's settings table and config::VARIABLES");
}

#[test]
fn the_readers_find_what_is_there_and_nothing_else() {
    let example = "# Required. The token: see\n# the portal (A=B is prose).\nDISCORD_TOKEN=\n#RUST_LOG=info\n\n#SHARDS=0-1\n";
    assert_eq!(env_example_names(example), ["DISCORD_TOKEN", "RUST_LOG", "SHARDS"]);
    let readme = "# Bot\n\n## Settings\n\n| variable | default |\n| --- | --- |\n| `A_B` | x |\n| `C` | `y` |\n\n\
                  Prose.\n\n## Playing\n\n| command | what |\n| --- | --- |\n| `/x` | y |\n";
    assert_eq!(readme_table_names(readme), ["A_B", "C"]);
}
