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
use crate::t;
use engarde_rules::forteresse::{Action, Cell, Fortress, FortressError, Options, PublicView, SeatView, Shot, Weapon};
use engarde_rules::{BySeat, MatchAction, Seat, ToAct, Variant};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{CustomId, StepCode};
use super::BoardPart;
use crate::present::escape;
use crate::present::forteresse::{
    answer, attack_grids, attack_legend, defence_grid, defence_legend, direction, directions, weapon_key,
};
use crate::present::variant_title;
use crate::service::{HandView, Player};

/// Announcements listed on a board, newest first (the grids hold the rest).
const LATEST_SHOTS: usize = 5;

/// What the players to act must decide, in words; `None` once the match is over.
pub fn prompt(lang: Lang, p: &PublicView) -> Option<String> {
    match p.to_act {
        ToAct::Nobody => None,
        ToAct::Both => Some(t!(lang, "forteresse-prompt-setup")),
        ToAct::One(seat) if !*p.set_up.get(seat) => Some(t!(lang, "forteresse-prompt-setup")),
        ToAct::One(_) => Some(t!(lang, "forteresse-prompt-shot")),
    }
}

/// What a match is played to.
pub fn terms(lang: Lang, _: &Options) -> String {
    t!(lang, "forteresse-terms")
}

/// The score, both attack grids and the tallies of a board.
pub fn board_part(lang: Lang, p: &PublicView, names: &BySeat<Player>) -> BoardPart {
    let name = |s: Seat| escape(&names.get(s).name);
    let mut description = t!(
        lang,
        "forteresse-board-score",
        a = name(Seat::A),
        score_a = p.score.a,
        score_b = p.score.b,
        b = name(Seat::B),
        rounds = p.rounds.len()
    );
    let drawing = format!(
        "{}\n{}\n{}",
        t!(lang, "forteresse-board-sides", a = name(Seat::A), b = name(Seat::B)),
        attack_grids(p),
        attack_legend(lang)
    );
    let placing: Vec<String> = Seat::ALL.iter().filter(|s| !*p.set_up.get(**s)).map(|&s| name(s)).collect();
    if !p.finished && !placing.is_empty() {
        description.push('\n');
        description.push_str(&t!(lang, "forteresse-board-placing", names = placing.join(", ")));
    }
    let tally = |s: Seat| {
        let (cannon, rifle, killed) = (*p.cannon.get(s), *p.rifle.get(s), *p.killed.get(s));
        if p.stopped.get(s).is_some() {
            t!(lang, "forteresse-tally-stopped", name = name(s), cannon = cannon, rifle = rifle, killed = killed)
        } else {
            t!(lang, "forteresse-tally", name = name(s), cannon = cannon, rifle = rifle, killed = killed)
        }
    };
    let mut fields = vec![
        (t!(lang, "forteresse-field-round"), t!(lang, "forteresse-field-round-value", round = p.round)),
        (t!(lang, "forteresse-field-shots"), format!("{}\n{}", tally(Seat::A), tally(Seat::B))),
    ];
    if !p.announcements.is_empty() {
        let latest: Vec<String> = p
            .announcements
            .iter()
            .rev()
            .take(LATEST_SHOTS)
            .map(|a| {
                t!(
                    lang,
                    "forteresse-latest-shot",
                    name = name(a.seat),
                    from = a.from.to_string(),
                    weapon = weapon_key(a.weapon),
                    dir = direction(lang, a.dir),
                    answer = answer(lang, a)
                )
            })
            .collect();
        fields.push((t!(lang, "forteresse-field-latest"), latest.join("\n")));
    }
    BoardPart {
        title: variant_title(lang, Variant::Forteresse(engarde_rules::forteresse::Variant::Forteresse)),
        terms: terms(lang, &p.options),
        description,
        drawing,
        fields,
    }
}

/// The first line of a prompt: the match, the game and the round.
fn head(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    t!(
        lang,
        "forteresse-hand-head",
        id = hand.match_id,
        title = variant_title(lang, Variant::Forteresse(engarde_rules::forteresse::Variant::Forteresse)),
        round = v.public.round
    )
}

/// The text of a player's prompt: their fortress, and what they must do.
pub fn hand_text(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    let mut text = head(lang, hand, v);
    text.push('\n');
    if v.needs_setup {
        text.push_str(&t!(lang, "forteresse-hand-setup"));
        return text;
    }
    if let Some(grid) = &v.fortress {
        text.push_str(&format!(
            "{}\n{}\n{}\n",
            t!(lang, "forteresse-hand-your-fortress"),
            defence_grid(grid),
            defence_legend(lang)
        ));
    }
    let waiting = |s: Seat| escape(&hand.players.get(s).name);
    let last = match v.public.to_act {
        ToAct::Nobody => t!(lang, "forteresse-hand-over"),
        _ if !v.shots.is_empty() => t!(lang, "forteresse-hand-your-shot"),
        ToAct::One(s) if s != v.seat && !*v.public.set_up.get(s) => {
            t!(lang, "forteresse-hand-waiting-setup", name = waiting(s))
        }
        ToAct::One(s) => t!(lang, "forteresse-hand-waiting-shot", name = waiting(s)),
        ToAct::Both => t!(lang, "forteresse-hand-waiting-both"),
    };
    text.push_str(&last);
    text
}

/// The components of a player's prompt: the set-up's first step, or the ring-cell select.
pub fn hand_components(lang: Lang, hand: &HandView, v: &SeatView) -> Vec<CreateActionRow> {
    if v.needs_setup {
        return setup_start(lang, hand);
    }
    if v.shots.is_empty() {
        return Vec::new();
    }
    let options = v
        .shots
        .iter()
        .take(25)
        .map(|l| {
            CreateSelectMenuOption::new(l.from.to_string(), l.from.to_string()).description(t!(
                lang,
                "forteresse-fire-toward",
                dirs = directions(lang, l.dirs.iter())
            ))
        })
        .collect();
    let menu = CreateSelectMenu::new(step_id(hand, "c"), CreateSelectMenuKind::String { options })
        .placeholder(t!(lang, "forteresse-fire-from-placeholder"));
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
fn cell_select(id: String, placeholder: String, count: u8, taken: u32) -> CreateActionRow {
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

fn setup_start(lang: Lang, hand: &HandView) -> Vec<CreateActionRow> {
    vec![
        cell_select(step_id(hand, "w"), t!(lang, "forteresse-choose-walls"), 10, 0),
        CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "r"))
            .label(t!(lang, "forteresse-random-setup"))
            .style(ButtonStyle::Secondary)]),
    ]
}

/// A set-up shown before it is confirmed.
fn preview(lang: Lang, hand: &HandView, fortress: Fortress, intro: &str) -> (String, Vec<CreateActionRow>) {
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
    let text =
        format!("{intro}\n{}\n{}\n{}", defence_grid(&grid), defence_legend(lang), t!(lang, "forteresse-preview-end"));
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(act_id(hand, Action::Setup(fortress)))
            .label(t!(lang, "forteresse-confirm"))
            .style(ButtonStyle::Success),
        CreateButton::new(step_id(hand, "r"))
            .label(t!(lang, "forteresse-another-random"))
            .style(ButtonStyle::Secondary),
        CreateButton::new(step_id(hand, "s")).label(t!(lang, "forteresse-start-over")).style(ButtonStyle::Secondary),
    ])];
    (text, buttons)
}

/// Fortress cells named in a select's values, as a bit mask over [`Cell::FORTRESS`].
/// `besieged` tells which of the two selects sent the values (walls otherwise).
fn mask_of(lang: Lang, values: &[String], count: usize, besieged: bool) -> Result<u32, String> {
    if values.len() != count {
        return Err(if besieged {
            t!(lang, "forteresse-error-besieged-count", n = values.len())
        } else {
            t!(lang, "forteresse-error-wall-count", n = values.len())
        });
    }
    let mut mask = 0u32;
    for v in values {
        let cell: Cell = v.parse().map_err(|_| invalid(lang))?;
        let i =
            cell.fortress_index().ok_or_else(|| t!(lang, "forteresse-error-not-fortress", cell = cell.to_string()))?;
        if mask & (1 << i) != 0 {
            return Err(t!(lang, "forteresse-error-twice", cell = cell.to_string()));
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
    let setup_only = || if v.needs_setup { Ok(()) } else { Err(t!(lang, "forteresse-error-already-placed")) };
    let shooting = || {
        if v.shots.is_empty() {
            Err(t!(lang, "forteresse-error-not-your-shot"))
        } else {
            Ok(())
        }
    };
    let head = format!("{}\n", head(lang, hand, v));
    match (step.as_bytes().first(), step.get(1..).unwrap_or_default()) {
        (Some(b's'), "") => {
            setup_only()?;
            Ok((hand_text(lang, hand, v), setup_start(lang, hand)))
        }
        (Some(b'r'), "") => {
            setup_only()?;
            let fortress = Fortress::random_with(entropy, &v.public.options);
            Ok(preview(lang, hand, fortress, &format!("{head}{}", t!(lang, "forteresse-step-random"))))
        }
        (Some(b'w'), "") => {
            setup_only()?;
            let walls = mask_of(lang, values, 10, false)?;
            let text = format!("{head}{}", t!(lang, "forteresse-step-walls-chosen", cells = cells_of(walls).join(" ")));
            let rows = vec![
                cell_select(step_id(hand, &format!("b{walls:x}")), t!(lang, "forteresse-choose-besieged"), 5, walls),
                CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "s"))
                    .label(t!(lang, "forteresse-start-over"))
                    .style(ButtonStyle::Secondary)]),
            ];
            Ok((text, rows))
        }
        (Some(b'b'), walls) => {
            setup_only()?;
            let walls = u32::from_str_radix(walls, 16).map_err(|_| invalid(lang))?;
            let besieged = mask_of(lang, values, 5, true)?;
            let fortress = Fortress::from_masks(walls, besieged).map_err(|e| fortress_error(lang, &e))?;
            fortress.check_rule(&v.public.options).map_err(|e| fortress_error(lang, &e))?;
            Ok(preview(lang, hand, fortress, &format!("{head}{}", t!(lang, "forteresse-step-your-fortress"))))
        }
        (Some(b'h'), "") => Ok((hand_text(lang, hand, v), hand_components(lang, hand, v))),
        (Some(b'c'), "") => {
            shooting()?;
            let [value] = values else { return Err(t!(lang, "forteresse-error-one-cell")) };
            let from: Cell = value.parse().map_err(|_| invalid(lang))?;
            let legal = v
                .shots
                .iter()
                .find(|l| l.from == from)
                .ok_or_else(|| t!(lang, "forteresse-error-cannot-fire", cell = from.to_string()))?;
            let mut rows = Vec::new();
            for weapon in [Weapon::Cannon, Weapon::Rifle] {
                let buttons = legal
                    .dirs
                    .iter()
                    .take(super::ROW)
                    .map(|dir| {
                        let shot = Action::Shot(Shot { from, weapon, dir });
                        CreateButton::new(act_id(hand, shot))
                            .label(t!(
                                lang,
                                "forteresse-shot-button",
                                weapon = weapon_key(weapon),
                                dir = direction(lang, dir)
                            ))
                            .style(if weapon == Weapon::Cannon { ButtonStyle::Danger } else { ButtonStyle::Primary })
                    })
                    .collect();
                rows.push(CreateActionRow::Buttons(buttons));
            }
            rows.push(CreateActionRow::Buttons(vec![CreateButton::new(step_id(hand, "h"))
                .label(t!(lang, "forteresse-back"))
                .style(ButtonStyle::Secondary)]));
            let text = format!("{head}{}", t!(lang, "forteresse-step-fire-from", from = from.to_string()));
            Ok((text, rows))
        }
        _ => Err(invalid(lang)),
    }
}

fn cells_of(mask: u32) -> Vec<String> {
    Cell::FORTRESS.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, c)| c.to_string()).collect()
}

/// The refusal of a forged or garbled choice.
fn invalid(lang: Lang) -> String {
    t!(lang, "forteresse-error-invalid")
}

/// Why the rules refuse a set-up, in words.
fn fortress_error(lang: Lang, e: &FortressError) -> String {
    match *e {
        FortressError::WallCount(n) => t!(lang, "forteresse-error-wall-count", n = n),
        FortressError::BesiegedCount(n) => t!(lang, "forteresse-error-besieged-count", n = n),
        FortressError::OutsideFortress(c) => t!(lang, "forteresse-error-not-fortress", cell = c.to_string()),
        FortressError::Repeated(c) => t!(lang, "forteresse-error-twice", cell = c.to_string()),
        FortressError::Unreachable(c) => t!(lang, "forteresse-error-unreachable", cell = c.to_string()),
        FortressError::BadMask => invalid(lang),
    }
}

#[cfg(test)]
mod tests {
    use engarde_rules::forteresse::{Config, Forteresse};
    use engarde_rules::{Match, MatchEvent};
    use serde_json::Value;

    use super::*;
    use crate::discord::render::test_views::{board_view, hand_view};
    use crate::discord::render::{board, MAX_CONTENT};
    use crate::service::Narration;

    /// Discord's limits: a button label, a select option's label or description, a
    /// placeholder, an embed field's name and value.
    const BUTTON_LABEL: usize = 80;
    const OPTION_TEXT: usize = 100;
    const PLACEHOLDER: usize = 150;
    const FIELD_NAME: usize = 256;
    const FIELD_VALUE: usize = 1024;

    fn chars(v: &Value) -> usize {
        v.as_str().map_or(0, |s| s.chars().count())
    }

    fn check_board(lang: Lang, game: &Forteresse, narration: Narration) {
        let view = board_view(&Match::Forteresse(game.clone()), narration);
        let message = serde_json::to_value(board(lang, &view)).unwrap();
        assert!(chars(&message["content"]) <= MAX_CONTENT, "{lang}: {}", message["content"]);
        let embed = &message["embeds"][0];
        assert!(chars(&embed["description"]) <= 4096 && chars(&embed["title"]) <= 256, "{lang}: {embed}");
        for f in embed["fields"].as_array().unwrap() {
            assert!(chars(&f["value"]) <= FIELD_VALUE && chars(&f["name"]) <= FIELD_NAME, "{lang}: {f}");
        }
    }

    /// One prompt's text and components against Discord's limits.
    fn check_reply(lang: Lang, text: &str, rows: &[CreateActionRow]) {
        assert!(text.chars().count() <= MAX_CONTENT, "{lang}: {text}");
        let rows = serde_json::to_value(rows).unwrap();
        for row in rows.as_array().unwrap() {
            for c in row["components"].as_array().unwrap() {
                assert!(chars(&c["label"]) <= BUTTON_LABEL, "{lang}: {c}");
                assert!(chars(&c["placeholder"]) <= PLACEHOLDER, "{lang}: {c}");
                for o in c["options"].as_array().into_iter().flatten() {
                    assert!(chars(&o["label"]) <= OPTION_TEXT && chars(&o["description"]) <= OPTION_TEXT, "{o}");
                }
            }
        }
    }

    /// Every step of a player's prompt, in `lang`.
    fn check_steps(lang: Lang, hand: &HandView, v: &SeatView) {
        check_reply(lang, &hand_text(lang, hand, v), &hand_components(lang, hand, v));
        let fortress: Vec<String> = Cell::FORTRESS.iter().map(ToString::to_string).collect();
        let walls = &fortress[..10];
        let mut steps: Vec<(String, Vec<String>)> = vec![
            ("s".into(), vec![]),
            ("r".into(), vec![]),
            ("w".into(), walls.to_vec()),
            ("b3ff".into(), fortress[10..15].to_vec()),
            ("h".into(), vec![]),
        ];
        if let Some(l) = v.shots.first() {
            steps.push(("c".into(), vec![l.from.to_string()]));
        }
        for (code, values) in steps {
            match step(lang, hand, v, &code, &values, 7) {
                Ok((text, rows)) => check_reply(lang, &text, &rows),
                Err(e) => assert!(!e.is_empty() && e.chars().count() <= MAX_CONTENT, "{lang}: {e}"),
            }
        }
        // The refusals of forged choices.
        for (code, values) in [("w", &walls[..3]), ("b3ff", &walls[..5]), ("c", &walls[..2]), ("z", &walls[..0])] {
            let e = step(lang, hand, v, code, values, 7).err().unwrap_or_else(|| panic!("{code} refused"));
            assert!(!e.is_empty(), "{lang}");
        }
    }

    #[test]
    fn boards_and_prompts_stay_within_discord_limits_in_every_language() {
        for seed in 0..4 {
            let mut game = Forteresse::new(Config::new(seed)).unwrap();
            let mut narration = Narration::Opening;
            let mut rng = 0x2545_f491_4f6c_dd1d_u64 ^ seed;
            for turn in 0..200 {
                for lang in Lang::ALL {
                    check_board(lang, &game, narration.clone());
                    if turn % 5 == 0 {
                        check_board(lang, &game, Narration::Status);
                        for seat in Seat::ALL {
                            let (hand, v) = (hand_view(&Match::Forteresse(game.clone()), seat), game.view(seat));
                            check_steps(lang, &hand, &v);
                        }
                    }
                }
                let seat = match game.to_act() {
                    ToAct::One(seat) => seat,
                    ToAct::Both => Seat::A,
                    ToAct::Nobody => break,
                };
                let legal = game.legal_actions(seat);
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let action = match legal.first() {
                    Some(Action::Setup(_)) | None => Action::Setup(Fortress::random(rng)),
                    Some(_) => legal[(rng >> 8) as usize % legal.len()],
                };
                let events = game.play(seat, action).unwrap();
                narration = Narration::Events(events.into_iter().map(MatchEvent::Forteresse).collect());
            }
            assert!(game.is_finished(), "seed {seed}: the match was played to its end");
            for lang in Lang::ALL {
                check_board(lang, &game, narration.clone());
            }
        }
    }

    #[test]
    fn every_setup_refusal_is_in_words() {
        for lang in Lang::ALL {
            let c: Cell = "C3".parse().unwrap();
            for e in [
                FortressError::WallCount(9),
                FortressError::BesiegedCount(4),
                FortressError::OutsideFortress(c),
                FortressError::Repeated(c),
                FortressError::Unreachable(c),
                FortressError::BadMask,
            ] {
                let text = fortress_error(lang, &e);
                assert!(!text.contains("forteresse-") && !text.is_empty(), "{lang}: {text}");
            }
        }
    }
}
