//! Server standings and players' records: the leaderboard, a player's stats and
//! history, and a finished match's record for export. Read-only use cases.

use crate::store::Exec;
use engarde_rules::{Game, Match, Seat, Variant};

use super::ratings::{scopes, Rating, RatingPolicy, PROVISIONAL_DEVIATION};
use super::seasons::{SeasonFinish, SeasonInfo};
use super::views::Player;
use super::{load_state, player, seat_among, Result, Service, ServiceError};
use crate::store::history::{self, EndedRow};
use crate::store::ratings::{self, StandingRow};
use crate::store::{db_id, discord_id, DbId};

/// Players on one leaderboard page.
pub const PAGE_SIZE: usize = 10;
/// Matches shown by `/engarde history`.
pub const HISTORY_LEN: usize = 10;

/// A player's place on a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1-based rank: established players first, then provisional ones.
    pub rank: usize,
    /// The player.
    pub player: Player,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether the rating is still provisional.
    pub provisional: bool,
    /// Rated matches, won, lost, drawn.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
}

/// Which standings: a game's (every variant of it together) or one variant's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// A game's: every variant of it together.
    Game(Game),
    /// One variant's.
    Variant(Variant),
}

impl Board {
    /// The board's name: its rating scope, e.g. `engarde` or `kengo-normal`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Board::Game(g) => g.name(),
            Board::Variant(v) => v.name(),
        }
    }

    /// A title, e.g. "En Garde, every variant" or "Kengo (normal)".
    #[must_use]
    pub fn title(self) -> String {
        match self {
            Board::Game(g) if g.variants().count() > 1 => format!("{}, every variant", g.title()),
            Board::Game(g) => g.title().to_owned(),
            Board::Variant(v) => v.title().to_owned(),
        }
    }
}

impl std::str::FromStr for Board {
    type Err = engarde_rules::UnknownName;

    /// The board a name means: a game's name, or a variant's (`all`, the name of the
    /// overall board before there were several games, means En Garde's).
    fn from_str(name: &str) -> std::result::Result<Board, Self::Err> {
        if name == "all" {
            return Ok(Board::Game(Game::EnGarde));
        }
        name.parse().map(Board::Game).or_else(|_| name.parse().map(Board::Variant))
    }
}

/// One page of a server's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardView {
    /// Whose standings.
    pub board: Board,
    /// The season whose board it is (`None`: the all-time board).
    pub season: Option<SeasonInfo>,
    /// The page shown, from 1 (clamped to the pages there are).
    pub page: usize,
    /// How many pages there are (at least 1).
    pub pages: usize,
    /// Rated players in all.
    pub total: usize,
    /// This page's players.
    pub entries: Vec<Standing>,
    /// Who is looking.
    pub viewer_id: u64,
    /// The viewer's own place, if they are rated here.
    pub viewer: Option<Standing>,
}

/// A player's rating and rank in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingSummary {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is provisional.
    pub provisional: bool,
    /// Rank on the game's leaderboard (`None`: inactive, so not on it).
    pub rank: Option<usize>,
    /// Players on the game's leaderboard.
    pub of: usize,
}

/// Won, lost and drawn matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
}

impl Record {
    /// Matches counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    fn add(&mut self, result: MatchResult) {
        match result {
            MatchResult::Won => self.wins += 1,
            MatchResult::Lost => self.losses += 1,
            MatchResult::Drawn => self.draws += 1,
            MatchResult::Aborted => {}
        }
    }
}

/// A run of equal results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streak {
    /// The result repeated.
    pub result: MatchResult,
    /// How many times in a row.
    pub len: u32,
}

/// A player's stats in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// The player.
    pub player: Player,
    /// Their rating in each game they have played a rated match of, in menu order.
    pub ratings: Vec<(Game, RatingSummary)>,
    /// Finished matches (aborted ones do not count).
    pub record: Record,
    /// The results at the end of their history, e.g. three wins in a row.
    pub current_streak: Option<Streak>,
    /// Their longest run of wins.
    pub best_streak: u32,
    /// Rounds won, by how they were won, most frequent first.
    pub rounds_won: Vec<(String, u32)>,
    /// Rounds lost.
    pub rounds_lost: u32,
    /// The variant they finished most matches in, with that count.
    pub favourite: Option<(Variant, u32)>,
    /// Their record against the viewer (when looking at someone else).
    pub head_to_head: Option<(Player, Record)>,
    /// Where they finished in the server's latest ended seasons, latest first.
    pub season_finishes: Vec<SeasonFinish>,
    /// The finished tournaments they played in, and their best place.
    pub tournaments: super::tournament::EventRecord,
}

/// How a match ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// They won.
    Won,
    /// They lost (by hits, resignation or timeout).
    Lost,
    /// An agreed draw.
    Drawn,
    /// Aborted by an admin: it does not count.
    Aborted,
}

/// One line of a player's history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// The match.
    pub match_id: i64,
    /// The opponent.
    pub opponent: Player,
    /// The variant.
    pub variant: Variant,
    /// Rounds won over the match: the player's, then the opponent's.
    pub score: (u32, u32),
    /// The result for the player.
    pub result: MatchResult,
    /// The stored end reason: `hits`, `resign`, `timeout`, `draw`, `aborted`.
    pub reason: String,
    /// When it ended (unix seconds).
    pub ended_at: i64,
    /// The player's overall rating change, if the match was rated.
    pub rating_change: Option<f64>,
    /// The practice bot's level, in a practice match (never rated, never counted).
    pub practice: Option<engarde_rules::Level>,
    /// The tournament the match was played in, and its round, if any.
    pub event: Option<(String, u32)>,
}

/// A player's last matches.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryView {
    /// The player.
    pub player: Player,
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
}

/// A match record ready to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordFile {
    /// The match.
    pub match_id: i64,
    /// A file name, e.g. `engarde-match-12.json`.
    pub filename: String,
    /// The match record (match-record format), pretty-printed JSON.
    pub json: String,
}

fn to_u32(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

pub(super) fn standing(rank: usize, row: &StandingRow) -> Standing {
    Standing {
        rank,
        player: Player {
            user_id: discord_id(row.user_id),
            name: row.name.clone().unwrap_or_else(|| "someone".to_owned()),
        },
        rating: row.rating,
        deviation: row.deviation,
        provisional: row.deviation >= PROVISIONAL_DEVIATION,
        games: to_u32(row.games),
        wins: to_u32(row.wins),
        losses: to_u32(row.losses),
        draws: to_u32(row.draws),
    }
}

/// The validated final game of an ended match.
fn ended_game(row: &EndedRow) -> Result<Match> {
    load_state(row.id, &row.game, row.state_format, &row.state)
}

fn seat_in(row: &EndedRow, user: DbId) -> Option<Seat> {
    seat_among(row.seat_a, row.seat_b, user)
}

pub(super) fn result_for(row: &EndedRow, seat: Seat) -> MatchResult {
    result_of(&row.status, row.winner.as_deref(), seat)
}

/// How a match that ended with `status` and `winner` went for `seat`.
fn result_of(status: &str, winner: Option<&str>, seat: Seat) -> MatchResult {
    match (status, winner) {
        ("aborted", _) => MatchResult::Aborted,
        (_, Some(w)) if w == seat.as_str() => MatchResult::Won,
        (_, Some(_)) => MatchResult::Lost,
        (_, None) => MatchResult::Drawn,
    }
}

fn opponent_id(row: &EndedRow, seat: Seat) -> DbId {
    if seat == Seat::A {
        row.seat_b
    } else {
        row.seat_a
    }
}

/// A board's players as of `now`, best first: each deviation grown over the rating
/// periods without a game, established players before provisional ones, each group by
/// rating; players inactive for too long apart (second list).
pub(super) fn ranked(rows: Vec<StandingRow>, now: i64, policy: RatingPolicy) -> (Vec<StandingRow>, Vec<StandingRow>) {
    let (mut active, inactive): (Vec<StandingRow>, Vec<StandingRow>) = rows
        .into_iter()
        .map(|mut row| {
            let stored = Rating { rating: row.rating, deviation: row.deviation, volatility: row.volatility };
            row.deviation = policy.as_of(stored, row.updated_at, now).deviation;
            row
        })
        .partition(|row| !policy.is_inactive(row.updated_at, now));
    active.sort_by(|x, y| {
        (x.deviation >= PROVISIONAL_DEVIATION)
            .cmp(&(y.deviation >= PROVISIONAL_DEVIATION))
            .then(y.rating.total_cmp(&x.rating))
            .then(y.games.cmp(&x.games))
            .then(x.user_id.cmp(&y.user_id))
    });
    (active, inactive)
}

async fn rating_summary(
    conn: &mut dyn Exec,
    guild: DbId,
    game: Game,
    user: DbId,
    now: i64,
    policy: RatingPolicy,
) -> Result<Option<RatingSummary>> {
    let (active, inactive) = ranked(ratings::standings(conn, guild, game.name()).await?, now, policy);
    let summary = |row: &StandingRow, rank: Option<usize>| RatingSummary {
        rating: row.rating,
        deviation: row.deviation,
        provisional: row.deviation >= PROVISIONAL_DEVIATION,
        rank,
        of: active.len(),
    };
    if let Some(i) = active.iter().position(|r| r.user_id == user) {
        return Ok(Some(summary(&active[i], Some(i + 1))));
    }
    Ok(inactive.iter().find(|r| r.user_id == user).map(|row| summary(row, None)))
}

impl Service {
    /// One page of a server's leaderboard, a game's or a variant's (`None`: the game
    /// of the server's default variant), with the viewer's own place.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn leaderboard(
        &self,
        guild_id: u64,
        board: Option<Board>,
        page: usize,
        viewer: u64,
    ) -> Result<LeaderboardView> {
        self.season_leaderboard(guild_id, board, None, page, viewer).await
    }

    /// [`Service::leaderboard`], of a season's board when `season` (its number) is given:
    /// ranked as of the season's end (or now while it goes on), with everyone who played
    /// in it.
    ///
    /// # Errors
    /// A season unknown in the server; internal errors.
    pub async fn season_leaderboard(
        &self,
        guild_id: u64,
        board: Option<Board>,
        season: Option<i64>,
        page: usize,
        viewer: u64,
    ) -> Result<LeaderboardView> {
        let guild = db_id(guild_id);
        let mut conn = self.pool.acquire().await?;
        let board = match board {
            Some(board) => board,
            None => Board::Game(super::settings::load(&mut conn, guild_id).await?.default_variant.game()),
        };
        let season = match season {
            Some(id) => Some(
                self.season_row(&mut conn, guild_id, id)
                    .await?
                    .ok_or(ServiceError::BadOptions(crate::i18n::Text::new("error-season-gone")))?,
            ),
            None => None,
        };
        let table = match &season {
            Some(season) => self.season_table(&mut conn, season, board.name()).await?,
            None => ranked(ratings::standings(&mut conn, guild, board.name()).await?, self.now(), self.rating_policy).0,
        };
        let pages = table.len().div_ceil(PAGE_SIZE).max(1);
        let page = page.clamp(1, pages);
        let entries = table
            .iter()
            .enumerate()
            .skip((page - 1) * PAGE_SIZE)
            .take(PAGE_SIZE)
            .map(|(i, row)| standing(i + 1, row))
            .collect();
        let mine = table.iter().position(|r| r.user_id == db_id(viewer)).map(|i| standing(i + 1, &table[i]));
        Ok(LeaderboardView {
            board,
            season: season.as_ref().map(SeasonInfo::from),
            page,
            pages,
            total: table.len(),
            entries,
            viewer_id: viewer,
            viewer: mine,
        })
    }

    /// A player's stats in a server; with their record against the viewer when
    /// the viewer is someone else.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn stats(&self, guild_id: u64, user: u64, viewer: u64) -> Result<PlayerStats> {
        let (guild, me) = (db_id(guild_id), db_id(user));
        let mut conn = self.pool.acquire().await?;
        let totals = self.player_totals(&mut conn, guild, me).await?;
        let mut rounds_won = totals.rounds_won.clone();
        rounds_won.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        let favourite = totals
            .variants
            .iter()
            .max_by_key(|(_, (n, last))| (*n, *last))
            .and_then(|(name, (n, _))| name.parse::<Variant>().ok().map(|v| (v, *n)));
        let mut ratings = Vec::new();
        for &game in Game::ALL {
            if let Some(summary) = rating_summary(&mut conn, guild, game, me, self.now(), self.rating_policy).await? {
                ratings.push((game, summary));
            }
        }
        let head_to_head = if viewer == user {
            None
        } else {
            let them = db_id(viewer);
            let mut h2h = Record::default();
            for meeting in history::meetings(&mut conn, guild, me, them).await? {
                let Some(seat) = seat_among(meeting.seat_a, meeting.seat_b, me) else { continue };
                if meeting.practice_level.is_none() {
                    h2h.add(result_of(&meeting.status, meeting.winner.as_deref(), seat));
                }
            }
            Some((player(&mut conn, guild, them).await?, h2h))
        };
        let season_finishes = self.season_finishes(&mut conn, guild, me).await?;
        Ok(PlayerStats {
            player: player(&mut conn, guild, me).await?,
            ratings,
            record: totals.record(),
            current_streak: totals.current_streak(),
            best_streak: totals.best,
            rounds_won,
            rounds_lost: totals.rounds_lost,
            favourite,
            head_to_head,
            season_finishes,
            tournaments: super::tournament::event_record(&mut conn, guild, me).await?,
        })
    }

    /// A player's last ended matches in a server, newest first.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn history(&self, guild_id: u64, user: u64) -> Result<HistoryView> {
        let (guild, me) = (db_id(guild_id), db_id(user));
        let mut conn = self.pool.acquire().await?;
        let rows = history::ended_for(&mut conn, guild, me, HISTORY_LEN as i64).await?;
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let Some(seat) = seat_in(&row, me) else { continue };
            let game = ended_game(&row)?;
            let total = game.score();
            let variant = game.variant();
            let change = ratings::change_in(&mut conn, row.id, scopes(&row.variant)[0], me).await?;
            entries.push(HistoryEntry {
                match_id: row.id,
                opponent: player(&mut conn, guild, opponent_id(&row, seat)).await?,
                variant,
                score: (*total.get(seat), *total.get(seat.other())),
                result: result_for(&row, seat),
                reason: row.end_reason.clone().unwrap_or_default(),
                ended_at: row.finished_at,
                rating_change: change.map(|(before, after)| after - before),
                practice: row.practice_level.as_deref().and_then(|l| l.parse().ok()),
                event: row
                    .event
                    .clone()
                    .map(|name| (name, row.event_round.and_then(|r| u32::try_from(r).ok()).unwrap_or(0))),
            });
        }
        Ok(HistoryView { player: player(&mut conn, guild, me).await?, entries })
    }

    /// An ended match's record (match-record format) as a file to attach.
    /// Matches still being played are refused: their record would show the
    /// hands and the pile.
    ///
    /// # Errors
    /// An unknown match, one still being played; internal errors.
    pub async fn export_record(&self, guild_id: u64, match_id: i64) -> Result<RecordFile> {
        {
            let mut conn = self.pool.acquire().await?;
            if history::ended(&mut conn, db_id(guild_id), match_id).await?.is_none() {
                return Err(if history::exists(&mut conn, db_id(guild_id), match_id).await? {
                    ServiceError::BadOptions(crate::i18n::Text::new("error-export-unfinished").arg("id", match_id))
                } else {
                    ServiceError::MatchNotFound(match_id)
                });
            }
        }
        let record = self.record(match_id).await?;
        let mut json = serde_json::to_string_pretty(&record)?;
        json.push('\n');
        Ok(RecordFile { match_id, filename: format!("engarde-match-{match_id}.json"), json })
    }
}
