//! Whole pictures kept for when they are asked for again: prompts (a hand, a fortress, a
//! target), keyed by exactly what they show of a seat's view.
//!
//! The cache is bounded: two generations of at most [`GENERATION`] pictures and
//! [`GENERATION_BYTES`] bytes each. A picture found in the older generation moves to the
//! newer; when the newer is full, it becomes the older and the older is forgotten. So the
//! pictures in use stay (every En Garde hand, about 1,500 of them, fits), and at most twice
//! [`GENERATION_BYTES`] are kept.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::Picture;

/// The most pictures in one generation.
const GENERATION: usize = 2_048;
/// The most bytes of pictures in one generation.
const GENERATION_BYTES: usize = 8 << 20;

#[derive(Default)]
struct Generations {
    new: HashMap<String, Picture>,
    /// The bytes of the pictures in `new`.
    new_bytes: usize,
    old: HashMap<String, Picture>,
}

impl Generations {
    fn get(&mut self, key: &str) -> Option<Picture> {
        if let Some(p) = self.new.get(key) {
            return Some(p.clone());
        }
        let (key, p) = self.old.remove_entry(key)?;
        self.put(key, p.clone());
        Some(p)
    }

    fn put(&mut self, key: String, picture: Picture) {
        if self.new.len() >= GENERATION || self.new_bytes >= GENERATION_BYTES {
            self.old = std::mem::take(&mut self.new);
            self.new_bytes = 0;
        }
        self.new_bytes += picture.png.len();
        if let Some(before) = self.new.insert(key, picture) {
            self.new_bytes -= before.png.len();
        }
    }
}

fn generations() -> &'static Mutex<Generations> {
    static CACHE: OnceLock<Mutex<Generations>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The picture kept under `key`, or the one `draw` makes (then kept). `key` must say
/// everything `draw` shows.
pub(crate) fn cached(key: String, draw: impl FnOnce() -> Picture) -> Picture {
    if let Some(p) = generations().lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return p;
    }
    let picture = draw();
    generations().lock().unwrap_or_else(PoisonError::into_inner).put(key, picture.clone());
    picture
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn picture(n: u8) -> Picture {
        Picture { png: Arc::from(vec![n]), width: 1, height: 1, smallest_text: f32::INFINITY }
    }

    #[test]
    fn pictures_in_use_stay_and_the_cache_stays_bounded() {
        let mut g = Generations::default();
        g.put("kept".to_owned(), picture(1));
        for i in 0..GENERATION * 5 {
            g.put(format!("other {i}"), picture(2));
            // Asked for often: it stays.
            if i % (GENERATION / 2) == 0 {
                assert_eq!(g.get("kept"), Some(picture(1)), "{i}");
            }
            assert!(g.new.len() + g.old.len() <= 2 * GENERATION);
        }
        assert_eq!(g.get("other 0"), None, "forgotten after two generations");
    }

    #[test]
    fn large_pictures_are_bounded_by_their_bytes() {
        let mut g = Generations::default();
        let big = Picture { png: Arc::from(vec![0u8; 1 << 20]), width: 1, height: 1, smallest_text: f32::INFINITY };
        for i in 0..64 {
            g.put(format!("big {i}"), big.clone());
            let bytes: usize = g.new.values().chain(g.old.values()).map(|p| p.png.len()).sum();
            assert!(bytes <= 2 * GENERATION_BYTES + big.png.len(), "{i}: {bytes}");
        }
        // The same key again replaces, not adds.
        g.put("big 63".to_owned(), picture(1));
        assert_eq!(g.new_bytes, g.new.values().map(|p| p.png.len()).sum::<usize>());
    }
}
