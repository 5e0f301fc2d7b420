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
