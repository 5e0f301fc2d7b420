-- The servers' languages. `language`: the one an admin chose for public messages (a
-- folder of locales/, e.g. 'fr'); NULL: the server's Discord locale, else English.
ALTER TABLE guild_settings ADD COLUMN language TEXT;

-- The Discord locale each server reported last (its "preferred locale"), kept so that
-- messages posted without an interaction (deadlines, reminders) speak it too.
CREATE TABLE guild_locales (
    guild_id   BIGINT PRIMARY KEY,
    locale     TEXT    NOT NULL,
    updated_at BIGINT NOT NULL
);
