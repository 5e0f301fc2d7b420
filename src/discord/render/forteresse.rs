//! Forteresse on Discord: both attack grids on the public board; the secret set-up and
//! the shots as ephemeral prompts.
//!
//! Every prompt is stateless: a step's choices so far travel in the `custom_id` of the
//! next component (the walls chosen, as a bit mask), so a prompt survives a restart and
//! nothing is kept in memory. The steps:
//! - set-up: a select of the 10 walls (`w`), then a select of the 5 besieged among the
//!   other cells (`b<walls>`), then a preview with **Confirm** (the set-up action) and
//!   **Start over** (`s`); or **Random set-up** (`r`), a preview of a random fortress;
//! - a shot: a select of the unused ring cells (`c`), then one button per weapon and
//!   legal direction from that cell, and **Back** (`h`).

use crate::i18n::Lang;
use engarde_rules::forteresse::{Action, Cell, Fortress, Options, PublicView, SeatView, Shot, Weapon};
use engarde_rules::{BySeat, MatchAction, Seat, ToAct};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{CustomId, StepCode};
use super::BoardPart;
use crate::present::escape;
use crate::present::forteresse::{
    answer, attack_grids, defence_grid, direction, weapon_name, ATTACK_LEGEND, DEFENCE_LEGEND,
};
use crate::service::{HandView, Player};

/// Announcements listed on a board, newest first (the grids hold the rest).
const LATEST_SHOTS: usize = 5;

/// What the players to act must decide, in words; `None` once the match is over.
pub fn prompt(lang: Lang, p: &PublicView) -> Option<&'static str> {
    match p.to_act {
        ToAct::Nobody => None,
        ToAct::Both => Some("place your fortress in secret"),
        ToAct::One(seat) if !*p.set_up.get(seat) => Some("place your fortress in secret"),
        ToAct::One(_) => Some("your shot"),
    }
}

/// What a match is played to.
pub fn terms(lang: Lang, _: &Options) -> String {
    "two rounds".to_owned()
}

/// The score, both attack grids and the tallies of a board.
pub fn board_part(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> BoardPart {
    let name = |s: Seat| escape(&names.get(s).name);
    let mut description = format!(
        "**{}** {} – {} **{}**  (rounds ended: {})\n",
        name(Seat::A),
        p.score.a,
        p.score.b,
        name(Seat::B),
        p.rounds.len()
    );
    description.push_str(&format!(
        "Left: what **{}** knows of **{}**'s fortress; right: the reverse.\n",
        name(Seat::A),
        name(Seat::B)
    ));
    description.push_str(&attack_grids(p));
    description.push('\n');
    description.push_str(ATTACK_LEGEND);
    let placing: Vec<String> = Seat::ALL.iter().filter(|s| !*p.set_up.get(**s)).map(|&s| name(s)).collect();
    if !p.finished && !placing.is_empty() {
        description.push_str(&format!("\n🏰 Still placing their fortress: {}.", placing.join(", ")));
    }
    let tally = |s: Seat| {
        format!(
            "{}: {} cannon, {} rifle, {} killed{}",
            name(s),
            p.cannon.get(s),
            p.rifle.get(s),
            p.killed.get(s),
            if p.stopped.get(s).is_some() { " (stopped)" } else { "" }
        )
    };
    let mut fields = vec![
        ("Round", format!("{} of 2", p.round)),
        ("Shots this round", format!("{}\n{}", tally(Seat::A), tally(Seat::B))),
    ];
    if !p.announcements.is_empty() {
        let latest: Vec<String> = p
            .announcements
            .iter()
            .rev()
            .take(LATEST_SHOTS)
            .map(|a| {
                format!(
                    "{}: {} {} {}: {}",
                    name(a.seat),
                    a.from,
                    weapon_name(lang, a.weapon),
                    direction(lang, a.dir),
                    answer(lang, a)
                )
            })
            .collect();
        fields.push(("Latest shots", latest.join("\n")));
    }
    BoardPart {
        title: "Forteresse".to_owned(),
        description,
        fields: fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
    }
}

/// The text of a player's prompt: their fortress, and what they must do.
pub fn hand_text(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    let mut text = format!("**Match #{}** · Forteresse, round {} of 2\n", hand.match_id, v.public.round);
    if v.needs_setup {
        text.push_str(
            "**Place your fortress** in secret: 10 walls and 5 besieged on the 25 cells B2–F6. \
             Choose the walls first, then the besieged, or take a random set-up.",
        );
        return text;
    }
    if let Some(grid) = &v.fortress {
        text.push_str(&format!("Your fortress:\n{}\n{DEFENCE_LEGEND}\n", defence_grid(grid)));
    }
    let waiting = |s: Seat| escape(&hand.players.get(s).name);
    match v.public.to_act {
        ToAct::Nobody => text.push_str("The match is over."),
        _ if !v.shots.is_empty() => text.push_str("**Your shot**: choose the ring cell to fire from."),
        ToAct::One(s) if s != v.seat && !*v.public.set_up.get(s) => {
            text.push_str(&format!("Waiting for {} to place their fortress.", waiting(s)));
        }
        ToAct::One(s) => text.push_str(&format!("Waiting for {}'s shot.", waiting(s))),
        ToAct::Both => text.push_str("Waiting for both fortresses."),
    }
    text
}

/// The components of a player's prompt: the set-up's first step, or the ring-cell select.
pub fn hand_components(lang: Lang, hand: &HandView, v: &SeatView) -> Vec<CreateActionRow> {
    if v.needs_setup {
        return setup_start(hand);
    }
    if v.shots.is_empty() {
        return Vec::new();
    }
    let options = v
        .shots
        .iter()
        .take(25)
        .map(|l| {
            CreateSelectMenuOption::new(l.from.to_string(), l.from.to_string())
                .description(format!("toward {}", l.dirs))
        })
        .collect();
    let menu =
        CreateSelectMenu::new(step_id(hand, "c"), CreateSelectMenuKind::String { options }).placeholder("Fire from…");
    vec![CreateActionRow::SelectMenu(menu)]
}

fn step_id(hand: &HandView, code: &str) -> String {
    let step = StepCode::new(code).expect("a valid step code");
    CustomId::Step { match_id: hand.match_id, turn: hand.turn, step }.encode()
}

fn act_id(hand: &HandView, action: Action) -> String {
    CustomId::Act { match_id: hand.match_id, turn: hand.turn, action: MatchAction::Forteresse(action) }.encode()
}

/// A select of fortress cells, `count` of them, from those not in `taken`.
fn cell_select(id: String, placeholder: &str, count: u8, taken: u32) -> CreateActionRow {
    let options = Cell::FORTRESS
        .iter()
        .enumerate()
        .filter(|(i, _)| taken & (1 << i) == 0)
        .map(|(_, c)| CreateSelectMenuOption::new(c.to_string(), c.to_string()))
        .collect();
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
            .placeholder(placeholder)
            .min_values(count)
            .max_values(count),
    )
}

fn setup_start(hand: &HandView) -> Vec<CreateActionRow> {
    vec![
        cell_select(step_id(hand, "w"), "Choose your 10 walls…", 10, 0),
        CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "r"))
            .label("Random set-up")
            .style(ButtonStyle::Secondary)]),
    ]
}

/// A set-up shown before it is confirmed.
fn preview(hand: &HandView, fortress: Fortress, intro: &str) -> (String, Vec<CreateActionRow>) {
    let grid: engarde_rules::forteresse::DefenceGrid = engarde_rules::forteresse::Grid(std::array::from_fn(|i| {
        let bit = 1u32 << i;
        if fortress.wall_mask() & bit != 0 {
            engarde_rules::forteresse::DefenceCell::Wall
        } else if fortress.besieged_mask() & bit != 0 {
            engarde_rules::forteresse::DefenceCell::Besieged
        } else {
            engarde_rules::forteresse::DefenceCell::Empty
        }
    }));
    let text = format!("{intro}\n{}\n{DEFENCE_LEGEND}\nConfirm it, or start over.", defence_grid(&grid));
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(act_id(hand, Action::Setup(fortress))).label("Confirm").style(ButtonStyle::Success),
        CreateButton::new(step_id(hand, "r")).label("Another random one").style(ButtonStyle::Secondary),
        CreateButton::new(step_id(hand, "s")).label("Start over").style(ButtonStyle::Secondary),
    ])];
    (text, buttons)
}

/// Fortress cells named in a select's values, as a bit mask over [`Cell::FORTRESS`].
fn mask_of(values: &[String], count: usize, what: &str) -> Result<u32, String> {
    if values.len() != count {
        return Err(format!("A set-up needs exactly {count} {what}: you chose {}.", values.len()));
    }
    let mut mask = 0u32;
    for v in values {
        let cell: Cell = v.parse().map_err(|_| "That choice is not valid.".to_owned())?;
        let i = cell.fortress_index().ok_or_else(|| format!("{cell} is not in the fortress (B2 to F6)."))?;
        if mask & (1 << i) != 0 {
            return Err(format!("{cell} was chosen twice."));
        }
        mask |= 1 << i;
    }
    Ok(mask)
}

/// The next step of a prompt: `step` is the code in the clicked component's `custom_id`,
/// `values` what a select menu sent, `entropy` a number to draw a random set-up from.
///
/// # Errors
/// A short message when the step or the values are not valid (a forged click).
pub fn step(
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    step: &str,
    values: &[String],
    entropy: u64,
) -> Result<(String, Vec<CreateActionRow>), String> {
    let setup_only = || if v.needs_setup { Ok(()) } else { Err("Your fortress is already placed.".to_owned()) };
    let shooting = || {
        if v.shots.is_empty() {
            Err("It is not your shot.".to_owned())
        } else {
            Ok(())
        }
    };
    let head = format!("**Match #{}** · Forteresse, round {} of 2\n", hand.match_id, v.public.round);
    match (step.as_bytes().first(), step.get(1..).unwrap_or_default()) {
        (Some(b's'), "") => {
            setup_only()?;
            Ok((hand_text(lang, hand, v), setup_start(hand)))
        }
        (Some(b'r'), "") => {
            setup_only()?;
            let fortress = Fortress::random_with(entropy, &v.public.options);
            Ok(preview(hand, fortress, &format!("{head}A random fortress:")))
        }
        (Some(b'w'), "") => {
            setup_only()?;
            let walls = mask_of(values, 10, "walls")?;
            let text = format!(
                "{head}Walls chosen: {}. Now choose your **5 besieged** among the other cells.",
                cells_of(walls).join(" ")
            );
            let rows = vec![
                cell_select(step_id(hand, &format!("b{walls:x}")), "Choose your 5 besieged…", 5, walls),
                CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "s"))
                    .label("Start over")
                    .style(ButtonStyle::Secondary)]),
            ];
            Ok((text, rows))
        }
        (Some(b'b'), walls) => {
            setup_only()?;
            let walls = u32::from_str_radix(walls, 16).map_err(|_| "That choice is not valid.".to_owned())?;
            let besieged = mask_of(values, 5, "besieged")?;
            let fortress = Fortress::from_masks(walls, besieged).map_err(|e| capitalised(&e.to_string()))?;
            fortress.check_rule(&v.public.options).map_err(|e| capitalised(&e.to_string()))?;
            Ok(preview(hand, fortress, &format!("{head}Your fortress:")))
        }
        (Some(b'h'), "") => Ok((hand_text(lang, hand, v), hand_components(lang, hand, v))),
        (Some(b'c'), "") => {
            shooting()?;
            let [value] = values else { return Err("Choose one ring cell.".to_owned()) };
            let from: Cell = value.parse().map_err(|_| "That choice is not valid.".to_owned())?;
            let legal = v
                .shots
                .iter()
                .find(|l| l.from == from)
                .ok_or_else(|| format!("You cannot fire from {from} now: it is used, or not a ring cell."))?;
            let mut rows = Vec::new();
            for weapon in [Weapon::Cannon, Weapon::Rifle] {
                let buttons = legal
                    .dirs
                    .iter()
                    .take(super::ROW)
                    .map(|dir| {
                        let shot = Action::Shot(Shot { from, weapon, dir });
                        CreateButton::new(act_id(hand, shot))
                            .label(format!("{} {}", weapon_name(lang, weapon), direction(lang, dir)))
                            .style(if weapon == Weapon::Cannon { ButtonStyle::Danger } else { ButtonStyle::Primary })
                    })
                    .collect();
                rows.push(CreateActionRow::Buttons(buttons));
            }
            rows.push(CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "h"))
                .label("Back")
                .style(ButtonStyle::Secondary)]));
            let text = format!(
                "{head}Fire from **{from}**: choose the weapon and the direction. A cannon costs you 3 points, \
                 a rifle 1 (they go to your opponent)."
            );
            Ok((text, rows))
        }
        _ => Err("That choice is not valid.".to_owned()),
    }
}

fn cells_of(mask: u32) -> Vec<String> {
    Cell::FORTRESS.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, c)| c.to_string()).collect()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
