//! Round robin schedules by the circle method.

use crate::history::distinct;
use crate::types::{Pairing, PlayerId, RoundPlan};

/// Every round of a round robin by the circle method (a double round robin repeats it with
/// seats swapped), who moves first balanced; an odd field rests one player per round.
///
/// With `m` places (the players, plus an empty place when their number is odd), the last place
/// stays put and the others turn round a circle of `m - 1`: in round `r`, the player at circle
/// position `r` meets the fixed place (or rests, when that place is empty) and positions `r + k`
/// and `r - k` meet for `k = 1 ..= m/2 - 1`. Every pair meets exactly once in the `m - 1`
/// rounds and everyone rests exactly once when the field is odd.
///
/// Seats: position `r + k` moves first when `k` is odd, position `r - k` when `k` is even, and
/// the fixed player moves first in odd rounds. Each player's seats then alternate from round to
/// round (never the same seat three games running within a cycle), and each moves first in half
/// their games, rounded up or down (exactly half with an odd field). The second half of a double round robin plays the same rounds again with
/// the seats swapped, so there everyone moves first in exactly half their games.
///
/// Players are placed in the order given (repeats ignored). Fewer than two players: no rounds.
pub fn round_robin(players: &[PlayerId], double: bool) -> Vec<RoundPlan> {
    let players = distinct(players);
    if players.len() < 2 {
        return Vec::new();
    }
    // Places: the players, then an empty place for an odd field.
    let places: Vec<Option<PlayerId>> =
        players.iter().copied().map(Some).chain((players.len() % 2 == 1).then_some(None)).collect();
    let m = places.len();
    let circle = m - 1;
    let fixed = places[circle];
    let mut rounds: Vec<RoundPlan> = (0..circle)
        .map(|r| {
            let mut plan = RoundPlan::default();
            let at = |offset: isize| places[(r as isize + offset).rem_euclid(circle as isize) as usize];
            let hub = at(0).expect("only the fixed place may be empty");
            match fixed {
                None => plan.bye = Some(hub),
                Some(fixed) if r % 2 == 1 => plan.pairings.push(Pairing { first: fixed, second: hub }),
                Some(fixed) => plan.pairings.push(Pairing { first: hub, second: fixed }),
            }
            for k in 1..=(m / 2 - 1) as isize {
                let (up, down) = (at(k).expect("a player"), at(-k).expect("a player"));
                plan.pairings.push(if k % 2 == 1 {
                    Pairing { first: up, second: down }
                } else {
                    Pairing { first: down, second: up }
                });
            }
            plan
        })
        .collect();
    if double {
        let swapped: Vec<RoundPlan> = rounds
            .iter()
            .map(|plan| RoundPlan {
                pairings: plan.pairings.iter().map(|p| Pairing { first: p.second, second: p.first }).collect(),
                bye: plan.bye,
            })
            .collect();
        rounds.extend(swapped);
    }
    rounds
}
