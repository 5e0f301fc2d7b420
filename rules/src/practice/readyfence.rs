//! The practice opponent at Ready... Fence!.
//!
//! Everything of a bout is public but the hands and the piles: the strip, weapons,
//! stamina, score, period, and the phrase in progress card by card. So a seat's knowledge
//! is the bout with the other hand, the timer pile, the reserve, the discards and the
//! generator taken out (their sizes are public and kept), plus its own hand. A world for
//! the search deals the cards the seat has not seen at random into those places.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Level, Opponent, Random, Seen};
use crate::readyfence::{mode_deck, Action, Card, Kind, Phase, ReadyFence, SeatView, Stage, Step};
use crate::Seat;

/// How many decisions a simulated exchange may take before it is scored as it stands.
const PLAY_OUT_STEPS: u32 = 120;

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
        let scores = actions.iter().map(|&a| judge(&k.public, k.seat(), a) + noise * rng.unit());
        actions[best(scores)]
    }

    fn determinize(k: &Knowledge, rng: &mut Random) -> ReadyFence {
        let p = &k.view.public;
        let mut world = (*k.public).clone();
        let seat = k.seat();
        // The copies this seat has not seen: the deck less its hand and the table.
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
        rng.shuffle(&mut unseen);
        let mut deal = |n: u8| -> Vec<u8> {
            let n = usize::from(n).min(unseen.len());
            unseen.split_off(unseen.len() - n)
        };
        *world.hand.get_mut(seat.other()) = deal(*p.hand_sizes.get(seat.other()));
        world.timer = deal(p.timer);
        world.reserve = deal(p.reserve);
        world.discard = deal(p.discards);
        // Anything left (there is nothing left when the sizes add up) goes to the discards.
        world.discard.append(&mut unseen);
        world.rng = Box::new(ChaCha8Rng::seed_from_u64(rng.next_u64()));
        world
    }

    fn play_in_world(world: &mut ReadyFence, seat: Seat, action: Action) {
        world.play(seat, action).expect("a legal action of the seat is legal in every world it imagines");
    }

    fn play_out(world: &mut ReadyFence, seat: Seat, rng: &mut Random) -> f64 {
        let before = world.score;
        for _ in 0..PLAY_OUT_STEPS {
            if world.score != before || matches!(world.phase, Phase::Over { .. }) {
                break;
            }
            let crate::ToAct::One(to_act) = world.to_act() else { break };
            let legal = world.legal_actions(to_act);
            if legal.is_empty() {
                break;
            }
            let action = if rng.below(8) == 0 {
                legal[rng.below(legal.len())]
            } else {
                legal[best(legal.iter().map(|&a| judge(world, to_act, a) + rng.unit()))]
            };
            world.play(to_act, action).expect("a listed action is legal");
        }
        if let Phase::Over { winner, .. } = world.phase {
            return match winner {
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let mine = f64::from(world.score.get(seat) - before.get(seat));
        let theirs = f64::from(world.score.get(seat.other()) - before.get(seat.other()));
        (0.5 + 0.5 * (mine - theirs)).clamp(0.0, 1.0)
    }
}

/// The rules of thumb: how good `action` looks for `seat` in `bout` (higher is better).
///
/// Answers: a card that scores at once, then one that stops the threat (cheapest in
/// stamina), then a no-card parry, then Defence by Distance; conceding last. Turns: open
/// with the fastest affordable card when in distance, otherwise close to lunge distance
/// without stepping off the strip; recover stamina by stalling when it runs low.
fn judge(bout: &ReadyFence, seat: Seat, action: Action) -> f64 {
    let sp = f64::from(*bout.sp.get(seat));
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
        Action::Parry => 30.0 - 2.0 * (6.0 - sp),
        Action::Distance(_) => {
            let back = bout.back_to(seat, 2);
            if bout.may_go_back(seat, 2) && back != 0 && back != 11 {
                25.0
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
            // A slow attack is parried and riposted: attack fast, or with what cannot be parried.
            let speed = f64::from(bout.attack_speed(seat, card, angulation));
            let cost = f64::from(ReadyFence::cost(card, angulation));
            let sure = if card.kind == Kind::ToeTouch { 3.0 } else { 0.0 };
            8.0 * (speed + sure - 4.5) - 1.5 * cost
        }
        Action::Stall => {
            if sp <= 2.0 {
                14.0
            } else {
                -5.0
            }
        }
        Action::Move(step) => {
            let gap = bout.gap();
            let first_action = matches!(bout.phase, Phase::Turn(_, t) if t.actions == 0);
            match step {
                // Close in to lunge distance, where the cards play, with an attack left to
                // make this turn; ending a turn there hands the other the first attack.
                Step::Forward if gap >= 3 => 10.0,
                Step::Forward if gap == 2 && first_action => 7.0,
                Step::Forward if gap == 2 => -3.0,
                Step::Forward => -2.0,
                Step::Back if bout.may_go_back(seat, 1) && !own_end(bout.back_to(seat, 1)) && gap == 0 => 6.0,
                Step::Back => -8.0,
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
            // Invitation speeds up the seat's defence; point-in-line its Straight Thrusts.
            let theirs = *bout.weapon.get(seat.other());
            if guard.beats(theirs) {
                4.0
            } else {
                -1.0
            }
        }
        Action::Swap(card) => 2.0 - f64::from(card.speed.unwrap_or(5)) / 2.0,
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
        45.0 - 2.0 * cost
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
            assert_eq!(world.card_census().all(), bout.card_census().all(), "{variant:?}");
            assert_eq!(world.hand.a, bout.hand.a);
            assert_eq!(world.timer.len(), bout.timer.len());
        }
    }

    #[test]
    fn the_awaited_stage_is_public() {
        let bout = ReadyFence::new(Config::new(Variant::Basic, 9)).expect("a bout");
        let k = bout.knowledge(Seat::A, Vec::new());
        assert_eq!(k.view.public.stage, bout.public_view().stage);
        assert!(matches!(k.view.public.stage, Awaiting::Mulligan | Awaiting::Turn));
    }
}
