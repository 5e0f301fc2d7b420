-- One owner for every board (docs/reliability.md, "Publishing boards").
--
-- What Discord owes each match: its board as of `version` (a new board, or the live one
-- edited in place), the boards before it retired, and the match's thread opened if it has
-- none. One row per match, written by the triggers below in the statement that changes the
-- match (a new match, a move, an end), so in the same transaction as the decision; deleted
-- once that board is on Discord and noted (`boards`). No rendered text: the board is drawn
-- from the match at publish time, in the server's language.
CREATE TABLE board_outbox (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    version  INTEGER NOT NULL,              -- the match version whose board is owed
    ended    BOOLEAN NOT NULL               -- the match's final board (an abort keeps the version)
);

CREATE TRIGGER board_owed_when_made AFTER INSERT ON matches
BEGIN
    INSERT INTO board_outbox (match_id, version, ended) VALUES (NEW.id, NEW.version, NEW.status <> 'active')
    ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, ended = excluded.ended;
END;

CREATE TRIGGER board_owed_when_changed AFTER UPDATE OF version, status ON matches
WHEN NEW.version <> OLD.version OR NEW.status <> OLD.status
BEGIN
    INSERT INTO board_outbox (match_id, version, ended) VALUES (NEW.id, NEW.version, NEW.status <> 'active')
    ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, ended = excluded.ended;
END;

-- Boards owed when this version is installed (the derivation it replaces).
INSERT INTO board_outbox (match_id, version, ended)
SELECT m.id, m.version, FALSE FROM matches m
WHERE m.status = 'active'
  AND NOT EXISTS (SELECT 1 FROM boards b WHERE b.match_id = m.id AND b.turn >= m.version);

-- Every message with game buttons the bot posted for a match, noted once its id is known.
-- The match's current board (`boards`) is one of them; every other one whose buttons are
-- still on is owed a retirement, retried until done.
CREATE TABLE board_messages (
    message_id INTEGER PRIMARY KEY,
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    channel_id INTEGER NOT NULL,
    turn       INTEGER NOT NULL,            -- the match version it shows (the latest edit's)
    buttons    BOOLEAN NOT NULL             -- whether its buttons are still on
);
CREATE INDEX board_messages_with_buttons ON board_messages (match_id) WHERE buttons;

INSERT INTO board_messages (message_id, match_id, channel_id, turn, buttons)
SELECT message_id, match_id, channel_id, turn, TRUE FROM boards;

-- Who publishes the boards of each shard's servers: the process running the shard, which
-- renews its lease while it lives; a lease that lapsed (a process gone for good) is taken
-- over by another process until the shard's own process takes it back.
CREATE TABLE publish_leases (
    shard_count INTEGER NOT NULL,
    shard       INTEGER NOT NULL,
    holder      TEXT NOT NULL,              -- the process (an id drawn at its start)
    expires_at  INTEGER NOT NULL,           -- unix seconds
    PRIMARY KEY (shard_count, shard)
);
