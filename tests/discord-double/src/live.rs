//! What a crowd of users would see live right now, cheaply: the messages that carry
//! clickable buttons (without copying their pictures), every version of them since the
//! start, and which shards a bot session serves. For tests that sample the double often
//! while bot processes die and restart.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::ids::{ChannelId, MessageId};
use crate::record::components;
use crate::world::{MessageRec, Visibility};
use crate::DiscordDouble;

/// A public message and the custom_ids of its enabled buttons that a test asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonedMessage {
    /// The message.
    pub id: MessageId,
    /// Its channel (or thread).
    pub channel_id: ChannelId,
    /// Its text content (who is pinged, e.g.).
    pub content: String,
    /// The custom_ids of its enabled buttons that matched (empty: none does, in this version).
    pub custom_ids: Vec<String>,
}

/// The custom_ids of the enabled buttons of `rows` that `matching` accepts.
fn enabled_buttons(rows: &[Value], matching: &dyn Fn(&str) -> bool) -> Vec<String> {
    components(rows)
        .filter(|c| c["type"] == 2 && c["disabled"] != true)
        .filter_map(|c| c["custom_id"].as_str())
        .filter(|id| matching(id))
        .map(str::to_owned)
        .collect()
}

fn buttoned(m: &MessageRec, matching: &dyn Fn(&str) -> bool) -> ButtonedMessage {
    ButtonedMessage {
        id: MessageId(m.id),
        channel_id: ChannelId(m.channel),
        content: m.content.clone(),
        custom_ids: if m.deleted { Vec::new() } else { enabled_buttons(&m.components, matching) },
    }
}

impl DiscordDouble {
    /// The public messages of `channel` (of every channel if `None`) that carry now at least
    /// one enabled button whose custom_id `matching` accepts (e.g. a game's buttons), oldest
    /// first. Deleted messages carry nothing.
    pub fn messages_with_buttons(
        &self,
        channel: Option<ChannelId>,
        matching: impl Fn(&str) -> bool,
    ) -> Vec<ButtonedMessage> {
        let w = self.shared.lock();
        let live = |m: &&MessageRec| !m.deleted && m.visibility == Visibility::Public;
        let found: Vec<ButtonedMessage> = match channel {
            Some(channel) => w.channel_messages(channel.0, 0).filter(live).map(|m| buttoned(m, &matching)).collect(),
            None => w.messages.values().filter(live).map(|m| buttoned(m, &matching)).collect(),
        };
        found.into_iter().filter(|b| !b.custom_ids.is_empty()).collect()
    }

    /// Every version (creation, each edit, and deletion: no buttons) of every public message
    /// that ever carried a button `matching` accepts, in the order users saw them, while
    /// recording is on (see [`DiscordDouble::set_recording`]). Replayed in order, it gives the
    /// set of such messages live after every change.
    pub fn button_history(&self, matching: impl Fn(&str) -> bool) -> Vec<ButtonedMessage> {
        let w = self.shared.lock();
        let mut ever: BTreeSet<u64> = BTreeSet::new();
        let mut out = Vec::new();
        for m in &w.public_snapshots {
            let version = buttoned(m, &matching);
            if !version.custom_ids.is_empty() || ever.contains(&m.id) {
                ever.insert(m.id);
                out.push(version);
            }
        }
        out
    }

    /// The shards that have a connected (identified) bot session now.
    pub fn connected_shards(&self) -> BTreeSet<u64> {
        self.shared.lock().gateway.connected_shards()
    }

    /// The interactions (by id) whose INTERACTION_CREATE reached no connected session (no bot
    /// process served their shard at that moment): on Discord, "This interaction failed".
    pub fn undelivered_interactions(&self) -> Vec<u64> {
        self.shared.lock().undelivered_interactions.clone()
    }
}
