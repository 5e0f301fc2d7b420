//! The match: set-ups, shots and their answers, rounds, scores and the end.

use std::fmt;

use super::action::{Action, PlayError, Shot, StopReason, Weapon};
use super::cell::{ray, Cell, Dirs};
use super::event::{Announcement, AnswerKind, Event, RoundSummary};
use super::fortress::{bit, Fortress, BESIEGED};
use super::options::{ExtraShot, FirstShooter, MissAnswer, Options, RifleAnswer, Round2First, Round2Setup, Tie};
use super::rng;
use crate::{BySeat, Seat, ToAct};

/// Rounds in a match (F7.1).
pub const ROUNDS: u8 = 2;

/// Every ring cell's bit, in [`Cell::RING`] order.
pub(crate) const ALL_RING: u32 = (1 << 24) - 1;

/// The bit of a ring cell in a mask over [`Cell::RING`].
pub(crate) fn ring_bit(cell: Cell) -> u32 {
    cell.ring_index().map_or(0, |i| 1 << i)
}

/// How to start a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The rule options.
    pub options: Options,
    /// The secret seed of the tosses.
    pub seed: u64,
    /// Who shoots first in round 1; `None` applies `options.first_shooter` (a toss from the
    /// seed under `random`).
    pub first_player: Option<Seat>,
}

impl Config {
    /// The default options with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Config {
        Config { options: Options::default(), seed, first_player: None }
    }
}

/// Why a configuration or a saved state cannot make a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A saved state of an unknown format version.
    UnknownFormat(u32),
    /// A saved state that is not consistent; the text says what disagrees.
    Inconsistent(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownFormat(v) => write!(f, "unknown Forteresse state format version {v}"),
            SetupError::Inconsistent(what) => write!(f, "inconsistent saved Forteresse state: {what}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// Both rounds were played: the totals decide (option `tie` on equal totals).
    Played,
    /// This seat resigned: the other wins.
    Resigned(Seat),
    /// The players agreed to a draw.
    DrawAgreed,
}

/// What the match awaits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Set-ups are owed (by one seat or both).
    Setup,
    /// The round's shooting.
    Shooting,
    /// The match is over.
    Finished,
}

/// What still stands of a fortress, as bit masks over [`Cell::FORTRESS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Standing {
    pub(crate) walls: u32,
    pub(crate) besieged: u32,
}

impl From<Fortress> for Standing {
    fn from(f: Fortress) -> Self {
        Standing { walls: f.wall_mask(), besieged: f.besieged_mask() }
    }
}

/// A Forteresse match in progress or finished: always a legal state.
///
/// Build one with [`Forteresse::new`] (or from a record or a saved state, both validated);
/// it changes only through [`Forteresse::play`].
///
/// ```
/// use engarde_rules::forteresse::{Action, Config, Fortress, Forteresse, PlayError};
/// use engarde_rules::{Seat, ToAct};
/// let mut config = Config::new(7);
/// config.first_player = Some(Seat::B);
/// let mut game = Forteresse::new(config)?;
/// assert_eq!(game.to_act(), ToAct::Both);
/// game.play(Seat::A, Action::Setup(Fortress::random(1)))?;
/// assert_eq!(game.to_act(), ToAct::One(Seat::B));
/// assert_eq!(game.play(Seat::A, Action::Setup(Fortress::random(2))), Err(PlayError::AlreadySetUp));
/// game.play(Seat::B, Action::Setup(Fortress::random(2)))?;
/// assert_eq!(game.to_act(), ToAct::One(Seat::B));
/// assert_eq!(game.legal_actions(Seat::B).len(), 112); // 56 cell-direction pairs, 2 weapons
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "super::state::Saved", try_from = "super::state::Saved")]
pub struct Forteresse {
    pub(crate) options: Options,
    pub(crate) seed: u64,
    /// Round 1's first shooter.
    pub(crate) first_player: Seat,
    /// The round in play (or the last one), 1 or 2.
    pub(crate) round: u8,
    /// This round's first shooter.
    pub(crate) round_first: Seat,
    /// This round's set-ups, as placed.
    pub(crate) setups: BySeat<Option<Fortress>>,
    /// What still stands of each seat's own fortress (empty while not set up).
    pub(crate) standing: BySeat<Standing>,
    /// Ring cells each seat has used this round, over [`Cell::RING`].
    pub(crate) used: BySeat<u32>,
    /// Cannon shots each seat fired this round.
    pub(crate) cannon: BySeat<u8>,
    /// Rifle shots each seat fired this round.
    pub(crate) rifle: BySeat<u8>,
    /// Besieged each seat killed this round.
    pub(crate) killed: BySeat<u8>,
    /// Whose shot it is, in the shooting phase.
    pub(crate) shooter: Option<Seat>,
    /// This round's shots, as announced.
    pub(crate) announcements: Vec<Announcement>,
    /// Every ended round.
    pub(crate) rounds: Vec<RoundSummary>,
    /// Round 1's shots, as announced, once round 2 is in play (public, for the view of the
    /// ended round).
    pub(crate) ended_shots: EndedShots,
    /// How the match ended, once it has.
    pub(crate) finish: Option<Finish>,
    /// Actions played so far.
    pub(crate) turn: u32,
}

/// The shots of the last ended round, as announced, kept while the next round is in play
/// so that everyone can still see how it ended ([`PublicView::ended_round`]).
///
/// They are public and follow from the match's record, so they take no part in comparing
/// two matches: a state stored before they were kept (which lacks them) is the same match
/// as its record's replay.
///
/// [`PublicView::ended_round`]: super::PublicView::ended_round
#[derive(Clone, Debug, Default, Eq)]
pub(crate) struct EndedShots(pub(crate) Vec<Announcement>);

impl PartialEq for EndedShots {
    fn eq(&self, _: &EndedShots) -> bool {
        true
    }
}

impl Forteresse {
    /// Starts a match: round 1, both set-ups owed.
    ///
    /// # Errors
    /// None today (every option value is valid); kept for the common game interface.
    pub fn new(config: Config) -> Result<Forteresse, SetupError> {
        let first_player = config.first_player.unwrap_or(match config.options.first_shooter {
            FirstShooter::Challenger => Seat::A,
            FirstShooter::Challenged => Seat::B,
            FirstShooter::Random => rng::toss(config.seed, rng::ROUND1_TOSS),
        });
        Ok(Forteresse {
            options: config.options,
            seed: config.seed,
            first_player,
            round: 1,
            round_first: first_player,
            setups: BySeat::default(),
            standing: BySeat::default(),
            used: BySeat::default(),
            cannon: BySeat::default(),
            rifle: BySeat::default(),
            killed: BySeat::default(),
            shooter: None,
            announcements: Vec::new(),
            rounds: Vec::new(),
            ended_shots: EndedShots::default(),
            finish: None,
            turn: 0,
        })
    }

    /// A match in the middle of a round's shooting, for the practice opponent's search: the
    /// round's public tallies, both set-ups (one of them sampled) and what still stands of
    /// them. It keeps no ended rounds and no announcements, so the round in play ends when
    /// [`Forteresse::round_scores`] is no longer empty.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn for_search(
        options: Options,
        round: u8,
        round_first: Seat,
        setups: BySeat<Fortress>,
        standing: BySeat<(u32, u32)>,
        used: BySeat<u32>,
        shots: BySeat<(u8, u8)>,
        killed: BySeat<u8>,
        shooter: Seat,
    ) -> Forteresse {
        Forteresse {
            options,
            seed: 0,
            first_player: round_first,
            round,
            round_first,
            setups: setups.map(Some),
            standing: standing.map(|(walls, besieged)| Standing { walls, besieged }),
            used,
            cannon: shots.map(|(cannon, _)| cannon),
            rifle: shots.map(|(_, rifle)| rifle),
            killed,
            shooter: Some(shooter),
            announcements: Vec::new(),
            rounds: Vec::new(),
            ended_shots: EndedShots::default(),
            finish: None,
            turn: 0,
        }
    }

    /// The rule options in force.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The secret seed of the tosses. Never show it.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who shoots (or shot) first in round 1.
    #[must_use]
    pub fn first_player(&self) -> Seat {
        self.first_player
    }

    /// Who shoots (or shot) first in the current round.
    #[must_use]
    pub fn round_first(&self) -> Seat {
        self.round_first
    }

    /// The round in play (or the last one, once the match is over): 1 or 2.
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }

    /// How many actions have been played: the index, in the match record, of the next one.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// What the match awaits.
    #[must_use]
    pub fn phase(&self) -> Phase {
        if self.finish.is_some() {
            Phase::Finished
        } else if self.shooter.is_some() {
            Phase::Shooting
        } else {
            Phase::Setup
        }
    }

    /// Whose decision is awaited: both seats while both set-ups are owed, the one seat that
    /// owes its set-up, then the shooter; nobody once the match is over. Between the rounds
    /// there is no pause: round 1's last shot opens round 2, whose set-ups are owed by both
    /// (`round2_setup = fresh`) or whose first shooter is awaited (`same_as_round1`).
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        match self.phase() {
            Phase::Finished => ToAct::Nobody,
            Phase::Shooting => self.shooter.into(),
            Phase::Setup => match (self.setups.a.is_some(), self.setups.b.is_some()) {
                (false, false) => ToAct::Both,
                (true, false) => ToAct::One(Seat::B),
                (false, true) => ToAct::One(Seat::A),
                (true, true) => unreachable!("both set-ups in means shooting"),
            },
        }
    }

    /// Whether `seat` owes its set-up for the current round.
    #[must_use]
    pub fn needs_setup(&self, seat: Seat) -> bool {
        self.phase() == Phase::Setup && self.setups.get(seat).is_none()
    }

    /// `seat`'s set-up for the current round, as placed (secret to the other seat).
    #[must_use]
    pub fn setup(&self, seat: Seat) -> Option<Fortress> {
        *self.setups.get(seat)
    }

    /// Why `seat` has stopped shooting this round, if it has (F5.2).
    #[must_use]
    pub fn stopped(&self, seat: Seat) -> Option<StopReason> {
        if usize::from(*self.killed.get(seat)) == BESIEGED {
            Some(StopReason::AllKilled)
        } else if *self.used.get(seat) == ALL_RING {
            Some(StopReason::NoCellsLeft)
        } else {
            None
        }
    }

    /// The ring cells `seat` has used this round, in [`Cell::RING`] order.
    pub fn used_cells(&self, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
        let used = *self.used.get(seat);
        Cell::RING.into_iter().filter(move |&c| used & ring_bit(c) != 0)
    }

    /// Shots `seat` fired this round with `weapon`.
    #[must_use]
    pub fn shots_fired(&self, seat: Seat, weapon: Weapon) -> u8 {
        match weapon {
            Weapon::Cannon => *self.cannon.get(seat),
            Weapon::Rifle => *self.rifle.get(seat),
        }
    }

    /// Besieged each seat has killed this round.
    #[must_use]
    pub fn killed(&self) -> BySeat<u8> {
        self.killed
    }

    /// This round's shots, as announced, in order.
    #[must_use]
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// Every ended round, in order.
    #[must_use]
    pub fn round_scores(&self) -> &[RoundSummary] {
        &self.rounds
    }

    /// Round 1's shots, as announced, while round 2 is in play or once it has ended;
    /// empty before (and for a match stored in round 2 before they were kept).
    #[must_use]
    pub fn ended_round_shots(&self) -> &[Announcement] {
        &self.ended_shots.0
    }

    /// The sum of the ended rounds' scores (a round in play does not count yet).
    #[must_use]
    pub fn score(&self) -> BySeat<u32> {
        BySeat::new_with(|s| self.rounds.iter().map(|r| r.score.get(s)).sum())
    }

    /// How the match ended, once it has.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finish.is_some()
    }

    /// The match winner, once the match is over (`None` for a draw).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        match self.finish? {
            Finish::Resigned(seat) => Some(seat.other()),
            Finish::DrawAgreed => None,
            Finish::Played => self.winner_on_points(),
        }
    }

    /// Whether the match ended without a winner.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.is_finished() && self.winner().is_none()
    }

    /// F7.1 and option `tie`.
    fn winner_on_points(&self) -> Option<Seat> {
        let better = |a: u32, b: u32| match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat::A),
            std::cmp::Ordering::Less => Some(Seat::B),
            std::cmp::Ordering::Equal => None,
        };
        let score = self.score();
        better(score.a, score.b).or_else(|| match self.options.tie {
            Tie::Draw => None,
            Tie::KillsThenFewerShots => {
                let kills = |s| self.rounds.iter().map(|r| u32::from(*r.killed.get(s))).sum();
                let shots = |s| self.rounds.iter().map(|r| r.shots(s)).sum();
                better(kills(Seat::A), kills(Seat::B)).or_else(|| better(shots(Seat::B), shots(Seat::A)))
            }
        })
    }

    /// The directions `seat` may shoot now from `from`: empty unless it is `seat`'s shot and
    /// `from` is a ring cell they have not used this round.
    #[must_use]
    pub fn legal_dirs(&self, seat: Seat, from: Cell) -> Dirs {
        if self.shooter != Some(seat) || self.used.get(seat) & ring_bit(from) != 0 {
            return Dirs::EMPTY;
        }
        from.dirs_in(self.options.direction_rule)
    }

    /// Every legal shot of `seat`, compactly: each unused ring cell with its directions (either
    /// weapon may be used). Empty unless it is `seat`'s shot.
    #[must_use]
    pub fn legal_shots(&self, seat: Seat) -> Vec<(Cell, Dirs)> {
        Cell::RING.into_iter().map(|c| (c, self.legal_dirs(seat, c))).filter(|(_, d)| !d.is_empty()).collect()
    }

    /// Every legal action of `seat` that can be listed: its shots (each ring cell, direction
    /// and weapon), in [`Cell::RING`] order, cannon first.
    ///
    /// Set-ups are never listed (there are far too many: build one with [`Fortress::new`] or
    /// [`Fortress::random_with`]), so this is empty during the set-up phase. [`Action::Resign`]
    /// and [`Action::AgreeDraw`] are legal for either seat until the match ends, but not listed.
    #[must_use]
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        for (from, dirs) in self.legal_shots(seat) {
            for dir in dirs {
                for weapon in Weapon::ALL {
                    out.push(Action::Shot(Shot { from, weapon, dir }));
                }
            }
        }
        out
    }

    /// Whether `seat` may play `action` now.
    #[must_use]
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Checks `action` for `seat` without playing it.
    ///
    /// # Errors
    /// [`PlayError`] says why the action is illegal.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), PlayError> {
        if self.is_finished() {
            return Err(PlayError::MatchOver);
        }
        match action {
            Action::Resign | Action::AgreeDraw => Ok(()),
            Action::Setup(fortress) => {
                if self.setups.get(seat).is_some() {
                    return Err(PlayError::AlreadySetUp);
                }
                fortress.check_rule(&self.options).map_err(PlayError::BadSetup)
            }
            Action::Shot(Shot { from, dir, .. }) => {
                let Some(shooter) = self.shooter else { return Err(PlayError::SetupsPending) };
                if shooter != seat {
                    return Err(match self.stopped(seat) {
                        Some(why) => PlayError::Stopped(why),
                        None => PlayError::NotYourTurn { to_act: ToAct::One(shooter) },
                    });
                }
                if !from.is_ring() {
                    return Err(PlayError::NotARingCell(from));
                }
                if self.used.get(seat) & ring_bit(from) != 0 {
                    return Err(PlayError::CellUsed(from));
                }
                let legal = from.dirs_in(self.options.direction_rule);
                if !legal.contains(dir) {
                    return Err(PlayError::BadDirection { from, dir, legal });
                }
                Ok(())
            }
        }
    }

    /// Plays `action` for `seat` and returns what happened.
    ///
    /// # Errors
    /// [`PlayError`] says why the action is illegal; the game is left untouched.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, PlayError> {
        self.check(seat, action)?;
        Ok(self.play_unchecked(seat, action))
    }

    /// Plays an action known to be legal (from [`Forteresse::legal_actions`], or checked).
    ///
    /// # Panics
    /// May panic, or leave an inconsistent match, if the action is illegal (checked in debug
    /// builds).
    pub fn play_unchecked(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        debug_assert_eq!(self.check(seat, action), Ok(()), "play_unchecked with an illegal action");
        let mut events = Vec::with_capacity(4);
        self.turn += 1;
        match action {
            Action::Resign => {
                events.push(Event::Resigned { seat });
                self.end_match(Finish::Resigned(seat), &mut events);
            }
            Action::AgreeDraw => {
                events.push(Event::DrawAgreed { seat });
                self.end_match(Finish::DrawAgreed, &mut events);
            }
            Action::Setup(fortress) => {
                *self.setups.get_mut(seat) = Some(fortress);
                events.push(Event::SetupDone { seat });
                if let BySeat { a: Some(a), b: Some(b) } = self.setups {
                    self.standing = BySeat { a: a.into(), b: b.into() };
                    self.shooter = Some(self.round_first);
                    events.push(Event::RoundStarted { round: self.round, first: self.round_first });
                }
            }
            Action::Shot(shot) => self.shoot(seat, shot, &mut events),
        }
        events
    }

    /// F3, F4 and F5: the shot's effect, its answer, and who shoots next.
    fn shoot(&mut self, seat: Seat, shot: Shot, events: &mut Vec<Event>) {
        let target = self.standing.get_mut(seat.other());
        let hit = ray(shot.from, shot.dir).find(|&c| (target.walls | target.besieged) & bit(c) != 0);
        let (answer, cell) = match hit {
            None => match self.options.miss_answer {
                MissAnswer::Nothing => (AnswerKind::Nothing, None),
                MissAnswer::Silence => (AnswerKind::Silence, None),
            },
            Some(c) if target.besieged & bit(c) != 0 => {
                target.besieged &= !bit(c);
                *self.killed.get_mut(seat) += 1;
                let told = shot.weapon == Weapon::Cannon || self.options.rifle_answer == RifleAnswer::WithCell;
                (AnswerKind::Besieged, told.then_some(c))
            }
            Some(c) => match shot.weapon {
                Weapon::Cannon => {
                    target.walls &= !bit(c);
                    (AnswerKind::Wall, Some(c))
                }
                Weapon::Rifle => (AnswerKind::Wall, None),
            },
        };
        *self.used.get_mut(seat) |= ring_bit(shot.from);
        match shot.weapon {
            Weapon::Cannon => *self.cannon.get_mut(seat) += 1,
            Weapon::Rifle => *self.rifle.get_mut(seat) += 1,
        }
        let announcement = Announcement { seat, from: shot.from, weapon: shot.weapon, dir: shot.dir, answer, cell };
        self.announcements.push(announcement);
        events.push(Event::Shot(announcement));
        if let Some(why) = self.stopped(seat) {
            events.push(Event::Stopped { seat, why });
        }
        let on = |s: Seat| self.stopped(s).is_none();
        let again = self.options.extra_shot == ExtraShot::AfterKillOrDestruction && announcement.destroyed();
        self.shooter = if on(seat) && again {
            Some(seat)
        } else if on(seat.other()) {
            Some(seat.other())
        } else if on(seat) {
            Some(seat)
        } else {
            None
        };
        if self.shooter.is_none() {
            self.end_round(events);
        }
    }

    /// F5.3, F6, F7: score the round, then open round 2 or end the match.
    fn end_round(&mut self, events: &mut Vec<Event>) {
        let summary = RoundSummary::scored(self.killed, self.cannon, self.rifle);
        self.rounds.push(summary);
        events.push(Event::RoundEnded { round: self.round, summary });
        if self.round >= ROUNDS {
            return self.end_match(Finish::Played, events);
        }
        self.round += 1;
        self.round_first = self.round2_first();
        self.used = BySeat::default();
        self.cannon = BySeat::default();
        self.rifle = BySeat::default();
        self.killed = BySeat::default();
        self.ended_shots = EndedShots(std::mem::take(&mut self.announcements));
        match self.options.round2_setup {
            Round2Setup::Fresh => {
                self.setups = BySeat::default();
                self.standing = BySeat::default();
                events.push(Event::SetupsAwaited { round: self.round, first: self.round_first });
            }
            Round2Setup::SameAsRound1 => {
                self.standing = self.setups.map(|f| f.expect("round 1 was set up").into());
                self.shooter = Some(self.round_first);
                events.push(Event::RoundStarted { round: self.round, first: self.round_first });
            }
        }
    }

    /// Round 2's first shooter (option `round2_first`), once round 1 has ended.
    pub(crate) fn round2_first(&self) -> Seat {
        let swap = self.first_player.other();
        match self.options.round2_first {
            Round2First::Swap => swap,
            Round2First::LowerRound1Score => {
                let s = self.rounds[0].score;
                match s.a.cmp(&s.b) {
                    std::cmp::Ordering::Less => Seat::A,
                    std::cmp::Ordering::Greater => Seat::B,
                    std::cmp::Ordering::Equal => swap,
                }
            }
            Round2First::Random => rng::toss(self.seed, rng::ROUND2_TOSS),
        }
    }

    fn end_match(&mut self, finish: Finish, events: &mut Vec<Event>) {
        self.finish = Some(finish);
        self.shooter = None;
        events.push(Event::MatchEnded { winner: self.winner(), score: self.score() });
    }
}
