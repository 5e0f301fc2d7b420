//! Property tests over many random Forteresse matches with random options: every match ends,
//! `legal_actions` and `check` agree, refused actions change nothing, records and saved states
//! round-trip exactly, and views leak nothing of a fortress beyond what was announced.

use engarde_rules::forteresse::{
    Action, Cell, Config, Dir, DirectionRule, ExtraShot, FirstShooter, Forteresse, Fortress, MissAnswer, Options,
    Phase, RifleAnswer, Round2First, Round2Setup, SeatedAction, SetupRule, Shot, Tie, Weapon,
};
use engarde_rules::{Seat, ToAct};
use proptest::prelude::*;
use proptest::sample::select;

#[path = "support/fortress_secrets.rs"]
mod fortress_secrets;
use fortress_secrets::with_hidden_changed;

/// Every shot a player could try, legal or not: 49 cells × 8 directions × 2 weapons.
fn universe() -> Vec<Action> {
    let mut all = Vec::with_capacity(784);
    for i in 0..49u8 {
        let from = Cell::new(i % 7, i / 7).unwrap();
        for dir in Dir::ALL {
            for weapon in Weapon::ALL {
                all.push(Action::Shot(Shot { from, weapon, dir }));
            }
        }
    }
    all
}

fn options_strategy() -> impl Strategy<Value = Options> {
    (
        (select(DirectionRule::ALL), select(RifleAnswer::ALL), select(MissAnswer::ALL), select(ExtraShot::ALL)),
        (select(FirstShooter::ALL), select(Round2Setup::ALL), select(Round2First::ALL), select(Tie::ALL)),
        select(SetupRule::ALL),
    )
        .prop_map(
            |(
                (direction_rule, rifle_answer, miss_answer, extra_shot),
                (first_shooter, round2_setup, round2_first, tie),
                setup_rule,
            )| Options {
                direction_rule,
                rifle_answer,
                miss_answer,
                extra_shot,
                first_shooter,
                round2_setup,
                round2_first,
                tie,
                setup_rule,
            },
        )
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

/// Nothing of `target`'s fortress shows beyond the announcements.
fn check_no_leak(game: &Forteresse, target: Seat) -> Result<bool, TestCaseError> {
    let Some(changed) = with_hidden_changed(game, target) else { return Ok(false) };
    prop_assert_eq!(changed.announcements(), game.announcements(), "the same shots must be answered the same");
    prop_assert_eq!(json(&changed.public_view()), json(&game.public_view()));
    prop_assert_eq!(json(&changed.view(target.other())), json(&game.view(target.other())));
    prop_assert_eq!(changed.report(), game.report());
    Ok(changed != *game)
}

fn check_step(game: &Forteresse, universe: &[Action], picks: &mut Picks) -> Result<(), TestCaseError> {
    let to_act = game.to_act();
    for seat in Seat::ALL {
        let legal = game.legal_actions(seat);
        if game.phase() == Phase::Shooting && to_act == ToAct::One(seat) {
            prop_assert!(!legal.is_empty(), "a shooter with no legal shot");
        } else {
            prop_assert!(legal.is_empty(), "{:?} lists shots out of turn", seat);
        }
        for &a in &legal {
            prop_assert!(game.is_legal(seat, a), "listed {:?} refused: {:?}", a, game.check(seat, a));
        }
        for &a in universe {
            prop_assert_eq!(game.is_legal(seat, a), legal.contains(&a), "check and legal_actions disagree on {:?}", a);
        }
        let from_dirs: usize = Cell::RING.iter().map(|&c| game.legal_dirs(seat, c).len() * 2).sum();
        prop_assert_eq!(from_dirs, legal.len());
        prop_assert_eq!(game.needs_setup(seat), to_act.includes(seat) && game.phase() == Phase::Setup);
        let open = !game.is_finished();
        prop_assert_eq!(game.is_legal(seat, Action::Resign), open);
        prop_assert_eq!(game.is_legal(seat, Action::AgreeDraw), open);
        // Each ring cell at most once per seat and round.
        let mut froms: Vec<Cell> = game.announcements().iter().filter(|a| a.seat == seat).map(|a| a.from).collect();
        let fired = froms.len();
        froms.sort();
        froms.dedup();
        prop_assert_eq!(froms.len(), fired, "a ring cell used twice");
        prop_assert_eq!(game.used_cells(seat).count(), fired);
        prop_assert!(fired <= 24);
    }
    // A refused action changes nothing.
    if let Some(&a) = universe.get(picks.next(universe.len())) {
        let seat = Seat::ALL[picks.next(2)];
        if !game.is_legal(seat, a) {
            let mut copy = game.clone();
            prop_assert!(copy.play(seat, a).is_err());
            prop_assert_eq!(&copy, game);
        }
    }
    // A set-up out of place is refused and changes nothing.
    for seat in Seat::ALL {
        if !game.needs_setup(seat) {
            let mut copy = game.clone();
            prop_assert!(copy.play(seat, Action::Setup(Fortress::random(7))).is_err());
            prop_assert_eq!(&copy, game);
        }
    }
    for target in Seat::ALL {
        check_no_leak(game, target)?;
    }
    Ok(())
}

/// Actions in a match without resignation: 2 rounds × (2 set-ups + 48 shots).
const MAX_ACTIONS: usize = 100;

fn play_random(options: Options, seed: u64, picks: u64, full: bool) -> Result<(), TestCaseError> {
    let config = Config { options, seed, first_player: None };
    let mut game = Forteresse::new(config).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let universe = universe();
    let mut picks = Picks(picks);
    let mut played: Vec<SeatedAction> = Vec::new();
    // One match in 8 ends early by resignation or agreement.
    let early_end = (picks.next(8) == 0).then(|| picks.next(MAX_ACTIONS));
    for step in 0..=MAX_ACTIONS + 1 {
        if full {
            check_step(&game, &universe, &mut picks)?;
        }
        let (seat, action) = match game.to_act() {
            ToAct::Nobody => break,
            _ if early_end == Some(step) => {
                let seat = Seat::ALL[picks.next(2)];
                (seat, if picks.next(2) == 0 { Action::Resign } else { Action::AgreeDraw })
            }
            ToAct::Both => {
                (Seat::ALL[picks.next(2)], Action::Setup(Fortress::random_with(picks.next(1 << 30) as u64, &options)))
            }
            ToAct::One(seat) if game.needs_setup(seat) => {
                (seat, Action::Setup(Fortress::random_with(picks.next(1 << 30) as u64, &options)))
            }
            ToAct::One(seat) => {
                let legal = game.legal_actions(seat);
                (seat, legal[picks.next(legal.len())])
            }
        };
        let turn = game.turn();
        let events = game.play(seat, action).map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
        prop_assert!(!events.is_empty());
        prop_assert_eq!(game.turn(), turn + 1);
        played.push(SeatedAction { seat, action });
    }
    prop_assert!(game.is_finished(), "the match did not end within {} actions", MAX_ACTIONS);
    if early_end.is_none() {
        prop_assert!(played.len() <= MAX_ACTIONS);
        prop_assert_eq!(game.round_scores().len(), 2);
        let score = game.score();
        prop_assert!(game.round_scores().iter().all(|r| r.score.a <= 107 && r.score.b <= 107));
        if score.a != score.b {
            prop_assert_eq!(game.winner(), Some(if score.a > score.b { Seat::A } else { Seat::B }));
        }
    }
    // Records replay to the same match and report, also through JSON text.
    let record = game.to_record(played.clone());
    let replayed = Forteresse::from_record(&record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&replayed, &game);
    let text = serde_json::to_string(&record).unwrap();
    prop_assert!(text.contains(r#""game":"forteresse""#));
    let report = engarde_rules::forteresse::replay(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&report, &game.report());
    // Saved states load to the same match.
    let state = serde_json::to_string(&game).unwrap();
    prop_assert_eq!(&serde_json::from_str::<Forteresse>(&state).unwrap(), &game);
    // The same seed and actions give the same match.
    let mut again = Forteresse::new(config).unwrap();
    for a in &played {
        again.play(a.seat, a.action).unwrap();
    }
    prop_assert_eq!(again, game);
    Ok(())
}

/// Saved states taken at every step load back to the same match, and so do records cut there.
fn save_at_every_step(options: Options, seed: u64, picks: u64) -> Result<(), TestCaseError> {
    let mut game = Forteresse::new(Config { options, seed, first_player: None }).unwrap();
    let mut picks = Picks(picks);
    let mut played = Vec::new();
    while game.to_act() != ToAct::Nobody {
        let state = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Forteresse>(&state).unwrap(), &game);
        prop_assert_eq!(&Forteresse::from_record(&game.to_record(played.clone())).unwrap(), &game);
        let seat = game.to_act().seats()[picks.next(game.to_act().seats().len())];
        let action = if game.needs_setup(seat) {
            Action::Setup(Fortress::random_with(picks.next(1 << 30) as u64, &options))
        } else {
            let legal = game.legal_actions(seat);
            legal[picks.next(legal.len())]
        };
        game.play(seat, action).unwrap();
        played.push(SeatedAction { seat, action });
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Every step of random matches checked in full: legality, refusals, views and leaks.
    #[test]
    fn random_matches_keep_every_invariant(options in options_strategy(), seed in any::<u64>(), picks in any::<u64>()) {
        play_random(options, seed, picks, true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, ..ProptestConfig::default() })]

    /// Whole random matches: they end, score within range, replay and reload exactly.
    #[test]
    fn random_matches_end_and_replay(options in options_strategy(), seed in any::<u64>(), picks in any::<u64>()) {
        play_random(options, seed, picks, false)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A saved state or a record cut at any step restores that very state.
    #[test]
    fn every_step_saves_and_replays(options in options_strategy(), seed in any::<u64>(), picks in any::<u64>()) {
        save_at_every_step(options, seed, picks)?;
    }
}

/// While set-ups are owed, the public view and the other seat's view are the same whatever
/// the set-ups placed so far.
#[test]
fn set_up_phase_views_do_not_depend_on_the_set_ups() {
    for seed in 0..200u64 {
        let options = Options::default();
        let mut game = Forteresse::new(Config { options, seed, first_player: None }).unwrap();
        let mut other = game.clone();
        let seat = if seed % 2 == 0 { Seat::A } else { Seat::B };
        game.play(seat, Action::Setup(Fortress::random(seed))).unwrap();
        other.play(seat, Action::Setup(Fortress::random(seed + 1000))).unwrap();
        assert_ne!(game, other);
        assert_eq!(json(&game.public_view()), json(&other.public_view()));
        assert_eq!(json(&game.view(seat.other())), json(&other.view(seat.other())));
        assert_ne!(json(&game.view(seat)), json(&other.view(seat)), "one's own view shows one's fortress");
        // The second set-up starts the shooting; still nothing of either fortress shows.
        let f = Fortress::random(seed + 2000);
        game.play(seat.other(), Action::Setup(f)).unwrap();
        other.play(seat.other(), Action::Setup(f)).unwrap();
        assert_eq!(json(&game.public_view()), json(&other.public_view()));
        assert_eq!(json(&game.view(seat.other())), json(&other.view(seat.other())));
    }
}

/// The leak helper really changes fortresses: over a few matches, most checks change
/// something, so the no-leak property is not vacuous.
#[test]
fn the_leak_helper_changes_hidden_cells() {
    let (mut checked, mut changed) = (0, 0);
    for seed in 0..40u64 {
        let options = Options::default();
        let mut game = Forteresse::new(Config { options, seed, first_player: None }).unwrap();
        let mut picks = Picks(seed);
        while game.to_act() != ToAct::Nobody {
            for target in Seat::ALL {
                checked += 1;
                if check_no_leak(&game, target).unwrap() {
                    changed += 1;
                }
            }
            let seat = game.to_act().seats()[0];
            let action = if game.needs_setup(seat) {
                Action::Setup(Fortress::random(picks.next(1000) as u64))
            } else {
                let legal = game.legal_actions(seat);
                legal[picks.next(legal.len())]
            };
            game.play(seat, action).unwrap();
        }
    }
    assert!(changed * 2 > checked, "only {changed} of {checked} checks changed a fortress");
}
