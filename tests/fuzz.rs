//! Hostile input, fuzzed: every text a user or a file can put in front of the bot
//! is decoded without panicking, and only into something well-formed.
//!
//! - `custom_id`s (Discord lets a modified client send any string up to 100
//!   characters, and the double forwards longer ones): arbitrary text, arbitrary
//!   bytes, near-misses of the grammar and mutations of real ids;
//! - match records (`engarde replay`, exported files): arbitrary text, byte
//!   mutations and structural mutations of the 79 scenario records;
//! - slash-command options (`turn_time`, `variant`): arbitrary text.
//!
//! About 70,000 cases in all; `PROPTEST_CASES` does not change them (each test
//! sets its own count), so the figure in `docs/reliability.md` stays true.

use engarde::discord::custom_id::{decode_action, encode_action, CustomId, MAX_LEN};
use engarde::discord::{echo, parse_duration, parse_variant};
use engarde::i18n::Lang;
use engarde::service::{Board, ServiceError};
use engarde_rules::engarde::{Action, Card, Cards, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{json, Value};

/// Cases for each fuzz test below.
const CASES: u32 = 10_000;

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

// ----- custom_id ---------------------------------------------------------------------------

/// A decoded id is well-formed: it encodes back to an id that decodes to itself
/// and that Discord accepts.
fn check_custom_id(s: &str) -> Result<(), TestCaseError> {
    if let Some(id) = CustomId::decode(s) {
        prop_assert!(s.len() <= MAX_LEN, "decoded an over-long id {s:?}");
        let again = id.encode();
        prop_assert!(!again.is_empty() && again.len() <= MAX_LEN, "{again}");
        prop_assert_eq!(CustomId::decode(&again), Some(id), "{} does not round-trip", again);
        if let CustomId::Act { match_id, turn, action } = id {
            prop_assert!(match_id >= 0 && turn >= 0);
            prop_assert_ne!(action, Action::AgreeDraw, "a draw is never one click");
            prop_assert_eq!(decode_action(&encode_action(action)), Some(action));
        }
    }
    Ok(())
}

fn card() -> impl Strategy<Value = Card> {
    (1u8..=5).prop_map(|v| Card::new(v).expect("a card value"))
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        card().prop_map(Action::Advance),
        card().prop_map(Action::Retreat),
        (card(), 1u8..=5).prop_map(|(card, count)| Action::Attack { card, count }),
        (card(), card(), 1u8..=4).prop_map(|(advance, attack, count)| Action::AdvanceAttack { advance, attack, count }),
        prop::collection::vec(card(), 1..=5).prop_map(|cs| Action::Parry(cs.into_iter().collect::<Cards>())),
        Just(Action::AcceptHit),
        Just(Action::Resign),
    ]
}

/// A Ready... Fence! action naming any card of the table, with or without an Angulation.
fn fence_action() -> impl Strategy<Value = engarde_rules::readyfence::Action> {
    use engarde_rules::readyfence::{table, Action as F, Guard, Step};
    let faces: Vec<engarde_rules::readyfence::Card> = table().copies().iter().map(|c| c.card).collect();
    let card = prop::sample::select(faces);
    prop_oneof![
        prop::sample::select(vec![
            F::Mulligan,
            F::Keep,
            F::Move(Step::Forward),
            F::Move(Step::Back),
            F::Weapon(Guard::Inv),
            F::Stall,
            F::Retreat(None),
            F::EndTurn,
            F::Parry,
            F::Distance(None),
            F::Concede,
            F::Renew,
            F::Feint { card: None, angulation: false },
            F::Pass,
            F::Resign,
        ]),
        card.clone().prop_map(F::Swap),
        card.clone().prop_map(|c| F::Retreat(Some(c))),
        card.clone().prop_map(|c| F::Distance(Some(c))),
        (card.clone(), any::<bool>()).prop_map(|(card, angulation)| F::Play { card, angulation }),
        (card.clone(), any::<bool>()).prop_map(|(card, angulation)| F::Answer { card, angulation }),
        (card.clone(), any::<bool>()).prop_map(|(card, angulation)| F::Feint { card: Some(card), angulation }),
        (card, any::<bool>()).prop_map(|(card, angulation)| F::Glide { card, angulation }),
    ]
}

/// Every kind of id the bot makes, with extreme numbers.
fn valid_id() -> impl Strategy<Value = CustomId> {
    let n = 0i64..=999_999_999_999_999_999;
    prop_oneof![
        n.clone().prop_map(CustomId::Accept),
        n.clone().prop_map(CustomId::Decline),
        n.clone().prop_map(CustomId::Withdraw),
        n.clone().prop_map(|match_id| CustomId::OfferDraw { match_id }),
        (n.clone(), n.clone()).prop_map(|(match_id, turn)| CustomId::DrawAccept { match_id, turn }),
        (n.clone(), n.clone()).prop_map(|(match_id, turn)| CustomId::DrawDecline { match_id, turn }),
        (n.clone(), n.clone()).prop_map(|(match_id, turn)| CustomId::Hand { match_id, turn }),
        n.clone().prop_map(|match_id| CustomId::Resign { match_id }),
        n.clone().prop_map(|match_id| CustomId::ResignConfirm { match_id }),
        n.clone().prop_map(|match_id| CustomId::ResignCancel { match_id }),
        (n.clone(), n.clone(), action()).prop_map(|(match_id, turn, action)| CustomId::Act {
            match_id,
            turn,
            action: action.into()
        }),
        (n.clone(), n.clone(), fence_action()).prop_map(|(match_id, turn, a)| CustomId::Act {
            match_id,
            turn,
            action: engarde_rules::MatchAction::ReadyFence(a)
        }),
        (n.clone(), n.clone(), 0u8..5).prop_map(|(match_id, turn, menu)| CustomId::Choose { match_id, turn, menu }),
        (prop::option::of(prop::sample::select(Variant::ALL.to_vec())), any::<u32>(), any::<u64>()).prop_map(
            |(variant, page, owner)| CustomId::Leaderboard {
                board: variant.map_or(Board::Game(engarde_rules::Game::EnGarde), |v| Board::Variant(v.into())),
                page,
                owner,
            }
        ),
        n.prop_map(|match_id| CustomId::Export { match_id }),
    ]
}

/// A near-miss of the grammar: our prefixes with hostile fields.
fn near_miss() -> impl Strategy<Value = String> {
    let kind = prop::sample::select(vec![
        "ca", "cd", "cw", "do", "dy", "dn", "h", "r", "ry", "rn", "a", "s", "lb", "x", "", "A", "zz",
    ]);
    let field = prop_oneof![
        "[0-9]{1,25}",
        "-[0-9]{1,5}",
        "\\+[0-9]{1,5}",
        " [0-9]{1,3} ",
        "[vrtlphqdx0-9]{0,14}",
        "(all|engarde-standard|kengo-basic|chess)",
        ".{0,8}",
        Just(String::new()),
        Just("9223372036854775807".to_owned()),
        Just("9223372036854775808".to_owned()),
        Just("18446744073709551616".to_owned()),
        Just("0x10".to_owned()),
        Just("１２".to_owned()),
    ];
    (prop::sample::select(vec!["eg", "EG", "eg ", "", "xx"]), kind, prop::collection::vec(field, 0..6)).prop_map(
        |(ns, kind, fields)| {
            let mut s = format!("{ns}:{kind}");
            for f in fields {
                s.push(':');
                s.push_str(&f);
            }
            s
        },
    )
}

/// A real id with a few characters inserted, deleted or replaced.
fn mutated_id() -> impl Strategy<Value = String> {
    (valid_id(), prop::collection::vec((any::<u8>(), any::<prop::sample::Index>(), any::<char>()), 1..4)).prop_map(
        |(id, edits)| {
            let mut chars: Vec<char> = id.encode().chars().collect();
            for (op, at, c) in edits {
                let i = at.index(chars.len() + 1);
                match op % 3 {
                    0 => chars.insert(i, if op % 2 == 0 { c } else { ':' }),
                    1 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ if i < chars.len() => chars[i] = c,
                    _ => chars.push(c),
                }
            }
            chars.into_iter().collect()
        },
    )
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn custom_ids_the_bot_makes_fit_and_round_trip(id in valid_id()) {
        let text = id.encode();
        prop_assert!(!text.is_empty() && text.len() <= MAX_LEN, "{text}");
        prop_assert_eq!(CustomId::decode(&text), Some(id));
    }

    #[test]
    fn arbitrary_text_is_never_a_bad_custom_id(s in ".{0,150}") {
        check_custom_id(&s)?;
    }

    #[test]
    fn arbitrary_bytes_are_never_a_bad_custom_id(bytes in prop::collection::vec(any::<u8>(), 0..160)) {
        check_custom_id(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn near_misses_are_never_a_bad_custom_id(s in near_miss()) {
        check_custom_id(&s)?;
    }

    #[test]
    fn mutated_ids_are_never_a_bad_custom_id(s in mutated_id()) {
        check_custom_id(&s)?;
    }
}

#[test]
fn ids_over_a_hundred_characters_are_refused() {
    let long = format!("eg:a:1:2:{}", "p".repeat(100));
    assert_eq!(CustomId::decode(&long), None);
    let padded = format!("eg:ca:{}1", "0".repeat(MAX_LEN));
    assert_eq!(CustomId::decode(&padded), None);
}

// ----- match records ----------------------------------------------------------------------

/// The scenario records' texts (some are deliberately malformed), sorted by name.
fn scenario_texts() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/tests/scenarios");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the scenario folder")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let name = path.file_name()?.to_str()?.to_owned();
            name.ends_with(".record.json").then(|| (name, std::fs::read_to_string(&path).expect("a scenario record")))
        })
        .collect();
    out.sort();
    assert!(out.len() >= 79, "the scenario records are there ({})", out.len());
    out.into_iter().map(|(_, t)| t).collect()
}

/// The scenario records that are JSON, parsed.
fn scenario_records() -> Vec<Value> {
    scenario_texts().iter().filter_map(|t| serde_json::from_str(t).ok()).collect()
}

/// Replays `text`: an outcome or a `ReplayError`, never a panic; an outcome is
/// the same every time (nothing depends on anything but the record).
fn check_replay(text: &str) -> Result<(), TestCaseError> {
    match engarde_rules::replay(text) {
        Ok(report) => {
            let again = engarde_rules::replay(text).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            prop_assert_eq!(serde_json::to_value(&report).unwrap(), serde_json::to_value(&again).unwrap());
        }
        Err(e) => {
            let status = e.exit_status();
            prop_assert!(status == 1 || status == 2, "{e:?}");
            // The error document is well-formed JSON for `engarde replay`.
            prop_assert_eq!(&e.to_json()["ok"], &json!(false));
        }
    }
    Ok(())
}

/// Values that break assumptions: wrong types, out-of-range numbers, huge sizes.
fn hostile_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!(true)),
        Just(json!(-1)),
        Just(json!(0)),
        Just(json!(1)),
        Just(json!(6)),
        Just(json!(255)),
        Just(json!(256)),
        Just(json!(65_536)),
        Just(json!(4_294_967_295u64)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(1.5)),
        Just(json!(1e308)),
        Just(json!("")),
        Just(json!("a")),
        Just(json!("b")),
        Just(json!("kengo-advanced")),
        Just(json!([])),
        Just(json!([1, 2, 3, 4, 5])),
        Just(json!({})),
        Just(json!({"seat": "a"})),
        Just(json!({"seat": "b", "advance": 9})),
        Just(json!({"seat": "a", "parry": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]})),
        Just(json!({"seat": "b", "advance_attack": {"advance": 2, "attack": [3, 3]}})),
        Just(json!({"seat": "a", "resign": false})),
        Just(json!({"seat": "b", "agree_draw": true})),
        Just(json!({"hits_to_win": 200, "copies": 1_000_000, "hand_size": 4_000_000_000u64, "best_of": 255})),
        any::<i64>().prop_map(|n| json!(n)),
        "[a-z_]{0,12}".prop_map(Value::String),
    ]
}

/// Every path to a node of `v`.
fn paths(v: &Value, at: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    out.push(at.clone());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                at.push(PathStep::Key(k.clone()));
                paths(child, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                at.push(PathStep::Index(i));
                paths(child, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn node<'a>(v: &'a mut Value, path: &[PathStep]) -> Option<&'a mut Value> {
    let mut here = v;
    for step in path {
        here = match step {
            PathStep::Key(k) => here.get_mut(k)?,
            PathStep::Index(i) => here.get_mut(*i)?,
        };
    }
    Some(here)
}

/// One structural change to a record.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace a node with a hostile value.
    Replace(prop::sample::Index, Value),
    /// Remove a node (a key of an object, an element of an array).
    Remove(prop::sample::Index),
    /// Duplicate an action.
    Repeat(prop::sample::Index),
    /// Swap two actions.
    Swap(prop::sample::Index, prop::sample::Index),
    /// Set a new key on the root object.
    Extra(String, Value),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<prop::sample::Index>(), hostile_value()).prop_map(|(i, v)| Mutation::Replace(i, v)),
        2 => any::<prop::sample::Index>().prop_map(Mutation::Remove),
        1 => any::<prop::sample::Index>().prop_map(Mutation::Repeat),
        1 => (any::<prop::sample::Index>(), any::<prop::sample::Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (prop::sample::select(vec!["seed", "options", "decks", "first_player", "format", "winner"]), hostile_value())
            .prop_map(|(k, v)| Mutation::Extra(k.to_owned(), v)),
    ]
}

fn apply(record: &mut Value, m: &Mutation) {
    let mut all = Vec::new();
    paths(record, &mut Vec::new(), &mut all);
    match m {
        Mutation::Replace(i, v) => {
            let path = &all[i.index(all.len())];
            if let Some(n) = node(record, path) {
                *n = v.clone();
            }
        }
        Mutation::Remove(i) => {
            let path = &all[i.index(all.len())];
            if let Some((last, parent)) = path.split_last() {
                match (node(record, parent), last) {
                    (Some(Value::Object(map)), PathStep::Key(k)) => {
                        map.remove(k);
                    }
                    (Some(Value::Array(items)), PathStep::Index(i)) if *i < items.len() => {
                        items.remove(*i);
                    }
                    _ => {}
                }
            }
        }
        Mutation::Repeat(i) => {
            if let Some(Value::Array(actions)) = record.get_mut("actions") {
                if !actions.is_empty() {
                    let a = actions[i.index(actions.len())].clone();
                    actions.insert(i.index(actions.len()), a);
                }
            }
        }
        Mutation::Swap(a, b) => {
            if let Some(Value::Array(actions)) = record.get_mut("actions") {
                if !actions.is_empty() {
                    let (a, b) = (a.index(actions.len()), b.index(actions.len()));
                    actions.swap(a, b);
                }
            }
        }
        Mutation::Extra(k, v) => {
            if let Value::Object(map) = record {
                map.insert(k.clone(), v.clone());
            }
        }
    }
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn arbitrary_text_is_not_a_record_and_does_not_panic(s in ".{0,300}") {
        check_replay(&s)?;
    }

    #[test]
    fn structurally_mutated_records_replay_or_are_refused(
        which in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..5),
    ) {
        thread_local!(static RECORDS: Vec<Value> = scenario_records());
        let mut record = RECORDS.with(|r| r[which.index(r.len())].clone());
        for m in &mutations {
            apply(&mut record, m);
        }
        check_replay(&record.to_string())?;
    }

    #[test]
    fn byte_mutated_records_replay_or_are_refused(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        thread_local!(static TEXTS: Vec<String> = scenario_texts());
        let mut bytes = TEXTS.with(|t| t[which.index(t.len())].clone().into_bytes());
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        check_replay(&String::from_utf8_lossy(&bytes))?;
    }
}

#[test]
fn every_scenario_record_still_replays_or_is_refused_as_expected() {
    // The unmutated corpus: a sanity check of the harness itself.
    for text in scenario_texts() {
        check_replay(&text).expect("no panic");
    }
}

// ----- slash-command options --------------------------------------------------------------

/// Discord's limit on a message (the error is sent as one).
const MAX_CONTENT: usize = 2000;

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn any_turn_time_is_read_or_refused_briefly(s in prop_oneof![
        ".{0,60}",
        "[0-9]{1,30} ?(s|m|h|d|w|y|ms|ns|months|min)",
        "[0-9 hdmsy.+-]{0,30}",
        ".{1000,6000}",
    ]) {
        match parse_duration("error-turn-time-unreadable", Some(s.clone())) {
            Ok(Some(d)) => prop_assert!(d.as_secs() < u64::MAX),
            Ok(None) => prop_assert!(false, "a given option is not `None`"),
            Err(e) => {
                let e = e.downcast_ref::<ServiceError>().expect("a refusal");
                for lang in Lang::ALL {
                    let text = engarde::discord::render::error(lang, e);
                    prop_assert!(text.chars().count() < 200, "a long refusal: {} characters", text.chars().count());
                    prop_assert!(text.contains("30m") && text.contains("2d"), "{text}");
                }
            }
        }
    }

    #[test]
    fn any_variant_is_read_or_refused_briefly(s in prop_oneof![
        ".{0,60}",
        "(engarde|kengo)-(basic|standard|normal|advanced)",
        " ?[a-z-]{0,20} ?",
        ".{1000,6000}",
    ]) {
        match parse_variant(Some(s.clone())) {
            Ok(Some(v)) => prop_assert_eq!(v.name(), s.trim()),
            Ok(None) => prop_assert!(false, "a given option is not `None`"),
            Err(e) => {
                let e = e.downcast_ref::<ServiceError>().expect("a refusal");
                for lang in Lang::ALL {
                    let text = engarde::discord::render::error(lang, e);
                    prop_assert!(text.chars().count() < MAX_CONTENT / 4, "a long refusal: {text}");
                    prop_assert!(text.contains('`'), "the name is echoed: {text}");
                }
            }
        }
    }

    #[test]
    fn echoed_text_is_short_and_safe(s in ".{0,200}") {
        let e = echo(&s);
        prop_assert!(e.chars().count() <= engarde::discord::ECHO_MAX);
        prop_assert!(!e.contains('`') && !e.contains('\n'));
    }
}

#[test]
fn absent_options_are_none() {
    assert!(parse_duration("turn time", None).unwrap().is_none());
    assert!(parse_variant(None).unwrap().is_none());
    assert_eq!(
        parse_duration("turn time", Some(" 2d ".into())).unwrap(),
        Some(std::time::Duration::from_secs(172_800))
    );
    assert_eq!(parse_variant(Some("kengo-basic".into())).unwrap(), Some(Variant::KengoBasic.into()));
}
