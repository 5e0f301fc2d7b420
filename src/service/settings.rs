//! Per-server settings: defaults, ranges, and the admin use case that changes them.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use engarde_rules::{engarde, Variant};

/// The variant of a server that chose none.
pub const DEFAULT_VARIANT: Variant = Variant::EnGarde(engarde::Variant::EngardeStandard);

use super::{Result, Service, ServiceError};
use crate::i18n::{Lang, Text};
use crate::store::settings::{self, SettingsRow};
use crate::store::{db_id, discord_id};

/// Default time for each decision: two days, the correspondence-chess norm
/// (Board Game Arena's slow turn-based speeds are one to three days).
pub const DEFAULT_TURN: Duration = Duration::from_secs(48 * 3600);
/// Default time to answer a challenge: a day, so nobody is left waiting for long.
pub const DEFAULT_CHALLENGE: Duration = Duration::from_secs(24 * 3600);
/// The shortest and longest time per decision.
pub const TURN_RANGE: (Duration, Duration) = (Duration::from_secs(10 * 60), Duration::from_secs(14 * 24 * 3600));
/// The window over which away time is counted: 90 days, rolling.
pub const AWAY_WINDOW: Duration = Duration::from_secs(90 * 24 * 3600);
/// Default away allowance per [`AWAY_WINDOW`]: two weeks, like a holiday.
pub const DEFAULT_AWAY: Duration = Duration::from_secs(14 * 24 * 3600);
/// The least and most away time a server may allow per [`AWAY_WINDOW`] (none, or all of it).
pub const AWAY_RANGE: (Duration, Duration) = (Duration::ZERO, AWAY_WINDOW);
/// The shortest and longest time to answer a challenge.
pub const CHALLENGE_RANGE: (Duration, Duration) = (Duration::from_secs(5 * 60), Duration::from_secs(7 * 24 * 3600));

/// A server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// Default time for each decision.
    pub turn: Duration,
    /// How long a challenge stays open.
    pub challenge: Duration,
    /// Whether each match gets its own thread.
    pub threads: bool,
    /// Where boards go; `None`: the channel where the challenge was made.
    pub board_channel: Option<u64>,
    /// The variant used when a challenge names none.
    pub default_variant: Variant,
    /// The language of public messages an admin chose; `None`: the server's Discord
    /// locale, else English.
    pub language: Option<Lang>,
    /// Whether boards carry a picture (else they are drawn in text).
    pub pictures: bool,
    /// How much away time a player may take per rolling [`AWAY_WINDOW`].
    pub away_allowance: Duration,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            turn: DEFAULT_TURN,
            challenge: DEFAULT_CHALLENGE,
            threads: true,
            board_channel: None,
            default_variant: DEFAULT_VARIANT,
            language: None,
            pictures: true,
            away_allowance: DEFAULT_AWAY,
        }
    }
}

/// Changes an admin asked for; `None` keeps the current value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// New default time per decision.
    pub turn: Option<Duration>,
    /// New challenge expiry.
    pub challenge: Option<Duration>,
    /// Threads on or off.
    pub threads: Option<bool>,
    /// `Some(None)`: back to the challenge's channel; `Some(Some(id))`: this channel.
    pub board_channel: Option<Option<u64>>,
    /// New default variant.
    pub default_variant: Option<Variant>,
    /// `Some(None)`: back to the server's Discord locale; `Some(Some(lang))`: this language.
    pub language: Option<Option<Lang>>,
    /// Boards with pictures (`true`) or in text.
    pub pictures: Option<bool>,
    /// New away allowance per rolling [`AWAY_WINDOW`] (whole days).
    pub away_allowance: Option<Duration>,
}

impl SettingsChange {
    /// Whether nothing is to change.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// Checks a duration against a range; `refusal` is the message id saying which setting
/// must be between `$min` and `$max`.
///
/// # Errors
/// [`ServiceError::BadOptions`] outside the range.
pub fn in_range(refusal: &'static str, d: Duration, (min, max): (Duration, Duration)) -> Result<Duration> {
    if d < min || d > max {
        return Err(ServiceError::BadOptions(Text::new(refusal).arg("min", min).arg("max", max)));
    }
    Ok(d)
}

fn from_row(row: SettingsRow) -> GuildSettings {
    GuildSettings {
        turn: Duration::from_secs(u64::try_from(row.turn_seconds).unwrap_or_default()),
        challenge: Duration::from_secs(u64::try_from(row.challenge_seconds).unwrap_or_default()),
        threads: row.threads,
        board_channel: row.board_channel_id.map(discord_id),
        default_variant: row.default_variant.parse().unwrap_or(DEFAULT_VARIANT),
        language: row.language.and_then(|l| l.parse().ok()),
        pictures: row.boards.as_deref() != Some("text"),
        away_allowance: row
            .away_days
            .and_then(|d| u64::try_from(d).ok())
            .map_or(DEFAULT_AWAY, |d| Duration::from_secs(d * 24 * 3600)),
    }
}

fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

pub(crate) async fn load(conn: &mut dyn crate::store::Exec, guild: u64) -> Result<GuildSettings> {
    Ok(settings::get(conn, db_id(guild)).await?.map(from_row).unwrap_or_default())
}

impl Service {
    /// A server's settings (the defaults if never changed).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn settings(&self, guild_id: u64) -> Result<GuildSettings> {
        let mut conn = self.pool.acquire().await?;
        load(&mut conn, guild_id).await
    }

    /// Changes a server's settings. The caller must have checked that `admin`
    /// may manage the server.
    ///
    /// # Errors
    /// A value out of range; internal errors.
    pub async fn update_settings(&self, guild_id: u64, admin: u64, change: &SettingsChange) -> Result<GuildSettings> {
        let turn = change.turn.map(|d| in_range("error-turn-time-range", d, TURN_RANGE)).transpose()?;
        let challenge =
            change.challenge.map(|d| in_range("error-challenge-expiry-range", d, CHALLENGE_RANGE)).transpose()?;
        let away = change.away_allowance.map(|d| in_range("life-error-allowance-range", d, AWAY_RANGE)).transpose()?;
        let mut tx = self.begin_write().await?;
        let mut s = load(&mut tx, guild_id).await?;
        s.away_allowance = away.unwrap_or(s.away_allowance);
        s.turn = turn.unwrap_or(s.turn);
        s.challenge = challenge.unwrap_or(s.challenge);
        s.threads = change.threads.unwrap_or(s.threads);
        s.board_channel = change.board_channel.unwrap_or(s.board_channel);
        s.default_variant = change.default_variant.unwrap_or(s.default_variant);
        s.language = change.language.unwrap_or(s.language);
        s.pictures = change.pictures.unwrap_or(s.pictures);
        let row = SettingsRow {
            turn_seconds: secs(s.turn),
            challenge_seconds: secs(s.challenge),
            threads: s.threads,
            board_channel_id: s.board_channel.map(db_id),
            default_variant: s.default_variant.name().to_owned(),
            language: s.language.map(|l| l.code().to_owned()),
            boards: Some(if s.pictures { "picture" } else { "text" }.to_owned()),
            away_days: Some(secs(s.away_allowance) / (24 * 3600)),
        };
        settings::put(&mut tx, db_id(guild_id), &row, db_id(admin), self.now()).await?;
        let committed = tx.commit().await;
        self.server_looks.changed(guild_id);
        committed?;
        Ok(s)
    }

    /// Whether a server's boards carry pictures (its admins may choose text boards). Kept in
    /// memory once read, with the server's language (see [`ServerLooks`]).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn board_pictures(&self, guild_id: u64) -> Result<bool> {
        Ok(self.server_look(guild_id).await?.pictures)
    }

    /// The language of a server's public messages: the one its admins chose, else its
    /// Discord locale, else English. Kept in memory once read (see [`ServerLooks`]).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn server_lang(&self, guild_id: u64) -> Result<Lang> {
        Ok(self.server_look(guild_id).await?.lang)
    }

    /// How a server's public messages look, from memory or else read once.
    async fn server_look(&self, guild_id: u64) -> Result<ServerLook> {
        if let Some(look) = self.server_looks.get(guild_id) {
            return Ok(look);
        }
        let read = self.server_looks.reading();
        let mut conn = self.pool.acquire().await?;
        let row = settings::look(&mut conn, db_id(guild_id)).await?;
        let lang = row
            .language
            .and_then(|l| l.parse().ok())
            .or_else(|| row.locale.as_deref().and_then(Lang::from_discord))
            .unwrap_or_default();
        let look = ServerLook { lang, pictures: row.boards.as_deref() != Some("text") };
        self.server_looks.keep(guild_id, look, read);
        Ok(look)
    }

    /// Remembers the Discord locale a server reports (on each interaction and when the
    /// gateway announces it), so that messages posted later without an interaction speak
    /// it. Writes only when it changed since this process last saw it: a locale seen
    /// before costs no database round trip.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn note_guild_locale(&self, guild_id: u64, locale: &str) -> Result<()> {
        if self.server_looks.knows_locale(guild_id, locale) {
            return Ok(());
        }
        // A read first: at start-up every server is announced, and most have not changed.
        let stored = settings::look(&mut self.pool.acquire().await?, db_id(guild_id)).await?.locale;
        if stored.as_deref() != Some(locale) {
            let mut tx = self.begin_write().await?;
            settings::note_locale(&mut tx, db_id(guild_id), locale, self.now()).await?;
            let committed = tx.commit().await;
            self.server_looks.changed(guild_id);
            committed?;
        }
        self.server_looks.locale_stored(guild_id, locale);
        Ok(())
    }
}

/// How a server's public messages look: their language, and whether boards carry pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ServerLook {
    /// The language of public messages.
    pub lang: Lang,
    /// Whether boards carry a picture (else they are drawn in text).
    pub pictures: bool,
}

/// At most this many values of one kind (servers' looks, users' settings, away times) are
/// kept; past it, all are forgotten.
const MOST_KEPT: usize = 100_000;

/// How long a server's look read from a database that other processes also write
/// (PostgreSQL) is trusted: their changes are seen this late at most.
const SHARED_FOR: Duration = Duration::from_secs(1);

/// What this process knows of how servers' public messages look (their language, text or
/// picture boards), so that a public message (a board after every move) costs no database
/// read to find its language and whether it carries a picture.
///
/// The database stays the truth. A server's look is kept once read, and forgotten when
/// this process changes it (an admin's setting, such as `/engarde-admin config boards:`,
/// a new Discord locale), once the change is committed; a read that a change overtook is
/// not kept (every change counts, as in the matches kept in memory). On SQLite this
/// process is the database's only writer, so what is kept is exact; on PostgreSQL other
/// processes may change a server's settings unseen, and a kept look is trusted for
/// [`SHARED_FOR`] only.
#[derive(Debug)]
pub(crate) struct ServerLooks {
    looks: Kept<u64, ServerLook>,
    /// The Discord locale each server last reported, as stored from this process.
    locales: Mutex<HashMap<u64, String>>,
}

/// Values read from the database and kept in memory by key (a server's look, a user's
/// settings, a user's away time in a server), under the rules of [`ServerLooks`]: forgotten
/// on a change made here, not kept when a change overtook the read, trusted for
/// [`SHARED_FOR`] only on a shared database.
#[derive(Debug)]
pub(crate) struct Kept<K, V> {
    inner: Mutex<KeptInner<K, V>>,
    /// Whether other processes write the database too (PostgreSQL).
    shared: bool,
}

#[derive(Debug)]
struct KeptInner<K, V> {
    /// Each value, and when it was read.
    values: HashMap<K, (V, Instant)>,
    /// Changes made so far (a read keeps what it found only if none was made meanwhile).
    changes: u64,
}

impl<K, V> Default for KeptInner<K, V> {
    fn default() -> Self {
        KeptInner { values: HashMap::new(), changes: 0 }
    }
}

/// A read from the database, begun (see [`Kept::reading`]).
#[must_use]
pub(crate) struct LookRead {
    changes: u64,
}

impl<K: Copy + Eq + std::hash::Hash, V: Clone> Kept<K, V> {
    /// Values for one process that sees every write (SQLite: `shared` false), or for one of
    /// several processes writing the same database (PostgreSQL: `shared` true).
    pub fn new(shared: bool) -> Kept<K, V> {
        Kept { inner: Mutex::new(KeptInner::default()), shared }
    }

    fn lock(&self) -> MutexGuard<'_, KeptInner<K, V>> {
        // Every change under this lock is complete before any call that could panic.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A value, if kept (and, on a shared database, recent enough).
    pub fn get(&self, id: K) -> Option<V> {
        let inner = self.lock();
        let (value, read_at) = inner.values.get(&id)?;
        (!self.shared || read_at.elapsed() < SHARED_FOR).then(|| value.clone())
    }

    /// Notes a read from the database beginning: call it before the read.
    pub fn reading(&self) -> LookRead {
        LookRead { changes: self.lock().changes }
    }

    /// Keeps what `read` found, unless a change was made since it began.
    pub fn keep(&self, id: K, value: V, read: LookRead) {
        let mut inner = self.lock();
        if inner.changes != read.changes {
            return;
        }
        if inner.values.len() >= MOST_KEPT {
            inner.values.clear();
        }
        inner.values.insert(id, (value, Instant::now()));
    }

    /// Forgets a value: call it once a change of it is committed (or failed).
    pub fn changed(&self, id: K) {
        let mut inner = self.lock();
        inner.changes += 1;
        inner.values.remove(&id);
    }
}

impl ServerLooks {
    /// Looks for one process that sees every write (SQLite: `shared` false), or for one
    /// of several processes writing the same database (PostgreSQL: `shared` true).
    pub fn new(shared: bool) -> ServerLooks {
        ServerLooks { looks: Kept::new(shared), locales: Mutex::default() }
    }

    /// A server's look, if kept (and, on a shared database, recent enough).
    pub fn get(&self, guild: u64) -> Option<ServerLook> {
        self.looks.get(guild)
    }

    /// Notes a read from the database beginning: call it before the read.
    pub fn reading(&self) -> LookRead {
        self.looks.reading()
    }

    /// Keeps what `read` found, unless a change was made since it began.
    pub fn keep(&self, guild: u64, look: ServerLook, read: LookRead) {
        self.looks.keep(guild, look, read);
    }

    /// Forgets a server's look: call it once a change of it is committed (or failed).
    pub fn changed(&self, guild: u64) {
        self.looks.changed(guild);
    }

    fn locales(&self) -> MutexGuard<'_, HashMap<u64, String>> {
        self.locales.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `locale` is the Discord locale this process last stored for the server.
    pub fn knows_locale(&self, guild: u64, locale: &str) -> bool {
        self.locales().get(&guild).is_some_and(|l| l == locale)
    }

    /// Remembers the Discord locale the database holds for a server.
    pub fn locale_stored(&self, guild: u64, locale: &str) {
        let mut locales = self.locales();
        if locales.len() >= MOST_KEPT {
            locales.clear();
        }
        locales.insert(guild, locale.to_owned());
    }
}
