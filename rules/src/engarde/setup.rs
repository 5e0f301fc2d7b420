//! The saved form of a game, and its validation back into a [`EnGarde`].

use serde::{Deserialize, Serialize};

use super::card::{Card, Cards};
use super::event::RoundResult;
use super::game::{is_deck, EnGarde, Phase, RoundState, SetupError};
use super::options::Options;
use super::variant::Variant;
use crate::{BySeat, Seat};

/// The version of the saved-state format written by this crate.
///
/// 2 (migration 0006 converts stored states of format 1): the number of actions played
/// (`turn`) instead of the actions themselves, which the match's log keeps.
pub const STATE_FORMAT: u32 = 2;

/// A game's complete state as plain data, not necessarily legal.
///
/// This is what is stored; [`EnGarde::from_setup`] (or deserialising a [`EnGarde`])
/// validates it. It holds secrets (hands, pile, seed): never show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Setup {
    /// Format version; see [`STATE_FORMAT`].
    pub format: u32,
    pub variant: Variant,
    pub options: Options,
    pub seed: u64,
    pub decks: Vec<Vec<Card>>,
    pub first_player: Seat,
    pub score: BySeat<u8>,
    pub rounds_won: BySeat<u8>,
    pub games: BySeat<u8>,
    pub rounds: Vec<RoundResult>,
    pub winner: Option<Seat>,
    pub round: RoundState,
    /// Actions played so far.
    pub turn: u32,
}

impl From<EnGarde> for Setup {
    fn from(g: EnGarde) -> Setup {
        Setup {
            format: STATE_FORMAT,
            variant: g.variant,
            options: g.options,
            seed: g.seed,
            decks: g.decks,
            first_player: g.first_player,
            score: g.score,
            rounds_won: g.total,
            games: g.games,
            rounds: g.rounds,
            winner: g.winner,
            round: g.round,
            turn: g.turn,
        }
    }
}

impl TryFrom<Setup> for EnGarde {
    type Error = SetupError;

    fn try_from(s: Setup) -> Result<EnGarde, SetupError> {
        EnGarde::from_setup(s)
    }
}

impl EnGarde {
    /// Validates a saved state.
    ///
    /// # Errors
    /// [`SetupError`] if the format is unknown or the state is inconsistent
    /// (cards not all accounted for, fencers off the piste, a score past the end…).
    pub fn from_setup(s: Setup) -> Result<EnGarde, SetupError> {
        use SetupError::Inconsistent;
        if s.format != STATE_FORMAT {
            return Err(SetupError::UnknownFormat(s.format));
        }
        s.options.validate()?;
        if let Some(round) = s.decks.iter().position(|d| !is_deck(d, s.options.copies)) {
            return Err(SetupError::BadDeck { round });
        }
        let r = &s.round;
        let mut all: Cards = r.pile.iter().copied().collect();
        all.add_all(&r.hands.a);
        all.add_all(&r.hands.b);
        all.add_all(&r.discards);
        if all != Cards::deck(s.options.copies) {
            return Err(Inconsistent("the cards are not all accounted for"));
        }
        if r.hands.a.len() > s.options.hand_size || r.hands.b.len() > s.options.hand_size {
            return Err(Inconsistent("a hand is larger than the hand size"));
        }
        let edge = super::game::PISTE_SPACES + 1;
        if r.positions.a >= r.positions.b || r.positions.b > edge {
            return Err(Inconsistent("the fencers' spaces are impossible"));
        }
        let finished = r.phase == Phase::Finished;
        // A match ends with a winner, or drawn by agreement.
        let agreed_draw = finished && s.winner.is_none();
        if s.winner.is_some() && !finished {
            return Err(Inconsistent("the winner and the phase disagree"));
        }
        if let Phase::Defend { attack, .. } = r.phase {
            if attack.count == 0 {
                return Err(Inconsistent("an attack with no cards"));
            }
        }
        let games_to_win = s.options.games_to_win();
        if !finished
            && (s.score.a >= s.options.hits_to_win
                || s.score.b >= s.options.hits_to_win
                || s.games.a >= games_to_win
                || s.games.b >= games_to_win)
        {
            return Err(Inconsistent("a score past the end of an unfinished match"));
        }
        let round_in_play = !finished || agreed_draw;
        if usize::from(r.number) != s.rounds.len() + usize::from(round_in_play) {
            return Err(Inconsistent("the round number and the rounds played disagree"));
        }
        Ok(EnGarde {
            variant: s.variant,
            options: s.options,
            seed: s.seed,
            decks: s.decks,
            first_player: s.first_player,
            score: s.score,
            total: s.rounds_won,
            games: s.games,
            rounds: s.rounds,
            winner: s.winner,
            round: s.round,
            turn: s.turn,
        })
    }

    /// The game's saved form.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup::from(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Config};
    use super::*;

    fn two_moves_in() -> EnGarde {
        let mut game = EnGarde::new(Config::new(Variant::EngardeStandard, 5)).unwrap();
        for _ in 0..2 {
            let seat = game.to_act().unwrap();
            game.play(seat, game.legal_actions()[0]).unwrap();
        }
        game
    }

    #[test]
    fn a_saved_state_counts_the_actions_and_restores_the_same_game() {
        let game = two_moves_in();
        let setup = game.to_setup();
        assert_eq!((setup.format, setup.turn), (STATE_FORMAT, 2));
        let json = serde_json::to_value(&setup).unwrap();
        assert!(json.get("actions").is_none(), "the actions are the log's, not the state's: {json}");
        assert_eq!(EnGarde::from_setup(setup).unwrap(), game);
    }

    #[test]
    fn an_agreed_draw_is_a_finished_match_without_a_winner() {
        let mut game = two_moves_in();
        game.play(Seat::A, Action::AgreeDraw).unwrap();
        let restored = EnGarde::from_setup(game.to_setup()).unwrap();
        assert!(restored.is_finished() && restored.winner().is_none());
        assert_eq!((restored.turn(), restored), (3, game));
    }

    #[test]
    fn inconsistent_or_older_states_are_refused() {
        let game = two_moves_in();
        let mut won_in_play = game.to_setup();
        won_in_play.winner = Some(Seat::A);
        assert_eq!(
            EnGarde::from_setup(won_in_play),
            Err(SetupError::Inconsistent("the winner and the phase disagree"))
        );
        let mut older = game.to_setup();
        older.format = 1;
        assert_eq!(EnGarde::from_setup(older), Err(SetupError::UnknownFormat(1)));
    }
}
