//! Why the rules refuse a move, as data: each game's small error enum, gathered in
//! [`IllegalMove`], names a message and its arguments ([`IllegalMove::message`]) that a front
//! end words in the reader's language. `Display` gives the English words of replays and logs.

use std::fmt;

use crate::{engarde, forteresse, readyfence, Game};

/// An illegal move of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// En Garde or Kengo refused it.
    EnGarde(engarde::PlayError),
    /// Forteresse refused it.
    Forteresse(forteresse::PlayError),
    /// Ready... Fence! refused it.
    ReadyFence(readyfence::PlayError),
    /// An action of another game.
    WrongGame {
        /// The match's game.
        expected: Game,
    },
}

/// A message argument: words that are names (cells, cards, directions) or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageArg {
    /// A name, shown as it is (a cell `C4`, a card `straight_thrust:4`, a direction `NE`).
    Name(String),
    /// A number (Fluent plural selectors read it).
    Number(i64),
}

/// A message id and its arguments. Ids are stable: the bot's catalogues word each one
/// (`locales/*/errors.ftl`, ids `rules-…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message id.
    pub id: &'static str,
    /// Named arguments.
    pub args: Vec<(&'static str, MessageArg)>,
}

impl Message {
    pub(crate) fn new(id: &'static str) -> Message {
        Message { id, args: Vec::new() }
    }

    pub(crate) fn name(mut self, key: &'static str, value: impl fmt::Display) -> Message {
        self.args.push((key, MessageArg::Name(value.to_string())));
        self
    }

    pub(crate) fn number(mut self, key: &'static str, value: impl Into<i64>) -> Message {
        self.args.push((key, MessageArg::Number(value.into())));
        self
    }
}

impl IllegalMove {
    /// The message that says why, in any language.
    #[must_use]
    pub fn message(&self) -> Message {
        use engarde::PlayError as E;
        use forteresse::{FortressError as Fe, PlayError as F, StopReason};
        use readyfence::PlayError as R;
        match self {
            IllegalMove::WrongGame { expected } => Message::new("rules-wrong-game").name("game", expected.title()),
            IllegalMove::EnGarde(e) => match e {
                E::MatchOver => Message::new("rules-match-over"),
                E::NotYourTurn { .. } => Message::new("rules-not-your-decision"),
                E::MustAnswerAttack => Message::new("rules-must-answer-attack"),
                E::NoAttackToAnswer => Message::new("rules-no-attack-to-answer"),
                E::NotInHand(cards) => Message::new("rules-not-in-hand").name("cards", cards),
                E::NoCards => Message::new("rules-no-cards"),
                E::AdvanceTooFar { card, distance } => {
                    Message::new("rules-advance-too-far").number("card", card.value()).number("distance", *distance)
                }
                E::RetreatOffPiste(card) => Message::new("rules-retreat-off-piste").number("card", card.value()),
                E::WrongAttackValue { card, distance } => {
                    Message::new("rules-wrong-attack-value").number("card", card.value()).number("distance", *distance)
                }
                E::TooManyAttackCards => Message::new("rules-too-many-attack-cards"),
                E::NoLungeAtThisLevel => Message::new("rules-no-lunge-at-this-level"),
                E::ParryMismatch => Message::new("rules-parry-mismatch"),
                E::RetreatNotAllowed => Message::new("rules-retreat-not-allowed"),
                E::PileTooShort => Message::new("rules-pile-too-short"),
            },
            IllegalMove::Forteresse(e) => match e {
                F::MatchOver => Message::new("rules-match-over"),
                F::NotYourTurn { .. } => Message::new("rules-not-your-decision"),
                F::Stopped(StopReason::AllKilled) => Message::new("rules-stopped-all-killed"),
                F::Stopped(StopReason::NoCellsLeft) => Message::new("rules-stopped-no-cells-left"),
                F::SetupsPending => Message::new("rules-setups-pending"),
                F::AlreadySetUp => Message::new("rules-already-set-up"),
                F::BadSetup(Fe::WallCount(n)) => {
                    Message::new("rules-setup-wall-count").number("count", i64::try_from(*n).unwrap_or(i64::MAX))
                }
                F::BadSetup(Fe::BesiegedCount(n)) => {
                    Message::new("rules-setup-besieged-count").number("count", i64::try_from(*n).unwrap_or(i64::MAX))
                }
                F::BadSetup(Fe::OutsideFortress(c)) => Message::new("rules-setup-outside-fortress").name("cell", c),
                F::BadSetup(Fe::Repeated(c)) => Message::new("rules-setup-repeated").name("cell", c),
                F::BadSetup(Fe::Unreachable(c)) => Message::new("rules-setup-unreachable").name("cell", c),
                F::BadSetup(Fe::BadMask) => Message::new("rules-setup-outside-fortress").name("cell", "?"),
                F::NotARingCell(c) => Message::new("rules-not-a-ring-cell").name("cell", c),
                F::CellUsed(c) => Message::new("rules-cell-used").name("cell", c),
                F::BadDirection { from, dir, legal } => Message::new("rules-bad-direction")
                    .name("cell", from)
                    .name("dir", dir)
                    .name("legal", legal)
                    .number("ways", i64::try_from(legal.len()).unwrap_or(i64::MAX)),
            },
            IllegalMove::ReadyFence(e) => match e {
                R::BoutOver => Message::new("rules-match-over"),
                R::NotYourDecision { .. } => Message::new("rules-not-your-decision"),
                R::NotHeld { card, .. } => Message::new("rules-card-not-held").name("card", card),
                R::NotNow { stage, .. } => Message::new("rules-not-now").name("stage", stage.name()),
            },
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::EnGarde(e) => e.fmt(f),
            IllegalMove::Forteresse(e) => e.fmt(f),
            IllegalMove::ReadyFence(e) => e.fmt(f),
            IllegalMove::WrongGame { expected } => write!(f, "that is not a move of {}", expected.title()),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl From<engarde::PlayError> for IllegalMove {
    fn from(e: engarde::PlayError) -> Self {
        IllegalMove::EnGarde(e)
    }
}

impl From<forteresse::PlayError> for IllegalMove {
    fn from(e: forteresse::PlayError) -> Self {
        IllegalMove::Forteresse(e)
    }
}

impl From<readyfence::PlayError> for IllegalMove {
    fn from(e: readyfence::PlayError) -> Self {
        IllegalMove::ReadyFence(e)
    }
}

/// Every message id [`IllegalMove::message`] may name, with its argument names: the
/// catalogues must word each (the bot's catalogue test checks them).
pub const MESSAGES: &[(&str, &[&str])] = &[
    ("rules-wrong-game", &["game"]),
    ("rules-match-over", &[]),
    ("rules-not-your-decision", &[]),
    ("rules-must-answer-attack", &[]),
    ("rules-no-attack-to-answer", &[]),
    ("rules-not-in-hand", &["cards"]),
    ("rules-no-cards", &[]),
    ("rules-advance-too-far", &["card", "distance"]),
    ("rules-retreat-off-piste", &["card"]),
    ("rules-wrong-attack-value", &["card", "distance"]),
    ("rules-too-many-attack-cards", &[]),
    ("rules-no-lunge-at-this-level", &[]),
    ("rules-parry-mismatch", &[]),
    ("rules-retreat-not-allowed", &[]),
    ("rules-pile-too-short", &[]),
    ("rules-stopped-all-killed", &[]),
    ("rules-stopped-no-cells-left", &[]),
    ("rules-setups-pending", &[]),
    ("rules-already-set-up", &[]),
    ("rules-setup-wall-count", &["count"]),
    ("rules-setup-besieged-count", &["count"]),
    ("rules-setup-outside-fortress", &["cell"]),
    ("rules-setup-repeated", &["cell"]),
    ("rules-setup-unreachable", &["cell"]),
    ("rules-not-a-ring-cell", &["cell"]),
    ("rules-cell-used", &["cell"]),
    ("rules-bad-direction", &["cell", "dir", "legal", "ways"]),
    ("rules-card-not-held", &["card"]),
    ("rules-not-now", &["stage"]),
];
