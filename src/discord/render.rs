//! View models rendered to Discord messages: boards, hands, challenges.
//! Public renderings take only public view models.

use crate::i18n::Lang;
use engarde_rules::{Match, PublicView, SeatView};
use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateMessage, UserId};

use super::custom_id::CustomId;
use crate::present::{escape, variant_title};
use crate::service::{BoardView, ChallengeView, Done, DrawOffer, HandView, MatchSummary, Reminder, ReminderItem};
use crate::t;

mod board;
mod engarde;
mod errors;
mod forteresse;
pub mod ladder;
mod readyfence;
#[cfg(test)]
pub(crate) mod test_views;
pub mod tournament;

pub use board::{board, board_message, continued, narration, retired, BoardMessage, BoardPart, Look};
pub use errors::error;

/// Discord's limit on message content.
pub const MAX_CONTENT: usize = 2000;
/// Buttons in one action row.
pub(crate) const ROW: usize = 5;

/// Cuts text to Discord's content limit.
#[must_use]
pub fn clamp(text: String) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// A player's confirmation of what they did.
#[must_use]
pub fn done(lang: Lang, done: &Done) -> String {
    match done {
        Done::Action(action) => crate::present::done(lang, *action),
        Done::DrawAccepted => crate::t!(lang, "common-you-accepted-draw"),
    }
}

/// A draw offer, public in the match's channel, answered by the opponent only.
pub fn draw_offer(lang: Lang, offer: &DrawOffer) -> CreateMessage {
    let (match_id, turn) = (offer.match_id, offer.turn);
    CreateMessage::new()
        .content(t!(lang, "draw-offer", name = escape(&offer.by.name), id = match_id, to = mention(offer.to.user_id)))
        .allowed_mentions(CreateAllowedMentions::new().users(vec![UserId::new(offer.to.user_id)]))
        .components(vec![CreateActionRow::Buttons(vec![
            CreateButton::new(CustomId::DrawAccept { match_id, turn }.encode())
                .label(t!(lang, "draw-button-accept"))
                .style(ButtonStyle::Success),
            CreateButton::new(CustomId::DrawDecline { match_id, turn }.encode())
                .label(t!(lang, "draw-button-decline"))
                .style(ButtonStyle::Secondary),
        ])])
}

/// The most matches a reminder digest lists (each line holds a link: ten fit a message
/// in every language with the longest names).
const REMINDER_ITEMS: usize = 8;

/// A reminder: one match, or a digest of all the player's waiting matches.
#[must_use]
pub fn reminder(lang: Lang, r: &Reminder) -> String {
    let link = |m: &ReminderItem| m.board.map(|b| format!(" · {}", b.url())).unwrap_or_default();
    match r.matches.as_slice() {
        [m] => t!(
            lang,
            "reminder-one",
            who = mention(r.user_id),
            opponent = escape(&m.opponent),
            id = m.match_id,
            due = format!("<t:{}:R>", m.deadline),
            link = link(m)
        ),
        many => {
            let mut text = t!(lang, "reminder-many", who = mention(r.user_id), count = many.len());
            text.push('\n');
            for m in many.iter().take(REMINDER_ITEMS) {
                let due = format!("<t:{}:R>", m.deadline);
                let line = t!(
                    lang,
                    "reminder-item",
                    id = m.match_id,
                    opponent = escape(&m.opponent),
                    due = due,
                    link = link(m)
                );
                text.push_str(&line);
                text.push('\n');
            }
            if many.len() > REMINDER_ITEMS {
                text.push_str(&t!(lang, "reminder-more", count = many.len() - REMINDER_ITEMS));
            }
            text
        }
    }
}

/// The text of a player's private view.
#[must_use]
pub fn hand_text(lang: Lang, hand: &HandView) -> String {
    let mut text = match &hand.view {
        SeatView::EnGarde(v) => engarde::hand_text(lang, hand, v),
        SeatView::Forteresse(v) => forteresse::hand_text(lang, hand, v),
        SeatView::ReadyFence(v) => readyfence::hand_text(lang, hand, v),
    };
    if let Some(link) = hand.board {
        text.push('\n');
        text.push_str(&t!(lang, "hand-board-link", url = link.url()));
    }
    text
}

/// Buttons and menus for a player's legal actions, within Discord's limits (at most
/// 5 rows of 5 buttons, select menus of at most 25 options).
#[must_use]
pub fn hand_components(lang: Lang, hand: &HandView) -> Vec<CreateActionRow> {
    let mut rows = match &hand.view {
        SeatView::EnGarde(v) => engarde::hand_components(lang, hand, v),
        SeatView::Forteresse(v) => forteresse::hand_components(lang, hand, v),
        SeatView::ReadyFence(v) => readyfence::hand_components(lang, hand, v),
    };
    rows.truncate(5);
    rows
}

/// What a prompt's step answers: the clicked prompt, changed in place, or a new private
/// message beside it (e.g. a card's rules), leaving the prompt as it was.
pub enum StepReply {
    /// The prompt's new text and components.
    Update(String, Vec<CreateActionRow>),
    /// A new ephemeral message.
    Reply(String, Vec<CreateActionRow>),
}

/// The picture a prompt step's message shows, in place of the one it showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPicture {
    /// None: the step's components say it all (a set-up grid, a card's rules).
    None,
    /// The player's own view, as their prompt shows it.
    View,
    /// A Forteresse shooter's target, with the ring cell they aim from and its directions.
    Aim(engarde_rules::forteresse::Cell),
    /// A Forteresse seat's prompt picture with this fortress in the making in place of its
    /// own (a set-up from lists, and the preview of a whole set-up: grid, lists or random).
    Fortress(engarde_rules::forteresse::DefenceGrid),
}

/// Whether a prompt step depends on the match's position (a shot in the making) and so is
/// out of date once the match moved on; a set-up in the making and a card's rules are not.
#[must_use]
pub fn step_needs_turn(hand: &HandView, step: &str) -> bool {
    match &hand.view {
        SeatView::ReadyFence(_) => !readyfence::is_rules_step(step),
        SeatView::Forteresse(_) => !forteresse::is_setup_step(step),
        SeatView::EnGarde(_) => true,
    }
}

/// The next step of a player's prompt (a game's stateless prompt steps, see
/// [`CustomId::Step`]): `values` are what a select menu sent, `entropy` a number to draw
/// from (a random set-up), `pictures` whether the prompt carries the step's picture (else a
/// step that shows one, such as a Forteresse preview, says it in text).
///
/// # Errors
/// A short message for a step that is not valid (a forged or out-of-place click).
pub fn hand_step(
    lang: Lang,
    hand: &HandView,
    step: &str,
    values: &[String],
    entropy: u64,
    pictures: bool,
) -> Result<(StepReply, StepPicture), String> {
    let fit = |text: String, mut rows: Vec<CreateActionRow>| {
        rows.truncate(5);
        (clamp(text), rows)
    };
    Ok(match &hand.view {
        SeatView::EnGarde(_) => return Err(t!(lang, "error-invalid-choice")),
        SeatView::ReadyFence(v) => match readyfence::step(lang, hand, v, step, values)? {
            StepReply::Update(text, rows) => {
                let (text, rows) = fit(text, rows);
                (StepReply::Update(text, rows), StepPicture::None)
            }
            StepReply::Reply(text, rows) => {
                let (text, rows) = fit(text, rows);
                (StepReply::Reply(text, rows), StepPicture::None)
            }
        },
        SeatView::Forteresse(v) => {
            let (text, rows, picture) = forteresse::step(lang, hand, v, step, values, entropy, pictures)?;
            let (text, rows) = fit(text, rows);
            (StepReply::Update(text, rows), picture)
        }
    })
}

pub(crate) use crate::present::seat_colour::emoji as seat_marker;

/// A long text (such as Ready... Fence!'s rules with every card) cut into messages of at most
/// [`MAX_CONTENT`] characters, at blank lines, else at line ends (a line longer than a message
/// is cut where it must).
#[must_use]
pub fn split_message(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for paragraph in text.split("\n\n").filter(|p| !p.trim().is_empty()) {
        let pieces: Vec<String> = if paragraph.chars().count() <= MAX_CONTENT {
            vec![paragraph.to_owned()]
        } else {
            paragraph.lines().map(|l| clamp(l.to_owned())).collect()
        };
        for (i, piece) in pieces.into_iter().enumerate() {
            let separator = if i == 0 { "\n\n" } else { "\n" };
            if current.is_empty() {
                current = piece;
            } else if current.chars().count() + separator.len() + piece.chars().count() <= MAX_CONTENT {
                current.push_str(separator);
                current.push_str(&piece);
            } else {
                parts.push(std::mem::replace(&mut current, piece));
            }
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// The public challenge message with its Accept / Decline buttons.
#[must_use]
pub fn challenge(lang: Lang, c: &ChallengeView) -> (String, Vec<CreateActionRow>) {
    let turn = std::time::Duration::from_secs(u64::try_from(c.turn_seconds).unwrap_or(0));
    let mut text = t!(
        lang,
        "challenge-text",
        challenger = escape(&c.challenger.name),
        challenged = mention(c.challenged.user_id),
        variant = variant_title(lang, c.variant),
        terms = terms(lang, c),
        turn = crate::i18n::duration(lang, turn),
        expires = format!("<t:{}:R>", c.expires_at)
    );
    if let Some(until) = c.challenged_away_until {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "life-challenge-away",
            name = escape(&c.challenged.name),
            until = format!("<t:{until}:R>")
        ));
    }
    let button = |id: CustomId, label: &str, style| CreateButton::new(id.encode()).label(t!(lang, label)).style(style);
    let buttons = vec![CreateActionRow::Buttons(vec![
        button(CustomId::Accept(c.id), "challenge-button-accept", ButtonStyle::Success),
        button(CustomId::Decline(c.id), "challenge-button-decline", ButtonStyle::Secondary),
        button(CustomId::Withdraw(c.id), "challenge-button-withdraw", ButtonStyle::Secondary),
    ])];
    (text, buttons)
}

/// What a challenge's match is played to, e.g. "first to 5 hits".
fn terms(lang: Lang, c: &ChallengeView) -> String {
    match Match::start(c.variant, &c.options, 0, None).map(|m| m.public_view()) {
        Ok(PublicView::EnGarde(p)) => engarde::terms(lang, &p.options),
        Ok(PublicView::Forteresse(p)) => forteresse::terms(lang, &p.options),
        Ok(PublicView::ReadyFence(p)) => readyfence::terms(lang, &p),
        Err(_) => String::new(),
    }
}

/// A challenge's closed form.
#[must_use]
pub fn challenge_closed(lang: Lang, c: &ChallengeView, status: &str, match_id: Option<i64>) -> String {
    let (from, to) = (escape(&c.challenger.name), escape(&c.challenged.name));
    match status {
        "accepted" => t!(
            lang,
            "challenge-accepted",
            from = from,
            to = to,
            id = match_id.unwrap_or_default(),
            variant = variant_title(lang, c.variant)
        ),
        "declined" => t!(lang, "challenge-declined", from = from, to = to),
        "expired" => t!(lang, "challenge-expired", from = from, to = to),
        _ => t!(lang, "challenge-withdrawn", from = from, to = to),
    }
}

/// The list of a player's unfinished matches.
#[must_use]
pub fn match_list(lang: Lang, list: &[MatchSummary]) -> String {
    if list.is_empty() {
        return t!(lang, "matches-none");
    }
    let mut text = t!(lang, "matches-title");
    text.push('\n');
    for m in list {
        let mut line = t!(
            lang,
            "matches-item",
            id = m.match_id,
            opponent = escape(&m.opponent),
            variant = variant_title(lang, m.variant),
            a = m.score.0,
            b = m.score.1,
            turn = t!(lang, if m.your_turn { "matches-your-move" } else { "matches-waiting" }),
            link = m.board.map(|b| format!(" · {}", b.url())).unwrap_or_default()
        );
        line.push('\n');
        if text.len() + line.len() > MAX_CONTENT - 20 {
            text.push('…');
            break;
        }
        text.push_str(&line);
    }
    text
}

/// The thread name for a match (Discord allows 100 characters).
#[must_use]
pub fn thread_name(lang: Lang, match_id: i64, a: &str, b: &str) -> String {
    let name = t!(lang, "thread-name", id = match_id, a = a, b = b);
    name.chars().take(100).collect()
}

/// The public announcement of a practice match, in the channel its thread grows from.
#[must_use]
pub fn practice_announcement(lang: Lang, board: &BoardView) -> String {
    let Some(practice) = board.practice else { return String::new() };
    t!(
        lang,
        "practice-announcement",
        name = escape(&board.players.get(practice.seat.other()).name),
        id = board.match_id,
        variant = variant_title(lang, crate::present::variant_of(&board.public)),
        level = ladder::level_words(lang, practice.level)
    )
}

/// Narration of a match's current state, when a board is posted again.
#[must_use]
pub fn status_lines(lang: Lang, board: &BoardView) -> Vec<String> {
    crate::present::status(lang, &board.public, &board.players.clone().map(|p| p.name))
}
