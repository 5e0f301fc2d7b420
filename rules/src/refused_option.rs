//! Why the rules refuse a match's options, as data: [`RefusedOption`] names a message and
//! its arguments ([`RefusedOption::message`]) that a front end words in the reader's
//! language, as [`IllegalMove`](crate::IllegalMove) does for moves. `Display` gives the
//! English words of replays and logs.

use std::fmt;

use serde_json::Value;

use crate::illegal::Message;
use crate::{engarde, readyfence, Game};

/// Rule options a game cannot start with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefusedOption {
    /// The game has no option of this name.
    Unknown {
        /// The game.
        game: Game,
        /// The name given.
        option: String,
    },
    /// The option cannot take this value (a wrong type, or a name or number it does not know).
    BadValue {
        /// The option.
        option: String,
        /// The value given, as JSON (`7`, `"sideways"`).
        value: String,
    },
    /// A number outside the option's range.
    OutOfRange {
        /// The option.
        option: &'static str,
        /// The smallest value allowed.
        min: u8,
        /// The largest value allowed.
        max: u8,
    },
    /// A number the option does not take here.
    NotOneOf {
        /// The option.
        option: &'static str,
        /// The value given.
        value: u8,
        /// The values it takes (in this variant).
        allowed: Vec<u8>,
    },
    /// A points target the mode does not play to (Ready... Fence!).
    Target {
        /// The target asked for.
        value: u8,
        /// The targets the mode plays to.
        allowed: Vec<u8>,
    },
    /// Hands so large that the deck leaves no pile.
    NoPile {
        /// Cards in a full hand.
        hand_size: u8,
        /// Cards in the deck.
        deck: u8,
    },
    /// Anything else the game refuses to start with (not reachable from options alone).
    Setup(String),
}

/// Every message id [`RefusedOption::message`] may name, with its argument names: the
/// catalogues must word each (the bot's catalogue test checks them).
pub const MESSAGES: &[(&str, &[&str])] = &[
    ("rules-option-unknown", &["game", "option"]),
    ("rules-option-bad-value", &["option", "value"]),
    ("rules-option-out-of-range", &["option", "min", "max"]),
    ("rules-option-not-one-of", &["option", "value", "allowed"]),
    ("rules-option-target", &["value", "allowed"]),
    ("rules-option-no-pile", &["hand_size", "deck"]),
    ("rules-option-setup", &[]),
];

impl RefusedOption {
    /// The message that says why, in any language.
    #[must_use]
    pub fn message(&self) -> Message {
        match self {
            RefusedOption::Unknown { game, option } => {
                Message::new("rules-option-unknown").name("game", game.title()).name("option", option)
            }
            RefusedOption::BadValue { option, value } => {
                Message::new("rules-option-bad-value").name("option", option).name("value", value)
            }
            RefusedOption::OutOfRange { option, min, max } => {
                Message::new("rules-option-out-of-range").name("option", option).number("min", *min).number("max", *max)
            }
            RefusedOption::NotOneOf { option, value, allowed } => Message::new("rules-option-not-one-of")
                .name("option", option)
                .number("value", *value)
                .name("allowed", list(allowed)),
            RefusedOption::Target { value, allowed } => {
                Message::new("rules-option-target").number("value", *value).name("allowed", list(allowed))
            }
            RefusedOption::NoPile { hand_size, deck } => {
                Message::new("rules-option-no-pile").number("hand_size", *hand_size).number("deck", *deck)
            }
            RefusedOption::Setup(_) => Message::new("rules-option-setup"),
        }
    }

    /// A points target `value` that the Ready... Fence! mode `variant` does not play to.
    pub(crate) fn target(variant: readyfence::Variant, value: u8) -> RefusedOption {
        RefusedOption::Target { value, allowed: variant.targets().iter().map(|t| t.get()).collect() }
    }

    /// Why `options` cannot be read as `T`, the options of `game`: the first option named
    /// that the game does not have, else the first whose value it cannot take. `error` is
    /// the reader's complaint about the whole object.
    pub(crate) fn unreadable<T: serde::de::DeserializeOwned>(
        game: Game,
        options: &crate::OptionMap,
        error: &serde_json::Error,
    ) -> RefusedOption {
        let one = |name: &String, value: &Value| {
            let alone = crate::OptionMap::from_iter([(name.clone(), value.clone())]);
            serde_json::from_value::<T>(Value::Object(alone)).err().map(|e| e.to_string())
        };
        let failures: Vec<(&String, &Value, String)> =
            options.iter().filter_map(|(name, value)| one(name, value).map(|e| (name, value, e))).collect();
        if let Some((name, _, _)) = failures.iter().find(|(_, _, e)| e.starts_with("unknown field")) {
            return RefusedOption::Unknown { game, option: (*name).clone() };
        }
        match failures.first() {
            Some((name, value, _)) => RefusedOption::BadValue { option: (*name).clone(), value: value.to_string() },
            None => RefusedOption::Setup(error.to_string()),
        }
    }
}

/// Numbers as a list, `5, 10`.
fn list(values: &[u8]) -> String {
    values.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for RefusedOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefusedOption::Unknown { game, option } => write!(f, "{} has no option `{option}`", game.title()),
            RefusedOption::BadValue { option, value } => write!(f, "option `{option}` cannot be {value}"),
            RefusedOption::OutOfRange { option, min, max } => {
                write!(f, "option `{option}` must be from {min} to {max}")
            }
            RefusedOption::NotOneOf { option, value, allowed } => {
                write!(f, "option `{option}` cannot be {value} here (it may be {})", list(allowed))
            }
            RefusedOption::Target { value, allowed } => {
                write!(f, "this mode is not played to {value} points (it may be {})", list(allowed))
            }
            RefusedOption::NoPile { hand_size, deck } => {
                write!(f, "two hands of {hand_size} cards must leave cards in the pile of a {deck}-card deck")
            }
            RefusedOption::Setup(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RefusedOption {}

impl From<engarde::OptionsError> for RefusedOption {
    fn from(e: engarde::OptionsError) -> Self {
        use engarde::OptionProblem as P;
        match e.problem {
            P::Range { min, max } => RefusedOption::OutOfRange { option: e.option, min, max },
            P::OneOf { value, allowed } => {
                RefusedOption::NotOneOf { option: e.option, value, allowed: allowed.to_vec() }
            }
            P::NoPile { hand_size, deck } => RefusedOption::NoPile { hand_size, deck },
        }
    }
}

impl From<engarde::SetupError> for RefusedOption {
    fn from(e: engarde::SetupError) -> Self {
        match e {
            engarde::SetupError::Options(e) => e.into(),
            other => RefusedOption::Setup(other.to_string()),
        }
    }
}

impl From<readyfence::SetupError> for RefusedOption {
    fn from(e: readyfence::SetupError) -> Self {
        match e {
            readyfence::SetupError::Target { variant, target } => RefusedOption::target(variant, target.get()),
            other => RefusedOption::Setup(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Match, OptionMap, Variant};
    use serde_json::json;

    fn refusal(variant: &str, options: Value) -> RefusedOption {
        let variant: Variant = variant.parse().unwrap();
        let Value::Object(options) = options else { unreachable!() };
        let options: OptionMap = options;
        Match::start(variant, &options, 1, None).unwrap_err()
    }

    #[test]
    fn each_refusal_names_its_message_and_arguments() {
        let cases = [
            (
                refusal("engarde-standard", json!({"hits_to_win": 5, "sideways": 1})),
                RefusedOption::Unknown { game: Game::EnGarde, option: "sideways".into() },
            ),
            (
                refusal("engarde-standard", json!({"parry": "twice"})),
                RefusedOption::BadValue { option: "parry".into(), value: "\"twice\"".into() },
            ),
            (
                refusal("kengo-normal", json!({"hits_to_win": 16})),
                RefusedOption::OutOfRange { option: "hits_to_win", min: 1, max: 15 },
            ),
            (
                refusal("engarde-standard", json!({"best_of": 2})),
                RefusedOption::NotOneOf { option: "best_of", value: 2, allowed: vec![1, 3, 5] },
            ),
            (
                refusal("engarde-standard", json!({"copies": 2, "hand_size": 5})),
                RefusedOption::NoPile { hand_size: 5, deck: 10 },
            ),
            (
                refusal("ready-fence-advanced", json!({"target": 10})),
                RefusedOption::Target { value: 10, allowed: vec![5, 15] },
            ),
            (
                refusal("ready-fence-basic", json!({"target": 7})),
                RefusedOption::Target { value: 7, allowed: vec![5, 10] },
            ),
            (
                refusal("ready-fence-basic", json!({"target": "ten"})),
                RefusedOption::BadValue { option: "target".into(), value: "\"ten\"".into() },
            ),
            (
                refusal("forteresse", json!({"colour": "red"})),
                RefusedOption::Unknown { game: Game::Forteresse, option: "colour".into() },
            ),
        ];
        for (got, expected) in cases {
            assert_eq!(got, expected);
            let message = got.message();
            let (_, names) = MESSAGES.iter().find(|(id, _)| *id == message.id).expect("a listed id");
            let given: Vec<&str> = message.args.iter().map(|(name, _)| *name).collect();
            assert_eq!(&given, names, "{}", message.id);
        }
        assert_eq!(
            refusal("ready-fence-advanced", json!({"target": 10})).to_string(),
            "this mode is not played to 10 points (it may be 5, 15)"
        );
    }
}
