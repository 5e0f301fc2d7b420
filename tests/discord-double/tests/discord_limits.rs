//! The double is as strict as Discord on rate limits (per-route buckets, the global limit
//! and its exempt interaction routes, the shared limits, the invalid-request ban) and on
//! attachments (multipart uploads, kept and removed files on edits, alt texts,
//! `attachment://` references), with raw HTTP so the headers and bodies can be read, and
//! with the real serenity client for interaction responses.

mod common;

use std::time::Duration;

use common::{init_tracing, Bot, PICTURE_1, PICTURE_2};
use discord_double::{perms, routes, ChannelId, DiscordDouble, Limit, RateLimits, Viewer};
use reqwest::header::HeaderMap;
use reqwest::Method;
use serde_json::{json, Value};

const T: Duration = Duration::from_secs(10);

/// Runs the test body with an overall time bound.
async fn bounded<F: std::future::Future<Output = ()>>(f: F) {
    tokio::time::timeout(Duration::from_secs(90), f).await.expect("test timed out");
}

/// One answer of the double.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: HeaderMap,
    body: Value,
    text: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn header_f64(&self, name: &str) -> f64 {
        self.header(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no {name} in {self:?}"))
    }
}

/// A bare REST client authenticated as the bot (or not).
struct Api {
    client: reqwest::Client,
    base: String,
    token: Option<&'static str>,
}

impl Api {
    fn new(double: &DiscordDouble) -> Self {
        Api {
            client: reqwest::Client::new(),
            base: format!("{}/api/v10", double.api_url()),
            token: Some("Bot test-token"),
        }
    }

    fn anonymous(double: &DiscordDouble) -> Self {
        Api { token: None, ..Api::new(double) }
    }

    async fn answer(&self, req: reqwest::RequestBuilder) -> Answer {
        let req = match self.token {
            Some(t) => req.header("authorization", t),
            None => req,
        };
        let resp = req.send().await.expect("the double answers");
        let status = resp.status().as_u16();
        let headers = resp.headers().clone();
        let text = resp.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer { status, headers, body, text }
    }

    async fn send(&self, method: Method, path: &str, body: Option<Value>) -> Answer {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            req = req.header("content-type", "application/json").body(body.to_string());
        }
        self.answer(req).await
    }

    /// A `multipart/form-data` request: `payload_json` then the file parts
    /// `(part name, filename, bytes)`.
    async fn multipart(&self, method: Method, path: &str, payload: Value, files: &[(&str, &str, &[u8])]) -> Answer {
        let mut form = reqwest::multipart::Form::new().text("payload_json", payload.to_string());
        for (name, filename, data) in files {
            let part = reqwest::multipart::Part::bytes(data.to_vec()).file_name(filename.to_string());
            let part = part.mime_str("image/png").expect("a valid mime type");
            form = form.part(name.to_string(), part);
        }
        self.answer(self.client.request(method, format!("{}{path}", self.base)).multipart(form)).await
    }

    async fn post(&self, channel: ChannelId, content: &str) -> Answer {
        self.send(Method::POST, &format!("/channels/{channel}/messages"), Some(json!({ "content": content }))).await
    }
}

/// A double with one guild and two channels.
fn world(double: &DiscordDouble) -> (discord_double::GuildId, ChannelId, ChannelId) {
    let guild = double.add_guild("Club");
    let a = double.add_channel(guild, "a");
    let b = double.add_channel(guild, "b");
    (guild, a, b)
}

// ----- rate limits ------------------------------------------------------------------------

#[tokio::test]
async fn limits_are_off_by_default_and_requests_are_still_counted() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, a, _) = world(&double);
        assert!(!double.rate_limits().enabled);
        let api = Api::new(&double);
        for i in 0..12 {
            let r = api.post(a, &format!("m{i}")).await;
            assert_eq!(r.status, 200, "{r:?}");
            assert!(r.header("x-ratelimit-limit").is_none(), "no rate-limit headers when off: {r:?}");
        }
        assert_eq!(double.channel_messages(a).len(), 12);
        let stats = double.rate_limit_stats();
        assert_eq!(stats.counted, 12);
        assert_eq!(stats.exempt, 0);
        assert_eq!(stats.by_route[routes::CREATE_MESSAGE].requests, 12);
        assert!(stats.by_route[routes::CREATE_MESSAGE].counted);
        assert_eq!(stats.limited(), 0);
    })
    .await;
}

#[tokio::test]
async fn route_buckets_announce_themselves_and_refuse_when_spent() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, a, b) = world(&double);
        double.set_rate_limits(
            RateLimits::discord().route(routes::CREATE_MESSAGE, Limit::new(2, Duration::from_secs(2))),
        );
        let api = Api::new(&double);

        let first = api.post(a, "one").await;
        assert_eq!(first.status, 200);
        assert_eq!(first.header("x-ratelimit-limit"), Some("2"));
        assert_eq!(first.header("x-ratelimit-remaining"), Some("1"));
        let reset_after = first.header_f64("x-ratelimit-reset-after");
        assert!(reset_after > 0.0 && reset_after <= 2.0, "{first:?}");
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64();
        let reset = first.header_f64("x-ratelimit-reset");
        assert!(reset > now - 1.0 && reset <= now + 2.5, "reset {reset} is epoch seconds, now {now}");
        let bucket = first.header("x-ratelimit-bucket").expect("a bucket id").to_string();
        assert!(first.header("x-ratelimit-scope").is_none(), "the scope is only sent with 429s");

        let second = api.post(a, "two").await;
        assert_eq!((second.status, second.header("x-ratelimit-remaining")), (200, Some("0")));
        assert_eq!(second.header("x-ratelimit-bucket"), Some(bucket.as_str()));

        // Another channel (major parameter) has its own bucket, with the same bucket id.
        let other = api.post(b, "elsewhere").await;
        assert_eq!((other.status, other.header("x-ratelimit-remaining")), (200, Some("1")));
        assert_eq!(other.header("x-ratelimit-bucket"), Some(bucket.as_str()));
        // Another route has another bucket id.
        let get = api.send(Method::GET, &format!("/channels/{a}"), None).await;
        assert_eq!(get.status, 200);
        assert_ne!(get.header("x-ratelimit-bucket"), Some(bucket.as_str()));

        let refused = api.post(a, "three").await;
        assert_eq!(refused.status, 429, "{refused:?}");
        assert_eq!(refused.body["message"], "You are being rate limited.");
        assert_eq!(refused.body["global"], false);
        let retry_after = refused.body["retry_after"].as_f64().expect("retry_after is a float");
        assert!(retry_after > 0.0 && retry_after <= 2.0, "{refused:?}");
        assert_eq!(refused.header("retry-after"), Some(retry_after.ceil().to_string().as_str()));
        assert_eq!(refused.header("x-ratelimit-scope"), Some("user"));
        assert_eq!(refused.header("x-ratelimit-remaining"), Some("0"));
        assert_eq!(refused.header("x-ratelimit-bucket"), Some(bucket.as_str()));
        assert!(refused.header("x-ratelimit-global").is_none());
        assert_eq!(double.channel_messages(a).len(), 2, "a refused request does nothing");

        // Once the bucket resets, the channel takes messages again.
        tokio::time::sleep(Duration::from_secs_f64(retry_after + 0.05)).await;
        let again = api.post(a, "three").await;
        assert_eq!((again.status, again.header("x-ratelimit-remaining")), (200, Some("1")));

        let stats = double.rate_limit_stats();
        assert_eq!(stats.by_route[routes::CREATE_MESSAGE].requests, 5);
        assert_eq!(stats.by_route[routes::CREATE_MESSAGE].limited, 1);
        assert_eq!((stats.limited_user, stats.limited_global, stats.limited_shared), (1, 0, 0));
        assert_eq!(stats.invalid_total, 1, "a user 429 is an invalid request");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_global_limit_spares_interaction_routes() {
    init_tracing();
    bounded(async {
        let mut double = DiscordDouble::start().await;
        double.set_timeout(T);
        let (guild, a, _) = world(&double);
        let alice = double.add_user("Alice");
        double.add_member(guild, alice, perms::MEMBER_DEFAULT);
        let bot = Bot::start(&double).await;
        assert!(double.wait_for_command(None, "slow", T).await, "the test bot registers its commands");
        double.reset_rate_limit_stats();

        let mut limits = RateLimits::discord();
        limits.global = Limit::new(4, Duration::from_secs(3));
        double.set_rate_limits(limits);
        let api = Api::new(&double);
        for _ in 0..4 {
            assert_eq!(api.send(Method::GET, "/users/@me", None).await.status, 200);
        }
        let refused = api.post(a, "over the limit").await;
        assert_eq!(refused.status, 429, "{refused:?}");
        assert_eq!(refused.body["global"], true);
        assert_eq!(refused.body["message"], "You are being rate limited.");
        assert!(refused.body["retry_after"].as_f64().is_some_and(|r| r > 0.0 && r <= 3.0), "{refused:?}");
        assert_eq!(refused.header("x-ratelimit-global"), Some("true"));
        assert_eq!(refused.header("x-ratelimit-scope"), Some("global"));
        assert!(refused.header("retry-after").is_some());
        assert!(refused.header("x-ratelimit-bucket").is_none(), "a global 429 names no bucket");
        // Without a token the limit is the address's own.
        let anonymous = Api::anonymous(&double).send(Method::GET, "/gateway", None).await;
        assert_eq!(anonymous.status, 200);

        // While the token is globally limited, the bot still answers an interaction: the
        // callback, the `@original` edit and the follow-up are not bound to the global limit.
        let reply = double.slash_command(alice, guild, a, "slow", json!([])).await;
        let settled = reply.final_message().await.expect("the deferred answer is edited");
        assert_eq!(settled.content, "Finally done");
        assert_eq!(reply.wait_followups(1, T).await.len(), 1);

        let stats = double.rate_limit_stats();
        assert_eq!(stats.limited_global, 1);
        assert_eq!(stats.by_route[routes::INTERACTION_CALLBACK].requests, 1);
        assert!(!stats.by_route[routes::INTERACTION_CALLBACK].counted);
        assert_eq!(stats.by_route[routes::EDIT_WEBHOOK_MESSAGE].requests, 1);
        assert_eq!(stats.by_route[routes::FOLLOWUP].requests, 1);
        assert_eq!(stats.exempt, 3);
        assert_eq!(stats.counted, 6, "four lookups, the refused post and the anonymous one");
        bot.stop().await;
    })
    .await;
}

#[tokio::test]
async fn renaming_a_channel_meets_the_shared_limit() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, a, _) = world(&double);
        double.set_rate_limits(RateLimits::discord());
        let api = Api::new(&double);
        let rename = |name: &str| json!({ "name": name });
        for name in ["one", "two"] {
            let r = api.send(Method::PATCH, &format!("/channels/{a}"), Some(rename(name))).await;
            assert_eq!(r.status, 200, "{r:?}");
        }
        let refused = api.send(Method::PATCH, &format!("/channels/{a}"), Some(rename("three"))).await;
        assert_eq!(refused.status, 429, "{refused:?}");
        assert_eq!(refused.header("x-ratelimit-scope"), Some("shared"));
        assert_eq!(refused.body["message"], "The resource is being rate limited.");
        assert_eq!(refused.body["global"], false);
        assert!(refused.body["retry_after"].as_f64().is_some_and(|r| r > 500.0), "ten minutes: {refused:?}");
        // Other changes to the channel are not renames.
        let topicless = api.send(Method::PATCH, &format!("/channels/{a}"), Some(json!({ "nsfw": false }))).await;
        assert_eq!(topicless.status, 200);
        let stats = double.rate_limit_stats();
        assert_eq!(stats.limited_shared, 1);
        assert_eq!(stats.invalid_total, 0, "shared 429s are not invalid requests");
    })
    .await;
}

#[tokio::test]
async fn invalid_requests_are_counted_and_too_many_get_the_address_banned() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (guild, a, b) = world(&double);
        let api = Api::new(&double);
        // Counted even with limits off (no ban then).
        assert_eq!(Api::anonymous(&double).post(a, "who am I").await.status, 401);
        double.set_bot_permissions(guild, perms::VIEW_CHANNEL);
        assert_eq!(api.post(a, "mute").await.status, 403);
        assert_eq!(api.post(a, "gone").await.status, 403);
        assert_eq!(api.send(Method::GET, "/channels/1", None).await.status, 404, "a 404 is not counted");
        let stats = double.rate_limit_stats();
        assert_eq!((stats.invalid_in_window, stats.invalid_peak, stats.invalid_total, stats.bans), (3, 3, 3, 0));

        let mut limits = RateLimits::discord();
        limits.invalid_requests = Limit::new(5, Duration::from_secs(600));
        limits.ban = Duration::from_millis(1500);
        double.set_rate_limits(limits);
        for _ in 0..5 {
            assert_eq!(api.post(a, "still mute").await.status, 403);
        }
        let banned = api.send(Method::GET, "/users/@me", None).await;
        assert_eq!(banned.status, 429, "{banned:?}");
        assert_eq!(banned.text, "error code: 1015");
        assert!(banned.header("retry-after").is_some());
        assert!(banned.header("x-ratelimit-limit").is_none() && banned.header("x-ratelimit-scope").is_none());
        // Everyone at the address is banned, whatever the route.
        assert_eq!(Api::anonymous(&double).send(Method::GET, "/gateway", None).await.status, 429);
        let stats = double.rate_limit_stats();
        assert_eq!(stats.bans, 1);
        assert_eq!(stats.refused_banned, 2);
        // Switching the limits forgot the three earlier ones (the statistics keep them).
        assert_eq!((stats.invalid_peak, stats.invalid_total), (5, 8));

        tokio::time::sleep(Duration::from_millis(1600)).await;
        double.set_bot_permissions(guild, perms::BOT_DEFAULT);
        // (Channel a's bucket was spent by the five refused posts.)
        assert_eq!(api.post(b, "back").await.status, 200, "the ban is over");
    })
    .await;
}

// ----- attachments ------------------------------------------------------------------------

fn png(tag: &str) -> Vec<u8> {
    [b"\x89PNG\r\n\x1a\n".as_slice(), tag.as_bytes(), &[0, 255, 13, 10]].concat()
}

#[tokio::test]
async fn uploads_are_kept_with_their_alt_text_and_embeds_must_name_them() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, a, _) = world(&double);
        let api = Api::new(&double);
        let path = format!("/channels/{a}/messages");
        let board = png("board");
        let payload = json!({
            "content": "Turn 1",
            "embeds": [{ "title": "Board", "image": { "url": "attachment://board.png" } }],
            "attachments": [{ "id": 0, "filename": "board.png", "description": "The piste, Alice on 3" }],
        });
        let created = api.multipart(Method::POST, &path, payload.clone(), &[("files[0]", "board.png", &board)]).await;
        assert_eq!(created.status, 200, "{created:?}");
        assert_eq!(created.body["attachments"][0]["filename"], "board.png");
        assert_eq!(created.body["attachments"][0]["description"], "The piste, Alice on 3");
        assert_eq!(created.body["attachments"][0]["size"], board.len());
        let stored = &double.channel_messages(a)[0].attachments;
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].data, board, "the bytes are kept exactly");
        assert_eq!(stored[0].description.as_deref(), Some("The piste, Alice on 3"));
        assert_eq!(stored[0].content_type.as_deref(), Some("image/png"));

        // Only files: no content needed. Without an attachments array every file is attached.
        let only = api
            .multipart(Method::POST, &path, json!({}), &[("files[0]", "a.png", &board), ("files[1]", "b.png", &board)])
            .await;
        assert_eq!(only.status, 200, "{only:?}");
        assert_eq!(only.body["attachments"].as_array().map(Vec::len), Some(2));

        let refusals = double.rejections().len();
        let refused = |a: &Answer, path: &[&str]| {
            assert_eq!(a.status, 400, "{a:?}");
            let mut errors = &a.body["errors"];
            for p in path {
                errors = &errors[*p];
            }
            assert!(errors["_errors"].is_array(), "error at {path:?}: {a:?}");
        };
        // A reference to a file that is not attached.
        let mut missing = payload.clone();
        missing["embeds"][0]["image"]["url"] = json!("attachment://other.png");
        let r = api.multipart(Method::POST, &path, missing, &[("files[0]", "board.png", &board)]).await;
        refused(&r, &["embeds", "0", "image", "url"]);
        // A file listed in attachments that was not uploaded.
        let r = api.multipart(Method::POST, &path, payload.clone(), &[("files[1]", "board.png", &board)]).await;
        refused(&r, &["attachments", "0", "id"]);
        // Alt text over 1024 characters.
        let mut long = payload.clone();
        long["attachments"][0]["description"] = json!("é".repeat(1025));
        let r = api.multipart(Method::POST, &path, long, &[("files[0]", "board.png", &board)]).await;
        refused(&r, &["attachments", "0", "description"]);
        // Eleven files.
        let names: Vec<String> = (0..11).map(|i| format!("files[{i}]")).collect();
        let eleven: Vec<(&str, &str, &[u8])> = names.iter().map(|n| (n.as_str(), "f.png", board.as_slice())).collect();
        let r = api.multipart(Method::POST, &path, json!({ "content": "many" }), &eleven).await;
        refused(&r, &["attachments"]);
        // A part not named files[n].
        let r = api.multipart(Method::POST, &path, json!({ "content": "old" }), &[("file", "board.png", &board)]).await;
        assert_eq!(r.status, 400, "{r:?}");
        // A file over 10 MiB.
        let big = vec![7u8; 10 * 1024 * 1024 + 1];
        let r = api.multipart(Method::POST, &path, json!({ "content": "big" }), &[("files[0]", "big.png", &big)]).await;
        assert_eq!((r.status, r.body["code"].as_u64()), (413, Some(40005)), "{:?}", r.body);
        assert_eq!(double.rejections().len(), refusals + 6);
        assert_eq!(double.channel_messages(a).len(), 2, "refused messages are not posted");
    })
    .await;
}

#[tokio::test]
async fn edits_keep_listed_attachments_remove_the_others_and_append_uploads() {
    init_tracing();
    bounded(async {
        let double = DiscordDouble::start().await;
        let (_, a, _) = world(&double);
        let api = Api::new(&double);
        let (one, two, three) = (png("one"), png("two"), png("three"));
        let created = api
            .multipart(
                Method::POST,
                &format!("/channels/{a}/messages"),
                json!({
                    "embeds": [{ "title": "Board", "image": { "url": "attachment://one.png" } }],
                    "attachments": [{ "id": 0, "description": "first" }, { "id": 1 }],
                }),
                &[("files[0]", "one.png", &one), ("files[1]", "two.png", &two)],
            )
            .await;
        assert_eq!(created.status, 200, "{created:?}");
        let id = created.body["id"].as_str().unwrap().to_string();
        let att = |i: usize| created.body["attachments"][i]["id"].as_str().unwrap().to_string();
        let path = format!("/channels/{a}/messages/{id}");

        // Keep one.png (new alt text), drop two.png, add three.png.
        let edit = json!({ "attachments": [{ "id": att(0), "description": "still first" }, { "id": 0 }] });
        let edited = api.multipart(Method::PATCH, &path, edit, &[("files[0]", "three.png", &three)]).await;
        assert_eq!(edited.status, 200, "{edited:?}");
        let msg = double.channel_messages(a)[0].clone();
        let names: Vec<&str> = msg.attachments.iter().map(|f| f.filename.as_str()).collect();
        assert_eq!(names, ["one.png", "three.png"]);
        assert_eq!(msg.attachments[0].id.to_string(), att(0), "a kept attachment keeps its id");
        assert_eq!(msg.attachments[0].description.as_deref(), Some("still first"));
        assert_eq!((msg.attachments[0].data.clone(), msg.attachments[1].data.clone()), (one.clone(), three.clone()));

        // An edit without attachments leaves them; a file without an attachments array is
        // appended.
        assert_eq!(api.send(Method::PATCH, &path, Some(json!({ "content": "words" }))).await.status, 200);
        assert_eq!(double.channel_messages(a)[0].attachments.len(), 2);
        let appended = api.multipart(Method::PATCH, &path, json!({}), &[("files[0]", "two.png", &two)]).await;
        assert_eq!(appended.status, 200, "{appended:?}");
        assert_eq!(double.channel_messages(a)[0].attachments.len(), 3);

        // Removing the picture the embed still shows is refused; so is keeping an unknown id.
        let r = api.send(Method::PATCH, &path, Some(json!({ "attachments": [] }))).await;
        assert_eq!(r.status, 400, "{r:?}");
        assert!(r.body["errors"]["embeds"]["0"]["image"]["url"].is_object(), "{r:?}");
        let r = api.send(Method::PATCH, &path, Some(json!({ "attachments": [{ "id": "12345" }] }))).await;
        assert!(r.body["errors"]["attachments"]["0"]["id"].is_object(), "{r:?}");
        // Removing everything along with the embed is fine.
        let r =
            api.send(Method::PATCH, &path, Some(json!({ "embeds": [], "attachments": [], "content": "bare" }))).await;
        assert_eq!(r.status, 200, "{r:?}");
        assert!(double.channel_messages(a)[0].attachments.is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_responses_and_follow_ups_carry_files() {
    init_tracing();
    bounded(async {
        let mut double = DiscordDouble::start().await;
        double.set_timeout(T);
        let (guild, a, _) = world(&double);
        let alice = double.add_user("Alice");
        double.add_member(guild, alice, perms::MEMBER_DEFAULT);
        let bot = Bot::start(&double).await;

        // CHANNEL_MESSAGE_WITH_SOURCE with a picture shown in its embed.
        let reply = double.slash_command(alice, guild, a, "picture", json!([])).await;
        let board = reply.message().expect("the response is a message");
        assert_eq!(board.attachments.len(), 1, "{board:?}");
        assert_eq!(board.attachments[0].filename, "board.png");
        assert_eq!(board.attachments[0].data, PICTURE_1);
        assert_eq!(board.attachments[0].description.as_deref(), Some("The board, turn 1"));
        assert_eq!(board.embeds[0]["image"]["url"], "attachment://board.png");

        // UPDATE_MESSAGE replaces it (serenity lists only the new file); the follow-up
        // carries its own file.
        let update = double.click(alice, a, board.id, "repaint").await;
        assert_eq!(update.kind, 7);
        let board = double.message(board.id).expect("the board is still there");
        assert_eq!(board.content, "Turn 2");
        assert_eq!(board.attachments.len(), 1);
        assert_eq!(board.attachments[0].data, PICTURE_2);
        assert_eq!(board.attachments[0].description.as_deref(), Some("The board, turn 2"));
        let followups = update.wait_followups(2, T).await;
        assert_eq!(followups.len(), 2);
        assert_eq!(followups[0].attachments[0].filename, "replay.gif");
        assert_eq!(followups[0].attachments[0].data, [PICTURE_1, PICTURE_2].concat());
        assert!(followups[0].is_ephemeral());
        // The public follow-up, edited through the token with a new picture.
        let deadline = tokio::time::Instant::now() + T;
        let next = loop {
            let next = double.message(followups[1].id).expect("the public follow-up");
            if next.edits == 1 || tokio::time::Instant::now() > deadline {
                break next;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert!(!next.is_ephemeral() && next.content == "Next board, repainted", "{next:?}");
        assert_eq!(next.attachments.iter().map(|a| a.data.as_slice()).collect::<Vec<_>>(), [PICTURE_2]);
        assert!(double.rejections().is_empty(), "{:#?}", double.rejections());

        // The transcript keeps every file of every version, those replaced since included:
        // the board's two pictures (interaction callbacks), the replay, the follow-up's two.
        let transcript = double.transcript();
        assert_eq!(transcript.missing_files(), Vec::<String>::new());
        let doc = transcript.view(Viewer::User(alice), &json!({}));
        let mut shown: Vec<(String, String, String)> = Vec::new();
        for e in doc["entries"].as_array().expect("entries") {
            for a in e["attachments"].as_array().into_iter().flatten() {
                let file = a["file"].as_str().unwrap_or_else(|| panic!("a file for {a} in {e:#}"));
                let item =
                    (e["via"].as_str().unwrap_or_default().to_owned(), a["filename"].to_string(), file.to_owned());
                if !shown.contains(&item) {
                    shown.push(item);
                }
            }
        }
        let files: Vec<&str> = shown.iter().map(|(_, _, f)| f.as_str()).collect();
        assert_eq!(files.len(), 5, "{shown:#?}");
        let dir = std::env::temp_dir().join(format!("double-transcript-files-{}", std::process::id()));
        transcript.write(&dir, &json!({})).expect("written");
        let bytes = |file: &str| std::fs::read(dir.join(file)).expect("the file is written");
        let board: Vec<Vec<u8>> =
            shown.iter().filter(|(_, n, _)| n == "\"board.png\"").map(|(_, _, f)| bytes(f)).collect();
        assert_eq!(board, [PICTURE_1, PICTURE_2], "the board's first picture and the one that replaced it");
        let next: Vec<Vec<u8>> =
            shown.iter().filter(|(_, n, _)| n == "\"next.png\"").map(|(_, _, f)| bytes(f)).collect();
        assert_eq!(next, [PICTURE_1, PICTURE_2], "the follow-up's picture and its edit's");
        assert!(
            shown.iter().any(|(via, n, _)| via.starts_with("PATCH /webhooks/") && n == "\"next.png\""),
            "{shown:#?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
        bot.stop().await;
    })
    .await;
}

// ----- interaction routes -----------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_token_carries_follow_ups_and_their_edits_for_fifteen_minutes() {
    init_tracing();
    bounded(async {
        let mut double = DiscordDouble::start().await;
        double.set_timeout(T);
        let (guild, a, _) = world(&double);
        let alice = double.add_user("Alice");
        double.add_member(guild, alice, perms::MEMBER_DEFAULT);
        let bot = Bot::start(&double).await;
        assert!(double.wait_for_command(None, "ping", T).await, "the test bot registers its commands");
        let first = double.slash_command(alice, guild, a, "ping", json!([])).await;
        let other = double.slash_command(alice, guild, a, "ping", json!([])).await;
        assert_eq!((first.kind, other.kind), (4, 4));
        bot.stop().await;
        double.reset_rate_limit_stats();
        let api = Api::anonymous(&double);
        let app = double.application_id();
        let hook = |token: &str| format!("/webhooks/{app}/{token}");

        // A public follow-up: in the interaction's channel, by the bot, with its buttons and
        // its mention limited by `allowed_mentions`, exempt from the global limit.
        let body = json!({
            "content": format!("<@{alice}>, your move"),
            "allowed_mentions": { "users": [alice.to_string()] },
            "components": [{ "type": 1, "components": [{ "type": 2, "style": 1, "label": "Play", "custom_id": "p" }]}],
        });
        let posted = api.send(Method::POST, &hook(&first.token), Some(body)).await;
        assert_eq!(posted.status, 200, "{posted:?}");
        let id: u64 = posted.body["id"].as_str().unwrap().parse().unwrap();
        let message = double.message(discord_double::MessageId::from(id)).expect("the follow-up is stored");
        assert_eq!((message.channel_id, message.author_id), (a, double.bot_user()));
        assert!(!message.is_ephemeral() && message.buttons().len() == 1, "{message:?}");
        assert_eq!(message.interaction_id, Some(first.interaction_id));
        // An ephemeral one is seen by the user alone.
        let secret = api.send(Method::POST, &hook(&first.token), Some(json!({ "content": "psst", "flags": 64 }))).await;
        assert_eq!(secret.status, 200, "{secret:?}");
        let secret_id = secret.body["id"].as_str().unwrap().to_owned();
        assert!(double
            .message(discord_double::MessageId::from(secret_id.parse::<u64>().unwrap()))
            .unwrap()
            .is_ephemeral());

        // The token edits what its interaction posted, and nothing else; the bot edits its
        // public follow-up through the channel too, never an ephemeral one.
        let edit = |text: &str| Some(json!({ "content": text, "components": [] }));
        let by_token = api.send(Method::PATCH, &format!("{}/messages/{id}", hook(&first.token)), edit("moved")).await;
        assert_eq!(by_token.status, 200, "{by_token:?}");
        let foreign = api.send(Method::PATCH, &format!("{}/messages/{id}", hook(&other.token)), edit("no")).await;
        assert_eq!((foreign.status, foreign.body["code"].as_u64()), (404, Some(10008)), "{foreign:?}");
        let bot_api = Api::new(&double);
        let by_channel = bot_api.send(Method::PATCH, &format!("/channels/{a}/messages/{id}"), edit("later")).await;
        assert_eq!(by_channel.status, 200, "{by_channel:?}");
        let hidden = bot_api.send(Method::PATCH, &format!("/channels/{a}/messages/{secret_id}"), edit("x")).await;
        assert_eq!(hidden.status, 404, "{hidden:?}");
        let stats = double.rate_limit_stats();
        assert_eq!((stats.exempt, stats.counted), (4, 2), "{stats:?}");

        // Fifteen minutes later (the double's clock moved), the token is refused: 401
        // Invalid Webhook Token, for a new follow-up and for an edit; the channel's route
        // still edits the message.
        double.advance_clock(Duration::from_secs(15 * 60));
        let late = api.send(Method::POST, &hook(&first.token), Some(json!({ "content": "late" }))).await;
        assert_eq!((late.status, late.body["code"].as_u64()), (401, Some(50027)), "{late:?}");
        let late_edit = api.send(Method::PATCH, &format!("{}/messages/{id}", hook(&first.token)), edit("x")).await;
        assert_eq!(late_edit.status, 401, "{late_edit:?}");
        let still = bot_api.send(Method::PATCH, &format!("/channels/{a}/messages/{id}"), edit("still mine")).await;
        assert_eq!(still.status, 200, "{still:?}");
        assert_eq!(double.message(discord_double::MessageId::from(id)).unwrap().content, "still mine");
    })
    .await;
}

// ----- threads ----------------------------------------------------------------------------

#[tokio::test]
async fn active_threads_list_the_guild_s_open_threads_newest_first() {
    let double = DiscordDouble::start().await;
    let (guild, a, b) = world(&double);
    let api = Api::new(&double);
    let posted = api.post(a, "a starter").await;
    let starter = posted.body["id"].as_str().expect("a message id").to_owned();
    let from_message = api
        .send(
            Method::POST,
            &format!("/channels/{a}/messages/{starter}/threads"),
            Some(json!({ "name": "from a message" })),
        )
        .await;
    assert_eq!(from_message.status, 201, "{from_message:?}");
    assert_eq!(from_message.body["id"], starter.as_str(), "a thread started from a message has its id");
    let again = api
        .send(Method::POST, &format!("/channels/{a}/messages/{starter}/threads"), Some(json!({ "name": "again" })))
        .await;
    assert_eq!((again.status, &again.body["code"]), (400, &json!(160_004)), "one thread per message: {again:?}");
    let alone =
        api.send(Method::POST, &format!("/channels/{b}/threads"), Some(json!({ "name": "alone", "type": 11 }))).await;
    assert_eq!(alone.status, 201, "{alone:?}");
    let later =
        api.send(Method::POST, &format!("/channels/{b}/threads"), Some(json!({ "name": "later", "type": 11 }))).await;
    assert_eq!(later.status, 201, "{later:?}");
    let archived = api.send(Method::PATCH, &format!("/channels/{starter}"), Some(json!({ "archived": true }))).await;
    assert_eq!(archived.status, 200, "{archived:?}");

    let active = api.send(Method::GET, &format!("/guilds/{guild}/threads/active"), None).await;
    assert_eq!(active.status, 200, "{active:?}");
    let threads = active.body["threads"].as_array().expect("threads");
    let names: Vec<&str> = threads.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["later", "alone"], "newest first; archived threads are not active");
    assert!(threads.iter().all(|t| t["parent_id"] == b.to_string().as_str()), "{threads:?}");
    assert!(threads.iter().all(|t| t["owner_id"] == double.bot_user().to_string().as_str()), "{threads:?}");
    let members = active.body["members"].as_array().expect("the bot's memberships");
    assert_eq!(members.len(), 2, "{members:?}");
    assert_eq!(members[0]["id"], threads[0]["id"]);
    assert_eq!(members[0]["user_id"], double.bot_user().to_string().as_str());
}

#[tokio::test]
async fn a_thread_added_by_a_test_is_a_public_thread_of_the_bot_in_its_channel() {
    let double = DiscordDouble::start().await;
    let (guild, a, _) = world(&double);
    let thread = double.add_thread(guild, a, "side");
    let threads = double.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let t = &threads[0];
    assert_eq!((t.id, t.parent_id, t.guild_id, t.name.as_str()), (thread, a, guild, "side"));
    assert_eq!((t.kind, t.starter_message, t.archived), (11, None, false), "public, with no starter message");
    let api = Api::new(&double);
    let posted = api.post(thread, "in the thread").await;
    assert_eq!(posted.status, 200, "the bot writes in it: {posted:?}");
}

// ----- what users see live ----------------------------------------------------------------

/// A message body with one button per custom_id.
fn with_buttons(content: &str, ids: &[&str]) -> Value {
    let buttons: Vec<Value> =
        ids.iter().map(|id| json!({ "type": 2, "style": 1, "label": id, "custom_id": id })).collect();
    json!({ "content": content, "components": [{ "type": 1, "components": buttons }] })
}

#[tokio::test]
async fn messages_with_buttons_and_their_history_follow_edits_and_deletions() {
    let double = DiscordDouble::start().await;
    let (_, a, b) = world(&double);
    let api = Api::new(&double);
    let game = |id: &str| id.starts_with("game:");
    let post = |channel: ChannelId, content: &'static str, ids: &'static [&'static str]| {
        let api = &api;
        async move {
            let path = format!("/channels/{channel}/messages");
            let posted = api.send(Method::POST, &path, Some(with_buttons(content, ids))).await;
            posted.body["id"].as_str().unwrap_or_else(|| panic!("a message id: {posted:?}")).to_owned()
        }
    };
    let first = post(a, "one", &["game:1", "other"]).await;
    let second = post(b, "two", &["game:2"]).await;
    post(a, "three", &["other"]).await;

    let live = double.messages_with_buttons(None, game);
    let shown: Vec<(String, Vec<String>)> = live.iter().map(|m| (m.id.to_string(), m.custom_ids.clone())).collect();
    assert_eq!(shown, [(first.clone(), vec!["game:1".to_owned()]), (second.clone(), vec!["game:2".to_owned()])]);
    assert_eq!(double.messages_with_buttons(Some(b), game).len(), 1, "only the channel asked");
    assert_eq!(live[0].content, "one");

    // The first loses its buttons, the second is deleted: nothing is live, and the history
    // has every version of both, in order.
    let path = format!("/channels/{a}/messages/{first}");
    let edit = api.send(Method::PATCH, &path, Some(json!({ "components": [] }))).await;
    assert_eq!(edit.status, 200, "{edit:?}");
    let gone = api.send(Method::DELETE, &format!("/channels/{b}/messages/{second}"), None).await;
    assert_eq!(gone.status, 204, "{gone:?}");
    assert!(double.messages_with_buttons(None, game).is_empty());
    let history: Vec<(String, usize)> =
        double.button_history(game).iter().map(|m| (m.id.to_string(), m.custom_ids.len())).collect();
    assert_eq!(history, [(first.clone(), 1), (second.clone(), 1), (first, 0), (second, 0)]);
    assert_eq!(double.public_history(b).len(), 1, "a deletion is no version of the message's own history");
}
