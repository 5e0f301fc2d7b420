//! The set-up from lists, for phones (where the grid of 25 buttons wraps): a select of the
//! 25 fortress cells for the 10 walls, then one of the cells left for the 5 besieged.
//!
//! Stateless like the grid: each select's `custom_id` carries the set-up so far (the same
//! masks, [`Placing::code`]) and the cells picked arrive as the select's values, so the next
//! step is a function of the two. Steps: `l` (the lists for a set-up in the making), `w`
//! (the walls picked) and `b` (the besieged picked); once both are chosen, the preview, and
//! from the lists of a whole set-up (its **Change**), `v` (the preview again, unchanged).

use engarde_rules::forteresse::{Cell, FortressError, SeatView, SetupRule, BESIEGED, WALLS};
use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption};

use super::{bit, button, first_met, fortress_error, head, invalid, preview, step_id, Made, Placing, Step, ALL_CELLS};
use crate::discord::render::StepPicture;
use crate::i18n::Lang;
use crate::service::HandView;
use crate::t;

/// The lists' step `kind` (`l`, `w`, `b` or `v`, see the module's documentation) on the
/// set-up `placing`, with the values of the select clicked; `pictures`: whether the
/// prompt carries the step's picture (else the preview is drawn in text).
///
/// # Errors
/// A short message for values no select offered, or a step no component offers.
pub(super) fn step(
    kind: &str,
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    placing: Placing,
    values: &[String],
    pictures: bool,
) -> Result<Step, String> {
    let next_step = |next: Placing| {
        if next.full() {
            preview(lang, hand, v, next, Made::Lists, pictures)
        } else {
            view(lang, hand, v, next)
        }
    };
    match kind {
        "l" => Ok(view(lang, hand, v, placing)),
        "w" => walls(lang, placing, values).map(next_step),
        "b" => besieged(lang, v, placing, values).map(next_step),
        // The preview of a whole set-up again, from its lists (no button offers it for
        // one not whole).
        "v" if placing.full() => Ok(next_step(placing)),
        _ => Err(invalid(lang)),
    }
}

/// The lists for a set-up in the making: the walls select (the walls placed pre-selected),
/// and once all 10 stand, the besieged select among the cells left.
fn view(lang: Lang, hand: &HandView, v: &SeatView, placing: Placing) -> Step {
    let options = &v.public.options;
    let mut text = format!(
        "{}\n{}\n",
        head(lang, hand, v),
        t!(lang, "forteresse-grid-count", walls = placing.wall_count(), besieged = placing.besieged_count())
    );
    let offered = besieged_offered(v, placing.walls);
    let walls_done = placing.wall_count() == WALLS;
    text.push_str(&if placing.full() {
        t!(lang, "forteresse-lists-all-chosen")
    } else if !walls_done {
        t!(lang, "forteresse-lists-choose-walls")
    } else if (offered.count_ones() as usize) < BESIEGED {
        t!(lang, "forteresse-lists-walled-in")
    } else {
        t!(lang, "forteresse-lists-choose-besieged")
    });
    if options.setup_rule == SetupRule::BesiegedMustBeReachable {
        text.push('\n');
        text.push_str(&t!(lang, "forteresse-lists-rule-reachable"));
    }
    // What is chosen so far, cell by cell (the picture draws it; this reads without it).
    for (symbol, mask) in [("🧱", placing.walls), ("👑", placing.besieged)] {
        if mask != 0 {
            let names: Vec<String> = cells(mask).map(|c| c.to_string()).collect();
            text.push_str(&format!("\n{symbol} {}", names.join(" ")));
        }
    }
    let mut rows = vec![select(
        step_id(hand, &format!("w{}", placing.code())),
        t!(lang, "forteresse-lists-walls-placeholder"),
        ALL_CELLS,
        placing.walls,
        WALLS,
    )];
    if walls_done && offered.count_ones() as usize >= BESIEGED {
        rows.push(select(
            step_id(hand, &format!("b{}", placing.code())),
            t!(lang, "forteresse-lists-besieged-placeholder"),
            offered,
            placing.besieged,
            BESIEGED,
        ));
    }
    // A select sends only a changed pick: the preview of a whole set-up has its own button.
    let mut buttons = Vec::new();
    if placing.full() {
        let id = step_id(hand, &format!("v{}", placing.code()));
        buttons.push(button(id, t!(lang, "forteresse-lists-preview"), ButtonStyle::Primary));
    }
    buttons.push(button(
        step_id(hand, &format!("g{}", placing.code())),
        t!(lang, "forteresse-place-on-grid"),
        ButtonStyle::Secondary,
    ));
    buttons.push(button(step_id(hand, "r"), t!(lang, "forteresse-random-setup"), ButtonStyle::Secondary));
    rows.push(CreateActionRow::Buttons(buttons));
    (text, rows, StepPicture::Fortress(placing.grid()))
}

/// The set-up after the walls picked in the walls select of the set-up `placing`: the
/// besieged not on a new wall stay (the preview follows when all 5 still stand).
///
/// # Errors
/// A short message for values no select offered (see [`picked`]).
fn walls(lang: Lang, placing: Placing, values: &[String]) -> Result<Placing, String> {
    let walls = picked(values, WALLS, FortressError::WallCount).map_err(|e| refusal(lang, e))?;
    Ok(Placing { walls, besieged: placing.besieged & !walls })
}

/// The set-up after the besieged picked in the besieged select of the set-up `placing`
/// (all 10 walls placed): a whole one, for the preview.
///
/// # Errors
/// A short message for values no select offered: a cell holding a wall, one the match's
/// rule shuts out, the wrong count (see [`picked`]); or a set-up without its 10 walls.
fn besieged(lang: Lang, v: &SeatView, placing: Placing, values: &[String]) -> Result<Placing, String> {
    if placing.wall_count() != WALLS {
        return Err(invalid(lang));
    }
    let besieged = picked(values, BESIEGED, FortressError::BesiegedCount).map_err(|e| refusal(lang, e))?;
    if let Some(c) = cells(besieged & placing.walls).next() {
        return Err(t!(lang, "forteresse-lists-error-on-wall", cell = c.to_string()));
    }
    if let Some(c) = cells(besieged & !besieged_offered(v, placing.walls)).next() {
        return Err(fortress_error(lang, &FortressError::Unreachable(c)));
    }
    Ok(Placing { walls: placing.walls, besieged })
}

/// The mask of the cells named by `values`: exactly `count` distinct fortress cells.
///
/// # Errors
/// `None` for a value that is not a cell's name; else why the rules would refuse the pick:
/// `wrong_count` of the number sent, a cell outside the fortress, a cell sent twice.
fn picked(
    values: &[String],
    count: usize,
    wrong_count: fn(usize) -> FortressError,
) -> Result<u32, Option<FortressError>> {
    if values.len() != count {
        return Err(Some(wrong_count(values.len())));
    }
    let mut mask = 0;
    for value in values {
        let cell: Cell = value.parse().map_err(|_| None)?;
        let b = bit(cell);
        if b == 0 {
            return Err(Some(FortressError::OutsideFortress(cell)));
        }
        if mask & b != 0 {
            return Err(Some(FortressError::Repeated(cell)));
        }
        mask |= b;
    }
    Ok(mask)
}

/// Why picked values are refused, in words.
fn refusal(lang: Lang, e: Option<FortressError>) -> String {
    e.map_or_else(|| invalid(lang), |e| fortress_error(lang, &e))
}

/// The cells a besieged may take beside `walls`: every other cell, less (where the match's
/// rule wants every besieged reachable) those the walls alone shut in, which the grid greys.
fn besieged_offered(v: &SeatView, walls: u32) -> u32 {
    let free = ALL_CELLS & !walls;
    if v.public.options.setup_rule != SetupRule::BesiegedMustBeReachable {
        return free;
    }
    (0..25).map(|i| 1u32 << i).filter(|&b| free & b != 0 && first_met(walls | b) & b != 0).fold(0, |m, b| m | b)
}

/// The fortress cells of a mask, in [`Cell::FORTRESS`] order (row by row).
fn cells(mask: u32) -> impl Iterator<Item = Cell> {
    (0..25).filter(move |i| mask & (1 << i) != 0).map(|i| Cell::FORTRESS[i])
}

/// A string select of the fortress cells in `offered`, those in `chosen` pre-selected, that
/// takes exactly `count` of them.
fn select(id: String, placeholder: String, offered: u32, chosen: u32, count: usize) -> CreateActionRow {
    let options = cells(offered)
        .map(|c| {
            let name = c.to_string();
            CreateSelectMenuOption::new(name.clone(), name).default_selection(chosen & bit(c) != 0)
        })
        .collect();
    let count = count as u8;
    let menu = CreateSelectMenu::new(id, CreateSelectMenuKind::String { options })
        .placeholder(placeholder)
        .min_values(count)
        .max_values(count);
    CreateActionRow::SelectMenu(menu)
}
