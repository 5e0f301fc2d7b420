//! The pictures (`src/present/picture`): reference pictures per game, every picture of
//! whole seeded matches of every variant decodes and stays within 40 KB, public pictures
//! and the opponent's prompt do not change when only hidden information does, and the
//! end-of-match pictures (reveal, animated replay) come out of records.
//!
//! Every letter and digit of every picture stays at least 9 pixels tall where a phone
//! shows it (about 360 pixels wide).
//!
//! `UPDATE_PICTURES=1 cargo test --test pictures` rewrites the reference pictures in
//! `tests/pictures/`.

use std::path::PathBuf;

use engarde::present::picture::sample::Sample;
use engarde::present::picture::{self, Picture, MAX_BYTES, MAX_REPLAY_BYTES, PHONE_WIDTH, SMALLEST_TEXT};
use engarde_rules::{Match, MatchAction, MatchEvent, Seat, ToAct, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

#[path = "../rules/tests/support/secrets.rs"]
mod secrets;

#[path = "../rules/tests/support/fortress_secrets.rs"]
mod fortress_secrets;

/// A seeded match of `variant` played to its end (at most `limit` decisions) with random
/// legal actions (random set-ups in Forteresse): every position with the events that led
/// to it, and the actions played.
struct Played {
    positions: Vec<(Match, Vec<MatchEvent>)>,
    actions: Vec<(Seat, MatchAction)>,
}

fn play(variant: Variant, seed: u64, limit: usize) -> Played {
    let sample = Sample::of(variant, seed);
    let mut positions = vec![(sample.start(), Vec::new())];
    let (_, actions) = sample.play(limit, |game, events| {
        positions.push((game.clone(), events.to_vec()));
        true
    });
    Played { positions, actions }
}

fn record(played: &Played) -> String {
    let (last, _) = played.positions.last().unwrap();
    last.to_record(&played.actions).to_string()
}

/// The palette index of every pixel, with the size.
fn decode(p: &Picture) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(p.png.to_vec()));
    let mut reader = decoder.read_info().expect("a PNG header");
    let (w, h) = (reader.info().width, reader.info().height);
    assert_eq!(reader.info().color_type, png::ColorType::Indexed, "an indexed PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    reader.next_frame(&mut buf).expect("a PNG body");
    buf.truncate((w * h) as usize);
    (w, h, buf)
}

fn check(p: &Picture, what: &str) {
    assert!(p.png.len() <= MAX_BYTES, "{what}: {} bytes", p.png.len());
    let (w, h, _) = decode(p);
    assert_eq!((w, h), (p.width, p.height), "{what}");
}

#[test]
fn every_picture_of_whole_matches_decodes_within_40_kb() {
    let mut largest = (0, String::new());
    for variant in Variant::all() {
        {
            let seed = 1;
            let played = play(variant, seed, 400);
            for (i, (game, events)) in played.positions.iter().enumerate() {
                let what = format!("{variant} seed {seed} position {i}");
                let board = picture::board(&game.public_view(), events);
                check(&board, &what);
                if board.png.len() > largest.0 {
                    largest = (board.png.len(), what.clone());
                }
                // The prompt of the seat to act everywhere, both seats' every tenth position.
                let seats: Vec<Seat> = Seat::ALL
                    .into_iter()
                    .filter(|&s| i % 10 == 0 || game.to_act() == ToAct::One(s) || game.to_act() == ToAct::Both)
                    .collect();
                for seat in seats {
                    let view = game.view(seat);
                    check(&picture::prompt(&view), &format!("{what}, {seat}'s prompt"));
                    if let engarde_rules::SeatView::Forteresse(v) = &view {
                        if let Some(shot) = v.shots.first() {
                            check(&picture::aim(v, shot.from), &format!("{what}, aiming"));
                        }
                    }
                }
            }
            assert!(game_over(&played), "{variant} seed {seed} ended");
        }
    }
    eprintln!("largest board: {} bytes ({})", largest.0, largest.1);
}

/// The smallest letter or digit of every kind of picture, where a phone shows it: at least 9
/// pixels tall (20 in a picture 800 pixels wide), in whole seeded matches of every variant.
#[test]
fn every_picture_is_legible_on_a_phone() {
    const { assert!(SMALLEST_TEXT * PHONE_WIDTH / 800.0 >= 9.0) };
    let mut smallest: Vec<(String, f32, u32)> = Vec::new();
    let mut note = |kind: String, p: &Picture, what: &str| {
        let on_phone = p.smallest_text_on_phone();
        assert!(
            on_phone >= 9.0,
            "{what}: text {} px tall in {} px, {on_phone:.1} px on a phone",
            p.smallest_text,
            p.width
        );
        match smallest.iter_mut().find(|(k, ..)| *k == kind) {
            Some(entry) if on_phone < entry.1 => *entry = (kind, on_phone, p.width),
            Some(_) => {}
            None => smallest.push((kind, on_phone, p.width)),
        }
    };
    for variant in Variant::all() {
        let game = variant.to_string().split('-').next().unwrap_or_default().to_string();
        let played = play(variant, 3, 400);
        for (i, (position, events)) in played.positions.iter().enumerate() {
            let what = format!("{variant} position {i}");
            note(format!("{game} board"), &picture::board(&position.public_view(), events), &what);
            for seat in Seat::ALL {
                let view = position.view(seat);
                note(format!("{game} prompt"), &picture::prompt(&view), &format!("{what}, {seat}'s prompt"));
                if let engarde_rules::SeatView::Forteresse(v) = &view {
                    for shot in &v.shots {
                        note(format!("{game} aim"), &picture::aim(v, shot.from), &format!("{what}, aiming"));
                    }
                }
            }
        }
        let end = picture::reveal(&record(&played)).expect("the record replays");
        note(format!("{game} end"), &end, &format!("{variant}'s end"));
    }
    for (kind, on_phone, width) in smallest {
        eprintln!("{kind}: smallest text {on_phone:.1} px on a phone ({width} px wide)");
    }
}

fn game_over(played: &Played) -> bool {
    played.positions.last().is_some_and(|(g, _)| g.is_finished())
}

/// A reference picture, compared with a small tolerance (anti-aliasing may move a few
/// pixels between versions of the drawing crate), or rewritten under `UPDATE_PICTURES=1`.
fn reference(name: &str, p: &Picture) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pictures").join(name);
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &p.png[..]).unwrap();
        return;
    }
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (UPDATE_PICTURES=1 writes it)", path.display()));
    let expected = Picture { png: bytes.into(), width: p.width, height: p.height, smallest_text: p.smallest_text };
    let (w, h, want) = decode(&expected);
    let (w2, h2, got) = decode(p);
    assert_eq!((w, h), (w2, h2), "{name}: size");
    let differ = want.iter().zip(&got).filter(|(a, b)| a != b).count();
    assert!(
        differ * 1000 <= want.len(),
        "{name}: {differ} of {} pixels differ (UPDATE_PICTURES=1 to accept)",
        want.len()
    );
}

/// A position `moves` decisions into a seeded match.
fn at(variant: &str, seed: u64, moves: usize) -> (Match, Vec<MatchEvent>) {
    Sample::new(variant, seed).at(moves)
}

#[test]
fn reference_pictures() {
    let (g, e) = at("engarde-standard", 11, 9);
    reference("engarde-board.png", &picture::board(&g.public_view(), &e));
    reference("engarde-hand.png", &picture::prompt(&g.view(Seat::A)));
    let (g, e) = at("kengo-advanced", 4, 1);
    reference("kengo-board.png", &picture::board(&g.public_view(), &e));
    let (g, e) = at("forteresse", 3, 17);
    reference("forteresse-board.png", &picture::board(&g.public_view(), &e));
    reference("forteresse-prompt.png", &picture::prompt(&g.view(Seat::A)));
    if let engarde_rules::SeatView::Forteresse(v) = g.view(g.to_act().single().unwrap()) {
        reference("forteresse-aim.png", &picture::aim(&v, v.shots[3].from));
    }
    let (g, e) = at("ready-fence-basic", 5, 14);
    reference("readyfence-board.png", &picture::board(&g.public_view(), &e));
    reference("readyfence-hand.png", &picture::prompt(&g.view(Seat::A)));
}

#[test]
fn a_public_change_changes_the_board() {
    let (g0, e0) = at("engarde-standard", 3, 0);
    let (g1, e1) = at("engarde-standard", 3, 1);
    assert_ne!(picture::board(&g0.public_view(), &e0), picture::board(&g1.public_view(), &e1));
}

/// En Garde: at every position of a random match, the board is byte-identical when either
/// hand, both or the pile's order change, and so is the prompt of the seat whose secrets
/// did not.
fn engarde_no_leak(variant: engarde_rules::engarde::Variant, seed: u64) -> Result<usize, TestCaseError> {
    use engarde_rules::engarde::{Config, EnGarde};
    let mut game = EnGarde::new(Config::new(variant, seed)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = seed | 1;
    let mut checked = 0;
    while let Some(seat) = game.to_act() {
        let board = picture::board(&Match::EnGarde(game.clone()).public_view(), &[]);
        for hidden in [&[Seat::A][..], &[Seat::B], &[Seat::A, Seat::B]] {
            let other = secrets::with_secrets_changed(&game, hidden);
            let other = Match::EnGarde(other);
            prop_assert_eq!(&picture::board(&other.public_view(), &[]), &board, "hidden {:?} shows", hidden);
            if let [one] = hidden {
                let mine = Match::EnGarde(game.clone()).view(one.other());
                prop_assert_eq!(picture::prompt(&other.view(one.other())), picture::prompt(&mine));
            }
        }
        checked += 1;
        let legal = game.legal_actions();
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        game.play(seat, legal[(rng >> 33) as usize % legal.len()]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        if checked > 150 {
            break;
        }
    }
    Ok(checked)
}

fn forteresse_no_leak(seed: u64) -> Result<usize, TestCaseError> {
    let played = play("forteresse".parse().unwrap(), seed, 200);
    let mut checked = 0;
    for (i, (game, events)) in played.positions.iter().enumerate() {
        let Match::Forteresse(f) = game else { unreachable!() };
        for target in Seat::ALL {
            let Some(changed) = fortress_secrets::with_hidden_changed(f, target) else { continue };
            let changed = Match::Forteresse(changed);
            prop_assert_eq!(
                picture::board(&changed.public_view(), events),
                picture::board(&game.public_view(), events)
            );
            let (mine, theirs) = (game.view(target.other()), changed.view(target.other()));
            prop_assert_eq!(picture::prompt(&theirs), picture::prompt(&mine));
            if let (engarde_rules::SeatView::Forteresse(a), engarde_rules::SeatView::Forteresse(b)) = (&mine, &theirs) {
                for s in a.shots.iter().filter(|_| i % 4 == 0) {
                    prop_assert_eq!(picture::aim(a, s.from), picture::aim(b, s.from));
                }
            }
            checked += 1;
        }
    }
    Ok(checked)
}

fn readyfence_no_leak(variant: engarde_rules::readyfence::Variant, seed: u64) -> Result<usize, TestCaseError> {
    let played = play(Variant::ReadyFence(variant), seed, 300);
    let mut checked = 0;
    for (i, (game, events)) in played.positions.iter().enumerate() {
        let Match::ReadyFence(r) = game else { unreachable!() };
        for target in Seat::ALL {
            let changed = Match::ReadyFence(r.with_hidden_changed(target, seed ^ i as u64));
            prop_assert_eq!(
                picture::board(&changed.public_view(), events),
                picture::board(&game.public_view(), events)
            );
            prop_assert_eq!(
                picture::prompt(&changed.view(target.other())),
                picture::prompt(&game.view(target.other()))
            );
            checked += 1;
        }
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn en_garde_pictures_hold_no_secret(
        variant in prop::sample::select(engarde_rules::engarde::Variant::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        prop_assert!(engarde_no_leak(variant, seed)? > 1);
    }

    #[test]
    fn forteresse_pictures_hold_no_secret(seed in any::<u64>()) {
        prop_assert!(forteresse_no_leak(seed)? > 10);
    }

    #[test]
    fn ready_fence_pictures_hold_no_secret(
        variant in prop::sample::select(engarde_rules::readyfence::Variant::ALL.to_vec()),
        seed in any::<u64>(),
    ) {
        prop_assert!(readyfence_no_leak(variant, seed)? > 10);
    }
}

#[test]
fn the_end_reveals_and_replays_every_game() {
    for variant in ["engarde-advanced", "kengo-normal", "forteresse", "ready-fence-advanced"] {
        let played = play(variant.parse().unwrap(), 9, 400);
        let text = record(&played);
        let end = picture::reveal(&text).expect("the record replays");
        check(&end, variant);
        let replay = picture::replay(&text).expect("the record replays");
        assert_eq!(replay.frames, played.positions.len(), "{variant}: one frame per decision and the opening");
        assert!(replay.gif.len() <= MAX_REPLAY_BYTES, "{variant}: {} bytes", replay.gif.len());
        let mut frames = 0;
        let mut decoder = gif::DecodeOptions::new().read_info(std::io::Cursor::new(&replay.gif)).expect("a GIF");
        while decoder.read_next_frame().expect("a frame").is_some() {
            frames += 1;
        }
        assert_eq!(frames, replay.frames, "{variant}");
        for lang in engarde::i18n::Lang::ALL {
            assert!(!picture::alt_reveal(lang, &text).unwrap().is_empty());
            assert!(!picture::alt_replay(lang, replay.frames).is_empty());
        }
    }
    assert!(picture::replay("{}").is_err());
}

#[test]
fn a_forteresse_reveal_shows_both_fortresses_of_both_rounds() {
    let played = play("forteresse".parse().unwrap(), 21, 400);
    assert!(game_over(&played));
    let end = picture::reveal(&record(&played)).unwrap();
    assert!(end.height > 400, "two rounds, one above the other: {}", end.height);
    reference("forteresse-reveal.png", &end);
}

#[test]
fn alt_text_speaks_every_language() {
    let (g, e) = at("forteresse", 3, 17);
    for lang in engarde::i18n::Lang::ALL {
        // The last shot's ring cell is named in every language.
        let text = picture::alt_board(lang, &g.public_view(), &e);
        let Some(MatchEvent::Forteresse(engarde_rules::forteresse::Event::Shot(a))) = e.first() else {
            panic!("the 17th decision is a shot: {e:?}")
        };
        assert!(text.contains(&a.from.to_string()), "{text}");
        assert!(!picture::alt_prompt(lang, &g.view(Seat::A)).is_empty());
    }
    for (variant, moves) in [("engarde-advanced", 12), ("ready-fence-basic", 30)] {
        let (g, e) = at(variant, 5, moves);
        for lang in engarde::i18n::Lang::ALL {
            let text = picture::alt_board(lang, &g.public_view(), &e);
            assert!(!text.is_empty() && text.chars().count() <= picture::MAX_ALT_CHARS, "{text}");
            assert!(!picture::alt_prompt(lang, &g.view(Seat::A)).is_empty());
        }
    }
    let en = picture::alt_board(engarde::i18n::Lang::En, &g.public_view(), &e);
    let fr = picture::alt_board(engarde::i18n::Lang::Fr, &g.public_view(), &e);
    assert_ne!(en, fr);
    assert!(en.contains("Round 2") || en.contains("Round 1"), "{en}");
}
