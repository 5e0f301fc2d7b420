//! Buttons and menus, routed on their namespaced `custom_id`. Nothing here
//! depends on memory: a click after a restart works the same.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseMessage,
};
use tracing::{debug, warn};

use super::at_hand::AtHand;
use super::custom_id::{decode_action, CustomId};
use super::{commands, public_lang, render, retry, user_message, Data};
use crate::i18n::Lang;
use crate::observe::{self, metrics::Outcome as Answer};
use crate::service::{ActRequest, DrawAnswer, PlayerInfo, Rematch, ServiceError};
use crate::t;

fn player(i: &ComponentInteraction) -> PlayerInfo {
    let name = i.member.as_ref().map_or_else(|| i.user.display_name().to_owned(), |m| m.display_name().to_owned());
    PlayerInfo { user_id: i.user.id.get(), name, bot: i.user.bot }
}

/// A new ephemeral message answering the click.
fn private(text: String) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content(render::clamp(text)).ephemeral(true),
    )
}

/// Replaces the clicked message's text and removes its components.
fn update(text: String) -> CreateInteractionResponse {
    CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new().content(render::clamp(text)).components(Vec::new()),
    )
}

/// How long working out a click's answer may take before it is answered "try again in a
/// moment" instead (the database slow or away, not yet noticed by the prober), so that the
/// answer still arrives within Discord's 3 seconds.
const ANSWER_BUDGET: Duration = Duration::from_millis(2_000);

/// Handles a component interaction: answers it (always), then does any follow-up work.
/// While the database is away, the answer is "try again in a moment", at once, in the
/// user's client's language, and nothing is changed.
pub async fn handle(ctx: &serenity::Context, data: &Data, i: &ComponentInteraction) {
    let client = || Lang::from_discord_or_english(Some(&i.locale));
    let worked_out = match observe::health().database_away() {
        Some(why) => Err(why),
        None => tokio::time::timeout(ANSWER_BUDGET, async {
            let me = super::user_lang_of(&data.service, i.user.id.get(), Some(&i.locale)).await;
            (me, respond(ctx, data, i, me).await)
        })
        .await
        .map_err(|_| format!("no answer within {ANSWER_BUDGET:?}")),
    };
    let (me, worked_out) = match worked_out {
        Ok((me, result)) => (me, result),
        Err(why) => (client(), Err(ServiceError::Unavailable(why))),
    };
    let (response, outcome) = match worked_out {
        Ok(Some(work)) => (work, Answer::Answered),
        Ok(None) => return,
        Err(e) => {
            let outcome = if matches!(e, ServiceError::Internal(_)) { Answer::Failed } else { Answer::Refused };
            // Once a line per click, not per outage: the prober tells when it goes and comes.
            if let ServiceError::Unavailable(why) = &e {
                debug!(%why, "a click was answered \"try again in a moment\": the database is away");
            }
            (Outcome::reply(private(user_message(me, &e))), outcome)
        }
    };
    // The board of a decision made here is published here, once the click is answered.
    let _in_hand = response.after.as_ref().and_then(After::match_id).map(super::publish::in_hand);
    // Within Discord's 3 seconds: a passing failure is tried again (waits of 1.75 s at most).
    let answer = &response.response;
    let sent = retry::with_retry("answering an interaction", || i.create_response(&ctx.http, answer.clone())).await;
    // Its routes carry what follows only once it is answered (not deferred: a deferred
    // answer's first follow-up would replace it).
    let at_hand = match sent {
        Ok(()) => {
            observe::interaction::answered(outcome);
            Some(AtHand::of(i, data.service.now()))
        }
        Err(e) => {
            observe::interaction::answered(Answer::Failed);
            warn!(error = %e, custom_id = %CustomId::loggable(&i.data.custom_id), "could not answer an interaction");
            None
        }
    };
    if let Some(after) = response.after {
        let decided = matches!(after, After::Board(_) | After::Start(_));
        let server = public_lang(&data.service, i.guild_id.map_or(0, |g| g.get()), i.guild_locale.as_deref()).await;
        after.run(ctx, data, server, i, at_hand.as_ref()).await;
        if let (true, Some(elapsed)) = (decided, observe::interaction::since_arrival()) {
            observe::metrics::board_visible(elapsed);
        }
    }
}

/// The answer to an interaction, and what to do once it has been sent.
struct Outcome {
    response: CreateInteractionResponse,
    after: Option<After>,
}

impl Outcome {
    fn reply(response: CreateInteractionResponse) -> Outcome {
        Outcome { response, after: None }
    }
}

/// Work done after answering (Discord wants an answer within 3 seconds).
enum After {
    /// Post a new board.
    Board(Box<crate::service::BoardView>),
    /// A match has begun: open its thread (if allowed), then post its first board.
    Start(Box<crate::service::AcceptOutcome>),
    /// Show a draw offer to the opponent.
    DrawOffer(crate::service::DrawOffer),
    /// Post a rematch challenge in this channel.
    Challenge(Box<crate::service::ChallengeView>, u64),
    /// Announce a practice match (a rematch) and start its thread.
    Practice(Box<crate::service::BoardView>),
    /// Follow the record of an ended match with its pictures: the end with every secret
    /// revealed, and the animated replay (a follow-up, in the clicking user's language).
    Replay { match_id: i64, record: String, lang: Lang },
    /// Edit a tournament's announcement (its players changed), after posting the final
    /// boards of matches a withdrawal ended.
    Tournament { event: Box<crate::service::tournament::TournamentView>, ended: Vec<crate::service::BoardView> },
}

impl After {
    /// The match whose board this work publishes, if any.
    fn match_id(&self) -> Option<i64> {
        match self {
            After::Board(board) | After::Practice(board) => Some(board.match_id),
            After::Start(outcome) => Some(outcome.board.match_id),
            _ => None,
        }
    }

    async fn run(
        self,
        ctx: &serenity::Context,
        data: &Data,
        server: Lang,
        i: &ComponentInteraction,
        at_hand: Option<&AtHand>,
    ) {
        match self {
            After::Replay { match_id, record, lang } => {
                let drawn = tokio::task::spawn_blocking(move || replay_pictures(lang, match_id, &record)).await;
                let message = match drawn {
                    Ok(Ok(message)) => message,
                    Ok(Err(e)) => return warn!(match_id, error = %e, "a record did not replay into pictures"),
                    Err(e) => return warn!(match_id, error = %e, "drawing a replay failed"),
                };
                if let Err(e) = super::layout::follow_up(&ctx.http, &i.token, &message).await {
                    warn!(match_id, error = %e, "could not send a match's replay");
                }
            }
            After::Board(board) => super::publish_in(&ctx.http, &data.service, &board, Some(server), at_hand).await,
            After::Tournament { event, ended } => {
                super::tournament::post_boards(&ctx.http, &data.service, &ended).await;
                super::tournament::refresh_announcement(&ctx.http, &data.service, server, &event).await;
            }
            After::Start(outcome) => {
                let mut board = outcome.board;
                // Made just now: nothing of it is on Discord to look for.
                super::lookup::note_known(board.match_id, false);
                if outcome.thread {
                    let c = &outcome.challenge;
                    let name = render::thread_name(server, board.match_id, &c.challenger.name, &c.challenged.name);
                    let from = outcome.challenge_message;
                    if let Some(thread) = super::open_thread(&ctx.http, &data.service, &board, name, from).await {
                        board.channel_id = thread;
                    }
                }
                // In the match's own thread, the interaction (in the channel) does not fit.
                super::publish_in(&ctx.http, &data.service, &board, Some(server), at_hand).await;
            }
            After::Challenge(challenge, channel) => {
                commands::post_challenge(ctx, data, server, &challenge, channel).await
            }
            After::Practice(board) => {
                let text = render::practice_announcement(server, &board);
                let message = serenity::CreateMessage::new().content(text);
                let posted = super::publish::post_message(&ctx.http, board.channel_id, &message, at_hand).await;
                let announcement = match posted {
                    Ok(message) => Some(message),
                    Err(e) => {
                        warn!(error = %e, match_id = board.match_id, "could not announce a practice match");
                        None
                    }
                };
                if let Err(e) = super::start_practice(&ctx.http, &data.service, server, *board, announcement).await {
                    warn!(error = ?e, "could not start a practice match's thread");
                }
            }
            After::DrawOffer(offer) => {
                let message = render::draw_offer(server, &offer);
                let sent = super::publish::post_message(&ctx.http, offer.channel_id, &message, at_hand).await;
                if let Err(e) = sent {
                    warn!(error = %e, match_id = offer.match_id, "could not post a draw offer");
                }
            }
        }
    }
}

/// Answers a click; `me` is the clicking user's language (public messages are in the
/// server's, looked up only when one is changed).
async fn respond(
    _ctx: &serenity::Context,
    data: &Data,
    i: &ComponentInteraction,
    me: Lang,
) -> Result<Option<Outcome>, ServiceError> {
    let service = &data.service;
    let Some(guild) = i.guild_id.map(|g| g.get()) else {
        return Ok(Some(Outcome::reply(private(t!(me, "error-guild-only")))));
    };
    let Some(id) = CustomId::decode(&i.data.custom_id) else {
        debug!(custom_id = %CustomId::loggable(&i.data.custom_id), "unknown custom_id");
        return Ok(Some(Outcome::reply(private(t!(me, "error-invalid-button")))));
    };
    let server = || public_lang(service, guild, i.guild_locale.as_deref());
    let user = i.user.id.get();
    let outcome = match id {
        CustomId::Accept(challenge) => {
            // The clicked message is the challenge.
            let accepted = service.accept_from(challenge, &player(i), Some(i.message.id.get())).await?;
            let text = render::challenge_closed(
                server().await,
                &accepted.challenge,
                "accepted",
                Some(accepted.board.match_id),
            );
            Outcome { response: update(text), after: Some(After::Start(Box::new(accepted))) }
        }
        CustomId::Decline(challenge) => {
            let declined = service.decline(challenge, user).await?;
            Outcome::reply(update(render::challenge_closed(server().await, &declined.challenge, declined.status, None)))
        }
        CustomId::Withdraw(challenge) => {
            let withdrawn = service.withdraw(challenge, user).await?;
            Outcome::reply(update(render::challenge_closed(
                server().await,
                &withdrawn.challenge,
                withdrawn.status,
                None,
            )))
        }
        CustomId::OfferDraw { match_id } => match service.offer_draw(guild, match_id, user, i.id.get()).await? {
            Ok(offer) => {
                let text = t!(me, "draw-offered", name = crate::present::escape(&offer.to.name));
                Outcome { response: private(text), after: Some(After::DrawOffer(offer)) }
            }
            Err(DrawAnswer::Accepted(done)) => Outcome {
                response: private(t!(me, "draw-both-offered")),
                after: Some(After::Board(Box::new(done.board))),
            },
            Err(DrawAnswer::Declined { .. }) => Outcome::reply(private(t!(me, "draw-was-declined"))),
        },
        CustomId::DrawAccept { match_id, turn } | CustomId::DrawDecline { match_id, turn } => {
            let accept = matches!(id, CustomId::DrawAccept { .. });
            match service.answer_draw(guild, match_id, turn, user, accept, i.id.get()).await? {
                DrawAnswer::Accepted(done) => Outcome {
                    response: update(t!(server().await, "draw-agreed", id = match_id)),
                    after: Some(After::Board(Box::new(done.board))),
                },
                DrawAnswer::Declined { by } => Outcome::reply(update(t!(
                    server().await,
                    "draw-declined",
                    name = crate::present::escape(&by.name),
                    id = match_id
                ))),
            }
        }
        CustomId::Hand { match_id, turn } => {
            let view = match service.hand(guild, match_id, user).await {
                Err(ServiceError::NotInMatch) => {
                    return Ok(Some(Outcome::reply(spectator(service, me, guild, match_id).await?)));
                }
                other => other?,
            };
            let mut text = render::hand_text(me, &view);
            if view.turn != turn {
                text = format!("{}\n{text}", t!(me, "hand-board-out-of-date"));
            }
            Outcome::reply(CreateInteractionResponse::Message(with_picture(
                CreateInteractionResponseMessage::new()
                    .content(render::clamp(text))
                    .components(render::hand_components(me, &view))
                    .ephemeral(true),
                me,
                &view,
                super::pictures_on(service, guild).await,
            )))
        }
        CustomId::Resign { match_id } => {
            service.hand(guild, match_id, user).await?;
            Outcome::reply(CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(t!(me, "resign-confirm", id = match_id))
                    .components(commands::resign_buttons(me, match_id))
                    .ephemeral(true),
            ))
        }
        CustomId::ResignConfirm { match_id } => {
            let done = service.resign(guild, match_id, user, i.id.get()).await?;
            Outcome { response: update(render::done(me, &done.done)), after: Some(After::Board(Box::new(done.board))) }
        }
        CustomId::ResignCancel { .. } => Outcome::reply(update(t!(me, "resign-cancelled"))),
        CustomId::Act { match_id, turn, action } => act(data, guild, i, me, match_id, turn, action).await?,
        CustomId::Choose { match_id, turn, .. } => {
            let code = match &i.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
                _ => None,
            };
            let Some(action) = code.as_deref().and_then(decode_action) else {
                return Ok(Some(Outcome::reply(private(t!(me, "error-invalid-choice")))));
            };
            act(data, guild, i, me, match_id, turn, action).await?
        }
        CustomId::Step { match_id, turn, step } => {
            let hand = service.hand(guild, match_id, user).await?;
            let values = match &i.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.clone(),
                _ => Vec::new(),
            };
            if hand.turn != turn && render::step_needs_turn(&hand, step.as_str()) {
                let text = format!("{}\n{}", t!(me, "hand-prompt-out-of-date"), render::hand_text(me, &hand));
                return Ok(Some(Outcome::reply(CreateInteractionResponse::UpdateMessage(with_picture(
                    CreateInteractionResponseMessage::new()
                        .content(render::clamp(text))
                        .components(render::hand_components(me, &hand)),
                    me,
                    &hand,
                    super::pictures_on(service, guild).await,
                )))));
            }
            let pictures = super::pictures_on(service, guild).await;
            match render::hand_step(me, &hand, step.as_str(), &values, i.id.get(), pictures) {
                Ok((render::StepReply::Update(text, rows), picture)) => {
                    let message = CreateInteractionResponseMessage::new().content(text).components(rows);
                    Outcome::reply(CreateInteractionResponse::UpdateMessage(with_step_picture(
                        message, me, &hand, picture, pictures,
                    )))
                }
                Ok((render::StepReply::Reply(text, rows), _)) => Outcome::reply(CreateInteractionResponse::Message(
                    CreateInteractionResponseMessage::new().content(text).components(rows).ephemeral(true),
                )),
                Err(why) => Outcome::reply(private(why)),
            }
        }
        CustomId::Rematch { match_id } => match service.rematch(guild, match_id, &player(i), i.id.get()).await? {
            Rematch::Challenge { challenge, channel_id } => {
                let text = t!(me, "rematch-sent", name = crate::present::escape(&challenge.challenged.name));
                Outcome { response: private(text), after: Some(After::Challenge(Box::new(challenge), channel_id)) }
            }
            Rematch::Practice(board) => {
                let text = t!(me, "rematch-practice", id = board.match_id);
                Outcome { response: private(text), after: Some(After::Practice(board)) }
            }
        },
        CustomId::TournamentJoin(id) => {
            let joined = service.join_tournament(guild, id, &player(i)).await?;
            let text = render::tournament::joined(me, &joined.event, joined.late);
            let after = After::Tournament { event: Box::new(joined.event), ended: Vec::new() };
            Outcome { response: private(text), after: Some(after) }
        }
        CustomId::TournamentLeave(id) => {
            let left = service.leave_tournament(guild, id, user).await?;
            let text = render::tournament::left(me, &left.event);
            let after = After::Tournament { event: Box::new(left.event), ended: left.ended };
            Outcome { response: private(text), after: Some(after) }
        }
        CustomId::Export { match_id } => {
            let (response, record) = commands::export_record(data, guild, match_id, me).await?;
            Outcome { response, after: Some(After::Replay { match_id, record, lang: me }) }
        }
        id @ (CustomId::Leaderboard { .. } | CustomId::SeasonLeaderboard { .. }) => {
            let langs = (me, server().await);
            Outcome::reply(commands::ladder_component(data, guild, i, id, langs).await?)
        }
    };
    Ok(Some(outcome))
}

/// What a spectator who presses Play sees: the board, and how to play a match of their own.
async fn spectator(
    service: &crate::service::Service,
    me: Lang,
    guild: u64,
    match_id: i64,
) -> Result<CreateInteractionResponse, ServiceError> {
    let board = service.board_in(guild, match_id).await?;
    let mut message =
        render::board_message(me, &board, &t!(me, "spectator-watching", id = match_id), render::Look::TEXT);
    Ok(CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(t!(me, "spectator-how-to-play"))
            .embeds(std::mem::take(&mut message.embeds))
            .ephemeral(true),
    ))
}

/// The pictures of an ended match, from its record, as a private layout message: a
/// gallery of its end with every secret revealed and its animated replay, side by side at
/// the message's width, each with alt text in `lang`.
fn replay_pictures(
    lang: Lang,
    match_id: i64,
    record: &str,
) -> Result<super::layout::LayoutMessage, engarde_rules::ReplayError> {
    use super::layout::{Component, LayoutMessage, MediaItem, Upload};
    use crate::present::picture;
    let reveal = picture::reveal(record)?;
    let end = Upload {
        filename: format!("match-{match_id}-end.png"),
        description: Some(picture::alt_reveal(lang, record)?),
        data: reveal.png.to_vec(),
    };
    let replay = picture::replay(record)?;
    let animated = Upload {
        filename: format!("match-{match_id}-replay.gif"),
        description: Some(picture::alt_replay(lang, replay.frames)),
        data: replay.gif,
    };
    let gallery = Component::Gallery(vec![MediaItem::attached(&end), MediaItem::attached(&animated)]);
    Ok(LayoutMessage::new(vec![gallery]).upload(end).upload(animated).ephemeral())
}

/// A prompt with the picture of the player's own view (their hand, their fortress), its
/// alt text in their language; none where the server's boards are drawn in text
/// (`pictures` false: `/engarde-admin config boards: text` means prompts in text too).
fn with_picture(
    message: CreateInteractionResponseMessage,
    me: Lang,
    hand: &crate::service::HandView,
    pictures: bool,
) -> CreateInteractionResponseMessage {
    if !pictures {
        return message;
    }
    let picture = crate::present::picture::prompt(&hand.view);
    let mut file = serenity::CreateAttachment::bytes(picture.png.to_vec(), "view.png");
    file.description = Some(crate::present::picture::alt_prompt(me, &hand.view));
    message.add_file(file)
}

/// A prompt step with the picture it shows ([`render::StepPicture`]): the player's own
/// view, a Forteresse shooter's target aimed from a ring cell, or a Forteresse fortress in
/// the making, its alt text in their language. An update without one shows none.
fn with_step_picture(
    message: CreateInteractionResponseMessage,
    me: Lang,
    hand: &crate::service::HandView,
    picture: render::StepPicture,
    pictures: bool,
) -> CreateInteractionResponseMessage {
    use crate::present::picture;
    match (picture, &hand.view) {
        _ if !pictures => message,
        (render::StepPicture::View, _) => with_picture(message, me, hand, true),
        (render::StepPicture::Aim(from), engarde_rules::SeatView::Forteresse(v)) => {
            let mut file = serenity::CreateAttachment::bytes(picture::aim(v, from).png.to_vec(), "aim.png");
            file.description = Some(picture::alt_aim(me, v, from));
            message.add_file(file)
        }
        (render::StepPicture::Fortress(grid), engarde_rules::SeatView::Forteresse(v)) => {
            let placing = engarde_rules::SeatView::Forteresse(engarde_rules::forteresse::SeatView {
                fortress: Some(grid),
                ..v.clone()
            });
            let mut file = serenity::CreateAttachment::bytes(picture::prompt(&placing).png.to_vec(), "view.png");
            file.description = Some(picture::alt_placing(me, &grid));
            message.add_file(file)
        }
        (render::StepPicture::None | render::StepPicture::Aim(_) | render::StepPicture::Fortress(_), _) => message,
    }
}

async fn act(
    data: &Data,
    guild_id: u64,
    i: &ComponentInteraction,
    me: Lang,
    match_id: i64,
    turn: i64,
    action: engarde_rules::MatchAction,
) -> Result<Outcome, ServiceError> {
    let user = i.user.id.get();
    let request = ActRequest { guild_id, match_id, turn, user_id: user, action, interaction_id: i.id.get() };
    let done = data.service.act(request).await?;
    // The same player decides again (a turn of several decisions, a riposte, an extra
    // shot): their next prompt replaces this one, under what they just did.
    let again = done.board.outcome.is_none() && done.board.to_act().any(|p| p.user_id == user);
    let next = if again { data.service.hand(guild_id, match_id, user).await.ok() } else { None };
    let response = match next {
        Some(mut hand) => {
            // The new board is posted after this answer: no link to the old one.
            hand.board = None;
            CreateInteractionResponse::UpdateMessage(with_picture(
                CreateInteractionResponseMessage::new()
                    .content(render::clamp(format!(
                        "{}\n{}",
                        render::done(me, &done.done),
                        render::hand_text(me, &hand)
                    )))
                    .components(render::hand_components(me, &hand)),
                me,
                &hand,
                super::pictures_on(&data.service, guild_id).await,
            ))
        }
        None => update(render::done(me, &done.done)),
    };
    Ok(Outcome { response, after: Some(After::Board(Box::new(done.board))) })
}
