//! Where the service reads the time. Deadlines depend on it, so tests move it
//! by hand instead of sleeping.

use std::path::PathBuf;

/// The current time, in unix seconds.
pub trait Clock: Send + Sync + 'static {
    /// Now, in unix seconds.
    fn now(&self) -> i64;
}

/// The system clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
    }
}

/// A clock read from a file holding unix seconds, for end-to-end tests that
/// move time forward while the bot runs (setting `TEST_CLOCK_FILE`). If the
/// file cannot be read, the system clock answers.
pub struct FileClock(pub PathBuf);

impl Clock for FileClock {
    fn now(&self) -> i64 {
        match std::fs::read_to_string(&self.0).ok().and_then(|t| t.trim().parse().ok()) {
            Some(t) => t,
            None => {
                tracing::warn!(path = %self.0.display(), "TEST_CLOCK_FILE unreadable; using the system clock");
                SystemClock.now()
            }
        }
    }
}
