//! The service's refusals and apologies, in the reader's language.

use crate::i18n::Lang;
use crate::present::escape;
use crate::service::ServiceError;
use crate::t;

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
        ServiceError::Illegal(why) => t!(lang, "error-illegal", why = why.as_str()),
        ServiceError::AlreadyApplied => t!(lang, "error-already-applied"),
        ServiceError::NotAMove => t!(lang, "error-not-a-move"),
        ServiceError::DrawLapsed => t!(lang, "error-draw-lapsed"),
        ServiceError::DeadlinePassed => t!(lang, "error-deadline-passed"),
        ServiceError::NoChallenge => t!(lang, "error-no-challenge"),
        ServiceError::NotAdmin => t!(lang, "error-not-admin"),
        ServiceError::BadOptions(text) => text.render(lang),
        ServiceError::Internal(_) => t!(lang, "error-internal"),
    }
}
