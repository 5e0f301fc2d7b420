//! Information commands: the rules.

use super::{ephemeral, parse_variant, variant_names, Context, Error};
use crate::present::rules_text;

/// A short summary of the rules.
#[poise::command(slash_command, guild_only)]
pub(super) async fn rules(
    ctx: Context<'_>,
    #[description = "Rules variant (default engarde-standard)"]
    #[autocomplete = "variant_names"]
    variant: Option<String>,
) -> Result<(), Error> {
    ephemeral(ctx, rules_text::summary(parse_variant(variant)?)).await
}
