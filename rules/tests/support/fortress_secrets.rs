//! Shared by the Forteresse property tests and the bot's `tests/no_leaks.rs` (included
//! there by path): a match that differs from another only in what is hidden.

use engarde_rules::forteresse::{ray, Cell, Forteresse, SavedFortress, Weapon};
use engarde_rules::Seat;

/// The same match with `target`'s fortress changed where no announcement has looked: the
/// contents of the cells that no ray of the round has reached (cells behind the first
/// occupied cell of every shot, and cells no shot crossed) are rotated among themselves.
/// Replaying the round's shots over it gives the same announcements. `None` if `target` has
/// no fortress this round or the changed one breaks `setup_rule`.
pub fn with_hidden_changed(game: &Forteresse, target: Seat) -> Option<Forteresse> {
    let mut saved = game.to_saved();
    let setup = (*saved.setups.get(target))?;
    let (mut walls, mut besieged) = (setup.walls, setup.besieged);
    let bit = |c: Cell| 1u32 << c.fortress_index().unwrap();
    let mut seen = 0u32;
    for s in saved.shots.iter().filter(|s| s.seat == target.other()) {
        for c in ray(s.shot.from, s.shot.dir) {
            seen |= bit(c);
            if (walls | besieged) & bit(c) != 0 {
                if besieged & bit(c) != 0 {
                    besieged &= !bit(c);
                } else if s.shot.weapon == Weapon::Cannon {
                    walls &= !bit(c);
                }
                break;
            }
        }
    }
    let hidden: Vec<Cell> = Cell::FORTRESS.into_iter().filter(|&c| seen & bit(c) == 0).collect();
    let kind = |c: Cell| {
        if setup.walls & bit(c) != 0 {
            1
        } else if setup.besieged & bit(c) != 0 {
            2
        } else {
            0
        }
    };
    let (mut new_walls, mut new_besieged) = (setup.walls & seen, setup.besieged & seen);
    for (i, &c) in hidden.iter().enumerate() {
        match kind(hidden[(i + 1) % hidden.len()]) {
            1 => new_walls |= bit(c),
            2 => new_besieged |= bit(c),
            _ => {}
        }
    }
    *saved.setups.get_mut(target) = Some(SavedFortress { walls: new_walls, besieged: new_besieged });
    Forteresse::from_saved(saved).ok()
}
