//! The bot's metrics, recorded through the `metrics` facade: nothing is kept, and next to
//! nothing spent, until [`install`] sets up the Prometheus recorder (`METRICS_ADDR`).
//!
//! Every label takes its values from a short fixed list (the `&'static str`s of the enums
//! and constants here, a command's registered name, a shard's number): never a user, a
//! server, a match, a token or a message. `docs/running.md` ("Watching it") says what each
//! metric means.

use std::time::Duration;

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram, Unit};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Interactions handled, by `kind` and `outcome`.
pub const INTERACTIONS: &str = "engarde_interactions_total";
/// Seconds from an interaction's arrival to its answer, by `kind`.
pub const ANSWER_SECONDS: &str = "engarde_interaction_answer_seconds";
/// Boards shown, by `how` (posted or edited in place).
pub const BOARDS: &str = "engarde_boards_total";
/// Seconds from a decision's click to its board on Discord.
pub const BOARD_VISIBLE_SECONDS: &str = "engarde_board_visible_seconds";
/// Requests to Discord's API sent through the gate, by `route` group and `status`.
pub const DISCORD_REQUESTS: &str = "engarde_discord_requests_total";
/// 429 answers, by `scope` (global, user, shared).
pub const RATE_LIMITED: &str = "engarde_discord_429_total";
/// Requests waiting for the gate's global budget now, by `priority`.
pub const GATE_QUEUE: &str = "engarde_gate_queue";
/// Seconds a request waited at the gate before it was sent, by `priority`.
pub const GATE_WAIT_SECONDS: &str = "engarde_gate_wait_seconds";
/// Database transactions, by `use_case` and `outcome`.
pub const DB_TRANSACTIONS: &str = "engarde_db_transactions_total";
/// Seconds from a transaction's start to its end, by `use_case`.
pub const DB_TRANSACTION_SECONDS: &str = "engarde_db_transaction_seconds";
/// Database connections in use (not idle in the pool), by `pool` (read, write).
pub const DB_CONNECTIONS_IN_USE: &str = "engarde_db_connections_in_use";
/// Whether the database answers (1) or is away (0).
pub const DB_UP: &str = "engarde_db_up";
/// Scheduler passes, by `outcome` (done, elsewhere, failed, waited).
pub const SCHEDULER_PASSES: &str = "engarde_scheduler_passes_total";
/// Seconds a scheduler pass took.
pub const SCHEDULER_PASS_SECONDS: &str = "engarde_scheduler_pass_seconds";
/// What scheduler passes did, by `work`.
pub const SCHEDULER_WORK: &str = "engarde_scheduler_work_total";
/// Matches being played (not over), in every server of the database.
pub const MATCHES_IN_PLAY: &str = "engarde_matches_in_play";
/// Gateway shards of this process connected now.
pub const SHARDS_CONNECTED: &str = "engarde_shards_connected";
/// Gateway shards this process runs.
pub const SHARDS: &str = "engarde_shards";
/// Seconds between a shard's heartbeat and its acknowledgement, by `shard`.
pub const SHARD_LATENCY_SECONDS: &str = "engarde_shard_latency_seconds";
/// Whether the process is ready (1) or not (0), as `/readyz` says.
pub const READY: &str = "engarde_ready";

/// The histograms' buckets, in seconds: Discord's 3-second window sits among them.
const BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0];

/// What kind of interaction Discord sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A slash command.
    Command,
    /// A button.
    Button,
    /// A select menu.
    Menu,
    /// An option's autocompletion.
    Autocomplete,
}

impl Kind {
    /// Its label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Kind::Command => "command",
            Kind::Button => "button",
            Kind::Menu => "menu",
            Kind::Autocomplete => "autocomplete",
        }
    }
}

/// How an interaction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered with what was asked, within Discord's 3 seconds.
    Answered,
    /// Answered with a refusal (not your turn, out of date, a bad option, the database
    /// away…), within 3 seconds.
    Refused,
    /// Not answered (Discord's answer route failed), or answered with an apology for an
    /// internal error.
    Failed,
    /// Answered after Discord's 3 seconds: the user saw "This interaction failed".
    Late,
}

impl Outcome {
    /// Its label.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Late => "late",
        }
    }
}

/// Discord's window for answering an interaction.
pub const ANSWER_WINDOW: Duration = Duration::from_secs(3);

/// How a board was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardShown {
    /// A new message.
    Posted,
    /// The live board edited in place.
    Edited,
}

/// Notes an interaction of `kind` that ended as `outcome` after `elapsed` (from its
/// arrival to its answer); an answer after [`ANSWER_WINDOW`] counts as late.
pub fn interaction(kind: Kind, outcome: Outcome, elapsed: Duration) {
    let outcome = if elapsed > ANSWER_WINDOW && outcome != Outcome::Failed { Outcome::Late } else { outcome };
    counter!(INTERACTIONS, "kind" => kind.label(), "outcome" => outcome.label()).increment(1);
    histogram!(ANSWER_SECONDS, "kind" => kind.label()).record(elapsed.as_secs_f64());
}

/// Notes a board shown on Discord.
pub fn board_shown(how: BoardShown) {
    let how = match how {
        BoardShown::Posted => "posted",
        BoardShown::Edited => "edited",
    };
    counter!(BOARDS, "how" => how).increment(1);
}

/// Notes that a decision's board is on Discord, `elapsed` after the click that decided it.
pub fn board_visible(elapsed: Duration) {
    histogram!(BOARD_VISIBLE_SECONDS).record(elapsed.as_secs_f64());
}

/// The group of a route of the gate, from its key (method and path template, see
/// `discord::ratelimit::route_key`): a short fixed list.
#[must_use]
pub fn route_group(key: &str) -> &'static str {
    let (method, path) = key.split_once(' ').unwrap_or(("", key));
    let path = path.trim_start_matches('/');
    let path = match path.split_once('/') {
        Some((v, rest)) if v.starts_with('v') && v[1..].bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => path,
    };
    let segs: Vec<&str> = path.split('/').collect();
    match (method, segs.as_slice()) {
        (_, ["webhooks", ..]) | (_, ["interactions", ..]) => "interaction",
        (_, ["channels", _, "threads", ..]) | (_, ["channels", _, "messages", _, "threads"]) => "thread",
        ("POST", ["channels", _, "messages"]) => "message_post",
        ("PATCH", ["channels", _, "messages", _]) => "message_edit",
        ("GET", ["channels", _, "messages", ..]) => "message_read",
        (_, ["channels", _, "messages", ..]) => "message_other",
        (_, ["guilds", _, "threads", ..]) => "thread",
        (_, ["channels", ..]) => "channel",
        (_, ["guilds", ..]) => "guild",
        _ => "other",
    }
}

/// Notes an answer from Discord to a request of the gate (`status` `None`: no answer).
pub fn discord_request(route_key: &str, status: Option<u16>) {
    let status: &'static str = match status {
        None => "error",
        Some(s) => status_label(s),
    };
    counter!(DISCORD_REQUESTS, "route" => route_group(route_key), "status" => status).increment(1);
}

/// The statuses the bot acts on by name (the others are counted by class).
const NAMED_STATUSES: [(u16, &str); 12] = [
    (200, "200"),
    (201, "201"),
    (204, "204"),
    (400, "400"),
    (401, "401"),
    (403, "403"),
    (404, "404"),
    (429, "429"),
    (500, "500"),
    (502, "502"),
    (503, "503"),
    (504, "504"),
];

/// An HTTP status as a label: the ones the bot acts on by name, else their class.
fn status_label(status: u16) -> &'static str {
    if let Some((_, label)) = NAMED_STATUSES.iter().find(|(s, _)| *s == status) {
        return label;
    }
    match status {
        200..=299 => "2xx",
        400..=499 => "4xx",
        500..=599 => "5xx",
        _ => "other",
    }
}

/// Notes a 429 of `scope` (`global`, `user` or `shared`).
pub fn rate_limited(scope: &'static str) {
    counter!(RATE_LIMITED, "scope" => scope).increment(1);
}

/// Sets how many requests of `priority` wait for the gate's global budget.
pub fn gate_queue(priority: &'static str, waiting: usize) {
    #[allow(clippy::cast_precision_loss)]
    gauge!(GATE_QUEUE, "priority" => priority).set(waiting as f64);
}

/// Notes that a request of `priority` waited `waited` at the gate.
pub fn gate_waited(priority: &'static str, waited: Duration) {
    histogram!(GATE_WAIT_SECONDS, "priority" => priority).record(waited.as_secs_f64());
}

/// Notes a database transaction of the use case at hand ([`super::use_case`]) that took
/// `elapsed` and committed (`ok`) or failed.
pub fn db_transaction(elapsed: Duration, ok: bool) {
    db_transaction_of(super::use_case(), elapsed, ok);
}

/// Notes a database transaction of `use_case` that took `elapsed` and committed (`ok`) or
/// failed.
pub fn db_transaction_of(use_case: &'static str, elapsed: Duration, ok: bool) {
    let outcome = if ok { "committed" } else { "failed" };
    counter!(DB_TRANSACTIONS, "use_case" => use_case, "outcome" => outcome).increment(1);
    histogram!(DB_TRANSACTION_SECONDS, "use_case" => use_case).record(elapsed.as_secs_f64());
}

/// How a scheduler pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Made here.
    Done,
    /// Another process sharing the database was making it.
    Elsewhere,
    /// Its claim could not be had (a database error).
    Failed,
    /// Not tried: the database is away.
    Waited,
}

/// Notes a scheduler pass that ended as `pass` after `elapsed`.
pub fn scheduler_pass(pass: Pass, elapsed: Duration) {
    let outcome = match pass {
        Pass::Done => "done",
        Pass::Elsewhere => "elsewhere",
        Pass::Failed => "failed",
        Pass::Waited => "waited",
    };
    counter!(SCHEDULER_PASSES, "outcome" => outcome).increment(1);
    if pass == Pass::Done {
        histogram!(SCHEDULER_PASS_SECONDS).record(elapsed.as_secs_f64());
    }
}

/// What a scheduler pass does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Reminders (and digests) sent.
    Reminders,
    /// Matches forfeited on time.
    Forfeits,
    /// Challenges expired.
    Expiries,
    /// Owed boards posted again.
    Reposts,
    /// Tournament rounds started.
    TournamentRounds,
}

/// Notes that a scheduler pass did `n` of `work`.
pub fn scheduler_did(work: Work, n: usize) {
    if n == 0 {
        return;
    }
    let work = match work {
        Work::Reminders => "reminders",
        Work::Forfeits => "forfeits",
        Work::Expiries => "expiries",
        Work::Reposts => "reposts",
        Work::TournamentRounds => "tournament_rounds",
    };
    counter!(SCHEDULER_WORK, "work" => work).increment(n as u64);
}

/// Sets the gauges sampled just before a scrape (see `super::sample`).
#[allow(clippy::cast_precision_loss)]
pub(crate) fn set_sampled(sample: &super::Sample) {
    for (pool, in_use) in [("read", sample.read_in_use), ("write", sample.write_in_use)] {
        gauge!(DB_CONNECTIONS_IN_USE, "pool" => pool).set(in_use as f64);
    }
    gauge!(DB_UP).set(if sample.database_up { 1.0 } else { 0.0 });
    if let Some(n) = sample.matches_in_play {
        gauge!(MATCHES_IN_PLAY).set(n as f64);
    }
    gauge!(SHARDS).set(sample.shards.len() as f64);
    gauge!(SHARDS_CONNECTED).set(sample.shards.values().filter(|s| s.connected).count() as f64);
    for (id, shard) in &sample.shards {
        let latency = shard.latency.map_or(f64::NAN, |l| l.as_secs_f64());
        gauge!(SHARD_LATENCY_SECONDS, "shard" => id.to_string()).set(latency);
    }
    gauge!(READY).set(if sample.ready { 1.0 } else { 0.0 });
}

/// Installs the Prometheus recorder (once per process) and describes every metric.
///
/// # Errors
/// A recorder is installed already.
pub fn install() -> Result<PrometheusHandle, String> {
    let handle = PrometheusBuilder::new()
        .set_buckets(BUCKETS)
        .map_err(|e| e.to_string())?
        .install_recorder()
        .map_err(|e| e.to_string())?;
    describe();
    Ok(handle)
}

fn describe() {
    describe_counter!(INTERACTIONS, "Interactions handled, by kind (command, button, menu, autocomplete) and outcome (answered, refused, failed, late).");
    describe_histogram!(ANSWER_SECONDS, Unit::Seconds, "From an interaction's arrival to its answer, by kind.");
    describe_counter!(BOARDS, "Boards shown on Discord, by how (posted, edited in place).");
    describe_histogram!(BOARD_VISIBLE_SECONDS, Unit::Seconds, "From a decision's click to its board on Discord.");
    describe_counter!(
        DISCORD_REQUESTS,
        "Requests to Discord through the rate-limit gate, by route group and status (error: no answer)."
    );
    describe_counter!(RATE_LIMITED, "429 answers from Discord, by scope (global, user, shared).");
    describe_gauge!(GATE_QUEUE, "Requests waiting for the gate's global budget, by priority.");
    describe_histogram!(GATE_WAIT_SECONDS, Unit::Seconds, "How long requests waited at the gate, by priority.");
    describe_counter!(DB_TRANSACTIONS, "Database write transactions, by use case and outcome.");
    describe_histogram!(DB_TRANSACTION_SECONDS, Unit::Seconds, "Database write transactions' time, by use case.");
    describe_gauge!(DB_CONNECTIONS_IN_USE, "Database connections in use, by pool (read, write).");
    describe_gauge!(DB_UP, "1 while the database answers, 0 while it is away.");
    describe_counter!(
        SCHEDULER_PASSES,
        "Scheduler passes, by outcome (done here, elsewhere: by another process, failed, waited: the database away)."
    );
    describe_histogram!(SCHEDULER_PASS_SECONDS, Unit::Seconds, "Scheduler passes' time.");
    describe_counter!(
        SCHEDULER_WORK,
        "What the scheduler did: reminders, forfeits, expiries, tournament_rounds; and reposts, the owed boards the outbox loop published."
    );
    describe_gauge!(MATCHES_IN_PLAY, "Matches not over, in the whole database.");
    describe_gauge!(SHARDS, "Gateway shards this process runs.");
    describe_gauge!(SHARDS_CONNECTED, "Gateway shards of this process connected now.");
    describe_gauge!(SHARD_LATENCY_SECONDS, Unit::Seconds, "Heartbeat latency of each shard.");
    describe_gauge!(READY, "1 while /readyz says ready, else 0.");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_fall_in_a_few_groups() {
        assert_eq!(route_group("POST /channels/123/messages"), "message_post");
        assert_eq!(route_group("PATCH /channels/123/messages/{id}"), "message_edit");
        assert_eq!(route_group("GET /channels/123/messages"), "message_read");
        assert_eq!(route_group("POST /channels/123/messages/{id}/threads"), "thread");
        assert_eq!(route_group("POST /channels/123/threads"), "thread");
        assert_eq!(route_group("GET /guilds/9/threads/active"), "thread");
        assert_eq!(route_group("POST /webhooks/{id}/{token}"), "interaction");
        assert_eq!(route_group("PATCH /v10/webhooks/{id}/{token}/messages/{id}"), "interaction");
        assert_eq!(route_group("PUT /applications/1/commands"), "other");
    }

    #[test]
    fn statuses_are_a_short_list() {
        assert_eq!(status_label(200), "200");
        assert_eq!(status_label(418), "4xx");
        assert_eq!(status_label(599), "5xx");
        assert_eq!(status_label(999), "other");
    }
}
