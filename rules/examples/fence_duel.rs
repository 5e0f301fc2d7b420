//! Practice opponents against each other at Ready... Fence! basic, one line per bout: the
//! score, why it ended, and how many decisions. A diagnostic, not a benchmark.
//!
//! Run: `cargo run --release -p engarde-rules --example fence_duel -- medium easy 10`
//! (levels `random`, `easy`, `medium`, `hard`; the first plays seat A in even bouts).

use engarde_rules::readyfence::{Config, ReadyFence, Variant};
use engarde_rules::{choose_action, Budget, Level, Match, MatchAction, Seat, ToAct};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |s: &str| if s == "random" { None } else { Some(s.parse::<Level>().expect("a level")) };
    let players = [level(&args[0]), level(&args[1])];
    let bouts: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10);
    let mut wins = 0.0;
    for i in 0..bouts {
        let seed = 1000 * i + 17;
        let order = if i % 2 == 0 { players } else { [players[1], players[0]] };
        let mut m = Match::ReadyFence(ReadyFence::new(Config::new(Variant::Basic, seed)).expect("a bout"));
        let mut log: Vec<(Seat, MatchAction)> = Vec::new();
        let mut dice = seed | 1;
        while let ToAct::One(seat) = m.to_act() {
            let action = match order[seat as usize] {
                None => {
                    let legal = m.legal_actions(seat);
                    dice ^= dice << 13;
                    dice ^= dice >> 7;
                    dice ^= dice << 17;
                    legal[(dice % legal.len() as u64) as usize]
                }
                Some(l) => {
                    let k = m.knowledge(seat, &log);
                    choose_action(&k, l, seed ^ (log.len() as u64) << 20, Budget::for_level(l)).expect("a decision")
                }
            };
            if std::env::var_os("VERBOSE").is_some() {
                let Match::ReadyFence(b) = &m else { unreachable!() };
                let who = order[seat as usize].map_or("random", Level::name);
                println!(
                    "  {seat:?} {who:6} pos {:?} sp {:?} score {:?}: {action:?}",
                    b.positions(),
                    b.stamina(),
                    b.score()
                );
            }
            m.play(seat, action).expect("legal");
            log.push((seat, action));
        }
        let Match::ReadyFence(b) = &m else { unreachable!() };
        let first = if i % 2 == 0 { Seat::A } else { Seat::B };
        let w = match b.winner() {
            Some(s) if s == first => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        wins += w;
        println!(
            "bout {i}: first player {} plays {first:?}; score {:?}, end {:?}, period {}, {} decisions, result {w}",
            args[0],
            b.score(),
            b.end_reason(),
            b.period(),
            log.len()
        );
    }
    println!("{}: {:.1}% over {bouts}", args[0], 100.0 * wins / bouts as f64);
}
