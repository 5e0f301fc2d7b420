//! What the rules announce after a shot, and what a play produced, for narration.
//! Everything here is public: nothing reveals a cell the rules do not announce.

use serde::{Deserialize, Serialize};

use super::action::{StopReason, Weapon};
use super::cell::{Cell, Dir};
use crate::{BySeat, Seat};

/// The kind of answer to a shot (F4 and options `rifle_answer`, `miss_answer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    /// The first occupied cell was a wall (destroyed by a cannon, untouched by a rifle).
    Wall,
    /// The first occupied cell held a besieged, now killed.
    Besieged,
    /// The ray met nothing ("nothing"; the default `miss_answer`).
    Nothing,
    /// The ray met nothing and, under `miss_answer = silence`, nothing was said. Since every
    /// hit is announced, silence tells the shooter exactly what "nothing" would.
    Silence,
}

impl AnswerKind {
    /// The name in replay reports.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            AnswerKind::Wall => "wall",
            AnswerKind::Besieged => "besieged",
            AnswerKind::Nothing => "nothing",
            AnswerKind::Silence => "silence",
        }
    }

    /// Whether the ray met nothing.
    #[must_use]
    pub const fn is_miss(self) -> bool {
        matches!(self, AnswerKind::Nothing | AnswerKind::Silence)
    }
}

/// A shot as the rules announce it: shooter, ring cell, weapon, direction, and the answer.
///
/// `cell` is present exactly when the rules announce it: a cannon's hit (wall or besieged)
/// and a rifle's kill under `rifle_answer = with_cell`. It is absent for a rifle stopped by
/// a wall, for a rifle's kill under `rifle_answer = without_cell`, and for a miss.
///
/// ```
/// use engarde_rules::forteresse::{Announcement, AnswerKind};
/// let json = r#"{"seat":"a","from":"A4","weapon":"cannon","dir":"E","answer":"wall","cell":"C4"}"#;
/// let a: Announcement = serde_json::from_str(json).unwrap();
/// assert_eq!(a.answer, AnswerKind::Wall);
/// assert_eq!(serde_json::to_string(&a).unwrap(), json);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    /// The shooter.
    pub seat: Seat,
    /// The ring cell fired from.
    pub from: Cell,
    /// The weapon.
    pub weapon: Weapon,
    /// The direction.
    pub dir: Dir,
    /// The answer.
    pub answer: AnswerKind,
    /// The cell hit, when announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<Cell>,
}

impl Announcement {
    /// Whether the shot destroyed a wall or killed a besieged (what earns another shot under
    /// `extra_shot = after_kill_or_destruction`).
    #[must_use]
    pub fn destroyed(&self) -> bool {
        self.answer == AnswerKind::Besieged || (self.answer == AnswerKind::Wall && self.weapon == Weapon::Cannon)
    }
}

/// An ended round (F6), as in replay reports: each seat's score for the round, besieged
/// each seat killed, and shots each seat fired by weapon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundSummary {
    /// Each seat's score for the round: 7 per kill, 3 per cannon and 1 per rifle the
    /// opponent fired.
    pub score: BySeat<u32>,
    /// Besieged each seat killed in the enemy fortress.
    pub killed: BySeat<u8>,
    /// Cannon shots each seat fired.
    pub cannon: BySeat<u8>,
    /// Rifle shots each seat fired.
    pub rifle: BySeat<u8>,
}

impl RoundSummary {
    /// The summary of a round with these tallies, scored by F6.
    ///
    /// ```
    /// use engarde_rules::{BySeat, forteresse::RoundSummary};
    /// // Worked example 6, round 1.
    /// let r = RoundSummary::scored(BySeat { a: 5, b: 3 }, BySeat { a: 4, b: 9 }, BySeat { a: 11, b: 15 });
    /// assert_eq!(r.score, BySeat { a: 77, b: 44 });
    /// ```
    #[must_use]
    pub fn scored(killed: BySeat<u8>, cannon: BySeat<u8>, rifle: BySeat<u8>) -> RoundSummary {
        let score = BySeat::new_with(|s| {
            let o = s.other();
            7 * u32::from(*killed.get(s)) + 3 * u32::from(*cannon.get(o)) + u32::from(*rifle.get(o))
        });
        RoundSummary { score, killed, cannon, rifle }
    }

    /// Shots `seat` fired this round.
    #[must_use]
    pub fn shots(&self, seat: Seat) -> u32 {
        u32::from(*self.cannon.get(seat)) + u32::from(*self.rifle.get(seat))
    }
}

/// Something that happened, in order: what a play produced, for narration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A seat placed its fortress (its content stays secret).
    SetupDone {
        /// Who.
        seat: Seat,
    },
    /// Both fortresses are in (or, in round 2 under `round2_setup = same_as_round1`, restored):
    /// the shooting starts.
    RoundStarted {
        /// The round, 1 or 2.
        round: u8,
        /// Who shoots first.
        first: Seat,
    },
    /// A shot and its answer.
    Shot(Announcement),
    /// A player stopped shooting for the round; the other goes on alone.
    Stopped {
        /// Who.
        seat: Seat,
        /// Why.
        why: StopReason,
    },
    /// A round ended.
    RoundEnded {
        /// The round, 1 or 2.
        round: u8,
        /// Its tallies and scores.
        summary: RoundSummary,
    },
    /// Round 2 begins with new secret set-ups, owed by both seats.
    SetupsAwaited {
        /// The round.
        round: u8,
        /// Who will shoot first once both are in.
        first: Seat,
    },
    /// A seat resigned.
    Resigned {
        /// Who.
        seat: Seat,
    },
    /// The players agreed to a draw.
    DrawAgreed {
        /// The seat whose action recorded the agreement.
        seat: Seat,
    },
    /// The match ended.
    MatchEnded {
        /// The winner, `None` for a draw.
        winner: Option<Seat>,
        /// Total scores of the ended rounds.
        score: BySeat<u32>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked example 6: the scoring arithmetic of both rounds.
    #[test]
    fn example_6_scores() {
        let r1 = RoundSummary::scored(BySeat { a: 5, b: 3 }, BySeat { a: 4, b: 9 }, BySeat { a: 11, b: 15 });
        assert_eq!(r1.score, BySeat { a: 77, b: 44 });
        assert_eq!((r1.shots(Seat::A), r1.shots(Seat::B)), (15, 24));
        // Round 2 (Ann 58, Ben 91): Ann kills 4, Ben 5; Ann 16 cannons + 8 rifles, Ben 5 + 15.
        let r2 = RoundSummary::scored(BySeat { a: 4, b: 5 }, BySeat { a: 16, b: 5 }, BySeat { a: 8, b: 15 });
        assert_eq!(r2.score, BySeat { a: 58, b: 91 });
        assert_eq!(r1.score.a + r2.score.a, 135);
        assert_eq!(r1.score.b + r2.score.b, 135);
        // The range per round: 0 to 107.
        let max = RoundSummary::scored(BySeat { a: 5, b: 0 }, BySeat { a: 0, b: 24 }, BySeat { a: 0, b: 0 });
        assert_eq!(max.score.a, 107);
    }

    #[test]
    fn events_serialise_tagged() {
        let e = Event::Stopped { seat: Seat::A, why: StopReason::AllKilled };
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"event":"stopped","seat":"a","why":"all_killed"}"#);
        let shot = Announcement {
            seat: Seat::B,
            from: "A6".parse().unwrap(),
            weapon: Weapon::Rifle,
            dir: Dir::E,
            answer: AnswerKind::Nothing,
            cell: None,
        };
        assert_eq!(
            serde_json::to_string(&Event::Shot(shot)).unwrap(),
            r#"{"event":"shot","seat":"b","from":"A6","weapon":"rifle","dir":"E","answer":"nothing"}"#
        );
    }
}
