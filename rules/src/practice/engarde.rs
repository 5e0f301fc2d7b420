//! The practice opponent at En Garde and Kengo.
//!
//! A seat knows its hand, the public view and every card played this round (each action
//! shows its cards), so the cards it has not seen are the other hand and the pile, in an
//! order it cannot know: card counting is exact arithmetic over them.

use super::{Level, Opponent, Random, Seen};
use crate::engarde::{
    Action, ActionList, Card, Cards, EnGarde, Level as GameLevel, Options, Phase, Pile, Riposte, RoundState, SeatView,
    MAX_DECK,
};
use crate::Seat;

/// How many iterations of the tree search `hard` plays per simulated round of its budget:
/// a round of En Garde simulates in a few microseconds, so the default budget leaves most
/// of the time a move may take unused.
const SEARCH_SCALE: u32 = 4;

/// What one seat may know of an En Garde or Kengo match.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Knowledge {
    /// The seat's view: its hand, its legal actions, the public view.
    view: SeatView,
    /// Every card played this round, by either seat.
    played: Cards,
    /// The public history (no action of En Garde is secret).
    history: Vec<Seen<Action>>,
}

impl Knowledge {
    fn seat(&self) -> Seat {
        self.view.seat
    }

    fn options(&self) -> &Options {
        &self.view.public.options
    }

    /// The cards this seat has not seen: the other hand and the pile.
    fn unseen(&self) -> Cards {
        let mut unseen = Cards::deck(self.options().copies);
        unseen.remove_all(&self.played);
        unseen.remove_all(&self.view.hand);
        unseen
    }
}

impl Opponent for EnGarde {
    type Knowledge = Knowledge;
    type World = Self;

    fn is_secret(_: &Action) -> bool {
        false
    }

    fn knowledge(&self, seat: Seat, history: Vec<Seen<Action>>) -> Knowledge {
        Knowledge { view: self.view(seat), played: self.round().discards, history }
    }

    fn to_decide(k: &Knowledge) -> bool {
        k.view.public.to_act() == Some(k.seat())
    }

    fn candidates(k: &Knowledge, _: &mut Random) -> Vec<Action> {
        k.view.legal_actions.clone()
    }

    fn rule_of_thumb(k: &Knowledge, level: Level, _: u32, rng: &mut Random) -> Action {
        let actions = &k.view.legal_actions;
        let odds = Odds::new(k);
        let scores: Vec<f64> = actions.iter().map(|&a| score(k, &odds, a)).collect();
        let pick = match level {
            Level::Easy => {
                // Mistakes: often any action short of giving the round away, else a blurred judgement.
                let sensible: Vec<usize> = (0..actions.len()).filter(|&i| scores[i] > 5.0).collect();
                if !sensible.is_empty() && rng.unit() < 0.35 {
                    sensible[rng.below(sensible.len())]
                } else {
                    best(scores.iter().map(|&s| s + 35.0 * rng.unit()))
                }
            }
            Level::Medium | Level::Hard => best(scores.iter().copied()),
        };
        actions[pick]
    }

    fn determinize(k: &Knowledge, rng: &mut Random) -> EnGarde {
        let p = &k.view.public;
        let other = k.seat().other();
        let mut cards = [Card::ALL[0]; MAX_DECK];
        let unseen = k.unseen();
        let n = usize::from(unseen.len());
        for (slot, card) in cards.iter_mut().zip(unseen.iter()) {
            *slot = card;
        }
        rng.shuffle(&mut cards[..n]);
        let other_hand = usize::from(*p.hand_sizes.get(other)).min(n);
        let mut hands = p.hand_sizes.map(|_| Cards::EMPTY);
        *hands.get_mut(k.seat()) = k.view.hand;
        *hands.get_mut(other) = cards[..other_hand].iter().copied().collect();
        let round = RoundState {
            number: p.round,
            game: p.game,
            first: p.round_first,
            positions: p.positions,
            hands,
            pile: Pile::from_slice(&cards[other_hand..n]),
            discards: k.played,
            last_card: p.last_card,
            phase: p.phase,
        };
        EnGarde::for_search(p.variant, p.options, rng.next_u64(), p.first_player, p.score, p.rounds_won, p.games, round)
    }

    fn search_iterations(iterations: u32) -> u32 {
        iterations.saturating_mul(SEARCH_SCALE)
    }

    fn play_in_world(world: &mut EnGarde, seat: Seat, action: Action) {
        world.play_quiet(seat, action).expect("a legal action of the seat is legal in every world it imagines");
    }

    fn play_out(world: &mut EnGarde, seat: Seat, rng: &mut Random) -> f64 {
        let mut list = ActionList::new();
        while world.rounds().is_empty() {
            let Some(to_act) = world.to_act() else { break };
            world.legal_actions_into(&mut list);
            let action = quick(world, to_act, &list, rng);
            world.play_quiet(to_act, action).expect("a listed action is legal");
        }
        Self::round_score(world, seat)
    }

    const TREE: bool = true;

    fn decision(world: &EnGarde, legal: &mut Vec<Action>) -> Option<Seat> {
        legal.clear();
        if !world.rounds().is_empty() {
            return None;
        }
        let to_act = world.to_act()?;
        legal.extend_from_slice(&world.legal_action_list());
        Some(to_act)
    }

    fn round_score(world: &EnGarde, seat: Seat) -> f64 {
        match world.rounds().first().map(|r| r.winner) {
            Some(Some(w)) if w == seat => 1.0,
            Some(Some(_)) => 0.0,
            _ => 0.5,
        }
    }
}

/// The quick policy of simulated rounds, which sees the world's both hands (it plays for
/// both seats): at the last card of the pile, an action that wins the round at once, and
/// never one that loses it at once when another does not; else [`rule_of_quick`], with a
/// little noise.
fn quick(world: &EnGarde, seat: Seat, list: &ActionList, rng: &mut Random) -> Action {
    if rng.below(12) == 0 {
        return list[rng.below(list.len())];
    }
    let choice = rule_of_quick(world, seat, list, rng);
    if world.round().pile.len() > 1 {
        return choice;
    }
    // The round may end with this decision: look one action ahead.
    let ends = |action: Action| {
        let mut next = world.clone();
        next.play_quiet(seat, action).expect("a listed action is legal");
        next.rounds().first().map(|r| r.winner)
    };
    let mut safe = None;
    for &action in list.iter() {
        match ends(action) {
            Some(Some(w)) if w == seat => return action,
            Some(Some(_)) => {}
            _ => {
                if safe.is_none() || action == choice {
                    safe = Some(action);
                }
            }
        }
    }
    safe.unwrap_or(choice)
}

/// The rules of thumb of [`quick`]: parry when possible; attack when the other hand cannot
/// parry; else move to a distance where the other hand has no attack this one cannot parry,
/// preferring to advance.
fn rule_of_quick(world: &EnGarde, seat: Seat, list: &ActionList, rng: &mut Random) -> Action {
    if let Some(&parry) = list.iter().find(|a| matches!(a, Action::Parry(_))) {
        return parry;
    }
    let theirs = world.hand(seat.other());
    let hand = world.hand(seat);
    let unparriable = |a: &Action| match *a {
        Action::Attack { card, count } | Action::AdvanceAttack { attack: card, count, .. } => {
            theirs.count(card) < count
        }
        _ => false,
    };
    if let Some(&attack) = list.iter().rev().find(|a| unparriable(a)) {
        return attack;
    }
    let d = world.distance();
    let safe = |a: &Action| match *a {
        Action::Advance(c) | Action::Retreat(c) => {
            let to = if matches!(a, Action::Advance(_)) { d - c.value() } else { d + c.value() };
            Card::new(to).is_none_or(|t| theirs.count(t) <= hand.count(t) - u8::from(t == c))
        }
        _ => false,
    };
    // Advances first: the safe move that goes farthest, else the safest retreat.
    let mut best: Option<(i8, Action)> = None;
    for &a in list.iter().filter(|a| safe(a)) {
        let gain = match a {
            Action::Advance(c) => c.value() as i8,
            Action::Retreat(c) => -(c.value() as i8),
            _ => continue,
        };
        let gain = gain + rng.below(3) as i8;
        if best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, a));
        }
    }
    if let Some((_, a)) = best {
        return a;
    }
    if let Some(&attack) = list.iter().rev().find(|a| matches!(a, Action::Attack { .. } | Action::AdvanceAttack { .. }))
    {
        return attack;
    }
    list[rng.below(list.len())]
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

/// Card counting: the chances of what the other hand holds.
struct Odds {
    /// Cards not seen.
    unseen: Cards,
    /// How many of them the other hand holds.
    hand: u8,
}

impl Odds {
    fn new(k: &Knowledge) -> Odds {
        Odds { unseen: k.unseen(), hand: *k.view.public.hand_sizes.get(k.seat().other()) }
    }

    /// The chance that the other hand holds exactly `x` cards of `card` (hypergeometric).
    fn exactly(&self, card: Card, x: u8) -> f64 {
        let n = u32::from(self.unseen.len());
        let of = u32::from(self.unseen.count(card));
        let h = u32::from(self.hand).min(n);
        let x = u32::from(x);
        if x > of || x > h || h - x > n - of {
            return 0.0;
        }
        choose(of, x) * choose(n - of, h - x) / choose(n, h)
    }

    /// The chance that the other hand holds at least `x` cards of `card`.
    fn at_least(&self, card: Card, x: u8) -> f64 {
        if x == 0 {
            return 1.0;
        }
        (x..=self.hand).map(|i| self.exactly(card, i)).sum::<f64>().min(1.0)
    }

    /// The chance that the other hand holds at least one `card`.
    fn any(&self, card: Card) -> f64 {
        self.at_least(card, 1)
    }
}

fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// A rough chance of winning the round after `action`, times 100: the rules of thumb.
fn score(k: &Knowledge, odds: &Odds, action: Action) -> f64 {
    let p = &k.view.public;
    let hand = k.view.hand;
    let d = p.distance;
    let level = p.variant.level();
    let late = p.pile <= 4;
    match action {
        Action::Attack { card, count } => {
            let riposte = matches!(p.phase, Phase::Turn { riposte: true, .. });
            if level == GameLevel::Basic || (riposte && p.options.riposte == Riposte::AlwaysHits) {
                return 1000.0 + f64::from(count);
            }
            let parried = odds.at_least(card, count);
            100.0 * ((1.0 - parried) + 0.35 * parried) + 0.5 * f64::from(count)
        }
        Action::AdvanceAttack { advance, attack, count } => {
            let parried = odds.at_least(attack, count);
            // The other may also retreat from a lunge, when a retreat is open to it.
            let answered = parried + (1.0 - parried) * 0.3;
            100.0 * ((1.0 - answered) + 0.35 * answered) + 0.5 * f64::from(count) + f64::from(advance.value()) * 0.2
        }
        Action::Parry(cards) => {
            let mut left = hand;
            left.remove_all(&cards);
            let riposte = Card::new(d).is_some_and(|c| left.count(c) > 0);
            90.0 + if riposte { 5.0 } else { 0.0 }
        }
        Action::AcceptHit => 0.0,
        Action::Advance(card) | Action::Retreat(card) => {
            let forward = matches!(action, Action::Advance(_));
            let to = if forward { d - card.value() } else { d + card.value() };
            let mut left = hand;
            left.remove_all(&Cards::of(card, 1));
            let danger = danger(odds, level, to, left);
            let chances = squeeze(to, left);
            let position = f64::from(card.value()) * if late { 2.0 } else { 0.3 };
            100.0 * (0.5 - 0.6 * danger) + 12.0 * chances + if forward { position } else { -position }
        }
        Action::Resign | Action::AgreeDraw => f64::NEG_INFINITY,
    }
}

/// The chance that the other seat hits at distance `to` when this seat keeps `left`: an
/// attack it cannot parry (any attack at the basic level), or (advanced level) a lunge.
fn danger(odds: &Odds, level: GameLevel, to: u8, left: Cards) -> f64 {
    let direct = match Card::new(to) {
        Some(card) if level == GameLevel::Basic => odds.any(card),
        Some(card) => {
            let mine = left.count(card);
            (mine + 1..=odds.hand).map(|x| odds.exactly(card, x)).sum::<f64>()
        }
        None => 0.0,
    };
    let lunge = if level == GameLevel::Advanced {
        let mut worst: f64 = 0.0;
        for a in 1..to {
            if let (Some(adv), Some(att)) = (Card::new(a), Card::new(to - a)) {
                if left.count(att) == 0 {
                    worst = worst.max(odds.any(adv) * odds.any(att) * 0.7);
                }
            }
        }
        worst
    } else {
        0.0
    };
    (direct + (1.0 - direct) * lunge).min(1.0)
}

/// How cornered the other seat is at distance `to`: the share of its advances that would
/// end at a distance this seat can attack from.
fn squeeze(to: u8, left: Cards) -> f64 {
    let advances: Vec<u8> = (1..=5).filter(|&a| a < to).collect();
    if advances.is_empty() {
        return 0.0;
    }
    let covered = advances.iter().filter(|&&a| Card::new(to - a).is_some_and(|c| left.count(c) > 0)).count();
    covered as f64 / advances.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engarde::Variant;
    use crate::practice::{choose_action, Budget, Level as PracticeLevel};
    use crate::BySeat;
    use crate::{Match, MatchAction};
    use std::time::Duration;

    fn cards(values: &[u8]) -> Cards {
        values.iter().map(|&v| Card::new(v).expect("a value 1 to 5")).collect()
    }

    /// A standard match in the middle of round 1, seat A to play at `positions`, with these
    /// hands and pile (next card first).
    fn position(positions: BySeat<u8>, a: &[u8], b: &[u8], pile: &[u8]) -> Match {
        let variant = Variant::EngardeStandard;
        let mut played = Cards::deck(5);
        for hand in [a, b, pile] {
            played.remove_all(&cards(hand));
        }
        let pile: Vec<Card> = pile.iter().map(|&v| Card::new(v).unwrap()).collect();
        let round = RoundState {
            number: 1,
            game: 1,
            first: Seat::A,
            positions,
            hands: BySeat { a: cards(a), b: cards(b) },
            pile: Pile::from_slice(&pile),
            discards: played,
            last_card: None,
            phase: Phase::Turn { seat: Seat::A, riposte: false },
        };
        let zero = BySeat { a: 0, b: 0 };
        Match::EnGarde(EnGarde::for_search(variant, Options::for_variant(variant), 1, Seat::A, zero, zero, zero, round))
    }

    fn hard(m: &Match, seed: u64) -> Action {
        let budget = Budget { iterations: 4_000, time: Duration::from_secs(60) };
        match choose_action(&m.knowledge(Seat::A, &[]), PracticeLevel::Hard, seed, budget) {
            Some(MatchAction::EnGarde(a)) => a,
            other => panic!("an En Garde action, not {other:?}"),
        }
    }

    /// Three 3s at distance 3, when only two more exist: an attack nobody can parry.
    #[test]
    fn hard_finds_the_attack_that_cannot_be_parried() {
        let m = position(BySeat { a: 8, b: 11 }, &[3, 3, 3, 1, 5], &[3, 2, 4, 4, 1], &[3, 2, 2, 5, 4, 1]);
        for seed in 0..3 {
            assert_eq!(hard(&m, seed), Action::Attack { card: Card::new(3).unwrap(), count: 3 }, "seed {seed}");
        }
    }

    /// The last card of the pile: the move that ends the round holding more cards of the
    /// distance than the other hand can, rather than one that loses on the count.
    #[test]
    fn hard_ends_the_pile_on_a_count_it_wins() {
        // Distance 9, no 5 unseen. Advancing 4 leaves distance 5, where A keeps three 5s and B
        // has none; any other move leaves a distance decided by B's cards or by position,
        // which B leads (it has moved 10 spaces, A 3).
        let m = position(BySeat { a: 4, b: 13 }, &[5, 5, 5, 4, 1], &[2, 4, 4, 3, 3], &[2]);
        for seed in 0..3 {
            let a = hard(&m, seed);
            assert_eq!(a, Action::Advance(Card::new(4).unwrap()), "seed {seed}: {a:?}");
        }
    }

    /// The tree search is deterministic for a seed, and its choice is legal.
    #[test]
    fn the_tree_search_repeats_itself_for_a_seed() {
        let m = position(BySeat { a: 5, b: 15 }, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
        let first = hard(&m, 7);
        assert_eq!(hard(&m, 7), first);
        assert!(m.legal_actions(Seat::A).contains(&MatchAction::EnGarde(first)));
    }
}
