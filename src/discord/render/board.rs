//! The public board message of a match (see `docs/boards.md`): the narration of what just
//! happened, a line that pings the players to act when the board is new, one embed with the
//! game's picture and facts, and the buttons of the live board.

use engarde_rules::{BySeat, Outcome, PublicView, Seat};
use poise::serenity_prelude as serenity;
use serde::Serialize;
use serenity::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateEmbed, UserId};

use super::super::custom_id::CustomId;
use super::{clamp, engarde, forteresse, mention, readyfence, MAX_CONTENT};
use crate::i18n::Lang;
use crate::present::escape;
use crate::present::seat_colour::emoji as seat_square;
use crate::service::{BoardView, Narration, Player};
use crate::t;

const COLOUR_PLAY: u32 = 0x3b82f6;
const COLOUR_OVER: u32 = 0xf59e0b;

/// The game's own part of a public board: its title, its facts, its drawing in text.
pub struct BoardPart {
    /// The variant's title (see [`crate::present::variant_title`]).
    pub title: String,
    /// What the match is played to (it never changes), e.g. "first to 5 hits".
    pub terms: String,
    /// The score and the few facts that change, in markdown.
    pub description: String,
    /// The board drawn in text (a code block), shown where the board has no picture.
    pub drawing: String,
    /// Short facts, as embed fields: (name, value), both in words of the board's language.
    pub fields: Vec<(String, String)>,
}

/// A board message as sent: its JSON is the body of a message post or edit.
#[derive(Clone, Debug, Serialize)]
pub struct BoardMessage {
    /// The narration, and the line that pings the players to act on a new board.
    pub content: String,
    /// One embed: the title, the score, the picture, the status.
    pub embeds: Vec<CreateEmbed>,
    /// The buttons of the live board (none on a board that is not live).
    pub components: Vec<CreateActionRow>,
    /// Who is notified: the players to act, on a new board only.
    pub allowed_mentions: CreateAllowedMentions,
}

/// How a board is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The embed shows the picture attached as this file name (`attachment://…`); `None`:
    /// the board is drawn in text.
    pub picture: Option<&'static str>,
    /// Whether the board is a new message, which notifies the players to act (an edit in
    /// place names them too, without a notification).
    pub fresh: bool,
}

impl Look {
    /// A new board drawn in text.
    pub const TEXT: Look = Look { picture: None, fresh: true };
}

/// The names of a board's players with their seat's colour (🟦 seat A, 🟧 seat B).
fn marked(players: &BySeat<Player>) -> BySeat<Player> {
    BySeat::new_with(|seat: Seat| {
        let p = players.get(seat);
        Player { user_id: p.user_id, name: format!("{} {}", seat_square(seat), p.name) }
    })
}

/// What the players to act must decide, in words, pinging them (the status field says
/// until when).
fn prompt(lang: Lang, board: &BoardView) -> Option<String> {
    if board.is_over() {
        return None;
    }
    let what = match &board.public {
        PublicView::EnGarde(p) => engarde::prompt(lang, p)?,
        PublicView::Forteresse(p) => forteresse::prompt(lang, p)?,
        PublicView::ReadyFence(p) => readyfence::prompt(lang, p)?,
    };
    let who: Vec<String> = board.humans_to_act().map(|p| mention(p.user_id)).collect();
    let who = match who.as_slice() {
        [] => return None,
        [one] => one.clone(),
        [a, b, ..] => t!(lang, "board-both", a = a, b = b),
    };
    Some(t!(lang, "board-prompt", who = who, what = what))
}

/// The message id of a practice level's name.
fn practice_level_id(level: engarde_rules::Level) -> &'static str {
    match level {
        engarde_rules::Level::Easy => "practice-level-easy",
        engarde_rules::Level::Medium => "practice-level-medium",
        engarde_rules::Level::Hard => "practice-level-hard",
    }
}

/// What a board announces, in words.
#[must_use]
pub fn narration(lang: Lang, board: &BoardView) -> Vec<String> {
    let names = board.players.clone().map(|p| p.name);
    match &board.narration {
        Narration::Opening => crate::present::opening(lang, &board.public, &names),
        Narration::Status => crate::present::status(lang, &board.public, &names),
        Narration::Events(events) => crate::present::events(lang, events, &names),
        Narration::Aborted { by } => {
            vec![t!(lang, "common-aborted-by", id = board.match_id, admin = escape(by))]
        }
        Narration::Timeout { late } => vec![
            t!(lang, "common-timeout-loses", name = escape(&names.get(*late).clone())),
            t!(lang, "common-wins-match", name = escape(&names.get(late.other()).clone())),
        ],
        Narration::CalledOff => vec![t!(lang, "common-called-off")],
    }
}

/// The narration a board edited in place shows: what it showed (`before`), then `lines`,
/// dropping the oldest lines if they would not fit one message with the ping line.
#[must_use]
pub fn continued(before: &str, lines: &[String]) -> String {
    let mut all: Vec<&str> = before.lines().filter(|l| !l.is_empty()).collect();
    all.extend(lines.iter().map(String::as_str));
    // Room for the ping line and the cut mark.
    let room = MAX_CONTENT - 400;
    let mut kept = 0;
    let mut size = 0;
    for line in all.iter().rev() {
        let len = line.chars().count() + 1;
        if size + len > room {
            break;
        }
        size += len;
        kept += 1;
    }
    let start = all.len() - kept;
    let mut text = if start > 0 { "…\n".to_owned() } else { String::new() };
    text.push_str(&all[start..].join("\n"));
    text
}

/// The label of a live board's Play button: what it opens in this game now.
fn play_label(public: &PublicView) -> &'static str {
    match public {
        PublicView::EnGarde(_) => "board-button-hand",
        PublicView::Forteresse(p) if p.phase == engarde_rules::forteresse::Phase::Setup => "board-button-fortress",
        PublicView::Forteresse(_) => "board-button-fire",
        PublicView::ReadyFence(_) => "board-button-cards",
    }
}

/// The buttons of a board: Play (named for the game), Offer draw (not in practice) and
/// Resign while the match is on; Rematch and Record once it is over (no Rematch of an
/// aborted match).
fn buttons(lang: Lang, board: &BoardView) -> Vec<CreateActionRow> {
    let button = |id: CustomId, label: &str, style| CreateButton::new(id.encode()).label(t!(lang, label)).style(style);
    let match_id = board.match_id;
    let mut row = Vec::new();
    if board.is_over() {
        if !board.aborted {
            row.push(button(CustomId::Rematch { match_id }, "board-button-rematch", ButtonStyle::Primary));
        }
        row.push(button(CustomId::Export { match_id }, "board-button-record", ButtonStyle::Secondary));
    } else {
        let play = CustomId::Hand { match_id, turn: board.turn };
        row.push(button(play, play_label(&board.public), ButtonStyle::Primary));
        // The practice bot takes no draws.
        if board.practice.is_none() {
            row.push(button(CustomId::OfferDraw { match_id }, "board-button-offer-draw", ButtonStyle::Secondary));
        }
        row.push(button(CustomId::Resign { match_id }, "board-button-resign", ButtonStyle::Danger));
    }
    vec![CreateActionRow::Buttons(row)]
}

/// The board's status: who is to act and until when, or how the match ended.
fn status(lang: Lang, board: &BoardView, names: &BySeat<Player>) -> String {
    let waiting: Vec<String> = board.to_act().map(|p| escape(&p.name)).collect();
    // The practice bot answers at once: no deadline shown for it.
    let due = board.deadline.filter(|_| !board.awaits_bot());
    match board.outcome {
        _ if board.aborted => t!(lang, "board-status-aborted"),
        Some(Outcome { winner: Some(w) }) => t!(lang, "board-status-won", name = escape(&names.get(w).name)),
        Some(Outcome { winner: None }) => t!(lang, "board-status-drawn"),
        None if waiting.is_empty() => "–".to_owned(),
        None => match due {
            Some(t) => t!(lang, "board-status-to-act-due", names = waiting.join(", "), due = format!("<t:{t}:R>")),
            None => t!(lang, "board-status-to-act", names = waiting.join(", ")),
        },
    }
}

/// The public board message, showing `narration` (see [`narration`] and [`continued`]).
#[must_use]
pub fn board_message(lang: Lang, board: &BoardView, narration: &str, look: Look) -> BoardMessage {
    let mut content = narration.to_owned();
    // The line names the players to act on every board; only a new board notifies them.
    let ping_line = prompt(lang, board);
    if let Some(line) = &ping_line {
        if !content.is_empty() {
            content.push('\n');
        }
        content.push_str(line);
    }
    // Everyone sees who is away, and until when.
    for (player, until) in &board.life.away {
        if !content.is_empty() {
            content.push('\n');
        }
        content.push_str(&t!(lang, "life-board-away", name = escape(&player.name), until = format!("<t:{until}:R>")));
    }
    let names = marked(&board.players);
    let part = match &board.public {
        PublicView::EnGarde(p) => engarde::board_part(lang, p, &names),
        PublicView::Forteresse(p) => {
            let events = match &board.narration {
                Narration::Events(events) => events.as_slice(),
                _ => &[],
            };
            let own = events.iter().filter_map(|e| match e {
                engarde_rules::MatchEvent::Forteresse(e) => Some(e),
                _ => None,
            });
            forteresse::board_part(lang, &crate::present::forteresse::shown(p, own), &names)
        }
        PublicView::ReadyFence(p) => readyfence::board_part(lang, p, &names),
    };
    let mut description = part.description;
    if look.picture.is_none() && !part.drawing.is_empty() {
        description.push('\n');
        description.push_str(&part.drawing);
    }
    let mut embed = CreateEmbed::new()
        .title(t!(lang, "board-title", id = board.match_id, title = part.title, terms = part.terms))
        .colour(if board.is_over() { COLOUR_OVER } else { COLOUR_PLAY })
        .description(description);
    if let Some(file) = look.picture {
        embed = embed.image(format!("attachment://{file}"));
    }
    for (name, value) in part.fields {
        embed = embed.field(name, value, true);
    }
    if let Some(practice) = board.practice {
        let bot = escape(&names.get(practice.seat).name);
        let level = t!(lang, practice_level_id(practice.level));
        embed =
            embed.field(t!(lang, "board-field-practice"), t!(lang, "board-practice", bot = bot, level = level), true);
    }
    embed = embed.field(t!(lang, "board-field-status"), status(lang, board, &names), false);
    // Nobody is notified of their own decision's board (they have their next prompt already),
    // nor while away or in their quiet hours (named all the same).
    let actor = board.actor.map(|seat| board.players.get(seat).user_id);
    let ping: Vec<UserId> = if ping_line.is_some() && look.fresh {
        board
            .humans_to_act()
            .filter(|p| Some(p.user_id) != actor && !board.life.silent.contains(&p.user_id))
            .map(|p| UserId::new(p.user_id))
            .collect()
    } else {
        Vec::new()
    };
    BoardMessage {
        content: clamp(content),
        embeds: vec![embed],
        components: buttons(lang, board),
        allowed_mentions: CreateAllowedMentions::new().users(ping),
    }
}

/// The public board message for a board shown on its own (a new board, drawn in text),
/// narrating what its view says happened.
#[must_use]
pub fn board(lang: Lang, board: &BoardView) -> BoardMessage {
    board_message(lang, board, &narration(lang, board).join("\n"), Look::TEXT)
}

/// The JSON body of the edit that makes a board no longer live: its buttons go, the
/// rest stays as it is.
#[must_use]
pub fn retired() -> serde_json::Value {
    serde_json::json!({ "components": [] })
}
