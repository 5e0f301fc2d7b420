-- Costs that stay flat as the history grows (issue #41), as SQLite's migration 0017 (see
-- its comments). PostgreSQL's indexes name `id` where SQLite's carry the rowid, so that a
-- player's newest ended matches come in index order.

UPDATE matches SET finished_at = updated_at WHERE status <> 'active' AND finished_at IS NULL;

DROP INDEX IF EXISTS matches_by_guild_seat_a;
DROP INDEX IF EXISTS matches_by_guild_seat_b;
CREATE INDEX matches_by_guild_seat_a ON matches (guild_id, seat_a, finished_at, id);
CREATE INDEX matches_by_guild_seat_b ON matches (guild_id, seat_b, finished_at, id);


-- Reminders due and the next due moment, through the decisions still to remind: by the
-- moment half their time is up, and by the end of the quiet hours that held their ping.
CREATE INDEX matches_remind_at ON matches ((deadline_at - turn_seconds / 2))
    WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version);
CREATE INDEX matches_quiet_ping ON matches (quiet_ping_at)
    WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
      AND quiet_ping_at IS NOT NULL;

DROP INDEX IF EXISTS matches_by_guild_status;
CREATE INDEX matches_by_guild_updated ON matches (guild_id, updated_at, id);
CREATE INDEX matches_by_updated ON matches (updated_at);

DROP INDEX IF EXISTS challenges_pending;
DROP INDEX IF EXISTS challenges_expiry;
CREATE INDEX challenges_pending ON challenges (guild_id, challenger_id) WHERE status = 'pending';
CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'pending';

-- A finished match's action log folded into one row once the match has been over for a
-- while, as SQLite's migration 0017 (see its comments).
CREATE TABLE match_logs (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id),
    actions  TEXT   NOT NULL             -- the logged actions, in order, one per line
);
ALTER TABLE matches ADD COLUMN log_folded BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX matches_to_fold ON matches (finished_at) WHERE finished_at IS NOT NULL AND NOT log_folded;

-- Running totals of each player's record for `/engarde stats`, as SQLite's migration 0017.
CREATE TABLE player_summaries (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    through_at BIGINT NOT NULL,        -- the end time of the last ended match counted
    through_id BIGINT NOT NULL,        -- and its id
    counted    BIGINT NOT NULL,        -- ended matches counted (aborted and practice ones too)
    summary    TEXT   NOT NULL,        -- the running totals as JSON (service::summary)
    PRIMARY KEY (guild_id, user_id)
);
