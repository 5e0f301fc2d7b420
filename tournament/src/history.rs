//! What the past rounds say about each player: points, games, seats and byes.

use std::collections::BTreeMap;

use crate::types::{HalfPoints, Outcome, PlayerId, RoundResult};

/// Which seat a player had in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seat {
    /// Moved first (seat A).
    First,
    /// Moved second (seat B).
    Second,
}

/// One game from one player's side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameRecord {
    /// The opponent.
    pub opponent: PlayerId,
    /// The player's seat.
    pub seat: Seat,
    /// The player's score in half points: 2 a win, 1 a draw, 0 a loss or double loss.
    pub score: u32,
}

/// One player's past.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlayerRecord {
    /// Points, byes included when they score.
    pub points: u32,
    /// Times this player sat out (bye or rest).
    pub byes: u32,
    /// The games in the order played.
    pub games: Vec<GameRecord>,
}

impl PlayerRecord {
    /// Games moved first minus games moved second.
    pub fn seat_balance(&self) -> i64 {
        self.games.iter().map(|g| if g.seat == Seat::First { 1 } else { -1 }).sum()
    }

    /// The seat of the last game and how many games in a row ended the record with it.
    pub fn seat_streak(&self) -> Option<(Seat, u32)> {
        let last = self.games.last()?.seat;
        Some((last, self.games.iter().rev().take_while(|g| g.seat == last).count() as u32))
    }

    /// Wins, draws and losses (a double loss is a loss).
    pub fn wins_draws_losses(&self) -> (u32, u32, u32) {
        let count = |score| self.games.iter().filter(|g| g.score == score).count() as u32;
        (count(2), count(1), count(0))
    }
}

/// Every player's past, for everyone named in the rounds (withdrawn players included).
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    records: BTreeMap<PlayerId, PlayerRecord>,
    meetings: BTreeMap<(PlayerId, PlayerId), u32>,
}

impl History {
    /// Reads the rounds; a bye scores `bye_points` half points.
    pub fn new(past: &[RoundResult], bye_points: u32) -> Self {
        let mut history = History::default();
        for round in past {
            for game in &round.games {
                if game.first == game.second {
                    continue; // Not a game: nobody plays themselves.
                }
                let (first_score, second_score) = match game.outcome {
                    Outcome::FirstWins => (2, 0),
                    Outcome::SecondWins => (0, 2),
                    Outcome::Draw => (1, 1),
                    Outcome::BothLose => (0, 0),
                };
                for (player, opponent, seat, score) in [
                    (game.first, game.second, Seat::First, first_score),
                    (game.second, game.first, Seat::Second, second_score),
                ] {
                    let record = history.records.entry(player).or_default();
                    record.points += score;
                    record.games.push(GameRecord { opponent, seat, score });
                }
                *history.meetings.entry(pair_key(game.first, game.second)).or_default() += 1;
            }
            if let Some(bye) = round.bye {
                let record = history.records.entry(bye).or_default();
                record.byes += 1;
                record.points += bye_points;
            }
        }
        history
    }

    /// A player's past (empty for a player never named).
    pub fn record(&self, player: PlayerId) -> &PlayerRecord {
        static EMPTY: PlayerRecord = PlayerRecord { points: 0, byes: 0, games: Vec::new() };
        self.records.get(&player).unwrap_or(&EMPTY)
    }

    /// A player's points.
    pub fn points(&self, player: PlayerId) -> HalfPoints {
        HalfPoints(self.record(player).points)
    }

    /// How many times two players have met.
    pub fn meetings(&self, a: PlayerId, b: PlayerId) -> u32 {
        self.meetings.get(&pair_key(a, b)).copied().unwrap_or(0)
    }
}

/// The key of an unordered pair.
fn pair_key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    (a.min(b), a.max(b))
}

/// The players without repeats, in their first order.
pub(crate) fn distinct(players: &[PlayerId]) -> Vec<PlayerId> {
    let mut seen = std::collections::BTreeSet::new();
    players.iter().copied().filter(|p| seen.insert(*p)).collect()
}
