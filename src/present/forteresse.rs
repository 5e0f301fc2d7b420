//! Forteresse in words and pictures: the two attack grids everyone sees, a player's own
//! fortress, what a shot was answered, and the rules in a message.
//!
//! Grids are drawn in plain ASCII inside code blocks, one character and one space per
//! cell, so that both grids fit side by side on a phone and line up in every font.

use std::borrow::Cow;

use crate::i18n::Lang;
use crate::t;
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

fn name(names: &BySeat<String>, seat: Seat) -> String {
    escape(names.get(seat))
}

/// A weapon as a Fluent selector: `cannon` or `rifle`.
#[must_use]
pub fn weapon_key(weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Cannon => "cannon",
        Weapon::Rifle => "rifle",
    }
}

/// A weapon in words, e.g. "cannon".
#[must_use]
pub fn weapon_name(lang: Lang, weapon: Weapon) -> String {
    t!(lang, "forteresse-weapon", weapon = weapon_key(weapon))
}

/// A direction's compass name, e.g. "E" ("O" in French for W).
#[must_use]
pub fn compass(lang: Lang, dir: Dir) -> String {
    match dir {
        Dir::N => t!(lang, "forteresse-dir-n"),
        Dir::NE => t!(lang, "forteresse-dir-ne"),
        Dir::E => t!(lang, "forteresse-dir-e"),
        Dir::SE => t!(lang, "forteresse-dir-se"),
        Dir::S => t!(lang, "forteresse-dir-s"),
        Dir::SW => t!(lang, "forteresse-dir-sw"),
        Dir::W => t!(lang, "forteresse-dir-w"),
        Dir::NW => t!(lang, "forteresse-dir-nw"),
    }
}

/// A direction as an arrow and its compass name, e.g. "→ E".
#[must_use]
pub fn direction(lang: Lang, dir: Dir) -> String {
    format!("{} {}", dir.arrow(), compass(lang, dir))
}

/// Directions in words, e.g. "NE, E and SE".
#[must_use]
pub fn directions(lang: Lang, dirs: impl IntoIterator<Item = Dir>) -> String {
    let mut names: Vec<String> = dirs.into_iter().map(|d| compass(lang, d)).collect();
    let Some(last) = names.pop() else { return String::new() };
    let mut names = names.into_iter();
    let Some(first) = names.next() else { return last };
    let rest = names.fold(first, |rest, next| t!(lang, "forteresse-dirs-comma", rest = rest, next = next));
    t!(lang, "forteresse-dirs-last", rest = rest, last = last)
}

/// What the rules answered a shot, e.g. "wall at C4, destroyed".
#[must_use]
pub fn answer(lang: Lang, a: &Announcement) -> String {
    match (a.answer, a.cell) {
        (AnswerKind::Wall, Some(cell)) => t!(lang, "forteresse-answer-wall-destroyed", cell = cell.to_string()),
        (AnswerKind::Wall, None) => t!(lang, "forteresse-answer-wall"),
        (AnswerKind::Besieged, Some(cell)) => t!(lang, "forteresse-answer-besieged-killed", cell = cell.to_string()),
        (AnswerKind::Besieged, None) => t!(lang, "forteresse-answer-besieged"),
        (AnswerKind::Nothing, _) => t!(lang, "forteresse-answer-nothing"),
        (AnswerKind::Silence, _) => t!(lang, "forteresse-answer-silence"),
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
    t!(
        lang,
        "forteresse-shot",
        icon = icon,
        name = name(names, a.seat),
        weapon = weapon_key(a.weapon),
        from = a.from.to_string(),
        dir = direction(lang, a.dir),
        answer = answer(lang, a)
    )
}

/// The view a board shows after a decision with `events`: when the decision ended a round
/// and the match went on, the round as it ended (its grids, shots and scores, from
/// [`PublicView::at_ended_round`]), so that the next round's empty grids come on the next
/// board; otherwise the view itself.
#[must_use]
pub fn shown<'a, 'e>(p: &'a PublicView, events: impl IntoIterator<Item = &'e Event>) -> Cow<'a, PublicView> {
    let ended = events.into_iter().find_map(|e| match e {
        Event::RoundEnded { round, .. } => Some(*round),
        _ => None,
    });
    let Some(round) = ended.filter(|&r| p.round > r) else { return Cow::Borrowed(p) };
    match p.at_ended_round() {
        Some(view) if view.round == round => Cow::Owned(view),
        _ => Cow::Borrowed(p),
    }
}

/// The lines that open a match.
#[must_use]
pub fn opening(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    vec![
        t!(lang, "forteresse-opening", a = name(names, Seat::A), b = name(names, Seat::B)),
        t!(lang, "forteresse-opening-first", name = name(names, p.round_first)),
    ]
}

/// The state of a match in a few lines, when its board is posted again.
#[must_use]
pub fn status(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let mut lines = vec![t!(lang, "forteresse-status-round", round = p.round)];
    if let Some(last) = p.announcements.last() {
        lines.push(t!(lang, "forteresse-status-last-shot", shot = shot_line(lang, last, names)));
    }
    lines
}

/// What a move made happen, in public words (a set-up's content is never told).
#[must_use]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    // A stop that ends the round (the other had stopped already) leaves nobody to fire on.
    let round_ends = events.iter().any(|e| matches!(e, Event::RoundEnded { .. }));
    events
        .iter()
        .map(|event| match event {
            Event::Stopped { seat, why: StopReason::AllKilled } if round_ends => {
                t!(lang, "forteresse-stopped-all-killed-last", name = name(names, *seat))
            }
            Event::SetupDone { seat } => t!(lang, "forteresse-setup-done", name = name(names, *seat)),
            Event::RoundStarted { round, first } => {
                t!(lang, "forteresse-round-started", round = *round, name = name(names, *first))
            }
            Event::Shot(a) => shot_line(lang, a, names),
            Event::Stopped { seat, why: StopReason::AllKilled } => {
                t!(lang, "forteresse-stopped-all-killed", name = name(names, *seat), other = name(names, seat.other()))
            }
            Event::Stopped { seat, why: StopReason::NoCellsLeft } => {
                t!(lang, "forteresse-stopped-no-cells", name = name(names, *seat))
            }
            Event::RoundEnded { round, summary } => t!(
                lang,
                "forteresse-round-ended",
                round = *round,
                a = name(names, Seat::A),
                score_a = summary.score.a,
                b = name(names, Seat::B),
                score_b = summary.score.b
            ),
            Event::SetupsAwaited { round, first } => {
                t!(lang, "forteresse-setups-awaited", round = *round, name = name(names, *first))
            }
            Event::Resigned { seat } => t!(lang, "forteresse-resigned", name = name(names, *seat)),
            Event::DrawAgreed { .. } => t!(lang, "forteresse-draw-agreed"),
            Event::MatchEnded { winner: Some(w), score } => t!(
                lang,
                "forteresse-match-won",
                name = name(names, *w),
                score = *score.get(*w),
                other_score = *score.get(w.other())
            ),
            Event::MatchEnded { winner: None, score } => {
                t!(lang, "forteresse-match-drawn", score_a = score.a, score_b = score.b)
            }
        })
        .collect()
}

/// The confirmation of a player's own move.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Setup(_) => t!(lang, "forteresse-done-setup"),
        Action::Shot(s) => t!(
            lang,
            "forteresse-done-shot",
            weapon = weapon_key(s.weapon),
            from = s.from.to_string(),
            dir = direction(lang, s.dir)
        ),
        Action::Resign => t!(lang, "forteresse-done-resign"),
        Action::AgreeDraw => t!(lang, "forteresse-done-draw"),
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
#[must_use]
pub fn attack_legend(lang: Lang) -> String {
    t!(lang, "forteresse-attack-legend")
}

/// A player's own fortress with its damage, in a code block.
#[must_use]
pub fn defence_grid(grid: &DefenceGrid) -> String {
    let rows = grid_rows(|c| defence_symbol(grid.get(c).unwrap_or_default()), |_| ' ');
    format!("```\n{COLUMNS}\n{}\n```", rows.join("\n"))
}

/// The legend of one's own fortress.
#[must_use]
pub fn defence_legend(lang: Lang) -> String {
    t!(lang, "forteresse-defence-legend")
}

/// Forteresse's rules in a message.
#[must_use]
pub fn rules_summary(lang: Lang, o: &engarde_rules::forteresse::Options) -> String {
    use engarde_rules::forteresse::{DirectionRule, ExtraShot, Round2Setup, Tie};
    let mut text = t!(lang, "forteresse-rules");
    text.push('\n');
    let mut notes = Vec::new();
    if o.direction_rule == DirectionRule::AnyOf8 {
        notes.push(t!(lang, "forteresse-rules-note-any-of-8"));
    }
    if o.extra_shot == ExtraShot::AfterKillOrDestruction {
        notes.push(t!(lang, "forteresse-rules-note-extra-shot"));
    }
    if o.round2_setup == Round2Setup::SameAsRound1 {
        notes.push(t!(lang, "forteresse-rules-note-same-setup"));
    }
    if o.tie == Tie::KillsThenFewerShots {
        notes.push(t!(lang, "forteresse-rules-note-tie"));
    }
    if !notes.is_empty() {
        text.push_str(&t!(lang, "forteresse-rules-in-this-match", notes = notes.join("; ")));
        text.push('\n');
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

    #[test]
    fn every_language_announces_shots_and_fits_its_rules_in_a_message() {
        use engarde_rules::forteresse::{DirectionRule, ExtraShot, Options, Round2Setup, Tie};
        let names = BySeat { a: "Ann".to_owned(), b: "Ben".to_owned() };
        let every_note = Options {
            direction_rule: DirectionRule::AnyOf8,
            extra_shot: ExtraShot::AfterKillOrDestruction,
            round2_setup: Round2Setup::SameAsRound1,
            tie: Tie::KillsThenFewerShots,
            ..Options::default()
        };
        for lang in Lang::ALL {
            let a = Announcement {
                seat: Seat::B,
                from: "G7".parse().unwrap(),
                weapon: Weapon::Rifle,
                dir: Dir::NW,
                answer: AnswerKind::Besieged,
                cell: Some("E5".parse().unwrap()),
            };
            let line = shot_line(lang, &a, &names);
            assert!(
                line.contains("**Ben**") && line.contains("G7") && line.contains("E5") && line.contains('↖'),
                "{line}"
            );
            assert_eq!(directions(lang, [Dir::NE]), compass(lang, Dir::NE));
            assert!(directions(lang, [Dir::NE, Dir::E, Dir::SE]).contains(&compass(lang, Dir::SE)));
            for options in [Options::default(), every_note] {
                let text = rules_summary(lang, &options);
                assert!(text.chars().count() <= 2000, "{lang}: {} chars", text.chars().count());
                assert!(text.contains("10") && text.contains("B2–F6") && !text.contains("forteresse-"), "{text}");
            }
        }
    }
}
