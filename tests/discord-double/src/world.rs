//! The double's world model: everything Discord would know, plus the records tests read.
//!
//! The whole [`World`] lives behind one `std::sync::Mutex` in [`crate::Shared`]; it is never
//! held across an `.await`.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::Notify;

use crate::faults::FaultPlan;
use crate::gateway::GatewayHub;
use crate::ids::{now_iso, random_hex, SnowflakeGen};
use crate::record::{InteractionResponseRecord, Rejection, RequestRecord};

/// Permission bits the double knows about (a subset of Discord's).
pub mod perms {
    /// CREATE_INSTANT_INVITE
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    /// ADMINISTRATOR
    pub const ADMINISTRATOR: u64 = 1 << 3;
    /// MANAGE_CHANNELS
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    /// MANAGE_GUILD
    pub const MANAGE_GUILD: u64 = 1 << 5;
    /// ADD_REACTIONS
    pub const ADD_REACTIONS: u64 = 1 << 6;
    /// VIEW_CHANNEL
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    /// SEND_MESSAGES
    pub const SEND_MESSAGES: u64 = 1 << 11;
    /// MANAGE_MESSAGES
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    /// EMBED_LINKS
    pub const EMBED_LINKS: u64 = 1 << 14;
    /// ATTACH_FILES
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// READ_MESSAGE_HISTORY
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    /// USE_EXTERNAL_EMOJIS
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    /// USE_APPLICATION_COMMANDS
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    /// MANAGE_THREADS
    pub const MANAGE_THREADS: u64 = 1 << 34;
    /// CREATE_PUBLIC_THREADS
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    /// CREATE_PRIVATE_THREADS
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    /// SEND_MESSAGES_IN_THREADS
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// What an ordinary member of a fresh guild gets: view, send, react, read history,
    /// embed links, use application commands, create threads and talk in them.
    pub const MEMBER_DEFAULT: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS;

    /// What the bot gets in guilds by default: the member defaults plus managing threads
    /// and messages.
    pub const BOT_DEFAULT: u64 = MEMBER_DEFAULT | MANAGE_THREADS | MANAGE_MESSAGES;
}

/// A user account (human or bot). Users never change once created.
#[derive(Clone, Debug)]
pub(crate) struct UserRec {
    pub bot: bool,
    /// The user object's JSON text, written once.
    pub json: String,
    /// The language of the user's Discord client (an interaction's `locale`).
    pub locale: String,
}

impl UserRec {
    /// The account `id`, with its JSON written once and for all.
    pub fn new(id: u64, name: &str, bot: bool) -> Self {
        UserRec { bot, json: crate::payloads::user_json(id, name, bot), locale: "en-US".to_owned() }
    }
}

/// A guild member.
#[derive(Clone, Debug)]
pub(crate) struct MemberRec {
    pub permissions: u64,
    pub joined_at: String,
}

/// A guild.
#[derive(Clone, Debug)]
pub(crate) struct GuildRec {
    pub id: u64,
    pub name: String,
    pub owner_id: u64,
    pub channels: Vec<u64>,
    pub members: BTreeMap<u64, MemberRec>,
    pub joined_at: String,
    /// The server's language (`preferred_locale`, an interaction's `guild_locale`).
    pub preferred_locale: String,
}

/// Channel types the double models.
pub(crate) mod channel_kind {
    pub const GUILD_TEXT: u8 = 0;
    pub const DM: u8 = 1;
    pub const PUBLIC_THREAD: u8 = 11;
    pub const PRIVATE_THREAD: u8 = 12;
}

/// A channel: guild text channel, thread, or DM.
#[derive(Clone, Debug)]
pub(crate) struct ChannelRec {
    pub id: u64,
    pub kind: u8,
    pub guild: Option<u64>,
    pub name: String,
    pub topic: Option<String>,
    pub position: u16,
    /// Parent text channel, for threads.
    pub parent: Option<u64>,
    /// Creator, for threads.
    pub owner: Option<u64>,
    /// The other party, for DMs.
    pub recipient: Option<u64>,
    pub last_message_id: Option<u64>,
    pub message_count: u32,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    pub created_at: String,
    /// Users who joined the thread.
    pub thread_members: Vec<u64>,
}

impl ChannelRec {
    pub fn is_thread(&self) -> bool {
        matches!(self.kind, channel_kind::PUBLIC_THREAD | channel_kind::PRIVATE_THREAD)
    }
}

/// Who can see a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Everyone in the channel.
    Public,
    /// Only this user (an ephemeral interaction response or follow-up).
    EphemeralTo(u64),
}

/// A stored message. Change stored messages through [`World::message_mut`], which forgets
/// their cached JSON.
#[derive(Clone, Debug)]
pub(crate) struct MessageRec {
    pub id: u64,
    pub channel: u64,
    pub guild: Option<u64>,
    pub author: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    pub kind: u8,
    pub timestamp: String,
    pub edited_timestamp: Option<String>,
    pub visibility: Visibility,
    pub deleted: bool,
    /// The thread started from this message, if any.
    pub thread: Option<u64>,
    /// Set for interaction responses and follow-ups.
    pub interaction: Option<MessageInteractionRef>,
    pub message_reference: Option<Value>,
    pub edits: u32,
    /// Files attached to the message.
    pub attachments: Vec<crate::attachments::AttachmentRec>,
    /// The message object's JSON, once written.
    pub json: crate::payloads::MessageJson,
}

/// The interaction a message responds to.
#[derive(Clone, Debug)]
pub(crate) struct MessageInteractionRef {
    pub id: u64,
    /// Interaction type (2 command, 3 component, 5 modal).
    pub kind: u8,
    pub name: String,
    pub user: u64,
    pub guild: Option<u64>,
    /// For component interactions: the message the component was on.
    pub interacted_message: Option<u64>,
    pub original_response: Option<u64>,
}

/// State of one interaction sent to the bot.
#[derive(Clone, Debug)]
pub(crate) struct InteractionState {
    pub id: u64,
    pub token: String,
    /// 2 application command, 3 message component.
    pub kind: u8,
    pub name: String,
    pub user: u64,
    pub guild: Option<u64>,
    pub channel: u64,
    pub dispatched_at: Instant,
    /// How far the clock had been moved when it was dispatched (see `World::clock_moved`):
    /// its token's age is the time since, plus how much the clock moved since.
    pub clock_moved_at_dispatch: Duration,
    /// The first accepted callback: (callback type, its `data`, time it arrived). The data
    /// moves into the [`crate::Reply`] once that is built.
    pub callback: Option<(u8, Value, Instant)>,
    /// The message `@original` refers to (the response message, or for component
    /// interactions answered with type 6/7, the component's message).
    pub original: Option<u64>,
    /// For component interactions: the message the component was on.
    pub component_message: Option<u64>,
    /// Set once a deferred response (type 5 or 6) has been filled by an edit or follow-up.
    pub settled: bool,
    pub followups: Vec<u64>,
}

/// Everything the double knows.
pub(crate) struct World {
    pub ids: SnowflakeGen,
    pub application_id: u64,
    pub application_name: String,
    pub bot_user: u64,
    pub owner_user: u64,
    pub verify_key: String,
    /// The application's icon hash.
    pub application_icon: String,
    pub users: BTreeMap<u64, UserRec>,
    pub guilds: BTreeMap<u64, GuildRec>,
    pub channels: BTreeMap<u64, ChannelRec>,
    pub messages: BTreeMap<u64, MessageRec>,
    /// The ids of each channel's messages, oldest first (see [`World::channel_messages`]).
    pub message_ids_by_channel: HashMap<u64, Vec<u64>>,
    /// Registered commands: `None` is global, `Some(guild)` guild commands.
    pub commands: BTreeMap<Option<u64>, Vec<Value>>,
    pub interactions: HashMap<u64, InteractionState>,
    pub interaction_deadline: Duration,
    /// How long an interaction's token works for its webhook routes (`@original`, follow-ups,
    /// their edits): 15 minutes, as on Discord.
    pub interaction_token_lifetime: Duration,
    /// How far the tests moved the double's clock of interaction tokens (see
    /// `DiscordDouble::advance_clock`): tokens age by it, without anyone sleeping.
    pub clock_moved: Duration,
    pub gateway: GatewayHub,
    pub faults: FaultPlan,
    /// Rate limits (off unless switched on) and their statistics.
    pub ratelimits: crate::ratelimit::RateLimiter,
    /// Message nonces, for `enforce_nonce`.
    pub nonces: crate::nonces::Nonces,

    // Records for tests.
    pub requests: Vec<RequestRecord>,
    pub rejections: Vec<Rejection>,
    pub unknown_routes: Vec<String>,
    pub responses: Vec<InteractionResponseRecord>,
    /// Every public text ever shown (content, embed text, labels), including later-edited
    /// versions.
    pub public_text_log: Vec<String>,
    /// Every version of every ephemeral message (its visibility names the recipient).
    pub ephemeral_snapshots: Vec<MessageRec>,
    /// Every version (creation and each edit) of every public message, in order, and its
    /// deletion (a copy marked deleted).
    pub public_snapshots: Vec<MessageRec>,
    /// Interactions whose INTERACTION_CREATE reached no connected session.
    pub undelivered_interactions: Vec<u64>,
    /// Whether the unbounded logs above (and the gateway frame log, the request log and
    /// the response log) are kept. On by default; load generators turn it off.
    pub recording: bool,

    // Targeted wake-ups (so that many concurrent waiters are not all woken by every change).
    /// Woken when a message is created in the channel (key: channel id).
    pub channel_notify: HashMap<u64, Arc<Notify>>,
    /// Woken when the bot answers the interaction (key: interaction id).
    pub interaction_notify: HashMap<u64, Arc<Notify>>,

    /// The files of the request being routed (multipart uploads).
    pub uploads: Vec<crate::attachments::Upload>,
    /// Where INTERACTION_CREATE payloads are written before being copied into their frame
    /// (kept, so each interaction does not allocate a large buffer anew).
    pub payload_buffer: String,
}

impl World {
    pub fn new() -> Self {
        let mut ids = SnowflakeGen::new();
        let application_id = ids.next();
        let owner_user = ids.next();
        let mut users = BTreeMap::new();
        users.insert(application_id, UserRec::new(application_id, "En Garde", true));
        users.insert(owner_user, UserRec::new(owner_user, "app-owner", false));
        World {
            ids,
            application_id,
            application_name: "En Garde".into(),
            // Like for all modern applications, the bot user shares the application's id.
            bot_user: application_id,
            owner_user,
            verify_key: random_hex(64),
            application_icon: random_hex(32),
            users,
            guilds: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: BTreeMap::new(),
            message_ids_by_channel: HashMap::new(),
            commands: BTreeMap::new(),
            interactions: HashMap::new(),
            interaction_deadline: Duration::from_secs(3),
            interaction_token_lifetime: Duration::from_secs(15 * 60),
            clock_moved: Duration::ZERO,
            gateway: GatewayHub::default(),
            faults: FaultPlan::default(),
            ratelimits: crate::ratelimit::RateLimiter::default(),
            nonces: crate::nonces::Nonces::default(),
            requests: Vec::new(),
            rejections: Vec::new(),
            unknown_routes: Vec::new(),
            responses: Vec::new(),
            public_text_log: Vec::new(),
            ephemeral_snapshots: Vec::new(),
            public_snapshots: Vec::new(),
            undelivered_interactions: Vec::new(),
            recording: true,
            channel_notify: HashMap::new(),
            interaction_notify: HashMap::new(),
            uploads: Vec::new(),
            payload_buffer: String::new(),
        }
    }

    /// The wake-up for new messages in `channel` (made on first use).
    pub fn channel_notify(&mut self, channel: u64) -> Arc<Notify> {
        Arc::clone(self.channel_notify.entry(channel).or_default())
    }

    pub fn next_id(&mut self) -> u64 {
        self.ids.next()
    }

    pub fn add_user(&mut self, name: &str, bot: bool) -> u64 {
        let id = self.next_id();
        self.users.insert(id, UserRec::new(id, name, bot));
        id
    }

    pub fn add_guild(&mut self, name: &str) -> u64 {
        let id = self.next_id();
        let mut members = BTreeMap::new();
        let now = now_iso();
        members.insert(self.bot_user, MemberRec { permissions: perms::BOT_DEFAULT, joined_at: now.clone() });
        members.insert(
            self.owner_user,
            MemberRec { permissions: perms::ADMINISTRATOR | perms::MEMBER_DEFAULT, joined_at: now.clone() },
        );
        self.guilds.insert(
            id,
            GuildRec {
                id,
                name: name.to_string(),
                owner_id: self.owner_user,
                channels: Vec::new(),
                members,
                joined_at: now,
                preferred_locale: "en-US".to_owned(),
            },
        );
        id
    }

    pub fn add_channel(&mut self, guild: u64, name: &str) -> Option<u64> {
        let id = self.next_id();
        let g = self.guilds.get_mut(&guild)?;
        let position = g.channels.len() as u16;
        g.channels.push(id);
        self.channels.insert(
            id,
            ChannelRec {
                id,
                kind: channel_kind::GUILD_TEXT,
                guild: Some(guild),
                name: name.to_string(),
                topic: None,
                position,
                parent: None,
                owner: None,
                recipient: None,
                last_message_id: None,
                message_count: 0,
                archived: false,
                locked: false,
                auto_archive_duration: 1440,
                created_at: now_iso(),
                thread_members: Vec::new(),
            },
        );
        Some(id)
    }

    /// The DM channel between the bot and `user`, created on first use.
    pub fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(c) = self.channels.values().find(|c| c.kind == channel_kind::DM && c.recipient == Some(user)) {
            return c.id;
        }
        let id = self.next_id();
        self.channels.insert(
            id,
            ChannelRec {
                id,
                kind: channel_kind::DM,
                guild: None,
                name: String::new(),
                topic: None,
                position: 0,
                parent: None,
                owner: None,
                recipient: Some(user),
                last_message_id: None,
                message_count: 0,
                archived: false,
                locked: false,
                auto_archive_duration: 0,
                created_at: now_iso(),
                thread_members: Vec::new(),
            },
        );
        id
    }

    /// Permissions of `user` in `guild` (all bits for the owner and administrators).
    pub fn member_permissions(&self, guild: u64, user: u64) -> Option<u64> {
        let g = self.guilds.get(&guild)?;
        let m = g.members.get(&user)?;
        if g.owner_id == user || m.permissions & perms::ADMINISTRATOR != 0 {
            Some(ALL_PERMISSIONS)
        } else {
            Some(m.permissions)
        }
    }

    /// The guild a channel (or thread) belongs to.
    pub fn channel_guild(&self, channel: u64) -> Option<u64> {
        self.channels.get(&channel).and_then(|c| c.guild)
    }

    /// Stores a new message, updating the channel's counters and the text logs.
    pub fn insert_message(&mut self, msg: MessageRec) {
        if let Some(c) = self.channels.get_mut(&msg.channel) {
            c.last_message_id = Some(msg.id);
            c.message_count += 1;
            // Sending in an archived (unlocked) thread unarchives it, like Discord.
            if c.is_thread() && !c.locked {
                c.archived = false;
            }
        }
        if let Some(n) = self.channel_notify.get(&msg.channel) {
            n.notify_waiters();
        }
        let id = msg.id;
        self.message_ids_by_channel.entry(msg.channel).or_default().push(id);
        self.messages.insert(id, msg);
        self.log_message_text(id);
    }

    /// The messages of `channel` (deleted ones included) with an id of at least `from`,
    /// oldest first.
    pub fn channel_messages(&self, channel: u64, from: u64) -> impl DoubleEndedIterator<Item = &MessageRec> {
        let ids = self.message_ids_by_channel.get(&channel).map_or(&[][..], Vec::as_slice);
        // Ids only grow, so each channel's list is sorted.
        let start = ids.partition_point(|&id| id < from);
        ids[start..].iter().filter_map(|id| self.messages.get(id))
    }

    /// A stored message, to change it (its cached JSON is forgotten).
    pub fn message_mut(&mut self, id: u64) -> Option<&mut MessageRec> {
        let m = self.messages.get_mut(&id)?;
        m.json.clear();
        Some(m)
    }

    /// Appends the current version of a message to the public-text or ephemeral logs.
    pub fn log_message_text(&mut self, id: u64) {
        let Some(msg) = self.messages.get(&id).filter(|_| self.recording) else {
            return;
        };
        match msg.visibility {
            Visibility::Public => {
                let texts = crate::record::message_texts(&msg.content, &msg.embeds, &msg.components);
                self.public_text_log.extend(texts);
                self.public_snapshots.push(msg.clone());
            }
            Visibility::EphemeralTo(_) => self.ephemeral_snapshots.push(msg.clone()),
        }
    }
}

/// All permission bits Discord currently defines (through bit 50).
pub(crate) const ALL_PERMISSIONS: u64 = (1 << 51) - 1;
