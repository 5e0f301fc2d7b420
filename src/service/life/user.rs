//! Per-user settings: language, quiet hours with their time zone, and digests. The same
//! in every server; a user who never chose has the defaults (the Discord client's
//! language, no quiet hours, digests on).

use chrono_tz::Tz;

use super::super::{Result, Service};
use super::quiet::{parse_timezone, QuietHours, QuietSpan};
use crate::i18n::Lang;
use crate::store::life::{self, UserSettingsRow};
use crate::store::{db_id, Exec};

/// A user's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserSettings {
    /// The language the bot speaks to them; `None`: their Discord client's.
    pub language: Option<Lang>,
    /// Their quiet hours, if any.
    pub quiet: Option<QuietHours>,
    /// Their time zone (UTC until they choose one).
    pub timezone: Tz,
    /// Whether their reminders of several matches in a server come as one digest; when
    /// off, each match is reminded on its own, in its own thread, when its own reminder
    /// is due (never grouped, never early).
    pub digest: bool,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings { language: None, quiet: None, timezone: Tz::UTC, digest: true }
    }
}

/// Changes a user asked for; `None` keeps the current value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserSettingsChange {
    /// `Some(None)`: back to the client's language.
    pub language: Option<Option<Lang>>,
    /// `Some(None)`: no quiet hours; `Some(Some(span))`: these, in the user's time zone.
    pub quiet_hours: Option<Option<QuietSpan>>,
    /// A new time zone.
    pub timezone: Option<Tz>,
    /// Digests on or off.
    pub digest: Option<bool>,
}

fn from_row(row: UserSettingsRow) -> UserSettings {
    let timezone = row.timezone.as_deref().and_then(parse_timezone).unwrap_or(Tz::UTC);
    UserSettings {
        language: row.language.and_then(|l| l.parse().ok()),
        quiet: row.quiet_hours.and_then(|q| QuietHours::parse(&q, timezone).ok()),
        timezone,
        digest: row.digest,
    }
}

/// A user's settings as stored (the defaults if they never chose).
///
/// # Errors
/// Database errors.
pub(crate) async fn load_user(conn: &mut dyn Exec, user: i64) -> sqlx::Result<UserSettings> {
    Ok(life::user_settings(conn, user).await?.map(from_row).unwrap_or_default())
}

impl Service {
    /// A user's settings, kept in memory once read, as servers' looks are
    /// ([`super::super::settings::Kept`]): a board after every move reads its players' quiet
    /// hours, and every interaction the clicking user's language.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn user_settings(&self, user_id: u64) -> Result<UserSettings> {
        if let Some(settings) = self.users.get(user_id) {
            return Ok(settings);
        }
        let read = self.users.reading();
        let mut conn = self.pool.acquire().await?;
        let settings = load_user(&mut conn, db_id(user_id)).await?;
        self.users.keep(user_id, settings.clone(), read);
        Ok(settings)
    }

    /// The language a user chose, if any (else the caller uses their client's).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn user_lang(&self, user_id: u64) -> Result<Option<Lang>> {
        Ok(self.user_settings(user_id).await?.language)
    }

    /// Changes a user's settings; the settings then.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn update_user_settings(&self, user_id: u64, change: &UserSettingsChange) -> Result<UserSettings> {
        let mut tx = self.begin_write().await?;
        let mut s = load_user(&mut tx, db_id(user_id)).await?;
        s.timezone = change.timezone.unwrap_or(s.timezone);
        let span = match change.quiet_hours {
            Some(span) => span,
            None => s.quiet.map(|q| q.span()),
        };
        // A new time zone applies to the hours already chosen.
        s.quiet = span.map(|span| span.in_zone(s.timezone));
        s.language = change.language.unwrap_or(s.language);
        s.digest = change.digest.unwrap_or(s.digest);
        let row = UserSettingsRow {
            language: s.language.map(|l| l.code().to_owned()),
            quiet_hours: s.quiet.map(|q| q.span().text()),
            timezone: Some(s.timezone.name().to_owned()),
            digest: s.digest,
        };
        life::put_user_settings(&mut tx, db_id(user_id), &row, self.now()).await?;
        let committed = tx.commit().await;
        self.users.changed(user_id);
        committed?;
        Ok(s)
    }
}
