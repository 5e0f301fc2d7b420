//! Which actions are legal: the list for the seat to act, and the check of one action.
//!
//! The two are written independently on purpose; property tests check that
//! they agree.

use super::action::{Action, PlayError};
use super::action_list::{ActionList, Appender};
use super::card::{Card, Cards, MAX_VALUE};
use super::game::{Attack, EnGarde, Phase};
use super::options::{LungeAttackCards, ParryRule, ShortDraw};
use super::variant::Level;
use crate::Seat;

/// Card values as bit masks, bit `v - 1` for value `v`: see [`EnGarde::turn_masks`].
struct TurnMasks {
    present: u8,
    advance: u8,
    attack: u8,
    retreat: u8,
}

impl EnGarde {
    /// Every legal action of the seat whose decision is awaited (empty once
    /// the match is over). [`Action::Resign`] and [`Action::AgreeDraw`] are not
    /// listed: they are always legal for either seat until the match ends.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_action_list().to_vec()
    }

    /// The same actions as [`EnGarde::legal_actions`], in the same order, in a list on the
    /// stack: nothing is allocated (for searches and benchmarks).
    #[must_use]
    #[inline]
    pub fn legal_action_list(&self) -> ActionList {
        let mut out = ActionList::new();
        self.legal_into(&mut out);
        out
    }

    /// Replaces the contents of `out` with the actions of [`EnGarde::legal_action_list`]:
    /// the same list, written in place (a search reuses one list for every step).
    pub fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        self.legal_into(out);
    }

    /// Whether the seat to act has a legal action, without listing them all when a turn's
    /// cards answer at once: every move and attack plays at least one card, and playing
    /// more only asks more of the pile, so a turn has one exactly when the pile refills one
    /// card and some card advances (below the distance), attacks (equal to it) or retreats.
    pub(crate) fn has_legal_action(&self) -> bool {
        let any = match self.round.phase {
            Phase::Turn { seat, .. } => {
                let m = self.turn_masks(seat);
                self.pile_refills(seat, 1) && m.present & (m.advance | m.attack | m.retreat) != 0
            }
            // Without a retreat defence, an identical parry is the one answer to look for.
            Phase::Defend { seat, attack, lunge: false, .. } if self.options.parry == ParryRule::Identical => {
                self.hand(seat).count(attack.card) >= attack.count
            }
            Phase::Defend { .. } => !self.legal_action_list().is_empty(),
            Phase::Finished => false,
        };
        debug_assert_eq!(any, !self.legal_action_list().is_empty());
        any
    }

    fn legal_into(&self, out: &mut ActionList) {
        match self.round.phase {
            Phase::Turn { seat, .. } => self.turn_actions(seat, out),
            Phase::Defend { seat, attack, lunge, last_card } => {
                self.parries(seat, attack, out);
                if lunge {
                    for (card, _) in self.hand(seat).counts() {
                        if self.backward(seat, card.value()).is_some() && (last_card || self.pile_refills(seat, 1)) {
                            out.push(Action::Retreat(card));
                        }
                    }
                }
                if !out.is_empty() {
                    out.push(Action::AcceptHit);
                }
            }
            Phase::Finished => {}
        }
    }

    /// Which card values (bit `v - 1` for value `v`) `seat` holds, may advance with (below
    /// the distance), attack with (equal to it) and retreat with (within the room behind).
    #[inline]
    fn turn_masks(&self, seat: Seat) -> TurnMasks {
        // Values below `n`, as a mask, for `n` up to 31 (a piste is shorter): table lookups, no
        // branch.
        const BELOW: [u8; 32] = {
            let mut table = [0u8; 32];
            let mut n = 0;
            while n < 32 {
                table[n] = if n >= MAX_VALUE as usize { (1 << MAX_VALUE) - 1 } else { (1 << n) - 1 };
                n += 1;
            }
            table
        };
        let d = usize::from(self.distance()) % 32;
        let room = usize::from(self.retreat_room(seat)) % 32;
        TurnMasks {
            present: self.hand(seat).present(),
            // Values below the distance: bit `v - 1` for `v < d`.
            advance: BELOW[d.saturating_sub(1)],
            // The value equal to the distance.
            attack: BELOW[d] ^ BELOW[d.saturating_sub(1)],
            retreat: BELOW[room],
        }
    }

    fn turn_actions(&self, seat: Seat, out: &mut ActionList) {
        let take_rest = self.options.short_draw == ShortDraw::TakeRest;
        if !take_rest && !self.pile_refills(seat, 1) {
            return;
        }
        let m = self.turn_masks(seat);
        let advance = m.present & m.advance;
        let retreat = m.present & m.retreat;
        // The values that also attack (the distance's) or lunge (advanced level).
        let extra = m.present & (m.attack | if self.level() == Level::Advanced { m.advance } else { 0 });
        let mut out = out.appender();
        // Every value, lowest first, without a branch but for the rare attacks (the random
        // choices of a search make a loop over the values held mispredict its end).
        for i in 0..Card::ALL.len() {
            let bit = 1u8 << i;
            let card = Card::from_index(i);
            out.push_if(advance & bit != 0, Action::Advance(card));
            out.push_if(retreat & bit != 0, Action::Retreat(card));
            if extra & bit != 0 {
                self.attacks_with(seat, card, m.attack & bit != 0, &mut out);
            }
        }
    }

    /// The attacks with `card` (when `attacks`: it is the distance's value) and, at the
    /// advanced level, the lunges that advance with it, in the order of the list.
    #[inline(never)]
    fn attacks_with(&self, seat: Seat, card: Card, attacks: bool, out: &mut Appender<'_>) {
        let take_rest = self.options.short_draw == ShortDraw::TakeRest;
        let refills = |played: u8| take_rest || self.pile_refills(seat, played);
        let hand = self.hand(seat);
        let level = self.level();
        if attacks {
            let max = if level == Level::Basic { 1 } else { hand.count(card) };
            for count in 1..=max {
                if refills(count) {
                    out.push(Action::Attack { card, count });
                }
            }
        }
        if level == Level::Advanced && card.value() < self.distance() {
            let Some(attack) = Card::new(self.distance() - card.value()) else { return };
            let available = hand.count(attack) - u8::from(attack == card);
            let max = match self.options.lunge_attack_cards {
                LungeAttackCards::One => available.min(1),
                LungeAttackCards::Many => available,
            };
            for count in 1..=max {
                if refills(1 + count) {
                    out.push(Action::AdvanceAttack { advance: card, attack, count });
                }
            }
        }
    }

    fn parries(&self, seat: Seat, attack: Attack, out: &mut ActionList) {
        let hand = self.hand(seat);
        match self.options.parry {
            ParryRule::Identical => {
                if hand.count(attack.card) >= attack.count {
                    out.push(Action::Parry(Cards::of(attack.card, attack.count)));
                }
            }
            ParryRule::SameCountSameTotal => {
                let total = u32::from(attack.card.value()) * u32::from(attack.count);
                same_total_parries(&hand, 0, attack.count, total, Cards::EMPTY, &mut |a| out.push(a));
            }
        }
    }

    /// With `short_draw = limit_play`, whether the pile can refill `seat`'s
    /// hand after playing `played` cards. Always true with `take_rest`.
    #[inline]
    pub(crate) fn pile_refills(&self, seat: Seat, played: u8) -> bool {
        self.options.short_draw == ShortDraw::TakeRest || {
            let left = self.hand(seat).len().saturating_sub(played);
            usize::from(self.options.hand_size.saturating_sub(left)) <= self.round.pile.len()
        }
    }

    /// Checks one action without playing it.
    ///
    /// # Errors
    /// [`PlayError`] saying why the action is illegal.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), PlayError> {
        let phase = self.round.phase;
        let Some(to_act) = phase.to_act() else {
            return Err(PlayError::MatchOver);
        };
        if matches!(action, Action::Resign | Action::AgreeDraw) {
            return Ok(());
        }
        if seat != to_act {
            return Err(PlayError::NotYourTurn { to_act });
        }
        let hand = self.hand(seat);
        let d = self.distance();
        // Whether the action's cards are in hand (counted without building them, but for a
        // parry, which holds its cards).
        let in_hand = |held: bool| if held { Ok(()) } else { Err(PlayError::NotInHand(action.cards())) };
        let single = |card: Card| hand.count(card) != 0;
        let refills = |n: u8| if self.pile_refills(seat, n) { Ok(()) } else { Err(PlayError::PileTooShort) };
        match phase {
            Phase::Turn { .. } => match action {
                Action::Parry(_) | Action::AcceptHit => Err(PlayError::NoAttackToAnswer),
                Action::Advance(card) => {
                    in_hand(single(card))?;
                    if card.value() >= d {
                        return Err(PlayError::AdvanceTooFar { card, distance: d });
                    }
                    refills(1)
                }
                Action::Retreat(card) => {
                    in_hand(single(card))?;
                    self.backward(seat, card.value()).ok_or(PlayError::RetreatOffPiste(card))?;
                    refills(1)
                }
                Action::Attack { card, count } => {
                    if count == 0 {
                        return Err(PlayError::NoCards);
                    }
                    if card.value() != d {
                        return Err(PlayError::WrongAttackValue { card, distance: d });
                    }
                    if count > 1 && self.level() == Level::Basic {
                        return Err(PlayError::TooManyAttackCards);
                    }
                    in_hand(hand.count(card) >= count)?;
                    refills(count)
                }
                Action::AdvanceAttack { advance, attack, count } => {
                    if self.level() != Level::Advanced {
                        return Err(PlayError::NoLungeAtThisLevel);
                    }
                    if count == 0 {
                        return Err(PlayError::NoCards);
                    }
                    if advance.value() >= d {
                        return Err(PlayError::AdvanceTooFar { card: advance, distance: d });
                    }
                    if attack.value() != d - advance.value() {
                        return Err(PlayError::WrongAttackValue { card: attack, distance: d - advance.value() });
                    }
                    if count > 1 && self.options.lunge_attack_cards == LungeAttackCards::One {
                        return Err(PlayError::TooManyAttackCards);
                    }
                    let needed = |c: Card| u32::from(count) * u32::from(c == attack) + u32::from(c == advance);
                    in_hand(
                        u32::from(hand.count(advance)) >= needed(advance)
                            && u32::from(hand.count(attack)) >= needed(attack),
                    )?;
                    refills(count + 1)
                }
                Action::Resign | Action::AgreeDraw => unreachable!(),
            },
            Phase::Defend { attack, lunge, last_card, .. } => match action {
                Action::AcceptHit => Ok(()),
                Action::Parry(parry) => {
                    if parry.is_empty() {
                        return Err(PlayError::NoCards);
                    }
                    in_hand(hand.contains(&parry))?;
                    let matches = match self.options.parry {
                        ParryRule::Identical => parry == Cards::of(attack.card, attack.count),
                        ParryRule::SameCountSameTotal => {
                            parry.len() == attack.count
                                && parry.total() == u32::from(attack.card.value()) * u32::from(attack.count)
                        }
                    };
                    if matches {
                        Ok(())
                    } else {
                        Err(PlayError::ParryMismatch)
                    }
                }
                Action::Retreat(card) => {
                    if !lunge {
                        return Err(PlayError::RetreatNotAllowed);
                    }
                    in_hand(single(card))?;
                    self.backward(seat, card.value()).ok_or(PlayError::RetreatOffPiste(card))?;
                    if last_card {
                        Ok(())
                    } else {
                        refills(1)
                    }
                }
                _ => Err(PlayError::MustAnswerAttack),
            },
            Phase::Finished => Err(PlayError::MatchOver),
        }
    }

    /// Whether `action` is legal for `seat` now.
    #[must_use]
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }
}

/// Every multiset of `count` cards from `hand`, using values from index
/// `from` on, that adds up to `total`.
fn same_total_parries(hand: &Cards, from: usize, count: u8, total: u32, chosen: Cards, out: &mut impl FnMut(Action)) {
    if count == 0 {
        if total == 0 {
            out(Action::Parry(chosen));
        }
        return;
    }
    for (i, &card) in Card::ALL.iter().enumerate().skip(from) {
        let v = u32::from(card.value());
        let max = hand.count(card).min(count);
        for k in 1..=max {
            if v * u32::from(k) > total {
                break;
            }
            let mut next = chosen;
            next.add(card, k);
            same_total_parries(hand, i + 1, count - k, total - v * u32::from(k), next, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound of [`super::super::MAX_ACTIONS`] for answers: in any hand of at most 10 cards, at most 7
    /// sub-multisets share one size and one total.
    #[test]
    fn at_most_seven_parries_share_a_size_and_a_total() {
        let mut most = 0;
        let mut hand = [0u8; 5];
        loop {
            if hand.iter().sum::<u8>() <= 10 {
                let cards: Cards =
                    Card::ALL.iter().zip(hand).flat_map(|(&c, n)| std::iter::repeat_n(c, n.into())).collect();
                for count in 1..=cards.len() {
                    for total in 1..=50 {
                        let mut found = 0;
                        same_total_parries(&cards, 0, count, total, Cards::EMPTY, &mut |_| found += 1);
                        most = most.max(found);
                    }
                }
            }
            // The next hand, as a number in base 11.
            let Some(i) = hand.iter().position(|&n| n < 10) else { break };
            hand[i] += 1;
            hand[..i].fill(0);
        }
        assert_eq!(most, 7);
    }
}
