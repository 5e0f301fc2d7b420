-- Server leaderboards: Glicko-2 ratings, updated in the transaction that ends a match.
-- A player has one rating per server for all variants together (scope 'all') and one
-- per server and variant (scope = the variant's name, e.g. 'engarde-standard').

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    scope      TEXT    NOT NULL,            -- 'all', or a variant name
    user_id    INTEGER NOT NULL,
    rating     REAL    NOT NULL,            -- Glicko-2 rating on the Glicko scale (new players 1500)
    deviation  REAL    NOT NULL,            -- rating deviation (new players 350); provisional while high
    volatility REAL    NOT NULL,            -- Glicko-2 volatility (new players 0.06)
    games      INTEGER NOT NULL,            -- rated matches: finished, not aborted
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,            -- forfeits by timeout and resignations included
    draws      INTEGER NOT NULL,            -- agreed draws
    updated_at INTEGER NOT NULL,            -- when the last rated match ended
    PRIMARY KEY (guild_id, scope, user_id)
);

-- Every rating update, in the order it was applied (id): two rows per scope for each
-- rated match. `engarde ratings rebuild` replays the matches in this order.
CREATE TABLE rating_changes (
    id                INTEGER PRIMARY KEY,
    match_id          INTEGER NOT NULL REFERENCES matches (id),
    guild_id          INTEGER NOT NULL,
    scope             TEXT    NOT NULL,
    user_id           INTEGER NOT NULL,
    score             REAL    NOT NULL CHECK (score IN (0, 0.5, 1)),  -- 1 won, 0.5 drawn, 0 lost
    rating_before     REAL    NOT NULL,
    deviation_before  REAL    NOT NULL,
    volatility_before REAL    NOT NULL,
    rating_after      REAL    NOT NULL,
    deviation_after   REAL    NOT NULL,
    volatility_after  REAL    NOT NULL,
    UNIQUE (match_id, scope, user_id)
);

-- Finished matches of a player, newest first (history and stats).
CREATE INDEX matches_by_guild_seat_a ON matches (guild_id, seat_a, status);
CREATE INDEX matches_by_guild_seat_b ON matches (guild_id, seat_b, status);
