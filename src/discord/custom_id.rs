//! The `custom_id` of every button and menu: everything a click needs (match,
//! turn, action) travels in it, so components work after a restart and stale
//! ones are recognised. Discord allows 1 to 100 characters.

use engarde_rules::MatchAction;

use crate::service::Board;

pub use super::codec::{decode_action, encode_action};

/// The longest `custom_id` Discord accepts.
pub const MAX_LEN: usize = 100;

/// What a component asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomId {
    /// Accept a challenge.
    Accept(i64),
    /// Decline (or, for the challenger, withdraw) a challenge.
    Decline(i64),
    /// Open one's hand from a board showing `turn`.
    Hand { match_id: i64, turn: i64 },
    /// Ask to resign, from a board.
    Resign { match_id: i64 },
    /// Confirm the resignation.
    ResignConfirm { match_id: i64 },
    /// Keep fencing after all.
    ResignCancel { match_id: i64 },
    /// The challenger withdraws their challenge.
    Withdraw(i64),
    /// Offer a draw, from a board.
    OfferDraw { match_id: i64 },
    /// Accept the draw offered at `turn`.
    DrawAccept { match_id: i64, turn: i64 },
    /// Decline the draw offered at `turn`.
    DrawDecline { match_id: i64, turn: i64 },
    /// Play an action offered for `turn`.
    Act { match_id: i64, turn: i64, action: MatchAction },
    /// A select menu of actions for `turn` (the chosen value is an action code); `menu`
    /// numbers the menus of one prompt (Discord refuses two components with one id), from 0.
    Choose { match_id: i64, turn: i64, menu: u8 },
    /// A step of a game's prompt for `turn`, refined without choosing an action yet (the
    /// step's code carries the choices so far; see each game's rendering).
    Step { match_id: i64, turn: i64, step: StepCode },
    /// A leaderboard page (from 1) of a game or a variant, as `owner` sees it
    /// (their rank is on it; someone else's click gets their own copy).
    Leaderboard { board: Board, page: u32, owner: u64 },
    /// A page of a season's leaderboard (`season`: the season's number), as `owner` sees it.
    SeasonLeaderboard { season: i64, board: Board, page: u32, owner: u64 },
    /// Export an ended match's record as a file.
    Export { match_id: i64 },
    /// Challenge the other player of an ended match to a new one, with the same variant,
    /// options and time per decision (a practice match: a new one at the same level).
    Rematch { match_id: i64 },
    /// Join a tournament, from its announcement.
    TournamentJoin(i64),
    /// Leave a tournament, from its announcement.
    TournamentLeave(i64),
}

impl CustomId {
    /// The match it is about, if any (for the logs: an interaction's span names it).
    #[must_use]
    pub fn match_id(&self) -> Option<i64> {
        match *self {
            CustomId::Hand { match_id, .. }
            | CustomId::Resign { match_id }
            | CustomId::ResignConfirm { match_id }
            | CustomId::ResignCancel { match_id }
            | CustomId::OfferDraw { match_id }
            | CustomId::DrawAccept { match_id, .. }
            | CustomId::DrawDecline { match_id, .. }
            | CustomId::Act { match_id, .. }
            | CustomId::Choose { match_id, .. }
            | CustomId::Step { match_id, .. }
            | CustomId::Export { match_id }
            | CustomId::Rematch { match_id } => Some(match_id),
            CustomId::Accept(_)
            | CustomId::Decline(_)
            | CustomId::Withdraw(_)
            | CustomId::Leaderboard { .. }
            | CustomId::SeasonLeaderboard { .. }
            | CustomId::TournamentJoin(_)
            | CustomId::TournamentLeave(_) => None,
        }
    }

    /// What it asks for, as a metrics label (one per kind of component).
    #[must_use]
    pub const fn use_case(&self) -> &'static str {
        match self {
            CustomId::Accept(_) => "accept",
            CustomId::Decline(_) => "decline",
            CustomId::Withdraw(_) => "withdraw",
            CustomId::Hand { .. } => "hand",
            CustomId::Resign { .. } | CustomId::ResignCancel { .. } => "resign_ask",
            CustomId::ResignConfirm { .. } => "resign",
            CustomId::OfferDraw { .. } => "draw_offer",
            CustomId::DrawAccept { .. } | CustomId::DrawDecline { .. } => "draw_answer",
            CustomId::Act { .. } | CustomId::Choose { .. } => "act",
            CustomId::Step { .. } => "step",
            CustomId::Leaderboard { .. } | CustomId::SeasonLeaderboard { .. } => "leaderboard",
            CustomId::Export { .. } => "export",
            CustomId::Rematch { .. } => "rematch",
            CustomId::TournamentJoin(_) => "tournament_join",
            CustomId::TournamentLeave(_) => "tournament_leave",
        }
    }

    /// The encoded id, e.g. `eg:a:12:7:t4x2`.
    #[must_use]
    pub fn encode(&self) -> String {
        match *self {
            CustomId::Accept(id) => format!("eg:ca:{id}"),
            CustomId::Decline(id) => format!("eg:cd:{id}"),
            CustomId::Withdraw(id) => format!("eg:cw:{id}"),
            CustomId::OfferDraw { match_id } => format!("eg:do:{match_id}"),
            CustomId::DrawAccept { match_id, turn } => format!("eg:dy:{match_id}:{turn}"),
            CustomId::DrawDecline { match_id, turn } => format!("eg:dn:{match_id}:{turn}"),
            CustomId::Hand { match_id, turn } => format!("eg:h:{match_id}:{turn}"),
            CustomId::Resign { match_id } => format!("eg:r:{match_id}"),
            CustomId::ResignConfirm { match_id } => format!("eg:ry:{match_id}"),
            CustomId::ResignCancel { match_id } => format!("eg:rn:{match_id}"),
            CustomId::Act { match_id, turn, action } => format!("eg:a:{match_id}:{turn}:{}", encode_action(action)),
            CustomId::Choose { match_id, turn, menu: 0 } => format!("eg:s:{match_id}:{turn}"),
            CustomId::Choose { match_id, turn, menu } => format!("eg:s:{match_id}:{turn}:{menu}"),
            CustomId::Step { match_id, turn, step } => format!("eg:p:{match_id}:{turn}:{}", step.as_str()),
            CustomId::Leaderboard { board, page, owner } => format!("eg:lb:{}:{page}:{owner}", board.name()),
            CustomId::SeasonLeaderboard { season, board, page, owner } => {
                format!("eg:ls:{season}:{}:{page}:{owner}", board.name())
            }
            CustomId::Export { match_id } => format!("eg:x:{match_id}"),
            CustomId::Rematch { match_id } => format!("eg:rm:{match_id}"),
            CustomId::TournamentJoin(id) => format!("eg:tj:{id}"),
            CustomId::TournamentLeave(id) => format!("eg:tl:{id}"),
        }
    }

    /// An id fit for the log: everything but what a player chose (an action or a prompt
    /// step may hold a secret set-up), which is replaced by `…`.
    #[must_use]
    pub fn loggable(s: &str) -> String {
        let mut parts: Vec<&str> = s.splitn(6, ':').collect();
        if matches!(parts.get(1), Some(&"a" | &"p")) && parts.len() > 4 {
            parts.truncate(4);
            parts.push("…");
        }
        parts.join(":").chars().take(MAX_LEN).collect()
    }

    /// Decodes an id; `None` for anything malformed or not ours.
    #[must_use]
    pub fn decode(s: &str) -> Option<CustomId> {
        if s.is_empty() || s.len() > MAX_LEN {
            return None;
        }
        let parts: Vec<&str> = s.split(':').collect();
        let id = |i: usize| parts.get(i).and_then(|p| number(p));
        Some(match parts.as_slice() {
            ["eg", "ca", _] => CustomId::Accept(id(2)?),
            ["eg", "cd", _] => CustomId::Decline(id(2)?),
            ["eg", "cw", _] => CustomId::Withdraw(id(2)?),
            ["eg", "do", _] => CustomId::OfferDraw { match_id: id(2)? },
            ["eg", "dy", _, _] => CustomId::DrawAccept { match_id: id(2)?, turn: id(3)? },
            ["eg", "dn", _, _] => CustomId::DrawDecline { match_id: id(2)?, turn: id(3)? },
            ["eg", "h", _, _] => CustomId::Hand { match_id: id(2)?, turn: id(3)? },
            ["eg", "r", _] => CustomId::Resign { match_id: id(2)? },
            ["eg", "ry", _] => CustomId::ResignConfirm { match_id: id(2)? },
            ["eg", "rn", _] => CustomId::ResignCancel { match_id: id(2)? },
            ["eg", "a", _, _, code] => CustomId::Act { match_id: id(2)?, turn: id(3)?, action: decode_action(code)? },
            ["eg", "s", _, _] => CustomId::Choose { match_id: id(2)?, turn: id(3)?, menu: 0 },
            ["eg", "s", _, _, menu] => CustomId::Choose { match_id: id(2)?, turn: id(3)?, menu: menu_number(menu)? },
            ["eg", "p", _, _, step] => CustomId::Step { match_id: id(2)?, turn: id(3)?, step: StepCode::new(step)? },
            ["eg", "lb", scope, page, owner] => CustomId::Leaderboard {
                board: scope.parse().ok()?,
                page: u32::try_from(number(page)?).ok()?,
                owner: user_id(owner)?,
            },
            ["eg", "ls", _, scope, page, owner] => CustomId::SeasonLeaderboard {
                season: id(2)?,
                board: scope.parse().ok()?,
                page: u32::try_from(number(page)?).ok()?,
                owner: user_id(owner)?,
            },
            ["eg", "x", _] => CustomId::Export { match_id: id(2)? },
            ["eg", "rm", _] => CustomId::Rematch { match_id: id(2)? },
            ["eg", "tj", _] => CustomId::TournamentJoin(id(2)?),
            ["eg", "tl", _] => CustomId::TournamentLeave(id(2)?),
            _ => return None,
        })
    }
}

/// A game's prompt step: 1 to [`StepCode::MAX`] ASCII letters and digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct StepCode {
    len: u8,
    bytes: [u8; StepCode::MAX],
}

impl StepCode {
    /// The longest step code.
    pub const MAX: usize = 24;

    /// A step code, if `code` is 1 to [`StepCode::MAX`] ASCII letters and digits.
    #[must_use]
    pub fn new(code: &str) -> Option<StepCode> {
        if code.is_empty() || code.len() > Self::MAX || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        let mut bytes = [0; Self::MAX];
        bytes[..code.len()].copy_from_slice(code.as_bytes());
        Some(StepCode { len: code.len() as u8, bytes })
    }

    /// The code.
    #[must_use]
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::fmt::Debug for StepCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// A Discord user id: up to 20 digits, no sign.
fn user_id(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 20 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A menu's number after the first: 1 to [`MAX_MENUS`]` - 1`, written without a leading zero
/// (the first menu's id has no number), so that every decoded id encodes back to itself.
fn menu_number(s: &str) -> Option<u8> {
    let n: u8 = s.parse().ok()?;
    (n.to_string() == s && (1..MAX_MENUS).contains(&n)).then_some(n)
}

/// The most select menus a message holds (one per row).
pub const MAX_MENUS: u8 = 5;

/// A non-negative decimal number without sign or leading junk.
fn number(s: &str) -> Option<i64> {
    if s.is_empty() || s.len() > 18 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engarde_rules::engarde::{Action, Card};
    use proptest::prelude::*;

    fn c(v: u8) -> Card {
        Card::new(v).unwrap()
    }

    #[test]
    fn round_trips() {
        let actions = [
            Action::Advance(c(3)),
            Action::Retreat(c(1)),
            Action::Attack { card: c(4), count: 2 },
            Action::AdvanceAttack { advance: c(3), attack: c(5), count: 1 },
            Action::Parry([c(2), c(4)].into_iter().collect()),
            Action::AcceptHit,
            Action::Resign,
        ];
        for action in actions {
            let id =
                CustomId::Act { match_id: 9_007_199_254_740_993, turn: 123_456, action: MatchAction::EnGarde(action) };
            let text = id.encode();
            assert!(text.len() <= MAX_LEN);
            assert_eq!(CustomId::decode(&text), Some(id));
        }
        for id in [
            CustomId::Accept(1),
            CustomId::Decline(2),
            CustomId::Withdraw(3),
            CustomId::OfferDraw { match_id: 4 },
            CustomId::DrawAccept { match_id: 5, turn: 6 },
            CustomId::DrawDecline { match_id: 7, turn: 8 },
            CustomId::Hand { match_id: 3, turn: 4 },
            CustomId::Resign { match_id: 5 },
            CustomId::ResignConfirm { match_id: 6 },
            CustomId::ResignCancel { match_id: 7 },
            CustomId::Choose { match_id: 8, turn: 9, menu: 0 },
            CustomId::Choose { match_id: 8, turn: 9, menu: 4 },
        ] {
            assert_eq!(CustomId::decode(&id.encode()), Some(id));
        }
    }

    #[test]
    fn ladder_ids_round_trip_and_fit() {
        let boards = engarde_rules::Game::ALL
            .iter()
            .map(|&g| Board::Game(g))
            .chain(engarde_rules::Variant::all().filter(|v| v.name() != v.game().name()).map(Board::Variant));
        for board in boards {
            let id = CustomId::Leaderboard { board, page: 4_294_967_295, owner: u64::MAX };
            let text = id.encode();
            assert!(text.starts_with("eg:lb:") && text.len() <= MAX_LEN, "{text}");
            assert_eq!(CustomId::decode(&text), Some(id));
            let id = CustomId::SeasonLeaderboard {
                season: 999_999_999_999_999_999,
                board,
                page: 4_294_967_295,
                owner: u64::MAX,
            };
            let text = id.encode();
            assert!(text.starts_with("eg:ls:") && text.len() <= MAX_LEN, "{text}");
            assert_eq!(CustomId::decode(&text), Some(id));
        }
        assert_eq!(
            CustomId::decode("eg:lb:kengo-basic:2:1234567890123456789"),
            Some(CustomId::Leaderboard {
                board: Board::Variant("kengo-basic".parse().unwrap()),
                page: 2,
                owner: 1_234_567_890_123_456_789
            })
        );
        // A page button of the overall board, from before there were several games.
        assert_eq!(
            CustomId::decode("eg:lb:all:3:5"),
            Some(CustomId::Leaderboard { board: Board::Game(engarde_rules::Game::EnGarde), page: 3, owner: 5 })
        );
        let export = CustomId::Export { match_id: 9_007_199_254_740_993 };
        assert_eq!(export.encode(), "eg:x:9007199254740993");
        assert_eq!(CustomId::decode(&export.encode()), Some(export));
        let rematch = CustomId::Rematch { match_id: 42 };
        assert_eq!(rematch.encode(), "eg:rm:42");
        assert_eq!(CustomId::decode(&rematch.encode()), Some(rematch));
        for bad in [
            "eg:rm:",
            "eg:rm:1:2",
            "eg:rm:x",
            "eg:lb:chess:1:5",
            "eg:lb:all:-1:5",
            "eg:lb:all:1",
            "eg:lb:all:1:123456789012345678901",
            "eg:lb:all:99999999999:5",
            "eg:x:",
            "eg:x:1:2",
            "eg:x:a",
        ] {
            assert_eq!(CustomId::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn rejects_forgeries() {
        for bad in [
            "",
            "eg",
            "eg:a:1:2",
            "eg:a:1:2:v9",
            "eg:a:1:2:v0",
            "eg:a:-1:2:v3",
            "eg:a:+1:2:v3",
            "eg:a:1:2:t4x0",
            "eg:a:1:2:p",
            "eg:ca:99999999999999999999",
            "other:ca:1",
            "eg:zz:1",
            "eg:h:1:2:3",
            "eg:s:1:2:0",
            "eg:s:1:2:03",
            "eg:s:1:2:5",
            "eg:s:1:2:",
        ] {
            assert_eq!(CustomId::decode(bad), None, "{bad}");
        }
        assert_eq!(CustomId::decode(&format!("eg:ca:{}", "1".repeat(101))), None);
    }

    #[test]
    fn prompt_steps_round_trip_and_fit() {
        // Forteresse's set-up grid (`g`, `t` with the masks and a cell), aiming, card rules.
        for code in ["s", "r", "h", "c", "k", "kc", "g00000000000000", "g00c63f00019c0", "t1ff800000007c024"] {
            let step = StepCode::new(code).unwrap();
            let id = CustomId::Step { match_id: 9_007_199_254_740_993, turn: 999_999_999_999_999_999, step };
            let text = id.encode();
            assert!(text.len() <= MAX_LEN, "{text}");
            assert_eq!(CustomId::decode(&text), Some(id));
            assert_eq!(CustomId::loggable(&text), "eg:p:9007199254740993:999999999999999999:…", "no set-up in a log");
        }
        for bad in ["eg:p:1:2:", "eg:p:1:2:t-1", "eg:p:1:2:g 0", "eg:p:1:2:aaaaaaaaaaaaaaaaaaaaaaaaa", "eg:p:1:2:é"] {
            assert_eq!(CustomId::decode(bad), None, "{bad}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(s in ".{0,120}") {
            let _ = CustomId::decode(&s);
        }

        #[test]
        fn decoded_ladder_ids_encode_back(s in "eg:(lb|x):(all|engarde-standard|kengo-[a-z]{5,8}|[0-9]{1,4})(:[0-9]{1,11})?(:[0-9]{1,21})?") {
            if let Some(id) = CustomId::decode(&s) {
                prop_assert_eq!(CustomId::decode(&id.encode()), Some(id));
                prop_assert!(id.encode().len() <= MAX_LEN);
            }
        }

        #[test]
        fn decoded_ids_encode_back(s in "eg:(ca|cd|cw|do|dy|dn|h|r|ry|rn|a|s):[0-9]{1,5}(:[0-9]{1,3})?(:[vrtlphq0-9x]{1,6})?") {
            if let Some(id) = CustomId::decode(&s) {
                prop_assert_eq!(CustomId::decode(&id.encode()), Some(id));
            }
        }
    }
}

#[cfg(test)]
mod log_tests {
    use super::CustomId;

    #[test]
    fn loggable_ids_hold_no_choice() {
        assert_eq!(CustomId::loggable("eg:a:12:7:fS00003ff01f0000"), "eg:a:12:7:…");
        assert_eq!(CustomId::loggable("eg:p:12:7:b3ff"), "eg:p:12:7:…");
        assert_eq!(CustomId::loggable("eg:h:12:7"), "eg:h:12:7");
    }
}
