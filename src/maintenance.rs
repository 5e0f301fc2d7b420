//! What the maintenance commands (`backup`, `migrate-db`, `ratings rebuild`) share: the
//! database they work on and a small async runtime to run their body in.

use std::future::Future;

use crate::config::DEFAULT_DATABASE_URL;

/// `DATABASE_URL` from the environment or `.env`, else the default file.
#[must_use]
pub fn database_url() -> String {
    let _ = dotenvy::dotenv();
    std::env::var("DATABASE_URL")
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned())
}

/// Runs a command's async body to completion; returns its exit status (1 if no
/// runtime could be started).
pub fn block_on(body: impl Future<Output = i32>) -> i32 {
    match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime.block_on(body),
        Err(e) => {
            eprintln!("engarde: cannot start the async runtime: {e}");
            1
        }
    }
}
