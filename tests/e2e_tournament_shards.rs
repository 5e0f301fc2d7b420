//! Two bot processes over one PostgreSQL database (`SHARDS=0-1` and `SHARDS=2-3` of 4),
//! both running the scheduler, with a round robin of 4 through the Discord double: each
//! round starts once (one announcement of it, one thread per match), and the event ends
//! once (one podium), whichever process's scheduler gets there.

mod pg;
mod support;

use std::time::Duration;

use discord_double::{ChannelId, DiscordDouble};
use serde_json::json;
use support::{wait_until as wait, TwoProcesses, START_TIME};

/// The double and the two bot processes.
struct Cluster {
    double: DiscordDouble,
    processes: TwoProcesses,
}

impl Cluster {
    /// The messages of `channel` containing `text`.
    fn count(&self, channel: ChannelId, text: &str) -> usize {
        self.double.channel_messages(channel).iter().filter(|m| m.content.contains(text)).count()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_run_each_round_of_an_event_once() {
    let double = DiscordDouble::start().await;
    let database_url = pg::fresh_database().await;
    let names = ["Alice", "Bob", "Carol", "Erin"];
    let support::FirstHalfServer { guild, channel, players, manager } =
        support::FirstHalfServer::add(&double, &names).await;
    let processes = TwoProcesses::new(database_url, START_TIME);
    let mut c = Cluster { double, processes };
    c.processes.start_both(&c.double).await;

    support::open_tournament(&c.double, (guild, channel), manager, "Twin League", None, &players).await;
    wait("the event's thread", || !c.double.threads().is_empty()).await;
    let thread = c.double.threads()[0].id;

    // Sign-ups close: both schedulers see it; the first round starts once.
    c.processes.set_time(START_TIME + 3600);
    let line = regex::Regex::new(r"• (\S+) vs (\S+) \(match #(\d+)\)").unwrap();
    for round in 1..=3 {
        let header = format!("round {round}** has begun");
        wait(&header, || c.count(thread, &header) == 1).await;
        let tag = format!("· R{round}:");
        wait("the round's two threads", || c.double.threads().iter().filter(|t| t.name.contains(&tag)).count() == 2)
            .await;
        // Everyone's matches end: the higher sign-up number resigns.
        let message = c.double.channel_messages(thread).into_iter().find(|m| m.content.contains(&header)).unwrap();
        for cap in line.captures_iter(&message.content) {
            let number = |n: &str| names.iter().position(|x| *x == n).unwrap();
            let loser = players[number(&cap[1]).max(number(&cap[2]))];
            let id: i64 = cap[3].parse().unwrap();
            let ask = c.double.slash_command(
                loser,
                guild,
                channel,
                "engarde",
                json!([{ "type": 1, "name": "resign", "options": [{ "type": 4, "name": "match", "value": id }] }]),
            );
            let ask = ask.await;
            let message = ask.message_id.expect("the confirmation");
            let done = c.double.click(loser, ask.channel_id, message, &format!("eg:ry:{id}")).await;
            assert!(done.content.contains("You resigned"), "{done:?}");
        }
    }
    wait("the podium", || c.count(channel, "is over!") == 1).await;
    // A little longer: nothing comes twice.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for round in 1..=3 {
        assert_eq!(c.count(thread, &format!("round {round}** has begun")), 1, "round {round} started once");
        let tag = format!("· R{round}:");
        assert_eq!(c.double.threads().iter().filter(|t| t.name.contains(&tag)).count(), 2, "round {round}");
    }
    assert_eq!(c.count(thread, "final standings"), 1);
    assert_eq!(c.count(channel, "is over!"), 1);
    assert!(c.double.rejections().is_empty(), "{:?}", c.double.rejections());
}
