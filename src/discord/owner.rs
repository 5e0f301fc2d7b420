//! Which process publishes a match's boards: the one whose shards hold the match's server
//! (`shard = (guild_id >> 22) % shard_count`), through a lease per shard in the database
//! that it renews while it lives. A shard whose lease lapsed (its process died for good, or
//! never started) is taken over by another process, which publishes its boards until the
//! shard's own process takes it back, as it does at once when it starts. One process on its
//! own (every shard, or SQLite) holds one lease for everything. See `docs/reliability.md`,
//! "Publishing boards".

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};
use std::time::{Duration, Instant};

use tracing::{info, warn};

use crate::config::Shards;
use crate::service::{Clock, Service};

/// How long a lease lasts without renewal, in seconds of the wall clock (not the service's
/// clock, which tests move: a lease is about a process being alive).
pub(crate) const LEASE_SECONDS: i64 = 30;
/// How often a process renews its leases and looks for lapsed ones.
const RENEW_EVERY: Duration = Duration::from_secs(10);
/// How long after its start a process waits before taking over shards nobody holds, so
/// that processes started together each take their own first.
const TAKE_OVER_AFTER: Duration = Duration::from_secs(30);

/// This process as a publisher.
struct Owner {
    /// This process's id in the leases, drawn at its start.
    holder: String,
    /// The shard count every process shares.
    count: u32,
    /// The shards this process runs.
    own: Vec<u32>,
    /// The shards it holds now: its own, and any it took over.
    held: RwLock<BTreeSet<u32>>,
    /// Bumped whenever it takes a shard over: what it knew of those matches' boards is
    /// stale (see `publish::known`).
    epoch: AtomicU64,
    started: Instant,
}

static OWNER: OnceLock<Owner> = OnceLock::new();

/// The shard of server `guild` among `count`.
#[must_use]
pub(crate) fn shard_of(guild: u64, count: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(count.max(1))).unwrap_or(0)
}

/// Sets this process up as the publisher of `shards` (once, at start-up): one lease for
/// everything when it runs every shard.
pub(crate) fn init(shards: Shards) {
    let (count, own) = match shards {
        Shards::Recommended => (1, vec![0]),
        Shards::Range { first, last, count } => (count, (first..=last).collect()),
    };
    let holder = format!("{}-{:x}", std::process::id(), rand::random::<u64>());
    let held = RwLock::new(own.iter().copied().collect());
    let _ = OWNER.set(Owner { holder, count, own, held, epoch: AtomicU64::new(0), started: Instant::now() });
}

/// Whether this process publishes the boards of server `guild` (always, until [`init`]).
#[must_use]
pub(crate) fn owns(guild: u64) -> bool {
    OWNER
        .get()
        .is_none_or(|o| o.held.read().unwrap_or_else(PoisonError::into_inner).contains(&shard_of(guild, o.count)))
}

/// Bumped whenever this process takes a shard over.
#[must_use]
pub(crate) fn epoch() -> u64 {
    OWNER.get().map_or(0, |o| o.epoch.load(Ordering::Relaxed))
}

/// Takes this process's own shards (at once, whoever held them: at start-up and at each
/// renewal), then every shard whose lease lapsed; notes what it holds.
pub(crate) async fn renew(service: &Service) {
    let Some(o) = OWNER.get() else { return };
    let now = wall_clock();
    if let Err(e) = service.take_leases(o.count, &o.own, &o.holder, now + LEASE_SECONDS).await {
        return warn!(error = ?e, "could not renew this process's publishing leases");
    }
    let mut held: BTreeSet<u32> = o.own.iter().copied().collect();
    let taking_over = o.started.elapsed() >= TAKE_OVER_AFTER;
    for shard in (0..o.count).filter(|s| !o.own.contains(s)) {
        let took = if taking_over {
            service.take_over_lease(o.count, shard, &o.holder, now, now + LEASE_SECONDS).await
        } else {
            Ok(false)
        };
        match took {
            Ok(true) => {
                held.insert(shard);
            }
            Ok(false) => {}
            Err(e) => warn!(error = ?e, shard, "could not take over a shard's publishing lease"),
        }
    }
    note_held(o, held);
}

/// Checks the shards this process took over are still its (their own process may have come
/// back): before it publishes their boards.
pub(crate) async fn recheck(service: &Service) {
    let Some(o) = OWNER.get() else { return };
    let before = o.held.read().unwrap_or_else(PoisonError::into_inner).clone();
    if before.iter().all(|s| o.own.contains(s)) {
        return;
    }
    match service.leases_held(o.count, &o.holder, wall_clock()).await {
        Ok(held) => note_held(o, held.into_iter().chain(o.own.iter().copied()).collect()),
        Err(e) => warn!(error = ?e, "could not read this process's publishing leases"),
    }
}

/// Unix seconds of the wall clock.
fn wall_clock() -> i64 {
    crate::service::SystemClock.now()
}

fn note_held(o: &Owner, held: BTreeSet<u32>) {
    let mut now = o.held.write().unwrap_or_else(PoisonError::into_inner);
    let gained: Vec<u32> = held.difference(&now).copied().collect();
    let lost: Vec<u32> = now.difference(&held).copied().collect();
    if !gained.is_empty() {
        o.epoch.fetch_add(1, Ordering::Relaxed);
        info!(shards = ?gained, "took over the boards of shards whose process is gone");
    }
    if !lost.is_empty() {
        info!(shards = ?lost, "handed the boards of shards back to their process");
    }
    *now = held;
}

/// Takes the leases at once, then renews them every few seconds, forever.
pub(crate) async fn keep(service: Service) {
    loop {
        renew(&service).await;
        tokio::time::sleep(RENEW_EVERY).await;
    }
}

/// Hands back every lease this process holds (it is stopping): another process may take its
/// shards' boards over at once. This process publishes nothing more.
pub(crate) async fn release(service: &Service) {
    let Some(o) = OWNER.get() else { return };
    o.held.write().unwrap_or_else(PoisonError::into_inner).clear();
    if let Err(e) = service.release_leases(&o.holder).await {
        warn!(error = ?e, "could not hand back this process's publishing leases");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_belongs_to_the_shard_discord_sends_it_to() {
        // Discord's formula: (guild_id >> 22) % shard_count.
        assert_eq!(shard_of(41_771_983_423_143_937, 1), 0);
        assert_eq!(shard_of(41_771_983_423_143_937, 2), (41_771_983_423_143_937u64 >> 22) as u32 % 2);
        assert_eq!(shard_of(3 << 22, 2), 1);
        assert_eq!(shard_of(4 << 22, 2), 0);
        assert_eq!(shard_of(5 << 22, 0), 0, "a count of 0 is read as 1");
    }
}
