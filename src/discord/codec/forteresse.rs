//! Forteresse's action codes: after the prefix `f`, a shot is its ring cell, `c` or `r`
//! for the weapon and its direction (`A4cE`, `G1rSW`); a set-up is `S` and the bit masks
//! of its walls and its besieged over the 25 fortress cells, 7 hex digits each; `q` resigns.

use engarde_rules::forteresse::{Action, Cell, Dir, Fortress, Shot, Weapon};

/// The first letter of every Forteresse code.
pub const PREFIX: char = 'f';

/// The code of an action, without the prefix.
#[must_use]
pub fn encode(action: Action) -> String {
    match action {
        Action::Shot(s) => {
            let weapon = if s.weapon == Weapon::Cannon { 'c' } else { 'r' };
            format!("{}{weapon}{}", s.from, s.dir)
        }
        Action::Setup(f) => format!("S{:07x}{:07x}", f.wall_mask(), f.besieged_mask()),
        Action::Resign => "q".to_owned(),
        // Never offered as a button: a draw needs an offer and its acceptance.
        Action::AgreeDraw => "d".to_owned(),
    }
}

/// Decodes a code (without the prefix); `None` if malformed. A set-up decodes only if it
/// is a valid fortress (10 walls, 5 besieged, distinct fortress cells).
#[must_use]
pub fn decode(code: &str) -> Option<Action> {
    if let Some(masks) = code.strip_prefix('S') {
        if masks.len() != 14 || !masks.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let walls = u32::from_str_radix(&masks[..7], 16).ok()?;
        let besieged = u32::from_str_radix(&masks[7..], 16).ok()?;
        return Fortress::from_masks(walls, besieged).ok().map(Action::Setup);
    }
    if code == "q" {
        return Some(Action::Resign);
    }
    let from: Cell = code.get(..2)?.parse().ok()?;
    let weapon = match code.get(2..3)? {
        "c" => Weapon::Cannon,
        "r" => Weapon::Rifle,
        _ => return None,
    };
    let dir: Dir = code.get(3..)?.parse().ok()?;
    // Cell parsing accepts either case; the code is written in upper case only.
    (from.to_string() == code[..2]).then_some(Action::Shot(Shot { from, weapon, dir }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shot_and_a_setup_round_trip() {
        for from in Cell::RING {
            for weapon in [Weapon::Cannon, Weapon::Rifle] {
                for dir in Dir::ALL {
                    let action = Action::Shot(Shot { from, weapon, dir });
                    assert_eq!(decode(&encode(action)), Some(action), "{}", encode(action));
                }
            }
        }
        for seed in 0..50 {
            let action = Action::Setup(Fortress::random(seed));
            assert_eq!(decode(&encode(action)), Some(action));
            assert_eq!(encode(action).len(), 15);
        }
        assert_eq!(decode("q"), Some(Action::Resign));
    }

    #[test]
    fn refuses_forgeries() {
        for bad in ["", "d", "A4xE", "A4c", "A4cQ", "a4cE", "S", "S0000000000000", "Sffffffffffffff", "S12345"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
