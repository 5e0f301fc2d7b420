-- Practice matches against the bot's own opponent (as SQLite's migration 0009): the seat
-- the bot plays and its level; NULL for a match between two people.
ALTER TABLE matches ADD COLUMN practice_seat TEXT CHECK (practice_seat IN ('a', 'b'));
ALTER TABLE matches ADD COLUMN practice_level TEXT;
CREATE INDEX matches_practice_active ON matches (status, id) WHERE practice_seat IS NOT NULL;
