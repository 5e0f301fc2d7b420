//! `/engarde practice`: a match against the bot itself.

use poise::CreateReply;

use super::{caller, guild, parse_duration, parse_variant, user_lang, variant_names, Context, Error};
use crate::discord::post_board;
use crate::discord::render::ladder::level_words;
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
    let lang = user_lang(ctx);
    let text = crate::t!(lang, "play-practice-begins", id = board.match_id, level = level_words(lang, level));
    ctx.send(CreateReply::default().content(text).ephemeral(true)).await?;
    post_board(&ctx.serenity_context().http, &data.service, &board).await;
    Ok(())
}
