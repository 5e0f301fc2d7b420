//! The bot in its players' languages, through the Discord double: a French server where
//! one player's client is in Spanish and the other's in Traditional Chinese, commands
//! registered with their localizations, and a server switched to Traditional Chinese by
//! an admin.
//!
//! "Nothing English left" is checked word by word: a text may hold no word of the English
//! catalogue that the expected language's catalogue lacks (names, numbers and the games'
//! own titles are allowed), and must hold words of its own language.

mod support;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use discord_double::{ChannelId, RecordedMessage, Reply, UserId};
use serde_json::{json, Value};
use support::{mentioned, Table, WAIT};

/// Words of a language's catalogue (message values, not ids or variables), lower-case.
fn words(code: &str) -> BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(code);
    let word = regex::Regex::new(r"[\p{L}]{3,}").unwrap();
    let variable = regex::Regex::new(r"\$[a-z_]+").unwrap();
    let variant_key = regex::Regex::new(r"\*?\[[a-z]+\]").unwrap();
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            // `id = value` or a continuation line; a variant key `[one]` is no word either.
            let value = match line.split_once(" = ") {
                Some((id, value)) if !id.starts_with(' ') => value,
                _ => line,
            };
            let value = variable.replace_all(value, "");
            let value = variant_key.replace_all(&value, "");
            out.extend(word.find_iter(&value).map(|m| m.as_str().to_lowercase()));
        }
    }
    out
}

/// Names, and the games' and product's own names, which stay as they are.
const ALLOWED: &[&str] = &[
    "alice",
    "bob",
    "carol",
    "dana",
    "robot",
    "salle",
    "armes",
    "duels",
    "garde",
    "kengo",
    "forteresse",
    "ready",
    "fence",
    "engarde",
    "discord",
];

struct Languages {
    english: BTreeSet<String>,
}

impl Languages {
    fn new() -> Languages {
        Languages { english: words("en-US") }
    }

    /// Asserts that `text` is in the language `code`: no English word that language lacks,
    /// and some words of its own (for Chinese, Han characters).
    fn assert_speaks(&self, code: &str, text: &str, what: &str) {
        let own = words(code);
        let word = regex::Regex::new(r"[\p{L}]{3,}").unwrap();
        let mut english = Vec::new();
        let mut native = 0;
        for w in word.find_iter(text).map(|m| m.as_str().to_lowercase()) {
            if ALLOWED.contains(&w.as_str()) {
                continue;
            }
            if self.english.contains(&w) && !own.contains(&w) {
                english.push(w.clone());
            }
            if own.contains(&w) && !self.english.contains(&w) {
                native += 1;
            }
        }
        if code == "zh-TW" {
            native += text.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count();
        }
        if code == "en-US" {
            native = word.find_iter(text).filter(|w| self.english.contains(&w.as_str().to_lowercase())).count();
        }
        assert!(english.is_empty(), "{what} should be in {code}, has English words {english:?}:\n{text}");
        assert!(native > 0, "{what} should be in {code}:\n{text}");
    }
}

/// The custom id of the first button whose id starts with `prefix`.
fn button_with(buttons: &[(String, String)], prefix: &str) -> Option<String> {
    buttons.iter().find(|(_, id)| id.starts_with(prefix)).map(|(_, id)| id.clone())
}

/// The boards of a match, one per version shown (a new board, or one edited in place): the
/// bot's messages with an embed and buttons in its channel, as each was shown.
fn boards(table: &Table, channel: ChannelId) -> Vec<RecordedMessage> {
    table
        .double
        .public_history(channel)
        .into_iter()
        .filter(|m| support::is_board(m) && !m.components.is_empty())
        .collect()
}

async fn wait_for_boards(table: &Table, channel: ChannelId, n: usize) -> RecordedMessage {
    let start = Instant::now();
    loop {
        let all = boards(table, channel);
        if all.len() >= n {
            return all.last().cloned().unwrap();
        }
        assert!(start.elapsed() < WAIT, "board {n} never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// `from` challenges `to` (first to one hit), `to` accepts; returns the challenge message
/// after acceptance and the match's thread.
async fn start(table: &Table, from: UserId, to: UserId) -> (RecordedMessage, ChannelId) {
    let threads = table.double.threads().len();
    let reply = table.challenge(from, to, None, Some(1)).await;
    assert!(!reply.ephemeral, "{reply:?}");
    let challenge = reply.final_message().await.expect("the challenge message");
    let accept = button_with(&challenge.buttons(), "eg:ca:").expect("an accept button");
    let accepted = table.click(to, &challenge, &accept).await;
    assert_eq!(accepted.kind, 7, "the challenge message is updated: {accepted:?}");
    let start = Instant::now();
    let thread = loop {
        if let Some(t) = table.double.threads().get(threads) {
            if !boards(table, t.id).is_empty() {
                break t.id;
            }
        }
        assert!(start.elapsed() < WAIT, "the first board never came");
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    (table.double.message(challenge.id).expect("the challenge message"), thread)
}

/// The value of the `language` choice named `name` of `/engarde-admin config`.
fn language_option(table: &Table, name: &str) -> Value {
    let commands = table.double.commands(Some(table.guild));
    let admin = commands.iter().find(|c| c["name"] == "engarde-admin").expect("/engarde-admin is registered");
    let config = admin["options"].as_array().unwrap().iter().find(|o| o["name"] == "config").expect("config");
    let option = config["options"].as_array().unwrap().iter().find(|o| o["name"] == "language").expect("language");
    let choices = option["choices"].as_array().expect("the languages are choices");
    let choice = choices.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no {name} in {choices:?}"));
    json!({ "type": option["type"], "name": "language", "value": choice["value"] })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_french_server_with_a_spanish_and_a_taiwanese_player() {
    let table = Table::new().await;
    let lang = Languages::new();
    // The server is French (no setting made); Alice's client is Spanish, Bob's Chinese.
    table.double.set_guild_locale(table.guild, "fr");
    table.double.set_user_locale(table.alice, "es-ES");
    table.double.set_user_locale(table.bob, "zh-TW");
    let (challenge, thread) = start(&table, table.alice, table.bob).await;
    lang.assert_speaks("fr", &challenge.text(), "the challenge");
    let by_user = |user: UserId| if user == table.alice { "es-ES" } else { "zh-TW" };

    let mut seen = 1;
    let mut decisions = 0;
    loop {
        let board = wait_for_boards(&table, thread, seen).await;
        lang.assert_speaks("fr", &board.text(), "a public board");
        let alt = board.attachments.first().and_then(|a| a.description.clone()).expect("the picture's alt text");
        lang.assert_speaks("fr", &alt, "a picture's alt text");
        let Some(user) = mentioned(&board.content) else { break };
        // The player's prompt, in their language.
        let play = button_with(&board.buttons(), "eg:h:").expect("a Play button");
        let hand: Reply = table.click(user, &board, &play).await;
        assert!(hand.ephemeral, "{hand:?}");
        lang.assert_speaks(by_user(user), &hand.text(), "a hand");
        let done = if let Some(action) = button_with(&hand.buttons(), "eg:a:") {
            table.click_reply(user, &hand, &action).await
        } else {
            let (menu, _, value) = hand.select_options().into_iter().next().expect("an action to choose");
            let message = hand.message_id.expect("the hand message");
            table.double.select(user, hand.channel_id, message, &menu, &[value.as_str()]).await
        };
        assert_eq!(done.kind, 7, "{done:?}");
        lang.assert_speaks(by_user(user), &done.text(), "a confirmation");
        seen += 1;
        decisions += 1;
        assert!(decisions < 1_000, "the match never ended");
    }
    let last = boards(&table, thread).last().cloned().unwrap();
    assert!(support::is_final(&last), "the match is over: {last:?}");

    // A refusal speaks the clicking user's language: Carol (French client) is no player.
    table.double.set_user_locale(table.carol, "fr");
    let list = table.command(table.carol, "matches", json!([])).await;
    assert!(list.ephemeral);
    lang.assert_speaks("fr", &list.content, "Carol's match list");
    let myself = table.challenge(table.alice, table.alice, None, None).await;
    lang.assert_speaks("es-ES", &myself.content, "a refusal to Alice");
    table.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_with_every_language() {
    let table = Table::new().await;
    let commands = table.double.commands(Some(table.guild));
    assert_eq!(commands.len(), 2, "{commands:?}");
    let mut checked = 0;
    for command in &commands {
        let mut stack = vec![command.clone()];
        while let Some(c) = stack.pop() {
            for key in ["name_localizations", "description_localizations"] {
                let map = c[key].as_object().unwrap_or_else(|| panic!("{} has no {key}: {c}", c["name"]));
                for locale in ["fr", "es-ES", "es-419", "zh-TW"] {
                    let text = map.get(locale).and_then(Value::as_str).unwrap_or_default();
                    assert!(!text.is_empty(), "{} has no {key} for {locale}", c["name"]);
                    if key == "name_localizations" {
                        assert!(
                            text.chars().count() <= 32 && !text.contains(' ') && text == text.to_lowercase(),
                            "{text}"
                        );
                    } else {
                        assert!(text.chars().count() <= 100, "{text}");
                    }
                }
            }
            // The languages offered keep their own names in every language.
            let languages = ["English", "Français", "Español", "繁體中文"];
            let choices = c["choices"].as_array().into_iter().flatten();
            for choice in choices.filter(|ch| !languages.iter().any(|l| ch["name"] == *l)) {
                let names = choice["name_localizations"].as_object();
                assert!(names.is_some_and(|n| n.contains_key("fr") && n.contains_key("zh-TW")), "{choice}");
            }
            stack.extend(c["options"].as_array().into_iter().flatten().cloned());
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked} commands and options checked");
    // A French client sees French names.
    let engarde = commands.iter().find(|c| c["name"] == "engarde").unwrap();
    let challenge = engarde["options"].as_array().unwrap().iter().find(|o| o["name"] == "challenge").unwrap();
    assert_eq!(challenge["name_localizations"]["fr"], "défier", "{challenge}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_switches_the_server_to_traditional_chinese() {
    let table = Table::new().await;
    let lang = Languages::new();
    // An English server by default; Dana, an admin with a French client, chooses Chinese.
    table.double.set_user_locale(table.dana, "fr");
    let (challenge, _) = start(&table, table.alice, table.bob).await;
    lang.assert_speaks("en-US", &challenge.text(), "the challenge before");
    let option = language_option(&table, "繁體中文");
    let saved = table.admin_command(table.dana, "config", json!([option])).await;
    assert!(saved.ephemeral);
    lang.assert_speaks("fr", &saved.content, "the admin's confirmation");
    assert!(saved.content.contains("繁體中文"), "{saved:?}");
    // Public messages now speak Chinese: a challenge, and the board of a match already on.
    let reply = table.challenge(table.carol, table.dana, None, None).await;
    let message = reply.final_message().await.expect("the challenge");
    lang.assert_speaks("zh-TW", &message.text(), "a challenge after the switch");
    let resign = table.command(table.alice, "resign", json!([])).await;
    let confirm = button_with(&resign.buttons(), "eg:ry:").expect("a confirm button");
    let before = table.double.threads().first().map(|t| boards(&table, t.id).len()).unwrap();
    table.click_reply(table.alice, &resign, &confirm).await;
    let thread = table.double.threads()[0].id;
    let board = wait_for_boards(&table, thread, before + 1).await;
    lang.assert_speaks("zh-TW", &board.text(), "the final board");
    // Back to the server's own language (English here).
    let option = language_option(&table, "The server's Discord language");
    table.admin_command(table.dana, "config", json!([option])).await;
    let reply = table.challenge(table.bob, table.carol, None, None).await;
    let message = reply.final_message().await.expect("the challenge");
    lang.assert_speaks("en-US", &message.text(), "a challenge after going back");
    table.assert_clean();
}

/// Options the rules refuse are told in the challenger's language, from the rules' message
/// ids (`rules-option-…`), not in the rules' English; nothing is created.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_options_are_told_in_the_challengers_language() {
    let table = Table::new().await;
    let lang = Languages::new();
    table.double.set_user_locale(table.alice, "fr");
    table.double.set_user_locale(table.bob, "es-ES");
    table.double.set_user_locale(table.carol, "zh-TW");

    // Ready... Fence! advanced plays to 5 or 15 points (the rules' English says "plays to").
    let advanced = table.challenge(table.alice, table.bob, Some("ready-fence-advanced"), Some(10)).await;
    assert!(advanced.ephemeral, "a refusal is private: {advanced:?}");
    assert!(
        advanced.content.contains("ce mode ne se joue pas en 10 points (cibles possibles : 5, 15)"),
        "{}",
        advanced.content
    );
    assert!(!advanced.content.contains("plays to"), "no English left: {}", advanced.content);
    lang.assert_speaks("fr", &advanced.content, "the refused target, to Alice");

    // Basic knows no 7-point bout at all.
    let basic = table.challenge(table.bob, table.alice, Some("ready-fence-basic"), Some(7)).await;
    assert!(basic.ephemeral);
    assert!(
        basic.content.contains("este modo no se juega a 7 puntos (objetivos posibles: 5, 10)"),
        "{}",
        basic.content
    );
    lang.assert_speaks("es-ES", &basic.content, "the refused target, to Bob");

    let chinese = table.challenge(table.carol, table.bob, Some("ready-fence-advanced"), Some(10)).await;
    assert!(chinese.content.contains("這個模式不能打到 10 分獲勝（可選的分數：5, 15）"), "{}", chinese.content);
    lang.assert_speaks("zh-TW", &chinese.content, "the refused target, to Carol");

    // Nothing was created: the same players may still challenge with fitting options.
    let fitting = table.challenge(table.alice, table.bob, Some("ready-fence-advanced"), Some(15)).await;
    let message = fitting.final_message().await.expect("the challenge is posted");
    assert!(!message.buttons().is_empty(), "{message:?}");
    table.assert_clean();
}
