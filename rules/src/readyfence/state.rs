//! The bout's state: strip, weapons, stamina, cards, the turn or phrase in progress, and the
//! one seeded generator; and the set-up of R2.3.

use rand_chacha::ChaCha8Rng;

use super::action::{Guard, SeatedAction};
use super::cards::{table, Card, Kind};
use super::event::{EndReason, Role};
use super::options::{AdvTimer, Mulligan, Options, StartGap, Target, TutorialTimer, Variant};
use crate::chance;
use crate::{BySeat, Seat};

/// The stream of the seed the bout's generator draws from (R12).
pub(crate) const STREAM: u64 = 0;
/// Hand size in the tutorial and advanced modes (basic: 5 plus the yellow Straight Thrust).
pub(crate) const HAND: usize = 6;
/// Stamina's top.
pub const MAX_SP: u8 = 6;

/// Where a threat came from: it decides what may answer it (R7.3, table (c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The opening card.
    Opening,
    /// The opening card again, renewed.
    Renewed,
    /// A P&R or Infighting riposte.
    Riposte,
    /// A Glide bonus riposte.
    GlideRiposte,
    /// A counter-attack that overtook (Stop Hit, Disengage).
    Counter,
    /// Counter-time (answered only by Feint in Time).
    CounterTime,
}

/// What the player to answer faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    pub(crate) owner: Seat,
    /// The card behind it (a riposte's: the parry card).
    pub(crate) card: Card,
    /// Effective speed (`None`: Counter-time, which has none).
    pub(crate) speed: Option<u8>,
    pub(crate) origin: Origin,
}

/// A successful defence that may be followed by a Renewed Attack, a Feint or a Glide bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Defence {
    /// A parry card (P&R, Ceding plain, Infighting), with its kind and effective speed.
    Card(Kind, u8),
    /// A no-card Parry, with its speed (2 × SP + inv).
    Nocard(u8),
    /// Defence by Distance.
    Distance,
    /// A counter-attack card that overtook the first attack (`renewed = after_any_defence`).
    Counter(u8),
}

/// Where a phrase stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The threat's owner's opponent answers.
    Answer,
    /// The opener may renew or feint (after `defence` by `parrier`); `riposte` follows if not.
    RenewFeint { defence: Defence, parrier: Seat, riposte: Option<Threat> },
    /// The parrier may add a Glide bonus riposte; `riposte` follows if not.
    Glide { defence: Defence, parrier: Seat, riposte: Option<Threat> },
}

/// One public step of a phrase, for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) seat: Seat,
    pub(crate) role: Role,
    pub(crate) card: Option<Card>,
    pub(crate) angulation: bool,
    pub(crate) speed: Option<u8>,
}

/// A phrase in progress (R7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Phrase {
    pub(crate) opener: Seat,
    /// The gap when it opened.
    pub(crate) gap: u8,
    pub(crate) fleche: bool,
    /// The opening card, its Angulation, and its effective speed.
    pub(crate) first: (Card, bool, u8),
    pub(crate) threat: Threat,
    pub(crate) stage: Stage,
    /// Copies on the table, per owner.
    pub(crate) table: BySeat<Vec<u8>>,
    /// Main cards played (R7.2).
    pub(crate) main: BySeat<u8>,
    /// No-card actions used.
    pub(crate) nocard: BySeat<bool>,
    /// Who spent SP in this phrase (R6.3).
    pub(crate) spent: BySeat<bool>,
    pub(crate) renewed: bool,
    pub(crate) feinted: bool,
    /// The pending counter-attack overtook the first attack (for `renewed = after_any_defence`).
    pub(crate) counter_to_first: bool,
    pub(crate) steps: Vec<Step>,
}

/// A turn in progress (R3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Turn {
    /// Non-play actions taken.
    pub(crate) actions: u8,
    pub(crate) weapon: bool,
    pub(crate) swap: bool,
    pub(crate) retreat: bool,
}

/// What the bout awaits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// This seat's mulligan decision.
    Mulligan(Seat),
    /// This seat's turn.
    Turn(Seat, Turn),
    /// The tutorial's free swap after this seat's turn without a phrase.
    FreeSwap(Seat),
    /// A phrase.
    Phrase(Box<Phrase>),
    /// The bout is over.
    Over { winner: Option<Seat>, reason: EndReason },
}

/// The sudden-death state after a tied last period (R11.4, R11.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sudden {
    /// Basic/advanced extra time, with the priority holder.
    ExtraTime(Seat),
    /// The tutorial's tie rule.
    TutorialTie,
}

/// A Ready... Fence! bout, always a legal state, changed only by checked actions.
///
/// It is built by [`ReadyFence::new`] or by replaying a record; its stored form is its record
/// (set-up and actions), replayed and so validated when loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadyFence {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) readings: Readings,
    pub(crate) seed: u64,
    /// Who was given as first player (`None`: the coin toss decided).
    pub(crate) first_given: Option<Seat>,
    /// The deck order given instead of the initial shuffle.
    pub(crate) deck_given: Option<Vec<Card>>,
    pub(crate) first: Seat,
    /// The one generator, boxed: it is large and rarely used.
    pub(crate) rng: Box<ChaCha8Rng>,
    pub(crate) pos: BySeat<u8>,
    pub(crate) weapon: BySeat<Guard>,
    pub(crate) sp: BySeat<u8>,
    pub(crate) score: BySeat<u32>,
    pub(crate) period: u8,
    pub(crate) sudden: Option<Sudden>,
    pub(crate) hand: BySeat<Vec<u8>>,
    /// Piles, top last.
    pub(crate) timer: Vec<u8>,
    pub(crate) reserve: Vec<u8>,
    pub(crate) discard: Vec<u8>,
    pub(crate) mulligan_done: BySeat<bool>,
    pub(crate) stalled_last: BySeat<bool>,
    pub(crate) skip_next: BySeat<bool>,
    /// The opener of the last phrase.
    pub(crate) last_opener: Option<Seat>,
    pub(crate) phase: Phase,
    pub(crate) log: Vec<SeatedAction>,
}

/// Why a bout cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The mode does not play to this target (R11.1).
    Target {
        /// The mode.
        variant: Variant,
        /// The target asked for.
        target: Target,
    },
    /// A given deck order that is not the mode's deck, in plain words.
    Deck(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Target { variant, target } => {
                let allowed: Vec<String> = variant.targets().iter().map(|t| t.to_string()).collect();
                write!(f, "the {} mode plays to {}, not {target}", variant.mode_name(), allowed.join(" or "))
            }
            SetupError::Deck(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SetupError {}

/// How to start a bout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The mode.
    pub variant: Variant,
    /// The rule options.
    pub options: Options,
    /// The secret seed of the one generator (R12).
    pub seed: u64,
    /// Who plays first; `None`: the seeded coin toss.
    pub first_player: Option<Seat>,
    /// The order of the shuffled cards, top first, instead of the initial shuffle (the 41
    /// tutorial cards, the 33 basic cards other than the yellow Straight Thrusts, or the 54
    /// advanced cards): for tests and puzzles. Later shuffles still come from the seed.
    pub deck: Option<Vec<Card>>,
    /// Which readings of the rules the bout plays (a record's `format`); new bouts take the
    /// settled ones.
    pub readings: Readings,
}

/// Which readings of `ready-fence.md` a bout plays, fixed by its record's `format` so that a
/// stored record always replays the same. Each format plays the readings of the one before it
/// and those settled after it.
///
/// Format 1 records were written by the first engine; format 2 records play the readings
/// settled after it (`ready-fence.md`, "Readings settled after the first engine"):
///
/// - Feint's option 2 is offered after every defence that lets Feint follow, not only when a
///   riposte is pending (so the opener is asked even without a replacement card);
/// - the tutorial's tie ends a bout only on an empty hand (or a hand with no legal action),
///   not on a hand without an opening card;
/// - a Glide bonus may follow an Infighting parry;
/// - `renewed = after_any_defence` never lets anything follow a counter-attack (it is the
///   default's set of defences: parry cards, Infighting parries, no-card actions);
/// - `rps_effect = only_when_winning` gates only the weapon-position modifiers: Beat's and
///   Flick's +1 against point-in-line apply as printed.
///
/// Format 3 records also play the readings settled after a differential fuzz (`ready-fence.md`,
/// "Readings settled after a differential fuzz"):
///
/// - Renewed Attack and Feint follow only a phrase opened at lunge distance: after a phrase
///   opened at short distance (Infighting at `g = 0`) the opener is not asked;
/// - one bonus per phrase: once a Renewed Attack has been played, the opener is not asked again
///   (neither Renewed Attack nor Feint) when the renewed attack is defended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Readings {
    /// Format 1: the first engine's readings.
    First,
    /// Format 2: the readings settled after the first engine.
    Settled,
    /// Format 3: also the readings settled after the differential fuzz (the default for new
    /// bouts).
    #[default]
    AfterFuzz,
}

impl Readings {
    /// Every set of readings, oldest first (format 1, 2, 3).
    pub const ALL: [Readings; 3] = [Readings::First, Readings::Settled, Readings::AfterFuzz];

    /// The record format that plays these readings.
    #[must_use]
    pub fn format(self) -> u32 {
        match self {
            Readings::First => 1,
            Readings::Settled => 2,
            Readings::AfterFuzz => 3,
        }
    }

    /// The readings of a record `format`, if it is one this engine knows.
    #[must_use]
    pub fn of_format(format: u32) -> Option<Readings> {
        Readings::ALL.into_iter().find(|r| r.format() == format)
    }

    /// Whether these play the readings settled after the first engine (formats 2 and 3).
    #[must_use]
    pub fn settled(self) -> bool {
        self >= Readings::Settled
    }

    /// Whether these play the readings settled after the differential fuzz (format 3).
    #[must_use]
    pub fn after_fuzz(self) -> bool {
        self >= Readings::AfterFuzz
    }
}

impl Config {
    /// The default options of `variant` with `seed`.
    #[must_use]
    pub fn new(variant: Variant, seed: u64) -> Config {
        Config { variant, seed, ..Config::default() }
    }
}

/// Fisher–Yates with the bout's generator (R12).
pub(crate) fn shuffle(rng: &mut ChaCha8Rng, cards: &mut [u8]) {
    for i in (1..cards.len()).rev() {
        let j = chance::below(rng, u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
        cards.swap(i, j);
    }
}

/// On-guard blocks (R1.3, option `start_gap`).
pub(crate) fn on_guard(options: &Options) -> BySeat<u8> {
    match options.start_gap {
        StartGap::Two => BySeat { a: 4, b: 7 },
        StartGap::Zero => BySeat { a: 5, b: 6 },
    }
}

impl ReadyFence {
    /// Starts a bout (R2.3): shuffle (or the given order), the first-player toss (unless
    /// given), the deal, the timer and the reserve.
    ///
    /// # Errors
    /// A target the mode does not play (R11.1), or a given deck that is not the mode's.
    pub fn new(config: Config) -> Result<ReadyFence, SetupError> {
        let Config { variant, options, seed, first_player, deck, readings } = config;
        if !variant.targets().contains(&options.target) {
            return Err(SetupError::Target { variant, target: options.target });
        }
        let t = table();
        let mut rng = chance::rng(seed, STREAM);
        let all = t.deck(variant, options.deck_marks);
        let yellow: Vec<u8> = all.iter().copied().filter(|&i| t.copy(i).yellow).collect();
        let mut cards: Vec<u8> =
            if variant == Variant::Basic { all.iter().copied().filter(|i| !yellow.contains(i)).collect() } else { all };
        // `cards` is top first from here.
        match &deck {
            Some(order) => cards = order_of(&cards, order, variant)?,
            None => shuffle(&mut rng, &mut cards),
        }
        let first = match first_player {
            Some(s) => s,
            None if chance::below(&mut rng, 2) == 0 => Seat::A,
            None => Seat::B,
        };
        let hand_size = if variant == Variant::Basic { HAND - 1 } else { HAND };
        let mut rest = cards.into_iter();
        let mut hand = BySeat::<Vec<u8>>::default();
        for seat in [first, first.other()] {
            *hand.get_mut(seat) = rest.by_ref().take(hand_size).collect();
        }
        if variant == Variant::Basic {
            hand.get_mut(first).push(yellow[0]);
            hand.get_mut(first.other()).push(yellow[1]);
        }
        for seat in Seat::ALL {
            hand.get_mut(seat).sort_unstable();
        }
        let rest: Vec<u8> = rest.collect();
        let twelve = match variant {
            Variant::Tutorial => options.tutorial_timer == TutorialTimer::Twelve,
            Variant::Basic => true,
            Variant::Advanced => options.adv_timer == AdvTimer::Twelve,
        };
        let n = if twelve { 12.min(rest.len()) } else { rest.len() };
        // Piles are kept top last.
        let mut timer: Vec<u8> = rest[..n].to_vec();
        timer.reverse();
        let mut reserve: Vec<u8> = rest[n..].to_vec();
        reserve.reverse();
        let phase = if options.mulligan == Mulligan::Reserve {
            Phase::Mulligan(first)
        } else {
            Phase::Turn(first, Turn::default())
        };
        Ok(ReadyFence {
            variant,
            options,
            readings,
            seed,
            first_given: first_player,
            deck_given: deck,
            first,
            rng: Box::new(rng),
            pos: on_guard(&options),
            weapon: BySeat { a: Guard::Line, b: Guard::Line },
            sp: BySeat { a: MAX_SP, b: MAX_SP },
            score: BySeat::default(),
            period: 1,
            sudden: None,
            hand,
            timer,
            reserve,
            discard: Vec::new(),
            mulligan_done: BySeat::default(),
            stalled_last: BySeat::default(),
            skip_next: BySeat::default(),
            last_opener: None,
            phase,
            log: Vec::new(),
        })
    }
}

/// The copies of `cards` in the order of the faces `order` (top first).
fn order_of(cards: &[u8], order: &[Card], variant: Variant) -> Result<Vec<u8>, SetupError> {
    let t = table();
    let mut left: Vec<u8> = cards.to_vec();
    let mut out = Vec::with_capacity(cards.len());
    for &card in order {
        let Some(i) = left.iter().position(|&id| t.card(id) == card) else {
            return Err(SetupError::Deck(format!(
                "the deck lists more {card} than the {} deck holds",
                variant.mode_name()
            )));
        };
        out.push(left.remove(i));
    }
    if !left.is_empty() {
        return Err(SetupError::Deck(format!(
            "the deck lists {} cards; the {} mode shuffles {}",
            order.len(),
            variant.mode_name(),
            cards.len()
        )));
    }
    Ok(out)
}

impl ReadyFence {
    /// The mode.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rule options in force.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The secret seed. Never show it.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays first.
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// Points.
    #[must_use]
    pub fn score(&self) -> BySeat<u32> {
        self.score
    }

    /// Stamina.
    #[must_use]
    pub fn stamina(&self) -> BySeat<u8> {
        self.sp
    }

    /// The fencers' blocks.
    #[must_use]
    pub fn positions(&self) -> BySeat<u8> {
        self.pos
    }

    /// The period in play.
    #[must_use]
    pub fn period(&self) -> u8 {
        self.period
    }

    /// Whether the bout is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The winner once over (`None` while it goes on, or for a draw).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner, .. } => winner,
            _ => None,
        }
    }

    /// Why the bout ended, once over.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        match self.phase {
            Phase::Over { reason, .. } => Some(reason),
            _ => None,
        }
    }

    /// Every copy's place, for conservation checks: hands, timer, reserve, discards, and the
    /// phrase's table (secret: never show it).
    #[must_use]
    pub fn card_census(&self) -> Census {
        let mut table = BySeat::<Vec<u8>>::default();
        if let Phase::Phrase(p) = &self.phase {
            table = p.table.clone();
        }
        Census {
            hands: self.hand.clone(),
            timer: self.timer.clone(),
            reserve: self.reserve.clone(),
            discard: self.discard.clone(),
            table,
        }
    }

    /// The same bout with hidden information changed, for tests of what views show: the
    /// cards of `seat`'s hand swapped with the timer's (as many as both hold), the timer and
    /// reserve reordered, and the generator reseeded with `salt`. Not a legal history.
    #[doc(hidden)]
    #[must_use]
    pub fn with_hidden_changed(&self, seat: Seat, salt: u64) -> ReadyFence {
        let mut g = self.clone();
        let hand = g.hand.get_mut(seat);
        let n = hand.len().min(g.timer.len());
        for (h, t) in hand.iter_mut().zip(g.timer.iter_mut()).take(n) {
            std::mem::swap(h, t);
        }
        hand.sort_unstable();
        g.rng = Box::new(chance::rng(salt, STREAM));
        shuffle(&mut g.rng, &mut g.timer);
        shuffle(&mut g.rng, &mut g.reserve);
        g
    }
}

/// Where every copy of the mode's deck is (by copy index); see [`ReadyFence::card_census`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// Each hand.
    pub hands: BySeat<Vec<u8>>,
    /// The timer pile, top last.
    pub timer: Vec<u8>,
    /// The reserve, top last.
    pub reserve: Vec<u8>,
    /// The discard pile.
    pub discard: Vec<u8>,
    /// Cards on the table in the phrase in progress.
    pub table: BySeat<Vec<u8>>,
}

impl Census {
    /// Every copy, sorted.
    #[must_use]
    pub fn all(&self) -> Vec<u8> {
        let mut all: Vec<u8> = Vec::new();
        for seat in Seat::ALL {
            all.extend(self.hands.get(seat));
            all.extend(self.table.get(seat));
        }
        all.extend(&self.timer);
        all.extend(&self.reserve);
        all.extend(&self.discard);
        all.sort_unstable();
        all
    }
}

/// The copies of a mode's deck under `options`, sorted (for conservation checks).
#[must_use]
pub fn mode_deck(variant: Variant, options: &Options) -> Vec<u8> {
    table().deck(variant, options.deck_marks)
}

#[cfg(test)]
mod tests {
    use super::Readings;

    /// Each format names one set of readings, each later set keeps the earlier ones' settled
    /// readings, and new bouts play the newest.
    #[test]
    fn formats_name_the_readings_in_order() {
        for (i, readings) in Readings::ALL.into_iter().enumerate() {
            assert_eq!(Readings::of_format(readings.format()), Some(readings));
            assert_eq!(readings.format(), u32::try_from(i + 1).unwrap());
        }
        assert_eq!([0, 4].map(Readings::of_format), [None, None]);
        assert_eq!(Readings::ALL.map(Readings::settled), [false, true, true]);
        assert_eq!(Readings::ALL.map(Readings::after_fuzz), [false, false, true]);
        assert_eq!(Readings::default().format(), crate::readyfence::RECORD_FORMAT);
    }
}
