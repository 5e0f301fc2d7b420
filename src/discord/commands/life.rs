//! `/engarde away` and `/engarde settings`: a player's away time and own settings.

use poise::serenity_prelude as serenity;

use super::{echo, ephemeral, guild, user_lang, Context, Error};
use crate::i18n::{duration, Lang, Text};
use crate::service::life::{
    parse_timezone, parse_until, AwayView, QuietError, QuietSpan, UserSettings, UserSettingsChange,
};
use crate::service::ServiceError;
use crate::t;

/// Away time: your clocks stop in all your matches here.
#[poise::command(slash_command, guild_only, subcommands("away_start", "away_end"), subcommand_required)]
pub(super) async fn away(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Be away until a date or for a while: your clocks stop, nobody pings you.
#[poise::command(slash_command, guild_only, rename = "start")]
async fn away_start(ctx: Context<'_>, until: String) -> Result<(), Error> {
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let tz = service.user_settings(user).await?.timezone;
    let Some(until) = parse_until(&until, service.now(), tz) else {
        return Err(
            ServiceError::BadOptions(Text::new("life-error-until-unreadable").arg("input", echo(&until))).into()
        );
    };
    let view = service.go_away(guild(ctx)?, user, until).await?;
    ephemeral(ctx, away_text(user_lang(ctx).await, &view, "life-away-started")).await?;
    crate::discord::publish::refresh_boards(&ctx.serenity_context().http, service, &view.matches).await;
    Ok(())
}

/// Come back now: your clocks start again, your deadlines moved by the time away.
#[poise::command(slash_command, guild_only, rename = "end")]
async fn away_end(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let view = service.come_back(guild(ctx)?, ctx.author().id.get()).await?;
    ephemeral(ctx, away_text(user_lang(ctx).await, &view, "life-away-ended")).await?;
    crate::discord::publish::refresh_boards(&ctx.serenity_context().http, service, &view.matches).await;
    Ok(())
}

fn away_text(lang: Lang, view: &AwayView, id: &str) -> String {
    t!(
        lang,
        id,
        until = format!("<t:{}:f>", view.until),
        moved = i64::try_from(view.moved).unwrap_or(i64::MAX),
        used = duration(lang, view.used),
        allowance = duration(lang, view.allowance)
    )
}

/// The languages a user can choose.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum UserLanguage {
    /// Their Discord client's language (`cmd-engarde-settings-language-choice-discord`).
    #[name = "discord"]
    Discord,
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
    #[name = "Español"]
    Spanish,
    #[name = "繁體中文"]
    TraditionalChinese,
}

impl UserLanguage {
    fn lang(self) -> Option<Lang> {
        match self {
            UserLanguage::Discord => None,
            UserLanguage::English => Some(Lang::En),
            UserLanguage::French => Some(Lang::Fr),
            UserLanguage::Spanish => Some(Lang::Es),
            UserLanguage::TraditionalChinese => Some(Lang::ZhTw),
        }
    }
}

/// Words that switch quiet hours off.
const QUIET_OFF: [&str; 4] = ["off", "none", "-", "0"];

/// Quiet hours as typed: `Some(None)` for none.
fn parse_quiet(text: &str) -> Result<Option<QuietSpan>, Error> {
    if QUIET_OFF.contains(&text.trim().to_lowercase().as_str()) {
        return Ok(None);
    }
    QuietSpan::parse(text).map(Some).map_err(|e| {
        let id = match e {
            QuietError::Unreadable => "life-error-quiet-unreadable",
            QuietError::Empty => "life-error-quiet-empty",
        };
        ServiceError::BadOptions(Text::new(id).arg("input", echo(text))).into()
    })
}

/// The IANA time zones whose name holds what the user typed (at most 25).
async fn timezones(_: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let partial = partial.trim().to_lowercase().replace(' ', "_");
    let choices = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|tz| tz.name())
        .filter(|name| name.to_lowercase().contains(&partial))
        .take(25)
        .map(|name| serenity::AutocompleteChoice::new(name, name))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Your settings: language, quiet hours, time zone, digests; shown, and changed if given.
#[poise::command(slash_command, guild_only)]
pub(super) async fn settings(
    ctx: Context<'_>,
    language: Option<UserLanguage>,
    quiet_hours: Option<String>,
    #[autocomplete = "timezones"] timezone: Option<String>,
    digest: Option<bool>,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let change = UserSettingsChange {
        language: language.map(UserLanguage::lang),
        quiet_hours: quiet_hours.as_deref().map(parse_quiet).transpose()?,
        timezone: timezone
            .map(|name| {
                parse_timezone(&name).ok_or_else(|| {
                    Error::from(ServiceError::BadOptions(Text::new("life-error-timezone").arg("input", echo(&name))))
                })
            })
            .transpose()?,
        digest,
    };
    let changed = change != UserSettingsChange::default();
    let settings =
        if changed { service.update_user_settings(user, &change).await? } else { service.user_settings(user).await? };
    let away = service.away(guild(ctx)?, user).await?;
    let lang = user_lang(ctx).await;
    let mut text = describe(lang, &settings, away);
    if changed {
        text = format!("{}\n{text}", t!(lang, "admin-saved"));
    }
    ephemeral(ctx, text).await
}

/// A user's settings in words.
fn describe(lang: Lang, s: &UserSettings, away: Option<i64>) -> String {
    let language = match s.language {
        Some(chosen) => chosen.native_name().to_owned(),
        None => t!(lang, "life-settings-language-discord"),
    };
    let quiet = match s.quiet {
        Some(q) => q.span().text(),
        None => t!(lang, "life-settings-quiet-none"),
    };
    let away = match away {
        Some(until) => t!(lang, "life-settings-away-until", until = format!("<t:{until}:f>")),
        None => t!(lang, "life-settings-away-none"),
    };
    t!(
        lang,
        "life-settings",
        language = language,
        quiet = quiet,
        timezone = s.timezone.name(),
        digest = if s.digest { "yes" } else { "no" },
        away = away
    )
}
