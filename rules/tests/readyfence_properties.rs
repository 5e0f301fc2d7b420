//! Property tests over many random Ready... Fence! bouts in every mode with random options:
//! cards are conserved, stamina stays in 0..=6, listed actions are accepted and others
//! refused (leaving the bout untouched), views do not change when only hidden information
//! does, records and stored states replay exactly, and bouts end.

use engarde_rules::readyfence::{
    mode_deck, table, Action, Config, Guard, OptionOverrides, Options, ReadyFence, SeatedAction, Step, Variant,
};
use engarde_rules::{Seat, ToAct};
use proptest::prelude::*;

/// Every action a player could try, legal or not: each face of the table in every card slot.
fn universe() -> Vec<Action> {
    let mut faces: Vec<_> = table().copies().iter().map(|c| c.card).collect();
    faces.sort_unstable();
    faces.dedup();
    let mut all = vec![
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
    ];
    all.extend(Guard::ALL.map(Action::Weapon));
    for card in faces {
        all.extend([Action::Swap(card), Action::Retreat(Some(card)), Action::Distance(Some(card))]);
        for angulation in [false, true] {
            all.extend([
                Action::Play { card, angulation },
                Action::Answer { card, angulation },
                Action::Feint { card: Some(card), angulation },
                Action::Glide { card, angulation },
            ]);
        }
    }
    all
}

/// Random options: each option's value drawn from its list (the target from the mode's);
/// `bits` 0 gives the defaults.
fn options_for(variant: Variant, bits: u64) -> Options {
    // Every option value is a string or number in JSON: pick from the known names.
    let names: &[(&str, &[&str])] = &[
        ("start_gap", &["2", "0"]),
        ("overlap", &["forbid", "share"]),
        ("deck_marks", &["derived", "custom"]),
        ("tutorial_timer", &["rest_of_deck", "twelve"]),
        ("adv_timer", &["twelve", "rest_of_deck"]),
        ("mulligan", &["reserve", "off"]),
        ("short_turn", &["forbid", "allow"]),
        ("turn_after_phrase", &["non_opener", "alternate_plain"]),
        ("retreat", &["once_shared", "free"]),
        ("stall_skip", &["this_turn", "also_next"]),
        ("offstrip", &["penalty", "forbid_move"]),
        ("rps_effect", &["none", "only_when_winning"]),
        ("riposte_boost", &["off", "on"]),
        ("sp_payment", &["pay", "threshold"]),
        ("sp_recovery", &["all_modes", "basic_advanced"]),
        ("joker_scope", &["universal", "colour_bound"]),
        ("plain_parry", &["no_touch", "parrier_scores"]),
        ("concede", &["allowed", "forbid"]),
        ("nocard_precondition", &["strict", "free"]),
        ("nocard_targets", &["opening_and_riposte_parry", "opening_only"]),
        ("parry_cost", &["ceil", "floor_plus_one"]),
        ("distance_speed", &["effective_ba", "printed", "all_modes"]),
        ("distance_pick", &["any6", "choice"]),
        ("glide_bonus", &["any_parry", "nocard_only"]),
        ("fleche_place", &["clamp", "penalty"]),
        ("renewed", &["after_parry", "after_any_defence"]),
        ("feint_vs_distance", &["stop_only", "compare_zero"]),
        ("angulation", &["red_cyan", "any"]),
        ("infighting_step", &["noop", "push"]),
        ("refill_order", &["scorer_then_opener", "opener"]),
        ("joker_refill", &["draw", "none"]),
        ("double_void", &["target_minus_one", "at_4_9_14"]),
        ("period_end", &["after_resolution", "immediately"]),
        ("period_timer", &["twelve", "all_remaining"]),
        ("period_reset", &["both", "fencers_only"]),
        ("extra_timer", &["top_up", "short"]),
        ("extra_double", &["void", "both_score"]),
        ("tutorial_tie", &["single_touch", "any_touch"]),
    ];
    let mut picks = Picks(bits);
    let mut map = serde_json::Map::new();
    for (name, values) in names {
        let v = values[picks.next(values.len())];
        let value = match v.parse::<u64>() {
            Ok(n) => serde_json::Value::from(n),
            Err(_) => serde_json::Value::from(v),
        };
        map.insert((*name).to_owned(), value);
    }
    let targets = variant.targets();
    map.insert("target".to_owned(), targets[picks.next(targets.len())].get().into());
    let overrides: OptionOverrides = serde_json::from_value(serde_json::Value::Object(map)).expect("valid options");
    Options::default().with(&overrides)
}

/// A small deterministic generator for the choices a test makes.
struct Picks(u64);

impl Picks {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialisable")
}

/// Every step's invariants; `full` also tries the whole universe and the hidden changes.
fn check_step(game: &ReadyFence, deck: &[u8], universe: &[Action], full: bool, salt: u64) -> Result<(), TestCaseError> {
    let census = game.card_census();
    prop_assert_eq!(census.all(), deck.to_vec(), "cards must be conserved");
    let sp = game.stamina();
    prop_assert!(sp.a <= 6 && sp.b <= 6);
    let pos = game.positions();
    prop_assert!((1..=10).contains(&pos.a) && (1..=10).contains(&pos.b));
    prop_assert!(pos.a <= pos.b, "fencers never cross");
    for seat in Seat::ALL {
        let legal = game.legal_actions(seat);
        if !game.to_act().includes(seat) {
            prop_assert!(legal.is_empty());
        }
        if let ToAct::One(s) = game.to_act() {
            if s == seat {
                prop_assert!(!legal.is_empty(), "the seat to act has a legal action");
            }
        }
        if full {
            for &a in &legal {
                let mut g = game.clone();
                prop_assert!(g.play(seat, a).is_ok(), "listed {:?} refused", a);
            }
            for &a in universe.iter().filter(|a| !legal.contains(a)) {
                let mut g = game.clone();
                prop_assert!(g.play(seat, a).is_err(), "unlisted {:?} accepted", a);
                prop_assert_eq!(&g, game, "a refused action changed the bout");
            }
        }
    }
    if full {
        for target in Seat::ALL {
            let changed = game.with_hidden_changed(target, salt);
            prop_assert_eq!(json(&changed.public_view()), json(&game.public_view()));
            prop_assert_eq!(json(&changed.view(target.other())), json(&game.view(target.other())));
            prop_assert_eq!(changed.report(), game.report());
        }
    }
    Ok(())
}

const MAX_ACTIONS: usize = 20_000;
/// After this many actions a tutorial tie is ended by agreement.
const TIE_STEPS: usize = 3_000;

fn play_random(variant: Variant, option_bits: u64, seed: u64, picks: u64, full: bool) -> Result<(), TestCaseError> {
    let options = if option_bits == 0 { Options::default() } else { options_for(variant, option_bits) };
    let config = Config { variant, options, seed, first_player: None, deck: None, ..Config::default() };
    let mut game = ReadyFence::new(config.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let deck = mode_deck(variant, &options);
    let universe = universe();
    let mut picks = Picks(picks);
    let mut played = Vec::new();
    // One bout in 16 ends early by resignation or agreement.
    let early_end = (picks.next(16) == 0).then(|| picks.next(200));
    for step in 0..=MAX_ACTIONS {
        check_step(&game, &deck, &universe, full, step as u64)?;
        let seat = match game.to_act() {
            ToAct::One(seat) => seat,
            _ => break,
        };
        // A tutorial tie may go on without end when both hands hold only cards that cannot
        // open (the settled reading: such a player plays on); the players then agree a draw.
        let endless_tie = step >= TIE_STEPS && game.public_view().tutorial_tie;
        let action = if endless_tie {
            Action::AgreeDraw
        } else if early_end == Some(step) {
            if picks.next(2) == 0 {
                Action::Resign
            } else {
                Action::AgreeDraw
            }
        } else {
            let legal = game.legal_actions(seat);
            legal[picks.next(legal.len())]
        };
        let turn = game.actions().len();
        let events = game.play(seat, action).map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
        prop_assert!(!events.is_empty());
        prop_assert_eq!(game.actions().len(), turn + 1);
        played.push(SeatedAction { seat, action });
    }
    prop_assert!(
        game.is_finished(),
        "the bout did not end within {} actions: {:?}, last actions {:?}",
        MAX_ACTIONS,
        game.public_view(),
        &played[played.len().saturating_sub(12)..]
    );
    if early_end.is_none() {
        let score = game.score();
        let target = u32::from(options.target.get());
        prop_assert!(score.a <= target && score.b <= target || game.winner().is_some());
    }
    // Records replay to the same bout and report, also through JSON text and the registry.
    let record = game.to_record();
    prop_assert_eq!(&record.actions, &played);
    let replayed = ReadyFence::from_record(&record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&replayed, &game);
    let text = serde_json::to_string(&record).unwrap();
    let report = engarde_rules::readyfence::replay(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&report, &game.report());
    let through_registry = engarde_rules::replay(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(json(&through_registry), json(&game.report()));
    // Stored states load to the same bout.
    let state = serde_json::to_string(&game).unwrap();
    prop_assert_eq!(&serde_json::from_str::<ReadyFence>(&state).unwrap(), &game);
    // The same seed and actions give the same bout.
    let mut again = ReadyFence::new(config).unwrap();
    for a in &played {
        again.play(a.seat, a.action).unwrap();
    }
    prop_assert_eq!(again, game);
    Ok(())
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL)
}

/// Every step of random bouts checked in full: every action of the universe, and views
/// against hidden changes. 50 bouts per mode, one test per mode, so that the modes run side
/// by side (this is the file's longest test).
mod random_bouts_keep_every_invariant {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 50, ..ProptestConfig::default() })]

        #[test]
        fn tutorial(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Tutorial, options, seed, picks, true)?;
        }

        #[test]
        fn basic(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Basic, options, seed, picks, true)?;
        }

        #[test]
        fn advanced(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Advanced, options, seed, picks, true)?;
        }
    }
}

/// Thousands of random bouts (two thousand per mode) end, conserve cards, keep stamina in
/// range, and replay: one test per mode, so that the modes run side by side.
mod random_bouts_end_and_replay {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

        #[test]
        fn tutorial(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Tutorial, options, seed, picks, false)?;
        }

        #[test]
        fn basic(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Basic, options, seed, picks, false)?;
        }

        #[test]
        fn advanced(options in any::<u64>(), seed in any::<u64>(), picks in any::<u64>()) {
            play_random(Variant::Advanced, options, seed, picks, false)?;
        }
    }

    #[test]
    fn every_mode_has_its_test() {
        assert_eq!(Variant::ALL, [Variant::Tutorial, Variant::Basic, Variant::Advanced]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    /// Bouts with the default options, per mode.
    #[test]
    fn default_bouts_end_and_replay(variant in variant_strategy(), seed in any::<u64>(), picks in any::<u64>()) {
        play_random(variant, 0, seed, picks, false)?;
    }
}
