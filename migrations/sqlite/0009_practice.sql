-- Practice matches: one seat is the bot itself, playing at a level. Both columns are
-- NULL for a match between two people (every match stored so far). A practice match
-- is never rated and counts in no leaderboard, record or head-to-head.
ALTER TABLE matches ADD COLUMN practice_seat TEXT CHECK (practice_seat IN ('a', 'b'));  -- the bot's seat
ALTER TABLE matches ADD COLUMN practice_level TEXT;  -- easy | medium | hard (engarde_rules::Level)

-- The scheduler looks for practice matches awaiting the bot (after a restart, say).
CREATE INDEX matches_practice_active ON matches (status, id) WHERE practice_seat IS NOT NULL;
