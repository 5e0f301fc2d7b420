//! En Garde and Kengo on Discord: the piste and facts of a board, a player's hand
//! and their legal actions as buttons and menus.

use crate::i18n::Lang;
use engarde_rules::engarde::{Action, Cards, Options, Phase, PublicView, SeatView};
use engarde_rules::{BySeat, MatchAction, Seat};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{encode_action, CustomId};
use super::{BoardPart, ROW};
use crate::present::engarde::{labels, piste};
use crate::present::escape;
use crate::service::{HandView, Player};

/// What the player to act must decide, in words; `None` once the match is over.
pub fn prompt(lang: Lang, p: &PublicView) -> Option<&'static str> {
    Some(match p.phase {
        Phase::Turn { riposte: true, .. } => "your turn again after the parry: move or riposte",
        Phase::Turn { .. } => "your turn",
        Phase::Defend { lunge: true, .. } => "you are attacked: parry, retreat or take the hit",
        Phase::Defend { .. } => "you are attacked: parry or take the hit",
        Phase::Finished => return None,
    })
}

/// What a match is played to.
pub fn terms(lang: Lang, o: &Options) -> String {
    format!("first to {} hit{}", o.hits_to_win, if o.hits_to_win == 1 { "" } else { "s" })
}

/// The score, the piste and the facts of a board.
pub fn board_part(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> BoardPart {
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
            labels::plus(lang, Cards::of(attack.card, attack.count)),
            escape(&names.get(seat).name)
        ));
    }
    BoardPart {
        title: p.variant.title().to_owned(),
        description,
        fields: vec![
            ("Round".to_owned(), p.round.to_string()),
            ("Distance".to_owned(), p.distance.to_string()),
            ("Pile".to_owned(), format!("{} cards", p.pile)),
            ("Last card".to_owned(), p.last_card.map_or_else(|| "–".to_owned(), |c| c.to_string())),
            ("Hits to win".to_owned(), p.options.hits_to_win.to_string()),
        ],
    }
}

/// The text of a player's private view.
#[must_use]
pub fn hand_text(lang: Lang, hand: &HandView, view: &SeatView) -> String {
    let p = &view.public;
    let me = hand.seat;
    let cards: Vec<String> = view.hand.iter().map(|c| format!("`{c}`")).collect();
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
            labels::plus(lang, engarde_rules::engarde::Cards::of(attack.card, attack.count)),
            if lunge { "parry, retreat or take the hit" } else { "parry or take the hit" }
        )),
        Phase::Finished => text.push_str("The match is over."),
        _ => {
            let waiting = p.to_act().map_or("", |s| hand.players.get(s).name.as_str());
            text.push_str(&format!("Waiting for {}.", escape(waiting)));
        }
    }
    text
}

/// Buttons and menus for a player's legal actions: at most 5 rows of 5 buttons,
/// select menus of at most 25 options.
#[must_use]
pub fn hand_components(lang: Lang, hand: &HandView, view: &SeatView) -> Vec<CreateActionRow> {
    let (match_id, turn) = (hand.match_id, hand.turn);
    let mut groups: Vec<(&str, Vec<Action>)> = vec![
        ("Advance", Vec::new()),
        ("Retreat", Vec::new()),
        ("Attack", Vec::new()),
        ("Advance and attack", Vec::new()),
        ("Parry", Vec::new()),
        ("Answer", Vec::new()),
    ];
    for &action in &view.legal_actions {
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
    let mut menu = 0;
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
                    CreateButton::new(CustomId::Act { match_id, turn, action: MatchAction::EnGarde(a) }.encode())
                        .label(labels::label(lang, a))
                        .style(style)
                })
                .collect();
            rows.push(CreateActionRow::Buttons(buttons));
        } else {
            let options = actions
                .iter()
                .take(25)
                .map(|&a| CreateSelectMenuOption::new(labels::label(lang, a), encode_action(MatchAction::EnGarde(a))))
                .collect();
            let select = CreateSelectMenu::new(
                CustomId::Choose { match_id, turn, menu }.encode(),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(format!("{name}…"));
            rows.push(CreateActionRow::SelectMenu(select));
            menu += 1;
        }
    }
    rows
}
