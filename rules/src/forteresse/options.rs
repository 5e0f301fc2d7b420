//! Rule options: every **Decision** of `forteresse.md`, with its default first.
//!
//! The names and values are part of the match-record interface: an option is written
//! `"direction_rule": "any_of_8"` in a record's `options`.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Declares an option's enum: its values with their record names, the first one the default.
macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in match records.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::ALL[0]
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

option_enum! {
    /// Which directions a shot may take (`direction_rule`).
    DirectionRule {
        /// Default. The first step must enter the fortress: 56 cell-direction pairs, a corner
        /// fires only diagonally (F3.2).
        EntersFortress = "enters_fortress",
        /// Any of the 8 directions; a ray that never enters the fortress is a wasted shot,
        /// answered like a miss.
        AnyOf8 = "any_of_8",
    }
}

option_enum! {
    /// How a rifle's kill is announced (`rifle_answer`).
    RifleAnswer {
        /// Default. Like a cannon's: "besieged" and the cell.
        WithCell = "with_cell",
        /// "besieged" without the cell (the besieged is still killed).
        WithoutCell = "without_cell",
    }
}

option_enum! {
    /// How a shot that meets nothing is answered (`miss_answer`).
    MissAnswer {
        /// Default. "nothing".
        Nothing = "nothing",
        /// Nothing is said: the announcement's answer is `silence`.
        Silence = "silence",
    }
}

option_enum! {
    /// Whether a shot can earn another (`extra_shot`).
    ExtraShot {
        /// Default. Exactly one shot per turn.
        None = "none",
        /// A shot that destroys a wall or kills a besieged is followed by another shot of the
        /// same player (while they have not stopped).
        AfterKillOrDestruction = "after_kill_or_destruction",
    }
}

option_enum! {
    /// Who shoots first in round 1 (`first_shooter`), unless the match says who.
    FirstShooter {
        /// Default. A seeded toss.
        Random = "random",
        /// Seat A, the challenger.
        Challenger = "challenger",
        /// Seat B, the challenged player.
        Challenged = "challenged",
    }
}

option_enum! {
    /// The fortresses of round 2 (`round2_setup`).
    Round2Setup {
        /// Default. New secret set-ups on clean grids.
        Fresh = "fresh",
        /// Round 1's set-ups again, restored intact; round 2 needs no set-up action.
        SameAsRound1 = "same_as_round1",
    }
}

option_enum! {
    /// Who shoots first in round 2 (`round2_first`).
    Round2First {
        /// Default. Round 1's second shooter.
        Swap = "swap",
        /// The player with the lower round-1 score; on equal scores, as `swap`.
        LowerRound1Score = "lower_round1_score",
        /// A second seeded toss.
        Random = "random",
    }
}

option_enum! {
    /// Equal totals after two rounds (`tie`).
    Tie {
        /// Default. A draw.
        Draw = "draw",
        /// More besieged killed over both rounds wins, then fewer shots fired; still equal: a draw.
        KillsThenFewerShots = "kills_then_fewer_shots",
    }
}

option_enum! {
    /// Limits on a set-up beyond F2.1 (`setup_rule`).
    SetupRule {
        /// Default. No limit: a besieged may be fully walled in.
        Free = "free",
        /// Every besieged must be reachable: some legal shot, fired at the untouched fortress,
        /// meets it first (only empty cells between it and the ring cell). Checked when the
        /// set-up is played. See the module documentation for this reading.
        BesiegedMustBeReachable = "besieged_must_be_reachable",
    }
}

/// The rule options of a Forteresse match: one field per Decision of `forteresse.md`.
///
/// ```
/// use engarde_rules::forteresse::{DirectionRule, OptionOverrides, Options};
/// let overrides: OptionOverrides = serde_json::from_str(r#"{"direction_rule": "any_of_8"}"#).unwrap();
/// let options = Options::default().with(&overrides);
/// assert_eq!(options.direction_rule, DirectionRule::AnyOf8);
/// assert_eq!(options.overrides_from(), overrides);
/// // An En Garde option is not a Forteresse option.
/// let err = serde_json::from_str::<OptionOverrides>(r#"{"parry": "identical"}"#).unwrap_err();
/// assert!(err.to_string().contains("unknown field `parry`"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Which directions a shot may take.
    pub direction_rule: DirectionRule,
    /// How a rifle's kill is announced.
    pub rifle_answer: RifleAnswer,
    /// How a miss is answered.
    pub miss_answer: MissAnswer,
    /// Whether a destroying shot earns another.
    pub extra_shot: ExtraShot,
    /// Who shoots first in round 1.
    pub first_shooter: FirstShooter,
    /// The fortresses of round 2.
    pub round2_setup: Round2Setup,
    /// Who shoots first in round 2.
    pub round2_first: Round2First,
    /// Equal totals.
    pub tie: Tie,
    /// Limits on a set-up.
    pub setup_rule: SetupRule,
}

/// Calls `$m!(field, …)` with every option's name, so code touching all options lists them once.
macro_rules! every_option {
    ($m:ident) => {
        $m!(
            direction_rule,
            rifle_answer,
            miss_answer,
            extra_shot,
            first_shooter,
            round2_setup,
            round2_first,
            tie,
            setup_rule
        )
    };
}

impl Options {
    /// These options with `overrides` applied.
    #[must_use]
    pub fn with(mut self, overrides: &OptionOverrides) -> Options {
        macro_rules! apply {
            ($($field:ident),*) => { $( if let Some(v) = overrides.$field { self.$field = v; } )* };
        }
        every_option!(apply);
        self
    }

    /// The overrides that turn the defaults into these options: only the options that
    /// differ, so that records stay minimal.
    #[must_use]
    pub fn overrides_from(&self) -> OptionOverrides {
        let d = Options::default();
        macro_rules! diff {
            ($($field:ident),*) => {
                OptionOverrides { $( $field: (self.$field != d.$field).then_some(self.$field), )* }
            };
        }
        every_option!(diff)
    }
}

/// Optional changes to the default options: the `options` object of a match record.
/// An unknown name (an En Garde option, say) is an error naming it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OptionOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction_rule: Option<DirectionRule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rifle_answer: Option<RifleAnswer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub miss_answer: Option<MissAnswer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_shot: Option<ExtraShot>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_shooter: Option<FirstShooter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round2_setup: Option<Round2Setup>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round2_first: Option<Round2First>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie: Option<Tie>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_rule: Option<SetupRule>,
}

impl OptionOverrides {
    /// Whether nothing is overridden.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == OptionOverrides::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_are_those_of_the_rules() {
        let all = Options {
            direction_rule: DirectionRule::AnyOf8,
            rifle_answer: RifleAnswer::WithoutCell,
            miss_answer: MissAnswer::Silence,
            extra_shot: ExtraShot::AfterKillOrDestruction,
            first_shooter: FirstShooter::Challenged,
            round2_setup: Round2Setup::SameAsRound1,
            round2_first: Round2First::LowerRound1Score,
            tie: Tie::KillsThenFewerShots,
            setup_rule: SetupRule::BesiegedMustBeReachable,
        };
        let json = serde_json::to_string(&all).unwrap();
        assert_eq!(
            json,
            r#"{"direction_rule":"any_of_8","rifle_answer":"without_cell","miss_answer":"silence","extra_shot":"after_kill_or_destruction","first_shooter":"challenged","round2_setup":"same_as_round1","round2_first":"lower_round1_score","tie":"kills_then_fewer_shots","setup_rule":"besieged_must_be_reachable"}"#
        );
        let defaults = serde_json::to_string(&Options::default()).unwrap();
        assert_eq!(
            defaults,
            r#"{"direction_rule":"enters_fortress","rifle_answer":"with_cell","miss_answer":"nothing","extra_shot":"none","first_shooter":"random","round2_setup":"fresh","round2_first":"swap","tie":"draw","setup_rule":"free"}"#
        );
        // Overrides: only what differs, and back again.
        let o = all.overrides_from();
        assert_eq!(serde_json::to_string(&o).unwrap(), json);
        assert_eq!(Options::default().with(&o), all);
        assert!(Options::default().overrides_from().is_empty());
        assert_eq!(serde_json::to_string(&OptionOverrides::default()).unwrap(), "{}");
    }

    #[test]
    fn unknown_option_names_and_values_are_errors() {
        let err = serde_json::from_str::<OptionOverrides>(r#"{"hits_to_win": 3}"#).unwrap_err().to_string();
        assert!(err.starts_with("unknown field `hits_to_win`, expected one of `direction_rule`"), "{err}");
        let err = serde_json::from_str::<OptionOverrides>(r#"{"tie": "coin"}"#).unwrap_err().to_string();
        assert!(err.contains("unknown variant `coin`"), "{err}");
        assert_eq!(Tie::ALL[0], Tie::default());
        assert_eq!(Round2First::LowerRound1Score.to_string(), "lower_round1_score");
    }
}
