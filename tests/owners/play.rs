//! Players: they click what the latest board with game buttons offers, as people would,
//! and every click they make is logged with how it went.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_double::{ChannelId, DiscordDouble, InteractionError, MessageId, Reply, UserId};

use super::Match;
use crate::support::{self, prefer, Choice, Table};

const AGGRESSIVE: &[&str] = &["Attack", "Advance 1 + attack", "Advance", "Parry", "Retreat", "Take the hit"];

/// How a click went.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The bot answered, this long after the click.
    Answered(Duration),
    /// Discord's client would not have sent it (the button was gone, the prompt stale…).
    NotSent(String),
    /// Nobody answered: "This interaction failed".
    Unanswered,
}

/// One click.
#[derive(Clone, Debug)]
pub struct Click {
    pub match_id: i64,
    pub user: UserId,
    pub custom_id: String,
    /// When it was made, since the log started.
    pub at: Duration,
    pub outcome: Outcome,
}

/// Every click the players made.
pub struct Clicks {
    started: Instant,
    log: Mutex<Vec<Click>>,
}

impl Clicks {
    pub fn new() -> Arc<Clicks> {
        Arc::new(Clicks { started: Instant::now(), log: Mutex::new(Vec::new()) })
    }

    /// How long since the log started (to place the test's own events beside the clicks).
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// `user` clicks `custom_id` on `message` (or picks `values` in that select menu),
    /// logged.
    pub async fn click(
        &self,
        double: &DiscordDouble,
        m: &Match,
        user: UserId,
        (channel, message): (ChannelId, MessageId),
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Option<Reply> {
        let at = self.elapsed();
        let result = match values {
            None => double.try_click(user, channel, message, custom_id).await,
            Some(values) => double.try_select(user, channel, message, custom_id, values).await,
        };
        let outcome = match &result {
            Ok(reply) => Outcome::Answered(reply.latency),
            Err(InteractionError::NoResponse { .. }) => Outcome::Unanswered,
            Err(e) => Outcome::NotSent(e.to_string()),
        };
        let click = Click { match_id: m.id, user, custom_id: custom_id.to_owned(), at, outcome };
        self.log.lock().unwrap().push(click);
        result.ok()
    }

    /// Every click so far.
    pub fn all(&self) -> Vec<Click> {
        self.log.lock().unwrap().clone()
    }
}

/// What a player's turn came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A decision was made (and its next board waited for, a while).
    Played,
    /// Nothing to do now: no board with a My hand, or nobody was offered a move.
    Waiting,
    /// The match is over (its final board is up).
    Over,
}

/// The match's latest message with a My hand button, and whether its final board is up.
fn latest_board(double: &DiscordDouble, m: &Match) -> (Option<discord_double::ButtonedMessage>, bool) {
    let shown = double.messages_with_buttons(Some(m.thread), |id| id.starts_with("eg:h:") || id.starts_with("eg:rm:"));
    let over = shown.iter().any(|b| b.custom_ids.iter().any(|id| id.starts_with("eg:rm:")));
    (shown.into_iter().rfind(|b| b.custom_ids.iter().any(|id| id.starts_with("eg:h:"))), over)
}

/// A player's hand, open on their screen: who, the prompt, and the board it came from.
pub struct Hand {
    pub user: UserId,
    pub prompt: Reply,
    pub board: discord_double::ButtonedMessage,
}

/// Whoever the latest board offers a move opens their hand (My hand); `Err` if nobody
/// could ([`Turn::Waiting`]) or the match is over ([`Turn::Over`]).
pub async fn open_hand(double: &DiscordDouble, m: &Match, clicks: &Clicks) -> Result<Hand, Turn> {
    let (board, over) = latest_board(double, m);
    if over {
        // (A board left live beside the final one is the watch's to report.)
        return Err(Turn::Over);
    }
    let board = board.ok_or(Turn::Waiting)?;
    let play = board.custom_ids.iter().find(|id| id.starts_with("eg:h:")).expect("a My hand button").clone();
    let first = support::mentioned(&board.content).unwrap_or(m.players[0]);
    let order = if first == m.players[1] { [m.players[1], m.players[0]] } else { m.players };
    for user in order {
        let Some(prompt) = clicks.click(double, m, user, (board.channel_id, board.id), &play, None).await else {
            continue;
        };
        if prompt.message_id.is_some() && !Table::choices(&prompt).is_empty() {
            return Ok(Hand { user, prompt, board });
        }
    }
    Err(Turn::Waiting)
}

/// The player of `hand` makes the move the test's policy prefers, then the next board is
/// waited for up to 1.5 s.
pub async fn decide(double: &DiscordDouble, m: &Match, clicks: &Clicks, hand: Hand) {
    let Hand { user, prompt, board } = hand;
    let at = (prompt.channel_id, prompt.message_id.expect("a prompt message"));
    match prefer(AGGRESSIVE)(&Table::choices(&prompt)) {
        Choice::Button(_, id) => clicks.click(double, m, user, at, &id, None).await,
        Choice::Option(menu, _, value) => clicks.click(double, m, user, at, &menu, Some(&[&value])).await,
    };
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1_500) {
        let (now, over) = latest_board(double, m);
        if over || now.is_none_or(|b| b.id != board.id || b.custom_ids != board.custom_ids) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Whoever the latest board offers a move makes one (from My hand, as the test's policy
/// prefers), then the next board is waited for up to 1.5 s.
pub async fn take_turn(double: &DiscordDouble, m: &Match, clicks: &Clicks) -> Turn {
    match open_hand(double, m, clicks).await {
        Ok(hand) => {
            decide(double, m, clicks, hand).await;
            Turn::Played
        }
        Err(turn) => turn,
    }
}

/// Opens a hand in `m` (trying again while nobody can, up to [`crate::support::WAIT`]).
///
/// # Panics
/// If nobody could, or the match is over, with its clicks.
pub async fn hand_of(double: &DiscordDouble, m: &Match, clicks: &Clicks) -> Hand {
    let start = Instant::now();
    loop {
        match open_hand(double, m, clicks).await {
            Ok(hand) => return hand,
            Err(Turn::Waiting) if start.elapsed() < crate::support::WAIT => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(turn) => panic!(
                "match {}: nobody could open a hand ({turn:?}); last clicks: {:#?}",
                m.id,
                clicks.all().iter().rev().take(6).collect::<Vec<_>>()
            ),
        }
    }
}

/// Whether a player may click now (e.g. only while their server's shard has a process).
pub type Gate = Arc<dyn Fn(&Match) -> bool + Send + Sync>;

/// A gate open while the match's shard has a connected session: nobody clicks into a shard
/// no process serves (Discord would say "This interaction failed" at once).
pub fn while_served(double: Arc<DiscordDouble>) -> Gate {
    Arc::new(move |m: &Match| double.connected_shards().contains(&(m.half as u64)))
}

/// Plays `m` to its end (as long as the gate lets the players click).
pub async fn play(double: Arc<DiscordDouble>, m: Match, clicks: Arc<Clicks>, gate: Gate) {
    loop {
        if !gate(&m) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        match take_turn(&double, &m, &clicks).await {
            Turn::Over => return,
            Turn::Waiting => tokio::time::sleep(Duration::from_millis(20)).await,
            Turn::Played => {}
        }
    }
}

/// Plays up to `decisions` decisions of `m` now (fewer if it ends); how many were made.
pub async fn play_some(double: &DiscordDouble, m: &Match, clicks: &Clicks, decisions: usize) -> usize {
    let mut made = 0;
    let start = Instant::now();
    while made < decisions && start.elapsed() < crate::support::WAIT {
        match take_turn(double, m, clicks).await {
            Turn::Over => break,
            Turn::Waiting => tokio::time::sleep(Duration::from_millis(20)).await,
            Turn::Played => made += 1,
        }
    }
    made
}
