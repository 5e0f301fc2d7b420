//! The plain data the pairing and standings functions take and give.

use serde::{Deserialize, Serialize};

/// A player, numbered by the caller (their sign-up order); stable for the whole event.
pub type PlayerId = u32;

/// How a game ended, from the first mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The first mover (seat A) won.
    FirstWins,
    /// The second mover (seat B) won.
    SecondWins,
    /// A draw: half the points each.
    Draw,
    /// Both lost (both awaited when the round's time ran out): no points for anyone.
    BothLose,
}

/// A pairing to play: `first` moves first (seat A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// Moves first (seat A).
    pub first: PlayerId,
    /// Moves second (seat B).
    pub second: PlayerId,
}

/// One round's plan: its games and, with an odd field, who sits out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlan {
    /// The games of the round.
    pub pairings: Vec<Pairing>,
    /// Who sits out (Swiss: a bye; round robin: a rest).
    pub bye: Option<PlayerId>,
}

/// A game as it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// Moved first (seat A).
    pub first: PlayerId,
    /// Moved second (seat B).
    pub second: PlayerId,
    /// How it ended, from `first`'s side.
    pub outcome: Outcome,
}

/// A finished round: its games and its bye (a Swiss bye scores one point; a round-robin rest scores none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// The games of the round, as they ended.
    pub games: Vec<Played>,
    /// Who sat out.
    pub bye: Option<PlayerId>,
}

/// The format of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Swiss: players of equal score meet, for a set number of rounds.
    Swiss,
    /// Round robin: everyone meets everyone (once, or twice in a double round robin).
    RoundRobin,
}

/// Points in half points (a win 2, a draw 1, a loss or double loss 0, a Swiss bye 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HalfPoints(pub u32);

/// One line of the standings, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// 1-based; players tied on every criterion share a rank.
    pub rank: u32,
    /// Points scored.
    pub points: HalfPoints,
    /// The sum of the points of every opponent met, once per game (a bye adds nothing).
    /// Ranked on in Swiss only.
    pub buchholz: HalfPoints,
    /// In quarter points (exact integer arithmetic): for each game, the player's score in half
    /// points times the opponent's points in half points (a bye adds nothing).
    pub sonneborn_berger: u32,
    /// Round robin: points scored against the players tied with this one on points and
    /// Sonneborn–Berger (0 in Swiss).
    pub head_to_head: HalfPoints,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost (double losses included).
    pub losses: u32,
}
