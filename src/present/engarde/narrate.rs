//! What happened, in words. Built only from public events and views.

use crate::i18n::Lang;
use engarde_rules::engarde::{Action, Cards, Event, FirstPlayer, PublicView, RoundEndReason};
use engarde_rules::{BySeat, Seat};

use super::labels::plus;
use crate::present::escape;

fn bold(names: &BySeat<String>, seat: Seat) -> String {
    format!("**{}**", escape(names.get(seat)))
}

/// The first lines of a new match.
#[must_use]
pub fn opening(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let how = match public.options.first_player {
        FirstPlayer::Random => " (drawn at random)",
        FirstPlayer::Challenger | FirstPlayer::Challenged => "",
    };
    let mut lines = vec![format!(
        "En garde! {} vs {}: {}, first to {} hit{}.",
        bold(names, Seat::A),
        bold(names, Seat::B),
        public.variant.title(),
        public.options.hits_to_win,
        if public.options.hits_to_win == 1 { "" } else { "s" }
    )];
    if public.options.best_of > 1 {
        lines.push(format!("Best of {} games.", public.options.best_of));
    }
    lines.push(format!("{} starts round 1{how}.", bold(names, public.first_player)));
    lines
}

/// The current situation, for a board posted again.
#[must_use]
pub fn status(lang: Lang, public: &PublicView, names: &BySeat<String>) -> Vec<String> {
    match public.winner {
        Some(w) => vec![format!("The match is over: {} won.", bold(names, w))],
        None => vec![format!("Round {} in progress.", public.round)],
    }
}

fn reason_words(reason: RoundEndReason) -> &'static str {
    match reason {
        RoundEndReason::Hit => "with a hit",
        RoundEndReason::Stuck => "because the opponent could not move",
        RoundEndReason::HandCount => "on the cards in hand",
        RoundEndReason::Position => "on position",
        RoundEndReason::Drawn => "",
        RoundEndReason::Resign => "by resignation",
    }
}

fn hand(cards: &Cards) -> String {
    if cards.is_empty() {
        "no cards".to_owned()
    } else {
        cards.to_string()
    }
}

/// One line per event worth telling (draws are left out: only counts are public
/// and the board shows the pile).
#[must_use]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    let mut lines = Vec::new();
    for event in events {
        let line = match event {
            Event::RoundStarted { round, game, first } => {
                let game = if *game > 1 { format!("Game {game}, round") } else { "Round".to_owned() };
                format!("{game} {round} begins: {} starts.", bold(names, *first))
            }
            Event::Advanced { seat, card, to } => format!("{} advances {card} to space {to}.", bold(names, *seat)),
            Event::Retreated { seat, card, to, defence: false } => {
                format!("{} retreats {card} to space {to}.", bold(names, *seat))
            }
            Event::Retreated { seat, card, to, defence: true } => {
                format!("{} escapes the lunge, retreating {card} to space {to}.", bold(names, *seat))
            }
            Event::Attacked { seat, card, count, riposte } => format!(
                "{} {} with {}!",
                bold(names, *seat),
                if *riposte { "ripostes" } else { "attacks" },
                plus(lang, Cards::of(*card, *count))
            ),
            Event::Lunged { seat, advance, to, attack, count } => format!(
                "{} advances {advance} to space {to} and attacks with {}!",
                bold(names, *seat),
                plus(lang, Cards::of(*attack, *count))
            ),
            Event::Parried { seat, cards } => format!("{} parries with {}.", bold(names, *seat), plus(lang, *cards)),
            Event::HitAccepted { seat } => format!("{} takes the hit.", bold(names, *seat)),
            Event::CannotParry { seat } => format!("{} cannot parry.", bold(names, *seat)),
            Event::Drew { .. } => continue,
            Event::PileEmptied { seat } => format!("{} draws the last card of the pile.", bold(names, *seat)),
            Event::PassedWithEmptyHand { seat } => {
                format!("{} has no cards left after parrying: draws and passes.", bold(names, *seat))
            }
            Event::LastAttack { seat, card } => {
                format!("With the pile empty, {} makes a last attack with {card}!", bold(names, *seat))
            }
            Event::HandsRevealed { hands, attacking } => format!(
                "Hands shown: {} {} ({} attacking) · {} {} ({} attacking).",
                bold(names, Seat::A),
                hand(&hands.a),
                attacking.a,
                bold(names, Seat::B),
                hand(&hands.b),
                attacking.b
            ),
            Event::Stuck { seat } => format!("{} has no legal move.", bold(names, *seat)),
            Event::Resigned { seat } => format!("{} resigns.", bold(names, *seat)),
            Event::DrawAgreed { seat } => format!("{} accepts the draw.", bold(names, *seat)),
            Event::RoundEnded { result, score } => {
                let score = format!("Hits: {} {} – {} {}.", escape(&names.a), score.a, score.b, escape(&names.b));
                match result.winner {
                    Some(w) => format!("{} wins the round {}. {score}", bold(names, w), reason_words(result.reason)),
                    None => format!("The round is drawn: nobody scores. {score}"),
                }
            }
            Event::GameEnded { winner, games } => {
                format!("{} wins the game. Games: {} – {}.", bold(names, *winner), games.a, games.b)
            }
            Event::MatchEnded { winner: Some(winner) } => format!("🏆 {} wins the match!", bold(names, *winner)),
            Event::MatchEnded { winner: None } => "🤝 The match is drawn.".to_owned(),
        };
        lines.push(line);
    }
    lines
}

/// What the player just did, for their own confirmation.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Advance(c) => format!("You advanced {c}."),
        Action::Retreat(c) => format!("You retreated {c}."),
        Action::Attack { card, count } => format!("You attacked with {}.", plus(lang, Cards::of(card, count))),
        Action::AdvanceAttack { advance, attack, count } => {
            format!("You advanced {advance} and attacked with {}.", plus(lang, Cards::of(attack, count)))
        }
        Action::Parry(cards) => format!("You parried with {}.", plus(lang, cards)),
        Action::AcceptHit => "You took the hit.".to_owned(),
        Action::Resign => "You resigned.".to_owned(),
        Action::AgreeDraw => "You accepted the draw.".to_owned(),
    }
}
