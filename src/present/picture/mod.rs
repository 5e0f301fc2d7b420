//! Every game drawn as a picture: pure functions from the rules crate's view models to PNG
//! bytes (`docs/boards.md`, "Pictures").
//!
//! - [`board`]: the public board of any game, from its public view and the public events
//!   of the last decision;
//! - [`prompt`]: one seat's private picture (a hand, a fortress);
//! - [`aim`]: a Forteresse shooter's target grid with the chosen ring cell and its legal
//!   directions;
//! - [`reveal`]: the end of a match with what was secret shown, from its record;
//! - [`replay`]: an animated GIF of a whole match, one frame per decision, from its record.
//!
//! Pictures hold no words (digits, the grid's letters and symbols only), so one picture
//! serves every language; the `alt_*` functions describe each in the reader's language.
//! Seat A is blue and seat B orange in every picture ([`crate::present::seat_colour`]).
//! A picture is a function of its arguments only: a public picture cannot show what a
//! public view does not hold.
//!
//! ```
//! use engarde::present::picture;
//! use engarde_rules::{Match, Seat};
//! let game = Match::start("engarde-standard".parse()?, &Default::default(), 7, Some(Seat::A))?;
//! let board = picture::board(&game.public_view(), &[]);
//! assert!(board.png.starts_with(b"\x89PNG"));
//! assert!(board.png.len() <= picture::MAX_BYTES);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod alt;
mod cache;
mod canvas;
mod encode;
mod engarde;
mod forteresse;
mod glyphs;
mod parts;
mod readyfence;
#[doc(hidden)]
pub mod sample;

use std::borrow::Cow;
use std::sync::Arc;

use engarde_rules::forteresse::{Action as FAction, Cell, Event as FEvent};
use engarde_rules::{BySeat, Match, MatchAction, MatchEvent, PublicView, ReplayError, SeatView};

pub use alt::{alt_aim, alt_board, alt_placing, alt_prompt, alt_replay, alt_reveal, MAX_ALT_CHARS};

/// The most bytes a picture may take (`docs/boards.md`).
pub const MAX_BYTES: usize = 40 * 1024;

/// The most bytes an animated replay may take (`docs/boards.md`).
pub const MAX_REPLAY_BYTES: usize = 8 * 1024 * 1024;

/// A picture: an indexed PNG and its size in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The PNG file's bytes (cheap to clone, so a cache can hand them out).
    pub png: Arc<[u8]>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The cap height, in pixels, of the smallest letter or digit it shows (infinite if it
    /// shows none): at least [`SMALLEST_TEXT`] in a picture 800 pixels wide.
    pub smallest_text: f32,
}

/// The smallest cap height of a letter or digit in a picture 800 pixels wide: 9 pixels
/// where Discord shows it on a phone, about 360 pixels wide.
pub const SMALLEST_TEXT: f32 = 20.0;

/// The width, in pixels, at which Discord shows a picture on a phone (a picture narrower
/// than this is shown at its own size).
pub const PHONE_WIDTH: f32 = 360.0;

impl Picture {
    /// The cap height, in pixels, of its smallest letter or digit where a phone shows it
    /// [`PHONE_WIDTH`] wide (infinite if it shows none).
    #[must_use]
    pub fn smallest_text_on_phone(&self) -> f32 {
        self.smallest_text * (PHONE_WIDTH / self.width as f32).min(1.0)
    }
}

/// The public board of a match of any game: what everyone sees, from the public view and
/// the public events of the last decision (`&[]` when there is none, e.g. a board posted
/// again). En Garde shows the cards that decision played; Forteresse highlights its shot.
#[must_use]
pub fn board(public: &PublicView, last: &[MatchEvent]) -> Picture {
    match public {
        PublicView::EnGarde(p) => engarde::board(p, &engarde_events(last)),
        PublicView::Forteresse(p) => forteresse::board(p, &forteresse_events(last)),
        PublicView::ReadyFence(p) => readyfence::board(p),
    }
}

/// One seat's private picture: En Garde's hand (the cards that reach the distance raised),
/// Forteresse's own fortress with its damage beside what the seat knows of the enemy's,
/// Ready... Fence!'s hand with speeds, colours and stamina costs.
/// A prompt shows the same picture again and again (the same hand at the same distance in
/// many matches, a fortress unchanged while its owner aims), so prompts come from a cache
/// ([`cached`]) keyed by exactly what the picture shows of the view.
#[must_use]
pub fn prompt(view: &SeatView) -> Picture {
    cache::cached(prompt_key(view), || prompt_uncached(view))
}

/// What a prompt picture shows of `view`, as a cache key: everything its drawing reads.
fn prompt_key(view: &SeatView) -> String {
    match view {
        SeatView::EnGarde(v) => engarde::hand_key(v),
        SeatView::Forteresse(v) => forteresse::prompt_key(v),
        SeatView::ReadyFence(v) => readyfence::hand_key(v),
    }
}

/// Draws a board and a prompt of a new match of every game, once, so that what every
/// picture shares (palette, glyphs, the encoder's tables, each game's layers and sprites) is
/// ready before the first click asks for one: call it at start-up, off the async threads.
pub fn warm_up() {
    let mut seen = Vec::new();
    for variant in engarde_rules::Variant::all() {
        if seen.contains(&variant.game()) {
            continue;
        }
        seen.push(variant.game());
        if let Ok(game) = Match::start(variant, &engarde_rules::OptionMap::new(), 0, None) {
            let _ = board(&game.public_view(), &[]);
            let _ = prompt_uncached(&game.view(engarde_rules::Seat::A));
        }
    }
}

/// The prompt picture, drawn afresh (not from the cache): for the pictures' bench.
#[doc(hidden)]
#[must_use]
pub fn prompt_uncached(view: &SeatView) -> Picture {
    match view {
        SeatView::EnGarde(v) => engarde::hand(v),
        SeatView::Forteresse(v) => forteresse::prompt(v),
        SeatView::ReadyFence(v) => readyfence::hand(v),
    }
}

/// A Forteresse shooter's target: what the seat knows of the enemy fortress, the chosen
/// ring cell `from`, and an arrow for each legal direction from it (none when `from` is
/// not one of the seat's legal shots now).
/// From a cache, as [`prompt`].
#[must_use]
pub fn aim(view: &engarde_rules::forteresse::SeatView, from: Cell) -> Picture {
    cache::cached(forteresse::aim_key(view, from), || forteresse::aim(view, from))
}

/// The end of a match, from its record, with what was secret revealed: En Garde and
/// Ready... Fence! show the final board with both hands as they ended; Forteresse shows
/// both fortresses of every round as they ended (no public view holds a fortress, so they
/// come from the record's set-ups).
///
/// # Errors
/// The record does not replay ([`ReplayError`]).
pub fn reveal(record: &str) -> Result<Picture, ReplayError> {
    let mut last = Vec::new();
    let mut rounds: Vec<forteresse::RoundEnd> = Vec::new();
    let mut current = 0usize;
    let game = Match::replay_steps(record, |_, action, events| {
        last = events.to_vec();
        if let Some((seat, MatchAction::Forteresse(FAction::Setup(f)))) = action {
            round_slot(&mut rounds, current).setups.get_mut(seat).replace(f);
        }
        for e in events {
            match e {
                MatchEvent::Forteresse(FEvent::Shot(a)) => round_slot(&mut rounds, current).shots.push(*a),
                MatchEvent::Forteresse(FEvent::RoundEnded { round, summary }) => {
                    round_slot(&mut rounds, usize::from(*round) - 1).summary = Some(*summary);
                }
                MatchEvent::Forteresse(FEvent::SetupsAwaited { round, .. }) => current = usize::from(*round) - 1,
                MatchEvent::Forteresse(FEvent::RoundStarted { round, .. }) => {
                    let r = usize::from(*round) - 1;
                    if r > 0 && round_slot(&mut rounds, r).setups == BySeat::default() {
                        let first = round_slot(&mut rounds, 0).setups;
                        round_slot(&mut rounds, r).setups = first;
                    }
                    current = r;
                }
                _ => {}
            }
        }
    })?;
    Ok(match &game {
        Match::EnGarde(g) => {
            let hands = BySeat::new_with(|s| g.view(s).hand);
            engarde::reveal(&g.public_view(), &engarde_events(&last), &hands)
        }
        Match::Forteresse(g) => forteresse::reveal(&g.public_view(), &rounds),
        Match::ReadyFence(g) => {
            let hands = BySeat::new_with(|s| g.view(s).hand);
            readyfence::reveal(&g.public_view(), &hands)
        }
    })
}

fn round_slot(rounds: &mut Vec<forteresse::RoundEnd>, i: usize) -> &mut forteresse::RoundEnd {
    while rounds.len() <= i {
        rounds.push(forteresse::RoundEnd { setups: BySeat::default(), shots: Vec::new(), summary: None });
    }
    &mut rounds[i]
}

/// An animated replay: a GIF of the board before the first decision and after each one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The GIF file's bytes.
    pub gif: Vec<u8>,
    /// Frames: one per decision, plus the opening board.
    pub frames: usize,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// How long a frame shows, in hundredths of a second; the last one longer.
const FRAME_DELAY: u16 = 90;
const LAST_FRAME_DELAY: u16 = 400;

/// The animated replay of a match from its record: the public board (as [`board`] draws
/// it) before the first decision and after each one, as a looping GIF in the pictures'
/// palette. Only what changed is stored in each frame.
///
/// # Errors
/// The record does not replay ([`ReplayError`]).
pub fn replay(record: &str) -> Result<Replay, ReplayError> {
    let mut frames: Vec<(u32, u32, Vec<u8>)> = Vec::new();
    Match::replay_steps(record, |game, _, events| {
        let public = game.public_view();
        let canvas = match &public {
            PublicView::EnGarde(p) => engarde::canvas(p, &engarde_events(events)),
            PublicView::Forteresse(p) => forteresse::canvas(p, &forteresse_events(events)),
            PublicView::ReadyFence(p) => readyfence::canvas(p),
        };
        frames.push((canvas.width(), canvas.height(), canvas.indexed()));
    })?;
    let (width, height) = frames.first().map_or((1, 1), |f| (f.0, f.1));
    Ok(Replay { gif: encode_gif(width, height, &frames), frames: frames.len(), width, height })
}

/// The frames as a GIF: the first whole, each next one as the rectangle that changed.
fn encode_gif(width: u32, height: u32, frames: &[(u32, u32, Vec<u8>)]) -> Vec<u8> {
    let palette: Vec<u8> = canvas::palette().iter().flatten().copied().collect();
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, width as u16, height as u16, &palette).expect("a GIF header writes to memory");
        encoder.set_repeat(gif::Repeat::Infinite).expect("a GIF loops");
        let w = width as usize;
        let mut previous: Option<&[u8]> = None;
        for (i, (_, _, pixels)) in frames.iter().enumerate() {
            let delay = if i + 1 == frames.len() { LAST_FRAME_DELAY } else { FRAME_DELAY };
            let (left, top, fw, fh) = match previous {
                None => (0, 0, w, height as usize),
                Some(prev) => changed(prev, pixels, w).unwrap_or((0, 0, 1, 1)),
            };
            let mut buffer = Vec::with_capacity(fw * fh);
            for row in top..top + fh {
                buffer.extend_from_slice(&pixels[row * w + left..row * w + left + fw]);
            }
            let frame = gif::Frame {
                delay,
                left: left as u16,
                top: top as u16,
                width: fw as u16,
                height: fh as u16,
                buffer: Cow::Owned(buffer),
                ..gif::Frame::default()
            };
            encoder.write_frame(&frame).expect("a GIF frame writes to memory");
            previous = Some(pixels);
        }
    }
    out
}

/// The rectangle (left, top, width, height) where two frames differ, if they do.
fn changed(a: &[u8], b: &[u8], w: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = a.len() / w;
    let differs = |r: usize| a[r * w..(r + 1) * w] != b[r * w..(r + 1) * w];
    let top = (0..rows).find(|&r| differs(r))?;
    let bottom = (0..rows).rev().find(|&r| differs(r))?;
    let (mut left, mut right) = (w, 0);
    for r in top..=bottom {
        let (ra, rb) = (&a[r * w..(r + 1) * w], &b[r * w..(r + 1) * w]);
        if let Some(l) = (0..left).find(|&x| ra[x] != rb[x]) {
            left = l;
        }
        if let Some(x) = (right..w).rev().find(|&x| ra[x] != rb[x]) {
            right = x;
        }
    }
    Some((left, top, right - left + 1, bottom - top + 1))
}

fn engarde_events(events: &[MatchEvent]) -> Vec<engarde_rules::engarde::Event> {
    events.iter().filter_map(|e| if let MatchEvent::EnGarde(e) = e { Some(e.clone()) } else { None }).collect()
}

fn forteresse_events(events: &[MatchEvent]) -> Vec<FEvent> {
    events.iter().filter_map(|e| if let MatchEvent::Forteresse(e) = e { Some(e.clone()) } else { None }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engarde_rules::{Seat, Variant};
    use std::collections::HashSet;

    #[test]
    fn a_cached_prompt_is_the_picture_its_view_draws() {
        let (mut keys, mut repeats) = (HashSet::new(), 0);
        for variant in Variant::all() {
            sample::Sample::of(variant, 3).play(300, |game, _| {
                for seat in Seat::ALL {
                    let view = game.view(seat);
                    if !keys.insert(prompt_key(&view)) {
                        repeats += 1;
                    }
                    assert_eq!(prompt(&view), prompt_uncached(&view), "{variant}, {seat}'s prompt");
                    if let SeatView::Forteresse(v) = &view {
                        for shot in &v.shots {
                            assert_eq!(aim(v, shot.from), forteresse::aim(v, shot.from), "{variant}, {seat} aiming");
                        }
                    }
                }
                true
            });
        }
        assert!(repeats > 0, "some prompts came from the cache");
    }
}
