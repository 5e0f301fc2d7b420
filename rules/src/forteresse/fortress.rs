//! A fortress set-up: 10 walls and 5 besieged on distinct fortress cells (F2.1).

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cell::{ray, Cell};
use super::options::{DirectionRule, Options, SetupRule};
use super::rng;

/// Walls in a set-up.
pub const WALLS: usize = 10;
/// Besieged in a set-up.
pub const BESIEGED: usize = 5;

/// Every fortress cell's bit.
pub(crate) const ALL_CELLS: u32 = (1 << 25) - 1;

/// The bit of a fortress cell in a mask over [`Cell::FORTRESS`].
pub(crate) fn bit(cell: Cell) -> u32 {
    cell.fortress_index().map_or(0, |i| 1 << i)
}

/// The cells of a mask, row by row.
pub(crate) fn cells(mask: u32) -> impl Iterator<Item = Cell> + Clone {
    Cell::FORTRESS.into_iter().filter(move |&c| mask & bit(c) != 0)
}

/// What stands on a fortress cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// Nothing: a ray passes.
    Empty,
    /// A wall (×).
    Wall,
    /// A besieged (○).
    Besieged,
}

/// A player's secret set-up: exactly 10 walls and 5 besieged on distinct fortress cells.
/// Always valid (F2.1); whether every besieged is reachable (option `setup_rule`) is checked
/// when the set-up is played, see [`Fortress::check_rule`].
///
/// Serialised as in match records: `{"walls": ["B2", …], "besieged": ["C3", …]}`, cells row by row.
///
/// ```
/// use engarde_rules::forteresse::{Cell, Fortress, FortressError};
/// let cells = |names: &[&str]| names.iter().map(|n| n.parse::<Cell>().unwrap()).collect::<Vec<_>>();
/// let walls = cells(&["B2", "C2", "D2", "E2", "F2", "B3", "C3", "D3", "E3", "F3"]);
/// let besieged = cells(&["B4", "C4", "D4", "E4", "F4"]);
/// let fortress = Fortress::new(&walls, &besieged)?;
/// assert_eq!(fortress.besieged().count(), 5);
/// assert_eq!(Fortress::new(&walls[..9], &besieged), Err(FortressError::WallCount(9)));
/// assert_eq!(
///     Fortress::new(&walls[..9], &besieged).unwrap_err().to_string(),
///     "a set-up needs exactly 10 walls (this one has 9)"
/// );
/// # Ok::<(), FortressError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fortress {
    walls: u32,
    besieged: u32,
}

/// Why a set-up is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortressError {
    /// Not exactly 10 walls.
    WallCount(usize),
    /// Not exactly 5 besieged.
    BesiegedCount(usize),
    /// A cell outside the fortress (a ring cell).
    OutsideFortress(Cell),
    /// A cell given twice.
    Repeated(Cell),
    /// Under `setup_rule = besieged_must_be_reachable`: a besieged no shot can reach first.
    Unreachable(Cell),
    /// Bit masks (of a saved state) that name cells outside the fortress.
    BadMask,
}

impl fmt::Display for FortressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FortressError::WallCount(n) => write!(f, "a set-up needs exactly {WALLS} walls (this one has {n})"),
            FortressError::BesiegedCount(n) => {
                write!(f, "a set-up needs exactly {BESIEGED} besieged (this one has {n})")
            }
            FortressError::OutsideFortress(c) => {
                write!(f, "{c} is not in the fortress: walls and besieged go on B2 to F6")
            }
            FortressError::Repeated(c) => write!(f, "{c} is used twice: each cell holds one wall or one besieged"),
            FortressError::Unreachable(c) => write!(
                f,
                "the besieged on {c} cannot be reached: every line from it to the ring is blocked \
                 (rule: every besieged must be reachable)"
            ),
            FortressError::BadMask => f.write_str("a set-up's cells must all be fortress cells"),
        }
    }
}

impl std::error::Error for FortressError {}

impl Fortress {
    /// Builds a set-up from its walls and besieged.
    ///
    /// # Errors
    /// A cell outside the fortress, a cell given twice (the first such cell, walls first),
    /// or not exactly 10 walls and 5 besieged.
    pub fn new(walls: &[Cell], besieged: &[Cell]) -> Result<Fortress, FortressError> {
        let mut seen = 0u32;
        let mut masks = [0u32; 2];
        for (mask, list) in masks.iter_mut().zip([walls, besieged]) {
            for &c in list {
                if !c.is_fortress() {
                    return Err(FortressError::OutsideFortress(c));
                }
                if seen & bit(c) != 0 {
                    return Err(FortressError::Repeated(c));
                }
                seen |= bit(c);
                *mask |= bit(c);
            }
        }
        Fortress::from_masks(masks[0], masks[1])
    }

    /// Builds a set-up from bit masks over [`Cell::FORTRESS`] (bit `i` is `Cell::FORTRESS[i]`).
    ///
    /// # Errors
    /// Bits beyond the 25 cells, shared bits, or not exactly 10 walls and 5 besieged.
    pub fn from_masks(walls: u32, besieged: u32) -> Result<Fortress, FortressError> {
        if (walls | besieged) & !ALL_CELLS != 0 {
            return Err(FortressError::BadMask);
        }
        if let Some(c) = cells(walls & besieged).next() {
            return Err(FortressError::Repeated(c));
        }
        if walls.count_ones() as usize != WALLS {
            return Err(FortressError::WallCount(walls.count_ones() as usize));
        }
        if besieged.count_ones() as usize != BESIEGED {
            return Err(FortressError::BesiegedCount(besieged.count_ones() as usize));
        }
        Ok(Fortress { walls, besieged })
    }

    /// The walls, row by row.
    pub fn walls(&self) -> impl Iterator<Item = Cell> + Clone {
        cells(self.walls)
    }

    /// The besieged, row by row.
    pub fn besieged(&self) -> impl Iterator<Item = Cell> + Clone {
        cells(self.besieged)
    }

    /// The walls as a bit mask over [`Cell::FORTRESS`].
    #[must_use]
    pub fn wall_mask(&self) -> u32 {
        self.walls
    }

    /// The besieged as a bit mask over [`Cell::FORTRESS`].
    #[must_use]
    pub fn besieged_mask(&self) -> u32 {
        self.besieged
    }

    /// What stands on `cell` (empty outside the fortress).
    #[must_use]
    pub fn at(&self, cell: Cell) -> Occupant {
        occupant(self.walls, self.besieged, cell)
    }

    /// A random valid set-up, the same for the same seed (for a "random set-up" button and
    /// the practice opponent). It may wall a besieged in; see [`Fortress::random_with`].
    #[must_use]
    pub fn random(seed: u64) -> Fortress {
        Fortress::random_with(seed, &Options::default())
    }

    /// A random set-up that also satisfies `options.setup_rule`, the same for the same seed.
    #[must_use]
    pub fn random_with(seed: u64, options: &Options) -> Fortress {
        let mut r = rng::rng(seed, rng::SETUPS);
        loop {
            // A partial Fisher–Yates shuffle of the 25 cells: 10 walls, then 5 besieged.
            let mut order: [u8; 25] = std::array::from_fn(|i| i as u8);
            for i in 0..WALLS + BESIEGED {
                let j = i + rng::below(&mut r, (25 - i) as u32) as usize;
                order.swap(i, j);
            }
            let mask = |idx: &[u8]| idx.iter().fold(0u32, |m, &i| m | 1 << i);
            let f = Fortress { walls: mask(&order[..WALLS]), besieged: mask(&order[WALLS..WALLS + BESIEGED]) };
            if f.check_rule(options).is_ok() {
                return f;
            }
        }
    }

    /// Checks the set-up against `options.setup_rule` (always fine under `free`).
    ///
    /// # Errors
    /// [`FortressError::Unreachable`] with the first (row by row) besieged that no shot reaches.
    pub fn check_rule(&self, options: &Options) -> Result<(), FortressError> {
        match options.setup_rule {
            SetupRule::Free => Ok(()),
            SetupRule::BesiegedMustBeReachable => match cells(self.besieged & !self.reachable()).next() {
                Some(c) => Err(FortressError::Unreachable(c)),
                None => Ok(()),
            },
        }
    }

    /// The cells that some legal shot meets first on this untouched fortress. The same set
    /// under both direction rules: a ray that does not enter at once never enters.
    #[must_use]
    pub fn reachable(&self) -> u32 {
        let occupied = self.walls | self.besieged;
        let mut first = 0;
        for from in Cell::RING {
            for d in from.dirs_in(DirectionRule::EntersFortress) {
                if let Some(c) = ray(from, d).find(|&c| occupied & bit(c) != 0) {
                    first |= bit(c);
                }
            }
        }
        first
    }
}

pub(crate) fn occupant(walls: u32, besieged: u32, cell: Cell) -> Occupant {
    let b = bit(cell);
    if walls & b != 0 {
        Occupant::Wall
    } else if besieged & b != 0 {
        Occupant::Besieged
    } else {
        Occupant::Empty
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Lists {
    walls: Vec<Cell>,
    besieged: Vec<Cell>,
}

impl Serialize for Fortress {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Lists { walls: self.walls().collect(), besieged: self.besieged().collect() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Fortress {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let lists = Lists::deserialize(d)?;
        Fortress::new(&lists.walls, &lists.besieged).map_err(D::Error::custom)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fortress from a picture of its five rows (2 to 6), columns B to F:
    /// `x` wall, `o` besieged, `.` empty.
    pub(crate) fn pictured(rows: [&str; 5]) -> Fortress {
        let (mut walls, mut besieged) = (Vec::new(), Vec::new());
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = Cell::new(c as u8 + 1, r as u8 + 1).unwrap();
                match ch {
                    'x' => walls.push(cell),
                    'o' => besieged.push(cell),
                    _ => {}
                }
            }
        }
        Fortress::new(&walls, &besieged).unwrap()
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn bad_set_ups_are_refused_with_their_reason() {
        let walls: Vec<Cell> = Cell::FORTRESS[..10].to_vec();
        let besieged: Vec<Cell> = Cell::FORTRESS[10..15].to_vec();
        assert!(Fortress::new(&walls, &besieged).is_ok());
        assert_eq!(Fortress::new(&walls[..9], &besieged), Err(FortressError::WallCount(9)));
        let mut six = besieged.clone();
        six.push(Cell::FORTRESS[20]);
        assert_eq!(Fortress::new(&walls, &six), Err(FortressError::BesiegedCount(6)));
        let mut ring = walls.clone();
        ring[3] = cell("A1");
        assert_eq!(Fortress::new(&ring, &besieged), Err(FortressError::OutsideFortress(cell("A1"))));
        let mut twice = besieged.clone();
        twice[4] = walls[0];
        assert_eq!(Fortress::new(&walls, &twice), Err(FortressError::Repeated(walls[0])));
        assert_eq!(
            FortressError::Repeated(cell("C3")).to_string(),
            "C3 is used twice: each cell holds one wall or one besieged"
        );
        assert_eq!(Fortress::from_masks(1 << 25 | 0x3ff, 0x7c00), Err(FortressError::BadMask));
    }

    #[test]
    fn serde_uses_cell_lists() {
        let f = pictured(["xxxxx", "xxxxx", "ooooo", ".....", "....."]);
        let json = serde_json::to_string(&f).unwrap();
        assert!(json.starts_with(r#"{"walls":["B2","C2","D2","E2","F2","B3""#), "{json}");
        assert_eq!(serde_json::from_str::<Fortress>(&json).unwrap(), f);
        let bad = r#"{"walls":["B2"],"besieged":[]}"#;
        assert!(serde_json::from_str::<Fortress>(bad).unwrap_err().to_string().contains("exactly 10 walls"));
    }

    /// The reading of `besieged_must_be_reachable`: a besieged walled in on all 8 lines is
    /// refused; any besieged on the fortress's border is next to the ring and always reachable.
    #[test]
    fn reachability_refuses_a_walled_in_besieged() {
        let reachable = Options { setup_rule: SetupRule::BesiegedMustBeReachable, ..Options::default() };
        let enclosed = pictured(["o...o", ".xxx.", ".xox.", ".xxx.", "oxo.x"]);
        assert_eq!(enclosed.check_rule(&Options::default()), Ok(()));
        assert_eq!(enclosed.check_rule(&reachable), Err(FortressError::Unreachable(cell("D4"))));
        // Open one line (D3 empty, its wall moved to D6): D4 is reachable from D1.
        let opened = pictured(["o...o", ".x.x.", ".xox.", ".xxx.", "oxxox"]);
        assert_eq!(opened.check_rule(&reachable), Ok(()));
        for seed in 0..200 {
            assert_eq!(Fortress::random_with(seed, &reachable).check_rule(&reachable), Ok(()));
            assert_eq!(Fortress::random(seed), Fortress::random(seed));
        }
        assert_ne!(Fortress::random(1), Fortress::random(2));
        // The border: 16 cells, each next to a ring cell straight on.
        let border = Cell::FORTRESS
            .iter()
            .filter(|c| crate::forteresse::Dir::ALL.iter().any(|&d| c.step(d).is_some_and(Cell::is_ring)));
        assert_eq!(border.count(), 16);
    }
}
