//! Quiet hours: a daily span of local time, in a user's IANA time zone, when boards name
//! them without notifying them and reminders wait. Computed from the time zone's rules at
//! each instant, so a daylight-saving change moves the hours with the wall clock.

use std::fmt;

use chrono::{Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike};
use chrono_tz::Tz;

/// Minutes in a day.
const DAY: u32 = 24 * 60;

/// A daily span of wall-clock time (`start` included, `end` excluded; it may run past
/// midnight, e.g. 22:00-08:00).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietSpan {
    /// Minutes after local midnight when the hours begin.
    start: u32,
    /// Minutes after local midnight when they end.
    end: u32,
}

impl QuietSpan {
    /// Reads `HH:MM-HH:MM`.
    ///
    /// # Errors
    /// [`QuietError`] for text that is not two times, or the same time twice.
    pub fn parse(span: &str) -> Result<QuietSpan, QuietError> {
        let (start, end) = span.split_once('-').ok_or(QuietError::Unreadable)?;
        let (start, end) =
            (parse_time(start).ok_or(QuietError::Unreadable)?, parse_time(end).ok_or(QuietError::Unreadable)?);
        if start == end {
            return Err(QuietError::Empty);
        }
        Ok(QuietSpan { start, end })
    }

    /// The span as stored and shown, `HH:MM-HH:MM`.
    #[must_use]
    pub fn text(&self) -> String {
        format!("{:02}:{:02}-{:02}:{:02}", self.start / 60, self.start % 60, self.end / 60, self.end % 60)
    }

    /// The span on the wall clocks of `tz`.
    #[must_use]
    pub fn in_zone(self, tz: Tz) -> QuietHours {
        QuietHours { start: self.start, end: self.end, tz }
    }
}

/// A [`QuietSpan`] on the wall clocks of a time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietHours {
    /// Minutes after local midnight when the hours begin.
    start: u32,
    /// Minutes after local midnight when they end.
    end: u32,
    /// Where the wall clock is read.
    tz: Tz,
}

/// Why quiet hours could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietError {
    /// Not `HH:MM-HH:MM`.
    Unreadable,
    /// Start and end are the same time.
    Empty,
}

/// Reads a time zone by its IANA name (any case).
#[must_use]
pub fn parse_timezone(name: &str) -> Option<Tz> {
    let name = name.trim();
    name.parse().ok().or_else(|| chrono_tz::TZ_VARIANTS.iter().copied().find(|tz| tz.name().eq_ignore_ascii_case(name)))
}

/// Reads `HH:MM` (or `H`, `HH`, `H:MM`) as minutes after midnight.
fn parse_time(text: &str) -> Option<u32> {
    let (h, m) = match text.trim().split_once(':') {
        Some((h, m)) => (h.trim(), m.trim()),
        None => (text.trim(), "0"),
    };
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

impl QuietHours {
    /// Reads `HH:MM-HH:MM` in `tz` (see [`QuietSpan::parse`]).
    ///
    /// # Errors
    /// As [`QuietSpan::parse`].
    pub fn parse(span: &str, tz: Tz) -> Result<QuietHours, QuietError> {
        Ok(QuietSpan::parse(span)?.in_zone(tz))
    }

    /// The span, without its time zone.
    #[must_use]
    pub fn span(&self) -> QuietSpan {
        QuietSpan { start: self.start, end: self.end }
    }

    /// The time zone.
    #[must_use]
    pub fn tz(&self) -> Tz {
        self.tz
    }

    /// If `at` (unix seconds) falls in the quiet hours, the moment they end (unix
    /// seconds); `None` outside them.
    #[must_use]
    pub fn until(&self, at: i64) -> Option<i64> {
        let local = self.tz.timestamp_opt(at, 0).single()?.naive_local();
        let minute = local.hour() * 60 + local.minute();
        let date = local.date();
        let end_date = if self.start < self.end {
            (self.start..self.end).contains(&minute).then_some(date)?
        } else if minute >= self.start {
            date.succ_opt()?
        } else if minute < self.end {
            date
        } else {
            return None;
        };
        Some(self.instant(end_date, self.end))
    }

    /// The first instant the wall clock shows `minute` on `date` or later: a time skipped by
    /// a change to summer time is reached when the clocks jump; a time shown twice is its
    /// first showing.
    fn instant(&self, date: NaiveDate, minute: u32) -> i64 {
        let mut local = NaiveDateTime::new(date, NaiveTime::MIN) + Duration::minutes(i64::from(minute % DAY));
        // Gaps last at most a few hours: step out of them a minute at a time.
        for _ in 0..(DAY * 2) {
            match self.tz.from_local_datetime(&local) {
                LocalResult::Single(t) => return t.timestamp(),
                LocalResult::Ambiguous(first, _) => return first.timestamp(),
                LocalResult::None => local += Duration::minutes(1),
            }
        }
        local.and_utc().timestamp()
    }
}

impl fmt::Display for QuietHours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.span().text(), self.tz.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
        chrono::Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap().timestamp()
    }

    #[test]
    fn spans_read_and_refuse() {
        let paris = parse_timezone("europe/paris").unwrap();
        assert_eq!(paris, chrono_tz::Europe::Paris);
        assert_eq!(QuietHours::parse("22:00-08:00", paris).unwrap().span().text(), "22:00-08:00");
        assert_eq!(QuietHours::parse(" 7 - 9:30 ", paris).unwrap().span().text(), "07:00-09:30");
        assert_eq!(QuietHours::parse("22:00", paris), Err(QuietError::Unreadable));
        assert_eq!(QuietHours::parse("25:00-08:00", paris), Err(QuietError::Unreadable));
        assert_eq!(QuietHours::parse("08:00-08:00", paris), Err(QuietError::Empty));
        assert!(parse_timezone("Mars/Olympus").is_none());
    }

    #[test]
    fn nights_end_at_the_local_morning_across_daylight_saving() {
        let q = QuietHours::parse("22:00-08:00", chrono_tz::Europe::Paris).unwrap();
        // Winter (UTC+1): 23:30 local is 22:30 UTC; the night ends at 07:00 UTC.
        assert_eq!(q.until(utc(2026, 1, 10, 22, 30)), Some(utc(2026, 1, 11, 7, 0)));
        assert_eq!(q.until(utc(2026, 1, 11, 7, 0)), None, "08:00 local is no longer quiet");
        assert_eq!(q.until(utc(2026, 1, 11, 20, 59)), None);
        // The night of the change to summer time (29 March 2026): 08:00 local is 06:00 UTC.
        assert_eq!(q.until(utc(2026, 3, 28, 21, 0)), Some(utc(2026, 3, 29, 6, 0)));
        assert_eq!(q.until(utc(2026, 3, 29, 6, 30)), None);
        // Back to winter time (25 October 2026): 08:00 local is 07:00 UTC again.
        assert_eq!(q.until(utc(2026, 10, 24, 21, 0)), Some(utc(2026, 10, 25, 7, 0)));
        assert_eq!(q.until(utc(2026, 10, 25, 6, 30)), Some(utc(2026, 10, 25, 7, 0)));
    }

    #[test]
    fn an_end_skipped_by_the_clocks_is_reached_when_they_jump() {
        // 02:30 does not exist in Paris on 29 March 2026: the hours end at 03:00 local.
        let q = QuietHours::parse("01:00-02:30", chrono_tz::Europe::Paris).unwrap();
        assert_eq!(q.until(utc(2026, 3, 29, 0, 30)), Some(utc(2026, 3, 29, 1, 0)));
    }
}
