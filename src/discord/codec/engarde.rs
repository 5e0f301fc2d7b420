//! En Garde's action codes in `custom_id`s and select values (the first game's: they
//! carry no prefix, and start with a lower-case letter other than `f`).

use engarde_rules::engarde::{Action, Card, Cards};

/// An En Garde code: `v3` advance, `r2` retreat, `t4x2` attack,
/// `l3t5x1` advance-and-attack, `p33` parry, `h` take the hit, `q` resign.
#[must_use]
pub fn encode(action: Action) -> String {
    match action {
        Action::Advance(c) => format!("v{c}"),
        Action::Retreat(c) => format!("r{c}"),
        Action::Attack { card, count } => format!("t{card}x{count}"),
        Action::AdvanceAttack { advance, attack, count } => format!("l{advance}t{attack}x{count}"),
        Action::Parry(cards) => format!("p{}", cards.iter().map(|c| c.to_string()).collect::<String>()),
        Action::AcceptHit => "h".to_owned(),
        Action::Resign => "q".to_owned(),
        // Never offered as a button: a draw needs an offer and its acceptance.
        Action::AgreeDraw => "d".to_owned(),
    }
}

/// Decodes an En Garde code; `None` if malformed.
#[must_use]
pub fn decode(code: &str) -> Option<Action> {
    let card = |c: char| c.to_digit(10).and_then(|d| Card::new(d as u8));
    let count = |s: &str| if s.len() == 1 { s.parse::<u8>().ok().filter(|&n| (1..=9).contains(&n)) } else { None };
    let chars: Vec<char> = code.chars().collect();
    match chars.as_slice() {
        ['v', c] => Some(Action::Advance(card(*c)?)),
        ['r', c] => Some(Action::Retreat(card(*c)?)),
        ['t', c, 'x', n] => Some(Action::Attack { card: card(*c)?, count: count(&n.to_string())? }),
        ['l', a, 't', c, 'x', n] => {
            Some(Action::AdvanceAttack { advance: card(*a)?, attack: card(*c)?, count: count(&n.to_string())? })
        }
        ['p', rest @ ..] if !rest.is_empty() && rest.len() <= 10 => {
            let cards: Option<Cards> = rest.iter().map(|&c| card(c)).collect();
            Some(Action::Parry(cards?))
        }
        ['h'] => Some(Action::AcceptHit),
        ['q'] => Some(Action::Resign),
        // 'd' (a draw) is never decoded: a draw needs an offer and its acceptance.
        _ => None,
    }
}
