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
    let mut description = format!("{score}\n");
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
        terms: terms(lang, &p.options),
        description,
        drawing: format!("```\n{}\n```A = {a}, B = {b}", piste::piste(p)),
        fields: vec![
            (t!(lang, "engarde-field-round"), p.round.to_string()),
            (t!(lang, "engarde-field-distance"), p.distance.to_string()),
            (t!(lang, "engarde-field-pile"), t!(lang, "engarde-pile-cards", count = p.pile)),
            (t!(lang, "engarde-field-last-card"), last_card),
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
        t!(
            lang,
            "engarde-hand-match",
            marker = super::seat_marker(me),
            id = hand.match_id.to_string(),
            title = variant_title(lang, engarde_rules::Variant::EnGarde(p.variant)),
            seat = me.to_string(),
            side = side
        ),
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

/// Buttons and menus for a player's legal actions, in at most three rows: moves (advances
/// and retreats together), attacks (with or without an advance), then parries and taking
/// the hit. A group holding more than a row of buttons becomes a select menu (25 options).
#[must_use]
pub fn hand_components(lang: Lang, hand: &HandView, view: &SeatView) -> Vec<CreateActionRow> {
    let (match_id, turn) = (hand.match_id, hand.turn);
    // Each group with its actions, and the menu placeholders of its kinds of action.
    let mut groups: Vec<(Vec<Action>, Vec<&str>)> = vec![(Vec::new(), Vec::new()); 4];
    for &action in &view.legal_actions {
        let (group, menu) = match action {
            Action::Advance(_) => (0, "engarde-menu-advance"),
            Action::Retreat(_) => (0, "engarde-menu-retreat"),
            Action::Attack { .. } => (1, "engarde-menu-attack"),
            Action::AdvanceAttack { .. } => (1, "engarde-menu-lunge"),
            Action::Parry(_) => (2, "engarde-menu-parry"),
            Action::AcceptHit | Action::Resign | Action::AgreeDraw => (3, "engarde-menu-answer"),
        };
        groups[group].0.push(action);
        if !groups[group].1.contains(&menu) {
            groups[group].1.push(menu);
        }
    }
    let mut rows = Vec::new();
    let mut menu = 0;
    for (group, (actions, kinds)) in groups.into_iter().enumerate().filter(|(_, (a, _))| !a.is_empty()) {
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
            let placeholder = match (group, kinds.as_slice()) {
                (_, [one]) => t!(lang, one),
                (0, _) => t!(lang, "engarde-menu-move"),
                _ => t!(lang, "engarde-menu-attack-or-lunge"),
            };
            // Menus of 25 options: none is ever left out.
            for chunk in actions.chunks(25) {
                let options = chunk
                    .iter()
                    .map(|&a| {
                        CreateSelectMenuOption::new(labels::label(lang, a), encode_action(MatchAction::EnGarde(a)))
                    })
                    .collect();
                let select = CreateSelectMenu::new(
                    CustomId::Choose { match_id, turn, menu }.encode(),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(placeholder.clone());
                rows.push(CreateActionRow::SelectMenu(select));
                menu += 1;
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use engarde_rules::engarde::{Config, EnGarde, Event, Variant};
    use engarde_rules::Match;
    use serde_json::Value;

    use super::*;
    use crate::discord::render::test_views::{hand_view, players};
    use crate::present::engarde::narrate;

    fn chars(s: &str) -> usize {
        s.chars().count()
    }

    fn no_id(lang: Lang, text: &str) {
        assert!(!text.contains("engarde-"), "{lang}: a message is missing: {text}");
    }

    /// Checks everything a position shows against Discord's limits, in one language.
    fn check(lang: Lang, game: &EnGarde, events: &[Event]) {
        let names = players();
        let public = game.public_view();
        let part = board_part(lang, &public, &names);
        assert!(chars(&part.title) <= 256 && chars(&part.description) <= 4096, "{lang}: {}", part.description);
        no_id(lang, &part.description);
        for (name, value) in &part.fields {
            assert!(chars(name) <= 256 && chars(value) <= 1024 && !value.is_empty(), "{lang}: {name}: {value}");
            no_id(lang, name);
            no_id(lang, value);
        }
        let plain = names.clone().map(|p| p.name);
        let narration = narrate::events(lang, events, &plain).join("\n");
        // The board's content also holds the prompt line: keep room for it.
        assert!(chars(&narration) <= 1500, "{lang}: {narration}");
        no_id(lang, &narration);
        if let Some(prompt) = prompt(lang, &public) {
            no_id(lang, &prompt);
        }
        no_id(lang, &terms(lang, &public.options));
        for seat in [Seat::A, Seat::B] {
            let hand = hand_view(&Match::EnGarde(game.clone()), seat);
            let view = game.view(seat);
            let text = hand_text(lang, &hand, &view);
            assert!(chars(&text) <= 2000, "{lang}: {text}");
            no_id(lang, &text);
            let done: Vec<String> = view.legal_actions.iter().map(|&a| narrate::done(lang, a)).collect();
            done.iter().for_each(|d| no_id(lang, d));
            let rows = serde_json::to_value(hand_components(lang, &hand, &view)).unwrap();
            let rows = rows.as_array().unwrap();
            assert!(rows.len() <= 3, "at most three rows for a decision");
            for row in rows {
                for c in row["components"].as_array().unwrap() {
                    let text = |v: &Value| v.as_str().map_or(0, chars);
                    assert!(text(&c["label"]) <= 80 && text(&c["placeholder"]) <= 150, "{lang}: {c}");
                    for o in c["options"].as_array().into_iter().flatten() {
                        assert!(text(&o["label"]) <= 100, "{lang}: {o}");
                        no_id(lang, o["label"].as_str().unwrap());
                    }
                    if let Some(label) = c["label"].as_str() {
                        no_id(lang, label);
                    }
                    if let Some(placeholder) = c["placeholder"].as_str() {
                        no_id(lang, placeholder);
                    }
                }
            }
        }
    }

    /// Whole matches of every variant (Kengo best of 3), every position checked in every
    /// language.
    #[test]
    fn every_position_fits_discord_in_every_language() {
        for variant in Variant::ALL {
            let mut config = Config::new(variant, 7);
            config.options.hits_to_win = 2;
            if variant.family() == engarde_rules::engarde::Family::Kengo {
                config.options.best_of = 3;
            }
            let mut game = EnGarde::new(config).unwrap();
            for lang in Lang::ALL {
                let opening = narrate::opening(lang, &game.public_view(), &players().map(|p| p.name));
                opening.iter().for_each(|l| no_id(lang, l));
                check(lang, &game, &[]);
            }
            let mut step = 0usize;
            while let Some(seat) = game.to_act() {
                let legal: Vec<Action> = game
                    .legal_actions()
                    .into_iter()
                    .filter(|a| !matches!(a, Action::Resign | Action::AgreeDraw))
                    .collect();
                let action = legal[(step * 7 + step / 3) % legal.len()];
                let events = game.play(seat, action).unwrap();
                for lang in Lang::ALL {
                    check(lang, &game, &events);
                }
                step += 1;
                assert!(step < 5000, "{variant}: the match does not end");
            }
            for lang in Lang::ALL {
                let status = narrate::status(lang, &game.public_view(), &players().map(|p| p.name));
                status.iter().for_each(|l| no_id(lang, l));
            }
        }
    }
}
