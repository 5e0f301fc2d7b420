-- The challenge that began a match, found from the match: when a crash kept a challenged
-- match's first board from its own thread, the thread is opened (or found, if it was
-- opened and not stored) from the challenge's message (src/service/tournament/place.rs,
-- `BoardPlace::ChallengeThread`).
CREATE INDEX challenges_by_match ON challenges (match_id) WHERE match_id IS NOT NULL;
