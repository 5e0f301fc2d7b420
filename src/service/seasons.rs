//! Leaderboard seasons: a fresh board now and then, beside the all-time one.
//!
//! - **What a season is.** A stretch of time of one server, with a name. A rated match
//!   counts in the season whose `[start, end)` holds the second it ended (if any), in a
//!   board of its own where every player starts at the default rating
//!   ([`super::ratings::Rating::NEW`]); the all-time ratings go on as if seasons did not
//!   exist. A server's seasons never overlap. A season started at a moment (by hand, or
//!   when automatic seasons are turned on) starts the second after it; one ended by hand
//!   ends the second after it: so a match that ends in the same second as the start or
//!   the end counts the same live and in a rebuild, whichever came first.
//! - **Automatic seasons** (`/engarde-admin config seasons: monthly | quarterly`): calendar
//!   months (`2026-11`) or quarters (`2026-Q4`), in UTC. The first one starts when an admin
//!   turns them on; the next ones start at their month's (quarter's) first second, created
//!   by the first match that ends in them. Turning them `off` lets the current one run to
//!   its end, and starts no other.
//! - **Seasons by hand** (`/engarde-admin season start name:…`, `season end`), when
//!   automatic seasons are off: one at a time, from the moment it is started to the moment
//!   it is ended.
//! - **The end.** The scheduler claims each ended season once (a conditional update, so
//!   one process wins however many share the database) and posts its podium: the top three
//!   of each game played in it, in the server's board channel if it has one, else in the
//!   channel of its last match. `/engarde stats` lists a player's finishes.
//! - **Storage.** A season's ratings are ordinary ratings under the scope
//!   `season:<id>:<game or variant>` ([`season_scope`]), rated by the same code as the
//!   all-time ones, so `engarde ratings rebuild` replays both from the match history.

use engarde_rules::Game;

use super::ladder::{ranked, standing, Standing};
use super::ratings::RatingPolicy;
use super::{Result, Service, ServiceError};
use crate::i18n::Text;
use crate::store::seasons::{self, NewSeason, SeasonRow};
use crate::store::{db_id, discord_id, DbId, Exec};

/// The longest season name an admin may give (in characters).
pub const NAME_MAX: usize = 32;
/// Players on a season's podium, per game.
pub const PODIUM: usize = 3;
/// Season finishes listed by `/engarde stats` (the latest).
pub const FINISHES_SHOWN: usize = 5;

/// How a server runs its seasons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeasonMode {
    /// No automatic seasons (admins may still run them by hand).
    #[default]
    Off,
    /// One season per calendar month, in UTC.
    Monthly,
    /// One season per calendar quarter (January, April, July, October), in UTC.
    Quarterly,
}

impl SeasonMode {
    /// Every mode, in the order admins are offered them.
    pub const ALL: [SeasonMode; 3] = [SeasonMode::Off, SeasonMode::Monthly, SeasonMode::Quarterly];

    /// The stored and typed name: `off`, `monthly`, `quarterly`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SeasonMode::Off => "off",
            SeasonMode::Monthly => "monthly",
            SeasonMode::Quarterly => "quarterly",
        }
    }
}

/// A season mode that is none of [`SeasonMode::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl std::str::FromStr for SeasonMode {
    type Err = UnknownMode;

    /// A mode's name, whatever its case and surrounding spaces.
    fn from_str(s: &str) -> std::result::Result<SeasonMode, UnknownMode> {
        let wanted = s.trim().to_lowercase();
        SeasonMode::ALL.into_iter().find(|m| m.name() == wanted).ok_or_else(|| UnknownMode(s.to_owned()))
    }
}

/// A calendar period of an automatic season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// Its first second (unix, UTC).
    pub start: i64,
    /// The first second after it.
    pub end: i64,
    /// Its name: `2026-11` or `2026-Q4`.
    pub name: String,
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The year and month (1 to 12) of a day since 1970-01-01 (Hinnant's `civil_from_days`).
fn year_month(days: i64) -> (i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month)
}

/// The calendar period of `mode` that holds the moment `at` (`None` when off).
#[must_use]
pub fn period(mode: SeasonMode, at: i64) -> Option<Period> {
    let (year, month) = year_month(at.div_euclid(86_400));
    let (first, months, name) = match mode {
        SeasonMode::Off => return None,
        SeasonMode::Monthly => (month, 1, format!("{year}-{month:02}")),
        SeasonMode::Quarterly => {
            let quarter = (month - 1) / 3;
            (quarter * 3 + 1, 3, format!("{year}-Q{}", quarter + 1))
        }
    };
    let start = days_from_civil(year, first, 1) * 86_400;
    let (end_year, end_month) =
        if first + months > 12 { (year + 1, first + months - 12) } else { (year, first + months) };
    Some(Period { start, end: days_from_civil(end_year, end_month, 1) * 86_400, name })
}

/// The rating scope of a season's board: `season:<id>:<game or variant>`.
#[must_use]
pub fn season_scope(season: i64, scope: &str) -> String {
    format!("season:{season}:{scope}")
}

/// The season and the plain scope of a season scope (`None` for an all-time scope).
#[must_use]
pub fn parse_season_scope(scope: &str) -> Option<(i64, &str)> {
    let (id, rest) = scope.strip_prefix("season:")?.split_once(':')?;
    Some((id.parse().ok()?, rest))
}

impl SeasonRow {
    /// Whether a match that ended at `at` counts in this season.
    #[must_use]
    pub fn holds(&self, at: i64) -> bool {
        self.starts_at <= at && self.ends_at.is_none_or(|end| at < end)
    }
}

/// How a season came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonKind {
    /// Started (and ended) by an admin.
    Manual,
    /// A calendar month.
    Monthly,
    /// A calendar quarter.
    Quarterly,
}

impl SeasonKind {
    fn of(stored: &str) -> SeasonKind {
        match stored {
            "monthly" => SeasonKind::Monthly,
            "quarterly" => SeasonKind::Quarterly,
            _ => SeasonKind::Manual,
        }
    }
}

/// A season, as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonInfo {
    /// Its number (in buttons).
    pub id: i64,
    /// Its name.
    pub name: String,
    /// How it came to be.
    pub kind: SeasonKind,
    /// When it started (unix seconds).
    pub starts_at: i64,
    /// When it ends or ended; `None`: when an admin ends it.
    pub ends_at: Option<i64>,
}

impl From<&SeasonRow> for SeasonInfo {
    fn from(row: &SeasonRow) -> SeasonInfo {
        SeasonInfo {
            id: row.id,
            name: row.name.clone(),
            kind: SeasonKind::of(&row.kind),
            starts_at: row.starts_at,
            ends_at: row.ends_at,
        }
    }
}

/// A server's seasons setting and its current season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonsOverview {
    /// How the server runs them.
    pub mode: SeasonMode,
    /// The season under way, if any.
    pub current: Option<SeasonInfo>,
}

/// The top of one game's board at a season's end.
#[derive(Clone, Debug, PartialEq)]
pub struct Podium {
    /// The game.
    pub game: Game,
    /// Its best players, first first (at most [`PODIUM`]).
    pub top: Vec<Standing>,
}

/// A season that has just ended, with its podiums, to announce.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonEnd {
    /// The server.
    pub guild_id: u64,
    /// Where to post: the server's board channel, else its last match's channel (`None`:
    /// the server never had a match).
    pub channel_id: Option<u64>,
    /// The season.
    pub season: SeasonInfo,
    /// One per game played in the season, in menu order (empty: nobody played).
    pub podiums: Vec<Podium>,
}

/// Where a player finished in a season's board of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonFinish {
    /// The season's name.
    pub season: String,
    /// The game.
    pub game: Game,
    /// Their rank.
    pub rank: usize,
    /// Players on that board.
    pub of: usize,
    /// Their final rating.
    pub rating: f64,
    /// Whether it was still provisional.
    pub provisional: bool,
}

/// How seasons' boards rank: as the all-time one, but nobody who played in a season
/// leaves its board for being idle.
fn season_policy(policy: RatingPolicy) -> RatingPolicy {
    RatingPolicy { inactive_after: i64::MAX, ..policy }
}

/// The moment a season's board is shown as of: its end, or now while it goes on.
fn as_of(row: &SeasonRow, now: i64) -> i64 {
    row.ends_at.map_or(now, |end| end.min(now))
}

async fn stored_mode(conn: &mut dyn Exec, guild: DbId) -> Result<SeasonMode> {
    Ok(seasons::mode(conn, guild).await?.and_then(|m| m.parse().ok()).unwrap_or_default())
}

/// Creates the automatic season of `period`, from `start`; returns its number. Its name is
/// the period's, or, if an admin already gave a season that name, the name with a number.
async fn create_automatic(
    conn: &mut dyn Exec,
    guild: DbId,
    mode: SeasonMode,
    period: &Period,
    start: i64,
) -> Result<i64> {
    for n in 1.. {
        let name = if n == 1 { period.name.clone() } else { format!("{} ({n})", period.name) };
        let new =
            NewSeason { guild_id: guild, name: &name, kind: mode.name(), starts_at: start, ends_at: Some(period.end) };
        if let Some(id) = seasons::insert(conn, &new).await? {
            return Ok(id);
        }
    }
    unreachable!("some numbered name is free")
}

/// The season a match of `guild` that ends at `at` counts in, in the transaction that
/// ends it: the season that holds `at`, else, when the server runs automatic seasons, the
/// one of `at`'s month or quarter, created now (from the period's start, or the end of
/// the season before if that is later).
///
/// # Errors
/// Database errors.
pub(crate) async fn season_of_match(conn: &mut dyn Exec, guild: DbId, at: i64) -> Result<Option<i64>> {
    if let Some(season) = seasons::at(conn, guild, at).await? {
        return Ok(Some(season.id));
    }
    let mode = stored_mode(conn, guild).await?;
    let Some(period) = period(mode, at) else { return Ok(None) };
    let after = seasons::latest(conn, guild).await?.and_then(|s| s.ends_at).unwrap_or(i64::MIN);
    let start = period.start.max(after);
    if start > at {
        return Ok(None);
    }
    Ok(Some(create_automatic(conn, guild, mode, &period, start).await?))
}

/// The season of a match that ended at `at`, among every season (for a rebuild).
#[must_use]
pub fn season_among(all: &[SeasonRow], guild: DbId, at: i64) -> Option<i64> {
    all.iter().filter(|s| s.guild_id == guild && s.holds(at)).max_by_key(|s| s.starts_at).map(|s| s.id)
}

/// A name as typed, cut to a season name's length and to one line, to echo it.
fn shortened(name: &str) -> String {
    let clean: String = name.trim().chars().filter(|c| !c.is_control() && *c != '`').collect();
    match clean.char_indices().nth(NAME_MAX) {
        Some((cut, _)) => format!("{}…", &clean[..cut]),
        None => clean,
    }
}

/// The server's season under way at `now`, or about to start (a season starts the second
/// after it is started): the latest, unless it has ended.
async fn current(conn: &mut dyn Exec, guild: DbId, now: i64) -> Result<Option<SeasonRow>> {
    Ok(seasons::latest(conn, guild).await?.filter(|s| s.ends_at.is_none_or(|end| end > now)))
}

fn refuse(id: &'static str) -> ServiceError {
    ServiceError::BadOptions(Text::new(id))
}

impl Service {
    /// A server's seasons setting and its current season.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn seasons_overview(&self, guild_id: u64) -> Result<SeasonsOverview> {
        let mut conn = self.pool.acquire().await?;
        let guild = db_id(guild_id);
        let mode = stored_mode(&mut conn, guild).await?;
        let current = current(&mut conn, guild, self.now()).await?.as_ref().map(SeasonInfo::from);
        Ok(SeasonsOverview { mode, current })
    }

    /// Sets how a server runs its seasons. Turning automatic seasons on starts this month's
    /// (quarter's) season at the next second, unless a season is under way; turning them off lets the
    /// current one end as planned. The caller must have checked that `admin` may manage
    /// the server.
    ///
    /// # Errors
    /// A season started by hand still open (it must be ended first); internal errors.
    pub async fn set_season_mode(&self, guild_id: u64, admin: u64, mode: SeasonMode) -> Result<SeasonsOverview> {
        let guild = db_id(guild_id);
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let mut current = current(&mut tx, guild, now).await?;
        if mode != SeasonMode::Off {
            match &current {
                Some(s) if SeasonKind::of(&s.kind) == SeasonKind::Manual => {
                    return Err(ServiceError::BadOptions(
                        Text::new("error-season-manual-running").arg("name", s.name.clone()),
                    ))
                }
                Some(_) => {}
                None => {
                    let period = period(mode, now).expect("an automatic mode has periods");
                    let id = create_automatic(&mut tx, guild, mode, &period, now + 1).await?;
                    current = seasons::get(&mut tx, id).await?;
                }
            }
        }
        seasons::set_mode(&mut tx, guild, mode.name(), db_id(admin), now).await?;
        tx.commit().await?;
        Ok(SeasonsOverview { mode, current: current.as_ref().map(SeasonInfo::from) })
    }

    /// Starts a season by hand, at the next second, until an admin ends it.
    ///
    /// # Errors
    /// Automatic seasons on, a season under way, a bad or taken name; internal errors.
    pub async fn start_season(&self, guild_id: u64, name: &str) -> Result<SeasonInfo> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > NAME_MAX || name.chars().any(|c| c.is_control() || c == '`') {
            return Err(ServiceError::BadOptions(Text::new("error-season-name").arg("max", NAME_MAX as i64)));
        }
        let guild = db_id(guild_id);
        let now = self.now();
        let mut tx = self.begin_write().await?;
        if stored_mode(&mut tx, guild).await? != SeasonMode::Off {
            return Err(refuse("error-season-automatic"));
        }
        if let Some(s) = current(&mut tx, guild, now).await? {
            return Err(ServiceError::BadOptions(Text::new("error-season-running").arg("name", s.name)));
        }
        let new = NewSeason { guild_id: guild, name, kind: "manual", starts_at: now + 1, ends_at: None };
        let Some(id) = seasons::insert(&mut tx, &new).await? else {
            return Err(ServiceError::BadOptions(Text::new("error-season-name-taken").arg("name", name.to_owned())));
        };
        let row = seasons::get(&mut tx, id).await?.ok_or_else(|| ServiceError::Internal("season vanished".into()))?;
        tx.commit().await?;
        Ok(SeasonInfo::from(&row))
    }

    /// Ends the season started by hand, at the end of this second; its podium is posted by
    /// the scheduler's first pass after.
    ///
    /// # Errors
    /// No season under way, or an automatic one (it ends by itself); internal errors.
    pub async fn end_season(&self, guild_id: u64) -> Result<SeasonInfo> {
        let guild = db_id(guild_id);
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let Some(mut row) = current(&mut tx, guild, now).await? else {
            return Err(refuse("error-season-none"));
        };
        if SeasonKind::of(&row.kind) != SeasonKind::Manual {
            return Err(ServiceError::BadOptions(Text::new("error-season-ends-itself").arg("name", row.name)));
        }
        if !seasons::end(&mut tx, row.id, now + 1).await? {
            return Err(refuse("error-season-none"));
        }
        tx.commit().await?;
        row.ends_at = Some(now + 1);
        Ok(SeasonInfo::from(&row))
    }

    /// A server's season by name (as typed, spaces around ignored).
    ///
    /// # Errors
    /// No season of that name; internal errors.
    pub async fn season_named(&self, guild_id: u64, name: &str) -> Result<SeasonInfo> {
        let mut conn = self.pool.acquire().await?;
        match seasons::named(&mut conn, db_id(guild_id), name.trim()).await? {
            Some(row) => Ok(SeasonInfo::from(&row)),
            None => Err(ServiceError::BadOptions(Text::new("error-season-unknown").arg("name", shortened(name)))),
        }
    }

    /// A server's season names holding `partial` (any case), newest first, at most `limit`.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn season_names(&self, guild_id: u64, partial: &str, limit: usize) -> Result<Vec<String>> {
        let mut conn = self.pool.acquire().await?;
        let partial = partial.trim().to_lowercase();
        Ok(seasons::of_guild(&mut conn, db_id(guild_id))
            .await?
            .into_iter()
            .map(|s| s.name)
            .filter(|n| n.to_lowercase().contains(&partial))
            .take(limit)
            .collect())
    }

    /// A season's board of a scope, ranked as of its end (or now while it goes on).
    pub(crate) async fn season_table(
        &self,
        conn: &mut dyn Exec,
        season: &SeasonRow,
        scope: &str,
    ) -> Result<Vec<crate::store::ratings::StandingRow>> {
        let rows = crate::store::ratings::standings(conn, season.guild_id, &season_scope(season.id, scope)).await?;
        Ok(ranked(rows, as_of(season, self.now()), season_policy(self.rating_policy)).0)
    }

    /// A season by number, in a server (`None`: no such season there).
    pub(crate) async fn season_row(&self, conn: &mut dyn Exec, guild_id: u64, id: i64) -> Result<Option<SeasonRow>> {
        Ok(seasons::get(conn, id).await?.filter(|s| s.guild_id == db_id(guild_id)))
    }

    /// Seasons that have ended and whose podium is not posted yet: each claimed once, in its
    /// own transaction (however many processes try), with its podiums and where to post them.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn season_ends(&self) -> Result<Vec<SeasonEnd>> {
        let now = self.now();
        let due = seasons::to_announce(&mut self.pool.acquire().await?, now).await?;
        let mut out = Vec::with_capacity(due.len());
        for row in due {
            let mut tx = self.begin_write().await?;
            if !seasons::claim_announcement(&mut tx, row.id, now).await? {
                continue;
            }
            let mut podiums = Vec::new();
            for &game in Game::ALL {
                let table = self.season_table(&mut tx, &row, game.name()).await?;
                if !table.is_empty() {
                    let top = table.iter().take(PODIUM).enumerate().map(|(i, r)| standing(i + 1, r)).collect();
                    podiums.push(Podium { game, top });
                }
            }
            let guild = discord_id(row.guild_id);
            let channel = match super::settings::load(&mut tx, guild).await?.board_channel {
                Some(c) => Some(c),
                None => seasons::last_match_channel(&mut tx, row.guild_id).await?.map(discord_id),
            };
            tx.commit().await?;
            out.push(SeasonEnd { guild_id: guild, channel_id: channel, season: SeasonInfo::from(&row), podiums });
        }
        Ok(out)
    }

    /// A player's finishes in a server's ended seasons, latest first, at most
    /// [`FINISHES_SHOWN`].
    pub(crate) async fn season_finishes(
        &self,
        conn: &mut dyn Exec,
        guild: DbId,
        user: DbId,
    ) -> Result<Vec<SeasonFinish>> {
        let now = self.now();
        // The server's ended seasons, latest first, and in each the games in menu order:
        // a point read of the player's rating in each, never the server's every rating.
        let mut ended: Vec<SeasonRow> = seasons::of_guild(conn, guild)
            .await?
            .into_iter()
            .filter(|s| s.ends_at.is_some_and(|end| end <= now))
            .collect();
        ended.sort_by_key(|s| std::cmp::Reverse(s.id));
        let mut finishes = Vec::new();
        'seasons: for row in ended {
            for &game in Game::ALL {
                if finishes.len() == FINISHES_SHOWN {
                    break 'seasons;
                }
                let scope = season_scope(row.id, game.name());
                if crate::store::ratings::get(conn, guild, &scope, user).await?.is_none() {
                    continue;
                }
                let table = self.season_table(conn, &row, game.name()).await?;
                if let Some(i) = table.iter().position(|r| r.user_id == user) {
                    let me = standing(i + 1, &table[i]);
                    finishes.push(SeasonFinish {
                        season: row.name.clone(),
                        game,
                        rank: i + 1,
                        of: table.len(),
                        rating: me.rating,
                        provisional: me.provisional,
                    });
                }
            }
        }
        Ok(finishes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(year: i64, month: i64, day: i64) -> i64 {
        days_from_civil(year, month, day) * 86_400
    }

    #[test]
    fn calendar_months_and_quarters_in_utc() {
        assert_eq!(utc(1970, 1, 1), 0);
        assert_eq!(utc(2026, 11, 26), 1_795_651_200);
        let nov = period(SeasonMode::Monthly, utc(2026, 11, 26) + 3_600).unwrap();
        assert_eq!(nov, Period { start: utc(2026, 11, 1), end: utc(2026, 12, 1), name: "2026-11".into() });
        let dec = period(SeasonMode::Monthly, utc(2026, 12, 31) + 86_399).unwrap();
        assert_eq!((dec.end, dec.name.as_str()), (utc(2027, 1, 1), "2026-12"));
        assert_eq!(period(SeasonMode::Monthly, utc(2027, 1, 1)).unwrap().name, "2027-01", "a month starts at 00:00");
        let feb = period(SeasonMode::Monthly, utc(2028, 2, 29)).unwrap();
        assert_eq!(feb.end - feb.start, 29 * 86_400, "a leap February");
        let q4 = period(SeasonMode::Quarterly, utc(2026, 11, 26)).unwrap();
        assert_eq!(q4, Period { start: utc(2026, 10, 1), end: utc(2027, 1, 1), name: "2026-Q4".into() });
        assert_eq!(period(SeasonMode::Quarterly, utc(2026, 3, 31)).unwrap().name, "2026-Q1");
        assert_eq!(period(SeasonMode::Quarterly, utc(2026, 4, 1)).unwrap().start, utc(2026, 4, 1));
        assert_eq!(period(SeasonMode::Off, 0), None);
        // Every day of four centuries lands in its own month.
        for day in -200_000..200_000 {
            let p = period(SeasonMode::Monthly, day * 86_400).unwrap();
            assert!(p.start <= day * 86_400 && day * 86_400 < p.end, "day {day}");
        }
    }

    #[test]
    fn modes_and_scopes_read_back() {
        assert_eq!(" Monthly ".parse(), Ok(SeasonMode::Monthly));
        assert_eq!("weekly".parse::<SeasonMode>(), Err(UnknownMode("weekly".into())));
        assert_eq!(season_scope(12, "kengo-normal"), "season:12:kengo-normal");
        assert_eq!(parse_season_scope("season:12:kengo-normal"), Some((12, "kengo-normal")));
        assert_eq!(parse_season_scope("engarde"), None);
    }
}
