//! The bot's words in its players' languages.
//!
//! Every user-facing string lives in a Fluent file, `locales/<language>/<area>.ftl`,
//! embedded in the binary at build time. Code asks for a message by its id with
//! [`t!`](crate::t), giving plurals, numbers and names as Fluent arguments. Adding a
//! language is adding a folder and a [`Lang`] variant.
//!
//! Who reads what decides the language: an ephemeral reply speaks the clicking user's
//! Discord locale; a public message speaks the server's language (the admin's
//! `language` setting, else the server's Discord locale, else English).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

pub use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en-US",
        // Unicode isolation marks around arguments show up as stray characters in Discord.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English (`en-US`), the fallback.
    #[default]
    En,
    /// French (`fr`).
    Fr,
    /// Spanish (`es-ES`, also for Latin American Spanish, `es-419`).
    Es,
    /// Traditional Chinese (`zh-TW`).
    ZhTw,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Es, Lang::ZhTw];

    /// The folder of its translation files, which is also its Discord locale.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Fr => "fr",
            Lang::Es => "es-ES",
            Lang::ZhTw => "zh-TW",
        }
    }

    /// The Discord locales this language serves (for command localizations).
    #[must_use]
    pub const fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &["en-US", "en-GB"],
            Lang::Fr => &["fr"],
            Lang::Es => &["es-ES", "es-419"],
            Lang::ZhTw => &["zh-TW"],
        }
    }

    /// The language for a Discord locale (`"fr"`, `"es-419"`, `"zh-TW"`...), if the bot
    /// speaks it.
    #[must_use]
    pub fn from_discord(locale: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.discord_locales().contains(&locale))
    }

    /// The language for a Discord locale, English when the bot does not speak it.
    #[must_use]
    pub fn from_discord_or_english(locale: Option<&str>) -> Lang {
        locale.and_then(Lang::from_discord).unwrap_or_default()
    }

    /// The language's own name, as offered in the admin setting.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::ZhTw => "繁體中文",
        }
    }

    fn id(self) -> LanguageIdentifier {
        // The codes above are valid language identifiers.
        self.code().parse().unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is none of the bot's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language")]
pub struct UnknownLang;

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::ALL.into_iter().find(|l| l.code() == s).ok_or(UnknownLang)
    }
}

/// Fluent arguments, by name.
pub type Args = HashMap<Cow<'static, str>, FluentValue<'static>>;

/// The message `id` in `lang` with `args`; English when `lang` lacks it, the id itself
/// when no language has it (the catalogue test keeps both from happening).
#[must_use]
pub fn message(lang: Lang, id: &str, args: Option<&Args>) -> String {
    match args {
        Some(args) => LOCALES.lookup_with_args(&lang.id(), id, args),
        None => LOCALES.lookup(&lang.id(), id),
    }
}

/// The message `id` in exactly `lang`, without falling back (for tests).
///
/// # Errors
/// The message is missing, or an argument it uses was not given.
pub fn message_exact(lang: Lang, id: &str, args: Option<&Args>) -> Result<String, String> {
    LOCALES.lookup_single_language(&lang.id(), id, args).map_err(|e| e.to_string())
}

/// A Fluent argument value from a Rust value: strings as they are, numbers as Fluent
/// numbers (so plurals and number formatting apply).
pub trait IntoArg {
    /// The Fluent value.
    fn into_arg(self) -> FluentValue<'static>;
}

impl IntoArg for String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl IntoArg for &String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl IntoArg for &str {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self.to_owned())
    }
}

impl IntoArg for Cow<'_, str> {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::from(self.into_owned())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
        impl IntoArg for &$t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}
number_args!(u8, u16, u32, usize, i8, i16, i32, isize, f64);

/// The largest integer a Fluent number (an `f64`) holds exactly.
const EXACT: u64 = 1 << 53;

/// Larger integers (ids) go as text: a Fluent number would round them.
macro_rules! wide_number_args {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> FluentValue<'static> {
                if self.unsigned_abs() <= EXACT {
                    FluentValue::from(self)
                } else {
                    FluentValue::from(self.to_string())
                }
            }
        }
        impl IntoArg for &$t {
            fn into_arg(self) -> FluentValue<'static> {
                (*self).into_arg()
            }
        }
    )*};
}
wide_number_args!(i64);

impl IntoArg for u64 {
    fn into_arg(self) -> FluentValue<'static> {
        if self <= EXACT {
            FluentValue::from(self)
        } else {
            FluentValue::from(self.to_string())
        }
    }
}

impl IntoArg for &u64 {
    fn into_arg(self) -> FluentValue<'static> {
        (*self).into_arg()
    }
}

/// A message in a language: `t!(lang, "board-title")` or
/// `t!(lang, "board-wins", name = winner, hits = 5)`. Arguments take strings and numbers
/// (see [`IntoArg`]).
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::message($lang, $id, None)
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::Args::new();
        $(
            args.insert(
                ::std::borrow::Cow::Borrowed(stringify!($name)),
                $crate::i18n::IntoArg::into_arg($value),
            );
        )+
        $crate::i18n::message($lang, $id, Some(&args))
    }};
}

/// A duration in words, to the minute: "2 days 4 hours", "2 jours 4 heures", "2 天 4 小時".
#[must_use]
pub fn duration(lang: Lang, d: std::time::Duration) -> String {
    let minutes = d.as_secs() / 60;
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let mut parts = Vec::new();
    if days > 0 {
        parts.push(crate::t!(lang, "common-days", n = days));
    }
    if hours > 0 {
        parts.push(crate::t!(lang, "common-hours", n = hours));
    }
    if minutes > 0 || parts.is_empty() {
        parts.push(crate::t!(lang, "common-minutes", n = minutes));
    }
    parts.join(" ")
}

/// A message not yet put in words: its id and arguments, for code that cannot know the
/// reader's language (the service's refusals). [`Text::render`] words it; `Display`
/// words it in English, for logs.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// The message id.
    pub id: Cow<'static, str>,
    /// Its arguments, by name.
    pub args: Vec<(&'static str, TextArg)>,
}

/// An argument of a [`Text`].
#[derive(Clone, Debug, PartialEq)]
pub enum TextArg {
    /// A string (a name, a user's echoed input).
    Str(String),
    /// A number.
    Num(i64),
    /// Another message, put in the same language.
    Text(Box<Text>),
    /// A duration, in words of the same language (see [`duration`]).
    Duration(std::time::Duration),
}

impl From<String> for TextArg {
    fn from(s: String) -> Self {
        TextArg::Str(s)
    }
}

impl From<&str> for TextArg {
    fn from(s: &str) -> Self {
        TextArg::Str(s.to_owned())
    }
}

impl From<i64> for TextArg {
    fn from(n: i64) -> Self {
        TextArg::Num(n)
    }
}

impl From<std::time::Duration> for TextArg {
    fn from(d: std::time::Duration) -> Self {
        TextArg::Duration(d)
    }
}

impl From<Text> for TextArg {
    fn from(t: Text) -> Self {
        TextArg::Text(Box::new(t))
    }
}

impl Text {
    /// The message `id`, without arguments yet.
    #[must_use]
    pub fn new(id: impl Into<Cow<'static, str>>) -> Text {
        Text { id: id.into(), args: Vec::new() }
    }

    /// With one more argument.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<TextArg>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`.
    #[must_use]
    pub fn render(&self, lang: Lang) -> String {
        if self.args.is_empty() {
            return message(lang, &self.id, None);
        }
        let args: Args = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    TextArg::Str(s) => FluentValue::from(s.clone()),
                    TextArg::Num(n) => IntoArg::into_arg(*n),
                    TextArg::Text(t) => FluentValue::from(t.render(lang)),
                    TextArg::Duration(d) => FluentValue::from(duration(lang, *d)),
                };
                (Cow::Borrowed(*name), value)
            })
            .collect();
        message(lang, &self.id, Some(&args))
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

#[cfg(test)]
mod catalogue_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_languages() {
        assert_eq!(Lang::from_discord("fr"), Some(Lang::Fr));
        assert_eq!(Lang::from_discord("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("es-ES"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("zh-TW"), Some(Lang::ZhTw));
        assert_eq!(Lang::from_discord("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_discord("de"), None);
        assert_eq!(Lang::from_discord_or_english(Some("ja")), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse(), Ok(lang));
        }
    }

    #[test]
    fn large_ids_keep_every_digit() {
        let text = crate::t!(Lang::En, "board-title", id = 9_007_199_254_740_993_i64, title = "x", terms = "y");
        assert!(text.contains("9007199254740993"), "{text}");
        let text = crate::t!(Lang::Fr, "error-match-not-found", id = i64::MAX);
        assert!(text.contains(&i64::MAX.to_string()), "{text}");
    }

    #[test]
    fn arguments_are_placed_without_isolation_marks() {
        let text = crate::t!(Lang::Fr, "board-title", id = 12, title = "Kengo", terms = "y");
        assert!(text.contains("12") && text.contains("Kengo"), "{text}");
        assert!(!text.contains('\u{2068}'), "{text:?}");
    }
}
