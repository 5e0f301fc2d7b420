-- Many games, one bot: every match names its game, which decides how its state and
-- its log are read (`engarde_rules::Game`). Every match stored so far is an En Garde
-- or Kengo match, whose state and log stay exactly as they were.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'engarde';  -- engarde | forteresse | …
-- end_reason keeps its values: 'hits' now reads "played to the game's own end" (En Garde's
-- hits, Forteresse's points), with no winner for a draw played out; 'draw' is an agreed draw.
