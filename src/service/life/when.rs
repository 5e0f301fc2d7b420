//! When away time ends, as a player types it: a duration (`3d`, `36h`, `1week 2days`), a
//! date (`2026-12-24`: back at the start of that day), or a date and time
//! (`2026-12-24T18:00`, `2026-12-24 18:00`, or with an offset, `2026-12-24T18:00:00+01:00`).
//! Dates and times without an offset are read on the wall clocks of the player's time zone.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;

/// The forms of a local date and time accepted.
const LOCAL_FORMATS: [&str; 4] = ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M"];

/// The moment (unix seconds) `text` names, read at `now` in `tz`; `None` if unreadable.
#[must_use]
pub fn parse_until(text: &str, now: i64, tz: Tz) -> Option<i64> {
    let text = text.trim();
    if let Ok(d) = humantime::parse_duration(text) {
        return now.checked_add(i64::try_from(d.as_secs()).ok()?);
    }
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Some(t.timestamp());
    }
    let local = LOCAL_FORMATS
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .or_else(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().map(|d| NaiveDateTime::new(d, NaiveTime::MIN)))?;
    // A time the clocks skip is read as the moment they jump (an hour later at most).
    tz.from_local_datetime(&local)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(local + chrono::Duration::hours(1))).earliest())
        .map(|t| t.timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_248_000; // 2026-11-21 08:00 UTC

    #[test]
    fn durations_dates_and_times_are_read() {
        let paris = chrono_tz::Europe::Paris;
        assert_eq!(parse_until("3d", NOW, paris), Some(NOW + 3 * 86_400));
        assert_eq!(parse_until(" 36h ", NOW, paris), Some(NOW + 36 * 3600));
        // Midnight in Paris (UTC+1 in December) is 23:00 UTC the day before.
        let christmas_eve = chrono::Utc.with_ymd_and_hms(2026, 12, 23, 23, 0, 0).unwrap().timestamp();
        assert_eq!(parse_until("2026-12-24", NOW, paris), Some(christmas_eve));
        assert_eq!(parse_until("2026-12-24T18:00", NOW, paris), Some(christmas_eve + 18 * 3600));
        assert_eq!(parse_until("2026-12-24 18:00", NOW, chrono_tz::UTC), Some(christmas_eve + 19 * 3600));
        assert_eq!(parse_until("2026-12-24T18:00:00Z", NOW, paris), Some(christmas_eve + 19 * 3600));
        assert_eq!(parse_until("soon", NOW, paris), None);
        assert_eq!(parse_until("2026-13-40", NOW, paris), None);
    }
}
