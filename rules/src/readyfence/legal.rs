//! Who acts, what is legal, and the speeds everything is compared by (R3, R5, R7, R8, R9).

use super::action::{Action, Guard, Step};
use super::cards::{table, Card, Kind};
use super::options::{
    Angulation, Concede, DistancePick, DistanceSpeed, FeintVsDistance, GlideBonus, JokerScope, Mulligan,
    NocardPrecondition, NocardTargets, Offstrip, ParryCost, Renewed, Retreat, RiposteBoost, RpsEffect, ShortTurn,
    SpPayment, Variant,
};
use super::state::{Defence, Origin, Phase, Phrase, ReadyFence, Stage, Sudden, Threat, Turn};
use crate::{Seat, ToAct};

/// The role a speed is computed for (R5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpeedRole {
    /// Red: an attack, riposte, renewed attack, Feint replacement, Glide riposte.
    Attack,
    /// Blue or cyan: a parry or counter-attack.
    Defence,
}

/// How a card answers a threat (R7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// Its owner scores at once.
    Immediate,
    /// Counter-time: a point unless Feint in Time answers.
    CounterTime,
    /// A parry: holds on ≥.
    Parry,
    /// A counter-attack: a speed race.
    Counter,
}

/// The direction `seat` faces: A (Green) up the strip, B (Red) down.
pub(crate) fn forward(seat: Seat) -> i16 {
    match seat {
        Seat::A => 1,
        Seat::B => -1,
    }
}

impl ReadyFence {
    /// Empty blocks between the fencers (R1.2; 0 also when sharing a block).
    #[must_use]
    pub fn gap(&self) -> u8 {
        let d = (i16::from(self.pos.b) - i16::from(self.pos.a)).unsigned_abs();
        u8::try_from(d.saturating_sub(1)).unwrap_or(u8::MAX)
    }

    /// Whose decision is awaited.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        match &self.phase {
            Phase::Mulligan(s) | Phase::Turn(s, _) | Phase::FreeSwap(s) => ToAct::One(*s),
            Phase::Phrase(p) => ToAct::One(p.decider()),
            Phase::Over { .. } => ToAct::Nobody,
        }
    }

    /// Whether card SP counts (not in the tutorial, R6.2).
    pub(crate) fn card_sp_counts(&self) -> bool {
        self.variant != Variant::Tutorial
    }

    /// Whether `seat` can afford `cost` card SP.
    pub(crate) fn affords(&self, seat: Seat, cost: u8) -> bool {
        !self.card_sp_counts() || cost <= *self.sp.get(seat)
    }

    /// What `seat` pays for `cost` card SP (R6.2, option `sp_payment`).
    pub(crate) fn card_payment(&self, cost: u8) -> u8 {
        if self.card_sp_counts() && self.options.sp_payment == SpPayment::Pay {
            cost
        } else {
            0
        }
    }

    /// A copy of `card` in `seat`'s hand.
    pub(crate) fn copy_in_hand(&self, seat: Seat, card: Card) -> Option<u8> {
        let t = table();
        self.hand.get(seat).iter().copied().find(|&id| t.card(id) == card)
    }

    /// Whether `seat` holds a card of `kind`.
    pub(crate) fn holds(&self, seat: Seat, kind: Kind) -> bool {
        let t = table();
        self.hand.get(seat).iter().any(|&id| t.card(id).kind == kind)
    }

    /// The distinct faces in `seat`'s hand, sorted.
    pub(crate) fn faces(&self, seat: Seat) -> Vec<Card> {
        let t = table();
        let mut faces: Vec<Card> = self.hand.get(seat).iter().map(|&id| t.card(id)).collect();
        faces.sort_unstable();
        faces.dedup();
        faces
    }

    /// Whether copy `id` in `seat`'s hand is the protected yellow Straight Thrust (R6.5).
    pub(crate) fn protected(&self, seat: Seat, id: u8) -> bool {
        let t = table();
        let c = t.copy(id);
        self.variant == Variant::Basic
            && c.yellow
            && !self.hand.get(seat).iter().any(|&o| {
                let oc = t.card(o);
                oc.kind == Kind::StraightThrust && oc.speed > c.card.speed
            })
    }

    /// Effective speed (R5.2) of a card of `kind` with `base` speed, owned by `owner`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eff(
        &self,
        owner: Seat,
        kind: Kind,
        base: u8,
        role: SpeedRole,
        angulation: bool,
        riposte: bool,
        extra: u8,
    ) -> u8 {
        let mine = *self.weapon.get(owner);
        let theirs = *self.weapon.get(owner.other());
        let win = |a: Guard, b: Guard| self.options.rps_effect == RpsEffect::None || a.beats(b);
        let mut v = i16::from(base) + i16::from(extra);
        match role {
            SpeedRole::Defence => {
                if mine == Guard::Inv && win(Guard::Inv, theirs) {
                    v += 1;
                }
            }
            SpeedRole::Attack => {
                if theirs == Guard::Eng && kind != Kind::Disengage && win(Guard::Eng, mine) {
                    v -= 1;
                }
                let straight =
                    if riposte { self.options.riposte_boost == RiposteBoost::On } else { kind == Kind::StraightThrust };
                if straight && mine == Guard::Line && theirs == Guard::Inv {
                    v += 2;
                }
                if matches!(kind, Kind::BeatThrust | Kind::Flick)
                    && !riposte
                    && theirs == Guard::Line
                    && (self.readings.settled() || win(mine, Guard::Line))
                {
                    v += 1;
                }
            }
        }
        if angulation {
            v += i16::from(table().bonus(Kind::Angulation));
        }
        u8::try_from(v.max(0)).unwrap_or(u8::MAX)
    }

    /// The effective speed of an attack card played by `owner` (opening, Feint replacement).
    pub(crate) fn attack_speed(&self, owner: Seat, card: Card, angulation: bool) -> u8 {
        self.eff(owner, card.kind, card.speed.unwrap_or(0), SpeedRole::Attack, angulation, false, 0)
    }

    /// Whether `seat` may open with a card of `kind` at `gap` (R7.1 and the card conditions).
    pub(crate) fn opens(&self, seat: Seat, kind: Kind, gap: u8) -> bool {
        if self.variant == Variant::Tutorial && gap != 1 {
            return false;
        }
        let theirs = *self.weapon.get(seat.other());
        let distance = match kind {
            Kind::Infighting => gap == 0,
            Kind::Fleche => gap == 2,
            Kind::StraightThrust
            | Kind::BeatThrust
            | Kind::Disengage
            | Kind::ToeTouch
            | Kind::GlideAttack
            | Kind::Flick
            | Kind::Flanconade => gap == 1,
            _ => false,
        };
        let condition = match kind {
            Kind::BeatThrust | Kind::Flick => theirs != Guard::Inv,
            Kind::GlideAttack | Kind::Flanconade => theirs == Guard::Line,
            Kind::Disengage => theirs == Guard::Eng,
            _ => true,
        };
        distance && condition
    }

    /// Whether an Angulation may go on a card of `kind` in a red (`attack`) or other role.
    pub(crate) fn angulable(&self, kind: Kind, class: Option<Class>) -> bool {
        if !kind.has_speed() {
            return false;
        }
        match class {
            None | Some(Class::Counter) => true,
            Some(Class::Parry) => self.options.angulation == Angulation::Any,
            Some(Class::Immediate | Class::CounterTime) => false,
        }
    }

    /// The card cost of `card` with or without an Angulation.
    pub(crate) fn cost(card: Card, angulation: bool) -> u8 {
        let t = table();
        t.sp(card) + if angulation { t.sp(Card { kind: Kind::Angulation, speed: None }) } else { 0 }
    }

    /// Pushes `make(card, false)` and, when an Angulation may go on it, `make(card, true)`, for
    /// a card `seat` can afford.
    fn push_with_angulation(
        &self,
        out: &mut Vec<Action>,
        seat: Seat,
        card: Card,
        angulable: bool,
        extra_cost: u8,
        make: impl Fn(Card, bool) -> Action,
    ) {
        if self.affords(seat, ReadyFence::cost(card, false) + extra_cost) {
            out.push(make(card, false));
        }
        if angulable
            && self.holds(seat, Kind::Angulation)
            && self.affords(seat, ReadyFence::cost(card, true) + extra_cost)
        {
            out.push(make(card, true));
        }
    }

    /// How a card of `kind` played by `seat` answers `threat`, if it may (R7.3 and table (c)).
    pub(crate) fn classify(&self, kind: Kind, threat: &Threat) -> Option<Class> {
        use Kind as K;
        if kind == K::Joker {
            let bound = self.options.joker_scope == JokerScope::ColourBound
                && matches!(threat.card.kind, K::ToeTouch | K::Infighting)
                && threat.origin != Origin::Counter;
            return (threat.origin != Origin::CounterTime && !bound).then_some(Class::Immediate);
        }
        if self.gap() == 0 && kind != K::Infighting {
            return None;
        }
        match threat.origin {
            Origin::CounterTime => (kind == K::FeintInTime).then_some(Class::Immediate),
            Origin::Counter => (kind == K::CounterTime).then_some(Class::CounterTime),
            Origin::Riposte => match (threat.card.kind, kind) {
                (K::ParryRiposte, K::ParryRiposte) | (K::Infighting, K::Infighting) => Some(Class::Parry),
                (K::ParryRiposte, K::StopHit) => Some(Class::Counter),
                _ => None,
            },
            Origin::Opening | Origin::Renewed | Origin::GlideRiposte => {
                let attack = if threat.origin == Origin::GlideRiposte { K::GlideAttack } else { threat.card.kind };
                match (attack, kind) {
                    (K::Infighting, K::Infighting) => Some(Class::Parry),
                    (K::StraightThrust | K::BeatThrust | K::ToeTouch | K::Flick | K::Fleche, K::StopHit) => {
                        Some(Class::Counter)
                    }
                    (K::BeatThrust | K::GlideAttack | K::Flanconade, K::Disengage) => Some(Class::Counter),
                    (K::GlideAttack | K::Flanconade, K::CedingParry) => Some(Class::Immediate),
                    (K::StraightThrust | K::BeatThrust | K::Disengage | K::Flick | K::Fleche, K::CedingParry) => {
                        Some(Class::Parry)
                    }
                    (
                        K::StraightThrust
                        | K::BeatThrust
                        | K::Disengage
                        | K::GlideAttack
                        | K::Flick
                        | K::Flanconade
                        | K::Fleche,
                        K::ParryRiposte,
                    ) => Some(Class::Parry),
                    _ => None,
                }
            }
        }
    }

    /// The effective speed of an answering card (parry or counter-attack).
    pub(crate) fn answer_speed(&self, seat: Seat, card: Card, angulation: bool) -> u8 {
        self.eff(seat, card.kind, card.speed.unwrap_or(0), SpeedRole::Defence, angulation, false, 0)
    }

    /// The card answers `seat` may give to the threat of `p`, each with whether it would stop
    /// the threat (an immediate point, a holding parry, a faster counter-attack).
    pub(crate) fn card_answers(&self, seat: Seat, p: &Phrase) -> Vec<(Action, bool)> {
        let mut out = Vec::new();
        if *p.main.get(seat) >= 2 {
            return out;
        }
        let s = p.threat.speed.unwrap_or(0);
        for card in self.faces(seat) {
            let Some(class) = self.classify(card.kind, &p.threat) else { continue };
            let mut actions = Vec::new();
            self.push_with_angulation(
                &mut actions,
                seat,
                card,
                self.angulable(card.kind, Some(class)),
                0,
                |card, angulation| Action::Answer { card, angulation },
            );
            for a in actions {
                let Action::Answer { card, angulation } = a else { continue };
                let e = self.answer_speed(seat, card, angulation);
                let stops = match class {
                    Class::Immediate => true,
                    Class::CounterTime => false,
                    Class::Parry => e >= s,
                    Class::Counter => e > s,
                };
                out.push((a, stops));
            }
        }
        out
    }

    /// The SP a no-card Parry against speed `s` costs `seat` (R8.3, option `parry_cost`), and
    /// the parry's speed.
    pub(crate) fn nocard_parry(&self, seat: Seat, s: u8) -> (u8, u8) {
        let theirs = *self.weapon.get(seat.other());
        let inv = u8::from(
            *self.weapon.get(seat) == Guard::Inv
                && (self.options.rps_effect == RpsEffect::None || Guard::Inv.beats(theirs)),
        );
        let need = s.saturating_sub(inv);
        let cost = match self.options.parry_cost {
            ParryCost::Ceil => need.div_ceil(2).max(1),
            ParryCost::FloorPlusOne => need / 2 + 1,
        };
        (cost, 2 * cost + inv)
    }

    /// Where a fencer moved `steps` blocks back would stand (0 or 11: the end zone).
    pub(crate) fn back_to(&self, seat: Seat, steps: i16) -> u8 {
        let to = (i16::from(*self.pos.get(seat)) - steps * forward(seat)).clamp(0, 11);
        u8::try_from(to).unwrap_or(0)
    }

    /// Whether a move back of `steps` blocks is allowed (option `offstrip`).
    pub(crate) fn may_go_back(&self, seat: Seat, steps: i16) -> bool {
        let to = self.back_to(seat, steps);
        self.options.offstrip == Offstrip::Penalty || (1..=10).contains(&to)
    }

    /// The block a forward move would reach, if legal (R4.1, option `overlap`).
    pub(crate) fn forward_to(&self, seat: Seat) -> Option<u8> {
        let here = i16::from(*self.pos.get(seat));
        let opp = i16::from(*self.pos.get(seat.other()));
        let to = here + forward(seat);
        let past = (to - opp) * forward(seat);
        let ok = if self.options.overlap == super::options::Overlap::Share { past <= 0 } else { past < 0 };
        if ok && (1..=10).contains(&to) {
            u8::try_from(to).ok()
        } else {
            None
        }
    }

    /// The no-card actions `seat` may take against the threat of `p` (R8).
    pub(crate) fn nocard_answers(&self, seat: Seat, p: &Phrase, card_answers: &[(Action, bool)]) -> Vec<Action> {
        let mut out = Vec::new();
        let sp = *self.sp.get(seat);
        if *p.nocard.get(seat) || sp == 0 {
            return out;
        }
        if self.options.nocard_precondition == NocardPrecondition::Strict
            && card_answers.iter().any(|&(_, stops)| stops)
        {
            return out;
        }
        let t = &p.threat;
        let s = t.speed.unwrap_or(0);
        let against_opening = matches!(t.origin, Origin::Opening | Origin::Renewed) && seat != p.opener;
        let against_riposte = matches!(t.origin, Origin::Riposte | Origin::GlideRiposte)
            && self.options.nocard_targets == NocardTargets::OpeningAndRiposteParry;
        if (against_opening || against_riposte) && self.variant != Variant::Tutorial && t.card.kind != Kind::ToeTouch {
            let (cost, _) = self.nocard_parry(seat, s);
            if cost <= sp {
                out.push(Action::Parry);
            }
        }
        if against_opening && self.may_go_back(seat, 2) {
            let speed_ok = match self.options.distance_speed {
                DistanceSpeed::EffectiveBa => self.variant == Variant::Tutorial || s <= 5,
                DistanceSpeed::Printed => self.variant == Variant::Tutorial || t.card.speed.unwrap_or(0) <= 5,
                DistanceSpeed::AllModes => s <= 5,
            };
            if speed_ok {
                let chooses = self.variant == Variant::Tutorial
                    || (self.variant == Variant::Advanced && self.options.distance_pick == DistancePick::Choice);
                let faces = self.faces(seat);
                if chooses && !faces.is_empty() {
                    out.extend(faces.into_iter().map(|c| Action::Distance(Some(c))));
                } else {
                    out.push(Action::Distance(None));
                }
            }
        }
        out
    }

    /// Renewed Attack and Feint choices for the opener after `defence` (R9.5, R9.6).
    pub(crate) fn renew_feint_choices(&self, p: &Phrase, defence: Defence, riposte_pending: bool) -> Vec<Action> {
        let a = p.opener;
        let mut out = Vec::new();
        if p.fleche {
            return out;
        }
        let eligible = match defence {
            Defence::Card(..) | Defence::Nocard(_) | Defence::Distance => true,
            // Settled reading: a counter-attack always resolves the phrase, whatever `renewed`.
            Defence::Counter(_) => !self.readings.settled() && self.options.renewed == Renewed::AfterAnyDefence,
        };
        // Readings settled after the differential fuzz: both cards need a phrase opened at
        // lunge distance, and together they count once per phrase.
        let bonus_left = !self.readings.after_fuzz() || (p.gap == 1 && !p.renewed);
        if !eligible || !bonus_left {
            return out;
        }
        let t = table();
        if !p.renewed
            && self.holds(a, Kind::RenewedAttack)
            && self.affords(a, t.sp(Card { kind: Kind::RenewedAttack, speed: None }))
        {
            out.push(Action::Renew);
        }
        if !p.feinted && self.holds(a, Kind::Feint) {
            let feint_cost = t.sp(Card { kind: Kind::Feint, speed: None });
            let option1 =
                defence != Defence::Distance || self.options.feint_vs_distance == FeintVsDistance::CompareZero;
            if option1 && *p.main.get(a) < 2 {
                for card in self.faces(a) {
                    if self.opens(a, card.kind, p.gap) {
                        self.push_with_angulation(&mut out, a, card, true, feint_cost, |card, angulation| {
                            Action::Feint { card: Some(card), angulation }
                        });
                    }
                }
            }
            // Option 2 (stop the phrase) is always offered under the settled readings; the
            // first engine offered it only when a riposte was pending.
            if (riposte_pending || self.readings.settled()) && self.affords(a, feint_cost) {
                out.push(Action::Feint { card: None, angulation: false });
            }
        }
        out
    }

    /// Glide bonus ripostes for `parrier` after `defence` (R9.2, option `glide_bonus`).
    pub(crate) fn glide_choices(&self, p: &Phrase, defence: Defence, parrier: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if p.fleche {
            return out;
        }
        let eligible = match defence {
            Defence::Nocard(_) => true,
            Defence::Card(kind, _) => {
                self.options.glide_bonus == GlideBonus::AnyParry
                    && (matches!(kind, Kind::ParryRiposte | Kind::CedingParry)
                        || (kind == Kind::Infighting && self.readings.settled()))
            }
            Defence::Distance | Defence::Counter(_) => false,
        };
        if !eligible {
            return out;
        }
        for card in self.faces(parrier).into_iter().filter(|c| c.kind == Kind::GlideAttack) {
            self.push_with_angulation(&mut out, parrier, card, true, 0, |card, angulation| Action::Glide {
                card,
                angulation,
            });
        }
        out
    }

    /// Every answer to the pending threat, concession excluded.
    pub(crate) fn answers(&self, seat: Seat, p: &Phrase) -> Vec<Action> {
        let cards = self.card_answers(seat, p);
        let mut out = self.nocard_answers(seat, p, &cards);
        let mut all: Vec<Action> = cards.into_iter().map(|(a, _)| a).collect();
        all.append(&mut out);
        if seat == p.opener && p.counter_to_first {
            all.extend(self.renew_feint_choices(p, Defence::Counter(p.threat.speed.unwrap_or(0)), false));
        }
        all
    }

    /// The game actions `seat` may take now in turn `t` (R3).
    fn turn_actions(&self, seat: Seat, t: &Turn) -> Vec<Action> {
        let mut out = Vec::new();
        let advanced = self.variant == Variant::Advanced;
        let tutorial = self.variant == Variant::Tutorial;
        if t.actions < 2 {
            if self.forward_to(seat).is_some() {
                out.push(Action::Move(Step::Forward));
            }
            if self.may_go_back(seat, 1) {
                out.push(Action::Move(Step::Back));
            }
            if !t.weapon {
                let now = *self.weapon.get(seat);
                out.extend(Guard::ALL.into_iter().filter(|&g| g != now).map(Action::Weapon));
            }
            let can_swap = !tutorial && !t.swap && !self.timer.is_empty();
            let swappable = || -> Vec<Card> {
                let t = table();
                let mut faces: Vec<Card> =
                    self.hand.get(seat).iter().filter(|&&id| !self.protected(seat, id)).map(|&id| t.card(id)).collect();
                faces.sort_unstable();
                faces.dedup();
                faces
            };
            if can_swap {
                out.extend(swappable().into_iter().map(Action::Swap));
            }
            let retreat_ok =
                advanced && (self.options.retreat == Retreat::Free || !t.retreat) && self.may_go_back(seat, 2);
            if retreat_ok {
                out.push(Action::Retreat(None));
                if can_swap {
                    out.extend(swappable().into_iter().map(|c| Action::Retreat(Some(c))));
                }
            }
            if t.actions == 0
                && !tutorial
                && !*self.stalled_last.get(seat)
                && !matches!(self.sudden, Some(Sudden::ExtraTime(_)))
                && !self.timer.is_empty()
            {
                out.push(Action::Stall);
            }
            let gap = self.gap();
            for card in self.faces(seat) {
                if self.opens(seat, card.kind, gap) {
                    self.push_with_angulation(&mut out, seat, card, true, 0, |card, angulation| Action::Play {
                        card,
                        angulation,
                    });
                }
            }
        }
        if t.actions == 1 && self.options.short_turn == ShortTurn::Allow {
            out.push(Action::EndTurn);
        }
        out
    }

    /// The actions `seat` may choose now, besides resigning and agreeing a draw: every one of
    /// them is accepted by [`ReadyFence::play`], and nothing else is.
    #[must_use]
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if !self.to_act().includes(seat) {
            return Vec::new();
        }
        match &self.phase {
            Phase::Mulligan(_) => {
                if self.options.mulligan == Mulligan::Reserve {
                    vec![Action::Mulligan, Action::Keep]
                } else {
                    vec![Action::Keep]
                }
            }
            Phase::Turn(_, t) => self.turn_actions(seat, t),
            Phase::FreeSwap(_) => {
                let mut out: Vec<Action> = self.faces(seat).into_iter().map(Action::Swap).collect();
                out.push(Action::Pass);
                out
            }
            Phase::Phrase(p) => match p.stage {
                Stage::Answer => {
                    let mut out = self.answers(seat, p);
                    if !out.is_empty() && self.options.concede == Concede::Allowed {
                        out.push(Action::Concede);
                    }
                    out
                }
                Stage::RenewFeint { defence, riposte, .. } => {
                    let mut out = self.renew_feint_choices(p, defence, riposte.is_some());
                    out.push(Action::Pass);
                    out
                }
                Stage::Glide { defence, parrier, .. } => {
                    let mut out = self.glide_choices(p, defence, parrier);
                    out.push(Action::Pass);
                    out
                }
            },
            Phase::Over { .. } => Vec::new(),
        }
    }
}

impl Phrase {
    /// Whose decision the phrase awaits.
    pub(crate) fn decider(&self) -> Seat {
        match self.stage {
            Stage::Answer => self.threat.owner.other(),
            Stage::RenewFeint { .. } => self.opener,
            Stage::Glide { parrier, .. } => parrier,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readyfence::{Config, Options, RpsEffect};

    fn bout(a: Guard, b: Guard, options: Options) -> ReadyFence {
        let mut g = ReadyFence::new(Config { options, ..Config::new(Variant::Advanced, 1) }).unwrap();
        g.weapon = crate::BySeat { a, b };
        g
    }

    fn attack(g: &ReadyFence, kind: Kind, speed: u8) -> u8 {
        g.attack_speed(Seat::A, Card { kind, speed: Some(speed) }, false)
    }

    /// The src tables of R5.2: Straight Thrust 3→5 … 6→8 (own LINE, opponent INV); Beat and
    /// Flick 4→5, 5→6 (opponent LINE); ENG −1 on attacks except Disengage; INV +1 on defence.
    #[test]
    fn effective_speeds_follow_the_source_tables() {
        let d = Options::default();
        let g = bout(Guard::Line, Guard::Inv, d);
        assert_eq!((3..=6).map(|s| attack(&g, Kind::StraightThrust, s)).collect::<Vec<_>>(), [5, 6, 7, 8]);
        let g = bout(Guard::Line, Guard::Line, d);
        assert_eq!([attack(&g, Kind::BeatThrust, 4), attack(&g, Kind::Flick, 5)], [5, 6]);
        assert_eq!(attack(&g, Kind::StraightThrust, 4), 4);
        let g = bout(Guard::Line, Guard::Eng, d);
        assert_eq!([attack(&g, Kind::StraightThrust, 4), attack(&g, Kind::Disengage, 4)], [3, 4]);
        let g = bout(Guard::Inv, Guard::Eng, d);
        assert_eq!(g.answer_speed(Seat::A, Card { kind: Kind::StopHit, speed: Some(5) }, true), 8);
        // Floor 0.
        let g = bout(Guard::Line, Guard::Eng, d);
        assert_eq!(g.eff(Seat::A, Kind::ParryRiposte, 0, SpeedRole::Attack, false, true, 0), 0);
        // only_when_winning gates the cycle's modifiers, never a card's printed +1 (settled
        // readings); the first engine's readings also gated Beat's +1 (LINE does not beat LINE).
        let only = Options { rps_effect: RpsEffect::OnlyWhenWinning, ..d };
        let mut g = bout(Guard::Line, Guard::Line, only);
        assert_eq!(attack(&g, Kind::BeatThrust, 4), 5);
        g.readings = crate::readyfence::Readings::First;
        assert_eq!(attack(&g, Kind::BeatThrust, 4), 4);
        // ENG's -1 needs ENG to beat the attacker's guard (ENG beats LINE, not INV).
        let g = bout(Guard::Inv, Guard::Eng, only);
        assert_eq!(attack(&g, Kind::StraightThrust, 4), 4);
        let g = bout(Guard::Line, Guard::Eng, only);
        assert_eq!(attack(&g, Kind::StraightThrust, 4), 3);
    }

    /// R8.3: cost ceil((s − inv) / 2), at least 1; speed 2 × SP + inv.
    #[test]
    fn nocard_parry_cost_and_speed() {
        let g = bout(Guard::Inv, Guard::Line, Options::default());
        assert_eq!(g.nocard_parry(Seat::A, 5), (2, 5));
        assert_eq!(g.nocard_parry(Seat::A, 1), (1, 3));
        let g = bout(Guard::Line, Guard::Line, Options::default());
        assert_eq!(g.nocard_parry(Seat::A, 7), (4, 8));
    }
}
