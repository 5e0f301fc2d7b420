//! Private prompts fit a phone: over the positions of whole seeded matches of every game, in
//! every language, the prompt of each player to act is at most 600 characters at the median,
//! and every prompt (both seats, every position) is one Discord accepts, as checked by the
//! double's validator. Run with `--nocapture` for the measured lengths.

use discord_double::message_limit_errors;
use engarde::discord::render;
use engarde::i18n::Lang;
use engarde::service::{BoardLink, HandView, Player};
use engarde_rules::{choose_action, Budget, BySeat, Game, Level, Match, OptionMap, Seat, Variant};
use poise::serenity_prelude::CreateMessage;

/// The median a prompt must not exceed, in characters.
const MEDIAN: usize = 600;

/// Ordinary names and ids, as a prompt shows them (with a link to its board).
fn hand_view(game: &Match, seat: Seat, turn: i64) -> HandView {
    HandView {
        match_id: 1_234,
        turn,
        seat,
        players: BySeat {
            a: Player { user_id: 1_100_000_000_000_000_001, name: "Alice".into() },
            b: Player { user_id: 1_100_000_000_000_000_002, name: "Bob".into() },
        },
        view: game.view(seat),
        to_act: game.to_act(),
        legal_actions: game.legal_actions(seat),
        board: Some(BoardLink {
            guild_id: 1_000_000_000_000_000_001,
            channel_id: 1_000_000_000_000_000_002,
            message_id: 1_000_000_000_000_000_003,
        }),
        practice: None,
    }
}

/// The lengths of the prompts of the players to act, per game and language.
#[derive(Default)]
struct Lengths(std::collections::BTreeMap<(String, Lang), Vec<usize>>);

impl Lengths {
    fn median(list: &mut [usize]) -> usize {
        list.sort_unstable();
        list[list.len() / 2]
    }
}

#[test]
fn prompts_are_short_at_the_median_and_within_discord_limits_everywhere() {
    let mut lengths = Lengths::default();
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 16) as usize % n
    };
    for variant in Variant::all() {
        let game_name = match variant.game() {
            Game::EnGarde => "En Garde / Kengo",
            Game::Forteresse => "Forteresse",
            Game::ReadyFence => "Ready... Fence!",
        };
        for seed in 0..3 {
            let mut game = Match::start(variant, &OptionMap::default(), seed, None).expect("default options");
            let mut log = Vec::new();
            for turn in 0..3_000 {
                for lang in Lang::ALL {
                    for seat in Seat::ALL {
                        let hand = hand_view(&game, seat, turn);
                        let text = render::hand_text(lang, &hand);
                        let message =
                            CreateMessage::new().content(text.clone()).components(render::hand_components(lang, &hand));
                        let body = serde_json::to_value(message).expect("a message serialises");
                        let errors = message_limit_errors(&body);
                        assert!(errors.is_empty(), "{variant:?} in {lang}: {errors:?}\n{body}");
                        if game.to_act().seats().contains(&seat) {
                            lengths.0.entry((game_name.to_owned(), lang)).or_default().push(text.chars().count());
                        }
                    }
                }
                if game.is_finished() {
                    break;
                }
                let seats = game.to_act().seats().to_vec();
                let seat = seats[next(seats.len())];
                let legal = game.legal_actions(seat);
                // A Forteresse set-up is not listed: as the practice bot makes one.
                let action = if legal.is_empty() {
                    let knowledge = game.knowledge(seat, &log);
                    choose_action(&knowledge, Level::Easy, seed, Budget::for_level(Level::Easy)).expect("a decision")
                } else {
                    legal[next(legal.len())]
                };
                log.push((seat, action));
                game.play(seat, action).expect("a listed action is legal");
            }
            assert!(game.is_finished(), "{variant:?} seed {seed} was played to its end");
        }
    }
    let mut report = Vec::new();
    for ((game, lang), list) in &mut lengths.0 {
        let median = Lengths::median(list);
        let max = list.last().copied().unwrap_or_default();
        report.push(format!("{game} {lang}: {} prompts, median {median}, max {max}", list.len()));
        assert!(median <= MEDIAN, "{game} in {lang}: the median prompt is {median} characters");
    }
    eprintln!("{}", report.join("\n"));
}
