-- Ratings per game: a player's overall rating (scope 'all', every variant together) becomes
-- one per game, named by the game ('engarde', 'forteresse', …), beside the one per variant.
-- Every match rated so far is an En Garde or Kengo match, so 'all' is En Garde's.
UPDATE ratings SET scope = 'engarde' WHERE scope = 'all';
UPDATE rating_changes SET scope = 'engarde' WHERE scope = 'all';
