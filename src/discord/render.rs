//! View models rendered to Discord messages: boards, hands, challenges.
//! Public renderings take only public view models.

use engarde_rules::engarde::{Action, Phase};
use engarde_rules::Seat;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateEmbed, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, UserId,
};

use super::custom_id::{encode_action, CustomId};
use crate::present::{escape, labels, narrate, piste};
use crate::service::{BoardView, ChallengeView, DrawOffer, HandView, MatchSummary, Reminder, ReminderItem};

pub mod ladder;

/// Discord's limit on message content.
pub const MAX_CONTENT: usize = 2000;
/// Buttons in one action row.
const ROW: usize = 5;

const COLOUR_PLAY: u32 = 0x3b82f6;
const COLOUR_OVER: u32 = 0xf59e0b;

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

/// What the player to act must decide, in words.
fn prompt(board: &BoardView) -> Option<String> {
    let p = &board.public;
    let who = board.to_act()?;
    let what = match p.phase {
        Phase::Turn { riposte: true, .. } => "your turn again after the parry: move or riposte",
        Phase::Turn { .. } => "your turn",
        Phase::Defend { lunge: true, .. } => "you are attacked: parry, retreat or take the hit",
        Phase::Defend { .. } => "you are attacked: parry or take the hit",
        Phase::Finished => return None,
    };
    let due = board.deadline.map(|t| format!(" Due <t:{t}:R>.")).unwrap_or_default();
    Some(format!("{}, {what}. Press **Play** to see your hand.{due}", mention(who.user_id)))
}

/// The public board message: narration, a ping for the player to act, the
/// piste in an embed, and the Play / Resign buttons.
pub fn board(board: &BoardView) -> CreateMessage {
    let p = &board.public;
    let mut content = board.narration.join("\n");
    if let Some(line) = prompt(board) {
        if !content.is_empty() {
            content.push('\n');
        }
        content.push_str(&line);
    }
    let names = &board.players;
    let score = if p.options.best_of > 1 {
        format!(
            "**{}** {} – {} **{}**  (games {} – {})",
            escape(&names.a.name),
            p.score.a,
            p.score.b,
            escape(&names.b.name),
            p.games.a,
            p.games.b
        )
    } else {
        format!("**{}** {} – {} **{}**", escape(&names.a.name), p.score.a, p.score.b, escape(&names.b.name))
    };
    let mut description = format!("{score}\n```\n{}\n```", piste::piste(p));
    description.push_str(&format!("A = {}, B = {}\n", escape(&names.a.name), escape(&names.b.name)));
    if let Phase::Defend { seat, attack, .. } = p.phase {
        description.push_str(&format!(
            "⚔️ {} attacked with {}: {} must answer.\n",
            escape(&names.get(seat.other()).name),
            labels::plus(engarde_rules::engarde::Cards::of(attack.card, attack.count)),
            escape(&names.get(seat).name)
        ));
    }
    let status = match (p.winner, board.to_act()) {
        _ if board.aborted => "🛑 Aborted".to_owned(),
        (Some(w), _) => format!("🏆 {} wins the match", escape(&names.get(w).name)),
        (None, Some(player)) => match board.deadline {
            Some(t) => format!("To act: {} (due <t:{t}:R>)", escape(&player.name)),
            None => format!("To act: {}", escape(&player.name)),
        },
        (None, None) => "🤝 Drawn".to_owned(),
    };
    let over = board.to_act().is_none() || board.aborted;
    let embed = CreateEmbed::new()
        .title(format!("Match #{} · {}", board.match_id, p.variant.title()))
        .colour(if over { COLOUR_OVER } else { COLOUR_PLAY })
        .description(description)
        .field("Round", p.round.to_string(), true)
        .field("Distance", p.distance.to_string(), true)
        .field("Pile", format!("{} cards", p.pile), true)
        .field("Last card", p.last_card.map_or_else(|| "–".to_owned(), |c| c.to_string()), true)
        .field("Hits to win", p.options.hits_to_win.to_string(), true)
        .field("Status", if status.is_empty() { "–".to_owned() } else { status }, true);
    let ping: Vec<UserId> = board.to_act().filter(|_| !over).map(|pl| UserId::new(pl.user_id)).into_iter().collect();
    let mut message = CreateMessage::new()
        .content(clamp(content))
        .embed(embed)
        .allowed_mentions(CreateAllowedMentions::new().users(ping));
    if !over {
        message = message.components(vec![CreateActionRow::Buttons(vec![
            CreateButton::new(CustomId::Hand { match_id: board.match_id, turn: board.turn }.encode())
                .label("Play / My hand")
                .style(ButtonStyle::Primary),
            CreateButton::new(CustomId::OfferDraw { match_id: board.match_id }.encode())
                .label("Offer draw")
                .style(ButtonStyle::Secondary),
            CreateButton::new(CustomId::Resign { match_id: board.match_id }.encode())
                .label("Resign")
                .style(ButtonStyle::Danger),
        ])]);
    }
    message
}

/// A draw offer, public in the match's channel, answered by the opponent only.
pub fn draw_offer(offer: &DrawOffer) -> CreateMessage {
    let (match_id, turn) = (offer.match_id, offer.turn);
    CreateMessage::new()
        .content(format!(
            "🤝 {} offers a draw in match #{match_id}. {}, do you accept? (A move withdraws the offer.)",
            escape(&offer.by.name),
            mention(offer.to.user_id)
        ))
        .allowed_mentions(CreateAllowedMentions::new().users(vec![UserId::new(offer.to.user_id)]))
        .components(vec![CreateActionRow::Buttons(vec![
            CreateButton::new(CustomId::DrawAccept { match_id, turn }.encode())
                .label("Accept draw")
                .style(ButtonStyle::Success),
            CreateButton::new(CustomId::DrawDecline { match_id, turn }.encode())
                .label("Decline")
                .style(ButtonStyle::Secondary),
        ])])
}

/// A reminder: one match, or a digest of all the player's waiting matches.
#[must_use]
pub fn reminder(r: &Reminder) -> String {
    let link = |m: &ReminderItem| m.board.map(|b| format!(" · {}", b.url())).unwrap_or_default();
    match r.matches.as_slice() {
        [m] => format!(
            "⏳ {}, reminder: your move against {} in match #{} is due <t:{}:R>.{}",
            mention(r.user_id),
            escape(&m.opponent),
            m.match_id,
            m.deadline,
            link(m)
        ),
        many => {
            let mut text = format!("⏳ {}, {} matches are waiting for your move:\n", mention(r.user_id), many.len());
            for m in many {
                text.push_str(&format!(
                    "• #{} vs {}, due <t:{}:R>{}\n",
                    m.match_id,
                    escape(&m.opponent),
                    m.deadline,
                    link(m)
                ));
            }
            text
        }
    }
}

/// The text of a player's private view.
#[must_use]
pub fn hand_text(hand: &HandView) -> String {
    let p = &hand.view.public;
    let me = hand.seat;
    let cards: Vec<String> = hand.view.hand.iter().map(|c| format!("`{c}`")).collect();
    let mut text = format!(
        "**Match #{}** · you are **{}** ({} side)\n**Your hand:** {}\nDistance **{}** · pile {} · last card {}\n",
        hand.match_id,
        me,
        if me == Seat::A { "left" } else { "right" },
        if cards.is_empty() { "no cards".to_owned() } else { cards.join(" ") },
        p.distance,
        p.pile,
        p.last_card.map_or_else(|| "–".to_owned(), |c| c.to_string()),
    );
    match p.phase {
        Phase::Turn { seat, riposte } if seat == me => text.push_str(if riposte {
            "You parried: take your turn with the cards left (you draw afterwards)."
        } else {
            "Your turn: choose an action."
        }),
        Phase::Defend { seat, attack, lunge, .. } if seat == me => text.push_str(&format!(
            "You are attacked with {}: {}.",
            labels::plus(engarde_rules::engarde::Cards::of(attack.card, attack.count)),
            if lunge { "parry, retreat or take the hit" } else { "parry or take the hit" }
        )),
        Phase::Finished => text.push_str("The match is over."),
        _ => {
            let waiting = p.to_act().map_or("", |s| hand.players.get(s).name.as_str());
            text.push_str(&format!("Waiting for {}.", escape(waiting)));
        }
    }
    if let Some(link) = hand.board {
        text.push_str(&format!("\nBoard: {}", link.url()));
    }
    text
}

/// Buttons and menus for a player's legal actions: at most 5 rows of 5 buttons,
/// select menus of at most 25 options.
#[must_use]
pub fn hand_components(hand: &HandView) -> Vec<CreateActionRow> {
    let (match_id, turn) = (hand.match_id, hand.turn);
    let mut groups: Vec<(&str, Vec<Action>)> = vec![
        ("Advance", Vec::new()),
        ("Retreat", Vec::new()),
        ("Attack", Vec::new()),
        ("Advance and attack", Vec::new()),
        ("Parry", Vec::new()),
        ("Answer", Vec::new()),
    ];
    for &action in &hand.view.legal_actions {
        let group = match action {
            Action::Advance(_) => 0,
            Action::Retreat(_) => 1,
            Action::Attack { .. } => 2,
            Action::AdvanceAttack { .. } => 3,
            Action::Parry(_) => 4,
            Action::AcceptHit | Action::Resign | Action::AgreeDraw => 5,
        };
        groups[group].1.push(action);
    }
    let mut rows = Vec::new();
    for (name, actions) in groups.into_iter().filter(|(_, a)| !a.is_empty()) {
        if actions.len() <= ROW {
            let buttons = actions
                .iter()
                .map(|&a| {
                    let style = match a {
                        Action::Attack { .. } | Action::AdvanceAttack { .. } => ButtonStyle::Danger,
                        Action::Parry(_) => ButtonStyle::Success,
                        Action::AcceptHit => ButtonStyle::Secondary,
                        _ => ButtonStyle::Primary,
                    };
                    CreateButton::new(CustomId::Act { match_id, turn, action: a }.encode())
                        .label(labels::label(a))
                        .style(style)
                })
                .collect();
            rows.push(CreateActionRow::Buttons(buttons));
        } else {
            let options = actions
                .iter()
                .take(25)
                .map(|&a| CreateSelectMenuOption::new(labels::label(a), encode_action(a)))
                .collect();
            let menu = CreateSelectMenu::new(
                CustomId::Choose { match_id, turn }.encode(),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(format!("{name}…"));
            rows.push(CreateActionRow::SelectMenu(menu));
        }
    }
    rows.truncate(5);
    rows
}

/// The public challenge message with its Accept / Decline buttons.
#[must_use]
pub fn challenge(c: &ChallengeView) -> (String, Vec<CreateActionRow>) {
    let text = format!(
        "⚔️ {} challenges {} to **{}**, first to {} hit{}, {} per move.\n{}, do you accept? (Expires <t:{}:R>.)",
        escape(&c.challenger.name),
        mention(c.challenged.user_id),
        c.variant.title(),
        c.options.hits_to_win,
        if c.options.hits_to_win == 1 { "" } else { "s" },
        humantime::format_duration(std::time::Duration::from_secs(u64::try_from(c.turn_seconds).unwrap_or(0))),
        mention(c.challenged.user_id),
        c.expires_at,
    );
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(CustomId::Accept(c.id).encode()).label("Accept").style(ButtonStyle::Success),
        CreateButton::new(CustomId::Decline(c.id).encode()).label("Decline").style(ButtonStyle::Secondary),
        CreateButton::new(CustomId::Withdraw(c.id).encode()).label("Withdraw").style(ButtonStyle::Secondary),
    ])];
    (text, buttons)
}

/// A challenge's closed form.
#[must_use]
pub fn challenge_closed(c: &ChallengeView, status: &str, match_id: Option<i64>) -> String {
    let who = match status {
        "accepted" => format!(
            "✅ {} accepted the challenge from {}: match #{} ({}) has begun.",
            escape(&c.challenged.name),
            escape(&c.challenger.name),
            match_id.unwrap_or_default(),
            c.variant.title()
        ),
        "declined" => {
            format!("{} declined the challenge from {}.", escape(&c.challenged.name), escape(&c.challenger.name))
        }
        "expired" => format!(
            "⌛ The challenge from {} to {} expired unanswered.",
            escape(&c.challenger.name),
            escape(&c.challenged.name)
        ),
        _ => format!("{} withdrew the challenge to {}.", escape(&c.challenger.name), escape(&c.challenged.name)),
    };
    who
}

/// The list of a player's unfinished matches.
#[must_use]
pub fn match_list(list: &[MatchSummary]) -> String {
    if list.is_empty() {
        return "You have no unfinished match in this server. Start one with `/engarde challenge`.".to_owned();
    }
    let mut text = String::from("**Your unfinished matches**\n");
    for m in list {
        let line = format!(
            "• #{} vs {} · {} · {} – {} · {}{}\n",
            m.match_id,
            escape(&m.opponent),
            m.variant,
            m.score.0,
            m.score.1,
            if m.your_turn { "**your move**" } else { "waiting" },
            m.board.map(|b| format!(" · {}", b.url())).unwrap_or_default()
        );
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
pub fn thread_name(c: &ChallengeView, match_id: i64) -> String {
    let name = format!("#{match_id} {} vs {}", c.challenger.name, c.challenged.name);
    name.chars().take(100).collect()
}

/// Narration of a match's current state, when a board is posted again.
#[must_use]
pub fn status_lines(board: &BoardView) -> Vec<String> {
    narrate::status(&board.public, &board.players.clone().map(|p| p.name))
}
