-- Away time, quiet hours and per-user settings (issue #28).

-- Each user's own settings, the same in every server. A user without a row (or with a NULL
-- column) has the defaults: the Discord client's language, no quiet hours, digests on.
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    language    TEXT,                    -- a folder of locales/ (e.g. 'fr'); NULL: the client's locale
    quiet_hours TEXT,                    -- 'HH:MM-HH:MM' in `timezone`, e.g. '22:00-08:00'; NULL: none
    timezone    TEXT,                    -- an IANA time zone, e.g. 'Europe/Paris'; NULL: UTC
    digest      BOOLEAN NOT NULL DEFAULT TRUE, -- FALSE: one reminder per match, never grouped
    updated_at  INTEGER NOT NULL
);

-- Away periods, per server: while one runs, the player's clocks stop in that server's
-- matches (those with `away_allowed`), and they get no reminders. `ends_at` is the planned
-- end, brought forward by `/engarde away end`; `settled_at` is set once, when the period is
-- over and the deadlines of the decisions it overlapped have been moved by the overlap.
CREATE TABLE away_periods (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL,
    settled_at INTEGER
);
CREATE INDEX away_periods_by_user ON away_periods (guild_id, user_id, ends_at);
CREATE INDEX away_periods_unsettled ON away_periods (settled_at, ends_at);

-- How many days of away time a server allows per rolling 90 days; NULL: 14.
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER;

-- Whether away time moves this match's deadlines (tournament rounds may forbid it).
ALTER TABLE matches ADD COLUMN away_allowed BOOLEAN NOT NULL DEFAULT TRUE;
-- A board posted in its player's quiet hours named them without notifying them: the
-- turn's reminder (which pings) is due at `quiet_ping_at`, the end of those hours, if the
-- match is still at `quiet_ping_version`.
ALTER TABLE matches ADD COLUMN quiet_ping_at INTEGER;
ALTER TABLE matches ADD COLUMN quiet_ping_version INTEGER;
