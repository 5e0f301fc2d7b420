//! The one small interface every game implements, after OpenSpiel's `Game`/`State`
//! split: the service, the store, the presentation and the practice opponent know
//! games only through it (and through the registry's enums that wrap it).

use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::{BySeat, Game, RefusedOption, ReplayError, Seat, ToAct};

/// Rule options as written in a match record: option name to value, the changes to a
/// variant's defaults (each game reads its own names; an unknown name is an error).
pub type OptionMap = Map<String, Value>;

/// Reads a game's option changes from record-style `options`; the refusal names the
/// option the game does not have or whose value it cannot take.
pub(crate) fn read_options<T: DeserializeOwned>(game: Game, options: &OptionMap) -> Result<T, RefusedOption> {
    serde_json::from_value(Value::Object(options.clone()))
        .map_err(|e| RefusedOption::unreadable::<T>(game, options, &e))
}

/// One named variant of a game, e.g. `engarde-standard`.
pub trait GameVariant: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// Every variant of the game, in menu order.
    const VARIANTS: &'static [Self];
    /// The variant's name in match records and commands.
    fn name(self) -> &'static str;
    /// A human title, e.g. "En Garde (standard)".
    fn title(self) -> &'static str;
}

/// How a finished match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, `None` for a draw (agreed, or equal in the end).
    pub winner: Option<Seat>,
}

/// A match of one game: always a legal state, changed only by checked actions.
///
/// The state serialises to its stored form (which holds secrets: never show it), read
/// back with validation for the format [`Rules::STATE_FORMAT`].
pub trait Rules: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The game's variants.
    type Variant: GameVariant;
    /// A decision a player makes (small and `Copy`).
    type Action: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// What an action made happen (public facts only, for narration).
    type Event: Clone + fmt::Debug + Send + Sync + 'static;
    /// What everyone may see: nothing secret by construction.
    type PublicView: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync + 'static;
    /// What one seat may see: the public view, its own secrets, its legal actions.
    type SeatView: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync + 'static;
    /// The replay output of `engarde replay` (`ok`, `score`, `winner`, `finished`,
    /// `to_act`, and the game's own fields).
    type Report: Clone + fmt::Debug + Serialize + Send + Sync + 'static;

    /// Which game this is.
    const GAME: Game;
    /// The version of the stored state's format.
    const STATE_FORMAT: u32;
    /// The oldest stored format still read (a game whose stored state is its record, with
    /// the record's own `format` inside, reads its older records too).
    const OLDEST_STATE_FORMAT: u32 = Self::STATE_FORMAT;

    /// A new match of `variant` with the record-style `options` (changes to the
    /// variant's defaults), the secret `seed`, and who moves first (`None`: the
    /// variant's rule).
    ///
    /// # Errors
    /// An unknown option or a value out of range ([`RefusedOption`]).
    fn start(
        variant: Self::Variant,
        options: &OptionMap,
        seed: u64,
        first: Option<Seat>,
    ) -> Result<Self, RefusedOption>;
    /// The variant.
    fn variant(&self) -> Self::Variant;
    /// The options in force, as changes to the variant's defaults.
    fn option_changes(&self) -> OptionMap;
    /// Whose decision is awaited.
    fn to_act(&self) -> ToAct;
    /// Actions played so far: the index of the next one in the match record.
    fn turn(&self) -> u32;
    /// The actions `seat` may choose now, besides resigning and agreeing a draw (a game
    /// whose decision cannot be listed, such as a secret set-up, lists none and says so).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Plays `action` for `seat`.
    ///
    /// # Errors
    /// Why it is illegal, in plain words with no secret in them; the state is untouched.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, crate::IllegalMove>;
    /// What everyone may see.
    fn public_view(&self) -> Self::PublicView;
    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::SeatView;
    /// How the match ended, once it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The score as the game counts it (rounds won, points…).
    fn score(&self) -> BySeat<u32>;
    /// Every ended round: its winner (`None`: drawn) and how it was won, by a short
    /// name (players' stats count rounds won by it).
    fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)>;
    /// The resignation (the other seat wins).
    fn resign() -> Self::Action;
    /// The acceptance of a draw offer (the match ends with no winner).
    fn agree_draw() -> Self::Action;
    /// An action as written in a match record, e.g. `{"seat": "a", "advance": 3}`.
    fn action_to_json(seat: Seat, action: Self::Action) -> Value;
    /// Reads one action of a match record.
    ///
    /// # Errors
    /// A plain-words reason when it is malformed.
    fn action_from_json(value: &Value) -> Result<(Seat, Self::Action), String>;
    /// This match's record, given every action played so far.
    fn to_record(&self, actions: &[(Seat, Self::Action)]) -> Value;
    /// Replays a match record given as JSON text.
    ///
    /// # Errors
    /// [`ReplayError`]: a malformed record, or the first action that cannot be played.
    fn replay(text: &str) -> Result<Self, ReplayError>;
    /// The replay output for this state.
    fn report(&self) -> Self::Report;
}
