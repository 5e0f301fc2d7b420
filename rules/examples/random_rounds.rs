//! Random play, timed by CPU: the loop of the `random_play` bench's `random_rounds` group
//! (En Garde standard unless a variant name is given), for a fixed number of rounds.
//!
//! Run: `cargo run --release -p engarde-rules --example random_rounds -- [variant] [rounds]`
//! (under `/usr/bin/time` for the CPU time of the whole run).

use std::time::Instant;

use engarde_rules::engarde::{ActionList, Config, EnGarde, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "engarde-standard".to_owned());
    let rounds: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(5_000_000);
    let variant = Variant::ALL.into_iter().find(|v| v.name() == name).expect("a variant name");
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut pick = |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    };
    let new_match = |seed: u64| {
        let mut config = Config::new(variant, seed);
        config.options.hits_to_win = 15;
        EnGarde::new(config).expect("default options are valid")
    };
    let mut seed = 0;
    let mut game = new_match(seed);
    let mut legal = ActionList::new();
    let mut done = 0u64;
    let mut actions = 0u64;
    let start = Instant::now();
    while done < rounds {
        let before = game.rounds().len();
        loop {
            let Some(seat) = game.to_act() else {
                seed += 1;
                game = new_match(seed);
                break;
            };
            game.legal_actions_into(&mut legal);
            let action = legal[pick(legal.len())];
            game.play_quiet(seat, action).expect("a listed action is legal");
            actions += 1;
            if game.rounds().len() > before {
                break;
            }
        }
        done += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}: {done} rounds, {actions} actions in {secs:.3} s: {:.3} M rounds/s (wall clock)",
        done as f64 / secs / 1e6
    );
}
