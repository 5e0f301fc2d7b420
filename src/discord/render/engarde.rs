//! En Garde and Kengo on Discord: the piste and facts of a board, a player's hand
//! and their legal actions as buttons and menus.

use crate::i18n::Lang;
use crate::t;
use engarde_rules::engarde::{Action, Cards, Options, Phase, PublicView, SeatView};
use engarde_rules::{BySeat, MatchAction, Seat};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{encode_action, CustomId};
use super::{BoardPart, ROW};
use crate::present::engarde::{labels, piste};
use crate::present::{escape, variant_title};
use crate::service::{HandView, Player};

/// What the player to act must decide, in words; `None` once the match is over.
pub fn prompt(lang: Lang, p: &PublicView) -> Option<String> {
    Some(match p.phase {
        Phase::Turn { riposte: true, .. } => t!(lang, "engarde-prompt-riposte"),
        Phase::Turn { .. } => t!(lang, "engarde-prompt-turn"),
        Phase::Defend { lunge: true, .. } => t!(lang, "engarde-prompt-defend-lunge"),
        Phase::Defend { .. } => t!(lang, "engarde-prompt-defend"),
        Phase::Finished => return None,
    })
}

/// What a match is played to.
pub fn terms(lang: Lang, o: &Options) -> String {
    t!(lang, "engarde-terms", hits = o.hits_to_win)
}

/// The score, the piste and the facts of a board.
pub fn board_part(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> BoardPart {
    let (a, b) = (escape(&names.a.name), escape(&names.b.name));
    let mut score = format!("**{a}** {} – {} **{b}**", p.score.a, p.score.b);
    if p.options.best_of > 1 {
        score.push_str("  ");
        score.push_str(&t!(lang, "engarde-board-games", games_a = p.games.a, games_b = p.games.b));
    }
    let mut description = format!("{score}\n```\n{}\n```", piste::piste(p));
    description.push_str(&format!("A = {a}, B = {b}\n"));
    if let Phase::Defend { seat, attack, .. } = p.phase {
        description.push_str(&t!(
            lang,
            "engarde-board-attacked",
            attacker = escape(&names.get(seat.other()).name),
            cards = labels::plus(lang, Cards::of(attack.card, attack.count)),
            defender = escape(&names.get(seat).name)
        ));
        description.push('\n');
    }
    let last_card = p.last_card.map_or_else(|| "–".to_owned(), |c| c.to_string());
    BoardPart {
        title: variant_title(lang, engarde_rules::Variant::EnGarde(p.variant)),
        description,
        fields: vec![
            (t!(lang, "engarde-field-round"), p.round.to_string()),
            (t!(lang, "engarde-field-distance"), p.distance.to_string()),
            (t!(lang, "engarde-field-pile"), t!(lang, "engarde-pile-cards", count = p.pile)),
            (t!(lang, "engarde-field-last-card"), last_card),
            (t!(lang, "engarde-field-hits-to-win"), p.options.hits_to_win.to_string()),
        ],
    }
}

/// The text of a player's private view.
#[must_use]
pub fn hand_text(lang: Lang, hand: &HandView, view: &SeatView) -> String {
    let p = &view.public;
    let me = hand.seat;
    let cards: Vec<String> = view.hand.iter().map(|c| format!("`{c}`")).collect();
    let cards = if cards.is_empty() { t!(lang, "engarde-no-cards") } else { cards.join(" ") };
    let side = if me == Seat::A { "left" } else { "right" };
    let last_card = p.last_card.map_or_else(|| "–".to_owned(), |c| c.to_string());
    let mut text = [
        t!(lang, "engarde-hand-match", id = hand.match_id.to_string(), seat = me.to_string(), side = side),
        t!(lang, "engarde-hand-cards", cards = cards),
        t!(lang, "engarde-hand-facts", distance = p.distance, pile = p.pile, last = last_card),
    ]
    .join("\n");
    text.push('\n');
    text.push_str(&match p.phase {
        Phase::Turn { seat, riposte: true } if seat == me => t!(lang, "engarde-hand-riposte"),
        Phase::Turn { seat, .. } if seat == me => t!(lang, "engarde-hand-turn"),
        Phase::Defend { seat, attack, lunge, .. } if seat == me => {
            let cards = labels::plus(lang, Cards::of(attack.card, attack.count));
            if lunge {
                t!(lang, "engarde-hand-attacked-lunge", cards = cards)
            } else {
                t!(lang, "engarde-hand-attacked", cards = cards)
            }
        }
        Phase::Finished => t!(lang, "engarde-hand-over"),
        _ => {
            let waiting = p.to_act().map_or("", |s| hand.players.get(s).name.as_str());
            t!(lang, "engarde-hand-waiting", name = escape(waiting))
        }
    });
    text
}

/// Buttons and menus for a player's legal actions: at most 5 rows of 5 buttons,
/// select menus of at most 25 options.
#[must_use]
pub fn hand_components(lang: Lang, hand: &HandView, view: &SeatView) -> Vec<CreateActionRow> {
    let (match_id, turn) = (hand.match_id, hand.turn);
    let mut groups: Vec<(&str, Vec<Action>)> = vec![
        ("engarde-menu-advance", Vec::new()),
        ("engarde-menu-retreat", Vec::new()),
        ("engarde-menu-attack", Vec::new()),
        ("engarde-menu-lunge", Vec::new()),
        ("engarde-menu-parry", Vec::new()),
        ("engarde-menu-answer", Vec::new()),
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
            .placeholder(t!(lang, name));
            rows.push(CreateActionRow::SelectMenu(select));
            menu += 1;
        }
    }
    rows
}
