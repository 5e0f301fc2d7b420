//! Finished matches keep their record, not a row per action: a week after a match ends,
//! the scheduler folds its action log into one row (`store::matches::fold_log`), a few
//! matches a pass. Its record reads and replays the same afterwards.

use super::{Result, Service};
use crate::store::matches;

/// How long an ended match keeps a row per action (and so the interaction ids that make a
/// click delivered twice apply once).
pub const FOLD_AFTER: i64 = 7 * 86_400;

/// Matches folded per scheduler pass, in one write transaction (each is a read, an insert
/// and a delete of its rows): short, so that moves never wait long behind it.
const FOLD_BATCH: i64 = 50;

impl Service {
    /// Folds the action logs of up to a few matches that ended over [`FOLD_AFTER`] ago;
    /// how many were folded. Nothing to fold costs one indexed read and no write lock.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn fold_logs(&self) -> Result<usize> {
        let before = self.now() - FOLD_AFTER;
        let due = matches::to_fold(&mut self.pool.acquire().await?, before, FOLD_BATCH).await?;
        if due.is_empty() {
            return Ok(0);
        }
        let mut tx = self.begin_write().await?;
        let mut folded = 0;
        for id in due {
            if matches::fold_log(&mut tx, id).await? {
                folded += 1;
            }
        }
        tx.commit().await?;
        Ok(folded)
    }
}
