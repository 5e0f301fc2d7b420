//! Snowflake identifiers, their generator, and timestamp formatting.

use std::collections::hash_map::RandomState;
use std::fmt::{self, Write as _};
use std::hash::{BuildHasher, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds between the Unix epoch and the Discord epoch (2015-01-01T00:00:00Z).
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

macro_rules! snowflake_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u64);

        impl $name {
            /// The raw snowflake.
            pub fn get(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl From<u64> for $name {
            fn from(value: u64) -> Self {
                Self(value)
            }
        }

        impl From<$name> for u64 {
            fn from(value: $name) -> u64 {
                value.0
            }
        }
    };
}

snowflake_type!(
    /// A guild (server) id.
    GuildId
);
snowflake_type!(
    /// A channel id (text channel, thread or DM channel).
    ChannelId
);
snowflake_type!(
    /// A user id (humans and bots alike).
    UserId
);
snowflake_type!(
    /// A message id.
    MessageId
);

/// Generates realistic, strictly increasing snowflakes: the upper bits hold the
/// milliseconds since the Discord epoch, like real ids.
#[derive(Debug)]
pub(crate) struct SnowflakeGen {
    last: u64,
}

impl SnowflakeGen {
    pub(crate) fn new() -> Self {
        Self { last: 0 }
    }

    /// A fresh id, greater than every id handed out before.
    pub(crate) fn next(&mut self) -> u64 {
        let candidate = (now_ms().saturating_sub(DISCORD_EPOCH_MS)) << 22;
        self.last = candidate.max(self.last + 1);
        self.last
    }
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(DISCORD_EPOCH_MS)
}

/// The creation time of a snowflake, as an ISO 8601 timestamp like Discord's.
pub(crate) fn snowflake_timestamp(id: u64) -> String {
    iso8601((id >> 22) + DISCORD_EPOCH_MS)
}

/// The current time as an ISO 8601 timestamp (`2025-01-31T12:34:56.789000+00:00`).
pub(crate) fn now_iso() -> String {
    iso8601(now_ms())
}

/// Formats Unix milliseconds the way Discord does.
pub(crate) fn iso8601(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let millis = unix_ms % 1000;
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}000+00:00",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// A random hex string of `len` characters (not cryptographic; unique enough for tokens).
pub(crate) fn random_hex(len: usize) -> String {
    let mut out = String::with_capacity(len);
    while out.len() < len {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u64(now_ms());
        hasher.write_usize(out.len());
        let _ = write!(out, "{:016x}", hasher.finish());
    }
    out.truncate(len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_dates() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00.000000+00:00");
        assert_eq!(iso8601(DISCORD_EPOCH_MS + 1_234), "2015-01-01T00:00:01.234000+00:00");
        assert_eq!(iso8601(1_709_208_000_000), "2024-02-29T12:00:00.000000+00:00");
    }

    #[test]
    fn snowflakes_increase() {
        let mut gen = SnowflakeGen::new();
        let a = gen.next();
        let b = gen.next();
        assert!(b > a);
        assert!(a > 1_000_000_000_000_000_000 / 10);
    }
}
