//! Writes a picture of each game's board (and a few prompts) into `docs/pictures/`, from
//! seeded matches played a few moves in: `cargo run --example pictures`.

use std::path::Path;

use engarde::present::picture;
use engarde::present::picture::sample::Sample;
use engarde_rules::{Match, MatchEvent, Seat};

/// `moves` decisions of `variant` (actions picked with `pick`; Ready... Fence! leaning to
/// phrases), then on until `wanted` holds (at most 400 decisions in all): the match and
/// the events of the last decision.
fn played_until(
    variant: &str,
    seed: u64,
    moves: usize,
    pick: u64,
    wanted: impl Fn(&Match) -> bool,
) -> (Match, Vec<MatchEvent>) {
    let sample = Sample { pick, phrases: true, ..Sample::new(variant, seed) };
    let (mut last, mut done) = (Vec::new(), 0);
    let (game, _) = sample.play(moves.max(400), |game, events| {
        last = events.to_vec();
        done += 1;
        done < moves || !wanted(game)
    });
    (game, last)
}

/// `moves` decisions of `variant`, as [`played_until`] plays them.
fn played(variant: &str, seed: u64, moves: usize, pick: u64) -> (Match, Vec<MatchEvent>) {
    played_until(variant, seed, moves, pick, |_| true)
}

/// A whole seeded match's record.
fn record(variant: &str, seed: u64) -> String {
    let sample = Sample { phrases: true, ..Sample::new(variant, seed) };
    let (game, actions) = sample.play(2_000, |_, _| true);
    game.to_record(&actions).to_string()
}

fn write(dir: &Path, name: &str, p: &picture::Picture) {
    std::fs::write(dir.join(name), &p.png[..]).expect("the picture is written");
    println!("{name}: {}×{}, {} bytes", p.width, p.height, p.png.len());
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures");
    std::fs::create_dir_all(&dir).expect("docs/pictures exists");
    let attack = |g: &Match| matches!(g.public_view(), engarde_rules::PublicView::EnGarde(p) if matches!(p.phase, engarde_rules::engarde::Phase::Defend { .. }));
    let (g, last) = played_until("engarde-standard", 11, 9, 1, attack);
    write(&dir, "engarde-board.png", &picture::board(&g.public_view(), &last));
    write(&dir, "engarde-hand.png", &picture::prompt(&g.view(Seat::A)));
    let (g, last) = played("kengo-normal", 5, 2, 0);
    write(&dir, "kengo-board.png", &picture::board(&g.public_view(), &last));
    let (g, last) = played("forteresse", 3, 17, 3);
    write(&dir, "forteresse-board.png", &picture::board(&g.public_view(), &last));
    write(&dir, "forteresse-prompt.png", &picture::prompt(&g.view(Seat::A)));
    if let engarde_rules::SeatView::Forteresse(v) = g.view(g.to_act().single().unwrap_or(Seat::A)) {
        if let Some(shot) = v.shots.get(4) {
            write(&dir, "forteresse-aim.png", &picture::aim(&v, shot.from));
        }
    }
    let phrase = |g: &Match| matches!(g.public_view(), engarde_rules::PublicView::ReadyFence(p) if p.phrase.is_some());
    let (g, last) = played_until("ready-fence-basic", 5, 14, 2, phrase);
    write(&dir, "readyfence-board.png", &picture::board(&g.public_view(), &last));
    write(&dir, "readyfence-hand.png", &picture::prompt(&g.view(Seat::A)));
    for (name, variant) in
        [("engarde", "engarde-standard"), ("forteresse", "forteresse"), ("readyfence", "ready-fence-basic")]
    {
        let end = picture::reveal(&record(variant, 4)).expect("the record replays");
        write(&dir, &format!("{name}-end.png"), &end);
    }
}
