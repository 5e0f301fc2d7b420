//! Drawing surface, colours and encoding shared by every picture.
//!
//! Pictures are drawn with tiny-skia on an opaque background in a small set of named
//! colours ([`Ink`]), then mapped to one fixed palette of at most 256 colours (the inks and
//! their anti-aliasing blends) and written as an indexed PNG. The same palette serves
//! every frame of an animated replay, so a GIF needs no quantisation either.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::encode;
use super::glyphs;
use super::Picture;
use crate::present::seat_colour;
use engarde_rules::Seat;

/// The named colours of every picture: a calm dark card, readable on Discord's dark and
/// light themes alike, with the seats' colours of `present::seat_colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Ink {
    /// The picture's background.
    Bg,
    /// A raised panel.
    Panel,
    /// A track, an empty space, an unknown cell.
    Track,
    /// Thin lines and outlines.
    Line,
    /// Secondary marks (space numbers, used things).
    Muted,
    /// Primary marks on dark.
    Text,
    /// Pure white, on the seats' colours.
    White,
    /// Seat A.
    Blue,
    /// Seat A's colour, deep (a tint on the background).
    BlueDeep,
    /// Seat A's colour, light.
    BlueSoft,
    /// Seat B.
    Orange,
    /// Seat B's colour, deep.
    OrangeDeep,
    /// Seat B's colour, light.
    OrangeSoft,
    /// A hit, a kill, an attack card.
    Red,
    /// Red, deep.
    RedDeep,
    /// A good thing (stamina).
    Green,
    /// A counter-attack card.
    Cyan,
    /// A parry card.
    Azure,
    /// A special card.
    Gold,
    /// A bonus card.
    Amber,
    /// A card's face.
    Paper,
    /// Marks on a card's face.
    Print,
    /// A card's back.
    CardBack,
    /// A wall.
    Stone,
}

impl Ink {
    /// Every ink, in palette order.
    const ALL: [Ink; 24] = [
        Ink::Bg,
        Ink::Panel,
        Ink::Track,
        Ink::Line,
        Ink::Muted,
        Ink::Text,
        Ink::White,
        Ink::Blue,
        Ink::BlueDeep,
        Ink::BlueSoft,
        Ink::Orange,
        Ink::OrangeDeep,
        Ink::OrangeSoft,
        Ink::Red,
        Ink::RedDeep,
        Ink::Green,
        Ink::Cyan,
        Ink::Azure,
        Ink::Gold,
        Ink::Amber,
        Ink::Paper,
        Ink::Print,
        Ink::CardBack,
        Ink::Stone,
    ];

    /// The ink's colour.
    pub(crate) const fn rgb(self) -> [u8; 3] {
        match self {
            Ink::Bg => [0x17, 0x1c, 0x26],
            Ink::Panel => [0x22, 0x29, 0x38],
            Ink::Track => [0x2f, 0x37, 0x49],
            Ink::Line => [0x48, 0x52, 0x68],
            Ink::Muted => [0x80, 0x8b, 0x9f],
            Ink::Text => [0xe6, 0xea, 0xf1],
            Ink::White => [0xff, 0xff, 0xff],
            Ink::Blue => seat_colour::SEAT_A_RGB,
            Ink::BlueDeep => [0x1d, 0x38, 0x6b],
            Ink::BlueSoft => [0x9c, 0xc8, 0xfd],
            Ink::Orange => seat_colour::SEAT_B_RGB,
            Ink::OrangeDeep => [0x5c, 0x3e, 0x10],
            Ink::OrangeSoft => [0xfc, 0xd6, 0x8a],
            Ink::Red => [0xef, 0x44, 0x44],
            Ink::RedDeep => [0x5e, 0x20, 0x26],
            Ink::Green => [0x34, 0xd3, 0x99],
            Ink::Cyan => [0x22, 0xd3, 0xee],
            Ink::Azure => [0x63, 0x66, 0xf1],
            Ink::Gold => [0xfa, 0xcc, 0x15],
            Ink::Amber => [0xfb, 0x92, 0x3c],
            Ink::Paper => [0xf3, 0xf0, 0xe8],
            Ink::Print => [0x26, 0x2b, 0x36],
            Ink::CardBack => [0x3b, 0x44, 0x5a],
            Ink::Stone => [0xa8, 0xae, 0xb8],
        }
    }

    /// A seat's colour.
    pub(crate) const fn seat(seat: Seat) -> Ink {
        match seat {
            Seat::A => Ink::Blue,
            Seat::B => Ink::Orange,
        }
    }

    /// A seat's colour, deep.
    pub(crate) const fn seat_deep(seat: Seat) -> Ink {
        match seat {
            Seat::A => Ink::BlueDeep,
            Seat::B => Ink::OrangeDeep,
        }
    }

    /// A seat's colour, light.
    pub(crate) const fn seat_soft(seat: Seat) -> Ink {
        match seat {
            Seat::A => Ink::BlueSoft,
            Seat::B => Ink::OrangeSoft,
        }
    }
}

/// The surfaces that inks are drawn over, whose anti-aliased edges get palette entries.
const SURFACES: [Ink; 6] = [Ink::Bg, Ink::Panel, Ink::Track, Ink::Paper, Ink::Blue, Ink::Orange];

/// The palette: every ink, then each ink blended over each surface at one third and two
/// thirds (fewer than 256 colours in all).
pub(crate) fn palette() -> &'static [[u8; 3]] {
    static PALETTE: OnceLock<Vec<[u8; 3]>> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let mut out: Vec<[u8; 3]> = Ink::ALL.iter().map(|i| i.rgb()).collect();
        for surface in SURFACES {
            for ink in Ink::ALL {
                if ink == surface {
                    continue;
                }
                for t in [1.0 / 3.0, 2.0 / 3.0] {
                    let (a, b) = (surface.rgb(), ink.rgb());
                    let c: [u8; 3] =
                        std::array::from_fn(|i| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8);
                    if !out.contains(&c) && out.len() < 256 {
                        out.push(c);
                    }
                }
            }
        }
        out
    })
}

/// The palette index of every colour, by its top five bits per channel: the nearest
/// palette colour, the inks themselves first.
fn lookup() -> &'static [u8] {
    static LUT: OnceLock<Vec<u8>> = OnceLock::new();
    LUT.get_or_init(|| {
        let palette = palette();
        let mut lut = vec![0u8; 1 << 15];
        for (key, slot) in lut.iter_mut().enumerate() {
            let centre = [(key >> 10 & 31) << 3 | 4, (key >> 5 & 31) << 3 | 4, (key & 31) << 3 | 4];
            let mut best = (u32::MAX, 0u8);
            // Plain arithmetic, no iterator chain: this runs 2^15 × the palette's size
            // times, also in the tests' unoptimised builds, in every process that draws.
            let [r, g, b] = centre.map(|c| c as i32);
            for (i, p) in palette.iter().enumerate() {
                let (dr, dg, db) = (r - i32::from(p[0]), g - i32::from(p[1]), b - i32::from(p[2]));
                let d = (dr * dr + dg * dg + db * db) as u32;
                if d < best.0 {
                    best = (d, i as u8);
                }
            }
            *slot = best.1;
        }
        // An ink's own colour always maps to the ink.
        for ink in Ink::ALL {
            lut[key(ink.rgb())] = ink as u8;
        }
        lut
    })
}

fn key([r, g, b]: [u8; 3]) -> usize {
    usize::from(r >> 3) << 10 | usize::from(g >> 3) << 5 | usize::from(b >> 3)
}

/// How text sits on its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Centre,
    /// `x` is the right edge.
    Right,
}

/// A picture's pixels twice: as drawn (RGBA, what tiny-skia blends over) and as palette
/// indices laid out as PNG rows (each row's filter byte, 0, then its indices), ready to
/// encode.
#[derive(Clone)]
struct Surface {
    pixmap: Pixmap,
    rows: Vec<u8>,
}

impl Surface {
    fn stride(&self) -> usize {
        self.pixmap.width() as usize + 1
    }
}

/// What a kind of picture draws the same every time (a piste's tiles, a grid's labels, a
/// blank background), drawn and indexed once. A picture drawn over it borrows a copy from
/// its pool and gives it back as clean as it found it, so a picture costs only what it
/// draws: no page of a fresh picture to fault in, no whole copy, no whole comparison.
pub(crate) struct Layer {
    clean: Surface,
    /// The cap height of its smallest letter or digit (infinite if none).
    smallest_text: f32,
    /// Per row: the same as the row above.
    same: Vec<bool>,
    pool: Mutex<Vec<Surface>>,
}

/// The most clean copies a layer keeps for pictures to come (one per picture drawn at once).
const POOL: usize = 4;

/// The most layers kept at once (each about 5 bytes a pixel, and its pool).
const MAX_LAYERS: usize = 64;

impl Layer {
    /// A `width` × `height` layer of `bg`.
    fn blank(width: u32, height: u32, bg: Ink) -> Layer {
        let mut pixmap = Pixmap::new(width, height).expect("a picture has a size");
        let [r, g, b] = bg.rgb();
        pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
        let mut rows = vec![lookup()[key(bg.rgb())]; (width as usize + 1) * height as usize];
        for row in rows.chunks_exact_mut(width as usize + 1) {
            row[0] = 0;
        }
        Layer::of(Surface { pixmap, rows }, f32::INFINITY)
    }

    /// A layer of what `clean` holds, whose smallest text is `smallest_text` high.
    fn of(clean: Surface, smallest_text: f32) -> Layer {
        let stride = clean.stride();
        let rows: Vec<&[u8]> = clean.rows.chunks_exact(stride).collect();
        let same = (0..rows.len()).map(|r| r > 0 && rows[r] == rows[r - 1]).collect();
        Layer { clean, smallest_text, same, pool: Mutex::default() }
    }

    fn take(&self) -> Surface {
        let pooled = self.pool.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop();
        pooled.unwrap_or_else(|| self.clean.clone())
    }

    fn give(&self, surface: Surface) {
        let mut pool = self.pool.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if pool.len() < POOL {
            pool.push(surface);
        }
    }
}

/// The layer named `key`, made by `make` the first time it is asked for.
fn kept(key: String, make: impl FnOnce() -> Layer) -> Arc<Layer> {
    static LAYERS: OnceLock<Mutex<HashMap<String, Arc<Layer>>>> = OnceLock::new();
    let layers = LAYERS.get_or_init(Default::default);
    if let Some(l) = layers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key) {
        return Arc::clone(l);
    }
    let l = Arc::new(make());
    let mut layers = layers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // A bound on the memory kept: the layers in use come back at once.
    if layers.len() >= MAX_LAYERS {
        layers.clear();
    }
    layers.insert(key, Arc::clone(&l));
    l
}

/// The layer named `key`, drawn by `draw` the first time it is asked for.
pub(crate) fn layer(key: String, draw: impl FnOnce() -> Canvas) -> Arc<Layer> {
    kept(key, || {
        let mut canvas = draw();
        canvas.index_painted();
        let smallest_text = canvas.smallest_text;
        Layer::of(canvas.surface.take().expect("a canvas has its surface until dropped"), smallest_text)
    })
}

/// A small picture kept for stamping, as pixels and as palette indices (row by row, no
/// filter bytes).
struct Sprite {
    pixmap: Pixmap,
    indices: Vec<u8>,
    /// The cap height of its smallest letter or digit (infinite if none).
    smallest_text: f32,
}

/// The most stamps kept at once (each a few kilobytes).
const MAX_STAMPS: usize = 1024;

/// The stamp named `key`, drawn by `draw` on a `w` × `h` canvas of `bg` the first time.
fn sprite(key: &str, w: u32, h: u32, bg: Ink, draw: impl FnOnce(&mut Canvas)) -> Arc<Sprite> {
    static STAMPS: OnceLock<Mutex<HashMap<String, Arc<Sprite>>>> = OnceLock::new();
    let stamps = STAMPS.get_or_init(Default::default);
    if let Some(s) = stamps.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(key) {
        return Arc::clone(s);
    }
    // On a blank of its own, not kept: sprites come in many sizes, and are drawn once.
    let mut c = Canvas::on(Arc::new(Layer::blank(w, h, bg)));
    draw(&mut c);
    c.index_painted();
    let surface = c.surface();
    let stride = surface.stride();
    let indices = surface.rows.chunks_exact(stride).flat_map(|r| &r[1..]).copied().collect();
    let s = Arc::new(Sprite { pixmap: surface.pixmap.clone(), indices, smallest_text: c.smallest_text });
    let mut stamps = stamps.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // A bound on the memory kept: the stamps in use come back at once.
    if stamps.len() >= MAX_STAMPS {
        stamps.clear();
    }
    stamps.insert(key.to_owned(), Arc::clone(&s));
    s
}

/// A picture being drawn over a [`Layer`] (a blank one for [`Canvas::new`]).
///
/// It remembers, per row, which stretches it changed: those tiny-skia drew into are indexed
/// when the picture is finished (the rest keeps the layer's indices, or a stamp's), and
/// every changed stretch is put back from the layer when the canvas is dropped, so that
/// its surface can serve the next picture.
pub(crate) struct Canvas {
    /// Always `Some` but while a layer takes it.
    surface: Option<Surface>,
    base: Arc<Layer>,
    /// Pixels per bit of the row masks.
    chunk: u32,
    /// Per row, the chunks tiny-skia drew into: to index.
    painted: Vec<u64>,
    /// Per row, every chunk changed (drawn or stamped): to put back.
    touched: Vec<u64>,
    /// The cap height of the smallest letter or digit drawn so far, by it, its layer or its
    /// stamps (infinite if none): what [`Picture::smallest_text`] reports.
    smallest_text: f32,
}

fn paint(ink: Ink) -> Paint<'static> {
    let [r, g, b] = ink.rgb();
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, 255);
    paint.anti_alias = true;
    paint
}

/// A rounded rectangle's outline.
pub(crate) fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let k = r * 0.447_715; // 1 - 0.552285: the control points of a quarter circle
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// The runs of set bits of `mask`, as pixel ranges (`chunk` pixels a bit, cut at `width`).
fn runs(mut mask: u64, chunk: u32, width: u32) -> impl Iterator<Item = (usize, usize)> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let a = mask.trailing_zeros();
        let len = (mask >> a).trailing_ones();
        let bits = if len >= 64 { u64::MAX } else { ((1u64 << len) - 1) << a };
        mask &= !bits;
        Some(((a * chunk) as usize, ((a + len) * chunk).min(width) as usize))
    })
}

/// Where text aligned `align` at `x` begins, its width (`narrow`: its glyphs' width as a
/// share of their usual width), and the margin around its box within which every glyph's
/// ink lies (an eighth of an em, and a pixel).
fn text_box(x: f32, size: f32, narrow: f32, text: &str, align: Align) -> (f32, f32, f32) {
    let w = glyphs::width(text, size) * narrow;
    let left = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    (left, w, size * 0.15 + 1.0)
}

impl Canvas {
    /// A `width` × `height` picture filled with `bg`.
    ///
    /// # Panics
    /// If a side is zero.
    pub(crate) fn new(width: u32, height: u32, bg: Ink) -> Canvas {
        Canvas::on(kept(format!("blank {width}x{height} {bg:?}"), || Layer::blank(width, height, bg)))
    }

    /// A picture starting from a copy of `layer`.
    pub(crate) fn on(layer: Arc<Layer>) -> Canvas {
        let surface = layer.take();
        let (width, height) = (surface.pixmap.width(), surface.pixmap.height());
        Canvas {
            surface: Some(surface),
            smallest_text: layer.smallest_text,
            base: layer,
            chunk: width.div_ceil(64).max(16),
            painted: vec![0; height as usize],
            touched: vec![0; height as usize],
        }
    }

    fn surface(&self) -> &Surface {
        self.surface.as_ref().expect("a canvas has its surface until dropped")
    }

    fn pixmap_mut(&mut self) -> &mut Pixmap {
        &mut self.surface.as_mut().expect("a canvas has its surface until dropped").pixmap
    }

    /// Notes that the box from `(left, top)` to `(right, bottom)` changed; `painted`: drawn
    /// by tiny-skia (so to be indexed), else stamped with its indices.
    fn mark(&mut self, left: f32, top: f32, right: f32, bottom: f32, painted: bool) {
        let (w, h) = (self.width() as f32, self.height() as f32);
        let (x0, x1) = (left.floor().max(0.0), right.ceil().min(w));
        let (y0, y1) = (top.floor().max(0.0), bottom.ceil().min(h));
        if !(x0 < x1 && y0 < y1) {
            return;
        }
        let (c0, c1) = (x0 as u32 / self.chunk, (x1 as u32 - 1) / self.chunk);
        let bits = (u64::MAX >> (63 - (c1 - c0))) << c0;
        for row in y0 as usize..y1 as usize {
            self.touched[row] |= bits;
            if painted {
                self.painted[row] |= bits;
            }
        }
    }

    /// Notes that tiny-skia drew `bounds`, widened by `margin` (a stroke's half width and a
    /// pixel of anti-aliasing).
    fn mark_painted(&mut self, bounds: Rect, margin: f32) {
        self.mark(
            bounds.left() - margin,
            bounds.top() - margin,
            bounds.right() + margin,
            bounds.bottom() + margin,
            true,
        );
    }

    /// A small picture named `key`, drawn once by `draw` on a `w` × `h` canvas of `bg` and
    /// then copied pixel for pixel, with its indices, to `(x, y)` (rounded): for the many
    /// identical cells of a grid. Parts outside the canvas are cut.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn stamp(&mut self, key: &str, x: f32, y: f32, w: u32, h: u32, bg: Ink, draw: impl FnOnce(&mut Canvas)) {
        let sprite = sprite(key, w, h, bg, draw);
        self.smallest_text = self.smallest_text.min(sprite.smallest_text);
        let (x, y) = (x.round() as i64, y.round() as i64);
        let (cw, ch) = (i64::from(self.width()), i64::from(self.height()));
        let (sw, sh) = (i64::from(sprite.pixmap.width()), i64::from(sprite.pixmap.height()));
        let (left, right) = (x.max(0), (x + sw).min(cw));
        let (top, bottom) = (y.max(0), (y + sh).min(ch));
        if left >= right || top >= bottom {
            return;
        }
        let stride = cw as usize + 1;
        let surface = self.surface.as_mut().expect("a canvas has its surface until dropped");
        let (src, src_indices) = (sprite.pixmap.data(), &sprite.indices);
        let n = (right - left) as usize;
        for row in top..bottom {
            let s = ((row - y) * sw + (left - x)) as usize;
            let d = (row * cw + left) as usize;
            surface.pixmap.data_mut()[d * 4..(d + n) * 4].copy_from_slice(&src[s * 4..(s + n) * 4]);
            let d = row as usize * stride + 1 + left as usize;
            surface.rows[d..d + n].copy_from_slice(&src_indices[s..s + n]);
        }
        self.mark(left as f32, top as f32, right as f32, bottom as f32, false);
    }

    /// The width in pixels.
    pub(crate) fn width(&self) -> u32 {
        self.surface().pixmap.width()
    }

    /// The height in pixels.
    pub(crate) fn height(&self) -> u32 {
        self.surface().pixmap.height()
    }

    /// Fills a path.
    pub(crate) fn fill(&mut self, path: &Path, ink: Ink) {
        self.mark_painted(path.bounds(), 1.0);
        self.pixmap_mut().fill_path(path, &paint(ink), FillRule::Winding, Transform::identity(), None);
    }

    /// Strokes a path with round caps and joins.
    pub(crate) fn stroke(&mut self, path: &Path, width: f32, ink: Ink) {
        let stroke = Stroke {
            width,
            line_cap: tiny_skia::LineCap::Round,
            line_join: tiny_skia::LineJoin::Round,
            ..Stroke::default()
        };
        self.mark_painted(path.bounds(), width / 2.0 + 1.0);
        self.pixmap_mut().stroke_path(path, &paint(ink), &stroke, Transform::identity(), None);
    }

    /// A sharp rectangle.
    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, ink: Ink) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            let mut p = paint(ink);
            p.anti_alias = false;
            self.mark_painted(r, 1.0);
            self.pixmap_mut().fill_rect(r, &p, Transform::identity(), None);
        }
    }
    /// A rounded rectangle.
    pub(crate) fn rrect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, ink: Ink) {
        if let Some(path) = rounded(x, y, w, h, r) {
            self.fill(&path, ink);
        }
    }

    /// A rounded rectangle's outline, `width` thick, inside the box.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn rrect_line(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, width: f32, ink: Ink) {
        let half = width / 2.0;
        if let Some(path) = rounded(x + half, y + half, w - width, h - width, (r - half).max(0.0)) {
            self.stroke(&path, width, ink);
        }
    }

    /// A disc.
    pub(crate) fn circle(&mut self, cx: f32, cy: f32, r: f32, ink: Ink) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.fill(&path, ink);
        }
    }

    /// A circle's outline, `width` thick, centred on radius `r`.
    pub(crate) fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, ink: Ink) {
        if let Some(path) = PathBuilder::from_circle(cx, cy, r) {
            self.stroke(&path, width, ink);
        }
    }

    /// A line with round ends.
    pub(crate) fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, ink: Ink) {
        self.polyline(&[(x1, y1), (x2, y2)], width, ink);
    }

    /// Joined lines with round ends.
    pub(crate) fn polyline(&mut self, points: &[(f32, f32)], width: f32, ink: Ink) {
        if let Some(path) = poly_path(points, false) {
            self.stroke(&path, width, ink);
        }
    }

    /// A filled polygon.
    pub(crate) fn polygon(&mut self, points: &[(f32, f32)], ink: Ink) {
        if let Some(path) = poly_path(points, true) {
            self.fill(&path, ink);
        }
    }

    /// A dashed line: dashes `dash` long with gaps as long.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn dashed(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, dash: f32, ink: Ink) {
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt();
        if len <= 0.0 {
            return;
        }
        let mut pb = PathBuilder::new();
        let mut t = 0.0;
        while t < len {
            let e = (t + dash).min(len);
            pb.move_to(x1 + dx * t / len, y1 + dy * t / len);
            pb.line_to(x1 + dx * e / len, y1 + dy * e / len);
            t += dash * 2.0;
        }
        if let Some(path) = pb.finish() {
            self.stroke(&path, width, ink);
        }
    }

    /// An arrow head: a triangle pointing from `(x1, y1)` to its tip `(x2, y2)`, `size` long.
    pub(crate) fn arrow_head(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, size: f32, ink: Ink) {
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
        let (ux, uy) = (dx / len, dy / len);
        let (bx, by) = (x2 - ux * size, y2 - uy * size);
        let w = size * 0.62;
        self.polygon(&[(x2, y2), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)], ink);
    }

    /// Text of digits, the letters `A`–`G` and the symbols of [`glyphs`], with its cap
    /// height `size` and its top at `y`.
    pub(crate) fn text(&mut self, x: f32, y: f32, size: f32, text: &str, ink: Ink, align: Align) {
        self.narrow_text(x, y, size, 1.0, text, ink, align);
    }

    /// [`Canvas::text`] with glyphs narrowed to `narrow` of their width (the same height):
    /// for numbers in tight boxes, such as a piste's spaces.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn narrow_text(&mut self, x: f32, y: f32, size: f32, narrow: f32, text: &str, ink: Ink, align: Align) {
        // Digits and capitals (`x` and the rest are symbols).
        if text.chars().any(|c| c.is_ascii_digit() || c.is_ascii_uppercase()) {
            self.smallest_text = self.smallest_text.min(size);
        }
        let (left, w, m) = text_box(x, size, narrow, text, align);
        self.mark(left - m, y - m, left + w + m, y + size + m, true);
        let p = paint(ink);
        let pixmap = self.pixmap_mut();
        let (wide, advance) = (size * narrow, glyphs::ADVANCE * size * narrow);
        for (i, c) in text.chars().enumerate() {
            if let Some(path) = glyphs::glyph(c) {
                let t = Transform::from_row(wide, 0.0, 0.0, size, left + i as f32 * advance, y);
                pixmap.fill_path(path, &p, FillRule::Winding, t, None);
            }
        }
    }

    /// [`Canvas::text`] over a plain `bg`, drawn once and then stamped: for the numbers
    /// that change from picture to picture (scores, counts). Where it lands, the canvas must
    /// be `bg`, as a stamp replaces what is under it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn label(&mut self, x: f32, y: f32, size: f32, text: &str, ink: Ink, align: Align, bg: Ink) {
        let (left, w, m) = text_box(x, size, 1.0, text, align);
        let (x0, y0) = ((left - m).floor(), (y - m).floor());
        let (x1, y1) = ((left + w + m).ceil(), (y + size + m).ceil());
        // The same pixels wherever it lands: the key holds the text's place within its box.
        let (dx, dy) = (left - x0, y - y0);
        let key = format!("label {text} {size} {ink:?} {bg:?} {dx} {dy}");
        self.stamp(&key, x0, y0, (x1 - x0) as u32, (y1 - y0) as u32, bg, |c| {
            c.text(dx, dy, size, text, ink, Align::Left);
        });
    }

    /// Text centred on `(cx, cy)`.
    pub(crate) fn text_centred(&mut self, cx: f32, cy: f32, size: f32, text: &str, ink: Ink) {
        self.text(cx, cy - size / 2.0, size, text, ink, Align::Centre);
    }

    /// Gives the stretches tiny-skia drew into their palette indices.
    fn index_painted(&mut self) {
        let (width, chunk) = (self.width(), self.chunk);
        let surface = self.surface.as_mut().expect("a canvas has its surface until dropped");
        let stride = surface.stride();
        let w = width as usize;
        for (row, mask) in self.painted.iter_mut().enumerate() {
            for (x0, x1) in runs(*mask, chunk, width) {
                let rgba = &surface.pixmap.data()[(row * w + x0) * 4..(row * w + x1) * 4];
                index_run(rgba, &mut surface.rows[row * stride + 1 + x0..row * stride + 1 + x1]);
            }
            *mask = 0;
        }
    }

    /// The palette index of every pixel, row by row.
    pub(crate) fn indexed(mut self) -> Vec<u8> {
        self.index_painted();
        let surface = self.surface();
        surface.rows.chunks_exact(surface.stride()).flat_map(|r| &r[1..]).copied().collect()
    }

    /// The finished picture, as an indexed PNG.
    pub(crate) fn finish(self) -> Picture {
        self.encode(false)
    }

    /// The finished picture, compressed harder (slower): for the end of a match, drawn once.
    pub(crate) fn finish_small(self) -> Picture {
        self.encode(true)
    }

    fn encode(mut self, small: bool) -> Picture {
        self.index_painted();
        let (width, height) = (self.width(), self.height());
        let same = self.same_rows();
        let png = encode::encode_png(width, height, &self.surface().rows, palette(), small, &same);
        Picture { png: Arc::from(png), width, height, smallest_text: self.smallest_text }
    }

    /// Per row, whether it is the same as the row above, found cheaply: where the layer's
    /// two rows are the same, only what the picture changed in either needs comparing.
    fn same_rows(&self) -> Vec<bool> {
        let surface = self.surface();
        let (width, stride) = (self.width(), surface.stride());
        let row = |r: usize| &surface.rows[r * stride + 1..(r + 1) * stride];
        (0..self.touched.len())
            .map(|r| {
                r > 0
                    && self.base.same[r]
                    && runs(self.touched[r] | self.touched[r - 1], self.chunk, width)
                        .all(|(x0, x1)| row(r)[x0..x1] == row(r - 1)[x0..x1])
            })
            .collect()
    }
}

impl Drop for Canvas {
    /// Puts back what the picture changed and gives the surface back to its layer's pool.
    fn drop(&mut self) {
        let Some(mut surface) = self.surface.take() else { return };
        let clean = &self.base.clean;
        let (width, stride) = (surface.pixmap.width(), surface.stride());
        let w = width as usize;
        for (row, &mask) in self.touched.iter().enumerate() {
            for (x0, x1) in runs(mask, self.chunk, width) {
                let (a, b) = ((row * w + x0) * 4, (row * w + x1) * 4);
                surface.pixmap.data_mut()[a..b].copy_from_slice(&clean.pixmap.data()[a..b]);
                let (a, b) = (row * stride + 1 + x0, row * stride + 1 + x1);
                surface.rows[a..b].copy_from_slice(&clean.rows[a..b]);
            }
        }
        self.base.give(surface);
    }
}

/// The palette index of each pixel of `rgba` into `out`.
fn index_run(rgba: &[u8], out: &mut [u8]) {
    let lut = lookup();
    // Pixels are opaque, so no pixel is 0 (transparent black): the first one is looked up.
    let (mut last, mut index) = (0u32, 0u8);
    for (px, slot) in rgba.chunks_exact(4).zip(out.iter_mut()) {
        let v = u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
        if v != last {
            last = v;
            index = lut[key([px[0], px[1], px[2]])];
        }
        *slot = index;
    }
}

fn poly_path(points: &[(f32, f32)], close: bool) -> Option<Path> {
    let (&(x, y), rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(x, y);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    if close {
        pb.close();
    }
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_fits_a_png_and_a_gif_and_keeps_every_ink() {
        let palette = palette();
        assert!(palette.len() <= 256, "{}", palette.len());
        let lut = lookup();
        for ink in Ink::ALL {
            assert_eq!(lut[key(ink.rgb())], ink as u8, "{ink:?} maps to itself");
            assert_eq!(palette[ink as usize], ink.rgb());
        }
    }

    #[test]
    fn white_and_stamped_pixels_keep_their_colour() {
        let mut c = Canvas::new(64, 4, Ink::Bg);
        c.rect(40.0, 0.0, 24.0, 4.0, Ink::White);
        c.stamp("test white", 0.0, 0.0, 8, 4, Ink::White, |_| {});
        let indexed = c.indexed();
        assert_eq!(&indexed[..8], &[Ink::White as u8; 8]);
        assert_eq!(indexed[20], Ink::Bg as u8);
        assert_eq!(&indexed[40..64], &[Ink::White as u8; 24]);
    }

    #[test]
    fn a_canvas_encodes_to_a_png_that_decodes() {
        let mut c = Canvas::new(40, 20, Ink::Bg);
        c.circle(10.0, 10.0, 6.0, Ink::Blue);
        c.text(20.0, 4.0, 12.0, "7", Ink::Text, Align::Left);
        let picture = c.finish();
        let decoder = png::Decoder::new(std::io::Cursor::new(picture.png.to_vec()));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (40, 20));
        assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    }
}
