//! No leaks by construction: the public board message the bot sends is a
//! function of public information only. For random positions of every variant,
//! two games that differ only in what is hidden (either hand, the pile's order,
//! the seed; in Forteresse, a fortress where no shot has looked; in Ready... Fence!, a hand
//! swapped with the timer's cards, the piles reordered, the generator reseeded) render to
//! byte-identical Discord messages, and so does the opponent's own prompt.
//!
//! (That nothing secret reaches the log at info level is checked end to end in
//! `e2e_tamper.rs`, which reads the bot's own stderr.)
//!
//! Each En Garde and Kengo variant has its own test, so that they run side by side:
//! [`GAMES_PER_VARIANT`] random games each, every position of each checked, in every
//! language (`PROPTEST_CASES=N cargo test --test no_leaks` plays another count).

use engarde::discord::render;
use engarde::i18n::Lang;
use engarde::service::{BoardView, HandView, Narration, Player};
use engarde_rules::engarde::{Config, EnGarde, Options, Variant};
use engarde_rules::{BySeat, Match, Seat};
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;

#[path = "../rules/tests/support/secrets.rs"]
mod secrets;
use secrets::with_secrets_changed;

#[path = "../rules/tests/support/fortress_secrets.rs"]
mod fortress_secrets;
use fortress_secrets::with_hidden_changed;

/// Random games of each En Garde and Kengo variant; every position of each is checked.
///
/// 100 a variant, 600 in all, as many as before the file was split: a leak is a part of a
/// message that depends on something hidden, and each game checks it at every one of its
/// positions (openings, exchanges, round ends of every kind, the end of the match) against
/// three changes of the secrets in four languages; the games' hit counts (1 to 3) and moves
/// are random.
const GAMES_PER_VARIANT: u32 = 100;

/// [`GAMES_PER_VARIANT`], or `PROPTEST_CASES` when set.
fn games_per_variant() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(GAMES_PER_VARIANT)
}

fn players() -> BySeat<Player> {
    BySeat {
        a: Player { user_id: 1_100_000_000_000_000_001, name: "Alice".to_owned() },
        b: Player { user_id: 1_100_000_000_000_000_002, name: "Bob `the blade`".to_owned() },
    }
}

/// The board the bot would post for `game`, as the JSON sent to Discord.
fn rendered(game: &EnGarde, match_id: i64) -> String {
    rendered_match(&Match::EnGarde(game.clone()), match_id)
}

/// The prompt `seat` would see, text and components, as the JSON sent to Discord.
fn prompt(game: &Match, seat: Seat) -> String {
    let hand = HandView {
        match_id: 7,
        turn: i64::from(game.turn()),
        seat,
        players: players(),
        view: game.view(seat),
        to_act: game.to_act(),
        legal_actions: game.legal_actions(seat),
        board: None,
        practice: None,
    };
    // In every language: a translation must not let a secret through either.
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let components =
                serde_json::to_string(&render::hand_components(lang, &hand)).expect("components serialise");
            format!("{}\n{components}", render::hand_text(lang, &hand))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board the bot would post for a match of any game.
fn rendered_match(game: &Match, match_id: i64) -> String {
    let players = players();
    let public = game.public_view();
    let view = BoardView {
        match_id,
        guild_id: 1_000,
        channel_id: 2_000,
        turn: i64::from(game.turn()),
        narration: Narration::Status,
        public,
        to_act: game.to_act(),
        outcome: game.outcome(),
        players,
        deadline: (!game.is_finished()).then_some(1_795_248_000),
        aborted: false,
        practice: None,
        fresh: true,
        actor: None,
        life: Default::default(),
    };
    // In every language: a translation must not let a secret through either.
    Lang::ALL
        .into_iter()
        .map(|lang| serde_json::to_string(&render::board(lang, &view)).expect("a message serialises"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn play(variant: Variant, hits: u8, seed: u64, picks: &[u16]) -> Result<usize, TestCaseError> {
    let mut options = Options::for_variant(variant);
    options.hits_to_win = hits;
    let mut game = EnGarde::new(Config { variant, options, seed, first_player: None, decks: Vec::new() })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut checked = 0;
    let mut rng = seed | 1;
    for step in 0..2_000 {
        let board = rendered(&game, 7);
        for hidden in [&[Seat::A][..], &[Seat::B], &[Seat::A, Seat::B]] {
            let other = with_secrets_changed(&game, hidden);
            prop_assert_ne!(other.to_setup(), game.to_setup(), "the secrets did change");
            prop_assert_eq!(&rendered(&other, 7), &board, "hidden information of {:?} changed the board", hidden);
        }
        checked += 1;
        let Some(seat) = game.to_act() else { break };
        let legal = game.legal_actions();
        let pick = match picks.get(step) {
            Some(&p) => usize::from(p),
            None => {
                rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                (rng >> 33) as usize
            }
        };
        game.play(seat, legal[pick % legal.len()]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    Ok(checked)
}

/// One test per variant: `the_public_board_does_not_depend_on_hidden_information::<variant>`.
macro_rules! boards_of_each_variant {
    ($($name:ident: $variant:expr;)*) => {
        /// The variants with a test.
        const TESTED: &[Variant] = &[$($variant),*];

        mod the_public_board_does_not_depend_on_hidden_information {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig {
                    cases: games_per_variant(),
                    failure_persistence: None,
                    ..ProptestConfig::default()
                })]

                $(
                    #[test]
                    fn $name(
                        hits in 1u8..=3,
                        seed in any::<u64>(),
                        picks in prop::collection::vec(any::<u16>(), 0..64),
                    ) {
                        let checked = play($variant, hits, seed, &picks)?;
                        prop_assert!(checked > 1);
                    }
                )*
            }
        }
    };
}

boards_of_each_variant! {
    engarde_basic: Variant::EngardeBasic;
    engarde_standard: Variant::EngardeStandard;
    engarde_advanced: Variant::EngardeAdvanced;
    kengo_basic: Variant::KengoBasic;
    kengo_normal: Variant::KengoNormal;
    kengo_advanced: Variant::KengoAdvanced;
}

#[test]
fn every_variant_has_its_test() {
    assert_eq!(TESTED, Variant::ALL, "the list above names each variant once, in order");
}

#[test]
fn the_board_does_show_public_changes() {
    // The check above is not vacuous: a public change (a move) changes the board.
    let mut game = EnGarde::new(Config::new(Variant::EngardeStandard, 3)).unwrap();
    let before = rendered(&game, 7);
    let seat = game.to_act().unwrap();
    let action = game.legal_actions()[0];
    game.play(seat, action).unwrap();
    assert_ne!(rendered(&game, 7), before);
}

/// Random Forteresse matches (random options are the rules' own tests' business): set-ups
/// from the seed, shots picked at random.
fn play_forteresse(seed: u64, picks: u64) -> Result<usize, TestCaseError> {
    use engarde_rules::forteresse::{Action, Config as FConfig, Forteresse, Fortress};
    let mut game = Forteresse::new(FConfig::new(seed)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (mut rng, mut checked) = (picks | 1, 0);
    for step in 0..200u64 {
        let any = Match::Forteresse(game.clone());
        for target in Seat::ALL {
            let Some(changed) = with_hidden_changed(&game, target) else { continue };
            let changed = Match::Forteresse(changed);
            prop_assert_eq!(rendered_match(&changed, 7), rendered_match(&any, 7), "{:?}'s fortress shows", target);
            prop_assert_eq!(prompt(&changed, target.other()), prompt(&any, target.other()));
            checked += 1;
        }
        let seat = match game.to_act() {
            engarde_rules::ToAct::Nobody => break,
            engarde_rules::ToAct::Both => Seat::A,
            engarde_rules::ToAct::One(seat) => seat,
        };
        let action = if game.needs_setup(seat) {
            Action::Setup(Fortress::random(seed ^ step))
        } else {
            let legal = game.legal_actions(seat);
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            legal[(rng >> 33) as usize % legal.len()]
        };
        game.play(seat, action).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_fortress_shows_in_no_board_and_no_opponent_prompt(seed in any::<u64>(), picks in any::<u64>()) {
        let checked = play_forteresse(seed, picks)?;
        prop_assert!(checked > 10, "only {} positions checked", checked);
    }
}

/// Random Ready... Fence! bouts of every mode: at each position, the board and the opponent's
/// prompt are byte-identical when a hand is swapped with the timer's cards, the piles are
/// reordered and the generator reseeded.
fn play_readyfence(variant: engarde_rules::readyfence::Variant, seed: u64, picks: u64) -> Result<usize, TestCaseError> {
    use engarde_rules::readyfence::{Config as RConfig, ReadyFence};
    let mut game = ReadyFence::new(RConfig::new(variant, seed)).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (mut rng, mut checked) = (picks | 1, 0);
    for step in 0..400u64 {
        let any = Match::ReadyFence(game.clone());
        for target in Seat::ALL {
            let changed = game.with_hidden_changed(target, seed ^ step ^ 0x5eed);
            let changed = Match::ReadyFence(changed);
            prop_assert_eq!(rendered_match(&changed, 7), rendered_match(&any, 7), "{:?}'s hand shows", target);
            prop_assert_eq!(prompt(&changed, target.other()), prompt(&any, target.other()));
            checked += 1;
        }
        let Some(seat) = game.to_act().single() else { break };
        let legal = game.legal_actions(seat);
        rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        // Mostly the last choices (attacks and answers), so that phrases happen.
        let pick = if rng >> 62 == 0 { (rng >> 33) as usize % legal.len() } else { legal.len() - 1 };
        game.play(seat, legal[pick]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn a_ready_fence_hand_and_pile_show_in_no_board_and_no_opponent_prompt(
        variant in prop::sample::select(engarde_rules::readyfence::Variant::ALL.to_vec()),
        seed in any::<u64>(),
        picks in any::<u64>(),
    ) {
        let checked = play_readyfence(variant, seed, picks)?;
        prop_assert!(checked > 10, "only {} positions checked", checked);
    }
}
