//! The pictures' own type: digits, the grid's letters `A`–`G` and a few symbols, drawn as
//! rounded monoline strokes. Hand-made for this project (see `GLYPHS-LICENSE.md` beside
//! this file); nothing is loaded from the system or the network.
//!
//! Each glyph is designed in a box 6 wide and 10 high (the cap height), stroked once, and
//! kept as a filled outline at unit size, so drawing text is filling a few paths.

use std::sync::OnceLock;

use tiny_skia::{LineCap, LineJoin, Path, PathBuilder, Stroke};

/// The stroke of every glyph, in design units (the cap height is 10).
const WEIGHT: f32 = 1.35;
/// The advance of every glyph, in ems (cap heights): tabular figures.
pub(crate) const ADVANCE: f32 = 0.74;
/// The ink's width of a glyph, in ems, without the stroke's overhang.
const INK: f32 = 0.6;

/// Every glyph: its character and its strokes (`M` move, `L` line, `C` cubic, `Z` close,
/// `O cx cy r` a circle), in design units.
const DESIGNS: &[(char, &str)] = &[
    ('0', "M 3 0.5 C 0.2 0.5 0.5 4 0.5 5 C 0.5 6 0.2 9.5 3 9.5 C 5.8 9.5 5.5 6 5.5 5 C 5.5 4 5.8 0.5 3 0.5 Z"),
    ('1', "M 1.2 2.6 L 3.6 0.5 L 3.6 9.5"),
    ('2', "M 0.8 2.8 C 0.9 -0.1 5.3 -0.1 5.3 2.7 C 5.3 4.9 0.6 6.9 0.6 9.5 L 5.5 9.5"),
    ('3', "M 0.8 1.5 C 1.8 0.2 5.2 -0.2 5.2 2.6 C 5.2 4.2 3.9 4.9 2.4 4.9 C 4.3 4.9 5.5 5.7 5.5 7.2 C 5.5 10.3 1.5 10 0.6 8.4"),
    ('4', "M 4.1 9.5 L 4.1 0.5 L 0.5 6.9 L 5.6 6.9"),
    ('5', "M 5.1 0.5 L 1.2 0.5 L 0.9 4.4 C 2.6 3.2 5.5 3.7 5.5 6.6 C 5.5 10.2 1.5 10.1 0.6 8.4"),
    ('6', "M 4.9 0.6 C 2 0.8 0.6 3.4 0.6 6.4 C 0.6 8.5 1.6 9.6 3.1 9.6 C 4.6 9.6 5.5 8.4 5.5 6.7 C 5.5 5 4.5 3.9 3.1 3.9 C 1.8 3.9 0.9 4.7 0.6 6"),
    ('7', "M 0.5 0.5 L 5.5 0.5 L 2.2 9.5"),
    ('8', "M 3 4.7 C 0.1 4.7 0.1 0.5 3 0.5 C 5.9 0.5 5.9 4.7 3 4.7 C -0.1 4.7 -0.1 9.5 3 9.5 C 6.1 9.5 6.1 4.7 3 4.7 Z"),
    ('9', "M 1.1 9.4 C 4 9.2 5.4 6.6 5.4 3.6 C 5.4 1.5 4.4 0.4 2.9 0.4 C 1.4 0.4 0.5 1.6 0.5 3.3 C 0.5 5 1.5 6.1 2.9 6.1 C 4.2 6.1 5.1 5.3 5.4 4"),
    ('A', "M 0.4 9.5 L 3 0.5 L 5.6 9.5 M 1.3 6.5 L 4.7 6.5"),
    ('B', "M 0.8 5 L 3.2 5 C 5.5 5 5.5 0.5 3.2 0.5 L 0.8 0.5 L 0.8 9.5 L 3.5 9.5 C 6 9.5 6 5 3.5 5"),
    ('C', "M 5.4 1.9 C 4.7 0.8 3.9 0.4 3.1 0.4 C 1.3 0.4 0.5 2.5 0.5 5 C 0.5 7.5 1.3 9.6 3.1 9.6 C 3.9 9.6 4.7 9.2 5.4 8.1"),
    ('D', "M 0.8 0.5 L 0.8 9.5 L 2.6 9.5 C 4.8 9.5 5.5 7.5 5.5 5 C 5.5 2.5 4.8 0.5 2.6 0.5 Z"),
    ('E', "M 5.2 0.5 L 0.8 0.5 L 0.8 9.5 L 5.2 9.5 M 0.8 5 L 4.3 5"),
    ('F', "M 5.2 0.5 L 0.8 0.5 L 0.8 9.5 M 0.8 5 L 4.3 5"),
    ('G', "M 5.3 1.9 C 4.6 0.8 3.9 0.4 3.1 0.4 C 1.3 0.4 0.5 2.5 0.5 5 C 0.5 7.5 1.3 9.6 3.1 9.6 C 4.5 9.6 5.5 8.7 5.5 6.7 L 5.5 5.7 L 3.4 5.7"),
    ('+', "M 3 2.5 L 3 7.5 M 0.5 5 L 5.5 5"),
    ('-', "M 0.9 5 L 5.1 5"),
    ('x', "M 1 3 L 5 7 M 5 3 L 1 7"),
    ('/', "M 4.9 0.5 L 1.1 9.5"),
];

fn parse(design: &str) -> Path {
    let mut pb = PathBuilder::new();
    let mut words = design.split_whitespace();
    let num = |w: &mut std::str::SplitWhitespace<'_>| -> f32 {
        w.next().and_then(|t| t.parse().ok()).expect("a glyph design is well formed")
    };
    while let Some(op) = words.next() {
        match op {
            "M" => {
                let (x, y) = (num(&mut words), num(&mut words));
                pb.move_to(x, y);
            }
            "L" => {
                let (x, y) = (num(&mut words), num(&mut words));
                pb.line_to(x, y);
            }
            "C" => {
                let p: [f32; 6] = std::array::from_fn(|_| num(&mut words));
                pb.cubic_to(p[0], p[1], p[2], p[3], p[4], p[5]);
            }
            "O" => {
                let (x, y, r) = (num(&mut words), num(&mut words), num(&mut words));
                pb.push_circle(x, y, r);
            }
            "Z" => pb.close(),
            other => panic!("unknown glyph operation {other}"),
        }
    }
    let stroke = Stroke { width: WEIGHT, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() };
    let outline = pb.finish().and_then(|p| p.stroke(&stroke, 8.0)).expect("a glyph has ink");
    // From design units (cap height 10) to ems.
    outline.transform(tiny_skia::Transform::from_scale(0.1, 0.1)).expect("a glyph scales")
}

/// The outlines, at a cap height of 1, in [`DESIGNS`] order.
fn outlines() -> &'static [Path] {
    static OUTLINES: OnceLock<Vec<Path>> = OnceLock::new();
    OUTLINES.get_or_init(|| DESIGNS.iter().map(|(_, d)| parse(d)).collect())
}

/// The outline of `c` at a cap height of 1, its ink starting at `x = 0` and its cap at
/// `y = 0`, if the pictures' type has it.
pub(crate) fn glyph(c: char) -> Option<&'static Path> {
    DESIGNS.iter().position(|&(g, _)| g == c).map(|i| &outlines()[i])
}

/// The width of `text` at cap height `size`, from the first glyph's ink to the last's.
pub(crate) fn width(text: &str, size: f32) -> f32 {
    let n = text.chars().count() as f32;
    if n == 0.0 {
        0.0
    } else {
        ((n - 1.0) * ADVANCE + INK) * size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_has_ink_inside_its_box() {
        for &(c, _) in DESIGNS {
            let b = glyph(c).unwrap().bounds();
            assert!(b.left() > -0.12 && b.right() < 0.72, "{c}: {b:?}");
            assert!(b.top() > -0.12 && b.bottom() < 1.12, "{c}: {b:?}");
        }
        assert!(glyph('H').is_none(), "only the grid's letters A to G");
    }
}
