//! Every message the bot renders stays within Discord's limits in every language, at its
//! longest: the longest display names (every character escaped), the largest ids and
//! numbers, every game and variant, random positions of each, and every kind of
//! announcement. Each message is checked as Discord would (the double's validator), and its
//! text before any clamping.

use discord_double::message_limit_errors;
use engarde::discord::render;
use engarde::i18n::Lang;
use engarde::service::{
    BoardLink, BoardView, ChallengeView, Done, DrawOffer, HandView, MatchSummary, Narration, Player, Practice,
    Reminder, ReminderItem, ServiceError,
};
use engarde_rules::{choose_action, Budget, BySeat, Level, Match, MatchEvent, OptionMap, Seat, Variant};
use poise::serenity_prelude::CreateMessage;

/// Discord's longest display name (32), every character one that Markdown escaping doubles.
fn long_name(c: char) -> String {
    std::iter::repeat_n(c, 32).collect()
}

fn players() -> BySeat<Player> {
    BySeat {
        a: Player { user_id: u64::MAX, name: long_name('_') },
        b: Player { user_id: u64::MAX - 1, name: long_name('*') },
    }
}

const BIG: i64 = 9_007_199_254_740_993;

fn link() -> Option<BoardLink> {
    Some(BoardLink { guild_id: u64::MAX, channel_id: u64::MAX, message_id: u64::MAX })
}

fn check(what: &str, lang: Lang, message: impl serde::Serialize) {
    let body = serde_json::to_value(message).expect("a message serialises");
    let errors = message_limit_errors(&body);
    assert!(errors.is_empty(), "{what} in {lang}: {errors:?}\n{body}");
}

fn check_text(what: &str, lang: Lang, text: &str) {
    let n = text.chars().count();
    assert!(n <= render::MAX_CONTENT, "{what} in {lang}: {n} characters\n{text}");
}

fn board_view(game: &Match, narration: Narration, practice: Option<Practice>, aborted: bool) -> BoardView {
    BoardView {
        match_id: BIG,
        guild_id: u64::MAX,
        channel_id: u64::MAX,
        turn: BIG,
        players: players(),
        public: game.public_view(),
        to_act: game.to_act(),
        outcome: game.outcome(),
        narration,
        deadline: (!game.is_finished()).then_some(4_102_444_800),
        aborted,
        practice,
        fresh: true,
        actor: None,
        // Both players away (the longest board text: a line for each).
        life: engarde::service::life::BoardLife {
            away: vec![(players().a, 4_102_444_800), (players().b, 4_102_444_800)],
            silent: Vec::new(),
            quiet_until: Vec::new(),
        },
    }
}

fn hand_view(game: &Match, seat: Seat) -> HandView {
    HandView {
        match_id: BIG,
        turn: BIG,
        seat,
        players: players(),
        view: game.view(seat),
        to_act: game.to_act(),
        legal_actions: game.legal_actions(seat),
        board: link(),
        practice: Some(Practice { seat: seat.other(), level: Level::Medium }),
    }
}

fn check_board(lang: Lang, board: &BoardView) {
    let content = render::narration(lang, board).join("\n");
    check_text("a board's narration", lang, &content);
    check("a board", lang, render::board(lang, board));
}

/// Random positions of every variant of every game, in every language: boards with each
/// narration, and both players' prompts.
#[test]
fn boards_and_prompts_fit_in_every_language() {
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 16) as usize % n
    };
    for variant in Variant::all() {
        for seed in 0..3 {
            let mut game = Match::start(variant, &OptionMap::default(), seed, None).expect("default options");
            let mut events: Vec<MatchEvent> = Vec::new();
            let mut log = Vec::new();
            let mut step = 0;
            loop {
                // Every few positions: the whole check in every language.
                if step % 7 == 0 || game.is_finished() {
                    for lang in Lang::ALL {
                        let practice = Some(Practice { seat: Seat::B, level: Level::Medium });
                        for narration in [Narration::Opening, Narration::Status, Narration::Events(events.clone())] {
                            check_board(lang, &board_view(&game, narration, practice, false));
                        }
                        for seat in Seat::ALL {
                            let hand = hand_view(&game, seat);
                            let text = render::hand_text(lang, &hand);
                            check_text("a prompt", lang, &text);
                            let message =
                                CreateMessage::new().content(text).components(render::hand_components(lang, &hand));
                            check("a prompt", lang, message);
                        }
                    }
                }
                if game.is_finished() || step > 400 {
                    break;
                }
                let seats = game.to_act().seats().to_vec();
                let seat = seats[next(seats.len())];
                let legal = game.legal_actions(seat);
                // Actions too many to list (a Forteresse set-up): as the practice bot makes them.
                let action = if legal.is_empty() {
                    let knowledge = game.knowledge(seat, &log);
                    choose_action(&knowledge, Level::Easy, seed, Budget::for_level(Level::Easy)).expect("a decision")
                } else {
                    legal[next(legal.len())]
                };
                log.push((seat, action));
                events = game.play(seat, action).expect("a listed action is legal");
                for lang in Lang::ALL {
                    let done = render::done(lang, &Done::Action(action));
                    assert!(done.chars().count() <= 500, "{done}");
                }
                step += 1;
            }
            for lang in Lang::ALL {
                for narration in [
                    Narration::Aborted { by: long_name('~') },
                    Narration::Timeout { late: Seat::A },
                    Narration::CalledOff,
                ] {
                    check_board(lang, &board_view(&game, narration, None, true));
                }
            }
        }
    }
}

/// Challenges, draw offers, reminders, match lists, thread names and refusals.
#[test]
fn announcements_and_refusals_fit_in_every_language() {
    let p = players();
    for lang in Lang::ALL {
        for variant in Variant::all() {
            let challenge = ChallengeView {
                id: BIG,
                challenger: p.a.clone(),
                challenged: p.b.clone(),
                variant,
                options: OptionMap::default(),
                turn_seconds: 14 * 86_400 - 60,
                expires_at: 4_102_444_800,
                challenged_away_until: Some(4_102_444_800),
            };
            let (text, rows) = render::challenge(lang, &challenge);
            check_text("a challenge", lang, &text);
            check("a challenge", lang, CreateMessage::new().content(text).components(rows));
            for status in ["accepted", "declined", "expired", "cancelled"] {
                let closed = render::challenge_closed(lang, &challenge, status, Some(BIG));
                check_text("a closed challenge", lang, &closed);
            }
            let thread = render::thread_name(lang, BIG, &challenge.challenger.name, &challenge.challenged.name);
            assert!(thread.chars().count() <= 100, "{thread}");
        }
        let offer = DrawOffer { match_id: BIG, turn: BIG, channel_id: u64::MAX, by: p.a.clone(), to: p.b.clone() };
        check("a draw offer", lang, render::draw_offer(lang, &offer));
        for n in [1, 8, 9, 200] {
            let item = ReminderItem { match_id: BIG, opponent: long_name('|'), deadline: 4_102_444_800, board: link() };
            let reminder =
                Reminder { guild_id: u64::MAX, user_id: u64::MAX, channel_id: u64::MAX, matches: vec![item; n] };
            check_text("a reminder", lang, &render::reminder(lang, &reminder));
        }
        let summary = MatchSummary {
            match_id: BIG,
            opponent: long_name('`'),
            variant: Variant::all().last().unwrap(),
            your_turn: true,
            score: (u32::MAX, u32::MAX),
            board: link(),
        };
        check_text("a match list", lang, &render::match_list(lang, &vec![summary; 100]));
        for e in refusals() {
            let text = render::error(lang, &e);
            assert!(text.chars().count() <= 300, "{text}");
            assert!(!text.is_empty());
        }
    }
}

fn refusals() -> Vec<ServiceError> {
    let name = long_name('_');
    vec![
        ServiceError::ChallengeSelf,
        ServiceError::ChallengeBot,
        ServiceError::PracticeNoDraw,
        ServiceError::AlreadyPlaying(name.clone(), BIG),
        ServiceError::ChallengePending(name.clone()),
        ServiceError::ChallengeNotFound,
        ServiceError::NotForYou,
        ServiceError::ChallengeClosed("expired".into()),
        ServiceError::MatchNotFound(BIG),
        ServiceError::NoMatch,
        ServiceError::SeveralMatches,
        ServiceError::NotInMatch,
        ServiceError::MatchOver,
        ServiceError::Stale(link()),
        ServiceError::NotYourTurn(name),
        ServiceError::Illegal(engarde_rules::IllegalMove::Forteresse(
            engarde_rules::forteresse::PlayError::BadDirection {
                from: "A2".parse().unwrap(),
                dir: "E".parse().unwrap(),
                legal: engarde_rules::forteresse::Dirs::EMPTY,
            },
        )),
        ServiceError::AlreadyApplied,
        ServiceError::NotAMove,
        ServiceError::DrawLapsed,
        ServiceError::DeadlinePassed,
        ServiceError::NoChallenge,
        ServiceError::NotAdmin,
        ServiceError::Internal("detail".into()),
        ServiceError::Unavailable("detail".into()),
    ]
}

#[test]
fn the_rules_of_every_variant_fit_in_messages_in_every_language() {
    for lang in Lang::ALL {
        for variant in Variant::all() {
            let text = engarde::present::rules_summary(lang, variant);
            let parts = render::split_message(&text);
            assert!(!parts.is_empty());
            for part in &parts {
                check_text("the rules", lang, part);
            }
            // Nothing is lost in the cut.
            let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
            assert_eq!(words(&parts.join("\n\n")), words(&text), "{variant:?} in {lang}");
        }
    }
}
