//! Information commands: the rules.

use super::{ephemeral, guild, parse_variant, render, user_lang, variant_names, Context, Error};
use crate::present;

/// A short summary of the rules.
#[poise::command(slash_command, guild_only)]
pub(super) async fn rules(
    ctx: Context<'_>,
    #[autocomplete = "variant_names"] variant: Option<String>,
) -> Result<(), Error> {
    let variant = match parse_variant(variant)? {
        Some(v) => v,
        None => ctx.data().service.settings(guild(ctx)?).await?.default_variant,
    };
    // Ready... Fence!'s rules, with every card, take more than one message.
    for part in render::split_message(&present::rules_summary(user_lang(ctx).await, variant)) {
        ephemeral(ctx, part).await?;
    }
    Ok(())
}
