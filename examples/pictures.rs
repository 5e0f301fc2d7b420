//! Writes a picture of each game's board (and a few prompts) into `docs/pictures/`, from
//! seeded matches played a few moves in: `cargo run --example pictures`.

use std::path::Path;

use engarde::present::picture;
use engarde_rules::forteresse::{Action as FAction, Fortress};
use engarde_rules::{Match, MatchAction, MatchEvent, Seat, ToAct};

/// Plays `moves` decisions of `variant` (legal actions picked by a seeded generator,
/// random fortresses in Forteresse) and returns the match with the events of the last
/// decision.
fn played(variant: &str, seed: u64, moves: usize, pick: u64) -> (Match, Vec<MatchEvent>) {
    played_until(variant, seed, moves, pick, |_| true)
}

/// A whole seeded match's record.
fn record(variant: &str, seed: u64) -> String {
    let mut actions = Vec::new();
    let (game, _) = played_with(variant, seed, 2_000, seed, |g| g.is_finished(), &mut actions);
    game.to_record(&actions).to_string()
}

/// Like [`played`], then on until `wanted` holds (at most 400 decisions in all).
fn played_until(
    variant: &str,
    seed: u64,
    moves: usize,
    pick: u64,
    wanted: impl Fn(&Match) -> bool,
) -> (Match, Vec<MatchEvent>) {
    played_with(variant, seed, moves, pick, wanted, &mut Vec::new())
}

fn played_with(
    variant: &str,
    seed: u64,
    moves: usize,
    pick: u64,
    wanted: impl Fn(&Match) -> bool,
    actions: &mut Vec<(Seat, MatchAction)>,
) -> (Match, Vec<MatchEvent>) {
    let mut game = Match::start(variant.parse().expect("a variant"), &Default::default(), seed, Some(Seat::A))
        .expect("a match starts");
    let (mut last, mut rng) = (Vec::new(), pick | 1);
    for step in 0..moves.max(400) {
        if step >= moves && wanted(&game) {
            break;
        }
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
                // Ready... Fence!: mostly the last choices (attacks and answers), so phrases happen.
                if matches!(game, Match::ReadyFence(_)) && rng >> 62 != 0 {
                    legal[legal.len() - 1]
                } else {
                    legal[(rng >> 33) as usize % legal.len()]
                }
            }
        };
        last = game.play(seat, action).expect("a legal action");
        actions.push((seat, action));
    }
    (game, last)
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
