//! The interaction being handled, for its metrics: what kind it is, when it arrived, and
//! whether its answer was noted already. The Discord adapter wraps each interaction's
//! handling in [`watch`] and notes the answer where it is sent ([`answered`]).

use std::cell::Cell;
use std::future::Future;
use std::time::{Duration, Instant};

use super::metrics::{self, Kind, Outcome};

/// An interaction being handled.
struct Watch {
    kind: Kind,
    arrived: Instant,
    noted: Cell<bool>,
}

tokio::task_local! {
    static WATCH: Watch;
}

/// Runs `handling` as the handling of an interaction of `kind` that arrived at `arrived`;
/// if nothing in it noted the answer ([`answered`]), the interaction counts as answered
/// when `handling` ends (an autocompletion, answered by its last step).
pub async fn watch<F: Future>(kind: Kind, arrived: Instant, handling: F) -> F::Output {
    let watch = Watch { kind, arrived, noted: Cell::new(false) };
    WATCH
        .scope(watch, async {
            let output = handling.await;
            answered(Outcome::Answered);
            output
        })
        .await
}

/// Notes the answer to the interaction at hand (once: later calls are ignored), as
/// `outcome`, late if past Discord's 3 seconds. Outside [`watch`], nothing.
pub fn answered(outcome: Outcome) {
    let _ = WATCH.try_with(|w| {
        if !w.noted.replace(true) {
            let elapsed = w.arrived.elapsed();
            tracing::debug!(outcome = outcome.label(), ms = elapsed.as_millis(), "answered");
            metrics::interaction(w.kind, outcome, elapsed);
        }
    });
}

/// How long ago the interaction at hand arrived, if there is one.
#[must_use]
pub fn since_arrival() -> Option<Duration> {
    WATCH.try_with(|w| w.arrived.elapsed()).ok()
}
