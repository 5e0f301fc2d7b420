//! The documentation agrees with the code and with itself: the settings are named the same
//! in the variables the code reads (`config::VARIABLES`, which `Settings::from_lookup` is
//! held to), `.env.example` and the README's settings table; every link between the docs
//! reaches a file and a heading that exist; the README stays short.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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
        .filter(|name| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        })
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
    read.insert(engarde::observe::logs::LOG_FORMAT.to_owned());
    assert_eq!(read, listed(), "the variables Settings reads (and main's log filter and format) are config::VARIABLES");
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
    let example =
        "# Required. The token: see\n# the portal (A=B is prose).\nDISCORD_TOKEN=\n#RUST_LOG=info\n\n#SHARDS=0-1\n";
    assert_eq!(env_example_names(example), ["DISCORD_TOKEN", "RUST_LOG", "SHARDS"]);
    let readme = "# Bot\n\n## Settings\n\n| variable | default |\n| --- | --- |\n| `A_B` | x |\n| `C` | `y` |\n\n\
                  Prose.\n\n## Playing\n\n| command | what |\n| --- | --- |\n| `/x` | y |\n";
    assert_eq!(readme_table_names(readme), ["A_B", "C"]);
}

/// The Markdown files a reader is sent through: the README, the changelog and `docs/`.
fn markdown_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The targets of the inline links and images of `text`, `[words](target)`, outside code
/// blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of a Markdown text.
fn anchors(text: &str) -> BTreeSet<String> {
    text.lines().filter(|l| l.starts_with('#')).map(|l| anchor(l.trim_start_matches('#'))).collect()
}

#[test]
fn every_link_between_the_docs_reaches_a_file_and_a_heading() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for target in link_targets(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if path.is_empty() { file.clone() } else { file.parent().unwrap().join(path) };
            checked += 1;
            if !linked.exists() {
                broken.push(format!("{}: {target} (no such file)", file.display()));
            } else if !fragment.is_empty() {
                let heads = anchors(&std::fs::read_to_string(&linked).unwrap_or_default());
                if !heads.contains(fragment) {
                    broken.push(format!("{}: {target} (no such heading)", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked > 40, "the links were found ({checked})");
}

#[test]
fn the_readme_is_short() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 200, "README.md has {lines} lines: move the detail into docs/");
}

#[test]
fn anchors_and_links_are_read_as_github_does() {
    assert_eq!(anchor(" Ready... Fence!"), "ready-fence");
    assert_eq!(anchor("Moving to PostgreSQL: `migrate-db`"), "moving-to-postgresql-migrate-db");
    assert_eq!(anchor("Bursts at Discord's pace"), "bursts-at-discords-pace");
    let text = "See [a](docs/a.md#b) and ![c](p.png).\n```\n[not](a link)\n```\n[d](#e)";
    assert_eq!(link_targets(text), ["docs/a.md#b", "p.png", "#e"]);
}
