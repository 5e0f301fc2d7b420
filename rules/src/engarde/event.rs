//! What happened: public events a front end can narrate.
//!
//! Every event is public information: nothing here reveals a hand before the
//! rules reveal it, the pile's order or the seed.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::card::{Card, Cards};
use crate::{BySeat, Seat};

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEndReason {
    /// An attack that was not parried.
    Hit,
    /// The loser had no legal action.
    Stuck,
    /// End of the pile: more cards of the distance's value in hand.
    HandCount,
    /// End of the pile: decided by how far each fencer has moved.
    Position,
    /// End of the pile, equal in everything: nobody scores.
    Drawn,
    /// A player resigned the match.
    Resign,
}

impl RoundEndReason {
    /// The reason's name in match records, e.g. `hand_count`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RoundEndReason::Hit => "hit",
            RoundEndReason::Stuck => "stuck",
            RoundEndReason::HandCount => "hand_count",
            RoundEndReason::Position => "position",
            RoundEndReason::Drawn => "drawn",
            RoundEndReason::Resign => "resign",
        }
    }
}

impl fmt::Display for RoundEndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// The round's winner, `None` for a drawn round.
    pub winner: Option<Seat>,
    /// Why the round ended.
    pub reason: RoundEndReason,
    /// Both hands, when the rules revealed them (end of the pile, standard and advanced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<BySeat<Cards>>,
}

/// Something that happened in the match, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number over the whole match, from 1.
        round: u16,
        /// Game number, from 1 (Kengo may be played best of 3).
        game: u8,
        /// Who plays first in this round.
        first: Seat,
    },
    /// A fencer advanced.
    Advanced {
        /// Who moved.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The fencer's new space.
        to: u8,
    },
    /// A fencer retreated.
    Retreated {
        /// Who moved.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The fencer's new space.
        to: u8,
        /// Whether this was the retreat defence against an advance-and-attack.
        defence: bool,
    },
    /// A fencer attacked (possibly as a riposte right after parrying).
    Attacked {
        /// The attacker.
        seat: Seat,
        /// The value of the attack cards.
        card: Card,
        /// How many.
        count: u8,
        /// Whether this attack came straight after the attacker's parry.
        riposte: bool,
    },
    /// A fencer advanced and attacked (lunge).
    Lunged {
        /// The attacker.
        seat: Seat,
        /// The card played to advance.
        advance: Card,
        /// The attacker's new space.
        to: u8,
        /// The value of the attack cards.
        attack: Card,
        /// How many attack cards.
        count: u8,
    },
    /// The defender parried.
    Parried {
        /// The defender.
        seat: Seat,
        /// The parry's cards.
        cards: Cards,
    },
    /// The defender chose to take the hit.
    HitAccepted {
        /// The defender.
        seat: Seat,
    },
    /// The defender had no parry (and no retreat), so the attack hit.
    CannotParry {
        /// The defender.
        seat: Seat,
    },
    /// A player drew cards (only the number is public).
    Drew {
        /// Who drew.
        seat: Seat,
        /// How many cards.
        count: u8,
    },
    /// That draw took the last card of the pile: the round ends now.
    PileEmptied {
        /// Who drew the last card.
        seat: Seat,
    },
    /// A player with an empty hand after parrying played nothing, drew and passed.
    PassedWithEmptyHand {
        /// Who passed.
        seat: Seat,
    },
    /// Basic game: the last attack after the pile ran out, played automatically.
    LastAttack {
        /// The attacker.
        seat: Seat,
        /// The attack card.
        card: Card,
    },
    /// End of the pile: both hands shown and the cards of the distance's value counted.
    HandsRevealed {
        /// Both hands.
        hands: BySeat<Cards>,
        /// Cards of the distance's value in each hand.
        attacking: BySeat<u8>,
    },
    /// A player had no legal action.
    Stuck {
        /// Who could not act.
        seat: Seat,
    },
    /// The players agreed to end the match as a draw.
    DrawAgreed {
        /// Who accepted the draw.
        seat: Seat,
    },
    /// A player resigned.
    Resigned {
        /// Who resigned.
        seat: Seat,
    },
    /// A round ended.
    RoundEnded {
        /// The round's result.
        result: RoundResult,
        /// Rounds won in the current game after it.
        score: BySeat<u8>,
    },
    /// A game of a best-of match ended.
    GameEnded {
        /// Who won the game.
        winner: Seat,
        /// Games won after it.
        games: BySeat<u8>,
    },
    /// The match ended.
    MatchEnded {
        /// Who won the match, `None` for an agreed draw.
        winner: Option<Seat>,
    },
}
