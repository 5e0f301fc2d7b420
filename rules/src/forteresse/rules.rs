//! Forteresse behind the games' common interface.

use serde_json::Value;

use super::{Action, Config, Event, Forteresse, OptionOverrides, Options, Report, SeatedAction, Variant};
use crate::rules::{read_options, GameVariant, OptionMap, Outcome, Rules};
use crate::{BySeat, Game, RefusedOption, ReplayError, Seat, ToAct};

impl GameVariant for Variant {
    const VARIANTS: &'static [Variant] = &[Variant::Forteresse];

    fn name(self) -> &'static str {
        "forteresse"
    }

    fn title(self) -> &'static str {
        "Forteresse"
    }
}

impl Rules for Forteresse {
    type Variant = Variant;
    type Action = Action;
    type Event = Event;
    type PublicView = super::PublicView;
    type SeatView = super::SeatView;
    type Report = Report;

    const GAME: Game = Game::Forteresse;
    const STATE_FORMAT: u32 = super::STATE_FORMAT;

    fn start(_: Variant, options: &OptionMap, seed: u64, first: Option<Seat>) -> Result<Self, RefusedOption> {
        let overrides: OptionOverrides = read_options(Game::Forteresse, options)?;
        let options = Options::default().with(&overrides);
        Forteresse::new(Config { options, seed, first_player: first }).map_err(|e| RefusedOption::Setup(e.to_string()))
    }

    fn variant(&self) -> Variant {
        Variant::Forteresse
    }

    fn option_changes(&self) -> OptionMap {
        match serde_json::to_value(self.options().overrides_from()) {
            Ok(Value::Object(map)) => map,
            _ => OptionMap::new(),
        }
    }

    fn to_act(&self) -> ToAct {
        Forteresse::to_act(self)
    }

    fn turn(&self) -> u32 {
        Forteresse::turn(self)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Forteresse::legal_actions(self, seat)
    }

    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, crate::IllegalMove> {
        Forteresse::play(self, seat, action).map_err(crate::IllegalMove::from)
    }

    fn public_view(&self) -> super::PublicView {
        Forteresse::public_view(self)
    }

    fn view(&self, seat: Seat) -> super::SeatView {
        Forteresse::view(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_finished().then(|| Outcome { winner: self.winner() })
    }

    fn score(&self) -> BySeat<u32> {
        Forteresse::score(self)
    }

    /// A round is won on points by the higher round score; equal scores draw it.
    fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)> {
        self.round_scores()
            .iter()
            .map(|r| match r.score.a.cmp(&r.score.b) {
                std::cmp::Ordering::Greater => (Some(Seat::A), "points"),
                std::cmp::Ordering::Less => (Some(Seat::B), "points"),
                std::cmp::Ordering::Equal => (None, "drawn"),
            })
            .collect()
    }

    fn resign() -> Action {
        Action::Resign
    }

    fn agree_draw() -> Action {
        Action::AgreeDraw
    }

    fn action_to_json(seat: Seat, action: Action) -> Value {
        serde_json::to_value(SeatedAction { seat, action }).unwrap_or(Value::Null)
    }

    fn action_from_json(value: &Value) -> Result<(Seat, Action), String> {
        SeatedAction::from_json(value).map(|a| (a.seat, a.action))
    }

    fn to_record(&self, actions: &[(Seat, Action)]) -> Value {
        let actions = actions.iter().map(|&(seat, action)| SeatedAction { seat, action }).collect();
        serde_json::to_value(Forteresse::to_record(self, actions)).unwrap_or(Value::Null)
    }

    fn replay(text: &str) -> Result<Self, ReplayError> {
        super::replay_game(text)
    }

    fn report(&self) -> Report {
        Forteresse::report(self)
    }
}
