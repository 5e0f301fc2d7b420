//! What the process's health checks and metrics ask the database (see `crate::observe`).

use super::{Result, Service};
use crate::store;

impl Service {
    /// Asks the database whether it answers: a read, or with `write` a write that changes
    /// nothing, through the connections the use cases write with (see
    /// [`store::Pool::probe`]).
    ///
    /// # Errors
    /// Database errors.
    pub async fn probe_database(&self, write: bool) -> std::result::Result<(), sqlx::Error> {
        if write {
            self.writer.probe(true).await
        } else {
            self.pool.probe(false).await
        }
    }

    /// How many database connections are in use: for reads, for writes (on PostgreSQL
    /// both are one pool, counted as reads).
    #[must_use]
    pub fn connections_in_use(&self) -> (usize, usize) {
        match self.pool.backend() {
            store::Backend::Sqlite => (self.pool.in_use(), self.writer.in_use()),
            store::Backend::Postgres => (self.pool.in_use(), 0),
        }
    }

    /// How many matches are being played, in every server.
    ///
    /// # Errors
    /// Database errors.
    pub async fn matches_in_play(&self) -> Result<i64> {
        let mut conn = self.pool.acquire().await?;
        Ok(store::matches::count_active(&mut conn).await?)
    }
}
