//! Swiss pairing by maximum-weight matching.
//!
//! Every possible game of the round (and, with an odd field, every possible bye) gets a cost
//! ([`PlanCost`]); the pairing takes the plan whose summed cost is least, compared
//! lexicographically, found exactly by a maximum-weight perfect matching over all pairs.

use std::ops::Add;

use crate::history::{distinct, History, PlayerRecord, Seat};
use crate::matching::{max_weight_matching, Weight};
use crate::standings::standings;
use crate::types::{Format, Pairing, PlayerId, RoundPlan, RoundResult};

/// The furthest a player's first-minus-second count may stray from zero before the pairing
/// counts a colour overflow.
pub const SEAT_BALANCE_LIMIT: i64 = 2;

/// What a Swiss plan costs, summed over its games and its bye. Plans compare field by field,
/// in this order (the derived `Ord`): a plan is better when it has fewer rematches, whatever
/// its other fields; among those, fewer repeated byes; and so on.
///
/// This is the order of the FIDE Swiss systems' criteria: the absolute ones (no rematch, no
/// second bye, nobody pushed past the seat balance limit) before the score groups, colour
/// preferences last. Each is only a preference: when it cannot be met, the plan with the least
/// of it is taken rather than none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlanCost {
    /// Games between players who have met before, counted once per earlier meeting.
    pub rematches: u32,
    /// The byes the bye's recipient already had (0 while someone without a bye gets it).
    pub repeat_byes: u32,
    /// Players whose first-minus-second count would leave ±[`SEAT_BALANCE_LIMIT`].
    pub colour_overflows: u32,
    /// How many active players rank below the bye's recipient: the bye goes to the lowest
    /// score group, and in it to the lowest-ranked player.
    pub bye_rank: u32,
    /// The sum, over the games, of the squared difference of the two players' points (in half
    /// points): 0 when every game is inside a score group, and a two-group float costs more than
    /// two one-group floats.
    pub score_gaps: u64,
    /// Colour preferences: for each player, 8 × (first-minus-second count after the game)²,
    /// plus, when they get the same seat as last time, the length of their run in that seat
    /// (at most 3). So whoever moved first less often moves first; on equal counts, whoever
    /// moved second last time.
    pub colour_strain: u64,
}

impl Add for PlanCost {
    type Output = PlanCost;
    fn add(self, o: PlanCost) -> PlanCost {
        PlanCost {
            rematches: self.rematches + o.rematches,
            repeat_byes: self.repeat_byes + o.repeat_byes,
            colour_overflows: self.colour_overflows + o.colour_overflows,
            bye_rank: self.bye_rank + o.bye_rank,
            score_gaps: self.score_gaps + o.score_gaps,
            colour_strain: self.colour_strain + o.colour_strain,
        }
    }
}

impl PlanCost {
    /// The fields as numbers, most important first.
    fn levels(&self) -> [u64; 6] {
        [
            self.rematches.into(),
            self.repeat_byes.into(),
            self.colour_overflows.into(),
            self.bye_rank.into(),
            self.score_gaps,
            self.colour_strain,
        ]
    }
}

/// The field of a Swiss round, ready to be paired: the active players ranked, with what the
/// past rounds say about them. [`swiss`] is `SwissField::new(active, past).pair()`; the costs are
/// public so that a caller (or a test) can see why a plan was chosen.
#[derive(Clone, Debug)]
pub struct SwissField {
    /// The active players, best first (by the Swiss standings, then by `PlayerId`).
    ranking: Vec<PlayerId>,
    history: History,
}

impl SwissField {
    /// Ranks `active` (repeats ignored) after `past`.
    pub fn new(active: &[PlayerId], past: &[RoundResult]) -> Self {
        let active = distinct(active);
        let ranking = standings(&active, past, Format::Swiss).into_iter().map(|s| s.player).collect();
        SwissField { ranking, history: History::new(past, crate::standings::bye_points(Format::Swiss)) }
    }

    /// The active players, best first: Swiss standings order, ties by `PlayerId`.
    pub fn ranking(&self) -> &[PlayerId] {
        &self.ranking
    }

    /// What a game costs with these seats (see [`PlanCost`]).
    pub fn pairing_cost(&self, pairing: Pairing) -> PlanCost {
        let (a, b) = (self.history.record(pairing.first), self.history.record(pairing.second));
        let gap = self.history.points(pairing.first).0.abs_diff(self.history.points(pairing.second).0) as u64;
        PlanCost {
            rematches: self.history.meetings(pairing.first, pairing.second),
            colour_overflows: overflow(a, Seat::First) + overflow(b, Seat::Second),
            score_gaps: gap * gap,
            colour_strain: strain(a, Seat::First) + strain(b, Seat::Second),
            ..PlanCost::default()
        }
    }

    /// What giving `player` the bye costs (see [`PlanCost`]).
    pub fn bye_cost(&self, player: PlayerId) -> PlanCost {
        let below = self.ranking.iter().position(|&p| p == player).map_or(0, |i| self.ranking.len() - 1 - i);
        PlanCost { repeat_byes: self.history.record(player).byes, bye_rank: below as u32, ..PlanCost::default() }
    }

    /// The summed cost of a plan's games and bye.
    pub fn plan_cost(&self, plan: &RoundPlan) -> PlanCost {
        let games = plan.pairings.iter().map(|&p| self.pairing_cost(p)).fold(PlanCost::default(), Add::add);
        games + plan.bye.map(|p| self.bye_cost(p)).unwrap_or_default()
    }

    /// The better seating of two players, and its cost: the one with the lesser cost, the
    /// better-ranked player first on a tie.
    pub fn seat(&self, better: PlayerId, worse: PlayerId) -> (Pairing, PlanCost) {
        let straight = Pairing { first: better, second: worse };
        let swapped = Pairing { first: worse, second: better };
        let (straight_cost, swapped_cost) = (self.pairing_cost(straight), self.pairing_cost(swapped));
        if swapped_cost < straight_cost {
            (swapped, swapped_cost)
        } else {
            (straight, straight_cost)
        }
    }

    /// The plan of least [`PlanCost`]: every active player in exactly one game, or in the bye
    /// when the field is odd. Games are listed by their better-ranked player, best first.
    pub fn pair(&self) -> RoundPlan {
        let n = self.ranking.len();
        // Vertices: the players in ranking order, then a "bye" vertex when the field is odd.
        let vertices = n + n % 2;
        let mut edges: Vec<(usize, usize, PlanCost)> = Vec::with_capacity(vertices * vertices / 2);
        for i in 0..n {
            for j in i + 1..n {
                edges.push((i, j, self.seat(self.ranking[i], self.ranking[j]).1));
            }
            if n % 2 == 1 {
                edges.push((i, n, self.bye_cost(self.ranking[i])));
            }
        }
        let mates = max_weight_matching(vertices, &lexicographic_weights(&edges, vertices / 2));
        let mut plan = RoundPlan::default();
        for (i, mate) in mates.into_iter().enumerate().take(n) {
            match mate {
                Some(j) if j == n => plan.bye = Some(self.ranking[i]),
                Some(j) if j > i => plan.pairings.push(self.seat(self.ranking[i], self.ranking[j]).0),
                Some(_) => {}
                None => unreachable!("the matching is perfect: every edge outweighs any saving"),
            }
        }
        plan
    }
}

/// Whether giving `seat` to a player pushes their first-minus-second count past the limit.
fn overflow(record: &PlayerRecord, seat: Seat) -> u32 {
    u32::from(balance_after(record, seat).abs() > SEAT_BALANCE_LIMIT)
}

/// A player's colour strain with `seat` (see [`PlanCost::colour_strain`]).
fn strain(record: &PlayerRecord, seat: Seat) -> u64 {
    let after = balance_after(record, seat).unsigned_abs();
    let run = match record.seat_streak() {
        Some((last, run)) if last == seat => run.min(3) as u64,
        _ => 0,
    };
    8 * after * after + run
}

/// First-minus-second count after one more game in `seat`.
fn balance_after(record: &PlayerRecord, seat: Seat) -> i64 {
    record.seat_balance() + if seat == Seat::First { 1 } else { -1 }
}

/// Turns the edges' costs into matching weights whose maximum perfect matching is the
/// lexicographically least total cost: each level becomes a digit in a mixed radix wide
/// enough for the sum over a whole matching of `pairs` edges, and each weight is
/// `ceiling - cost` with `ceiling` above any matching's total, so a perfect matching
/// always outweighs any smaller one.
///
/// # Panics
/// If the weights overflow `i128`, which takes fields far beyond any Discord server's.
fn lexicographic_weights(edges: &[(usize, usize, PlanCost)], pairs: usize) -> Vec<(usize, usize, Weight)> {
    const OVERFLOW: &str = "the pairing weights fit in 128 bits for any realistic field";
    let mut radices = [1 as Weight; 6];
    for (level, radix) in radices.iter_mut().enumerate() {
        let max = edges.iter().map(|e| e.2.levels()[level]).max().unwrap_or(0) as Weight;
        *radix = max.checked_mul(pairs as Weight).and_then(|m| m.checked_add(1)).expect(OVERFLOW);
    }
    let ceiling = radices.iter().try_fold(1 as Weight, |acc, &r| acc.checked_mul(r)).expect(OVERFLOW);
    edges
        .iter()
        .map(|&(i, j, cost)| {
            let combined = cost
                .levels()
                .iter()
                .zip(radices)
                .fold(0 as Weight, |acc, (&digit, radix)| acc * radix + digit as Weight);
            (i, j, ceiling - combined)
        })
        .collect()
}

/// Swiss pairing for the next round: `active` are the players still in (late joiners included,
/// withdrawn players left out); `past` the finished rounds (which may name players no longer active).
///
/// Takes the plan of least [`PlanCost`] over every possible plan, found exactly by maximum-weight
/// matching: in priority order, no rematch (the fewest when unavoidable), no second bye, nobody's
/// first-minus-second count beyond ±2, the bye to the lowest-ranked player of the lowest score
/// group, games inside score groups (least sum of squared score differences), then seats by
/// colour preference. Deterministic: ties go to the plan the matching finds first over the
/// ranking (standings order, then `PlayerId`), and seats on a tie to the better-ranked player.
///
/// Repeats in `active` are ignored. One active player gets the bye alone; none gives an empty plan.
pub fn swiss(active: &[PlayerId], past: &[RoundResult]) -> RoundPlan {
    SwissField::new(active, past).pair()
}
