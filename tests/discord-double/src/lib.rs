//! # discord-double
//!
//! A local stand-in for Discord (REST API + gateway) for end-to-end tests of the En Garde bot.
//! The real, unchanged serenity/poise client connects to it on `127.0.0.1`:
//!
//! ```ignore
//! let double = DiscordDouble::start().await;
//! let http = serenity::http::HttpBuilder::new("Bot test-token")
//!     .proxy(double.api_url())
//!     .ratelimiter_disabled(true)
//!     .build();
//! let client = serenity::all::ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
//!     .event_handler(handler)
//!     .await?;
//! ```
//!
//! `GET /api/v10/gateway` answers with the double's own websocket URL, so the shard connects
//! to the double too. Tests then act as users ([`DiscordDouble::slash_command`],
//! [`DiscordDouble::click`], [`DiscordDouble::select`]) and assert on what each user sees
//! ([`DiscordDouble::channel_messages`], [`DiscordDouble::ephemerals_for`]) and on what the
//! double refused ([`DiscordDouble::rejections`], [`DiscordDouble::unknown_routes`]).
//!
//! Multipart uploads (`payload_json` plus `files[n]` parts, as serenity sends a
//! `CreateAttachment`) are matched to the body's `attachments` entries like Discord does
//! (kept and new attachments on edits, alt texts, at most 10 files of 10 MiB, embeds'
//! `attachment://` references); the files are kept byte for byte in
//! [`RecordedMessage::attachments`].
//!
//! Discord's rate limits (per-route buckets, the global limit, the invalid-request ban) are
//! off by default; [`DiscordDouble::set_rate_limits`] switches them on
//! (`double.set_rate_limits(RateLimits::discord())`), and
//! [`DiscordDouble::rate_limit_stats`] tells what the bot's request rate was either way.

#![recursion_limit = "256"]

mod attachments;
mod autocomplete;
mod component_ids;
mod faults;
mod gateway;
mod ids;
mod interactions;
mod json;
mod layout;
mod limits;
mod live;
mod messages;
mod nonces;
mod payloads;
mod ratelimit;
mod record;
mod rest;
mod transcript;
mod world;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

pub use faults::{Fault, FaultAction};
pub use gateway::shard_of;
pub use ids::{ChannelId, GuildId, MessageId, UserId};
pub use interactions::{InteractionError, Reply};
pub use live::ButtonedMessage;
pub use ratelimit::{routes, Limit, RateLimitStats, RateLimits, RouteStats};
pub use record::{
    InteractionResponseRecord, RecordedAttachment, RecordedMessage, Rejection, RequestRecord, ThreadInfo,
};
pub use transcript::{Transcript, Viewer, TRANSCRIPT_SCHEMA};
pub use world::{perms, Visibility};

use interactions::Action;
use world::{ChannelRec, World};

/// What Discord would refuse in a message body (create, edit, or an interaction
/// response's data), as `path: message` lines; empty when it would accept it. For unit
/// tests of renderings, without a running double.
#[must_use]
pub fn message_limit_errors(body: &serde_json::Value) -> Vec<String> {
    limits::check_message(body, &[]).into_iter().map(|e| format!("{}: {}", e.path.join("."), e.message)).collect()
}

/// Default bound for waiting on the bot (its interaction callback, a session, …).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// State shared by the server tasks and the test-facing handle.
pub(crate) struct Shared {
    world: Mutex<World>,
    changed: watch::Sender<u64>,
    shutdown: watch::Sender<bool>,
    /// `http://127.0.0.1:PORT`
    base_url: String,
}

impl Shared {
    /// Locks the world (recovering from a poisoned lock: a panicking test thread must not
    /// take the double down with it).
    pub(crate) fn lock(&self) -> MutexGuard<'_, World> {
        self.world.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wakes everyone waiting for a change.
    pub(crate) fn bump(&self) {
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// The gateway URL (`ws://127.0.0.1:PORT/gateway`).
    pub(crate) fn ws_url(&self) -> String {
        ws_url(&self.base_url)
    }

    /// Re-evaluates `f` each time `notify` is woken until it returns `Some`, or `timeout`
    /// passes. Unlike [`Shared::wait_for`], only changes that wake `notify` are looked at, so
    /// thousands of concurrent waiters do not all wake on every change.
    pub(crate) async fn wait_notified<T>(
        &self,
        notify: &Notify,
        timeout: Duration,
        mut f: impl FnMut(&mut World) -> Option<T>,
    ) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let mut notified = std::pin::pin!(notify.notified());
            // Registered before looking, so a wake-up between the look and the wait is not lost.
            notified.as_mut().enable();
            if let Some(v) = f(&mut self.lock()) {
                return Some(v);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return f(&mut self.lock());
            }
        }
    }

    /// Re-evaluates `f` on every change until it returns `Some`, or `timeout` passes.
    pub(crate) async fn wait_for<T>(&self, timeout: Duration, mut f: impl FnMut(&mut World) -> Option<T>) -> Option<T> {
        let mut rx = self.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(v) = f(&mut self.lock()) {
                return Some(v);
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                _ => return f(&mut self.lock()),
            }
        }
    }
}

/// The gateway URL for the double serving REST at `base_url` (`http://127.0.0.1:PORT`).
pub(crate) fn ws_url(base_url: &str) -> String {
    format!("{}/gateway", base_url.replacen("http", "ws", 1))
}

/// The running double. Dropping it stops the server (and closes bot websockets).
pub struct DiscordDouble {
    shared: Arc<Shared>,
    addr: SocketAddr,
    server: Option<JoinHandle<()>>,
    timeout: Duration,
    strict_commands: bool,
}

impl std::fmt::Debug for DiscordDouble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordDouble").field("addr", &self.addr).finish_non_exhaustive()
    }
}

impl Drop for DiscordDouble {
    fn drop(&mut self) {
        // Stop accepting, close idle HTTP connections and every bot websocket…
        let _ = self.shared.shutdown.send(true);
        // …and make sure the server task ends even if a request is stuck (e.g. a Delay fault).
        if let Some(server) = self.server.take() {
            match tokio::runtime::Handle::try_current() {
                Ok(rt) => {
                    rt.spawn(async move {
                        tokio::time::sleep(Duration::from_secs(2)).await;
                        server.abort();
                    });
                }
                Err(_) => server.abort(),
            }
        }
    }
}

/// The bot only ever sends small frames (heartbeats, Identify), and the websocket zeroes
/// its whole read buffer before every read, so it is kept small (frames larger than this
/// are still read, in several reads).
const WS_READ_BUFFER: usize = 8 << 10;

async fn gateway_upgrade(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    if shared.lock().gateway.down {
        return axum::response::IntoResponse::into_response((
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "discord-double: the gateway is away",
        ));
    }
    ws.max_message_size(16 << 20)
        .read_buffer_size(WS_READ_BUFFER)
        .on_upgrade(move |socket| gateway::serve_socket(socket, shared))
}

impl DiscordDouble {
    /// Binds `127.0.0.1:0` and serves REST (`/api/v10/…`) and the gateway (`/gateway`).
    ///
    /// # Panics
    /// If the loopback listener cannot be bound (test infrastructure failure).
    pub async fn start() -> DiscordDouble {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .expect("discord-double: cannot bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("discord-double: listener has no address");
        let (changed, _) = watch::channel(0);
        let (shutdown, mut shutdown_rx) = watch::channel(false);
        let shared =
            Arc::new(Shared { world: Mutex::new(World::new()), changed, shutdown, base_url: format!("http://{addr}") });
        let app = Router::new()
            .route("/gateway", get(gateway_upgrade))
            .route("/", get(gateway_upgrade))
            .fallback(rest::handle)
            // Discord takes requests up to 25 MiB (larger ones get its JSON 413, not axum's).
            .layer(DefaultBodyLimit::max(attachments::MAX_REQUEST_BYTES + (1 << 20)))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            let stop = async move {
                let _ = shutdown_rx.wait_for(|s| *s).await;
            };
            // Like Discord's edge, answer without Nagle's delay: small frames and responses
            // otherwise wait for the peer's delayed acknowledgement under load.
            let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
                let _ = tcp.set_nodelay(true);
            });
            if let Err(e) = axum::serve(listener, app).with_graceful_shutdown(stop).await {
                tracing::warn!("discord-double: server error: {e}");
            }
        });
        tracing::info!("discord-double listening on {addr}");
        DiscordDouble { shared, addr, server: Some(server), timeout: DEFAULT_TIMEOUT, strict_commands: false }
    }

    // ----- addresses and identities -------------------------------------------------------

    /// Base URL for serenity's `HttpBuilder::proxy` (and `DISCORD_API_URL`):
    /// `http://127.0.0.1:PORT`. serenity turns `https://discord.com/api/v10/…` into
    /// `http://127.0.0.1:PORT/api/v10/…`.
    pub fn api_url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// The gateway URL, `ws://127.0.0.1:PORT/gateway` (what `GET /gateway` returns).
    pub fn gateway_url(&self) -> String {
        self.shared.ws_url()
    }

    /// The socket address the double listens on (always on 127.0.0.1).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The application id (also the bot user's id).
    pub fn application_id(&self) -> u64 {
        self.shared.lock().application_id
    }

    /// The bot's user id.
    pub fn bot_user(&self) -> UserId {
        UserId(self.shared.lock().bot_user)
    }

    /// The application owner's user id (a member, with administrator, of every guild).
    pub fn owner_user(&self) -> UserId {
        UserId(self.shared.lock().owner_user)
    }

    // ----- setup --------------------------------------------------------------------------

    /// Sets how long interaction helpers wait for the bot (default 5 s).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// When on, slash commands are only delivered if the bot registered them (globally or
    /// in the guild), waiting for the registration up to the timeout. Off by default.
    pub fn set_strict_commands(&mut self, strict: bool) {
        self.strict_commands = strict;
    }

    /// Keeps (the default) or stops keeping the unbounded logs tests assert on: REST
    /// requests, gateway frames, interaction responses, public texts and ephemeral versions
    /// ([`DiscordDouble::requests`], [`DiscordDouble::gateway_frames`],
    /// [`DiscordDouble::interaction_responses`], [`DiscordDouble::all_public_text`],
    /// [`DiscordDouble::ephemeral_history_for`] then only hold what came while it was on).
    /// Rejections and unknown routes are always kept. For load generators, which would
    /// otherwise spend their time and memory on records nobody reads.
    pub fn set_recording(&self, on: bool) {
        let mut w = self.shared.lock();
        w.recording = on;
        w.gateway.record_frames = on;
    }

    /// Sets Discord's interaction deadline (default 3 s): callbacks arriving later get
    /// 404 `Unknown interaction`.
    pub fn set_interaction_deadline(&self, deadline: Duration) {
        self.shared.lock().interaction_deadline = deadline;
    }

    /// Moves the double's clock forward by `by` for what ages with it: interaction tokens,
    /// which Discord honours for 15 minutes (their webhook routes then answer 401
    /// `Invalid Webhook Token`). Tests move time instead of sleeping.
    pub fn advance_clock(&self, by: Duration) {
        self.shared.lock().clock_moved += by;
    }

    /// Creates a guild the bot is in (the bot and the owner are members). Connected bots get
    /// a GUILD_CREATE.
    pub fn add_guild(&self, name: &str) -> GuildId {
        let id = {
            let mut w = self.shared.lock();
            let id = w.add_guild(name);
            let payload = payloads::guild_create(&w, &w.guilds[&id]).to_string();
            w.gateway.dispatch("GUILD_CREATE", &payload, 0, Some(id));
            id
        };
        self.shared.bump();
        GuildId(id)
    }

    /// Sets the language of a user's Discord client: their next interactions carry it as
    /// `locale`.
    ///
    /// # Panics
    /// If the user does not exist (a test bug).
    pub fn set_user_locale(&self, user: UserId, locale: &str) {
        let mut w = self.shared.lock();
        let u = w.users.get_mut(&user.0).unwrap_or_else(|| panic!("discord-double: unknown user {user}"));
        u.locale = locale.to_owned();
    }

    /// Sets a server's language (its community "preferred locale"), as its owner would in the
    /// server settings: connected bots get a GUILD_UPDATE, and interactions carry it as
    /// `guild_locale`.
    ///
    /// # Panics
    /// If the guild does not exist (a test bug).
    pub fn set_guild_locale(&self, guild: GuildId, locale: &str) {
        {
            let mut w = self.shared.lock();
            let g = w.guilds.get_mut(&guild.0).unwrap_or_else(|| panic!("discord-double: unknown guild {guild}"));
            g.preferred_locale = locale.to_owned();
            let payload = payloads::guild_create(&w, &w.guilds[&guild.0]).to_string();
            w.gateway.dispatch("GUILD_UPDATE", &payload, gateway::intents::GUILDS, Some(guild.0));
        }
        self.shared.bump();
    }

    /// Creates a text channel in `guild`. Connected bots get a CHANNEL_CREATE.
    ///
    /// # Panics
    /// If the guild does not exist (a test bug).
    pub fn add_channel(&self, guild: GuildId, name: &str) -> ChannelId {
        let id = {
            let mut w = self.shared.lock();
            let id = w
                .add_channel(guild.0, name)
                .unwrap_or_else(|| panic!("discord-double: add_channel: unknown guild {guild}"));
            let payload = payloads::channel(&w, &w.channels[&id]);
            w.gateway.dispatch("CHANNEL_CREATE", &payload, gateway::intents::GUILDS, Some(guild.0));
            id
        };
        self.shared.bump();
        ChannelId(id)
    }

    /// Opens a public thread named `name` in text channel `parent` of `guild`, as the bot
    /// would (no starter message; the bot owns it). Connected bots get a THREAD_CREATE.
    ///
    /// # Panics
    /// If the channel is no text channel of the guild, or the bot may not open threads
    /// there (a test bug).
    pub fn add_thread(&self, guild: GuildId, parent: ChannelId, name: &str) -> ChannelId {
        let id = {
            let mut w = self.shared.lock();
            assert_eq!(w.channels.get(&parent.0).and_then(|c| c.guild), Some(guild.0), "discord-double: add_thread");
            let body = serde_json::json!({ "name": name, "type": 11 });
            match rest::start_thread(&mut w, parent.0, None, &body) {
                Ok(rest::Ok2::Json(_, thread)) => serde_json::from_str::<Value>(&thread)
                    .ok()
                    .and_then(|t| t["id"].as_str().and_then(|id| id.parse().ok()))
                    .expect("discord-double: a thread's id"),
                _ => panic!("discord-double: add_thread: the bot may not open a thread in {parent}"),
            }
        };
        self.shared.bump();
        ChannelId(id)
    }

    /// Creates a human user.
    pub fn add_user(&self, name: &str) -> UserId {
        UserId(self.shared.lock().add_user(name, false))
    }

    /// Creates a bot user (another bot, e.g. to check that bots cannot be challenged).
    pub fn add_bot_user(&self, name: &str) -> UserId {
        UserId(self.shared.lock().add_user(name, true))
    }

    /// Makes `user` a member of `guild` with these permission bits (see [`perms`];
    /// [`perms::MEMBER_DEFAULT`] is a typical member). Calling it again updates the bits.
    ///
    /// # Panics
    /// If the guild or user does not exist (a test bug).
    pub fn add_member(&self, guild: GuildId, user: UserId, permissions: u64) {
        let mut w = self.shared.lock();
        assert!(w.users.contains_key(&user.0), "discord-double: unknown user {user}");
        let joined_at = ids::now_iso();
        let g =
            w.guilds.get_mut(&guild.0).unwrap_or_else(|| panic!("discord-double: add_member: unknown guild {guild}"));
        g.members
            .entry(user.0)
            .and_modify(|m| m.permissions = permissions)
            .or_insert(world::MemberRec { permissions, joined_at });
    }

    /// Sets the bot's own permission bits in `guild` (default [`perms::BOT_DEFAULT`]); REST
    /// calls needing missing permissions get 403 `Missing Permissions`.
    pub fn set_bot_permissions(&self, guild: GuildId, permissions: u64) {
        let mut w = self.shared.lock();
        let bot = w.bot_user;
        if let Some(m) = w.guilds.get_mut(&guild.0).and_then(|g| g.members.get_mut(&bot)) {
            m.permissions = permissions;
        }
    }

    // ----- gateway ------------------------------------------------------------------------

    /// Waits until at least one bot connection has completed Identify (or Resume).
    pub async fn wait_for_ready(&self, timeout: Duration) -> bool {
        self.shared.wait_for(timeout, |w| (w.gateway.ready_connections() > 0).then_some(())).await.is_some()
    }

    /// Waits until the number of accepted Identify payloads reaches `n` (e.g. 2 after a bot
    /// restart).
    pub async fn wait_for_identifies(&self, n: u32, timeout: Duration) -> bool {
        self.shared.wait_for(timeout, |w| (w.gateway.identifies >= n).then_some(())).await.is_some()
    }

    /// Waits until no websocket is open (e.g. after stopping the bot).
    pub async fn wait_for_disconnect(&self, timeout: Duration) -> bool {
        self.shared.wait_for(timeout, |w| (w.gateway.open_connections() == 0).then_some(())).await.is_some()
    }

    /// Number of identified/resumed websocket connections right now.
    pub fn ready_connections(&self) -> usize {
        self.shared.lock().gateway.ready_connections()
    }

    /// Number of open gateway websockets right now (identified or not).
    pub fn open_connections(&self) -> usize {
        self.shared.lock().gateway.open_connections()
    }

    /// Number of Identify payloads accepted so far.
    pub fn identify_count(&self) -> u32 {
        self.shared.lock().gateway.identifies
    }

    /// Identify payloads accepted so far, by shard id.
    pub fn identifies_by_shard(&self) -> std::collections::BTreeMap<u64, u32> {
        self.shared.lock().gateway.identifies_by_shard.clone()
    }

    /// Interactions sent so far, by the shard id of the session they went to.
    pub fn interactions_by_shard(&self) -> std::collections::BTreeMap<u64, u64> {
        self.shared.lock().gateway.interactions_by_shard.clone()
    }

    /// Sets the shard count `GET /gateway/bot` recommends (1 by default).
    pub fn set_recommended_shards(&self, shards: u64) {
        self.shared.lock().gateway.recommended_shards = shards.max(1);
    }

    /// When `on`, every interaction goes to every connected session whatever its shard:
    /// one click delivered to several bot processes at once, as a test of their races.
    pub fn deliver_interactions_to_every_shard(&self, on: bool) {
        self.shared.lock().gateway.interactions_to_every_shard = on;
    }

    /// Number of successful Resumes so far.
    pub fn resume_count(&self) -> u32 {
        self.shared.lock().gateway.resumes
    }

    /// Number of heartbeats received so far.
    pub fn heartbeat_count(&self) -> u64 {
        self.shared.lock().gateway.heartbeats
    }

    /// Sets the heartbeat interval announced in Hello to future connections (ms; default
    /// 41250).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.shared.lock().gateway.heartbeat_interval = ms;
    }

    /// Sends a dispatch (op 0) with this event name and data to every bot session of the
    /// shard of its `guild_id` (shard 0 without one). Returns how many connected sessions it
    /// reached.
    pub fn dispatch(&self, event_name: &str, data: Value) -> usize {
        let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        let n = self.shared.lock().gateway.dispatch(event_name, &data.to_string(), 0, guild);
        self.shared.bump();
        n
    }

    /// Closes every bot websocket with this close code (4000 lets serenity resume; 4004 is
    /// "authentication failed").
    pub fn disconnect_all(&self, close_code: u16) {
        self.shared.lock().gateway.close_all(close_code, "discord-double: disconnect");
    }

    /// Takes the gateway away (`true`: every websocket closed with 4000, as when Discord's
    /// edge drops connections, and new ones refused with 503) or brings it back. Sessions
    /// stay resumable for a minute.
    pub fn set_gateway_down(&self, down: bool) {
        let mut world = self.shared.lock();
        world.gateway.down = down;
        if down {
            world.gateway.close_all(4000, "discord-double: the gateway is away");
        }
    }

    /// Forgets all gateway sessions: later Resumes get Invalid Session (op 9).
    pub fn invalidate_sessions(&self) {
        self.shared.lock().gateway.invalidate_sessions();
    }

    /// Stops acknowledging heartbeats (zombie connection) or resumes acknowledging them.
    pub fn set_ignore_heartbeats(&self, ignore: bool) {
        self.shared.lock().gateway.ignore_heartbeats = ignore;
    }

    /// Every gateway frame sent to bots so far (Hello, dispatches, acks…), in order.
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.shared.lock().gateway.frames.clone()
    }

    // ----- commands -----------------------------------------------------------------------

    /// Registered commands (as Discord returns them): `None` for global, `Some(guild)` for a
    /// guild's.
    pub fn commands(&self, guild: Option<GuildId>) -> Vec<Value> {
        self.shared.lock().commands.get(&guild.map(|g| g.0)).cloned().unwrap_or_default()
    }

    /// Waits until a chat-input command with this name is registered globally or in `guild`.
    pub async fn wait_for_command(&self, guild: Option<GuildId>, name: &str, timeout: Duration) -> bool {
        let scopes = [None, guild.map(|g| g.0)];
        self.shared
            .wait_for(timeout, |w| {
                scopes.iter().filter_map(|s| w.commands.get(s)).flatten().any(|c| c["name"] == name).then_some(())
            })
            .await
            .is_some()
    }

    // ----- interactions -------------------------------------------------------------------

    /// `user` runs `/command_name` in `channel` of `guild`. `options` is `data.options` as
    /// Discord sends it, e.g. a subcommand
    /// `[{"type":1,"name":"challenge","options":[{"type":6,"name":"opponent","value":"123"}]}]`
    /// (`data.resolved` is filled in for user/channel/role options).
    ///
    /// # Panics
    /// If the interaction cannot be delivered or the bot does not answer in time; use
    /// [`DiscordDouble::try_slash_command`] to handle that.
    pub async fn slash_command(
        &self,
        user: UserId,
        guild: GuildId,
        channel: ChannelId,
        command_name: &str,
        options: Value,
    ) -> Reply {
        self.try_slash_command(user, Some(guild), channel, command_name, options)
            .await
            .unwrap_or_else(|e| panic!("discord-double: /{command_name} by {user}: {e}"))
    }

    /// Like [`DiscordDouble::slash_command`]; `guild: None` means a DM with the bot (then
    /// `channel` must be the DM channel, see [`DiscordDouble::dm_channel`]).
    pub async fn try_slash_command(
        &self,
        user: UserId,
        guild: Option<GuildId>,
        channel: ChannelId,
        command_name: &str,
        options: Value,
    ) -> Result<Reply, InteractionError> {
        if self.strict_commands && !self.wait_for_command(guild, command_name, self.timeout).await {
            return Err(InteractionError::UnknownCommand(command_name.to_string()));
        }
        let action = Action::Command { name: command_name.to_string(), options, forged: false };
        self.interact(user, guild.map(|g| g.0), channel.0, action).await
    }

    /// A tampered slash command: `user` sends `/command_name` in their DM with the bot even
    /// though Discord does not offer it there (a server-only command), to test the bot's
    /// own refusal.
    ///
    /// # Errors
    /// As [`DiscordDouble::try_slash_command`], except the context and strict-commands
    /// checks.
    pub async fn forge_dm_slash_command(
        &self,
        user: UserId,
        command_name: &str,
        options: Value,
    ) -> Result<Reply, InteractionError> {
        let channel = self.dm_channel(user);
        let action = Action::Command { name: command_name.to_string(), options, forged: true };
        self.interact(user, None, channel.0, action).await
    }

    /// `user` runs `/command_name` in their DM with the bot. Like Discord, the double offers
    /// only global commands that allow DMs (`contexts` with 1, or no `contexts` and no
    /// `dm_permission: false`); see [`DiscordDouble::forge_dm_slash_command`] otherwise.
    ///
    /// # Panics
    /// As [`DiscordDouble::slash_command`].
    pub async fn dm_slash_command(&self, user: UserId, command_name: &str, options: Value) -> Reply {
        let channel = self.dm_channel(user);
        self.try_slash_command(user, None, channel, command_name, options)
            .await
            .unwrap_or_else(|e| panic!("discord-double: DM /{command_name} by {user}: {e}"))
    }

    /// `user` types in an option of `/command_name` registered with `autocomplete: true`:
    /// the bot receives an `APPLICATION_COMMAND_AUTOCOMPLETE` interaction (type 4) with
    /// `options` as Discord sends them, the option being typed marked `"focused": true`
    /// (its `value` is the text typed so far, always a string), e.g.
    /// `[{"type":1,"name":"challenge","options":[{"type":3,"name":"variant","value":"ken","focused":true}]}]`.
    /// Returns the choices the bot offered, as `(name, value)`; the double checks them like
    /// Discord (at most 25, names of 1 to 100 characters).
    ///
    /// # Panics
    /// If the interaction cannot be delivered or the bot does not answer in time (or answers
    /// with something Discord would refuse); use [`DiscordDouble::try_autocomplete`] to
    /// handle that.
    pub async fn autocomplete(
        &self,
        user: UserId,
        guild: GuildId,
        channel: ChannelId,
        command_name: &str,
        options: Value,
    ) -> Vec<(String, Value)> {
        self.try_autocomplete(user, Some(guild), channel, command_name, options)
            .await
            .unwrap_or_else(|e| panic!("discord-double: autocomplete /{command_name} by {user}: {e}"))
    }

    /// Like [`DiscordDouble::autocomplete`] (`guild: None` for a DM).
    ///
    /// # Errors
    /// As [`DiscordDouble::try_slash_command`], and
    /// [`InteractionError::NotAutocompleted`] when no single option is focused or the
    /// focused option is not registered with `autocomplete: true`.
    pub async fn try_autocomplete(
        &self,
        user: UserId,
        guild: Option<GuildId>,
        channel: ChannelId,
        command_name: &str,
        options: Value,
    ) -> Result<Vec<(String, Value)>, InteractionError> {
        if self.strict_commands && !self.wait_for_command(guild, command_name, self.timeout).await {
            return Err(InteractionError::UnknownCommand(command_name.to_string()));
        }
        let action = Action::Autocomplete { name: command_name.to_string(), options };
        let reply = self.interact(user, guild.map(|g| g.0), channel.0, action).await?;
        Ok(autocomplete::choices(&reply.data))
    }

    /// The DM channel between the bot and `user` (created on first use).
    pub fn dm_channel(&self, user: UserId) -> ChannelId {
        ChannelId(self.shared.lock().dm_channel(user.0))
    }

    /// `user` clicks the button `custom_id` on `message_id` in `channel`.
    ///
    /// # Panics
    /// As [`DiscordDouble::slash_command`]; use [`DiscordDouble::try_click`] to handle that.
    pub async fn click(&self, user: UserId, channel: ChannelId, message_id: MessageId, custom_id: &str) -> Reply {
        self.try_click(user, channel, message_id, custom_id)
            .await
            .unwrap_or_else(|e| panic!("discord-double: click {custom_id} by {user}: {e}"))
    }

    /// Like [`DiscordDouble::click`]; errors if the button does not exist, is disabled, or the
    /// user cannot see the message.
    pub async fn try_click(
        &self,
        user: UserId,
        channel: ChannelId,
        message_id: MessageId,
        custom_id: &str,
    ) -> Result<Reply, InteractionError> {
        self.component(user, channel, message_id, custom_id, None, false).await
    }

    async fn component(
        &self,
        user: UserId,
        channel: ChannelId,
        message_id: MessageId,
        custom_id: &str,
        values: Option<&[&str]>,
        forged: bool,
    ) -> Result<Reply, InteractionError> {
        let action = Action::Component {
            message: message_id.0,
            custom_id: custom_id.to_string(),
            values: values.map(|v| v.iter().map(|s| s.to_string()).collect()),
            forged,
        };
        let guild = self.shared.lock().channel_guild(channel.0);
        self.interact(user, guild, channel.0, action).await
    }

    /// A tampered click: `user` sends an interaction for `custom_id` on `message_id` even
    /// if they cannot see that message or it has no such component (a modified client).
    /// `values` makes it a select-menu interaction.
    ///
    /// # Errors
    /// As [`DiscordDouble::try_click`], except the visibility and component checks.
    pub async fn forge_click(
        &self,
        user: UserId,
        channel: ChannelId,
        message_id: MessageId,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Result<Reply, InteractionError> {
        self.component(user, channel, message_id, custom_id, values, true).await
    }

    /// `user` picks `values` in the select menu `custom_id` on `message_id`.
    ///
    /// # Panics
    /// As [`DiscordDouble::slash_command`]; use [`DiscordDouble::try_select`] to handle that.
    pub async fn select(
        &self,
        user: UserId,
        channel: ChannelId,
        message_id: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Reply {
        self.try_select(user, channel, message_id, custom_id, values)
            .await
            .unwrap_or_else(|e| panic!("discord-double: select {custom_id} by {user}: {e}"))
    }

    /// Like [`DiscordDouble::select`]; errors if the menu or an option does not exist.
    pub async fn try_select(
        &self,
        user: UserId,
        channel: ChannelId,
        message_id: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Result<Reply, InteractionError> {
        self.component(user, channel, message_id, custom_id, Some(values), false).await
    }

    async fn interact(
        &self,
        user: UserId,
        guild: Option<u64>,
        channel: u64,
        action: Action,
    ) -> Result<Reply, InteractionError> {
        if !self.wait_for_ready(self.timeout).await {
            return Err(InteractionError::NoGatewaySession);
        }
        let notify = Arc::new(Notify::new());
        let id = {
            let mut w = self.shared.lock();
            let id = interactions::create(&mut w, user.0, guild, channel, &action, self.strict_commands)?;
            w.interaction_notify.insert(id, Arc::clone(&notify));
            id
        };
        self.shared.bump();
        let shared = Arc::clone(&self.shared);
        let answered = self.shared.wait_notified(&notify, self.timeout, |w| interactions::reply(&shared, w, id)).await;
        self.shared.lock().interaction_notify.remove(&id);
        answered.ok_or(InteractionError::NoResponse { waited: self.timeout })
    }

    /// Waits (up to `timeout`) until the response to the interaction with this token is
    /// complete — for deferred responses, until `@original` was edited or a follow-up sent —
    /// and returns the `@original` message (`None` on timeout or if there is none).
    pub async fn wait_interaction_settled(&self, token: &str, timeout: Duration) -> Option<RecordedMessage> {
        interactions::wait_settled(&self.shared, token, timeout).await
    }

    // ----- records ------------------------------------------------------------------------

    /// Public messages in `channel` (or thread, or DM channel), oldest first, current state,
    /// deleted ones excluded. Non-ephemeral interaction responses are included.
    pub fn channel_messages(&self, channel: ChannelId) -> Vec<RecordedMessage> {
        let w = self.shared.lock();
        w.channel_messages(channel.0, 0)
            .filter(|m| !m.deleted && m.visibility == Visibility::Public)
            .map(RecordedMessage::from_rec)
            .collect()
    }

    /// Waits (up to `timeout`) for the first public message in `channel` (or thread) newer
    /// than `after` (any message if `None`), and returns it. Woken only by messages in that
    /// channel, so many concurrent waiters stay cheap (e.g. a load generator waiting for
    /// each match's next board).
    pub async fn wait_for_message(
        &self,
        channel: ChannelId,
        after: Option<MessageId>,
        timeout: Duration,
    ) -> Option<RecordedMessage> {
        let notify = self.shared.lock().channel_notify(channel.0);
        let from = after.map_or(0, |m| m.0.saturating_add(1));
        self.shared
            .wait_notified(&notify, timeout, |w| {
                w.channel_messages(channel.0, from)
                    .find(|m| !m.deleted && m.visibility == Visibility::Public)
                    .map(RecordedMessage::from_rec)
            })
            .await
    }

    /// One message by id (any visibility, deleted ones excluded).
    pub fn message(&self, id: MessageId) -> Option<RecordedMessage> {
        let w = self.shared.lock();
        w.messages.get(&id.0).filter(|m| !m.deleted).map(RecordedMessage::from_rec)
    }

    /// Ephemeral messages `user` received (current state, oldest first).
    pub fn ephemerals_for(&self, user: UserId) -> Vec<RecordedMessage> {
        let w = self.shared.lock();
        w.messages
            .values()
            .filter(|m| !m.deleted && m.visibility == Visibility::EphemeralTo(user.0))
            .map(RecordedMessage::from_rec)
            .collect()
    }

    /// Every version (creation and each edit) of every ephemeral message `user` received.
    pub fn ephemeral_history_for(&self, user: UserId) -> Vec<RecordedMessage> {
        let w = self.shared.lock();
        w.ephemeral_snapshots
            .iter()
            .filter(|m| m.visibility == Visibility::EphemeralTo(user.0))
            .map(RecordedMessage::from_rec)
            .collect()
    }

    /// Every version (creation and each edit) of every public message in `channel` (or
    /// thread), in the order they were shown, while recording is on.
    pub fn public_history(&self, channel: ChannelId) -> Vec<RecordedMessage> {
        let w = self.shared.lock();
        w.public_snapshots
            .iter()
            .filter(|m| m.channel == channel.0 && !m.deleted)
            .map(RecordedMessage::from_rec)
            .collect()
    }

    /// Threads created by the bot (or anyone), in creation order.
    pub fn threads(&self) -> Vec<ThreadInfo> {
        let w = self.shared.lock();
        w.channels
            .values()
            .filter(|c| c.is_thread())
            .map(|c: &ChannelRec| ThreadInfo {
                id: ChannelId(c.id),
                parent_id: ChannelId(c.parent.unwrap_or(0)),
                guild_id: GuildId(c.guild.unwrap_or(0)),
                name: c.name.clone(),
                starter_message: w.messages.get(&c.id).filter(|m| m.thread == Some(c.id)).map(|m| MessageId(m.id)),
                kind: c.kind,
                archived: c.archived,
                locked: c.locked,
            })
            .collect()
    }

    /// Every public text ever shown, including versions later edited away: contents, embed
    /// texts, button labels, select placeholders and option labels/descriptions.
    pub fn all_public_text(&self) -> Vec<String> {
        self.shared.lock().public_text_log.clone()
    }

    /// Every request the double refused with a Discord error (validation, 40060, unknown
    /// interaction, missing permissions…). Injected faults and unknown routes are not here.
    pub fn rejections(&self) -> Vec<Rejection> {
        self.shared.lock().rejections.clone()
    }

    /// Requests to routes the double does not implement, as `"METHOD /path?query"`.
    pub fn unknown_routes(&self) -> Vec<String> {
        self.shared.lock().unknown_routes.clone()
    }

    /// Every REST request the bot made, with the double's answer.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared.lock().requests.clone()
    }

    /// Every accepted interaction callback, in order.
    pub fn interaction_responses(&self) -> Vec<InteractionResponseRecord> {
        self.shared.lock().responses.clone()
    }

    // ----- rate limits --------------------------------------------------------------------

    /// Sets the rate limits: `RateLimits::discord()` switches Discord's limits on,
    /// `RateLimits::default()` off (the default of a new double); bucket sizes can be
    /// changed field by field or with [`RateLimits::route`]. Open windows, the
    /// invalid-request log and a ban are forgotten; statistics are kept.
    pub fn set_rate_limits(&self, limits: RateLimits) {
        self.shared.lock().ratelimits.configure(limits);
    }

    /// The rate limits in force.
    pub fn rate_limits(&self) -> RateLimits {
        self.shared.lock().ratelimits.config.clone()
    }

    /// What the double saw of the bot's request rate so far: requests per route, those
    /// counting against the global limit and those exempt (interactions, webhooks), 429s by
    /// scope, invalid requests (401, 403, 429) in the last 10 minutes and their peak. Kept
    /// whether limits are on or off.
    pub fn rate_limit_stats(&self) -> RateLimitStats {
        self.shared.lock().ratelimits.stats(std::time::Instant::now())
    }

    /// Forgets the statistics (e.g. after the bot's start-up, to measure a phase alone).
    pub fn reset_rate_limit_stats(&self) {
        self.shared.lock().ratelimits.reset_stats();
    }

    // ----- faults -------------------------------------------------------------------------

    /// Adds a fault rule, checked against every REST request.
    pub fn add_fault(&self, fault: Fault) {
        self.shared.lock().faults.add(fault);
    }

    /// Removes all fault rules.
    pub fn clear_faults(&self) {
        self.shared.lock().faults.clear();
    }

    /// Faults that fired, as `(method, path, action)`.
    pub fn fired_faults(&self) -> Vec<(String, String, FaultAction)> {
        self.shared.lock().faults.fired.clone()
    }
}
