//! Practice matches: a player against the bot itself, at a level.
//!
//! A practice match is an ordinary match (boards, prompts, deadlines for the person,
//! record and export) whose other seat is the bot's own Discord account. The bot's
//! decisions come from [`engarde_rules::choose_action`], which is given only what its
//! seat may know ([`engarde_rules::Knowledge`]); they are stored like anyone's, through
//! the same version-checked statement, so two attempts at one decision (a restart, a
//! second process) apply it once. Practice matches are never rated and count in no
//! leaderboard, record or head-to-head.

use std::time::Duration;

use engarde_rules::{choose_action, Budget, Level, Match, Seat, Variant};

use super::play::board_view;
use super::queries::with_log;
use super::views::{BoardView, PlayerInfo};
use super::Narration;
use super::{load_game, settings, ActOutcome, ActRequest, Result, Service, ServiceError};
use crate::store::matches::{self, MatchRow};
use crate::store::{db_id, discord_id, players};

/// `/engarde practice`: a match against the bot.
#[derive(Clone, Debug)]
pub struct PracticeRequest {
    /// The server.
    pub guild_id: u64,
    /// The channel the command was used in (the boards go there, or to the server's board channel).
    pub channel_id: u64,
    /// Who wants to practise (seat A).
    pub player: PlayerInfo,
    /// The bot's own account (seat B).
    pub bot: PlayerInfo,
    /// The variant; `None`: the server's default.
    pub variant: Option<Variant>,
    /// How well the bot plays.
    pub level: Level,
    /// Time for each of the player's decisions; `None`: the server's default.
    pub turn: Option<Duration>,
}

/// The bot's part in a practice match, as boards and prompts show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Practice {
    /// The bot's seat.
    pub seat: Seat,
    /// The bot's level.
    pub level: Level,
}

/// The bot's part in the match stored as `row`, if it is a practice match.
pub(crate) fn practice_of(row: &MatchRow) -> Option<Practice> {
    let seat = match row.practice_seat.as_deref()? {
        "a" => Seat::A,
        "b" => Seat::B,
        _ => return None,
    };
    // An unreadable level (never written by this code) plays as medium rather than stalls.
    let level = row.practice_level.as_deref().and_then(|l| l.parse().ok()).unwrap_or(Level::Medium);
    Some(Practice { seat, level })
}

/// The interaction id stored with a bot's move: negative (Discord's are positive) and
/// one per match and turn, so that a second attempt at the same decision (another
/// process, a restart) is refused by the store as already applied.
fn bot_interaction(match_id: i64, turn: i64) -> i64 {
    -(match_id.saturating_mul(1 << 24).saturating_add(turn & 0x00ff_ffff)) - 1
}

/// The bot's own randomness for one decision: reproducible from the match and turn,
/// and unrelated to the match's secret seed.
fn bot_seed(match_id: i64, turn: i64) -> u64 {
    let mut x =
        (match_id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (turn as u64).wrapping_add(0x632b_e59b_d9b4_e019);
    // splitmix64's finaliser.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Service {
    /// Starts a practice match against the bot: no challenge to accept, the first
    /// board at once. The player is seat A, the bot seat B; who moves first is the
    /// variant's rule.
    ///
    /// # Errors
    /// An unfinished practice match with the bot in this server; internal errors.
    pub async fn practice(&self, req: PracticeRequest) -> Result<BoardView> {
        let turn =
            req.turn.map(|t| settings::in_range("error-turn-time-range", t, settings::TURN_RANGE)).transpose()?;
        let now = self.now();
        let guild = db_id(req.guild_id);
        let (me, bot) = (db_id(req.player.user_id), db_id(req.bot.user_id));
        let mut tx = self.begin_write().await?;
        let server = settings::load(&mut tx, req.guild_id).await?;
        let variant = req.variant.unwrap_or(server.default_variant);
        let turn = turn.unwrap_or(server.turn);
        players::upsert(&mut tx, guild, me, &req.player.name, now).await?;
        players::upsert(&mut tx, guild, bot, &req.bot.name, now).await?;
        if let Some(id) = matches::active_between(&mut tx, guild, me, bot).await? {
            return Err(ServiceError::AlreadyPlaying(req.bot.name, id));
        }
        let game = Match::start(variant, &Default::default(), (self.seeds)(), None)
            .map_err(|e| ServiceError::Internal(format!("new practice game: {e}")))?;
        let state = game.save()?;
        let board_channel = server.board_channel.map_or(db_id(req.channel_id), db_id);
        let turn_seconds = i64::try_from(turn.as_secs()).unwrap_or(i64::MAX);
        let match_id = matches::insert(
            &mut tx,
            &matches::NewMatch {
                guild_id: guild,
                channel_id: board_channel,
                seat_a: me,
                seat_b: bot,
                game: game.game().name(),
                variant: variant.name(),
                state: &state,
                state_format: i64::from(game.game().state_format()),
                turn_seconds,
                home_channel_id: db_id(req.channel_id),
                now,
                practice: Some((Seat::B.as_str(), req.level.name())),
                thread_from: None,
            },
        )
        .await?;
        let row = matches::get(&mut tx, match_id)
            .await?
            .ok_or_else(|| ServiceError::Internal(format!("practice match {match_id} vanished")))?;
        tx.commit().await?;
        let players = super::play::match_players(&row);
        Ok(board_view(&row, &game, players, Narration::Opening, Some(now + turn_seconds)))
    }

    /// Makes the bot's decision in a practice match, if the match awaits it: after the
    /// service's pace (see [`Service::with_practice_pace`]), works out the move from what the bot's seat may know (on a blocking thread, within the
    /// level's budget) and plays it like a player's click. `None` when there is
    /// nothing for the bot to do, or when the match moved on meanwhile (someone else
    /// made this decision: another process, an earlier attempt).
    ///
    /// # Errors
    /// Internal errors.
    pub async fn practice_move(&self, match_id: i64) -> Result<Option<ActOutcome>> {
        let Some(_thinking) = self.thinking.mark(match_id) else { return Ok(None) };
        tokio::time::sleep(self.practice_pace).await;
        // The match and its log from one snapshot, so that they agree.
        let (row, game, log) = {
            let mut tx = self.pool.begin().await?;
            let Some(read) = with_log(&mut tx, match_id).await? else { return Ok(None) };
            tx.commit().await?;
            read
        };
        let Some(practice) = practice_of(&row) else { return Ok(None) };
        if row.status != "active" || !game.to_act().includes(practice.seat) {
            return Ok(None);
        }
        let knowledge = game.knowledge(practice.seat, &log);
        let (level, seed) = (practice.level, bot_seed(row.id, row.version));
        let chosen =
            tokio::task::spawn_blocking(move || choose_action(&knowledge, level, seed, Budget::for_level(level)))
                .await
                .map_err(|e| ServiceError::Internal(format!("practice move of match {match_id}: {e}")))?;
        let Some(action) = chosen else { return Ok(None) };
        let bot = if practice.seat == Seat::A { row.seat_a } else { row.seat_b };
        let request = ActRequest {
            guild_id: discord_id(row.guild_id),
            match_id,
            turn: row.version,
            user_id: discord_id(bot),
            action,
            interaction_id: 0,
        };
        match self.act_as(request, bot_interaction(match_id, row.version), true).await {
            Ok(done) => Ok(Some(done)),
            // Another attempt made this decision first, or the player resigned meanwhile.
            Err(ServiceError::AlreadyApplied | ServiceError::Stale(_) | ServiceError::MatchOver) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The practice matches whose next decision is the bot's (after a restart, a lost
    /// task): the scheduler makes their moves.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn practice_due(&self) -> Result<Vec<i64>> {
        let mut conn = self.pool.acquire().await?;
        let mut due = Vec::new();
        for row in matches::active_practice(&mut conn).await? {
            let Some(practice) = practice_of(&row) else { continue };
            // Only once the board of the current turn is posted: until then, whoever posts it
            // (the player's move, or the scheduler's repost) starts the bot, after it, so that
            // the bot's board never comes before the board of the move it answers.
            if row.board_turn != Some(row.version) {
                continue;
            }
            if load_game(&row)?.to_act().includes(practice.seat) {
                due.push(row.id);
            }
        }
        Ok(due)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_interactions_are_negative_and_distinct() {
        let ids = [(1, 0), (1, 1), (2, 0), (i64::from(u32::MAX), 70_000)];
        let made: Vec<i64> = ids.iter().map(|&(m, t)| bot_interaction(m, t)).collect();
        assert!(made.iter().all(|&id| id < 0), "{made:?}");
        let mut sorted = made.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), made.len(), "{made:?}");
    }

    #[test]
    fn bot_seeds_differ_by_turn_and_match() {
        assert_ne!(bot_seed(1, 0), bot_seed(1, 1));
        assert_ne!(bot_seed(1, 0), bot_seed(2, 0));
        assert_eq!(bot_seed(5, 9), bot_seed(5, 9));
    }
}
