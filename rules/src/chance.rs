//! Seeded, portable chance, shared by every game: ChaCha8 (`rand_chacha`, whose output is
//! value-stable across versions and platforms) with the uniform sampling written here, so
//! that no change in a dependency's sampling algorithm can change a deal or a toss for a
//! stored seed. This is a stable encoding: changing it breaks every stored match and record.
//! Each game names the streams of a seed it draws from.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::Seat;

/// The generator of `seed` on `stream`.
pub(crate) fn rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A uniform integer in `0..bound` (`bound` > 0), by rejection sampling.
pub(crate) fn below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % bound;
        }
    }
}

/// A seat drawn from `seed` on `stream`: the low bit of the stream's first word.
pub(crate) fn toss(seed: u64, stream: u64) -> Seat {
    if rng(seed, stream).next_u32() & 1 == 0 {
        Seat::A
    } else {
        Seat::B
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_below() {
        let mut r = rng(3, 2);
        for bound in 1..40 {
            assert!(below(&mut r, bound) < bound);
        }
    }
}
