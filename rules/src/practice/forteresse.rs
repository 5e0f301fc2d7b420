//! The practice opponent at Forteresse.
//!
//! A seat knows its own fortress and every announcement. Its sampled worlds place the
//! enemy's walls and besieged consistently with what its own shots were told: cell by cell
//! along each of its rays, in order, a cell is decided when a ray first needs it (empty
//! before an announced hit, the announced occupant at its cell; for a rifle's "wall" or a
//! cell-less kill, a coin weighted by what is left decides where the ray stopped); the
//! cells no ray decided are then filled at random with the walls and besieged left.

use super::{Level, Opponent, Random, Seen};
use crate::forteresse::{
    ray, Action, AnswerKind, Cell, DefenceCell, Forteresse, Fortress, SeatView, Shot, Weapon, BESIEGED, WALLS,
};
use crate::{BySeat, Seat};

/// What one seat may know of a Forteresse match.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Knowledge {
    /// The seat's view: its own fortress with its damage, its legal shots, the public view.
    view: SeatView,
    /// The public history, with the other seat's set-ups hidden.
    history: Vec<Seen<Action>>,
}

/// A fortress cell's bit in a mask over [`Cell::FORTRESS`].
fn bit(cell: Cell) -> u32 {
    cell.fortress_index().map_or(0, |i| 1 << i)
}

/// A ring cell's bit in a mask over [`Cell::RING`].
fn ring_bit(cell: Cell) -> u32 {
    cell.ring_index().map_or(0, |i| 1 << i)
}

/// Candidates the search keeps, best by the rules of thumb.
const SEARCHED: usize = 8;

impl Knowledge {
    fn seat(&self) -> Seat {
        self.view.seat
    }

    /// The seat's own set-up and what still stands of it, as masks.
    fn own(&self) -> Option<(Fortress, (u32, u32))> {
        let grid = self.view.fortress?;
        let (mut walls, mut besieged, mut standing_walls, mut standing_besieged) = (0, 0, 0, 0);
        for (cell, value) in grid.cells() {
            match value {
                DefenceCell::Wall => {
                    walls |= bit(cell);
                    standing_walls |= bit(cell);
                }
                DefenceCell::WallDestroyed => walls |= bit(cell),
                DefenceCell::Besieged => {
                    besieged |= bit(cell);
                    standing_besieged |= bit(cell);
                }
                DefenceCell::BesiegedKilled => besieged |= bit(cell),
                DefenceCell::Empty => {}
            }
        }
        let fortress = Fortress::from_masks(walls, besieged).ok()?;
        Some((fortress, (standing_walls, standing_besieged)))
    }

    /// Every legal shot, cannon first for each ring cell and direction.
    fn shots(&self) -> Vec<Shot> {
        let mut out = Vec::new();
        for legal in &self.view.shots {
            for dir in legal.dirs {
                for weapon in Weapon::ALL {
                    out.push(Shot { from: legal.from, weapon, dir });
                }
            }
        }
        out
    }
}

/// An enemy fortress as sampled: its set-up, and what still stands of it.
#[derive(Clone, Copy, Debug)]
struct Enemy {
    walls: u32,
    besieged: u32,
    standing_walls: u32,
    standing_besieged: u32,
}

/// What a sampled cell holds at the start of the round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Content {
    Unknown,
    Empty,
    Wall,
    Besieged,
}

/// One try at an enemy fortress consistent with `seat`'s own announcements; `None` when the
/// coins led to a contradiction (try again).
fn try_enemy(k: &Knowledge, rng: &mut Random) -> Option<Enemy> {
    let mut content = [Content::Unknown; 25];
    let mut gone = 0u32;
    let (mut walls, mut besieged, mut empty) = (WALLS, BESIEGED, 25 - WALLS - BESIEGED);
    let index = |c: Cell| usize::from(c.fortress_index().expect("a ray holds fortress cells"));
    let take = |what: Content, walls: &mut usize, besieged: &mut usize, empty: &mut usize| -> Option<()> {
        let left = match what {
            Content::Wall => walls,
            Content::Besieged => besieged,
            _ => empty,
        };
        *left = left.checked_sub(1)?;
        Some(())
    };
    for a in k.view.public.announcements.iter().filter(|a| a.seat == k.seat()) {
        let cells: Vec<Cell> = ray(a.from, a.dir).collect();
        let mut hit = None;
        for (i, &c) in cells.iter().enumerate() {
            if gone & bit(c) != 0 {
                continue;
            }
            let now = content[index(c)];
            if now == Content::Empty {
                continue;
            }
            if now != Content::Unknown {
                hit = Some(c);
                break;
            }
            let last = i + 1 == cells.len();
            let decided = match (a.answer, a.cell) {
                (AnswerKind::Nothing | AnswerKind::Silence, _) => Content::Empty,
                (answer, Some(at)) if at == c => {
                    if answer == AnswerKind::Wall {
                        Content::Wall
                    } else {
                        Content::Besieged
                    }
                }
                (_, Some(_)) => Content::Empty,
                (answer, None) => {
                    let (kind, left) =
                        if answer == AnswerKind::Wall { (Content::Wall, walls) } else { (Content::Besieged, besieged) };
                    let p = if last || empty == 0 { 1.0 } else { left as f64 / (left + empty) as f64 };
                    if rng.unit() < p {
                        kind
                    } else {
                        Content::Empty
                    }
                }
            };
            take(decided, &mut walls, &mut besieged, &mut empty)?;
            content[index(c)] = decided;
            if decided != Content::Empty {
                hit = Some(c);
                break;
            }
        }
        match (a.answer, hit) {
            (AnswerKind::Nothing | AnswerKind::Silence, None) => {}
            (AnswerKind::Wall, Some(c)) if content[index(c)] == Content::Wall && a.cell.is_none_or(|at| at == c) => {
                if a.weapon == Weapon::Cannon {
                    gone |= bit(c);
                }
            }
            (AnswerKind::Besieged, Some(c))
                if content[index(c)] == Content::Besieged && a.cell.is_none_or(|at| at == c) =>
            {
                gone |= bit(c);
            }
            _ => return None,
        }
    }
    // The cells no ray decided: the walls and besieged left, at random.
    let mut open: Vec<usize> = (0..25).filter(|&i| content[i] == Content::Unknown).collect();
    if open.len() != walls + besieged + empty {
        return None;
    }
    rng.shuffle(&mut open);
    for (n, &i) in open.iter().enumerate() {
        content[i] = if n < walls {
            Content::Wall
        } else if n < walls + besieged {
            Content::Besieged
        } else {
            Content::Empty
        };
    }
    let mask = |what: Content| (0..25).filter(|&i| content[i] == what).fold(0u32, |m, i| m | 1 << i);
    let (w, b) = (mask(Content::Wall), mask(Content::Besieged));
    Some(Enemy { walls: w, besieged: b, standing_walls: w & !gone, standing_besieged: b & !gone })
}

/// An enemy fortress consistent with the announcements (after many failed tries, a random
/// one that may not be: the search then only loses a little accuracy).
fn sample_enemy(k: &Knowledge, rng: &mut Random) -> Enemy {
    for _ in 0..200 {
        if let Some(enemy) = try_enemy(k, rng) {
            return enemy;
        }
    }
    let f = Fortress::random_with(rng.next_u64(), &k.view.public.options);
    let (w, b) = (f.wall_mask(), f.besieged_mask());
    Enemy { walls: w, besieged: b, standing_walls: w, standing_besieged: b }
}

/// What a shot meets first in a fortress of which `walls` and `besieged` stand: its cell
/// and whether it is a besieged; then the next occupied cell behind it.
fn meets(shot: Shot, walls: u32, besieged: u32) -> (Option<(Cell, bool)>, Option<bool>) {
    let mut cells = ray(shot.from, shot.dir).filter(|&c| (walls | besieged) & bit(c) != 0);
    let first = cells.next().map(|c| (c, besieged & bit(c) != 0));
    let behind = cells.next().map(|c| besieged & bit(c) != 0);
    (first, behind)
}

/// The rules of thumb for a shot: over sampled enemy fortresses, 7 per likely kill, what
/// the weapon gives away (3 or 1), and for a cannon the value of opening a wall with a
/// besieged behind it.
fn shot_values(k: &Knowledge, shots: &[Shot], samples: u32, rng: &mut Random) -> Vec<f64> {
    let mut values = vec![0.0; shots.len()];
    let samples = samples.max(1);
    for _ in 0..samples {
        let enemy = sample_enemy(k, rng);
        for (value, &shot) in values.iter_mut().zip(shots) {
            let (first, behind) = meets(shot, enemy.standing_walls, enemy.standing_besieged);
            *value += match (first, shot.weapon) {
                (Some((_, true)), _) => 7.0,
                (Some((_, false)), Weapon::Cannon) => 0.5 + if behind == Some(true) { 3.5 } else { 0.0 },
                _ => 0.0,
            };
        }
    }
    for (value, shot) in values.iter_mut().zip(shots) {
        *value = *value / f64::from(samples) - shot.weapon.cost() as f64;
    }
    values
}

/// How exposed a set-up is: rays whose first cell is a besieged (a rifle kills it), and,
/// less, rays with a besieged right behind the first wall.
fn exposure(f: &Fortress, k: &Knowledge) -> f64 {
    let mut exposed = 0.0;
    for from in Cell::RING {
        for dir in from.dirs_in(k.view.public.options.direction_rule) {
            let shot = Shot { from, weapon: Weapon::Rifle, dir };
            match meets(shot, f.wall_mask(), f.besieged_mask()) {
                (Some((_, true)), _) => exposed += 1.0,
                (Some((_, false)), Some(true)) => exposed += 0.3,
                _ => {}
            }
        }
    }
    exposed
}

/// A set-up: at random (`easy`), or the least exposed of many random ones.
fn set_up(k: &Knowledge, level: Level, samples: u32, rng: &mut Random) -> Fortress {
    let options = &k.view.public.options;
    if level == Level::Easy {
        return Fortress::random_with(rng.next_u64(), options);
    }
    let mut best = Fortress::random_with(rng.next_u64(), options);
    let mut best_exposure = exposure(&best, k);
    for _ in 0..samples.clamp(64, 400) {
        let f = Fortress::random_with(rng.next_u64(), options);
        let e = exposure(&f, k);
        if e < best_exposure {
            best = f;
            best_exposure = e;
        }
    }
    best
}

impl Opponent for Forteresse {
    type Knowledge = Knowledge;
    type World = Self;

    fn is_secret(action: &Action) -> bool {
        matches!(action, Action::Setup(_))
    }

    fn knowledge(&self, seat: Seat, history: Vec<Seen<Action>>) -> Knowledge {
        Knowledge { view: self.view(seat), history }
    }

    fn to_decide(k: &Knowledge) -> bool {
        k.view.public.to_act.includes(k.seat())
    }

    fn candidates(k: &Knowledge, rng: &mut Random) -> Vec<Action> {
        if k.view.needs_setup {
            return Vec::new();
        }
        let shots = k.shots();
        let values = shot_values(k, &shots, 48, rng);
        let mut order: Vec<usize> = (0..shots.len()).collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        order.truncate(SEARCHED);
        order.into_iter().map(|i| Action::Shot(shots[i])).collect()
    }

    fn rule_of_thumb(k: &Knowledge, level: Level, samples: u32, rng: &mut Random) -> Action {
        if k.view.needs_setup {
            return Action::Setup(set_up(k, level, samples, rng));
        }
        let shots = k.shots();
        let values = shot_values(k, &shots, samples, rng);
        let noise = if level == Level::Easy { 4.0 } else { 0.0 };
        let mut best = (0, f64::NEG_INFINITY);
        for (i, v) in values.iter().enumerate() {
            let v = v + noise * rng.unit();
            if v > best.1 {
                best = (i, v);
            }
        }
        Action::Shot(shots[best.0])
    }

    fn determinize(k: &Knowledge, rng: &mut Random) -> Forteresse {
        let p = &k.view.public;
        let seat = k.seat();
        let (own, own_standing) = k.own().expect("a seat that shoots has set up");
        let enemy = sample_enemy(k, rng);
        let enemy_setup = Fortress::from_masks(enemy.walls, enemy.besieged)
            .unwrap_or_else(|_| Fortress::random_with(rng.next_u64(), &p.options));
        let mut setups = BySeat { a: own, b: own };
        *setups.get_mut(seat.other()) = enemy_setup;
        let mut standing = BySeat { a: own_standing, b: own_standing };
        *standing.get_mut(seat.other()) = (enemy.standing_walls, enemy.standing_besieged);
        let used = p.used.clone().map(|cells| cells.iter().fold(0, |m, &c| m | ring_bit(c)));
        let shots = BySeat::new_with(|s| (*p.cannon.get(s), *p.rifle.get(s)));
        let shooter = p.to_act.single().unwrap_or(seat);
        Forteresse::for_search(p.options, p.round, p.round_first, setups, standing, used, shots, p.killed, shooter)
    }

    fn play_in_world(world: &mut Forteresse, seat: Seat, action: Action) {
        world.play(seat, action).expect("a legal shot of the seat is legal in every world it imagines");
    }

    fn play_out(world: &mut Forteresse, seat: Seat, rng: &mut Random) -> f64 {
        while world.round_scores().is_empty() {
            let Some(shooter) = world.to_act().single() else { break };
            let free: Vec<Cell> =
                Cell::RING.into_iter().filter(|&c| !world.legal_dirs(shooter, c).is_empty()).collect();
            let from = free[rng.below(free.len())];
            let dirs = world.legal_dirs(shooter, from);
            let dir = dirs.into_iter().nth(rng.below(dirs.len())).expect("a free cell has a direction");
            let weapon = if rng.below(5) == 0 { Weapon::Cannon } else { Weapon::Rifle };
            world.play_unchecked(shooter, Action::Shot(Shot { from, weapon, dir }));
        }
        let Some(round) = world.round_scores().first() else { return 0.5 };
        let diff = f64::from(*round.score.get(seat)) - f64::from(*round.score.get(seat.other()));
        0.5 + diff / 214.0
    }
}
