-- One live board per match (boards edited in place, see docs/boards.md).
-- `narration`: the lines the match's live board shows above its prompt, in the server's
-- language: a board edited in place for the same player's next decision keeps the lines of
-- every decision it shows. `ended`: the board is the match's final one (an abort or a
-- forfeit ends a match at the turn of the board before it).
ALTER TABLE boards ADD COLUMN narration TEXT NOT NULL DEFAULT '';
ALTER TABLE boards ADD COLUMN ended BOOLEAN NOT NULL DEFAULT FALSE;

-- How a server's boards are drawn: 'picture' (the default, also when NULL) or 'text'.
ALTER TABLE guild_settings ADD COLUMN boards TEXT;
