//! En Garde and Kengo behind the games' common interface.

use serde_json::Value;

use super::{Action, Config, EnGarde, OptionOverrides, Options, ReplayReport, SeatedAction, Variant};
use crate::rules::{read_options, GameVariant, OptionMap, Outcome, Rules};
use crate::{BySeat, Game, RefusedOption, ReplayError, Seat, ToAct};

impl GameVariant for Variant {
    const VARIANTS: &'static [Variant] = &Variant::ALL;

    fn name(self) -> &'static str {
        Variant::name(self)
    }

    fn title(self) -> &'static str {
        Variant::title(self)
    }
}

impl Rules for EnGarde {
    type Variant = Variant;
    type Action = Action;
    type Event = super::Event;
    type PublicView = super::PublicView;
    type SeatView = super::SeatView;
    type Report = ReplayReport;

    const GAME: Game = Game::EnGarde;
    const STATE_FORMAT: u32 = super::STATE_FORMAT;

    fn start(variant: Variant, options: &OptionMap, seed: u64, first: Option<Seat>) -> Result<Self, RefusedOption> {
        let overrides: OptionOverrides = read_options(Game::EnGarde, options)?;
        let options = Options::for_variant(variant).with(&overrides)?;
        Ok(EnGarde::new(Config { options, first_player: first, ..Config::new(variant, seed) })?)
    }

    fn variant(&self) -> Variant {
        EnGarde::variant(self)
    }

    fn option_changes(&self) -> OptionMap {
        match serde_json::to_value(self.options().overrides_from(self.variant())) {
            Ok(Value::Object(map)) => map,
            _ => OptionMap::new(),
        }
    }

    fn to_act(&self) -> ToAct {
        EnGarde::to_act(self).into()
    }

    fn turn(&self) -> u32 {
        EnGarde::turn(self)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if EnGarde::to_act(self) == Some(seat) {
            EnGarde::legal_actions(self)
        } else {
            Vec::new()
        }
    }

    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<super::Event>, crate::IllegalMove> {
        EnGarde::play(self, seat, action).map_err(crate::IllegalMove::from)
    }

    fn public_view(&self) -> super::PublicView {
        EnGarde::public_view(self)
    }

    fn view(&self, seat: Seat) -> super::SeatView {
        EnGarde::view(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_finished().then(|| Outcome { winner: self.winner() })
    }

    fn score(&self) -> BySeat<u32> {
        self.rounds_won().map(u32::from)
    }

    fn ended_rounds(&self) -> Vec<(Option<Seat>, &'static str)> {
        self.rounds().iter().map(|r| (r.winner, r.reason.as_str())).collect()
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
        serde_json::to_value(EnGarde::to_record(self, actions)).unwrap_or(Value::Null)
    }

    fn replay(text: &str) -> Result<Self, ReplayError> {
        super::replay_game(text)
    }

    fn report(&self) -> ReplayReport {
        ReplayReport::of(self)
    }
}
