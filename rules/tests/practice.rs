//! The practice opponent: it never acts out of turn, never plays an illegal action, plays
//! every match to its end, and decides only from what its seat may know.

use std::time::Duration;

use engarde_rules::forteresse::Action as FortAction;
use engarde_rules::{choose_action, Budget, Game, Knowledge, Level, Match, MatchAction, Seat, ToAct, Variant};

#[path = "support/fortress_secrets.rs"]
mod fortress_secrets;
#[path = "support/secrets.rs"]
mod secrets;

/// Small budgets, so that thousands of decisions stay fast; the iteration budget decides.
fn budget(game: Game, level: Level) -> Budget {
    let iterations = match (game, level) {
        (_, Level::Hard) => 48,
        (Game::Forteresse, _) => 4,
        (_, _) => Budget::for_level(level).iterations,
    };
    Budget { iterations, time: Duration::from_secs(60) }
}

fn options(game: Game) -> engarde_rules::OptionMap {
    let mut options = engarde_rules::OptionMap::new();
    if game == Game::EnGarde {
        options.insert("hits_to_win".to_owned(), 2.into());
    }
    options
}

/// Plays a whole match with both seats driven by the opponent at `levels`, checking at every
/// step that a seat with nothing to decide gets `None` and a seat with a decision gets an
/// action that `Match::play` accepts. Returns the finished match.
fn play_match(variant: Variant, seed: u64, levels: [Level; 2]) -> Match {
    play_match_with(variant, &options(variant.game()), seed, levels)
}

/// [`play_match`] with rule options.
fn play_match_with(variant: Variant, options: &engarde_rules::OptionMap, seed: u64, levels: [Level; 2]) -> Match {
    let game = variant.game();
    let mut m = Match::start(variant, options, seed, None).unwrap();
    let mut log: Vec<(Seat, MatchAction)> = Vec::new();
    let mut steps = 0;
    while !m.is_finished() {
        steps += 1;
        assert!(steps < 2000, "{variant} seed {seed}: the match does not end");
        let to_act = m.to_act();
        let mut chosen = Vec::new();
        for seat in Seat::ALL {
            let level = levels[seat as usize];
            let k = m.knowledge(seat, &log);
            assert_eq!((k.seat(), k.game()), (seat, game));
            let choice = choose_action(&k, level, seed ^ u64::from(m.turn()) << 8, budget(game, level));
            match choice {
                None => assert!(!to_act.includes(seat), "{variant} seed {seed}: {seat} was to act and chose nothing"),
                Some(action) => {
                    assert!(to_act.includes(seat), "{variant} seed {seed}: {seat} chose {action:?} out of turn");
                    assert!(!action.is_resign() && !action.is_agree_draw());
                    chosen.push((seat, action));
                }
            }
        }
        assert!(!chosen.is_empty(), "{variant} seed {seed}: nobody chose in {to_act:?}");
        for (seat, action) in chosen {
            if let Err(why) = m.play(seat, action) {
                panic!("{variant} seed {seed}: {seat} chose the illegal {action:?}: {why}");
            }
            log.push((seat, action));
        }
    }
    m
}

#[test]
fn en_garde_and_kengo_play_legally_to_the_end_at_every_level() {
    let engarde: Vec<Variant> = Game::EnGarde.variants().collect();
    for (i, &variant) in engarde.iter().enumerate() {
        for seed in 0..400 {
            let levels = [[Level::Easy, Level::Medium], [Level::Medium, Level::Easy]][seed as usize % 2];
            let m = play_match(variant, seed * 7 + i as u64, levels);
            assert!(m.is_finished());
        }
        for seed in 0..20 {
            play_match(variant, 1000 + seed, [Level::Hard, Level::Medium]);
            play_match(variant, 2000 + seed, [Level::Easy, Level::Hard]);
        }
    }
}

#[test]
fn forteresse_plays_legally_to_the_end_at_every_level() {
    let variant: Variant = "forteresse".parse().unwrap();
    for seed in 0..600 {
        let levels = [[Level::Easy, Level::Medium], [Level::Medium, Level::Easy]][seed as usize % 2];
        let m = play_match(variant, seed, levels);
        assert_eq!(m.ended_rounds().len(), 2, "both rounds were played");
    }
    for seed in 0..3 {
        play_match(variant, 500 + seed, [Level::Hard, Level::Easy]);
    }
}

/// Rule options other than the defaults: parries of the same total, limited play at the end
/// of the pile, one lunge card, ripostes that always hit, other decks and hands; every
/// Forteresse reading.
#[test]
fn every_reading_of_the_rules_is_played_legally() {
    let engarde = [
        r#"{"parry": "same_count_same_total", "short_draw": "limit_play", "hits_to_win": 2}"#,
        r#"{"lunge_attack_cards": "one", "riposte": "always_hits", "hits_to_win": 2}"#,
        r#"{"copies": 3, "hand_size": 4, "empty_hand_after_parry": "stuck", "hits_to_win": 2}"#,
        r#"{"copies": 8, "hand_size": 7, "basic_last_attack": "none", "best_of": 3, "hits_to_win": 1}"#,
    ];
    for (i, text) in engarde.iter().enumerate() {
        let options: engarde_rules::OptionMap = serde_json::from_str(text).unwrap();
        for variant in Game::EnGarde.variants() {
            for seed in 0..25 {
                let levels = [[Level::Easy, Level::Medium], [Level::Medium, Level::Easy]][seed as usize % 2];
                play_match_with(variant, &options, seed * 31 + i as u64, levels);
            }
            play_match_with(variant, &options, 99 + i as u64, [Level::Hard, Level::Medium]);
        }
    }
    let forteresse = [
        r#"{"direction_rule": "any_of_8", "rifle_answer": "without_cell", "miss_answer": "silence"}"#,
        r#"{"extra_shot": "after_kill_or_destruction", "round2_setup": "same_as_round1", "round2_first": "random"}"#,
        r#"{"setup_rule": "besieged_must_be_reachable", "tie": "kills_then_fewer_shots", "round2_first": "lower_round1_score"}"#,
    ];
    let variant: Variant = "forteresse".parse().unwrap();
    for (i, text) in forteresse.iter().enumerate() {
        let options: engarde_rules::OptionMap = serde_json::from_str(text).unwrap();
        for seed in 0..30 {
            let levels = [[Level::Easy, Level::Medium], [Level::Medium, Level::Easy]][seed as usize % 2];
            play_match_with(variant, &options, seed * 31 + i as u64, levels);
        }
        play_match_with(variant, &options, 77 + i as u64, [Level::Hard, Level::Easy]);
    }
}

#[test]
fn knowledge_is_a_plain_value_to_send_to_a_blocking_thread() {
    fn plain<T: Clone + Send + Sync + PartialEq + std::fmt::Debug + 'static>() {}
    plain::<Knowledge>();
    let (m, log) = partly_played("engarde-standard".parse().unwrap(), 3, 4);
    let seat = m.to_act().seats()[0];
    let k = m.knowledge(seat, &log);
    let budget = budget(Game::EnGarde, Level::Hard);
    let there = std::thread::spawn(move || choose_action(&k, Level::Hard, 4, budget)).join().unwrap();
    assert_eq!(there, choose_action(&m.knowledge(seat, &log), Level::Hard, 4, budget));
}

/// Plays `steps` actions of a match with the opponent at `easy` for both seats.
fn partly_played(variant: Variant, seed: u64, steps: usize) -> (Match, Vec<(Seat, MatchAction)>) {
    let game = variant.game();
    let mut m = Match::start(variant, &options(game), seed, Some(Seat::A)).unwrap();
    let mut log = Vec::new();
    while log.len() < steps && !m.is_finished() {
        for &seat in m.to_act().seats() {
            let k = m.knowledge(seat, &log);
            let action = choose_action(&k, Level::Easy, seed + log.len() as u64, budget(game, Level::Easy)).unwrap();
            m.play(seat, action).unwrap();
            log.push((seat, action));
        }
    }
    (m, log)
}

/// Both matches give `seat` the same knowledge and the same choice at every level.
fn assert_same_choices(game: Game, one: &Knowledge, other: &Knowledge) {
    assert_eq!(one, other);
    assert_eq!(format!("{one:?}"), format!("{other:?}"));
    for level in Level::ALL {
        for seed in [1, 2] {
            let budget = budget(game, level);
            assert_eq!(choose_action(one, level, seed, budget), choose_action(other, level, seed, budget), "{level}");
        }
    }
}

#[test]
fn en_garde_choices_ignore_the_other_hand_the_pile_and_the_seed() {
    let mut compared = 0;
    for variant in Game::EnGarde.variants() {
        for seed in 0..12 {
            let (m, log) = partly_played(variant, seed, 3 + seed as usize % 9);
            let Match::EnGarde(game) = &m else { unreachable!() };
            let Some(seat) = game.to_act() else { continue };
            let changed = secrets::with_secrets_changed(game, &[seat.other()]);
            assert_eq!(changed.hand(seat), game.hand(seat));
            if changed.hand(seat.other()) != game.hand(seat.other()) {
                compared += 1;
            }
            let hand_changed = changed.hand(seat.other()) != game.hand(seat.other());
            let changed = Match::EnGarde(changed);
            let (one, other) = (m.knowledge(seat, &log), changed.knowledge(seat, &log));
            assert_same_choices(Game::EnGarde, &one, &other);
            if hand_changed {
                // The knowledge of the seat whose hand changed does change: it holds its hand.
                assert_ne!(m.knowledge(seat.other(), &log), changed.knowledge(seat.other(), &log));
            }
            // The other way round: the seat that waits decides the same whatever the hand to act.
            let changed = Match::EnGarde(secrets::with_secrets_changed(game, &[seat]));
            let (one, other) = (m.knowledge(seat.other(), &log), changed.knowledge(seat.other(), &log));
            assert_same_choices(Game::EnGarde, &one, &other);
            let k = format!("{:?}", m.knowledge(seat, &log));
            assert!(!k.contains("seed") && !k.contains("pile: ["), "no seed, no pile order: {k}");
        }
    }
    assert!(compared > 40, "the other hand really changed in most cases ({compared})");
}

#[test]
fn forteresse_choices_ignore_the_other_fortress() {
    let variant: Variant = "forteresse".parse().unwrap();
    let mut compared = 0;
    for seed in 0..24 {
        let (m, log) = partly_played(variant, seed, 2 + seed as usize * 2);
        let Match::Forteresse(game) = &m else { unreachable!() };
        let ToAct::One(seat) = game.to_act() else { continue };
        let Some(changed) = fortress_secrets::with_hidden_changed(game, seat.other()) else { continue };
        if changed.setup(seat.other()) == game.setup(seat.other()) {
            continue;
        }
        compared += 1;
        // The changed match's log holds the changed set-up.
        let changed_log: Vec<(Seat, MatchAction)> = log
            .iter()
            .map(|&(s, a)| match a {
                MatchAction::Forteresse(FortAction::Setup(_)) if s == seat.other() => {
                    (s, MatchAction::Forteresse(FortAction::Setup(changed.setup(s).unwrap())))
                }
                _ => (s, a),
            })
            .collect();
        let changed = Match::Forteresse(changed);
        let (one, other) = (m.knowledge(seat, &log), changed.knowledge(seat, &changed_log));
        assert_same_choices(Game::Forteresse, &one, &other);
        // The other seat's knowledge does differ: it holds its own fortress.
        assert_ne!(m.knowledge(seat.other(), &log), changed.knowledge(seat.other(), &changed_log));
        let k = format!("{one:?}");
        let hidden = format!("{:?}", game.setup(seat.other()).unwrap());
        assert!(!k.contains("seed") && !k.contains(&hidden), "{hidden} in {k}");
    }
    assert!(compared >= 8, "enough matches had a fortress to change ({compared})");
}

#[test]
fn ready_fence_plays_legally_to_the_end_at_every_level() {
    for (i, name) in ["ready-fence-tutorial", "ready-fence-basic", "ready-fence-advanced"].into_iter().enumerate() {
        let variant: Variant = name.parse().unwrap();
        for seed in 0..6u64 {
            let levels = [Level::ALL[seed as usize % 3], Level::ALL[(seed as usize + 1) % 3]];
            let m = play_match(variant, seed * 3 + i as u64, levels);
            assert!(m.is_finished());
        }
        play_match(variant, 100 + i as u64, [Level::Hard, Level::Hard]);
    }
}

#[test]
fn ready_fence_choices_ignore_the_other_hand_and_the_piles() {
    let mut compared = 0;
    for name in ["ready-fence-tutorial", "ready-fence-basic", "ready-fence-advanced"] {
        let variant: Variant = name.parse().unwrap();
        for seed in 0..10u64 {
            let (m, log) = partly_played(variant, seed, 4 + seed as usize * 3);
            let Match::ReadyFence(game) = &m else { unreachable!() };
            let ToAct::One(seat) = game.to_act() else { continue };
            // The other hand, the timer pile and the reserve changed, and the generator.
            let changed = game.with_hidden_changed(seat.other(), seed + 99);
            if changed.card_census().hands.get(seat.other()) == game.card_census().hands.get(seat.other()) {
                continue;
            }
            compared += 1;
            let changed = Match::ReadyFence(changed);
            let (one, other) = (m.knowledge(seat, &log), changed.knowledge(seat, &log));
            assert_same_choices(Game::ReadyFence, &one, &other);
            // The other seat's knowledge does differ: it holds its own hand.
            assert_ne!(m.knowledge(seat.other(), &log), changed.knowledge(seat.other(), &log));
        }
    }
    assert!(compared >= 15, "the other hand really changed in enough bouts ({compared})");
}

#[test]
fn the_choice_depends_only_on_knowledge_level_and_seed() {
    for variant in ["engarde-advanced", "kengo-normal", "forteresse", "ready-fence-basic", "ready-fence-advanced"] {
        let variant: Variant = variant.parse().unwrap();
        let (m, log) = partly_played(variant, 5, 6);
        let seat = m.to_act().seats()[0];
        let k = m.knowledge(seat, &log);
        let budget = Budget { iterations: 300, time: Duration::from_secs(60) };
        let first = choose_action(&k, Level::Hard, 9, budget);
        assert!(first.is_some());
        assert_eq!(choose_action(&k.clone(), Level::Hard, 9, budget), first);
        assert_eq!(choose_action(&k, Level::Hard, 9, budget), first);
        // No time cap at all: the same choice.
        assert_eq!(choose_action(&k, Level::Hard, 9, Budget { time: Duration::MAX, ..budget }), first);
        assert_eq!(choose_action(&m.knowledge(seat.other(), &log), Level::Hard, 9, budget), None);
    }
}
