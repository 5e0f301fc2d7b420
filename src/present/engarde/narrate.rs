//! What happened, in words. Built only from public events and views.

use crate::i18n::Lang;
use crate::t;
use engarde_rules::engarde::{Action, Cards, Event, FirstPlayer, PublicView, RoundEndReason};
use engarde_rules::{BySeat, Seat};

use super::labels::{list, plus};
use crate::present::{escape, variant_title};

fn bold(names: &BySeat<String>, seat: Seat) -> String {
    format!("**{}**", escape(names.get(seat)))
}

/// The first lines of a new match.
#[must_use]
pub fn opening(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let mut lines = vec![t!(
        lang,
        "engarde-opening",
        a = bold(names, Seat::A),
        b = bold(names, Seat::B),
        title = variant_title(lang, engarde_rules::Variant::EnGarde(public.variant)),
        hits = public.options.hits_to_win
    )];
    if public.options.best_of > 1 {
        lines.push(t!(lang, "engarde-best-of", games = public.options.best_of));
    }
    let name = bold(names, public.first_player);
    lines.push(match public.options.first_player {
        FirstPlayer::Random => t!(lang, "engarde-starts-round-one-random", name = name),
        FirstPlayer::Challenger | FirstPlayer::Challenged => t!(lang, "engarde-starts-round-one", name = name),
    });
    lines
}

/// The current situation, for a board posted again.
#[must_use]
pub fn status(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public.winner {
        Some(w) => vec![t!(lang, "engarde-status-over", name = bold(names, w))],
        None => vec![t!(lang, "engarde-status-round", round = public.round)],
    }
}

/// "X wins the round ..." for each way a round is won, with the score after it.
fn round_won(lang: Lang, reason: RoundEndReason, name: String, score: String) -> String {
    match reason {
        RoundEndReason::Hit => t!(lang, "engarde-round-won-hit", name = name, score = score),
        RoundEndReason::Stuck => t!(lang, "engarde-round-won-stuck", name = name, score = score),
        RoundEndReason::HandCount => t!(lang, "engarde-round-won-hand-count", name = name, score = score),
        RoundEndReason::Position => t!(lang, "engarde-round-won-position", name = name, score = score),
        RoundEndReason::Drawn => t!(lang, "engarde-round-won", name = name, score = score),
        RoundEndReason::Resign => t!(lang, "engarde-round-won-resign", name = name, score = score),
    }
}

/// One line per event worth telling (draws are left out: only counts are public
/// and the board shows the pile).
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    let mut lines = Vec::new();
    for event in events {
        let line = match event {
            Event::RoundStarted { round, game, first } if *game > 1 => {
                t!(lang, "engarde-game-round-begins", game = *game, round = *round, name = bold(names, *first))
            }
            Event::RoundStarted { round, first, .. } => {
                t!(lang, "engarde-round-begins", round = *round, name = bold(names, *first))
            }
            Event::Advanced { seat, card, to } => {
                t!(lang, "engarde-advanced", name = bold(names, *seat), card = card.value(), to = *to)
            }
            Event::Retreated { seat, card, to, defence: false } => {
                t!(lang, "engarde-retreated", name = bold(names, *seat), card = card.value(), to = *to)
            }
            Event::Retreated { seat, card, to, defence: true } => {
                t!(lang, "engarde-retreated-from-lunge", name = bold(names, *seat), card = card.value(), to = *to)
            }
            Event::Attacked { seat, card, count, riposte } => {
                let cards = plus(lang, Cards::of(*card, *count));
                if *riposte {
                    t!(lang, "engarde-riposted", name = bold(names, *seat), cards = cards)
                } else {
                    t!(lang, "engarde-attacked", name = bold(names, *seat), cards = cards)
                }
            }
            Event::Lunged { seat, advance, to, attack, count } => t!(
                lang,
                "engarde-lunged",
                name = bold(names, *seat),
                advance = advance.value(),
                to = *to,
                cards = plus(lang, Cards::of(*attack, *count))
            ),
            Event::Parried { seat, cards } => {
                t!(lang, "engarde-parried", name = bold(names, *seat), cards = plus(lang, *cards))
            }
            Event::HitAccepted { seat } => t!(lang, "engarde-hit-accepted", name = bold(names, *seat)),
            Event::CannotParry { seat } => t!(lang, "engarde-cannot-parry", name = bold(names, *seat)),
            Event::Drew { .. } => continue,
            Event::PileEmptied { seat } => t!(lang, "engarde-pile-emptied", name = bold(names, *seat)),
            Event::PassedWithEmptyHand { seat } => t!(lang, "engarde-passed-empty-hand", name = bold(names, *seat)),
            Event::LastAttack { seat, card } => {
                t!(lang, "engarde-last-attack", name = bold(names, *seat), card = card.value())
            }
            Event::HandsRevealed { hands, attacking } => t!(
                lang,
                "engarde-hands-shown",
                a = bold(names, Seat::A),
                hand_a = list(lang, &hands.a),
                attacking_a = attacking.a,
                b = bold(names, Seat::B),
                hand_b = list(lang, &hands.b),
                attacking_b = attacking.b
            ),
            Event::Stuck { seat } => t!(lang, "engarde-stuck", name = bold(names, *seat)),
            Event::Resigned { seat } => t!(lang, "engarde-resigned", name = bold(names, *seat)),
            Event::DrawAgreed { seat } => t!(lang, "engarde-draw-agreed", name = bold(names, *seat)),
            Event::RoundEnded { result, score } => {
                let score = t!(
                    lang,
                    "engarde-round-score",
                    a = escape(&names.a),
                    hits_a = score.a,
                    hits_b = score.b,
                    b = escape(&names.b)
                );
                match result.winner {
                    Some(w) => round_won(lang, result.reason, bold(names, w), score),
                    None => t!(lang, "engarde-round-drawn", score = score),
                }
            }
            Event::GameEnded { winner, games } => {
                t!(lang, "engarde-game-won", name = bold(names, *winner), games_a = games.a, games_b = games.b)
            }
            Event::MatchEnded { winner: Some(winner) } => t!(lang, "engarde-match-won", name = bold(names, *winner)),
            Event::MatchEnded { winner: None } => t!(lang, "engarde-match-drawn"),
        };
        lines.push(line);
    }
    lines
}

/// What the player just did, for their own confirmation.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Advance(c) => t!(lang, "engarde-done-advance", card = c.value()),
        Action::Retreat(c) => t!(lang, "engarde-done-retreat", card = c.value()),
        Action::Attack { card, count } => t!(lang, "engarde-done-attack", cards = plus(lang, Cards::of(card, count))),
        Action::AdvanceAttack { advance, attack, count } => {
            t!(lang, "engarde-done-lunge", advance = advance.value(), cards = plus(lang, Cards::of(attack, count)))
        }
        Action::Parry(cards) => t!(lang, "engarde-done-parry", cards = plus(lang, cards)),
        Action::AcceptHit => t!(lang, "engarde-done-accept-hit"),
        Action::Resign => t!(lang, "engarde-done-resign"),
        Action::AgreeDraw => t!(lang, "engarde-done-agree-draw"),
    }
}
