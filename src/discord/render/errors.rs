//! The service's refusals and apologies, in the reader's language.

use crate::i18n::{Lang, Text};
use crate::present::{escape, rules_message};
use crate::service::ServiceError;
use crate::t;
use engarde_rules::IllegalMove;

/// What a user is told about an error (internal details stay in the log).
#[must_use]
pub fn error(lang: Lang, e: &ServiceError) -> String {
    match e {
        ServiceError::ChallengeSelf => t!(lang, "error-challenge-self"),
        ServiceError::ChallengeBot => t!(lang, "error-challenge-bot"),
        ServiceError::PracticeNoDraw => t!(lang, "error-practice-no-draw"),
        ServiceError::AlreadyPlaying(name, id) => t!(lang, "error-already-playing", name = escape(name), id = *id),
        ServiceError::ChallengePending(name) => t!(lang, "error-challenge-pending", name = escape(name)),
        ServiceError::ChallengeNotFound => t!(lang, "error-challenge-not-found"),
        ServiceError::NotForYou => t!(lang, "error-not-for-you"),
        ServiceError::ChallengeClosed(status) => match status.as_str() {
            "accepted" => t!(lang, "error-challenge-accepted"),
            "declined" => t!(lang, "error-challenge-declined"),
            "cancelled" => t!(lang, "error-challenge-withdrawn"),
            "expired" => t!(lang, "error-challenge-expired"),
            _ => t!(lang, "error-challenge-closed"),
        },
        ServiceError::MatchNotFound(id) => t!(lang, "error-match-not-found", id = *id),
        ServiceError::NoMatch => t!(lang, "error-no-match"),
        ServiceError::SeveralMatches => t!(lang, "error-several-matches"),
        ServiceError::NotInMatch => t!(lang, "error-not-in-match"),
        ServiceError::MatchOver => t!(lang, "error-match-over"),
        ServiceError::Stale(None) => t!(lang, "error-stale"),
        ServiceError::Stale(Some(link)) => t!(lang, "error-stale-link", url = link.url()),
        ServiceError::NotYourTurn(name) => t!(lang, "error-not-your-turn", name = escape(name)),
        ServiceError::Illegal(why) => Text::new("error-illegal").arg("why", refusal(why)).render(lang),
        ServiceError::AlreadyApplied => t!(lang, "error-already-applied"),
        ServiceError::NotAMove => t!(lang, "error-not-a-move"),
        ServiceError::DrawLapsed => t!(lang, "error-draw-lapsed"),
        ServiceError::DeadlinePassed => t!(lang, "error-deadline-passed"),
        ServiceError::NoChallenge => t!(lang, "error-no-challenge"),
        ServiceError::NotAdmin => t!(lang, "error-not-admin"),
        ServiceError::BadOptions(text) => text.render(lang),
        ServiceError::Internal(_) => t!(lang, "error-internal"),
        ServiceError::Unavailable(_) => t!(lang, "error-unavailable"),
    }
}

/// The rules' refusal as a message of the catalogues (ids `rules-…`), not their English.
#[must_use]
pub fn refusal(why: &IllegalMove) -> Text {
    rules_message(why.message())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engarde_rules::{Match, MatchAction, OptionMap, Seat, Variant};

    /// An illegal move is told in the reader's language, from the rules' message id.
    #[test]
    fn an_illegal_move_is_worded_in_each_language() {
        let variant: Variant = "engarde-standard".parse().unwrap();
        let mut m = Match::start(variant, &OptionMap::new(), 1, Some(Seat::A)).unwrap();
        let Match::EnGarde(g) = &m else { unreachable!() };
        let card = g.view(Seat::A).hand.iter().next().unwrap();
        let action = MatchAction::EnGarde(engarde_rules::engarde::Action::Attack { card, count: 1 });
        let why = m.play(Seat::A, action).unwrap_err();
        let e = ServiceError::Illegal(why);
        let en = error(Lang::En, &e);
        assert!(en.contains("the distance, 22"), "{en}");
        for lang in Lang::ALL {
            let text = error(lang, &e);
            assert!(text.contains("22") && !text.contains("rules-"), "{}: {text}", lang.code());
        }
        assert_ne!(error(Lang::ALL[1], &e), en);
    }
}
