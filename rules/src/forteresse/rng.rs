//! Seeded, portable chance: the first-shooter tosses and random set-ups.
//!
//! ChaCha8 (`rand_chacha`, value-stable across versions and platforms), with the uniform
//! sampling written here, as in En Garde's shuffles: no change in a dependency's sampling
//! can change a toss for a stored seed. This is a stable encoding.
//!
//! Streams of a seed: 0 is round 1's toss (the same draw as En Garde's first player), 1 is
//! round 2's toss (`round2_first = random`), 2 is [`Fortress::random`](super::Fortress::random).

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::Seat;

/// Round 1's first-shooter toss (`first_shooter = random`).
pub(crate) const ROUND1_TOSS: u64 = 0;
/// Round 2's first-shooter toss (`round2_first = random`).
pub(crate) const ROUND2_TOSS: u64 = 1;
/// Random set-ups.
pub(crate) const SETUPS: u64 = 2;

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

    /// Pins the tosses: if this fails, stored matches would replay differently. Seed 7 on
    /// stream 0 gives B, as En Garde's pinned first-player draw (the same draw); the other
    /// values were checked with an independent ChaCha8 written in Python (see
    /// `tests/forteresse/README.md`).
    #[test]
    fn tosses_are_stable_across_versions() {
        let round1: Vec<Seat> = (0..8).map(|s| toss(s, ROUND1_TOSS)).collect();
        let round2: Vec<Seat> = (0..8).map(|s| toss(s, ROUND2_TOSS)).collect();
        assert_eq!(toss(7, ROUND1_TOSS), Seat::B);
        assert_eq!(round1, STABLE_ROUND1);
        assert_eq!(round2, STABLE_ROUND2);
    }

    use Seat::{A, B};
    const STABLE_ROUND1: [Seat; 8] = [A, B, B, B, A, B, A, B];
    const STABLE_ROUND2: [Seat; 8] = [B, B, B, A, A, B, A, B];

    #[test]
    fn below_stays_below() {
        let mut r = rng(3, SETUPS);
        for bound in 1..40 {
            assert!(below(&mut r, bound) < bound);
        }
    }
}
