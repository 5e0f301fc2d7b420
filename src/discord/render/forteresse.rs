//! Forteresse on Discord: both attack grids on the public board; the secret set-up and
//! the shots as ephemeral prompts.
//!
//! Every prompt is stateless: a step's choices so far travel in the `custom_id`s of its
//! components (the walls and besieged placed, as two bit masks over the 25 fortress cells),
//! so a prompt survives a restart and nothing is kept in memory. The steps (codes of
//! [`CustomId::Step`]):
//! - set-up: the start (`s`): **Place on the grid**, **Choose from lists** or **Random
//!   set-up**; the grid (`g` and the masks), 25 buttons B2–F6 where a tap (`t`, the masks and
//!   the cell's index) places a wall while fewer than 10 stand, then a besieged, and takes a
//!   placed piece off; the lists (`l` and the masks, [`lists`]), for phones: a select of the
//!   10 walls (`w`), then one of the 5 besieged (`b`), and from whole lists the preview again
//!   (`v`); once all 15 are placed, a preview (the fortress in the prompt's picture, or in
//!   text where prompts carry none) with
//!   **Confirm** (the set-up action), **Change** (the grid or the lists again, where the
//!   set-up was made), **Random set-up** (`r`) and **Clear** (an empty grid or empty lists);
//! - a shot: the target (what the shooter knows of the enemy fortress) and a select of the
//!   unused ring cells (`c`), then the target with that cell marked, one button per weapon
//!   and legal direction from it, and **Back** (`h`).

use crate::i18n::Lang;
use crate::t;
use engarde_rules::forteresse::{
    ray, Action, Cell, DefenceCell, DefenceGrid, DirectionRule, Fortress, FortressError, Grid, Options, PublicView,
    SeatView, SetupRule, Shot, Weapon, BESIEGED, WALLS,
};
use engarde_rules::{BySeat, MatchAction, Seat, ToAct, Variant};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::super::custom_id::{CustomId, StepCode};
use super::{seat_marker, BoardPart, StepPicture, ROW};
use crate::present::escape;
use crate::present::forteresse::{
    answer, attack_grids, attack_legend, defence_grid, defence_legend, direction, directions, weapon_key,
};
use crate::present::variant_title;
use crate::service::{HandView, Player};

mod lists;

/// A step's reply: the prompt's text, its components and its picture.
type Step = (String, Vec<CreateActionRow>, StepPicture);

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

/// The first line of a prompt: the seat's marker, the match, the game and the round.
fn head(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    t!(
        lang,
        "forteresse-hand-head",
        marker = seat_marker(v.seat),
        // As a string: a Fluent number would group the id's digits.
        id = hand.match_id.to_string(),
        title = variant_title(lang, Variant::Forteresse(engarde_rules::forteresse::Variant::Forteresse)),
        round = v.public.round
    )
}

/// The text of a player's prompt: what to do now. Placing: how; shooting: the target;
/// waiting: their own fortress with its damage.
pub fn hand_text(lang: Lang, hand: &HandView, v: &SeatView) -> String {
    let mut text = head(lang, hand, v);
    text.push('\n');
    if v.needs_setup {
        text.push_str(&t!(lang, "forteresse-hand-setup"));
        return text;
    }
    // The prompt's picture shows the player's own fortress with its damage (left) and the
    // target (right); the text says what stands and what to do.
    if !v.shots.is_empty() {
        text.push_str(&t!(lang, "forteresse-hand-your-shot"));
        text.push('\n');
    }
    if let Some(grid) = &v.fortress {
        let standing = |what: DefenceCell| grid.0.iter().filter(|&&c| c == what).count();
        text.push_str(&t!(
            lang,
            "forteresse-hand-own-standing",
            walls = standing(DefenceCell::Wall),
            besieged = standing(DefenceCell::Besieged)
        ));
        text.push('\n');
    }
    if !v.shots.is_empty() {
        return text.trim_end().to_owned();
    }
    let waiting = |s: Seat| escape(&hand.players.get(s).name);
    text.push_str(&match v.public.to_act {
        ToAct::Nobody => t!(lang, "forteresse-hand-over"),
        ToAct::One(s) if s != v.seat && !*v.public.set_up.get(s) => {
            t!(lang, "forteresse-hand-waiting-setup", name = waiting(s))
        }
        ToAct::One(s) => t!(lang, "forteresse-hand-waiting-shot", name = waiting(s)),
        ToAct::Both => t!(lang, "forteresse-hand-waiting-both"),
    });
    text
}

/// The components of a player's prompt: the set-up's start, or the ring-cell select.
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
            let arrows: String = l.dirs.iter().map(|d| d.arrow()).collect();
            CreateSelectMenuOption::new(format!("{} {arrows}", l.from), l.from.to_string()).description(t!(
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

/// Every fortress cell's bit.
const ALL_CELLS: u32 = (1 << 25) - 1;

/// A fortress cell's bit in the masks of a set-up.
fn bit(cell: Cell) -> u32 {
    cell.fortress_index().map_or(0, |i| 1 << i)
}

/// The fortress cells that some legal shot meets first when `occupied` are the cells
/// holding a wall or a besieged (the rule `besieged_must_be_reachable`, on a set-up in
/// the making).
fn first_met(occupied: u32) -> u32 {
    let mut met = 0;
    for from in Cell::RING {
        for dir in from.dirs_in(DirectionRule::EntersFortress) {
            if let Some(c) = ray(from, dir).find(|&c| occupied & bit(c) != 0) {
                met |= bit(c);
            }
        }
    }
    met
}

/// A set-up in the making: the walls and besieged placed so far, as bit masks over
/// [`Cell::FORTRESS`] (bit `i` is `Cell::FORTRESS[i]`), as carried by a step's code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Placing {
    walls: u32,
    besieged: u32,
}

/// Why a tap on the grid does nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TapRefusal {
    /// All 15 pieces stand: one must be taken off first.
    AllPlaced,
    /// This match's rule wants every besieged reachable, and one here could not be.
    Unreachable(Cell),
}

impl Placing {
    const EMPTY: Placing = Placing { walls: 0, besieged: 0 };

    /// The masks in a step's code: 14 lower-case hex digits, walls first.
    fn code(self) -> String {
        format!("{:07x}{:07x}", self.walls, self.besieged)
    }

    /// A set-up in the making from its code; `None` for anything garbled or impossible
    /// (cells outside the fortress, a cell with two pieces, more than 10 walls or 5 besieged).
    fn parse(code: &str) -> Option<Placing> {
        if code.len() != 14 || !code.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        let walls = u32::from_str_radix(&code[..7], 16).ok()?;
        let besieged = u32::from_str_radix(&code[7..], 16).ok()?;
        let fits = (walls | besieged) & !ALL_CELLS == 0
            && walls & besieged == 0
            && walls.count_ones() as usize <= WALLS
            && besieged.count_ones() as usize <= BESIEGED;
        fits.then_some(Placing { walls, besieged })
    }

    fn wall_count(self) -> usize {
        self.walls.count_ones() as usize
    }

    fn besieged_count(self) -> usize {
        self.besieged.count_ones() as usize
    }

    fn full(self) -> bool {
        self.wall_count() == WALLS && self.besieged_count() == BESIEGED
    }

    /// What stands on the fortress cell of index `i`.
    fn at(self, i: usize) -> DefenceCell {
        if self.walls & (1 << i) != 0 {
            DefenceCell::Wall
        } else if self.besieged & (1 << i) != 0 {
            DefenceCell::Besieged
        } else {
            DefenceCell::Empty
        }
    }

    fn grid(self) -> DefenceGrid {
        Grid(std::array::from_fn(|i| self.at(i)))
    }

    /// A tap on the fortress cell of index `i` (below 25): a placed piece is taken off; an
    /// empty cell takes a wall while fewer than 10 stand, else a besieged.
    fn tap(self, i: usize, options: &Options) -> Result<Placing, TapRefusal> {
        let b = 1u32 << i;
        match self.at(i) {
            DefenceCell::Wall => Ok(Placing { walls: self.walls & !b, ..self }),
            DefenceCell::Besieged => Ok(Placing { besieged: self.besieged & !b, ..self }),
            _ if self.wall_count() < WALLS => Ok(Placing { walls: self.walls | b, ..self }),
            _ if self.besieged_count() < BESIEGED => {
                let next = Placing { besieged: self.besieged | b, ..self };
                let reachable = first_met(next.walls | next.besieged) & b != 0;
                if options.setup_rule == SetupRule::BesiegedMustBeReachable && !reachable {
                    return Err(TapRefusal::Unreachable(Cell::FORTRESS[i]));
                }
                Ok(next)
            }
            _ => Err(TapRefusal::AllPlaced),
        }
    }
}

fn tap_refusal(lang: Lang, why: TapRefusal) -> String {
    match why {
        TapRefusal::AllPlaced => t!(lang, "forteresse-error-all-placed"),
        TapRefusal::Unreachable(c) => t!(lang, "forteresse-error-unreachable", cell = c.to_string()),
    }
}

fn button(id: String, label: String, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id).label(label).style(style)
}

/// The start of a set-up: by hand on the grid, or at random.
fn setup_start(lang: Lang, hand: &HandView) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        button(
            step_id(hand, &format!("g{}", Placing::EMPTY.code())),
            t!(lang, "forteresse-place-on-grid"),
            ButtonStyle::Primary,
        ),
        button(
            step_id(hand, &format!("l{}", Placing::EMPTY.code())),
            t!(lang, "forteresse-lists"),
            ButtonStyle::Primary,
        ),
        button(step_id(hand, "r"), t!(lang, "forteresse-random-setup"), ButtonStyle::Secondary),
    ])]
}

/// The grid of a set-up in the making: 5 rows of 5 buttons, B2 to F6, each showing its
/// piece (🧱 wall, 👑 besieged, · empty) and its cell; a tap that would do nothing is greyed.
fn grid_view(lang: Lang, hand: &HandView, v: &SeatView, placing: Placing) -> (String, Vec<CreateActionRow>) {
    let options = &v.public.options;
    let mut text = format!(
        "{}\n{}\n",
        head(lang, hand, v),
        t!(lang, "forteresse-grid-count", walls = placing.wall_count(), besieged = placing.besieged_count())
    );
    text.push_str(&if placing.full() {
        t!(lang, "forteresse-grid-take-off")
    } else if placing.wall_count() < WALLS {
        t!(lang, "forteresse-grid-place-walls")
    } else {
        t!(lang, "forteresse-grid-place-besieged")
    });
    if options.setup_rule == SetupRule::BesiegedMustBeReachable {
        text.push('\n');
        text.push_str(&t!(lang, "forteresse-grid-rule-reachable"));
    }
    let rows = (0..25)
        .collect::<Vec<usize>>()
        .chunks(ROW)
        .map(|row| {
            let buttons = row
                .iter()
                .map(|&i| {
                    let (symbol, style) = match placing.at(i) {
                        DefenceCell::Wall => ("🧱", ButtonStyle::Primary),
                        DefenceCell::Besieged => ("👑", ButtonStyle::Success),
                        _ => ("·", ButtonStyle::Secondary),
                    };
                    let id = step_id(hand, &format!("t{}{i:02}", placing.code()));
                    button(id, format!("{symbol} {}", Cell::FORTRESS[i]), style)
                        .disabled(placing.tap(i, options).is_err())
                })
                .collect();
            CreateActionRow::Buttons(buttons)
        })
        .collect();
    (text, rows)
}

/// How a set-up shown in the preview was made: its **Change** and **Clear** go back there
/// (a random one is changed on the grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Made {
    Grid,
    Lists,
    Random,
}

impl Made {
    /// The step that shows `placing` where it was made.
    fn step(self, placing: Placing) -> String {
        match self {
            Made::Grid | Made::Random => format!("g{}", placing.code()),
            Made::Lists => format!("l{}", placing.code()),
        }
    }
}

/// A whole set-up shown before it is confirmed, with what may be done with it: drawn in
/// the prompt's picture ([`StepPicture::Fortress`], the same for the grid, the lists and a
/// random one), or, where prompts carry no picture (`pictures` false), in text.
fn preview(lang: Lang, hand: &HandView, v: &SeatView, placing: Placing, made: Made, pictures: bool) -> Step {
    let random = made == Made::Random;
    let fortress = Fortress::from_masks(placing.walls, placing.besieged);
    let refusal = match fortress {
        Ok(f) => f.check_rule(&v.public.options).err().map(|e| fortress_error(lang, &e)),
        Err(e) => Some(fortress_error(lang, &e)),
    };
    let intro = t!(lang, if random { "forteresse-step-random" } else { "forteresse-step-your-fortress" });
    let end = refusal.clone().unwrap_or_else(|| t!(lang, "forteresse-preview-end"));
    let text = if pictures {
        // The picture comes under the text: the line that introduces it last.
        format!("{}\n{end}\n{intro}", head(lang, hand, v))
    } else {
        format!("{}\n{intro}\n{}\n{}\n{end}", head(lang, hand, v), defence_grid(&placing.grid()), defence_legend(lang))
    };
    let mut buttons = Vec::new();
    if let (Ok(f), None) = (fortress, &refusal) {
        buttons.push(button(act_id(hand, Action::Setup(f)), t!(lang, "forteresse-confirm"), ButtonStyle::Success));
    }
    buttons.push(button(step_id(hand, &made.step(placing)), t!(lang, "forteresse-change"), ButtonStyle::Primary));
    let again = if random { "forteresse-another-random" } else { "forteresse-random-setup" };
    buttons.push(button(step_id(hand, "r"), t!(lang, again), ButtonStyle::Secondary));
    buttons.push(button(
        step_id(hand, &made.step(Placing::EMPTY)),
        t!(lang, "forteresse-clear"),
        ButtonStyle::Secondary,
    ));
    (text, vec![CreateActionRow::Buttons(buttons)], StepPicture::Fortress(placing.grid()))
}

/// The cell of a grid tap: two digits, `00` to `24`.
fn tapped(code: &str) -> Option<usize> {
    let i: usize = code.parse().ok()?;
    (code.len() == 2 && code.bytes().all(|b| b.is_ascii_digit()) && i < 25).then_some(i)
}

/// Whether a step belongs to a set-up in the making: it carries all it needs and depends on
/// nothing the other player does, so it stays valid while the match moves on (the other
/// fortress placed); it is refused once the player's own fortress is placed.
#[must_use]
pub fn is_setup_step(step: &str) -> bool {
    matches!(step.as_bytes().first(), Some(b's' | b'r' | b'g' | b't' | b'l' | b'w' | b'b' | b'v'))
}

/// The next step of a prompt: `step` is the code in the clicked component's `custom_id`,
/// `values` what a select menu sent, `entropy` a number to draw a random set-up from,
/// `pictures` whether the prompt carries the step's picture (else a preview is drawn in text).
///
/// # Errors
/// A short message when the step or the values are not valid (a forged or out-of-place
/// click, a tap that does nothing): the prompt stays as it was.
pub fn step(
    lang: Lang,
    hand: &HandView,
    v: &SeatView,
    step: &str,
    values: &[String],
    entropy: u64,
    pictures: bool,
) -> Result<Step, String> {
    let setup_only = || if v.needs_setup { Ok(()) } else { Err(t!(lang, "forteresse-error-already-placed")) };
    let shooting = || {
        if v.shots.is_empty() {
            Err(t!(lang, "forteresse-error-not-your-shot"))
        } else {
            Ok(())
        }
    };
    let (kind, rest) = step.split_at(step.len().min(1));
    match (kind, rest) {
        ("s", "") => {
            setup_only()?;
            Ok((hand_text(lang, hand, v), setup_start(lang, hand), StepPicture::View))
        }
        ("r", "") => {
            setup_only()?;
            let f = Fortress::random_with(entropy, &v.public.options);
            let placing = Placing { walls: f.wall_mask(), besieged: f.besieged_mask() };
            Ok(preview(lang, hand, v, placing, Made::Random, pictures))
        }
        ("g", code) => {
            setup_only()?;
            let placing = Placing::parse(code).ok_or_else(|| invalid(lang))?;
            let (text, rows) = grid_view(lang, hand, v, placing);
            Ok((text, rows, StepPicture::None))
        }
        ("t", code) if code.len() == 16 => {
            setup_only()?;
            let placing = Placing::parse(&code[..14]).ok_or_else(|| invalid(lang))?;
            let i = tapped(&code[14..]).ok_or_else(|| invalid(lang))?;
            let next = placing.tap(i, &v.public.options).map_err(|why| tap_refusal(lang, why))?;
            if next.full() {
                return Ok(preview(lang, hand, v, next, Made::Grid, pictures));
            }
            let (text, rows) = grid_view(lang, hand, v, next);
            Ok((text, rows, StepPicture::None))
        }
        (kind @ ("l" | "w" | "b" | "v"), code) => {
            setup_only()?;
            let placing = Placing::parse(code).ok_or_else(|| invalid(lang))?;
            lists::step(kind, lang, hand, v, placing, values, pictures)
        }
        ("h", "") => Ok((hand_text(lang, hand, v), hand_components(lang, hand, v), StepPicture::View)),
        ("c", "") => {
            shooting()?;
            let [value] = values else { return Err(t!(lang, "forteresse-error-one-cell")) };
            let from: Cell = value.parse().map_err(|_| invalid(lang))?;
            let legal = v
                .shots
                .iter()
                .find(|l| l.from == from)
                .ok_or_else(|| t!(lang, "forteresse-error-cannot-fire", cell = from.to_string()))?;
            let mut rows = Vec::new();
            for weapon in Weapon::ALL {
                let buttons = legal
                    .dirs
                    .iter()
                    .take(ROW)
                    .map(|dir| {
                        let shot = Action::Shot(Shot { from, weapon, dir });
                        let label =
                            t!(lang, "forteresse-shot-button", weapon = weapon_key(weapon), dir = direction(lang, dir));
                        let style = if weapon == Weapon::Cannon { ButtonStyle::Danger } else { ButtonStyle::Primary };
                        button(act_id(hand, shot), label, style)
                    })
                    .collect();
                rows.push(CreateActionRow::Buttons(buttons));
            }
            rows.push(CreateActionRow::Buttons(vec![button(
                step_id(hand, "h"),
                t!(lang, "forteresse-back"),
                ButtonStyle::Secondary,
            )]));
            // The picture shows the target, the cell and its directions (`StepPicture::Aim`).
            let text =
                format!("{}\n{}", head(lang, hand, v), t!(lang, "forteresse-step-fire-from", from = from.to_string()));
            Ok((text, rows, StepPicture::Aim(from)))
        }
        _ => Err(invalid(lang)),
    }
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
        let full = Placing { walls: 0x3ff, besieged: 0x7c00 };
        let mut steps: Vec<(String, Vec<String>)> = vec![
            ("s".into(), vec![]),
            ("r".into(), vec![]),
            (format!("g{}", Placing::EMPTY.code()), vec![]),
            (format!("g{}", full.code()), vec![]),
            (format!("t{}00", Placing::EMPTY.code()), vec![]),
            (format!("t{}{}", Placing { besieged: 0x3c00, ..full }.code(), 14), vec![]),
            ("h".into(), vec![]),
            (format!("l{}", Placing::EMPTY.code()), vec![]),
            (format!("l{}", Placing { besieged: 0, ..full }.code()), vec![]),
            (format!("l{}", full.code()), vec![]),
            (format!("w{}", Placing::EMPTY.code()), names(0x3ff)),
            (format!("b{}", Placing { besieged: 0, ..full }.code()), names(0x7c00)),
            (format!("v{}", full.code()), vec![]),
        ];
        if let Some(l) = v.shots.first() {
            steps.push(("c".into(), vec![l.from.to_string()]));
        }
        for ((code, values), pictures) in steps.iter().flat_map(|s| [(s, true), (s, false)]) {
            match step(lang, hand, v, code, values, 7, pictures) {
                Ok((text, rows, _)) => check_reply(lang, &text, &rows),
                Err(e) => assert!(!e.is_empty() && e.chars().count() <= 300, "{lang}: {e}"),
            }
        }
        // The refusals of forged choices.
        let cells = vec!["B2".to_owned(), "C2".to_owned()];
        for (code, values) in
            [("c", &cells), ("z", &Vec::new()), ("g123", &Vec::new()), ("tffffffffffffff00", &Vec::new())]
        {
            let e = step(lang, hand, v, code, values, 7, true).err().unwrap_or_else(|| panic!("{code} refused"));
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

    /// A prompt of `seat` in a new match (both to place their fortress), with `options`.
    fn setup_prompt(options: Options) -> (HandView, SeatView) {
        let game = Forteresse::new(Config { options, ..Config::new(5) }).unwrap();
        (hand_view(&Match::Forteresse(game.clone()), Seat::A), game.view(Seat::A))
    }

    /// The custom_ids and labels of a reply's buttons, row by row, with whether each is disabled.
    fn buttons(rows: &[CreateActionRow]) -> Vec<Vec<(String, String, bool)>> {
        let rows = serde_json::to_value(rows).unwrap();
        rows.as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row["components"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        let text = |k: &str| c[k].as_str().unwrap_or_default().to_owned();
                        (text("custom_id"), text("label"), c["disabled"].as_bool().unwrap_or(false))
                    })
                    .collect()
            })
            .collect()
    }

    /// The step code of a component's custom_id.
    fn code(id: &str) -> String {
        match CustomId::decode(id) {
            Some(CustomId::Step { step, .. }) => step.as_str().to_owned(),
            other => panic!("not a step: {other:?}"),
        }
    }

    #[test]
    fn set_up_codes_round_trip_and_refuse_forgeries() {
        for seed in 0..40 {
            let f = Fortress::random(seed);
            let p = Placing { walls: f.wall_mask(), besieged: f.besieged_mask() };
            assert_eq!(Placing::parse(&p.code()), Some(p));
            assert!(p.full() && p.code().len() == 14);
            let half = Placing { walls: f.wall_mask() & 0x1f_0000, besieged: 0 };
            assert_eq!(Placing::parse(&half.code()), Some(half));
        }
        assert_eq!(Placing::parse(&Placing::EMPTY.code()), Some(Placing::EMPTY));
        for bad in [
            "",
            "0000000",
            "00000000000000f",
            "0000001000001",
            "000000100000010",
            "0000001 000000",
            "00000FF0000000",
            "2000000000000",
            "20000000000000",
            "00007ff0000000",
            "00000000000fc0",
            "0000001\u{e9}00000",
        ] {
            assert_eq!(Placing::parse(bad), None, "{bad}");
        }
        for (code, cell) in [("00", Some(0)), ("24", Some(24)), ("25", None), ("7", None), ("+1", None), ("007", None)]
        {
            assert_eq!(tapped(code), cell, "{code}");
        }
    }

    #[test]
    fn the_grid_places_walls_then_besieged_then_shows_a_preview() {
        let (hand, v) = setup_prompt(Options::default());
        let lang = Lang::En;
        // The start: by hand or at random.
        let start = buttons(&hand_components(lang, &hand, &v));
        let labels: Vec<&str> = start[0].iter().map(|(_, l, _)| l.as_str()).collect();
        assert_eq!(labels, ["Place on the grid", "Choose from lists", "Random set-up"]);
        let (text, mut rows, picture) = step(lang, &hand, &v, &code(&start[0][0].0), &[], 1, true).unwrap();
        assert_eq!(picture, StepPicture::None, "the grid of buttons is the picture");
        assert!(text.contains("Walls **0**/10"), "{text}");
        // Ten taps place walls, five more place besieged; the last shows the preview.
        for i in [0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 12, 6, 7, 8, 11] {
            let grid = buttons(&rows);
            assert_eq!(grid.len(), 5, "five rows");
            assert!(grid.iter().all(|r| r.len() == 5), "of five buttons");
            let (id, label, disabled) = &grid[i / 5][i % 5];
            assert!(label.starts_with('·') && label.ends_with(&Cell::FORTRESS[i].to_string()) && !disabled, "{label}");
            let (t, r, picture) = step(lang, &hand, &v, &code(id), &[], 1, true).unwrap();
            (_, rows) = (t.clone(), r);
            if i == 11 {
                assert!(t.contains("Your fortress:") && t.contains("Confirm it"), "{t}");
                let whole = Placing { walls: 0xc63f, besieged: 0x19c0 };
                assert_eq!(picture, StepPicture::Fortress(whole.grid()), "the preview is the fortress's picture");
                assert!(!t.contains("```"), "no text layout beside the picture: {t}");
            } else if i == 15 {
                assert!(t.contains("Walls **10**/10") && t.contains("place a besieged"), "{t}");
            }
        }
        let preview = buttons(&rows);
        let labels: Vec<&str> = preview[0].iter().map(|(_, l, _)| l.as_str()).collect();
        assert_eq!(labels, ["Confirm", "Change", "Random set-up", "Clear"]);
        let confirm = CustomId::decode(&preview[0][0].0).unwrap();
        let CustomId::Act { action: MatchAction::Forteresse(Action::Setup(f)), .. } = confirm else { panic!() };
        assert_eq!(f.wall_mask(), 0xc63f);
        assert_eq!(f.besieged_mask(), 0x19c0);
        // Change: the full grid, where only the pieces can be tapped (taken off).
        let (text, rows, _) = step(lang, &hand, &v, &code(&preview[0][1].0), &[], 1, true).unwrap();
        assert!(text.contains("tap a piece to take it off"), "{text}");
        for (i, (_, label, disabled)) in buttons(&rows).concat().iter().enumerate() {
            let placed = (f.wall_mask() | f.besieged_mask()) & 1 << i != 0;
            assert_eq!(*disabled, !placed, "{label}");
            assert!(label.starts_with(if f.wall_mask() & 1 << i != 0 {
                "🧱"
            } else if placed {
                "👑"
            } else {
                "·"
            }));
        }
        // A forged tap on an empty cell of the full grid changes nothing: a short refusal.
        let empty = (0..25).find(|i| (f.wall_mask() | f.besieged_mask()) & 1 << i == 0).unwrap();
        let forged = format!("t{}{empty:02}", Placing { walls: f.wall_mask(), besieged: f.besieged_mask() }.code());
        let e = step(lang, &hand, &v, &forged, &[], 1, true).unwrap_err();
        assert!(e.contains("take one off first"), "{e}");
    }

    #[test]
    fn a_random_set_up_is_previewed_as_the_grid_is_in_a_picture_or_in_text() {
        let (hand, v) = setup_prompt(Options::default());
        let lang = Lang::En;
        for entropy in [1, 2] {
            let f = Fortress::random_with(entropy, &v.public.options);
            let drawn = Placing { walls: f.wall_mask(), besieged: f.besieged_mask() };
            // Pictures on: the fortress drawn in the prompt's picture, as the grid's preview.
            let (text, rows, picture) = step(lang, &hand, &v, "r", &[], entropy, true).unwrap();
            assert_eq!(picture, StepPicture::Fortress(drawn.grid()), "the random fortress is drawn");
            assert!(text.contains("A random fortress:") && !text.contains("```"), "no text layout: {text}");
            assert!(!text.contains(&t!(lang, "forteresse-defence-legend")), "no legend of symbols: {text}");
            let labels: Vec<String> = buttons(&rows).concat().into_iter().map(|b| b.1).collect();
            assert_eq!(labels, ["Confirm", "Change", "Another random one", "Clear"]);
            // Pictures off: the text layout, with its legend.
            let (text, _, _) = step(lang, &hand, &v, "r", &[], entropy, false).unwrap();
            let grid = text.split("```").nth(1).unwrap_or_default();
            assert_eq!((grid.matches('#').count(), grid.matches('O').count()), (10, 5), "{text}");
            assert!(text.contains(&t!(lang, "forteresse-defence-legend")), "{text}");
        }
    }

    /// The names of the fortress cells of a mask, as a select sends them.
    fn names(mask: u32) -> Vec<String> {
        (0..25).filter(|i| mask & 1 << i != 0).map(|i| Cell::FORTRESS[i].to_string()).collect()
    }

    /// A reply's select menus: custom_id, min and max values, the values offered, and those
    /// pre-selected (`default`).
    #[derive(Debug)]
    struct Menu {
        id: String,
        min: u64,
        max: u64,
        values: Vec<String>,
        defaults: Vec<String>,
    }

    fn menus(rows: &[CreateActionRow]) -> Vec<Menu> {
        let rows = serde_json::to_value(rows).unwrap();
        let mut out = Vec::new();
        for c in rows.as_array().unwrap().iter().flat_map(|r| r["components"].as_array().unwrap()) {
            if c["type"] != 3 {
                continue;
            }
            let options = c["options"].as_array().unwrap();
            let value = |o: &Value| o["value"].as_str().unwrap().to_owned();
            out.push(Menu {
                id: c["custom_id"].as_str().unwrap().to_owned(),
                min: c["min_values"].as_u64().unwrap_or(1),
                max: c["max_values"].as_u64().unwrap_or(1),
                values: options.iter().map(value).collect(),
                defaults: options.iter().filter(|o| o["default"] == true).map(value).collect(),
            });
        }
        out
    }

    #[test]
    fn the_lists_take_ten_walls_then_five_besieged_among_the_other_cells_then_show_the_preview() {
        let (hand, v) = setup_prompt(Options::default());
        let lang = Lang::En;
        let start = buttons(&hand_components(lang, &hand, &v));
        let lists = start[0].iter().find(|b| b.1 == "Choose from lists").expect("the lists' button");
        // The walls select: the 25 cells, 10 to pick, nothing chosen yet; no besieged select.
        let (text, rows, picture) = step(lang, &hand, &v, &code(&lists.0), &[], 1, true).unwrap();
        assert!(text.contains("Walls **0**/10") && text.contains("10 walls in the first list"), "{text}");
        assert_eq!(picture, StepPicture::Fortress(Placing::EMPTY.grid()), "the empty fortress is drawn");
        let walls = &menus(&rows)[0];
        assert_eq!(menus(&rows).len(), 1, "no besieged before the walls");
        assert_eq!(walls.values, names(ALL_CELLS), "B2..F6, row by row");
        assert_eq!((walls.min, walls.max), (10, 10));
        assert!(walls.defaults.is_empty());
        let switch: Vec<String> = buttons(&rows).concat().into_iter().map(|b| b.1).filter(|l| !l.is_empty()).collect();
        assert_eq!(switch, ["Place on the grid", "Random set-up"]);
        // Ten walls picked: they are drawn, listed and pre-selected; the besieged select offers
        // the 15 other cells.
        let wall_mask = 0xc63f;
        let (text, rows, picture) = step(lang, &hand, &v, &code(&walls.id), &names(wall_mask), 1, true).unwrap();
        let placed = Placing { walls: wall_mask, besieged: 0 };
        assert_eq!(picture, StepPicture::Fortress(placed.grid()), "the walls are drawn");
        assert!(text.contains("Walls **10**/10") && text.contains("5 besieged in the second list"), "{text}");
        assert!(text.contains(&format!("🧱 {}", names(wall_mask).join(" "))), "what was chosen: {text}");
        let [walls, besieged] = &menus(&rows)[..] else { panic!("two selects: {:?}", menus(&rows)) };
        assert_eq!(walls.defaults, names(wall_mask));
        assert_eq!(besieged.values, names(ALL_CELLS & !wall_mask), "the besieged select excludes the walls");
        assert_eq!((besieged.min, besieged.max, besieged.defaults.len()), (5, 5, 0));
        // Five besieged picked: the grid's own preview, whose Change and Clear go back to the lists.
        let (text, rows, picture) = step(lang, &hand, &v, &code(&besieged.id), &names(0x19c0), 1, true).unwrap();
        let whole = Placing { walls: wall_mask, besieged: 0x19c0 };
        assert_eq!(picture, StepPicture::Fortress(whole.grid()), "the grid's preview picture");
        assert!(text.contains("Your fortress:") && text.contains("Confirm it"), "{text}");
        let preview = buttons(&rows);
        let labels: Vec<&str> = preview[0].iter().map(|(_, l, _)| l.as_str()).collect();
        assert_eq!(labels, ["Confirm", "Change", "Random set-up", "Clear"]);
        let CustomId::Act { action: MatchAction::Forteresse(Action::Setup(f)), .. } =
            CustomId::decode(&preview[0][0].0).unwrap()
        else {
            panic!("Confirm sets the fortress up")
        };
        assert_eq!((f.wall_mask(), f.besieged_mask()), (wall_mask, 0x19c0), "the same set-up as the grid's test");
        let full = Placing { walls: wall_mask, besieged: 0x19c0 };
        assert_eq!(code(&preview[0][1].0), format!("l{}", full.code()), "Change: the lists");
        assert_eq!(code(&preview[0][3].0), format!("l{}", Placing::EMPTY.code()), "Clear: empty lists");
        let (text, rows, _) = step(lang, &hand, &v, &code(&preview[0][1].0), &[], 1, true).unwrap();
        assert!(text.contains("All chosen"), "{text}");
        // Nothing changed: the Preview button shows the same preview again.
        let again = buttons(&rows).concat().into_iter().find(|b| b.1 == "Preview").expect("Preview");
        let (text_again, rows_again, _) = step(lang, &hand, &v, &code(&again.0), &[], 1, true).unwrap();
        assert!(text_again.contains("Your fortress:"), "{text_again}");
        assert_eq!(buttons(&rows_again)[0][0].0, preview[0][0].0, "the same Confirm");
        let [walls, besieged] = &menus(&rows)[..] else { panic!("two selects") };
        assert_eq!((walls.defaults.clone(), besieged.defaults.clone()), (names(wall_mask), names(0x19c0)));
        // Other walls that leave the besieged standing: straight to the preview again; walls
        // on a besieged take it off, and the besieged are chosen again.
        let moved = wall_mask & !1 | 1 << 24;
        let (text, _, _) = step(lang, &hand, &v, &code(&walls.id), &names(moved), 1, true).unwrap();
        assert!(text.contains("Your fortress:"), "{text}");
        let onto = wall_mask & !1 | 1 << 6;
        let (text, rows, _) = step(lang, &hand, &v, &code(&walls.id), &names(onto), 1, true).unwrap();
        assert!(text.contains("Besieged **4**/5"), "{text}");
        assert_eq!(menus(&rows)[1].defaults, names(0x19c0 & !(1 << 6)));
        // The grid's preview still changes on the grid.
        let (_, rows, _) = step(
            lang,
            &hand,
            &v,
            &format!("t{}11", Placing { besieged: 0x19c0 & !(1 << 11), ..full }.code()),
            &[],
            1,
            true,
        )
        .unwrap();
        assert_eq!(code(&buttons(&rows)[0][1].0), format!("g{}", full.code()));
    }

    #[test]
    fn forged_or_stale_list_picks_are_refused_in_words() {
        let (hand, v) = setup_prompt(Options::default());
        let lang = Lang::En;
        let walls = Placing { walls: 0xc63f, besieged: 0 };
        let (w, b) = (format!("w{}", Placing::EMPTY.code()), format!("b{}", walls.code()));
        let mut nine = names(0xc63f);
        nine.pop();
        let mut twice = nine.clone();
        twice.push(twice[0].clone());
        let mut ring = nine.clone();
        ring.push("A1".into());
        let mut off = nine.clone();
        off.push("H9".into());
        for (code, values, expected) in [
            (&w, nine.clone(), "exactly 10 walls: you chose 9"),
            (&w, names(0x7ff), "exactly 10 walls: you chose 11"),
            (&w, twice, "B2 was chosen twice"),
            (&w, ring, "A1 is not in the fortress"),
            (&w, off, "not valid"),
            (&b, names(0x1c0), "exactly 5 besieged: you chose 3"),
            (&b, names(0x19c0 & !(1 << 6) | 1), "B2 holds a wall"),
            (&b, vec!["D4".into(), "D4".into(), "C4".into(), "E4".into(), "D5".into()], "D4 was chosen twice"),
            // Besieged before the walls (no select offers that).
            (&format!("b{}", Placing::EMPTY.code()), names(0x19c0), "not valid"),
            // A garbled set-up in the custom_id.
            (&"w123".to_owned(), names(0xc63f), "not valid"),
            (&format!("b{}", "0000fff0000000"), names(0x19c0), "not valid"),
            // The preview of a set-up not whole.
            (&format!("v{}", walls.code()), vec![], "not valid"),
        ] {
            let e = step(lang, &hand, &v, code, &values, 1, true).unwrap_err();
            assert!(e.contains(expected), "{code} {values:?}: {e}");
        }
        // Once the fortress is placed, an old prompt's lists change nothing.
        let mut game = Forteresse::new(Config::new(5)).unwrap();
        game.play(Seat::A, Action::Setup(Fortress::random(1))).unwrap();
        let (hand, v) = (hand_view(&Match::Forteresse(game.clone()), Seat::A), game.view(Seat::A));
        for (code, values) in
            [(format!("l{}", walls.code()), vec![]), (b.clone(), names(0x19c0)), (w.clone(), names(0xc63f))]
        {
            let e = step(lang, &hand, &v, &code, &values, 1, true).unwrap_err();
            assert_eq!(e, "Your fortress is already placed.", "{code}");
        }
    }

    #[test]
    fn under_the_reachability_rule_the_lists_leave_out_shut_in_cells() {
        let options = Options { setup_rule: SetupRule::BesiegedMustBeReachable, ..Options::default() };
        let (hand, v) = setup_prompt(options);
        let walls = ["C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5", "B2", "F6"];
        let mask = walls.iter().fold(0u32, |m, c| m | bit(c.parse().unwrap()));
        let (text, rows, _) =
            step(Lang::En, &hand, &v, &format!("l{}", Placing { walls: mask, besieged: 0 }.code()), &[], 1, true)
                .unwrap();
        assert!(text.contains("cells your walls shut in are not offered"), "{text}");
        let besieged = &menus(&rows)[1];
        assert_eq!(besieged.values.len(), 14, "the 15 other cells but D4");
        assert!(!besieged.values.contains(&"D4".to_owned()));
        // A forged pick of D4 is refused as the grid refuses the tap.
        let picks = vec!["D4".into(), "B3".into(), "B4".into(), "B5".into(), "B6".into()];
        let e = step(Lang::En, &hand, &v, besieged.id.rsplit(':').next().unwrap(), &picks, 1, true);
        assert!(e.unwrap_err().contains("D4"), "refused");
    }

    #[test]
    fn under_the_reachability_rule_unreachable_cells_are_greyed_and_refused() {
        let options = Options { setup_rule: SetupRule::BesiegedMustBeReachable, ..Options::default() };
        let (hand, v) = setup_prompt(options);
        // Walls around D4 (C3..E5 less D4 and one more), so that a besieged on D4 is walled in.
        let walls = ["C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5", "B2", "F6"];
        let mask = walls.iter().fold(0u32, |m, c| m | bit(c.parse().unwrap()));
        let placing = Placing { walls: mask, besieged: 0 };
        let (text, rows, _) = step(Lang::En, &hand, &v, &format!("g{}", placing.code()), &[], 1, true).unwrap();
        assert!(text.contains("within reach"), "{text}");
        let d4 = Cell::FORTRESS.iter().position(|c| c.to_string() == "D4").unwrap();
        let grid = buttons(&rows).concat();
        assert!(grid[d4].2, "D4 is greyed: {:?}", grid[d4]);
        assert!(grid.iter().filter(|b| b.2).count() == 1, "only D4");
        let e = step(Lang::En, &hand, &v, &format!("t{}{d4:02}", placing.code()), &[], 1, true).unwrap_err();
        assert!(e.contains("D4") && e.contains("could not be reached"), "{e}");
        // A fortress that walls a besieged in (placed before its walls) is refused at the preview.
        let f6 = 24;
        let almost =
            Placing { walls: mask & !(1 << f6), besieged: [d4, 4, 20, 10, 14].iter().fold(0, |m, i| m | 1 << i) };
        assert_eq!(Placing::parse(&almost.code()), Some(almost));
        let (text, rows, _) = step(Lang::En, &hand, &v, &format!("t{}{f6:02}", almost.code()), &[], 1, true).unwrap();
        assert!(text.contains("could not be reached"), "{text}");
        let labels: Vec<String> = buttons(&rows).concat().into_iter().map(|b| b.1).collect();
        assert!(!labels.contains(&"Confirm".to_owned()), "no Confirm: {labels:?}");
    }

    #[test]
    fn out_of_place_steps_are_refused_in_words() {
        let mut game = Forteresse::new(Config { first_player: Some(Seat::A), ..Config::new(9) }).unwrap();
        game.play(Seat::A, Action::Setup(Fortress::random(1))).unwrap();
        game.play(Seat::B, Action::Setup(Fortress::random(2))).unwrap();
        let (hand, v) = (hand_view(&Match::Forteresse(game.clone()), Seat::A), game.view(Seat::A));
        for lang in Lang::ALL {
            for code in ["s", "r", "g00000000000000", "t0000000000000000"] {
                let e = step(lang, &hand, &v, code, &[], 1, true).unwrap_err();
                assert_eq!(e, t!(lang, "forteresse-error-already-placed"), "{code}");
            }
            // Aiming: the target, then its picture with the ring cell marked and the legal
            // directions as buttons.
            let text = hand_text(lang, &hand, &v);
            assert!(!text.contains("```") && text.contains("🧱"), "the target is the prompt's picture: {text}");
            let (text, rows, picture) = step(lang, &hand, &v, "c", &["A4".to_owned()], 1, true).unwrap();
            assert!(text.contains("A4") && !text.contains("```"), "the target is the picture: {text}");
            assert_eq!(picture, StepPicture::Aim("A4".parse().unwrap()));
            let (_, _, back) = step(lang, &hand, &v, "h", &[], 1, true).unwrap();
            assert_eq!(back, StepPicture::View, "Back shows the prompt's picture again");
            let shots: Vec<String> =
                buttons(&rows).concat().into_iter().map(|b| b.0).filter(|id| id.contains(":a:")).collect();
            assert_eq!(shots.len(), 6, "3 directions × 2 weapons");
            let e = step(lang, &hand, &v, "c", &["D4".to_owned()], 1, true).unwrap_err();
            assert!(e.contains("D4"), "{e}");
        }
        let (hand_b, v_b) = (hand_view(&Match::Forteresse(game.clone()), Seat::B), game.view(Seat::B));
        let e = step(Lang::En, &hand_b, &v_b, "c", &["A4".to_owned()], 1, true).unwrap_err();
        assert_eq!(e, "It is not your shot.");
    }
}
