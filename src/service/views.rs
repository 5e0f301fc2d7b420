//! View models: what the Discord adapter renders. Public ones hold only public facts.

use engarde_rules::{BySeat, MatchAction, MatchEvent, OptionMap, Outcome, PublicView, Seat, SeatView, ToAct, Variant};

/// A player as shown: their Discord id and display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Discord user id.
    pub user_id: u64,
    /// Display name in the server.
    pub name: String,
}

/// A user acting, as the adapter knows them from the interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    /// Discord user id.
    pub user_id: u64,
    /// Display name in the server.
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
}

/// Where a posted board is, for links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLink {
    /// The server.
    pub guild_id: u64,
    /// The channel or thread.
    pub channel_id: u64,
    /// The message.
    pub message_id: u64,
}

impl BoardLink {
    /// The message's URL.
    #[must_use]
    pub fn url(&self) -> String {
        format!("https://discord.com/channels/{}/{}/{}", self.guild_id, self.channel_id, self.message_id)
    }
}

/// A public board: the state everyone may see, and what just happened.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// The match.
    pub match_id: i64,
    /// The server.
    pub guild_id: u64,
    /// Where boards are posted.
    pub channel_id: u64,
    /// The match version this board shows (actions applied).
    pub turn: i64,
    /// Both players.
    pub players: BySeat<Player>,
    /// The public state.
    pub public: PublicView,
    /// Whose decision is awaited.
    pub to_act: ToAct,
    /// How the match ended, once it is over.
    pub outcome: Option<Outcome>,
    /// What just happened (public facts only), worded by the adapter.
    pub narration: Narration,
    /// When the current decision is due (unix seconds), while the match is on.
    pub deadline: Option<i64>,
    /// Whether an admin aborted the match.
    pub aborted: bool,
    /// In a practice match, the bot's seat and level.
    pub practice: Option<super::Practice>,
    /// Whether the board is a new message that pings the players to act: they changed, a
    /// round ended, or the match did. `false` when the same players decide again: the live
    /// board is edited in place, with no ping.
    pub fresh: bool,
    /// Who made the decision the board follows, if a player did: never notified by it.
    pub actor: Option<Seat>,
    /// Its players' away time and quiet hours, as filled when it is published
    /// ([`super::Service::with_life`]); empty until then.
    pub life: super::life::BoardLife,
}

/// A match's live board: the latest board message, edited in place while the same
/// players decide again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveBoard {
    /// The match version it shows.
    pub turn: i64,
    /// Where it is.
    pub channel_id: u64,
    /// The message.
    pub message_id: u64,
    /// The narration lines it shows.
    pub narration: String,
    /// Whether it is the match's final board.
    pub ended: bool,
}

impl BoardView {
    /// The match winner, once it is over (`None` for a draw or while it goes on).
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        self.outcome.and_then(|o| o.winner)
    }

    /// The players whose decision is awaited.
    pub fn to_act(&self) -> impl Iterator<Item = &Player> {
        self.to_act.seats().iter().map(|&s| self.players.get(s))
    }

    /// The people whose decision is awaited (the practice bot is not pinged).
    pub fn humans_to_act(&self) -> impl Iterator<Item = &Player> {
        let bot = self.practice.map(|p| p.seat);
        self.to_act.seats().iter().filter(move |&&s| Some(s) != bot).map(|&s| self.players.get(s))
    }

    /// Whether the match is over (won, drawn or aborted).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.aborted || self.outcome.is_some()
    }

    /// Whether the practice bot's decision is awaited (it makes it at once).
    #[must_use]
    pub fn awaits_bot(&self) -> bool {
        !self.aborted && self.outcome.is_none() && self.practice.is_some_and(|p| self.to_act.includes(p.seat))
    }
}

/// What a board announces, as facts: the adapter puts them in the server's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Narration {
    /// The match begins (as the board's public view shows it).
    Opening,
    /// The board is posted again: where the match stands.
    Status,
    /// What a move (or an agreed draw) made happen.
    Events(Vec<MatchEvent>),
    /// An admin aborted the match.
    Aborted {
        /// The admin's display name.
        by: String,
    },
    /// A player let the deadline pass and lost the match.
    Timeout {
        /// Who was late.
        late: Seat,
    },
    /// Neither player made their first decision in time: the match is called off.
    CalledOff,
}

/// What a player did, for their own confirmation, worded in their language.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Done {
    /// They made this move (or resigned).
    Action(MatchAction),
    /// They accepted a draw.
    DrawAccepted,
}

/// One player's private view of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct HandView {
    /// The match.
    pub match_id: i64,
    /// The match version the legal actions belong to.
    pub turn: i64,
    /// The viewer's seat.
    pub seat: Seat,
    /// Both players.
    pub players: BySeat<Player>,
    /// What the viewer may see, with their legal actions.
    pub view: SeatView,
    /// Whose decision is awaited.
    pub to_act: ToAct,
    /// The viewer's legal actions now (besides resigning and offering a draw).
    pub legal_actions: Vec<MatchAction>,
    /// The latest board, if posted.
    pub board: Option<BoardLink>,
    /// In a practice match, the bot's seat and level.
    pub practice: Option<super::Practice>,
}

/// A challenge as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeView {
    /// The challenge id.
    pub id: i64,
    /// Who challenged (seat A).
    pub challenger: Player,
    /// Who is challenged (seat B).
    pub challenged: Player,
    /// The variant.
    pub variant: Variant,
    /// The options the match will use: changes to the variant's defaults.
    pub options: OptionMap,
    /// Seconds for each decision in the match.
    pub turn_seconds: i64,
    /// When the challenge lapses if unanswered.
    pub expires_at: i64,
    /// The end of the challenged player's away time, if they are away (they may still
    /// accept).
    pub challenged_away_until: Option<i64>,
}
