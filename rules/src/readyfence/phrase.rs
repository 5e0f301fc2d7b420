//! The fencing phrase and every card procedure (R7, R8, R9): opening, answers and their
//! resolution, no-card defences, ripostes, Renewed Attack, Feint, Glide bonus, Flèche
//! placement, and the end of a phrase.

use super::action::Action;
use super::cards::{table, Card, Kind};
use super::event::{Event, Points, Role};
use super::legal::{forward, Class, SpeedRole};
use super::options::{DistancePick, InfightingStep, JokerRefill, PeriodEnd, PlainParry, RefillOrder, Variant};
use super::state::{Defence, Origin, Phase, Phrase, ReadyFence, Stage, Step, Sudden, Threat};
use crate::chance;
use crate::{BySeat, Seat};

/// The speed of a Glide Attack played as a bonus riposte (R9.2, src).
pub const GLIDE_BONUS_SPEED: u8 = 4;
/// What a P&R or Infighting riposte loses from the printed speed (R9.1, src).
pub const RIPOSTE_LOSS: u8 = 2;

const ANGULATION: Card = Card { kind: Kind::Angulation, speed: None };
const RENEWED: Card = Card { kind: Kind::RenewedAttack, speed: None };
const FEINT: Card = Card { kind: Kind::Feint, speed: None };

impl ReadyFence {
    /// Moves a copy of `card` from `seat`'s hand to the phrase's table.
    fn onto_table(&mut self, p: &mut Phrase, seat: Seat, card: Card) {
        if let Some(id) = self.copy_in_hand(seat, card) {
            let hand = self.hand.get_mut(seat);
            if let Some(i) = hand.iter().position(|&c| c == id) {
                hand.remove(i);
            }
            p.table.get_mut(seat).push(id);
        }
    }

    /// Puts `card` (and an Angulation) on the table and pays their card SP; what was paid.
    fn play_card(&mut self, p: &mut Phrase, seat: Seat, card: Card, angulation: bool, extra_cost: u8) -> u8 {
        self.onto_table(p, seat, card);
        if angulation {
            self.onto_table(p, seat, ANGULATION);
        }
        let paid = self.card_payment(ReadyFence::cost(card, angulation) + extra_cost);
        self.pay(p, seat, paid);
        paid
    }

    fn pay(&mut self, p: &mut Phrase, seat: Seat, amount: u8) {
        if amount > 0 {
            let sp = self.sp.get_mut(seat);
            *sp = sp.saturating_sub(amount);
            *p.spent.get_mut(seat) = true;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn step(
        p: &mut Phrase,
        ev: &mut Vec<Event>,
        seat: Seat,
        role: Role,
        card: Option<Card>,
        angulation: bool,
        speed: Option<u8>,
        paid: u8,
    ) {
        p.steps.push(Step { seat, role, card, angulation, speed });
        ev.push(Event::Phrase { seat, role, card, angulation, speed, paid });
    }

    /// Opens a phrase with `card` (R7.1).
    pub(crate) fn open_phrase(&mut self, seat: Seat, card: Card, angulation: bool, ev: &mut Vec<Event>) {
        let speed = self.attack_speed(seat, card, angulation);
        let threat = Threat { owner: seat, card, speed: Some(speed), origin: Origin::Opening };
        let mut p = Phrase {
            opener: seat,
            gap: self.gap(),
            fleche: card.kind == Kind::Fleche,
            first: (card, angulation, speed),
            threat,
            stage: Stage::Answer,
            table: BySeat::default(),
            main: BySeat::default(),
            nocard: BySeat::default(),
            spent: BySeat::default(),
            renewed: false,
            feinted: false,
            counter_to_first: false,
            steps: Vec::new(),
        };
        let paid = self.play_card(&mut p, seat, card, angulation, 0);
        *p.main.get_mut(seat) += 1;
        Self::step(&mut p, ev, seat, Role::Opening, Some(card), angulation, Some(speed), paid);
        self.enter_answer(p, ev);
    }

    /// The threat's owner's opponent must answer; with no answer at all, the threat scores.
    fn enter_answer(&mut self, mut p: Phrase, ev: &mut Vec<Event>) {
        p.stage = Stage::Answer;
        let answerer = p.threat.owner.other();
        if self.answers(answerer, &p).is_empty() {
            let owner = p.threat.owner;
            self.end_phrase(p, Points::Touch(owner), ev);
        } else {
            self.phase = Phase::Phrase(Box::new(p));
        }
    }

    /// An action within the phrase `p` (already checked legal).
    pub(crate) fn phrase_action(&mut self, seat: Seat, mut p: Phrase, action: Action, ev: &mut Vec<Event>) {
        match (p.stage, action) {
            (Stage::Answer, Action::Answer { card, angulation }) => self.answer_card(p, seat, card, angulation, ev),
            (Stage::Answer, Action::Parry) => self.nocard_parry_action(p, seat, ev),
            (Stage::Answer, Action::Distance(choice)) => self.distance(p, seat, choice, ev),
            (Stage::Answer, Action::Concede) => {
                Self::step(&mut p, ev, seat, Role::Concede, None, false, None, 0);
                let owner = p.threat.owner;
                self.end_phrase(p, Points::Touch(owner), ev);
            }
            (Stage::Answer, Action::Renew) => self.renew(p, ev),
            (Stage::Answer, Action::Feint { card, angulation }) => {
                let defence = Defence::Counter(p.threat.speed.unwrap_or(0));
                self.feint(p, defence, card, angulation, ev);
            }
            (Stage::RenewFeint { .. }, Action::Renew) => self.renew(p, ev),
            (Stage::RenewFeint { defence, .. }, Action::Feint { card, angulation }) => {
                self.feint(p, defence, card, angulation, ev);
            }
            (Stage::RenewFeint { defence, parrier, riposte }, Action::Pass) => {
                self.glide_step(p, defence, parrier, riposte, ev);
            }
            (Stage::Glide { parrier, .. }, Action::Glide { card, angulation }) => {
                self.glide(p, parrier, card, angulation, ev);
            }
            (Stage::Glide { defence, parrier, riposte }, Action::Pass) => {
                self.continue_after(p, defence, parrier, riposte, ev);
            }
            _ => self.phase = Phase::Phrase(Box::new(p)),
        }
    }

    fn answer_card(&mut self, mut p: Phrase, seat: Seat, card: Card, angulation: bool, ev: &mut Vec<Event>) {
        let threat = p.threat;
        let Some(class) = self.classify(card.kind, &threat) else {
            self.phase = Phase::Phrase(Box::new(p));
            return;
        };
        let paid = self.play_card(&mut p, seat, card, angulation, 0);
        *p.main.get_mut(seat) += 1;
        let s = threat.speed.unwrap_or(0);
        match class {
            Class::Immediate => {
                Self::step(&mut p, ev, seat, Role::Immediate, Some(card), angulation, None, paid);
                self.end_phrase(p, Points::Touch(seat), ev);
            }
            Class::CounterTime => {
                Self::step(&mut p, ev, seat, Role::CounterTime, Some(card), angulation, None, paid);
                p.threat = Threat { owner: seat, card, speed: None, origin: Origin::CounterTime };
                p.counter_to_first = false;
                self.enter_answer(p, ev);
            }
            Class::Parry => {
                let e = self.answer_speed(seat, card, angulation);
                Self::step(&mut p, ev, seat, Role::Parry, Some(card), angulation, Some(e), paid);
                if e < s {
                    self.end_phrase(p, Points::Touch(threat.owner), ev);
                    return;
                }
                if card.kind == Kind::Infighting && self.options.infighting_step == InfightingStep::Push {
                    let to = self.back_to(threat.owner, 1);
                    if let Some(penalty) = self.move_to(threat.owner, to, ev) {
                        self.end_phrase(p, penalty, ev);
                        return;
                    }
                }
                let riposte = matches!(card.kind, Kind::ParryRiposte | Kind::Infighting).then(|| {
                    let base = card.speed.unwrap_or(0).saturating_sub(RIPOSTE_LOSS);
                    let speed = self.eff(seat, card.kind, base, SpeedRole::Attack, angulation, true, 0);
                    Threat { owner: seat, card, speed: Some(speed), origin: Origin::Riposte }
                });
                if p.fleche {
                    // The defender's one action (R9.3): a holding P&R scores at once.
                    let scores = riposte.is_some() || self.options.plain_parry == PlainParry::ParrierScores;
                    if scores {
                        self.end_phrase(p, Points::Touch(seat), ev);
                    } else {
                        self.fleche_no_point(p, ev);
                    }
                    return;
                }
                self.after_defence(p, Defence::Card(card.kind, e), seat, riposte, ev);
            }
            Class::Counter => {
                let e = self.answer_speed(seat, card, angulation);
                Self::step(&mut p, ev, seat, Role::Counter, Some(card), angulation, Some(e), paid);
                match e.cmp(&s) {
                    std::cmp::Ordering::Greater if p.fleche => self.end_phrase(p, Points::Touch(seat), ev),
                    std::cmp::Ordering::Greater => {
                        p.counter_to_first = matches!(threat.origin, Origin::Opening | Origin::Renewed);
                        p.threat = Threat { owner: seat, card, speed: Some(e), origin: Origin::Counter };
                        self.enter_answer(p, ev);
                    }
                    std::cmp::Ordering::Equal => self.end_phrase(p, Points::Double, ev),
                    std::cmp::Ordering::Less => self.end_phrase(p, Points::Touch(threat.owner), ev),
                }
            }
        }
    }

    fn nocard_parry_action(&mut self, mut p: Phrase, seat: Seat, ev: &mut Vec<Event>) {
        let (cost, speed) = self.nocard_parry(seat, p.threat.speed.unwrap_or(0));
        self.pay(&mut p, seat, cost);
        *p.nocard.get_mut(seat) = true;
        Self::step(&mut p, ev, seat, Role::NocardParry, None, false, Some(speed), cost);
        if p.fleche {
            if self.options.plain_parry == PlainParry::ParrierScores {
                self.end_phrase(p, Points::Touch(seat), ev);
            } else {
                self.fleche_no_point(p, ev);
            }
            return;
        }
        self.after_defence(p, Defence::Nocard(speed), seat, None, ev);
    }

    fn distance(&mut self, mut p: Phrase, seat: Seat, choice: Option<Card>, ev: &mut Vec<Event>) {
        self.pay(&mut p, seat, 1);
        *p.nocard.get_mut(seat) = true;
        Self::step(&mut p, ev, seat, Role::Distance, None, false, None, 1);
        let to = self.back_to(seat, 2);
        if let Some(penalty) = self.move_to(seat, to, ev) {
            self.end_phrase(p, penalty, ev);
            return;
        }
        let chosen = choice.and_then(|c| self.copy_in_hand(seat, c));
        let pick = match self.variant {
            Variant::Tutorial => chosen,
            Variant::Advanced if self.options.distance_pick == DistancePick::Choice => chosen,
            _ => {
                let candidates: Vec<u8> =
                    self.hand.get(seat).iter().copied().filter(|&id| !self.protected(seat, id)).collect();
                if candidates.is_empty() {
                    None
                } else {
                    let n = u32::try_from(candidates.len()).unwrap_or(1);
                    Some(candidates[chance::below(&mut self.rng, n) as usize])
                }
            }
        };
        if let Some(id) = pick {
            self.discard_and_draw(seat, id, ev);
        }
        if p.fleche {
            self.fleche_no_point(p, ev);
        } else if self.options.period_end == PeriodEnd::Immediately && self.timer.is_empty() {
            self.end_phrase(p, Points::None, ev);
        } else {
            self.after_defence(p, Defence::Distance, seat, None, ev);
        }
    }

    /// After a successful defence: the opener may renew or feint (when the first attack was
    /// defended), then the parrier may add a Glide bonus, then the riposte (if any) follows.
    fn after_defence(
        &mut self,
        mut p: Phrase,
        defence: Defence,
        parrier: Seat,
        riposte: Option<Threat>,
        ev: &mut Vec<Event>,
    ) {
        let first_defended = parrier != p.opener && matches!(p.threat.origin, Origin::Opening | Origin::Renewed);
        if first_defended && !self.renew_feint_choices(&p, defence, riposte.is_some()).is_empty() {
            p.stage = Stage::RenewFeint { defence, parrier, riposte };
            self.phase = Phase::Phrase(Box::new(p));
            return;
        }
        self.glide_step(p, defence, parrier, riposte, ev);
    }

    fn glide_step(
        &mut self,
        mut p: Phrase,
        defence: Defence,
        parrier: Seat,
        riposte: Option<Threat>,
        ev: &mut Vec<Event>,
    ) {
        if !self.glide_choices(&p, defence, parrier).is_empty() {
            p.stage = Stage::Glide { defence, parrier, riposte };
            self.phase = Phase::Phrase(Box::new(p));
            return;
        }
        self.continue_after(p, defence, parrier, riposte, ev);
    }

    fn continue_after(
        &mut self,
        mut p: Phrase,
        defence: Defence,
        parrier: Seat,
        riposte: Option<Threat>,
        ev: &mut Vec<Event>,
    ) {
        if let Some(r) = riposte {
            Self::step(&mut p, ev, r.owner, Role::Riposte, Some(r.card), false, r.speed, 0);
            p.threat = r;
            p.counter_to_first = false;
            self.enter_answer(p, ev);
            return;
        }
        let plain = matches!(defence, Defence::Nocard(_) | Defence::Card(Kind::CedingParry, _));
        let points = if plain && self.options.plain_parry == PlainParry::ParrierScores {
            Points::Touch(parrier)
        } else {
            Points::None
        };
        self.end_phrase(p, points, ev);
    }

    fn renew(&mut self, mut p: Phrase, ev: &mut Vec<Event>) {
        let a = p.opener;
        let paid = self.play_card(&mut p, a, RENEWED, false, 0);
        p.renewed = true;
        let (card, angulation, _) = p.first;
        let bonus = table().bonus(Kind::RenewedAttack);
        let speed = self.eff(a, card.kind, card.speed.unwrap_or(0), SpeedRole::Attack, angulation, false, bonus);
        Self::step(&mut p, ev, a, Role::Renewed, Some(card), angulation, Some(speed), paid);
        p.threat = Threat { owner: a, card, speed: Some(speed), origin: Origin::Renewed };
        p.counter_to_first = false;
        self.enter_answer(p, ev);
    }

    fn feint(&mut self, mut p: Phrase, defence: Defence, card: Option<Card>, angulation: bool, ev: &mut Vec<Event>) {
        let a = p.opener;
        p.feinted = true;
        let Some(card) = card else {
            let paid = self.play_card(&mut p, a, FEINT, false, 0);
            Self::step(&mut p, ev, a, Role::FeintStop, Some(FEINT), false, None, paid);
            self.end_phrase(p, Points::None, ev);
            return;
        };
        self.onto_table(&mut p, a, FEINT);
        let feint_cost = table().sp(FEINT);
        let paid = self.play_card(&mut p, a, card, angulation, feint_cost);
        *p.main.get_mut(a) += 1;
        let e = self.attack_speed(a, card, angulation);
        Self::step(&mut p, ev, a, Role::FeintCard, Some(card), angulation, Some(e), paid);
        let d = match defence {
            Defence::Card(_, s) | Defence::Nocard(s) | Defence::Counter(s) => s,
            Defence::Distance => 0,
        };
        let points = match e.cmp(&d) {
            std::cmp::Ordering::Equal => Points::Double,
            std::cmp::Ordering::Greater => Points::Touch(a),
            std::cmp::Ordering::Less => Points::Touch(a.other()),
        };
        self.end_phrase(p, points, ev);
    }

    fn glide(&mut self, mut p: Phrase, parrier: Seat, card: Card, angulation: bool, ev: &mut Vec<Event>) {
        let paid = self.play_card(&mut p, parrier, card, angulation, 0);
        let speed = self.eff(parrier, Kind::GlideAttack, GLIDE_BONUS_SPEED, SpeedRole::Attack, angulation, false, 0);
        Self::step(&mut p, ev, parrier, Role::GlideRiposte, Some(card), angulation, Some(speed), paid);
        p.threat = Threat { owner: parrier, card, speed: Some(speed), origin: Origin::GlideRiposte };
        p.counter_to_first = false;
        self.enter_answer(p, ev);
    }

    /// A Flèche without a point (R9.3): the defender advances 1, the attacker lands two empty
    /// blocks in front (clamped, or a penalty under `fleche_place = penalty`).
    fn fleche_no_point(&mut self, p: Phrase, ev: &mut Vec<Event>) {
        let a = p.opener;
        let d = a.other();
        let d_to = (i16::from(*self.pos.get(d)) + forward(d)).clamp(1, 10);
        let a_to = d_to + 3 * forward(d);
        self.move_to(d, u8::try_from(d_to).unwrap_or(1), ev);
        if (1..=10).contains(&a_to) {
            self.move_to(a, u8::try_from(a_to).unwrap_or(1), ev);
        } else if self.options.fleche_place == super::options::FlechePlace::Clamp {
            self.move_to(a, u8::try_from(a_to.clamp(1, 10)).unwrap_or(1), ev);
        } else {
            self.end_phrase(p, Points::Penalty(d), ev);
            return;
        }
        self.end_phrase(p, Points::None, ev);
    }

    /// Ends the phrase (R7.5): cards back or discarded, refills, points, then the next turn.
    pub(crate) fn end_phrase(&mut self, p: Phrase, points: Points, ev: &mut Vec<Event>) {
        let t = table();
        let opener = p.opener;
        if self.variant == Variant::Tutorial {
            for seat in Seat::ALL {
                self.discard.extend(p.table.get(seat).iter().copied());
            }
            if self.sudden != Some(Sudden::TutorialTie) {
                let first = match points {
                    Points::Touch(s) | Points::Penalty(s)
                        if self.options.refill_order == RefillOrder::ScorerThenOpener =>
                    {
                        s
                    }
                    _ => opener,
                };
                self.refill(first);
                self.refill(first.other());
            }
        } else {
            for seat in Seat::ALL {
                let mut jokers = 0;
                for &id in p.table.get(seat) {
                    if t.card(id).kind == Kind::Joker {
                        self.discard.push(id);
                        jokers += 1;
                    } else {
                        self.hand.get_mut(seat).push(id);
                    }
                }
                self.hand.get_mut(seat).sort_unstable();
                if self.options.joker_refill == JokerRefill::Draw {
                    self.draw(seat, jokers);
                }
            }
        }
        self.last_opener = Some(opener);
        ev.push(Event::PhraseEnded { points });
        if self.award(points, p.spent, ev) {
            return;
        }
        self.after_turn(opener.other(), ev);
    }
}
