//! Seeded sample matches, for the pictures' tests, bench and example (`tests/pictures.rs`,
//! `benches/pictures.rs`, `examples/pictures.rs`): not part of the bot.

use engarde_rules::forteresse::{Action as FAction, Fortress};
use engarde_rules::{Match, MatchAction, MatchEvent, Seat, ToAct, Variant};

/// How a sample match is played: legal actions picked by a small seeded generator, random
/// fortresses in Forteresse.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The variant.
    pub variant: Variant,
    /// The match's seed (and the fortresses' seeds, with the decision's index).
    pub seed: u64,
    /// The seed of the generator that picks the actions.
    pub pick: u64,
    /// Ready... Fence!: pick mostly the last choices (attacks and answers), so that phrases
    /// happen.
    pub phrases: bool,
}

impl Sample {
    /// A sample match of `variant` whose actions are picked with its own `seed`.
    ///
    /// # Panics
    /// If `variant` is not a variant's name.
    #[must_use]
    pub fn new(variant: &str, seed: u64) -> Sample {
        Sample::of(variant.parse().unwrap_or_else(|e| panic!("{e}")), seed)
    }

    /// A sample match of `variant` whose actions are picked with its own `seed`.
    #[must_use]
    pub fn of(variant: Variant, seed: u64) -> Sample {
        Sample { variant, seed, pick: seed, phrases: false }
    }

    /// The match before its first decision.
    ///
    /// # Panics
    /// If the match does not start.
    #[must_use]
    pub fn start(&self) -> Match {
        Match::start(self.variant, &Default::default(), self.seed, Some(Seat::A)).expect("a match starts")
    }

    /// Plays the match, seat A first: after every decision `each` sees the match and that
    /// decision's events and says whether to go on. It stops there, at the end of the match,
    /// or after `limit` decisions. Returns the match and every action played.
    ///
    /// # Panics
    /// If the match does not start, or refuses one of its own legal actions.
    pub fn play(
        &self,
        limit: usize,
        mut each: impl FnMut(&Match, &[MatchEvent]) -> bool,
    ) -> (Match, Vec<(Seat, MatchAction)>) {
        let mut game = self.start();
        let mut actions = Vec::new();
        let mut rng = self.pick | 1;
        for step in 0..limit {
            let seat = match (&game, game.to_act()) {
                (_, ToAct::Nobody) => break,
                (_, ToAct::One(s)) => s,
                (Match::Forteresse(f), ToAct::Both) if !f.needs_setup(Seat::A) => Seat::B,
                (_, ToAct::Both) => Seat::A,
            };
            let action = match &game {
                Match::Forteresse(f) if f.needs_setup(seat) => {
                    MatchAction::Forteresse(FAction::Setup(Fortress::random(self.seed ^ step as u64)))
                }
                _ => {
                    let legal = game.legal_actions(seat);
                    rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    if self.phrases && matches!(game, Match::ReadyFence(_)) && rng >> 62 != 0 {
                        legal[legal.len() - 1]
                    } else {
                        legal[(rng >> 33) as usize % legal.len()]
                    }
                }
            };
            let events = game.play(seat, action).expect("a legal action");
            actions.push((seat, action));
            if !each(&game, &events) {
                break;
            }
        }
        (game, actions)
    }

    /// The match `moves` decisions in (fewer if it ends before), with the last decision's
    /// events.
    #[must_use]
    pub fn at(&self, moves: usize) -> (Match, Vec<MatchEvent>) {
        let mut last = Vec::new();
        let (game, _) = self.play(moves, |_, events| {
            last = events.to_vec();
            true
        });
        (game, last)
    }
}
