//! The outbox loop: publishes the boards this process owes (see `docs/reliability.md`,
//! "Publishing boards"). A decision's transaction writes what its match is owed; the process
//! that made the decision publishes it at once when it owns the match (the common case: a
//! click arrives on the shard of its server). Everything else comes through here: boards
//! owed when the process started or took a shard over, boards whose publishing failed, and
//! boards of decisions another process made (the scheduler's, the practice bot's). Then, at
//! start-up and at a low rate, the sweep takes the buttons off every message of an owned
//! match that still has them but is not its current board.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{debug, error, info, warn};

use super::{first_board, owner, publish};
use crate::service::{BoardPlace, OwedBoard, Service};

/// How often the owed boards are read.
const POLL_EVERY: Duration = Duration::from_secs(1);
/// How often the sweep runs after the one at start-up.
const SWEEP_EVERY: Duration = Duration::from_secs(300);
/// The longest wait before a board that failed is tried again.
const MOST_BACKOFF: Duration = Duration::from_secs(300);

/// The loop's memory between two reads.
#[derive(Default)]
pub(crate) struct Outbox {
    /// What each owned match was owed at the last read: a row is published once it has been
    /// seen twice unchanged, so that the process that wrote it publishes it first.
    seen: HashMap<i64, (i64, bool)>,
    /// Matches whose board failed, with when to try again and the wait after that.
    backoff: HashMap<i64, (Instant, Duration)>,
    /// Whether the loop has read once (at start-up every owed board is due at once: no
    /// publishing of this process is in flight yet).
    started: bool,
}

impl Outbox {
    /// Publishes, one match at a time, the owed boards of owned matches that are due (see
    /// [`Outbox`]); how many it tried.
    pub(crate) async fn publish_due(&mut self, http: &Arc<serenity::Http>, service: &Service) -> usize {
        // While the database is away the boards wait, as the scheduler's pass does.
        if crate::observe::health().database_away().is_some() {
            return 0;
        }
        owner::recheck(service).await;
        let owed = match service.owed_boards().await {
            Ok(owed) => owed,
            Err(e) => {
                error!(error = ?e, "could not read the boards owed");
                return 0;
            }
        };
        let mut seen = HashMap::new();
        let mut due = Vec::new();
        for row in owed.into_iter().filter(|r| owner::owns(r.guild_id)) {
            let key = (row.version, row.ended);
            let settled = !self.started || self.seen.get(&row.match_id) == Some(&key);
            seen.insert(row.match_id, key);
            let waiting = self.backoff.get(&row.match_id).is_some_and(|(at, _)| Instant::now() < *at);
            if settled && !waiting && !publish::busy(row.match_id) {
                due.push(row);
            }
        }
        self.seen = seen;
        self.started = true;
        self.backoff.retain(|m, _| self.seen.contains_key(m));
        crate::observe::metrics::scheduler_did(crate::observe::metrics::Work::Reposts, due.len());
        for row in &due {
            publish_owed(http, service, row).await;
            match service.owed_board(row.match_id).await {
                Ok(Some(still)) if still.version == row.version && still.ended == row.ended => {
                    let wait = self.backoff.get(&row.match_id).map_or(POLL_EVERY, |(_, w)| *w * 2).min(MOST_BACKOFF);
                    self.backoff.insert(row.match_id, (Instant::now() + wait, wait));
                }
                Ok(_) => {
                    self.backoff.remove(&row.match_id);
                }
                Err(e) => warn!(error = ?e, match_id = row.match_id, "could not read what a match is owed"),
            }
        }
        due.len()
    }
}

/// Publishes one owed board, as the match stands (a later decision's board covers an earlier
/// one's): its first board where [`Service::board_place`] says (its thread opened first),
/// any other through [`publish`].
async fn publish_owed(http: &Arc<serenity::Http>, service: &Service, row: &OwedBoard) {
    let board = match service.owed_board_view(row.match_id).await {
        Ok(board) => board,
        Err(e) => return error!(error = ?e, match_id = row.match_id, "could not read an owed board"),
    };
    info!(match_id = row.match_id, turn = board.turn, "publishing an owed board");
    match service.board_place(row.match_id).await {
        Ok(BoardPlace::NewThread { .. } | BoardPlace::ThreadFrom { .. } | BoardPlace::OwnThread { .. }) => {
            first_board::post(http, service, &board).await;
        }
        Ok(BoardPlace::Channel(_)) => publish::publish(http, service, &board).await,
        Err(e) => warn!(match_id = row.match_id, error = ?e, "could not read where a match's board goes"),
    }
}

/// Takes the buttons off every message of an owned match that still has them but is not its
/// current board (a retirement that failed, or a board found posted after a crash).
pub(crate) async fn sweep(http: &serenity::Http, service: &Service) {
    let stale = match service.stale_buttons().await {
        Ok(stale) => stale,
        Err(e) => return error!(error = ?e, "could not read the boards left with buttons"),
    };
    for (board, guild) in stale.into_iter().filter(|(_, guild)| owner::owns(*guild)) {
        if publish::busy(board.match_id) {
            continue;
        }
        debug!(match_id = board.match_id, message = board.message_id, guild, "retiring a board left with buttons");
        publish::retire_stale(http, service, board.match_id, board.channel_id, board.message_id).await;
    }
}

/// Runs the outbox loop until the process stops: the sweep at start-up and every few
/// minutes, and the owed boards every second.
pub(crate) async fn run(http: Arc<serenity::Http>, service: Service) {
    let mut outbox = Outbox::default();
    outbox.publish_due(&http, &service).await;
    sweep(&http, &service).await;
    let mut swept = Instant::now();
    loop {
        tokio::time::sleep(POLL_EVERY).await;
        outbox.publish_due(&http, &service).await;
        if swept.elapsed() >= SWEEP_EVERY {
            sweep(&http, &service).await;
            swept = Instant::now();
        }
    }
}

/// Publishes what this process owes, for at most `grace` (it is stopping): every owed board
/// of its matches, at once.
pub(crate) async fn drain(http: &Arc<serenity::Http>, service: &Service, grace: Duration) {
    let mut outbox = Outbox::default();
    if tokio::time::timeout(grace, outbox.publish_due(http, service)).await.is_err() {
        warn!("stopping with boards still owed: the process that takes them over publishes them");
    }
}
