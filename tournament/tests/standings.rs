//! Standings: hand-computed examples and properties over random events.

mod support;

use engarde_tournament::{places, standings, Format, HalfPoints, Outcome, Played, PlayerId, RoundResult, Standing};
use proptest::prelude::*;
use support::{made_up_event, play_swiss, Churn};

fn game(first: PlayerId, second: PlayerId, outcome: Outcome) -> Played {
    Played { first, second, outcome }
}

#[allow(clippy::too_many_arguments)]
fn line(player: PlayerId, rank: u32, points: u32, buchholz: u32, sb: u32, h2h: u32, wdl: (u32, u32, u32)) -> Standing {
    Standing {
        player,
        rank,
        points: HalfPoints(points),
        buchholz: HalfPoints(buchholz),
        sonneborn_berger: sb,
        head_to_head: HalfPoints(h2h),
        wins: wdl.0,
        draws: wdl.1,
        losses: wdl.2,
    }
}

/// Five players, three rounds, a bye each round, a draw and a double loss. By hand (half
/// points; Sonneborn–Berger in quarter points):
///
/// | player | games                          | points | Buchholz        | SB            |
/// |--------|--------------------------------|--------|-----------------|---------------|
/// | 1      | beat 2, beat 5, drew 3         | 5      | 2 + 2 + 4 = 8   | 4 + 4 + 4 = 12 |
/// | 3      | drew 4, bye, drew 1            | 4      | 3 + 5 = 8       | 3 + 5 = 8     |
/// | 4      | drew 3, double loss to 2, bye  | 3      | 4 + 2 = 6       | 4             |
/// | 2      | lost 1, double loss 4, beat 5  | 2      | 5 + 3 + 2 = 10  | 2·2 = 4       |
/// | 5      | bye, lost 1, lost 2            | 2      | 5 + 2 = 7       | 0             |
#[test]
fn a_small_swiss_by_hand() {
    let past = vec![
        RoundResult { games: vec![game(1, 2, Outcome::FirstWins), game(3, 4, Outcome::Draw)], bye: Some(5) },
        RoundResult { games: vec![game(5, 1, Outcome::SecondWins), game(4, 2, Outcome::BothLose)], bye: Some(3) },
        RoundResult { games: vec![game(1, 3, Outcome::Draw), game(2, 5, Outcome::FirstWins)], bye: Some(4) },
    ];
    assert_eq!(
        standings(&[1, 2, 3, 4, 5], &past, Format::Swiss),
        vec![
            line(1, 1, 5, 8, 12, 0, (2, 1, 0)),
            line(3, 2, 4, 8, 8, 0, (0, 2, 0)),
            line(4, 3, 3, 6, 4, 0, (0, 1, 1)),
            line(2, 4, 2, 10, 4, 0, (1, 0, 2)),
            line(5, 5, 2, 7, 0, 0, (0, 0, 2)),
        ]
    );
}

/// Four players, a round robin with draws and double losses. By hand:
///
/// | player | games                               | points | SB            | tied with | h2h |
/// |--------|-------------------------------------|--------|---------------|-----------|-----|
/// | 2      | beat 3, drew 4, double loss with 1  | 3      | 2·1 + 2 = 4   | nobody    | 0   |
/// | 1      | beat 4, double losses with 3 and 2  | 2      | 2·2 = 4       | 4         | 2   |
/// | 4      | lost 1, drew 2, drew 3              | 2      | 3 + 1 = 4     | 1         | 0   |
/// | 3      | lost 2, double loss with 1, drew 4  | 1      | 2             | nobody    | 0   |
///
/// Buchholz is given too (not ranked on): 1: 2 + 1 + 3 = 6, 2: 1 + 2 + 2 = 5, 3: 3 + 2 + 2 = 7,
/// 4: 2 + 3 + 1 = 6.
#[test]
fn a_four_player_round_robin_by_hand() {
    let past = vec![
        RoundResult { games: vec![game(1, 4, Outcome::FirstWins), game(2, 3, Outcome::FirstWins)], bye: None },
        RoundResult { games: vec![game(4, 2, Outcome::Draw), game(3, 1, Outcome::BothLose)], bye: None },
        RoundResult { games: vec![game(3, 4, Outcome::Draw), game(1, 2, Outcome::BothLose)], bye: None },
    ];
    assert_eq!(
        standings(&[1, 2, 3, 4], &past, Format::RoundRobin),
        vec![
            line(2, 1, 3, 5, 4, 0, (1, 1, 1)),
            line(1, 2, 2, 6, 4, 2, (1, 0, 2)),
            line(4, 3, 2, 6, 4, 0, (0, 2, 1)),
            line(3, 4, 1, 7, 2, 0, (0, 1, 2)),
        ]
    );
}

#[test]
fn players_tied_on_everything_share_a_rank() {
    let past = vec![RoundResult { games: vec![game(1, 2, Outcome::Draw)], bye: None }];
    let ranks: Vec<(PlayerId, u32)> =
        standings(&[3, 2, 1], &past, Format::Swiss).iter().map(|s| (s.player, s.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 1), (3, 3)]);
    // A round-robin rest scores nothing; a Swiss bye a win's worth.
    let rest = vec![RoundResult { games: vec![game(1, 2, Outcome::FirstWins)], bye: Some(3) }];
    let points =
        |format| standings(&[1, 2, 3], &rest, format).iter().map(|s| (s.player, s.points.0)).collect::<Vec<_>>();
    assert_eq!(points(Format::RoundRobin), vec![(1, 2), (2, 0), (3, 0)]);
    assert_eq!(points(Format::Swiss), vec![(1, 2), (3, 2), (2, 0)]);
}

#[test]
fn withdrawn_players_still_count_for_their_opponents() {
    // 9 withdrew after beating 2 twice; 2 is still listed and their Buchholz counts 9's points.
    let past = vec![
        RoundResult { games: vec![game(9, 2, Outcome::FirstWins), game(1, 3, Outcome::Draw)], bye: None },
        RoundResult { games: vec![game(2, 9, Outcome::SecondWins), game(3, 1, Outcome::Draw)], bye: None },
    ];
    let lines = standings(&[1, 2, 3], &past, Format::Swiss);
    assert_eq!(lines.iter().map(|s| s.player).collect::<Vec<_>>(), vec![1, 3, 2]);
    assert_eq!(lines[2].buchholz, HalfPoints(8));
    assert_eq!(lines[0].buchholz, HalfPoints(4), "3 counted once per game");
}

#[test]
fn the_podium_goes_to_the_best_who_did_not_withdraw() {
    // 1 beats 2 and 3, then withdraws; 4 beats 5 and 6; 3 has a bye; 2 and 5 draw.
    let past = vec![
        RoundResult { games: vec![game(1, 2, Outcome::FirstWins), game(4, 5, Outcome::FirstWins)], bye: Some(3) },
        RoundResult {
            games: vec![game(3, 1, Outcome::SecondWins), game(6, 4, Outcome::SecondWins), game(2, 5, Outcome::Draw)],
            bye: None,
        },
    ];
    let table = standings(&[1, 2, 3, 4, 5, 6], &past, Format::Swiss);
    let ranks: Vec<(PlayerId, u32)> = table.iter().map(|s| (s.player, s.rank)).collect();
    // 1: 4 points, Buchholz 1 + 2 = 3; 4: 4 points, Buchholz 1 + 0 = 1; 3: bye, lost to 1 (2
    // points, Buchholz 4); 2: drew 5 (1 point, Buchholz 4 + 1 = 5); 5: lost to 4, drew 2 (1,
    // Buchholz 4 + 1 = 5); 6: lost to 4 (0 points).
    assert_eq!(ranks, [(1, 1), (4, 2), (3, 3), (2, 4), (5, 4), (6, 6)]);
    // 1 withdrew: still first in the table, but the podium is 4, 3, then 2 and 5 sharing third.
    let placed = places(&table, |p| p == 1);
    assert_eq!(placed, [None, Some(1), Some(2), Some(3), Some(3), Some(5)]);
    // Nobody withdrew: the places are the ranks.
    assert_eq!(places(&table, |_| false), table.iter().map(|s| Some(s.rank)).collect::<Vec<_>>());
    // Everyone withdrew: no podium.
    assert!(places(&table, |_| true).iter().all(Option::is_none));
}

/// Checks the places of the players who did not withdraw (see [`places`]) in `lines`.
fn check_places(lines: &[Standing], withdrew: impl Fn(PlayerId) -> bool + Copy) -> Result<(), TestCaseError> {
    let placed = places(lines, withdrew);
    prop_assert_eq!(placed.len(), lines.len());
    for (s, place) in lines.iter().zip(&placed) {
        if withdrew(s.player) {
            prop_assert_eq!(*place, None);
        } else {
            let better = lines.iter().filter(|o| !withdrew(o.player) && o.rank < s.rank).count() as u32;
            prop_assert_eq!(*place, Some(better + 1), "one more than the players who stayed and ranked above");
        }
    }
    Ok(())
}

/// Checks the standings' invariants for `players` after `past`.
fn check(players: &[PlayerId], past: &[RoundResult], format: Format) -> Result<(), TestCaseError> {
    let lines = standings(players, past, format);
    prop_assert_eq!(lines.len(), players.len());
    // Points add up: 2 per decided or drawn game, none for a double loss, 2 per Swiss bye.
    let games: u32 =
        past.iter().flat_map(|r| &r.games).map(|g| if g.outcome == Outcome::BothLose { 0 } else { 2 }).sum();
    let byes = past.iter().filter(|r| r.bye.is_some()).count() as u32;
    let expected = games + if format == Format::Swiss { 2 * byes } else { 0 };
    prop_assert_eq!(lines.iter().map(|s| s.points.0).sum::<u32>(), expected);
    // Each line counts its games.
    for s in &lines {
        let played = past.iter().flat_map(|r| &r.games).filter(|g| g.first == s.player || g.second == s.player).count();
        prop_assert_eq!((s.wins + s.draws + s.losses) as usize, played);
    }
    // Sorted best first on the format's criteria; ranks shared exactly on full ties.
    let criteria = |s: &Standing| match format {
        Format::Swiss => (s.points.0, s.buchholz.0, s.sonneborn_berger),
        Format::RoundRobin => (s.points.0, s.sonneborn_berger, s.head_to_head.0),
    };
    prop_assert_eq!(lines.first().map(|s| s.rank), Some(1));
    for pair in lines.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        prop_assert!(criteria(a) >= criteria(b));
        if criteria(a) == criteria(b) {
            prop_assert_eq!(a.rank, b.rank);
            prop_assert!(a.player < b.player);
        }
    }
    for (i, s) in lines.iter().enumerate() {
        if i == 0 || criteria(s) != criteria(&lines[i - 1]) {
            prop_assert_eq!(s.rank, i as u32 + 1);
        }
    }
    // The order of `players` does not matter.
    let mut reversed = players.to_vec();
    reversed.reverse();
    prop_assert_eq!(standings(&reversed, past, format), lines);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_of_swiss_events(seed: u64, players in 2usize..=16, rounds in 1usize..=7) {
        let event = play_swiss(seed, players, rounds, Churn::SOME);
        let last = event.last().expect("a round");
        // Everyone who ever played, withdrawn or not.
        let mut everyone: Vec<PlayerId> = last.past.iter().flat_map(|r| r.games.iter().flat_map(|g| [g.first, g.second]).chain(r.bye)).collect();
        everyone.extend(&last.active);
        everyone.sort_unstable();
        everyone.dedup();
        check(&everyone, &last.past, Format::Swiss)?;
        check(&everyone, &last.past, Format::RoundRobin)?;
        // The players not active in the last round withdrew (late joiners are active).
        let withdrew = |p: PlayerId| !last.active.contains(&p);
        check_places(&standings(&everyone, &last.past, Format::Swiss), withdrew)?;
    }

    #[test]
    fn standings_of_made_up_events(seed: u64, players in 1usize..=12, rounds in 0usize..=6) {
        let (_, past) = made_up_event(seed, players, rounds);
        let everyone: Vec<PlayerId> = (0..players as PlayerId + 3).collect();
        check(&everyone, &past, Format::Swiss)?;
        check(&everyone, &past, Format::RoundRobin)?;
    }
}
