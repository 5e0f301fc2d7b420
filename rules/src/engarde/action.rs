//! Actions a player takes, and why an action may be refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::card::{Card, Cards};
use crate::Seat;

/// One decision of a player.
///
/// Every action but [`Action::Resign`] and [`Action::AgreeDraw`] is taken by the
/// seat whose decision is awaited; those two are allowed to either seat at any
/// time until the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play one card and move that many spaces toward the opponent.
    Advance(Card),
    /// Play one card and move that many spaces away from the opponent. Against an
    /// advance-and-attack (advanced level) this is the retreat defence.
    Retreat(Card),
    /// Play `count` cards of value `card`, which must equal the distance.
    Attack {
        /// The value of the attack cards.
        card: Card,
        /// How many of them (one in the basic game).
        count: u8,
    },
    /// Advanced level: play `advance` to move, then `count` cards of value
    /// `attack`, which must equal the new distance.
    AdvanceAttack {
        /// The card played to advance.
        advance: Card,
        /// The value of the attack cards.
        attack: Card,
        /// How many attack cards.
        count: u8,
    },
    /// Answer an attack with these cards.
    Parry(Cards),
    /// Decline to parry: the attacker scores the hit.
    AcceptHit,
    /// Give up the match.
    Resign,
    /// End the match as a draw, both players agreeing (the offer itself is made
    /// outside the rules; this records the acceptance).
    AgreeDraw,
}

impl Action {
    /// The cards this action puts on the discard pile.
    #[must_use]
    #[inline(always)]
    pub fn cards(&self) -> Cards {
        match *self {
            Action::Advance(c) | Action::Retreat(c) => Cards::of(c, 1),
            Action::Attack { card, count } => Cards::of(card, count),
            Action::AdvanceAttack { advance, attack, count } => {
                let mut cards = Cards::of(attack, count);
                cards.add(advance, 1);
                cards
            }
            Action::Parry(cards) => cards,
            Action::AcceptHit | Action::Resign | Action::AgreeDraw => Cards::EMPTY,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Advance(c) => write!(f, "advance {c}"),
            Action::Retreat(c) => write!(f, "retreat {c}"),
            Action::Attack { card, count } => write!(f, "attack with {}", Cards::of(*card, *count)),
            Action::AdvanceAttack { advance, attack, count } => {
                write!(f, "advance {advance} and attack with {}", Cards::of(*attack, *count))
            }
            Action::Parry(cards) => write!(f, "parry with {cards}"),
            Action::AcceptHit => f.write_str("take the hit"),
            Action::Resign => f.write_str("resign"),
            Action::AgreeDraw => f.write_str("agree to a draw"),
        }
    }
}

/// An action with the seat that took it: one entry of a match's action log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatedAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
}

/// Why an action was refused. The game is left untouched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The match has ended.
    MatchOver,
    /// Another seat's decision is awaited.
    NotYourTurn {
        /// The seat whose decision is awaited.
        to_act: Seat,
    },
    /// The action is not one of the answers to an attack.
    MustAnswerAttack,
    /// Parrying or taking a hit when there is no attack to answer.
    NoAttackToAnswer,
    /// The cards are not all in the player's hand.
    NotInHand(Cards),
    /// An attack or parry with no cards.
    NoCards,
    /// An advance onto or past the opponent.
    AdvanceTooFar {
        /// The card played.
        card: Card,
        /// The distance between the fencers.
        distance: u8,
    },
    /// A retreat that would leave the piste.
    RetreatOffPiste(Card),
    /// Attack cards whose value is not the distance.
    WrongAttackValue {
        /// The attack card's value.
        card: Card,
        /// The distance the attack must match.
        distance: u8,
    },
    /// More attack cards than the rules allow (one in the basic game and, with
    /// `lunge_attack_cards = one`, in a lunge).
    TooManyAttackCards,
    /// Advance-and-attack outside the advanced game.
    NoLungeAtThisLevel,
    /// The parry does not match the attack.
    ParryMismatch,
    /// A retreat against an attack that was not an advance-and-attack.
    RetreatNotAllowed,
    /// With `short_draw = limit_play`: the pile cannot refill the hand afterwards.
    PileTooShort,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::MatchOver => f.write_str("the match is over"),
            PlayError::NotYourTurn { to_act } => write!(f, "it is {to_act}'s decision now"),
            PlayError::MustAnswerAttack => {
                f.write_str("you must answer the attack first: parry, retreat or take the hit")
            }
            PlayError::NoAttackToAnswer => f.write_str("there is no attack to answer"),
            PlayError::NotInHand(cards) => write!(f, "you do not hold {cards}"),
            PlayError::NoCards => f.write_str("at least one card is needed"),
            PlayError::AdvanceTooFar { card, distance } => write!(
                f,
                "cannot advance {card}: the opponent is {distance} spaces away and you may not reach or pass them"
            ),
            PlayError::RetreatOffPiste(card) => write!(f, "cannot retreat {card}: that would leave the piste"),
            PlayError::WrongAttackValue { card, distance } => {
                write!(f, "cannot attack with {card}: an attack needs cards equal to the distance, {distance}")
            }
            PlayError::TooManyAttackCards => f.write_str("this attack may use only one card"),
            PlayError::NoLungeAtThisLevel => f.write_str("advance-and-attack is only in the advanced game"),
            PlayError::ParryMismatch => f.write_str("the parry does not match the attack"),
            PlayError::RetreatNotAllowed => {
                f.write_str("only an advance-and-attack can be answered by retreating; parry or take the hit")
            }
            PlayError::PileTooShort => f.write_str("the pile has too few cards left to refill your hand after that"),
        }
    }
}

impl std::error::Error for PlayError {}
