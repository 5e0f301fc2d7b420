//! The registry of games: the enums that name every game and wrap each game's
//! types, so the bot can hold a match of any game without knowing which.
//!
//! Adding a game is one line in the `games!` list at the bottom of this file.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::rules::{GameVariant, OptionMap, Outcome, Rules};
use crate::{BySeat, RefusedOption, ReplayError, Seat, ToAct};

/// A name that is not a game's or a variant's, with the names that are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was asked for.
    pub name: String,
    /// `game` or `variant`.
    pub what: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} `{}` (expected one of: ", self.what, self.name)?;
        let names: Vec<&str> = if self.what == "game" {
            Game::ALL.iter().map(|g| g.name()).collect()
        } else {
            Variant::all().map(Variant::name).collect()
        };
        write!(f, "{})", names.join(", "))
    }
}

impl std::error::Error for UnknownName {}

/// An action of another game than the match's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongGame {
    /// The match's game.
    pub expected: Game,
}

impl fmt::Display for WrongGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "that is not a move of {}", self.expected.title())
    }
}

impl std::error::Error for WrongGame {}

macro_rules! games {
    ($( $(#[$doc:meta])* $Name:ident => $State:ty, $name:literal, $title:literal; )+) => {
        /// The games this crate plays.
        ///
        /// ```
        /// use engarde_rules::Game;
        /// let game: Game = "engarde".parse().unwrap();
        /// assert_eq!(game.to_string(), "engarde");
        /// assert!(Game::ALL.contains(&game));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Game {
            $( $(#[$doc])* $Name, )+
        }

        impl Game {
            /// Every game, in menu order.
            pub const ALL: &'static [Game] = &[$( Game::$Name ),+];

            /// The game's name in match records and settings, e.g. `engarde`.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $( Game::$Name => $name, )+ }
            }

            /// The game's title, e.g. "En Garde and Kengo".
            #[must_use]
            pub fn title(self) -> &'static str {
                match self { $( Game::$Name => $title, )+ }
            }

            /// The game's variants, in menu order.
            pub fn variants(self) -> impl Iterator<Item = Variant> {
                Variant::all().filter(move |v| v.game() == self)
            }

            /// The version of the game's stored state format.
            #[must_use]
            pub fn state_format(self) -> u32 {
                match self { $( Game::$Name => <$State as Rules>::STATE_FORMAT, )+ }
            }
        }

        /// A named variant of any game, e.g. `engarde-standard` or `forteresse`.
        ///
        /// ```
        /// use engarde_rules::{Game, Variant};
        /// let v: Variant = "kengo-normal".parse().unwrap();
        /// assert_eq!(v.game(), Game::EnGarde);
        /// assert_eq!(v.to_string(), "kengo-normal");
        /// assert!(Variant::all().count() >= 6);
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Variant {
            $( #[doc = concat!("A variant of ", $title, ".")] $Name(<$State as Rules>::Variant), )+
        }

        impl Variant {
            /// Every variant of every game, in menu order.
            pub fn all() -> impl Iterator<Item = Variant> + Clone {
                let all = std::iter::empty();
                $( let all = all.chain(<$State as Rules>::Variant::VARIANTS.iter().map(|&v| Variant::$Name(v))); )+
                all
            }

            /// The game it belongs to.
            #[must_use]
            pub fn game(self) -> Game {
                match self { $( Variant::$Name(_) => Game::$Name, )+ }
            }

            /// Its name in match records and commands.
            #[must_use]
            pub fn name(self) -> &'static str {
                match self { $( Variant::$Name(v) => v.name(), )+ }
            }

            /// A human title.
            #[must_use]
            pub fn title(self) -> &'static str {
                match self { $( Variant::$Name(v) => v.title(), )+ }
            }
        }

        /// A match of any game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Match {
            $( #[doc = concat!("A match of ", $title, ".")] $Name($State), )+
        }

        /// An action of any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum MatchAction {
            $( #[doc = concat!("An action of ", $title, ".")] $Name(<$State as Rules>::Action), )+
        }

        /// What an action of any game made happen.
        #[derive(Clone, Debug, PartialEq)]
        pub enum MatchEvent {
            $( #[doc = concat!("An event of ", $title, ".")] $Name(<$State as Rules>::Event), )+
        }

        /// What everyone may see of a match of any game.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum PublicView {
            $( #[doc = concat!("The public view of ", $title, ".")] $Name(<$State as Rules>::PublicView), )+
        }

        /// What one seat may see of a match of any game.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum SeatView {
            $( #[doc = concat!("A seat's view of ", $title, ".")] $Name(<$State as Rules>::SeatView), )+
        }

        /// The replay output of a match of any game.
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum Report {
            $( #[doc = concat!("The replay report of ", $title, ".")] $Name(<$State as Rules>::Report), )+
        }

        impl Match {
            /// A new match.
            ///
            /// # Errors
            /// An unknown option or a value out of range ([`RefusedOption`]: a message id and
            /// arguments for the reader's language; `Display` says it in English).
            pub fn start(variant: Variant, options: &OptionMap, seed: u64, first: Option<Seat>) -> Result<Match, RefusedOption> {
                Ok(match variant { $( Variant::$Name(v) => Match::$Name(Rules::start(v, options, seed, first)?), )+ })
            }

            /// Reads a stored state of `game`, written in `format`, with validation.
            ///
            /// # Errors
            /// An unknown format or a state that is not consistent, in plain words.
            pub fn load(game: Game, format: u32, state: &str) -> Result<Match, String> {
                let oldest = match game { $( Game::$Name => <$State as Rules>::OLDEST_STATE_FORMAT, )+ };
                if !(oldest..=game.state_format()).contains(&format) {
                    return Err(format!("{game} state format {format}, expected {}", game.state_format()));
                }
                match game { $( Game::$Name => serde_json::from_str(state).map(Match::$Name).map_err(|e| e.to_string()), )+ }
            }

            /// The stored state (secret: never show it).
            ///
            /// # Errors
            /// Only if serialisation fails, which a valid state never does.
            pub fn save(&self) -> Result<String, serde_json::Error> {
                match self { $( Match::$Name(m) => serde_json::to_string(m), )+ }
            }

            /// Replays a match record given as JSON text, of any game (`"game"`, absent
            /// for En Garde records).
            ///
            /// # Errors
            /// [`ReplayError`]: a malformed record, or the first action that cannot be played.
            pub fn replay(text: &str) -> Result<Match, ReplayError> {
                let doc: Value = serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
                let game = match doc.get("game") {
                    None => Game::EnGarde,
                    Some(Value::String(name)) => name.parse().map_err(|e: UnknownName| ReplayError::Malformed(e.to_string()))?,
                    Some(other) => return Err(ReplayError::Malformed(format!("`game` must be a name, not {other}"))),
                };
                Ok(match game { $( Game::$Name => Match::$Name(Rules::replay(text)?), )+ })
            }

            /// The game.
            #[must_use]
            pub fn game(&self) -> Game {
                match self { $( Match::$Name(_) => Game::$Name, )+ }
            }

            /// The variant.
            #[must_use]
            pub fn variant(&self) -> Variant {
                match self { $( Match::$Name(m) => Variant::$Name(Rules::variant(m)), )+ }
            }

            /// The options in force, as changes to the variant's defaults.
            #[must_use]
            pub fn option_changes(&self) -> OptionMap {
                match self { $( Match::$Name(m) => Rules::option_changes(m), )+ }
            }

            /// Whose decision is awaited.
            #[must_use]
            pub fn to_act(&self) -> ToAct {
                match self { $( Match::$Name(m) => Rules::to_act(m), )+ }
            }

            /// Actions played so far.
            #[must_use]
            pub fn turn(&self) -> u32 {
                match self { $( Match::$Name(m) => Rules::turn(m), )+ }
            }

            /// The actions `seat` may choose now (see [`Rules::legal_actions`]).
            #[must_use]
            pub fn legal_actions(&self, seat: Seat) -> Vec<MatchAction> {
                match self { $( Match::$Name(m) => Rules::legal_actions(m, seat).into_iter().map(MatchAction::$Name).collect(), )+ }
            }

            /// Plays an action.
            ///
            /// # Errors
            /// Why it is illegal (an action of another game included); the match is untouched.
            pub fn play(&mut self, seat: Seat, action: MatchAction) -> Result<Vec<MatchEvent>, crate::IllegalMove> {
                match (self, action) {
                    $( (Match::$Name(m), MatchAction::$Name(a)) => Ok(Rules::play(m, seat, a)?.into_iter().map(MatchEvent::$Name).collect()), )+
                    #[allow(unreachable_patterns)]
                    (m, _) => Err(crate::IllegalMove::WrongGame { expected: m.game() }),
                }
            }

            /// What everyone may see.
            #[must_use]
            pub fn public_view(&self) -> PublicView {
                match self { $( Match::$Name(m) => PublicView::$Name(Rules::public_view(m)), )+ }
            }

            /// What `seat` may see.
            #[must_use]
            pub fn view(&self, seat: Seat) -> SeatView {
                match self { $( Match::$Name(m) => SeatView::$Name(Rules::view(m, seat)), )+ }
            }

            /// How the match ended, once it is over.
            #[must_use]
            pub fn outcome(&self) -> Option<Outcome> {
                match self { $( Match::$Name(m) => Rules::outcome(m), )+ }
            }

            /// Whether the match is over.
            #[must_use]
            pub fn is_finished(&self) -> bool {
                self.outcome().is_some()
            }

            /// The winner, once the match is over (`None` for a draw).
            #[must_use]
            pub fn winner(&self) -> Option<Seat> {
                self.outcome().and_then(|o| o.winner)
            }

            /// The score as the game counts it.
            #[must_use]
            pub fn score(&self) -> BySeat<u32> {
                match self { $( Match::$Name(m) => Rules::score(m), )+ }
            }

            /// Every ended round: its winner and how it was won.
            #[must_use]
            pub fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)> {
                match self { $( Match::$Name(m) => Rules::ended_rounds(m), )+ }
            }

            /// The match record, given every action played so far.
            #[must_use]
            pub fn to_record(&self, actions: &[(Seat, MatchAction)]) -> Value {
                match self {
                    $( Match::$Name(m) => {
                        let own: Vec<_> = actions.iter().filter_map(|&(s, a)| match a {
                            MatchAction::$Name(a) => Some((s, a)),
                            #[allow(unreachable_patterns)]
                            _ => None,
                        }).collect();
                        Rules::to_record(m, &own)
                    } )+
                }
            }

            /// The replay output.
            #[must_use]
            pub fn report(&self) -> Report {
                match self { $( Match::$Name(m) => Report::$Name(Rules::report(m)), )+ }
            }
        }

        impl MatchAction {
            /// The resignation in `game`.
            #[must_use]
            pub fn resign(game: Game) -> MatchAction {
                match game { $( Game::$Name => MatchAction::$Name(<$State as Rules>::resign()), )+ }
            }

            /// The acceptance of a draw offer in `game`.
            #[must_use]
            pub fn agree_draw(game: Game) -> MatchAction {
                match game { $( Game::$Name => MatchAction::$Name(<$State as Rules>::agree_draw()), )+ }
            }

            /// The game it is an action of.
            #[must_use]
            pub fn game(self) -> Game {
                match self { $( MatchAction::$Name(_) => Game::$Name, )+ }
            }

            /// Whether it is a resignation.
            #[must_use]
            pub fn is_resign(self) -> bool {
                self == MatchAction::resign(self.game())
            }

            /// Whether it is the acceptance of a draw offer.
            #[must_use]
            pub fn is_agree_draw(self) -> bool {
                self == MatchAction::agree_draw(self.game())
            }

            /// The action as written in a match record.
            #[must_use]
            pub fn to_json(self, seat: Seat) -> Value {
                match self { $( MatchAction::$Name(a) => <$State as Rules>::action_to_json(seat, a), )+ }
            }

            /// Reads one action of a record of `game`.
            ///
            /// # Errors
            /// A plain-words reason when it is malformed.
            pub fn from_json(game: Game, value: &Value) -> Result<(Seat, MatchAction), String> {
                match game { $( Game::$Name => <$State as Rules>::action_from_json(value).map(|(s, a)| (s, MatchAction::$Name(a))), )+ }
            }
        }

        $(
            impl From<<$State as Rules>::Variant> for Variant {
                fn from(v: <$State as Rules>::Variant) -> Variant {
                    Variant::$Name(v)
                }
            }

            impl From<<$State as Rules>::Action> for MatchAction {
                fn from(a: <$State as Rules>::Action) -> MatchAction {
                    MatchAction::$Name(a)
                }
            }

            impl PartialEq<<$State as Rules>::Action> for MatchAction {
                fn eq(&self, other: &<$State as Rules>::Action) -> bool {
                    matches!(self, MatchAction::$Name(a) if a == other)
                }
            }
        )+

        impl FromStr for Game {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s { $( $name => Ok(Game::$Name), )+ _ => Err(UnknownName { name: s.to_owned(), what: "game" }) }
            }
        }
    };
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::all().find(|v| v.name() == s).ok_or_else(|| UnknownName { name: s.to_owned(), what: "variant" })
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// Replays a match record of any game given as JSON text, as `engarde replay` does.
///
/// ```
/// let json = r#"{ "format": 1, "variant": "engarde-basic", "seed": 3, "actions": [] }"#;
/// let report = engarde_rules::replay(json).unwrap();
/// assert_eq!(serde_json::to_value(&report).unwrap()["to_act"], "a");
/// ```
///
/// # Errors
/// [`ReplayError::Malformed`] for a document that is not a match record,
/// [`ReplayError::Illegal`] for the first action that cannot be played.
pub fn replay(text: &str) -> Result<Report, ReplayError> {
    Match::replay(text).map(|m| m.report())
}

impl Match {
    /// Replays a match record given as JSON text, like [`Match::replay`], one action at a
    /// time: `each` sees the match before the first action (with no action and no events),
    /// then after every action, with that action and the events it made. Returns the match.
    ///
    /// ```
    /// use engarde_rules::Match;
    /// let json = r#"{ "format": 1, "variant": "engarde-basic", "seed": 3,
    ///                 "actions": [{ "seat": "a", "resign": true }] }"#;
    /// let mut seen = Vec::new();
    /// let game = Match::replay_steps(json, |m, action, events| seen.push((m.turn(), action.is_some(), events.len())))?;
    /// assert!(game.is_finished());
    /// assert_eq!(seen.len(), 2);
    /// assert_eq!(seen[0], (0, false, 0));
    /// # Ok::<(), engarde_rules::ReplayError>(())
    /// ```
    ///
    /// # Errors
    /// [`ReplayError`]: a malformed record, or the first action that cannot be played.
    pub fn replay_steps(
        text: &str,
        mut each: impl FnMut(&Match, Option<(Seat, MatchAction)>, &[MatchEvent]),
    ) -> Result<Match, ReplayError> {
        let mut doc: Value = serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        let actions = match doc.get_mut("actions") {
            Some(Value::Array(list)) => std::mem::take(list),
            _ => return Err(ReplayError::Malformed("a match record lists its `actions`".to_owned())),
        };
        let mut game = Match::replay(&doc.to_string())?;
        each(&game, None, &[]);
        for (index, value) in actions.iter().enumerate() {
            let illegal = |reason: String| ReplayError::Illegal { index, reason };
            let (seat, action) = MatchAction::from_json(game.game(), value).map_err(illegal)?;
            let events = game.play(seat, action).map_err(|e| illegal(e.to_string()))?;
            each(&game, Some((seat, action)), &events);
        }
        Ok(game)
    }
}

games! {
    /// En Garde and Kengo (the `engarde` folder).
    EnGarde => crate::engarde::EnGarde, "engarde", "En Garde";
    /// Forteresse (the `forteresse` folder).
    Forteresse => crate::forteresse::Forteresse, "forteresse", "Forteresse";
    /// Ready... Fence! (the `readyfence` folder).
    ReadyFence => crate::readyfence::ReadyFence, "ready-fence", "Ready... Fence!";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_of_another_game_is_named_in_the_error() {
        let mut options = OptionMap::new();
        options.insert("hits_to_win".to_owned(), 3.into());
        let forteresse: Variant = "forteresse".parse().unwrap();
        assert_eq!(
            Match::start(forteresse, &options, 1, None).unwrap_err().to_string(),
            "Forteresse has no option `hits_to_win`"
        );
        let engarde: Variant = "engarde-basic".parse().unwrap();
        assert!(Match::start(engarde, &options, 1, None).is_ok());
        options.insert("tie".to_owned(), "draw".into());
        assert_eq!(Match::start(engarde, &options, 1, None).unwrap_err().to_string(), "En Garde has no option `tie`");
    }

    #[test]
    fn every_variant_names_its_game_and_parses_back() {
        for v in Variant::all() {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert!(v.game().variants().any(|w| w == v));
        }
        assert_eq!(Game::ALL.iter().map(|g| g.name()).collect::<Vec<_>>(), ["engarde", "forteresse", "ready-fence"]);
        assert_eq!(Variant::all().count(), 10);
    }

    /// Step by step or at once, a record replays to the same match; an illegal action is
    /// reported at its index either way.
    #[test]
    fn a_record_replays_step_by_step_to_the_same_match() {
        let variant: Variant = "forteresse".parse().unwrap();
        let mut game = Match::start(variant, &OptionMap::new(), 5, Some(Seat::A)).unwrap();
        let mut played = Vec::new();
        while let Some(seat) = game.to_act().seats().first().copied() {
            let action = match game.legal_actions(seat).first() {
                Some(&a) => a,
                None => MatchAction::Forteresse(crate::forteresse::Action::Setup(crate::forteresse::Fortress::random(
                    u64::from(game.turn()),
                ))),
            };
            game.play(seat, action).unwrap();
            played.push((seat, action));
            if played.len() > 60 {
                break;
            }
        }
        let record = game.to_record(&played).to_string();
        let mut turns = Vec::new();
        let mut events = 0;
        let stepped = Match::replay_steps(&record, |m, action, e| {
            turns.push(m.turn());
            assert_eq!(action.is_none(), e.is_empty() && m.turn() == 0);
            events += e.len();
        })
        .unwrap();
        assert_eq!(stepped, Match::replay(&record).unwrap());
        assert_eq!(stepped, game);
        assert_eq!(turns, (0..=played.len() as u32).collect::<Vec<_>>());
        assert!(events >= played.len());
        let mut doc: Value = serde_json::from_str(&record).unwrap();
        doc["actions"][3] = doc["actions"][2].clone();
        let err = Match::replay_steps(&doc.to_string(), |_, _, _| {}).unwrap_err();
        assert!(matches!(err, ReplayError::Illegal { index: 3, .. }), "{err:?}");
    }

    #[test]
    fn a_record_names_its_game_or_is_an_en_garde_record() {
        let engarde = r#"{ "format": 1, "variant": "engarde-basic", "seed": 3, "actions": [] }"#;
        assert_eq!(Match::replay(engarde).unwrap().game(), Game::EnGarde);
        let named = r#"{ "format": 1, "game": "engarde", "variant": "engarde-basic", "actions": [] }"#;
        assert_eq!(Match::replay(named).unwrap().game(), Game::EnGarde);
        let forteresse = r#"{ "format": 1, "game": "forteresse", "variant": "forteresse", "actions": [] }"#;
        assert_eq!(Match::replay(forteresse).unwrap().game(), Game::Forteresse);
        let unknown = r#"{ "format": 1, "game": "chess", "variant": "chess", "actions": [] }"#;
        assert!(matches!(Match::replay(unknown), Err(ReplayError::Malformed(why)) if why.contains("unknown game")));
        let mixed = r#"{ "format": 1, "game": "forteresse", "variant": "engarde-basic", "actions": [] }"#;
        assert!(matches!(Match::replay(mixed), Err(ReplayError::Malformed(_))));
    }
}
