//! Random play: complete rounds per second, per variant.
//!
//! One iteration plays random legal actions until one more round has ended
//! (a new match starts when one ends), so criterion's throughput figure is in
//! rounds per second. Run: `cargo bench -p engarde-rules --bench random_play`.
//!
//! The `ready_fence_bouts` group plays whole Ready... Fence! bouts (default options, random
//! legal decisions): its throughput figure is in bouts per second, per mode.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engarde_rules::engarde::{Config, EnGarde, Variant};
use engarde_rules::readyfence::{self, ReadyFence};
use engarde_rules::ToAct;

struct RandomPlayer {
    state: u64,
}

impl RandomPlayer {
    fn pick(&mut self, n: usize) -> usize {
        // xorshift64*
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    }
}

fn new_match(variant: Variant, seed: u64) -> EnGarde {
    let mut config = Config::new(variant, seed);
    config.options.hits_to_win = 15;
    EnGarde::new(config).expect("default options are valid")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_rounds");
    group.throughput(Throughput::Elements(1));
    for variant in Variant::ALL {
        group.bench_function(variant.name(), |b| {
            let mut player = RandomPlayer { state: 0x9E37_79B9_7F4A_7C15 };
            let mut seed = 0;
            let mut game = new_match(variant, seed);
            b.iter(|| {
                let rounds = game.rounds().len();
                loop {
                    let Some(seat) = game.to_act() else {
                        seed += 1;
                        game = new_match(variant, seed);
                        break;
                    };
                    let legal = game.legal_actions();
                    let action = legal[player.pick(legal.len())];
                    game.play(seat, action).expect("a listed action is legal");
                    if game.rounds().len() > rounds {
                        break;
                    }
                }
            });
        });
    }
    group.finish();
}

fn bench_ready_fence(c: &mut Criterion) {
    let mut group = c.benchmark_group("ready_fence_bouts");
    group.throughput(Throughput::Elements(1));
    for &variant in readyfence::Variant::ALL {
        group.bench_function(variant.as_str(), |b| {
            let mut player = RandomPlayer { state: 0x9E37_79B9_7F4A_7C15 };
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let mut game =
                    ReadyFence::new(readyfence::Config::new(variant, seed)).expect("default options are valid");
                while let ToAct::One(seat) = game.to_act() {
                    let legal = game.legal_actions(seat);
                    let action = legal[player.pick(legal.len())];
                    game.play(seat, action).expect("a listed action is legal");
                }
                game.score()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_ready_fence);
criterion_main!(benches);
