//! Puts boards on Discord, one calm thread per match (see `docs/boards.md`): a new board
//! when the players to act change, else the live board edited in place; the board before
//! a new one loses its buttons first, so that at no moment do two boards have any.
//!
//! Where an interaction is at hand (the click that led to the board, in the board's own
//! channel), its routes carry the board: a new board is its follow-up, and a board posted
//! that way is edited (in place, or to take its buttons off) through that interaction's token
//! while Discord honours it ([`at_hand`]). Discord does not count those requests against the
//! bot's global limit; everything else goes through the channel's routes and the gate.
//!
//! The boards of one match are published one at a time, in order (a lock per match), by the
//! one process that owns the match ([`owner`]); a board older than the live one is moot.
//! What was published is recorded in the database ([`Service::record_board`]), never only in
//! memory, and settles what the match was owed (`board_outbox`, written with the decision):
//! a board that could not be published stays owed, and the owner's outbox loop
//! (`super::outbox`) publishes it. Where this process does not know a match's messages (a
//! board owed since before it started, or a request that failed), it looks for the board on
//! Discord before it posts it ([`lookup`]), and every message of the match with game buttons
//! loses them before a new board is posted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use poise::serenity_prelude as serenity;
use tracing::{debug, error, warn};

use super::at_hand::{self, AtHand};
use super::lookup::{self, Found};
use super::owner;
use super::ratelimit::{self, Priority};
use super::{public_lang, render};
use crate::i18n::Lang;
use crate::service::{BoardView, LiveBoard, Service};

/// One match's boards being published: the lock that keeps them in order, and the boards
/// waiting for it.
#[derive(Default)]
struct Slot {
    lock: tokio::sync::Mutex<()>,
    pending: Mutex<Vec<BoardView>>,
}

/// The matches whose boards are being published, by match.
static PUBLISHING: Mutex<Option<HashMap<i64, Arc<Slot>>>> = Mutex::new(None);

/// Holds one match's slot while it lives: while one does, the match is [`busy`].
pub(crate) struct Turn {
    match_id: i64,
    slot: Arc<Slot>,
}

impl Turn {
    fn of(match_id: i64) -> Turn {
        let mut all = PUBLISHING.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = Arc::clone(all.get_or_insert_with(HashMap::new).entry(match_id).or_default());
        Turn { match_id, slot }
    }
}

/// Marks match `match_id` as being published by the caller, who made a decision of it and
/// publishes its board next (after answering a click, or announcing a round): until the
/// mark is dropped, the outbox loop leaves the match to it.
pub(crate) fn in_hand(match_id: i64) -> Turn {
    Turn::of(match_id)
}

/// Whether a task of this process is publishing match `match_id`'s boards (or waits to).
pub(crate) fn busy(match_id: i64) -> bool {
    let all = PUBLISHING.lock().unwrap_or_else(PoisonError::into_inner);
    all.as_ref().is_some_and(|m| m.contains_key(&match_id))
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut all = PUBLISHING.lock().unwrap_or_else(PoisonError::into_inner);
        // Nobody else holds or waits for it: forget it.
        if let Some(map) = all.as_mut() {
            if Arc::strong_count(&self.slot) == 2 {
                map.remove(&self.match_id);
            }
        }
    }
}

/// Merges the boards waiting for a match's turn (in the order they came) into the one to
/// publish, the newest, and those it narrates after; `None` when there are none.
fn merge(mut queued: Vec<BoardView>) -> Option<(BoardView, Vec<BoardView>)> {
    // Stable: of one turn, a final board comes last, else the later one.
    queued.sort_by_key(|b| (b.turn, b.is_over()));
    let last = queued.pop()?;
    Some((last, queued))
}

/// Publishes a match's board (see the module's documentation). When the practice bot
/// alone decides next, it decides first, and one board narrates both moves; when it decides
/// beside the player (simultaneous set-ups), the board comes first.
pub(crate) async fn publish(http: &Arc<serenity::Http>, service: &Service, board: &BoardView) {
    publish_in(http, service, board, None, None).await;
}

/// [`publish`], in the server's language when the caller knows it already (an interaction
/// reports it), else as the server's settings say; through the routes of the interaction
/// `at_hand` where they fit (see the module's documentation).
pub(crate) async fn publish_in(
    http: &Arc<serenity::Http>,
    service: &Service,
    board: &BoardView,
    lang: Option<Lang>,
    at_hand: Option<&AtHand>,
) {
    if board.awaits_bot() && board.humans_to_act().next().is_none() {
        spawn_bot_turns(http, service, board.match_id, vec![board.clone()]);
        return;
    }
    publish_one(http, service, board, &[], lang, at_hand).await;
    if board.awaits_bot() {
        spawn_bot_turns(http, service, board.match_id, Vec::new());
    }
}

/// Plays, in a task of its own, the practice bot's decisions in a match for as long as
/// they alone are awaited, then publishes one board narrating them, after `before` (boards
/// of the moves they answer, not yet published).
pub(crate) fn spawn_bot_turns(http: &Arc<serenity::Http>, service: &Service, match_id: i64, before: Vec<BoardView>) {
    let (http, service) = (Arc::clone(http), service.clone());
    tokio::spawn(async move { bot_turns(&http, &service, match_id, before).await });
}

async fn bot_turns(http: &serenity::Http, service: &Service, match_id: i64, mut pending: Vec<BoardView>) {
    loop {
        match service.practice_move(match_id).await {
            Ok(Some(done)) => {
                let board = done.board;
                if !board.awaits_bot() || board.humans_to_act().next().is_some() {
                    let mut board = board;
                    // The player whose move the bot answered is not notified of the answer:
                    // they are at their screen.
                    if let Some(first) = pending.first() {
                        board.actor = first.actor.or(board.actor);
                    }
                    return publish_one(http, service, &board, &pending, None, None).await;
                }
                pending.push(board);
            }
            // Nothing for the bot to do (another task made its move): the boards of the
            // moves so far are still owed.
            Ok(None) => break,
            Err(e) => {
                error!(match_id, error = ?e, "the practice bot could not move");
                break;
            }
        }
    }
    if let Some((board, before)) = pending.split_last() {
        publish_one(http, service, board, before, None, None).await;
    }
}

/// Publishes one board, narrating first what `before` (boards not published, of the
/// decisions that led to it) narrated: edits the live board in place, or posts a new one
/// and takes the buttons off every board before it; through the routes of the interaction
/// `at_hand` where they fit. Only the match's owner publishes ([`owner`]); where it does not
/// know the match's messages, it looks for this board on Discord first ([`lookup`]).
async fn publish_one(
    http: &serenity::Http,
    service: &Service,
    board: &BoardView,
    before: &[BoardView],
    lang: Option<Lang>,
    at_hand: Option<&AtHand>,
) {
    if !owner::owns(board.guild_id) {
        return debug!(match_id = board.match_id, "the process that owns this match publishes its board");
    }
    let turn = Turn::of(board.match_id);
    turn.slot.pending.lock().unwrap_or_else(PoisonError::into_inner).extend(before.iter().chain([board]).cloned());
    let _held = turn.slot.lock.lock().await;
    // Boards that came while the one before was being published (waiting for Discord's rate
    // limits) become one: the newest, narrating the others. Another publisher may have
    // taken ours already.
    let queued = std::mem::take(&mut *turn.slot.pending.lock().unwrap_or_else(PoisonError::into_inner));
    let Some((board, before)) = merge(queued) else { return };
    // Away time and quiet hours, as they are now: the board's lines, deadline and pings.
    let board = match service.with_life(board.clone()).await {
        Ok(board) => board,
        Err(e) => {
            warn!(match_id = board.match_id, error = ?e, "could not read the players' away time and quiet hours");
            board
        }
    };
    let (board, before) = (&board, before.as_slice());
    let mut live = live_board(service, board.match_id).await;
    if let Some(live) = &live {
        if moot(board, live) {
            // Shown already: what the match was owed for it is paid.
            if let Err(e) = service.settle_owed(board.match_id, board.turn, board.is_over()).await {
                warn!(match_id = board.match_id, error = ?e, "could not settle a board shown already");
            }
            return;
        }
    }
    // Where this process does not know the match's messages, the board may be on Discord
    // already, or a newer one than the live board noted (posted, and never noted).
    let known = lookup::known(board.match_id);
    let mut found = None;
    if !known {
        match lookup::look_up(http, service, board).await {
            Found::This(id) => found = Some(id),
            Found::Newest(newest) if live.as_ref().is_none_or(|l| newest.turn > l.turn) => {
                let narration = String::new();
                let (turn, channel_id, message_id) = (newest.turn, newest.channel_id, newest.message_id);
                live = Some(LiveBoard { turn, channel_id, message_id, narration, ended: false });
            }
            Found::Newest(_) | Found::NotThis => {}
            // Nothing is posted blindly: the outbox loop tries again.
            Found::Unreadable => return,
        }
    }
    // What the live board already narrates is not narrated again.
    let before: Vec<BoardView> =
        before.iter().filter(|b| live.as_ref().is_none_or(|live| !moot(b, live))).cloned().collect();
    let before = before.as_slice();
    let lang = match lang {
        Some(lang) => lang,
        None => public_lang(service, board.guild_id, None).await,
    };
    let lines: Vec<String> = before.iter().chain([board]).flat_map(|b| render::narration(lang, b)).collect();
    let fresh = board.fresh || before.iter().any(|b| b.fresh);
    let in_place = live.as_ref().filter(|live| !fresh && !live.ended && live.channel_id == board.channel_id);
    let narration = match in_place {
        Some(live) => render::continued(&live.narration, &lines),
        None => lines.join("\n"),
    };
    let now = service.now();
    let mut retired = Vec::new();
    if let Some(id) = found.or(in_place.map(|l| l.message_id)).filter(|_| !known) {
        // Every other message of the match with buttons loses them.
        retired = retire_all(http, service, board.match_id, live.as_ref(), false, Some(id), now).await.0;
        if found.is_some() {
            record(service, board, id, &narration, &retired).await;
            lookup::note_known(board.match_id, board.is_over());
            return quiet_pings(service, board).await;
        }
    }
    let mut picture = board_picture(service, lang, board).await;
    // A follow-up appears where its interaction happened: only there does it carry the board.
    let mut via = at_hand.filter(|h| h.channel_id == board.channel_id && h.fresh(now));
    if let Some(live) = in_place {
        if edit_in_place(http, service, lang, board, live, &narration, picture).await {
            crate::observe::metrics::board_shown(crate::observe::metrics::BoardShown::Edited);
            record(service, board, live.message_id, &narration, &retired).await;
            lookup::note_known(board.match_id, board.is_over());
        }
        return;
    }
    // Every board before it loses its buttons first: at no moment do two have any.
    let (retired, away) = retire_all(http, service, board.match_id, live.as_ref(), known, None, now).await;
    if away {
        // A board kept its buttons while Discord was away: the new one waits (it stays owed,
        // and the outbox loop tries again, looking first), so that two never have any.
        lookup::forget(board.match_id);
        return;
    }
    loop {
        let look = render::Look { picture: picture.as_ref().map(|_| Attached::FILE), fresh: true };
        let message = render::board_message(lang, board, &narration, look);
        let sent = match via {
            Some(by) => followup(http, by, &message, picture.as_ref()).await,
            None => post(http, board, &message, picture.as_ref()).await,
        };
        match sent {
            Sent::Done(id) => {
                crate::observe::metrics::board_shown(crate::observe::metrics::BoardShown::Posted);
                if let Some(by) = via {
                    at_hand::remember(id, by, now);
                }
                record(service, board, id, &narration, &retired).await;
                lookup::note_known(board.match_id, board.is_over());
                break quiet_pings(service, board).await;
            }
            Sent::NoFiles if picture.is_some() => picture = no_files_in(board.channel_id),
            // The interaction's token was refused: the channel's route is tried next.
            Sent::TokenRefused => via = None,
            Sent::NoFiles | Sent::Failed | Sent::ServerError => {
                // Discord may have made it all the same: the next try looks first.
                lookup::forget(board.match_id);
                break;
            }
        }
    }
}

/// Takes the buttons off match `match_id`'s boards before a new one is posted (all but
/// `except`): the live board where this process `known`s the match's messages, else every
/// message of the match noted with its buttons on. The messages whose buttons went, and
/// whether Discord was away for one of them (it kept its buttons: a new board must wait).
async fn retire_all(
    http: &serenity::Http,
    service: &Service,
    match_id: i64,
    live: Option<&LiveBoard>,
    known: bool,
    except: Option<u64>,
    now: i64,
) -> (Vec<u64>, bool) {
    let mut targets: Vec<(u64, u64)> = live.map(|l| (l.channel_id, l.message_id)).into_iter().collect();
    if !known {
        match service.boards_with_buttons(match_id).await {
            Ok(all) => targets.extend(all.iter().map(|b| (b.channel_id, b.message_id))),
            Err(e) => warn!(match_id, error = ?e, "could not read a match's boards with buttons"),
        }
    }
    targets.sort_unstable();
    targets.dedup();
    let (mut retired, mut away) = (Vec::new(), false);
    for (channel_id, message_id) in targets.into_iter().filter(|(_, m)| Some(*m) != except) {
        match try_retire(http, channel_id, message_id, now).await {
            Retire::Done => retired.push(message_id),
            Retire::Away => away = true,
            Retire::Refused => {}
        }
    }
    (retired, away)
}

/// The picture a board carries, if any: none where the server chose text boards or the
/// channel took no files lately.
async fn board_picture(service: &Service, lang: Lang, board: &BoardView) -> Option<Attached> {
    let drawn = super::pictures_on(service, board.guild_id).await && files_allowed(board.channel_id);
    drawn.then(|| Attached::board(lang, board))
}

/// Edits the live board in place to show `board` under `narration` (no ping: the same
/// players decide); whether Discord took it.
async fn edit_in_place(
    http: &serenity::Http,
    service: &Service,
    lang: Lang,
    board: &BoardView,
    live: &LiveBoard,
    narration: &str,
    mut picture: Option<Attached>,
) -> bool {
    let now = service.now();
    loop {
        let look = render::Look { picture: picture.as_ref().map(|_| Attached::FILE), fresh: false };
        let message = render::board_message(lang, board, narration, look);
        match edit(http, live, at_hand::posted(live.message_id, now).as_ref(), &message, picture.as_ref()).await {
            Sent::Done(_) => return true,
            // Where the bot may not attach files, the board is drawn in text.
            Sent::NoFiles if picture.is_some() => picture = no_files_in(board.channel_id),
            // The token that posted it was refused: the channel's route is tried next.
            Sent::TokenRefused => at_hand::forget(live.message_id),
            Sent::NoFiles | Sent::Failed | Sent::ServerError => return false,
        }
    }
}

/// Shows a match's live board again as the match stands (`board`, as
/// [`Service::board`] gives it), edited in place with the narration it has: when what it
/// shows beside the game changed, such as a player's away time starting or ending. Nothing
/// happens if the match has moved on to a board not posted yet, or ended.
pub(crate) async fn refresh(http: &serenity::Http, service: &Service, board: BoardView) {
    if !owner::owns(board.guild_id) {
        return;
    }
    let turn = Turn::of(board.match_id);
    let _held = turn.slot.lock.lock().await;
    let board = match service.with_life(board).await {
        Ok(board) => board,
        Err(e) => return warn!(error = ?e, "could not read the players' away time and quiet hours"),
    };
    let Some(live) = live_board(service, board.match_id).await else { return };
    if live.turn != board.turn || live.ended || board.is_over() || live.channel_id != board.channel_id {
        return;
    }
    let lang = public_lang(service, board.guild_id, None).await;
    let picture = board_picture(service, lang, &board).await;
    edit_in_place(http, service, lang, &board, &live, &live.narration, picture).await;
}

/// A match's live board, if one was posted (none if it cannot be read: logged).
async fn live_board(service: &Service, match_id: i64) -> Option<LiveBoard> {
    service.live_board(match_id).await.unwrap_or_else(|e| {
        error!(match_id, error = ?e, "could not read a match's live board");
        None
    })
}

/// [`refresh`]es the live boards of `matches` (a player's away time started or ended).
pub(crate) async fn refresh_boards(http: &serenity::Http, service: &Service, matches: &[i64]) {
    for &match_id in matches {
        match service.board(match_id).await {
            Ok((board, _)) => refresh(http, service, board).await,
            Err(e) => warn!(match_id, error = ?e, "could not read a board to show it again"),
        }
    }
}

/// A board's picture as attached to its message: the PNG, and its alt text in the board's
/// language.
struct Attached {
    png: Arc<[u8]>,
    alt: String,
}

impl Attached {
    /// The file name a board's picture is attached as (`attachment://board.png`).
    const FILE: &'static str = "board.png";

    fn board(lang: Lang, board: &BoardView) -> Attached {
        let last: &[engarde_rules::MatchEvent] = match &board.narration {
            crate::service::Narration::Events(events) => events,
            _ => &[],
        };
        let picture = crate::present::picture::board(&board.public, last);
        Attached { png: picture.png, alt: crate::present::picture::alt_board(lang, &board.public, last) }
    }

    /// The request with the picture attached: `body` goes as `payload_json`, listing the
    /// file as the message's only attachment (an edit drops the picture it replaces).
    fn attach(&self, body: &serde_json::Value) -> serenity::http::Multipart {
        let mut body = body.clone();
        body["attachments"] = serde_json::json!([{ "id": 0, "filename": Self::FILE, "description": self.alt }]);
        serenity::http::Multipart {
            upload: serenity::http::MultipartUpload::Attachments(vec![serenity::CreateAttachment::bytes(
                self.png.to_vec(),
                Self::FILE,
            )]),
            fields: Vec::new(),
            payload_json: Some(body.to_string()),
        }
    }
}

/// Channels where the bot was refused files lately, and when: their boards are drawn in
/// text for a while, rather than refused again (each refusal counts towards Discord's ban
/// of bots that make too many invalid requests). Only a saving: a board posted with a
/// picture where it is refused is posted again in text.
static NO_FILES: Mutex<Option<HashMap<u64, std::time::Instant>>> = Mutex::new(None);

/// How long a channel's refusal of files is remembered.
const NO_FILES_FOR: std::time::Duration = std::time::Duration::from_secs(3600);

/// Whether a board in `channel` may carry its picture (no refusal of late).
fn files_allowed(channel: u64) -> bool {
    let all = NO_FILES.lock().unwrap_or_else(PoisonError::into_inner);
    all.as_ref().and_then(|m| m.get(&channel)).is_none_or(|since| since.elapsed() > NO_FILES_FOR)
}

/// Remembers that `channel` takes no files; the board goes without its picture.
fn no_files_in(channel: u64) -> Option<Attached> {
    let mut all = NO_FILES.lock().unwrap_or_else(PoisonError::into_inner);
    all.get_or_insert_with(HashMap::new).insert(channel, std::time::Instant::now());
    None
}

/// How a request to Discord went.
enum Sent {
    /// Done; the message's id.
    Done(u64),
    /// Refused: the bot may not attach files here.
    NoFiles,
    /// Discord answered 5xx to a follow-up (which it may have made all the same).
    ServerError,
    /// Refused on an interaction's route: its token expired, or it did not post the message
    /// (the channel's route may still do).
    TokenRefused,
    /// Failed (logged).
    Failed,
}

/// Whether a board has nothing to show that the live board does not (it is older, or the
/// same; a match's final board replaces the board of the same turn).
fn moot(board: &BoardView, live: &LiveBoard) -> bool {
    board.turn < live.turn || (board.turn == live.turn && (live.ended || !board.is_over()))
}

/// Notes, for a new board that named players in their quiet hours without notifying them,
/// that the turn's reminder is due when those hours end.
async fn quiet_pings(service: &Service, board: &BoardView) {
    let actor = board.actor.map(|seat| board.players.get(seat).user_id);
    let end = board.life.quiet_until.iter().filter(|(user, _)| Some(*user) != actor).map(|&(_, end)| end).min();
    if let Some(end) = end {
        if let Err(e) = service.note_quiet_ping(board.match_id, board.turn, end).await {
            error!(match_id = board.match_id, error = ?e, "could not note a reminder due after quiet hours");
        }
    }
}

async fn record(service: &Service, board: &BoardView, message_id: u64, narration: &str, retired: &[u64]) {
    if let Err(e) = service.record_board_retiring(board, board.channel_id, message_id, narration, retired).await {
        error!(match_id = board.match_id, error = ?e, "could not record a posted board");
    }
}

/// Posts a new board (with its picture, if any).
///
/// Sent through the rate-limit gate ([`ratelimit`]), which waits out 429s and retries 5xx
/// answers a few times. The message carries a nonce
/// derived from the match and turn, with `enforce_nonce`, so a retry of a post that Discord
/// did create (a 5xx after the fact) returns the same message instead of a duplicate. A
/// board that still fails stays owed, and the outbox loop publishes it (looking first).
async fn post(
    http: &serenity::Http,
    board: &BoardView,
    message: &render::BoardMessage,
    picture: Option<&Attached>,
) -> Sent {
    let channel_id = serenity::ChannelId::new(board.channel_id);
    let mut body = match serde_json::to_value(message) {
        Ok(body) => body,
        Err(e) => {
            error!(match_id = board.match_id, error = %e, "could not serialise a board");
            return Sent::Failed;
        }
    };
    body["nonce"] = board_nonce(board.match_id, board.turn, BoardKind::of(board)).into();
    body["enforce_nonce"] = true.into();
    let route = serenity::http::Route::ChannelMessages { channel_id };
    send(http, route, serenity::http::LightMethod::Post, &body, picture, "could not post a board").await
}

/// Posts a new board as a follow-up of the interaction `by`, which happened in the board's
/// channel (Discord does not count it against the bot's global limit).
///
/// Discord's follow-ups take no nonce, so a follow-up that failed with a 5xx (which Discord
/// may have made all the same) is not simply sent again: the channel's latest messages are
/// read first, and a message that names this interaction (`interaction_metadata`) is the
/// board. Only if none does is it sent again, a bounded number of times.
async fn followup(
    http: &serenity::Http,
    by: &AtHand,
    message: &render::BoardMessage,
    picture: Option<&Attached>,
) -> Sent {
    let body = match serde_json::to_value(message) {
        Ok(body) => body,
        Err(e) => {
            error!(error = %e, "could not serialise a board");
            return Sent::Failed;
        }
    };
    let post = serenity::http::LightMethod::Post;
    for attempt in 1..=super::retry::ATTEMPTS {
        let what = "could not post a board as a follow-up";
        match send(http, by.followup(), post, &body, picture, what).await {
            Sent::ServerError if attempt < super::retry::ATTEMPTS => {
                tokio::time::sleep(super::retry::SERVER_ERROR_WAIT * 2u32.saturating_pow(attempt - 1)).await;
                if let Some(id) = lookup::made_by(http, by).await {
                    return Sent::Done(id);
                }
            }
            Sent::ServerError => break,
            other => return other,
        }
    }
    match lookup::made_by(http, by).await {
        Some(id) => Sent::Done(id),
        None => {
            // Still owed: the outbox loop looks for it, then posts it through the channel.
            error!(interaction = by.interaction_id, "could not post a board as a follow-up");
            Sent::Failed
        }
    }
}

/// Sends a message request through the bot's rate-limit gate (a JSON body, or a multipart
/// one with the picture); the message's id once done.
async fn send(
    http: &serenity::Http,
    route: serenity::http::Route<'_>,
    method: serenity::http::LightMethod,
    body: &serde_json::Value,
    picture: Option<&Attached>,
    what: &'static str,
) -> Sent {
    let gate = ratelimit::gate();
    let followup = matches!(route, serenity::http::Route::WebhookFollowupMessages { .. });
    let interaction_route = matches!(
        route,
        serenity::http::Route::WebhookFollowupMessages { .. } | serenity::http::Route::WebhookFollowupMessage { .. }
    );
    // Only the echoed message's id is kept.
    let sent = match picture {
        Some(picture) => gate.send_multipart(http, Priority::Board, method, route, &picture.attach(body)).await,
        None => {
            gate.send(http, Priority::Board, method, route, Some(&serde_json::to_vec(body).unwrap_or_default())).await
        }
    };
    let sent = sent.and_then(|answer| {
        serde_json::from_slice::<Posted>(&answer)
            .map_err(|e| ratelimit::GateError::Transport(format!("undecodable answer: {e}")))
    });
    match sent {
        Ok(message) => Sent::Done(message.id.get()),
        Err(e) if picture.is_some() && e.missing_permissions() => {
            debug!(error = %e, "no files allowed here; the board goes in text");
            Sent::NoFiles
        }
        Err(e) if followup && matches!(e.status(), Some(500..=599)) => {
            warn!(error = %e, "a follow-up failed; it may have been made");
            Sent::ServerError
        }
        // Invalid Webhook Token, Unknown Webhook, Unknown Message.
        Err(e) if interaction_route && matches!(e.status(), Some(401 | 404)) => {
            debug!(error = %e, "an interaction's route was refused; the channel's is tried");
            Sent::TokenRefused
        }
        Err(e) => {
            error!(error = %e, "{what}");
            Sent::Failed
        }
    }
}

/// Edits the live board in place (its new picture replaces the old one; a board in text
/// drops it), through the interaction that posted it (`by`) if its token is fresh, else
/// through the channel.
async fn edit(
    http: &serenity::Http,
    live: &LiveBoard,
    by: Option<&AtHand>,
    board: &render::BoardMessage,
    picture: Option<&Attached>,
) -> Sent {
    let mut body = match serde_json::to_value(board) {
        Ok(body) => body,
        Err(e) => {
            error!(error = %e, "could not serialise a board");
            return Sent::Failed;
        }
    };
    if picture.is_none() {
        body["attachments"] = serde_json::json!([]);
    }
    let route = message_route(live.channel_id, live.message_id, by);
    send(http, route, serenity::http::LightMethod::Patch, &body, picture, "could not edit a board").await
}

/// The route of a board's message: through the interaction that posted it, else the
/// channel's.
fn message_route(channel_id: u64, message_id: u64, by: Option<&AtHand>) -> serenity::http::Route<'_> {
    match by {
        Some(by) => by.message(message_id),
        None => serenity::http::Route::ChannelMessage {
            channel_id: serenity::ChannelId::new(channel_id),
            message_id: serenity::MessageId::new(message_id),
        },
    }
}

/// Takes the buttons off a message of match `match_id` found with them though it is not the
/// match's current board (the sweep), unless it is the live board by now; whether its
/// buttons are off. In turn with the match's publishing.
pub(crate) async fn retire_stale(
    http: &serenity::Http,
    service: &Service,
    match_id: i64,
    channel_id: u64,
    message_id: u64,
) -> bool {
    let turn = Turn::of(match_id);
    let _held = turn.slot.lock.lock().await;
    if live_board(service, match_id).await.is_some_and(|live| live.message_id == message_id) {
        return false;
    }
    if !retire(http, channel_id, message_id, service.now()).await {
        return false;
    }
    if let Err(e) = service.buttons_off(message_id).await {
        warn!(error = ?e, match_id, "could not note a board retired");
    }
    true
}

/// Takes the buttons off a board that is no longer live (its picture and words stay),
/// through the interaction that posted it while its token is fresh at `now`, else through
/// the channel; whether Discord took it (a message deleted meanwhile has no buttons left).
pub(crate) async fn retire(http: &serenity::Http, channel_id: u64, message_id: u64, now: i64) -> bool {
    try_retire(http, channel_id, message_id, now).await == Retire::Done
}

/// How taking a board's buttons off went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Retire {
    /// Discord took it (or the message is gone).
    Done,
    /// Discord is away (a server error or no answer): a new board must wait, or two boards
    /// would have buttons.
    Away,
    /// Refused for good (no access to the message any more): nothing to wait for.
    Refused,
}

/// [`retire`], telling a Discord away apart from a refusal.
async fn try_retire(http: &serenity::Http, channel_id: u64, message_id: u64, now: i64) -> Retire {
    let patch = serenity::http::LightMethod::Patch;
    let what = "could not retire a board";
    let mut by = at_hand::posted(message_id, now);
    loop {
        let route = message_route(channel_id, message_id, by.as_ref());
        let body = serde_json::to_vec(&render::retired()).unwrap_or_default();
        match ratelimit::gate().send(http, Priority::Board, patch, route, Some(&body)).await {
            Ok(_) => return Retire::Done,
            Err(e) if by.is_some() && matches!(e.status(), Some(401 | 404)) => {
                at_hand::forget(message_id);
                by = None;
            }
            // Unknown Message: deleted, so no buttons are left on it.
            Err(e) if e.code() == Some(10_008) => return Retire::Done,
            Err(e) => {
                warn!(error = %e, message_id, "{what}");
                let away = e.status().is_none_or(|status| status >= 500);
                return if away { Retire::Away } else { Retire::Refused };
            }
        }
    }
}

/// Posts a message other than a board (a draw offer, an announcement) in `channel`: as a
/// follow-up of the interaction `at_hand` when it happened there and is fresh, else through
/// the channel's route; either way through the gate. The message's id.
///
/// # Errors
/// The last request's error.
pub(crate) async fn post_message(
    http: &serenity::Http,
    channel: u64,
    message: &impl serde::Serialize,
    at_hand: Option<&AtHand>,
) -> Result<u64, ratelimit::GateError> {
    let post = serenity::http::LightMethod::Post;
    if let Some(by) = at_hand.filter(|h| h.channel_id == channel) {
        match ratelimit::fire_json::<Posted>(http, Priority::Board, post, by.followup(), message).await {
            Ok(posted) => return Ok(posted.id.get()),
            Err(e) if matches!(e.status(), Some(401 | 404)) => debug!(error = %e, "a follow-up was refused"),
            Err(e) => return Err(e),
        }
    }
    let route = serenity::http::Route::ChannelMessages { channel_id: serenity::ChannelId::new(channel) };
    ratelimit::fire_json::<Posted>(http, Priority::Board, post, route, message).await.map(|p| p.id.get())
}

/// The part of a posted message the bot keeps.
#[derive(serde::Deserialize)]
struct Posted {
    id: serenity::MessageId,
}

/// What a board shows besides its turn: an admin's abort or a forfeit ends a match
/// without an action, so the final board has the same turn as the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardKind {
    Playing,
    Ended,
    Aborted,
}

impl BoardKind {
    fn of(board: &BoardView) -> BoardKind {
        if board.aborted {
            BoardKind::Aborted
        } else if board.outcome.is_some() {
            BoardKind::Ended
        } else {
            BoardKind::Playing
        }
    }
}

/// The nonce of a board message: at most 25 characters, the same for every post
/// of one match's board at one turn, and different for each board: Discord returns
/// the earlier message for a nonce it saw in the last few minutes, so the final
/// board of an abort or a forfeit (same turn as the board before it) is marked.
fn board_nonce(match_id: i64, turn: i64, kind: BoardKind) -> String {
    // 36-radix keeps it short: "b", the match id (at most 13 characters), ".", the turn
    // capped to 9 characters (turns stay far below 36^9 in any real match), and a
    // capital letter for a final board (radix-36 digits are lowercase).
    let turn = u64::try_from(turn).unwrap_or_default() % 36u64.pow(9);
    let mark = match kind {
        BoardKind::Playing => "",
        BoardKind::Ended => "E",
        BoardKind::Aborted => "A",
    };
    format!("b{}.{}{mark}", radix36(u64::try_from(match_id).unwrap_or_default()), radix36(turn))
}

fn radix36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Narration;

    fn board(turn: i64, over: bool) -> BoardView {
        let game = engarde_rules::forteresse::Forteresse::new(engarde_rules::forteresse::Config::new(7)).unwrap();
        let mut b = render::test_views::board_view(&engarde_rules::Match::Forteresse(game), Narration::Status);
        b.turn = turn;
        b.aborted = over;
        b.fresh = false;
        b
    }

    #[test]
    fn pending_boards_of_a_match_become_one() {
        assert!(merge(Vec::new()).is_none());
        // Two edits in place waiting behind the rate limits: the later one is published,
        // narrating the earlier; a fresh one among them makes it a new message.
        let (mut three, four) = (board(3, false), board(4, false));
        three.fresh = true;
        let (last, before) = merge(vec![three.clone(), four.clone()]).unwrap();
        assert_eq!((last.turn, before.len()), (4, 1));
        assert!(before[0].fresh);
        // Out of order, and a final board of the same turn goes last.
        let (last, before) = merge(vec![board(6, true), four, board(6, false), three]).unwrap();
        assert!(last.turn == 6 && last.is_over());
        assert_eq!(before.iter().map(|b| b.turn).collect::<Vec<_>>(), vec![3, 4, 6]);
    }

    #[test]
    fn board_nonces_fit_and_differ() {
        let longest = board_nonce(i64::MAX, 36i64.pow(9) - 1, BoardKind::Aborted);
        assert!(longest.len() <= 25, "{longest}");
        let playing = BoardKind::Playing;
        assert_ne!(board_nonce(1, 2, playing), board_nonce(1, 3, playing));
        assert_ne!(board_nonce(12, 3, playing), board_nonce(1, 23, playing));
        // A match aborted or forfeited at a turn gets a board of its own.
        let kinds = [playing, BoardKind::Ended, BoardKind::Aborted];
        for a in kinds {
            for b in kinds.into_iter().filter(|&b| b != a) {
                assert_ne!(board_nonce(5, 14, a), board_nonce(5, 14, b));
                // Not even with another turn's digits.
                assert_ne!(board_nonce(5, 14, a), board_nonce(5, 14 * 36 + 10, playing));
            }
        }
    }
}
