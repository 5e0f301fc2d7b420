-- Leaderboard seasons (src/service/seasons.rs). A server's seasons never overlap: a rated
-- match counts in the season whose [starts_at, ends_at) holds the moment it ended. A
-- season's ratings live beside the all-time ones, in `ratings` and `rating_changes`, under
-- the scope 'season:<season id>:<game or variant>' (e.g. 'season:3:engarde'), so that the
-- all-time ratings never change and `engarde ratings rebuild` replays both.

-- How a server runs its seasons. A server without a row has none (or runs them by hand).
CREATE TABLE guild_seasons (
    guild_id   INTEGER PRIMARY KEY,
    mode       TEXT    NOT NULL CHECK (mode IN ('off', 'monthly', 'quarterly')),
    updated_at INTEGER NOT NULL,
    updated_by INTEGER NOT NULL              -- the admin who chose it
);

CREATE TABLE seasons (
    id           INTEGER PRIMARY KEY,          -- numbered one past the last by the bot
    guild_id     INTEGER NOT NULL,
    name         TEXT    NOT NULL,             -- '2026-11', '2026-Q4', or an admin's name
    kind         TEXT    NOT NULL CHECK (kind IN ('manual', 'monthly', 'quarterly')),
    starts_at    INTEGER NOT NULL,             -- unix seconds, included
    ends_at      INTEGER,                      -- unix seconds, excluded; NULL: started by hand, still open
    announced_at INTEGER,                      -- when its podium was claimed for posting (once)
    UNIQUE (guild_id, name)
);

-- A server's seasons by time (the season of a match, the current one).
CREATE INDEX seasons_by_guild ON seasons (guild_id, starts_at);
-- Ended seasons whose podium is still to post (the scheduler).
CREATE INDEX seasons_to_announce ON seasons (ends_at) WHERE announced_at IS NULL;
