//! Swiss pairing: hand examples, optimality against exhaustive search, and properties over
//! random events (results at random, players withdrawing, late joiners).

mod support;

use std::collections::BTreeMap;

use engarde_tournament::{
    swiss, Outcome, Pairing, PlanCost, Played, PlayerId, RoundPlan, RoundResult, SwissField, SEAT_BALANCE_LIMIT,
};
use proptest::prelude::*;
use support::{assert_complete, brute_force_best, exhaustive_best, made_up_event, play_swiss, Churn, Rng};

fn game(first: PlayerId, second: PlayerId, outcome: Outcome) -> Played {
    Played { first, second, outcome }
}

fn p(first: PlayerId, second: PlayerId) -> Pairing {
    Pairing { first, second }
}

#[test]
fn winners_meet_winners_and_seats_alternate() {
    let past =
        vec![RoundResult { games: vec![game(0, 1, Outcome::FirstWins), game(2, 3, Outcome::FirstWins)], bye: None }];
    // 0 and 2 both moved first: one must again; the better-ranked (0, on PlayerId) does.
    assert_eq!(swiss(&[0, 1, 2, 3], &past), RoundPlan { pairings: vec![p(0, 2), p(1, 3)], bye: None });
}

#[test]
fn no_rematch_and_the_seat_balance_is_restored() {
    let past = vec![
        RoundResult { games: vec![game(0, 1, Outcome::FirstWins), game(2, 3, Outcome::FirstWins)], bye: None },
        RoundResult { games: vec![game(2, 0, Outcome::SecondWins), game(3, 1, Outcome::SecondWins)], bye: None },
    ];
    // Scores: 0 has 2 wins, 1 and 2 one each, 3 none. 1 (two seconds) moves first against 2
    // (two firsts); 0 moved second last time, so moves first against 3.
    assert_eq!(swiss(&[3, 2, 1, 0], &past), RoundPlan { pairings: vec![p(0, 3), p(1, 2)], bye: None });
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
    assert_eq!(swiss(&[0, 1, 2], &[]), RoundPlan { pairings: vec![p(0, 1)], bye: Some(2) });
    let past = vec![RoundResult { games: vec![game(0, 1, Outcome::FirstWins)], bye: Some(2) }];
    // 1 is last and has had no bye; 0 moved first last time.
    assert_eq!(swiss(&[0, 1, 2], &past), RoundPlan { pairings: vec![p(2, 0)], bye: Some(1) });
}

#[test]
fn a_rematch_only_when_it_cannot_be_avoided() {
    // Two players who already met twice must meet again: the plan still seats them.
    let past = vec![
        RoundResult { games: vec![game(0, 1, Outcome::FirstWins)], bye: None },
        RoundResult { games: vec![game(1, 0, Outcome::Draw)], bye: None },
    ];
    let plan = swiss(&[0, 1], &past);
    assert_eq!(plan, RoundPlan { pairings: vec![p(0, 1)], bye: None });
    assert_eq!(SwissField::new(&[0, 1], &past).plan_cost(&plan).rematches, 2);
}

#[test]
fn tiny_fields() {
    assert_eq!(swiss(&[], &[]), RoundPlan::default());
    assert_eq!(swiss(&[5], &[]), RoundPlan { pairings: vec![], bye: Some(5) });
    assert_eq!(swiss(&[5, 5, 6], &[]), RoundPlan { pairings: vec![p(5, 6)], bye: None }, "repeats are one player");
}

#[test]
fn a_late_joiner_and_a_withdrawal() {
    // 3 withdrew after round 1; 4 joins for round 2 with no points.
    let past =
        vec![RoundResult { games: vec![game(0, 1, Outcome::FirstWins), game(2, 3, Outcome::SecondWins)], bye: None }];
    let plan = swiss(&[0, 1, 2, 4], &past);
    assert_complete(&[0, 1, 2, 4], &plan);
    // 0 (2 points) meets one of the players on 0 points it has not met: 2 or 4; 1 takes the other.
    let field = SwissField::new(&[0, 1, 2, 4], &past);
    assert_eq!(field.plan_cost(&plan), exhaustive_best(&field));
    assert_eq!(field.plan_cost(&plan).rematches, 0);
}

/// A 64-player field (the largest the bot runs at once) pairs in well under a second.
#[test]
fn sixty_four_players_over_nine_rounds() {
    let started = std::time::Instant::now();
    let rounds = play_swiss(64, 64, 9, Churn::SOME);
    let elapsed = started.elapsed();
    for round in &rounds {
        assert_complete(&round.active, &round.plan);
        let cost = SwissField::new(&round.active, &round.past).plan_cost(&round.plan);
        assert_eq!((cost.rematches, cost.repeat_byes, cost.colour_overflows), (0, 0, 0), "{cost:?}");
    }
    assert!(elapsed.as_secs_f64() < 9.0, "nine rounds of 64 players took {elapsed:?}");
}

fn check_round(
    active: &[PlayerId],
    past: &[RoundResult],
    plan: &RoundPlan,
    best: PlanCost,
) -> Result<(), TestCaseError> {
    assert_complete(active, plan);
    let cost = SwissField::new(active, past).plan_cost(plan);
    // Named properties first, for clearer failures; each follows from the last one.
    prop_assert_eq!(cost.rematches, best.rematches, "no rematch while avoidable: {:?}", plan);
    prop_assert_eq!(
        cost.repeat_byes,
        best.repeat_byes,
        "no second bye while someone has none, if avoidable: {:?}",
        plan
    );
    prop_assert_eq!(cost.colour_overflows, best.colour_overflows, "seat balance within ±2 where possible: {:?}", plan);
    prop_assert_eq!(cost.bye_rank, best.bye_rank, "the bye to the lowest-ranked eligible player: {:?}", plan);
    prop_assert_eq!(cost.score_gaps, best.score_gaps, "score groups kept where possible: {:?}", plan);
    prop_assert_eq!(cost, best, "the plan is optimal: {:?}", plan);
    // The same input gives the same plan, whatever the order of the active players.
    let mut shuffled = active.to_vec();
    shuffled.reverse();
    prop_assert_eq!(&swiss(&shuffled, past), plan);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    /// Against brute force (every perfect matching, both seatings of each game, every bye),
    /// every round of random events of up to 10 players paired by `swiss` itself.
    #[test]
    fn optimal_against_brute_force_in_swiss_events(seed: u64, players in 2usize..=10, rounds in 1usize..=9) {
        for round in play_swiss(seed, players, rounds, Churn::SOME) {
            if round.active.len() > 10 {
                continue; // Late joiners may grow the field past brute force's reach.
            }
            let best = brute_force_best(&SwissField::new(&round.active, &round.past));
            check_round(&round.active, &round.past, &round.plan, best)?;
        }
    }

    /// Against brute force, on made-up pasts: any pairings, repeated meetings and byes,
    /// withdrawn players and players who never played.
    #[test]
    fn optimal_against_brute_force_on_made_up_pasts(seed: u64, players in 0usize..=10, rounds in 0usize..=8) {
        let (active, past) = made_up_event(seed, players, rounds);
        let plan = swiss(&active, &past);
        let field = SwissField::new(&active, &past);
        let best = brute_force_best(&field);
        prop_assert_eq!(exhaustive_best(&field), best, "the two exhaustive searches agree");
        check_round(&active, &past, &plan, best)?;
    }

    /// Larger fields (11 or 12 players, and up to 17 with late joiners), against exhaustive
    /// search by dynamic programming.
    #[test]
    fn optimal_on_larger_fields(seed: u64, players in 11usize..=12, rounds in 1usize..=6) {
        for round in play_swiss(seed, players, rounds, Churn::SOME) {
            let best = exhaustive_best(&SwissField::new(&round.active, &round.past));
            check_round(&round.active, &round.past, &round.plan, best)?;
        }
    }
}

/// What every player's seats and byes came to after an event.
fn tallies(rounds: &[support::PairedRound]) -> (BTreeMap<PlayerId, i64>, BTreeMap<PlayerId, u32>) {
    let mut balance = BTreeMap::new();
    let mut byes = BTreeMap::new();
    for round in rounds {
        for pairing in &round.plan.pairings {
            *balance.entry(pairing.first).or_insert(0) += 1;
            *balance.entry(pairing.second).or_insert(0) -= 1;
        }
        if let Some(bye) = round.plan.bye {
            *byes.entry(bye).or_insert(0) += 1;
        }
    }
    (balance, byes)
}

/// The guarantee for a full field (nobody leaves or joins) over at most half as many rounds as
/// players: no rematch (always possible then, by Dirac's theorem on the graph of games not yet
/// played), no second bye, and every first-minus-second count within ±2 — over 2,000 seeded
/// events of 3 to 30 players. (Past half the field's size, rematches, second byes and a count
/// of ±3 can become unavoidable: the plans stay optimal, as the properties above check.)
#[test]
fn full_fields_over_half_as_many_rounds_as_players() {
    let mut rng = Rng::new(27);
    for event in 0..2000 {
        let players = 3 + rng.below(28);
        let rounds = players / 2;
        let played = play_swiss(rng.next(), players, rounds, Churn::NONE);
        for round in &played {
            assert_complete(&round.active, &round.plan);
            let cost = SwissField::new(&round.active, &round.past).plan_cost(&round.plan);
            assert_eq!(cost.rematches, 0, "event {event}: {players} players, {rounds} rounds");
        }
        let (balance, byes) = tallies(&played);
        assert!(balance.values().all(|b| b.abs() <= SEAT_BALANCE_LIMIT), "event {event}: {balance:?}");
        assert!(byes.values().all(|&b| b <= 1), "event {event}: {byes:?}");
    }
}
