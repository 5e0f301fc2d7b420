-- Many games, one bot: every match names its game, which decides how its state and
-- its log are read (`engarde_rules::Game`). Every match stored so far is an En Garde
-- or Kengo match, whose state and log stay exactly as they were.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'engarde';  -- engarde | forteresse | …
