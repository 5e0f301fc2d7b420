//! Challenges: make one, accept it (the match starts), decline or withdraw it.

use crate::store::Exec;
use engarde_rules::{Match, OptionMap, Variant};

use super::views::{BoardView, ChallengeView, PlayerInfo};
use super::Narration;
use super::{player, settings, Result, Service, ServiceError};
use crate::store::challenges::{self, ChallengeRow, NewChallenge};
use crate::store::{db_id, discord_id, is_unique_violation, matches, players};

/// `/engarde challenge`.
#[derive(Clone, Debug)]
pub struct ChallengeRequest {
    /// The server.
    pub guild_id: u64,
    /// The channel the command was used in.
    pub channel_id: u64,
    /// Who challenges.
    pub challenger: PlayerInfo,
    /// Who is challenged.
    pub challenged: PlayerInfo,
    /// The variant; `None`: the server's default.
    pub variant: Option<Variant>,
    /// Changes to the variant's default rule options, by their names in match records
    /// (checked against the variant's game).
    pub options: OptionMap,
    /// Time for each decision; `None`: the server's default.
    pub turn: Option<std::time::Duration>,
    /// The slash command's interaction id (a repeat makes nothing new).
    pub interaction_id: u64,
}

/// The match that an accepted challenge started.
#[derive(Clone, Debug)]
pub struct AcceptOutcome {
    /// The challenge.
    pub challenge: ChallengeView,
    /// The public challenge message, to start the match's thread from (when the server's
    /// matches get threads and the boards stay in the challenge's channel).
    pub challenge_message: Option<u64>,
    /// The first board.
    pub board: BoardView,
    /// Whether the match should get its own thread (the server's setting).
    pub thread: bool,
}

/// A challenge declined (by the challenged player) or withdrawn (by the challenger).
#[derive(Clone, Debug)]
pub struct DeclineOutcome {
    /// The challenge.
    pub challenge: ChallengeView,
    /// `declined` or `cancelled`.
    pub status: &'static str,
}

pub(crate) async fn challenge_view(conn: &mut dyn Exec, row: &ChallengeRow, now: i64) -> Result<ChallengeView> {
    let variant: Variant =
        row.variant.parse().map_err(|e| ServiceError::Internal(format!("challenge {}: {e}", row.id)))?;
    let options: OptionMap = serde_json::from_str(&row.options)?;
    Ok(ChallengeView {
        id: row.id,
        challenger: player(conn, row.guild_id, row.challenger_id).await?,
        challenged: player(conn, row.guild_id, row.challenged_id).await?,
        variant,
        options,
        turn_seconds: row.turn_seconds,
        expires_at: row.expires_at,
        challenged_away_until: super::life::away::away_until(conn, row.guild_id, row.challenged_id, now).await?,
    })
}

impl Service {
    /// Makes a challenge.
    ///
    /// # Errors
    /// Challenging oneself or a bot, an unfinished match or a pending challenge
    /// between the two, options out of range; internal errors.
    pub async fn challenge(&self, req: ChallengeRequest) -> Result<ChallengeView> {
        if req.challenger.user_id == req.challenged.user_id {
            return Err(ServiceError::ChallengeSelf);
        }
        if req.challenged.bot {
            return Err(ServiceError::ChallengeBot);
        }
        let turn =
            req.turn.map(|t| settings::in_range("error-turn-time-range", t, settings::TURN_RANGE)).transpose()?;
        let now = self.now();
        let guild = db_id(req.guild_id);
        let (a, b) = (db_id(req.challenger.user_id), db_id(req.challenged.user_id));
        let mut tx = self.begin_write().await?;
        if let Some(row) = challenges::by_interaction(&mut tx, db_id(req.interaction_id)).await? {
            let view = challenge_view(&mut tx, &row, self.now()).await?;
            return Ok(view);
        }
        let server = settings::load(&mut tx, req.guild_id).await?;
        let variant = req.variant.unwrap_or(server.default_variant);
        let turn = turn.unwrap_or(server.turn);
        let overrides = challenge_options(variant, req.options)?;
        players::upsert(&mut tx, guild, a, &req.challenger.name, now).await?;
        players::upsert(&mut tx, guild, b, &req.challenged.name, now).await?;
        if let Some(id) = matches::active_between(&mut tx, guild, a, b).await? {
            return Err(ServiceError::AlreadyPlaying(req.challenged.name, id));
        }
        if challenges::pending_between(&mut tx, guild, a, b, now).await?.is_some() {
            return Err(ServiceError::ChallengePending(req.challenged.name));
        }
        let options = serde_json::to_string(&overrides)?;
        let new = NewChallenge {
            guild_id: guild,
            channel_id: db_id(req.channel_id),
            challenger_id: a,
            challenged_id: b,
            variant: variant.name(),
            options: &options,
            interaction_id: db_id(req.interaction_id),
            turn_seconds: seconds(turn),
            expires_at: now + seconds(server.challenge),
            now,
        };
        let id = match challenges::insert(&mut tx, &new).await {
            Err(e) if is_unique_violation(&e) => return Err(ServiceError::AlreadyApplied),
            other => other?,
        };
        let row = challenges::get(&mut tx, id).await?.ok_or(ServiceError::ChallengeNotFound)?;
        let view = challenge_view(&mut tx, &row, self.now()).await?;
        tx.commit().await?;
        Ok(view)
    }

    /// Remembers the public message showing a challenge. Returns the challenge's
    /// status: it may have expired while its message was being posted, in which case
    /// the scheduler could not close the message.
    ///
    /// # Errors
    /// An unknown challenge; internal errors.
    pub async fn set_challenge_message(&self, challenge_id: i64, message_id: u64) -> Result<String> {
        let mut tx = self.begin_write().await?;
        let status = challenges::set_message(&mut tx, challenge_id, db_id(message_id))
            .await?
            .ok_or(ServiceError::ChallengeNotFound)?;
        tx.commit().await?;
        Ok(status)
    }

    /// Accepts a challenge: the match starts.
    ///
    /// # Errors
    /// Not the challenged player, a challenge no longer pending, an unfinished
    /// match between the two; internal errors.
    pub async fn accept(&self, challenge_id: i64, user: &PlayerInfo) -> Result<AcceptOutcome> {
        self.accept_from(challenge_id, user, None).await
    }

    /// [`Service::accept`], clicked on `message`, the challenge's message (its id may not be
    /// stored yet: the click can come before the command that posted it has noted it).
    ///
    /// # Errors
    /// As [`Service::accept`].
    pub async fn accept_from(
        &self,
        challenge_id: i64,
        user: &PlayerInfo,
        message: Option<u64>,
    ) -> Result<AcceptOutcome> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        let row = challenges::get(&mut tx, challenge_id).await?.ok_or(ServiceError::ChallengeNotFound)?;
        if row.challenged_id != db_id(user.user_id) {
            return Err(ServiceError::NotForYou);
        }
        if row.status != "pending" {
            return Err(ServiceError::ChallengeClosed(row.status));
        }
        if row.expires_at <= now {
            // The scheduler has not got to it yet: it has expired all the same.
            challenges::close(&mut tx, challenge_id, "expired", None, now).await?;
            tx.commit().await?;
            return Err(ServiceError::ChallengeClosed("expired".to_owned()));
        }
        players::upsert(&mut tx, row.guild_id, row.challenged_id, &user.name, now).await?;
        let challenge = challenge_view(&mut tx, &row, self.now()).await?;
        if let Some(id) = matches::active_between(&mut tx, row.guild_id, row.challenger_id, row.challenged_id).await? {
            return Err(ServiceError::AlreadyPlaying(challenge.challenger.name, id));
        }
        let game = Match::start(challenge.variant, &challenge.options, (self.seeds)(), None)
            .map_err(|e| ServiceError::Internal(format!("new game: {e}")))?;
        let state = game.save()?;
        let server = settings::load(&mut tx, discord_id(row.guild_id)).await?;
        let board_channel = server.board_channel.map_or(row.channel_id, db_id);
        // A thread grows from the challenge message when the boards stay in its channel.
        let challenge_message = row.message_id.or(message.map(db_id));
        let thread_from = challenge_message.filter(|_| server.threads && board_channel == row.channel_id);
        let match_id = matches::insert(
            &mut tx,
            &matches::NewMatch {
                guild_id: row.guild_id,
                channel_id: board_channel,
                seat_a: row.challenger_id,
                seat_b: row.challenged_id,
                game: game.game().name(),
                variant: challenge.variant.name(),
                state: &state,
                state_format: i64::from(game.game().state_format()),
                turn_seconds: row.turn_seconds,
                home_channel_id: row.channel_id,
                now,
                practice: None,
                thread_from,
            },
        )
        .await?;
        if !challenges::close(&mut tx, challenge_id, "accepted", Some(match_id), now).await? {
            return Err(ServiceError::ChallengeClosed("answered".to_owned()));
        }
        tx.commit().await?;
        let players = engarde_rules::BySeat { a: challenge.challenger.clone(), b: challenge.challenged.clone() };
        let board = BoardView {
            match_id,
            guild_id: discord_id(row.guild_id),
            channel_id: discord_id(board_channel),
            turn: 0,
            public: game.public_view(),
            to_act: game.to_act(),
            outcome: None,
            narration: Narration::Opening,
            players,
            deadline: Some(now + row.turn_seconds),
            aborted: false,
            practice: None,
            fresh: true,
            actor: None,
            life: Default::default(),
        };
        Ok(AcceptOutcome { challenge, challenge_message: thread_from.map(discord_id), board, thread: server.threads })
    }

    /// Declines (the challenged player) or withdraws (the challenger) a challenge.
    ///
    /// # Errors
    /// Someone else, a challenge no longer pending; internal errors.
    pub async fn decline(&self, challenge_id: i64, user: u64) -> Result<DeclineOutcome> {
        self.answer_no(challenge_id, user, false).await
    }

    /// Withdraws a challenge: only its challenger may.
    ///
    /// # Errors
    /// Someone else, a challenge no longer pending; internal errors.
    pub async fn withdraw(&self, challenge_id: i64, user: u64) -> Result<DeclineOutcome> {
        self.answer_no(challenge_id, user, true).await
    }

    async fn answer_no(&self, challenge_id: i64, user: u64, challenger_only: bool) -> Result<DeclineOutcome> {
        let mut tx = self.begin_write().await?;
        let row = challenges::get(&mut tx, challenge_id).await?.ok_or(ServiceError::ChallengeNotFound)?;
        let status = if row.challenged_id == db_id(user) && !challenger_only {
            "declined"
        } else if row.challenger_id == db_id(user) {
            "cancelled"
        } else {
            return Err(ServiceError::NotForYou);
        };
        if row.status != "pending" {
            return Err(ServiceError::ChallengeClosed(row.status));
        }
        challenges::close(&mut tx, challenge_id, status, None, self.now()).await?;
        let challenge = challenge_view(&mut tx, &row, self.now()).await?;
        tx.commit().await?;
        Ok(DeclineOutcome { challenge, status })
    }
}

/// A challenge's option changes, checked by starting a match of `variant` with them; a
/// refusal is worded from the rules' message (`rules-option-…`) in the reader's language.
pub(super) fn challenge_options(variant: Variant, options: OptionMap) -> Result<OptionMap> {
    match Match::start(variant, &options, 0, None) {
        Ok(_) => Ok(options),
        Err(why) => Err(ServiceError::BadOptions(
            crate::i18n::Text::new("error-rules-do-not-fit")
                .arg("variant", crate::present::variant_title_text(variant))
                .arg("why", crate::present::rules_message(why.message())),
        )),
    }
}

fn seconds(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}
