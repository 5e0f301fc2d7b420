//! The practice opponent at Ready... Fence!.
//!
//! Everything of a bout is public but the hands and the piles: the strip, weapons,
//! stamina, score, period, and the phrase in progress card by card. So a seat's knowledge
//! is the bout with the other hand, the timer pile, the reserve, the discards and the
//! generator taken out (their sizes are public and kept), plus its own hand. A world for
//! the search deals the cards the seat has not seen at random into those places, the faces
//! the other seat was seen to play (and still holds) first.
//!
//! `hard` searches a tree over those worlds ([`super::tree`]). A simulation plays the
//! exchange on with the rules of thumb of `medium` (seeing the world's both hands, with a
//! little noise) and stops at its first point, at the end of the bout, or after
//! [`EXCHANGE_STEPS`] decisions; it is scored by the bout's result, else by the points won
//! and lost since the search began ([`POINT_VALUE`] each) and the stamina left
//! ([`STAMINA_VALUE`] a point more than the other's).

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Level, Opponent, Random, Seen};
use crate::readyfence::{
    mode_deck, table, Action, Card, Guard, Kind, Phase, ReadyFence, SeatView, Stage, Step, Variant,
};
use crate::Seat;

/// How many decisions a simulated exchange may take before it is scored as it stands.
const EXCHANGE_STEPS: u32 = 40;
/// What a point won (or lost) since the search began adds to a simulation's score.
const POINT_VALUE: f64 = 0.35;
/// What a point of stamina more than the other's adds to a simulation's score.
const STAMINA_VALUE: f64 = 0.01;
/// One decision in this many of a simulated exchange is random (the rest follow the rules of
/// thumb, seeing the sampled world).
const ROLLOUT_RANDOM: usize = 8;
/// How often `easy` plays any action instead of its rules of thumb.
const EASY_ANY: f64 = 0.3;
/// `hard` plays one tree search iteration per this many simulated rounds of its budget.
const SEARCH_DIVISOR: u32 = 4;
/// How much readier than `easy` the seat that counts cards is to open a phrase (in the units
/// of [`judge`]): measured, medium against easy, at about 40 times an opening's expected points.
const MEDIUM_BOLDNESS: f64 = 5.0;

/// What one seat may know of a Ready... Fence! bout.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Knowledge {
    /// The seat's view: its hand, its legal actions, the public view.
    view: SeatView,
    /// The bout with nothing hidden left in it: the other hand and the piles emptied (their
    /// sizes are in the view), no seed, a generator of no secret state, no record.
    public: Box<ReadyFence>,
    /// The public history.
    history: Vec<Seen<Action>>,
}

impl Knowledge {
    fn seat(&self) -> Seat {
        self.view.seat
    }
}

impl ReadyFence {
    /// This bout as `seat` may know it: the other hand, the piles and the generator taken
    /// out (see [`Knowledge`]).
    fn known_to(&self, seat: Seat) -> ReadyFence {
        let mut known = self.clone();
        known.hand.get_mut(seat.other()).clear();
        known.timer.clear();
        known.reserve.clear();
        known.discard.clear();
        known.seed = 0;
        known.deck_given = None;
        known.rng = Box::new(ChaCha8Rng::seed_from_u64(0));
        known.log.clear();
        known
    }
}

impl Opponent for ReadyFence {
    type Knowledge = Knowledge;
    type World = World;

    fn is_secret(_: &Action) -> bool {
        false
    }

    fn knowledge(&self, seat: Seat, history: Vec<Seen<Action>>) -> Knowledge {
        Knowledge { view: self.view(seat), public: Box::new(self.known_to(seat)), history }
    }

    fn to_decide(k: &Knowledge) -> bool {
        k.view.public.to_act.includes(k.seat()) && !k.view.legal.is_empty()
    }

    fn candidates(k: &Knowledge, _: &mut Random) -> Vec<Action> {
        k.view.legal.clone()
    }

    fn rule_of_thumb(k: &Knowledge, level: Level, _: u32, rng: &mut Random) -> Action {
        let actions = &k.view.legal;
        let noise = match level {
            Level::Easy => 12.0,
            Level::Medium | Level::Hard => 1.0,
        };
        // Easy judges without counting the other's cards; medium counts them.
        let belief = match level {
            Level::Easy => Belief::from_knowledge(k, false),
            Level::Medium | Level::Hard => Belief::from_knowledge(k, true),
        };
        if level == Level::Easy && rng.unit() < EASY_ANY {
            // Now and then any action but conceding, as a beginner would.
            let sensible: Vec<Action> = actions.iter().copied().filter(|&a| a != Action::Concede).collect();
            if !sensible.is_empty() {
                return sensible[rng.below(sensible.len())];
            }
        }
        let scores = actions.iter().map(|&a| judge(&k.public, k.seat(), a, &belief) + noise * rng.unit());
        actions[best(scores)]
    }

    fn determinize(k: &Knowledge, rng: &mut Random) -> World {
        let p = &k.view.public;
        let mut world = (*k.public).clone();
        let seat = k.seat();
        // The copies this seat has not seen: the deck less its hand and the table.
        let mut unseen = unseen_ids(k);
        // The other hand holds what it was seen to hold (cards come back to hand after a
        // phrase), the rest at random.
        let size = usize::from(*p.hand_sizes.get(seat.other()));
        let t = table();
        let mut theirs: Vec<u8> = Vec::with_capacity(size);
        for face in known_faces(k) {
            if theirs.len() == size {
                break;
            }
            if let Some(i) = unseen.iter().position(|&u| t.card(u) == face) {
                theirs.push(unseen.swap_remove(i));
            }
        }
        rng.shuffle(&mut unseen);
        let mut deal = |n: u8| -> Vec<u8> {
            let n = usize::from(n).min(unseen.len());
            unseen.split_off(unseen.len() - n)
        };
        theirs.extend(deal((size - theirs.len()) as u8));
        *world.hand.get_mut(seat.other()) = theirs;
        world.timer = deal(p.timer);
        world.reserve = deal(p.reserve);
        world.discard = deal(p.discards);
        // Anything left (there is nothing left when the sizes add up) goes to the discards.
        world.discard.append(&mut unseen);
        world.rng = Box::new(ChaCha8Rng::seed_from_u64(rng.next_u64()));
        World { start: world.score, bout: world, steps: 0 }
    }

    /// A tree search iteration (an exchange cut off at its first point) costs 10 to 20 µs: a
    /// quarter of the budget's rounds (5 000 for `hard`) keeps a move near a tenth of a
    /// second. Twice as many won no more in the strength bench.
    fn search_iterations(iterations: u32) -> u32 {
        iterations / SEARCH_DIVISOR
    }

    fn play_in_world(world: &mut World, seat: Seat, action: Action) {
        world.bout.play_unchecked(seat, action);
        world.steps += 1;
    }

    fn play_out(world: &mut World, seat: Seat, rng: &mut Random) -> f64 {
        let mut legal = Vec::new();
        while let Some(to_act) = Self::decision(world, &mut legal) {
            let action = quick(&world.bout, to_act, &legal, rng);
            Self::play_in_world(world, to_act, action);
        }
        Self::round_score(world, seat)
    }

    const TREE: bool = true;

    fn decision(world: &World, legal: &mut Vec<Action>) -> Option<Seat> {
        legal.clear();
        if world.exchange_over() {
            return None;
        }
        let crate::ToAct::One(to_act) = world.bout.to_act() else { return None };
        legal.extend(world.bout.legal_actions(to_act));
        (!legal.is_empty()).then_some(to_act)
    }

    fn round_score(world: &World, seat: Seat) -> f64 {
        world.score(seat)
    }
}

/// A world of the search: a sampled bout, and where the search began in it. A simulation
/// ends at the first point scored since then (or the end of the bout), or after
/// [`EXCHANGE_STEPS`] decisions.
pub(crate) struct World {
    bout: ReadyFence,
    /// The score when the search began.
    start: crate::BySeat<u32>,
    /// Decisions played since the search began.
    steps: u32,
}

impl World {
    /// Whether the simulated exchange is over: a point scored, the bout over, or the
    /// decisions spent.
    fn exchange_over(&self) -> bool {
        matches!(self.bout.phase, Phase::Over { .. }) || self.bout.score != self.start || self.steps >= EXCHANGE_STEPS
    }

    /// How good the world looks for `seat`, from 0 to 1: the bout's result once it is over;
    /// else the points won and lost since the search began, then stamina.
    fn score(&self, seat: Seat) -> f64 {
        let bout = &self.bout;
        if let Phase::Over { winner, .. } = bout.phase {
            return match winner {
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let gained = |s: Seat| f64::from(*bout.score.get(s)) - f64::from(*self.start.get(s));
        let points = gained(seat) - gained(seat.other());
        let stamina = f64::from(*bout.sp.get(seat)) - f64::from(*bout.sp.get(seat.other()));
        (0.5 + POINT_VALUE * points + STAMINA_VALUE * stamina).clamp(0.0, 1.0)
    }
}

/// The quick policy of simulations, which sees both hands of the world: the rules of thumb
/// with a little noise, and now and then any action.
fn quick(bout: &ReadyFence, seat: Seat, legal: &[Action], rng: &mut Random) -> Action {
    if rng.below(ROLLOUT_RANDOM) == 0 {
        return legal[rng.below(legal.len())];
    }
    let belief = Belief::exact(bout, seat);
    legal[best(legal.iter().map(|&a| judge(bout, seat, a, &belief) + rng.unit()))]
}

/// What a seat believes of the other hand: the faces it knows are there, how many cards
/// more it holds, and the faces those may be (one per unseen copy).
struct Belief {
    known: Vec<Card>,
    unknown: usize,
    pool: Vec<Card>,
    /// Cards left in the timer pile (public; the knowledge's bout has the pile emptied).
    timer: usize,
    /// How readily the seat opens a phrase (added to an opening's value).
    bold: f64,
}

impl Belief {
    /// In a sampled world: the other hand as it is there.
    fn exact(bout: &ReadyFence, seat: Seat) -> Belief {
        let t = table();
        let known = bout.hand.get(seat.other()).iter().map(|&id| t.card(id)).collect();
        Belief { known, unknown: 0, pool: Vec::new(), timer: bout.timer.len(), bold: MEDIUM_BOLDNESS }
    }

    /// From the knowledge: the faces the other was seen to play and still holds (when
    /// `count`ing cards), the rest from the copies this seat has not seen.
    fn from_knowledge(k: &Knowledge, count: bool) -> Belief {
        let t = table();
        let p = &k.view.public;
        let seat = k.seat();
        let known = if count { known_faces(k) } else { Vec::new() };
        let mut pool: Vec<Card> = unseen_ids(k).into_iter().map(|id| t.card(id)).collect();
        for face in &known {
            if let Some(i) = pool.iter().position(|c| c == face) {
                pool.swap_remove(i);
            }
        }
        let size = usize::from(*p.hand_sizes.get(seat.other()));
        let bold = if count { MEDIUM_BOLDNESS } else { 0.0 };
        Belief { unknown: size.saturating_sub(known.len()), known, pool, timer: usize::from(p.timer), bold }
    }

    /// The chance that the other holds a card for which `fits` holds.
    fn chance(&self, fits: impl Fn(Card) -> bool) -> f64 {
        if self.known.iter().any(|&c| fits(c)) {
            return 1.0;
        }
        let n = self.pool.len();
        let hits = self.pool.iter().filter(|&&c| fits(c)).count();
        if hits == 0 || self.unknown == 0 || n == 0 {
            return 0.0;
        }
        // One minus the chance that none of the unknown cards fits (drawn without replacement).
        let mut none = 1.0;
        for i in 0..self.unknown.min(n) {
            none *= (n - hits).saturating_sub(i) as f64 / (n - i) as f64;
        }
        1.0 - none
    }
}

/// The copies `k`'s seat has not seen: the mode's deck less its hand and the table.
fn unseen_ids(k: &Knowledge) -> Vec<u8> {
    let world = &k.public;
    let seat = k.seat();
    let mut unseen = mode_deck(world.variant, &world.options);
    let mut seen: Vec<u8> = world.hand.get(seat).clone();
    if let Phase::Phrase(phrase) = &world.phase {
        for s in Seat::ALL {
            seen.extend(phrase.table.get(s));
        }
    }
    for id in seen {
        if let Some(i) = unseen.iter().position(|&u| u == id) {
            unseen.swap_remove(i);
        }
    }
    unseen
}

/// The faces the other seat is known to hold: outside the tutorial, played cards come back
/// to hand after the phrase (but a Joker), so every card it was seen to play and did not
/// swap away since is still there, and in basic it always holds its yellow Straight Thrust.
/// Those on the table now are left out (they are seen already).
fn known_faces(k: &Knowledge) -> Vec<Card> {
    let other = k.seat().other();
    let variant = k.public.variant;
    let mut known: Vec<Card> = Vec::new();
    if variant == Variant::Tutorial {
        return known;
    }
    for seen in &k.history {
        let Seen::Played(s, action) = *seen else { continue };
        if s != other {
            continue;
        }
        match action {
            Action::Mulligan => known.clear(),
            Action::Play { card, .. }
            | Action::Answer { card, .. }
            | Action::Glide { card, .. }
            | Action::Feint { card: Some(card), .. }
                if card.kind != Kind::Joker && !known.contains(&card) =>
            {
                known.push(card);
            }
            Action::Swap(card) | Action::Retreat(Some(card)) | Action::Distance(Some(card)) => {
                if let Some(i) = known.iter().position(|&c| c == card) {
                    known.swap_remove(i);
                }
            }
            _ => {}
        }
    }
    let yellow = Card { kind: Kind::StraightThrust, speed: Some(3) };
    if variant == Variant::Basic && !known.contains(&yellow) {
        known.push(yellow);
    }
    if let Phase::Phrase(phrase) = &k.public.phase {
        let t = table();
        for &id in phrase.table.get(other) {
            if let Some(i) = known.iter().position(|&c| c == t.card(id)) {
                known.swap_remove(i);
            }
        }
    }
    let size = usize::from(*k.view.public.hand_sizes.get(other));
    known.truncate(size);
    known
}

/// How an opening of `card` by `seat` is likely to end, in points for `seat` (from -1 to 1):
/// stopped by a faster counter-attack (a point against), parried (a riposte to answer),
/// parried without a card or evaded by distance (nothing), or a touch.
fn attack_outcome(bout: &ReadyFence, seat: Seat, card: Card, angulation: bool, belief: &Belief) -> f64 {
    let other = seat.other();
    let s = bout.attack_speed(seat, card, angulation);
    let their_sp = *bout.sp.get(other);
    let inv = u8::from(*bout.weapon.get(other) == Guard::Inv);
    let affords = |c: Card| !bout.card_sp_counts() || ReadyFence::cost(c, false) <= their_sp;
    let speed = |c: Card| c.speed.unwrap_or(0) + inv;
    let kind = card.kind;
    let counter = belief.chance(|c| {
        let answers = match c.kind {
            Kind::StopHit => {
                matches!(kind, Kind::StraightThrust | Kind::BeatThrust | Kind::ToeTouch | Kind::Flick | Kind::Fleche)
            }
            Kind::Disengage => matches!(kind, Kind::BeatThrust | Kind::GlideAttack | Kind::Flanconade),
            _ => false,
        };
        answers && speed(c) > s && affords(c)
    });
    let immediate = belief.chance(|c| {
        c.kind == Kind::Joker || (c.kind == Kind::CedingParry && matches!(kind, Kind::GlideAttack | Kind::Flanconade))
    });
    let parry = belief.chance(|c| {
        let answers = match c.kind {
            Kind::ParryRiposte => !matches!(kind, Kind::ToeTouch | Kind::Infighting),
            Kind::CedingParry => {
                !matches!(kind, Kind::ToeTouch | Kind::Infighting | Kind::GlideAttack | Kind::Flanconade)
            }
            Kind::Infighting => kind == Kind::Infighting,
            _ => false,
        };
        answers && speed(c) >= s && affords(c)
    });
    let against = 1.0 - (1.0 - counter) * (1.0 - immediate);
    let parried = (1.0 - against) * parry;
    let through = (1.0 - against) * (1.0 - parry);
    // Not stopped by a card: a no-card Parry if it can pay, Defence by Distance if slow
    // enough (into its end zone: a point for us), else a touch.
    let nocard_cost = u8::try_from((i16::from(s) - i16::from(inv)).max(1) + 1).unwrap_or(u8::MAX) / 2;
    let unanswered = if kind != Kind::ToeTouch && their_sp >= nocard_cost.max(1) && bout.variant != Variant::Tutorial {
        0.1
    } else if s <= 5 && their_sp >= 1 {
        if matches!(bout.back_to(other, 2), 0 | 11) {
            1.0
        } else {
            0.15
        }
    } else {
        1.0
    };
    -against - 0.3 * parried + through * unanswered
}

/// The best outcome of an opening `seat` could make at `gap` with its hand.
fn best_opening(bout: &ReadyFence, seat: Seat, gap: u8, belief: &Belief) -> f64 {
    let sp = *bout.sp.get(seat);
    bout.faces(seat)
        .into_iter()
        .filter(|c| bout.opens(seat, c.kind, gap) && (!bout.card_sp_counts() || ReadyFence::cost(*c, false) <= sp))
        .map(|c| attack_outcome(bout, seat, c, false, belief))
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The rules of thumb: how good `action` looks for `seat` in `bout` (higher is better), with
/// `belief` of the other hand.
///
/// Answers: a card that scores at once, then one that stops the threat (cheapest in
/// stamina), then a no-card parry, then Defence by Distance; conceding last. Turns: open
/// with what the other cannot stop (counting its cards, its stamina and its guard), close
/// to lunge distance only with such an attack left in the turn; ahead, spend the timer
/// (stall, swap); recover stamina by stalling when it runs low.
fn judge(bout: &ReadyFence, seat: Seat, action: Action, belief: &Belief) -> f64 {
    let sp = f64::from(*bout.sp.get(seat));
    let lead = i64::from(*bout.score.get(seat)) - i64::from(*bout.score.get(seat.other()));
    // Ahead with the timer short, time is on our side; behind, it is not.
    let late = belief.timer <= 6;
    let ahead = lead > 0;
    match action {
        Action::Keep => 1.0,
        Action::Mulligan => {
            // Take it when no card in hand could open a phrase at lunge distance.
            let opens = bout.faces(seat).iter().any(|c| opening_kind(c.kind));
            if opens {
                0.0
            } else {
                2.0
            }
        }
        Action::Answer { card, angulation } => answer_value(bout, seat, card, angulation),
        Action::Parry => {
            // Without a card: it costs stamina by the attack's speed (Defence by Distance
            // costs one), and a Glide Attack may then riposte.
            let cost = match &bout.phase {
                Phase::Phrase(p) => f64::from(bout.nocard_parry(seat, p.threat.speed.unwrap_or(0)).0),
                _ => 3.0,
            };
            let glide = bout.holds(seat, Kind::GlideAttack);
            34.0 - 3.0 * cost + if glide { 4.0 } else { 0.0 }
        }
        Action::Distance(_) => {
            let back = bout.back_to(seat, 2);
            if bout.may_go_back(seat, 2) && back != 0 && back != 11 {
                27.0
            } else {
                -50.0
            }
        }
        Action::Concede => -40.0,
        Action::Renew => 35.0,
        Action::Feint { card: Some(card), angulation } => 20.0 + f64::from(bout.attack_speed(seat, card, angulation)),
        Action::Feint { card: None, .. } => 5.0,
        Action::Glide { .. } => 30.0,
        Action::Pass => 3.0,
        Action::Play { card, angulation } => {
            let outcome = attack_outcome(bout, seat, card, angulation, belief);
            let cost = f64::from(ReadyFence::cost(card, angulation));
            // Ahead late, only a sure touch is worth the risk; behind late, any chance is.
            let boldness = if ahead && late {
                -6.0
            } else if lead < 0 && late {
                6.0
            } else {
                0.0
            };
            40.0 * outcome - 1.5 * cost + boldness + belief.bold
        }
        Action::Stall => {
            let gain = (f64::from(crate::readyfence::MAX_SP) - sp).min(2.0);
            let clock = if ahead {
                10.0
            } else if lead < 0 {
                -10.0
            } else {
                0.0
            };
            4.0 * gain - 2.0 + clock
        }
        Action::Move(step) => {
            let gap = bout.gap();
            let first_action = matches!(bout.phase, Phase::Turn(_, t) if t.actions == 0);
            match step {
                // Close in to lunge distance, where the cards play, with a good attack left to
                // make this turn; ending a turn there hands the other the first attack.
                Step::Forward if gap >= 4 => 10.0,
                // To long distance: the other may then close and lunge first.
                Step::Forward if gap == 3 => 2.0,
                Step::Forward if gap == 2 && first_action => {
                    let best = best_opening(bout, seat, 1, belief);
                    if best > 0.0 {
                        8.0 + 30.0 * best
                    } else {
                        -3.0
                    }
                }
                Step::Forward if gap == 2 => -3.0,
                Step::Forward => -2.0,
                Step::Back if !bout.may_go_back(seat, 1) || own_end(bout.back_to(seat, 1)) => -50.0,
                Step::Back if gap == 0 => 6.0,
                // Out of lunge distance at the end of the turn: the other cannot open at once.
                Step::Back if gap <= 2 => {
                    if lead < 0 && late {
                        -3.0
                    } else if ahead {
                        5.0
                    } else {
                        -8.0
                    }
                }
                Step::Back => -4.0,
            }
        }
        Action::Retreat(_) => {
            if bout.gap() == 0 && !own_end(bout.back_to(seat, 2)) {
                5.0
            } else {
                -10.0
            }
        }
        Action::Weapon(guard) => {
            // Invitation speeds up the seat's defence (and bars Beat and Flick); engagement
            // slows the other's attacks; point-in-line boosts Straight Thrusts against
            // invitation.
            let theirs = *bout.weapon.get(seat.other());
            match guard {
                // Invitation also gives a Straight Thrust in line +2.
                Guard::Inv if theirs == Guard::Line => 2.5,
                Guard::Inv => 3.5,
                Guard::Eng => 3.0,
                Guard::Line => {
                    if theirs == Guard::Inv && bout.holds(seat, Kind::StraightThrust) {
                        4.0
                    } else {
                        -1.0
                    }
                }
            }
        }
        Action::Swap(card) => {
            // A swap draws from the timer: it brings the end of the period closer, which only
            // the seat ahead wants.
            let clock = if ahead { 3.0 } else { -6.0 };
            2.0 - f64::from(card.speed.unwrap_or(5)) / 2.0 + clock
        }
        Action::EndTurn => 0.5,
        Action::Resign | Action::AgreeDraw => -1000.0,
    }
}

/// Whether a card of `kind` opens a phrase at lunge distance.
fn opening_kind(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::StraightThrust
            | Kind::BeatThrust
            | Kind::Disengage
            | Kind::ToeTouch
            | Kind::GlideAttack
            | Kind::Flick
            | Kind::Flanconade
    )
}

/// Whether block `to` is off the strip (an end zone).
fn own_end(to: u8) -> bool {
    to == 0 || to == 11
}

/// How good answering with `card` looks: a sure point, then a stop, then a race.
fn answer_value(bout: &ReadyFence, seat: Seat, card: Card, angulation: bool) -> f64 {
    if matches!(card.kind, Kind::Joker | Kind::FeintInTime | Kind::CounterTime) {
        return 60.0 - if card.kind == Kind::Joker { 5.0 } else { 0.0 };
    }
    let Phase::Phrase(phrase) = &bout.phase else { return 0.0 };
    let stops =
        bout.card_answers(seat, phrase).iter().any(|&(a, stop)| stop && a == Action::Answer { card, angulation });
    let cost = f64::from(ReadyFence::cost(card, angulation));
    let speed = f64::from(bout.answer_speed(seat, card, angulation));
    let threat = f64::from(phrase.threat.speed.unwrap_or(0));
    if stops {
        // A counter-attack that overtakes scores unless answered (seldom possible); a parry
        // leaves a riposte to answer.
        let counter = matches!(card.kind, Kind::StopHit | Kind::Disengage);
        if counter {
            50.0 - 2.0 * cost
        } else {
            44.0 - 2.0 * cost
        }
    } else if (speed - threat).abs() < 0.5 && matches!(phrase.stage, Stage::Answer) {
        // A double touch.
        10.0 - cost
    } else {
        -20.0 - cost
    }
}

/// The index of the highest score (the first of equals).
fn best(scores: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, s) in scores.enumerate() {
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readyfence::{Awaiting, Config, Variant};

    #[test]
    fn a_seat_knows_no_card_of_the_other_hand_nor_of_the_piles() {
        for variant in [Variant::Tutorial, Variant::Basic, Variant::Advanced] {
            let bout = ReadyFence::new(Config::new(variant, 5)).expect("a bout");
            let known = bout.known_to(Seat::A);
            assert!(known.hand.b.is_empty() && known.timer.is_empty() && known.reserve.is_empty());
            assert_eq!(known.hand.a, bout.hand.a, "its own hand it knows");
            // A world deals every unseen copy once: the cards are conserved.
            let k = bout.knowledge(Seat::A, Vec::new());
            let world = <ReadyFence as Opponent>::determinize(&k, &mut Random::new(1));
            assert_eq!(world.bout.card_census().all(), bout.card_census().all(), "{variant:?}");
            assert_eq!(world.bout.hand.a, bout.hand.a);
            assert_eq!(world.bout.timer.len(), bout.timer.len());
        }
    }

    #[test]
    fn a_simulated_exchange_ends_at_its_first_point_and_scores_both_seats_as_one() {
        let mut ended_by_a_point = 0;
        for variant in [Variant::Basic, Variant::Advanced] {
            for seed in 0..20 {
                let bout = ReadyFence::new(Config::new(variant, seed)).expect("a bout");
                let crate::ToAct::One(seat) = bout.to_act() else { panic!("someone decides first") };
                let k = bout.knowledge(seat, Vec::new());
                let mut rng = Random::new(seed);
                let mut world = <ReadyFence as Opponent>::determinize(&k, &mut rng);
                let score = <ReadyFence as Opponent>::play_out(&mut world, seat, &mut rng);
                assert!(world.exchange_over());
                let mut legal = Vec::new();
                assert_eq!(<ReadyFence as Opponent>::decision(&world, &mut legal), None);
                if world.bout.score != world.start {
                    ended_by_a_point += 1;
                    assert!(world.steps <= EXCHANGE_STEPS);
                } else {
                    assert_eq!(world.steps, EXCHANGE_STEPS, "{variant:?} seed {seed}: cut off only when spent");
                }
                assert!((0.0..=1.0).contains(&score));
                assert!((world.score(Seat::A) + world.score(Seat::B) - 1.0).abs() < 1e-9);
            }
        }
        assert!(ended_by_a_point >= 20, "most simulated exchanges end with a point ({ended_by_a_point} of 40)");
    }

    #[test]
    fn a_point_won_outweighs_any_stamina() {
        let bout = ReadyFence::new(Config::new(Variant::Basic, 3)).expect("a bout");
        let mut world = World { start: bout.score, bout, steps: 0 };
        world.bout.score.a += 1;
        world.bout.sp.a = 0;
        world.bout.sp.b = crate::readyfence::MAX_SP;
        assert!(world.score(Seat::A) > 0.75 && world.score(Seat::B) < 0.25);
        world.bout.score.a -= 1;
        assert!(world.score(Seat::B) > world.score(Seat::A), "without the point, stamina decides");
    }

    #[test]
    fn the_awaited_stage_is_public() {
        let bout = ReadyFence::new(Config::new(Variant::Basic, 9)).expect("a bout");
        let k = bout.knowledge(Seat::A, Vec::new());
        assert_eq!(k.view.public.stage, bout.public_view().stage);
        assert!(matches!(k.view.public.stage, Awaiting::Mulligan | Awaiting::Turn));
    }
}
