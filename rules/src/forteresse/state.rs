//! The saved form of a match, and its validation back into a [`Forteresse`].
//!
//! A saved state keeps what cannot be derived: the options, the seed, round 1's first
//! shooter, the ended rounds, the current round's set-ups (bit masks) and its shots, how the
//! match ended, and the number of actions. Everything else (damage, used ring cells, shots
//! per weapon, kills, the announcements, whose shot it is) is recomputed on loading by
//! playing the round's shots again over its set-ups, which also checks that they agree.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::action::{Action, Shot, Weapon};
use super::event::{Announcement, AnswerKind, RoundSummary};
use super::fortress::Fortress;
use super::game::{ring_bit, EndedShots, Finish, Forteresse, Phase, SetupError, ROUNDS};
use super::options::{Options, Round2Setup};
use crate::{BySeat, Seat};

/// The version of the saved-state format written by this module.
pub const STATE_FORMAT: u32 = 1;

/// A set-up as two bit masks over [`Cell::FORTRESS`](super::Cell::FORTRESS) (bit `i` is the
/// `i`-th cell, row by row from `B2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct SavedFortress {
    pub walls: u32,
    pub besieged: u32,
}

/// One shot of the round in play, written compactly as seat, cell, weapon initial and
/// direction: `"aA4cE"` is seat `a`'s cannon from A4 toward E, `"bG7rNW"` seat `b`'s rifle
/// from G7 toward NW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SavedShot {
    /// The shooter.
    pub seat: Seat,
    /// The shot.
    pub shot: Shot,
}

impl fmt::Display for SavedShot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = match self.shot.weapon {
            Weapon::Cannon => 'c',
            Weapon::Rifle => 'r',
        };
        write!(f, "{}{}{w}{}", self.seat.as_str(), self.shot.from, self.shot.dir)
    }
}

impl FromStr for SavedShot {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a saved shot (like \"aA4cE\")");
        let seat = s.get(..1).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let from = s.get(1..3).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let weapon = match s.get(3..4) {
            Some("c") => Weapon::Cannon,
            Some("r") => Weapon::Rifle,
            _ => return Err(bad()),
        };
        let dir = s.get(4..).ok_or_else(bad)?.parse().map_err(|_| bad())?;
        Ok(SavedShot { seat, shot: Shot { from, weapon, dir } })
    }
}

impl Serialize for SavedShot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SavedShot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A match's complete state as plain data, not necessarily legal.
///
/// This is what is stored; [`Forteresse::from_saved`] (or deserialising a [`Forteresse`])
/// validates it. It holds secrets (both set-ups, the seed): never show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// Format version; see [`STATE_FORMAT`].
    pub format: u32,
    /// The rule options.
    pub options: Options,
    /// The secret seed of the tosses.
    pub seed: u64,
    /// Round 1's first shooter.
    pub first_player: Seat,
    /// The round in play (or the last one), 1 or 2.
    pub round: u8,
    /// Every ended round.
    pub rounds: Vec<RoundSummary>,
    /// The current round's set-ups, as placed (`null` while owed).
    pub setups: BySeat<Option<SavedFortress>>,
    /// The current round's shots, in order.
    pub shots: Vec<SavedShot>,
    /// Round 1's shots as announced, once it has ended (public; absent from states stored
    /// before they were kept, which load with none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ended_round_shots: Vec<Announcement>,
    /// How the match ended, if it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish: Option<Finish>,
    /// Actions played so far.
    pub turn: u32,
}

impl From<Forteresse> for Saved {
    fn from(g: Forteresse) -> Saved {
        g.to_saved()
    }
}

impl TryFrom<Saved> for Forteresse {
    type Error = SetupError;

    fn try_from(s: Saved) -> Result<Forteresse, SetupError> {
        Forteresse::from_saved(s)
    }
}

fn inconsistent(what: impl Into<String>) -> SetupError {
    SetupError::Inconsistent(what.into())
}

impl Forteresse {
    /// The match's saved form.
    #[must_use]
    pub fn to_saved(&self) -> Saved {
        Saved {
            format: STATE_FORMAT,
            options: self.options,
            seed: self.seed,
            first_player: self.first_player,
            round: self.round,
            rounds: self.rounds.clone(),
            setups: self.setups.map(|f| f.map(|f| SavedFortress { walls: f.wall_mask(), besieged: f.besieged_mask() })),
            shots: self
                .announcements
                .iter()
                .map(|a| SavedShot { seat: a.seat, shot: Shot { from: a.from, weapon: a.weapon, dir: a.dir } })
                .collect(),
            ended_round_shots: self.ended_shots.0.clone(),
            finish: self.finish,
            turn: self.turn,
        }
    }

    /// Validates a saved state by rebuilding the round in play: its set-ups are checked (F2.1
    /// and `setup_rule`), its shots played again in order, and the ended rounds, the way the
    /// match ended and the action count must agree with them.
    ///
    /// # Errors
    /// [`SetupError::UnknownFormat`], or [`SetupError::Inconsistent`] saying what disagrees.
    pub fn from_saved(s: Saved) -> Result<Forteresse, SetupError> {
        if s.format != STATE_FORMAT {
            return Err(SetupError::UnknownFormat(s.format));
        }
        if !(1..=ROUNDS).contains(&s.round) {
            return Err(inconsistent(format!("round {} (a match has rounds 1 and 2)", s.round)));
        }
        let played_out = s.finish == Some(Finish::Played);
        let ended_before = usize::from(s.round - 1);
        if s.rounds.len() != ended_before + usize::from(played_out) || (played_out && s.round != ROUNDS) {
            return Err(inconsistent("the round number, the ended rounds and the end of the match disagree"));
        }
        for (i, r) in s.rounds.iter().enumerate() {
            check_summary(r).map_err(|why| inconsistent(format!("round {}: {why}", i + 1)))?;
        }
        if !s.ended_round_shots.is_empty() {
            let round1 = s
                .rounds
                .first()
                .filter(|_| s.round == ROUNDS)
                .ok_or_else(|| inconsistent("shots of an ended round are saved, but round 1 has not ended"))?;
            check_ended_shots(&s.options, round1, &s.ended_round_shots)
                .map_err(|why| inconsistent(format!("round 1's shots: {why}")))?;
        }
        let setups = s.setups.map(|f| f.map(|f| Fortress::from_masks(f.walls, f.besieged)));
        let setups = BySeat {
            a: setups.a.transpose().map_err(|e| inconsistent(format!("set-up of A: {e}")))?,
            b: setups.b.transpose().map_err(|e| inconsistent(format!("set-up of B: {e}")))?,
        };
        let reused = s.round == 2 && s.options.round2_setup == Round2Setup::SameAsRound1;
        if reused && (setups.a.is_none() || setups.b.is_none()) {
            return Err(inconsistent("round 2 reuses round 1's set-ups, which are missing"));
        }

        // The match at the start of the round in play.
        let mut game = Forteresse::new(super::game::Config {
            options: s.options,
            seed: s.seed,
            first_player: Some(s.first_player),
        })?;
        game.rounds = s.rounds[..ended_before].to_vec();
        game.turn = s.rounds[..ended_before].iter().map(|r| 2 + r.shots(Seat::A) + r.shots(Seat::B)).sum();
        if s.round == 2 {
            game.round = 2;
            game.round_first = game.round2_first();
        }
        // Its set-ups (round 2 under `same_as_round1` restores round 1's, with no action).
        for seat in Seat::ALL {
            if let Some(f) = *setups.get(seat) {
                let before = game.turn;
                if let Err(e) = game.play(seat, Action::Setup(f)) {
                    return Err(inconsistent(format!("set-up of {seat}: {e}")));
                }
                if reused {
                    game.turn = before;
                }
            }
        }
        // Its shots.
        for (i, shot) in s.shots.iter().enumerate() {
            if game.is_finished() || game.round != s.round {
                return Err(inconsistent(format!("shot {} comes after the end of the round", i + 1)));
            }
            if let Err(e) = game.play(shot.seat, Action::Shot(shot.shot)) {
                return Err(inconsistent(format!("shot {} ({shot}) cannot be played: {e}", i + 1)));
            }
        }
        match s.finish {
            Some(Finish::Played) => {
                if game.finish != Some(Finish::Played) || game.rounds != s.rounds {
                    return Err(inconsistent("the last round's shots do not end it with the saved scores"));
                }
            }
            Some(finish) => {
                if game.phase() == Phase::Finished || game.round != s.round {
                    return Err(inconsistent("the match ended twice"));
                }
                game.turn += 1;
                game.finish = Some(finish);
                game.shooter = None;
            }
            None => {
                if game.phase() == Phase::Finished || game.round != s.round {
                    return Err(inconsistent("the saved shots end the round but the state does not say so"));
                }
            }
        }
        if game.turn != s.turn {
            return Err(inconsistent(format!("{} actions were played, not {}", game.turn, s.turn)));
        }
        game.ended_shots = EndedShots(s.ended_round_shots);
        Ok(game)
    }
}

/// An ended round's tallies must be possible (F5.3) and scored by F6.
fn check_summary(r: &RoundSummary) -> Result<(), String> {
    for seat in Seat::ALL {
        let (killed, shots) = (*r.killed.get(seat), r.shots(seat));
        if killed > 5 || shots > 24 || u32::from(killed) > shots {
            return Err(format!("{seat}'s tallies are impossible"));
        }
        if killed < 5 && shots < 24 {
            return Err(format!("{seat} had not stopped, so the round could not end"));
        }
    }
    if *r != RoundSummary::scored(r.killed, r.cannon, r.rifle) {
        return Err("the scores do not follow from the tallies".to_owned());
    }
    Ok(())
}

/// An ended round's shots, saved as announced, must be possible shots (each ring cell once
/// per shooter, a legal direction, an answer the options allow) that add up to its tallies.
/// Their answers cannot be checked against the set-ups, which are not kept.
fn check_ended_shots(options: &super::Options, round: &RoundSummary, shots: &[Announcement]) -> Result<(), String> {
    use super::options::{MissAnswer, RifleAnswer};
    let mut used = crate::BySeat::<u32>::default();
    let (mut cannon, mut rifle, mut killed) =
        (crate::BySeat::<u8>::default(), crate::BySeat::<u8>::default(), crate::BySeat::<u8>::default());
    for (i, a) in shots.iter().enumerate() {
        let bad = |why: &str| Err(format!("shot {} ({}{}): {why}", i + 1, a.from, a.dir));
        let bit = ring_bit(a.from);
        if bit == 0 || !a.from.dirs_in(options.direction_rule).contains(a.dir) {
            return bad("not a legal shot");
        }
        if used.get(a.seat) & bit != 0 {
            return bad("a ring cell used twice");
        }
        *used.get_mut(a.seat) |= bit;
        let counted = match a.weapon {
            Weapon::Cannon => cannon.get_mut(a.seat),
            Weapon::Rifle => rifle.get_mut(a.seat),
        };
        *counted = counted.saturating_add(1);
        let cell_told = match a.answer {
            AnswerKind::Wall => a.weapon == Weapon::Cannon,
            AnswerKind::Besieged => {
                let k = killed.get_mut(a.seat);
                *k = k.saturating_add(1);
                a.weapon == Weapon::Cannon || options.rifle_answer == RifleAnswer::WithCell
            }
            AnswerKind::Nothing | AnswerKind::Silence => {
                let said =
                    if options.miss_answer == MissAnswer::Nothing { AnswerKind::Nothing } else { AnswerKind::Silence };
                if a.answer != said {
                    return bad("an answer the options do not give");
                }
                false
            }
        };
        if a.cell.is_some() != cell_told || a.cell.is_some_and(|c| !super::ray(a.from, a.dir).any(|r| r == c)) {
            return bad("an announced cell the answer does not allow");
        }
    }
    if (cannon, rifle, killed) != (round.cannon, round.rifle, round.killed) {
        return Err("they do not add up to the round's tallies".to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forteresse::game::Config;

    fn set_up_and_shoot(shots: usize) -> Forteresse {
        let mut g = Forteresse::new(Config::new(11)).unwrap();
        g.play(Seat::A, Action::Setup(Fortress::random(1))).unwrap();
        g.play(Seat::B, Action::Setup(Fortress::random(2))).unwrap();
        for _ in 0..shots {
            let seat = g.to_act().single().unwrap();
            let a = g.legal_actions(seat)[(g.turn() as usize * 5) % g.legal_actions(seat).len()];
            g.play(seat, a).unwrap();
        }
        g
    }

    #[test]
    fn a_saved_state_restores_the_same_match() {
        let g = set_up_and_shoot(9);
        let saved = g.to_saved();
        assert_eq!(saved.shots.len(), 9);
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<Forteresse>(&json).unwrap(), g);
        assert_eq!(Forteresse::from_saved(saved).unwrap(), g);
    }

    #[test]
    fn saved_shots_are_compact_strings() {
        let s: SavedShot = "bG7rNW".parse().unwrap();
        assert_eq!(s.seat, Seat::B);
        assert_eq!(s.shot.weapon, Weapon::Rifle);
        assert_eq!(s.to_string(), "bG7rNW");
        for bad in ["", "c", "aA4", "aA4xE", "aA4cUP", "aZ9cE"] {
            assert!(bad.parse::<SavedShot>().is_err(), "{bad}");
        }
    }

    #[test]
    fn inconsistent_states_are_refused() {
        let g = set_up_and_shoot(4);
        let mut s = g.to_saved();
        s.turn = 5;
        assert_eq!(Forteresse::from_saved(s), Err(inconsistent("6 actions were played, not 5")));
        let mut s = g.to_saved();
        s.format = 2;
        assert_eq!(Forteresse::from_saved(s), Err(SetupError::UnknownFormat(2)));
        let mut s = g.to_saved();
        s.setups.a.as_mut().unwrap().walls = 0b111;
        assert!(matches!(Forteresse::from_saved(s), Err(SetupError::Inconsistent(_))));
        let mut s = g.to_saved();
        s.shots.swap(0, 1);
        assert!(
            matches!(Forteresse::from_saved(s), Err(SetupError::Inconsistent(why)) if why.contains("not your turn"))
        );
        let mut s = g.to_saved();
        s.rounds.push(RoundSummary::default());
        assert!(Forteresse::from_saved(s).is_err());
        let mut s = g.to_saved();
        s.setups.b = None;
        assert!(Forteresse::from_saved(s).is_err(), "shots before both set-ups");
    }

    /// Plays round 1 to its end with varied legal shots: the match before its last shot, the
    /// announcements, and the match after it (in round 2).
    fn through_round_1() -> (Forteresse, Vec<super::super::Announcement>, Forteresse) {
        let mut g = set_up_and_shoot(0);
        let mut shots = Vec::new();
        loop {
            let seat = g.to_act().single().unwrap();
            let legal = g.legal_actions(seat);
            let action = legal[(g.turn() as usize * 7) % legal.len()];
            let before = g.clone();
            for e in g.play(seat, action).unwrap() {
                if let super::super::Event::Shot(a) = e {
                    shots.push(a);
                }
            }
            if g.round() == 2 {
                return (before, shots, g);
            }
        }
    }

    #[test]
    fn round_2_keeps_round_1_as_everyone_saw_it_end() {
        let (before, shots, g) = through_round_1();
        assert_eq!(g.ended_round_shots(), shots.as_slice());
        let view = g.public_view();
        assert!(view.announcements.is_empty(), "round 2's grids start empty");
        let ended = view.at_ended_round().expect("round 1 has ended");
        let last = before.public_view();
        assert_eq!(ended.round, 1);
        assert_eq!(ended.announcements, shots);
        assert_eq!(ended.announcements[..shots.len() - 1], last.announcements[..]);
        assert_eq!(ended.round_first, last.round_first);
        let summary = g.round_scores()[0];
        assert_eq!((ended.cannon, ended.rifle, ended.killed), (summary.cannon, summary.rifle, summary.killed));
        assert_eq!(ended.score, g.score(), "round 1's scores");
        assert!(ended.stopped.a.is_some() && ended.stopped.b.is_some(), "both had stopped");
        assert_eq!(ended.to_act, crate::ToAct::Nobody);
        // The grids as they ended: the last shot's added to its shooter's.
        let shooter = shots.last().unwrap().seat;
        assert_eq!(ended.attack.get(shooter.other()), last.attack.get(shooter.other()));
        assert_eq!(*ended.attack.get(shooter), super::super::AttackGrid::from_announcements(shooter, &shots));
        assert!(before.public_view().at_ended_round().is_none(), "nothing has ended in round 1");
        // Saved and loaded, replayed from the record: the same, shots included.
        let loaded: Forteresse = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(loaded.ended_round_shots(), shots.as_slice());
        assert_eq!(loaded.public_view(), view);
    }

    /// A state stored in round 2 before round 1's shots were kept still loads, plays on
    /// identically, and shows round 1's tallies (with no shots).
    #[test]
    fn an_old_stored_state_in_round_2_still_loads() {
        let (_, _, g) = through_round_1();
        let mut json: serde_json::Value = serde_json::to_value(&g).unwrap();
        assert!(json.as_object_mut().unwrap().remove("ended_round_shots").is_some());
        let old = json.to_string();
        assert!(!old.contains("ended_round_shots"));
        let mut loaded: Forteresse = serde_json::from_str(&old).unwrap();
        assert!(loaded.ended_round_shots().is_empty());
        assert_eq!(loaded, g, "the same match");
        let ended = loaded.public_view().at_ended_round().unwrap();
        assert!(ended.announcements.is_empty());
        assert_eq!(ended.killed, g.round_scores()[0].killed);
        // It is written back as it was read, and plays on as the original does.
        assert_eq!(serde_json::to_value(&loaded).unwrap(), json);
        let mut original = g.clone();
        for seat in Seat::ALL {
            let f = Action::Setup(Fortress::random(u64::from(seat == Seat::A)));
            assert_eq!(loaded.play(seat, f), original.play(seat, f));
        }
        assert_eq!(loaded.public_view().at_ended_round().unwrap().killed, ended.killed);
    }

    #[test]
    fn forged_shots_of_an_ended_round_are_refused() {
        let (_, _, g) = through_round_1();
        let good = g.to_saved();
        assert_eq!(Forteresse::from_saved(good.clone()).unwrap(), g);
        let mut s = good.clone();
        let a = &mut s.ended_round_shots[0];
        a.weapon = match a.weapon {
            Weapon::Cannon => Weapon::Rifle,
            Weapon::Rifle => Weapon::Cannon,
        };
        assert!(Forteresse::from_saved(s).is_err(), "the tallies no longer add up");
        let mut s = good.clone();
        s.ended_round_shots.pop();
        assert!(Forteresse::from_saved(s).is_err(), "a shot missing");
        let mut s = good.clone();
        let twice = s.ended_round_shots[0];
        s.ended_round_shots[1] =
            super::super::Announcement { seat: twice.seat, from: twice.from, dir: twice.dir, ..s.ended_round_shots[1] };
        assert!(Forteresse::from_saved(s).is_err());
        let mut early = set_up_and_shoot(3).to_saved();
        early.ended_round_shots = good.ended_round_shots;
        assert!(Forteresse::from_saved(early).is_err(), "round 1 has not ended");
    }
}
