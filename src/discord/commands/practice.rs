//! `/engarde practice`: a match against the bot itself.

use poise::CreateReply;

use super::{caller, guild, parse_duration, parse_variant, server_lang, variant_names, Context, Error};
use crate::discord::render;
use crate::service::{PlayerInfo, PracticeRequest};
use engarde_rules::Level;

/// The practice bot's level, as the command offers it.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum LevelChoice {
    #[name = "easy"]
    Easy,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
}

impl From<LevelChoice> for Level {
    fn from(choice: LevelChoice) -> Level {
        match choice {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Hard => Level::Hard,
        }
    }
}

/// Practise against the bot (never rated).
#[poise::command(slash_command, guild_only)]
pub(super) async fn practice(
    ctx: Context<'_>,
    #[autocomplete = "variant_names"] variant: Option<String>,
    level: Option<LevelChoice>,
    turn_time: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data();
    let bot = {
        let me = ctx.serenity_context().cache.current_user();
        PlayerInfo { user_id: me.id.get(), name: me.global_name.clone().unwrap_or_else(|| me.name.clone()), bot: true }
    };
    let level = level.map_or(Level::Medium, Level::from);
    let request = PracticeRequest {
        guild_id: guild(ctx)?,
        channel_id: ctx.channel_id().get(),
        player: caller(ctx).await,
        bot,
        variant: parse_variant(variant)?,
        level,
        turn: parse_duration("error-turn-time-unreadable", turn_time)?,
    };
    let board = data.service.practice(request).await?;
    // The channel sees the announcement only; the match lives in a thread grown from it.
    let lang = server_lang(ctx).await;
    let reply = ctx.send(CreateReply::default().content(render::practice_announcement(lang, &board))).await?;
    // Threads grow from the announcement when the boards stay in its channel.
    let announcement =
        if board.channel_id == ctx.channel_id().get() { Some(reply.message().await?.id.get()) } else { None };
    crate::discord::start_practice(&ctx.serenity_context().http, &data.service, lang, board, announcement).await?;
    Ok(())
}
