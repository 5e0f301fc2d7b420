//! The commands' names and descriptions in every language, from `commands.ftl`.
//!
//! Each command, subcommand, option and choice has its messages, named after its path:
//! `cmd-engarde-challenge-name`, `cmd-engarde-challenge-description`,
//! `cmd-engarde-challenge-turn-time-name` (underscores become hyphens),
//! `cmd-engarde-practice-level-choice-easy`. English gives the descriptions and the
//! choices' names Discord shows by default; the names Discord matches stay the code's
//! (the English messages repeat them, which a test checks). Language names in a
//! choice stay in their own language everywhere.

use std::borrow::Cow;

use crate::discord::{Data, Error};
use crate::i18n::{message, Lang};

type Command = poise::Command<Data, Error>;
type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// Fills the names and descriptions of `commands` (their subcommands, options and
/// choices) in every language the bot speaks; call it once, before registering them.
pub fn localize(commands: &mut [Command]) {
    for command in commands {
        localize_command(command, "cmd");
    }
}

/// The part of a message id a name gives: lower-case, hyphens for underscores.
fn slug(name: &str) -> String {
    name.to_lowercase().replace('_', "-")
}

/// The message `id` for each Discord locale of each language but English (English is
/// the default).
fn localizations(id: &str) -> Localizations {
    Lang::ALL
        .into_iter()
        .filter(|&lang| lang != Lang::En)
        .flat_map(|lang| {
            let text = message(lang, id, None);
            lang.discord_locales().iter().map(move |&locale| (Cow::Borrowed(locale), Cow::Owned(text.clone())))
        })
        .collect::<Vec<_>>()
        .into()
}

fn is_language_name(name: &str) -> bool {
    Lang::ALL.into_iter().any(|lang| lang.native_name() == name)
}

/// The message id of a command's (or an option's) own messages, under its parent's.
fn key_of(parent: &str, name: &str) -> String {
    format!("{parent}-{}", slug(name))
}

/// The message id of a choice's name, under its option's key.
fn choice_id(option: &str, choice: &str) -> String {
    format!("{option}-choice-{}", slug(choice))
}

fn localize_command(command: &mut Command, parent: &str) {
    let key = key_of(parent, &command.name);
    command.name_localizations = localizations(&format!("{key}-name"));
    command.description = Some(message(Lang::En, &format!("{key}-description"), None).into());
    command.description_localizations = localizations(&format!("{key}-description"));
    for parameter in &mut command.parameters {
        let key = key_of(&key, &parameter.name);
        parameter.name_localizations = localizations(&format!("{key}-name"));
        parameter.description = Some(message(Lang::En, &format!("{key}-description"), None).into());
        parameter.description_localizations = localizations(&format!("{key}-description"));
        for choice in parameter.choices.to_mut() {
            if is_language_name(&choice.name) {
                continue;
            }
            let id = choice_id(&key, &choice.name);
            choice.localizations = localizations(&id);
            choice.name = message(Lang::En, &id, None).into();
        }
    }
    for sub in &mut command.subcommands {
        localize_command(sub, &key);
    }
}

/// Every message id [`localize`] asks for, for `commands` as the code declares them (for
/// the catalogue test).
#[cfg(test)]
#[must_use]
pub fn message_ids(commands: &[Command]) -> Vec<String> {
    fn walk(command: &Command, parent: &str, out: &mut Vec<String>) {
        let key = key_of(parent, &command.name);
        out.extend([format!("{key}-name"), format!("{key}-description")]);
        for parameter in &command.parameters {
            let key = key_of(&key, &parameter.name);
            out.extend([format!("{key}-name"), format!("{key}-description")]);
            let choices = parameter.choices.iter().filter(|c| !is_language_name(&c.name));
            out.extend(choices.map(|c| choice_id(&key, &c.name)));
        }
        for sub in &command.subcommands {
            walk(sub, &key, out);
        }
    }
    let mut out = Vec::new();
    for command in commands {
        walk(command, "cmd", &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::i18n::message_exact;

    fn commands() -> Vec<Command> {
        let mut commands = vec![super::super::engarde(), super::super::engarde_admin()];
        localize(&mut commands);
        commands
    }

    /// Discord's rule for a chat command's names: 1 to 32 letters, digits, `-` or `_`,
    /// lower-case where the script has case.
    fn valid_name(name: &str) -> bool {
        let len = name.chars().count();
        (1..=32).contains(&len)
            && name.chars().all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()))
    }

    fn valid_description(text: &str) -> bool {
        (1..=100).contains(&text.chars().count())
    }

    /// Every message a command's name and description need, in exactly `lang`.
    fn check(lang: Lang, key: &str, name: &str, errors: &mut Vec<String>) -> Option<String> {
        let localized = match message_exact(lang, &format!("{key}-name"), None) {
            Ok(n) => n,
            Err(e) => {
                errors.push(format!("{lang}: {key}-name: {e}"));
                return None;
            }
        };
        if !valid_name(&localized) {
            errors.push(format!("{lang}: {key}-name `{localized}` is not a valid command name"));
        }
        if lang == Lang::En && localized != name {
            errors.push(format!("en-US: {key}-name `{localized}` differs from the code's `{name}`"));
        }
        match message_exact(lang, &format!("{key}-description"), None) {
            Ok(d) if valid_description(&d) => {}
            Ok(d) => errors.push(format!("{lang}: {key}-description has {} characters", d.chars().count())),
            Err(e) => errors.push(format!("{lang}: {key}-description: {e}")),
        }
        Some(localized)
    }

    fn unique(lang: Lang, what: &str, names: Vec<String>, errors: &mut Vec<String>) {
        let mut seen = HashSet::new();
        for name in names {
            if !seen.insert(name.clone()) {
                errors.push(format!("{lang}: `{name}` twice among {what}"));
            }
        }
    }

    fn walk(lang: Lang, command: &Command, parent: &str, errors: &mut Vec<String>) -> Option<String> {
        let key = format!("{parent}-{}", slug(&command.name));
        let name = check(lang, &key, &command.name, errors);
        let mut names = Vec::new();
        for parameter in &command.parameters {
            let key = format!("{key}-{}", slug(&parameter.name));
            names.extend(check(lang, &key, &parameter.name, errors));
            let mut choices = Vec::new();
            for choice in parameter.choices.iter() {
                let localized = if lang == Lang::En {
                    choice.name.to_string()
                } else if is_language_name(&choice.name) {
                    continue;
                } else {
                    let locale = lang.discord_locales()[0];
                    match choice.localizations.iter().find(|(l, _)| l == locale) {
                        Some((_, n)) => n.to_string(),
                        None => {
                            errors.push(format!("{lang}: a choice of {key} has no name"));
                            continue;
                        }
                    }
                };
                if !(1..=100).contains(&localized.chars().count()) {
                    errors.push(format!("{lang}: the choice `{localized}` of {key} is too long"));
                }
                choices.push(localized);
            }
            unique(lang, &format!("the choices of {key}"), choices, errors);
        }
        for sub in &command.subcommands {
            names.extend(walk(lang, sub, &key, errors));
        }
        unique(lang, &format!("the options of {key}"), names, errors);
        name
    }

    #[test]
    fn every_command_option_and_choice_has_valid_names_in_every_language() {
        let commands = commands();
        let mut errors = Vec::new();
        for lang in Lang::ALL {
            let names: Vec<String> = commands.iter().filter_map(|c| walk(lang, c, "cmd", &mut errors)).collect();
            unique(lang, "the commands", names, &mut errors);
        }
        assert!(errors.is_empty(), "{}", errors.join("\n"));
    }

    #[test]
    fn the_localizations_are_filled_for_every_discord_locale() {
        fn all(command: &Command, out: &mut Vec<String>) {
            let locales: Vec<&str> = command.name_localizations.iter().map(|(l, _)| l.as_ref()).collect();
            assert_eq!(locales, ["fr", "es-ES", "es-419", "zh-TW"], "{}", command.name);
            assert!(command.description.as_deref().is_some_and(valid_description), "{}", command.name);
            assert_eq!(command.description_localizations.len(), 4, "{}", command.name);
            for p in &command.parameters {
                assert_eq!(p.name_localizations.len(), 4, "{}", p.name);
                assert_eq!(p.description_localizations.len(), 4, "{}", p.name);
                assert!(p.description.as_deref().is_some_and(valid_description), "{}", p.name);
            }
            out.push(command.name.to_string());
            for sub in &command.subcommands {
                all(sub, out);
            }
        }
        let mut names = Vec::new();
        for command in &commands() {
            all(command, &mut names);
        }
        assert!(names.contains(&"abort".to_owned()) && names.contains(&"challenge".to_owned()), "{names:?}");
        // A French client sees French words.
        let engarde = &commands()[0];
        let challenge = engarde.subcommands.iter().find(|c| c.name == "challenge").expect("challenge");
        assert!(challenge.name_localizations.iter().any(|(l, n)| l == "fr" && n != "challenge"));
        // And Discord is told: the registration carries them, down to the options.
        let registered = serde_json::to_value(engarde.create_as_slash_command().expect("a slash command")).unwrap();
        let options = registered["options"].as_array().expect("subcommands");
        let challenge = options.iter().find(|o| o["name"] == "challenge").expect("challenge");
        assert_eq!(challenge["name_localizations"]["es-419"], challenge["name_localizations"]["es-ES"]);
        let opponent = &challenge["options"][0];
        assert_eq!(opponent["name"], "opponent");
        assert!(opponent["description_localizations"]["zh-TW"].as_str().is_some_and(|d| !d.is_empty()));
    }

    #[test]
    fn the_level_choices_keep_their_english_names_and_the_languages_their_own() {
        let commands = commands();
        let practice = commands[0].subcommands.iter().find(|c| c.name == "practice").expect("practice");
        let level = practice.parameters.iter().find(|p| p.name == "level").expect("level");
        let names: Vec<&str> = level.choices.iter().map(|c| c.name.as_ref()).collect();
        assert_eq!(names, ["easy", "medium", "hard"]);
        let config = commands[1].subcommands.iter().find(|c| c.name == "config").expect("config");
        let language = config.parameters.iter().find(|p| p.name == "language").expect("language");
        for choice in language.choices.iter().filter(|c| is_language_name(&c.name)) {
            assert!(choice.localizations.is_empty(), "{}", choice.name);
        }
    }
}
