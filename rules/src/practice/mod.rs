//! The practice opponent: the bot's own play, at three levels, for every game.
//!
//! Fair by construction: the opponent decides from a [`Knowledge`], what one seat may know
//! of a match (its own view and the public history), which only [`Match::knowledge`] builds
//! and which holds no secret of the other seat, no seed and no pile order. [`choose_action`]
//! takes nothing else, so it cannot look at the match.
//!
//! ```
//! use engarde_rules::{choose_action, Budget, Level, Match, MatchAction, Seat, ToAct, Variant};
//!
//! let variant: Variant = "engarde-standard".parse()?;
//! let mut game = Match::start(variant, &Default::default(), 7, Some(Seat::A))?;
//! let mut log: Vec<(Seat, MatchAction)> = Vec::new();
//! while let ToAct::One(seat) = game.to_act() {
//!     let knowledge = game.knowledge(seat, &log);
//!     let action = choose_action(&knowledge, Level::Medium, log.len() as u64, Budget::for_level(Level::Medium))
//!         .expect("the seat to act has a decision");
//!     game.play(seat, action)?;
//!     log.push((seat, action));
//! }
//! assert!(game.is_finished());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How it plays
//! - `easy` plays the rules of thumb of `medium` with a good deal of noise: it sometimes
//!   picks any sensible action instead.
//! - `medium` plays rules of thumb: card counting, attacks the opponent cannot parry,
//!   keeping a riposte (En Garde, Kengo); sensible set-ups and shots (Forteresse).
//! - `hard` searches: determinized Monte Carlo. Each iteration samples a full state
//!   consistent with the seat's knowledge (the other hand and the pile from the unseen
//!   cards; the other fortress from the announcements), plays one candidate action in it
//!   (chosen by UCB1) and then the rest of the round with a quick policy, and scores the
//!   round. The candidate with the best mean wins. At En Garde, Kengo and Ready... Fence!
//!   the search is a tree (information-set Monte Carlo tree search, [`tree`]): the next
//!   decisions of both seats are chosen by UCB1 too, over statistics shared by every sampled
//!   world that reaches them, before the quick policy takes over. At Ready... Fence! a
//!   simulation ends at the exchange's first point and is scored by the points and stamina
//!   won, or by the result if the bout ends.
//!
//! Adding a game means implementing [`Opponent`] for it, and one line in `opponents!` below.

mod engarde;
mod forteresse;
mod random;
mod readyfence;
mod search;
mod tree;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::rules::Rules;
use crate::{Game, Match, MatchAction, Seat};
pub(crate) use random::Random;

/// The practice opponent's strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Plays sensibly but makes mistakes.
    Easy,
    /// Rules of thumb: card counting, unparriable attacks, keeping a riposte; sensible
    /// set-ups and shots.
    Medium,
    /// Search: determinized Monte Carlo over what the other seat may hold.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name in commands and settings: `easy`, `medium` or `hard`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level `{}` (expected one of: easy, medium, hard)", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// How much thinking one move may take.
///
/// `iterations` is the budget that decides: the number of sampled states (and, at `hard`,
/// of simulated rounds) per move, so that a choice depends only on the knowledge, the
/// level and the seed. `time` is a safety cap: a search that reaches it stops early and
/// plays its best action so far, which may then differ from one machine to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Sampled states (simulated rounds at `hard`) per move. A game may play a fixed
    /// multiple or fraction of them, by the cost of its simulations (Ready... Fence!: one
    /// simulated exchange per four rounds).
    pub iterations: u32,
    /// The most time one move may take.
    pub time: Duration,
}

impl Budget {
    /// The defaults of `level`: a few dozen samples for the rules of thumb; for `hard`,
    /// 20 000 simulated rounds (En Garde and Kengo play four times as many, tree search
    /// iterations of a few microseconds each; Ready... Fence! a quarter as many exchanges,
    /// about a tenth of a second a move; Forteresse: up to about a second a move), capped at
    /// 1.5 s.
    #[must_use]
    pub fn for_level(level: Level) -> Budget {
        match level {
            Level::Easy => Budget { iterations: 24, time: Duration::from_millis(500) },
            Level::Medium => Budget { iterations: 64, time: Duration::from_millis(500) },
            Level::Hard => Budget { iterations: 20_000, time: Duration::from_millis(1500) },
        }
    }
}

/// An entry of the public history: an action, or a secret action of the other seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen<A> {
    /// An action everyone saw (or the seat's own).
    Played(Seat, A),
    /// The other seat acted in secret (a set-up).
    Hidden(Seat),
}

/// What one seat may know of a match: its own view and the public history.
///
/// Only [`Match::knowledge`] builds one. It holds no secret of the other seat, no seed and
/// no pile order, so the practice opponent, which sees nothing else, plays fair.
#[derive(Clone, Debug, PartialEq)]
pub struct Knowledge {
    seat: Seat,
    inner: Inner,
}

impl Knowledge {
    /// Whose knowledge this is.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> Game {
        self.inner.game()
    }
}

/// A game the practice opponent plays: how a seat's knowledge is gathered, how a full state
/// consistent with it is sampled, and the game's rules of thumb. The search
/// ([`search::search`]) knows games only through this trait.
pub(crate) trait Opponent: Rules {
    /// What one seat may know (no secret of the other seat).
    type Knowledge: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// A full state of the game as the search imagines it (usually the game itself; a game
    /// may carry beside it what its simulations need, such as where the search began).
    type World;

    /// Whether `action` is one the other seat may not see (a secret set-up).
    fn is_secret(action: &Self::Action) -> bool;

    /// What `seat` may know of this match, given its public history.
    fn knowledge(&self, seat: Seat, history: Vec<Seen<Self::Action>>) -> Self::Knowledge;

    /// Whether the knowledge's seat has a decision to make now.
    fn to_decide(k: &Self::Knowledge) -> bool;

    /// The actions the search compares (every legal one the seat may choose, besides resigning
    /// and agreeing a draw); empty when the decision cannot be searched (a set-up).
    fn candidates(k: &Self::Knowledge, rng: &mut Random) -> Vec<Self::Action>;

    /// The rules of thumb (`easy` and `medium`), and any decision the search leaves aside.
    /// `samples` bounds the sampled states it may use.
    fn rule_of_thumb(k: &Self::Knowledge, level: Level, samples: u32, rng: &mut Random) -> Self::Action;

    /// A full state consistent with `k`, sampled: the search's world.
    fn determinize(k: &Self::Knowledge, rng: &mut Random) -> Self::World;

    /// Plays `action` of `seat` in a sampled world.
    fn play_in_world(world: &mut Self::World, seat: Seat, action: Self::Action);

    /// Plays the world on with a quick policy for both seats until the round ends; the
    /// score of the round for `seat`, from 0 (lost) to 1 (won).
    fn play_out(world: &mut Self::World, seat: Seat, rng: &mut Random) -> f64;

    /// How many simulated rounds the search plays for a budget of `iterations`: as many,
    /// unless the game's simulations are much cheaper (or dearer) than the budget assumes.
    fn search_iterations(iterations: u32) -> u32 {
        iterations
    }

    /// Whether `hard` searches a tree over the round's next decisions ([`tree::search`],
    /// which needs [`Opponent::decision`] and [`Opponent::round_score`]) rather than judging
    /// its candidates alone ([`search::search`]).
    const TREE: bool = false;

    /// In a sampled world: the seat to decide, with its legal actions put in `legal`
    /// (besides resigning and agreeing a draw); `None` once the round is over. Only the
    /// tree search asks.
    fn decision(_world: &Self::World, _legal: &mut Vec<Self::Action>) -> Option<Seat> {
        None
    }

    /// The score for `seat` of a world whose round is over, from 0 (lost) to 1 (won).
    /// Only the tree search asks.
    fn round_score(_world: &Self::World, _seat: Seat) -> f64 {
        0.5
    }
}

/// Lists the games the practice opponent plays: `Match` variant and game type.
macro_rules! opponents {
    ($( $Name:ident => $State:ty ),+ $(,)?) => {
        #[derive(Clone, Debug, PartialEq)]
        enum Inner {
            $( $Name(<$State as Opponent>::Knowledge), )+
        }

        impl Inner {
            fn game(&self) -> Game {
                match self { $( Inner::$Name(_) => Game::$Name, )+ }
            }
        }

        impl Match {
            /// What `seat` may know of this match, given every action played so far (the same
            /// log the record holds; the other seat's secrets in it are dropped).
            ///
            /// # Panics
            /// If `log` holds an action of another game.
            #[must_use]
            pub fn knowledge(&self, seat: Seat, log: &[(Seat, MatchAction)]) -> Knowledge {
                let inner = match self {
                    $( Match::$Name(m) => {
                        let history = log.iter().map(|&(s, a)| match a {
                            MatchAction::$Name(a) if s != seat && <$State as Opponent>::is_secret(&a) => Seen::Hidden(s),
                            MatchAction::$Name(a) => Seen::Played(s, a),
                            #[allow(unreachable_patterns)]
                            _ => panic!("an action of another game in the log of a {} match", Game::$Name),
                        }).collect();
                        Inner::$Name(m.knowledge(seat, history))
                    } )+
                };
                Knowledge { seat, inner }
            }
        }

        /// The practice opponent's decision: `None` when `knowledge`'s seat has nothing to
        /// decide. Deterministic in (knowledge, level, seed) while the search stays within
        /// `budget.iterations` before `budget.time`; always a legal action for the seat (never
        /// a resignation, never a draw). May take up to `budget.time`: run it on a blocking
        /// thread.
        #[must_use]
        pub fn choose_action(knowledge: &Knowledge, level: Level, seed: u64, budget: Budget) -> Option<MatchAction> {
            match &knowledge.inner {
                $( Inner::$Name(k) => decide::<$State>(k, knowledge.seat, level, seed, budget).map(MatchAction::$Name), )+
            }
        }
    };
}

opponents! {
    EnGarde => crate::engarde::EnGarde,
    Forteresse => crate::forteresse::Forteresse,
    ReadyFence => crate::readyfence::ReadyFence,
}

fn decide<G: Opponent>(k: &G::Knowledge, seat: Seat, level: Level, seed: u64, budget: Budget) -> Option<G::Action> {
    if !G::to_decide(k) {
        return None;
    }
    let mut rng = Random::new(seed);
    // A time too long to add to the clock means no cap.
    let deadline = Instant::now().checked_add(budget.time);
    if level == Level::Hard {
        let candidates = G::candidates(k, &mut rng);
        match candidates.len() {
            0 => {}
            1 => return Some(candidates[0]),
            _ => {
                let iterations = G::search_iterations(budget.iterations);
                return Some(if G::TREE {
                    tree::search::<G>(k, seat, &candidates, iterations, deadline, &mut rng)
                } else {
                    search::search::<G>(k, seat, &candidates, iterations, deadline, &mut rng)
                });
            }
        }
    }
    let samples = budget.iterations.max(1);
    Some(G::rule_of_thumb(k, level, samples, &mut rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_and_write_their_names() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.name());
            assert_eq!(serde_json::to_string(&level).unwrap(), format!("\"{level}\""));
        }
        assert_eq!("Hard".parse::<Level>(), Err(UnknownLevel("Hard".to_owned())));
        assert!(Budget::for_level(Level::Hard).iterations > Budget::for_level(Level::Medium).iterations);
    }
}
