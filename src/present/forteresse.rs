//! Forteresse in words and pictures: the two attack grids everyone sees, a player's own
//! fortress, what a shot was answered, and the rules in a message.
//!
//! Grids are drawn in plain ASCII inside code blocks, one character and one space per
//! cell, so that both grids fit side by side on a phone and line up in every font.

use crate::i18n::Lang;
use engarde_rules::forteresse::{
    Action, Announcement, AnswerKind, AttackCell, AttackGrid, Cell, DefenceCell, DefenceGrid, Dir, Event, PublicView,
    StopReason, Weapon,
};
use engarde_rules::{BySeat, Seat};

use super::escape;

/// Column letters above a grid.
const COLUMNS: &str = "  A B C D E F G";
/// Spaces between the two grids drawn side by side.
const GAP: &str = "    ";

fn bold(names: &BySeat<String>, seat: Seat) -> String {
    format!("**{}**", escape(names.get(seat)))
}

/// A weapon in words, e.g. "the cannon".
#[must_use]
pub fn weapon_name(lang: Lang, weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Cannon => "cannon",
        Weapon::Rifle => "rifle",
    }
}

/// A direction as an arrow and its compass name, e.g. "→ E".
#[must_use]
pub fn direction(lang: Lang, dir: Dir) -> String {
    format!("{} {dir}", dir.arrow())
}

/// What the rules answered a shot, e.g. "wall at C4".
#[must_use]
pub fn answer(lang: Lang, a: &Announcement) -> String {
    match (a.answer, a.cell) {
        (AnswerKind::Wall, Some(cell)) => format!("wall at {cell}, destroyed"),
        (AnswerKind::Wall, None) => "wall".to_owned(),
        (AnswerKind::Besieged, Some(cell)) => format!("besieged at {cell}, killed"),
        (AnswerKind::Besieged, None) => "besieged, killed".to_owned(),
        (AnswerKind::Nothing, _) => "nothing".to_owned(),
        (AnswerKind::Silence, _) => "(silence)".to_owned(),
    }
}

/// One shot as announced, e.g. "💥 **Ann** fires the cannon from A4 → E: **wall at C4, destroyed**."
#[must_use]
pub fn shot_line(lang: Lang, a: &Announcement, names: &BySeat<String>) -> String {
    let icon = match (a.weapon, a.answer) {
        (_, AnswerKind::Besieged) => "🎯",
        (Weapon::Cannon, AnswerKind::Wall) => "💥",
        (_, AnswerKind::Wall) => "🧱",
        _ => "💨",
    };
    format!(
        "{icon} {} fires the {} from {} {}: **{}**.",
        bold(names, a.seat),
        weapon_name(lang, a.weapon),
        a.from,
        direction(lang, a.dir),
        answer(lang, a)
    )
}

/// The lines that open a match.
#[must_use]
pub fn opening(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    vec![
        format!("🏰 Forteresse: {} against {}, two rounds.", bold(names, Seat::A), bold(names, Seat::B)),
        format!(
            "Both place their fortress in secret (10 walls, 5 besieged); {} will shoot first.",
            bold(names, p.round_first)
        ),
    ]
}

/// The state of a match in a few lines, when its board is posted again.
#[must_use]
pub fn status(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let mut lines = vec![format!("Round {} of 2.", p.round)];
    if let Some(last) = p.announcements.last() {
        lines.push(format!("Last shot: {}", shot_line(lang, last, names)));
    }
    lines
}

/// What a move made happen, in public words (a set-up's content is never told).
#[must_use]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    events
        .iter()
        .map(|event| match event {
            Event::SetupDone { seat } => format!("🏰 {} has placed their fortress.", bold(names, *seat)),
            Event::RoundStarted { round, first } => {
                format!("Round {round} begins: {} shoots first.", bold(names, *first))
            }
            Event::Shot(a) => shot_line(lang, a, names),
            Event::Stopped { seat, why: StopReason::AllKilled } => format!(
                "🏳️ {} has killed all 5 besieged and stops; {} fires on alone.",
                bold(names, *seat),
                bold(names, seat.other())
            ),
            Event::Stopped { seat, why: StopReason::NoCellsLeft } => {
                format!("{} has used all 24 ring cells and stops.", bold(names, *seat))
            }
            Event::RoundEnded { round, summary } => format!(
                "Round {round} is over: {} scores {}, {} scores {}.",
                bold(names, Seat::A),
                summary.score.a,
                bold(names, Seat::B),
                summary.score.b
            ),
            Event::SetupsAwaited { round, first } => {
                format!("Round {round}: both place a new fortress in secret; {} will shoot first.", bold(names, *first))
            }
            Event::Resigned { seat } => format!("{} resigns.", bold(names, *seat)),
            Event::DrawAgreed { .. } => "🤝 The players agree to a draw.".to_owned(),
            Event::MatchEnded { winner: Some(w), score } => {
                format!("🏆 {} wins the match, {} to {}!", bold(names, *w), score.get(*w), score.get(w.other()))
            }
            Event::MatchEnded { winner: None, score } => {
                format!("🤝 The match is drawn, {} to {}.", score.a, score.b)
            }
        })
        .collect()
}

/// The confirmation of a player's own move.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Setup(_) => "Your fortress is placed. It stays secret.".to_owned(),
        Action::Shot(s) => {
            format!("You fired the {} from {} {}.", weapon_name(lang, s.weapon), s.from, direction(lang, s.dir))
        }
        Action::Resign => "You resigned.".to_owned(),
        Action::AgreeDraw => "You accepted the draw.".to_owned(),
    }
}

/// A symbol for what a player knows of an enemy cell, or of a ring cell.
fn attack_symbol(cell: AttackCell) -> char {
    match cell {
        AttackCell::Unknown => '?',
        AttackCell::Empty => '.',
        AttackCell::WallDestroyed => 'x',
        AttackCell::BesiegedKilled => '*',
    }
}

/// A symbol for a cell of one's own fortress.
#[must_use]
pub fn defence_symbol(cell: DefenceCell) -> char {
    match cell {
        DefenceCell::Empty => '.',
        DefenceCell::Wall => '#',
        DefenceCell::WallDestroyed => 'x',
        DefenceCell::Besieged => 'O',
        DefenceCell::BesiegedKilled => '*',
    }
}

/// The rows of a 7×7 grid (with row numbers), drawing a fortress cell with `fortress` and
/// a ring cell with `ring`.
fn grid_rows(fortress: impl Fn(Cell) -> char, ring: impl Fn(Cell) -> char) -> Vec<String> {
    (0..7u8)
        .map(|row| {
            let mut line = format!("{}", row + 1);
            for col in 0..7u8 {
                let cell = Cell::new(col, row).expect("a cell of the grid");
                line.push(' ');
                line.push(if cell.is_fortress() { fortress(cell) } else { ring(cell) });
            }
            line
        })
        .collect()
}

/// What `seat` has learnt of the enemy fortress, with the ring cells it has fired from.
fn attack_rows(p: &PublicView, seat: Seat) -> Vec<String> {
    let grid: &AttackGrid = p.attack.get(seat);
    let used = p.used.get(seat);
    grid_rows(|c| attack_symbol(grid.get(c).unwrap_or_default()), |c| if used.contains(&c) { 'o' } else { '+' })
}

/// Both attack grids side by side in a code block: what A knows of B's fortress on the
/// left, what B knows of A's on the right.
#[must_use]
pub fn attack_grids(p: &PublicView) -> String {
    let (a, b) = (attack_rows(p, Seat::A), attack_rows(p, Seat::B));
    let mut text = format!("```\n A → B{}{GAP}  B → A\n{COLUMNS}{GAP}{COLUMNS}\n", " ".repeat(COLUMNS.len() - 6));
    for (left, right) in a.iter().zip(&b) {
        text.push_str(&format!("{left}{GAP}{right}\n"));
    }
    text.push_str("```");
    text
}

/// The legend of the attack grids.
pub const ATTACK_LEGEND: &str =
    "`?` unknown · `.` empty · `x` wall destroyed · `*` besieged killed · `o` ring cell used · `+` unused";

/// A player's own fortress with its damage, in a code block.
#[must_use]
pub fn defence_grid(grid: &DefenceGrid) -> String {
    let rows = grid_rows(|c| defence_symbol(grid.get(c).unwrap_or_default()), |_| ' ');
    format!("```\n{COLUMNS}\n{}\n```", rows.join("\n"))
}

/// The legend of one's own fortress.
pub const DEFENCE_LEGEND: &str = "`#` wall · `O` besieged · `x` wall destroyed · `*` besieged killed · `.` empty";

/// Forteresse's rules in a message.
#[must_use]
pub fn rules_summary(lang: Lang, o: &engarde_rules::forteresse::Options) -> String {
    use engarde_rules::forteresse::{DirectionRule, ExtraShot, Round2Setup, Tie};
    let mut text = String::from(
        "**Forteresse**: a secret siege on two 7×7 grids, two rounds.\n\
         • **Set-up** (secret): in the 5×5 fortress (B2–F6) of your grid, place 10 walls and 5 besieged.\n\
         • **Shots**, in turn: pick a ring cell of the enemy grid you have not used this round (each of \
         the 24 once), a weapon and a direction into the fortress. The shot flies until the first wall or \
         besieged; cells behind it are untouched.\n\
         • **Cannon**: destroys the wall or kills the besieged it meets (announced with its cell). \
         **Rifle**: kills a besieged; a wall stops it and is not destroyed (\"wall\", no cell).\n\
         • Who has killed all 5 enemy besieged, or used all 24 ring cells, stops; the other fires on \
         alone. The round ends when both have stopped.\n\
         • **Score** per round: 7 per besieged you killed + 3 per cannon and 1 per rifle your opponent fired: \
         every shot you fire gives your opponent points.\n\
         • The higher total after two rounds wins.\n",
    );
    let mut notes = Vec::new();
    if o.direction_rule == DirectionRule::AnyOf8 {
        notes.push("any of the 8 directions may be chosen; a shot that never enters the fortress is wasted");
    }
    if o.extra_shot == ExtraShot::AfterKillOrDestruction {
        notes.push("a shot that destroys a wall or kills a besieged earns another shot");
    }
    if o.round2_setup == Round2Setup::SameAsRound1 {
        notes.push("round 2 is played on the round-1 fortresses, restored");
    }
    if o.tie == Tie::KillsThenFewerShots {
        notes.push("equal totals go to more besieged killed, then fewer shots");
    }
    if !notes.is_empty() {
        text.push_str(&format!("In this match: {}.\n", notes.join("; ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use engarde_rules::forteresse::{Config, Forteresse, Fortress};

    use super::*;

    #[test]
    fn grids_line_up_and_stay_narrow() {
        let mut game = Forteresse::new(Config { first_player: Some(Seat::A), ..Config::new(3) }).unwrap();
        game.play(Seat::A, Action::Setup(Fortress::random(1))).unwrap();
        game.play(Seat::B, Action::Setup(Fortress::random(2))).unwrap();
        for _ in 0..6 {
            let seat = game.to_act().single().unwrap();
            let shot = game.legal_actions(seat)[0];
            game.play(seat, shot).unwrap();
        }
        let text = attack_grids(&game.public_view());
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("```")).collect();
        assert_eq!(lines.len(), 9, "a title, the columns and 7 rows:\n{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= 36), "fits a phone:\n{text}");
        assert!(lines[2..].iter().all(|l| l.chars().count() == lines[2].chars().count()), "aligned:\n{text}");
        assert!(text.contains('o'), "used ring cells are marked:\n{text}");
        let own = defence_grid(&game.view(Seat::A).fortress.unwrap());
        assert_eq!(own.matches('#').count() + own.matches('x').count(), 10, "{own}");
        assert_eq!(own.matches('O').count() + own.matches('*').count(), 5, "{own}");
    }

    #[test]
    fn announcements_read_as_the_rules_say() {
        let a = Announcement {
            seat: Seat::A,
            from: "A4".parse().unwrap(),
            weapon: Weapon::Cannon,
            dir: Dir::E,
            answer: AnswerKind::Wall,
            cell: Some("C4".parse().unwrap()),
        };
        let names = BySeat { a: "Ann".to_owned(), b: "Ben".to_owned() };
        assert_eq!(
            shot_line(Lang::En, &a, &names),
            "💥 **Ann** fires the cannon from A4 → E: **wall at C4, destroyed**."
        );
        let rifle = Announcement { weapon: Weapon::Rifle, cell: None, ..a };
        assert!(shot_line(Lang::En, &rifle, &names).ends_with("**wall**."));
    }
}
