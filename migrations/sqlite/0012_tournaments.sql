-- Tournaments (issue #27): a server's players meet in a Swiss or a round robin over days.
-- Each pairing is an ordinary match (matches.tournament_id and tournament_round say which
-- event and round it belongs to); the pairing keeps the result the event counts.

CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,          -- where the announcement and the podium are posted
    thread_id        INTEGER,                   -- the event's own thread (standings), once opened
    message_id       INTEGER,                   -- the announcement with Join / Leave, once posted
    name             TEXT    NOT NULL,
    variant          TEXT    NOT NULL,          -- e.g. engarde-standard
    options          TEXT    NOT NULL,          -- the rules options chosen, as JSON
    format           TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    rounds           INTEGER NOT NULL,          -- Swiss: rounds to play; round robin: set at the start
    double_rr        INTEGER NOT NULL DEFAULT 0, -- round robin: everyone twice, once on each side
    turn_seconds     INTEGER NOT NULL,          -- each match's time per decision
    round_seconds    INTEGER NOT NULL,          -- how long a round may last
    rated            INTEGER NOT NULL,          -- whether its matches change ratings
    max_players      INTEGER NOT NULL,
    signup_closes_at INTEGER NOT NULL,          -- sign-ups close (and the event starts) then
    state            TEXT    NOT NULL CHECK (state IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    current_round    INTEGER NOT NULL DEFAULT 0, -- 0 before the first round
    round_deadline   INTEGER,                   -- when the current round's time is up
    paused_at        INTEGER,                   -- when a pause began (state 'paused')
    paused_seconds   INTEGER NOT NULL DEFAULT 0, -- time spent paused so far, all pauses together
    away_allowed     INTEGER NOT NULL DEFAULT 0, -- whether players may take away time during it
    schedule         TEXT,                      -- round robin: every round's pairings, fixed at the start (JSON)
    created_by       INTEGER NOT NULL,
    interaction_id   INTEGER NOT NULL UNIQUE,   -- the command that made it (made once)
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE INDEX tournaments_by_state ON tournaments (state);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, state);

-- Who signed up: `player` is the sign-up order (the pairing crate's player id, from 1).
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player        INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    joined_round  INTEGER NOT NULL,             -- 0: before the start; else the first round they may play
    left_round    INTEGER,                      -- the round during which they left or were removed
    removed       INTEGER NOT NULL DEFAULT 0,   -- removed by a manager rather than left
    PRIMARY KEY (tournament_id, player),
    UNIQUE (tournament_id, user_id)
);

-- Rounds as they start and end.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    bye           INTEGER,                      -- the player sitting out (Swiss: one point)
    started_at    INTEGER NOT NULL,
    ended_at      INTEGER,
    PRIMARY KEY (tournament_id, round)
);

-- Pairings: `first` plays seat a. A pairing without a match is a forfeit (a player had
-- left); `outcome` is set when the round ends (or at once for a forfeit).
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,             -- 1, 2, … within the round
    first         INTEGER NOT NULL,
    second        INTEGER NOT NULL,
    match_id      INTEGER REFERENCES matches (id),
    outcome       TEXT CHECK (outcome IN ('first', 'second', 'draw', 'both_lose')),
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_pairings_by_match ON tournament_pairings (match_id);

ALTER TABLE matches ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);  -- NULL: not an event's
ALTER TABLE matches ADD COLUMN tournament_round INTEGER;

-- The role whose members may run tournaments, besides those who can manage the server.
ALTER TABLE guild_settings ADD COLUMN tournament_role INTEGER;
