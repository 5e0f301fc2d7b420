//! Property tests over many random games of every variant: cards are conserved,
//! `legal_actions` and `check` agree, views hide what they must, records replay
//! exactly, and every game ends.

use engarde_rules::engarde::{
    Action, Card, Cards, Config, EmptyHandAfterParry, EnGarde, LungeAttackCards, Options, ParryRule, Phase,
    SeatedAction, ShortDraw, Variant,
};
use engarde_rules::Seat;
use proptest::prelude::*;

#[path = "support/secrets.rs"]
mod secrets;
use secrets::with_secrets_changed;

/// Every action a player could try, legal or not.
fn universe() -> Vec<Action> {
    let mut all = vec![Action::AcceptHit];
    for c in Card::ALL {
        all.push(Action::Advance(c));
        all.push(Action::Retreat(c));
        for count in 0..=5 {
            all.push(Action::Attack { card: c, count });
        }
        for a in Card::ALL {
            for count in 1..=4 {
                all.push(Action::AdvanceAttack { advance: c, attack: a, count });
            }
        }
    }
    // Every multiset of 1 to 5 cards.
    fn multisets(from: usize, left: u8, chosen: Cards, out: &mut Vec<Action>) {
        if !chosen.is_empty() {
            out.push(Action::Parry(chosen));
        }
        if left == 0 {
            return;
        }
        for (i, &c) in Card::ALL.iter().enumerate().skip(from) {
            let mut next = chosen;
            next.add(c, 1);
            multisets(i, left - 1, next, out);
        }
    }
    multisets(0, 5, Cards::EMPTY, &mut all);
    all
}

fn options_strategy(variant: Variant) -> impl Strategy<Value = Options> {
    (any::<bool>(), any::<bool>(), 0u8..8, any::<bool>(), 1u8..=5).prop_map(
        move |(same_total, one_lunge, rare, limit_play, hits)| {
            let mut o = Options::for_variant(variant);
            o.hits_to_win = hits;
            if same_total {
                o.parry = ParryRule::SameCountSameTotal;
            }
            if one_lunge {
                o.lunge_attack_cards = LungeAttackCards::One;
            }
            if limit_play {
                o.short_draw = ShortDraw::LimitPlay;
            }
            match rare {
                // A deck with ten of each value, where a parry can empty a hand.
                0 => o.copies = 10,
                1 => {
                    o.copies = 10;
                    o.empty_hand_after_parry = EmptyHandAfterParry::Stuck;
                }
                2 => o.best_of = 3,
                3 => o.riposte = engarde_rules::engarde::Riposte::AlwaysHits,
                _ => {}
            }
            o
        },
    )
}

fn conserved(game: &EnGarde) -> bool {
    let r = game.round();
    let mut all: Cards = r.pile.iter().copied().collect();
    all.add_all(&r.hands.a);
    all.add_all(&r.hands.b);
    all.add_all(&r.discards);
    all == Cards::deck(game.options().copies)
}

fn check_step(game: &EnGarde, universe: &[Action]) -> Result<(), TestCaseError> {
    prop_assert!(conserved(game), "cards not conserved");
    let Some(seat) = game.to_act() else { return Ok(()) };
    let legal = game.legal_actions();
    prop_assert!(!legal.is_empty(), "a decision is awaited with no legal action");
    for &a in &legal {
        prop_assert!(game.check(seat, a).is_ok(), "listed action {a:?} refused: {:?}", game.check(seat, a));
        prop_assert!(universe.contains(&a), "legal action outside the universe: {a:?}");
    }
    for &a in universe {
        prop_assert_eq!(game.is_legal(seat, a), legal.contains(&a), "check and legal_actions disagree on {:?}", a);
        prop_assert!(!game.is_legal(seat.other(), a), "the other seat may play {:?}", a);
    }
    prop_assert!(game.is_legal(seat.other(), Action::Resign));
    // Views do not change when only hidden information changes.
    let public = game.public_view();
    let for_a = game.view(Seat::A);
    let changed_b = with_secrets_changed(game, &[Seat::B]);
    prop_assert_eq!(&changed_b.view(Seat::A), &for_a);
    let changed_a = with_secrets_changed(game, &[Seat::A]);
    prop_assert_eq!(&changed_a.view(Seat::B), &game.view(Seat::B));
    let changed_both = with_secrets_changed(game, &[Seat::A, Seat::B]);
    prop_assert_eq!(&changed_both.public_view(), &public);
    if let Phase::Defend { seat, .. } = game.phase() {
        prop_assert_eq!(Some(seat), game.to_act());
    }
    Ok(())
}

const MAX_ACTIONS: usize = 5_000;

fn play_random(
    variant: Variant,
    options: Options,
    seed: u64,
    choices: &[u16],
    full: bool,
) -> Result<(), TestCaseError> {
    let mut game = EnGarde::new(Config { variant, options, seed, first_player: None, decks: Vec::new() })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let universe = universe();
    let mut rng = seed;
    let mut played = Vec::new();
    for step in 0..MAX_ACTIONS {
        if full {
            check_step(&game, &universe)?;
        } else {
            prop_assert!(conserved(&game));
        }
        let Some(seat) = game.to_act() else { break };
        let legal = game.legal_actions();
        let pick = match choices.get(step) {
            Some(&c) => usize::from(c),
            None => {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (rng >> 33) as usize
            }
        };
        let action = legal[pick % legal.len()];
        let before = game.clone();
        let events = game.play(seat, action).map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
        prop_assert!(!events.is_empty());
        prop_assert_eq!(game.turn(), before.turn() + 1);
        played.push(SeatedAction { seat, action });
    }
    prop_assert!(game.is_finished(), "the game did not end within {} actions", MAX_ACTIONS);
    let record = game.to_record(played);
    let replayed = EnGarde::from_record(&record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&replayed, &game);
    // The record and the saved state survive JSON.
    let json = serde_json::to_string(&record).unwrap();
    prop_assert_eq!(
        engarde_rules::engarde::replay_game(&json).map_err(|e| TestCaseError::fail(e.to_string()))?,
        game.clone()
    );
    let state = serde_json::to_string(&game).unwrap();
    prop_assert_eq!(serde_json::from_str::<EnGarde>(&state).unwrap(), game);
    Ok(())
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6_000, ..ProptestConfig::default() })]

    /// Every step of random games checked in full (legality, views, conservation):
    /// about a thousand games per variant, with random rule options.
    #[test]
    fn random_games_keep_every_invariant(
        (variant, options) in variant_strategy().prop_flat_map(|v| (Just(v), options_strategy(v))),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u16>(), 0..300),
    ) {
        play_random(variant, options, seed, &choices, true)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12_000, ..ProptestConfig::default() })]

    /// About two thousand whole games per variant with default options: they end, conserve
    /// cards and replay.
    #[test]
    fn default_games_end_and_replay(variant in variant_strategy(), seed in any::<u64>()) {
        play_random(variant, Options::for_variant(variant), seed, &[], false)?;
    }
}

/// Same seed and same actions give the same match.
#[test]
fn same_seed_and_actions_replay_identically() {
    for variant in Variant::ALL {
        for seed in 0..50 {
            let mut a = EnGarde::new(Config::new(variant, seed)).unwrap();
            let mut played = Vec::new();
            while let Some(seat) = a.to_act() {
                let legal = a.legal_actions();
                let pick = legal[(a.turn() as usize * 7 + seed as usize) % legal.len()];
                a.play(seat, pick).unwrap();
                played.push(SeatedAction { seat, action: pick });
            }
            let mut b = EnGarde::new(Config::new(variant, seed)).unwrap();
            for act in &played {
                b.play(act.seat, act.action).unwrap();
            }
            assert_eq!(a, b);
        }
    }
}

/// A failed action leaves the game untouched.
#[test]
fn refused_actions_change_nothing() {
    let universe = universe();
    let mut game = EnGarde::new(Config::new(Variant::EngardeAdvanced, 11)).unwrap();
    while let Some(seat) = game.to_act() {
        for &a in &universe {
            if !game.is_legal(seat, a) {
                let before = game.clone();
                assert!(game.play(seat, a).is_err());
                assert_eq!(game, before);
            }
        }
        let legal = game.legal_actions();
        game.play(seat, legal[game.turn() as usize % legal.len()]).unwrap();
    }
    let before = game.clone();
    assert!(game.play(Seat::A, Action::Resign).is_err(), "no resigning a finished match");
    assert_eq!(game, before);
}
