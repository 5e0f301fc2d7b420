//! Ready... Fence!: the strip board and the hand of cards.

use engarde_rules::readyfence::{table, Card, Guard, Kind, PhraseStep, PublicView, Role, SeatView};
use engarde_rules::{BySeat, Seat, ToAct};
use tiny_skia::PathBuilder;

use super::canvas::{Align, Canvas, Ink};
use super::parts;
use super::{Picture, SMALLEST_TEXT};

/// The board's size.
pub(crate) const BOARD: (u32, u32) = (800, 312);

/// The centre of block `i` (0 and 11: the end zones).
fn block_x(i: u8) -> f32 {
    70.0 + 60.0 * f32::from(i)
}

const STRIP_Y: f32 = 122.0;
const STRIP_H: f32 = 46.0;
const BLOCK_W: f32 = 54.0;

/// A card's colours (two for the cards of two roles).
fn colours(kind: Kind) -> (Ink, Option<Ink>) {
    match kind {
        Kind::StraightThrust
        | Kind::BeatThrust
        | Kind::ToeTouch
        | Kind::GlideAttack
        | Kind::Flick
        | Kind::Flanconade
        | Kind::Fleche => (Ink::Red, None),
        Kind::Disengage => (Ink::Red, Some(Ink::Cyan)),
        Kind::ParryRiposte | Kind::CedingParry | Kind::CounterTime => (Ink::Azure, None),
        Kind::Infighting => (Ink::Azure, Some(Ink::Red)),
        Kind::StopHit | Kind::FeintInTime => (Ink::Cyan, None),
        Kind::Joker => (Ink::Gold, None),
        Kind::Angulation => (Ink::Amber, Some(Ink::Cyan)),
        Kind::RenewedAttack | Kind::Feint => (Ink::Amber, None),
    }
}

/// The symbol of a card's kind, `s` across, centred on `(cx, cy)`.
#[allow(clippy::too_many_lines)]
fn kind_icon(c: &mut Canvas, cx: f32, cy: f32, s: f32, kind: Kind, ink: Ink) {
    let w = s * 0.09;
    let h = s / 2.0;
    let arrow = |c: &mut Canvas, x1: f32, y1: f32, x2: f32, y2: f32| {
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt();
        let back = s * 0.2 / len;
        c.line(x1, y1, x2 - dx * back, y2 - dy * back, w, ink);
        c.arrow_head(x1, y1, x2, y2, s * 0.3, ink);
    };
    match kind {
        Kind::StraightThrust => arrow(c, cx - h, cy, cx + h, cy),
        Kind::BeatThrust => {
            arrow(c, cx - h * 0.6, cy, cx + h, cy);
            c.line(cx - h, cy - h * 0.5, cx - h * 0.55, cy + h * 0.5, w, ink);
        }
        Kind::Disengage => {
            let mut pb = PathBuilder::new();
            pb.move_to(cx - h, cy + h * 0.3);
            pb.cubic_to(cx - h * 0.3, cy + h * 1.0, cx - h * 0.1, cy - h * 0.9, cx + h * 0.5, cy - h * 0.2);
            if let Some(p) = pb.finish() {
                c.stroke(&p, w, ink);
            }
            c.arrow_head(cx + h * 0.2, cy - h * 0.45, cx + h, cy + h * 0.1, s * 0.3, ink);
        }
        Kind::ToeTouch => {
            arrow(c, cx - h, cy - h * 0.6, cx + h * 0.8, cy + h * 0.5);
            c.line(cx - h, cy + h * 0.85, cx + h, cy + h * 0.85, w * 0.7, ink);
        }
        Kind::GlideAttack => {
            arrow(c, cx - h, cy - h * 0.2, cx + h, cy - h * 0.2);
            c.line(cx - h, cy + h * 0.35, cx + h * 0.6, cy + h * 0.35, w * 0.7, ink);
        }
        Kind::Flick => {
            let mut pb = PathBuilder::new();
            pb.move_to(cx - h, cy + h * 0.5);
            pb.quad_to(cx - h * 0.1, cy - h * 1.4, cx + h * 0.55, cy + h * 0.1);
            if let Some(p) = pb.finish() {
                c.stroke(&p, w, ink);
            }
            c.arrow_head(cx + h * 0.2, cy - h * 0.5, cx + h * 0.8, cy + h * 0.6, s * 0.3, ink);
        }
        Kind::Flanconade => {
            c.ring(cx - h * 0.35, cy, h * 0.45, w, ink);
            arrow(c, cx - h * 0.35, cy + h * 0.45, cx + h, cy + h * 0.45);
        }
        Kind::Fleche => {
            arrow(c, cx - h * 0.7, cy, cx + h, cy);
            for k in [0.0, 0.3] {
                let x = cx - h + k * h;
                c.polyline(
                    &[(x - h * 0.1, cy - h * 0.35), (x + h * 0.15, cy), (x - h * 0.1, cy + h * 0.35)],
                    w * 0.8,
                    ink,
                );
            }
        }
        Kind::ParryRiposte => {
            c.line(cx + h * 0.6, cy - h, cx + h * 0.6, cy + h, w * 1.2, ink);
            arrow(c, cx + h * 0.2, cy + h * 0.35, cx - h, cy + h * 0.35);
        }
        Kind::CedingParry => {
            c.line(cx + h * 0.1, cy - h, cx + h * 0.7, cy + h, w * 1.2, ink);
            c.line(cx - h, cy, cx - h * 0.1, cy, w, ink);
        }
        Kind::Infighting => {
            arrow(c, cx - h, cy - h * 0.3, cx - h * 0.05, cy - h * 0.3);
            arrow(c, cx + h, cy + h * 0.3, cx + h * 0.05, cy + h * 0.3);
        }
        Kind::StopHit => {
            let pts: Vec<(f32, f32)> = (0..8)
                .map(|i| {
                    let a = std::f32::consts::PI / 8.0 + i as f32 * std::f32::consts::PI / 4.0;
                    (cx + h * 0.9 * a.cos(), cy + h * 0.9 * a.sin())
                })
                .collect();
            let mut closed = pts.clone();
            closed.push(pts[0]);
            c.polyline(&closed, w, ink);
            c.line(cx - h * 0.45, cy, cx + h * 0.45, cy, w * 1.1, ink);
        }
        Kind::CounterTime | Kind::FeintInTime => {
            if kind == Kind::CounterTime {
                c.ring(cx, cy, h * 0.85, w, ink);
            } else {
                let pts: Vec<(f32, f32)> = (0..12)
                    .map(|i| {
                        let a = i as f32 * std::f32::consts::PI / 6.0;
                        (cx + h * 0.85 * a.cos(), cy + h * 0.85 * a.sin())
                    })
                    .collect();
                for p in pts {
                    c.circle(p.0, p.1, w * 0.6, ink);
                }
            }
            c.polyline(&[(cx, cy - h * 0.55), (cx, cy), (cx + h * 0.4, cy + h * 0.2)], w, ink);
        }
        Kind::Joker => parts::star(c, cx, cy, h * 1.05, ink),
        Kind::Angulation => {
            c.polyline(&[(cx + h, cy - h * 0.8), (cx - h * 0.8, cy + h * 0.7), (cx + h, cy + h * 0.7)], w, ink)
        }
        Kind::RenewedAttack => {
            for k in [-0.45, 0.35] {
                let x = cx + k * h;
                c.polyline(&[(x - h * 0.35, cy - h * 0.6), (x + h * 0.25, cy), (x - h * 0.35, cy + h * 0.6)], w, ink);
            }
        }
        Kind::Feint => {
            c.dashed(cx - h, cy, cx + h * 0.4, cy, w, s * 0.12, ink);
            c.arrow_head(cx, cy, cx + h, cy, s * 0.3, ink);
        }
    }
}

/// A card: its colour band, its kind's symbol, its speed (or bonus) and its SP cost as
/// green pips.
#[allow(clippy::too_many_arguments)]
fn card(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, card: Card, speed: Option<u8>, sp: Option<u8>) {
    let r = w * 0.12;
    c.rrect(x, y, w, h, r, Ink::Paper);
    let (a, b) = colours(card.kind);
    // The band holds the speed or bonus, at least as tall as the pictures' smallest text.
    let band = (h * 0.3).max(28.0);
    c.rrect(x, y, w, band, r, a);
    c.rect(x, y + band * 0.5, w, band * 0.5, a);
    if let Some(b) = b {
        c.polygon(&[(x + w, y + r * 0.3), (x + w, y + band), (x + w * 0.45, y + band)], b);
    }
    let label = match (speed, card.kind) {
        (Some(s), _) => Some(s.to_string()),
        (None, Kind::Angulation | Kind::RenewedAttack) => Some(format!("+{}", table().bonus(card.kind))),
        (None, _) => None,
    };
    if let Some(label) = label {
        let size = (band * 0.62).max(SMALLEST_TEXT);
        c.text(x + w * 0.1, (y + band * 0.5 - size / 2.0).max(y + 3.0), size, &label, Ink::White, Align::Left);
    }
    kind_icon(c, x + w / 2.0, y + band + (h - band) * 0.44, w * 0.56, card.kind, Ink::Print);
    if let Some(sp) = sp {
        let pr = w * 0.055;
        let total = f32::from(sp) * pr * 2.8;
        for i in 0..sp {
            let px = x + w / 2.0 - total / 2.0 + pr * 1.4 + f32::from(i) * pr * 2.8;
            c.circle(px, y + h - pr * 2.6, pr, Ink::Green);
        }
    }
}

/// A weapon position's symbol in a badge: point in line (a blade toward the opponent),
/// invitation (the blade raised), engagement (crossed blades).
fn weapon(c: &mut Canvas, cx: f32, cy: f32, guard: Guard, seat: Seat) {
    let s = 30.0;
    c.rrect(cx - s / 2.0, cy - s / 2.0, s, s, 8.0, Ink::Panel);
    c.rrect_line(cx - s / 2.0, cy - s / 2.0, s, s, 8.0, 2.0, Ink::seat_deep(seat));
    let f = if seat == Seat::A { 1.0 } else { -1.0 };
    let ink = Ink::seat_soft(seat);
    match guard {
        Guard::Line => {
            c.line(cx - 9.0 * f, cy, cx + 6.0 * f, cy, 3.0, ink);
            c.arrow_head(cx, cy, cx + 10.0 * f, cy, 8.0, ink);
        }
        Guard::Inv => {
            c.line(cx - 6.0 * f, cy + 8.0, cx + 4.0 * f, cy - 9.0, 3.0, ink);
            c.line(cx - 9.0 * f, cy + 3.0, cx - 1.0 * f, cy + 8.0, 3.0, ink);
        }
        Guard::Eng => {
            c.line(cx - 8.0, cy - 8.0, cx + 8.0, cy + 8.0, 3.0, ink);
            c.line(cx + 8.0, cy - 8.0, cx - 8.0, cy + 8.0, 3.0, ink);
        }
    }
}

/// The board: scores, stamina, the timer pile, the strip with both fencers and their
/// weapons, the gap between them, and the phrase in progress.
pub(crate) fn board(p: &PublicView) -> Picture {
    canvas(p).finish()
}

/// The board, drawn over its cached layer but not encoded (a replay's frame).
pub(crate) fn canvas(p: &PublicView) -> Canvas {
    let key = format!("ready-fence {} {}", p.target, p.periods);
    let mut c = Canvas::on(super::canvas::layer(key, || {
        let mut c = Canvas::new(BOARD.0, BOARD.1, Ink::Bg);
        draw_fixed(&mut c, p);
        c
    }));
    draw_board(&mut c, p);
    c
}

/// What depends only on the bout's terms: the strip, the targets, the empty stamina.
pub(crate) fn draw_fixed(c: &mut Canvas, p: &PublicView) {
    let w = BOARD.0 as f32;
    for seat in Seat::ALL {
        let a = seat == Seat::A;
        let edge = |d: f32| if a { d } else { w - d };
        for i in 0..6u8 {
            let x = edge(24.0 + f32::from(i) * 17.0 + if a { 0.0 } else { 14.0 });
            c.rrect(x, 60.0, 14.0, 8.0, 4.0, Ink::Track);
        }
        parts::card_back(c, edge(if a { 134.0 } else { 156.0 }), 18.0, 22.0, 30.0);
    }
    for i in 0..p.periods {
        let x = w / 2.0 + (f32::from(i) - f32::from(p.periods - 1) / 2.0) * 20.0;
        c.ring(x, 18.0, 4.5, 2.0, Ink::Line);
    }
    hourglass(c, w / 2.0 + 12.0, 54.0);
    for i in [0u8, 11] {
        let x = block_x(i) - BLOCK_W / 2.0;
        c.rrect(x, STRIP_Y, BLOCK_W, STRIP_H, 8.0, Ink::RedDeep);
        for k in 0..4 {
            let x0 = x + 6.0 + k as f32 * 13.0;
            c.line(x0, STRIP_Y + STRIP_H - 8.0, x0 + 10.0, STRIP_Y + 8.0, 2.0, Ink::Red);
        }
    }
    for i in 1..=10u8 {
        let x = block_x(i) - BLOCK_W / 2.0;
        c.rrect(x, STRIP_Y, BLOCK_W, STRIP_H, 8.0, Ink::Track);
        c.text_centred(block_x(i), STRIP_Y + STRIP_H / 2.0, SMALLEST_TEXT, &i.to_string(), Ink::Muted);
    }
}

/// Draws the board on a canvas of at least the board's size.
pub(crate) fn draw_board(c: &mut Canvas, p: &PublicView) {
    let w = BOARD.0 as f32;
    let to_act = match p.to_act {
        ToAct::One(s) => Some(s),
        _ => None,
    };
    for seat in Seat::ALL {
        let a = seat == Seat::A;
        let edge = |d: f32| if a { d } else { w - d };
        let al = if a { Align::Left } else { Align::Right };
        // The score and the target.
        c.label(edge(24.0), 18.0, 30.0, &p.score.get(seat).to_string(), Ink::seat(seat), al, Ink::Bg);
        let sw = super::glyphs::width(&p.score.get(seat).to_string(), 30.0);
        c.label(edge(24.0 + sw + 8.0), 28.0, SMALLEST_TEXT, &format!("/{}", p.target), Ink::Muted, al, Ink::Bg);
        // Stamina: six segments.
        for i in 0..(*p.stamina.get(seat)).min(6) {
            let x = edge(24.0 + f32::from(i) * 17.0 + if a { 0.0 } else { 14.0 });
            c.stamp("stamina", x, 60.0, 14, 8, Ink::Bg, |c| c.rrect(0.0, 0.0, 14.0, 8.0, 4.0, Ink::Green));
        }
        // Cards in hand.
        c.label(edge(164.0), 23.0, SMALLEST_TEXT, &p.hand_sizes.get(seat).to_string(), Ink::Muted, al, Ink::Bg);
        if p.extra_time_priority == Some(seat) {
            parts::star(c, edge(212.0), 34.0, 11.0, Ink::Gold);
        }
        if p.stage == engarde_rules::readyfence::Awaiting::Over && p.winner == Some(seat) {
            parts::star(c, edge(212.0), 34.0, 13.0, Ink::Gold);
        }
    }
    // The period and the timer pile.
    for i in 0..p.periods {
        let x = w / 2.0 + (f32::from(i) - f32::from(p.periods - 1) / 2.0) * 20.0;
        if i < p.period {
            c.circle(x, 18.0, 5.5, Ink::Text);
        }
    }
    parts::pile(c, w / 2.0 - 36.0, 36.0, 26.0, 36.0, u32::from(p.timer));
    c.label(w / 2.0 + 26.0, 44.0, SMALLEST_TEXT, &p.timer.to_string(), Ink::Text, Align::Left, Ink::Bg);
    let ty = STRIP_Y - 26.0;
    // The fencers and their weapons.
    for seat in Seat::ALL {
        let pos = *p.positions.get(seat);
        let x = block_x(pos);
        c.stamp(
            &format!("rf block {seat:?} {pos}"),
            x - BLOCK_W / 2.0,
            STRIP_Y,
            BLOCK_W as u32,
            STRIP_H as u32,
            Ink::Bg,
            |c| {
                c.rrect(0.0, 0.0, BLOCK_W, STRIP_H, 8.0, Ink::seat(seat));
                c.text_centred(BLOCK_W / 2.0, STRIP_H / 2.0, SMALLEST_TEXT, &pos.to_string(), Ink::White);
            },
        );
        let acting = to_act == Some(seat);
        let f = if seat == Seat::A { 1.0 } else { -1.0 };
        c.stamp(&format!("rf fencer {seat:?} {acting}"), x - 20.0, ty - 20.0, 40, 40, Ink::Bg, |c| {
            parts::token(c, 20.0, 20.0, 13.0, seat, acting);
            c.polyline(&[(20.0 - 3.0 * f, 14.0), (20.0 + 4.0 * f, 20.0), (20.0 - 3.0 * f, 26.0)], 3.0, Ink::White);
        });
        let guard = *p.weapons.get(seat);
        c.stamp(&format!("rf weapon {seat:?} {guard:?}"), x - 16.0, STRIP_Y + STRIP_H + 10.0, 32, 32, Ink::Bg, |c| {
            weapon(c, 16.0, 16.0, guard, seat);
        });
    }
    // The gap between the fencers, over their stamps' corners when they stand close.
    let (xa, xb) = (block_x(p.positions.a), block_x(p.positions.b));
    let in_reach = p.gap <= 2;
    let ink = if in_reach { Ink::Text } else { Ink::Line };
    c.line(xa + 21.0, ty, xb - 21.0, ty, 2.5, ink);
    let mid = (xa + xb) / 2.0;
    let d = p.gap.to_string();
    // The number of empty blocks, bright when a phrase can start.
    c.rrect(mid - 18.0, ty - 16.0, 36.0, 32.0, 16.0, if in_reach { Ink::Text } else { Ink::Panel });
    c.text_centred(mid, ty, SMALLEST_TEXT, &d, if in_reach { Ink::Bg } else { Ink::Muted });
    // The phrase in progress.
    if let Some(phrase) = &p.phrase {
        let (cw, ch, gap) = (56.0, 80.0, 24.0);
        let n = phrase.steps.len().min(8) as f32;
        let span = n * cw + (n - 1.0).max(0.0) * gap;
        let mut x = w / 2.0 - span / 2.0;
        let y = BOARD.1 as f32 - ch - 12.0;
        let steps: Vec<&PhraseStep> = phrase.steps.iter().rev().take(8).rev().collect();
        for (i, step) in steps.iter().enumerate() {
            if i > 0 {
                c.arrow_head(x - gap + 4.0, y + ch / 2.0, x - 5.0, y + ch / 2.0, 9.0, Ink::Muted);
            }
            let key =
                format!("rf step {:?} {:?} {:?} {:?} {}", step.seat, step.card, step.speed, step.role, step.angulation);
            c.stamp(&key, x - 4.0, y - 8.0, cw as u32 + 12, ch as u32 + 12, Ink::Bg, |c| {
                phrase_step(c, 4.0, 8.0, cw, ch, step)
            });
            x += cw + gap;
        }
    }
}

/// One step of a phrase: the card with its effective speed, the seat's colour under it;
/// a no-card action as a dashed outline with its speed, if any.
fn phrase_step(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, step: &PhraseStep) {
    c.rrect(x - 3.0, y + h - 2.0, w + 6.0, 6.0, 3.0, Ink::seat(step.seat));
    match step.card {
        Some(k) => card(c, x, y, w, h - 6.0, k, step.speed, None),
        None => {
            c.rrect_line(x, y, w, h - 6.0, 6.0, 2.0, Ink::Line);
            let sym = match step.role {
                Role::Concede => "x",
                Role::Distance => "-",
                _ => "/",
            };
            c.text_centred(x + w / 2.0, y + (h - 6.0) * 0.28, 14.0, sym, Ink::Muted);
            if let Some(s) = step.speed {
                c.text_centred(x + w / 2.0, y + (h - 6.0) * 0.66, SMALLEST_TEXT, &s.to_string(), Ink::Text);
            }
        }
    }
    if step.angulation {
        c.circle(x + w, y, 7.0, Ink::Amber);
        c.text_centred(x + w, y, 8.0, "+", Ink::White);
    }
}

/// An hourglass, the timer's symbol.
fn hourglass(c: &mut Canvas, cx: f32, cy: f32) {
    c.polygon(
        &[(cx - 6.0, cy - 9.0), (cx + 6.0, cy - 9.0), (cx, cy), (cx + 6.0, cy + 9.0), (cx - 6.0, cy + 9.0), (cx, cy)],
        Ink::Muted,
    );
}

/// What [`hand`] shows of `v`, as a cache key.
pub(crate) fn hand_key(v: &SeatView) -> String {
    format!("ready-fence hand {:?} {} {:?}", v.seat, v.public.stamina.get(v.seat), v.hand)
}

/// A hand: every card with its printed speed, colour and SP cost (green pips); a card the
/// seat's stamina cannot pay is dimmed by a dark veil over its symbol.
pub(crate) fn hand(v: &SeatView) -> Picture {
    let n = v.hand.len().max(1) as f32;
    let (cw, ch, gap) = (96.0, 140.0, 12.0);
    let width = (n * cw + (n - 1.0) * gap + 48.0).max(360.0);
    let mut c = Canvas::new(width as u32, 190, Ink::Bg);
    parts::token(&mut c, 20.0, 20.0, 8.0, v.seat, false);
    for i in 0..6u8 {
        let ink = if i < *v.public.stamina.get(v.seat) { Ink::Green } else { Ink::Track };
        c.rrect(36.0 + f32::from(i) * 12.0, 16.0, 10.0, 8.0, 4.0, ink);
    }
    let left = (width - (n * cw + (n - 1.0) * gap)) / 2.0;
    for (i, k) in v.hand.iter().enumerate() {
        let x = left + i as f32 * (cw + gap);
        let (speed, sp) = (k.speed, Some(table().sp(*k)));
        // Each card drawn once, with a pixel around it for its edge.
        let key = format!("ready-fence hand card {k:?} {speed:?} {sp:?}");
        c.stamp(&key, x - 2.0, 36.0, cw as u32 + 4, ch as u32 + 4, Ink::Bg, |c| {
            card(c, 2.0, 2.0, cw, ch, *k, speed, sp);
        });
    }
    c.finish()
}

/// The end: the final board, and both hands as they ended below it.
pub(crate) fn reveal(p: &PublicView, hands: &BySeat<Vec<Card>>) -> Picture {
    let row = 92.0;
    let mut c = Canvas::new(BOARD.0, BOARD.1 + (2.0 * row) as u32 + 8, Ink::Bg);
    draw_fixed(&mut c, p);
    draw_board(&mut c, p);
    let top = BOARD.1 as f32 + 8.0;
    c.rect(24.0, top - 8.0, BOARD.0 as f32 - 48.0, 2.0, Ink::Track);
    for (k, seat) in Seat::ALL.into_iter().enumerate() {
        let y = top + k as f32 * row;
        let cards = hands.get(seat);
        let (cw, gap) = (52.0, 8.0);
        parts::token(&mut c, 30.0, y + 40.0, 10.0, seat, false);
        for (i, card_face) in cards.iter().enumerate() {
            let x = 56.0 + i as f32 * (cw + gap);
            card(&mut c, x, y + 4.0, cw, 78.0, *card_face, card_face.speed, Some(table().sp(*card_face)));
        }
    }
    c.finish_small()
}
