//! The card table as data: `cards.json` beside this file, loaded once and validated.
//!
//! A card's **kind** (its procedure: who it may answer, what it does) is code, [`Kind`]; its
//! printed **speed**, **SP cost** and **mode marks** are data, one value per copy, each
//! ASSUMPTION of `ready-fence.md` kept beside its value in the file. Changing a speed or a mark
//! is an edit of `cards.json`; [`CardTable::from_json`] refuses a table that does not add up.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::options::{DeckMarks, Mode};

/// The eighteen card types (`ready-fence.md` table (c)), in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Kind {
    StraightThrust,
    BeatThrust,
    Disengage,
    ToeTouch,
    GlideAttack,
    Flick,
    Flanconade,
    Fleche,
    ParryRiposte,
    CedingParry,
    Infighting,
    StopHit,
    CounterTime,
    FeintInTime,
    Joker,
    Angulation,
    RenewedAttack,
    Feint,
}

impl Kind {
    /// Every kind, in table order.
    pub const ALL: [Kind; 18] = [
        Kind::StraightThrust,
        Kind::BeatThrust,
        Kind::Disengage,
        Kind::ToeTouch,
        Kind::GlideAttack,
        Kind::Flick,
        Kind::Flanconade,
        Kind::Fleche,
        Kind::ParryRiposte,
        Kind::CedingParry,
        Kind::Infighting,
        Kind::StopHit,
        Kind::CounterTime,
        Kind::FeintInTime,
        Kind::Joker,
        Kind::Angulation,
        Kind::RenewedAttack,
        Kind::Feint,
    ];

    /// The id in `cards.json` and in match records, e.g. `stop_hit`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Kind::StraightThrust => "straight_thrust",
            Kind::BeatThrust => "beat_thrust",
            Kind::Disengage => "disengage",
            Kind::ToeTouch => "toe_touch",
            Kind::GlideAttack => "glide_attack",
            Kind::Flick => "flick",
            Kind::Flanconade => "flanconade",
            Kind::Fleche => "fleche",
            Kind::ParryRiposte => "parry_riposte",
            Kind::CedingParry => "ceding_parry",
            Kind::Infighting => "infighting",
            Kind::StopHit => "stop_hit",
            Kind::CounterTime => "counter_time",
            Kind::FeintInTime => "feint_in_time",
            Kind::Joker => "joker",
            Kind::Angulation => "angulation",
            Kind::RenewedAttack => "renewed_attack",
            Kind::Feint => "feint",
        }
    }

    /// Whether copies of this kind carry a printed speed (the others: none, or a bonus).
    #[must_use]
    pub const fn has_speed(self) -> bool {
        !matches!(
            self,
            Kind::CounterTime | Kind::FeintInTime | Kind::Joker | Kind::Angulation | Kind::RenewedAttack | Kind::Feint
        )
    }

    /// Whether it is a bonus card (not counted in the phrase budget, R7.2).
    #[must_use]
    pub const fn is_bonus(self) -> bool {
        matches!(self, Kind::Angulation | Kind::RenewedAttack | Kind::Feint)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Kind::ALL.into_iter().find(|k| k.id() == s).ok_or_else(|| format!("`{s}` is not a Ready... Fence! card"))
    }
}

/// A card as players see it: its kind and printed speed (`None` for a speedless card). Copies
/// with the same face are interchangeable (the table is refused otherwise). Written in
/// records and views as `"stop_hit:5"`, or `"joker"` for a speedless card.
///
/// ```
/// use engarde_rules::readyfence::{Card, Kind};
/// let card: Card = "stop_hit:5".parse().unwrap();
/// assert_eq!(card, Card { kind: Kind::StopHit, speed: Some(5) });
/// assert_eq!(card.to_string(), "stop_hit:5");
/// assert_eq!("joker".parse::<Card>().unwrap().speed, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// The card's kind.
    pub kind: Kind,
    /// Its printed speed, for kinds that have one.
    pub speed: Option<u8>,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.speed {
            Some(s) => write!(f, "{}:{s}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl FromStr for Card {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (kind, speed) = match s.split_once(':') {
            Some((k, v)) => {
                let v: u8 = v.parse().map_err(|_| format!("`{s}` is not a card (like \"stop_hit:5\" or \"joker\")"))?;
                (k, Some(v))
            }
            None => (s, None),
        };
        let kind: Kind = kind.parse()?;
        if kind.has_speed() != speed.is_some() {
            return Err(if kind.has_speed() {
                format!("`{s}` needs its speed, like \"{kind}:4\"")
            } else {
                format!("`{s}`: a {kind} has no speed, write \"{kind}\"")
            });
        }
        Ok(Card { kind, speed })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// One physical copy: its face, SP cost, mode marks, and whether it is a yellow card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCopy {
    /// The face.
    pub card: Card,
    /// SP cost (R6.2).
    pub sp: u8,
    /// Derived marks (R2.5): in the tutorial, basic, advanced decks.
    pub marks: [bool; 3],
    /// Per-copy marks for `deck_marks = custom` (the derived ones where the file gives none).
    pub custom_marks: [bool; 3],
    /// A yellow Straight Thrust (the basic mode's mandatory card).
    pub yellow: bool,
}

/// The validated card table: the 54 copies in file order (a copy's index is its identity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardTable {
    copies: Vec<CardCopy>,
    bonus: [u8; 18],
}

/// The deck sizes a table must give (R2.2).
pub const DECK_SIZES: [usize; 3] = [41, 35, 54];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileTable {
    #[allow(dead_code)]
    about: String,
    types: Vec<FileType>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileType {
    id: String,
    #[allow(dead_code)]
    name: String,
    #[allow(dead_code)]
    colour: String,
    speeds: Option<Vec<u8>>,
    #[allow(dead_code)]
    speeds_assumption: String,
    #[serde(default)]
    bonus: Option<u8>,
    sp: Vec<u8>,
    #[allow(dead_code)]
    sp_assumption: String,
    modes: Vec<String>,
    #[allow(dead_code)]
    modes_assumption: String,
    #[serde(default)]
    custom_modes: Option<Vec<String>>,
    #[serde(default)]
    yellow: Option<Vec<bool>>,
}

fn marks_of(id: &str, text: &str) -> Result<[bool; 3], String> {
    if text.is_empty() || !text.chars().all(|c| "TBA".contains(c)) {
        return Err(format!("{id}: mode marks `{text}` must be letters from T, B, A"));
    }
    if !text.contains('A') {
        return Err(format!("{id}: every card is in the advanced deck, so its marks need A (`{text}`)"));
    }
    Ok([text.contains('T'), text.contains('B'), true])
}

impl CardTable {
    /// Reads and validates a table in the format of `cards.json`.
    ///
    /// # Errors
    /// A plain-words reason: a missing or extra type, a copy without its speed, SP cost or
    /// marks, deck sizes other than 41 / 35 / 54, copies of one face that differ, or not
    /// exactly two yellow Straight Thrusts of one speed in the basic deck.
    pub fn from_json(text: &str) -> Result<CardTable, String> {
        let file: FileTable = serde_json::from_str(text).map_err(|e| format!("card table: {e}"))?;
        let mut copies = Vec::new();
        let mut bonus = [0u8; 18];
        let mut seen = Vec::new();
        for t in &file.types {
            let kind: Kind = t.id.parse()?;
            if seen.contains(&kind) {
                return Err(format!("{kind} is listed twice"));
            }
            seen.push(kind);
            let n = t.sp.len();
            if n == 0 {
                return Err(format!("{kind}: no copies (give one SP cost per copy)"));
            }
            match (&t.speeds, kind.has_speed()) {
                (Some(s), true) if s.len() == n => {
                    if let Some(bad) = s.iter().find(|&&v| !(1..=9).contains(&v)) {
                        return Err(format!("{kind}: speed {bad} is outside 1..=9"));
                    }
                }
                (Some(s), true) => return Err(format!("{kind}: {} speeds for {n} copies", s.len())),
                (None, true) => return Err(format!("{kind}: every copy needs a speed")),
                (Some(_), false) => return Err(format!("{kind} has no printed speed (give `null`)")),
                (None, false) => {}
            }
            if let Some(bad) = t.sp.iter().find(|&&v| v > 6) {
                return Err(format!("{kind}: SP cost {bad} is outside 0..=6"));
            }
            if t.modes.len() != n {
                return Err(format!("{kind}: {} mode marks for {n} copies", t.modes.len()));
            }
            if let Some(c) = &t.custom_modes {
                if c.len() != n {
                    return Err(format!("{kind}: {} custom mode marks for {n} copies", c.len()));
                }
            }
            let yellow = t.yellow.clone().unwrap_or_else(|| vec![false; n]);
            if yellow.len() != n {
                return Err(format!("{kind}: {} yellow flags for {n} copies", yellow.len()));
            }
            let needs_bonus = matches!(kind, Kind::Angulation | Kind::RenewedAttack);
            match (t.bonus, needs_bonus) {
                (Some(b), true) => bonus[kind as usize] = b,
                (None, true) => return Err(format!("{kind} needs its `bonus`")),
                (Some(_), false) => return Err(format!("{kind} has no `bonus`")),
                (None, false) => {}
            }
            for i in 0..n {
                let marks = marks_of(kind.id(), &t.modes[i])?;
                let custom_marks = match &t.custom_modes {
                    Some(c) => marks_of(kind.id(), &c[i])?,
                    None => marks,
                };
                let card = Card { kind, speed: t.speeds.as_ref().map(|s| s[i]) };
                copies.push(CardCopy { card, sp: t.sp[i], marks, custom_marks, yellow: yellow[i] });
            }
        }
        if let Some(missing) = Kind::ALL.iter().find(|k| !seen.contains(k)) {
            return Err(format!("{missing} is missing"));
        }
        let table = CardTable { copies, bonus };
        table.check()?;
        Ok(table)
    }

    fn check(&self) -> Result<(), String> {
        if self.copies.len() != DECK_SIZES[2] {
            return Err(format!("{} cards in all; the game has {}", self.copies.len(), DECK_SIZES[2]));
        }
        for marks in [DeckMarks::Derived, DeckMarks::Custom] {
            for mode in [Mode::Tutorial, Mode::Basic] {
                let n = self.deck(mode, marks).len();
                if n != DECK_SIZES[mode as usize] {
                    return Err(format!(
                        "the {} deck ({marks} marks) has {n} cards; it must have {}",
                        mode.mode_name(),
                        DECK_SIZES[mode as usize]
                    ));
                }
            }
        }
        for a in &self.copies {
            for b in self.copies.iter().filter(|b| b.card == a.card) {
                if a.sp != b.sp || a.yellow != b.yellow {
                    return Err(format!("copies of {} differ in SP cost or colour", a.card));
                }
            }
        }
        let yellow: Vec<&CardCopy> = self.copies.iter().filter(|c| c.yellow).collect();
        let ok = yellow.len() == 2
            && yellow.iter().all(|c| c.card.kind == Kind::StraightThrust && c.marks[1] && c.custom_marks[1]);
        if !ok {
            return Err("the basic deck needs exactly two yellow Straight Thrusts".to_owned());
        }
        Ok(())
    }

    /// Every copy, by index.
    #[must_use]
    pub fn copies(&self) -> &[CardCopy] {
        &self.copies
    }

    /// The copy of index `id`.
    #[must_use]
    pub fn copy(&self, id: u8) -> &CardCopy {
        &self.copies[usize::from(id)]
    }

    /// The face of copy `id`.
    #[must_use]
    pub fn card(&self, id: u8) -> Card {
        self.copy(id).card
    }

    /// The SP cost of a face (all its copies agree).
    #[must_use]
    pub fn sp(&self, card: Card) -> u8 {
        self.copies.iter().find(|c| c.card == card).map_or(0, |c| c.sp)
    }

    /// Whether a face exists in the table.
    #[must_use]
    pub fn has(&self, card: Card) -> bool {
        self.copies.iter().any(|c| c.card == card)
    }

    /// The +2 of Angulation and Renewed Attack.
    #[must_use]
    pub fn bonus(&self, kind: Kind) -> u8 {
        self.bonus[kind as usize]
    }

    /// The copies of `mode`'s deck, by index, in table order.
    #[must_use]
    pub fn deck(&self, mode: Mode, marks: DeckMarks) -> Vec<u8> {
        (0..self.copies.len())
            .filter(|&i| {
                let c = &self.copies[i];
                let m = if marks == DeckMarks::Custom { c.custom_marks } else { c.marks };
                m[mode as usize]
            })
            .map(|i| u8::try_from(i).unwrap_or(u8::MAX))
            .collect()
    }
}

/// The built-in table, `cards.json`, loaded and validated on first use.
///
/// # Panics
/// If the built-in file is invalid (a unit test loads it, so a release never does).
pub fn table() -> &'static CardTable {
    static TABLE: OnceLock<CardTable> = OnceLock::new();
    TABLE.get_or_init(|| match CardTable::from_json(include_str!("cards.json")) {
        Ok(t) => t,
        Err(e) => panic!("the built-in card table is invalid: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = include_str!("cards.json");

    #[test]
    fn the_built_in_table_adds_up() {
        let t = table();
        assert_eq!(t.copies().len(), 54);
        assert_eq!(t.deck(Mode::Tutorial, DeckMarks::Derived).len(), 41);
        assert_eq!(t.deck(Mode::Basic, DeckMarks::Derived).len(), 35);
        assert_eq!(t.deck(Mode::Advanced, DeckMarks::Derived).len(), 54);
        let st3 = Card { kind: Kind::StraightThrust, speed: Some(3) };
        assert_eq!(t.copies().iter().filter(|c| c.yellow && c.card == st3).count(), 2);
        assert_eq!(t.bonus(Kind::Angulation), 2);
        assert_eq!(t.sp("stop_hit:7".parse().unwrap()), 3);
    }

    #[test]
    fn an_edited_table_changes_the_values() {
        // Beat Thrust's copies 4,4,5,5 become 5,5,6,6: the loaded table says so.
        let edited = FILE.replace(
            "\"speeds\": [4, 4, 5, 5],\n      \"speeds_assumption\": \"[spd] values 4 and 5",
            "\"speeds\": [5, 5, 6, 6],\n      \"speeds_assumption\": \"[spd] values 4 and 5",
        );
        assert_ne!(edited, FILE);
        let t = CardTable::from_json(&edited).unwrap();
        let beats: Vec<Option<u8>> =
            t.copies().iter().filter(|c| c.card.kind == Kind::BeatThrust).map(|c| c.card.speed).collect();
        assert_eq!(beats, [Some(5), Some(5), Some(6), Some(6)]);
        assert!(t.has("beat_thrust:6".parse().unwrap()));
        assert!(!table().has("beat_thrust:6".parse().unwrap()));
        // Marks: Flick into basic and Beat out of it keeps 35, and moves the deck.
        let marks = FILE
            .replace("\"modes\": [\"TA\", \"TA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"flanconade\"", "\"modes\": [\"TBA\", \"TBA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"flanconade\"")
            .replacen("\"modes\": [\"TBA\", \"TBA\", \"TBA\", \"TBA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"disengage\"", "\"modes\": [\"TA\", \"TA\", \"TBA\", \"TBA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"disengage\"", 1);
        let t = CardTable::from_json(&marks).unwrap();
        let basic: Vec<Kind> = t.deck(Mode::Basic, DeckMarks::Derived).iter().map(|&i| t.card(i).kind).collect();
        assert_eq!(basic.len(), 35);
        assert_eq!(basic.iter().filter(|&&k| k == Kind::Flick).count(), 2);
        assert_eq!(basic.iter().filter(|&&k| k == Kind::BeatThrust).count(), 2);
    }

    #[test]
    fn a_broken_table_is_refused() {
        let cases = [
            (FILE.replace("\"speeds\": [5, 5],", "\"speeds\": [5],"), "toe_touch: 1 speeds for 2 copies"),
            (FILE.replace("\"speeds\": [5, 5],", "\"speeds\": null,"), "toe_touch: every copy needs a speed"),
            (FILE.replace("\"sp\": [1, 1, 1],", "\"sp\": [1, 1],"), "counter_time: 3 mode marks for 2 copies"),
            (
                FILE.replace("\"modes\": [\"BA\", \"BA\", \"BA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"parry_riposte\"", "\"modes\": [\"TBA\", \"BA\", \"BA\"],\n      \"modes_assumption\": \"[modes] whole-type split of R2.5\"\n    },\n    {\n      \"id\": \"parry_riposte\""),
                "the tutorial deck (derived marks) has 42 cards; it must have 41",
            ),
            (FILE.replace("\"id\": \"feint\",", "\"id\": \"feint_in_time\","), "feint_in_time is listed twice"),
            (FILE.replace("\"sp\": [0, 0, 1, 1, 2, 2, 3],", "\"sp\": [0, 0, 1, 1, 2, 2, 9],"), "stop_hit: SP cost 9 is outside 0..=6"),
            (FILE.replace("\"modes\": [\"A\", \"A\"],\n      \"modes_assumption\": \"none", "\"modes\": [\"A\", \"T\"],\n      \"modes_assumption\": \"none"), "feint: every card is in the advanced deck, so its marks need A (`T`)"),
        ];
        for (text, why) in cases {
            assert_ne!(text, FILE, "the edit for `{why}` did not apply");
            assert_eq!(CardTable::from_json(&text), Err(why.to_owned()));
        }
    }
}
