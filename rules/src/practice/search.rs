//! Determinized Monte Carlo, generic over [`Opponent`]: UCB1 over the candidate actions at
//! the root; each iteration samples a world consistent with the seat's knowledge, plays the
//! chosen candidate in it, plays the round out with the game's quick policy, and scores it.

use std::time::Instant;

use super::{Opponent, Random};
use crate::Seat;

/// How often (in iterations) the clock is read.
const CLOCK_EVERY: u32 = 64;

/// The candidate with the best mean score after `iterations` simulated rounds (fewer if
/// `deadline` comes first; `None`: no deadline). `candidates` holds at least two actions.
pub(crate) fn search<G: Opponent>(
    k: &G::Knowledge,
    seat: Seat,
    candidates: &[G::Action],
    iterations: u32,
    deadline: Option<Instant>,
    rng: &mut Random,
) -> G::Action {
    let n = candidates.len();
    let mut visits = vec![0u32; n];
    let mut total = vec![0f64; n];
    let mut done = 0u32;
    while done < iterations.max(n as u32) {
        if done % CLOCK_EVERY == 0 && done > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        // Every candidate once, then UCB1.
        let i = if (done as usize) < n {
            done as usize
        } else {
            let log_n = f64::from(done).ln();
            let mut best = 0;
            let mut best_value = f64::NEG_INFINITY;
            for j in 0..n {
                let mean = total[j] / f64::from(visits[j]);
                let value = mean + 0.7 * (log_n / f64::from(visits[j])).sqrt();
                if value > best_value {
                    best = j;
                    best_value = value;
                }
            }
            best
        };
        let mut world = G::determinize(k, rng);
        G::play_in_world(&mut world, seat, candidates[i]);
        let score = G::play_out(&mut world, seat, rng);
        visits[i] += 1;
        total[i] += score;
        done += 1;
    }
    // The best mean among the candidates tried most (ties: the first listed).
    let mut best = 0;
    for j in 1..n {
        let (mj, mb) = (total[j] / f64::from(visits[j].max(1)), total[best] / f64::from(visits[best].max(1)));
        if mj > mb {
            best = j;
        }
    }
    candidates[best]
}
