//! A minimal serenity 0.12 bot used to prove the double works with the real client.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use discord_double::DiscordDouble;
use serenity::all::ClientBuilder;
use serenity::all::{
    ButtonStyle, ChannelId, Command, CommandInteraction, CommandOptionType, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateActionRow, CreateAttachment, CreateButton, CreateCommand,
    CreateCommandOption, CreateEmbed, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    CreateThread, EditInteractionResponse, EventHandler, GatewayIntents, Interaction, Ready, ResolvedValue,
    ShardManager,
};
use serenity::async_trait;
use serenity::http::HttpBuilder;
use tokio::task::JoinHandle;

/// Logs to stderr when `RUST_LOG` is set.
pub fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}

/// A running test bot.
pub struct Bot {
    pub shard_manager: Arc<ShardManager>,
    pub task: JoinHandle<Result<(), serenity::Error>>,
}

impl Bot {
    /// Starts a serenity client pointed at the double.
    pub async fn start(double: &DiscordDouble) -> Bot {
        let http = HttpBuilder::new("test-token").proxy(double.api_url()).ratelimiter_disabled(true).build();
        let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
            .event_handler(Handler)
            .await
            .expect("client builds");
        let shard_manager = Arc::clone(&client.shard_manager);
        let task = tokio::spawn(async move { client.start().await });
        Bot { shard_manager, task }
    }

    /// Shuts the client down (closes the websocket) and waits for it to finish.
    pub async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
    }
}

struct Handler;

/// The bytes of the picture `/picture` sends (not a real PNG: the double keeps bytes as they
/// come).
pub const PICTURE_1: &[u8] = b"\x89PNG\r\n\x1a\n turn one \x00\xff";
/// The bytes of the picture the Repaint button sends.
pub const PICTURE_2: &[u8] = b"\x89PNG\r\n\x1a\n turn two \x00\xfe";

fn buttons(ids: &[(&str, &str)]) -> CreateActionRow {
    CreateActionRow::Buttons(
        ids.iter().map(|(id, label)| CreateButton::new(*id).label(*label).style(ButtonStyle::Primary)).collect(),
    )
}

fn message(content: impl Into<String>) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new().content(content)
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, _ready: Ready) {
        let duel = CreateCommand::new("duel").description("Fence someone").add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "challenge", "Challenge a player").add_sub_option(
                CreateCommandOption::new(CommandOptionType::User, "opponent", "Who to challenge").required(true),
            ),
        );
        let mut commands = vec![duel];
        for name in ["long", "sixbuttons", "slow", "thread", "twice", "ping", "picture"] {
            commands.push(CreateCommand::new(name).description("test command"));
        }
        if let Err(e) = Command::set_global_commands(&ctx.http, commands).await {
            eprintln!("registering commands failed: {e}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => on_command(&ctx, &cmd).await,
            Interaction::Component(c) => on_component(&ctx, &c).await,
            _ => {}
        }
    }
}

async fn respond_command(ctx: &Context, cmd: &CommandInteraction, r: CreateInteractionResponse) {
    if let Err(e) = cmd.create_response(&ctx.http, r).await {
        eprintln!("response to /{} failed: {e}", cmd.data.name);
    }
}

async fn on_command(ctx: &Context, cmd: &CommandInteraction) {
    if cmd.guild_id.is_none() {
        respond_command(ctx, cmd, CreateInteractionResponse::Message(message("Use this in a server.").ephemeral(true)))
            .await;
        return;
    }
    match cmd.data.name.as_str() {
        "ping" => respond_command(ctx, cmd, CreateInteractionResponse::Message(message("pong"))).await,
        "duel" => {
            let options = cmd.data.options();
            let opponent = options.iter().find_map(|o| match &o.value {
                ResolvedValue::SubCommand(subs) => subs.iter().find_map(|s| match s.value {
                    ResolvedValue::User(u, _) => Some(u.clone()),
                    _ => None,
                }),
                _ => None,
            });
            let Some(opponent) = opponent else {
                respond_command(ctx, cmd, CreateInteractionResponse::Message(message("Who?").ephemeral(true))).await;
                return;
            };
            if opponent.bot {
                let r = message("You can't challenge a bot.").ephemeral(true);
                respond_command(ctx, cmd, CreateInteractionResponse::Message(r)).await;
                return;
            }
            let r = message(format!("<@{}> challenges <@{}> to a duel!", cmd.user.id, opponent.id)).components(vec![
                buttons(&[
                    (&format!("accept:{}", opponent.id), "Accept"),
                    (&format!("decline:{}", opponent.id), "Decline"),
                ]),
            ]);
            respond_command(ctx, cmd, CreateInteractionResponse::Message(r)).await;
        }
        "long" => {
            // serenity's builders refuse > 2000 chars client-side, so send raw JSON.
            let too_long = serde_json::json!({ "type": 4, "data": { "content": "x".repeat(2001) } });
            if ctx.http.create_interaction_response(cmd.id, &cmd.token, &too_long, vec![]).await.is_err() {
                respond_command(ctx, cmd, CreateInteractionResponse::Message(message("too long").ephemeral(true)))
                    .await;
            }
        }
        "sixbuttons" => {
            let ids: Vec<(String, String)> = (0..6).map(|i| (format!("b{i}"), format!("B{i}"))).collect();
            let refs: Vec<(&str, &str)> = ids.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            let r = CreateInteractionResponse::Message(message("six").components(vec![buttons(&refs)]));
            if cmd.create_response(&ctx.http, r).await.is_err() {
                respond_command(ctx, cmd, CreateInteractionResponse::Message(message("fallback").ephemeral(true)))
                    .await;
            }
        }
        "slow" => {
            respond_command(ctx, cmd, CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            let edit = EditInteractionResponse::new().content("Finally done");
            if let Err(e) = cmd.edit_response(&ctx.http, edit).await {
                eprintln!("edit failed: {e}");
            }
            let followup = CreateInteractionResponseFollowup::new().content("psst, only you").ephemeral(true);
            if let Err(e) = cmd.create_followup(&ctx.http, followup).await {
                eprintln!("follow-up failed: {e}");
            }
        }
        "thread" => {
            respond_command(ctx, cmd, CreateInteractionResponse::Message(message("Opening a thread").ephemeral(true)))
                .await;
            let channel: ChannelId = cmd.channel_id;
            let result = async {
                let msg = channel.send_message(&ctx.http, CreateMessage::new().content("Bout #1")).await?;
                let thread =
                    channel.create_thread_from_message(&ctx.http, msg.id, CreateThread::new("Bout #1")).await?;
                thread.id.send_message(&ctx.http, CreateMessage::new().content("En garde!")).await?;
                Ok::<_, serenity::Error>(())
            }
            .await;
            if let Err(e) = result {
                eprintln!("thread flow failed: {e}");
            }
        }
        "picture" => {
            // A board: its picture in the embed, with alt text, and a button to repaint it.
            let picture = CreateAttachment::bytes(PICTURE_1.to_vec(), "board.png").description("The board, turn 1");
            let r = message("Turn 1")
                .embed(CreateEmbed::new().title("Board").image("attachment://board.png"))
                .add_file(picture)
                .components(vec![buttons(&[("repaint", "Repaint")])]);
            respond_command(ctx, cmd, CreateInteractionResponse::Message(r)).await;
        }
        "twice" => {
            respond_command(ctx, cmd, CreateInteractionResponse::Message(message("first"))).await;
            let _ = cmd.create_response(&ctx.http, CreateInteractionResponse::Message(message("second"))).await;
        }
        _ => {}
    }
}

async fn on_component(ctx: &Context, c: &ComponentInteraction) {
    let respond = |r: CreateInteractionResponse| async move {
        if let Err(e) = c.create_response(&ctx.http, r).await {
            eprintln!("component response failed: {e}");
        }
    };
    match &c.data.kind {
        ComponentInteractionDataKind::Button if c.data.custom_id == "repaint" => {
            // UPDATE_MESSAGE with a new picture, then an ephemeral follow-up with a file.
            let picture = CreateAttachment::bytes(PICTURE_2.to_vec(), "board.png").description("The board, turn 2");
            let update = message("Turn 2")
                .embed(CreateEmbed::new().title("Board").image("attachment://board.png"))
                .add_file(picture)
                .components(vec![]);
            respond(CreateInteractionResponse::UpdateMessage(update)).await;
            let replay =
                CreateAttachment::bytes(PICTURE_1.iter().chain(PICTURE_2).copied().collect::<Vec<u8>>(), "replay.gif");
            let followup = CreateInteractionResponseFollowup::new().content("Replay").add_file(replay).ephemeral(true);
            if let Err(e) = c.create_followup(&ctx.http, followup).await {
                eprintln!("follow-up with a file failed: {e}");
            }
            // A public follow-up with a picture, then its edit through the token with another
            // (the first replaced): both routes of an interaction's token carry files.
            let next = CreateAttachment::bytes(PICTURE_1.to_vec(), "next.png").description("Next, turn 1");
            let followup = CreateInteractionResponseFollowup::new().content("Next board").add_file(next);
            match c.create_followup(&ctx.http, followup).await {
                Ok(m) => {
                    let next = CreateAttachment::bytes(PICTURE_2.to_vec(), "next.png").description("Next, turn 2");
                    let edit = CreateInteractionResponseFollowup::new().content("Next board, repainted").add_file(next);
                    if let Err(e) = c.edit_followup(&ctx.http, m.id, edit).await {
                        eprintln!("edit of a follow-up with a file failed: {e}");
                    }
                }
                Err(e) => eprintln!("public follow-up with a file failed: {e}"),
            }
        }
        ComponentInteractionDataKind::Button => {
            let (action, who) = c.data.custom_id.split_once(':').unwrap_or(("", ""));
            if who != c.user.id.to_string() {
                respond(CreateInteractionResponse::Message(
                    message("Only the challenged player can answer.").ephemeral(true),
                ))
                .await;
                return;
            }
            if action == "accept" {
                let weapons = CreateSelectMenu::new(
                    "weapon",
                    CreateSelectMenuKind::String {
                        options: vec![
                            CreateSelectMenuOption::new("Épée", "epee"),
                            CreateSelectMenuOption::new("Foil", "foil"),
                        ],
                    },
                )
                .placeholder("Choose your weapon");
                respond(CreateInteractionResponse::UpdateMessage(
                    message("The duel is on!").components(vec![CreateActionRow::SelectMenu(weapons)]),
                ))
                .await;
            } else {
                respond(CreateInteractionResponse::UpdateMessage(message("Declined.").components(vec![]))).await;
            }
        }
        ComponentInteractionDataKind::StringSelect { values } => {
            let picked = values.join(",");
            respond(CreateInteractionResponse::Message(message(format!("You picked {picked}")).ephemeral(true))).await;
        }
        _ => {}
    }
}
