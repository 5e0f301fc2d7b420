//! The match: rounds, turns, attacks and their answers, and the end of the pile.

use serde::{Deserialize, Serialize};

use super::action::{Action, PlayError};
use super::card::{Card, Cards};
use super::event::{Event, RoundEndReason, RoundResult};
use super::options::{
    BasicLastAttack, EmptyHandAfterParry, FirstPlayer, Options, OptionsError, Riposte, RoundStarter, StartSpaces,
};
use super::pile::Pile;
use super::shuffle;
use super::variant::{Level, Variant};
use crate::{BySeat, Seat};

/// Spaces on the piste, numbered `1..=PISTE_SPACES`.
pub const PISTE_SPACES: u8 = 23;

/// An attack awaiting its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The value of the attack cards.
    pub card: Card,
    /// How many attack cards.
    pub count: u8,
}

/// Whose decision is awaited, and what kind of decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// `seat` takes a turn: move or attack.
    Turn {
        /// Who acts.
        seat: Seat,
        /// The turn straight after a parry, from a hand not yet refilled.
        riposte: bool,
    },
    /// `seat` answers an attack: parry, retreat (against a lunge) or take the hit.
    Defend {
        /// The defender.
        seat: Seat,
        /// The attack to answer.
        attack: Attack,
        /// Whether the attack was an advance-and-attack (a retreat may answer it).
        lunge: bool,
        /// Whether the attacker's refill took the last card of the pile.
        last_card: bool,
    },
    /// The match has ended.
    Finished,
}

impl Phase {
    /// The seat whose decision is awaited, if any.
    #[must_use]
    #[inline]
    pub fn to_act(self) -> Option<Seat> {
        match self {
            Phase::Turn { seat, .. } | Phase::Defend { seat, .. } => Some(seat),
            Phase::Finished => None,
        }
    }
}

/// The state of the round in play: public facts and hidden cards. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundState {
    /// Round number over the whole match, from 1.
    pub number: u16,
    /// Game number, from 1.
    pub game: u8,
    /// Who played first in this round.
    pub first: Seat,
    /// Each fencer's space.
    pub positions: BySeat<u8>,
    /// Each hand (secret).
    pub hands: BySeat<Cards>,
    /// The draw pile, next card first (secret).
    pub pile: Pile,
    /// Every card played this round.
    pub discards: Cards,
    /// The top card of the discard pile.
    pub last_card: Option<Card>,
    /// Whose decision is awaited.
    pub phase: Phase,
}

/// How to start a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The variant.
    pub variant: Variant,
    /// The rule options (start from [`Options::for_variant`]).
    pub options: Options,
    /// The secret seed of every shuffle.
    pub seed: u64,
    /// Who starts round 1; `None` applies `options.first_player`.
    pub first_player: Option<Seat>,
    /// Fixed decks for the first rounds, top card first; later rounds are shuffled from the seed.
    pub decks: Vec<Vec<Card>>,
}

impl Config {
    /// The defaults of `variant` with `seed`.
    #[must_use]
    pub fn new(variant: Variant, seed: u64) -> Config {
        Config { variant, options: Options::for_variant(variant), seed, first_player: None, decks: Vec::new() }
    }
}

/// Why a configuration or a saved state cannot make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// An option is out of range.
    Options(OptionsError),
    /// A fixed deck is not a shuffle of the variant's deck.
    BadDeck {
        /// Which deck (from 0).
        round: usize,
    },
    /// A saved state of an unknown format version.
    UnknownFormat(u32),
    /// A saved state that is not consistent.
    Inconsistent(&'static str),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Options(e) => e.fmt(f),
            SetupError::BadDeck { round } => write!(
                f,
                "deck {} is not a shuffle of the deck (five cards of each value 1 to 5, unless `copies` says otherwise)",
                round + 1
            ),
            SetupError::UnknownFormat(v) => write!(f, "unknown state format version {v}"),
            SetupError::Inconsistent(what) => write!(f, "inconsistent saved state: {what}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<OptionsError> for SetupError {
    fn from(e: OptionsError) -> Self {
        SetupError::Options(e)
    }
}

/// A match in progress or finished: always a legal state.
///
/// Build one with [`EnGarde::new`]; it can only change through [`EnGarde::play`].
///
/// ```
/// use engarde_rules::engarde::{Action, Card, Config, EnGarde, Variant};
/// use engarde_rules::Seat;
/// let mut config = Config::new(Variant::EngardeStandard, 42);
/// config.first_player = Some(Seat::A);
/// let mut game = EnGarde::new(config).unwrap();
/// assert_eq!(game.to_act(), Some(Seat::A));
/// let action = game.legal_actions()[0];
/// let events = game.play(Seat::A, action).unwrap();
/// assert!(!events.is_empty());
/// // An action out of turn is refused and changes nothing.
/// let before = game.clone();
/// assert!(game.play(Seat::A, Action::Advance(Card::new(1).unwrap())).is_err());
/// assert_eq!(game, before);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "super::setup::Setup", try_from = "super::setup::Setup")]
pub struct EnGarde {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) seed: u64,
    pub(crate) decks: Vec<Vec<Card>>,
    pub(crate) first_player: Seat,
    pub(crate) score: BySeat<u8>,
    pub(crate) total: BySeat<u8>,
    pub(crate) games: BySeat<u8>,
    pub(crate) rounds: Vec<RoundResult>,
    pub(crate) winner: Option<Seat>,
    pub(crate) round: RoundState,
    /// Actions played so far (the game keeps their count, not the actions: see [`EnGarde::to_record`]).
    pub(crate) turn: u32,
}

/// Where the rules write what happened: a `Vec<Event>` for callers who narrate it, or
/// [`NoEvents`] for a search that only wants the new state.
pub(crate) trait Events {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl Events for Vec<Event> {
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// Events thrown away as they happen.
pub(crate) struct NoEvents;

impl Events for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}

pub(crate) fn is_deck(deck: &[Card], copies: u8) -> bool {
    deck.iter().copied().collect::<Cards>() == Cards::deck(copies)
}

impl EnGarde {
    /// Starts a match: deals round 1.
    ///
    /// # Errors
    /// [`SetupError`] if an option is out of range or a fixed deck is not a
    /// shuffle of the variant's deck.
    pub fn new(config: Config) -> Result<EnGarde, SetupError> {
        config.options.validate()?;
        if let Some(round) = config.decks.iter().position(|d| !is_deck(d, config.options.copies)) {
            return Err(SetupError::BadDeck { round });
        }
        let first_player = config.first_player.unwrap_or(match config.options.first_player {
            FirstPlayer::Challenger => Seat::A,
            FirstPlayer::Challenged => Seat::B,
            FirstPlayer::Random => shuffle::random_seat(config.seed),
        });
        let mut game = EnGarde {
            variant: config.variant,
            options: config.options,
            seed: config.seed,
            decks: config.decks,
            first_player,
            score: BySeat::default(),
            total: BySeat::default(),
            games: BySeat::default(),
            rounds: Vec::new(),
            winner: None,
            round: RoundState {
                number: 0,
                game: 1,
                first: first_player,
                positions: BySeat::default(),
                hands: BySeat::default(),
                pile: Pile::EMPTY,
                discards: Cards::EMPTY,
                last_card: None,
                phase: Phase::Finished,
            },
            turn: 0,
        };
        let mut events = Vec::new();
        game.deal(first_player, &mut events);
        Ok(game)
    }

    /// A match in the middle of a round, for the practice opponent's search: its public
    /// facts, with hands and a pile it sampled (and a seed of its own for later rounds). It
    /// keeps no ended rounds, so the round in play ends when [`EnGarde::rounds`] is no
    /// longer empty.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn for_search(
        variant: Variant,
        options: Options,
        seed: u64,
        first_player: Seat,
        score: BySeat<u8>,
        total: BySeat<u8>,
        games: BySeat<u8>,
        round: RoundState,
    ) -> EnGarde {
        EnGarde {
            variant,
            options,
            seed,
            decks: Vec::new(),
            first_player,
            score,
            total,
            games,
            rounds: Vec::new(),
            winner: None,
            round,
            turn: 0,
        }
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule options in force.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Who started round 1.
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first_player
    }

    /// The secret seed of the shuffles.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The fixed decks the match was configured with.
    #[must_use]
    pub fn decks(&self) -> &[Vec<Card>] {
        &self.decks
    }

    /// The seat whose decision is awaited, `None` once the match is over.
    #[must_use]
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.round.phase.to_act()
    }

    /// The current phase.
    #[must_use]
    #[inline]
    pub fn phase(&self) -> Phase {
        self.round.phase
    }

    /// The round in play (or the last one, once the match is over). Holds secrets.
    #[must_use]
    pub fn round(&self) -> &RoundState {
        &self.round
    }

    /// A seat's hand (secret to the other seat).
    #[must_use]
    #[inline]
    pub fn hand(&self, seat: Seat) -> Cards {
        *self.round.hands.get(seat)
    }

    /// Rounds won in the current game.
    #[must_use]
    pub fn score(&self) -> BySeat<u8> {
        self.score
    }

    /// Rounds won over the whole match.
    #[must_use]
    pub fn rounds_won(&self) -> BySeat<u8> {
        self.total
    }

    /// Games won (best-of matches).
    #[must_use]
    pub fn games(&self) -> BySeat<u8> {
        self.games
    }

    /// Every round that has ended, in order.
    #[must_use]
    #[inline]
    pub fn rounds(&self) -> &[RoundResult] {
        &self.rounds
    }

    /// The match winner, once the match is over (`None` for an agreed draw).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.round.phase == Phase::Finished
    }

    /// How many actions have been played: the index, in the match record, of the next one.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The distance between the fencers (spaces between their spaces).
    #[must_use]
    #[inline]
    pub fn distance(&self) -> u8 {
        self.round.positions.b - self.round.positions.a
    }

    #[inline]
    pub(crate) fn level(&self) -> Level {
        self.variant.level()
    }

    /// The space where `seat` starts each round.
    #[must_use]
    #[inline]
    pub fn start_space(&self, seat: Seat) -> u8 {
        match (self.options.start, seat) {
            (StartSpaces::OnPiste, Seat::A) => 1,
            (StartSpaces::OnPiste, Seat::B) => PISTE_SPACES,
            (StartSpaces::OffPiste, Seat::A) => 0,
            (StartSpaces::OffPiste, Seat::B) => PISTE_SPACES + 1,
        }
    }

    /// How far `seat`'s fencer has moved from their start space.
    #[must_use]
    #[inline]
    pub fn moved(&self, seat: Seat) -> u8 {
        self.start_space(seat).abs_diff(*self.round.positions.get(seat))
    }

    /// The space `seat` reaches by moving `v` toward the opponent.
    #[inline]
    pub(crate) fn forward(&self, seat: Seat, v: u8) -> u8 {
        let pos = *self.round.positions.get(seat);
        match seat {
            Seat::A => pos + v,
            Seat::B => pos - v,
        }
    }

    /// The space `seat` reaches by retreating `v`, if it stays on the piste.
    #[inline]
    pub(crate) fn backward(&self, seat: Seat, v: u8) -> Option<u8> {
        (v <= self.retreat_room(seat)).then(|| match seat {
            Seat::A => self.round.positions.a - v,
            Seat::B => self.round.positions.b + v,
        })
    }

    /// The longest retreat `seat` may make without leaving the piste.
    #[inline]
    pub(crate) fn retreat_room(&self, seat: Seat) -> u8 {
        match seat {
            Seat::A => self.round.positions.a.saturating_sub(1),
            Seat::B => PISTE_SPACES.saturating_sub(self.round.positions.b),
        }
    }

    #[cfg(test)]
    fn backward_by_arithmetic(&self, seat: Seat, v: u8) -> Option<u8> {
        let pos = i16::from(*self.round.positions.get(seat));
        let to = match seat {
            Seat::A => pos - i16::from(v),
            Seat::B => pos + i16::from(v),
        };
        (1..=i16::from(PISTE_SPACES)).contains(&to).then_some(to as u8)
    }

    /// Plays `action` for `seat` and returns what happened.
    ///
    /// Forced outcomes resolve by themselves: a defender with no parry and no
    /// retreat loses the round, a player with no legal action loses the round,
    /// the basic game's last attack is played automatically.
    ///
    /// # Errors
    /// [`PlayError`] says why the action is illegal; the game is left untouched.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, PlayError> {
        self.check(seat, action)?;
        let mut events = Vec::with_capacity(8);
        self.turn += 1;
        self.apply(seat, action, &mut events);
        Ok(events)
    }

    /// Plays `action` for `seat` like [`EnGarde::play`], without reporting what happened:
    /// no event is built and nothing is allocated (for searches and benchmarks).
    ///
    /// # Errors
    /// [`PlayError`] says why the action is illegal; the game is left untouched.
    pub fn play_quiet(&mut self, seat: Seat, action: Action) -> Result<(), PlayError> {
        // The moves of a turn, most of the actions played, checked and applied in one step:
        // the same checks as `check`, which says why when one fails.
        if let Phase::Turn { seat: to_act, .. } = self.round.phase {
            if to_act == seat {
                match action {
                    Action::Advance(card)
                        if self.hand(seat).count(card) != 0
                            && card.value() < self.distance()
                            && self.pile_refills(seat, 1) =>
                    {
                        self.turn += 1;
                        self.advance(seat, card, &mut NoEvents);
                        return Ok(());
                    }
                    Action::Retreat(card)
                        if self.hand(seat).count(card) != 0
                            && card.value() <= self.retreat_room(seat)
                            && self.pile_refills(seat, 1) =>
                    {
                        self.turn += 1;
                        self.retreat(seat, card, &mut NoEvents);
                        return Ok(());
                    }
                    _ => {}
                }
            }
        }
        self.check(seat, action)?;
        self.turn += 1;
        self.apply(seat, action, &mut NoEvents);
        Ok(())
    }

    fn apply(&mut self, seat: Seat, action: Action, events: &mut impl Events) {
        let phase = self.round.phase;
        if action == Action::Resign {
            events.push(Event::Resigned { seat });
            self.end_round(Some(seat.other()), RoundEndReason::Resign, None, events);
            return;
        }
        if action == Action::AgreeDraw {
            events.push(Event::DrawAgreed { seat });
            self.round.phase = Phase::Finished;
            events.push(Event::MatchEnded { winner: None });
            return;
        }
        if matches!(action, Action::Advance(_) | Action::Retreat(_)) && matches!(phase, Phase::Turn { .. }) {
            // The moves of a turn discard their card themselves.
            match action {
                Action::Advance(card) => self.advance(seat, card, events),
                Action::Retreat(card) => self.retreat(seat, card, events),
                _ => unreachable!(),
            }
            return;
        }
        self.discard(seat, action.cards());
        match (phase, action) {
            (Phase::Turn { .. }, Action::Advance(card)) => self.advance(seat, card, events),
            (Phase::Turn { .. }, Action::Retreat(card)) => self.retreat(seat, card, events),
            (Phase::Turn { riposte, .. }, Action::Attack { card, count }) => {
                self.round.last_card = Some(card);
                events.push(Event::Attacked { seat, card, count, riposte });
                let always_hits = riposte && self.options.riposte == Riposte::AlwaysHits;
                self.attack(seat, Attack { card, count }, false, always_hits, events);
            }
            (Phase::Turn { .. }, Action::AdvanceAttack { advance, attack, count }) => {
                let to = self.forward(seat, advance.value());
                *self.round.positions.get_mut(seat) = to;
                self.round.last_card = Some(attack);
                events.push(Event::Lunged { seat, advance, to, attack, count });
                self.attack(seat, Attack { card: attack, count }, true, false, events);
            }
            (Phase::Defend { last_card, .. }, Action::Parry(cards)) => {
                events.push(Event::Parried { seat, cards });
                if last_card {
                    self.end_of_pile(seat.other(), events);
                } else {
                    self.begin_turn(seat, true, events);
                }
            }
            (Phase::Defend { last_card, .. }, Action::Retreat(card)) => {
                let to = self.backward(seat, card.value()).expect("checked retreat");
                *self.round.positions.get_mut(seat) = to;
                events.push(Event::Retreated { seat, card, to, defence: true });
                if last_card {
                    self.decide_by_position(None, events);
                } else if self.draw(seat, events) {
                    self.end_of_pile(seat, events);
                } else {
                    self.begin_turn(seat.other(), false, events);
                }
            }
            (Phase::Defend { .. }, Action::AcceptHit) => {
                events.push(Event::HitAccepted { seat });
                self.end_round(Some(seat.other()), RoundEndReason::Hit, None, events);
            }
            _ => unreachable!("checked action {action:?} in phase {phase:?}"),
        }
    }

    /// A checked advance of a turn: the card discarded, the fencer moved, the hand refilled.
    #[inline]
    fn advance(&mut self, seat: Seat, card: Card, events: &mut impl Events) {
        self.discard_one(seat, card);
        let to = self.forward(seat, card.value());
        *self.round.positions.get_mut(seat) = to;
        events.push(Event::Advanced { seat, card, to });
        self.end_turn(seat, events);
    }

    /// A checked retreat of a turn (not the retreat defence).
    #[inline]
    fn retreat(&mut self, seat: Seat, card: Card, events: &mut impl Events) {
        self.discard_one(seat, card);
        let to = self.backward(seat, card.value()).expect("checked retreat");
        *self.round.positions.get_mut(seat) = to;
        events.push(Event::Retreated { seat, card, to, defence: false });
        self.end_turn(seat, events);
    }

    /// [`EnGarde::discard`] of one card.
    #[inline]
    fn discard_one(&mut self, seat: Seat, card: Card) {
        let cards = Cards::of(card, 1);
        self.round.hands.get_mut(seat).remove_all_unchecked(&cards);
        self.round.discards.add_all(&cards);
        self.round.last_card = Some(card);
    }

    /// Moves played cards from the hand to the discards; the last of them shows.
    #[inline]
    fn discard(&mut self, seat: Seat, cards: Cards) {
        if cards.is_empty() {
            return;
        }
        // Checked before the action was applied.
        self.round.hands.get_mut(seat).remove_all_unchecked(&cards);
        self.round.discards.add_all(&cards);
        // The top card: the highest card for a mixed parry; attacks set it themselves.
        self.round.last_card = cards.highest();
    }

    /// Refills `seat`'s hand; returns whether that draw took the last card.
    fn draw(&mut self, seat: Seat, events: &mut impl Events) -> bool {
        let hand = self.round.hands.get_mut(seat);
        let need = usize::from(self.options.hand_size.saturating_sub(hand.len()));
        if need == 0 {
            return false;
        }
        let take = need.min(self.round.pile.len());
        for card in self.round.pile.draw(take) {
            // A hand holds at most `hand_size` (10) cards.
            hand.add_one_unchecked(card);
        }
        events.push(Event::Drew { seat, count: take as u8 });
        let emptied = self.round.pile.is_empty();
        if emptied {
            events.push(Event::PileEmptied { seat });
        }
        emptied
    }

    /// After a move: refill, then either the pile ran out or the opponent plays.
    fn end_turn(&mut self, seat: Seat, events: &mut impl Events) {
        if self.draw(seat, events) {
            self.end_of_pile(seat, events);
        } else {
            self.begin_turn(seat.other(), false, events);
        }
    }

    fn attack(&mut self, seat: Seat, attack: Attack, lunge: bool, always_hits: bool, events: &mut impl Events) {
        if self.level() == Level::Basic || always_hits {
            self.end_round(Some(seat), RoundEndReason::Hit, None, events);
            return;
        }
        let last_card = self.draw(seat, events);
        let defender = seat.other();
        self.round.phase = Phase::Defend { seat: defender, attack, lunge, last_card };
        if !self.has_legal_action() {
            events.push(Event::CannotParry { seat: defender });
            self.end_round(Some(seat), RoundEndReason::Hit, None, events);
        }
    }

    fn begin_turn(&mut self, seat: Seat, riposte: bool, events: &mut impl Events) {
        self.round.phase = Phase::Turn { seat, riposte };
        if riposte
            && self.round.hands.get(seat).is_empty()
            && self.options.empty_hand_after_parry == EmptyHandAfterParry::DrawAndPass
        {
            events.push(Event::PassedWithEmptyHand { seat });
            self.end_turn(seat, events);
        } else if !self.has_legal_action() {
            events.push(Event::Stuck { seat });
            self.end_round(Some(seat.other()), RoundEndReason::Stuck, None, events);
        }
    }

    /// The round ends because `drawer` took the last card (and no attack is pending).
    fn end_of_pile(&mut self, drawer: Seat, events: &mut impl Events) {
        let d = self.distance();
        if self.level() == Level::Basic {
            let attacker = drawer.other();
            if self.options.basic_last_attack == BasicLastAttack::Automatic {
                if let Some(card) = Card::new(d).filter(|&c| self.hand(attacker).count(c) > 0) {
                    events.push(Event::LastAttack { seat: attacker, card });
                    self.end_round(Some(attacker), RoundEndReason::Hit, None, events);
                    return;
                }
            }
            self.decide_by_position(None, events);
            return;
        }
        let hands = self.round.hands;
        let attacking = hands.map(|h| Card::new(d).map_or(0, |c| h.count(c)));
        events.push(Event::HandsRevealed { hands, attacking });
        if attacking.a != attacking.b {
            let winner = if attacking.a > attacking.b { Seat::A } else { Seat::B };
            self.end_round(Some(winner), RoundEndReason::HandCount, Some(hands), events);
        } else {
            self.decide_by_position(Some(hands), events);
        }
    }

    fn decide_by_position(&mut self, revealed: Option<BySeat<Cards>>, events: &mut impl Events) {
        let (a, b) = (self.moved(Seat::A), self.moved(Seat::B));
        let (winner, reason) = match a.cmp(&b) {
            std::cmp::Ordering::Greater => (Some(Seat::A), RoundEndReason::Position),
            std::cmp::Ordering::Less => (Some(Seat::B), RoundEndReason::Position),
            std::cmp::Ordering::Equal => (None, RoundEndReason::Drawn),
        };
        self.end_round(winner, reason, revealed, events);
    }

    fn end_round(
        &mut self,
        winner: Option<Seat>,
        reason: RoundEndReason,
        revealed: Option<BySeat<Cards>>,
        events: &mut impl Events,
    ) {
        let result = RoundResult { winner, reason, revealed };
        self.rounds.push(result.clone());
        if let Some(w) = winner {
            *self.score.get_mut(w) += 1;
            *self.total.get_mut(w) += 1;
        }
        events.push(Event::RoundEnded { result, score: self.score });
        if reason == RoundEndReason::Resign {
            let w = winner.expect("a resignation has a winner");
            return self.finish(w, events);
        }
        if let Some(w) = winner.filter(|&w| *self.score.get(w) >= self.options.hits_to_win) {
            *self.games.get_mut(w) += 1;
            if self.options.best_of > 1 {
                events.push(Event::GameEnded { winner: w, games: self.games });
            }
            if *self.games.get(w) >= self.options.games_to_win() {
                return self.finish(w, events);
            }
            self.score = BySeat::default();
        }
        let previous = self.round.first;
        let next = match (self.options.round_starter, winner) {
            (RoundStarter::Loser, Some(w)) => w.other(),
            _ => previous.other(),
        };
        self.deal(next, events);
    }

    fn finish(&mut self, winner: Seat, events: &mut impl Events) {
        self.winner = Some(winner);
        self.round.phase = Phase::Finished;
        events.push(Event::MatchEnded { winner: Some(winner) });
    }

    fn deal(&mut self, first: Seat, events: &mut impl Events) {
        let index = self.rounds.len();
        let mut pile = match self.decks.get(index) {
            Some(deck) => Pile::from_slice(deck),
            None => shuffle::shuffled_deck(self.options.copies, self.seed, index),
        };
        let h = usize::from(self.options.hand_size);
        let game = self.games.a + self.games.b + 1;
        let mut hands = BySeat::default();
        *hands.get_mut(first) = pile.draw(h).collect();
        *hands.get_mut(first.other()) = pile.draw(h).collect();
        self.round = RoundState {
            number: index as u16 + 1,
            game,
            first,
            positions: BySeat::new_with(|s| self.start_space(s)),
            hands,
            pile,
            discards: Cards::EMPTY,
            last_card: None,
            phase: Phase::Turn { seat: first, riposte: false },
        };
        events.push(Event::RoundStarted { round: self.round.number, game, first });
        self.begin_turn(first, false, events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retreat_room_agrees_with_the_arithmetic_on_every_space() {
        for variant in [Variant::EngardeStandard, Variant::KengoNormal] {
            let mut game = EnGarde::new(Config::new(variant, 1)).unwrap();
            for a in 0..=PISTE_SPACES {
                for b in a + 1..=PISTE_SPACES + 1 {
                    game.round.positions = BySeat { a, b };
                    for seat in Seat::ALL {
                        for v in 1..=5 {
                            assert_eq!(
                                game.backward(seat, v),
                                game.backward_by_arithmetic(seat, v),
                                "{a} {b} {seat} {v}"
                            );
                        }
                    }
                }
            }
        }
    }
}
