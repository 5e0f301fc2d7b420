//! Short labels of actions for buttons and menus (Discord allows 80 characters).

use crate::i18n::Lang;
use engarde_rules::engarde::{Action, Cards};

/// A button or menu label for one of the player's legal actions.
#[must_use]
pub fn label(lang: Lang, action: Action) -> String {
    match action {
        Action::Advance(c) => format!("Advance {c}"),
        Action::Retreat(c) => format!("Retreat {c}"),
        Action::Attack { card, count: 1 } => format!("Attack {card}"),
        Action::Attack { card, count } => format!("Attack {card} ×{count}"),
        Action::AdvanceAttack { advance, attack, count: 1 } => format!("Advance {advance} + attack {attack}"),
        Action::AdvanceAttack { advance, attack, count } => format!("Advance {advance} + attack {attack} ×{count}"),
        Action::Parry(cards) => format!("Parry {}", plus(lang, cards)),
        Action::AcceptHit => "Take the hit".to_owned(),
        Action::Resign => "Resign".to_owned(),
        Action::AgreeDraw => "Agree to a draw".to_owned(),
    }
}

/// Cards joined with plus signs: `3 + 3`.
#[must_use]
pub fn plus(lang: Lang, cards: Cards) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" + ")
}
