//! The pictures' alt text: a short description of each in the reader's language
//! (`locales/*/pictures.ftl`), for the attachment's `description`.

use engarde_rules::forteresse::{Cell, DefenceCell, Event as FEvent};
use engarde_rules::readyfence::PhraseStep;
use engarde_rules::{Match, MatchEvent, PublicView, ReplayError, Seat, SeatView};

use crate::i18n::Lang;
use crate::present::{forteresse as fwords, readyfence as rwords};
use crate::t;

/// A seat's colour in words ("blue", "orange").
fn seat(lang: Lang, seat: Seat) -> String {
    match seat {
        Seat::A => t!(lang, "picture-seat-a"),
        Seat::B => t!(lang, "picture-seat-b"),
    }
}

/// The most characters an attachment's description may hold on Discord.
pub const MAX_ALT_CHARS: usize = 1024;

/// `text` cut to [`MAX_ALT_CHARS`], with an ellipsis where it was cut.
fn fit(text: String) -> String {
    if text.chars().count() <= MAX_ALT_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_ALT_CHARS - 1).collect();
    cut.push('…');
    cut
}

fn list(lang: Lang, items: Vec<String>) -> String {
    if items.is_empty() {
        t!(lang, "picture-none")
    } else {
        items.join(", ")
    }
}

/// What [`super::board`] shows, in `lang`.
#[must_use]
pub fn alt_board(lang: Lang, public: &PublicView, last: &[MatchEvent]) -> String {
    fit(board_words(lang, public, last))
}

fn board_words(lang: Lang, public: &PublicView, last: &[MatchEvent]) -> String {
    match public {
        PublicView::EnGarde(p) => {
            let mut out = t!(
                lang,
                "picture-engarde-board",
                blue = p.positions.a,
                orange = p.positions.b,
                distance = p.distance,
                blue_hits = p.score.a,
                orange_hits = p.score.b,
                hits = p.options.hits_to_win,
                pile = p.pile
            );
            if let engarde_rules::engarde::Phase::Defend { seat: defender, attack, .. } = p.phase {
                out.push(' ');
                out.push_str(&t!(
                    lang,
                    "picture-engarde-attack",
                    attacker = seat(lang, defender.other()),
                    count = attack.count,
                    card = attack.card.value(),
                    defender = seat(lang, defender)
                ));
            }
            let played: Vec<String> = super::engarde_events(last)
                .iter()
                .filter_map(|e| {
                    use engarde_rules::engarde::Event;
                    let cards: Vec<u8> = match e {
                        Event::Advanced { card, .. } | Event::Retreated { card, .. } => vec![card.value()],
                        Event::Attacked { card, count, .. } => vec![card.value(); usize::from(*count)],
                        Event::Lunged { advance, attack, count, .. } => {
                            let mut v = vec![advance.value()];
                            v.extend(std::iter::repeat_n(attack.value(), usize::from(*count)));
                            v
                        }
                        Event::Parried { cards, .. } => cards.iter().map(|c| c.value()).collect(),
                        _ => return None,
                    };
                    let cards: Vec<String> = cards.iter().map(u8::to_string).collect();
                    Some(cards.join(" "))
                })
                .collect();
            if !played.is_empty() {
                out.push(' ');
                out.push_str(&t!(lang, "picture-engarde-played", cards = played.join(", ")));
            }
            out
        }
        PublicView::Forteresse(p) => {
            let own = super::forteresse_events(last);
            let shown = fwords::shown(p, own.iter());
            let p: &engarde_rules::forteresse::PublicView = &shown;
            let mut out = t!(
                lang,
                "picture-forteresse-board",
                round = p.round,
                blue_kills = p.killed.a,
                orange_kills = p.killed.b,
                blue_score = p.score.a,
                orange_score = p.score.b
            );
            let shot = last.iter().rev().find_map(|e| match e {
                MatchEvent::Forteresse(FEvent::Shot(a)) if p.announcements.last() == Some(a) => Some(*a),
                _ => None,
            });
            if let Some(a) = shot {
                out.push(' ');
                out.push_str(&t!(
                    lang,
                    "picture-forteresse-shot",
                    seat = seat(lang, a.seat),
                    cell = a.from.to_string(),
                    dir = fwords::direction(lang, a.dir),
                    weapon = fwords::weapon_name(lang, a.weapon)
                ));
            }
            out
        }
        PublicView::ReadyFence(p) => {
            let mut out = t!(
                lang,
                "picture-readyfence-board",
                blue = p.positions.a,
                orange = p.positions.b,
                distance = rwords::distance_name(lang, p.distance, p.gap),
                blue_score = p.score.a,
                orange_score = p.score.b,
                target = p.target,
                blue_sp = p.stamina.a,
                orange_sp = p.stamina.b,
                timer = p.timer
            );
            out.push(' ');
            out.push_str(&t!(
                lang,
                "picture-readyfence-guards",
                blue = rwords::guard_name(lang, p.weapons.a),
                orange = rwords::guard_name(lang, p.weapons.b)
            ));
            if let Some(phrase) = &p.phrase {
                let steps: Vec<String> = phrase.steps.iter().map(|s| step(lang, s)).collect();
                out.push(' ');
                out.push_str(&t!(lang, "picture-readyfence-phrase", steps = steps.join(" → ")));
            }
            out
        }
    }
}

/// One step of a phrase: who, the card or the action, the speed.
fn step(lang: Lang, s: &PhraseStep) -> String {
    let what = match s.card {
        Some(card) => rwords::with_angulation(lang, card, s.angulation),
        None => rwords::role_name(lang, s.role),
    };
    match s.speed {
        Some(speed) => format!("{} {what} ({speed})", seat(lang, s.seat)),
        None => format!("{} {what}", seat(lang, s.seat)),
    }
}

/// What [`super::prompt`] shows, in `lang`.
#[must_use]
pub fn alt_prompt(lang: Lang, view: &SeatView) -> String {
    fit(prompt_words(lang, view))
}

fn prompt_words(lang: Lang, view: &SeatView) -> String {
    match view {
        SeatView::EnGarde(v) => {
            let cards: Vec<String> = v.hand.iter().map(|c| c.value().to_string()).collect();
            t!(lang, "picture-engarde-hand", cards = list(lang, cards), distance = v.public.distance)
        }
        SeatView::Forteresse(v) => {
            let count = |what: DefenceCell| v.fortress.map_or(0, |g| g.0.iter().filter(|&&c| c == what).count());
            t!(
                lang,
                "picture-forteresse-prompt",
                walls = count(DefenceCell::Wall),
                besieged = count(DefenceCell::Besieged)
            )
        }
        SeatView::ReadyFence(v) => {
            let table = engarde_rules::readyfence::table();
            let cards: Vec<String> =
                v.hand.iter().map(|&c| format!("{} ({})", rwords::card_name(lang, c), table.sp(c))).collect();
            t!(lang, "picture-readyfence-hand", cards = list(lang, cards))
        }
    }
}

/// What [`super::prompt`] shows of a Forteresse seat whose fortress is `grid`, still being
/// placed (the enemy's not known yet), in `lang`.
#[must_use]
pub fn alt_placing(lang: Lang, grid: &engarde_rules::forteresse::DefenceGrid) -> String {
    let count = |what: DefenceCell| grid.0.iter().filter(|&&c| c == what).count();
    fit(t!(
        lang,
        "picture-forteresse-placing",
        walls = count(DefenceCell::Wall),
        besieged = count(DefenceCell::Besieged)
    ))
}

/// What [`super::aim`] shows, in `lang`.
#[must_use]
pub fn alt_aim(lang: Lang, view: &engarde_rules::forteresse::SeatView, from: Cell) -> String {
    let dirs = view.shots.iter().find(|s| s.from == from).map(|s| s.dirs);
    let dirs = match dirs {
        Some(d) if !d.is_empty() => fwords::directions(lang, d),
        _ => t!(lang, "picture-none"),
    };
    t!(lang, "picture-forteresse-aim", cell = from.to_string(), dirs = dirs)
}

/// What [`super::reveal`] shows for the match of `record`, in `lang`.
///
/// # Errors
/// The record does not replay ([`ReplayError`]).
pub fn alt_reveal(lang: Lang, record: &str) -> Result<String, ReplayError> {
    let game = Match::replay(record)?;
    Ok(fit(match &game {
        Match::Forteresse(g) => {
            let p = g.public_view();
            t!(lang, "picture-reveal-forteresse", blue = p.score.a, orange = p.score.b)
        }
        Match::EnGarde(g) => {
            let hand = |s: Seat| list(lang, g.view(s).hand.iter().map(|c| c.value().to_string()).collect());
            t!(lang, "picture-reveal-hands", blue = hand(Seat::A), orange = hand(Seat::B))
        }
        Match::ReadyFence(g) => {
            let hand = |s: Seat| list(lang, g.view(s).hand.iter().map(|&c| rwords::card_name(lang, c)).collect());
            t!(lang, "picture-reveal-hands", blue = hand(Seat::A), orange = hand(Seat::B))
        }
    }))
}

/// What [`super::replay`] shows, in `lang`.
#[must_use]
pub fn alt_replay(lang: Lang, frames: usize) -> String {
    t!(lang, "picture-replay", frames = frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_text_fits_an_attachment_description() {
        let long = fit("é".repeat(3 * MAX_ALT_CHARS));
        assert_eq!(long.chars().count(), MAX_ALT_CHARS);
        assert!(long.ends_with('…'));
        assert_eq!(fit("short".to_owned()), "short");
    }
}
