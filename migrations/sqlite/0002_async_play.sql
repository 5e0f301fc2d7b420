-- Asynchronous play over days: per-server settings, deadlines, reminders,
-- expiring challenges and draw offers.

-- Per-server settings, changed with /engarde-admin config. A server without a row
-- uses the defaults in src/service/settings.rs.
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    turn_seconds      INTEGER NOT NULL,   -- default time for each decision (600 to 1209600)
    challenge_seconds INTEGER NOT NULL,   -- an unanswered challenge expires after this
    threads           INTEGER NOT NULL,   -- 1: each match gets its own thread
    board_channel_id  INTEGER,            -- where boards go; NULL: where the challenge was made
    default_variant   TEXT    NOT NULL,
    updated_at        INTEGER NOT NULL,
    updated_by        INTEGER NOT NULL    -- the admin who last changed them
);

-- The time limit chosen for a challenge's match, and when the challenge expires.
ALTER TABLE challenges ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 172800;
ALTER TABLE challenges ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX challenges_expiry ON challenges (status, expires_at);

-- Each decision has a deadline; a player is reminded once per turn.
ALTER TABLE matches ADD COLUMN turn_seconds INTEGER NOT NULL DEFAULT 172800;
ALTER TABLE matches ADD COLUMN deadline_at INTEGER;          -- NULL once the match is over
ALTER TABLE matches ADD COLUMN reminded_version INTEGER;     -- the version whose reminder was sent
ALTER TABLE matches ADD COLUMN home_channel_id INTEGER;      -- the channel the challenge was made in
-- A pending draw offer: by which seat, at which version (a move withdraws it).
ALTER TABLE matches ADD COLUMN draw_offer_seat TEXT CHECK (draw_offer_seat IN ('a', 'b'));
ALTER TABLE matches ADD COLUMN draw_offer_version INTEGER;
CREATE INDEX matches_deadline ON matches (status, deadline_at);
