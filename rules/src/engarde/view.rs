//! What each seat may see, and what everyone may see.
//!
//! A [`PublicView`] holds no hand, no pile order and no seed, so rendering a
//! public message from it cannot leak a secret. A [`SeatView`] adds the seat's
//! own hand and legal actions, and nothing of the other hand.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::card::{Card, Cards};
use super::event::RoundResult;
use super::game::{EnGarde, Phase};
use super::options::Options;
use super::variant::Variant;
use crate::{BySeat, Seat};

/// Everything everyone may know about a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    /// The variant.
    pub variant: Variant,
    /// The rule options in force.
    pub options: Options,
    /// Who started round 1.
    pub first_player: Seat,
    /// Round number over the whole match, from 1.
    pub round: u16,
    /// Game number, from 1.
    pub game: u8,
    /// Who started the current round.
    pub round_first: Seat,
    /// Rounds won in the current game ("hits").
    pub score: BySeat<u8>,
    /// Rounds won over the whole match.
    pub rounds_won: BySeat<u8>,
    /// Games won (best-of matches).
    pub games: BySeat<u8>,
    /// Each fencer's space.
    pub positions: BySeat<u8>,
    /// Each fencer's start space.
    pub starts: BySeat<u8>,
    /// Spaces between the fencers.
    pub distance: u8,
    /// Cards left in the draw pile.
    pub pile: u8,
    /// The top card of the discard pile.
    pub last_card: Option<Card>,
    /// How many cards each player holds.
    pub hand_sizes: BySeat<u8>,
    /// Whose decision is awaited and what kind (an attack's cards are public).
    pub phase: Phase,
    /// Every ended round, with hands where the rules revealed them.
    pub rounds: Vec<RoundResult>,
    /// The match winner, once it is over.
    pub winner: Option<Seat>,
    /// How many actions have been played: a turn counter for stale prompts.
    pub turn: u32,
}

impl PublicView {
    /// The seat whose decision is awaited.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        self.phase.to_act()
    }
}

/// What one seat may see: the public view, their own hand, their legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Whose view this is.
    pub seat: Seat,
    /// Their hand.
    pub hand: Cards,
    /// Their legal actions now (empty when it is not their decision).
    pub legal_actions: Vec<Action>,
    /// What everyone sees.
    pub public: PublicView,
}

impl EnGarde {
    /// What everyone may see.
    #[must_use]
    pub fn public_view(&self) -> PublicView {
        let r = &self.round;
        PublicView {
            variant: self.variant,
            options: self.options,
            first_player: self.first_player,
            round: r.number,
            game: r.game,
            round_first: r.first,
            score: self.score,
            rounds_won: self.total,
            games: self.games,
            positions: r.positions,
            starts: BySeat::new_with(|s| self.start_space(s)),
            distance: self.distance(),
            pile: r.pile.len() as u8,
            last_card: r.last_card,
            hand_sizes: r.hands.map(|h| h.len()),
            phase: r.phase,
            rounds: self.rounds.clone(),
            winner: self.winner,
            turn: self.turn,
        }
    }

    /// What `seat` may see.
    #[must_use]
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView {
            seat,
            hand: self.hand(seat),
            legal_actions: if self.to_act() == Some(seat) { self.legal_actions() } else { Vec::new() },
            public: self.public_view(),
        }
    }
}
