//! Playing an action: the mulligan, turns and their game actions (R3, R4), points (R10),
//! periods, extra time and the tutorial's tie (R11).

use super::action::{Action, Guard, SeatedAction, Step};
use super::cards::{table, Card};
use super::event::{EndReason, Event, Points};
use super::options::{
    DoubleVoid, ExtraDouble, ExtraTimer, PeriodReset, PeriodTimer, Retreat, SpRecovery, StallSkip, TutorialTie, Variant,
};
use super::state::{on_guard, shuffle, Phase, ReadyFence, Sudden, Turn, HAND, MAX_SP};
use crate::chance;
use crate::{BySeat, Seat};

/// Why an action was refused. The bout is left untouched; the text holds no secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The bout has ended.
    BoutOver,
    /// Another seat decides (`None`: nobody single, e.g. the other player).
    NotYourDecision {
        /// The seat to act, if one.
        to_act: Option<Seat>,
    },
    /// The action names a card the player does not hold.
    NotHeld {
        /// The action tried.
        action: Action,
        /// The card not held.
        card: Card,
    },
    /// The action is not one of the legal choices at this decision.
    NotNow {
        /// The action tried.
        action: Action,
        /// The decision awaited.
        stage: Decision,
    },
}

/// The kind of decision a Ready... Fence! bout awaits (named in refusals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The mulligan decision.
    Mulligan,
    /// A turn's game actions.
    Turn,
    /// The tutorial's free swap.
    FreeSwap,
    /// An answer in a phrase.
    Answer,
    /// The choice to renew or feint.
    RenewFeint,
    /// The choice of a Glide riposte.
    Glide,
    /// Nothing: the bout is over.
    End,
}

impl Decision {
    /// The decision's name in messages: `mulligan`, `turn`, `free_swap`, `answer`,
    /// `renew_feint`, `glide`, `end`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Decision::Mulligan => "mulligan",
            Decision::Turn => "turn",
            Decision::FreeSwap => "free_swap",
            Decision::Answer => "answer",
            Decision::RenewFeint => "renew_feint",
            Decision::Glide => "glide",
            Decision::End => "end",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Decision::Mulligan => "the mulligan decision",
            Decision::Turn => "your turn",
            Decision::FreeSwap => "the tutorial's free swap",
            Decision::Answer => "your answer in the phrase",
            Decision::RenewFeint => "the choice to renew or feint",
            Decision::Glide => "the choice of a Glide riposte",
            Decision::End => "the end",
        }
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::BoutOver => f.write_str("the bout is over"),
            PlayError::NotYourDecision { to_act } => {
                write!(f, "not your decision: {} is to act", to_act.map_or("the other player", Seat::as_str))
            }
            PlayError::NotHeld { action, card } => write!(f, "{action}: you hold no {card}"),
            PlayError::NotNow { action, stage } => write!(f, "{action} is not a legal choice in {} now", stage.words()),
        }
    }
}

impl std::error::Error for PlayError {}

impl ReadyFence {
    /// Plays `action` for `seat`: the events it made happen, in order.
    ///
    /// # Errors
    /// Why it is illegal, in plain words with no secret; the bout is untouched.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, PlayError> {
        if let Phase::Over { .. } = self.phase {
            return Err(PlayError::BoutOver);
        }
        let mut ev = Vec::new();
        if matches!(action, Action::Resign | Action::AgreeDraw) {
            // A phrase in progress is dropped: its cards go back to their owners.
            if let Phase::Phrase(p) = &self.phase {
                for seat in Seat::ALL {
                    let back = p.table.get(seat).clone();
                    let hand = self.hand.get_mut(seat);
                    hand.extend(back);
                    hand.sort_unstable();
                }
            }
        }
        match action {
            Action::Resign => {
                ev.push(Event::Resigned { seat });
                self.finish(Some(seat.other()), EndReason::Resign, &mut ev);
            }
            Action::AgreeDraw => {
                ev.push(Event::DrawAgreed { seat });
                self.finish(None, EndReason::DrawAgreed, &mut ev);
            }
            _ => {
                if !self.to_act().includes(seat) {
                    return Err(PlayError::NotYourDecision { to_act: self.to_act().single() });
                }
                if !self.legal_actions(seat).contains(&action) {
                    return Err(self.why_illegal(seat, action));
                }
                self.apply(seat, action, &mut ev);
            }
        }
        self.log.push(SeatedAction { seat, action });
        Ok(ev)
    }

    /// Plays `action` for `seat` without checking it and without recording it: for the
    /// practice opponent's simulations, whose actions come from [`ReadyFence::legal_actions`].
    ///
    /// # Panics
    /// May panic, or leave the bout inconsistent, if `action` is not listed for `seat` (or is
    /// a resignation or a draw).
    pub(crate) fn play_unchecked(&mut self, seat: Seat, action: Action) {
        debug_assert!(self.legal_actions(seat).contains(&action), "an unlisted action: {action:?}");
        let mut ev = Vec::new();
        self.apply(seat, action, &mut ev);
    }

    /// Plain words for a refused action (no secret: only the player's own hand is named).
    fn why_illegal(&self, seat: Seat, action: Action) -> PlayError {
        let card = match action {
            Action::Swap(c) | Action::Retreat(Some(c)) | Action::Distance(Some(c)) => Some(c),
            Action::Play { card, .. } | Action::Answer { card, .. } | Action::Glide { card, .. } => Some(card),
            Action::Feint { card, .. } => card,
            _ => None,
        };
        if let Some(card) = card {
            if self.copy_in_hand(seat, card).is_none() {
                return PlayError::NotHeld { action, card };
            }
        }
        let stage = match &self.phase {
            Phase::Mulligan(_) => Decision::Mulligan,
            Phase::Turn(..) => Decision::Turn,
            Phase::FreeSwap(_) => Decision::FreeSwap,
            Phase::Phrase(p) => match p.stage {
                super::state::Stage::Answer => Decision::Answer,
                super::state::Stage::RenewFeint { .. } => Decision::RenewFeint,
                super::state::Stage::Glide { .. } => Decision::Glide,
            },
            Phase::Over { .. } => Decision::End,
        };
        PlayError::NotNow { action, stage }
    }

    fn apply(&mut self, seat: Seat, action: Action, ev: &mut Vec<Event>) {
        if action == Action::Pass {
            ev.push(Event::Passed { seat });
        }
        match self.phase.clone() {
            Phase::Mulligan(_) => self.mulligan(seat, action == Action::Mulligan, ev),
            Phase::Turn(_, t) => self.turn_action(seat, t, action, ev),
            Phase::FreeSwap(_) => {
                if let Action::Swap(card) = action {
                    let id = self.copy_in_hand(seat, card).unwrap_or_default();
                    self.discard_and_draw(seat, id, ev);
                }
                self.after_turn(seat.other(), ev);
            }
            Phase::Phrase(p) => self.phrase_action(seat, *p, action, ev),
            Phase::Over { .. } => {}
        }
    }

    fn mulligan(&mut self, seat: Seat, take: bool, ev: &mut Vec<Event>) {
        *self.mulligan_done.get_mut(seat) = true;
        if take {
            let t = table();
            let (back, keep): (Vec<u8>, Vec<u8>) =
                self.hand.get(seat).iter().partition(|&&id| !(self.variant == Variant::Basic && t.copy(id).yellow));
            let pile = if self.variant == Variant::Tutorial { &mut self.timer } else { &mut self.reserve };
            pile.extend(back.iter().copied());
            shuffle(&mut self.rng, pile);
            let n = back.len().min(pile.len());
            let dealt = pile.split_off(pile.len() - n);
            let hand = self.hand.get_mut(seat);
            *hand = keep;
            hand.extend(dealt);
            hand.sort_unstable();
            ev.push(Event::Mulligan { seat, cards: u8::try_from(n).unwrap_or(0) });
        } else {
            ev.push(Event::Kept { seat });
        }
        if seat == self.first {
            self.phase = Phase::Mulligan(seat.other());
        } else {
            self.start_turn(self.first, ev);
        }
    }

    /// Discards copy `id` of `seat`'s hand and draws one from the timer (a draw that finds the
    /// pile empty draws nothing).
    pub(crate) fn discard_and_draw(&mut self, seat: Seat, id: u8, ev: &mut Vec<Event>) {
        let hand = self.hand.get_mut(seat);
        if let Some(i) = hand.iter().position(|&c| c == id) {
            hand.remove(i);
            self.discard.push(id);
        }
        let drawn = self.draw(seat, 1);
        ev.push(Event::Swapped { seat, discarded: 1, drawn });
    }

    /// Draws up to `n` cards from the timer into `seat`'s hand; how many were drawn.
    pub(crate) fn draw(&mut self, seat: Seat, n: usize) -> u8 {
        let mut drawn = 0;
        for _ in 0..n {
            let Some(id) = self.timer.pop() else { break };
            let hand = self.hand.get_mut(seat);
            hand.push(id);
            hand.sort_unstable();
            drawn += 1;
        }
        drawn
    }

    /// Moves `seat` to block `to`; entering the end zone scores for the opponent (R4.2).
    /// Returns the penalty, if any.
    pub(crate) fn move_to(&mut self, seat: Seat, to: u8, ev: &mut Vec<Event>) -> Option<Points> {
        *self.pos.get_mut(seat) = to;
        ev.push(Event::Moved { seat, to });
        (!(1..=10).contains(&to)).then_some(Points::Penalty(seat.other()))
    }

    fn turn_action(&mut self, seat: Seat, mut t: Turn, action: Action, ev: &mut Vec<Event>) {
        let timer_before = self.timer.len();
        let mut penalty = None;
        let mut whole_turn = false;
        match action {
            Action::Move(Step::Forward) => {
                let to = self.forward_to(seat).unwrap_or(*self.pos.get(seat));
                penalty = self.move_to(seat, to, ev);
            }
            Action::Move(Step::Back) => {
                let to = self.back_to(seat, 1);
                penalty = self.move_to(seat, to, ev);
            }
            Action::Weapon(g) => {
                *self.weapon.get_mut(seat) = g;
                t.weapon = true;
                ev.push(Event::WeaponChanged { seat, guard: g });
            }
            Action::Swap(card) => {
                let id = self.copy_in_hand(seat, card).unwrap_or_default();
                self.discard_and_draw(seat, id, ev);
                t.swap = true;
            }
            Action::Retreat(swap) => {
                let to = self.back_to(seat, 2);
                penalty = self.move_to(seat, to, ev);
                t.retreat = true;
                if let (Some(card), None) = (swap, penalty) {
                    let id = self.copy_in_hand(seat, card).unwrap_or_default();
                    self.discard_and_draw(seat, id, ev);
                    if self.options.retreat == Retreat::OnceShared {
                        t.swap = true;
                    }
                }
            }
            Action::Stall => {
                let sp = self.sp.get_mut(seat);
                *sp = (*sp + 2).min(MAX_SP);
                let stamina = *sp;
                if let Some(id) = self.timer.pop() {
                    self.discard.push(id);
                }
                ev.push(Event::Stalled { seat, stamina });
                whole_turn = true;
            }
            Action::EndTurn => {
                self.end_turn(seat, false, ev);
                return;
            }
            Action::Play { card, angulation } => {
                *self.stalled_last.get_mut(seat) = false;
                self.open_phrase(seat, card, angulation, ev);
                return;
            }
            _ => return,
        }
        if let Some(points) = penalty {
            *self.stalled_last.get_mut(seat) = false;
            ev.push(Event::TurnPoint { points });
            if self.award(points, BySeat::default(), ev) {
                return;
            }
            self.end_turn(seat, false, ev);
            return;
        }
        if whole_turn {
            self.end_turn(seat, true, ev);
            return;
        }
        t.actions += 1;
        self.phase = Phase::Turn(seat, t);
        // A turn ends after its second action, when the timer has run out, or when no second
        // action is legal.
        let timer_ran_out = timer_before > 0 && self.timer.is_empty();
        if t.actions >= 2 || timer_ran_out || self.legal_actions(seat).is_empty() {
            self.end_turn(seat, false, ev);
        }
    }

    /// Ends `seat`'s turn without a phrase: the tutorial's free swap may follow (R3).
    fn end_turn(&mut self, seat: Seat, stalled: bool, ev: &mut Vec<Event>) {
        ev.push(Event::TurnEnded { seat });
        *self.stalled_last.get_mut(seat) = stalled;
        if stalled && self.options.stall_skip == StallSkip::AlsoNext {
            *self.skip_next.get_mut(seat) = true;
        }
        if self.variant == Variant::Tutorial
            && self.sudden.is_none()
            && !self.timer.is_empty()
            && !self.hand.get(seat).is_empty()
        {
            self.phase = Phase::FreeSwap(seat);
            return;
        }
        self.after_turn(seat.other(), ev);
    }

    /// After a turn or a phrase: the period ends if the timer is empty (R11.2), then `next`
    /// plays, unless the bout is over.
    pub(crate) fn after_turn(&mut self, next: Seat, ev: &mut Vec<Event>) {
        if self.timer.is_empty() && self.sudden != Some(Sudden::TutorialTie) && self.end_period(ev) {
            return;
        }
        self.start_turn(next, ev);
    }

    /// Starts `seat`'s turn (R3; the tutorial's tie, R11.5; `stall_skip = also_next`).
    pub(crate) fn start_turn(&mut self, mut seat: Seat, ev: &mut Vec<Event>) {
        if *self.skip_next.get(seat) {
            *self.skip_next.get_mut(seat) = false;
            ev.push(Event::TurnSkipped { seat });
            seat = seat.other();
        }
        if self.sudden == Some(Sudden::TutorialTie) {
            if self.readings.settled() {
                // Only an empty hand loses (or a hand with no legal action at all).
                if self.hand.get(seat).is_empty() {
                    let loser =
                        if self.hand.get(seat.other()).is_empty() { self.last_opener.unwrap_or(seat) } else { seat };
                    self.finish(Some(loser.other()), EndReason::EmptyHand, ev);
                    return;
                }
            } else if !self.holds_opener(seat) {
                let loser = if self.holds_opener(seat.other()) { seat } else { self.last_opener.unwrap_or(seat) };
                self.finish(Some(loser.other()), EndReason::EmptyHand, ev);
                return;
            }
        }
        self.phase = Phase::Turn(seat, Turn::default());
        if self.sudden == Some(Sudden::TutorialTie) && self.readings.settled() && self.legal_actions(seat).is_empty() {
            self.finish(Some(seat.other()), EndReason::EmptyHand, ev);
            return;
        }
        ev.push(Event::TurnStarted { seat });
    }

    /// Whether `seat` holds a card that can open a tutorial phrase (a red lunge card): in the
    /// tutorial's tie under the first engine's readings, a hand without one counted as empty.
    fn holds_opener(&self, seat: Seat) -> bool {
        use super::cards::Kind as K;
        let t = table();
        self.hand.get(seat).iter().any(|&id| {
            matches!(
                t.card(id).kind,
                K::StraightThrust
                    | K::BeatThrust
                    | K::Disengage
                    | K::ToeTouch
                    | K::GlideAttack
                    | K::Flick
                    | K::Flanconade
            )
        })
    }

    /// Ends the bout.
    pub(crate) fn finish(&mut self, winner: Option<Seat>, reason: EndReason, ev: &mut Vec<Event>) {
        self.phase = Phase::Over { winner, reason };
        ev.push(Event::BoutEnded { winner, reason, score: self.score });
    }

    /// Counts `points` (R10) with recovery (R6.3) and the return on guard; `spent` says who
    /// spent SP in the phrase. Returns whether the bout is over.
    pub(crate) fn award(&mut self, points: Points, spent: BySeat<bool>, ev: &mut Vec<Event>) -> bool {
        let target = u32::from(self.options.target.get());
        let points = match points {
            Points::Double => {
                let void_level = |s: u32| match self.options.double_void {
                    DoubleVoid::TargetMinusOne => s + 1 == target,
                    DoubleVoid::At4914 => matches!(s, 4 | 9 | 14),
                };
                let void = match self.sudden {
                    Some(Sudden::ExtraTime(_)) => self.options.extra_double == ExtraDouble::Void,
                    _ => void_level(self.score.a) && void_level(self.score.b),
                };
                if void {
                    Points::VoidDouble
                } else {
                    Points::Double
                }
            }
            p => p,
        };
        let scorer = match points {
            Points::Touch(s) | Points::Penalty(s) => Some(s),
            _ => None,
        };
        match points {
            Points::Touch(s) | Points::Penalty(s) => *self.score.get_mut(s) += 1,
            Points::Double => {
                self.score.a += 1;
                self.score.b += 1;
            }
            Points::VoidDouble | Points::None => return false,
        }
        // A point counted: recovery, then on guard (R6.3, R1.3).
        if self.options.sp_recovery == SpRecovery::AllModes || self.variant != Variant::Tutorial {
            for seat in Seat::ALL {
                if !*spent.get(seat) {
                    let sp = self.sp.get_mut(seat);
                    *sp = (*sp + 1).min(MAX_SP);
                }
            }
        }
        self.pos = on_guard(&self.options);
        ev.push(Event::OnGuard);
        match (self.sudden, scorer) {
            (Some(Sudden::ExtraTime(_)), Some(s)) => {
                self.finish(Some(s), EndReason::ExtraTimePoint, ev);
                true
            }
            (Some(Sudden::TutorialTie), Some(s)) => {
                self.finish(Some(s), EndReason::TieTouch, ev);
                true
            }
            (Some(Sudden::TutorialTie), None) if self.options.tutorial_tie == TutorialTie::AnyTouch => {
                self.finish(None, EndReason::TieDouble, ev);
                true
            }
            (Some(_), None) => false,
            (None, _) => {
                let (a, b) = (self.score.a >= target, self.score.b >= target);
                if a || b {
                    let winner = match self.score.a.cmp(&self.score.b) {
                        std::cmp::Ordering::Greater => Some(Seat::A),
                        std::cmp::Ordering::Less => Some(Seat::B),
                        std::cmp::Ordering::Equal => None,
                    };
                    self.finish(winner, EndReason::Target, ev);
                    true
                } else {
                    false
                }
            }
        }
    }

    /// The timer ran out (R11.2): the next period, extra time, the tutorial's tie, or the end.
    /// Returns whether the bout is over.
    fn end_period(&mut self, ev: &mut Vec<Event>) -> bool {
        if let Some(Sudden::ExtraTime(priority)) = self.sudden {
            self.finish(Some(priority), EndReason::Priority, ev);
            return true;
        }
        ev.push(Event::PeriodEnded { period: self.period });
        if self.period < self.variant.periods(self.options.target) {
            self.period += 1;
            let mut pile: Vec<u8> = Vec::new();
            pile.append(&mut self.reserve);
            pile.append(&mut self.discard);
            pile.append(&mut self.timer);
            shuffle(&mut self.rng, &mut pile);
            let n = match self.options.period_timer {
                PeriodTimer::Twelve => 12.min(pile.len()),
                PeriodTimer::AllRemaining => pile.len(),
            };
            self.timer = pile.split_off(pile.len() - n);
            self.reserve = pile;
            let sp = match (self.variant, self.period) {
                (Variant::Advanced, 2) => 5,
                (Variant::Advanced, 3) => 4,
                _ => MAX_SP,
            };
            self.sp = BySeat { a: sp, b: sp };
            self.reset_strip();
            ev.push(Event::PeriodStarted { period: self.period, timer: u8::try_from(n).unwrap_or(0) });
            return false;
        }
        match self.score.a.cmp(&self.score.b) {
            std::cmp::Ordering::Greater => {
                self.finish(Some(Seat::A), EndReason::Points, ev);
                true
            }
            std::cmp::Ordering::Less => {
                self.finish(Some(Seat::B), EndReason::Points, ev);
                true
            }
            std::cmp::Ordering::Equal if self.variant == Variant::Tutorial => {
                self.sudden = Some(Sudden::TutorialTie);
                ev.push(Event::TutorialTie);
                false
            }
            std::cmp::Ordering::Equal => {
                shuffle(&mut self.rng, &mut self.discard);
                let n = 4.min(self.discard.len());
                let mut timer = self.discard.split_off(self.discard.len() - n);
                if self.options.extra_timer == ExtraTimer::TopUp {
                    while timer.len() < 4 {
                        let Some(id) = self.reserve.pop() else { break };
                        timer.insert(0, id);
                    }
                }
                self.timer = timer;
                let priority = if chance::below(&mut self.rng, 2) == 0 { Seat::A } else { Seat::B };
                self.sudden = Some(Sudden::ExtraTime(priority));
                self.reset_strip();
                ev.push(Event::ExtraTime { priority, timer: u8::try_from(self.timer.len()).unwrap_or(0) });
                if self.timer.is_empty() {
                    self.finish(Some(priority), EndReason::Priority, ev);
                    return true;
                }
                false
            }
        }
    }

    /// Fencers on guard and, under `period_reset = both`, weapons to Point-in-Line (R11.3).
    fn reset_strip(&mut self) {
        self.pos = on_guard(&self.options);
        if self.options.period_reset == PeriodReset::Both {
            self.weapon = BySeat { a: Guard::Line, b: Guard::Line };
        }
    }

    /// Refills `seat`'s hand to six from the timer (tutorial, R7.5).
    pub(crate) fn refill(&mut self, seat: Seat) -> u8 {
        let missing = HAND.saturating_sub(self.hand.get(seat).len());
        self.draw(seat, missing)
    }
}
