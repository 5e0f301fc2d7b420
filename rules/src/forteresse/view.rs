//! What everyone may see, and what each seat may see.
//!
//! A [`PublicView`] is built from public facts only: the announcements, the tallies they
//! imply, who has placed a fortress, the scores. Each seat's attack grid is derived from the
//! announcements alone, never from a fortress, so rendering it cannot leak a secret. A
//! [`SeatView`] adds that seat's own fortress and legal shots, and nothing of the other
//! fortress.

use serde::{Deserialize, Serialize};

use super::action::StopReason;
use super::cell::{ray, Cell, Dirs};
use super::event::{Announcement, AnswerKind, RoundSummary};
use super::fortress::{bit, Occupant, BESIEGED};
use super::game::{Forteresse, Phase};
use super::options::Options;
use crate::{BySeat, Seat, ToAct};

/// What a player knows of a cell of the enemy fortress, from the announcements alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackCell {
    /// Nothing announced about it.
    #[default]
    Unknown,
    /// Empty: a ray passed through it (before the announced cell of a hit, or along a miss).
    Empty,
    /// A wall was destroyed here (announced with its cell; the cell is now empty).
    WallDestroyed,
    /// A besieged was killed here (announced with its cell; the cell is now empty).
    BesiegedKilled,
}

/// A cell of one's own fortress, with the damage done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenceCell {
    /// Empty from the start.
    #[default]
    Empty,
    /// A wall still standing.
    Wall,
    /// A wall destroyed by a cannon.
    WallDestroyed,
    /// A living besieged.
    Besieged,
    /// A besieged killed.
    BesiegedKilled,
}

/// One value per fortress cell, in [`Cell::FORTRESS`] order (row by row, `B2` to `F6`);
/// serialised as a list of 25.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid<T>(pub [T; 25]);

impl<T: Copy + Default> Default for Grid<T> {
    fn default() -> Self {
        Grid([T::default(); 25])
    }
}

impl<T: Copy> Grid<T> {
    /// The value of a fortress cell, `None` for a ring cell.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<T> {
        cell.fortress_index().map(|i| self.0[usize::from(i)])
    }

    /// Each fortress cell with its value, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, T)> + '_ {
        Cell::FORTRESS.into_iter().zip(self.0.iter().copied())
    }

    fn set(&mut self, cell: Cell, value: T) {
        if let Some(i) = cell.fortress_index() {
            self.0[usize::from(i)] = value;
        }
    }
}

/// What a seat has learnt about the enemy fortress.
pub type AttackGrid = Grid<AttackCell>;
/// A seat's own fortress with its damage.
pub type DefenceGrid = Grid<DefenceCell>;

impl AttackGrid {
    /// The grid `seat` can draw from `announcements` (every shot of the round, any seat's;
    /// only `seat`'s count).
    ///
    /// A hit announced with its cell marks that cell (destroyed wall or killed besieged) and
    /// every cell of the ray before it as empty; a miss (`nothing` or `silence`) marks the
    /// whole ray empty. A rifle's wall, or a kill announced without its cell, marks nothing:
    /// the announcement does not say where the ray stopped.
    #[must_use]
    pub fn from_announcements(seat: Seat, announcements: &[Announcement]) -> AttackGrid {
        let mut grid = AttackGrid::default();
        for a in announcements.iter().filter(|a| a.seat == seat) {
            let cells = ray(a.from, a.dir);
            match (a.answer, a.cell) {
                (AnswerKind::Nothing | AnswerKind::Silence, _) => {
                    for c in cells {
                        grid.learn(c, AttackCell::Empty);
                    }
                }
                (answer, Some(hit)) => {
                    for c in cells.take_while(|&c| c != hit) {
                        grid.learn(c, AttackCell::Empty);
                    }
                    let mark =
                        if answer == AnswerKind::Wall { AttackCell::WallDestroyed } else { AttackCell::BesiegedKilled };
                    grid.learn(hit, mark);
                }
                (_, None) => {}
            }
        }
        grid
    }

    /// Records a fact; what was destroyed there stays known when the cell is later seen empty.
    fn learn(&mut self, cell: Cell, value: AttackCell) {
        if matches!(self.get(cell), Some(AttackCell::Unknown | AttackCell::Empty)) {
            self.set(cell, value);
        }
    }
}

/// Everything everyone may know about a match. It holds no fortress and no seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    /// The rule options in force.
    pub options: Options,
    /// The round in play (or the last one), 1 or 2.
    pub round: u8,
    /// Who shoots first in this round.
    pub round_first: Seat,
    /// Whose decision is awaited.
    pub to_act: ToAct,
    /// What the match awaits.
    pub phase: Phase,
    /// Who has placed their fortress for this round.
    pub set_up: BySeat<bool>,
    /// This round's shots, as announced.
    pub announcements: Vec<Announcement>,
    /// What each seat has learnt about the enemy fortress this round.
    pub attack: BySeat<AttackGrid>,
    /// Ring cells each seat has used this round, in [`Cell::RING`] order.
    pub used: BySeat<Vec<Cell>>,
    /// Cannon shots each seat fired this round.
    pub cannon: BySeat<u8>,
    /// Rifle shots each seat fired this round.
    pub rifle: BySeat<u8>,
    /// Besieged each seat killed this round.
    pub killed: BySeat<u8>,
    /// Who has stopped shooting this round, and why.
    pub stopped: BySeat<Option<StopReason>>,
    /// Every ended round.
    pub rounds: Vec<RoundSummary>,
    /// The sum of the ended rounds' scores.
    pub score: BySeat<u32>,
    /// The winner, once the match is over.
    pub winner: Option<Seat>,
    /// Whether the match is over.
    pub finished: bool,
    /// Whether it ended without a winner.
    pub draw: bool,
    /// Actions played so far: a turn counter for stale prompts.
    pub turn: u32,
    /// Round 1 as it ended, once round 2 is under way (or over); see
    /// [`PublicView::at_ended_round`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_round: Option<EndedRound>,
}

/// A round that has ended, as everyone saw it end: its first shooter, its shots as
/// announced, and its tallies and scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndedRound {
    /// The round's number.
    pub round: u8,
    /// Who shot first in it.
    pub first: Seat,
    /// Its shots, as announced (none for a match stored before they were kept).
    pub announcements: Vec<Announcement>,
    /// Its tallies and scores.
    pub summary: RoundSummary,
}

impl PublicView {
    /// The public view as it stood when the round before this one ended: that round's
    /// grids, shots and tallies, the scores then, nobody to act. `None` while no round
    /// before this one has ended (in round 1).
    ///
    /// Everything in it was public when the round ended; it shows no fortress.
    #[must_use]
    pub fn at_ended_round(&self) -> Option<PublicView> {
        let ended = self.ended_round.as_ref()?;
        let summary = ended.summary;
        let rounds: Vec<RoundSummary> = self.rounds.iter().take(usize::from(ended.round)).copied().collect();
        let shots = &ended.announcements;
        Some(PublicView {
            options: self.options,
            round: ended.round,
            round_first: ended.first,
            to_act: ToAct::Nobody,
            phase: Phase::Shooting,
            set_up: BySeat { a: true, b: true },
            announcements: shots.clone(),
            attack: BySeat::new_with(|s| AttackGrid::from_announcements(s, shots)),
            used: BySeat::new_with(|s| {
                Cell::RING.into_iter().filter(|c| shots.iter().any(|a| a.seat == s && a.from == *c)).collect()
            }),
            cannon: summary.cannon,
            rifle: summary.rifle,
            killed: summary.killed,
            // A round ends once both have stopped (F5.3).
            stopped: BySeat::new_with(|s| {
                Some(if usize::from(*summary.killed.get(s)) == BESIEGED {
                    StopReason::AllKilled
                } else {
                    StopReason::NoCellsLeft
                })
            }),
            score: BySeat::new_with(|s| rounds.iter().map(|r| r.score.get(s)).sum()),
            rounds,
            winner: None,
            finished: false,
            draw: false,
            turn: self.turn,
            ended_round: None,
        })
    }
}

/// The shots open from one ring cell: either weapon, toward any of `dirs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LegalFrom {
    /// The ring cell.
    pub from: Cell,
    /// The legal directions from it.
    pub dirs: Dirs,
}

/// What one seat may see: its own fortress with damage, its legal shots, the public view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Whose view this is.
    pub seat: Seat,
    /// Whether this seat owes its set-up.
    pub needs_setup: bool,
    /// Its own fortress this round, with damage (`None` until placed).
    pub fortress: Option<DefenceGrid>,
    /// Its legal shots now, per unused ring cell (empty when it is not its shot).
    pub shots: Vec<LegalFrom>,
    /// What everyone sees.
    pub public: PublicView,
}

impl Forteresse {
    /// What everyone may see.
    #[must_use]
    pub fn public_view(&self) -> PublicView {
        PublicView {
            options: self.options,
            round: self.round,
            round_first: self.round_first,
            to_act: self.to_act(),
            phase: self.phase(),
            set_up: self.setups.map(|s| s.is_some()),
            announcements: self.announcements.clone(),
            attack: BySeat::new_with(|s| AttackGrid::from_announcements(s, &self.announcements)),
            used: BySeat::new_with(|s| self.used_cells(s).collect()),
            cannon: self.cannon,
            rifle: self.rifle,
            killed: self.killed,
            stopped: BySeat::new_with(|s| self.stopped(s)),
            rounds: self.rounds.clone(),
            score: self.score(),
            winner: self.winner(),
            finished: self.is_finished(),
            draw: self.is_draw(),
            turn: self.turn,
            ended_round: self.rounds.first().filter(|_| self.round > 1).map(|&summary| EndedRound {
                round: 1,
                first: self.first_player,
                announcements: self.ended_shots.0.clone(),
                summary,
            }),
        }
    }

    /// `seat`'s own fortress with damage, once placed this round.
    #[must_use]
    pub fn defence_grid(&self, seat: Seat) -> Option<DefenceGrid> {
        let setup = (*self.setups.get(seat))?;
        let now = self.standing.get(seat);
        let mut grid = DefenceGrid::default();
        for cell in Cell::FORTRESS {
            let standing = (now.walls | now.besieged) & bit(cell) != 0;
            let value = match (setup.at(cell), standing) {
                (Occupant::Empty, _) => DefenceCell::Empty,
                (Occupant::Wall, true) => DefenceCell::Wall,
                (Occupant::Wall, false) => DefenceCell::WallDestroyed,
                (Occupant::Besieged, true) => DefenceCell::Besieged,
                (Occupant::Besieged, false) => DefenceCell::BesiegedKilled,
            };
            grid.set(cell, value);
        }
        Some(grid)
    }

    /// What `seat` may see.
    #[must_use]
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView {
            seat,
            needs_setup: self.needs_setup(seat),
            fortress: self.defence_grid(seat),
            shots: self.legal_shots(seat).into_iter().map(|(from, dirs)| LegalFrom { from, dirs }).collect(),
            public: self.public_view(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forteresse::fortress::tests::pictured;
    use crate::forteresse::{Action, Config, Dir, MissAnswer, RifleAnswer, Shot, Weapon};

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    fn shoot(g: &mut Forteresse, seat: Seat, from: &str, weapon: Weapon, dir: Dir) {
        g.play(seat, Action::Shot(Shot { from: cell(from), weapon, dir })).unwrap();
    }

    /// A's shots at B's fortress X1 (row 4: empty, wall, besieged, empty, empty; row 6 with
    /// besieged on B6 and F6), B's at Q.
    fn game(options: Options) -> Forteresse {
        let mut g = Forteresse::new(Config { options, seed: 0, first_player: Some(Seat::A) }).unwrap();
        let q = pictured(["oxoxo", "x...x", "x...x", "x...x", "ox.xo"]);
        let x1 = pictured(["xxx..", "x.x.o", ".xo..", "xx.ox", "o.x.o"]);
        g.play(Seat::A, Action::Setup(q)).unwrap();
        g.play(Seat::B, Action::Setup(x1)).unwrap();
        shoot(&mut g, Seat::A, "A4", Weapon::Cannon, Dir::E); // wall C4
        shoot(&mut g, Seat::B, "A3", Weapon::Rifle, Dir::E); // wall (B3), no cell
        shoot(&mut g, Seat::A, "G4", Weapon::Rifle, Dir::W); // besieged D4
        shoot(&mut g, Seat::B, "B1", Weapon::Rifle, Dir::S); // besieged B2
        shoot(&mut g, Seat::A, "E1", Weapon::Rifle, Dir::SE); // F2 empty: nothing
        shoot(&mut g, Seat::B, "C1", Weapon::Cannon, Dir::S); // wall C2
        shoot(&mut g, Seat::A, "A3", Weapon::Rifle, Dir::E); // wall B3, no cell
        g
    }

    #[test]
    fn attack_grids_hold_only_what_was_announced() {
        let g = game(Options::default());
        let grid = g.public_view().attack.a;
        let known: Vec<(String, AttackCell)> =
            grid.cells().filter(|(_, v)| *v != AttackCell::Unknown).map(|(c, v)| (c.to_string(), v)).collect();
        let expect = [
            ("F2", AttackCell::Empty),
            ("B4", AttackCell::Empty),
            ("C4", AttackCell::WallDestroyed),
            ("D4", AttackCell::BesiegedKilled),
            ("E4", AttackCell::Empty),
            ("F4", AttackCell::Empty),
        ];
        assert_eq!(known, expect.map(|(c, v)| (c.to_owned(), v)));
        // B learnt the killed B2 and the destroyed C2; its rifle on B3 taught nothing.
        let b = g.public_view().attack.b;
        assert_eq!(b.get(cell("B2")), Some(AttackCell::BesiegedKilled));
        assert_eq!(b.get(cell("C2")), Some(AttackCell::WallDestroyed));
        assert_eq!(b.get(cell("B3")), Some(AttackCell::Unknown));
        assert_eq!(b.get(cell("A1")), None);
    }

    /// `miss_answer = silence` says "silence" and marks the ray like "nothing";
    /// `rifle_answer = without_cell` says "besieged" without a cell and marks nothing.
    #[test]
    fn silence_and_cell_less_kills_in_views() {
        let options =
            Options { miss_answer: MissAnswer::Silence, rifle_answer: RifleAnswer::WithoutCell, ..Options::default() };
        let g = game(options);
        let view = g.public_view();
        let answers: Vec<(AnswerKind, Option<Cell>)> = view.announcements.iter().map(|a| (a.answer, a.cell)).collect();
        assert_eq!(answers[2], (AnswerKind::Besieged, None));
        assert_eq!(answers[4], (AnswerKind::Silence, None));
        let json = serde_json::to_string(&view.announcements[4]).unwrap();
        assert_eq!(json, r#"{"seat":"a","from":"E1","weapon":"rifle","dir":"SE","answer":"silence"}"#);
        assert_eq!(view.attack.a.get(cell("F2")), Some(AttackCell::Empty));
        assert_eq!(view.attack.a.get(cell("D4")), Some(AttackCell::Unknown), "a cell-less kill marks nothing");
        assert_eq!(view.attack.a.get(cell("E4")), Some(AttackCell::Unknown));
        assert_eq!(view.killed, BySeat { a: 1, b: 1 }, "the kill still counts");
    }

    #[test]
    fn a_seat_sees_its_own_damage() {
        let g = game(Options::default());
        let own = g.view(Seat::B).fortress.unwrap();
        assert_eq!(own.get(cell("C4")), Some(DefenceCell::WallDestroyed));
        assert_eq!(own.get(cell("D4")), Some(DefenceCell::BesiegedKilled));
        assert_eq!(own.get(cell("B3")), Some(DefenceCell::Wall));
        assert_eq!(own.get(cell("F3")), Some(DefenceCell::Besieged));
        assert_eq!(own.get(cell("B4")), Some(DefenceCell::Empty));
        let a = g.view(Seat::A);
        assert_eq!(a.fortress.unwrap().get(cell("B2")), Some(DefenceCell::BesiegedKilled));
        assert!(a.shots.is_empty() && !a.needs_setup, "B is to shoot");
        let b = g.view(Seat::B);
        assert_eq!(b.shots.len(), 21, "24 ring cells less B1, C1 and A3");
        assert_eq!(g.public_view().used.b, [cell("B1"), cell("C1"), cell("A3")]);
    }
}
