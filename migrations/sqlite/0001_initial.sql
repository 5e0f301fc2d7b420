-- En Garde for Discord: initial schema.
-- Discord ids (snowflakes) are stored as INTEGER; times as unix seconds (UTC).

-- Players seen in each server, with the name shown on boards.
CREATE TABLE players (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,            -- display name when last seen
    first_seen INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

-- Matches: the rules state (with its format version) and optimistic concurrency.
CREATE TABLE matches (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,          -- where boards are posted: the match thread or the channel
    seat_a       INTEGER NOT NULL,          -- the challenger's user id
    seat_b       INTEGER NOT NULL,          -- the challenged user's id
    variant      TEXT    NOT NULL,          -- e.g. engarde-standard
    state        TEXT    NOT NULL,          -- engarde_rules::Setup as JSON (secret: hands, pile, seed)
    state_format INTEGER NOT NULL,          -- engarde_rules::STATE_FORMAT of `state`
    version      INTEGER NOT NULL,          -- actions applied so far; every update checks it
    status       TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
    winner       TEXT    CHECK (winner IN ('a', 'b')),  -- NULL while active, for a draw, or aborted
    end_reason   TEXT    CHECK (end_reason IN ('hits', 'resign', 'timeout', 'draw', 'aborted')),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    finished_at  INTEGER
);
CREATE INDEX matches_by_guild_status ON matches (guild_id, status);

-- Every action applied, in order: with the match's set-up it is the match record.
CREATE TABLE match_actions (
    match_id       INTEGER NOT NULL REFERENCES matches (id),
    turn           INTEGER NOT NULL,        -- 0-based index in the record's actions
    seat           TEXT    NOT NULL CHECK (seat IN ('a', 'b')),
    action         TEXT    NOT NULL,        -- the action as in a match record, e.g. {"seat":"a","advance":3}
    user_id        INTEGER NOT NULL,
    interaction_id INTEGER UNIQUE,          -- the Discord interaction that applied it (applied once)
    created_at     INTEGER NOT NULL,
    PRIMARY KEY (match_id, turn)
);

-- Challenges, from the slash command to their answer.
CREATE TABLE challenges (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    challenger_id  INTEGER NOT NULL,
    challenged_id  INTEGER NOT NULL,
    variant        TEXT    NOT NULL,
    options        TEXT    NOT NULL,        -- engarde_rules::OptionOverrides as JSON
    status         TEXT    NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
    message_id     INTEGER,                 -- the public challenge message, once posted
    interaction_id INTEGER NOT NULL UNIQUE, -- the slash command that made it (made once)
    match_id       INTEGER REFERENCES matches (id),
    created_at     INTEGER NOT NULL,
    answered_at    INTEGER
);
CREATE INDEX challenges_pending ON challenges (guild_id, status);

-- Public board messages posted for each match, one per turn.
CREATE TABLE boards (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    turn       INTEGER NOT NULL,            -- the match version the board shows
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    posted_at  INTEGER NOT NULL,
    PRIMARY KEY (match_id, turn)
);
