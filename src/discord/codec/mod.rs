//! Action codes: each game writes its actions into `custom_id`s and select values in
//! its own compact syntax. Codes of different games never overlap: En Garde's (the
//! first game's) carry no prefix, every later game's start with its own letter.

mod engarde;
mod forteresse;
mod readyfence;

use engarde_rules::MatchAction;

/// A compact code for an action of any game.
#[must_use]
pub fn encode_action(action: MatchAction) -> String {
    match action {
        MatchAction::EnGarde(a) => engarde::encode(a),
        MatchAction::Forteresse(a) => format!("{}{}", forteresse::PREFIX, forteresse::encode(a)),
        MatchAction::ReadyFence(a) => format!("{}{}", readyfence::PREFIX, readyfence::encode(a)),
    }
}

/// Decodes an action code of any game; `None` if malformed.
#[must_use]
pub fn decode_action(code: &str) -> Option<MatchAction> {
    if let Some(rest) = code.strip_prefix(forteresse::PREFIX) {
        return forteresse::decode(rest).map(MatchAction::Forteresse);
    }
    if let Some(rest) = code.strip_prefix(readyfence::PREFIX) {
        return readyfence::decode(rest).map(MatchAction::ReadyFence);
    }
    engarde::decode(code).map(MatchAction::EnGarde)
}
