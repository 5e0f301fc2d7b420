//! The pictures' budgets (`docs/boards.md`): one board of each game drawn and encoded in at
//! most 0.5 ms at the median (0.12 ms is this round's aim), at most 40 KB; one prompt of each
//! game drawn afresh (prompts mostly come from a cache); the animated replay of a 100-decision match in
//! at most 2 s. `cargo bench --bench pictures`.

use criterion::{criterion_group, criterion_main, Criterion};
use engarde::present::picture;
use engarde::present::picture::sample::Sample;

fn boards(c: &mut Criterion) {
    for (name, variant, moves) in [
        ("engarde", "engarde-standard", 9),
        ("forteresse", "forteresse", 30),
        ("ready-fence", "ready-fence-advanced", 20),
    ] {
        let (game, last) = Sample::new(variant, 7).at(moves);
        let public = game.public_view();
        let png = picture::board(&public, &last).png;
        eprintln!("{name} board: {} bytes", png.len());
        assert!(png.len() <= picture::MAX_BYTES);
        c.bench_function(&format!("board {name}"), |b| b.iter(|| picture::board(&public, &last)));
        // A prompt drawn afresh, as when the cache does not have it.
        let view = game.view(engarde_rules::Seat::A);
        c.bench_function(&format!("prompt {name}"), |b| b.iter(|| picture::prompt_uncached(&view)));
    }
}

fn replay(c: &mut Criterion) {
    // The first 100 decisions of a Forteresse match that lasts that long (its boards are
    // the most detailed).
    let (game, actions) = (1..)
        .map(|seed| Sample::new("forteresse", seed).play(100, |_, _| true))
        .find(|(_, actions)| actions.len() == 100)
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
