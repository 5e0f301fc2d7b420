//! Ready... Fence! behind the games' common interface.

use serde_json::Value;

use super::{Action, Config, Event, OptionOverrides, Options, Readings, ReadyFence, Report, SeatedAction, Variant};
use crate::rules::{read_options, GameVariant, OptionMap, Outcome, Rules};
use crate::{BySeat, Game, RefusedOption, ReplayError, Seat, ToAct};

impl GameVariant for Variant {
    const VARIANTS: &'static [Variant] = Variant::ALL;

    fn name(self) -> &'static str {
        self.as_str()
    }

    fn title(self) -> &'static str {
        match self {
            Variant::Tutorial => "Ready... Fence! (tutorial)",
            Variant::Basic => "Ready... Fence! (basic)",
            Variant::Advanced => "Ready... Fence! (advanced)",
        }
    }
}

impl Rules for ReadyFence {
    type Variant = Variant;
    type Action = Action;
    type Event = Event;
    type PublicView = super::PublicView;
    type SeatView = super::SeatView;
    type Report = Report;

    const GAME: Game = Game::ReadyFence;
    const STATE_FORMAT: u32 = super::RECORD_FORMAT;
    /// A stored state is the bout's record, whose own `format` names its readings: format 1
    /// and 2 bouts load and go on under their own format's readings.
    const OLDEST_STATE_FORMAT: u32 = 1;

    fn start(variant: Variant, options: &OptionMap, seed: u64, first: Option<Seat>) -> Result<Self, RefusedOption> {
        let overrides: OptionOverrides = read_options(Game::ReadyFence, options).map_err(|e| match e {
            // A number that is no target at all is told as one the mode does not play to.
            RefusedOption::BadValue { option, value } if option == "target" => match value.parse::<u8>() {
                Ok(n) => RefusedOption::target(variant, n),
                Err(_) => RefusedOption::BadValue { option, value },
            },
            other => other,
        })?;
        let options = Options::default().with(&overrides);
        Ok(ReadyFence::new(Config {
            variant,
            options,
            seed,
            first_player: first,
            deck: None,
            readings: Readings::default(),
        })?)
    }

    fn variant(&self) -> Variant {
        self.variant
    }

    fn option_changes(&self) -> OptionMap {
        match serde_json::to_value(self.options.overrides_from()) {
            Ok(Value::Object(map)) => map,
            _ => OptionMap::new(),
        }
    }

    fn to_act(&self) -> ToAct {
        ReadyFence::to_act(self)
    }

    fn turn(&self) -> u32 {
        u32::try_from(self.log.len()).unwrap_or(u32::MAX)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        ReadyFence::legal_actions(self, seat)
    }

    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, crate::IllegalMove> {
        ReadyFence::play(self, seat, action).map_err(crate::IllegalMove::from)
    }

    fn public_view(&self) -> super::PublicView {
        ReadyFence::public_view(self)
    }

    fn view(&self, seat: Seat) -> super::SeatView {
        ReadyFence::view(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_finished().then(|| Outcome { winner: self.winner() })
    }

    fn score(&self) -> BySeat<u32> {
        self.score
    }

    /// A bout is one round, won by how it ended (`target`, `points`, `priority`…).
    fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)> {
        self.end_reason().map(|r| (self.winner(), r.as_str())).into_iter().collect()
    }

    fn resign() -> Action {
        Action::Resign
    }

    fn agree_draw() -> Action {
        Action::AgreeDraw
    }

    fn action_to_json(seat: Seat, action: Action) -> Value {
        SeatedAction { seat, action }.to_json()
    }

    fn action_from_json(value: &Value) -> Result<(Seat, Action), String> {
        SeatedAction::from_json(value).map(|a| (a.seat, a.action))
    }

    fn to_record(&self, actions: &[(Seat, Action)]) -> Value {
        let mut record = ReadyFence::to_record(self);
        record.actions = actions.iter().map(|&(seat, action)| SeatedAction { seat, action }).collect();
        serde_json::to_value(record).unwrap_or(Value::Null)
    }

    fn replay(text: &str) -> Result<Self, ReplayError> {
        super::replay_game(text)
    }

    fn report(&self) -> Report {
        ReadyFence::report(self)
    }
}
