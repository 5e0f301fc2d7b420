//! Ready... Fence!'s action codes: after the prefix `R` (not `r`, which starts En Garde's
//! retreats), one letter for the decision and, where it names a card, the card: a letter for
//! its kind (`a` Straight Thrust … `r` Feint, in table order), its printed speed as one digit
//! if it has one, and `x` when an Angulation is attached. So `Rpl5x` opens with Stop Hit 5
//! and an Angulation, `Rnk6` answers with Infighting 6, `Rf` moves forward.
//!
//! | code | action | code | action |
//! | --- | --- | --- | --- |
//! | `m` / `k` | mulligan / keep | `y` | parry without a card |
//! | `f` / `b` | move forward / back | `t`, `t`card | Defence by Distance |
//! | `wl` `wi` `we` | weapon position | `c` | concede |
//! | `s`card | discard/draw, free swap | `u` | Renewed Attack |
//! | `z` | stall | `i`, `i`card | Feint (stop, or into the card) |
//! | `r`, `r`card | retreat (with a swap) | `g`card | Glide riposte |
//! | `e` | end the turn | `o` | pass |
//! | `p`card | open a phrase | `q` | resign |
//! | `n`card | answer | | |

use engarde_rules::readyfence::{Action, Card, Guard, Kind, Step};

/// The first letter of every Ready... Fence! code.
pub const PREFIX: char = 'R';

/// The letter of a card kind: `a` for the first kind of the table, and so on.
fn kind_letter(kind: Kind) -> char {
    let index = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    char::from(b'a' + u8::try_from(index).unwrap_or(0))
}

fn card_code(card: Card) -> String {
    match card.speed {
        Some(speed) => format!("{}{speed}", kind_letter(card.kind)),
        None => kind_letter(card.kind).to_string(),
    }
}

fn with_angulation(card: Card, angulation: bool) -> String {
    format!("{}{}", card_code(card), if angulation { "x" } else { "" })
}

/// The code of an action, without the prefix.
#[must_use]
pub fn encode(action: Action) -> String {
    match action {
        Action::Mulligan => "m".to_owned(),
        Action::Keep => "k".to_owned(),
        Action::Move(Step::Forward) => "f".to_owned(),
        Action::Move(Step::Back) => "b".to_owned(),
        Action::Weapon(g) => format!("w{}", &g.as_str()[..1]),
        Action::Swap(c) => format!("s{}", card_code(c)),
        Action::Stall => "z".to_owned(),
        Action::Retreat(c) => format!("r{}", c.map(card_code).unwrap_or_default()),
        Action::EndTurn => "e".to_owned(),
        Action::Play { card, angulation } => format!("p{}", with_angulation(card, angulation)),
        Action::Answer { card, angulation } => format!("n{}", with_angulation(card, angulation)),
        Action::Parry => "y".to_owned(),
        Action::Distance(c) => format!("t{}", c.map(card_code).unwrap_or_default()),
        Action::Concede => "c".to_owned(),
        Action::Renew => "u".to_owned(),
        Action::Feint { card: None, .. } => "i".to_owned(),
        Action::Feint { card: Some(card), angulation } => format!("i{}", with_angulation(card, angulation)),
        Action::Glide { card, angulation } => format!("g{}", with_angulation(card, angulation)),
        Action::Pass => "o".to_owned(),
        Action::Resign => "q".to_owned(),
        // Never offered as a button: a draw needs an offer and its acceptance.
        Action::AgreeDraw => "dr".to_owned(),
    }
}

/// A card and its Angulation flag, from the whole of `code`; `None` unless `code` is exactly
/// a kind letter, the speed digit its kind needs (and none for a speedless kind), and an
/// optional `x` when `angulation` is allowed.
fn card_of(code: &str, angulation_allowed: bool) -> Option<(Card, bool)> {
    let bytes = code.as_bytes();
    let (&letter, rest) = bytes.split_first()?;
    let kind = *Kind::ALL.get(usize::from(letter.checked_sub(b'a')?))?;
    let (speed, rest) = match rest.split_first() {
        Some((&d, tail)) if kind.has_speed() && (b'1'..=b'9').contains(&d) => (Some(d - b'0'), tail),
        _ if kind.has_speed() => return None,
        _ => (None, rest),
    };
    let angulation = match rest {
        [] => false,
        [b'x'] if angulation_allowed => true,
        _ => return None,
    };
    Some((Card { kind, speed }, angulation))
}

/// Decodes a code (without the prefix); `None` if malformed. Every decoded code encodes back
/// to itself.
#[must_use]
pub fn decode(code: &str) -> Option<Action> {
    let (head, rest) = (code.get(..1)?, code.get(1..)?);
    let plain = |action: Action| rest.is_empty().then_some(action);
    let single = || card_of(rest, false).map(|(c, _)| c);
    let optional = || if rest.is_empty() { Some(None) } else { single().map(Some) };
    match head {
        "m" => plain(Action::Mulligan),
        "k" => plain(Action::Keep),
        "f" => plain(Action::Move(Step::Forward)),
        "b" => plain(Action::Move(Step::Back)),
        "w" => match rest {
            "l" => Some(Action::Weapon(Guard::Line)),
            "i" => Some(Action::Weapon(Guard::Inv)),
            "e" => Some(Action::Weapon(Guard::Eng)),
            _ => None,
        },
        "s" => single().map(Action::Swap),
        "z" => plain(Action::Stall),
        "r" => optional().map(Action::Retreat),
        "e" => plain(Action::EndTurn),
        "p" => card_of(rest, true).map(|(card, angulation)| Action::Play { card, angulation }),
        "n" => card_of(rest, true).map(|(card, angulation)| Action::Answer { card, angulation }),
        "y" => plain(Action::Parry),
        "t" => optional().map(Action::Distance),
        "c" => plain(Action::Concede),
        "u" => plain(Action::Renew),
        "i" if rest.is_empty() => Some(Action::Feint { card: None, angulation: false }),
        "i" => card_of(rest, true).map(|(card, angulation)| Action::Feint { card: Some(card), angulation }),
        "g" => card_of(rest, true).map(|(card, angulation)| Action::Glide { card, angulation }),
        "o" => plain(Action::Pass),
        "q" => plain(Action::Resign),
        // `dr` (a draw) is never decoded: a draw needs an offer and its acceptance.
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use engarde_rules::readyfence::table;

    use super::*;

    /// Every action naming any face of the card table, with and without an Angulation.
    fn every_action() -> Vec<Action> {
        let mut faces: Vec<Card> = table().copies().iter().map(|c| c.card).collect();
        faces.dedup();
        let mut out = vec![
            Action::Mulligan,
            Action::Keep,
            Action::Move(Step::Forward),
            Action::Move(Step::Back),
            Action::Stall,
            Action::Retreat(None),
            Action::EndTurn,
            Action::Parry,
            Action::Distance(None),
            Action::Concede,
            Action::Renew,
            Action::Feint { card: None, angulation: false },
            Action::Pass,
            Action::Resign,
        ];
        out.extend(Guard::ALL.map(Action::Weapon));
        for &card in &faces {
            out.extend([Action::Swap(card), Action::Retreat(Some(card)), Action::Distance(Some(card))]);
            for angulation in [false, true] {
                out.extend([
                    Action::Play { card, angulation },
                    Action::Answer { card, angulation },
                    Action::Feint { card: Some(card), angulation },
                    Action::Glide { card, angulation },
                ]);
            }
        }
        out
    }

    #[test]
    fn every_action_round_trips_in_a_few_characters() {
        let actions = every_action();
        assert!(actions.len() > 300, "{}", actions.len());
        let mut codes = std::collections::HashSet::new();
        for action in actions {
            let code = encode(action);
            assert!(code.len() <= 4 && code.bytes().all(|b| b.is_ascii_alphanumeric()), "{code}");
            assert_eq!(decode(&code), Some(action), "{code}");
            assert!(codes.insert(code.clone()), "{code} names two actions");
        }
        assert_eq!(encode(Action::Play { card: "stop_hit:5".parse().unwrap(), angulation: true }), "pl5x");
        assert_eq!(decode("o"), Some(Action::Pass));
    }

    #[test]
    fn refuses_forgeries() {
        for bad in [
            "", "dr", "d", "m1", "wx", "w", "s", "sl", "sl0", "sl55", "so5", "sz5", "p", "pl5xx", "so5x", "tl5x",
            "rl5x", "i5", "g", "gA4", "nL5", "ffx", "ok",
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
