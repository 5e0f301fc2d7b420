//! The pictures' budgets (`docs/boards.md`): one board of each game drawn and encoded in at
//! most 0.5 ms at the median, at most 40 KB; the animated replay of a 100-decision match in
//! at most 2 s. `cargo bench --bench pictures`.

use criterion::{criterion_group, criterion_main, Criterion};
use engarde::present::picture;
use engarde_rules::forteresse::{Action as FAction, Fortress};
use engarde_rules::{Match, MatchAction, MatchEvent, Seat, ToAct};

/// A seeded match `moves` decisions in: the match, the last decision's events, the actions.
fn played(variant: &str, seed: u64, moves: usize) -> (Match, Vec<MatchEvent>, Vec<(Seat, MatchAction)>) {
    let mut game = Match::start(variant.parse().unwrap(), &Default::default(), seed, Some(Seat::A)).unwrap();
    let (mut last, mut actions, mut rng) = (Vec::new(), Vec::new(), seed | 1);
    for step in 0..moves {
        let seat = match game.to_act() {
            ToAct::One(s) => s,
            ToAct::Both => Seat::A,
            ToAct::Nobody => break,
        };
        let seat = match (&game, game.to_act()) {
            (Match::Forteresse(f), ToAct::Both) if !f.needs_setup(Seat::A) => Seat::B,
            _ => seat,
        };
        let action = match &game {
            Match::Forteresse(f) if f.needs_setup(seat) => {
                MatchAction::Forteresse(FAction::Setup(Fortress::random(seed ^ step as u64)))
            }
            _ => {
                let legal = game.legal_actions(seat);
                rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                legal[(rng >> 33) as usize % legal.len()]
            }
        };
        last = game.play(seat, action).unwrap();
        actions.push((seat, action));
    }
    (game, last, actions)
}

fn boards(c: &mut Criterion) {
    for (name, variant, moves) in [
        ("engarde", "engarde-standard", 9),
        ("forteresse", "forteresse", 30),
        ("ready-fence", "ready-fence-advanced", 20),
    ] {
        let (game, last, _) = played(variant, 7, moves);
        let public = game.public_view();
        let png = picture::board(&public, &last).png;
        eprintln!("{name} board: {} bytes", png.len());
        assert!(png.len() <= picture::MAX_BYTES);
        c.bench_function(&format!("board {name}"), |b| b.iter(|| picture::board(&public, &last)));
    }
}

fn replay(c: &mut Criterion) {
    // The first 100 decisions of a Forteresse match that lasts that long (its boards are
    // the most detailed).
    let (game, _, actions) = (1..)
        .map(|seed| played("forteresse", seed, 100))
        .find(|(_, _, actions)| actions.len() == 100)
        .expect("some match lasts 100 decisions");
    let record = game.to_record(&actions).to_string();
    let gif = picture::replay(&record).unwrap();
    eprintln!("replay of 100 decisions: {} frames, {} bytes", gif.frames, gif.gif.len());
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("replay 100 decisions", |b| b.iter(|| picture::replay(&record).unwrap()));
    group.finish();
}

criterion_group!(benches, boards, replay);
criterion_main!(benches);
