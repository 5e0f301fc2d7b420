//! En Garde and Kengo: the piste board and the hand.

use engarde_rules::engarde::{Card, Cards, Event, Phase, PublicView, SeatView, PISTE_SPACES};
use engarde_rules::{BySeat, Seat};

use super::canvas::{Align, Canvas, Ink};
use super::parts;
use super::{Picture, SMALLEST_TEXT};

/// The board's size.
pub(crate) const BOARD: (u32, u32) = (800, 236);

/// The centre of slot `i` (0: Kengo's start before space 1; 24: after space 23): the 25
/// slots fill the width, so that each space's number can be as tall as the pictures'
/// smallest text.
fn slot_x(i: u8) -> f32 {
    16.0 + 32.0 * f32::from(i)
}

const TILE_Y: f32 = 112.0;
const TILE_H: f32 = 40.0;
/// A space's width.
const TILE_W: f32 = 29.0;
/// How narrow a space's number is drawn (as tall as the pictures' smallest text): two
/// digits and three pixels either side.
const NUMBER_NARROW: f32 = 0.86;
/// The cards of an attack awaiting its answer, and of the last decision.
const CARD: (f32, f32) = (30.0, 42.0);

/// The cards a decision put on the table, by seat, in order.
fn played(last: &[Event]) -> Vec<(Seat, Vec<Card>)> {
    let mut out = Vec::new();
    for e in last {
        match e {
            Event::Advanced { seat, card, .. } | Event::Retreated { seat, card, .. } => out.push((*seat, vec![*card])),
            Event::Attacked { seat, card, count, .. } => out.push((*seat, vec![*card; usize::from(*count)])),
            Event::Lunged { seat, advance, attack, count, .. } => {
                let mut cards = vec![*advance];
                cards.extend(std::iter::repeat_n(*attack, usize::from(*count)));
                out.push((*seat, cards));
            }
            Event::Parried { seat, cards } => out.push((*seat, cards.iter().collect())),
            _ => {}
        }
    }
    out
}

/// The board: the piste with both fencers, the distance, the hits, the pile and the last
/// cards played; an attack awaiting its answer is drawn as an arrow at the defender.
pub(crate) fn board(p: &PublicView, last: &[Event]) -> Picture {
    canvas(p, last).finish()
}

/// The board, drawn over its cached layer but not encoded (a replay's frame).
pub(crate) fn canvas(p: &PublicView, last: &[Event]) -> Canvas {
    let key = format!("engarde {} {} {} {}", p.options.hits_to_win, p.options.best_of, p.starts.a, p.starts.b);
    let mut c = Canvas::on(super::canvas::layer(key, || {
        let mut c = Canvas::new(BOARD.0, BOARD.1, Ink::Bg);
        draw_fixed(&mut c, p, 0.0);
        c
    }));
    draw_board(&mut c, p, last, 0.0);
    c
}

/// What depends only on the options: the piste, the start spaces, the empty pips.
pub(crate) fn draw_fixed(c: &mut Canvas, p: &PublicView, top: f32) {
    let ty = top + TILE_Y;
    // Off-piste starts (Kengo).
    for seat in Seat::ALL {
        let start = *p.starts.get(seat);
        if start == 0 || start > PISTE_SPACES {
            let x = slot_x(start.min(PISTE_SPACES + 1)) - TILE_W / 2.0;
            c.rrect_line(x, ty, TILE_W, TILE_H, 6.0, 2.0, Ink::seat_deep(seat));
        }
    }
    for space in 1..=PISTE_SPACES {
        let x = slot_x(space) - TILE_W / 2.0;
        c.rrect(x, ty, TILE_W, TILE_H, 6.0, Ink::Track);
        let (x, y) = (slot_x(space), ty + (TILE_H - SMALLEST_TEXT) / 2.0);
        c.narrow_text(x, y, SMALLEST_TEXT, NUMBER_NARROW, &space.to_string(), Ink::Muted, Align::Centre);
    }
    // The start spaces and the middle of the piste.
    for seat in Seat::ALL {
        let start = *p.starts.get(seat);
        c.rrect(slot_x(start) - TILE_W / 2.0, ty + TILE_H + 5.0, TILE_W, 4.0, 2.0, Ink::seat_deep(seat));
    }
    c.circle(slot_x(12), ty - 7.0, 2.5, Ink::Line);
    let hits = u32::from(p.options.hits_to_win);
    for seat in Seat::ALL {
        let (x, rtl) = if seat == Seat::A { (24.0, false) } else { (BOARD.0 as f32 - 24.0, true) };
        parts::pips(c, x, top + 36.0, hits, None, Ink::seat(seat), rtl, 8.0);
    }
}

/// What changes: the hits, the pile, the cards played, the fencers, the distance.
pub(crate) fn draw_board(c: &mut Canvas, p: &PublicView, last: &[Event], top: f32) {
    let to_act = p.to_act();
    header(c, p, last, top);
    let ty = top + TILE_Y;
    // The distance, or the attack awaiting its answer.
    let (xa, xb) = (slot_x(p.positions.a), slot_x(p.positions.b));
    let y = ty + TILE_H + 30.0;
    let attack = match p.phase {
        Phase::Defend { seat, attack, .. } => Some((seat.other(), attack)),
        _ => None,
    };
    let line_ink = attack.map_or(Ink::Line, |(s, _)| Ink::seat(s));
    c.line(xa, y, xb, y, 2.5, line_ink);
    match attack {
        Some((attacker, _)) => {
            let (from, to) = if attacker == Seat::A { (xa, xb) } else { (xb, xa) };
            c.line(from, y - 7.0, from, y + 7.0, 2.5, line_ink);
            let dir = if to > from { -1.0 } else { 1.0 };
            c.arrow_head(to + dir * 20.0, y, to + dir * 2.0, y, 14.0, line_ink);
        }
        None => {
            for x in [xa, xb] {
                c.line(x, y - 7.0, x, y + 7.0, 2.5, line_ink);
            }
        }
    }
    let mid = (xa + xb) / 2.0;
    let d = p.distance.to_string();
    let pill_w = 28.0 + d.len() as f32 * 15.0;
    let cards_w = attack.map_or(0.0, |(_, a)| f32::from(a.count) * (CARD.0 + 4.0) + 6.0);
    let left = (mid - (pill_w + cards_w) / 2.0).clamp(8.0, BOARD.0 as f32 - 8.0 - pill_w - cards_w);
    let (fill, ink) = match attack {
        Some((s, _)) => (Ink::seat(s), Ink::White),
        None => (Ink::Panel, Ink::Text),
    };
    c.rrect(left, y - 16.0, pill_w, 32.0, 16.0, fill);
    if attack.is_none() {
        c.rrect_line(left, y - 16.0, pill_w, 32.0, 16.0, 2.0, Ink::Line);
    }
    c.text_centred(left + pill_w / 2.0, y, SMALLEST_TEXT, &d, ink);
    if let Some((s, a)) = attack {
        for i in 0..a.count {
            let x = left + pill_w + 6.0 + f32::from(i) * (CARD.0 + 4.0);
            let (w, h) = CARD;
            parts::mini_card(c, x, y - h / 2.0, w, h, &a.card.to_string(), Ink::seat(s), Ink::Print);
        }
    }
    // The fencers: the token above the tile (one picture per seat and turn), the tile.
    for seat in Seat::ALL {
        let pos = *p.positions.get(seat);
        let x = slot_x(pos);
        let acting = to_act == Some(seat);
        c.stamp(&format!("fencer {seat:?} {acting}"), x - 20.0, ty - 42.0, 40, 42, Ink::Bg, |c| {
            fencer(c, 20.0, 42.0, seat, acting)
        });
        let number = if pos == 0 || pos > PISTE_SPACES { String::new() } else { pos.to_string() };
        c.stamp(&format!("tile {seat:?} {number}"), x - TILE_W / 2.0, ty, TILE_W as u32, TILE_H as u32, Ink::Bg, |c| {
            c.rrect(0.0, 0.0, TILE_W, TILE_H, 6.0, Ink::seat(seat));
            let y = (TILE_H - SMALLEST_TEXT) / 2.0;
            c.narrow_text(TILE_W / 2.0, y, SMALLEST_TEXT, NUMBER_NARROW, &number, Ink::White, Align::Centre);
        });
    }
}

/// A fencer's token, facing the opponent, its foot at `(x, foot)`.
fn fencer(c: &mut Canvas, x: f32, foot: f32, seat: Seat, to_act: bool) {
    let cy = foot - 22.0;
    let facing = if seat == Seat::A { 1.0 } else { -1.0 };
    c.polygon(&[(x - 7.0, cy + 8.0), (x + 7.0, cy + 8.0), (x, foot - 1.0)], Ink::seat(seat));
    parts::token(c, x, cy, 13.0, seat, to_act);
    c.polyline(&[(x - 3.0 * facing, cy - 6.0), (x + 4.0 * facing, cy), (x - 3.0 * facing, cy + 6.0)], 3.0, Ink::White);
}

/// The top row: each seat's hits as pips (games won below, in a best-of match), the pile
/// and the cards of the last decision.
fn header(c: &mut Canvas, p: &PublicView, last: &[Event], top: f32) {
    let cy = top + 36.0;
    let hits = u32::from(p.options.hits_to_win);
    let w = BOARD.0 as f32;
    for seat in Seat::ALL {
        let (x, rtl) = if seat == Seat::A { (24.0, false) } else { (w - 24.0, true) };
        let score = u32::from(*p.score.get(seat));
        parts::pips(c, x, cy, hits, Some(score), Ink::seat(seat), rtl, 8.0);
        if p.options.best_of > 1 {
            let need = u32::from(p.options.best_of / 2 + 1);
            let won = u32::from(*p.games.get(seat));
            for i in 0..need {
                let gx = if rtl { x - 6.0 - i as f32 * 18.0 } else { x + 6.0 + i as f32 * 18.0 };
                let gy = cy + 30.0;
                let ink = if i < won { Ink::seat_soft(seat) } else { Ink::Track };
                c.polygon(&[(gx, gy - 6.0), (gx + 6.0, gy), (gx, gy + 6.0), (gx - 6.0, gy)], ink);
            }
        }
        if p.phase == Phase::Finished && p.winner == Some(seat) {
            let sx = if rtl { x - pips_width(hits) - 20.0 } else { x + pips_width(hits) + 20.0 };
            parts::star(c, sx, cy, 12.0, Ink::Gold);
        }
    }
    // The pile and its count.
    let (px, py) = (w / 2.0 - 96.0, cy - 21.0);
    parts::pile(c, px, py, 30.0, 42.0, u32::from(p.pile));
    c.label(px + 42.0, cy - 10.0, SMALLEST_TEXT, &p.pile.to_string(), Ink::Text, Align::Left, Ink::Bg);
    // The last cards played.
    let mut x = w / 2.0 + 4.0;
    let groups = played(last);
    if groups.is_empty() {
        if let Some(card) = p.last_card {
            parts::mini_card(c, x, py, CARD.0, CARD.1, &card.to_string(), Ink::Line, Ink::Print);
        }
    }
    for (seat, cards) in groups.iter().take(3) {
        for card in cards.iter().take(5) {
            parts::mini_card(c, x, py, CARD.0, CARD.1, &card.to_string(), Ink::seat(*seat), Ink::Print);
            x += 34.0;
        }
        x += 8.0;
    }
}

fn pips_width(total: u32) -> f32 {
    let per_row = if total > 8 { total.div_ceil(2) } else { total };
    let pitch = if total > 8 { 8.0 * 0.8 * 2.3 } else { 8.0 * 2.75 };
    per_row as f32 * pitch
}

/// What [`hand`] shows of `view`, as a cache key.
pub(crate) fn hand_key(view: &SeatView) -> String {
    let values: Vec<u8> = view.hand.iter().map(Card::value).collect();
    // The distance shows only through the cards that reach (their value is the distance).
    let reach = values.iter().find(|&&v| v == view.public.distance).copied().unwrap_or(0);
    format!("engarde hand {:?} {values:?} {reach}", view.seat)
}

/// A hand: one card per card held, its value large and as pips; the cards that could
/// attack now (their value is the distance) raised and outlined in the seat's colour.
pub(crate) fn hand(view: &SeatView) -> Picture {
    let cards: Vec<Card> = view.hand.iter().collect();
    let n = cards.len().max(1) as f32;
    let (cw, ch, gap) = (96.0, 136.0, 14.0);
    let width = (n * cw + (n - 1.0) * gap + 48.0).max(360.0);
    let mut c = Canvas::new(width as u32, 200, Ink::Bg);
    let left = (width - (n * cw + (n - 1.0) * gap)) / 2.0;
    for (i, card) in cards.iter().enumerate() {
        let x = left + i as f32 * (cw + gap);
        let reach = card.value() == view.public.distance;
        let y = if reach { 28.0 } else { 44.0 };
        let outline = reach.then_some(view.seat);
        // Each card drawn once, with room for its outline.
        let key = format!("engarde hand card {} {outline:?}", card.value());
        c.stamp(&key, x - 6.0, y - 6.0, cw as u32 + 12, ch as u32 + 12, Ink::Bg, |c| {
            hand_card(c, 6.0, 6.0, cw, ch, *card, outline);
        });
    }
    if cards.is_empty() {
        c.rrect_line(left, 44.0, cw, ch, 12.0, 2.0, Ink::Line);
    }
    // The seat's colour, so the hand reads against the board (over a raised first card's
    // outline).
    parts::token(&mut c, 20.0, 20.0, 8.0, view.seat, false);
    c.finish()
}

/// One large card: its value in the corners and as dice pips in the middle.
pub(crate) fn hand_card(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, card: Card, outline: Option<Seat>) {
    c.rrect(x, y, w, h, 12.0, Ink::Paper);
    if let Some(seat) = outline {
        c.rrect_line(x - 4.0, y - 4.0, w + 8.0, h + 8.0, 15.0, 4.0, Ink::seat(seat));
    }
    let v = card.value();
    let s = v.to_string();
    c.text(x + 10.0, y + 10.0, 18.0, &s, Ink::Print, Align::Left);
    c.text(x + w - 10.0, y + h - 28.0, 18.0, &s, Ink::Print, super::canvas::Align::Right);
    let (cx, cy, d) = (x + w / 2.0, y + h / 2.0 + 4.0, w * 0.2);
    let spots: &[(f32, f32)] = match v {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    };
    for (dx, dy) in spots {
        c.circle(cx + dx * d, cy + dy * d, w * 0.075, Ink::Red);
    }
}

/// The end: the final board, and below it both hands as they ended (`None`: not held).
pub(crate) fn reveal(p: &PublicView, last: &[Event], hands: &BySeat<Cards>) -> Picture {
    let mut c = Canvas::new(BOARD.0, BOARD.1 + 96, Ink::Bg);
    draw_fixed(&mut c, p, 0.0);
    draw_board(&mut c, p, last, 0.0);
    let y = BOARD.1 as f32 + 8.0;
    c.rect(24.0, y - 6.0, BOARD.0 as f32 - 48.0, 2.0, Ink::Track);
    for seat in Seat::ALL {
        let cards: Vec<Card> = hands.get(seat).iter().collect();
        let (cw, gap) = (44.0, 8.0);
        let span = cards.len() as f32 * (cw + gap) - gap;
        let (x0, tx) =
            if seat == Seat::A { (64.0, 34.0) } else { (BOARD.0 as f32 - 64.0 - span, BOARD.0 as f32 - 34.0) };
        parts::token(&mut c, tx, y + 40.0, 10.0, seat, false);
        for (i, card) in cards.iter().enumerate() {
            parts::mini_card(
                &mut c,
                x0 + i as f32 * (cw + gap),
                y + 10.0,
                cw,
                62.0,
                &card.to_string(),
                Ink::seat(seat),
                Ink::Print,
            );
        }
    }
    c.finish_small()
}
