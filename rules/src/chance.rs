//! Seeded, portable chance, shared by every game: ChaCha8 (`rand_chacha`, whose output is
//! value-stable across versions and platforms) with the uniform sampling written here, so
//! that no change in a dependency's sampling algorithm can change a deal or a toss for a
//! stored seed. This is a stable encoding: changing it breaks every stored match and record.
//! Each game names the streams of a seed it draws from.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::Seat;

/// The generator of `seed` on `stream`.
#[inline]
pub(crate) fn rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A uniform integer in `0..bound` (`bound` > 0), by rejection sampling.
#[inline]
pub(crate) fn below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    if let Some(&(zone, magic)) = SMALL.get(bound as usize) {
        // The same draws and the same results as below, without a division (the shuffles'
        // bounds are all small).
        loop {
            let x = rng.next_u32();
            if x <= zone {
                return fast_mod(x, magic, bound);
            }
        }
    }
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % bound;
        }
    }
}

/// For each bound below 64 (0 unused): the rejection zone `u32::MAX - 2^32 mod bound`
/// and the multiplier of Lemire's exact remainder, `2^64 / bound + 1` (wrapping).
const SMALL: [(u32, u64); 64] = {
    let mut table = [(0, 0); 64];
    let mut bound = 1;
    while bound < 64 {
        let zone = u32::MAX - ((1u64 << 32) % bound as u64) as u32;
        table[bound] = (zone, (u64::MAX / bound as u64).wrapping_add(1));
        bound += 1;
    }
    table
};

/// `x % d` from the multiplier of [`SMALL`] (Lemire, Kaser and Kurz, "Faster remainder by
/// direct computation", 2019: exact for every 32-bit `x` and `d`).
#[inline]
fn fast_mod(x: u32, magic: u64, d: u32) -> u32 {
    let low = magic.wrapping_mul(u64::from(x));
    ((u128::from(low) * u128::from(d)) >> 64) as u32
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
    fn the_fast_remainder_and_zone_are_exact() {
        for d in 1..64u32 {
            let (zone, magic) = SMALL[d as usize];
            assert_eq!(zone, u32::MAX - (u32::MAX - d + 1) % d);
            let mut r = rng(u64::from(d), 9);
            let edges = [0, 1, d - 1, d, u32::MAX - 1, u32::MAX, zone, zone.wrapping_add(1)];
            for x in edges.into_iter().chain((0..2000).map(|_| r.next_u32())) {
                assert_eq!(fast_mod(x, magic, d), x % d, "{x} % {d}");
            }
        }
    }

    #[test]
    fn below_stays_below() {
        let mut r = rng(3, 2);
        for bound in 1..40 {
            assert!(below(&mut r, bound) < bound);
        }
    }
}
