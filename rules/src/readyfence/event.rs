//! What an action made happen, in order, for narration. Everything here is public: a card
//! is named only when it is played face up; draws, discards and random picks are counted,
//! never named.

use serde::{Deserialize, Serialize};

use super::action::Guard;
use super::cards::Card;
use crate::{BySeat, Seat};

/// The role a card or action plays in a phrase (R7), as the view and the events show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The opening attack (red).
    Opening,
    /// The first attack again, at +2 (Renewed Attack).
    Renewed,
    /// A parry (blue: P&R, Ceding, Infighting as defence).
    Parry,
    /// A riposte after a successful parry (red: P&R or Infighting at speed − 2).
    Riposte,
    /// A Glide Attack as bonus riposte.
    GlideRiposte,
    /// A counter-attack (cyan: Stop Hit, Disengage as evasion).
    Counter,
    /// Counter-time (blue), a point unless Feint in Time answers.
    CounterTime,
    /// A card that scores at once (Joker, Feint in Time, Ceding against Glide or Flanconade).
    Immediate,
    /// Feint's replacement card (option 1), compared with the defence.
    FeintCard,
    /// Feint, option 2: the phrase stops.
    FeintStop,
    /// A parry without a card.
    NocardParry,
    /// Defence by Distance.
    Distance,
    /// The defender let the threat score.
    Concede,
}

/// How a phrase or a turn scored (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Points {
    /// One touch for this seat.
    Touch(Seat),
    /// A double touch: one each.
    Double,
    /// A double touch that counted nothing (R10.3, extra time).
    VoidDouble,
    /// A penalty: this seat's opponent left the strip (R4.2), or a Flèche placement under
    /// `fleche_place = penalty`; this seat scores.
    Penalty(Seat),
    /// No point.
    None,
}

/// How the bout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winner reached the target.
    Target,
    /// The last period ended with more points for the winner.
    Points,
    /// Extra time: the next point.
    ExtraTimePoint,
    /// Extra time's timer ran out: the priority holder wins.
    Priority,
    /// The tutorial's tie: a single touch.
    TieTouch,
    /// The tutorial's tie: the loser had to act with an empty hand.
    EmptyHand,
    /// The tutorial's tie under `tutorial_tie = any_touch`: a double touch drew the bout.
    TieDouble,
    /// A resignation.
    Resign,
    /// An agreed draw.
    DrawAgreed,
}

impl EndReason {
    /// The short name in replay reports and stats.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Target => "target",
            EndReason::Points => "points",
            EndReason::ExtraTimePoint => "extra_time_point",
            EndReason::Priority => "priority",
            EndReason::TieTouch => "tie_touch",
            EndReason::EmptyHand => "empty_hand",
            EndReason::TieDouble => "tie_double",
            EndReason::Resign => "resign",
            EndReason::DrawAgreed => "draw_agreed",
        }
    }
}

/// Something that happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A player took the mulligan: this many cards back and as many dealt.
    Mulligan {
        /// Who.
        seat: Seat,
        /// How many cards were exchanged.
        cards: u8,
    },
    /// A player kept the dealt hand.
    Kept {
        /// Who.
        seat: Seat,
    },
    /// A turn begins.
    TurnStarted {
        /// Whose.
        seat: Seat,
    },
    /// A turn ended without a phrase.
    TurnEnded {
        /// Whose.
        seat: Seat,
    },
    /// A player declined an optional step (a renew or feint, a Glide bonus, the free swap).
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A player's turn is skipped (`stall_skip = also_next`).
    TurnSkipped {
        /// Whose.
        seat: Seat,
    },
    /// A fencer moved.
    Moved {
        /// Who.
        seat: Seat,
        /// The block now occupied (0 or 11: the end zone).
        to: u8,
    },
    /// A weapon position changed.
    WeaponChanged {
        /// Whose.
        seat: Seat,
        /// The new position.
        guard: Guard,
    },
    /// A player discarded cards and drew (how many drawn: the pile may run short).
    Swapped {
        /// Who.
        seat: Seat,
        /// Cards discarded.
        discarded: u8,
        /// Cards drawn.
        drawn: u8,
    },
    /// A player stalled: SP now, and the timer card burned.
    Stalled {
        /// Who.
        seat: Seat,
        /// SP after the Stall.
        stamina: u8,
    },
    /// A card or a no-card action in a phrase, with its effective speed where it has one.
    Phrase {
        /// Who.
        seat: Seat,
        /// The role.
        role: Role,
        /// The card (none for no-card actions and a concession).
        card: Option<Card>,
        /// Whether an Angulation was attached.
        angulation: bool,
        /// Effective speed (R5.2), where the action has one.
        speed: Option<u8>,
        /// SP paid.
        paid: u8,
    },
    /// A phrase ended.
    PhraseEnded {
        /// How it scored.
        points: Points,
    },
    /// A point outside a phrase (a fencer left the strip during a turn).
    TurnPoint {
        /// How it scored.
        points: Points,
    },
    /// The fencers went back on guard.
    OnGuard,
    /// A period ended.
    PeriodEnded {
        /// Which.
        period: u8,
    },
    /// A new period began, with this many cards in the timer.
    PeriodStarted {
        /// Which.
        period: u8,
        /// Timer pile size.
        timer: u8,
    },
    /// Extra time began.
    ExtraTime {
        /// The priority holder.
        priority: Seat,
        /// Timer pile size.
        timer: u8,
    },
    /// The tutorial's tie rule is in force.
    TutorialTie,
    /// A seat resigned.
    Resigned {
        /// Who.
        seat: Seat,
    },
    /// The players agreed to a draw.
    DrawAgreed {
        /// The seat whose action recorded it.
        seat: Seat,
    },
    /// The bout ended.
    BoutEnded {
        /// The winner, `None` for a draw.
        winner: Option<Seat>,
        /// Why.
        reason: EndReason,
        /// The final score.
        score: BySeat<u32>,
    },
}
