//! Ready... Fence! on Discord: the strip, both fencers and the phrase in progress on the
//! public board; a player's hand in one line and their legal decisions as buttons and menus
//! in the ephemeral prompt, short enough for a phone.
//!
//! Every decision is one action of the rules (a turn is a sequence of them), so a prompt
//! needs no steps: it offers exactly `legal_actions`, in at most three rows — actions without
//! a card, card choices (to attack, answer, feint or riposte), then weapon positions and cards
//! to swap together — as buttons when a row's group has at most 5, else as a select menu.
//! The one step is **Card rules** (`k`): a new private message with the rules of the cards
//! in hand, and a menu (`kc`) of every card's rules.

use crate::i18n::Lang;
use crate::t;
use engarde_rules::readyfence::{table, Action, Awaiting, Card, Kind, PublicView, Role, SeatView, Variant};
use engarde_rules::{BySeat, MatchAction, Seat};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{encode_action, CustomId, StepCode};
use super::{seat_marker, BoardPart, ROW};
use crate::present::escape;
use crate::present::readyfence::{
    card_name, colour, distance_name, guard_name, kind_class, kind_effect, kind_name, label, letter, phrase_step_text,
    strip, terms as bout_terms, with_angulation,
};
use crate::service::{HandView, Player};

/// Discord's limits on a select menu's options and on their labels and descriptions.
const MENU_OPTIONS: usize = 25;
const OPTION_TEXT: usize = 100;
/// Discord's limit on a button label.
const BUTTON_LABEL: usize = 80;
/// Rows of components in a message.
const ROWS: usize = 5;

/// The threat to answer, in words, e.g. "Straight Thrust 3 at speed 5".
fn threat_words(lang: Lang, p: &PublicView) -> Option<String> {
    let threat = p.phrase.as_ref()?.threat;
    let card = threat.card.map(|c| card_name(lang, c)).unwrap_or_default();
    Some(match (threat.role, threat.speed) {
        (Role::Riposte, Some(s)) => t!(lang, "readyfence-threat-riposte", card = card, speed = s),
        (Role::Renewed, Some(s)) => t!(lang, "readyfence-threat-renewed", card = card, speed = s),
        (_, Some(s)) => t!(lang, "readyfence-threat", card = card, speed = s),
        (_, None) => card,
    })
}

/// What the player to act must decide, in words; `None` once the bout is over.
pub fn prompt(lang: Lang, p: &PublicView) -> Option<String> {
    Some(match p.stage {
        Awaiting::Mulligan => t!(lang, "readyfence-prompt-mulligan"),
        Awaiting::Turn if p.turn.is_some_and(|t| t.actions > 0) => t!(lang, "readyfence-prompt-turn-goes-on"),
        Awaiting::Turn => t!(lang, "readyfence-prompt-turn"),
        Awaiting::FreeSwap => t!(lang, "readyfence-prompt-free-swap"),
        Awaiting::Answer => t!(lang, "readyfence-prompt-answer", threat = threat_words(lang, p)?),
        Awaiting::RenewOrFeint => t!(lang, "readyfence-prompt-renew-or-feint"),
        Awaiting::GlideBonus => t!(lang, "readyfence-prompt-glide"),
        Awaiting::Over => return None,
    })
}

/// What a bout is played to.
pub fn terms(lang: Lang, p: &PublicView) -> String {
    bout_terms(lang, p)
}

fn period_text(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> String {
    if let Some(priority) = p.extra_time_priority {
        return t!(lang, "readyfence-period-extra-time", name = escape(&names.get(priority).name));
    }
    if p.tutorial_tie {
        t!(lang, "readyfence-period-tutorial-tie", period = p.period, periods = p.periods)
    } else {
        t!(lang, "readyfence-period", period = p.period, periods = p.periods)
    }
}

/// The score, the strip and the facts of a board.
pub fn board_part(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> BoardPart {
    let name = |s: Seat| escape(&names.get(s).name);
    let separator = t!(lang, "readyfence-list-separator");
    let score = t!(
        lang,
        "readyfence-board-score",
        green = name(Seat::A),
        green_score = p.score.a,
        red_score = p.score.b,
        red = name(Seat::B),
        target = p.target
    );
    let drawing = format!(
        "```\n{}\n```{}",
        strip(p),
        t!(lang, "readyfence-board-fencers", green = name(Seat::A), red = name(Seat::B))
    );
    let mut description = format!("{score}\n");
    description.push_str(&t!(lang, "readyfence-board-distance", distance = distance_name(lang, p.distance, p.gap)));
    description.push('\n');
    let fencer = |s: Seat| {
        let mut text = format!(
            "{} {}\n{}\n{}",
            letter(s),
            name(s),
            guard_name(lang, *p.weapons.get(s)),
            t!(lang, "readyfence-board-stamina", stamina = *p.stamina.get(s), cards = *p.hand_sizes.get(s))
        );
        if *p.stalled_last.get(s) {
            text.push('\n');
            text.push_str(&t!(lang, "readyfence-board-stalled"));
        }
        text
    };
    let mut fields = vec![
        (colour(lang, Seat::A), fencer(Seat::A)),
        (colour(lang, Seat::B), fencer(Seat::B)),
        (t!(lang, "readyfence-field-period"), period_text(lang, p, names)),
        (t!(lang, "readyfence-field-timer"), t!(lang, "readyfence-timer-left", timer = p.timer)),
    ];
    if p.stage == Awaiting::Mulligan {
        let pending: Vec<String> = Seat::ALL.iter().filter(|s| !*p.mulligan_done.get(**s)).map(|&s| name(s)).collect();
        fields.push((
            t!(lang, "readyfence-field-mulligan"),
            t!(lang, "readyfence-mulligan-pending", names = pending.join(&separator)),
        ));
    }
    if let Some(turn) = p.turn.filter(|t| t.actions > 0) {
        let mut used = Vec::new();
        if turn.weapon_changed {
            used.push(t!(lang, "readyfence-used-weapon"));
        }
        if turn.swapped {
            used.push(t!(lang, "readyfence-used-swap"));
        }
        if turn.retreated {
            used.push(t!(lang, "readyfence-used-retreat"));
        }
        let used = if used.is_empty() {
            String::new()
        } else {
            t!(lang, "readyfence-turn-used", list = used.join(&separator))
        };
        fields.push((
            t!(lang, "readyfence-field-turn"),
            t!(lang, "readyfence-turn-actions", name = name(turn.seat), actions = turn.actions, used = used),
        ));
    }
    if let Some(phrase) = &p.phrase {
        let plain = names.clone().map(|pl| pl.name);
        let mut lines: Vec<String> = phrase
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!("{}. {}", i + 1, phrase_step_text(lang, s.seat, s.role, s.card, s.angulation, s.speed, &plain))
            })
            .collect();
        if phrase.fleche {
            lines.insert(0, t!(lang, "readyfence-phrase-fleche"));
        }
        let mut text = String::new();
        for line in lines {
            // An embed field holds 1024 characters; a phrase is far shorter, but never overflow.
            if text.chars().count() + line.chars().count() + 2 > 1000 {
                text.push('…');
                break;
            }
            text.push_str(&line);
            text.push('\n');
        }
        fields.push((t!(lang, "readyfence-field-phrase"), text.trim_end().to_owned()));
    }
    BoardPart { title: title(lang, p), terms: bout_terms(lang, p), description, drawing, fields }
}

/// The variant's title, e.g. "Ready... Fence! (basic)".
fn title(lang: Lang, p: &PublicView) -> String {
    crate::present::variant_title(lang, engarde_rules::Variant::ReadyFence(p.variant))
}

/// A card's stamina cost in words, e.g. " · SP 1"; nothing in the tutorial, which ignores it.
fn sp_text(lang: Lang, variant: Variant, sp: u32) -> String {
    if variant == Variant::Tutorial {
        String::new()
    } else {
        t!(lang, "readyfence-sp", sp = sp)
    }
}

/// One card of a hand: name, speed, SP cost, colour and what it does.
fn card_line(lang: Lang, card: Card, variant: Variant) -> String {
    let speed = card.speed.map(|s| t!(lang, "readyfence-card-line-speed", speed = s)).unwrap_or_default();
    t!(
        lang,
        "readyfence-card-line",
        name = card_name(lang, card),
        speed = speed,
        sp = sp_text(lang, variant, u32::from(table().sp(card))),
        class = kind_class(lang, card.kind),
        effect = kind_effect(lang, card.kind)
    )
}

/// What the viewer is asked, in a sentence.
fn situation(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    let p = &v.public;
    let waiting = |s: Seat| t!(lang, "readyfence-waiting", name = escape(&hand.players.get(s).name));
    let Some(to_act) = p.to_act.single() else {
        return t!(lang, "readyfence-over");
    };
    if to_act != v.seat || v.legal.is_empty() {
        return waiting(to_act);
    }
    match p.stage {
        Awaiting::Mulligan => t!(lang, "readyfence-situation-mulligan"),
        Awaiting::Turn if p.turn.is_some_and(|t| t.actions > 0) => t!(lang, "readyfence-situation-turn-goes-on"),
        Awaiting::Turn => t!(lang, "readyfence-situation-turn"),
        Awaiting::FreeSwap => t!(lang, "readyfence-situation-free-swap"),
        Awaiting::Answer => {
            // Say only what is offered: a card, a defence without one, conceding.
            let mut ways = Vec::new();
            if v.legal.iter().any(|a| matches!(a, Action::Answer { .. })) {
                ways.push(t!(lang, "readyfence-way-card"));
            }
            if v.legal.iter().any(|a| matches!(a, Action::Parry | Action::Distance(_))) {
                ways.push(t!(lang, "readyfence-way-no-card"));
            }
            if v.legal.contains(&Action::Concede) {
                ways.push(t!(lang, "readyfence-way-concede"));
            }
            t!(
                lang,
                "readyfence-situation-answer",
                threat = threat_words(lang, p).unwrap_or_default(),
                ways = ways.join(&t!(lang, "readyfence-list-separator"))
            )
        }
        Awaiting::RenewOrFeint => t!(lang, "readyfence-situation-renew-or-feint"),
        Awaiting::GlideBonus => t!(lang, "readyfence-situation-glide"),
        Awaiting::Over => t!(lang, "readyfence-over"),
    }
}

/// The text of a player's prompt, short enough for a phone: who they are, their hand in one
/// line, their fencer's state, and what to decide. What each card does is on demand (the
/// **Card rules** button, see [`step`]).
#[must_use]
pub fn hand_text(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    let p = &v.public;
    let me = v.seat;
    let mut text = t!(
        lang,
        "readyfence-hand-header",
        marker = seat_marker(me),
        // As a string: a Fluent number would lose the id's last digits.
        match = hand.match_id.to_string(),
        title = title(lang, p),
        colour = colour(lang, me),
        letter = letter(me).to_string(),
        block = *p.positions.get(me)
    );
    text.push('\n');
    let chips: Vec<String> = v.hand.iter().map(|&c| format!("`{}`", card_name(lang, c))).collect();
    let cards = if chips.is_empty() { t!(lang, "readyfence-hand-empty") } else { chips.join(" ") };
    text.push_str(&t!(lang, "readyfence-hand-cards", cards = cards));
    text.push('\n');
    text.push_str(&t!(
        lang,
        "readyfence-hand-status",
        stamina = *p.stamina.get(me),
        guard = guard_name(lang, *p.weapons.get(me)),
        distance = distance_name(lang, p.distance, p.gap),
        mine = *p.score.get(me),
        theirs = *p.score.get(me.other())
    ));
    text.push('\n');
    text.push_str(&situation(lang, hand, v));
    text
}

/// The step of the **Card rules** button (a new private message: the rules of the cards
/// in hand) and of its menu (that message shows the chosen card instead).
const RULES_STEP: &str = "k";
const RULES_MENU_STEP: &str = "kc";

/// Whether a step only shows cards' rules (never out of date).
#[must_use]
pub fn is_rules_step(step: &str) -> bool {
    step == RULES_STEP || step == RULES_MENU_STEP
}

/// The menu of every card's rules, beside the rules shown.
fn rules_menu(lang: Lang, hand: &HandView) -> CreateActionRow {
    let options = Kind::ALL
        .iter()
        .map(|&k| {
            CreateSelectMenuOption::new(cut(kind_name(lang, k), OPTION_TEXT), k.id())
                .description(cut(kind_class(lang, k), OPTION_TEXT))
        })
        .collect();
    let step = StepCode::new(RULES_MENU_STEP).expect("a valid step code");
    let id = CustomId::Step { match_id: hand.match_id, turn: hand.turn, step }.encode();
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
            .placeholder(t!(lang, "readyfence-card-rules-placeholder")),
    )
}

/// A step of a prompt: the **Card rules** of the hand (a new private message with a menu of
/// every card), or of the card chosen in that menu (the message changes in place).
///
/// # Errors
/// A short message for a step or a card that is not valid (a forged click).
pub fn step(
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    step: &str,
    values: &[String],
) -> Result<super::StepReply, String> {
    let invalid = || t!(lang, "error-invalid-choice");
    match (step, values) {
        (RULES_STEP, []) => {
            let mut text = t!(lang, "readyfence-card-rules-head");
            let mut shown: Vec<Card> = v.hand.clone();
            shown.sort();
            shown.dedup();
            if shown.is_empty() {
                text.push('\n');
                text.push_str(&t!(lang, "readyfence-hand-empty"));
            }
            for card in shown {
                text.push('\n');
                text.push_str(&card_line(lang, card, v.public.variant));
            }
            Ok(super::StepReply::Reply(text, vec![rules_menu(lang, hand)]))
        }
        (RULES_MENU_STEP, [value]) => {
            let kind: Kind = value.parse().map_err(|_| invalid())?;
            let text = t!(
                lang,
                "readyfence-card-rules-kind",
                name = kind_name(lang, kind),
                class = kind_class(lang, kind),
                effect = kind_effect(lang, kind)
            );
            Ok(super::StepReply::Update(text, vec![rules_menu(lang, hand)]))
        }
        _ => Err(invalid()),
    }
}

/// The group of rows an action is offered in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    /// A card to attack, answer, feint into or riposte with.
    Card,
    /// An action without a card.
    Plain,
    /// A weapon position.
    Weapon,
    /// A card to discard and draw for.
    Swap,
    /// A retreat with a card swapped.
    RetreatSwap,
    /// Defence by Distance with the card to discard.
    DistanceSwap,
}

fn group_of(action: Action) -> Group {
    match action {
        Action::Play { .. } | Action::Answer { .. } | Action::Feint { card: Some(_), .. } | Action::Glide { .. } => {
            Group::Card
        }
        Action::Weapon(_) => Group::Weapon,
        Action::Swap(_) => Group::Swap,
        Action::Retreat(Some(_)) => Group::RetreatSwap,
        Action::Distance(Some(_)) => Group::DistanceSwap,
        _ => Group::Plain,
    }
}

fn placeholder(lang: Lang, group: Group, stage: Awaiting) -> String {
    let id = match (group, stage) {
        (Group::Card, Awaiting::Turn) => "readyfence-placeholder-attack",
        (Group::Card, Awaiting::Answer) => "readyfence-placeholder-answer",
        (Group::Card, Awaiting::RenewOrFeint) => "readyfence-placeholder-feint",
        (Group::Card, _) => "readyfence-placeholder-riposte",
        (Group::Plain, _) => "readyfence-placeholder-choose",
        (Group::Weapon, _) => "readyfence-placeholder-weapon",
        (Group::Swap, _) => "readyfence-placeholder-swap",
        (Group::RetreatSwap, _) => "readyfence-placeholder-retreat-swap",
        (Group::DistanceSwap, _) => "readyfence-placeholder-distance-swap",
    };
    t!(lang, id)
}

/// The card an action plays or names, with its Angulation.
fn card_of(action: Action) -> Option<(Card, bool)> {
    match action {
        Action::Play { card, angulation }
        | Action::Answer { card, angulation }
        | Action::Glide { card, angulation }
        | Action::Feint { card: Some(card), angulation } => Some((card, angulation)),
        Action::Swap(c) | Action::Retreat(Some(c)) | Action::Distance(Some(c)) => Some((c, false)),
        _ => None,
    }
}

/// A menu option's description: the card's printed speed, SP cost and role.
fn description(lang: Lang, action: Action, variant: Variant) -> Option<String> {
    let (card, angulation) = card_of(action)?;
    let t = table();
    let mut sp = u32::from(t.sp(card));
    if angulation {
        sp += u32::from(t.sp("angulation".parse().ok()?));
    }
    let speed = card.speed.map(|s| {
        if angulation {
            t!(lang, "readyfence-option-speed-angulation", speed = s)
        } else {
            t!(lang, "readyfence-option-speed", speed = s)
        }
    });
    let text = match group_of(action) {
        Group::Card => {
            format!("{}{} · {}", speed.unwrap_or_default(), sp_text(lang, variant, sp), kind_class(lang, card.kind))
                .trim_start_matches(" · ")
                .to_owned()
        }
        _ => t!(
            lang,
            "readyfence-option-card",
            card = with_angulation(lang, card, false),
            class = kind_class(lang, card.kind)
        ),
    };
    Some(text.chars().take(OPTION_TEXT).collect())
}

fn style(action: Action) -> ButtonStyle {
    match action {
        Action::Play { .. } | Action::Feint { card: Some(_), .. } | Action::Glide { .. } | Action::Renew => {
            ButtonStyle::Danger
        }
        Action::Answer { .. } | Action::Parry | Action::Distance(_) | Action::Keep => ButtonStyle::Success,
        Action::Concede | Action::Pass | Action::EndTurn => ButtonStyle::Secondary,
        _ => ButtonStyle::Primary,
    }
}

fn cut(text: String, max: usize) -> String {
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// Select menus of `actions`, 25 options each, numbered from `*menu` on (the menus of one
/// message need distinct ids).
fn menus(
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    actions: &[Action],
    placeholder: &str,
    menu: &mut u8,
) -> Vec<CreateActionRow> {
    let (match_id, turn) = (hand.match_id, hand.turn);
    actions
        .chunks(MENU_OPTIONS)
        .map(|chunk| {
            let options = chunk
                .iter()
                .map(|&a| {
                    let option = CreateSelectMenuOption::new(
                        cut(label(lang, a), OPTION_TEXT),
                        encode_action(MatchAction::ReadyFence(a)),
                    );
                    match description(lang, a, v.public.variant) {
                        Some(d) => option.description(d),
                        None => option,
                    }
                })
                .collect();
            let id = CustomId::Choose { match_id, turn, menu: *menu }.encode();
            *menu += 1;
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options }).placeholder(placeholder),
            )
        })
        .collect()
}

/// Buttons for `actions`, or select menus when there are more than a row holds.
fn row_of(
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    actions: &[Action],
    placeholder: &str,
    menu: &mut u8,
) -> Vec<CreateActionRow> {
    if actions.len() > ROW {
        return menus(lang, hand, v, actions, placeholder, menu);
    }
    let (match_id, turn) = (hand.match_id, hand.turn);
    let buttons = actions
        .iter()
        .map(|&a| {
            CreateButton::new(CustomId::Act { match_id, turn, action: MatchAction::ReadyFence(a) }.encode())
                .label(cut(label(lang, a), BUTTON_LABEL))
                .style(style(a))
        })
        .collect();
    vec![CreateActionRow::Buttons(buttons)]
}

/// Buttons and menus for exactly the player's legal decisions, in at most three rows: the
/// decisions without a card (and the **Card rules** button), the cards to attack, answer,
/// feint or riposte with, then weapon positions and the cards to swap, together. Within
/// Discord's limits: 5 buttons a row, select menus of 25 options.
#[must_use]
pub fn hand_components(lang: Lang, hand: &HandView, v: &SeatView) -> Vec<CreateActionRow> {
    let stage = v.public.stage;
    let of = |wanted: &[Group]| -> Vec<Action> {
        v.legal.iter().copied().filter(|&a| wanted.contains(&group_of(a))).collect()
    };
    let plain = of(&[Group::Plain]);
    let cards = of(&[Group::Card]);
    let others = of(&[Group::Weapon, Group::Swap, Group::RetreatSwap, Group::DistanceSwap]);
    let mut menu = 0;
    let mut rows = Vec::new();
    // The decisions without a card, and the rules of the cards held.
    let rules = (!v.hand.is_empty()).then(|| {
        let step = StepCode::new(RULES_STEP).expect("a valid step code");
        CreateButton::new(CustomId::Step { match_id: hand.match_id, turn: hand.turn, step }.encode())
            .label(t!(lang, "readyfence-button-card-rules"))
            .style(ButtonStyle::Secondary)
    });
    let mut rules_left = None;
    if plain.len() < ROW {
        let mut row = match row_of(lang, hand, v, &plain, "", &mut menu).pop() {
            Some(CreateActionRow::Buttons(buttons)) => buttons,
            _ => Vec::new(),
        };
        row.extend(rules);
        if !row.is_empty() {
            rows.push(CreateActionRow::Buttons(row));
        }
    } else {
        rows.extend(row_of(lang, hand, v, &plain, &placeholder(lang, Group::Plain, stage), &mut menu));
        rules_left = rules;
    }
    if !cards.is_empty() {
        rows.extend(row_of(lang, hand, v, &cards, &placeholder(lang, Group::Card, stage), &mut menu));
    }
    if !others.is_empty() {
        let first = group_of(others[0]);
        let text = if others.iter().all(|&a| group_of(a) == first) {
            placeholder(lang, first, stage)
        } else {
            t!(lang, "readyfence-placeholder-more")
        };
        rows.extend(row_of(lang, hand, v, &others, &text, &mut menu));
    }
    if let (Some(rules), true) = (rules_left, rows.len() < ROWS) {
        rows.push(CreateActionRow::Buttons(vec![rules]));
    }
    if rows.len() > ROWS {
        // More than the rows hold: every decision in menus of 25, in the rules' order.
        rows = menus(lang, hand, v, &v.legal, &t!(lang, "readyfence-placeholder-choose"), &mut 0);
    }
    rows
}

#[cfg(test)]
mod tests {
    use engarde_rules::readyfence::{Config, ReadyFence};
    use engarde_rules::{Match, MatchEvent};
    use serde_json::Value;

    use super::*;
    use crate::discord::custom_id::{decode_action, MAX_LEN};
    use crate::discord::render::test_views::{board_view, hand_view};
    use crate::discord::render::{board, hand_components, hand_text, MAX_CONTENT};
    use crate::service::Narration;

    fn board_of(lang: Lang, game: &ReadyFence, narration: Narration) -> Value {
        let view = board_view(&Match::ReadyFence(game.clone()), narration);
        serde_json::to_value(board(lang, &view)).unwrap()
    }

    fn chars(v: &Value) -> usize {
        v.as_str().map_or(0, |s| s.chars().count())
    }

    /// The largest sizes seen, to show how close to each limit the bot comes.
    #[derive(Default, Debug)]
    struct Most {
        content: usize,
        field: usize,
        fields: usize,
        prompt: usize,
        rows: usize,
        buttons: usize,
        label: usize,
        options: usize,
        option_text: usize,
        custom_id: usize,
    }

    impl Most {
        /// The largest of both.
        fn max(self, other: Most) -> Most {
            Most {
                content: self.content.max(other.content),
                field: self.field.max(other.field),
                fields: self.fields.max(other.fields),
                prompt: self.prompt.max(other.prompt),
                rows: self.rows.max(other.rows),
                buttons: self.buttons.max(other.buttons),
                label: self.label.max(other.label),
                options: self.options.max(other.options),
                option_text: self.option_text.max(other.option_text),
                custom_id: self.custom_id.max(other.custom_id),
            }
        }
    }

    /// Checks one prompt against Discord's limits, and that it offers exactly the legal actions.
    fn check_prompt(lang: Lang, hand: &HandView, legal: &[Action], most: &mut Most) {
        let text = hand_text(lang, hand);
        most.prompt = most.prompt.max(text.chars().count());
        assert!(text.chars().count() <= MAX_CONTENT, "{text}");
        let rows = serde_json::to_value(hand_components(lang, hand)).unwrap();
        let rows = rows.as_array().unwrap();
        most.rows = most.rows.max(rows.len());
        assert!(rows.len() <= 3, "at most three rows for a decision: {rows:?}");
        let mut offered = Vec::new();
        let mut ids = std::collections::HashSet::new();
        for row in rows {
            for c in row["components"].as_array().unwrap() {
                assert!(ids.insert(c["custom_id"].to_string()), "Discord refuses two components with one id: {c}");
            }
            let components = row["components"].as_array().unwrap();
            let id_len = |c: &Value| chars(&c["custom_id"]);
            if components[0]["type"] == 3 {
                assert_eq!(components.len(), 1, "a select menu fills its row");
                let options = components[0]["options"].as_array().unwrap();
                most.options = most.options.max(options.len());
                most.custom_id = most.custom_id.max(id_len(&components[0]));
                assert!(options.len() <= MENU_OPTIONS && !options.is_empty());
                for o in options {
                    let longest = chars(&o["label"]).max(chars(&o["description"]));
                    most.option_text = most.option_text.max(longest);
                    assert!(longest <= OPTION_TEXT, "{o}");
                    offered.push(decode_action(o["value"].as_str().unwrap()).unwrap());
                }
            } else {
                most.buttons = most.buttons.max(components.len());
                assert!(components.len() <= ROW);
                for b in components {
                    most.label = most.label.max(chars(&b["label"]));
                    most.custom_id = most.custom_id.max(id_len(b));
                    assert!(chars(&b["label"]) <= BUTTON_LABEL, "{b}");
                    let id = CustomId::decode(b["custom_id"].as_str().unwrap()).unwrap();
                    match id {
                        CustomId::Act { action, .. } => offered.push(action),
                        CustomId::Step { step, .. } => assert!(is_rules_step(step.as_str()), "{b}"),
                        _ => panic!("{b}"),
                    }
                }
            }
        }
        assert!(most.custom_id <= MAX_LEN);
        let mut offered: Vec<String> = offered.iter().map(|a| format!("{a:?}")).collect();
        let mut legal: Vec<String> = legal.iter().map(|a| format!("{:?}", MatchAction::ReadyFence(*a))).collect();
        offered.sort();
        legal.sort();
        assert_eq!(offered, legal, "exactly the legal actions are offered");
    }

    fn check_board(lang: Lang, game: &ReadyFence, narration: Narration, most: &mut Most) {
        let message = board_of(lang, game, narration);
        most.content = most.content.max(chars(&message["content"]));
        assert!(chars(&message["content"]) <= MAX_CONTENT);
        let embed = &message["embeds"][0];
        assert!(chars(&embed["description"]) <= 4096 && chars(&embed["title"]) <= 256);
        let fields = embed["fields"].as_array().unwrap();
        most.fields = most.fields.max(fields.len());
        assert!(fields.len() <= 25);
        for f in fields {
            most.field = most.field.max(chars(&f["value"]));
            assert!(chars(&f["value"]) <= 1024 && chars(&f["name"]) <= 256, "{f}");
        }
    }

    /// Checks every position of 12 bouts of each mode in `lang` (the `l`th language, whose
    /// bouts have their own seeds); how many positions, and the largest sizes.
    fn bouts_in(l: usize, lang: Lang) -> (usize, Most) {
        let mut most = Most::default();
        let mut rng = 0x2545_f491_4f6c_dd1d_u64 ^ ((l as u64) << 32);
        let mut positions = 0;
        for variant in Variant::ALL {
            for seed in (0..12).map(|s| s * 4 + l as u64) {
                let mut game = ReadyFence::new(Config::new(*variant, seed)).unwrap();
                let mut narration = Narration::Opening;
                for _ in 0..3_000 {
                    check_board(lang, &game, narration.clone(), &mut most);
                    for seat in Seat::ALL {
                        check_prompt(
                            lang,
                            &hand_view(&Match::ReadyFence(game.clone()), seat),
                            &game.legal_actions(seat),
                            &mut most,
                        );
                    }
                    positions += 1;
                    let Some(seat) = game.to_act().single() else { break };
                    let legal = game.legal_actions(seat);
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    // Mostly the last choices (attacks, answers), so that phrases happen.
                    let pick = if rng % 3 == 0 { (rng >> 8) as usize % legal.len() } else { legal.len() - 1 };
                    let events = game.play(seat, legal[pick]).unwrap();
                    let events: Vec<MatchEvent> = events.into_iter().map(MatchEvent::ReadyFence).collect();
                    narration = Narration::Events(events);
                }
                assert!(game.is_finished() || positions > 0);
            }
        }
        (positions, most)
    }

    #[test]
    fn boards_and_prompts_stay_within_discord_limits_and_offer_exactly_the_legal_actions() {
        // Every language, on fewer bouts each, with different seeds: the languages side by
        // side, on every core (the longest of the unit tests).
        let each: Vec<(usize, Most)> = std::thread::scope(|scope| {
            let languages: Vec<_> =
                Lang::ALL.into_iter().enumerate().map(|(l, lang)| scope.spawn(move || bouts_in(l, lang))).collect();
            languages.into_iter().map(|b| b.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        });
        let positions: usize = each.iter().map(|(p, _)| p).sum();
        let most = each.into_iter().map(|(_, m)| m).fold(Most::default(), Most::max);
        eprintln!("{positions} positions; the largest sizes: {most:?}");
        assert!(most.options > ROW, "some prompt needed a select menu: {most:?}");
        assert!(most.rows == 3, "{most:?}");
    }

    #[test]
    fn the_rules_of_each_mode_fit_in_messages_and_lose_nothing() {
        for (lang, variant) in Lang::ALL.into_iter().flat_map(|l| Variant::ALL.iter().map(move |v| (l, v))) {
            let text = crate::present::readyfence::rules_summary(lang, *variant);
            let parts = crate::discord::render::split_message(&text);
            assert!(parts.iter().all(|p| p.chars().count() <= MAX_CONTENT && !p.is_empty()), "{variant}");
            let joined: String = parts.concat().split_whitespace().collect();
            let whole: String = text.split_whitespace().collect();
            assert_eq!(joined, whole, "{variant}: every word is kept, in order");
            if *variant == Variant::Advanced && lang != Lang::ZhTw {
                assert!(parts.len() >= 2, "18 cards and the rules take more than one message");
            }
        }
        // A paragraph too long for one message is split at its lines; a line too long is cut.
        let long = format!("{}\n\n{}\n{}", "a".repeat(1990), "b".repeat(1500), "c ".repeat(1500));
        let parts = crate::discord::render::split_message(&long);
        let sizes: Vec<usize> = parts.iter().map(|p| p.chars().count()).collect();
        assert_eq!(sizes, [1990, 1500, MAX_CONTENT]);
    }

    #[test]
    fn card_rules_come_on_demand_for_the_hand_and_for_any_card() {
        let game = ReadyFence::new(Config::new(Variant::Advanced, 3)).unwrap();
        for lang in Lang::ALL {
            let hand = hand_view(&Match::ReadyFence(game.clone()), Seat::A);
            let v = game.view(Seat::A);
            let text = super::hand_text(lang, &hand, &v);
            assert!(!text.contains(&kind_effect(lang, v.hand[0].kind)), "no rules text on the prompt: {text}");
            let Ok(super::super::StepReply::Reply(rules, rows)) = step(lang, &hand, &v, RULES_STEP, &[]) else {
                panic!("a new message")
            };
            assert!(rules.contains(&kind_effect(lang, v.hand[0].kind)), "{rules}");
            assert!(rules.chars().count() <= MAX_CONTENT && rows.len() == 1);
            let value = vec!["toe_touch".to_owned()];
            let Ok(super::super::StepReply::Update(one, _)) = step(lang, &hand, &v, RULES_MENU_STEP, &value) else {
                panic!("the rules message changes in place")
            };
            assert!(one.contains(&kind_effect(lang, Kind::ToeTouch)), "{one}");
            for (code, values) in
                [(RULES_MENU_STEP, vec!["chess".to_owned()]), ("kz", vec![]), (RULES_MENU_STEP, vec![])]
            {
                let Err(e) = step(lang, &hand, &v, code, &values) else { panic!("{code} {values:?} refused") };
                assert!(!e.is_empty() && e.chars().count() < 200, "{e}");
            }
            assert!(is_rules_step("k") && is_rules_step("kc") && !is_rules_step("c"));
        }
    }
}
