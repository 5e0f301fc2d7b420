//! What the players see of a match's boards: which messages carry its game buttons (My
//! hand, Offer draw, Resign), sampled while the test runs, and replayed from every version
//! of every message afterwards. A match never shows two boards with game buttons.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_double::{ButtonedMessage, DiscordDouble, MessageId};

/// The match a game button belongs to: `eg:h:<match>:<turn>` (My hand), `eg:do:<match>`
/// (Offer draw), `eg:r:<match>` (Resign); `None` for any other custom_id (Rematch, Record,
/// a challenge's buttons…).
pub fn game_match(custom_id: &str) -> Option<i64> {
    let rest = custom_id
        .strip_prefix("eg:h:")
        .or_else(|| custom_id.strip_prefix("eg:do:"))
        .or_else(|| custom_id.strip_prefix("eg:r:"))?;
    rest.split(':').next()?.parse().ok()
}

/// Whether a custom_id is a game button.
pub fn is_game_button(custom_id: &str) -> bool {
    game_match(custom_id).is_some()
}

/// The match of a message's game buttons (the first's).
fn match_of(message: &ButtonedMessage) -> Option<i64> {
    message.custom_ids.iter().find_map(|id| game_match(id))
}

/// Messages with game buttons now, by match.
pub fn live_boards(double: &DiscordDouble) -> BTreeMap<i64, Vec<ButtonedMessage>> {
    let mut by_match: BTreeMap<i64, Vec<ButtonedMessage>> = BTreeMap::new();
    for message in double.messages_with_buttons(None, is_game_button) {
        if let Some(m) = match_of(&message) {
            by_match.entry(m).or_default().push(message);
        }
    }
    by_match
}

/// One match seen with several live boards: the same messages, over consecutive samples.
#[derive(Clone, Debug)]
pub struct SecondBoard {
    pub match_id: i64,
    /// The messages, with their game buttons when first seen so.
    pub messages: Vec<(MessageId, Vec<String>)>,
    /// Since the watch started.
    pub first_seen: Duration,
    pub last_seen: Duration,
    pub samples: usize,
}

impl SecondBoard {
    /// How long the match was seen with these boards.
    pub fn span(&self) -> Duration {
        self.last_seen - self.first_seen
    }
}

/// What a watch saw.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    pub samples: usize,
    /// Every match seen with several live boards, by the set of messages.
    pub second_boards: Vec<SecondBoard>,
}

impl Seen {
    /// The second boards that lasted longer than `settle` (all of them for zero).
    pub fn lasting(&self, settle: Duration) -> Vec<&SecondBoard> {
        self.second_boards.iter().filter(|s| settle.is_zero() || s.span() > settle).collect()
    }
}

/// Samples the live boards every `every` until stopped.
pub struct Watch {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<Seen>,
}

impl Watch {
    pub fn start(double: Arc<DiscordDouble>, every: Duration) -> Watch {
        let stop = Arc::new(AtomicBool::new(false));
        let task = tokio::spawn(sample(double, every, Arc::clone(&stop)));
        Watch { stop, task }
    }

    /// Stops sampling (after one last sample); what was seen.
    pub async fn stop(self) -> Seen {
        self.stop.store(true, Ordering::SeqCst);
        self.task.await.expect("the watch ran to its end")
    }
}

async fn sample(double: Arc<DiscordDouble>, every: Duration, stop: Arc<AtomicBool>) -> Seen {
    let started = Instant::now();
    let mut seen = Seen::default();
    // The index in `second_boards` of each match's set of messages seen last.
    let mut open: BTreeMap<(i64, Vec<MessageId>), usize> = BTreeMap::new();
    loop {
        let last = stop.load(Ordering::SeqCst);
        let at = started.elapsed();
        seen.samples += 1;
        for (match_id, messages) in live_boards(&double) {
            if messages.len() < 2 {
                continue;
            }
            let key = (match_id, messages.iter().map(|m| m.id).collect::<Vec<_>>());
            let index = *open.entry(key).or_insert_with(|| {
                seen.second_boards.push(SecondBoard {
                    match_id,
                    messages: messages.iter().map(|m| (m.id, m.custom_ids.clone())).collect(),
                    first_seen: at,
                    last_seen: at,
                    samples: 0,
                });
                seen.second_boards.len() - 1
            });
            let second = &mut seen.second_boards[index];
            second.last_seen = at;
            second.samples += 1;
        }
        if last {
            return seen;
        }
        tokio::time::sleep(every).await;
    }
}

/// Every moment the double's history shows a match with several live boards: replaying
/// every version of every message with game buttons in order, each set of messages live at
/// once for one match (each set once).
pub fn overlaps_in_history(double: &DiscordDouble) -> Vec<(i64, Vec<MessageId>)> {
    let mut live: BTreeMap<MessageId, i64> = BTreeMap::new();
    let mut found: BTreeSet<(i64, Vec<MessageId>)> = BTreeSet::new();
    for version in double.button_history(is_game_button) {
        let Some(match_id) = match_of(&version) else {
            live.remove(&version.id);
            continue;
        };
        live.insert(version.id, match_id);
        let together: Vec<MessageId> = live.iter().filter(|(_, m)| **m == match_id).map(|(id, _)| *id).collect();
        if together.len() > 1 {
            found.insert((match_id, together));
        }
    }
    found.into_iter().collect()
}

/// A report of second boards, for a failure: by match, the first few sets of messages live
/// at once (id, game buttons), when and how long, and how many sets in all.
pub fn describe(seconds: &[&SecondBoard]) -> String {
    let mut by_match: BTreeMap<i64, Vec<&SecondBoard>> = BTreeMap::new();
    for s in seconds {
        by_match.entry(s.match_id).or_default().push(s);
    }
    let mut out = Vec::new();
    for (match_id, sets) in by_match {
        let first = sets.iter().map(|s| s.first_seen).min().unwrap_or_default();
        let last = sets.iter().map(|s| s.last_seen).max().unwrap_or_default();
        let samples: usize = sets.iter().map(|s| s.samples).sum();
        out.push(format!(
            "match {match_id}: several live boards in {samples} samples from {first:?} to {last:?}, {} sets of messages:",
            sets.len()
        ));
        for s in sets.iter().take(3) {
            let messages: Vec<String> =
                s.messages.iter().map(|(id, buttons)| format!("message {id} {buttons:?}")).collect();
            out.push(format!("  {} from {:?} to {:?}", messages.join(" and "), s.first_seen, s.last_seen));
        }
        if sets.len() > 3 {
            out.push("  …".to_owned());
        }
    }
    out.join("\n")
}
