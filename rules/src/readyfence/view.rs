//! What everyone may see, and what each seat may see.
//!
//! A [`PublicView`] is built from public facts only: the strip, weapons, stamina, score,
//! period, pile sizes, hand sizes and the phrase in progress card by card. No hand, no pile's
//! content and nothing of the generator is in it. A [`SeatView`] adds that seat's own hand
//! and legal actions.

use serde::{Deserialize, Serialize};

use super::action::{Action, Guard};
use super::cards::{table, Card};
use super::event::{EndReason, Role};
use super::options::{Options, Variant};
use super::state::{Phase, ReadyFence, Stage, Sudden};
use crate::{BySeat, Seat, ToAct};

/// The distance between the fencers, named (R1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Distance {
    /// No empty block between them: only Infighting.
    Short,
    /// One empty block: the lunge cards.
    Lunge,
    /// Two empty blocks: only the Flèche.
    Long,
    /// Three or more: no phrase can start.
    OutOfDistance,
}

impl Distance {
    /// The distance of a gap.
    #[must_use]
    pub const fn of_gap(gap: u8) -> Distance {
        match gap {
            0 => Distance::Short,
            1 => Distance::Lunge,
            2 => Distance::Long,
            _ => Distance::OutOfDistance,
        }
    }
}

/// What the bout awaits, publicly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Awaiting {
    /// A mulligan decision.
    Mulligan,
    /// A turn.
    Turn,
    /// The tutorial's free swap after a turn without a phrase.
    FreeSwap,
    /// An answer to the pending threat.
    Answer,
    /// The opener may renew or feint.
    RenewOrFeint,
    /// The parrier may riposte with a Glide bonus.
    GlideBonus,
    /// The bout is over.
    Over,
}

/// One card or no-card action of the phrase in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PhraseStep {
    /// Who.
    pub seat: Seat,
    /// Its role.
    pub role: Role,
    /// The card, if any.
    pub card: Option<Card>,
    /// Whether an Angulation is attached.
    pub angulation: bool,
    /// Its effective speed (R5.2), where it has one.
    pub speed: Option<u8>,
}

/// The phrase in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhraseView {
    /// Who opened it.
    pub opener: Seat,
    /// Whether it is a Flèche.
    pub fleche: bool,
    /// Every step so far, in order.
    pub steps: Vec<PhraseStep>,
    /// The pending threat's owner, card, and effective speed (none for Counter-time).
    pub threat: PhraseStep,
    /// Main cards played per seat (at most 2, R7.2).
    pub main_cards: BySeat<u8>,
    /// Who has used their no-card action.
    pub nocard_used: BySeat<bool>,
}

/// The turn in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnView {
    /// Whose turn.
    pub seat: Seat,
    /// Non-play actions taken (a turn holds two, or one before a Play).
    pub actions: u8,
    /// The weapon was changed this turn.
    pub weapon_changed: bool,
    /// The Discard/Draw was used this turn.
    pub swapped: bool,
    /// A Retreat was made this turn.
    pub retreated: bool,
}

/// Everything everyone may know about a bout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    /// The mode.
    pub variant: Variant,
    /// The rule options in force.
    pub options: Options,
    /// The target (5, 10 or 15).
    pub target: u8,
    /// The period in play, and how many the bout has.
    pub period: u8,
    /// Periods of the bout.
    pub periods: u8,
    /// Extra time (B, A): the priority holder; `None` outside extra time.
    pub extra_time_priority: Option<Seat>,
    /// The tutorial's tie rule is in force.
    pub tutorial_tie: bool,
    /// Blocks 1..=10; seat A (Green) faces up the strip, seat B (Red) down.
    pub positions: BySeat<u8>,
    /// Empty blocks between the fencers.
    pub gap: u8,
    /// The gap, named.
    pub distance: Distance,
    /// Weapon positions.
    pub weapons: BySeat<Guard>,
    /// Stamina, 0..=6.
    pub stamina: BySeat<u8>,
    /// Points.
    pub score: BySeat<u32>,
    /// Cards in the timer pile.
    pub timer: u8,
    /// Cards in the reserve.
    pub reserve: u8,
    /// Cards in the discard pile.
    pub discards: u8,
    /// Cards in each hand.
    pub hand_sizes: BySeat<u8>,
    /// Who has made their mulligan decision.
    pub mulligan_done: BySeat<bool>,
    /// Who stalled in their last turn (and so may not stall now).
    pub stalled_last: BySeat<bool>,
    /// Who plays first.
    pub first_player: Seat,
    /// What the bout awaits.
    pub stage: Awaiting,
    /// The turn in progress.
    pub turn: Option<TurnView>,
    /// The phrase in progress.
    pub phrase: Option<PhraseView>,
    /// Whose decision is awaited.
    pub to_act: ToAct,
    /// The winner once over (`None` also for a draw).
    pub winner: Option<Seat>,
    /// Why the bout ended, once over.
    pub end: Option<EndReason>,
}

/// What one seat may see: the public view, its own hand, its legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The public view.
    #[serde(flatten)]
    pub public: PublicView,
    /// The seat.
    pub seat: Seat,
    /// Its hand, sorted.
    pub hand: Vec<Card>,
    /// Its legal actions now (resign and agree-draw aside).
    #[serde(serialize_with = "actions_as_text")]
    pub legal: Vec<Action>,
}

fn actions_as_text<S: serde::Serializer>(actions: &[Action], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(actions.iter().map(ToString::to_string))
}

fn count(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

impl ReadyFence {
    /// What everyone may see.
    #[must_use]
    pub fn public_view(&self) -> PublicView {
        let (stage, turn, phrase) = match &self.phase {
            Phase::Mulligan(_) => (Awaiting::Mulligan, None, None),
            Phase::Turn(seat, t) => (
                Awaiting::Turn,
                Some(TurnView {
                    seat: *seat,
                    actions: t.actions,
                    weapon_changed: t.weapon,
                    swapped: t.swap,
                    retreated: t.retreat,
                }),
                None,
            ),
            Phase::FreeSwap(_) => (Awaiting::FreeSwap, None, None),
            Phase::Phrase(p) => {
                let stage = match p.stage {
                    Stage::Answer => Awaiting::Answer,
                    Stage::RenewFeint { .. } => Awaiting::RenewOrFeint,
                    Stage::Glide { .. } => Awaiting::GlideBonus,
                };
                let step = |s: &super::state::Step| PhraseStep {
                    seat: s.seat,
                    role: s.role,
                    card: s.card,
                    angulation: s.angulation,
                    speed: s.speed,
                };
                let threat_role = match p.threat.origin {
                    super::state::Origin::Opening => Role::Opening,
                    super::state::Origin::Renewed => Role::Renewed,
                    super::state::Origin::Riposte => Role::Riposte,
                    super::state::Origin::GlideRiposte => Role::GlideRiposte,
                    super::state::Origin::Counter => Role::Counter,
                    super::state::Origin::CounterTime => Role::CounterTime,
                };
                let view = PhraseView {
                    opener: p.opener,
                    fleche: p.fleche,
                    steps: p.steps.iter().map(step).collect(),
                    threat: PhraseStep {
                        seat: p.threat.owner,
                        role: threat_role,
                        card: Some(p.threat.card),
                        angulation: false,
                        speed: p.threat.speed,
                    },
                    main_cards: p.main,
                    nocard_used: p.nocard,
                };
                (stage, None, Some(view))
            }
            Phase::Over { .. } => (Awaiting::Over, None, None),
        };
        let (winner, end) = match self.phase {
            Phase::Over { winner, reason } => (winner, Some(reason)),
            _ => (None, None),
        };
        let gap = self.gap();
        PublicView {
            variant: self.variant,
            options: self.options,
            target: self.options.target.get(),
            period: self.period,
            periods: self.variant.periods(self.options.target),
            extra_time_priority: match self.sudden {
                Some(Sudden::ExtraTime(s)) => Some(s),
                _ => None,
            },
            tutorial_tie: self.sudden == Some(Sudden::TutorialTie),
            positions: self.pos,
            gap,
            distance: Distance::of_gap(gap),
            weapons: self.weapon,
            stamina: self.sp,
            score: self.score,
            timer: count(self.timer.len()),
            reserve: count(self.reserve.len()),
            discards: count(self.discard.len()),
            hand_sizes: self.hand.clone().map(|h| count(h.len())),
            mulligan_done: self.mulligan_done,
            stalled_last: self.stalled_last,
            first_player: self.first,
            stage,
            turn,
            phrase,
            to_act: self.to_act(),
            winner,
            end,
        }
    }

    /// What `seat` may see.
    #[must_use]
    pub fn view(&self, seat: Seat) -> SeatView {
        let t = table();
        let mut hand: Vec<Card> = self.hand.get(seat).iter().map(|&id| t.card(id)).collect();
        hand.sort_unstable();
        SeatView { public: self.public_view(), seat, hand, legal: self.legal_actions(seat) }
    }
}
