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
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
pub use fluent_bundle::FluentValue;
use fluent_bundle::{FluentArgs, FluentResource};

/// The embedded Fluent files (`SOURCES`), listed by `build.rs`.
mod sources {
    include!(concat!(env!("OUT_DIR"), "/locales.rs"));
}

/// One bundle per language, in the order of [`Lang::ALL`], built on first use: every
/// lookup indexes it directly (no language negotiation, no parsing per message).
static BUNDLES: LazyLock<[FluentBundle<FluentResource>; 4]> = LazyLock::new(|| Lang::ALL.map(bundle));

/// The bundle of a language's folder: every `.ftl` file in it, arguments placed without
/// Unicode isolation marks (they show up as stray characters in Discord).
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang.code().parse().unwrap_or_else(|e| panic!("{lang}: not a language identifier: {e}"));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    bundle.add_function("ELIDE", elide).unwrap_or_else(|e| panic!("{lang}: ELIDE: {e:?}"));
    let files = sources::SOURCES.iter().find(|(code, _)| *code == lang.code()).map_or(&[][..], |(_, files)| files);
    for (name, text) in files {
        let resource = FluentResource::try_new((*text).to_owned())
            .unwrap_or_else(|(_, e)| panic!("locales/{lang}/{name} does not parse: {e:?}"));
        bundle.add_resource(resource).unwrap_or_else(|e| panic!("locales/{lang}/{name}: {e:?}"));
    }
    bundle
}

/// Fluent's `ELIDE(word, $name)`: French `word` ("de", "que", "le", "la") as it stands
/// before `name`: elided before a vowel sound ("d'", "qu'", "l'"), else followed by a space;
/// so `{ ELIDE("de", $from) }{ $from }` reads "d'Alice", "d'Ève", "de Bob" whatever the
/// name. The name's first letter decides, past what comes before it (Markdown, a seat's
/// marker): a vowel, an `h` (mute in most first names: "d'Hélène"), or a `y` before a
/// consonant ("d'Yves", but "de Yann"). A name with no letter (digits, another script)
/// keeps the full word.
fn elide<'a>(positional: &[FluentValue<'a>], _: &FluentArgs) -> FluentValue<'a> {
    let text = |v: Option<&FluentValue<'_>>| match v {
        Some(FluentValue::String(s)) => s.to_string(),
        _ => String::new(),
    };
    let (word, name) = (text(positional.first()), text(positional.get(1)));
    FluentValue::String(Cow::Owned(elided(&word, &name)))
}

/// `word` before `name`, elided or followed by a space (see [`elide`]).
fn elided(word: &str, name: &str) -> String {
    let mut letters = name.chars().skip_while(|c| !c.is_alphanumeric()).flat_map(char::to_lowercase);
    let first = letters.next();
    let vowel = |c: char| "aàâäeéèêëiîïoôöuùûüæœ".contains(c);
    let elides = match first {
        Some('h') => true,
        Some('y') => letters.next().is_some_and(|c| !vowel(c)),
        Some(c) => vowel(c),
        None => false,
    };
    match word.char_indices().last() {
        Some((end, last)) if elides && "ae".contains(last) => format!("{}'", &word[..end]),
        _ => format!("{word} "),
    }
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

    /// Its place in [`Lang::ALL`] (and among the bundles).
    const fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Fr => 1,
            Lang::Es => 2,
            Lang::ZhTw => 3,
        }
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

/// Fluent arguments, by name (for [`message`] and [`message_exact`]; `t!` builds
/// [`FluentArgs`] directly).
pub type Args = HashMap<Cow<'static, str>, FluentValue<'static>>;

/// Why a message could not be put in words in one language.
#[derive(Debug)]
enum LookupError {
    /// No such message (or attribute) in the language.
    Missing,
    /// The message was found, but formatting it failed (e.g. an argument was not given).
    Format(Vec<fluent_bundle::FluentError>),
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookupError::Missing => f.write_str("no such message"),
            LookupError::Format(errors) => write!(f, "formatting failed: {errors:?}"),
        }
    }
}

/// The message `id` (or `message.attribute`) in exactly `lang`.
fn lookup(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> Result<String, LookupError> {
    let bundle = &BUNDLES[lang.index()];
    let pattern = match id.split_once('.') {
        Some((message, attribute)) => {
            bundle.get_message(message).and_then(|m| m.get_attribute(attribute)).map(|a| a.value())
        }
        None => bundle.get_message(id).and_then(|m| m.value()),
    }
    .ok_or(LookupError::Missing)?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(LookupError::Format(errors))
    }
}

/// The message `id` in `lang` with `args`; English when `lang` lacks it (or cannot format
/// it), the id itself when no language has it (the catalogue test keeps both from
/// happening). What `t!` calls.
#[must_use]
pub fn format(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    lookup(lang, id, args)
        .or_else(|e| if lang == Lang::En { Err(e) } else { lookup(Lang::En, id, args) })
        .unwrap_or_else(|_| format!("Unknown localization key: {id:?}"))
}

/// Fluent arguments from `(name, value)` pairs (for `t!`).
#[must_use]
pub fn args<'a, const N: usize>(pairs: [(&'static str, FluentValue<'a>); N]) -> FluentArgs<'a> {
    let mut args = FluentArgs::with_capacity(N);
    for (name, value) in pairs {
        args.set(name, value);
    }
    args
}

fn fluent_args(args: &Args) -> FluentArgs<'_> {
    args.iter().map(|(name, value)| (name.as_ref(), value.clone())).collect()
}

/// The message `id` in `lang` with `args`; English when `lang` lacks it, the id itself
/// when no language has it (the catalogue test keeps both from happening).
#[must_use]
pub fn message(lang: Lang, id: &str, args: Option<&Args>) -> String {
    format(lang, id, args.map(fluent_args).as_ref())
}

/// The message `id` in exactly `lang`, without falling back (for tests).
///
/// # Errors
/// The message is missing, or an argument it uses was not given.
pub fn message_exact(lang: Lang, id: &str, args: Option<&Args>) -> Result<String, String> {
    lookup(lang, id, args.map(fluent_args).as_ref()).map_err(|e| format!("{}: {id}: {e}", lang.code()))
}

/// A Fluent argument value from a Rust value: strings as they are (borrowed when given
/// by reference, never copied), numbers as Fluent numbers (so plurals and number
/// formatting apply).
pub trait IntoArg<'a> {
    /// The Fluent value.
    fn into_arg(self) -> FluentValue<'a>;
}

impl<'a> IntoArg<'a> for String {
    fn into_arg(self) -> FluentValue<'a> {
        FluentValue::from(self)
    }
}

impl<'a> IntoArg<'a> for &'a String {
    fn into_arg(self) -> FluentValue<'a> {
        FluentValue::from(self.as_str())
    }
}

impl<'a> IntoArg<'a> for &'a str {
    fn into_arg(self) -> FluentValue<'a> {
        FluentValue::from(self)
    }
}

impl<'a> IntoArg<'a> for Cow<'a, str> {
    fn into_arg(self) -> FluentValue<'a> {
        FluentValue::from(self)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl<'a> IntoArg<'a> for $t {
            fn into_arg(self) -> FluentValue<'a> {
                FluentValue::from(self)
            }
        }
        impl<'a> IntoArg<'a> for &$t {
            fn into_arg(self) -> FluentValue<'a> {
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
        impl<'a> IntoArg<'a> for $t {
            fn into_arg(self) -> FluentValue<'a> {
                if self.unsigned_abs() <= EXACT {
                    FluentValue::from(self)
                } else {
                    FluentValue::from(self.to_string())
                }
            }
        }
        impl<'a> IntoArg<'a> for &$t {
            fn into_arg(self) -> FluentValue<'a> {
                (*self).into_arg()
            }
        }
    )*};
}
wide_number_args!(i64);

impl<'a> IntoArg<'a> for u64 {
    fn into_arg(self) -> FluentValue<'a> {
        if self <= EXACT {
            FluentValue::from(self)
        } else {
            FluentValue::from(self.to_string())
        }
    }
}

impl<'a> IntoArg<'a> for &u64 {
    fn into_arg(self) -> FluentValue<'a> {
        (*self).into_arg()
    }
}

/// A message in a language: `t!(lang, "board-title")` or
/// `t!(lang, "board-wins", name = winner, hits = 5)`. Arguments take strings and numbers
/// (see [`IntoArg`]); they are handed to Fluent as they are, in one small list.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::format($lang, $id, None)
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::format(
            $lang,
            $id,
            Some(&$crate::i18n::args([$((stringify!($name), $crate::i18n::IntoArg::into_arg($value))),+])),
        )
    };
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
            return format(lang, &self.id, None);
        }
        let args: FluentArgs<'_> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    TextArg::Str(s) => FluentValue::from(s.as_str()),
                    TextArg::Num(n) => IntoArg::into_arg(*n),
                    TextArg::Text(t) => FluentValue::from(t.render(lang)),
                    TextArg::Duration(d) => FluentValue::from(duration(lang, *d)),
                };
                (*name, value)
            })
            .collect();
        format(lang, &self.id, Some(&args))
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
    fn french_elides_before_a_vowel_sound_whatever_the_name() {
        for (word, name, expected) in [
            ("de", "Alice", "d'"),
            ("de", "Ève", "d'"),
            ("de", "**Octave**", "d'"),
            ("de", "🟦 Isa", "d'"),
            ("de", "\\_ugo", "d'"),
            ("de", "Hélène", "d'"),
            ("de", "Yves", "d'"),
            ("de", "Yann", "de "),
            ("de", "Bob", "de "),
            ("de", "小明", "de "),
            ("de", "42", "de "),
            ("de", "", "de "),
            ("que", "Alice", "qu'"),
            ("la", "Ève", "l'"),
        ] {
            assert_eq!(elided(word, name), expected, "{word} {name}");
        }
        let declined = |lang: Lang, from: &str| {
            format(lang, "challenge-declined", Some(&args([("to", "Bob".into()), ("from", from.into())])))
        };
        assert_eq!(declined(Lang::Fr, "Alice"), "Bob a refusé le défi d'Alice.");
        assert_eq!(declined(Lang::Fr, "Zoé"), "Bob a refusé le défi de Zoé.");
        // The other languages keep their own words.
        let en = declined(Lang::En, "Alice");
        assert!(en.contains("Alice") && !en.contains("d'"), "{en}");
    }

    #[test]
    fn arguments_are_placed_without_isolation_marks() {
        let text = crate::t!(Lang::Fr, "board-title", id = 12, title = "Kengo", terms = "y");
        assert!(text.contains("12") && text.contains("Kengo"), "{text}");
        assert!(!text.contains('\u{2068}'), "{text:?}");
    }
}
