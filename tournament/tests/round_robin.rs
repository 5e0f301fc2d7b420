//! The round robin schedule: every pair meets exactly once (twice, seats swapped, in a double
//! round robin), seats are balanced and the rest goes round.

use std::collections::{BTreeMap, BTreeSet};

use engarde_tournament::{round_robin, Pairing, PlayerId, RoundPlan};
use proptest::prelude::*;

fn p(first: PlayerId, second: PlayerId) -> Pairing {
    Pairing { first, second }
}

#[test]
fn four_players_by_the_circle_method() {
    let rounds = round_robin(&[10, 20, 30, 40], false);
    assert_eq!(
        rounds,
        vec![
            RoundPlan { pairings: vec![p(10, 40), p(20, 30)], bye: None },
            RoundPlan { pairings: vec![p(40, 20), p(30, 10)], bye: None },
            RoundPlan { pairings: vec![p(30, 40), p(10, 20)], bye: None },
        ]
    );
}

#[test]
fn three_players_rest_in_turn() {
    let rounds = round_robin(&[1, 2, 3], true);
    assert_eq!(
        rounds,
        vec![
            RoundPlan { pairings: vec![p(2, 3)], bye: Some(1) },
            RoundPlan { pairings: vec![p(3, 1)], bye: Some(2) },
            RoundPlan { pairings: vec![p(1, 2)], bye: Some(3) },
            RoundPlan { pairings: vec![p(3, 2)], bye: Some(1) },
            RoundPlan { pairings: vec![p(1, 3)], bye: Some(2) },
            RoundPlan { pairings: vec![p(2, 1)], bye: Some(3) },
        ]
    );
}

#[test]
fn fewer_than_two_players_play_no_round() {
    assert!(round_robin(&[], false).is_empty());
    assert!(round_robin(&[7], true).is_empty());
    assert!(round_robin(&[7, 7, 7], false).is_empty(), "repeats are one player");
    assert_eq!(round_robin(&[7, 8, 7], false), vec![RoundPlan { pairings: vec![p(7, 8)], bye: None }]);
}

/// The longest run of games in the same seat, over all players.
fn longest_seat_run(rounds: &[RoundPlan]) -> usize {
    let mut seats: BTreeMap<PlayerId, Vec<bool>> = BTreeMap::new();
    for round in rounds {
        for pairing in &round.pairings {
            seats.entry(pairing.first).or_default().push(true);
            seats.entry(pairing.second).or_default().push(false);
        }
    }
    seats.values().map(|s| s.chunk_by(|a, b| a == b).map(<[bool]>::len).max().unwrap_or(0)).max().unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_pair_meets_and_seats_are_balanced(n in 2usize..=24, double: bool, offset in 0u32..1000) {
        let players: Vec<PlayerId> = (0..n as PlayerId).map(|i| offset + 3 * i).collect();
        let rounds = round_robin(&players, double);
        let cycle = if n % 2 == 0 { n - 1 } else { n };
        prop_assert_eq!(rounds.len(), cycle * if double { 2 } else { 1 });

        // Each round seats everyone once; the rest only with an odd field.
        for round in &rounds {
            let mut seated: Vec<PlayerId> = round.pairings.iter().flat_map(|p| [p.first, p.second]).collect();
            seated.extend(round.bye);
            let distinct: BTreeSet<PlayerId> = seated.iter().copied().collect();
            prop_assert_eq!(distinct.len(), seated.len());
            prop_assert_eq!(distinct, players.iter().copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
        }

        // Each unordered pair meets once per cycle; in a double round robin each seating once.
        let mut meetings: BTreeMap<(PlayerId, PlayerId), usize> = BTreeMap::new();
        for pairing in rounds.iter().flat_map(|r| &r.pairings) {
            *meetings.entry((pairing.first, pairing.second)).or_default() += 1;
        }
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                let (ab, ba) = (meetings.get(&(a, b)).copied().unwrap_or(0), meetings.get(&(b, a)).copied().unwrap_or(0));
                if double {
                    prop_assert_eq!((ab, ba), (1, 1), "{} and {} meet once in each seating", a, b);
                } else {
                    prop_assert_eq!(ab + ba, 1, "{} and {} meet once", a, b);
                }
            }
        }

        // Each player moves first in half their games, rounded either way (exactly half in a
        // double round robin), and rests once per cycle when the field is odd.
        for &player in &players {
            let games = rounds.iter().flat_map(|r| &r.pairings).filter(|p| p.first == player || p.second == player).count();
            let firsts = rounds.iter().flat_map(|r| &r.pairings).filter(|p| p.first == player).count();
            prop_assert!(firsts == games / 2 || firsts == games.div_ceil(2), "{} moves first {} times in {} games", player, firsts, games);
            if double {
                prop_assert_eq!(2 * firsts, games);
            }
            let rests = rounds.iter().filter(|r| r.bye == Some(player)).count();
            prop_assert_eq!(rests, if n % 2 == 1 { rounds.len() / cycle } else { 0 });
        }

        // Seats alternate: nobody has the same seat three games running in one cycle.
        prop_assert!(longest_seat_run(&rounds[..cycle]) <= 2, "longest run {}", longest_seat_run(&rounds[..cycle]));
        prop_assert!(longest_seat_run(&rounds) <= 3, "longest run {}", longest_seat_run(&rounds));
    }
}
