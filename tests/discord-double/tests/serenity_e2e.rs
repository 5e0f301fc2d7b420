//! End-to-end: a real serenity 0.12 client against the double.

mod common;

use std::time::Duration;

use common::{init_tracing, Bot};
use discord_double::{perms, DiscordDouble, Reply};
use serde_json::{json, Value};
use serenity::model::application::{Command, CurrentApplicationInfo, Interaction};
use serenity::model::channel::{GuildChannel, Message};
use serenity::model::event::{Event, GatewayEvent};
use serenity::model::gateway::{BotGateway, Gateway, Ready};
use serenity::model::guild::{Guild, Member, PartialGuild};
use serenity::model::user::CurrentUser;

const T: Duration = Duration::from_secs(10);

/// Runs the test body with an overall time bound.
async fn bounded<F: std::future::Future<Output = ()>>(f: F) {
    tokio::time::timeout(Duration::from_secs(60), f).await.expect("test timed out");
}

fn duel_options(opponent: impl ToString) -> Value {
    json!([{ "type": 1, "name": "challenge", "options": [
        { "type": 6, "name": "opponent", "value": opponent.to_string() }
    ]}])
}

/// Every frame the double sent must deserialize into serenity's types — a malformed known
/// event would silently become `Event::Unknown` (or be dropped) in a real bot.
fn assert_gateway_frames_deserialize(double: &DiscordDouble) {
    let frames = double.gateway_frames();
    assert!(!frames.is_empty());
    for frame in frames {
        let parsed: GatewayEvent = serde_json::from_value(frame.clone())
            .unwrap_or_else(|e| panic!("frame does not deserialize: {e}\n{frame:#}"));
        if let GatewayEvent::Dispatch(_, event) = parsed {
            assert!(!matches!(event, Event::Unknown(_)), "dispatch parsed as Unknown: {frame:#}");
            let d = frame["d"].clone();
            let check = |r: Result<(), serde_json::Error>| {
                r.unwrap_or_else(|e| panic!("{} does not deserialize: {e}\n{d:#}", frame["t"]))
            };
            match frame["t"].as_str().unwrap_or_default() {
                "READY" => check(serde_json::from_value::<Ready>(d.clone()).map(drop)),
                "GUILD_CREATE" => check(serde_json::from_value::<Guild>(d.clone()).map(drop)),
                "INTERACTION_CREATE" => check(serde_json::from_value::<Interaction>(d.clone()).map(drop)),
                "MESSAGE_CREATE" | "MESSAGE_UPDATE" => check(serde_json::from_value::<Message>(d.clone()).map(drop)),
                "THREAD_CREATE" | "CHANNEL_CREATE" => {
                    check(serde_json::from_value::<GuildChannel>(d.clone()).map(drop))
                }
                _ => {}
            }
        }
    }
}

/// Every successful REST answer must deserialize into the serenity type of its route.
fn assert_rest_responses_deserialize(double: &DiscordDouble) {
    for r in double.requests() {
        if !(200..300).contains(&r.status) || r.status == 204 {
            continue;
        }
        let path = r.path.split('?').next().unwrap_or_default().to_string();
        let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let v = r.response.clone();
        let result = match (r.method.as_str(), segs.as_slice()) {
            ("GET", ["gateway"]) => serde_json::from_value::<Gateway>(v).map(drop),
            ("GET", ["gateway", "bot"]) => serde_json::from_value::<BotGateway>(v).map(drop),
            ("GET", ["users", "@me"]) => serde_json::from_value::<CurrentUser>(v).map(drop),
            ("GET", ["oauth2", "applications", "@me"]) => serde_json::from_value::<CurrentApplicationInfo>(v).map(drop),
            ("PUT", ["applications", _, "commands"]) | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                serde_json::from_value::<Vec<Command>>(v).map(drop)
            }
            (_, ["channels", _, "messages", ..]) | (_, ["webhooks", ..]) => {
                if segs.last() == Some(&"threads") {
                    serde_json::from_value::<GuildChannel>(v).map(drop)
                } else {
                    serde_json::from_value::<Message>(v).map(drop)
                }
            }
            ("GET", ["guilds", _]) => serde_json::from_value::<PartialGuild>(v).map(drop),
            ("GET", ["guilds", _, "members", _]) => serde_json::from_value::<Member>(v).map(drop),
            _ => Ok(()),
        };
        result.unwrap_or_else(|e| panic!("{} {} answer does not deserialize: {e}\n{:#}", r.method, r.path, r.response));
    }
}

/// The fields Discord's description of its objects (its OpenAPI description and the
/// gateway's events) requires, by object kind: every one must be sent, `null` or not.
const REQUIRED: &[(&str, &[&str])] = &[
    (
        "message",
        &[
            "type",
            "content",
            "mentions",
            "mention_roles",
            "attachments",
            "embeds",
            "timestamp",
            "edited_timestamp",
            "flags",
            "components",
            "id",
            "channel_id",
            "author",
            "pinned",
            "mention_everyone",
            "tts",
        ],
    ),
    ("user", &["id", "username", "avatar", "discriminator", "public_flags", "flags", "global_name", "primary_guild"]),
    ("attachment", &["id", "filename", "size", "url", "proxy_url"]),
    ("command", &["id", "application_id", "version", "default_member_permissions", "type", "name", "description"]),
    ("command option", &["type", "name", "description"]),
    (
        "guild",
        &[
            "id",
            "name",
            "icon",
            "description",
            "home_header",
            "splash",
            "discovery_splash",
            "features",
            "banner",
            "owner_id",
            "application_id",
            "region",
            "afk_channel_id",
            "afk_timeout",
            "system_channel_id",
            "system_channel_flags",
            "widget_enabled",
            "widget_channel_id",
            "verification_level",
            "roles",
            "default_message_notifications",
            "mfa_level",
            "explicit_content_filter",
            "max_presences",
            "max_members",
            "max_stage_video_channel_users",
            "max_video_channel_users",
            "vanity_url_code",
            "premium_tier",
            "premium_subscription_count",
            "preferred_locale",
            "rules_channel_id",
            "safety_alerts_channel_id",
            "public_updates_channel_id",
            "premium_progress_bar_enabled",
            "nsfw",
            "nsfw_level",
            "emojis",
            "stickers",
            "incidents_data",
        ],
    ),
    // In GUILD_CREATE, channels come without their guild_id (the gateway leaves it out).
    ("guild channel", &["id", "type", "flags", "name", "position", "nsfw"]),
    (
        "thread",
        &[
            "id",
            "type",
            "flags",
            "guild_id",
            "name",
            "owner_id",
            "thread_metadata",
            "message_count",
            "member_count",
            "total_message_sent",
        ],
    ),
    ("thread metadata", &["archived", "archive_timestamp", "auto_archive_duration", "locked"]),
    (
        "member",
        &[
            "avatar",
            "banner",
            "communication_disabled_until",
            "flags",
            "joined_at",
            "nick",
            "pending",
            "premium_since",
            "roles",
            "mute",
            "deaf",
        ],
    ),
    (
        "role",
        &[
            "id",
            "name",
            "permissions",
            "position",
            "color",
            "colors",
            "hoist",
            "managed",
            "mentionable",
            "icon",
            "unicode_emoji",
            "flags",
        ],
    ),
    (
        "interaction",
        &[
            "id",
            "application_id",
            "type",
            "token",
            "version",
            "app_permissions",
            "entitlements",
            "authorizing_integration_owners",
            "attachment_size_limit",
        ],
    ),
    ("button", &["type", "id", "style"]),
    ("string select", &["type", "id", "custom_id", "min_values", "max_values", "options"]),
    ("action row", &["type", "id", "components"]),
];

/// The required fields `object` lacks, as a kind of [`REQUIRED`].
fn lacking(kind: &str, object: &Value) -> Vec<String> {
    let (_, fields) = REQUIRED.iter().find(|(k, _)| *k == kind).unwrap_or_else(|| panic!("no kind {kind}"));
    fields.iter().filter(|f| object.get(**f).is_none()).map(|f| format!("{kind}.{f}")).collect()
}

/// What a message object lacks, its author, attachments and components included.
fn message_lacks(m: &Value) -> Vec<String> {
    let mut out = lacking("message", m);
    out.extend(lacking("user", &m["author"]));
    for a in m["attachments"].as_array().into_iter().flatten() {
        out.extend(lacking("attachment", a));
    }
    for row in m["components"].as_array().into_iter().flatten() {
        out.extend(lacking("action row", row));
        for c in row["components"].as_array().into_iter().flatten() {
            out.extend(lacking(if c["type"] == 2 { "button" } else { "string select" }, c));
        }
    }
    out
}

/// Every object the double sent carries the fields Discord's documented objects require:
/// the REST answers (messages, commands) and the gateway's events (the guild with its
/// channels, threads, members and roles; interactions with the member and the message
/// clicked; threads).
fn assert_documented_fields(double: &DiscordDouble) {
    let mut lacks = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    for r in double.requests().iter().filter(|r| (200..300).contains(&r.status)) {
        let path = r.path.split('?').next().unwrap_or_default();
        let segs: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        match (r.method.as_str(), segs.as_slice()) {
            ("PUT", ["applications", .., "commands"]) => {
                for c in r.response.as_array().into_iter().flatten() {
                    kinds.insert("command");
                    lacks.extend(lacking("command", c));
                    for o in c["options"].as_array().into_iter().flatten() {
                        lacks.extend(lacking("command option", o));
                    }
                }
            }
            (_, [.., "threads"]) => {
                kinds.insert("thread");
                lacks.extend(lacking("thread", &r.response));
            }
            (_, ["channels", _, "messages", ..] | ["webhooks", ..]) if r.response.is_object() => {
                kinds.insert("message");
                lacks.extend(message_lacks(&r.response));
            }
            _ => {}
        }
    }
    for frame in double.gateway_frames() {
        let d = &frame["d"];
        match frame["t"].as_str().unwrap_or_default() {
            "GUILD_CREATE" => {
                kinds.insert("guild");
                lacks.extend(lacking("guild", d));
                for c in d["channels"].as_array().into_iter().flatten() {
                    lacks.extend(lacking("guild channel", c));
                }
                for t in d["threads"].as_array().into_iter().flatten() {
                    lacks.extend(lacking("thread", t));
                    lacks.extend(lacking("thread metadata", &t["thread_metadata"]));
                }
                for m in d["members"].as_array().into_iter().flatten() {
                    lacks.extend(lacking("member", m));
                    lacks.extend(lacking("user", &m["user"]));
                }
                for role in d["roles"].as_array().into_iter().flatten() {
                    lacks.extend(lacking("role", role));
                }
            }
            "INTERACTION_CREATE" => {
                kinds.insert("interaction");
                lacks.extend(lacking("interaction", d));
                if d["member"].is_object() {
                    lacks.extend(lacking("member", &d["member"]));
                }
                if d["message"].is_object() {
                    kinds.insert("clicked message");
                    lacks.extend(message_lacks(&d["message"]));
                }
            }
            "THREAD_CREATE" => {
                lacks.extend(lacking("thread", d));
                lacks.extend(lacking("thread metadata", &d["thread_metadata"]));
            }
            "MESSAGE_CREATE" | "MESSAGE_UPDATE" => lacks.extend(message_lacks(d)),
            _ => {}
        }
    }
    let seen: Vec<&str> = kinds.into_iter().collect();
    assert_eq!(
        seen,
        ["clicked message", "command", "guild", "interaction", "message", "thread"],
        "every kind looked at"
    );
    lacks.sort();
    lacks.dedup();
    assert!(lacks.is_empty(), "fields Discord's objects require are missing: {lacks:?}");
}

/// A server with a channel, and a serenity REST client for the double (no gateway): the
/// server, the channel (the double's id and serenity's) and the client.
fn rest_client(
    double: &DiscordDouble,
) -> (discord_double::GuildId, discord_double::ChannelId, serenity::http::Http, serenity::all::ChannelId) {
    let guild = double.add_guild("Club");
    let channel = double.add_channel(guild, "general");
    let http =
        serenity::http::HttpBuilder::new("test-token").proxy(double.api_url()).ratelimiter_disabled(true).build();
    (guild, channel, http, serenity::all::ChannelId::new(channel.get()))
}

fn assert_ephemeral(reply: &Reply, text: &str) {
    assert_eq!(reply.kind, 4, "{reply:?}");
    assert!(reply.ephemeral, "{reply:?}");
    assert_eq!(reply.content, text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_plays_through_the_double() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        assert!(double.api_url().starts_with("http://127.0.0.1:"));
        let guild = double.add_guild("Salle d'armes");
        let channel = double.add_channel(guild, "piste");
        let alice = double.add_user("Alice");
        let bob = double.add_user("Bob");
        let robot = double.add_bot_user("Robot");
        for u in [alice, bob, robot] {
            double.add_member(guild, u, perms::MEMBER_DEFAULT);
        }

        let bot = Bot::start(&double).await;
        assert!(double.wait_for_ready(T).await, "bot never identified");
        assert!(double.wait_for_command(Some(guild), "duel", T).await, "commands never registered");

        // A bot cannot be challenged: ephemeral refusal, nothing public.
        let r = double.slash_command(alice, guild, channel, "duel", duel_options(robot)).await;
        assert_ephemeral(&r, "You can't challenge a bot.");
        assert!(r.latency < Duration::from_secs(3));
        assert!(double.channel_messages(channel).is_empty());
        assert_eq!(double.ephemerals_for(alice).len(), 1);
        assert!(double.ephemerals_for(bob).is_empty());

        // A real challenge: public message with buttons.
        let r = double.slash_command(alice, guild, channel, "duel", duel_options(bob)).await;
        assert_eq!(r.kind, 4);
        assert!(!r.ephemeral);
        assert_eq!(
            r.buttons(),
            vec![("Accept".into(), format!("accept:{bob}")), ("Decline".into(), format!("decline:{bob}"))]
        );
        let public = double.channel_messages(channel);
        assert_eq!(public.len(), 1);
        assert_eq!(public[0].content, format!("<@{alice}> challenges <@{bob}> to a duel!"));
        let challenge = public[0].id;
        assert_eq!(Some(challenge), r.message_id);

        // Alice cannot accept her own challenge (ephemeral to her); Bob can (message updated).
        let r = double.click(alice, channel, challenge, &format!("accept:{bob}")).await;
        assert_ephemeral(&r, "Only the challenged player can answer.");
        let r = double.click(bob, channel, challenge, &format!("accept:{bob}")).await;
        assert_eq!(r.kind, 7);
        assert_eq!(r.message_id, Some(challenge));
        let updated = double.message(challenge).unwrap();
        assert_eq!(updated.content, "The duel is on!");
        assert_eq!(updated.edits, 1);
        assert!(updated.buttons().is_empty());
        assert_eq!(updated.select_options().len(), 2);
        // The Accept button is gone now: Discord would not let anyone click it.
        assert!(double.try_click(bob, channel, challenge, &format!("accept:{bob}")).await.is_err());

        // Select menu.
        let r = double.select(bob, channel, challenge, "weapon", &["epee"]).await;
        assert_ephemeral(&r, "You picked epee");
        assert_eq!(double.ephemerals_for(bob).len(), 1);

        // Over-long content is rejected (and the bot falls back).
        let r = double.slash_command(alice, guild, channel, "long", json!([])).await;
        assert_ephemeral(&r, "too long");
        // Six buttons in a row are rejected too.
        let r = double.slash_command(alice, guild, channel, "sixbuttons", json!([])).await;
        assert_ephemeral(&r, "fallback");
        let rejections = double.rejections();
        assert_eq!(rejections.len(), 2, "{rejections:#?}");
        assert!(rejections.iter().all(|r| r.status == 400 && r.code == 50035));
        assert!(rejections[0].error["errors"]["data"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH");
        assert!(rejections[1].error["errors"]["data"]["components"]["0"]["components"]["_errors"].is_array());

        // Deferred response, then edit of @original, then an ephemeral follow-up.
        let r = double.slash_command(alice, guild, channel, "slow", json!([])).await;
        assert_eq!(r.kind, 5);
        assert!(!r.ephemeral);
        let done = r.final_message().await.expect("deferred response was completed");
        assert_eq!(done.content, "Finally done");
        assert!(!done.is_loading());
        let followups = r.wait_followups(1, T).await;
        assert_eq!(followups.len(), 1);
        assert_eq!(followups[0].ephemeral_to, Some(alice));
        assert_eq!(double.wait_interaction_settled(&r.token, T).await.unwrap().id, done.id);
        assert!(double.channel_messages(channel).iter().any(|m| m.content == "Finally done"));

        // Threads from a message.
        let r = double.slash_command(bob, guild, channel, "thread", json!([])).await;
        assert!(r.ephemeral);
        let deadline = tokio::time::Instant::now() + T;
        while double.threads().is_empty() || double.channel_messages(double.threads()[0].id).is_empty() {
            assert!(tokio::time::Instant::now() < deadline, "thread never created");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let thread = double.threads()[0].clone();
        assert_eq!(thread.parent_id, channel);
        assert_eq!(thread.name, "Bout #1");
        let starter = thread.starter_message.expect("started from a message");
        assert_eq!(double.message(starter).unwrap().content, "Bout #1");
        assert_eq!(double.channel_messages(thread.id)[0].content, "En garde!");

        // Acknowledging twice: 40060.
        let r = double.slash_command(alice, guild, channel, "twice", json!([])).await;
        assert_eq!(r.content, "first");
        let deadline = tokio::time::Instant::now() + T;
        while !double.rejections().iter().any(|r| r.code == 40060) {
            assert!(tokio::time::Instant::now() < deadline, "second ack never rejected");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }

        // DMs: refused, ephemerally.
        let r = double.dm_slash_command(alice, "duel", duel_options(bob)).await;
        assert_ephemeral(&r, "Use this in a server.");

        // Leak check helper sees public texts, not ephemeral ones.
        let public_text = double.all_public_text();
        assert!(public_text.iter().any(|t| t == "Accept"));
        assert!(public_text.iter().any(|t| t == "Épée"));
        assert!(!public_text.iter().any(|t| t.contains("psst")));

        assert!(double.unknown_routes().is_empty(), "{:?}", double.unknown_routes());
        assert_gateway_frames_deserialize(&double);
        assert_rest_responses_deserialize(&double);
        assert_documented_fields(&double);

        let startup: Vec<String> = double
            .requests()
            .iter()
            .take_while(|r| !r.path.contains("/interactions/"))
            .map(|r| format!("{} {}", r.method, r.path))
            .collect();
        eprintln!("start-up routes: {startup:#?}");
        bot.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_reconnects_and_resumes() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let guild = double.add_guild("Club");
        let channel = double.add_channel(guild, "general");
        let alice = double.add_user("Alice");
        double.add_member(guild, alice, perms::MEMBER_DEFAULT);

        double.set_heartbeat_interval(100);
        let bot = Bot::start(&double).await;
        assert!(double.wait_for_ready(T).await);
        assert!(double.wait_for_command(None, "ping", T).await);
        assert_eq!(double.slash_command(alice, guild, channel, "ping", json!([])).await.content, "pong");

        // Heartbeats are acknowledged: no reconnect.
        let deadline = tokio::time::Instant::now() + T;
        while double.heartbeat_count() < 3 {
            assert!(tokio::time::Instant::now() < deadline, "no heartbeats");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!((double.identify_count(), double.resume_count()), (1, 0));

        // The gateway drops the connection: serenity resumes the session.
        let resumes = double.resume_count();
        double.disconnect_all(4000);
        let deadline = tokio::time::Instant::now() + T;
        while double.resume_count() == resumes {
            assert!(tokio::time::Instant::now() < deadline, "never resumed");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(double.identify_count(), 1);
        assert_eq!(double.slash_command(alice, guild, channel, "ping", json!([])).await.content, "pong");

        // The bot process is stopped and started again: a fresh Identify.
        bot.stop().await;
        assert!(double.wait_for_disconnect(T).await);
        assert_eq!(double.ready_connections(), 0);
        let err = {
            let mut d = DiscordDouble::start().await;
            d.set_timeout(Duration::from_millis(200));
            // (a second double with no bot: interactions report the missing session)
            let g = d.add_guild("Empty");
            let c = d.add_channel(g, "c");
            let u = d.add_user("U");
            d.add_member(g, u, perms::MEMBER_DEFAULT);
            d.try_slash_command(u, Some(g), c, "ping", json!([])).await.unwrap_err()
        };
        assert_eq!(err, discord_double::InteractionError::NoGatewaySession);

        let bot = Bot::start(&double).await;
        assert!(double.wait_for_identifies(2, T).await);
        assert_eq!(double.slash_command(alice, guild, channel, "ping", json!([])).await.content, "pong");
        assert!(double.rejections().is_empty(), "{:#?}", double.rejections());
        assert_gateway_frames_deserialize(&double);
        bot.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn zombie_connection_is_replaced() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let guild = double.add_guild("Club");
        let channel = double.add_channel(guild, "general");
        let alice = double.add_user("Alice");
        double.add_member(guild, alice, perms::MEMBER_DEFAULT);
        double.set_heartbeat_interval(100);
        let _bot = Bot::start(&double).await;
        assert!(double.wait_for_command(None, "ping", T).await);
        // No heartbeat ACKs: serenity 0.12 restarts the shard, which re-identifies (after
        // waiting up to 5 s for the stuck runner). Its old runner may linger, so this test
        // does not stop the bot; the runtime ends it.
        double.set_ignore_heartbeats(true);
        assert!(double.wait_for_identifies(2, Duration::from_secs(20)).await, "zombie connection never replaced");
        double.set_ignore_heartbeats(false);
        assert_eq!(double.slash_command(alice, guild, channel, "ping", json!([])).await.content, "pong");
        assert_gateway_frames_deserialize(&double);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_rules_without_a_gateway() {
    init_tracing();
    bounded(async {
        use serenity::all::{CreateMessage, CreateThread, GuildId};
        let double = DiscordDouble::start().await;
        let (guild, channel, http, cid) = rest_client(&double);

        let ok = cid.send_message(&http, CreateMessage::new().content("hello")).await.expect("send works");
        assert_eq!(ok.content, "hello");
        // serenity's builder refuses > 2000 chars client-side; raw JSON reaches the double.
        let too_long = json!({ "content": "y".repeat(2001) });
        let err = http.send_message(cid, vec![], &too_long).await.unwrap_err();
        assert!(err.to_string().contains("Invalid Form Body") || format!("{err:?}").contains("50035"), "{err:?}");
        let empty = cid.send_message(&http, CreateMessage::new()).await.unwrap_err();
        assert!(format!("{empty:?}").contains("50006"), "{empty:?}");

        // Thread from a message: id = message id; a second one is refused.
        let thread = cid.create_thread_from_message(&http, ok.id, CreateThread::new("t")).await.unwrap();
        assert_eq!(thread.id.get(), ok.id.get());
        assert!(cid.create_thread_from_message(&http, ok.id, CreateThread::new("t")).await.is_err());

        // Missing permissions.
        double.set_bot_permissions(guild, perms::VIEW_CHANNEL);
        let denied = cid.send_message(&http, CreateMessage::new().content("hi")).await.unwrap_err();
        assert!(format!("{denied:?}").contains("50013"), "{denied:?}");

        // Unknown routes are answered 404 and recorded.
        let _ = GuildId::new(guild.get()).webhooks(&http).await.unwrap_err();
        assert_eq!(double.unknown_routes().len(), 1, "{:?}", double.unknown_routes());
        assert_eq!(double.rejections().len(), 4, "{:#?}", double.rejections());
        assert_eq!(double.channel_messages(channel).len(), 1);
        double.set_bot_permissions(guild, perms::BOT_DEFAULT);

        // Start-up and lookup routes deserialize into serenity's types.
        let gid = GuildId::new(guild.get());
        http.get_gateway().await.unwrap();
        http.get_bot_gateway().await.unwrap();
        let me = http.get_current_user().await.unwrap();
        assert_eq!(me.id.get(), double.bot_user().get());
        let app = http.get_current_application_info().await.unwrap();
        assert_eq!(app.id.get(), double.application_id());
        assert_eq!(app.owner.map(|o| o.id.get()), Some(double.owner_user().get()));
        http.get_guild(gid).await.unwrap();
        http.get_member(gid, me.id).await.unwrap();
        assert!(http.get_channel(cid).await.unwrap().guild().is_some());
        assert!(http.get_channel(thread.id).await.unwrap().guild().is_some_and(|t| t.thread_metadata.is_some()));
        http.set_application_id(serenity::all::ApplicationId::new(double.application_id()));
        let cmds = gid
            .set_commands(&http, vec![serenity::all::CreateCommand::new("duel").description("Fence")])
            .await
            .unwrap();
        assert_eq!(cmds.len(), 1);
        assert_eq!(double.commands(Some(guild)).len(), 1);
        let bad = gid.set_commands(&http, vec![serenity::all::CreateCommand::new("Bad Name").description("x")]).await;
        assert!(format!("{bad:?}").contains("50035"), "{bad:?}");
        assert_eq!(double.rejections().len(), 5);
        assert!(double.unknown_routes().len() == 1, "{:?}", double.unknown_routes());

        // Faults.
        double.add_fault(discord_double::Fault::once(
            "/messages",
            discord_double::FaultAction::Error { status: 500, code: 0, message: "boom".into() },
        ));
        assert!(cid.send_message(&http, CreateMessage::new().content("x")).await.is_err());
        assert_eq!(double.fired_faults().len(), 1);
        // DMs: a DM channel with a human works, with a bot is refused.
        let alice = double.add_user("Alice");
        let robot = double.add_bot_user("Robot");
        let dm = serenity::all::UserId::new(alice.get()).create_dm_channel(&http).await.unwrap();
        assert_eq!(dm.id.get(), double.dm_channel(alice).get());
        dm.id.send_message(&http, CreateMessage::new().content("psst")).await.unwrap();
        assert_eq!(double.channel_messages(double.dm_channel(alice))[0].content, "psst");
        let robot_dm = serenity::all::UserId::new(robot.get()).create_dm_channel(&http).await.unwrap();
        let refused = robot_dm.id.send_message(&http, CreateMessage::new().content("hi")).await.unwrap_err();
        assert!(format!("{refused:?}").contains("50007"), "{refused:?}");

        assert_rest_responses_deserialize(&double);

        // Dropping the double closes its port.
        let addr = double.addr();
        drop(double);
        let deadline = tokio::time::Instant::now() + T;
        while tokio::net::TcpStream::connect(addr).await.is_ok() {
            assert!(tokio::time::Instant::now() < deadline, "port still open after drop");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
}

/// `enforce_nonce`: a second post with the same nonce returns the first message; a post
/// whose answer is lost (`ErrorAfter`) was still carried out.
#[tokio::test]
async fn nonces_deduplicate_posts_and_lost_answers_still_post() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, channel, http, cid) = rest_client(&double);

        let post = |body: Value| {
            let http = &http;
            async move { http.send_message(cid, vec![], &body).await }
        };
        let first = post(json!({ "content": "one", "nonce": "b1.2", "enforce_nonce": true })).await.unwrap();
        let again = post(json!({ "content": "one", "nonce": "b1.2", "enforce_nonce": true })).await.unwrap();
        assert_eq!(first.id, again.id, "the same nonce returns the first message");
        assert_eq!(double.channel_messages(channel).len(), 1);
        // Without enforce_nonce, or with another nonce, a new message is posted.
        post(json!({ "content": "two", "nonce": "b1.2" })).await.unwrap();
        post(json!({ "content": "three", "nonce": 7, "enforce_nonce": true })).await.unwrap();
        assert_eq!(double.channel_messages(channel).len(), 3);
        let long = post(json!({ "content": "x", "nonce": "n".repeat(26), "enforce_nonce": true })).await;
        assert!(format!("{long:?}").contains("50035"), "{long:?}");

        // The answer is lost, the message is there; the retry with its nonce finds it.
        double.add_fault(discord_double::Fault::once(
            "/messages",
            discord_double::FaultAction::ErrorAfter { status: 500, code: 0, message: "lost".into() },
        ));
        let body = json!({ "content": "four", "nonce": "b1.3", "enforce_nonce": true });
        assert!(post(body.clone()).await.is_err());
        assert_eq!(double.channel_messages(channel).len(), 4, "the message was created");
        let retried = post(body).await.unwrap();
        assert_eq!(double.channel_messages(channel).len(), 4, "no duplicate");
        assert_eq!(double.channel_messages(channel)[3].id.get(), retried.id.get());
    })
    .await;
}

/// What serenity 0.12 makes of layout messages (IS_COMPONENTS_V2) as the double answers
/// them: it posts them as raw JSON and reads them back keeping only their top-level action
/// rows (it skips the components it does not know, a container and all it holds included)
/// and without the flag, so the bot reads what it needs of such a message (its id, a
/// click's `custom_id`) and never its layout.
#[tokio::test]
async fn serenity_0_12_reads_layout_messages_without_their_layout() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, channel, http, cid) = rest_client(&double);
        let text = json!({ "type": 10, "content": "Round 2" });
        let row = json!({ "type": 1, "components": [{ "type": 2, "style": 1, "label": "Go", "custom_id": "go" }] });
        let flat = json!({ "flags": 1 << 15, "components": [text, { "type": 14 }, row] });
        let posted = http.send_message(cid, vec![], &flat).await.expect("a flat layout message reads");
        assert_eq!(posted.components.len(), 1, "its action row only");
        assert_eq!(posted.flags.map(|f| f.bits()), Some(0), "serenity 0.12 knows no IS_COMPONENTS_V2");
        let boxed = json!({ "flags": 1 << 15, "components": [{ "type": 17, "components": [text, row] }] });
        let posted = http.send_message(cid, vec![], &boxed).await.expect("a container reads");
        assert!(posted.components.is_empty(), "what a container holds is unknown to serenity 0.12");
        // Discord (and the double) hold them whole.
        let held = double.channel_messages(channel);
        assert_eq!(held.len(), 2);
        assert!(held.iter().all(|m| m.is_layout()));
        assert_eq!(held[1].text_displays(), ["Round 2"]);
        assert_eq!(held[1].buttons(), [("Go".to_string(), "go".to_string())]);
        assert!(double.rejections().is_empty(), "{:?}", double.rejections());
    })
    .await;
}
