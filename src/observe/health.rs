//! Whether this process is alive and ready: every gateway shard it runs connected, and its
//! database answering (read by `/readyz`, and by the Discord adapter, which answers clicks
//! "try again in a moment" at once while the database is away rather than letting them
//! wait for it).

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::store::Unavailable;

/// How long the database may go without answering a probe before the process is not
/// ready (the prober asks every [`PROBE_EVERY`]).
pub const DATABASE_SILENT_FOR: Duration = Duration::from_secs(5);
/// How often the database is probed while it answers.
pub const PROBE_EVERY: Duration = Duration::from_secs(1);
/// How often the database is probed while it is away, so that play resumes soon after it
/// is back.
pub const PROBE_EVERY_WHILE_AWAY: Duration = Duration::from_millis(250);
/// How long a probe may take before it counts as unanswered.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// A gateway shard as last seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShardState {
    /// Whether it is connected (its session ready or resumed).
    pub connected: bool,
    /// The time between its last heartbeat and its acknowledgement, once known.
    pub latency: Option<Duration>,
}

#[derive(Debug, Default)]
struct Database {
    /// When a probe or a use case last had an answer.
    answered: Option<Instant>,
    /// Why the database is away, since the last failure not followed by an answer: it
    /// did not answer, or (`writes`) it answers but refuses to write.
    failing: Option<String>,
    /// The last failure was a refusal to write (full disk, read-only): a read answering
    /// does not end it, only a write that succeeds (see [`Health::writes_failing`]).
    writes: bool,
}

/// What the process knows of its own health; one per process ([`health`]).
#[derive(Debug, Default)]
pub struct Health {
    shards: Mutex<BTreeMap<u32, ShardState>>,
    database: Mutex<Database>,
}

/// The process's health.
pub fn health() -> &'static Health {
    static HEALTH: OnceLock<Health> = OnceLock::new();
    HEALTH.get_or_init(Health::default)
}

impl Health {
    fn database(&self) -> std::sync::MutexGuard<'_, Database> {
        self.database.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn shards_now(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, ShardState>> {
        self.shards.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes what the shard manager says of shard `id`. A shard once seen is expected from
    /// then on: a shard whose runner is being restarted is not connected.
    pub fn shard_seen(&self, id: u32, state: ShardState) {
        self.shards_now().insert(id, state);
    }

    /// Notes that shard `id` is not connected (its runner gone, being restarted).
    pub fn shard_gone(&self, id: u32) {
        if let Some(shard) = self.shards_now().get_mut(&id) {
            shard.connected = false;
            shard.latency = None;
        }
    }

    /// Every shard seen so far, by id.
    pub fn shards(&self) -> BTreeMap<u32, ShardState> {
        self.shards_now().clone()
    }

    /// Notes that the database answered a read (a probe).
    pub fn database_answered(&self) {
        let mut db = self.database();
        db.answered = Some(Instant::now());
        if !db.writes {
            db.failing = None;
        }
    }

    /// Notes that the database took a write: whatever kept it from writing is over.
    pub fn database_wrote(&self) {
        let mut db = self.database();
        db.answered = Some(Instant::now());
        db.failing = None;
        db.writes = false;
    }

    /// Notes that the database failed as `how` says, for `why` (logged detail, no secret:
    /// sqlx's errors name no password).
    pub fn database_failed(&self, how: Unavailable, why: &str) {
        let mut db = self.database();
        db.failing = Some(why.chars().take(200).collect());
        db.writes |= how == Unavailable::NoWrites;
    }

    /// Whether the last failure was a refusal to write, not yet followed by a write that
    /// succeeded: the prober then tries a write.
    pub fn writes_failing(&self) -> bool {
        self.database().writes
    }

    /// Why the database is away now, if it is: it failed and has not answered since, or no
    /// probe had an answer for [`DATABASE_SILENT_FOR`]. `None` before the first probe.
    pub fn database_away(&self) -> Option<String> {
        let db = self.database();
        if let Some(why) = &db.failing {
            return Some(why.clone());
        }
        match db.answered {
            Some(at) if at.elapsed() > DATABASE_SILENT_FOR => {
                Some(format!("no answer for {} s", at.elapsed().as_secs()))
            }
            _ => None,
        }
    }

    /// Whether the process is ready, else why not (one line): every shard seen connected,
    /// the database answering.
    ///
    /// # Errors
    /// The first reason it is not ready.
    pub fn readiness(&self) -> Result<(), String> {
        let shards = self.shards();
        if shards.is_empty() {
            return Err("no gateway shard has started yet".to_owned());
        }
        if let Some((id, _)) = shards.iter().find(|(_, s)| !s.connected) {
            return Err(format!("gateway shard {id} is not connected"));
        }
        let db = self.database();
        if db.answered.is_none() && db.failing.is_none() {
            return Err("the database has not answered yet".to_owned());
        }
        drop(db);
        match self.database_away() {
            Some(why) => Err(format!("the database is away: {why}")),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_only_with_every_shard_connected_and_the_database_answering() {
        let h = Health::default();
        assert_eq!(h.readiness(), Err("no gateway shard has started yet".to_owned()));
        h.shard_seen(0, ShardState { connected: true, latency: None });
        h.shard_seen(1, ShardState { connected: false, latency: None });
        assert_eq!(h.readiness(), Err("gateway shard 1 is not connected".to_owned()));
        h.shard_seen(1, ShardState { connected: true, latency: Some(Duration::from_millis(40)) });
        assert_eq!(h.readiness(), Err("the database has not answered yet".to_owned()));
        h.database_answered();
        assert_eq!(h.readiness(), Ok(()));
        h.shard_gone(0);
        assert_eq!(h.readiness(), Err("gateway shard 0 is not connected".to_owned()));
        h.shard_seen(0, ShardState { connected: true, latency: None });

        // Away: a read answering ends a lost connection, not a refusal to write.
        h.database_failed(Unavailable::Unreachable, "connection refused");
        assert_eq!(h.readiness(), Err("the database is away: connection refused".to_owned()));
        h.database_answered();
        assert_eq!(h.database_away(), None);
        h.database_failed(Unavailable::NoWrites, "database or disk is full");
        h.database_answered();
        assert!(h.writes_failing());
        assert_eq!(h.database_away().as_deref(), Some("database or disk is full"));
        h.database_wrote();
        assert!(!h.writes_failing());
        assert_eq!(h.readiness(), Ok(()));
    }
}
