//! Rule options: every point where the rule texts disagree or are silent is a
//! named option here, with the default chosen in the project's `rules.md`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::variant::{Family, Variant};

/// How a parry must match the attack (`parry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParryRule {
    /// Default. The same number of cards of the same value (seeds 000 and 001).
    Identical,
    /// The same number of cards reaching the same total, e.g. 2 + 4 parries 3 + 3 (seed 002).
    SameCountSameTotal,
}

/// How many attack cards an advance-and-attack may use (`lunge_attack_cards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LungeAttackCards {
    /// Exactly one attack card after the advance card.
    One,
    /// Default. One or more attack cards of the same value, as in Kengo's advanced game.
    Many,
}

/// Who starts the first round (`first_player`); later rounds follow [`RoundStarter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Default. Drawn at random from the match seed and announced (1996 Abacus edition).
    Random,
    /// Seat A, the challenger.
    Challenger,
    /// Seat B, the challenged player.
    Challenged,
}

/// Where the fencers stand when a round begins (`start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartSpaces {
    /// En Garde: on the end spaces of the piste, 1 and 23.
    OnPiste,
    /// Kengo: one space outside each end (0 and 24), so the first move enters the piste.
    OffPiste,
}

/// Who starts each round after the first (`round_starter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundStarter {
    /// En Garde: the starting player alternates from round to round.
    Alternate,
    /// Kengo: the loser of the previous round starts; after a drawn round, alternate.
    Loser,
}

/// The basic game's last attack once the pile is empty (`basic_last_attack`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BasicLastAttack {
    /// Default. The player who did not draw the last card wins the round (reason `hit`)
    /// if they hold a card of the distance's value; the attack always hits, so it is
    /// played automatically.
    Automatic,
    /// No last attack: the round is decided by position at once.
    None,
}

/// A player whose hand is empty after parrying, at their own turn (`empty_hand_after_parry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyHandAfterParry {
    /// Default (seed 001). Not stuck: they play nothing, draw up to the hand size,
    /// and the turn passes.
    DrawAndPass,
    /// They have no legal action, so they lose the round (reason `stuck`).
    Stuck,
}

/// A player who must draw more cards than the pile holds (`short_draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortDraw {
    /// Default. They take what is left, and that draw counts as drawing the last card.
    TakeRest,
    /// An action is legal only if the pile can refill the hand afterwards.
    LimitPlay,
}

/// Whether an attack straight after a parry can itself be parried (`riposte`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Riposte {
    /// Default (`rules.md`, seeds 000 and 001). A riposte is an ordinary attack: it can be parried.
    Parriable,
    /// Seed 002's reading: "a riposte is an immediate win of the round".
    AlwaysHits,
}

/// The complete rule options of a match.
///
/// Start from a variant's defaults with [`Options::for_variant`] and change
/// fields, or apply [`OptionOverrides`] (the `options` object of a match record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// How a parry must match the attack.
    pub parry: ParryRule,
    /// Rounds ("hits") needed to win a game, 1 to 15. Default 5.
    pub hits_to_win: u8,
    /// How many attack cards an advance-and-attack may use (advanced level).
    pub lunge_attack_cards: LungeAttackCards,
    /// Who starts round 1.
    pub first_player: FirstPlayer,
    /// Where the fencers start each round.
    pub start: StartSpaces,
    /// Who starts later rounds.
    pub round_starter: RoundStarter,
    /// Games in the match: 1, 3 or 5 (the first to win a majority wins). Default 1;
    /// Kengo may be played best of 3.
    pub best_of: u8,
    /// The basic game's last attack at the end of the pile.
    pub basic_last_attack: BasicLastAttack,
    /// A player whose hand is empty after parrying.
    pub empty_hand_after_parry: EmptyHandAfterParry,
    /// A player who must draw more than the pile holds.
    pub short_draw: ShortDraw,
    /// Copies of each value 1 to 5 in the deck, 1 to 10. Default 5 (a 25-card deck).
    pub copies: u8,
    /// Cards in a full hand, 1 to 10. Default 5.
    pub hand_size: u8,
    /// Whether a riposte can be parried.
    pub riposte: Riposte,
}

/// Calls `$m!(field, field, …)` with the name of every option, so that code
/// touching all options lists them once.
macro_rules! every_option {
    ($m:ident) => {
        $m!(
            parry,
            hits_to_win,
            lunge_attack_cards,
            first_player,
            start,
            round_starter,
            best_of,
            basic_last_attack,
            empty_hand_after_parry,
            short_draw,
            copies,
            hand_size,
            riposte
        )
    };
}

impl Options {
    /// The default options of `variant`.
    #[must_use]
    pub fn for_variant(variant: Variant) -> Options {
        let kengo = variant.family() == Family::Kengo;
        Options {
            parry: ParryRule::Identical,
            hits_to_win: 5,
            lunge_attack_cards: LungeAttackCards::Many,
            first_player: FirstPlayer::Random,
            start: if kengo { StartSpaces::OffPiste } else { StartSpaces::OnPiste },
            round_starter: if kengo { RoundStarter::Loser } else { RoundStarter::Alternate },
            best_of: 1,
            basic_last_attack: BasicLastAttack::Automatic,
            empty_hand_after_parry: EmptyHandAfterParry::DrawAndPass,
            short_draw: ShortDraw::TakeRest,
            copies: 5,
            hand_size: 5,
            riposte: Riposte::Parriable,
        }
    }

    /// Checks the numeric options' ranges.
    ///
    /// # Errors
    /// An [`OptionsError`] naming the option that is out of range.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(1..=15).contains(&self.hits_to_win) {
            return Err(OptionsError::new("hits_to_win", OptionProblem::Range { min: 1, max: 15 }));
        }
        if ![1, 3, 5].contains(&self.best_of) {
            return Err(OptionsError::new(
                "best_of",
                OptionProblem::OneOf { value: self.best_of, allowed: &[1, 3, 5] },
            ));
        }
        if !(1..=10).contains(&self.copies) {
            return Err(OptionsError::new("copies", OptionProblem::Range { min: 1, max: 10 }));
        }
        if !(1..=10).contains(&self.hand_size) {
            return Err(OptionsError::new("hand_size", OptionProblem::Range { min: 1, max: 10 }));
        }
        if u32::from(self.deck_size()) <= 2 * u32::from(self.hand_size) {
            return Err(OptionsError::new(
                "hand_size",
                OptionProblem::NoPile { hand_size: self.hand_size, deck: self.deck_size() },
            ));
        }
        Ok(())
    }

    /// The number of cards in the deck.
    #[must_use]
    pub fn deck_size(&self) -> u8 {
        self.copies * super::card::MAX_VALUE
    }

    /// Games a player must win to win the match.
    #[must_use]
    pub fn games_to_win(&self) -> u8 {
        self.best_of / 2 + 1
    }

    /// Applies the overrides given in a match record or a command.
    ///
    /// # Errors
    /// An [`OptionsError`] if the result is out of range.
    pub fn with(mut self, o: &OptionOverrides) -> Result<Options, OptionsError> {
        macro_rules! apply {
            ($($field:ident),*) => { $( if let Some(v) = o.$field { self.$field = v; } )* };
        }
        every_option!(apply);
        self.validate()?;
        Ok(self)
    }

    /// The overrides that turn `variant`'s defaults into these options
    /// (only the options that differ), for compact match records.
    #[must_use]
    pub fn overrides_from(&self, variant: Variant) -> OptionOverrides {
        let d = Options::for_variant(variant);
        macro_rules! diff {
            ($($field:ident),*) => { OptionOverrides { $( $field: (self.$field != d.$field).then_some(self.$field), )* } };
        }
        every_option!(diff)
    }
}

/// Optional changes to a variant's default options, by the option names of `rules.md`.
/// Unknown names are rejected when deserialising.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OptionOverrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parry: Option<ParryRule>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hits_to_win: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lunge_attack_cards: Option<LungeAttackCards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<FirstPlayer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<StartSpaces>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_starter: Option<RoundStarter>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_of: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basic_last_attack: Option<BasicLastAttack>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empty_hand_after_parry: Option<EmptyHandAfterParry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short_draw: Option<ShortDraw>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copies: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_size: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub riposte: Option<Riposte>,
}

/// An option whose value is out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    /// The option's name, as in match records.
    pub option: &'static str,
    /// What is wrong.
    pub problem: OptionProblem,
}

/// What is wrong with an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionProblem {
    /// It must be from `min` to `max`.
    Range {
        /// The smallest value allowed.
        min: u8,
        /// The largest value allowed.
        max: u8,
    },
    /// It must be one of `allowed`.
    OneOf {
        /// The value given.
        value: u8,
        /// The values allowed.
        allowed: &'static [u8],
    },
    /// Two hands of `hand_size` cards leave no pile in a deck of `deck` cards.
    NoPile {
        /// Cards in a full hand.
        hand_size: u8,
        /// Cards in the deck.
        deck: u8,
    },
}

impl OptionsError {
    fn new(option: &'static str, problem: OptionProblem) -> Self {
        OptionsError { option, problem }
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option `{}` ", self.option)?;
        match self.problem {
            OptionProblem::Range { min, max } => write!(f, "must be from {min} to {max}"),
            OptionProblem::OneOf { allowed, .. } => {
                let values: Vec<String> = allowed.iter().map(u8::to_string).collect();
                write!(f, "must be one of {}", values.join(", "))
            }
            OptionProblem::NoPile { .. } => f.write_str("is too large: two hands must leave cards in the pile"),
        }
    }
}

impl std::error::Error for OptionsError {}
