//! Shared helpers for the tournament crate's tests: a seeded random source, random events
//! (played by the pairing itself, or made up freely), and exhaustive searches for the best plan.

#![allow(dead_code)] // Each test file uses its own part.

use std::collections::BTreeSet;

use engarde_tournament::{swiss, Outcome, Pairing, PlanCost, Played, PlayerId, RoundPlan, RoundResult, SwissField};

/// SplitMix64: a small seeded generator, so that proptest only has to shrink a seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with `percent` % chance.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// A random game result: mostly decisive, some draws, a few double losses.
    pub fn outcome(&mut self) -> Outcome {
        match self.below(100) {
            0..=41 => Outcome::FirstWins,
            42..=83 => Outcome::SecondWins,
            84..=93 => Outcome::Draw,
            _ => Outcome::BothLose,
        }
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// How the field of a random event changes between rounds.
#[derive(Clone, Copy, Debug)]
pub struct Churn {
    /// Chance, per round, that one active player withdraws.
    pub withdraw_percent: u64,
    /// Chance, per round, that one new player joins.
    pub join_percent: u64,
}

impl Churn {
    pub const NONE: Churn = Churn { withdraw_percent: 0, join_percent: 0 };
    pub const SOME: Churn = Churn { withdraw_percent: 25, join_percent: 25 };
}

/// One round of an event as the pairing saw it.
pub struct PairedRound {
    pub active: Vec<PlayerId>,
    pub past: Vec<RoundResult>,
    pub plan: RoundPlan,
}

/// Plays a Swiss event: `players` sign up, then each round the field may change (`churn`,
/// keeping at least two players), `swiss` pairs it and the games end at random.
pub fn play_swiss(seed: u64, players: usize, rounds: usize, churn: Churn) -> Vec<PairedRound> {
    let mut rng = Rng::new(seed);
    let mut active: Vec<PlayerId> = (0..players as PlayerId).collect();
    let mut next_id = players as PlayerId;
    let mut past = Vec::new();
    let mut seen = Vec::new();
    for round in 0..rounds {
        if round > 0 && active.len() > 2 && rng.chance(churn.withdraw_percent) {
            active.remove(rng.below(active.len()));
        }
        if round > 0 && rng.chance(churn.join_percent) {
            active.push(next_id);
            next_id += 1;
        }
        let plan = swiss(&active, &past);
        let result = RoundResult {
            games: plan
                .pairings
                .iter()
                .map(|p| Played { first: p.first, second: p.second, outcome: rng.outcome() })
                .collect(),
            bye: plan.bye,
        };
        seen.push(PairedRound { active: active.clone(), past: past.clone(), plan });
        past.push(result);
    }
    seen
}

/// A made-up past (not from the pairing: any pairs, repeated meetings, repeated byes) and a
/// field of `active` players, some of whom never played while others who played are gone.
pub fn made_up_event(seed: u64, active_count: usize, rounds: usize) -> (Vec<PlayerId>, Vec<RoundResult>) {
    let mut rng = Rng::new(seed);
    let everyone: Vec<PlayerId> = (0..active_count as PlayerId + 3).collect();
    let mut past = Vec::new();
    for _ in 0..rounds {
        let mut present: Vec<PlayerId> = everyone.iter().copied().filter(|_| rng.chance(80)).collect();
        rng.shuffle(&mut present);
        let bye = if present.len() % 2 == 1 { present.pop() } else { None };
        let games = present.chunks(2).map(|c| Played { first: c[0], second: c[1], outcome: rng.outcome() }).collect();
        past.push(RoundResult { games, bye });
    }
    let mut active = everyone;
    rng.shuffle(&mut active);
    active.truncate(active_count);
    (active, past)
}

/// Checks that a plan seats every active player exactly once (a game or the bye), nobody
/// else, and gives a bye exactly when the field is odd.
pub fn assert_complete(active: &[PlayerId], plan: &RoundPlan) {
    let mut seated = Vec::new();
    for p in &plan.pairings {
        assert_ne!(p.first, p.second, "nobody plays themselves: {plan:?}");
        seated.extend([p.first, p.second]);
    }
    seated.extend(plan.bye);
    let distinct: BTreeSet<PlayerId> = seated.iter().copied().collect();
    assert_eq!(distinct.len(), seated.len(), "someone is seated twice: {plan:?}");
    assert_eq!(
        distinct,
        active.iter().copied().collect::<BTreeSet<_>>(),
        "the plan seats the active players: {plan:?}"
    );
    assert_eq!(plan.bye.is_some(), active.len() % 2 == 1, "a bye exactly when the field is odd: {plan:?}");
}

/// The least cost of any plan, by enumerating every plan: every perfect matching of the field,
/// both seatings of every game, and every choice of bye when the field is odd. Fields up to 10.
pub fn brute_force_best(field: &SwissField) -> PlanCost {
    let players = field.ranking().to_vec();
    assert!(players.len() <= 10, "brute force is for small fields");
    let n = players.len();
    // Costs per ordered pair and per bye, computed once (the same objective, summed below).
    let game = |i: usize, j: usize| field.pairing_cost(Pairing { first: players[i], second: players[j] });
    let games: Vec<Vec<PlanCost>> =
        (0..n).map(|i| (0..n).map(|j| if i == j { PlanCost::default() } else { game(i, j) }).collect()).collect();
    let byes: Vec<PlanCost> = players.iter().map(|&p| field.bye_cost(p)).collect();
    fn search(left: &mut Vec<usize>, bye_left: bool, games: &[Vec<PlanCost>], byes: &[PlanCost]) -> Option<PlanCost> {
        let Some(&i) = left.first() else { return Some(PlanCost::default()) };
        left.remove(0);
        let mut best: Option<PlanCost> = None;
        let mut consider = |cost: Option<PlanCost>| {
            if let Some(cost) = cost {
                best = Some(best.map_or(cost, |b| b.min(cost)));
            }
        };
        if bye_left {
            consider(search(left, false, games, byes).map(|rest| rest + byes[i]));
        }
        for at in 0..left.len() {
            let j = left.remove(at);
            let rest = search(left, bye_left, games, byes);
            // Both seatings, each a different plan.
            consider(rest.map(|rest| rest + games[i][j]));
            consider(rest.map(|rest| rest + games[j][i]));
            left.insert(at, j);
        }
        left.insert(0, i);
        best
    }
    search(&mut (0..n).collect(), n % 2 == 1, &games, &byes).expect("a field always has a plan")
}

/// The least cost of any plan by dynamic programming over the sets of players still to seat
/// (exhaustive like [`brute_force_best`], but fast enough for fields up to 18). Each game takes
/// its cheaper seating: costs add up field by field, so the cheapest plan seats each game at its
/// cheapest.
pub fn exhaustive_best(field: &SwissField) -> PlanCost {
    let players = field.ranking().to_vec();
    let n = players.len();
    assert!(n <= 18, "exhaustive search is for fields up to 18");
    let game = |i: usize, j: usize| {
        let a = field.pairing_cost(Pairing { first: players[i], second: players[j] });
        let b = field.pairing_cost(Pairing { first: players[j], second: players[i] });
        a.min(b)
    };
    let games: Vec<Vec<PlanCost>> =
        (0..n).map(|i| (0..n).map(|j| if i == j { PlanCost::default() } else { game(i, j) }).collect()).collect();
    let byes: Vec<PlanCost> = players.iter().map(|&p| field.bye_cost(p)).collect();
    // best[mask] for the players in `mask` still to seat, bye still to give iff the count is odd.
    let full = (1usize << n) - 1;
    let mut best: Vec<Option<PlanCost>> = vec![None; 1 << n];
    best[0] = Some(PlanCost::default());
    for mask in 1..=full {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut here: Option<PlanCost> = None;
        if mask.count_ones() % 2 == 1 {
            if let Some(r) = best[rest] {
                // Odd sets give the bye: to `i`, or to someone paired later.
                here = Some(r + byes[i]);
            }
        }
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            if let Some(r) = best[rest & !(1 << j)] {
                let cost = r + games[i][j];
                here = Some(here.map_or(cost, |h| h.min(cost)));
            }
        }
        best[mask] = here;
    }
    best[full].expect("a field always has a plan")
}
