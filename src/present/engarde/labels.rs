//! Short labels of actions for buttons and menus (Discord allows 80 characters).

use crate::i18n::Lang;
use engarde_rules::engarde::{Action, Cards};

/// A button or menu label for one of the player's legal actions.
#[must_use]
pub fn label(lang: Lang, action: Action) -> String {
    match action {
        Action::Advance(c) => crate::t!(lang, "engarde-label-advance", card = c.value()),
        Action::Retreat(c) => crate::t!(lang, "engarde-label-retreat", card = c.value()),
        Action::Attack { card, count: 1 } => crate::t!(lang, "engarde-label-attack", card = card.value()),
        Action::Attack { card, count } => {
            crate::t!(lang, "engarde-label-attack-many", card = card.value(), count = count)
        }
        Action::AdvanceAttack { advance, attack, count: 1 } => {
            crate::t!(lang, "engarde-label-lunge", advance = advance.value(), attack = attack.value())
        }
        Action::AdvanceAttack { advance, attack, count } => crate::t!(
            lang,
            "engarde-label-lunge-many",
            advance = advance.value(),
            attack = attack.value(),
            count = count
        ),
        Action::Parry(cards) => crate::t!(lang, "engarde-label-parry", cards = plus(lang, cards)),
        Action::AcceptHit => crate::t!(lang, "engarde-label-accept-hit"),
        Action::Resign => crate::t!(lang, "engarde-label-resign"),
        Action::AgreeDraw => crate::t!(lang, "engarde-label-agree-draw"),
    }
}

/// Cards joined with plus signs: `3 + 3` (a sign, the same in every language).
#[must_use]
pub fn plus(_lang: Lang, cards: Cards) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" + ")
}

/// Cards in a list, `1, 3, 5` (`1、3、5` in Chinese), or "no cards".
#[must_use]
pub fn list(lang: Lang, cards: &Cards) -> String {
    if cards.is_empty() {
        return crate::t!(lang, "engarde-no-cards");
    }
    let separator = crate::t!(lang, "engarde-list-separator");
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(&separator)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engarde_rules::engarde::Card;

    #[test]
    fn labels_fit_on_a_button_in_every_language() {
        let five = Card::new(5).unwrap();
        let actions = [
            Action::Advance(five),
            Action::Retreat(five),
            Action::Attack { card: five, count: 1 },
            Action::Attack { card: five, count: 5 },
            Action::AdvanceAttack { advance: five, attack: five, count: 1 },
            Action::AdvanceAttack { advance: five, attack: five, count: 5 },
            Action::Parry(Cards::of(five, 5)),
            Action::AcceptHit,
            Action::Resign,
            Action::AgreeDraw,
        ];
        for lang in Lang::ALL {
            for action in actions {
                let text = label(lang, action);
                assert!(text.chars().count() <= 80 && !text.contains("engarde-"), "{lang}: {text}");
            }
        }
        assert_eq!(
            label(Lang::En, Action::AdvanceAttack { advance: five, attack: five, count: 2 }),
            "Advance 5 + attack 5 ×2"
        );
        assert_eq!(list(Lang::ZhTw, &Cards::of(five, 2)), "5、5");
    }
}
