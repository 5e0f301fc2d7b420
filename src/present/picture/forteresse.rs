//! Forteresse: both attack grids and the tallies; a seat's own fortress; the target while
//! aiming; both fortresses of every round at the end.

use engarde_rules::forteresse::{
    ray, Announcement, AttackCell, Cell, DefenceCell, DefenceGrid, Event, Fortress, Occupant, PublicView, RoundSummary,
    SeatView, Weapon,
};
use engarde_rules::{BySeat, Seat, ToAct};

use super::canvas::{Align, Canvas, Ink};
use super::parts;
use super::{Picture, SMALLEST_TEXT};

/// The board's size.
pub(crate) const BOARD: (u32, u32) = (800, 292);

/// A grid on the canvas: its top-left corner and its cell size.
#[derive(Clone, Copy)]
struct At {
    x: f32,
    y: f32,
    cell: f32,
}

impl At {
    fn centre(self, cell: Cell) -> (f32, f32) {
        (self.x + (f32::from(cell.col()) + 0.5) * self.cell, self.y + (f32::from(cell.row()) + 0.5) * self.cell)
    }

    fn corner(self, cell: Cell) -> (f32, f32) {
        (self.x + f32::from(cell.col()) * self.cell, self.y + f32::from(cell.row()) * self.cell)
    }
}

/// Every cell of the grid, row by row.
fn all_cells() -> impl Iterator<Item = Cell> {
    (0..7u8).flat_map(|r| (0..7u8).filter_map(move |c| Cell::new(c, r)))
}

/// The letters above and the digits beside a grid, and the fortress's square.
fn frame(c: &mut Canvas, at: At, seat: Seat) {
    let size = (at.cell * 0.36).round().max(SMALLEST_TEXT);
    for i in 0..7u8 {
        let letter = char::from(b'A' + i).to_string();
        let x = at.x + (f32::from(i) + 0.5) * at.cell;
        c.text_centred(x, at.y - size * 0.5 - 7.0, size, &letter, Ink::Muted);
        let y = at.y + (f32::from(i) + 0.5) * at.cell;
        c.text_centred(at.x - size * 0.6 - 6.0, y, size, &(i + 1).to_string(), Ink::Muted);
    }
    let (x, y, s) = (at.x + at.cell - 3.0, at.y + at.cell - 3.0, at.cell * 5.0 + 6.0);
    c.rrect(x, y, s, s, 8.0, Ink::Panel);
    c.rrect_line(x, y, s, s, 8.0, 2.0, Ink::seat_deep(seat));
}

/// A ring cell: an empty slot, or used (filled in `seat`'s deep colour with a dot).
fn ring_cell(c: &mut Canvas, at: At, cell: Cell, used: bool, seat: Seat) {
    let (x, y) = at.corner(cell);
    let i = at.cell * 0.14;
    let s = at.cell - 2.0 * i;
    if used {
        c.rrect(x + i, y + i, s, s, s * 0.25, Ink::seat_deep(seat));
        c.circle(x + at.cell / 2.0, y + at.cell / 2.0, at.cell * 0.09, Ink::seat(seat));
    } else {
        c.rrect_line(x + i, y + i, s, s, s * 0.25, 1.5, Ink::Track);
    }
}

/// A destroyed wall: the block's outline, broken by a crack.
fn rubble(c: &mut Canvas, x: f32, y: f32, s: f32) {
    let i = s * 0.16;
    c.rrect_line(x + i, y + i, s - 2.0 * i, s - 2.0 * i, s * 0.12, 2.0, Ink::Stone);
    c.polyline(
        &[(x + s * 0.3, y + i), (x + s * 0.46, y + s * 0.42), (x + s * 0.36, y + s * 0.58), (x + s * 0.56, y + s - i)],
        2.5,
        Ink::Stone,
    );
}

/// A standing wall: a block of bricks.
fn wall(c: &mut Canvas, x: f32, y: f32, s: f32) {
    let i = s * 0.12;
    let (l, r, t, b) = (x + i, x + s - i, y + i, y + s - i);
    c.rrect(l, t, r - l, b - t, s * 0.1, Ink::Stone);
    let m = (t + b) / 2.0;
    c.line(l, m, r, m, 1.5, Ink::Line);
    c.line((l + r) / 2.0, t, (l + r) / 2.0, m, 1.5, Ink::Line);
    c.line(l + (r - l) * 0.25, m, l + (r - l) * 0.25, b, 1.5, Ink::Line);
    c.line(l + (r - l) * 0.75, m, l + (r - l) * 0.75, b, 1.5, Ink::Line);
}

/// A besieged: a person's head and shoulders in `ink`.
fn besieged(c: &mut Canvas, cx: f32, cy: f32, s: f32, ink: Ink) {
    c.circle(cx, cy - s * 0.14, s * 0.16, ink);
    c.rrect(cx - s * 0.25, cy + s * 0.07, s * 0.5, s * 0.24, s * 0.12, ink);
}

/// A killed besieged: a red disc with a white cross.
fn killed(c: &mut Canvas, cx: f32, cy: f32, s: f32) {
    c.circle(cx, cy, s * 0.32, Ink::Red);
    let d = s * 0.13;
    c.line(cx - d, cy - d, cx + d, cy + d, 2.5, Ink::White);
    c.line(cx + d, cy - d, cx - d, cy + d, 2.5, Ink::White);
}

/// What `shooter` knows of the enemy fortress, the ring cells it used, and its last shot.
/// With `full` false, only what differs from a fresh round's grid is drawn (over a layer
/// holding [`fresh_grid`]).
fn attack_grid(c: &mut Canvas, at: At, p: &PublicView, shooter: Seat, shot: Option<&Announcement>, full: bool) {
    if full {
        fresh_grid(c, at, shooter);
    }
    let used = p.used.get(shooter);
    let grid = p.attack.get(shooter);
    let size = at.cell as u32;
    for cell in all_cells() {
        let (x, y) = at.corner(cell);
        let (cx, cy) = (at.cell / 2.0, at.cell / 2.0);
        let s = at.cell;
        match grid.get(cell) {
            None if used.contains(&cell) => {
                let key = format!("ring {size} {shooter:?}");
                // Inside the cell, clear of the fortress's frame in the ring's cells.
                let origin = At { x: at.x - x - 4.0, y: at.y - y - 4.0, cell: s };
                c.stamp(&key, x + 4.0, y + 4.0, size - 8, size - 8, Ink::Bg, |c| {
                    ring_cell(c, origin, cell, true, shooter);
                });
            }
            None | Some(AttackCell::Unknown) => {}
            Some(AttackCell::Empty) => {
                c.stamp(&format!("empty {size}"), x, y, size, size, Ink::Panel, |c| {
                    c.circle(cx, cy, s * 0.08, Ink::Muted)
                });
            }
            Some(AttackCell::WallDestroyed) => {
                c.stamp(&format!("rubble {size}"), x, y, size, size, Ink::Panel, |c| rubble(c, 0.0, 0.0, s));
            }
            Some(AttackCell::BesiegedKilled) => {
                c.stamp(&format!("killed {size}"), x, y, size, size, Ink::Panel, |c| killed(c, cx, cy, s));
            }
        }
    }
    if let Some(a) = shot {
        shot_path(c, at, a);
    }
}

/// A grid as a round starts: its frame, the ring's empty slots, every fortress cell unknown.
fn fresh_grid(c: &mut Canvas, at: At, shooter: Seat) {
    frame(c, at, shooter);
    for cell in all_cells() {
        let (x, y) = at.corner(cell);
        if cell.is_ring() {
            ring_cell(c, at, cell, false, shooter);
        } else {
            let i = at.cell * 0.1;
            c.rrect(x + i, y + i, at.cell - 2.0 * i, at.cell - 2.0 * i, at.cell * 0.16, Ink::Track);
        }
    }
}

/// The path of a shot: from its ring cell, along its direction to the cell it hit, or
/// through the whole fortress (a miss), or dashed where the answer does not say where it
/// stopped (a rifle on a wall).
fn shot_path(c: &mut Canvas, at: At, a: &Announcement) {
    let ink = Ink::seat(a.seat);
    let (x0, y0) = at.centre(a.from);
    let cells: Vec<Cell> = ray(a.from, a.dir).collect();
    let end = match a.cell {
        Some(hit) => cells.iter().position(|&c| c == hit).map_or(cells.len(), |i| i + 1),
        None => cells.len(),
    };
    let last = cells.get(end.saturating_sub(1)).copied().unwrap_or(a.from);
    let (x1, y1) = at.centre(last);
    let (x, y) = at.corner(a.from);
    let i = at.cell * 0.08;
    c.rrect(x + i, y + i, at.cell - 2.0 * i, at.cell - 2.0 * i, at.cell * 0.22, ink);
    let w = weapon_width(a.weapon, at.cell);
    let (dx, dy) = a.dir.delta();
    let (dx, dy) = (f32::from(dx), f32::from(dy));
    // The tip: at the near edge of the cell hit, or past the last cell of a miss.
    let reach = if a.cell.is_some() { -0.36 } else { 0.5 };
    let (tx, ty) = (x1 + dx * at.cell * reach, y1 + dy * at.cell * reach);
    let (bx, by) = (tx - dx * at.cell * 0.2, ty - dy * at.cell * 0.2);
    if a.cell.is_some() || a.answer.is_miss() {
        c.line(x0, y0, bx, by, w, ink);
    } else {
        // A rifle on a wall: the answer does not say where the ray stopped.
        c.dashed(x0, y0, bx, by, w, at.cell * 0.2, ink);
    }
    c.arrow_head(x0, y0, tx, ty, at.cell * 0.36, ink);
    weapon_icon(c, x0, y0, a.weapon, at.cell * 0.5, Ink::White);
    if let Some(hit) = a.cell {
        let (hx, hy) = at.centre(hit);
        c.ring(hx, hy, at.cell * 0.44, 2.5, Ink::Text);
    }
}

fn weapon_width(weapon: Weapon, cell: f32) -> f32 {
    match weapon {
        Weapon::Cannon => cell * 0.16,
        Weapon::Rifle => cell * 0.08,
    }
}

/// A weapon's symbol, `s` across: a cannon ball, or a rifle's slim bullet.
fn weapon_icon(c: &mut Canvas, cx: f32, cy: f32, weapon: Weapon, s: f32, ink: Ink) {
    match weapon {
        Weapon::Cannon => c.circle(cx, cy, s * 0.36, ink),
        Weapon::Rifle => {
            c.rrect(cx - s * 0.14, cy - s * 0.34, s * 0.28, s * 0.68, s * 0.14, ink);
        }
    }
}

/// A seat's tallies in the middle column: token, total score, kills, cannon and rifle shots.
fn tallies(c: &mut Canvas, cx: f32, top: f32, p: &PublicView, seat: Seat, full: bool) {
    if full {
        fixed_tallies(c, cx, top, seat);
    }
    let to_act = match p.to_act {
        ToAct::One(s) => s == seat,
        ToAct::Both => !p.set_up.get(seat),
        ToAct::Nobody => false,
    };
    parts::token_stamp(c, cx, top + 14.0, 12.0, seat, to_act);
    if p.finished && p.winner == Some(seat) {
        parts::star(c, cx, top + 14.0, 8.0, Ink::Gold);
    }
    if *p.set_up.get(seat) && p.announcements.is_empty() && !p.finished {
        c.polyline(&[(cx + 22.0, top + 14.0), (cx + 27.0, top + 19.0), (cx + 36.0, top + 8.0)], 3.0, Ink::Green);
    }
    c.label(cx, top + 58.0 - 13.0, 26.0, &p.score.get(seat).to_string(), Ink::Text, Align::Centre, Ink::Bg);
    // Besieged killed in the enemy fortress this round, out of five.
    let kills = *p.killed.get(seat);
    for i in 0..kills.min(5) {
        let x = cx + (f32::from(i) - 2.0) * 19.0;
        c.stamp("tally killed", x - 9.0, top + 94.0, 18, 20, Ink::Bg, |c| killed(c, 9.0, 10.0, 26.0));
    }
    for (k, n) in [(0.0, *p.cannon.get(seat)), (1.0, *p.rifle.get(seat))] {
        let y = top + 140.0 + k * 32.0;
        c.label(cx - 6.0, y - 10.0, SMALLEST_TEXT, &n.to_string(), Ink::Text, Align::Left, Ink::Bg);
    }
}

/// The tallies' fixed parts: five besieged, the weapons' symbols.
fn fixed_tallies(c: &mut Canvas, cx: f32, top: f32, seat: Seat) {
    for i in 0..5u8 {
        let x = cx + (f32::from(i) - 2.0) * 19.0;
        besieged(c, x, top + 104.0, 26.0, Ink::Line);
    }
    for (k, weapon) in [(0.0, Weapon::Cannon), (1.0, Weapon::Rifle)] {
        let y = top + 140.0 + k * 32.0;
        weapon_icon(c, cx - 22.0, y, weapon, 22.0, Ink::seat(seat));
    }
}

/// The last shot of the decision, if it is still on this round's grids.
fn last_shot<'a>(p: &PublicView, last: &'a [Event]) -> Option<&'a Announcement> {
    last.iter().rev().find_map(|e| match e {
        Event::Shot(a) if p.announcements.last() == Some(a) => Some(a),
        _ => None,
    })
}

/// The board: A's attack grid on the left, B's on the right, the tallies between them.
pub(crate) fn board(p: &PublicView, last: &[Event]) -> Picture {
    canvas(p, last).finish()
}

/// The board, drawn but not encoded (a replay's frame). A decision that ended round 1
/// shows round 1 as it ended ([`crate::present::forteresse::shown`]).
pub(crate) fn canvas(p: &PublicView, last: &[Event]) -> Canvas {
    let shown = crate::present::forteresse::shown(p, last);
    let p: &PublicView = &shown;
    let mut c = Canvas::on(super::canvas::layer("forteresse".to_owned(), || {
        let mut c = Canvas::new(BOARD.0, BOARD.1, Ink::Bg);
        let w = BOARD.0 as f32;
        fresh_grid(&mut c, At { x: 40.0, y: 52.0, cell: 32.0 }, Seat::A);
        fresh_grid(&mut c, At { x: w - 40.0 - 7.0 * 32.0, y: 52.0, cell: 32.0 }, Seat::B);
        c.rect(w / 2.0 - 1.0, 56.0, 2.0, 210.0, Ink::Track);
        fixed_tallies(&mut c, w / 2.0 - 68.0, 52.0, Seat::A);
        fixed_tallies(&mut c, w / 2.0 + 68.0, 52.0, Seat::B);
        c
    }));
    draw_board(&mut c, p, last);
    c
}

fn draw_board(c: &mut Canvas, p: &PublicView, last: &[Event]) {
    let shot = last_shot(p, last);
    let cell = 32.0;
    let y = 52.0;
    let w = BOARD.0 as f32;
    attack_grid(c, At { x: 40.0, y, cell }, p, Seat::A, shot.filter(|a| a.seat == Seat::A), false);
    attack_grid(c, At { x: w - 40.0 - 7.0 * cell, y, cell }, p, Seat::B, shot.filter(|a| a.seat == Seat::B), false);
    // The round: two pips, the current one filled.
    for r in 0..2u8 {
        let x = w / 2.0 + (f32::from(r) - 0.5) * 22.0;
        if r < p.round {
            c.circle(x, 26.0, 6.0, Ink::Text);
        } else {
            c.ring(x, 26.0, 5.0, 2.0, Ink::Line);
        }
    }
    tallies(c, w / 2.0 - 68.0, 52.0, p, Seat::A, false);
    tallies(c, w / 2.0 + 68.0, 52.0, p, Seat::B, false);
}

/// A seat's own fortress with the damage done, and the ring cells the enemy fired from.
fn defence_grid(c: &mut Canvas, at: At, grid: Option<&DefenceGrid>, owner: Seat, enemy_used: &[Cell]) {
    frame(c, at, owner);
    for cell in all_cells() {
        let (x, y) = at.corner(cell);
        let (cx, cy) = at.centre(cell);
        match grid.and_then(|g| g.get(cell)) {
            None if cell.is_ring() => ring_cell(c, at, cell, enemy_used.contains(&cell), owner.other()),
            None | Some(DefenceCell::Empty) => c.circle(cx, cy, at.cell * 0.06, Ink::Line),
            Some(DefenceCell::Wall) => wall(c, x, y, at.cell),
            Some(DefenceCell::WallDestroyed) => rubble(c, x, y, at.cell),
            Some(DefenceCell::Besieged) => besieged(c, cx, cy, at.cell, Ink::seat_soft(owner)),
            Some(DefenceCell::BesiegedKilled) => killed(c, cx, cy, at.cell),
        }
    }
}

/// What [`prompt`] shows of `v`, as a cache key: the seat's fortress, every ring cell used,
/// what it knows of the enemy's, and both seats' tallies.
pub(crate) fn prompt_key(v: &SeatView) -> String {
    let p = &v.public;
    format!(
        "forteresse prompt {:?} {:?} {:?} {:?} {:?} {:?} {} {:?} {} {:?} {:?} {:?} {:?}",
        v.seat,
        v.fortress,
        p.used,
        p.attack.get(v.seat),
        p.to_act,
        p.set_up,
        p.finished,
        p.winner,
        p.announcements.is_empty(),
        p.score,
        p.killed,
        p.cannon,
        p.rifle,
    )
}

/// What [`aim`] shows of `v` aimed from `from`, as a cache key.
pub(crate) fn aim_key(v: &SeatView, from: Cell) -> String {
    let p = &v.public;
    let dirs = v.shots.iter().find(|s| s.from == from).map(|s| s.dirs);
    format!("forteresse aim {:?} {:?} {:?} {from:?} {dirs:?}", v.seat, p.used.get(v.seat), p.attack.get(v.seat))
}

/// A seat's prompt: its own fortress with the damage (left), what it knows of the enemy's
/// (right), the tallies between.
pub(crate) fn prompt(v: &SeatView) -> Picture {
    let cell = 32.0;
    let w = BOARD.0 as f32;
    let me = v.seat;
    let (mine, theirs) = (At { x: 40.0, y: 52.0, cell }, At { x: w - 40.0 - 7.0 * cell, y: 52.0, cell });
    // What never changes: both grids as a round starts, the tallies' fixed parts.
    let mut c = Canvas::on(super::canvas::layer(format!("forteresse prompt {me:?}"), || {
        let mut c = Canvas::new(BOARD.0, BOARD.1, Ink::Bg);
        defence_grid(&mut c, mine, None, me, &[]);
        fresh_grid(&mut c, theirs, me);
        c.rect(w / 2.0 - 1.0, 56.0, 2.0, 210.0, Ink::Track);
        fixed_tallies(&mut c, w / 2.0 - 68.0, 52.0, me.other());
        fixed_tallies(&mut c, w / 2.0 + 68.0, 52.0, me);
        c
    }));
    defence_changes(&mut c, mine, v.fortress.as_ref(), me, v.public.used.get(me.other()));
    attack_grid(&mut c, theirs, &v.public, me, None, false);
    tallies(&mut c, w / 2.0 - 68.0, 52.0, &v.public, me.other(), false);
    tallies(&mut c, w / 2.0 + 68.0, 52.0, &v.public, me, false);
    c.finish()
}

/// A seat's own fortress drawn over [`defence_grid`]'s empty grid: each occupied cell, and
/// the ring cells the enemy fired from, stamped whole.
fn defence_changes(c: &mut Canvas, at: At, grid: Option<&DefenceGrid>, owner: Seat, enemy_used: &[Cell]) {
    let size = at.cell as u32;
    let s = at.cell;
    let (cx, cy) = (s / 2.0, s / 2.0);
    let enemy = owner.other();
    for cell in all_cells() {
        let (x, y) = at.corner(cell);
        match grid.and_then(|g| g.get(cell)) {
            None if cell.is_ring() && enemy_used.contains(&cell) => {
                // Inside the cell, clear of the fortress's frame in the ring's cells.
                let origin = At { x: at.x - x - 4.0, y: at.y - y - 4.0, cell: s };
                c.stamp(&format!("ring {size} {enemy:?}"), x + 4.0, y + 4.0, size - 8, size - 8, Ink::Bg, |c| {
                    ring_cell(c, origin, cell, true, enemy);
                });
            }
            None | Some(DefenceCell::Empty) => {}
            Some(DefenceCell::Wall) => {
                c.stamp(&format!("wall {size}"), x, y, size, size, Ink::Panel, |c| wall(c, 0.0, 0.0, s));
            }
            Some(DefenceCell::WallDestroyed) => {
                c.stamp(&format!("rubble {size}"), x, y, size, size, Ink::Panel, |c| rubble(c, 0.0, 0.0, s));
            }
            Some(DefenceCell::Besieged) => {
                c.stamp(&format!("besieged {size} {owner:?}"), x, y, size, size, Ink::Panel, |c| {
                    besieged(c, cx, cy, s, Ink::seat_soft(owner));
                });
            }
            Some(DefenceCell::BesiegedKilled) => {
                c.stamp(&format!("killed {size}"), x, y, size, size, Ink::Panel, |c| killed(c, cx, cy, s));
            }
        }
    }
}

/// Aiming: what the seat knows of the enemy fortress, the chosen ring cell, and an arrow
/// for each legal direction from it (none if the cell is not one of the seat's shots).
pub(crate) fn aim(v: &SeatView, from: Cell) -> Picture {
    let cell = 44.0;
    let side = (7.0 * cell + 76.0) as u32;
    let mut c = Canvas::new(side, side, Ink::Bg);
    let at = At { x: 46.0, y: 46.0, cell };
    attack_grid(&mut c, at, &v.public, v.seat, None, true);
    let ink = Ink::seat(v.seat);
    let (x, y) = at.corner(from);
    let i = cell * 0.08;
    c.rrect(x + i, y + i, cell - 2.0 * i, cell - 2.0 * i, cell * 0.22, ink);
    let (x0, y0) = at.centre(from);
    let dirs = v.shots.iter().find(|s| s.from == from).map(|s| s.dirs);
    for dir in dirs.into_iter().flatten() {
        let cells: Vec<Cell> = ray(from, dir).collect();
        if let Some(&end) = cells.last() {
            let (x1, y1) = at.centre(end);
            c.dashed(x0, y0, x1, y1, 2.0, 5.0, Ink::seat_soft(v.seat));
        }
        let (dx, dy) = dir.delta();
        let (tx, ty) = (x0 + f32::from(dx) * cell * 0.95, y0 + f32::from(dy) * cell * 0.95);
        c.line(x0, y0, tx - f32::from(dx) * 8.0, ty - f32::from(dy) * 8.0, 5.0, ink);
        c.arrow_head(x0, y0, tx, ty, 16.0, ink);
    }
    c.circle(x0, y0, cell * 0.12, Ink::White);
    c.finish()
}

/// Both fortresses of one round as they ended, and the shots fired at them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundEnd {
    /// Each seat's set-up, once placed.
    pub setups: BySeat<Option<Fortress>>,
    /// The round's shots.
    pub shots: Vec<Announcement>,
    /// The round's summary, once it ended.
    pub summary: Option<RoundSummary>,
}

/// A fortress with the damage of `shots` (those fired at it), by the rules of F3 and F4.
fn damaged(fortress: &Fortress, shots: &[Announcement]) -> DefenceGrid {
    let mut standing: Vec<Cell> = fortress.walls().chain(fortress.besieged()).collect();
    for a in shots {
        if let Some(hit) = ray(a.from, a.dir).find(|c| standing.contains(c)) {
            if a.weapon == Weapon::Cannon || fortress.at(hit) == Occupant::Besieged {
                standing.retain(|&c| c != hit);
            }
        }
    }
    let mut grid = [DefenceCell::Empty; 25];
    for (i, cell) in Cell::FORTRESS.into_iter().enumerate() {
        let up = standing.contains(&cell);
        grid[i] = match (fortress.at(cell), up) {
            (Occupant::Empty, _) => DefenceCell::Empty,
            (Occupant::Wall, true) => DefenceCell::Wall,
            (Occupant::Wall, false) => DefenceCell::WallDestroyed,
            (Occupant::Besieged, true) => DefenceCell::Besieged,
            (Occupant::Besieged, false) => DefenceCell::BesiegedKilled,
        };
    }
    engarde_rules::forteresse::Grid(grid)
}

/// The end: for every round, both fortresses as they ended with every shot's ring cell,
/// each round's scores between them.
pub(crate) fn reveal(p: &PublicView, rounds: &[RoundEnd]) -> Picture {
    let cell = 26.0;
    let row_h = 7.0 * cell + 58.0;
    let h = (row_h * rounds.len().max(1) as f32 + 12.0) as u32;
    let w = BOARD.0 as f32;
    let mut c = Canvas::new(BOARD.0, h, Ink::Bg);
    for (r, round) in rounds.iter().enumerate() {
        let top = 40.0 + r as f32 * row_h;
        for seat in Seat::ALL {
            let x = if seat == Seat::A { 90.0 } else { w - 90.0 - 7.0 * cell };
            let grid = round.setups.get(seat).as_ref().map(|f| {
                let at_me: Vec<Announcement> = round.shots.iter().filter(|a| a.seat != seat).copied().collect();
                damaged(f, &at_me)
            });
            let used: Vec<Cell> = round.shots.iter().filter(|a| a.seat != seat).map(|a| a.from).collect();
            defence_grid(&mut c, At { x, y: top, cell }, grid.as_ref(), seat, &used);
            let tx = if seat == Seat::A { 34.0 } else { w - 34.0 };
            parts::token(&mut c, tx, top + 3.5 * cell, 11.0, seat, false);
        }
        // The round's number and scores.
        let cx = w / 2.0;
        c.text_centred(cx, top + 12.0, SMALLEST_TEXT, &(r + 1).to_string(), Ink::Muted);
        if let Some(s) = round.summary {
            for seat in Seat::ALL {
                let dx = if seat == Seat::A { -46.0 } else { 46.0 };
                c.text_centred(cx + dx, top + 3.5 * cell, 24.0, &s.score.get(seat).to_string(), Ink::seat(seat));
            }
        }
        if r + 1 == rounds.len() {
            for seat in Seat::ALL {
                let dx = if seat == Seat::A { -46.0 } else { 46.0 };
                let y = top + 3.5 * cell + 52.0;
                c.text_centred(cx + dx, y, SMALLEST_TEXT, &p.score.get(seat).to_string(), Ink::Text);
                if p.winner == Some(seat) {
                    parts::star(&mut c, cx + dx, y + 30.0, 10.0, Ink::Gold);
                }
            }
        }
    }
    c.finish_small()
}
