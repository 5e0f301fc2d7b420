//! View models at their longest, for the renderers' limit tests: the longest display
//! names (full of characters Markdown escaping doubles), the largest ids, a practice
//! match (one more field).

use engarde_rules::{BySeat, Level, Match, Seat};

use crate::service::{BoardView, HandView, Narration, Player, Practice};

/// The largest id a JSON number keeps exactly, plus one: the longest printed.
pub const BIG_ID: i64 = 9_007_199_254_740_993;

/// The longest display names Discord allows (32), full of characters that get escaped.
pub fn players() -> BySeat<Player> {
    BySeat {
        a: Player { user_id: u64::MAX, name: "*_~`|>#[]()-@".repeat(3)[..32].to_owned() },
        b: Player { user_id: u64::MAX - 1, name: "W".repeat(32) },
    }
}

/// `seat`'s prompt of `game`.
pub fn hand_view(game: &Match, seat: Seat) -> HandView {
    HandView {
        match_id: BIG_ID,
        turn: BIG_ID,
        seat,
        players: players(),
        view: game.view(seat),
        to_act: game.to_act(),
        legal_actions: game.legal_actions(seat),
        board: None,
        practice: None,
    }
}

/// The public board of `game` announcing `narration`, in a practice match.
pub fn board_view(game: &Match, narration: Narration) -> BoardView {
    BoardView {
        match_id: BIG_ID,
        guild_id: 1,
        channel_id: 2,
        turn: BIG_ID,
        players: players(),
        public: game.public_view(),
        to_act: game.to_act(),
        outcome: game.outcome(),
        narration,
        deadline: (!game.is_finished()).then_some(1_795_248_000),
        aborted: false,
        practice: Some(Practice { seat: Seat::B, level: Level::Medium }),
        fresh: true,
        actor: None,
        life: Default::default(),
    }
}
