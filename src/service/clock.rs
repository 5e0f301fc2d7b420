//! Where the service reads the time. Deadlines depend on it, so tests move it
//! by hand instead of sleeping.

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};

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

/// A clock read from a file holding unix seconds, for end-to-end tests that move time
/// forward while the bot runs (setting `TEST_CLOCK_FILE`). A read that finds the file
/// missing, empty or not a number (a test rewriting it) means "time has not moved": the
/// last time read answers, never the system clock.
pub struct FileClock {
    path: PathBuf,
    last: AtomicI64,
}

impl FileClock {
    /// A clock on `path`, which must hold a time now.
    ///
    /// # Errors
    /// The file cannot be read or does not hold unix seconds.
    pub fn new(path: PathBuf) -> Result<FileClock, String> {
        let now =
            read(&path).ok_or_else(|| format!("TEST_CLOCK_FILE {} does not hold unix seconds", path.display()))?;
        Ok(FileClock { path, last: AtomicI64::new(now) })
    }
}

fn read(path: &std::path::Path) -> Option<i64> {
    std::fs::read_to_string(path).ok().and_then(|t| t.trim().parse().ok())
}

impl Clock for FileClock {
    fn now(&self) -> i64 {
        match read(&self.path) {
            Some(t) => {
                self.last.store(t, Ordering::Relaxed);
                t
            }
            None => self.last.load(Ordering::Relaxed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_clock_file_means_time_has_not_moved() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("clock");
        assert!(FileClock::new(path.clone()).is_err(), "no file, no clock");
        std::fs::write(&path, "1795248000").unwrap();
        let clock = FileClock::new(path.clone()).unwrap();
        assert_eq!(clock.now(), 1_795_248_000);
        std::fs::write(&path, "1795251600\n").unwrap();
        assert_eq!(clock.now(), 1_795_251_600);
        // Caught halfway through a rewrite: empty, then missing, then garbage.
        std::fs::write(&path, "").unwrap();
        assert_eq!(clock.now(), 1_795_251_600);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(clock.now(), 1_795_251_600);
        std::fs::write(&path, "17952").unwrap();
        assert_eq!(clock.now(), 17_952, "a number is a time, however odd");
        std::fs::write(&path, "soon").unwrap();
        assert_eq!(clock.now(), 17_952);
    }
}
