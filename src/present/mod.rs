//! Words and pictures for players, independent of Discord, one folder per game, and
//! the functions that pick the game's own. Everything here is built from public
//! facts, except the labels of a player's own actions.

pub mod engarde;
pub mod forteresse;
pub mod picture;
pub mod readyfence;
pub mod seat_colour;

use crate::i18n::{Lang, Text};
use engarde_rules::{BySeat, MatchAction, MatchEvent, MessageArg, PublicView, Variant};

/// A message of the rules crate (an illegal move's or refused options' reason, ids
/// `rules-…`) as a text of the catalogues, names escaped.
#[must_use]
pub fn rules_message(message: engarde_rules::Message) -> Text {
    message.args.into_iter().fold(Text::new(message.id), |text, (name, value)| match value {
        MessageArg::Name(s) => text.arg(name, escape(&s)),
        MessageArg::Number(n) => text.arg(name, n),
    })
}

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

/// A variant's title, e.g. "En Garde (standard)", "Kengo (normale)".
#[must_use]
pub fn variant_title(lang: Lang, variant: Variant) -> String {
    variant_title_text(variant).render(lang)
}

/// The variant a public view is of.
#[must_use]
pub fn variant_of(public: &PublicView) -> Variant {
    match public {
        PublicView::EnGarde(p) => Variant::EnGarde(p.variant),
        PublicView::Forteresse(_) => Variant::Forteresse(engarde_rules::forteresse::Variant::Forteresse),
        PublicView::ReadyFence(p) => Variant::ReadyFence(p.variant),
    }
}

/// A variant's title, not yet in words (message `variant-<name>`).
#[must_use]
pub fn variant_title_text(variant: Variant) -> Text {
    Text::new(format!("variant-{}", variant.name()))
}

/// The lines that open a new match.
#[must_use]
pub fn opening(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public {
        PublicView::EnGarde(p) => engarde::narrate::opening(lang, p, names),
        PublicView::Forteresse(p) => forteresse::opening(lang, p, names),
        PublicView::ReadyFence(p) => readyfence::opening(lang, p, names),
    }
}

/// The state of a match in a few lines, when its board is posted again.
#[must_use]
pub fn status(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public {
        PublicView::EnGarde(p) => engarde::narrate::status(lang, p, names),
        PublicView::Forteresse(p) => forteresse::status(lang, p, names),
        PublicView::ReadyFence(p) => readyfence::status(lang, p, names),
    }
}

/// What a move made happen, in public words. Each game words a move's events together (a
/// line may depend on what else happened in the same move).
#[must_use]
pub fn events(lang: Lang, events: &[MatchEvent], names: &BySeat<String>) -> Vec<String> {
    /// The events of one game, in order.
    fn of<T: Clone>(events: &[MatchEvent], game: impl Fn(&MatchEvent) -> Option<&T>) -> Vec<T> {
        events.iter().filter_map(game).cloned().collect()
    }
    match events.first() {
        None => Vec::new(),
        Some(MatchEvent::EnGarde(_)) => {
            let events = of(events, |e| if let MatchEvent::EnGarde(e) = e { Some(e) } else { None });
            engarde::narrate::events(lang, &events, names)
        }
        Some(MatchEvent::Forteresse(_)) => {
            let events = of(events, |e| if let MatchEvent::Forteresse(e) = e { Some(e) } else { None });
            forteresse::events(lang, &events, names)
        }
        Some(MatchEvent::ReadyFence(_)) => {
            let events = of(events, |e| if let MatchEvent::ReadyFence(e) = e { Some(e) } else { None });
            readyfence::events(lang, &events, names)
        }
    }
}

/// The confirmation of a player's own move.
#[must_use]
pub fn done(lang: Lang, action: MatchAction) -> String {
    match action {
        MatchAction::EnGarde(a) => engarde::narrate::done(lang, a),
        MatchAction::Forteresse(a) => forteresse::done(lang, a),
        MatchAction::ReadyFence(a) => readyfence::done(lang, a),
    }
}

/// A variant's rules, in paragraphs separated by blank lines (Ready... Fence!'s, with every
/// card, is longer than one message: see [`crate::discord::render::split_message`]).
#[must_use]
pub fn rules_summary(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::EnGarde(v) => engarde::rules_text::summary(lang, v),
        Variant::Forteresse(_) => forteresse::rules_summary(lang, &Default::default()),
        Variant::ReadyFence(v) => readyfence::rules_summary(lang, v),
    }
}
