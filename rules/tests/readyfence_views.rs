//! What Ready... Fence!'s views show in the middle of a phrase: the phrase card by card with
//! effective speeds, whose decision, the seat's own hand and legal actions, and nothing of
//! the other hand. Built from the worked example 2 record, one action before its end.

use engarde_rules::readyfence::{
    Action, Awaiting, Card, Distance, MatchRecord, PhraseStep, ReadyFence, Role, SeatedAction,
};
use engarde_rules::{BySeat, Seat, ToAct};

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn example_2_before_the_stop_hit() -> ReadyFence {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/readyfence/example_2_parry_holds_on_a_tie_riposte_stop_hit.record.json"
    );
    let mut record: MatchRecord = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let last = record.actions.pop().unwrap();
    assert_eq!(
        last,
        SeatedAction { seat: Seat::B, action: Action::Answer { card: card("stop_hit:4"), angulation: false } }
    );
    ReadyFence::from_record(&record).unwrap()
}

#[test]
fn the_public_view_shows_the_phrase_card_by_card() {
    let game = example_2_before_the_stop_hit();
    let view = game.public_view();
    assert_eq!(view.to_act, ToAct::One(Seat::B));
    assert_eq!(view.stage, Awaiting::Answer);
    assert_eq!(view.positions, BySeat { a: 4, b: 6 });
    assert_eq!(view.distance, Distance::Lunge);
    assert_eq!(view.stamina, BySeat { a: 5, b: 6 });
    assert_eq!(view.timer, 12);
    assert_eq!(view.hand_sizes, BySeat { a: 5, b: 5 });
    let phrase = view.phrase.expect("a phrase in progress");
    assert_eq!(phrase.opener, Seat::B);
    let step = |seat, role, c: &str, speed| PhraseStep {
        seat,
        role,
        card: Some(card(c)),
        angulation: false,
        speed: Some(speed),
    };
    // Beat v4 +1 against LINE; P&R v5 holds on 5 >= 5; the riposte at 5 - 2.
    assert_eq!(
        phrase.steps,
        [
            step(Seat::B, Role::Opening, "beat_thrust:4", 5),
            step(Seat::A, Role::Parry, "parry_riposte:5", 5),
            step(Seat::A, Role::Riposte, "parry_riposte:5", 3),
        ]
    );
    assert_eq!(phrase.threat, step(Seat::A, Role::Riposte, "parry_riposte:5", 3));
    assert_eq!(phrase.main_cards, BySeat { a: 1, b: 1 });
}

#[test]
fn a_seat_sees_its_own_hand_and_choices_and_nothing_of_the_other() {
    let game = example_2_before_the_stop_hit();
    let b = game.view(Seat::B);
    let hand: Vec<String> = b.hand.iter().map(ToString::to_string).collect();
    assert_eq!(hand, ["straight_thrust:3", "straight_thrust:4", "disengage:4", "toe_touch:5", "stop_hit:4"]);
    // Stop Hit v4 (4 > 3) would stop the riposte, so no no-card Parry under the strict default.
    assert_eq!(b.legal, [Action::Answer { card: card("stop_hit:4"), angulation: false }, Action::Concede]);
    let a = game.view(Seat::A);
    assert!(a.legal.is_empty());
    let a_json = serde_json::to_string(&a).unwrap();
    let public = serde_json::to_string(&game.public_view()).unwrap();
    // b's hidden cards (its Stop Hit, Disengage, Toe-touch) appear in neither.
    for hidden in ["stop_hit", "disengage:4", "toe_touch"] {
        assert!(!public.contains(hidden), "{hidden} in the public view");
        assert!(
            !a_json.contains(hidden) || a.hand.iter().any(|c| c.to_string().starts_with(hidden)),
            "{hidden} in a's view"
        );
    }
    assert!(!public.contains("seed"));
    // The seat view serialises its choices in plain words.
    assert!(serde_json::to_string(&b).unwrap().contains(r#""legal":["answer with stop_hit:4","concede"]"#));
}
