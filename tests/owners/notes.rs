//! Slow notes of posted boards, as on a loaded database, without touching the bot's code: a
//! trigger on the table where the bot notes what it posted makes every write to it sleep
//! (`pg_sleep`) for as long as the test says, before the write happens.
//!
//! The table is a parameter: `OWNERS_NOTES_TABLE` (default `boards`, where the bot notes
//! each match's live board) and `OWNERS_NOTES_EVENTS` (default `INSERT OR UPDATE`), so that
//! the same tests slow the notes of another design (e.g. an outbox whose rows are updated
//! with the message they made: `OWNERS_NOTES_TABLE=outbox OWNERS_NOTES_EVENTS=UPDATE`).
//!
//! The database also checks its clients every 50 ms while a statement runs
//! (`client_connection_check_interval`): a note still sleeping when its process is killed is
//! dropped with the connection, as a note the process never sent. Without it the server
//! would finish the sleeping statement and commit the note of a dead process.

use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

/// The trigger's handle: sets the delay, tells whether a note is sleeping.
pub struct SlowNotes {
    pool: PgPool,
    /// The table whose writes sleep.
    pub table: String,
    /// The writes that sleep (`INSERT OR UPDATE`, `UPDATE`…).
    pub events: String,
}

impl SlowNotes {
    /// Installs the trigger (delay 0: writes go at full speed) in the database at `url`,
    /// whose tables the bot made already.
    ///
    /// # Panics
    /// If the table is not there or the trigger cannot be made, saying which table.
    pub async fn install(url: &str) -> SlowNotes {
        let table = super::setting("OWNERS_NOTES_TABLE", "boards".to_owned());
        let events = super::setting("OWNERS_NOTES_EVENTS", "INSERT OR UPDATE".to_owned());
        let pool = PgPoolOptions::new().max_connections(2).connect(url).await.expect("the test's own connections");
        let statements = [
            "CREATE TABLE owners_note_delay (ms INTEGER NOT NULL)".to_owned(),
            "INSERT INTO owners_note_delay VALUES (0)".to_owned(),
            "CREATE FUNCTION owners_slow_note() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 PERFORM pg_sleep((SELECT ms FROM owners_note_delay) / 1000.0);
                 RETURN NULL;
             END $$"
                .to_owned(),
            format!(
                "CREATE TRIGGER owners_slow_note BEFORE {events} ON {table}
                 FOR EACH STATEMENT EXECUTE FUNCTION owners_slow_note()"
            ),
            "DO $$ BEGIN
                 EXECUTE format('ALTER DATABASE %I SET client_connection_check_interval = %L',
                                current_database(), '50ms');
             END $$"
                .to_owned(),
        ];
        for sql in &statements {
            sqlx::query(sql).execute(&pool).await.unwrap_or_else(|e| {
                panic!("slowing the notes of table `{table}` ({events}): {e} in {sql} (set OWNERS_NOTES_TABLE)")
            });
        }
        SlowNotes { pool, table, events }
    }

    /// Every write to the table sleeps `ms` milliseconds from now on (0: none).
    pub async fn set(&self, ms: u32) {
        sqlx::query("UPDATE owners_note_delay SET ms = $1")
            .bind(i32::try_from(ms).expect("a delay in range"))
            .execute(&self.pool)
            .await
            .expect("the notes' delay is set");
    }

    /// How many writes of the bot are sleeping in the trigger now.
    pub async fn sleeping(&self) -> i64 {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()",
        )
        .fetch_one(&self.pool)
        .await
        .expect("pg_stat_activity")
    }
}
