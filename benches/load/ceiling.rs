//! The ceiling: a minimal serenity bot that only acknowledges each interaction.
//!
//! It keeps no state and does no work: no database, no game, no board posts. A click is
//! answered with a bare acknowledgement (type 6, no message). So that the clicks it
//! acknowledges are the same as the ones `engarde` answers, it answers its slash
//! command with a canned message of the shape the generator clicks on in a match
//! (`/ack shape:board`: a public board, rendered by `engarde`'s own renderer from a
//! match in play; `/ack shape:hand`: an ephemeral hand with its action buttons): the
//! double then builds each click's payload, with the clicked message in it, as in the
//! `engarde` run: the generator's users click in a thread (a thread's channel object, in
//! each interaction, is twice a text channel's), and the canned board pings the user who
//! asked for it (the clicked message then carries that user in `mentions`), as `engarde`'s
//! matches are played in threads and its boards ping the player to act. Without the option
//! (`--tiny-ceiling` in the generator), it answers with a one-button message instead.
//!
//! With `CEILING_BOARDS=1` (`--ceiling-boards` in the generator) it also makes the Discord
//! traffic of the calm thread: a click on a hand's button (an action) is followed by a
//! board-shaped follow-up through its token, and the board posted before loses its buttons
//! through the token that posted it, as `engarde` does. Four requests per decision, as
//! `engarde` makes, and still no work of its own: the cost of the traffic alone.
//!
//! Same serenity build, same HTTP client (its boards go through `engarde`'s gate), same tokio
//! runtime shape and same gateway intents as `engarde`, so the load generator measures what the
//! transport alone costs. It is this bench binary run with `--ceiling-bot` (settings from
//! `DISCORD_TOKEN` and `DISCORD_API_URL`), never part of the product.

use engarde::discord::ratelimit::{self, GateError, Priority};
use engarde::discord::render;
use engarde::i18n::Lang;
use engarde::service::{BoardLink, BoardView, HandView, Narration, Player};
use engarde_rules::{BySeat, Match, Seat};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::http::{LightMethod, Route};
use serenity::{
    ButtonStyle, ClientBuilder, Context, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseMessage, EventHandler, GatewayIntents, HttpBuilder, Interaction,
};

/// The button of the one-button message.
pub const ACK_BUTTON: &str = "ack";
/// The slash command's option naming the message shape to answer with.
pub const SHAPE_OPTION: &str = "shape";

/// The ceiling bot's canned answers to its slash command.
struct Ack {
    /// A board of a match in play (the data of a type 4 answer).
    board: Value,
    /// A hand of the same match, ephemeral, with its action buttons.
    hand: Value,
    /// Whether actions are followed by boards (`CEILING_BOARDS=1`).
    boards: bool,
    /// The last board posted as a follow-up: its interaction's token and its id.
    last: std::sync::Mutex<Option<(String, serenity::MessageId)>>,
}

impl Ack {
    /// After an action's acknowledgement: posts a board as a follow-up of `token`, then
    /// takes the buttons off the board before it. Both go through `engarde`'s own gate
    /// and read only the posted message's id from the answer, as `engarde` does.
    async fn board_after(
        &self,
        http: &serenity::Http,
        application_id: serenity::ApplicationId,
        token: &str,
    ) -> Result<(), GateError> {
        #[derive(serde::Deserialize)]
        struct Posted {
            id: serenity::MessageId,
        }
        let post = Route::WebhookFollowupMessages { application_id, token };
        let board = serde_json::to_vec(&self.board).expect("a board serialises");
        let posted: Posted =
            ratelimit::gate().fire(http, Priority::Board, LightMethod::Post, post, Some(&board)).await?;
        let before =
            self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner).replace((token.to_owned(), posted.id));
        if let Some((token, message_id)) = before {
            let edit = Route::WebhookFollowupMessage { application_id, token: &token, message_id };
            let retired = serde_json::to_vec(&json!({ "components": [] })).expect("a body");
            ratelimit::gate().send(http, Priority::Board, LightMethod::Patch, edit, Some(&retired)).await?;
        }
        Ok(())
    }
}

/// The players of the canned match (`shapes`).
const PLAYERS: [u64; 2] = [1_000_000_000_000_000_001, 1_000_000_000_000_000_002];

/// `board` with its players' ids made `user`'s: its ping then names a user the double
/// knows, and the posted message carries that user in `mentions`, as `engarde`'s boards do.
fn pinging(board: &Value, user: serenity::UserId) -> Value {
    let text = board.to_string();
    let text = PLAYERS.iter().fold(text, |text, id| text.replace(&id.to_string(), &user.to_string()));
    serde_json::from_str(&text).expect("a board")
}

/// A match between two of the generator's users after a few moves: its board and
/// the hand of the player to act, rendered as `engarde` renders them.
fn shapes() -> (Value, Value) {
    let variant = "engarde-standard".parse().expect("a variant");
    let mut game = Match::start(variant, &Default::default(), 0x5EED, Some(Seat::A)).expect("a game");
    let mut events = Vec::new();
    for _ in 0..12 {
        let Some(seat) = game.to_act().single() else { break };
        let Some(&action) = game.legal_actions(seat).first() else { break };
        events = game.play(seat, action).expect("a legal action");
    }
    let players = BySeat {
        a: Player { user_id: PLAYERS[0], name: "Fencer 12".to_owned() },
        b: Player { user_id: PLAYERS[1], name: "Fencer 13".to_owned() },
    };
    let (match_id, guild_id, channel_id, turn) = (1234, 1_000_000_000_000_000_100, 1_000_000_000_000_000_200, 12);
    let board = BoardView {
        match_id,
        guild_id,
        channel_id,
        turn,
        players: players.clone(),
        public: game.public_view(),
        to_act: game.to_act(),
        outcome: game.outcome(),
        narration: Narration::Events(events),
        deadline: Some(1_800_000_000),
        aborted: false,
        practice: None,
        fresh: true,
        actor: None,
        life: Default::default(),
    };
    let seat = game.to_act().single().expect("a match in play");
    let hand = HandView {
        match_id,
        turn,
        seat,
        players,
        view: game.view(seat),
        to_act: game.to_act(),
        legal_actions: game.legal_actions(seat),
        board: Some(BoardLink { guild_id, channel_id, message_id: 1_000_000_000_000_000_300 }),
        practice: None,
    };
    let hand = CreateInteractionResponseMessage::new()
        .content(render::clamp(render::hand_text(Lang::En, &hand)))
        .components(render::hand_components(Lang::En, &hand))
        .ephemeral(true);
    let board = serde_json::to_value(render::board(Lang::En, &board)).expect("a board serialises");
    (board, serde_json::to_value(hand).expect("a hand serialises"))
}

#[poise::async_trait]
impl EventHandler for Ack {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match interaction {
            Interaction::Command(c) => {
                let shape = c.data.options.iter().find(|o| o.name == SHAPE_OPTION).and_then(|o| o.value.as_str());
                match shape {
                    Some(shape) => {
                        let data = if shape == "hand" { self.hand.clone() } else { pinging(&self.board, c.user.id) };
                        let answer = json!({ "type": 4, "data": data });
                        ctx.http
                            .create_interaction_response(c.id, &c.token, &answer, Vec::new())
                            .await
                            .map_err(|e| e.to_string())
                    }
                    None => {
                        let message = CreateInteractionResponseMessage::new().content("ack").components(vec![
                            CreateActionRow::Buttons(vec![CreateButton::new(ACK_BUTTON)
                                .label("Ack")
                                .style(ButtonStyle::Primary)]),
                        ]);
                        c.create_response(&ctx.http, CreateInteractionResponse::Message(message))
                            .await
                            .map_err(|e| e.to_string())
                    }
                }
            }
            Interaction::Component(c) => {
                let acked = c.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await;
                let action = !c.data.custom_id.starts_with("eg:h:") && c.data.custom_id != ACK_BUTTON;
                match acked {
                    Ok(()) if self.boards && action => {
                        self.board_after(&ctx.http, c.application_id, &c.token).await.map_err(|e| e.to_string())
                    }
                    other => other.map_err(|e| e.to_string()),
                }
            }
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
    let (board, hand) = shapes();
    let boards = std::env::var("CEILING_BOARDS").is_ok_and(|v| v == "1");
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    runtime.block_on(async move {
        let http = HttpBuilder::new(&token).proxy(url).ratelimiter_disabled(true).build();
        let client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(Ack { board, hand, boards, last: Default::default() })
            .await;
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
