//! The service alone: one player action through `Service::act` over a real SQLite file
//! (load, check, apply, persist), then the new board rendered
//! (`engarde::discord::render::board`) and serialised as the bot sends it.
//!
//! `cargo bench --bench service`. The database holds 1,000 finished matches first. Next
//! to criterion's own report, each benchmark prints the median of the timed iterations.
//! The parts are measured too (opening a hand, parsing and writing the stored state,
//! rendering), to see where the time goes.

#[path = "load/seed.rs"]
#[allow(dead_code)]
mod seed;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use engarde::discord::render;
use engarde::i18n::Lang;
use engarde::service::{ActRequest, BoardView, ChallengeRequest, PlayerInfo, Service};
use engarde_rules::engarde::{Config, EnGarde, Variant};
use engarde_rules::MatchAction;
use tokio::runtime::Runtime;

const GUILD: u64 = 1_000;
const CHANNEL: u64 = 2_000;
const ALICE: u64 = 3_001;
const BOB: u64 = 3_002;
const SEEDED: usize = 1_000;

/// A match always ready for its next action (a new one starts when one ends).
struct Bench {
    service: Service,
    board: Option<BoardView>,
    next_id: u64,
    rng: u64,
}

impl Bench {
    fn fresh(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn random(&mut self, n: usize) -> usize {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    /// The current board, starting a match if none is under way (untimed).
    async fn board(&mut self) -> BoardView {
        if let Some(b) = self.board.as_ref().filter(|b| b.to_act.single().is_some()) {
            return b.clone();
        }
        let person = |id: u64| PlayerInfo { user_id: id, name: format!("Fencer {id}"), bot: false };
        let request = ChallengeRequest {
            guild_id: GUILD,
            channel_id: CHANNEL,
            challenger: person(ALICE),
            challenged: person(BOB),
            variant: Some(Variant::EngardeStandard.into()),
            options: Default::default(),
            turn: None,
            interaction_id: self.fresh(),
        };
        let challenge = self.service.challenge(request).await.expect("a challenge");
        let accepted = self.service.accept(challenge.id, &person(BOB)).await.expect("an accepted challenge");
        let board = accepted.board;
        let message = self.fresh();
        self.service.record_board(&board, CHANNEL, message, "").await.expect("a board");
        self.board = Some(board.clone());
        board
    }

    /// The next action of whoever must act, as a request (untimed).
    async fn next_request(&mut self) -> ActRequest {
        let board = self.board().await;
        let seat = board.to_act.single().expect("someone to act");
        let user = board.players.get(seat).user_id;
        let hand = self.service.hand(GUILD, board.match_id, user).await.expect("a hand");
        let legal: Vec<MatchAction> = hand.legal_actions.iter().copied().filter(|a| !a.is_resign()).collect();
        let action = legal[self.random(legal.len())];
        ActRequest {
            guild_id: GUILD,
            match_id: board.match_id,
            turn: hand.turn,
            user_id: user,
            action,
            interaction_id: self.fresh(),
        }
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn report(name: &str, samples: Vec<Duration>) {
    let n = samples.len();
    if n > 0 {
        eprintln!("{name}: median {:.1} µs over {n} timed iterations", median(samples).as_secs_f64() * 1e6);
    }
}

fn setup() -> (Runtime, tempfile::TempDir, Bench) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let service = runtime.block_on(async {
        seed::seed(&url, GUILD, CHANNEL, &[ALICE, BOB], SEEDED).await.expect("seeded");
        Service::new(engarde::store::open(&url).await.expect("the database"))
    });
    (runtime, dir, Bench { service, board: None, next_id: 1 << 50, rng: 0x9E37_79B9_7F4A_7C15 })
}

fn bench(c: &mut Criterion) {
    let (rt, _dir, mut bench) = setup();
    let mut group = c.benchmark_group("service");

    let mut samples = Vec::new();
    group.bench_function("act_and_render_board", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let request = rt.block_on(bench.next_request());
                let start = Instant::now();
                let done = rt.block_on(bench.service.act(request)).expect("a legal action applies");
                let message = render::board(Lang::Fr, &done.board);
                black_box(serde_json::to_vec(&message).expect("a message serialises"));
                let took = start.elapsed();
                total += took;
                samples.push(took);
                // Like the bot, remember the posted board (untimed).
                let id = bench.fresh();
                rt.block_on(bench.service.record_board(&done.board, CHANNEL, id, "")).expect("a board");
                bench.board = Some(done.board);
            }
            total
        });
    });
    report("service/act_and_render_board", std::mem::take(&mut samples));

    group.bench_function("hand_and_render", |b| {
        b.iter_custom(|iters| {
            let board = rt.block_on(bench.board());
            let seat = board.to_act.single().expect("someone to act");
            let user = board.players.get(seat).user_id;
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let hand = rt.block_on(bench.service.hand(GUILD, board.match_id, user)).expect("a hand");
                black_box(render::hand_text(Lang::Fr, &hand));
                let rows = render::hand_components(Lang::Fr, &hand);
                black_box(serde_json::to_vec(&rows).expect("components serialise"));
                let took = start.elapsed();
                total += took;
                samples.push(took);
            }
            total
        });
    });
    report("service/hand_and_render", std::mem::take(&mut samples));

    group.bench_function("record_board", |b| {
        b.iter_custom(|iters| {
            let board = rt.block_on(bench.board());
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let id = bench.fresh();
                let start = Instant::now();
                rt.block_on(bench.service.record_board(&board, CHANNEL, id, "")).expect("a board");
                total += start.elapsed();
            }
            total
        });
    });
    group.finish();

    // The parts, without the database: a mid-match stored state.
    let mut parts = c.benchmark_group("parts");
    let mut game = EnGarde::new(Config::new(Variant::EngardeStandard, 7)).expect("a game");
    for _ in 0..60 {
        let Some(seat) = game.to_act() else { break };
        let action = game.legal_actions()[0];
        game.play(seat, action).expect("legal");
    }
    let state = serde_json::to_string(&game).expect("state");
    eprintln!("parts: a stored state after {} actions is {} bytes of JSON", game.turn(), state.len());
    parts.bench_function("parse_state", |b| {
        b.iter(|| black_box(serde_json::from_str::<EnGarde>(&state).expect("parses")))
    });
    parts.bench_function("write_state", |b| b.iter(|| black_box(serde_json::to_string(&game).expect("writes"))));
    let board = rt.block_on(bench.board());
    parts.bench_function("render_board", |b| {
        b.iter(|| black_box(serde_json::to_vec(&render::board(Lang::Fr, &board)).expect("serialises")))
    });
    parts.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
