//! Pieces several pictures share: seat tokens, score pips, cards, stars.

use engarde_rules::Seat;

use super::canvas::{Canvas, Ink};

/// A seat's token: a disc in its colour; `to_act` adds a ring around it.
pub(crate) fn token(c: &mut Canvas, cx: f32, cy: f32, r: f32, seat: Seat, to_act: bool) {
    if to_act {
        c.ring(cx, cy, r + 5.0, 2.5, Ink::Text);
    }
    c.circle(cx, cy, r, Ink::seat(seat));
}

/// [`token`] on the background, drawn once and stamped (`cx` and `cy` whole pixels).
pub(crate) fn token_stamp(c: &mut Canvas, cx: f32, cy: f32, r: f32, seat: Seat, to_act: bool) {
    let half = (r + 9.0).ceil();
    let side = 2 * half as u32;
    c.stamp(&format!("token {r} {seat:?} {to_act}"), cx - half, cy - half, side, side, Ink::Bg, |c| {
        token(c, half, half, r, seat, to_act);
    });
}

/// A row of `total` pips from `x` (rightward, or leftward for `rtl`), `filled` of them in
/// `ink`, the others empty rings (`Some(filled)`), or only the rings (`None`, for a layer);
/// over 8, two rows.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pips(c: &mut Canvas, x: f32, cy: f32, total: u32, filled: Option<u32>, ink: Ink, rtl: bool, r: f32) {
    let per_row = if total > 8 { total.div_ceil(2) } else { total };
    let rows = if total > 8 { 2 } else { 1 };
    let (r, pitch) = if rows == 2 { (r * 0.8, r * 2.3) } else { (r, r * 2.75) };
    for i in 0..total {
        let (row, col) = (i / per_row, i % per_row);
        let dx = col as f32 * pitch + r;
        let px = if rtl { x - dx } else { x + dx };
        let py = if rows == 2 { cy - pitch * 0.5 + row as f32 * pitch } else { cy };
        match filled {
            Some(n) if i < n => {
                let d = (r * 2.0 + 4.0).ceil();
                c.stamp(&format!("pip {r} {ink:?}"), px - d / 2.0, py - d / 2.0, d as u32, d as u32, Ink::Bg, |c| {
                    c.circle(d / 2.0, d / 2.0, r, ink);
                });
            }
            Some(_) => {}
            None => c.ring(px, py, r - 1.2, 2.4, Ink::Line),
        }
    }
}

/// A five-pointed star centred on `(cx, cy)`.
pub(crate) fn star(c: &mut Canvas, cx: f32, cy: f32, r: f32, ink: Ink) {
    let points: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
            let rr = if i % 2 == 0 { r } else { r * 0.45 };
            (cx + rr * a.cos(), cy + rr * a.sin())
        })
        .collect();
    c.polygon(&points, ink);
}

/// A card's back (the pile): a rounded card with an inner frame.
pub(crate) fn card_back(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32) {
    c.rrect(x, y, w, h, w * 0.14, Ink::CardBack);
    c.rrect_line(x + 3.0, y + 3.0, w - 6.0, h - 6.0, w * 0.1, 1.5, Ink::Line);
}

/// A small stack of card backs (`x`, `y`, `w` and `h` whole pixels), an outline when empty.
pub(crate) fn pile(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, count: u32) {
    let key = format!("pile {w} {h} {}", count.min(2));
    c.stamp(&key, x - 2.0, y - 5.0, w as u32 + 8, h as u32 + 7, Ink::Bg, |c| draw_pile(c, 2.0, 5.0, w, h, count));
}

fn draw_pile(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, count: u32) {
    if count > 1 {
        card_back(c, x + 4.0, y - 3.0, w, h);
    }
    if count > 0 {
        card_back(c, x, y, w, h);
    } else {
        c.rrect_line(x, y, w, h, w * 0.14, 2.0, Ink::Line);
    }
}

/// A small card face with a value, a stripe of `stripe`'s colour on top, on the
/// background (`x`, `y`, `w` and `h` whole pixels).
#[allow(clippy::too_many_arguments)]
pub(crate) fn mini_card(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, value: &str, stripe: Ink, ink: Ink) {
    let key = format!("card {w} {h} {value} {stripe:?} {ink:?}");
    c.stamp(&key, x, y, w as u32, h as u32, Ink::Bg, |c| draw_mini_card(c, 0.0, 0.0, w, h, value, stripe, ink));
}

#[allow(clippy::too_many_arguments)]
fn draw_mini_card(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, value: &str, stripe: Ink, ink: Ink) {
    c.rrect(x, y, w, h, w * 0.16, Ink::Paper);
    c.rrect(x, y, w, h * 0.2, w * 0.16, stripe);
    c.rect(x, y + h * 0.1, w, h * 0.1, stripe);
    // Its value as tall as the stripe lets it be: 20 pixels on a card 42 high.
    c.text_centred(x + w / 2.0, y + h * 0.6, h * 0.48, value, ink);
}
