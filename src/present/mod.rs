//! Words and pictures for players, independent of Discord, one folder per game, and
//! the functions that pick the game's own. Everything here is built from public
//! facts, except the labels of a player's own actions.

pub mod engarde;
pub mod forteresse;
pub mod readyfence;

use engarde_rules::{BySeat, MatchAction, MatchEvent, PublicView, Variant};

/// Escapes Discord markdown in a user-chosen name.
#[must_use]
pub fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '>' | '\\' | '#' | '[' | ']' | '(' | ')' | '-' | '@') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The lines that open a new match.
#[must_use]
pub fn opening(public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public {
        PublicView::EnGarde(p) => engarde::narrate::opening(p, names),
        PublicView::Forteresse(p) => forteresse::opening(p, names),
        PublicView::ReadyFence(p) => readyfence::opening(p, names),
    }
}

/// The state of a match in a few lines, when its board is posted again.
#[must_use]
pub fn status(public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public {
        PublicView::EnGarde(p) => engarde::narrate::status(p, names),
        PublicView::Forteresse(p) => forteresse::status(p, names),
        PublicView::ReadyFence(p) => readyfence::status(p, names),
    }
}

/// What a move made happen, in public words.
#[must_use]
pub fn events(events: &[MatchEvent], names: &BySeat<String>) -> Vec<String> {
    let mut lines = Vec::new();
    for event in events {
        match event {
            MatchEvent::EnGarde(e) => lines.extend(engarde::narrate::events(std::slice::from_ref(e), names)),
            MatchEvent::Forteresse(e) => lines.extend(forteresse::events(std::slice::from_ref(e), names)),
            MatchEvent::ReadyFence(e) => lines.extend(readyfence::events(std::slice::from_ref(e), names)),
        }
    }
    lines
}

/// The confirmation of a player's own move.
#[must_use]
pub fn done(action: MatchAction) -> String {
    match action {
        MatchAction::EnGarde(a) => engarde::narrate::done(a),
        MatchAction::Forteresse(a) => forteresse::done(a),
        MatchAction::ReadyFence(a) => readyfence::done(a),
    }
}

/// A variant's rules, in paragraphs separated by blank lines (Ready... Fence!'s, with every
/// card, is longer than one message: see [`crate::discord::render::split_message`]).
#[must_use]
pub fn rules_summary(variant: Variant) -> String {
    match variant {
        Variant::EnGarde(v) => engarde::rules_text::summary(v),
        Variant::Forteresse(_) => forteresse::rules_summary(&Default::default()),
        Variant::ReadyFence(v) => readyfence::rules_summary(v),
    }
}
