//! The ceiling: a minimal serenity bot that only acknowledges each interaction.
//!
//! It answers a slash command with a public message carrying one button, and a click
//! with a bare acknowledgement (type 6, no message). Same serenity build, same HTTP
//! client settings, same tokio runtime shape and same gateway intents as `engarde`, so the
//! load generator measures what the transport alone costs. It is this bench binary run
//! with `--ceiling-bot` (settings from `DISCORD_TOKEN` and `DISCORD_API_URL`), never part
//! of the product.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ClientBuilder, Context, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, EventHandler, GatewayIntents, HttpBuilder, Interaction,
};

/// The button the ceiling bot puts on its message.
pub const ACK_BUTTON: &str = "ack";

struct Ack;

#[poise::async_trait]
impl EventHandler for Ack {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match interaction {
            Interaction::Command(c) => {
                let message =
                    CreateInteractionResponseMessage::new().content("ack").components(vec![CreateActionRow::Buttons(
                        vec![CreateButton::new(ACK_BUTTON).label("Ack").style(ButtonStyle::Primary)],
                    )]);
                c.create_response(&ctx.http, CreateInteractionResponse::Message(message)).await
            }
            Interaction::Component(c) => c.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await,
            _ => Ok(()),
        };
        if let Err(e) = result {
            eprintln!("ceiling bot: could not answer: {e}");
        }
    }
}

/// Runs the ceiling bot until killed; returns the exit status.
pub fn run() -> i32 {
    let token = std::env::var("DISCORD_TOKEN").unwrap_or_default();
    let Ok(url) = std::env::var("DISCORD_API_URL") else {
        eprintln!("ceiling bot: DISCORD_API_URL is not set");
        return 2;
    };
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async move {
        let http = HttpBuilder::new(&token).proxy(url).ratelimiter_disabled(true).build();
        let client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS).event_handler(Ack).await;
        match client {
            Ok(mut client) => match client.start().await {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("ceiling bot: {e}");
                    1
                }
            },
            Err(e) => {
                eprintln!("ceiling bot: {e}");
                1
            }
        }
    })
}
