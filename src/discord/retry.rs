//! Retrying a Discord request that failed for a passing reason: a 429 (rate
//! limited) or a 5xx (Discord's side). Used for the answers to buttons and menus (boards,
//! reminders and other requests Discord counts go through [`super::ratelimit`] instead), so that a blip on Discord's side does not
//! show "This interaction failed" (the waits, 1.75 s at most, fit in the 3 seconds
//! Discord allows; an answer Discord did take before failing is refused when tried
//! again, and that refusal is final).
//!
//! With serenity's rate limiter on (production), serenity itself waits out a 429
//! (honouring `Retry-After`) before the error can reach us; 5xx answers are never
//! retried by serenity. With the rate limiter off (the local test double), a 429
//! arrives here as an error whose `Retry-After` serenity 0.12 does not keep, so we
//! wait [`RATE_LIMIT_WAIT`] instead. Other errors (400, 403, 404…) are final.

use std::time::Duration;

use poise::serenity_prelude as serenity;

/// How many times a request is tried in all.
pub const ATTEMPTS: u32 = 4;

/// The wait after a 429 whose `Retry-After` is unknown (see the module docs).
pub const RATE_LIMIT_WAIT: Duration = Duration::from_millis(1_000);

/// The first wait after a 5xx; it doubles with each attempt (250 ms, 500 ms, 1 s).
pub const SERVER_ERROR_WAIT: Duration = Duration::from_millis(250);

/// The HTTP status of a failed request, if Discord answered.
#[must_use]
pub fn status(error: &serenity::Error) -> Option<u16> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.status_code.as_u16())
        }
        _ => None,
    }
}

/// How long to wait before trying again after `attempt` (1-based) failed with
/// `error`; `None` when the error is final or the attempts are spent.
#[must_use]
pub fn delay(error: &serenity::Error, attempt: u32) -> Option<Duration> {
    if attempt >= ATTEMPTS {
        return None;
    }
    match status(error)? {
        429 => Some(RATE_LIMIT_WAIT),
        500..=599 => Some(SERVER_ERROR_WAIT * 2u32.saturating_pow(attempt - 1)),
        _ => None,
    }
}

/// Runs `request` until it succeeds, fails for good, or [`ATTEMPTS`] are spent
/// (at most 1.75 s of waiting after 5xx answers, 3 s after 429s); returns the last result.
///
/// # Errors
/// The last error.
pub async fn with_retry<T, F, Fut>(what: &str, mut request: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut attempt = 1;
    loop {
        match request().await {
            Ok(value) => return Ok(value),
            Err(e) => match delay(&e, attempt) {
                Some(wait) => {
                    tracing::warn!(status = ?status(&e), attempt, ?wait, "{what} failed; trying again");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                None => return Err(e),
            },
        }
    }
}
