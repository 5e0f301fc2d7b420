//! Cells of the 7×7 grid, the eight directions, and the rays of shots (`forteresse.md` F1, F3).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::options::DirectionRule;

/// Columns and rows of a grid.
const SIDE: u8 = 7;

/// A cell of a 7×7 grid: column `A`..`G` (0 to 6, left to right) and row `1`..`7`
/// (0 to 6, top to bottom). The central 5×5 square `B2`..`F6` is the fortress; the
/// other 24 cells are the ring, where shots are fired from.
///
/// ```
/// use engarde_rules::forteresse::Cell;
/// let b2: Cell = "B2".parse().unwrap();
/// assert_eq!((b2.col(), b2.row()), (1, 1));
/// assert!(b2.is_fortress() && !b2.is_ring());
/// assert_eq!(Cell::new(0, 3).unwrap().to_string(), "A4");
/// assert_eq!(Cell::new(7, 0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The 24 ring cells, row by row (`A1`..`G1`, `A2`, `G2`, …, `A6`, `G6`, `A7`..`G7`).
    pub const RING: [Cell; 24] = ring_cells();

    /// The 25 fortress cells, row by row (`B2`..`F2`, …, `B6`..`F6`).
    pub const FORTRESS: [Cell; 25] = fortress_cells();

    /// The cell at column `col` (0 = `A`) and row `row` (0 = row `1`), if on the grid.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Cell> {
        if col < SIDE && row < SIDE {
            Some(Cell(row * SIDE + col))
        } else {
            None
        }
    }

    /// The column, 0 (`A`) to 6 (`G`).
    #[must_use]
    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    /// The row, 0 (row `1`, at the top) to 6 (row `7`).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// Whether the cell is in the fortress, the central square `B2`..`F6`.
    #[must_use]
    pub const fn is_fortress(self) -> bool {
        let (c, r) = (self.col(), self.row());
        c >= 1 && c <= 5 && r >= 1 && r <= 5
    }

    /// Whether the cell is in the ring (columns `A` and `G`, rows `1` and `7`).
    #[must_use]
    pub const fn is_ring(self) -> bool {
        !self.is_fortress()
    }

    /// The cell's place in [`Cell::FORTRESS`] (0 to 24), if it is a fortress cell.
    #[must_use]
    pub const fn fortress_index(self) -> Option<u8> {
        if self.is_fortress() {
            Some((self.row() - 1) * 5 + self.col() - 1)
        } else {
            None
        }
    }

    /// The cell's place in [`Cell::RING`] (0 to 23), if it is a ring cell.
    #[must_use]
    pub const fn ring_index(self) -> Option<u8> {
        let (c, r) = (self.col(), self.row());
        if self.is_fortress() {
            None
        } else if r == 0 {
            Some(c)
        } else if r == SIDE - 1 {
            Some(17 + c)
        } else {
            Some(7 + (r - 1) * 2 + if c == 0 { 0 } else { 1 })
        }
    }

    /// The fortress cell at `index` in [`Cell::FORTRESS`].
    ///
    /// # Panics
    /// If `index` is 25 or more.
    #[must_use]
    pub const fn from_fortress_index(index: u8) -> Cell {
        assert!(index < 25, "a fortress index is below 25");
        Cell((index / 5 + 1) * SIDE + index % 5 + 1)
    }

    /// The next cell in direction `dir`, if still on the grid.
    #[must_use]
    pub const fn step(self, dir: Dir) -> Option<Cell> {
        let (dc, dr) = dir.delta();
        let (c, r) = (self.col() as i8 + dc, self.row() as i8 + dr);
        if c < 0 || r < 0 {
            None
        } else {
            Cell::new(c as u8, r as u8)
        }
    }

    /// The directions a shot from this cell may take under `rule` (`forteresse.md` F3.2 and
    /// option `direction_rule`): none from a fortress cell; from a ring cell, those whose first
    /// step enters the fortress (`enters_fortress`, 56 cell-direction pairs in all) or all
    /// eight (`any_of_8`).
    ///
    /// ```
    /// use engarde_rules::forteresse::{Cell, Dir, DirectionRule};
    /// let a4: Cell = "A4".parse().unwrap();
    /// let dirs: Vec<Dir> = a4.dirs_in(DirectionRule::EntersFortress).iter().collect();
    /// assert_eq!(dirs, [Dir::NE, Dir::E, Dir::SE]);
    /// ```
    #[must_use]
    pub fn dirs_in(self, rule: DirectionRule) -> Dirs {
        if self.is_fortress() {
            return Dirs::EMPTY;
        }
        match rule {
            DirectionRule::EntersFortress => Dirs(
                Dir::ALL.iter().filter(|&&d| self.step(d).is_some_and(Cell::is_fortress)).fold(0, |m, &d| m | d.bit()),
            ),
            DirectionRule::AnyOf8 => Dirs::ALL,
        }
    }
}

const fn ring_cells() -> [Cell; 24] {
    let mut out = [Cell(0); 24];
    let (mut i, mut n) = (0u8, 0usize);
    while i < SIDE * SIDE {
        if Cell(i).is_ring() {
            out[n] = Cell(i);
            n += 1;
        }
        i += 1;
    }
    out
}

const fn fortress_cells() -> [Cell; 25] {
    let mut out = [Cell(0); 25];
    let mut i = 0u8;
    while i < 25 {
        out[i as usize] = Cell::from_fortress_index(i);
        i += 1;
    }
    out
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.col()), self.row() + 1)
    }
}

/// Why a text is not a cell or not a direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Cell {
    type Err = ParseError;

    /// Reads `B2` (or `b2`): a column letter `A`..`G` and a row digit `1`..`7`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError(format!("`{s}` is not a cell (a column A to G and a row 1 to 7, like B2)"));
        let &[c, r] = s.as_bytes() else { return Err(bad()) };
        let col = c.to_ascii_uppercase().wrapping_sub(b'A');
        let row = r.wrapping_sub(b'1');
        Cell::new(col, row).ok_or_else(bad)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One of the eight directions of a shot: `N` points toward row 1, `E` toward column `G`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// Up, toward row 1 (↑).
    N,
    /// Up and right (↗).
    NE,
    /// Right, toward column G (→).
    E,
    /// Down and right (↘).
    SE,
    /// Down, toward row 7 (↓).
    S,
    /// Down and left (↙).
    SW,
    /// Left, toward column A (←).
    W,
    /// Up and left (↖).
    NW,
}

impl Dir {
    /// The eight directions, clockwise from `N`.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];

    /// The step in columns and rows: `N` is `(0, -1)`, `E` is `(1, 0)`.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (1, 1),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, -1),
        }
    }

    /// The name used in match records: `"N"`, `"NE"`, …
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::W => "W",
            Dir::NW => "NW",
        }
    }

    /// An arrow for display: `↑ ↗ → ↘ ↓ ↙ ← ↖`.
    #[must_use]
    pub const fn arrow(self) -> char {
        match self {
            Dir::N => '↑',
            Dir::NE => '↗',
            Dir::E => '→',
            Dir::SE => '↘',
            Dir::S => '↓',
            Dir::SW => '↙',
            Dir::W => '←',
            Dir::NW => '↖',
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Dir {
    type Err = ParseError;

    /// Reads `NE` (or `ne`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dir::ALL
            .iter()
            .copied()
            .find(|d| d.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError(format!("`{s}` is not a direction (one of N, NE, E, SE, S, SW, W, NW)")))
    }
}

impl Serialize for Dir {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Dir {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of directions (at most eight), iterated clockwise from `N`. Serialised as a list
/// of names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dirs(u8);

impl Dirs {
    /// No direction.
    pub const EMPTY: Dirs = Dirs(0);
    /// All eight directions.
    pub const ALL: Dirs = Dirs(0xff);

    /// Whether `dir` is in the set.
    #[must_use]
    pub const fn contains(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// How many directions.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The directions, clockwise from `N`.
    #[must_use]
    pub const fn iter(self) -> DirsIter {
        DirsIter(self.0)
    }
}

/// The directions of a [`Dirs`], clockwise from `N`.
#[derive(Clone, Debug)]
pub struct DirsIter(u8);

impl Iterator for DirsIter {
    type Item = Dir;

    fn next(&mut self) -> Option<Dir> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Dir::ALL[i])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DirsIter {}

impl IntoIterator for Dirs {
    type Item = Dir;
    type IntoIter = DirsIter;

    fn into_iter(self) -> DirsIter {
        self.iter()
    }
}

impl FromIterator<Dir> for Dirs {
    fn from_iter<I: IntoIterator<Item = Dir>>(iter: I) -> Self {
        Dirs(iter.into_iter().fold(0, |m, d| m | d.bit()))
    }
}

impl fmt::Display for Dirs {
    /// `NE, E and SE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.len();
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            f.write_str(d.as_str())?;
        }
        Ok(())
    }
}

impl Serialize for Dirs {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Dirs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Dir>::deserialize(d)?.into_iter().collect())
    }
}

/// The fortress cells a shot from `from` toward `dir` runs through, in order (F3.3): from the
/// first step while it stays in the fortress. Empty if the first step does not enter the
/// fortress (on a 7×7 grid such a ray never does).
///
/// ```
/// use engarde_rules::forteresse::{ray, Dir};
/// let cells: Vec<String> = ray("A2".parse().unwrap(), Dir::SE).map(|c| c.to_string()).collect();
/// assert_eq!(cells, ["B3", "C4", "D5", "E6"]);
/// ```
pub fn ray(from: Cell, dir: Dir) -> impl Iterator<Item = Cell> + Clone {
    std::iter::successors(from.step(dir), move |c| c.step(dir)).take_while(|c| c.is_fortress())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    fn names(cells: impl Iterator<Item = Cell>) -> Vec<String> {
        cells.map(|c| c.to_string()).collect()
    }

    #[test]
    fn ring_and_fortress_split_the_grid() {
        assert_eq!(names(Cell::RING[..8].iter().copied()), ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2"]);
        assert_eq!(names(Cell::FORTRESS[..6].iter().copied()), ["B2", "C2", "D2", "E2", "F2", "B3"]);
        assert_eq!(Cell::FORTRESS[24].to_string(), "F6");
        for (i, c) in Cell::RING.iter().enumerate() {
            assert!(c.is_ring());
            assert_eq!(c.ring_index(), Some(i as u8));
            assert_eq!(c.fortress_index(), None);
        }
        for (i, c) in Cell::FORTRESS.iter().enumerate() {
            assert!(c.is_fortress());
            assert_eq!(c.fortress_index(), Some(i as u8));
            assert_eq!(Cell::from_fortress_index(i as u8), *c);
        }
    }

    #[test]
    fn cells_and_directions_parse_and_print() {
        for i in 0..49u8 {
            let c = Cell::new(i % 7, i / 7).unwrap();
            assert_eq!(cell(&c.to_string()), c);
            assert_eq!(cell(&c.to_string().to_lowercase()), c);
        }
        for bad in ["", "A", "H1", "A0", "A8", "B22", "2B", "é1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        assert_eq!(
            "Z9".parse::<Cell>().unwrap_err().to_string(),
            "`Z9` is not a cell (a column A to G and a row 1 to 7, like B2)"
        );
        for d in Dir::ALL {
            assert_eq!(d.to_string().parse::<Dir>(), Ok(d));
        }
        assert_eq!("se".parse::<Dir>(), Ok(Dir::SE));
        assert!("up".parse::<Dir>().is_err());
        assert_eq!(serde_json::to_string(&(cell("G7"), Dir::NW)).unwrap(), r#"["G7","NW"]"#);
        assert_eq!(serde_json::from_str::<Cell>(r#""C3""#).unwrap(), cell("C3"));
    }

    /// F3.2: the table of legal directions, 56 pairs in all.
    #[test]
    fn the_direction_table_has_56_pairs() {
        let rule = DirectionRule::EntersFortress;
        let total: usize = Cell::RING.iter().map(|c| c.dirs_in(rule).len()).sum();
        assert_eq!(total, 56);
        let dirs = |s: &str| cell(s).dirs_in(rule).iter().collect::<Vec<_>>();
        // Corners: the one inward diagonal.
        assert_eq!(dirs("A1"), [Dir::SE]);
        assert_eq!(dirs("G1"), [Dir::SW]);
        assert_eq!(dirs("A7"), [Dir::NE]);
        assert_eq!(dirs("G7"), [Dir::NW]);
        // Next to a corner: straight in and the diagonal away from the corner.
        assert_eq!(dirs("A2"), [Dir::E, Dir::SE]);
        assert_eq!(dirs("B1"), [Dir::SE, Dir::S]);
        assert_eq!(dirs("A6"), [Dir::NE, Dir::E]);
        assert_eq!(dirs("G2"), [Dir::SW, Dir::W]);
        assert_eq!(dirs("G6"), [Dir::W, Dir::NW]);
        assert_eq!(dirs("F1"), [Dir::S, Dir::SW]);
        assert_eq!(dirs("B7"), [Dir::N, Dir::NE]);
        assert_eq!(dirs("F7"), [Dir::N, Dir::NW]);
        // The other twelve: three.
        assert_eq!(dirs("A4"), [Dir::NE, Dir::E, Dir::SE]);
        assert_eq!(dirs("D1"), [Dir::SE, Dir::S, Dir::SW]);
        for s in ["A3", "A4", "A5", "G3", "G4", "G5", "C1", "D1", "E1", "C7", "D7", "E7"] {
            assert_eq!(dirs(s).len(), 3, "{s}");
        }
        // A1 → and A1 ↓ run along the ring.
        assert!(!cell("A1").dirs_in(rule).contains(Dir::E));
        assert!(!cell("A1").dirs_in(rule).contains(Dir::S));
        // No shot from inside the fortress, under either rule.
        assert!(cell("D4").dirs_in(rule).is_empty());
        assert!(cell("D4").dirs_in(DirectionRule::AnyOf8).is_empty());
        assert_eq!(cell("A1").dirs_in(DirectionRule::AnyOf8), Dirs::ALL);
        assert_eq!(cell("A4").dirs_in(rule).to_string(), "NE, E and SE");
        assert_eq!(cell("A1").dirs_in(rule).to_string(), "SE");
    }

    /// Worked example 1: the rays of A1 ↘, A2 → and ↘, D1 ↓ ↘ ↙.
    #[test]
    fn rays_run_through_the_fortress_only() {
        assert_eq!(names(ray(cell("A1"), Dir::SE)), ["B2", "C3", "D4", "E5", "F6"]);
        assert_eq!(names(ray(cell("A2"), Dir::E)), ["B2", "C2", "D2", "E2", "F2"]);
        assert_eq!(names(ray(cell("A2"), Dir::SE)), ["B3", "C4", "D5", "E6"]);
        assert_eq!(names(ray(cell("D1"), Dir::S)), ["D2", "D3", "D4", "D5", "D6"]);
        assert_eq!(names(ray(cell("D1"), Dir::SE)), ["E2", "F3"]);
        assert_eq!(names(ray(cell("D1"), Dir::SW)), ["C2", "B3"]);
        assert_eq!(names(ray(cell("G4"), Dir::W)), ["F4", "E4", "D4", "C4", "B4"]);
        // Rays that never enter: along the ring, or off the grid.
        assert_eq!(ray(cell("A1"), Dir::E).count(), 0);
        assert_eq!(ray(cell("A1"), Dir::S).count(), 0);
        assert_eq!(ray(cell("D1"), Dir::N).count(), 0);
        // F3.2: a ray from the ring enters on its first step or never.
        for from in Cell::RING {
            for d in Dir::ALL {
                let enters = from.step(d).is_some_and(Cell::is_fortress);
                let later = std::iter::successors(from.step(d), |c| c.step(d)).any(Cell::is_fortress);
                assert_eq!(enters, later, "{from} {d}");
            }
        }
    }
}
