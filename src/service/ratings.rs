//! Glicko-2 ratings per server (the maths is the `skillratings` crate's).
//!
//! - **Scopes.** Every rated match updates two ratings of each player in its
//!   server: the one of its game (scope = the game's name, every variant of the
//!   game together, e.g. `engarde` for En Garde and Kengo) and the one of its variant
//!   (scope = the variant's name; one rating when a game's only variant bears its
//!   name, as `forteresse`). `/engarde leaderboard` shows a game's board, or a
//!   variant's when one is named. Games are never mixed in one rating.
//! - **Periods.** A match updates both ratings at once (as most online games do), and
//!   deviation grows as Glicko-2 intends over rating periods without games: periods of a
//!   fixed length ([`RatingPolicy::period`], default a week) counted from the Unix epoch,
//!   each boundary crossed since a player's last rated match adding one idle period
//!   (Glickman's step 6: φ' = √(φ² + σ²), at most 350). It is computed when a rating is
//!   read or next updated; nothing is scheduled and nothing stored changes meanwhile.
//! - **Inactivity.** The leaderboard leaves out players whose last rated match is older
//!   than [`RatingPolicy::inactive_after`] (default 90 days); their stats still show them.
//! - **What counts.** A finished match: won by hits, by resignation or by the
//!   other's timeout (a loss for them), or an agreed draw. Aborted matches do not count.
//! - **Newcomers** start at 1500 ± 350 (volatility 0.06) and are *provisional* while
//!   their deviation is at least [`PROVISIONAL_DEVIATION`].
//!
//! - **Seasons.** A match that ends in one of its server's seasons is rated once more in
//!   each scope, in the season's own board (see `service::seasons`), from the season's
//!   own ratings: everybody starts a season as a newcomer.
//!
//! The same [`rate`] function serves a live match end and `engarde ratings
//! rebuild`, so a rebuild reproduces the stored numbers exactly, seasons included.

use std::collections::BTreeMap;

use crate::store::Exec;
use engarde_rules::Seat;
use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::finish::MatchEnd;
use super::seasons::{parse_season_scope, season_among, season_scope};
use super::{Result, Service};
use crate::store::matches::MatchRow;
use crate::store::ratings::{self, NewChange, RatingRow};
use crate::store::DbId;

/// The rating scopes a match of `variant` counts in: its game's, and its variant's
/// when that is another name.
#[must_use]
pub fn scopes(variant: &str) -> Vec<&str> {
    let game = variant.parse::<engarde_rules::Variant>().map_or(variant, |v| v.game().name());
    if game == variant {
        vec![game]
    } else {
        vec![game, variant]
    }
}

/// A rating is provisional while its deviation is at least this.
///
/// 150 (from 350 at the start) takes about nine matches against other newcomers,
/// a few more against established players: one lucky win leaves a newcomer near
/// 290, so it cannot top the board, and a regular of an ordinary server (a match
/// every day or two) is established within a few weeks. Under 150 the 95% interval
/// is within ±300: wide, but informative. (Lichess's 110 suits thousands of games a
/// day, not a server's handful.)
pub const PROVISIONAL_DEVIATION: f64 = 150.0;

/// How ratings age: the rating period, and when a player leaves the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingPolicy {
    /// The length of a rating period, in seconds (periods start at the Unix epoch).
    pub period: i64,
    /// Seconds without a rated match after which a player is left off the leaderboard.
    pub inactive_after: i64,
}

impl Default for RatingPolicy {
    /// A week, and 90 days.
    fn default() -> Self {
        RatingPolicy { period: 7 * 86_400, inactive_after: 90 * 86_400 }
    }
}

impl RatingPolicy {
    /// Rating periods that began after `last` (a player's last rated match) up to `at`.
    #[must_use]
    pub fn idle_periods(self, last: i64, at: i64) -> i64 {
        (at.div_euclid(self.period) - last.div_euclid(self.period)).max(0)
    }

    /// A rating last updated at `last`, as of `at`: its deviation grown over the periods
    /// without a game since.
    #[must_use]
    pub fn as_of(self, rating: Rating, last: i64, at: i64) -> Rating {
        rating.idle(self.idle_periods(last, at))
    }

    /// Whether a player whose last rated match ended at `last` is inactive at `at`.
    #[must_use]
    pub fn is_inactive(self, last: i64, at: i64) -> bool {
        at - last > self.inactive_after
    }
}

/// A Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation (350 for a newcomer).
    pub deviation: f64,
    /// The volatility (0.06 for a newcomer).
    pub volatility: f64,
}

impl Rating {
    /// A newcomer's rating: 1500 ± 350, volatility 0.06.
    pub const NEW: Rating = Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 };

    /// Whether the rating is still too uncertain to rank with the established.
    #[must_use]
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating after `periods` rating periods without a game: the deviation grows
    /// (`skillratings`' decay, once a period), to 350 at most.
    #[must_use]
    pub fn idle(self, periods: i64) -> Rating {
        if periods <= 0 {
            return self;
        }
        // φ' = √(φ² + n·σ²) on the Glicko-2 scale is n steps of one period's decay.
        const SCALE: f64 = 173.7178;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods as f64 * self.volatility * self.volatility).sqrt() * SCALE;
        Rating { deviation: grown.min(Rating::NEW.deviation), ..self }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
    }
}

/// One player's result in a game: 1 won, ½ drawn, 0 lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Outcome {
    /// The score: 1, 0.5 or 0.
    #[must_use]
    pub fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    fn outcomes(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        }
    }

    fn reverse(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

fn config() -> Glicko2Config {
    // tau 0.5 (Glickman suggests 0.3 to 1.2), convergence 1e-6 as in the paper.
    Glicko2Config::new()
}

/// Both players' new ratings after one match that `a` scored `outcome` in.
#[must_use]
pub fn rate(a: Rating, b: Rating, outcome: Outcome) -> (Rating, Rating) {
    let (a, b) = glicko2(&a.glicko(), &b.glicko(), &outcome.outcomes(), &config());
    (Rating::from_glicko(a), Rating::from_glicko(b))
}

/// A player's new rating after a rating period of several games (Glickman's
/// worked example is one: see the tests).
#[must_use]
pub fn rate_period(player: Rating, results: &[(Rating, Outcome)]) -> Rating {
    let results: Vec<_> = results.iter().map(|(r, o)| (r.glicko(), o.outcomes())).collect();
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &results, &config()))
}

/// What a rated match needs: where, who, which variant, and how it ended.
struct Rated<'a> {
    match_id: i64,
    guild_id: DbId,
    players: [DbId; 2],
    variant: &'a str,
    /// Seat A's result.
    outcome: Outcome,
    ended_at: i64,
    policy: RatingPolicy,
    /// The season it counts in, if any (see `service::seasons`).
    season: Option<i64>,
}

impl Rated<'_> {
    /// The scopes it is rated in: its game's and its variant's, all-time, then the same in
    /// its season.
    fn scopes(&self) -> Vec<String> {
        let plain = scopes(self.variant);
        let seasonal = self.season.into_iter().flat_map(|s| plain.iter().map(move |scope| season_scope(s, scope)));
        plain.iter().map(|s| (*s).to_owned()).chain(seasonal).collect()
    }
}

/// A stored rating row after one more match.
fn next_row(old: Option<&RatingRow>, key: (DbId, &str, DbId), new: Rating, outcome: Outcome, at: i64) -> RatingRow {
    let (games, wins, losses, draws) = old.map_or((0, 0, 0, 0), |r| (r.games, r.wins, r.losses, r.draws));
    RatingRow {
        guild_id: key.0,
        scope: key.1.to_owned(),
        user_id: key.2,
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        games: games + 1,
        wins: wins + i64::from(outcome == Outcome::Win),
        losses: losses + i64::from(outcome == Outcome::Loss),
        draws: draws + i64::from(outcome == Outcome::Draw),
        updated_at: at,
    }
}

fn current(row: Option<&RatingRow>, at: i64, policy: RatingPolicy) -> Rating {
    row.map_or(Rating::NEW, |r| {
        policy.as_of(Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }, r.updated_at, at)
    })
}

/// Rates a match in both scopes, reading and writing ratings through `store`;
/// returns the changes to log. The single place the numbers are made.
fn apply(
    m: &Rated<'_>,
    store: &mut BTreeMap<(DbId, String, DbId), RatingRow>,
) -> Vec<(String, DbId, f64, Rating, Rating)> {
    let mut changes = Vec::new();
    for scope in m.scopes() {
        let scope = scope.as_str();
        let keys = m.players.map(|user| (m.guild_id, scope.to_owned(), user));
        let olds = keys.clone().map(|k| store.get(&k).cloned());
        let before = [current(olds[0].as_ref(), m.ended_at, m.policy), current(olds[1].as_ref(), m.ended_at, m.policy)];
        let (after_a, after_b) = rate(before[0], before[1], m.outcome);
        let after = [after_a, after_b];
        let outcomes = [m.outcome, m.outcome.reverse()];
        for i in 0..2 {
            let row = next_row(olds[i].as_ref(), (m.guild_id, scope, m.players[i]), after[i], outcomes[i], m.ended_at);
            store.insert(keys[i].clone(), row);
            changes.push((scope.to_owned(), m.players[i], outcomes[i].score(), before[i], after[i]));
        }
    }
    changes
}

fn triple(r: Rating) -> (f64, f64, f64) {
    (r.rating, r.deviation, r.volatility)
}

/// Logs a match's rating changes, numbered one past the last logged, or from `*next` on
/// (a rebuild numbers them itself: on PostgreSQL, the highest number of a log cleared in the
/// same transaction is found only past every row deleted, once per change).
async fn log_changes(
    conn: &mut dyn Exec,
    m: &Rated<'_>,
    changes: &[(String, DbId, f64, Rating, Rating)],
    mut next: Option<&mut i64>,
) -> sqlx::Result<()> {
    for (scope, user, score, before, after) in changes {
        let change = NewChange {
            match_id: m.match_id,
            guild_id: m.guild_id,
            scope,
            user_id: *user,
            score: *score,
            before: triple(*before),
            after: triple(*after),
        };
        match next.as_deref_mut() {
            Some(id) => {
                ratings::insert_change_as(conn, *id, &change).await?;
                *id += 1;
            }
            None => ratings::insert_change(conn, &change).await?,
        }
    }
    Ok(())
}

/// Updates both players' ratings for a match that has just ended, in the
/// transaction that ends it. Aborted matches do not count.
///
/// # Errors
/// Database errors.
pub(crate) async fn rate_match(
    conn: &mut dyn Exec,
    row: &MatchRow,
    end: MatchEnd,
    now: i64,
    policy: RatingPolicy,
) -> Result<()> {
    let outcome = match end {
        MatchEnd::Aborted => return Ok(()),
        MatchEnd::Drawn { .. } => Outcome::Draw,
        MatchEnd::Won { winner: Seat::A, .. } => Outcome::Win,
        MatchEnd::Won { winner: Seat::B, .. } => Outcome::Loss,
    };
    let m = Rated {
        match_id: row.id,
        guild_id: row.guild_id,
        players: [row.seat_a, row.seat_b],
        variant: &row.variant,
        outcome,
        ended_at: now,
        policy,
        season: super::seasons::season_of_match(conn, row.guild_id, now).await?,
    };
    let mut store = BTreeMap::new();
    for scope in m.scopes() {
        for user in m.players {
            if let Some(r) = ratings::get(conn, m.guild_id, &scope, user).await? {
                store.insert((m.guild_id, scope.to_owned(), user), r);
            }
        }
    }
    let changes = apply(&m, &mut store);
    for r in store.values() {
        ratings::put(conn, r).await?;
    }
    log_changes(conn, &m, &changes, None).await?;
    Ok(())
}

/// What `engarde ratings rebuild` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RebuildReport {
    /// Rated matches replayed.
    pub matches: usize,
    /// Ratings (player, server, scope) written.
    pub ratings: usize,
    /// Servers with ratings.
    pub servers: usize,
    /// Seasons with ratings (each replayed beside the all-time ratings).
    pub seasons: usize,
    /// Ratings that differ from the ones stored before (added, removed or changed).
    pub changed: usize,
}

impl Service {
    /// Recomputes every rating from the stored match history, in the order the
    /// ratings were first applied, in one transaction.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn rebuild_ratings(&self) -> Result<RebuildReport> {
        let mut tx = self.begin_write().await?;
        let before = ratings::all(&mut tx).await?;
        let matches = ratings::rated_matches(&mut tx).await?;
        let seasons = crate::store::seasons::all(&mut tx).await?;
        ratings::clear(&mut tx).await?;
        let mut store = BTreeMap::new();
        let mut next_change = 1;
        for row in &matches {
            let outcome = match row.winner.as_deref() {
                Some("a") => Outcome::Win,
                Some("b") => Outcome::Loss,
                _ => Outcome::Draw,
            };
            let m = Rated {
                match_id: row.id,
                guild_id: row.guild_id,
                players: [row.seat_a, row.seat_b],
                variant: &row.variant,
                outcome,
                ended_at: row.finished_at,
                policy: self.rating_policy,
                season: season_among(&seasons, row.guild_id, row.finished_at),
            };
            let changes = apply(&m, &mut store);
            log_changes(&mut tx, &m, &changes, Some(&mut next_change)).await?;
        }
        for r in store.values() {
            ratings::put(&mut tx, r).await?;
        }
        let after = ratings::all(&mut tx).await?;
        tx.commit().await?;
        let key = |r: &RatingRow| (r.guild_id, r.scope.clone(), r.user_id);
        let old: BTreeMap<_, _> = before.iter().map(|r| (key(r), r)).collect();
        let new: BTreeMap<_, _> = after.iter().map(|r| (key(r), r)).collect();
        let changed = old.iter().filter(|(k, r)| new.get(*k) != Some(*r)).count()
            + new.keys().filter(|k| !old.contains_key(*k)).count();
        let mut servers: Vec<DbId> = after.iter().map(|r| r.guild_id).collect();
        servers.dedup();
        let rated_seasons: std::collections::BTreeSet<i64> =
            after.iter().filter_map(|r| parse_season_scope(&r.scope)).map(|(season, _)| season).collect();
        Ok(RebuildReport {
            matches: matches.len(),
            ratings: after.len(),
            servers: servers.len(),
            seasons: rated_seasons.len(),
            changed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    /// Glickman, "Example of the Glicko-2 system" (2013), section "Example calculation".
    #[test]
    fn glickmans_worked_example() {
        let player = r(1500.0, 200.0);
        let results =
            [(r(1400.0, 30.0), Outcome::Win), (r(1550.0, 100.0), Outcome::Loss), (r(1700.0, 300.0), Outcome::Loss)];
        let new = rate_period(player, &results);
        assert!((new.rating - 1464.06).abs() < 0.01, "r' = {}", new.rating);
        assert!((new.deviation - 151.52).abs() < 0.01, "RD' = {}", new.deviation);
        assert!((new.volatility - 0.05999).abs() < 0.00001, "σ' = {}", new.volatility);
    }

    #[test]
    fn deviation_grows_over_idle_periods_as_glicko_2_decays_it() {
        let policy = RatingPolicy::default();
        let week = policy.period;
        // Periods are counted from the epoch: crossing a boundary is one idle period.
        assert_eq!(policy.idle_periods(week - 1, week), 1);
        assert_eq!(policy.idle_periods(week, 2 * week - 1), 0);
        assert_eq!(policy.idle_periods(0, 52 * week), 52);
        assert_eq!(policy.idle_periods(5 * week, week), 0, "never negative");
        let r = Rating { rating: 1700.0, deviation: 60.0, volatility: 0.06 };
        let mut stepped = r.glicko();
        for n in 1..=60 {
            stepped = skillratings::glicko2::decay_deviation(&stepped);
            assert!((r.idle(n).deviation - stepped.deviation).abs() < 1e-9, "{n} periods");
            assert_eq!(r.idle(n).rating, 1700.0, "only the deviation moves");
        }
        assert!(r.idle(52).deviation > 60.0 + 20.0, "a year away is much less certain");
        assert_eq!(r.idle(100_000).deviation, 350.0, "at most a newcomer's");
        assert_eq!(r.idle(0), r);
        assert!(policy.is_inactive(0, 91 * 86_400) && !policy.is_inactive(0, 89 * 86_400));
    }

    #[test]
    fn a_match_counts_in_its_game_and_its_variant() {
        assert_eq!(scopes("kengo-normal"), ["engarde", "kengo-normal"]);
        assert_eq!(scopes("forteresse"), ["forteresse"]);
    }

    #[test]
    fn one_match_is_one_rating_period_for_each_player() {
        let (a, b) = (r(1500.0, 200.0), r(1400.0, 30.0));
        let (a2, b2) = rate(a, b, Outcome::Win);
        assert_eq!(a2, rate_period(a, &[(b, Outcome::Win)]));
        assert_eq!(b2, rate_period(b, &[(a, Outcome::Loss)]));
        assert!(a2.rating > a.rating && b2.rating < b.rating);
        let (d1, d2) = rate(Rating::NEW, Rating::NEW, Outcome::Draw);
        assert!((d1.rating - 1500.0).abs() < 1e-9 && (d2.rating - 1500.0).abs() < 1e-9);
        assert!(d1.deviation < 350.0);
    }

    #[test]
    fn one_lucky_win_stays_provisional_and_ten_matches_do_not() {
        let (mut a, mut b) = (Rating::NEW, Rating::NEW);
        for i in 0..10 {
            let o = if i % 3 == 2 { Outcome::Loss } else { Outcome::Win };
            (a, b) = rate(a, b, o);
            assert_eq!(a.is_provisional(), i < 8, "after {} matches: {a:?}", i + 1);
            assert_eq!(a.deviation, b.deviation);
        }
    }
}
