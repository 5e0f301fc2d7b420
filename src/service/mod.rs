//! The use cases, as plain async functions over the store and the rules.
//!
//! Each use case is one transaction and returns view models (what to show
//! publicly, what to show to whom privately), never Discord types.

pub mod archive;
mod board_place;
mod challenge;
pub mod clock;
mod draw;
mod finish;
mod health;
mod hot;
mod ladder;
pub mod life;
mod marks;
mod outbox;
mod play;
mod practice;
mod queries;
pub mod ratings;
mod rematch;
mod schedule;
pub mod seasons;
pub mod settings;
mod summary;
pub mod tournament;
mod views;

use std::sync::{Arc, OnceLock};

use engarde_rules::{Game, Match, Seat};

use crate::store::{self, group_commit::GroupCommit, matches::MatchRow};
use hot::{HotMatches, WriteTx};

pub use board_place::{BoardPlace, PlaceClaim};
pub use challenge::{AcceptOutcome, ChallengeRequest, DeclineOutcome};
pub use clock::{Clock, FileClock, SystemClock};
pub use draw::{DrawAnswer, DrawOffer};
pub use finish::{MatchEnd, WinReason};
pub use ladder::{
    Board, HistoryEntry, HistoryView, LeaderboardView, MatchResult, PlayerStats, RatingSummary, Record, RecordFile,
    Standing, Streak, HISTORY_LEN, PAGE_SIZE,
};
pub use outbox::{OwedBoard, PostedBoard};
pub use play::{ActOutcome, ActRequest};
pub use practice::{Practice, PracticeRequest};
pub use queries::MatchSummary;
pub use rematch::Rematch;
pub use schedule::{ExpiredChallenge, Reminder, ReminderItem};
pub use views::{BoardLink, BoardView, ChallengeView, Done, HandView, LiveBoard, Narration, Player, PlayerInfo};

/// Where match seeds come from (random in production, fixed in tests).
pub type SeedSource = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The match service.
#[derive(Clone)]
pub struct Service {
    /// Reads (any number at once: SQLite's write-ahead log, or PostgreSQL).
    pool: store::Pool,
    /// Writes. On SQLite, one connection, so that write transactions queue here, in order
    /// and without sleeping, rather than in SQLite's busy handler (which sleeps in steps
    /// of milliseconds); on PostgreSQL, the pool itself.
    writer: store::Pool,
    /// Single-statement writes, committed together when several wait (started on first use).
    group_commit: Arc<OnceLock<GroupCommit>>,
    /// Matches in play as last committed here.
    hot: Arc<HotMatches>,
    clock: Arc<dyn Clock>,
    seeds: SeedSource,
    /// How ratings age.
    rating_policy: ratings::RatingPolicy,
    /// Practice matches whose bot decision is being worked out in this process, so that
    /// two triggers (the player's move, the scheduler) do not both search. Only a saving
    /// of work: the store refuses a second move for one decision anyway.
    thinking: marks::Marks,
    /// Matches whose first board's place (a thread of their own) is being settled in this
    /// process (see [`Service::claim_board_place`]).
    placing: marks::Marks,
    /// The pause before each of the practice bot's moves.
    practice_pace: std::time::Duration,
    /// How servers' public messages look (language, pictures), as last read or changed here.
    server_looks: Arc<settings::ServerLooks>,
    /// Users' settings (language, quiet hours), as last read or changed here.
    users: Arc<settings::Kept<u64, life::UserSettings>>,
    /// Each user's away period not settled yet in each server (by server and user, as
    /// stored), if any, as last read or changed here.
    aways: Arc<settings::Kept<(i64, i64), Option<crate::store::life::AwayRow>>>,
}

/// What went wrong, with a short message fit for the user.
///
/// Internal errors show only an apology; their detail is in `Debug` and in the log.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("You can't challenge yourself.")]
    ChallengeSelf,
    #[error("Bots can't take challenges: challenge a person, or play me with `/engarde practice`.")]
    ChallengeBot,
    #[error("The practice bot does not agree draws: fence on, or resign to stop.")]
    PracticeNoDraw,
    #[error("You already have an unfinished match with {0} (match #{1}).")]
    AlreadyPlaying(String, i64),
    #[error("There is already a pending challenge between you and {0}.")]
    ChallengePending(String),
    #[error("That challenge no longer exists.")]
    ChallengeNotFound,
    #[error("This challenge is not for you.")]
    NotForYou,
    #[error("{}", closed_message(.0))]
    ChallengeClosed(String),
    #[error("There is no match #{0} in this server.")]
    MatchNotFound(i64),
    #[error("You have no unfinished match here.")]
    NoMatch,
    #[error("You have several unfinished matches: choose one with the `match` option.")]
    SeveralMatches,
    #[error("You are not playing in this match.")]
    NotInMatch,
    #[error("This match is over.")]
    MatchOver,
    #[error("This is out of date: the match has moved on.")]
    Stale(Option<BoardLink>),
    #[error("It is not your turn: waiting for {0}.")]
    NotYourTurn(String),
    #[error("That move is not allowed: {0}.")]
    Illegal(engarde_rules::IllegalMove),
    #[error("That was already done.")]
    AlreadyApplied,
    #[error("That is not a move you can make here.")]
    NotAMove,
    #[error("This draw offer has lapsed: a move was made, or it was answered.")]
    DrawLapsed,
    #[error("Too late: the time for this move has run out, and the match is lost on time.")]
    DeadlinePassed,
    #[error("You have no pending challenge to withdraw here.")]
    NoChallenge,
    #[error("Only members who can manage this server may do that.")]
    NotAdmin,
    #[error("{0}")]
    BadOptions(crate::i18n::Text),
    #[error("Sorry, something went wrong on our side. Please try again in a moment.")]
    Internal(String),
    /// The database is out of reach for a while (stopped, unreachable, its disk full or
    /// read-only: see [`store::unavailable`]); nothing was changed, and trying again later
    /// may succeed.
    #[error("The bot cannot reach its records just now; nothing was changed. Try again in a moment.")]
    Unavailable(String),
}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        match store::unavailable(&e) {
            Some(how) => {
                crate::observe::health().database_failed(how, &e.to_string());
                ServiceError::Unavailable(format!("database: {e}"))
            }
            None => ServiceError::Internal(format!("database: {e}")),
        }
    }
}

impl From<serde_json::Error> for ServiceError {
    fn from(e: serde_json::Error) -> Self {
        ServiceError::Internal(format!("stored JSON: {e}"))
    }
}

impl ServiceError {
    /// Whether this is our fault (to be logged with detail) rather than the user's: an
    /// internal error, or the database out of reach.
    #[must_use]
    pub fn is_internal(&self) -> bool {
        matches!(self, ServiceError::Internal(_) | ServiceError::Unavailable(_))
    }
}

fn closed_message(status: &str) -> &'static str {
    match status {
        "accepted" => "This challenge was already accepted.",
        "declined" => "This challenge was declined.",
        "cancelled" => "This challenge was withdrawn.",
        "expired" => "This challenge has expired.",
        _ => "This challenge is closed.",
    }
}

/// Service results.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

impl Service {
    /// A service over a migrated pool, with the system clock and random seeds.
    #[must_use]
    pub fn new(pool: store::Pool) -> Service {
        // On PostgreSQL other processes may change any match: see [`hot`].
        let pool_reports_changes = pool.reports_changes();
        let hot = Arc::new(HotMatches::new(!pool_reports_changes));
        let noted = Arc::clone(&hot);
        let writer = store::writer_for(&pool, Arc::new(move |table, rowid| noted.row_changed(table, rowid)));
        Service {
            pool,
            writer,
            group_commit: Arc::default(),
            hot,
            clock: Arc::new(SystemClock),
            seeds: Arc::new(rand::random::<u64>),
            rating_policy: ratings::RatingPolicy::default(),
            thinking: marks::Marks::default(),
            placing: marks::Marks::default(),
            practice_pace: std::time::Duration::ZERO,
            server_looks: Arc::new(settings::ServerLooks::new(!pool_reports_changes)),
            users: Arc::new(settings::Kept::new(!pool_reports_changes)),
            aways: Arc::new(settings::Kept::new(!pool_reports_changes)),
        }
    }

    /// Uses another clock.
    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Service {
        self.clock = clock;
        self
    }

    /// Uses another rating period and inactivity limit.
    #[must_use]
    pub fn with_rating_policy(mut self, policy: ratings::RatingPolicy) -> Service {
        self.rating_policy = policy;
        self
    }

    /// Pauses this long before each of the practice bot's moves (none by default).
    #[must_use]
    pub fn with_practice_pace(mut self, pace: std::time::Duration) -> Service {
        self.practice_pace = pace;
        self
    }

    /// Uses another source of match seeds.
    #[must_use]
    pub fn with_seeds(mut self, seeds: SeedSource) -> Service {
        self.seeds = seeds;
        self
    }

    /// The writer of single statements (a tokio task, started on first use).
    pub(crate) fn group_commit(&self) -> &GroupCommit {
        self.group_commit.get_or_init(|| {
            let hot = Arc::clone(&self.hot);
            GroupCommit::start(self.writer.clone(), Arc::new(move |moved: &[i64]| hot.settle_moves(moved)))
        })
    }

    /// The pool (for tests and maintenance commands).
    #[must_use]
    pub fn pool(&self) -> &store::Pool {
        &self.pool
    }

    pub(crate) fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Begins a write transaction, holding the database's write lock from the start (see
    /// [`store::Pool::begin_write`]): on SQLite, on the one write connection (racing use
    /// cases queue for it), so that another process writing the same file makes it wait
    /// (busy timeout) instead of failing on upgrade; on PostgreSQL, write transactions of
    /// every process run one at a time.
    /// Committing it settles its changes to the matches kept in memory (see [`hot`]).
    pub(crate) async fn begin_write(&self) -> Result<WriteTx<'_>> {
        Ok(WriteTx::new(self.writer.begin_write().await?, &self.hot))
    }
}

/// Loads and validates a stored match.
pub(crate) fn load_game(row: &MatchRow) -> Result<Match> {
    load_state(row.id, &row.game, row.state_format, &row.state)
}

/// Validates a stored state of match `id`, of the game named `game`.
pub(crate) fn load_state(id: i64, game: &str, state_format: i64, state: &str) -> Result<Match> {
    let game: Game = game.parse().map_err(|e| ServiceError::Internal(format!("match {id}: {e}")))?;
    let format = u32::try_from(state_format).map_err(|_| ServiceError::Internal(format!("match {id}: format")))?;
    Match::load(game, format, state).map_err(|e| ServiceError::Internal(format!("match {id}: {e}")))
}

/// A player as shown, by their stored name in the server.
pub(crate) async fn player(conn: &mut dyn store::Exec, guild: i64, user: i64) -> Result<Player> {
    let name = store::players::name(conn, guild, user).await?.unwrap_or_else(|| "someone".to_owned());
    Ok(Player { user_id: store::discord_id(user), name })
}

/// The seat a user holds in a match, if any.
pub(crate) fn seat_of(row: &MatchRow, user: u64) -> Option<Seat> {
    seat_among(row.seat_a, row.seat_b, store::db_id(user))
}

/// The seat of `user` (a stored id) between the two seats' players, if any.
pub(crate) fn seat_among(seat_a: store::DbId, seat_b: store::DbId, user: store::DbId) -> Option<Seat> {
    if seat_a == user {
        Some(Seat::A)
    } else if seat_b == user {
        Some(Seat::B)
    } else {
        None
    }
}
