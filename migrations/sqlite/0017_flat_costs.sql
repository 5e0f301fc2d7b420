-- Costs that stay flat as the history grows (issue #41). Every query the bot runs day to
-- day finds its rows through an index that holds only what it needs, whatever the number
-- of finished matches (tests/scale.rs explains each one):
--
-- * A player's ended matches, newest first (history, stats): by server, seat and end time,
--   so that `/engarde history` reads its ten matches and no more. A match has an end time
--   exactly when it is over (finished or aborted); the few ended before `finished_at` was
--   always set get their last change as their end, as every reader already took it.
-- * Decisions still to remind (reminders due, the next due moment), by the moment half
--   their time is up, or by the end of the quiet hours that held their ping: partial
--   indexes, of matches in play only. Matches in play by deadline stay as they were
--   (`matches_deadline`: status, deadline).
-- * Recent changes (boards owed after a restart or a failed post): by `updated_at`.
-- * A server's matches by last change (the channel a season's podium goes to).
-- * Pending challenges (expiries, a pending challenge between two players): pending ones
--   only; an accepted challenge is no longer in those indexes.

UPDATE matches SET finished_at = updated_at WHERE status <> 'active' AND finished_at IS NULL;

DROP INDEX IF EXISTS matches_by_guild_seat_a;
DROP INDEX IF EXISTS matches_by_guild_seat_b;
CREATE INDEX matches_by_guild_seat_a ON matches (guild_id, seat_a, finished_at);
CREATE INDEX matches_by_guild_seat_b ON matches (guild_id, seat_b, finished_at);


-- Reminders due and the next due moment, through the decisions still to remind: by the
-- moment half their time is up, and by the end of the quiet hours that held their ping.
CREATE INDEX matches_remind_at ON matches ((deadline_at - turn_seconds / 2))
    WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version);
CREATE INDEX matches_quiet_ping ON matches (quiet_ping_at)
    WHERE status = 'active' AND (reminded_version IS NULL OR reminded_version <> version)
      AND quiet_ping_at IS NOT NULL;

DROP INDEX IF EXISTS matches_by_guild_status;
CREATE INDEX matches_by_guild_updated ON matches (guild_id, updated_at);
CREATE INDEX matches_by_updated ON matches (updated_at);

DROP INDEX IF EXISTS challenges_pending;
DROP INDEX IF EXISTS challenges_expiry;
CREATE INDEX challenges_pending ON challenges (guild_id, challenger_id) WHERE status = 'pending';
CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'pending';

-- A finished match needs its record, not a row per action: once a match has been over for
-- a while (a week: see `service::archive`), its action log is folded into one row of
-- `match_logs`, its actions in order, one per line, each exactly as `match_actions.action`
-- held it, and its rows in `match_actions` go (with their interaction ids, which only
-- guard against an interaction delivered twice, in the minutes after it). Its record is
-- rebuilt from its state and this log as before and replays to the same match. About two
-- thirds less database per finished match. `log_folded` marks a match whose log is
-- folded; the matches still to fold are found through their own small index.
CREATE TABLE match_logs (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    actions  TEXT    NOT NULL            -- the logged actions, in order, one per line
);
ALTER TABLE matches ADD COLUMN log_folded BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX matches_to_fold ON matches (finished_at) WHERE finished_at IS NOT NULL AND NOT log_folded;

-- `/engarde stats` counts a player's whole record (wins, streaks, rounds by how, favourite
-- variant): instead of reading every ended match of theirs each time, it keeps running
-- totals here, and adds the matches that ended since (`through_at`, `through_id`: the last
-- one counted; `counted`: how many are). A summary that disagrees with the count of the
-- player's ended matches is made again from them. It is derived data: deleting a row only
-- makes the next `stats` count from the start.
CREATE TABLE player_summaries (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    through_at INTEGER NOT NULL,       -- the end time of the last ended match counted
    through_id INTEGER NOT NULL,       -- and its id
    counted    INTEGER NOT NULL,       -- ended matches counted (aborted and practice ones too)
    summary    TEXT    NOT NULL,       -- the running totals as JSON (service::summary)
    PRIMARY KEY (guild_id, user_id)
);
