//! Standings and their tie-breaks.

use std::cmp::Reverse;

use crate::history::{distinct, History};
use crate::types::{Format, HalfPoints, PlayerId, RoundResult, Standing};

/// What a bye scores, in half points: a Swiss bye is a win (one point), a round-robin rest nothing.
pub(crate) fn bye_points(format: Format) -> u32 {
    match format {
        Format::Swiss => 2,
        Format::RoundRobin => 0,
    }
}

/// Standings after `past`: points, then Buchholz, then Sonneborn–Berger (Swiss); round robin:
/// points, then Sonneborn–Berger, then head to head.
///
/// - **Points** (half points): a win 2, a draw 1, a loss or a double loss 0; a Swiss bye 2, a
///   round-robin rest 0.
/// - **Buchholz** (given in both formats, ranked on in Swiss only): the sum of the points of
///   every opponent met, as those opponents stand now (withdrawn ones included). A bye has no
///   opponent and adds nothing.
/// - **Sonneborn–Berger**, in quarter points: for each game, the player's score times the
///   opponent's points (a win counts the opponent's points in full, a draw half, a loss or a
///   double loss nothing). A bye adds nothing.
/// - **Head to head** (round robin only, 0 in Swiss): the points a player scored in the games
///   among the players tied with them on points and Sonneborn–Berger (0 when not tied).
///
/// One line per distinct player of `players` (games in `past` may name others, such as players
/// who withdrew: their points still count for their opponents' tie-breaks). Best first; players
/// equal on every criterion share a rank (1, 2, 2, 4) and are listed by `PlayerId`.
pub fn standings(players: &[PlayerId], past: &[RoundResult], format: Format) -> Vec<Standing> {
    let history = History::new(past, bye_points(format));
    let mut lines: Vec<Standing> = distinct(players)
        .into_iter()
        .map(|player| {
            let record = history.record(player);
            let buchholz = record.games.iter().map(|g| history.points(g.opponent).0).sum();
            let sonneborn_berger = record.games.iter().map(|g| g.score * history.points(g.opponent).0).sum();
            let (wins, draws, losses) = record.wins_draws_losses();
            Standing {
                player,
                rank: 0,
                points: HalfPoints(record.points),
                buchholz: HalfPoints(buchholz),
                sonneborn_berger,
                head_to_head: HalfPoints(0),
                wins,
                draws,
                losses,
            }
        })
        .collect();
    if format == Format::RoundRobin {
        fill_head_to_head(&mut lines, &history);
    }
    let criteria = |s: &Standing| match format {
        Format::Swiss => (s.points, s.buchholz.0, s.sonneborn_berger),
        Format::RoundRobin => (s.points, s.sonneborn_berger, s.head_to_head.0),
    };
    lines.sort_by_key(|s| (Reverse(criteria(s)), s.player));
    for i in 0..lines.len() {
        lines[i].rank =
            if i > 0 && criteria(&lines[i]) == criteria(&lines[i - 1]) { lines[i - 1].rank } else { i as u32 + 1 };
    }
    lines
}

/// The places of a final table ([`standings`]) for its podium: the players who did not
/// withdraw (`withdrew` false) keep the table's order and ties and are placed among
/// themselves (1, 2, 2, 4…), so that the podium goes to the three best who stayed; a player who
/// withdrew stays in the table at their rank but has no place (`None`). One entry per line of
/// `table`, in its order.
///
/// # Examples
///
/// ```
/// use engarde_tournament::{places, standings, Format, Outcome, Played, RoundResult};
///
/// // 1 beats 2, 3 beats 4; then 1 withdraws.
/// let round = RoundResult {
///     games: vec![
///         Played { first: 1, second: 2, outcome: Outcome::FirstWins },
///         Played { first: 3, second: 4, outcome: Outcome::FirstWins },
///     ],
///     bye: None,
/// };
/// let table = standings(&[1, 2, 3, 4], &[round], Format::Swiss);
/// assert_eq!(table.iter().map(|s| (s.player, s.rank)).collect::<Vec<_>>(), [(1, 1), (3, 1), (2, 3), (4, 3)]);
/// assert_eq!(places(&table, |p| p == 1), [None, Some(1), Some(2), Some(2)]);
/// ```
pub fn places(table: &[Standing], withdrew: impl Fn(PlayerId) -> bool) -> Vec<Option<u32>> {
    let mut placed = 0;
    // The rank and place of the last player placed: those tied with them share it.
    let mut last: Option<(u32, u32)> = None;
    table
        .iter()
        .map(|s| {
            if withdrew(s.player) {
                return None;
            }
            let place = match last {
                Some((rank, place)) if rank == s.rank => place,
                _ => placed + 1,
            };
            placed += 1;
            last = Some((s.rank, place));
            Some(place)
        })
        .collect()
}

/// Sets each player's points scored against the others tied with them on points and
/// Sonneborn–Berger.
fn fill_head_to_head(lines: &mut [Standing], history: &History) {
    let tie = |s: &Standing| (s.points, s.sonneborn_berger);
    let ties: Vec<(PlayerId, (HalfPoints, u32))> = lines.iter().map(|s| (s.player, tie(s))).collect();
    for line in lines.iter_mut() {
        let mine = tie(line);
        let tied_with = |opponent: PlayerId| ties.iter().any(|&(p, t)| p == opponent && p != line.player && t == mine);
        line.head_to_head = HalfPoints(
            history.record(line.player).games.iter().filter(|g| tied_with(g.opponent)).map(|g| g.score).sum(),
        );
    }
}
